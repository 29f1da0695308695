"""Alerts the monitor raises from a sample (and its history): pure rules, no Qt, so the page only shows them.

- ``junction-hot``: the junction (hotspot) within ``JUNCTION_MARGIN_C`` of its critical value
  (``temp*_crit`` of the junction sensor), critical at or above it;
- ``vram-full``: VRAM use above 95 % of the card's VRAM;
- ``power-cap``: power at the cap (98 % or more) -- sustained over the last 30 s when a
  history is given, so one spike does not count;
- ``vram-leak``: VRAM rising steadily over the last 10 minutes while the GPU is idle.

Each :class:`Alert` carries a stable ``kind`` and its numbers; ``message`` is the CLI's sentence in the
current language (English for ``monitor --json``), and the UI builds its own text from ``kind``, ``value``
and ``limit``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from rocmdesk.i18n import translate
from rocmdesk.telemetry.metrics import OK, GpuSample, Sample

JUNCTION_MARGIN_C = 5.0
VRAM_FULL_RATIO = 0.95
POWER_CAP_RATIO = 0.98
POWER_SUSTAIN_S = 30.0
LEAK_WINDOW_S = 600.0
LEAK_IDLE_BUSY = 5.0  # percent: "idle"
LEAK_MIN_RISE = 256 * 2**20  # bytes over the window
LEAK_MIN_FIT = 0.8  # how straight the rise must be (R squared)


@dataclass(frozen=True)
class Alert:
    gpu_index: int
    kind: str  # junction-hot | vram-full | power-cap | vram-leak
    severity: str  # warning | critical
    value: float
    limit: float
    message: str

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def _series(gpu: int, key: str) -> str:
    return f"gpu{gpu}.{key}"


def _junction(g: GpuSample) -> Alert | None:
    t, crit = g.temp_junction_c, g.temp_junction_crit_c
    if t is None or crit is None:
        return None
    if t >= crit:
        return Alert(g.index, "junction-hot", "critical", t, crit, translate(
            "rocmdesk.telemetry.alerts", "GPU {index}: junction {temp:.0f} °C is at its critical {crit:.0f} °C: the "
                                         "GPU throttles").format(index=g.index, temp=t, crit=crit))
    if t >= crit - JUNCTION_MARGIN_C:
        return Alert(g.index, "junction-hot", "warning", t, crit, translate(
            "rocmdesk.telemetry.alerts", "GPU {index}: junction {temp:.0f} °C is near its critical {crit:.0f} °C"
        ).format(index=g.index, temp=t, crit=crit))
    return None


def _vram(g: GpuSample) -> Alert | None:
    used, total = g.vram_used_bytes, g.vram_total_bytes
    if used is None or not total:
        return None
    if used > VRAM_FULL_RATIO * total:
        return Alert(g.index, "vram-full", "warning", used / total * 100, VRAM_FULL_RATIO * 100, translate(
            "rocmdesk.telemetry.alerts", "GPU {index}: VRAM {share:.0%} full: the next allocation may fail (out of "
                                         "memory)").format(index=g.index, share=used / total))
    return None


def _power(g: GpuSample, history: Any) -> Alert | None:
    p, cap = g.power_w, g.power_cap_w
    if p is None or not cap or p < POWER_CAP_RATIO * cap:
        return None
    if history is not None:
        name = _series(g.index, "power_w")
        if name in history.series:
            import numpy as np  # only with a history (monitor --once and the exporter keep none)

            w = history.last(name, POWER_SUSTAIN_S, max_points=64)
            span = float(w.t[-1] - w.t[0]) if len(w) > 1 else 0.0
            if span < POWER_SUSTAIN_S * 0.8 or np.nanmin(w.min) < POWER_CAP_RATIO * cap * 0.97:
                return None
    return Alert(g.index, "power-cap", "warning", p, cap, translate(
        "rocmdesk.telemetry.alerts", "GPU {index}: drawing {power:.0f} W at its {cap:.0f} W cap: clocks are "
                                     "power-limited").format(index=g.index, power=p, cap=cap))


def _leak(g: GpuSample, history: Any) -> Alert | None:
    if history is None:
        return None
    vname, bname = _series(g.index, "vram_used_bytes"), _series(g.index, "busy_percent")
    if vname not in history.series or bname not in history.series:
        return None
    import numpy as np

    # busy first: a GPU at work has no idle leak to look for, and the VRAM window is not read (the Monitor asks at
    # every sample, for every GPU)
    b = history.last(bname, LEAK_WINDOW_S, max_points=120)
    if not np.isfinite(b.mean).any() or float(np.nanmax(b.max)) > LEAK_IDLE_BUSY:
        return None
    v = history.last(vname, LEAK_WINDOW_S, max_points=120)
    ok = np.isfinite(v.mean)
    if ok.sum() < 10 or float(v.t[-1] - v.t[0]) < LEAK_WINDOW_S * 0.8:
        return None
    t, y = v.t[ok] - v.t[ok][0], v.mean[ok].astype(np.float64)
    slope, intercept = np.polyfit(t, y, 1)
    fit = slope * t + intercept
    ss_res, ss_tot = float(((y - fit) ** 2).sum()), float(((y - y.mean()) ** 2).sum())
    rise = slope * float(t[-1])
    if rise < LEAK_MIN_RISE or ss_tot == 0 or 1 - ss_res / ss_tot < LEAK_MIN_FIT:
        return None
    return Alert(g.index, "vram-leak", "warning", rise, LEAK_MIN_RISE, translate(
        "rocmdesk.telemetry.alerts", "GPU {index}: VRAM grew {mib:.0f} MiB in {minutes:.0f} min while idle: a leak?"
    ).format(index=g.index, mib=rise / 2**20, minutes=LEAK_WINDOW_S / 60))


def check(sample: Sample, history: Any = None, *, one_sample: bool = False) -> list[Alert]:
    """The alerts for this sample; ``history`` (a Monitor's) enables the sustained and trend rules.
    ``one_sample``: there is no before (``monitor --once``), so the rules that need one stay silent, as they do
    on a history one sample long."""
    out: list[Alert] = []
    for g in sample.gpus:
        if g.state != OK:
            continue
        sustained = () if one_sample else (_power(g, history), _leak(g, history))
        for rule in (_junction(g), _vram(g), *sustained):
            if rule is not None:
                out.append(rule)
    return out
