"""The .deb, end to end: scripts/ci/build-deb.sh builds it (dpkg-buildpackage, pybuild, lintian) on Debian 12, and
apt installs that one .deb with its dependencies into fresh Debian 12, Ubuntu 22.04 and Ubuntu 24.04 chroots from
a local repository, and the installed rocmdesk runs there (with each release's own python3: 3.11, 3.10, 3.12).

The dependencies (python3-numpy, -psutil, ...) are downloaded once by the host's apt from the chroot's release,
resolved against the chroot's own dpkg status, and cached in ${ROCMDESK_CI_CACHE}/deb-deps/; later runs are
offline.  The Ubuntu cases skip when this machine cannot reach Ubuntu's archive (only Debian's is promised).  The chroot
itself never reaches a network.  Measured on two cores: about 20 s warm, about 60 s with the dependency
cache empty (the base chroot tarball already built by scripts/ci/chroot.sh).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import stat
import subprocess
import tempfile
from pathlib import Path
from typing import Iterator

import pytest

from tests.e2e import rig

BUILD_DEB = rig.REPO / "scripts" / "ci" / "build-deb.sh"
SYS_ENV = {"PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "LC_ALL": "C"}
REPO_IN_CHROOT = "/srv/rocmdesk-apt"
MACHINE = "rx6600xt-ubuntu2204"
# the same cache folder as scripts/ci/chroot.sh's base tarball
CACHE_DIR = Path(os.environ.get("ROCMDESK_CI_CACHE", "/var/cache/rocmdesk-ci"))

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def deb() -> Iterator[Path]:
    rig.preflight()
    if shutil.which("dpkg-buildpackage") is None and os.geteuid() != 0:
        rig.unavailable("no dpkg-buildpackage (apt-get install dpkg-dev debhelper dh-python pybuild-plugin-pyproject)")
    out = Path(tempfile.mkdtemp(prefix="rocmdesk-deb-"))
    try:
        res = subprocess.run([str(BUILD_DEB), str(out)], capture_output=True, text=True, timeout=900)
        if res.returncode == 77:
            rig.unavailable(res.stderr.strip().splitlines()[-1])
        assert res.returncode == 0, res.stdout + res.stderr
        debs = sorted(out.glob("rocmdesk_*_all.deb"))
        assert len(debs) == 1, list(out.iterdir())
        yield debs[0]
    finally:
        shutil.rmtree(out, ignore_errors=True)


def _field(deb: Path, name: str) -> str:
    return subprocess.run(["dpkg-deb", "-f", str(deb), name], capture_output=True, text=True,
                          check=True).stdout.strip()


def _host_apt(work: Path, machine: rig.Chroot) -> list[str]:
    """apt-get on the host, pointed at the chroot's release (chroot.sh sources) and the chroot's dpkg status,
    with its own lists and cache under ``work``: the host's /etc/apt and /var/lib/apt are left alone."""
    sources = subprocess.run([str(rig.CHROOT_SH), "sources"], capture_output=True, text=True, check=True,
                             env=rig.suite_env(machine.suite)).stdout
    (work / "sources.list").write_text(sources)
    for d in ("parts", "lists/partial", "cache/archives/partial"):
        (work / d).mkdir(parents=True, exist_ok=True)
    return ["apt-get", "-q", "-y", "-o", f"Dir::Etc::SourceList={work}/sources.list",
            "-o", f"Dir::Etc::SourceParts={work}/parts", "-o", f"Dir::State::Lists={work}/lists",
            "-o", f"Dir::Cache={work}/cache", "-o", f"Dir::State::status={machine.p('/var/lib/dpkg/status')}",
            "-o", "Debug::NoLocking=1", "-o", "APT::Install-Recommends=false"]


