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
import unicodedata
from pathlib import Path
from typing import Any

from rocmdesk import i18n
from rocmdesk.cli.common import (
    EXIT_FINDINGS, EXIT_INPUT, EXIT_NOTHING_CHANGED, EXIT_OK, InputError, UsageError, add_target, go_ahead,
    print_json, read_input,
)
from rocmdesk.i18n import translate


def add_parser(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "doctor", help=translate("rocmdesk.doctor.cli_doctor",
                                 "known ROCm/PyTorch failures found on this machine or in pasted output"),
        description=translate(
            "rocmdesk.doctor.cli_doctor",
            "Check this machine (or a captured/simulated one) and pasted output (rocminfo, rocm-smi, "
            "amd-smi, collect_env, lspci, kernel log, Python tracebacks, rocmdesk verify/sanity JSON) "
            "against rocmdesk's catalogue of known failures; each finding has evidence and a fix."),
        epilog=translate(
            "rocmdesk.doctor.cli_doctor",
            "Exit codes: 0 no error found (warnings may be listed), 6 an error was found, 2 bad usage, "
            "3 an input could not be read or is not text; with --fix: 0 fixed, 1 a step failed, 5 nothing changed. "
            "Without --from the machine is this computer (or --root/--simulate); with --from only the texts are "
            "read unless --root, --simulate or --venv is given too. With --json everything is in English."))
    add_target(p)
    p.add_argument("--from", dest="inputs", action="append", default=[], metavar="FILE",
                   help=translate("rocmdesk.doctor.cli_doctor",
                                  "text to diagnose (repeatable; - reads standard input)"))
    p.add_argument("--venv", dest="venvs", action="append", default=[], type=Path, metavar="DIR",
                   help=translate("rocmdesk.doctor.cli_doctor", "also verify the PyTorch in this virtual "
                                  "environment (repeatable; runs its python)"))
    p.add_argument("--json", action="store_true",
                   help=translate("rocmdesk.doctor.cli_doctor", "machine-readable output (in English)"))
    p.add_argument("--report", type=Path, metavar="FILE",
                   help=translate("rocmdesk.doctor.cli_doctor", "also write a report to paste into a bug tracker "
                                  "(FILE.json: JSON, in English; else Markdown)"))
    p.add_argument("--include-identity", action="store_true",
                   help=translate("rocmdesk.doctor.cli_doctor",
                                  "let the report name the user and host (left out by default)"))
    p.add_argument("--fix", metavar="ID",
                   help=translate("rocmdesk.doctor.cli_doctor", "run the automatic fix of finding ID "
                                  "(kfd-permission, rocm-residue) through the Setup helper: one password prompt"))
    p.add_argument("--dry-run", action="store_true",
                   help=translate("rocmdesk.doctor.cli_doctor", "with --fix: check the fix's plan, change nothing"))
    p.add_argument("--yes", "-y", action="store_true",
                   help=translate("rocmdesk.doctor.cli_doctor", "with --fix: do not ask before running"))


def severity_word(severity: str) -> str:
    """The severity as the text output shows it: ERROR, WARNING, INFO (translated)."""
    return {"error": translate("rocmdesk.doctor.cli_doctor", "ERROR"),
            "warning": translate("rocmdesk.doctor.cli_doctor", "WARNING"),
            "info": translate("rocmdesk.doctor.cli_doctor", "INFO")}.get(severity, severity.upper())


def _pad(text: str, width: int) -> str:
    """``text`` padded to ``width`` terminal columns (a CJK character takes two)."""
    cols = sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)
    return text + " " * max(0, width - cols)


