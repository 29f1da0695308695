"""GPU control for long compute runs: a power cap and a DPM performance level, through the root helper (issue 21).

The user side of ``rocmdesk control`` and of the Monitor page's control: read what a GPU allows (``read_controls``,
through the Host), make a plan of helper steps (``power_cap_plan``, ``perf_level_plan``: pure), show it with the
commands it stands for (``render_control``), run it with one pkexec prompt (``run``), and keep the value each setting
had before rocmdesk first changed it, so ``restore`` can put it back (``remember``/``forget``, a small JSON file in the
user's state folder: it only ever names a value the helper checks again).

What the helper allows is in ``helper_control``: an AMD GPU's own ``power1_cap`` (within ``power1_cap_min`` ..
``power1_cap_max``) and ``power_dpm_force_performance_level`` (auto, high, low); no fan, voltage or clock control.
The kernel resets both at every boot; a ``persist`` plan adds a oneshot systemd unit that sets the value again, and
``unpersist`` (or a restore) takes it away.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from rocmdesk.i18n import translate
from rocmdesk.machine.host import Host
from rocmdesk.machine.model import MachineReport
from rocmdesk.setup.helper_control import LEVELS, MICRO, unit_paths, unit_text
from rocmdesk.setup.steps import Step

SETTINGS = ("power-cap", "perf-level")
ACTIONS = ("set", "restore", "unpersist")
STATE_FILE = "gpu-control.json"
_HWMON = re.compile(r"hwmon([0-9]+)")


class ControlError(Exception):
    """The GPU cannot be controlled as asked; the message says why, for people."""


@dataclass
class GpuControls:
    """What one GPU allows and holds now (values in microwatts and level names, as sysfs has them)."""

    gpu: int
    name: str | None
    card: str
    slot: str
    cap_path: str | None = None  # /sys/class/drm/cardN/device/hwmon/hwmonM/power1_cap
    cap: int | None = None
    cap_min: int | None = None
    cap_max: int | None = None
    cap_default: int | None = None
    level_path: str | None = None  # /sys/class/drm/cardN/device/power_dpm_force_performance_level
    level: str | None = None
    units: dict[str, str] = field(default_factory=dict)  # setting -> the unit file's text, when one is installed

    def current(self, setting: str) -> int | str | None:
        return self.cap if setting == "power-cap" else self.level

    def to_json(self) -> dict[str, Any]:
        return {"gpu": self.gpu, "name": self.name, "card": self.card, "slot": self.slot,
                "power_cap_uw": self.cap, "power_cap_min_uw": self.cap_min, "power_cap_max_uw": self.cap_max,
                "power_cap_default_uw": self.cap_default, "perf_level": self.level,
                "persisted": sorted(self.units)}


@dataclass
class ControlPlan:
    """One change to one GPU setting: the helper's steps, and what people need to see before it runs."""

    setting: str  # power-cap | perf-level
    action: str  # set | restore | unpersist
    gpu: GpuControls
    current: int | str | None  # the value now
    new: int | str | None  # the value after (None: unpersist, the value is left as it is)
    previous: int | str | None  # what a restore would set (the value before rocmdesk first changed it)
    steps: list[Step]
    persisted_after: bool  # whether a boot unit sets the value after this plan

    @property
    def todo(self) -> list[Step]:
        return [s for s in self.steps if not s.done]

    def to_json(self) -> dict[str, Any]:
        return {"schema": 1, "kind": "gpu-control", "setting": self.setting, "action": self.action,
                "gpu": self.gpu.to_json(), "current": self.current, "new": self.new, "previous": self.previous,
                "persisted_after": self.persisted_after, "steps": [s.to_json() for s in self.steps]}


