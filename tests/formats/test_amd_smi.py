"""amd-smi output: metric/static/topology/process JSON (plain list and 26.x gpu_data), cut short, dashboard, py dict."""

from __future__ import annotations

import json

import pytest

from rocmdesk import formats
from rocmdesk.formats import FormatError
from rocmdesk.formats.amd_smi import parse_amd_smi, sniff_score
from rocmdesk.formats.rocm_smi import gpus_from_smi
from tests.formats.test_rocm_smi import registered  # noqa: F401  (fixture)

MiB = 2**20


def vu(value, unit):
    return {"value": value, "unit": unit}


METRIC = {
    "gpu": 1,
    "usage": {"gfx_activity": vu(64, "%"), "umc_activity": vu(21, "%"), "mm_activity": "N/A",
              "vcn_activity": [vu(0, "%"), "N/A"]},
    "power": {"socket_power": vu(287, "W"), "gfx_voltage": "N/A", "throttle_status": "UNTHROTTLED"},
    "clock": {"gfx_0": {"clk": vu(2431, "MHz"), "min_clk": vu(500, "MHz"), "max_clk": vu(2600, "MHz")},
              "mem_0": {"clk": vu(1249, "MHz")}, "vclk_0": "N/A"},
    "temperature": {"edge": vu(61, "C"), "hotspot": vu(77, "C"), "mem": vu(70, "C")},
    "pcie": {"width": 16, "speed": vu(16, "GT/s"), "replay_count": 0},
    "fan": {"speed": 110, "max": 255, "rpm": 1650, "usage": vu(43.1, "%")},
    "mem_usage": {"total_vram": vu(24560, "MB"), "used_vram": vu(12000, "MB"), "free_vram": vu(12560, "MB"),
                  "total_gtt": vu(32000, "MB"), "used_gtt": vu(40, "MB")},
}


def test_metric_list() -> None:
    r = parse_amd_smi(json.dumps([dict(METRIC, gpu=0), METRIC]))
    assert (r.tool, r.kind, r.truncated) == ("amd-smi", "metric", False)
    m = r.gpus[1].metrics
    assert r.gpus[1].index == 1
    assert (m.busy_percent, m.mem_busy_percent, m.power_w) == (64, 21, 287.0)
    assert (m.temp_edge_c, m.temp_junction_c, m.temp_mem_c) == (61.0, 77.0, 70.0)
    assert (m.sclk_mhz, m.mclk_mhz, m.fan_rpm, m.fan_pwm, m.fan_percent) == (2431, 1249, 1650, 110, 43.1)
    assert (m.vram_total_bytes, m.vram_used_bytes, m.gtt_total_bytes, m.gtt_used_bytes) == (
        24560 * MiB, 12000 * MiB, 32000 * MiB, 40 * MiB)
    assert (m.pcie_link_width, m.pcie_link_speed_gts) == (16, 16.0)


def test_gpu_data_wrapper_of_26x_and_old_key_names() -> None:
    old = {"gpu": 0, "usage": {"gfx_activity": 12}, "power": {"average_socket_power": vu(33, "W")},
           "clock": {"gfx": {"cur_clk": 800}, "mem": {"cur_clk": vu(96, "MHz")}},
           "temperature": {"edge": 40, "hotspot": "N/A", "mem": "N/A"}, "mem_usage": "N/A", "fan": "N/A"}
    r = parse_amd_smi(json.dumps({"gpu_data": [old]}))
    m = r.gpus[0].metrics
    assert (m.busy_percent, m.power_w, m.sclk_mhz, m.mclk_mhz, m.temp_edge_c, m.temp_junction_c) == (
        12, 33.0, 800, 96, 40.0, None)
    assert m.vram_total_bytes is None and m.fan_rpm is None
    assert any("gpu_data" in w for w in r.warnings)
    assert parse_amd_smi('{"gpu_data": []}').gpus == []


