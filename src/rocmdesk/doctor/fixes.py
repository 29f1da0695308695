"""Automatic fixes: the few the Setup plan engine really can do, built by that engine.

Only two catalogue entries have step kinds in the helper's allow-list: ``kfd-permission`` (add-user-to-groups)
and ``rocm-residue`` (apt-purge and remove-path).  Their plan is the Setup plan cut down to those steps plus
its checks, so it runs through the same validation, pkexec helper and runner as Setup.  Every other fix is
print-only.  Pure: builds plans, runs nothing.
"""

from __future__ import annotations

from dataclasses import replace

from rocmdesk.doctor.model import Finding
from rocmdesk.machine.model import MachineReport


def _cut(full, keep) -> object | None:
    from rocmdesk.setup.plan import Plan

    steps = [s for s in full.steps if keep(s)]
    if not any(not s.done for s in steps if s.kind != "verify"):
        return None
    checks = [s for s in full.steps if s.kind == "verify" and s.params.get("check") in ("kfd-opens",)]
    return Plan(steps + checks, [], full.choices, full.source, full.simulated, list(full.after), dict(full.machine))


def plan_for(fid: str, report: MachineReport, user: str | None = None):
    """The Setup plan that fixes ``fid`` on this machine, or None when the engine can't (or needn't).
    ``user``: whom the plan is for (default: the report's user, the caller on the live machine)."""
    from rocmdesk.setup.choices import Choices
    from rocmdesk.setup.plan import plan
    from rocmdesk.setup.steps import PlanError

    try:
        if fid == "kfd-permission":
            if not report.access.missing_groups:
                return None  # in the groups already: EPERM from a sandbox is nothing usermod fixes
            full = plan(report, Choices(scope="pytorch", user=user))
            return _cut(full, lambda s: s.kind == "add-user-to-groups")
        if fid == "rocm-residue":
            keep = report.rocm.primary_version
            if keep is None:
                return None
            full = plan(report, Choices(rocm=keep, scope="runtime", cleanup=True, dkms=False, user=user))
            if full.choices.release is None:
                return None
            return _cut(full, lambda s: s.id.startswith("cleanup-"))
    except (PlanError, ValueError, KeyError):
        return None
    return None


def attach(findings: list[Finding], report: MachineReport | None, user: str | None = None) -> None:
    """Give the findings the engine can fix their plan (``fix.kind`` "auto")."""
    if report is None:
        return
    for f in findings:
        if f.id not in ("kfd-permission", "rocm-residue") or "machine" not in f.origins:
            continue
        p = plan_for(f.id, report, user)
        if p is not None:
            f.fix = replace(f.fix, kind="auto", plan=p)
