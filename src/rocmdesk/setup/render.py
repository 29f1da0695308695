"""A plan as text for people, as a bash script to read and run by hand, or as JSON.

Only the text for people is in the user's language (its headings here; titles and reasons come translated
from the plan).  The script, like the playbook and the JSON, is English: ``rocmdesk plan`` builds the plan in
English for those formats, and every word this module adds to them stays English.

The script runs as the user and asks sudo for the root steps only (``as_root``), so its checks run in
the user's own session, but rocminfo runs there with ``env -i`` and ``steps.CHECK_ENV``, the environment the
root helper gives it: what it lists does not depend on override variables the session happens to set.  Every
value is quoted with ``shlex.quote``; the files it writes are the exact bytes the root helper would write
(``steps.file_content``).
"""

from __future__ import annotations

import json
import re
import shlex
import unicodedata
from dataclasses import asdict
from typing import Any

from rocmdesk.i18n import translate
from rocmdesk.machine.model import MachineReport
from rocmdesk.setup.choices import CHOSEN, scope_what
from rocmdesk.setup.plan import Plan
from rocmdesk.setup.helper_control import unit_paths
from rocmdesk.setup.steps import Step, apt_list_lines, check_argv, file_content, pin_lines

FORMATS = ("text", "script", "json", "ansible")
q = shlex.quote


def _one_line(text: str) -> str:
    """Plain text safe inside a comment: no line breaks or control characters."""
    return re.sub(r"[\x00-\x1f\x7f]+", " ", text).strip()


def _write_file(path: str, lines: list[str]) -> list[str]:
    return ["printf '%s\\n' " + " ".join(q(ln) for ln in lines) + f" | as_root tee {q(path)} >/dev/null"]


def _ok_fail(condition: str, title: str) -> list[str]:
    return [f"if {condition}; then",
            f"  echo {q('ok: ' + title)}",
            "else",
            f"  echo {q('FAILED: ' + title)} >&2",
            "  failed=1",
            "fi"]


def step_commands(step: Step, user_var: str | None = None, assume_yes: bool = False) -> list[str]:
    """The shell lines of one step (the script's, and what the UI shows when a step is expanded)."""
    p = step.params
    yes = " -y" if assume_yes else ""
    k = step.kind
    if k == "install-key":
        return [f"as_root install -d -m 0755 {q(p['path'].rsplit('/', 1)[0])}",
                f"curl -fsSL {q(p['url'])} | as_root gpg --batch --yes --dearmor -o {q(p['path'])}"]
    if k == "write-apt-list":
        return _write_file(p["path"], apt_list_lines(p))
    if k == "write-pin":
        return _write_file(p["path"], pin_lines(p))
    if k == "apt-update":
        return ["as_root apt-get update"]
    if k == "apt-install":
        return [f"as_root env DEBIAN_FRONTEND=noninteractive apt-get install{yes} " + " ".join(map(q, p["packages"]))]
    if k == "apt-purge":
        lines = [f"as_root apt-get purge{yes} " + " ".join(map(q, p["packages"]))]
        if p.get("autoremove"):
            lines.append(f"as_root apt-get autoremove{yes}")
        return lines
    if k == "remove-path":
        return [f"as_root rm -rf -- {q(p['path'])}"]
    if k == "add-user-to-groups":
        who = f'"${user_var}"' if user_var else q(p["user"])
        return [f"as_root usermod -a -G {q(','.join(p['groups']))} {who}"]
    if k == "verify":
        return _verify(step)
    if k in ("set-power-cap", "set-perf-level"):
        value = p["microwatts"] if k == "set-power-cap" else p["level"]
        return [f"echo {q(str(value))} | as_root tee {q(p['path'])} >/dev/null"]
    if k == "write-control-unit":
        unit, _ = unit_paths(p["setting"], p["slot"])
        return _write_file(unit, (file_content(step) or "").splitlines()) + [
            f"as_root systemctl enable {q(unit.rsplit('/', 1)[1])}"]
    if k == "remove-control-unit":
        unit, link = unit_paths(p["setting"], p["slot"])
        return [f"as_root rm -f -- {q(link)} {q(unit)}", "as_root systemctl daemon-reload"]
    raise ValueError(f"no rendering for step kind {k!r}")


