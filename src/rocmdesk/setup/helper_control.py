"""The GPU control steps the root helper may run: a power cap and a DPM performance level, and the boot unit.

Four step kinds, and nothing else of a GPU's settings (no fan, no voltage, no clocks):

- ``set-power-cap``: ``{"path": "/sys/class/drm/cardN/device/hwmon/hwmonM/power1_cap", "microwatts": W}``. W is a
  whole number of watts in microwatts (amdgpu keeps whole watts and would drop the rest), and on the machine within
  that hwmon folder's ``power1_cap_min`` .. ``power1_cap_max``.
- ``set-perf-level``: ``{"path": "/sys/class/drm/cardN/device/power_dpm_force_performance_level", "level": L}``,
  L one of auto, high, low (not manual or the profile_* levels, which hand the clocks to other files).
- ``write-control-unit`` / ``remove-control-unit``: ``{"setting": "power-cap"|"perf-level", "slot": "0000:03:00.0"
  (, "value": W or L)}``: a oneshot systemd unit that writes the same value again at boot (the kernel resets both
  at every boot), enabled by its link in multi-user.target.wants; and its removal.  The unit's text is made here
  from the checked values only (``unit_text``), so the plan cannot put a line of its own into it.

Two looks, as for the other kinds: ``form_problem`` checks the shape of the values (``steps.validate`` calls it),
``machine_problem`` the machine itself: the file's folder, after every link is resolved, is a PCI device under
``/sys/devices`` that is AMD's (vendor 0x1002) and bound to amdgpu, the hwmon folder is that device's own and
amdgpu's, the file is a regular file (not a link), and a power cap is inside the range the kernel gives.  The helper
runs it when it validates the plan (a bad step refuses the whole plan, nothing changed) and the executor again right
before it writes, through the resolved path opened with O_NOFOLLOW.

Standard library only, and nothing from ``rocmdesk.setup``: the helper imports this, and ``steps`` and
``helper_allow`` call it.
"""

from __future__ import annotations

import errno
import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

AMD_VENDOR = "0x1002"
DRIVER = "amdgpu"
LEVELS = ("auto", "high", "low")
SETTINGS = ("power-cap", "perf-level")
KINDS = ("set-power-cap", "set-perf-level", "write-control-unit", "remove-control-unit")
MICRO = 1_000_000
MAX_WATTS = 2000  # no card amdgpu drives comes near; a sanity bound before the machine's own range
POWER_CAP_PATH = re.compile(r"/sys/class/drm/(card[0-9]{1,3})/device/hwmon/(hwmon[0-9]{1,4})/power1_cap")
PERF_LEVEL_PATH = re.compile(r"/sys/class/drm/(card[0-9]{1,3})/device/power_dpm_force_performance_level")
PCI_SLOT = re.compile(r"[0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.[0-7]")
UNIT_DIR = "/etc/systemd/system"
WANTS_DIR = f"{UNIT_DIR}/multi-user.target.wants"
MAX_READ = 4096


class ControlProblem(Exception):
    """The machine does not allow the step (the message says why, in English: the helper's language)."""


@dataclass(frozen=True)
class Target:
    """A checked sysfs file: its resolved path, the PCI device folder it belongs to, and the device's slot."""

    real: str  # the resolved path of the file (no link left in it)
    device: str  # the resolved PCI device folder
    slot: str  # the device folder's name, 0000:03:00.0


# -- form --------------------------------------------------------------------------------------------------------
def _keys(params: dict, want: set[str]) -> str | None:
    extra, missing = set(params) - want, want - set(params)
    if extra:
        return "unknown parameter(s): " + ", ".join(sorted(map(str, extra)))
    if missing:
        return "missing parameter(s): " + ", ".join(sorted(missing))
    return None


def watts_problem(value: Any) -> str | None:
    if type(value) is not int:
        return "microwatts must be a whole number"
    if value % MICRO:
        return f"microwatts {value} is not a whole number of watts (amdgpu keeps whole watts)"
    if not 1 <= value // MICRO <= MAX_WATTS:
        return f"{value // MICRO} W is outside 1..{MAX_WATTS} W"
    return None


