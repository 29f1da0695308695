"""The Setup wizard's last two steps: the run (buttons, a row per step, the bar and the helper's log) and its
result (how it ended, what failed, logging in again, what next).

Each builds its widgets and shows a record of ``rocmdesk.ui.presenters.setup``; the page connects their buttons
and drives the run.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from rocmdesk.setup.plan import Plan
from rocmdesk.ui.pages.setup.frames import note_frame, scrolled
from rocmdesk.ui.presenters import setup_run as run_present
from rocmdesk.ui.theme import themed
from rocmdesk.ui.widgets.code_view import CodeView, mono_font
from rocmdesk.ui.widgets.page_parts import ScrollBody, clear_layout, group_box, plain
from rocmdesk.ui.widgets.step_row import StepRow
from rocmdesk.ui.widgets.text import text_label

translate = QCoreApplication.translate

LOG_LINES = 5000  # the log view keeps the newest lines; the helper's own log keeps all

# how each way a run ends is drawn: (border, fill) and the ink of its text
RESULT_COLOURS = {"ok": ("#2e8b47", "#d7f0dd"), "failed": ("#c0392b", "#f8d5d2"),
                  "nochange": ("#c99a06", "#fdf0c4"), "stopped": ("#8a8a8a", "#eeeeee")}
RESULT_INK = {"ok": "#114d22", "failed": "#7d1a10", "nochange": "#5c4300", "stopped": "#333333"}


class RunStep(QWidget):
    """Step 4: Run, Dry run and Cancel; without a system helper, the script instead; a row per step and the log."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 8, 0, 0)
        self.run_intro = text_label("")
        layout.addWidget(self.run_intro)

        self.no_helper = note_frame("noHelper", "#d9661a", "#fde1cc")
        nh = QVBoxLayout(self.no_helper)
        self.no_helper_label = text_label(translate(
            "SetupPage", "The root helper is not installed system-wide (rocmdesk was installed with pip), so rocmdesk "
                         "cannot run the plan with one password prompt: pkexec runs only a helper that root owns, "
                         "never a file you could change. Save the plan as a script, read it, and run it yourself "
                         "with “bash FILE”; it asks sudo for the root steps only."))
        self.no_helper_label.setStyleSheet(themed("color: #5c2500;"))
        nh.addWidget(self.no_helper_label)
        nh_row = QHBoxLayout()
        self.run_save_button = QPushButton(translate("SetupPage", "&Save as script…"))
        self.run_copy_button = QPushButton(translate("SetupPage", "Cop&y script"))
        nh_row.addWidget(self.run_save_button)
        nh_row.addWidget(self.run_copy_button)
        nh_row.addStretch(1)
        nh.addLayout(nh_row)
        self.run_script_status = text_label("", small=True)
        self.run_script_status.setVisible(False)
        nh.addWidget(self.run_script_status)
        layout.addWidget(self.no_helper)

        self.run_note = text_label("", small=True, muted=True)
        layout.addWidget(self.run_note)
        buttons = QHBoxLayout()
        self.run_button = QPushButton(translate("SetupPage", "&Run with one password prompt"))
        self.run_button.setToolTip(translate("SetupPage", "Ask for your password once, then run every step to do as "
                                                          "root"))
        self.dry_button = QPushButton(translate("SetupPage", "&Dry run"))
        self.dry_button.setToolTip(translate("SetupPage", "Run the real helper without root: it checks every step and "
                                                          "changes nothing"))
        self.cancel_button = QPushButton(translate("SetupPage", "&Cancel"))
        self.cancel_button.setToolTip(translate("SetupPage", "Stop the helper"))
        for b in (self.run_button, self.dry_button, self.cancel_button):
            b.setAutoDefault(False)
            buttons.addWidget(b)
        buttons.addStretch(1)
        layout.addLayout(buttons)

        progress = QHBoxLayout()
        self.progress = QProgressBar()
        self.progress.setFormat(translate("SetupPage", "%v of %m steps"))
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        progress.addWidget(self.progress, 1)
        layout.addLayout(progress)
        self.run_status = text_label("")
        layout.addWidget(self.run_status)

        split = QSplitter(Qt.Orientation.Vertical)
        body = ScrollBody()
        self.run_rows_layout = QVBoxLayout(body)
        self.run_rows_layout.setContentsMargins(0, 0, 8, 0)
        self.run_rows_layout.setSpacing(0)
        self.run_scroll = scrolled(QScrollArea(), body)
        split.addWidget(self.run_scroll)
        log_box = QWidget()
        log_layout = QVBoxLayout(log_box)
        log_layout.setContentsMargins(0, 4, 0, 0)
        log_label = QLabel(translate("SetupPage", "&Log"))
        log_layout.addWidget(log_label)
        self.log = QPlainTextEdit()
        self.log.setReadOnly(True)
        self.log.setFont(mono_font())
        self.log.setMaximumBlockCount(LOG_LINES)
        self.log.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.log.setTabChangesFocus(True)
        self.log.setPlaceholderText(translate("SetupPage", "The helper's output appears here."))
        log_label.setBuddy(self.log)
        log_layout.addWidget(self.log, 1)
        split.addWidget(log_box)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        split.setSizes([300, 200])  # proportions: the steps above, the log below
        layout.addWidget(split, 1)
        self.run_rows: dict[str, StepRow] = {}

    def show_rows(self, p: Plan | None) -> None:
        """A waiting row per step of ``p``, and the bar at 0 of their number."""
        clear_layout(self.run_rows_layout)
        self.run_rows = {}
        if p is None:
            return
        for n, step in enumerate(p.steps, 1):
            row = StepRow(n, step.title, "", step.root, "waiting")
            self.run_rows[step.id] = row
            self.run_rows_layout.addWidget(row)
        self.run_rows_layout.addStretch(1)
        self.progress.setRange(0, max(1, len(p.steps)))
        self.progress.setValue(0)

    def show_buttons(self, b: run_present.RunButtons) -> None:
        self.no_helper.setVisible(b.no_helper)
        self.run_button.setEnabled(b.run)
        self.run_button.setToolTip(b.run_tip)
        self.dry_button.setEnabled(b.dry)
        self.cancel_button.setEnabled(b.cancel)
        self.cancel_button.setVisible(b.cancel)

    def show_notes(self, notes: list[str]) -> None:
        self.run_note.setText("\n".join(notes))
        self.run_note.setVisible(bool(notes))

    def count_finished(self) -> None:
        """The bar at the number of steps that have ended."""
        finished = sum(1 for r in self.run_rows.values() if r.state in run_present.FINISHED)
        self.progress.setValue(min(finished, self.progress.maximum()))


