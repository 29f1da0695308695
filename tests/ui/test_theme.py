"""Light and dark: every label of every page reads (measured on the rendered pixels), the status colours keep
their contrast in both schemes, the app follows the desktop's scheme, and Tab reaches every enabled button.

The contrast check looks at what a user would see: the window is grabbed, each visible label's rectangle cut
out, its most common colour taken as the background and its most distant pixel as the text, and the WCAG
contrast ratio of the two compared with 4.5:1 (WCAG AA for body text).  That catches dark text on a dark
window whether the colour came from a palette, a style sheet or rich text.
"""

from __future__ import annotations

from typing import Callable, Iterator

import numpy as np
import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QTabBar, QWidget

from rocmdesk.ui import theme
from tests.ui.fakes import FakeMachines, make_gpu, make_report

PAGES = ("Overview", "Setup", "PyTorch", "Environments", "Monitor", "Sanity check", "Doctor")
MIN_CONTRAST = 4.5


# -- colour arithmetic (WCAG 2.x) ---------------------------------------------------------------------------
def _linear(channel: np.ndarray) -> np.ndarray:
    c = channel / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def _luminance(rgb: np.ndarray) -> np.ndarray:
    r, g, b = (_linear(rgb[..., i].astype(float)) for i in range(3))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    la, lb = (float(_luminance(np.array([[QColor(c).red(), QColor(c).green(), QColor(c).blue()]]))[0])
              for c in (a, b))
    hi, lo = max(la, lb), min(la, lb)
    return (hi + 0.05) / (lo + 0.05)


