"""Parser for ``rocm-smi`` output pasted from another machine, and the records both SMI parsers share.

rocm-smi's output has changed with nearly every ROCm release, so this reads it by meaning,
not by position:

- ``--json`` (one line, or re-indented by jq): ``{"card0": {...}, "system": {...}}``; keys
  renamed across releases ("GPU ID" -> "Device ID", "Card series" -> "Card Series"), values
  that are strings, ``"N/A"`` or ``"N/A (Secondary die)"``;
- the ``GPU[0]\\t\\t: key: value`` text of ``-a`` / ``--showallinfo`` and ``--showtopo``;
- the concise tables: the 5.x one-line header (``GPU Temp AvgPwr ...``), the 6.x two-line
  header (``Device [Model : Revision] Temp (Junction) ...`` or ``Device Node IDs ...``) with
  a second name line, header-less row fragments, ``--showhw``;
- ``ROCM-SMI version`` lines.

JSON cut short (``| head``) is read up to its last complete value (``truncated``).  The
result is a :class:`SmiReport` whose ``gpus`` carry a :class:`~rocmdesk.telemetry.metrics.GpuSample`
under the monitor's keys; :func:`gpus_from_smi` turns them into ``rocmdesk inspect``'s GPU list.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import asdict, replace
from typing import Any

from rocmdesk.formats.errors import FormatError
from rocmdesk.formats.smi_common import (
    HEX_RE,
    MHZ_PAREN_RE,
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

FORMAT_NAME = "rocm-smi"
LABEL = "rocm-smi output"

__all__ = [
    "FORMAT_NAME",
    "LABEL",
    "SmiGpu",
    "SmiReport",
    "gpus_from_smi",
    "load_json_tolerant",
    "parse_rocm_smi",
    "smi_number",
    "sniff_score",
]

_SNIFF_LIMIT = 262144
_LINK_RE = re.compile(r"(\d{1,3}(?:\.\d{1,3})?)\s*GT/s\s*x\s*(\d{1,3})", re.I)
_GFX_RE = re.compile(r"^gfx[0-9a-f]{3,6}$", re.I)  # hex names and decimal renderings (gfx11003): decoded later


# --- field maps ------------------------------------------------------------------------------


def _norm(key: str) -> str:
    return " ".join(key.strip().rstrip(":").split()).lower()


_TEMP_KEYS = {
    "temperature (sensor edge) (c)": "temp_edge_c",
    "temperature (sensor junction) (c)": "temp_junction_c",
    "temperature (sensor memory) (c)": "temp_mem_c",
    "temperature (c)": "temp_edge_c",  # ROCm 3.x: one sensor
    "temperature": "temp_edge_c",  # ROCm 1.x: "GPU[1] : Temperature: 74.0c"
}
_POWER_KEYS = (
    "average graphics package power (w)",
    "current socket graphics package power (w)",  # MI300 and APUs on 6.x
    "current graphics package power (w)",
    "graphics package power (w)",
)
_MEM_BUSY_KEYS = ("gpu memory use (%)", "gpu memory read/write activity (%)")
_NAME_KEYS = ("device name", "card series", "marketing name", "card model", "product name")


def _known_chip(device_id: str) -> bool:
    from rocmdesk import knowledge

    return knowledge.device(device_id) is not None


def apply_rocm_fields(gpu: SmiGpu, fields: dict[str, Any]) -> None:
    """Fill a GPU's identity and metrics from rocm-smi's labels (JSON keys or text labels)."""
    for key, value in fields.items():
        gpu.fields.setdefault(key, value)
    f = {_norm(k): v for k, v in fields.items()}
    s = gpu.sample()
    for key, attr in _TEMP_KEYS.items():
        if key in f and getattr(s, attr) is None:
            setattr(s, attr, smi_number(f[key]))
    power = next((f[k] for k in _POWER_KEYS if k in f and smi_number(f[k]) is not None), None)
    if power is None:
        power = next((v for k, v in f.items() if "graphics package power (w)" in k and not k.startswith("max")
                      and smi_number(v) is not None), None)
    if power is not None:
        s.power_w = smi_number(power)
    if "max graphics package power (w)" in f:
        s.power_cap_w = smi_number(f["max graphics package power (w)"])
    if "gpu use (%)" in f:
        s.busy_percent = smi_int(f["gpu use (%)"])
    for k in _MEM_BUSY_KEYS:
        if k in f and smi_int(f[k]) is not None:
            s.mem_busy_percent = smi_int(f[k])
            break
    for src, attr in (("vram total memory (b)", "vram_total_bytes"), ("vram total used memory (b)", "vram_used_bytes"),
                      ("gtt total memory (b)", "gtt_total_bytes"), ("gtt total used memory (b)", "gtt_used_bytes")):
        if src in f:
            setattr(s, attr, smi_bytes(f[src]))
    for clk, attr in (("sclk", "sclk_mhz"), ("mclk", "mclk_mhz")):
        for k in (f"{clk} clock speed", f"{clk} clock level"):
            if k in f and mhz(f[k]) is not None and (k.endswith("speed") or MHZ_PAREN_RE.search(str(f[k]))):
                setattr(s, attr, mhz(f[k]))
                break
    if "fan rpm" in f:
        s.fan_rpm = smi_int(f["fan rpm"])
    if "fan speed (%)" in f:
        s.fan_percent = smi_number(f["fan speed (%)"])
    if "fan speed (level)" in f:
        s.fan_pwm = smi_int(f["fan speed (level)"])
    link = _LINK_RE.search(str(f.get("pcie clock level", ""))[:80])
    if link:
        s.pcie_link_speed_gts, s.pcie_link_width = float(link.group(1)), int(link.group(2))
    gpu.device_id = gpu.device_id or hex_id(f.get("device id") or f.get("gpu id"), 4)
    # some rocm-smi releases print the PCI device id as "Card Model" (6.x: 0x74a1) or "Card series" (4.0: 0x738c),
    # others the board's subsystem id there (5.x: 0x0c34): a hex value counts only when it is a known AMD chip
    for label in ("card model", "card series"):
        value = f.get(label)
        if gpu.device_id is None and isinstance(value, str) and value.strip().lower().startswith("0x"):
            candidate = hex_id(value, 4)
            if candidate and _known_chip(candidate):
                gpu.device_id = candidate
    gpu.revision = gpu.revision or hex_id(f.get("device rev"), 2)
    gpu.subsystem_device = gpu.subsystem_device or hex_id(f.get("subsystem id"), 4)
    gpu.pci_slot = gpu.pci_slot or pci_slot(f.get("pci bus"))
    gfx = f.get("gfx version")
    if isinstance(gfx, str) and _GFX_RE.match(gfx.strip()):
        gpu.gfx = gpu.gfx or gfx.strip().lower()
    gpu.vbios = gpu.vbios or printed_name(f.get("vbios version"))
    gpu.unique_id = gpu.unique_id or printed_name(f.get("unique id"))
    gpu.serial = gpu.serial or printed_name(f.get("serial number"))
    if gpu.node is None and "node id" in f:
        gpu.node = smi_int(f["node id"])
    if gpu.name is None:
        gpu.name = next((n for k in _NAME_KEYS if (n := printed_name(f.get(k)))), None)
    s.name, s.gfx, s.pci_slot = gpu.name, gpu.gfx, gpu.pci_slot


# --- JSON form ---------------------------------------------------------------------------------

_CARD_KEY_RE = re.compile(r"^card(\d{1,4})$")


def _from_json(obj: Any, truncated: bool) -> SmiReport:
    if not isinstance(obj, dict):
        raise FormatError(translate(
            "rocmdesk.formats.rocm_smi",
            "rocm-smi --json prints one object with a key per card; this JSON is something else"))
    report = SmiReport(tool=FORMAT_NAME, kind="json", truncated=truncated)
    cards = []
    for key, value in obj.items():
        m = _CARD_KEY_RE.match(str(key))
        if m and isinstance(value, dict):
            cards.append((int(m.group(1)), key, value))
    system = obj.get("system")
    if not cards and not isinstance(system, dict):
        raise FormatError(translate(
            "rocmdesk.formats.rocm_smi", "this JSON has no cardN objects: not rocm-smi --json output"))
    for index, key, fields in sorted(cards):
        gpu = SmiGpu(index=index, card=key)
        apply_rocm_fields(gpu, {str(k): v for k, v in fields.items()})
        report.gpus.append(gpu)
    if isinstance(system, dict):
        report.system = {str(k): v for k, v in system.items()}
        driver = system.get("Driver version")
        if isinstance(driver, str):
            report.version["driver"] = driver
    if truncated:
        report.warnings.append(translate(
            "rocmdesk.formats.rocm_smi", "the JSON was cut short: read up to its last complete value"))
    return report


# --- text forms --------------------------------------------------------------------------------

_GPU_LINE_RE = re.compile(r"^GPU\[(\d{1,4})\]\s*:\s?(.*)$")
_KV_RE = re.compile(r"^(.{1,120}?):\s+(.*\S)\s*$")
_SECTION_RE = re.compile(r"^=+\s*(\S.*?)\s*=+$")
# ROCm 1.x-2.x indented the old table by one or two blanks (" GPU  DID    Temp     AvgPwr ...", "  0   67df ...")
_HEADER_RE = re.compile(r"^ {0,8}(Device|GPU)\s{2,}\S")
_ROW_RE = re.compile(r"^(\d{1,4})\s{2,}\S")
_INDENTED_ROW_RE = re.compile(r"^ {1,4}(\d{1,4})\s{2,}\S")
_FRAGMENT_RE = re.compile(r"^\d{1,4}\s+\[0x[0-9a-fA-F]{1,8}\s*:\s*0x[0-9a-fA-F]{1,4}\]")
_KNOWN_COLUMNS = {"Temp", "GPU%", "DID", "SCLK", "AvgPwr", "VRAM%", "Power", "PwrCap"}
_DEFAULT_60 = ["Device", "[Model : Revision]", "Temp", "Power", "Partitions", "SCLK", "MCLK", "Fan", "Perf",
               "PwrCap", "VRAM%", "GPU%"]
_VERSION_RES = (
    (re.compile(r"ROCM-SMI version:\s*(\S+)"), "tool"),
    (re.compile(r"ROCM-SMI-LIB version:\s*(\S+)"), "library"),
    (re.compile(r"ROCm System Management Interface \| ROCM-SMI version: (\S+)"), "tool"),
    (re.compile(r"Kernel version:\s*(\S+)"), "kernel"),
    (re.compile(r"^Driver version:\s*(\S+)", re.M), "driver"),
)
_PROC_HEADER_RE = re.compile(r"^PID\s+PROCESS NAME\s+GPU\(s\)\s+VRAM USED", re.I)
_PROC_ROW_RE = re.compile(r"^(\d{1,10})\s+(\S+)\s+(\S+)\s+(\S+)")
_ERROR_RE = re.compile(r"^(ERROR:.*|.*(?:Driver not initialized|Exception caught|No AMD GPUs specified).*)$")


def _split_cells(line: str) -> list[str]:
    """Header cells: separated by two or more spaces (names like ``[Model : Revision]`` hold single ones)."""
    return [c for c in re.split(r"\s{2,}|\t+", line.strip()) if c]


def _row_cells(line: str) -> list[str]:
    """Row cells by token, whatever the spacing (a full column leaves one space): ``[0x74a1 : 0x00]``
    is one cell, and a token ending in a comma continues into the next (``NPS1, SPX``, ``0x73df,   61797``)."""
    cells: list[str] = []
    open_bracket = False
    for tok in line.split():
        if open_bracket or (cells and cells[-1].endswith(",")):
            cells[-1] = f"{cells[-1]} {tok}"
        else:
            cells.append(tok)
        if tok.startswith("[") and not tok.endswith("]"):
            open_bracket = True
        elif open_bracket and tok.endswith("]"):
            open_bracket = False
    return cells


def _columns(header: str) -> list[tuple[int, str]]:
    return [(m.start(), m.group()) for m in re.finditer(r"\S+(?: \S+)*", header)]


def _cells_by_position(line: str, positions: list[tuple[int, str]]) -> list[str]:
    """A row's cells by where its words stand under the header: for rows with an empty cell (ROCm 1.x left "Perf"
    blank for a card without PowerPlay), which splitting by words cannot place."""
    starts = [start for start, _name in positions]
    cells: list[list[str]] = [[] for _ in starts]
    for m in re.finditer(r"\S+", line):
        col = 0
        for i, start in enumerate(starts):
            if start <= m.start() + 1:
                col = i
        cells[col].append(m.group())
    return [" ".join(c) for c in cells]


def _hints(units: str, cols: list[tuple[int, str]]) -> dict[str, str]:
    """The second header line's words, e.g. ``(Junction)`` under ``Temp``, by position."""
    out: dict[str, str] = {}
    for m in re.finditer(r"\S+(?: \S+)*", units):
        owner = None
        for start, name in cols:
            if start <= m.start() + 1:
                owner = name
        if owner:
            out[owner] = m.group()
    return out


