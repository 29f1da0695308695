"""ROCm releases, streams and the OS -> AMD repo codename map."""

from __future__ import annotations

from packaging.version import Version

from rocmdesk import knowledge as k


def test_sorted_and_streams() -> None:
    rels = k.rocm_releases()
    assert [r.key for r in rels] == sorted(r.key for r in rels)
    legacy = k.rocm_releases("legacy")
    therock = k.rocm_releases("therock")
    assert legacy[0].version == "5.7.0" and legacy[-1].version == "7.2.4"
    assert all(r.key < Version("7.9") for r in legacy)
    assert all(r.key >= Version("7.9") for r in therock)
    assert {r.version for r in therock} >= {"7.9.0", "7.14.0", "10.0.0"}
    assert len(legacy) + len(therock) == len(rels)


def test_latest() -> None:
    assert k.latest_rocm().version == "7.2.4"
    assert k.latest_rocm("legacy").version == "7.2.4"
    assert k.latest_rocm("therock").version == "10.0.0"
    assert not k.latest_rocm("therock").preview


def test_lookup_forms() -> None:
    assert k.rocm_release("6.2").version == "6.2.0"
    assert k.rocm_release("6.2.4.60204-139~24.04").version == "6.2.4"
    assert k.rocm_release("rocm-6.4.1").version == "6.4.1"
    assert k.rocm_release("6.3.4") is None
    assert k.rocm_release("junk") is None
    assert k.closest_rocm_release("6.3.4").version == "6.3.3"
    assert k.closest_rocm_release("10.2.0").version == "10.0.0"
    assert k.closest_rocm_release("5.4.3") is None
    assert k.stream_of("7.2.1") == "legacy" and k.stream_of("7.12.0") == "therock"


def test_release_facts() -> None:
    r = k.rocm_release("6.4.1")
    assert {"gfx1201", "gfx1200", "gfx1101", "gfx1100", "gfx1030", "gfx942", "gfx90a", "gfx908"} <= set(r.supported_gfx)
    assert r.supports("gfx1032") is False
    assert r.ubuntu_codenames == ("noble", "jammy")
    assert r.debian_versions == ("12",)
    assert r.release_date == "2025-05-21"
    assert k.rocm_release("6.4.0").supports("gfx1101") is False  # added in 6.4.1
    assert "gfx950" in k.rocm_release("7.0.0").supported_gfx
    assert "gfx950" not in k.rocm_release("6.4.4").supported_gfx
    assert "focal" in k.rocm_release("6.1.2").ubuntu_codenames
    assert "focal" not in k.rocm_release("6.2.0").ubuntu_codenames
    assert k.rocm_release("7.0.2").debian_versions == ("13", "12")
    assert "gfx906" in k.rocm_release("6.0.0").gfx_deprecated
    assert k.rocm_release("7.9.0").supports("gfx1100") is None  # list not in the data
    assert dict(k.rocm_release("5.7.1").kernels)["Ubuntu 22.04.3"] == "6.2"


def test_repo_urls() -> None:
    r = k.rocm_release("6.2.0").repos
    assert r.rocm_apt.format(codename="noble") == "https://repo.radeon.com/rocm/apt/6.2 noble main"
    assert r.installer_deb.format(codename="jammy").endswith("/6.2/ubuntu/jammy/amdgpu-install_6.2.60200-1_all.deb")
    r = k.rocm_release("7.0.2").repos
    assert r.amdgpu_driver == "30.10.2"
    assert r.installer_deb.endswith("amdgpu-install_7.0.2.70002-1_all.deb")
    assert r.graphics_apt.startswith("https://repo.radeon.com/graphics/7.0.2/")
    t = k.rocm_release("7.14.0").repos
    assert t.rocm_apt.format(distro="ubuntu2404") == "https://repo.amd.com/rocm/packages/ubuntu2404 stable main"
    assert "debian12" in t.apt_distros


