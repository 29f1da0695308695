"""Monitor alerts as desktop notifications (issue 20), against a real dbus-daemon started here with a small
notification server on it (tests/ui/fake_notification_server.py, QtDBus, whose Notify slot QtDBus calls only for
the spec's exact signature ``susssasa{sv}i``), and dbus-monitor watching the wire for the types."""

from __future__ import annotations

import itertools
import json
import logging
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtDBus import QDBusConnection, QDBusMessage
from PySide6.QtWidgets import QMenu, QWidget

from rocmdesk.telemetry.alerts import Alert
from rocmdesk.telemetry.notify_policy import NotifyLimiter, NotifyLimits
from rocmdesk.ui import window_state
from rocmdesk.ui.notifications import AlertNotifier, DesktopNotifier, summary_text
from tests.conftest import need_program
from tests.ui.fakes import FakeMachines, make_gpu, make_report

SERVER = Path(__file__).with_name("fake_notification_server.py")
# a session bus of our own: the session type, no service directories (a notification daemon installed on this
# machine must not be started by D-Bus activation), this user only
BUS_CONFIG = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir={dir}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
"""
_names = itertools.count()


class Bus:
    """A dbus-daemon of the test's own, and what runs on it."""

    def __init__(self, tmp: Path) -> None:
        need_program("dbus-daemon", "dbus")
        self.tmp = tmp
        conf = tmp / "bus.conf"
        conf.write_text(BUS_CONFIG.format(dir=tmp), encoding="utf-8")
        self.daemon = subprocess.Popen(["dbus-daemon", "--config-file", str(conf), "--nofork", "--print-address=1"],
                                       stdout=subprocess.PIPE, text=True)
        self.address = self.daemon.stdout.readline().strip()
        assert self.address.startswith("unix:"), self.address
        self.procs: list[subprocess.Popen] = []
        self.records = tmp / "notify.jsonl"
        self.name = f"rocmdesk-test-{os.getpid()}-{next(_names)}"
        self.connection = QDBusConnection.connectToBus(self.address, self.name)
        assert self.connection.isConnected(), self.connection.lastError().message()

    def env(self) -> dict[str, str]:
        return {**os.environ, "DBUS_SESSION_BUS_ADDRESS": self.address, "QT_QPA_PLATFORM": "offscreen"}

    def start_server(self) -> None:
        proc = subprocess.Popen([sys.executable, str(SERVER), str(self.records)], env=self.env(),
                                stdout=subprocess.PIPE, text=True)
        self.procs.append(proc)
        assert proc.stdout.readline().strip() == "ready"

    def start_monitor(self) -> Path:
        """dbus-monitor on this bus, writing what it sees of the Notifications interface; ready when it has seen
        a call sent for that."""
        need_program("dbus-monitor", "dbus")
        out = self.tmp / "monitor.txt"
        with out.open("w") as fh:
            self.procs.append(subprocess.Popen(["dbus-monitor", "--address", self.address,
                                                "interface='org.freedesktop.Notifications'"], stdout=fh))
        deadline = time.monotonic() + 10
        while "GetCapabilities" not in out.read_text(errors="replace"):
            assert time.monotonic() < deadline, "dbus-monitor saw nothing"
            ping = QDBusMessage.createMethodCall("org.freedesktop.Notifications", "/org/freedesktop/Notifications",
                                                 "org.freedesktop.Notifications", "GetCapabilities")
            self.connection.call(ping)
            time.sleep(0.1)
        return out

    def notifications(self) -> list[dict]:
        if not self.records.exists():
            return []
        return [json.loads(line) for line in self.records.read_text(encoding="utf-8").splitlines() if line]

    def close(self) -> None:
        QDBusConnection.disconnectFromBus(self.name)
        for proc in [*self.procs, self.daemon]:
            proc.terminate()
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
            for stream in (proc.stdout,):
                if stream is not None:
                    stream.close()


@pytest.fixture
def bus(tmp_path: Path) -> Iterator[Bus]:
    b = Bus(tmp_path)
    try:
        yield b
    finally:
        b.close()


def _alert(gpu: int = 0, kind: str = "junction-hot", severity: str = "warning") -> Alert:
    return Alert(gpu, kind, severity, 106.0 if kind == "junction-hot" else 97.0, 110.0 if kind == "junction-hot"
                 else 95.0, "")


def _wait_for(qtbot, bus: Bus, n: int) -> list[dict]:
    qtbot.waitUntil(lambda: len(bus.notifications()) >= n, timeout=10000)
    return bus.notifications()


