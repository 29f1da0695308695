"""``rocmdesk run PROFILE -- CMD ...`` and ``rocmdesk shell PROFILE``: a profile's environment without activating.

Both build the environment an activated venv plus the profile would give (``exports.profile_environ``)
and then *replace* this process with the command (``os.execvpe``), so signals, the terminal and the exit
status are the command's own.  They never touch the activate scripts.  (This starts the user's own
program, not a read of the machine, so it does not go through the Host seam.)

Exit codes: the command's own; 2 bad usage or an unknown profile; 3 an unreadable profile file;
126 the command cannot be run; 127 the command was not found.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from rocmdesk.i18n import translate
from rocmdesk.machine.host import Host

EXIT_USAGE, EXIT_INPUT, EXIT_CANNOT_RUN, EXIT_NOT_FOUND = 2, 3, 126, 127


@dataclass(frozen=True)
class Launch:
    argv: list[str]
    env: dict[str, str]
    cwd: str | None


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


def add_shell_parser(subparsers) -> None:
    p = subparsers.add_parser(
        "shell",
        help=translate("rocmdesk.torchenv.cli_run", "start $SHELL with a profile's venv and environment"),
        description=translate("rocmdesk.torchenv.cli_run",
                              "Start $SHELL (or /bin/sh) in the profile's project folder with its venv and "
                              "variables; arguments after -- go to the shell (e.g. -- -c 'cmd')."),
        epilog=translate("rocmdesk.torchenv.cli_run",
                         "Exit codes: the shell's own; 2 bad usage or an unknown profile; 3 an unreadable profile "
                         "file; 126 the shell cannot be run; 127 the shell was not found."))
    p.add_argument("profile", metavar="PROFILE",
                   help=translate("rocmdesk.torchenv.cli_run", "the profile (see: rocmdesk profile list)"))
    p.add_argument("--here", action="store_true",
                   help=translate("rocmdesk.torchenv.cli_run", "stay in the current folder"))
    p.add_argument("shell_args", nargs=argparse.REMAINDER, metavar="-- ARGS",
                   help=translate("rocmdesk.torchenv.cli_run", "arguments for the shell, after --"))


def _split_rest(rest: list[str], flags: tuple[str, ...]) -> tuple[set[str], list[str]]:
    """argparse's REMAINDER also swallows our own flags given after PROFILE (``run p --cd -- cmd``):
    take those off the front, then the ``--``."""
    seen = set()
    while rest and rest[0] in flags:
        seen.add(rest[0])
        rest = rest[1:]
    if rest and rest[0] == "--":
        rest = rest[1:]
    return seen, rest


def _profile(name: str):
    from rocmdesk.torchenv.profiles import load_profile

    prof = load_profile(name)
    if not Path(prof.venv, "bin").is_dir():
        from rocmdesk.torchenv.profiles import ProfileError

        raise ProfileError(translate("rocmdesk.torchenv.cli_run", "profile {name}: {venv} is not a venv (no bin/ "
                                                                  "folder); create it first, e.g. {command}").format(
            name=name, venv=prof.venv, command=f"`rocmdesk torch install --venv {prof.venv}`"))
    return prof


def run_launch(prof, command: list[str], cd: bool, base: Mapping[str, str] | None = None) -> Launch:
    from rocmdesk.torchenv.exports import profile_environ

    return Launch(list(command), profile_environ(prof, base), prof.project_dir if cd else None)


def user_shell(base: Mapping[str, str]) -> str:
    shell = base.get("SHELL")
    if shell and os.path.isabs(shell) and os.access(shell, os.X_OK):
        return shell
    return "/bin/sh"


def shell_launch(prof, shell_args: list[str], here: bool, base: Mapping[str, str] | None = None) -> Launch:
    from rocmdesk.torchenv.exports import profile_environ

    env = profile_environ(prof, base)
    shell = user_shell(env)
    cwd = None if here or not Path(prof.project_dir).is_dir() else prof.project_dir
    return Launch([shell] + list(shell_args), env, cwd)


def _exec(launch: Launch) -> int:
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


def _guarded(fn) -> int:
    from rocmdesk.torchenv.profile_store import ProfileFileError
    from rocmdesk.torchenv.profiles import ProfileError

    try:
        return fn()
    except ProfileFileError as exc:
        print(f"rocmdesk: {exc}", file=sys.stderr)
        return EXIT_INPUT
    except ProfileError as exc:
        print(f"rocmdesk: {exc}", file=sys.stderr)
        return EXIT_USAGE


def run(args: argparse.Namespace, host: Host) -> int:
    def go() -> int:
        flags, command = _split_rest(args.cmd, ("--cd",))
        if not command:
            print("rocmdesk: run: " + translate("rocmdesk.torchenv.cli_run", "give the command after --, e.g. "
                                                                         "{example}").format(
                example="rocmdesk run NAME -- python train.py"), file=sys.stderr)
            return EXIT_USAGE
        return _exec(run_launch(_profile(args.profile), command, args.cd or "--cd" in flags))

    return _guarded(go)


def run_shell(args: argparse.Namespace, host: Host) -> int:
    def go() -> int:
        prof = _profile(args.profile)
        flags, shell_args = _split_rest(args.shell_args, ("--here",))
        launch = shell_launch(prof, shell_args, args.here or "--here" in flags)
        if sys.stdin.isatty() and not shell_args:
            print("rocmdesk: " + translate("rocmdesk.torchenv.cli_run", "{shell} with profile {name} (venv {venv}); "
                                                                        "exit to leave").format(
                shell=launch.argv[0], name=prof.name, venv=prof.venv), file=sys.stderr)
        return _exec(launch)

    return _guarded(go)
