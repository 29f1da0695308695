"""Facts about one AMD PCI device that tools like amd-smi show beside the name: VBIOS, the PCIe link against its
maximum, and on Instinct cards the partition modes, RAS error counts and XGMI hive.

Every file is optional and read only when the device folder lists it (one ``listdir`` decides), so a consumer card
costs five small reads and detect stays fast.  Formats, as the kernel prints them:

- ``vbios_version``: ``113-D4121EXT-CO1``.
- ``current_link_speed`` / ``max_link_speed``: ``16.0 GT/s PCIe``; ``current_link_width`` / ``max_link_width``:
  ``16`` (the PCI core's files).
- ``current_compute_partition``: ``SPX``; ``available_compute_partition``: ``SPX, DPX, QPX, CPX``;
  ``current_memory_partition``: ``NPS1``; ``available_memory_partition``: ``NPS1, NPS4`` (gfx 9.4.3, amdgpu_xcp).
- ``ras/<block>_err_count``: ``ue: 0\\nce: 2\\n`` (``amdgpu_ras_sysfs_read``; newer kernels add ``de: N`` for
  UMC, and print ``Query currently inaccessible`` while a query cannot run).
- ``xgmi_device_id``: the node id, decimal (``%llu``); ``xgmi_physical_id``: ``%u``;
  ``xgmi_hive_info/xgmi_hive_id``: decimal; ``xgmi_num_links``: one two-digit hex count per hive node
  (``00 04 04 ...``), whose sum is the device's links (amdgpu_xgmi.c).
"""

from __future__ import annotations

import re

from rocmdesk.machine.host import Host
from rocmdesk.machine.model import DeviceFacts, PcieLink, Xgmi

_GTS = re.compile(r"(\d+(?:\.\d+)?)\s*GT/s", re.I)
_RAS_FILE = re.compile(r"^([a-z0-9_]+)_err_count$")
_RAS_LINE = re.compile(r"^\s*(ue|ce|de)\s*:\s*(\d{1,20})\s*$")
_MODE = re.compile(r"^[A-Z0-9]{2,8}$")
MAX_RAS_BLOCKS = 64


def parse_link_speed(text: str | None) -> float | None:
    """``16.0 GT/s PCIe`` -> 16.0; None for ``Unknown`` and the like."""
    if not text:
        return None
    m = _GTS.search(text[:64])
    return float(m.group(1)) if m else None


def parse_modes(text: str | None) -> list[str] | None:
    """``SPX, DPX, QPX, CPX`` -> the list; None for nothing readable."""
    if not text:
        return None
    modes = [m.strip() for m in re.split(r"[,\s]+", text.strip()) if m.strip()]
    modes = [m for m in modes if _MODE.match(m)]
    return modes or None


def parse_mode(text: str | None) -> str | None:
    modes = parse_modes(text)
    return modes[0] if modes and len(modes) == 1 else None


def parse_ras_count(text: str | None) -> dict[str, int] | None:
    """``ue: 0\\nce: 2`` -> {"ue": 0, "ce": 2}; None when the text has no count (``Query currently inaccessible``)."""
    if not text:
        return None
    out: dict[str, int] = {}
    for line in text.splitlines()[:8]:
        m = _RAS_LINE.match(line)
        if m:
            out[m.group(1)] = int(m.group(2))
    return out if "ue" in out or "ce" in out else None


def parse_num_links(text: str | None) -> tuple[int, int] | None:
    """``00 04 04 04`` (hex per hive node) -> (links, peers with a link); None when unreadable."""
    if not text:
        return None
    total = peers = 0
    words = text.split()
    if not words:
        return None
    for w in words[:64]:
        try:
            n = int(w, 16)
        except ValueError:
            return None
        total += n
        peers += 1 if n else 0
    return total, peers


def read_ras(host: Host, dev: str, facts: DeviceFacts) -> dict[str, dict[str, int]] | None:
    """Every ``ras/*_err_count`` of a device; None when it has no RAS folder or counters."""
    names = [n for n in host.listdir(f"{dev}/ras") if _RAS_FILE.match(n)][:MAX_RAS_BLOCKS]
    if not names:
        return None
    out: dict[str, dict[str, int]] = {}
    for name in names:
        text = host.read_text(f"{dev}/ras/{name}", limit=256)
        counts = parse_ras_count(text)
        block = _RAS_FILE.match(name).group(1)  # type: ignore[union-attr]
        if counts is None:
            if text is not None and text.strip():
                facts.unreadable[f"ras/{name}"] = text.strip()[:80]
            continue
        out[block] = counts
    return out


def read_facts(host: Host, dev: str, names: list[str] | set[str] | None = None) -> DeviceFacts:
    """The facts of the PCI device folder ``dev`` (a machine path); ``names``: its listing, when already read."""
    have = set(host.listdir(dev) if names is None else names)
    facts = DeviceFacts()

    def value(name: str) -> str | None:
        return host.read_value(f"{dev}/{name}") if name in have else None

    def integer(name: str) -> int | None:
        v = value(name)
        try:
            return int(v, 10) if v is not None else None
        except ValueError:
            return None

    facts.vbios_version = value("vbios_version")
    link = PcieLink(speed_gts=parse_link_speed(value("current_link_speed")), width=integer("current_link_width"),
                    max_speed_gts=parse_link_speed(value("max_link_speed")), max_width=integer("max_link_width"))
    if any(v is not None for v in (link.speed_gts, link.width, link.max_speed_gts, link.max_width)):
        facts.pcie_link = link
    facts.compute_partition = parse_mode(value("current_compute_partition"))
    facts.compute_partitions_available = parse_modes(value("available_compute_partition"))
    facts.memory_partition = parse_mode(value("current_memory_partition"))
    facts.memory_partitions_available = parse_modes(value("available_memory_partition"))
    if "ras" in have:
        facts.ras_errors = read_ras(host, dev, facts)
    if "xgmi_device_id" in have or "xgmi_hive_info" in have:
        counted = parse_num_links(value("xgmi_num_links"))
        facts.xgmi = Xgmi(
            hive_id=host.read_value(f"{dev}/xgmi_hive_info/xgmi_hive_id") if "xgmi_hive_info" in have else None,
            device_id=value("xgmi_device_id"),
            physical_id=integer("xgmi_physical_id"),
            links=counted[0] if counted else None,
            peers=counted[1] if counted else None,
        )
    return facts