def _apply_row(gpu: SmiGpu, cols: list[str], cells: list[str], hints: dict[str, str]) -> None:
    s = gpu.sample()
    for col, cell in zip(cols, cells):
        gpu.fields.setdefault(col, cell)
        if col == "Temp":
            hint = hints.get("Temp", "").lower()
            attr = "temp_junction_c" if "junction" in hint else "temp_mem_c" if "mem" in hint else "temp_edge_c"
            setattr(s, attr, smi_number(cell))
        elif col in ("Power", "AvgPwr"):
            s.power_w = smi_number(cell)
        elif col == "SCLK":
            s.sclk_mhz = mhz(cell)
        elif col == "MCLK":
            s.mclk_mhz = mhz(cell)
        elif col == "Fan":
            if "rpm" in cell.lower():
                s.fan_rpm = smi_int(cell)
            else:
                s.fan_percent = smi_number(cell)
        elif col == "PwrCap":
            s.power_cap_w = smi_number(cell)
        elif col == "GPU%":
            s.busy_percent = smi_int(cell)
        elif col == "Node":
            gpu.node = smi_int(cell)
        elif col == "IDs":
            did = cell.split(",")[0]
            gpu.device_id = gpu.device_id or hex_id(did, 4)
        elif col == "DID":
            gpu.device_id = gpu.device_id or hex_id(cell, 4)
        elif col == "[Model : Revision]":
            m = re.match(r"\[\s*(0x[0-9a-fA-F]+)\s*:\s*(0x[0-9a-fA-F]+)\s*\]", cell)
            if m:  # the model is the subsystem id, not the PCI device id
                gpu.subsystem_device = hex_id(m.group(1), 4)
                gpu.revision = gpu.revision or hex_id(m.group(2), 2)
        elif col == "BUS":
            gpu.pci_slot = gpu.pci_slot or pci_slot(cell)
        elif col == "VBIOS":
            gpu.vbios = gpu.vbios or printed_name(cell)


