"""Simulated machines: sysfs-like trees that the project's real reader reads.

``rocmdesk --simulate NAME`` points the Host seam at a tree built here.  The trees
follow real sysfs (the LACT card snapshots, the k8s-device-plugin KFD trees, what
the kernel's amdgpu and KFD code create) closely enough that Debian's real
``rocm-smi`` runs against them, so a reader that passes on a tree is not merely
passing a test written by the same hand that wrote the tree.

Layout facts worth knowing when reading a tree (all are real-machine facts):
- ``/sys/class/drm/cardN`` and ``renderDN`` are relative symlinks into the PCI
  function's ``drm/`` folder; connectors (``card1-DP-1``) sit beside them.
- On kernels with simpledrm (Ubuntu 24.04) the first amdgpu card is ``card1``.
- gfx 9.4.3 (MI300) cards make 7 extra DRM devices each for compute partitions
  (``/sys/devices/platform/amdgpu_xcp.N``), so 8 cards use renderD128, 136, ... 184.
  Partition KFD nodes carry ``location_id | partition`` and share ``unique_id``.
- Device nodes are plain files; their intended owner, group and mode are in the
  metadata file ``.rocmdesk-sim.json`` (see ``sim_metadata``).

Metrics that move (busy, temperatures, power, clocks, fan, memory) are a pure
function of (machine, GPU index, time) -- ``gpu_metrics`` -- and ``write_metrics``
rewrites only those files, atomically.
"""

from __future__ import annotations

import datetime as _dt
import functools
import hashlib
import json
import math
import os
import shutil
import stat as stat_mod
import tempfile
from dataclasses import dataclass, field, replace
from pathlib import Path

from rocmdesk.i18n import QT_TRANSLATE_NOOP, translate
from rocmdesk.machine.host import Host
from rocmdesk.machine.simcache import (
    META_FILE,
    builder_version,
    default_cache_dir,
    host_from_meta,
    sim_metadata,
    usable,
)


# Bump when the layout changes on purpose; the source hash below catches the rest.

KiB = 1024
MiB = 1024 * KiB
GiB = 1024 * MiB

_AMD = 0x1002


# ---------------------------------------------------------------------------
# Records: what a simulated machine is made of
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class PciFn:
    """A PCI function that is not the GPU itself (bridge, audio, another vendor's GPU)."""

    slot: str
    vendor: int
    device: int
    pci_class: int
    driver: str | None = None
    subsystem: tuple[int, int] = (0, 0)
    revision: int = 0


@dataclass(frozen=True)
class SimGpu:
    """One AMD GPU (a PCI function bound to amdgpu) and how it behaves under load."""

    label: str  # marketing name, used in descriptions only
    kind: str  # dgpu | apu | instinct
    device_id: int
    revision: int
    subsystem: tuple[int, int]
    pci_class: int
    slot: str
    bridges: tuple[PciFn, ...]  # from the root complex down to the GPU, excluding it
    card: int
    render_minor: int
    hwmon: int
    gfx_target_version: int  # KFD encoding: major*10000 + minor*100 + stepping
    gc_ip: tuple[int, int, int] | None  # ip_discovery GC version; None: kernel without it
    vram_total: int
    gtt_total: int
    vbios: str
    simd_count: int
    simd_per_cu: int = 2
    wave_front_size: int = 32
    array_count: int = 4
    cu_per_simd_array: int = 10
    max_waves_per_simd: int = 16
    gc_instances: int = 1
    kfd_name: str = "ip discovery"
    num_xcc: int | None = 1  # None: kernel older than 6.5 has no num_xcc line
    partitions: int = 1  # KFD nodes for this card (compute partitions)
    xcp_devices: int = 0  # extra DRM devices per card for partitions (gc 9.4.3: 7)
    vis_vram_total: int | None = None  # None: the whole VRAM is CPU-visible (resizable BAR)
    vram_vendor: str | None = "samsung"
    unique_id: int | None = None
    hive_id: int = 0
    audio: PciFn | None = None  # the HDMI/DP audio function beside it
    connectors: tuple[tuple[str, str], ...] = ()  # (connector, status)
    boot_vga: bool = False
    link_speed: str = "16.0 GT/s PCIe"
    link_width: int = 16
    numa_node: int = -1
    power_files: tuple[str, ...] = ("average",)  # which of power1_average / power1_input exist
    power_label: str = "PPT"
    power_cap_w: int = 0
    power_cap_max_w: int = 0
    power_cap_min_w: int = 0
    temps: tuple[tuple[str, int | None, int | None], ...] = (
        ("edge", 100, 105),
        ("junction", 110, 115),
        ("mem", 100, 105),
    )  # (label, crit C, emergency C); the hwmon index is the position + 1
    temp_index_base: int = 1  # MI300 has no edge sensor: its temps start at temp2
    fan_max_rpm: int | None = 3300
    voltages: tuple[str, ...] = ("vddgfx",)
    sclk: tuple[int, int] = (500, 2500)  # MHz min, max
    sclk_style: str = "fine"  # fine (RDNA/APU: min, current, max) | mi300 (with an S: deep-sleep line)
    mclk_levels: tuple[int, ...] = (96, 456, 772, 1249)
    mclk_in_hwmon: bool = True  # freq2 (mclk); APUs have none
    socclk_levels: tuple[int, ...] = (500, 1200)
    fclk_levels: tuple[int, ...] = (400, 1940)
    pcie_levels: str = ""  # pp_dpm_pcie text; empty: no file
    mem_busy: bool = True  # APUs have no mem_busy_percent
    compute_partition: str | None = None  # current_compute_partition (gc 9.4.3)
    memory_partition: str | None = None
    serial_number: str | None = None
    product_name: str | None = None
    runtime_status: str = "active"
    # load model
    profile: str = "training"  # training | desktop | idle
    phase_s: float = 0.0
    idle_w: float = 12.0
    load_w: float = 300.0
    idle_edge_c: float = 38.0
    load_edge_c: float = 72.0
    hotspot_idle_c: float = 4.0
    hotspot_load_c: float = 18.0
    mem_idle_c: float = 46.0
    mem_load_c: float = 80.0
    vram_idle_used: int = 600 * MiB
    vram_job_used: int = 16 * GiB
    gtt_idle_used: int = 24 * MiB
    gtt_job_used: int = 256 * MiB

    @property
    def gfx(self) -> str:
        v = self.gfx_target_version
        return f"gfx{v // 10000}{(v // 100) % 100:x}{v % 100:x}"


@dataclass(frozen=True)
class OtherGpu:
    """A display device of another vendor (Intel iGPU, a server's BMC VGA): the reader must skip it."""

    pci: PciFn
    bridges: tuple[PciFn, ...]
    card: int
    render_minor: int | None
    connectors: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class SimCpu:
    model_name: str
    threads: int  # logical CPUs on this socket (KFD cpu_cores_count)
    mem_bytes: int  # memory on this NUMA node (KFD CPU mem bank)
    max_mhz: int = 5000


@dataclass(frozen=True)
class DeviceMode:
    owner: str
    group: str
    bits: int  # permission bits, e.g. 0o660


@dataclass(frozen=True)
class SimMachine:
    name: str
    about: str  # English, as the tree's metadata keeps it; people read ``description``
    os_release: str
    kernel: str
    proc_version: str
    hostname: str
    user: str
    uid: int
    gecos: str
    groups: tuple[tuple[str, int], ...]  # /etc/group entries (name, gid)
    user_groups: tuple[str, ...]  # groups the user is configured in (/etc/group)
    session_groups: tuple[str, ...]  # what the running session has
    cpus: tuple[SimCpu, ...]
    # in KFD node order (the runtime's device order: HIP device 0 is the first); DRM card numbers are per GPU
    # (SimGpu.card) and need not follow this order
    gpus: tuple[SimGpu, ...] = ()
    others: tuple[OtherGpu, ...] = ()
    amdgpu_loaded: bool = True
    amdgpu_module_version: str | None = None  # set for an out-of-tree (DKMS) driver
    kfd: bool = True
    rocm: tuple[tuple[str, str], ...] = ()  # (version, build) trees in /opt; the first is /opt/rocm
    rocm_leftovers: tuple[str, ...] = ()  # /opt folders an uninstall left behind
    amdgpu_ids_rocm: bool = False  # ROCm's own newer copy in /opt/amdgpu/share/libdrm
    apt_files: tuple[tuple[str, str], ...] = ()  # (machine path, text)
    packages: tuple[tuple[str, str, str], ...] = ()  # (package, status, version)
    amdgpu_ids: tuple[tuple[str, str, str], ...] | None = None  # the system libdrm table
    env: dict[str, str] = field(default_factory=dict)
    kfd_mode: DeviceMode = DeviceMode("root", "render", 0o660)
    render_mode: DeviceMode = DeviceMode("root", "render", 0o660)
    card_mode: DeviceMode = DeviceMode("root", "video", 0o660)
    dmi: tuple[tuple[str, str], ...] = ()
    extra_modules: tuple[str, ...] = ()
    lang: str = "en_US.UTF-8"
    kernel_args: tuple[str, ...] = ()  # beyond the usual ones in /proc/cmdline

    @property
    def description(self) -> str:
        """One line about the machine, in the current language (``rocmdesk simulate list``, the app's chooser)."""
        return translate("rocmdesk.machine.simulate", self.about)

    @property
    def mem_total_kib(self) -> int:
        carve = sum(g.vram_total for g in self.gpus if g.kind == "apu")
        return (sum(c.mem_bytes for c in self.cpus) - carve) // KiB * 97 // 100


# ---------------------------------------------------------------------------
# Distribution pieces
# ---------------------------------------------------------------------------

_UBUNTU_2404 = """PRETTY_NAME="Ubuntu 24.04.1 LTS"
NAME="Ubuntu"
VERSION_ID="24.04"
VERSION="24.04.1 LTS (Noble Numbat)"
VERSION_CODENAME=noble
ID=ubuntu
ID_LIKE=debian
HOME_URL="https://www.ubuntu.com/"
SUPPORT_URL="https://help.ubuntu.com/"
BUG_REPORT_URL="https://bugs.launchpad.net/ubuntu/"
PRIVACY_POLICY_URL="https://www.ubuntu.com/legal/terms-and-policies/privacy-policy"
UBUNTU_CODENAME=noble
LOGO=ubuntu-logo
"""

_UBUNTU_2204 = """PRETTY_NAME="Ubuntu 22.04.5 LTS"
NAME="Ubuntu"
VERSION_ID="22.04"
VERSION="22.04.5 LTS (Jammy Jellyfish)"
VERSION_CODENAME=jammy
ID=ubuntu
ID_LIKE=debian
HOME_URL="https://www.ubuntu.com/"
SUPPORT_URL="https://help.ubuntu.com/"
BUG_REPORT_URL="https://bugs.launchpad.net/ubuntu/"
PRIVACY_POLICY_URL="https://www.ubuntu.com/legal/terms-and-policies/privacy-policy"
UBUNTU_CODENAME=jammy
"""

# Debian really has no ID_LIKE
_DEBIAN_12 = """PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"
NAME="Debian GNU/Linux"
VERSION_ID="12"
VERSION="12 (bookworm)"
VERSION_CODENAME=bookworm
ID=debian
HOME_URL="https://www.debian.org/"
SUPPORT_URL="https://www.debian.org/support"
BUG_REPORT_URL="https://bugs.debian.org/"
"""

_NOBLE_KERNEL = "6.8.0-48-generic"
_NOBLE_VERSION = (
    "Linux version 6.8.0-48-generic (buildd@lcy02-amd64-010) (x86_64-linux-gnu-gcc-13 "
    "(Ubuntu 13.2.0-23ubuntu4) 13.2.0, GNU ld (GNU Binutils for Ubuntu) 2.42) "
    "#48-Ubuntu SMP PREEMPT_DYNAMIC Fri Sep 27 14:04:52 UTC 2024"
)
# 24.04.3 installs the 6.14 HWE kernel; 6.8 has no RDNA4 (GC 12) support
_UBUNTU_2404_3 = _UBUNTU_2404.replace("24.04.1 LTS", "24.04.3 LTS")
_NOBLE_HWE_KERNEL = "6.14.0-27-generic"
_NOBLE_HWE_VERSION = (
    "Linux version 6.14.0-27-generic (buildd@lcy02-amd64-095) (x86_64-linux-gnu-gcc-13 "
    "(Ubuntu 13.3.0-6ubuntu2~24.04) 13.3.0, GNU ld (GNU Binutils for Ubuntu) 2.42) "
    "#27~24.04.1-Ubuntu SMP PREEMPT_DYNAMIC Tue Jul 22 17:38:49 UTC 2025"
)
_JAMMY_KERNEL = "5.15.0-125-generic"
_JAMMY_VERSION = (
    "Linux version 5.15.0-125-generic (buildd@lcy02-amd64-043) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) "
    "11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #135-Ubuntu SMP Fri Sep 27 13:53:58 UTC 2024"
)
_JAMMY_HWE_KERNEL = "6.8.0-60-generic"
_JAMMY_HWE_VERSION = (
    "Linux version 6.8.0-60-generic (buildd@lcy02-amd64-054) (x86_64-linux-gnu-gcc-12 "
    "(Ubuntu 12.3.0-1ubuntu1~22.04) 12.3.0, GNU ld (GNU Binutils for Ubuntu) 2.38) "
    "#63~22.04.1-Ubuntu SMP PREEMPT_DYNAMIC Tue Apr 22 19:00:15 UTC 2"
)
_BOOKWORM_KERNEL = "6.1.0-26-amd64"
_BOOKWORM_VERSION = (
    "Linux version 6.1.0-26-amd64 (debian-kernel@lists.debian.org) (gcc-12 (Debian 12.2.0-14) "
    "12.2.0, GNU ld (GNU Binutils for Debian) 2.40) #1 SMP PREEMPT_DYNAMIC Debian 6.1.112-1 (2024-09-30)"
)


