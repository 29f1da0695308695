"""The load model of a simulated GPU: what the monitor reads, as a pure function of (machine, GPU, time).

A GPU's ``profile`` (training, desktop, idle) shapes its load; temperatures follow the load through heatsink-like
lags, power and clocks follow it directly, VRAM follows the job.  Deterministic noise (a seeded hash, no random
state) makes the values move like a real card's while the same (machine, GPU, t) always gives the same numbers.
``metric_files`` turns one moment into the sysfs/hwmon files that move; the tree writer and ``write_metrics``
both write them.
"""

from __future__ import annotations

import functools
import hashlib
import math
import re
from dataclasses import dataclass

from rocmdesk.machine.gpu_metrics_layout import encode, layout_for
from rocmdesk.machine.sim_records import MiB, SimGpu, SimMachine

# ---------------------------------------------------------------------------
# Deterministic noise: a seeded hash, so metrics are a pure function of time
# ---------------------------------------------------------------------------

_MASK = (1 << 64) - 1


def seed_of(key: str) -> int:
    return int.from_bytes(hashlib.blake2b(key.encode(), digest_size=8).digest(), "little")


def _mix(x: int) -> int:
    """splitmix64 finaliser: a good cheap integer hash."""
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def _lattice(seed: int, k: int) -> float:
    return _mix(seed ^ (k & _MASK)) / _MASK * 2.0 - 1.0


def _noise(seed: int, t: float, scale: float) -> float:
    """Smooth value noise in [-1, 1] with features about ``scale`` seconds wide."""
    x = t / scale
    k = math.floor(x)
    f = x - k
    s = f * f * (3.0 - 2.0 * f)
    a, b = _lattice(seed, k), _lattice(seed, k + 1)
    return a + (b - a) * s


def _smoothstep(e0: float, e1: float, x: float) -> float:
    if x <= e0:
        return 0.0
    if x >= e1:
        return 1.0
    u = (x - e0) / (e1 - e0)
    return u * u * (3.0 - 2.0 * u)


def _clamp(x: float, lo: float, hi: float) -> float:
    return lo if x < lo else hi if x > hi else x


# ---------------------------------------------------------------------------
# Load and metrics
# ---------------------------------------------------------------------------

_EPOCH_S = 600.0


@functools.lru_cache(maxsize=1)
def _training_keyframes() -> tuple[tuple[float, float], ...]:
    """One 10-minute epoch: start-up, steps with checkpoint dips every 90 s, evaluation, a pause."""
    keys: list[tuple[float, float]] = [(0.0, 0.04), (4.0, 0.22), (20.0, 0.28), (26.0, 0.97)]
    for start in range(110, 530, 90):
        keys += [(start - 2.0, 0.97), (start, 0.38), (start + 6.0, 0.38), (start + 8.0, 0.97)]
    keys += [(536.0, 0.97), (542.0, 0.66), (580.0, 0.66), (584.0, 0.05), (_EPOCH_S, 0.04)]
    return tuple(keys)


def _keyframe(u: float) -> float:
    keys = _training_keyframes()
    for (u0, v0), (u1, v1) in zip(keys, keys[1:]):
        if u0 <= u <= u1:
            return v0 + (v1 - v0) * _smoothstep(u0, u1, u) if u1 > u0 else v1
    return keys[-1][1]


def _load(g: SimGpu, seed: int, t: float) -> float:
    """Fraction of the GPU in use at time t, 0..1."""
    if g.profile == "training":
        base = _keyframe((t + g.phase_s) % _EPOCH_S)
        return _clamp(base + 0.02 * _noise(seed, t, 6.0) + 0.01 * _noise(seed ^ 7, t, 1.3), 0.0, 1.0)
    if g.profile == "desktop":
        burst = _smoothstep(0.25, 0.7, _noise(seed ^ 11, t, 150.0))
        light = 0.03 + 0.025 * _noise(seed ^ 13, t, 9.0)
        return _clamp(light + 0.92 * burst + 0.02 * _noise(seed ^ 17, t, 3.0) * burst, 0.0, 1.0)
    return _clamp(0.015 + 0.012 * _noise(seed ^ 19, t, 20.0), 0.0, 1.0)