def _verify(step: Step) -> list[str]:
    p = step.params
    c = p["check"]
    if c == "amdgpu-loaded":
        return _ok_fail("[[ -d /sys/module/amdgpu ]]", "the amdgpu driver is loaded")
    if c == "kfd-opens":
        # -c first: <> creates a missing file, and /dev/kfd must never become one
        return _ok_fail("[[ -c /dev/kfd ]] && (exec 3<>/dev/kfd) 2>/dev/null",
                        "/dev/kfd opens read-write in this session")
    if c == "rocm-smi-shows-gpu":
        return _ok_fail(f"{q(p['program'])} --showproductname >/dev/null 2>&1", "rocm-smi shows the card")
    if c == "rocminfo-lists-gfx":
        # in the helper's environment, not the session's: an HSA_OVERRIDE_GFX_VERSION or ROCR_VISIBLE_DEVICES the
        # user has set would change what rocminfo lists, and the plan expects what it lists in CHECK_ENV
        lines = [f"rocminfo_out=$({' '.join(map(q, check_argv(p['program'])))} 2>&1 || true)"]
        for gfx in p["expect"]:
            lines += _ok_fail(f'grep -qw -- {q(gfx)} <<<"${{rocminfo_out}}"', f"rocminfo lists {gfx}")
        return lines
    raise ValueError(f"no rendering for check {c!r}")


_PRELUDE = """\
as_root() {
  if [[ ${EUID} -eq 0 ]]; then
    "$@"
  else
    sudo "$@"
  fi
}

failed=0
"""


def render_script(plan: Plan, assume_yes: bool = False) -> str:
    c = plan.choices
    rel = f"ROCm {c.release.version} ({c.release.stream})" if c.release else "no system ROCm release"
    out = ["#!/usr/bin/env bash",
           f"# rocmdesk setup plan: {rel}, scope {c.scope}, for {_one_line(plan.source)}",
           "# Read every step before you run it. Run it as yourself (bash FILE): the root steps ask sudo.",
           "# Steps already done on this machine are left commented out.",
           "set -euo pipefail", ""]
    for f in plan.findings:
        if f.severity == "blocker":
            out.append(f"# BLOCKER ({f.id}): {_one_line(f.title)} - {_one_line(f.fix)}")
    user_var = None
    groups = next((s for s in plan.steps if s.kind == "add-user-to-groups"), None)
    if groups is not None and not groups.done:  # a done step's commented line names the user itself
        user_var = "user"
        out += [f"user={q(groups.params['user'])}", ""]
    out.append(_PRELUDE)
    for n, step in enumerate(plan.steps, 1):
        mark = "  [done already]" if step.done else ""
        out.append(f"# --- {n}. {_one_line(step.title)}{mark}")
        if step.why:
            out.append(f"# Why: {_one_line(step.why)}")
        lines = step_commands(step, None if step.done else user_var, assume_yes)
        out += [f"# {ln}" for ln in lines] if step.done else lines
        out.append("")
    for note in plan.after:
        out.append(f"echo {q(_one_line(note))}")
    out += ['if [[ ${failed} -ne 0 ]]; then', "  echo 'Some checks failed; see above.' >&2", "  exit 1", "fi", ""]
    return "\n".join(out)


