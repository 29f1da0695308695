"""``rocmdesk detect``: every AMD GPU on this (or a captured or simulated) machine, its gfx target, and the advice."""

from __future__ import annotations

import argparse
import sys

from rocmdesk.cli.common import EXIT_NO_GPU, EXIT_OK, add_target, detected, print_json
from rocmdesk.i18n import translate

TYPE_CHECKING = False  # typing's, without importing typing on the command line's path
if TYPE_CHECKING:
    from rocmdesk.machine.host import Host


def add_parser(subparsers) -> None:
    d = subparsers.add_parser("detect",
                              help=translate("Cli", "every AMD GPU, its gfx target and what ROCm/PyTorch make of it"))
    add_target(d)
    d.add_argument("--json", action="store_true", help=translate("Cli", "machine-readable output"))


def run(args: argparse.Namespace, host: "Host") -> int:
    report = detected(host)  # the one verdict per GPU (rocmdesk.advice): the JSON's advice objects and the text's lines
    if args.json:
        print_json(report.to_json())
    else:
        from rocmdesk.report_text import format_report  # only the text needs it (--json runs from scripts)

        sys.stdout.write(format_report(report))
    return EXIT_OK if report.gpus else EXIT_NO_GPU