def _ubuntu_groups(render_gid: int, extra: tuple[tuple[str, int], ...] = ()) -> tuple[tuple[str, int], ...]:
    base = (
        ("root", 0), ("daemon", 1), ("bin", 2), ("sys", 3), ("adm", 4), ("tty", 5), ("disk", 6),
        ("lp", 7), ("mail", 8), ("news", 9), ("uucp", 10), ("man", 12), ("proxy", 13), ("kmem", 15),
        ("dialout", 20), ("fax", 21), ("voice", 22), ("cdrom", 24), ("floppy", 25), ("tape", 26),
        ("sudo", 27), ("audio", 29), ("dip", 30), ("www-data", 33), ("backup", 34), ("operator", 37),
        ("list", 38), ("irc", 39), ("src", 40), ("shadow", 42), ("utmp", 43), ("video", 44),
        ("sasl", 45), ("plugdev", 46), ("staff", 50), ("games", 60), ("users", 100),
        ("nogroup", 65534), ("systemd-journal", 999), ("systemd-network", 998), ("render", render_gid),
        ("lpadmin", 114), ("sambashare", 122),
    )
    return base + extra


def _debian_groups() -> tuple[tuple[str, int], ...]:
    return (
        ("root", 0), ("daemon", 1), ("bin", 2), ("sys", 3), ("adm", 4), ("tty", 5), ("disk", 6),
        ("lp", 7), ("mail", 8), ("news", 9), ("uucp", 10), ("man", 12), ("proxy", 13), ("kmem", 15),
        ("dialout", 20), ("fax", 21), ("voice", 22), ("cdrom", 24), ("floppy", 25), ("tape", 26),
        ("sudo", 27), ("audio", 29), ("dip", 30), ("www-data", 33), ("backup", 34), ("operator", 37),
        ("list", 38), ("irc", 39), ("src", 40), ("shadow", 42), ("utmp", 43), ("video", 44),
        ("sasl", 45), ("plugdev", 46), ("staff", 50), ("games", 60), ("users", 100),
        ("nogroup", 65534), ("systemd-journal", 999), ("input", 105), ("kvm", 106), ("render", 107),
        ("netdev", 109), ("bluetooth", 112), ("lpadmin", 113), ("scanner", 115),
    )


_UBUNTU_SOURCES_NOBLE = (
    "/etc/apt/sources.list.d/ubuntu.sources",
    "Types: deb\nURIs: http://archive.ubuntu.com/ubuntu/\nSuites: noble noble-updates noble-backports\n"
    "Components: main restricted universe multiverse\nSigned-By: /usr/share/keyrings/ubuntu-archive-keyring.gpg\n\n"
    "Types: deb\nURIs: http://security.ubuntu.com/ubuntu/\nSuites: noble-security\n"
    "Components: main restricted universe multiverse\nSigned-By: /usr/share/keyrings/ubuntu-archive-keyring.gpg\n",
)
_UBUNTU_SOURCES_JAMMY = (
    "/etc/apt/sources.list",
    "deb http://archive.ubuntu.com/ubuntu/ jammy main restricted universe multiverse\n"
    "deb http://archive.ubuntu.com/ubuntu/ jammy-updates main restricted universe multiverse\n"
    "deb http://archive.ubuntu.com/ubuntu/ jammy-backports main restricted universe multiverse\n"
    "deb http://security.ubuntu.com/ubuntu/ jammy-security main restricted universe multiverse\n",
)
_DEBIAN_SOURCES = (
    "/etc/apt/sources.list",
    "deb http://deb.debian.org/debian/ bookworm main non-free-firmware\n"
    "deb http://security.debian.org/debian-security bookworm-security main non-free-firmware\n"
    "deb http://deb.debian.org/debian/ bookworm-updates main non-free-firmware\n",
)


def _rocm_lists(version_dir: str, codename: str) -> tuple[tuple[str, str], ...]:
    """AMD's apt lists as amdgpu-install writes them (legacy stream, 5.7 to 6.4)."""
    signed = "[arch=amd64 signed-by=/etc/apt/keyrings/rocm.gpg]"
    return (
        ("/etc/apt/sources.list.d/amdgpu.list",
         f"deb {signed} https://repo.radeon.com/amdgpu/{version_dir}/ubuntu {codename} main\n"
         f"#deb-src {signed} https://repo.radeon.com/amdgpu/{version_dir}/ubuntu {codename} main\n"),
        ("/etc/apt/sources.list.d/rocm.list",
         f"deb {signed} https://repo.radeon.com/rocm/apt/{version_dir} {codename} main\n"
         f"deb {signed} https://repo.radeon.com/graphics/{version_dir}/ubuntu {codename} main\n"),
        ("/etc/apt/preferences.d/rocm-pin-600", "Package: *\nPin: release o=repo.radeon.com\nPin-Priority: 600\n"),
        ("/etc/apt/keyrings/rocm.gpg", "simulated keyring placeholder (not a real OpenPGP key)\n"),
    )


_OK = "install ok installed"
_RC = "deinstall ok config-files"

# libdrm amdgpu.ids excerpts in the real format; the point is which rows each era has
_IDS_COMMON = (
    ("67DF", "C7", "AMD Radeon RX 480 Graphics"),
    ("67DF", "E7", "AMD Radeon RX 580 Series"),
    ("6FDF", "EF", "AMD Radeon RX 580 2048SP"),
    ("731F", "C1", "AMD Radeon RX 5700 XT"),
    ("73BF", "C1", "AMD Radeon RX 6800 XT"),
    ("73DF", "C1", "AMD Radeon RX 6700 XT"),
    ("73FF", "C1", "AMD Radeon RX 6600 XT"),
    ("73FF", "C7", "AMD Radeon RX 6600"),
    ("740F", "02", "AMD Instinct MI210"),
)
_IDS_2022 = _IDS_COMMON  # libdrm 2.4.113/2.4.114: before RDNA3 and MI300
_IDS_2024 = _IDS_COMMON + (
    ("15BF", "C1", "AMD Radeon 780M Graphics"),
    ("15BF", "C2", "AMD Radeon 780M Graphics"),
    ("164E", "C1", "AMD Radeon Graphics"),
    ("744C", "C8", "AMD Radeon RX 7900 XTX"),
    ("744C", "CC", "AMD Radeon RX 7900 XT"),
    ("747E", "C8", "AMD Radeon RX 7800 XT"),
    ("7480", "C0", "AMD Radeon RX 7600 XT"),
)
_IDS_2025 = _IDS_2024 + (
    ("74A1", "00", "AMD Instinct MI300X"),
    ("74A2", "00", "AMD Instinct MI308X"),
)


def _amdgpu_ids_text(rows: tuple[tuple[str, str, str], ...]) -> str:
    head = (
        "# List of AMDGPU IDs\n#\n# Syntax:\n"
        "# device_id,\trevision_id,\tproduct_name        <-- single tab after comma\n\n1.0.0\n"
    )
    return head + "".join(f"{d},\t{r},\t{n}\n" for d, r, n in sorted(rows))


# ---------------------------------------------------------------------------
# The catalogue
# ---------------------------------------------------------------------------


def _navi_bridges(root_port: str, root_dev: int, up_bus: int) -> tuple[PciFn, ...]:
    """Navi cards sit behind their own PCIe switch (upstream 1478, downstream 1479)."""
    return (
        PciFn(root_port, 0x1022, root_dev, 0x060400, "pcieport"),
        PciFn(f"0000:{up_bus:02x}:00.0", _AMD, 0x1478, 0x060400, "pcieport", revision=0x10),
        PciFn(f"0000:{up_bus + 1:02x}:00.0", _AMD, 0x1479, 0x060400, "pcieport", revision=0x10),
    )


def _rx7900xtx(card: int, render: int, hwmon: int, *, kernel_new: bool, slot_bus: int = 3,
               root_port: str = "0000:00:01.1", root_dev: int = 0x14db, boot_vga: bool = True) -> SimGpu:
    slot = f"0000:{slot_bus:02x}:00.0"
    return SimGpu(
        label="Radeon RX 7900 XTX", kind="dgpu", device_id=0x744C, revision=0xC8, subsystem=(0x1DA2, 0x471E),
        pci_class=0x030000, slot=slot, bridges=_navi_bridges(root_port, root_dev, slot_bus - 2),
        card=card, render_minor=render, hwmon=hwmon, gfx_target_version=110000, gc_ip=(11, 0, 0),
        vram_total=25753026560, gtt_total=32 * GiB - 4 * MiB, vbios="113-D7020100-102",
        simd_count=192, array_count=12, cu_per_simd_array=8, max_waves_per_simd=16,
        num_xcc=1 if kernel_new else None,
        audio=PciFn(f"0000:{slot_bus:02x}:00.1", _AMD, 0xAB30, 0x040300, "snd_hda_intel", (0x1DA2, 0x471E)),
        connectors=(("DP-1", "connected"), ("DP-2", "disconnected"), ("DP-3", "disconnected"),
                    ("HDMI-A-1", "disconnected")),
        boot_vga=boot_vga,
        pcie_levels="0: 2.5GT/s, x1 97Mhz \n1: 16.0GT/s, x16 619Mhz *\n",
        power_cap_w=327, power_cap_max_w=360, power_cap_min_w=294,
        temps=(("edge", 100, 105), ("junction", 110, 115), ("mem", 108, 113)),
        sclk=(500, 2526), mclk_levels=(96, 456, 772, 1249), socclk_levels=(500, 1200),
        fclk_levels=(500, 1940), idle_w=19.0, load_w=318.0, idle_edge_c=37.0, load_edge_c=68.0,
        hotspot_idle_c=3.0, hotspot_load_c=22.0, mem_idle_c=52.0, mem_load_c=86.0,
        vram_idle_used=760 * MiB, vram_job_used=19 * GiB,
    )


