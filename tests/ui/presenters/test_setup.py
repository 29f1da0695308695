"""What the Setup page shows, decided without widgets (ui/presenters/setup.py and setup_run.py)."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from rocmdesk.advice import attach
from rocmdesk.i18n import translate
from rocmdesk.machine.detect import detect
from rocmdesk.machine.open_sim import open_simulated
from rocmdesk.machine.sim_spec import list_machines
from rocmdesk.setup import events as ev
from rocmdesk.setup.facts import SetupFacts
from rocmdesk.ui.helper_run import RunOutcome
from rocmdesk.ui.presenters import setup as present
from rocmdesk.ui.presenters import setup_run as run_present
from rocmdesk.ui.presenters.setup import CHOICES, MACHINE, RESULT, RUN, SetupPresenter

RX6600 = "rx6600xt-ubuntu2204"
# a command or an option of rocmdesk's command line, which the window never sends a user to
CLI = re.compile(r"rocmdesk (detect|plan|apply|profile|torch|doctor|inspect|simulate|monitor|sanity|run|shell)\b"
                 r"|--(dkms|scope|rocm|cleanup|no-cleanup|user)\b")


@pytest.fixture(scope="module")
def machines():
    cache = {}

    def _get(name: str):
        if name not in cache:
            report = detect(open_simulated(name))
            attach(report)
            cache[name] = report
        return cache[name]

    return _get


def presenter_for(machines, name: str = RX6600) -> SetupPresenter:
    p = SetupPresenter()
    p.use_report(machines(name), SetupFacts())
    return p


def event(name: str, step_id: str | None = None, **data) -> ev.Event:
    return ev.Event(name, {"id": step_id, **data} if step_id else data)


# ---- the machine step ---------------------------------------------------------------------------------------------
def test_the_machine_in_two_lines(machines) -> None:
    line1, line2 = present.machine_lines(machines(RX6600))
    assert line1 == "AMD Radeon RX 6600 XT (gfx1032)"
    assert "Ubuntu 22.04" in line2 and "ROCm 6.2.4 installed" in line2 and "user wei" in line2
    assert present.machine_lines(machines("mi300x-8gpu-server"))[0] == "8 × AMD Instinct MI300X (gfx942)"
    assert present.machine_lines(machines("no-amd-gpu"))[0] == "No AMD GPU found"


def test_the_state_line_says_what_the_page_waits_for() -> None:
    assert present.machine_state(True, None, False, None, "this computer") == "Looking at this computer…"
    assert present.machine_state(False, ("no rocminfo",), False, None, "x").startswith("Detection failed: no rocminfo.")
    assert present.machine_state(False, None, False, None, "x") == "No machine has been looked at yet."
    assert "ValueError: x" in present.machine_state(False, None, True, "ValueError: x", "x")
    assert present.machine_state(False, None, True, None, "x") == ""
    assert present.where_text("rx", None) == "the simulated machine rx"
    assert present.where_text(None, "/tmp/t") == "the machine tree at /tmp/t"


def test_without_an_amd_gpu_the_page_says_what_a_plan_is_for(machines) -> None:
    """Issue 18: planning and a dry run stay possible without an AMD GPU, with a statement of what for."""
    p = presenter_for(machines, "no-amd-gpu")
    assert p.plan is not None and not p.plan.blocked
    note = present.no_gpu_note(p.report)
    assert "no AMD GPU" in note and "before an AMD card goes in" in note and "dry run" in note
    assert p.advice_view() is None  # nothing to advise PyTorch on
    notes = run_present.run_notes(p.plan, p.report, None, True, "sam")
    assert any("no AMD GPU in this machine" in n for n in notes)
    rx = presenter_for(machines)
    assert present.no_gpu_note(rx.report) == ""
    assert not any("no AMD GPU" in n for n in run_present.run_notes(rx.plan, rx.report, None, True, "wei"))


def test_findings_name_the_page_and_control_not_the_command_line(machines) -> None:
    """Issue 18: fixes that named "--scope runtime", "--dkms" or "rocmdesk detect" name Setup's controls."""
    seen: set[str] = set()
    for m in list_machines():
        p = presenter_for(machines, m.name)
        for scope in ("pytorch", "runtime"):
            p.set_scope(scope)
            for dkms in (False, True):
                p.set_dkms(dkms)
                for f in p.findings():
                    seen.add(f.id)
                    assert not CLI.search(f.fix), (m.name, scope, dkms, f.id, f.fix)
                assert not CLI.search(p.choices_view().dkms_why)
    # the ones the simulated machines reach whose core fix names the command line
    assert {"rocm-residue", "dkms-reboot", "session-override-needless", "session-override-risky"} <= seen


