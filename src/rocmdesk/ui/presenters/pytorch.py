"""What the PyTorch page shows, decided without widgets: the torch versions to choose from (ROCm builds, a CPU-only
and a CUDA one), the recommendation and install plan for a choice, the sentences of its state, plan, progress and
verify lines, and each verify fix in the window's terms.

The sentences keep the page's translation context ("PyTorchPage"), so the catalogue's translations stay theirs.
"""

from __future__ import annotations

import os
import re
from dataclasses import replace
from typing import Any, Callable

from PySide6.QtCore import QCoreApplication

from rocmdesk.advice import MachineAdvice, advise, context_for
from rocmdesk.knowledge import torch_wheels
from rocmdesk.knowledge.wheels import measured_wheel
from rocmdesk.machine.model import MachineReport
from rocmdesk.torchenv.builds import build_kind, other_build
from rocmdesk.torchenv.install import (
    InstallError,
    InstallEvent,
    InstallPlan,
    InstallResult,
    format_bytes,
    plan_install,
    run_install,
)
from rocmdesk.torchenv.process import Cancel
from rocmdesk.torchenv.recommend import Recommendation, RecommendError, recommend
from rocmdesk.torchenv.verify import Fix, VerifyResult, verify_venv
from rocmdesk.ui.presenters.doctor import without_commands, window_direction

translate = QCoreApplication.translate

# (plan, on_event, cancel) -> result: runs in the worker thread
Installer = Callable[[InstallPlan, Callable[[InstallEvent], None], Cancel], InstallResult]
# (venv, report, env, cancel) -> result: runs in the worker thread
Verifier = Callable[[str, MachineReport, dict[str, str], Cancel], VerifyResult]


def default_installer(plan: InstallPlan, on_event: Callable[[InstallEvent], None], cancel: Cancel) -> InstallResult:
    return run_install(plan, on_event=on_event, cancel=cancel)


def default_verifier(venv: str, report: MachineReport, env: dict[str, str], cancel: Cancel) -> VerifyResult:
    return verify_venv(venv, report, env=env, cancel=cancel)


# -- the choices and what they give --------------------------------------------------------------------------
def version_choices() -> list[tuple[str, str | None]]:
    """(label, pin) for the torch version list: the recommendation, a CPU-only and a CUDA build of the newest
    stable torch (for a venv to compare with), then every stable ROCm build, newest first."""
    stable = [w for w in reversed(torch_wheels()) if w.channel == "stable"]
    out: list[tuple[str, str | None]] = [(translate("PyTorchPage", "Recommended"), None)]
    if stable:
        v = stable[0].torch_version
        out.append((translate("PyTorchPage", "CPU only: {version}+cpu").format(version=v), f"{v}+cpu"))
        out.append((translate("PyTorchPage", "CUDA: {version} from PyPI").format(version=v), f"{v}+cuda"))
    for w in stable:
        for tag in sorted(w.index_tags, reverse=True, key=lambda t: [int(x) for x in t[4:].split(".")]):
            out.append((f"{w.torch_version}+{tag}", f"{w.torch_version}+{tag}"))
    return out


def recommendation_for(report: MachineReport, pinned: str | None, index_url: str | None,
                       env: dict[str, str]) -> tuple[Recommendation | None, str | None]:
    """The recommendation for a choice of the version list, or why there is none."""
    try:
        if build_kind(pinned):
            return other_build(report, pinned or "", index_url), None
        # unpinned, the card renders the machine's own advice (the one the Overview shows); a pinned torch is
        # another context, which recommend() advises for
        return recommend(report, pinned, index_url, env=env, advice=None if pinned else report.advice), None
    except RecommendError as exc:
        return None, str(exc)
    except Exception as exc:  # a recommendation rocmdesk cannot make must say so, not break the page
        return None, translate("PyTorchPage", "rocmdesk could not make a recommendation: {error}").format(
            error=f"{type(exc).__name__}: {exc}")


def plan_for(rec: Recommendation | None, venv: str, log_dir: Any) -> tuple[InstallPlan | None, str | None]:
    if rec is None or not venv:
        return None, None
    try:
        return plan_install(venv, list(rec.requirements), index_url=rec.index_url,
                            extra_index_urls=rec.extra_index_urls, log_dir=log_dir), None
    except InstallError as exc:
        return None, str(exc)
    except Exception as exc:
        return None, f"{type(exc).__name__}: {exc}"


def may_install(rec: Recommendation | None, pinned: str | None) -> bool:
    """No AMD GPU: nothing to pick wheels for, until the user picks a version."""
    return rec is not None and (rec.status != "no-gpu" or pinned is not None)


