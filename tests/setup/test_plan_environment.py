"""A plan and the override variables in effect (issue 14): the plan changes no environment, so it says when the
advice disagrees with one (a preflight finding naming the variable to unset and where overrides belong), and its
rocminfo check expects what rocminfo lists in the environment the check really runs in: never a check that fails
by design because the user's session sets HSA_OVERRIDE_GFX_VERSION."""

from __future__ import annotations

import subprocess
from dataclasses import replace

import pytest

from rocmdesk.advice import advise, context_for
from rocmdesk.machine.detect import detect
from rocmdesk.machine.simulate import open_simulated
from rocmdesk.setup.choices import Choices
from rocmdesk.setup.facts import read_facts
from rocmdesk.setup.plan import _runtime_gfx, plan
from rocmdesk.setup.render import render, step_commands
from rocmdesk.setup.render_ansible import step_tasks
from rocmdesk.setup.steps import CHECK_ENV, check_argv
from tests.setup import machines as m

OVERRIDE = "HSA_OVERRIDE_GFX_VERSION"


@pytest.fixture(scope="module")
def sim(tmp_path_factory):
    cache = tmp_path_factory.mktemp("sim-cache")

    def load(name: str):
        host = open_simulated(name, cache_dir=cache)
        return detect(host), read_facts(host)
    return load


def step(p, sid: str):
    return next(s for s in p.steps if s.id == sid)


def findings(p) -> dict:
    return {f.id: f for f in p.findings}


def gfx1032(override: str | None, rocm: str = "6.2.4"):
    """An RX 6600 XT on Ubuntu 22.04 with ROCm ``rocm`` installed and ``override`` in the session."""
    rep = m.ubuntu("22.04", [m.gpu("gfx1032", name="AMD Radeon RX 6600 XT")], rocm=m.rocm_installed(rocm, "jammy"))
    rep.override_env = {OVERRIDE: override} if override else {}
    return rep


# -- what rocminfo lists, by environment ---------------------------------------------------------------------------
def test_the_gfx_rocminfo_lists_follows_the_override_that_applies():
    g = m.gpu("gfx1032", kfd=2)
    assert _runtime_gfx(g, {}) == "gfx1032"
    assert _runtime_gfx(g, {OVERRIDE: "10.3.0"}) == "gfx1030"  # as a real 6700 XT under 10.3.0 shows (realdata)
    assert _runtime_gfx(g, {OVERRIDE: "10.3.0", f"{OVERRIDE}_2": "11.0.0"}) == "gfx1100"  # the per-GPU form wins
    assert _runtime_gfx(g, {f"{OVERRIDE}_1": "10.3.0"}) == "gfx1032"  # another node's
    assert _runtime_gfx(g, CHECK_ENV) == "gfx1032"


def test_the_check_environment_is_the_helpers_and_carries_no_gpu_variable():
    from rocmdesk.setup.helper_execute import ENV

    assert {k: ENV[k] for k in CHECK_ENV} == CHECK_ENV  # the helper runs every check in (at least) these
    for env in (ENV, CHECK_ENV):
        assert not [k for k in env if k.startswith(("HSA_", "ROCR_", "HIP_", "CUDA_", "GPU_"))]
    assert check_argv("/opt/rocm-6.2.4/bin/rocminfo") == [
        "env", "-i", "PATH=/usr/sbin:/usr/bin:/sbin:/bin", "LC_ALL=C", "/opt/rocm-6.2.4/bin/rocminfo"]


# -- the 780M with 11.0.0 set, on TheRock ----------------------------------------------------------------------------
def test_radeon780m_therock_plan_says_to_unset_the_needless_override(sim):
    rep, facts = sim("radeon780m-laptop")
    assert rep.override_env == {OVERRIDE: "11.0.0"}
    p = plan(rep, Choices(scope="runtime", rocm="7.14.0"), facts)
    f = findings(p)["session-override-needless"]
    assert f.severity == "warning"
    assert f"{OVERRIDE}=11.0.0" in f.title
    assert f"unset {OVERRIDE}" in f.fix and "Environments page" in f.fix
    # the finding says what the advice for this release says, in its words
    advice = advise(rep, context_for(rep, rocm="7.14.0"))
    (note,) = advice.notes
    assert note.code == "override-needless" and note.message in f.evidence
    # the check runs without the session's 11.0.0, so rocminfo names the 780M gfx1103: that is what it expects
    check = step(p, "verify-rocminfo")
    assert check.params["expect"] == ["gfx1103"]
    assert OVERRIDE in check.why


def test_radeon780m_legacy_plan_says_the_same_beside_the_override_a_system_rocm_needs(sim):
    rep, facts = sim("radeon780m-laptop")
    p = plan(rep, Choices(scope="runtime"), facts)  # 7.2.4, which lists gfx1100 and not gfx1103
    assert {"gpu-override", "session-override-needless"} <= set(findings(p))
    assert "profile" in findings(p)["session-override-needless"].fix  # where an override belongs: per project
    assert step(p, "verify-rocminfo").params["expect"] == ["gfx1103"]