def test_residue_and_session_fixes_in_the_windows_words(machines) -> None:
    p = presenter_for(machines)
    residue = next(f for f in p.findings() if f.id == "rocm-residue")
    assert residue.fix.endswith("Choose Runtime or SDK under “What to install” on the Choices page to have them "
                                "cleaned up.")
    laptop = presenter_for(machines, "radeon780m-laptop")
    session = next(f for f in laptop.findings() if f.id.startswith("session-"))
    assert "Environments page" in session.fix and "unset HSA_OVERRIDE_GFX_VERSION" in session.fix
    # the core keeps its words for the command line
    core = next(f for f in laptop.plan.findings if f.id == session.id)
    assert "rocmdesk profile" in core.fix


def test_window_fix_rewords_each_command_line_fix() -> None:
    def core(text: str) -> str:
        return translate("rocmdesk.setup.preflight", text)

    box = "“Install AMD's amdgpu-dkms kernel driver”"
    assert present.window_fix(core("The driver belongs to the host: install it there, and leave --dkms off here.")) \
        == f"The driver belongs to the host: install it there, and leave {box} unticked on the Choices page."
    assert box in present.window_fix(core("Keep the in-box driver (leave --dkms off) or pick a legacy release for "
                                          "the driver."))
    assert present.window_fix(core("Reboot when the plan has run, then run rocmdesk detect.")) == \
        "Reboot when the plan has run; then the Overview page shows the driver in use."
    assert present.window_fix(core("See rocmdesk detect for what works on this GPU.")) == \
        "The Overview page shows what works on this GPU."
    # a fix that goes on after the reworded part keeps its tail
    kernel = core("amdgpu-dkms may fail to build for this kernel, or build and misbehave. Keep the in-box driver "
                  "(leave --dkms off), or boot one of the kernels listed above.") + " Releases AMD lists: 6.1.3."
    assert present.window_fix(kernel).endswith(f"(untick {box} on the Choices page), or boot one of the kernels "
                                               "listed above. Releases AMD lists: 6.1.3.")
    assert present.window_fix("Check with df -h /opt") == "Check with df -h /opt"
    assert present.dkms_why_text(translate("rocmdesk.setup.choices", "whether amdgpu is loaded is unknown; choose "
                                                                     "--dkms if it is not")) == \
        "Whether amdgpu is loaded is unknown; tick this if it is not."


def test_a_shortcut_marker_never_reaches_a_sentence() -> None:
    assert present.without_marker("仅 PyTorch(&P)") == "仅 PyTorch"
    assert present.without_marker("运行时（&U）") == "运行时"
    assert present.without_marker("&PyTorch only") == "PyTorch only"
    assert present.without_marker("Q&&A") == "Q&A"


# ---- the choices step ---------------------------------------------------------------------------------------------
def test_the_recommended_release_and_another_one(machines) -> None:
    p = presenter_for(machines)
    assert p.chosen_release() == "6.2.4"
    items = dict((v, t) for t, v in present.release_items(p.report, p.recommended))
    assert "recommended" in items["6.2.4"] and "installed" in items["6.2.4"]
    assert p.release_reason().startswith("Recommended: ROCm 6.2.4 is installed already and AMD lists it for Ubuntu "
                                         "22.04.5 LTS")
    view = p.advice_view()
    assert view.headline == ("Works with an override: torch 2.9.1+rocm6.4 from PyTorch's index, "
                             "HSA_OVERRIDE_GFX_VERSION=10.3.0.")
    assert "Judged by AMD's list for ROCm 6.2.4." in view.details
    p.pick_release("6.4.1")
    assert p.choices.rocm == "6.4.1" and p.plan.choices.release.version == "6.4.1"
    assert p.release_reason().startswith("AMD lists ROCm 6.4.1 for Ubuntu 22.04")
    assert "Judged by AMD's list for ROCm 6.4.1." in p.advice_view().details
    p.pick_release("6.2.4")
    assert p.choices.rocm is None and p.release_reason().startswith("Recommended:")


