"""The main window's size, place and page, and the window's own preferences (desktop notifications), kept
between launches (QSettings, an INI file beside settings.json, readable by this user only).

A restored window is fitted to the screen it lands on: a geometry saved on a bigger monitor, or one Qt grew
past the screen, never opens larger than the available area.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QByteArray, QRect, QSettings
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

GEOMETRY = "window/geometry"
PAGE = "window/page"
NOTIFICATIONS = "desktop/notifications"


def state_file() -> Path:
    """``$XDG_CONFIG_HOME/rocmdesk/window.ini`` (looked up on each call, so tests can point it elsewhere)."""
    from rocmdesk.xdg import config_dir

    return config_dir() / "window.ini"


def _settings() -> QSettings:
    return QSettings(str(state_file()), QSettings.Format.IniFormat)


def _sync_private(settings: QSettings) -> None:
    """Write ``settings`` as this user's alone (0600 whatever the umask): the file is made 0600 before QSettings
    first writes it, and QSettings keeps an existing file's mode when it replaces it."""
    path = Path(settings.fileName())
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW, 0o600))
    except OSError:
        pass  # QSettings says so through status(); the window goes on
    settings.sync()
    try:
        os.chmod(path, 0o600)
    except OSError:
        pass


def notifications_enabled() -> bool:
    """View > Desktop notifications: on unless the user turned it off."""
    value = _settings().value(NOTIFICATIONS, True)
    if isinstance(value, str):  # an INI file gives back text
        return value.strip().lower() not in ("false", "0", "no", "off")
    return bool(value)


def set_notifications_enabled(on: bool) -> None:
    settings = _settings()
    settings.setValue(NOTIFICATIONS, bool(on))
    _sync_private(settings)


def fit_to_screen(window: QWidget) -> None:
    """Shrink and move ``window`` so that its frame lies inside the available area of its screen."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    if screen is None:
        return
    area: QRect = screen.availableGeometry()
    frame = window.frameGeometry()
    extra_w = max(0, frame.width() - window.width())
    extra_h = max(0, frame.height() - window.height())
    width = min(window.width(), area.width() - extra_w)
    height = min(window.height(), area.height() - extra_h)
    if (width, height) != (window.width(), window.height()):
        window.resize(max(width, 1), max(height, 1))
    frame = window.frameGeometry()
    x = min(max(frame.x(), area.x()), area.x() + area.width() - frame.width())
    y = min(max(frame.y(), area.y()), area.y() + area.height() - frame.height())
    if (x, y) != (frame.x(), frame.y()):
        window.move(x, y)


def restore(window: QWidget, set_page=None) -> None:
    """Put back the saved geometry and page (``set_page(key)``); a missing or damaged file changes nothing."""
    settings = _settings()
    geometry = settings.value(GEOMETRY)
    if isinstance(geometry, QByteArray) and not geometry.isEmpty():
        window.restoreGeometry(geometry)
    page = settings.value(PAGE)
    if set_page is not None and isinstance(page, str) and page:
        set_page(page)
    fit_to_screen(window)


def save(window: QWidget, page: str | None) -> None:
    settings = _settings()
    settings.setValue(GEOMETRY, window.saveGeometry())
    if page:
        settings.setValue(PAGE, page)
    _sync_private(settings)
