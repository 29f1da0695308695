"""``rocmdesk apply``: show the plan, ask once, run it through pkexec and the root helper, report.

Exit codes: 0 every step done; 1 a step failed (run the same command again to resume at it);
2 bad usage (an unknown release, a real run on a simulated or captured machine); 5 nothing was changed
(not confirmed, the plan is blocked, refused by the helper, prompt dismissed, not authorized, no helper).
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import TextIO

from rocmdesk.cli.common import EXIT_NOTHING_CHANGED, EXIT_OK, EXIT_USAGE, add_target, detected, error, go_ahead
from rocmdesk.i18n import translate
from rocmdesk.machine.host import Host
from rocmdesk.setup.events import Event
from rocmdesk.setup.recipe import SCOPES

EXIT_FAILED = 1  # a step failed: the same command again resumes at it

def add_parser(subparsers) -> None:
    p = subparsers.add_parser("apply", help=translate(
        "rocmdesk.setup.cli_apply", "run the plan: one authentication, every step checked, resumable"))
    add_target(p)
    # the same choices as `rocmdesk plan` (plan.py defines them inline, so they are repeated here)
    p.add_argument("--rocm", metavar="VERSION", help=translate(
        "rocmdesk.setup.cli_apply", "ROCm release (default: the recommended one for this OS and GPU)"))
    p.add_argument("--scope", choices=SCOPES, default="pytorch", help=translate(
        "rocmdesk.setup.cli_apply", "pytorch: no system ROCm, only groups and driver checks; runtime: HIP runtime, "
        "rocminfo, rocm-smi; sdk: rocm-hip-sdk and rocm-developer-tools (default: pytorch)"))
    p.add_argument("--dkms", action=argparse.BooleanOptionalAction, default=None, help=translate(
        "rocmdesk.setup.cli_apply",
        "install AMD's amdgpu-dkms kernel driver (default: only when amdgpu is not loaded)"))
    p.add_argument("--cleanup", action=argparse.BooleanOptionalAction, default=None, help=translate(
        "rocmdesk.setup.cli_apply", "remove other ROCm versions first (default: yes, except for the pytorch scope)"))
    p.add_argument("--dry-run", action="store_true", help=translate(
        "rocmdesk.setup.cli_apply", "check the plan with the helper and show every step's progress, changing nothing"))
    p.add_argument("--yes", "-y", action="store_true",
                   help=translate("rocmdesk.setup.cli_apply", "do not ask before running"))


class Progress:
    """Prints the event stream as lines a person can follow.  ``steps`` (the plan's) lets a dry run say what
    each step would do in the user's language; without it the helper's English words are shown."""

    def __init__(self, out: TextIO, steps: list | None = None) -> None:
        self.out = out
        self.total = 0
        self.streamed: set[str] = set()
        self.done = {s.id: s.done for s in steps or []}
        self.kinds: dict[str, str] = {}

    def __call__(self, ev: Event) -> None:
        from rocmdesk.setup.runner import event_message

        d = ev.data
        sid = ev.step_id or ""
        if ev.event == "plan":
            self.total = int(d.get("steps", 0))
            if d.get("dry_run"):
                line = translate("rocmdesk.setup.cli_apply", "Running {n} steps (dry run, nothing changes)")
            else:
                line = translate("rocmdesk.setup.cli_apply", "Running {n} steps (for {user})")
            self._say(line.format(n=self.total, user=d.get("caller")))
        elif ev.event == "started":
            if isinstance(d.get("kind"), str):
                self.kinds[sid] = d["kind"]
            self._say(f"[{int(d.get('index', 0)) + 1}/{self.total}] {d.get('title') or d.get('id')}")
        elif ev.event == "output":
            self.streamed.add(str(d.get("id")))
            self._say(f"      | {d.get('line', '')}")
        elif ev.event in ("ok", "skipped"):
            message = event_message(ev, self.kinds.get(sid), self.done.get(sid))
            line = translate("rocmdesk.setup.cli_apply", "      ok: {message}") if ev.event == "ok" else translate(
                "rocmdesk.setup.cli_apply", "      skipped: {message}")
            self._say(line.format(message=message))
        elif ev.event == "failed":
            self._say(translate("rocmdesk.setup.cli_apply", "      FAILED: {message}").format(
                message=event_message(ev)))
            if ev.step_id not in self.streamed:
                for line in d.get("output") or []:
                    self._say(f"      | {line}")
        elif ev.event == "refused":
            self._say(translate("rocmdesk.setup.cli_apply", "Refused: {message}").format(message=event_message(ev)))

    def _say(self, line: str) -> None:
        self.out.write(line + "\n")
        self.out.flush()


def run(args: argparse.Namespace, host: Host) -> int:
    from rocmdesk.knowledge import rocm_release, rocm_releases
    from rocmdesk.setup import runner
    from rocmdesk.setup.choices import Choices
    from rocmdesk.setup.facts import read_facts
    from rocmdesk.setup.plan import plan, relogin_noted
    from rocmdesk.setup.render import render_text

    out, err = sys.stdout, sys.stderr
    if args.rocm and rocm_release(args.rocm) is None:
        known = ", ".join(r.version for r in rocm_releases())
        error(translate("rocmdesk.setup.cli_apply",
                        "ROCm {version} is not in rocmdesk's data; known releases: {known}").format(
                            version=args.rocm, known=known))
        return EXIT_USAGE
    live = host.live and not host.simulated
    if not live and not args.dry_run:
        error(translate("rocmdesk.setup.cli_apply",
                        "{machine} is not this computer: its plan can only be tried with --dry-run"
                        ).format(machine=host.label))
        return EXIT_USAGE
    report = detected(host)  # advised once, as `rocmdesk plan` does: the plan's reasons speak with the advice
    # the plan is for the user the report names, as `rocmdesk plan` makes it (a simulated machine's own user):
    # the same command on the same machine gives the same plan
    choices = Choices(rocm=args.rocm, scope=args.scope, dkms=args.dkms, user=None,
                      cleanup=getattr(args, "cleanup", None))
    result = plan(report, choices, read_facts(host))
    out.write(render_text(result))
    out.write("\n")
    if result.blocked and not args.dry_run:
        error(translate("rocmdesk.setup.cli_apply", "the plan is blocked (see above): nothing was changed"))
        return EXIT_NOTHING_CHANGED
    if not result.todo and not args.dry_run:
        out.write(translate("rocmdesk.setup.cli_apply", "Every step is done already: nothing to run.") + "\n")
        return EXIT_OK
    if live and os.getuid() == 0 and os.environ.get("SUDO_USER"):
        out.write(translate("rocmdesk.setup.cli_apply", "Note: run rocmdesk apply as yourself, not with sudo: the "
                            "plan is for the user who runs it.") + "\n")
    if not go_ahead(args, len(result.todo), out):
        return EXIT_NOTHING_CHANGED
    progress = Progress(out, result.steps)
    caller = result.choices.user
    if args.dry_run and not live and caller and caller != runner.current_user():
        # the helper checks a plan only for whoever runs it; another machine's plan is for its own user, so its
        # rules are applied here, for that user (a dry run changes nothing either way)
        out.write(translate("rocmdesk.setup.cli_apply", "Checking the plan for {user} (the user of {machine}) with "
                                                        "the helper's rules, in this process.").format(
            user=caller, machine=host.label) + "\n")
        outcome = runner.dry_run_for(result.to_json(), caller, progress)
    else:
        outcome = runner.run(result.to_json(), dry_run=args.dry_run, on_event=progress)
    if outcome.log is not None:
        out.write(translate("rocmdesk.setup.cli_apply", "Log: {path}").format(path=outcome.log) + "\n")
    if outcome.ok:
        out.write((translate("rocmdesk.setup.cli_apply", "Dry run finished: the helper accepts this plan.")
                   if args.dry_run else translate("rocmdesk.setup.cli_apply", "Every step is done.")) + "\n")
        if not args.dry_run:
            _after(result.after, relogin_noted(report, result.steps), host, out)
        return EXIT_OK
    if outcome.outcome == "failed":
        print(f"rocmdesk: {outcome.message}", file=err)
        print(translate("rocmdesk.setup.cli_apply",
                        "Fix the cause (the step's output is above and in the log), then run the same command "
                        "again: the steps that finished are skipped and the run resumes at {step}.").format(
                            step=outcome.resume_from), file=err)
        return EXIT_FAILED
    print(f"rocmdesk: {outcome.message}", file=err)
    return EXIT_NOTHING_CHANGED if outcome.changed_nothing else EXIT_FAILED


def _after(notes: list[str], relogin_said: bool, host: Host, out: TextIO) -> None:
    from rocmdesk.machine.detect import detect

    for note in notes:
        out.write(f"  - {note}\n")
    access = detect(host).access
    if access.needs_relogin and not relogin_said:
        out.write("  - " + translate("rocmdesk.setup.cli_apply",
                                     "You are in the render and video groups in /etc/group, but not yet in this "
                                     "session: log out and in again (newgrp render fixes only one shell).") + "\n")
