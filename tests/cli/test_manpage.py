"""The man page (issue 20): generated from the parsers by scripts/gen_manpage.py (argparse-manpage), committed as
packaging/rocmdesk.1, rendered by man without a warning, with every command and every exit code the CLI uses."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from rocmdesk import cli
from rocmdesk.cli import common
from tests.conftest import need_program

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "scripts" / "gen_manpage.py"
PAGE = REPO / "packaging" / "rocmdesk.1"


def test_man_page_is_current() -> None:
    done = subprocess.run([sys.executable, str(SCRIPT), "--check"], capture_output=True, text=True, cwd=REPO,
                          timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.fixture(scope="module")
def rendered() -> str:
    man = need_program("man", "man-db")
    env = {**os.environ, "LC_ALL": "C.UTF-8", "MANWIDTH": "80", "MAN_KEEP_FORMATTING": "", "MANPAGER": "cat",
           "PAGER": "cat"}
    done = subprocess.run([man, "--warnings", "-l", str(PAGE)], capture_output=True, text=True, env=env,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stderr == "", f"man warns:\n{done.stderr}"
    return re.sub(r".\x08", "", done.stdout)  # overstrike bold/underline, should a man still print it


def test_groff_has_no_warning() -> None:
    groff = need_program("groff", "groff-base")
    done = subprocess.run([groff, "-ww", "-z", "-man", str(PAGE)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stderr == "", done.stderr


def test_every_command_has_a_subsection(rendered: str) -> None:
    for name in cli.COMMANDS:
        assert re.search(rf"^   rocmdesk {name}$", rendered, re.M), f"rocmdesk {name} is not in the man page"
    assert "rocmdesk profile create" in rendered and "rocmdesk torch verify" in rendered  # and their actions


def _section(rendered: str, title: str) -> str:
    m = re.search(rf"^{title}\n(.*?)(?=^\S)", rendered, re.M | re.S)
    assert m, f"no {title} section"
    return m.group(1)


def test_exit_status_lists_every_exit_code(rendered: str) -> None:
    codes = {v for k, v in vars(common).items() if k.startswith("EXIT_") and isinstance(v, int)}
    assert {0, 1, 2, 3, 4, 5, 6, 130} <= codes
    listed = {int(n) for n in re.findall(r"^       (\d+)\s", _section(rendered, "EXIT STATUS"), re.M)}
    assert listed == codes


DATE_CHECK = r"""
import datetime, re, sys
sys.path.insert(0, sys.argv[1])
import gen_manpage
page = gen_manpage.OUT.read_text(encoding="utf-8")
old = re.sub(r'^(\.TH \S+ "1" )"[^"]*"', r'\1"2001\\-02\\-03"', page, count=1)
assert old != page
assert gen_manpage.render(old) == old, "the same text got a new date"
changed = gen_manpage.render(old.replace("Success.", "Fine."), today=datetime.date(2030, 1, 2))
assert changed.startswith('.TH ROCMDESK "1" "2030\\-01\\-02" ') and "Success." in changed, changed[:80]
"""


def test_the_title_date_moves_only_when_the_text_does() -> None:
    # a fresh interpreter: gen_manpage fixes the locale and COLUMNS for the whole process
    done = subprocess.run([sys.executable, "-c", DATE_CHECK, str(REPO / "scripts")], capture_output=True,
                          text=True, cwd=REPO, timeout=300)
    assert done.returncode == 0, done.stderr
