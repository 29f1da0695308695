"""Bounded metric history with a min/max pyramid: the last minute at full rate, 24 hours without losing peaks.

A :class:`History` holds many series sampled together (one row per tick: every GPU's
temperatures, power, ...).  It keeps several *levels*, each a fixed-size ring buffer:

- level 0: the raw samples (timestamp + value), for the recent past at full rate;
- level k > 0: time buckets of ``bucket_s`` seconds, each with the min, max and mean of the
  raw samples that fell into it.  Buckets are aggregated from the raw values, so a bucket's
  max is the true peak of its span however coarse the level.

:meth:`History.window` answers "this series from t0 to t1 in at most N points": it takes the
finest level that still covers t0 and, when that has more than N points in the range,
merges neighbouring buckets (min of mins, max of maxes).  A plot draws
:meth:`Window.envelope` (min and max of each bucket, interleaved) so spikes survive.

Memory is fixed at construction (:attr:`History.nbytes`, :func:`memory_bound`): values are
float32 (7 significant digits: ~12 KB on 192 GB of VRAM, invisible on a plot), timestamps
float64.  Missing values (a suspended GPU, a sensor the card lacks) are NaN and show as gaps.
No Qt here: a page polls :meth:`History.window` from its timer.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

VALUE_DTYPE = np.float32
TIME_DTYPE = np.float64


@dataclass(frozen=True)
class Level:
    """One level of the pyramid: ``bucket_s`` 0 means raw samples; ``span_s`` is how far back it reaches."""

    bucket_s: float
    span_s: float


# raw 10 minutes (at up to 10 Hz), 1 s buckets for 3 hours, 10 s buckets for 24 hours: a view up to
# ~2000 px wide then always has at least one bucket per pixel
DEFAULT_LEVELS: tuple[Level, ...] = (Level(0.0, 600.0), Level(1.0, 3 * 3600.0), Level(10.0, 24 * 3600.0))
DEFAULT_MAX_RATE_HZ = 10.0


def level_capacity(level: Level, max_rate_hz: float) -> int:
    if level.bucket_s <= 0:
        return max(1, int(math.ceil(level.span_s * max_rate_hz)))
    return max(1, int(math.ceil(level.span_s / level.bucket_s)))


def memory_bound(n_series: int, levels: Sequence[Level] = DEFAULT_LEVELS, max_rate_hz: float = DEFAULT_MAX_RATE_HZ) -> int:
    """Bytes the arrays of a History with these parameters take, whatever runs through it."""
    v = np.dtype(VALUE_DTYPE).itemsize
    t = np.dtype(TIME_DTYPE).itemsize
    total = 0
    for level in levels:
        cap = level_capacity(level, max_rate_hz)
        per_row = t + n_series * v * (1 if level.bucket_s <= 0 else 3)
        total += cap * per_row
        if level.bucket_s > 0:  # the bucket being filled: min, max, sum (float64) and count
            total += n_series * (2 * v + 8 + 8)
    return total


@dataclass
class Window:
    """Part of one series, ready to plot.  At level 0 min, max and mean are the same array."""

    t: np.ndarray  # seconds since the epoch: sample times (raw) or bucket centres
    min: np.ndarray
    max: np.ndarray
    mean: np.ndarray
    bucket_s: float  # 0.0 for raw samples
    level: int

    def __len__(self) -> int:
        return int(self.t.shape[0])

    def envelope(self) -> tuple[np.ndarray, np.ndarray]:
        """x, y for one polyline through each bucket's min and max: peaks survive any zoom."""
        if self.bucket_s <= 0:
            return self.t, self.mean
        n = len(self)
        x = np.empty(2 * n, dtype=TIME_DTYPE)
        y = np.empty(2 * n, dtype=VALUE_DTYPE)
        half = self.bucket_s / 4
        x[0::2] = self.t - half
        x[1::2] = self.t + half
        # the extreme that comes first is unknown inside a bucket; min-then-max reads naturally
        y[0::2] = self.min
        y[1::2] = self.max
        return x, y


