"""What planning needs beyond the machine report, read through the Host seam.

Planning itself is pure; these small readers collect its extra inputs: free disk where packages land,
Secure Boot, and the apt files a plan would write (so a step already done is marked done).
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass, field

from rocmdesk.machine.host import Host

SECURE_BOOT_VAR = "/sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c"
APT_DIRS = ("/etc/apt/sources.list.d", "/etc/apt/preferences.d", "/etc/apt/keyrings")
_TEXT_LIMIT = 65536


@dataclass(frozen=True)
class DiskSpace:
    free_bytes: int
    device: int | None = None  # st_dev: paths on one filesystem share their free space


@dataclass
class SetupFacts:
    """Inputs to preflight and planning that are not in the ``MachineReport``."""

    disk: dict[str, DiskSpace] = field(default_factory=dict)  # machine path -> free space; absent: unknown
    secure_boot: bool | None = None
    files: dict[str, str] = field(default_factory=dict)  # apt files that exist -> their text ("" for keyrings)
    dirs_read: tuple[str, ...] = ()  # directories listed: a file missing from ``files`` there is absent

    def file_state(self, path: str) -> str | None | bool:
        """The file's text; False when known to be absent; None when it was not looked at."""
        if path in self.files:
            return self.files[path]
        return False if os.path.dirname(path) in self.dirs_read else None


def disk_free(host: Host, paths: list[str] | tuple[str, ...]) -> dict[str, DiskSpace]:
    """Free space for each machine path (the nearest existing parent is measured)."""
    out: dict[str, DiskSpace] = {}
    for p in paths:
        probe = p
        while probe != "/" and not host.is_dir(probe):
            probe = os.path.dirname(probe.rstrip("/")) or "/"
        real = host.path(probe)
        try:
            usage = shutil.disk_usage(real)
            device = os.stat(real).st_dev
        except OSError:
            continue
        out[p] = DiskSpace(int(usage.free), device)
    return out


def secure_boot(host: Host) -> bool | None:
    """True/False from the UEFI SecureBoot variable; False on a BIOS boot; None when it cannot be told."""
    data = host.read_bytes(SECURE_BOOT_VAR, limit=16)
    if data is not None:
        return data[4] == 1 if len(data) >= 5 else None
    if host.is_dir("/sys/firmware") and not host.exists("/sys/firmware/efi"):
        return False  # booted without UEFI, so without Secure Boot
    return None


def apt_files(host: Host) -> tuple[dict[str, str], tuple[str, ...]]:
    files: dict[str, str] = {}
    read: list[str] = []
    for d in APT_DIRS:
        if not host.is_dir(d):
            if host.is_dir("/etc/apt"):
                read.append(d)  # apt is there but the directory is not: nothing in it
            continue
        read.append(d)
        for path in host.glob(d, "*"):
            if d.endswith("keyrings"):
                files[path] = ""  # presence is what counts; the key is binary
            else:
                text = host.read_text(path, limit=_TEXT_LIMIT)
                if text is not None:
                    files[path] = text
    return files, tuple(read)


def read_facts(host: Host, measure_disk: bool | None = None, disk_paths: tuple[str, ...] | None = None) -> SetupFacts:
    """Everything above for one machine.  Disk is measured on the live machine unless asked otherwise
    (a captured tree's free space is this computer's, not the captured machine's)."""
    from rocmdesk.setup.recipe import disk_estimate

    files, dirs_read = apt_files(host)
    facts = SetupFacts(secure_boot=secure_boot(host), files=files, dirs_read=dirs_read)
    if measure_disk if measure_disk is not None else (host.live and not host.simulated):
        facts.disk = disk_free(host, disk_paths or tuple(disk_estimate()["where"]))
    return facts
