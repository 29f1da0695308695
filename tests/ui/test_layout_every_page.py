"""Every page on every simulated machine holds at laptop and desktop sizes, in English and Chinese (issue 18).

After the page's main action (a plan reviewed, a diagnosis, a profile applied to a real venv...) the window must not have grown past the
size the user gave it, no visible input or button may be squeezed below its minimum size hint, and no two visible
controls may overlap.  One window per machine and language is reused for the three sizes, so the whole matrix (12
machines x 7 pages x 3 sizes x 2 languages) stays a test of about a minute.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QRect
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)

from rocmdesk import i18n
from rocmdesk.machine import simulate
from rocmdesk.ui.navigation import PAGE_KEYS

SIZES = ((1024, 700), (1366, 768), (1920, 1080))
CONTROLS = (QAbstractButton, QLineEdit, QComboBox, QAbstractSpinBox, QTextEdit, QPlainTextEdit)


def _click(page: QWidget, name: str) -> None:
    button = getattr(page, name, None)
    if isinstance(button, QAbstractButton) and button.isVisible() and button.isEnabled():
        button.click()


def _setup(page: QWidget) -> None:
    for _ in range(2):  # the machine, the choices: on to the reviewed plan
        _click(page, "next_button")


def _environments(page: QWidget) -> None:
    # "Apply to the venv" on a profile with a real venv: its result box once grew the window past the screen
    page.select("layout")
    assert page.apply_hooks()


def _doctor(page: QWidget) -> None:
    _click(page, "diagnose_button")


ACTIONS: dict[str, Callable[[QWidget], None]] = {"setup": _setup, "environments": _environments, "doctor": _doctor}


def _visible_rect(widget: QWidget, window: QWidget) -> QRect:
    """Where ``widget`` can be seen in ``window``'s coordinates (clipped by the scroll areas it sits in)."""
    region = widget.visibleRegion()
    if region.isEmpty():
        return QRect()
    rect = region.boundingRect()
    return QRect(widget.mapTo(window, rect.topLeft()), rect.size())


def _controls(page: QWidget, window: QWidget) -> Iterator[tuple[QWidget, QRect]]:
    for widget in page.findChildren(QWidget):
        if isinstance(widget, CONTROLS) and widget.isVisibleTo(window) and widget.isVisible():
            # a combo box's own line edit, a spin box's editor, a line edit's clear or browse button: parts of one
            # control, sized by it
            if isinstance(widget.parentWidget(), (QComboBox, QAbstractSpinBox, QLineEdit)):
                continue
            rect = _visible_rect(widget, window)
            if not rect.isEmpty():
                yield widget, rect


def _name(widget: QWidget) -> str:
    text = widget.text() if hasattr(widget, "text") and callable(widget.text) else ""
    return f"{type(widget).__name__}({widget.objectName() or text!r})"


def _problems(window: QWidget, page: QWidget, size: tuple[int, int]) -> list[str]:
    found: list[str] = []
    if window.width() > size[0] or window.height() > size[1]:
        found.append(f"the window grew to {window.width()}x{window.height()}")
    hint = window.minimumSizeHint()
    if hint.width() > size[0] or hint.height() > size[1]:
        found.append(f"the window cannot be smaller than {hint.width()}x{hint.height()}")
    controls = list(_controls(page, window))
    for widget, _rect in controls:
        if isinstance(widget, (QTextEdit, QPlainTextEdit)):
            continue  # text views scroll; their 70x70 hint is no minimum (one-line code views are 26 px tall)
        minimum = widget.minimumSizeHint()
        if widget.height() + 1 < minimum.height() or widget.width() + 1 < minimum.width():
            found.append(f"{_name(widget)} is {widget.width()}x{widget.height()}, "
                         f"less than its minimum {minimum.width()}x{minimum.height()}")
    for i, (a, ra) in enumerate(controls):
        for b, rb in controls[i + 1:]:
            if a.isAncestorOf(b) or b.isAncestorOf(a):
                continue
            overlap = ra.intersected(rb)
            if overlap.width() > 1 and overlap.height() > 1:
                found.append(f"{_name(a)} overlaps {_name(b)}")
    return found


def _settle() -> None:
    """Every pending layout done (a button whose text just changed has its new size)."""
    for _ in range(3):
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        QApplication.processEvents()


@pytest.fixture(params=["en", "zh_CN"])
def language(request, qapp) -> Iterator[str]:
    from rocmdesk.ui.app import install_translators

    assert install_translators(qapp, request.param)
    yield request.param
    install_translators(qapp, "en")
    i18n.set_language(None)


@pytest.fixture(scope="module")
def template_venv(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("venvs") / "template"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(path)], check=True)
    return path


@pytest.fixture
def layout_profile(template_venv: Path, tmp_path: Path) -> None:
    """A profile "layout" over a copy of a real venv, in this test's own profile store (see conftest)."""
    from rocmdesk.torchenv.profile_store import ProfileStore
    from rocmdesk.torchenv.profiles import Profile

    venv = tmp_path / "project" / "venv"
    shutil.copytree(template_venv, venv, symlinks=True)
    ProfileStore().create(Profile("layout", str(tmp_path / "project"), str(venv),
                                  {"HSA_OVERRIDE_GFX_VERSION": "10.3.0",
                                   "PYTORCH_HIP_ALLOC_CONF": "expandable_segments:True"}))


@pytest.mark.parametrize("machine", [m.name for m in simulate.list_machines()])
def test_every_page_holds_at_every_size(machine: str, language: str, layout_profile: None, simulated_window,
                                        qtbot) -> None:
    window = simulated_window(machine)
    problems: list[str] = []
    for key in PAGE_KEYS:
        window.show_page(key)
        page = window.page(key)
        QApplication.processEvents()
        ACTIONS.get(key, lambda _page: None)(page)
        busy = getattr(page, "checking", None)  # the Doctor's check of the machine runs in a worker
        if callable(busy):
            qtbot.waitUntil(lambda: not busy(), timeout=20000)
        for size in SIZES:
            window.resize(*size)
            _settle()
            problems += [f"{key} at {size[0]}x{size[1]}: {p}" for p in _problems(window, page, size)]
    assert not problems, f"{machine} ({language}):\n" + "\n".join(dict.fromkeys(problems))
