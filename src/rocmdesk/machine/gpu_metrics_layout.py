"""The kernel's ``struct gpu_metrics_vX_Y`` layouts, as data: field names, kinds, offsets, sizes.

A fact of the amdgpu kernel interface (``drivers/gpu/drm/amd/include/kgd_pp_interface.h``), kept in the
reading layer so both the decoder (:mod:`rocmdesk.telemetry.gpu_metrics`) and the simulated machines (which
write blobs of the right version) use the same table.  See the decoder's docstring for the kernel versions.
Offsets follow C natural alignment (a u64 on an 8-byte boundary; the struct padded to its largest member).
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from typing import Any

_SIZES = {"u8": 1, "u16": 2, "u32": 4, "u64": 8}
CODES = {"u8": "B", "u16": "H", "u32": "I", "u64": "Q"}
NOT_AVAILABLE = {"u8": 0xFF, "u16": 0xFFFF, "u32": 0xFFFF_FFFF, "u64": 0xFFFF_FFFF_FFFF_FFFF}

# the kernel's array sizes (kgd_pp_interface.h)
NUM_HBM_INSTANCES = 4
NUM_XGMI_LINKS = 8
MAX_GFX_CLKS = 8
MAX_CLKS = 4
NUM_VCN = 4
NUM_JPEG_ENG = 32
NUM_JPEG_ENG_V1 = 40
MAX_XCC = 8
NUM_XCP = 8

Spec = tuple[str, str, int]  # (name, kind, count); count 1 is a scalar


@dataclass(frozen=True)
class Layout:
    """One ``struct gpu_metrics_vX_Y``: field offsets computed with C natural alignment."""

    name: str
    fmt: int
    content: int
    offsets: tuple[tuple[str, str, int, int], ...]  # (name, kind, count, offset)
    size: int


def _layout(name: str, fmt: int, content: int, specs: list[Spec]) -> Layout:
    off, align, out = 0, 2, []
    for fname, kind, count in specs:
        if kind.startswith("xcp"):  # an array of per-partition structs, aligned like u64
            sub = XCP_LAYOUTS[kind]
            off = -(-off // 8) * 8
            out.append((fname, kind, count, off))
            off += sub.size * count
            align = 8
            continue
        size = _SIZES[kind]
        off = -(-off // size) * size
        out.append((fname, kind, count, off))
        off += size * count
        align = max(align, size)
    return Layout(name, fmt, content, tuple(out), -(-off // align) * align)


def _u16s(*names: str) -> list[Spec]:
    return [(n, "u16", 1) for n in names]


_HDR: list[Spec] = [("structure_size", "u16", 1), ("format_revision", "u8", 1), ("content_revision", "u8", 1)]

# per-partition (XCP) stats of MI300's v1.6-v1.8
XCP_LAYOUTS: dict[str, Layout] = {}
XCP_LAYOUTS["xcp1_0"] = _layout("amdgpu_xcp_metrics", 0, 0, [
    ("gfx_busy_inst", "u32", MAX_XCC), ("jpeg_busy", "u16", NUM_JPEG_ENG), ("vcn_busy", "u16", NUM_VCN),
    ("gfx_busy_acc", "u64", MAX_XCC)])
XCP_LAYOUTS["xcp1_1"] = _layout("amdgpu_xcp_metrics_v1_1", 0, 0, [
    ("gfx_busy_inst", "u32", MAX_XCC), ("jpeg_busy", "u16", NUM_JPEG_ENG), ("vcn_busy", "u16", NUM_VCN),
    ("gfx_busy_acc", "u64", MAX_XCC), ("gfx_below_host_limit_acc", "u64", MAX_XCC)])
XCP_LAYOUTS["xcp1_2"] = _layout("amdgpu_xcp_metrics_v1_2", 0, 0, [
    ("gfx_busy_inst", "u32", MAX_XCC), ("jpeg_busy", "u16", NUM_JPEG_ENG_V1), ("vcn_busy", "u16", NUM_VCN),
    ("gfx_busy_acc", "u64", MAX_XCC), ("gfx_below_host_limit_ppt_acc", "u64", MAX_XCC),
    ("gfx_below_host_limit_thm_acc", "u64", MAX_XCC), ("gfx_low_utilization_acc", "u64", MAX_XCC),
    ("gfx_below_host_limit_total_acc", "u64", MAX_XCC)])

_V1_TEMPS = _u16s("temperature_edge", "temperature_hotspot", "temperature_mem", "temperature_vrgfx",
                  "temperature_vrsoc", "temperature_vrmem")
_V1_UTIL = _u16s("average_gfx_activity", "average_umc_activity", "average_mm_activity")
_V1_AVG_CLK = _u16s("average_gfxclk_frequency", "average_socclk_frequency", "average_uclk_frequency",
                    "average_vclk0_frequency", "average_dclk0_frequency", "average_vclk1_frequency",
                    "average_dclk1_frequency")
_V1_CUR_CLK = _u16s("current_gfxclk", "current_socclk", "current_uclk", "current_vclk0", "current_dclk0",
                    "current_vclk1", "current_dclk1")
_V1_1_BODY = (_V1_TEMPS + _V1_UTIL + [("average_socket_power", "u16", 1), ("energy_accumulator", "u64", 1),
                                      ("system_clock_counter", "u64", 1)]
              + _V1_AVG_CLK + _V1_CUR_CLK
              + [("throttle_status", "u32", 1), ("current_fan_speed", "u16", 1), ("pcie_link_width", "u16", 1),
                 ("pcie_link_speed", "u16", 1), ("padding", "u16", 1), ("gfx_activity_acc", "u32", 1),
                 ("mem_activity_acc", "u32", 1), ("temperature_hbm", "u16", NUM_HBM_INSTANCES)])

_MI300_HEAD = _u16s("temperature_hotspot", "temperature_mem", "temperature_vrsoc", "curr_socket_power",
                    "average_gfx_activity", "average_umc_activity")
_MI300_PCIE = [("pcie_bandwidth_acc", "u64", 1), ("pcie_bandwidth_inst", "u64", 1),
               ("pcie_l0_to_recov_count_acc", "u64", 1), ("pcie_replay_count_acc", "u64", 1),
               ("pcie_replay_rover_count_acc", "u64", 1)]
_MI300_LINKS = [("pcie_link_width", "u16", 1), ("pcie_link_speed", "u16", 1), ("xgmi_link_width", "u16", 1),
                ("xgmi_link_speed", "u16", 1), ("gfx_activity_acc", "u32", 1), ("mem_activity_acc", "u32", 1)]
_MI300_NAK = [("pcie_nak_sent_count_acc", "u32", 1), ("pcie_nak_rcvd_count_acc", "u32", 1)]
_MI300_XGMI = [("xgmi_read_data_acc", "u64", NUM_XGMI_LINKS), ("xgmi_write_data_acc", "u64", NUM_XGMI_LINKS)]
_MI300_CLOCKS = [("current_gfxclk", "u16", MAX_GFX_CLKS), ("current_socclk", "u16", MAX_CLKS),
                 ("current_vclk0", "u16", MAX_CLKS), ("current_dclk0", "u16", MAX_CLKS), ("current_uclk", "u16", 1)]
_MI300_RESIDENCY = [("accumulation_counter", "u32", 1), ("prochot_residency_acc", "u32", 1),
                    ("ppt_residency_acc", "u32", 1), ("socket_thm_residency_acc", "u32", 1),
                    ("vr_thm_residency_acc", "u32", 1), ("hbm_thm_residency_acc", "u32", 1)]
_MI300_COUNTERS = [("energy_accumulator", "u64", 1), ("system_clock_counter", "u64", 1)]


def _mi300(with_jpeg: bool, residency: bool, throttle: bool, bandwidth: bool, xcp: str | None,
           link_status: bool, nak: bool) -> list[Spec]:
    specs = list(_MI300_HEAD)
    if xcp is None:
        specs.append(("vcn_activity", "u16", NUM_VCN))
        if with_jpeg:
            specs.append(("jpeg_activity", "u16", NUM_JPEG_ENG))
    if bandwidth:
        specs.append(("mem_max_bandwidth", "u64", 1))
    specs += _MI300_COUNTERS
    if residency:
        specs += _MI300_RESIDENCY
    if throttle:
        specs.append(("throttle_status", "u32", 1))
    specs.append(("gfxclk_lock_status", "u32", 1))
    specs += _MI300_LINKS + _MI300_PCIE + (_MI300_NAK if nak else []) + _MI300_XGMI
    if link_status:
        specs += [("xgmi_link_status", "u16", NUM_XGMI_LINKS), ("padding", "u16", 1)]
    specs += [("firmware_timestamp", "u64", 1)] + _MI300_CLOCKS
    if xcp is None:
        specs.append(("padding", "u16", 1))
    else:
        specs += [("num_partition", "u16", 1), ("xcp_stats", xcp, NUM_XCP),
                  ("pcie_lc_perf_other_end_recovery", "u32", 1)]
    return specs


_V2_HEAD = _u16s("temperature_gfx", "temperature_soc") + [("temperature_core", "u16", 8),
                                                          ("temperature_l3", "u16", 2)]
_V2_UTIL = _u16s("average_gfx_activity", "average_mm_activity")
_V2_POWER = _u16s("average_socket_power", "average_cpu_power", "average_soc_power", "average_gfx_power") + [
    ("average_core_power", "u16", 8)]
_V2_CLOCKS = _u16s("average_gfxclk_frequency", "average_socclk_frequency", "average_uclk_frequency",
                   "average_fclk_frequency", "average_vclk_frequency", "average_dclk_frequency",
                   "current_gfxclk", "current_socclk", "current_uclk", "current_fclk", "current_vclk",
                   "current_dclk") + [("current_coreclk", "u16", 8), ("current_l3clk", "u16", 2)]
_V2_1 = (_V2_HEAD + _V2_UTIL + [("system_clock_counter", "u64", 1)] + _V2_POWER + _V2_CLOCKS
         + [("throttle_status", "u32", 1), ("fan_pwm", "u16", 1), ("padding", "u16", 3)])
_V2_2 = _V2_1 + [("indep_throttle_status", "u64", 1)]
_V2_3 = _V2_2 + _u16s("average_temperature_gfx", "average_temperature_soc") + [
    ("average_temperature_core", "u16", 8), ("average_temperature_l3", "u16", 2)]
_V2_4 = _V2_3 + _u16s("average_cpu_voltage", "average_soc_voltage", "average_gfx_voltage",
                      "average_cpu_current", "average_soc_current", "average_gfx_current")

_V3_0: list[Spec] = (
    _u16s("temperature_gfx", "temperature_soc") + [("temperature_core", "u16", 16), ("temperature_skin", "u16", 1)]
    + _u16s("average_gfx_activity", "average_vcn_activity") + [("average_ipu_activity", "u16", 8),
                                                               ("average_core_c0_activity", "u16", 16)]
    + _u16s("average_dram_reads", "average_dram_writes", "average_ipu_reads", "average_ipu_writes")
    + [("system_clock_counter", "u64", 1), ("average_socket_power", "u32", 1), ("average_ipu_power", "u16", 1),
       ("average_apu_power", "u32", 1), ("average_gfx_power", "u32", 1), ("average_dgpu_power", "u32", 1),
       ("average_all_core_power", "u32", 1), ("average_core_power", "u16", 16)]
    + _u16s("average_sys_power", "stapm_power_limit", "current_stapm_power_limit", "average_gfxclk_frequency",
            "average_socclk_frequency", "average_vpeclk_frequency", "average_ipuclk_frequency",
            "average_fclk_frequency", "average_vclk_frequency", "average_uclk_frequency", "average_mpipu_frequency")
    + [("current_coreclk", "u16", 16), ("current_core_maxfreq", "u16", 1), ("current_gfx_maxfreq", "u16", 1)]
    + [(f"throttle_residency_{n}", "u32", 1) for n in ("prochot", "spl", "fppt", "sppt", "thm_core", "thm_gfx",
                                                        "thm_soc")]
    + [("time_filter_alphavalue", "u32", 1)])


def _all_layouts() -> list[Layout]:
    v1_0 = ([("system_clock_counter", "u64", 1)] + _V1_TEMPS + _V1_UTIL
            + [("average_socket_power", "u16", 1), ("energy_accumulator", "u32", 1)] + _V1_AVG_CLK + _V1_CUR_CLK
            + [("throttle_status", "u32", 1), ("current_fan_speed", "u16", 1), ("pcie_link_width", "u8", 1),
               ("pcie_link_speed", "u8", 1)])
    v1_2 = _V1_1_BODY + [("firmware_timestamp", "u64", 1)]
    v1_3 = v1_2 + _u16s("voltage_soc", "voltage_gfx", "voltage_mem", "padding1") + [
        ("indep_throttle_status", "u64", 1)]
    v2_0 = ([("system_clock_counter", "u64", 1)] + _V2_HEAD + _V2_UTIL + _V2_POWER + _V2_CLOCKS
            + [("throttle_status", "u32", 1), ("fan_pwm", "u16", 1), ("padding", "u16", 1)])
    rows = [
        ("gpu_metrics_v1_0", 1, 0, v1_0),
        ("gpu_metrics_v1_1", 1, 1, _V1_1_BODY),
        ("gpu_metrics_v1_2", 1, 2, v1_2),
        ("gpu_metrics_v1_3", 1, 3, v1_3),
        ("gpu_metrics_v1_4", 1, 4, _mi300(False, False, True, False, None, False, False)),
        ("gpu_metrics_v1_5", 1, 5, _mi300(True, False, True, False, None, False, True)),
        # 6.11/6.12: VCN/JPEG arrays and throttle_status still there
        ("gpu_metrics_v1_6", 1, 6, _mi300(True, True, True, False, None, False, True)),
        # 6.13+: per-partition stats instead
        ("gpu_metrics_v1_6 (partition stats)", 1, 6, _mi300(False, True, False, False, "xcp1_0", False, True)),
        ("gpu_metrics_v1_7", 1, 7, _mi300(False, True, False, True, "xcp1_1", True, True)),
        ("gpu_metrics_v1_8", 1, 8, _mi300(False, True, False, True, "xcp1_2", True, True)),
        ("gpu_metrics_v2_0", 2, 0, v2_0),
        ("gpu_metrics_v2_1", 2, 1, _V2_1),
        ("gpu_metrics_v2_2", 2, 2, _V2_2),
        ("gpu_metrics_v2_3", 2, 3, _V2_3),
        ("gpu_metrics_v2_4", 2, 4, _V2_4),
        ("gpu_metrics_v3_0", 3, 0, _V3_0),
    ]
    return [_layout(name, fmt, content, _HDR + specs) for name, fmt, content, specs in rows]


LAYOUTS: tuple[Layout, ...] = tuple(_all_layouts())
_BY_VERSION: dict[tuple[int, int], list[Layout]] = {}
for _l in LAYOUTS:
    _BY_VERSION.setdefault((_l.fmt, _l.content), []).append(_l)


def by_version(fmt: int, content: int) -> list[Layout]:
    """The layouts of version ``fmt.content`` (two for v1.6), or an empty list for an unknown version."""
    return list(_BY_VERSION.get((fmt, content), ()))



def layout_for(fmt: int, content: int, size: int | None = None) -> Layout:
    """The kernel layout of version ``fmt.content`` (the one of ``size`` bytes when there are two)."""
    candidates = _BY_VERSION[(fmt, content)]
    if size is not None:
        for c in candidates:
            if c.size == size:
                return c
    return candidates[-1]


def encode(layout: Layout, values: dict[str, Any]) -> bytes:
    """A blob of ``layout`` with ``values`` (name -> int, list, or None for "not available"); fields not
    given are "not available", the header is filled in."""
    buf = bytearray(layout.size)
    given = dict(values)
    given.update(structure_size=layout.size, format_revision=layout.fmt, content_revision=layout.content)
    for name, kind, count, off in layout.offsets:
        if name.startswith("padding"):
            continue
        _write(buf, kind, count, off, given.get(name))
    return bytes(buf)


def _write(buf: bytearray, kind: str, count: int, off: int, value: Any) -> None:
    if kind.startswith("xcp"):
        sub = XCP_LAYOUTS[kind]
        items = value if isinstance(value, list) else []
        for i in range(count):
            item = items[i] if i < len(items) else {}
            for name, k, n, o in sub.offsets:
                _write(buf, k, n, off + i * sub.size + o, (item or {}).get(name))
        return
    code, na = CODES[kind], NOT_AVAILABLE[kind]
    if count == 1:
        struct.pack_into("<" + code, buf, off, na if value is None else int(value))
        return
    items = list(value) if isinstance(value, (list, tuple)) else []
    items += [None] * (count - len(items))
    struct.pack_into(f"<{count}{code}", buf, off, *(na if v is None else int(v) for v in items[:count]))
