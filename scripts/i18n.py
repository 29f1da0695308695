"""Keep rocmdesk's translations in step with the code.

    python scripts/i18n.py update [--prune]   # re-scan src/rocmdesk with pyside6-lupdate into every .ts
    python scripts/i18n.py export [LANG]      # TSV of untranslated strings: id, context, source
    python scripts/i18n.py import FILE [LANG] # TSV lines "id<TAB>translation" into the .ts, then update
    python scripts/i18n.py release            # .ts -> .qm (pyside6-lrelease) and .json (the CLI's catalogue)
    python scripts/i18n.py check              # what tests/ui/test_translations.py checks; exit 1 on a problem

``update`` keeps every translation and marks strings that left the code as vanished/obsolete; ``--prune``
drops those.  A new string whose exact text is translated in another context takes that translation.  An id is a hash of the source text, so one line of an import fills that text in every
context.  In the TSV, newlines, tabs and backslashes are written ``\\n``, ``\\t`` and ``\\\\``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import dataclass
from typing import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "src" / "rocmdesk"
TRANSLATIONS = ROOT / "resources" / "translations"  # built into the package as rocmdesk.resources
LANGS = ("zh_CN",)


def tool(name: str) -> str:
    """pyside6-lupdate / -lrelease beside this Python (the venv), else on PATH."""
    here = Path(sys.executable).parent / name
    found = str(here) if here.exists() else shutil.which(name)
    if not found:
        raise SystemExit(f"{name} not found: install PySide6 in this venv")
    return found


def ts_path(lang: str) -> Path:
    return TRANSLATIONS / f"rocmdesk_{lang}.ts"


def _catalogue_texts(data: dict) -> list[str]:
    """The Doctor catalogue's sentences a user reads: each entry's title, summary and fix steps."""
    out = []
    for entry in data.get("entries", []):
        out += [entry.get("title"), entry.get("summary")]
        out += [step.get("text") for step in (entry.get("fix") or {}).get("steps", [])]
    return [t for t in out if isinstance(t, str) and t.strip()]


def _gfx_texts(data: dict) -> list[str]:
    """gfx_targets.json: why an override works or fails, why there is no ROCm path, notes and known issues
    (knowledge.support_for quotes them in its reasons; Doctor and the PyTorch checks quote the override's why)."""
    out = []
    for target in data.get("targets", []):
        out += [(target.get("override") or {}).get("why"), target.get("no_override_why"), target.get("no_rocm"),
                target.get("notes")]
        out += [issue.get("why") for issue in target.get("issues") or []]
    return [t for t in out if isinstance(t, str) and t.strip()]


def _release_texts(data: dict) -> list[str]:
    """rocm_releases.json: the first clause of a GPU list's note (what support_for quotes) and a preview
    release's notes (what Setup's preflight quotes)."""
    out = []
    for rel in data.get("releases", []):
        note = (rel.get("gfx") or {}).get("note")
        out.append(note.split(";")[0] if isinstance(note, str) else None)
        if rel.get("preview"):
            out.append(rel.get("notes"))
    return [t for t in out if isinstance(t, str) and t.strip()]


def _machine_texts(data: dict) -> list[str]:
    """A simulated machine's file (machine/simulated/NAME.toml): its about, which ``SimMachine.description``
    translates (``rocmdesk simulate list``, the app's chooser, the simulated window's label)."""
    about = data.get("about")
    return [about] if isinstance(about, str) and about.strip() else []


# data files whose sentences users read: path (or glob) under SOURCES -> (context, the texts in it).  Code shows
# them through rocmdesk.i18n.translate(context, text), so they need no source of their own.  JSON or TOML.
DATA_STRINGS: dict[str, tuple[str, Callable[[dict], list[str]]]] = {
    "knowledge/data/doctor_catalogue.json": ("rocmdesk.doctor", _catalogue_texts),
    "knowledge/data/gfx_targets.json": ("rocmdesk.knowledge.gfx", _gfx_texts),
    "knowledge/data/rocm_releases.json": ("rocmdesk.knowledge.releases", _release_texts),
    "machine/simulated/[!_]*.toml": ("rocmdesk.machine.simulate", _machine_texts),
}


def load_data(path: Path) -> dict:
    """A data file of DATA_STRINGS, by its suffix."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".toml":
        if sys.version_info >= (3, 11):
            import tomllib
        else:  # Python 3.10
            import tomli as tomllib
        return tomllib.loads(text)
    return json.loads(text)


def data_stub(folder: Path, sources: Path = SOURCES) -> Path:
    """A Python file of QT_TRANSLATE_NOOP(context, text) lines for the texts in DATA_STRINGS, for lupdate."""
    lines = []
    for rel, (context, texts) in DATA_STRINGS.items():
        for path in sorted(sources.glob(rel)):
            if not path.is_file():
                continue
            for text in dict.fromkeys(texts(load_data(path))):
                lines.append(f"QT_TRANSLATE_NOOP({json.dumps(context)}, {json.dumps(text, ensure_ascii=False)})")
    stub = folder / "data_strings.py"
    stub.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return stub


def lupdate(ts: Path, prune: bool = False, sources: Path = SOURCES) -> None:
    """Scan every .py under ``sources``, and the data files' texts, into ``ts`` (made when missing), keeping
    what is translated."""
    with tempfile.TemporaryDirectory() as tmp:
        args = [tool("pyside6-lupdate"), "-silent", "-extensions", "py", "-locations", "none", str(sources),
                str(data_stub(Path(tmp), sources)), "-target-language", ts.stem.split("_", 1)[1], "-ts", str(ts)]
        if prune:
            args.insert(2, "-no-obsolete")
        subprocess.run(args, check=True)


def reuse_same_text(ts: Path) -> int:
    """Fill an untranslated message whose exact source text is translated in another context (a button
    label, a page name used by two pages); returns how many were filled."""
    tree = ET.parse(ts)
    done: dict[str, str] = {}
    for m in tree.getroot().iter("message"):
        t = m.find("translation")
        if t is not None and not t.get("type") and t.text and m.find("comment") is None:
            done.setdefault(m.findtext("source") or "", t.text)
    filled = 0
    for m in tree.getroot().iter("message"):
        t = m.find("translation")
        if t is not None and t.get("type") == "unfinished" and (m.findtext("source") or "") in done:
            t.text = done[m.findtext("source") or ""]
            t.attrib.pop("type")
            filled += 1
    if filled:
        tree.write(ts, encoding="utf-8", xml_declaration=True)
        lupdate(ts)
    return filled


def lrelease(ts: Path, qm: Path) -> None:
    subprocess.run([tool("pyside6-lrelease"), "-silent", str(ts), "-qm", str(qm)], check=True)


@dataclass
class Message:
    context: str
    source: str
    translation: str
    kind: str  # "" finished, "unfinished", "vanished" or "obsolete"
    comment: str = ""


def read_ts(ts: Path) -> list[Message]:
    out = []
    for ctx in ET.parse(ts).getroot().iter("context"):
        name = ctx.findtext("name") or ""
        for m in ctx.iter("message"):
            t = m.find("translation")
            out.append(Message(name, m.findtext("source") or "", (t.text or "") if t is not None else "",
                               (t.get("type") or "") if t is not None else "unfinished", m.findtext("comment") or ""))
    return out


def text_id(source: str) -> str:
    return hashlib.sha1(source.encode("utf-8")).hexdigest()[:10]


def _escape(s: str) -> str:
    return s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")


def _unescape(s: str) -> str:
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), s)


def export(lang: str, every: bool = False) -> str:
    seen, lines = set(), []
    for m in read_ts(ts_path(lang)):
        if (every or m.kind == "unfinished") and m.kind not in ("vanished", "obsolete") and m.source not in seen:
            seen.add(m.source)
            lines.append(f"{text_id(m.source)}\t{m.context}\t{_escape(m.source)}")
    return "\n".join(lines) + ("\n" if lines else "")


def import_tsv(lang: str, tsv: Path, overwrite: bool = False) -> tuple[int, list[str]]:
    """Fill translations from ``id<TAB>translation`` lines; returns (messages filled, problems)."""
    wanted: dict[str, str] = {}
    for n, line in enumerate(tsv.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        key, sep, text = line.partition("\t")
        if not sep or not text.strip():
            raise SystemExit(f"{tsv}:{n}: expected 'id<TAB>translation'")
        wanted[key.strip()] = _unescape(text.rstrip("\r"))  # spaces at either end are the translation's
    path = ts_path(lang)
    tree = ET.parse(path)
    filled, used, problems = 0, set(), []
    for m in tree.getroot().iter("message"):
        source = m.findtext("source") or ""
        key = text_id(source)
        t = m.find("translation")
        if key not in wanted or t is None or t.get("type") in ("vanished", "obsolete"):
            continue
        used.add(key)
        if t.get("type") != "unfinished" and t.text and not overwrite:
            continue
        bad = mismatch(source, wanted[key])
        if bad:
            problems.append(f"{key}: {bad}: {source!r} -> {wanted[key]!r}")
            continue
        t.text = wanted[key]
        t.attrib.pop("type", None)
        filled += 1
    problems += [f"{k}: no such source text" for k in wanted.keys() - used]
    tree.write(path, encoding="utf-8", xml_declaration=True)
    lupdate(path)  # lupdate rewrites the file in its own layout, so diffs stay small
    return filled, problems


_PLACEHOLDER = re.compile(r"\{[^{}\s]*\}|%L?\d+|%n")
_TAG = re.compile(r"</?([a-zA-Z][a-zA-Z0-9]*)")


def _mnemonics(s: str) -> int:
    return len(re.findall(r"&(?![&#a-zA-Z]+;)(?=\S)", s.replace("&&", "")))


def mismatch(source: str, translation: str) -> str:
    """Why a translation cannot stand for its source ('' when it can): placeholders, markup or & shortcuts."""
    if Counter(_PLACEHOLDER.findall(source)) != Counter(_PLACEHOLDER.findall(translation)):
        return "placeholders differ"
    if Counter(_TAG.findall(source)) != Counter(_TAG.findall(translation)):
        return "markup differs"
    if _mnemonics(source) != _mnemonics(translation):
        return "& shortcuts differ"
    if _edges(source) != _edges(translation):
        return "indentation or line ends differ"  # what the output is laid out with
    return ""


def _edges(text: str) -> tuple[str, str]:
    """A text's leading and trailing whitespace where layout hangs on it: indentation (two or more spaces)
    and line breaks.  A single space may go: Chinese needs none beside its full-width punctuation."""
    body = text.strip()
    if not body:
        return text, ""
    start = text.index(body)
    return tuple(edge if len(edge) > 1 or "\n" in edge or "\t" in edge else ""  # type: ignore[return-value]
                 for edge in (text[:start], text[start + len(body):]))


def catalogue(messages: list[Message]) -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {}
    for m in messages:
        if m.kind == "" and m.translation and not m.comment:
            out.setdefault(m.context, {})[m.source] = m.translation
    return out


def catalogue_json(ts: Path) -> str:
    return json.dumps(catalogue(read_ts(ts)), ensure_ascii=False, indent=0, sort_keys=True) + "\n"


def release(lang: str) -> None:
    ts = ts_path(lang)
    lrelease(ts, ts.with_suffix(".qm"))
    ts.with_suffix(".json").write_text(catalogue_json(ts), encoding="utf-8")


def problems(lang: str) -> list[str]:
    """Everything that makes the committed catalogue wrong for the code as it is now."""
    ts = ts_path(lang)
    if not ts.is_file():
        return [f"{ts} is missing: run scripts/i18n.py update"]
    out = []
    committed = read_ts(ts)
    with tempfile.TemporaryDirectory() as tmp:
        fresh_ts = Path(tmp) / ts.name
        shutil.copy(ts, fresh_ts)
        lupdate(fresh_ts)
        fresh = read_ts(fresh_ts)
        qm = Path(tmp) / "fresh.qm"
        lrelease(ts, qm)
        if not ts.with_suffix(".qm").is_file() or qm.read_bytes() != ts.with_suffix(".qm").read_bytes():
            out.append(f"{ts.with_suffix('.qm').name} is not built from {ts.name}: run scripts/i18n.py release")
    js = ts.with_suffix(".json")
    if not js.is_file() or js.read_text(encoding="utf-8") != catalogue_json(ts):
        out.append(f"{ts.with_suffix('.json').name} is not built from {ts.name}: run scripts/i18n.py release")
    for m in fresh:
        where = f"[{m.context or '(no context)'}] {m.source!r}"
        if m.kind in ("vanished", "obsolete"):
            out.append(f"obsolete: {where} is no longer in the code: run scripts/i18n.py update --prune")
        elif m.kind == "unfinished" or not m.translation:
            out.append(f"untranslated: {where}")
        elif mismatch(m.source, m.translation):
            out.append(f"{mismatch(m.source, m.translation)}: {where} -> {m.translation!r}")
        if not m.context:
            out.append(f"no context: {where} is a tr() outside a class; write translate(\"Context\", ...)")
    fresh_keys = {(m.context, m.source) for m in fresh if m.kind not in ("vanished", "obsolete")}
    if {(m.context, m.source) for m in committed if m.kind not in ("vanished", "obsolete")} != fresh_keys:
        out.append(f"{ts.name} is not up to date with the code: run scripts/i18n.py update")
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    up = sub.add_parser("update")
    up.add_argument("--prune", action="store_true", help="drop strings that left the code")
    ex = sub.add_parser("export")
    ex.add_argument("lang", nargs="?", default=LANGS[0])
    ex.add_argument("--all", action="store_true", help="finished strings too")
    im = sub.add_parser("import")
    im.add_argument("file", type=Path)
    im.add_argument("lang", nargs="?", default=LANGS[0])
    im.add_argument("--overwrite", action="store_true", help="replace finished translations too")
    sub.add_parser("release")
    sub.add_parser("check")
    args = parser.parse_args(argv)
    os.chdir(ROOT)
    TRANSLATIONS.mkdir(parents=True, exist_ok=True)
    if args.command == "update":
        for lang in LANGS:
            lupdate(ts_path(lang), prune=args.prune)
            filled = reuse_same_text(ts_path(lang))
            if filled:
                print(f"{lang}: {filled} string(s) took the translation of the same text in another context",
                      file=sys.stderr)
        return 0
    if args.command == "export":
        sys.stdout.write(export(args.lang, every=args.all))
        return 0
    if args.command == "import":
        filled, bad = import_tsv(args.lang, args.file, overwrite=args.overwrite)
        print(f"filled {filled} message(s)", file=sys.stderr)
        for line in bad:
            print(line, file=sys.stderr)
        return 1 if bad else 0
    if args.command == "release":
        for lang in LANGS:
            release(lang)
        return 0
    found = [f"{lang}: {p}" for lang in LANGS for p in problems(lang)]
    print("\n".join(found) or "translations are complete and up to date")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
