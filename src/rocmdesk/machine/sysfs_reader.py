"""Cheap repeated reads of small sysfs files: an open-file cache on top of the Host seam.

A monitor reads the same ~15 files per GPU several times a second.  Opening each one
every time costs an ``open``/``close`` pair and a path lookup; sysfs lets a reader keep
the file open and ask again with ``pread(fd, n, 0)`` -- every read at offset 0 calls the
driver's ``show()`` anew (this is what amdgpu_top and LACT do).  Paths are mapped through
``Host.path()`` once, so ``--root`` and ``--simulate`` trees work exactly as the live
machine does.

Caveats, both handled by callers:
- a kept-open file keeps the *inode*: a tree whose files are replaced by rename
  (``simulate.write_metrics``) must be followed by :meth:`SysfsReader.forget`;
- a device that disappears keeps its open files valid on a plain filesystem (a test
  tree), so existence of the device directory is checked separately (:meth:`exists`).
  On real sysfs the reads themselves fail with ``ENODEV``.

Only regular files are opened (:func:`rocmdesk.machine.host.open_regular`, non-blocking): a
FIFO, socket or device node where a sensor should be fails at once with ``EINVAL``.  A file
that cannot be opened (absent, mode 000, not a regular file) is remembered as failed and
tried again after a back-off -- ``RETRY_FIRST_S``, doubling up to ``RETRY_MAX_S`` -- so a
sensor that becomes readable later is read again, at the cost of one ``stat`` per back-off
period, never one per sample.
"""

from __future__ import annotations

import errno as errno_mod
import os
import time
from collections.abc import Callable

from rocmdesk.machine.host import Host, open_regular

READ_LIMIT = 4096  # sysfs attributes are at most one page
RETRY_FIRST_S = 1.0  # a file that could not be opened is tried again after this ...
RETRY_MAX_S = 30.0  # ... doubling each time up to this
_MISSING = -1  # cached "could not open": tried again when its back-off has passed (or after forget())


