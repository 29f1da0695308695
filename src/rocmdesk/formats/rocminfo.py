"""Parser for ``rocminfo`` output, as captured or as pasted from another machine.

Covers ROCm 2.x to 7.x: padded and unpadded layouts, truncated pastes, terminal and tmux
artifacts, empty or NUL-padded names, WSL dumps (no Uuid/BDFID lines), CPU/GPU/DSP/AIE agents
and the error forms rocminfo prints when it cannot open ``/dev/kfd`` or the runtime fails.

The parser reads lines by their labels rather than by position or exact indentation, so a
missing or mangled line costs only that value.  It records what rocminfo *reports*; the
physical gfx target of a GPU (different under ``HSA_OVERRIDE_GFX_VERSION``) comes from its
Chip ID through the knowledge tables: see :func:`physical_gfx`.

Longer than 700 lines on purpose: one parser reads every layout and every fragment people paste (whole dumps,
a grep of its names, one agent's block, an ISA list cut in the middle); the fragment readers share the label
table and the agent record, and apart they would each need the other's internals.
"""

from __future__ import annotations

import errno as errno_mod
import os
import re
from dataclasses import dataclass, field

from rocmdesk.formats.errors import FormatError
from rocmdesk.formats.text import binary_reason, clean_lines, sniff_sample
from rocmdesk.i18n import translate

FORMAT_NAME = "rocminfo"
LABEL = "rocminfo output"  # how messages name the format (English; rocmdesk.formats translates it)

__all__ = [
    "FORMAT_NAME",
    "LABEL",
    "RocminfoAgent",
    "RocminfoError",
    "RocminfoPool",
    "RocminfoReport",
    "looks_like_rocminfo",
    "override_in_effect",
    "parse_rocminfo",
    "physical_gfx",
    "sniff_score",
]


@dataclass
class RocminfoPool:
    segment: str | None = None  # GLOBAL | GROUP | READONLY | PRIVATE
    flags: list[str] = field(default_factory=list)  # COARSE GRAINED, FINE GRAINED, KERNARG, ...
    size_kb: int | None = None


@dataclass
class RocminfoAgent:
    number: int | None = None  # "Agent N" banner; None when the paste lost it
    name: str | None = None
    uuid: str | None = None
    marketing_name: str | None = None  # None when rocminfo printed it empty
    vendor_name: str | None = None
    device_type: str | None = None  # CPU, GPU, DSP, AIE ... as printed
    node: int | None = None
    chip_id: int | None = None
    bdfid: int | None = None
    pci_slot: str | None = None  # "0c:00.0", from BDFID; no PCI domain in rocminfo
    compute_units: int | None = None
    max_clock_mhz: int | None = None
    isa: list[str] = field(default_factory=list)  # full ISA names, features included
    gfx_reported: str | None = None  # "gfx1032": what the runtime reports (override applied)
    pools_kb: list[int] = field(default_factory=list)
    vram_kb: int | None = None  # the GLOBAL (coarse-grained) pool of a GPU agent
    # beyond the base contract
    asic_revision: int | None = None
    apu: bool | None = None  # "Memory Properties: APU" (newer ROCm); None when not printed
    cache_kb: dict[str, int] = field(default_factory=dict)  # {"L1": 16, "L2": 2048}
    pools: list[RocminfoPool] = field(default_factory=list)
    fields: dict[str, str] = field(default_factory=dict)  # agent-level label -> value, first seen

    @property
    def is_gpu(self) -> bool:
        return self.device_type == "GPU"

    @property
    def chip_id_hex(self) -> str | None:
        """Chip ID as 4 lowercase hex digits (the PCI device id), or None for CPUs and unknowns."""
        if not self.chip_id or self.chip_id > 0xFFFF:
            return None
        return f"{self.chip_id:04x}"