def _machines() -> tuple[SimMachine, ...]:
    noble_pkgs = (
        ("base-files", _OK, "13ubuntu10.1"),
        ("libdrm-common", _OK, "2.4.120-2build1"),
        ("libdrm-amdgpu1", _OK, "2.4.120-2build1"),
        ("linux-firmware", _OK, "20240318.git3b128b60-0ubuntu2.4"),
        (f"linux-image-{_NOBLE_KERNEL}", _OK, "6.8.0-48.48"),
        ("python3", _OK, "3.12.3-0ubuntu2"),
    )
    jammy_pkgs = (
        ("base-files", _OK, "12ubuntu4.7"),
        ("libdrm-common", _OK, "2.4.113-2~ubuntu0.22.04.1"),
        ("libdrm-amdgpu1", _OK, "2.4.113-2~ubuntu0.22.04.1"),
        ("linux-firmware", _OK, "20220329.git681281e4-0ubuntu3.36"),
        ("python3", _OK, "3.10.6-1~22.04.1"),
    )
    bookworm_pkgs = (
        ("base-files", _OK, "12.4+deb12u7"),
        ("libdrm-common", _OK, "2.4.114-1"),
        ("libdrm-amdgpu1", _OK, "2.4.114-1+b1"),
        (f"linux-image-{_BOOKWORM_KERNEL}", _OK, "6.1.112-1"),
        ("python3", _OK, "3.11.2-1+b1"),
    )
    desk_groups = ("adm", "cdrom", "sudo", "dip", "plugdev", "users", "lpadmin")

    # --- RX 7900 XTX on Ubuntu 24.04, nothing installed yet -----------------------------
    xtx_noble = SimMachine(
        name="rx7900xtx-ubuntu2404",
        about=QT_TRANSLATE_NOOP(
            "rocmdesk.machine.simulate",
            "Ubuntu 24.04 desktop with a Radeon RX 7900 XTX (gfx1100), no ROCm installed, user in render and "
            "video"),
        os_release=_UBUNTU_2404, kernel=_NOBLE_KERNEL, proc_version=_NOBLE_VERSION, hostname="forge",
        user="alex", uid=1000, gecos="Alex Moreau",
        groups=_ubuntu_groups(993), user_groups=desk_groups + ("video", "render"),
        session_groups=("alex",) + desk_groups + ("video", "render"),
        cpus=(SimCpu("AMD Ryzen 7 7800X3D 8-Core Processor", 16, 64 * GiB, 5050),),
        # simpledrm held card0 until amdgpu took over, so the card is card1
        gpus=(_rx7900xtx(1, 128, 3, kernel_new=True),),
        apt_files=(_UBUNTU_SOURCES_NOBLE,),
        packages=noble_pkgs + (("firmware-sof-signed", _OK, "2023.12.1-1ubuntu1"),),
        amdgpu_ids=_IDS_2024,
        dmi=(("sys_vendor", "Micro-Star International Co., Ltd."), ("product_name", "MS-7E26"),
             ("chassis_type", "3")),
    )

    # --- RX 6600 XT on Ubuntu 22.04: ROCm 6.2.4 + 5.7.1 leftovers, relogin pending ----------
    rx6600_bridges = _navi_bridges("0000:00:03.1", 0x1483, 0x09)
    rx6600 = SimGpu(
        label="Radeon RX 6600 XT", kind="dgpu", device_id=0x73FF, revision=0xC1, subsystem=(0x1EAE, 0x6505),
        pci_class=0x030000, slot="0000:0b:00.0", bridges=rx6600_bridges, card=0, render_minor=128, hwmon=2,
        gfx_target_version=100302, gc_ip=(10, 3, 2), vram_total=8573157376, gtt_total=16 * GiB - 4 * MiB,
        vbios="113-23L86HMD2-D02", simd_count=64, array_count=4, cu_per_simd_array=8,
        kfd_name="dimgrey_cavefish",  # Navi23 has its own asic type, so KFD names it
        vis_vram_total=256 * MiB,  # no resizable BAR on this board
        vram_vendor="hynix",
        audio=PciFn("0000:0b:00.1", _AMD, 0xAB28, 0x040300, "snd_hda_intel", (0x1EAE, 0x6505)),
        connectors=(("DP-1", "connected"), ("DP-2", "disconnected"), ("DP-3", "disconnected"),
                    ("HDMI-A-1", "connected")),
        boot_vga=True, link_speed="16.0 GT/s PCIe", link_width=8,
        pcie_levels="0: 2.5GT/s, x1 81Mhz \n1: 16.0GT/s, x8 619Mhz *\n",
        power_cap_w=130, power_cap_max_w=143, power_cap_min_w=117,
        temps=(("edge", 100, 105), ("junction", 110, 115), ("mem", 100, 105)),
        sclk=(500, 2589), mclk_levels=(96, 541, 675, 1000), socclk_levels=(417, 640, 1200),
        fclk_levels=(400, 1430), profile="desktop", idle_w=6.0, load_w=128.0,
        idle_edge_c=35.0, load_edge_c=71.0, hotspot_idle_c=1.0, hotspot_load_c=16.0,
        mem_idle_c=38.0, mem_load_c=76.0, vram_idle_used=410 * MiB, vram_job_used=5 * GiB,
    )
    jammy_624_pkgs = (
        (f"linux-image-{_JAMMY_KERNEL}", _OK, "5.15.0-125.135"),
        ("amdgpu-install", _OK, "6.2.60204-2070768.22.04"),
        ("amdgpu-dkms", _OK, "1:6.8.5.60204-2070768.22.04"),
        ("amdgpu-dkms-firmware", _OK, "1:6.8.5.60204-2070768.22.04"),
        ("rocm-core", _OK, "6.2.4.60204-139~22.04"),
        ("hsa-rocr", _OK, "1.14.0.60204-139~22.04"),
        ("rocminfo", _OK, "1.0.0.60204-139~22.04"),
        ("rocm-smi-lib", _OK, "7.3.0.60204-139~22.04"),
        ("hip-runtime-amd", _OK, "6.2.41134.60204-139~22.04"),
    )
    dkms_624_modules = ("amddrm_ttm_helper 12288 1 amdgpu, Live 0x0000000000000000 (OE)",
                        "amdttm 110592 2 amdgpu,amddrm_ttm_helper, Live 0x0000000000000000 (OE)",
                        "amdxcp 12288 1 amdgpu, Live 0x0000000000000000 (OE)",
                        "amddrm_buddy 20480 1 amdgpu, Live 0x0000000000000000 (OE)",
                        "amdkcl 32768 3 amdgpu,amdttm,amddrm_buddy, Live 0x0000000000000000 (OE)")
    rx6600_machine = SimMachine(
        name="rx6600xt-ubuntu2204",
        about=QT_TRANSLATE_NOOP(
            "rocmdesk.machine.simulate",
            "Ubuntu 22.04 desktop with a Radeon RX 6600 XT (gfx1032, needs an override), ROCm 6.2.4 plus 5.7.1 "
            "leftovers; user just added to render and video but not logged in again"),
        os_release=_UBUNTU_2204, kernel=_JAMMY_KERNEL, proc_version=_JAMMY_VERSION, hostname="wei-desktop",
        user="wei", uid=1000, gecos="Wei Zhang",
        groups=_ubuntu_groups(110, (("lxd", 135),)),
        user_groups=("adm", "cdrom", "sudo", "dip", "plugdev", "lpadmin", "lxd", "sambashare", "render", "video"),
        # `usermod -a -G render,video wei` ran in this session; it only counts after a new login
        session_groups=("wei", "adm", "cdrom", "sudo", "dip", "plugdev", "lpadmin", "lxd", "sambashare"),
        cpus=(SimCpu("AMD Ryzen 5 5600X 6-Core Processor", 12, 32 * GiB, 4650),),
        gpus=(rx6600,),
        amdgpu_module_version="6.8.5",  # amdgpu-dkms from ROCm 6.2.4
        rocm=(("6.2.4", "139"),), rocm_leftovers=("/opt/rocm-5.7.1",), amdgpu_ids_rocm=True,
        apt_files=(_UBUNTU_SOURCES_JAMMY,) + _rocm_lists("6.2.4", "jammy"),
        packages=jammy_pkgs + jammy_624_pkgs + (
            ("rocm-core5.7.1", _RC, "5.7.1.50701-98~22.04"),
            ("rocm-hip-runtime5.7.1", _RC, "5.7.1.50701-98~22.04"),
        ),
        amdgpu_ids=_IDS_2022, lang="zh_CN.UTF-8",
        extra_modules=dkms_624_modules,
        dmi=(("sys_vendor", "ASUSTeK COMPUTER INC."), ("product_name", "System Product Name"),
             ("chassis_type", "3")),
    )

    # --- Radeon 780M laptop -----------------------------------------------------------------
    ram_780m = 32 * GiB
    apu780 = SimGpu(
        label="Radeon 780M", kind="apu", device_id=0x15BF, revision=0xC1, subsystem=(0x1043, 0x1E02),
        pci_class=0x030000, slot="0000:c4:00.0",
        bridges=(PciFn("0000:00:08.1", 0x1022, 0x14EB, 0x060400, "pcieport"),),
        card=1, render_minor=128, hwmon=5, gfx_target_version=110003, gc_ip=(11, 0, 1),
        vram_total=512 * MiB, gtt_total=(ram_780m - 512 * MiB) // 2 // (4 * KiB) * (4 * KiB),
        vbios="113-PHXGENERIC-001", simd_count=24, array_count=2, cu_per_simd_array=6,
        vram_vendor=None, audio=PciFn("0000:c4:00.1", _AMD, 0x1640, 0x040300, "snd_hda_intel", (0x1043, 0x1E02)),
        connectors=(("eDP-1", "connected"), ("DP-1", "disconnected"), ("DP-2", "disconnected"),
                    ("HDMI-A-1", "disconnected")),
        boot_vga=True, link_speed="16.0 GT/s PCIe", link_width=16,
        power_files=("average", "input"),  # no power1_cap: the kernel hides it on APUs but Van Gogh
        temps=(("edge", None, None),), fan_max_rpm=None, voltages=("vddgfx", "vddnb"),
        sclk=(800, 2700), mclk_levels=(400, 800, 1600, 3200), mclk_in_hwmon=False,
        socclk_levels=(400, 600, 800, 1000, 1200), fclk_levels=(400, 1000, 1600, 2000),
        mem_busy=False, profile="desktop", idle_w=3.0, load_w=26.0, idle_edge_c=42.0, load_edge_c=78.0,
        vram_idle_used=180 * MiB, vram_job_used=300 * MiB, gtt_idle_used=420 * MiB, gtt_job_used=7 * GiB,
    )
    laptop = SimMachine(
        name="radeon780m-laptop",
        about=QT_TRANSLATE_NOOP(
            "rocmdesk.machine.simulate",
            "Ubuntu 24.04 laptop, Ryzen 7 7840U with a Radeon 780M iGPU (gfx1103, 512 MiB carve-out), "
            "HSA_OVERRIDE_GFX_VERSION=11.0.0 set, no ROCm installed"),
        os_release=_UBUNTU_2404, kernel=_NOBLE_KERNEL, proc_version=_NOBLE_VERSION, hostname="xm-zenbook",
        user="xiaoming", uid=1000, gecos="Li Xiaoming",
        groups=_ubuntu_groups(993), user_groups=desk_groups + ("video", "render"),
        session_groups=("xiaoming",) + desk_groups + ("video", "render"),
        cpus=(SimCpu("AMD Ryzen 7 7840U w/ Radeon  780M Graphics", 16, ram_780m, 5132),),
        gpus=(apu780,), apt_files=(_UBUNTU_SOURCES_NOBLE,), packages=noble_pkgs, amdgpu_ids=_IDS_2024,
        env={"HSA_OVERRIDE_GFX_VERSION": "11.0.0"}, lang="zh_CN.UTF-8",
        dmi=(("sys_vendor", "ASUSTeK COMPUTER INC."), ("product_name", "Zenbook 14 UM3402YA_UM3402YA"),
             ("chassis_type", "10")),
    )

    # --- 8x MI300X server -------------------------------------------------------------------
    mi300x = tuple(_instinct_card(i, "mi300x") for i in range(8))
    server_groups = ("adm", "cdrom", "sudo", "dip", "plugdev", "lxd", "video", "render")
    mi300_pkgs = (
        (f"linux-image-{_JAMMY_HWE_KERNEL}", _OK, "6.8.0-60.63~22.04.1"),
        ("amdgpu-install", _OK, "6.4.60401-2164967.22.04"),
        ("amdgpu-dkms", _OK, "1:6.12.12.60401-2164967.22.04"),
        ("amdgpu-dkms-firmware", _OK, "1:6.12.12.60401-2164967.22.04"),
        ("rocm-core", _OK, "6.4.1.60401-83~22.04"),
        ("rocm", _OK, "6.4.1.60401-83~22.04"),
        ("hsa-rocr", _OK, "1.15.0.60401-83~22.04"),
        ("rocminfo", _OK, "1.0.0.60401-83~22.04"),
        ("rocm-smi-lib", _OK, "7.5.0.60401-83~22.04"),
        ("amd-smi-lib", _OK, "25.4.2.60401-83~22.04"),
        ("hip-runtime-amd", _OK, "6.4.43483.60401-83~22.04"),
        ("rccl", _OK, "2.22.3.60401-83~22.04"),
    )
    dkms_modules = ("amddrm_ttm_helper 12288 1 amdgpu, Live 0x0000000000000000 (OE)",
                    "amdttm 118784 2 amdgpu,amddrm_ttm_helper, Live 0x0000000000000000 (OE)",
                    "amdxcp 12288 1 amdgpu, Live 0x0000000000000000 (OE)",
                    "amdkcl 36864 3 amdgpu,amdttm,amddrm_buddy, Live 0x0000000000000000 (OE)",
                    "ast 94208 0 - Live 0x0000000000000000")
    ast = OtherGpu(
        pci=PciFn("0000:c3:00.0", 0x1A03, 0x2000, 0x030000, "ast", (0x15D9, 0x1C5A), revision=0x52),
        bridges=(PciFn("0000:c0:05.2", 0x1022, 0x14AA, 0x060400, "pcieport"),
                 PciFn("0000:c2:00.0", 0x1A03, 0x1150, 0x060400, None, revision=0x06)),
        card=0, render_minor=None, connectors=(("VGA-1", "connected"),),
    )
    server_common = dict(
        os_release=_UBUNTU_2204, kernel=_JAMMY_HWE_KERNEL, proc_version=_JAMMY_HWE_VERSION,
        user="mlops", uid=1001, gecos="ML Ops",
        groups=_ubuntu_groups(109, (("lxd", 110),)), user_groups=server_groups,
        session_groups=("mlops",) + server_groups,
        cpus=(SimCpu("AMD EPYC 9654 96-Core Processor", 192, 768 * GiB, 3700),
              SimCpu("AMD EPYC 9654 96-Core Processor", 192, 768 * GiB, 3700)),
        others=(ast,), amdgpu_module_version="6.12.12",
        rocm=(("6.4.1", "83"),), amdgpu_ids_rocm=True,
        apt_files=(_UBUNTU_SOURCES_JAMMY,) + _rocm_lists("6.4.1", "jammy"),
        packages=jammy_pkgs + mi300_pkgs, amdgpu_ids=_IDS_2022, extra_modules=dkms_modules,
        lang="C.UTF-8",
        dmi=(("sys_vendor", "Supermicro"), ("product_name", "AS -8125GS-TNMR2"), ("chassis_type", "23")),
    )
    server = SimMachine(
        name="mi300x-8gpu-server",
        about=QT_TRANSLATE_NOOP(
            "rocmdesk.machine.simulate",
            "Ubuntu 22.04 server with 8x Instinct MI300X (gfx942, 192 GB each, SPX), ROCm 6.4.1 and amdgpu-dkms "
            "installed"),
        hostname="mi300x-node01", gpus=mi300x, **server_common,  # type: ignore[arg-type]
    )
    mi308 = tuple(_instinct_card(i, "mi308x") for i in range(8))
    server308 = SimMachine(
        name="mi308x-partitioned",
        about=QT_TRANSLATE_NOOP(
            "rocmdesk.machine.simulate",
            "Ubuntu 22.04 server with 8x Instinct MI308X (gfx942) in CPX mode: 4 compute partitions per card, 32 "
            "KFD GPU nodes sharing each card's unique_id, ROCm 6.4.1"),
        hostname="mi308x-node07", gpus=mi308, **server_common,  # type: ignore[arg-type]
    )

    # --- No AMD GPU: Intel iGPU on Debian 12 -------------------------------------------------
    intel = OtherGpu(
        pci=PciFn("0000:00:02.0", 0x8086, 0x4680, 0x030000, "i915", (0x1458, 0xD000), revision=0x0C),
        bridges=(), card=0, render_minor=128,
        connectors=(("DP-1", "disconnected"), ("HDMI-A-1", "connected"), ("HDMI-A-2", "disconnected")),
    )
    no_amd = SimMachine(
        name="no-amd-gpu",
        about=QT_TRANSLATE_NOOP(
            "rocmdesk.machine.simulate",
            "Debian 12 desktop with only an Intel UHD 770 iGPU: no AMD GPU, no amdgpu, no KFD"),
        os_release=_DEBIAN_12, kernel=_BOOKWORM_KERNEL, proc_version=_BOOKWORM_VERSION, hostname="bookworm-pc",
        user="sam", uid=1000, gecos="Sam Keller,,,",
        groups=_debian_groups(),
        user_groups=("cdrom", "floppy", "sudo", "audio", "dip", "video", "plugdev", "users", "netdev",
                     "bluetooth", "lpadmin", "scanner"),
        session_groups=("sam", "cdrom", "floppy", "sudo", "audio", "dip", "video", "plugdev", "users",
                        "netdev", "bluetooth", "lpadmin", "scanner"),
        cpus=(SimCpu("13th Gen Intel(R) Core(TM) i5-13400", 16, 32 * GiB, 4600),),
        others=(intel,), amdgpu_loaded=False, kfd=False,
        apt_files=(_DEBIAN_SOURCES,), packages=bookworm_pkgs, amdgpu_ids=_IDS_2022,
        card_mode=DeviceMode("root", "video", 0o660), render_mode=DeviceMode("root", "render", 0o660),
        extra_modules=("i915 3928064 12 - Live 0x0000000000000000",
                       "drm_buddy 20480 1 i915, Live 0x0000000000000000",
                       "ttm 94208 1 i915, Live 0x0000000000000000"),
        dmi=(("sys_vendor", "Gigabyte Technology Co., Ltd."), ("product_name", "B760M DS3H DDR4"),
             ("chassis_type", "3")),
    )

    # --- RX 7900 XTX beside a Raphael iGPU on Debian 12 ---------------------------------------
    raphael = SimGpu(
        label="Radeon Graphics (Raphael)", kind="apu", device_id=0x164E, revision=0xC1, subsystem=(0x1043, 0x8877),
        pci_class=0x030000, slot="0000:12:00.0",
        bridges=(PciFn("0000:00:08.1", 0x1022, 0x14DD, 0x060400, "pcieport"),),
        card=0, render_minor=128, hwmon=2, gfx_target_version=100306, gc_ip=(10, 3, 6),
        vram_total=512 * MiB, gtt_total=31 * GiB // 2, vbios="102-RAPHAEL-008", simd_count=4,
        array_count=1, cu_per_simd_array=2, num_xcc=None, vram_vendor=None,
        audio=PciFn("0000:12:00.1", _AMD, 0x1640, 0x040300, "snd_hda_intel", (0x1043, 0x8877)),
        connectors=(("DP-1", "disconnected"), ("HDMI-A-1", "disconnected")),
        power_files=("average",), power_cap_w=0, temps=(("edge", None, None),), fan_max_rpm=None,
        voltages=("vddgfx", "vddnb"), sclk=(600, 2200), mclk_levels=(400, 1600, 2400, 3000),
        mclk_in_hwmon=False, socclk_levels=(400, 800, 1200), fclk_levels=(400, 1200, 2000),
        mem_busy=False, profile="idle", idle_w=3.0, load_w=30.0, idle_edge_c=41.0, load_edge_c=60.0,
        vram_idle_used=48 * MiB, vram_job_used=64 * MiB, gtt_idle_used=12 * MiB, gtt_job_used=20 * MiB,
    )
    xtx_bookworm = SimMachine(
        name="rx7900xtx-debian12",
        about=QT_TRANSLATE_NOOP(
            "rocmdesk.machine.simulate",
            "Debian 12 desktop: Ryzen 9 7950X iGPU (card0, gfx1036) beside a Radeon RX 7900 XTX (card1, "
            "gfx1100); the system amdgpu.ids is too old to name the 7900 XTX"),
        os_release=_DEBIAN_12, kernel=_BOOKWORM_KERNEL, proc_version=_BOOKWORM_VERSION, hostname="lena-ws",
        user="lena", uid=1000, gecos="Lena Vogt,,,",
        groups=_debian_groups(),
        user_groups=("cdrom", "floppy", "sudo", "audio", "dip", "video", "plugdev", "users", "netdev",
                     "render"),
        session_groups=("lena", "cdrom", "floppy", "sudo", "audio", "dip", "video", "plugdev", "users",
                        "netdev", "render"),
        cpus=(SimCpu("AMD Ryzen 9 7950X 16-Core Processor", 32, 64 * GiB, 5881),),
        # the iGPU finished probing first: card0 / renderD128 / KFD node 1
        gpus=(raphael, _rx7900xtx(1, 129, 3, kernel_new=False, boot_vga=False)),
        apt_files=(_DEBIAN_SOURCES,),
        packages=bookworm_pkgs + (("firmware-amd-graphics", _OK, "20230210-5"),),
        amdgpu_ids=_IDS_2022, lang="de_DE.UTF-8",
        dmi=(("sys_vendor", "ASUSTeK COMPUTER INC."), ("product_name", "System Product Name"),
             ("chassis_type", "3")),
    )
    # --- The hard advice cases (issue 14) -------------------------------------------------------

    # RDNA4 with an override left over from an RDNA3 card: 11.0.0 would make the runtime load gfx1100 code
    rx9070xt = SimGpu(
        label="Radeon RX 9070 XT", kind="dgpu", device_id=0x7550, revision=0xC0, subsystem=(0x148C, 0x2435),
        pci_class=0x030000, slot="0000:03:00.0", bridges=_navi_bridges("0000:00:01.1", 0x14DB, 0x01),
        card=1, render_minor=128, hwmon=3, gfx_target_version=120001, gc_ip=(12, 0, 1),
        vram_total=17163091968, gtt_total=32 * GiB - 4 * MiB, vbios="113-EXT108779-100",
        simd_count=128, array_count=8, cu_per_simd_array=8, max_waves_per_simd=16, vram_vendor="hynix",
        audio=PciFn("0000:03:00.1", _AMD, 0xAB40, 0x040300, "snd_hda_intel", (0x148C, 0x2435)),
        connectors=(("DP-1", "connected"), ("DP-2", "disconnected"), ("DP-3", "disconnected"),
                    ("HDMI-A-1", "disconnected")),
        boot_vga=True, link_speed="32.0 GT/s PCIe", link_width=16,
        pcie_levels="0: 2.5GT/s, x16 250Mhz \n1: 8.0GT/s, x16 1143Mhz \n",  # as a real 9070 XT prints it
        power_cap_w=330, power_cap_max_w=340, power_cap_min_w=0,
        temps=(("edge", 110, 115), ("junction", 110, 115), ("mem", 108, 113)),
        sclk=(500, 2970), mclk_levels=(96, 456, 772, 875, 1124, 1258), socclk_levels=(417, 1476),
        fclk_levels=(500, 2000), profile="desktop", idle_w=14.0, load_w=304.0, idle_edge_c=36.0,
        load_edge_c=66.0, hotspot_idle_c=4.0, hotspot_load_c=20.0, mem_idle_c=48.0, mem_load_c=84.0,
        vram_idle_used=540 * MiB, vram_job_used=12 * GiB,
    )
    rdna4 = SimMachine(
        name="rx9070xt-stale-override",
        about=QT_TRANSLATE_NOOP(
            "rocmdesk.machine.simulate",
            "Ubuntu 24.04 desktop with a Radeon RX 9070 XT (gfx1201, RDNA4), no ROCm installed; "
            "HSA_OVERRIDE_GFX_VERSION=11.0.0 is still set from an older RDNA3 card"),
        os_release=_UBUNTU_2404_3, kernel=_NOBLE_HWE_KERNEL, proc_version=_NOBLE_HWE_VERSION, hostname="nova",
        user="jonas", uid=1000, gecos="Jonas Berg",
        groups=_ubuntu_groups(993), user_groups=desk_groups + ("video", "render"),
        session_groups=("jonas",) + desk_groups + ("video", "render"),
        cpus=(SimCpu("AMD Ryzen 7 9700X 8-Core Processor", 16, 64 * GiB, 5582),),
        gpus=(rx9070xt,),
        apt_files=(_UBUNTU_SOURCES_NOBLE,),
        packages=(
            ("base-files", _OK, "13ubuntu10.3"),
            ("libdrm-common", _OK, "2.4.122-1~ubuntu0.24.04.1"),
            ("libdrm-amdgpu1", _OK, "2.4.122-1~ubuntu0.24.04.1"),
            ("linux-firmware", _OK, "20240318.git3b128b60-0ubuntu2.15"),
            ("linux-generic-hwe-24.04", _OK, "6.14.0-27.27~24.04.1"),
            (f"linux-image-{_NOBLE_HWE_KERNEL}", _OK, "6.14.0-27.27~24.04.1"),
            ("python3", _OK, "3.12.3-0ubuntu2"),
        ),
        amdgpu_ids=_IDS_2024,  # libdrm 2.4.122 predates RDNA4: the name comes from rocmdesk's table
        env={"HSA_OVERRIDE_GFX_VERSION": "11.0.0"},  # from ~/.bashrc, written for the RX 7600 it replaced
        dmi=(("sys_vendor", "Micro-Star International Co., Ltd."), ("product_name", "MS-7E51"),
             ("chassis_type", "3")),
    )

    # the same 780M laptop with nothing set: gfx1103 runs natively where a wheel carries gfx1103 code
    laptop_native = replace(
        laptop, name="radeon780m-native",
        about=QT_TRANSLATE_NOOP(
            "rocmdesk.machine.simulate",
            "Ubuntu 24.04 laptop, Ryzen 7 7840U with a Radeon 780M iGPU (gfx1103, 512 MiB carve-out), no "
            "override set, no ROCm installed"),
        env={},
    )

    # RX 6600 XT with ROCm 6.2.4's driver and nothing else wrong: the driver is older than the newest wheels
    rx6600_old = SimMachine(
        name="rx6600xt-old-driver",
        about=QT_TRANSLATE_NOOP(
            "rocmdesk.machine.simulate",
            "Ubuntu 22.04 desktop with a Radeon RX 6600 XT (gfx1032, needs an override), ROCm 6.2.4 and its "
            "amdgpu-dkms driver, older than the newest PyTorch wheels; user in render and video"),
        os_release=_UBUNTU_2204, kernel=_JAMMY_KERNEL, proc_version=_JAMMY_VERSION, hostname="hao-pc",
        user="hao", uid=1000, gecos="Liu Hao",
        groups=_ubuntu_groups(110),
        user_groups=("adm", "cdrom", "sudo", "dip", "plugdev", "lpadmin", "sambashare", "render", "video"),
        session_groups=("hao", "adm", "cdrom", "sudo", "dip", "plugdev", "lpadmin", "sambashare", "render",
                        "video"),
        cpus=(SimCpu("AMD Ryzen 5 5600 6-Core Processor", 12, 32 * GiB, 4468),),
        gpus=(rx6600,),
        amdgpu_module_version="6.8.5",  # amdgpu-dkms from ROCm 6.2.4
        rocm=(("6.2.4", "139"),), amdgpu_ids_rocm=True,
        apt_files=(_UBUNTU_SOURCES_JAMMY,) + _rocm_lists("6.2.4", "jammy"),
        packages=jammy_pkgs + jammy_624_pkgs,
        amdgpu_ids=_IDS_2022, lang="zh_CN.UTF-8", extra_modules=dkms_624_modules,
        dmi=(("sys_vendor", "Gigabyte Technology Co., Ltd."), ("product_name", "B550M DS3H"),
             ("chassis_type", "3")),
    )

    # DRM card order and KFD node order disagree.  DRM numbers a card when its probe starts, KFD adds a
    # node when the device's init reaches it; with amdgpu.async_probe=1 both probes run at once and the
    # small iGPU finishes first.  So the dGPU is card0/renderD128 but KFD node 2 (HIP device 1), and the
    # iGPU card1/renderD129 but KFD node 1 (HIP device 0).  ``gpus`` lists them in KFD order.
    igpu_card1 = replace(raphael, card=1, render_minor=129, hwmon=2)
    dgpu_card0 = _rx7900xtx(0, 128, 3, kernel_new=False, boot_vga=True)
    swapped = SimMachine(
        name="igpu-card1-dgpu-card0",
        about=QT_TRANSLATE_NOOP(
            "rocmdesk.machine.simulate",
            "Debian 12 desktop: a Radeon RX 7900 XTX (card0, gfx1100) and the Ryzen 7 7700X iGPU (card1, "
            "gfx1036), but KFD lists the iGPU first, so HIP device 0 is the iGPU and device 1 the 7900 XTX"),
        os_release=_DEBIAN_12, kernel=_BOOKWORM_KERNEL, proc_version=_BOOKWORM_VERSION, hostname="marta-pc",
        user="marta", uid=1000, gecos="Marta Nowak,,,",
        groups=_debian_groups(),
        user_groups=("cdrom", "floppy", "sudo", "audio", "dip", "video", "plugdev", "users", "netdev",
                     "render"),
        session_groups=("marta", "cdrom", "floppy", "sudo", "audio", "dip", "video", "plugdev", "users",
                        "netdev", "render"),
        cpus=(SimCpu("AMD Ryzen 7 7700X 8-Core Processor", 16, 32 * GiB, 5573),),
        gpus=(igpu_card1, dgpu_card0),
        apt_files=(_DEBIAN_SOURCES,),
        packages=bookworm_pkgs + (("firmware-amd-graphics", _OK, "20230210-5"),),
        amdgpu_ids=_IDS_2022, lang="en_GB.UTF-8", kernel_args=("amdgpu.async_probe=1",),
        dmi=(("sys_vendor", "ASUSTeK COMPUTER INC."), ("product_name", "System Product Name"),
             ("chassis_type", "3")),
    )

    # two discrete GPUs, only the second needs an override: the global form would break the first
    twin_xtx = _rx7900xtx(1, 128, 2, kernel_new=True, root_dev=0x1483, boot_vga=True)
    twin_6600 = replace(
        rx6600, card=2, render_minor=129, hwmon=3, boot_vga=False, gtt_total=32 * GiB - 4 * MiB,
        connectors=(("DP-1", "disconnected"), ("DP-2", "disconnected"), ("DP-3", "disconnected"),
                    ("HDMI-A-1", "disconnected")),
        profile="training", phase_s=140.0,
    )
    twin = SimMachine(
        name="two-dgpu-one-override",
        about=QT_TRANSLATE_NOOP(
            "rocmdesk.machine.simulate",
            "Ubuntu 24.04 desktop with two GPUs: a Radeon RX 7900 XTX (gfx1100, native) and a Radeon RX 6600 XT "
            "(gfx1032, needs HSA_OVERRIDE_GFX_VERSION=10.3.0), no ROCm installed"),
        os_release=_UBUNTU_2404, kernel=_NOBLE_KERNEL, proc_version=_NOBLE_VERSION, hostname="twin",
        user="ravi", uid=1000, gecos="Ravi Kumar",
        groups=_ubuntu_groups(993), user_groups=desk_groups + ("video", "render"),
        session_groups=("ravi",) + desk_groups + ("video", "render"),
        cpus=(SimCpu("AMD Ryzen 9 5950X 16-Core Processor", 32, 64 * GiB, 5083),),
        # X570, x8/x8 from the CPU; simpledrm had card0
        gpus=(twin_xtx, twin_6600),
        apt_files=(_UBUNTU_SOURCES_NOBLE,), packages=noble_pkgs, amdgpu_ids=_IDS_2024,
        dmi=(("sys_vendor", "Micro-Star International Co., Ltd."), ("product_name", "MS-7C35"),
             ("chassis_type", "3")),
    )
    return (xtx_noble, rx6600_machine, laptop, server, no_amd, xtx_bookworm, server308,
            rdna4, laptop_native, rx6600_old, swapped, twin)


