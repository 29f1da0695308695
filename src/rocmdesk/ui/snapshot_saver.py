"""The Doctor page's "Save a snapshot…": what ``rocmdesk capture`` writes, from the window (issue 17).

The machine is read again off the UI thread (through a recording Host, see ``rocmdesk.capture``), then the window
shows what the snapshot holds and what was taken out, and only then asks where to save it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from PySide6.QtCore import QObject, QThreadPool, Signal
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from rocmdesk.ui.jobs import Job, JobSignals

# (parent, the lines the snapshot's summary gives) -> save it?
Confirm = Callable[[QWidget, list[str]], bool]
# (parent, a suggested path) -> the path chosen, "" for none
ChoosePath = Callable[[QWidget, str], str]


class SnapshotSaver(QObject):
    """Reads a machine into a snapshot in a worker, shows what it holds, then saves it where the user says.
    ``said`` carries each sentence for the page's status line; ``saved`` the path and whether it was written."""

    said = Signal(str)
    saved = Signal(str, bool)
    busyChanged = Signal(bool)

    def __init__(self, parent: QWidget, confirm: Confirm | None = None, choose_path: ChoosePath | None = None) -> None:
        super().__init__(parent)
        self.parent_widget = parent
        self.confirm = confirm or self._confirm
        self.choose_path = choose_path or self._choose_path
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._signals = JobSignals(self)
        self._signals.done.connect(self._done)
        self._number = 0
        self._waiting: int | None = None

    def busy(self) -> bool:
        return self._waiting is not None

    def start(self, host: Any) -> bool:
        """Read ``host`` into a snapshot (False when one is being read already or there is no machine)."""
        if host is None or self.busy():
            return False
        from rocmdesk import capture

        self._number += 1
        self._waiting = self._number
        self.said.emit(self.tr("Reading what rocmdesk reads on {machine}…").format(machine=host.label))
        self.busyChanged.emit(True)
        self._pool.start(Job(self._number, lambda _progress: capture.capture(host), self._signals))
        return True

    def cancel(self) -> None:
        self._waiting = None
        self.busyChanged.emit(False)

    def _done(self, number: int, result: Any) -> None:
        if number != self._waiting:
            return  # a snapshot no longer waited for (another machine, the page closed)
        self._waiting = None
        self.busyChanged.emit(False)
        from rocmdesk import capture

        if isinstance(result, BaseException):
            self.said.emit(self.tr("The snapshot could not be read: {error}").format(error=result))
            self.saved.emit("", False)
            return
        if not self.confirm(self.parent_widget, capture.summary(result)):
            self.said.emit(self.tr("No snapshot saved."))
            return
        path = self.choose_path(self.parent_widget, str(Path.home() / capture.default_name()))
        if not path:
            self.said.emit(self.tr("No snapshot saved."))
            return
        try:
            capture.write(result, path)
        except capture.SnapshotError as exc:
            self.said.emit(self.tr("The snapshot was not saved: {error}").format(error=exc))
            self.saved.emit(path, False)
            return
        self.said.emit(self.tr("Snapshot saved to {path}. Attach it to your bug report: it shows this machine as "
                               "rocmdesk saw it, without your names.").format(path=path))
        self.saved.emit(path, True)

    def shutdown(self, timeout_ms: int = 10000) -> None:
        self._waiting = None
        self._pool.clear()
        self._pool.waitForDone(timeout_ms)

    # -- the two questions, as dialogs -------------------------------------------------------------------------
    def _confirm(self, parent: QWidget, lines: list[str]) -> bool:
        box = QMessageBox(parent)
        box.setIcon(QMessageBox.Icon.Information)
        box.setWindowTitle(self.tr("Save a snapshot"))
        box.setText(self.tr("The snapshot holds exactly what rocmdesk read on this machine, with your names taken "
                            "out. Save it?"))
        box.setDetailedText("\n".join(lines))
        box.setInformativeText("\n".join(lines[:1] + [ln for ln in lines if ln.startswith("  - ")]))
        box.setStandardButtons(QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        return box.exec() == QMessageBox.StandardButton.Save

    def _choose_path(self, parent: QWidget, suggested: str) -> str:
        path, _ = QFileDialog.getSaveFileName(parent, self.tr("Save a snapshot"), suggested,
                                              self.tr("Snapshots (*.tar.gz);;All files (*)"))
        return path
