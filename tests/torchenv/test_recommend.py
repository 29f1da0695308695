"""Recommendations on the simulated machines and on hand-made reports (multi-GPU, mirrors, pinned versions)."""

from __future__ import annotations

import shlex

import pytest

from rocmdesk.knowledge import torch_wheels
from rocmdesk.machine.model import Gpu, MachineReport
from rocmdesk.torchenv.recommend import RecommendError, dkms_rocm_version, hip_order, recommend
from tests.torchenv.torch_fixtures import sim_report  # noqa: F401 (fixture)

NEWEST = [w for w in torch_wheels() if w.channel == "stable"][-1]


def gpu(index: int, gfx: str, name: str = "GPU", kfd_node: int | None = None, apu: bool = False,
        vram: int = 16 << 30) -> Gpu:
    return Gpu(index=index, name=name, gfx=gfx, gfx_reported=gfx, device_id=None, revision=None, pci_slot=None,
               vram_total_bytes=vram, kfd_node=index + 1 if kfd_node is None else kfd_node, apu=apu,
               kind="apu" if apu else "dgpu")


def report(*gpus: Gpu, rocm: str | None = None, override_env: dict | None = None) -> MachineReport:
    r = MachineReport(source="test", simulated=True, gpus=list(gpus))
    r.rocm.primary_version = rocm
    r.override_env = dict(override_env or {})
    return r


def test_rx7900xtx_gets_the_newest_rocm_wheels_without_override(sim_report):
    rec = recommend(sim_report("rx7900xtx-ubuntu2404"))
    assert rec.status == "supported" and rec.gfx == "gfx1100" and rec.index_kind == "pytorch"
    local = NEWEST.rocm_tag
    assert rec.torch == f"{NEWEST.torch_version}+{local}" and rec.torchvision == f"{NEWEST.torchvision}+{local}"
    assert rec.index_url == f"https://download.pytorch.org/whl/{local}"
    assert rec.pip_command == (f"pip install torch=={rec.torch} torchvision=={rec.torchvision} "
                               f"--index-url {rec.index_url}")
    assert rec.override is None and rec.env == {}
    assert set(rec.why) >= {"gpu", "torch", "index", "override", "rocm"}
    assert all(s.endswith(".") and (s[0].isupper() or s.startswith("torch ")) for s in rec.why.values())
    assert "no system ROCm install is needed" in rec.why["rocm"]


def test_rx6600xt_needs_the_10_3_0_override(sim_report):
    rec = recommend(sim_report("rx6600xt-ubuntu2204"))
    assert rec.status == "override" and rec.gfx == "gfx1032"
    assert rec.override == "10.3.0" and rec.env == {"HSA_OVERRIDE_GFX_VERSION": "10.3.0"}
    assert "gfx1030" in rec.why["override"]
    # system ROCm 6.2.4 differs from the wheel's: only extensions care
    assert "6.2.4" in rec.why["rocm"] and "extensions" in rec.why["rocm"]
    # its amdgpu-dkms is from ROCm 6.2.4: an older driver under ROCm 7 user space
    assert dkms_rocm_version(sim_report("rx6600xt-ubuntu2204")) == "6.2.4"
    # so the wheel fits that driver (a ROCm 7 user space on it can hang), and the newer one needs a driver update
    assert rec.torch == "2.9.1+rocm6.4" and "6.2.4" in rec.why["driver"]
    alt = [x for x in rec.advice.gpus[0].alternatives if x.why == "driver"]
    assert alt and alt[0].path.torch == "2.13.0+rocm7.2" and alt[0].path.driver_update


def test_780m_goes_to_amds_family_index_and_its_override_is_called_out(sim_report):
    rec = recommend(sim_report("radeon780m-laptop"))
    assert rec.gfx == "gfx1103"
    assert rec.index_kind == "amd" and rec.index_url == "https://repo.amd.com/rocm/whl/gfx110X-all/"
    assert rec.requirements == ["torch", "torchvision"] and rec.torch is None
    assert rec.override is None
    assert any("HSA_OVERRIDE_GFX_VERSION=11.0.0 is set" in w for w in rec.warnings)


def test_igpu_beside_a_dgpu_is_hidden_and_the_dgpu_decides(sim_report):
    rec = recommend(sim_report("rx7900xtx-debian12"))
    assert rec.gfx == "gfx1100" and rec.gpu_index == 1 and rec.used_gpus == [1] and rec.hidden_gpus == [0]
    assert rec.env == {"ROCR_VISIBLE_DEVICES": "1"}
    assert rec.status == "supported" and rec.override is None
    assert any("integrated GPU" in w and "ROCR_VISIBLE_DEVICES=1" in w and "set only ROCR_VISIBLE_DEVICES" in w
               for w in rec.warnings)


def test_eight_instinct_gpus_and_partitions(sim_report):
    for name, count in (("mi300x-8gpu-server", 8), ("mi308x-partitioned", 32)):
        rec = recommend(sim_report(name))
        assert rec.status == "supported" and rec.gfx == "gfx942" and len(rec.used_gpus) == count
        assert f"All {count} GPUs are gfx942" in rec.why["gpu"]


