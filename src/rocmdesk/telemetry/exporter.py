"""``rocmdesk exporter``: the monitor's metrics in Prometheus' text format (prometheus_client).

    rocmdesk exporter [--port N] [--address A] [--root DIR | --simulate NAME] [--source SRC]

Serves ``http://127.0.0.1:9864/metrics`` by default (loopback only unless ``--address`` says
otherwise).  Each scrape takes a fresh sample, but not more often than ``--min-interval``
(a second scrape within it is answered from the last one), so several Prometheus servers
cost no more than one.  Names follow Prometheus' conventions (base units: celsius, watts,
bytes, hertz); every series carries ``gpu`` (the index ``rocmdesk detect`` shows).

    rocmdesk_gpu_info{gpu,name,gfx,pci_slot} 1          rocmdesk_gpu_up{gpu} 1|0
    rocmdesk_gpu_temperature_celsius{gpu,sensor}        rocmdesk_gpu_power_watts{gpu}
    rocmdesk_gpu_power_cap_watts{gpu}                   rocmdesk_gpu_busy_percent{gpu}
    rocmdesk_gpu_memory_busy_percent{gpu}               rocmdesk_gpu_vram_{used,total}_bytes{gpu}
    rocmdesk_gpu_gtt_{used,total}_bytes{gpu}            rocmdesk_gpu_clock_hertz{gpu,clock}
    rocmdesk_gpu_fan_rpm{gpu}                           rocmdesk_process_vram_bytes{gpu,pid,name}
    rocmdesk_host_cpu_percent                           rocmdesk_host_memory_{used,total}_bytes
    rocmdesk_gpu_sensor_missing{gpu,metric,file} 1      rocmdesk_gpu_sensor_out_of_range{gpu,metric} 1

A sensor the GPU has but that could not be read is a ``rocmdesk_gpu_sensor_missing`` series (``metric``
is the monitor's key, empty for a file that names sensors such as a ``temp*_label``; ``file`` its file
name) and no value; a value outside its sane range is a ``rocmdesk_gpu_sensor_out_of_range`` series
and no value either.

The server is a thread per connection, at most ``MAX_HANDLERS`` at once; connections beyond that wait
in a listen queue of ``LISTEN_BACKLOG`` (the kernel caps it at ``net.core.somaxconn``), so a burst of
scrapes is queued, not refused; a connection that sends nothing is dropped after ``REQUEST_TIMEOUT_S``.
"""

from __future__ import annotations

import socket
import threading
import time
from socketserver import ThreadingMixIn
from typing import Any
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer

DEFAULT_PORT = 9864
DEFAULT_ADDRESS = "127.0.0.1"
LISTEN_BACKLOG = 1024
MAX_HANDLERS = 32
REQUEST_TIMEOUT_S = 10.0

_TEMPS = (("edge", "temp_edge_c"), ("junction", "temp_junction_c"), ("mem", "temp_mem_c"),
          # from gpu_metrics (the firmware's table), where the card has one
          ("hotspot", "temp_hotspot_c"), ("vrgfx", "temp_vrgfx_c"), ("vrsoc", "temp_vrsoc_c"),
          ("vrmem", "temp_vrmem_c"), ("soc", "temp_soc_c"))
_CRITS = (("edge", "temp_edge_crit_c"), ("junction", "temp_junction_crit_c"), ("mem", "temp_mem_crit_c"))
_GAUGES = (
    ("rocmdesk_gpu_power_watts", "Average (else current) package power", "power_w", 1.0),
    ("rocmdesk_gpu_power_cap_watts", "Power cap", "power_cap_w", 1.0),
    ("rocmdesk_gpu_busy_percent", "GPU busy percent (gpu_busy_percent)", "busy_percent", 1.0),
    ("rocmdesk_gpu_memory_busy_percent", "Memory controller busy percent", "mem_busy_percent", 1.0),
    ("rocmdesk_gpu_vram_used_bytes", "VRAM in use", "vram_used_bytes", 1.0),
    ("rocmdesk_gpu_vram_total_bytes", "VRAM size", "vram_total_bytes", 1.0),
    ("rocmdesk_gpu_gtt_used_bytes", "GTT (system memory mapped for the GPU) in use", "gtt_used_bytes", 1.0),
    ("rocmdesk_gpu_gtt_total_bytes", "GTT size", "gtt_total_bytes", 1.0),
    ("rocmdesk_gpu_fan_rpm", "Fan speed", "fan_rpm", 1.0),
    ("rocmdesk_gpu_fan_percent", "Fan duty cycle", "fan_percent", 1.0),
    ("rocmdesk_gpu_pcie_link_speed_gts", "PCIe link speed, GT/s", "pcie_link_speed_gts", 1.0),
    ("rocmdesk_gpu_pcie_link_width", "PCIe link width, lanes", "pcie_link_width", 1.0),
    ("rocmdesk_gpu_socket_power_watts", "Average socket power from gpu_metrics", "socket_power_w", 1.0),
)


