"""Plans on the simulated machines: the real reader, the real planner, what a person would expect."""

from __future__ import annotations

import pytest

from rocmdesk.machine.detect import detect
from rocmdesk.machine.simulate import list_machines, open_simulated
from rocmdesk.setup.choices import Choices
from rocmdesk.setup.facts import read_facts
from rocmdesk.setup.plan import plan


@pytest.fixture(scope="module")
def machines(tmp_path_factory):
    cache = tmp_path_factory.mktemp("sim-cache")
    out = {}
    for mm in list_machines():
        host = open_simulated(mm.name, cache_dir=cache)
        out[mm.name] = (detect(host), read_facts(host))
    return out


def make(machines, name, **choices):
    report, facts = machines[name]
    return plan(report, Choices(**choices), facts)


def done(p) -> dict[str, bool]:
    return {s.id: s.done for s in p.steps}


def fids(p) -> set[str]:
    return {f.id for f in p.findings}


def test_every_machine_plans_every_scope_without_a_surprise_blocker(machines):
    for name in machines:
        for scope in ("pytorch", "runtime", "sdk"):
            p = make(machines, name, scope=scope)
            assert not p.blocked, (name, scope, [f.id for f in p.findings if f.severity == "blocker"])
            assert p.steps[-1].id == "verify-kfd"


def test_rx7900xtx_ubuntu2404(machines):
    p = make(machines, "rx7900xtx-ubuntu2404")
    assert done(p) == {"add-groups": True, "verify-amdgpu": True, "verify-kfd": True} and not p.todo
    p = make(machines, "rx7900xtx-ubuntu2404", scope="runtime")
    assert p.choices.release.version == "7.2.4" and p.choices.suite == "noble"
    assert not done(p)["install-rocm"] and not done(p)["install-key"]


def test_rx6600xt_keeps_its_rocm_and_drops_the_leftovers(machines):
    p = make(machines, "rx6600xt-ubuntu2204", scope="runtime")
    assert p.choices.release.version == "6.2.4" and "installed already" in p.choices.rocm_why
    d = done(p)
    assert d["install-key"] and d["write-rocm-list"] and d["write-pin"]
    assert [s.params["path"] for s in p.steps if s.kind == "remove-path"] == ["/opt/rocm-5.7.1"]
    assert "cleanup-purge" not in d  # the installed 6.2.4 is the chosen one
    assert {"needs-relogin", "gpu-override", "rocm-residue"} <= fids(p)
    assert "kernel-ga-hwe" not in fids(p)  # amdgpu-dkms is installed: the in-box driver's age is moot
    assert d["add-groups"] and not d["verify-kfd"]


def test_radeon780m_needs_the_override(machines):
    p = make(machines, "radeon780m-laptop", scope="runtime")
    (f,) = [f for f in p.findings if f.id == "gpu-override"]
    assert "HSA_OVERRIDE_GFX_VERSION=11.0.0" in f.evidence[0]


@pytest.mark.parametrize("name", ["mi300x-8gpu-server", "mi308x-partitioned"])
def test_instinct_servers_are_installed_already(name, machines):
    for scope in ("runtime", "sdk"):
        p = make(machines, name, scope=scope)
        assert p.choices.release.version == "6.4.1" and "amdgpu-dkms driver is installed" in p.choices.dkms_why
        d = done(p)
        assert all(d[k] for k in ("install-key", "write-rocm-list", "write-pin", "apt-update", "install-rocm",
                                  "add-groups")), d
        assert not [s for s in p.steps if s.id.startswith("cleanup")]


def test_no_amd_gpu(machines):
    p = make(machines, "no-amd-gpu")
    assert {"no-gpu", "amdgpu-not-loaded"} <= fids(p)
    assert not done(p)["add-groups"]  # sam is in video but not in render


def test_debian12_uses_jammy(machines):
    p = make(machines, "rx7900xtx-debian12", scope="sdk")
    rocm, graphics = [s for s in p.steps if s.kind == "write-apt-list"]
    assert rocm.params["suite"] == graphics.params["suite"] == "jammy"
    assert graphics.params["uri"] == "https://repo.radeon.com/graphics/7.2.4/ubuntu"
    assert p.choices.release.version == "7.2.4"