# -- reading the GPU ------------------------------------------------------------------------------------------------
def read_controls(host: Host, report: MachineReport, gpu: int) -> GpuControls:
    """The control files of GPU ``gpu`` (detect's index); ``ControlError`` when there is no such AMD GPU card."""
    g = next((x for x in report.gpus if x.index == gpu), None)
    if g is None:
        known = ", ".join(str(x.index) for x in report.gpus) or translate("rocmdesk.setup.control", "none")
        raise ControlError(translate("rocmdesk.setup.control", "there is no GPU {gpu} (GPUs: {known})").format(
            gpu=gpu, known=known))
    if not g.card or not g.pci_slot:
        raise ControlError(translate("rocmdesk.setup.control",
                                     "GPU {gpu} has no DRM card of its own (a partition or a GPU without amdgpu): "
                                     "it has no power controls").format(gpu=gpu))
    dev = f"/sys/class/drm/{g.card}/device"
    c = GpuControls(gpu, g.name, g.card, g.pci_slot)
    folders = sorted((int(m.group(1)), n) for n in host.listdir(f"{dev}/hwmon") if (m := _HWMON.fullmatch(n)))
    for _, name in folders:
        hw = f"{dev}/hwmon/{name}"
        if host.read_value(f"{hw}/name") == "amdgpu" and host.exists(f"{hw}/power1_cap"):
            c.cap_path = f"{hw}/power1_cap"
            c.cap, c.cap_min = host.read_int(f"{hw}/power1_cap", 10), host.read_int(f"{hw}/power1_cap_min", 10)
            c.cap_max, c.cap_default = host.read_int(f"{hw}/power1_cap_max", 10), host.read_int(
                f"{hw}/power1_cap_default", 10)
            break
    level_path = f"{dev}/power_dpm_force_performance_level"
    if host.exists(level_path):
        c.level_path = level_path
        text = host.read_value(level_path)
        c.level = text.split()[0] if text else None
    for setting in SETTINGS:
        text = host.read_text(unit_paths(setting, g.pci_slot)[0], limit=1 << 16)
        if text is not None:
            c.units[setting] = text
    return c


def watts(microwatts: int | None) -> str:
    """A power in whole watts for people (the kernel's range may start between two watts)."""
    return "?" if microwatts is None else f"{microwatts / MICRO:g} W"


# -- plans (pure) ---------------------------------------------------------------------------------------------------
def _step(sid: str, kind: str, title: str, why: str, params: dict[str, Any], done: bool) -> Step:
    return Step(sid, kind, title, why, True, params, done)


def _unit_steps(c: GpuControls, setting: str, value: int | str | None, persist: bool) -> tuple[list[Step], bool]:
    """The boot unit's step (write, remove or none) and whether a unit sets the value afterwards."""
    have = c.units.get(setting)
    sid = f"{setting}-{c.card}"
    if persist and value is not None:
        done = have == unit_text(setting, c.slot, value)
        return [_step(f"persist-{sid}", "write-control-unit",
                      translate("rocmdesk.setup.control", "Write a systemd unit that sets it again at every boot"),
                      translate("rocmdesk.setup.control", "the kernel resets it at every boot"),
                      {"setting": setting, "slot": c.slot, "value": value}, done)], True
    if have is not None and not persist:
        return [], True
    return [], False


def _unpersist(c: GpuControls, setting: str) -> Step:
    return _step(f"unpersist-{setting}-{c.card}", "remove-control-unit",
                 translate("rocmdesk.setup.control", "Remove the systemd unit that sets it at every boot"),
                 translate("rocmdesk.setup.control", "after this the kernel's own value holds at boot"),
                 {"setting": setting, "slot": c.slot}, setting not in c.units)


