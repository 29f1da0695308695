"""The sysfs sampler: every AMD GPU's live metrics from amdgpu's sysfs and hwmon files.

For each card it works out once which files exist (a :class:`CardPlan`: temperatures by
``temp*_label``, ``power1_average`` or ``power1_input``, ``freq*_input`` or the ``*`` level
of ``pp_dpm_*clk`` ...) and then re-reads only those, kept open (see
:mod:`rocmdesk.machine.sysfs_reader`).  Every read goes through the Host seam.

- A card whose ``power/runtime_status`` is ``suspended`` is not read (reading would wake it):
  its state is ``suspended`` and its metrics are null.
- A card whose device directory disappears, or whose reads fail with ``ENODEV``, is
  ``missing``; it is looked for again on every sample (also under a new card number, by
  its PCI slot) and comes back as ``ok`` with a fresh plan.
- A missing, empty, garbage or unreadable (EIO) file is null for that metric; if nothing
  at all could be read the state is ``error``.
- A sensor file the card has but that cannot be read (mode 000, a FIFO or device node where
  a file should be, vanished) is listed in the sample's ``missing_sensors`` and ``warnings``
  and tried again with a back-off (:mod:`rocmdesk.machine.sysfs_reader`), so it is read as
  soon as it can be.  A file the plan itself needed (a ``temp*_label``, hwmon ``name``,
  ``mem_info_vram_total``) that could not be read makes the plan incomplete: it is listed the
  same way and the plan is built again after a back-off (``REPLAN_FIRST_S`` doubling up to
  ``REPLAN_MAX_S``).
- A value outside its sane range (:data:`rocmdesk.telemetry.metrics.SANE_RANGES`) is null,
  with the value in ``out_of_range`` and a sentence in ``warnings``.

On a simulated machine each sample first moves the simulated metrics to the elapsed time
(``simulate.write_metrics``), so a monitor of ``--simulate NAME`` shows live-looking data.
"""

from __future__ import annotations

import errno as errno_mod
import os
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rocmdesk.i18n import translate
from rocmdesk.machine.device_facts import read_facts, read_ras
from rocmdesk.machine.host import Host
from rocmdesk.machine.model import DeviceFacts, Gpu
from rocmdesk.machine.sysfs_reader import SysfsReader
from rocmdesk.telemetry import gpu_metrics as gm
from rocmdesk.telemetry.metrics import ERROR, MISSING, OK, SANE_RANGES, SUSPENDED, GpuSample, in_range

DRM = "/sys/class/drm"
_CARD_RE = re.compile(r"^card(\d+)$")
_HWMON_RE = re.compile(r"^hwmon(\d+)$")
_TEMP_RE = re.compile(r"^temp(\d+)_input$")
_FREQ_RE = re.compile(r"^freq(\d+)_input$")
_DPM_RE = re.compile(r"^\s*[\w]+:\s*(\d+(?:\.\d+)?)\s*mhz\b.*\*", re.I)
_GTS_RE = re.compile(r"(\d+(?:\.\d+)?)\s*GT/s", re.I)
_TEMP_LABELS = {"edge": "edge", "junction": "junction", "mem": "mem"}
_TEMP_KEYS = {"edge": "temp_edge_c", "junction": "temp_junction_c", "mem": "temp_mem_c"}
_CRIT_KEYS = {"edge": "temp_edge_crit_c", "junction": "temp_junction_crit_c", "mem": "temp_mem_crit_c"}
_GONE = (errno_mod.ENODEV, errno_mod.ENXIO)
RELOCATE_EVERY_S = 5.0  # how often a missing card is looked for under another card number
REPLAN_FIRST_S = 1.0  # an incomplete plan is built again after this ...
REPLAN_MAX_S = 60.0  # ... doubling each time up to this
RAS_EVERY_S = 10.0  # RAS counters are re-read this often (each read is a query to the firmware)


def discover_gpus(host: Host) -> list[Gpu]:
    """The machine's AMD GPUs as ``detect`` numbers them (without the slower OS/ROCm facts)."""
    from rocmdesk.machine.gpus import build_gpus, read_cards
    from rocmdesk.machine.kfd import read_nodes
    from rocmdesk.machine.names import system_table

    return build_gpus(read_cards(host), read_nodes(host), system_table(host))


