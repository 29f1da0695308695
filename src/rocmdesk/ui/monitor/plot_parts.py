"""The Monitor plot's own widgets: its time axis and its readout label."""

from __future__ import annotations

import time

import pyqtgraph as pg
from PySide6.QtCore import QDateTime, QLocale
from PySide6.QtWidgets import QLabel


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


class Readout(QLabel):
    """A wrapping label whose height the plot sets: it must not report height-for-width, or a scroll area
    of plots sizes every plot by pyqtgraph's 480 px preferred height."""

    def __init__(self) -> None:
        super().__init__()
        self._lines = 0
        self._fit_key: tuple[int, int] | None = None

    def hasHeightForWidth(self) -> bool:
        return False

    def fit(self, width: int, most: int) -> None:
        """As many lines (up to ``most``) as the text needs at ``width``: a fixed height, set only when it changes."""
        from PySide6.QtGui import QTextDocument

        width = max(50, width)
        text = self.text()
        # laying the text out costs milliseconds: only when its length or the width changed (new digits in the
        # same places at each sample wrap the same way)
        fit_key = (len(text), width)
        if fit_key == self._fit_key:
            return
        self._fit_key = fit_key
        doc = QTextDocument()
        doc.setDefaultFont(self.font())
        doc.setHtml(text)
        doc.setTextWidth(width)
        line = self.fontMetrics().lineSpacing()
        lines = max(1, min(most, round(doc.size().height() / max(1, line * 1.05))))
        if lines != self._lines:
            self._lines = lines
            self.setFixedHeight(lines * line + 2)