@dataclass
class RocminfoError:
    # kfd-permission | kfd-missing | kfd-invalid | kfd-nomem | kfd-error (other errno)
    # | out-of-resources | hsa-error | crash
    kind: str
    message: str
    errno: str | None = None  # EACCES, EPERM, ENOMEM, EINVAL, ENOENT ...
    hsa_status: str | None = None  # HSA_STATUS_ERROR_OUT_OF_RESOURCES (numbers are named)
    location: str | None = None  # "rocminfo.cc:1142" as printed by the failing call


@dataclass
class RocminfoReport:
    runtime_version: str | None = None
    runtime_ext_version: str | None = None
    agents: list[RocminfoAgent] = field(default_factory=list)
    error: RocminfoError | None = None
    truncated: bool = False  # the agent dump began but stops before "*** Done ***", unexplained
    wsl: bool | None = None
    warnings: list[str] = field(default_factory=list)
    # beyond the base contract
    rock_loaded: bool | None = None  # "ROCk module is loaded" / "... is NOT loaded"
    rock_version: str | None = None  # amdgpu module version from "ROCk module version X is loaded"
    kfd_group: str | None = None  # the group rocminfo checked (render, video)
    in_kfd_group: bool | None = None
    user: str | None = None  # the user name in the group line, as printed
    system: dict[str, str] = field(default_factory=dict)  # HSA System Attributes, label -> value

    @property
    def gpus(self) -> list[RocminfoAgent]:
        return [a for a in self.agents if a.device_type == "GPU"]

    @property
    def ok(self) -> bool:
        """rocminfo ran to the end and listed agents."""
        return self.error is None and bool(self.agents) and not self.truncated


# --- physical gfx -------------------------------------------------------------------------


def physical_gfx(agent: RocminfoAgent) -> str | None:
    """The GPU's own gfx target, from its Chip ID via ``rocmdesk.knowledge.device()``.

    None for CPUs, unknown ids, or while the knowledge tables are not available.
    """
    device_id = agent.chip_id_hex
    if device_id is None:
        return None
    try:  # imported late: formats must not need the knowledge data to parse
        from rocmdesk import knowledge

        lookup = knowledge.device
    except (ImportError, AttributeError):
        return None
    entry = lookup(device_id)
    gfx = getattr(entry, "gfx", None) if entry is not None else None
    return gfx if isinstance(gfx, str) and gfx else None


def override_in_effect(agent: RocminfoAgent) -> bool | None:
    """True when the reported gfx differs from the chip's own (HSA_OVERRIDE_GFX_VERSION)."""
    physical = physical_gfx(agent)
    if physical is None or agent.gfx_reported is None:
        return None
    return physical != agent.gfx_reported


# --- sniffing -----------------------------------------------------------------------------

_SNIFF_MARKERS: tuple[tuple[re.Pattern[str], int], ...] = (
    (re.compile(r"^[^\S\n]*HSA System Attributes\s*$", re.M), 4),
    (re.compile(r"^[^\S\n]*HSA Agents\s*$", re.M), 4),
    (re.compile(r"hsa api call failure at", re.I), 4),
    (re.compile(r"ROCk module (?:version \S+ )?is (?:NOT )?(?:loaded|live)"), 3),
    (re.compile(r"Unable to open /dev/kfd read-write"), 3),
    (re.compile(r"^[^\S\n]*\*\*\* Done \*\*\*", re.M), 2),
    (re.compile(r"^[^\S\n]*Agent \d+\s*$", re.M), 1),
    (re.compile(r"^[^\S\n]*Runtime (?:Ext )?Version:", re.M), 1),
    (re.compile(r"^[^\S\n]*Marketing Name:", re.M), 1),
    (re.compile(r"^[^\S\n]*Device Type:\s*(?:CPU|GPU|DSP|AIE)", re.M), 1),
    (re.compile(r"^[^\S\n]*Compute Unit:", re.M), 1),
    (re.compile(r"^[^\S\n]*Chip ID:", re.M), 1),
    (re.compile(r"amdgcn-amd-amdhsa--gfx"), 1),
    # fragments (`rocminfo | grep -i name`, the ROCm issue template's "GPU:" block) keep only Name lines
    (re.compile(r"^[^\S\n]*Name:[^\S\n]+amdgcn-amd-amdhsa--gfx", re.M), 1),
    (re.compile(r"^[^\S\n]*Name:[^\S\n]+gfx\d", re.M), 1),
)
_SNIFF_LIMIT = 262144  # characters; the markers sit near the top