def _instinct_card(i: int, model: str) -> SimGpu:
    """One OAM card of an 8-GPU gfx942 box; i picks its root complex and its numbers."""
    rb = 0x20 * i  # Genoa root complexes pci0000:00, :20, ... :e0
    gpu_bus = rb + 5
    seed = _seed(f"{model}:{i}")
    bridges = (
        PciFn(f"0000:{rb:02x}:01.1", 0x1022, 0x14AB, 0x060400, "pcieport"),
        PciFn(f"0000:{rb + 1:02x}:00.0", 0x1000, 0xC030, 0x060400, "pcieport", revision=0xB0),
        PciFn(f"0000:{rb + 2:02x}:00.0", 0x1000, 0xC030, 0x060400, "pcieport", revision=0xB0),
    )
    common = dict(
        kind="instinct", revision=0x00, pci_class=0x120000,  # "Processing accelerators", not display
        slot=f"0000:{gpu_bus:02x}:00.0", bridges=bridges,
        card=1 + 8 * i, render_minor=128 + 8 * i, hwmon=2 + i,
        gfx_target_version=90402, gc_ip=(9, 4, 3), simd_per_cu=4, wave_front_size=64,
        max_waves_per_simd=8, xcp_devices=7, vram_vendor="hynix",
        unique_id=seed | (1 << 63), hive_id=_seed(f"{model}:hive") | (1 << 62),
        link_speed="32.0 GT/s PCIe", link_width=16, numa_node=0 if i < 4 else 1,
        power_files=("input",), temps=(("junction", 110, None), ("mem", 95, None)), temp_index_base=2,
        fan_max_rpm=None, voltages=(), sclk_style="mi300", mclk_levels=(900, 1100, 1300),
        socclk_levels=(30, 889, 1000, 1143), fclk_levels=(1300, 1550, 1800),
        serial_number=f"PCB{(seed >> 8) % 10**9:09d}", phase_s=0.6 * i,
        gtt_total=1536 * GiB // 2, gtt_idle_used=36 * MiB, gtt_job_used=2 * GiB,
    )
    if model == "mi300x":
        return SimGpu(
            label="Instinct MI300X", device_id=0x74A1, subsystem=(_AMD, 0x74A1),
            vram_total=205822885888, vbios="113-M3000100-102", simd_count=1216, array_count=32,
            cu_per_simd_array=10, gc_instances=8, num_xcc=8, compute_partition="SPX",
            memory_partition="NPS1", product_name="AMD Instinct MI300X OAM",
            power_cap_w=750, power_cap_max_w=750, power_cap_min_w=0, sclk=(500, 2100),
            idle_w=128.0, load_w=705.0, idle_edge_c=30.0, load_edge_c=62.0, hotspot_idle_c=6.0,
            hotspot_load_c=20.0, mem_idle_c=32.0, mem_load_c=74.0,
            vram_idle_used=284 * MiB, vram_job_used=171 * GiB, **common,  # type: ignore[arg-type]
        )
    return SimGpu(
        label="Instinct MI308X", device_id=0x74A2, subsystem=(_AMD, 0x74A2),
        vram_total=4 * 48 * GiB, vbios="113-M3080100-100", simd_count=80, array_count=4,
        cu_per_simd_array=5, gc_instances=4, num_xcc=1, partitions=4, compute_partition="CPX",
        memory_partition="NPS4", product_name="AMD Instinct MI308X OAM",
        power_cap_w=650, power_cap_max_w=650, power_cap_min_w=0, sclk=(500, 2100),
        idle_w=110.0, load_w=590.0, idle_edge_c=30.0, load_edge_c=60.0, hotspot_idle_c=6.0,
        hotspot_load_c=18.0, mem_idle_c=31.0, mem_load_c=70.0,
        vram_idle_used=300 * MiB, vram_job_used=168 * GiB, **common,  # type: ignore[arg-type]
    )


