"""Issue 14: `profile create|show`, `torch verify` and `torch recommend` say what the advice says of an override.

Before: `profile create` accepted HSA_OVERRIDE_GFX_VERSION=11.0.0 on an RDNA4 card silently unless --preset was
given, `profile show` had no machine to judge by, and `torch verify` never mentioned a wrong or needless override
when torch ran anyway.
"""

from __future__ import annotations

import json
import sys

import pytest

from rocmdesk.cli import main
from rocmdesk.machine.detect import detect
from rocmdesk.machine.simulate import open_simulated
from rocmdesk.torchenv.verify import judge, override_notes
from tests.torchenv.profilekit import make_venv
from tests.torchenv.test_verify_logic import ARCH_72, probe


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path


@pytest.fixture
def venv(home):
    return make_venv(home / "proj" / ".venv")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def report(name: str):
    return detect(open_simulated(name))


# --- profile create / show ----------------------------------------------------------------------------------


def test_create_with_a_stale_rdna3_override_on_rdna4_warns(home, venv, capsys):
    code, out, err = run(capsys, "profile", "create", "p", "--project", str(home), "--venv", str(venv),
                         "--env", "HSA_OVERRIDE_GFX_VERSION=11.0.0", "--simulate", "rx9070xt-stale-override")
    assert code == 0 and "created profile p" in out  # a warning, not a refusal
    assert "warning: HSA_OVERRIDE_GFX_VERSION" in err
    assert "another generation" in err and "gfx1201" in err and "unset HSA_OVERRIDE_GFX_VERSION" in err


def test_create_with_a_wrong_override_warns_with_the_advised_value(home, venv, capsys):
    code, _, err = run(capsys, "profile", "create", "p", "--project", str(home), "--venv", str(venv),
                       "--env", "HSA_OVERRIDE_GFX_VERSION=11.0.0", "--simulate", "rx6600xt-old-driver")
    assert code == 0
    assert "HSA_OVERRIDE_GFX_VERSION=11.0.0 is set, but the advice for this machine is " \
           "HSA_OVERRIDE_GFX_VERSION=10.3.0" in err


def test_create_with_the_advised_override_is_quiet(home, venv, capsys):
    code, _, err = run(capsys, "profile", "create", "p", "--project", str(home), "--venv", str(venv),
                       "--env", "HSA_OVERRIDE_GFX_VERSION=10.3.0", "--simulate", "rx6600xt-old-driver")
    assert code == 0 and "HSA_OVERRIDE_GFX_VERSION" not in err


def test_create_judges_for_the_torch_in_the_venv(home, venv, capsys):
    """On the 780M, 11.0.0 is needless with AMD's wheels (the advice's path) but what PyTorch's own 2.9.1 needs:
    with that torch in the venv the finding is that it is risky, not that it should go."""
    site = venv / "lib" / f"python{sys.version_info.major}.{sys.version_info.minor}" / "site-packages"
    (site / "torch-2.9.1+rocm6.4.dist-info").mkdir(parents=True)
    code, _, err = run(capsys, "profile", "create", "p", "--project", str(home), "--venv", str(venv),
                       "--env", "HSA_OVERRIDE_GFX_VERSION=11.0.0", "--simulate", "radeon780m-laptop")
    assert code == 0 and "is what these wheels need, but it is risky" in err
    assert "without an override: unset it" not in err


def test_show_lists_the_same_findings(home, venv, capsys):
    assert run(capsys, "profile", "create", "p", "--project", str(home), "--venv", str(venv),
               "--env", "HSA_OVERRIDE_GFX_VERSION=11.0.0", "--simulate", "rx9070xt-stale-override")[0] == 0
    code, out, err = run(capsys, "profile", "show", "p", "--simulate", "rx9070xt-stale-override")
    assert code == 0 and "another generation" in err
    code, out, _ = run(capsys, "profile", "show", "p", "--json", "--simulate", "rx9070xt-stale-override")
    findings = json.loads(out)["findings"]
    assert [(f["level"], f["key"]) for f in findings] == [("warning", "HSA_OVERRIDE_GFX_VERSION")]
    assert "another generation" in findings[0]["message"]


def test_show_on_a_machine_where_the_override_is_right(home, venv, capsys):
    run(capsys, "profile", "create", "p", "--project", str(home), "--venv", str(venv),
        "--env", "HSA_OVERRIDE_GFX_VERSION=10.3.0", "--simulate", "rx6600xt-old-driver")
    code, out, _ = run(capsys, "profile", "show", "p", "--json", "--simulate", "rx6600xt-old-driver")
    assert code == 0 and json.loads(out)["findings"] == []


# --- torch verify -------------------------------------------------------------------------------------------


def test_verify_says_an_override_is_wrong_when_torch_runs_anyway():
    # an RX 6600 XT under 11.0.0 runs gfx1100 code: torch works, but the advice for it is 10.3.0
    res = judge(probe(("AMD Radeon RX 6600 XT", "gfx1100"), env={"HSA_OVERRIDE_GFX_VERSION": "11.0.0"}),
                report("rx6600xt-old-driver"))
    assert res.verdict == "ok"
    assert any("advice for this machine is HSA_OVERRIDE_GFX_VERSION=10.3.0" in n for n in res.notes)


