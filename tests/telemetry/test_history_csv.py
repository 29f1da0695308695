"""The monitor's CSV export: raw rows for a short stretch, mean/min/max for a long one, gaps as empty cells."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from rocmdesk.telemetry.history import History
from rocmdesk.telemetry.history_csv import history_rows, write_history_csv


def _read(path: Path) -> list[dict[str, str]]:
    with open(path, newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def test_raw_rows_round_trip_with_gaps(tmp_path: Path) -> None:
    h = History(["gpu0.power_w", "gpu0.vram_used_bytes"])
    t0 = 1_750_000_000.0
    # VRAM values float32 keeps exactly (the history stores float32)
    rows = [(t0 + i, [100.0 + i, None if i == 2 else float(2**30 + 4096 * i)]) for i in range(5)]
    for t, values in rows:
        h.append(t, values)
    path = tmp_path / "out.csv"
    assert write_history_csv(path, h, h.series, t0, t0 + 10) == 5
    got = _read(path)
    assert list(got[0]) == ["time_utc", "timestamp", "gpu0.power_w", "gpu0.vram_used_bytes"]
    for row, (t, values) in zip(got, rows):
        assert float(row["timestamp"]) == pytest.approx(t)
        assert row["time_utc"].endswith("+00:00")
        assert float(row["gpu0.power_w"]) == values[0]
        assert row["gpu0.vram_used_bytes"] == ("" if values[1] is None else str(int(values[1])))
    assert [p.name for p in tmp_path.iterdir()] == ["out.csv"]  # no temporary file left behind


def test_a_long_stretch_has_min_and_max_so_peaks_survive() -> None:
    h = History(["a"])
    t0 = 1_750_000_000.0
    n = 20_000  # more than the raw level keeps at 10 Hz: the 1 s buckets answer
    for i in range(n):
        h.append(t0 + i * 0.5, [500.0 if i == 12_345 else 1.0])
    header, rows = history_rows(h, ["a"], t0, t0 + n * 0.5)
    assert header == ["time_utc", "timestamp", "a", "a.min", "a.max"]
    peaks = [r for r in rows if r[4] == "500"]
    assert len(peaks) == 1 and float(peaks[0][2]) == pytest.approx(250.5)  # mean of the bucket's two samples
    assert all(r[3] == "1" for r in rows)


def test_nothing_in_range_is_a_header_only(tmp_path: Path) -> None:
    h = History(["a"])
    h.append(100.0, [1.0])
    assert write_history_csv(tmp_path / "e.csv", h, ["a"], 200.0, 300.0) == 0
    assert (tmp_path / "e.csv").read_text() == "time_utc,timestamp,a\n"


def test_a_write_that_fails_leaves_the_old_file(tmp_path: Path, monkeypatch) -> None:
    import os

    h = History(["a"])
    h.append(100.0, [1.0])
    path = tmp_path / "keep.csv"
    path.write_text("old\n")

    def boom(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        write_history_csv(path, h, ["a"], 0.0, 200.0)
    assert path.read_text() == "old\n" and [p.name for p in tmp_path.iterdir()] == ["keep.csv"]
