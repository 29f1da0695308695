"""A big log read whole, in bounded memory: its beginning, its end, and every line of interest in between with the
lines around it (issue 17: an error in the middle of an 8 MB journal used to be missed).

The input is read in chunks of a few MiB.  Lines of interest are those that hold one of a few keywords (every
recognizer's and catalogue pattern's own words; a test checks that each catalogue symptom holds one).  Finding them
must cost about what ``grep`` costs, so no regex reads the whole text (Python's ``re`` reads a log at ~10 MB/s) and
no keyword gets a pass of its own (40 ``bytes.find`` passes are 20x grep).  Instead, one pass: ``bytes.translate``
maps every byte to the anchor groups it can start or end (each keyword's rarest two letters are its anchor, the
anchors share four groups), numpy ANDs a byte's "starts" with the next byte's "ends" eight bytes at a time, and only
the few places where an anchor may stand are checked for their whole keyword (vectorized too).  The recognizers and
the catalogue's patterns then read this excerpt as they read a paste, so the excerpt is kept small: what they read
costs ~2 s per MB.  When more lines of interest turn up than the excerpt can hold, the first and the last ones are
kept and the excerpt says how many were left out.  A pure-Python reading (``lines_of_interest``) gives the same
lines for texts in memory; a test holds the two to each other.  For a regular file, GNU grep finds the lines of
interest instead, running beside the reader (doctor.grep_offsets: it costs a third of this search, and overlaps with
the reading and with the Doctor's imports); this search stays for pipes and whenever grep cannot be trusted.
"""

from __future__ import annotations

import os
import re
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from rocmdesk.doctor.big_input import KEYWORDS, MAX_STREAM_BYTES
from rocmdesk.i18n import translate


_DIGITS_RE = re.compile(rb"[0-9]+")


def _without_digits(line: bytes) -> bytes:
    """What a line says, its numbers (times, counters) left out."""
    return _DIGITS_RE.sub(b"", line)


CHUNK = 2 << 20  # numpy works on whole chunks (a few of them are the most one read holds at once)
HEAD_BYTES = 16 << 10  # the beginning (what a text's format is known by) ...
TAIL_BYTES = 48 << 10  # ... and the end (where the error that ended a run is, with its traceback) are kept whole
MIDDLE_BYTES = 256 << 10  # lines of interest between, with their context: the first half and the last half
BEFORE, AFTER = 12, 4  # lines kept around a line of interest
MAX_LINE = 4096  # a kept line is cut here
PIECE_HITS = 32  # a run of lines of interest close together is kept in pieces of this many (dense logs)


# English letter pairs, most frequent first (logs are mostly English words, numbers and punctuation): an anchor is a
# keyword's least frequent pair of adjacent bytes, and anchors share a translate group only where the pairs that
# group also lets through (one anchor's first byte, another's second) are rare, so few places need a check
_PAIRS = (
    "th he in er an re on at en nd ti es or te of ed is it al ar st to nt ng se ha as ou io le ve co me de hi ri ro ic "
    "ne ea ra ce li ch ll be ma si om ur ca el ta la ns di fo ho pe ec pr no ct us ac ot il tr ly nc et ut ss so rs un "
    "lo wa ge ie wh ee wi em ad ol rt po we na ul ni ts mo ow pa im mi ai sh ir su id os iv ia am fi ci vi pl ig tu ev "
    "ld ry mp fe bl ab gh ty op wo sa ay ex ke fr oo av ag if ap gr od bo sp rd do uc bu ei ov by rm ep tt oc fa ef cu "
    "rn sc gi da yo cr cl du ga qu ue ff ba ey ls va um pp ua up lu go ht ru ug ds lt pi rc rr eg au ck ew mu br bi pt "
    "ak pu ui rg ib tl ny ki rk ys ob mm fu ph og ms ye ud mb ip ub oi rl gu dr hr cc tw ft wn nu af hu nn eo vo rv nf "
    "xp gn sm fl iz ok nl my gl aw ju oa eq sy sl ps jo lf nv je nk kn gs dy hy ze ks xt bs ik dd cy rp sk xi oe oy ws "
    "lv dl rf eu dg wr xa yi nm eb rb tm xc eh tc gy ja hn yp za gg ym sw bj lm cs ii ix xe oh lk dv lp ax ox uf dm iu "
    "sf bt ka yt ek pm ya gt wl rh yl hs ah yc yn rw hm lw hl ae zi az lr"
).split()
_RANK = {p.encode(): r for r, p in enumerate(_PAIRS)}
# words every log is full of: their pairs are more frequent in a log than in English
_LOG_WORDS = (b"error", b"failed", b"warning", b"info", b"debug", b"device", b"kernel", b"memory", b"process",
              b"systemd", b"service", b"started", b"stopped", b"request", b"user", b"host", b"app", b"usb", b"pci")
