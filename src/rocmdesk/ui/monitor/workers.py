"""Sampling off the UI thread: a rocm-smi / amd-smi sample runs a command, and walking /proc on a busy desktop takes
a while, so both run in a worker and hand their result back through a signal.  So does a sysfs sample of a
simulated machine: it first rewrites the tree's moving files (10-60 ms, more on a slow disk), and the first one
reads the machine's spec.  A sysfs sample of a real GPU costs microseconds and stays on the UI thread."""

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


def samples_in_worker(sampler: Any) -> bool:
    """Whether one sample may take long enough to show as a stall: a command's, or one that moves a simulated
    machine first (``SysfsSampler.move_simulated``)."""
    return getattr(sampler, "source", "sysfs") != "sysfs" or bool(getattr(sampler, "move_simulated", False))


def wrap_for_worker(monitor: Monitor) -> Monitor:
    """Make a monitor whose samples may be slow (see samples_in_worker) sample in a worker; a no-op otherwise."""
    if not isinstance(monitor.sampler, Prefetched) and samples_in_worker(monitor.sampler):
        monitor.sampler = Prefetched(monitor.sampler)
    return monitor
