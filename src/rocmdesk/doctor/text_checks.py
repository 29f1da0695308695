"""Diagnosis of text from anywhere: tool output (rocminfo, rocm-smi, amd-smi, collect_env, lspci, kernel
log), Python tracebacks, and JSON that rocmdesk itself wrote (a verify or sanity result).

The door every pasted text goes through: a big one is read whole in bounded memory (``excerpt``), rocmdesk's own
JSON goes to ``result_checks``, anything else to ``plain_text`` (the recognizers, then the catalogue's patterns).
Never raises for bad input: binary, empty or unknown text comes back as ``InputResult.error``.
"""

from __future__ import annotations

from typing import Any

from rocmdesk.doctor.model import Finding, InputResult
from rocmdesk.doctor.plain_text import decode, read_text
from rocmdesk.doctor.result_checks import from_own_json


def diagnose_text(data: Any, label: str = "<text>") -> tuple[InputResult, list[Finding]]:
    """What one pasted text says: its format, a short summary, and the catalogue findings it shows.  ``data`` is
    bytes, text, or an :class:`~rocmdesk.doctor.excerpt.Excerpt` of a big file read in bounded memory; a big text
    is read whole the same way (its beginning, its end and every line of interest between)."""
    from rocmdesk.doctor.big_input import STREAM_ABOVE
    from rocmdesk.doctor.excerpt import Excerpt, excerpt_bytes

    whole: Excerpt | None = data if isinstance(data, Excerpt) else None
    if whole is None and isinstance(data, (bytes, str)) and len(data) > STREAM_ABOVE:
        whole = excerpt_bytes(data.encode("utf-8", "surrogateescape") if isinstance(data, str) else data)
    if whole is not None:
        data = whole.data
    text, error = decode(data)
    if text is None:
        return InputResult(label, None, error), []
    own = from_own_json(text, label)
    if own is not None:
        return own
    if whole is None:
        return read_text(text, label)
    return read_text(text, label, whole.notes, whole.cut)
