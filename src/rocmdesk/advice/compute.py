"""THE advice model: machine + knowledge + context -> one verdict per GPU, computed once, rendered everywhere.

How the path is chosen (when the context names no wheel source):

1. Every stable torch release and each of its ROCm tags (the tag matching an installed system ROCm first, then
   newest first) is judged by ``knowledge.support_for`` for every GPU that will be used.  The best verdict wins
   (natively supported, then works with an override, then risky), then a wheel whose ROCm fits the installed
   amdgpu-dkms driver (a ROCm 7 user space on a ROCm 6 driver can hang at discovery), then the newest.
2. When PyTorch's own wheels serve the GPUs only at risk or not at all and AMD's per-family index (TheRock) builds
   torch for all of them, that index is the path instead.
3. A path that beats every driver-fitting one only with a newer driver says so (``driver_update``) and the reason
   tells the person to update amdgpu-dkms: the recommendation never contradicts its own warning.

Device masking uses one variable, ROCR_VISIBLE_DEVICES, with the runtime's own numbering (KFD node order): the
ROCm runtime enumerates an iGPU too, and only the ROCr mask keeps it out of all of ROCm's user space (S-ISO,
S-PREREQ624); a HIP mask on top would renumber the devices (S-PARSL3858).  An override that only some GPUs need
uses the per-GPU form ``HSA_OVERRIDE_GFX_VERSION_<KFD node>`` (S-ROCT104).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from rocmdesk.advice.model import (
    EXPANDABLE, OVERRIDE_VAR, SOURCES, STATUS_RANK, VISIBILITY_VAR, Alternative, EnvNote, GpuAdvice,
    MachineAdvice, WheelPath,
)
from rocmdesk.i18n import translate
from rocmdesk.knowledge import amd_wheel_index, gfx_target, support_for, torch_wheels, wheel_for
from rocmdesk.knowledge.drivers import userspace_fits_driver
from rocmdesk.knowledge.gfx import gfx_from_override, normalize_gfx
from rocmdesk.knowledge.records import field, record
from rocmdesk.knowledge.releases import latest_rocm
from rocmdesk.knowledge.support import Support
from rocmdesk.knowledge.version import InvalidVersion, Version
from rocmdesk.knowledge.wheels import AmdWheelIndex, TorchWheel, normalize_tag, tag_version
from rocmdesk.machine.model import Gpu, MachineReport

_PER_NODE = re.compile(re.escape(OVERRIDE_VAR) + r"_(\d+)")


class AdviceError(ValueError):
    """The context can't be served (a torch version rocmdesk does not know); one line for the user."""


@record(frozen=True)
class AdviceContext:
    """What the advice depends on besides the machine: the ROCm installed or chosen, the driver in use, the wheel
    source, a pinned torch, an installed venv's measured wheel, and the override variables in effect."""

    rocm: str | None = None  # the system ROCm whose list is cited (installed or chosen); None: the newest legacy
    driver_rocm: str | None = None  # the ROCm release an amdgpu-dkms came from; None: in-box driver or unknown
    source: str = "auto"  # auto | pytorch | amd
    torch: str | None = None  # a pinned torch ("2.9.1", "2.9.1+rocm6.4")
    installed: TorchWheel | None = None  # what a venv really has (knowledge.measured_wheel)
    env: Mapping[str, str] = field(default_factory=dict)  # HSA_OVERRIDE_GFX_VERSION* in effect

    def __post_init__(self) -> None:
        if self.source not in SOURCES:
            raise AdviceError(translate("rocmdesk.advice", "wheel source {source} is not one of {sources}").format(
                source=repr(self.source), sources=", ".join(SOURCES)))


def context_for(report: MachineReport, *, rocm: str | None = None, source: str = "auto", torch: str | None = None,
                installed: TorchWheel | None = None, env: Mapping[str, str] | None = None) -> AdviceContext:
    """The context of ``report``'s machine: its installed ROCm (unless ``rocm`` names a chosen one), its driver and
    the override variables in effect (unless ``env`` names others, e.g. a profile's)."""
    return AdviceContext(rocm=rocm or report.rocm.primary_version, driver_rocm=dkms_rocm_version(report),
                         source=source, torch=torch, installed=installed,
                         env=dict(report.override_env if env is None else
                                  {k: v for k, v in env.items() if k == OVERRIDE_VAR or _PER_NODE.fullmatch(k)}))