def test_a_notification_as_the_spec_types_it(qtbot, bus: Bus) -> None:
    bus.start_server()
    wire = bus.start_monitor()
    notifier = DesktopNotifier(bus.connection)
    assert notifier.notify("GPU 0 is at its temperature limit", "junction 110 °C", critical=True)
    assert notifier.notify("GPU 1: VRAM almost full", "97 % full", critical=False)
    first, second = _wait_for(qtbot, bus, 2)
    assert first["app_name"] == second["app_name"] == "rocmdesk"
    assert first["replaces_id"] == 0 and first["expire_timeout"] == -1 and first["actions"] == []
    assert first["summary"] == "GPU 0 is at its temperature limit" and first["body"] == "junction 110 °C"
    assert first["hints"]["urgency"] == 2 and second["hints"]["urgency"] == 1
    assert first["hints"]["desktop-entry"] == "io.github.rocmdesk.Rocmdesk"
    assert first["app_icon"]  # the theme's name or the packaged PNG
    qtbot.waitUntil(lambda: wire.read_text(errors="replace").count("member=Notify") >= 2, timeout=5000)
    calls = wire.read_text(errors="replace").split("member=Notify")[1:]
    for call, urgency in zip(calls, (2, 1)):
        assert "uint32 0" in call  # replaces_id: a signed one is "no such method" to Plasma and GNOME
        assert f"variant             byte {urgency}" in call  # the spec's BYTE; dunst reads no other type


def test_alerts_reach_the_desktop_rate_limited_and_not_while_the_window_is_in_front(qtbot, bus: Bus) -> None:
    bus.start_server()
    window = QWidget()
    qtbot.addWidget(window)
    now = [1000.0]
    notifier = AlertNotifier(window, notifier=lambda: DesktopNotifier(bus.connection),
                             limiter=NotifyLimiter(NotifyLimits(per_alert_s=600, per_minute=3)), clock=lambda: now[0])
    away = [False]
    notifier.user_away = lambda: away[0]  # the window's state is the next test's; here the policy's wiring
    hot = _alert(severity="critical")
    assert notifier.check([hot]) == []  # the user looks at the window: it shows the alert itself
    away[0] = True
    assert notifier.check([hot]) == [hot]
    for _ in range(20):  # the alert stands each second
        now[0] += 1
        assert notifier.check([hot]) == []
    many = [_alert(g, "vram-full") for g in range(1, 6)]
    assert len(notifier.check([hot, *many])) == 2  # the minute holds three
    now[0] += 60
    assert len(notifier.check([hot, *many])) == 3
    now[0] += 600
    assert len(notifier.check([hot])) == 1  # ten minutes on, the same alert again
    got = _wait_for(qtbot, bus, 7)
    assert len(got) == 7
    assert got[0]["summary"] == summary_text(hot) == "GPU 0 is at its temperature limit"
    assert got[0]["body"].startswith("GPU 0: junction 106 °C has reached its critical 110 °C")
    assert [g["hints"]["urgency"] for g in got] == [2, 1, 1, 1, 1, 1, 2]
    assert {g["app_name"] for g in got} == {"rocmdesk"}


def _main_window(qtbot, bus: Bus):
    from rocmdesk.ui.main_window import MainWindow
    from rocmdesk.ui.session import MachineSession

    fake = FakeMachines(make_report([make_gpu(0)]))
    window = MainWindow(MachineSession(detector=fake.detect, host_factory=fake.host_factory, machines=fake.machines))
    qtbot.addWidget(window)
    window.alert_notifier.make_notifier = lambda: DesktopNotifier(bus.connection)
    return window


def _raise(window, alerts: list[Alert]) -> None:
    """What the Monitor page's view does on a sample that raised ``alerts``."""
    view = window.page("monitor").view
    view.model.alerts = alerts
    view.sampled.emit(None)


def test_the_main_window_sends_only_while_minimised_or_in_the_background(qtbot, bus: Bus) -> None:
    bus.start_server()
    window = _main_window(qtbot, bus)
    window.show()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=5000)
    _raise(window, [_alert()])
    assert window.alert_notifier.notifier is None  # in front: the page says it, and D-Bus is not even opened
    window.showMinimized()
    qtbot.waitUntil(window.isMinimized, timeout=5000)
    _raise(window, [_alert()])
    got = _wait_for(qtbot, bus, 1)
    assert got[0]["summary"] == "GPU 0 is running hot" and got[0]["hints"]["urgency"] == 1
    _raise(window, [_alert()])  # the same alert a moment later: not again
    _raise(window, [_alert(severity="critical")])  # but turning critical is news
    assert window.alert_notifier.notifier.sent == 2
    got = _wait_for(qtbot, bus, 2)
    qtbot.wait(300)
    assert [g["hints"]["urgency"] for g in bus.notifications()] == [1, 2]


