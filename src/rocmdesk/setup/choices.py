"""What the user chose (release, scope, driver, user), and the defaults with their reasons."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from rocmdesk.i18n import translate
from rocmdesk.knowledge import gfx_target, rocm_release, rocm_releases
from rocmdesk.knowledge.releases import RocmRelease
from rocmdesk.machine.model import MachineReport
from rocmdesk.setup.recipe import SCOPES, scope_package_names, split_repo, therock_distro, therock_family

# what each scope installs, as ``plan --format json`` writes it (machine-readable: English)
SCOPE_WHAT_EN = {
    "pytorch": "PyTorch only: no system ROCm (the wheels carry their own user space); GPU groups and driver checks",
    "runtime": "HIP runtime with rocminfo and rocm-smi",
    "sdk": "the HIP SDK and developer tools (rocm-hip-sdk, rocm-developer-tools)",
}
# a "why" that means the user chose it; the Setup page compares it, so it stays this code in every language
CHOSEN = "chosen"


# TheRock installs other packages for the same scopes: amdrocm* per GPU family (recipe.scope_package_names)
THEROCK_SCOPE_WHAT_EN = {
    "runtime": "ROCm's runtime and libraries for the GPU family, with rocminfo ({packages} packages)",
    "sdk": "ROCm's libraries, headers and developer tools for the GPU family ({packages} packages)",
}


def scope_what_en(scope: str, stream: str | None = None) -> str:
    """What a scope installs from a release of ``stream``, in English (``plan --format json``)."""
    if stream == "therock" and scope in THEROCK_SCOPE_WHAT_EN:
        return THEROCK_SCOPE_WHAT_EN[scope].format(packages=", ".join(scope_package_names(stream, scope)))
    return SCOPE_WHAT_EN[scope]


def scope_what(scope: str, stream: str | None = None) -> str:
    """``scope_what_en(scope, stream)`` in the current language."""
    if stream == "therock" and scope in THEROCK_SCOPE_WHAT_EN:
        packages = ", ".join(scope_package_names(stream, scope))
        if scope == "runtime":
            return translate("rocmdesk.setup.choices", "ROCm's runtime and libraries for the GPU family, with "
                             "rocminfo ({packages} packages)").format(packages=packages)
        return translate("rocmdesk.setup.choices", "ROCm's libraries, headers and developer tools for the GPU "
                         "family ({packages} packages)").format(packages=packages)
    if scope == "pytorch":
        return translate("rocmdesk.setup.choices", "PyTorch only: no system ROCm (the wheels carry their own user "
                         "space); GPU groups and driver checks")
    if scope == "runtime":
        return translate("rocmdesk.setup.choices", "HIP runtime with rocminfo and rocm-smi")
    if scope == "sdk":
        return translate("rocmdesk.setup.choices",
                         "the HIP SDK and developer tools (rocm-hip-sdk, rocm-developer-tools)")
    raise KeyError(scope)


class _ScopeWhat(Mapping[str, str]):
    """``SCOPE_WHAT``: a mapping looked up in the language current at the lookup, not at import."""

    def __getitem__(self, scope: str) -> str:
        return scope_what(scope)

    def __iter__(self) -> Iterator[str]:
        return iter(SCOPES)

    def __len__(self) -> int:
        return len(SCOPES)


SCOPE_WHAT: Mapping[str, str] = _ScopeWhat()


@dataclass
class Choices:
    rocm: str | None = None  # None: the recommended release
    scope: str = "pytorch"
    dkms: bool | None = None  # None: off when the in-box amdgpu is loaded
    user: str | None = None  # None: the user the report names (the caller)
    cleanup: bool | None = None  # None: clean up other ROCm versions unless the scope is pytorch

    def __post_init__(self) -> None:
        if self.scope not in SCOPES:
            raise ValueError(translate("rocmdesk.setup.choices", "scope {scope} is not one of {scopes}").format(
                scope=repr(self.scope), scopes=", ".join(SCOPES)))


@dataclass
class Resolved:
    """The choices with every default filled in, and why."""

    scope: str
    release: RocmRelease | None
    rocm_requested: str | None
    rocm_why: str
    dkms: bool
    dkms_why: str
    user: str | None
    cleanup: bool
    os_fit: str | None  # listed | repo | None (see os_fit)
    suite: str | None  # the apt suite: Ubuntu codename (legacy) or "stable" (TheRock)
    distro: str | None  # TheRock repo directory (ubuntu2404, ...)
    families: dict[str, str] = field(default_factory=dict)  # TheRock: gfx -> apt family

    @property
    def stream(self) -> str | None:
        return self.release.stream if self.release else None

    @property
    def needs_apt(self) -> bool:
        return self.scope != "pytorch" or self.dkms

    def to_json(self) -> dict[str, Any]:
        rel = self.release
        return {
            "rocm": rel.version if rel else self.rocm_requested,
            "rocm_why": self.rocm_why,
            "stream": self.stream,
            "scope": self.scope,
            "scope_what": scope_what_en(self.scope, self.stream),
            "dkms": self.dkms,
            "dkms_why": self.dkms_why,
            "user": self.user,
            "cleanup": self.cleanup,
            "os_fit": self.os_fit,
            "suite": self.suite,
            "distro": self.distro,
            "families": dict(self.families),
        }


def _os_name(report: MachineReport) -> str:
    o = report.os
    return o.pretty_name or " ".join(x for x in (o.id, o.version_id) if x) or translate(
        "rocmdesk.setup.choices", "this OS")


def os_fit(release: RocmRelease, report: MachineReport) -> str | None:
    """``listed``: AMD lists this OS for the release; ``repo``: not listed, but the release has a repo that fits
    (a derivative, or Debian on the Ubuntu repo); None: no repo for it."""
    o = report.os
    if release.stream == "therock":
        distro = therock_distro(o.id, o.version_id, o.repo_codename)
        if distro is None or distro not in release.repos.apt_distros:
            return None
        if o.id == "debian":
            return "listed" if (o.version_id or "").split(".")[0] in release.debian_versions else "repo"
        return "listed" if o.id == "ubuntu" and o.repo_codename in release.ubuntu_codenames else "repo"
    if not o.repo_codename or o.repo_codename not in release.ubuntu_codenames:
        return None
    if o.id == "ubuntu":
        return "listed"
    if o.id == "debian" and (o.version_id or "").split(".")[0] in release.debian_versions:
        return "listed"
    return "repo"


def _used_gpus(report: MachineReport) -> list:
    """The GPUs a process will use, as the advice says (``report.advice.used``); without attached advice, the
    advice's own rule: an iGPU beside a discrete GPU is kept out of the runtime, so no release needs to list it."""
    from rocmdesk.advice import is_igpu

    if report.advice is not None:
        used = set(report.advice.used)
        return [g for g in report.gpus if g.index in used]
    discrete = [g for g in report.gpus if not is_igpu(g)]
    return discrete or list(report.gpus)


