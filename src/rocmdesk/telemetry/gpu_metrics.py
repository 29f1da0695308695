"""Decode amdgpu's ``gpu_metrics`` file: the binary table the power-management firmware fills.

``/sys/class/drm/cardN/device/gpu_metrics`` starts with a 4-byte header (``structure_size``
u16, ``format_revision`` u8, ``content_revision`` u8) followed by one of the kernel's
``struct gpu_metrics_vX_Y`` (little-endian, C natural alignment: a u64 sits on an 8-byte
boundary, the struct is padded to its largest member).  Format 1 is a discrete GPU
(1.0-1.3 Radeon and early Instinct, 1.4-1.8 MI300-class SMU 13.0.6/12/14), format 2 an APU
(Renoir, Van Gogh, Rembrandt, Phoenix: the 780M), format 3 the newer APUs (SMU 14.0.x, Strix).
Note: MI300X uses format 1 (1.4 and later), not 3.

The layouts below are transcribed field by field from ``drivers/gpu/drm/amd/include/
kgd_pp_interface.h``: v1.0-v1.6, v2.0-v2.4 and v3.0 as in Linux 6.12 (torvalds/linux), v1.6
(changed in place by later kernels: per-partition stats replaced the VCN/JPEG arrays), v1.7
and v1.8 as in the amdgpu driver of Linux 6.15/6.16 (ROCm/amdgpu).  Where one revision had two
layouts, the header's ``structure_size`` tells which one a blob carries.  v1.9 (6.17+) is a
self-describing list of attributes and is reported as not decodable here (header only).

Rules:
- 0xFFFF (u16), 0xFFFFFFFF (u32), all-ones u64 (and 0xFF for the u8 link fields of v1.0)
  mean "not available" and decode to ``None``.
- Units follow the kernel: format 1 temperatures in degrees C, powers in W; formats 2 and 3
  temperatures in centi-degrees and powers in mW (converted here: ``_c`` is always degrees,
  ``_w`` always watts).
- A truncated, garbage or unknown blob gives a :class:`GpuMetrics` with ``ok=False`` and
  ``error`` saying why; :func:`decode` never raises.

Throttling.  ``indep_throttle_status`` (v1.3, v2.2-v2.4) uses the ASIC-independent bits of
``amdgpu_smu.h`` (``SMU_THROTTLER_*``: power 0-7, current 16-23, temperature 32-47,
other 56-57).  v1.4/v1.5 (MI300) put the SMU 13.0.6 interrupt bits in ``throttle_status``
(PROCHOT 0, PPT 1, socket thermal 2, VR thermal 3, HBM thermal 4).  v1.6+ and v3.0 carry only
accumulated residency counters: a reason is active when its counter moved since the previous
sample (:func:`residency_reasons`).  v1.0-v1.2, v2.0 and v2.1 carry only the ASIC-dependent
``throttle_status``, whose bit meanings differ per chip: it is kept raw, with no names.

The TEMP_HOTSPOT bit: RDNA3 (SMU 13.0.0/13.0.7) and RDNA4 (SMU 14.0.2) firmware reports a
non-zero hotspot throttling percentage almost always, even idle at 40 C, so the kernel sets
TEMP_HOTSPOT in ``indep_throttle_status`` all the time (libdrm-amdgpu-sys-rs issue #7,
LACT issue #307, ROCm/rocm-systems issue #11781 for the R9700).  MangoHud (pull request #1690,
src/amdgpu.cpp) first kept the bit only with the hotspot at 90 C or more, then cleared it for
every format-1 table; LACT took the workaround from libdrm-amdgpu-sys (0.8.0: "RDNA3 hotspot
throttle workaround").  Here the bit alone is not evidence: TEMP_HOTSPOT is reported only when
the hotspot temperature itself is near its limit (:data:`HOTSPOT_NEAR_LIMIT_C` below the
junction critical temperature, or 100 C when that is unknown); otherwise it is listed in
``ignored_reasons`` with the raw bits kept, so nothing is lost.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field, fields
from typing import Any

from rocmdesk.i18n import translate
from rocmdesk.machine.gpu_metrics_layout import (  # noqa: F401 (re-exported for callers and tests)
    CODES,
    LAYOUTS,
    MAX_CLKS,
    MAX_GFX_CLKS,
    MAX_XCC,
    NOT_AVAILABLE,
    NUM_XCP,
    XCP_LAYOUTS,
    Layout,
    by_version,
    encode,
    layout_for,
)

KERNEL_SOURCE = ("drivers/gpu/drm/amd/include/kgd_pp_interface.h, Linux 6.12 (v1.0-v1.6, v2.0-v2.4, v3.0) and "
                 "the amdgpu driver of Linux 6.15/6.16 (v1.6 with partition stats, v1.7, v1.8)")
HEADER_SIZE = 4
MAX_BLOB = 64 * 1024  # sysfs gives at most a page; MI300's v1.8 is ~4 KiB
HOTSPOT_NEAR_LIMIT_C = 10.0  # TEMP_HOTSPOT counts when the hotspot is within this of its critical temperature
HOTSPOT_DEFAULT_LIMIT_C = 110.0  # amdgpu's junction limit on RDNA2-4 when hwmon gives none (so 100 C)


# --- throttle reasons -----------------------------------------------------------------------
# amdgpu_smu.h SMU_THROTTLER_*_BIT: bit -> name
INDEP_BITS: dict[int, str] = {
    0: "PPT0", 1: "PPT1", 2: "PPT2", 3: "PPT3", 4: "SPL", 5: "FPPT", 6: "SPPT", 7: "SPPT_APU",
    16: "TDC_GFX", 17: "TDC_SOC", 18: "TDC_MEM", 19: "TDC_VDD", 20: "TDC_CVIP", 21: "EDC_CPU", 22: "EDC_GFX",
    23: "APCC",
    32: "TEMP_GPU", 33: "TEMP_CORE", 34: "TEMP_MEM", 35: "TEMP_EDGE", 36: "TEMP_HOTSPOT", 37: "TEMP_SOC",
    38: "TEMP_VR_GFX", 39: "TEMP_VR_SOC", 40: "TEMP_VR_MEM0", 41: "TEMP_VR_MEM1", 42: "TEMP_LIQUID0",
    43: "TEMP_LIQUID1", 44: "VRHOT0", 45: "VRHOT1", 46: "PROCHOT_CPU", 47: "PROCHOT_GFX",
    56: "PPM", 57: "FIT",
}
# smu13_driver_if_v13_0_6.h THROTTLER_*_BIT (MI300's throttle_status in v1.4/v1.5)
MI300_BITS: dict[int, str] = {0: "PROCHOT", 1: "PPT", 2: "TEMP_SOCKET", 3: "TEMP_VR", 4: "TEMP_HBM"}
# residency counters -> reason (v1.6+ and v3.0)
RESIDENCY_REASONS: dict[str, str] = {
    "prochot_residency_acc": "PROCHOT", "ppt_residency_acc": "PPT", "socket_thm_residency_acc": "TEMP_SOCKET",
    "vr_thm_residency_acc": "TEMP_VR", "hbm_thm_residency_acc": "TEMP_HBM",
    "throttle_residency_prochot": "PROCHOT", "throttle_residency_spl": "SPL", "throttle_residency_fppt": "FPPT",
    "throttle_residency_sppt": "SPPT", "throttle_residency_thm_core": "TEMP_CORE",
    "throttle_residency_thm_gfx": "TEMP_GFX", "throttle_residency_thm_soc": "TEMP_SOC",
}


def reason_kind(name: str) -> str:
    """``power``, ``current``, ``temperature`` or ``other`` for a reason name."""
    if name.startswith(("PPT", "SPL", "FPPT", "SPPT")):
        return "power"
    if name.startswith(("TDC", "EDC", "APCC")):
        return "current"
    if name.startswith(("TEMP", "VRHOT", "PROCHOT")):
        return "temperature"
    return "other"


def bits_to_names(value: int, table: dict[int, str]) -> list[str]:
    """The names of the set bits (an unnamed bit as ``BIT<n>``), lowest first."""
    out, bit = [], 0
    while value and bit < 64:
        if value & 1:
            out.append(table.get(bit, f"BIT{bit}"))
        value >>= 1
        bit += 1
    return out


# --- the decoded record ---------------------------------------------------------------------


@dataclass(slots=True)
class GpuMetrics:
    """What one ``gpu_metrics`` blob says, in rocmdesk's units.  Every value may be None."""

    ok: bool
    error: str | None = None  # why not decodable (ok=False)
    structure_size: int | None = None
    format_revision: int | None = None
    content_revision: int | None = None
    layout: str | None = None  # the kernel struct it was decoded as
    temp_edge_c: float | None = None
    temp_hotspot_c: float | None = None
    temp_mem_c: float | None = None
    temp_vrgfx_c: float | None = None
    temp_vrsoc_c: float | None = None
    temp_vrmem_c: float | None = None
    temp_gfx_c: float | None = None  # APU
    temp_soc_c: float | None = None  # APU
    temp_hbm_c: list[float | None] | None = None
    temp_core_c: list[float | None] | None = None  # APU CPU cores
    socket_power_w: float | None = None
    gfx_power_w: float | None = None  # APU
    cpu_power_w: float | None = None  # APU
    gfx_activity_percent: float | None = None
    umc_activity_percent: float | None = None
    mm_activity_percent: float | None = None
    gfxclk_mhz: int | None = None
    socclk_mhz: int | None = None
    uclk_mhz: int | None = None
    fclk_mhz: int | None = None
    gfxclk_mhz_per_xcc: list[int | None] | None = None  # MI300: one per XCC
    core_clocks_mhz: list[int | None] | None = None  # APU CPU cores
    fan_rpm: int | None = None
    fan_pwm: int | None = None
    pcie_link_width: int | None = None
    pcie_link_speed_gts: float | None = None
    xgmi_link_width: int | None = None
    xgmi_link_speed_gbps: int | None = None
    voltage_gfx_mv: int | None = None
    voltage_soc_mv: int | None = None
    voltage_mem_mv: int | None = None
    energy_accumulator: int | None = None
    system_clock_counter_ns: int | None = None
    num_partition: int | None = None
    throttle_status: int | None = None  # raw; ASIC dependent except on v1.4/v1.5
    indep_throttle_status: int | None = None  # raw ASIC-independent bits
    residency: dict[str, int] | None = None  # accumulated throttle residency counters (v1.6+, v3.0)
    throttle_source: str | None = None  # indep | mi300 | residency | asic (raw only) | None
    raw: dict[str, Any] = field(default_factory=dict)  # every field as decoded (None = not available)

    @property
    def version(self) -> str | None:
        if self.format_revision is None or self.content_revision is None:
            return None
        return f"{self.format_revision}.{self.content_revision}"

    def to_json(self) -> dict[str, Any]:
        out = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "raw"}
        out["version"] = self.version
        return out


