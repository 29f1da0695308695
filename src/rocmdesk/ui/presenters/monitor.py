"""What the Monitor shows, decided without widgets: which plots and series a GPU choice gives, each GPU's colour,
the state lines (asleep, vanished, came back, sensor warnings), the alerts and since when, the thresholds drawn on
the plots, what an export holds and the line naming it.

:class:`MonitorModel` follows one :class:`~rocmdesk.telemetry.monitor.Monitor`: the view hands it each sample
(:meth:`MonitorModel.take`) and asks it what to show.  The sentences keep the view's translation context
("MonitorView"), so the catalogue's translations stay theirs.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QCoreApplication

from rocmdesk.telemetry.alerts import Alert, check
from rocmdesk.telemetry.metrics import MISSING, OK, SERIES_KEYS, Sample
from rocmdesk.telemetry.monitor import host_series_name, series_name
from rocmdesk.ui.monitor import texts

translate = QCoreApplication.translate  # lupdate collects calls spelt translate("Context", "text")

ALL = -1  # the GPU choice "all GPUs"
SPANS_S = (60, 300, 900, 3600, 3 * 3600, 6 * 3600, 24 * 3600)
DEFAULT_SPAN_S = 60  # a monitor opens on the last minute: a fresh history fills it at once
RETURNED_SHOWN_S = 600.0  # how long "GPU n came back" stays up
# the GPU values that make a series appear once a GPU has given one
GPU_KEYS = ("temp_edge_c", "temp_junction_c", "temp_mem_c", "power_w", "busy_percent", "mem_busy_percent",
            "vram_used_bytes", "gtt_used_bytes", "sclk_mhz", "mclk_mhz", "fan_rpm")
HOST_KEYS = ("cpu_percent", "mem_used_bytes")


@dataclass(frozen=True)
class PlotSpec:
    """One plot: its series for one GPU (key, legend label), and the key each GPU gets in the all-GPUs view."""

    id: str
    title: str
    unit: str
    keys: tuple[tuple[str, str], ...]
    all_keys: tuple[str, ...]  # the first one a GPU has is its line in the all-GPUs view
    all_title: str
    y_min: float | None = None
    y_max: float | None = None
    host: bool = False


def plot_specs() -> list[PlotSpec]:
    return [
        PlotSpec("temp", translate("Monitor", "Temperature"), "°C",
                 (("temp_edge_c", translate("Monitor", "edge")), ("temp_junction_c", translate("Monitor", "junction")),
                  ("temp_mem_c", translate("Monitor", "memory"))),
                 ("temp_junction_c", "temp_edge_c"), translate("Monitor", "Temperature: junction (hottest spot)")),
        PlotSpec("power", translate("Monitor", "Power"), "W", (("power_w", translate("Monitor", "power")),),
                 ("power_w",), translate("Monitor", "Power")),
        PlotSpec("busy", translate("Monitor", "Busy"), "%",
                 (("busy_percent", translate("Monitor", "GPU")),
                  ("mem_busy_percent", translate("Monitor", "memory controller"))),
                 ("busy_percent",), translate("Monitor", "GPU busy"), 0.0, 100.0),
        PlotSpec("vram", translate("Monitor", "VRAM in use"), "B", (("vram_used_bytes", translate("Monitor", "VRAM")),),
                 ("vram_used_bytes",), translate("Monitor", "VRAM in use"), 0.0),
        PlotSpec("gtt", translate("Monitor", "GTT in use (system memory the GPU maps)"), "B",
                 (("gtt_used_bytes", translate("Monitor", "GTT")),), ("gtt_used_bytes",),
                 translate("Monitor", "GTT in use (system memory the GPU maps)"), 0.0),
        PlotSpec("clocks", translate("Monitor", "Clocks"), "MHz",
                 (("sclk_mhz", translate("Monitor", "shader")), ("mclk_mhz", translate("Monitor", "memory"))),
                 ("sclk_mhz",), translate("Monitor", "Shader clock")),
        PlotSpec("fan", translate("Monitor", "Fan"), "rpm", (("fan_rpm", translate("Monitor", "fan")),),
                 ("fan_rpm",), translate("Monitor", "Fan"), 0.0),
        PlotSpec("cpu", translate("Monitor", "Host CPU"), "%", (("cpu_percent", translate("Monitor", "all cores")),),
                 (), translate("Monitor", "Host CPU"), 0.0, 100.0, host=True),
        PlotSpec("mem", translate("Monitor", "Host memory in use"), "B",
                 (("mem_used_bytes", translate("Monitor", "RAM")),), (), translate("Monitor", "Host memory in use"),
                 0.0, host=True),
    ]


@dataclass(frozen=True)
class Threshold:
    """A line drawn across a plot (a limit); ``value`` None: no line."""

    value: float | None
    label: str = ""


@dataclass
class Noted:
    """What one sample changed for the view: the state lines, the plots' series."""

    states: bool = False
    series: bool = False


