"""The Doctor: every check over a machine and/or pasted texts, merged into one ``Diagnosis``."""

from __future__ import annotations

from typing import Any, Sequence

from rocmdesk.doctor.catalogue import order
from rocmdesk.doctor.model import SEVERITIES, Diagnosis, Finding, InputResult
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


def diagnose(report: MachineReport | None = None, *, texts: Sequence[tuple[str, bytes | str]] = (),
             verify: Sequence[Any] = (), sanity: Sequence[Any] = (), include_preflight: bool = True) -> Diagnosis:
    """Findings for a machine report (None: texts only), pasted texts (label, data), verify and sanity results."""
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


def diagnose_host(host: Any, *, texts: Sequence[tuple[str, bytes | str]] = (), verify: Sequence[Any] = (),
                  sanity: Sequence[Any] = (), venvs: Sequence[Any] = ()) -> Diagnosis:
    """Detect the machine behind ``host`` and diagnose it; each venv in ``venvs`` is verified first (runs its
    python for up to a minute).  Reads the machine and runs processes: call it off the GUI thread."""
    from rocmdesk.machine.detect import detect

    report = detect(host)
    return diagnose(report, texts=texts, verify=list(verify) + verify_venvs(venvs, report), sanity=sanity)


def verify_venvs(venvs: Sequence[Any], report: MachineReport) -> list[Any]:
    """torchenv's verify of each venv (a VerifyResult each; a missing venv is a broken-venv verdict)."""
    from rocmdesk.torchenv.verify import verify_venv

    return [verify_venv(v, report) for v in venvs]
