"""What a text that is not rocmdesk's own JSON says: tool output (rocminfo, rocm-smi, amd-smi, collect_env, lspci,
kernel log), Python tracebacks, error messages.

Two layers: the recognizers in ``rocmdesk.formats`` (through ``inspect_text``) turn a known format into
signals (``<format>:<kind>``) the catalogue maps to ids; then the catalogue's symptom patterns run over the
text's lines of interest (each distinct line once), which also catches error strings in output no recognizer claims.
``rocmdesk.doctor.text_checks.diagnose_text`` is the door for any pasted text (it knows rocmdesk's own JSON too);
this module sits below ``result_checks``, which reads a sanity run's error texts through it.
"""

from __future__ import annotations

import re
from typing import Any

from rocmdesk.doctor.catalogue import catalogue, finding, signal_map
from rocmdesk.doctor.gpu_checks import paste_findings, view
from rocmdesk.doctor.model import Finding, InputResult
from rocmdesk.i18n import translate

MAX_LINE = 4096


def decode(data: bytes | str) -> tuple[str | None, str | None]:
    from rocmdesk.formats import FormatError, decode_input
    from rocmdesk.formats.text import binary_reason

    try:
        text = decode_input(data) if isinstance(data, bytes) else data
    except FormatError as exc:
        return None, str(exc)
    if not isinstance(data, bytes):
        reason = binary_reason(text)
        if reason:
            return None, reason
    if not text.strip():
        return None, translate("rocmdesk.doctor.text_checks", "the input is empty")
    return text, None


def merge(found: list[Finding], new: list[Finding]) -> None:
    for f in new:
        old = next((x for x in found if x.id == f.id), None)
        if old is None:
            found.append(f)
        else:
            old.add_evidence(f.evidence)
            for o in f.origins:
                if o not in old.origins:
                    old.origins.append(o)


def from_signals(signals: list[tuple[str, str]], origin: str) -> list[Finding]:
    """Findings for recognizer signals: (``<format>:<kind>``, the line that shows it)."""
    out: list[Finding] = []
    smap = signal_map()
    for key, line in signals:
        for fid in smap.get(key, ()):
            merge(out, [finding(fid, [line] if line else [], origin)])
    return out


def _scan(text: str, origin: str) -> list[Finding]:
    """The catalogue's symptom patterns over the text's lines of interest (those holding a keyword: every symptom
    does, a test checks it), each distinct line once; evidence is the matching line."""
    from rocmdesk.doctor.excerpt import lines_of_interest

    # logs repeat themselves, and ~50 patterns read every character: only the lines that can match, once
    part = "\n".join(dict.fromkeys(line[:MAX_LINE] for line in lines_of_interest(text)))
    out: list[Finding] = []
    if not part:
        return out
    for e in catalogue().values():
        for pat in e.patterns:
            m = pat.search(part)
            if m is None:
                continue
            start = part.rfind("\n", 0, m.start()) + 1
            end = part.find("\n", m.end())
            line = part[start:end if end >= 0 else len(part)][:MAX_LINE].strip()
            merge(out, [finding(e.id, [line], origin)])
            break
    return out


def _signals_for(result: dict[str, Any]) -> tuple[list[tuple[str, str]], list[Finding]]:
    """Signals of one ``inspect_text`` result, and the findings about its GPUs."""
    fmt = result["format"]
    label = result["input"]
    sig: list[tuple[str, str]] = []
    err = result.get("error") or {}
    gpus = [view(g) for g in result.get("gpus") or []]
    extra: list[Finding] = []
    if fmt == "rocminfo":
        if err:
            sig.append((f"rocminfo:{err.get('kind')}", str(err.get("message") or "")))
            if err.get("hsa_status") == "HSA_STATUS_ERROR_OUT_OF_RESOURCES" and err.get("kind") != "out-of-resources":
                sig.append(("rocminfo:out-of-resources", str(err.get("hsa_status"))))
        if result.get("wsl"):
            sig.append(("rocminfo:wsl", translate("rocmdesk.doctor.text_checks",
                                                  "rocminfo: a WSL runtime (its WSL line, or no 'ROCk module' line "
                                                  "and no PCI ids)")))
    elif fmt == "kernel-log":
        events = result.get("events") or []
        kfd_unsupported = any(e["kind"] == "kfd-unsupported" for e in events)
        for e in events:
            kind = e["kind"]
            if kind == "probe-failed" and kfd_unsupported and "kgd2kfd" in e["message"]:
                continue  # the KFD's own refusal of an unknown device, said already by kfd-unsupported
            sig.append((f"kernel-log:{kind}", e["message"]))
    elif fmt == "traceback":
        for s in result.get("signals") or []:
            sig.append((f"traceback:{s['kind']}", s["text"]))
    elif fmt == "collect_env":
        torch = result.get("torch") or {}
        record = result.get("record") or {}
        if torch.get("wheel_kind") in ("cpu", "cuda"):
            sig.append((f"collect_env:{torch['wheel_kind']}", translate(
                "rocmdesk.doctor.text_checks", "PyTorch {version} ({kind} build)").format(
                version=torch.get("version"), kind=torch["wheel_kind"])))
        if record.get("wsl"):
            sig.append(("collect_env:wsl", f"OS: {record.get('os')}"))
        arch = torch.get("arch_list") or []
        targets = [g.gfx for g in gpus if g.gfx] + [t for t in record.get("gcn_arch_names") or [] if t]
        for gfx in dict.fromkeys(targets):
            if arch and gfx not in arch:
                sig.append(("collect_env:missing-arch", translate(
                    "rocmdesk.doctor.text_checks", "{gfx} is not in the wheel's arch list ({arch})").format(
                    gfx=gfx, arch=", ".join(arch))))
        if torch.get("wheel_kind") == "rocm" and torch.get("cuda_available") is False:
            sig.append(("collect_env:not-available", translate("rocmdesk.doctor.text_checks",
                                                               "Is CUDA available: False (a ROCm build)")))
    elif fmt == "lspci":
        sig += _lspci_no_driver(result)
    if fmt in ("rocminfo", "rocm-smi", "amd-smi", "lspci"):
        # the advice for the pasted GPUs decides (an iGPU beside a dGPU is hidden, not overridden)
        extra += paste_findings(result.get("gpus") or [], label)
    return sig, extra


