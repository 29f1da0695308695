"""Text clean-up shared by the parsers: what terminals, pastes and decoders add to tool output."""

from __future__ import annotations

import re
from dataclasses import dataclass

from rocmdesk.formats import limits
from rocmdesk.formats.errors import FormatError
from rocmdesk.i18n import translate

# CSI sequences (colours, cursor moves) and the short two-byte escapes.
_ANSI_RE = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b[@-Z\\-_]")
# The same escapes after a pager, `watch` or an issue tracker dropped or spelled out the ESC byte: caret notation
# ("^[[3m", and "^[3m" where Markdown ate the bracket) anywhere, and a bare colour code ("[3m", "[0m", "[1;31m")
# only at the start or the end of a line, where rocm-smi's italic header row leaves it: inside a line "[1m" could
# be content.  Removing them puts the text back in the columns it had on the terminal (the escapes took none).
_CARET_RE = re.compile(r"\^\[\[?[0-9;]{0,12}[A-Za-z]")
_BARE_HEAD_RE = re.compile(r"\[[0-9]{1,3}(?:;[0-9]{1,3}){0,3}m")
_BARE_TAIL_RE = re.compile(r"\[[0-9]{1,3}(?:;[0-9]{1,3}){0,3}m$")
# tmux copy-mode puts "[391/1815]" at the right edge of copied lines, after two or more blanks.  Matched at the
# end of the stripped line only: "\s{2,}...$" tried from every blank of a long blank run is quadratic.
_TMUX_MARK_RE = re.compile(r"\[\d{1,12}/\d{1,12}\]$")
# Terminal-to-HTML pastes in issue trackers (<font color=...>, <b>); only these tags,
# because "<username>" in a pasted line is content.
# A shell prompt and the command typed after it ("$ lspci -nn", "mei@box:~$ rocminfo", "(venv) mei@box:~/x$ python
# t.py", "[mei@box ~]$ rocm-smi", "root@box:~# dmesg", "PS C:\> wsl ..."): not the tool's output, so the line is
# blanked (its number kept).  A bare "#" counts only before a tool's name: "# comment" lines are content elsewhere.
_PROMPT_RE = re.compile(
    r"[^\S\n]{0,8}(?:\([\w.-]{1,64}\)[^\S\n]{1,4})?"
    r"(?:(?:[\w.-]{1,64}@[\w.-]{1,64}(?::[^\s$#%>]{0,256}|[^\S\n]{1,2}[~/][^\s$#%>]{0,256})?|\[[\w.-]{1,64}@[\w.-]{1,64}[^\]\n]{0,256}\])"
    r"[^\S\n]{0,4}[$#%]|\$|PS [A-Za-z]:\\[^>\n]{0,256}>|#(?=[^\S\n]{1,4}(?:sudo|lspci|rocminfo|rocm-smi|amd-smi|dmesg|"
    r"journalctl|python3?|pip|clinfo|uname|cat|grep|apt|dpkg|ls)\b))[^\S\n]{1,4}(?=\S)")
_HTML_TAG_RE = re.compile(r"</?(?:font|b|i|pre|code|span|br)\b[^>]*>", re.IGNORECASE)
# Characters that do not occur in text output: C0 controls other than tab/newline/CR/ESC/FF/VT,
# and U+FFFD, which a lenient decoder leaves for invalid bytes.
_SUSPICIOUS_RE = re.compile("[\x00-\x08\x0e-\x1a\x1c-\x1f\x7f\ufffd]")

BINARY_RATIO = 0.25  # above this share of suspicious characters, the input is not text


@dataclass
class CleanStats:
    ansi: int = 0  # lines that carried escape sequences
    tmux: int = 0  # lines that carried tmux copy-mode markers
    html: int = 0  # lines that carried HTML tags
    prompts: int = 0  # shell prompt lines (a command typed, not output) blanked


class AnyWord:
    """Whether a line holds one of ``words``, ignoring case as ``re.IGNORECASE`` does: a pattern that ignores
    case cannot use re's fast scan for its first letters, so an ASCII line (nearly every line of a log) is lowered
    and searched for the lowered words instead, ten times faster; any other line is searched as re would."""

    def __init__(self, *words: str) -> None:
        self.words = words
        self._lowered = re.compile("|".join(re.escape(w.lower()) for w in words))
        self._folding = re.compile("|".join(re.escape(w) for w in words), re.IGNORECASE)

    def __call__(self, line: str) -> bool:
        if line.isascii():
            return self._lowered.search(line.lower()) is not None
        return self._folding.search(line) is not None