class ResultStep(QScrollArea):
    """Step 5: how the run ended, what failed, logging in again, what next; Resume, PyTorch, the log, plan again."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        body = ScrollBody()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(0, 8, 8, 8)
        layout.setSpacing(10)
        self.result_frame = note_frame("resultFrame", "palette(mid)")
        rf = QVBoxLayout(self.result_frame)
        self.result_title = text_label("", bold=True, scale=1.3)
        self.result_title.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # read first by screen readers
        rf.addWidget(self.result_title)
        self.result_detail = text_label("")
        rf.addWidget(self.result_detail)
        self.result_log = text_label("", small=True)
        rf.addWidget(self.result_log)
        layout.addWidget(self.result_frame)

        self.failure_box = group_box(translate("SetupPage", "What failed"))
        fb = QVBoxLayout(self.failure_box)
        self.failure_step = text_label("", bold=True)
        fb.addWidget(self.failure_step)
        self.failure_message = plain(text_label(""))
        fb.addWidget(self.failure_message)
        self.failure_output = CodeView(max_lines=14)
        self.failure_output.setAccessibleName(translate("SetupPage", "Output of the failed step"))
        fb.addWidget(self.failure_output)
        self.failure_help = plain(text_label(""))
        fb.addWidget(self.failure_help)
        layout.addWidget(self.failure_box)

        self.relogin = note_frame("relogin", "#c99a06", "#fdf0c4")
        rl = QVBoxLayout(self.relogin)
        self.relogin_title = text_label(translate("SetupPage", "Log out and log in again"), bold=True, scale=1.2)
        self.relogin_title.setStyleSheet(themed("color: #5c4300;"))
        rl.addWidget(self.relogin_title)
        self.relogin_text = text_label("")
        self.relogin_text.setStyleSheet(themed("color: #5c4300;"))
        rl.addWidget(self.relogin_text)
        layout.addWidget(self.relogin)

        self.next_steps_box = group_box(translate("SetupPage", "What next"))
        ns = QVBoxLayout(self.next_steps_box)
        self.next_steps = plain(text_label(""))
        ns.addWidget(self.next_steps)
        layout.addWidget(self.next_steps_box)

        row = QHBoxLayout()
        self.resume_button = QPushButton(translate("SetupPage", "R&esume"))
        self.resume_button.setToolTip(translate("SetupPage", "Run the same plan again; steps that are done are "
                                                             "skipped"))
        self.pytorch_button = QPushButton(translate("SetupPage", "Go to &PyTorch"))
        self.pytorch_button.setToolTip(translate("SetupPage", "Install PyTorch for ROCm into a virtual environment"))
        self.log_button = QPushButton(translate("SetupPage", "Show the &log"))
        self.again_button = QPushButton(translate("SetupPage", "Plan &again"))
        self.again_button.setToolTip(translate("SetupPage", "Back to the first page, with the machine as it is now"))
        for b in (self.resume_button, self.pytorch_button, self.log_button, self.again_button):
            b.setAutoDefault(False)
            row.addWidget(b)
        row.addStretch(1)
        layout.addLayout(row)
        layout.addStretch(1)
        scrolled(self, body)

    def show_result(self, view: run_present.ResultView, log_path: Path | None) -> None:
        border, fill = RESULT_COLOURS[view.kind]
        ink = RESULT_INK[view.kind]
        self.result_frame.setStyleSheet(themed(f"#resultFrame {{ border: 1px solid {border}; border-left: 6px solid "
                                               f"{border}; border-radius: 4px; background: {fill}; }}"
                                               f"#resultFrame QLabel {{ color: {ink}; }}"))
        self.result_title.setText(view.title)
        self.result_detail.setText(view.detail)
        self.result_detail.setVisible(bool(view.detail))
        self.result_log.setText(translate("SetupPage", "The log of this run: {path}").format(path=log_path)
                                if log_path else "")
        self.result_log.setVisible(log_path is not None)

        f = view.failure
        self.failure_box.setVisible(f is not None)
        if f is not None:
            self.failure_step.setText(f.step)
            self.failure_step.setVisible(f.step_visible)  # else the headline names it already
            self.failure_message.setText(f.message)
            self.failure_message.setVisible(bool(f.message))
            self.failure_output.setPlainText("\n".join(f.output))
            self.failure_output.setVisible(bool(f.output))
            self.failure_help.setText(f.help)

        self.resume_button.setVisible(view.resumable)
        self.resume_button.setText(view.resume_label)
        self.relogin.setVisible(view.relogin is not None)
        if view.relogin is not None:
            self.relogin_text.setText(view.relogin)
        self.next_steps_box.setVisible(bool(view.next_steps))
        self.next_steps.setText("\n".join(f"• {n}" for n in view.next_steps))
        self.pytorch_button.setVisible(view.pytorch)
