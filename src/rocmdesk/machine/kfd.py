"""KFD topology: the nodes that ROCm's runtime enumerates (CPU and GPU agents)."""

from __future__ import annotations

import re

from rocmdesk.knowledge.records import field, record
from rocmdesk.machine.host import Host

TOPOLOGY = "/sys/class/kfd/kfd/topology"
NODES = f"{TOPOLOGY}/nodes"
_NODE_NAME = re.compile(r"^\d+$")


@record
class KfdNode:
    node: int
    properties: dict[str, int] = field(default_factory=dict)
    name: str | None = None
    gpu_id: int | None = None
    mem_bank_bytes: int | None = None  # sum of mem_banks/*/size_in_bytes (local_mem_size is 0 on new kernels)

    def prop(self, key: str) -> int | None:
        return self.properties.get(key)

    @property
    def is_gpu(self) -> bool:
        # CPU nodes have no SIMDs; a GPU node without gfx_target_version is an old kernel (2018)
        return (self.prop("simd_count") or 0) > 0

    @property
    def gfx_target_version(self) -> int | None:
        value = self.prop("gfx_target_version")
        return value if value else None

    @property
    def device_id(self) -> str | None:
        value = self.prop("device_id")
        return f"{value:04x}" if value else None

    @property
    def pci_slot(self) -> str | None:
        """The PCI address from ``domain`` and ``location_id`` (bus<<8 | dev<<3 | fn)."""
        loc = self.prop("location_id")
        if loc is None or not self.is_gpu:
            return None
        domain = self.prop("domain") or 0
        return f"{domain:04x}:{(loc >> 8) & 0xFF:02x}:{(loc >> 3) & 0x1F:02x}.{loc & 0x7:x}"

    @property
    def render_minor(self) -> int | None:
        value = self.prop("drm_render_minor")
        return value if value else None

    @property
    def unique_id(self) -> int | None:
        value = self.prop("unique_id")
        return value if value else None


def parse_properties(text: str) -> dict[str, int]:
    """``key value`` lines; values are decimal integers (unique ids can exceed 2**63)."""
    props: dict[str, int] = {}
    for line in text.splitlines():
        parts = line.split()
        if len(parts) != 2:
            continue
        key, value = parts
        try:
            props[key] = int(value)
        except ValueError:
            continue
    return props


def read_nodes(host: Host) -> list[KfdNode] | None:
    """All KFD nodes in numeric order, or None when the machine has no KFD topology."""
    if not host.is_dir(NODES):
        return None
    nodes: list[KfdNode] = []
    for entry in sorted((n for n in host.listdir(NODES) if _NODE_NAME.match(n)), key=int):
        base = f"{NODES}/{entry}"
        text = host.read_text(f"{base}/properties")
        if text is None:
            continue  # an unreadable node: skip it rather than guess
        node = KfdNode(node=int(entry), properties=parse_properties(text))
        node.name = host.read_value(f"{base}/name")
        node.gpu_id = host.read_int(f"{base}/gpu_id", 10)
        banks = 0
        seen_bank = False
        for bank in host.glob(f"{base}/mem_banks", "*"):
            bank_props = parse_properties(host.read_text(f"{bank}/properties") or "")
            size = bank_props.get("size_in_bytes")
            # heap_type 1 = FB_PUBLIC, 2 = FB_PRIVATE (device memory); 0 = system memory
            if size and bank_props.get("heap_type", 1) in (1, 2):
                banks += size
                seen_bank = True
        node.mem_bank_bytes = banks if seen_bank else None
        nodes.append(node)
    return nodes
