"""Identical GPUs as one group (issue 18): eight MI300X cards are one card on the Overview, "8 × AMD Instinct MI300X",
with one verdict and the list of their slots, so the System and ROCm sections stay in view.

GPUs are identical when everything the card shows about them, except where they sit, is the same: the name, the
target, the memory, the kind and the advice (its verdict, wheels, override, variables and reason).  The device
number the runtime gives each one and its place (index, PCI slot, card, render node, KFD node, partition) may differ.
"""

from __future__ import annotations

import json
from typing import Any

from rocmdesk.knowledge.records import field, record
from rocmdesk.machine.model import Gpu

# where a GPU sits, not what it is: these may differ inside a group
_PLACE = ("index", "pci_slot", "kfd_node", "card", "render_node", "partition", "physical_id", "sysfs_device",
          "runtime_status", "advice", "support")
_WHAT = ("name", "gfx", "gfx_reported", "device_id", "revision", "vram_total_bytes", "apu", "subsystem_vendor",
         "subsystem_device", "family", "kind", "gfx_source", "name_source")


@record  # a record, not a dataclass: no dataclasses import on the first window's path
class GpuGroup:
    """GPUs that get the same card; ``first`` stands for them all."""

    members: list[Gpu] = field(default_factory=list)

    @property
    def first(self) -> Gpu:
        return self.members[0]

    @property
    def count(self) -> int:
        return len(self.members)

    @property
    def indexes(self) -> list[int]:
        return [g.index for g in self.members]

    @property
    def slots(self) -> list[str]:
        """The distinct PCI slots, in order (partitions of one card share theirs)."""
        return list(dict.fromkeys(g.pci_slot for g in self.members if g.pci_slot))

    @property
    def partitioned(self) -> bool:
        return any(g.partition is not None for g in self.members)


def _advice_key(gpu: Gpu) -> str:
    ga = gpu.advice
    if ga is None:
        return ""
    data: dict[str, Any] = ga.to_json()
    data.pop("runtime_index", None)  # each GPU's own device number
    if ga.override_var and ga.override_var != "HSA_OVERRIDE_GFX_VERSION":
        data["per_gpu_override"] = True  # a per-node variable names its node: never the same for two GPUs
        data["override_var"] = ga.override_var
    return json.dumps(data, sort_keys=True, default=str)


def _key(gpu: Gpu) -> tuple[Any, ...]:
    return (*(getattr(gpu, name, None) for name in _WHAT), _advice_key(gpu))


def group_gpus(gpus: list[Gpu]) -> list[GpuGroup]:
    """The GPUs in report order, identical ones (see the module's note) gathered into the group of the first."""
    groups: dict[tuple[Any, ...], GpuGroup] = {}
    for gpu in gpus:
        groups.setdefault(_key(gpu), GpuGroup()).members.append(gpu)
    return list(groups.values())


def ranges(numbers: list[int]) -> str:
    """0, 1, 2, 3, 5 -> "0–3, 5": the GPU numbers of a group, short."""
    out: list[str] = []
    ordered = sorted(set(numbers))
    start = prev = None
    for n in ordered:
        if start is None:
            start = prev = n
        elif n == prev + 1:
            prev = n
        else:
            out.append(str(start) if start == prev else f"{start}–{prev}")
            start = prev = n
    if start is not None:
        out.append(str(start) if start == prev else f"{start}–{prev}")
    return ", ".join(out)
