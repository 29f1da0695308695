"""support_for: AMD's list + the wheel's arch list + override advice -> one verdict with a reason and sources."""

from __future__ import annotations

import pytest

from rocmdesk import knowledge as k


def _check(s: k.Support) -> None:
    assert s.status in {"supported", "override", "risky", "unsupported", "unknown"}
    assert s.reason and "\n" not in s.reason
    if s.status != "unknown":
        assert s.source
        for key in s.source.split(", "):
            assert k.source_info(key) is not None, key


@pytest.mark.parametrize("gfx", ["gfx1100", "gfx1030", "gfx90a", "gfx942", "gfx950", "gfx1201", "gfx1200", "gfx908"])
def test_supported_by_default(gfx: str) -> None:
    s = k.support_for(gfx)
    _check(s)
    assert s.status == "supported" and s.override is None
    assert "ROCm 7.2.4" in s.reason and "torch 2.13.0" in s.reason


def test_features_in_the_name_are_ignored() -> None:
    assert k.support_for("gfx90a:sramecc+:xnack-").status == "supported"


@pytest.mark.parametrize("gfx", ["gfx1032", "gfx1031", "gfx1034", "gfx1035", "gfx1036"])
def test_rdna2_needs_10_3_0(gfx: str) -> None:
    s = k.support_for(gfx)
    _check(s)
    assert (s.status, s.override) == ("override", "10.3.0")
    assert "not on AMD's list for ROCm 7.2.4" in s.reason
    assert "HSA_OVERRIDE_GFX_VERSION=10.3.0" in s.reason and "gfx1030" in s.reason


def test_gfx1103_is_risky_with_the_default_wheel() -> None:
    # The data: 11.0.0 is the well-known override for the 780M, but page faults / hard hangs are reported
    # (risk high), and whether torch 2.13.0 carries gfx1103 natively is unverified -> risky, not "override".
    s = k.support_for("gfx1103")
    _check(s)
    assert (s.status, s.override) == ("risky", "11.0.0")
    assert "unverified" in s.reason
    # a wheel whose arch list has gfx1103 runs it natively
    assert k.support_for("gfx1103", wheel="2.14.0").status == "supported"
    assert k.support_for("gfx1103", wheel="2.12.1").status == "risky"


def test_the_wheel_arch_list_decides() -> None:
    old = k.support_for("gfx1101", "6.4.1", "2.5.1")
    _check(old)
    assert (old.status, old.override) == ("override", "11.0.0")
    assert "on AMD's list for ROCm 6.4.1" in old.reason and "torch 2.5.1" in old.reason
    assert "torch 2.6.0+" in old.reason
    new = k.support_for("gfx1101", "6.4.1", "2.6.0")
    assert (new.status, new.override) == ("supported", None)
    # not on AMD's 6.4.0 list, but the wheels carry it
    assert k.support_for("gfx1101", "6.4.0", k.wheel_for("2.9.1")).status == "supported"
    # gfx1102 on an old wheel: override; on a new one: native
    assert k.support_for("gfx1102", wheel="2.6.0").override == "11.0.0"
    assert k.support_for("gfx1102", wheel="2.7.0").status == "supported"
    # per-tag lists: torch 2.3.1+rocm5.7 lacks gfx942, +rocm6.0 has it
    assert k.support_for("gfx942", wheel="2.3.1+rocm5.7").status == "unsupported"
    assert k.support_for("gfx942", wheel="2.3.1+rocm6.0").status == "supported"
    # an explicit wheel that lacks a target with no override: no PyTorch path, however AMD lists it
    s = k.support_for("gfx1151", "7.12.0", "2.9.1")
    assert s.status == "unsupported" and "torch 2.10.0+" in s.reason and "repo.amd.com/rocm/whl/gfx1151" in s.reason


@pytest.mark.parametrize("gfx", ["gfx803", "gfx600", "gfx601", "gfx700", "gfx701", "gfx801", "gfx810"])
def test_unsupported(gfx: str) -> None:
    s = k.support_for(gfx)
    _check(s)
    assert (s.status, s.override) == ("unsupported", None)


def test_gcn1_says_there_is_no_rocm_path() -> None:
    assert "no ROCm path" in k.support_for("gfx600").reason


@pytest.mark.parametrize("gfx", ["gfx90c", "gfx902", "gfx1010", "gfx1033"])
def test_risky_overrides(gfx: str) -> None:
    s = k.support_for(gfx)
    _check(s)
    assert s.status == "risky" and s.override is not None


def test_unknown() -> None:
    s = k.support_for("gfx9999")
    assert (s.status, s.override, s.source) == ("unknown", None, None)
    assert "gfx9999" in s.reason
    assert k.support_for("not-a-gfx").status == "unknown"


def test_known_issue_on_newer_rocm() -> None:
    # gfx906 is in the wheels, but ROCm 6.4+ rocBLAS dropped its kernels
    assert k.support_for("gfx906").status == "risky"
    assert k.support_for("gfx906", wheel="rocm6.3").status == "supported"
    assert k.support_for("gfx906", "6.2.4", "2.5.1").status == "supported"


def test_release_fallbacks_are_said() -> None:
    s = k.support_for("gfx1100", "6.3.4")
    assert s.status == "supported" and "6.3.3" in s.reason
    s = k.support_for("gfx1100", "5.4.3")
    assert s.status == "supported" and "older than" in s.reason
    s = k.support_for("gfx1032", wheel="9.9")
    assert s.status == "override" and "not in rocmdesk's data" in s.reason


def test_therock_release() -> None:
    s = k.support_for("gfx1152", "7.12.0")
    _check(s)
    assert s.status == "supported" and "ROCm 7.12.0" in s.reason
    assert k.support_for("gfx1152").status == "unsupported"


def test_every_target_gets_a_verdict() -> None:
    for t in k.all_gfx_targets():
        for rel in (None, "6.2.4", "7.12.0"):
            _check(k.support_for(t.gfx, rel))
        for w in k.torch_wheels():
            for tag in w.index_tags:
                _check(k.support_for(t.gfx, None, w.for_tag(tag)))


def test_a_measured_arch_list_decides() -> None:
    # what torch.cuda.get_arch_list() said in a real venv beats the table
    w = k.measured_wheel("2.9.1+rocm6.4", ["gfx1030", "gfx1100", "gfx90a:sramecc+:xnack-"])
    assert w.index_tags == ("rocm6.4",) and "gfx90a" in w.arch_list
    assert k.support_for("gfx1100", wheel=w).status == "supported"
    s = k.support_for("gfx1201", wheel=w)
    assert s.status == "unsupported" and "measured" in s.reason
    s = k.support_for("gfx1032", wheel=w)
    assert (s.status, s.override) == ("override", "10.3.0")
    assert k.measured_wheel("2.15.0.dev20261101", ["gfx1100"], "7.2.53211-abc").index_tags == ("rocm7.2",)
