"""``rocmdesk exporter``: the monitor's metrics in Prometheus' text exposition format (version 0.0.4).

    rocmdesk exporter [--port N] [--address A] [--per-process] [--root DIR | --simulate NAME] [--source SRC]

Serves ``http://127.0.0.1:9864/metrics`` by default (loopback only unless ``--address`` says
otherwise).  Each scrape takes a fresh sample, but not more often than ``--min-interval``
(a second scrape within it is answered from the last one), so several Prometheus servers
cost no more than one.

Why no prometheus_client: the .deb runs on each release's own Python packages, and their
python3-prometheus-client spans five years: 0.9.0 (Ubuntu 22.04), 0.16.0 (Debian 12), 0.19.0 (Ubuntu
24.04, Debian 13), with the collector, parser and WSGI APIs changing on the way (rocmdesk asked for a
newer one and failed from the .deb on Debian 12).  The text format is a few lines of escaping, and the
server was already our own (a deep backlog, bounded handlers), so the exporter writes the text itself
with the standard library: no dependency, one behaviour on every release.  Its output is checked by
Prometheus' own scraper and ``promtool check metrics``, and parsed by prometheus_client where the
tests have it.

Names follow Prometheus' naming practice (https://prometheus.io/docs/practices/naming/): base units
(seconds, bytes, watts, celsius, hertz), ratios 0-1 (``_ratio``) instead of percent, ``_total`` for
counters, a HELP line for each family.  Every per-GPU series carries the labels of :data:`GPU_LABELS`:
``gpu`` (the index ``rocmdesk detect`` shows; one per KFD node), ``card`` (the DRM card, ``card1``),
``pci_slot`` (``0000:03:00.0``) and ``partition`` (the compute partition's index on a partitioned
Instinct card, such as an MI300X in CPX mode; empty otherwise).  The partitions of one card share its
sensors, so card-wide readings (power, temperatures, clocks) repeat on each partition's series:
aggregate them with ``max by (instance, pci_slot)``, not ``sum``.

    rocmdesk_gpu_info{...,name,gfx,vbios,compute_partition,memory_partition} 1
    rocmdesk_gpu_up{...} 1|0
    rocmdesk_gpu_state{...,state} 1                     rocmdesk_gpu_temperature_celsius{...,sensor}
    rocmdesk_gpu_temperature_critical_celsius{...,sensor}
    rocmdesk_gpu_power_watts                            rocmdesk_gpu_power_cap_watts
    rocmdesk_gpu_socket_power_watts                     rocmdesk_gpu_busy_ratio
    rocmdesk_gpu_memory_busy_ratio                      rocmdesk_gpu_{vram,gtt}_{used,total}_bytes
    rocmdesk_gpu_clock_hertz{...,clock}                 rocmdesk_gpu_fan_rpm, rocmdesk_gpu_fan_speed_ratio
    rocmdesk_gpu_pcie_link_speed_transfers_per_second   rocmdesk_gpu_pcie_link_width_lanes
    rocmdesk_gpu_pcie_link_max_speed_transfers_per_second  rocmdesk_gpu_pcie_link_max_width_lanes
    rocmdesk_gpu_ras_errors_total{...,block,severity}   rocmdesk_gpu_xgmi_links{...,hive}
    rocmdesk_gpu_throttled                              rocmdesk_gpu_throttle_reason{...,reason} 1
    rocmdesk_gpu_sensor_missing{...,metric,file} 1      rocmdesk_gpu_sensor_out_of_range{...,metric} 1
    rocmdesk_host_cpu_busy_ratio                        rocmdesk_host_{memory_used,memory_total,swap_used}_bytes
    rocmdesk_exporter_scrapes_total                     rocmdesk_exporter_sample_duration_seconds
    with --per-process only (a pid label makes a new series per process, without bound):
    rocmdesk_process_{vram,gtt}_bytes{...,pid,name,kind}
    rocmdesk_process_engine_busy_seconds_total{...,pid,name,kind,engine}
    rocmdesk_process_engine_busy_ratio{...,pid,name,kind,engine}

A sensor the GPU has but that could not be read is a ``rocmdesk_gpu_sensor_missing`` series (``metric``
is the monitor's key, empty for a file that names sensors such as a ``temp*_label``; ``file`` its file
name) and no value; a value outside its sane range is a ``rocmdesk_gpu_sensor_out_of_range`` series
and no value either.  :data:`RENAMED` lists the names of rocmdesk 0.1's exporter and their successors.

The server is a thread per connection, at most ``MAX_HANDLERS`` at once; connections beyond that wait
in a listen queue of ``LISTEN_BACKLOG`` (the kernel caps it at ``net.core.somaxconn``), so a burst of
scrapes is queued, not refused; a connection that sends nothing is dropped after ``REQUEST_TIMEOUT_S``.
"""

