"""The monitor's records: one GPU at one moment, and one sample of the whole machine.

The JSON form (``GpuSample.to_json``) is a contract shared by ``rocmdesk monitor --json``,
the exporter and ``rocmdesk inspect`` on rocm-smi/amd-smi output: keys are added, never
renamed.  A metric the card has no sensor for is ``None`` (JSON ``null``), never a guess.
Units are fixed by the key's suffix: ``_c`` degrees Celsius, ``_w`` watts, ``_mhz``,
``_bytes``, ``_percent``, ``_rpm``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

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
    pci_slot: str | None = None
    card: str | None = None
    partition: int | None = None
    error: str | None = None  # why the state is not ok, in words
    timestamp: float | None = None  # seconds since the epoch

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def get(self, key: str) -> Any:
        return getattr(self, key, None)

    def clear_metrics(self) -> None:
        for key in METRIC_KEYS + EXTRA_KEYS:
            setattr(self, key, None)


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
