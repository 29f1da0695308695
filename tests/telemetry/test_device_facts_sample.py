"""monitor's samples carry the device facts (VBIOS, link maximum, partitions, RAS sums, XGMI), RAS re-read on
its own clock, and nothing is read from a sleeping GPU."""

from __future__ import annotations

from pathlib import Path

from rocmdesk.machine.host import Host
from rocmdesk.telemetry.sampler import RAS_EVERY_S, SysfsSampler, discover_gpus
from tests.telemetry.conftest import build_tree


def test_mi300x_samples_carry_facts_and_ras_moves(tmp_path: Path) -> None:
    root = build_tree("mi300x-8gpu-server", tmp_path / "mi")
    host = Host.at_root(root)
    now = [0.0]
    sampler = SysfsSampler(host, discover_gpus(host), clock=lambda: now[0])
    g = sampler.sample()[3]
    assert (g.compute_partition, g.memory_partition, g.ras_ue, g.ras_ce, g.xgmi_links) == ("SPX", "NPS1", 0, 2, 7)
    assert g.pcie_link_max_speed_gts == 32.0 and g.pcie_link_max_width == 16 and g.vbios_version
    assert g.ras_errors["umc"]["ce"] == 2 and g.to_json()["xgmi_hive_id"]
    dev = next(p for p in (root / "sys/devices").rglob("umc_err_count") if "ras" in p.parts and "65:00.0" in str(p))
    dev.write_text("ue: 1\nce: 5\nde: 0\n")
    now[0] += 1.0
    assert sampler.sample()[3].ras_ue == 0  # not due yet
    now[0] += RAS_EVERY_S
    g = sampler.sample()[3]
    assert (g.ras_ue, g.ras_ce) == (1, 5)
    sampler.close()


def test_radeon_samples_have_no_instinct_facts(tmp_path: Path) -> None:
    root = build_tree("rx6600xt-ubuntu2204", tmp_path / "rx")
    host = Host.at_root(root)
    sampler = SysfsSampler(host, discover_gpus(host))
    g = sampler.sample()[0]
    assert g.ras_ue is None and g.ras_errors is None and g.compute_partition is None and g.xgmi_links is None
    assert g.vbios_version and g.pcie_link_max_width
    sampler.close()
