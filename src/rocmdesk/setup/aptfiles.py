"""Reading apt's own files back (one-line lists, deb822 .sources, preferences), to tell a step is done."""

from __future__ import annotations

import re
from dataclasses import dataclass

_DEB = re.compile(r"deb\s+(?:\[([^\]]*)\]\s+)?(\S+)\s+(\S+)((?:\s+\S+)*)\s*")


@dataclass(frozen=True)
class AptEntry:
    uri: str
    suite: str
    components: tuple[str, ...]
    signed_by: str | None
    arch: str | None

    def same_repo(self, other: "AptEntry") -> bool:
        """Same repository and key; the arch option is not compared (amd64 is the machine's own)."""
        return (self.uri.rstrip("/"), self.suite, self.components, self.signed_by) == (
            other.uri.rstrip("/"), other.suite, other.components, other.signed_by)


def _active(text: str) -> list[str]:
    return [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.strip().startswith("#")]


def parse_list_line(line: str) -> AptEntry | None:
    m = _DEB.fullmatch(line.strip())
    if not m:
        return None
    opts = dict(o.split("=", 1) for o in (m.group(1) or "").split() if "=" in o)
    return AptEntry(m.group(2), m.group(3), tuple(m.group(4).split()), opts.get("signed-by"), opts.get("arch"))


def parse_sources(text: str) -> list[AptEntry]:
    """deb822 stanzas -> one entry per (URI, suite)."""
    out: list[AptEntry] = []
    for stanza in re.split(r"\n\s*\n", text):
        fields: dict[str, str] = {}
        for ln in _active(stanza):
            key, sep, value = ln.partition(":")
            if sep:
                fields[key.strip().lower()] = value.strip()
        if "deb" not in fields.get("types", "").split() or fields.get("enabled", "yes").lower() == "no":
            continue
        for uri in fields.get("uris", "").split():
            for suite in fields.get("suites", "").split():
                out.append(AptEntry(uri, suite, tuple(fields.get("components", "").split()),
                                    fields.get("signed-by"), fields.get("architectures")))
    return out


def entries(path: str, text: str) -> list[AptEntry]:
    if path.endswith(".sources"):
        return parse_sources(text)
    found = [parse_list_line(ln) for ln in _active(text)]
    return [e for e in found if e is not None]


def parse_pin(text: str) -> list[dict[str, str]]:
    """Preference stanzas as dicts of ``Package`` / ``Pin`` / ``Pin-Priority``."""
    out = []
    for stanza in re.split(r"\n\s*\n", text):
        fields = {}
        for ln in _active(stanza):
            key, sep, value = ln.partition(":")
            if sep and key.strip() != "Explanation":
                fields[key.strip()] = " ".join(value.split())
        if fields:
            out.append(fields)
    return out