def sniff_score(text: str) -> int:
    """How strongly ``text`` looks like rocminfo output: 0 = not at all; 2 or more = yes."""
    sample = sniff_sample(text, _SNIFF_LIMIT)
    return sum(weight for pattern, weight in _SNIFF_MARKERS if pattern.search(sample))


def looks_like_rocminfo(text: str) -> bool:
    return binary_reason(text) is None and sniff_score(text) >= 2


# --- parsing ------------------------------------------------------------------------------

_MAX_KV_LINE = 512  # longer lines are not rocminfo labels; bounds regex backtracking
_NUM_RE = re.compile(r"^(\d{1,20})(?!\d)")  # bounded: int() refuses very long digit strings
_HEX_RE = re.compile(r"^0x([0-9a-fA-F]{1,16})\b")
_KV_RE = re.compile(r"^(\s*)([A-Za-z][A-Za-z0-9 .()/_\-]*?)\s*:+\s*(.*)$")
_AGENT_BANNER_RE = re.compile(r"^[^\S\n]*Agent\s+(\d{1,6})\s*$")
_SUB_BANNER_RE = re.compile(r"^[^\S\n]*(Pool|ISA)\s+\d{1,6}\s*$")
_RULE_RE = re.compile(r"^[^\S\n]*(?:=+|\*+)\s*$")
_GFX_TOKEN_RE = re.compile(r"gfx[0-9a-z]+(?:-[0-9a-z]+)*", re.I)
_GFX_NAME_RE = re.compile(r"gfx\d{1,2}[0-9a-f]{2}")  # major, then one hex digit each: minor, stepping
_OLD_ISA_RE = re.compile(r"AMD:AMDGPU:(\d{1,2}):(\d{1,2}):(\d{1,2})")

_ROCK_RE = re.compile(r"ROCk module (?:version (\S+) )?is (NOT )?(loaded|live)")
_KFD_OPEN_FAIL_RE = re.compile(r"Unable to open /dev/kfd read-write:\s*(.*?)\s*$")
_KFD_OPEN_OK_RE = re.compile(r"Able to open /dev/kfd read-write")
_GROUP_RE = re.compile(r"^[^\S\n]*(.+?) is (not )?member of \"?([\w.-]+)\"? group")
_HSA_FAIL_RE = re.compile(
    r"hsa api call failure at(?::\s*(?P<loc>\S+)| line (?P<line>\d+), file:\s*(?P<file>\S+?)\.?(?=\s|$))",
    re.I,
)
_CALL_RETURNED_RE = re.compile(r"Call returned\s+(.*?)\s*$")
_WSL_RE = re.compile(r"WSL environment detected", re.I)
_CRASH_RE = re.compile(
    r"segmentation fault|\bcore dumped\b|^\s*(?:\S+:\s*)?(?:aborted|bus error|illegal instruction)\b"
    r"|floating point exception|terminate called after throwing|memory access fault by gpu",
    re.I,
)

