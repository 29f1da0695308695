"""Replacing a file so that a reader sees the old bytes or the new ones, never a mix.

One writer for every file rocmdesk writes for the user (profiles, hooks, exports, reports, CSV and PNG
exports, settings, scripts).  The root helper keeps its own copy on purpose: it imports as little as it can.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def fsync_dir(directory: Path) -> None:
    try:
        fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def current_umask() -> int:
    """This process's umask.  Linux says it in /proc/self/status; elsewhere it is set and put back at once (a
    file another thread makes in that moment would get 022, which is why the first way comes first)."""
    try:
        with open("/proc/self/status", "rb") as fh:
            for line in fh:
                if line.startswith(b"Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def shared_mode(executable: bool = False) -> int:
    """The mode for a file the user exports (a CSV, a report, a script they save): what their umask gives any new
    file, 0644 under the usual 022 and 0600 under 077 (0755 and 0700 for a script).  ``write_atomic`` without a
    mode makes 0600, which is right for rocmdesk's own state (settings, profiles, logs) and wrong for these."""
    return (0o777 if executable else 0o666) & ~current_umask()


def write_atomic(path: str | os.PathLike[str], data: bytes, mode: int | None = None) -> None:
    """Replace ``path`` with ``data``: a temporary file beside it, flushed to disk, then a rename.
    ``mode`` sets the new file's permissions (mkstemp makes it 0600); a failure leaves no temporary."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent if str(path.parent) else ".", prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    fsync_dir(path.parent)
