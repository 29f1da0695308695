"""Every series of one Monitor plot drawn by one graphics item, for a few milliseconds a sample (issue 19).

pyqtgraph's own items (a ``PlotCurveItem`` per line and band, a ``ScatterPlotItem`` per series' dots) run
Python for their bounds and pixel vectors at every repaint and every ``setData``: five items a series, 40 in
a plot of 8 GPUs, and the whole Monitor window spent a fifth of a core on them in the 1-minute view.  This
item holds ready-made ``QPainterPath``s (built by pyqtgraph's ``arrayToQPath``), has the view's rectangle as
its bounds, and is told which strip changed, so a new sample repaints a strip a few pixels wide.

Coordinates are the view's data coordinates (time in epoch seconds, the metric's value); pens are cosmetic,
so widths are pixels.  Dots are drawn in pixels, round whatever the axes' scales.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

PARTS = ("band", "tail_band", "line", "tail")  # what a series draws, bottom to top (the dots go last)


@dataclass
class Stroke:
    """One drawn part of a series: its points (for readers and tests) and the paths made of them, in pieces of
    at most PIECE points, each with the x range it spans (so a strip's repaint strokes only the pieces in it)."""

    x: np.ndarray
    y: np.ndarray
    pieces: list[tuple[float, float, QPainterPath]]  # (lowest x, highest x, path)
    pen: QPen


@dataclass
class SeriesParts:
    color: QColor
    band_color: QColor
    parts: dict[str, Stroke] = field(default_factory=dict)
    dots_x: np.ndarray = field(default_factory=lambda: np.empty(0))
    dots_y: np.ndarray = field(default_factory=lambda: np.empty(0))
    pens: dict[tuple[bool, int], QPen] = field(default_factory=dict)  # (band?, width) -> pen: made once, not per sample

    def pen(self, band: bool, width: int) -> QPen:
        pen = self.pens.get((band, width))
        if pen is None:
            pen = QPen(QBrush(self.band_color if band else self.color), width)
            pen.setCosmetic(True)
            if band:
                pen.setCapStyle(Qt.PenCapStyle.FlatCap)  # a stroke from min to max: no cap beyond either
            self.pens[(band, width)] = pen
        return pen


SMALL = 32  # a live view's tail has a few points: a plain loop makes its path faster than arrayToQPath's setup
# a body of 8 GPUs' lines in a 1-minute view is ~4,400 points: stroked whole, clipped to the strip a new sample
# repaints, at every sample; in pieces, that strip strokes one piece a series (even: "pairs" never split a pair)
PIECE = 128


def path_pieces(x: np.ndarray, y: np.ndarray, connect: object) -> list[tuple[float, float, QPainterPath]]:
    """The path through (x, y) as ``_path`` makes it, in pieces of PIECE points, with each piece's x range.  Pieces
    of a line share their end points, so each segment is in exactly one piece; bands' pairs never straddle two."""
    n = len(x)
    if n <= PIECE:
        return [(float(np.min(x)), float(np.max(x)), _path(x, y, connect))]
    pairs = isinstance(connect, str) and connect == "pairs"
    starts = np.arange(0, n - 1 if not pairs else n, PIECE)
    stops = np.minimum(starts + PIECE + (0 if pairs else 1), n)
    lows, highs = np.minimum.reduceat(x, starts), np.maximum.reduceat(x, starts)
    out = []
    for k, (a, b) in enumerate(zip(starts.tolist(), stops.tolist())):
        links = connect if isinstance(connect, str) else np.asarray(connect)[a:b]
        # reduceat runs to the next start: a line's piece also holds the next piece's first point
        high = max(float(highs[k]), float(x[b - 1]))
        out.append((min(float(lows[k]), float(x[b - 1])), high, _path(x[a:b], y[a:b], links)))
    return out


def _path(x: np.ndarray, y: np.ndarray, connect: object) -> QPainterPath:
    """The path through (x, y) joined as pyqtgraph's ``connect`` says: "all", "pairs", or an array where 0 ends a
    segment at that point."""
    if len(x) > SMALL:
        return pg.arrayToQPath(x, y, connect=connect, finiteCheck=False)
    path = QPainterPath()
    xs, ys = x.tolist(), y.tolist()
    if isinstance(connect, str):
        if connect == "pairs":
            for i in range(0, len(xs) - 1, 2):
                path.moveTo(xs[i], ys[i])
                path.lineTo(xs[i + 1], ys[i + 1])
            return path
        links = [1] * len(xs)
    else:
        links = np.asarray(connect).tolist()
    path.moveTo(xs[0], ys[0])
    for i in range(1, len(xs)):
        if links[i - 1]:
            path.lineTo(xs[i], ys[i])
        else:
            path.moveTo(xs[i], ys[i])
    return path


class SeriesItem(QGraphicsItem):
    """The lines, min/max bands and dots of a plot's series; ``update_strip`` repaints only what changed."""

    def __init__(self, dot_px: float) -> None:
        super().__init__()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)  # paint() is told what to draw
        self._rect = QRectF(0.0, 0.0, 1.0, 1.0)
        self._dot_r = dot_px / 2
        self.series: list[SeriesParts] = []

    # ---- contents ---------------------------------------------------------------------------------
    def set_colors(self, colors: list[tuple[QColor, QColor]]) -> None:
        """One series per (line colour, band colour); drops what was drawn."""
        self.series = [SeriesParts(line, band) for line, band in colors]
        self.update()

    def set_part(self, i: int, part: str, x: np.ndarray, y: np.ndarray, connect: object = "all",
                 width: int = 1) -> None:
        """Series i's ``part`` (one of PARTS) through these points; ``connect`` as pyqtgraph's (``"pairs"`` for
        band strokes, an array for a line with gaps).  An empty x removes the part."""
        s = self.series[i]
        if not len(x):
            s.parts.pop(part, None)
            return
        s.parts[part] = Stroke(x, y, path_pieces(x, y, connect), s.pen(part.endswith("band"), width))

    def set_dots(self, i: int, x: np.ndarray, y: np.ndarray) -> None:
        s = self.series[i]
        s.dots_x, s.dots_y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)

    def part(self, i: int, part: str) -> Stroke | None:
        return self.series[i].parts.get(part)

    # ---- geometry ---------------------------------------------------------------------------------
    def set_view_rect(self, rect: QRectF) -> None:
        """The view's data rectangle (with a margin): the item's bounds, so the scene never asks it for more."""
        if rect != self._rect:
            self.prepareGeometryChange()
            self._rect = QRectF(rect)

    def update_strip(self, x0: float, x1: float) -> None:
        """Repaint the part of the view between times x0 and x1 (every height): a new sample's strip."""
        r = self._rect
        self.update(QRectF(x0, r.top(), max(0.0, x1 - x0), r.height()))

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt's name)
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: object = None) -> None:
        exposed = option.exposedRect
        # a piece whose points lie just outside the exposed strip still paints into it by half its pen's width
        # (bands are up to 16 px wide) and a pixel of rounding
        margin = 10.0 / max(1e-300, abs(painter.transform().m11()))
        left, right = exposed.left() - margin, exposed.right() + margin
        for names in (("band", "tail_band"), ("line", "tail")):
            for s in self.series:
                for name in names:
                    stroke = s.parts.get(name)
                    if stroke is not None:
                        painter.setPen(stroke.pen)
                        for low, high, path in stroke.pieces:
                            if high >= left and low <= right:
                                painter.drawPath(path)
        if not any(len(s.dots_x) for s in self.series):
            return
        # dots in pixels: map their centres, then draw untransformed, so they stay round at any scale
        transform = painter.transform()
        painter.save()
        painter.resetTransform()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(Qt.PenStyle.NoPen)
        r = self._dot_r
        for s in self.series:
            if not len(s.dots_x):
                continue
            painter.setBrush(QBrush(s.color))
            for x, y in zip(s.dots_x.tolist(), s.dots_y.tolist()):
                painter.drawEllipse(transform.map(QPointF(x, y)), r, r)
        painter.restore()