def _render_text(d: Any, identity: dict[str, str], include_identity: bool) -> str:
    from rocmdesk.doctor.catalogue import shown
    from rocmdesk.doctor.report import scrub, to_json

    doc = to_json(d, include_identity, identity)
    lines: list[str] = []
    m = doc["machine"]
    if m:
        gpus = ", ".join(f"{g['name'] or '?'} ({g['gfx'] or '?'})" for g in m["gpus"]) \
            or translate("rocmdesk.doctor.cli_doctor", "no AMD GPU")
        line = (translate("rocmdesk.doctor.cli_doctor", "Machine: {source} (simulated) · {gpus}") if m["simulated"]
                else translate("rocmdesk.doctor.cli_doctor", "Machine: {source} · {gpus}"))
        lines.append(line.format(source=m["source"], gpus=gpus))
    for i in doc["inputs"]:
        fmt = i["format"] or translate("rocmdesk.doctor.cli_doctor", "not recognized")
        if i["error"]:
            lines.append(translate("rocmdesk.doctor.cli_doctor", "Input {label}: {format} ({error})").format(
                label=i["label"], format=fmt, error=i["error"]))
        else:
            lines.append(translate("rocmdesk.doctor.cli_doctor", "Input {label}: {format}").format(
                label=i["label"], format=fmt))
        lines += [f"  {note}" for note in i.get("notes") or []]  # how a big input was read, and what was cut
    if not doc["findings"]:
        unread = doc["inputs"] and all(i["error"] for i in doc["inputs"])
        lines.append(translate("rocmdesk.doctor.cli_doctor", "Nothing could be diagnosed: no input was readable.")
                     if unread and not m else translate("rocmdesk.doctor.cli_doctor", "No known problem found."))
    for f in doc["findings"]:
        lines.append("")
        lines.append(f"{_pad(severity_word(f['severity']), 7)} {f['id']}: {shown(f['title'])}")
        for e in f["evidence"][:6]:
            lines.append("        " + translate("rocmdesk.doctor.cli_doctor", "seen: {evidence}").format(evidence=e))
        lines.append("        " + (translate("rocmdesk.doctor.cli_doctor", "rocmdesk can do this (Setup plan):")
                                   if f["fix"]["kind"] == "auto" else translate("rocmdesk.doctor.cli_doctor", "fix:")))
        for n, s in enumerate(f["fix"]["steps"], 1):
            lines.append(f"          {n}. {shown(s['text'])}"
                         + (f"\n             $ {s['command']}" if s["command"] else ""))
        todo = [s["title"] for s in f["fix"].get("plan_steps") or [] if not s.get("done")]
        if todo:
            lines.append("        " + translate("rocmdesk.doctor.cli_doctor",
                                                "the plan (rocmdesk doctor --fix {id} runs it): {steps}").format(
                id=f["id"], steps="; ".join(todo)))
    n = doc["counts"]
    lines.append("")
    lines.append(translate("rocmdesk.doctor.cli_doctor", "{errors} error(s), {warnings} warning(s), {notes} note(s).")
                 .format(errors=n["error"], warnings=n["warning"], notes=n["info"]))
    text = "\n".join(lines)
    return text if include_identity else scrub(text, identity)


