"""A live view steps instead of scrolling (issue 19): between steps a sample redraws only the newest strip."""

from __future__ import annotations

import math

import numpy as np
import pytest

from rocmdesk.telemetry.history import History, Window
from rocmdesk.ui.monitor.plot_data import extent, join_windows, page_edges, tail_grew


def test_page_edges_step_by_a_sixteenth_and_keep_the_newest_inside() -> None:
    for t in (1000.0, 1003.0, 1003.7, 1010.0):
        x0, x1 = page_edges(t, 60.0, 3.75, lead=0.5)
        assert x1 - x0 == 60.0 and t + 0.5 <= x1 < t + 0.5 + 3.75 and (x1 / 3.75).is_integer()
    assert page_edges(1000.0, 60.0, 3.75) == page_edges(1001.0, 60.0, 3.75)  # the view holds still


def test_join_windows_starts_the_tail_after_the_body() -> None:
    def win(t):
        a = np.asarray(t, dtype=float)
        return Window(t=a, min=a, max=a, mean=a, bucket_s=0.0, level=0)

    joined = join_windows(win([1, 2, 3]), win([3, 4, 5]))
    assert list(joined.t) == [1, 2, 3, 4, 5] and list(joined.mean) == [1, 2, 3, 4, 5]
    assert list(join_windows(win([]), win([4])).t) == [4] and list(join_windows(win([1]), None).t) == [1]


def test_a_sample_between_steps_redraws_only_the_tail(qtbot) -> None:
    from rocmdesk.ui.monitor.plot import MetricPlot

    history = History([f"gpu{i}.power_w" for i in range(8)])
    plot = MetricPlot(history, "Power", "W")
    qtbot.addWidget(plot)
    plot.resize(700, 260)
    plot.show()
    qtbot.waitExposed(plot)
    plot.set_series([(f"gpu{i}.power_w", f"GPU {i}") for i in range(8)])
    plot.set_span(60)
    t = 1_700_000_000.0
    for i in range(120):
        history.append(t + i, [100.0 + 10 * k + (i % 7) for k in range(8)])
        plot.refresh(t + i)
    steps = plot.fetches
    held = plot.shown_range()
    c = plot._curves[0]
    body = plot.drawn(c.name, "line")[0].copy()
    stepped = False
    for i in range(120, 123):
        history.append(t + i, [100.0 + 10 * k + (i % 7) for k in range(8)])
        plot.refresh(t + i)
        stepped |= plot.shown_range() != held
        w = plot.curve_data(c.name)
        assert w.t[-1] == pytest.approx(t + i) and float(w.mean[-1]) == pytest.approx(100.0 + (i % 7))
        assert plot.drawn(c.name, "tail")[0][-1] == pytest.approx(t + i)  # the newest value is drawn, in the tail
    if not stepped:  # three seconds inside one 3.75 s step: no body read, the line before the tail untouched
        assert plot.fetches == steps and np.array_equal(plot.drawn(c.name, "line")[0], body)
    assert plot.fetches <= steps + 1


def test_the_dots_of_a_body_and_its_tail_are_those_of_the_whole() -> None:
    # joined_lone_points looks only at the tail when it can; it must give what lone_points of the whole gives
    from rocmdesk.ui.monitor.plot_data import joined_lone_points, last_line_start, lone_points

    rng = np.random.default_rng(11)

    def win(t, v):
        return Window(t=t, min=v, max=v, mean=v, bucket_s=0.0, level=0)

    for _ in range(1000):
        n = int(rng.integers(0, 12))
        m = int(rng.integers(1, 8))
        t = np.cumsum(rng.uniform(0.2, 2.0, n + m))
        v = rng.uniform(0, 100, n + m)
        v[rng.random(n + m) < rng.choice([0.0, 0.2, 0.5])] = np.nan
        body = win(t[:n], v[:n])
        # the tail starts on the body's last point, as a live plot reads it
        start = max(0, n - 1)
        tail = win(t[start:], v[start:])
        whole = join_windows(body, tail)
        min_dt = float(rng.choice([0.0, 0.5, 2.0, 6.0]))
        want = lone_points(whole.t, whole.mean, min_dt)
        body_dots = lone_points(body.t, body.mean, min_dt)
        got = joined_lone_points(body, tail, min_dt, body_dots, lambda: whole)
        assert np.array_equal(got[0], want[0]) and np.array_equal(got[1], want[1], equal_nan=True), (t, v, n, min_dt)
        if n:  # the plot keeps where the body's last line starts: the same dots with it given
            kept = joined_lone_points(body, tail, min_dt, body_dots, lambda: whole, last_line_start(body))
            assert all(np.array_equal(a, b, equal_nan=True) for a, b in zip(kept, got))