def test_no_amd_gpu_still_names_the_newest_wheel(sim_report):
    rec = recommend(sim_report("no-amd-gpu"))
    assert rec.status == "no-gpu" and rec.gfx is None and rec.torch == f"{NEWEST.torch_version}+{NEWEST.rocm_tag}"
    assert "No AMD GPU" in rec.why["gpu"]


def test_gfx1151_on_an_old_pinned_torch_points_at_amds_index():
    r = report(gpu(0, "gfx1151", "Strix Halo", apu=True))
    rec = recommend(r, torch_version="2.9.1")
    assert rec.torch_version == "2.9.1" and rec.status == "unsupported"
    assert any("https://repo.amd.com/rocm/whl/gfx1151/" in w for w in rec.warnings)
    assert recommend(r).status == "supported" and recommend(r).torch_version == NEWEST.torch_version


def test_a_pinned_tag_and_a_system_rocm_that_matches_a_tag():
    r = report(gpu(0, "gfx1100"))
    rec = recommend(r, torch_version="2.9.1+rocm6.3")
    assert rec.torch == "2.9.1+rocm6.3" and rec.index_url.endswith("/rocm6.3")
    # a system ROCm 7.1 prefers the rocm7.1 tag of the newest torch (extensions built against it fit)
    rec = recommend(report(gpu(0, "gfx1100"), rocm="7.1.1"))
    assert rec.rocm_tag == "rocm7.1" and "it matches" in rec.why["rocm"]


def test_unknown_versions_are_errors():
    with pytest.raises(RecommendError, match="not in rocmdesk's wheel data"):
        recommend(report(gpu(0, "gfx1100")), torch_version="1.0.0")
    with pytest.raises(RecommendError, match="not a ROCm build"):
        recommend(report(gpu(0, "gfx1100")), torch_version="2.13.0+cpu")
    with pytest.raises(RecommendError):
        recommend(report(gpu(0, "gfx1100")), torch_version="2.13.0+rocm5.0")


def test_gfx906_falls_back_to_the_last_wheels_reported_to_work():
    rec = recommend(report(gpu(0, "gfx906", "Radeon VII")))
    assert rec.status == "supported" and rec.rocm_tag == "rocm6.3"


def test_mixed_gpus_get_per_node_overrides():
    r = report(gpu(0, "gfx1200", "RX 9060 XT", kfd_node=1), gpu(1, "gfx1032", "RX 6600", kfd_node=2))
    rec = recommend(r)
    assert rec.env == {"HSA_OVERRIDE_GFX_VERSION_2": "10.3.0"}
    assert "HSA_OVERRIDE_GFX_VERSION" not in rec.env
    assert rec.gpu_index == 1 and "hardest to serve" in rec.why["gpu"]


def test_a_custom_index_and_the_pip_environment():
    r = report(gpu(0, "gfx1100"))
    mirror = "https://mirror.example/pytorch/whl/rocm7.2"
    rec = recommend(r, index_url=mirror)
    assert rec.index_kind == "custom" and rec.index_url == mirror and "--index-url " + mirror in rec.pip_command
    rec = recommend(r, env={"PIP_INDEX_URL": "https://pypi.tuna.example/simple",
                            "PIP_EXTRA_INDEX_URL": "https://a.example/simple https://b.example/simple"})
    assert rec.extra_index_urls == ["https://pypi.tuna.example/simple", "https://a.example/simple",
                                    "https://b.example/simple"]
    assert rec.pip_command.endswith("--extra-index-url https://pypi.tuna.example/simple "
                                    "--extra-index-url https://a.example/simple --extra-index-url https://b.example/simple")
    assert "mirror" in rec.why
    # an unpinned torch (AMD's index) must not get the mirrors: their CUDA torch could win
    rec = recommend(report(gpu(0, "gfx1103", apu=True)), env={"PIP_INDEX_URL": "https://pypi.example/simple"})
    assert rec.extra_index_urls == [] and any("PIP_INDEX_URL" in w for w in rec.warnings)


def test_pip_argv_quotes_nothing_and_the_command_quotes_everything():
    rec = recommend(report(gpu(0, "gfx1100")), index_url="https://x.example/a b")
    python = "/p/my venv 'q' $(touch PWNED)/bin/python"
    argv = rec.pip_argv(python)
    assert argv[:4] == [python, "-m", "pip", "install"] and "https://x.example/a b" in argv
    assert shlex.split(rec.pip_command)[-1] == "https://x.example/a b"


def test_hip_order_follows_kfd_nodes():
    a, b = gpu(0, "gfx1100", kfd_node=3), gpu(1, "gfx1036", kfd_node=1, apu=True)
    assert [g.index for g in hip_order([a, b])] == [1, 0]


def test_json_form(sim_report):
    data = recommend(sim_report("rx6600xt-ubuntu2204")).to_json()
    assert data["pip_command"].startswith("pip install torch==")
    assert data["env"] == {"HSA_OVERRIDE_GFX_VERSION": "10.3.0"} and data["status"] == "override"
    assert isinstance(data["why"], dict) and isinstance(data["warnings"], list)
