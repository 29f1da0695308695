"""Going from one page to another without pages importing each other.

Pages are found by a key ("setup", "pytorch", ...) through the main window, so a page module never imports another
page module (no cycles) and a page that is built later, or not at all, is simply not found.
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

# the sidebar's order; MainWindow builds its pages under these keys
PAGE_KEYS = ("overview", "setup", "pytorch", "environments", "monitor", "sanity", "doctor")


def find_page(widget: QWidget, key: str) -> QWidget | None:
    """The page under ``key`` in the window that holds ``widget`` (None outside a main window)."""
    window = widget.window() if widget is not None else None
    finder = getattr(window, "page", None)
    return finder(key) if callable(finder) else None


def show_page(widget: QWidget, key: str) -> bool:
    """Switch the window that holds ``widget`` to the page under ``key``; False where there is none."""
    window = widget.window() if widget is not None else None
    shower = getattr(window, "show_page", None)
    return bool(shower(key)) if callable(shower) else False
