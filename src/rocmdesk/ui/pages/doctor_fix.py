"""The Doctor's automatic fix: review its plan, then run it through the Setup wizard's door.

An automatic fix is a Setup plan (``rocmdesk.setup.plan.Plan``) of allow-listed steps.  It is shown step
by step with its exact commands, as on Setup's Review page, and runs the same way: the plan JSON on the
stdin of pkexec + rocmdesk's system helper (``ui.helper_run.HelperRun``), one authentication for the whole
plan.  On a simulated machine, a captured tree, or without a system helper there is no Run button: the
plan is offered as a script to read and run with sudo, exactly as Setup does.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from rocmdesk.atomic_file import shared_mode, write_atomic
from rocmdesk.setup import events as ev
from rocmdesk.setup.render import render, step_commands
from rocmdesk.ui.helper_run import CommandFactory, HelperLocator, HelperRun, RunOutcome
from rocmdesk.ui.session import MachineSession
from rocmdesk.ui.theme import themed
from rocmdesk.ui.widgets.code_view import mono_font
from rocmdesk.ui.widgets.step_row import StepRow
from rocmdesk.ui.widgets.text import text_label


def plan_script(plan: Any) -> str:
    """The plan as the bash script Setup saves; the bare commands when the plan cannot be rendered."""
    try:
        return render(plan, "script")
    except Exception:  # a plan without Setup's choices (a stand-in): its commands are still the truth
        lines = ["#!/usr/bin/env bash", "set -euo pipefail", ""]
        for n, step in enumerate(plan.steps, 1):
            lines.append(f"# --- {n}. {step.title}")
            lines += step_commands(step)
            lines.append("")
        return "\n".join(lines)


class FixReviewDialog(QDialog):
    """Review one fix's plan and run it with one password prompt (or take it as a script)."""

    runFinished = Signal(object)  # RunOutcome

    def __init__(self, title: str, plan: Any, session: MachineSession, command_factory: CommandFactory,
                 helper_locator: HelperLocator, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.plan = plan
        self.session = session
        self.command_factory = command_factory
        self.helper_locator = helper_locator
        self.run: HelperRun | None = None
        self.outcome: RunOutcome | None = None
        self.rows: dict[str, StepRow] = {}
        self.setWindowTitle(self.tr("Review the fix"))
        self.resize(760, 560)

        layout = QVBoxLayout(self)
        self.heading = text_label(self.tr("Fix: {title}").format(title=title), bold=True, scale=1.2)
        self.heading.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # read first by screen readers
        layout.addWidget(self.heading)
        self.intro = text_label("")
        layout.addWidget(self.intro)
        self.as_root_hint = text_label(self.tr(
            "In the commands, “as_root” runs a command as root: the helper runs those steps for you, and the "
            "saved script asks sudo for them."), small=True, muted=True)
        layout.addWidget(self.as_root_hint)

        self.blocked = QFrame()
        self.blocked.setObjectName("fixBlocked")
        self.blocked.setStyleSheet(themed("#fixBlocked { border: 1px solid #d9661a; border-radius: 4px; "
                                          "background: #fde1cc; } #fixBlocked QLabel { color: #5c2500; }"))
        bl = QVBoxLayout(self.blocked)
        self.blocked_label = text_label("")
        bl.addWidget(self.blocked_label)
        layout.addWidget(self.blocked)

        body = QWidget()
        rows = QVBoxLayout(body)
        rows.setContentsMargins(0, 0, 8, 0)
        rows.setSpacing(0)
        for n, step in enumerate(plan.steps, 1):
            try:
                commands = "\n".join(step_commands(step))
            except ValueError as exc:
                commands = str(exc)
            row = StepRow(n, step.title, step.why[:1].upper() + step.why[1:], step.root,
                          "done" if step.done else "todo", commands)
            row.set_expanded(True)
            self.rows[step.id] = row
            rows.addWidget(row)
        rows.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(body)
        layout.addWidget(scroll, 1)

        self.progress = QProgressBar()
        self.progress.setFormat(self.tr("%v of %m steps"))
        self.progress.setRange(0, max(1, len(plan.steps)))
        self.progress.setValue(0)
        self.progress.setVisible(False)
        layout.addWidget(self.progress)
        self.status = text_label("")
        self.status.setVisible(False)
        layout.addWidget(self.status)
        self.log = QPlainTextEdit()
        self.log.setReadOnly(True)
        self.log.setFont(mono_font())
        self.log.setMaximumBlockCount(2000)
        self.log.setTabChangesFocus(True)
        self.log.setAccessibleName(self.tr("The helper's output"))
        self.log.setVisible(False)
        layout.addWidget(self.log)

        buttons = QHBoxLayout()
        self.run_button = QPushButton(self.tr("&Run with one password prompt"))
        self.run_button.clicked.connect(self.start)
        self.save_button = QPushButton(self.tr("&Save as script…"))
        self.save_button.setToolTip(self.tr("The fix as a bash script to read and run by hand"))
        self.save_button.clicked.connect(self._save_clicked)
        self.copy_button = QPushButton(self.tr("Cop&y script"))
        self.copy_button.setToolTip(self.tr("Copy the fix's bash script to the clipboard"))
        self.copy_button.clicked.connect(self.copy_script)
        self.close_button = QPushButton(self.tr("Close"))
        self.close_button.clicked.connect(self.reject)
        for b in (self.run_button, self.save_button, self.copy_button):
            b.setAutoDefault(False)
            buttons.addWidget(b)
        buttons.addStretch(1)
        buttons.addWidget(self.close_button)
        layout.addLayout(buttons)
        self._sync()
        self.heading.setFocus()

    # -- what may run ---------------------------------------------------------------------------------
    def blocker(self) -> str | None:
        """Why Run is not offered, or None when it is."""
        host = self.session.host
        if getattr(self.plan, "simulated", False) or (host is not None and host.simulated):
            return self.tr("This is a simulated machine, not this computer: nothing here can be fixed. The "
                           "script shows what the fix would run.")
        if host is not None and not host.live:
            return self.tr("This is a captured machine tree, not this computer: take the script to that machine.")
        if self.helper_locator() is None:
            return self.tr("The root helper is not installed system-wide (rocmdesk was installed with pip), so "
                           "rocmdesk cannot run the fix with one password prompt: pkexec runs only a helper that "
                           "root owns. Save the script, read it, and run it yourself with “bash FILE”; it asks "
                           "sudo for the root steps only.")
        if not any(not s.done for s in self.plan.steps):
            return self.tr("Every step of this fix is done already.")
        return None

    def running(self) -> bool:
        return self.run is not None and self.run.running

    def intro_text(self, blocker: str | None) -> str:
        if blocker is not None:
            return self.tr("These are the steps of the fix and their exact commands.")
        root = sum(1 for s in self.plan.steps if s.root and not s.done)
        runs = self.tr("runs the one step to do as root") if root == 1 else \
            self.tr("runs the {n} steps to do as root").format(n=root)
        return self.tr("These are the steps of the fix and their exact commands. Nothing changes until you press "
                       "Run: it asks for your password once, then rocmdesk's helper — the same one Setup uses — "
                       "{runs}, each checked before and after.").format(runs=runs)

    def _sync(self) -> None:
        blocker = self.blocker()
        self.intro.setText(self.intro_text(blocker))
        self.blocked.setVisible(blocker is not None)
        self.blocked_label.setText(blocker or "")
        running = self.running()
        self.run_button.setVisible(blocker is None)
        self.run_button.setEnabled(blocker is None and not running and self.outcome is None)
        self.close_button.setText(self.tr("Close") if not running else self.tr("Stop"))

    # -- the script -----------------------------------------------------------------------------------
    def script(self) -> str:
        return plan_script(self.plan)

    def _save_clicked(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Save the fix as a script"),
                                              str(Path.home() / "rocmdesk-fix.sh"),
                                              self.tr("Shell scripts (*.sh);;All files (*)"))
        if path:
            self.save_script(path)

    def save_script(self, path: str) -> bool:
        try:  # atomic: an old file is never left half written
            write_atomic(path, self.script().encode("utf-8"), mode=shared_mode(executable=True))  # their umask
        except OSError as exc:
            self._say(self.tr("Could not save {path}: {error}").format(path=path, error=exc.strerror or exc))
            return False
        self._say(self.tr("Saved {path}. Read it, then run it as yourself: bash {path}").format(path=path))
        return True

    def copy_script(self) -> None:
        QGuiApplication.clipboard().setText(self.script())
        self._say(self.tr("The script is on the clipboard."))

    def _say(self, text: str) -> None:
        self.status.setText(text)
        self.status.setVisible(True)

    # -- running --------------------------------------------------------------------------------------
    def plan_json(self) -> str:
        return json.dumps(self.plan.to_json(), ensure_ascii=False)

    def start(self) -> bool:
        if self.running() or self.blocker() is not None:
            return False
        plan_json = self.plan_json()
        try:
            argv = self.command_factory(plan_json, False)
        except Exception as exc:  # runner.NoHelper and the like: nothing ran
            self._finish(RunOutcome(False, start_error=str(exc) or type(exc).__name__))
            return False
        self.run = HelperRun(argv, plan_json, False, self)
        self.run.eventReceived.connect(self._on_event)
        self.run.lineReceived.connect(self.log.appendPlainText)
        self.run.ended.connect(self._finish)
        self.progress.setVisible(True)
        self.log.setVisible(True)
        for row in self.rows.values():
            row.set_expanded(False)
            row.set_state("waiting")
        self._say(self.tr("Waiting for your password…"))
        self.run.start()
        self._sync()
        return True

    def _on_event(self, event: ev.Event) -> None:
        row = self.rows.get(event.step_id or "")
        msg = str(event.data.get("message") or "")
        if event.event == "started":
            if row is not None:
                row.set_state("running")
            self._say(self.tr("Running: {title}").format(title=event.data.get("title") or event.step_id))
        elif event.event == "output":
            self.log.appendPlainText("    " + str(event.data.get("line", "")))
        elif event.event in ("ok", "skipped", "failed"):
            if row is not None:
                row.set_state(event.event, msg)
            ended = sum(1 for r in self.rows.values() if r.state in ("ok", "skipped", "failed"))
            self.progress.setValue(min(ended, self.progress.maximum()))
        elif event.event == "refused":
            self.log.appendPlainText(self.tr("The helper refused the plan: {message}").format(message=msg))

    def outcome_text(self, o: RunOutcome) -> str:
        if o.start_error is not None:
            return self.tr("The helper could not be started; nothing was changed. Reason: {error}").format(
                error=o.start_error)
        if o.cancelled:
            return self.tr("Stopped. Steps that finished stay done.")
        if not o.saw_plan and o.exit_code == ev.PKEXEC_DISMISSED:
            return self.tr("You dismissed the password prompt; nothing was changed.")
        if not o.saw_plan and o.exit_code == ev.PKEXEC_NOT_AUTHORIZED:
            return self.tr("Not authorized, or no password agent is running; nothing was changed.")
        if o.refused is not None or o.exit_code == ev.EXIT_REFUSED:
            msg = str(o.refused.data.get("message", "")) if o.refused else ""
            return self.tr("The helper refused the plan; nothing was changed. {message}").format(message=msg)
        if o.failed is not None or o.exit_code == ev.EXIT_STEP_FAILED:
            msg = str(o.failed.data.get("message", "")) if o.failed else ""
            return self.tr("A step failed: {message}. The steps after it did not run.").format(message=msg)
        if o.exit_code == ev.EXIT_OK:
            return self.tr("The fix ran; every step is done. The Doctor checks the machine again.")
        return self.tr("The helper ended with exit status {code}.").format(code=o.exit_code)

    def _finish(self, outcome: RunOutcome) -> None:
        self.outcome = outcome
        for row in self.rows.values():
            if row.state in ("waiting", "running"):
                row.set_state("not-run")
        self._say(self.outcome_text(outcome))
        self._sync()
        self.runFinished.emit(outcome)

    def reject(self) -> None:
        """Close; while a fix runs, Stop kills it (a helper that pkexec runs as root may go on)."""
        if self.running() and self.run is not None:
            self.run.cancel()
            return
        super().reject()
