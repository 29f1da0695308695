"""``rocmdesk shell PROFILE``: start $SHELL with a profile's venv and environment (see ``run``, which it shares)."""

from __future__ import annotations

import argparse
import sys

from rocmdesk.cli.common import error
from rocmdesk.cli.run import exec_launch, guarded, split_rest
from rocmdesk.i18n import translate
from rocmdesk.machine.host import Host


def add_parser(subparsers) -> None:
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


def run(args: argparse.Namespace, host: Host) -> int:
    from rocmdesk.torchenv.launch import launch_profile, shell_launch

    def go() -> int:
        prof = launch_profile(args.profile)
        flags, shell_args = split_rest(args.shell_args, ("--here",))
        launch = shell_launch(prof, shell_args, args.here or "--here" in flags)
        if sys.stdin.isatty() and not shell_args:
            error(translate("rocmdesk.torchenv.cli_run", "{shell} with profile {name} (venv {venv}); "
                                                         "exit to leave").format(
                shell=launch.argv[0], name=prof.name, venv=prof.venv))
        return exec_launch(launch)

    return guarded(go)
