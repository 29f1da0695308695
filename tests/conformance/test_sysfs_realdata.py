"""Conformance: real sysfs snapshots and KFD topologies read by the same reader as a live machine.

Each sample is placed in a throw-away root (a symlink to the captured folder, never a copy)
so that ``/sys/class/drm/card0`` or ``/sys/class/kfd/kfd/topology`` resolves into it.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from rocmdesk import knowledge
from rocmdesk.machine.detect import detect
from rocmdesk.machine.host import Host
from tests.conftest import REALDATA

pytestmark = pytest.mark.conformance


def _gfx_of(source_md: Path) -> str | None:
    m = re.search(r"^\| gfx target \| (gfx[0-9a-f]+)", source_md.read_text(), re.M)
    return m.group(1) if m else None


def _snapshots() -> list[Path]:
    if not REALDATA.is_dir():
        return []
    out = []
    for group in sorted((REALDATA / "sysfs").iterdir()):
        if group.is_dir():
            out.extend(p for p in sorted(group.iterdir()) if p.is_dir())
    return out


def _device_dir(sample: Path) -> Path:
    cards = sorted(sample.glob("card[0-9]*"))
    return cards[0] / "device" if cards else sample  # amdgpu-sysfs-rs keeps the device dir itself


def _pci_id(device_dir: Path) -> str | None:
    uevent = device_dir / "uevent"
    if uevent.is_file():
        m = re.search(r"^PCI_ID=1002:([0-9A-Fa-f]{4})$", uevent.read_text(errors="replace"), re.M)
        if m:
            return m.group(1).lower()
    dev = device_dir / "device"
    if dev.is_file():
        return dev.read_text().strip().lower().removeprefix("0x").zfill(4)
    return None


def _root_around_card(tmp: Path, device_dir: Path) -> Path:
    card = tmp / "sys/class/drm/card0"
    card.mkdir(parents=True)
    os.symlink(device_dir, card / "device")
    os.symlink("card0", tmp / "sys/class/drm/card0-DP-1", target_is_directory=True)  # a connector to skip
    return tmp


@pytest.mark.parametrize("sample", _snapshots(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_sysfs_snapshot_gives_the_gfx_its_source_states(sample, tmp_path, realdata):
    device_dir = _device_dir(sample)
    dev_id = _pci_id(device_dir)
    expected = _gfx_of(sample.parent / f"{sample.name}.source.md")
    if dev_id is None or knowledge.device(dev_id) is None:
        pytest.skip(f"{sample.name}: no device id in the snapshot, or not in the table")
    report = detect(Host.at_root(_root_around_card(tmp_path, device_dir)))
    assert len(report.gpus) == 1, report.gpus
    gpu = report.gpus[0]
    assert gpu.device_id == dev_id
    assert gpu.gfx == expected, f"{sample.name}: {gpu.gfx} from {gpu.gfx_source}, source says {expected}"
    assert gpu.name, "every GPU in the table gets a name"


def test_most_snapshots_are_checked(realdata):
    checked = [s for s in _snapshots() if (d := _pci_id(_device_dir(s))) and knowledge.device(d)]
    assert len(checked) >= 18, len(checked)


TOPOLOGIES = {
    # name: (GPU nodes, gfx, physical cards)
    "k8s-mi210-8gpu-xgmi-pcie": (8, "gfx90a", 8),
    "k8s-mi308x-8gpu-partitioned": (32, "gfx942", 8),
    "k8s-vega10-mi25-1gpu-2018": (2, "gfx900", None),  # node 2 is the k8s authors' copy of node 1
}


@pytest.mark.parametrize("name", sorted(TOPOLOGIES))
def test_kfd_topology_gpu_count_and_gfx(name, tmp_path, realdata):
    sample = realdata / "kfd-topology" / name
    nodes = sample / "nodes" if (sample / "nodes").is_dir() else sample / "topology" / "nodes"
    topo = tmp_path / "sys/class/kfd/kfd/topology"
    topo.mkdir(parents=True)
    os.symlink(nodes, topo / "nodes")
    count, gfx, cards = TOPOLOGIES[name]
    report = detect(Host.at_root(tmp_path))
    assert len(report.gpus) == count
    assert {g.gfx for g in report.gpus} == {gfx}
    assert [g.index for g in report.gpus] == list(range(count))
    assert all(g.kfd_node is not None for g in report.gpus)
    nodes_sorted = [g.kfd_node for g in report.gpus]
    assert nodes_sorted == sorted(nodes_sorted)
    assert all(a.kind == "CPU" for a in report.other_agents) and report.other_agents
    if cards is not None:
        assert len({g.physical_id for g in report.gpus}) == cards
    if name.endswith("partitioned"):
        assert {g.partition for g in report.gpus} == {0, 1, 2, 3}
        # 48 GiB per partition (the last one of each card reports 16 MiB less)
        assert all(abs(g.vram_total_bytes - 48 * 2**30) <= 32 * 2**20 for g in report.gpus)
