"""The arrays a Monitor plot draws, made from a history window without Qt: a line with gaps, dots for values a
line is too short to show, the min/max band, a live view's pages, and byte counts in the units cards are sold in."""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from rocmdesk.telemetry.history import Window


def format_bytes(n: float) -> str:
    """Binary units, as GPU memory is sold and reported: 7.4 GiB, 512 MiB."""
    size = float(n)
    for unit in ("B", "KiB", "MiB", "GiB", "TiB"):
        if abs(size) < 1024 or unit == "TiB":
            if unit == "B":
                return f"{size:.0f} B"
            return f"{size:.0f} {unit}" if abs(size) >= 100 else f"{size:.1f} {unit}" if abs(size) >= 10 else f"{size:.2f} {unit}"
        size /= 1024
    return f"{size:.1f} TiB"


def band_segments(t: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """x, y pairs of a vertical stroke from min to max per bucket (NaN buckets left out), for connect="pairs".

    At about one bucket per pixel the strokes make a solid band; a filled polygon of the same outline
    zig-zags over the whole height and cost ~40 ms a series to paint (8 series: a third of a second)."""
    ok = np.isfinite(lo) & np.isfinite(hi)
    n = int(ok.sum())
    x = np.empty(2 * n, dtype=np.float64)
    y = np.empty(2 * n, dtype=np.float64)
    x[0::2] = x[1::2] = t[ok]
    y[0::2] = lo[ok]
    y[1::2] = hi[ok]
    return x, y


def line_data(t: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray | str]:
    """x, y and pyqtgraph's ``connect`` for a line with gaps: NaN points get a neighbour's value and no
    segment.  (``connect="finite"`` sometimes left out every segment after a gap once the data was set again.)"""
    finite = np.isfinite(y)
    if finite.all():
        return t, y, "all"
    if not finite.any():
        return t[:0], y[:0], "all"
    idx = np.where(finite, np.arange(len(y)), 0)
    np.maximum.accumulate(idx, out=idx)  # forward fill ...
    first = int(np.argmax(finite))
    idx[:first] = first  # ... and the leading gap from the first value
    filled = y[idx]
    connect = np.zeros(len(y), dtype=np.int32)
    connect[:-1] = finite[:-1] & finite[1:]
    return t, filled, connect


def lone_points(t: np.ndarray, y: np.ndarray, min_dt: float = 0.0) -> tuple[np.ndarray, np.ndarray]:
    """x, y of the values on pieces of :func:`line_data`'s line no longer than ``min_dt``: the only sample so
    far, a reading between two gaps, the first seconds of a history in a 24-hour view.  pyqtgraph draws
    nothing for a line of one point (and a speck for one under a pixel), so the plot marks these with dots."""
    idx = np.flatnonzero(np.isfinite(y))
    if not idx.size:
        return t[:0], y[:0]
    starts = np.flatnonzero(np.diff(idx, prepend=-2) > 1)  # each run of neighbouring values is one piece
    ends = np.append(starts[1:], idx.size) - 1
    short = t[idx[ends]] - t[idx[starts]] <= min_dt
    sel = idx[np.repeat(short, ends - starts + 1)]
    return t[sel], y[sel]


def last_line_start(body: Window) -> int:
    """Where ``body``'s last line starts: the index after its last gap (``len(body)`` when a gap ends it)."""
    gaps = np.flatnonzero(~np.isfinite(body.mean))
    return int(gaps[-1]) + 1 if gaps.size else 0


def joined_lone_points(body: Window, tail: Window, min_dt: float, body_dots: tuple[np.ndarray, np.ndarray],
                       joined: Callable[[], Window], run_from: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    """:func:`lone_points` of ``join_windows(body, tail)``, given the body's own (``body_dots``), looking only at the
    tail where it can: while the body ends in a line longer than ``min_dt`` (or in a gap), the tail adds no dot on
    the body and none of its own until its first gap.  A live plot's sample then costs a look at its tail, not at
    every point in view.  ``joined``: the joined window, made only when the body's last line is short enough for
    the tail to change its dots (a young history).  ``run_from``: the body's ``last_line_start``, when the caller
    keeps it (the body stays the same for many samples)."""
    if not len(body):
        w = joined()
        return lone_points(w.t, w.mean, min_dt)
    if run_from is None:
        run_from = last_line_start(body)
    if run_from < len(body) and float(body.t[-1] - body.t[run_from]) <= min_dt:
        w = joined()
        return lone_points(w.t, w.mean, min_dt)
    new = tail.t > body.t[-1]  # what join_windows keeps of the tail
    t, y = tail.t[new], tail.mean[new]
    holes = np.flatnonzero(~np.isfinite(y))
    if run_from < len(body) and not holes.size:
        return body_dots
    cut = 0 if run_from == len(body) else int(holes[0])  # the tail's own lines start after its first gap
    tx, ty = lone_points(t[cut:], y[cut:], min_dt)
    return np.concatenate((body_dots[0], tx)), np.concatenate((body_dots[1], ty))


def page_edges(view_to: float, span: float, step: float, lead: float = 0.0) -> tuple[float, float]:
    """A live view's x range, (start, end): its end moves only in steps of ``step`` seconds, far enough to keep
    ``view_to`` plus ``lead`` inside.  The view holds still between steps and only its newest strip is drawn
    again; a view scrolling with every sample repaints every pixel of every plot at every sample."""
    end = math.ceil((view_to + lead) / step) * step
    return end - span, end


def join_windows(body: Window, tail: Window | None) -> Window:
    """The body's points and then the tail's after the body's last one (the tail starts on it, so the lines join)."""
    if tail is None or not len(tail):
        return body
    if not len(body):
        return tail
    keep = tail.t > body.t[-1]
    return Window(t=np.concatenate((body.t, tail.t[keep])),
                  min=np.concatenate((body.min, tail.min[keep])), max=np.concatenate((body.max, tail.max[keep])),
                  mean=np.concatenate((body.mean, tail.mean[keep])), bucket_s=body.bucket_s, level=body.level)


def tail_grew(old: Window, new: Window) -> bool:
    """Whether ``new`` is ``old`` with points added after it (its last one may have changed: a bucket filling): a
    live plot then repaints from the old tail's last segment on, not the whole tail."""
    n = len(old) - 1
    if n < 1 or len(new) < n + 1 or old.bucket_s != new.bucket_s:
        return False
    # the bytes compared, not the values: a tail of a few dozen points, at every sample of every series, where
    # numpy's array_equal cost more than the rest of the check (a NaN copied is the same bytes; a value that
    # only compares equal, 0.0 and -0.0, says "not grown", and the whole tail is drawn again: never too little)
    return all(a[:n].tobytes() == b[:n].tobytes() and a.dtype == b.dtype
               for a, b in ((old.t, new.t), (old.mean, new.mean), (old.min, new.min), (old.max, new.max)))


def extent(windows: list[Window | None], since: float = -math.inf) -> tuple[float, float]:
    """(lowest min, highest max) of the windows' finite values from ``since`` on (a bucket reaching into it counts);
    (inf, -inf) when there is none."""
    # one reduction over all the windows: a plot fits its y range to 8 bodies and 8 tails at every sample
    mins, maxes = [], []
    for w in windows:
        if w is None or not len(w):
            continue
        if since == -math.inf:
            mins.append(w.min)
            maxes.append(w.max)
        else:
            seen = w.t >= since - w.bucket_s
            mins.append(w.min[seen])
            maxes.append(w.max[seen])
    if not mins:
        return math.inf, -math.inf
    lows, highs = np.concatenate(mins), np.concatenate(maxes)
    lows, highs = lows[np.isfinite(lows)], highs[np.isfinite(highs)]
    return (float(lows.min()) if lows.size else math.inf), (float(highs.max()) if highs.size else -math.inf)
