"""Tab order for widgets built after the page: Qt appends them to the end of the focus chain, so a card
made when detection finishes would come after the buttons below it."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QTableWidget, QWidget


def focusables(container: QWidget) -> list[QWidget]:
    """The widgets inside ``container`` that Tab stops at, in reading order (top to bottom, left to right)."""
    found = [w for w in container.findChildren(QWidget)
             if w.focusPolicy() & Qt.FocusPolicy.TabFocus and w.focusProxy() is None]
    return sorted(found, key=lambda w: (w.mapTo(container, QPoint(0, 0)).y(),
                                        w.mapTo(container, QPoint(0, 0)).x()))


def tab_after(anchor: QWidget, container: QWidget) -> None:
    """Put ``container``'s focusable widgets right after ``anchor`` in the Tab order, in reading order."""
    previous = anchor
    for w in focusables(container):
        QWidget.setTabOrder(previous, w)
        previous = w


class TabLeavingTable(QTableWidget):
    """A table where Tab walks the cells (handy while filling rows in) and then leaves, instead of wrapping
    round to the first cell and trapping the keyboard."""

    def focusNextPrevChild(self, next: bool) -> bool:  # noqa: N802 (Qt's name)
        row, col = self.currentRow(), self.currentColumn()
        last_row, last_col = self.rowCount() - 1, self.columnCount() - 1
        at_end = row < 0 or (row == last_row and col == last_col) if next else row <= 0 and col <= 0
        if self.tabKeyNavigation() and not at_end:
            return super().focusNextPrevChild(next)
        return QWidget.focusNextPrevChild(self, next)  # the next widget of the page, not the next cell
