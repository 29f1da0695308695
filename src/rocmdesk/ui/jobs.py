"""Work off the UI thread that reports to a page through queued signals: a ``Job`` for a QThreadPool, tagged with a
job number (so a page drops a late result of a job it no longer waits for: another machine, a cancelled check), and
an ``EventWorker`` thread that passes a job's events on, pip's download progress throttled."""

from __future__ import annotations

import time
from typing import Any, Callable

from PySide6.QtCore import QObject, QRunnable, QThread, Signal

from rocmdesk.machine.process import Cancel

Progress = Callable[[int, int, str], None]  # (done, total, what is being done)
PROGRESS_EVERY_S = 0.05  # at most 20 download updates a second reach the UI


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


class EventWorker(QThread):
    """Runs ``job(emit)`` in its own thread; ``emit`` sends (number, event) to the UI thread (queued)."""

    event = Signal(int, object)
    done = Signal(object)  # the job's result, or the exception it raised

    def __init__(self, job: Callable[[Callable[[Any], None]], Any], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.job = job
        self.cancel = Cancel()
        self.seq = 0
        # the newest event, dropped or not: the page picks it up from a timer, so a throttled last update
        # before a stall still reaches the bar (one reference, replaced whole: safe to read from the UI thread)
        self.latest: tuple[int, Any] | None = None
        self._last: tuple[str | None, float] = (None, 0.0)

    def _emit(self, ev: Any) -> None:
        self.seq += 1
        self.latest = (self.seq, ev)
        # pip's raw progress can print thousands of lines a second: pass on the first of each file and then
        # at most every PROGRESS_EVERY_S; every other kind of event passes
        if getattr(ev, "phase", None) == "download" and getattr(ev, "bytes", None):  # an InstallEvent
            now = time.monotonic()
            last_package, last_time = self._last
            if last_package == ev.package and now - last_time < PROGRESS_EVERY_S and ev.bytes != ev.total:
                return
            self._last = (ev.package, now)
        self.event.emit(self.seq, ev)

    def run(self) -> None:
        try:
            result = self.job(self._emit)
        except BaseException as exc:  # any failure must reach the page, never vanish with the thread
            result = exc
        self.done.emit(result)