def test_cut_short_json_keeps_what_is_complete() -> None:
    text = json.dumps({"gpu_data": [METRIC, dict(METRIC, gpu=2)]}, indent=4)
    head = "\n".join(text.splitlines()[:30])
    r = parse_amd_smi(head)
    assert r.truncated and r.gpus[0].metrics.busy_percent == 64
    with pytest.raises(FormatError):
        parse_amd_smi('{\n    "gpu_data": [\n        {\n            "gpu')


STATIC = [{
    "gpu": 0,
    "asic": {"market_name": "AMD Radeon RX 7900 XTX", "vendor_id": "0x1002", "device_id": "0x744c",
             "rev_id": "0xc8", "subsystem_id": "0x0e3b", "target_graphics_version": "gfx1100", "num_compute_units": 96},
    "bus": {"bdf": "0000:03:00.0", "max_pcie_width": 16},
    "vbios": {"part_number": "113-D70201-X1", "version": "022.001"},
    "limit": {"max_power": vu(339, "W"), "min_power": vu(0, "W"), "socket_power": vu(327, "W"),
              "slowdown_edge_temperature": vu(100, "C"), "slowdown_hotspot_temperature": vu(110, "C"),
              "slowdown_vram_temperature": vu(108, "C")},
    "vram": {"type": "GDDR6", "size": vu(24560, "MB")},
}]


def test_static() -> None:
    r = parse_amd_smi(json.dumps(STATIC))
    g = r.gpus[0]
    assert r.kind == "static"
    assert (g.name, g.device_id, g.revision, g.gfx, g.pci_slot, g.vbios) == (
        "AMD Radeon RX 7900 XTX", "744c", "c8", "gfx1100", "0000:03:00.0", "113-D70201-X1")
    assert (g.metrics.power_cap_w, g.metrics.vram_total_bytes, g.metrics.temp_junction_crit_c) == (327.0, 24560 * MiB, 110.0)
    row = gpus_from_smi(r)[0]
    assert row["gfx"] == "gfx1100" and row["gfx_reported"] == "gfx1100" and row["vram_total_bytes"] == 24560 * MiB


def test_static_ppt0_limit_of_rocm7() -> None:
    entry = dict(STATIC[0], limit={"ppt0": {"current_power_limit": vu(300, "W"), "max_power_limit": vu(330, "W")}})
    assert parse_amd_smi(json.dumps([entry])).gpus[0].metrics.power_cap_w == 300.0


def test_topology_list_and_process() -> None:
    topo = [{"gpu": 0, "bdf": "0000:0B:00.0", "links": [{"gpu": 0, "link_type": "SELF"}]}]
    r = parse_amd_smi(json.dumps(topo))
    assert r.kind == "topology" and r.gpus[0].pci_slot == "0000:0b:00.0"
    lst = [{"gpu": 0, "bdf": "0000:03:00.0", "uuid": "aa-bb", "kfd_id": 1234, "node_id": 1}]
    assert parse_amd_smi(json.dumps(lst)).kind == "list"
    proc = [{"gpu": 0, "process_list": [{"process_info": {
        "name": "python3", "pid": 777, "memory_usage": {"gtt_mem": vu(2, "MB"), "cpu_mem": vu(0, "B"),
                                                        "vram_mem": vu(1024, "MB")}}},
        {"process_info": "No running processes detected"}]}]
    r = parse_amd_smi(json.dumps(proc))
    assert r.kind == "process"
    assert r.processes == [{"gpu": 0, "pid": 777, "name": "python3", "vram_bytes": 1024 * MiB, "gtt_bytes": 2 * MiB}]


DASHBOARD = """\
+------------------------------------------------------------------------------+
| AMD-SMI 26.1.0+abcdef12      amdgpu version: 6.14.1   ROCm version: 7.1.0    |
| VBIOS version: 00012345                                                      |
| Platform: Linux Baremetal                                                    |
|-------------------------------------+----------------------------------------|
| BDF                        GPU-Name | Mem-Uti   Temp   UEC       Power-Usage |
| GPU  HIP-ID  OAM-ID  Partition-Mode | GFX-Uti    Fan               Mem-Usage |
|=====================================+========================================|
| 0000:0c:00.0     AMD Radeon RX 7800 | 12 %     55 °C   0           150/263 W |
|   0       0     N/A             N/A | 87 %    30.5 %            9000/16368 MB |
+-------------------------------------+----------------------------------------+
+------------------------------------------------------------------------------+
| Processes:                                                                   |
|  GPU        PID  Process Name          GTT_MEM  VRAM_MEM  MEM_USAGE     CU % |
|==============================================================================|
|    0       4321  python3                2.0 MB    8.5 GB     8.6 GB  N/A     |
+------------------------------------------------------------------------------+
"""


