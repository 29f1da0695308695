"""Conformance: every rocm-smi and amd-smi sample in ../shared/realdata is recognized and read as its source says.

The expected values below are transcribed from each sample's ``.source.md`` ground truth;
a new sample in realdata fails ``test_every_sample_has_expectations`` until it is added here.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rocmdesk import formats
from rocmdesk.formats import amd_smi, rocm_smi
from rocmdesk.formats.rocm_smi import gpus_from_smi
from tests.conftest import REALDATA, require

pytestmark = pytest.mark.conformance
MiB = 2**20

# file -> (format, kind, number of GPUs, {gpu index: {attribute or metric: value}}, extra checks)
EXPECTED: dict[str, tuple[str, str, int, dict[int, dict], dict]] = {
    "rocm-smi/mi100-x4-showtopo-pcie-rocm5.1.txt": ("rocm-smi", "showtopo", 4, {
        0: {"fields:(Topology) Numa Node": "7"}, 1: {"fields:(Topology) Numa Node": "1"},
        2: {"fields:(Topology) Numa Node": "7"}, 3: {"fields:(Topology) Numa Node": "1"}}, {}),
    "rocm-smi/mi300x-x1-concise-rocm6x.txt": ("rocm-smi", "concise", 1, {
        0: {"name": "AMD Instinct MI300X", "temp_junction_c": 41.0, "power_w": 121.0, "power_cap_w": 750.0,
            "sclk_mhz": 131, "mclk_mhz": 900, "busy_percent": 0}}, {}),
    "rocm-smi/mi300x-x4-concise-rocm6x.txt": ("rocm-smi", "concise", 4, {
        0: {"temp_junction_c": 35.0, "power_w": 133.0}, 1: {"temp_junction_c": 37.0, "power_w": 131.0},
        2: {"temp_junction_c": 34.0, "power_w": 131.0}, 3: {"temp_junction_c": 38.0, "power_w": 137.0,
                                                            "power_cap_w": 750.0, "fan_percent": 0.0}}, {}),
    "rocm-smi/mi300x-x4-showallinfo-a-rocm6x.txt": ("rocm-smi", "showallinfo", 4, {
        0: {"device_id": "74a1", "revision": "00", "unique_id": "0x8d1457e2c20f59d2", "vbios": "113-MI3SRIOV-001",
            "temp_junction_c": 35.0, "temp_mem_c": 33.0, "temp_edge_c": None, "power_w": 133.0, "fan_rpm": None,
            "pci_slot": "0000:26:00.0", "gfx": "gfx942"},
        1: {"temp_junction_c": 37.0, "temp_mem_c": 34.0, "power_w": 130.0},
        2: {"temp_junction_c": 34.0, "temp_mem_c": 32.0, "power_w": 131.0},
        3: {"temp_junction_c": 39.0, "temp_mem_c": 36.0, "power_w": 136.0, "unique_id": "0xeff71edc82169115"}},
        {"version": {"driver": "6.7.0"}}),
    "rocm-smi/rx6600-proxmox-showallinfo-json-via-jq.json": ("rocm-smi", "json", 1, {
        0: {"device_id": "73ff", "revision": "c7", "pci_slot": "0000:0b:00.0", "gfx": "gfx1032", "busy_percent": 0,
            "temp_edge_c": None, "power_w": None, "node": 1}}, {"version": {"driver": "7.0.0-3-pve"}}),
    "rocm-smi/rx6700xt-concise-watch-rocm6.txt": ("rocm-smi", "concise", 1, {
        0: {"device_id": "73df", "node": 1, "temp_edge_c": 65.0, "power_w": 187.0, "sclk_mhz": 2585,
            "mclk_mhz": 1000, "fan_percent": 83.14, "power_cap_w": 186.0, "busy_percent": 99, "gfx": "gfx1031"}}, {}),
    "rocm-smi/rx7600xt-unsupported-concise-row-fragment-rocm6.0.0.txt": ("rocm-smi", "concise", 1, {
        0: {"name": "Navi 33 [Radeon RX 7", "subsystem_device": "0518", "temp_edge_c": None, "power_w": None,
            "sclk_mhz": None, "fan_percent": 0.0, "power_cap_w": None, "busy_percent": 0}}, {}),
    "rocm-smi/rx7900xtx-plus-raphael-igpu-legacy-concise-rocm5.x.txt": ("rocm-smi", "legacy-concise", 2, {
        0: {"temp_edge_c": 42.0, "power_w": 39.02, "sclk_mhz": 600, "mclk_mhz": 2700, "fan_percent": None,
            "power_cap_w": None, "busy_percent": 0},
        1: {"temp_edge_c": 50.0, "power_w": 89.0, "sclk_mhz": 27, "mclk_mhz": 1249, "fan_percent": 29.8,
            "power_cap_w": 315.0, "busy_percent": 3}}, {}),
    "rocm-smi/rx7900xtx-plus-raphael-igpu-showhw-rocm5.x.txt": ("rocm-smi", "showhw", 2, {
        0: {"device_id": "164e", "vbios": "102-RAPHAEL-008", "pci_slot": "0000:12:00.0", "gfx": "gfx1036"},
        1: {"device_id": "744c", "vbios": "115-D702BS0-101", "pci_slot": "0000:03:00.0", "gfx": "gfx1100"}}, {}),
    "rocm-smi/rx7900xtx-showtemp-showuse-showpower-showmeminfo-vram-json-oneline.json": ("rocm-smi", "json", 1, {
        0: {"temp_edge_c": 49.0, "temp_junction_c": 49.0, "temp_mem_c": 62.0, "power_w": 19.0, "busy_percent": 0,
            "vram_total_bytes": 25753026560, "vram_used_bytes": 794341376}}, {}),
    "rocm-smi/telegraf-mi100_rocm571.json": ("rocm-smi", "json", 6, {
        0: {"device_id": "738c", "name": "Arcturus GL-XL [Instinct MI100]", "gfx": "gfx908", "pci_slot": "0000:1e:00.0",
            "temp_edge_c": 31.0, "temp_junction_c": 34.0, "temp_mem_c": 30.0, "power_w": 39.0, "power_cap_w": 290.0,
            "vram_total_bytes": 34342961152, "vram_used_bytes": 6782976, "gtt_total_bytes": 135048462336}},
        {"version": {"driver": "6.2.4"}}),
    "rocm-smi/telegraf-rx6700xt_rocm430.json": ("rocm-smi", "json", 1, {
        0: {"device_id": "73df", "name": None, "temp_edge_c": 45.0, "temp_junction_c": 47.0, "temp_mem_c": 46.0,
            "power_w": 6.0, "power_cap_w": 211.0, "vram_used_bytes": 1622728704, "sclk_mhz": 500, "mclk_mhz": 96,
            "pcie_link_speed_gts": 16.0, "pcie_link_width": 16}}, {}),
    "rocm-smi/telegraf-rx6700xt_rocm571.json": ("rocm-smi", "json", 1, {
        0: {"device_id": "73df", "pci_slot": "0000:07:00.0", "power_w": 6.0, "vram_used_bytes": 1564491776}}, {}),
    "rocm-smi/telegraf-rx6700xt_rocm602.json": ("rocm-smi", "json", 1, {
        0: {"device_id": "73df", "revision": "c1", "power_w": None, "temp_edge_c": 45.0,
            "vram_total_bytes": 12868124672, "vram_used_bytes": 1572757504, "busy_percent": 0}}, {}),
    "rocm-smi/telegraf-vega-10-XT.json": ("rocm-smi", "json", 1, {
        0: {"device_id": "6861", "temp_mem_c": 92.0, "fan_rpm": 682, "fan_percent": 13.0, "power_w": 15.0,
            "power_cap_w": 170.0, "sclk_mhz": 1269, "gfx": "gfx900"}}, {}),
    # the summary says 8x MI50, but telegraf's fixture carries card0 only (its topology block covers 8)
    "rocm-smi/telegraf-vega-20-WKS-GL-XE.json": ("rocm-smi", "json", 1, {
        0: {"device_id": "66a1", "name": "Radeon Instinct MI50 32GB", "gfx": "gfx906", "temp_edge_c": 36.0,
            "temp_junction_c": 38.0, "temp_mem_c": 35.0, "power_w": 26.0, "power_cap_w": 225.0, "busy_percent": 0,
            "pci_slot": "0000:63:00.0", "vram_total_bytes": 34342961152, "vram_used_bytes": 10850304}},
        {"version": {"driver": "5.9.17"}}),
    "amd-smi/2x-r9700-amd-smi-default-table-rocm7.2.0.txt": ("amd-smi", "table", 2, {
        0: {"pci_slot": "0000:03:00.0", "name": "Radeon AI PRO R9700", "mem_busy_percent": 1, "temp_junction_c": 79.0,
            "power_w": 103.0, "power_cap_w": 300.0, "busy_percent": 100, "fan_percent": 38.82,
            "vram_used_bytes": 29777 * MiB, "vram_total_bytes": 32624 * MiB},
        1: {"pci_slot": "0000:43:00.0", "mem_busy_percent": 0, "temp_junction_c": 80.0, "power_w": 92.0,
            "busy_percent": 100, "fan_percent": 40.0}},
        {"version": {"tool": "26.2.1+fc0010cf6a", "amdgpu": "6.16.6", "rocm": "7.2.0"}, "processes": 8}),
    "amd-smi/amd-smi-and-rocm-smi-version-lines-rocm7.2.0.txt": ("amd-smi", "version", 0, {},
        {"version": {"rocm_smi": "4.0.0+fc0010cf6a", "rocm_smi_lib": "7.8.0"}, "error": "Error code: -10"}),
    "amd-smi/amd-smi-version-errors-wsl2-rocm7.0.2.txt": ("amd-smi", "version", 0, {},
        {"version": {"tool": "26.0.2+39589fda", "library": "26.0.2", "rocm": "7.0.2"},
         "error": "driver not initialized", "errors": 3}),
    "amd-smi/r9700-amd-smi-metric-gpu0-json-head-n40-fragment-rocm7.2.0.txt": ("amd-smi", "metric", 1, {
        0: {"busy_percent": 100, "mem_busy_percent": 0, "power_w": None}}, {"truncated": True}),
    "amd-smi/rx6600-proxmox-amd-smi-static.json": ("amd-smi", "static", 1, {
        0: {"name": "Navi 23 [Radeon RX 6600/6600 XT", "device_id": "73ff", "revision": "c7",
            "pci_slot": "0000:0b:00.0", "power_cap_w": 100.0, "vram_total_bytes": 8176 * MiB, "gfx": "gfx1032",
            "temp_edge_crit_c": 100.0, "temp_junction_crit_c": 110.0, "temp_mem_crit_c": 100.0}}, {}),
    "amd-smi/rx6600-proxmox-amd-smi-topology.json": ("amd-smi", "topology", 1, {0: {"pci_slot": "0000:0b:00.0"}}, {}),
    "amd-smi/rx6600-proxmox-amdsmi-py-get_gpu_metrics_info-pprint.txt": ("amd-smi", "gpu-metrics", 1, {
        0: {"temp_edge_c": 37.0, "temp_junction_c": 37.0, "temp_mem_c": 32.0, "power_w": 4.0, "sclk_mhz": 700,
            "mclk_mhz": 96, "pcie_link_speed_gts": 16.0, "pcie_link_width": 8, "busy_percent": 0, "fan_rpm": 0}}, {}),
}

_IDENTITY = {"name", "device_id", "revision", "subsystem_device", "pci_slot", "vbios", "unique_id", "node"}


def _samples() -> list[str]:
    if not REALDATA.is_dir():
        return []
    out = []
    for folder in ("rocm-smi", "amd-smi"):
        for p in sorted((REALDATA / folder).iterdir()):
            if p.is_file() and not p.name.endswith(".source.md"):
                out.append(f"{folder}/{p.name}")
    return out


@pytest.fixture
def registry(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(formats, "_REGISTRY", dict(formats._REGISTRY))
    formats.register(rocm_smi.FORMAT_NAME, label=rocm_smi.LABEL, sniff=rocm_smi.sniff_score, parse=rocm_smi.parse_rocm_smi)
    formats.register(amd_smi.FORMAT_NAME, label=amd_smi.LABEL, sniff=amd_smi.sniff_score, parse=amd_smi.parse_amd_smi)


def test_every_sample_has_expectations(realdata: Path) -> None:
    assert set(_samples()) == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_sample_is_sniffed_and_read_as_its_source_says(name: str, realdata: Path, registry: None) -> None:
    path = realdata / name
    if not path.is_file():
        require("../shared/realdata", f"{name} is not in this copy of it")
    fmt, kind, count, per_gpu, extra = EXPECTED[name]
    text = formats.decode_input(path.read_bytes())
    assert formats.sniff(text) == fmt
    report = formats.parse(text)
    assert (report.tool, report.kind, len(report.gpus)) == (fmt, kind, count)
    assert report.truncated is extra.get("truncated", False)
    for key, value in extra.get("version", {}).items():
        assert report.version.get(key) == value, key
    if "error" in extra:
        assert any(extra["error"] in e for e in report.errors)
    if "errors" in extra:
        assert len(report.errors) == extra["errors"]
    if "processes" in extra:
        assert len(report.processes) == extra["processes"]
    rows = {r["index"]: r for r in gpus_from_smi(report)}
    by_index = {g.index: g for g in report.gpus}
    for index, want in per_gpu.items():
        g = by_index[index]
        for key, value in want.items():
            if key.startswith("fields:"):
                got = g.fields.get(key.split(":", 1)[1])
            elif key == "gfx":
                got = rows[index]["gfx"]  # printed by the tool, or from the device id
            elif key in _IDENTITY:
                got = getattr(g, key)
            else:
                got = rows[index]["metrics"][key]
            assert got == value, (name, index, key, got, value)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_inspect_lists_gpus_with_the_metrics_contract(name: str, realdata: Path, registry: None) -> None:
    from rocmdesk.inspect import inspect_text

    path = realdata / name
    if not path.is_file():
        require("../shared/realdata", f"{name} is not in this copy of it")
    summary = inspect_text(path.read_bytes(), name)
    assert summary["format"] == EXPECTED[name][0]
    rows = gpus_from_smi(formats.parse(formats.decode_input(path.read_bytes())))
    for row in rows:
        assert {"index", "name", "gfx", "device_id", "pci_slot", "vram_total_bytes", "support", "metrics"} <= set(row)
        m = row["metrics"]
        assert m["state"] == "ok" and m["index"] == row["index"]
        for key in ("temp_edge_c", "temp_junction_c", "temp_mem_c", "power_w", "power_cap_w", "busy_percent",
                    "vram_used_bytes", "vram_total_bytes", "gtt_used_bytes", "gtt_total_bytes", "sclk_mhz",
                    "mclk_mhz", "fan_rpm"):
            assert key in m