def dkms_rocm_version(report: MachineReport) -> str | None:
    """The ROCm release an installed amdgpu-dkms came with ("1:6.12.12.60401-..." -> "6.4.1"); None if unknown.

    Legacy packages carry the ROCm version as MNNPP before the build number; the 7.x drivers are versioned
    on their own (30.10, 30.20) and give None here.
    """
    version = report.rocm.packages.get("amdgpu-dkms")
    if not version:
        return None
    m = re.search(r"\.(\d)(\d{2})(\d{2})-", version)
    if not m:
        return None
    return f"{int(m.group(1))}.{int(m.group(2))}.{int(m.group(3))}"


def is_igpu(gpu: Gpu) -> bool:
    return gpu.apu is True or gpu.kind == "apu"


def runtime_order(gpus: list[Gpu]) -> list[Gpu]:
    """GPUs in the order ROCr/HIP number them: by KFD node (CPU nodes are not devices), never by DRM card."""
    return sorted(gpus, key=lambda g: (g.kfd_node is None, g.kfd_node if g.kfd_node is not None else 0, g.index))


def gpu_label(gpu: Gpu) -> str:
    name = gpu.name or translate("rocmdesk.advice", "GPU {index}").format(index=gpu.index)
    return f"{name} ({gpu.gfx})" if gpu.gfx else name


# --- allocator variables -----------------------------------------------------------------------------------

# Which allocator variable names a torch release reads (rocm-knowledge.md §4.2, S-PT-ALLOC, S-PT-CUDAALLOC,
# S-PT183387): every ROCm build reads PYTORCH_CUDA_ALLOC_CONF and its ROCm alias PYTORCH_HIP_ALLOC_CONF
# (older builds the alias only when the CUDA name is unset, so both carry the same value); the unified
# PYTORCH_ALLOC_CONF arrived around 2.8/2.9 (the date is inferred, knowledge gap 7), so 2.8 gets it too.
_UNIFIED_SINCE = (2, 8)
ALL_ALLOCATOR_VARS = ("PYTORCH_ALLOC_CONF", "PYTORCH_CUDA_ALLOC_CONF", "PYTORCH_HIP_ALLOC_CONF")


def allocator_vars(torch_version: str | None) -> tuple[str, ...]:
    """The allocator variable names ``torch_version`` reads; every name any supported version reads if unknown."""
    if not torch_version:
        return ALL_ALLOCATOR_VARS
    try:
        v = Version(torch_version.split("+", 1)[0])
    except InvalidVersion:
        return ALL_ALLOCATOR_VARS
    if v.release[:2] >= _UNIFIED_SINCE:
        return ALL_ALLOCATOR_VARS
    return ("PYTORCH_CUDA_ALLOC_CONF", "PYTORCH_HIP_ALLOC_CONF")


# --- candidates ----------------------------------------------------------------------------------------------


def _tags_in_order(w: TorchWheel, system_rocm: str | None) -> list[str]:
    tags = sorted(w.index_tags, key=lambda t: tag_version(t) or Version("0"), reverse=True)
    if system_rocm:
        sys_v = tag_version(system_rocm)
        same = [t for t in tags if sys_v and (v := tag_version(t)) and v.release[:2] == sys_v.release[:2]]
        tags = same + [t for t in tags if t not in same]
    return tags


def pytorch_candidates(torch_version: str | None, system_rocm: str | None) -> list[TorchWheel]:
    """PyTorch's wheels worth judging, each narrowed to one tag, in order of preference among equals."""
    if torch_version:
        base, _, local = torch_version.partition("+")
        if local and not local.startswith("rocm"):
            raise AdviceError(translate("rocmdesk.torchenv.recommend",
                                        "torch {version} is not a ROCm build (the local label must be +rocmX.Y)")
                              .format(version=torch_version))
        found = wheel_for(base)
        if found is None or (local and normalize_tag(local) not in found.index_tags
                             and "nightly/" + normalize_tag(local) not in found.index_tags):
            known = ", ".join(w.torch_version for w in torch_wheels())
            raise AdviceError(translate("rocmdesk.torchenv.recommend",
                                        "torch {version} is not in rocmdesk's wheel data; known versions: {known}")
                              .format(version=torch_version, known=known))
        tags = [normalize_tag(local)] if local else _tags_in_order(found, system_rocm)
        tags = [t if t in found.index_tags else "nightly/" + t for t in tags]
        return [found.for_tag(t) for t in tags]
    out = []
    for w in reversed(torch_wheels()):
        if w.channel == "stable":
            out += [w.for_tag(t) for t in _tags_in_order(w, system_rocm)]
    return out


