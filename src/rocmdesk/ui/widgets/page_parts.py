"""Layout pieces every page uses: the scrolled body, bold group boxes, and clearing a layout."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import (
    QBoxLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLayout,
    QWidget,
)

from rocmdesk.ui.widgets.text import text_label


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


def page_header(outer: QBoxLayout, title: str) -> tuple[QLabel, QLabel]:
    """A page's big title with a muted line beside it (which machine, which folder); added to ``outer``."""
    header = QHBoxLayout()
    title_label = text_label(title, bold=True, scale=1.5)
    title_label.setWordWrap(False)
    header.addWidget(title_label)
    where = text_label("", muted=True)
    header.addWidget(where, 1)
    outer.addLayout(header)
    return title_label, where
