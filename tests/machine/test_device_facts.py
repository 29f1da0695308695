"""Device facts (machine/device_facts.py): the kernel's formats, trees without the files, and the simulated
Instinct machines."""

from __future__ import annotations

from pathlib import Path

import pytest

from rocmdesk.machine.detect import detect
from rocmdesk.machine.device_facts import (
    parse_link_speed,
    parse_mode,
    parse_modes,
    parse_num_links,
    parse_ras_count,
    read_facts,
)
from rocmdesk.machine.host import Host
from rocmdesk.machine.model import PcieLink
from rocmdesk.machine.simulate import open_simulated


@pytest.mark.parametrize(("text", "want"), [
    ("ue: 0\nce: 2\n", {"ue": 0, "ce": 2}),
    ("ue: 1\nce: 0\nde: 3\n", {"ue": 1, "ce": 0, "de": 3}),  # UMC on newer kernels
    ("Query currently inaccessible\n", None),
    ("", None), (None, None), ("ue: x\n", None),
])
def test_ras_count(text, want) -> None:
    assert parse_ras_count(text) == want


def test_modes_links_speeds() -> None:
    assert parse_modes("SPX, DPX, QPX, CPX\n") == ["SPX", "DPX", "QPX", "CPX"]
    assert parse_mode("NPS1\n") == "NPS1" and parse_mode("SPX, DPX") is None and parse_mode("") is None
    assert parse_num_links("00 01 01 01 01 01 01 01 \n") == (7, 7)
    assert parse_num_links("00 04 04 00\n") == (8, 2) and parse_num_links("zz") is None
    assert parse_link_speed("16.0 GT/s PCIe") == 16.0 and parse_link_speed("Unknown") is None
    assert PcieLink(2.5, 16, 16.0, 16).degraded and not PcieLink(16.0, 16, 16.0, 16).degraded
    assert PcieLink(16.0, 4, 16.0, 16).degraded and not PcieLink(None, None, None, None).degraded


def test_a_folder_without_the_files(tmp_path: Path) -> None:
    (tmp_path / "dev").mkdir()
    facts = read_facts(Host.at_root(tmp_path), "/dev")
    assert facts.vbios_version is None and facts.pcie_link is None and facts.ras_errors is None
    assert facts.xgmi is None and facts.compute_partition is None


def test_ras_inaccessible_is_noted_not_counted(tmp_path: Path) -> None:
    ras = tmp_path / "d" / "ras"
    ras.mkdir(parents=True)
    (ras / "umc_err_count").write_text("Query currently inaccessible\n")
    (ras / "gfx_err_count").write_text("ue: 0\nce: 1\n")
    (ras / "features").write_text("feature mask: 0x3\n")
    facts = read_facts(Host.at_root(tmp_path), "/d")
    assert facts.ras_errors == {"gfx": {"ue": 0, "ce": 1}}
    assert facts.unreadable == {"ras/umc_err_count": "Query currently inaccessible"}


def test_simulated_mi300x_in_detect() -> None:
    report = detect(open_simulated("mi300x-8gpu-server"))
    g = report.gpus[3]
    assert (g.compute_partition, g.memory_partition) == ("SPX", "NPS1")
    assert g.compute_partitions_available == ["SPX", "DPX", "QPX", "CPX"]
    assert g.ras_errors["umc"] == {"ue": 0, "ce": 2, "de": 0}
    assert g.xgmi is not None and g.xgmi.links == 7 and g.xgmi.physical_id == 3
    assert len({x.xgmi.hive_id for x in report.gpus}) == 1
    assert g.vbios_version and g.pcie_link == PcieLink(32.0, 16, 32.0, 16)
    data = report.to_json()["gpus"][3]
    assert data["xgmi"]["links"] == 7 and data["pcie_link"]["max_width"] == 16


def test_radeon_has_link_and_vbios_only() -> None:
    g = detect(open_simulated("rx6600xt-ubuntu2204")).gpus[0]
    assert g.vbios_version and g.pcie_link is not None
    assert g.ras_errors is None and g.xgmi is None and g.compute_partition is None


def _real_device_dirs() -> list[Path]:
    from tests.conftest import REALDATA, require

    if not REALDATA.is_dir():
        require("../shared/realdata", f"not found at {REALDATA} (CI has ../shared beside the project)")
    out = []
    for group in sorted((REALDATA / "sysfs").iterdir()):
        for sample in sorted(p for p in group.iterdir() if p.is_dir()):
            cards = sorted(sample.glob("card[0-9]*/device"))
            out.append(cards[0] if cards else sample)  # amdgpu-sysfs-rs keeps the device folder itself
    return out


def test_real_snapshots_give_vbios_and_link_and_no_instinct_facts() -> None:
    """The Radeon snapshots in ../shared/realdata/sysfs (LACT's and amdgpu-sysfs-rs's): the VBIOS string as the
    file says it, the link as the PCI files say, and none of the Instinct files."""
    seen = {}
    for dev in _real_device_dirs():
        facts = read_facts(Host.at_root(dev), "/")
        vbios = dev / "vbios_version"
        if vbios.is_file() and vbios.read_text(errors="replace").strip("\x00\n "):
            assert facts.vbios_version == vbios.read_text(errors="replace").strip().strip("\x00").strip(), dev
        assert facts.ras_errors is None and facts.xgmi is None and facts.compute_partition is None, dev
        seen[str(dev)] = facts
    assert len(seen) >= 20
    r7 = next(f for k, f in seen.items() if "/lact/r7-240/" in k)  # idle: 5 of its 8 GT/s
    assert r7.pcie_link == PcieLink(5.0, r7.pcie_link.width, 8.0, r7.pcie_link.max_width) and r7.pcie_link.degraded
    big = next(f for k, f in seen.items() if "/lact/rx6900xt/" in k)
    assert big.pcie_link.speed_gts == big.pcie_link.max_speed_gts == 16.0


def test_partition_nodes_are_not_read_as_pci_functions() -> None:
    """An MI300X's 56 amdgpu_xcp platform cards: their uevent says platform, so nothing else of theirs is read."""
    from rocmdesk.machine.gpus import read_cards

    host = open_simulated("mi300x-8gpu-server")
    read: list[str] = []

    class Counting(type(host)):  # type: ignore[misc]
        def read_text(self, p: str, limit: int | None = None) -> str | None:
            read.append(p)
            return super().read_text(p, limit)

    counting = Counting(root=host.root, live=False, label="t", simulated=True, env={})
    cards = read_cards(counting)
    xcp = [c for c in cards if c.driver == "amdgpu_xcp_drv"]
    assert len(xcp) == 56 and all(c.vendor is None and c.pci_slot is None for c in xcp)
    per_card = {}
    for p in read:
        per_card.setdefault(p.split("/")[4], []).append(p)
    assert all(len(per_card[c.card]) == 1 for c in xcp)  # the uevent only
    assert sum(c.vendor == 0x1002 for c in cards) == 8