class MonitorCollector:
    """A prometheus_client collector over a :class:`~rocmdesk.telemetry.monitor.Monitor`."""

    def __init__(self, monitor: Any, min_interval_s: float = 1.0, processes: bool = True) -> None:
        self.monitor = monitor
        self.min_interval_s = min_interval_s
        self.processes = processes
        self._lock = threading.Lock()
        self._at = -1e18
        self.scrapes = 0

    def _sample(self):
        with self._lock:
            now = time.monotonic()
            if self.monitor.latest is None or now - self._at >= self.min_interval_s:
                self.monitor.tick()
                self._at = now
            self.scrapes += 1
            procs = self.monitor.processes(max_age_s=self.min_interval_s) if self.processes else []
            return self.monitor.latest, procs

    def describe(self):
        return []  # collected fresh on each scrape: no fixed set to describe

    def collect(self):
        from prometheus_client.core import GaugeMetricFamily

        sample, procs = self._sample()
        info = GaugeMetricFamily("rocmdesk_gpu_info", "GPU identity (value 1)", labels=["gpu", "name", "gfx", "pci_slot"])
        up = GaugeMetricFamily("rocmdesk_gpu_up", "1 when the GPU's sensors were read (state ok)", labels=["gpu"])
        state = GaugeMetricFamily("rocmdesk_gpu_state", "1 for the GPU's current state", labels=["gpu", "state"])
        temp = GaugeMetricFamily("rocmdesk_gpu_temperature_celsius", "Temperature by hwmon label",
                                 labels=["gpu", "sensor"])
        crit = GaugeMetricFamily("rocmdesk_gpu_temperature_critical_celsius", "Critical temperature by hwmon label",
                                 labels=["gpu", "sensor"])
        clock = GaugeMetricFamily("rocmdesk_gpu_clock_hertz", "Current shader (sclk) and memory (mclk) clock",
                                  labels=["gpu", "clock"])
        gauges = [(GaugeMetricFamily(name, doc, labels=["gpu"]), key, scale) for name, doc, key, scale in _GAUGES]
        for g in sample.gpus:
            gpu = str(g.index)
            info.add_metric([gpu, g.name or "", g.gfx or "", g.pci_slot or ""], 1)
            up.add_metric([gpu], 1 if g.state == "ok" else 0)
            state.add_metric([gpu, g.state], 1)
            for sensor, key in _TEMPS:
                if (v := getattr(g, key)) is not None:
                    temp.add_metric([gpu, sensor], float(v))
            for sensor, key in _CRITS:
                if (v := getattr(g, key)) is not None:
                    crit.add_metric([gpu, sensor], float(v))
            for name, key in (("sclk", "sclk_mhz"), ("mclk", "mclk_mhz")):
                if (v := getattr(g, key)) is not None:
                    clock.add_metric([gpu, name], float(v) * 1e6)
            for family, key, scale in gauges:
                if (v := getattr(g, key)) is not None:
                    family.add_metric([gpu], float(v) * scale)
        missing = GaugeMetricFamily("rocmdesk_gpu_sensor_missing",
                                    "1 for each sensor file the GPU has that could not be read (it has no value)",
                                    labels=["gpu", "metric", "file"])
        wild = GaugeMetricFamily("rocmdesk_gpu_sensor_out_of_range",
                                 "1 for each value read outside its sane range (it has no value)",
                                 labels=["gpu", "metric"])
        for g in sample.gpus:
            gpu = str(g.index)
            seen = set()
            for m in g.missing_sensors:
                labels = (gpu, m.get("metric") or "", str(m.get("file") or "").rsplit("/", 1)[-1])
                if labels not in seen:  # one series per metric and file name
                    seen.add(labels)
                    missing.add_metric(list(labels), 1)
            for metric in dict.fromkeys(r["metric"] for r in g.out_of_range):
                wild.add_metric([gpu, metric], 1)
        yield from (info, up, state, temp, crit, clock)
        yield from (f for f, _k, _s in gauges)
        yield missing
        yield wild
        throttled = GaugeMetricFamily("rocmdesk_gpu_throttled",
                                      "1 when gpu_metrics names a throttle reason now, 0 when it names none",
                                      labels=["gpu"])
        reason = GaugeMetricFamily("rocmdesk_gpu_throttle_reason",
                                   "1 for each throttle reason gpu_metrics names now (the kernel's SMU_THROTTLER "
                                   "names; the idle TEMP_HOTSPOT bit of RDNA3/4 is not counted)",
                                   labels=["gpu", "reason"])
        for g in sample.gpus:
            if g.throttle_reasons is not None:
                throttled.add_metric([str(g.index)], 1 if g.throttle_reasons else 0)
                for r in g.throttle_reasons:
                    reason.add_metric([str(g.index), r], 1)
        yield throttled
        yield reason
        proc = GaugeMetricFamily("rocmdesk_process_vram_bytes", "VRAM a process holds (KFD or DRM fdinfo)",
                                 labels=["gpu", "pid", "name"])
        for p in procs:
            if p.vram_bytes is not None and p.gpu_index is not None:
                proc.add_metric([str(p.gpu_index), str(p.pid), p.name or ""], float(p.vram_bytes))
        yield proc
        if sample.host is not None:
            h = sample.host
            for name, doc, value in (
                ("rocmdesk_host_cpu_percent", "Host CPU use over all cores", h.cpu_percent),
                ("rocmdesk_host_memory_used_bytes", "Host memory in use (total - available)", h.mem_used_bytes),
                ("rocmdesk_host_memory_total_bytes", "Host memory size", h.mem_total_bytes),
            ):
                if value is not None:
                    yield GaugeMetricFamily(name, doc, value=float(value))


