"""Which PyTorch wheels this machine should get: index, exact versions, override, and why.

A pure function of the machine report, the knowledge data and the user's choices (torch version, a custom
index, the pip environment variables); :func:`recommend` runs nothing.

How the wheels are chosen, when the user names no torch version: every stable torch version, newest first,
and each of its ROCm tags (the one matching an installed system ROCm first, then newest first), judged by
``knowledge.support_for`` for every GPU that will be used; the best verdict wins (natively supported, then
works with an override), the newest candidate among equals.  When torch's own wheels only serve the GPU at
risk or not at all, AMD's per-family index (``knowledge.amd_wheel_index``) is recommended instead.
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from packaging.version import Version

from rocmdesk.i18n import translate
from rocmdesk.knowledge import Support, amd_wheel_index, support_for, torch_wheels, wheel_for
from rocmdesk.knowledge.wheels import TorchWheel, normalize_tag, tag_version
from rocmdesk.machine.model import Gpu, MachineReport

OVERRIDE_VAR = "HSA_OVERRIDE_GFX_VERSION"
_RANK = {"supported": 0, "override": 1, "risky": 2, "unsupported": 3, "unknown": 3}


class RecommendError(ValueError):
    """The user's choice can't be served (a torch version rocmdesk does not know); one line for the user."""


@dataclass
class Recommendation:
    status: str  # supported | override | risky | unsupported | no-gpu
    index_url: str
    index_kind: str  # pytorch | amd | custom
    requirements: list[str]  # exact pip requirements, e.g. ["torch==2.13.0+rocm7.2", "torchvision==0.28.0+rocm7.2"]
    torch: str | None  # "2.13.0+rocm7.2"; None when the index picks (AMD's per-family index)
    torchvision: str | None
    torch_version: str | None  # "2.13.0"
    rocm_tag: str | None  # "rocm7.2"
    layout: str | None  # bundled (ROCm libraries inside torch) | therock (pip rocm packages)
    gfx: str | None  # the deciding GPU's physical gfx
    gpu_index: int | None  # the deciding GPU (MachineReport index)
    gpu_name: str | None
    used_gpus: list[int] = field(default_factory=list)
    hidden_gpus: list[int] = field(default_factory=list)
    override: str | None = None  # HSA_OVERRIDE_GFX_VERSION value
    env: dict[str, str] = field(default_factory=dict)  # variables the venv's profile should set
    extra_index_urls: list[str] = field(default_factory=list)
    why: dict[str, str] = field(default_factory=dict)  # topic -> one sentence
    warnings: list[str] = field(default_factory=list)
    source: str | None = None

    def pip_args(self) -> list[str]:
        """Arguments after ``pip``: ``install REQ... --index-url URL [--extra-index-url URL...]``."""
        args = ["install", *self.requirements, "--index-url", self.index_url]
        for url in self.extra_index_urls:
            args += ["--extra-index-url", url]
        return args

    def pip_argv(self, python: str) -> list[str]:
        return [python, "-m", "pip", *self.pip_args()]

    @property
    def pip_command(self) -> str:
        """The exact command, quoted for a POSIX shell."""
        return shlex.join(["pip", *self.pip_args()])

    def env_lines(self) -> list[str]:
        return [f"export {k}={shlex.quote(v)}" for k, v in self.env.items()]

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["pip_command"] = self.pip_command
        return data


def is_igpu(gpu: Gpu) -> bool:
    return gpu.apu is True or gpu.kind == "apu"


def hip_order(gpus: list[Gpu]) -> list[Gpu]:
    """GPUs in the order ROCr/HIP number them: by KFD node (CPU nodes are not devices)."""
    return sorted(gpus, key=lambda g: (g.kfd_node is None, g.kfd_node if g.kfd_node is not None else 0, g.index))


def _gpu_label(gpu: Gpu) -> str:
    name = gpu.name or translate("rocmdesk.torchenv.recommend", "GPU {index}").format(index=gpu.index)
    return f"{name} ({gpu.gfx})" if gpu.gfx else name


def _tags_in_order(w: TorchWheel, system_rocm: str | None) -> list[str]:
    tags = sorted(w.index_tags, key=lambda t: tag_version(t) or Version("0"), reverse=True)
    if system_rocm:
        sys_v = tag_version(system_rocm)
        same = [t for t in tags if sys_v and (v := tag_version(t)) and v.release[:2] == sys_v.release[:2]]
        tags = same + [t for t in tags if t not in same]
    return tags


@dataclass
class _Candidate:
    wheel: TorchWheel  # narrowed to one tag
    verdicts: dict[int, Support]  # report index -> support
    rank: int


def _judge(wheel: TorchWheel, gpus: list[Gpu], system_rocm: str | None) -> _Candidate:
    verdicts = {g.index: support_for(g.gfx, system_rocm, wheel=wheel) for g in gpus if g.gfx}
    rank = max((_RANK.get(s.status, 3) for s in verdicts.values()), default=3)
    return _Candidate(wheel, verdicts, rank)


def _candidates(torch_version: str | None, system_rocm: str | None) -> list[TorchWheel]:
    if torch_version:
        base, _, local = torch_version.partition("+")
        if local and not local.startswith("rocm"):
            raise RecommendError(translate("rocmdesk.torchenv.recommend",
                                           "torch {version} is not a ROCm build (the local label must be +rocmX.Y)")
                                 .format(version=torch_version))
        found = wheel_for(base)
        if found is None or (local and normalize_tag(local) not in found.index_tags
                             and "nightly/" + normalize_tag(local) not in found.index_tags):
            known = ", ".join(w.torch_version for w in torch_wheels())
            raise RecommendError(translate("rocmdesk.torchenv.recommend",
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


def _requirements(w: TorchWheel) -> tuple[list[str], str | None, str | None]:
    local = w.rocm_tag.split("/")[-1]
    torch = f"{w.torch_version}+{local}"
    tv = f"{w.torchvision}+{local}" if w.torchvision else None
    if w.channel == "nightly":  # nightlies have no fixed versions: pip picks the newest from the nightly index
        return ["--pre", "torch", "torchvision"], None, None
    return [f"torch=={torch}"] + ([f"torchvision=={tv}"] if tv else []), torch, tv


def recommend(
    report: MachineReport,
    torch_version: str | None = None,
    index_url: str | None = None,
    env: Mapping[str, str] | None = None,
) -> Recommendation:
    """The wheels for ``report``'s machine.  ``torch_version`` pins a version ("2.9.1" or "2.9.1+rocm6.3");
    ``index_url`` replaces the torch index (a mirror); ``env`` is the environment pip will run in (for
    ``PIP_INDEX_URL`` / ``PIP_EXTRA_INDEX_URL``).  Raises :class:`RecommendError` for an unknown version.
    """
    env = env or {}
    system_rocm = report.rocm.primary_version
    gpus = [g for g in report.gpus]
    discrete = [g for g in gpus if not is_igpu(g)]
    used = discrete or gpus
    hidden = [g for g in gpus if g not in used]
    judged = [g for g in used if g.gfx]
    warnings: list[str] = []
    why: dict[str, str] = {}

    cands = _candidates(torch_version, system_rocm)
    if judged:
        scored = [_judge(w, judged, system_rocm) for w in cands]
        best = min(scored, key=lambda c: c.rank)  # min keeps the first (newest) of equals
    else:
        best = _Candidate(cands[0], {}, 3)
    w = best.wheel
    reqs, torch_pin, tv_pin = _requirements(w)

    def worst_gpu() -> Gpu | None:
        if not judged:
            return None
        # the GPU the choice hinges on: worst verdict, then the biggest card, then the first
        return min(judged, key=lambda g: (-_RANK.get(best.verdicts[g.index].status, 3),
                                          -(g.vram_total_bytes or 0), g.index))

    gpu = worst_gpu()
    support = best.verdicts.get(gpu.index) if gpu else None
    rec = Recommendation(
        status=support.status if support else "no-gpu",
        index_url=w.index_url(),
        index_kind="pytorch",
        requirements=reqs,
        torch=torch_pin,
        torchvision=tv_pin,
        torch_version=w.torch_version,
        rocm_tag=w.rocm_tag,
        layout=w.layout(),
        gfx=gpu.gfx if gpu else None,
        gpu_index=gpu.index if gpu else None,
        gpu_name=gpu.name if gpu else None,
        used_gpus=[g.index for g in used],
        hidden_gpus=[g.index for g in hidden],
        source=support.source if support else w.source,
        why=why,
        warnings=warnings,
    )

    # -- which GPU decides ---------------------------------------------------------------------
    if gpu is None:
        if gpus:
            why["gpu"] = translate("rocmdesk.torchenv.recommend",
                                   "No GPU's gfx target could be read, so nothing narrows the choice: this is the "
                                   "newest stable wheel.")
        else:
            why["gpu"] = translate("rocmdesk.torchenv.recommend",
                                   "No AMD GPU was found on this machine; this is the newest stable wheel, for a "
                                   "machine that has one.")
    elif len(judged) == 1:
        why["gpu"] = (translate("rocmdesk.torchenv.recommend", "The {gpu} decides: it is the only AMD GPU.")
                      if not hidden
                      else translate("rocmdesk.torchenv.recommend", "The {gpu} decides: it is the only GPU used.")
                      ).format(gpu=_gpu_label(gpu))
    else:
        gfxs = sorted({g.gfx for g in judged if g.gfx})
        if len(gfxs) == 1:
            why["gpu"] = translate("rocmdesk.torchenv.recommend",
                                   "All {count} GPUs are {gfx}, so any one of them decides.").format(
                count=len(judged), gfx=gfxs[0])
        else:
            why["gpu"] = translate("rocmdesk.torchenv.recommend",
                                   "The {gpu} decides: the wheel must serve all {count} GPUs ({gfx}), and it is the "
                                   "hardest to serve.").format(gpu=_gpu_label(gpu), count=len(judged),
                                                                gfx=", ".join(gfxs))
    for g in used:
        if not g.gfx:
            warnings.append(translate("rocmdesk.torchenv.recommend",
                                      "GPU {index} ({name}): its gfx target is unknown, so it was not judged.").format(
                index=g.index, name=g.name or translate("rocmdesk.torchenv.recommend", "unnamed")))

    # -- iGPU beside a dGPU --------------------------------------------------------------------
    if hidden:
        order = hip_order(gpus)
        visible = ",".join(str(order.index(g)) for g in used)
        rec.env["ROCR_VISIBLE_DEVICES"] = visible
        names = ", ".join(_gpu_label(g) for g in hidden)
        warnings.append(translate(
            "rocmdesk.torchenv.recommend",
            "The integrated GPU {names} sits beside the discrete one; the ROCm runtime enumerates it too and can "
            "crash or pick it as device 0. Set ROCR_VISIBLE_DEVICES={visible}: it keeps the iGPU out of the ROCm "
            "runtime itself (HIP_VISIBLE_DEVICES acts only after the runtime has opened it, and a HIP mask on top "
            "of the ROCr one renumbers the GPUs, so set only ROCR_VISIBLE_DEVICES), or disable the iGPU in the "
            "firmware setup.").format(names=names, visible=visible))

    # -- AMD's per-family index when torch's own wheels can't serve the GPU ------------------------
    family = amd_wheel_index(gpu.gfx) if gpu and gpu.gfx else None
    if family and best.rank >= _RANK["risky"] and not all(g.gfx in family.gfx for g in judged):
        family = None  # one family index can't serve GPUs of several families
    if family and best.rank >= _RANK["risky"]:
        if torch_version:
            warnings.append(translate("rocmdesk.torchenv.recommend",
                                      "torch {version} serves the {gpu} only at risk or not at all; AMD's own wheels "
                                      "for {family} build for it natively: {url}").format(
                version=torch_version, gpu=_gpu_label(gpu), family=family.family, url=family.index_url))
        else:
            lacking = support.reason if support else ""
            rec.status = "supported"
            rec.index_url, rec.index_kind = family.index_url, "amd"
            rec.requirements, rec.torch, rec.torchvision = ["torch", "torchvision"], None, None
            rec.torch_version = rec.rocm_tag = None
            rec.layout = "therock"
            rec.source = family.source
            why["torch"] = translate("rocmdesk.torchenv.recommend",
                                     "PyTorch's own wheels serve {gfx} only at risk or not at all ({reason}), so the "
                                     "newest torch from AMD's index is used.").format(gfx=gpu.gfx, reason=lacking)
            why["index"] = translate("rocmdesk.torchenv.recommend",
                                     "AMD's {family} index builds torch natively for {gfx} and holds only ROCm "
                                     "builds, so pip takes its newest torch there.").format(
                family=family.family, gfx=", ".join(family.gfx))
            warnings.append(translate("rocmdesk.torchenv.recommend",
                                      "AMD's index has no fixed torch version in rocmdesk's data: pip installs its "
                                      "newest; make sure no extra index in your pip configuration offers a CUDA "
                                      "build of torch."))
    if rec.index_kind == "pytorch":
        if torch_version:
            judged_by = support.reason if support else translate("rocmdesk.torchenv.recommend",
                                                                 "no GPU to judge it by")
            why["torch"] = translate("rocmdesk.torchenv.recommend", "You asked for torch {version}; {reason}.").format(
                version=torch_version, reason=judged_by)
        elif support is None:
            why["torch"] = translate("rocmdesk.torchenv.recommend",
                                     "torch {version} is the newest stable release in rocmdesk's data.").format(
                version=w.torch_version)
        else:
            why["torch"] = _why_torch(w, support)
        tag_v = tag_version(w.rocm_tag)
        why["index"] = translate("rocmdesk.torchenv.recommend",
                                 "PyTorch's {tag} index serves torch {version} built for ROCm {rocm}; --index-url "
                                 "(not --extra-index-url) keeps PyPI's CUDA build out.").format(
            tag=w.rocm_tag.split("/")[-1], version=w.torch_version, rocm=tag_v)

    # -- override ----------------------------------------------------------------------------------
    if rec.index_kind == "amd":
        why["override"] = translate("rocmdesk.torchenv.recommend",
                                    "No override: AMD's per-family wheels carry the GPU's own code objects.")
    elif support is None:
        why["override"] = translate("rocmdesk.torchenv.recommend", "No override: there is no GPU to set one for.")
    else:
        needing = [g for g in judged if best.verdicts[g.index].override]
        native = [g for g in judged if not best.verdicts[g.index].override]
        values = {best.verdicts[g.index].override for g in needing}
        if not needing:
            carried = ", ".join(sorted({g.gfx for g in judged if g.gfx}))
            why["override"] = translate("rocmdesk.torchenv.recommend",
                                        "No override: the wheels carry {gfx} natively.").format(gfx=carried)
        elif len(values) == 1 and not native:
            value = values.pop()
            rec.override = value
            rec.env[OVERRIDE_VAR] = value
            target = f"gfx{value.replace('.', '')}" if value.count(".") == 2 else value
            why["override"] = translate("rocmdesk.torchenv.recommend",
                                        "{var}={value}: the wheels lack {gfx} but carry {target}, whose code runs on "
                                        "it.").format(var=OVERRIDE_VAR, value=value, gfx=gpu.gfx,
                                                      target=_override_target(gpu.gfx) or target)
        else:
            # a global override would also hit the GPUs that run natively: per KFD node instead
            for g in needing:
                value = best.verdicts[g.index].override
                if g.kfd_node is None:
                    warnings.append(translate("rocmdesk.torchenv.recommend",
                                              "GPU {index} needs {var}={value}, but its KFD node is unknown, so the "
                                              "per-GPU form can't be written; set it by hand.").format(
                        index=g.index, var=OVERRIDE_VAR, value=value))
                    continue
                rec.env[f"{OVERRIDE_VAR}_{g.kfd_node}"] = value
            rec.override = best.verdicts[gpu.index].override
            why["override"] = translate("rocmdesk.torchenv.recommend",
                                        "Per-GPU overrides ({var}_<KFD node>): only {gpus} need one, and a global "
                                        "{var} would break the GPUs that run natively.").format(
                var=OVERRIDE_VAR, gpus=", ".join(_gpu_label(g) for g in needing))

    # -- what the system's ROCm has to do with it --------------------------------------------------
    wheel_rocm = str(tag_version(rec.rocm_tag)) if rec.rocm_tag else None
    own = (translate("rocmdesk.torchenv.recommend", "its own ROCm {rocm} user space").format(rocm=wheel_rocm)
           if wheel_rocm and rec.layout != "therock"
           else translate("rocmdesk.torchenv.recommend", "its ROCm user space as pip packages"))
    if system_rocm:
        same = wheel_rocm and tag_version(system_rocm) and tag_version(wheel_rocm) \
            and tag_version(system_rocm).release[:2] == tag_version(wheel_rocm).release[:2]
        why["rocm"] = (translate("rocmdesk.torchenv.recommend",
                                 "The wheel brings {own}; torch does not use the system's ROCm {system} — only the "
                                 "amdgpu kernel driver and /dev/kfd — but it matches, so extensions you build "
                                 "against /opt/rocm fit the wheel.") if same
                       else translate("rocmdesk.torchenv.recommend",
                                      "The wheel brings {own}; torch does not use the system's ROCm {system} — only "
                                      "the amdgpu kernel driver and /dev/kfd — but extensions you build against "
                                      "/opt/rocm (flash-attn, bitsandbytes) may clash with the wheel's copy in one "
                                      "process.")).format(own=own, system=system_rocm)
    else:
        why["rocm"] = translate("rocmdesk.torchenv.recommend",
                                "The wheel brings {own}: no system ROCm install is needed, only the amdgpu kernel "
                                "driver and access to /dev/kfd.").format(own=own)

    # -- the kernel driver's age: ROCm 7 user space on a ROCm 6 driver can hang at discovery -------
    dkms = dkms_rocm_version(report)
    wheel_v = tag_version(rec.rocm_tag) if rec.rocm_tag else None
    if dkms and wheel_v and Version(dkms).major < wheel_v.major:
        alt = _wheel_matching(dkms)
        warnings.append((translate(
            "rocmdesk.torchenv.recommend",
            "Your amdgpu-dkms kernel driver comes from ROCm {dkms}, older than the wheel's ROCm {rocm}: a newer ROCm "
            "user space on an older driver can hang at GPU discovery (AMD documents compatibility up to about a year "
            "apart). If verify hangs or sees no GPU, update amdgpu-dkms or install torch {alt} instead (--torch "
            "{alt}).") if alt else translate(
            "rocmdesk.torchenv.recommend",
            "Your amdgpu-dkms kernel driver comes from ROCm {dkms}, older than the wheel's ROCm {rocm}: a newer ROCm "
            "user space on an older driver can hang at GPU discovery (AMD documents compatibility up to about a year "
            "apart). If verify hangs or sees no GPU, update amdgpu-dkms.")).format(dkms=dkms, rocm=wheel_v, alt=alt))

    # -- the user's current override ---------------------------------------------------------------
    for var, value in sorted(report.override_env.items()):
        if var not in rec.env:
            if rec.override is None:
                warnings.append(translate("rocmdesk.torchenv.recommend",
                                          "{var}={value} is set in your environment, but these wheels need no "
                                          "override: unset it (on a natively supported GPU an override can crash the "
                                          "runtime).").format(var=var, value=value))
            else:
                wanted = next(iter(k for k in rec.env if k.startswith(OVERRIDE_VAR)), OVERRIDE_VAR)
                warnings.append(translate("rocmdesk.torchenv.recommend",
                                          "{var}={value} is set in your environment; these wheels want "
                                          "{wanted}={wanted_value} instead.").format(
                    var=var, value=value, wanted=wanted, wanted_value=rec.override))
        elif rec.env[var] != value:
            warnings.append(translate("rocmdesk.torchenv.recommend",
                                      "{var}={value} is set in your environment; these wheels want "
                                      "{wanted}={wanted_value} instead.").format(
                var=var, value=value, wanted=var, wanted_value=rec.env[var]))

    # -- a custom index or mirror --------------------------------------------------------------------
    pinned = rec.torch is not None
    if index_url:
        original = rec.index_url
        rec.index_url, rec.index_kind = index_url, "custom"
        why["index"] = translate("rocmdesk.torchenv.recommend",
                                 "You chose {url}; it must serve the same wheels as {original} (a mirror of it), or "
                                 "pip finds no matching torch.").format(url=index_url, original=original)
    mirror = (env.get("PIP_INDEX_URL") or "").strip()
    extras = (env.get("PIP_EXTRA_INDEX_URL") or "").split()
    # --index-url on the command line overrides PIP_INDEX_URL, and --extra-index-url overrides
    # PIP_EXTRA_INDEX_URL: keep the user's mirrors in play for the dependencies (filelock, sympy, ...)
    keep = [u for u in ([mirror] if mirror else []) + extras if u and u != rec.index_url]
    if keep and pinned:
        rec.extra_index_urls = list(dict.fromkeys(keep))
        why["mirror"] = translate("rocmdesk.torchenv.recommend",
                                  "Your pip index settings (PIP_INDEX_URL / PIP_EXTRA_INDEX_URL) stay in play as "
                                  "extra indexes for torch's dependencies; the exact +{tag} pins keep their CUDA "
                                  "torch out.").format(tag=rec.rocm_tag.split("/")[-1])
    elif keep:
        warnings.append(translate("rocmdesk.torchenv.recommend",
                                  "PIP_INDEX_URL / PIP_EXTRA_INDEX_URL are not added to this command: without an "
                                  "exact torch version a CUDA build from them could win."))
    return rec


def _why_torch(w: TorchWheel, support: Support) -> str:
    """Why this torch: the newest (stable) release that serves the deciding GPU as well as any can."""
    newest = next(x for x in reversed(torch_wheels()) if x.channel == "stable")
    stable = w.torch_version == newest.torch_version
    # one sentence per case, so a translation can order its parts freely
    texts = {
        ("supported", True): translate("rocmdesk.torchenv.recommend",
                                       "torch {version} is the newest stable release that serves it natively: "
                                       "{reason}."),
        ("supported", False): translate("rocmdesk.torchenv.recommend",
                                        "torch {version} ({tag}) is the newest release that serves it natively: "
                                        "{reason}."),
        ("override", True): translate("rocmdesk.torchenv.recommend",
                                      "torch {version} is the newest stable release that runs it (with an "
                                      "override): {reason}."),
        ("override", False): translate("rocmdesk.torchenv.recommend",
                                       "torch {version} ({tag}) is the newest release that runs it (with an "
                                       "override): {reason}."),
        ("risky", True): translate("rocmdesk.torchenv.recommend",
                                   "torch {version} is the newest stable release that runs it at all, and only at "
                                   "risk: {reason}."),
        ("risky", False): translate("rocmdesk.torchenv.recommend",
                                    "torch {version} ({tag}) is the newest release that runs it at all, and only at "
                                    "risk: {reason}."),
        ("unsupported", True): translate("rocmdesk.torchenv.recommend",
                                         "torch {version} is the newest stable release in the data, but none serve "
                                         "it: {reason}."),
        ("unsupported", False): translate("rocmdesk.torchenv.recommend",
                                          "torch {version} ({tag}) is the newest release in the data, but none serve "
                                          "it: {reason}."),
    }
    text = texts.get((support.status, stable))
    if text is None:  # a status this table does not know (the data grew): the plain statement
        text = (translate("rocmdesk.torchenv.recommend", "torch {version} is the newest stable release: {reason}.")
                if stable else
                translate("rocmdesk.torchenv.recommend", "torch {version} ({tag}) is the newest release: {reason}."))
    return text.format(version=w.torch_version, tag=w.rocm_tag, reason=support.reason)


def dkms_rocm_version(report: MachineReport) -> str | None:
    """The ROCm release an installed amdgpu-dkms came with ("1:6.12.12.60401-..." -> "6.4.1"); None if unknown.

    Legacy packages carry the ROCm version as MNNPP before the build number; the 7.x drivers are versioned
    on their own (30.10, 30.20) and give None here.
    """
    import re

    version = report.rocm.packages.get("amdgpu-dkms")
    if not version:
        return None
    m = re.search(r"\.(\d)(\d{2})(\d{2})-", version)
    if not m:
        return None
    return f"{int(m.group(1))}.{int(m.group(2))}.{int(m.group(3))}"


def _wheel_matching(rocm: str) -> str | None:
    """The newest stable torch with wheels for ``rocm``'s major.minor: "2.9.1+rocm6.4"."""
    v = Version(rocm)
    for w in reversed(torch_wheels()):
        if w.channel != "stable":
            continue
        for t in w.index_tags:
            tv = tag_version(t)
            if tv and tv.release[:2] == v.release[:2]:
                return f"{w.torch_version}+{t}"
    return None


def _override_target(gfx: str | None) -> str | None:
    from rocmdesk.knowledge import gfx_target

    t = gfx_target(gfx)
    return t.override_to if t else None