@functools.lru_cache(maxsize=1)
def _catalogue() -> dict[str, SimMachine]:
    return {m.name: m for m in _machines()}


def list_machines() -> list[SimMachine]:
    """Every simulated machine, in the order the CLI lists them."""
    return list(_catalogue().values())


def get_machine(name: str) -> SimMachine:
    """The machine called ``name``; KeyError naming the known ones otherwise."""
    try:
        return _catalogue()[name]
    except KeyError:
        known = ", ".join(_catalogue())
        raise KeyError(f"unknown simulated machine {name!r}; known machines: {known}") from None


# ---------------------------------------------------------------------------
# Deterministic noise: a seeded hash, so metrics are a pure function of time
# ---------------------------------------------------------------------------

_MASK = (1 << 64) - 1


def _seed(key: str) -> int:
    return int.from_bytes(hashlib.blake2b(key.encode(), digest_size=8).digest(), "little")


def _mix(x: int) -> int:
    """splitmix64 finaliser: a good cheap integer hash."""
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def _lattice(seed: int, k: int) -> float:
    return _mix(seed ^ (k & _MASK)) / _MASK * 2.0 - 1.0


def _noise(seed: int, t: float, scale: float) -> float:
    """Smooth value noise in [-1, 1] with features about ``scale`` seconds wide."""
    x = t / scale
    k = math.floor(x)
    f = x - k
    s = f * f * (3.0 - 2.0 * f)
    a, b = _lattice(seed, k), _lattice(seed, k + 1)
    return a + (b - a) * s


def _smoothstep(e0: float, e1: float, x: float) -> float:
    if x <= e0:
        return 0.0
    if x >= e1:
        return 1.0
    u = (x - e0) / (e1 - e0)
    return u * u * (3.0 - 2.0 * u)


def _clamp(x: float, lo: float, hi: float) -> float:
    return lo if x < lo else hi if x > hi else x


# ---------------------------------------------------------------------------
# Load and metrics
# ---------------------------------------------------------------------------

_EPOCH_S = 600.0


@functools.lru_cache(maxsize=1)
def _training_keyframes() -> tuple[tuple[float, float], ...]:
    """One 10-minute epoch: start-up, steps with checkpoint dips every 90 s, evaluation, a pause."""
    keys: list[tuple[float, float]] = [(0.0, 0.04), (4.0, 0.22), (20.0, 0.28), (26.0, 0.97)]
    for start in range(110, 530, 90):
        keys += [(start - 2.0, 0.97), (start, 0.38), (start + 6.0, 0.38), (start + 8.0, 0.97)]
    keys += [(536.0, 0.97), (542.0, 0.66), (580.0, 0.66), (584.0, 0.05), (_EPOCH_S, 0.04)]
    return tuple(keys)


def _keyframe(u: float) -> float:
    keys = _training_keyframes()
    for (u0, v0), (u1, v1) in zip(keys, keys[1:]):
        if u0 <= u <= u1:
            return v0 + (v1 - v0) * _smoothstep(u0, u1, u) if u1 > u0 else v1
    return keys[-1][1]


def _load(g: SimGpu, seed: int, t: float) -> float:
    """Fraction of the GPU in use at time t, 0..1."""
    if g.profile == "training":
        base = _keyframe((t + g.phase_s) % _EPOCH_S)
        return _clamp(base + 0.02 * _noise(seed, t, 6.0) + 0.01 * _noise(seed ^ 7, t, 1.3), 0.0, 1.0)
    if g.profile == "desktop":
        burst = _smoothstep(0.25, 0.7, _noise(seed ^ 11, t, 150.0))
        light = 0.03 + 0.025 * _noise(seed ^ 13, t, 9.0)
        return _clamp(light + 0.92 * burst + 0.02 * _noise(seed ^ 17, t, 3.0) * burst, 0.0, 1.0)
    return _clamp(0.015 + 0.012 * _noise(seed ^ 19, t, 20.0), 0.0, 1.0)


def _ema(g: SimGpu, seed: int, t: float, tau: float) -> float:
    """Load seen through a first-order lag of time constant tau (a heatsink), as a finite sum."""
    dt = tau / 6.0
    total = weight = 0.0
    for k in range(25):
        w = math.exp(-k * dt / tau)
        total += w * _load(g, seed, t - k * dt)
        weight += w
    return total / weight


@dataclass(frozen=True)
class GpuMetrics:
    """What the monitor would read for one card at one moment."""

    busy_percent: int
    mem_busy_percent: int | None
    temp_edge_c: int
    temp_junction_c: int
    temp_mem_c: int
    power_w: int
    vram_used_bytes: int
    vis_vram_used_bytes: int
    gtt_used_bytes: int
    sclk_mhz: int
    mclk_mhz: int
    mclk_level: int
    fan_rpm: int | None
    pwm: int | None
    voltages_mv: tuple[int, ...]


def _metrics_for(machine: SimMachine, index: int, t: float) -> GpuMetrics:
    g = machine.gpus[index]
    seed = _seed(f"{machine.name}:{index}")
    load = _load(g, seed, t)
    heat = _ema(g, seed, t, 45.0)
    slow_heat = _ema(g, seed, t, 90.0)
    busy = int(round(_clamp(load * 100.0, 0.0, 100.0)))
    cap = g.power_cap_w or g.load_w * 1.15
    power = _clamp(g.idle_w + (g.load_w - g.idle_w) * load ** 1.1 + 1.5 * _noise(seed ^ 23, t, 2.0),
                   g.idle_w * 0.7, cap)
    edge = g.idle_edge_c + (g.load_edge_c - g.idle_edge_c) * heat + 0.6 * _noise(seed ^ 29, t, 11.0)
    hot = edge + g.hotspot_idle_c + (g.hotspot_load_c - g.hotspot_idle_c) * _ema(g, seed, t, 6.0)
    mem = g.mem_idle_c + (g.mem_load_c - g.mem_idle_c) * slow_heat + 0.4 * _noise(seed ^ 31, t, 17.0)
    lo, hi = g.sclk
    active = load >= 0.06
    if active:
        sclk = _clamp(lo + (hi - lo) * min(1.0, load * 1.35) - 35.0 * abs(_noise(seed ^ 37, t, 4.0)), lo, hi)
    else:  # deep sleep below the lowest level, as real idle cards report
        sclk = 30.0 + 40.0 * abs(_noise(seed ^ 41, t, 5.0)) if g.sclk_style != "mi300" else 130.0 + 10 * load
    levels = g.mclk_levels
    mlevel = 0 if not active else (len(levels) - 1 if load > 0.3 else min(1, len(levels) - 1))
    if g.profile == "training":
        job = g.vram_job_used * (0.94 + 0.04 * load + 0.01 * _noise(seed ^ 43, t, 30.0))
        gtt_job = g.gtt_job_used * (0.8 + 0.2 * load)
    else:
        share = _smoothstep(0.15, 0.5, _ema(g, seed, t, 20.0))
        job = g.vram_job_used * share
        gtt_job = g.gtt_job_used * share
    vram = int(_clamp(g.vram_idle_used + job + 8 * MiB * _noise(seed ^ 47, t, 13.0), 64 * MiB, g.vram_total * 0.985))
    vis_total = g.vis_vram_total or g.vram_total
    fan = pwm = None
    if g.fan_max_rpm:
        if heat < 0.12 and edge < 50:
            fan = 0  # zero-RPM idle
        else:
            fan = int(650 + (0.55 * g.fan_max_rpm - 650) * _clamp((hot - 50.0) / 40.0, 0.0, 1.0))
        pwm = int(round(255 * fan / g.fan_max_rpm))
    volts = []
    for name in g.voltages:
        if name == "vddgfx":
            volts.append(int(12 + 4 * abs(_noise(seed ^ 53, t, 5.0))) if not active
                         else int(720 + 330 * (sclk - lo) / max(1, hi - lo)))
        else:
            volts.append(int(680 + 80 * load))
    return GpuMetrics(
        busy_percent=busy,
        mem_busy_percent=int(round(_clamp(load * 48.0 + 2.0 * _noise(seed ^ 59, t, 3.0), 0.0, 100.0)))
        if g.mem_busy else None,
        temp_edge_c=int(round(_clamp(edge, 20.0, 99.0))),
        temp_junction_c=int(round(_clamp(hot, 20.0, 109.0))),
        temp_mem_c=int(round(_clamp(mem, 20.0, 99.0))),
        power_w=int(round(power)),
        vram_used_bytes=vram,
        vis_vram_used_bytes=min(vram, int(vis_total * 0.9)),
        gtt_used_bytes=int(g.gtt_idle_used + gtt_job),
        sclk_mhz=int(round(sclk)),
        mclk_mhz=levels[mlevel],
        mclk_level=mlevel,
        fan_rpm=fan,
        pwm=pwm,
        voltages_mv=tuple(volts),
    )


def gpu_metrics(name: str, gpu_index: int, t: float) -> GpuMetrics:
    """Metrics of GPU ``gpu_index`` (a physical card, in catalogue order) of machine ``name`` at time t."""
    return _metrics_for(get_machine(name), gpu_index, t)


def _dpm_fine(lo: int, hi: int, cur: int) -> str:
    # the kernel's fine-grained format: min, the current clock (starred), max
    if cur == lo:
        return f"0: {lo}Mhz *\n1: {hi}Mhz\n"
    if cur == hi:
        return f"0: {lo}Mhz\n1: {hi}Mhz *\n"
    return f"0: {lo}Mhz\n1: {cur}Mhz *\n2: {hi}Mhz\n"


def _dpm_mi300(lo: int, hi: int, cur: int) -> str:
    if cur < lo:
        return f"S: {cur}Mhz *\n0: {lo}Mhz\n1: {hi}Mhz\n"
    return _dpm_fine(lo, hi, cur)


