"""The window's size, place and page are kept between launches, and never exceed the screen (issue 18)."""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication

from rocmdesk.ui import window_state


def test_page_and_size_come_back(simulated_window):
    window = simulated_window("no-amd-gpu")
    window.resize(700, 500)  # the window's minimum size may keep it larger: what it has is what comes back
    window.show_page("doctor")
    size = (window.width(), window.height())
    window_state.save(window, window.current_page_key())
    assert window_state.state_file().is_file()

    again = simulated_window("no-amd-gpu")
    window_state.restore(again, again.show_page)
    assert again.current_page_key() == "doctor"
    assert (again.width(), again.height()) == size


def test_a_damaged_or_missing_file_changes_nothing(simulated_window):
    window = simulated_window("no-amd-gpu")
    window_state.restore(window, window.show_page)  # no file yet
    assert window.current_page_key() == "overview"
    path = window_state.state_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\x00\xff[window]\ngeometry=@ByteArray(garbage)\npage=no-such-page\n")
    window_state.restore(window, window.show_page)
    assert window.current_page_key() == "overview"


def test_a_window_never_opens_larger_than_the_screen(simulated_window):
    window = simulated_window("no-amd-gpu")
    area = QGuiApplication.primaryScreen().availableGeometry()
    window.resize(area.width() + 500, area.height() + 500)
    window.move(area.x() + 300, area.y() + 300)
    window_state.fit_to_screen(window)
    frame = window.frameGeometry()
    assert frame.width() <= area.width() and frame.height() <= area.height()
    assert area.contains(frame.topLeft())


def test_the_app_remembers_its_page_when_closed(qapp):
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from rocmdesk.ui.app import run
    from rocmdesk.ui.main_window import MainWindow

    def leave_on_sanity() -> None:
        for w in QApplication.topLevelWidgets():
            if isinstance(w, MainWindow):
                w.show_page("sanity")
                w.close()
                w.deleteLater()

    QTimer.singleShot(300, leave_on_sanity)
    assert run(["rocmdesk"], simulate="no-amd-gpu") == 0
    assert "page=sanity" in window_state.state_file().read_text()
