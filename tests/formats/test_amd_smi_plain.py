"""amd-smi static and metric without --json (issue 17): "GPU: N" blocks of indented SECTION and KEY: value lines,
read as the JSON form is; the real pastes are kept verbatim with their source notes under tests/data/realworld."""

from __future__ import annotations

from pathlib import Path

from rocmdesk.formats import sniff
from rocmdesk.inspect import inspect_text

DATA = Path(__file__).resolve().parents[1] / "data" / "realworld" / "amd-smi"


def _read(name: str) -> str:
    path = DATA / name
    assert path.with_name(path.stem + ".source.md").is_file()
    return path.read_text()


def test_static_names_the_gpu_its_target_and_slot() -> None:
    text = _read("rocm-systems-2987-static-mi350x.txt")
    assert sniff(text) == "amd-smi"
    result = inspect_text(text, "paste")
    assert result["kind"] == "static"
    [gpu] = result["gpus"]
    assert (gpu["device_id"], gpu["gfx"], gpu["name"], gpu["pci_slot"]) == (
        "75a0", "gfx950", "AMD Instinct MI350X", "0000:05:00.0")


def test_metric_gives_activity_power_and_clock() -> None:
    result = inspect_text(_read("powerjoular-67-metric.txt"), "paste")
    assert result["format"] == "amd-smi" and result["kind"] == "metric"
    [gpu] = result["gpus"]
    m = gpu["metrics"]
    assert (m["busy_percent"], m["power_w"], m["sclk_mhz"]) == (0, 20.0, 14)


def test_two_gpus_and_nothing_invented() -> None:
    text = ("GPU: 0\n    ASIC:\n        MARKET_NAME: AMD Radeon RX 7900 XTX\n        DEVICE_ID: 0x744c\n"
            "        TARGET_GRAPHICS_VERSION: gfx1100\n    BUS:\n        BDF: 0000:03:00.0\n\n"
            "GPU: 1\n    ASIC:\n        MARKET_NAME: N/A\n        DEVICE_ID: N/A\n    BUS:\n        BDF: 0000:0c:00.0\n")
    result = inspect_text(text, "paste")
    assert [(g["index"], g["gfx"], g["pci_slot"]) for g in result["gpus"]] == [
        (0, "gfx1100", "0000:03:00.0"), (1, None, "0000:0c:00.0")]


def test_partition_output_is_amd_smi_with_its_gpus_and_no_target() -> None:
    # `amd-smi partition` (ROCm#4477, verbatim under tests/data/realworld): tables titled CURRENT_PARTITION and
    # ACCELERATOR_PARTITION_PROFILES around "GPU: N" blocks of MEMORY_PARTITION; four GPUs, no target printed
    text = (DATA / "rocm-4477-amd-smi-partition-4gpu-nps1.txt").read_text()
    assert sniff(text) == "amd-smi"
    result = inspect_text(text, "paste")
    assert result["kind"] == "partition"
    assert [(g["index"], g["gfx"], g["device_id"]) for g in result["gpus"]] == [(i, None, None) for i in range(4)]


# A write-up of amd-smi on a Strix Point mini PC (Radeon 890M class, 0x150e), in a public repository (found by text
# search, id 53139237289): the output is a Markdown code block made by indenting every line four blanks; the first
# lines of `amd-smi static` and of `amd-smi metric`, verbatim
INDENTED_STATIC = """\
    GPU: 0
        ASIC:
            MARKET_NAME: AMD Radeon Graphics
            VENDOR_ID: 0x1002
            VENDOR_NAME: Advanced Micro Devices Inc. [AMD/ATI]
            SUBVENDOR_ID: 0x1f4c
            DEVICE_ID: 0x150e
            SUBSYSTEM_ID: 0xb020
            REV_ID: 0xe4
            ASIC_SERIAL: 0x0000000000000000
            OAM_ID: N/A
            NUM_COMPUTE_UNITS: 16
            TARGET_GRAPHICS_VERSION: gfx1150
        BUS:
            BDF: 0000:c5:00.0
            MAX_PCIE_WIDTH: N/A
            MAX_PCIE_SPEED: N/A
            PCIE_LEVELS: N/A
            PCIE_INTERFACE_VERSION: N/A
            SLOT_TYPE: N/A
"""

INDENTED_METRIC = """\
    GPU: 0
        USAGE: N/A
        POWER:
            SOCKET_POWER: N/A
            GFX_VOLTAGE: N/A
            SOC_VOLTAGE: N/A
            MEM_VOLTAGE: N/A
            THROTTLE_STATUS: N/A
            POWER_MANAGEMENT: N/A
        CLOCK: N/A
        TEMPERATURE:
            EDGE: 28 °C
            HOTSPOT: N/A
            MEM: N/A
"""


def test_a_paste_indented_as_a_whole_is_read_as_printed() -> None:
    static = inspect_text(INDENTED_STATIC, "paste")
    assert (static["format"], static["kind"]) == ("amd-smi", "static")
    [gpu] = static["gpus"]
    assert (gpu["device_id"], gpu["revision"], gpu["gfx"], gpu["apu"], gpu["pci_slot"]) == (
        "150e", "e4", "gfx1150", True, "0000:c5:00.0")
    metric = inspect_text(INDENTED_METRIC, "paste")
    assert (metric["format"], metric["kind"]) == ("amd-smi", "metric")
    [gpu] = metric["gpus"]
    assert gpu["metrics"]["temp_edge_c"] == 28.0 and gpu["metrics"]["power_w"] is None
    assert gpu["gfx"] is None  # the metric output names no chip: nothing invented
