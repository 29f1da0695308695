"""rocmdesk's own marketing-name table (amdgpu_names.tsv): exact per-revision names from libdrm's amdgpu.ids.

These are what a machine with an old system amdgpu.ids (Debian 12 lacks the RX 7900 XTX) falls back to.
"""

from __future__ import annotations

import pytest

from rocmdesk import knowledge
from rocmdesk.knowledge._data import load_tsv
from rocmdesk.knowledge.devices import marketing_name

# Ids in libdrm's amdgpu.ids that device_ids.tsv leaves out on purpose: GCN1/GCN2 (gfx6xx/gfx7xx)
# silicon, which no ROCm release targets (see amd-gpu-ids.md "Out of scope").  Inclusive hex ranges.
NOT_IN_DEVICE_IDS: tuple[tuple[int, int, str], ...] = (
    (0x1309, 0x131D, "Kaveri APU, GCN2 gfx700"),
    (0x6600, 0x666F, "Oland/Hainan (GCN1) and Bonaire (GCN2)"),
    (0x6780, 0x679F, "Tahiti, GCN1"),
    (0x67A0, 0x67B9, "Hawaii, GCN2"),
    (0x6800, 0x684C, "Pitcairn/Cape Verde, GCN1"),
    (0x9830, 0x983D, "Kabini APU, GCN2"),
    (0x9850, 0x9856, "Mullins APU, GCN2"),
)


def _rows() -> tuple[dict[str, str], ...]:
    return load_tsv("amdgpu_names.tsv")


def _excepted(device_id: str) -> bool:
    value = int(device_id, 16)
    return any(lo <= value <= hi for lo, hi, _why in NOT_IN_DEVICE_IDS)


@pytest.mark.parametrize(
    ("device_id", "revision", "name"),
    [
        ("744c", "c8", "AMD Radeon RX 7900 XTX"),
        ("744c", "cc", "AMD Radeon RX 7900 XT"),
        ("744c", "ce", "AMD Radeon RX 7900 GRE"),
        ("73ff", "c1", "AMD Radeon RX 6600 XT"),
        ("15bf", "c1", "AMD Radeon 780M Graphics"),
        ("74a1", "00", "AMD Instinct MI300X"),
        ("7481", "c7", "AMD Steam Machine"),  # libdrm spaces this line with blanks, not tabs
        ("150e", "c4", "AMD Radeon 880M Graphics"),  # the strix point revision update of 369990d9
    ],
)
def test_exact_revision_names(device_id: str, revision: str, name: str) -> None:
    assert marketing_name(device_id, revision) == (name, "amdgpuids")
    assert knowledge.is_generic_name(device_id, revision) is False


def test_sysfs_spellings_reach_the_exact_row() -> None:
    # sysfs reads "0x744c\n" / "0xc8\n"
    assert marketing_name("0x744C\n", "0xC8\n") == ("AMD Radeon RX 7900 XTX", "amdgpuids")
    assert marketing_name(0x744C, 0xC8) == ("AMD Radeon RX 7900 XTX", "amdgpuids")


def test_unknown_revision_falls_back_to_the_generic_row() -> None:
    name, source = marketing_name("744c", "01")
    assert name == "AMD Radeon RX 7900 series (Navi 31)" and source == "gpuopen"
    assert knowledge.is_generic_name("744c", "01") is True
    assert marketing_name("744c", None) == (name, source)


def test_mirror_single_names_where_older_lists_had_duplicates() -> None:
    # Older amdgpu.ids listed these keys twice (libdrm takes the first); the mirror has one line each.
    assert marketing_name("743f", "c3")[0] == "AMD Radeon RX 6500M"
    assert marketing_name("15d8", "91")[0] == "AMD Ryzen Embedded R1606G with Radeon Vega Gfx"
    assert marketing_name("15d8", "92")[0] == "AMD Ryzen Embedded R1505G with Radeon Vega Gfx"
    assert marketing_name("6646", "80")[0] == "AMD Radeon R9 M385"


def test_public_api_gives_exact_names() -> None:
    assert knowledge.marketing_name("744c", "c8") == ("AMD Radeon RX 7900 XTX", "amdgpuids")
    assert knowledge.marketing_name("74a1", "00")[0] == "AMD Instinct MI300X"


def test_no_duplicate_keys_and_sorted() -> None:
    keys = [(r["device_id"], r["revision"]) for r in _rows()]
    assert len(keys) == len(set(keys))
    assert keys == sorted(keys)


def test_rows_are_well_formed() -> None:
    for r in _rows():
        assert len(r["device_id"]) == 4 and r["device_id"] == r["device_id"].lower(), r
        int(r["device_id"], 16)
        assert r["revision"] == "*" or (len(r["revision"]) == 2 and r["revision"] == r["revision"].lower()), r
        if r["revision"] != "*":
            int(r["revision"], 16)
        assert r["name"] and r["name"] == r["name"].strip(), r
        assert r["generic"] in {"yes", "no"}, r
        if r["source"] == "amdgpuids":
            assert r["revision"] != "*" and r["generic"] == "no", r


def test_exact_rows_cover_libdrm() -> None:
    exact = [r for r in _rows() if "amdgpuids" in r["source"].split("+") and r["revision"] != "*"]
    assert len(exact) == 736  # every data line of amdgpu.ids @369990d9, once per (device, revision)


def test_every_device_id_is_known_or_listed_as_an_exception() -> None:
    known = {e.device_id for e in knowledge.all_devices()}
    names = {r["device_id"] for r in _rows()}
    outside = {d for d in names if d not in known}
    assert all(_excepted(d) for d in outside), sorted(d for d in outside if not _excepted(d))
    assert len(outside) == 100  # the GCN1/GCN2 ids amdgpu.ids lists; a change here wants a look
    assert not any(_excepted(d) for d in known)  # the exceptions really are outside device_ids.tsv
