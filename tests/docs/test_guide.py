"""docs/guide.md stays true to the code: its pictures exist, its links land, its commands parse.

The outputs in the guide were pasted from real runs; this test cannot compare them (numbers and times
change), but it catches the drift that matters most: a renamed option or subcommand, a screenshot or a
troubleshooting section that went away.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from rocmdesk import cli

DOCS = Path(__file__).resolve().parents[2] / "docs"
GUIDE = DOCS / "guide.md"


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    return {_slug(m) for m in re.findall(r"^#{1,6} (.+)$", path.read_text(encoding="utf-8"), re.M)}


def _commands() -> list[str]:
    """Every rocmdesk command line the guide shows: '$ rocmdesk ...' in console blocks, 'rocmdesk ...' in sh."""
    out, block = [], None
    for line in GUIDE.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            block = line[3:].strip() if block is None else None
            continue
        if block == "console" and line.startswith("$ rocmdesk "):
            out.append(line[2:])
        elif block == "sh" and line.startswith("rocmdesk "):
            out.append(line)
    return out


def test_every_picture_exists() -> None:
    pictures = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", GUIDE.read_text(encoding="utf-8"))
    assert len(pictures) >= 10
    for pic in pictures:
        assert (DOCS / pic).is_file(), pic


def test_every_link_lands() -> None:
    for target in re.findall(r"(?<!!)\[[^\]]*\]\(([^)]+)\)", GUIDE.read_text(encoding="utf-8")):
        if target.startswith("http"):
            continue
        path, _, anchor = target.partition("#")
        doc = DOCS / path if path else GUIDE
        assert doc.is_file(), target
        if anchor:
            assert anchor in _anchors(doc), target


def test_the_guide_shows_every_part_of_the_issue() -> None:
    text = GUIDE.read_text(encoding="utf-8")
    for must in ("./run.sh", "--scope", "Resume", "Log out", "torch recommend", "torch verify", "rocmdesk sanity",
                 "profile apply", "activate.fish", "activate.csh", "zsh", "--format envrc", "--format dotenv",
                 "--format jupyter", "rocmdesk run", "rocmdesk shell", "byte for byte", "sha256sum -c",
                 "monitor --gui", "--json", "--csv", "rocmdesk exporter", "scrape_configs", "Pause",
                 "Export CSV", "Processes using the GPU"):
        assert must in text, must


@pytest.mark.parametrize("line", _commands())
def test_every_command_parses(line: str) -> None:
    lexer = shlex.shlex(line, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    words = []
    for word in lexer:  # the rocmdesk part of a pipeline or a list
        if word in ("|", ";", "&&", "||"):
            break
        words.append(word)
    argv = [a.replace("~", "/home/user") for a in words[1:]]
    parser = cli.build_parser(argv)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse said why on stderr
        pytest.fail(f"{line!r} does not parse (exit {exc.code})")
    assert args.command in {"detect", "inspect", "simulate", "gui", *cli.EXTENSIONS}