# glibc strerror() texts rocminfo prints after "Unable to open /dev/kfd read-write:".
_STRERROR: dict[str, str] = {
    "permission denied": "EACCES",
    "operation not permitted": "EPERM",
    "cannot allocate memory": "ENOMEM",
    "invalid argument": "EINVAL",
    "no such file or directory": "ENOENT",
    "no such device": "ENODEV",
    "no such device or address": "ENXIO",
    "device or resource busy": "EBUSY",
    "input/output error": "EIO",
    "resource temporarily unavailable": "EAGAIN",
    "too many open files": "EMFILE",
}
_ERRNO_KIND = {
    "EACCES": "kfd-permission",
    "EPERM": "kfd-permission",
    "ENOMEM": "kfd-nomem",
    "EINVAL": "kfd-invalid",
    "ENOENT": "kfd-missing",
    "ENODEV": "kfd-missing",
    "ENXIO": "kfd-missing",
}
# hsa_status_t values (hsa.h); ROCm 2.x printed the bare number ("Call returned 4104").
_HSA_STATUS = {
    0x1000: "HSA_STATUS_ERROR",
    0x1001: "HSA_STATUS_ERROR_INVALID_ARGUMENT",
    0x1002: "HSA_STATUS_ERROR_INVALID_QUEUE_CREATION",
    0x1003: "HSA_STATUS_ERROR_INVALID_ALLOCATION",
    0x1004: "HSA_STATUS_ERROR_INVALID_AGENT",
    0x1005: "HSA_STATUS_ERROR_INVALID_REGION",
    0x1006: "HSA_STATUS_ERROR_INVALID_SIGNAL",
    0x1007: "HSA_STATUS_ERROR_INVALID_QUEUE",
    0x1008: "HSA_STATUS_ERROR_OUT_OF_RESOURCES",
    0x100B: "HSA_STATUS_ERROR_NOT_INITIALIZED",
}

_SYSTEM_KEYS = {
    "Runtime Version",
    "Runtime Ext Version",
    "System Timestamp Freq.",
    "Sig. Max Wait Duration",
    "Machine Model",
    "System Endianness",
    "Mwaitx",
    "XNACK enabled",
    "DMAbuf Support",
    "VMM Support",
}
# Labels printed once per agent at agent level (others belong to pools, ISAs or dimensions).
_AGENT_KEYS = {
    "Name", "Uuid", "Marketing Name", "Vendor Name", "Feature", "Profile", "Float Round Mode",
    "Max Queue Number", "Queue Min Size", "Queue Max Size", "Queue Type", "Node", "Device Type",
    "Chip ID", "ASIC Revision", "Cacheline Size", "Max Clock Freq. (MHz)", "BDFID",
    "Internal Node ID", "Compute Unit", "SIMDs per CU", "Shader Engines",
    "Shader Arrs. per Eng.", "WatchPts on Addr. Ranges", "Coherent Host Access",
    "Memory Properties", "Features", "Fast F16 Operation", "Wavefront Size",
    "Max Waves Per CU", "Max Work-item Per CU", "Max fbarriers/Workgrp",
    "Packet Processor uCode", "SDMA engine uCode", "IOMMU Support",
}
_POOL_KEYS = {"Segment", "Size", "Allocatable", "Alloc Granule", "Alloc Recommended Granule",
              "Alloc Alignment", "Accessible by all", "Acessible by all"}


def _to_int(value: str) -> int | None:
    value = value.strip()
    m = _HEX_RE.match(value)  # before decimal: "0x1008" must not read as 0
    if m:
        return int(m.group(1), 16)
    m = _NUM_RE.match(value)
    return int(m.group(1)) if m else None


def _clean_str(value: str) -> str | None:
    value = value.replace("\x00", "").strip()
    return value or None


def _gfx_from(text: str | None) -> str | None:
    """gfx token from an agent Name or ISA name, without target features (":xnack-")."""
    if not text:
        return None
    m = _OLD_ISA_RE.search(text)  # ROCm 1.x/2.x: AMD:AMDGPU:9:0:6
    if m:
        major, minor, step = (int(g) for g in m.groups())
        return f"gfx{major}{minor:x}{step:x}"
    for m in _GFX_TOKEN_RE.finditer(text):
        token = m.group(0).lower()
        if _GFX_NAME_RE.fullmatch(token):  # skips gfx11-generic, gfx10-3-generic
            return token
    return None


def _pci_slot(bdfid: int) -> str:
    return f"{(bdfid >> 8) & 0xFF:02x}:{(bdfid >> 3) & 0x1F:02x}.{bdfid & 0x7}"


def _errno_name(text: str) -> str | None:
    key = text.strip().rstrip(".").lower()
    if key in _STRERROR:
        return _STRERROR[key]
    for code, name in errno_mod.errorcode.items():  # other glibc texts, as this host spells them
        if os.strerror(code).lower() == key:
            return name
    return None