@dataclass
class CardPlan:
    """Which files one card has, found once; paths are machine paths."""

    dev: str
    runtime_status: str | None  # power/runtime_status; None when the device has no runtime PM file
    hwmon: str | None = None
    temps: dict[str, str] = field(default_factory=dict)  # edge|junction|mem -> temp*_input
    crit_c: dict[str, float] = field(default_factory=dict)  # edge|junction|mem -> temp*_crit in C
    power: tuple[str, ...] = ()  # power1_average, then power1_input: the first readable wins
    power_cap: str | None = None
    fan_rpm: str | None = None
    pwm: str | None = None
    pwm_max: int = 255
    sclk_hz: str | None = None
    mclk_hz: str | None = None
    sclk_dpm: str | None = None
    mclk_dpm: str | None = None
    busy: str | None = None
    mem_busy: str | None = None
    vram_used: str | None = None
    gtt_used: str | None = None
    link_speed: str | None = None
    link_width: str | None = None
    gpu_metrics: str | None = None  # the binary table (telemetry.gpu_metrics)
    last_metrics: gm.GpuMetrics | None = None  # the previous decode: residency counters need two samples
    facts: DeviceFacts | None = None  # VBIOS, link maximum, partitions, RAS, XGMI: read at the first awake sample
    ras_next: float = 0.0  # when the RAS counters are due again
    vram_total: int | None = None  # static: read once with the plan
    gtt_total: int | None = None
    # files the plan needed but could not read: machine path -> the error in words (the plan is incomplete)
    problems: dict[str, str] = field(default_factory=dict)
    # static values read with the plan but outside their sane range: (metric, value, machine path)
    rejected: list[tuple[str, float, str]] = field(default_factory=list)

    def files(self) -> list[str]:
        """The files a sample reads when all is well, in reading order (power1_input only as a fallback)."""
        out = ([self.runtime_status] if self.runtime_status else []) + [*self.temps.values(), *self.power[:1]]
        for p in (self.power_cap, self.busy, self.mem_busy, self.vram_used, self.gtt_used,
                  self.sclk_hz or self.sclk_dpm, self.mclk_hz or self.mclk_dpm, self.fan_rpm, self.pwm,
                  self.link_speed, self.link_width, self.gpu_metrics):
            if p:
                out.append(p)
        return out


def _hwmon_dir(host: Host, dev: str, value: Callable[[str], str | None]) -> str | None:
    dirs = [d for d in host.listdir(f"{dev}/hwmon") if _HWMON_RE.match(d)]
    dirs.sort(key=lambda d: int(_HWMON_RE.match(d).group(1)))  # type: ignore[union-attr]
    if not dirs:
        return None
    for d in dirs:  # a device's hwmon folder holds only its own sensors; prefer amdgpu's by name
        if value(f"{dev}/hwmon/{d}/name") == "amdgpu":
            return f"{dev}/hwmon/{d}"
    return f"{dev}/hwmon/{dirs[0]}"


