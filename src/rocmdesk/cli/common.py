"""What the commands share: the target options (``--root``/``--simulate``) and the Host they name, reading an
input file, asking before a change, the exit codes, the two errors ``main`` turns into exit codes, and output.

Kept light: ``rocmdesk --help`` imports this module, and no command's own.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from rocmdesk.i18n import translate

TYPE_CHECKING = False  # typing's, without importing typing on the command line's path
if TYPE_CHECKING:
    from typing import Any, TextIO

    from rocmdesk.machine.host import Host
    from rocmdesk.machine.model import MachineReport

# the codes every command shares (rocmdesk --help's epilog lists them); a command's own are in its module
EXIT_OK = 0
EXIT_BUG = 1  # an unexpected internal error
EXIT_USAGE = 2  # an unknown option, simulated machine or release; --root that is not a directory
EXIT_INPUT = 3  # a file that cannot be read, output rocmdesk does not know
EXIT_NO_GPU = 4  # detect, monitor, exporter, torch: no AMD GPU
EXIT_NOTHING_CHANGED = 5  # apply, doctor --fix: refused, dismissed, not authorized, not confirmed
EXIT_FINDINGS = 6  # doctor: a finding of severity error
EXIT_INTERRUPTED = 130  # Ctrl-C


class UsageError(Exception):
    """Bad usage found after parsing: ``main`` prints it and exits 2."""


class InputError(Exception):
    """An input that cannot be read or is not what it should be: ``main`` prints it and exits 3."""


def add_target(p: argparse.ArgumentParser, top: bool = False) -> None:
    """``--root DIR | --simulate NAME``: the machine a command reads."""
    # subcommands SUPPRESS their defaults so `rocmdesk --simulate X detect` keeps X
    default = None if top else argparse.SUPPRESS
    g = p.add_mutually_exclusive_group()
    g.add_argument("--root", metavar="DIR", default=default,
                   help=translate("Cli", "read a machine tree or a snapshot (rocmdesk capture) instead of this "
                                       "computer"))
    g.add_argument(
        "--simulate", metavar="NAME", default=default,
        help=translate("Cli", "use a simulated machine (see: rocmdesk simulate list)")
    )


def unknown_machine(name: str) -> UsageError:
    from rocmdesk.machine import simulate

    names = ", ".join(m.name for m in simulate.list_machines())
    return UsageError(translate("Cli", "no simulated machine called {name}; there are: {names}").format(
        name=repr(name), names=names))


def host_for(args: argparse.Namespace) -> "Host":
    """The Host the target options name: a simulated machine, a captured tree, else this computer."""
    from rocmdesk.machine.host import Host

    if getattr(args, "simulate", None) and getattr(args, "root", None):
        raise UsageError(translate("Cli", "--root and --simulate exclude each other"))
    if getattr(args, "simulate", None):
        from rocmdesk.machine import open_sim

        try:
            return open_sim.open_simulated(args.simulate)
        except KeyError:
            raise unknown_machine(args.simulate) from None
    if getattr(args, "root", None):
        root = Path(args.root)
        from rocmdesk import capture

        if capture.is_snapshot(root):  # a snapshot from `rocmdesk capture`: a tarball or its unpacked folder
            try:
                return capture.open_snapshot(root)
            except capture.SnapshotError as exc:
                raise InputError(str(exc)) from None
        if not root.is_dir():
            raise UsageError(translate("Cli", "--root {root}: not a directory").format(root=args.root))
        return Host.at_root(root)
    return Host.local()


def detected(host: "Host") -> "MachineReport":
    """The machine, its advice attached once (``rocmdesk.advice.attach``): the one verdict per GPU that the
    command's JSON carries and its text renders."""
    from rocmdesk.advice import attach
    from rocmdesk.machine.detect import detect

    report = detect(host)
    attach(report)
    return report


def read_input(name: str) -> tuple[str, bytes]:
    """(a label, the bytes) of a file, or of standard input for ``-``; an unreadable one, or one larger than
    ``formats.limits.MAX_INPUT_BYTES`` (read no further than that), is an InputError."""
    from rocmdesk.formats import limits

    limit = limits.MAX_INPUT_BYTES
    if name == "-":
        stream = getattr(sys.stdin, "buffer", None)  # None: a text stream put in its place (a test, an embedder)
        data = stream.read(limit + 1) if stream is not None else sys.stdin.read(limit + 1).encode(
            "utf-8", "surrogateescape")
        label = "<stdin>"
    else:
        label = name
        try:
            with open(name, "rb") as fh:
                data = fh.read(limit + 1)
        except IsADirectoryError:
            raise InputError(translate("Cli", "{name}: is a directory, not a file").format(name=name)) from None
        except OSError as exc:
            raise InputError(translate("Cli", "{name}: cannot read it ({error})").format(
                name=name, error=exc.strerror or exc)) from None
    if len(data) > limit:
        raise InputError(translate("Cli", "{name}: more than {limit} MiB: not a log or tool output rocmdesk "
                                          "reads").format(name=label, limit=limits.mib(limit)))
    return label, data


def confirm(n: int, stdin: TextIO, out: TextIO) -> bool:
    """Ask before running ``n`` steps as an administrator; True for yes."""
    out.write(translate("rocmdesk.setup.cli_apply",
                        "Run these {n} steps now? You authenticate once, as an administrator. [y/N] ").format(n=n))
    out.flush()
    answer = stdin.readline().strip().lower()
    # y/yes in every language (the prompt shows [y/N]); 是 for a Chinese input method left on
    return answer in ("y", "yes", "是")


def go_ahead(args: argparse.Namespace, n: int, out: TextIO) -> bool:
    """Whether to run a plan's ``n`` steps: a dry run or ``--yes`` runs; otherwise ask on a terminal.  False:
    nothing is run, and why was said (exit with EXIT_NOTHING_CHANGED)."""
    if args.dry_run or args.yes:
        return True
    if not sys.stdin.isatty():
        error(translate("rocmdesk.setup.cli_apply",
                        "not asking on a non-interactive input: read the plan above and run "
                        "again with --yes to go ahead (nothing was changed)"))
        return False
    if not confirm(n, sys.stdin, out):
        out.write(translate("rocmdesk.setup.cli_apply", "Not confirmed: nothing was changed.") + "\n")
        return False
    return True


def print_json(data: Any, out: TextIO | None = None) -> None:
    """``data`` as indented JSON (non-ASCII kept as it is), then a newline."""
    out = sys.stdout if out is None else out
    json.dump(data, out, indent=2, ensure_ascii=False)
    out.write("\n")


def error(text: str) -> None:
    """``rocmdesk: text`` on standard error."""
    print(f"rocmdesk: {text}", file=sys.stderr)