class SysfsReader:
    """Read small files by machine path, keeping them open between reads.

    Every method returns ``None`` for a missing, unreadable or empty file and never
    raises for I/O; :attr:`last_errno` holds the errno of the last failed read
    (``None`` after a success) so a caller can tell ``ENODEV`` (device gone) from
    ``ENOENT`` (no such sensor), and :attr:`last_error` says it in words.
    ``clock`` (monotonic seconds) times the back-off of files that could not be opened.
    """

    def __init__(self, host: Host, *, keep_open: bool = True, max_open: int = 1024,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.host = host
        self.keep_open = keep_open
        self.max_open = max_open
        self.clock = clock
        self._fds: dict[str, int] = {}  # machine path -> fd, or _MISSING
        self._errnos: dict[str, tuple[int, str]] = {}  # machine path -> (errno, words) of its failed open
        self._retry: dict[str, tuple[float, float]] = {}  # machine path -> (when to try again, back-off)
        self._real: dict[str, str] = {}  # machine path -> mapped path (Host.path, once)
        self.last_errno: int | None = None
        self.last_error: str | None = None  # the last failure in words (strerror; "not a regular file")
        self.opened = 0  # how many os.open calls were made (tests and benchmarks look)

    # -- paths -------------------------------------------------------------------------
    def real(self, path: str) -> str:
        real = self._real.get(path)
        if real is None:
            real = str(self.host.path(path))
            self._real[path] = real
        return real

    def exists(self, path: str) -> bool:
        try:
            os.stat(self.real(path))
        except (OSError, ValueError):
            return False
        return True

    # -- reads -------------------------------------------------------------------------
    def read(self, path: str, limit: int = READ_LIMIT) -> bytes | None:
        fd = self._fds.get(path)
        if fd is not None and fd >= 0:  # the common case, a kept-open file: one pread and nothing else
            try:
                data = os.pread(fd, limit, 0)
            except OSError as exc:
                self.last_errno, self.last_error = exc.errno, exc.strerror
                if exc.errno in _GONE:
                    self._drop(path)  # the device went away: reopen when it comes back
                return None
            self.last_errno = self.last_error = None
            return data
        if fd == _MISSING:
            if self.clock() < self._retry[path][0]:
                self.last_errno, self.last_error = self._errnos[path]
                return None
            del self._fds[path]  # its back-off has passed: try to open it again
            fd = None
        if fd is None:
            fd, err = self._open(path)
            if fd is None:
                self.last_errno, self.last_error = err
                return None
        if self._fds.get(path) == fd:  # opened just now and kept: read it as above
            return self.read(path, limit)
        try:  # not kept (keep_open=False, or max_open reached): read once and close
            data = os.pread(fd, limit, 0)
        except OSError as exc:
            self.last_errno, self.last_error = exc.errno, exc.strerror
            return None
        finally:
            _close(fd)
        self.last_errno = self.last_error = None
        return data

    def read_value(self, path: str) -> str | None:
        """One-value file, stripped of whitespace and NUL padding; None when empty."""
        data = self.read(path)
        if data is None:
            return None
        text = data.decode("utf-8", errors="replace").strip().strip("\x00").strip()
        return text or None

    def read_int(self, path: str, base: int = 10) -> int | None:
        data = self.read(path)
        if data is None:
            return None
        if len(data) <= 64:
            try:
                return int(data, base)  # int() takes bytes and ignores surrounding whitespace: no decode needed
            except ValueError:
                pass
        text = data.strip().strip(b"\x00").strip()  # NUL padding (page-sized captures)
        if not text or len(text) > 40:
            return None
        try:
            return int(text, base)
        except ValueError:
            return None

    def read_text(self, path: str) -> str | None:
        data = self.read(path)
        return None if data is None else data.decode("utf-8", errors="replace")

    # -- cache management ----------------------------------------------------------------
    def forget(self, prefix: str | None = None) -> None:
        """Close cached files (all, or those under ``prefix``) so the next read reopens them (failed ones too)."""
        if prefix is None:
            paths = list(self._fds)
        else:
            base = prefix.rstrip("/") + "/"
            paths = [p for p in self._fds if p == prefix or p.startswith(base)]
        for p in paths:
            self._drop(p)

    def close(self) -> None:
        self.forget()

    @property
    def open_count(self) -> int:
        return sum(1 for fd in self._fds.values() if fd != _MISSING)

    def __enter__(self) -> "SysfsReader":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:  # a dropped reader must not leak descriptors
        try:
            self.close()
        except Exception:
            pass

    # -- internals -----------------------------------------------------------------------
    def _open(self, path: str) -> tuple[int | None, tuple[int, str]]:
        try:
            fd = open_regular(self.real(path), check_first=not self.host.live)
        except (OSError, ValueError) as exc:
            code = getattr(exc, "errno", None) or errno_mod.ENOENT
            err = (code, getattr(exc, "strerror", None) or os.strerror(code))
            if self.keep_open:  # remembered, and tried again after a back-off that doubles each time
                delay = self._retry.get(path, (0.0, RETRY_FIRST_S / 2))[1] * 2
                delay = min(max(delay, RETRY_FIRST_S), RETRY_MAX_S)
                self._fds[path] = _MISSING
                self._errnos[path] = err
                self._retry[path] = (self.clock() + delay, delay)
            return None, err
        self.opened += 1
        self._errnos.pop(path, None)
        self._retry.pop(path, None)
        if self.keep_open and len(self._fds) < self.max_open:
            self._fds[path] = fd
        return fd, (0, "")

    def _drop(self, path: str) -> None:
        fd = self._fds.pop(path, None)
        self._errnos.pop(path, None)
        self._retry.pop(path, None)
        if fd is not None and fd != _MISSING:
            _close(fd)


_GONE = (errno_mod.ENODEV, errno_mod.ENXIO, errno_mod.EBADF)


def _close(fd: int) -> None:
    try:
        os.close(fd)
    except OSError:
        pass
