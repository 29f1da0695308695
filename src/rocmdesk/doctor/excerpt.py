"""A big log read whole, in bounded memory: its beginning, its end, and every line of interest in between with the
lines around it (issue 17: an error in the middle of an 8 MB journal used to be missed).

The input is read in chunks.  A chunk is lowered and searched for a few keywords with ``bytes.find`` (C speed, no
regex over the whole text: Python's ``re`` reads a 200 MB log at ~5 MB/s); only the lines that hold one are kept,
each with the lines before it (a traceback's frames) and after it.  The recognizers and the catalogue's patterns
then read this excerpt as they read a paste.  When more lines of interest turn up than the excerpt can hold, the
first and the last ones are kept and the excerpt says how many were left out.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from rocmdesk.i18n import translate

CHUNK = 1 << 20
# the excerpt stays under 1 MiB, so every recognizer and pattern reads all of it (the traceback reader takes the last
# MiB of a text, the catalogue's patterns 512 KiB from each end)
HEAD_BYTES = 128 << 10  # the beginning (what a paste's format is known by) ...
TAIL_BYTES = 384 << 10  # ... and the end (where the error that ended a run is) are kept whole
MIDDLE_BYTES = 448 << 10  # lines of interest between, with their context: the first half and the last half
STREAM_ABOVE = 1 << 20  # smaller inputs are read as they are
BEFORE, AFTER = 12, 4  # lines kept around a line of interest
MAX_LINE = 4096  # a kept line is cut here

# a line of interest holds one of these (lowercased): every recognizer's and catalogue pattern's own words; a test
# checks that each of the house plan's error strings and each catalogue symptom sample holds one
KEYWORDS: tuple[bytes, ...] = (
    b"hip", b"hsa", b"kfd", b"gpu", b"gfx", b"rocm", b"rocblas", b"miopen", b"tensile", b"ccl", b"cuda", b"nvidia",
    b"nvml", b"out of memory", b"outofmemory", b"shared object", b"segmentation fault", b"core dumped", b"aborted",
    b"fatal python", b"fault", b"watchdog", b"torch", b"illegal instruction", b"bus error", b"dxg", b"wsl",
    b"permission denied", b"not permitted", b"cannot allocate memory", b"member of", b"not initialized",
    b"physically removed", b"fell off the bus", b"timeout", b"mes failed", b"supported_devices", b"code object",
    b"4104", b"atomics",
)


@dataclass
class Excerpt:
    """The text the Doctor reads for a big input, and what it says about how it was made."""

    data: bytes
    total_bytes: int
    total_lines: int
    kept_lines: int  # lines of interest from the middle (context not counted)
    left_out: int = 0  # lines of interest beyond MIDDLE_BYTES, not kept
    notes: list[str] = field(default_factory=list)

    @property
    def cut(self) -> bool:
        return self.left_out > 0


def _chunks_of(data: bytes) -> Iterator[bytes]:
    for i in range(0, len(data), CHUNK):
        yield data[i:i + CHUNK]


def _file_chunks(path: str | os.PathLike[str]) -> Iterator[bytes]:
    with open(path, "rb") as fh:
        while True:
            chunk = fh.read(CHUNK)
            if not chunk:
                return
            yield chunk


def _hits(lowered: bytes) -> list[int]:
    """Start offsets of the lines of ``lowered`` that hold a keyword, sorted, each once."""
    starts: set[int] = set()
    for kw in KEYWORDS:
        pos = lowered.find(kw)
        while pos >= 0:
            start = lowered.rfind(b"\n", 0, pos) + 1
            starts.add(start)
            end = lowered.find(b"\n", pos)
            if end < 0:
                break
            pos = lowered.find(kw, end)
    return sorted(starts)


def _back(body: bytes, pos: int, n: int) -> int:
    """The start of the line ``n`` lines before the one starting at ``pos`` (0 when the body starts first)."""
    for _ in range(n):
        if pos <= 0:
            return 0
        pos = body.rfind(b"\n", 0, pos - 1) + 1
    return pos


def _forward(body: bytes, pos: int, n: int) -> int:
    """The end of the line ``n`` lines after the one starting at ``pos`` (its newline included)."""
    for _ in range(n + 1):
        end = body.find(b"\n", pos)
        if end < 0:
            return len(body)
        pos = end + 1
    return pos


class _Reader:
    """The state of one read: the head, the raw tail, and the blocks of lines of interest (start offset, bytes,
    lines of interest in it): the first and the last MIDDLE_BYTES // 2 of them."""

    def __init__(self) -> None:
        self.head = bytearray()
        self.head_full = False
        self.tail = bytearray()
        self.before = b""  # the previous body's last lines: context for a hit at the start of the next
        self.first: list[tuple[int, bytes, int]] = []
        self.last: deque[tuple[int, bytes, int]] = deque()
        self.first_bytes = self.last_bytes = 0
        self.hits = self.dropped = self.lines = 0

    def body(self, body: bytes, offset: int) -> None:
        self.lines += body.count(b"\n")
        if not self.head_full:
            room = HEAD_BYTES - len(self.head)
            if len(body) <= room:
                self.head.extend(body)
            else:
                cut = body.rfind(b"\n", 0, room) + 1
                self.head.extend(body[:cut])
                self.head_full = True
        self.tail.extend(body)
        if len(self.tail) > 2 * TAIL_BYTES:
            del self.tail[:len(self.tail) - TAIL_BYTES]
        starts = _hits(body.lower())
        i = 0
        while i < len(starts):
            lo = _back(body, starts[i], BEFORE)
            hi = _forward(body, starts[i], AFTER)
            n = 1
            while i + n < len(starts) and starts[i + n] < hi:  # hits close together make one block
                hi = _forward(body, starts[i + n], AFTER)
                n += 1
            context = self.before if lo == 0 and self.before else b""
            self._keep(offset + lo - len(context), (context + body[lo:hi])[:8 * MAX_LINE * (BEFORE + AFTER)], n)
            i += n
        self.before = body[_back(body, len(body), BEFORE):]

    def _keep(self, at: int, block: bytes, n: int) -> None:
        self.hits += n
        if self.first_bytes + len(block) <= MIDDLE_BYTES // 2:
            self.first.append((at, block, n))
            self.first_bytes += len(block)
            return
        self.last.append((at, block, n))
        self.last_bytes += len(block)
        while self.last_bytes > MIDDLE_BYTES // 2 and len(self.last) > 1:
            _, old, dropped = self.last.popleft()
            self.last_bytes -= len(old)
            self.dropped += dropped


