"""Which PyTorch wheels this machine should get: index, exact versions, override, and why.

A rendering of the advice model (``rocmdesk.advice``, which chooses the path, the override and the device mask)
plus what only the install needs: exact requirements, the index or a mirror, and the "why" sentences of the card.
:func:`recommend` runs nothing.
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from packaging.version import Version

from rocmdesk.advice import (
    OVERRIDE_VAR, AdviceError, MachineAdvice, advise, context_for, dkms_rocm_version, gpu_label, is_igpu,
    runtime_order,
)
from rocmdesk.advice.compute import ALL_ALLOCATOR_VARS
from rocmdesk.i18n import translate
from rocmdesk.advice.model import STATUS_RANK
from rocmdesk.knowledge import Support, amd_wheel_index, torch_wheels
from rocmdesk.knowledge.wheels import TorchWheel, tag_version
from rocmdesk.machine.model import Gpu, MachineReport

__all__ = ["OVERRIDE_VAR", "Recommendation", "RecommendError", "advice_for_torch", "dkms_rocm_version", "hip_order",
           "is_igpu", "recommend"]

# the advice's error: a pinned torch rocmdesk does not know
RecommendError = AdviceError


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
    gpus: list[dict[str, Any]] = field(default_factory=list)  # index, name, gfx and the advice object, per GPU
    advice: MachineAdvice | None = field(default=None, repr=False, compare=False)  # what it was rendered from

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
        data = {k: v for k, v in asdict(self).items() if k != "advice"}
        data["pip_command"] = self.pip_command
        return data


def advice_for_torch(report: MachineReport, torch_version: str | None = None) -> MachineAdvice | None:
    """The advice a recommendation renders: the one attached to ``report`` (``rocmdesk.advice.attach``), or for a
    pinned torch ("2.9.1", "2.9.1+rocm6.3") the same machine's in that context.  Raises :class:`RecommendError`
    for a torch rocmdesk does not know."""
    if torch_version:
        return advise(report, context_for(report, torch=torch_version))
    return report.advice


def hip_order(gpus: list[Gpu]) -> list[Gpu]:
    """GPUs in the order ROCr/HIP number them (``advice.runtime_order``)."""
    return runtime_order(gpus)


def _gpu_label(gpu: Gpu) -> str:
    return gpu_label(gpu)


def _requirements(w: TorchWheel) -> tuple[list[str], str | None, str | None]:
    local = w.rocm_tag.split("/")[-1]
    torch = f"{w.torch_version}+{local}"
    tv = f"{w.torchvision}+{local}" if w.torchvision else None
    if w.channel == "nightly":  # nightlies have no fixed versions: pip picks the newest from the nightly index
        return ["--pre", "torch", "torchvision"], None, None
    return [f"torch=={torch}"] + ([f"torchvision=={tv}"] if tv else []), torch, tv


def _gpu_env(env: Mapping[str, str]) -> dict[str, str]:
    """The GPU variables of the advice's environment (override, device mask); the allocator ones are the
    profile's presets, not part of the wheel choice."""
    return {k: v for k, v in env.items() if k not in ALL_ALLOCATOR_VARS}


