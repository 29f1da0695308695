"""Validation of a profile's variables (rocm-knowledge.md §4)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rocmdesk.knowledge import all_gfx_targets, env_var
from rocmdesk.torchenv.envvars_check import (
    ALLOC_KEYS,
    ALLOCATOR_VARS,
    DEVICE_LISTS,
    check_env,
    errors,
    parse_alloc_conf,
    warnings,
)


def _errors(env):
    return [str(f) for f in errors(check_env(env))]


def _warnings(env, machine=None):
    return [str(f) for f in warnings(check_env(env, machine))]


# -- HSA_OVERRIDE_GFX_VERSION ----------------------------------------------------------------------------
@pytest.mark.parametrize("value", ["10.3.0", "11.0.0", "9.0.10", "9.4.2", "11.0.2", "12.0.1"])
def test_known_overrides_pass(value):
    assert _errors({"HSA_OVERRIDE_GFX_VERSION": value}) == []
    assert _errors({"HSA_OVERRIDE_GFX_VERSION_1": value}) == []


@pytest.mark.parametrize("value, words", [
    ("10.3", "major.minor.stepping"),
    ("gfx1030", "major.minor.stepping"),
    ("10.3.0 ", "major.minor.stepping"),
    ("", "empty"),
    ("10.3.7", "gfx1037"),
    ("64.0.0", "out of range"),
    ("9.0.256", "out of range"),
])
def test_bad_overrides_are_one_line_errors(value, words):
    (msg,) = _errors({"HSA_OVERRIDE_GFX_VERSION": value})
    assert words in msg and "\n" not in msg and msg.startswith("HSA_OVERRIDE_GFX_VERSION:")


def test_every_known_target_is_a_valid_override():
    for t in all_gfx_targets():
        value = f"{t.version // 10000}.{t.version // 100 % 100}.{t.version % 100}"
        assert _errors({"HSA_OVERRIDE_GFX_VERSION": value}) == [], t.gfx


def test_per_node_override_on_node_0_warns():
    assert any("usually the CPU" in w for w in _warnings({"HSA_OVERRIDE_GFX_VERSION_0": "10.3.0"}))


# -- device lists ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("key", DEVICE_LISTS)
@pytest.mark.parametrize("value", ["0", "0,1", "3,1,2", "GPU-4b2c9e8f1a3d5e7c", "0,GPU-ab12"])
def test_device_lists_pass(key, value):
    assert _errors({key: value}) == []


@pytest.mark.parametrize("value, words", [("0, 1", "without spaces"), ("a", "neither"), ("0,0", "twice"),
                                          ("1;2", "neither"), ("GPU-", "neither"), ("gpu-12", "neither")])
def test_bad_device_lists(value, words):
    (msg,) = _errors({"HIP_VISIBLE_DEVICES": value})
    assert words in msg


def test_empty_device_list_hides_everything():
    assert any("hides every GPU" in w for w in _warnings({"ROCR_VISIBLE_DEVICES": ""}))


def test_hip_and_rocr_together_warn_but_pass():
    env = {"HIP_VISIBLE_DEVICES": "0", "ROCR_VISIBLE_DEVICES": "1"}
    assert _errors(env) == []
    (w,) = _warnings(env)
    assert w.startswith("HIP_VISIBLE_DEVICES:") and "ROCR_VISIBLE_DEVICES" in w
    assert any("CUDA_VISIBLE_DEVICES" in x for x in _warnings({"CUDA_VISIBLE_DEVICES": "1",
                                                               "ROCR_VISIBLE_DEVICES": "1"}))


# -- allocator settings -----------------------------------------------------------------------------------
@pytest.mark.parametrize("key", ALLOCATOR_VARS)
@pytest.mark.parametrize("value", [
    "expandable_segments:True",
    "expandable_segments:False,max_split_size_mb:512",
    "garbage_collection_threshold:0.6,max_split_size_mb:128",
    "roundup_power2_divisions:4",
    "roundup_power2_divisions:[256:1,512:2,1024:4,>:8],expandable_segments:True",
    "backend:native",
])
def test_allocator_settings_pass(key, value):
    assert _errors({key: value}) == []


@pytest.mark.parametrize("value, words", [
    ("expandable_segments:true", "True or False"),
    ("expandable_segment:True", "not an allocator option"),
    ("expandable_segments", "key:value"),
    ("expandable_segments=True", "key:value"),
    ("max_split_size_mb:20", "more than 20"),
    ("max_split_size_mb:lots", "whole number"),
    ("garbage_collection_threshold:1.0", "between 0 and 1"),
    ("roundup_power2_divisions:3", "power of 2"),
    ("roundup_power2_divisions:[256:3]", "power of 2"),
    ("expandable_segments:True, max_split_size_mb:64", "spaces"),
    ("", "empty"),
    ("backend:magic", "native"),
])
def test_bad_allocator_settings(value, words):
    (msg,) = _errors({"PYTORCH_HIP_ALLOC_CONF": value})
    assert words in msg and "\n" not in msg


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(sorted(ALLOC_KEYS)), min_size=1, max_size=5, unique=True))
def test_parse_alloc_conf_accepts_every_key_with_a_good_value(keys):
    good = {"expandable_segments": "True", "max_split_size_mb": "256", "max_non_split_rounding_mb": "0",
            "garbage_collection_threshold": "0.5", "roundup_power2_divisions": "[64:8,>:1]", "backend": "native",
            "pinned_num_register_threads": "8", "pinned_reserve_segment_size_mb": "16",
            "per_process_memory_fraction": "0.9"}
    text = ",".join(f"{k}:{good.get(k, 'False')}" for k in keys)
    assert [k for k, _ in parse_alloc_conf(text)] == keys


@pytest.mark.parametrize("value", ["\u00b2", "1\u00b2", "\u0663", "0,\u00b2", "max_split_size_mb:\u00b2"])
def test_digits_int_rejects_are_errors_not_crashes(value):
    # "²".isdigit() is true but int("²") raises: such values must come back as findings
    for key in ("GPU_MAX_HW_QUEUES", "HIP_VISIBLE_DEVICES", "PYTORCH_ALLOC_CONF", "HSA_OVERRIDE_GFX_VERSION"):
        check_env({key: value}, machine=None)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=40))
def test_checks_never_crash(value):
    for key in ("HSA_OVERRIDE_GFX_VERSION", "HSA_OVERRIDE_GFX_VERSION_2", "HIP_VISIBLE_DEVICES",
                "PYTORCH_ALLOC_CONF", "GPU_MAX_HW_QUEUES", "MIOPEN_FIND_MODE"):
        for f in check_env({key: value}):
            assert "\n" not in f.message


# -- other variables -----------------------------------------------------------------------------------------
def test_gpu_max_hw_queues():
    assert _errors({"GPU_MAX_HW_QUEUES": "2"}) == []
    assert _errors({"GPU_MAX_HW_QUEUES": "two"})
    assert _errors({"GPU_MAX_HW_QUEUES": "0"})
    assert any("above 4" in w for w in _warnings({"GPU_MAX_HW_QUEUES": "8"}))


@pytest.mark.parametrize("key", ["PATH", "VIRTUAL_ENV", "PYTHONHOME", "ROCMDESK_PROFILE", "_ROCMDESK_SAVED",
                                 "_OLD_VIRTUAL_PATH", "1ABC", "A-B", "A B", ""])
def test_reserved_and_malformed_keys(key):
    assert _errors({key: "x"})


def test_unknown_variables_pass_untouched():
    assert check_env({"TOKENIZERS_PARALLELISM": "false", "MY_OWN": "anything at all"}) == []


def test_nul_is_refused():
    assert "NUL" in _errors({"X": "a\x00b"})[0]


def test_checked_variables_are_in_the_knowledge():
    for key in ("HSA_OVERRIDE_GFX_VERSION", "HSA_OVERRIDE_GFX_VERSION_1", "GPU_MAX_HW_QUEUES", *DEVICE_LISTS,
                *ALLOCATOR_VARS):
        assert env_var(key) is not None, key


# -- against a machine ---------------------------------------------------------------------------------------
def _machine(name):
    from rocmdesk.machine.detect import detect
    from rocmdesk.machine.open_sim import open_simulated

    return detect(open_simulated(name))


def test_global_override_across_generations_warns():
    m = _machine("rx7900xtx-debian12")  # gfx1036 iGPU beside a gfx1100
    ws = _warnings({"HSA_OVERRIDE_GFX_VERSION": "10.3.0"}, m)
    # the advice keeps the iGPU out with ROCR_VISIBLE_DEVICES, so the 7900 XTX needs no override at all
    assert any("RX 7900 XTX" in w and "another generation" in w and "unset" in w for w in ws)
    assert _warnings({"HSA_OVERRIDE_GFX_VERSION": "10.3.0"}, _machine("rx6600xt-ubuntu2204")) == []


def test_per_node_override_on_a_node_that_is_not_a_gpu_warns():
    m = _machine("rx6600xt-ubuntu2204")
    assert _warnings({"HSA_OVERRIDE_GFX_VERSION_1": "10.3.0"}, m) == []
    assert any("not a GPU" in w for w in _warnings({"HSA_OVERRIDE_GFX_VERSION_3": "10.3.0"}, m))


def test_device_index_beyond_the_gpus_warns():
    m = _machine("rx6600xt-ubuntu2204")
    assert any("does not exist" in w for w in _warnings({"HIP_VISIBLE_DEVICES": "1"}, m))
    assert _warnings({"HIP_VISIBLE_DEVICES": "0"}, m) == []
