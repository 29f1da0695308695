"""The command line: thin, over the same functions the UI calls.  ``rocmdesk.cli:main`` is the entry point.

One module per command in this package (``detect``, ``plan``, ``torch``, ...), each with ``add_parser(subparsers)``
and ``run(args, host) -> int``; ``common`` holds what they share.  ``main`` imports only the module of the command
it runs: ``rocmdesk --help`` builds no command's parser.  To add a command: write its module, add its name to
``COMMANDS`` (in the order ``--help`` lists them) and its one-line help to ``_listing``.

Exit codes:
  0  success
  1  an unexpected internal error (a bug: please report it)
  2  bad usage (unknown option, unknown simulated machine, --root that is not a directory)
  3  unreadable or unrecognized input (a file that can't be read, output rocmdesk does not know)
  4  ``detect``: no AMD GPU was found (the report is still printed)
  5  ``apply``: nothing was changed (the plan was refused, the password prompt dismissed, or not authorized)
  6  ``doctor``: a problem of severity error was found (the report is still printed)
``sanity`` keeps its own: 0 the check passed, 1 it failed, 2 bad usage.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from rocmdesk import i18n
from rocmdesk.cli import argparse_i18n
from rocmdesk.cli.common import (
    EXIT_BUG, EXIT_INPUT, EXIT_NO_GPU, EXIT_OK, EXIT_USAGE, InputError, UsageError, add_target,
)
from rocmdesk.i18n import translate

TYPE_CHECKING = False  # typing's, without importing typing on the command line's path
if TYPE_CHECKING:
    from typing import Any

__all__ = ["EXIT_BUG", "EXIT_INPUT", "EXIT_NO_GPU", "EXIT_OK", "EXIT_USAGE", "InputError", "UsageError",
           "COMMANDS", "ArgumentParser", "HelpFormatter", "VersionAction", "build_parser", "command_module",
           "machine_readable", "main"]

# the commands, in the order --help lists them; each is the module rocmdesk.cli.<name>
COMMANDS = ("detect", "inspect", "simulate", "plan", "apply", "torch", "profile", "run", "shell", "monitor",
            "control", "exporter", "sanity", "doctor", "capture", "completion", "gui")
# commands that do not read a machine: run(args, None), and a bad --root/--simulate does not stop them
NO_HOST = frozenset({"inspect", "simulate", "completion"})


def _listing() -> dict[str, str]:
    """Each command's line in ``rocmdesk --help`` (the language is chosen by then)."""
    return {
        "detect": translate("Cli", "every AMD GPU, its gfx target and what ROCm/PyTorch make of it"),
        "inspect": translate("Cli", "read output pasted from another machine (rocminfo, ...)"),
        "simulate": translate("Cli", "simulated machines for trying rocmdesk without an AMD GPU"),
        "plan": translate("Cli", "every step that takes this machine to ROCm, before anything runs"),
        "apply": translate("Cli", "run the plan with one password prompt (or --dry-run)"),
        "torch": translate("Cli", "PyTorch wheels for this machine: recommend, install into a venv, verify"),
        "profile": translate("Cli", "per-project venv + environment variables, applied to activate scripts"),
        "run": translate("Cli", "run a command in a profile's venv and environment, without activating"),
        "shell": translate("Cli", "start $SHELL with a profile's venv and environment"),
        "monitor": translate("Cli", "live GPU temperatures, power, memory, clocks (text, JSON lines, CSV)"),
        "control": translate("Cli", "set a GPU's power cap or performance level, and set it back"),
        "exporter": translate("Cli", "serve the live GPU metrics to Prometheus over HTTP"),
        "sanity": translate("Cli", "a short real training run in a venv: AMP, throughput, multi-GPU"),
        "doctor": translate("Cli", "known ROCm/PyTorch failures found on this machine or in pasted output"),
        "capture": translate("Cli", "save a redacted snapshot of what rocmdesk reads here, for a bug report"),
        "completion": translate("Cli", "print the shell completion script for bash, zsh or fish"),
        "gui": translate("Cli", "open the app (the default)"),
    }


def command_module(name: str):
    """The module of command ``name`` (imported now): ``add_parser(subparsers)``, ``run(args, host) -> int``."""
    if name not in COMMANDS:
        raise KeyError(name)
    return importlib.import_module(f"rocmdesk.cli.{name}")


class VersionAction(argparse.Action):
    """``--version``: the version, then whether the system helper is installed (argparse's own prints a fixed
    string).  The helper check is imported only when asked: other commands must not pay for it."""

    def __init__(self, option_strings: list[str], dest: str = argparse.SUPPRESS,
                 default: str = argparse.SUPPRESS, help: str | None = None) -> None:
        super().__init__(option_strings, dest=dest, default=default, nargs=0,
                         help=help or translate("Cli", "print the version and whether the system helper is "
                                                           "installed, then exit"))

    def __call__(self, parser, namespace, values, option_string=None) -> None:  # noqa: ANN001 (argparse's)
        from rocmdesk.setup.helper_status import version_text

        print(version_text())
        parser.exit()