def gpus_fit_how(release: RocmRelease, report: MachineReport) -> dict[str, str] | None:
    """How the release's GPU list serves the GPUs used: gfx -> the listed target (the gfx itself, or its
    override target when only that is listed); None when a GPU is on the list neither way."""
    out: dict[str, str] = {}
    for gpu in _used_gpus(report):
        if not gpu.gfx:
            continue
        target = gfx_target(gpu.gfx)
        alt = target.override_to if target else None
        if release.supports(gpu.gfx):
            out[gpu.gfx] = gpu.gfx
        elif alt and release.supports(alt):
            out[gpu.gfx] = alt
        else:
            return None
    return out


def gpus_fit(release: RocmRelease, report: MachineReport) -> bool:
    """Every GPU used is on the release's list, itself or through its override target."""
    return gpus_fit_how(release, report) is not None


def _through_override(release: RocmRelease, report: MachineReport) -> tuple[str, str] | None:
    """(the GPUs' gfx, the override targets the list names instead) when a GPU is served only through its
    override target, else None: the reason must not say AMD lists the GPU itself."""
    how = gpus_fit_how(release, report) or {}
    via = {gfx: target for gfx, target in how.items() if gfx != target}
    if not via:
        return None
    return ", ".join(via), ", ".join(dict.fromkeys(via.values()))


