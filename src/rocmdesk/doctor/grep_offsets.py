"""Where a big file's keywords are, found by ``grep`` running beside the reader (issue 17: a 200 MB log within
~1.5x of ``grep -c``).

The excerpt's own search (numpy over translated bytes, :func:`rocmdesk.doctor.excerpt.keyword_offsets`) costs about
three times what grep does, and no Python-side search comes near grep's: so for a regular file, GNU grep (Essential on
every Debian and Ubuntu) finds the lines, ``-b``: the byte offset where each line of interest starts, ascending (the
line itself is skipped as it comes; ``-o`` would cost grep twice as much, finding every keyword instead of one per
line, and ``-F`` with these many words is slower than ``-E``).  It runs as its own process while the reader goes
through the same file for the head, the tail, the line count and the context of each hit, so on two cores the two
passes overlap.

It starts before the rest of the Doctor is imported (this module and :mod:`rocmdesk.doctor.big_input` import only
``os``; numpy comes once grep runs), so its 0.5 s over 200 MB begin as early as they can.

What runs is fixed here: ``grep`` from PATH with one pattern made of the keywords (never of the input), ``LC_ALL=C`` (bytes, ASCII case folding: the keywords' own rules), the file handed over as standard input on a
descriptor the reader opened and checked to be the same file (no second lookup of a path that could have changed).
Anything unexpected (no grep, its exit status 2, a killed grep) makes :meth:`GrepOffsets.finish` say so, and the
caller reads the file again with its own search: never fewer lines of interest than that search would find.
"""

from __future__ import annotations

import os
import stat
from typing import Any, BinaryIO

READ = 1 << 16  # grep's output is read in blocks of this many bytes
DIGITS = 20  # an offset has at most this many


def pattern(keywords: tuple[bytes, ...]) -> str:
    """One extended regular expression that matches any of ``keywords`` (plain words: anything else would need
    escaping, and is refused, so that a keyword can never become an operator)."""
    words = [os.fsdecode(kw) for kw in keywords]
    odd = [w for w in words if not w or not all(c.isascii() and (c.isalnum() or c in " _") for c in w)]
    if odd:
        raise ValueError(f"keywords must be plain ASCII words: {odd}")
    return "|".join(words)


class GrepOffsets:
    """The offsets of ``keywords`` (case-insensitive ASCII) in the file open on ``fd``, read up to a point on
    demand (:meth:`upto`); start it with :meth:`start`, which gives None when grep cannot be run."""

    def __init__(self, pid: int, out: int) -> None:
        """``pid``: grep; ``out``: the read end of the pipe it writes to (this object's to close)."""
        import numpy as np  # after grep has started: it runs while this is imported

        self._np = np
        self._pid = pid
        self._out = open(out, "rb", buffering=0)  # noqa: SIM115 (closed by finish)
        self._pending = np.zeros(0, dtype=np.int64)
        self._partial = b""  # the digits of an offset cut at the end of a block
        self._skipping = False  # inside a line whose offset was taken
        self._done = False
        self._bad = False  # grep's output was not what -b prints

    @classmethod
    def start(cls, path: str | os.PathLike[str], fd: int, keywords: tuple[bytes, ...]) -> GrepOffsets | None:
        """grep over the file open on ``fd`` (opened again from ``path`` and checked to be the same file, so grep
        reads from the start while the caller reads on its own descriptor); None when that cannot be done.
        ``os.posix_spawnp`` (grep from PATH), not ``subprocess``: importing that would delay grep's start."""
        try:
            mine = os.open(path, os.O_RDONLY | os.O_CLOEXEC | os.O_NOFOLLOW | os.O_NONBLOCK)
        except OSError:
            return None
        try:
            a, b = os.fstat(fd), os.fstat(mine)
            if (a.st_dev, a.st_ino) != (b.st_dev, b.st_ino):
                return None
            os.set_blocking(mine, True)
            argv = ["grep", "-a", "-b", "-i", "-E", "-e", pattern(keywords)]
            env = {"LC_ALL": "C", "PATH": os.environ.get("PATH", "/usr/bin:/bin")}
            out, into = os.pipe()  # both close on exec: the child gets only what the actions below give it
            try:
                pid = os.posix_spawnp("grep", argv, env, file_actions=[
                    (os.POSIX_SPAWN_DUP2, mine, 0), (os.POSIX_SPAWN_DUP2, into, 1),
                    (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0)])
            except OSError:  # no grep on PATH, or it cannot be run
                os.close(out)
                return None
            finally:
                os.close(into)
        finally:
            os.close(mine)
        return cls(pid, out)

    def upto(self, end: int) -> Any:
        """The offsets below ``end`` not given before, ascending (a numpy int64 array)."""
        np = self._np
        while not self._done and (not len(self._pending) or self._pending[-1] < end):
            self._read_more()
        cut = int(np.searchsorted(self._pending, end))
        out, self._pending = self._pending[:cut], self._pending[cut:]
        return out

    def _read_more(self) -> None:
        """Each line of grep's output is "OFFSET:the line"; only the offset is kept, the rest skipped as it comes
        (a line of interest may be megabytes long)."""
        block = self._out.read(READ)
        if not block:
            self._done = True
            if self._partial:  # an offset with no colon after it: not grep's output
                self._bad = True
            return
        data, self._partial = self._partial + block, b""
        pos, found = 0, []
        if self._skipping:
            nl = data.find(b"\n")
            if nl < 0:
                return
            pos, self._skipping = nl + 1, False
        while pos < len(data):
            colon = data.find(b":", pos, pos + DIGITS + 1)
            if colon < 0:
                if len(data) - pos <= DIGITS:
                    self._partial = data[pos:]  # the offset goes on in the next block
                else:
                    self._bad = True
                break
            digits = data[pos:colon]
            if not digits.isdigit():
                self._bad = True
                break
            found.append(int(digits))
            nl = data.find(b"\n", colon)
            if nl < 0:
                self._skipping = True
                break
            pos = nl + 1
        if found:
            self._pending = self._np.concatenate([self._pending, self._np.array(found, dtype=self._np.int64)])

    def finish(self) -> bool:
        """Stop grep (it may still be reading past where the caller stopped); True when every offset it gave was
        from a whole, successful run (exit status 0: found, 1: nothing found)."""
        ran_out = self._done
        if not ran_out:
            import signal

            try:
                os.kill(self._pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self._out.close()
        try:
            _, status = os.waitpid(self._pid, 0)
        except ChildProcessError:  # reaped elsewhere: its status is not known
            return False
        return ran_out and os.waitstatus_to_exitcode(status) in (0, 1) and not self._bad


def begin(path: str | os.PathLike[str], keywords: tuple[bytes, ...] | None,
          limit: int) -> tuple[BinaryIO, GrepOffsets | None]:
    """``path`` opened, and for a regular file of at most ``limit`` bytes grep started over it (``keywords``; None:
    no grep).  The caller reads the file and finishes grep.  OSError: the file cannot be opened."""
    fh = open(path, "rb")  # noqa: SIM115 (the caller's to close)
    try:
        info = os.fstat(fh.fileno())
        grep = None
        if keywords is not None and info.st_size <= limit and stat.S_ISREG(info.st_mode):
            grep = GrepOffsets.start(path, fh.fileno(), keywords)
    except BaseException:
        fh.close()
        raise
    return fh, grep