def make_registry(monitor: Any, min_interval_s: float = 1.0, processes: bool = True):
    from prometheus_client import CollectorRegistry

    registry = CollectorRegistry(auto_describe=False)
    collector = MonitorCollector(monitor, min_interval_s, processes)
    registry.register(collector)
    return registry, collector


def render(monitor: Any) -> str:
    """The text a scrape would get, without a server (tests, debugging)."""
    from prometheus_client import generate_latest

    registry, _ = make_registry(monitor, min_interval_s=0.0)
    return generate_latest(registry).decode("utf-8")


class _Handler(WSGIRequestHandler):
    timeout = REQUEST_TIMEOUT_S  # a socket timeout: a client that stalls frees its thread

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (the base class's name)
        pass  # a line on stderr per scrape is noise


class _Server(ThreadingMixIn, WSGIServer):
    """A thread per connection, at most MAX_HANDLERS at once; the rest wait in a deep listen queue."""

    daemon_threads = True
    request_queue_size = LISTEN_BACKLOG
    max_handlers = MAX_HANDLERS

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


def make_server(app: Any, port: int = DEFAULT_PORT, address: str = DEFAULT_ADDRESS) -> _Server:
    """A bound, listening server for ``app`` (IPv4 or IPv6 by the address); not yet serving."""
    family, _type, _proto, _name, sockaddr = socket.getaddrinfo(
        address, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
    server_class = type("_Server", (_Server,), {"address_family": family})
    server = server_class(sockaddr, _Handler)
    server.set_app(app)
    return server


def serve(monitor: Any, port: int = DEFAULT_PORT, address: str = DEFAULT_ADDRESS, min_interval_s: float = 1.0):
    """Start the HTTP server in a daemon thread; returns (server, thread, collector).  Port 0 picks one."""
    from prometheus_client import make_wsgi_app

    registry, collector = make_registry(monitor, min_interval_s)
    server = make_server(make_wsgi_app(registry), port, address)
    thread = threading.Thread(target=server.serve_forever, name="rocmdesk-exporter", daemon=True)
    thread.start()
    return server, thread, collector


def stop(server: Any) -> None:
    server.shutdown()
    server.server_close()
