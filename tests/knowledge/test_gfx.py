"""gfx names <-> KFD gfx_target_version <-> HSA_OVERRIDE_GFX_VERSION, and the GC IP table."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rocmdesk import knowledge as k

FIXED = [
    (100302, "gfx1032"),
    (90010, "gfx90a"),
    (110501, "gfx1151"),
    (90012, "gfx90c"),
    (110003, "gfx1103"),
    (120001, "gfx1201"),
    (90500, "gfx950"),
    (90402, "gfx942"),
    (100300, "gfx1030"),
    (80003, "gfx803"),
]


@pytest.mark.parametrize("value,gfx", FIXED)
def test_fixed_examples_both_ways(value: int, gfx: str) -> None:
    assert k.decode_target_version(value) == gfx
    assert k.encode_target_version(gfx) == value


def test_cpu_node_and_junk_decode_to_none() -> None:
    assert k.decode_target_version(0) is None
    assert k.decode_target_version(-5) is None
    assert k.decode_target_version(None) is None
    assert k.decode_target_version(91600) is None  # minor 16 has no one-digit hex name
    assert k.decode_target_version("100302") == "gfx1032"  # raw sysfs text is fine too
    assert k.decode_target_version("abc") is None


@pytest.mark.parametrize("target", k.all_gfx_targets(), ids=lambda t: t.gfx)
def test_every_target_in_the_data_round_trips(target: k.GfxTarget) -> None:
    assert k.decode_target_version(target.version) == target.gfx
    assert k.encode_target_version(target.gfx) == target.version
    assert k.gfx_from_override(k.override_value(target.gfx)) == target.gfx
    assert k.gfx_target(target.gfx) is target


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 63), st.integers(0, 15), st.integers(0, 15))
def test_round_trip_any_nameable_version(major: int, minor: int, stepping: int) -> None:
    value = major * 10000 + minor * 100 + stepping
    gfx = k.decode_target_version(value)
    assert gfx is not None
    assert k.encode_target_version(gfx) == value
    assert k.override_value(gfx) == f"{major}.{minor}.{stepping}"
    assert k.gfx_from_override(f"{major}.{minor}.{stepping}") == gfx


def test_encode_accepts_features_prefix_and_case() -> None:
    assert k.encode_target_version("gfx90a:sramecc+:xnack-") == 90010
    assert k.encode_target_version("amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-") == 90010
    assert k.encode_target_version("GFX1100") == 110000
    for junk in ("", "gfx", "gfx9-generic", "gfx10-3-generic", "sm_80", "gfx1g00", None):
        assert k.encode_target_version(junk) is None


def test_override_values() -> None:
    assert k.override_value("gfx90a") == "9.0.10"
    assert k.override_value("gfx1030") == "10.3.0"
    assert k.override_value("gfx1100") == "11.0.0"
    assert k.override_value("gfx942:sramecc+:xnack-") == "9.4.2"
    assert k.override_value("nonsense") is None


def test_gfx_from_override() -> None:
    assert k.gfx_from_override("10.3.0") == "gfx1030"
    assert k.gfx_from_override(" 11.0.2 ") == "gfx1102"
    assert k.gfx_from_override("9.0.10") == "gfx90a"
    for bad in ("", "10.3", "10.3.0.1", "gfx1030", "10,3,0", "a.b.c", "0.0.0", "64.0.0", "10.16.0", None):
        assert k.gfx_from_override(bad) is None


@pytest.mark.parametrize(
    "gc,gfx",
    [
        ((9, 4, 0), "gfx906"),
        ((9, 4, 1), "gfx908"),
        ((9, 4, 2), "gfx90a"),
        ((9, 4, 3), "gfx942"),
        ((9, 4, 4), "gfx942"),  # MI300 family too, per KFD: not gfx944
        ((9, 5, 0), "gfx950"),
        ((9, 3, 0), "gfx90c"),
        ((10, 3, 0), "gfx1030"),
        ((10, 3, 4), "gfx1032"),
        ((10, 3, 7), "gfx1036"),
        ((10, 1, 10), "gfx1010"),
        ((11, 0, 0), "gfx1100"),
        ((11, 0, 3), "gfx1101"),  # Navi32: GC 11.0.3 but target gfx1101
        ((11, 0, 1), "gfx1103"),
        ((11, 5, 1), "gfx1151"),
        ((12, 0, 1), "gfx1201"),
    ],
)
def test_gc_ip_versions(gc: tuple[int, int, int], gfx: str) -> None:
    assert k.gfx_from_ip_version(*gc) == gfx


def test_gc_ip_unknown_is_none_not_a_concatenation() -> None:
    assert k.gfx_from_ip_version(9, 9, 9) is None
    assert k.gfx_from_ip_version(13, 0, 0) is None
    assert k.gfx_from_ip_version("x", 0, 0) is None  # type: ignore[arg-type]


def test_target_facts() -> None:
    t = k.gfx_target("gfx1032")
    assert t is not None
    assert (t.override_to, t.override_value, t.override_risk) == ("gfx1030", "10.3.0", "low")
    assert "RX 6600 XT" in t.products
    assert k.gfx_target("gfx90a:sramecc+:xnack-") is k.gfx_target("gfx90a")
    assert k.gfx_target("gfx1103").override_risk == "high"
    assert k.gfx_target("gfx1201").override_to is None
    assert k.gfx_target("gfx9999") is None
    assert k.gfx_target("gfx1151").apu is True
