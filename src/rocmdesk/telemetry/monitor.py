"""The monitor as a front end uses it: sampler + host metrics + history + processes, one object.

A Qt page (or the CLI, or the exporter) holds one :class:`Monitor` and calls :meth:`Monitor.poll`
from its timer; ``poll`` samples only when the interval has passed, appends the row to the
history and returns the new :class:`~rocmdesk.telemetry.metrics.Sample` (``None`` when it was
not time yet).  Plots read ``monitor.history.window(series, t0, t1, max_points)``; the process
table reads :meth:`Monitor.processes` (re-read at most every ``processes_every_s``).  Nothing
here blocks for long on sysfs; the rocm-smi/amd-smi fallbacks run a command (~0.1 s) per sample,
so a page using them should poll from a worker thread.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from rocmdesk.machine.host import Host
from rocmdesk.machine.model import Gpu
from rocmdesk.telemetry.hostmetrics import HostMetrics
from rocmdesk.telemetry.metrics import SERIES_KEYS, Sample
from rocmdesk.telemetry.fdinfo import EngineTracker
from rocmdesk.telemetry.processes import GpuProcess, read_processes

if TYPE_CHECKING:  # numpy comes with the history: imported only where a history is kept
    from rocmdesk.telemetry.history import History, Level

SOURCES = ("auto", "sysfs", "rocm-smi", "amd-smi")
HOST_SERIES = ("cpu_percent", "mem_used_bytes")


def series_name(gpu_index: int, key: str) -> str:
    """History series of one GPU metric: ``gpu0.temp_junction_c``."""
    return f"gpu{gpu_index}.{key}"


def host_series_name(key: str) -> str:
    return f"host.{key}"


def _sysfs_readable(host: Host, gpus: list[Gpu]) -> bool:
    for g in gpus:
        if g.card and host.is_dir(f"/sys/class/drm/{g.card}/device"):
            return True
    return False


def open_sampler(host: Host, source: str = "auto", gpus: list[Gpu] | None = None):
    """A sampler for ``host``: sysfs unless it has nothing to read and an SMI tool is there."""
    from rocmdesk.telemetry.sampler import SysfsSampler, discover_gpus

    if source not in SOURCES:
        raise ValueError(f"unknown source {source!r}: one of {', '.join(SOURCES)}")
    gpus = discover_gpus(host) if gpus is None else gpus
    if source == "sysfs" or (source == "auto" and (not gpus or _sysfs_readable(host, gpus))):
        return SysfsSampler(host, gpus)  # (the SMI samplers load the format readers: only when they may be used)
    from rocmdesk.telemetry.smi_sampler import AmdSmiSampler, RocmSmiSampler

    if source == "rocm-smi":
        return RocmSmiSampler(host, gpus)
    if source == "amd-smi":
        return AmdSmiSampler(host, gpus)
    for cls in (RocmSmiSampler, AmdSmiSampler):  # auto, and sysfs has nothing to read
        candidate = cls(host, gpus)
        if candidate.available():
            return candidate
    return SysfsSampler(host, gpus)


class Monitor:
    """Samples at most every ``interval_s`` and keeps the history of every GPU metric."""

    def __init__(
        self,
        host: Host,
        *,
        sampler=None,
        source: str = "auto",
        interval_s: float = 1.0,
        levels: "Sequence[Level] | None" = None,
        keep_history: bool = True,
        with_host: bool = True,
        processes_every_s: float = 2.0,
        clock: Callable[[], float] = time.monotonic,
        wall: Callable[[], float] = time.time,
    ) -> None:
        self.host = host
        self.sampler = sampler if sampler is not None else open_sampler(host, source)
        self.gpus: list[Gpu] = list(self.sampler.gpus)
        self.interval_s = max(0.0, float(interval_s))
        self.clock, self.wall = clock, wall
        self.host_metrics = HostMetrics(host) if with_host else None
        self._columns = [(g.index, k) for g in self.gpus for k in SERIES_KEYS]
        names = [series_name(i, k) for i, k in self._columns]
        if self.host_metrics is not None:
            names += [host_series_name(k) for k in HOST_SERIES]
        # keep_history=False: one sample and its instant alerts (monitor --once, the exporter) need no numpy
        self.history: History | None = None
        if keep_history:
            from rocmdesk.telemetry.history import DEFAULT_LEVELS, DEFAULT_MAX_RATE_HZ, History

            rate = DEFAULT_MAX_RATE_HZ if self.interval_s <= 0 else max(DEFAULT_MAX_RATE_HZ,
                                                                         min(50.0, 1 / self.interval_s))
            self.history = History(names, DEFAULT_LEVELS if levels is None else levels, max_rate_hz=rate)
        self._names = names
        self.latest: Sample | None = None
        self._next = -math.inf
        self.processes_every_s = processes_every_s
        self._procs: list[GpuProcess] = []
        self._procs_at = -math.inf
        self.engines = EngineTracker()  # fdinfo engine counters between two reads of the processes

    @property
    def series(self) -> list[str]:
        return self.history.series if self.history is not None else list(self._names)

    @property
    def source(self) -> str:
        return getattr(self.sampler, "source", "sysfs")

    def tick(self) -> Sample:
        """Sample now, append to the history and return the sample."""
        gpus = self.sampler.sample()
        now = self.wall()
        host = self.host_metrics.sample() if self.host_metrics is not None else None
        sample = Sample(timestamp=now, gpus=gpus, host=host, source=self.source)
        by_index = {g.index: g for g in gpus}
        row = [_value(by_index.get(i), k) for i, k in self._columns]
        if host is not None:
            row += [_value(host, k) for k in HOST_SERIES]
        if self.history is not None:
            self.history.append(now, row)
        self.latest = sample
        return sample

    def poll(self) -> Sample | None:
        """Sample if ``interval_s`` has passed since the last sample, else do nothing (returns None)."""
        now = self.clock()
        if now < self._next:
            return None
        self._next = now + self.interval_s
        return self.tick()

    def processes(self, max_age_s: float | None = None) -> list[GpuProcess]:
        """GPU processes, re-read when older than ``max_age_s`` (default ``processes_every_s``)."""
        age = self.processes_every_s if max_age_s is None else max_age_s
        now = self.clock()
        if now - self._procs_at >= age:
            self._procs = read_processes(self.host, self.gpus, engines=self.engines, now=now)
            self._procs_at = now
        return self._procs

    def window(self, gpu_index: int, key: str, seconds: float, max_points: int = 2000):
        """The last ``seconds`` of one GPU metric, ready to plot (see History.window)."""
        if self.history is None:
            raise RuntimeError("this monitor keeps no history (keep_history=False)")
        return self.history.last(series_name(gpu_index, key), seconds, max_points)

    def close(self) -> None:
        self.sampler.close()


def _value(obj, key: str) -> float:
    if obj is None:
        return math.nan
    v = getattr(obj, key, None)
    if v is None or isinstance(v, bool):
        return math.nan
    return float(v)
