"""``rocmdesk control``: a GPU's power cap and DPM performance level, set through the root helper (issue 21).

``control show`` lists what each GPU allows and holds; ``control power-cap --gpu N --watts W`` and ``control
perf-level --gpu N --level auto|high|low`` show the plan (the value now, after, and to go back to, and the command
of each step), ask once, and run it with one pkexec prompt. ``--restore`` goes back to the value before rocmdesk
first changed it (or the kernel's default), ``--persist`` adds a systemd unit that sets the value again at boot (the
kernel resets it), ``--unpersist`` removes that unit. No fan or voltage control.

Exit codes as ``apply``: 0 done; 1 a step failed; 2 bad usage (no such GPU, a value out of range, a real run on a
simulated machine); 5 nothing was changed (not confirmed, refused, dismissed, not authorized, no helper).
"""

from __future__ import annotations

import argparse
import os
import sys

from rocmdesk.cli.common import (EXIT_NOTHING_CHANGED, EXIT_OK, EXIT_USAGE, add_target, detected, error, go_ahead,
                                 print_json)
from rocmdesk.i18n import translate
from rocmdesk.machine.host import Host

EXIT_FAILED = 1
LEVELS = ("auto", "high", "low")


def _common(p: argparse.ArgumentParser) -> None:
    add_target(p)
    p.add_argument("--gpu", type=int, required=True, metavar="N",
                   help=translate("rocmdesk.setup.cli_control", "the GPU, by its number in rocmdesk detect"))
    p.add_argument("--persist", action="store_true", help=translate(
        "rocmdesk.setup.cli_control", "also write a systemd unit that sets the value again at every boot (the "
        "kernel resets it at reboot)"))
    p.add_argument("--dry-run", action="store_true", help=translate(
        "rocmdesk.setup.cli_control", "check the plan with the helper, changing nothing"))
    p.add_argument("--yes", "-y", action="store_true",
                   help=translate("rocmdesk.setup.cli_control", "do not ask before running"))


def add_parser(subparsers) -> None:
    p = subparsers.add_parser("control", help=translate(
        "rocmdesk.setup.cli_control", "set a GPU's power cap or performance level (one password prompt)"))
    sub = p.add_subparsers(dest="control_command", metavar="SETTING")
    s = sub.add_parser("show", help=translate("rocmdesk.setup.cli_control",
                                              "each GPU's power cap, its range and performance level"))
    add_target(s)
    s.add_argument("--gpu", type=int, metavar="N", help=translate("rocmdesk.setup.cli_control", "only this GPU"))
    s.add_argument("--json", action="store_true", help=translate("rocmdesk.setup.cli_control", "print JSON"))

    c = sub.add_parser("power-cap", help=translate("rocmdesk.setup.cli_control",
                                                   "set the power cap (power1_cap) within the card's range"))
    _common(c)
    g = c.add_mutually_exclusive_group(required=True)
    g.add_argument("--watts", type=int, metavar="W", help=translate("rocmdesk.setup.cli_control",
                                                                    "the new power cap in whole watts"))
    _restore(g)

    lv = sub.add_parser("perf-level", help=translate(
        "rocmdesk.setup.cli_control", "set the DPM performance level (power_dpm_force_performance_level)"))
    _common(lv)
    g = lv.add_mutually_exclusive_group(required=True)
    g.add_argument("--level", choices=LEVELS, help=translate(
        "rocmdesk.setup.cli_control", "auto (the driver decides), high (highest clocks), low (lowest clocks)"))
    _restore(g)


def _restore(g) -> None:  # noqa: ANN001 (argparse's group)
    g.add_argument("--restore", action="store_true", help=translate(
        "rocmdesk.setup.cli_control", "go back to the value before rocmdesk first changed it (or the kernel's "
        "default), and remove the boot unit"))
    g.add_argument("--unpersist", action="store_true", help=translate(
        "rocmdesk.setup.cli_control", "remove the systemd unit that sets the value at boot (the value now stays)"))


