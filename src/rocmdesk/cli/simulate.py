"""``rocmdesk simulate list|build``: the simulated machines, for trying rocmdesk without an AMD GPU."""

from __future__ import annotations

import argparse
from pathlib import Path

from rocmdesk.cli.common import EXIT_OK, unknown_machine
from rocmdesk.i18n import translate


def add_parser(subparsers) -> None:
    s = subparsers.add_parser("simulate",
                              help=translate("Cli", "simulated machines for trying rocmdesk without an AMD GPU"))
    ssub = s.add_subparsers(dest="simulate_command", metavar="ACTION")
    ssub.add_parser("list", help=translate("Cli", "one machine a line: its name, then what it is"))
    b = ssub.add_parser("build", help=translate("Cli", "write a simulated machine's tree to a directory (for --root)"))
    b.add_argument("name", help=translate("Cli", "the simulated machine (see: rocmdesk simulate list)"))
    b.add_argument("dest", type=Path, help=translate("Cli", "the directory to write it to"))


def run(args: argparse.Namespace, host: None = None) -> int:
    """Reads no machine: ``host`` is None."""
    from rocmdesk.machine import simulate

    if args.simulate_command == "build":
        try:
            dest = simulate.build(args.name, args.dest)
        except KeyError:
            raise unknown_machine(args.name) from None
        print(dest)
        return EXIT_OK
    for m in simulate.list_machines():
        print(f"{m.name}\t{m.description}")
    return EXIT_OK