def form_problem(kind: str, params: dict) -> str | None:
    """Why a control step's parameters are not of the allowed shape; None when they are."""
    if kind == "set-power-cap":
        problem = _keys(params, {"path", "microwatts"})
        if problem:
            return problem
        path = params["path"]
        if type(path) is not str or not POWER_CAP_PATH.fullmatch(path):
            return (f"path {path!r} is not a power1_cap file "
                    "(/sys/class/drm/cardN/device/hwmon/hwmonM/power1_cap)")
        return watts_problem(params["microwatts"])
    if kind == "set-perf-level":
        problem = _keys(params, {"path", "level"})
        if problem:
            return problem
        path = params["path"]
        if type(path) is not str or not PERF_LEVEL_PATH.fullmatch(path):
            return (f"path {path!r} is not a performance level file "
                    "(/sys/class/drm/cardN/device/power_dpm_force_performance_level)")
        return level_problem(params["level"])
    if kind in ("write-control-unit", "remove-control-unit"):
        want = {"setting", "slot", "value"} if kind == "write-control-unit" else {"setting", "slot"}
        problem = _keys(params, want)
        if problem:
            return problem
        setting, slot = params["setting"], params["slot"]
        if type(setting) is not str or setting not in SETTINGS:
            return f"setting {setting!r} is not one of {', '.join(SETTINGS)}"
        if type(slot) is not str or not PCI_SLOT.fullmatch(slot):
            return f"slot {slot!r} is not a PCI address like 0000:03:00.0"
        if kind == "write-control-unit":
            return watts_problem(params["value"]) if setting == "power-cap" else level_problem(params["value"])
        return None
    return f"{kind!r} is not a control step"


def level_problem(level: Any) -> str | None:
    if type(level) is not str or level not in LEVELS:
        return f"level {level!r} is not one of {', '.join(LEVELS)}"
    return None


# -- the machine ----------------------------------------------------------------------------------------------------
def _under(root: Path, p: str) -> str:
    return p if str(root) == "/" else str(root) + p


def _inside(path: str, folder: str) -> bool:
    return path.startswith(folder.rstrip("/") + "/")


def read_small(path: str) -> str | None:
    """A sysfs value, stripped: a regular file, not a link, read without blocking; None when it cannot be read."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        return os.read(fd, MAX_READ).decode("ascii", errors="replace").strip()
    except OSError:
        return None
    finally:
        os.close(fd)


def _int(text: str | None) -> int | None:
    return int(text) if text is not None and text.isdigit() else None


def amd_device(root: Path, link: str) -> str:
    """The resolved PCI device folder behind ``link`` (a machine path), checked to be an AMD GPU bound to amdgpu."""
    devices = os.path.realpath(_under(root, "/sys/devices"))
    device = os.path.realpath(_under(root, link))
    if not _inside(device, devices) or not os.path.isdir(device):
        raise ControlProblem(f"{link} does not lead to a device under /sys/devices")
    vendor = read_small(f"{device}/vendor")
    if vendor != AMD_VENDOR:
        raise ControlProblem(f"{link}: the device's vendor is {vendor or 'unknown'}, not AMD ({AMD_VENDOR})")
    driver = os.path.realpath(f"{device}/driver")
    if os.path.basename(driver) != DRIVER or not os.path.isdir(driver):
        raise ControlProblem(f"{link}: the device is not driven by {DRIVER}")
    if not PCI_SLOT.fullmatch(os.path.basename(device)):
        raise ControlProblem(f"{link}: the device is not a PCI function")
    return device


def _plain_file(path: str, shown: str) -> None:
    try:
        st = os.lstat(path)
    except OSError as exc:
        raise ControlProblem(f"{shown} is not there ({exc.strerror})") from None
    if not stat.S_ISREG(st.st_mode):
        raise ControlProblem(f"{shown} is not a plain file (a link or something else): refused")


def target(root: Path, kind: str, params: dict) -> Target:
    """Resolve and check a set-* step's file on the machine under ``root``; ``ControlProblem`` says why not."""
    shown = params["path"]
    if kind == "set-power-cap":
        m = POWER_CAP_PATH.fullmatch(shown)
        if m is None:
            raise ControlProblem(f"{shown} is not a power1_cap file")
        card, hwmon = m.groups()
        device = amd_device(root, f"/sys/class/drm/{card}/device")
        folder = os.path.realpath(_under(root, f"/sys/class/drm/{card}/device/hwmon/{hwmon}"))
        if folder != f"{device}/hwmon/{hwmon}" or not os.path.isdir(folder):
            raise ControlProblem(f"{shown}: {hwmon} is not the device's own hwmon folder")
        if read_small(f"{folder}/name") != DRIVER:
            raise ControlProblem(f"{shown}: {hwmon} is not amdgpu's sensor folder")
        real = f"{folder}/power1_cap"
    elif kind == "set-perf-level":
        m = PERF_LEVEL_PATH.fullmatch(shown)
        if m is None:
            raise ControlProblem(f"{shown} is not a performance level file")
        device = amd_device(root, f"/sys/class/drm/{m.group(1)}/device")
        real = f"{device}/power_dpm_force_performance_level"
    else:
        raise ControlProblem(f"{kind!r} writes no sysfs file")
    _plain_file(real, shown)
    return Target(real, device, os.path.basename(device))


