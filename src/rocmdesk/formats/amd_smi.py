"""Parser for ``amd-smi`` output pasted from another machine.

Reads, tolerantly across releases:

- ``amd-smi metric|static|topology|list|process --json``: a list of ``{"gpu": N, ...}``
  objects, or (amd-smi 26.x, ROCm 7) the same list inside ``{"gpu_data": [...]}``; values are
  ``{"value": 7, "unit": "W"}``, bare numbers, or ``"N/A"``; blocks renamed over time
  (``average_socket_power`` -> ``socket_power``, ``clock.gfx`` -> ``clock.gfx_0``);
- JSON cut short (``| head -n 40``): read up to the last complete value (``truncated``);
- the default ``amd-smi`` dashboard (80-column box table + process table);
- the Python dict ``amdsmi.amdsmi_get_gpu_metrics_info()`` prints (raw gpu_metrics names);
- version lines and the errors amd-smi prints without a driver.

Units: amd-smi's ``MB`` is MiB.  The monitor's keys are filled as rocm-smi's parser does
(see :mod:`rocmdesk.formats.rocm_smi`, which holds the shared records).
"""

from __future__ import annotations

import ast
import re
from typing import Any

from rocmdesk.formats.errors import FormatError
from rocmdesk.formats.limits import check_depth
from rocmdesk.formats.rocm_smi import gpus_from_smi
from rocmdesk.formats.smi_common import (
    SmiGpu,
    SmiReport,
    hex_id,
    load_json_tolerant,
    mhz,
    pci_slot,
    printed_name,
    smi_bytes,
    smi_int,
    smi_number,
)
from rocmdesk.formats.text import binary_reason, clean_lines, sniff_sample
from rocmdesk.i18n import translate

FORMAT_NAME = "amd-smi"
LABEL = "amd-smi output"

__all__ = ["FORMAT_NAME", "LABEL", "gpus_from_smi", "parse_amd_smi", "sniff_score"]

_SNIFF_LIMIT = 262144
_MAX_LITERAL = 1_000_000  # characters of a Python dict we are willing to literal_eval

_METRIC_BLOCKS = {"usage", "power", "temperature", "mem_usage", "clock", "fan", "pcie", "energy", "ecc"}
_STATIC_BLOCKS = {"asic", "vbios", "limit", "board", "driver", "vram", "bus", "cache_info"}


def _vu(block: Any, *keys: str) -> Any:
    """The first present, non-N/A member of a block among ``keys``."""
    if not isinstance(block, dict):
        return None
    for key in keys:
        value = block.get(key)
        if value is not None and smi_number(value) is not None:
            return value
    return None


def _celsius(value: Any) -> float | None:
    return smi_number(value)


def _watts(value: Any) -> float | None:
    f = smi_number(value)
    if f is None:
        return None
    unit = str(value.get("unit", "W")) if isinstance(value, dict) else "W"
    return f / 1000 if unit.strip().lower() == "mw" else f


def _clock(block: Any, prefix: str) -> int | float | None:
    """``clock.gfx_0.clk`` (newer), ``clock.gfx.cur_clk`` or ``clock.gfx`` (older)."""
    if not isinstance(block, dict):
        return None
    names = sorted((k for k in block if isinstance(k, str) and (k == prefix or k.startswith(prefix + "_"))),
                   key=lambda k: (k != f"{prefix}_0", k))
    for key in names:
        inner = block[key]
        if isinstance(inner, dict) and "value" not in inner:
            value = _vu(inner, "clk", "cur_clk", "current", "avg_clk")
        else:
            value = inner
        found = mhz(value)
        if found is not None:
            return found
    return None


