"""The command line: thin, over the same functions the UI calls.

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
import json
import sys
from pathlib import Path
from typing import Any, Callable

from rocmdesk import cli_argparse, i18n
from rocmdesk.i18n import translate

EXIT_OK, EXIT_BUG, EXIT_USAGE, EXIT_INPUT, EXIT_NO_GPU = 0, 1, 2, 3, 4


class UsageError(Exception):
    pass


class InputError(Exception):
    pass


def _add_target(p: argparse.ArgumentParser, top: bool = False) -> None:
    # subcommands SUPPRESS their defaults so `rocmdesk --simulate X detect` keeps X
    default = None if top else argparse.SUPPRESS
    g = p.add_mutually_exclusive_group()
    g.add_argument("--root", metavar="DIR", default=default,
                   help=translate("Cli", "read a captured machine tree instead of this computer"))
    g.add_argument(
        "--simulate", metavar="NAME", default=default,
        help=translate("Cli", "use a simulated machine (see: rocmdesk simulate list)")
    )


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


# name -> (module with add_parser(subparsers) and run(args, host) -> int, one-line help)
EXTENSIONS: dict[str, tuple[str, str]] = {
    "plan": ("rocmdesk.setup.cli_plan",
             translate("Cli", "every step that takes this machine to ROCm, before anything runs")),
    "apply": ("rocmdesk.setup.cli_apply", translate("Cli", "run the plan with one password prompt (or --dry-run)")),
    "torch": ("rocmdesk.torchenv.cli_torch",
              translate("Cli", "PyTorch wheels for this machine: recommend, install into a venv, verify")),
    "profile": ("rocmdesk.torchenv.cli_profile",
                translate("Cli", "per-project venv + environment variables, applied to activate scripts")),
    "run": ("rocmdesk.torchenv.cli_run",
            translate("Cli", "run a command in a profile's venv and environment, without activating")),
    "shell": ("rocmdesk.torchenv.cli_shell", translate("Cli", "start $SHELL with a profile's venv and environment")),
    "monitor": ("rocmdesk.telemetry.cli_monitor",
                translate("Cli", "live GPU temperatures, power, memory, clocks (text, JSON lines, CSV)")),
    "exporter": ("rocmdesk.telemetry.exporter", translate("Cli", "serve the live GPU metrics to Prometheus over HTTP")),
    "sanity": ("rocmdesk.sanity.cli_sanity",
               translate("Cli", "a short real training run in a venv: AMP, throughput, multi-GPU")),
    "doctor": ("rocmdesk.doctor.cli_doctor",
               translate("Cli", "known ROCm/PyTorch failures found on this machine or in pasted output")),
}


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


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="rocmdesk",
        description=translate("Cli", "From an AMD GPU to a verified PyTorch-on-ROCm setup. Without a command, "
                                     "opens the app."),
        epilog=translate("Cli", "Exit codes: 0 ok, 1 internal error, 2 bad usage, 3 unreadable or unknown input, "
                                "4 detect found no AMD GPU, 5 apply changed nothing (refused, dismissed or not "
                                "authorized), 6 doctor found an error. sanity: 0 passed, 1 failed."),
    )
    p.add_argument("--version", action=VersionAction)  # the version, and whether the system helper is there
    _add_target(p, top=True)
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    d = sub.add_parser("detect",
                       help=translate("Cli", "every AMD GPU, its gfx target and what ROCm/PyTorch make of it"))
    _add_target(d)
    d.add_argument("--json", action="store_true", help=translate("Cli", "machine-readable output"))

    i = sub.add_parser("inspect", help=translate("Cli", "read output pasted from another machine (rocminfo, ...)"))
    i.add_argument("files", nargs="+", metavar="FILE", help=translate("Cli", "a file, or - for standard input"))
    i.add_argument("--json", action="store_true", help=translate("Cli", "machine-readable output"))

    s = sub.add_parser("simulate", help=translate("Cli", "simulated machines for trying rocmdesk without an AMD GPU"))
    ssub = s.add_subparsers(dest="simulate_command", metavar="ACTION")
    ssub.add_parser("list", help=translate("Cli", "one machine a line: its name, then what it is"))
    b = ssub.add_parser("build", help=translate("Cli", "write a simulated machine's tree to a directory (for --root)"))
    b.add_argument("name", help=translate("Cli", "the simulated machine (see: rocmdesk simulate list)"))
    b.add_argument("dest", type=Path, help=translate("Cli", "the directory to write it to"))

    # commands that live in their own modules: only the one being run is imported (start-up time)
    chosen = _chosen_command(argv)
    for name, (module, help_text) in EXTENSIONS.items():
        if name == chosen:
            importlib.import_module(module).add_parser(sub)
        else:
            sub.add_parser(name, help=help_text, add_help=False)

    g = sub.add_parser("gui", help=translate("Cli", "open the app (the default)"))
    _add_target(g)
    return p


def _host(args: argparse.Namespace):
    from rocmdesk.machine.host import Host

    if getattr(args, "simulate", None) and getattr(args, "root", None):
        raise UsageError(translate("Cli", "--root and --simulate exclude each other"))
    if getattr(args, "simulate", None):
        from rocmdesk.machine import simcache

        try:
            return simcache.open_simulated(args.simulate)
        except KeyError:
            from rocmdesk.machine import simulate

            names = ", ".join(m.name for m in simulate.list_machines())
            raise UsageError(translate("Cli", "no simulated machine called {name}; there are: {names}").format(
                name=repr(args.simulate), names=names)) from None
    if getattr(args, "root", None):
        root = Path(args.root)
        if not root.is_dir():
            raise UsageError(translate("Cli", "--root {root}: not a directory").format(root=args.root))
        return Host.at_root(root)
    return Host.local()


def _print_json(data: Any) -> None:
    json.dump(data, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


def cmd_detect(args: argparse.Namespace) -> int:
    from rocmdesk.advice import attach
    from rocmdesk.machine.detect import detect
    from rocmdesk.report_text import format_report

    report = detect(_host(args))
    attach(report)  # the one verdict per GPU (rocmdesk.advice): the JSON's advice objects and the text's lines
    if args.json:
        _print_json(report.to_json())
    else:
        sys.stdout.write(format_report(report))
    return EXIT_OK if report.gpus else EXIT_NO_GPU


def _read_input(name: str) -> tuple[str, bytes]:
    if name == "-":
        return "<stdin>", sys.stdin.buffer.read()
    path = Path(name)
    try:
        return name, path.read_bytes()
    except IsADirectoryError:
        raise InputError(translate("Cli", "{name}: is a directory, not a file").format(name=name)) from None
    except OSError as exc:
        raise InputError(translate("Cli", "{name}: cannot read it ({error})").format(
            name=name, error=exc.strerror or exc)) from None


def cmd_inspect(args: argparse.Namespace) -> int:
    from rocmdesk.formats.errors import FormatError
    from rocmdesk.inspect import inspect_text
    from rocmdesk.report_text import format_inspection

    results = []
    for name in args.files:
        label, data = _read_input(name)
        try:
            results.append(inspect_text(data, label))
        except FormatError as exc:
            raise InputError(f"{label}: {exc}") from None
    if args.json:
        _print_json(results[0] if len(results) == 1 else {"inputs": results})
    else:
        sys.stdout.write("\n".join(format_inspection(r) for r in results))
    return EXIT_OK


def cmd_simulate(args: argparse.Namespace) -> int:
    from rocmdesk.machine import simulate

    if args.simulate_command == "build":
        try:
            dest = simulate.build(args.name, args.dest)
        except KeyError:
            names = ", ".join(m.name for m in simulate.list_machines())
            raise UsageError(translate("Cli", "no simulated machine called {name}; there are: {names}").format(
                name=repr(args.name), names=names)) from None
        print(dest)
        return EXIT_OK
    for m in simulate.list_machines():
        print(f"{m.name}\t{m.description}")
    return EXIT_OK


def cmd_gui(args: argparse.Namespace) -> int:
    import os

    _host(args)  # the same checks as detect: an unknown machine or a bad --root is a usage error
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") or os.environ.get("QT_QPA_PLATFORM")):
        raise UsageError(translate(
            "Cli", "no display to open the app on (DISPLAY and WAYLAND_DISPLAY are unset); "
                   "`rocmdesk detect` prints the same facts as text"))
    from rocmdesk.ui.app import run

    return run(sys.argv[:1], simulate=getattr(args, "simulate", None), root=getattr(args, "root", None))


def _run_extension(args: argparse.Namespace) -> int:
    module = importlib.import_module(EXTENSIONS[args.command][0])
    return module.run(args, _host(args))


COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "detect": cmd_detect,
    "inspect": cmd_inspect,
    "simulate": cmd_simulate,
    "gui": cmd_gui,
}


def machine_readable(args: argparse.Namespace) -> bool:
    """Whether the command prints for programs: every ``--json``, the monitor's ``--csv``, and the plan as a
    script, JSON or playbook.  Such output stays English whatever the locale."""
    if getattr(args, "json", False) or getattr(args, "csv", False):
        return True
    return args.command == "plan" and getattr(args, "format", "text") != "text"


def main(argv: list[str] | None = None) -> int:
    cli_argparse.install()  # "usage:", "options" and argparse's errors in the user's language too
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
    command = args.command or "gui"
    try:
        if command in EXTENSIONS:
            return _run_extension(args)
        return COMMANDS[command](args)
    except UsageError as exc:
        print(f"rocmdesk: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except InputError as exc:
        print(f"rocmdesk: {exc}", file=sys.stderr)
        return EXIT_INPUT
    except BrokenPipeError:
        return EXIT_OK
    except KeyboardInterrupt:
        return 130
