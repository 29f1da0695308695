"""A page chosen in the sidebar has its module imported in a worker: the window stays live while it loads (the
Monitor's brings pyqtgraph and numpy, ~450 ms), then the page is built on the UI thread."""

from __future__ import annotations

import sys
import threading

from PySide6.QtWidgets import QLabel

from rocmdesk.ui.module_loader import ModuleLoader
from tests.ui.heartbeat import Heartbeat

SLOW_S = 0.6


def _slow_module(tmp_path, monkeypatch, name: str, body: str = "") -> None:
    """A module that takes SLOW_S to import, as a big library does (sleeping frees the GIL, as its C parts do)."""
    (tmp_path / f"{name}.py").write_text(
        "import threading, time\n"
        "IMPORTED_IN = threading.current_thread().name\n"
        f"time.sleep({SLOW_S})\n" + body)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, name, raising=False)


def test_a_module_loads_in_a_worker_and_the_ui_thread_goes_on(qtbot, tmp_path, monkeypatch):
    _slow_module(tmp_path, monkeypatch, "rocmdesk_test_slow_a")
    loader = ModuleLoader()
    got: list[tuple[str, str]] = []
    loader.loaded.connect(lambda name: got.append((name, threading.current_thread().name)))
    beat = Heartbeat()
    loader.load("rocmdesk_test_slow_a")
    loader.load("rocmdesk_test_slow_a")  # asked twice while it loads: imported once, said once
    assert loader.pending()
    qtbot.waitUntil(lambda: bool(got), timeout=10000)
    qtbot.wait(50)
    beat.stop()
    assert got == [("rocmdesk_test_slow_a", threading.main_thread().name)]
    assert sys.modules["rocmdesk_test_slow_a"].IMPORTED_IN != threading.main_thread().name
    assert len(beat.ticks) > 20 and beat.longest_gap() < SLOW_S / 2  # the window answered while it loaded
    assert not loader.pending()


def test_a_module_that_fails_to_import_is_still_said_done(qtbot, tmp_path, monkeypatch):
    (tmp_path / "rocmdesk_test_broken.py").write_text("raise ImportError('no such thing')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    loader = ModuleLoader()
    with qtbot.waitSignal(loader.loaded, timeout=10000) as signal:
        loader.load("rocmdesk_test_broken")
    assert signal.args == ["rocmdesk_test_broken"] and "rocmdesk_test_broken" not in sys.modules


def test_a_page_chosen_in_the_sidebar_loads_without_freezing_the_window(qtbot, tmp_path, monkeypatch):
    from rocmdesk.ui.main_window import MainWindow
    from rocmdesk.ui.session import MachineSession

    _slow_module(tmp_path, monkeypatch, "rocmdesk_test_slow_page",
                 "from PySide6.QtWidgets import QLabel\n"
                 "class SlowPage(QLabel):\n"
                 "    def __init__(self, session):\n"
                 "        super().__init__('the slow page')\n")
    session = MachineSession(detector=lambda host: None, host_factory=lambda name: None)
    window = MainWindow(session, autostart=False)
    qtbot.addWidget(window)
    window._lazy["environments"] = ("rocmdesk_test_slow_page", "SlowPage")
    window.show()
    qtbot.waitExposed(window)
    beat = Heartbeat()
    window.sidebar.setCurrentRow(window._keys.index("environments"))
    skeleton = window.stack.currentWidget()
    assert "environments" not in window.pages and skeleton.isVisible()  # the skeleton, at once
    qtbot.waitUntil(lambda: "environments" in window.pages, timeout=10000)
    beat.stop()
    page = window.pages["environments"]
    assert isinstance(page, QLabel) and page.text() == "the slow page" and window.stack.currentWidget() is page
    assert len(beat.ticks) > 20 and beat.longest_gap() < SLOW_S / 2  # the window answered while the page loaded
