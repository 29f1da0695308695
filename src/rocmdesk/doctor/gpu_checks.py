"""Checks of GPUs against the knowledge: supported, needs an override, risky, unsupported; iGPU beside dGPU.

Shared by the live machine (``Gpu`` records) and pasted text (the dicts ``inspect`` makes of them).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from rocmdesk.doctor.catalogue import finding
from rocmdesk.doctor.model import Finding
from rocmdesk.i18n import translate


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


def _override_of(g: GpuView) -> str | None:
    """The override in effect: the one named, or the one a tool's report betrays (reported != physical)."""
    if g.override:
        return g.override
    if g.gfx and g.gfx_reported and g.gfx != g.gfx_reported:
        from rocmdesk.knowledge.gfx import override_value

        return override_value(g.gfx_reported) or g.gfx_reported
    return None


def gpu_findings(gpus: list[GpuView], origin: str, *, hidden: set[int] | None = None,
                 env_known: bool = False) -> list[Finding]:
    """Findings about the GPUs' targets.  ``hidden``: indices kept out of ROCm (an iGPU under ROCR_VISIBLE_DEVICES),
    which need nothing; ``env_known``: the override variables were read (live machine), so a missing one is a fact."""
    from rocmdesk.knowledge import gfx_target, support_for

    out: list[Finding] = []
    hidden = hidden or set()
    for g in gpus:
        if not g.gfx or g.index in hidden:
            continue
        s = support_for(g.gfx)
        t = gfx_target(g.gfx)
        why = f"{g.label}: {s.reason}" if s.reason else g.label
        ov = _override_of(g)
        if s.status == "unsupported":
            out.append(finding("gfx-unsupported", [why], origin))
        elif ov is not None:
            if g.gfx_reported and g.gfx_reported != g.gfx:
                shown = translate("rocmdesk.doctor.gpu_checks",
                                  "{gpu}: HSA_OVERRIDE_GFX_VERSION={value} in effect (it reports {reported})").format(
                    gpu=g.label, value=ov, reported=g.gfx_reported)
            else:
                shown = translate("rocmdesk.doctor.gpu_checks",
                                  "{gpu}: HSA_OVERRIDE_GFX_VERSION={value} in effect").format(gpu=g.label, value=ov)
            if s.status == "supported":
                out.append(finding("override-unneeded", [shown, why], origin))
            elif s.status == "risky":
                out.append(finding("override-risky", [shown, why] + ([translate("rocmdesk.knowledge.gfx", t.override_why)] if t and t.override_why else []),
                                   origin, {"override": s.override or ov}))
            elif s.override and ov != s.override:
                works = translate("rocmdesk.doctor.gpu_checks", "{gpu} works with {right}, not {value}").format(
                    gpu=g.label, right=s.override, value=ov)
                out.append(finding("override-risky", [shown, works], origin, {"override": s.override}))
        elif s.status == "override" and s.override:
            unset = translate("rocmdesk.doctor.gpu_checks", "no HSA_OVERRIDE_GFX_VERSION is set for it")
            ev = [why] + ([unset] if env_known else [])
            out.append(finding("gfx-needs-override", ev, origin, {"override": s.override},
                               severity=None if env_known else "warning"))
        elif s.status == "risky" and s.override:
            out.append(finding("override-risky", [why] + ([translate("rocmdesk.knowledge.gfx", t.override_why)] if t and t.override_why else []), origin,
                               {"override": s.override or ""}))
    return out


def collision(gpus: list[GpuView], origin: str, visible: str | None = None) -> list[Finding]:
    """An iGPU beside a discrete GPU."""
    igpus = [g for g in gpus if g.apu is True]
    dgpus = [g for g in gpus if g.apu is False]
    if not igpus or not dgpus:
        return []
    if visible is None:
        order = sorted(gpus, key=lambda g: (g.kfd_node is None, g.kfd_node or 0, g.index))
        visible = ",".join(str(order.index(g)) for g in dgpus)
    ev = [translate("rocmdesk.doctor.gpu_checks", "integrated: {gpu}").format(gpu=g.label) for g in igpus] \
        + [translate("rocmdesk.doctor.gpu_checks", "discrete: {gpu}").format(gpu=g.label) for g in dgpus]
    return [finding("igpu-dgpu-collision", ev, origin, {"visible": visible})]
