"""Which machine the window looks at, and detection off the UI thread.

One ``MachineSession`` per window.  Pages read ``session.report`` and listen to
its signals; they never call ``detect`` themselves, so every page sees the same
machine, with the same advice (the default detector attaches it).  Detection (and building a simulated host, which may write a tree)
runs in a private QThreadPool; results from an older run are dropped by a
generation number, so Refresh and switching machines can be pressed at will.
"""

from __future__ import annotations

import traceback
from typing import Callable

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from rocmdesk.knowledge.records import record
from rocmdesk.machine.host import Host
from rocmdesk.machine.model import MachineReport

Detector = Callable[[Host], MachineReport]
HostFactory = Callable[[str | None], Host]  # simulated machine name (None: the real one) -> Host


@record(frozen=True)  # a record, not a dataclass: no dataclasses import on the first window's path
class MachineChoice:
    """A simulated machine as offered in the UI (mirrors ``simulate.SimMachine``)."""

    name: str
    description: str


def default_detector(host: Host) -> MachineReport:
    """Detect the machine and give it its advice (``advice.attach``), once, here in the worker thread: every page
    renders ``report.advice`` / ``gpu.advice`` and none computes a verdict of its own."""
    from rocmdesk.advice import attach  # lazy: keeps window start-up fast
    from rocmdesk.machine.detect import detect

    report = detect(host)
    attach(report)
    return report


def make_host_factory(root: str | None = None) -> HostFactory:
    """The real factory: a simulated machine by name, else ``--root DIR``, else this computer."""

    def factory(simulate: str | None) -> Host:
        if simulate:
            # from the per-user cache when it is good: the builder (and its ~100 ms catalogue) loads only on a miss
            from rocmdesk.machine.open_sim import open_simulated

            return open_simulated(simulate)
        if root:
            return Host.at_root(root)
        return Host.local()

    return factory


def default_machines() -> list[MachineChoice]:
    from rocmdesk.machine.simulate import list_machines

    return [MachineChoice(m.name, m.description) for m in list_machines()]


class _Signals(QObject):
    # generation, host, report  /  generation, message, details
    done = Signal(int, object, object)
    failed = Signal(int, str, str)


class _DetectJob(QRunnable):
    def __init__(self, generation: int, simulate: str | None, factory: HostFactory, detector: Detector, signals: _Signals):
        super().__init__()
        self.generation = generation
        self.simulate = simulate
        self.factory = factory
        self.detector = detector
        self.signals = signals

    def run(self) -> None:  # worker thread: no widgets here, only signals
        try:
            host = self.factory(self.simulate)
            report = self.detector(host)
        except BaseException as exc:  # any failure must reach the page, never vanish
            message = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
            self.signals.failed.emit(self.generation, message, traceback.format_exc())
            return
        self.signals.done.emit(self.generation, host, report)


class MachineSession(QObject):
    busyChanged = Signal(bool)
    reportReady = Signal(object)  # MachineReport
    failed = Signal(str, str)  # message, details (traceback)
    machineChanged = Signal()  # simulate name changed (the banner listens)

    def __init__(
        self,
        detector: Detector | None = None,
        host_factory: HostFactory | None = None,
        machines: Callable[[], list[MachineChoice]] | None = None,
        simulate: str | None = None,
        root: str | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._detector = detector or default_detector
        self._factory = host_factory or make_host_factory(root)
        self._machines = machines or default_machines
        self.root = root
        self.simulate: str | None = simulate
        self.host: Host | None = None
        self.report: MachineReport | None = None
        self.error: tuple[str, str] | None = None
        self.busy = False
        self._generation = 0
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(2)
        self._signals = _Signals(self)
        self._signals.done.connect(self._on_done)
        self._signals.failed.connect(self._on_failed)

    # -- what the UI asks -------------------------------------------------
    def machines(self) -> list[MachineChoice]:
        """Simulated machines to offer; empty when that part is not available."""
        try:
            return list(self._machines())
        except Exception:  # an offer that cannot be made is simply not shown
            return []

    def description(self, name: str | None = None) -> str:
        name = name or self.simulate
        if name and self._machines is default_machines:  # the shipped machines: one file, not the catalogue
            from rocmdesk.i18n import translate
            from rocmdesk.machine.open_sim import cached_about

            text = cached_about(name)  # the tree the detection opens already keeps it: no TOML parser at start
            if not text:
                from rocmdesk.machine.sim_about import about

                text = about(name)
            if text:
                return translate("rocmdesk.machine.simulate", text)
        for m in self.machines():
            if m.name == name:
                return m.description
        if self.host is not None and self.host.simulated:
            return self.host.label
        return name or ""

    def refresh(self) -> None:
        self._generation += 1
        self.error = None
        self._set_busy(True)
        self._pool.start(_DetectJob(self._generation, self.simulate, self._factory, self._detector, self._signals))

    def use_simulated(self, name: str | None) -> None:
        """Look at a simulated machine by name, or back at the real one (None)."""
        self.simulate = name or None
        self.host = None
        self.report = None
        self.machineChanged.emit()
        self.refresh()

    def shutdown(self, timeout_ms: int = 15000) -> None:
        """Drop pending results and wait for a running detection (commands time out by themselves)."""
        self._generation += 1
        self._pool.clear()
        self._pool.waitForDone(timeout_ms)

    # -- worker results (UI thread, queued) --------------------------------
    def _on_done(self, generation: int, host: Host, report: MachineReport) -> None:
        if generation != self._generation:
            return
        self.host, self.report, self.error = host, report, None
        self._set_busy(False)
        self.reportReady.emit(report)

    def _on_failed(self, generation: int, message: str, details: str) -> None:
        if generation != self._generation:
            return
        self.report, self.error = None, (message, details)
        self._set_busy(False)
        self.failed.emit(message, details)

    def _set_busy(self, busy: bool) -> None:
        if busy != self.busy:
            self.busy = busy
            self.busyChanged.emit(busy)
