"""The test rig: fresh Debian 12 chroots (Ubuntu 22.04/24.04 for the .deb) from the cache, and AMD's repository hosts played locally.

Every command in a chroot runs through ``scripts/ci/chroot.sh run`` (``/proc`` mounted in a private
mount namespace for that command only) inside the rig's private network namespace, where the only
server is ``httpsrepo``'s.  The host's own ``/etc`` is never changed.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn
from urllib.parse import urlsplit

import pytest

from tests.conftest import require
from tests.e2e import aptrepo, httpsrepo

REPO = Path(__file__).resolve().parents[2]
CHROOT_SH = REPO / "scripts" / "ci" / "chroot.sh"
LAUNCHER = REPO / "packaging" / "rocmdesk-helper"
PYTHON_DIR = "/usr/lib/rocmdesk/python"  # where the launcher looks for the rocmdesk package
HELPER = "/usr/libexec/rocmdesk/rocmdesk-helper"
BASE_PATH = "PATH=/usr/sbin:/usr/bin:/sbin:/bin"
TOOLS = ("unshare", "nsenter", "chroot", "tar", "flock", "dpkg-deb", "apt-ftparchive", "gpg", "gpgconf", "openssl")
USER = "rdtest"  # the desktop user of every test machine
COLD_BUILD_TIMEOUT_S = 80 * 60  # a first debootstrap over a slow mirror


def unavailable(reason: str) -> NoReturn:
    """Skip, or fail where CI says these tests must run (ROCMDESK_E2E_REQUIRED=1): ``tests.conftest.require``."""
    require("the end-to-end rig (root, debootstrap chroots)", reason)


def preflight() -> None:
    if not sys.platform.startswith("linux"):
        unavailable("needs Linux")
    if os.geteuid() != 0:
        unavailable("needs root (debootstrap, chroot, network namespaces)")
    missing = [t for t in TOOLS if shutil.which(t) is None]
    if missing:
        unavailable("missing tools: " + ", ".join(missing) + " (apt-get install apt-utils gnupg openssl util-linux)")
    arch = subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True).stdout.strip()
    if arch != "amd64":
        unavailable(f"the plans name arch=amd64; this machine is {arch or 'unknown'}")


DEBIAN = "bookworm"
UBUNTU = ("jammy", "noble")  # 22.04 and 24.04
UNREACHABLE = 77  # chroot.sh: the Ubuntu archive cannot be reached from here


def suite_env(suite: str) -> dict[str, str]:
    return {**os.environ, "ROCMDESK_CI_SUITE": suite}


def build_cache(suite: str = DEBIAN) -> None:
    """The cached base chroot of ``suite`` (a cold first run debootstraps once).  An Ubuntu archive this
    machine cannot reach is a plain skip even in CI: only Debian's mirror is promised here."""
    try:
        res = subprocess.run([str(CHROOT_SH), "build"], capture_output=True, text=True, timeout=COLD_BUILD_TIMEOUT_S,
                             env=suite_env(suite))
    except subprocess.TimeoutExpired:
        unavailable(f"debootstrap {suite} did not finish in time")
    last = (res.stderr.strip().splitlines() or ["?"])[-1]
    if res.returncode == UNREACHABLE and suite != DEBIAN:
        pytest.skip(last)  # by design: only Debian's mirror is promised in CI
    if res.returncode != 0:
        unavailable(f"the {suite} chroot could not be built: {last}")


def _mounts_under(path: Path) -> list[str]:
    prefix = str(path.resolve()) + "/"
    with open("/proc/self/mounts") as fh:
        return [line.split()[1] for line in fh if (line.split()[1] + "/").startswith(prefix)]


