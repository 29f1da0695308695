"""A time-series plot of :class:`~rocmdesk.telemetry.history.History` series that stays cheap with 24 h of 10 Hz data.

The plot never gives pyqtgraph the history's arrays: each refresh asks ``History.window`` for
about one point per pixel of the plot's width, per series, and draws each point's mean as the
line plus a light band between the min and max of the samples behind it, so a one-sample spike
in a 24-hour view still reaches its height.  The line and band items are made once per series
and fed small arrays (``setData``); a refresh whose history and view have not moved does nothing.

Live views step instead of scrolling at every sample (issue 19): the view's right edge moves in steps of
1/8 of the span (``plot_data.page_edges``), so the body of each line (fetched up to the last step) stays
put and a new sample redraws only the short *tail* after it: a strip a few pixels wide, not every pixel of
every plot.  The y range is kept while the data fit in it.  The readout follows each sample.

NaN values (a GPU that vanished, a sensor the card lacks) are gaps in the line and the band; a value no line of a dot's width reaches
(the first sample, a reading between gaps) is a dot, as pyqtgraph draws no line through one point.
Paused, the data stops at the moment of the pause and the user may drag and scroll along the time
axis; the plot then re-reads the history for what is in view (a zoom into the 24-hour view shows
finer detail).
"""

from __future__ import annotations

import math
import os
import time
from dataclasses import dataclass

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QDateTime, QEvent, QLocale, QObject, QPointF, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGraphicsItem, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from rocmdesk.telemetry.history import History, Window
from rocmdesk.ui.monitor.series_item import SeriesItem
from rocmdesk.ui.monitor.plot_data import (  # noqa: F401 (format_bytes: the view's and tests' import)
    band_segments,
    format_bytes,
    extent,
    join_windows,
    joined_lone_points,
    last_line_start,
    line_data,
    lone_points,
    page_edges,
    tail_grew,
)
from rocmdesk.ui.monitor.plot_parts import Readout, TimeAxis


MIN_SPAN_S = 60.0
MAX_SPAN_S = 86400.0
DEFAULT_SPAN_S = 600.0
SNAP = 8  # a live view steps by span/SNAP (see the module doc): 7.5 s in the 1-minute view
# distinct on light and dark backgrounds, one per GPU of an 8-GPU box
PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf")
THRESHOLD_COLOR = "#c0392b"
BAND_ALPHA = 70
DOT_PX = 6  # the dots on values too short a line would show (lone_points)


@dataclass
class _Curve:
    name: str
    label: str
    color: QColor
    index: int  # its series in the plot's SeriesItem: "line" and "band" (the body), "tail" and "tail_band" (a live
    # view's newest strip, drawn alone between the view's steps), and its dots
    body: Window | None = None  # what "line" and "band" show
    tail: Window | None = None  # the tail alone
    body_dots: tuple[np.ndarray, np.ndarray, float] | None = None  # the body's lone points, for this dot size
    body_run_from: int | None = None  # where the body's last line starts (plot_data.last_line_start)
    _joined: Window | None = None

    @property
    def window(self) -> Window | None:
        """Body and tail: all that is drawn (joined when first asked for: a sample draws only the tail)."""
        if self.body is None or self.tail is None:
            return self.body
        if self._joined is None:
            self._joined = join_windows(self.body, self.tail)
        return self._joined

    def set_window(self, body: Window | None, tail: Window | None = None) -> None:
        if body is not self.body:
            self.body_dots = self.body_run_from = None
        self.body, self.tail, self._joined = body, tail, None