def _ema(g: SimGpu, seed: int, t: float, tau: float) -> float:
    """Load seen through a first-order lag of time constant tau (a heatsink), as a finite sum."""
    dt = tau / 6.0
    total = weight = 0.0
    for k in range(25):
        w = math.exp(-k * dt / tau)
        total += w * _load(g, seed, t - k * dt)
        weight += w
    return total / weight


@dataclass(frozen=True)
class GpuMetrics:
    """What the monitor would read for one card at one moment."""

    busy_percent: int
    mem_busy_percent: int | None
    temp_edge_c: int
    temp_junction_c: int
    temp_mem_c: int
    power_w: int
    vram_used_bytes: int
    vis_vram_used_bytes: int
    gtt_used_bytes: int
    sclk_mhz: int
    mclk_mhz: int
    mclk_level: int
    fan_rpm: int | None
    pwm: int | None
    voltages_mv: tuple[int, ...]


# the last few results: one moment of a simulated machine is asked for twice, by its metric files and by its
# processes (write_metrics, write_processes), and each costs a hundred evaluations of the load
_RECENT: dict[tuple[int, int, float], tuple[SimMachine, GpuMetrics]] = {}
_RECENT_MAX = 64


def metrics_for(machine: SimMachine, index: int, t: float) -> GpuMetrics:
    """What GPU ``index`` of ``machine`` shows at time t (the same for the same three, whoever asks)."""
    key = (id(machine), index, t)
    hit = _RECENT.get(key)
    if hit is not None and hit[0] is machine:  # held in the entry, so its id is not another machine's
        return hit[1]
    out = _metrics_for(machine, index, t)
    if len(_RECENT) >= _RECENT_MAX:
        _RECENT.clear()
    _RECENT[key] = (machine, out)
    return out


