"""What the Setup page's last two steps show, decided without widgets: whether Run may run and why not, the
notes above its buttons, what each event of the helper says, and how a run ended (what failed, logging in again).

Part of the Setup page's presenter (``ui/presenters/setup.py``, which holds the plan and the choices); kept apart
so each file stays short.  The sentences keep the page's translation context ("SetupPage").
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from rocmdesk.machine.model import MachineReport
from rocmdesk.setup import events as ev
from rocmdesk.setup.plan import Plan

if TYPE_CHECKING:
    from rocmdesk.ui.helper_run import RunOutcome

translate = QCoreApplication.translate

FINISHED = ("ok", "skipped", "failed")  # the states a step's row ends a run in


# -- records the page copies onto its widgets ---------------------------------------------------------------------
@dataclass
class RunButtons:
    no_helper: bool  # the "save it as a script" note instead of a password prompt
    run: bool
    run_tip: str
    dry: bool
    cancel: bool


@dataclass
class FailureView:
    step: str
    step_visible: bool
    message: str
    output: list[str]
    help: str


@dataclass
class ResultView:
    kind: str  # ok | failed | nochange | stopped
    title: str
    detail: str
    failure: FailureView | None
    resumable: bool
    resume_label: str
    relogin: str | None
    next_steps: list[str]
    pytorch: bool



# -- the run step ---------------------------------------------------------------------------------------------------
def run_blocker(plan: Plan | None, simulated: bool, captured: bool, has_helper: bool) -> str | None:
    """Why "Run" is off, or None when it may run.  ``captured``: a machine tree read from disk, not this computer."""
    if plan is None:
        return translate("SetupPage", "There is no plan yet.")
    if plan.simulated or simulated:
        return translate("SetupPage", "This is a simulated machine, not this computer: only a dry run is possible.")
    if captured:
        return translate("SetupPage", "This is a captured machine tree, not this computer: only a dry run is "
                                      "possible.")
    if plan.blocked:
        return translate("SetupPage", "The plan is blocked (see the Review page): only a dry run is possible.")
    if not has_helper:
        return translate("SetupPage", "No system helper is installed: save the script above and run it with sudo.")
    return None


def run_buttons(plan: Plan | None, running: bool, blocker: str | None, has_helper: bool) -> RunButtons:
    return RunButtons(no_helper=not has_helper and not running, run=not running and blocker is None,
                      run_tip=blocker or translate("SetupPage", "Ask for your password once, then run every step to "
                                                                "do as root"),
                      dry=not running and plan is not None, cancel=running)


def run_intro(plan: Plan) -> str:
    todo = sum(1 for s in plan.todo if s.root)
    if todo == 0:
        text = translate("SetupPage", "Every step that needs root is done already: running the plan only checks the "
                                      "rest.")
    elif todo == 1:
        text = translate("SetupPage", "Run asks for your password once (polkit’s dialog), then rocmdesk’s helper "
                                      "runs the one step to do as root, checked before and after.")
    else:
        text = translate("SetupPage", "Run asks for your password once (polkit’s dialog), then rocmdesk’s helper "
                                      "runs the {todo} steps to do as root, each checked before and after; steps done "
                                      "already are skipped.").format(todo=todo)
    return text + " " + translate("SetupPage", "Dry run goes through the same helper without root and changes "
                                               "nothing.")


def run_notes(plan: Plan | None, report: MachineReport | None, blocker: str | None, has_helper: bool,
              caller: str | None) -> list[str]:
    """The notes above the Run buttons: why Run is off (unless the no-helper note says it), for whom a dry run
    checks the plan, and what a run is for on a machine without an AMD GPU."""
    notes = [blocker] if blocker and has_helper else []
    if plan is not None and caller and plan.choices.user and caller != plan.choices.user:
        notes.append(translate("SetupPage", "The helper checks a plan only for the user who runs it, so a dry run "
                                            "here is for {caller} instead of {user}.").format(
            caller=caller, user=plan.choices.user))
    if plan is not None and report is not None and not report.gpus:
        notes.append(translate("SetupPage", "There is no AMD GPU in this machine: running the plan prepares the "
                                            "system only, and its GPU checks fail until a card is there."))
    return notes


def run_title(dry_run: bool) -> str:
    return translate("SetupPage", "— {what} —").format(
        what=translate("SetupPage", "dry run: nothing will change") if dry_run
        else translate("SetupPage", "running the plan"))


def swapped_user_note(caller: str, user: str | None) -> str:
    return translate("SetupPage", "The helper checks a plan only for the user who runs it, so this dry run is for "
                                  "{caller} instead of {user}.").format(
        caller=caller, user=user or translate("SetupPage", "an unknown user"))


def event_lines(event: ev.Event, message: str, number: int, total: int) -> tuple[str | None, list[str]]:
    """What a helper event says: the status line (None: unchanged) and the lines for the log.  ``number`` is the
    step's place in the plan (when the event gives none) and ``total`` the bar's step count."""
    d = event.data
    if event.event == "plan":
        return translate("SetupPage", "The helper accepted the plan."), []
    if event.event == "started":
        title = str(d.get("title") or event.step_id or "")
        index = d.get("index")
        n = index + 1 if isinstance(index, int) else number
        return (translate("SetupPage", "Step {n} of {total}: {title}").format(n=n, total=total, title=title),
                [translate("SetupPage", "▶ {title}").format(title=title)])
    if event.event == "output":
        return None, ["    " + str(d.get("line", ""))]
    if event.event in FINISHED:
        word = {"ok": translate("SetupPage", "✓ ok"), "skipped": translate("SetupPage", "– skipped"),
                "failed": translate("SetupPage", "✗ failed")}[event.event]
        return None, [f"  {word}: {message}" if message else f"  {word}"]
    if event.event == "refused":
        return None, [translate("SetupPage", "The helper refused the plan: {message}").format(message=message)]
    if event.event == "done":
        return None, [translate("SetupPage", "— finished —")]
    return None, []


def row_state_at_end(state: str, cancelled: bool) -> str:
    """A step's row when the run ends: a step still running failed (or was stopped), one waiting did not run."""
    if state not in ("waiting", "running"):
        return state
    return "failed" if state == "running" and not cancelled else "not-run"