def _dependency_debs(deb: Path, machine: rig.Chroot) -> list[Path]:
    """The .debs apt needs besides ours on this chroot: downloaded once by the host's apt from the chroot's
    release (resolved against the chroot's dpkg status, no recommends), then cached by the Depends line and
    the base tarball."""
    stamp = (Path(subprocess.run([str(rig.CHROOT_SH), "path"], capture_output=True, text=True, check=True,
                                 env=rig.suite_env(machine.suite)).stdout.strip() + ".stamp")).read_text()
    key = hashlib.sha256((_field(deb, "Depends") + "\n" + stamp).encode()).hexdigest()[:16]
    cache = CACHE_DIR / "deb-deps" / key
    if not (cache / ".complete").is_file():
        shutil.rmtree(cache, ignore_errors=True)
        (cache / "partial").mkdir(parents=True)
        with tempfile.TemporaryDirectory(prefix="rocmdesk-apt-") as work:
            apt = _host_apt(Path(work), machine)
            res = subprocess.run([*apt, "update"], capture_output=True, text=True, env=SYS_ENV, timeout=600)
            if res.returncode == 0:
                res = subprocess.run([*apt, "--download-only", "-o", f"Dir::Cache::archives={cache}/",
                                      "install", str(deb)], capture_output=True, text=True, env=SYS_ENV, timeout=600)
        if res.returncode != 0:
            shutil.rmtree(cache, ignore_errors=True)
            tail = "\n".join((res.stdout + res.stderr).strip().splitlines()[-8:])
            if "Unable to correct problems" in tail or "unmet dependencies" in tail.lower():
                # a dependency the release does not have: the package is wrong for it, not the network
                raise AssertionError(f"apt cannot install rocmdesk on {machine.suite}:\n{tail}")
            last = tail.splitlines()[-1] if tail else "?"
            rig.unavailable(f"the host's apt could not download rocmdesk's dependencies for {machine.suite}: {last}")
        (cache / ".complete").write_text(_field(deb, "Depends") + "\n")
    return sorted(cache.glob("*.deb"))


def _local_repo(machine: rig.Chroot, debs: list[Path]) -> None:
    """A flat apt repository inside the chroot (file:, trusted: it holds only what this test put there)."""
    repo = machine.p(REPO_IN_CHROOT)
    repo.mkdir(parents=True)
    for d in debs:
        shutil.copyfile(d, repo / d.name)
    packages = subprocess.run(["apt-ftparchive", "packages", "."], cwd=repo, capture_output=True, check=True,
                              env=SYS_ENV).stdout
    (repo / "Packages").write_bytes(packages)
    machine.p("/etc/apt/sources.list").write_text(f"deb [trusted=yes] file:{REPO_IN_CHROOT} ./\n")


def _mode(machine: rig.Chroot, path: str) -> tuple[int, int, int]:
    st = machine.p(path).lstat()
    return st.st_uid, st.st_gid, stat.S_IMODE(st.st_mode)