def build_plan(host: Host, dev: str) -> CardPlan:
    """Look at a card's directory once and note which metric files it has.

    Files that are there but cannot be read (labels, totals, ``name``) are noted in ``problems``;
    static values outside their sane range in ``rejected``.
    """
    names = set(host.listdir(dev))
    status = f"{dev}/power/runtime_status"
    plan = CardPlan(dev=dev, runtime_status=status if host.exists(status) else None)
    once = SysfsReader(host, keep_open=False)  # read once, non-blocking, regular files only; says why not

    def read_value(path: str) -> str | None:
        value = once.read_value(path)
        if value is None and once.last_errno not in (None, errno_mod.ENOENT):  # absent is absent; broken is noted
            plan.problems[path] = once.last_error or os.strerror(once.last_errno)
        return value

    def static(key: str, path: str, scale: float = 1.0):
        raw = _to_int(read_value(path))
        if raw is None:
            return None
        value = raw / scale if scale != 1.0 else raw
        if not in_range(key, value):
            plan.rejected.append((key, value, path))
            return None
        return value

    def has(name: str) -> str | None:
        return f"{dev}/{name}" if name in names else None

    plan.busy = has("gpu_busy_percent")
    plan.mem_busy = has("mem_busy_percent")
    plan.vram_used = has("mem_info_vram_used")
    plan.gtt_used = has("mem_info_gtt_used")
    plan.sclk_dpm = has("pp_dpm_sclk")
    plan.mclk_dpm = has("pp_dpm_mclk")
    plan.link_speed = has("current_link_speed")
    plan.link_width = has("current_link_width")
    plan.gpu_metrics = has("gpu_metrics")
    if "mem_info_vram_total" in names:
        plan.vram_total = static("vram_total_bytes", f"{dev}/mem_info_vram_total")
    if "mem_info_gtt_total" in names:
        plan.gtt_total = static("gtt_total_bytes", f"{dev}/mem_info_gtt_total")

    hw = _hwmon_dir(host, dev, read_value)
    plan.hwmon = hw
    if hw is None:
        return plan
    files = set(host.listdir(hw))
    temps = sorted((int(m.group(1)), n) for n in files if (m := _TEMP_RE.match(n)))
    for num, name in temps:
        label_file = f"temp{num}_label"
        label = (read_value(f"{hw}/{label_file}") or "").lower()
        key = _TEMP_LABELS.get(label)
        if key is None and not label and num == 1 and f"{hw}/{label_file}" not in plan.problems:
            key = "edge"  # kernels before 4.20 (and GCN 1) had one unlabelled sensor: the edge
        if key is None or key in plan.temps:
            continue
        plan.temps[key] = f"{hw}/{name}"
        crit = static(f"temp_{key}_crit_c", f"{hw}/temp{num}_crit", 1000.0) if f"temp{num}_crit" in files else None
        if crit is not None:
            plan.crit_c[key] = crit
    plan.power = tuple(f"{hw}/{n}" for n in ("power1_average", "power1_input") if n in files)
    plan.power_cap = f"{hw}/power1_cap" if "power1_cap" in files else None
    plan.fan_rpm = f"{hw}/fan1_input" if "fan1_input" in files else None
    plan.pwm = f"{hw}/pwm1" if "pwm1" in files else None
    if plan.pwm and "pwm1_max" in files:
        plan.pwm_max = _to_int(read_value(f"{hw}/pwm1_max")) or 255
    for num, name in sorted((int(m.group(1)), n) for n in files if (m := _FREQ_RE.match(n))):
        label = (read_value(f"{hw}/freq{num}_label") or "").lower()
        if not label:
            label = {1: "sclk", 2: "mclk"}.get(num, "")
        if label == "sclk" and plan.sclk_hz is None:
            plan.sclk_hz = f"{hw}/{name}"
        elif label == "mclk" and plan.mclk_hz is None:
            plan.mclk_hz = f"{hw}/{name}"
    return plan


# --- value conversions (also used by tests and the benchmark) -------------------------------


def _to_int(text: str | None) -> int | None:
    if text is None or len(text) > 40:
        return None
    try:
        return int(text.strip(), 10)
    except ValueError:
        return None


def _mhz(hz: int) -> int | float:
    mhz = hz / 1_000_000
    return int(mhz) if mhz.is_integer() else mhz


def parse_dpm(text: str | None) -> int | float | None:
    """The current level of a ``pp_dpm_*clk`` table: the line marked ``*``, in MHz."""
    if not text:
        return None
    for line in text.splitlines()[:64]:
        m = _DPM_RE.match(line)
        if m:
            value = float(m.group(1))
            return int(value) if value.is_integer() else value
    return None


def parse_link_speed(text: str | None) -> float | None:
    """``16.0 GT/s PCIe`` -> 16.0; None for ``Unknown`` and the like."""
    if not text:
        return None
    m = _GTS_RE.search(text[:64])
    return float(m.group(1)) if m else None


class _Counter:
    """Reads through the reader, counting what failed and how (for the card's state), and which sensors."""

    __slots__ = ("reader", "tried", "failed", "gone", "missing")

    def __init__(self, reader: SysfsReader) -> None:
        self.reader = reader
        self.tried = self.failed = 0
        self.gone = False
        self.missing: list[tuple[str, str, str]] | None = None  # (metric, path, error) of files that failed

    def _note(self, path: str, metric: str) -> None:
        """A failed read: whether the file is merely absent, broken, or the GPU gone."""
        err = self.reader.last_errno
        if err is not None:
            if err in _GONE:
                self.gone = True
            if err != errno_mod.ENOENT:
                self.failed += 1
            if self.missing is None:
                self.missing = []
            self.missing.append((metric, path, self.reader.last_error or os.strerror(err)))

    def _count(self, read: Callable[[str], Any], path: str | None, metric: str) -> Any:
        if path is None:
            return None
        self.tried += 1
        result = read(path)
        if result is None:
            self._note(path, metric)
        return result

    def value(self, path: str | None, metric: str) -> str | None:
        return self._count(self.reader.read_value, path, metric)

    def int(self, path: str | None, metric: str) -> int | None:
        return self._count(self.reader.read_int, path, metric)

    def text(self, path: str | None, metric: str) -> str | None:
        return self._count(self.reader.read_text, path, metric)

    def raw(self, path: str) -> bytes | None:
        """A binary file; a failure is not a missing sensor (older firmware answers EOPNOTSUPP), only
        ENODEV counts (the device went away)."""
        data = self.reader.read(path, gm.MAX_BLOB)
        if data is None and self.reader.last_errno in _GONE:
            self.gone = True
        return data or None