def _chosen_command(argv: list[str] | None) -> str | None:
    args = sys.argv[1:] if argv is None else argv
    skip = False
    for arg in args:
        if skip:
            skip = False
            continue
        if arg in ("--root", "--simulate"):
            skip = True
            continue
        if not arg.startswith("-"):
            return arg
    return None


def _asks_help(args: list[str]) -> bool:
    """Whether the top-level help is asked for: ``-h`` (also among other short flags), ``--help`` or a prefix of it
    that argparse would take for it."""
    return any((a.startswith("-h") and not a.startswith("--")) or (len(a) > 2 and "--help".startswith(a))
               for a in args if a != "--")


class HelpFormatter(argparse.HelpFormatter):
    """argparse's formatter, measuring the terminal without importing ``shutil`` (argparse makes a formatter for
    every ``add_argument``, and ``shutil`` brings bz2, lzma and more: a fifth of ``detect``'s start-up)."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        super().__init__(prog, indent_increment, max_help_position, _columns() - 2 if width is None else width)


def _columns() -> int:
    """``shutil.get_terminal_size().columns``: ``$COLUMNS``, else the terminal's width, else 80."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns or 80
        except (AttributeError, ValueError, OSError):
            columns = 80
    return columns


class ArgumentParser(argparse.ArgumentParser):
    """argparse's parser with :class:`HelpFormatter` by default; the commands' parsers are made of this class too
    (``add_subparsers`` makes its parsers of its parent's class)."""

    def __init__(self, *args: Any, formatter_class: type[argparse.HelpFormatter] = HelpFormatter,
                 **kwargs: Any) -> None:
        super().__init__(*args, formatter_class=formatter_class, **kwargs)


def build_parser(argv: list[str] | None = None, *, listing: bool = False) -> argparse.ArgumentParser:
    """The top-level parser, with the full parser of the command ``argv`` names and no other (start-up time:
    ``rocmdesk detect`` builds one parser).  Without a known command every command is listed with its help where
    that can be shown: the help is asked for, a word is not a command, or ``listing`` (the docs' generator).
    Without a command and without those, the app opens and the listing is not built."""
    p = ArgumentParser(
        prog="rocmdesk",
        description=translate("Cli", "From an AMD GPU to a verified PyTorch-on-ROCm setup. Without a command, "
                                     "opens the app."),
        epilog=translate("Cli", "Exit codes: 0 ok, 1 internal error, 2 bad usage, 3 unreadable or unknown input, "
                                "4 detect found no AMD GPU, 5 apply changed nothing (refused, dismissed or not "
                                "authorized), 6 doctor found an error. sanity: 0 passed, 1 failed."),
    )
    p.add_argument("--version", action=VersionAction)  # the version, and whether the system helper is there
    add_target(p, top=True)
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    chosen = _chosen_command(argv)
    if chosen in COMMANDS:
        command_module(chosen).add_parser(sub)
        return p
    if chosen is None and not listing and not _asks_help(sys.argv[1:] if argv is None else argv):
        return p  # no command: the app opens, and nothing shows the listing (its 17 parsers: ~2 ms of every launch)
    helps = _listing()
    for name in COMMANDS:
        sub.add_parser(name, help=helps[name], add_help=False)
    return p


def machine_readable(args: argparse.Namespace) -> bool:
    """Whether the command prints for programs: every ``--json``, the monitor's ``--csv``, and the plan as a
    script, JSON or playbook.  Such output stays English whatever the locale."""
    if getattr(args, "json", False) or getattr(args, "csv", False):
        return True
    return args.command == "plan" and getattr(args, "format", "text") != "text"


def main(argv: list[str] | None = None) -> int:
    argparse_i18n.install()  # "usage:", "options" and argparse's errors in the user's language too
    parser = build_parser(argv)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse already printed the message
        return EXIT_OK if exc.code == 0 else EXIT_USAGE
    # one place for every subcommand: core modules translate sentences as they build them, so English must be
    # chosen before anything is built; the caller's choice comes back afterwards (tests call main in-process)
    if machine_readable(args):
        with i18n.speaking(i18n.SOURCE_LANGUAGE):
            return _dispatch(args)
    return _dispatch(args)


def _dispatch(args: argparse.Namespace) -> int:
    from rocmdesk.cli.common import error, host_for

    command = args.command or "gui"
    try:
        module = command_module(command)
        return module.run(args, None if command in NO_HOST else host_for(args))
    except UsageError as exc:
        error(str(exc))
        return EXIT_USAGE
    except InputError as exc:
        error(str(exc))
        return EXIT_INPUT
    except BrokenPipeError:
        return EXIT_OK
    except KeyboardInterrupt:
        return 130