def _known_device_id(value: str) -> str | None:
    from rocmdesk import knowledge

    did = hex_id(value, 4)
    return did if did is not None and knowledge.device(did) is not None else None


def _parse_tables(lines: list[str], report: SmiReport, gpus: dict[int, SmiGpu]) -> list[str]:
    """Concise, legacy and --showhw tables; returns the kinds found."""
    kinds: list[str] = []
    cols: list[str] | None = None
    positions: list[tuple[int, str]] = []
    hints: dict[str, str] = {}
    named = indented = False
    last: SmiGpu | None = None
    for i, line in enumerate(lines):
        raw = line
        if _HEADER_RE.match(line) and not line.lstrip().startswith("GPU["):
            names = _split_cells(line)
            if _KNOWN_COLUMNS & set(names):
                cols, positions = names, _columns(line)
                nxt = lines[i + 1] if i + 1 < len(lines) else ""
                hints = _hints(nxt, positions) if nxt.startswith(" ") and "(" in nxt else {}
                named = "Name" in nxt
                indented = line.startswith(" ") or "AvgPwr" in names  # ROCm 1.x set its rows in under the header
                # ROCm 1.x's table had a DID column too: AvgPwr says it is the concise table, not --showhw
                kinds.append("legacy-concise" if "AvgPwr" in names else "showhw" if "DID" in names else "concise")
                last = None
                continue
        fragment = cols is None and _FRAGMENT_RE.match(line)
        row = cols is not None and (_ROW_RE.match(line) or (indented and _INDENTED_ROW_RE.match(line)))
        if row or fragment:
            use = cols if cols is not None else _DEFAULT_60
            line = line.strip()
            if fragment and "concise" not in kinds:
                kinds.append("concise")
                report.warnings.append(translate(
                    "rocmdesk.formats.rocm_smi",
                    "table rows without their header: columns assumed as rocm-smi 6.0 prints them"))
                named = True
            cells = _row_cells(line)
            if len(cells) != len(use):
                cells = _split_cells(line)
            if len(cells) != len(use) and cols is not None and indented:
                cells = _cells_by_position(raw, positions)
                cells = cells if cells[0].isdigit() and sum(1 for c in cells if c) * 2 > len(cells) else []
            if len(cells) != len(use):
                report.warnings.append(translate(
                    "rocmdesk.formats.rocm_smi", "a table row does not fit its header: {row}").format(
                    row=repr(line.strip()[:60])))
                last = None
                continue
            index = int(cells[0])
            gpu = gpus.setdefault(index, SmiGpu(index=index))
            _apply_row(gpu, use, cells, hints)
            last = gpu
            continue
        if named and last is not None and line.startswith(" ") and line.strip() and not line.strip().startswith("="):
            name = " ".join(line.split())
            if HEX_RE.match(name):
                # no name for the chip in the tool's pci.ids: rocm-smi printed the PCI device id ("0x744c"), or even
                # the vendor's ("0x1002"); only an id the device table knows is taken, never a name
                last.device_id = last.device_id or _known_device_id(name)
            elif last.name is None:
                last.name = name
                if len(name) >= 20 and not name.endswith("]"):
                    report.warnings.append(translate(
                        "rocmdesk.formats.rocm_smi", "GPU {index}: rocm-smi cut its name to 20 characters ({name})",
                    ).format(index=last.index, name=repr(name)))
            last = None
            continue
        if line.startswith("="):
            last = None
    return kinds