def run(args: argparse.Namespace, host: Host) -> int:
    from rocmdesk.setup import control

    command = getattr(args, "control_command", None)
    if command is None:
        error(translate("rocmdesk.setup.cli_control", "say what to control: show, power-cap or perf-level"))
        return EXIT_USAGE
    report = detected(host)
    if command == "show":
        return _show(args, host, report)
    live = host.live and not host.simulated
    if not live and not args.dry_run:
        error(translate("rocmdesk.setup.cli_apply",
                        "{machine} is not this computer: its plan can only be tried with --dry-run"
                        ).format(machine=host.label))
        return EXIT_USAGE
    if args.persist and (args.restore or args.unpersist):
        error(translate("rocmdesk.setup.cli_control", "--persist goes with a new value, not with --restore or "
                                                      "--unpersist"))
        return EXIT_USAGE
    action = "restore" if args.restore else "unpersist" if args.unpersist else "set"
    value = args.watts if command == "power-cap" else args.level
    try:
        plan = control.plan_for(host, report, args.gpu, command, value, action=action, persist=args.persist)
    except control.ControlError as exc:
        error(str(exc))
        return EXIT_USAGE
    out = sys.stdout
    out.write(control.render_control(plan) + "\n")
    for note in notes(plan):
        out.write(f"  - {note}\n")
    out.write("\n")
    if not plan.todo and not args.dry_run:
        out.write(translate("rocmdesk.setup.cli_control", "Nothing to change: it is like that already.") + "\n")
        return EXIT_OK
    if live and os.getuid() == 0 and os.environ.get("SUDO_USER"):
        out.write(translate("rocmdesk.setup.cli_control", "Note: run rocmdesk control as yourself, not with sudo: "
                            "the value to go back to is kept for the user who runs it.") + "\n")
    if not go_ahead(args, len(plan.todo), out):
        return EXIT_NOTHING_CHANGED
    from rocmdesk.cli.apply import Progress

    outcome = control.run(plan, host, dry_run=args.dry_run, on_event=Progress(out, plan.steps))
    if outcome.ok:
        out.write((translate("rocmdesk.setup.cli_apply", "Dry run finished: the helper accepts this plan.")
                   if args.dry_run or not live else translate("rocmdesk.setup.cli_apply", "Every step is done."))
                  + "\n")
        return EXIT_OK
    print(f"rocmdesk: {outcome.message}", file=sys.stderr)
    return EXIT_NOTHING_CHANGED if outcome.changed_nothing else EXIT_FAILED


def notes(plan) -> list[str]:  # noqa: ANN001 (a setup.control.ControlPlan; imported late to keep start-up small)
    """What to know after this plan: the reboot, the unit, the way back (the CLI's words, naming its options)."""
    from rocmdesk.setup.control import shown

    command = f"rocmdesk control {plan.setting} --gpu {plan.gpu.gpu}"
    out = []
    if plan.action == "unpersist" or not plan.persisted_after:
        out.append(translate("rocmdesk.setup.cli_control", "The kernel resets this at every reboot. To keep it, "
                             "run the same command with --persist: a small systemd unit sets it again at boot."))
    elif plan.setting in plan.gpu.units and not any(s.kind == "write-control-unit" for s in plan.steps):
        out.append(translate("rocmdesk.setup.cli_control", "A systemd unit from an earlier --persist still sets its "
                             "own value at every boot: add --persist to make it this value, or remove it with "
                             "{command} --unpersist.").format(command=command))
    else:
        out.append(translate("rocmdesk.setup.cli_control", "A systemd unit sets this again at every boot; remove "
                             "it with {command} --unpersist.").format(command=command))
    if plan.action == "set" and plan.new != plan.current:
        out.append(translate("rocmdesk.setup.cli_control", "To go back to {value}: {command} --restore").format(
            value=shown(plan.setting, plan.previous), command=command))
    return out


def _show(args: argparse.Namespace, host: Host, report) -> int:  # noqa: ANN001 (a MachineReport)
    from rocmdesk.setup import control

    gpus = [g.index for g in report.gpus if args.gpu is None or g.index == args.gpu]
    if args.gpu is not None and not gpus:
        error(translate("rocmdesk.setup.control", "there is no GPU {gpu} (GPUs: {known})").format(
            gpu=args.gpu, known=", ".join(str(g.index) for g in report.gpus) or "-"))
        return EXIT_USAGE
    found = []
    for index in gpus:
        try:
            found.append(control.read_controls(host, report, index))
        except control.ControlError:
            continue  # a partition or a GPU without a card of its own: nothing to control
    if getattr(args, "json", False):
        print_json({"gpus": [c.to_json() for c in found]})
        return EXIT_OK
    for c in found:
        cap = control.watts(c.cap) if c.cap is not None else translate("rocmdesk.setup.cli_control", "not settable")
        if c.cap is not None:
            cap += "  " + translate("rocmdesk.setup.control", "(allowed {low} to {high}; the kernel's default "
                                    "{default})").format(low=control.watts(c.cap_min), high=control.watts(c.cap_max),
                                                         default=control.watts(c.cap_default))
        print(f"GPU {c.gpu}  {c.name or '?'}  {c.card}  {c.slot}")
        print("  " + translate("rocmdesk.setup.cli_control", "power cap:         {value}").format(value=cap))
        print("  " + translate("rocmdesk.setup.cli_control", "performance level: {value}").format(
            value=c.level or "?"))
        for setting in sorted(c.units):
            print("  " + translate("rocmdesk.setup.cli_control", "set again at boot by {unit}").format(
                unit=control.unit_paths(setting, c.slot)[0]))
    if not found:
        print(translate("rocmdesk.setup.cli_control", "No GPU here has controls rocmdesk can set."))
    return EXIT_OK