def _dpm_levels(levels: tuple[int, ...], current: int) -> str:
    return "".join(f"{i}: {v}Mhz {'*' if i == current else ''}\n" for i, v in enumerate(levels))


def _metric_files(g: SimGpu, m: GpuMetrics, pci: str, hwmon: str) -> dict[str, str]:
    """Machine path -> contents of every file that moves."""
    files = {
        f"{pci}/gpu_busy_percent": f"{m.busy_percent}\n",
        f"{pci}/mem_info_vram_used": f"{m.vram_used_bytes}\n",
        f"{pci}/mem_info_vis_vram_used": f"{m.vis_vram_used_bytes}\n",
        f"{pci}/mem_info_gtt_used": f"{m.gtt_used_bytes}\n",
        f"{pci}/pp_dpm_mclk": _dpm_levels(g.mclk_levels, m.mclk_level),
    }
    if m.mem_busy_percent is not None:
        files[f"{pci}/mem_busy_percent"] = f"{m.mem_busy_percent}\n"
    lo, hi = g.sclk
    files[f"{pci}/pp_dpm_sclk"] = (_dpm_mi300 if g.sclk_style == "mi300" else _dpm_fine)(lo, hi, m.sclk_mhz)
    values = {"edge": m.temp_edge_c, "junction": m.temp_junction_c, "mem": m.temp_mem_c}
    for n, (label, _crit, _emerg) in enumerate(g.temps, start=g.temp_index_base):
        files[f"{hwmon}/temp{n}_input"] = f"{values[label] * 1000}\n"
    for kind in g.power_files:
        files[f"{hwmon}/power1_{kind}"] = f"{m.power_w * 1_000_000}\n"
    files[f"{hwmon}/freq1_input"] = f"{m.sclk_mhz * 1_000_000}\n"
    if g.mclk_in_hwmon:
        files[f"{hwmon}/freq2_input"] = f"{m.mclk_mhz * 1_000_000}\n"
    if m.fan_rpm is not None:
        files[f"{hwmon}/fan1_input"] = f"{m.fan_rpm}\n"
        files[f"{hwmon}/fan1_target"] = f"{m.fan_rpm}\n"
        files[f"{hwmon}/pwm1"] = f"{m.pwm}\n"
    for n, mv in enumerate(m.voltages_mv):
        files[f"{hwmon}/in{n}_input"] = f"{mv}\n"
    return files


# ---------------------------------------------------------------------------
# Writing a tree
# ---------------------------------------------------------------------------


