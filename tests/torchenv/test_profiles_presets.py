"""Presets from the detected machine (simulated machines)."""

from __future__ import annotations

import pytest

from rocmdesk.torchenv.envvars_check import check_env, errors
from rocmdesk.torchenv.presets import (
    ALL_ALLOCATOR_VARS,
    EXPANDABLE,
    allocator_vars,
    preset_env,
    suggest,
    torch_version_in,
)


def _machine(name):
    from rocmdesk.machine.detect import detect
    from rocmdesk.machine.open_sim import open_simulated

    return detect(open_simulated(name))


@pytest.mark.parametrize("version, names", [
    (None, ALL_ALLOCATOR_VARS),
    ("2.0.1", ("PYTORCH_CUDA_ALLOC_CONF", "PYTORCH_HIP_ALLOC_CONF")),
    ("2.4.1+rocm6.1", ("PYTORCH_CUDA_ALLOC_CONF", "PYTORCH_HIP_ALLOC_CONF")),
    ("2.7.1", ("PYTORCH_CUDA_ALLOC_CONF", "PYTORCH_HIP_ALLOC_CONF")),
    ("2.8.0", ALL_ALLOCATOR_VARS),
    ("2.9.1+rocm6.4", ALL_ALLOCATOR_VARS),  # 2.9.1 ignored the new name for expandable_segments: keep the old
    ("2.13.0", ALL_ALLOCATOR_VARS),
    ("not-a-version", ALL_ALLOCATOR_VARS),
])
def test_allocator_names_per_torch_version(version, names):
    assert allocator_vars(version) == names


def test_rx6600xt_gets_the_override_and_allocator_settings():
    env = preset_env(_machine("rx6600xt-ubuntu2204"))
    assert env["HSA_OVERRIDE_GFX_VERSION"] == "10.3.0"
    assert all(env[n] == EXPANDABLE for n in ALL_ALLOCATOR_VARS)
    assert "HIP_VISIBLE_DEVICES" not in env and "ROCR_VISIBLE_DEVICES" not in env
    assert errors(check_env(env)) == []


def test_igpu_beside_dgpu_hides_the_igpu_and_needs_no_override():
    m = _machine("rx7900xtx-debian12")
    env = preset_env(m, "2.4.1")
    assert env["ROCR_VISIBLE_DEVICES"] == "1"  # the 7900 XTX is the second GPU in KFD order
    assert "HIP_VISIBLE_DEVICES" not in env  # one mask only, the same one the recommendation sets
    assert not any(k.startswith("HSA_OVERRIDE") for k in env)  # the gfx1036 iGPU that would need one is hidden
    assert set(k for k in env if "ALLOC" in k) == {"PYTORCH_CUDA_ALLOC_CONF", "PYTORCH_HIP_ALLOC_CONF"}
    assert check_env(env, m) == []


def test_risky_override_is_not_preset():
    env = preset_env(_machine("radeon780m-laptop"))  # gfx1103: 11.0.0 is known but unreliable
    assert "HSA_OVERRIDE_GFX_VERSION" not in env


def test_supported_instinct_needs_nothing_but_allocator():
    env = preset_env(_machine("mi300x-8gpu-server"))
    assert set(env) == set(ALL_ALLOCATOR_VARS)


def test_no_gpu_no_preset():
    assert suggest(_machine("no-amd-gpu")) == []


def test_every_suggestion_says_why_and_where_from():
    for name in ("rx6600xt-ubuntu2204", "rx7900xtx-debian12"):
        for s in suggest(_machine(name)):
            assert s.why and s.source


def test_mixed_machine_gets_per_node_override():
    """A gfx1032 dGPU beside a supported one: only its KFD node gets the override."""
    import copy

    m = copy.deepcopy(_machine("rx6600xt-ubuntu2204"))
    other = copy.deepcopy(_machine("mi300x-8gpu-server").gpus[0])
    other.index, other.kfd_node = 1, 2
    m.gpus.append(other)
    env = preset_env(m)
    assert env.get("HSA_OVERRIDE_GFX_VERSION_1") == "10.3.0"
    assert "HSA_OVERRIDE_GFX_VERSION" not in env


def test_torch_version_from_the_venv(tmp_path):
    assert torch_version_in(tmp_path) is None
    sp = tmp_path / "lib" / "python3.11" / "site-packages"
    (sp / "torch-2.9.1+rocm6.4.dist-info").mkdir(parents=True)
    (sp / "torchvision-0.24.1+rocm6.4.dist-info").mkdir()
    assert torch_version_in(tmp_path) == "2.9.1+rocm6.4"


def test_preset_and_recommendation_hide_the_igpu_with_the_same_variable():
    from rocmdesk.torchenv.presets import VISIBILITY_VAR
    from rocmdesk.torchenv.recommend import recommend

    m = _machine("rx7900xtx-debian12")
    rec = recommend(m)
    env = preset_env(m)
    assert VISIBILITY_VAR == "ROCR_VISIBLE_DEVICES"
    assert rec.env == {VISIBILITY_VAR: env[VISIBILITY_VAR]}
    assert not any(f.level == "warning" and "VISIBLE" in f.key for f in check_env({**env, **rec.env}, m))
    # a HIP mask added by hand on top of the preset's is warned about
    both = check_env({**env, "HIP_VISIBLE_DEVICES": "0"}, m)
    assert any(f.key == "HIP_VISIBLE_DEVICES" and "set only ROCR_VISIBLE_DEVICES" in f.message for f in both)