def missing_text(metric: str | None, file: str, error: str) -> str:
    if metric:
        return translate("rocmdesk.telemetry.sampler",
                         "{metric} is missing: {file} cannot be read ({error}); it is tried again").format(
            metric=metric, file=file, error=error)
    return translate("rocmdesk.telemetry.sampler",
                     "{file} cannot be read ({error}); the sensors it describes are missing until it can").format(
        file=file, error=error)


def _note_missing(out: GpuSample, metric: str | None, path: str, error: str) -> None:
    out.missing_sensors.append({"metric": metric, "file": path, "error": error})
    out.warnings.append(missing_text(metric, path, error))


# sane ranges (metrics.SANE_RANGES) as plain numbers: read_card checks each value where it is made,
# which costs a comparison, not a pass over every key
_TEMP_LO, _TEMP_HI = SANE_RANGES["temp_edge_c"]
_W_LO, _W_HI = SANE_RANGES["power_w"]
_CAP_LO, _CAP_HI = SANE_RANGES["power_cap_w"]
_PCT_LO, _PCT_HI = SANE_RANGES["busy_percent"]
_MEMPCT_LO, _MEMPCT_HI = SANE_RANGES["mem_busy_percent"]
_BYTES_LO, _BYTES_HI = SANE_RANGES["vram_used_bytes"]
_MHZ_LO, _MHZ_HI = SANE_RANGES["sclk_mhz"]
_RPM_LO, _RPM_HI = SANE_RANGES["fan_rpm"]
_PWM_LO, _PWM_HI = SANE_RANGES["fan_pwm"]
_FANPCT_LO, _FANPCT_HI = SANE_RANGES["fan_percent"]
_GTS_LO, _GTS_HI = SANE_RANGES["pcie_link_speed_gts"]
_LANES_LO, _LANES_HI = SANE_RANGES["pcie_link_width"]


def _reject(out: GpuSample, key: str, value, path: str | None, high=None) -> None:
    out.reject(key, value, path, high)
    return None


