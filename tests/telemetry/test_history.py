"""The min/max pyramid: full rate for the recent past, decimated without losing peaks, bounded memory."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from rocmdesk.telemetry.history import DEFAULT_LEVELS, History, Level, memory_bound
from rocmdesk.telemetry.metrics import SERIES_KEYS
from rocmdesk.telemetry.monitor import HOST_SERIES

T0 = 1_700_000_000.0


def _fill(h: History, n: int, rate_hz: float, f, t0: float = T0) -> np.ndarray:
    ts = t0 + np.arange(n) / rate_hz
    for k, t in enumerate(ts):
        h.append(float(t), [f(k, i) for i in range(len(h.series))])
    return ts


def test_the_last_minute_is_at_full_rate() -> None:
    h = History(["a", "b"])
    ts = _fill(h, 3000, 10.0, lambda k, i: k * (i + 1))
    w = h.window("b", ts[-1] - 60.0, ts[-1], max_points=2000)
    assert w.level == 0 and w.bucket_s == 0.0
    assert len(w) == 601
    assert w.t[0] == pytest.approx(ts[-601]) and w.mean[-1] == 2 * 2999
    assert (w.min == w.max).all()


def test_a_day_is_decimated_and_keeps_its_peaks() -> None:
    h = History(["temp", "busy"])  # the default levels: raw 10 min, 1 s for 3 h, 10 s for 24 h
    n = 24 * 3600  # one sample a second for a day
    spike_at, dip_at = 5 * 3600 + 17, 20 * 3600 + 3

    def f(k: int, i: int) -> float:
        if k == spike_at and i == 0:
            return 109.0
        if k == dip_at and i == 0:
            return -5.0
        return 50.0 + 5.0 * math.sin(k / 600.0)

    ts = _fill(h, n, 1.0, f)
    w = h.window("temp", ts[0], ts[-1], max_points=1500)
    assert w.level == 2 and len(w) <= 1500
    assert w.max.max() == 109.0 and w.min.min() == -5.0
    assert 44.0 < float(np.nanmean(w.mean)) < 56.0
    x, y = w.envelope()
    assert len(x) == 2 * len(w) and y.max() == 109.0
    hour = h.window("temp", ts[-1] - 3600, ts[-1], max_points=1500)
    assert hour.level == 0 and 1000 <= len(hour) <= 1500  # raw keeps 6000 samples: 100 min at 1 Hz
    hours = h.window("temp", ts[-1] - 2.5 * 3600, ts[-1], max_points=1500)
    assert hours.level == 1 and 1000 <= len(hours) <= 1500
    recent = h.window("temp", ts[-1] - 60, ts[-1])
    assert recent.level == 0 and len(recent) == 61


def test_levels_ring_around_and_forget_the_oldest() -> None:
    h = History(["x"], levels=(Level(0.0, 10.0), Level(1.0, 30.0)), max_rate_hz=10.0)
    ts = _fill(h, 1000, 10.0, lambda k, i: float(k))
    raw = h.window("x", ts[0], ts[-1], max_points=10_000)
    assert raw.level == 1  # raw holds 10 s only: the 100 s range needs the coarser level
    assert len(raw) == 31  # 30 finished buckets + the one being filled
    last = h.window("x", ts[-1] - 4.95, ts[-1], max_points=10_000)
    assert last.level == 0 and last.mean[0] == 950.0 and last.mean[-1] == 999.0
    assert h.span()[0] >= ts[-1] - 31


def test_gaps_are_nan() -> None:
    h = History(["x"])
    _fill(h, 100, 10.0, lambda k, i: math.nan if 40 <= k < 60 else 1.0)
    w = h.last("x", 100.0)
    assert np.isnan(w.mean[45]) and w.mean[10] == 1.0
    coarse = h.window("x", T0, T0 + 10, max_points=3)
    assert coarse.max.max() == 1.0
    h.append(T0 + 20, [None])
    assert h.latest("x") is None


def test_a_clock_that_steps_back_keeps_the_order() -> None:
    h = History(["x"])
    h.append(T0 + 10, [1.0])
    h.append(T0 + 5, [2.0])  # NTP stepped the clock back
    w = h.last("x", 60)
    assert list(w.t) == [T0 + 10, T0 + 10] and list(w.mean) == [1.0, 2.0]


def test_bad_rows_and_levels_are_refused() -> None:
    h = History(["a", "b"])
    with pytest.raises(ValueError):
        h.append(T0, [1.0])
    with pytest.raises(ValueError):
        History(["a"], levels=(Level(1.0, 10.0),))
    with pytest.raises(ValueError):
        History(["a"], levels=(Level(0.0, 10.0), Level(5.0, 10.0), Level(1.0, 10.0)))
    with pytest.raises(ValueError):
        History(["a", "a"])
    with pytest.raises(KeyError):
        h.window("nope", 0, 1)
    assert len(h.window("a", 0, 1)) == 0


def test_the_memory_bound_for_8_gpus_over_24_hours() -> None:
    """8 GPUs x every moving metric x 24 h at 10 Hz: ~26 MiB, fixed when the History is made."""
    n = 8 * len(SERIES_KEYS) + len(HOST_SERIES)
    bound = memory_bound(n, DEFAULT_LEVELS, 10.0)
    h = History([f"s{i}" for i in range(n)], DEFAULT_LEVELS, 10.0)
    assert h.nbytes == bound
    # raw 10 min x 10 Hz, 1 s buckets x 3 h, 10 s buckets x 24 h; float32 values, float64 times
    expected = (6000 * (8 + n * 4) + 10800 * (8 + n * 12) + 8640 * (8 + n * 12) + 2 * n * 24)
    assert bound == expected
    print(f"\nhistory memory for 8 GPUs ({n} series, 24 h at 10 Hz): {bound / 2**20:.1f} MiB")
    assert bound < 32 * 2**20
    _fill(h, 5000, 10.0, lambda k, i: float(k))
    assert h.nbytes == bound  # filling it does not grow it


@settings(max_examples=200, deadline=None)
@given(
    values=st.lists(st.one_of(st.floats(-1e6, 1e6, width=32), st.just(math.nan)), min_size=1, max_size=400),
    gaps=st.lists(st.floats(0.01, 3.0), min_size=1, max_size=400),
    a=st.floats(0.0, 1.0),
    b=st.floats(0.0, 1.0),
    max_points=st.integers(1, 50),
)
def test_no_peak_is_lost_at_any_zoom(values, gaps, a, b, max_points) -> None:
    h = History(["x"], levels=(Level(0.0, 30.0), Level(1.0, 300.0), Level(10.0, 3000.0)), max_rate_hz=10.0)
    t = T0
    ts = []
    for k, v in enumerate(values):
        t += gaps[k % len(gaps)]
        ts.append(t)
        h.append(t, [v])
    lo_t, hi_t = sorted((ts[0] + a * (ts[-1] - ts[0]), ts[0] + b * (ts[-1] - ts[0])))
    w = h.window("x", lo_t, hi_t, max_points)
    assert len(w) <= max_points
    arr = np.array(values, dtype=np.float32)
    tarr = np.array(ts)
    inside = arr[(tarr >= lo_t) & (tarr <= hi_t) & (tarr >= h.span()[0] + 10.0)]
    inside = inside[np.isfinite(inside)]
    if inside.size and len(w):
        # everything in the range is within the window's envelope
        assert np.nanmax(w.max) >= inside.max()
        assert np.nanmin(w.min) <= inside.min()
    if len(w):
        finite = arr[np.isfinite(arr)]
        if finite.size and np.isfinite(w.max).any():
            assert np.nanmax(w.max) <= finite.max() and np.nanmin(w.min) >= finite.min()


def test_a_young_history_is_shown_at_full_rate() -> None:
    # the coarse levels' first buckets start before the first sample; they must not win over the raw samples
    h = History(["a"])
    for i in range(5):
        h.append(1_000_003.7 + i, [float(i)])
    w = h.last("a", 60.0)
    assert w.level == 0 and list(w.mean) == [0.0, 1.0, 2.0, 3.0, 4.0]


def test_the_ring_finds_a_time_as_a_plain_search_would_wrapped_or_not() -> None:
    # the numpy search over the ring's two runs against the definition: the first logical row at or after t
    import bisect

    from rocmdesk.telemetry import history as h

    rng = np.random.default_rng(5)
    for capacity, pushes in ((7, 3), (7, 7), (7, 12), (16, 100), (1, 5)):
        ring = h._Ring(capacity, 1, 1)
        times = np.cumsum(rng.integers(0, 3, pushes)).astype(float)  # repeats too: non-decreasing
        for t in times:
            ring.push(float(t), np.zeros((1, 1)))
        logical = [ring.time_at(i) for i in range(ring.size)]
        for t in np.arange(-1.0, times[-1] + 2.0, 0.5):
            assert ring.bisect(float(t)) == bisect.bisect_left(logical, float(t)), (capacity, pushes, t)


@settings(max_examples=150, deadline=None)
@given(
    rows=st.lists(st.tuples(st.floats(0.01, 3.0), st.one_of(st.floats(-1e6, 1e6, width=32), st.just(math.nan)),
                            st.one_of(st.floats(-1e6, 1e6, width=32), st.just(math.nan))), max_size=300),
    a=st.floats(-0.2, 1.2),
    b=st.floats(-0.2, 1.2),
    max_points=st.integers(1, 50),
)
# a long steady history read from a coarse level up to its bucket being filled, where y has no value lately
@example(rows=[(0.5, 1.0, 2.0)] * 150 + [(0.5, 3.0, math.nan)] * 50, a=0.5, b=1.1, max_points=50)
@example(rows=[(0.5, 1.0, 2.0)] * 200, a=-0.1, b=1.0, max_points=5)
def test_a_batch_of_series_reads_as_each_one_alone(rows, a, b, max_points) -> None:
    # windows() finds the level and the rows once for all the series it is asked for: each must still get its own
    # column, its own share of the bucket being filled (a series with no value in it gets none), its own rebinning
    names = ["x", "y", "z"]
    # a raw ring of 50 rows and a 1 s level of 60 buckets: most spans are read from the coarser levels
    h = History(names, levels=(Level(0.0, 5.0), Level(1.0, 60.0), Level(10.0, 3000.0)), max_rate_hz=10.0)
    t = T0
    appended = []
    for gap, vx, vy in rows:
        t += gap
        appended.append((t, [vx, vy, math.nan]))  # z: never a value
        h.append(*appended[-1])
    lo_t, hi_t = sorted((T0 + a * (t - T0), T0 + b * (t - T0)))
    for batch in (names, ["z", "x"], ["y"], []):
        together = h.windows(batch, lo_t, hi_t, max_points)
        assert len(together) == len(batch)
        for name, w in zip(batch, together):
            alone = _reference_window(h, appended, name, lo_t, hi_t, max_points)
            assert (w.bucket_s, w.level) == (alone.bucket_s, alone.level)
            for field in ("t", "min", "max", "mean"):
                np.testing.assert_array_equal(getattr(w, field), getattr(alone, field))


def _reference_window(h: History, appended: list, name: str, t_from: float, t_to: float, max_points: int):
    """The window of one series, asked of a History that holds that series alone (the same rows appended)."""
    col = h.series.index(name)
    solo = History([name], levels=h.levels, max_rate_hz=h.max_rate_hz)
    for t, row in appended:
        solo.append(t, [row[col]])
    return solo.window(name, t_from, t_to, max_points)
