#!/usr/bin/env python3
"""Write packaging/rocmdesk.1, the man page, from rocmdesk's argparse parsers, with argparse-manpage.

    python scripts/gen_manpage.py            # rewrite packaging/rocmdesk.1
    python scripts/gen_manpage.py --check    # exit 1 when packaging/rocmdesk.1 is out of date (tests/cli runs it)

argparse-manpage (a test extra, pinned: its output is committed) renders ``full_parser()``, the parser with every
command's, one subsection per command and action; this script adds the sections it cannot know: EXIT STATUS (every
``EXIT_*`` code of rocmdesk/cli/common.py, each with its meaning below: a new code without one stops this script),
ENVIRONMENT, FILES and SEE ALSO.  English whatever the locale, usage lines wrapped at 80 columns.  The date in the
title line is the day the text last changed: a run that changes nothing else keeps the date that is there, so the
check does not go stale with the calendar.
"""

from __future__ import annotations

import argparse
import datetime
import os
import re
import sys
from pathlib import Path

os.environ["LANGUAGE"] = "en"
os.environ["LC_ALL"] = "C.UTF-8"
os.environ["COLUMNS"] = "73"  # argparse wraps the usage lines at this width: they fit an 80-column man

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "scripts"))

import rocmdesk  # noqa: E402 (after the locale is fixed)
from gen_cli_doc import EXIT_CODES  # noqa: E402 (the commands that say their exit codes nowhere else)
from rocmdesk import cli  # noqa: E402
from rocmdesk.cli import common  # noqa: E402
from rocmdesk.cli.completion import full_parser  # noqa: E402

OUT = ROOT / "packaging" / "rocmdesk.1"
SHORT = "from an AMD GPU to a verified PyTorch-on-ROCm setup"

# the meaning of each exit code in rocmdesk/cli/common.py, by its constant's name
EXIT_MEANINGS = {
    "EXIT_OK": "Success.",
    "EXIT_BUG": "An unexpected internal error (a bug: please report it). "
                "For \\fBsanity\\fR: the check failed or hung.",
    "EXIT_USAGE": "Bad usage: an unknown option, command, simulated machine or ROCm release, a \\fB\\-\\-root\\fR "
                  "that is neither a directory nor a snapshot, a value out of range.",
    "EXIT_INPUT": "Unreadable or unrecognized input: a file that cannot be read, output rocmdesk does not know, "
                  "an unreadable profile.",
    "EXIT_NO_GPU": "No AMD GPU was found (\\fBdetect\\fR, \\fBmonitor\\fR, \\fBexporter\\fR, \\fBtorch\\fR); "
                   "\\fBdetect\\fR still prints its report.",
    "EXIT_NOTHING_CHANGED": "Nothing was changed: \\fBapply\\fR or \\fBdoctor \\-\\-fix\\fR was refused, the "
                            "password prompt dismissed, not authorized or not confirmed; \\fBcapture\\fR wrote no "
                            "snapshot; \\fBprofile apply \\-\\-check\\fR found missing or outdated hooks.",
    "EXIT_FINDINGS": "\\fBdoctor\\fR found a problem of severity error (the report is still printed).",
    "EXIT_INTERRUPTED": "Interrupted with Ctrl\\-C.",
}
EXIT_NOTE = ("\\fBrun\\fR and \\fBshell\\fR exit with the status of the command or shell they started "
             "(126: it cannot be run, 127: it was not found). Each command's own codes are listed under it above.")

ENVIRONMENT = [
    ("LANGUAGE, LC_ALL, LC_MESSAGES, LANG",
     "the language of messages (English or Simplified Chinese), as gettext chooses it; output for programs "
     "(\\fB\\-\\-json\\fR, \\fB\\-\\-csv\\fR, scripts) is English whatever the language."),
    ("HSA_OVERRIDE_GFX_VERSION",
     "read as the override in effect (also its per-GPU form with a _N suffix); the advice says whether it is "
     "right for this machine's GPUs."),
]
FILES = [
    ("/usr/libexec/rocmdesk/rocmdesk\\-helper",
     "the root helper \\fBapply\\fR and \\fBdoctor \\-\\-fix\\fR start through \\fBpkexec\\fR(1) (.deb installs)"),
    ("/usr/share/polkit\\-1/actions/org.rocmdesk.setup.policy", "the polkit action they ask for"),
]
SEE_ALSO = "\\fBpkexec\\fR(1), \\fBrocminfo\\fR(1), \\fBrocm\\-smi\\fR(1), \\fBamd\\-smi\\fR(1)"