def cap_range(folder: str) -> tuple[int, int]:
    """power1_cap_min and power1_cap_max of a resolved hwmon folder, in microwatts."""
    low, high = _int(read_small(f"{folder}/power1_cap_min")), _int(read_small(f"{folder}/power1_cap_max"))
    if low is None or not high:
        raise ControlProblem("the kernel gives no power cap range (power1_cap_min/power1_cap_max) for this GPU")
    return low, high


def check_cap(folder: str, microwatts: int) -> None:
    low, high = cap_range(folder)
    if not low <= microwatts <= high:
        raise ControlProblem(f"{microwatts // MICRO} W is outside this GPU's range "
                             f"{-(-low // MICRO)}..{high // MICRO} W (power1_cap_min..power1_cap_max)")


def slot_hwmon(root: Path, slot: str) -> str:
    """amdgpu's hwmon folder of the AMD GPU at ``slot`` (resolved)."""
    device = amd_device(root, f"/sys/bus/pci/devices/{slot}")
    try:
        names = sorted(os.listdir(f"{device}/hwmon"))
    except OSError:
        names = []
    for name in names:
        folder = f"{device}/hwmon/{name}"
        if re.fullmatch(r"hwmon[0-9]+", name) and not os.path.islink(folder) and read_small(f"{folder}/name") == DRIVER:
            return folder
    raise ControlProblem(f"the GPU at {slot} has no amdgpu hwmon folder")


def machine_problem(root: Path, kind: str, params: dict) -> str | None:
    """Why the machine under ``root`` does not allow this control step; None when it does."""
    try:
        if kind == "set-power-cap":
            t = target(root, kind, params)
            check_cap(os.path.dirname(t.real), params["microwatts"])
        elif kind == "set-perf-level":
            target(root, kind, params)
        elif kind == "write-control-unit":
            if params["setting"] == "power-cap":
                check_cap(slot_hwmon(root, params["slot"]), params["value"])
            else:
                amd_device(root, f"/sys/bus/pci/devices/{params['slot']}")
        elif kind != "remove-control-unit":  # removing rocmdesk's own unit needs no GPU (it may be gone)
            return f"{kind!r} is not a control step"
    except ControlProblem as exc:
        return str(exc)
    return None


def read_value(path: str) -> str | None:
    """What a resolved sysfs file holds now (a performance level file may add text after the value)."""
    text = read_small(path)
    return text.split()[0] if text else text


