"""``rocmdesk inspect``: turn output pasted from another machine into the same GPU records as ``detect``."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from rocmdesk.machine.model import Gpu


def _gpus_from_rocminfo(report: Any) -> list[Gpu]:
    from rocmdesk import knowledge
    from rocmdesk.machine.names import marketing_name

    gpus: list[Gpu] = []
    for agent in report.gpus:
        device_id = f"{agent.chip_id:04x}" if agent.chip_id else None
        entry = knowledge.device(device_id) if device_id else None
        # under an override the agent's Name is the forced target; the chip id tells the silicon
        gfx = entry.gfx if entry is not None and entry.gfx else agent.gfx_reported
        name = (agent.marketing_name or "").strip() or None
        name_source = "rocminfo" if name else None
        if name is None:
            name, name_source = marketing_name(None, device_id, None)
        gpu = Gpu(
            index=len(gpus),
            name=name,
            gfx=gfx,
            gfx_reported=agent.gfx_reported,
            device_id=device_id,
            revision=None,
            pci_slot=agent.pci_slot,
            vram_total_bytes=agent.vram_kb * 1024 if agent.vram_kb else None,
            kfd_node=agent.node,
            apu=(entry.kind == "apu") if entry is not None else None,
            gfx_source="device_id" if entry is not None and entry.gfx else "rocminfo",
            name_source=name_source,
            family=entry.family if entry is not None else None,
        )
        if gpu.gfx:
            gpu.support = knowledge.support_for(gpu.gfx)
        gpus.append(gpu)
    return gpus


def inspect_text(data: bytes | str, label: str) -> dict[str, Any]:
    """Recognize the format of ``data`` and return a JSON-ready summary; raises FormatError."""
    from rocmdesk import formats

    text = formats.decode_input(data) if isinstance(data, bytes) else data
    fmt = formats.sniff(text)
    parsed = formats.parse(text, fmt)
    result: dict[str, Any] = {"input": label, "format": fmt, "gpus": [], "other_agents": [], "warnings": []}
    if fmt == "rocminfo":
        result["runtime_version"] = parsed.runtime_version
        result["gpus"] = [asdict(g) for g in _gpus_from_rocminfo(parsed)]
        result["other_agents"] = [
            {"name": (a.marketing_name or a.name), "kind": a.device_type, "node": a.node}
            for a in parsed.agents
            if a.device_type != "GPU"
        ]
        result["error"] = asdict(parsed.error) if parsed.error else None
        result["truncated"] = parsed.truncated
        result["warnings"] = list(parsed.warnings)
        for g in result["gpus"]:
            if g["gfx_reported"] and g["gfx"] and g["gfx_reported"] != g["gfx"]:
                result["warnings"].append(
                    f"GPU {g['index']} is a {g['gfx']} that reports {g['gfx_reported']}: "
                    "HSA_OVERRIDE_GFX_VERSION was in effect"
                )
    elif fmt in ("rocm-smi", "amd-smi"):
        from rocmdesk.formats.rocm_smi import gpus_from_smi

        result["kind"] = parsed.kind
        result["version"] = dict(parsed.version)
        result["gpus"] = gpus_from_smi(parsed)
        result["processes"] = list(parsed.processes)
        result["truncated"] = parsed.truncated
        result["error"] = {"kind": "tool-error", "message": "; ".join(parsed.errors)} if parsed.errors else None
        result["warnings"] = list(parsed.warnings)
    return result
