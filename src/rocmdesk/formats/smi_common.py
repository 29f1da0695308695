"""What the two SMI parsers share: their records (a GPU as the tool reported it, its metrics, the whole report),
the readers of their values ("49.0", "65.0°C", "(500Mhz)", {"value": 7, "unit": "W"}, "N/A") and a JSON reader
that tolerates output cut short.  A public module, so that ``amd_smi`` does not reach into ``rocm_smi``'s privates.

The metrics record is this layer's own (:class:`SmiMetrics`), not the monitor's ``GpuSample``: formats sit below
telemetry and may not import it.  Its fields carry the monitor's names and units, so the monitor's SMI sampler copies
them key by key, and ``rocmdesk inspect`` writes them as the monitor's per-GPU JSON.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field, fields
from typing import Any

from rocmdesk.formats.errors import FormatError
from rocmdesk.formats.limits import check_depth, json_too_large
from rocmdesk.i18n import translate

__all__ = [
    "HEX_RE",
    "MHZ_PAREN_RE",
    "SmiGpu",
    "SmiMetrics",
    "SmiReport",
    "hex_id",
    "load_json_tolerant",
    "mhz",
    "pci_slot",
    "printed_name",
    "smi_bytes",
    "smi_int",
    "smi_number",
]

_MAX_JSON = 8 * 1024 * 1024  # characters: a pasted SMI dump is far smaller

Number = float | int


@dataclass
class SmiMetrics:
    """One GPU's readings as an SMI tool printed them, under the monitor's keys (``rocmdesk.telemetry.metrics``);
    None where the tool said nothing.  A key the monitor has and no SMI tool prints reads as None too (see
    ``__getattr__``), so the monitor's sampler can copy every one of its keys."""

    index: int
    name: str | None
    gfx: str | None
    state: str = "ok"
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
    error: str | None = None
    timestamp: float | None = None
    missing_sensors: list[dict[str, Any]] = field(default_factory=list)
    out_of_range: list[dict[str, Any]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def __getattr__(self, name: str) -> Any:
        # only called for attributes the record does not have: a monitor key added after this record (a throttle
        # reason, a hotspot temperature) is one no SMI text carries, so None, as the contract says for "no sensor"
        if name.startswith("__"):
            raise AttributeError(name)
        return None

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def get(self, key: str) -> Any:
        return getattr(self, key, None)


# --- records ------------------------------------------------------------------------


@dataclass
class SmiGpu:
    """One GPU as an SMI tool reported it."""

    index: int
    card: str | None = None  # "card0": rocm-smi's own key, not the DRM card
    name: str | None = None  # as the tool printed it (may be a pci.ids family or truncated)
    device_id: str | None = None  # 4 lowercase hex digits
    revision: str | None = None  # 2 lowercase hex digits
    subsystem_device: str | None = None
    pci_slot: str | None = None  # 0000:0b:00.0, lower case
    gfx: str | None = None  # when the tool printed one (GFX Version, target_graphics_version)
    vbios: str | None = None
    unique_id: str | None = None
    serial: str | None = None
    node: int | None = None  # KFD node
    fields: dict[str, Any] = field(default_factory=dict)  # label -> value as printed, first seen
    metrics: SmiMetrics | None = None

    def sample(self) -> SmiMetrics:
        if self.metrics is None:
            self.metrics = SmiMetrics(index=self.index, name=self.name, gfx=self.gfx, pci_slot=self.pci_slot)
        return self.metrics


@dataclass
class SmiReport:
    tool: str  # rocm-smi | amd-smi
    kind: str  # json | showallinfo | concise | legacy-concise | showhw | showtopo | version | metric | ...
    gpus: list[SmiGpu] = field(default_factory=list)
    system: dict[str, Any] = field(default_factory=dict)
    version: dict[str, str] = field(default_factory=dict)  # tool / library / rocm / driver
    processes: list[dict[str, Any]] = field(default_factory=list)
    truncated: bool = False
    warnings: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)  # error lines the tool printed


# --- values ----------------------------------------------------------------------------------

_NUM_RE = re.compile(r"[-+]?\d{1,20}(?:\.\d{1,12})?(?:[eE][-+]?\d{1,3})?")
_NA_WORDS = ("N/A", "NA", "NONE", "UNSUPPORTED", "UNKNOWN", "NOT SUPPORTED", "NOT_SUPPORTED", "")
MHZ_PAREN_RE = re.compile(r"\(\s*(\d{1,7}(?:\.\d{1,6})?)\s*mhz\s*\)", re.I)
HEX_RE = re.compile(r"^(?:0x)?([0-9a-fA-F]{1,8})$")
_SLOT_RE = re.compile(r"^(?:([0-9a-fA-F]{4}):)?([0-9a-fA-F]{2}):([0-9a-fA-F]{2})\.([0-7])$")
_BYTE_UNITS = {"B": 1, "KB": 1024, "KIB": 1024, "MB": 1024**2, "MIB": 1024**2, "GB": 1024**3, "GIB": 1024**3,
               "TB": 1024**4, "TIB": 1024**4}


