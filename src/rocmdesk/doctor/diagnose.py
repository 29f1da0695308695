"""The Doctor: every check over a machine and/or pasted texts, merged into one ``Diagnosis``."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from rocmdesk.doctor.catalogue import order
from rocmdesk.doctor.model import SEVERITIES, Diagnosis, Finding, InputResult
from rocmdesk.i18n import translate
from rocmdesk.machine.model import MachineReport


def _merge(into: list[Finding], new: list[Finding]) -> None:
    for f in new:
        old = next((x for x in into if x.id == f.id), None)
        if old is None:
            into.append(f)
            continue
        old.add_evidence(f.evidence)
        old.origins += [o for o in f.origins if o not in old.origins]
        if SEVERITIES.index(f.severity) < SEVERITIES.index(old.severity):
            old.severity = f.severity
        if f.fix.kind == "auto" and old.fix.kind != "auto":
            old.fix = f.fix


KERNEL_LOG_COMMANDS = (("journalctl", "-k", "-b", "-q", "--no-pager", "-n", "20000"), ("dmesg",))


def read_kernel_log(host: Any) -> str | None:
    """This boot's kernel log through the Host seam (journalctl, else dmesg), or None when neither can be read
    (a captured tree, dmesg_restrict without the right group)."""
    for argv in KERNEL_LOG_COMMANDS:
        res = host.run(list(argv), timeout=15)
        if res.ok and res.stdout.strip():
            return res.stdout
    return None


def _kernel_log_findings(text: str) -> list[Finding]:
    """Driver trouble in the machine's own kernel log (only the kernel-log recognizer's events count: the
    whole log is not a paste, so no other format or pattern is read into it)."""
    from rocmdesk.doctor.text_checks import from_signals
    from rocmdesk.formats import FormatError, parse

    try:
        parsed = parse(text, "kernel-log")
    except FormatError:
        return []
    unsupported = any(e.kind == "kfd-unsupported" for e in parsed.events)
    sig = [(f"kernel-log:{e.kind}", e.message) for e in parsed.events
           if not (e.kind == "probe-failed" and unsupported and "kgd2kfd" in e.message)]
    return from_signals(sig, "kernel log")


def diagnose(report: MachineReport | None = None, *, texts: Sequence[tuple[str, bytes | str]] = (),
             verify: Sequence[Any] = (), sanity: Sequence[Any] = (), include_preflight: bool = True,
             kernel_log: str | None = None) -> Diagnosis:
    """Findings for a machine report (None: texts only), pasted texts (label, data), verify and sanity results,
    and the machine's own kernel log."""
    from rocmdesk.doctor import fixes, result_checks
    from rocmdesk.doctor.machine_checks import diagnose_machine
    from rocmdesk.doctor.report import machine_summary, versions
    from rocmdesk.doctor.text_checks import _drop_shadowed, diagnose_text

    found: list[Finding] = []
    inputs: list[InputResult] = []
    if report is not None:
        mf = diagnose_machine(report)
        if not include_preflight:
            mf = [f for f in mf if "preflight" not in f.origins]
        _merge(found, mf)
    if kernel_log:
        _merge(found, _kernel_log_findings(kernel_log))
    for v in verify:
        _merge(found, result_checks.from_verify(v))
    for s in sanity:
        _merge(found, result_checks.from_sanity(s))
    for label, data in texts:
        info, tf = diagnose_text(data, label)
        inputs.append(info)
        _merge(found, tf)
    _drop_shadowed(found)
    if report is not None:
        fixes.attach(found, report)
    found.sort(key=lambda f: (SEVERITIES.index(f.severity), order(f.id)))
    return Diagnosis(findings=found, machine=machine_summary(report) if report is not None else None,
                     versions=versions(report, inputs), inputs=inputs,
                     source=report.source if report is not None else None,
                     simulated=bool(report.simulated) if report is not None else False)


class Cancelled(Exception):
    """``diagnose_host`` was cancelled between two of its steps."""


def diagnose_host(host: Any, *, texts: Sequence[tuple[str, bytes | str]] = (), verify: Sequence[Any] = (),
                  sanity: Sequence[Any] = (), venvs: Sequence[Any] = (),
                  on_progress: Callable[[int, int, str], None] | None = None, cancel: Any = None) -> Diagnosis:
    """Detect the machine behind ``host`` and diagnose it; each venv in ``venvs`` is verified first (runs its
    python for up to a minute).  Reads the machine and runs processes: call it off the GUI thread.

    ``on_progress(done, total, what)`` is called before each step; ``cancel`` (a ``machine.process.Cancel``)
    is looked at between steps and raises :class:`Cancelled` (a running venv probe is stopped by it too)."""
    from rocmdesk.machine.detect import detect
    from rocmdesk.torchenv.verify import verify_venv

    total = 3 + len(venvs)
    done = 0

    def step(what: str) -> None:
        nonlocal done
        if cancel is not None and cancel.cancelled:
            raise Cancelled(what)
        if on_progress is not None:
            on_progress(done, total, what)
        done += 1

    step(translate("rocmdesk.doctor.diagnose", "reading the machine (GPUs, driver, groups, /dev/kfd)"))
    report = detect(host)
    step(translate("rocmdesk.doctor.diagnose", "reading the kernel log"))
    log = read_kernel_log(host)
    verified = list(verify)
    for v in venvs:
        step(translate("rocmdesk.doctor.diagnose", "verifying the PyTorch in {venv}").format(venv=v))
        verified.append(verify_venv(v, report, cancel=cancel) if cancel is not None else verify_venv(v, report))
    step(translate("rocmdesk.doctor.diagnose", "comparing with the catalogue of known failures"))
    d = diagnose(report, texts=texts, verify=verified, sanity=sanity, kernel_log=log)
    if on_progress is not None:
        on_progress(total, total, translate("rocmdesk.doctor.diagnose", "done"))
    return d


def verify_venvs(venvs: Sequence[Any], report: MachineReport) -> list[Any]:
    """torchenv's verify of each venv (a VerifyResult each; a missing venv is a broken-venv verdict)."""
    from rocmdesk.torchenv.verify import verify_venv

    return [verify_venv(v, report) for v in venvs]