from __future__ import annotations

import math
import re
import socket
import threading
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from socketserver import TCPServer, ThreadingMixIn
from typing import Any

DEFAULT_PORT = 9864
DEFAULT_ADDRESS = "127.0.0.1"
LISTEN_BACKLOG = 1024
MAX_HANDLERS = 32
REQUEST_TIMEOUT_S = 10.0
RAS_EVERY_S = 30.0  # how often the RAS error counts are read again (the firmware is asked each time)
CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
METRICS_PATH = "/metrics"

METRIC_NAME_RE = re.compile(r"^[a-zA-Z_:][a-zA-Z0-9_:]*$")
LABEL_NAME_RE = re.compile(r"^[a-zA-Z_][a-zA-Z0-9_]*$")
GPU_LABELS = ("gpu", "card", "pci_slot", "partition")
_SURROGATE = re.compile("[\ud800-\udfff]")

# rocmdesk 0.1's names -> today's (docs/guide.md has the same table; a test keeps them in step)
RENAMED = {
    "rocmdesk_gpu_busy_percent": "rocmdesk_gpu_busy_ratio",
    "rocmdesk_gpu_memory_busy_percent": "rocmdesk_gpu_memory_busy_ratio",
    "rocmdesk_gpu_fan_percent": "rocmdesk_gpu_fan_speed_ratio",
    "rocmdesk_gpu_pcie_link_speed_gts": "rocmdesk_gpu_pcie_link_speed_transfers_per_second",
    "rocmdesk_gpu_pcie_link_width": "rocmdesk_gpu_pcie_link_width_lanes",
    "rocmdesk_host_cpu_percent": "rocmdesk_host_cpu_busy_ratio",
}

Labels = tuple[tuple[str, str], ...]


# --- the text exposition format ---------------------------------------------------------------

def escape_label_value(value: str) -> str:
    """A label value as the text format writes it between double quotes: backslash, double quote and line
    feed escaped as ``\\\\``, ``\\"`` and ``\\n``; anything that is not valid UTF-8 (a lone surrogate from
    a process name that was not UTF-8) becomes U+FFFD."""
    if not value.isascii():
        value = _SURROGATE.sub("\ufffd", value)
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def escape_help(text: str) -> str:
    """A HELP docstring: backslash and line feed escaped (a double quote stays as it is)."""
    return text.replace("\\", "\\\\").replace("\n", "\\n")


def format_value(value: float) -> str:
    """A sample value as Go's ParseFloat reads it: ``+Inf``, ``-Inf``, ``NaN``, else Python's repr."""
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "+Inf" if value > 0 else "-Inf"
    return repr(float(value))