# -- the result step -------------------------------------------------------------------------------------------------
def outcome_text(o: RunOutcome, run_plan: Plan | None, blocker: str | None) -> tuple[str, str, str]:
    """(kind, headline, detail) for how a run ended.  kind: ok | failed | nochange | stopped.  ``blocker``: why a
    real run is off now (a finished dry run offers one only when none is)."""
    if o.start_error is not None and os.path.basename(o.program) == "pkexec":
        return ("nochange", translate("SetupPage", "pkexec is not installed, so rocmdesk cannot ask for the one "
                                                   "password it needs; nothing was changed."),
                translate("SetupPage", "Install it (Debian and Ubuntu: sudo apt install pkexec; policykit-1 on older "
                                       "releases), or save the plan as a script and run it with sudo."))
    if o.start_error is not None:
        return ("failed", translate("SetupPage", "The helper could not be started; nothing was changed."),
                translate("SetupPage", "Reason: {error}").format(error=o.start_error))
    if o.cancelled:
        return ("stopped", translate("SetupPage", "Cancelled."),
                translate("SetupPage", "Steps that finished stay done; Resume continues from where it stopped.")
                if not o.dry_run else translate("SetupPage", "It was a dry run: nothing was changed."))
    code = o.exit_code
    if not o.saw_plan and code == ev.PKEXEC_DISMISSED:
        return ("nochange", translate("SetupPage", "You dismissed the password prompt; nothing was changed."),
                translate("SetupPage", "Press Try again to be asked once more."))
    if not o.saw_plan and code == ev.PKEXEC_NOT_AUTHORIZED:
        return ("nochange", translate("SetupPage", "Not authorized, or no password agent is running; nothing was "
                                                   "changed."),
                translate("SetupPage", "Your desktop’s polkit agent shows the password prompt; without one pkexec "
                                       "cannot ask. Log in to a full desktop session, or save the plan as a script "
                                       "and run it with sudo."))
    if o.refused is not None or code == ev.EXIT_REFUSED:
        msg = str(o.refused.data.get("message", "")) if o.refused else ""
        return ("nochange", translate("SetupPage", "The helper refused the plan; nothing was changed."),
                translate("SetupPage", "Reason: {message}").format(message=msg or translate("SetupPage", "not given")))
    if code == ev.EXIT_NOT_ROOT:
        return ("nochange", translate("SetupPage", "The helper could not establish who asked; nothing was changed."),
                "\n".join(o.stray[-3:]))
    if o.failed is not None or code == ev.EXIT_STEP_FAILED:
        steps = run_plan.steps if run_plan else []
        sid = o.failed.step_id if o.failed else None
        n = next((i for i, s in enumerate(steps, 1) if s.id == sid), None)
        if n is None:
            return ("failed", translate("SetupPage", "A step failed; the steps after it did not run."), "")
        return ("failed", translate("SetupPage", "Step {n} of {total} failed: {title}").format(
            n=n, total=len(steps), title=steps[n - 1].title),
            translate("SetupPage", "The steps before it stay done; the steps after it did not run."))
    if code == ev.EXIT_OK:
        if o.dry_run:
            more = "" if blocker else " " + translate(
                "SetupPage", "Run it for real from the Run page, or save the script and run it yourself.")
            return ("ok", translate("SetupPage", "Dry run finished; nothing was changed."),
                    translate("SetupPage", "The helper accepted the plan and went through every step.") + more)
        return ("ok", translate("SetupPage", "Setup finished."), translate("SetupPage", "Every step is done."))
    if code is None:
        return ("failed", translate("SetupPage", "The helper stopped unexpectedly."), "\n".join(o.stray[-5:]))
    return ("failed", translate("SetupPage", "The helper ended with exit status {code}.").format(code=code),
            "\n".join(o.stray[-5:]))