class Chroot:
    """One fresh working chroot."""

    def __init__(self, root: Path, netns: httpsrepo.NetNamespace, suite: str = DEBIAN) -> None:
        self.root = root
        self.netns = netns
        self.suite = suite

    @classmethod
    def create(cls, root: Path, netns: httpsrepo.NetNamespace, suite: str = DEBIAN) -> "Chroot":
        subprocess.run([str(CHROOT_SH), "new", str(root)], check=True, capture_output=True, timeout=600,
                       env=suite_env(suite))
        return cls(root, netns, suite)

    def p(self, machine_path: str) -> Path:
        return self.root / machine_path.lstrip("/")

    def run(self, argv: list[str], *, input: bytes | None = None, env: list[str] | None = None,
            check: bool = True, timeout: float = 300) -> subprocess.CompletedProcess:
        """``argv`` inside the chroot with a bare environment (``env -i`` plus ``env``)."""
        full = self.netns.enter([str(CHROOT_SH), "run", str(self.root), "/usr/bin/env", "-i",
                                 *(env if env is not None else [BASE_PATH, "LC_ALL=C"]), *argv])
        res = subprocess.run(full, input=input, capture_output=True, timeout=timeout)
        if check and res.returncode != 0:
            raise AssertionError(f"{argv} failed ({res.returncode}):\n{res.stdout.decode(errors='replace')}\n"
                                 f"{res.stderr.decode(errors='replace')}")
        return res

    def sh(self, script: str, check: bool = True) -> str:
        return self.run(["/bin/sh", "-ec", script], check=check).stdout.decode()

    # -- preparing the machine ---------------------------------------------------------------------------
    def add_user(self, name: str) -> int:
        self.run(["useradd", "--create-home", "--shell", "/bin/sh", name])
        return int(self.sh(f"id -u {name}").strip())

    def ensure_group(self, name: str) -> None:
        # udev creates "render" on a real system; a chroot has no udev
        self.sh(f"getent group {name} >/dev/null || groupadd --system {name}")

    def offline(self) -> None:
        """No Debian mirror: the chroot has no network but ours, and apt-get update must not fail on it."""
        self.p("/etc/apt/sources.list").write_text("# offline test machine: only the repositories a plan adds\n")

    def map_hosts(self, hosts: list[str]) -> None:
        lines = ["127.0.0.1 localhost", *(f"127.0.0.1 {h}" for h in hosts)]
        self.p("/etc/hosts").write_text("\n".join(lines) + "\n")

    def trust_ca(self, ca_cert: Path) -> None:
        target = self.p("/usr/local/share/ca-certificates/rocmdesk-test-ca.crt")
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ca_cert, target)
        self.run(["update-ca-certificates"])

    def fake_gpu_driver(self, group: str = "render") -> None:
        """What the verify steps look at: /sys/module/amdgpu, and a /dev/kfd that opens like the real one
        only for members of ``group`` (a char device with /dev/null's numbers, root:render 0660)."""
        self.p("/sys/module/amdgpu").mkdir(parents=True, exist_ok=True)
        kfd = self.p("/dev/kfd")
        if not kfd.exists():
            os.mknod(kfd, 0o600 | stat.S_IFCHR, os.makedev(1, 3))
        self.run(["chown", f"root:{group}", "/dev/kfd"])
        self.run(["chmod", "0660", "/dev/kfd"])

    def install_rocmdesk(self) -> None:
        """The package where the launcher finds it, the launcher where pkexec's policy names it; root's, 0755/0644."""
        if not LAUNCHER.is_file():
            unavailable(f"{LAUNCHER.relative_to(REPO)} is not there yet")
        dest = self.p(PYTHON_DIR) / "rocmdesk"
        shutil.copytree(REPO / "src" / "rocmdesk", dest, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        # rocmdesk.resources is built from the top-level resources/ (setup.py), as the .deb installs it
        shutil.copytree(REPO / "resources", dest / "resources", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        launcher = self.p(HELPER)
        launcher.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(LAUNCHER, launcher)
        for path in [*self.p("/usr/lib/rocmdesk").rglob("*"), self.p("/usr/lib/rocmdesk"), launcher.parent]:
            os.chown(path, 0, 0)
            path.chmod(0o755 if path.is_dir() else 0o644)
        os.chown(launcher, 0, 0)
        launcher.chmod(0o755)

    # -- reading the result -----------------------------------------------------------------------------
    def group_members(self, group: str) -> set[str]:
        for line in self.p("/etc/group").read_text().splitlines():
            parts = line.split(":")
            if parts[0] == group:
                return {m for m in parts[3].split(",") if m}
        raise AssertionError(f"no group {group} in the chroot")

    def installed(self, names: list[str]) -> dict[str, str]:
        """name -> version of the packages dpkg says are installed."""
        res = self.run(["dpkg-query", "-W", "-f", "${Package}\\t${Version}\\t${db:Status-Status}\\n", *names],
                       check=False)
        out = {}
        for line in res.stdout.decode().splitlines():
            name, version, status = (line.split("\t") + ["", ""])[:3]
            if status == "installed":
                out[name] = version
        return out

    def remove(self) -> None:
        left = _mounts_under(self.root)
        for mp in sorted(left, reverse=True):
            subprocess.run(["umount", "-l", mp], capture_output=True)
        if _mounts_under(self.root):
            raise RuntimeError(f"mounts left under {self.root}; not removing it")
        subprocess.run(["rm", "-rf", "--one-file-system", str(self.root)], check=True)


def plan_hosts(plan_json: dict[str, Any]) -> list[str]:
    """AMD's host names the plan's URLs use (and every host the allow-list allows, so nothing escapes)."""
    from rocmdesk.setup.recipe import amd_hosts

    hosts = set(amd_hosts())
    for step in plan_json["steps"]:
        for key in ("url", "uri"):
            if key in step["params"]:
                hosts.add(urlsplit(step["params"][key]).hostname)
    return sorted(hosts)


class FakeAmd:
    """AMD's key and repositories for one plan, signed with a throw-away key, served over HTTPS."""

    def __init__(self, workdir: Path, plan_json: dict[str, Any], netns: httpsrepo.NetNamespace) -> None:
        self.workdir = workdir
        self.hosts = plan_hosts(plan_json)
        self.docroot = workdir / "www"
        self.key = aptrepo.SigningKey.create()
        self.repos: dict[str, aptrepo.AptRepo] = {}
        rocm = plan_json["choices"]["rocm"]
        pin = next((s["params"] for s in plan_json["steps"] if s["kind"] == "write-pin"), None)
        for step in plan_json["steps"]:
            p = step["params"]
            if step["kind"] == "install-key":
                aptrepo.publish_key(self._local(p["url"]), self.key)
            elif step["kind"] == "write-apt-list":
                origin = pin["origin"] if pin else urlsplit(p["uri"]).hostname
                packages = aptrepo.amd_like_packages(rocm)
                if step["id"] == "write-graphics-list":  # ROCm 7's graphics repository: libdrm, none of ROCm
                    packages = [aptrepo.DummyPackage("libdrm-amdgpu-common", "1.0.0.70204-2255209.22.04")]
                self.repos[step["id"]] = aptrepo.build_repo(
                    self._local(p["uri"]), packages, self.key, suite=p["suite"],
                    component=p["components"][0], arch=p["arch"].split(",")[0], origin=origin)
        self.ca = httpsrepo.make_ca(workdir / "ca", self.hosts)
        self.server = httpsrepo.Server(netns, self.docroot, self.ca, workdir / "requests.log")

    def _local(self, url: str) -> Path:
        parts = urlsplit(url)
        return self.docroot / parts.hostname / parts.path.strip("/")

    def serve(self, machine: Chroot) -> None:
        machine.map_hosts(self.hosts)
        machine.trust_ca(self.ca.ca_cert)

    def armored_key(self) -> bytes:
        return self.key.armored_public()

    def close(self) -> None:
        self.server.stop()
        self.key.close()


@dataclass
class HelperRun:
    rc: int
    events: list  # rocmdesk.setup.events.Event
    stderr: str

    def of(self, name: str) -> list:
        return [e for e in self.events if e.event == name]

    def status(self) -> dict[str, str]:
        """step id -> its last outcome (ok / skipped / failed)."""
        out: dict[str, str] = {}
        for e in self.events:
            if e.event in ("ok", "skipped", "failed") and e.step_id:
                out[e.step_id] = e.event
        return out


def run_helper(machine: Chroot, plan_json: dict[str, Any], uid: int, timeout: float = 300) -> HelperRun:
    """The helper as pkexec would start it: a bare environment with PKEXEC_UID, the plan on stdin."""
    from rocmdesk.setup.events import parse_line

    res = machine.run(["/usr/bin/python3", "-I", HELPER], input=json.dumps(plan_json).encode(),
                      env=[f"PKEXEC_UID={uid}"], check=False, timeout=timeout)
    events = [e for e in (parse_line(ln) for ln in res.stdout.decode(errors="replace").splitlines()) if e]
    return HelperRun(res.returncode, events, res.stderr.decode(errors="replace"))


# -- the end state of an applied plan (the same whoever applied it: the helper or Ansible) ------------
def step_of(plan_json: dict, kind: str) -> dict:
    return next(s for s in plan_json["steps"] if s["kind"] == kind)


def gpg_dearmor(armored: bytes) -> bytes:
    """GnuPG's own dearmor on the host: the oracle for the key file's bytes."""
    return subprocess.run(["gpg", "--dearmor"], input=armored, capture_output=True, check=True).stdout


def expected_end_state(plan_json: dict, amd: FakeAmd) -> dict:
    from rocmdesk.setup.steps import Step, file_content

    files = {}
    for s in plan_json["steps"]:
        if s["kind"] in ("write-apt-list", "write-pin"):
            files[s["params"]["path"]] = file_content(Step(**s))
    return {"key": gpg_dearmor(amd.armored_key()), "files": files}


def assert_end_state(m: Chroot, plan_json: dict, amd: FakeAmd) -> dict[str, Any]:
    """The machine after the plan, the same whoever applied it (helper or Ansible).  Returns a snapshot
    (the files' bytes, the ROCm packages and versions, the user's groups) to compare two machines by."""
    from rocmdesk.setup import aptfiles
    from rocmdesk.setup.preflight import rocm_version_of_package

    want = expected_end_state(plan_json, amd)
    key_step = step_of(plan_json, "install-key")
    key = m.p(key_step["params"]["path"]).read_bytes()
    assert key == want["key"], "the keyring is not the dearmored test key"
    assert not key.startswith(b"-----BEGIN"), "the keyring must be binary (dearmored)"
    assert m.p(key_step["params"]["path"]).stat().st_mode & 0o777 == 0o644
    for path, text in want["files"].items():
        assert m.p(path).read_text() == text, path
        assert m.p(path).stat().st_mode & 0o777 == 0o644
    lst = step_of(plan_json, "write-apt-list")["params"]
    entries = aptfiles.entries(lst["path"], m.p(lst["path"]).read_text())
    assert [e.signed_by for e in entries] == [key_step["params"]["path"]]
    # apt itself: the repository is trusted with that key, and the pin gives it priority 600
    pin = step_of(plan_json, "write-pin")["params"]
    policy = m.run(["apt-cache", "policy", "rocm-core"]).stdout.decode()
    assert f" {pin['priority']} {lst['uri']} {lst['suite']}/{lst['components'][0]}" in policy, policy
    # the packages, with what apt pulled in through their Depends
    wanted = step_of(plan_json, "apt-install")["params"]["packages"]
    rocm = plan_json["choices"]["rocm"]
    installed = m.installed(wanted + ["rocm-core", "hip-runtime-amd", "rocminfo", "hsa-rocr"])
    assert set(installed) == set(wanted) | {"rocm-core", "hip-runtime-amd", "rocminfo", "hsa-rocr"}, installed
    assert all(rocm_version_of_package(v) == rocm for v in installed.values()), installed
    assert m.p(f"/opt/rocm-{rocm}/.info/version").read_text().startswith(rocm)
    groups = step_of(plan_json, "add-user-to-groups")["params"]["groups"]
    for g in groups:
        assert USER in m.group_members(g), f"{USER} is not in {g}"
    paths = [key_step["params"]["path"], *want["files"]]
    return {"files": {p: m.p(p).read_bytes() for p in paths}, "packages": installed,
            "groups": sorted(g for g in ("render", "video") if USER in m.group_members(g))}