def recommend(
    report: MachineReport,
    torch_version: str | None = None,
    index_url: str | None = None,
    env: Mapping[str, str] | None = None,
    *,
    advice: MachineAdvice | None = None,
) -> Recommendation:
    """The wheels for ``report``'s machine, rendered from the advice model (``rocmdesk.advice``).
    ``torch_version`` pins a version ("2.9.1" or "2.9.1+rocm6.3"); ``index_url`` replaces the torch index (a
    mirror); ``env`` is the environment pip will run in (for ``PIP_INDEX_URL`` / ``PIP_EXTRA_INDEX_URL``);
    ``advice`` is the machine's advice when the caller has it already (same context).  Raises
    :class:`RecommendError` for an unknown version.
    """
    env = env or {}
    if advice is None:
        try:
            advice = advise(report, context_for(report, torch=torch_version))
        except AdviceError as exc:
            raise RecommendError(str(exc)) from None
    a = advice
    system_rocm = report.rocm.primary_version
    by_index = {g.index: g for g in report.gpus}
    gpu = by_index.get(a.deciding) if a.deciding is not None else None
    ga = a.gpus.get(gpu.index) if gpu else None
    why: dict[str, str] = {k: v for k, v in a.why.items() if k in ("gpu", "override", "driver")}
    warnings: list[str] = list(a.warnings)
    path = a.path
    assert path is not None
    rec = Recommendation(
        status=a.status, index_url=path.index_url or "", index_kind="pytorch", requirements=[], torch=None,
        torchvision=None, torch_version=None, rocm_tag=None, layout=None,
        gfx=gpu.gfx if gpu else None, gpu_index=gpu.index if gpu else None, gpu_name=gpu.name if gpu else None,
        used_gpus=list(a.used), hidden_gpus=list(a.hidden), override=a.override, env=_gpu_env(a.env),
        why=why, warnings=warnings, source=", ".join(a.sources) or None, advice=a,
        gpus=[{"index": g.index, "name": g.name, "gfx": g.gfx,
               "advice": a.gpus[g.index].to_json() if g.index in a.gpus else None} for g in report.gpus],
    )
    if "devices" in a.why:
        warnings.append(a.why["devices"])

    if path.stream == "amd":
        fam = a.family
        rec.index_kind, rec.layout = "amd", "therock"
        rec.requirements = ["torch", "torchvision"]
        rec.source = fam.source if fam else rec.source
        lacking = ""
        if ga is not None:
            alt = next((x for x in ga.alternatives if x.why == "other-source"), None)
            lacking = alt.reason if alt else ""
        why["torch"] = translate("rocmdesk.torchenv.recommend",
                                 "PyTorch's own wheels serve {gfx} only at risk or not at all ({reason}), so the "
                                 "newest torch from AMD's index is used.").format(gfx=gpu.gfx if gpu else "",
                                                                                   reason=lacking)
        why["index"] = translate("rocmdesk.torchenv.recommend",
                                 "AMD's {family} index builds torch natively for {gfx} and holds only ROCm "
                                 "builds, so pip takes its newest torch there.").format(
            family=fam.family if fam else "", gfx=", ".join(fam.gfx) if fam else "")
        warnings.append(translate("rocmdesk.torchenv.recommend",
                                  "AMD's index has no fixed torch version in rocmdesk's data: pip installs its "
                                  "newest; make sure no extra index in your pip configuration offers a CUDA "
                                  "build of torch."))
    else:
        w = a.wheel
        assert w is not None
        rec.requirements, rec.torch, rec.torchvision = _requirements(w)
        rec.torch_version, rec.rocm_tag, rec.layout = w.torch_version, w.rocm_tag, w.layout()
        support = by_index and ga
        if torch_version:
            judged_by = ga.reason if ga else translate("rocmdesk.torchenv.recommend", "no GPU to judge it by")
            why["torch"] = translate("rocmdesk.torchenv.recommend", "You asked for torch {version}; {reason}.").format(
                version=torch_version, reason=judged_by)
        elif not support:
            why["torch"] = translate("rocmdesk.torchenv.recommend",
                                     "torch {version} is the newest stable release in rocmdesk's data.").format(
                version=w.torch_version)
        else:
            why["torch"] = _why_torch(w, Support(ga.status, ga.override, ga.reason, ga.source))
        why["index"] = translate("rocmdesk.torchenv.recommend",
                                 "PyTorch's {tag} index serves torch {version} built for ROCm {rocm}; --index-url "
                                 "(not --extra-index-url) keeps PyPI's CUDA build out.").format(
            tag=w.rocm_tag.split("/")[-1], version=w.torch_version, rocm=tag_version(w.rocm_tag))
        if ga is not None and torch_version and STATUS_RANK.get(a.status, 3) >= STATUS_RANK["risky"]:
            fam = next((x for x in ga.alternatives if x.why == "other-source" and x.path.stream == "amd"), None)
            family = amd_wheel_index(gpu.gfx) if gpu and gpu.gfx else None
            if fam is not None and family is not None:
                warnings.append(translate("rocmdesk.torchenv.recommend",
                                          "torch {version} serves the {gpu} only at risk or not at all; AMD's own "
                                          "wheels for {family} build for it natively: {url}").format(
                    version=torch_version, gpu=gpu_label(gpu), family=family.family, url=family.index_url))
        if ga is not None:
            for alt in ga.alternatives:
                if alt.why == "safer":
                    warnings.append(translate("rocmdesk.torchenv.recommend",
                                              "{reason}; if torch {torch} crashes, torch {safer} is the fallback "
                                              "(--torch {safer}).").format(
                        reason=ga.reason, torch=rec.torch, safer=alt.path.torch))
    # keep the order the rest of the card expects: gpu, torch, index, override, rocm, driver
    why = {k: why[k] for k in ("gpu", "torch", "index", "override") if k in why} | \
        {k: v for k, v in why.items() if k not in ("gpu", "torch", "index", "override")}
    rec.why = why

    # -- what the system's ROCm has to do with it --------------------------------------------------
    wheel_rocm = str(tag_version(rec.rocm_tag)) if rec.rocm_tag else None
    own = (translate("rocmdesk.torchenv.recommend", "its own ROCm {rocm} user space").format(rocm=wheel_rocm)
           if wheel_rocm and rec.layout != "therock"
           else translate("rocmdesk.torchenv.recommend", "its ROCm user space as pip packages"))
    if system_rocm:
        sv, wv = tag_version(system_rocm), tag_version(wheel_rocm) if wheel_rocm else None
        same = bool(sv and wv and sv.release[:2] == wv.release[:2])
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

    # -- the user's current override: the advice's notes on the variables in effect ----------------
    for note in a.notes:
        if note.code != "override-missing":
            warnings.append(note.message)

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
