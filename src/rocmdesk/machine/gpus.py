"""AMD GPUs from ``/sys/class/drm/card*/device``, matched to KFD nodes for their gfx target."""

from __future__ import annotations

import re

from rocmdesk.knowledge.records import field, record
from rocmdesk.machine.host import Host
from rocmdesk.machine.kfd import KfdNode
from rocmdesk.machine.model import DeviceFacts, Gpu
from rocmdesk.machine.names import NameTable, marketing_name

DRM = "/sys/class/drm"
AMD_VENDOR = 0x1002
_CARD = re.compile(r"^card(\d+)$")  # card0-DP-1 and friends are connectors, not cards
_RENDER = re.compile(r"^renderD(\d+)$")


@record
class DrmCard:
    """One PCI function with a DRM card, as sysfs shows it."""

    card: str
    device_path: str  # machine path of the PCI device directory (resolved)
    vendor: int | None
    device_id: str | None
    revision: str | None
    subsystem_vendor: str | None
    subsystem_device: str | None
    pci_slot: str | None
    driver: str | None
    vram_total_bytes: int | None
    render_minor: int | None
    ip_gc: tuple[int, int, int] | None
    runtime_status: str | None
    uevent: dict[str, str] = field(default_factory=dict)
    facts: DeviceFacts | None = None  # VBIOS, PCIe link, partitions, RAS, XGMI (AMD devices only)


def _hex_value(text: str | None, width: int) -> str | None:
    if text is None:
        return None
    try:
        value = int(text, 16)
    except ValueError:
        return None
    if not 0 <= value < 16**width:
        return None  # a PCI id has a fixed width: anything longer is garbage, not an id
    return f"{value:0{width}x}"


