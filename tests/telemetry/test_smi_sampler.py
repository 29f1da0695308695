"""The rocm-smi / amd-smi fallback samplers, with canned tool output through the Host seam."""

from __future__ import annotations

import json
from pathlib import Path

from rocmdesk.machine.host import CommandResult, Host
from rocmdesk.telemetry.metrics import ERROR, OK
from rocmdesk.telemetry.sampler import discover_gpus
from rocmdesk.telemetry.smi_sampler import AmdSmiSampler, RocmSmiSampler
from tests.telemetry.conftest import build_tree


def _host(root: Path, **commands: str) -> Host:
    canned = {name.replace("_", "-"): CommandResult((name,), 0, out) for name, out in commands.items()}
    return Host(root=root.resolve(), live=False, label="t", env={}, commands=canned)


def test_rocm_smi_cards_are_matched_by_pci_bus(tmp_path: Path) -> None:
    root = build_tree("rx7900xtx-debian12", tmp_path / "deb")  # iGPU is GPU 0, the 7900 XTX GPU 1
    out = json.dumps({
        "card0": {"PCI Bus": "0000:03:00.0", "GPU use (%)": "97", "Average Graphics Package Power (W)": "300.0"},
        "card1": {"PCI Bus": "0000:12:00.0", "GPU use (%)": "1", "Average Graphics Package Power (W)": "3.0"},
    })
    sampler = RocmSmiSampler(_host(root, rocm_smi=out))
    igpu, dgpu = sampler.sample()
    assert (igpu.gfx, igpu.busy_percent, igpu.power_w) == ("gfx1036", 1, 3.0)
    assert (dgpu.gfx, dgpu.busy_percent, dgpu.power_w) == ("gfx1100", 97, 300.0)


def test_without_bus_ids_the_order_is_used(tmp_path: Path) -> None:
    root = build_tree("rx7900xtx-ubuntu2404", tmp_path / "xtx")
    s = RocmSmiSampler(_host(root, rocm_smi='{"card0": {"GPU use (%)": "7"}}')).sample()[0]
    assert s.state == OK and s.busy_percent == 7


def test_amd_smi_gpu_data(tmp_path: Path) -> None:
    root = build_tree("rx7900xtx-ubuntu2404", tmp_path / "xtx")
    out = json.dumps({"gpu_data": [{"gpu": 0, "bdf": "0000:03:00.0", "usage": {"gfx_activity": {"value": 66, "unit": "%"}},
                                    "temperature": {"hotspot": {"value": 80, "unit": "C"}}}]})
    sampler = AmdSmiSampler(_host(root, amd_smi=out))
    assert sampler.available()
    s = sampler.sample()[0]
    assert (s.busy_percent, s.temp_junction_c) == (66, 80.0)


def test_a_missing_or_broken_tool_is_an_error_state(tmp_path: Path) -> None:
    root = build_tree("rx7900xtx-ubuntu2404", tmp_path / "xtx")
    host = Host.at_root(root)
    gpus = discover_gpus(host)
    sampler = RocmSmiSampler(host, gpus)
    assert not sampler.available()
    s = sampler.sample()[0]
    assert s.state == ERROR and "rocm-smi" in s.error
    broken = RocmSmiSampler(_host(root, rocm_smi="Exception caught: rsmi_init.\n"), gpus)
    assert broken.sample()[0].state == ERROR
    other = RocmSmiSampler(_host(root, rocm_smi='{"card5": {"PCI Bus": "0000:99:00.0"}}'), gpus)
    s = other.sample()[0]
    assert s.state == ERROR and "did not report" in s.error


def test_an_absurd_value_from_rocm_smi_is_null_with_a_warning(tmp_path: Path) -> None:
    root = build_tree("rx7900xtx-ubuntu2404", tmp_path / "xtx")
    out = json.dumps({"card0": {"GPU use (%)": "250", "Average Graphics Package Power (W)": "-1e20",
                                "Temperature (Sensor junction) (C)": "61.0"}})
    s = RocmSmiSampler(_host(root, rocm_smi=out)).sample()[0]
    assert s.state == OK and s.temp_junction_c == 61.0
    assert s.power_w is None and s.busy_percent is None
    assert {e["metric"] for e in s.out_of_range} == {"power_w", "busy_percent"}
    assert len(s.warnings) == 2