def _hsa_status(text: str) -> str | None:
    m = re.match(r"(HSA_STATUS_[A-Z_]+)", text)
    if m:
        return m.group(1)
    code = _to_int(text)
    if code is None:
        return None
    return _HSA_STATUS.get(code, f"HSA status {code:#x}")


class _Parser:
    def __init__(self) -> None:
        self.report = RocminfoReport()
        self.agent: RocminfoAgent | None = None
        self.name_indent: int | None = None  # indentation of the current agent's Name line
        self.section = "top"  # top | system | agent | cache | pool | isa
        self.pool: RocminfoPool | None = None
        self.seen_header = False
        self.seen_agents_header = False
        self.seen_banner = False
        self.done = False
        self.stopped = False  # a second run was pasted after the first
        self.wsl_line = False
        self.kfd_fail: tuple[str, str] | None = None  # (line, strerror text)
        self.rock_missing: str | None = None
        self.hsa_location: str | None = None
        self.hsa_fail_line: str | None = None
        self.hsa_call_line: str | None = None
        self.hsa_status: str | None = None
        self.crash: str | None = None
        self.pools_without_header: set[int] = set()

    # one line ---------------------------------------------------------------------------

    def feed(self, line: str) -> None:
        s = line.strip()
        if not s or self.stopped:
            return
        if s.startswith("*** Done"):
            self._end_agent()
            self.done = True
            self.section = "top"
            return
        if self._status_line(s):
            return
        if self.done and s != "HSA System Attributes":
            return  # text after the dump (prose, other commands) is not agent data
        if s == "HSA System Attributes":
            if self.seen_header and (self.agents_started or self.done):
                self.report.warnings.append(translate(
                    "rocmdesk.formats.rocminfo", "the text holds more than one rocminfo run; only the first was read"
                ))
                self.stopped = True
                return
            self.seen_header = True
            self.section = "system"
            return
        if s == "HSA Agents":
            self.seen_agents_header = True
            self._end_agent()
            self.section = "top"
            return
        m = _AGENT_BANNER_RE.match(line)
        if m:
            self.seen_banner = True
            self._start_agent(int(m.group(1)))
            return
        if _RULE_RE.match(line):
            return
        m = _SUB_BANNER_RE.match(line)
        if m:
            if self.agent is None and m.group(1) == "ISA" and not self.done:
                # a fragment that begins inside an agent's ISA list (the rest cut off above): its ISA still
                # names the agent's target, so the agent is kept, with nothing else known of it
                self._start_agent(None)
            if self.agent is not None:
                if m.group(1) == "Pool":
                    if self.section != "pool":
                        self.pools_without_header.add(id(self.agent))
                    self.section = "pool"
                    self.pool = RocminfoPool()
                    self.agent.pools.append(self.pool)
                else:
                    self.section = "isa"
            return
        m = _KV_RE.match(line) if len(line) <= _MAX_KV_LINE else None
        if m:
            self._key_value(len(m.group(1)), m.group(2).strip(), m.group(3))

    @property
    def agents_started(self) -> bool:
        return bool(self.report.agents) or self.agent is not None

    def _call_returned(self, s: str) -> bool:
        m = _CALL_RETURNED_RE.search(s)
        if not m:
            return False
        if self.hsa_status is None:
            self.hsa_status = _hsa_status(m.group(1)) or m.group(1)[:80] or None
            self.hsa_call_line = s
        return True

    def _status_line(self, s: str) -> bool:
        """Lines rocminfo prints before the dump or when it fails.  True when consumed."""
        r = self.report
        m = _ROCK_RE.search(s)
        if m:
            if m.group(2):  # NOT loaded / NOT live
                r.rock_loaded = False
                self.rock_missing = self.rock_missing or s
            else:
                r.rock_loaded = True
                r.rock_version = m.group(1) or r.rock_version
            return True
        m = _KFD_OPEN_FAIL_RE.search(s)
        if m:
            self.kfd_fail = self.kfd_fail or (s, m.group(1))
            return True
        if _KFD_OPEN_OK_RE.search(s):
            return True
        if _WSL_RE.search(s):
            self.wsl_line = True
            return True
        m = _HSA_FAIL_RE.search(s)
        if m:
            if m.group("loc"):
                self.hsa_location = m.group("loc")
            else:
                self.hsa_location = f"{m.group('file')}:{m.group('line')}"
            self.hsa_fail_line = self.hsa_fail_line or s
            self._call_returned(s)  # ROCm 2.x printed both on one line
            return True
        if (self.hsa_location is not None or "HSA_STATUS" in s) and self._call_returned(s):
            return True
        m = _GROUP_RE.match(s)
        if m and self.agent is None:
            r.user = m.group(1).split()[-1] if m.group(1).split() else None
            r.in_kfd_group = m.group(2) is None
            r.kfd_group = m.group(3)
            return True
        if s.startswith("Failed to get user name") or s.startswith("Failed to get group info") \
                or s.startswith("Failed to find pwd entry") or s.startswith("Failed to get user group"):
            r.warnings.append(translate(
                "rocmdesk.formats.rocminfo", "rocminfo could not check group membership: {line}").format(line=s))
            return True
        if _CRASH_RE.search(s) and not _is_agent_label(s):
            self.crash = self.crash or s
            return True
        return False

    # agents --------------------------------------------------------------------------------

    def _start_agent(self, number: int | None) -> None:
        self._end_agent()
        self.agent = RocminfoAgent(number=number)
        self.name_indent = None
        self.section = "agent"
        self.pool = None

    def _end_agent(self) -> None:
        if self.agent is not None:
            self.report.agents.append(self.agent)
        self.agent = None
        self.pool = None

    def _key_value(self, indent: int, key: str, value: str) -> None:
        value = value.strip()
        if self.agent is None and key in _SYSTEM_KEYS:
            self.report.system.setdefault(key, value)
            if key == "Runtime Version":
                self.report.runtime_version = self.report.runtime_version or value or None
            elif key == "Runtime Ext Version":
                self.report.runtime_ext_version = self.report.runtime_ext_version or value or None
            return
        if key == "Name":
            self._name(indent, value)
            return
        if self.agent is None:
            if key in _AGENT_KEYS:  # a paste that starts mid-agent, or rocminfo -c/-g
                self._start_agent(None)
            else:
                return
        a = self.agent
        assert a is not None
        if key == "Cache Info":
            self.section = "cache"
            return
        if key == "Pool Info":
            self.section = "pool"
            return
        if key == "ISA Info":
            self.section = "isa"
            return
        if self.section == "cache" and re.fullmatch(r"L\d", key):
            size = _to_int(value)
            if size is not None:
                a.cache_kb.setdefault(key, size)
            return
        if key in _POOL_KEYS:
            self._pool_value(key, value)
            return
        if key not in _AGENT_KEYS:
            return
        self.section = "agent"
        a.fields.setdefault(key, value)
        if key in a.fields and a.fields[key] != value:
            return  # first value wins
        if key == "Uuid":
            a.uuid = _clean_str(value)
        elif key == "Marketing Name":
            a.marketing_name = _clean_str(value)
        elif key == "Vendor Name":
            a.vendor_name = _clean_str(value)
        elif key == "Device Type":
            a.device_type = (_clean_str(value) or "").split(" ")[0].upper() or None
        elif key == "Node":
            a.node = _to_int(value)
        elif key == "Chip ID":
            a.chip_id = _to_int(value)
        elif key == "ASIC Revision":
            a.asic_revision = _to_int(value)
        elif key == "BDFID":
            a.bdfid = _to_int(value)
        elif key == "Compute Unit":
            a.compute_units = _to_int(value)
        elif key == "Max Clock Freq. (MHz)":
            a.max_clock_mhz = _to_int(value)
        elif key == "Memory Properties":
            a.apu = "APU" in value.upper().split()

    def _name(self, indent: int, value: str) -> None:
        value_clean = _clean_str(value)
        a = self.agent
        looks_isa = bool(value_clean) and value_clean.startswith(("amdgcn-", "AMD:AMDGPU:"))
        deeper = self.name_indent is not None and indent > self.name_indent
        if a is not None and (looks_isa or (self.section == "isa" and deeper)):
            if value_clean:
                a.isa.append(value_clean)
            return
        if a is None or "Name" in a.fields:
            # a new agent without its "Agent N" banner (rocminfo -g, or a line lost in a paste)
            self._start_agent(None)
            a = self.agent
        assert a is not None
        a.fields["Name"] = value
        a.name = value_clean
        self.name_indent = indent
        self.section = "agent"

    def _pool_value(self, key: str, value: str) -> None:
        a = self.agent
        assert a is not None
        if key == "Segment":
            if self.pool is None or self.pool.segment is not None:
                self.pool = RocminfoPool()
                a.pools.append(self.pool)
                if self.section != "pool":
                    self.pools_without_header.add(id(a))
            self.section = "pool"
            seg, _, rest = value.partition(";")
            self.pool.segment = seg.strip().upper() or None
            flags = rest.partition("FLAGS:")[2] if "FLAGS:" in rest else ""
            self.pool.flags = [f.strip().upper() for f in flags.split(",") if f.strip()]
            return
        if self.pool is None:
            return
        if key == "Size" and self.pool.size_kb is None:
            self.pool.size_kb = _to_int(value)

    # the end -------------------------------------------------------------------------------

    def finish(self) -> RocminfoReport:
        self._end_agent()
        r = self.report
        for a in r.agents:
            self._finish_agent(a)
        r.error = self._error()
        started = self.seen_agents_header or self.seen_banner or self.seen_header or bool(r.rock_loaded)
        r.truncated = started and not self.done and r.error is None and not self.stopped
        if r.truncated:
            r.warnings.append(translate(
                "rocmdesk.formats.rocminfo", "the output stops before '*** Done ***': the paste may be cut off"))
        if self.seen_header is False and r.agents and not self.seen_agents_header:
            r.warnings.append(translate(
                "rocmdesk.formats.rocminfo",
                "no 'HSA System Attributes' header: the text starts inside the agent list"))
        if r.error is not None and r.error.kind != "crash" and r.agents:
            r.warnings.append(translate(
                "rocmdesk.formats.rocminfo",
                "the output holds both an error ({kind}) and agents; it may be two runs pasted together",
            ).format(kind=r.error.kind))
        r.wsl = self._wsl()
        return r

    def _finish_agent(self, a: RocminfoAgent) -> None:
        r = self.report
        label = translate("rocmdesk.formats.rocminfo", "agent {agent}").format(
            agent=a.number if a.number is not None else a.name or "?")
        a.pools_kb = [p.size_kb for p in a.pools if p.size_kb is not None]
        if a.bdfid is not None and a.device_type != "CPU":
            a.pci_slot = _pci_slot(a.bdfid)
        name_gfx = _gfx_from(a.name) if a.name and a.name.lower().startswith("gfx") else None
        isa_gfx = next((g for g in (_gfx_from(i) for i in a.isa) if g), None)
        a.gfx_reported = name_gfx or isa_gfx
        if a.device_type is None and a.gfx_reported:
            # a fragment without "Device Type" (grep -i name, the issue template's GPU block): an agent named by a
            # gfx target or carrying an amdgcn ISA is a GPU (CPUs are named by their model, AIE/DSP agents not gfx)
            a.device_type = "GPU"
        if name_gfx and isa_gfx and name_gfx != isa_gfx:
            r.warnings.append(translate(
                "rocmdesk.formats.rocminfo", "{agent}: Name says {name_gfx} but its ISA says {isa_gfx}",
            ).format(agent=label, name_gfx=name_gfx, isa_gfx=isa_gfx))
        if a.device_type == "GPU":
            coarse = [p for p in a.pools if p.segment == "GLOBAL" and "COARSE GRAINED" in p.flags]
            glob = coarse or [p for p in a.pools if p.segment == "GLOBAL"]
            a.vram_kb = next((p.size_kb for p in glob if p.size_kb is not None), None)
            if a.marketing_name is None and "Marketing Name" in a.fields and a.chip_id_hex:
                r.warnings.append(translate(
                    "rocmdesk.formats.rocminfo",
                    "{agent}: Marketing Name is empty; name the card from its Chip ID (0x{chip_id})",
                ).format(agent=label, chip_id=a.chip_id_hex))
            elif a.marketing_name is None and "Marketing Name" in a.fields:
                r.warnings.append(translate(
                    "rocmdesk.formats.rocminfo", "{agent}: Marketing Name is empty; name the card from its Chip ID",
                ).format(agent=label))
        if id(a) in self.pools_without_header and a.pools:
            r.warnings.append(translate(
                "rocmdesk.formats.rocminfo", "{agent}: memory pools appear without a 'Pool Info:' line",
            ).format(agent=label))

    def _error(self) -> RocminfoError | None:
        if self.kfd_fail is not None:
            line, reason = self.kfd_fail
            name = _errno_name(reason)
            return RocminfoError(
                kind=_ERRNO_KIND.get(name or "", "kfd-error"),
                message=line,
                errno=name,
                hsa_status=self.hsa_status,
                location=self.hsa_location,
            )
        if self.rock_missing is not None:
            return RocminfoError(kind="kfd-missing", message=self.rock_missing)
        if self.hsa_status is not None or self.hsa_location is not None:
            status = self.hsa_status
            kind = "out-of-resources" if status == "HSA_STATUS_ERROR_OUT_OF_RESOURCES" else "hsa-error"
            return RocminfoError(
                kind=kind,
                message=self.hsa_call_line or self.hsa_fail_line or "hsa api call failure",
                hsa_status=status,
                location=self.hsa_location,
            )
        if self.crash is not None:
            return RocminfoError(kind="crash", message=self.crash)
        return None

    def _wsl(self) -> bool | None:
        r = self.report
        if self.wsl_line:
            return True
        if r.rock_loaded is not None:
            return False  # rocminfo checks the kernel module only outside WSL
        if any(a.bdfid is not None for a in r.agents):
            return False  # BDFID lines are left out under WSL
        if self.seen_header and r.gpus and any(a.compute_units is not None for a in r.agents):
            r.warnings.append(translate(
                "rocmdesk.formats.rocminfo", "no 'ROCk module' line and no BDFID lines: read as a WSL dump"))
            return True
        return None


