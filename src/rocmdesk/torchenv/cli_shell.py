"""``rocmdesk shell PROFILE``: its own module because cli.py loads one module per command (see cli_run)."""

from __future__ import annotations

import argparse

from rocmdesk.machine.host import Host
from rocmdesk.torchenv.cli_run import add_shell_parser, run_shell


def add_parser(subparsers) -> None:
    add_shell_parser(subparsers)


def run(args: argparse.Namespace, host: Host) -> int:
    return run_shell(args, host)