def _lspci_no_driver(result: dict[str, Any]) -> list[tuple[str, str]]:
    """AMD GPUs ``lspci -k`` shows with no kernel driver bound: inspect's ``no_driver`` slots (its warnings are
    translated, so their words are not matched); a result from before that field only had the English warning."""
    if "no_driver" not in result:
        return [("lspci:no-driver", w) for w in result.get("warnings") or [] if "no kernel driver is bound" in w]
    return [("lspci:no-driver", translate("rocmdesk.doctor.text_checks", "{slot}: no kernel driver is bound to this "
                                          "GPU (amdgpu is not loaded for it)").format(slot=slot))
            for slot in result.get("no_driver") or []]


# a libhsa-runtime64 mapped or named with its folder (/proc/PID/maps, ldd, lsof, an error message)
_HSA_LIB = re.compile(r"(/[^\s'\"]{1,300})/libhsa-runtime64\.so")


def _two_runtimes(text: str, label: str) -> list[Finding]:
    """Two HSA runtimes from two folders in one text (a process's maps with torch's own and a system ROCm's, or
    two ROCm versions): the KFD lets one runtime per process open it, the second fails with OUT_OF_RESOURCES
    (tinygrad/tinygrad#3608).  The recognizers see it only beside that error; a maps paste says it alone."""
    from rocmdesk.doctor.excerpt import lines_of_interest

    folders: dict[str, str] = {}
    for line in lines_of_interest(text):
        if "libhsa-runtime64.so" in line:
            for m in _HSA_LIB.finditer(line[:MAX_LINE]):
                folders.setdefault(m.group(1), m.group(0))
    if len(folders) < 2:
        return []
    said = translate("rocmdesk.doctor.text_checks", "two HSA runtimes in one process: {paths}").format(
        paths=", ".join(sorted(folders.values())[:4]))
    return [finding("two-hsa-runtimes", [said], label)]


def read_text(text: str, label: str, notes: list[str] | None = None, cut: bool | None = None
              ) -> tuple[InputResult, list[Finding]]:
    """What ``text`` (decoded, not empty) says: its format, a short summary and the catalogue findings it shows.
    ``notes`` and ``cut``: how a big input was read into ``text`` (an excerpt's notes and whether it left lines of
    interest out); None for a text read whole."""
    from rocmdesk.formats import FormatError, LimitError
    from rocmdesk.inspect import inspect_text

    found: list[Finding] = []
    result: dict[str, Any] | None
    refused = None  # why a limit (size, nesting) kept the recognizers from the text
    try:
        result = inspect_text(text, label)
    except LimitError as exc:
        result, refused = None, str(exc)
    except FormatError:
        result = None
    except (RecursionError, MemoryError):  # a recognizer overwhelmed: the patterns still read the text
        result = None
    if result is not None:
        sig, extra = _signals_for(result)
        merge(found, from_signals(sig, label))
        merge(found, extra)
    merge(found, _scan(text, label))
    merge(found, _two_runtimes(text, label))
    drop_shadowed(found)
    info = InputResult(label, result["format"] if result else None, None,
                       list((result or {}).get("summary") or [])[:20], [f.id for f in found],
                       bool((result or {}).get("truncated")) if cut is None else cut, list(notes or []))
    if refused is not None:
        info.error = refused
    elif result is None and not found:
        info.error = translate("rocmdesk.doctor.text_checks", "no format rocmdesk knows and no known error message")
    return info, found


def read_plain(data: bytes | str, label: str) -> tuple[InputResult, list[Finding]]:
    """``read_text`` for raw bytes or text (never raises: unreadable input comes back as ``InputResult.error``)."""
    text, error = decode(data)
    if text is None:
        return InputResult(label, None, error), []
    return read_text(text, label)


# a specific finding makes a vaguer one about the same lines redundant
_SHADOWS = {
    "out-of-resources": ("runtime-crash",),
    "gfx-unsupported": ("kernel-too-old",),
    "override-invalid-isa": ("runtime-crash",),
    "wheel-missing-arch": ("runtime-crash", "torch-no-gpu"),
    "wheel-cpu-only": ("torch-no-gpu",),
    "wheel-cuda-on-amd": ("torch-no-gpu",),
    "kfd-permission": ("torch-no-gpu", "out-of-resources"),
    "wsl": ("torch-no-gpu",),
    "amdgpu-not-loaded": ("torch-no-gpu",),
    "two-hsa-runtimes": ("out-of-resources", "runtime-crash"),  # the GPU is fine: a second runtime in the process
}


def drop_shadowed(found: list[Finding]) -> None:
    ids = {f.id for f in found}
    drop = {x for k, vs in _SHADOWS.items() if k in ids for x in vs}
    found[:] = [f for f in found if f.id not in drop]