def _pixels(image: QImage, rect: QRect) -> np.ndarray:
    img = image.copy(rect).convertToFormat(QImage.Format.Format_RGB32)
    buf = np.frombuffer(img.constBits(), dtype=np.uint8, count=img.sizeInBytes())
    arr = buf.reshape(img.height(), img.bytesPerLine() // 4, 4)[:, : img.width(), :]
    return arr[..., [2, 1, 0]].reshape(-1, 3)  # BGRA in memory -> RGB


def label_contrast(image: QImage, rect: QRect) -> tuple[float, str, str] | None:
    """(ratio, text colour, background colour) of the label drawn at ``rect``; None for a blank one."""
    px = _pixels(image, rect)
    if len(px) == 0:
        return None
    packed = (px[:, 0].astype(np.uint32) << 16) | (px[:, 1].astype(np.uint32) << 8) | px[:, 2]
    values, counts = np.unique(packed, return_counts=True)
    if len(values) < 2:
        return None
    bg = int(values[counts.argmax()])
    bg_rgb = np.array([[bg >> 16 & 255, bg >> 8 & 255, bg & 255]])
    lum = _luminance(px)
    lbg = float(_luminance(bg_rgb)[0])
    ratios = (np.maximum(lum, lbg) + 0.05) / (np.minimum(lum, lbg) + 0.05)
    i = int(ratios.argmax())
    fg = "#%02x%02x%02x" % tuple(int(v) for v in px[i])
    return float(ratios[i]), fg, "#%06x" % bg


# -- fixtures -------------------------------------------------------------------------------------------------
@pytest.fixture
def scheme(qapp) -> Iterator[Callable[[str], None]]:
    """Set the application's palette to light or dark before a window is built; restored afterwards."""
    original = QPalette(qapp.palette())

    def use(name: str) -> None:
        qapp.setPalette(theme.dark_palette() if name == "dark" else qapp.style().standardPalette())

    yield use
    qapp.setPalette(original)


def _machines() -> FakeMachines:
    gpus = [make_gpu(0), make_gpu(1, name="AMD Radeon RX 7900 XTX", gfx="gfx1100", gfx_reported="gfx1100",
                                  device_id="744c")]
    return FakeMachines(make_report(gpus))


def _show(window, title: str, qtbot) -> QWidget:
    titles = [window.sidebar.item(i).text() for i in range(window.sidebar.count())]
    window.sidebar.setCurrentRow(titles.index(title))
    page = window.page(window.current_page_key())  # built now if it was not yet
    qtbot.wait(150)  # layouts and deferred work settle
    return page


def _unreadable(window, page: QWidget) -> list[str]:
    image = window.grab().toImage()
    scale = image.width() / max(1, window.width())
    bad = []
    for label in page.findChildren(QLabel):
        if not label.isVisible() or not label.text().strip() or label.pixmap() is not None and \
                not label.pixmap().isNull():
            continue
        visible = label.visibleRegion().boundingRect()
        if visible.isEmpty():
            continue
        top_left = label.mapTo(window, visible.topLeft())
        rect = QRect(QPoint(round(top_left.x() * scale), round(top_left.y() * scale)),
                     visible.size() * scale)
        measured = label_contrast(image, rect)
        if measured is not None and measured[0] < MIN_CONTRAST:
            ratio, fg, bg = measured
            bad.append(f"{label.text()[:50]!r}: {fg} on {bg} = {ratio:.1f}:1")
    return bad


# -- the pages, drawn ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["dark", "light"])
@pytest.mark.parametrize("title", PAGES)
def test_every_label_reads(name: str, title: str, scheme, open_window, qtbot) -> None:
    scheme(name)
    window = open_window(_machines())
    window.resize(1300, 1800)  # most of each page in view without scrolling
    page = _show(window, title, qtbot)
    assert theme.is_dark() == (name == "dark")
    labels = [lb for lb in page.findChildren(QLabel) if lb.isVisible() and lb.text().strip()]
    assert len(labels) >= 3, f"{title}: nothing to look at"
    assert _unreadable(window, page) == []


def test_the_check_sees_dark_text_on_a_dark_page(scheme, open_window, qtbot) -> None:
    """The measure itself: a label in the light scheme's ink, put on the dark Overview, is caught."""
    scheme("dark")
    window = open_window(_machines())
    window.resize(1300, 1800)
    page = _show(window, "Overview", qtbot)
    probe = QLabel("A light-scheme warning, unthemed", page)
    probe.setStyleSheet("color: #5c4300;")
    probe.move(40, 1200)  # an empty part of the page
    probe.resize(400, 30)
    probe.show()
    probe.raise_()
    qtbot.wait(50)
    bad = _unreadable(window, page)
    assert len(bad) == 1 and "unthemed" in bad[0], bad


def test_the_setup_pages_notes_read_in_dark(scheme, open_window, qtbot) -> None:
    """The Setup wizard's step pills (review) and its run page, with the note a machine without the system
    helper gets, in the dark scheme."""
    from rocmdesk.ui.pages.setup_page import REVIEW, RUN, SetupPage

    scheme("dark")
    window = open_window(_machines())
    window.resize(1300, 1800)
    page = _show(window, "Setup", qtbot)
    setup = page if isinstance(page, SetupPage) else page.page("setup")
    setup.helper_locator = lambda: None  # as a pip install: the no-helper note on the run page
    for wanted in (REVIEW, RUN):
        while setup.current < wanted and setup.next_button.isEnabled():
            setup.next_button.click()
            qtbot.wait(150)
        assert setup.current == wanted
        assert wanted != RUN or setup.no_helper.isVisible()
        assert _unreadable(window, page) == []


# -- the colour tables ------------------------------------------------------------------------------------------
def _tables() -> dict[str, dict]:
    from rocmdesk.ui.widgets import finding_card, gpu_card, sanity_result_card, step_row, verify_card

    return {"gpu": gpu_card.VERDICT_COLOURS, "finding": finding_card.SEVERITY_COLOURS,
            "verify": verify_card.VERDICT_COLOURS,
            "sanity": {"green": sanity_result_card._GREEN, "yellow": sanity_result_card._YELLOW,
                       "red": sanity_result_card._RED, "grey": sanity_result_card._GREY},
            "step": {k: ("#000000", *v) for k, v in step_row.STATE_COLOURS.items()}}


@pytest.mark.parametrize("name", ["dark", "light"])
def test_status_pills_keep_their_contrast(name: str) -> None:
    palette = theme.dark_palette() if name == "dark" else QApplication.style().standardPalette()
    for table, colours in _tables().items():
        for key, (_accent, fill, ink) in colours.items():
            fill, ink = theme.themed(fill, palette), theme.themed(ink, palette)
            assert contrast(fill, ink) >= MIN_CONTRAST, f"{table}/{key}: {ink} on {fill}"


def test_inks_on_the_window_read_in_both_schemes() -> None:
    from rocmdesk.ui.pages.environments_page import ERROR_INK, OK_INK, WARNING_INK

    for palette in (theme.dark_palette(), QApplication.style().standardPalette()):
        window = palette.color(QPalette.ColorRole.Window).name()
        base = palette.color(QPalette.ColorRole.Base).name()
        for ink in (ERROR_INK, WARNING_INK, OK_INK):
            for bg in (window, base):
                assert contrast(theme.themed(ink, palette), bg) >= MIN_CONTRAST, (ink, bg)


def test_themed_maps_there_and_back() -> None:
    dark, light = theme.dark_palette(), QApplication.style().standardPalette()
    sheet = "QLabel { background: #fde1cc; color: #5c2500; border: 1px solid #d9661a; }"
    in_dark = theme.themed(sheet, dark)
    assert "#fde1cc" not in in_dark and "#d9661a" in in_dark  # fills and inks swap, accents stay
    assert theme.themed(in_dark, light) == sheet
    assert theme.themed(sheet, light) == sheet


# -- following the desktop ------------------------------------------------------------------------------------
def test_follows_the_scheme_and_restyles_widgets_on_a_switch(qapp, monkeypatch, qtbot) -> None:
    original = QPalette(qapp.palette())
    note = QLabel("note")
    qtbot.addWidget(note)
    note.setStyleSheet(theme.themed("QLabel { background: #fdf0c4; color: #5c4300; }"))
    try:
        monkeypatch.setenv(theme.ENV, "dark")
        follower = theme.follow_system(qapp)
        assert theme.is_dark() and "#3d3208" in note.styleSheet()
        monkeypatch.setenv(theme.ENV, "light")
        follower.apply()  # what QStyleHints.colorSchemeChanged triggers
        assert not theme.is_dark() and "#fdf0c4" in note.styleSheet()
    finally:
        qapp.setPalette(original)


def test_the_app_asks_for_fractional_scaling_and_names_its_desktop_file() -> None:
    import subprocess
    import sys

    code = ("from rocmdesk.ui.app import create_app\n"
            "from PySide6.QtGui import QGuiApplication\n"
            "app = create_app([])\n"
            "print(QGuiApplication.highDpiScaleFactorRoundingPolicy().name, app.desktopFileName())\n"
            "from rocmdesk.ui import theme; print(theme.is_dark())\n")
    env = {"QT_QPA_PLATFORM": "offscreen", "ROCMDESK_COLOR_SCHEME": "dark", "PATH": "/usr/bin:/bin",
           "HOME": "/tmp"}
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert res.returncode == 0, res.stderr
    policy_line, dark_line = res.stdout.splitlines()[-2:]
    assert policy_line == "PassThrough io.github.rocmdesk.Rocmdesk"
    assert dark_line == "True"


# -- the keyboard ------------------------------------------------------------------------------------------
def _buttons(page: QWidget) -> list[QAbstractButton]:
    return [b for b in page.findChildren(QAbstractButton)
            if b.isVisible() and b.isEnabled() and not isinstance(b.parent(), QTabBar)
            and not b.objectName().startswith("qt_")]


def _tab_round(window, qtbot, limit: int = 600) -> list[QWidget]:
    """Focus the sidebar, then press Tab until the focus comes back to where it started."""
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=3000)
    window.sidebar.setFocus(Qt.FocusReason.OtherFocusReason)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.sidebar, timeout=3000)
    seen: list[QWidget] = []
    stuck = 0
    for _ in range(limit):
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        now = QApplication.focusWidget()
        if now is window.sidebar or (now in seen and now is not seen[-1]):
            break
        if seen and now is seen[-1]:  # a label with links: Tab walks its links first, then leaves
            stuck += 1
            assert stuck < 40, f"Tab is trapped in {type(now).__name__}"
            continue
        stuck = 0
        seen.append(now)
        at = now.mapTo(window, QPoint(0, 0))
        now.setProperty("_tab_y", at.y())  # where it is as the user tabs there
        now.setProperty("_tab_x", at.x())
    return seen


