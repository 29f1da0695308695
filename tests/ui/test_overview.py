"""The Overview page and the window around it, driven through the real widgets."""

from __future__ import annotations

import threading

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGroupBox, QLabel, QWidget

from tests.ui.fakes import FakeMachines, machine_advice, make_advice, make_gpu, make_report
from rocmdesk.machine.model import Support


def texts(widget: QWidget) -> list[str]:
    return [label.text() for label in widget.findChildren(QLabel) if label.isVisibleTo(widget.window())]


def joined(widget: QWidget) -> str:
    return "\n".join(texts(widget))


def two_gpus() -> FakeMachines:
    gpus = [
        make_gpu(0, gfx_reported="gfx1030"),
        make_gpu(1, name="AMD Radeon RX 7900 XTX", gfx="gfx1100", gfx_reported="gfx1100", device_id="744c",
                 vram_total_bytes=24 * 1024**3,
                 support=Support("supported", None, "On AMD's list for ROCm 6.2.", "ROCm 6.2 compatibility matrix")),
    ]
    return FakeMachines(make_report(gpus))


def test_two_gpus_show_names_verdicts_and_facts(open_window):
    window = open_window(two_gpus())
    page = window.overview
    assert [c.title.text() for c in page.cards] == ["AMD Radeon RX 6600 XT", "AMD Radeon RX 7900 XTX"]
    # the cards render the advice the session attached (the fakes' hand-made Support is replaced by it): one
    # path for both GPUs, and only the 6600 XT needs an override, in its per-GPU form (KFD node 1)
    assert page.cards[0].verdict.text() == "Works with an override"
    assert page.cards[1].verdict.text() == "Supported"
    rows0, rows1 = dict(page.cards[0].advice_rows), dict(page.cards[1].advice_rows)
    assert rows0["Override"] == "HSA_OVERRIDE_GFX_VERSION_1=10.3.0" and rows1["Override"] == "no override"
    assert rows0["Wheels"] == rows1["Wheels"] == "torch 2.13.0+rocm7.2 from PyTorch's index"
    assert rows0["Judged by"] == "AMD's list for ROCm 6.2.1"
    text = joined(page)
    assert "gfx1032 (reported as gfx1030)" in text
    assert "24.0 GiB" in text and "0000:03:00.0" in text and "Discrete" in text
    # sources by readable names, short: three, "and N more", every id and what it is on hover
    sources = page.cards[1].sources
    assert "rocm\u2011install\u2011on\u2011linux 6.2.4: system\u2011requirements.rst</a>" in sources.text()
    assert "S-SR624" not in sources.text() and "S-SR624: ROCm/rocm-install-on-linux" in sources.toolTip()
    assert sources.text().endswith("and 3 more")
    assert "S-SR600" in sources.toolTip() and "S-SR600" not in sources.text()
    assert "Ubuntu 22.04.4 LTS" in text and "6.8.0-40-generic" in text and "6.2.1 at /opt/rocm-6.2.1" in text
    assert "/opt/rocm-5.7.0 (no package owns it)" in text
    assert "log out and in again" in text and "EACCES" in text
    assert "Secure Boot" in text and "2026-05-01" in text
    assert not window.banner.isVisible()


def test_verdict_words_for_every_status(open_window):
    statuses = [("risky", "Risky"), ("unsupported", "Unsupported"), ("unknown", "Unknown")]
    gpus = [make_gpu(i, advice=make_advice(s)) for i, (s, _) in enumerate(statuses)]
    gpus.append(make_gpu(3, name=None, device_id="abcd", support=None))
    report = make_report(gpus)
    machine_advice(report)
    page = open_window(FakeMachines(report)).overview
    assert [c.verdict.text() for c in page.cards] == [w for _, w in statuses] + ["Unknown"]
    assert page.cards[3].title.text() == "Unknown AMD GPU (device abcd)"
    assert page.cards[3].reason.text() == "No verdict was made for this GPU."


def test_no_gpu_offers_a_simulated_machine_and_switches_to_it(open_window, qtbot):
    fake = FakeMachines(make_report([]))
    window = open_window(fake)
    page = window.overview
    assert "No AMD GPU found" in [box.title() for box in page.findChildren(QGroupBox)]
    assert "found no AMD GPU" in joined(page)
    assert page.explore_button is not None and page.explore_button.text() == "Explore a simulated machine"
    assert page.sim_combo.count() == 2
    assert not window.banner.isVisible()

    qtbot.mouseClick(page.explore_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.session.busy and window.session.report is fake.simulated, timeout=5000)
    assert fake.asked == [None, "sim-a"]
    assert fake.detected[-1].simulated
    assert window.banner.isVisible()
    assert "Simulated machine: Simulated A: RX 6600 XT on Ubuntu 22.04" in window.banner.label.text()
    assert "nothing here is your real computer" in window.banner.label.text()
    assert [c.title.text() for c in page.cards] == ["AMD Radeon RX 6600 XT"]

    qtbot.mouseClick(window.banner.back_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.session.busy and window.session.report is fake.real, timeout=5000)
    assert fake.asked[-1] is None
    assert not window.banner.isVisible()


