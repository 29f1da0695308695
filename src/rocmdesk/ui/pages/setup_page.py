"""Setup: the install plan as a wizard — machine, choices, review, run, result.

Like Picard's first-run wizard, the pages change nothing: they only build a plan
(``rocmdesk.setup.plan.plan``, pure) from ``session.report`` and the user's choices.
Only the Run page acts, by starting the helper in a QProcess (never on the UI
thread): the plan JSON goes to its stdin, and its progress events (one JSON object
a line, ``rocmdesk.setup.events``) drive the step rows, the bar and the log.

What each step shows is decided in ``ui/presenters/setup.py`` (plain records, tested without widgets); the steps'
widgets are in ``ui/pages/setup/``.  This module connects them, keeps the run and its log file, and walks the
wizard.
"""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Callable

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFileDialog, QHBoxLayout, QLabel, QPushButton, QStackedWidget, QVBoxLayout, QWidget

from rocmdesk.advice import MachineAdvice
from rocmdesk.machine.host import Host
from rocmdesk.machine.model import MachineReport
from rocmdesk.setup import events as ev
from rocmdesk.setup.choices import Choices
from rocmdesk.setup.facts import SetupFacts, read_facts
from rocmdesk.setup.plan import Plan
from rocmdesk.ui.helper_run import CommandFactory, HelperLocator, HelperRun, RunOutcome, default_command, default_helper_path
from rocmdesk.ui.navigation import show_page
from rocmdesk.ui.pages.setup.run_steps import ResultStep, RunStep
from rocmdesk.ui.pages.setup.steps import ChoicesStep, MachineStep, ReviewStep
from rocmdesk.ui.presenters import setup as present
from rocmdesk.ui.presenters import setup_run as run_present
from rocmdesk.ui.presenters.setup import CHOICES, MACHINE, RESULT, REVIEW, RUN, SetupPresenter
from rocmdesk.ui.session import MachineSession
from rocmdesk.ui.widgets.advice_text import AdviceWords
from rocmdesk.ui.widgets.finding_card import FindingCard
from rocmdesk.ui.widgets.page_parts import page_header
from rocmdesk.ui.widgets.step_row import StepRow
from rocmdesk.ui.widgets.text import muted_colour, text_label

__all__ = ["CHOICES", "MACHINE", "RESULT", "REVIEW", "RUN", "SetupPage", "default_caller", "default_facts"]

FactsReader = Callable[[Host], SetupFacts]
CallerLocator = Callable[[], "str | None"]  # the user who runs rocmdesk (whom a dry run checks the plan for)


def default_caller() -> str | None:
    return Host.local().user_name()


def default_facts(host: Host) -> SetupFacts:
    return read_facts(host)


