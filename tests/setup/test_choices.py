"""The recommended ROCm release and its reason (setup.choices), and `plan`/`apply` as the same command would.

Issue 14: the reason said "AMD lists it for ... and this GPU" for a GPU AMD's list names only through its
override target (gfx1032 -> gfx1030); `apply --simulate` planned for the user running rocmdesk while `plan
--simulate` planned for the simulated machine's user.
"""

from __future__ import annotations

import json
import os
import pwd

import pytest

from rocmdesk.advice import attach
from rocmdesk.cli import main
from rocmdesk.knowledge import gfx_target, rocm_release
from rocmdesk.machine.detect import detect
from rocmdesk.machine.simulate import get_machine, list_machines, open_simulated
from rocmdesk.setup.choices import gpus_fit, gpus_fit_how, recommend
from tests.setup import machines as m

MACHINES = [x.name for x in list_machines()]
ME = pwd.getpwuid(os.getuid()).pw_name


def test_an_installed_release_that_lists_only_the_override_target_says_so():
    r = m.ubuntu("22.04", [m.gpu("gfx1032", name="AMD Radeon RX 6600 XT")],
                 rocm=m.rocm_installed("6.2.4", "jammy"))
    rel, why = recommend(r)
    assert rel.version == "6.2.4" and "installed already" in why
    assert "and this GPU" not in why
    assert "override target gfx1030" in why and "not gfx1032 itself" in why
    assert gpus_fit_how(rel, r) == {"gfx1032": "gfx1030"}


def test_the_newest_listed_release_through_the_override_target():
    rel, why = recommend(m.ubuntu("24.04", [m.gpu("gfx1103", name="AMD Radeon 780M Graphics", apu=True)]))
    assert rel.version == "7.2.4"
    assert why == ("the newest release AMD lists for Ubuntu 24.04 LTS that lists this GPU's override target gfx1100 "
                   "(gfx1103 itself is not on its list)")


def test_a_gpu_on_the_list_itself_keeps_the_plain_reason():
    rel, why = recommend(m.ubuntu("24.04"))
    assert rel.version == "7.2.4" and why == "the newest release AMD lists for Ubuntu 24.04 LTS and this GPU"


def test_an_igpu_the_advice_hides_does_not_decide_the_release():
    # a Raphael iGPU (gfx1036, listed only through gfx1030) beside a 7900 XTX: the iGPU is kept out of ROCm
    r = m.debian("12", [m.gpu("gfx1036", 0, "AMD Radeon Graphics", apu=True, kfd=1),
                        m.gpu("gfx1100", 1, "AMD Radeon RX 7900 XTX", kfd=2)])
    rel, why = recommend(r)
    assert why.endswith("and this GPU") and "override target" not in why
    assert gpus_fit_how(rel, r) == {"gfx1100": "gfx1100"} and gpus_fit(rel, r)
    attach(r)  # with the advice attached, its own list of GPUs used decides
    assert recommend(r) == (rel, why)


@pytest.mark.parametrize("name", MACHINES)
def test_the_reason_agrees_with_the_advice(name):
    """The release the plan picks is the one the advice cites, and the reason says the GPU is on its list only
    when the advice does not say "not on AMD's list"."""
    report = detect(open_simulated(name))
    a = attach(report)
    rel, why = recommend(report)
    if rel is None or rel.stream != "legacy":
        return
    assert rel.version == a.rocm_cited
    for g in report.gpus:
        if g.index not in a.used or not g.gfx:
            continue
        on_list = rocm_release(a.rocm_cited).supports(g.gfx)
        assert ("not on AMD's list" in a.gpus[g.index].reason) == (not on_list)
        if not on_list:
            target = gfx_target(g.gfx).override_to
            assert f"override target {target}" in why and g.gfx in why, why


@pytest.mark.parametrize("name", ["rx6600xt-ubuntu2204", "rx6600xt-old-driver"])
def test_plan_json_for_the_6600xt(name, capsys):
    main(["plan", "--format", "json", "--simulate", name])
    c = json.loads(capsys.readouterr().out)["choices"]
    assert c["rocm"] == "6.2.4"
    assert "AMD lists it for Ubuntu 22.04.5 LTS and this GPU" not in c["rocm_why"]
    assert "override target gfx1030" in c["rocm_why"]


# --- apply plans for the same user as plan ------------------------------------------------------------------


@pytest.mark.parametrize("name", ["rx6600xt-ubuntu2204", "radeon780m-laptop", "rx7900xtx-ubuntu2404"])
def test_apply_dry_run_plans_for_the_simulated_user_as_plan_does(name, capsys):
    user = get_machine(name).user
    assert main(["plan", "--format", "json", "--simulate", name]) == 0
    plan_user = json.loads(capsys.readouterr().out)["choices"]["user"]
    assert plan_user == user
    assert main(["apply", "--simulate", name, "--dry-run", "--scope", "runtime"]) == 0
    out = capsys.readouterr().out
    assert f"User:   {user}" in out
    assert f"Add {user} to the render and video groups" in out
    if user != ME:
        assert f"Add {ME} to" not in out
    assert "Dry run finished: the helper accepts this plan." in out