def test_dashboard_table() -> None:
    r = parse_amd_smi(DASHBOARD)
    assert r.kind == "table" and r.version == {"tool": "26.1.0+abcdef12", "amdgpu": "6.14.1", "rocm": "7.1.0"}
    g = r.gpus[0]
    m = g.metrics
    assert (g.pci_slot, g.name) == ("0000:0c:00.0", "AMD Radeon RX 7800")
    assert (m.mem_busy_percent, m.temp_junction_c, m.power_w, m.power_cap_w) == (12, 55.0, 150.0, 263.0)
    assert (m.busy_percent, m.fan_percent, m.vram_used_bytes, m.vram_total_bytes) == (87, 30.5, 9000 * MiB, 16368 * MiB)
    assert r.processes[0]["pid"] == 4321 and r.processes[0]["vram_bytes"] == round(8.5 * 2**30)


def test_python_metrics_dict() -> None:
    text = ("{'average_gfx_activity': 55,\n 'average_socket_power': 120,\n 'current_socket_power': 'N/A',\n"
            " 'current_gfxclk': 2200,\n 'current_uclk': 1000,\n 'current_fan_speed': 1500,\n 'pcie_link_speed': 80,\n"
            " 'pcie_link_width': 16,\n 'temperature_edge': 60,\n 'temperature_hotspot': 71,\n 'temperature_mem': 'N/A',\n"
            " 'temperature_hbm': ['N/A', 'N/A']}\n")
    r = parse_amd_smi(text)
    m = r.gpus[0].metrics
    assert r.kind == "gpu-metrics"
    assert (m.busy_percent, m.power_w, m.sclk_mhz, m.mclk_mhz, m.fan_rpm) == (55, 120.0, 2200, 1000, 1500)
    assert (m.pcie_link_speed_gts, m.temp_edge_c, m.temp_junction_c, m.temp_mem_c) == (8.0, 60.0, 71.0, None)
    with pytest.raises(FormatError):
        parse_amd_smi("{'average_gfx_activity': 55,\n 'current_gfxclk'")


def test_versions_and_errors_without_gpus() -> None:
    r = parse_amd_smi("ERROR:root:Unable to get devices, driver not initialized (amdgpu not found in modules)\n"
                      "AMDSMI Tool: 25.5.1+aaa | AMDSMI Library version: 25.5.1 | ROCm version: 6.4.2\n")
    assert r.gpus == [] and r.version == {"tool": "25.5.1+aaa", "library": "25.5.1", "rocm": "6.4.2"}
    assert r.errors[0].startswith("ERROR:root:Unable to get devices")


@pytest.mark.parametrize("text", ["", "hello\n", '{"card0": {}}', "[1, 2, 3]", '{"x": 1}', "| nothing | here |\n"])
def test_unreadable(text: str) -> None:
    with pytest.raises(FormatError):
        parse_amd_smi(text)


def test_sniff(registered: None) -> None:  # noqa: F811
    for text in (json.dumps([METRIC]), json.dumps({"gpu_data": [METRIC]}, indent=4), json.dumps(STATIC), DASHBOARD,
                 "AMDSMI Tool: 26.0.2 | AMDSMI Library version: 26.0.2 | ROCm version: 7.0.2\n"):
        assert formats.sniff(text) == "amd-smi", text[:50]
        assert sniff_score(text) >= 3
    got = formats.parse(json.dumps({"gpu_data": [METRIC]}))
    assert gpus_from_smi(got)[0]["metrics"]["busy_percent"] == 64
