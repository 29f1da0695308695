from __future__ import annotations

import os
from pathlib import Path

from rocmdesk.machine.host import Host
from rocmdesk.machine.system import (
    parse_dpkg_status,
    parse_os_release,
    read_access,
    read_kernel,
    read_os,
    read_rocm,
)


def w(root: Path, rel: str, text: str) -> None:
    p = root / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(text)


def test_os_release_quoting_and_repo_codename(tmp_path):
    w(tmp_path, "etc/os-release", 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nNAME="Debian GNU/Linux"\n'
      'VERSION_ID="12"\nVERSION_CODENAME=bookworm\nID=debian\n')
    info = read_os(Host.at_root(tmp_path))
    assert (info.id, info.version_id, info.codename, info.repo_codename) == ("debian", "12", "bookworm", "jammy")
    assert info.pretty_name == "Debian GNU/Linux 12 (bookworm)"


def test_derivative_uses_its_ubuntu_base(tmp_path):
    w(tmp_path, "etc/os-release", 'ID=linuxmint\nVERSION_ID="22"\nVERSION_CODENAME=wilma\nID_LIKE="ubuntu debian"\n'
      "UBUNTU_CODENAME=noble\n")
    info = read_os(Host.at_root(tmp_path))
    assert info.id_like == ["ubuntu", "debian"] and info.repo_codename == "noble"


def test_missing_os_release_is_unknown_not_a_crash(tmp_path):
    info = read_os(Host.at_root(tmp_path))
    assert info.id is None and info.repo_codename is None and info.wsl is False


def test_wsl_and_container(tmp_path):
    w(tmp_path, "proc/sys/kernel/osrelease", "5.15.153.1-microsoft-standard-WSL2\n")
    w(tmp_path, ".dockerenv", "")
    info = read_os(Host.at_root(tmp_path))
    assert info.wsl and info.container == "docker"


def test_kernel_and_amdgpu(tmp_path):
    w(tmp_path, "proc/sys/kernel/osrelease", "6.8.0-48-generic\n")
    w(tmp_path, "proc/modules", "snd 1 0 - Live 0x0\n")
    k = read_kernel(Host.at_root(tmp_path))
    assert (k.release, k.version, k.amdgpu_loaded) == ("6.8.0-48-generic", "6.8.0", False)
    w(tmp_path, "sys/module/amdgpu/initstate", "live\n")
    assert read_kernel(Host.at_root(tmp_path)).amdgpu_loaded is True


def test_dpkg_status_only_installed():
    text = ("Package: rocm-core\nStatus: install ok installed\nVersion: 6.2.4.60204-139~22.04\n\n"
            "Package: amdgpu-dkms\nStatus: deinstall ok config-files\nVersion: 1:6.8.5\n\n"
            "Package: bash\nStatus: install ok installed\nVersion: 5.2\nDescription: x\n more\n")
    assert parse_dpkg_status(text) == {"rocm-core": "6.2.4.60204-139~22.04", "bash": "5.2"}


def test_rocm_install_and_residue(tmp_path):
    w(tmp_path, "opt/rocm-6.2.4/.info/version", "6.2.4-139\n")
    w(tmp_path, "opt/rocm-5.7.1/.info/version", "5.7.1-98\n")
    os.symlink("rocm-6.2.4", tmp_path / "opt/rocm")
    w(tmp_path, "var/lib/dpkg/status", "Package: rocm-core\nStatus: install ok installed\nVersion: 6.2.4.60204-139~22.04\n")
    w(tmp_path, "etc/apt/sources.list.d/rocm.list",
      "deb [arch=amd64 signed-by=/etc/apt/keyrings/rocm.gpg] https://repo.radeon.com/rocm/apt/5.7 jammy main\n")
    info = read_rocm(Host.at_root(tmp_path))
    assert info.primary_version == "6.2.4"
    assert sorted(i.version for i in info.installed) == ["5.7.1", "6.2.4"]
    assert info.repo_lists == ["/etc/apt/sources.list.d/rocm.list"]
    assert any("5.7.1" in r for r in info.residue) and any("5.7" in r and "apt" in r for r in info.residue)


def test_no_rocm_at_all(tmp_path):
    info = read_rocm(Host.at_root(tmp_path))
    assert info.installed == [] and info.primary_version is None and info.residue == []


def _groups(tmp_path, render_members="ada"):
    w(tmp_path, "etc/passwd", "root:x:0:0::/root:/bin/bash\nada:x:1000:1000::/home/ada:/bin/bash\n")
    w(tmp_path, "etc/group", f"root:x:0:\nvideo:x:44:ada\nrender:x:110:{render_members}\nada:x:1000:\n")


def test_added_to_render_but_session_predates_it(tmp_path):
    _groups(tmp_path)
    nodes = {"/dev/kfd": {"owner": "root", "group": "render", "mode": "crw-rw----"}}
    a = read_access(Host.at_root(tmp_path), "ada", ["ada", "video"], nodes)
    assert a.groups_configured == ["ada", "render", "video"]
    assert a.needs_relogin and a.ok is False and a.missing_groups == []


def test_not_in_render_at_all(tmp_path):
    _groups(tmp_path, render_members="")
    nodes = {"/dev/kfd": {"owner": "root", "group": "render", "mode": "crw-rw----"}}
    a = read_access(Host.at_root(tmp_path), "ada", ["ada", "video"], nodes)
    assert a.missing_groups == ["render"] and not a.needs_relogin and a.ok is False


def test_world_accessible_kfd_needs_no_group(tmp_path):
    _groups(tmp_path, render_members="")
    nodes = {"/dev/kfd": {"owner": "root", "group": "render", "mode": "crw-rw-rw-"}}
    a = read_access(Host.at_root(tmp_path), "ada", ["ada"], nodes)
    assert a.missing_groups == [] and a.ok is True


def test_missing_kfd(tmp_path):
    _groups(tmp_path)
    a = read_access(Host.at_root(tmp_path), "ada", ["ada", "render", "video"])
    assert a.kfd is not None and not a.kfd.present and a.ok is False


def test_live_machine_really_opens_device_nodes():
    a = read_access(Host.local(), None, None)
    if a.kfd.present:
        assert a.kfd.opens_rw is not None
    assert a.groups_session is not None


def test_only_the_amd_render_nodes_count(tmp_path):
    _groups(tmp_path, render_members="")
    w(tmp_path, "dev/dri/renderD128", "")  # an Intel iGPU's node
    w(tmp_path, "dev/dri/renderD129", "")
    a = read_access(Host.at_root(tmp_path), "ada", ["ada"], render_paths=["/dev/dri/renderD129"])
    assert [n.path for n in a.render_nodes] == ["/dev/dri/renderD129"]
    assert read_access(Host.at_root(tmp_path), "ada", ["ada"], render_paths=[]).render_nodes == []


def test_debians_own_rocm_tools_are_not_residue(tmp_path):
    w(tmp_path, "var/lib/dpkg/status", "Package: rocm-smi\nStatus: install ok installed\nVersion: 5.2.3-1\n\n"
      "Package: rocminfo\nStatus: install ok installed\nVersion: 5.2.3-3\n")
    assert read_rocm(Host.at_root(tmp_path)).residue == []
    w(tmp_path, "var/lib/dpkg/status", "Package: hip-runtime-amd\nStatus: install ok installed\n"
      "Version: 6.2.41134.60204-139~22.04\n")
    assert any("without rocm-core" in r for r in read_rocm(Host.at_root(tmp_path)).residue)