def read_card(reader: SysfsReader, plan: CardPlan, out: GpuSample) -> None:
    """Fill ``out`` with one card's current values (state, missing sensors and rejected values included)."""
    c = _Counter(reader)
    status = c.value(plan.runtime_status, "runtime_status")
    if status == "suspended":
        out.state = SUSPENDED
        return
    for key, path in plan.temps.items():
        metric = _TEMP_KEYS[key]
        milli = c.int(path, metric)
        if milli is not None:
            t = milli / 1000
            if _TEMP_LO <= t <= _TEMP_HI:
                setattr(out, metric, t)
            else:
                _reject(out, metric, t, path)
    for key, crit in plan.crit_c.items():
        setattr(out, _CRIT_KEYS[key], crit)
    for path in plan.power:
        micro = c.int(path, "power_w")
        if micro is not None:
            w = micro / 1_000_000
            if _W_LO <= w <= _W_HI:
                out.power_w = w
                break
            _reject(out, "power_w", w, path)  # power1_average absurd: power1_input may still be sane
    v = c.int(plan.power_cap, "power_cap_w")
    if v is not None:
        w = v / 1_000_000
        out.power_cap_w = w if _CAP_LO <= w <= _CAP_HI else _reject(out, "power_cap_w", w, plan.power_cap)
    v = c.int(plan.busy, "busy_percent")
    out.busy_percent = v if v is None or _PCT_LO <= v <= _PCT_HI else _reject(out, "busy_percent", v, plan.busy)
    v = c.int(plan.mem_busy, "mem_busy_percent")
    out.mem_busy_percent = (v if v is None or _MEMPCT_LO <= v <= _MEMPCT_HI
                            else _reject(out, "mem_busy_percent", v, plan.mem_busy))
    total = out.vram_total_bytes = plan.vram_total
    v = c.int(plan.vram_used, "vram_used_bytes")
    if v is not None and not (_BYTES_LO <= v <= (total if total else _BYTES_HI)):
        v = _reject(out, "vram_used_bytes", v, plan.vram_used, total or None)
    out.vram_used_bytes = v
    total = out.gtt_total_bytes = plan.gtt_total
    v = c.int(plan.gtt_used, "gtt_used_bytes")
    if v is not None and not (_BYTES_LO <= v <= (total if total else _BYTES_HI)):
        v = _reject(out, "gtt_used_bytes", v, plan.gtt_used, total or None)
    out.gtt_used_bytes = v
    if plan.sclk_hz:
        hz = c.int(plan.sclk_hz, "sclk_mhz")
        v = _mhz(hz) if hz is not None else None
    else:
        v = parse_dpm(c.text(plan.sclk_dpm, "sclk_mhz"))
    out.sclk_mhz = v if v is None or _MHZ_LO <= v <= _MHZ_HI else _reject(
        out, "sclk_mhz", v, plan.sclk_hz or plan.sclk_dpm)
    if plan.mclk_hz:
        hz = c.int(plan.mclk_hz, "mclk_mhz")
        v = _mhz(hz) if hz is not None else None
    else:
        v = parse_dpm(c.text(plan.mclk_dpm, "mclk_mhz"))
    out.mclk_mhz = v if v is None or _MHZ_LO <= v <= _MHZ_HI else _reject(
        out, "mclk_mhz", v, plan.mclk_hz or plan.mclk_dpm)
    v = c.int(plan.fan_rpm, "fan_rpm")
    out.fan_rpm = v if v is None or _RPM_LO <= v <= _RPM_HI else _reject(out, "fan_rpm", v, plan.fan_rpm)
    pwm = c.int(plan.pwm, "fan_pwm")
    if pwm is not None and not _PWM_LO <= pwm <= _PWM_HI:
        pwm = _reject(out, "fan_pwm", pwm, plan.pwm)
    out.fan_pwm = pwm
    if pwm is not None and plan.pwm_max > 0:
        pct = round(100 * pwm / plan.pwm_max, 1)
        out.fan_percent = pct if _FANPCT_LO <= pct <= _FANPCT_HI else _reject(out, "fan_percent", pct, plan.pwm)
    else:
        out.fan_percent = None
    v = parse_link_speed(c.value(plan.link_speed, "pcie_link_speed_gts"))
    out.pcie_link_speed_gts = v if v is None or _GTS_LO <= v <= _GTS_HI else _reject(
        out, "pcie_link_speed_gts", v, plan.link_speed)
    v = c.int(plan.link_width, "pcie_link_width")
    out.pcie_link_width = v if v is None or _LANES_LO <= v <= _LANES_HI else _reject(
        out, "pcie_link_width", v, plan.link_width)
    if plan.gpu_metrics:
        _read_gpu_metrics(c, plan, out)
    if c.gone:
        out.clear_metrics()
        out.missing_sensors.clear()
        out.out_of_range.clear()
        out.warnings.clear()
        out.state = MISSING
        out.error = translate("rocmdesk.telemetry.sampler", "the device stopped answering (ENODEV)")
        return
    if c.tried and c.failed == c.tried:
        out.clear_metrics()
        out.state = ERROR
        out.error = translate("rocmdesk.telemetry.sampler", "none of its sensor files could be read")
    if c.missing is not None:
        for metric, path, error in c.missing:
            if metric == "runtime_status" or (metric == "power_w" and out.power_w is not None):
                continue  # not a metric; power1_average failed but power1_input answered
            _note_missing(out, metric, path, error)
    if plan.problems:
        for path, error in plan.problems.items():
            _note_missing(out, None, path, error)
    for key, value, path in plan.rejected:
        out.reject(key, value, path)


# gpu_metrics record field -> GpuSample key (degrees C and watts on both sides)
_GM_KEYS = (("temp_hotspot_c", "temp_hotspot_c"), ("temp_vrgfx_c", "temp_vrgfx_c"), ("temp_vrsoc_c", "temp_vrsoc_c"),
            ("temp_vrmem_c", "temp_vrmem_c"), ("temp_soc_c", "temp_soc_c"), ("socket_power_w", "socket_power_w"))