def _not_decodable(why: str, **header: Any) -> GpuMetrics:
    error = translate("rocmdesk.telemetry.gpu_metrics", "gpu_metrics not decodable: {why}").format(why=why)
    return GpuMetrics(ok=False, error=error, **header)


# One field of a compiled layout: (name, index of its first value in the unpacked tuple, count, the "not available"
# value, and for an array of per-partition structs (compiled sub-layout, its size, its offset), else None).
_Entry = tuple[str, int, int, int, "tuple[_Compiled, int, int] | None"]
_Compiled = tuple[struct.Struct, tuple[_Entry, ...]]
_COMPILED: dict[str, _Compiled] = {}


def _compile(layout: Layout) -> _Compiled:
    """One ``struct.Struct`` for the whole layout (padding and nested arrays skipped as pad bytes), so a blob is
    unpacked in one call instead of one call per field (a monitor decodes every GPU's blob every sample)."""
    fmt, pos, index, entries = ["<"], 0, 0, []
    for name, kind, count, off in layout.offsets:
        if off < pos:
            raise ValueError(f"{layout.name}: {name} overlaps the field before it")
        if off > pos:
            fmt.append(f"{off - pos}x")
        if kind.startswith("xcp"):
            sub = XCP_LAYOUTS[kind]
            fmt.append(f"{sub.size * count}x")
            entries.append((name, 0, count, 0, (_compiled(sub), sub.size, off)))
            pos = off + sub.size * count
            continue
        width = struct.calcsize(CODES[kind]) * count
        if name.startswith("padding"):
            fmt.append(f"{width}x")
        else:
            fmt.append(f"{count}{CODES[kind]}")
            entries.append((name, index, count, NOT_AVAILABLE[kind], None))
            index += count
        pos = off + width
    return struct.Struct("".join(fmt)), tuple(entries)


