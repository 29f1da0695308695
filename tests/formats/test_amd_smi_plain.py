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