def _width(text: str) -> int:
    """Columns a terminal gives ``text`` (CJK characters take two)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _severity(severity: str) -> str:
    return {"blocker": translate("rocmdesk.setup.render", "blocker"),
            "warning": translate("rocmdesk.setup.render", "warning"),
            "info": translate("rocmdesk.setup.render", "info")}.get(severity, severity)


def _reason(why: str) -> str:
    return translate("rocmdesk.setup.render", "your choice") if why == CHOSEN else why


def render_text(plan: Plan) -> str:
    c = plan.choices
    head = translate("rocmdesk.setup.render", "Setup plan for {machine}").format(machine=plan.source)
    if plan.simulated:
        head += "  " + translate("rocmdesk.setup.render", "(SIMULATED MACHINE)")
    out = [head, ""]
    labels = {"rocm": translate("rocmdesk.setup.render", "ROCm:"),
              "scope": translate("rocmdesk.setup.render", "Scope:"),
              "driver": translate("rocmdesk.setup.render", "Driver:"),
              "user": translate("rocmdesk.setup.render", "User:")}
    pad = max(_width(x) for x in labels.values()) + 1
    lab = {k: v + " " * (pad - _width(v)) for k, v in labels.items()}
    if c.release:
        out.append(f"  {lab['rocm']}{c.release.version} ({c.release.stream}) - {_reason(c.rocm_why)}")
    else:
        out.append(f"  {lab['rocm']}{translate('rocmdesk.setup.render', 'none')} - {_reason(c.rocm_why)}")
    out.append(f"  {lab['scope']}{c.scope} - {scope_what(c.scope, c.stream)}")
    driver = translate("rocmdesk.setup.render", "install amdgpu-dkms") if c.dkms else translate(
        "rocmdesk.setup.render", "no change")
    out.append(f"  {lab['driver']}{driver} - {_reason(c.dkms_why)}")
    out.append(f"  {lab['user']}{c.user or translate('rocmdesk.setup.render', 'unknown')}")
    if plan.findings:
        out += ["", translate("rocmdesk.setup.render", "Before you start:")]
        seen = translate("rocmdesk.setup.render", "seen:")
        fix = translate("rocmdesk.setup.render", "fix:")
        fix += " " * max(1, _width(seen) + 1 - _width(fix))
        for f in plan.findings:
            out.append(f"  [{_severity(f.severity)}] {f.title}  ({f.id})")
            out += [f"      {seen} {e}" for e in f.evidence]
            if f.fix:
                out.append(f"      {fix}{f.fix}")
    if plan.steps:
        out += ["", translate("rocmdesk.setup.render", "Steps:")]
    else:
        out += ["", translate("rocmdesk.setup.render", "Steps: none")]
    marks = {"done": translate("rocmdesk.setup.render", "done"), "root": "root",
             "you": translate("rocmdesk.setup.render", "you")}
    why = translate("rocmdesk.setup.render", "why:")
    for n, step in enumerate(plan.steps, 1):
        mark = "done" if step.done else ("root" if step.root else "you")
        out.append(f"  {n:2d}. [{marks[mark]}] {step.title}")
        if step.why:
            out.append(f"      {why} {step.why}")
        out += [f"      $ {ln}" for ln in step_commands(step)]
    if plan.blocked:
        out += ["", translate("rocmdesk.setup.render", "The plan is blocked: fix the blockers above first.")]
    if plan.after:
        out += ["", translate("rocmdesk.setup.render", "Afterwards:")] + [f"  - {a}" for a in plan.after]
    return "\n".join(out) + "\n"


def render_json(plan: Plan) -> str:
    return json.dumps(plan.to_json(), indent=2, ensure_ascii=False) + "\n"


def with_advice(machine: dict[str, Any], report: MachineReport) -> dict[str, Any]:
    """The plan's ``machine`` object with the advice (``rocmdesk.advice.attach``ed to ``report``): each GPU its
    ``support`` and ``advice`` object, the machine its ``advice``, as ``detect --json`` carries them (keys
    are only added: a plan from before has the same ones).  ``plan --format json`` renders its plan with it."""
    if report.advice is None:
        return machine
    by_index = {g.index: g for g in report.gpus}
    for entry in machine.get("gpus") or []:
        g = by_index.get(entry.get("index"))
        if g is None:
            continue
        entry.setdefault("support", asdict(g.support) if g.support is not None else None)
        entry.setdefault("advice", g.advice.to_json() if g.advice is not None else None)
    machine.setdefault("advice", report.advice.to_json())
    return machine


def render(plan: Plan, fmt: str = "text", assume_yes: bool = False) -> str:
    if fmt == "text":
        return render_text(plan)
    if fmt == "script":
        return render_script(plan, assume_yes)
    if fmt == "json":
        return render_json(plan)
    if fmt == "ansible":
        from rocmdesk.setup.render_ansible import render_ansible

        return render_ansible(plan)
    raise ValueError(f"format {fmt!r} is not one of {', '.join(FORMATS)}")