def _parse_text(text: str) -> SmiReport:
    lines, _stats = clean_lines(text)
    report = SmiReport(tool=FORMAT_NAME, kind="text")
    gpus: dict[int, SmiGpu] = {}
    fields: dict[int, dict[str, str]] = {}
    section = ""
    in_procs = False
    kinds: list[str] = []
    for line in lines:
        m = _SECTION_RE.match(line.strip())
        if m and not line.startswith("GPU["):
            section = m.group(1)
            in_procs = False
            continue
        if _PROC_HEADER_RE.match(line):
            in_procs = True
            continue
        if in_procs:
            pm = _PROC_ROW_RE.match(line)
            if pm:
                report.processes.append({
                    "pid": int(pm.group(1)),
                    "name": None if pm.group(2).upper() == "UNKNOWN" else pm.group(2),
                    "gpus": pm.group(3),
                    "vram_bytes": smi_bytes(pm.group(4)) if pm.group(4).upper() != "UNKNOWN" else None,
                })
                continue
        g = _GPU_LINE_RE.match(line)
        if g:
            index = int(g.group(1))
            kv = _KV_RE.match(g.group(2).strip())
            key = kv.group(1).strip() if kv else ""
            if key.upper() in ("WARNING", "ERROR"):
                continue  # "GPU[0] : WARNING: Empty SysFS value: pclk" above a table is no -a output
            if kv is None:
                # "GPU[0] : Unable to display temperature": 2018's rocm-smi listed every DRM card, an Intel iGPU
                # too, and said so for it; such a line alone is no AMD GPU (a table row or a value makes one)
                continue
            gpus.setdefault(index, SmiGpu(index=index))
            if key and not key.isdigit() and key != "S":
                fields.setdefault(index, {}).setdefault(key, kv.group(2).strip())
            if section and "showallinfo" not in kinds and "Topology" not in section and "Numa" not in section:
                kinds.append("showallinfo")
            elif ("Topology" in section or "Numa" in section) and "showtopo" not in kinds:
                kinds.append("showtopo")
            continue
        if _ERROR_RE.match(line.strip()):
            report.errors.append(line.strip())
    for index, f in fields.items():
        apply_rocm_fields(gpus[index], f)
    kinds += _parse_tables(lines, report, gpus)
    for regex, key in _VERSION_RES:
        vm = regex.search(text[:_SNIFF_LIMIT])
        if vm:
            report.version.setdefault(key, vm.group(1))
    if gpus:
        report.gpus = [gpus[i] for i in sorted(gpus)]
    if not report.gpus and not report.version and not report.errors:
        raise FormatError(translate(
            "rocmdesk.formats.rocm_smi",
            "no GPU lines, table rows or version lines: not rocm-smi output rocmdesk can read"))
    if kinds:
        report.kind = "showallinfo" if "showallinfo" in kinds else kinds[0]
    elif report.version:
        report.kind = "version"
    for gpu in report.gpus:
        s = gpu.sample()
        s.name, s.pci_slot = gpu.name, gpu.pci_slot
    return report


