"""Reading the small files rocmdesk keeps for the user (profiles, settings.json, torch-verify.json) within limits.

Those files can be damaged, replaced by hand or copied from another machine, so a reader must neither hang
(a FIFO or a device where a file should be: only regular files are read, and opened without blocking), nor
read without end (a size limit, checked while reading, not only from ``stat``), nor recurse without end
(``json`` and ``tomllib`` raise RecursionError on deeply nested input, and anything that walks or prints the
result recurses as well: a depth limit, checked without recursion).  Each refusal is a ``Refused`` whose
message says why in one line, without the path: the caller names the file.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

MAX_DEPTH = 32  # tables and arrays inside each other: rocmdesk's files use 2 or 3 levels


class Refused(ValueError):
    """A file or a parsed document refused for its kind, size or shape (the message is for the user)."""


def read_limited(path: str | os.PathLike[str], max_bytes: int) -> bytes:
    """The bytes of the regular file ``path`` (symlinks followed), at most ``max_bytes`` of them.

    Raises ``Refused`` for something that is not a regular file or is larger, and ``OSError`` as ``open``
    does (``FileNotFoundError`` for a missing file).  A FIFO or a device is refused without waiting on it."""
    from rocmdesk.i18n import translate

    fd = os.open(os.fspath(path), os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC | getattr(os, "O_NOCTTY", 0))
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise Refused(translate("rocmdesk.bounded_read", "not a regular file"))
        chunks = []
        total = 0
        while True:
            chunk = os.read(fd, min(1 << 16, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > max_bytes:
                raise Refused(translate("rocmdesk.bounded_read",
                                        "larger than {limit} bytes, far more than rocmdesk writes; is it the right "
                                        "file?").format(limit=max_bytes))
        return b"".join(chunks)
    finally:
        os.close(fd)


def too_deep(data: Any, limit: int = MAX_DEPTH) -> bool:
    """True when dicts and lists in ``data`` nest more than ``limit`` levels (the top level is 1), without recursion."""
    stack = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, (list, tuple)):
            children = item
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


def nested_too_deeply(limit: int = MAX_DEPTH) -> Refused:
    from rocmdesk.i18n import translate

    return Refused(translate("rocmdesk.bounded_read", "nested more than {limit} levels deep").format(limit=limit))


def parse_json(raw: bytes | str, max_depth: int = MAX_DEPTH) -> Any:
    """JSON text -> data; ``Refused`` saying why for text that is not JSON, not UTF-8 or nested too deeply."""
    from rocmdesk.i18n import translate

    try:
        data = json.loads(raw)
    except RecursionError:
        raise nested_too_deeply(max_depth) from None
    except UnicodeDecodeError:
        raise Refused(translate("rocmdesk.bounded_read", "not UTF-8 text")) from None
    except ValueError as exc:  # json.JSONDecodeError, and int() on a number with thousands of digits
        raise Refused(translate("rocmdesk.bounded_read", "not valid JSON: {error}").format(error=exc)) from None
    if too_deep(data, max_depth):
        raise nested_too_deeply(max_depth)
    return data


def read_json(path: str | os.PathLike[str], max_bytes: int, max_depth: int = MAX_DEPTH) -> Any:
    """``read_limited`` then ``parse_json``; raises ``Refused`` or ``OSError``."""
    return parse_json(read_limited(Path(path), max_bytes), max_depth)