def excerpt(chunks: Iterable[bytes]) -> Excerpt:
    """Read ``chunks`` (the input in order) into an :class:`Excerpt`; memory stays bounded by the excerpt."""
    r = _Reader()
    carry = b""
    offset = total = 0
    for chunk in chunks:
        total += len(chunk)
        data = carry + chunk
        cut = data.rfind(b"\n") + 1
        if cut:
            r.body(data[:cut], offset)
            offset += cut
        carry = data[cut:]
        if len(carry) > 4 * CHUNK:  # one endless line: read it in pieces all the same
            r.body(carry + b"\n", offset)
            offset += len(carry)
            carry = b""
    if carry:
        r.body(carry + b"\n", offset)
        offset += len(carry) + 1
    head = bytes(r.head)
    tail = bytes(r.tail[-TAIL_BYTES:])
    if len(r.tail) > TAIL_BYTES:
        tail = tail[tail.find(b"\n") + 1:]
    tail_at = offset - len(tail)
    if tail_at <= len(head):  # head and tail meet: the whole text is there
        return Excerpt(head + tail[len(head) - tail_at:], total, r.lines, 0)
    blocks, kept, outside = [], 0, 0
    for at, block, n in [*r.first, *r.last]:
        if at >= len(head) and at + len(block) <= tail_at:
            blocks.append(block)
            kept += n
    marker = translate("rocmdesk.doctor.excerpt", "[rocmdesk: lines of no interest left out here]")
    parts = [head, (marker + "\n").encode()]
    for block in blocks:
        parts += [block, b"[...]\n"]
    parts.append(tail)
    notes = [translate("rocmdesk.doctor.excerpt", "read all {mb} MB ({lines} lines): its first and last lines and "
                                                  "{hits} lines of interest in between").format(
        mb=f"{total / 1e6:.1f}", lines=f"{r.lines:,}", hits=f"{kept:,}")]
    if r.dropped:
        notes.append(translate("rocmdesk.doctor.excerpt",
                               "{n} more lines of interest in the middle were left out: the first and the last "
                               "of them were read").format(n=f"{r.dropped:,}"))
    del outside
    return Excerpt(b"".join(parts), total, r.lines, kept, r.dropped, notes)


def excerpt_bytes(data: bytes) -> Excerpt:
    return excerpt(_chunks_of(data))


def excerpt_file(path: str | os.PathLike[str]) -> Excerpt:
    return excerpt(_file_chunks(path))
