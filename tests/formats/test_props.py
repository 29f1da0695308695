"""The fuzz tests' properties (tests/formats/props.py) catch what they are there to catch."""

from __future__ import annotations

import pytest

from tests.formats.props import check_output, gfx_backed


@pytest.mark.parametrize(("gfx", "gpu", "text"), [
    ("gfx90a", {}, "GFX Version: gfx9010"),  # decimal rendering
    ("gfx1032", {}, "gfx_target_version 100302"),
    ("gfx1030", {}, "HSA_OVERRIDE_GFX_VERSION=10.3.0"),
    ("gfx1100", {"device_id": "744c"}, "[1002:744c]"),
    ("gfx942", {"name": "AMD Instinct MI300X"}, "Card Series: AMD Instinct MI300X"),
])
def test_what_the_text_gives_is_backed(gfx, gpu, text) -> None:
    assert gfx_backed(gfx, gpu, text)


def test_an_invented_gfx_or_id_or_a_gpu_counted_twice_is_caught() -> None:
    text = "GPU[0] : Card Series: Radeon\n"
    with pytest.raises(AssertionError, match="invented gfx"):
        check_output(text, {"format": "rocm-smi", "gpus": [{"index": 0, "gfx": "gfx1100", "device_id": None}]})
    with pytest.raises(AssertionError, match="invented id"):
        check_output(text, {"format": "rocm-smi", "gpus": [{"index": 0, "gfx": None, "device_id": "744c"}]})
    with pytest.raises(AssertionError):
        check_output(text + "x\n", {"format": "rocm-smi", "gpus": [{"index": 0}, {"index": 0}]})