class MetricPlot(QWidget):
    """One metric over time for one or more series (e.g. the power of every GPU), with a cursor readout."""

    cursorMoved = Signal(float, dict)  # t (epoch s), {series name: value or None} at the cursor
    cursorLeft = Signal()  # the pointer left the plot: linked plots hide their cursors too

    def __init__(self, history: History, title: str, unit: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._history = history
        self._unit = unit
        self._span = DEFAULT_SPAN_S
        self._paused = False
        self._now: float | None = None  # end of the live view at the last refresh
        self._frozen: float | None = None  # paused: no data after this time is shown
        self._key: tuple | None = None  # what the drawn data was fetched for
        self._tail_key: tuple | None = None  # ... and the tail of a live view
        self._x_shown: tuple[float, float] | None = None
        self._curves: list[_Curve] = []
        self._threshold: float | None = None
        self._threshold_text = ""
        self._y_hint: tuple[float | None, float | None] = (None, None)
        self._cursor_t: float | None = None
        self._readout_newest: float | None = None
        self._setting_range = False
        self._fitted: tuple[float, float, float] | None = None  # (x0, lo, hi) of the data the y range was fitted to
        self.fetches = 0  # times the history was read (tests, benchmarks)

        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(2)
        header = QHBoxLayout()
        header.setContentsMargins(6, 2, 6, 0)
        self.title_label = QLabel(title)
        font = self.title_label.font()
        font.setBold(True)
        self.title_label.setFont(font)
        self.state_label = QLabel(self.tr("paused: drag to pan, scroll to zoom"))
        self.state_label.setVisible(False)
        # the readout doubles as the legend (a swatch and a label per series): a legend box inside the plot
        # hides the data under it.  It has a line of its own; a long one is cut, it never widens the window
        # (a wrapping label in a scrolled grid makes every plot as tall as its narrowest layout).
        self.readout = Readout()
        header.addWidget(self.title_label)
        header.addWidget(self.state_label)
        header.addStretch(1)
        outer.addLayout(header)
        readout_row = QHBoxLayout()
        readout_row.setContentsMargins(6, 0, 6, 0)
        readout_row.addWidget(self.readout, 1)
        outer.addLayout(readout_row)

        self.plot_widget = pg.PlotWidget(axisItems={"bottom": TimeAxis(orientation="bottom")})
        self.plot_widget.setBackground(self.palette().color(self.backgroundRole()))
        self.plot_widget.setAccessibleName(title)
        outer.addWidget(self.plot_widget, 1)
        item = self.plot_widget.getPlotItem()
        item.showGrid(x=True, y=True, alpha=0.25)
        item.setMenuEnabled(False)
        item.hideButtons()
        item.setMouseEnabled(x=False, y=False)
        left = item.getAxis("left")
        left.enableAutoSIPrefix(False)  # never "kMHz"
        if unit == "B":  # memory in GiB, as cards are sold and the readouts say
            left.setScale(1 / 2**30)
            item.setLabel("left", units="GiB")
        else:
            item.setLabel("left", units=unit)
        left.setWidth(52)  # the same width in every plot, so stacked plots line up in time
        # the axes draw the grid over the whole view: cached as pixmaps, a new sample's strip is copied from them
        # instead of replaying every tick label (1.5 ms a plot, a sample; they are drawn again when they change).
        # Nothing is cut: the cache is clipped to an axis's bounds, and pyqtgraph keeps only labels inside them
        for name in ("left", "bottom"):
            item.getAxis(name).setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.vb = item.getViewBox()
        self.vb.disableAutoRange()

        fg = self.palette().color(self.foregroundRole())
        self._cursor_line = pg.InfiniteLine(angle=90, movable=False, pen=pg.mkPen(fg, width=1, style=Qt.PenStyle.DotLine))
        self._cursor_line.setVisible(False)
        item.addItem(self._cursor_line, ignoreBounds=True)
        self._threshold_line = pg.InfiniteLine(
            angle=0, movable=False, pen=pg.mkPen(THRESHOLD_COLOR, width=1.5, style=Qt.PenStyle.DashLine),
            # the label sits above the line at the right end, in head room _fit_y keeps for it: limits are tops,
            # so the data stays below the line and the label covers none of it
            label="", labelOpts={"position": 0.99, "color": THRESHOLD_COLOR, "anchors": [(1, 1), (1, 1)],
                                 "fill": pg.mkBrush(255, 255, 255, 200)})
        self._threshold_line.setVisible(False)
        self._threshold_line.setZValue(20)  # its label stays readable over the data
        item.addItem(self._threshold_line, ignoreBounds=True)
        self._layer = SeriesItem(DOT_PX)  # every series' lines, bands and dots (see series_item)
        item.addItem(self._layer, ignoreBounds=True)
        self.vb.sigRangeChanged.connect(self._sync_layer_rect)
        self.vb.sigResized.connect(self._sync_layer_rect)
        # said over the plot while no series has a value in view, so an empty plot is never a puzzle
        self.empty_label = QLabel(self.tr("no data yet"), self.plot_widget)
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_label.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.empty_label.setStyleSheet("color: palette(mid); background: transparent;")
        self._empty_text = self.tr("no data yet")

        self._refetch = QTimer(self)  # paused: one re-read per burst of pan/zoom events
        self._refetch.setSingleShot(True)
        self._refetch.setInterval(0)
        self._refetch.timeout.connect(self._refetch_view)
        self.vb.sigXRangeChanged.connect(self._view_moved)
        self.vb.sigResized.connect(self._view_moved)
        self.plot_widget.scene().sigMouseMoved.connect(self._mouse_moved)
        self.plot_widget.installEventFilter(self)
        self._show_readout()

    def sizeHint(self) -> QSize:
        # pyqtgraph's view asks for 480 px of height; a page of stacked plots wants them to share the height
        return QSize(420, 200)

    # ---- contract ---------------------------------------------------------------------------------
    def set_series(self, series: list[tuple[str, str]], colors: list[int] | None = None) -> None:
        """Plot these history series, (name, legend label) each; replaces what was plotted.

        ``colors``: a palette slot per series (so GPU 3 has the same colour in every plot); default by position."""
        known = set(self._history.series)
        for name, _ in series:
            if name not in known:
                raise KeyError(name)
        self._curves = []
        pens = []
        for i, (name, label) in enumerate(series):
            slot = colors[i] if colors is not None and i < len(colors) else i
            color = QColor(PALETTE[slot % len(PALETTE)])
            fill = QColor(color)
            fill.setAlpha(BAND_ALPHA)
            pens.append((color, fill))
            self._curves.append(_Curve(name, label, color, i))
        self._layer.set_colors(pens)
        self._key = None
        self._redraw()
        self._sync_empty()

    def set_history(self, history: History) -> None:
        """Plot another history (a new machine's): what was drawn from the old one is fetched again."""
        if history is not self._history:
            self._history = history
            self._key = None

    def shown_range(self) -> tuple[float, float]:
        """The time range on screen."""
        x0, x1 = self.vb.viewRange()[0]
        return float(x0), float(x1)

    def set_span(self, seconds: float) -> None:
        """Show the last ``seconds`` (clamped to 1 minute .. 24 hours)."""
        self._span = min(MAX_SPAN_S, max(MIN_SPAN_S, float(seconds)))
        if self._paused and self._frozen is not None:
            self._set_x(self._frozen - self._span, self._frozen)
            self._refetch_view()
        else:
            self._redraw()

    def set_paused(self, paused: bool) -> None:
        """Paused: the data stops where it was and the user may pan and zoom; refresh() does nothing."""
        paused = bool(paused)
        if paused == self._paused:
            return
        self._paused = paused
        self.state_label.setVisible(paused)
        self.plot_widget.getPlotItem().setMouseEnabled(x=paused, y=False)
        if paused:
            self._frozen = self._now if self._now is not None else time.time()
        else:
            self._frozen = None
            self._key = self._x_shown = None
            self._redraw()

    def refresh(self, now: float | None = None) -> None:
        """Follow the history up to ``now`` (default: the wall clock); nothing to do when nothing moved."""
        if self._paused:
            return
        self._now = time.time() if now is None else float(now)
        self._show(self._now - self._span, self._now, live=True)

    def export_png(self, path: str | os.PathLike) -> None:
        """The plot as it is on screen (title, readout, legend and axes), at the widget's size."""
        if not self.grab().save(os.fspath(path), "PNG"):
            raise OSError(f"could not write {os.fspath(path)!r}")

    def set_threshold(self, value: float | None, label: str = "") -> None:
        """A dashed horizontal line (the junction's critical temperature, the power cap); None removes it."""
        value = None if value is None or not math.isfinite(value) else float(value)
        if (value, label) == (self._threshold, self._threshold_text):
            return  # the page sets it at every sample: no repaint when it did not change
        self._threshold, self._threshold_text = value, label
        line = self._threshold_line
        if self._threshold is None:
            line.setVisible(False)
        else:
            text = f"{label} {self.format_value(self._threshold)}".strip()
            line.setVisible(True)  # first: a hidden label does not take new text
            line.setPos(self._threshold)
            line.label.setFormat(text.replace("{", "{{").replace("}", "}}"))
        self._fit_y()

    # ---- additions --------------------------------------------------------------------------------
    @property
    def span(self) -> float:
        return self._span

    @property
    def paused(self) -> bool:
        return self._paused

    def series(self) -> list[tuple[str, str]]:
        return [(c.name, c.label) for c in self._curves]

    def set_y_hint(self, minimum: float | None = None, maximum: float | None = None) -> None:
        """Values the y axis always includes (0 and 100 for a percentage), besides the data."""
        self._y_hint = (minimum, maximum)
        self._fit_y()

    def curve_data(self, name: str) -> Window | None:
        """The window a series is drawn from (the last one fetched)."""
        for c in self._curves:
            if c.name == name:
                return c.window
        raise KeyError(name)

    def drawn(self, name: str, part: str = "line") -> tuple[np.ndarray, np.ndarray]:
        """The points a series' part is drawn through: "line" and "band" (the body), "tail" and "tail_band" (a live
        view's newest strip), or "dots" (values no line shows); empty arrays where it draws nothing."""
        for c in self._curves:
            if c.name == name:
                s = self._layer.series[c.index]
                if part == "dots":
                    return s.dots_x, s.dots_y
                stroke = s.parts.get(part)
                return (stroke.x, stroke.y) if stroke is not None else (np.empty(0), np.empty(0))
        raise KeyError(name)

    def values_at(self, t: float) -> dict[str, float | None]:
        """Each series' drawn value at time t (a bucket's mean), None where there is none."""
        return {c.name: self._value(c, t)[0] for c in self._curves}

    def set_cursor(self, t: float) -> dict[str, float | None]:
        """Put the cursor at t: the readout shows the values there and cursorMoved is emitted."""
        self._cursor_t = float(t)
        self._cursor_line.setPos(self._cursor_t)
        self._cursor_line.setVisible(True)
        values = self.values_at(self._cursor_t)
        self._show_readout()
        self.cursorMoved.emit(self._cursor_t, values)
        return values

    def hide_cursor(self) -> None:
        self._cursor_t = None
        self._cursor_line.setVisible(False)
        self._show_readout()

    def format_value(self, value: float | None, unit: bool = True) -> str:
        if value is None or not math.isfinite(value):
            return "\u2014"
        if self._unit == "B":
            return format_bytes(value)
        a = abs(value)
        digits = 0 if a >= 100 or float(value).is_integer() else 1 if a >= 10 else 2
        locale = self.locale()
        locale.setNumberOptions(QLocale.NumberOption.OmitGroupSeparator)  # "2521 MHz": a readout, not prose
        text = locale.toString(float(value), "f", digits)
        return f"{text} {self._unit}" if self._unit and unit else text

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if obj is self.plot_widget:
            if event.type() == QEvent.Type.Leave:
                self.hide_cursor()
                self.cursorLeft.emit()
            elif event.type() == QEvent.Type.Resize:
                self.empty_label.setGeometry(self.plot_widget.rect())
                self._fit_readout()
        return super().eventFilter(obj, event)

    def set_empty_text(self, text: str) -> None:
        """What the plot says while it has nothing to draw (e.g. "this GPU has no fan sensor")."""
        self._empty_text = text
        self._sync_empty()

    def has_data(self) -> bool:
        """Whether any drawn series has a value."""
        for c in self._curves:
            for w in (c.body, c.tail):  # not c.window: joining them at every sample only to ask this
                if w is not None and len(w) and bool(np.isfinite(w.mean).any()):
                    return True
        return False

    def _sync_empty(self) -> None:
        empty = not self.has_data()
        self.empty_label.setText(self._empty_text)
        self.empty_label.setVisible(empty)

    # ---- internals --------------------------------------------------------------------------------
    def _width_px(self) -> int:
        w = int(self.vb.width())
        if w < 16:  # not laid out yet
            w = self.width() - 60
        return max(16, w)

    def _redraw(self) -> None:
        if self._paused:
            self._refetch_view()
        elif self._now is not None:
            self._show(self._now - self._span, self._now, live=True)

    def _show(self, view_from: float, view_to: float, live: bool) -> None:
        width = self._width_px()
        span = max(1e-9, view_to - view_from)
        bounds = self._history.span()
        newest = bounds[1] if bounds is not None else None
        names = tuple(c.name for c in self._curves)
        if not live:
            fetch_from = view_from
            fetch_to = max(fetch_from, min(view_to, self._frozen) if self._frozen is not None else view_to)
            max_points = max(2, int(round(width * (fetch_to - fetch_from) / span)))
            key: tuple = (fetch_from, fetch_to, max_points, names)
            if key != self._key:
                self._key, self._tail_key = key, None
                self._fetch(fetch_from, fetch_to, max_points)
            return
        # a live view steps by 1/SNAP of its span (see page_edges); the newest value sits half a dot and a pixel
        # inside the right edge at least, so a lone first sample shows whole
        px_s = span / width
        x0, x1 = page_edges(view_to, span, self._span / SNAP, (DOT_PX / 2 + 1) * px_s)
        moved = self._x_shown is None or abs(self._x_shown[1] - x1) > 1e-6 * span or \
            abs((self._x_shown[1] - self._x_shown[0]) - span) > 1e-6 * span
        if moved:
            self._set_x(x0, x1)
        body_to = x1 - self._span / SNAP
        last = view_to if newest is None else min(newest, view_to)
        # the body is read again when the view steps, or when a sample lands in its part of the view (a young
        # history, a view still at the time of the machine it showed before)
        key = (x0, body_to, names, id(self._history), math.floor(min(last, body_to) / px_s), width)
        if key != self._key:
            self._key, self._tail_key = key, None
            self._fetch(x0, body_to, max(2, int(round(width * (body_to - x0) / span))), tail_to=last)
        else:
            # the tail grows a pixel at a time: samples that land in the last pixel wait for the next one,
            # so a 24-hour view draws again about every 80 s instead of at every sample
            # (a tail cut short of the newest sample, drawn for a clock the view had before, is read again)
            tail_key = (key, math.floor(last / px_s), newest is not None and last >= newest)
            if tail_key != self._tail_key:
                self._tail_key = tail_key
                self._fetch_tails(last, width / span)
                self._fit_y(sticky=True)
                self._show_extras()
            elif moved:
                self._fit_y()
        if newest != self._readout_newest and self._cursor_t is None:
            self._show_readout()  # "latest" values follow every sample, even when the line waits

    def _fetch(self, t_from: float, t_to: float, max_points: int, tail_to: float | None = None) -> None:
        """Read and draw the body from t_from to t_to (and, live, the tail after it up to tail_to)."""
        self.fetches += 1
        for c, w in zip(self._curves, self._history.windows([c.name for c in self._curves], t_from, t_to, max_points)):
            c.set_window(w)
            x, y, connect = line_data(w.t, w.mean)
            self._layer.set_part(c.index, "line", x, y, connect)
            self._set_band(c.index, "band", w, max(1e-9, t_to - t_from) / max(1, max_points))
        if tail_to is not None:
            self._tail_key = None
            self._fetch_tails(tail_to, max_points / max(1e-9, t_to - t_from), repaint=False)
        else:
            for c in self._curves:
                self._clear_tail(c)
        self._fit_y()
        self._show_extras()
        self._layer.update()

    def _fetch_tails(self, t_to: float, px_per_s: float, repaint: bool = True) -> None:
        """Each series from its body's last point to t_to: the strip a live view draws between its steps
        (``repaint``: and repaint that strip alone)."""
        strip = (math.inf, -math.inf)
        starts: dict[int, float] = {}  # curve index -> where its tail starts (its body's last point)
        groups: dict[float, list[_Curve]] = {}  # the series whose bodies end together are read together
        for c in self._curves:
            body = c.body
            if body is None:
                continue
            start = float(body.t[-1]) if len(body) else (self._x_shown[1] - self._span / SNAP if self._x_shown else t_to)
            starts[c.index] = start
            groups.setdefault(start, []).append(c)
        tails: dict[int, Window] = {}
        for start, curves in groups.items():
            if t_to > start:
                max_points = max(2, int(round(px_per_s * (t_to - start))) + 1)
                for c, w in zip(curves, self._history.windows([c.name for c in curves], start, t_to, max_points)):
                    tails[c.index] = w
        for c in self._curves:
            if c.index not in starts:
                continue
            start, body = starts[c.index], c.body
            old = c.tail if c.tail is not None and len(c.tail) else None
            if t_to <= start:
                self._clear_tail(c)
                if old is not None:  # where the old tail was is drawn again
                    strip = (min(strip[0], float(old.t[0])), max(strip[1], float(old.t[-1])))
                continue
            w = tails[c.index]
            x, y, connect = line_data(w.t, w.mean)
            self._layer.set_part(c.index, "tail", x, y, connect)
            self._set_band(c.index, "tail_band", w, 1.0 / max(1e-9, px_per_s))
            c.set_window(body, w)
            if old is not None and tail_grew(old, w):
                # the old tail's points are where they were: only from its last segment on (a bucket still
                # filling, a dot the new point joins to a line) is drawn again, not the whole tail at every sample
                since = float(old.t[-2])
            else:
                since = min(start, float(old.t[0])) if old is not None else start
            last = max(t_to, float(old.t[-1])) if old is not None else t_to
            strip = (min(strip[0], since), max(strip[1], last))
        if repaint and strip[0] <= strip[1]:
            # a margin of a dot and a few pixels: the joint with the body, a dot on the newest value
            margin = (DOT_PX + 4) / max(1e-9, px_per_s)
            self._layer.update_strip(strip[0] - margin, strip[1] + margin)

    def _clear_tail(self, c: _Curve) -> None:
        c.set_window(c.body)
        self._layer.set_part(c.index, "tail", np.empty(0), np.empty(0))
        self._layer.set_part(c.index, "tail_band", np.empty(0), np.empty(0))

    def _set_band(self, index: int, part: str, w: Window, s_per_px: float) -> None:
        if w.bucket_s > 0:
            bx, by = band_segments(w.t, w.min, w.max)
            # strokes as wide as a bucket on screen, so a zoomed-in band stays solid
            px = max(1, min(16, int(round(w.bucket_s / max(1e-9, s_per_px)))))
            self._layer.set_part(index, part, bx, by, "pairs", width=px)
        else:  # raw samples: min == max, nothing to fill
            self._layer.set_part(index, part, np.empty(0), np.empty(0))

    def _show_extras(self) -> None:
        """Dots on values no line shows, the readout, "no data yet"."""
        x0, x1 = self.vb.viewRange()[0]
        s_per_px = (x1 - x0) / self._width_px()
        for c in self._curves:
            if c.body is None:
                continue
            dx, dy = self._dots(c, DOT_PX * s_per_px)
            self._layer.set_dots(c.index, dx, dy)
        self._show_readout()
        self._sync_empty()

    @staticmethod
    def _dots(c: _Curve, min_dt: float) -> tuple[np.ndarray, np.ndarray]:
        """``lone_points`` of all that is drawn; the body's share is kept until the body or the dot size changes."""
        body = c.body
        if body is None:
            return np.empty(0), np.empty(0)
        if c.body_dots is None or c.body_dots[2] != min_dt:
            c.body_dots = (*lone_points(body.t, body.mean, min_dt), min_dt)
        if c.tail is None:
            return c.body_dots[0], c.body_dots[1]
        if c.body_run_from is None:
            c.body_run_from = last_line_start(body)
        return joined_lone_points(body, c.tail, min_dt, c.body_dots[:2], lambda: c.window, c.body_run_from)

    def _sync_layer_rect(self, *args: object) -> None:
        """The series item's bounds: the view's data rectangle and a margin of a dot and a few pixels."""
        (x0, x1), (y0, y1) = self.vb.viewRange()
        w, h = max(1.0, float(self.vb.width())), max(1.0, float(self.vb.height()))
        mx, my = (x1 - x0) * (DOT_PX + 4) / w, (y1 - y0) * (DOT_PX + 4) / h
        self._layer.set_view_rect(QRectF(x0 - mx, y0 - my, x1 - x0 + 2 * mx, y1 - y0 + 2 * my))

    def _set_x(self, x0: float, x1: float) -> None:
        """Show x0..x1."""
        self._setting_range = True
        try:
            self.vb.setXRange(x0, x1, padding=0)
        finally:
            self._setting_range = False
        self._x_shown = (x0, x1)

    def _fit_y(self, sticky: bool = False) -> None:
        """The y range of what is in view, the threshold and the hints, with a margin.  ``sticky``: keep the range
        while what is in view fits in it (a new strip then repaints only itself, not the whole plot)."""
        x0 = self._x_shown[0] if self._x_shown is not None and not self._paused else self.vb.viewRange()[0][0]
        if sticky and self._fitted is not None and self._fitted[0] == x0 and self._tails_within(*self._fitted[1:]):
            return  # the body is what the range was fitted to, and the new strip lies within its values
        lo, hi = extent([w for c in self._curves for w in (c.body, c.tail)], x0)  # body and tail: no join needed
        self._fitted = (x0, lo, hi)
        extra = [v for v in (self._threshold, *self._y_hint) if v is not None]
        for v in extra:
            lo, hi = min(lo, v), max(hi, v)
        if not math.isfinite(lo):
            lo, hi = 0.0, 1.0
        if hi - lo <= 1e-12 * max(1.0, abs(hi)):  # one value, or a flat line: a range around it
            axis_unit = 2.0**30 if self._unit == "B" else 1.0  # the axis counts GiB, not bytes
            pad = max(axis_unit, abs(hi) * 0.05)
        else:
            pad = (hi - lo) * 0.06
        top = pad
        if self._threshold is not None and self._threshold >= hi - pad:
            # head room for the threshold's label: its text height in data units, with a margin
            px = max(40.0, float(self.vb.height()))
            text_px = self.fontMetrics().height() + 6
            top = max(pad, (hi - lo + pad) * text_px / max(1.0, px - text_px))
        # every metric here is a size, a speed or a temperature that is not below zero: a flat 0 (a fan at 0 rpm, an
        # idle GPU) sits on the axis instead of in the middle of a -1..1 range
        bottom = lo - pad
        if lo >= 0 and bottom < 0:  # a sliver below zero keeps the line off the frame; no negative tick shows
            bottom = -0.04 * (hi + top)
        if sticky:
            y0, y1 = self.vb.viewRange()[1]
            if y0 <= bottom + 1e-9 * abs(bottom) and hi + top <= y1 + 1e-9 * abs(y1) and y1 - y0 <= 3 * (hi + top - bottom):
                return
        self._setting_range = True
        try:
            self.vb.setYRange(bottom, hi + top, padding=0)
        finally:
            self._setting_range = False

    def _tails_within(self, lo: float, hi: float) -> bool:
        """Whether every tail's values lie in lo..hi (a gap or no tail at all does)."""
        t_lo, t_hi = extent([c.tail for c in self._curves])
        return lo <= t_lo and t_hi <= hi

    def _view_moved(self, *args: object) -> None:
        if self._paused and not self._setting_range:
            self._refetch.start()
        elif not self._paused and not self._setting_range and self._x_shown is not None:
            self._fit_y()  # a plot made shorter (a readout grown to three lines) needs more head room for the limit

    def _refetch_view(self) -> None:
        if not self._paused:
            return
        x0, x1 = self.vb.viewRange()[0]
        self._key = None  # the view moved: always re-read (and fit y to what is in view)
        self._show(x0, x1, live=False)

    def _value(self, c: _Curve, t: float) -> tuple[float | None, float | None, float | None]:
        """(mean, min, max) of the drawn point nearest to t, if t lies within that point's bucket."""
        w = c.window
        if w is None or not len(w):
            return None, None, None
        i = int(np.searchsorted(w.t, t))
        j = min((k for k in (i - 1, i) if 0 <= k < len(w)), key=lambda k: abs(float(w.t[k]) - t))
        if w.bucket_s > 0:
            tol = w.bucket_s / 2
        else:  # raw samples: within about one sampling interval
            tol = 1.5 * (float(w.t[-1] - w.t[0]) / (len(w) - 1) if len(w) > 1 else 1.0)
        if abs(float(w.t[j]) - t) > tol * (1 + 1e-9) + 1e-6:
            return None, None, None
        vals = (float(w.mean[j]), float(w.min[j]), float(w.max[j]))
        return tuple(None if math.isnan(v) else v for v in vals)  # type: ignore[return-value]

    def _time_text(self, t: float) -> str:
        dt = QDateTime.fromMSecsSinceEpoch(int(round(t * 1000)))
        same_day = dt.date() == QDateTime.currentDateTime().date()
        return self.locale().toString(dt, "HH:mm:ss" if same_day else "ddd HH:mm:ss")

    def _show_readout(self) -> None:
        bounds = self._history.span()
        self._readout_newest = bounds[1] if bounds is not None else None
        if not self._curves:
            self.readout.set_items("", [])
            return
        items = []
        if self._cursor_t is not None:
            lead = self._time_text(self._cursor_t)
            for c in self._curves:
                mean, lo, hi = self._value(c, self._cursor_t)
                text = self.format_value(mean)
                if mean is not None and lo is not None and hi is not None and hi > lo:
                    text += f" ({self.format_value(lo, unit=False)}\u2013{self.format_value(hi, unit=False)})"
                items.append((c.color, c.label, text))
        else:
            lead = self.tr("latest")
            for c in self._curves:
                items.append((c.color, c.label, self.format_value(self._history.latest(c.name))))
        self.readout.set_items(lead, items)
        self._fit_readout()

    def _fit_readout(self) -> None:
        # at least 3 lines allowed, one per series with many GPUs: the legend of 8 GPUs is never cut after the sixth
        self.readout.fit(self.readout.width() if self.readout.width() > 50 else self.width() - 12,
                         max(3, min(len(self._curves), 8)))

    def _mouse_moved(self, pos: QPointF) -> None:
        if self.vb.sceneBoundingRect().contains(pos):
            self.set_cursor(self.vb.mapSceneToView(pos).x())
