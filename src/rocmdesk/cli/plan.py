"""``rocmdesk plan``: print the install plan for this (or a captured or simulated) machine."""

from __future__ import annotations

import argparse
import sys

from rocmdesk import i18n
from rocmdesk.cli.common import EXIT_OK, EXIT_USAGE, add_target, detected, error
from rocmdesk.i18n import translate
from rocmdesk.machine.host import Host
from rocmdesk.setup.recipe import SCOPES
from rocmdesk.setup.render import FORMATS


def add_parser(subparsers) -> None:
    p = subparsers.add_parser("plan", help=translate(
        "rocmdesk.setup.cli_plan", "every step that takes this machine to ROCm, before anything runs"))
    add_target(p)
    p.add_argument("--rocm", metavar="VERSION", help=translate(
        "rocmdesk.setup.cli_plan", "ROCm release (default: the recommended one for this OS and GPU)"))
    p.add_argument("--scope", choices=SCOPES, default="pytorch", help=translate(
        "rocmdesk.setup.cli_plan", "pytorch: no system ROCm, only groups and driver checks; runtime: HIP runtime, "
        "rocminfo, rocm-smi; sdk: rocm-hip-sdk and rocm-developer-tools (default: pytorch)"))
    p.add_argument("--dkms", action=argparse.BooleanOptionalAction, default=None, help=translate(
        "rocmdesk.setup.cli_plan", "install AMD's amdgpu-dkms kernel driver (default: only when amdgpu is not loaded)"))
    p.add_argument("--cleanup", action=argparse.BooleanOptionalAction, default=None, help=translate(
        "rocmdesk.setup.cli_plan", "remove other ROCm versions first (default: yes, except for the pytorch scope)"))
    p.add_argument("--format", choices=FORMATS, default="text", help=translate(
        "rocmdesk.setup.cli_plan", "text for people (in your language); a bash script, JSON or an Ansible playbook "
        "(in English)"))


def run(args: argparse.Namespace, host: Host) -> int:
    from rocmdesk.knowledge import rocm_release

    if args.rocm and rocm_release(args.rocm) is None:  # said in the user's language, whatever the format
        from rocmdesk.knowledge import rocm_releases

        known = ", ".join(r.version for r in rocm_releases())
        error(translate("rocmdesk.setup.cli_plan",
                        "ROCm {version} is not in rocmdesk's data; known releases: {known}").format(
                            version=args.rocm, known=known))
        return EXIT_USAGE
    if args.format == "text":
        return _run(args, host)
    # a script, JSON or a playbook is for programs and for sharing: its titles, reasons and comments stay English
    with i18n.speaking(i18n.SOURCE_LANGUAGE):
        return _run(args, host)


def _run(args: argparse.Namespace, host: Host) -> int:
    from rocmdesk.setup.choices import Choices
    from rocmdesk.setup.facts import read_facts
    from rocmdesk.setup.plan import plan
    from rocmdesk.setup.render import render, with_advice

    report = detected(host)  # advised once: the plan's reasons and its JSON's machine speak with the advice
    choices = Choices(rocm=args.rocm, scope=args.scope, dkms=args.dkms, cleanup=args.cleanup)
    result = plan(report, choices, read_facts(host))
    if args.format == "json":
        with_advice(result.machine, report)
    sys.stdout.write(render(result, args.format))
    if args.format == "text":
        from rocmdesk.setup.helper_status import plan_note

        note = plan_note()  # on stderr: `plan > file` keeps only the plan
        if note:
            print(f"\n{note}", file=sys.stderr)
    return EXIT_OK