@pytest.mark.parametrize("suite", [rig.DEBIAN, *rig.UBUNTU])
def test_the_deb_installs_with_apt_and_runs(deb: Path, new_machine, suite: str) -> None:
    m, _uid = new_machine(suite=suite)
    assert not m.p("/usr/lib/python3/dist-packages/numpy").exists()  # apt, not the base, brings them
    _local_repo(m, [deb, *_dependency_debs(deb, m)])
    m.run(["apt-get", "-q", "update"])
    res = m.run(["apt-get", "-q", "-y", "--no-install-recommends", "install", "rocmdesk"],
                env=[rig.BASE_PATH, "LC_ALL=C", "DEBIAN_FRONTEND=noninteractive"], timeout=600)
    assert b"Setting up rocmdesk (" in res.stdout, res.stdout.decode()
    assert m.installed(["rocmdesk"]) == {"rocmdesk": _field(deb, "Version")}

    # the files that must be root's, with the modes pkexec and polkit expect
    assert _mode(m, "/usr/libexec/rocmdesk/rocmdesk-helper") == (0, 0, 0o755)
    assert _mode(m, "/usr/libexec/rocmdesk") == (0, 0, 0o755)
    assert _mode(m, "/usr/share/polkit-1/actions/org.rocmdesk.setup.policy") == (0, 0, 0o644)
    assert _mode(m, "/usr/bin/rocmdesk") == (0, 0, 0o755)
    for path in ("/usr/share/applications/io.github.rocmdesk.Rocmdesk.desktop",
                 "/usr/share/metainfo/io.github.rocmdesk.Rocmdesk.metainfo.xml",
                 "/usr/share/icons/hicolor/scalable/apps/io.github.rocmdesk.Rocmdesk.svg",
                 "/usr/share/icons/hicolor/48x48/apps/io.github.rocmdesk.Rocmdesk.png",
                 "/usr/share/man/man1/rocmdesk.1.gz"):
        assert _mode(m, path) == (0, 0, 0o644), path
    policy = m.p("/usr/share/polkit-1/actions/org.rocmdesk.setup.policy").read_text()
    assert "<annotate key=\"org.freedesktop.policykit.exec.path\">/usr/libexec/rocmdesk/rocmdesk-helper<" in policy

    # the installed rocmdesk, as the desktop user, with the system's python3 and nothing from this tree
    user = ["runuser", "-u", rig.USER, "--", "/usr/bin/env", f"HOME=/home/{rig.USER}"]
    version = m.run([*user, "rocmdesk", "--version"]).stdout.decode().splitlines()
    assert version[0] == f"rocmdesk {_field(deb, 'Version')}"
    assert not [line for line in version[1:] if "not installed" in line], version
    # with the .deb's helper in place, a plan carries no "cannot apply from this install" note
    plan = m.run([*user, "rocmdesk", "plan", "--simulate", MACHINE], check=False)
    assert plan.returncode == 0 and b"Steps:" in plan.stdout, plan.stderr.decode()
    assert b"system helper is not installed" not in plan.stderr, plan.stderr.decode()
    res = m.run([*user, "rocmdesk", "detect", "--simulate", MACHINE, "--json"], check=False)
    assert res.returncode == 0, res.stderr.decode()
    report = json.loads(res.stdout)
    assert report and "gfx1032" in res.stdout.decode(), report
    # the catalogue ships in the package: a Chinese locale gets Chinese (no locale generated: Python's UTF-8)
    zh = m.run([*user, "LC_ALL=", "LANG=zh_CN.UTF-8", "rocmdesk", "detect", "--simulate", MACHINE], check=False)
    assert zh.returncode == 0 and "模拟机器" in zh.stdout.decode() and "显存" in zh.stdout.decode(), zh.stderr.decode()
    where = m.run(["python3", "-c", "import rocmdesk, sys; print(rocmdesk.__file__)"]).stdout.decode().strip()
    assert where == "/usr/lib/python3/dist-packages/rocmdesk/__init__.py"
    # rocmdesk's own check that the helper is there and only root can change it
    helper = m.run([*user, "python3", "-c", "from rocmdesk.setup.runner import helper_path; print(helper_path())"])
    assert helper.stdout.decode().strip() == "/usr/libexec/rocmdesk/rocmdesk-helper"
    # the helper, as pkexec would start it, refuses an unknown option (its Python path is the system's)
    refused = m.run(["/usr/libexec/rocmdesk/rocmdesk-helper", "--root", "/tmp"], input=b"{}", check=False)
    assert refused.returncode == 2, refused.stderr.decode()
    # the window without PySide6 (none of the three releases packages it): a plain answer, not a traceback
    gui = m.run([*user, "QT_QPA_PLATFORM=offscreen", "rocmdesk"], check=False)
    assert gui.returncode == 3 and b"PySide6" in gui.stderr and b"Traceback" not in gui.stderr, gui.stderr

    # and apt takes it all away again
    m.run(["apt-get", "-q", "-y", "purge", "rocmdesk"],
          env=[rig.BASE_PATH, "LC_ALL=C", "DEBIAN_FRONTEND=noninteractive"])
    for path in ("/usr/libexec/rocmdesk", "/usr/share/polkit-1/actions/org.rocmdesk.setup.policy",
                 "/usr/lib/python3/dist-packages/rocmdesk", "/usr/bin/rocmdesk"):
        assert not m.p(path).exists(), path
