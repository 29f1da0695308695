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


# https://github.com/ROCm/rocm-systems/pull/3654 (2026-03-02): `amd-smi list` on a host with an AI NIC, whose block
# follows the GPU's; nothing of the NIC may land on the GPU
LIST_WITH_NIC = """\
oossaeed@lsttserver7:~/repos/rocm-systems$ sudo amd-smi list
GPU: 0
    BDF: 0000:23:00.0
    UUID: 67ff740f-0000-1000-80e6-b5bb3c3ce0db
    KFD_ID: 63484
    NODE_ID: 2
    PARTITION_ID: 0

AI_NIC: 0
    BDF: 0000:e2:00.0
    PERMANENT_ADDRESS: 04:90:81:2c:77:b0
    PRODUCT_NAME: POLLARA 1x400G QSFP112
    PART_NUMBER: POLLARA-1Q400P
    SERIAL_NUMBER: FPL250300A1EC0V2
    VENDOR_NAME: AMD Pensando Systems, Inc.
"""

# https://github.com/Meliox/PVE-mods/issues/348 (2026-09-18): a Radeon 780M whose MARKET_NAME is the codename and
# whose amd-smi prints no TARGET_GRAPHICS_VERSION (the first lines of its static output, verbatim)
PHOENIX3_STATIC = """\
GPU: 0
    ASIC:
        MARKET_NAME: Phoenix3
        VENDOR_ID: 0x1002
        VENDOR_NAME: Advanced Micro Devices Inc. [AMD/ATI]
        SUBVENDOR_ID: 0x1002
        DEVICE_ID: 0x1900
        REV_ID: 0xb3
        ASIC_SERIAL: N/A
        OAM_ID: N/A
    BUS:
        BDF: 0000:65:00.0
        MAX_PCIE_WIDTH: N/A
        MAX_PCIE_SPEED: N/A
        PCIE_INTERFACE_VERSION: N/A
        SLOT_TYPE: N/A
"""

# https://github.com/ROCm/amdsmi/issues/38 (2024-08-06): two MI210, a market name cut inside its bracket and a
# one-digit REV_ID, then amd-smi's own --csv of a metric below it (the start of the paste, verbatim)
MI210_STATIC_THEN_CSV = """\
$ amd-smi static --asic --gpu 0 1
GPU: 0
    ASIC:
        MARKET_NAME: Aldebaran/MI200 [Instinct MI210
        VENDOR_ID: 0x1002
        VENDOR_NAME: Advanced Micro Devices Inc. [AMD/ATI]
        SUBVENDOR_ID: 0x1002
        DEVICE_ID: 0x740f
        REV_ID: 0x2
        ASIC_SERIAL: 0xXXXXXXXXXXXXXX
        OAM_ID: 1

GPU: 1
    ASIC:
        MARKET_NAME: Instinct MI210
        VENDOR_ID: 0x1002
        VENDOR_NAME: Advanced Micro Devices Inc. [AMD/ATI]
        SUBVENDOR_ID: 0x1002
        DEVICE_ID: 0x740f
        REV_ID: 0x2
        ASIC_SERIAL: 0xXXXXXXXXXXXXXX
        OAM_ID: 0


$ amd-smi metric -E -w 1 --gpu 0 1 --csv
'CTRL' + 'C' to stop watching output:
timestamp,gpu,total_energy_consumption
1722959154,0,20909145.914
1722959154,1,21111595.33
"""


def test_amd_smi_list_and_a_nic_block_after_the_gpu() -> None:
    assert sniff(LIST_WITH_NIC) == "amd-smi"
    result = inspect_text(LIST_WITH_NIC, "paste")
    assert result["kind"] == "list"
    [gpu] = result["gpus"]
    assert (gpu["pci_slot"], gpu["name"], gpu["gfx"]) == ("0000:23:00.0", None, None)


def test_codename_market_name_and_no_target_printed() -> None:
    [gpu] = inspect_text(PHOENIX3_STATIC, "paste")["gpus"]
    assert (gpu["device_id"], gpu["revision"], gpu["gfx"], gpu["apu"], gpu["pci_slot"]) == (
        "1900", "b3", "gfx1103", True, "0000:65:00.0")


def test_two_mi210_with_a_cut_name_and_amd_smi_csv_below() -> None:
    result = inspect_text(MI210_STATIC_THEN_CSV, "paste")
    assert result["format"] == "amd-smi"
    assert [(g["index"], g["device_id"], g["revision"], g["gfx"]) for g in result["gpus"]] == [
        (0, "740f", "02", "gfx90a"), (1, "740f", "02", "gfx90a")]
