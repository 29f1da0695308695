"""The GPU findings: unsupported, needs an override, an override that is needless, risky or global on mixed GPUs,
an iGPU beside a dGPU.  None is decided here: each renders rocmdesk's one advice (``rocmdesk.advice``) for the
machine, so the Doctor cites the same ROCm release, override, variable and device number as ``detect`` and every
page.

Shared by the live machine (its ``MachineReport`` with the advice attached) and pasted text (the GPU records
``inspect`` makes of rocminfo, rocm-smi, amd-smi or lspci, built into a ``MachineReport`` here: the override in
effect is the one the runtime's report betrays, reported != physical gfx).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Mapping

from rocmdesk.doctor.catalogue import finding
from rocmdesk.doctor.model import Finding
from rocmdesk.i18n import translate
from rocmdesk.machine.model import Gpu, MachineReport

OVERRIDE_VAR = "HSA_OVERRIDE_GFX_VERSION"
VISIBILITY_VAR = "ROCR_VISIBLE_DEVICES"


@dataclass
class GpuView:
    index: int
    name: str | None
    gfx: str | None  # physical target
    gfx_reported: str | None
    apu: bool | None
    kfd_node: int | None
    override: str | None  # the HSA_OVERRIDE_GFX_VERSION in effect for it, when known

    @property
    def label(self) -> str:
        gfx = self.gfx or translate("rocmdesk.doctor.gpu_checks", "gfx unknown")
        return f"GPU {self.index} {self.name or ''} ({gfx})".replace("  ", " ")


def view(gpu: Any, override: str | None = None) -> GpuView:
    get = gpu.get if isinstance(gpu, Mapping) else (lambda k: getattr(gpu, k, None))
    apu = get("apu")
    if apu is None and get("kind") == "apu":
        apu = True
    return GpuView(int(get("index") or 0), get("name"), get("gfx"), get("gfx_reported"), apu, get("kfd_node"), override)


# --- a paste as a machine ------------------------------------------------------------------------------------

_GPU_FIELDS = {f.name for f in fields(Gpu)} - {"support", "advice"}


def paste_report(gpus: list[Any], label: str) -> MachineReport:
    """The GPUs of a paste (``inspect``'s records, or ``Gpu``s) as a machine report with its advice attached, in
    the context of a machine rocmdesk knows nothing else of: no ROCm installed, no amdgpu-dkms, and as override
    variables the ones the runtime's report betrays: one value on every GPU is the global
    ``HSA_OVERRIDE_GFX_VERSION``, otherwise the per-GPU form of each KFD node (as ``rocmdesk inspect`` reads it)."""
    from rocmdesk.advice import attach, overrides_betrayed

    records: list[Gpu] = []
    for g in gpus:
        raw = dict(g) if isinstance(g, Mapping) else {k: getattr(g, k, None) for k in _GPU_FIELDS}
        kw = {k: v for k, v in raw.items() if k in _GPU_FIELDS}
        kw.setdefault("index", len(records))
        for k in ("name", "gfx", "gfx_reported", "device_id", "revision", "pci_slot", "vram_total_bytes",
                  "kfd_node", "apu"):
            kw.setdefault(k, None)
        records.append(Gpu(**kw))
    env = overrides_betrayed(records)
    report = MachineReport(source=f"paste:{label}", simulated=False, gpus=records, override_env=env)
    attach(report)
    return report


# --- the findings --------------------------------------------------------------------------------------------


def _in_effect(g: Gpu, var: str, value: str) -> str:
    if g.gfx_reported and g.gfx and g.gfx_reported != g.gfx:
        return translate("rocmdesk.doctor.gpu_checks",
                         "{gpu}: {var}={value} in effect (it reports {reported})").format(
            gpu=view(g).label, var=var, value=value, reported=g.gfx_reported)
    return translate("rocmdesk.doctor.gpu_checks", "{gpu}: {var}={value} in effect").format(
        gpu=view(g).label, var=var, value=value)


def _advised(g: Gpu) -> str | None:
    """The advised path for ``g`` in words ("AMD's wheels at https://…"), with the override it needs there."""
    from rocmdesk.advice import path_name

    ga = g.advice
    if ga is None or ga.path is None:
        return None
    if ga.override and ga.override_var:
        return translate("rocmdesk.doctor.gpu_checks",
                         "rocmdesk's advice for {gpu}: {path} with {var}={value}").format(
            gpu=view(g).label, path=path_name(ga.path), var=ga.override_var, value=ga.override)
    return translate("rocmdesk.doctor.gpu_checks", "rocmdesk's advice for {gpu}: {path}, no override").format(
        gpu=view(g).label, path=path_name(ga.path))


def _why(g: Gpu) -> str:
    ga = g.advice
    return f"{view(g).label}: {ga.reason}" if ga is not None and ga.reason else view(g).label


def _affected(report: MachineReport, var: str) -> list[Gpu]:
    """The GPUs in use that variable ``var`` applies to (the per-GPU form wins over the global one)."""
    a = report.advice
    assert a is not None
    env = report.override_env
    out = []
    for g in report.gpus:
        if g.index not in a.used or not g.gfx:
            continue
        node_var = f"{OVERRIDE_VAR}_{g.kfd_node}" if g.kfd_node is not None else None
        applies = node_var if node_var and env.get(node_var) else OVERRIDE_VAR
        if applies == var and env.get(var):
            out.append(g)
    return out


def advice_findings(report: MachineReport, origin: str, *, env_known: bool = True) -> list[Finding]:
    """The findings ``report.advice`` stands for (attached by the caller).  ``env_known``: the override variables
    were read (the machine itself), so a missing one is a fact; on a paste it is only what its output betrays."""
    a = report.advice
    if a is None or not report.gpus:
        return []
    out: list[Finding] = []
    by_index = {g.index: g for g in report.gpus}
    used = [by_index[i] for i in a.used if i in by_index]
    for g in used:
        ga = g.advice
        if g.gfx and ga is not None and ga.status == "unsupported":
            out.append(finding("gfx-unsupported", [_why(g)], origin))
    unsupported = {g.index for g in used if g.advice is not None and g.advice.status == "unsupported"}

    per_gpu = [g for g in used if g.advice is not None and g.advice.override_var
               and g.advice.override_var != OVERRIDE_VAR]
    notes = list(a.notes)
    # a global override on a machine whose advice is the per-GPU form: one finding says it all
    glob = report.override_env.get(OVERRIDE_VAR)
    if glob and per_gpu and any(n.var == OVERRIDE_VAR for n in notes):
        first = per_gpu[0]
        native = [g for g in used if g.advice is not None and g.advice.status == "supported"
                  and not g.advice.override_var]
        ev = [translate("rocmdesk.doctor.gpu_checks", "{var}={value} applies to every GPU").format(
            var=OVERRIDE_VAR, value=glob)]
        ev += [translate("rocmdesk.doctor.gpu_checks", "{gpu} is supported as it is").format(gpu=view(g).label)
               for g in native]
        ev += [n.message for n in notes if n.var == OVERRIDE_VAR]
        ev += [_advised(g) or _why(g) for g in per_gpu]
        if a.why.get("override"):
            ev.append(a.why["override"])
        node = first.advice.override_var[len(OVERRIDE_VAR) + 1:]
        out.append(finding("override-global-mixed", ev, origin,
                           {"node": node, "override": first.advice.override or glob}))
        notes = [n for n in notes if n.var != OVERRIDE_VAR]

    for n in notes:
        gpus = [g for g in _affected(report, n.var) if g.index not in unsupported] if n.value else []
        if n.code == "override-missing":
            wanting = [g for g in used if g.advice is not None and g.advice.override_var == n.var
                       and g.index not in unsupported]
            if not wanting:
                continue
            risky = [g for g in wanting if g.advice.status == "risky"]
            ev = [_why(g) for g in wanting] + [x for g in wanting if (x := _advised(g))]
            if n.var != OVERRIDE_VAR and a.why.get("override"):
                ev.append(a.why["override"])
            if risky:
                ev += _override_why(risky)
                out.append(finding("override-risky", ev, origin, {"override": n.wanted or "", "var": n.var}))
                continue
            if env_known:
                ev.append(translate("rocmdesk.doctor.gpu_checks", "no {var} is set for it").format(var=n.var))
            out.append(finding("gfx-needs-override", ev, origin, {"override": n.wanted or "", "var": n.var},
                               severity=None if env_known else "warning"))
        elif n.code == "override-needless" or (n.code == "override-risky" and n.wanted is None):
            # needless, or naming another generation: either way the advice runs the GPU without it: unset it
            if not gpus:
                continue
            ev = [_in_effect(g, n.var, n.value or "") for g in gpus] + [n.message]
            ev += [x for g in gpus if (x := _advised(g))] + [_why(g) for g in gpus]
            out.append(finding("override-unneeded", ev, origin, {"var": n.var}))
        elif n.code == "override-risky":  # the override the path needs, and it is risky
            if not gpus:
                continue
            ev = [_in_effect(g, n.var, n.value or "") for g in gpus] + [n.message] + [_why(g) for g in gpus]
            ev += _override_why(gpus)
            out.append(finding("override-risky", ev, origin, {"override": n.wanted or n.value or "", "var": n.var}))
        elif n.code == "override-wrong":
            if not gpus:
                continue
            ev = [_in_effect(g, n.var, n.value or "") for g in gpus] + [n.message]
            ev += [translate("rocmdesk.doctor.gpu_checks", "{gpu} works with {right}, not {value}").format(
                gpu=view(g).label, right=n.wanted, value=n.value) for g in gpus]
            ev += [x for g in gpus if (x := _advised(g))]
            out.append(finding("override-risky", ev, origin, {"override": n.wanted or "", "var": n.var}))
    out += _collision(report, origin)
    return _one_per_id(out)


def _override_why(gpus: list[Gpu]) -> list[str]:
    """What the knowledge says of the override on these GPUs (reports of page faults, hangs)."""
    from rocmdesk.knowledge import gfx_target

    out = []
    for g in gpus:
        t = gfx_target(g.gfx) if g.gfx else None
        if t and t.override_why:
            out.append(translate("rocmdesk.knowledge.gfx", t.override_why))
    return out


def _collision(report: MachineReport, origin: str) -> list[Finding]:
    """An iGPU beside a discrete GPU: the advice keeps it out of the runtime with ROCR_VISIBLE_DEVICES, numbered
    in the runtime's own order (KFD nodes)."""
    a = report.advice
    assert a is not None
    if not a.hidden:
        return []
    by_index = {g.index: g for g in report.gpus}
    hidden = [by_index[i] for i in a.hidden if i in by_index]
    used = [by_index[i] for i in a.used if i in by_index]
    ev = [translate("rocmdesk.doctor.gpu_checks", "integrated: {gpu}").format(gpu=view(g).label) for g in hidden] \
        + [translate("rocmdesk.doctor.gpu_checks", "discrete: {gpu}").format(gpu=view(g).label) for g in used]
    visible = a.env.get(VISIBILITY_VAR)
    params: dict[str, str] = {}
    if visible is not None:
        params["visible"] = visible
        ev += [translate("rocmdesk.doctor.gpu_checks",
                         "{gpu} is ROCm device {number} (the runtime counts in KFD node order)").format(
            gpu=view(g).label, number=g.advice.runtime_index)
            for g in hidden + used if g.advice is not None and g.advice.runtime_index is not None]
    else:
        ev.append(translate("rocmdesk.doctor.gpu_checks",
                            "this output does not show the ROCm runtime's device order (KFD nodes): {var} takes "
                            "the discrete GPU's place among the GPU agents rocminfo lists, counting from 0").format(
            var=VISIBILITY_VAR))
    return [finding("igpu-dgpu-collision", ev, origin, params)]


def _one_per_id(found: list[Finding]) -> list[Finding]:
    out: list[Finding] = []
    for f in found:
        old = next((x for x in out if x.id == f.id), None)
        if old is None:
            out.append(f)
        else:
            old.add_evidence(f.evidence)
    return out


def paste_findings(gpus: list[Any], label: str) -> list[Finding]:
    """The GPU findings of a paste's GPU records (rocminfo, rocm-smi, amd-smi, lspci)."""
    if not gpus:
        return []
    return advice_findings(paste_report(gpus, label), label, env_known=False)