def _apply_metric(gpu: SmiGpu, entry: dict[str, Any]) -> None:
    s = gpu.sample()
    usage = entry.get("usage")
    s.busy_percent = smi_int(_vu(usage, "gfx_activity", "gfx_usage"))
    s.mem_busy_percent = smi_int(_vu(usage, "umc_activity", "mem_activity"))
    power = entry.get("power")
    s.power_w = _watts(_vu(power, "socket_power", "current_socket_power", "average_socket_power"))
    cap = _vu(power, "power_limit", "power_cap", "socket_power_limit")
    if cap is not None:
        s.power_cap_w = _watts(cap)
    temp = entry.get("temperature")
    s.temp_edge_c = _celsius(_vu(temp, "edge"))
    s.temp_junction_c = _celsius(_vu(temp, "hotspot", "junction"))
    s.temp_mem_c = _celsius(_vu(temp, "mem", "vram", "memory"))
    clock = entry.get("clock")
    s.sclk_mhz = _clock(clock, "gfx")
    s.mclk_mhz = _clock(clock, "mem")
    fan = entry.get("fan")
    s.fan_rpm = smi_int(_vu(fan, "rpm"))
    s.fan_percent = smi_number(_vu(fan, "usage"))
    s.fan_pwm = smi_int(_vu(fan, "speed"))
    mem = entry.get("mem_usage")
    if isinstance(mem, dict):
        s.vram_total_bytes = smi_bytes(mem.get("total_vram"), "MB")
        s.vram_used_bytes = smi_bytes(mem.get("used_vram"), "MB")
        s.gtt_total_bytes = smi_bytes(mem.get("total_gtt"), "MB")
        s.gtt_used_bytes = smi_bytes(mem.get("used_gtt"), "MB")
    pcie = entry.get("pcie")
    if isinstance(pcie, dict):
        s.pcie_link_width = smi_int(pcie.get("width"))
        speed = pcie.get("speed")
        unit = str(speed.get("unit", "GT/s")) if isinstance(speed, dict) else "GT/s"
        value = smi_number(speed)
        if value is not None:
            s.pcie_link_speed_gts = value / 1000 if unit.lower().startswith("mt") else value


def _apply_static(gpu: SmiGpu, entry: dict[str, Any]) -> None:
    asic = entry.get("asic") if isinstance(entry.get("asic"), dict) else {}
    gpu.name = gpu.name or printed_name(asic.get("market_name"))
    gpu.device_id = gpu.device_id or hex_id(asic.get("device_id"), 4)
    gpu.revision = gpu.revision or hex_id(asic.get("rev_id"), 2)
    gpu.subsystem_device = gpu.subsystem_device or hex_id(asic.get("subsystem_id"), 4)
    gfx = asic.get("target_graphics_version")
    if isinstance(gfx, str) and re.fullmatch(r"gfx[0-9a-f]{3,6}", gfx.strip().lower()):
        gpu.gfx = gpu.gfx or gfx.strip().lower()
    bus = entry.get("bus")
    if isinstance(bus, dict):
        gpu.pci_slot = gpu.pci_slot or pci_slot(bus.get("bdf"))
    vbios = entry.get("vbios")
    if isinstance(vbios, dict):
        gpu.vbios = gpu.vbios or printed_name(vbios.get("part_number")) or printed_name(vbios.get("version"))
    s = gpu.sample()
    vram = entry.get("vram")
    if isinstance(vram, dict) and s.vram_total_bytes is None:
        s.vram_total_bytes = smi_bytes(vram.get("size"), "MB")
    limit = entry.get("limit")
    if isinstance(limit, dict):
        cap = _vu(limit, "socket_power", "power_cap", "current_power_limit", "max_power")
        for inner in limit.values():  # ROCm 7: limit.ppt0.current_power_limit
            if cap is None and isinstance(inner, dict) and "value" not in inner:
                cap = _vu(inner, "current_power_limit", "socket_power")
        s.power_cap_w = s.power_cap_w if cap is None else _watts(cap)
        s.temp_edge_crit_c = smi_number(_vu(limit, "slowdown_edge_temperature"))
        s.temp_junction_crit_c = smi_number(_vu(limit, "slowdown_hotspot_temperature"))
        s.temp_mem_crit_c = smi_number(_vu(limit, "slowdown_vram_temperature"))
    board = entry.get("board")
    if isinstance(board, dict) and gpu.name is None:
        gpu.name = printed_name(board.get("product_name"))


def _kind(entries: list[dict[str, Any]]) -> str:
    keys = set().union(*(e.keys() for e in entries)) if entries else set()
    if keys & _METRIC_BLOCKS:
        return "metric"
    if keys & _STATIC_BLOCKS:
        return "static"
    if "links" in keys:
        return "topology"
    if "process_list" in keys:
        return "process"
    if "uuid" in keys or "bdf" in keys:
        return "list"
    if keys & {"memory_partition", "accelerator_partition", "compute_partition"}:
        return "partition"
    return "json"