@dataclass(slots=True)
class Family:
    """One metric family: its name, HELP text, TYPE and samples (label pairs, value)."""

    name: str
    help: str
    type: str = "gauge"  # gauge | counter
    samples: list[tuple[Labels, float]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not METRIC_NAME_RE.match(self.name) or self.type not in ("gauge", "counter"):
            raise ValueError(f"not a metric family: {self.name!r} ({self.type})")
        if self.type == "counter" and not self.name.endswith("_total"):
            raise ValueError(f"a counter's name ends in _total: {self.name!r}")

    def add(self, labels: Sequence[tuple[str, str]], value: float) -> None:
        self.samples.append((tuple(labels), float(value)))

    def text(self) -> str:
        lines = [f"# HELP {self.name} {escape_help(self.help)}", f"# TYPE {self.name} {self.type}"]
        for labels, value in self.samples:
            if labels:
                inner = ",".join(f'{k}="{escape_label_value(v)}"' for k, v in labels)
                lines.append(f"{self.name}{{{inner}}} {format_value(value)}")
            else:
                lines.append(f"{self.name} {format_value(value)}")
        return "\n".join(lines) + "\n"


def exposition(families: Iterable[Family]) -> str:
    """The text of a scrape: every family that has samples (an empty one says nothing useful)."""
    return "".join(f.text() for f in families if f.samples)


# --- what a sample becomes ----------------------------------------------------------------------

_TEMPS = (("edge", "temp_edge_c"), ("junction", "temp_junction_c"), ("mem", "temp_mem_c"),
          # from gpu_metrics (the firmware's table), where the card has one
          ("hotspot", "temp_hotspot_c"), ("vrgfx", "temp_vrgfx_c"), ("vrsoc", "temp_vrsoc_c"),
          ("vrmem", "temp_vrmem_c"), ("soc", "temp_soc_c"))
_CRITS = (("edge", "temp_edge_crit_c"), ("junction", "temp_junction_crit_c"), ("mem", "temp_mem_crit_c"))
# (name, HELP, GpuSample field, scale to the base unit: a number to multiply by, or "%" for a percent
# made a ratio, divided rather than multiplied by 0.01 so that 29 % is 0.29, not 0.29000000000000004)
_GAUGES = (
    ("rocmdesk_gpu_power_watts", "Average (else current) package power from hwmon", "power_w", 1.0),
    ("rocmdesk_gpu_power_cap_watts", "Power cap (hwmon power1_cap)", "power_cap_w", 1.0),
    ("rocmdesk_gpu_socket_power_watts", "Average socket power from gpu_metrics", "socket_power_w", 1.0),
    ("rocmdesk_gpu_busy_ratio", "GPU busy, 0 to 1 (gpu_busy_percent / 100)", "busy_percent", "%"),
    ("rocmdesk_gpu_memory_busy_ratio", "Memory controller busy, 0 to 1 (mem_busy_percent / 100)",
     "mem_busy_percent", "%"),
    ("rocmdesk_gpu_vram_used_bytes", "VRAM in use", "vram_used_bytes", 1.0),
    ("rocmdesk_gpu_vram_total_bytes", "VRAM size", "vram_total_bytes", 1.0),
    ("rocmdesk_gpu_gtt_used_bytes", "GTT (system memory mapped for the GPU) in use", "gtt_used_bytes", 1.0),
    ("rocmdesk_gpu_gtt_total_bytes", "GTT size", "gtt_total_bytes", 1.0),
    # rotations per minute, as node_exporter's node_hwmon_fan_rpm: Prometheus names no base unit for them
    ("rocmdesk_gpu_fan_rpm", "Fan speed in rotations per minute", "fan_rpm", 1.0),
    ("rocmdesk_gpu_fan_speed_ratio", "Fan duty cycle, 0 to 1", "fan_percent", "%"),
    ("rocmdesk_gpu_pcie_link_speed_transfers_per_second", "Current PCIe link speed per lane (8 GT/s = 8e9)",
     "pcie_link_speed_gts", 1e9),
    ("rocmdesk_gpu_pcie_link_width_lanes", "Current PCIe link width", "pcie_link_width", 1.0),
)


_SEVERITIES = (("ue", "uncorrectable"), ("ce", "correctable"), ("de", "deferred"))  # amdgpu_ras.c's ue/ce/de


def gpu_labels(g: Any) -> Labels:
    """The labels every per-GPU series carries (values of :data:`GPU_LABELS`)."""
    partition = getattr(g, "partition", None)
    return (("gpu", str(g.index)), ("card", g.card or ""), ("pci_slot", g.pci_slot or ""),
            ("partition", "" if partition is None else str(partition)))


def gpu_families(gpus: Sequence[Any], devices: dict[int, Any] | None = None,
                 ras: dict[int, dict[str, dict[str, int]]] | None = None) -> list[Family]:
    """Every per-GPU family for the GpuSamples ``gpus``; ``devices``: the detected GPUs (machine.model.Gpu) by
    index, for what detect read once (VBIOS, partition modes, the PCIe link's maximum, XGMI); ``ras``: RAS error
    counts by GPU index, ``{"umc": {"ue": 0, "ce": 2}}``."""
    devices = devices or {}
    ras = ras or {}
    info = Family("rocmdesk_gpu_info", "GPU identity (value 1): marketing name, gfx target, VBIOS version and, "
                                       "on an MI300-series card, its compute and memory partition modes")
    up = Family("rocmdesk_gpu_up", "1 when the GPU's sensors were read (state ok), else 0")
    state = Family("rocmdesk_gpu_state", "1 for the GPU's current state (ok, suspended, missing, error)")
    temp = Family("rocmdesk_gpu_temperature_celsius",
                  "Temperature by sensor (hwmon labels edge, junction, mem; gpu_metrics hotspot, vr*, soc)")
    crit = Family("rocmdesk_gpu_temperature_critical_celsius", "Critical temperature by hwmon label")
    clock = Family("rocmdesk_gpu_clock_hertz", "Current shader (sclk) and memory (mclk) clock")
    gauges = [(Family(name, doc), key, scale) for name, doc, key, scale in _GAUGES]
    throttled = Family("rocmdesk_gpu_throttled",
                       "1 when gpu_metrics names a throttle reason now, 0 when it names none")
    reason = Family("rocmdesk_gpu_throttle_reason",
                    "1 for each throttle reason gpu_metrics names now (the kernel's SMU_THROTTLER names; the "
                    "idle TEMP_HOTSPOT bit of RDNA3/4 is not counted)")
    missing = Family("rocmdesk_gpu_sensor_missing",
                     "1 for each sensor file the GPU has that could not be read (it has no value)")
    wild = Family("rocmdesk_gpu_sensor_out_of_range",
                  "1 for each value read outside its sane range (it has no value)")
    max_speed = Family("rocmdesk_gpu_pcie_link_max_speed_transfers_per_second",
                       "Fastest PCIe link speed per lane the GPU and its slot allow (max_link_speed)")
    max_width = Family("rocmdesk_gpu_pcie_link_max_width_lanes", "Widest PCIe link the GPU and its slot allow")
    ras_errors = Family("rocmdesk_gpu_ras_errors_total",
                        "RAS (ECC) errors the driver counted per block since the driver loaded (ras/*_err_count); "
                        "severity uncorrectable, correctable or deferred", "counter")
    xgmi = Family("rocmdesk_gpu_xgmi_links", "XGMI links from this GPU to the other GPUs of its hive")
    for g in gpus:
        base = gpu_labels(g)
        dev = devices.get(g.index)
        info.add(base + (("name", g.name or ""), ("gfx", g.gfx or ""),
                         ("vbios", getattr(dev, "vbios_version", None) or ""),
                         ("compute_partition", getattr(dev, "compute_partition", None) or ""),
                         ("memory_partition", getattr(dev, "memory_partition", None) or "")), 1)
        link = getattr(dev, "pcie_link", None)
        if link is not None and link.max_speed_gts is not None:
            max_speed.add(base, link.max_speed_gts * 1e9)
        if link is not None and link.max_width is not None:
            max_width.add(base, link.max_width)
        for block, counts in sorted((ras.get(g.index) or {}).items()):
            for short, severity in _SEVERITIES:
                if short in counts:
                    ras_errors.add(base + (("block", block), ("severity", severity)), counts[short])
        hive = getattr(dev, "xgmi", None)
        if hive is not None and hive.links is not None:
            xgmi.add(base + (("hive", hive.hive_id or ""),), hive.links)
        up.add(base, 1 if g.state == "ok" else 0)
        state.add(base + (("state", g.state),), 1)
        for sensor, key in _TEMPS:
            if (v := getattr(g, key)) is not None:
                temp.add(base + (("sensor", sensor),), v)
        for sensor, key in _CRITS:
            if (v := getattr(g, key)) is not None:
                crit.add(base + (("sensor", sensor),), v)
        for name, key in (("sclk", "sclk_mhz"), ("mclk", "mclk_mhz")):
            if (v := getattr(g, key)) is not None:
                clock.add(base + (("clock", name),), float(v) * 1e6)
        for family, key, scale in gauges:
            if (v := getattr(g, key)) is not None:
                family.add(base, float(v) / 100 if scale == "%" else float(v) * scale)
        if g.throttle_reasons is not None:
            throttled.add(base, 1 if g.throttle_reasons else 0)
            for r in g.throttle_reasons:
                reason.add(base + (("reason", r),), 1)
        seen = set()
        for m in g.missing_sensors:
            extra = (("metric", m.get("metric") or ""), ("file", str(m.get("file") or "").rsplit("/", 1)[-1]))
            if extra not in seen:  # one series per metric and file name
                seen.add(extra)
                missing.add(base + extra, 1)
        for metric in dict.fromkeys(r["metric"] for r in g.out_of_range):
            wild.add(base + (("metric", metric),), 1)
    return [info, up, state, temp, crit, clock, *(f for f, _k, _s in gauges), max_speed, max_width, throttled,
            reason, ras_errors, xgmi, missing, wild]


def process_families(procs: Sequence[Any], gpus: Sequence[Any]) -> list[Family]:
    """Per-process memory and engine use, labelled with its GPU's labels and ``pid``, ``name`` and ``kind``
    (``compute`` for a KFD process, ``graphics`` for a DRM client only).  Engine times come from DRM fdinfo
    (``drm-engine-*``), where the kernel and the process's fds let us read them."""
    by_index = {g.index: gpu_labels(g) for g in gpus}
    vram = Family("rocmdesk_process_vram_bytes", "VRAM a process holds (KFD or DRM fdinfo)")
    gtt = Family("rocmdesk_process_gtt_bytes", "GTT a process holds (DRM fdinfo)")
    busy = Family("rocmdesk_process_engine_busy_seconds_total",
                  "Time a GPU engine was busy with a process's work since it opened the device (DRM fdinfo "
                  "drm-engine-*; KFD compute work is not counted here)", "counter")
    share = Family("rocmdesk_process_engine_busy_ratio",
                   "Share of the last sample interval a GPU engine was busy with a process's work (DRM fdinfo)")
    for p in procs:
        if p.gpu_index is None:
            continue
        base = by_index.get(p.gpu_index) or (("gpu", str(p.gpu_index)), ("card", ""), ("pci_slot", p.pci_slot or ""),
                                             ("partition", ""))
        labels = base + (("pid", str(p.pid)), ("name", p.name or ""), ("kind", getattr(p, "kind", None) or ""))
        if p.vram_bytes is not None:
            vram.add(labels, p.vram_bytes)
        if p.gtt_bytes is not None:
            gtt.add(labels, p.gtt_bytes)
        for engine, ns in sorted((getattr(p, "engine_ns", None) or {}).items()):
            busy.add(labels + (("engine", engine),), ns / 1e9)
        for engine, percent in sorted((getattr(p, "engines_percent", None) or {}).items()):
            share.add(labels + (("engine", engine),), percent / 100)
    return [vram, gtt, busy, share]


def host_families(h: Any) -> list[Family]:
    out = []
    for name, doc, value in (
        ("rocmdesk_host_cpu_busy_ratio", "Host CPU use over all cores, 0 to 1",
         None if h.cpu_percent is None else h.cpu_percent / 100),
        ("rocmdesk_host_memory_used_bytes", "Host memory in use (total - available)", h.mem_used_bytes),
        ("rocmdesk_host_memory_total_bytes", "Host memory size", h.mem_total_bytes),
        ("rocmdesk_host_swap_used_bytes", "Host swap in use", getattr(h, "swap_used_bytes", None)),
    ):
        family = Family(name, doc)
        if value is not None:
            family.add((), value)
        out.append(family)
    return out


class MonitorCollector:
    """The families of one scrape, over a :class:`~rocmdesk.telemetry.monitor.Monitor`."""

    def __init__(self, monitor: Any, min_interval_s: float = 1.0, processes: bool = False) -> None:
        self.monitor = monitor
        self.min_interval_s = min_interval_s
        self.processes = processes  # off by default: a pid label makes a new series per process, forever
        self._lock = threading.Lock()
        self._at = -1e18
        self._duration_s: float | None = None
        self.scrapes = 0
        self.devices = {g.index: g for g in getattr(monitor, "gpus", ())}
        # RAS counts as detect read them; re-read at most every RAS_EVERY_S (each read asks the firmware)
        self._ras = {i: g.ras_errors for i, g in self.devices.items() if getattr(g, "ras_errors", None)}
        self._ras_at = time.monotonic()

    def _sample(self) -> tuple[Any, list[Any], float | None, int]:
        with self._lock:
            now = time.monotonic()
            if self.monitor.latest is None or now - self._at >= self.min_interval_s:
                self.monitor.tick()
                self._at = now
                self._duration_s = time.monotonic() - now
            self.scrapes += 1
            if self._ras and now - self._ras_at >= RAS_EVERY_S:
                self._reread_ras(self.monitor.latest)
                self._ras_at = now
            procs = self.monitor.processes(max_age_s=self.min_interval_s) if self.processes else []
            return self.monitor.latest, procs, self._duration_s, self.scrapes

    def _reread_ras(self, sample: Any) -> None:
        """Fresh RAS counts for the cards that have them, through the Host seam; a card that is not ``ok`` (asleep,
        gone) keeps its last counts, so the exporter never wakes it."""
        from rocmdesk.machine.device_facts import read_ras
        from rocmdesk.machine.model import DeviceFacts

        state = {g.index: g.state for g in sample.gpus}
        fresh: dict[str, dict[str, dict[str, int]] | None] = {}  # partitions share their card's folder: one read
        for index in self._ras:
            dev = self.devices[index].sysfs_device
            if not dev or state.get(index) != "ok":
                continue
            if dev not in fresh:
                fresh[dev] = read_ras(self.monitor.host, dev, DeviceFacts())
            if fresh[dev]:
                self._ras[index] = fresh[dev]

    def collect(self) -> list[Family]:
        sample, procs, duration, scrapes = self._sample()
        families = gpu_families(sample.gpus, self.devices, self._ras)
        if self.processes:
            families += process_families(procs, sample.gpus)
        if sample.host is not None:
            families += host_families(sample.host)
        count = Family("rocmdesk_exporter_scrapes_total", "Scrapes this exporter has answered", "counter")
        count.add((), scrapes)
        took = Family("rocmdesk_exporter_sample_duration_seconds", "How long the last fresh sample took")
        if duration is not None:
            took.add((), duration)
        return families + [count, took]

    def text(self) -> str:
        return exposition(self.collect())


def render(monitor: Any, processes: bool = False) -> str:
    """The text a scrape would get, without a server (tests, debugging)."""
    return MonitorCollector(monitor, min_interval_s=0.0, processes=processes).text()


# --- the HTTP server ------------------------------------------------------------------------------

class _Handler(BaseHTTPRequestHandler):
    timeout = REQUEST_TIMEOUT_S  # a socket timeout: a client that stalls frees its thread
    protocol_version = "HTTP/1.0"  # one request per connection: an idle keep-alive would hold a handler slot
    server_version = "rocmdesk-exporter"
    sys_version = ""  # the Server header need not tell the network which Python runs here

    def _reply(self, head_only: bool) -> None:
        path = self.path.split("?", 1)[0]
        if path == METRICS_PATH:
            try:
                body = self.server.collector.text().encode("utf-8")  # type: ignore[attr-defined]
            except Exception as exc:  # a broken sample must not kill the server: say it, as a 500
                self._send(500, "text/plain; charset=utf-8", f"collecting failed: {exc!r}\n".encode(), head_only)
                return
            if "gzip" in (self.headers.get("Accept-Encoding") or ""):
                import gzip

                self._send(200, CONTENT_TYPE, gzip.compress(body, 6), head_only, encoding="gzip")
            else:
                self._send(200, CONTENT_TYPE, body, head_only)
        elif path == "/":
            self._send(200, "text/html; charset=utf-8",
                       b'<html><body><a href="/metrics">/metrics</a></body></html>\n', head_only)
        else:
            self._send(404, "text/plain; charset=utf-8", b"not found: the metrics are at /metrics\n", head_only)

    def _send(self, code: int, ctype: str, body: bytes, head_only: bool, encoding: str | None = None) -> None:
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        if encoding:
            self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if not head_only:
            self.wfile.write(body)

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        self._reply(head_only=False)

    def do_HEAD(self) -> None:  # noqa: N802
        self._reply(head_only=True)

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (the base class's name)
        pass  # a line on stderr per scrape is noise


class _Server(ThreadingMixIn, TCPServer):
    """A thread per connection, at most MAX_HANDLERS at once; the rest wait in a deep listen queue.

    A TCPServer, not http.server's HTTPServer: that one looks the host's name up (getfqdn) on bind."""

    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = LISTEN_BACKLOG
    max_handlers = MAX_HANDLERS
    collector: MonitorCollector

    @property
    def server_port(self) -> int:  # what HTTPServer would have set on bind
        return self.server_address[1]

    def server_activate(self) -> None:
        self._slots = threading.BoundedSemaphore(self.max_handlers)
        super().server_activate()

    def process_request(self, request: Any, client_address: Any) -> None:
        # waiting here holds the accept loop, so further connections queue in the kernel's backlog
        if not self._slots.acquire(timeout=2 * REQUEST_TIMEOUT_S):
            self.shutdown_request(request)  # every handler stuck for that long: drop this one, keep serving
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self._slots.release()
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._slots.release()


def make_server(collector: MonitorCollector, port: int = DEFAULT_PORT, address: str = DEFAULT_ADDRESS) -> _Server:
    """A bound, listening server for ``collector`` (IPv4 or IPv6 by the address); not yet serving."""
    family, _type, _proto, _name, sockaddr = socket.getaddrinfo(
        address, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
    server_class = type("_Server", (_Server,), {"address_family": family})
    server = server_class(sockaddr, _Handler)
    server.collector = collector
    return server


def serve(monitor: Any, port: int = DEFAULT_PORT, address: str = DEFAULT_ADDRESS, min_interval_s: float = 1.0,
          processes: bool = False) -> tuple[_Server, threading.Thread, MonitorCollector]:
    """Start the HTTP server in a daemon thread; returns (server, thread, collector).  Port 0 picks one."""
    collector = MonitorCollector(monitor, min_interval_s, processes)
    server = make_server(collector, port, address)
    thread = threading.Thread(target=server.serve_forever, name="rocmdesk-exporter", daemon=True)
    thread.start()
    return server, thread, collector


def stop(server: Any) -> None:
    server.shutdown()
    server.server_close()