_LOG_PAIRS = {w[i:i + 2] for w in _LOG_WORDS for i in range(len(w) - 1)}


def _pair_freq(x: int, y: int) -> float:
    """About how often the two bytes ``x`` ``y`` (lower case) follow each other in a log, per byte."""
    pair = bytes((x, y))
    if pair in _LOG_PAIRS:
        return .02
    if pair in _RANK:
        return .03 / (1 + _RANK[pair] / 8)
    if x == 32 or y == 32:  # a word's first or last letter
        return .025
    digit_x, digit_y = chr(x).isdigit(), chr(y).isdigit()
    if digit_x and digit_y:
        return .004
    if digit_x or digit_y:
        return .001
    return .0002


_GROUPS = 8  # a translated byte holds eight bits: "may start (or end) an anchor of group g"


@dataclass(frozen=True)
class _Plan:
    """The tables one scan uses (built once)."""

    starts: bytes  # bytes.translate table: byte -> the anchor groups it may start (a bit each)
    ends: bytes  # ... and those it may end
    lower: Any  # numpy uint8[256]: ASCII lower case
    is_anchor: Any  # numpy bool[65536] by code: b0 | b1 << 8 (either case)
    anchors: dict[int, list[tuple[bytes, int]]]  # anchor code (lower case) -> (keyword, its offset)


def _anchor(kw: bytes) -> int:
    """The offset of ``kw``'s rarest two adjacent bytes."""
    return min(range(len(kw) - 1), key=lambda i: _pair_freq(kw[i], kw[i + 1]))


def _cases(c: int) -> set[int]:
    return {c, ord(chr(c).upper())}


@cache
def _plan() -> _Plan:
    import numpy as np

    anchors: dict[int, list[tuple[bytes, int]]] = {}
    for kw in KEYWORDS:
        i = _anchor(kw)
        anchors.setdefault(kw[i] | kw[i + 1] << 8, []).append((kw, i))
    # anchors share groups so that a group's starts and ends make few pairs that are no anchor (each is checked
    # for nothing): each goes where it adds the least expected frequency of such pairs
    starts: list[set[int]] = [set() for _ in range(_GROUPS)]
    ends: list[set[int]] = [set() for _ in range(_GROUPS)]

    def weight(s: set[int], e: set[int]) -> float:  # the pairs of a group that are no anchor, by frequency
        return sum(_pair_freq(x, y) for x in s for y in e if x | y << 8 not in anchors)

    for code in sorted(anchors, key=lambda c: -_pair_freq(c & 0xFF, c >> 8)):
        a, b = code & 0xFF, code >> 8
        g = min(range(_GROUPS), key=lambda g: (weight(starts[g] | {a}, ends[g] | {b}) - weight(starts[g], ends[g])))
        starts[g].add(a)
        ends[g].add(b)
    start_table, end_table = bytearray(256), bytearray(256)
    for g in range(_GROUPS):
        for c in starts[g]:
            for v in _cases(c):
                start_table[v] |= 1 << g
        for c in ends[g]:
            for v in _cases(c):
                end_table[v] |= 1 << g
    lower = np.arange(256, dtype=np.uint8)
    lower[65:91] += 32
    is_anchor = np.zeros(65536, dtype=bool)
    for code in anchors:
        for a in _cases(code & 0xFF):
            for b in _cases(code >> 8):
                is_anchor[a | b << 8] = True
    return _Plan(bytes(start_table), bytes(end_table), lower, is_anchor, anchors)