def power_cap_plan(c: GpuControls, watts_wanted: int | None = None, *, action: str = "set", persist: bool = False,
                   previous: int | None = None) -> ControlPlan:
    """Set the power cap to ``watts_wanted`` W (``set``), back to ``previous`` or the kernel's default (``restore``,
    which also removes a boot unit), or only remove the boot unit (``unpersist``)."""
    if c.cap_path is None or c.cap is None:
        raise ControlError(translate("rocmdesk.setup.control",
                                     "GPU {gpu} has no power cap the kernel lets anyone set (no power1_cap: APUs and "
                                     "some older cards)").format(gpu=c.gpu))
    back = previous if previous is not None else c.cap_default
    if action == "unpersist":
        return ControlPlan("power-cap", action, c, c.cap, None, back, [_unpersist(c, "power-cap")], False)
    if action == "restore":
        if back is None:
            raise ControlError(translate("rocmdesk.setup.control",
                                         "there is no earlier power cap of GPU {gpu} to go back to (rocmdesk did not "
                                         "change it, and the kernel gives no default)").format(gpu=c.gpu))
        new = back
    elif watts_wanted is None:
        raise ControlError(translate("rocmdesk.setup.control", "say the power cap in watts"))
    else:
        new = int(watts_wanted) * MICRO
    if not c.cap_max or c.cap_min is None:
        raise ControlError(translate("rocmdesk.setup.control",
                                     "the kernel gives no power cap range for GPU {gpu}").format(gpu=c.gpu))
    if not max(c.cap_min, MICRO) <= new <= c.cap_max or new % MICRO:
        raise ControlError(translate("rocmdesk.setup.control",
                                     "{watts} is outside the power cap range of GPU {gpu}: {low} to {high}").format(
            watts=watts(new), gpu=c.gpu, low=watts(-(-c.cap_min // MICRO) * MICRO), high=watts(c.cap_max)))
    steps = [_step(f"power-cap-{c.card}", "set-power-cap",
                   translate("rocmdesk.setup.control", "Set the power cap of GPU {gpu} to {watts}").format(
                       gpu=c.gpu, watts=watts(new)),
                   translate("rocmdesk.setup.control", "now {watts}").format(watts=watts(c.cap)),
                   {"path": c.cap_path, "microwatts": new}, c.cap == new)]
    if action == "restore":
        unit, persisted = ([_unpersist(c, "power-cap")] if "power-cap" in c.units else []), False
    else:
        unit, persisted = _unit_steps(c, "power-cap", new, persist)
    return ControlPlan("power-cap", action, c, c.cap, new, back, steps + unit, persisted)


def perf_level_plan(c: GpuControls, level: str | None = None, *, action: str = "set", persist: bool = False,
                    previous: str | None = None) -> ControlPlan:
    """The same for the DPM performance level (auto, high, low); a restore without a remembered level is auto."""
    if c.level_path is None:
        raise ControlError(translate("rocmdesk.setup.control",
                                     "GPU {gpu} has no performance level file "
                                     "(power_dpm_force_performance_level)").format(gpu=c.gpu))
    back = previous if previous in LEVELS else "auto"
    if action == "unpersist":
        return ControlPlan("perf-level", action, c, c.level, None, back, [_unpersist(c, "perf-level")], False)
    new = back if action == "restore" else level
    if new not in LEVELS:
        raise ControlError(translate("rocmdesk.setup.control", "the level must be one of {levels}").format(
            levels=", ".join(LEVELS)))
    steps = [_step(f"perf-level-{c.card}", "set-perf-level",
                   translate("rocmdesk.setup.control", "Set the performance level of GPU {gpu} to {level}").format(
                       gpu=c.gpu, level=new),
                   translate("rocmdesk.setup.control", "now {level}").format(level=c.level or "?"),
                   {"path": c.level_path, "level": new}, c.level == new)]
    if action == "restore":
        unit, persisted = ([_unpersist(c, "perf-level")] if "perf-level" in c.units else []), False
    else:
        unit, persisted = _unit_steps(c, "perf-level", new, persist)
    return ControlPlan("perf-level", action, c, c.level, new, back, steps + unit, persisted)


def shown(setting: str, value: int | str | None) -> str:
    return watts(value) if setting == "power-cap" and not isinstance(value, str) else str(value or "?")


def render_control(plan: ControlPlan) -> str:
    """The plan for people: the GPU, the value now, after and to go back to, and each step with its commands."""
    from rocmdesk.setup.render import step_commands

    c = plan.gpu
    what = (translate("rocmdesk.setup.control", "Power cap") if plan.setting == "power-cap"
            else translate("rocmdesk.setup.control", "Performance level"))
    out = [translate("rocmdesk.setup.control", "{what} of GPU {gpu} ({name}, {card}, {slot})").format(
        what=what, gpu=c.gpu, name=c.name or "?", card=c.card, slot=c.slot)]
    now = shown(plan.setting, plan.current)
    if plan.setting == "power-cap":
        now += "  " + translate("rocmdesk.setup.control", "(allowed {low} to {high}; the kernel's default {default})"
                                ).format(low=watts(-(-(c.cap_min or 0) // MICRO) * MICRO), high=watts(c.cap_max),
                                         default=watts(c.cap_default))
    out.append("  " + translate("rocmdesk.setup.control", "now:      {value}").format(value=now))
    if plan.new is not None:
        out.append("  " + translate("rocmdesk.setup.control", "after:    {value}").format(
            value=shown(plan.setting, plan.new)))
    if plan.action != "restore":
        out.append("  " + translate("rocmdesk.setup.control", "go back:  {value}").format(
            value=shown(plan.setting, plan.previous)))
    out += ["", translate("rocmdesk.setup.render", "Steps:")]
    for n, step in enumerate(plan.steps, 1):
        mark = translate("rocmdesk.setup.render", "done") if step.done else "root"
        out.append(f"  {n:2d}. [{mark}] {step.title}")
        if step.kind == "write-control-unit":  # the unit as it will read, not as one long printf
            unit = unit_paths(step.params["setting"], step.params["slot"])[0]
            out.append("      " + translate("rocmdesk.setup.control", "writes {path}:").format(path=unit))
            out += [f"      | {ln}" for ln in unit_text(**step.params).splitlines()]
            out.append(f"      $ {step_commands(step)[-1]}")
        else:
            out += [f"      $ {ln}" for ln in step_commands(step)]
    return "\n".join(out) + "\n"


# -- the value before rocmdesk changed it ---------------------------------------------------------------------------
def state_path() -> Path:
    from rocmdesk.xdg import state_dir

    return state_dir() / STATE_FILE


def _load(path: Path) -> dict[str, Any]:
    from rocmdesk.bounded_read import Refused, read_json

    try:
        data = read_json(path, 1 << 20)
    except (OSError, Refused):
        return {}
    return data if isinstance(data, dict) and isinstance(data.get("gpus"), dict) else {}


def remembered(slot: str, setting: str, path: Path | None = None) -> int | str | None:
    """The value ``setting`` had before rocmdesk first changed it on the GPU at ``slot`` (None: not changed)."""
    entry = _load(path or state_path()).get("gpus", {}).get(slot)
    value = entry.get(setting) if isinstance(entry, dict) else None
    ok = (type(value) is int) if setting == "power-cap" else (value in LEVELS)
    return value if ok else None


def _save(data: dict[str, Any], path: Path) -> None:
    from rocmdesk.atomic_file import write_atomic

    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, (json.dumps(data, indent=1, sort_keys=True) + "\n").encode(), 0o600)


def remember(plan: ControlPlan, path: Path | None = None) -> None:
    """After a plan changed the value: keep the one before, unless an earlier change kept one already."""
    path = path or state_path()
    if plan.action == "restore":
        return forget(plan, path)
    if plan.current is None or plan.new is None or plan.new == plan.current:
        return None
    data = _load(path) or {"version": 1, "gpus": {}}
    entry = data["gpus"].setdefault(plan.gpu.slot, {})
    if isinstance(entry, dict) and plan.setting not in entry:
        entry[plan.setting] = plan.current
        _save(data, path)
    return None


def forget(plan: ControlPlan, path: Path | None = None) -> None:
    path = path or state_path()
    data = _load(path)
    entry = data.get("gpus", {}).get(plan.gpu.slot)
    if isinstance(entry, dict) and plan.setting in entry:
        del entry[plan.setting]
        if not entry:
            del data["gpus"][plan.gpu.slot]
        _save(data, path)


def plan_for(host: Host, report: MachineReport, gpu: int, setting: str, value: int | str | None = None, *,
             action: str = "set", persist: bool = False, state: Path | None = None) -> ControlPlan:
    """Read GPU ``gpu`` and plan one change: what the CLI and the Monitor page call."""
    from rocmdesk.setup.steps import PlanError, validate_step

    c = read_controls(host, report, gpu)
    previous = remembered(c.slot, setting, state)
    if setting == "power-cap":
        plan = power_cap_plan(c, value if isinstance(value, int) else None, action=action, persist=persist,
                              previous=previous if isinstance(previous, int) else None)
    else:
        plan = perf_level_plan(c, value if isinstance(value, str) else None, action=action, persist=persist,
                               previous=previous if isinstance(previous, str) else None)
    for step in plan.steps:  # a plan rocmdesk builds passes the helper's form checks (the machine's come later)
        try:
            validate_step(step.to_json(), "nobody")
        except PlanError as exc:
            raise ControlError(str(exc)) from None
    return plan


# -- running ----------------------------------------------------------------------------------------------------
def run(plan: ControlPlan, host: Host, dry_run: bool = False, on_event: Callable[[Any], None] | None = None,
        state: Path | None = None, logs: Any = True) -> Any:
    """Run the plan (one pkexec prompt) and, when it worked, remember the earlier value; a ``runner.RunResult``.

    A machine that is not this one (``--simulate``, ``--root``) gets a dry run only, checked in this process by the
    helper's own rules against that machine's tree; blocking: a window calls it off its GUI thread.  ``logs``: as
    ``runner.run`` (the XDG state folder's setup-logs, or None for none)."""
    from rocmdesk.setup import runner
    from rocmdesk.setup.helper_allow import Rules

    on_event = on_event or (lambda ev: None)
    if not (host.live and not host.simulated):
        user = runner.current_user() or "root"
        return runner.dry_run_for(plan.to_json(), user, on_event, rules=Rules(machine=Path(host.root)))
    result = runner.run(plan.to_json(), dry_run=dry_run, on_event=on_event, logs=logs)
    if result.outcome == "no-helper":  # the runner's words point at `rocmdesk plan`'s script: not this plan's
        result.message = translate(
            "rocmdesk.setup.control",
            "rocmdesk's system helper is not installed ({helper}; the .deb package installs it), and a pip install "
            "does not put one on the system. The plan's commands above do the same: run them in a shell with sudo "
            "in place of as_root. Nothing was changed.").format(helper=runner.HELPER)
    if result.ok and not dry_run:
        try:
            remember(plan, state)
        except OSError:
            pass  # the change is made; only the way back is not written down
    return result