def test_started_simulated_shows_banner(open_window):
    window = open_window(FakeMachines(make_report([])), simulate="sim-b")
    assert window.banner.isVisible()
    assert "Simulated B: no GPU" in window.banner.label.text()


def test_detection_error_says_what_happened_and_what_next(open_window, qtbot):
    fake = FakeMachines(make_report([]), error=RuntimeError("rocminfo exploded"))
    window = open_window(fake)
    page = window.overview
    assert page.error_box.isVisible()
    assert "RuntimeError: rocminfo exploded" in page.error_label.text()
    assert "Refresh" in joined(page)
    qtbot.mouseClick(page.details_button, Qt.MouseButton.LeftButton)
    assert "Traceback" in page.details.toPlainText()

    fake.error = None  # the next try works: the error goes away
    qtbot.mouseClick(page.refresh_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.session.busy, timeout=5000)
    assert not page.error_box.isVisible()
    assert "found no AMD GPU" in joined(page)


def test_busy_indicator_while_detection_runs_and_window_responds(open_window, qtbot):
    gate = threading.Event()
    fake = FakeMachines(make_report([make_gpu()]))
    plain_detect = fake.detect
    fake.detect = lambda host: (gate.wait(5), plain_detect(host))[1]  # type: ignore[method-assign]
    window = open_window(fake, wait=False)
    try:
        qtbot.waitUntil(lambda: window.overview.busy.isVisible(), timeout=2000)
        assert "Looking at this computer" in window.overview.busy_label.text()
        qtbot.keyClick(window.sidebar, Qt.Key.Key_Down)  # the UI thread is free while detection waits
        assert window.stack.currentIndex() == 1
    finally:
        gate.set()
    qtbot.waitUntil(lambda: not window.session.busy, timeout=5000)
    assert not window.overview.busy.isVisible()
    assert len(window.overview.cards) == 1


def test_sidebar_has_seven_pages_and_keyboard_switches(open_window, qtbot):
    window = open_window(two_gpus())
    names = [window.sidebar.item(i).text() for i in range(window.sidebar.count())]
    assert names == ["Overview", "Setup", "PyTorch", "Environments", "Monitor", "Sanity check", "Doctor"]
    assert window.windowTitle() == "rocmdesk"
    window.sidebar.setFocus()
    qtbot.keyClick(window.sidebar, Qt.Key.Key_Down)
    assert window.stack.currentIndex() == 1
    qtbot.keyClick(window.sidebar, Qt.Key.Key_End)
    assert window.stack.currentIndex() == 6
    qtbot.keyClick(window.sidebar, Qt.Key.Key_Home)
    assert window.stack.currentWidget() is window.overview


def test_every_page_is_built_when_first_shown_and_says_what_it_is_for(open_window, qtbot):
    window = open_window(two_gpus())
    assert list(window.pages) == ["overview"]  # only the Overview at start: the first window comes sooner
    window.sidebar.setCurrentRow(4)  # the Monitor: its skeleton at once, the page right after
    assert window.current_page_key() == "monitor"
    qtbot.waitUntil(lambda: "monitor" in window.pages, timeout=5000)
    assert window.stack.currentWidget() is window.pages["monitor"]
    for key in ("setup", "pytorch", "environments", "sanity", "doctor"):
        window.page(key)
    names = [type(window.stack.widget(i)).__name__ for i in range(window.stack.count())]
    assert names == ["OverviewPage", "SetupPage", "PyTorchPage", "EnvironmentsPage", "MonitorPage", "SanityPage",
                     "DoctorPage"]
    for i in range(1, window.sidebar.count()):
        assert len(window.sidebar.item(i).toolTip()) > 20
    window.close()


def test_eight_gpus_scroll_and_labels_wrap(open_window):
    long_reason = "A long reason that must wrap rather than be cut off. " * 6
    gpus = [make_gpu(i, name="AMD Instinct MI300X", gfx="gfx942", gfx_reported="gfx942",
                     advice=make_advice("supported", reason=f"{long_reason}({i})")) for i in range(8)]  # not identical
    report = make_report(gpus)
    machine_advice(report)
    window = open_window(FakeMachines(report))
    page = window.overview
    assert len(page.cards) == 8
    assert page.scroll.verticalScrollBar().maximum() > 0
    assert all(card.reason.wordWrap() for card in page.cards)
    # wrapped, not cut: each reason label is at least as tall as its text needs at its width
    for card in page.cards:
        label = card.reason
        assert label.height() >= label.heightForWidth(label.width())
