"""The Monitor page's power control (issue 21): a GPU's power cap and DPM performance level, set and restored.

Each change is ``setup.control``'s plan: the window shows its full text (the value now, after and to go back to, and
every command) and runs it only when the user says Run, with one pkexec prompt, off the UI thread. What it shows is
decided by ``ui.presenters.power_control``. Mount it with ``PowerControl(parent)`` and call ``set_target(host,
report, gpu)`` when the page's GPU changes; ``finished`` carries each run's ``runner.RunResult`` (or the exception).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from rocmdesk.machine.host import Host
from rocmdesk.machine.model import MachineReport
from rocmdesk.setup import control
from rocmdesk.ui.jobs import EventWorker
from rocmdesk.ui.presenters.power_control import power_control_view
from rocmdesk.ui.widgets.code_view import CodeView

Confirm = Callable[[QWidget, str], bool]  # (parent, the plan's text) -> run it?


def confirm_plan(parent: QWidget, text: str) -> bool:
    """The plan in full, Run or Cancel."""
    dialog = QDialog(parent)
    dialog.setWindowTitle(parent.tr("Change a GPU setting"))
    box = QVBoxLayout(dialog)
    box.addWidget(QLabel(parent.tr("This runs as root after one password prompt:")))
    box.addWidget(CodeView(text, dialog))
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, dialog)
    buttons.addButton(parent.tr("Run"), QDialogButtonBox.ButtonRole.AcceptRole)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    box.addWidget(buttons)
    dialog.resize(760, 420)
    return dialog.exec() == QDialog.DialogCode.Accepted


class PowerControl(QWidget):
    finished = Signal(object)  # runner.RunResult, or the exception the run raised

    def __init__(self, parent: QWidget | None = None, *, confirm: Confirm = confirm_plan,
                 run_plan: Callable[..., Any] = control.run, state: Path | None = None) -> None:
        super().__init__(parent)
        self._confirm, self._run, self._state = confirm, run_plan, state
        self._host: Host | None = None
        self._report: MachineReport | None = None
        self._gpu = 0
        self._worker: EventWorker | None = None
        self.title = QLabel()
        self.cap = QSpinBox()
        self.cap.setSuffix(" W")
        self.set_cap = QPushButton(self.tr("Set power cap…"))
        self.restore_cap = QPushButton()
        self.level = QComboBox()
        self.set_level = QPushButton(self.tr("Set level…"))
        self.restore_level = QPushButton()
        self.keep = QCheckBox(self.tr("Keep after reboot (a systemd unit sets it at boot)"))
        self.note = QLabel()
        self.status = QLabel()
        for label in (self.title, self.note, self.status):
            label.setWordWrap(True)
        grid = QGridLayout(self)
        grid.addWidget(self.title, 0, 0, 1, 4)
        grid.addWidget(QLabel(self.tr("Power cap")), 1, 0)
        grid.addWidget(self.cap, 1, 1)
        grid.addWidget(self.set_cap, 1, 2)
        grid.addWidget(self.restore_cap, 1, 3)
        grid.addWidget(QLabel(self.tr("Performance level")), 2, 0)
        grid.addWidget(self.level, 2, 1)
        grid.addWidget(self.set_level, 2, 2)
        grid.addWidget(self.restore_level, 2, 3)
        grid.addWidget(self.keep, 3, 0, 1, 4)
        grid.addWidget(self.note, 4, 0, 1, 4)
        grid.addWidget(self.status, 5, 0, 1, 4)
        self.set_cap.clicked.connect(lambda: self._start("power-cap", self.cap.value(), "set"))
        self.restore_cap.clicked.connect(lambda: self._start("power-cap", None, "restore"))
        self.set_level.clicked.connect(lambda: self._start("perf-level", self.level.currentText(), "set"))
        self.restore_level.clicked.connect(lambda: self._start("perf-level", None, "restore"))
        self._show(power_control_view(None))

    def set_target(self, host: Host | None, report: MachineReport | None, gpu: int) -> None:
        self._host, self._report, self._gpu = host, report, gpu
        self.refresh()

    def refresh(self) -> None:
        if self._host is None or self._report is None:
            self._show(power_control_view(None))
            return
        try:
            c = control.read_controls(self._host, self._report, self._gpu)
        except control.ControlError as exc:
            self._show(power_control_view(None, problem=str(exc)))
            return
        self._show(power_control_view(c, control.remembered(c.slot, "power-cap", self._state),
                                      control.remembered(c.slot, "perf-level", self._state)))

    def _show(self, view) -> None:  # noqa: ANN001 (a PowerControlView)
        self.title.setText(view.message)
        has_cap, has_level = view.cap_w is not None, view.available and view.level is not None
        if has_cap:
            self.cap.setRange(view.min_w or 0, view.max_w or 0)
            self.cap.setValue(view.cap_w)
        self.level.clear()
        self.level.addItems(list(view.levels))
        if view.level in view.levels:
            self.level.setCurrentText(view.level)
        self.restore_cap.setText(self.tr("Restore {value}").format(value=view.back_cap) if view.back_cap
                                 else self.tr("Restore"))
        self.restore_level.setText(self.tr("Restore {value}").format(value=view.back_level))
        busy = self._worker is not None
        for w in (self.cap, self.set_cap, self.restore_cap):
            w.setEnabled(has_cap and not busy and bool(view.back_cap or w is not self.restore_cap))
        for w in (self.level, self.set_level, self.restore_level):
            w.setEnabled(has_level and not busy)
        self.keep.setEnabled(view.available and not busy)
        self.note.setText(view.reboot)

    def _start(self, setting: str, value: Any, action: str) -> None:
        if self._host is None or self._report is None or self._worker is not None:
            return
        try:
            plan = control.plan_for(self._host, self._report, self._gpu, setting, value, action=action,
                                    persist=self.keep.isChecked() and action == "set", state=self._state)
        except control.ControlError as exc:
            self.status.setText(str(exc))
            return
        if not plan.todo:
            self.status.setText(self.tr("Nothing to change: it is like that already."))
            return
        if not self._confirm(self, control.render_control(plan)):
            self.status.setText(self.tr("Not run: nothing was changed."))
            return
        host, run, state = self._host, self._run, self._state
        self._worker = EventWorker(lambda emit: run(plan, host, on_event=emit, state=state), self)
        self._worker.done.connect(self._done)
        self.status.setText(self.tr("Waiting for the password prompt…"))
        self.refresh()
        self._worker.start()

    def _done(self, result: Any) -> None:
        worker, self._worker = self._worker, None
        if worker is not None:
            worker.wait()
            worker.deleteLater()
        if isinstance(result, BaseException):
            self.status.setText(self.tr("It could not run: {error}").format(error=result))
        elif getattr(result, "ok", False):
            self.status.setText(self.tr("Done."))
        else:
            self.status.setText(str(getattr(result, "message", "")))
        self.refresh()
        self.finished.emit(result)