def test_verify_judges_the_override_for_the_measured_wheel():
    # the 780M on PyTorch's 2.13.0+rocm7.2 (no gfx1103 in its arch list) needs 11.0.0: risky, not needless
    r = report("radeon780m-laptop")
    res = judge(probe(("AMD Radeon 780M", "gfx1100"), env={"HSA_OVERRIDE_GFX_VERSION": "11.0.0"}), r)
    assert res.verdict == "ok"
    assert any("is what these wheels need, but it is risky" in n and "measured" in n for n in res.notes)
    # RDNA4 under an RDNA3 override, on a wheel without gfx1201: another generation
    res = judge(probe(("AMD Radeon RX 9070 XT", "gfx1100"), env={"HSA_OVERRIDE_GFX_VERSION": "11.0.0"},
                      arch=[a for a in ARCH_72 if a != "gfx1201"]), report("rx9070xt-stale-override"))
    assert any("another generation" in n for n in res.notes)


def test_verify_adds_nothing_when_the_override_is_the_advised_one_or_the_verdict_says_it():
    r = report("rx6600xt-ubuntu2204")
    res = judge(probe(("AMD Radeon RX 6600 XT", "gfx1030"), env={"HSA_OVERRIDE_GFX_VERSION": "10.3.0"}), r)
    assert res.verdict == "ok" and not any("HSA_OVERRIDE" in n for n in res.notes)
    res = judge(probe(("Radeon RX 7900 XTX", "gfx1100"), env={"HSA_OVERRIDE_GFX_VERSION": "11.0.0"}),
                report("rx7900xtx-ubuntu2404"))
    assert res.verdict == "override-unneeded" and not any("HSA_OVERRIDE" in n for n in res.notes)
    assert override_notes(None, r) == []  # nothing measured


def test_verify_a_saved_probe_through_the_cli(capsys, tmp_path):
    f = tmp_path / "probe.json"
    f.write_text(json.dumps(probe(("AMD Radeon RX 6600 XT", "gfx1100"), env={"HSA_OVERRIDE_GFX_VERSION": "11.0.0"})))
    code, out, _ = run(capsys, "torch", "verify", "--probe-json", str(f), "--simulate", "rx6600xt-old-driver")
    assert code == 0 and "note: HSA_OVERRIDE_GFX_VERSION=11.0.0 is set, but the advice" in out
    data = json.loads(run(capsys, "torch", "verify", "--probe-json", str(f), "--json",
                          "--simulate", "rx6600xt-old-driver")[1])
    assert any("HSA_OVERRIDE_GFX_VERSION=10.3.0" in n for n in data["notes"])


def test_verify_a_profile_whose_venv_has_no_torch_still_judges_its_override(home, venv, capsys):
    run(capsys, "profile", "create", "p", "--project", str(home), "--venv", str(venv),
        "--env", "HSA_OVERRIDE_GFX_VERSION=11.0.0", "--simulate", "rx9070xt-stale-override")
    code, out, _ = run(capsys, "torch", "verify", "--profile", "p", "--json", "--simulate",
                       "rx9070xt-stale-override", "--timeout", "60")
    data = json.loads(out)
    assert data["verdict"] == "torch-missing"
    assert any("another generation" in n for n in data["notes"])


# --- torch recommend ----------------------------------------------------------------------------------------


def test_recommend_text_leads_with_the_path_then_the_other_ways(capsys):
    code, out, _ = run(capsys, "torch", "recommend", "--simulate", "rx6600xt-old-driver")
    assert code == 0
    assert "cited   AMD's list for ROCm 6.2.4" in out
    head, _, rest = out.partition("\nOther ways\n")
    assert "torch   2.9.1+rocm6.4" in head and "pip install torch==2.9.1+rocm6.4" in head
    assert rest.startswith("  torch 2.13.0+rocm7.2 from PyTorch's index: needs an override "
                           "(HSA_OVERRIDE_GFX_VERSION=10.3.0)")
    assert rest.index("needs an amdgpu-dkms driver from ROCm 7.2") < rest.index("\nWhy\n")


def test_recommend_text_on_the_780m_says_to_unset_the_override_once(capsys):
    code, out, _ = run(capsys, "torch", "recommend", "--simulate", "radeon780m-laptop")
    assert code == 0
    assert "Other ways\n  torch 2.13.0+rocm7.2 from PyTorch's index: risky (HSA_OVERRIDE_GFX_VERSION=11.0.0)" in out
    assert out.count("HSA_OVERRIDE_GFX_VERSION=11.0.0 is set, but the advised wheels") == 1
    assert "\nUnset HSA_OVERRIDE_GFX_VERSION=11.0.0: " in out


def test_recommend_for_a_pinned_torch_renders_that_context(capsys):
    data = json.loads(run(capsys, "torch", "recommend", "--json", "--torch", "2.9.1",
                          "--simulate", "radeon780m-laptop")[1])
    advice = data["gpus"][0]["advice"]
    assert advice["path"]["torch"] == "2.9.1+rocm6.4" and advice["status"] == "risky"
    assert advice["override"] == "11.0.0"