# --- entry points --------------------------------------------------------------------------------

_SNIFF_MARKERS: tuple[tuple[re.Pattern[str], int], ...] = (
    (re.compile(r"ROCm System Management Interface"), 5),
    (re.compile(r"End of ROCm SMI Log"), 3),
    (re.compile(r"^GPU\[\d{1,4}\]\s*:", re.M), 4),
    (re.compile(r'"card\d{1,4}"\s*:\s*\{'), 3),
    (re.compile(r'"(?:Temperature \(Sensor \w+\) \(C\)|GPU use \(%\)|VRAM Total Memory \(B\)|Card [Ss]eries|'
                r'Average Graphics Package Power \(W\)|VBIOS version)"\s*:'), 2),
    (re.compile(r"^\d{1,4}\s+\[0x[0-9a-fA-F]{1,8}\s*:\s*0x[0-9a-fA-F]{1,4}\]", re.M), 3),
    (re.compile(r"^ {0,3}GPU\s+(?:DID\s+)?Temp\s+AvgPwr\s+SCLK", re.M), 4),  # ROCm 1.x indented it
    (re.compile(r"^GPU\s+DID\s+GFX RAS", re.M), 4),
    (re.compile(r"^Device\s+(?:Node\s+IDs|\[Model : Revision\])\s+Temp", re.M), 4),
    (re.compile(r"ROCM-SMI version:"), 2),
    # --csv: a "device,<label>,..." header, then one "cardN,<value>,..." row per GPU
    (re.compile(r"^device,[^\n]{0,4000}(?:Temperature|GPU use|VRAM|Card [Ss]eries|Device ID|GPU ID|Power|sclk)",
                re.M | re.I), 4),
    (re.compile(r"^card\d{1,4},", re.M), 1),
    (re.compile(r"ROCM-SMI-LIB version:"), 1),
)


