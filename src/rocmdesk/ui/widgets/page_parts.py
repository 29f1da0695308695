"""Layout pieces every page uses: the scrolled body, bold group boxes, and clearing a layout."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QGroupBox, QLayout, QWidget


class ScrollBody(QWidget):
    """A page's scrolled content.  Its height comes from height-for-width (wrapped labels at the real width);
    the default minimum, measured at the narrowest width, would make QScrollArea scroll needlessly."""

    def minimumSizeHint(self) -> QSize:
        return QSize(super().minimumSizeHint().width(), 0)


def group_box(title: str) -> QGroupBox:
    """A section with a bold title (its children take :func:`plain` to stay regular)."""
    box = QGroupBox(title)
    font = box.font()
    font.setBold(True)
    box.setFont(font)
    return box


def plain(widget: QWidget) -> QWidget:
    """Undo the bold that a group box's title font would hand down."""
    font = widget.font()
    font.setBold(False)
    widget.setFont(font)
    return widget


def clear_layout(layout: QLayout) -> None:
    """Take every widget and nested layout out of ``layout`` and delete them."""
    while layout.count():
        item = layout.takeAt(0)
        if item.widget() is not None:
            widget = item.widget()
            widget.hide()  # gone now: a deferred delete waits for the event loop
            widget.setParent(None)
            widget.deleteLater()
        elif item.layout() is not None:
            clear_layout(item.layout())