def test_the_setting_turns_them_off_and_is_kept(qtbot, bus: Bus) -> None:
    bus.start_server()
    window = _main_window(qtbot, bus)
    action = window.notify_action
    view_menu = window.findChild(QMenu, "viewMenu")
    assert action in view_menu.actions() and action.isCheckable() and action.isChecked()
    assert action.text() == "Desktop notifications for alerts"
    action.trigger()  # the user unticks it
    assert not window.alert_notifier.enabled and not window_state.notifications_enabled()
    window.show()
    window.showMinimized()
    _raise(window, [_alert(severity="critical")])
    assert window.alert_notifier.notifier is None  # off: nothing is sent, D-Bus is not opened
    again = _main_window(qtbot, bus)  # the next start
    assert not again.notify_action.isChecked() and not again.alert_notifier.enabled
    again.set_notifications(True)
    assert again.notify_action.isChecked() and window_state.notifications_enabled()
    assert oct(window_state.state_file().stat().st_mode & 0o777) == "0o600"  # private, like settings.json


def test_no_notification_server_one_log_line_and_no_crash(qtbot, bus: Bus, caplog) -> None:
    notifier = DesktopNotifier(bus.connection)  # a bus, but nobody owns org.freedesktop.Notifications
    with caplog.at_level(logging.WARNING, logger="rocmdesk.notifications"):
        assert not notifier.notify("a", "b")
        assert not notifier.notify("c", "d", critical=True)
    lines = [r.getMessage() for r in caplog.records if r.name == "rocmdesk.notifications"]
    assert len(lines) == 1 and "no notification server" in lines[0], lines
    bus.start_server()  # a server that comes later is used
    assert notifier.notify("e", "f")
    assert [n["summary"] for n in _wait_for(qtbot, bus, 1)] == ["e"]


def test_no_session_bus_one_log_line_and_no_crash(qtbot, tmp_path: Path, caplog) -> None:
    name = f"rocmdesk-test-nobus-{os.getpid()}"
    dead = QDBusConnection.connectToBus(f"unix:path={tmp_path}/no-such-bus", name)
    try:
        assert not dead.isConnected()
        window = QWidget()
        qtbot.addWidget(window)
        notifier = AlertNotifier(window, notifier=lambda: DesktopNotifier(dead))
        notifier.user_away = lambda: True
        with caplog.at_level(logging.WARNING, logger="rocmdesk.notifications"):
            assert notifier.check([_alert(0)]) == []
            assert notifier.check([_alert(1)]) == []
        lines = [r.getMessage() for r in caplog.records if r.name == "rocmdesk.notifications"]
        assert len(lines) == 1 and "no D-Bus session bus" in lines[0], lines
    finally:
        QDBusConnection.disconnectFromBus(name)


def test_rocmdesk_monitor_gui_sends_a_real_alert_while_hidden(qtbot, bus: Bus, tmp_path: Path) -> None:
    """End to end: the standalone monitor window over a simulated RX 7900 XTX whose junction climbs to 108 °C
    (critical 110 °C); the window is hidden, so the alert goes to the desktop with the Monitor's own sentence."""
    from rocmdesk.machine import simulate
    from rocmdesk.machine.host import Host
    from rocmdesk.ui.monitor_window import MonitorWindow

    bus.start_server()
    root = simulate.build("rx7900xtx-ubuntu2404", tmp_path / "xtx", t=100.0)
    window = MonitorWindow(Host.at_root(root), source="sysfs", interval_s=60.0)
    qtbot.addWidget(window)
    window.alert_notifier.make_notifier = lambda: DesktopNotifier(bus.connection)
    window.view.sample_now()
    assert window.view.alerts == []
    hw = next((root / "sys/class/hwmon").glob("hwmon*/temp2_label")).parent
    (hw / "temp2_input").write_text("108000\n")
    window.view.sample_now()
    assert [a.kind for a in window.view.alerts] == ["junction-hot"]
    got = _wait_for(qtbot, bus, 1)
    assert got[0]["summary"] == "GPU 0 is running hot" and got[0]["app_name"] == "rocmdesk"
    assert got[0]["body"] == "GPU 0: junction 108 °C is near its critical 110 °C. Check the airflow and the fan."
    window.view.sample_now()  # still hot a moment later: once is enough
    assert window.alert_notifier.notifier.sent == 1
    qtbot.wait(300)
    assert len(bus.notifications()) == 1
    window.close()


def test_without_qtdbus_one_log_line_and_the_window_goes_on(qtbot, caplog) -> None:
    window = QWidget()
    qtbot.addWidget(window)

    def no_qtdbus() -> DesktopNotifier:
        raise ImportError("No module named 'PySide6.QtDBus'")

    notifier = AlertNotifier(window, notifier=no_qtdbus)
    notifier.user_away = lambda: True
    with caplog.at_level(logging.WARNING, logger="rocmdesk.notifications"):
        assert notifier.check([_alert(0)]) == []
        assert notifier.check([_alert(1)]) == []
    lines = [r.getMessage() for r in caplog.records if r.name == "rocmdesk.notifications"]
    assert len(lines) == 1 and "QtDBus is not installed" in lines[0], lines
