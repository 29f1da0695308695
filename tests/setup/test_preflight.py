"""Preflight findings: each with a stable id, a severity, the evidence seen and a fix."""

from __future__ import annotations

import pytest

from rocmdesk.machine.model import OsInfo
from rocmdesk.setup.choices import Choices
from rocmdesk.setup.facts import DiskSpace, SetupFacts
from rocmdesk.setup.preflight import SEVERITIES, preflight, rocm_version_of_package
from tests.setup import machines as m

GIB = 2**30


def found(report, choices=None, facts=None) -> dict:
    return {f.id: f for f in preflight(report, choices or Choices(), facts)}


def disk(free_gib: float, same_fs: bool = True) -> SetupFacts:
    return SetupFacts(disk={"/opt": DiskSpace(int(free_gib * GIB), 1),
                            "/var/cache/apt/archives": DiskSpace(int(free_gib * GIB), 1 if same_fs else 2)})


def test_every_finding_is_complete():
    reports = [m.ubuntu("22.04", [m.gpu("gfx1032"), m.gpu("gfx906", 1)], amdgpu=False,
                        rocm=m.rocm_installed("6.0.0", "jammy", extra_trees=["/opt/rocm-5.7.1"]),
                        acc=m.access(groups=["alice", "render"], session=["alice"])),
               m.ubuntu("26.04", []), m.debian("12")]
    for rep in reports:
        for choices in (Choices(scope="sdk", dkms=True), Choices(), Choices(scope="runtime", rocm="7.12")):
            findings = preflight(rep, choices, SetupFacts(secure_boot=True) if choices.dkms else disk(1))
            assert findings or rep.os.id == "debian"
            for f in findings:
                assert f.id and f.severity in SEVERITIES and f.title and f.evidence and f.fix, f
            order = [SEVERITIES.index(f.severity) for f in findings]
            assert order == sorted(order)


def test_a_clean_supported_machine_has_no_warnings():
    rep = m.ubuntu("24.04", acc=m.access(groups=["alice", "render", "video"]))
    fs = preflight(rep, Choices(scope="runtime"), disk(200))
    assert [f.severity for f in fs] == []


def test_ubuntu_2204_on_its_ga_kernel_suggests_hwe():
    f = found(m.ubuntu("22.04"))["kernel-ga-hwe"]
    assert f.severity == "info" and "linux-generic-hwe-22.04" in f.fix
    assert any("5.15.0-119-generic" in e for e in f.evidence)
    # the GPU is not driven by this kernel: a warning
    f = found(m.ubuntu("22.04", [m.gpu("gfx1100", kfd=None)]))["kernel-ga-hwe"]
    assert f.severity == "warning"
    # not on the HWE kernel, with DKMS, or on 24.04: nothing to say
    assert "kernel-ga-hwe" not in found(m.ubuntu("22.04", kernel="6.8.0-45-generic"))
    assert "kernel-ga-hwe" not in found(m.ubuntu("22.04"), Choices(dkms=True))
    assert "kernel-ga-hwe" not in found(m.ubuntu("24.04"))
    with_dkms = m.ubuntu("22.04")
    with_dkms.kernel.dkms = True
    assert "kernel-ga-hwe" not in found(with_dkms)


def test_disk():
    rep = m.ubuntu("24.04")
    assert "disk-unknown" in found(rep, Choices(scope="runtime"))
    assert not {"disk-low", "disk-unknown"} & set(found(rep, Choices(scope="runtime"), disk(100)))
    low = found(rep, Choices(scope="sdk"), disk(25))["disk-low"]
    assert low.severity == "warning" and "25.0 GiB" in low.evidence[0] and "/opt" in low.title
    assert found(rep, Choices(scope="sdk"), disk(5))["disk-low"].severity == "blocker"
    # downloads and the install on one filesystem add up; on two they do not
    assert "disk-low" in found(rep, Choices(scope="sdk"), disk(40))
    assert "disk-low" not in found(rep, Choices(scope="sdk"), disk(40, same_fs=False))
    assert not {"disk-low", "disk-unknown"} & set(found(rep, Choices(scope="pytorch"), disk(0.1)))


