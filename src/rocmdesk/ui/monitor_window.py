"""``rocmdesk monitor --gui``: the monitor alone in a window, on this computer, a ``--root`` tree or a simulated one."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from PySide6.QtGui import QCloseEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import QMainWindow, QVBoxLayout, QWidget

from rocmdesk.ui import window_state
from rocmdesk.ui.monitor.opening import open_monitor
from rocmdesk.ui.monitor.view import MonitorView


class MonitorWindow(QMainWindow):
    def __init__(self, host: Any, source: str = "auto", interval_s: float = 1.0,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("rocmdesk monitor — {host}").format(host=getattr(host, "label", "")))
        self.resize(1280, 860)
        central = QWidget()
        layout = QVBoxLayout(central)
        layout.setContentsMargins(12, 10, 12, 8)
        self.view = MonitorView()
        layout.addWidget(self.view)
        self.setCentralWidget(central)
        monitor, title, detail = open_monitor(host, source, interval_s)
        self.view.set_monitor(monitor, title, detail)
        self.view.start()
        from rocmdesk.ui.notifications import AlertNotifier

        # alerts reach the desktop while this window is hidden, minimised or in the background (View > Desktop
        # notifications in the main window turns them off for both)
        self.alert_notifier = AlertNotifier(self, enabled=window_state.notifications_enabled())
        self.alert_notifier.watch(self.view)
        QShortcut(QKeySequence(QKeySequence.StandardKey.Quit), self, activated=self.close)
        QShortcut(QKeySequence("Space"), self, activated=self.view.pause_button.toggle)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.view.shutdown()
        super().closeEvent(event)


def run(host: Any, args: argparse.Namespace) -> int:
    """Open the window and run until it closes; the exit code."""
    from rocmdesk.ui.app import create_app

    import signal

    from PySide6.QtCore import QTimer

    app = create_app([sys.argv[0]])
    window = MonitorWindow(host, getattr(args, "source", "auto"), getattr(args, "interval", 1.0))
    window.show()
    # Ctrl-C in the terminal closes the window as `rocmdesk monitor` ends (the timer lets Python see the signal)
    previous = signal.signal(signal.SIGINT, lambda *_: window.close())
    ticker = QTimer(window)
    ticker.timeout.connect(lambda: None)
    ticker.start(250)
    try:
        return int(app.exec())
    finally:
        signal.signal(signal.SIGINT, previous)
