"""Sources as people read them (issue 18): "pytorch #147761" or "rocm-install-on-linux 6.2.4: system-requirements.rst"
instead of the data's ids ("S-SR624"); the id and the whole description stay on hover.

The names are derived from what the knowledge data says of each source (its ``what`` and URL), so a new source
needs no second name written by hand: an issue, pull request or discussion is its repository and number; a file in a
repository is the repository, the release or docs branch when one is named, and the file; anything else is the
first clause of its description.
"""

from __future__ import annotations

import re

from rocmdesk.knowledge import source_info

_THREAD = re.compile(r"github\.com/[\w.-]+/([\w.-]+)/(?:issues|pull|discussions)/(\d+)")
_RELEASE = re.compile(r"github\.com/[\w.-]+/([\w.-]+)/releases/tag/([\w.-]+)")
_REPO = re.compile(r"^([\w.-]+)/([\w.-]+)\s")
_FORK = re.compile(r"\s*\(fork of [^)]*\)")
_VERSION = re.compile(r"(?:branch docs/|tag rocm-|branch release/|docs-)(\d+(?:\.\d+)+)")
_FILE = re.compile(r"([\w.-]+\.(?:rst|mdx?|py|csv|json|sh|h|cpp|c|html|jinja|ya?ml|tsv))\b")
_CLAUSE = re.compile(r"\s(?:\(|@[0-9a-f]{6,})")
LONGEST = 56


def source_title(key: str) -> str:
    """A short readable name for the source ``key`` (the key itself when the data does not know it)."""
    info = source_info(key)
    if info is None:
        return key
    where = f"{info.url or ''} {info.what}"
    thread = _THREAD.search(where)
    if thread:
        return f"{thread.group(1)} #{thread.group(2)}"
    release = _RELEASE.search(where)
    if release:
        return f"{release.group(1)} {release.group(2)}"
    text = _FORK.sub("", info.what).strip()
    repo, file = _REPO.match(text + " "), _FILE.search(text)
    if repo and file:
        version = _VERSION.search(text)
        head = repo.group(2) + (f" {version.group(1)}" if version else "")
        return _short(f"{head}: {file.group(1)}")
    first = text.split(" ", 1)[0]
    if file and "/" in first:  # a bare address: its site, then the file
        version = _VERSION.search(first)
        return _short(first.split("/", 1)[0] + (f" {version.group(1)}" if version else "") + f": {file.group(1)}")
    cut = _CLAUSE.search(text)
    return _short(text[:cut.start()] if cut else text)


def _short(text: str) -> str:
    return text if len(text) <= LONGEST else text[:LONGEST - 1].rstrip() + "…"
