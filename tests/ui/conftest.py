"""Qt tests run without a display."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before anything imports Qt
# no UI test reaches the developer's own desktop (an alert raised in an inactive window would notify there); the
# notification tests bring their own dbus-daemon and connect to it by address
os.environ["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=/nonexistent/rocmdesk-tests-have-no-session-bus"

from typing import Callable

import pytest

from tests.ui.fakes import FakeMachines


@pytest.fixture
def open_window(qtbot) -> Callable[..., object]:
    """Build a shown MainWindow over fakes and wait for its first detection."""
    from rocmdesk.ui.main_window import MainWindow
    from rocmdesk.ui.session import MachineSession

    def _open(fake: FakeMachines, wait: bool = True, **session_kw: object) -> MainWindow:
        session = MachineSession(detector=fake.detect, host_factory=fake.host_factory, machines=fake.machines,
                                 **session_kw)  # type: ignore[arg-type]
        window = MainWindow(session)
        qtbot.addWidget(window)
        window.show()
        if wait:
            qtbot.waitUntil(lambda: not session.busy, timeout=5000)
        return window

    return _open


@pytest.fixture(scope="session", autouse=True)
def _gc_on_the_ui_thread(qapp):
    """As in the app (ui.app.create_app): cyclic garbage is collected on the UI thread only, so a window one test let
    go of is never destroyed in another test's worker thread (that deadlocked a CI run once)."""
    from rocmdesk.ui.main_thread_gc import MainThreadGc

    guard = MainThreadGc(qapp)
    yield guard
    guard.stop()


@pytest.fixture(autouse=True)
def _collect_after_each_test(_gc_on_the_ui_thread):
    yield
    _gc_on_the_ui_thread.collect_due()  # a test that never ran the event loop gave the timer no chance


@pytest.fixture(autouse=True)
def _own_xdg_dirs(tmp_path_factory, monkeypatch):
    """UI tests never read or write the real user's profiles, logs or state (tests may override these)."""
    base = tmp_path_factory.mktemp("xdg")
    for var in ("XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME"):
        monkeypatch.setenv(var, str(base / var.lower()))


@pytest.fixture
def simulated_window(qtbot) -> Callable[[str], object]:
    """A shown MainWindow on a simulated machine, after its first detection."""
    from rocmdesk.ui.main_window import MainWindow
    from rocmdesk.ui.session import MachineSession

    def _open(name: str) -> MainWindow:
        window = MainWindow(MachineSession(simulate=name))
        qtbot.addWidget(window)
        window.show()
        qtbot.waitUntil(lambda: not window.session.busy, timeout=20000)
        assert window.session.error is None, window.session.error
        return window

    return _open
