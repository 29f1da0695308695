"""Fixtures for the end-to-end install tests: the network namespace, fresh chroots, AMD played locally.

These tests need root, debootstrap's chroot cache (``scripts/ci/chroot.sh``; a cold first build
debootstraps once) and a few Debian tools; they skip without them, or fail where CI sets
``ROCMDESK_E2E_REQUIRED=1``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

from tests.e2e import httpsrepo, rig

USER = rig.USER


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "e2e: a real install in a Debian chroot (root; deselect with -m 'not e2e')")


@pytest.fixture(scope="session")
def e2e_netns() -> Iterator[httpsrepo.NetNamespace]:
    rig.preflight()
    rig.build_cache()
    try:
        ns = httpsrepo.NetNamespace()
    except OSError as exc:
        rig.unavailable(f"no private network namespace: {exc}")
    yield ns
    ns.close()


@pytest.fixture(scope="session")
def e2e_dir() -> Iterator[Path]:
    # not pytest's tmp_path: it keeps old runs, and each chroot is ~200 MB
    d = Path(tempfile.mkdtemp(prefix="rocmdesk-e2e-"))
    yield d
    rig.Chroot(d, None).remove()  # type: ignore[arg-type]


def plan_for(machine: rig.Chroot, scope: str = "runtime") -> dict[str, Any]:
    """rocmdesk's own planner, run on the chroot as the machine it is (Debian 12, no GPU, amdgpu "loaded")."""
    from rocmdesk.machine.detect import detect
    from rocmdesk.machine.host import Host
    from rocmdesk.setup.choices import Choices
    from rocmdesk.setup.facts import read_facts
    from rocmdesk.setup.plan import plan

    host = Host.at_root(machine.root)
    return plan(detect(host), Choices(scope=scope, user=USER), read_facts(host)).to_json()


@pytest.fixture(scope="session")
def fake_amd(e2e_netns: httpsrepo.NetNamespace, e2e_dir: Path) -> Iterator[Callable[[dict], rig.FakeAmd]]:
    """AMD's hosts for a plan: built for the first plan, and checked to fit every later one."""
    made: list[tuple[rig.FakeAmd, list]] = []

    def urls(plan_json: dict) -> list:
        return [(s["kind"], s["params"].get("url") or s["params"].get("uri")) for s in plan_json["steps"]
                if s["kind"] in ("install-key", "write-apt-list")]

    def get(plan_json: dict) -> rig.FakeAmd:
        if not made:
            made.append((rig.FakeAmd(e2e_dir / "amd", plan_json, e2e_netns), urls(plan_json)))
        amd, seen = made[0]
        assert urls(plan_json) == seen, "the plans of two fresh chroots name different repositories"
        return amd

    yield get
    for amd, _ in made:
        amd.close()


@pytest.fixture
def new_machine(e2e_netns: httpsrepo.NetNamespace, e2e_dir: Path) -> Iterator[Callable[..., tuple[rig.Chroot, int]]]:
    """A fresh chroot made ready like a desktop: offline, the GPU groups, the test user, a stand-in
    amdgpu driver; with ``rocmdesk=True`` the helper installed.  Returns (chroot, the user's uid)."""
    made: list[rig.Chroot] = []

    def make(rocmdesk: bool = False, suite: str = rig.DEBIAN) -> tuple[rig.Chroot, int]:
        if suite != rig.DEBIAN:
            rig.build_cache(suite)  # the session built Debian's; an Ubuntu one on first use
        m = rig.Chroot.create(Path(tempfile.mkdtemp(prefix="chroot-", dir=e2e_dir)) / "root", e2e_netns, suite)
        made.append(m)
        m.offline()
        for group in ("render", "video"):
            m.ensure_group(group)
        uid = m.add_user(USER)
        m.fake_gpu_driver()
        if rocmdesk:
            m.install_rocmdesk()
        return m, uid

    yield make
    for m in made:
        m.remove()


@pytest.fixture(scope="session")
def end_states() -> dict[str, dict]:
    """Who applied a plan (``helper``, ``ansible``) -> the end state it left, for the other test to compare."""
    return {}


# -- Ansible from PyPI: the `ansible` package ships community.general and its chroot connection ------------
CACHE = Path(os.environ.get("ROCMDESK_CI_CACHE", "/var/cache/rocmdesk-ci"))
VENV = CACHE / f"ansible-py{sys.version_info.major}.{sys.version_info.minor}"
PIP_TIMEOUT_S = 900
_CHROOT_PLUGIN = "import ansible_collections.community.general.plugins.connection.chroot"


def _has_chroot_plugin(python: Path) -> bool:
    res = subprocess.run([str(python), "-c", _CHROOT_PLUGIN], capture_output=True)
    return res.returncode == 0


@pytest.fixture(scope="session")
def ansible_bin() -> Path:
    """The folder with ansible-playbook whose Python has community.general's chroot connection."""
    here = Path(sys.executable).parent
    if (here / "ansible-playbook").is_file() and _has_chroot_plugin(Path(sys.executable)):
        return here
    if (VENV / "bin" / "ansible-playbook").is_file() and _has_chroot_plugin(VENV / "bin" / "python"):
        return VENV / "bin"
    if os.geteuid() != 0:
        rig.unavailable("no ansible-playbook with community.general here, and building the cached one needs root")
    shutil.rmtree(VENV, ignore_errors=True)  # half-built, or its Python is gone
    try:
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True, capture_output=True, timeout=300)
        subprocess.run([str(VENV / "bin" / "pip"), "install", "-q", "--disable-pip-version-check", "ansible"],
                       check=True, capture_output=True, timeout=PIP_TIMEOUT_S)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as exc:
        shutil.rmtree(VENV, ignore_errors=True)
        rig.unavailable(f"could not pip install ansible: {getattr(exc, 'stderr', None) or exc!s}"[:400])
    return VENV / "bin"