def _candidates(data: Any, body: bytes, start: int, end: int) -> Any:
    """Offsets in ``body[start:end]`` (``data``: its numpy view) where an anchor may start (a superset of where
    one does), ascending."""
    import numpy as np

    plan = _plan()
    first = np.frombuffer(body.translate(plan.starts), dtype=np.uint8, count=end - start, offset=start)
    second = np.frombuffer(body.translate(plan.ends), dtype=np.uint8, count=end - start, offset=start)
    n = len(first) - 1  # pairs (i, i + 1)
    n8 = n // 64 * 64
    pos = np.zeros(0, dtype=np.intp)
    if n8:
        # eight pairs per 64-bit word: the groups a byte may start AND those the next byte may end; then which
        # runs of eight words hold one (a 64th of the words to look through)
        words = first[:n8].view("<u8") & second[1:n8 + 1].view("<u8")
        busy = np.flatnonzero((words != 0).view("<u8"))
        if len(busy):
            hit = (busy[:, None] * 8 + np.arange(8)).ravel()
            hit = hit[words[hit] != 0]
            rows, cols = np.nonzero(words[hit].view(np.uint8).reshape(-1, 8))
            pos = hit[rows] * 8 + cols
    rest = first[n8:n] & second[n8 + 1:n + 1]
    if rest.any():
        pos = np.concatenate([pos, np.flatnonzero(rest) + n8])
    if len(pos):  # a pair of one anchor's start and another's end is no anchor
        pos = pos[plan.is_anchor[data[pos].astype(np.uint16) | (data[pos + 1].astype(np.uint16) << 8)]]
    return pos


def keyword_offsets(body: bytes, start: int = 0, end: int | None = None) -> Any:
    """Offsets in ``body[start:end]`` (from ``start``) of every keyword (case-insensitive), ascending, each place
    once (a numpy intp array).  ``body`` is not copied."""
    import numpy as np

    plan = _plan()
    end = len(body) if end is None else end
    data = np.frombuffer(body, dtype=np.uint8, count=end - start, offset=start)
    cand = _candidates(data, body, start, end)
    if not len(cand):
        return cand
    low = plan.lower
    code = low[data[cand]].astype(np.uint16) | (low[data[cand + 1]].astype(np.uint16) << 8)
    found = []
    for anchor, kws in plan.anchors.items():
        at = cand[code == anchor]
        if not len(at):
            continue
        for kw, off in kws:
            start = at - off
            start = start[(start >= 0) & (start + len(kw) <= len(data))]
            for j, ch in enumerate(kw):
                if j in (off, off + 1) or not len(start):
                    continue
                start = start[low[data[start + j]] == ch]
            if len(start):
                found.append(start)
    if not found:
        return np.zeros(0, dtype=np.intp)
    return np.unique(np.concatenate(found))


def lines_of_interest(text: str) -> list[str]:
    """The lines of ``text`` that hold a keyword, in order (``bytes.find`` per keyword: for texts in memory, where
    numpy's import would cost more than it saves)."""
    low = text.lower()
    starts: set[int] = set()
    for kw in KEYWORDS:
        word = kw.decode()
        pos = low.find(word)
        while pos >= 0:
            start = low.rfind("\n", 0, pos) + 1
            starts.add(start)
            end = low.find("\n", pos)
            if end < 0:
                break
            pos = low.find(word, end)
    out = []
    for start in sorted(starts):
        end = text.find("\n", start)
        out.append(text[start:end if end >= 0 else len(text)])
    return out


@dataclass
class Excerpt:
    """The text the Doctor reads for a big input, and what it says about how it was made."""

    data: bytes
    total_bytes: int
    total_lines: int
    kept_lines: int  # lines of interest from the middle (context not counted)
    left_out: int = 0  # lines of interest beyond MIDDLE_BYTES, not kept
    notes: list[str] = field(default_factory=list)
    limited: bool = False  # a size limit kept part of the input from being read at all

    @property
    def cut(self) -> bool:
        return self.left_out > 0 or self.limited


def _chunks_of(data: bytes) -> Iterator[bytes]:
    for i in range(0, len(data), CHUNK):
        yield data[i:i + CHUNK]


def file_chunks(fh: Any) -> Iterator[bytes]:
    """An open binary file (or standard input's buffer) in chunks, to its end."""
    while True:
        chunk = fh.read(CHUNK)
        if not chunk:
            return
        yield chunk


# where the keywords are in ``buf[start:end]``, which is ``offset`` in the input: offsets from ``start``, ascending
Finder = Callable[[bytes, int, int, int], Any]


def _own_search(buf: bytes, start: int, end: int, offset: int) -> Any:
    return keyword_offsets(buf, start, end)