class _Tree:
    """Writes machine paths under a root; remembers made folders so a build stays fast."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._dirs: set[str] = set()

    def _local(self, p: str) -> str:
        return os.path.join(self.root, p.lstrip("/"))

    def mkdir(self, p: str) -> None:
        local = self._local(p)
        if local not in self._dirs:
            os.makedirs(local, exist_ok=True)
            self._dirs.add(local)

    def write(self, p: str, text: str, mode: int | None = None) -> None:
        self.mkdir(os.path.dirname(p))
        local = self._local(p)
        with open(local, "w", encoding="utf-8") as fh:
            fh.write(text)
        if mode is not None:
            os.chmod(local, mode)

    def link(self, p: str, target: str) -> None:
        """A relative symlink at machine path p to machine path target, as sysfs has them."""
        self.mkdir(os.path.dirname(p))
        rel = os.path.relpath(target, os.path.dirname(p))
        local = self._local(p)
        if os.path.lexists(local):
            os.remove(local)
        os.symlink(rel, local)


def _hx(v: int, width: int = 4) -> str:
    return f"0x{v:0{width}x}"


def _pci_dir(bridges: tuple[PciFn, ...], slot: str) -> str:
    domain_bus = slot.rsplit(":", 2)[0] if not bridges else bridges[0].slot.rsplit(":", 1)[0]
    parts = [f"/sys/devices/pci{domain_bus}"] + [b.slot for b in bridges] + [slot]
    return "/".join(parts)


def _uevent(fn: PciFn) -> str:
    slot, vendor, device, pci_class, driver = fn.slot, fn.vendor, fn.device, fn.pci_class, fn.driver
    sv, sd = fn.subsystem
    cls = f"{pci_class:X}"
    lines = []
    if driver:
        lines.append(f"DRIVER={driver}")
    lines += [
        f"PCI_CLASS={cls}",
        f"PCI_ID={vendor:04X}:{device:04X}",
        f"PCI_SUBSYS_ID={sv:04X}:{sd:04X}",
        f"PCI_SLOT_NAME={slot}",
        f"MODALIAS=pci:v0000{vendor:04X}d0000{device:04X}sv0000{sv:04X}sd0000{sd:04X}"
        f"bc{pci_class >> 16:02X}sc{(pci_class >> 8) & 0xFF:02X}i{pci_class & 0xFF:02X}",
    ]
    return "\n".join(lines) + "\n"


def _write_pci_fn(tree: _Tree, path: str, fn: PciFn) -> None:
    tree.write(f"{path}/vendor", f"{_hx(fn.vendor)}\n")
    tree.write(f"{path}/device", f"{_hx(fn.device)}\n")
    tree.write(f"{path}/revision", f"{_hx(fn.revision, 2)}\n")
    tree.write(f"{path}/class", f"0x{fn.pci_class:06x}\n")
    tree.write(f"{path}/subsystem_vendor", f"{_hx(fn.subsystem[0])}\n")
    tree.write(f"{path}/subsystem_device", f"{_hx(fn.subsystem[1])}\n")
    tree.write(f"{path}/enable", "1\n")
    tree.write(f"{path}/uevent", _uevent(fn))
    tree.link(f"/sys/bus/pci/devices/{fn.slot}", path)
    if fn.driver:
        tree.link(f"{path}/driver", f"/sys/bus/pci/drivers/{fn.driver}")
        tree.link(f"/sys/bus/pci/drivers/{fn.driver}/{fn.slot}", path)


def _write_bridges(tree: _Tree, bridges: tuple[PciFn, ...]) -> None:
    for i, b in enumerate(bridges):
        _write_pci_fn(tree, _pci_dir(bridges[:i], b.slot), b)


def _write_drm(tree: _Tree, dev_dir: str, card: int, render: int | None,
               connectors: tuple[tuple[str, str], ...]) -> None:
    """drm/cardN (+ connectors) and drm/renderDN under a device, and their /sys/class/drm links."""
    names = [(f"card{card}", card)] + ([(f"renderD{render}", render)] if render is not None else [])
    for name, minor in names:
        d = f"{dev_dir}/drm/{name}"
        tree.write(f"{d}/dev", f"226:{minor}\n")
        tree.write(f"{d}/uevent", f"MAJOR=226\nMINOR={minor}\nDEVNAME=dri/{name}\nDEVTYPE=drm_minor\n")
        tree.link(f"{d}/device", dev_dir)
        tree.link(f"{d}/subsystem", "/sys/class/drm")
        tree.link(f"/sys/class/drm/{name}", d)
    for conn, status in connectors:
        cname = f"card{card}-{conn}"
        c = f"{dev_dir}/drm/card{card}/{cname}"
        tree.write(f"{c}/status", f"{status}\n")
        tree.write(f"{c}/enabled", "enabled\n" if status == "connected" else "disabled\n")
        tree.write(f"{c}/dpms", "On\n" if status == "connected" else "Off\n")
        tree.write(f"{c}/modes", "2560x1440\n1920x1080\n" if status == "connected" else "")
        tree.write(f"{c}/uevent", "DEVTYPE=drm_connector\n")
        tree.link(f"/sys/class/drm/{cname}", c)


def _pci_path(g: SimGpu) -> str:
    return _pci_dir(g.bridges, g.slot)


def _hwmon_path(g: SimGpu) -> str:
    return f"{_pci_path(g)}/hwmon/hwmon{g.hwmon}"


def _write_gpu(tree: _Tree, machine: SimMachine, index: int, g: SimGpu, t: float) -> dict:
    _write_bridges(tree, g.bridges)
    pci = _pci_path(g)
    fn = PciFn(g.slot, _AMD, g.device_id, g.pci_class, "amdgpu", g.subsystem, g.revision)
    _write_pci_fn(tree, pci, fn)
    w = tree.write
    w(f"{pci}/boot_vga", "1\n" if g.boot_vga else "0\n")
    w(f"{pci}/numa_node", f"{g.numa_node}\n")
    w(f"{pci}/current_link_speed", f"{g.link_speed}\n")
    w(f"{pci}/current_link_width", f"{g.link_width}\n")
    w(f"{pci}/max_link_speed", f"{g.link_speed}\n")
    w(f"{pci}/max_link_width", f"{g.link_width}\n")
    w(f"{pci}/vbios_version", f"{g.vbios}\n")
    w(f"{pci}/mem_info_vram_total", f"{g.vram_total}\n")
    w(f"{pci}/mem_info_vis_vram_total", f"{g.vis_vram_total or g.vram_total}\n")
    w(f"{pci}/mem_info_gtt_total", f"{g.gtt_total}\n")
    if g.vram_vendor:
        w(f"{pci}/mem_info_vram_vendor", f"{g.vram_vendor}\n")
    w(f"{pci}/power_dpm_force_performance_level", "auto\n")
    w(f"{pci}/power_dpm_state", "performance\n")
    w(f"{pci}/pp_dpm_socclk", _dpm_levels(g.socclk_levels, len(g.socclk_levels) // 2))
    w(f"{pci}/pp_dpm_fclk", _dpm_levels(g.fclk_levels, 0))
    if g.pcie_levels:
        w(f"{pci}/pp_dpm_pcie", g.pcie_levels)
    w(f"{pci}/power/runtime_status", f"{g.runtime_status}\n")
    w(f"{pci}/power/control", "auto\n")
    if g.unique_id is not None:
        w(f"{pci}/unique_id", f"{g.unique_id:016x}\n")
    if g.serial_number:
        w(f"{pci}/serial_number", f"{g.serial_number}\n")
    if g.product_name:
        w(f"{pci}/product_name", f"{g.product_name}\n")
    if g.compute_partition:
        w(f"{pci}/current_compute_partition", f"{g.compute_partition}\n")
        w(f"{pci}/available_compute_partition", "SPX, DPX, QPX, CPX\n")
        w(f"{pci}/current_memory_partition", f"{g.memory_partition}\n")
        w(f"{pci}/available_memory_partition", "NPS1, NPS4\n")
    if g.gc_ip is not None:
        major, minor, rev = g.gc_ip
        for inst in range(g.gc_instances):
            d = f"{pci}/ip_discovery/die/0/GC/{inst}"
            w(f"{d}/major", f"{major}\n")
            w(f"{d}/minor", f"{minor}\n")
            w(f"{d}/revision", f"{rev}\n")
            w(f"{d}/num_instance", f"{g.gc_instances}\n")
            w(f"{d}/hw_id", "11\n")
            w(f"{d}/harvest", "0x0\n")
    if g.audio is not None:
        _write_pci_fn(tree, _pci_dir(g.bridges, g.audio.slot), g.audio)

    # hwmon: static attributes; the moving ones come from _metric_files
    hw = _hwmon_path(g)
    w(f"{hw}/name", "amdgpu\n")
    w(f"{hw}/uevent", "")
    tree.link(f"{hw}/device", pci)
    tree.link(f"/sys/class/hwmon/hwmon{g.hwmon}", hw)
    for n, (label, crit, emergency) in enumerate(g.temps, start=g.temp_index_base):
        w(f"{hw}/temp{n}_label", f"{label}\n")
        if crit is not None:
            w(f"{hw}/temp{n}_crit", f"{crit * 1000}\n")
            w(f"{hw}/temp{n}_crit_hyst", "-273150\n")
        if emergency is not None:
            w(f"{hw}/temp{n}_emergency", f"{emergency * 1000}\n")
    w(f"{hw}/power1_label", f"{g.power_label}\n")
    if g.power_cap_w:
        w(f"{hw}/power1_cap", f"{g.power_cap_w * 1_000_000}\n")
        w(f"{hw}/power1_cap_default", f"{g.power_cap_w * 1_000_000}\n")
        w(f"{hw}/power1_cap_max", f"{g.power_cap_max_w * 1_000_000}\n")
        w(f"{hw}/power1_cap_min", f"{g.power_cap_min_w * 1_000_000}\n")
    w(f"{hw}/freq1_label", "sclk\n")
    if g.mclk_in_hwmon:
        w(f"{hw}/freq2_label", "mclk\n")
    if g.fan_max_rpm:
        w(f"{hw}/fan1_max", f"{g.fan_max_rpm}\n")
        w(f"{hw}/fan1_min", "0\n")
        w(f"{hw}/fan1_enable", "0\n")
        w(f"{hw}/pwm1_enable", "2\n")
        w(f"{hw}/pwm1_max", "255\n")
        w(f"{hw}/pwm1_min", "0\n")
    for n, name in enumerate(g.voltages):
        w(f"{hw}/in{n}_label", f"{name}\n")
    for path, text in _metric_files(g, _metrics_for(machine, index, t), pci, hw).items():
        w(path, text)

    _write_drm(tree, pci, g.card, g.render_minor, g.connectors)
    renders = [g.render_minor]
    for k in range(g.xcp_devices):
        # gfx 9.4.3 partitions: platform devices amdgpu_xcp.N, numbered across all cards
        plat = f"/sys/devices/platform/amdgpu_xcp.{_xcp_base(machine, index) + k}"
        w(f"{plat}/uevent", "DRIVER=amdgpu_xcp_drv\nMODALIAS=platform:amdgpu_xcp\n")
        _write_drm(tree, plat, g.card + 1 + k, g.render_minor + 1 + k, ())
        renders.append(g.render_minor + 1 + k)
    return {
        "index": index,
        "label": g.label,
        "gfx": g.gfx,
        "pci_slot": g.slot,
        "sysfs": pci,
        "hwmon": hw,
        "card": f"card{g.card}",
        "render_nodes": [f"/dev/dri/renderD{r}" for r in renders],
        "partitions": g.partitions,
        "kfd_nodes": [],
    }


def _xcp_base(machine: SimMachine, index: int) -> int:
    return sum(g.xcp_devices for g in machine.gpus[:index])


def _write_other(tree: _Tree, o: OtherGpu) -> None:
    _write_bridges(tree, o.bridges)
    path = _pci_dir(o.bridges, o.pci.slot)
    _write_pci_fn(tree, path, o.pci)
    tree.write(f"{path}/boot_vga", "1\n")
    _write_drm(tree, path, o.card, o.render_minor, o.connectors)


def _props(pairs: list[tuple[str, int]]) -> str:
    return "".join(f"{k} {v}\n" for k, v in pairs)


def _io_link(node_from: int, node_to: int, kind: int, weight: int, bw: tuple[int, int] = (0, 0)) -> str:
    return _props([
        ("type", kind), ("version_major", 0), ("version_minor", 0), ("node_from", node_from),
        ("node_to", node_to), ("weight", weight), ("min_latency", 0), ("max_latency", 0),
        ("min_bandwidth", bw[0]), ("max_bandwidth", bw[1]), ("recommended_transfer_size", 0),
        ("flags", 1 if kind != 5 else 0),
    ])


def _kfd_gpu_nodes(machine: SimMachine) -> list[tuple[int, int, int]]:
    """(node, gpu index, partition) for every KFD GPU node, CPU nodes first."""
    out = []
    n = len(machine.cpus)
    for i, g in enumerate(machine.gpus):
        for p in range(g.partitions):
            out.append((n, i, p))
            n += 1
    return out


def _write_kfd(tree: _Tree, machine: SimMachine, gpu_meta: list[dict]) -> None:
    kfd = "/sys/devices/virtual/kfd/kfd"
    tree.link("/sys/class/kfd/kfd", kfd)
    tree.write(f"{kfd}/dev", "234:0\n")
    tree.write(f"{kfd}/uevent", "MAJOR=234\nMINOR=0\nDEVNAME=kfd\n")
    tree.mkdir(f"{kfd}/proc")
    topo = f"{kfd}/topology"
    tree.write(f"{topo}/generation_id", "1\n")
    tree.write(f"{topo}/system_properties", "platform_oem 0\nplatform_id 0\nplatform_rev 0\n")
    gpu_nodes = _kfd_gpu_nodes(machine)
    ncpu = len(machine.cpus)
    for c, cpu in enumerate(machine.cpus):
        d = f"{topo}/nodes/{c}"
        mine = [node for node, i, _p in gpu_nodes if machine.gpus[i].numa_node in (-1, c)]
        others = [x for x in range(ncpu) if x != c]
        tree.write(f"{d}/properties", _props([
            ("cpu_cores_count", cpu.threads), ("simd_count", 0), ("mem_banks_count", 1),
            ("caches_count", 0), ("io_links_count", len(mine) + len(others)), ("p2p_links_count", 0),
            ("cpu_core_id_base", c * cpu.threads), ("simd_id_base", 0), ("max_waves_per_simd", 0),
            ("lds_size_in_kb", 0), ("gds_size_in_kb", 0), ("num_gws", 0), ("wave_front_size", 0),
            ("array_count", 0), ("simd_arrays_per_engine", 0), ("cu_per_simd_array", 0),
            ("simd_per_cu", 0), ("max_slots_scratch_cu", 0), ("gfx_target_version", 0),
            ("vendor_id", 0), ("device_id", 0), ("location_id", 0), ("domain", 0),
            ("drm_render_minor", 0), ("hive_id", 0), ("num_sdma_engines", 0),
            ("num_sdma_xgmi_engines", 0), ("num_sdma_queues_per_engine", 0), ("num_cp_queues", 0),
            ("max_engine_clk_ccompute", cpu.max_mhz),
        ]))
        tree.write(f"{d}/gpu_id", "0\n")
        tree.write(f"{d}/name", "\n")
        tree.write(f"{d}/mem_banks/0/properties", _props([
            ("heap_type", 0), ("size_in_bytes", cpu.mem_bytes), ("flags", 0), ("width", 64),
            ("mem_clk_max", 4800),
        ]))
        tree.mkdir(f"{d}/caches")
        tree.mkdir(f"{d}/p2p_links")
        tree.mkdir(f"{d}/io_links")
        for k, other in enumerate(others):
            tree.write(f"{d}/io_links/{k}/properties", _io_link(c, other, 5, 21))
        for k, node in enumerate(mine, start=len(others)):
            tree.write(f"{d}/io_links/{k}/properties", _io_link(c, node, 2, 20, (312, 64000)))
    used_ids: set[int] = set()
    for node, i, p in gpu_nodes:
        g = machine.gpus[i]
        d = f"{topo}/nodes/{node}"
        bus, dev_fn = g.slot.split(":")[1], g.slot.split(":")[2]
        dev, fn = dev_fn.split(".")
        location = (int(bus, 16) << 8) | (int(dev, 16) << 3) | int(fn)
        if g.partitions > 1 or g.xcp_devices:
            location |= p  # gfx 9.4.3: KFD ORs the partition into location_id
        gpu_id = _seed(f"{machine.name}:gpu_id:{node}") % 65000 + 500
        while gpu_id in used_ids:
            gpu_id += 1
        used_ids.add(gpu_id)
        cpu_node = g.numa_node if g.numa_node >= 0 else 0
        vram = g.vram_total // g.partitions
        # XGMI (type 11) to every other node of the hive; partitions of one card are closer
        peers = [(n, j) for n, j, _q in gpu_nodes if n != node and g.hive_id and machine.gpus[j].hive_id == g.hive_id]
        props = [
            ("cpu_cores_count", 0), ("simd_count", g.simd_count), ("mem_banks_count", 1),
            ("caches_count", 0), ("io_links_count", 1 + len(peers)), ("p2p_links_count", 0),
            ("cpu_core_id_base", 0), ("simd_id_base", 2147487744 + 256 * (node - ncpu)),
            ("max_waves_per_simd", g.max_waves_per_simd), ("lds_size_in_kb", 64), ("gds_size_in_kb", 0),
            ("num_gws", 64), ("wave_front_size", g.wave_front_size), ("array_count", g.array_count),
            ("simd_arrays_per_engine", 2 if g.kind != "instinct" else 1),
            ("cu_per_simd_array", g.cu_per_simd_array), ("simd_per_cu", g.simd_per_cu),
            ("max_slots_scratch_cu", 32), ("gfx_target_version", g.gfx_target_version),
            ("vendor_id", _AMD), ("device_id", g.device_id), ("location_id", location), ("domain", 0),
            ("drm_render_minor", g.render_minor + p), ("hive_id", g.hive_id),
            ("num_sdma_engines", 2), ("num_sdma_xgmi_engines", 6 if g.hive_id else 0),
            ("num_sdma_queues_per_engine", 8), ("num_cp_queues", 24 if g.kind == "instinct" else 8),
            ("max_engine_clk_fcompute", g.sclk[1]), ("local_mem_size", 0),  # 0 on new kernels
            ("fw_version", 149 if g.kind == "instinct" else 2200), ("capability", 746037888),
            ("debug_prop", 1511), ("sdma_fw_version", 19), ("unique_id", g.unique_id or 0),
        ]
        if g.num_xcc is not None:
            props.append(("num_xcc", g.num_xcc))
        props.append(("max_engine_clk_ccompute", machine.cpus[cpu_node].max_mhz))
        tree.write(f"{d}/properties", _props(props))
        tree.write(f"{d}/gpu_id", f"{gpu_id}\n")
        tree.write(f"{d}/name", f"{g.kfd_name}\n")
        tree.write(f"{d}/mem_banks/0/properties", _props([
            ("heap_type", 1), ("size_in_bytes", vram), ("flags", 0),
            ("width", 8192 if g.kind == "instinct" else 128 if g.kind == "apu" else 384),
            ("mem_clk_max", g.mclk_levels[-1]),
        ]))
        tree.mkdir(f"{d}/caches")
        tree.mkdir(f"{d}/p2p_links")
        tree.write(f"{d}/io_links/0/properties", _io_link(node, cpu_node, 2, 20, (312, 64000)))
        for k, (peer, j) in enumerate(peers, start=1):
            tree.write(f"{d}/io_links/{k}/properties", _io_link(node, peer, 11, 13 if j == i else 15))
        gpu_meta[i]["kfd_nodes"].append(node)


def _write_system(tree: _Tree, machine: SimMachine) -> None:
    w = tree.write
    w("/usr/lib/os-release", machine.os_release)
    tree.link("/etc/os-release", "/usr/lib/os-release")
    w("/etc/hostname", f"{machine.hostname}\n")
    w("/proc/sys/kernel/osrelease", f"{machine.kernel}\n")
    w("/proc/sys/kernel/hostname", f"{machine.hostname}\n")
    w("/proc/version", f"{machine.proc_version}\n")
    w("/proc/cmdline", f"BOOT_IMAGE=/boot/vmlinuz-{machine.kernel} root=UUID=4f3c2a1e-9b7d-4e21-8c55-"
      f"{_seed(machine.name) % 10**12:012d} ro quiet splash{''.join(' ' + a for a in machine.kernel_args)}\n")
    total = machine.mem_total_kib
    w("/proc/meminfo", f"MemTotal:       {total} kB\nMemFree:        {total * 6 // 10} kB\n"
      f"MemAvailable:   {total * 8 // 10} kB\n")
    cpuinfo = []
    for s, cpu in enumerate(machine.cpus):
        for k in range(cpu.threads):
            cpuinfo.append(
                f"processor\t: {s * cpu.threads + k}\nvendor_id\t: "
                f"{'GenuineIntel' if 'Intel' in cpu.model_name else 'AuthenticAMD'}\n"
                f"model name\t: {cpu.model_name}\nphysical id\t: {s}\nsiblings\t: {cpu.threads}\n"
                f"cpu cores\t: {cpu.threads // 2}\n"
            )
    w("/proc/cpuinfo", "\n".join(cpuinfo) + "\n")
    modules = []
    if machine.amdgpu_loaded and machine.gpus:
        taint = " (OE)" if machine.amdgpu_module_version else ""
        modules.append(f"amdgpu 19820544 {4 * len(machine.gpus)} - Live 0x0000000000000000{taint}")
        if not machine.amdgpu_module_version:
            modules += ["amdxcp 12288 1 amdgpu, Live 0x0000000000000000",
                        "drm_exec 12288 1 amdgpu, Live 0x0000000000000000",
                        "gpu_sched 61440 1 amdgpu, Live 0x0000000000000000",
                        "drm_buddy 20480 1 amdgpu, Live 0x0000000000000000",
                        "drm_ttm_helper 12288 1 amdgpu, Live 0x0000000000000000",
                        "ttm 110592 2 amdgpu,drm_ttm_helper, Live 0x0000000000000000"]
    modules += list(machine.extra_modules)
    modules += ["snd_hda_intel 61440 3 - Live 0x0000000000000000",
                "k10temp 12288 0 - Live 0x0000000000000000" if "AMD" in machine.cpus[0].model_name
                else "coretemp 24576 0 - Live 0x0000000000000000"]
    w("/proc/modules", "\n".join(modules) + "\n")
    if machine.amdgpu_loaded and machine.gpus:
        w("/sys/module/amdgpu/initstate", "live\n")
        w("/sys/module/amdgpu/refcnt", f"{4 * len(machine.gpus)}\n")
        if machine.amdgpu_module_version:
            w("/sys/module/amdgpu/version", f"{machine.amdgpu_module_version}\n")
            w("/sys/module/amdgpu/taint", "OE\n")
    w("/sys/class/drm/version", "drm 1.1.0 20060810\n")
    for key, value in machine.dmi:
        w(f"/sys/devices/virtual/dmi/id/{key}", f"{value}\n")
    if machine.dmi:
        tree.link("/sys/class/dmi/id", "/sys/devices/virtual/dmi/id")

    # users and groups
    members = {g: [machine.user] for g in machine.user_groups}
    if any(n == "adm" for n, _ in machine.groups) and machine.os_release.startswith('PRETTY_NAME="Ubuntu'):
        members.setdefault("adm", []).insert(0, "syslog")
    lines = [f"{n}:x:{gid}:{','.join(members.get(n, []))}" for n, gid in machine.groups]
    lines.append(f"{machine.user}:x:{machine.uid}:")
    w("/etc/group", "\n".join(lines) + "\n")
    w("/etc/passwd", "root:x:0:0:root:/root:/bin/bash\n"
      "daemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n"
      "bin:x:2:2:bin:/bin:/usr/sbin/nologin\n"
      "sys:x:3:3:sys:/dev:/usr/sbin/nologin\n"
      "nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n"
      "systemd-network:x:998:998:systemd Network Management:/:/usr/sbin/nologin\n"
      f"{machine.user}:x:{machine.uid}:{machine.uid}:{machine.gecos}:/home/{machine.user}:/bin/bash\n")
    tree.mkdir(f"/home/{machine.user}")

    # packages, repositories, ROCm trees
    for path, text in machine.apt_files:
        w(path, text)
    stanzas = []
    for pkg, status, version in machine.packages:
        stanzas.append(f"Package: {pkg}\nStatus: {status}\nPriority: optional\nSection: misc\n"
                       f"Architecture: {'all' if pkg == 'amdgpu-install' else 'amd64'}\nVersion: {version}\n"
                       f"Description: {pkg} (simulated)\n")
    w("/var/lib/dpkg/status", "\n".join(stanzas))
    for n, (version, build) in enumerate(machine.rocm):
        base = f"/opt/rocm-{version}"
        w(f"{base}/.info/version", f"{version}-{build}\n")
        major, minor, patch = (int(x) for x in version.split("."))
        w(f"{base}/include/rocm-core/rocm_version.h",
          f"#define ROCM_VERSION_MAJOR   {major}\n#define ROCM_VERSION_MINOR   {minor}\n"
          f"#define ROCM_VERSION_PATCH   {patch}\n")
        tree.mkdir(f"{base}/lib")
        if n == 0:  # update-alternatives' chain, kept relative so it resolves inside the tree
            tree.link("/etc/alternatives/rocm", base)
            tree.link("/opt/rocm", "/etc/alternatives/rocm")
    for leftover in machine.rocm_leftovers:
        tree.mkdir(f"{leftover}/share/doc")
        tree.mkdir(f"{leftover}/lib/cmake")
    if machine.amdgpu_ids is not None:
        w("/usr/share/libdrm/amdgpu.ids", _amdgpu_ids_text(machine.amdgpu_ids))
    if machine.amdgpu_ids_rocm:
        w("/opt/amdgpu/share/libdrm/amdgpu.ids", _amdgpu_ids_text(_IDS_2025))


def _ls_mode(bits: int) -> str:
    return stat_mod.filemode(stat_mod.S_IFCHR | bits)


def _write_dev(tree: _Tree, machine: SimMachine) -> dict[str, dict]:
    nodes: dict[str, dict] = {}

    def node(path: str, mode: DeviceMode, rdev: str) -> None:
        tree.write(path, "", mode.bits)  # a plain file: no mknod without root
        nodes[path] = {"owner": mode.owner, "group": mode.group, "mode": _ls_mode(mode.bits),
                       "mode_bits": mode.bits, "type": "char", "rdev": rdev}

    if machine.kfd and machine.gpus:
        node("/dev/kfd", machine.kfd_mode, "234:0")
    cards: list[tuple[int, int | None]] = [(o.card, o.render_minor) for o in machine.others]
    for g in machine.gpus:
        cards.append((g.card, g.render_minor))
        cards += [(g.card + 1 + k, g.render_minor + 1 + k) for k in range(g.xcp_devices)]
    for card, render in sorted(cards):
        node(f"/dev/dri/card{card}", machine.card_mode, f"226:{card}")
        if render is not None:
            node(f"/dev/dri/renderD{render}", machine.render_mode, f"226:{render}")
    return nodes


def _write_cpu_hwmon(tree: _Tree, machine: SimMachine) -> None:
    """The CPU's own sensor, so a reader that scans /sys/class/hwmon meets a non-amdgpu one."""
    amd = "AMD" in machine.cpus[0].model_name
    path = "/sys/devices/pci0000:00/0000:00:18.3/hwmon/hwmon1" if amd else "/sys/devices/platform/coretemp.0/hwmon/hwmon1"
    tree.write(f"{path}/name", "k10temp\n" if amd else "coretemp\n")
    tree.write(f"{path}/temp1_input", "48250\n")
    tree.write(f"{path}/temp1_label", "Tctl\n" if amd else "Package id 0\n")
    tree.link("/sys/class/hwmon/hwmon1", path)