def _from_json(obj: Any, truncated: bool) -> SmiReport:
    wrapped = False
    if isinstance(obj, dict) and isinstance(obj.get("gpu_data"), list):
        entries, wrapped = obj["gpu_data"], True
    elif isinstance(obj, list):
        entries = obj
    elif isinstance(obj, dict) and "gpu" in obj:
        entries = [obj]
    else:
        raise FormatError(translate(
            "rocmdesk.formats.amd_smi", 'this JSON is not from amd-smi: no list of {"gpu": N, ...} objects'))
    entries = [e for e in entries if isinstance(e, dict)]
    if not entries and not wrapped:
        raise FormatError(translate(
            "rocmdesk.formats.amd_smi", "this JSON has no GPU objects: not amd-smi --json output"))
    report = SmiReport(tool=FORMAT_NAME, kind=_kind(entries), truncated=truncated)
    if not entries:
        report.warnings.append(translate("rocmdesk.formats.amd_smi", "amd-smi listed no GPUs"))
    seen: dict[int, SmiGpu] = {}
    for pos, entry in enumerate(entries):
        index = entry.get("gpu")
        index = index if isinstance(index, int) and not isinstance(index, bool) and 0 <= index < 4096 else pos
        gpu = seen.get(index)
        if gpu is None:
            gpu = seen[index] = SmiGpu(index=index)
            report.gpus.append(gpu)
        for key, value in entry.items():
            if not isinstance(value, (dict, list)):
                gpu.fields.setdefault(str(key), value)
        gpu.pci_slot = gpu.pci_slot or pci_slot(entry.get("bdf"))
        _apply_static(gpu, entry)
        _apply_metric(gpu, entry)
        plist = entry.get("process_list")
        for item in plist if isinstance(plist, list) else []:
            info = item.get("process_info") if isinstance(item, dict) else None
            if isinstance(info, dict):
                mem = info.get("memory_usage") if isinstance(info.get("memory_usage"), dict) else {}
                report.processes.append({
                    "gpu": index, "pid": smi_int(info.get("pid")), "name": printed_name(info.get("name")),
                    "vram_bytes": smi_bytes(mem.get("vram_mem"), "B"), "gtt_bytes": smi_bytes(mem.get("gtt_mem"), "B"),
                })
        s = gpu.sample()
        s.name, s.gfx, s.pci_slot = gpu.name, gpu.gfx, gpu.pci_slot
    if wrapped:
        report.warnings.append(translate(
            "rocmdesk.formats.amd_smi", 'amd-smi 26.x wraps the GPUs in {"gpu_data": [...]}'))
    if truncated:
        report.warnings.append(translate(
            "rocmdesk.formats.amd_smi", "the JSON was cut short: read up to its last complete value"))
    return report


# --- the Python dict of amdsmi_get_gpu_metrics_info() -----------------------------------------------