def test_scope_driver_and_cleanup_choices(machines) -> None:
    p = presenter_for(machines)
    view = p.choices_view()
    assert view.has_plan and not view.dkms and "installed and loaded already" in view.dkms_why
    assert not view.cleanup_enabled and view.cleanup_why.startswith("Only with Runtime or SDK")
    assert view.release_scope_note.startswith("PyTorch’s ROCm wheels carry their own ROCm libraries")
    assert view.user_note == "The group step is for wei, the user rocmdesk found signed in."
    assert p.scope_notes()["pytorch"].startswith("No system ROCm (the wheels carry their own")
    assert not p.set_scope("pytorch")  # unchanged
    assert p.set_scope("runtime")
    view = p.choices_view()
    assert view.cleanup and view.cleanup_enabled and view.release_scope_note == ""
    assert any(s.title == "Remove /opt/rocm-5.7.1" for s in p.plan.steps)
    p.set_cleanup(False)
    assert not p.plan.choices.cleanup and not any("Remove /opt/rocm" in s.title for s in p.plan.steps)
    p.set_scope("sdk")
    assert not p.plan.choices.cleanup  # a choice the user made stays
    p.set_dkms(True)
    assert p.plan.choices.dkms and p.choices_view().dkms_why == "Your choice."
    p.reset()
    assert p.plan is None and p.report is None and p.choices.scope == "pytorch" and not p.dkms_touched


# ---- the review step ----------------------------------------------------------------------------------------------
def test_the_review_summarizes_the_plan_and_lists_its_steps(machines) -> None:
    p = presenter_for(machines)
    view = p.review_view()
    assert view.summary == "No system ROCm · PyTorch only · no driver change · for wei"
    assert view.counts.startswith(f"{len(p.plan.todo)} of {len(p.plan.steps)} steps to do")
    assert view.blocked == ""
    assert [s.state for s in view.steps] == ["done" if s.done else "todo" for s in p.plan.steps]
    first = view.steps[0]
    assert (first.number, first.title) == (1, "Add wei to the render and video groups")
    assert first.root and first.commands == "as_root usermod -a -G render,video wei"
    assert "open only for members" in first.why
    assert p.script().startswith("#!/usr/bin/env bash")
    assert SetupPresenter().review_view() is None and SetupPresenter().script() == ""


def test_a_release_without_a_repository_blocks_the_plan(machines) -> None:
    p = presenter_for(machines, "rx7900xtx-ubuntu2404")
    p.set_scope("runtime")
    p.pick_release("5.7.0")
    assert p.release_reason().startswith("ROCm 5.7.0 has no apt repository for Ubuntu 24.04")
    assert p.plan.blocked and p.review_view().blocked.startswith("The plan is blocked; it cannot run until this is "
                                                                 "fixed:\n• ")
    assert "blocked" in run_present.run_blocker(replace(p.plan, simulated=False), False, False, True)


# ---- the frame: trail and buttons ----------------------------------------------------------------------------------
def test_back_and_next_follow_the_plan_and_the_run() -> None:
    assert [t for t, _ in present.trail_items(CHOICES)] == ["1. Machine", "2. Choices", "3. Review", "4. Run",
                                                            "5. Result"]
    assert [here for _, here in present.trail_items(CHOICES)] == [False, True, False, False, False]
    nav = present.nav(MACHINE, has_plan=False, busy=False, running=False, ended=False)
    assert not nav.back and not nav.next and nav.next_visible
    assert nav.note == "Nothing changes on the machine until you run the plan."
    assert present.nav(CHOICES, True, False, False, False).next
    assert not present.nav(CHOICES, True, True, False, False).next  # still detecting
    running = present.nav(RUN, True, False, True, False)
    assert not running.back and not running.next and not running.next_visible and "running" in running.note
    ended = present.nav(RUN, True, False, False, True)
    assert ended.back and ended.next and ended.next_visible and ended.note == ""
    assert not present.nav(RESULT, True, False, False, True).next_visible


