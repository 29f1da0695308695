"""Parser for Python tracebacks and the ROCm / PyTorch error messages that come with them.

Reads a whole traceback (``Traceback (most recent call last):``, frames, the exception line and
its continuation lines), chained ones ("During handling of the above exception ..." and "The
above exception was the direct cause ..."), tracebacks whose every line carries a prefix
(``[rank0]: `` from torch.distributed, a log prefix), IPython's ``File path:12, in f`` frames,
and fragments: only the last line, or only an error message such as
``hipErrorNoBinaryForGpu: Unable to find code object for all current devices!``.

Records (``to_json()`` gives plain dicts):

``TracebackReport``
    ``exceptions``: :class:`PyException` list in the order printed, so the last is the one that
    ended the program and, in a chain, the first is the root; ``exception`` (property): the last or
    None; ``signals``: :class:`ErrorSignal` list, the known ROCm/PyTorch error strings found
    anywhere in the text (in order, one per kind and line); ``kinds`` (property, also in JSON):
    the distinct signal kinds in order; ``python_warnings``: :class:`PyWarning` list
    (``file.py:12: UserWarning: ...`` lines); ``has_header``: a "Traceback (most recent call
    last):" line was seen; ``truncated``: the input was longer than ``MAX_CHARS`` and only its end
    was read; ``warnings``: notes on the input.

``PyException``
    ``type`` ("RuntimeError", "torch.OutOfMemoryError"), ``message`` (the text after "Type: " on
    the exception line, "" when none), ``detail`` (the continuation lines under it, joined by
    newlines, at most ``MAX_DETAIL`` characters), ``frames`` (:class:`Frame` list, outermost
    first; empty for a fragment), ``chain``: how it follows the exception before it: "cause"
    (``raise ... from``), "context" (raised while handling) or None; ``line_no`` (1-based line of
    the exception line).

``Frame``
    ``file``, ``line`` (int|None), ``function`` (str|None), ``code`` (the source line shown|None).

``ErrorSignal``
    ``kind``: a stable id, one of :data:`SIGNAL_KINDS`; ``line_no``; ``text`` (the line, stripped);
    ``details``: for "out-of-memory": ``tried_bytes``, ``device`` (GPU index), ``total_bytes``,
    ``free_bytes``, ``allocated_bytes`` (by PyTorch), ``reserved_bytes`` (reserved in total, older
    torch), ``reserved_unallocated_bytes`` (newer torch), ``alloc_conf_hint`` (the variable torch
    suggests, e.g. "PYTORCH_HIP_ALLOC_CONF=expandable_segments:True"); for "missing-shared-library":
    ``library``; for "tensile-library-missing" and "invalid-isa": ``gfx`` when printed; for
    "hip-error": ``error``.

``PyWarning``
    ``category`` ("UserWarning"), ``message``, ``file``, ``line``, ``line_no``.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from typing import Any

from rocmdesk.formats.errors import FormatError
from rocmdesk.formats.text import AnyWord, binary_reason, clean_lines
from rocmdesk.i18n import translate

FORMAT_NAME = "traceback"
LABEL = "a Python traceback or error message"

__all__ = [
    "FORMAT_NAME",
    "LABEL",
    "SIGNAL_KINDS",
    "ErrorSignal",
    "Frame",
    "PyException",
    "PyWarning",
    "TracebackReport",
    "find_signals",
    "parse_traceback",
    "sniff_score",
]

MAX_CHARS = 1024 * 1024  # a longer paste is read from its end: the exception that ended it is last
MAX_DETAIL = 4000
MAX_DETAIL_LINES = 60
MAX_SIGNALS = 500
_SNIFF_SPAN = 131072  # characters from each end of the text
_MAX_LINE = 4096

_HEADER = "Traceback (most recent call last):"
_CONTEXT_MARK = "During handling of the above exception, another exception occurred:"
_CAUSE_MARK = "The above exception was the direct cause of the following exception:"

_EXC_RE = re.compile(
    r"^(?P<type>(?:[A-Za-z_]\w{0,40}\.){0,6}[A-Za-z_]\w{0,60}"
    r"(?:Error|Exception|Exit|Interrupt|Warning|Iteration|ExceptionGroup))(?::\s?(?P<msg>.*))?$"
)
_FRAME_RE = re.compile(r'^\s*File "(?P<file>[^"]{1,1000})", line (?P<line>\d{1,9})(?:, in (?P<func>.+?))?\s*$')
_IPY_FRAME_RE = re.compile(r"^\s*File (?P<file>/\S{1,1000}?):(?P<line>\d{1,9})(?:, in (?P<func>.+?))?\s*$")
_IPY_CELL_RE = re.compile(r"^\s*(?P<file>Cell In\s?\[\d{1,6}\]), line (?P<line>\d{1,9})")
_CARET_RE = re.compile(r"^[\^~\s]+$")  # one class: "\s*[\^~\s]+" backtracks quadratically
_PYWARN_RE = re.compile(r"^(?P<file>\S.{0,1000}?):(?P<line>\d{1,9}): (?P<cat>[A-Za-z_]\w{0,60}Warning): (?P<msg>.*)$")
_RANK_PREFIX_RE = re.compile(r"^\[(?:rank|default)\d{1,6}\]:\s?")

SIGNAL_KINDS = (
    "no-binary-for-gpu",  # hipErrorNoBinaryForGpu: Unable to find code object for all current devices!
    "invalid-device-function",  # HIP error: invalid device function
    "out-of-resources",  # HSA_STATUS_ERROR_OUT_OF_RESOURCES
    "invalid-isa",  # HSA_STATUS_ERROR_INVALID_ISA (an override to an incompatible ISA)
    "out-of-memory",  # HIP/CUDA out of memory, with the numbers
    "shared-object-init-failed",  # HIP error: shared object initialization failed
    "no-hip-gpus",  # RuntimeError: No HIP GPUs are available
    "no-device",  # hipErrorNoDevice / no ROCm-capable device is detected
    "torch-not-compiled-with-cuda",  # AssertionError: Torch not compiled with CUDA enabled (a CPU wheel)
    "no-nvidia-driver",  # Found no NVIDIA driver on your system (a CUDA wheel on an AMD machine)
    "cuda-init-warning",  # UserWarning: CUDA initialization: ... / HIP initialization: ... (is_available() is False)
    "tensile-library-missing",  # rocBLAS error: Cannot read .../TensileLibrary.dat ... for GPU arch : gfx90c
    "memory-access-fault",  # Memory access fault by GPU node-1 ... Reason: Page not present
    "missing-shared-library",  # ImportError: libamdhip64.so.6: cannot open shared object file
    "kfd-permission",  # /dev/kfd ... Permission denied / Operation not permitted
    "collective-error",  # NCCL/RCCL errors and watchdog timeouts (multi-GPU)
    "two-hsa-runtimes",  # OUT_OF_RESOURCES where torch and another framework each start their own HSA runtime
    "crash",  # Segmentation fault, core dumped, Aborted, Fatal Python error
    "hip-error",  # another "HIP error: ..." / hipError* text
)

_SIZE = r"(\d{1,12}(?:\.\d{1,6})?)\s*([KMGT]i?B|B|bytes)"
_UNITS = {"B": 1, "BYTES": 1, "KB": 10**3, "MB": 10**6, "GB": 10**9, "TB": 10**12,
          "KIB": 2**10, "MIB": 2**20, "GIB": 2**30, "TIB": 2**40}
_OOM_PARTS = (
    ("tried_bytes", re.compile(r"Tried to allocate " + _SIZE, re.IGNORECASE)),
    ("device", re.compile(r"\bGPU (\d{1,4})\b")),
    ("total_bytes", re.compile(_SIZE + r" total capacity", re.IGNORECASE)),
    ("total_bytes", re.compile(r"total capacity of " + _SIZE, re.IGNORECASE)),
    ("free_bytes", re.compile(_SIZE + r" free\b", re.IGNORECASE)),
    ("free_bytes", re.compile(r"of which " + _SIZE + r" is free", re.IGNORECASE)),
    ("allocated_bytes", re.compile(_SIZE + r" already allocated", re.IGNORECASE)),
    ("allocated_bytes", re.compile(_SIZE + r" is allocated by PyTorch", re.IGNORECASE)),
    ("reserved_bytes", re.compile(_SIZE + r" reserved in total by PyTorch", re.IGNORECASE)),
    ("reserved_unallocated_bytes", re.compile(_SIZE + r" is reserved by PyTorch but unallocated", re.IGNORECASE)),
    ("alloc_conf_hint", re.compile(r"(PYTORCH_(?:HIP|CUDA)?_?ALLOC_CONF=\S+?)(?=[\s.,;)]*(?:\s|$))")),
)

_SIGNAL_RES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("no-binary-for-gpu", re.compile(r"hipErrorNoBinaryForGpu|Unable to find code object for all current devices")),
    ("invalid-device-function", re.compile(r"(?:HIP|ROCm|CUDA|hip) error: invalid device function|hipErrorInvalidDeviceFunction")),
    ("out-of-resources", re.compile(r"HSA_STATUS_ERROR_OUT_OF_RESOURCES")),
    ("invalid-isa", re.compile(r"HSA_STATUS_ERROR_INVALID_ISA")),
    ("out-of-memory", re.compile(r"(?:CUDA|HIP) out of memory|hipErrorOutOfMemory|\bOutOfMemoryError\b")),
    ("shared-object-init-failed", re.compile(r"shared object initialization failed")),
    ("no-hip-gpus", re.compile(r"No HIP GPUs are available")),
    ("no-device", re.compile(r"hipErrorNoDevice|no ROCm-capable device is detected")),
    ("torch-not-compiled-with-cuda", re.compile(r"Torch not compiled with CUDA enabled")),
    ("no-nvidia-driver", re.compile(r"Found no NVIDIA driver on your system|NVIDIA driver on your system is too old")),
    ("cuda-init-warning", re.compile(r"\b(?:CUDA|HIP) initialization: |Can't initialize NVML")),
    ("tensile-library-missing", re.compile(r"TensileLibrary\S{0,80}\.dat|Cannot read \S{0,300}TensileLibrary")),
    ("memory-access-fault", re.compile(r"Memory access fault by GPU")),
    ("missing-shared-library", re.compile(r"(?P<lib>lib[\w.+-]{1,80}\.so[\w.]{0,20}): cannot open shared object file")),
    ("kfd-permission", re.compile(r"/dev/kfd\b.{0,80}(?:Permission denied|Operation not permitted)")),
    ("collective-error", re.compile(r"\b(?:NCCL|RCCL) (?:error|WARN)|ncclSystemError|ncclUnhandled\w*Error"
                                    r"|Watchdog caught collective operation timeout|ProcessGroupNCCL.{0,80}[Tt]imeout")),
    ("crash", re.compile(r"Segmentation fault|\(core dumped\)|^Aborted\b|Fatal Python error")),
    ("hip-error", re.compile(r"HIP error: (?P<err>[^\n]{1,200})|\b(?P<code>hipError\w{2,60})")),
)
# Words one of the signal patterns needs: a line without any is skipped cheaply.
_SIGNAL_CANDIDATE = AnyWord("hip", "HSA_STATUS", "out of memory", "OutOfMemory", "shared object", "GPU", "CUDA",
                            "NVIDIA", "NVML", "Tensile", "/dev/kfd", "CCL", "Watchdog", "Segmentation", "core dumped",
                            "Aborted", "Fatal Python")
_GFX_RE = re.compile(r"\bgfx[0-9]{1,2}[0-9a-f]{2}\b")


@dataclass
class Frame:
    file: str
    line: int | None = None
    function: str | None = None
    code: str | None = None


@dataclass
class PyException:
    type: str
    message: str = ""
    detail: str = ""
    frames: list[Frame] = field(default_factory=list)
    chain: str | None = None
    line_no: int = 0

    @property
    def text(self) -> str:
        """Message and detail together, as a single string to search."""
        return f"{self.message}\n{self.detail}" if self.detail else self.message


@dataclass
class ErrorSignal:
    kind: str
    line_no: int
    text: str
    details: dict[str, Any] = field(default_factory=dict)


@dataclass
class PyWarning:
    category: str
    message: str
    file: str | None = None
    line: int | None = None
    line_no: int = 0


@dataclass
class TracebackReport:
    exceptions: list[PyException] = field(default_factory=list)
    signals: list[ErrorSignal] = field(default_factory=list)
    python_warnings: list[PyWarning] = field(default_factory=list)
    has_header: bool = False
    truncated: bool = False
    warnings: list[str] = field(default_factory=list)

    @property
    def exception(self) -> PyException | None:
        return self.exceptions[-1] if self.exceptions else None

    @property
    def kinds(self) -> list[str]:
        return list(dict.fromkeys(s.kind for s in self.signals))

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["kinds"] = self.kinds
        return data


# --- signals ------------------------------------------------------------------------------


def _bytes(number: str, unit: str) -> int:
    return int(float(number) * _UNITS.get(unit.upper(), 1))


def _oom_details(text: str) -> dict[str, Any]:
    d: dict[str, Any] = {}
    for key, pattern in _OOM_PARTS:
        if key in d:
            continue
        m = pattern.search(text)
        if not m:
            continue
        if key == "device":
            d[key] = int(m.group(1))
        elif key == "alloc_conf_hint":
            d[key] = m.group(1).rstrip(".")
        else:
            d[key] = _bytes(m.group(1), m.group(2))
    return d


def _signal_details(kind: str, m: re.Match[str], line: str, following: str) -> dict[str, Any]:
    if kind == "out-of-memory":
        return _oom_details(line + " " + following)
    if kind == "missing-shared-library":
        return {"library": m.group("lib")}
    if kind in ("tensile-library-missing", "invalid-isa", "no-binary-for-gpu"):
        g = _GFX_RE.search(line)
        return {"gfx": g.group(0)} if g else {}
    if kind == "hip-error":
        return {"error": (m.group("err") or m.group("code") or "").strip()}
    return {}


# RCCL/NCCL look for optional plugins (an external network transport, a tuner, a profiler) and say at INFO level
# that none is there before using their own: "NCCL INFO NET/Plugin: Plugin load returned 2 : librccl-net.so: cannot
# open shared object file" is no missing library (ROCm/rccl#1029, NVIDIA/nccl#162)
_OPTIONAL_PLUGIN_RE = re.compile(r"lib[rn]ccl-(?:net|tuner|profiler|env)\b")
_NCCL_INFO_RE = re.compile(r"\b[RN]CCL INFO\b")


def _optional_plugin(line: str, lib: str) -> bool:
    return bool(_OPTIONAL_PLUGIN_RE.match(lib)) or (_NCCL_INFO_RE.search(line) is not None and "Plugin" in line)


def find_signals(lines: list[str], limit: int = MAX_SIGNALS) -> list[ErrorSignal]:
    """Known ROCm/PyTorch error strings in ``lines``: one signal per kind and line.  A specific
    kind on a line wins over the generic "hip-error" on it."""
    out: list[ErrorSignal] = []
    for i, raw in enumerate(lines):
        if len(out) >= limit:
            break
        line = raw[:_MAX_LINE]
        if not _SIGNAL_CANDIDATE(line):
            continue
        found: list[str] = []
        for kind, pattern in _SIGNAL_RES:
            m = pattern.search(line)
            if not m or (kind == "hip-error" and found):
                continue
            if kind == "missing-shared-library" and _optional_plugin(line, m.group("lib")):
                continue
            following = " ".join(lines[i + 1:i + 4])[:2000] if kind == "out-of-memory" else ""
            found.append(kind)
            out.append(ErrorSignal(kind=kind, line_no=i + 1, text=line.strip(),
                                   details=_signal_details(kind, m, line, following)))
    return out


# another framework's own HSA runtime starting beside torch's: its init call in a frame (tinygrad's ops_hsa.py
# "hsa.hsa_init()"), or two libhsa-runtime64 from different folders; the process then fails with OUT_OF_RESOURCES
# because the KFD lets one runtime per process open it (tinygrad/tinygrad#3608)
_OTHER_HSA_INIT_RE = re.compile(r"\bhsa_init\b|ops_hsa\.py|/runtime/driver/hsa\.py")
_HSA_LIB_RE = re.compile(r"(/[^\s'\"]{1,300})/libhsa-runtime64\.so")
_TORCH_RE = re.compile(r"\btorch(?:\.__version__|/|\.cuda|\.tensor|\b\s*=)|\bimport torch\b")


def _second_hsa_runtime(lines: list[str], signals: list[ErrorSignal]) -> ErrorSignal | None:
    failed = next((sig for sig in signals if sig.kind == "out-of-resources"), None)
    if failed is None:
        return None
    text = "\n".join(line[:_MAX_LINE] for line in lines[:20000])
    folders = {m.group(1) for m in _HSA_LIB_RE.finditer(text)}
    other = _OTHER_HSA_INIT_RE.search(text)
    if len(folders) < 2 and not (other and _TORCH_RE.search(text)):
        return None
    by = ", ".join(sorted(folders)) if len(folders) >= 2 else other.group(0)
    return ErrorSignal(kind="two-hsa-runtimes", line_no=failed.line_no, text=failed.text, details={"by": by})


# --- sniffing -----------------------------------------------------------------------------


def _sample(text: str) -> str:
    if len(text) <= 2 * _SNIFF_SPAN:
        return text
    return text[:_SNIFF_SPAN] + "\n" + text[-_SNIFF_SPAN:]


def sniff_score(text: str) -> int:
    """0 = no traceback or known error; a whole traceback scores 13 or more, beating tool output it
    quotes; a lone error message scores 2-5, losing to the tool output it came from."""
    sample = _sample(text)
    score = 0
    header = _HEADER in sample
    frames = bool(re.search(r'^[ \t]*File "[^"\n]{1,1000}", line \d', sample, re.MULTILINE))
    if frames:
        score += 4
    exc = False
    lines = sample.splitlines()
    for line in lines[-4000:]:
        line = _RANK_PREFIX_RE.sub("", line[:_MAX_LINE])
        m = _EXC_RE.match(line)
        if m and (m.group("msg") or (header and frames)):
            exc = True
            break
    if exc:
        score += 4 if (header or frames) else 3
    if header and (frames or exc):  # a header alone is a cut-off paste, not something to read
        score += 5
    if re.search(r"^\S.{0,1000}?:\d{1,9}: [A-Za-z_]\w{0,60}Warning: ", sample, re.MULTILINE):
        score += 2
    if find_signals(lines[-4000:], limit=1):
        score += 2
    return score if (exc or frames or score >= 2) else 0


# --- parsing ------------------------------------------------------------------------------


class _Parser:
    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.report = TracebackReport()
        self.frames: list[Frame] = []
        self.chain: str | None = None
        self.in_block = False

    def run(self) -> TracebackReport:
        i, n = 0, len(self.lines)
        while i < n:
            line = self.lines[i][:_MAX_LINE]
            s = line.strip()
            if _HEADER in line:
                self.report.has_header = True
                self.in_block = True
                self.frames = []
                i += 1
                continue
            if s == _CONTEXT_MARK:
                self.chain = "context"
                i += 1
                continue
            if s == _CAUSE_MARK:
                self.chain = "cause"
                i += 1
                continue
            if self.in_block:
                f = _FRAME_RE.match(line) or _IPY_FRAME_RE.match(line) or _IPY_CELL_RE.match(line)
                if f:
                    g = f.groupdict()
                    self.frames.append(Frame(file=g["file"], line=int(g["line"]), function=g.get("func")))
                    i += 1
                    continue
                if line[:1].isspace():  # the source line under a frame, carets, locals
                    if self.frames and self.frames[-1].code is None and s and not _CARET_RE.match(line):
                        self.frames[-1].code = s
                    i += 1
                    continue
            w = _PYWARN_RE.match(s)
            if w:
                self.report.python_warnings.append(PyWarning(
                    category=w.group("cat"), message=w.group("msg").strip(), file=w.group("file"),
                    line=int(w.group("line")), line_no=i + 1))
                i += 1
                continue
            m = _EXC_RE.match(s) if not line[:1].isspace() or self.in_block else None
            if m and (m.group("msg") is not None or self.in_block):
                i = self._exception(m, i)
                continue
            i += 1
        return self.report

    def _exception(self, m: re.Match[str], i: int) -> int:
        exc = PyException(type=m.group("type"), message=(m.group("msg") or "").strip(), frames=self.frames,
                          chain=self.chain if self.report.exceptions else None, line_no=i + 1)
        self.frames, self.chain, self.in_block = [], None, False
        detail: list[str] = []
        j = i + 1
        while j < len(self.lines) and len(detail) < MAX_DETAIL_LINES:
            nxt = self.lines[j][:_MAX_LINE]
            s = nxt.strip()
            if not s or _HEADER in nxt or s in (_CONTEXT_MARK, _CAUSE_MARK) or _PYWARN_RE.match(s):
                break
            if _EXC_RE.match(s) and not nxt[:1].isspace():
                break
            detail.append(s)
            j += 1
        exc.detail = "\n".join(detail)[:MAX_DETAIL]
        self.report.exceptions.append(exc)
        return j


def _strip_prefixes(lines: list[str]) -> list[str]:
    """Remove a prefix every traceback line carries: torch.distributed's "[rank0]: ", or the text
    before the first "Traceback" header when the following lines repeat it."""
    lines = [_RANK_PREFIX_RE.sub("", ln) for ln in lines]
    for k, ln in enumerate(lines):
        pos = ln.find(_HEADER)
        if pos > 0:
            prefix = ln[:pos]
            nxt = lines[k + 1] if k + 1 < len(lines) else ""
            if prefix.strip() and nxt.startswith(prefix):
                return [x.removeprefix(prefix) for x in lines]
            break
        if pos == 0:
            break
    return lines


def parse_traceback(text: str) -> TracebackReport:
    """Read a Python traceback or a pasted ROCm/PyTorch error.  Raises FormatError when the text
    holds neither an exception line nor a known error string."""
    if not isinstance(text, str):
        raise FormatError("a traceback must be text; decode bytes with rocmdesk.formats.decode_input")
    reason = binary_reason(text)
    if reason:
        raise FormatError(reason)
    if not text.strip():
        raise FormatError(translate(
            "rocmdesk.formats.traceback",
            "the input is empty: expected a Python traceback or an error message",
        ))
    truncated = False
    if len(text) > MAX_CHARS:
        text = text[-MAX_CHARS:]
        text = text[text.find("\n") + 1:]
        truncated = True
    lines, _ = clean_lines(text)
    lines = _strip_prefixes(lines)
    report = _Parser(lines).run()
    report.signals = find_signals(lines)
    second = _second_hsa_runtime(lines, report.signals)
    if second is not None:
        report.signals.append(second)
    report.truncated = truncated
    if truncated:
        report.warnings.append(translate(
            "rocmdesk.formats.traceback",
            "the text is longer than {size} MiB; only its end was read",
        ).format(size=MAX_CHARS // 2**20))
    if not report.exceptions and not report.signals and not report.python_warnings:
        if report.has_header:
            raise FormatError(translate(
                "rocmdesk.formats.traceback",
                "the traceback has no exception line: the paste may be cut off before its last line",
            ))
        raise FormatError(translate(
            "rocmdesk.formats.traceback",
            "no Python exception and no known ROCm or PyTorch error message found",
        ))
    if report.has_header and report.exceptions and not report.exceptions[-1].frames and len(report.exceptions) == 1:
        report.warnings.append(translate(
            "rocmdesk.formats.traceback", "a 'Traceback' header but no frames were read: the paste may be cut short"))
    return report