class _Reader:
    """The state of one read: the head, the raw tail, and the pieces of lines of interest (start offset, bytes,
    lines of interest in it): the first and the last MIDDLE_BYTES // 2 of them."""

    def __init__(self, find: Finder | None = None) -> None:
        self.find = find or _own_search
        self.head = b""
        self.head_full = False
        self.tail = b""
        self.before = b""  # the previous body's last lines: context for a hit at the start of the next
        self.owed = 0  # lines of context after a hit at the end of the previous body, still to keep
        # (offset, length in the input, the bytes kept, lines of interest in them)
        self.first: list[tuple[int, int, bytes, int]] = []
        self.last: deque[tuple[int, int, bytes, int]] = deque()
        self.first_bytes = self.last_bytes = 0
        self.hits = self.dropped = self.lines = self.repeats = 0
        self.seen: set[bytes] = set()  # lone lines of interest kept, without their digits

    def body(self, buf: bytes, offset: int, start: int = 0, end: int | None = None) -> None:
        """The whole lines ``buf[start:end]`` (it ends with a newline), which start at ``offset`` of the input."""
        import numpy as np

        end = len(buf) if end is None else end
        data = np.frombuffer(buf, dtype=np.uint8, count=end - start, offset=start)
        newlines = None
        if not self.head_full:
            room = HEAD_BYTES - len(self.head)
            if end - start <= room:
                self.head += buf[start:end]
            else:
                self.head += buf[start:buf.rfind(b"\n", start, start + room) + 1]
                self.head_full = True
        if end - start < 2 * TAIL_BYTES:
            self.tail = (self.tail + buf[start:end])[-2 * TAIL_BYTES:]
        else:
            self.tail = buf[end - 2 * TAIL_BYTES:end]
        if self.owed:
            newlines = np.flatnonzero(data == 10)
            upto = int(newlines[min(self.owed, len(newlines)) - 1]) + 1
            self._keep(offset, buf[start:start + upto], 0)
            self.owed = 0
        hits = self.find(buf, start, end, offset)
        if len(hits):
            if newlines is None:
                newlines = np.flatnonzero(data == 10)
            self._pieces(buf, start, offset, hits, newlines)
            self.lines += len(newlines)
        else:
            self.lines += int(np.count_nonzero(data == 10)) if newlines is None else len(newlines)
        self.before = buf[_back(buf, end, BEFORE, start):end]

    def _pieces(self, buf: bytes, base: int, offset: int, hits: Any, newlines: Any) -> None:
        """Keep the lines holding ``hits`` (offsets from ``base`` in ``buf``, which is ``offset`` in the input) with
        their context: runs of lines close together, in pieces."""
        import numpy as np

        lines = np.unique(np.searchsorted(newlines, hits))  # line i ends at newlines[i]
        last_line = len(newlines) - 1
        # a new run where the context of a line does not reach the next line's
        breaks = np.flatnonzero(np.diff(lines) > BEFORE + AFTER + 1) + 1
        bounds = [0, *breaks.tolist(), len(lines)]
        starts = np.concatenate([[0], newlines + 1])  # line i starts at starts[i]
        pieces: list[tuple[int, int, int]] = []  # (first line, last line, lines of interest)
        for lo, hi in zip(bounds[:-1], bounds[1:]):
            first = max(int(lines[lo]) - BEFORE, 0)
            end = min(int(lines[hi - 1]) + AFTER, last_line)
            if hi - lo == 1 and self._repeated(buf, base + int(starts[lines[lo]]), base + int(newlines[lines[lo]])):
                continue
            for k in range(lo, hi, PIECE_HITS):  # a dense run in pieces, cut at a line of interest
                stop = int(lines[k + PIECE_HITS]) - 1 if k + PIECE_HITS < hi else end
                pieces.append((first, stop, min(PIECE_HITS, hi - k)))
                first = stop + 1
        if not pieces:
            return
        if int(lines[-1]) + AFTER > last_line:
            self.owed = int(lines[-1]) + AFTER - last_line
        # only what the first half can still take and the last half's worth from the end are made into bytes
        keep_from = len(pieces)
        size = 0
        while keep_from > 0 and size <= MIDDLE_BYTES // 2:
            keep_from -= 1
            a, b, _ = pieces[keep_from]
            size += int(starts[b + 1] - starts[a])
        for i, (a, b, n) in enumerate(pieces):
            if i < keep_from and self.first_bytes >= MIDDLE_BYTES // 2:
                self.hits += n
                self.dropped += n
                continue
            lo, hi = int(starts[a]), int(starts[b + 1])
            block = buf[base + lo:base + hi]
            if a == 0 and self.before:  # the previous body's last lines are this one's context
                block = self.before + block
                lo -= len(self.before)
            self._keep(offset + lo, block, n)

    def _repeated(self, buf: bytes, lo: int, hi: int) -> bool:
        """Whether the lone line of interest ``buf[lo:hi]`` was seen before, but for its digits (a timestamp, a
        counter): a log says the same thing again and again, and its repeats must not crowd out what it says once."""
        key = _without_digits(buf[lo:min(hi, lo + 512)])
        if key in self.seen:
            self.hits += 1
            self.repeats += 1
            return True
        if len(self.seen) < 20000:
            self.seen.add(key)
        return False

    def _keep(self, at: int, raw: bytes, n: int) -> None:
        """Keep ``raw`` (the input's bytes from offset ``at``), its lines cut at MAX_LINE: (at, raw length, block)."""
        self.hits += n
        block = raw
        if len(raw) > MAX_LINE and max(map(len, raw.split(b"\n"))) > MAX_LINE:
            block = b"\n".join(line[:MAX_LINE] for line in raw.split(b"\n"))
        if self.first_bytes + len(block) <= MIDDLE_BYTES // 2:
            self.first.append((at, len(raw), block, n))
            self.first_bytes += len(block)
            return
        self.first_bytes = MIDDLE_BYTES  # full: later pieces go to the last half, in order
        self.last.append((at, len(raw), block, n))
        self.last_bytes += len(block)
        while self.last_bytes > MIDDLE_BYTES // 2 and len(self.last) > 1:
            _, _, old, dropped = self.last.popleft()
            self.last_bytes -= len(old)
            self.dropped += dropped