def _compiled(layout: Layout) -> _Compiled:
    got = _COMPILED.get(layout.name)
    if got is None:
        got = _COMPILED[layout.name] = _compile(layout)
    return got


def _unpack(data: bytes, compiled: _Compiled, base: int = 0) -> dict[str, Any]:
    """Every field of a compiled layout at ``base`` in the layout's order, padding left out (None = not available)."""
    st, entries = compiled
    values = st.unpack_from(data, base)
    raw: dict[str, Any] = {}
    for name, i, count, na, sub in entries:
        if sub is not None:
            layout, size, off = sub
            raw[name] = [_unpack(data, layout, base + off + k * size) for k in range(count)]
        elif count == 1:
            v = values[i]
            raw[name] = None if v == na else v
        else:
            raw[name] = [None if v == na else v for v in values[i:i + count]]
    return raw


def decode(data: bytes | bytearray | memoryview | None) -> GpuMetrics:
    """Decode one ``gpu_metrics`` blob.  Never raises; ``ok=False`` with ``error`` when it cannot."""
    try:
        return _decode(bytes(data) if data is not None else b"")
    except Exception as exc:  # a decoder bug must not take the monitor down: say so instead
        return _not_decodable(f"{type(exc).__name__}: {exc}")


def _decode(data: bytes) -> GpuMetrics:
    if len(data) < HEADER_SIZE:
        return _not_decodable(f"{len(data)} bytes, shorter than the 4-byte header")
    if len(data) > MAX_BLOB:
        data = data[:MAX_BLOB]
    size, fmt, content = struct.unpack_from("<HBB", data, 0)
    header = {"structure_size": size, "format_revision": fmt, "content_revision": content}
    candidates = by_version(fmt, content)
    if not candidates:
        if fmt == 1 and content == 9:
            return _not_decodable("v1.9 is a self-describing attribute list, not a fixed layout", **header)
        return _not_decodable(f"unknown version {fmt}.{content}", **header)
    layout = next((c for c in candidates if c.size == size), None)
    if layout is None:
        sizes = ", ".join(str(c.size) for c in candidates)
        return _not_decodable(f"v{fmt}.{content} says {size} bytes; the kernel's layout has {sizes}", **header)
    if len(data) < layout.size:
        return _not_decodable(f"truncated: {len(data)} of {layout.size} bytes", **header)
    raw = _unpack(data, _compiled(layout))
    out = GpuMetrics(ok=True, layout=layout.name, raw=raw, **header)
    if fmt == 1:
        _fill_v1(out, raw, content)
    elif fmt == 2:
        _fill_v2(out, raw, content)
    else:
        _fill_v3(out, raw)
    return out