def _driver_fits(driver_rocm: str | None, wheel_rocm: Version | None) -> bool:
    """A wheel's ROCm user space fits the amdgpu-dkms driver (knowledge/data/driver_compat.json: a ROCm 7 user
    space on a ROCm 6 driver can hang at discovery).  In-box drivers fit."""
    return userspace_fits_driver(wheel_rocm, driver_rocm)


@record
class _Judged:
    wheel: TorchWheel
    verdicts: dict[int, Support]
    rank: int
    fits: bool
    cautions: int  # GPUs whose verdict carries a known-issue note for this wheel's ROCm
    order: int


def _cautions(gpus: list[Gpu], wheel: TorchWheel) -> int:
    rocm = tag_version(wheel.rocm_tag)
    n = 0
    for g in {g.gfx: g for g in gpus}.values():
        for gfx in {g.gfx, _override_target(g.gfx)}:
            t = gfx_target(gfx) if gfx else None
            if t and any(i.effect == "note" and i.applies(str(rocm) if rocm else None) for i in t.issues):
                n += 1
                break
    return n


def _judge(wheel: TorchWheel, gpus: list[Gpu], rocm: str | None, driver: str | None, order: int) -> _Judged:
    # judged once per gfx target: 32 partitions of one model are one verdict
    by_gfx = {gfx: support_for(gfx, rocm, wheel=wheel) for gfx in {g.gfx for g in gpus if g.gfx}}
    verdicts = {g.index: by_gfx[g.gfx] for g in gpus if g.gfx}
    rank = max((STATUS_RANK.get(s.status, 3) for s in verdicts.values()), default=3)
    return _Judged(wheel, verdicts, rank, _driver_fits(driver, tag_version(wheel.rocm_tag)),
                   _cautions(gpus, wheel), order)


def _override_target(gfx: str | None) -> str | None:
    t = gfx_target(gfx) if gfx else None
    return t.override_to if t else None


def _pytorch_path(w: TorchWheel, *, driver_update: bool = False, installed: bool = False) -> WheelPath:
    local = w.rocm_tag.split("/")[-1]
    v = tag_version(w.rocm_tag)
    rocm = f"{v.major}.{v.minor}" if v and len(v.release) >= 2 else (str(v) if v else None)
    if installed:
        return WheelPath("installed", rocm if local != "rocm" else None, None,
                         f"{w.torch_version}+{local}" if local != "rocm" else w.torch_version, driver_update)
    torch = None if w.channel == "nightly" else f"{w.torch_version}+{local}"
    return WheelPath("pytorch", rocm, w.index_url(), torch, driver_update)


def _therock_rocm() -> str | None:
    try:
        return latest_rocm("therock").version
    except ValueError:
        return None


def _amd_path(family: AmdWheelIndex, driver: str | None) -> WheelPath:
    rocm = _therock_rocm()
    fits = _driver_fits(driver, Version(rocm) if rocm else None)
    # the index decides the torch and its ROCm (TheRock's newest): rocmdesk names neither as fixed
    return WheelPath("amd", None, family.index_url, None, not fits)


def _amd_reason(family: AmdWheelIndex, gfx: str, pytorch_reason: str | None) -> str:
    native = translate("rocmdesk.advice", "AMD's {family} wheels build torch natively for {gfx}").format(
        family=family.family, gfx=gfx)
    if pytorch_reason:
        return translate("rocmdesk.advice", "{native}; with PyTorch's own wheels: {reason}").format(
            native=native, reason=pytorch_reason)
    return native


def _family_for(gpus: list[Gpu]) -> AmdWheelIndex | None:
    """AMD's per-family index that serves every one of ``gpus`` (one index can't serve two families)."""
    fams = {amd_wheel_index(g.gfx) for g in gpus if g.gfx}
    if len(fams) != 1:
        return None
    fam = fams.pop()
    return fam if fam and all(g.gfx in fam.gfx for g in gpus) else None


# --- the computation -----------------------------------------------------------------------------------------


