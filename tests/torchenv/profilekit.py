"""Helpers for the profile, hook, export and shell tests: real venvs, real shells, environment dumps."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

from rocmdesk.torchenv.hooks import SCRIPTS, quote_csh, quote_fish, quote_sh
from tests.conftest import need_program

# a value every shell must carry unchanged (no line break: csh refuses those, tested separately)
NASTY = "a b'c\"d $(echo pwned) `echo x` \\back \\n !bang ~ * ${HOME} $HOME ; | & < > #"
NASTY_NL = NASTY + "\nsecond line\n"


def make_venv(path: Path, python: str = sys.executable) -> Path:
    subprocess.run([python, "-m", "venv", "--without-pip", str(path)], check=True, capture_output=True)
    return path


def script_hashes(venv: Path) -> dict[str, str]:
    return {name: hashlib.sha256((venv / "bin" / name).read_bytes()).hexdigest() for _, name in SCRIPTS}


def clean_env(home: Path, **extra: str) -> dict[str, str]:
    """A small environment for a child shell: no user rc files, a private HOME."""
    env = {"PATH": os.environ.get("PATH", os.defpath), "HOME": str(home), "LANG": "C.UTF-8",
           "XDG_CONFIG_HOME": str(home / ".config"), "XDG_DATA_HOME": str(home / ".local/share"),
           "TERM": "dumb"}
    env.update(extra)
    return env


# shell -> (program and its arguments to read a script file, how to source a file, which activate script)
SHELLS = {
    "bash": (["bash", "--norc", "--noprofile"], lambda p: f". {quote_sh(p)}", "activate"),
    "zsh": (["zsh", "-f"], lambda p: f". {quote_sh(p)}", "activate"),
    "fish": (["fish", "--no-config"], lambda p: f"source {quote_fish(p)}", "activate.fish"),
    "tcsh": (["tcsh", "-f"], lambda p: f"source {quote_csh(p)}", "activate.csh"),
    "bsd-csh": (["bsd-csh", "-f"], lambda p: f"source {quote_csh(p)}", "activate.csh"),
}


def need_shell(shell: str) -> list[str]:
    """The shell's command line; a missing shell skips the test here and fails it in CI (``require``)."""
    argv = SHELLS[shell][0]
    need_program(argv[0], shell if shell != "bsd-csh" else "csh", component=f"the {shell} shell")
    return argv


def leftover_check(shell: str) -> str:
    """Shell code that prints LEFTOVER when deactivate or our helpers or saved variables survive."""
    if shell in ("bash", "zsh"):
        return ("for f in deactivate _rocmdesk_restore _rocmdesk_orig_deactivate _rocmdesk_switched "
                "_rocmdesk_unhash hash; do typeset -f $f >/dev/null 2>&1 && echo LEFTOVER-$f; done\n"
                "set | grep -q '^_ROCMDESK' && echo LEFTOVER-vars\n")
    if shell == "fish":
        return ("for f in deactivate _rocmdesk_restore _rocmdesk_orig_deactivate _rocmdesk_switched\n"
                "    functions -q $f; and echo LEFTOVER-$f\nend\n"
                "set -n | grep -q '^_ROCMDESK'; and echo LEFTOVER-vars\n")
    return ("alias | grep -q '^deactivate' && echo LEFTOVER-deactivate\n"
            "alias | grep -q '^_rocmdesk' && echo LEFTOVER-restore\n"
            "alias | grep -q '^rehash' && echo LEFTOVER-rehash\n"
            "set | grep -q '^_ROCMDESK' && echo LEFTOVER-vars\n")


def run_activation(shell: str, venv: Path, tmp: Path, keys: list[str], env: dict[str, str],
                   steps: tuple[str, ...] = ("activate", "dump", "activate", "dump", "deactivate", "dump")):
    """Source the venv's activate script in a real shell, dump the variables (JSON from a child python)
    after each step; returns (dumps, stdout, stderr)."""
    argv = need_shell(shell)
    _, source, script = SHELLS[shell]
    dumper = tmp / "dump_env.py"
    dumper.write_text("import json, os, sys\n"
                      "keys = sys.argv[1:]\n"
                      "print('DUMP ' + json.dumps({k: os.environ.get(k) for k in keys}))\n")
    dump = f"{quote_sh(sys.executable)} {quote_sh(str(dumper))} " + " ".join(keys + ["VIRTUAL_ENV", "PATH"])
    lines = []
    if shell in ("tcsh", "bsd-csh"):
        lines.append('set prompt="% "')  # an interactive csh has one; activate.csh reads it
    for step in steps:
        if step == "activate":
            lines.append(source(str(venv / "bin" / script)))
        elif step == "dump":
            lines.append(dump)
        elif step == "deactivate":
            lines.append("deactivate")
    lines.append(leftover_check(shell))
    path = tmp / f"script.{shell}"
    path.write_text("\n".join(lines) + "\n")
    proc = subprocess.run(argv + [str(path)], env=env, capture_output=True, text=True, timeout=60, cwd=tmp)
    dumps = [json.loads(line[5:]) for line in proc.stdout.splitlines() if line.startswith("DUMP ")]
    return dumps, proc.stdout, proc.stderr


def rocmdesk(*args: str, env: dict[str, str], input: str | None = None, cwd: Path | None = None,
             timeout: float = 60) -> subprocess.CompletedProcess:
    """The real command line in a child process (run/shell replace the process, so never in-process)."""
    return subprocess.run([sys.executable, "-m", "rocmdesk", *args], env=env, capture_output=True, text=True,
                          input=input, cwd=cwd, timeout=timeout)
