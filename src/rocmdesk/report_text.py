"""Human-readable text for the CLI: a short table and one verdict line per GPU."""

from __future__ import annotations

from typing import Any

from rocmdesk.machine.model import Gpu, MachineReport

STATUS_WORDS = {
    "supported": "supported",
    "override": "needs an override",
    "risky": "risky",
    "unsupported": "unsupported",
    "unknown": "unknown",
}


def _gib(n: int | None) -> str:
    if not n:
        return "-"
    return f"{n / 2**30:.1f} GiB" if n >= 2**30 else f"{n / 2**20:.0f} MiB"


def _table(rows: list[list[str]]) -> str:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return "".join("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() + "\n" for r in rows)


def verdict_line(gpu: Gpu) -> str:
    """e.g. 'AMD Radeon RX 6600 XT · gfx1032 · not on AMD's list; runs with HSA_OVERRIDE_GFX_VERSION=10.3.0 ...'"""
    name = gpu.name or f"AMD GPU {gpu.device_id or '?'}"
    gfx = gpu.gfx or "gfx unknown"
    if gpu.gfx_reported and gpu.gfx and gpu.gfx_reported != gpu.gfx:
        gfx = f"{gpu.gfx} (runtime reports {gpu.gfx_reported})"
    reason = gpu.support.reason if gpu.support else "no verdict: the gfx target is unknown"
    return f"{name} · {gfx} · {reason}"


def format_report(report: MachineReport) -> str:
    out: list[str] = []
    if report.simulated:
        out.append(f"SIMULATED MACHINE ({report.source.removeprefix('simulated:')}) - not this computer\n\n")
    if report.gpus:
        rows = [["#", "GPU", "gfx", "VRAM", "PCI", "kind", "verdict"]]
        for g in report.gpus:
            kind = {"instinct": "Instinct", "pro": "PRO"}.get(g.kind or "", "APU" if g.apu else ("discrete" if g.apu is False else "-"))
            if g.partition is not None:
                kind = f"partition {g.partition}"
            status = STATUS_WORDS.get(g.support.status, g.support.status) if g.support else "unknown"
            rows.append([str(g.index), g.name or "-", g.gfx or "?", _gib(g.vram_total_bytes),
                         g.pci_slot or "-", kind, status])
        out.append(_table(rows))
        out.append("\n")
        for g in report.gpus:
            out.append(f"GPU {g.index}: {verdict_line(g)}\n")
    else:
        out.append("No AMD GPU found. Try a simulated machine: rocmdesk simulate list\n")
    os_ = report.os
    out.append("\n")
    facts = [
        ["OS", f"{os_.pretty_name or os_.id or 'unknown'}"
               + (f" ({os_.codename})" if os_.codename and os_.codename not in (os_.pretty_name or "") else "")
               + (f"; AMD repos: {os_.repo_codename}" if os_.repo_codename else "; no AMD repository for this OS")
               + (" [WSL]" if os_.wsl else "") + (f" [container: {os_.container}]" if os_.container else "")],
        ["Kernel", f"{report.kernel.release or 'unknown'}; amdgpu "
                   + {True: "loaded", False: "not loaded", None: "unknown"}[report.kernel.amdgpu_loaded]],
        ["ROCm", _rocm_line(report)],
        ["Access", _access_line(report)],
    ]
    out.append(_table(facts))
    if report.override_env:
        out.append("Override in effect: " + ", ".join(f"{k}={v}" for k, v in report.override_env.items()) + "\n")
    for w in report.warnings:
        out.append(f"warning: {w}\n")
    if report.knowledge_as_of:
        out.append(f"(support facts as of {report.knowledge_as_of})\n")
    return "".join(out)


def _rocm_line(report: MachineReport) -> str:
    r = report.rocm
    if r.primary_version:
        text = f"{r.primary_version} installed"
    elif r.installed:
        text = "trees in /opt: " + ", ".join(i.path for i in r.installed)
    else:
        text = "not installed (PyTorch's ROCm wheels bring their own; only the driver is needed)"
    if r.residue:
        text += f"; residue: {len(r.residue)} item(s)"
    return text


def _access_line(report: MachineReport) -> str:
    a = report.access
    if a.kfd is None or not a.kfd.present:
        return "/dev/kfd missing"
    parts = [f"/dev/kfd {a.kfd.mode or ''} {a.kfd.owner or '?'}:{a.kfd.group or '?'}".replace("  ", " ")]
    if a.kfd.opens_rw is not None:
        parts.append("opens" if a.kfd.opens_rw else f"does not open ({a.kfd.open_error})")
    if a.missing_groups:
        parts.append(f"{a.user} is not in: {', '.join(a.missing_groups)}")
    if a.needs_relogin:
        parts.append("log out and in again to pick up the new groups")
    if a.ok:
        parts.append("OK")
    return "; ".join(parts)


def format_inspection(result: dict[str, Any]) -> str:
    out = [f"{result.get('input')}: {result.get('format')}\n"]
    err = result.get("error")
    if err:
        out.append(f"  error: {err.get('kind')}: {err.get('message')}\n")
    for g in result.get("gpus", []):
        gfx = g.get("gfx") or "?"
        if g.get("gfx_reported") and g.get("gfx_reported") != g.get("gfx"):
            gfx = f"{gfx} (reported {g['gfx_reported']})"
        reason = (g.get("support") or {}).get("reason") or "no verdict"
        out.append(f"  GPU {g['index']}: {g.get('name') or '-'} · {gfx} · {reason}\n")
    for a in result.get("other_agents", []):
        out.append(f"  {a.get('kind')}: {a.get('name') or '-'}\n")
    for w in result.get("warnings", []):
        out.append(f"  warning: {w}\n")
    return "".join(out)