def advise(report: MachineReport, context: AdviceContext | None = None) -> MachineAdvice:
    """The one verdict for ``report``'s machine in ``context`` (default: :func:`context_for` the report).

    Pure: reads only the report and the knowledge data.  Raises :class:`AdviceError` for a pinned torch that
    rocmdesk does not know."""
    ctx = context or context_for(report)
    gpus = list(report.gpus)
    discrete = [g for g in gpus if not is_igpu(g)]
    used = discrete or gpus
    hidden = [g for g in gpus if g not in used]
    judged = [g for g in used if g.gfx]
    rocm = ctx.rocm
    cited = rocm or latest_rocm("legacy").version
    order = runtime_order(gpus)
    warnings: list[str] = []
    why: dict[str, str] = {}

    # -- the path --------------------------------------------------------------------------------------------
    family = None
    best: _Judged | None = None
    scored: list[_Judged] = []
    if ctx.installed is not None:
        best = _judge(ctx.installed, judged, rocm, ctx.driver_rocm, 0)
        path = _pytorch_path(ctx.installed, driver_update=not best.fits, installed=True)
    else:
        cands = pytorch_candidates(ctx.torch, rocm) if ctx.source != "amd" or ctx.torch else []
        scored = [_judge(w, judged, rocm, ctx.driver_rocm, i) for i, w in enumerate(cands)]
        if scored:
            best = min(scored, key=lambda j: (j.rank, not j.fits, j.order)) if judged else scored[0]
        fam = _family_for(judged) if judged else None
        if fam is not None and not ctx.torch and (
                ctx.source == "amd" or (ctx.source == "auto" and best is not None
                                        and best.rank >= STATUS_RANK["risky"])):
            family = fam
        elif ctx.source == "amd":
            warnings.append(translate("rocmdesk.advice", "AMD's per-family wheels serve none of these GPUs together; PyTorch's "
                                            "own wheels are advised instead."))
            if not scored:
                scored = [_judge(w, judged, rocm, ctx.driver_rocm, i)
                          for i, w in enumerate(pytorch_candidates(None, rocm))]
                best = min(scored, key=lambda j: (j.rank, not j.fits, j.order)) if judged else scored[0]
        if family is not None:
            path = _amd_path(family, ctx.driver_rocm)
        else:
            assert best is not None
            path = _pytorch_path(best.wheel, driver_update=not best.fits)

    # -- each GPU's verdict on the path -----------------------------------------------------------------------
    verdict: dict[int, Support] = {}
    for g in gpus:
        if not g.gfx:
            continue
        if family is not None and g in judged:
            pt = best.verdicts.get(g.index) if best else None
            verdict[g.index] = Support("supported", None, _amd_reason(family, g.gfx, pt.reason if pt else None),
                                       ", ".join(family.sources))
        elif best is not None and g.index in best.verdicts:
            verdict[g.index] = best.verdicts[g.index]
        else:  # a hidden GPU, judged on the same wheels
            w = best.wheel if best is not None else None
            verdict[g.index] = support_for(g.gfx, rocm, wheel=w)

    def rank_of(g: Gpu) -> int:
        s = verdict.get(g.index)
        return STATUS_RANK.get(s.status, 3) if s else 3

    deciding = min(judged, key=lambda g: (-rank_of(g), -(g.vram_total_bytes or 0), g.index)) if judged else None

    # -- the environment: overrides, the device mask, the allocator -----------------------------------------
    env: dict[str, str] = {}
    per_gpu_env: dict[int, dict[str, str]] = {g.index: {} for g in used}
    override_var: dict[int, str] = {}
    needing = [g for g in judged if verdict[g.index].override and verdict[g.index].status in ("override", "risky")]
    values = {verdict[g.index].override for g in needing}
    if needing and len(values) == 1 and len(needing) == len(used):
        for g in needing:
            override_var[g.index] = OVERRIDE_VAR
    else:
        for g in needing:
            if g.kfd_node is None:
                warnings.append(translate("rocmdesk.torchenv.recommend",
                                          "GPU {index} needs {var}={value}, but its KFD node is unknown, so the "
                                          "per-GPU form can't be written; set it by hand.").format(
                    index=g.index, var=OVERRIDE_VAR, value=verdict[g.index].override))
                continue
            override_var[g.index] = f"{OVERRIDE_VAR}_{g.kfd_node}"
    for g in needing:
        var = override_var.get(g.index)
        if var:
            value = verdict[g.index].override
            assert value is not None
            env[var] = value
            per_gpu_env[g.index][var] = value
    visible = None
    if hidden and all(g.kfd_node is not None for g in used):
        visible = ",".join(str(order.index(g)) for g in used)
        env[VISIBILITY_VAR] = visible
        for g in used:
            per_gpu_env[g.index][VISIBILITY_VAR] = visible
    elif hidden:
        # a paste without KFD nodes (lspci, rocm-smi): its GPU order is the PCI or DRM card order, which need not
        # be the runtime's, so no device number is written rather than a wrong one
        warnings.append(translate("rocmdesk.advice",
                                  "{names} should be kept out of the ROCm runtime with {var}, but the runtime "
                                  "numbers the GPUs in KFD node order, which this information does not show: the "
                                  "value is the discrete GPU's place among the GPU agents rocminfo lists, counting "
                                  "from 0.").format(names=", ".join(gpu_label(g) for g in hidden), var=VISIBILITY_VAR))
    if gpus:
        torch_v = path.torch if path.stream != "amd" else None
        for name in allocator_vars(torch_v):
            env[name] = EXPANDABLE
            for g in used:
                per_gpu_env[g.index][name] = EXPANDABLE

    # -- per-GPU records ---------------------------------------------------------------------------------------
    advice: dict[int, GpuAdvice] = {}
    for g in gpus:
        s = verdict.get(g.index)
        is_used = g in used
        if s is None:
            s = Support("unknown", None, translate("rocmdesk.advice", "its gfx target could not be read"), None)
        reason = s.reason
        if not is_used and visible is not None:
            reason = translate("rocmdesk.advice", "kept out of the ROCm runtime by {var}={value} (PyTorch uses the discrete GPU); "
                                     "on its own: {reason}").format(var=VISIBILITY_VAR, value=visible, reason=s.reason)
        sources = [x.strip() for x in (s.source or "").split(",") if x.strip()]
        if not is_used:
            sources = list(dict.fromkeys(sources + ["S-ISO", "S-PREREQ624"]))
        override = s.override if s.status in ("override", "risky") else None
        var = override_var.get(g.index) if is_used else None
        if var and var != OVERRIDE_VAR and override:
            # the reason names the plain variable; this GPU gets the per-GPU form, and the reason must say so
            reason = translate("rocmdesk.advice", "{reason}; set as {var}={value}, so the other GPUs run their own "
                                                  "code").format(reason=reason, var=var, value=override)
        advice[g.index] = GpuAdvice(
            status=s.status, override=override, env=per_gpu_env.get(g.index, {}), path=path, reason=reason,
            sources=sources, used=is_used, rocm_cited=cited,
            runtime_index=order.index(g) if g.kfd_node is not None or len(gpus) == 1 else None,
            override_var=var,
        )
    for g in judged:
        advice[g.index].alternatives = _alternatives(g, advice[g.index], best, scored, family, ctx, rocm, judged)

    status = "no-gpu" if not gpus else (
        verdict[deciding.index].status if deciding is not None else "unknown")
    for g in used:
        if not g.gfx:
            warnings.append(translate("rocmdesk.torchenv.recommend",
                                      "GPU {index} ({name}): its gfx target is unknown, so it was not judged.").format(
                index=g.index, name=g.name or translate("rocmdesk.torchenv.recommend", "unnamed")))

    result = MachineAdvice(
        gpus=advice, path=path if gpus else path, status=status, env=env, used=[g.index for g in used],
        hidden=[g.index for g in hidden], deciding=deciding.index if deciding else None, rocm_cited=cited,
        warnings=warnings, sources=_sources(advice, path, family, best),
        wheel=best.wheel if (family is None and best is not None) else None, family=family,
        driver_rocm=ctx.driver_rocm,
    )
    result.why = _whys(result, gpus, judged, hidden, deciding, verdict, family, best, ctx, report)
    result.notes = env_notes(result, ctx.env, report)
    return result