@pytest.mark.parametrize("title", PAGES)
def test_tab_reaches_every_enabled_button(title: str, open_window, qtbot) -> None:
    window = open_window(_machines())
    window.resize(1300, 1800)  # the whole page in view: positions are the layout's, not a scroll's
    page = _show(window, title, qtbot)
    reached = _tab_round(window, qtbot)
    if not _buttons(page):  # a page with nothing to press (the Monitor with no GPU it can read) keeps Tab
        return
    assert reached, "Tab moves nowhere"
    missed = [b.text() or b.toolTip() or b.objectName() or type(b).__name__
              for b in _buttons(page) if b not in reached]
    assert missed == [], f"{title}: Tab never reaches {missed}"
    # in reading order: each stop is on the row of the one before or below it, never back up the page — except
    # into the next column (GPU cards side by side, of different heights, are read one card after the other)
    ys = [(w.property("_tab_y"), type(w).__name__, getattr(w, "text", lambda: "")(), w.property("_tab_x"))
          for w in reached]
    back_up = [(a[:3], b[:3]) for a, b in zip(ys, ys[1:]) if b[0] < a[0] - 40 and b[3] <= a[3] + 40]
    assert back_up == [], f"{title}: Tab jumps back up the page: {back_up}"
    # and back: Shift+Tab from the sidebar goes into the page, not out of the window
    window.sidebar.setFocus(Qt.FocusReason.OtherFocusReason)
    QTest.keyClick(window.sidebar, Qt.Key.Key_Backtab)
    assert QApplication.focusWidget() in reached