def exit_codes() -> list[tuple[int, str]]:
    """(code, constant name) for every ``EXIT_*`` of cli/common.py, by code."""
    codes = sorted((v, k) for k, v in vars(common).items() if k.startswith("EXIT_") and isinstance(v, int))
    missing = [k for _, k in codes if k not in EXIT_MEANINGS]
    if missing:
        raise SystemExit(f"gen_manpage.py: say what {', '.join(missing)} means in EXIT_MEANINGS")
    return codes


def _definitions(items: list[tuple[str, str]]) -> str:
    return "\n".join(f".TP\n.B {term}\n{text}" for term, text in items)


def command_exit_text(name: str, parser: argparse.ArgumentParser) -> str | None:
    """A command's own exit codes, where docs/cli.md finds them: its epilog, else the "Exit codes:" paragraph of
    its module's docstring, else gen_cli_doc.EXIT_CODES."""
    if parser.epilog and parser.epilog.startswith("Exit codes"):
        return " ".join(parser.epilog.split(":", 1)[1].split())
    for para in re.split(r"\n\s*\n", cli.command_module(name).__doc__ or ""):
        m = re.search(r"Exit codes\b[^:]*:(.*)", para, re.S)
        if m:
            return " ".join(m.group(1).split())
    return EXIT_CODES.get(name)


def _roff(text: str) -> str:
    return text.replace("``", "").replace("\\", "\\\\").replace("-", "\\-")


def _finish(page: str, exits: dict[str, str]) -> str:
    """argparse-manpage's page, with each usage kept as argparse wrapped it (no fill) and each command's exit codes
    at the end of its subsection (it leaves out the epilogs)."""
    lines = page.split("\n")
    out: list[str] = []
    usage = False
    command: str | None = None
    for line in lines:
        if usage and not line.strip():
            out.append(".fi")
            usage = False
        if line.startswith((".SS", ".SH")) and command is not None:
            out[-1:] = [out[-1], ".PP", _roff(f"Exit codes: {exits[command]}"), ""] if out[-1] == "" else \
                [out[-1], ".PP", _roff(f"Exit codes: {exits[command]}")]
            command = None
        m = re.fullmatch(r"\.SS \\fBrocmdesk (\S+)\\fR", line)
        if m and m.group(1) in exits:
            command = m.group(1)
        if line.startswith("usage: "):
            out.append(".nf")
            usage = True
        out.append(line)
    return "\n".join(out)


def _manpage() -> type:
    try:
        from argparse_manpage.manpage import Manpage
    except ImportError:
        sys.exit("argparse-manpage is not installed: pip install -e '.[test]' (or pip install argparse-manpage)")
    return Manpage


def body() -> str:
    """The page, with ``DATE`` where the title line's date goes."""
    parser = full_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    exits = {name: text for name, child in sub.choices.items() if (text := command_exit_text(name, child))}
    parser.epilog = None  # the top level's "Exit codes: ..." line: EXIT STATUS says it in full
    parser._positionals.title = "commands"  # the section heading of the command list
    page = _manpage()(parser, format="single-commands-section")
    page.date = "DATE"
    page.source = f"rocmdesk {rocmdesk.__version__}"
    page.manual = "User Commands"
    page.description = SHORT
    page.add_section("exit status", ">", _definitions([(str(code), EXIT_MEANINGS[name])
                                                        for code, name in exit_codes()]) + "\n.PP\n" + EXIT_NOTE)
    page.add_section("environment", ">", _definitions(ENVIRONMENT))
    page.add_section("files", ">", _definitions(FILES))
    page.add_section("see also", ">", SEE_ALSO)
    return _finish(str(page), exits)


def _dated(text: str, date: str) -> str:
    return text.replace('"DATE"', f'"{date}"', 1)


def render(current: str | None, today: datetime.date | None = None) -> str:
    """The page: the current file's date when nothing else changed, else today's."""
    text = body()
    if current:
        m = re.match(r'\.TH \S+ "\d+" "([^"]*)"', current)
        if m and _dated(text, m.group(1)) == current:
            return current
    return _dated(text, (today or datetime.date.today()).isoformat().replace("-", "\\-"))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Write packaging/rocmdesk.1 from rocmdesk's argparse parsers.")
    ap.add_argument("--check", action="store_true", help="exit 1 when packaging/rocmdesk.1 is out of date")
    args = ap.parse_args(argv)
    current = OUT.read_text(encoding="utf-8") if OUT.exists() else None
    text = render(current)
    if text == current:
        return 0
    if args.check:
        print(f"{OUT.relative_to(ROOT)} is out of date: run python scripts/gen_manpage.py", file=sys.stderr)
        return 1
    tmp = OUT.with_name(OUT.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(OUT)  # atomic: a reader never sees half a file
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
