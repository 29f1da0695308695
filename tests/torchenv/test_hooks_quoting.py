"""Quoting for each shell, checked by the shells themselves: every generated value comes back unchanged."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rocmdesk.torchenv.exports import quote_dotenv
from rocmdesk.torchenv.hooks import csh_problem, fish_word, quote_csh, quote_fish, quote_sh, sh_word
from tests.conftest import need_module, need_program

# shell-hostile characters over-represented (line breaks of every kind that some reader knows, our own markers),
# plus any other text (no NUL: no environment can hold it)
HOSTILE = st.sampled_from(list("'\"\\$`!(){}[]*?~#;&|<> \t\n\r\x0b\x0c\x1b\x1c\x7f\x85\u2028\u2029")
                          + ["$(", "${", "\\'", "'\\''", "\\\n", "!!", "\r\n", "\n# <<< rocmdesk profile <<<\n",
                             "\n# >>> rocmdesk profile x >>>\n", "$'", "\\x0a"])
VALUE = st.lists(st.one_of(HOSTILE, st.text(st.characters(blacklist_characters="\x00",
                                                           blacklist_categories=("Cs",)), max_size=4)),
                 max_size=12).map("".join)
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

DUMP = "import json, os; print(json.dumps([os.environ.get(f'V{{i}}') for i in range({n})]))"


def _run(argv: list[str], script: str, tmp_path) -> list:
    path = tmp_path / "q.script"
    path.write_text(script)
    proc = subprocess.run(argv + [str(path)], capture_output=True, text=True, timeout=60,
                          env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "LANG": "C.UTF-8"})
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _need(program: str) -> list[str]:
    need_program(program, "csh" if program == "bsd-csh" else program, component=f"the {program} shell")
    return {"bash": ["bash", "--norc"], "zsh": ["zsh", "-f"], "fish": ["fish", "--no-config"],
            "tcsh": ["tcsh", "-f"], "bsd-csh": ["bsd-csh", "-f"]}[program]


@pytest.mark.parametrize("shell", ["bash", "zsh"])
@SETTINGS
@given(values=st.lists(VALUE, min_size=1, max_size=25))
def test_sh_quoting(shell, values, tmp_path_factory):
    argv = _need(shell)
    lines = [f"export V{i}={quote_sh(v)}" for i, v in enumerate(values)]
    lines.append(f"{quote_sh(sys.executable)} -c {quote_sh(DUMP.format(n=len(values)))}")
    assert _run(argv, "\n".join(lines) + "\n", tmp_path_factory.mktemp("q")) == values


@pytest.mark.parametrize("shell", ["bash", "zsh"])
@SETTINGS
@given(values=st.lists(VALUE, min_size=1, max_size=25))
def test_sh_words_keep_every_value_on_one_line(shell, values, tmp_path_factory):
    """What the hook blocks and the .envrc write: line breaks as $'\\xHH', so each assignment is one line."""
    argv = _need(shell)
    lines = [f"export V{i}={sh_word(v)}" for i, v in enumerate(values)]
    assert all(len(line.splitlines()) == 1 for line in lines)
    lines.append(f"{quote_sh(sys.executable)} -c {quote_sh(DUMP.format(n=len(values)))}")
    assert _run(argv, "\n".join(lines) + "\n", tmp_path_factory.mktemp("q")) == values


@SETTINGS
@given(values=st.lists(VALUE, min_size=1, max_size=25))
def test_fish_words_keep_every_value_on_one_line(values, tmp_path_factory):
    argv = _need("fish")
    lines = [f"set -gx V{i} {fish_word(v)}" for i, v in enumerate(values)]
    assert all(len(line.splitlines()) == 1 for line in lines)
    lines.append(f"{quote_fish(sys.executable)} -c {quote_fish(DUMP.format(n=len(values)))}")
    assert _run(argv, "\n".join(lines) + "\n", tmp_path_factory.mktemp("q")) == values


def test_words_without_control_characters_are_the_plain_quoting():
    """A block for an ordinary profile is the same bytes as before line breaks were encoded."""
    for value in ["10.3.0", "expandable_segments:True", "it's", "a\tb", ""]:
        assert sh_word(value) == quote_sh(value) and fish_word(value) == quote_fish(value)


@SETTINGS
@given(values=st.lists(VALUE, min_size=1, max_size=25))
def test_fish_quoting(values, tmp_path_factory):
    argv = _need("fish")
    lines = [f"set -gx V{i} {quote_fish(v)}" for i, v in enumerate(values)]
    lines.append(f"{quote_fish(sys.executable)} -c {quote_fish(DUMP.format(n=len(values)))}")
    assert _run(argv, "\n".join(lines) + "\n", tmp_path_factory.mktemp("q")) == values


@pytest.mark.parametrize("shell", ["tcsh", "bsd-csh"])
@SETTINGS
@given(values=st.lists(VALUE.filter(lambda v: csh_problem(v) is None), min_size=1, max_size=25))
def test_csh_quoting(shell, values, tmp_path_factory):
    argv = _need(shell)
    lines = [f"setenv V{i} {quote_csh(v)}" for i, v in enumerate(values)]
    lines.append(f"{quote_csh(sys.executable)} -c {quote_csh(DUMP.format(n=len(values)))}")
    assert _run(argv, "\n".join(lines) + "\n", tmp_path_factory.mktemp("q")) == values


@SETTINGS
@given(values=st.lists(VALUE.filter(lambda v: "${" not in v and not v.endswith("\\")), min_size=1, max_size=25))
def test_dotenv_quoting_as_python_dotenv_reads_it(values, tmp_path_factory):
    """(python-dotenv expands ${...} and cannot read a quoted value that ends in a backslash: both are
    export warnings, see test_exports)"""
    dotenv = need_module("dotenv", "pip install python-dotenv (the test extra)")
    path = tmp_path_factory.mktemp("q") / ".env"
    path.write_text("".join(f"V{i}={quote_dotenv(v)}\n" for i, v in enumerate(values)))
    assert list(dotenv.dotenv_values(path).values()) == values
