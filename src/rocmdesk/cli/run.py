"""``rocmdesk run PROFILE -- CMD ...`` (and, for ``rocmdesk shell PROFILE``, what they share): a profile's
environment without activating.

Both build the environment an activated venv plus the profile would give (:mod:`rocmdesk.torchenv.launch`)
and then *replace* this process with the command (``os.execvpe``), so signals, the terminal and the exit
status are the command's own.  They never touch the activate scripts.

Exit codes: the command's own; 2 bad usage or an unknown profile; 3 an unreadable profile file;
126 the command cannot be run; 127 the command was not found.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys

from rocmdesk.cli.common import EXIT_INPUT, EXIT_USAGE, error
from rocmdesk.i18n import translate
from rocmdesk.machine.host import Host
from rocmdesk.torchenv.launch import Launch

EXIT_CANNOT_RUN, EXIT_NOT_FOUND = 126, 127  # as a shell says them


def add_parser(subparsers) -> None:
    p = subparsers.add_parser(
        "run",
        help=translate("rocmdesk.torchenv.cli_run",
                       "run a command in a profile's venv and environment, without activating"),
        description=translate("rocmdesk.torchenv.cli_run",
                              "Run CMD with the profile's venv first on PATH, VIRTUAL_ENV set and the profile's "
                              "variables; the exit status is CMD's."),
        epilog=translate("rocmdesk.torchenv.cli_run",
                         "Exit codes: the command's own; 2 bad usage or an unknown profile; 3 an unreadable profile "
                         "file; 126 the command cannot be run; 127 the command was not found."))
    p.add_argument("profile", metavar="PROFILE",
                   help=translate("rocmdesk.torchenv.cli_run", "the profile (see: rocmdesk profile list)"))
    p.add_argument("--cd", action="store_true",
                   help=translate("rocmdesk.torchenv.cli_run", "run in the profile's project folder"))
    p.add_argument("cmd", nargs=argparse.REMAINDER, metavar="-- CMD ...",
                   help=translate("rocmdesk.torchenv.cli_run", "the command and its arguments, after --"))


def split_rest(rest: list[str], flags: tuple[str, ...]) -> tuple[set[str], list[str]]:
    """argparse's REMAINDER also swallows our own flags given after PROFILE (``run p --cd -- cmd``):
    take those off the front, then the ``--``."""
    seen = set()
    while rest and rest[0] in flags:
        seen.add(rest[0])
        rest = rest[1:]
    if rest and rest[0] == "--":
        rest = rest[1:]
    return seen, rest


def exec_launch(launch: Launch) -> int:
    """Replace this process; returns only when the command could not be started."""
    program = launch.argv[0]
    if os.sep not in program and shutil.which(program, path=launch.env.get("PATH")) is None:
        print("rocmdesk: " + translate("rocmdesk.torchenv.cli_run", "{program}: command not found (PATH starts "
                                                                    "with the venv's bin)").format(program=program),
              file=sys.stderr)
        return EXIT_NOT_FOUND
    if launch.cwd is not None:
        try:
            os.chdir(launch.cwd)
        except OSError as exc:
            print("rocmdesk: " + translate("rocmdesk.torchenv.cli_run", "cannot enter {folder}: {error}").format(
                folder=launch.cwd, error=exc.strerror), file=sys.stderr)
            return EXIT_CANNOT_RUN
    sys.stdout.flush()
    sys.stderr.flush()
    try:
        os.execvpe(program, launch.argv, launch.env)
    except FileNotFoundError:
        print("rocmdesk: " + translate("rocmdesk.torchenv.cli_run", "{program}: command not found").format(
            program=program), file=sys.stderr)
        return EXIT_NOT_FOUND
    except OSError as exc:
        print(f"rocmdesk: {program}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_CANNOT_RUN
    return EXIT_CANNOT_RUN  # not reached


def guarded(fn) -> int:
    from rocmdesk.torchenv.profile_store import ProfileFileError
    from rocmdesk.torchenv.profiles import ProfileError

    try:
        return fn()
    except ProfileFileError as exc:
        error(str(exc))
        return EXIT_INPUT
    except ProfileError as exc:
        error(str(exc))
        return EXIT_USAGE


def run(args: argparse.Namespace, host: Host) -> int:
    from rocmdesk.torchenv.launch import launch_profile, run_launch

    def go() -> int:
        flags, command = split_rest(args.cmd, ("--cd",))
        if not command:
            print("rocmdesk: run: " + translate("rocmdesk.torchenv.cli_run", "give the command after --, e.g. "
                                                                         "{example}").format(
                example="rocmdesk run NAME -- python train.py"), file=sys.stderr)
            return EXIT_USAGE
        return exec_launch(run_launch(launch_profile(args.profile), command, args.cd or "--cd" in flags))

    return guarded(go)
