"""What a simulated machine is made of: plain, frozen records.

The specs themselves are data (``simulated/*.toml``, read by ``sim_spec``); the tree writer (``sim_tree``)
and the load model (``sim_load``) read these records.  Tests build variants with ``dataclasses.replace``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rocmdesk.i18n import translate

KiB = 1024
MiB = 1024 * KiB
GiB = 1024 * MiB


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