class _Ring:
    """Fixed-size ring of rows: a time column and 1 or 3 value planes (series x capacity)."""

    def __init__(self, capacity: int, n_series: int, planes: int) -> None:
        self.capacity = capacity
        self.t = np.full(capacity, np.nan, dtype=TIME_DTYPE)
        # (planes, series, capacity): one series of one plane is contiguous, which is what window() reads
        self.v = np.full((planes, n_series, capacity), np.nan, dtype=VALUE_DTYPE)
        self.head = 0  # next write position
        self.size = 0

    @property
    def nbytes(self) -> int:
        return int(self.t.nbytes + self.v.nbytes)

    def push(self, t: float, rows: np.ndarray) -> None:
        self.t[self.head] = t
        self.v[:, :, self.head] = rows
        self.head = (self.head + 1) % self.capacity
        if self.size < self.capacity:
            self.size += 1

    def _phys(self, i: int) -> int:
        return (self.head - self.size + i) % self.capacity

    def time_at(self, i: int) -> float:
        return float(self.t[self._phys(i)])

    def oldest(self) -> float | None:
        return self.time_at(0) if self.size else None

    def newest(self) -> float | None:
        return self.time_at(self.size - 1) if self.size else None

    def bisect(self, t: float) -> int:
        """First logical index whose time is >= t (times are non-decreasing)."""
        # the ring is at most two sorted runs of the time column: numpy searches each (a Monitor refresh bisects
        # hundreds of times; a Python loop over time_at cost a millisecond a plot)
        start = (self.head - self.size) % self.capacity
        first = min(self.size, self.capacity - start)  # rows in the run from start to the array's end
        k = int(np.searchsorted(self.t[start:start + first], t, side="left"))
        if k < first or first == self.size:
            return k
        return first + int(np.searchsorted(self.t[:self.size - first], t, side="left"))

    def take(self, plane: int, series: int, i0: int, i1: int) -> tuple[np.ndarray, np.ndarray]:
        """Times and values of logical rows [i0, i1): views when contiguous, else one copy."""
        if i1 <= i0:
            return self.t[:0], self.v[plane, series, :0]
        p0, p1 = self._phys(i0), self._phys(i1 - 1) + 1
        if p0 < p1:
            return self.t[p0:p1], self.v[plane, series, p0:p1]
        return (np.concatenate((self.t[p0:], self.t[:p1])),
                np.concatenate((self.v[plane, series, p0:], self.v[plane, series, :p1])))


class _Bucketed:
    """A level with buckets: a ring of finished buckets and the one being filled."""

    def __init__(self, level: Level, n_series: int) -> None:
        self.level = level
        self.ring = _Ring(level_capacity(level, 1.0), n_series, 3)
        self.start: float | None = None  # start of the bucket being filled
        self.cmin = np.full(n_series, np.nan, dtype=VALUE_DTYPE)
        self.cmax = np.full(n_series, np.nan, dtype=VALUE_DTYPE)
        self.csum = np.zeros(n_series, dtype=np.float64)
        self.ccount = np.zeros(n_series, dtype=np.int64)
        self._rows = np.empty((3, n_series), dtype=VALUE_DTYPE)

    def add(self, t: float, values: np.ndarray, finite: np.ndarray) -> None:
        b = self.level.bucket_s
        start = math.floor(t / b) * b
        if self.start is None:
            self.start = start
        elif start != self.start:
            self.flush()
            self.start = start
        np.fmin(self.cmin, values, out=self.cmin)
        np.fmax(self.cmax, values, out=self.cmax)
        self.csum += np.where(finite, values, 0.0)
        self.ccount += finite

    def current(self) -> np.ndarray:
        """min, max, mean of the bucket being filled (NaN where it has no values)."""
        rows = self._rows
        rows[0] = self.cmin
        rows[1] = self.cmax
        with np.errstate(invalid="ignore", divide="ignore"):
            rows[2] = np.where(self.ccount > 0, self.csum / np.maximum(self.ccount, 1), np.nan)
        return rows

    def flush(self) -> None:
        if self.start is None:
            return
        self.ring.push(self.start + self.level.bucket_s / 2, self.current())
        self.cmin.fill(np.nan)
        self.cmax.fill(np.nan)
        self.csum.fill(0.0)
        self.ccount.fill(0)