def _env_for(machine: SimMachine) -> dict[str, str]:
    home = f"/home/{machine.user}"
    env = {
        "USER": machine.user, "LOGNAME": machine.user, "HOME": home, "SHELL": "/bin/bash",
        "LANG": machine.lang, "PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
    }
    env.update(machine.env)
    return env


def _build_into(machine: SimMachine, dest: Path, t: float) -> None:
    tree = _Tree(dest)
    _write_system(tree, machine)
    _write_cpu_hwmon(tree, machine)
    gpu_meta = [_write_gpu(tree, machine, i, g, t) for i, g in enumerate(machine.gpus)]
    for o in machine.others:
        _write_other(tree, o)
    if machine.kfd and machine.gpus:
        _write_kfd(tree, machine, gpu_meta)
    device_nodes = _write_dev(tree, machine)
    check = ["/etc/os-release", "/proc/version", "/sys/class/drm", "/etc/group"]
    for gm in gpu_meta:
        check += [gm["sysfs"] + "/uevent", gm["hwmon"] + "/name", f"/sys/class/drm/{gm['card']}"]
    for node, _i, _p in (_kfd_gpu_nodes(machine) if machine.kfd else []):
        check.append(f"/sys/class/kfd/kfd/topology/nodes/{node}/properties")
    meta = {
        "name": machine.name,
        "description": machine.about,
        "user": machine.user,
        "uid": machine.uid,
        "session_groups": list(machine.session_groups),
        "env": dict(machine.env),
        "host_env": _env_for(machine),  # lets simcache open the tree without this module
        "device_nodes": device_nodes,
        "simulated_at": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
        "metrics_t": t,
        "builder_version": builder_version(),
        "gpus": gpu_meta,
        "check_paths": check,
        "complete": True,
    }
    # written last: its presence marks a finished tree
    (dest / META_FILE).write_text(json.dumps(meta, indent=1, sort_keys=True), encoding="utf-8")


# ---------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------


def build(name: str, dest: Path, t: float | None = None) -> Path:
    """Write the tree of machine ``name`` under ``dest`` (metrics as at time t, default 0) and return dest."""
    machine = get_machine(name)
    dest = Path(dest)
    dest.mkdir(parents=True, exist_ok=True)
    _build_into(machine, dest, 0.0 if t is None else float(t))
    return dest


def build_machine(machine: SimMachine, dest: Path, t: float | None = None) -> Host:
    """Write the tree of a machine record (e.g. a catalogue machine with a fault put in by
    ``dataclasses.replace``) under ``dest`` and return a Host over it.  Nothing is cached."""
    dest = Path(dest)
    dest.mkdir(parents=True, exist_ok=True)
    _build_into(machine, dest, 0.0 if t is None else float(t))
    meta = sim_metadata(dest)
    if meta is None:
        raise RuntimeError(f"the simulated tree at {dest} has no readable metadata")
    return host_from_meta(dest, meta)


def _usable(target: Path, name: str) -> bool:
    return usable(target, name) is not None


def ensure_built(name: str, cache_dir: Path | None = None) -> Path:
    """The cached tree of ``name``, built (into a temporary folder, then renamed) when missing or stale."""
    machine = get_machine(name)
    base = Path(cache_dir) if cache_dir is not None else default_cache_dir()
    target = base / machine.name
    if _usable(target, machine.name):
        return target
    base.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{machine.name}.build-", dir=base))
    try:
        _build_into(machine, tmp, 0.0)
        if os.path.lexists(target):
            trash = Path(tempfile.mkdtemp(prefix=f".{machine.name}.old-", dir=base))
            try:
                os.replace(target, trash / "tree")
            except OSError:
                pass  # another process moved it first
        try:
            os.replace(tmp, target)
        except OSError:
            # another process put its own tree in place meanwhile; keep it if it is good
            if not _usable(target, machine.name):
                raise
        _remove_stale(base, machine.name)
    finally:
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)
    return target


def _remove_stale(base: Path, name: str) -> None:
    for p in base.glob(f".{name}.old-*"):
        shutil.rmtree(p, ignore_errors=True)


def open_simulated(name: str, cache_dir: Path | None = None) -> Host:
    """A Host over the simulated machine ``name``, built in (or reused from) the per-user cache.

    ``cache_dir`` replaces ``user_cache_dir("rocmdesk")/simulated``: the tree goes to ``cache_dir/name``.
    """
    get_machine(name)  # an unknown name is a KeyError before anything is written
    root = ensure_built(name, cache_dir)
    meta = sim_metadata(root)
    if meta is None:
        raise RuntimeError(f"the simulated tree at {root} has no readable metadata")
    return host_from_meta(root, meta)


def _atomic_write(path: Path, text: str) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")  # dotted: no glob like temp*_input sees it
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write(text)
    os.replace(tmp, path)


def write_metrics(root: Path, t: float) -> None:
    """Rewrite the moving metric files of a simulated tree as at time t; each file is replaced atomically.

    GPUs whose ``power/runtime_status`` is ``suspended`` are left alone: reading a real one would wake it.
    """
    root = Path(root)
    meta = sim_metadata(root)
    if meta is None:
        raise ValueError(f"{root} is not a simulated machine (no readable {META_FILE})")
    machine = get_machine(str(meta.get("name")))
    host = Host.at_root(root, label="simulated tree")
    for gm in meta.get("gpus", []):
        index = gm.get("index")
        if not isinstance(index, int) or not 0 <= index < len(machine.gpus):
            continue
        pci, hw = str(gm.get("sysfs")), str(gm.get("hwmon"))
        if host.read_value(f"{pci}/power/runtime_status") == "suspended":
            continue
        g = machine.gpus[index]
        for p, text in _metric_files(g, _metrics_for(machine, index, t), pci, hw).items():
            _atomic_write(host.path(p), text)


# ---------------------------------------------------------------------------
# Simulated GPU processes (for the monitor's process table)
# ---------------------------------------------------------------------------

_SIM_PID_BASE = 31400  # training ranks get 31400 + GPU index; the compositor 2100


def _sim_processes(machine: SimMachine, gm: dict, t: float) -> list[dict]:
    """The processes one GPU has at time t: a training rank while it holds a job, the desktop's compositor."""
    i = gm["index"]
    g = machine.gpus[i]
    m = _metrics_for(machine, i, t)
    out = []
    job = max(0, m.vram_used_bytes - g.vram_idle_used)
    if job >= 64 * MiB:
        out.append({"pid": _SIM_PID_BASE + i, "comm": "python3", "kfd": True,
                    "cmdline": ["python3", "train.py", f"--local-rank={i}"],
                    "vram": job, "gtt": max(0, m.gtt_used_bytes - g.gtt_idle_used), "busy": m.busy_percent})
    if g.boot_vga and g.connectors:  # the display GPU: a graphics client with no KFD memory
        out.append({"pid": 2100, "comm": "gnome-shell", "kfd": False, "cmdline": ["/usr/bin/gnome-shell"],
                    "vram": g.vram_idle_used // 2, "gtt": g.gtt_idle_used // 2, "busy": 1})
    return out


def write_processes(root: Path, t: float = 0.0) -> list[dict]:
    """Write the simulated GPU processes of a tree as at time t and return them (pid, comm, gpu, vram).

    Each gets ``/proc/<pid>/{comm,cmdline,fd/<n>,fdinfo/<n>}`` (fd links to the render node, a
    dup'ed descriptor repeats its ``drm-client-id``); compute ones also KFD's
    ``/sys/class/kfd/kfd/proc/<pid>/vram_<gpu_id>``.  Processes that end are removed.
    """
    root = Path(root)
    meta = sim_metadata(root)
    if meta is None:
        raise ValueError(f"{root} is not a simulated machine (no readable {META_FILE})")
    machine = get_machine(str(meta.get("name")))
    host = Host.at_root(root, label="simulated tree")
    written: list[dict] = []
    alive: set[int] = set()
    for gm in meta.get("gpus", []):
        index = gm.get("index")
        if not isinstance(index, int) or not 0 <= index < len(machine.gpus):
            continue
        if host.read_value(f"{gm['sysfs']}/power/runtime_status") == "suspended":
            continue
        render = (gm.get("render_nodes") or [None])[0]
        nodes = gm.get("kfd_nodes") or []
        gpu_id = host.read_int(f"/sys/class/kfd/kfd/topology/nodes/{nodes[0]}/gpu_id", 10) if nodes else None
        for p in _sim_processes(machine, gm, t):
            pid = p["pid"]
            alive.add(pid)
            base = host.path(f"/proc/{pid}")
            (base / "fd").mkdir(parents=True, exist_ok=True)
            (base / "fdinfo").mkdir(parents=True, exist_ok=True)
            if not (base / "comm").exists():  # what does not move is written once
                _atomic_write(base / "comm", p["comm"] + "\n")
                _atomic_write(base / "cmdline", "\0".join(p["cmdline"]) + "\0")
            fds = {4: 0, 5: 0} if render else {}  # fd 5 is a dup of fd 4: same DRM client
            if p["kfd"] and machine.kfd:
                fds = {3: None, **fds}
            for fd, _ in fds.items():
                link = base / "fd" / str(fd)
                target = "/dev/kfd" if fd == 3 else render
                if not os.path.lexists(link):
                    os.symlink(target, link)
                if fd == 3:
                    if not (base / "fdinfo" / "3").exists():
                        _atomic_write(base / "fdinfo" / "3", "pos:\t0\nflags:\t02100002\nmnt_id:\t25\n")
                    continue
                engine_ns = int(t * 1e9 * p["busy"] / 100)
                _atomic_write(base / "fdinfo" / str(fd), (
                    f"pos:\t0\nflags:\t02100002\nmnt_id:\t25\nino:\t{1000 + pid}\ndrm-driver:\tamdgpu\n"
                    f"drm-client-id:\t{pid * 10 + index}\ndrm-pdev:\t{gm['pci_slot']}\npasid:\t{32768 + pid % 1000}\n"
                    f"drm-memory-vram:\t{p['vram'] // KiB} KiB\ndrm-memory-gtt:\t{p['gtt'] // KiB} KiB\n"
                    f"drm-memory-cpu:\t0 KiB\namd-memory-visible-vram:\t{p['vram'] // KiB} KiB\n"
                    f"drm-engine-gfx:\t{engine_ns} ns\n"))
            if p["kfd"] and machine.kfd and gpu_id:
                kfd = host.path(f"/sys/class/kfd/kfd/proc/{pid}")
                kfd.mkdir(parents=True, exist_ok=True)
                if not (kfd / "pasid").exists():
                    _atomic_write(kfd / "pasid", f"{32768 + pid % 1000}\n")
                _atomic_write(kfd / f"vram_{gpu_id}", f"{p['vram']}\n")
            written.append({"pid": pid, "comm": p["comm"], "gpu": index, "vram_bytes": p["vram"],
                            "gtt_bytes": p["gtt"], "kfd": bool(p["kfd"] and machine.kfd)})
    # processes that ended: gone from /proc and from KFD
    for where in ("/proc", "/sys/class/kfd/kfd/proc"):
        for name in host.listdir(where):
            if name.isdigit() and (int(name) >= _SIM_PID_BASE or int(name) == 2100) and int(name) not in alive:
                shutil.rmtree(host.path(f"{where}/{name}"), ignore_errors=True)
    return written