def _from_gpu_metrics(text: str) -> SmiReport:
    start = text.find("{")
    check_depth(text[start:start + _MAX_LITERAL], first_value_only=True)  # LimitError, not a parser's limit
    try:
        obj = ast.literal_eval(text[start:start + _MAX_LITERAL].strip())
    except (ValueError, SyntaxError, MemoryError, RecursionError, TypeError):
        raise FormatError(translate(
            "rocmdesk.formats.amd_smi", "the amdsmi metrics dict is cut short or not a Python literal")) from None
    if not isinstance(obj, dict):
        raise FormatError(translate("rocmdesk.formats.amd_smi", "not an amdsmi gpu metrics dict"))
    report = SmiReport(tool=FORMAT_NAME, kind="gpu-metrics")
    gpu = SmiGpu(index=0)
    gpu.fields.update({str(k): v for k, v in obj.items() if not isinstance(v, (list, dict))})
    s = gpu.sample()
    s.temp_edge_c = smi_number(obj.get("temperature_edge"))
    s.temp_junction_c = smi_number(obj.get("temperature_hotspot"))
    s.temp_mem_c = smi_number(obj.get("temperature_mem"))
    s.power_w = smi_number(obj.get("current_socket_power"))
    if s.power_w is None:
        s.power_w = smi_number(obj.get("average_socket_power"))
    s.busy_percent = smi_int(obj.get("average_gfx_activity"))
    s.mem_busy_percent = smi_int(obj.get("average_umc_activity"))
    s.sclk_mhz = mhz(obj.get("current_gfxclk") if smi_number(obj.get("current_gfxclk")) is not None
                      else obj.get("average_gfxclk_frequency"))
    s.mclk_mhz = mhz(obj.get("current_uclk") if smi_number(obj.get("current_uclk")) is not None
                      else obj.get("average_uclk_frequency"))
    s.fan_rpm = smi_int(obj.get("current_fan_speed"))
    speed = smi_number(obj.get("pcie_link_speed"))
    s.pcie_link_speed_gts = speed / 10 if speed is not None else None  # gpu_metrics counts 0.1 GT/s
    s.pcie_link_width = smi_int(obj.get("pcie_link_width"))
    report.gpus.append(gpu)
    return report


# --- the default dashboard table --------------------------------------------------------------------

_BOX_ROW1 = re.compile(r"^\|\s*([0-9a-fA-F]{4}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\.[0-7])\s+(.*?)\s*\|(.*)\|\s*$")
_BOX_ROW2 = re.compile(r"^\|\s*(\d{1,4})\s+(\S+)\s+(\S+)\s+(\S+)\s*\|(.*)\|\s*$")
_PCT = re.compile(r"(\d{1,3}(?:\.\d{1,3})?)\s*%")
_TEMP = re.compile(r"(-?\d{1,3}(?:\.\d{1,2})?)\s*°\s*C")
_PAIR = re.compile(r"(\d{1,9}(?:\.\d{1,3})?)\s*/\s*(\d{1,9}(?:\.\d{1,3})?)\s*(W|MB|GB|KB)\b")
_PROC_ROW = re.compile(r"^\|\s*(\d{1,4})\s+(\d{1,10})\s+(\S.*?)\s+(\d[\d.]*\s*[KMGT]?B)\s+(\d[\d.]*\s*[KMGT]?B)\s+"
                       r"(\d[\d.]*\s*[KMGT]?B)\s+(\S+)\s*\|\s*$")
_VERSION_BANNER = re.compile(r"AMD-SMI\s+(\S+)\s+amdgpu version:\s*(\S+)\s+ROCm version:\s*(\S+)")


def _from_table(lines: list[str], report: SmiReport) -> None:
    last: SmiGpu | None = None
    for line in lines:
        m = _BOX_ROW1.match(line)
        if m:
            slot, name, right = m.group(1), m.group(2), m.group(3)
            gpu = SmiGpu(index=len(report.gpus), pci_slot=pci_slot(slot))
            name = name.strip()
            if name.startswith("..."):
                report.warnings.append(translate(
                    "rocmdesk.formats.amd_smi",
                    "amd-smi cut GPU names to fit its table ({name})").format(name=repr(name)))
                name = name[3:]
            gpu.name = printed_name(name)
            s = gpu.sample()
            pct = _PCT.search(right)
            s.mem_busy_percent = smi_int(pct.group(1)) if pct else None
            temp = _TEMP.search(right)
            # the dashboard's Temp is the hotspot (junction), as amd-smi monitor shows it
            s.temp_junction_c = smi_number(temp.group(1)) if temp else None
            pair = _PAIR.search(right)
            if pair and pair.group(3) == "W":
                s.power_w, s.power_cap_w = float(pair.group(1)), float(pair.group(2))
            gpu.fields["dashboard"] = right.strip()
            report.gpus.append(gpu)
            last = gpu
            continue
        m = _BOX_ROW2.match(line)
        if m and last is not None:
            index = smi_int(m.group(1))
            if index is not None:
                last.index = index
            last.node = None
            right = m.group(5)
            s = last.sample()
            pct = _PCT.search(right)
            s.busy_percent = smi_int(pct.group(1)) if pct else None
            rest = right[pct.end():] if pct else right
            mem = _PAIR.search(rest)
            fan_text = rest[: mem.start()] if mem else rest
            fan = smi_number(fan_text.replace("%", ""))
            s.fan_percent = fan  # printed as "38.82" or "40.0 %": a percentage either way
            if mem and mem.group(3) != "W":
                s.vram_used_bytes = smi_bytes(f"{mem.group(1)} {mem.group(3)}")
                s.vram_total_bytes = smi_bytes(f"{mem.group(2)} {mem.group(3)}")
            last.fields["dashboard2"] = right.strip()
            last.fields["hip_id"] = m.group(2)
            last = None
            continue
        p = _PROC_ROW.match(line)
        if p:
            report.processes.append({
                "gpu": int(p.group(1)), "pid": int(p.group(2)), "name": p.group(3).strip(),
                "gtt_bytes": smi_bytes(p.group(4)), "vram_bytes": smi_bytes(p.group(5)),
                "mem_usage_bytes": smi_bytes(p.group(6)),
            })