def failure_view(failed: ev.Event, run_plan: Plan | None) -> FailureView:
    """The "What failed" box: the step (shown only when the headline does not name it), its message and output."""
    sid = failed.step_id or ""
    steps = run_plan.steps if run_plan else []
    step = next((s for s in steps if s.id == sid), None)
    number = steps.index(step) + 1 if step is not None else None
    name = step.title if step else sid
    message = str(failed.data.get("message") or "")
    code = failed.data.get("exit")
    if isinstance(code, int) and str(code) not in message:
        message = translate("SetupPage", "{message} (exit status {code})").format(message=message, code=code).strip()
    output = failed.data.get("output")
    lines = output if isinstance(output, list) else ([output] if isinstance(output, str) else [])
    return FailureView(
        step=translate("SetupPage", "Step {n}: {title}").format(n=number, title=name) if number else name,
        step_visible=number is None, message=message, output=[str(x) for x in lines],
        help=translate("SetupPage", "Fix the cause shown above (an apt error often means no network, a full disk or "
                                    "another package manager running), then press Resume: it runs the same plan "
                                    "again, and the helper skips the steps that are done."))


def relogin_text(o: RunOutcome, run_plan: Plan | None, report: MachineReport | None,
                 row_states: dict[str, str]) -> str | None:
    """The "log out and in again" note: after the group step ran, while this session predates the groups, or what
    a real run will need after a dry one."""
    if run_plan is None or report is None:
        return None
    groups = next((s for s in run_plan.steps if s.kind == "add-user-to-groups"), None)
    added = groups is not None and not groups.done and not o.dry_run and row_states.get(groups.id) == "ok"
    if added:
        return translate("SetupPage", "You were added to the render and video groups. Groups apply only to new "
                                      "logins, so the GPU opens for you after you log out and in again (“newgrp "
                                      "render” fixes only one terminal).")
    if report.access.needs_relogin:
        return translate("SetupPage", "You are in the render and video groups, but this session started before you "
                                      "were added, so the GPU does not open for you yet. Log out and in again "
                                      "(“newgrp render” fixes only one terminal).")
    if o.dry_run and groups is not None and not groups.done:
        return translate("SetupPage", "When you run the plan for real it adds you to the render and video groups; "
                                      "then log out and in again so they apply.")
    return None