def recommend(report: MachineReport) -> tuple[RocmRelease | None, str]:
    """The release to install on this machine, and the reason.  Previews are never recommended.

    The reason says what AMD's list for that release holds: this GPU, or only its override target (gfx1032 is
    served as gfx1030), as the advice (``rocmdesk.advice``) cites the same release's list."""
    name = _os_name(report)
    final = [r for r in rocm_releases() if not r.preview]
    installed = rocm_release(report.rocm.primary_version)
    if installed and not installed.preview and os_fit(installed, report) == "listed" and gpus_fit(installed, report):
        via = _through_override(installed, report)
        if via:
            return installed, translate(
                "rocmdesk.setup.choices", "ROCm {version} is installed already and AMD lists it for {os}; its GPU "
                "list has this GPU's override target {target}, not {gfx} itself"
            ).format(version=installed.version, os=name, gfx=via[0], target=via[1])
        return installed, translate(
            "rocmdesk.setup.choices", "ROCm {version} is installed already and AMD lists it for {os} and this GPU"
        ).format(version=installed.version, os=name)
    if report.gpus:
        listed = translate("rocmdesk.setup.choices", "the newest release AMD lists for {os} and this GPU")
        listed_therock = translate("rocmdesk.setup.choices",
                                   "the newest TheRock release AMD lists for {os} and this GPU")
    else:
        listed = translate("rocmdesk.setup.choices", "the newest release AMD lists for {os}")
        listed_therock = translate("rocmdesk.setup.choices", "the newest TheRock release AMD lists for {os}")
    # the same tiers when a GPU is on a release's list only through its override target
    via_texts = {
        ("listed", "legacy"): translate("rocmdesk.setup.choices",
                                        "the newest release AMD lists for {os} that lists this GPU's override target "
                                        "{target} ({gfx} itself is not on its list)"),
        ("listed", "therock"): translate("rocmdesk.setup.choices",
                                         "the newest TheRock release AMD lists for {os} that lists this GPU's "
                                         "override target {target} ({gfx} itself is not on its list)"),
        ("repo", "legacy"): translate("rocmdesk.setup.choices",
                                      "the newest release with a repository for {os} that lists this GPU's override "
                                      "target {target} ({gfx} itself is not on its list)"),
        ("repo", "therock"): translate("rocmdesk.setup.choices",
                                       "the newest TheRock release with a repository for {os} that lists this GPU's "
                                       "override target {target} ({gfx} itself is not on its list)"),
    }
    tiers = (("listed", True, "legacy", listed),
             ("listed", True, "therock", listed_therock),
             ("repo", True, "legacy", translate(
                 "rocmdesk.setup.choices", "the newest release with a repository for {os} that lists this GPU")),
             ("repo", True, "therock", translate(
                 "rocmdesk.setup.choices",
                 "the newest TheRock release with a repository for {os} that lists this GPU")),
             ("listed", False, "legacy", translate(
                 "rocmdesk.setup.choices", "the newest release AMD lists for {os}; this GPU is not on its list")),
             ("repo", False, "legacy", translate(
                 "rocmdesk.setup.choices",
                 "the newest release with a repository for {os}; this GPU is not on its list")))
    for fit, need_gpu, stream, why in tiers:
        fits = [r for r in final if r.stream == stream and os_fit(r, report) == fit
                and (not need_gpu or gpus_fit(r, report))]
        if fits:
            via = _through_override(fits[-1], report) if need_gpu else None
            if via:
                return fits[-1], via_texts[(fit, stream)].format(os=name, gfx=via[0], target=via[1])
            return fits[-1], why.format(os=name)
    return None, translate("rocmdesk.setup.choices",
                           "no ROCm release in rocmdesk's data has an apt repository for {os}").format(os=name)


def _default_dkms(report: MachineReport, release: RocmRelease | None) -> tuple[bool, str]:
    k = report.kernel
    if k.amdgpu_loaded and (k.dkms or "amdgpu-dkms" in report.rocm.packages):
        return False, translate("rocmdesk.setup.choices", "AMD's amdgpu-dkms driver is installed and loaded already")
    if k.amdgpu_loaded:
        return False, translate("rocmdesk.setup.choices", "the in-box amdgpu driver is loaded")
    if report.os.wsl or report.os.container:
        return False, translate("rocmdesk.setup.choices",
                                "the kernel driver belongs to the host here, not to this system")
    if not report.gpus:
        return False, translate("rocmdesk.setup.choices", "no AMD GPU was found")
    if release is None or not release.repos.amdgpu_apt:
        return False, translate("rocmdesk.setup.choices", "the data has no amdgpu driver repository for this release")
    if k.amdgpu_loaded is None:
        return False, translate("rocmdesk.setup.choices",
                                "whether amdgpu is loaded is unknown; choose --dkms if it is not")
    return True, translate("rocmdesk.setup.choices",
                           "amdgpu is not loaded: AMD's DKMS driver brings one for this kernel")


def resolve(report: MachineReport, choices: Choices) -> Resolved:
    if choices.rocm:
        release = rocm_release(choices.rocm)
        why = CHOSEN if release else translate("rocmdesk.setup.choices",
                                               "ROCm {version} is not in rocmdesk's data").format(version=choices.rocm)
    else:
        release, why = recommend(report)
    if choices.dkms is None:
        dkms, dkms_why = _default_dkms(report, release)
    else:
        dkms, dkms_why = choices.dkms, CHOSEN
    user = choices.user if choices.user is not None else report.access.user
    cleanup = choices.cleanup if choices.cleanup is not None else choices.scope != "pytorch"
    fit = os_fit(release, report) if release else None
    suite = distro = None
    families: dict[str, str] = {}
    codename = report.os.repo_codename
    if release is not None and release.stream == "therock":
        distro = therock_distro(report.os.id, report.os.version_id, codename)
        if distro:
            suite = split_repo(release.repos.rocm_apt, distro=distro, codename=codename or "").suite
        for gpu in report.gpus:
            fam, _ = therock_family(gpu.gfx) if gpu.gfx else (None, None)
            if fam and gpu.gfx:
                families[gpu.gfx] = fam
    elif release is not None and codename:
        suite = split_repo(release.repos.rocm_apt, codename=codename).suite
    return Resolved(choices.scope, release, choices.rocm, why, dkms, dkms_why, user, cleanup, fit, suite, distro,
                    families)
