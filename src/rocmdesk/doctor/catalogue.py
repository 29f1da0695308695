"""The catalogue of known failures, read from ``knowledge/data/doctor_catalogue.json``.

Knowledge is data: ids, titles, summaries, symptom patterns, fix texts and sources live in the file;
the checks that find evidence are code (``machine_checks``, ``text_checks``).  Every user-visible
string has a stable key (``strings()``) so a translator can work from the keys alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from rocmdesk.doctor.model import FIX_KINDS, SEVERITIES, Finding, Fix, FixStep
from rocmdesk.i18n import translate
from rocmdesk.knowledge._data import load_json

FILE = "doctor_catalogue.json"


@dataclass(frozen=True)
class Entry:
    id: str
    severity: str
    title: str
    summary: str
    signals: tuple[str, ...]  # "<format>:<kind>" of a recognizer (rocminfo:kfd-permission, verify:cpu-only-wheel)
    patterns: tuple[re.Pattern[str], ...]  # over raw pasted text
    checks: tuple[str, ...]  # what finds evidence, in words
    fix_kind: str
    fix_steps: tuple[FixStep, ...]
    sources: tuple[str, ...]
    step_when: tuple[frozenset[str], ...] = ()  # per fix step: the situations it is for (empty: always)
    # per fix step: its command as written, placeholders and all; ``fix_steps`` have the defaults filled in
    commands: tuple[str | None, ...] = ()
    params: tuple[tuple[str, str], ...] = ()  # placeholder -> its value when a check names none ({var})

    @property
    def source(self) -> str:
        return ", ".join(self.sources)


class _Blank(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _entry(raw: dict[str, Any]) -> Entry:
    eid = raw["id"]
    fix = raw["fix"]
    defaults = {str(k): str(v) for k, v in raw.get("params", {}).items()}
    commands = tuple(s.get("command") for s in fix["steps"])
    steps = tuple(FixStep(f"doctor.{eid}.fix.{i + 1}", s["text"], c.format_map(_Blank(defaults)) if c else c)
                  for i, (s, c) in enumerate(zip(fix["steps"], commands)))
    when = tuple(frozenset(s.get("when", ())) for s in fix["steps"])
    sym = raw.get("symptoms", {})
    return Entry(eid, raw["severity"], raw["title"], raw["summary"], tuple(sym.get("signals", ())),
                 tuple(re.compile(p, re.IGNORECASE) for p in sym.get("patterns", ())),
                 tuple(raw.get("checks", ())), fix["kind"], steps, tuple(raw.get("sources", ())), when,
                 commands, tuple(defaults.items()))


@cache
def catalogue() -> dict[str, Entry]:
    """Every entry by id, in catalogue order."""
    out: dict[str, Entry] = {}
    for raw in load_json(FILE)["entries"]:
        e = _entry(raw)
        if e.id in out or e.severity not in SEVERITIES or e.fix_kind not in FIX_KINDS:
            raise ValueError(f"{FILE}: bad entry {e.id!r}")
        out[e.id] = e
    return out


def entry(id: str) -> Entry:
    return catalogue()[id]


def entry_data(id: str) -> dict[str, Any]:
    """Extra facts an entry's check function uses (``data`` in the file)."""
    raw = next((r for r in load_json(FILE)["entries"] if r["id"] == id), {})
    return dict(raw.get("data", {}))


def order(id: str) -> int:
    return list(catalogue()).index(id) if id in catalogue() else len(catalogue())


def catalogue_sources() -> dict[str, dict[str, str]]:
    """Source keys the catalogue defines itself (beside those of sources.json)."""
    return dict(load_json(FILE).get("sources", {}))


@cache
def signal_map() -> dict[str, tuple[str, ...]]:
    """'<format>:<kind>' -> the catalogue ids that signal points at."""
    out: dict[str, list[str]] = {}
    for e in catalogue().values():
        for s in e.signals:
            out.setdefault(s, []).append(e.id)
    return {k: tuple(v) for k, v in out.items()}


def shown(text: str) -> str:
    """A catalogue sentence (title, summary, fix step) in the current language.  Findings keep the English,
    which is the translation's key and what ``--json`` shows; scripts/i18n.py files the catalogue's sentences
    under the context "rocmdesk.doctor".  Any other text (verify's own fix) comes back as it is."""
    return translate("rocmdesk.doctor", text) if text else text


def strings() -> dict[str, str]:
    """Every user-visible English string of the catalogue by its stable key (for translators)."""
    out: dict[str, str] = {}
    for e in catalogue().values():
        out[f"doctor.{e.id}.title"] = e.title
        out[f"doctor.{e.id}.summary"] = e.summary
        for s in e.fix_steps:
            out[s.id] = s.text
    return out


def finding(id: str, evidence: list[str] | None = None, origin: str | None = None,
            params: dict[str, str] | None = None, severity: str | None = None,
            context: set[str] | None = None) -> Finding:
    """A new finding of catalogue entry ``id``; ``params`` fill placeholders like {override} in commands.
    ``context``: the situations a check knows (container, host, in-groups, not-in-groups); fix steps meant for
    other situations are left out.  None (a paste: nothing known) keeps every step."""
    e = entry(id)
    fill = _Blank({**dict(e.params), **(params or {})})
    when = e.step_when or tuple(frozenset() for _ in e.fix_steps)
    commands = e.commands or tuple(s.command for s in e.fix_steps)
    steps = [FixStep(s.id, s.text.format_map(fill), c.format_map(fill) if c else None)
             for s, c, w in zip(e.fix_steps, commands, when) if context is None or not w or w & context]
    f = Finding(id=e.id, severity=severity or e.severity, title=e.title, fix=Fix("print", steps),
                source=e.source or None, summary=e.summary)
    f.add_evidence(evidence or [], origin)
    return f
