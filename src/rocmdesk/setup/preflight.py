"""Preflight: what stands between this machine and the chosen install, each with evidence and a fix.

Pure: a function of the machine report, the resolved choices and the extra facts (disk, Secure Boot).
Severities: ``blocker`` (the plan cannot be applied as it is), ``warning`` (it will likely not work
without action), ``info`` (worth knowing).
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from typing import Any

from rocmdesk.advice import AdviceError, advise, context_for, path_name
from rocmdesk.advice.model import OVERRIDE_VAR
from rocmdesk.i18n import translate
from rocmdesk.knowledge import gfx_target, rocm_releases
from rocmdesk.knowledge.releases import newest_validated_kernel, os_kernel_rows, ubuntu_codenames
from rocmdesk.machine.model import MachineReport
from rocmdesk.setup.choices import Choices, Resolved, os_fit, resolve
from rocmdesk.setup.facts import SECURE_BOOT_VAR, SetupFacts
from rocmdesk.setup.recipe import disk_estimate, ubuntu_kernel

SEVERITIES = ("blocker", "warning", "info")
GIB = 2**30


@dataclass
class Finding:
    id: str
    severity: str
    title: str
    evidence: list[str] = field(default_factory=list)
    fix: str = ""
    source: str | None = None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def preflight(report: MachineReport, choices: Choices, facts: SetupFacts | None = None) -> list[Finding]:
    return check(report, resolve(report, choices), facts or SetupFacts())


def check(report: MachineReport, r: Resolved, facts: SetupFacts) -> list[Finding]:
    out: list[Finding] = []
    for part in (_release, _os, _kernel, _driver, _dkms_kernel, _place, _gpus, _session_override, _residue, _disk,
                 _secure_boot, _user):
        out.extend(part(report, r, facts))
    order = {s: i for i, s in enumerate(SEVERITIES)}
    return sorted(out, key=lambda f: order[f.severity])  # stable: same-severity findings keep their order


def _os_name(report: MachineReport) -> str:
    o = report.os
    return o.pretty_name or " ".join(x for x in (o.id, o.version_id) if x) or translate(
        "rocmdesk.setup.preflight", "this OS")


def _os_evidence(report: MachineReport) -> list[str]:
    o = report.os
    none = translate("rocmdesk.setup.preflight", "none")
    return [f"os-release: ID={o.id} VERSION_ID={o.version_id} VERSION_CODENAME={o.codename}",
            translate("rocmdesk.setup.preflight", "AMD repository codename: {codename}").format(
                codename=o.repo_codename or none)]


def _release(report: MachineReport, r: Resolved, facts: SetupFacts) -> list[Finding]:
    if r.release is None:
        sev = "blocker" if r.needs_apt else "info"
        if r.rocm_requested:
            known = ", ".join(x.version for x in rocm_releases())
            return [Finding("release-unknown", sev, translate(
                "rocmdesk.setup.preflight", "ROCm {version} is not in rocmdesk's data").format(
                    version=r.rocm_requested),
                [translate("rocmdesk.setup.preflight", "releases in the data: {known}").format(known=known)],
                translate("rocmdesk.setup.preflight", "Choose one of the releases listed."))]
        return [Finding("no-release-for-os", sev, r.rocm_why, _os_evidence(report),
                        translate("rocmdesk.setup.preflight",
                                  "Use an OS that AMD's repositories serve (Ubuntu 22.04/24.04, Debian 12/13), "
                                  "or the PyTorch-only scope, which installs no system ROCm."))]
    from rocmdesk.setup.recipe import recipe

    rec = recipe(r.release.stream)
    if r.needs_apt and rec.confidence != "high":
        confidence = {"medium": translate("rocmdesk.setup.preflight", "medium"),
                      "low": translate("rocmdesk.setup.preflight", "low")}.get(rec.confidence, rec.confidence)
        out = [Finding("recipe-confidence", "info", translate(
            "rocmdesk.setup.preflight", "The {stream} apt layout is known with {confidence} confidence").format(
                stream=r.release.stream, confidence=confidence),
            [translate("rocmdesk.setup.preflight", "sources: {sources}").format(sources=", ".join(rec.sources))],
            translate("rocmdesk.setup.preflight",
                      "Read the plan against AMD's install page for this release before you run it."),
            ", ".join(rec.sources))]
    else:
        out = []
    if r.release.preview:
        return [Finding("release-preview", "warning", translate(
            "rocmdesk.setup.preflight", "ROCm {version} is a technology preview").format(version=r.release.version),
            [translate("rocmdesk.setup.preflight", "{version}: preview in the data ({notes})").format(
                version=r.release.version,
                notes=translate("rocmdesk.knowledge.releases", r.release.notes) if r.release.notes else r.release.source)],
            translate("rocmdesk.setup.preflight", "Prefer a production release unless you need this one."),
            r.release.source)] + out
    return out


def _os(report: MachineReport, r: Resolved, facts: SetupFacts) -> list[Finding]:
    rel = r.release
    if rel is None or not r.needs_apt:
        return []
    name = _os_name(report)
    if r.os_fit is None:
        others = [x.version for x in rocm_releases() if not x.preview and os_fit(x, report) == "listed"]
        fix = translate("rocmdesk.setup.preflight", "Releases AMD lists for {os}: {releases}.").format(
            os=name, releases=", ".join(others)) if others else translate(
            "rocmdesk.setup.preflight", "Use Ubuntu 22.04/24.04 or Debian 12/13, or the PyTorch-only scope.")
        serves = ", ".join(rel.repos.apt_distros or rel.ubuntu_codenames)
        return [Finding("os-no-repo", "blocker", translate(
            "rocmdesk.setup.preflight", "ROCm {version} has no apt repository for {os}").format(
                version=rel.version, os=name),
            _os_evidence(report) + [translate("rocmdesk.setup.preflight", "ROCm {version} serves: {serves}").format(
                version=rel.version, serves=serves)], fix, rel.source)]
    if r.os_fit == "repo":
        return [Finding("os-not-listed", "warning", translate(
            "rocmdesk.setup.preflight", "AMD does not list {os} for ROCm {version}").format(
                os=name, version=rel.version),
            _os_evidence(report) + [translate("rocmdesk.setup.preflight",
                                              "the plan uses AMD's {repo} repository").format(
                                                  repo=r.distro or r.suite)],
            translate("rocmdesk.setup.preflight",
                      "Derivatives usually work from the base system's repository; if apt reports unmet "
                      "dependencies, use an OS that AMD lists."), rel.source)]
    return []


def _kernel(report: MachineReport, r: Resolved, facts: SetupFacts) -> list[Finding]:
    k, o = report.kernel, report.os
    lts = ubuntu_kernel(o.version_id) if o.id == "ubuntu" else None
    if lts is None or not lts.get("suggest_hwe") or not k.version or r.dkms or o.wsl or o.container:
        return []
    if k.dkms or "amdgpu-dkms" in report.rocm.packages:
        return []  # AMD's own driver is in use: the kernel's in-box one does not matter
    if ".".join(k.version.split(".")[:2]) != lts["ga"]:
        return []
    evidence = [translate("rocmdesk.setup.preflight",
                          "running kernel {release} (Ubuntu {version}'s GA kernel is {ga})").format(
                              release=k.release, version=o.version_id, ga=lts["ga"])]
    if r.release:
        evidence += [translate("rocmdesk.setup.preflight", "ROCm {version} validated: {os} kernel {kernel}").format(
                         version=r.release.version, os=os_, kernel=kern)
                     for os_, kern in r.release.kernels if os_.startswith(f"Ubuntu {o.version_id}")]
    driven = any(g.kfd_node is not None for g in report.gpus)
    sev = "info" if driven or not report.gpus else "warning"
    if not driven and report.gpus:
        evidence.append(translate("rocmdesk.setup.preflight", "no GPU is visible through the KFD on this kernel"))
    return [Finding("kernel-ga-hwe", sev, translate(
        "rocmdesk.setup.preflight", "Ubuntu {version} runs its original {ga} kernel").format(
            version=o.version_id, ga=lts["ga"]),
        evidence, translate("rocmdesk.setup.preflight",
                            "A newer in-box amdgpu comes with the HWE kernel: sudo apt install {package} and "
                            "reboot (or choose the amdgpu-dkms driver).").format(package=lts["hwe_package"]),
        "ubuntu-hwe")]


def _driver(report: MachineReport, r: Resolved, facts: SetupFacts) -> list[Finding]:
    k, o = report.kernel, report.os
    out: list[Finding] = []
    if r.dkms:
        if o.wsl or o.container:
            title = translate("rocmdesk.setup.preflight", "No kernel driver can be installed in WSL") if o.wsl \
                else translate("rocmdesk.setup.preflight",
                               "No kernel driver can be installed in a container ({container})").format(
                                   container=o.container)
            out.append(Finding("dkms-not-here", "blocker", title,
                               [f"WSL: {o.wsl}", translate("rocmdesk.setup.preflight", "container: {container}").format(
                                   container=o.container)],
                               translate("rocmdesk.setup.preflight", "The driver belongs to the host: install it "
                                         "there, and leave --dkms off here.")))
        elif r.release and not r.release.repos.amdgpu_apt:
            out.append(Finding("dkms-no-repo", "blocker", translate(
                "rocmdesk.setup.preflight", "The data has no amdgpu driver repository for ROCm {version}").format(
                    version=r.release.version),
                [translate("rocmdesk.setup.preflight", "{version} ({stream}): no amdgpu_apt in the data").format(
                    version=r.release.version, stream=r.release.stream)],
                translate("rocmdesk.setup.preflight", "Keep the in-box driver (leave --dkms off) or pick a legacy "
                          "release for the driver.")))
        else:
            evidence = [translate("rocmdesk.setup.preflight", "amdgpu loaded now: {loaded} ({source})").format(
                loaded=k.amdgpu_loaded,
                source=k.amdgpu_source or translate("rocmdesk.setup.preflight", "unknown source"))]
            out.append(Finding("dkms-reboot", "info", translate(
                "rocmdesk.setup.preflight", "The amdgpu-dkms driver takes effect after a reboot"),
                evidence, translate("rocmdesk.setup.preflight",
                                    "Reboot when the plan has run, then run rocmdesk detect.")))
        return out
    if o.wsl:
        out.append(Finding("wsl", "warning", translate(
            "rocmdesk.setup.preflight", "This is WSL: the GPU driver is the Windows one"),
            [translate("rocmdesk.setup.preflight", "/dev/dxg or a Microsoft kernel was seen")],
            translate("rocmdesk.setup.preflight",
                      "ROCm on WSL uses AMD's WSL packages (amdgpu-install --usecase=wsl,rocm --no-dkms), "
                      "which this plan does not set up; PyTorch needs the WSL runtime library."), "S-JMB"))
        return out
    if k.amdgpu_loaded is False:
        out.append(Finding("amdgpu-not-loaded", "warning", translate(
            "rocmdesk.setup.preflight", "The amdgpu kernel driver is not loaded"),
            [translate("rocmdesk.setup.preflight", "checked {source}").format(
                source=k.amdgpu_source or "/proc/modules")],
            translate("rocmdesk.setup.preflight",
                      "Check that amdgpu is not blacklisted and the kernel line has no nomodeset "
                      "(sudo modprobe amdgpu; journalctl -k | grep amdgpu), or choose the DKMS driver.")))
    elif k.amdgpu_loaded is None:
        out.append(Finding("amdgpu-unknown", "info", translate(
            "rocmdesk.setup.preflight", "Whether amdgpu is loaded could not be told"),
            [translate("rocmdesk.setup.preflight", "no /sys/module/amdgpu and no /proc/modules in what was read")],
            translate("rocmdesk.setup.preflight", "On the machine itself: lsmod | grep amdgpu")))
    elif report.gpus and all(g.kfd_node is None for g in report.gpus):
        out.append(Finding("no-kfd", "warning", translate(
            "rocmdesk.setup.preflight", "amdgpu is loaded but no GPU shows in the KFD"),
            [translate("rocmdesk.setup.preflight", "/sys/class/kfd/kfd/topology/nodes has no GPU node")],
            translate("rocmdesk.setup.preflight",
                      "ROCm needs the KFD: a kernel built with HSA_AMD, and in a container --device=/dev/kfd.")))
    return out


def _amd_os(report: MachineReport) -> tuple[str, str] | None:
    """The OS as AMD's kernel rows name it: ("Ubuntu", "24.04") for Ubuntu and its derivatives (by the Ubuntu release
    of their AMD repository codename, whose kernels they run), ("Debian", "12"); None for anything else."""
    o = report.os
    if o.id == "ubuntu" and o.version_id:
        return "Ubuntu", ".".join(o.version_id.split(".")[:2])
    if o.id == "debian" and o.version_id:
        return "Debian", o.version_id.split(".", 1)[0]
    if "ubuntu" in o.id_like and o.repo_codename:
        version = next((v for v, name in ubuntu_codenames().items() if name == o.repo_codename), None)
        return ("Ubuntu", version) if version else None
    return None


def _major_minor(version: str | None) -> tuple[int, int] | None:
    m = re.match(r"([0-9]+)\.([0-9]+)", version or "")
    return (int(m.group(1)), int(m.group(2))) if m else None


def _dkms_kernel(report: MachineReport, r: Resolved, facts: SetupFacts) -> list[Finding]:
    """amdgpu-dkms chosen on a kernel newer than any AMD lists for the release on this OS.

    Only where the data bounds it: a release with no kernel row for the OS, or rows that name only the GA kernel,
    say nothing about newer kernels, so they raise nothing.
    """
    rel, k, o = r.release, report.kernel, report.os
    if not r.dkms or rel is None or not rel.repos.amdgpu_apt or o.wsl or o.container:
        return []
    running, amd_os = _major_minor(k.version or k.release), _amd_os(report)
    if running is None or amd_os is None:
        return []
    newest = newest_validated_kernel(rel, *amd_os)
    if newest is None or running <= newest:
        return []
    os_name = " ".join(amd_os)
    kernel = f"{running[0]}.{running[1]}"
    evidence = [translate("rocmdesk.setup.preflight", "running kernel {release}").format(release=k.release)]
    evidence += [translate("rocmdesk.setup.preflight", "ROCm {version} validated: {os} kernel {kernel}").format(
        version=rel.version, os=os_, kernel=kern) for os_, kern in os_kernel_rows(rel, *amd_os)]
    fits = [x.version for x in rocm_releases("legacy") if not x.preview and x.repos.amdgpu_apt
            and (n := newest_validated_kernel(x, *amd_os)) is not None and n >= running]
    keep = translate("rocmdesk.setup.preflight",
                     "amdgpu-dkms may fail to build for this kernel, or build and misbehave. Keep the in-box driver "
                     "(leave --dkms off), or boot one of the kernels listed above.")
    fix = keep + " " + translate("rocmdesk.setup.preflight",
                                 "Releases AMD lists for kernel {kernel} on {os}: {releases}.").format(
                                     kernel=kernel, os=os_name, releases=", ".join(fits)) if fits else keep
    return [Finding("dkms-kernel-newer", "warning", translate(
        "rocmdesk.setup.preflight", "Kernel {kernel} is newer than AMD validated for ROCm {version} on {os}").format(
            kernel=kernel, version=rel.version, os=os_name),
        evidence, fix, ", ".join(rel.kernel_sources) or rel.source)]


def _place(report: MachineReport, r: Resolved, facts: SetupFacts) -> list[Finding]:
    c = report.os.container
    if not c or report.os.wsl:
        return []
    return [Finding("container", "info", translate(
        "rocmdesk.setup.preflight", "This runs in a container ({container})").format(container=c),
        [translate("rocmdesk.setup.preflight", "container marker: {container}").format(container=c)],
        translate("rocmdesk.setup.preflight",
                  "Only user space belongs here; the container needs --device=/dev/kfd --device=/dev/dri and "
                  "the render/video groups (numeric ids: ls -ln /dev/kfd /dev/dri)."), "S-OLLAMA-TS")]


def _gpus(report: MachineReport, r: Resolved, facts: SetupFacts) -> list[Finding]:
    if not report.gpus:
        return [Finding("no-gpu", "warning", translate("rocmdesk.setup.preflight", "No AMD GPU was found"),
                        [translate("rocmdesk.setup.preflight", "source: {source}").format(source=report.source)],
                        translate("rocmdesk.setup.preflight", "Check that the card is seated and amdgpu is loaded "
                                  "(lspci -nn | grep -i amd)."))]
    rel = r.release
    out: list[Finding] = []
    listed_via: list[str] = []
    not_listed: list[str] = []
    for g in report.gpus:
        gfx = g.gfx or translate("rocmdesk.setup.preflight", "gfx unknown")
        label = f"GPU {g.index} {g.name or ''} ({gfx})".replace("  ", " ")
        if rel is None or not g.gfx or not rel.gfx_known:
            continue
        if rel.supports(g.gfx):
            continue
        t = gfx_target(g.gfx)
        if t and t.override_to and rel.supports(t.override_to):
            listed_via.append(translate("rocmdesk.setup.preflight",
                                        "{gpu}: HSA_OVERRIDE_GFX_VERSION={value} makes it {target}").format(
                                            gpu=label, value=t.override_value, target=t.override_to))
        else:
            not_listed.append(label)
    if listed_via:
        out.append(Finding("gpu-override", "info", translate(
            "rocmdesk.setup.preflight", "A GPU runs ROCm {version} only with an override").format(version=rel.version),
            listed_via, _override_fix(report, rel.version), rel.source))
    if not_listed:
        out.append(Finding("gpu-not-listed", "warning", translate(
            "rocmdesk.setup.preflight", "A GPU is not on AMD's list for ROCm {version}").format(version=rel.version),
            not_listed, translate("rocmdesk.setup.preflight", "See rocmdesk detect for what works on this GPU."),
            rel.source))
    if rel is not None and rel.stream == "therock" and r.scope != "pytorch":
        missing = [f"GPU {g.index} ({g.gfx})" for g in report.gpus if g.gfx not in r.families]
        if missing:
            out.append(Finding("therock-no-family", "blocker", translate(
                "rocmdesk.setup.preflight", "TheRock has no package family for a GPU"),
                missing, translate("rocmdesk.setup.preflight", "Choose a legacy release, or the PyTorch-only scope."),
                "S-HZ-INSTALL"))
    return out


def _override_fix(report: MachineReport, version: str) -> str:
    """What to do about a GPU the system ROCm lists only through its override target: what the advice says PyTorch
    needs (the wheels carry their own user space, so they may need no override at all, or another form)."""
    try:
        a = advise(report, context_for(report, rocm=version))
    except AdviceError:
        a = None
    wanted = {k: v for k, v in a.env.items() if k.startswith("HSA_OVERRIDE_GFX_VERSION")} if a else {}
    if a is not None and a.path is not None and not wanted:
        return translate("rocmdesk.setup.preflight",
                         "PyTorch needs no override here ({path}). Programs built against the system ROCm {version} "
                         "would need it: set it only in an environment profile for such a project, not in your "
                         "session.").format(path=path_name(a.path), version=version)
    if wanted:
        return translate("rocmdesk.setup.preflight",
                         "An environment profile sets {setting} for PyTorch and your other ROCm programs "
                         "(Environments page).").format(
            setting=" ".join(f"{k}={v}" for k, v in sorted(wanted.items())))
    return translate("rocmdesk.setup.preflight", "rocmdesk's environment profiles set the override for your projects.")


_SESSION_NOTES = ("override-needless", "override-wrong", "override-risky")


def _session_override(report: MachineReport, r: Resolved, facts: SetupFacts) -> list[Finding]:
    """Override variables in effect that the advice for the chosen release calls needless, wrong or risky.

    The plan changes no environment: every ROCm program the user starts from this session keeps seeing them (only
    the plan's own checks run without them, steps.CHECK_ENV).  So it says so, with the variable to unset and the
    place that sets an override per project instead: rocmdesk's environment profiles.
    """
    if not report.override_env or not report.gpus:
        return []
    try:
        a = advise(report, context_for(report, rocm=r.release.version if r.release else None))
    except AdviceError:
        return []
    advised = ", ".join(f"{k}={v}" for k, v in a.env.items() if k == OVERRIDE_VAR or k.startswith(OVERRIDE_VAR + "_"))
    deciding = a.gpus.get(a.deciding) if a.deciding is not None else None
    source = ", ".join(deciding.sources) if deciding and deciding.sources else None
    out: list[Finding] = []
    for n in a.notes:
        if n.code not in _SESSION_NOTES or n.value is None:
            continue
        where = translate("rocmdesk.setup.preflight", "~/.profile, ~/.bashrc or /etc/environment")
        if n.code == "override-wrong" and advised:
            fix = translate("rocmdesk.setup.preflight",
                            "Unset {var} where your session sets it ({places}; in this shell: unset {var}), and let "
                            "an environment profile (the Environments page, or rocmdesk profile) set {advised} for "
                            "the projects that use the GPU.").format(var=n.var, places=where, advised=advised)
        elif n.code == "override-risky" and n.wanted is not None:
            fix = translate("rocmdesk.setup.preflight",
                            "Set {var} only in the environment profile of a project that needs it (the Environments "
                            "page, or rocmdesk profile), not for your whole session ({places}; in this shell: unset "
                            "{var}).").format(var=n.var, places=where)
        else:
            fix = translate("rocmdesk.setup.preflight",
                            "Unset {var} where your session sets it ({places}; in this shell: unset {var}) and in "
                            "your environment profiles (the Environments page, or rocmdesk profile show).").format(
                                var=n.var, places=where)
        evidence = [translate("rocmdesk.setup.preflight", "{var}={value} in the environment rocmdesk runs in").format(
                        var=n.var, value=n.value),
                    n.message]
        sev = "info" if n.code == "override-risky" and n.wanted is not None else "warning"
        out.append(Finding(f"session-{n.code}", sev, translate(
            "rocmdesk.setup.preflight", "Your session sets {var}={value} for every ROCm program").format(
                var=n.var, value=n.value), evidence, fix, source))
    return out


_AMD_CODE = re.compile(r"\.([0-9]{5})(?:-|$)")


def rocm_version_of_package(version: str) -> str | None:
    """The ROCm release an AMD package version belongs to: 1.0.0.60204-139~24.04 -> 6.2.4."""
    found = _AMD_CODE.findall(version)
    if not found:
        return None
    code = int(found[-1])
    return f"{code // 10000}.{code // 100 % 100}.{code % 100}"


def _residue(report: MachineReport, r: Resolved, facts: SetupFacts) -> list[Finding]:
    out: list[Finding] = []
    rocm = report.rocm
    if rocm.residue:
        if r.cleanup:
            fix = translate("rocmdesk.setup.preflight",
                            "The plan's cleanup steps purge other versions' packages and /opt/rocm-* trees first; "
                            "check lists it could not read yourself (ls /etc/apt/sources.list.d).")
        else:
            fix = translate("rocmdesk.setup.preflight",
                            "PyTorch wheels bring their own ROCm, so this is mostly harmless; extensions built "
                            "against a system ROCm can clash. Choose --scope runtime or sdk to have them cleaned up.")
        out.append(Finding("rocm-residue", "warning", translate(
            "rocmdesk.setup.preflight", "Traces of another ROCm version"), list(rocm.residue), fix))
    distro = sorted(n for n, v in rocm.packages.items() if rocm_version_of_package(v) is None
                    and not n.startswith("amdgpu"))
    if distro and r.needs_apt and r.stream == "legacy":
        out.append(Finding("distro-rocm-packages", "info", translate(
            "rocmdesk.setup.preflight", "ROCm packages from the distribution are installed"),
            [f"{n} {rocm.packages[n]}" for n in distro[:8]],
            translate("rocmdesk.setup.preflight",
                      "The plan pins AMD's repository (priority 600) so its packages win.")))
    return out


def _disk(report: MachineReport, r: Resolved, facts: SetupFacts) -> list[Finding]:
    est = disk_estimate()
    size = (est.get(r.scope, 0) if r.scope != "pytorch" else 0) + (est["driver"] if r.dkms else 0)
    if not size or not r.needs_apt:
        return []
    where = list(est["where"])
    if not all(p in facts.disk for p in where):
        return [Finding("disk-unknown", "info",
                        translate("rocmdesk.setup.preflight", "Free disk space was not measured"),
                        [translate("rocmdesk.setup.preflight",
                                   "about {size} GiB are needed in {paths} (rough estimate)").format(
                                       size=size, paths=", ".join(where))],
                        translate("rocmdesk.setup.preflight", "Check with {command}").format(
                            command="df -h " + " ".join(where)), "rocmdesk-estimate")]
    need: dict[object, float] = {}
    free: dict[object, int] = {}
    names: dict[object, list[str]] = {}
    for i, p in enumerate(where):
        space = facts.disk[p]
        key = space.device if space.device is not None else p
        need[key] = need.get(key, 0) + size * (1 if i == 0 else est["download_share"])
        free[key] = space.free_bytes
        names.setdefault(key, []).append(p)
    out = []
    for key, gib in need.items():
        have = free[key] / GIB
        if have >= gib:
            continue
        sev = "blocker" if have < gib / 2 else "warning"
        out.append(Finding("disk-low", sev, translate(
            "rocmdesk.setup.preflight", "Not enough free disk in {paths}").format(paths=", ".join(names[key])),
            [translate("rocmdesk.setup.preflight",
                       "free: {free} GiB; needed: about {needed} GiB (rough estimate)").format(
                           free=f"{have:.1f}", needed=f"{gib:.0f}")],
            translate("rocmdesk.setup.preflight",
                      "Free some space (sudo apt clean, old kernels) or choose a smaller scope."),
            "rocmdesk-estimate"))
    return out


def _secure_boot(report: MachineReport, r: Resolved, facts: SetupFacts) -> list[Finding]:
    if not r.dkms or report.os.wsl or report.os.container:
        return []
    if facts.secure_boot is True:
        return [Finding("secure-boot-dkms", "warning", translate(
            "rocmdesk.setup.preflight", "Secure Boot is on: the DKMS driver must be signed"),
            [translate("rocmdesk.setup.preflight", "{path}: enabled").format(path=SECURE_BOOT_VAR)],
            translate("rocmdesk.setup.preflight",
                      "DKMS signs amdgpu with a Machine Owner Key (MOK): set a one-time password when the "
                      "install asks, then enroll the key on the blue MOK screen at the next boot; without it the "
                      "module will not load (mokutil --sb-state shows the state)."),
            "ubuntu-dkms-secureboot")]
    if facts.secure_boot is None:
        return [Finding("secure-boot-unknown", "info", translate(
            "rocmdesk.setup.preflight", "Whether Secure Boot is on could not be told"),
            [translate("rocmdesk.setup.preflight", "{path} was not readable").format(path=SECURE_BOOT_VAR)],
            translate("rocmdesk.setup.preflight",
                      "Check with mokutil --sb-state; if it is on, the DKMS module must be signed."),
            "uefi-secureboot")]
    return []


def _user(report: MachineReport, r: Resolved, facts: SetupFacts) -> list[Finding]:
    a = report.access
    if r.user is None:
        return [Finding("user-unknown", "warning", translate(
            "rocmdesk.setup.preflight", "The user to add to the GPU groups is unknown"),
            [translate("rocmdesk.setup.preflight", "no user name in the report")],
            translate("rocmdesk.setup.preflight", "Run rocmdesk as your own user (not with sudo)."))]
    if r.user == "root":
        return [Finding("user-root", "warning", translate(
            "rocmdesk.setup.preflight", "rocmdesk runs as root: there is no user to add to the GPU groups"),
            [translate("rocmdesk.setup.preflight", "user: {user}").format(user="root")],
            translate("rocmdesk.setup.preflight", "Run rocmdesk as your own user; it asks for the password itself."),
            "S-PKEXEC-MAN")]
    from rocmdesk.setup.steps import USER

    if not USER.fullmatch(r.user):
        return [Finding("user-name-unusual", "warning", translate(
            "rocmdesk.setup.preflight", "The user name is outside what the plan accepts"),
            [translate("rocmdesk.setup.preflight", "user: {user}").format(user=repr(r.user))],
            translate("rocmdesk.setup.preflight", "Add yourself to render and video by hand: {command}").format(
                command='sudo usermod -a -G render,video "$(id -un)"'))]
    if a.needs_relogin and r.user == a.user:
        return [Finding("needs-relogin", "warning", translate(
            "rocmdesk.setup.preflight", "This session predates your GPU groups"),
            [translate("rocmdesk.setup.preflight", "in /etc/group: {groups}").format(
                groups=", ".join(a.groups_configured)),
             translate("rocmdesk.setup.preflight", "this session: {groups}").format(
                 groups=", ".join(a.groups_session or []))],
            translate("rocmdesk.setup.preflight", "Log out and in again (newgrp render fixes only one shell)."),
            "S-OLLAMA-TS")]
    return []