def test_repo_codename() -> None:
    assert k.repo_codename("ubuntu", "22.04", "jammy") == "jammy"
    assert k.repo_codename("ubuntu", "24.04", "noble") == "noble"
    assert k.repo_codename("ubuntu", "24.04", None) == "noble"
    assert k.repo_codename("debian", "12", "bookworm") == "jammy"
    assert k.repo_codename("debian", "13", "trixie") == "noble"
    assert k.repo_codename("debian", None, "trixie") == "noble"
    assert k.repo_codename("linuxmint", "22.1", "noble", ["ubuntu", "debian"]) == "noble"
    assert k.repo_codename("pop", "22.04", None, ["ubuntu", "debian"]) == "jammy"
    assert k.repo_codename("fedora", "41", None) is None
    assert k.repo_codename("arch", None, None, []) is None
    assert k.repo_codename(None, None, None) is None
    assert k.repo_codename("ubuntu", "25.04", "plucky") is None  # AMD has no repo for it
    assert k.repo_codename("debian", "11", "bullseye") is None


def test_kernel_cells_read_as_kernels() -> None:
    from rocmdesk.knowledge.releases import kernel_versions

    assert kernel_versions("5.15 GA, 6.8 HWE") == ((5, 15), (6, 8))
    assert kernel_versions("6.6 (preview HWE)") == ((6, 6),)
    assert kernel_versions("6.1 (6.3.1+, MI300X only)") == ((6, 1),)  # the bracket names a ROCm release
    assert kernel_versions("6.4.0-150700.51") == ((6, 4),) and kernel_versions("6.6.92") == ((6, 6),)
    assert kernel_versions("4.18-513") == ((4, 18),)
    assert kernel_versions("inbox kernel driver required for Ryzen APUs") == () and kernel_versions("UEK") == ()


def test_newest_validated_kernel_per_os_version() -> None:
    from rocmdesk.knowledge.releases import newest_validated_kernel, os_kernel_rows

    def newest(version: str, os_name: str, os_version: str):
        return newest_validated_kernel(k.rocm_release(version), os_name, os_version)

    assert newest("6.2.4", "Ubuntu", "24.04") == (6, 8)  # "Ubuntu 24.04/24.04.1": 6.8 GA
    assert newest("6.2.4", "Ubuntu", "22.04") == (6, 8)  # the newest over 22.04.5 and 22.04.4
    assert newest("6.4.4", "Ubuntu", "24.04") == (6, 11)
    assert newest("7.0.0", "Ubuntu", "24.04") == (6, 14) and newest("7.1.1", "Ubuntu", "22.04") == (6, 8)
    assert newest("6.0.0", "Ubuntu", "22.04") == (6, 6) and newest("5.7.1", "Ubuntu", "20.04") == (5, 15)
    assert newest("7.0.0", "Debian", "12") == (6, 1) and newest("7.0.0", "Debian", "13") == (6, 12)
    # nothing listed for the OS version, or only its GA kernel named: no bound
    assert newest("6.2.4", "Ubuntu", "26.04") is None and newest("6.2.4", "Debian", "13") is None
    assert newest("7.2.4", "Ubuntu", "24.04") is None and newest("7.2.4", "Ubuntu", "22.04") is None
    assert newest("7.14.0", "Ubuntu", "24.04") is None
    assert os_kernel_rows(k.rocm_release("5.7.1"), "Ubuntu", "20.04") == (("Ubuntu 20.04.5/.6", "5.15"),)


def test_every_kernel_table_has_its_own_sources() -> None:
    for r in k.rocm_releases():
        if r.kernels:
            assert r.kernel_sources and all(k.source_info(s) for s in r.kernel_sources), r.version
            assert set(r.kernel_sources) <= set(r.sources)
    assert k.rocm_release("6.2.4").kernel_sources == ("S-SR624",)
    assert k.rocm_release("7.2.0").kernels_ga_only == ("Ubuntu 24.04.3", "Ubuntu 22.04.5")
