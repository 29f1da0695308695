"""Detect: one read-only pass over a machine that yields its ``MachineReport``."""

from __future__ import annotations

import re

from rocmdesk.i18n import translate
from rocmdesk.machine.gpus import build_gpus, read_cards
from rocmdesk.machine.host import Host
from rocmdesk.machine.kfd import read_nodes
from rocmdesk.machine.model import Agent, Gpu, MachineReport
from rocmdesk.machine.names import system_table
from rocmdesk.machine.system import read_access, read_kernel, read_os, read_rocm

OVERRIDE_VAR = "HSA_OVERRIDE_GFX_VERSION"
_PER_NODE = re.compile(rf"^{OVERRIDE_VAR}_(\d+)$")


def _source(host: Host, meta: dict | None) -> str:
    if host.simulated:
        return f"simulated:{meta.get('name') if meta else host.label}"
    if host.live:
        return "live"
    named = host.label and host.label != str(host.root)  # a snapshot (rocmdesk capture) names itself
    return f"root:{host.label if named else host.root}"


def _sim_metadata(host: Host) -> dict | None:
    if not host.simulated:
        return None
    from rocmdesk.machine.simcache import sim_metadata

    return sim_metadata(host.root)


def override_for(gpu: Gpu, env: dict[str, str]) -> str | None:
    """The override the runtime applies to this GPU: the per-node form wins over the global one."""
    if gpu.kfd_node is not None:
        per_node = env.get(f"{OVERRIDE_VAR}_{gpu.kfd_node}")
        if per_node:
            return per_node
    return env.get(OVERRIDE_VAR) or None


def detect(host: Host) -> MachineReport:
    from rocmdesk import knowledge

    meta = _sim_metadata(host)
    report = MachineReport(source=_source(host, meta), simulated=host.simulated)
    report.knowledge_as_of = knowledge.as_of()
    env = dict(host.env)
    if meta and isinstance(meta.get("env"), dict):
        env.update({str(k): str(v) for k, v in meta["env"].items()})
    report.override_env = {k: v for k, v in env.items() if k == OVERRIDE_VAR or _PER_NODE.match(k)}

    report.os = read_os(host)
    report.kernel = read_kernel(host)
    report.rocm = read_rocm(host)

    nodes = read_nodes(host)
    cards = read_cards(host)
    report.gpus = build_gpus(cards, nodes, system_table(host))
    if nodes is not None:
        for n in nodes:
            if not n.is_gpu:
                report.other_agents.append(Agent(name=n.name or None, kind="CPU", node=n.node))
    cpu_name = _cpu_model(host)
    for agent in report.other_agents:
        if agent.kind == "CPU" and not agent.name:
            agent.name = cpu_name

    _apply_rocminfo(host, report)
    for gpu in report.gpus:
        value = override_for(gpu, env)
        if gpu.gfx_reported is None:
            forced = knowledge.gfx_from_override(value) if value else None
            # without a runtime to ask, the override is what the runtime would report
            gpu.gfx_reported = forced or gpu.gfx
        if gpu.gfx:
            gpu.support = knowledge.support_for(gpu.gfx, report.rocm.primary_version)
        if value and knowledge.gfx_from_override(value) is None:
            report.warnings.append(translate(
                "rocmdesk.machine.detect",
                "{setting} is not a valid major.minor.stepping target; the runtime will refuse it",
            ).format(setting=f"{OVERRIDE_VAR}={value!r}"))

    user = meta.get("user") if meta else host.user_name()
    session = meta.get("session_groups") if meta else None
    overrides = meta.get("device_nodes") if meta else None
    renders = [g.render_node for g in report.gpus if g.render_node]
    report.access = read_access(host, user, session, overrides, renders)
    report.warnings.extend(_warnings(report, nodes is not None, cards))
    return report


def _cpu_model(host: Host) -> str | None:
    text = host.read_text("/proc/cpuinfo", limit=65536) or ""
    m = re.search(r"^model name\s*:\s*(.+)$", text, re.M)
    return m.group(1).strip() if m else None


def _apply_rocminfo(host: Host, report: MachineReport) -> None:
    """What the runtime itself reports, when rocminfo is there to ask."""
    if not host.which("rocminfo"):
        return
    from rocmdesk.formats.errors import FormatError
    from rocmdesk.formats.rocminfo import parse_rocminfo

    res = host.run(["rocminfo"], timeout=20)
    text = res.stdout + ("\n" + res.stderr if res.stderr else "")
    if res.timed_out:
        report.rocm.rocminfo_error = res.error
        report.warnings.append(translate("rocmdesk.machine.detect", "rocminfo did not answer: {error}").format(
            error=res.error))
        return
    try:
        parsed = parse_rocminfo(text)
    except FormatError as exc:
        report.rocm.rocminfo_error = str(exc)
        return
    if parsed.error is not None:
        report.rocm.rocminfo_error = parsed.error.message
        return
    agents = [a for a in parsed.agents if a.device_type == "GPU"]
    by_slot = {a.pci_slot: a for a in agents if a.pci_slot}
    for gpu, agent in zip(report.gpus, agents):
        match = by_slot.get(gpu.pci_slot[5:] if gpu.pci_slot else None) or agent
        if match.gfx_reported:
            gpu.gfx_reported = match.gfx_reported
    others = [a for a in parsed.agents if a.device_type not in ("GPU", "CPU")]
    for a in others:
        report.other_agents.append(Agent(name=a.marketing_name or a.name, kind=a.device_type or "other", node=a.node))


def _warnings(report: MachineReport, has_kfd: bool, cards: list) -> list[str]:
    out: list[str] = []
    if report.gpus and not has_kfd:
        if report.kernel.amdgpu_loaded:
            out.append(translate("rocmdesk.machine.detect", "amdgpu is loaded but /sys/class/kfd is missing: the "
                                 "kernel was built without HSA_AMD, or this is a container without the KFD"))
        else:
            out.append(translate("rocmdesk.machine.detect", "no KFD topology: the amdgpu kernel driver is not loaded, "
                                 "so ROCm cannot see the GPU"))
    # an iGPU beside a dGPU is the advice's to speak of (rocmdesk.advice: which GPUs are used, and the one
    # variable that hides the rest, numbered in the runtime's order): the machine layer only reports the facts
    for gpu in report.gpus:
        if gpu.runtime_status == "suspended":
            out.append(translate("rocmdesk.machine.detect", "GPU {index} is runtime-suspended; its live metrics are "
                                 "not read so as not to wake it").format(index=gpu.index))
        if gpu.gfx is None:
            out.append(translate("rocmdesk.machine.detect", "GPU {index} (device {device}): gfx target unknown").format(
                index=gpu.index, device=gpu.device_id or translate("rocmdesk.machine.detect", "unknown")))
    if report.rocm.residue:
        out.append(translate("rocmdesk.machine.detect", "traces of another ROCm version: {evidence}").format(
            evidence=translate("rocmdesk.machine.detect", "; ").join(report.rocm.residue)))
    if report.access.needs_relogin:
        out.append(translate("rocmdesk.machine.detect", "you were added to the GPU groups but this session predates "
                             "it: log out and in again (or run `newgrp render`)"))
    return out