# --- entry points ------------------------------------------------------------------------------------

_VERSION_RES = (
    (re.compile(r"AMDSMI Tool:\s*(\S+)"), "tool"),
    (re.compile(r"AMDSMI Library version:\s*(\S+)"), "library"),
    (re.compile(r"ROCm version:\s*([0-9][\w.]*)"), "rocm"),
    (re.compile(r"AMD-SMI\s+([0-9]\S*)"), "tool"),
    (re.compile(r"amdgpu version:\s*(\S+)"), "amdgpu"),
    (re.compile(r"ROCM-SMI version:\s*(\S+)"), "rocm_smi"),
    (re.compile(r"ROCM-SMI-LIB version:\s*(\S+)"), "rocm_smi_lib"),
    (re.compile(r"Version:\s*([0-9][\w.+]*)\s*\|\s*ROCm version"), "tool"),
)
_ERROR_RE = re.compile(r"^(?:ERROR:\S*:|\S*AmdSmi\w*Exception\b|AMD-SMI Command .* is invalid).*$", re.M)

_SNIFF_MARKERS: tuple[tuple[re.Pattern[str], int], ...] = (
    (re.compile(r"AMD-SMI \d"), 5),
    (re.compile(r"AMDSMI Tool:"), 5),
    (re.compile(r'"gpu_data"\s*:'), 5),
    (re.compile(r"GFX-Uti|Mem-Uti|HIP-ID"), 3),
    (re.compile(r'^[^\S\n]*\[\s*\{\s*"gpu"\s*:\s*\d', re.M), 3),
    (re.compile(r'"(?:asic|usage|mem_usage|links|process_list|vbios|temperature|power|bus)"\s*:\s*[\[{"]'), 2),
    (re.compile(r"'(?:average_gfx_activity|temperature_edge|current_gfxclk|average_socket_power)'\s*:"), 4),
    (re.compile(r"AmdSmi\w*Exception"), 3),
    (re.compile(r"^GPU: ?\d{1,4}[^\S\n]*\n[^\S\n]+(?:ASIC|BUS|USAGE|POWER|TEMPERATURE|VRAM|BOARD|DRIVER|"
                r"VBIOS|IFWI|CLOCK|MEM_USAGE|PARTITION|LIMIT|PROCESS_INFO|ENGINE_USAGE|FAN|XGMI|RAS|CACHE_INFO|"
                r"NUMA|SOC_PSTATE|XGMI_PLPD|PROCESS_ISOLATION|ECC|MEMORY_PARTITION|ACCELERATOR_PARTITION|"
                r"COMPUTE_PARTITION|BDF|UUID|KFD_ID|HIP_ID)\b", re.M), 5),  # the last four: amd-smi list
    # amd-smi partition: its tables' titles, then "GPU: N" blocks of MEMORY_PARTITION
    (re.compile(r"^(?:CURRENT_PARTITION|ACCELERATOR_PARTITION_PROFILES|ACCELERATOR_PARTITION_RESOURCES|"
                r"MEMORY_PARTITION_CONFIG):[^\S\n]*$", re.M), 3),
    (re.compile(r"AMD-SMI Command"), 2),
    (re.compile(r"amd_hsmp|amdsmi", re.I), 1),
)


