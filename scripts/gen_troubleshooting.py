#!/usr/bin/env python3
"""Write docs/troubleshooting.md from the Doctor's catalogue (knowledge/data/doctor_catalogue.json).

    python scripts/gen_troubleshooting.py            # rewrite docs/troubleshooting.md
    python scripts/gen_troubleshooting.py --check    # exit 1 when the file is out of date (tests/docs runs this)

One section per finding id, in catalogue order, under a heading that *is* the id, so
``docs/troubleshooting.md#kfd-permission`` links to it on GitHub and in most Markdown viewers.
Each section: the title, severity, what it means (the summary), the error text it is recognized by,
what rocmdesk checks, the fix steps and the sources.  The catalogue's symptom patterns are regular
expressions; ``symptom_examples`` turns each into readable text (… for "any text") together with a
concrete sample that the test matches against the pattern, so the page never shows text the Doctor
would not recognize.
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
from pathlib import Path

os.environ["LANGUAGE"] = "en"
os.environ["LC_ALL"] = "C.UTF-8"

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from rocmdesk.doctor.catalogue import Entry, catalogue, catalogue_sources  # noqa: E402
from rocmdesk.knowledge._data import load_json, source_info  # noqa: E402

OUT = ROOT / "docs" / "troubleshooting.md"

SIGNALS = {
    "rocminfo": "rocminfo output",
    "amd-smi": "amd-smi output",
    "collect_env": "PyTorch's collect_env output",
    "lspci": "lspci output",
    "kernel-log": "the kernel log (dmesg, journalctl -k)",
    "traceback": "a Python traceback",
    "verify": "the PyTorch check (`rocmdesk torch verify`, `rocmdesk doctor --venv DIR`)",
    "sanity": "the sanity check (`rocmdesk sanity`)",
}
CHECKS = {
    "machine": "On this machine",
    "text": "In text you give it",
    "preflight": "Setup's preflight finding",
    "verify": "The PyTorch check in a venv (`rocmdesk torch verify`, `rocmdesk doctor --venv DIR`)",
    "sanity": "The sanity check (`rocmdesk sanity`)",
}
WHEN = {
    "container": "in a container",
    "host": "on the host, not in a container",
    "in-groups": "when you are already in the groups",
    "not-in-groups": "when you are not in the groups yet",
}
SAID = {"container": "in a container", "host": "on the host", "in-groups": "you are in the groups",
        "not-in-groups": "not in the groups"}  # words in a step's text that already say WHEN
SEVERITY = {"error": "error (the Doctor exits with 6)", "warning": "warning", "info": "note"}

# one token of the small regex subset the catalogue uses -> (what the reader sees, a sample that matches)
_ESCAPED_ANY = {"d": ("…", "0"), "S": ("…", "x"), "w": ("…", "x"), "s": (" ", " ")}


def _parse(p: str, i: int) -> tuple[list[list[tuple[str, str]]], int]:
    """Alternatives up to ')' or the end; each alternative is a list of (display, sample) pieces.
    Groups and top-level '|' multiply out into several alternatives."""
    alts: list[list[tuple[str, str]]] = []
    seqs: list[list[tuple[str, str]]] = [[]]
    while i < len(p):
        c = p[i]
        if c == ")":
            break
        if c == "|":
            alts += seqs
            seqs = [[]]
            i += 1
            continue
        if c == "(":
            if not p.startswith("(?:", i):
                raise ValueError(f"unsupported group in {p!r}")
            inner, i = _parse(p, i + 3)
            i += 1  # the ')'
            options = inner
        elif c == "\\":
            e = p[i + 1]
            i += 2
            if e == "b":
                continue
            options = [[_ESCAPED_ANY[e]]] if e in _ESCAPED_ANY else [[(e, e)]]
        elif c == "[":
            end = p.index("]", i)
            body = p[i + 1:end]
            i = end + 1
            if "-" in body:  # a range: any of it
                options = [[("…", body[0])]]
            else:  # a few letters: each is a spelling
                options = [[(ch, ch)] for ch in body]
        elif c == ".":
            i += 1
            options = [[(" … ", " ")]]
        else:
            i += 1
            options = [[(c, c)]]
        # quantifiers: one occurrence is shown ('?' and '*' allow it too); {m,n} repeats the sample m times
        if i < len(p) and p[i] in "?+*{":
            times = 1
            if p[i] == "{":
                end = p.index("}", i)
                times = max(int(p[i + 1:end].split(",")[0] or 0), 1)
                i = end + 1
            else:
                i += 1
            options = [[(d, smp * times) for d, smp in opt] for opt in options]
        seqs = [s + o for s, o in itertools.product(seqs, options)]
    return alts + seqs, i


def symptom_examples(pattern: str) -> list[tuple[str, str]]:
    """(readable text, a sample string that matches) for each spelling a symptom pattern stands for."""
    alts, _ = _parse(pattern, 0)
    out: list[tuple[str, str]] = []
    for seq in alts:
        shown = "".join(d for d, _ in seq).replace("… …", "…").replace("……", "…").strip()
        sample = "".join(s for _, s in seq)
        if (shown, sample) not in out:
            out.append((shown, sample))
    return out


def _source_line(key: str) -> str:
    own = catalogue_sources().get(key)
    if own is not None:
        what, url = own.get("what", key), own.get("url")
    else:
        info = source_info(key)
        what, url = (info.what, info.url) if info else (key, None)
    what = " ".join(what.split())
    return f"- {what} — <{url}>" if url else f"- {what}"


def _check_line(check: str) -> str:
    kind, _, rest = check.partition(":")
    label = CHECKS.get(kind.strip(), kind.strip())
    return f"- {label}: {rest.strip()}" if rest.strip() else f"- {label}"


def _code(text: str) -> str:
    return f"``{text}``" if "`" in text else f"`{text}`"


def section(e: Entry) -> list[str]:
    lines = [f"## {e.id}", "", f"**{e.title}**", "", f"Severity: {SEVERITY[e.severity]}.", "", e.summary, ""]
    shown: list[str] = []
    for p in e.patterns:
        for text, _ in symptom_examples(p.pattern):
            if text not in shown:
                shown.append(text)
    signals = [SIGNALS.get(s.split(":", 1)[0], s.split(":", 1)[0]) for s in e.signals]
    if shown or signals:
        lines += ["### Symptoms", ""]
        if shown:
            lines += ["Messages like these (… stands for any text; case does not matter):", ""]
            lines += [f"- {_code(t)}" for t in shown]
            lines.append("")
        if signals:
            lines += [("Also recognized in: " if shown else "Recognized in: ") + ", ".join(dict.fromkeys(signals)) + ".", ""]
    if e.checks:
        lines += ["### What rocmdesk checks", ""] + [_check_line(c) for c in e.checks] + [""]
    lines += ["### Fix", ""]
    if e.fix_kind == "auto":
        lines += [f"rocmdesk can do this for you: `rocmdesk doctor --fix {e.id}` (add `--dry-run` first to see the "
                  "plan). It runs through the same helper and password prompt as `rocmdesk apply`. "
                  "On the Doctor page, the finding has a Fix… button for it.", ""]
    when = e.step_when or tuple(frozenset() for _ in e.fix_steps)
    for n, (step, w) in enumerate(zip(e.fix_steps, when), 1):
        # the step's own words often say where it applies already ("In a container: ..."): no label then
        cond = " or ".join(WHEN.get(x, x) for x in sorted(w) if SAID.get(x, "\0") not in step.text.lower())
        lines.append(f"{n}. {'(' + cond[0].upper() + cond[1:] + ') ' if cond else ''}{step.text}")
        if step.command:
            lines += ["", "   ```sh", f"   {step.command}", "   ```", ""]
    if any("{" in (s.command or "") for s in e.fix_steps):
        lines += ([] if lines[-1] == "" else [""]) + ["Words in braces, like `{override}`, are filled in by the Doctor from what it found "
                  "(`rocmdesk doctor` prints the command ready to use)."]
    if lines[-1] != "":
        lines.append("")
    if e.sources:
        lines += ["### Sources", ""] + [_source_line(k) for k in e.sources] + [""]
    return lines


def render() -> str:
    entries = list(catalogue().values())
    lines = [
        "# Troubleshooting",
        "",
        "<!-- Generated by scripts/gen_troubleshooting.py from src/rocmdesk/knowledge/data/doctor_catalogue.json; "
        "do not edit by hand. -->",
        "",
        "rocmdesk's Doctor knows the problems below. Each one has a stable id. The Doctor prints the id in front "
        "of each finding, for example:",
        "",
        "```",
        "ERROR   gfx-needs-override: The GPU needs HSA_OVERRIDE_GFX_VERSION",
        "```",
        "",
        "Find the id in the list below. Each section has the same parts: what the problem means, the messages "
        "you may see, what rocmdesk checks, how to fix it, and where the facts come from.",
        "",
        "Run the Doctor on this computer, on text copied from another computer, or on a venv:",
        "",
        "```sh",
        "rocmdesk doctor                         # this computer",
        "rocmdesk doctor --from error.txt        # an error message, rocminfo, rocm-smi, amd-smi, collect_env ...",
        "rocmdesk doctor --venv ~/venvs/rocm     # also check the PyTorch in this venv",
        "rocmdesk doctor --report report.md      # a report to paste into a bug tracker",
        "```",
        "",
        "Severity: an *error* stops PyTorch from using the GPU (the Doctor then exits with 6), a *warning* can "
        "cause trouble later, a *note* is for your information.",
        "",
        f"The catalogue is current as of {load_json('doctor_catalogue.json')['as_of']} and has {len(entries)} entries:",
        "",
    ]
    lines += [f"- [`{e.id}`](#{e.id}) — {e.title}" for e in entries]
    lines.append("")
    for e in entries:
        lines += section(e)
    return "\n".join(lines).rstrip() + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Write docs/troubleshooting.md from the Doctor's catalogue.")
    ap.add_argument("--check", action="store_true", help="exit 1 when the file is not what this would write")
    args = ap.parse_args(argv)
    text = render()
    if args.check:
        current = OUT.read_text(encoding="utf-8") if OUT.exists() else ""
        if current != text:
            print(f"{OUT.name} is out of date: run python scripts/gen_troubleshooting.py", file=sys.stderr)
            return 1
        return 0
    tmp = OUT.with_suffix(".md.tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(OUT)  # atomic: a reader never sees half a file
    print(f"wrote {OUT.relative_to(ROOT) if OUT.is_relative_to(ROOT) else OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
