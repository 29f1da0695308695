"""A fake sysfs for the GPU control steps: an AMD GPU on amdgpu (card1, 0000:03:00.0, hwmon3) and an Intel iGPU
(card0, 0000:00:02.0) that carries the same files, with relative links as the kernel makes them.

Used by tests/setup/test_helper_control.py (the helper's checks on a tree) and tests/e2e/test_control_pkexec.py (the
same tree bind-mounted on /sys for the real helper under pkexec)."""

from __future__ import annotations

import os
from pathlib import Path

AMD = "/sys/devices/pci0000:00/0000:00:01.1/0000:03:00.0"
INTEL = "/sys/devices/pci0000:00/0000:00:02.0"
CAP = "/sys/class/drm/card1/device/hwmon/hwmon3/power1_cap"
LEVEL = "/sys/class/drm/card1/device/power_dpm_force_performance_level"
INTEL_CAP = "/sys/class/drm/card0/device/hwmon/hwmon1/power1_cap"
INTEL_LEVEL = "/sys/class/drm/card0/device/power_dpm_force_performance_level"
SLOT = "0000:03:00.0"
W = 1_000_000


def write(root: Path, p: str, text: str) -> Path:
    full = root / p.lstrip("/")
    full.parent.mkdir(parents=True, exist_ok=True)
    full.write_text(text)
    return full


def link(root: Path, p: str, target: str) -> None:
    """A relative link at machine path ``p`` to machine path ``target``, as sysfs has them."""
    full = root / p.lstrip("/")
    full.parent.mkdir(parents=True, exist_ok=True)
    if full.is_symlink() or full.exists():
        full.unlink()
    full.symlink_to(os.path.relpath(root / target.lstrip("/"), full.parent))


def _gpu(root: Path, dev: str, card: str, hwmon: str, vendor: str, driver: str, slot: str) -> None:
    write(root, f"{dev}/vendor", f"{vendor}\n")
    write(root, f"{dev}/power_dpm_force_performance_level", "auto\n")
    hw = f"{dev}/hwmon/{hwmon}"
    write(root, f"{hw}/name", "amdgpu\n")  # the Intel's too: the vendor check must catch it
    write(root, f"{hw}/power1_cap", f"{200 * W}\n")
    write(root, f"{hw}/power1_cap_min", f"{100 * W}\n")
    write(root, f"{hw}/power1_cap_max", f"{250 * W}\n")
    write(root, f"{hw}/power1_cap_default", f"{200 * W}\n")
    (root / "sys/bus/pci/drivers" / driver).mkdir(parents=True, exist_ok=True)
    link(root, f"{dev}/driver", f"/sys/bus/pci/drivers/{driver}")
    link(root, f"{dev}/drm/{card}/device", dev)
    link(root, f"/sys/class/drm/{card}", f"{dev}/drm/{card}")
    link(root, f"/sys/bus/pci/devices/{slot}", dev)


def build(root: Path) -> Path:
    _gpu(root, AMD, "card1", "hwmon3", "0x1002", "amdgpu", SLOT)
    _gpu(root, INTEL, "card0", "hwmon1", "0x8086", "i915", "0000:00:02.0")
    return root


def read(root: Path, p: str) -> str:
    return (root / p.lstrip("/")).read_text().strip()


def real(root: Path, p: str) -> Path:
    """The file behind a /sys/class path of the tree."""
    return Path(os.path.realpath(root / p.lstrip("/")))