def _read_gpu_metrics(c: _Counter, plan: CardPlan, out: GpuSample) -> None:
    """Hotspot/VR/SoC temperatures, socket power and throttle reasons from the card's gpu_metrics table."""
    data = c.raw(plan.gpu_metrics) if plan.gpu_metrics else None
    if data is None:
        return
    m = gm.decode(data)
    if not m.ok:
        out.warnings.append(m.error or "")
        plan.last_metrics = None
        return
    out.gpu_metrics_version = m.version
    for src, key in _GM_KEYS:
        v = getattr(m, src)
        if v is not None:
            if in_range(key, v):
                setattr(out, key, v)
            else:
                _reject(out, key, v, plan.gpu_metrics)
    t = gm.throttle(m, plan.last_metrics, plan.crit_c.get("junction"))
    out.throttle_reasons = t.reasons
    out.throttle_ignored = t.ignored or None
    out.throttle_bits = t.raw
    plan.last_metrics = m


class SysfsSampler:
    """Samples every GPU of a machine from sysfs.  Cheap enough to call many times a second.

    ``gpus`` defaults to the machine's GPUs as detect numbers them.  ``clock`` gives the
    elapsed time that moves a simulated machine's metrics (monotonic seconds by default).
    """

    source = "sysfs"

    def __init__(
        self,
        host: Host,
        gpus: list[Gpu] | None = None,
        *,
        reader: SysfsReader | None = None,
        clock: Callable[[], float] = time.monotonic,
        move_simulated: bool | None = None,
    ) -> None:
        self.host = host
        self.gpus = list(gpus) if gpus is not None else discover_gpus(host)
        self.reader = reader or SysfsReader(host, clock=clock)
        self.clock = clock
        self._t0 = clock()
        self.move_simulated = host.simulated if move_simulated is None else move_simulated
        self._dev: dict[int, str | None] = {g.index: (f"{DRM}/{g.card}/device" if g.card else None) for g in self.gpus}
        self._plans: dict[str, CardPlan] = {}
        self._replan: dict[str, tuple[float, float]] = {}  # dev of an incomplete plan -> (when to replan, back-off)
        self._missing_since: dict[int, float] = {}
        self._last_relocate: dict[int, float] = {}
        self.simulated_t: float | None = None  # the time the simulated metrics were last moved to

    # -- public ------------------------------------------------------------------------
    def sample(self) -> list[GpuSample]:
        """Every GPU's current values, in GPU order."""
        if self.move_simulated:
            self._move_simulated()
        now = time.time()
        done: dict[str, GpuSample] = {}  # one read per card: partitions share their card's files
        out: list[GpuSample] = []
        for gpu in self.gpus:
            s = GpuSample(index=gpu.index, name=gpu.name, gfx=gpu.gfx, pci_slot=gpu.pci_slot, card=gpu.card,
                          partition=gpu.partition, timestamp=now)
            dev = self._dev.get(gpu.index)
            if dev is None:
                s.state = ERROR
                s.error = translate("rocmdesk.telemetry.sampler",
                                    "no DRM device for this GPU: sysfs has nothing to read")
            elif dev in done:
                _copy_metrics(done[dev], s)
            else:
                self._sample_card(gpu, dev, s)
                done[dev] = s
                dev = self._dev.get(gpu.index)  # a relocated card reads from its new place
                if dev is not None:
                    done[dev] = s
            out.append(s)
        return out

    def plan(self, index: int) -> CardPlan | None:
        dev = self._dev.get(index)
        return self._plans.get(dev) if dev else None

    def files(self, index: int) -> list[str]:
        """The files one sample of GPU ``index`` reads (for the benchmark's floor)."""
        plan = self.plan(index)
        return plan.files() if plan else []

    def close(self) -> None:
        self.reader.close()

    # -- internals -----------------------------------------------------------------------
    def _sample_card(self, gpu: Gpu, dev: str, s: GpuSample) -> None:
        if not self.reader.exists(dev):
            self._lost(gpu, dev)
            relocated = self._relocate(gpu)
            if relocated is None:
                s.state = MISSING
                s.error = translate("rocmdesk.telemetry.sampler", "the device is gone from sysfs")
                return
            dev = relocated
        plan = self._plans.get(dev)
        if plan is None:
            plan = self._new_plan(dev)
            self._missing_since.pop(gpu.index, None)
        elif plan.problems and self.clock() >= self._replan[dev][0]:
            plan = self._new_plan(dev)  # some file the plan needed was unreadable: look again
        read_card(self.reader, plan, s)
        if s.state == MISSING:
            self._lost(gpu, dev)
        elif s.state == OK:
            self._facts(plan, dev, s)

    def _facts(self, plan: CardPlan, dev: str, s: GpuSample) -> None:
        """The device's facts into the sample: read once the card is awake (some of them wake a sleeping one),
        the RAS counters again every RAS_EVERY_S."""
        now = self.clock()
        if plan.facts is None:
            plan.facts = read_facts(self.host, dev)
            plan.ras_next = now + RAS_EVERY_S
        elif plan.facts.ras_errors is not None and now >= plan.ras_next:
            plan.facts.ras_errors = read_ras(self.host, dev, plan.facts)
            plan.ras_next = now + RAS_EVERY_S
        f = plan.facts
        s.vbios_version = f.vbios_version
        if f.pcie_link is not None:
            s.pcie_link_max_speed_gts = f.pcie_link.max_speed_gts
            s.pcie_link_max_width = f.pcie_link.max_width
        s.compute_partition, s.memory_partition = f.compute_partition, f.memory_partition
        if f.ras_errors is not None:
            s.ras_errors = {block: dict(counts) for block, counts in f.ras_errors.items()}
            s.ras_ue = sum(c.get("ue", 0) for c in f.ras_errors.values())
            s.ras_ce = sum(c.get("ce", 0) for c in f.ras_errors.values())
        if f.xgmi is not None:
            s.xgmi_hive_id, s.xgmi_links = f.xgmi.hive_id, f.xgmi.links

    def _new_plan(self, dev: str) -> CardPlan:
        plan = self._plans[dev] = build_plan(self.host, dev)
        if plan.problems:
            delay = min(max(self._replan.get(dev, (0.0, REPLAN_FIRST_S / 2))[1] * 2, REPLAN_FIRST_S), REPLAN_MAX_S)
            self._replan[dev] = (self.clock() + delay, delay)
        else:
            self._replan.pop(dev, None)
        return plan

    def _lost(self, gpu: Gpu, dev: str) -> None:
        self._plans.pop(dev, None)
        self._replan.pop(dev, None)
        self.reader.forget(dev)
        self._missing_since.setdefault(gpu.index, self.clock())

    def _relocate(self, gpu: Gpu) -> str | None:
        """A card that came back under another number (hot-plug): find it by PCI slot."""
        if not gpu.pci_slot:
            return None
        now = self.clock()
        if now - self._last_relocate.get(gpu.index, -1e9) < RELOCATE_EVERY_S:
            return None
        self._last_relocate[gpu.index] = now
        taken = {d for i, d in self._dev.items() if i != gpu.index}
        for name in self.host.listdir(DRM):
            if not _CARD_RE.match(name):
                continue
            dev = f"{DRM}/{name}/device"
            if dev in taken:
                continue
            uevent = self.host.read_text(f"{dev}/uevent", limit=4096) or ""
            for line in uevent.splitlines():
                if line.startswith("PCI_SLOT_NAME=") and line.split("=", 1)[1].strip().lower() == gpu.pci_slot:
                    self._dev[gpu.index] = dev
                    return dev
        return None

    def _move_simulated(self) -> None:
        from rocmdesk.machine import simulate

        t = self.clock() - self._t0
        try:
            simulate.write_metrics(self.host.root, t)
            writer = getattr(simulate, "write_processes", None)
            if writer is not None:
                writer(self.host.root, t)
        except (OSError, ValueError, KeyError):
            return  # a tree that is not (or no longer) a simulated machine: read it as it is
        self.simulated_t = t
        self.reader.forget()  # the files were replaced by rename: reopen them


def _copy_metrics(src: GpuSample, dst: GpuSample) -> None:
    from rocmdesk.telemetry.metrics import DETAIL_KEYS, EXTRA_KEYS, METRIC_KEYS

    for key in METRIC_KEYS + EXTRA_KEYS + DETAIL_KEYS + ("state", "error", "missing_sensors", "out_of_range", "warnings"):
        setattr(dst, key, getattr(src, key))
