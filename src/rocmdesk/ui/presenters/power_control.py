"""What the Monitor page's power control shows for one GPU (issue 21): the power cap and its range, the performance
level, the value to go back to, and whether the kernel's reboot or a boot unit decides the value after a reboot.

A plain function over ``setup.control.GpuControls`` (read through the Host); the widget is
``ui/monitor/power_control.py``, the plan and the run are ``setup.control``'s.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication

from rocmdesk.setup.control import GpuControls
from rocmdesk.setup.helper_control import LEVELS, MICRO

translate = QCoreApplication.translate  # lupdate collects calls spelt translate("Context", "text")


@dataclass
class PowerControlView:
    available: bool  # there is a GPU whose power cap or level can be set
    message: str  # why not, or what the GPU is
    cap_w: int | None = None
    min_w: int | None = None  # the spin box's range: whole watts inside power1_cap_min..max
    max_w: int | None = None
    default_w: int | None = None
    level: str | None = None
    levels: tuple[str, ...] = LEVELS
    back_cap: str = ""  # "327 W": what Restore sets
    back_level: str = ""
    reboot: str = ""  # what happens at reboot


def _w(microwatts: int | None, up: bool = False) -> int | None:
    if microwatts is None:
        return None
    return -(-microwatts // MICRO) if up else microwatts // MICRO


def power_control_view(c: GpuControls | None, previous_cap: int | None = None, previous_level: str | None = None,
                       problem: str | None = None) -> PowerControlView:
    """The control's state for GPU ``c`` (None with ``problem``: why there is nothing to control)."""
    if c is None:
        return PowerControlView(False, problem or translate("PowerControl", "No GPU with power controls."))
    has_cap = c.cap is not None and bool(c.cap_max) and c.cap_min is not None
    if not has_cap and c.level_path is None:
        return PowerControlView(False, translate("PowerControl", "GPU {gpu} has no power cap or performance level "
                                                                 "rocmdesk can set.").format(gpu=c.gpu))
    back_cap = previous_cap if previous_cap is not None else c.cap_default
    units = sorted(c.units)
    if units:
        reboot = translate("PowerControl", "A systemd unit sets this again at every boot.")
    else:
        reboot = translate("PowerControl", "The kernel resets these at every reboot unless you keep them.")
    return PowerControlView(
        True, translate("PowerControl", "GPU {gpu}: {name} ({card}, {slot})").format(
            gpu=c.gpu, name=c.name or "?", card=c.card, slot=c.slot),
        cap_w=_w(c.cap) if has_cap else None, min_w=_w(c.cap_min, up=True) if has_cap else None,
        max_w=_w(c.cap_max) if has_cap else None, default_w=_w(c.cap_default),
        level=c.level, back_cap=f"{_w(back_cap)} W" if back_cap is not None and has_cap else "",
        back_level=previous_level or "auto", reboot=reboot)
