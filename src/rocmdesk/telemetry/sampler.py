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

On a simulated machine each sample first moves the simulated metrics to the elapsed time
(``simulate.write_metrics``), so a monitor of ``--simulate NAME`` shows live-looking data.
"""

from __future__ import annotations

import errno as errno_mod
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from rocmdesk.i18n import translate
from rocmdesk.machine.host import Host
from rocmdesk.machine.model import Gpu
from rocmdesk.machine.sysfs_reader import SysfsReader
from rocmdesk.telemetry.metrics import ERROR, MISSING, SUSPENDED, GpuSample

DRM = "/sys/class/drm"
_CARD_RE = re.compile(r"^card(\d+)$")
_HWMON_RE = re.compile(r"^hwmon(\d+)$")
_TEMP_RE = re.compile(r"^temp(\d+)_input$")
_FREQ_RE = re.compile(r"^freq(\d+)_input$")
_DPM_RE = re.compile(r"^\s*[\w]+:\s*(\d+(?:\.\d+)?)\s*mhz\b.*\*", re.I)
_GTS_RE = re.compile(r"(\d+(?:\.\d+)?)\s*GT/s", re.I)
_TEMP_LABELS = {"edge": "edge", "junction": "junction", "mem": "mem"}
_GONE = (errno_mod.ENODEV, errno_mod.ENXIO)
RELOCATE_EVERY_S = 5.0  # how often a missing card is looked for under another card number


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
    vram_total: int | None = None  # static: read once with the plan
    gtt_total: int | None = None

    def files(self) -> list[str]:
        """The files a sample reads when all is well, in reading order (power1_input only as a fallback)."""
        out = ([self.runtime_status] if self.runtime_status else []) + [*self.temps.values(), *self.power[:1]]
        for p in (self.power_cap, self.busy, self.mem_busy, self.vram_used, self.gtt_used,
                  self.sclk_hz or self.sclk_dpm, self.mclk_hz or self.mclk_dpm, self.fan_rpm, self.pwm,
                  self.link_speed, self.link_width):
            if p:
                out.append(p)
        return out


def _hwmon_dir(host: Host, dev: str) -> str | None:
    dirs = [d for d in host.listdir(f"{dev}/hwmon") if _HWMON_RE.match(d)]
    dirs.sort(key=lambda d: int(_HWMON_RE.match(d).group(1)))  # type: ignore[union-attr]
    if not dirs:
        return None
    for d in dirs:  # a device's hwmon folder holds only its own sensors; prefer amdgpu's by name
        if host.read_value(f"{dev}/hwmon/{d}/name") == "amdgpu":
            return f"{dev}/hwmon/{d}"
    return f"{dev}/hwmon/{dirs[0]}"


def build_plan(host: Host, dev: str) -> CardPlan:
    """Look at a card's directory once and note which metric files it has."""
    names = set(host.listdir(dev))
    status = f"{dev}/power/runtime_status"
    plan = CardPlan(dev=dev, runtime_status=status if host.exists(status) else None)

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
    plan.vram_total = _to_int(host.read_value(f"{dev}/mem_info_vram_total")) if "mem_info_vram_total" in names else None
    plan.gtt_total = _to_int(host.read_value(f"{dev}/mem_info_gtt_total")) if "mem_info_gtt_total" in names else None

    hw = _hwmon_dir(host, dev)
    plan.hwmon = hw
    if hw is None:
        return plan
    files = set(host.listdir(hw))
    temps = sorted((int(m.group(1)), n) for n in files if (m := _TEMP_RE.match(n)))
    for num, name in temps:
        label = (host.read_value(f"{hw}/temp{num}_label") or "").lower()
        key = _TEMP_LABELS.get(label)
        if key is None and not label and num == 1:
            key = "edge"  # kernels before 4.20 (and GCN 1) had one unlabelled sensor: the edge
        if key is None or key in plan.temps:
            continue
        plan.temps[key] = f"{hw}/{name}"
        crit = _to_int(host.read_value(f"{hw}/temp{num}_crit")) if f"temp{num}_crit" in files else None
        if crit is not None:
            plan.crit_c[key] = crit / 1000
    plan.power = tuple(f"{hw}/{n}" for n in ("power1_average", "power1_input") if n in files)
    plan.power_cap = f"{hw}/power1_cap" if "power1_cap" in files else None
    plan.fan_rpm = f"{hw}/fan1_input" if "fan1_input" in files else None
    plan.pwm = f"{hw}/pwm1" if "pwm1" in files else None
    if plan.pwm and "pwm1_max" in files:
        plan.pwm_max = _to_int(host.read_value(f"{hw}/pwm1_max")) or 255
    for num, name in sorted((int(m.group(1)), n) for n in files if (m := _FREQ_RE.match(n))):
        label = (host.read_value(f"{hw}/freq{num}_label") or "").lower()
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
    """Reads through the reader, counting what failed and how (for the card's state)."""

    __slots__ = ("reader", "tried", "failed", "gone")

    def __init__(self, reader: SysfsReader) -> None:
        self.reader = reader
        self.tried = self.failed = 0
        self.gone = False

    def _note(self, result):
        """Count a read; a failed one says whether the file is merely absent, broken, or the GPU gone."""
        self.tried += 1
        if result is None:
            err = self.reader.last_errno
            if err in _GONE:
                self.gone = True
            if err is not None and err != errno_mod.ENOENT:
                self.failed += 1
        return result

    def value(self, path: str | None) -> str | None:
        return None if path is None else self._note(self.reader.read_value(path))

    def int(self, path: str | None) -> int | None:
        return None if path is None else self._note(self.reader.read_int(path))

    def text(self, path: str | None) -> str | None:
        return None if path is None else self._note(self.reader.read_text(path))


