"""The monitor's records: one GPU at one moment, and one sample of the whole machine.

The JSON form (``GpuSample.to_json``) is a contract shared by ``rocmdesk monitor --json``,
the exporter and ``rocmdesk inspect`` on rocm-smi/amd-smi output: keys are added, never
renamed.  A metric the card has no sensor for is ``None`` (JSON ``null``), never a guess.
Units are fixed by the key's suffix: ``_c`` degrees Celsius, ``_w`` watts, ``_mhz``,
``_bytes``, ``_percent``, ``_rpm``.

A value outside its sane range (:data:`SANE_RANGES`: a power of -1e20 W, a busy of 250 %) is
never passed on: it becomes ``None``, and the sample says so in ``out_of_range`` (the key, the
value read, the range) and in ``warnings`` (a sentence).  A sensor file the GPU has but that
could not be read (mode 000, a FIFO where a file should be, vanished) is listed in
``missing_sensors`` (the key, the file, the error) with a sentence in ``warnings`` too.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, fields
from typing import Any

from rocmdesk.i18n import translate

# GPU states
OK = "ok"
SUSPENDED = "suspended"  # power/runtime_status says suspended: not read, so as not to wake it
MISSING = "missing"  # the device vanished (its directory gone, or ENODEV); it may come back
ERROR = "error"  # present, but nothing could be read
STATES = (OK, SUSPENDED, MISSING, ERROR)

# the contract's metric keys, in the order the CLI prints them
METRIC_KEYS: tuple[str, ...] = (
    "temp_edge_c",
    "temp_junction_c",
    "temp_mem_c",
    "power_w",
    "power_cap_w",
    "busy_percent",
    "vram_used_bytes",
    "vram_total_bytes",
    "gtt_used_bytes",
    "gtt_total_bytes",
    "sclk_mhz",
    "mclk_mhz",
    "fan_rpm",
)
# beyond the contract
EXTRA_KEYS: tuple[str, ...] = (
    "mem_busy_percent",
    "fan_pwm",  # raw 0..255 duty as hwmon pwm1 says
    "fan_percent",
    "pcie_link_speed_gts",
    "pcie_link_width",
    "temp_edge_crit_c",
    "temp_junction_crit_c",
    "temp_mem_crit_c",
    # from the binary gpu_metrics table (telemetry.gpu_metrics), where the card has one
    "temp_hotspot_c",
    "temp_vrgfx_c",
    "temp_vrsoc_c",
    "temp_vrmem_c",
    "temp_soc_c",
    "socket_power_w",
)
# not numbers (so not in CSV rows): what gpu_metrics says about throttling, and Instinct facts
DETAIL_KEYS: tuple[str, ...] = (
    "gpu_metrics_version",
    "throttle_reasons",
    "throttle_ignored",
    "throttle_bits",
    # the device's facts (machine.device_facts): static ones read once, RAS counts every RAS_EVERY_S
    "vbios_version",
    "pcie_link_max_speed_gts",
    "pcie_link_max_width",
    "compute_partition",
    "memory_partition",
    "ras_errors",
    "ras_ue",
    "ras_ce",
    "xgmi_hive_id",
    "xgmi_links",
)
# what a history keeps per GPU: the values that move (totals and limits are static)
SERIES_KEYS: tuple[str, ...] = (
    "temp_edge_c",
    "temp_junction_c",
    "temp_mem_c",
    "power_w",
    "power_cap_w",
    "busy_percent",
    "mem_busy_percent",
    "vram_used_bytes",
    "gtt_used_bytes",
    "sclk_mhz",
    "mclk_mhz",
    "fan_rpm",
    "fan_pwm",
)

Number = float | int

# what a working GPU can report, per key: anything outside is a broken sensor or driver, not a reading.
# Generous on purpose (a 1500 W accelerator, a 20000 rpm server blower, 1 PiB of memory): the point is
# to keep absurd numbers (-1e20 W, 4294967 degrees) out of plots, alerts and Prometheus.
_TEMP_C = (-50.0, 200.0)
_BYTES = (0, 2**50)
SANE_RANGES: dict[str, tuple[Number, Number]] = {
    "temp_edge_c": _TEMP_C,
    "temp_junction_c": _TEMP_C,
    "temp_mem_c": _TEMP_C,
    "temp_edge_crit_c": _TEMP_C,
    "temp_junction_crit_c": _TEMP_C,
    "temp_mem_crit_c": _TEMP_C,
    "power_w": (0.0, 3000.0),
    "power_cap_w": (0.0, 3000.0),
    "busy_percent": (0, 100),
    "mem_busy_percent": (0, 100),
    "vram_used_bytes": _BYTES,
    "vram_total_bytes": _BYTES,
    "gtt_used_bytes": _BYTES,
    "gtt_total_bytes": _BYTES,
    "sclk_mhz": (0, 10000),
    "mclk_mhz": (0, 10000),
    "fan_rpm": (0, 30000),
    "fan_pwm": (0, 255),
    "fan_percent": (0.0, 100.0),
    "pcie_link_speed_gts": (0.0, 128.0),
    "pcie_link_width": (0, 64),
    "temp_hotspot_c": _TEMP_C,
    "temp_vrgfx_c": _TEMP_C,
    "temp_vrsoc_c": _TEMP_C,
    "temp_vrmem_c": _TEMP_C,
    "temp_soc_c": _TEMP_C,
    "socket_power_w": (0.0, 3000.0),
}
_RANGE_ITEMS = tuple((k, lo, hi) for k, (lo, hi) in SANE_RANGES.items())
_USED_TOTAL = (("vram_used_bytes", "vram_total_bytes"), ("gtt_used_bytes", "gtt_total_bytes"))


@dataclass(slots=True)
class GpuSample:
    """One GPU at one moment.  Every metric is None when the card has no such sensor."""

    index: int
    name: str | None
    gfx: str | None
    state: str = OK
    temp_edge_c: float | None = None
    temp_junction_c: float | None = None
    temp_mem_c: float | None = None
    power_w: float | None = None
    power_cap_w: float | None = None
    busy_percent: int | None = None
    vram_used_bytes: int | None = None
    vram_total_bytes: int | None = None
    gtt_used_bytes: int | None = None
    gtt_total_bytes: int | None = None
    sclk_mhz: Number | None = None
    mclk_mhz: Number | None = None
    fan_rpm: int | None = None
    # beyond the contract
    mem_busy_percent: int | None = None
    fan_pwm: int | None = None
    fan_percent: float | None = None
    pcie_link_speed_gts: float | None = None
    pcie_link_width: int | None = None
    temp_edge_crit_c: float | None = None
    temp_junction_crit_c: float | None = None
    temp_mem_crit_c: float | None = None
    temp_hotspot_c: float | None = None
    temp_vrgfx_c: float | None = None
    temp_vrsoc_c: float | None = None
    temp_vrmem_c: float | None = None
    temp_soc_c: float | None = None  # APU
    socket_power_w: float | None = None
    # gpu_metrics: its version ("1.3"); throttle reasons by the kernel's names (["PPT0"]; [] = not throttled;
    # None = the table cannot say); bits set but not believed (the idle TEMP_HOTSPOT of RDNA3/4); the raw bits
    gpu_metrics_version: str | None = None
    throttle_reasons: list[str] | None = None
    throttle_ignored: list[str] | None = None
    throttle_bits: int | None = None
    # the device's facts: VBIOS, the PCIe link's maximum (current speed/width above), MI300 partition modes,
    # RAS error counts per block ({"umc": {"ue": 0, "ce": 2}}) and their sums over blocks, the XGMI hive
    vbios_version: str | None = None
    pcie_link_max_speed_gts: float | None = None
    pcie_link_max_width: int | None = None
    compute_partition: str | None = None
    memory_partition: str | None = None
    ras_errors: dict[str, dict[str, int]] | None = None
    ras_ue: int | None = None  # uncorrectable errors, all blocks
    ras_ce: int | None = None  # corrected errors, all blocks
    xgmi_hive_id: str | None = None
    xgmi_links: int | None = None
    pci_slot: str | None = None
    card: str | None = None
    partition: int | None = None
    error: str | None = None  # why the state is not ok, in words
    timestamp: float | None = None  # seconds since the epoch
    # sensors the GPU has that could not be read: {"metric": key or None, "file": machine path, "error": words}
    missing_sensors: list[dict[str, Any]] = field(default_factory=list)
    # values read but outside SANE_RANGES (now None): {"metric": key, "value": what was read, "range": [lo, hi]}
    out_of_range: list[dict[str, Any]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)  # a sentence for each of the two lists above

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def get(self, key: str) -> Any:
        return getattr(self, key, None)

    def clear_metrics(self) -> None:
        for key in METRIC_KEYS + EXTRA_KEYS + DETAIL_KEYS:
            setattr(self, key, None)

    def reject(self, key: str, value: Any, file: str | None = None, high: Number | None = None) -> None:
        """``key`` read ``value``, outside its sane range (or above ``high``): drop it (None) and say so."""
        lo, hi = SANE_RANGES[key]
        hi = hi if high is None else high
        setattr(self, key, None)
        shown = _number(value)
        entry: dict[str, Any] = {"metric": key, "value": shown, "range": [lo, hi]}
        if file is not None:
            entry["file"] = file
        self.out_of_range.append(entry)
        self.warnings.append(translate(
            "rocmdesk.telemetry.metrics",
            "{metric}: {value} is outside the sane range {low} to {high}; ignored",
        ).format(metric=key, value=f"{shown:g}" if isinstance(shown, float) else shown, low=lo, high=hi))


def _number(value: Any) -> Any:
    """A value as JSON can carry it: a finite float or an int; anything else (inf, nan, text) as text."""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return value if abs(value) < 2**63 else float(value)
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)
    return str(value)


def in_range(key: str, value: Any) -> bool:
    """Whether ``value`` is a sane reading for ``key`` (None, and keys without a range, always are)."""
    bounds = SANE_RANGES.get(key)
    if value is None or bounds is None:
        return True
    try:
        return bounds[0] <= value <= bounds[1]
    except TypeError:
        return False


def sanitize(g: GpuSample) -> GpuSample:
    """Drop (to None, with a warning) every value of ``g`` outside its sane range, and memory in use above its
    total; returns ``g``.  NaN counts as outside."""
    for key, lo, hi in _RANGE_ITEMS:
        v = getattr(g, key)
        if v is not None:
            try:
                ok = lo <= v <= hi  # NaN fails both comparisons
            except TypeError:
                ok = False
            if not ok:
                g.reject(key, v)
    for used, total in _USED_TOTAL:
        u, t = getattr(g, used), getattr(g, total)
        if u is not None and t and u > t:
            g.reject(used, u, high=t)
    return g


@dataclass(slots=True)
class HostSample:
    """The computer around the GPUs, on the same time line."""

    cpu_percent: float | None = None
    mem_used_bytes: int | None = None
    mem_total_bytes: int | None = None
    swap_used_bytes: int | None = None
    load_1m: float | None = None

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


@dataclass(slots=True)
class Sample:
    """Every GPU (and optionally the host) at one moment."""

    timestamp: float  # seconds since the epoch
    gpus: list[GpuSample] = field(default_factory=list)
    host: HostSample | None = None
    source: str = "sysfs"  # sysfs | rocm-smi | amd-smi

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "timestamp": self.timestamp,
            "source": self.source,
            "gpus": [g.to_json() for g in self.gpus],
        }
        if self.host is not None:
            out["host"] = self.host.to_json()
        return out


def csv_header() -> list[str]:
    return ["timestamp", "index", "name", "gfx", "state", *METRIC_KEYS, *EXTRA_KEYS]


def csv_row(sample: Sample, gpu: GpuSample) -> list[Any]:
    return [sample.timestamp, gpu.index, gpu.name, gpu.gfx, gpu.state, *(gpu.get(k) for k in METRIC_KEYS + EXTRA_KEYS)]