def sniff_score(text: str) -> int:
    """How strongly ``text`` looks like rocm-smi output: 0 = not at all; 2 or more = yes."""
    sample = sniff_sample(text, _SNIFF_LIMIT)
    return sum(weight for pattern, weight in _SNIFF_MARKERS if pattern.search(sample))


def parse_rocm_smi(text: str) -> SmiReport:
    """Read rocm-smi output (JSON or text).  Raises FormatError, never anything else, for bad input."""
    if not isinstance(text, str):
        raise FormatError("the input is not text")
    reason = binary_reason(text)
    if reason:
        raise FormatError(reason)
    head = text.lstrip()[:1]
    if head in ("{", "["):
        obj, truncated = load_json_tolerant(text)
        return _from_json(obj, truncated)
    if re.search(r'^[^\S\n]*\{\s*"card\d', text[:65536], re.M):  # JSON after warning lines
        obj, truncated = load_json_tolerant(text)
        return _from_json(obj, truncated)
    table = _csv_table(text)
    if table is not None:
        report = _from_json(table, False)
        report.kind = "csv"
        return report
    return _parse_text(text)


_CSV_HEADER_RE = re.compile(r"^device,", re.I)
_CSV_ROW_RE = re.compile(r"^card\d{1,4},")


def _csv_table(text: str) -> dict[str, dict[str, str]] | None:
    """``rocm-smi --csv``: a ``device,<label>,...`` header and ``cardN,<value>,...`` rows (several blocks when
    several options were asked for), as the JSON form's ``{"cardN": {label: value}}``; None when it is not."""
    import csv

    lines, _ = clean_lines(text)
    out: dict[str, dict[str, str]] = {}
    header: list[str] | None = None
    for line in lines[:20000]:
        if _CSV_HEADER_RE.match(line):
            header = next(csv.reader([line[:65536]]))
        elif header is not None and _CSV_ROW_RE.match(line):
            row = next(csv.reader([line[:65536]]))
            card = out.setdefault(row[0].strip(), {})
            for label, value in zip(header[1:], row[1:]):
                card.setdefault(label.strip(), value.strip())
    return out or None