def _run_fix(args: argparse.Namespace, host: Any, report: Any, d: Any) -> int:
    """``--fix ID``: run that finding's plan like ``rocmdesk apply`` runs Setup's (same helper, same checks)."""
    from rocmdesk.cli.apply import EXIT_FAILED, Progress
    from rocmdesk.doctor.fixes import plan_for
    from rocmdesk.setup import runner

    out = sys.stdout
    f = d.finding(args.fix)
    if report is None:
        raise UsageError(translate("rocmdesk.doctor.cli_doctor",
                                   "--fix needs a machine: leave out --from, or add --root/--simulate"))
    if f is None:
        print(translate("rocmdesk.doctor.cli_doctor", "rocmdesk: no finding {id} on this machine: nothing to fix")
              .format(id=repr(args.fix)), file=sys.stderr)
        return EXIT_NOTHING_CHANGED
    live = host.live and not host.simulated
    if not live and not args.dry_run:
        raise UsageError(translate("rocmdesk.doctor.cli_doctor",
                                   "{machine} is not this computer: its fix can only be tried with --dry-run")
                         .format(machine=host.label))
    # another machine's plan is checked for the user who runs it, as the helper will do
    plan = f.fix.plan if live else plan_for(f.id, report, runner.current_user())
    if f.fix.kind != "auto" or plan is None:
        print(translate("rocmdesk.doctor.cli_doctor",
                        "rocmdesk: {id} has no automatic fix here: run the steps above yourself").format(id=f.id),
              file=sys.stderr)
        return EXIT_NOTHING_CHANGED
    out.write("\n" + translate("rocmdesk.doctor.cli_doctor", "Fix {id}: {steps}").format(
        id=f.id, steps="; ".join(s.title for s in plan.steps)) + "\n")
    if not go_ahead(args, len(plan.todo), out):  # the same asking as apply and control
        return EXIT_NOTHING_CHANGED
    outcome = runner.run(plan.to_json(), dry_run=args.dry_run, on_event=Progress(out))
    if outcome.ok:
        out.write((translate("rocmdesk.doctor.cli_doctor", "Dry run finished: the helper accepts this fix.")
                   if args.dry_run else translate("rocmdesk.doctor.cli_doctor", "Fixed.")) + "\n")
        for note in plan.after:
            out.write(f"  - {note}\n")
        return EXIT_OK
    print(f"rocmdesk: {outcome.message}", file=sys.stderr)
    if outcome.outcome == "failed":
        return EXIT_FAILED
    return EXIT_NOTHING_CHANGED if outcome.changed_nothing else EXIT_FAILED


def _read(name: str) -> tuple[str, Any]:
    """A big regular file is read whole in bounded memory (doctor.excerpt: its ends and every line of interest);
    anything else as it is (read_input: standard input, small files, and its errors and size limit).  A big file
    comes back as a function that reads it: its search (grep) has started and runs while the caller imports the
    Doctor (see :func:`_run`)."""
    import os
    import stat

    from rocmdesk.doctor.big_input import KEYWORDS, MAX_STREAM_BYTES, STREAM_ABOVE
    from rocmdesk.doctor.grep_offsets import begin

    if name == "-":
        return _read_stdin()
    try:
        st = os.stat(name) if name != "-" else None
    except OSError:
        st = None  # read_input says why
    if st is None or not stat.S_ISREG(st.st_mode) or st.st_size <= STREAM_ABOVE:
        return read_input(name)
    try:
        fh, grep = begin(name, KEYWORDS, MAX_STREAM_BYTES)  # grep runs from here on, while the rest is imported
    except OSError as exc:
        raise InputError(f"{name}: {exc.strerror or exc}") from None
    from rocmdesk.doctor.excerpt import read_begun
    from rocmdesk.formats import limits

    if st.st_size > limits.MAX_INPUT_BYTES:  # read_input says it is too big
        if grep is not None:
            grep.finish()
        fh.close()
        return read_input(name)

    def finish() -> Any:
        try:
            return read_begun(fh, grep)
        except OSError as exc:
            raise InputError(f"{name}: {exc.strerror or exc}") from None

    return name, finish


def _read_stdin() -> tuple[str, Any]:
    """Standard input streamed like a big file: a pipe has no size to look at first, so its first MiB decides
    (all of it: read as it is; more: read on in chunks into an excerpt, bounded memory); past
    ``formats.limits.MAX_INPUT_BYTES`` nothing more is read, and the report says so."""
    from itertools import chain

    from rocmdesk.doctor.big_input import STREAM_ABOVE
    from rocmdesk.doctor.excerpt import excerpt, file_chunks
    from rocmdesk.formats import limits

    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:  # a text stream put in its place (a test, an embedder): read as it is
        return read_input("-")
    try:
        head = stream.read(STREAM_ABOVE + 1)
        if len(head) <= STREAM_ABOVE:
            return "<stdin>", head
        return "<stdin>", excerpt(chain([head], file_chunks(stream)), limit=limits.MAX_INPUT_BYTES)
    except OSError as exc:
        raise InputError(f"<stdin>: {exc.strerror or exc}") from None


# what a tarball (plain, gzip, bzip2, xz) starts with: any other file is no snapshot, and capture (tarfile and the
# recording Host, a seventh of a second) is not imported for a log
_ARCHIVE_MAGIC = (b"\x1f\x8b", b"BZh", b"\xfd7zXZ\x00")