def test_radeon780m_native_has_nothing_to_unset(sim):
    rep, facts = sim("radeon780m-native")
    p = plan(rep, Choices(scope="runtime", rocm="7.14.0"), facts)
    assert not [i for i in findings(p) if i.startswith("session-")]
    assert OVERRIDE not in step(p, "verify-rocminfo").why


def test_a_stale_rdna3_override_on_rdna4_is_called_risky(sim):
    rep, facts = sim("rx9070xt-stale-override")
    p = plan(rep, Choices(scope="runtime"), facts)
    f = findings(p)["session-override-risky"]
    assert f.severity == "warning" and f"unset {OVERRIDE}" in f.fix
    assert step(p, "verify-rocminfo").params["expect"] == ["gfx1201"]


# -- the RX 6600 XT with 10.3.0 set (a legacy plan) ------------------------------------------------------------------
def test_rx6600xt_with_the_advised_override_gets_no_finding_and_a_check_that_holds():
    p = plan(gfx1032("10.3.0"), Choices(scope="runtime"))
    assert p.choices.release.version == "6.2.4"
    assert not [i for i in findings(p) if i.startswith("session-")]  # 10.3.0 is the advice: nothing to unset
    check = step(p, "verify-rocminfo")
    assert check.params["expect"] == ["gfx1032"]  # in the check's environment, not gfx1030
    assert OVERRIDE in check.why


def test_rx6600xt_with_a_wrong_override_is_told_the_advised_one():
    p = plan(gfx1032("10.3.1"), Choices(scope="runtime"))
    f = findings(p)["session-override-wrong"]
    assert f"{OVERRIDE}=10.3.1" in f.title and f"{OVERRIDE}=10.3.0" in f.fix and f"unset {OVERRIDE}" in f.fix


def test_no_override_in_effect_no_finding():
    p = plan(gfx1032(None), Choices(scope="runtime"))
    assert not [i for i in findings(p) if i.startswith("session-")]  # "missing" is the profiles' business
    assert step(p, "verify-rocminfo").why == "the ROCm runtime sees the GPU"


# -- the checks as the script and the playbook run them --------------------------------------------------------------
FAKE_ROCMINFO = """#!/bin/sh
# lists the GPU as ROCr does: under HSA_OVERRIDE_GFX_VERSION's target when one is set
case "${HSA_OVERRIDE_GFX_VERSION:-}" in
  11.0.0) echo "  Name:                    gfx1100" ;;
  10.3.0) echo "  Name:                    gfx1030" ;;
  *) echo "  Name:                    $REAL_GFX" ;;
esac
"""


@pytest.mark.parametrize("gfx,override,rocm,choices", [
    ("gfx1103", "11.0.0", "7.14.0", {"rocm": "7.14.0"}),  # the 780M on TheRock
    ("gfx1032", "10.3.0", "6.2.4", {}),  # the 6600 XT on its installed 6.2.4
])
def test_the_scripts_rocminfo_check_passes_in_a_session_that_sets_an_override(tmp_path, gfx, override, rocm,
                                                                               choices):
    rep = m.ubuntu("24.04" if rocm == "7.14.0" else "22.04", [m.gpu(gfx)],
                   rocm=None if rocm == "7.14.0" else m.rocm_installed(rocm, "jammy"))
    rep.override_env = {OVERRIDE: override}
    p = plan(rep, Choices(scope="runtime", **choices))
    check = step(p, "verify-rocminfo")
    fake = tmp_path / "rocminfo"
    fake.write_text(FAKE_ROCMINFO.replace("$REAL_GFX", gfx))
    fake.chmod(0o755)
    lines = step_commands(replace(check, params=dict(check.params, program=str(fake))))
    script = "failed=0\n" + "\n".join(lines) + "\nexit $failed\n"
    session = {"PATH": "/usr/bin:/bin", OVERRIDE: override, "REAL_GFX": gfx}
    res = subprocess.run(["bash", "-c", script], env=session, capture_output=True, text=True, timeout=30)
    assert res.returncode == 0 and f"ok: rocminfo lists {gfx}" in res.stdout, res.stdout + res.stderr
    # the same line in the session itself lists the override's target: what the old check failed on
    plain = subprocess.run([str(fake)], env=session, capture_output=True, text=True, timeout=30).stdout
    assert gfx not in plain


def test_the_playbooks_rocminfo_runs_in_the_check_environment():
    p = plan(gfx1032("10.3.0"), Choices(scope="runtime"))
    run = step_tasks(step(p, "verify-rocminfo"))[0]["ansible.builtin.command"]["argv"]
    assert run == check_argv("/opt/rocm-6.2.4/bin/rocminfo")


def test_the_text_and_script_show_the_finding_and_the_clean_check():
    p = plan(gfx1032("10.3.1"), Choices(scope="runtime"))
    text = render(p, "text")
    assert "session-override-wrong" in text and f"unset {OVERRIDE}" in text
    assert "env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LC_ALL=C /opt/rocm-6.2.4/bin/rocminfo" in render(p, "script")