def _back(body: bytes, pos: int, n: int, floor: int = 0) -> int:
    """The start of the line ``n`` lines before the one starting at ``pos`` (``floor`` when the body starts
    first)."""
    for _ in range(n):
        if pos <= floor:
            return floor
        pos = max(body.rfind(b"\n", floor, pos - 1) + 1, floor)
    return pos


def excerpt(chunks: Iterable[bytes], *, limit: int = MAX_STREAM_BYTES, skipped: int = 0,
            find: Finder | None = None) -> Excerpt:
    """Read ``chunks`` (the input in order) into an :class:`Excerpt`; memory stays bounded by the excerpt and a
    few chunks.  Past ``limit`` bytes nothing more is read; ``skipped``: bytes before the chunks that were not read
    (a file too big, read from its end).  Either way the excerpt's notes say so.  ``find``: where the keywords are
    (default: this module's own search; grep's offsets for a file, see :func:`excerpt_file`)."""
    r = _Reader(find)
    carry = b""
    offset = total = 0
    stopped = False  # the input went on past ``limit``
    cut = False  # the input ends inside an endless line, read in pieces
    for chunk in chunks:
        if total + len(chunk) > limit:
            chunk, stopped = chunk[:limit - total], True
        total += len(chunk)
        first = chunk.find(b"\n") + 1
        if not first:
            carry += chunk
            if len(carry) > 4 * CHUNK:  # one endless line: read it in pieces all the same
                r.body(carry + b"\n", offset)
                r.lines -= 1  # a piece, not a line
                offset += len(carry)
                carry, cut = b"", True
        else:
            start, cut = 0, False
            if carry:  # the line the previous chunk ended in: joined (small), the chunk itself is never copied
                r.body(carry + chunk[:first], offset)
                offset += len(carry) + first
                start, carry = first, b""
            end = chunk.rfind(b"\n") + 1
            if end > start:
                r.body(chunk, offset, start, end)
                offset += end - start
            carry = chunk[end:]
        if stopped:
            break
    if carry:
        r.body(carry + b"\n", offset)
        offset += len(carry) + 1
    elif cut:
        r.lines += 1  # its last piece
    head = r.head
    tail = r.tail[-TAIL_BYTES:]
    if len(r.tail) > TAIL_BYTES:
        tail = tail[tail.find(b"\n") + 1:]
    tail_at = offset - len(tail)
    notes = _limit_notes(total, skipped, stopped)
    cut = bool(skipped or stopped)
    if tail_at <= len(head):  # head and tail meet: all that was read is there
        return Excerpt(head + tail[len(head) - tail_at:], total + skipped, r.lines, 0, 0, notes, cut)
    parts = [head, (translate("rocmdesk.doctor.excerpt", "[rocmdesk: lines of no interest left out here]")
                    + "\n").encode()]
    kept, end = 0, len(head)
    for at, size, block, n in [*r.first, *r.last]:
        # only what lies between the head and the tail (they are there whole), each line once
        lo, hi = max(at, end), min(at + size, tail_at)
        if lo >= hi:
            continue
        if lo > end:
            parts.append(b"[...]\n")
        parts.append(block[lo - at:hi - at] if len(block) == size else block)  # a block with cut lines: whole
        kept += n
        end = hi
    if end < tail_at:
        parts.append(b"[...]\n")
    parts.append(tail)
    said = (translate("rocmdesk.doctor.excerpt", "read all {mb} MB ({lines} lines): its first and last lines and "
                                                 "{hits} lines of interest in between") if not cut else
            translate("rocmdesk.doctor.excerpt", "read {mb} MB of it ({lines} lines): their first and last lines "
                                                 "and {hits} lines of interest in between"))
    notes.insert(0, said.format(mb=f"{total / 1e6:.1f}", lines=f"{r.lines:,}", hits=f"{kept:,}"))
    if r.repeats:
        notes.append(translate("rocmdesk.doctor.excerpt", "{n} lines of interest that only repeat one kept before "
                                                          "(but for their numbers) were left out").format(
            n=f"{r.repeats:,}"))
    if r.dropped:
        notes.append(translate("rocmdesk.doctor.excerpt",
                               "{n} more lines of interest in the middle were left out: the first and the last "
                               "of them were read").format(n=f"{r.dropped:,}"))
    return Excerpt(b"".join(parts), total + skipped, r.lines, kept, r.dropped, notes, cut)