# ---- the run step -------------------------------------------------------------------------------------------------
def test_why_run_is_off(machines) -> None:
    p = presenter_for(machines)
    assert run_present.run_blocker(None, False, False, True) == "There is no plan yet."
    assert "simulated machine" in run_present.run_blocker(p.plan, False, False, True)  # the plan says so itself
    live = replace(p.plan, simulated=False)
    assert "captured machine tree" in run_present.run_blocker(live, False, True, True)
    assert "No system helper" in run_present.run_blocker(live, False, False, False)
    assert run_present.run_blocker(live, False, False, True) is None
    buttons = run_present.run_buttons(live, running=False, blocker=None, has_helper=True)
    assert buttons.run and buttons.dry and not buttons.cancel and not buttons.no_helper
    assert buttons.run_tip.startswith("Ask for your password once")
    buttons = run_present.run_buttons(live, running=True, blocker=None, has_helper=False)
    assert not buttons.run and not buttons.dry and buttons.cancel and not buttons.no_helper
    buttons = run_present.run_buttons(live, running=False, blocker="blocked", has_helper=False)
    assert buttons.no_helper and buttons.run_tip == "blocked"


def test_the_run_intro_and_notes(machines) -> None:
    p = presenter_for(machines)
    roots = sum(1 for s in p.plan.todo if s.root)
    intro = run_present.run_intro(p.plan)
    assert intro.endswith("Dry run goes through the same helper without root and changes nothing.")
    assert ("the one step" in intro) if roots == 1 else (f"the {roots} steps" in intro or "done already" in intro)
    notes = run_present.run_notes(p.plan, p.report, "simulated", True, "ada")
    assert notes[0] == "simulated" and "for ada instead of wei" in notes[1]
    assert run_present.run_notes(p.plan, p.report, "simulated", False, "wei") == []  # the no-helper note says it


def test_a_dry_run_is_for_whoever_runs_it(machines) -> None:
    p = presenter_for(machines)
    plan, note = p.plan_for_run(True, "ada")
    assert plan.choices.user == "ada" and "for ada instead of wei" in note
    assert p.plan_for_run(True, "wei") == (p.plan, "")
    assert p.plan_for_run(False, "ada") == (p.plan, "")


def test_what_each_event_says() -> None:
    assert run_present.event_lines(event("plan", steps=3), "", 0, 3) == ("The helper accepted the plan.", [])
    status, lines = run_present.event_lines(event("started", "apt-update", index=1, title="Refresh apt"), "", 7, 3)
    assert status == "Step 2 of 3: Refresh apt" and lines == ["▶ Refresh apt"]
    status, _ = run_present.event_lines(event("started", "apt-update", title="Refresh apt"), "", 7, 9)
    assert status == "Step 7 of 9: Refresh apt"  # no index: the row's number
    assert run_present.event_lines(event("output", "x", line="Hit:1"), "", 0, 1) == (None, ["    Hit:1"])
    assert run_present.event_lines(event("ok", "x"), "done", 0, 1) == (None, ["  ✓ ok: done"])
    assert run_present.event_lines(event("skipped", "x"), "", 0, 1) == (None, ["  – skipped"])
    assert run_present.event_lines(event("refused"), "busy", 0, 1) == (None, ["The helper refused the plan: busy"])
    assert run_present.event_lines(event("done", ok=True), "", 0, 1) == (None, ["— finished —"])
    assert run_present.run_title(True) == "— dry run: nothing will change —"
    assert [run_present.row_state_at_end(s, False) for s in ("waiting", "running", "ok")] == \
        ["not-run", "failed", "ok"]
    assert run_present.row_state_at_end("running", True) == "not-run"


