"""The real reader on every simulated machine: the trees are read, not bypassed."""

from __future__ import annotations

import json

import pytest

from rocmdesk.machine.detect import detect
from rocmdesk.machine.simulate import list_machines, open_simulated


@pytest.fixture(scope="module")
def reports(tmp_path_factory):
    cache = tmp_path_factory.mktemp("sim-cache")
    return {m.name: detect(open_simulated(m.name, cache_dir=cache)) for m in list_machines()}


def test_every_machine_detects_and_serializes(reports):
    for name, report in reports.items():
        assert report.simulated, name
        assert report.source == f"simulated:{name}"
        json.dumps(report.to_json())
        for i, gpu in enumerate(report.gpus):
            assert gpu.index == i
            assert gpu.gfx and gpu.gfx.startswith("gfx"), (name, gpu)
            assert gpu.name, (name, gpu)
            assert gpu.device_id and len(gpu.device_id) == 4
            assert gpu.support is not None


def test_rx7900xtx(reports):
    r = reports["rx7900xtx-ubuntu2404"]
    (gpu,) = r.gpus
    assert (gpu.gfx, gpu.device_id, gpu.apu, gpu.gfx_source) == ("gfx1100", "744c", False, "kfd")
    assert "7900 XTX" in gpu.name
    assert gpu.support.status == "supported"
    assert abs(gpu.vram_total_bytes - 24 * 2**30) <= 32 * 2**20  # real cards report 16 MiB less
    assert (r.os.id, r.os.version_id, r.os.codename, r.os.repo_codename) == ("ubuntu", "24.04", "noble", "noble")
    assert r.rocm.installed == [] and r.rocm.primary_version is None
    assert r.kernel.amdgpu_loaded is True
    assert r.access.kfd.present and r.access.ok is True and not r.access.needs_relogin


def test_rx6600xt_needs_override_and_a_new_login(reports):
    r = reports["rx6600xt-ubuntu2204"]
    (gpu,) = r.gpus
    assert (gpu.gfx, gpu.device_id) == ("gfx1032", "73ff")
    assert gpu.support.status == "override" and gpu.support.override == "10.3.0"
    assert r.os.repo_codename == "jammy"
    assert r.rocm.primary_version or r.rocm.installed
    assert r.access.needs_relogin and r.access.ok is False
    assert any("log out" in w for w in r.warnings)


def test_radeon780m_is_an_apu_alone(reports):
    r = reports["radeon780m-laptop"]
    (gpu,) = r.gpus
    assert (gpu.gfx, gpu.apu) == ("gfx1103", True)
    assert gpu.support.status in ("override", "risky") and gpu.support.override == "11.0.0"
    assert not any("HIP_VISIBLE_DEVICES" in w for w in r.warnings)  # nothing to collide with


def test_mi300x_server(reports):
    r = reports["mi300x-8gpu-server"]
    assert len(r.gpus) == 8
    assert {g.gfx for g in r.gpus} == {"gfx942"} and {g.device_id for g in r.gpus} == {"74a1"}
    assert len({g.pci_slot for g in r.gpus}) == 8 and len({g.physical_id for g in r.gpus}) == 8
    assert all(g.support.status == "supported" for g in r.gpus)
    assert all(g.partition is None for g in r.gpus)
    assert [g.kfd_node for g in r.gpus] == sorted(g.kfd_node for g in r.gpus)
    assert r.rocm.primary_version and r.rocm.primary_version.startswith("6.4")


def test_no_amd_gpu(reports):
    r = reports["no-amd-gpu"]
    assert r.gpus == []
    assert (r.os.id, r.os.version_id, r.os.repo_codename) == ("debian", "12", "jammy")
