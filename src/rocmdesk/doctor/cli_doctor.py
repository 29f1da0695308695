"""``rocmdesk doctor``: known ROCm/PyTorch failures found on this machine or in pasted output.

``--venv DIR`` adds torchenv's verify of that venv's PyTorch (the wheel, its arch list, the GPU it sees).

Exit codes: 0 no finding of severity "error" (warnings and notes may be present); 6 at least one "error"
finding; 2 bad usage; 3 an input could not be read or is not text (the report for the rest is still
printed); 1 a bug.  With ``--fix ID`` the codes are ``rocmdesk apply``'s: 0 fixed (or the dry run passed),
1 a step failed, 5 nothing was changed.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

EXIT_OK, EXIT_INPUT, EXIT_FINDINGS = 0, 3, 6
EPILOG = ("Exit codes: 0 no error found (warnings may be listed), 6 an error was found, 2 bad usage, "
          "3 an input could not be read or is not text; with --fix: 0 fixed, 1 a step failed, 5 nothing changed. "
          "Without --from the machine is this computer "
          "(or --root/--simulate); with --from only the texts are read unless --root, --simulate or --venv is given "
          "too.")


def add_parser(subparsers: Any) -> None:
    from rocmdesk.cli import _add_target

    p = subparsers.add_parser(
        "doctor", help="known ROCm/PyTorch failures found on this machine or in pasted output",
        description="Check this machine (or a captured/simulated one) and pasted output (rocminfo, rocm-smi, "
                    "amd-smi, collect_env, lspci, kernel log, Python tracebacks, rocmdesk verify/sanity JSON) "
                    "against rocmdesk's catalogue of known failures; each finding has evidence and a fix.",
        epilog=EPILOG)
    _add_target(p)
    p.add_argument("--from", dest="inputs", action="append", default=[], metavar="FILE",
                   help="text to diagnose (repeatable; - reads standard input)")
    p.add_argument("--venv", dest="venvs", action="append", default=[], type=Path, metavar="DIR",
                   help="also verify the PyTorch in this virtual environment (repeatable; runs its python)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.add_argument("--report", type=Path, metavar="FILE",
                   help="also write a report to paste into a bug tracker (FILE.json: JSON, else Markdown)")
    p.add_argument("--include-identity", action="store_true",
                   help="let the report name the user and host (left out by default)")
    p.add_argument("--fix", metavar="ID", help="run the automatic fix of finding ID (kfd-permission, rocm-residue) "
                   "through the Setup helper: one password prompt")
    p.add_argument("--dry-run", action="store_true", help="with --fix: check the fix's plan, change nothing")
    p.add_argument("--yes", "-y", action="store_true", help="with --fix: do not ask before running")


def _identity(host: Any) -> dict[str, str]:
    out: dict[str, str] = {}
    user = host.user_name()
    if user:
        out["user"] = user
    name = host.read_value("/etc/hostname") or host.read_value("/proc/sys/kernel/hostname")
    if name:
        out["hostname"] = name.strip()
    return out


def _render_text(d: Any, identity: dict[str, str], include_identity: bool) -> str:
    from rocmdesk.doctor.report import scrub, to_json

    doc = to_json(d, include_identity, identity)
    lines: list[str] = []
    m = doc["machine"]
    if m:
        gpus = ", ".join(f"{g['name'] or '?'} ({g['gfx'] or '?'})" for g in m["gpus"]) or "no AMD GPU"
        lines.append(f"Machine: {m['source']}{' (simulated)' if m['simulated'] else ''} · {gpus}")
    for i in doc["inputs"]:
        lines.append(f"Input {i['label']}: {i['format'] or 'not recognized'}"
                     + (f" ({i['error']})" if i["error"] else ""))
    if not doc["findings"]:
        unread = doc["inputs"] and all(i["error"] for i in doc["inputs"])
        lines.append("Nothing could be diagnosed: no input was readable." if unread and not m
                     else "No known problem found.")
    for f in doc["findings"]:
        lines.append("")
        lines.append(f"{f['severity'].upper():7} {f['id']}: {f['title']}")
        for e in f["evidence"][:6]:
            lines.append(f"        seen: {e}")
        kind = "rocmdesk can do this (Setup plan)" if f["fix"]["kind"] == "auto" else "fix"
        lines.append(f"        {kind}:")
        for n, s in enumerate(f["fix"]["steps"], 1):
            lines.append(f"          {n}. {s['text']}" + (f"\n             $ {s['command']}" if s["command"] else ""))
        todo = [s["title"] for s in f["fix"].get("plan_steps") or [] if not s.get("done")]
        if todo:
            lines.append("        the plan (rocmdesk doctor --fix ID runs it): " + "; ".join(todo))
    n = doc["counts"]
    lines.append("")
    lines.append(f"{n['error']} error(s), {n['warning']} warning(s), {n['info']} note(s).")
    text = "\n".join(lines)
    return text if include_identity else scrub(text, identity)


def _run_fix(args: argparse.Namespace, host: Any, report: Any, d: Any) -> int:
    """``--fix ID``: run that finding's plan like ``rocmdesk apply`` runs Setup's (same helper, same checks)."""
    from rocmdesk.cli import UsageError
    from rocmdesk.doctor.fixes import plan_for
    from rocmdesk.setup import cli_apply, runner

    out = sys.stdout
    f = d.finding(args.fix)
    if report is None:
        raise UsageError("--fix needs a machine: leave out --from, or add --root/--simulate")
    if f is None:
        print(f"rocmdesk: no finding {args.fix!r} on this machine: nothing to fix", file=sys.stderr)
        return cli_apply.EXIT_NOTHING_CHANGED
    live = host.live and not host.simulated
    if not live and not args.dry_run:
        raise UsageError(f"{host.label} is not this computer: its fix can only be tried with --dry-run")
    # another machine's plan is checked for the user who runs it, as the helper will do
    plan = f.fix.plan if live else plan_for(f.id, report, cli_apply._this_user())
    if f.fix.kind != "auto" or plan is None:
        print(f"rocmdesk: {f.id} has no automatic fix here: run the steps above yourself", file=sys.stderr)
        return cli_apply.EXIT_NOTHING_CHANGED
    out.write(f"\nFix {f.id}: " + "; ".join(s.title for s in plan.steps) + "\n")
    if not args.dry_run and not args.yes:
        if not sys.stdin.isatty():
            print("rocmdesk: not asking on a non-interactive input: run again with --yes to go ahead "
                  "(nothing was changed)", file=sys.stderr)
            return cli_apply.EXIT_NOTHING_CHANGED
        if not cli_apply._confirm(len(plan.todo), sys.stdin, out):
            out.write("Not confirmed: nothing was changed.\n")
            return cli_apply.EXIT_NOTHING_CHANGED
    outcome = runner.run(plan.to_json(), dry_run=args.dry_run, on_event=cli_apply.Progress(out))
    if outcome.ok:
        out.write("Dry run finished: the helper accepts this fix.\n" if args.dry_run else "Fixed.\n")
        for note in plan.after:
            out.write(f"  - {note}\n")
        return EXIT_OK
    print(f"rocmdesk: {outcome.message}", file=sys.stderr)
    if outcome.outcome == "failed":
        return cli_apply.EXIT_FAILED
    return cli_apply.EXIT_NOTHING_CHANGED if outcome.changed_nothing else cli_apply.EXIT_FAILED


def run(args: argparse.Namespace, host: Any) -> int:
    import json

    from rocmdesk.cli import InputError, _read_input
    from rocmdesk.doctor.diagnose import diagnose
    from rocmdesk.doctor.report import to_json, write_report

    texts: list[tuple[str, bytes]] = []
    for name in args.inputs:
        texts.append(_read_input(name))  # an unreadable file is an InputError: exit 3 before any output
    with_machine = (not args.inputs or args.venvs or getattr(args, "root", None)
                    or getattr(args, "simulate", None))
    report = None
    identity: dict[str, str] = {}
    if with_machine:
        from rocmdesk.machine.detect import detect

        report = detect(host)
        identity = _identity(host)
    verified = []
    if args.venvs and report is not None:
        from rocmdesk.doctor.diagnose import verify_venvs

        verified = verify_venvs(args.venvs, report)
    from rocmdesk.doctor.diagnose import read_kernel_log

    d = diagnose(report, texts=texts, verify=verified, kernel_log=read_kernel_log(host) if report else None)
    if args.json:
        print(json.dumps(to_json(d, args.include_identity, identity), indent=2, ensure_ascii=False))
    else:
        print(_render_text(d, identity, args.include_identity))
    if args.report is not None:
        try:
            write_report(args.report, d, args.include_identity, identity)
        except OSError as exc:
            raise InputError(f"{args.report}: cannot write the report ({exc.strerror or exc})") from None
        print(f"Report written to {args.report}", file=sys.stderr)
    if args.fix:
        return _run_fix(args, host, report, d)
    bad = [i for i in d.inputs if i.error and not i.finding_ids]
    for i in bad:
        print(f"rocmdesk: {i.label}: {i.error}", file=sys.stderr)
    if bad:
        return EXIT_INPUT
    return EXIT_FINDINGS if d.worst == "error" else EXIT_OK