# ---- the result step ----------------------------------------------------------------------------------------------
def test_how_a_run_ended(machines) -> None:
    p = presenter_for(machines)
    plan = p.plan
    kind, title, _ = run_present.outcome_text(RunOutcome(False, program="/usr/bin/pkexec", start_error="gone"),
                                              plan, None)
    assert kind == "nochange" and title.startswith("pkexec is not installed")
    kind, title, detail = run_present.outcome_text(RunOutcome(True, program="/x/helper", start_error="gone"), plan,
                                                   None)
    assert (kind, title, detail) == ("failed", "The helper could not be started; nothing was changed.",
                                     "Reason: gone")
    assert run_present.outcome_text(RunOutcome(True, cancelled=True), plan, None)[2] == \
        "It was a dry run: nothing was changed."
    assert run_present.outcome_text(RunOutcome(False, exit_code=126), plan, None)[1] == \
        "You dismissed the password prompt; nothing was changed."
    assert run_present.outcome_text(RunOutcome(False, exit_code=127), plan, None)[0] == "nochange"
    failed = event("failed", plan.steps[1].id, message="apt-get failed", exit=100)
    kind, title, _ = run_present.outcome_text(RunOutcome(False, exit_code=1, saw_plan=True, failed=failed), plan,
                                              None)
    assert kind == "failed" and title == f"Step 2 of {len(plan.steps)} failed: {plan.steps[1].title}"
    dry = RunOutcome(True, exit_code=0, saw_plan=True)
    assert run_present.outcome_text(dry, plan, "simulated")[2] == \
        "The helper accepted the plan and went through every step."
    assert run_present.outcome_text(dry, plan, None)[2].endswith("Run it for real from the Run page, or save the "
                                                                 "script and run it yourself.")
    assert run_present.outcome_text(RunOutcome(False, exit_code=None, saw_plan=True), plan, None)[1] == \
        "The helper stopped unexpectedly."
    assert run_present.outcome_text(RunOutcome(False, exit_code=9, saw_plan=True), plan, None)[1] == \
        "The helper ended with exit status 9."


def test_the_result_page(machines) -> None:
    p = presenter_for(machines)
    plan = p.plan
    failed = event("failed", plan.steps[1].id, message="apt-get failed", output=["E: Unable to locate package"],
                   exit=100)
    view = p.result_view(RunOutcome(False, exit_code=1, saw_plan=True, failed=failed), plan, None, {})
    assert view.kind == "failed" and view.resumable and view.resume_label == "R&esume" and not view.pytorch
    assert view.failure.message == "apt-get failed (exit status 100)"
    assert view.failure.step == f"Step 2: {plan.steps[1].title}" and not view.failure.step_visible
    assert view.failure.output == ["E: Unable to locate package"] and "Resume" in view.failure.help
    assert view.next_steps == []
    view = p.result_view(RunOutcome(False, exit_code=126), plan, None, {})
    assert view.kind == "nochange" and view.resumable and view.resume_label == "&Try again"
    assert view.relogin is None and view.failure is None
    # a dry run that went well: this session predates the groups (rx6600xt), PyTorch next
    view = p.result_view(RunOutcome(True, exit_code=0, saw_plan=True), plan, "simulated", {})
    assert view.kind == "ok" and view.pytorch and not view.resumable
    assert "Log out and in again" in view.relogin
    assert view.next_steps[0].startswith("Install PyTorch for ROCm into a virtual environment")
    assert any("HSA_OVERRIDE_GFX_VERSION=10.3.0" in s for s in view.next_steps)
    # the groups step ran for real: log in again
    groups = next(s for s in plan.steps if s.kind == "add-user-to-groups")
    added = replace(plan, steps=[replace(s, done=False) if s is groups else s for s in plan.steps])
    assert "You were added to the render and video groups" in run_present.relogin_text(
        RunOutcome(False, exit_code=0, saw_plan=True), added, p.report, {groups.id: "ok"})