def read_card(reader: SysfsReader, plan: CardPlan, out: GpuSample) -> None:
    """Fill ``out`` with one card's current values (state included)."""
    c = _Counter(reader)
    status = c.value(plan.runtime_status)
    if status == "suspended":
        out.state = SUSPENDED
        return
    for key, path in plan.temps.items():
        milli = c.int(path)
        if milli is not None:
            setattr(out, f"temp_{key}_c", milli / 1000)
    for key, crit in plan.crit_c.items():
        setattr(out, f"temp_{key}_crit_c", crit)
    for path in plan.power:
        micro = c.int(path)
        if micro is not None:
            out.power_w = micro / 1_000_000
            break
    cap = c.int(plan.power_cap)
    out.power_cap_w = cap / 1_000_000 if cap is not None else None
    out.busy_percent = c.int(plan.busy)
    out.mem_busy_percent = c.int(plan.mem_busy)
    out.vram_used_bytes = c.int(plan.vram_used)
    out.gtt_used_bytes = c.int(plan.gtt_used)
    out.vram_total_bytes = plan.vram_total
    out.gtt_total_bytes = plan.gtt_total
    if plan.sclk_hz:
        hz = c.int(plan.sclk_hz)
        out.sclk_mhz = _mhz(hz) if hz is not None else None
    else:
        out.sclk_mhz = parse_dpm(c.text(plan.sclk_dpm))
    if plan.mclk_hz:
        hz = c.int(plan.mclk_hz)
        out.mclk_mhz = _mhz(hz) if hz is not None else None
    else:
        out.mclk_mhz = parse_dpm(c.text(plan.mclk_dpm))
    out.fan_rpm = c.int(plan.fan_rpm)
    pwm = c.int(plan.pwm)
    out.fan_pwm = pwm
    out.fan_percent = round(100 * pwm / plan.pwm_max, 1) if pwm is not None and plan.pwm_max > 0 else None
    out.pcie_link_speed_gts = parse_link_speed(c.value(plan.link_speed))
    out.pcie_link_width = c.int(plan.link_width)
    if c.gone:
        out.clear_metrics()
        out.state = MISSING
        out.error = translate("rocmdesk.telemetry.sampler", "the device stopped answering (ENODEV)")
    elif c.tried and c.failed == c.tried:
        out.clear_metrics()
        out.state = ERROR
        out.error = translate("rocmdesk.telemetry.sampler", "none of its sensor files could be read")


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
        self.reader = reader or SysfsReader(host)
        self.clock = clock
        self._t0 = clock()
        self.move_simulated = host.simulated if move_simulated is None else move_simulated
        self._dev: dict[int, str | None] = {g.index: (f"{DRM}/{g.card}/device" if g.card else None) for g in self.gpus}
        self._plans: dict[str, CardPlan] = {}
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
            plan = self._plans[dev] = build_plan(self.host, dev)
            self._missing_since.pop(gpu.index, None)
        read_card(self.reader, plan, s)
        if s.state == MISSING:
            self._lost(gpu, dev)

    def _lost(self, gpu: Gpu, dev: str) -> None:
        self._plans.pop(dev, None)
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
    from rocmdesk.telemetry.metrics import EXTRA_KEYS, METRIC_KEYS

    for key in METRIC_KEYS + EXTRA_KEYS + ("state", "error"):
        setattr(dst, key, getattr(src, key))
