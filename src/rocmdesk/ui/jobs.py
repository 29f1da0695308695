"""Work for a QThreadPool that reports progress and its result as queued signals, tagged with a job number, so a
page can drop a late result of a job it no longer waits for (another machine, a cancelled check)."""

from __future__ import annotations

from typing import Any, Callable

from PySide6.QtCore import QObject, QRunnable, Signal

Progress = Callable[[int, int, str], None]  # (done, total, what is being done)


class JobSignals(QObject):
    progress = Signal(int, int, int, str)  # job, done, total, what
    done = Signal(int, object)  # job, its result (or the exception the work raised)


class Job(QRunnable):
    def __init__(self, number: int, work: Callable[[Progress], Any], signals: JobSignals) -> None:
        super().__init__()
        self.number, self.work, self.signals = number, work, signals

    def run(self) -> None:  # worker thread: no widgets here, only signals
        try:
            result = self.work(lambda done, total, what: self.signals.progress.emit(self.number, done, total,
                                                                                    str(what)))
        except BaseException as exc:  # any failure must reach the page, never vanish with the thread
            result = exc
        self.signals.done.emit(self.number, result)