def parse_uevent(text: str | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for line in (text or "").splitlines():
        key, sep, value = line.partition("=")
        if sep:
            out[key.strip()] = value.strip()
    return out


def _ip_discovery_gc(host: Host, dev: str) -> tuple[int, int, int] | None:
    """The GC (graphics) IP version from ``ip_discovery/die/*/GC/*``."""
    for die in host.glob(f"{dev}/ip_discovery/die", "*"):
        for inst in host.glob(f"{die}/GC", "*"):
            major = host.read_int(f"{inst}/major", 10)
            minor = host.read_int(f"{inst}/minor", 10)
            rev = host.read_int(f"{inst}/revision", 10)
            if major is not None and minor is not None and rev is not None:
                return major, minor, rev
    return None


def read_card(host: Host, card: str) -> DrmCard | None:
    dev = f"{DRM}/{card}/device"
    if not host.is_dir(dev):
        return None
    uevent_text = host.read_text(f"{dev}/uevent")
    uevent = parse_uevent(uevent_text)
    if uevent_text is not None and _not_pci(uevent):
        return _platform_card(card, dev, uevent)
    pci_id = uevent.get("PCI_ID", "")
    id_vendor, _, id_device = pci_id.partition(":")
    vendor_text = host.read_value(f"{dev}/vendor") or (f"0x{id_vendor}" if id_vendor else None)
    vendor = int(vendor_text, 16) if vendor_text and _hex_value(vendor_text, 4) else None
    device_id = _hex_value(host.read_value(f"{dev}/device"), 4) or _hex_value(id_device or None, 4)
    sub_pair = uevent.get("PCI_SUBSYS_ID", "").partition(":")
    subsystem_vendor = _hex_value(host.read_value(f"{dev}/subsystem_vendor"), 4) or _hex_value(
        sub_pair[0] or None, 4
    )
    subsystem_device = _hex_value(host.read_value(f"{dev}/subsystem_device"), 4) or _hex_value(
        sub_pair[2] or None, 4
    )
    resolved = host.realpath(dev)
    pci_slot = uevent.get("PCI_SLOT_NAME")
    if not pci_slot:
        tail = resolved.rstrip("/").rsplit("/", 1)[-1]
        pci_slot = tail if re.match(r"^[0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.[0-7]$", tail) else None
    render_minor = None
    for name in host.listdir(f"{dev}/drm"):
        m = _RENDER.match(name)
        if m:
            render_minor = int(m.group(1))
            break
    return DrmCard(
        card=card,
        device_path=resolved,
        vendor=vendor,
        device_id=device_id,
        revision=_hex_value(host.read_value(f"{dev}/revision"), 2),
        subsystem_vendor=subsystem_vendor,
        subsystem_device=subsystem_device,
        pci_slot=pci_slot.lower() if pci_slot else None,
        driver=uevent.get("DRIVER"),
        vram_total_bytes=host.read_int(f"{dev}/mem_info_vram_total", 10),
        render_minor=render_minor,
        ip_gc=_ip_discovery_gc(host, dev),
        runtime_status=host.read_value(f"{dev}/power/runtime_status"),
        uevent=uevent,
        facts=_facts(host, dev) if vendor == AMD_VENDOR else None,
    )


def _facts(host: Host, dev: str) -> DeviceFacts:
    from rocmdesk.machine.device_facts import read_facts  # only for AMD devices: the others' cards cost nothing

    return read_facts(host, dev)


def _not_pci(uevent: dict[str, str]) -> bool:
    """A device whose uevent says it is no PCI function: an MI300's compute-partition node (``amdgpu_xcp``, a
    platform device: 7 per card, 56 on an 8-card box), a virtual or an SoC display."""
    modalias = uevent.get("MODALIAS", "")  # says what bus the device is on; a garbled uevent says nothing
    return bool(modalias) and not modalias.startswith("pci:") and "PCI_ID" not in uevent and "PCI_SLOT_NAME" not in uevent


def _platform_card(card: str, dev: str, uevent: dict[str, str]) -> DrmCard:
    """A DRM card that is no PCI function: nothing more is read (only AMD PCI cards become GPUs; a partition's
    render node comes from KFD), which spares detect a dozen reads and a path resolution for each."""
    return DrmCard(card=card, device_path=dev, vendor=None, device_id=None, revision=None,
                   subsystem_vendor=None, subsystem_device=None, pci_slot=None, driver=uevent.get("DRIVER"),
                   vram_total_bytes=None, render_minor=None, ip_gc=None, runtime_status=None, uevent=uevent)


def read_cards(host: Host) -> list[DrmCard]:
    """Every DRM card in numeric order (all vendors; the caller filters)."""
    names = [n for n in host.listdir(DRM) if _CARD.match(n)]
    cards = []
    for name in sorted(names, key=lambda n: int(_CARD.match(n).group(1))):  # type: ignore[union-attr]
        card = read_card(host, name)
        if card is not None:
            cards.append(card)
    return cards


def _slot_key(slot: str | None) -> str | None:
    return slot.lower() if slot else None


def _function_zero(slot: str | None) -> str | None:
    return slot[:-1] + "0" if slot else None


def _gfx_for_card(card: DrmCard) -> tuple[str | None, str | None]:
    from rocmdesk import knowledge

    if card.ip_gc is not None:
        gfx = knowledge.gfx_from_ip_version(*card.ip_gc)
        if gfx:
            return gfx, "ip_discovery"
    if card.device_id:
        entry = knowledge.device(card.device_id, card.revision)
        if entry is not None and entry.gfx:
            return entry.gfx, "device_id"
    return None, None


def _kind(device_id: str | None, revision: str | None) -> str | None:
    from rocmdesk import knowledge

    if device_id is None:
        return None
    entry = knowledge.device(device_id, revision)
    return entry.kind if entry is not None else None


def _apu(device_id: str | None, revision: str | None) -> bool | None:
    kind = _kind(device_id, revision)
    return None if kind is None else kind == "apu"


def _family(gfx: str | None, device_id: str | None, revision: str | None) -> str | None:
    from rocmdesk import knowledge

    if device_id:
        entry = knowledge.device(device_id, revision)
        if entry is not None and entry.family:
            return entry.family
    if gfx:
        target = knowledge.gfx_target(gfx)
        if target is not None:
            return target.family
    return None


def _gpu(index: int, card: DrmCard | None, names: NameTable | None, *, device_id: str | None,
         revision: str | None, gfx: str | None, gfx_source: str | None, pci_slot: str | None,
         vram: int | None, kfd_node: int | None, render_minor: int | None,
         partition: int | None = None, physical_id: str | None = None) -> Gpu:
    """One GPU record: what KFD or the card said, plus what the tables derive from its ids."""
    name, name_source = marketing_name(names, device_id, revision)
    return Gpu(
        index=index,
        name=name,
        gfx=gfx,
        gfx_reported=None,
        device_id=device_id,
        revision=revision,
        pci_slot=pci_slot,
        vram_total_bytes=vram,
        kfd_node=kfd_node,
        apu=_apu(device_id, revision),
        subsystem_vendor=card.subsystem_vendor if card else None,
        subsystem_device=card.subsystem_device if card else None,
        card=card.card if card else None,
        render_node=f"/dev/dri/renderD{render_minor}" if render_minor is not None else None,
        gfx_source=gfx_source,
        name_source=name_source,
        family=_family(gfx, device_id, revision),
        kind=_kind(device_id, revision),
        partition=partition,
        physical_id=physical_id,
        runtime_status=card.runtime_status if card else None,
        sysfs_device=card.device_path if card else None,
        **_fact_fields(card.facts if card else None),
    )


def _fact_fields(facts: DeviceFacts | None) -> dict:
    if facts is None:
        return {}
    return {"vbios_version": facts.vbios_version, "pcie_link": facts.pcie_link,
            "compute_partition": facts.compute_partition,
            "compute_partitions_available": facts.compute_partitions_available,
            "memory_partition": facts.memory_partition, "memory_partitions_available": facts.memory_partitions_available,
            "ras_errors": facts.ras_errors, "xgmi": facts.xgmi}


def build_gpus(cards: list[DrmCard], nodes: list[KfdNode] | None, names: NameTable | None) -> list[Gpu]:
    """Join DRM cards and KFD GPU nodes into the list of GPUs, in the runtime's order.

    With KFD, each GPU node is one device as HIP numbers them (a partitioned
    Instinct card has several); cards that KFD does not list follow, in card order.
    """
    from rocmdesk import knowledge

    amd_cards = [c for c in cards if c.vendor == AMD_VENDOR]
    by_slot = {_slot_key(c.pci_slot): c for c in amd_cards if c.pci_slot}
    by_minor = {c.render_minor: c for c in amd_cards if c.render_minor is not None}
    used: set[str] = set()
    gpus: list[Gpu] = []

    gpu_nodes = [n for n in (nodes or []) if n.is_gpu]
    partitions: dict[int, int] = {}
    for node in gpu_nodes:
        card = by_slot.get(_slot_key(node.pci_slot)) or by_minor.get(node.render_minor)
        partition = None
        physical_id = None
        if node.unique_id is not None:
            physical_id = f"{node.unique_id:x}"
            siblings = [n for n in gpu_nodes if n.unique_id == node.unique_id]
            if len(siblings) > 1:
                partition = partitions.get(node.unique_id, 0)
                partitions[node.unique_id] = partition + 1
        if card is None and partition is not None:
            # a compute partition: the PCI function 0 of the same card carries the sysfs files
            card = by_slot.get(_function_zero(node.pci_slot))
        if card is not None:
            used.add(card.card)
        gfx = knowledge.decode_target_version(node.gfx_target_version) if node.gfx_target_version else None
        gfx_source = "kfd" if gfx else None
        device_id = node.device_id or (card.device_id if card else None)
        if gfx is None and card is not None:
            gfx, gfx_source = _gfx_for_card(card)
        revision = card.revision if card else None
        if gfx is None and device_id:
            entry = knowledge.device(device_id, revision)
            if entry is not None and entry.gfx:
                gfx, gfx_source = entry.gfx, "device_id"
        vram = node.mem_bank_bytes or (node.prop("local_mem_size") or None)
        if card is not None and card.vram_total_bytes and partition is None:
            vram = card.vram_total_bytes
        # a partition's KFD location carries its index in the function bits; the PCI address is function 0's
        slot = card.pci_slot if card else (_function_zero(node.pci_slot) if partition is not None else node.pci_slot)
        gpus.append(_gpu(len(gpus), card, names, device_id=device_id, revision=revision, gfx=gfx,
                         gfx_source=gfx_source, pci_slot=slot, vram=vram, kfd_node=node.node,
                         render_minor=node.render_minor, partition=partition, physical_id=physical_id))

    for card in amd_cards:
        if card.card not in used:
            gfx, gfx_source = _gfx_for_card(card)
            gpus.append(_gpu(len(gpus), card, names, device_id=card.device_id, revision=card.revision, gfx=gfx,
                             gfx_source=gfx_source, pci_slot=card.pci_slot, vram=card.vram_total_bytes,
                             kfd_node=None, render_minor=card.render_minor))
    return gpus