class History:
    """Many series sampled together, kept at several resolutions within a fixed memory bound."""

    def __init__(
        self,
        series: Sequence[str],
        levels: Sequence[Level] = DEFAULT_LEVELS,
        max_rate_hz: float = DEFAULT_MAX_RATE_HZ,
    ) -> None:
        if not levels or levels[0].bucket_s > 0:
            raise ValueError("the first level must hold raw samples (bucket_s 0)")
        if any(b.bucket_s <= a.bucket_s for a, b in zip(levels, levels[1:])):
            raise ValueError("levels must get coarser")
        self.series = list(series)
        self._index = {name: i for i, name in enumerate(self.series)}
        if len(self._index) != len(self.series):
            raise ValueError("series names must be unique")
        self.levels = tuple(levels)
        self.max_rate_hz = max_rate_hz
        n = len(self.series)
        self._raw = _Ring(level_capacity(self.levels[0], max_rate_hz), n, 1)
        self._buckets = [_Bucketed(level, n) for level in self.levels[1:]]
        self._last_t: float | None = None
        self._first_t: float | None = None
        self._row = np.empty((1, n), dtype=VALUE_DTYPE)

    # -- writing -------------------------------------------------------------------------
    def append(self, t: float, values: Sequence[float | None] | np.ndarray) -> None:
        """One row: a value (or None/NaN) for every series, in ``series`` order, at time t."""
        if self._last_t is not None and t < self._last_t:
            t = self._last_t  # a clock step backwards must not break the ordering the search relies on
        self._last_t = t
        if self._first_t is None:
            self._first_t = t
        if isinstance(values, np.ndarray):
            row = values.astype(VALUE_DTYPE, copy=False)
        else:
            row = np.array([np.nan if v is None else v for v in values], dtype=VALUE_DTYPE)
        if row.shape != (len(self.series),):
            raise ValueError(f"expected {len(self.series)} values, got {row.shape}")
        self._row[0] = row
        self._raw.push(t, self._row)
        finite = np.isfinite(row)
        for level in self._buckets:
            level.add(t, row, finite)

    # -- reading -------------------------------------------------------------------------
    @property
    def nbytes(self) -> int:
        total = self._raw.nbytes
        for b in self._buckets:
            total += b.ring.nbytes + b.cmin.nbytes + b.cmax.nbytes + b.csum.nbytes + b.ccount.nbytes
        return total

    def __len__(self) -> int:
        return self._raw.size

    def span(self) -> tuple[float, float] | None:
        """(oldest, newest) time any level still holds."""
        if not self._raw.size:
            return None
        oldest = min(x for x in [self._raw.oldest()] + [b.ring.oldest() for b in self._buckets] if x is not None)
        return oldest, float(self._last_t if self._last_t is not None else self._raw.newest())

    def latest(self, series: str) -> float | None:
        if not self._raw.size:
            return None
        i = self._index[series]
        value = float(self._raw.v[0, i, self._raw._phys(self._raw.size - 1)])
        return None if math.isnan(value) else value

    def window(self, series: str, t_from: float, t_to: float, max_points: int = 2000) -> Window:
        """``series`` between t_from and t_to in at most ``max_points`` points (buckets)."""
        return self.windows((series,), t_from, t_to, max_points)[0]

    def windows(self, series: Sequence[str], t_from: float, t_to: float, max_points: int = 2000) -> list[Window]:
        """:meth:`window` of each of ``series`` over the same span.  The level and the rows of the span are found
        once for all of them: a plot of 8 GPUs reads its 8 series at every sample."""
        if max_points < 1:
            raise ValueError("max_points must be at least 1")
        columns = [self._index[name] for name in series]  # KeyError for an unknown series: a programming error
        level_no, a, b = self._span_rows(t_from, t_to)
        out = []
        for i in columns:
            (t, lo, hi, mean), bucket = self._take(level_no, i, a, b, t_from, t_to)
            if len(t) > max_points:
                t, lo, hi, mean, bucket = _rebin(t, lo, hi, mean, bucket, max_points)
            out.append(Window(t=t, min=lo, max=hi, mean=mean, bucket_s=bucket, level=max(0, level_no)))
        return out

    def last(self, series: str, seconds: float, max_points: int = 2000) -> Window:
        """The last ``seconds`` up to the newest sample."""
        newest = self._last_t if self._last_t is not None else 0.0
        return self.window(series, newest - seconds, newest, max_points)

    # -- internals -----------------------------------------------------------------------
    def _span_rows(self, t_from: float, t_to: float) -> tuple[int, int, int]:
        """The finest level that covers t_from (or the one reaching furthest back), and the logical rows [a, b)
        of its ring that a window from t_from to t_to takes; level -1 when nothing was recorded."""
        # where each level's data starts: a young history's coarse buckets start before the first sample,
        # and must not look as if they reached further back than the raw samples do
        candidates = [(0, self._raw.oldest())] + [
            (k + 1, b.ring.oldest() - b.level.bucket_s / 2 if b.ring.size else b.start)
            for k, b in enumerate(self._buckets)]
        first = self._first_t if self._first_t is not None else -math.inf
        known = [(k, max(o, first)) for k, o in candidates if o is not None]
        if not known:
            return -1, 0, 0
        earliest = min(o for _, o in known)
        slack = 0.01 * max(0.0, t_to - t_from)  # so a view at the edge of a level does not flicker between two
        choice = None
        for k, oldest in known:
            if oldest <= max(t_from, earliest) + slack:
                choice = k
                break
        if choice is None:
            choice = min(known, key=lambda ko: ko[1])[0]
        if choice == 0:
            ring = self._raw
            return 0, ring.bisect(t_from), ring.bisect(math.nextafter(t_to, math.inf))
        level = self._buckets[choice - 1]
        half = level.level.bucket_s / 2
        return choice, level.ring.bisect(t_from - half), level.ring.bisect(math.nextafter(t_to + half, math.inf))

    def _take(self, level_no: int, i: int, a: int, b: int, t_from: float, t_to: float):
        """Series i's (t, min, max, mean) in rows [a, b) of level ``level_no`` (see _span_rows), and the bucket."""
        if level_no < 0:
            empty = np.empty(0, dtype=TIME_DTYPE)
            e = np.empty(0, dtype=VALUE_DTYPE)
            return (empty, e, e, e), 0.0
        if level_no == 0:
            t, v = self._raw.take(0, i, a, b)
            return (t, v, v, v), 0.0
        level = self._buckets[level_no - 1]
        bucket = level.level.bucket_s
        ring = level.ring
        t, lo = ring.take(0, i, a, b)
        _, hi = ring.take(1, i, a, b)
        _, mean = ring.take(2, i, a, b)
        # the bucket being filled holds the newest data: show it too
        if level.start is not None and level.ccount[i] > 0 and t_from <= level.start + bucket and level.start <= t_to:
            cur = level.current()
            t = np.append(t, level.start + bucket / 2)
            lo = np.append(lo, cur[0, i])
            hi = np.append(hi, cur[1, i])
            mean = np.append(mean, cur[2, i])
        return (t, lo, hi, mean), bucket


def _rebin(t: np.ndarray, lo: np.ndarray, hi: np.ndarray, mean: np.ndarray, bucket: float, max_points: int):
    """Merge runs of k neighbours so at most max_points remain (min of mins, max of maxes)."""
    n = len(t)
    k = int(math.ceil(n / max_points))
    starts = np.arange(0, n, k)
    new_t = np.add.reduceat(t, starts) / np.diff(np.append(starts, n))
    new_lo = np.fmin.reduceat(lo, starts)
    new_hi = np.fmax.reduceat(hi, starts)
    finite = np.isfinite(mean)
    sums = np.add.reduceat(np.where(finite, mean, 0.0).astype(np.float64), starts)
    counts = np.add.reduceat(finite.astype(np.int64), starts)
    with np.errstate(invalid="ignore", divide="ignore"):
        new_mean = np.where(counts > 0, sums / np.maximum(counts, 1), np.nan).astype(VALUE_DTYPE)
    width = bucket * k if bucket > 0 else (float(t[-1] - t[0]) / max(1, len(starts)) if n > 1 else 0.0)
    return new_t, new_lo.astype(VALUE_DTYPE), new_hi.astype(VALUE_DTYPE), new_mean, width
