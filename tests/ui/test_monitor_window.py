"""``rocmdesk monitor --gui``: the standalone monitor window, through the CLI and on its own."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from rocmdesk.machine import simulate
from rocmdesk.machine.host import Host
from rocmdesk.ui import monitor_window
from rocmdesk.ui.monitor_window import MonitorWindow


@pytest.fixture
def xtx(tmp_path: Path) -> Path:
    return simulate.build("rx7900xtx-ubuntu2404", tmp_path / "xtx", t=100.0)


def test_window_watches_the_machine(qtbot, xtx: Path) -> None:
    window = MonitorWindow(Host.at_root(xtx), source="sysfs", interval_s=0.2)
    qtbot.addWidget(window)
    window.show()
    view = window.view
    assert view.monitor is not None and view.monitor.interval_s == pytest.approx(0.2)
    qtbot.waitUntil(lambda: view.samples_taken >= 2, timeout=5000)  # the timer samples on its own
    assert "AMD Radeon RX 7900 XTX" not in view.where_label.text()  # one GPU: no chooser, no clutter
    assert not view.gpu_combo.isVisible()
    assert view.plots["power"].series() == [("gpu0.power_w", "power")]
    monitor = view.monitor
    window.close()
    assert view.monitor is None and not view.poll_timer.isActive()
    assert monitor.sampler.reader.open_count == 0  # its files were let go


def test_window_on_a_machine_without_a_gpu(qtbot, tmp_path: Path) -> None:
    root = simulate.build("no-amd-gpu", tmp_path / "none", t=100.0)
    window = MonitorWindow(Host.at_root(root))
    qtbot.addWidget(window)
    window.show()
    assert window.view.empty_title.text() == "No AMD GPU to watch on this machine"
    window.close()


def test_cli_gui_opens_the_window_module(xtx: Path, monkeypatch) -> None:
    from rocmdesk.cli import main

    seen = []
    monkeypatch.setattr(monitor_window, "run", lambda host, args: seen.append((host, args)) or 0)
    assert main(["monitor", "--root", str(xtx), "--gui", "--interval", "0.5"]) == 0
    (host, args), = seen
    assert host.root == xtx.resolve() and args.interval == 0.5 and args.source == "auto"


def test_run_returns_when_the_window_closes(qtbot, xtx: Path) -> None:
    def close_it() -> None:
        for w in QApplication.topLevelWidgets():
            if isinstance(w, MonitorWindow):
                w.close()

    QTimer.singleShot(300, close_it)
    args = argparse.Namespace(source="sysfs", interval=1.0)
    assert monitor_window.run(Host.at_root(xtx), args) == 0