class SetupPage(QWidget):
    """The Setup wizard.  ``command_factory``, ``helper_locator`` and ``facts_reader`` are seams for tests."""

    runFinished = Signal(object)  # RunOutcome

    def __init__(self, session: MachineSession, command_factory: CommandFactory | None = None,
                 helper_locator: HelperLocator | None = None, facts_reader: FactsReader | None = None,
                 caller_locator: CallerLocator | None = None, log_dir: Path | None | bool = True,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.words = AdviceWords(self)
        self.presenter = SetupPresenter(self.words)
        self.command_factory = command_factory or default_command
        self.helper_locator = helper_locator or default_helper_path
        self.facts_reader = facts_reader or default_facts
        self.caller_locator = caller_locator or default_caller
        self._caller: tuple[str | None] | None = None
        self.log_dir = log_dir  # True: the runner's XDG state folder; None/False: no log file
        self.log_path: Path | None = None
        self._logfile = None
        self.run_user_note = ""
        self.advance_on_finish = True  # the screenshot script turns it off to picture the finished run page
        self.run: HelperRun | None = None
        self.run_plan: Plan | None = None
        self.run_json = ""
        self.run_dry = True
        self.outcome: RunOutcome | None = None
        self.result_kind = ""
        self._filling = False

        outer = QVBoxLayout(self)
        outer.setContentsMargins(16, 12, 16, 8)
        self.title, self.where_label = page_header(outer, self.tr("Setup"))
        self.trail = QLabel()
        self.trail.setTextFormat(Qt.TextFormat.RichText)
        outer.addWidget(self.trail)

        self.machine_step, self.choices_step, self.review_step = MachineStep(), ChoicesStep(), ReviewStep()
        self.run_step, self.result_step = RunStep(), ResultStep()
        self.stack = QStackedWidget()
        for step in (self.machine_step, self.choices_step, self.review_step, self.run_step, self.result_step):
            self.stack.addWidget(step)
        outer.addWidget(self.stack, 1)
        self._expose()
        self._connect()

        nav = QHBoxLayout()
        self.nav_note = text_label("", small=True, muted=True)
        nav.addWidget(self.nav_note, 1)
        self.back_button = QPushButton(self.tr("< &Back"))
        self.back_button.setToolTip(self.tr("The previous page (Alt+B)"))
        self.back_button.clicked.connect(self.back)
        self.next_button = QPushButton(self.tr("&Next >"))
        self.next_button.setToolTip(self.tr("The next page (Alt+N); nothing changes until you run the plan"))
        self.next_button.clicked.connect(self.next)
        for b in (self.back_button, self.next_button):
            b.setAutoDefault(False)
            nav.addWidget(b)
        outer.addLayout(nav)
        self._stop_timer = QTimer(self)
        self._stop_timer.setSingleShot(True)
        self._stop_timer.timeout.connect(self._not_stopped)

        session.machineChanged.connect(self._machine_changed)
        session.reportReady.connect(self._report_ready)
        session.busyChanged.connect(self._sync)
        session.failed.connect(self._sync)
        if session.report is not None:
            self._report_ready(session.report)
        self.go(MACHINE)

    def _expose(self) -> None:
        """The steps' widgets under the page's own names, as tests, the screenshot scripts and the theme check
        reach them (the page built them all itself before it was split)."""
        names = {
            self.machine_step: "machine_box machine_line1 machine_line2 machine_state no_gpu_note no_gpu_label "
                               "findings_title findings_note findings_layout",
            self.choices_step: "scope_group scope_buttons scope_notes advice_box advice_headline advice_details "
                               "advice_notes release_combo release_reason release_scope_note dkms_check dkms_why "
                               "cleanup_check cleanup_why user_note",
            self.review_step: "review_summary review_counts blocked_note blocked_label expand_button save_button "
                              "copy_button script_status as_root_hint review_layout",
            self.run_step: "run_intro no_helper no_helper_label run_save_button run_copy_button run_script_status "
                           "run_note run_button dry_button cancel_button progress run_status run_rows_layout "
                           "run_scroll log",
            self.result_step: "result_frame result_title result_detail result_log failure_box failure_step "
                              "failure_message failure_output failure_help relogin relogin_title relogin_text "
                              "next_steps_box next_steps resume_button pytorch_button log_button again_button",
        }
        for step, words in names.items():
            for name in words.split():
                setattr(self, name, getattr(step, name))

    def _connect(self) -> None:
        for scope, button in self.scope_buttons.items():
            button.toggled.connect(lambda on, scope=scope: on and self._set_scope(scope))
        self.release_combo.currentIndexChanged.connect(self._release_picked)
        self.dkms_check.toggled.connect(self._dkms_picked)
        self.cleanup_check.toggled.connect(self._cleanup_picked)
        for save, copy in ((self.save_button, self.copy_button), (self.run_save_button, self.run_copy_button)):
            save.clicked.connect(self._save_clicked)
            copy.clicked.connect(self.copy_script)
        self.run_button.clicked.connect(lambda: self.start_run(dry_run=False))
        self.dry_button.clicked.connect(lambda: self.start_run(dry_run=True))
        self.cancel_button.clicked.connect(self.cancel_run)
        self.resume_button.clicked.connect(self.resume)
        self.pytorch_button.clicked.connect(self.go_to_pytorch)
        self.log_button.clicked.connect(lambda: self.go(RUN))
        self.again_button.clicked.connect(self.start_over)

    # the presenter's state under the names the page always had
    @property
    def report(self) -> MachineReport | None:
        return self.presenter.report

    @property
    def facts(self) -> SetupFacts:
        return self.presenter.facts

    @property
    def choices(self) -> Choices:
        return self.presenter.choices

    @property
    def plan(self) -> Plan | None:
        return self.presenter.plan

    @property
    def plan_error(self) -> str | None:
        return self.presenter.plan_error

    @property
    def finding_cards(self) -> list[FindingCard]:
        return self.machine_step.finding_cards

    @property
    def review_rows(self) -> list[StepRow]:
        return self.review_step.review_rows

    @property
    def run_rows(self) -> dict[str, StepRow]:
        return self.run_step.run_rows

    # ==== navigation ========================================================================================
    def page_names(self) -> list[str]:
        return present.page_names()

    @property
    def current(self) -> int:
        return self.stack.currentIndex()

    def running(self) -> bool:
        return self.run is not None and self.run.running

    def go(self, index: int) -> None:
        self.stack.setCurrentIndex(index)
        if index == RUN and not self.running() and self.outcome is None:
            self.run_step.show_rows(self.plan)
        self._sync()
        focus = {MACHINE: self.next_button, CHOICES: self.scope_buttons.get(self.choices.scope),
                 REVIEW: self.next_button, RUN: self.run_button if self.run_button.isEnabled() else self.dry_button,
                 RESULT: self.result_title}.get(index)
        if focus is not None and focus.isEnabled() and self.isVisible():
            focus.setFocus()

    def next(self) -> None:
        if self.next_button.isEnabled() and self.current < RESULT:
            self.go(self.current + 1)

    def back(self) -> None:
        if self.back_button.isEnabled() and self.current > MACHINE:
            self.go(self.current - 1)

    def _sync(self, *_: object) -> None:
        quiet = muted_colour(self.trail.palette()).name()  # quieter than the current step, still readable
        self.trail.setText(" &nbsp;›&nbsp; ".join(
            f"<b>{html.escape(text)}</b>" if here else f"<span style='color: {quiet}'>{html.escape(text)}</span>"
            for text, here in present.trail_items(self.current)))
        self.where_label.setText(self.tr("— {where}").format(where=self._where()))
        running = self.running()
        nav = present.nav(self.current, self.plan is not None, self.session.busy, running,
                          self.outcome is not None and not running)
        self.back_button.setEnabled(nav.back)
        self.next_button.setEnabled(nav.next)
        self.next_button.setVisible(nav.next_visible)
        self.nav_note.setText(nav.note)
        s = self.session
        self.machine_step.show_state(present.machine_state(s.busy, s.error, self.report is not None, self.plan_error,
                                                           self._where()))
        self._sync_run_buttons()

    def _where(self) -> str:
        return present.where_text(self.session.simulate, self.session.root)

    # ==== the session ========================================================================================
    def _machine_changed(self) -> None:
        if self.running():
            return  # the run goes on; its result stays until the user leaves it
        self.outcome = None
        self.presenter.reset()
        self._show_plan()
        self.go(MACHINE)

    def _report_ready(self, report: MachineReport) -> None:
        try:
            facts = self.facts_reader(self.session.host) if self.session.host is not None else SetupFacts()
        except Exception:  # extra facts only refine the plan; without them steps are simply not marked done
            facts = SetupFacts()
        self.presenter.use_report(report, facts)
        self._fill_releases()
        self._show_plan()

    # ==== planning ==========================================================================================
    def _replan(self) -> None:
        self.presenter.replan()
        self._show_plan()

    def _show_plan(self) -> None:
        """Every step as the plan now stands (the run's rows only while no run has a result to show)."""
        p = self.presenter
        report = p.report
        self.machine_step.show_machine(
            present.machine_lines(report) if report is not None else None, present.no_gpu_note(report),
            p.findings_note() if p.plan is not None else None, p.findings())
        self._show_choices()
        self.review_step.show_review(p.review_view())
        if not self.running() and self.outcome is None:
            self.run_step.show_rows(self.plan)
        self._sync()

    def machine_lines(self, report: MachineReport) -> tuple[str, str]:
        return present.machine_lines(report)

    def override_fix(self) -> str:
        return self.presenter.override_fix()

    def choice_advice(self) -> MachineAdvice | None:
        return self.presenter.choice_advice()

    # ==== page 2: the choices ===================================================================================
    def _fill_releases(self) -> None:
        """Every release, newest first; the recommended one marked, and selected unless the user chose."""
        self._filling = True
        try:
            report = self.report
            if report is None:
                self.release_combo.clear()
                return
            self.choices_step.fill_releases(present.release_items(report, self.presenter.recommended),
                                            self.presenter.chosen_release())
        finally:
            self._filling = False

    def _show_choices(self) -> None:
        p = self.presenter
        self.choices_step.show_advice(p.advice_view())
        self._filling = True
        try:
            self.choices_step.show_choices(self.choices.scope, p.scope_notes(), p.choices_view())
        finally:
            self._filling = False

    def _set_scope(self, scope: str) -> None:
        if not self._filling and self.presenter.set_scope(scope):
            self._show_plan()

    def _release_picked(self, index: int) -> None:
        if self._filling or index < 0:
            return
        self.presenter.pick_release(self.release_combo.itemData(index))
        self._show_plan()

    def _dkms_picked(self, on: bool) -> None:
        if not self._filling:
            self.presenter.set_dkms(on)
            self._show_plan()

    def _cleanup_picked(self, on: bool) -> None:
        if not self._filling:
            self.presenter.set_cleanup(on)
            self._show_plan()

    # ==== page 3: review ========================================================================================
    def script(self) -> str:
        """The plan as a shell script, in English as `rocmdesk plan --format script` writes it (for sharing)."""
        return self.presenter.script()

    def _save_clicked(self) -> None:
        start = str(Path.home() / "rocmdesk-setup.sh")
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Save the plan as a script"), start,
                                              self.tr("Shell scripts (*.sh);;All files (*)"))
        if path:
            self.save_script(path)

    def save_script(self, path: str) -> bool:
        try:
            from rocmdesk.atomic_file import shared_mode, write_atomic

            # atomic, and executable as the user's umask allows (0755 under 022, 0700 under 077)
            write_atomic(path, self.script().encode("utf-8"), mode=shared_mode(executable=True))
        except OSError as exc:
            self._script_status(self.tr("Could not save {path}: {error}").format(path=path, error=exc.strerror or exc))
            return False
        self._script_status(self.tr("Saved {path}. Read it, then run it as yourself: bash {path}").format(path=path))
        return True

    def copy_script(self) -> None:
        QGuiApplication.clipboard().setText(self.script())
        self._script_status(self.tr("The script is on the clipboard."))

    def _script_status(self, text: str) -> None:
        for label in (self.script_status, self.run_script_status):
            label.setText(text)
            label.setVisible(True)

    # ==== page 4: run ==========================================================================================
    def real_run_blocker(self) -> str | None:
        """Why "Run" is off, or None when it may run."""
        host = self.session.host
        return run_present.run_blocker(self.plan, host is not None and host.simulated,
                                   host is not None and not host.live, self.helper_locator() is not None)

    def _sync_run_buttons(self) -> None:
        running, p = self.running(), self.plan
        blocker = self.real_run_blocker()
        has_helper = self.helper_locator() is not None
        self.run_step.show_buttons(run_present.run_buttons(p, running, blocker, has_helper))
        if p is not None and not running and self.outcome is None:
            self.run_intro.setText(run_present.run_intro(p))
        self.run_step.show_notes(run_present.run_notes(p, self.report, blocker, has_helper, self.caller()))

    def caller(self) -> str | None:
        if self._caller is None:
            self._caller = (self.caller_locator(),)
        return self._caller[0]

    def plan_for_run(self, dry_run: bool) -> Plan | None:
        """The plan to hand the helper.  A dry run checks the plan for whoever runs it (the helper refuses a
        plan for another user), so on a simulated machine its user is swapped for the real caller."""
        self.run_user_note = ""
        p, self.run_user_note = self.presenter.plan_for_run(dry_run, self.caller())
        return p

    def start_run(self, dry_run: bool, resume: bool = False) -> bool:
        """Start the helper on the current plan (or, to resume, on the plan of the last run)."""
        if self.running():
            return False
        if resume and self.run_plan is not None:
            p, plan_json = self.run_plan, self.run_json
        else:
            if not dry_run and self.real_run_blocker() is not None:
                return False
            try:
                p = self.plan_for_run(dry_run)
            except Exception as exc:  # a plan for the caller that cannot be built: say so on the result page
                p, self.run_user_note = self.plan, f"{type(exc).__name__}: {exc}"
            if p is None:
                return False
            plan_json = json.dumps(p.to_json(), ensure_ascii=False)
        self.run_plan, self.run_json, self.run_dry = p, plan_json, dry_run
        self.outcome = None
        self.run_step.show_rows(p)
        self.log.clear()
        self._log(run_present.run_title(dry_run))
        if self.run_user_note:
            self._log(self.run_user_note)
        try:
            argv = self.command_factory(plan_json, dry_run)
        except Exception as exc:  # no helper (runner.NoHelper) and the like: the result page explains
            self.go(RUN)
            self._finish(RunOutcome(dry_run, start_error=str(exc) or type(exc).__name__))
            return False
        self._open_log(argv, dry_run)
        self.run = HelperRun(argv, plan_json, dry_run, self)
        self.run.eventReceived.connect(self._on_event)
        self.run.lineReceived.connect(self._stray)
        self.run.ended.connect(self._finish)
        self.run_status.setText(self.tr("Waiting for your password…") if not dry_run
                                else self.tr("Starting the helper…"))
        self.go(RUN)
        self.run.start()
        self._sync()
        return True

    # the run's log file: the runner's format (one JSON object a line) in its XDG state folder
    def _open_log(self, argv: list[str], dry_run: bool) -> None:
        self._close_log(None)
        self.log_path = None
        if not self.log_dir:
            return
        from datetime import datetime, timezone

        from rocmdesk.setup import runner

        folder = runner.log_dir() if self.log_dir is True else Path(self.log_dir)
        self._logfile = runner._Log(folder)
        self.log_path = self._logfile.path
        self._logfile.write({"log": "start", "command": argv, "dry_run": dry_run, "from": "ui",
                             "time": datetime.now(timezone.utc).isoformat(timespec="seconds")})

    def _close_log(self, outcome: RunOutcome | None) -> None:
        if self._logfile is None:
            return
        if outcome is not None:
            self._logfile.write({"log": "exit", "exit": outcome.exit_code, "cancelled": outcome.cancelled,
                                 "start_error": outcome.start_error})
        self._logfile.close()
        self._logfile = None

    def _stray(self, line: str) -> None:
        if self._logfile is not None:
            self._logfile.write({"log": "output", "line": line})
        self._log(line)

    def cancel_run(self) -> None:
        if self.running() and self.run is not None:
            self.run_status.setText(self.tr("Stopping…"))
            self.run.cancel()
            self._stop_timer.start(3000)

    def _not_stopped(self) -> None:
        if self.running():
            self.run_status.setText(self.tr(
                "The helper runs as root, so rocmdesk cannot stop it; it goes on until it finishes."))

    def _log(self, line: str) -> None:
        self.log.appendPlainText(line)

    def _on_event(self, event: ev.Event) -> None:
        if self._logfile is not None:
            self._logfile.write(event.to_line())
        row = self.run_rows.get(event.step_id or "")
        step = next((s for s in self.plan.steps if s.id == event.step_id), None) if self.plan is not None else None
        from rocmdesk.setup import runner  # the helper speaks English; its fixed messages are translated by code

        msg = runner.event_message(event, step.kind if step else None, step.done if step else None)
        count = event.data.get("steps")
        if event.event == "plan" and isinstance(count, int) and count > 0:
            self.progress.setMaximum(count)
        if event.event == "started" and row is not None:
            row.set_state("running")
            self.run_scroll.ensureWidgetVisible(row, 0, 40)
        elif event.event in run_present.FINISHED:
            if row is not None:
                row.set_state(event.event, msg)
            self.run_step.count_finished()
        status, lines = run_present.event_lines(event, msg, row.number if row else 0, self.progress.maximum())
        if status is not None:
            self.run_status.setText(status)
        for line in lines:
            self._log(line)

    def _finish(self, outcome: RunOutcome) -> None:
        self._stop_timer.stop()
        self._close_log(outcome)
        self.outcome = outcome
        for row in self.run_rows.values():
            state = run_present.row_state_at_end(row.state, outcome.cancelled)
            if state != row.state:
                row.set_state(state)
        _, title, _ = self.outcome_text(outcome)
        self.run_status.setText(title)
        self._show_result(outcome)
        self.runFinished.emit(outcome)
        if not outcome.dry_run and outcome.saw_plan:
            self.session.refresh()  # the machine changed: every page should see it as it is now
        if self.advance_on_finish:
            self.go(RESULT)
        else:
            self._sync()

    # ==== page 5: result =========================================================================================
    def outcome_text(self, o: RunOutcome) -> tuple[str, str, str]:
        """(kind, headline, detail) for how a run ended.  kind: ok | failed | nochange | stopped."""
        return run_present.outcome_text(o, self.run_plan, self.real_run_blocker())

    def _row_states(self) -> dict[str, str]:
        return {sid: row.state for sid, row in self.run_rows.items()}

    def _show_result(self, o: RunOutcome) -> None:
        view = self.presenter.result_view(o, self.run_plan, self.real_run_blocker(), self._row_states())
        self.result_kind = view.kind
        self.result_step.show_result(view, self.log_path)

    def _next_steps(self, o: RunOutcome) -> list[str]:
        return self.presenter.next_steps(o, self.run_plan)

    def resume(self) -> None:
        self.start_run(self.run_dry, resume=True)

    def start_over(self) -> None:
        if self.running():
            return
        self.outcome = None
        self._replan()
        self.go(MACHINE)

    def go_to_pytorch(self) -> None:
        """Switch the window to the PyTorch page (found by key through the window, so no wiring is needed)."""
        show_page(self, "pytorch")

    def shutdown(self, timeout_ms: int = 3000) -> None:
        """Kill a running dry run before the window goes (a root helper is not ours to kill)."""
        if self.running() and self.run is not None:
            self.run.cancel()
            self.run.proc.waitForFinished(timeout_ms)
