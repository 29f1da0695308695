"""Findings on a detected machine (``MachineReport``): device access, driver, OS, GPUs, leftovers.

Reuses the Setup preflight (its findings map to catalogue ids, ``PREFLIGHT_IDS``) and renders the machine's
advice (``rocmdesk.advice``: status, override and its form, which GPUs to hide and the device number), so the
Doctor and the other pages agree.
"""

from __future__ import annotations

import re

from rocmdesk.doctor.catalogue import finding
from rocmdesk.doctor.gpu_checks import advice_findings
from rocmdesk.doctor.model import Finding
from rocmdesk.i18n import translate
from rocmdesk.machine.model import MachineReport

# Setup preflight id -> catalogue id; None: a setup-only concern the Doctor leaves to the Setup page
PREFLIGHT_IDS: dict[str, str | None] = {
    "os-no-repo": "os-unsupported",
    "no-release-for-os": "os-unsupported",
    "os-not-listed": "os-unsupported",
    "wsl": "wsl",
    "amdgpu-not-loaded": "amdgpu-not-loaded",
    "no-kfd": "kfd-missing",
    "kernel-ga-hwe": "kernel-too-old",
    "rocm-residue": "rocm-residue",
    "needs-relogin": "groups-pending-relogin",
    "no-gpu": "no-amd-gpu",
}


def _first_kernels() -> list[tuple[str, tuple[int, int]]]:
    """gfx prefix -> first kernel whose in-box amdgpu drives that family's compute (catalogue data), longest first."""
    from rocmdesk.doctor.catalogue import entry_data

    raw = entry_data("kernel-too-old").get("first_kfd_kernel", {})
    out = [(p, kt) for p, v in raw.items() if (kt := _kernel_tuple(str(v)))]
    return sorted(out, key=lambda x: -len(x[0]))


def _kernel_tuple(version: str | None) -> tuple[int, int] | None:
    m = re.match(r"(\d+)\.(\d+)", version or "")
    return (int(m.group(1)), int(m.group(2))) if m else None


def _preflight(report: MachineReport, origin: str) -> list[Finding]:
    from rocmdesk.setup.choices import Choices
    from rocmdesk.setup.preflight import preflight

    # scope runtime: the widest view of the OS and leftovers without asking for a driver change
    pre = preflight(report, Choices(scope="runtime", cleanup=True, dkms=False))
    out: list[Finding] = []
    for p in pre:
        fid = PREFLIGHT_IDS.get(p.id)
        if fid is None:
            continue
        if p.id == "kernel-ga-hwe" and p.severity == "info":
            continue  # the GPU runs on this kernel: only advice
        if p.id == "os-not-listed":
            severity = "info"
        else:
            severity = None
        said = translate("rocmdesk.doctor.machine_checks", "Setup's checks: {title}").format(title=p.title)
        f = finding(fid, [said] + list(p.evidence), origin, severity=severity)
        f.origins.append("preflight")
        out.append(f)
    return out