def _metrics_for(machine: SimMachine, index: int, t: float) -> GpuMetrics:
    g = machine.gpus[index]
    seed = seed_of(f"{machine.name}:{index}")
    load = _load(g, seed, t)
    heat = _ema(g, seed, t, 45.0)
    slow_heat = _ema(g, seed, t, 90.0)
    busy = int(round(_clamp(load * 100.0, 0.0, 100.0)))
    cap = g.power_cap_w or g.load_w * 1.15
    power = _clamp(g.idle_w + (g.load_w - g.idle_w) * load ** 1.1 + 1.5 * _noise(seed ^ 23, t, 2.0),
                   g.idle_w * 0.7, cap)
    edge = g.idle_edge_c + (g.load_edge_c - g.idle_edge_c) * heat + 0.6 * _noise(seed ^ 29, t, 11.0)
    hot = edge + g.hotspot_idle_c + (g.hotspot_load_c - g.hotspot_idle_c) * _ema(g, seed, t, 6.0)
    mem = g.mem_idle_c + (g.mem_load_c - g.mem_idle_c) * slow_heat + 0.4 * _noise(seed ^ 31, t, 17.0)
    lo, hi = g.sclk
    active = load >= 0.06
    if active:
        sclk = _clamp(lo + (hi - lo) * min(1.0, load * 1.35) - 35.0 * abs(_noise(seed ^ 37, t, 4.0)), lo, hi)
    else:  # deep sleep below the lowest level, as real idle cards report
        sclk = 30.0 + 40.0 * abs(_noise(seed ^ 41, t, 5.0)) if g.sclk_style != "mi300" else 130.0 + 10 * load
    levels = g.mclk_levels
    mlevel = 0 if not active else (len(levels) - 1 if load > 0.3 else min(1, len(levels) - 1))
    if g.profile == "training":
        job = g.vram_job_used * (0.94 + 0.04 * load + 0.01 * _noise(seed ^ 43, t, 30.0))
        gtt_job = g.gtt_job_used * (0.8 + 0.2 * load)
    else:
        share = _smoothstep(0.15, 0.5, _ema(g, seed, t, 20.0))
        job = g.vram_job_used * share
        gtt_job = g.gtt_job_used * share
    vram = int(_clamp(g.vram_idle_used + job + 8 * MiB * _noise(seed ^ 47, t, 13.0), 64 * MiB, g.vram_total * 0.985))
    vis_total = g.vis_vram_total or g.vram_total
    fan = pwm = None
    if g.fan_max_rpm:
        if heat < 0.12 and edge < 50:
            fan = 0  # zero-RPM idle
        else:
            fan = int(650 + (0.55 * g.fan_max_rpm - 650) * _clamp((hot - 50.0) / 40.0, 0.0, 1.0))
        pwm = int(round(255 * fan / g.fan_max_rpm))
    volts = []
    for name in g.voltages:
        if name == "vddgfx":
            volts.append(int(12 + 4 * abs(_noise(seed ^ 53, t, 5.0))) if not active
                         else int(720 + 330 * (sclk - lo) / max(1, hi - lo)))
        else:
            volts.append(int(680 + 80 * load))
    return GpuMetrics(
        busy_percent=busy,
        mem_busy_percent=int(round(_clamp(load * 48.0 + 2.0 * _noise(seed ^ 59, t, 3.0), 0.0, 100.0)))
        if g.mem_busy else None,
        temp_edge_c=int(round(_clamp(edge, 20.0, 99.0))),
        temp_junction_c=int(round(_clamp(hot, 20.0, 109.0))),
        temp_mem_c=int(round(_clamp(mem, 20.0, 99.0))),
        power_w=int(round(power)),
        vram_used_bytes=vram,
        vis_vram_used_bytes=min(vram, int(vis_total * 0.9)),
        gtt_used_bytes=int(g.gtt_idle_used + gtt_job),
        sclk_mhz=int(round(sclk)),
        mclk_mhz=levels[mlevel],
        mclk_level=mlevel,
        fan_rpm=fan,
        pwm=pwm,
        voltages_mv=tuple(volts),
    )


def _dpm_fine(lo: int, hi: int, cur: int) -> str:
    # the kernel's fine-grained format: min, the current clock (starred), max
    if cur == lo:
        return f"0: {lo}Mhz *\n1: {hi}Mhz\n"
    if cur == hi:
        return f"0: {lo}Mhz\n1: {hi}Mhz *\n"
    return f"0: {lo}Mhz\n1: {cur}Mhz *\n2: {hi}Mhz\n"


def _dpm_mi300(lo: int, hi: int, cur: int) -> str:
    if cur < lo:
        return f"S: {cur}Mhz *\n0: {lo}Mhz\n1: {hi}Mhz\n"
    return _dpm_fine(lo, hi, cur)


def dpm_levels(levels: tuple[int, ...], current: int) -> str:
    return "".join(f"{i}: {v}Mhz {'*' if i == current else ''}\n" for i, v in enumerate(levels))