def test_secure_boot_matters_only_for_dkms():
    rep = m.ubuntu("22.04", amdgpu=False)
    assert found(rep, Choices(dkms=True), SetupFacts(secure_boot=True))["secure-boot-dkms"].severity == "warning"
    assert "secure-boot-unknown" in found(rep, Choices(dkms=True), SetupFacts(secure_boot=None))
    assert not {"secure-boot-dkms", "secure-boot-unknown"} & set(found(rep, Choices(dkms=True),
                                                                      SetupFacts(secure_boot=False)))
    assert "secure-boot-dkms" not in found(rep, Choices(dkms=False), SetupFacts(secure_boot=True))


def test_residue_and_its_fix_depend_on_the_scope():
    rocm = m.rocm_installed("6.2.4", "jammy", extra_trees=["/opt/rocm-5.7.1"])
    rep = m.ubuntu("22.04", rocm=rocm)
    f = found(rep, Choices(scope="runtime"))["rocm-residue"]
    assert f.evidence == ["/opt/rocm-5.7.1 holds ROCm 5.7.1, not the installed 6.2.4"] and "cleanup" in f.fix
    assert "harmless" in found(rep, Choices(scope="pytorch"))["rocm-residue"].fix


def test_driver_findings():
    assert found(m.ubuntu("24.04", amdgpu=False), Choices(dkms=False))["amdgpu-not-loaded"].severity == "warning"
    assert "amdgpu-unknown" in found(m.ubuntu("24.04", amdgpu=None), Choices(dkms=False))
    assert "no-kfd" in found(m.ubuntu("24.04", [m.gpu("gfx1100", kfd=None)]))
    assert "dkms-reboot" in found(m.ubuntu("24.04"), Choices(dkms=True))


def test_dkms_on_a_kernel_newer_than_amd_validated():
    """ROCm 6.2.4 lists Ubuntu 24.04 with its 6.8 GA kernel only; 24.04.3's HWE kernel is 6.14."""
    dkms = Choices(scope="runtime", rocm="6.2.4", dkms=True)
    f = found(m.ubuntu("24.04", kernel="6.14.0-29-generic"), dkms)["dkms-kernel-newer"]
    assert f.severity == "warning" and "6.14" in f.title and "6.2.4" in f.title and "Ubuntu 24.04" in f.title
    assert f.evidence[0] == "running kernel 6.14.0-29-generic"
    assert "ROCm 6.2.4 validated: Ubuntu 24.04/24.04.1 kernel 6.8 GA" in f.evidence
    assert "--dkms off" in f.fix and "7.0.0" in f.fix and "7.1.1" in f.fix  # releases AMD lists for 6.14
    assert f.source == "S-SR624"
    # on the kernel AMD validated: nothing
    assert "dkms-kernel-newer" not in found(m.ubuntu("24.04", kernel="6.8.0-45-generic"), dkms)
    # the in-box driver: the kernel's age is not AMD's driver's business
    assert "dkms-kernel-newer" not in found(m.ubuntu("24.04", kernel="6.14.0-29-generic"),
                                            Choices(scope="runtime", rocm="6.2.4", dkms=False))


def test_dkms_kernel_finding_only_where_the_data_bounds_the_kernel():
    k614, k617 = "6.14.0-29-generic", "6.17.0-5-generic"
    def newer(rep, rocm):
        return "dkms-kernel-newer" in found(rep, Choices(scope="pytorch", rocm=rocm, dkms=True))
    assert not newer(m.ubuntu("24.04", kernel=k614), "7.0.0")  # 6.8 GA, 6.14 HWE
    assert newer(m.ubuntu("24.04", kernel=k617), "7.0.0")
    assert newer(m.ubuntu("24.04", kernel=k614), "6.4.4")  # 6.8 GA, 6.11 HWE
    assert not newer(m.ubuntu("22.04", kernel="6.8.0-45-generic"), "6.2.4")  # 22.04.5: 5.15 GA, 6.8 HWE
    assert newer(m.ubuntu("22.04", kernel="6.11.0-1-generic"), "6.2.4")
    # 7.2's matrix names only the GA kernel: it says nothing about HWE kernels, so no warning
    assert not newer(m.ubuntu("24.04", kernel=k614), "7.2.4")
    assert not newer(m.ubuntu("22.04", kernel="6.8.0-45-generic"), "7.2.4")
    # no kernel row for this OS: nothing to compare with
    assert not newer(m.ubuntu("26.04"), "7.0.0")
    assert not newer(m.debian("13"), "6.2.4")
    # Debian by its major version; Ubuntu derivatives by their Ubuntu base
    assert not newer(m.debian("12"), "7.0.0") and not newer(m.debian("13"), "7.0.0")
    bpo = m.debian("12")
    bpo.kernel.release, bpo.kernel.version = "6.12.12+bpo-amd64", "6.12.12"
    assert newer(bpo, "7.0.0")
    mint = m.report(OsInfo(id="linuxmint", version_id="22", codename="wilma", id_like=["ubuntu", "debian"],
                           pretty_name="Linux Mint 22", repo_codename="noble"), None, k614)
    assert newer(mint, "6.2.4") and not newer(mint, "7.0.0")
    # an unreadable kernel version says nothing
    odd = m.ubuntu("24.04", kernel=k614)
    odd.kernel.release = odd.kernel.version = None
    assert not newer(odd, "6.2.4")