# -- the sentences of the page ---------------------------------------------------------------------------------
def where_text(simulate: str | None, root: str | None) -> str:
    if simulate:
        return translate("PyTorchPage", "— the simulated machine {name}").format(name=simulate)
    if root:
        return translate("PyTorchPage", "— the machine tree at {root}").format(root=root)
    return translate("PyTorchPage", "— this computer")


def state_text(busy: bool, error: tuple[str, ...] | None, has_report: bool, rec_error: str | None) -> str:
    if busy:
        return translate("PyTorchPage", "Looking at the machine…")
    if error is not None:
        return translate("PyTorchPage", "Detection failed: {error}. The Overview page has the details.").format(
            error=error[0])
    if not has_report:
        return translate("PyTorchPage", "No machine has been looked at yet.")
    return rec_error or ""


def sim_text(rec: Recommendation, simulated: bool) -> str:
    """The note over a recommendation for another machine than this computer."""
    what = translate("PyTorchPage", "simulated machine") if simulated else translate("PyTorchPage",
                                                                                       "captured machine tree")
    if rec.gpu_name:
        head = translate("PyTorchPage", "This recommendation is for the {what}’s {gpu}, not for this computer’s "
                                        "GPU.").format(what=what, gpu=rec.gpu_name)
    else:
        head = translate("PyTorchPage", "This recommendation is for the {what}, which has no AMD GPU, not for this "
                                        "computer.").format(what=what)
    return head + " " + translate("PyTorchPage", "Install still works for real: it creates the venv and downloads "
                                                 "the wheels on this computer, into the folder below (a throwaway "
                                                 "folder is a good idea).")


def venv_state_text(venv: str) -> str:
    from rocmdesk.torchenv.presets import torch_version_in
    from rocmdesk.torchenv.venv import is_venv

    if not venv:
        return translate("PyTorchPage", "Choose a folder for the venv.")
    if is_venv(venv):
        torch = torch_version_in(venv)
        return (translate("PyTorchPage", "An existing venv with torch {version}; Install replaces it with the "
                                         "version above.").format(version=torch) if torch
                else translate("PyTorchPage", "An existing venv without torch."))
    if os.path.isdir(venv):
        return translate("PyTorchPage", "This folder exists but is not a venv: Install creates one in it.")
    return translate("PyTorchPage", "A new venv is created here.")


def plan_notes(rec: Recommendation | None, pinned: str | None, plan: InstallPlan | None, plan_error: str | None,
               venv: str) -> list[str]:
    from rocmdesk.torchenv.profiles import path_warnings

    notes: list[str] = []
    if plan_error:
        notes.append(translate("PyTorchPage", "Install is off: {error}").format(error=plan_error))
    if rec is not None and rec.status == "no-gpu" and pinned is None:
        notes.append(translate("PyTorchPage", "No AMD GPU was found, so there is nothing to pick wheels for; choose a "
                                              "torch version above to install one anyway."))
    if plan is not None:
        notes.append(translate("PyTorchPage", "Disk: {message}").format(message=plan.disk.message()))
        notes.extend(plan.warnings)
    notes.extend(path_warnings(venv) if venv else [])
    return notes


def phase_text(phase: str) -> str:
    return {
        "check": translate("PyTorchPage", "Checking the disk"),
        "create": translate("PyTorchPage", "Creating the venv"),
        "prepare": translate("PyTorchPage", "Preparing pip"),
        "resolve": translate("PyTorchPage", "Resolving"),
        "download": translate("PyTorchPage", "Downloading"),
        "install": translate("PyTorchPage", "Installing"),
        "done": translate("PyTorchPage", "Done"),
        "failed": translate("PyTorchPage", "Failed"),
        "cancelled": translate("PyTorchPage", "Cancelled"),
    }.get(phase, phase)


def download_text(ev: InstallEvent) -> str:
    if ev.total:
        text = translate("PyTorchPage", "Downloading {file}: {done} of {total}").format(
            file=ev.package, done=format_bytes(ev.bytes or 0), total=format_bytes(ev.total))
    else:
        text = translate("PyTorchPage", "Downloading {file}: {done}").format(file=ev.package,
                                                                             done=format_bytes(ev.bytes or 0))
    if ev.downloaded and ev.downloaded > (ev.bytes or 0):
        text += " " + translate("PyTorchPage", "({all} downloaded in all)").format(all=format_bytes(ev.downloaded))
    return text