def diagnose_machine(report: MachineReport, origin: str = "machine") -> list[Finding]:
    out: list[Finding] = []
    out += _preflight(report, origin)
    ids = {f.id for f in out}
    o, k, a = report.os, report.kernel, report.access

    if not report.gpus:
        # no AMD GPU: a missing driver or KFD is expected, not a fault
        out = [f for f in out if f.id not in ("amdgpu-not-loaded", "kfd-missing", "kernel-too-old")]
        if "no-amd-gpu" not in ids:
            said = translate("rocmdesk.doctor.machine_checks", "machine: {source}").format(source=report.source)
            out.append(finding("no-amd-gpu", [said], origin))
        return _only_first(out)

    # -- the driver and the KFD -------------------------------------------------------------------
    kfd = a.kfd
    place = {"container"} if o.container else {"host"}
    if o.wsl:
        pass  # no amdgpu and no /dev/kfd is how WSL is: the wsl finding says it
    elif k.amdgpu_loaded is False:
        if "amdgpu-not-loaded" not in ids:
            said = translate("rocmdesk.doctor.machine_checks", "not loaded according to {file}").format(
                file=k.amdgpu_source or "/proc/modules")
            out.append(finding("amdgpu-not-loaded", [said], origin))
    elif kfd is None or not kfd.present:
        ev = [translate("rocmdesk.doctor.machine_checks", "/dev/kfd does not exist")]
        if o.container:
            ev.append(translate("rocmdesk.doctor.machine_checks", "running in a container ({container}): it was "
                                "started without --device=/dev/kfd").format(container=o.container))
        if all(g.kfd_node is None for g in report.gpus):
            ev.append(translate("rocmdesk.doctor.machine_checks", "no GPU node in /sys/class/kfd/kfd/topology"))
        out.append(finding("kfd-missing", ev, origin, context=place))
    else:
        ev = [f"/dev/kfd: {kfd.mode or '?'} {kfd.owner or '?'}:{kfd.group or '?'}"]
        if a.missing_groups:
            ev.append(translate("rocmdesk.doctor.machine_checks",
                                "{user} is not in: {groups} (in /etc/group: {configured})").format(
                user=a.user or translate("rocmdesk.doctor.machine_checks", "the user"),
                groups=", ".join(a.missing_groups),
                configured=", ".join(a.groups_configured) or translate("rocmdesk.doctor.machine_checks", "none")))
            out.append(finding("kfd-permission", ev, origin, context=place | {"not-in-groups"}))
        elif kfd.opens_rw is False and not a.needs_relogin:
            ev.append(translate("rocmdesk.doctor.machine_checks", "opening /dev/kfd read-write: {error}").format(
                error=kfd.open_error or translate("rocmdesk.doctor.machine_checks", "refused")))
            out.append(finding("kfd-permission", ev, origin, context=place | {"in-groups"}))
        closed = [n for n in a.render_nodes if n.present and n.opens_rw is False]
        if closed and not a.missing_groups and not a.needs_relogin and "kfd-permission" not in {f.id for f in out}:
            refused = translate("rocmdesk.doctor.machine_checks", "refused")
            out.append(finding("kfd-permission", [f"{n.path}: {n.open_error or refused}" for n in closed], origin,
                               context=place | {"in-groups"}))
        if o.container and not any(n.present for n in a.render_nodes):
            out.append(finding("container-devices", [
                translate("rocmdesk.doctor.machine_checks", "container: {container}").format(container=o.container),
                translate("rocmdesk.doctor.machine_checks", "no /dev/dri/renderD* node")], origin))
    if a.needs_relogin and "groups-pending-relogin" not in {f.id for f in out}:
        out.append(finding("groups-pending-relogin", [
            translate("rocmdesk.doctor.machine_checks", "in /etc/group: {groups}").format(
                groups=", ".join(a.groups_configured)),
            translate("rocmdesk.doctor.machine_checks", "this session: {groups}").format(
                groups=", ".join(a.groups_session or []))], origin))

    # -- kernel age for the GPUs -------------------------------------------------------------------
    kt = _kernel_tuple(k.version or k.release)
    if kt and not o.wsl and "kernel-too-old" not in {f.id for f in out}:
        for g in report.gpus:
            need = next((v for p, v in _first_kernels() if g.gfx and g.gfx.startswith(p)), None)
            if need and kt < need and g.kfd_node is None:
                out.append(finding("kernel-too-old", [
                    translate("rocmdesk.doctor.machine_checks",
                              "kernel {release}; {gfx} needs {need} or newer in-box (or amdgpu-dkms)").format(
                        release=k.release, gfx=g.gfx, need=f"{need[0]}.{need[1]}"),
                    translate("rocmdesk.doctor.machine_checks", "GPU {index} has no KFD node").format(index=g.index)],
                    origin))
                break

    # -- GPUs: targets, overrides, iGPU beside dGPU --------------------------------------------------
    out += _gpu_part(report, origin)
    return _only_first(out)


def _gpu_part(report: MachineReport, origin: str) -> list[Finding]:
    """The GPU findings: the advice attached to ``report`` (``rocmdesk.advice.attach``) rendered as findings."""
    if report.advice is None:
        from rocmdesk.advice import attach

        attach(report)
    return advice_findings(report, origin, env_known=True)


def _only_first(found: list[Finding]) -> list[Finding]:
    """One finding per id (evidence merged), in the order found."""
    out: list[Finding] = []
    for f in found:
        old = next((x for x in out if x.id == f.id), None)
        if old is None:
            out.append(f)
        else:
            old.add_evidence(f.evidence)
            old.origins += [o for o in f.origins if o not in old.origins]
    return out
