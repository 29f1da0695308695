"""What the Sanity check page shows, decided without widgets: the venv it offers first, what a run keeps while it
goes (losses, rates, time limits), why Start is off, and the sentences of its state, run and result lines.

The sentences keep the page's translation context ("SanityPage"), so the catalogue's translations stay theirs.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from PySide6.QtCore import QCoreApplication

from rocmdesk.machine.process import Cancel
from rocmdesk.sanity.runner import SanityOptions

translate = QCoreApplication.translate


def make_options(python: Path, device: str, size: str, steps: int, env: dict[str, str] | None) -> SanityOptions:
    return SanityOptions(python=python, device=device, size=size, steps=steps, env=env)


def default_venv() -> str:
    """The PyTorch page's default venv, when there is one."""
    from rocmdesk.torchenv.venv import is_venv
    from rocmdesk.ui.presenters.venvs import default_venv as pytorch_default

    path = pytorch_default()
    return path if is_venv(path) else ""


def sysfs_monitor(session: Any) -> Callable[[], Any]:
    def factory():
        if session.host is None:
            return None
        from rocmdesk.telemetry.monitor import Monitor

        # sysfs only: a sample costs microseconds, so polling from the UI thread never stalls the window
        return Monitor(session.host, source="sysfs", with_host=False, interval_s=1.0)

    return factory


@dataclass
class Run:
    """A run in progress: what it was started with and what its events said so far."""

    number: int
    cancel: Cancel
    device: str
    size: str
    steps: int
    losses: dict[str, tuple[list[float], list[float]]] = field(default_factory=dict)
    rates: dict[str, float] = field(default_factory=dict)
    timeouts: dict[str, float] = field(default_factory=dict)
    info: str = ""  # what the start event said: torch, device, size
    x: int = 0


def python_of(venv: str) -> Path | None:
    """The venv's python when it is there (the run needs nothing else)."""
    from rocmdesk.torchenv.venv import venv_python

    if not venv:
        return None
    py = venv_python(venv)
    return py if py.exists() else None


# -- the sentences of the page ---------------------------------------------------------------------------------
def where_text(simulate: str | None, root: str | None) -> str:
    if simulate:
        return translate("SanityPage", "— runs on this computer (the machine shown is the simulated {name})").format(
            name=simulate)
    if root:
        return translate("SanityPage", "— runs on this computer (the machine shown is the tree at {root})").format(
            root=root)
    return translate("SanityPage", "— this computer")


def choose_text(has_profiles: bool) -> str:
    return translate("SanityPage", "Choose a profile or a venv folder.") if has_profiles else \
        translate("SanityPage", "Choose a venv folder.")


def blocker(running: bool, venv: str, python: Path | None, size: str, device: str, has_profiles: bool) -> str:
    """Why Start is off, in words ('' when it may start)."""
    if running:
        return translate("SanityPage", "A check is running.")
    if not venv:
        return choose_text(has_profiles)
    if python is None:
        return translate("SanityPage", "No python in {venv} (bin/python is missing): choose a venv folder.").format(
            venv=venv)
    if size == "resnet50" and device == "cpu":
        return translate("SanityPage", "The ResNet-50-like size runs on a GPU only: choose Tiny, or Device: Auto.")
    return ""


def options_notes(block: str, running: bool, venv: str, python: Path | None, device: str) -> list[str]:
    notes = []
    if block and not running and venv and python is not None:
        notes.append(block)
    if device == "cpu":
        notes.append(translate("SanityPage", "On the CPU the check shows that torch trains, but nothing about the "
                                             "GPU."))
    return notes


def venv_state_text(venv: str, python: Path | None, prof: Any | None, has_profiles: bool) -> str:
    from rocmdesk.torchenv.presets import torch_version_in

    if not venv:
        return choose_text(has_profiles)
    if python is None:
        return translate("SanityPage", "No python in {venv} (bin/python is missing): choose a venv folder.").format(
            venv=venv)
    try:
        torch = torch_version_in(venv)
    except Exception:
        torch = None
    where = translate("SanityPage", "Runs {python}").format(python=python)
    if prof is not None and prof.env:
        where += " " + translate("SanityPage", "with the variables of profile {name}").format(name=prof.name)
    if torch:
        return translate("SanityPage", "{where}; torch {version}.").format(where=where, version=torch)
    return translate("SanityPage", "{where}; no torch found in this venv (install it on the PyTorch page).").format(
        where=where)


def size_text(size: str) -> str:
    return {"tiny": translate("SanityPage", "tiny"), "resnet50": translate("SanityPage", "ResNet-50-like")}.get(
        size, size)


def short_phase(phase: str) -> str:
    from rocmdesk.ui.widgets.sanity_phases import phase_title

    return {"fp32": translate("SanityPage", "FP32"), "amp": translate("SanityPage", "AMP")}.get(phase,
                                                                                              phase_title(phase))


def start_info(ev: dict[str, Any], run: Run) -> str:
    """What the run's start event says: torch, the device, the size and steps."""
    device = ev.get("device_name") or ev.get("device") or ""
    parts = [translate("SanityPage", "torch {torch}").format(torch=ev["torch"])] if ev.get("torch") else []
    if device:
        parts.append(translate("SanityPage", "on {device}").format(device=device))
    info = " ".join(parts)
    info += " · " + translate("SanityPage", "{size}, {steps} steps per training phase").format(
        size=size_text(str(ev.get("size", run.size))), steps=ev.get("steps", run.steps))
    if str(ev.get("device", "")).startswith("cpu"):
        info += " — " + translate("SanityPage", "on the CPU, not the GPU")
    return info


def rates_text(rates: dict[str, float]) -> str:
    parts = [translate("SanityPage", "{phase} {rate:,.0f} samples/s").format(phase=short_phase(name), rate=rate)
             for name, rate in rates.items() if name in ("fp32", "amp")]
    if "fp32" in rates and "amp" in rates and rates["fp32"] > 0:
        parts.append(translate("SanityPage", "AMP ×{x:.2f}").format(x=rates["amp"] / rates["fp32"]))
    return translate("SanityPage", "Throughput: {rates}").format(rates=" · ".join(parts) if parts else "—")


def summary_text(result: Any, info: str) -> str:
    """The run line when a run ended: its verdict, what it ran on, and where the result is."""
    from rocmdesk.ui.widgets.sanity_result_card import verdict

    summary = {"passed": translate("SanityPage", "The check passed"),
               "failed": translate("SanityPage", "The check failed"),
               "hung": translate("SanityPage", "The check hung and was stopped"),
               "cancelled": translate("SanityPage", "The check was cancelled")}[verdict(result)]
    if info:
        summary = translate("SanityPage", "{summary} — {info}.").format(summary=summary, info=info)
    else:
        summary += "."
    return summary + " " + translate("SanityPage", "The result is below.")


def crashed_result(exc: BaseException, cancelled: bool) -> Any:
    """What stands for the result of a runner that raised, for the card."""
    from types import SimpleNamespace

    return SimpleNamespace(passed=False, device="", phases=[], error=translate(
        "SanityPage", "The check could not be run: {error}").format(error=f"{type(exc).__name__}: {exc}"),
        hung_phase=None, cancelled=cancelled, torch=None, device_name=None)


def same_venv(a: str, b: str) -> bool:
    return os.path.normpath(os.path.abspath(os.path.expanduser(a))) == \
        os.path.normpath(os.path.abspath(os.path.expanduser(b)))
