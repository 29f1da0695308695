"""Shell completions (issue 20): generated from the parsers by scripts/gen_completions.py (shtab), committed under
resources/completions/ (``rocmdesk completion SHELL`` and the .deb, one copy), and tried in the real
shells: bash through its completion function, zsh through compinit in a pseudo-terminal, fish by ``complete -C``."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rocmdesk import cli
from rocmdesk.cli import completion
from tests.conftest import need_program

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "scripts" / "gen_completions.py"
PACKAGED = REPO / "resources" / "completions"


def test_completions_are_current() -> None:
    # a fresh interpreter: the locale must be fixed before rocmdesk loads, and every command's parser is built
    done = subprocess.run([sys.executable, str(SCRIPT), "--check"], capture_output=True, text=True, cwd=REPO,
                          timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("shell", sorted(completion.FILES))
def test_rocmdesk_completion_prints_the_shipped_script(shell: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["completion", shell]) == 0
    out = capsys.readouterr().out
    assert out == (PACKAGED / completion.FILES[shell]).read_text(encoding="utf-8")


def test_an_unknown_shell_is_bad_usage(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["completion", "tcsh"]) == 2
    assert "invalid choice" in capsys.readouterr().err


def test_completion_builds_no_other_command() -> None:
    """Printing a script costs no parser: only the completion command's module is imported."""
    code = ("import sys; from rocmdesk.cli import main; main(['completion', 'bash']); "
            "print([m for m in sys.modules if m.startswith('rocmdesk.cli.')], file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=60)
    assert done.returncode == 0, done.stderr
    loaded = eval(done.stderr.strip().splitlines()[-1])  # noqa: S307 (our own list's repr)
    assert sorted(loaded) == ["rocmdesk.cli.argparse_i18n", "rocmdesk.cli.common", "rocmdesk.cli.completion"]


def _long_options(command: str) -> set[str]:
    parser = cli.build_parser([command])
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {o for a in sub.choices[command]._actions if a.help != argparse.SUPPRESS
            for o in a.option_strings if o.startswith("--")}


def _simulated() -> list[str]:
    from rocmdesk.machine import simulate

    return sorted(m.name for m in simulate.list_machines())


# ---- bash: source the script, set COMP_WORDS/COMP_CWORD, call the function complete -p names, read COMPREPLY

BASH_DRIVER = r'''
source "$1"; shift
func=$(complete -p rocmdesk | sed -E 's/.* -F ([^ ]+) .*/\1/')
COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}; COMPREPLY=()
"$func" rocmdesk "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
printf '%s\n' "${COMPREPLY[@]}"
'''


def _env(config: Path | None) -> dict[str, str]:
    """The environment of a shell under test: its profiles under ``config`` (else in no folder at all)."""
    return {**os.environ, "XDG_CONFIG_HOME": str(config or REPO / "no-such-folder")}


@pytest.fixture()
def profiles(tmp_path: Path) -> Path:
    """A config folder with three profiles (and a backup, which is none), as rocmdesk's profile store keeps them."""
    folder = tmp_path / "config" / "rocmdesk" / "profiles"
    folder.mkdir(parents=True)
    for name in ("llm", "llama-7b", "vision"):
        (folder / f"{name}.toml").write_text("", encoding="utf-8")
    (folder / "llm.toml.bak").write_text("", encoding="utf-8")
    return tmp_path / "config"


def _bash(line: str, config: Path | None = None) -> list[str]:
    bash = need_program("bash", "bash")
    words = line.split(" ")  # a trailing blank is an empty word: the word being completed
    done = subprocess.run([bash, "--norc", "--noprofile", "-c", BASH_DRIVER, "bash",
                           str(PACKAGED / "rocmdesk.bash"), *words], capture_output=True, text=True, timeout=60,
                          cwd=REPO, env=_env(config))
    assert done.returncode == 0 and not done.stderr, done.stderr
    return [w for w in done.stdout.splitlines() if w]


def test_bash_completes_a_command() -> None:
    assert _bash("rocmdesk pro") == ["profile"]
    assert set(_bash("rocmdesk ")) >= set(cli.COMMANDS)


def test_bash_completes_a_commands_options() -> None:
    assert set(_bash("rocmdesk monitor --")) == _long_options("monitor")
    assert _bash("rocmdesk monitor --source ") == ["auto", "sysfs", "rocm-smi", "amd-smi"]


def test_bash_completes_after_the_target_options_and_nested_actions() -> None:
    assert _bash("rocmdesk --simulate rx6600xt-old-driver det") == ["detect"]
    assert sorted(_bash("rocmdesk --simulate ")) == _simulated()
    assert _bash("rocmdesk profile sh") == ["show"]
    assert _bash("rocmdesk completion ") == ["bash", "zsh", "fish"]
    assert _bash("rocmdesk inspect resources/completions/rocmdesk.b") == ["resources/completions/rocmdesk.bash"]


def test_bash_completes_profile_names(profiles: Path) -> None:
    assert _bash("rocmdesk run ll", profiles) == ["llama-7b", "llm"]
    assert sorted(_bash("rocmdesk sanity --profile ", profiles)) == ["llama-7b", "llm", "vision"]
    assert _bash("rocmdesk profile show v", profiles) == ["vision"]
    assert _bash("rocmdesk run ll") == []  # no profile folder: nothing, and no error


# ---- zsh: an interactive zsh in a pseudo-terminal (zpty) with the file in $fpath and compinit; a compadd that
# writes what the completion system adds to a file, one match a line, then a marker when completion ends

ZSH_DRIVER = r'''
zmodload zsh/zpty
dir=$1 out=$2 line=$3
zpty z zsh -f -i
zpty -w z "PS1=''; fpath=($dir \$fpath); autoload -Uz compinit; compinit -u -D"
zpty -w z "compadd () { if [[ \${@[1,(i)(-|--)]} == *-(O|A|D)\\ * ]]; then builtin compadd \"\$@\"; return \$?; fi; local -a __hits; builtin compadd -A __hits \"\$@\"; print -rl -- \$__hits >> $out; builtin compadd \"\$@\"; }"
zpty -w z "comppostfuncs=(__done); __done () { print -r -- '--done--' >> $out }"
zpty -wn z "$line"$'\t'
for i in {1..200}; do
  [[ -f $out ]] && grep -q -- '--done--' $out && break
  sleep 0.05
done
zpty -d z
'''


def _zsh(line: str, tmp_path: Path, config: Path | None = None) -> list[str]:
    zsh = need_program("zsh", "zsh")
    out = tmp_path / f"zsh-{abs(hash(line))}.out"
    driver = tmp_path / "driver.zsh"
    driver.write_text(ZSH_DRIVER, encoding="utf-8")
    done = subprocess.run([zsh, "-f", str(driver), str(PACKAGED), str(out), line], capture_output=True, text=True,
                          timeout=60, cwd=REPO, env=_env(config))
    assert done.returncode == 0, done.stderr
    words = out.read_text(encoding="utf-8").splitlines() if out.exists() else []
    assert words and words[-1] == "--done--", f"zsh's completion did not finish: {words}"
    return [w for w in words[:-1] if w]


def test_zsh_completes_a_command_and_options(tmp_path: Path) -> None:
    assert _zsh("rocmdesk pro", tmp_path) == ["profile"]
    assert set(_zsh("rocmdesk monitor --", tmp_path)) == _long_options("monitor")
    assert sorted(_zsh("rocmdesk --simulate rx6600xt-", tmp_path)) == [n for n in _simulated()
                                                                      if n.startswith("rx6600xt-")]


def test_zsh_completes_profile_names(tmp_path: Path, profiles: Path) -> None:
    assert sorted(_zsh("rocmdesk shell ", tmp_path, profiles)) == ["llama-7b", "llm", "vision"]


# ---- fish: complete -C prints each candidate, a tab, its description


def _fish(line: str, config: Path | None = None) -> list[str]:
    fish = need_program("fish", "fish")
    done = subprocess.run([fish, "--no-config", "-c", 'source $argv[1]; complete -C "$argv[2]"',
                           str(PACKAGED / "rocmdesk.fish"), line], capture_output=True, text=True, timeout=60,
                          cwd=REPO, env=_env(config))
    assert done.returncode == 0 and not done.stderr, done.stderr
    return [row.split("\t")[0] for row in done.stdout.splitlines()]


def test_fish_completes_a_command_and_options() -> None:
    assert _fish("rocmdesk pro") == ["profile"]
    assert set(_fish("rocmdesk monitor --")) == _long_options("monitor")
    assert _fish("rocmdesk --simulate rx6600xt-old-driver det") == ["detect"]
    assert _fish("rocmdesk profile sh") == ["show"]


def test_fish_completes_profile_names(profiles: Path) -> None:
    assert _fish("rocmdesk run ll", profiles) == ["llama-7b", "llm"]
    assert _fish("rocmdesk profile export ", profiles) == ["llama-7b", "llm", "vision"]
    assert _fish("rocmdesk run ll") == []