def test_wsl_and_containers():
    wsl = m.ubuntu("22.04", kernel="5.15.153.1-microsoft-standard-WSL2", amdgpu=None)
    wsl.os.wsl = True
    fs = found(wsl)
    assert "wsl" in fs and "amdgpu-unknown" not in fs and "kernel-ga-hwe" not in fs
    box = m.ubuntu("24.04")
    box.os.container = "docker"
    assert "container" in found(box)
    f = found(box, Choices(dkms=True))["dkms-not-here"]
    assert f.severity == "blocker" and "host" in f.fix


def test_gpu_findings():
    assert found(m.ubuntu("24.04", []))["no-gpu"].severity == "warning"
    f = found(m.ubuntu("22.04", [m.gpu("gfx1032", name="AMD Radeon RX 6600 XT")]), Choices(rocm="6.2.4"))
    assert "HSA_OVERRIDE_GFX_VERSION=10.3.0" in f["gpu-override"].evidence[0]
    assert "gpu-not-listed" in found(m.ubuntu("22.04", [m.gpu("gfx906")]), Choices(rocm="7.2.4"))


def test_release_findings():
    assert found(m.ubuntu("24.04"), Choices(scope="runtime", rocm="7.12"))["release-preview"].severity == "warning"
    f = found(m.ubuntu("24.04"), Choices(scope="runtime", rocm="5.7.1"))["os-no-repo"]
    assert f.severity == "blocker" and "7.2.4" in f.fix
    assert found(m.ubuntu("24.04"), Choices(scope="runtime", rocm="1.0"))["release-unknown"].severity == "blocker"
    assert found(m.ubuntu("24.04"), Choices(rocm="1.0"))["release-unknown"].severity == "info"  # pytorch: moot


def test_user_findings():
    assert "user-root" in found(m.ubuntu("24.04", acc=m.access(user="root")))
    assert "user-unknown" in found(m.ubuntu("24.04", acc=m.access(user=None)))
    assert "user-name-unusual" in found(m.ubuntu("24.04"), Choices(user="bad name"))
    acc = m.access(groups=["alice", "render", "video"], session=["alice"])
    assert "needs-relogin" in found(m.ubuntu("24.04", acc=acc))


@pytest.mark.parametrize("version,rocm", [("6.2.4.60204-139~24.04", "6.2.4"), ("1.0.0.60204-139~22.04", "6.2.4"),
                                          ("6.2.41134.60204-139~22.04", "6.2.4"), ("1:6.8.5.60204-2070768.22.04", "6.2.4"),
                                          ("7.0.0.70000-17~24.04", "7.0.0"), ("5.7.1.50701-98~22.04", "5.7.1"),
                                          ("5.7.1-3build1", None), ("6.1.0+ds-1", None)])
def test_rocm_version_of_amd_package_versions(version, rocm):
    assert rocm_version_of_package(version) == rocm


def test_gpu_override_fix_says_what_the_advice_says_pytorch_needs():
    # gfx1103: the system ROCm lists only its override target, but PyTorch's advised wheels (AMD's) need no
    # override: the fix must not say that profiles set one (issue 14: Setup contradicted the PyTorch page)
    f = found(m.ubuntu("24.04", [m.gpu("gfx1103", name="AMD Radeon 780M Graphics", apu=True)]),
              Choices(rocm="7.2.4"))["gpu-override"]
    assert "needs no override" in f.fix and "gfx110X-all" in f.fix and "set the override" not in f.fix
    # gfx1032: the advice sets 10.3.0, and the fix names it
    f = found(m.ubuntu("22.04", [m.gpu("gfx1032", name="AMD Radeon RX 6600 XT")]), Choices(rocm="6.2.4"))
    assert "HSA_OVERRIDE_GFX_VERSION=10.3.0" in f["gpu-override"].fix
