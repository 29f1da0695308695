"""``rocmdesk inspect FILE...``: read output pasted from another machine (rocminfo, rocm-smi, amd-smi, lspci, ...)."""

from __future__ import annotations

import argparse
import sys

from rocmdesk.cli.common import EXIT_OK, InputError, print_json, read_input
from rocmdesk.i18n import translate


def add_parser(subparsers) -> None:
    i = subparsers.add_parser("inspect",
                              help=translate("Cli", "read output pasted from another machine (rocminfo, ...)"))
    i.add_argument("files", nargs="+", metavar="FILE", help=translate("Cli", "a file, or - for standard input"))
    i.add_argument("--json", action="store_true", help=translate("Cli", "machine-readable output"))


def run(args: argparse.Namespace, host: None = None) -> int:
    """Reads no machine: ``host`` is None."""
    from rocmdesk.formats.errors import FormatError
    from rocmdesk.inspect import inspect_text
    from rocmdesk.report_text import format_inspection

    results = []
    for name in args.files:
        label, data = read_input(name)
        try:
            results.append(inspect_text(data, label))
        except FormatError as exc:
            raise InputError(f"{label}: {exc}") from None
    if args.json:
        print_json(results[0] if len(results) == 1 else {"inputs": results})
    else:
        sys.stdout.write("\n".join(format_inspection(r) for r in results))
    return EXIT_OK
