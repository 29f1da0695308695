"""Limits on input that comes from elsewhere: how large it may be and how deep its JSON may nest.

Pasted or captured output (``doctor --from``, ``inspect``, the Doctor page), a probe report (``torch verify
--probe-json``) and the lines a child process prints are untrusted: a JSON document of 100,000 ``[`` would
otherwise end in a RecursionError traceback, here or in any code that walks the value later.  No output of
the tools rocmdesk reads, and nothing rocmdesk writes, nests deeper than a dozen levels.

    data = loads(text)              # json.loads, or LimitError / FormatError (both ValueErrors)
    check_depth(text)               # LimitError when the first JSON value in text nests too deep
"""

from __future__ import annotations

import json
import re
from typing import Any

from rocmdesk.formats.errors import FormatError
from rocmdesk.i18n import translate

MAX_DEPTH = 64  # levels of [ and { one JSON value may nest
MAX_INPUT_BYTES = 512 << 20  # a file or paste larger than this is not a log (a core dump, a disk image)

# a JSON string (with its escapes: the brackets inside strings do not count), and what is not a bracket
_STRINGS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")


class LimitError(FormatError):
    """The input is beyond one of rocmdesk's limits (size, nesting depth); the message says which."""


def mib(n: int) -> str:
    """``n`` bytes (or characters) in MiB, as the messages write it: 8, 0.5, 512."""
    return f"{n / (1 << 20):.1f}".removesuffix(".0")


def too_large(size: int, limit: int) -> LimitError:
    return LimitError(translate(
        "rocmdesk.formats.limits", "the input is {size} MiB, more than the {limit} MiB rocmdesk reads: "
                                   "not a log or tool output").format(size=mib(size), limit=mib(limit)))


def json_too_large(size: int, limit: int) -> LimitError:
    return LimitError(translate(
        "rocmdesk.formats.limits", "the JSON is {size} MiB, more than the {limit} MiB rocmdesk reads of one "
                                   "document").format(size=mib(size), limit=mib(limit)))


def check_size(size: int, limit: int | None = None) -> None:
    """LimitError when ``size`` bytes are more than ``limit`` (default :data:`MAX_INPUT_BYTES`)."""
    limit = MAX_INPUT_BYTES if limit is None else limit
    if size > limit:
        raise too_large(size, limit)


def _too_deep(limit: int) -> LimitError:
    return LimitError(translate(
        "rocmdesk.formats.limits", "the JSON nests deeper than {limit} levels: no tool output rocmdesk reads "
                                   "does that").format(limit=limit))


def exceeds_depth(text: str, limit: int = MAX_DEPTH, first_value_only: bool = False) -> bool:
    """Whether the brackets of ``text`` (outside JSON strings) nest deeper than ``limit``.

    With ``first_value_only`` the scan stops where the first value closes (text after a JSON document, as
    in a paste, does not count)."""
    if text.count("[") + text.count("{") <= limit:
        return False  # the common case, at C speed
    depth = 0
    for ch in _NOT_BRACKETS.sub("", _STRINGS.sub("", text)):  # the brackets alone, in order
        if ch in "[{":
            depth += 1
            if depth > limit:
                return True
        else:
            depth -= 1
            if depth <= 0:
                if first_value_only:
                    return False
                depth = 0
    return False


def check_depth(text: str, limit: int = MAX_DEPTH, first_value_only: bool = False) -> None:
    """LimitError when ``text``'s JSON nests deeper than ``limit`` levels (see :func:`exceeds_depth`)."""
    if exceeds_depth(text, limit, first_value_only):
        raise _too_deep(limit)


def loads(text: str | bytes, max_chars: int | None = None, max_depth: int = MAX_DEPTH) -> Any:
    """``json.loads`` of untrusted text within the limits: LimitError (a FormatError, so a ValueError) when it
    is longer than ``max_chars`` (default :data:`MAX_INPUT_BYTES`) or nests deeper than ``max_depth``; the
    ValueError of ``json.loads`` when it is not JSON.  Never a RecursionError."""
    if isinstance(text, (bytes, bytearray)):
        text = text.decode("utf-8")  # UnicodeDecodeError is a ValueError too
    check_size(len(text), max_chars)
    check_depth(text, max_depth)
    try:
        return json.loads(text)
    except RecursionError:  # a deep stack already: the limit above is far below Python's own
        raise _too_deep(max_depth) from None