def _is_agent_label(s: str) -> bool:
    m = _KV_RE.match(s) if len(s) <= _MAX_KV_LINE else None
    return bool(m) and m.group(2).strip() in _AGENT_KEYS | _SYSTEM_KEYS | _POOL_KEYS


def parse_rocminfo(text: str) -> RocminfoReport:
    """Read rocminfo output.  Raises FormatError when the text is not rocminfo output at all."""
    if not isinstance(text, str):
        raise FormatError("rocminfo output must be text; decode bytes with rocmdesk.formats.decode_input")
    reason = binary_reason(text)
    if reason:
        raise FormatError(reason)
    if not text.strip():
        raise FormatError(translate("rocmdesk.formats.rocminfo", "the input is empty: expected rocminfo output"))
    if sniff_score(text) < 2:
        raise FormatError(translate(
            "rocmdesk.formats.rocminfo",
            "this is not rocminfo output: no 'HSA System Attributes', agent list or rocminfo error line found",
        ))
    lines, stats = clean_lines(text)
    parser = _Parser()
    for line in lines:
        parser.feed(line)
    report = parser.finish()
    if stats.tmux:
        report.warnings.append(translate(
            "rocmdesk.formats.rocminfo", "removed tmux copy-mode markers from {count} line(s)",
        ).format(count=stats.tmux))
    if stats.html:
        report.warnings.append(translate(
            "rocmdesk.formats.rocminfo", "removed HTML tags from {count} line(s)").format(count=stats.html))
    if not report.agents and report.error is None and not report.system and report.rock_loaded is None:
        raise FormatError(translate(
            "rocmdesk.formats.rocminfo", "this looks like rocminfo output but holds neither agents nor an error"))
    return report