def _is_snapshot(name: str) -> bool:
    """A snapshot is a folder or a regular file: a pipe (``--from <(journalctl)``) is never looked into here,
    where what was read would be lost to the reading that follows."""
    import os
    import stat

    try:
        mode = os.stat(name).st_mode
    except OSError:
        return False  # _read says why
    if stat.S_ISREG(mode):
        try:
            with open(name, "rb") as fh:
                start = fh.read(512)
        except OSError:
            return False
        if not start.startswith(_ARCHIVE_MAGIC) and start[257:262] != b"ustar":
            return False
    elif not stat.S_ISDIR(mode):
        return False
    from rocmdesk import capture

    return capture.is_snapshot(name)


def _snapshot_host(name: str) -> Any:
    from rocmdesk import capture

    try:
        return capture.open_snapshot(name)
    except capture.SnapshotError as exc:
        raise InputError(str(exc)) from None


def run(args: argparse.Namespace, host: Any) -> int:
    if not args.json:
        return _run(args, host)
    with i18n.speaking(i18n.SOURCE_LANGUAGE):  # every sentence in the JSON (evidence, input errors, plan titles) is built in English
        return _run(args, host)


def _run(args: argparse.Namespace, host: Any) -> int:
    texts: list[tuple[str, Any]] = []
    snapshot = False
    for name in args.inputs:
        if name != "-" and _is_snapshot(name):  # `rocmdesk capture`'s tarball: the machine it holds is checked
            host, snapshot = _snapshot_host(name), True
            continue
        texts.append(_read(name))  # an unreadable file is an InputError: exit 3 before any output
    # imported while the big files' searches run (a third of a second the search would otherwise wait for)
    from rocmdesk.doctor.diagnose import diagnose, prepare
    from rocmdesk.doctor.report import identity as identity_of
    from rocmdesk.doctor.report import to_json, write_report

    if any(callable(got) for _label, got in texts):
        prepare()  # the rest of what reading the excerpt needs, still while grep runs

    texts = [(label, got() if callable(got) else got) for label, got in texts]
    with_machine = (not args.inputs or snapshot or args.venvs or getattr(args, "root", None)
                    or getattr(args, "simulate", None))
    reading = None
    identity: dict[str, str] = {}
    if with_machine:
        from rocmdesk.doctor.diagnose import read_host

        reading = read_host(host, venvs=args.venvs)  # the machine and its kernel log read once, venvs probed
        identity = identity_of(host)
    report = reading.report if reading is not None else None

    def build() -> Any:  # in the language of the moment
        return reading.diagnose(texts=texts) if reading is not None else diagnose(None, texts=texts)

    d = build()
    if args.json:
        print_json(to_json(d, args.include_identity, identity))
    else:
        print(_render_text(d, identity, args.include_identity))
    if args.report is not None:
        saved = d
        if args.report.suffix.lower() == ".json" and i18n.current_language() != i18n.SOURCE_LANGUAGE:
            # a JSON report is for programs too: the same diagnosis again from the same reading (the machine is
            # detected again through its recorded answers, nothing runs again), its sentences in English
            with i18n.speaking(i18n.SOURCE_LANGUAGE):
                saved = build()
        try:
            write_report(args.report, saved, args.include_identity, identity)
        except OSError as exc:
            raise InputError(translate("rocmdesk.doctor.cli_doctor", "{path}: cannot write the report ({error})")
                             .format(path=args.report, error=exc.strerror or exc)) from None
        print(translate("rocmdesk.doctor.cli_doctor", "Report written to {path}").format(path=args.report),
              file=sys.stderr)
    if args.fix:
        return _run_fix(args, host, report, d)
    bad = [i for i in d.inputs if i.error and not i.finding_ids]
    for i in bad:
        print(f"rocmdesk: {i.label}: {i.error}", file=sys.stderr)
    if bad:
        return EXIT_INPUT
    return EXIT_FINDINGS if d.worst == "error" else EXIT_OK