def _sources(advice: dict[int, GpuAdvice], path: WheelPath, family: AmdWheelIndex | None,
             best: _Judged | None) -> list[str]:
    out: dict[str, None] = {}
    for a in advice.values():
        for s in a.sources:
            out.setdefault(s, None)
    if family is not None:
        for s in family.sources:
            out.setdefault(s, None)
    elif best is not None:
        for s in best.wheel.sources:
            out.setdefault(s, None)
    return list(out)


def _alternatives(g: Gpu, mine: GpuAdvice, best: _Judged | None, scored: list[_Judged],
                  family: AmdWheelIndex | None, ctx: AdviceContext, rocm: str | None,
                  judged: list[Gpu]) -> list[Alternative]:
    """Other ways to run this GPU, each with its own verdict: the other wheel source, the newest torch when the
    driver held the path back, a safer wheel when the path's ROCm has a known caution for the GPU."""
    out: list[Alternative] = []
    assert g.gfx is not None
    pt_best = best
    if family is not None and pt_best is not None and g.index in pt_best.verdicts:
        s = pt_best.verdicts[g.index]
        out.append(Alternative(_pytorch_path(pt_best.wheel, driver_update=not pt_best.fits), s.status,
                               s.override if s.status in ("override", "risky") else None, s.reason, "other-source"))
    elif family is None and ctx.installed is None:
        # one venv serves every GPU used: AMD's index is another way only where it serves them all
        fam = _family_for(judged)
        if fam is not None and g.gfx in fam.gfx:
            out.append(Alternative(_amd_path(fam, ctx.driver_rocm), "supported", None,
                                   _amd_reason(fam, g.gfx, None), "other-source"))
    if family is None and best is not None and scored and ctx.installed is None:
        # the best judged wheel regardless of the driver: offered with a driver update
        top = min(scored, key=lambda j: (j.rank, j.order))
        if top is not best and not top.fits and g.index in top.verdicts:
            s = top.verdicts[g.index]
            out.append(Alternative(_pytorch_path(top.wheel, driver_update=True), s.status,
                                   s.override if s.status in ("override", "risky") else None,
                                   translate("rocmdesk.advice", "{reason}; needs an amdgpu-dkms driver from ROCm {rocm} or newer "
                                                   "(yours is from ROCm {driver})").format(
                                       reason=s.reason, rocm=tag_version(top.wheel.rocm_tag),
                                       driver=ctx.driver_rocm), "driver"))
        # a wheel without the known caution of the path's ROCm, as good otherwise
        if best.cautions:
            safer = [j for j in scored if j.cautions == 0 and j.fits and j.rank <= best.rank
                     and g.index in j.verdicts]
            if safer:
                j = min(safer, key=lambda x: x.order)
                s = j.verdicts[g.index]
                out.append(Alternative(_pytorch_path(j.wheel), s.status,
                                       s.override if s.status in ("override", "risky") else None, s.reason, "safer"))
    return out