def smi_number(value: Any) -> float | None:
    """A number from an SMI value: 49.0, "49.0", "65.0°C", "(500Mhz)", {"value": 7, "unit": "W"}; None for N/A."""
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        f = float(value)
        return f if math.isfinite(f) else None
    if isinstance(value, dict):
        return smi_number(value.get("value"))
    if not isinstance(value, str):
        return None
    s = value.strip()
    if s.upper().startswith(_NA_WORDS[:-1]) or not s:
        return None
    m = _NUM_RE.search(s[:80])
    if not m:
        return None
    f = float(m.group())
    return f if math.isfinite(f) else None


def smi_int(value: Any) -> int | None:
    f = smi_number(value)
    if f is None or abs(f) > 2**63:
        return None
    return int(round(f))


def smi_bytes(value: Any, default_unit: str = "B") -> int | None:
    """Bytes from ``{"value": 8176, "unit": "MB"}``, ``"29777 MB"`` or a plain number in ``default_unit``.

    The SMI tools' MB/GB are binary (amd-smi divides by 1024**2).
    """
    unit = default_unit
    if isinstance(value, dict):
        unit = str(value.get("unit") or default_unit)
        value = value.get("value")
    elif isinstance(value, str):
        m = re.search(r"([A-Za-z]{1,3})\s*$", value.strip())
        if m and m.group(1).upper() in _BYTE_UNITS:
            unit = m.group(1)
    f = smi_number(value)
    scale = _BYTE_UNITS.get(unit.strip().upper())
    if f is None or scale is None or f < 0 or f > 2**62:
        return None
    return int(round(f * scale))


def mhz(value: Any) -> int | float | None:
    if isinstance(value, str):
        m = MHZ_PAREN_RE.search(value[:80])
        if m:
            value = m.group(1)
    f = smi_number(value)
    if f is None or f < 0:
        return None
    return int(f) if f.is_integer() else f


def hex_id(value: Any, width: int) -> str | None:
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:0{width}x}" if 0 <= value < 16**width else None
    if not isinstance(value, str):
        return None
    m = HEX_RE.match(value.strip())
    if not m:
        return None
    n = int(m.group(1), 16)
    return f"{n:0{width}x}" if n < 16**width else None


def pci_slot(value: Any) -> str | None:
    if not isinstance(value, str):
        return None
    m = _SLOT_RE.match(value.strip())
    if not m:
        return None
    domain = m.group(1) or "0000"
    return f"{domain}:{m.group(2)}:{m.group(3)}.{m.group(4)}".lower()


def printed_name(value: Any) -> str | None:
    if not isinstance(value, str):
        return None
    s = " ".join(value.split())
    if not s or s.upper() in _NA_WORDS or HEX_RE.match(s):
        return None  # rocm-smi 4.x printed the vendor id 0x1002 as the card series
    return s


# --- tolerant JSON -------------------------------------------------------------------------


def _repair(s: str) -> Any:
    """The longest prefix of broken JSON that closes into a valid document, or raise ValueError."""
    stack: list[str] = []
    in_str = esc = False
    cuts: list[tuple[int, str]] = []  # (position, closers needed there)
    for i, ch in enumerate(s):
        if in_str:
            if esc:
                esc = False
            elif ch == "\\":
                esc = True
            elif ch == '"':
                in_str = False
            continue
        if ch == '"':
            in_str = True
        elif ch in "{[":
            stack.append("}" if ch == "{" else "]")
        elif ch in "}]":
            if not stack or stack[-1] != ch:
                break
            stack.pop()
            if stack:
                cuts.append((i + 1, "".join(reversed(stack))))
        elif ch == "," and stack:
            cuts.append((i, "".join(reversed(stack))))
    for pos, closers in reversed(cuts[-200:]):
        try:
            return json.loads(s[:pos] + closers)
        except ValueError:
            continue
    raise ValueError("no complete value")


def load_json_tolerant(text: str) -> tuple[Any, bool]:
    """Parse the JSON document in ``text`` (after any warning lines); (value, truncated).

    JSON cut short is closed after its last complete value.  Raises FormatError when there is
    no JSON at all.
    """
    m = re.search(r"^[^\S\n]*[\[{]", text[:65536], re.M)
    start = m.end() - 1 if m else -1
    if start < 0:
        raise FormatError(translate("rocmdesk.formats.rocm_smi", "no JSON document in the input"))
    body = text[start:start + _MAX_JSON]
    check_depth(body, first_value_only=True)  # LimitError: 100,000 "[" is no tool's output
    try:
        obj, _end = json.JSONDecoder().raw_decode(body)
        return obj, False
    except (ValueError, RecursionError):
        pass
    if len(text) - start > _MAX_JSON:  # not cut short by a pager: more than rocmdesk reads
        raise json_too_large(len(text) - start, _MAX_JSON)
    try:
        return _repair(body), True
    except (ValueError, RecursionError):
        raise FormatError(translate(
            "rocmdesk.formats.rocm_smi", "the JSON is broken before its first complete value")) from None


