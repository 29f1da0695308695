"""Decimal renderings of gfx names, as tools print them, decode to the real target (issue 17).

Sources: ollama/ollama#3809 ("AMD gfx90a unrecognized (seen as gfx9010)": `gfx%d%d%d` of 9.0.10);
ROCm/rocm-cli#152 (the same concatenation turned gfx90a into "gfx9010"); rocm-smi 6.x "GFX Version" prints
major*1000 + minor*100 + stepping (gfx1103 -> gfx11003).
"""

from __future__ import annotations

import pytest

from rocmdesk.knowledge.gfx import all_gfx_targets, normalize_gfx


@pytest.mark.parametrize("printed, real", [
    ("gfx9010", "gfx90a"),  # Ollama's %d%d%d of 9.0.10
    ("gfx11003", "gfx1103"),  # rocm-smi 6.x
    ("gfx10300", "gfx1030"), ("gfx11000", "gfx1100"), ("gfx12001", "gfx1201"), ("gfx9402", "gfx942"),
    ("gfx9006", "gfx906"), ("gfx9012", "gfx90c"), ("gfx10100", "gfx1010"), ("GFX9010", "gfx90a"),
    ("amdgcn-amd-amdhsa--gfx9010", "gfx90a"),
])
def test_decimal_renderings_decode(printed, real):
    assert normalize_gfx(printed) == real


def test_every_known_target_stays_and_both_renderings_of_it_come_back():
    for target in all_gfx_targets():
        gfx = target.gfx
        assert normalize_gfx(gfx) == gfx
        major, minor, step = int(gfx[3:-2]), int(gfx[-2], 16), int(gfx[-1], 16)
        assert normalize_gfx(f"gfx{major}{minor}{step}") == gfx, f"%d%d%d of {gfx}"
        assert normalize_gfx(f"gfx{major * 1000 + minor * 100 + step}") == gfx, f"rocm-smi form of {gfx}"


@pytest.mark.parametrize("text", ["gfx12", "gfxabc", "gfx", "gfx12010", "gfx1234567", "", "gpu9010"])
def test_no_target_is_invented(text):
    assert normalize_gfx(text) is None


def test_a_well_formed_unknown_target_is_kept_as_written():
    assert normalize_gfx("gfx1199") == "gfx1199"  # a newer target than the data knows: not "decoded" away


def test_the_hint_decides_between_readings():
    # no real rendering is ambiguous among today's targets; the hint only narrows, never invents
    assert normalize_gfx("gfx9010", hint={"gfx90a"}) == "gfx90a"
    assert normalize_gfx("gfx9010", hint={"gfx1100"}) == "gfx90a"