@dataclass
class MonitorModel:
    """The Monitor's state besides the history: the GPU choice, which series have had a value, each GPU's state
    and since when, the alerts.  ``monitor`` None: nothing to watch."""

    monitor: Any = None
    choice: int = ALL
    specs: list[PlotSpec] = field(default_factory=plot_specs)
    alerts: list[Alert] = field(default_factory=list)
    alert_since: dict[tuple[int, str], float] = field(default_factory=dict)
    seen: set[str] = field(default_factory=set)  # series that have had a value
    states: dict[int, str] = field(default_factory=dict)
    missing_since: dict[int, float] = field(default_factory=dict)
    returned: dict[int, tuple[float, float]] = field(default_factory=dict)  # gpu -> (back at, away seconds)

    def reset(self, monitor: Any) -> None:
        """Follow ``monitor`` from scratch (a new machine); the choice is all GPUs when it has several cards."""
        self.monitor = monitor
        self.alerts, self.alert_since, self.seen = [], {}, set()
        self.states, self.missing_since, self.returned = {}, {}, {}
        if monitor is not None and monitor.gpus:
            self.choice = ALL if len(self.physical()) > 1 else monitor.gpus[0].index

    # ---- GPUs -------------------------------------------------------------------------------------
    def physical(self) -> list:
        """One GPU per card: a partitioned card's partitions share its sensors."""
        if self.monitor is None:
            return []
        return [g for g in self.monitor.gpus if g.partition in (None, 0)]

    def shown_gpus(self) -> list[int]:
        if self.monitor is None:
            return []
        if self.choice == ALL:
            return [g.index for g in self.physical()]
        return [self.choice]

    def gpu_choices(self) -> list[tuple[str, int]]:
        """The GPU chooser's rows: (text, data)."""
        if self.monitor is None:
            return []
        rows = [(translate("MonitorView", "All GPUs"), ALL)]
        for g in self.monitor.gpus:
            label = f"GPU {g.index} · {g.name or translate('MonitorView', 'AMD GPU')}"
            if g.partition is not None:
                label += translate("MonitorView", " (partition {n})").format(n=g.partition)
            rows.append((label, g.index))
        return rows

    def where_text(self) -> str:
        m = self.monitor
        if m is None:
            return ""
        if m.source == "sysfs":
            how = translate("MonitorView", "read from sysfs every {s:g} s").format(s=m.interval_s)
        else:
            how = translate("MonitorView", "read through {tool} every {s:g} s (sysfs has nothing to read here)").format(
                tool=m.source, s=m.interval_s)
        return how[:1].upper() + how[1:]

    # ---- samples ----------------------------------------------------------------------------------
    def take(self, sample: Sample) -> Noted:
        """Note a sample's state changes, new series and alerts."""
        noted = Noted()
        for g in sample.gpus:
            before = self.states.get(g.index)
            if g.state != before:
                noted.states = True
                if g.state == MISSING:
                    self.missing_since.setdefault(g.index, sample.timestamp)
                elif g.state == OK and before == MISSING:
                    gone = self.missing_since.pop(g.index, sample.timestamp)
                    self.returned[g.index] = (sample.timestamp, sample.timestamp - gone)
                self.states[g.index] = g.state
            if g.state == OK:
                for key in GPU_KEYS:
                    name = series_name(g.index, key)
                    if name not in self.seen and g.get(key) is not None:
                        self.seen.add(name)
                        noted.series = True
        if sample.host is not None:
            for key in HOST_KEYS:
                name = host_series_name(key)
                if name not in self.seen and getattr(sample.host, key) is not None:
                    self.seen.add(name)
                    noted.series = True
        for gpu, (at, _away) in list(self.returned.items()):
            if sample.timestamp - at > RETURNED_SHOWN_S:
                del self.returned[gpu]
                noted.states = True
        if any(getattr(g, "warnings", None) for g in sample.gpus):
            noted.states = True
        self._update_alerts(sample)
        return noted

    def _update_alerts(self, sample: Sample) -> None:
        alerts = check(sample, self.monitor.history) if self.monitor is not None else []
        keys = {(a.gpu_index, a.kind) for a in alerts}
        for k in list(self.alert_since):
            if k not in keys:
                del self.alert_since[k]
        for a in alerts:
            self.alert_since.setdefault((a.gpu_index, a.kind), sample.timestamp)
        self.alerts = alerts

    # ---- state and alerts -------------------------------------------------------------------------
    def status_lines(self) -> list[str]:
        if self.monitor is None:
            return []
        names = {g.index: g.name for g in self.monitor.gpus}
        shown = set(self.shown_gpus()) if self.choice != ALL else {g.index for g in self.monitor.gpus}
        lines = []
        latest = {g.index: g for g in self.monitor.latest.gpus} if self.monitor.latest else {}
        for index in sorted(shown):
            g = latest.get(index)
            if g is None:
                continue
            text = texts.state_text(g.state, index, names.get(index), g.error, self.missing_since.get(index))
            if text:
                lines.append(text)
            elif index in self.returned:
                at, away = self.returned[index]
                lines.append(texts.returned_text(index, names.get(index), at, away))
            reasons = getattr(g, "throttle_reasons", None)
            if reasons:
                lines.append(texts.throttle_text(index, names.get(index), list(reasons)))
            lines.extend(f"{texts.gpu_title(index, names.get(index))}: {w}" for w in getattr(g, "warnings", ()))
        return lines

    def shown_alerts(self) -> list[tuple[Alert, str]]:
        """The alerts of the GPUs in view, each with its sentence and since when."""
        shown = set(self.shown_gpus()) if self.choice != ALL else None
        out = []
        for a in self.alerts:
            if shown is not None and a.gpu_index not in shown:
                continue
            since = self.alert_since.get((a.gpu_index, a.kind))
            text = texts.alert_text(a)
            if since is not None:
                text += " " + translate("MonitorView", "(since {t})").format(t=texts.clock_text(since))
            out.append((a, text))
        return out

    def alert_lines(self) -> list[str]:
        return [text for _a, text in self.shown_alerts()]

    # ---- plots ------------------------------------------------------------------------------------
    def series_for(self, spec: PlotSpec) -> list[tuple[str, str]]:
        """The (history series, legend label) a plot shows for the current choice: only series that have had a
        value, once any GPU series has had one (before that, every series there is, so the page is not bare)."""
        if self.monitor is None:
            return []
        have = set(self.monitor.history.series)
        before_data = not any(s.startswith("gpu") for s in self.seen)
        out = []
        if spec.host:
            for key, label in spec.keys:
                name = host_series_name(key)
                if name in have and name in self.seen:
                    out.append((name, label))
            return out
        gpus = self.shown_gpus()
        if len(gpus) == 1 and self.choice != ALL:
            for key, label in spec.keys:
                name = series_name(gpus[0], key)
                if name in have and (before_data or name in self.seen):
                    out.append((name, label))
            return out
        for i in gpus:
            for key in spec.all_keys:
                name = series_name(i, key)
                if name in have and (before_data or name in self.seen):
                    label = translate("MonitorView", "GPU {i}").format(i=i)
                    if spec.id == "temp" and key != spec.all_keys[0]:
                        label = translate("MonitorView", "GPU {i} (edge)").format(i=i)
                    out.append((name, label))
                    break
        return out

    def title_for(self, spec: PlotSpec) -> str:
        return spec.title if self.choice != ALL or spec.host else spec.all_title

    def colors(self, series: list[tuple[str, str]]) -> list[int] | None:
        """In the all-GPUs view a GPU keeps its colour in every plot, whichever GPUs a plot lacks."""
        if self.choice != ALL:
            return None
        order = {i: k for k, i in enumerate(self.shown_gpus())}
        out = []
        for k, (name, _label) in enumerate(series):
            head = name.split(".", 1)[0]
            out.append(order.get(int(head[3:]), k) if head.startswith("gpu") and head[3:].isdigit() else k)
        return out

    def thresholds(self) -> dict[str, Threshold]:
        """The limit lines of the plots, by plot id: only a limit the shown GPUs share is drawn."""
        m = self.monitor
        if m is None or m.latest is None:
            return {}
        latest = {g.index: g for g in m.latest.gpus}
        gpus = [latest[i] for i in self.shown_gpus() if i in latest and latest[i].state == OK]

        def common(attr: str) -> float | None:
            values = {getattr(g, attr) for g in gpus if getattr(g, attr) is not None}
            return float(values.pop()) if len(values) == 1 else None

        out = {
            "temp": Threshold(common("temp_junction_crit_c"), translate("MonitorView", "junction critical")),
            "power": Threshold(common("power_cap_w"), translate("MonitorView", "cap")),
            "vram": Threshold(common("vram_total_bytes"), translate("MonitorView", "total")),
        }
        if self.choice != ALL:
            out["gtt"] = Threshold(None)
        if m.latest.host is not None and m.latest.host.mem_total_bytes:
            out["mem"] = Threshold(float(m.latest.host.mem_total_bytes), translate("MonitorView", "total"))
        return out

    # ---- export -----------------------------------------------------------------------------------
    def export_series(self) -> list[str]:
        """The shown GPUs' series and the host's, as a CSV export writes them."""
        if self.monitor is None:
            return []
        have = set(self.monitor.history.series)
        names = [series_name(i, k) for i in self.shown_gpus() for k in SERIES_KEYS if series_name(i, k) in have]
        names += [n for n in (host_series_name("cpu_percent"), host_series_name("mem_used_bytes")) if n in have]
        return names

    def caption(self, t0: float, t1: float) -> str:
        """The machine and the time span the plots show, for the exported picture."""
        machine = self.monitor.host.label if self.monitor is not None else ""
        start = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(t0))
        same_day = time.localtime(t0)[:3] == time.localtime(t1)[:3]
        end = time.strftime("%H:%M:%S" if same_day else "%Y-%m-%d %H:%M:%S", time.localtime(t1))
        return translate("MonitorView", "rocmdesk Monitor — {machine} — {start} to {end}").format(
            machine=machine, start=start, end=end)