def metric_files(g: SimGpu, m: GpuMetrics, pci: str, hwmon: str) -> dict[str, str]:
    """Machine path -> contents of every file that moves."""
    files = {
        f"{pci}/gpu_busy_percent": f"{m.busy_percent}\n",
        f"{pci}/mem_info_vram_used": f"{m.vram_used_bytes}\n",
        f"{pci}/mem_info_vis_vram_used": f"{m.vis_vram_used_bytes}\n",
        f"{pci}/mem_info_gtt_used": f"{m.gtt_used_bytes}\n",
        f"{pci}/pp_dpm_mclk": dpm_levels(g.mclk_levels, m.mclk_level),
    }
    if m.mem_busy_percent is not None:
        files[f"{pci}/mem_busy_percent"] = f"{m.mem_busy_percent}\n"
    lo, hi = g.sclk
    files[f"{pci}/pp_dpm_sclk"] = (_dpm_mi300 if g.sclk_style == "mi300" else _dpm_fine)(lo, hi, m.sclk_mhz)
    values = {"edge": m.temp_edge_c, "junction": m.temp_junction_c, "mem": m.temp_mem_c}
    for n, (label, _crit, _emerg) in enumerate(g.temps, start=g.temp_index_base):
        files[f"{hwmon}/temp{n}_input"] = f"{values[label] * 1000}\n"
    for kind in g.power_files:
        files[f"{hwmon}/power1_{kind}"] = f"{m.power_w * 1_000_000}\n"
    files[f"{hwmon}/freq1_input"] = f"{m.sclk_mhz * 1_000_000}\n"
    if g.mclk_in_hwmon:
        files[f"{hwmon}/freq2_input"] = f"{m.mclk_mhz * 1_000_000}\n"
    if m.fan_rpm is not None:
        files[f"{hwmon}/fan1_input"] = f"{m.fan_rpm}\n"
        files[f"{hwmon}/fan1_target"] = f"{m.fan_rpm}\n"
        files[f"{hwmon}/pwm1"] = f"{m.pwm}\n"
    for n, mv in enumerate(m.voltages_mv):
        files[f"{hwmon}/in{n}_input"] = f"{mv}\n"
    return files



# ---------------------------------------------------------------------------
# The binary gpu_metrics table, in the version the real card's kernel driver writes
# ---------------------------------------------------------------------------

_PPT0, _TEMP_HOTSPOT = 1 << 0, 1 << 36  # amdgpu_smu.h SMU_THROTTLER_*_BIT (ASIC-independent)
_MI300_PPT = 1 << 1  # smu13_driver_if_v13_0_6.h THROTTLER_PPT_BIT


def gpu_metrics_version(g: SimGpu) -> tuple[int, int]:
    """The table a card's driver fills: v1.3 for RDNA2-4 dGPUs (SMU 11/13/14), v2.1 for the 780M (SMU 13.0.4)
    and the 680M, v1.5 for MI300 (SMU 13.0.6, Linux 6.9-6.10; later kernels moved to 1.6-1.8)."""
    if g.kind == "instinct":
        return (1, 5)
    if g.kind == "apu":
        return (2, 1)
    return (1, 3)


def power_capped(g: SimGpu, m: GpuMetrics) -> bool:
    """The card runs at its power cap (the load model clamps power to it): the firmware's PPT limiter."""
    return bool(g.power_cap_w) and m.power_w >= g.power_cap_w - 1


