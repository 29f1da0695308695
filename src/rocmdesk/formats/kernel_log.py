"""Parser for kernel log lines: ``dmesg`` (with or without ``[  12.345678]``, ``-T``, ``-x``),
``journalctl -k`` (``Dec 02 10:00:00 host kernel: ...``, ``-o short-iso``, ``-o short-monotonic``),
syslog files, and bare lines copied without any prefix.

It keeps a few facts about the log and the amdgpu / KFD / IOMMU events in it, not every line,
so a boot's worth of journal stays cheap.

Records (``to_json()`` gives plain dicts):

``KernelLog``
    ``events``: :class:`KernelEvent` list in input order (at most ``MAX_EVENTS``; ``events_dropped``
    counts the rest); ``line_count``: lines read; ``kernel_lines``: lines that carried a kernel-log
    prefix; ``style``: "dmesg" | "dmesg-ctime" | "journal" | "journal-iso" | "bare" (the first prefix
    seen); ``first_timestamp``/``last_timestamp``: seconds since boot (dmesg style) or None;
    ``kernel_release`` ("6.8.0-45-generic", from "Linux version ..."); ``cmdline`` (from
    "Command line: ..."); ``amdgpu_version`` (from "[drm] Initialized amdgpu 3.57.0"); ``truncated``:
    the input was longer than ``MAX_CHARS`` and only its end (the newest lines) was read;
    ``warnings``; ``kinds`` (property, also in JSON): the distinct event kinds in order.

``KernelEvent``
    ``kind``: a stable id, one of :data:`EVENT_KINDS`; ``severity``: "error" | "warning" | "info";
    ``line_no`` (1-based, in the text given); ``line`` (the line as it appeared, cleaned of terminal
    escapes); ``message`` (the line without its log prefix); ``timestamp`` (float seconds since boot or
    None); ``wallclock`` (the journal's or ``dmesg -T``'s time text or None); ``host`` (journal host
    name or None); ``device`` (PCI slot "0000:03:00.0" the line names, or None); ``details``: kind-
    specific strings, e.g. ``ring`` for ring-timeout, ``hub``/``process``/``pid`` for page-fault,
    ``phase`` ("begin" | "succeeded" | "failed") for gpu-reset, ``firmware``/``error`` for
    firmware-load-failed, ``error`` for probe-failed, ``device_id`` for kfd-unsupported/pcie-atomics,
    ``mode`` for iommu-info.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from typing import Any

from rocmdesk.formats.errors import FormatError
from rocmdesk.formats.text import AnyWord, binary_reason, clean_lines, sniff_sample
from rocmdesk.i18n import translate

FORMAT_NAME = "kernel-log"
LABEL = "kernel log (dmesg or journalctl -k)"

__all__ = ["EVENT_KINDS", "FORMAT_NAME", "LABEL", "KernelEvent", "KernelLog", "parse_kernel_log", "sniff_score"]

MAX_CHARS = 2 * 1024 * 1024  # read the newest 2 MiB of a longer log: events of interest are recent
MAX_EVENTS = 2000
_SNIFF_LIMIT = 262144
_MAX_LINE = 4096

# --- prefixes -----------------------------------------------------------------------------

_MONO = r"\[\s*(?P<ts>\d{1,10}\.\d{1,9})\]"
_CTIME = r"\[(?P<ctime>(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) [A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d \d{4})\]"
_JOURNAL = (
    r"(?P<jtime>[A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d(?:\.\d{1,6})?)\s+(?P<host>[\w.-]{1,64})\s+kernel:"
)
_JOURNAL_ISO = (
    r"(?P<itime>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:[.,]\d{1,9})?(?:Z|[+-]\d\d:?\d\d)?)\s+(?P<ihost>[\w.-]{1,64})\s+kernel:"
)
_JOURNAL_MONO = r"\[\s*(?P<mts>\d{1,10}\.\d{1,9})\]\s+(?P<mhost>[\w.-]{1,64})\s+kernel:"
_FACILITY = r"(?:[a-z]{2,8}\s*:[a-z]{2,7}\s*:\s*)"  # dmesg -x: "kern  :err   : "
_PREFIX_RE = re.compile(
    rf"^\s*(?:{_JOURNAL_MONO}|{_JOURNAL}|{_JOURNAL_ISO}|{_FACILITY}?(?:{_MONO}|{_CTIME}))\s?"
)
_INNER_MONO_RE = re.compile(r"\s*\[\s*(\d{1,10}\.\d{1,9})\]\s?")
_SLOT_RE = re.compile(r"\b((?:[0-9a-f]{4}:)?[0-9a-f]{2}:[0-1][0-9a-f]\.[0-7])\b")

# --- events -------------------------------------------------------------------------------

EVENT_KINDS = (
    "ring-timeout",  # "ring gfx timeout", "ring sdma0 timeout"
    "mes-timeout",  # "MES failed to respond to msg=..." (RDNA3 hangs)
    "page-fault",  # "[gfxhub] page fault", "VM_L2_PROTECTION_FAULT_STATUS"
    "gpu-reset",  # "GPU reset begin!", "GPU reset(1) succeeded!", "GPU recovery"
    "gpu-lost",  # "GPU fell off the bus", "device lost from bus"
    "gpu-removed",  # "... physically removed" (the card vanished: e.g. Windows fast start-up)
    "firmware-load-failed",  # "Direct firmware load for amdgpu/x.bin failed", "failed to load firmware"
    "probe-failed",  # "amdgpu: probe of 0000:03:00.0 failed with error -22", "Fatal error during GPU init"
    "kfd-unsupported",  # "kfd kfd: DID 7340 is missing in supported_devices", "... not supported in kfd"
    "pcie-atomics",  # "kfd kfd: amdgpu: skipped device 1002:73ff, PCI rejects atomics"
    "iommu-fault",  # "AMD-Vi: Event logged [IO_PAGE_FAULT ...]", "DMAR: [DMA Read] Request device ... fault"
    "iommu-info",  # "iommu: Default domain type: Passthrough", "AMD-Vi: ... enabled"
    "amdgpu-error",  # another amdgpu/drm "*ERROR*" line
    "amdgpu-initialized",  # "[drm] Initialized amdgpu 3.57.0 ..."
    "kfd-device-added",  # "kfd kfd: amdgpu: added device 1002:744c"
)


@dataclass(frozen=True)
class _Rule:
    kind: str
    severity: str
    pattern: re.Pattern[str]


_RULES: tuple[_Rule, ...] = (
    _Rule("gpu-removed", "error", re.compile(r"physically removed", re.IGNORECASE)),
    _Rule("gpu-lost", "error", re.compile(r"fell off the bus|device lost(?: from bus)?\b|GPU is lost|GPU lost\b", re.IGNORECASE)),
    _Rule("ring-timeout", "error", re.compile(r"\bring (?P<ring>[\w.]{1,32}) timeout", re.IGNORECASE)),
    _Rule("mes-timeout", "error", re.compile(r"MES failed to respon[sd]|MES ring buffer is full", re.IGNORECASE)),
    _Rule("page-fault", "error", re.compile(
        r"\[(?P<hub>(?:gfx|mm|vm)hub\d?)\] (?:retry |no-retry )?page fault|[A-Z]*VM_L2_PROTECTION_FAULT", re.IGNORECASE)),
    _Rule("gpu-reset", "warning", re.compile(
        r"GPU reset|gpu_recover|GPU recovery|\bring reset\b|(?:MODE[012]|BACO|PCI(?:e)? FLR) reset", re.IGNORECASE)),
    _Rule("firmware-load-failed", "error", re.compile(
        r"Direct firmware load for (?P<fw>\S+) failed(?: with error (?P<err>-?\d+))?"
        r"|(?:failed|fail) to (?:load|init(?:ialize)?) (?:\w+ )?(?:firmware|microcode)"
        r"|firmware (?:load(?:ing)?|init(?:ialization)?) failed|(?:psp|smu) firmware loading failed", re.IGNORECASE)),
    _Rule("probe-failed", "error", re.compile(
        r"probe of (?P<slot>\S+) failed(?: with error (?P<err>-?\d+))?|Fatal error during GPU init"
        r"|amdgpu_device_ip_init failed|kgd2kfd_probe failed", re.IGNORECASE)),
    _Rule("pcie-atomics", "error", re.compile(
        r"skipped device (?P<vendor>[0-9a-f]{4}):(?P<did>[0-9a-f]{4}), PCI rejects atomics", re.IGNORECASE)),
    _Rule("kfd-unsupported", "error", re.compile(
        r"DID (?P<did>[0-9a-f]{4}) is missing in supported_devices|not supported in kfd"
        r"|kfd.{0,80}\bdevice\b.{0,80}not supported|kfd.{0,40}not supported", re.IGNORECASE)),
    _Rule("iommu-fault", "error", re.compile(
        r"IO_PAGE_FAULT|DMAR: \[DMA (?:Read|Write)|DMAR: DRHD: handling fault|iommu.{0,40}\bfault", re.IGNORECASE)),
    _Rule("iommu-info", "info", re.compile(
        r"iommu: Default domain type: (?P<mode>\w+)|AMD-Vi:|DMAR: IOMMU enabled|\biommu[=:]"
        r"|\bIOMMU\b.{0,60}(?:enabled|disabled|not found|passthrough)", re.IGNORECASE)),
    _Rule("amdgpu-initialized", "info", re.compile(r"\[drm\] Initialized amdgpu (?P<version>\d+\.\d+\.\d+)")),
    _Rule("kfd-device-added", "info", re.compile(r"kfd.{0,40}added device (?P<vendor>[0-9a-f]{4}):(?P<did>[0-9a-f]{4})", re.IGNORECASE)),
    _Rule("amdgpu-error", "error", re.compile(
        r"(?:amdgpu|\bdrm|\bkfd).{0,200}?(?:\*ERROR\*|\berror\b|\bfailed\b)", re.IGNORECASE)),
)
# A cheap test before the rules: lines without any of these words hold no event.
_CANDIDATE = AnyWord("amdgpu", "kfd", "drm", "gpu", "ring", "hub", "fault", "firmware", "probe", "iommu", "AMD-Vi",
                     "DMAR", "removed", "bus")
_VERSION_RE = re.compile(r"Linux version (\S+)")
_CMDLINE_RE = re.compile(r"(?:Kernel )?[Cc]ommand line: (.*)$")
_PHASE_RE = re.compile(r"\b(begin|succeeded|success|failed|fail)\b", re.IGNORECASE)
_PROC_RE = re.compile(r"(?:for )?process (?P<proc>\S+) pid (?P<pid>\d+)")


@dataclass
class KernelEvent:
    kind: str
    severity: str
    line_no: int
    line: str
    message: str
    timestamp: float | None = None
    wallclock: str | None = None
    host: str | None = None
    device: str | None = None
    details: dict[str, str] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


# "[drm] initializing kernel modesetting (POLARIS10 0x1002:0x67DF 0x1DA2:0xE366 0xE7)": amdgpu names each GPU it
# takes, with its chip (or "IP DISCOVERY" on newer ones), PCI ids and revision
_MODESET_RE = re.compile(
    r"initializing kernel modesetting \((?P<chip>[A-Z0-9_ ]{1,40}) 0x1002:0x(?P<did>[0-9A-Fa-f]{4}) "
    r"0x(?P<sv>[0-9A-Fa-f]{4}):0x(?P<sd>[0-9A-Fa-f]{4}) 0x(?P<rev>[0-9A-Fa-f]{2})\)")


@dataclass
class KernelGpu:
    """A GPU amdgpu initialized, as its "initializing kernel modesetting" line names it."""

    device_id: str
    revision: str
    subsystem_vendor: str
    subsystem_device: str
    chip: str | None  # "POLARIS10"; None for "IP DISCOVERY"
    line_no: int
    pci_slot: str | None = None  # from the next amdgpu line that names a slot
    timestamp: float | None = None


@dataclass
class KernelLog:
    events: list[KernelEvent] = field(default_factory=list)
    gpus: list[KernelGpu] = field(default_factory=list)  # of the last boot in the log
    line_count: int = 0
    kernel_lines: int = 0
    style: str | None = None
    first_timestamp: float | None = None
    last_timestamp: float | None = None
    kernel_release: str | None = None
    cmdline: str | None = None
    amdgpu_version: str | None = None
    events_dropped: int = 0
    truncated: bool = False
    warnings: list[str] = field(default_factory=list)

    @property
    def kinds(self) -> list[str]:
        return list(dict.fromkeys(e.kind for e in self.events))

    def of_kind(self, kind: str) -> list[KernelEvent]:
        return [e for e in self.events if e.kind == kind]

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["kinds"] = self.kinds
        return data


# --- one line -----------------------------------------------------------------------------


@dataclass
class _Prefix:
    message: str
    style: str | None = None
    timestamp: float | None = None
    wallclock: str | None = None
    host: str | None = None


def _strip_prefix(line: str) -> _Prefix:
    m = _PREFIX_RE.match(line)
    if not m:
        return _Prefix(message=line.strip())
    g = m.groupdict()
    ts = g.get("ts") or g.get("mts")
    if g.get("jtime"):
        style, wall, host = "journal", g["jtime"], g["host"]
    elif g.get("itime"):
        style, wall, host = "journal-iso", g["itime"], g["ihost"]
    elif g.get("mhost"):
        style, wall, host = "journal", None, g["mhost"]
    elif g.get("ctime"):
        style, wall, host = "dmesg-ctime", g["ctime"], None
    else:
        style, wall, host = "dmesg", None, None
    # a journal or syslog line may carry dmesg's own stamp after "kernel:" (second group of _MONO)
    rest = line[m.end():]
    inner = _INNER_MONO_RE.match(rest)
    if inner:
        ts = ts or inner.group(1)
        rest = rest[inner.end():]
    return _Prefix(
        message=rest.strip(),
        style=style,
        timestamp=float(ts) if ts else None,
        wallclock=wall,
        host=host,
    )


def _details(rule: _Rule, m: re.Match[str], message: str) -> dict[str, str]:
    d: dict[str, str] = {}
    groups = {k: v for k, v in m.groupdict().items() if v}
    if rule.kind == "ring-timeout":
        d["ring"] = groups.get("ring", "")
    elif rule.kind == "page-fault":
        if "hub" in groups:
            d["hub"] = groups["hub"].lower()
        p = _PROC_RE.search(message)
        if p:
            d["process"], d["pid"] = p.group("proc"), p.group("pid")
    elif rule.kind == "gpu-reset":
        ph = _PHASE_RE.search(message)
        if ph:
            word = ph.group(1).lower()
            d["phase"] = {"success": "succeeded", "fail": "failed"}.get(word, word)
    elif rule.kind == "firmware-load-failed":
        if "fw" in groups:
            d["firmware"] = groups["fw"]
        if "err" in groups:
            d["error"] = groups["err"]
    elif rule.kind == "probe-failed":
        if "err" in groups:
            d["error"] = groups["err"]
    elif rule.kind in ("kfd-unsupported", "pcie-atomics", "kfd-device-added"):
        if "did" in groups:
            d["device_id"] = groups["did"].lower()
    elif rule.kind == "iommu-info":
        if "mode" in groups:
            d["mode"] = groups["mode"].lower()
        elif re.search(r"iommu=pt|passthrough", message, re.IGNORECASE):
            d["mode"] = "passthrough"
    elif rule.kind == "amdgpu-initialized":
        d["version"] = groups.get("version", "")
    return {k: v for k, v in d.items() if v}


def _classify(message: str) -> tuple[_Rule, re.Match[str]] | None:
    if not _CANDIDATE(message):
        return None
    for rule in _RULES:
        m = rule.pattern.search(message)
        if m:
            return rule, m
    return None


# --- sniffing -----------------------------------------------------------------------------


def sniff_score(text: str) -> int:
    """0 = not a kernel log; 3 or more = most lines carry a kernel-log prefix or are amdgpu events."""
    sample = sniff_sample(text, _SNIFF_LIMIT)
    lines = [ln for ln in sample.splitlines()[:4000] if ln.strip()]
    if not lines:
        return 0
    prefixed = events = 0
    for line in lines:
        line = line[:_MAX_LINE]
        p = _strip_prefix(line)
        if p.style is not None:
            prefixed += 1
        hit = _classify(p.message)
        if hit and hit[0].kind not in ("amdgpu-error", "iommu-info"):
            events += 1
    score = 0
    if prefixed * 2 >= len(lines):
        score = 3 + (2 if events else 0)
    elif events and (events + prefixed) * 2 >= len(lines):
        score = 3  # bare lines copied out of dmesg without their stamps
    return score


# --- parsing ------------------------------------------------------------------------------


def _modeset(log: KernelLog, msg: str, line_no: int, timestamp: float | None) -> None:
    m = _MODESET_RE.search(msg)
    if m is None:
        return
    last = log.gpus[-1].timestamp if log.gpus else None
    if timestamp is not None and last is not None and timestamp < last:
        log.gpus.clear()  # the clock went back: a new boot (journalctl -k over several), which lists them again
    chip = m.group("chip").strip()
    log.gpus.append(KernelGpu(
        device_id=m.group("did").lower(), revision=m.group("rev").lower(), subsystem_vendor=m.group("sv").lower(),
        subsystem_device=m.group("sd").lower(), chip=None if chip == "IP DISCOVERY" else chip, line_no=line_no,
        timestamp=timestamp))
    slot = _SLOT_RE.search(msg[: m.start()])  # newer kernels: "amdgpu 0000:c3:00.0: initializing kernel ..."
    if slot:
        log.gpus[-1].pci_slot = slot.group(1) if slot.group(1).count(":") == 2 else "0000:" + slot.group(1)


def parse_kernel_log(text: str) -> KernelLog:
    """Read kernel log lines.  Raises FormatError when the text holds neither kernel-log lines nor
    amdgpu / KFD / IOMMU events."""
    if not isinstance(text, str):
        raise FormatError("a kernel log must be text; decode bytes with rocmdesk.formats.decode_input")
    reason = binary_reason(text)
    if reason:
        raise FormatError(reason)
    if not text.strip():
        raise FormatError(translate(
            "rocmdesk.formats.kernel_log",
            "the input is empty: expected kernel log lines (dmesg or journalctl -k)",
        ))
    log = KernelLog()
    if len(text) > MAX_CHARS:
        text = text[-MAX_CHARS:]
        text = text[text.find("\n") + 1:]  # start at a whole line
        log.truncated = True
        log.warnings.append(translate(
            "rocmdesk.formats.kernel_log",
            "the log is longer than {size} MiB; only its newest part was read",
        ).format(size=MAX_CHARS // 2**20))
    lines, _ = clean_lines(text)
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        log.line_count += 1
        if len(line) > _MAX_LINE:
            line = line[:_MAX_LINE]
        p = _strip_prefix(line)
        if p.style is not None:
            log.kernel_lines += 1
            log.style = log.style or p.style
        if p.timestamp is not None:
            if log.first_timestamp is None:
                log.first_timestamp = p.timestamp
            log.last_timestamp = p.timestamp
        msg = p.message
        if "modesetting (" in msg:
            _modeset(log, msg, n, p.timestamp)
        elif log.gpus and log.gpus[-1].pci_slot is None and msg.startswith("amdgpu "):
            slot = _SLOT_RE.search(msg[:40])
            if slot:
                log.gpus[-1].pci_slot = slot.group(1) if slot.group(1).count(":") == 2 else "0000:" + slot.group(1)
        if log.kernel_release is None and "Linux version" in msg:
            v = _VERSION_RE.search(msg)
            log.kernel_release = v.group(1) if v else None
        if log.cmdline is None and "ommand line:" in msg:
            c = _CMDLINE_RE.search(msg)
            log.cmdline = c.group(1).strip() if c else None
        hit = _classify(msg)
        if hit is None:
            continue
        rule, m = hit
        if len(log.events) >= MAX_EVENTS:
            log.events_dropped += 1
            continue
        details = _details(rule, m, msg)
        if rule.kind == "amdgpu-initialized" and "version" in details:
            log.amdgpu_version = log.amdgpu_version or details["version"]
        slot = _SLOT_RE.search(msg)
        device = slot.group(1) if slot else None
        if device and device.count(":") == 1:
            device = "0000:" + device
        log.events.append(KernelEvent(
            kind=rule.kind, severity=rule.severity, line_no=n, line=line.strip(), message=msg,
            timestamp=p.timestamp, wallclock=p.wallclock, host=p.host, device=device, details=details,
        ))
    if log.kernel_lines == 0:
        log.style = "bare"
        if not log.events:
            raise FormatError(translate(
                "rocmdesk.formats.kernel_log",
                "this is not a kernel log: no dmesg or journal lines and no amdgpu, KFD or IOMMU messages found",
            ))
    if log.events_dropped:
        log.warnings.append(translate(
            "rocmdesk.formats.kernel_log", "{count} more event(s) past the first {limit} were not kept",
        ).format(count=log.events_dropped, limit=MAX_EVENTS))
    return log
