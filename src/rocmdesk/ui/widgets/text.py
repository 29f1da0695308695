"""Labels that wrap, can be copied, and never interpret machine text as HTML."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QEnterEvent, QPalette
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

_SELECTABLE = Qt.TextInteractionFlag.TextSelectableByMouse


class CopyableLabel(QLabel):
    """A label whose text the mouse can select and copy.

    Qt gives a selectable label a text document of its own and lays its text out through it, ~0.4 ms a label where
    the Overview alone shows ~60 (a third of the time it takes to show a report).  A selection starts with a press on
    the label, so the pointer always comes over it first: the label becomes selectable then, the first time."""

    def enterEvent(self, event: QEnterEvent) -> None:
        make_selectable(self)
        super().enterEvent(event)


def make_selectable(label: QLabel) -> None:
    """Let the mouse select ``label``'s text now (a ``CopyableLabel`` does it when the pointer first comes over)."""
    if not label.textInteractionFlags() & _SELECTABLE:
        label.setTextInteractionFlags(label.textInteractionFlags() | _SELECTABLE)


def text_label(text: str, parent: QWidget | None = None, *, small: bool = False, muted: bool = False,
               bold: bool = False, scale: float = 1.0) -> QLabel:
    label = CopyableLabel(parent)
    label.setTextFormat(Qt.TextFormat.PlainText)  # device names and errors may contain '<'
    label.setText(text)
    label.setWordWrap(True)
    label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
    font = label.font()
    if small:
        scale *= 0.9
    if scale != 1.0 and font.pointSizeF() > 0:
        font.setPointSizeF(font.pointSizeF() * scale)
    font.setBold(bold)
    label.setFont(font)
    if muted:
        pal = label.palette()
        pal.setColor(label.foregroundRole(), muted_colour(pal))
        label.setPalette(pal)
    return label


def format_bytes(n: int | None) -> str | None:
    """Binary units, as GPU memory is sold and reported (8 GiB, 192 GiB)."""
    if n is None:
        return None
    size = float(n)
    for unit in ("B", "KiB", "MiB", "GiB", "TiB"):
        if size < 1024 or unit == "TiB":
            return f"{size:.0f} {unit}" if unit == "B" or size >= 100 else f"{size:.1f} {unit}"
        size /= 1024
    return None


def muted_colour(pal: QPalette) -> QColor:
    """Text colour two thirds of the way from background to text: quieter, still readable (light or dark theme)."""
    fg, bg = pal.color(QPalette.ColorRole.WindowText), pal.color(QPalette.ColorRole.Window)
    return QColor(*(round(b + (f - b) * 0.68) for f, b in ((fg.red(), bg.red()), (fg.green(), bg.green()),
                                                              (fg.blue(), bg.blue()))))
