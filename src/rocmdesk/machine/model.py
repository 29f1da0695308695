"""Records that describe a machine.  Plain data: built by detectors, read by the CLI and UI.

The JSON form (``MachineReport.to_json``) is a contract: later features add keys,
none are renamed.  Unknown values are ``None`` (JSON ``null``), never a guess.
"""

from __future__ import annotations

from rocmdesk.knowledge.records import asdict, field, record
from rocmdesk.knowledge.support import Support

TYPE_CHECKING = False  # typing's, without importing typing on the command line's path
if TYPE_CHECKING:
    from typing import Any

    from rocmdesk.advice.model import GpuAdvice, MachineAdvice

__all__ = ["Support"]  # re-exported: a GPU's verdict is part of the machine record


@record
class PcieLink:
    speed_gts: float | None = None
    width: int | None = None
    max_speed_gts: float | None = None
    max_width: int | None = None

    @property
    def degraded(self) -> bool:
        """Running below the link's maximum (a riser, a wrong slot, a power-saving state at idle)."""
        return bool((self.speed_gts and self.max_speed_gts and self.speed_gts < self.max_speed_gts)
                    or (self.width and self.max_width and self.width < self.max_width))


@record
class Xgmi:
    hive_id: str | None = None  # decimal, as sysfs prints it (a 64-bit number: text keeps it exact in JSON)
    device_id: str | None = None
    physical_id: int | None = None
    links: int | None = None  # the sum of xgmi_num_links: the device's XGMI links to its peers
    peers: int | None = None  # hive nodes this device has at least one link to


@record
class DeviceFacts:
    vbios_version: str | None = None
    pcie_link: PcieLink | None = None
    compute_partition: str | None = None
    compute_partitions_available: list[str] | None = None
    memory_partition: str | None = None
    memory_partitions_available: list[str] | None = None
    # RAS error counts per block: {"umc": {"ue": 0, "ce": 2}}; None: the card has no RAS files
    ras_errors: dict[str, dict[str, int]] | None = None
    xgmi: Xgmi | None = None
    # files the device has but that said something unreadable: name -> the text (a RAS query that cannot run now)
    unreadable: dict[str, str] = field(default_factory=dict)


@record
class Gpu:
    index: int
    name: str | None
    gfx: str | None  # the physical target (from KFD, IP discovery or the device id)
    gfx_reported: str | None  # what the runtime or a tool reports (differs under an override)
    device_id: str | None  # 4 lowercase hex digits, no 0x
    revision: str | None  # 2 lowercase hex digits, no 0x
    pci_slot: str | None  # 0000:0b:00.0
    vram_total_bytes: int | None
    kfd_node: int | None
    apu: bool | None
    support: Support | None = None
    # beyond the base contract
    subsystem_vendor: str | None = None
    subsystem_device: str | None = None
    card: str | None = None  # drm card name, e.g. card0
    render_node: str | None = None  # /dev/dri/renderD128
    gfx_source: str | None = None  # kfd | ip_discovery | device_id
    name_source: str | None = None  # system-amdgpu.ids | rocmdesk-table | device-id-table | kfd
    family: str | None = None
    kind: str | None = None  # dgpu | apu | instinct | pro, from the device table
    partition: int | None = None  # index of this KFD node within a partitioned card
    physical_id: str | None = None  # groups the partitions of one card
    runtime_status: str | None = None  # power/runtime_status, e.g. active / suspended
    sysfs_device: str | None = None  # machine path of the PCI device directory
    # what the device folder says beside the name (machine.device_facts): all None where the files are absent
    vbios_version: str | None = None
    pcie_link: PcieLink | None = None  # current vs maximum speed and width
    compute_partition: str | None = None  # SPX | DPX | QPX | CPX (MI300)
    compute_partitions_available: list[str] | None = None
    memory_partition: str | None = None  # NPS1 | NPS4 (MI300)
    memory_partitions_available: list[str] | None = None
    ras_errors: dict[str, dict[str, int]] | None = None  # RAS counts per block: {"umc": {"ue": 0, "ce": 2}}
    xgmi: Xgmi | None = None
    # the one verdict (rocmdesk.advice), set by the front end that asked for advice; None: not advised yet
    advice: "GpuAdvice | None" = None


@record
class Agent:
    """A non-GPU agent as a runtime lists it (CPU, NPU, DSP)."""

    name: str | None
    kind: str
    node: int | None = None


@record
class OsInfo:
    id: str | None = None
    version_id: str | None = None
    codename: str | None = None
    id_like: list[str] = field(default_factory=list)
    pretty_name: str | None = None
    repo_codename: str | None = None  # the Ubuntu codename AMD's repositories use for this OS
    wsl: bool = False
    container: str | None = None  # docker | podman | lxc | systemd-nspawn | ...


@record
class KernelInfo:
    release: str | None = None
    version: str | None = None  # 6.8.0 (numeric part)
    amdgpu_loaded: bool | None = None
    amdgpu_source: str | None = None  # how that was decided
    dkms: bool | None = None


@record
class RocmInstall:
    path: str
    version: str | None


@record
class RocmInfo:
    installed: list[RocmInstall] = field(default_factory=list)
    packages: dict[str, str] = field(default_factory=dict)  # name -> version (dpkg)
    repo_lists: list[str] = field(default_factory=list)  # machine paths of AMD apt lists
    repo_lines: list[str] = field(default_factory=list)
    primary_version: str | None = None
    residue: list[str] = field(default_factory=list)  # evidence of other/old ROCm versions
    rocminfo_available: bool = False
    rocminfo_error: str | None = None


@record
class DeviceNode:
    path: str
    present: bool
    owner: str | None = None
    group: str | None = None
    mode: str | None = None  # crw-rw----
    opens_rw: bool | None = None  # None: not tried (not the live machine)
    open_error: str | None = None


@record
class AccessInfo:
    user: str | None = None
    groups_configured: list[str] = field(default_factory=list)  # from /etc/group
    groups_session: list[str] | None = None  # the running session; None for a tree
    needs_relogin: bool = False  # in /etc/group but not in this session
    missing_groups: list[str] = field(default_factory=list)  # render/video not configured
    kfd: DeviceNode | None = None
    render_nodes: list[DeviceNode] = field(default_factory=list)
    ok: bool | None = None


@record
class MachineReport:
    source: str  # "live", "root:<dir>", "simulated:<name>"
    simulated: bool
    gpus: list[Gpu] = field(default_factory=list)
    other_agents: list[Agent] = field(default_factory=list)
    os: OsInfo = field(default_factory=OsInfo)
    kernel: KernelInfo = field(default_factory=KernelInfo)
    rocm: RocmInfo = field(default_factory=RocmInfo)
    access: AccessInfo = field(default_factory=AccessInfo)
    warnings: list[str] = field(default_factory=list)
    knowledge_as_of: str | None = None
    override_env: dict[str, str] = field(default_factory=dict)  # HSA_OVERRIDE_GFX_VERSION* seen
    # the machine's advice in its own context (rocmdesk.advice.attach); each GPU carries its part as Gpu.advice
    advice: "MachineAdvice | None" = None

    def to_json(self) -> dict[str, Any]:
        advice, self.advice = self.advice, None
        try:
            data = asdict(self)
        finally:
            self.advice = advice
        for g, out in zip(self.gpus, data["gpus"]):
            out["advice"] = g.advice.to_json() if g.advice is not None else None
        data["advice"] = advice.to_json() if advice is not None else None
        return data
