"""Monitor: live temperatures, power, memory, load, clocks and fans of the session's machine, with history.

The page opens a :class:`~rocmdesk.telemetry.monitor.Monitor` on ``session.host`` the first time it
is shown (and again when the machine changes) and hands it to a
:class:`~rocmdesk.ui.monitor.view.MonitorView`, which does the rest.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QHBoxLayout, QVBoxLayout, QWidget

from rocmdesk.ui.monitor.opening import open_monitor
from rocmdesk.ui.monitor.power_control import PowerControl
from rocmdesk.ui.monitor.view import MonitorView
from rocmdesk.ui.session import MachineSession
from rocmdesk.ui.widgets.text import text_label

# host -> (monitor or None, title, detail); tests and screenshots stand in their own
MonitorOpener = Callable[[Any], tuple[Any, str, str]]


class MonitorPage(QWidget):
    def __init__(self, session: MachineSession, opener: MonitorOpener | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.opener = opener or open_monitor
        self._opened_for: object = None  # the host the view's monitor watches

        outer = QVBoxLayout(self)
        outer.setContentsMargins(16, 12, 16, 8)
        header = QHBoxLayout()
        self.title = text_label(self.tr("Monitor"), bold=True, scale=1.5)
        self.title.setWordWrap(False)
        header.addWidget(self.title)
        header.addStretch(1)
        outer.addLayout(header)
        self.view = MonitorView()
        outer.addWidget(self.view, 1)
        # the power cap and performance level of the GPU in view, under its processes (issue 21)
        self.power = PowerControl(self.view)
        self.view.side_layout.addWidget(self.power)
        self.view.gpu_combo.currentIndexChanged.connect(self._sync_power)
        self.power.finished.connect(lambda _result: self.view.poll())

        session.machineChanged.connect(self._machine_changed)
        session.reportReady.connect(self._report_ready)
        session.failed.connect(self._failed)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.open_if_needed()

    def open_if_needed(self) -> None:
        host = self.session.host
        if host is None:
            if self.session.error is not None:
                self._failed(*self.session.error)
            else:
                self.view.set_monitor(None, self.tr("Looking at the machine…"))
            return
        if self._opened_for is host:
            self.view.start()
            return
        monitor, title, detail = self.opener(host)
        self._opened_for = host
        self.view.set_monitor(monitor, title, detail)
        self.view.start()
        self._sync_power()

    def _sync_power(self, *_args: object) -> None:
        """The control follows the GPU in view; with every GPU in view, the first one (its title names it)."""
        monitor = self.view.monitor
        if monitor is None or not monitor.gpus or self.session.report is None:
            self.power.set_target(None, None, 0)
            return
        choice = self.view.model.choice
        shown = [g.index for g in monitor.gpus]
        self.power.set_target(self.session.host, self.session.report, choice if choice in shown else shown[0])

    def _machine_changed(self) -> None:
        self._opened_for = None
        self.power.set_target(None, None, 0)
        self.view.set_monitor(None, self.tr("Looking at the machine…"))

    def _report_ready(self, _report: object) -> None:
        if self.isVisible():
            self.open_if_needed()

    def _failed(self, message: str, _details: str = "") -> None:
        self._opened_for = None
        self.power.set_target(None, None, 0)
        self.view.set_monitor(None, self.tr("The machine could not be read"), message)

    def shutdown(self) -> None:
        self.view.shutdown()