def _whys(a: MachineAdvice, gpus: list[Gpu], judged: list[Gpu], hidden: list[Gpu], deciding: Gpu | None,
          verdict: dict[int, Support], family: AmdWheelIndex | None, best: _Judged | None, ctx: AdviceContext,
          report: MachineReport) -> dict[str, str]:
    why: dict[str, str] = {}
    # which GPU decides
    if deciding is None:
        why["gpu"] = (translate("rocmdesk.torchenv.recommend",
                                "No GPU's gfx target could be read, so nothing narrows the choice: this is the "
                                "newest stable wheel.") if gpus else
                      translate("rocmdesk.torchenv.recommend",
                                "No AMD GPU was found on this machine; this is the newest stable wheel, for a "
                                "machine that has one."))
    elif len(judged) == 1:
        why["gpu"] = (translate("rocmdesk.torchenv.recommend", "The {gpu} decides: it is the only AMD GPU.")
                      if not hidden else
                      translate("rocmdesk.torchenv.recommend", "The {gpu} decides: it is the only GPU used.")
                      ).format(gpu=gpu_label(deciding))
    else:
        gfxs = sorted({g.gfx for g in judged if g.gfx})
        if len(gfxs) == 1:
            why["gpu"] = translate("rocmdesk.torchenv.recommend",
                                   "All {count} GPUs are {gfx}, so any one of them decides.").format(
                count=len(judged), gfx=gfxs[0])
        else:
            why["gpu"] = translate("rocmdesk.torchenv.recommend",
                                   "The {gpu} decides: the wheel must serve all {count} GPUs ({gfx}), and it is the "
                                   "hardest to serve.").format(gpu=gpu_label(deciding), count=len(judged),
                                                                gfx=", ".join(gfxs))
    # the override
    if family is not None:
        why["override"] = translate("rocmdesk.torchenv.recommend",
                                    "No override: AMD's per-family wheels carry the GPU's own code objects.")
    elif deciding is None:
        why["override"] = translate("rocmdesk.torchenv.recommend", "No override: there is no GPU to set one for.")
    else:
        needing = [g for g in judged if a.gpus[g.index].override_var]
        if not needing:
            carried = ", ".join(sorted({g.gfx for g in judged if g.gfx}))
            why["override"] = translate("rocmdesk.torchenv.recommend",
                                        "No override: the wheels carry {gfx} natively.").format(gfx=carried)
        elif all(a.gpus[g.index].override_var == OVERRIDE_VAR for g in needing):
            g = needing[0]
            value = a.gpus[g.index].override
            target = _override_target(g.gfx) or (gfx_from_override(value) if value else None) or value
            why["override"] = translate("rocmdesk.torchenv.recommend",
                                        "{var}={value}: the wheels lack {gfx} but carry {target}, whose code runs on "
                                        "it.").format(var=OVERRIDE_VAR, value=value, gfx=g.gfx, target=target)
        else:
            why["override"] = translate("rocmdesk.torchenv.recommend",
                                        "Per-GPU overrides ({var}_<KFD node>): the GPUs that need one are {gpus}; a "
                                        "global {var} would break the GPUs that run natively.").format(
                var=OVERRIDE_VAR, gpus=", ".join(gpu_label(g) for g in needing))
    # the device mask
    if hidden and VISIBILITY_VAR in a.env:
        names = ", ".join(gpu_label(g) for g in hidden)
        why["devices"] = translate(
            "rocmdesk.torchenv.recommend",
            "The integrated GPU {names} sits beside the discrete one; the ROCm runtime enumerates it too and can "
            "crash or pick it as device 0. Set ROCR_VISIBLE_DEVICES={visible}: it keeps the iGPU out of the ROCm "
            "runtime itself (HIP_VISIBLE_DEVICES acts only after the runtime has opened it, and a HIP mask on top "
            "of the ROCr one renumbers the GPUs, so set only ROCR_VISIBLE_DEVICES), or disable the iGPU in the "
            "firmware setup.").format(names=names, visible=a.env[VISIBILITY_VAR])
    # the driver
    if a.path is not None and a.path.driver_update and ctx.driver_rocm:
        why["driver"] = translate("rocmdesk.advice", "Your amdgpu-dkms kernel driver comes from ROCm {driver}; this path needs one "
                                        "from ROCm {rocm} or newer: update amdgpu-dkms first (Setup), or a newer "
                                        "ROCm user space on the older driver can hang at GPU discovery.").format(
            driver=ctx.driver_rocm, rocm=a.path.rocm or _therock_rocm())
    elif ctx.driver_rocm and best is not None and family is None and ctx.installed is None:
        top = None
        if best is not None:
            top = best
        if top is not None and any(alt.why == "driver" for g in a.gpus.values() for alt in g.alternatives):
            why["driver"] = translate("rocmdesk.advice", "torch {torch} is the newest wheel whose ROCm {rocm} fits your amdgpu-dkms "
                                            "driver from ROCm {driver}; newer wheels need a newer driver (see the "
                                            "other ways).").format(torch=a.path.torch if a.path else "",
                                                                   rocm=a.path.rocm if a.path else "",
                                                                   driver=ctx.driver_rocm)
    return why