def _f(v: Any, scale: float = 1.0) -> float | None:
    return None if v is None else (v / scale if scale != 1.0 else float(v))


def _list(values: list[Any] | None, scale: float = 1.0) -> list[Any] | None:
    if not values or all(v is None for v in values):
        return None
    return [None if v is None else (v / scale if scale != 1.0 else v) for v in values]


def _first(values: list[Any] | None) -> Any:
    if not values:
        return None
    return next((v for v in values if v is not None), None)


def _pct(v: Any, centi: bool = False) -> float | None:
    if v is None:
        return None
    value = v / 100 if centi or v > 100 else float(v)  # some APU tables give centi-percent (MangoHud does the same)
    return value if 0 <= value <= 100 else None


def _fill_v1(out: GpuMetrics, r: dict[str, Any], content: int) -> None:
    out.temp_edge_c = _f(r.get("temperature_edge"))
    out.temp_hotspot_c = _f(r.get("temperature_hotspot"))
    out.temp_mem_c = _f(r.get("temperature_mem"))
    out.temp_vrgfx_c = _f(r.get("temperature_vrgfx"))
    out.temp_vrsoc_c = _f(r.get("temperature_vrsoc"))
    out.temp_vrmem_c = _f(r.get("temperature_vrmem"))
    out.temp_hbm_c = _list(r.get("temperature_hbm"))
    power = r.get("average_socket_power", r.get("curr_socket_power"))
    out.socket_power_w = _f(power)
    out.gfx_activity_percent = _pct(r.get("average_gfx_activity"))
    out.umc_activity_percent = _pct(r.get("average_umc_activity"))
    out.mm_activity_percent = _pct(r.get("average_mm_activity"))
    gfx = r.get("current_gfxclk")
    if isinstance(gfx, list):  # MI300: one clock per XCC
        out.gfxclk_mhz_per_xcc = _list(gfx)
        out.gfxclk_mhz = _first(gfx)
        out.socclk_mhz = _first(r.get("current_socclk"))
    else:
        out.gfxclk_mhz = gfx if gfx is not None else r.get("average_gfxclk_frequency")
        soc = r.get("current_socclk")
        out.socclk_mhz = soc if soc is not None else r.get("average_socclk_frequency")
    uclk = r.get("current_uclk")
    out.uclk_mhz = uclk if uclk is not None else r.get("average_uclk_frequency")
    out.fan_rpm = r.get("current_fan_speed")
    out.pcie_link_width = r.get("pcie_link_width")
    speed = r.get("pcie_link_speed")
    out.pcie_link_speed_gts = None if speed is None else speed / 10
    out.xgmi_link_width = r.get("xgmi_link_width")
    out.xgmi_link_speed_gbps = r.get("xgmi_link_speed")
    out.voltage_soc_mv = r.get("voltage_soc")
    out.voltage_gfx_mv = r.get("voltage_gfx")
    out.voltage_mem_mv = r.get("voltage_mem")
    out.energy_accumulator = r.get("energy_accumulator")
    out.system_clock_counter_ns = r.get("system_clock_counter")
    out.num_partition = r.get("num_partition")
    out.throttle_status = r.get("throttle_status")
    out.indep_throttle_status = r.get("indep_throttle_status")
    if content == 3:
        out.throttle_source = "indep" if out.indep_throttle_status is not None else None
    elif content in (4, 5) or (content == 6 and "throttle_status" in r and "accumulation_counter" not in r):
        out.throttle_source = "mi300" if out.throttle_status is not None else None
    elif content >= 6:
        out.residency = {k: r[k] for k in RESIDENCY_REASONS if r.get(k) is not None} or None
        out.throttle_source = "residency" if out.residency else None
    else:
        out.throttle_source = "asic" if out.throttle_status is not None else None


