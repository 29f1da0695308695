"""The Overview page over the real detector and the project's simulated machines."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QGroupBox, QLabel

from rocmdesk.machine import simulate


@pytest.fixture
def real_window(qtbot):
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


def _text(window) -> str:
    return "\n".join(label.text() for label in window.overview.findChildren(QLabel))


def test_rx6600xt_needs_override_and_relogin(real_window):
    window = real_window("rx6600xt-ubuntu2204")
    cards = window.overview.cards
    assert [c.title.text() for c in cards] == ["AMD Radeon RX 6600 XT"]
    assert cards[0].verdict.text() == "Works with an override"
    assert dict(cards[0].advice_rows)["Override"] == "HSA_OVERRIDE_GFX_VERSION=10.3.0"
    assert "log out and in again" in _text(window)
    assert window.banner.isVisible() and "nothing here is your real computer" in window.banner.label.text()


def test_mi300x_shows_one_card_for_eight_identical_gpus(real_window):
    # issue 18: eight identical cards pushed System and ROCm below the fold; now one card names them all
    window = real_window("mi300x-8gpu-server")
    [card] = window.overview.cards
    assert card.title.text() == "8 × AMD Instinct MI300X" and card.verdict.text() == "Supported"
    text = "\n".join(label.text() for label in card.findChildren(QLabel))
    assert "GPUs 0–7" in text and text.count("0000:") == 8  # every slot listed
    window.resize(1024, 700)
    system = next(b for b in window.overview.findChildren(QGroupBox) if b.title() == "System")
    top = system.mapTo(window.overview.scroll.widget(), system.rect().topLeft()).y()
    assert top < window.overview.scroll.viewport().height()  # System in view without scrolling


def test_partitions_are_one_card_with_their_cards_counted(real_window):
    window = real_window("mi308x-partitioned")
    [card] = window.overview.cards
    text = "\n".join(label.text() for label in card.findChildren(QLabel))
    assert card.title.text().startswith("32 × ") and "8 cards, 4 partitions each" in text


def test_no_amd_gpu_offers_the_other_machines(real_window, qtbot):
    window = real_window("no-amd-gpu")
    page = window.overview
    assert page.cards == [] and page.explore_button is not None
    names = [page.sim_combo.itemData(i) for i in range(page.sim_combo.count())]
    assert "rx6600xt-ubuntu2204" in names
    page.sim_combo.setCurrentIndex(names.index("rx6600xt-ubuntu2204"))
    page.explore_button.click()
    qtbot.waitUntil(lambda: not window.session.busy and bool(page.cards), timeout=20000)
    assert window.session.simulate == "rx6600xt-ubuntu2204"
    assert "RX 6600 XT" in window.banner.label.text()


@pytest.mark.parametrize("name", [m.name for m in simulate.list_machines()])
def test_every_simulated_machine_renders_without_error(real_window, name):
    window = real_window(name)
    assert window.overview.cards or window.overview.explore_button is not None


def test_run_opens_the_window_and_returns_when_it_closes(qapp):
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from rocmdesk.ui.app import run
    from rocmdesk.ui.main_window import MainWindow

    seen: list[str] = []

    def close_all() -> None:
        for w in QApplication.topLevelWidgets():
            if isinstance(w, MainWindow):
                seen.append(w.windowTitle())
                w.close()
                w.deleteLater()

    QTimer.singleShot(300, close_all)
    assert run(["rocmdesk"], simulate="no-amd-gpu") == 0
    assert seen == ["rocmdesk"]