# --- the variables in effect ---------------------------------------------------------------------------------


def env_notes(a: MachineAdvice, env: Mapping[str, str], report: MachineReport) -> list[EnvNote]:
    """What the advice says of the override variables ``env`` sets (the session's, a profile's, a venv's): for each
    GPU in use, the override the runtime would apply (the per-GPU form wins over the global one) against the one
    advised: wrong, needless, risky (another generation, or a risky override), or missing."""
    out: dict[tuple[str, str], EnvNote] = {}
    names: dict[tuple[str, str], list[str]] = {}
    by_index = {g.index: g for g in report.gpus}
    for index in a.used:
        g = by_index[index]
        ga = a.gpus.get(index)
        if ga is None or not g.gfx:
            continue
        node_var = f"{OVERRIDE_VAR}_{g.kfd_node}" if g.kfd_node is not None else None
        var = node_var if node_var and env.get(node_var) else OVERRIDE_VAR
        eff = env.get(var) or None
        want = ga.override if ga.override_var else None
        want_var = ga.override_var or OVERRIDE_VAR
        key: tuple[str, str] | None = None
        if eff == want and eff is None:
            continue
        if eff == want:
            if ga.status == "risky":
                better = next((alt for alt in ga.alternatives if STATUS_RANK.get(alt.status, 3) <
                               STATUS_RANK["risky"]), None)
                text = (translate("rocmdesk.advice", "{var}={value} is what these wheels need, but it is risky: {reason}. "
                                        "{better} would run the GPU without it.").format(
                    var=var, value=eff, reason=ga.reason, better=path_name(better.path))
                        if better is not None else
                        translate("rocmdesk.advice", "{var}={value} is what these wheels need, but it is risky: {reason}.").format(
                    var=var, value=eff, reason=ga.reason))
                key = ("override-risky", var)
                out.setdefault(key, EnvNote("override-risky", var, eff, want, text))
            continue
        if eff is None:
            key = ("override-missing", want_var)
            out.setdefault(key, EnvNote("override-missing", want_var, None, want, translate(
                "rocmdesk.advice", "{var}={value} is advised for this machine but not set.").format(var=want_var, value=want)))
        elif want is not None:
            key = ("override-wrong", var)
            text = (translate("rocmdesk.advice", "{var}={value} is set, but the advice for this machine is {var}={wanted}.")
                    if var == want_var else
                    translate("rocmdesk.advice", "{var}={value} is set, but the advice for this machine is {other}={wanted}: "
                                    "set that instead."))
            out.setdefault(key, EnvNote("override-wrong", var, eff, want, text.format(
                var=var, value=eff, wanted=want, other=want_var)))
        else:
            target, phys = gfx_from_override(eff), normalize_gfx(g.gfx)
            if target and phys and _crosses(phys, target):
                key = ("override-risky", var)
                names.setdefault(key, []).append(gpu_label(g))
                out[key] = EnvNote("override-risky", var, eff, None, translate(
                    "rocmdesk.advice", "{var}={value} is set, but it names a GPU of another generation than the {gpus}: the "
                          "runtime crashes or refuses it. The advice needs no override for it: unset {var}.").format(
                    var=var, value=eff, gpus=", ".join(names[key])))
            else:
                key = ("override-needless", var)
                names.setdefault(key, []).append(gpu_label(g))
                out[key] = EnvNote("override-needless", var, eff, None, translate(
                    "rocmdesk.advice", "{var}={value} is set, but the advised wheels run the {gpus} without an override: unset "
                          "it (on a GPU the wheels carry natively an override can crash the runtime).").format(
                    var=var, value=eff, gpus=", ".join(names[key])))
    return list(out.values())


