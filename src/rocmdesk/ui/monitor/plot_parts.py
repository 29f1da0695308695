"""The Monitor plot's own widgets: its time axis and its readout."""

from __future__ import annotations

import time

import pyqtgraph as pg
from PySide6.QtCore import QDateTime, QEvent, QLocale, QSize
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import QSizePolicy, QWidget



class TimeAxis(pg.DateAxisItem):
    """Local clock times; a day is labelled "Thu 3 Dec", not pyqtgraph's "Thu 03" (which reads as 03:00)."""

    def tickStrings(self, values, scale, spacing):  # noqa: N802 (pyqtgraph's name)
        if spacing >= 86400 and spacing < 28 * 86400:
            return [QLocale().toString(QDateTime.fromSecsSinceEpoch(int(v)).date(), "ddd d MMM") for v in values]
        if spacing < 60:
            return super().tickStrings(values, scale, spacing)
        out = []
        for v in values:
            try:
                t = time.localtime(v)
            except (OverflowError, OSError, ValueError):
                out.append("")
                continue
            out.append(time.strftime("%a", t) if (t.tm_hour, t.tm_min) == (0, 0) else time.strftime("%H:%M", t))
        return out


class Readout(QWidget):
    """The plot's legend and values in one line of its own, wrapped: a lead ("latest", or the cursor's time), then
    per series a coloured swatch, its label and its value.  An item is never broken (a label never parts from its
    swatch, 显 never from 卡); lines break only between items.  Its height is the plot's to set (:meth:`fit`).

    Painted here rather than by a rich-text QLabel: at every sample a label parsed its HTML again, asked the
    plot's layout again (a label's ``setText`` always does) and laid the document out to paint it, a sixth of what
    the whole Monitor window spent in the 1-minute view.  :meth:`text` gives what it says as plain text."""

    SWATCH = "\u25a0"
    GAP = "\u00a0\u00a0 "  # between two items on one line (the plain space is where a line may break)

    def __init__(self) -> None:
        super().__init__()
        self._lead = ""
        self._items: tuple[tuple[QColor, str, str], ...] = ()  # (swatch colour, label, value) per series
        self._widths: list[tuple[int, int]] = []  # per drawn item: (swatch advance, text advance); the lead's swatch 0
        self._lines = 1
        self._advances: dict[str, int] = {}  # text -> its width in this font: values recur, labels never change
        self._gap = self.fontMetrics().horizontalAdvance(self.GAP)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.setFixedHeight(self.fontMetrics().lineSpacing() + 2)

    # ---- contents ----------------------------------------------------------------------------------
    def set_items(self, lead: str, items: list[tuple[QColor, str, str]]) -> None:
        """What the readout says; nothing is laid out or repainted when it says the same as before."""
        items_t = tuple(items)
        if lead == self._lead and items_t == self._items:
            return
        self._lead, self._items = lead, items_t
        self._measure()
        self.setAccessibleName(self.text())
        self.update()

    def _advance(self, text: str) -> int:
        width = self._advances.get(text)
        if width is None:
            if len(self._advances) > 1024:  # a day of changing values: start again rather than grow
                self._advances.clear()
            width = self._advances[text] = self.fontMetrics().horizontalAdvance(text)
        return width

    def _measure(self) -> None:
        swatch = self._advance(self.SWATCH)
        self._widths = ([(0, self._advance(self._lead))] if self._lead else []) + [
            (swatch, self._advance(self._item_text(label, value))) for _c, label, value in self._items]

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.FontChange:  # widths and line height are the font's: measure again
            self._advances.clear()
            self._gap = self.fontMetrics().horizontalAdvance(self.GAP)
            self._measure()
            self._lines = 0  # the next fit() sets the height anew
            self.setFixedHeight(self.fontMetrics().lineSpacing() + 2)
            self.update()
        super().changeEvent(event)

    @staticmethod
    def _item_text(label: str, value: str) -> str:
        return f"\u00a0{label}\u00a0{value}"

    def text(self) -> str:
        """What the readout says, as drawn (non-breaking spaces inside an item, a plain space between items)."""
        parts = ([self._lead] if self._lead else []) + [
            f"{self.SWATCH}{self._item_text(label, value)}" for _c, label, value in self._items]
        return self.GAP.join(parts)

    # ---- layout ------------------------------------------------------------------------------------
    def lines(self, width: int) -> list[list[tuple[int, int]]]:
        """The items laid out at ``width``: per line, (item number, x) of each item; an item wider than the line
        has a line of its own (and is cut at the edge)."""
        gap = self._gap
        out: list[list[tuple[int, int]]] = [[]]
        x = 0
        for i, (sw, tw) in enumerate(self._widths):
            w = sw + tw
            if out[-1]:
                if x + gap + w > width:
                    out.append([])
                    x = 0
                else:
                    x += gap
            out[-1].append((i, x))
            x += w
        return out

    def fit(self, width: int, most: int) -> None:
        """As many lines (up to ``most``) as the items need at ``width``: a fixed height, set only when it changes."""
        lines = max(1, min(most, len(self.lines(max(50, width)))))
        if lines != self._lines:
            self._lines = lines
            self.setFixedHeight(lines * self.fontMetrics().lineSpacing() + 2)

    def hasHeightForWidth(self) -> bool:  # noqa: N802 (Qt's name)
        return False  # or a scroll area of plots sizes every plot by pyqtgraph's 480 px preferred height

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        return QSize(0, self.maximumHeight())  # the fixed height fit() set

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        return QSize(0, self.maximumHeight())

    # ---- painting ----------------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
        if not self._widths:
            return
        fm = self.fontMetrics()
        line_h, ascent = fm.lineSpacing(), fm.ascent()
        painter = QPainter(self)
        text_pen = self.palette().color(self.foregroundRole())
        lead = 1 if self._lead else 0
        for row, line in enumerate(self.lines(self.width())):
            y = 1 + row * line_h + ascent
            if y - ascent > self.height():
                break
            for i, x in line:
                if i < lead:
                    painter.setPen(text_pen)
                    painter.drawText(x, y, self._lead)
                    continue
                color, label, value = self._items[i - lead]
                painter.setPen(color)
                painter.drawText(x, y, self.SWATCH)
                painter.setPen(text_pen)
                painter.drawText(x + self._widths[i][0], y, self._item_text(label, value))
        painter.end()
