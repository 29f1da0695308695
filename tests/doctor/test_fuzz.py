"""Text diagnosis never fails on arbitrary input: hypothesis fuzz, random bytes, and 50 MB pastes."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rocmdesk.doctor.catalogue import catalogue
from rocmdesk.doctor.model import InputResult
from rocmdesk.doctor.text_checks import diagnose_text

FRAGMENTS = [
    "ROCk module is loaded\n", "Unable to open /dev/kfd read-write: ", "Permission denied\n",
    "HSA_STATUS_ERROR_OUT_OF_RESOURCES", "Traceback (most recent call last):\n", "RuntimeError: HIP error: ",
    "invalid device function\n", "[  1.0] amdgpu 0000:03:00.0: ", "ring gfx timeout\n", "physically removed\n",
    "PyTorch version: 2.5.1+rocm6.2\n", "ROCM used to build PyTorch: 6.2\n", "Name:                    gfx1032\n",
    "========================= ROCm System Management Interface =========================\n",
    "03:00.0 VGA compatible controller [0300]: Advanced Micro Devices, Inc. [AMD/ATI] Navi 23 [1002:73ff]\n",
    "{\"verdict\": \"cpu-only-wheel\"", "{\"phases\": [", "\x00", "\ufffd", "\r\n", "Segmentation fault\n",
]


def _check(info: InputResult, found: list) -> None:
    assert isinstance(info, InputResult)
    ids = [f.id for f in found]
    assert len(ids) == len(set(ids)) and set(ids) <= set(catalogue())
    assert info.finding_ids == ids or not ids
    for f in found:
        assert f.evidence and all(isinstance(e, str) and len(e) <= 300 for e in f.evidence)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=80)), max_size=40))
def test_any_text_gives_an_answer(parts):
    _check(*diagnose_text("".join(parts), "fuzz"))


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=4096))
def test_any_bytes_give_an_answer(data):
    info, found = diagnose_text(data, "bytes")
    _check(info, found)
    assert info.error or info.format or found or info.format is None


def test_random_bytes_say_binary():
    info, found = diagnose_text(random.Random(3).randbytes(2 << 20), "noise.bin")
    assert found == [] and info.format is None and "binary" in (info.error or "")


def test_empty_and_blank():
    for data in (b"", "   \n\n"):
        info, found = diagnose_text(data, "empty")
        assert found == [] and info.error == "the input is empty"


def test_50_mb_log_with_the_error_at_the_end():
    line = "[   10.000000] usb 1-1: new high-speed USB device number 2 using xhci_hcd\n"
    text = line * (50 * 2**20 // len(line)) + "[ 99.0] amdgpu 0000:03:00.0: amdgpu: GPU fell off the bus\n"
    info, found = diagnose_text(text.encode(), "big.log")
    assert [f.id for f in found] == ["gpu-lost"] and info.format == "kernel-log"


def test_50_mb_of_unknown_text():
    text = ("lorem ipsum dolor sit amet " * 40 + "\n") * (50 * 2**20 // 1081)
    info, found = diagnose_text(text.encode(), "big.txt")
    assert found == [] and info.error


def test_a_huge_json_that_is_not_ours():
    import json

    data = json.dumps({"rows": ["x" * 100] * 200_000}).encode()
    info, found = diagnose_text(data, "rows.json")
    assert found == [] and info.format != "verify-json"
