"""Sampling off the UI thread: a rocm-smi / amd-smi sample runs a command, and walking /proc on a busy desktop takes
a while, so both run in a worker and hand their result back through a signal.  A sysfs sample costs microseconds
and stays on the UI thread."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, QRunnable, Signal

from rocmdesk.telemetry.monitor import Monitor


class Prefetched:
    """Stands in for a command sampler inside the Monitor: ``sample()`` hands over what the worker fetched."""

    def __init__(self, real: Any) -> None:
        self.real = real
        self.gpus = list(real.gpus)
        self.source = getattr(real, "source", "")
        self.pending: list | None = None

    def sample(self) -> list:
        out, self.pending = self.pending or [], None
        return out

    def close(self) -> None:
        self.real.close()


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
    def __init__(self, generation: int, sampler: Any, signals: WorkerSignals) -> None:
        super().__init__()
        self.generation, self.sampler, self.signals = generation, sampler, signals

    def run(self) -> None:  # worker thread: the command runs here, nothing else
        try:
            result: Any = self.sampler.sample()
        except Exception as exc:  # reaches the page as a state, never vanishes with the thread
            result = exc
        self.signals.sampled.emit(self.generation, result)


def wrap_for_worker(monitor: Monitor) -> Monitor:
    """Make a command-sampler monitor sample in a worker (a no-op for sysfs)."""
    if getattr(monitor.sampler, "source", "sysfs") != "sysfs" and not isinstance(monitor.sampler, Prefetched):
        monitor.sampler = Prefetched(monitor.sampler)
    return monitor