def binary_reason(text: str) -> str | None:
    """Why ``text`` is not tool output but decoded binary data, or None when it reads as text."""
    if not text:
        return None
    sample = text[:65536]
    bad = len(_SUSPICIOUS_RE.findall(sample))
    if bad / len(sample) > BINARY_RATIO:
        return translate(
            "rocmdesk.formats.text",
            "the input looks binary ({percent}% NUL, control or undecodable bytes), not text output",
        ).format(percent=100 * bad // len(sample))
    return None


_PROMPT_FIRST = frozenset("$#([P")


def is_prompt(line: str) -> bool:
    """Whether ``line`` is a shell prompt with a command typed after it (see ``_PROMPT_RE``)."""
    return _PROMPT_RE.match(line[:1024]) is not None


def _lost_escapes(line: str) -> str:
    """``line`` without colour codes whose ESC byte was lost or spelled out (see ``_CARET_RE``)."""
    if "^[" in line:
        line = _CARET_RE.sub("", line)
    head = _BARE_HEAD_RE.match(line)
    if head is not None:
        line = line[head.end():]
    body = line.rstrip()
    if body.endswith("m") and (tail := _BARE_TAIL_RE.search(body, max(0, len(body) - 20))) is not None:
        line = body[: tail.start()]
    return line


def clean_lines(text: str) -> tuple[list[str], CleanStats]:
    """Split into lines with escapes, tmux markers, NULs, shell prompt lines and trailing blanks removed.

    Leading indentation is kept: parsers may use it as a hint.
    """
    stats = CleanStats()
    out: list[str] = []
    for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        if "\x1b" in line:
            stripped = _ANSI_RE.sub("", line)
            if stripped != line:
                stats.ansi += 1
            line = stripped.replace("\x1b", "")
        elif "[" in line and "m" in line:
            lost = _lost_escapes(line)
            if lost != line:
                stats.ansi += 1
                line = lost
        if "<" in line:
            stripped = _HTML_TAG_RE.sub("", line)
            if stripped != line:
                stats.html += 1
                line = stripped
        if "\x00" in line:
            line = line.replace("\x00", "")  # NUL-padded fixed-size strings
        if line[:1] in _PROMPT_FIRST or line[:1].isalnum() or line[:1] == " ":
            if _PROMPT_RE.match(line[:1024]):
                stats.prompts += 1
                line = ""
        body = line.rstrip()
        if body.endswith("]") and (mark := _TMUX_MARK_RE.search(body)) is not None:
            head = body[: mark.start()]
            if len(head) - len(head.rstrip()) >= 2:
                stats.tmux += 1
                body = head.rstrip()
        out.append(body)
    return out, stats


def decode_input(data: bytes) -> str:
    """Decode captured or pasted tool output; reject data that is plainly not text.

    Understands UTF-8 (with or without BOM) and UTF-16 (PowerShell redirects on WSL hosts);
    invalid bytes become U+FFFD.  Raises FormatError for binary data, LimitError for more than
    ``limits.MAX_INPUT_BYTES``.
    """
    limits.check_size(len(data))
    if data.startswith(b"\xef\xbb\xbf"):
        text = data[3:].decode("utf-8", errors="replace")
    elif data.startswith((b"\xff\xfe", b"\xfe\xff")):
        text = data.decode("utf-16", errors="replace")
    else:
        utf16 = _bare_utf16(data)
        text = data.decode(utf16 or "utf-8", errors="replace")
    reason = binary_reason(text)
    if reason:
        raise FormatError(reason)
    return text


def _bare_utf16(data: bytes) -> str | None:
    """UTF-16 without a BOM: mostly-ASCII text leaves every other byte NUL."""
    if len(data) < 8:
        return None
    even, odd = data[0::2], data[1::2]
    if odd.count(0) >= 0.9 * len(odd) and even.count(0) <= 0.1 * len(even):
        return "utf-16-le"
    if even.count(0) >= 0.9 * len(even) and odd.count(0) <= 0.1 * len(odd):
        return "utf-16-be"
    return None


_LEADING_BLANK_LINES = re.compile(r"\s*\n")  # anchored by match(): one start, linear


def sniff_sample(text: str, limit: int) -> str:
    """The top of ``text`` a sniffer reads: ``limit`` characters from its first line that is not blank (that line's
    indentation kept), so that a paste starting with a screenful of empty lines is still recognised."""
    blank = _LEADING_BLANK_LINES.match(text)
    return text[blank.end():blank.end() + limit] if blank else text[:limit]


def dedented(text: str) -> str:
    """``text`` without the indentation every one of its lines shares: a paste quoted as a Markdown code block by
    indenting it four blanks, or copied out of an indented list; and without the "> " of a quoted reply when every
    line has one.  Relative indentation (amd-smi's sections, rocminfo's pools, lspci -v's tabs) is kept; text with any
    line at the margin comes back unchanged."""
    text = _unquoted(text)
    common: str | None = None
    for line in text.split("\n"):
        body = line.rstrip("\r")
        if not body.strip():
            continue
        lead = body[: len(body) - len(body.lstrip(" \t"))]
        if not lead:
            return text
        if common is None:
            common = lead
        elif not lead.startswith(common):
            n = 0
            while n < min(len(common), len(lead)) and common[n] == lead[n]:
                n += 1
            common = common[:n]
            if not common:
                return text
    if not common:
        return text
    width = len(common)
    return "\n".join(line[width:] if line.startswith(common) else line.lstrip(" \t") for line in text.split("\n"))


def _unquoted(text: str) -> str:
    lines = text.split("\n")
    if not any(line.strip() for line in lines) or any(line.strip() and not line.lstrip(" ").startswith(">")
                                                        for line in lines):
        return text
    out = []
    for line in lines:
        body = line.lstrip(" ")
        if body.startswith(">"):
            body = body[1:]
            body = body[1:] if body.startswith(" ") else body  # "> " then the line as printed (a tab kept)
        out.append(body)
    return "\n".join(out)