def overrides_betrayed(gpus: list[Gpu]) -> dict[str, str]:
    """The override variables a runtime's report betrays (it names the override's target, the chip id the
    silicon): one value for every such GPU is the global variable, else the per-GPU form by KFD node.  Used for
    pastes, where the environment itself is not known."""
    from rocmdesk.knowledge import normalize_gfx
    from rocmdesk.knowledge.gfx import override_value

    # a decimal rendering of the chip's own target (rocm-smi's gfx9010 for gfx90a) is the same target, no override
    forced = {g.index: v for g in gpus if g.gfx and g.gfx_reported and g.gfx_reported != g.gfx
              and normalize_gfx(g.gfx_reported, {g.gfx}) != g.gfx and (v := override_value(g.gfx_reported))}
    if not forced:
        return {}
    if len(set(forced.values())) == 1 and len(forced) == len([g for g in gpus if g.gfx]):
        return {OVERRIDE_VAR: next(iter(forced.values()))}
    by_index = {g.index: g for g in gpus}
    return {f"{OVERRIDE_VAR}_{by_index[i].kfd_node}": v for i, v in forced.items()
            if by_index[i].kfd_node is not None}


def path_name(path: WheelPath) -> str:
    """A path in words: "AMD's wheels at https://…", "torch 2.13.0+rocm7.2 from PyTorch's index"."""
    if path.stream == "amd":
        return translate("rocmdesk.advice", "AMD's wheels at {url}").format(url=path.index_url)
    if path.stream == "installed":
        return translate("rocmdesk.advice", "the installed torch {torch}").format(torch=path.torch)
    if path.torch:
        return translate("rocmdesk.advice", "torch {torch} from PyTorch's index").format(torch=path.torch)
    return translate("rocmdesk.advice", "PyTorch's nightly wheels at {url}").format(url=path.index_url)


def _crosses(phys: str, target: str) -> bool:
    from rocmdesk.knowledge.gfx import encode_target_version

    a, b = encode_target_version(phys), encode_target_version(target)
    return bool(a and b and a // 10000 != b // 10000)


def attach(report: MachineReport, context: AdviceContext | None = None) -> MachineAdvice:
    """:func:`advise`, then give the report its advice and each GPU record its part and a ``support`` that says
    the same thing, so the JSON of every command carries one verdict.  Front ends call this once, after detecting
    or reading a paste; a page or command with another context (a chosen ROCm, a venv's torch) calls
    :func:`advise` for it and renders that."""
    a = advise(report, context)
    report.advice = a
    for g in report.gpus:
        ga = a.gpus.get(g.index)
        g.advice = ga
        if ga is not None:
            g.support = Support(ga.status, ga.override, ga.reason, ga.source or None)
    return a