def _fill_v2(out: GpuMetrics, r: dict[str, Any], content: int) -> None:
    out.temp_gfx_c = _f(r.get("temperature_gfx"), 100)
    out.temp_soc_c = _f(r.get("temperature_soc"), 100)
    out.temp_core_c = _list(r.get("temperature_core"), 100)
    out.socket_power_w = _f(r.get("average_socket_power"), 1000)
    out.gfx_power_w = _f(r.get("average_gfx_power"), 1000)
    out.cpu_power_w = _f(r.get("average_cpu_power"), 1000)
    out.gfx_activity_percent = _pct(r.get("average_gfx_activity"), centi=content >= 4)
    out.mm_activity_percent = _pct(r.get("average_mm_activity"), centi=content >= 4)
    for key, cur, avg in (("gfxclk_mhz", "current_gfxclk", "average_gfxclk_frequency"),
                          ("socclk_mhz", "current_socclk", "average_socclk_frequency"),
                          ("uclk_mhz", "current_uclk", "average_uclk_frequency"),
                          ("fclk_mhz", "current_fclk", "average_fclk_frequency")):
        v = r.get(cur)
        setattr(out, key, v if v is not None else r.get(avg))
    out.core_clocks_mhz = _list(r.get("current_coreclk"))
    out.fan_pwm = r.get("fan_pwm")
    if content >= 4:
        out.voltage_gfx_mv = r.get("average_gfx_voltage")
        out.voltage_soc_mv = r.get("average_soc_voltage")
    out.system_clock_counter_ns = r.get("system_clock_counter")
    out.throttle_status = r.get("throttle_status")
    out.indep_throttle_status = r.get("indep_throttle_status")
    if content >= 2:
        out.throttle_source = "indep" if out.indep_throttle_status is not None else None
    else:
        out.throttle_source = "asic" if out.throttle_status is not None else None


