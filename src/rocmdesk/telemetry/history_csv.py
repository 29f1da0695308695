"""A stretch of a :class:`~rocmdesk.telemetry.history.History` as CSV: what the monitor's "Export CSV" writes.

One row per time point of the finest level that covers the stretch (raw samples for the last
minutes, else 1 s or 10 s buckets), one column per series.  Bucketed rows carry each series'
mean and, beside it, the min and max of the samples behind it (``gpu0.power_w.min`` ...), so
peaks are not lost.  Empty cells are missing values (a suspended GPU, a sensor the card lacks).
The file is written atomically: a reader sees the old file or the whole new one.
"""

from __future__ import annotations

import csv
import io
import math
import os
from collections.abc import Sequence
from datetime import datetime, timezone
from pathlib import Path

import numpy as np

from rocmdesk.atomic_file import shared_mode, write_atomic
from rocmdesk.telemetry.history import History

MAX_ROWS = 200_000  # 24 h of 10 s buckets is 8640; raw 10 min at 10 Hz 6000


def history_rows(history: History, series: Sequence[str], t_from: float, t_to: float) -> tuple[list[str], list[list]]:
    """(header, rows) for ``series`` between t_from and t_to."""
    windows = [history.window(name, t_from, t_to, MAX_ROWS) for name in series]
    bucketed = any(w.bucket_s > 0 for w in windows)
    header = ["time_utc", "timestamp"]
    for name in series:
        header += [name, f"{name}.min", f"{name}.max"] if bucketed else [name]
    # every series of one History shares its level's time points; take the union to be safe
    times = np.unique(np.concatenate([w.t for w in windows])) if windows else np.empty(0)
    columns = []
    for w in windows:
        idx = np.searchsorted(w.t, times)
        idx_c = np.minimum(idx, max(0, len(w) - 1))
        hit = (idx < len(w)) & (w.t[idx_c] == times) if len(w) else np.zeros(len(times), dtype=bool)
        parts = (w.mean, w.min, w.max) if bucketed else (w.mean,)
        for arr in parts:
            col = np.full(len(times), np.nan)
            if len(w):
                col[hit] = arr[idx_c[hit]]
            columns.append(col)
    rows = []
    for k, t in enumerate(times):
        stamp = datetime.fromtimestamp(float(t), tz=timezone.utc).isoformat(timespec="milliseconds")
        row: list = [stamp, f"{float(t):.3f}"]
        for col in columns:
            v = float(col[k])
            row.append("" if math.isnan(v) else _num(v))
        rows.append(row)
    return header, rows


def _num(v: float) -> str:
    """Whole numbers without '.0'; others with the float32 precision the history keeps."""
    return str(int(v)) if v.is_integer() and abs(v) < 2**53 else f"{v:.7g}"


def write_history_csv(path: str | os.PathLike, history: History, series: Sequence[str], t_from: float,
                      t_to: float) -> int:
    """Write the CSV to ``path`` atomically; returns the number of data rows."""
    header, rows = history_rows(history, series, t_from, t_to)
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    write_atomic(Path(path), buf.getvalue().encode("utf-8"), mode=shared_mode())  # the user's file: their umask
    return len(rows)
