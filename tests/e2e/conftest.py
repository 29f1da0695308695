"""Fixtures for the end-to-end install tests: the network namespace, fresh chroots, AMD played locally.

These tests need root, debootstrap's chroot cache (``scripts/ci/chroot.sh``; a cold first build
debootstraps once) and a few Debian tools; they skip without them, or fail where CI sets
``ROCMDESK_E2E_REQUIRED=1``.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

from tests.e2e import httpsrepo, rig

USER = "rdtest"


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

    def make(rocmdesk: bool = False) -> tuple[rig.Chroot, int]:
        m = rig.Chroot.create(Path(tempfile.mkdtemp(prefix="chroot-", dir=e2e_dir)) / "root", e2e_netns)
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