def _fill_v3(out: GpuMetrics, r: dict[str, Any]) -> None:
    out.temp_gfx_c = _f(r.get("temperature_gfx"), 100)
    out.temp_soc_c = _f(r.get("temperature_soc"), 100)
    out.temp_core_c = _list(r.get("temperature_core"), 100)
    out.socket_power_w = _f(r.get("average_socket_power"), 1000)
    out.gfx_power_w = _f(r.get("average_gfx_power"), 1000)
    apu = r.get("average_apu_power")
    if apu is not None and out.gfx_power_w is not None:
        out.cpu_power_w = max(apu / 1000 - out.gfx_power_w, 0.0)  # APU power includes the GFX power
    out.gfx_activity_percent = _pct(r.get("average_gfx_activity"))
    out.mm_activity_percent = _pct(r.get("average_vcn_activity"))
    out.gfxclk_mhz = r.get("average_gfxclk_frequency")
    out.socclk_mhz = r.get("average_socclk_frequency")
    out.uclk_mhz = r.get("average_uclk_frequency")
    out.fclk_mhz = r.get("average_fclk_frequency")
    out.core_clocks_mhz = _list(r.get("current_coreclk"))
    out.system_clock_counter_ns = r.get("system_clock_counter")
    out.residency = {k: r[k] for k in RESIDENCY_REASONS if r.get(k) is not None} or None
    out.throttle_source = "residency" if out.residency else None


# --- throttle reasons from a decoded record ---------------------------------------------------


@dataclass(slots=True)
class Throttle:
    """Why the GPU is held back now.  ``reasons`` None: the table cannot say (unknown, not "no")."""

    reasons: list[str] | None
    ignored: list[str] = field(default_factory=list)  # bits set but not believed (TEMP_HOTSPOT, see module doc)
    raw: int | None = None  # the bits the reasons came from
    source: str | None = None

    @property
    def throttled(self) -> bool | None:
        return None if self.reasons is None else bool(self.reasons)

    def kinds(self) -> list[str]:
        return sorted({reason_kind(r) for r in self.reasons or ()})


def residency_reasons(prev: GpuMetrics | None, cur: GpuMetrics) -> list[str] | None:
    """Reasons whose accumulated residency counter moved between two samples (None without a previous one)."""
    if prev is None or not prev.residency or not cur.residency:
        return None
    out: list[str] = []
    for key, now in cur.residency.items():
        before = prev.residency.get(key)
        if before is not None and now != before:  # a counter that moved (a wrap counts too)
            name = RESIDENCY_REASONS[key]
            if name not in out:
                out.append(name)
    return out


def throttle(cur: GpuMetrics, prev: GpuMetrics | None = None, hotspot_crit_c: float | None = None) -> Throttle:
    """The named throttle reasons of ``cur`` (``prev`` for residency counters; ``hotspot_crit_c`` the
    junction critical temperature from hwmon, for the TEMP_HOTSPOT rule)."""
    if not cur.ok:
        return Throttle(reasons=None)
    src = cur.throttle_source
    if src == "indep" and cur.indep_throttle_status is not None:
        names = bits_to_names(cur.indep_throttle_status, INDEP_BITS)
        ignored: list[str] = []
        if "TEMP_HOTSPOT" in names:
            limit = (hotspot_crit_c if hotspot_crit_c else HOTSPOT_DEFAULT_LIMIT_C) - HOTSPOT_NEAR_LIMIT_C
            hot = cur.temp_hotspot_c if cur.temp_hotspot_c is not None else cur.temp_gfx_c
            if hot is None or hot < limit:
                names.remove("TEMP_HOTSPOT")
                ignored.append("TEMP_HOTSPOT")
        return Throttle(reasons=names, ignored=ignored, raw=cur.indep_throttle_status, source=src)
    if src == "mi300" and cur.throttle_status is not None:
        return Throttle(reasons=bits_to_names(cur.throttle_status, MI300_BITS), raw=cur.throttle_status, source=src)
    if src == "residency":
        return Throttle(reasons=residency_reasons(prev, cur), source=src)
    return Throttle(reasons=None, raw=cur.throttle_status, source=src)