def install_done_text(result: InstallResult | BaseException, venv: str) -> str:
    """How an install ended (a pip failure with a cause says it in ``failure_text``)."""
    if isinstance(result, BaseException):
        return translate("PyTorchPage", "The install stopped with an error: {error}").format(
            error=f"{type(result).__name__}: {result}")
    if result.ok:
        got = (translate("PyTorchPage", "nothing downloaded (all from the cache or there already)")
               if not result.downloaded_bytes else
               translate("PyTorchPage", "{n} downloaded").format(n=format_bytes(result.downloaded_bytes)))
        return translate("PyTorchPage", "Installed into {venv} in {s:.0f} s; {got}.").format(
            venv=venv, s=result.duration_s, got=got)
    if result.cancelled:
        return translate("PyTorchPage", "Cancelled. The venv may be half-installed: Install again finishes it (what "
                                        "was downloaded is not fetched again).")
    if result.failure is not None:
        return failure_text(result.failure)
    return translate("PyTorchPage", "The install failed: {error}").format(
        error=result.error or translate("PyTorchPage", "unknown"))


def failure_text(failure: Any) -> str:
    return translate("PyTorchPage", "The install failed. {cause} {next_step}").format(cause=failure.summary,
                                                                                      next_step=failure.next_step)


def verify_env(base: dict[str, str], prof: Any | None, rec: Recommendation | None) -> tuple[dict[str, str], str]:
    """The environment the probe runs in, and where its extra variables come from (for the card)."""
    env = dict(base)
    if prof is not None:
        env.update(prof.env)
        return env, translate("PyTorchPage", "Checked with the variables of profile {name}.").format(name=prof.name) \
            if prof.env else translate("PyTorchPage", "Checked with profile {name}, which sets no variables.").format(
                name=prof.name)
    if rec is not None and rec.env:
        env.update(rec.env)
        pairs = " ".join(f"{k}={v}" for k, v in rec.env.items())
        return env, translate("PyTorchPage", "Checked with {pairs} from the recommendation; your shells need it too (a "
                                             "profile keeps it).").format(pairs=pairs)
    return env, ""


def venv_advice(report: MachineReport | None, result: VerifyResult) -> MachineAdvice | None:
    """The advice for the torch the probe found (its measured arch list) and the variables it ran with; None when
    there is no ROCm torch to advise on."""
    if report is None or not report.gpus or not result.torch or not result.arch_list:
        return None
    try:
        wheel = measured_wheel(result.torch, result.arch_list, result.hip)
        return advise(report, context_for(report, installed=wheel, env=result.env))
    except Exception:  # the card still shows what the probe saw
        return None


# -- a verify fix in the window's terms -------------------------------------------------------------------------
def window_fix(result: VerifyResult, has_amd_gpu: bool = True) -> VerifyResult:
    """The verdict as the window shows it: a fix that names rocmdesk's command line names this page's control
    (or another page) instead; without an AMD GPU a missing torch is not fixed with a ROCm wheel."""
    fix = result.fix
    if fix is None:
        return result
    command = fix.command or ""
    if result.verdict == "torch-missing" and not has_amd_gpu:
        return replace(result, fix=Fix(translate("PyTorchPage", "This machine has no AMD GPU, so a ROCm wheel has "
                                                                "nothing to run on: choose CPU only under torch "
                                                                "version, then Install."), None))
    if not re.search(r"rocmdesk [a-z]", f"{fix.text} {command}"):
        return result
    text = without_commands(fix.text)
    if command.startswith("rocmdesk torch install"):
        return replace(result, fix=Fix(translate("PyTorchPage", "Install on this page creates the venv in Venv folder "
                                                                "and installs torch into it."), None))
    if "rocmdesk torch recommend" in f"{fix.text} {command}":
        more = (translate("PyTorchPage", "The recommendation above shows what comes closest; torch version pins "
                                         "another build.") if command.startswith("rocmdesk")
                else translate("PyTorchPage", "Install on this page puts the recommended wheels into this venv."))
        return replace(result, fix=Fix(" ".join(t for t in (text, more) if t),
                                       None if command.startswith("rocmdesk") else fix.command))
    if "rocmdesk profile" in fix.text:
        more = translate("PyTorchPage", "Keep the variables in a profile… on this page makes one for this venv.")
        return replace(result, fix=Fix(f"{text} {more}", fix.command))
    if "rocmdesk doctor" in fix.text:
        more = translate("PyTorchPage", "If it persists, the Doctor page and the Sanity check page narrow it down.")
        return replace(result, fix=Fix(f"{text} {more}", fix.command))
    direction = window_direction(command) or ""
    return replace(result, fix=Fix(" ".join(t for t in (text, direction) if t),
                                   None if command.startswith("rocmdesk") else fix.command))

