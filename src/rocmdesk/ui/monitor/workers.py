"""Sampling off the UI thread: every live sample runs in a worker and hands its result back through a signal, and so
does walking /proc (a while on a busy desktop).  What one sample costs depends on where it reads, and none of it
may stall the window: a rocm-smi / amd-smi sample runs a command; a simulated machine's first rewrites the tree's
moving files (10-60 ms a second, more on a slow disk), and its first reads the machine's spec; a real GPU's reads
sysfs files (microseconds), but its first one also reads the device's facts (VBIOS, link, partitions) and every
ten seconds its RAS counters, each a query to the firmware that the driver answers when it can.  The view's
``sample_now`` (tests, screenshots) samples on the calling thread, one sampler read at a time (``Prefetched.lock``)."""

from __future__ import annotations

import threading
from typing import Any

from PySide6.QtCore import QObject, QRunnable, Signal

from rocmdesk.telemetry.monitor import Monitor


class Prefetched:
    """Stands in for the real sampler inside the Monitor: ``sample()`` hands over what the worker fetched."""

    def __init__(self, real: Any) -> None:
        self.real = real
        self.gpus = list(real.gpus)
        self.source = getattr(real, "source", "")
        self.pending: list | None = None
        self.lock = threading.Lock()  # held while the real sampler reads: it keeps files open, for one thread
        self._close_after = False
        self._closed = False  # a job still queued when the monitor closed reads nothing (it would reopen files)

    def __getattr__(self, name: str) -> Any:  # the rest of the real sampler's face (its plans, its reader)
        if name == "real":  # not set yet (a copy being made): no lookup through itself
            raise AttributeError(name)
        return getattr(self.real, name)

    def fetch(self) -> list:
        """A sample from the real sampler, on this thread (the worker's, or sample_now's)."""
        try:
            with self.lock:
                return [] if self._closed else self.real.sample()
        finally:
            self._close_if_asked()  # closed while this read was under way: its files go now

    def sample(self) -> list:
        out, self.pending = self.pending or [], None
        return out

    def close(self) -> None:
        """Close the real sampler now, or, while a worker is reading it (a machine switched mid-sample), as soon as
        that read ends: its files are never closed under it, and the window never waits for it."""
        self._close_after = True
        self._close_if_asked()

    def _close_if_asked(self) -> None:
        # whoever holds the lock last sees the flag: close() when no read is under way, else that read's fetch
        if self._close_after and self.lock.acquire(blocking=False):
            try:
                if self._close_after:
                    self._close_after = False
                    self._closed = True
                    self.real.close()
            finally:
                self.lock.release()


class WorkerSignals(QObject):
    sampled = Signal(int, object)  # generation, list of GpuSample (or the exception)
    processes = Signal(int, object)  # generation, list of GpuProcess (or the exception)


class ProcessJob(QRunnable):
    def __init__(self, generation: int, monitor: Monitor, signals: WorkerSignals) -> None:
        super().__init__()
        self.generation, self.monitor, self.signals = generation, monitor, signals

    def run(self) -> None:  # worker thread: reads /proc and KFD through the host, touches no widget
        try:
            result: Any = self.monitor.processes()
        except Exception as exc:
            result = exc
        self.signals.processes.emit(self.generation, result)


class SampleJob(QRunnable):
    def __init__(self, generation: int, sampler: Prefetched, signals: WorkerSignals) -> None:
        super().__init__()
        self.generation, self.sampler, self.signals = generation, sampler, signals

    def run(self) -> None:  # worker thread: the sample is read here, nothing else
        try:
            result: Any = self.sampler.fetch()
        except Exception as exc:  # reaches the page as a state, never vanishes with the thread
            result = exc
        self.signals.sampled.emit(self.generation, result)


def wrap_for_worker(monitor: Monitor) -> Monitor:
    """Make the monitor's live samples run in a worker, whatever its source (see the module)."""
    if not isinstance(monitor.sampler, Prefetched):
        monitor.sampler = Prefetched(monitor.sampler)
    return monitor
