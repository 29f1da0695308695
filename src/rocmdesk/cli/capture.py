"""``rocmdesk capture``: a redacted snapshot of what rocmdesk reads on this machine, for a bug report."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rocmdesk.cli.common import EXIT_NOTHING_CHANGED, EXIT_OK, InputError, add_target, print_json
from rocmdesk.i18n import translate


def add_parser(subparsers) -> None:
    p = subparsers.add_parser(
        "capture",
        help=translate("Cli", "save a redacted snapshot of what rocmdesk reads here, for a bug report"),
        description=translate(
            "Cli",
            "Save exactly the files and command outputs rocmdesk reads on this machine (GPU sysfs and KFD, "
            "os-release, ROCm's packages, rocminfo and the kernel log) as one .tar.gz, with your user and host "
            "names, serial numbers and other accounts taken out. What it holds is shown before it is written. "
            "Elsewhere, `rocmdesk detect --root FILE` and `rocmdesk doctor --from FILE` read it as this machine."),
        epilog=translate("Cli", "Exit codes: 0 written (or listed), 5 not written (not confirmed), 3 it could not "
                                "be written."))
    add_target(p)
    p.add_argument("-o", "--output", type=Path, metavar="FILE",
                   help=translate("Cli", "where to write it (default: rocmdesk-snapshot-DATE.tar.gz here)"))
    p.add_argument("--list", action="store_true",
                   help=translate("Cli", "only show what the snapshot would hold; write nothing"))
    p.add_argument("--yes", action="store_true", help=translate("Cli", "write it without asking"))
    p.add_argument("--json", action="store_true",
                   help=translate("Cli", "the list as JSON (with --list), or where it was written"))


def run(args: argparse.Namespace, host) -> int:  # noqa: ANN001 (a Host)
    from rocmdesk import capture

    snap = capture.capture(host)
    if args.list:
        if args.json:
            print_json({"files": sorted(snap.files), "links": snap.links,
                        "commands": [c["argv"] for c in snap.commands], "env": sorted(snap.env),
                        "redactions": snap.redactions})
        else:
            print("\n".join(capture.summary(snap)))
        return EXIT_OK
    target = args.output or Path(capture.default_name())
    if not args.json:
        print("\n".join(capture.summary(snap)))
    if not args.yes:
        if not sys.stdin.isatty():
            print(translate("Cli", "Not written: add --yes to write it without asking, or --list to only look."),
                  file=sys.stderr)
            return EXIT_NOTHING_CHANGED
        sys.stdout.write(translate("Cli", "Write it to {path}? [y/N] ").format(path=target))
        sys.stdout.flush()
        if sys.stdin.readline().strip().lower() not in ("y", "yes", "是"):
            print(translate("Cli", "Not written."), file=sys.stderr)
            return EXIT_NOTHING_CHANGED
    try:
        capture.write(snap, target)
    except capture.SnapshotError as exc:
        raise InputError(str(exc)) from None
    if args.json:
        print_json({"written": str(target), "files": len(snap.files), "redactions": snap.redactions})
    else:
        print(translate("Cli", "Written to {path}. Attach it to your bug report; `rocmdesk detect --root {path}` and "
                               "`rocmdesk doctor --from {path}` read it on any computer.").format(path=target))
    return EXIT_OK