def gpus_from_smi(parsed: SmiReport, advise: Callable[[list[Any]], Any] | None = None) -> list[dict[str, Any]]:
    """``rocmdesk inspect``'s GPU list for rocm-smi or amd-smi output.

    Each entry has the machine record's keys (as ``detect`` gives them: index, name, gfx,
    device_id, pci_slot, vram_total_bytes, support, ...) plus ``metrics``: the monitor's
    per-GPU object (index, name, gfx, state, temp_edge_c ... fan_rpm; null where the tool
    said nothing), and ``tool_name``: the name exactly as the tool printed it.

    The verdict (``support``, ``advice``) is not this parser's to give: ``advise`` (``rocmdesk inspect`` passes
    one that calls ``rocmdesk.advice.attach``) is called with the Gpu records before the rows are written, and
    sets them; without it both stay None.
    """
    from rocmdesk import knowledge
    from rocmdesk.machine.model import Gpu
    from rocmdesk.machine.names import marketing_name

    made: list[tuple[Any, Any, Any]] = []
    for g in parsed.gpus:
        entry = knowledge.device(g.device_id, g.revision) if g.device_id else None
        # the printed name may be a decimal rendering (gfx9010 for gfx90a): decoded here, kept as printed in
        # gfx_reported; the device id's target decides where a rendering reads two ways
        gfx = knowledge.normalize_gfx(g.gfx, {entry.gfx} if entry is not None and entry.gfx else None)
        gfx_source = parsed.tool if gfx else None
        if gfx is None and entry is not None and entry.gfx:
            gfx, gfx_source = entry.gfx, "device_id"
        name, name_source = marketing_name(None, g.device_id, g.revision) if g.device_id else (None, None)
        if name is None and g.name:
            name, name_source = g.name, parsed.tool
        metrics = g.sample()
        family = entry.family if entry is not None and entry.family else None
        if family is None and gfx:
            target = knowledge.gfx_target(gfx)
            family = target.family if target is not None else None
        gpu = Gpu(
            index=g.index,
            name=name,
            gfx=gfx,
            gfx_reported=g.gfx,
            device_id=g.device_id,
            revision=g.revision,
            pci_slot=g.pci_slot,
            vram_total_bytes=metrics.vram_total_bytes,
            kfd_node=g.node,
            apu=(entry.kind == "apu") if entry is not None and entry.kind else None,
            subsystem_device=g.subsystem_device,
            gfx_source=gfx_source,
            name_source=name_source,
            family=family,
            kind=entry.kind if entry is not None else None,
        )
        metrics.index, metrics.name, metrics.gfx, metrics.pci_slot = g.index, name, gfx, g.pci_slot
        made.append((g, gpu, metrics))
    if advise is not None:
        advise([gpu for _, gpu, _ in made])
    out: list[dict[str, Any]] = []
    for g, gpu, metrics in made:
        row = asdict(replace(gpu, advice=None))
        row["advice"] = gpu.advice.to_json() if gpu.advice is not None else None
        row["metrics"] = metrics.to_json()
        row["tool_name"] = g.name
        out.append(row)
    return out
