"""Which ROCm user space (a wheel's bundled one) runs on an amdgpu-dkms driver from another ROCm release."""

from __future__ import annotations

from functools import cache

from rocmdesk.knowledge._data import load_json
from rocmdesk.knowledge.version import InvalidVersion, Version


@cache
def _newer_major() -> tuple[tuple[tuple[int, ...], Version], ...]:
    rows = load_json("driver_compat.json")["newer_major"]
    return tuple((Version(r["userspace"]).release[:2], Version(r["driver_min"])) for r in rows)


def userspace_fits_driver(userspace: str | Version | None, driver_rocm: str | None) -> bool:
    """Does a ROCm ``userspace`` (e.g. a wheel's "7.2") run on an amdgpu-dkms driver that came with ROCm
    ``driver_rocm`` ("6.2.4")?  True when either is unknown (an in-box kernel driver is not judged here)."""
    if userspace is None or not driver_rocm:
        return True
    try:
        us = userspace if isinstance(userspace, Version) else Version(str(userspace))
        drv = Version(driver_rocm)
    except InvalidVersion:
        return True
    if us.major <= drv.major:
        return True
    return any(us.release[:2] == release and drv >= minimum for release, minimum in _newer_major())


def driver_sources() -> tuple[str, ...]:
    return tuple(load_json("driver_compat.json")["hang_sources"])