def gpu_metrics_blob(g: SimGpu, m: GpuMetrics, t: float, seed: int) -> bytes:
    """The card's ``gpu_metrics`` file at one moment (values move with the load model)."""
    fmt, content = gpu_metrics_version(g)
    busy = m.busy_percent / 100.0
    clock_ns = int(1_000_000_000 * (3600 + t))
    energy = int((3600 + t) * (m.power_w or 1) * 65536 / 1_000_000 * 15.259)  # 15.259 uJ units, roughly
    speed = re.search(r"(\d+(?:\.\d+)?)", g.link_speed)
    pcie_speed = int(float(speed.group(1)) * 10) if speed else None
    vr = m.temp_edge_c + 2 + int(8 * busy + _noise(seed ^ 61, t, 7.0))
    if fmt == 2:  # APU: centi-degrees, mW
        values = {
            "temperature_gfx": m.temp_junction_c * 100 + int(40 * _noise(seed ^ 67, t, 3.0)) + 40,
            "temperature_soc": m.temp_edge_c * 100 + 50,
            "temperature_core": [m.temp_edge_c * 100 + 150 * k for k in range(8)],
            "average_gfx_activity": m.busy_percent, "average_mm_activity": 0,
            "system_clock_counter": clock_ns, "average_socket_power": int(m.power_w * 1000 * 1.6),
            "average_gfx_power": int(m.power_w * 1000), "average_cpu_power": int(m.power_w * 600),
            "current_gfxclk": m.sclk_mhz, "current_socclk": g.socclk_levels[-1] if busy > 0.06 else g.socclk_levels[0],
            "current_uclk": m.mclk_mhz, "current_fclk": g.fclk_levels[-1] if busy > 0.06 else g.fclk_levels[0],
            "current_coreclk": [int(3000 + 1500 * abs(_noise(seed ^ (71 + k), t, 2.0))) for k in range(8)],
            "throttle_status": 0,
        }
    elif fmt == 1 and content >= 4:  # MI300: one clock per XCC, PPT in throttle_status
        xcc = max(1, g.num_xcc or 1)
        values = {
            "temperature_hotspot": m.temp_junction_c, "temperature_mem": m.temp_mem_c, "temperature_vrsoc": vr,
            "curr_socket_power": m.power_w, "average_gfx_activity": m.busy_percent,
            "average_umc_activity": m.mem_busy_percent, "vcn_activity": [0] * 4, "jpeg_activity": [0] * 32,
            "energy_accumulator": energy, "system_clock_counter": clock_ns,
            "throttle_status": _MI300_PPT if power_capped(g, m) else 0, "gfxclk_lock_status": 0,
            "pcie_link_width": g.link_width, "pcie_link_speed": pcie_speed, "xgmi_link_width": 16,
            "xgmi_link_speed": 32, "gfx_activity_acc": int(t * m.busy_percent), "mem_activity_acc": int(t * 20),
            "firmware_timestamp": clock_ns // 10,
            "current_gfxclk": [m.sclk_mhz] * min(xcc, 8), "current_socclk": [g.socclk_levels[-1]] * 4,
            "current_vclk0": [0] * 4, "current_dclk0": [0] * 4, "current_uclk": m.mclk_mhz,
        }
    else:  # dGPU v1.3: degrees, watts
        bits = _PPT0 if power_capped(g, m) else 0
        if g.gfx_target_version // 10000 >= 11 and _noise(seed ^ 73, t, 0.7) > -0.9:
            bits |= _TEMP_HOTSPOT  # RDNA3/4 firmware: the hotspot bit is set almost always, idle too
        values = {
            "temperature_edge": m.temp_edge_c, "temperature_hotspot": m.temp_junction_c,
            "temperature_mem": m.temp_mem_c, "temperature_vrgfx": vr, "temperature_vrsoc": vr - 3,
            "temperature_vrmem": m.temp_mem_c - 4, "average_gfx_activity": m.busy_percent,
            "average_umc_activity": m.mem_busy_percent, "average_mm_activity": 0,
            "average_socket_power": m.power_w, "energy_accumulator": energy, "system_clock_counter": clock_ns,
            "average_gfxclk_frequency": m.sclk_mhz, "average_uclk_frequency": m.mclk_mhz,
            "current_gfxclk": m.sclk_mhz, "current_socclk": g.socclk_levels[-1] if busy > 0.06 else g.socclk_levels[0],
            "current_uclk": m.mclk_mhz, "current_vclk0": 0, "current_dclk0": 0, "throttle_status": 0,
            "current_fan_speed": m.fan_rpm, "pcie_link_width": g.link_width, "pcie_link_speed": pcie_speed,
            "gfx_activity_acc": int(t * m.busy_percent), "mem_activity_acc": int(t * 20),
            "firmware_timestamp": clock_ns // 10,
            "voltage_gfx": m.voltages_mv[0] if m.voltages_mv else None, "indep_throttle_status": bits,
        }
    return encode(layout_for(fmt, content), values)