def write_value(path: str, value: str) -> None:
    """Write a value to a resolved sysfs file: no link followed, nothing created."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_TRUNC | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError as exc:
        raise ControlProblem(f"{path} cannot be opened for writing ({exc.strerror})") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise ControlProblem(f"{path} is not a plain file")
        os.write(fd, f"{value}\n".encode("ascii"))
    except OSError as exc:
        why = "the value is out of range" if exc.errno == errno.EINVAL else exc.strerror
        raise ControlProblem(f"the kernel refused {value} for {path} ({why})") from None
    finally:
        os.close(fd)


def wanted(kind: str, params: dict) -> str:
    return str(params["microwatts"]) if kind == "set-power-cap" else params["level"]


# -- the boot unit ------------------------------------------------------------------------------------------------
def unit_name(setting: str, slot: str) -> str:
    return f"rocmdesk-{setting}-{slot.replace(':', '-')}.service"


def unit_paths(setting: str, slot: str) -> tuple[str, str]:
    """The unit file and its enabling link (machine paths)."""
    name = unit_name(setting, slot)
    return f"{UNIT_DIR}/{name}", f"{WANTS_DIR}/{name}"


def unit_text(setting: str, slot: str, value: Any) -> str:
    """The unit that sets the value again at boot, made only from checked values (a slot, a number, a level).

    It waits for amdgpu by trying again (the GPU's hwmon folder appears when the driver has probed, which may
    be after the unit first starts), and the hwmon number is matched by a glob, because it can change between
    boots while the PCI address does not."""
    if form_problem("write-control-unit", {"setting": setting, "slot": slot, "value": value}):
        raise ControlProblem("unit values not checked")
    dev = f"/sys/bus/pci/devices/{slot}"
    if setting == "power-cap":
        what, target_file, written = f"power cap {value // MICRO} W", f"{dev}/hwmon/hwmon*/power1_cap", str(value)
    else:
        what, target_file, written = f"performance level {value}", f"{dev}/power_dpm_force_performance_level", value
    name = unit_name(setting, slot)
    return "\n".join([
        "# Written by rocmdesk's root helper (rocmdesk control ... --persist): the kernel resets this GPU setting",
        "# at every boot, and this sets it again. Remove it with rocmdesk control "
        f"{setting} --gpu N --unpersist, or delete",
        f"# this file and {WANTS_DIR}/{name}.",
        "[Unit]",
        f"Description=rocmdesk: {what} for the AMD GPU at {slot}",
        f"ConditionPathExists={dev}",
        "StartLimitIntervalSec=120",
        "StartLimitBurst=20",
        "",
        "[Service]",
        "Type=oneshot",
        f"ExecStart=/bin/sh -c 'echo {written} | tee {target_file} >/dev/null'",
        "Restart=on-failure",
        "RestartSec=3",
        "",
        "[Install]",
        "WantedBy=multi-user.target",
        "",
    ])


def unit_state(root: Path, setting: str, slot: str) -> tuple[bytes | None, bool]:
    """The unit file's bytes (None when absent or not a plain file) and whether its enabling link is there."""
    unit, link = unit_paths(setting, slot)
    data = None
    try:
        if stat.S_ISREG(os.lstat(_under(root, unit)).st_mode):
            data = Path(_under(root, unit)).read_bytes()
    except OSError:
        data = None
    return data, os.path.islink(_under(root, link))


def enable(root: Path, setting: str, slot: str) -> None:
    """What ``systemctl enable`` does for a unit WantedBy=multi-user.target: a link in its wants folder."""
    unit, link = unit_paths(setting, slot)
    folder = Path(_under(root, WANTS_DIR))
    folder.mkdir(mode=0o755, parents=True, exist_ok=True)
    if os.path.lexists(folder / os.path.basename(link)):
        os.unlink(folder / os.path.basename(link))
    os.symlink(unit, folder / os.path.basename(link))


def remove(root: Path, setting: str, slot: str) -> list[str]:
    """Take the unit and its link away (only these two names); the machine paths removed."""
    gone = []
    for p in reversed(unit_paths(setting, slot)):
        full = _under(root, p)
        if os.path.lexists(full):
            if os.path.isdir(full) and not os.path.islink(full):
                raise ControlProblem(f"{p} is a folder, not rocmdesk's unit: left alone")
            os.unlink(full)
            gone.append(p)
    return gone