def _segments(path) -> list:
    out, last = [], None
    for i in range(path.elementCount()):
        e = path.elementAt(i)
        if e.isLineTo():
            out.append((last, (e.x, e.y)))
        last = (e.x, e.y)
    return out


@pytest.mark.parametrize("n", [1, 2, 5, 31, 33, 200])
@pytest.mark.parametrize("connect", ["all", "pairs", "array"])
def test_a_short_path_is_the_path_pyqtgraph_makes(qtbot, n: int, connect: str) -> None:
    # the plain loop for a tail's few points and arrayToQPath draw the same segments
    import pyqtgraph as pg

    from rocmdesk.ui.monitor import series_item

    rng = np.random.default_rng(n)
    x, y = np.cumsum(rng.uniform(0.5, 1.5, n)), rng.uniform(0, 100, n)
    links = (rng.random(n) < 0.7).astype(np.int32) if connect == "array" else connect
    if connect == "pairs" and n % 2:
        x, y = x[:-1], y[:-1]
        if not len(x):
            return

    ours = _segments(series_item._path(x, y, links))
    theirs = _segments(pg.arrayToQPath(x, y, connect=links, finiteCheck=False))
    assert ours == theirs


@pytest.mark.parametrize("n", [1, 2, 127, 128, 129, 130, 255, 256, 257, 600])
@pytest.mark.parametrize("connect", ["all", "pairs", "array"])
def test_a_long_path_in_pieces_has_every_segment_once(qtbot, n: int, connect: str) -> None:
    # a strip's repaint strokes only the pieces whose x range meets it: together they must be the whole path,
    # each segment in one piece, within that piece's range
    import pyqtgraph as pg

    from rocmdesk.ui.monitor.series_item import PIECE, path_pieces

    rng = np.random.default_rng(n)
    x, y = np.cumsum(rng.uniform(0.5, 1.5, n)), rng.uniform(0, 100, n)
    if connect == "pairs":  # a band: a (t, min) to (t, max) stroke per bucket
        m = max(1, n // 2)
        x, y = np.repeat(x[:m], 2), rng.uniform(0, 100, 2 * m)
    links = (rng.random(len(x)) < 0.7).astype(np.int32) if connect == "array" else connect
    pieces = path_pieces(x, y, links)
    assert len(pieces) == max(1, -(-(len(x) - (connect != "pairs")) // PIECE))
    got = []
    for low, high, path in pieces:
        segs = _segments(path)
        assert all(low <= p[0] <= high for seg in segs for p in seg)
        got += segs
    assert got == _segments(pg.arrayToQPath(x, y, connect=links, finiteCheck=False))


@pytest.mark.parametrize("span, rate_hz, gaps", [(60, 10.0, False), (60, 1.0, True), (3600, 1.0, False)])
def test_strips_drawn_one_at_a_time_look_like_the_whole_drawn_at_once(qtbot, span: int, rate_hz: float,
                                                                      gaps: bool) -> None:
    # a sample repaints only a strip of the screen: what is on screen must still be what a full redraw gives
    # (the window's own pixels, read back from the platform, not a fresh render of the widget)
    from PySide6.QtWidgets import QApplication

    from rocmdesk.ui.monitor.plot import MetricPlot

    names = [f"gpu{i}.power_w" for i in range(3)]
    history = History(names)
    rng = np.random.default_rng(span)
    t0 = 1_700_000_000.0

    def value(k: int, i: int) -> float:
        if gaps and 73 <= k <= 79 and i == 1:  # it ends between two of the view's steps: the dot on k 80 goes at k 81
            return float("nan")
        return 200.0 + 100 * i + 60 * rng.random()

    n0 = int(span * rate_hz)
    for k in range(n0):
        history.append(t0 + k / rate_hz, [value(k, i) for i in range(3)])

    def make() -> MetricPlot:
        plot = MetricPlot(history, "Power", "W")
        qtbot.addWidget(plot)
        plot.resize(640, 240)
        plot.set_y_hint(0.0, 700.0)  # one y range for both plots: the comparison is about x
        plot.set_series([(n, n) for n in names])
        plot.set_span(span)
        plot.show()
        qtbot.waitExposed(plot)
        return plot

    live = make()
    t = t0 + (n0 - 1) / rate_hz
    live.refresh(t)
    QApplication.processEvents()
    for k in range(n0, n0 + (50 if rate_hz > 1 else 24)):  # samples drawn as they come, up to k 83: no step after 81
        t = t0 + k / rate_hz
        history.append(t, [value(k, i) for i in range(3)])
        live.refresh(t)
        QApplication.processEvents()

    def screen(plot: MetricPlot):
        widget = plot.plot_widget
        corner = widget.mapTo(plot.window(), widget.rect().topLeft())
        return widget.screen().grabWindow(plot.window().winId(), corner.x(), corner.y(), widget.width(),
                                          widget.height()).toImage()

    seen = screen(live)  # before another window shows: that exposes, and so repaints, this one whole
    fresh = make()
    fresh.refresh(t)
    QApplication.processEvents()
    assert live.shown_range() == fresh.shown_range()
    a, b = seen, screen(fresh)
    if span > 60:
        # a day or an hour: a sample that lands in the newest pixel waits for the next one (the plot's design), so
        # the last pixels may differ by that wait; every older column must be the same
        from PySide6.QtCore import QPointF

        edge = live.plot_widget.mapFromScene(live.vb.mapViewToScene(QPointF(t, 0.0))).x() - 3
        a, b = a.copy(0, 0, edge, a.height()), b.copy(0, 0, edge, b.height())
    assert a == b


def _window(t, mean, bucket_s=0.0) -> Window:
    t, mean = np.asarray(t, dtype=float), np.asarray(mean, dtype=float)
    return Window(t=t, min=mean - 1, max=mean + 1, mean=mean, bucket_s=bucket_s, level=0)


def test_tail_grew_only_when_the_old_points_are_still_there() -> None:
    old = _window([1, 2, 3], [5, np.nan, 7])
    assert tail_grew(old, _window([1, 2, 3, 4], [5, np.nan, 7, 8]))  # a point added, a NaN kept
    assert tail_grew(old, _window([1, 2, 3.5], [5, np.nan, 9]))  # the last one may change (a bucket filling)
    assert not tail_grew(old, _window([1, 2.5, 3, 4], [5, np.nan, 7, 8]))  # an old point moved
    assert not tail_grew(old, _window([1, 2, 3, 4], [5, 6, 7, 8]))  # a NaN filled in
    assert not tail_grew(old, _window([1, 2], [5, np.nan]))  # shorter
    assert not tail_grew(old, _window([1, 2, 3, 4], [5, np.nan, 7, 8], bucket_s=1.0))  # another level
    assert not tail_grew(_window([1], [5]), _window([1, 2], [5, 6]))  # one point: nothing to keep
    f32 = Window(t=old.t, min=old.min.astype(np.float32), max=old.max, mean=old.mean, bucket_s=0.0, level=0)
    assert not tail_grew(f32, _window([1, 2, 3, 4], [5, np.nan, 7, 8]))  # other bytes: drawn again, never too little


def _extent_one_by_one(windows, since=-math.inf):
    """extent as the plain loop over windows and their min and max arrays."""
    lo, hi = math.inf, -math.inf
    for w in windows:
        if w is None:
            continue
        for k in range(len(w)):
            if w.t[k] >= since - w.bucket_s:
                if math.isfinite(w.min[k]):
                    lo = min(lo, float(w.min[k]))
                if math.isfinite(w.max[k]):
                    hi = max(hi, float(w.max[k]))
    return lo, hi


def test_extent_is_the_lowest_min_and_highest_max_of_finite_values_in_view() -> None:
    rng = np.random.default_rng(7)
    specials = np.array([np.nan, np.inf, -np.inf], dtype=np.float32)
    for _ in range(300):
        windows = []
        for _ in range(int(rng.integers(0, 6))):
            if rng.random() < 0.15:
                windows.append(None)
                continue
            n = int(rng.integers(0, 12))
            t = np.sort(rng.uniform(0, 100, n))
            lo = rng.normal(0, 50, n).astype(np.float32)
            hi = lo + rng.uniform(0, 10, n).astype(np.float32)
            for arr in (lo, hi):  # gaps, and a bad sensor's infinities, in either array alone
                hit = rng.random(n) < 0.3
                arr[hit] = rng.choice(specials, int(hit.sum()))
            windows.append(Window(t=t, min=lo, max=hi, mean=lo.copy(), bucket_s=float(rng.choice([0.0, 5.0])),
                                  level=0))
        since = float(rng.choice([-math.inf, rng.uniform(-10, 110)]))
        assert extent(windows, since) == _extent_one_by_one(windows, since)
