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
