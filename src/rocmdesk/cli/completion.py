"""``rocmdesk completion bash|zsh|fish``: print the shell completion script, for pip and pipx installs (the .deb
puts the same files where each shell looks for them).

The scripts are generated from the parsers by ``scripts/gen_completions.py`` (committed under
resources/completions/, the package data the .deb installs too); this command only prints the shipped
file, so it costs no parser.  ``full_parser`` is the one parser with every command's: the generators of the man
page and the completions read it (``rocmdesk`` itself never builds it: each run builds its own command's only).
"""

from __future__ import annotations

import argparse
import sys

from rocmdesk.cli.common import EXIT_OK, InputError
from rocmdesk.i18n import translate

# the file each shell's script is in, and where a user puts it (shown in --help)
FILES = {"bash": "rocmdesk.bash", "zsh": "_rocmdesk", "fish": "rocmdesk.fish"}


def add_parser(subparsers) -> None:
    p = subparsers.add_parser(
        "completion",
        help=translate("Cli", "print the shell completion script for bash, zsh or fish"),
        description=translate(
            "Cli",
            "Print the completion script for SHELL, for an install with pip or pipx (the .deb installs it "
            "already). bash: rocmdesk completion bash > ~/.local/share/bash-completion/completions/rocmdesk; "
            "zsh: rocmdesk completion zsh > DIR/_rocmdesk, with DIR in $fpath; "
            "fish: rocmdesk completion fish > ~/.config/fish/completions/rocmdesk.fish. "
            "Then start a new shell."),
        epilog=translate("Cli", "Exit codes: 0 printed, 2 bad usage (a shell it has no script for), "
                                "3 the script is missing from this installation."))
    p.add_argument("shell", choices=tuple(FILES), metavar="SHELL",
                   help=translate("Cli", "the shell: bash, zsh or fish"))


def script(shell: str) -> str:
    """The shipped completion script for ``shell`` (package data in rocmdesk.resources)."""
    from importlib import resources

    name = FILES[shell]
    try:
        return (resources.files("rocmdesk.resources") / "completions" / name).read_text(encoding="utf-8")
    except (OSError, ModuleNotFoundError) as exc:
        raise InputError(translate("Cli", "the {shell} completion script is missing from this installation "
                                          "({error})").format(shell=shell, error=exc)) from None


def run(args: argparse.Namespace, host) -> int:  # noqa: ANN001 (always None: no machine is read)
    sys.stdout.write(script(args.shell))
    return EXIT_OK


def full_parser() -> argparse.ArgumentParser:
    """The top-level parser with every command's full parser, in ``COMMANDS`` order (for the generators)."""
    from rocmdesk import cli

    parser = cli.build_parser([cli.COMMANDS[0]])
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for name in cli.COMMANDS[1:]:
        cli.command_module(name).add_parser(sub)
    return parser
