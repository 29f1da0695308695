"""The Monitor page carries the power control (issue 21) under its processes, for the GPU in view."""

from __future__ import annotations

from pathlib import Path

from rocmdesk.machine import simulate
from rocmdesk.machine.detect import detect
from rocmdesk.machine.host import Host
from rocmdesk.ui.monitor.opening import open_monitor
from rocmdesk.ui.pages.monitor_page import MonitorPage
from rocmdesk.ui.session import MachineSession


def test_the_control_follows_the_gpu_in_view(qtbot, tmp_path: Path) -> None:
    root = simulate.build("two-dgpu-one-override", tmp_path / "two", t=100.0)
    host = Host.at_root(root)
    session = MachineSession(detector=lambda h: None, host_factory=lambda name: host)
    session.host, session.report = host, detect(host)
    page = MonitorPage(session, opener=lambda h: open_monitor(h, "sysfs"))
    qtbot.addWidget(page)
    page.resize(1400, 900)
    page.show()
    qtbot.waitExposed(page)
    power = page.power
    assert power.isVisible() and power.parent() is not None
    assert "RX 7900 XTX" in power.title.text()  # all GPUs in view: the first, named
    assert power.set_cap.isEnabled() and power.cap.value() > 0
    combo = page.view.gpu_combo
    combo.setCurrentIndex(next(i for i in range(combo.count()) if combo.itemData(i) == 1))
    assert "RX 6600 XT" in power.title.text()
    assert power.cap.maximum() >= power.cap.value() >= power.cap.minimum() > 0
    session.machineChanged.emit()  # another machine: nothing to set until it is read
    assert not power.set_cap.isEnabled() and "RX" not in power.title.text()
    page.shutdown()