def _limit_notes(read: int, skipped: int, stopped: bool) -> list[str]:
    """What a size limit kept from being read, in plain words (the report shows these first)."""
    notes = []
    if skipped:
        notes.append(translate("rocmdesk.doctor.excerpt", "NOT READ: the first {skipped} MB of this input (it is "
                                                          "larger than {limit} MB): only its last {read} MB were "
                                                          "read").format(skipped=f"{skipped / 1e6:,.0f}",
                                                                         limit=f"{MAX_STREAM_BYTES / 1e6:,.0f}",
                                                                         read=f"{read / 1e6:,.0f}"))
    if stopped:
        notes.append(translate("rocmdesk.doctor.excerpt", "NOT READ: everything after the first {read} MB of this "
                                                          "input (the most rocmdesk reads)").format(
            read=f"{read / 1e6:,.0f}"))
    return notes


def excerpt_bytes(data: bytes) -> Excerpt:
    return excerpt(_chunks_of(data))


def excerpt_file(path: str | os.PathLike[str], limit: int = MAX_STREAM_BYTES, *, use_grep: bool = True) -> Excerpt:
    """A file read whole; one larger than ``limit`` from its last ``limit`` bytes on (a log's newest lines).  A
    regular file's lines of interest are found by grep beside the reader (doctor.grep_offsets; ``doctor --from``
    starts it itself, earlier, and calls :func:`read_begun`).  OSError: the file cannot be opened."""
    from rocmdesk.doctor.grep_offsets import begin

    fh, grep = begin(path, KEYWORDS if use_grep else None, limit)
    return read_begun(fh, grep, limit)


def read_begun(fh: Any, grep: Any, limit: int = MAX_STREAM_BYTES) -> Excerpt:
    """The excerpt of the file open on ``fh`` (closed here), with ``grep``'s offsets when it was started
    (:func:`rocmdesk.doctor.grep_offsets.begin`).  When grep cannot run or does not finish well, the file is read
    again with this module's own search.  OSError: the file cannot be read."""
    with fh:
        if grep is not None:
            found = _with_grep(grep, fh)
            if found is not None:
                return found
            fh.seek(0)
        size = os.fstat(fh.fileno()).st_size
        skipped = 0
        if size > limit:
            fh.seek(size - limit)
            fh.readline()  # from the first whole line on
            skipped = fh.tell()
        return excerpt(file_chunks(fh), limit=limit, skipped=skipped)


def _with_grep(grep: Any, fh: Any) -> Excerpt | None:
    """The file's excerpt with grep's offsets, or None when grep could not give all of them."""
    ok = False
    try:
        def find(buf: bytes, start: int, end: int, offset: int) -> Any:
            return grep.upto(offset + end - start) - offset

        part = excerpt(file_chunks(fh), find=find)
    finally:
        ok = grep.finish()
    return part if ok else None