def sniff_score(text: str) -> int:
    """How strongly ``text`` looks like amd-smi output: 0 = not at all; 2 or more = yes."""
    sample = sniff_sample(text, _SNIFF_LIMIT)
    return sum(weight for pattern, weight in _SNIFF_MARKERS if pattern.search(sample))


# amd-smi static / metric / list without --json: "GPU: 0" then indented "SECTION:" and "KEY: value" lines, the
# JSON form's keys in capitals; read into that form
_PLAIN_GPU_RE = re.compile(r"^GPU: ?\d{1,4}[^\S\n]*$", re.M)
_PLAIN_KV_RE = re.compile(r"^(?P<indent>[^\S\n]*)(?P<key>[A-Za-z][A-Za-z0-9_ /().-]{0,80}?):"
                          r"(?:[^\S\n]+(?P<value>.*?))?[^\S\n]*$")
_MAX_PLAIN_GPUS = 4096


def _plain_entries(text: str) -> list[dict[str, Any]]:
    """The plain-text form as the JSON form's list of {"gpu": N, "asic": {...}, ...}."""
    lines, _ = clean_lines(text)
    entries: list[dict[str, Any]] = []
    stack: list[tuple[int, dict[str, Any]]] = []
    for line in lines:
        if len(line) > 4096 or not line.strip():
            continue
        m = _PLAIN_KV_RE.match(line)
        if m is None:
            continue
        indent, key, value = len(m.group("indent").expandtabs()), m.group("key").strip(), m.group("value")
        if indent == 0 and key.upper() == "GPU" and value and value.strip().isdigit():
            if len(entries) >= _MAX_PLAIN_GPUS:
                break
            entry: dict[str, Any] = {"gpu": int(value)}
            entries.append(entry)
            stack = [(0, entry)]
            continue
        if indent == 0:
            stack = []  # another top-level block ("AI_NIC: 0" in amd-smi list): nothing of it is the GPU's
        if not stack:
            continue
        while len(stack) > 1 and indent <= stack[-1][0]:
            stack.pop()
        parent = stack[-1][1]
        name = key.lower().replace(" ", "_")
        if value is None or value == "":
            child: dict[str, Any] = {}
            parent.setdefault(name, child)
            if isinstance(parent[name], dict):
                stack.append((indent, parent[name]))
        else:
            parent.setdefault(name, value.strip())
    return entries


def parse_amd_smi(text: str) -> SmiReport:
    """Read amd-smi output.  Raises FormatError, never anything else, for bad input."""
    if not isinstance(text, str):
        raise FormatError("the input is not text")
    reason = binary_reason(text)
    if reason:
        raise FormatError(reason)
    stripped = text.lstrip()
    if stripped.startswith("{") and re.search(r"'\w+'\s*:", stripped[:4096]) and '"' not in stripped[:200]:
        report = _from_gpu_metrics(text)
    elif re.search(r"^[^\S\n]*[\[{]", text[:65536], re.M) and ('"gpu' in text[:65536] or stripped[:1] in "[{"):
        obj, truncated = load_json_tolerant(text)
        report = _from_json(obj, truncated)
    elif _PLAIN_GPU_RE.search(text[:65536]):
        report = _from_json(_plain_entries(text), False)
    else:
        lines, _stats = clean_lines(text)
        report = SmiReport(tool=FORMAT_NAME, kind="table")
        _from_table(lines, report)
        if not report.gpus:
            report.kind = "version"
    sample = text[:_SNIFF_LIMIT]
    banner = _VERSION_BANNER.search(sample)
    if banner:
        report.version.update({"tool": banner.group(1), "amdgpu": banner.group(2), "rocm": banner.group(3)})
    for regex, key in _VERSION_RES:
        m = regex.search(sample)
        if m:
            report.version.setdefault(key, m.group(1))
    report.errors = [m.group(0).strip() for m in _ERROR_RE.finditer(sample)][:50]
    if report.kind in ("table", "version") and not report.gpus and not report.version and not report.errors:
        raise FormatError(translate(
            "rocmdesk.formats.amd_smi", "no GPU, version or error lines: not amd-smi output rocmdesk can read"))
    return report
