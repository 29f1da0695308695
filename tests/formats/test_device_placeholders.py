"""A pci.ids that lacks the card names it "Device 67df" (issue 17): lspci without -nn and torch's collect_env then
print only the PCI device id, which names the chip; the lines are verbatim from tests/data/realworld (ROCm#282,
pytorch#44106)."""

from __future__ import annotations

from rocmdesk.formats.collect_env import parse_collect_env
from rocmdesk.formats.lspci import parse_lspci
from rocmdesk.inspect import inspect_text

LSPCI = """\
# lspci | grep VGA
00:02.0 VGA compatible controller: Red Hat, Inc. QXL paravirtual graphic card (rev 04)
00:07.0 VGA compatible controller: Advanced Micro Devices, Inc. [AMD/ATI] Device 67df (rev e7)
"""


def test_lspci_device_placeholder_is_the_device_id() -> None:
    report = parse_lspci(LSPCI)
    [gpu] = report.amd_gpus
    assert (gpu.vendor_id, gpu.device_id, gpu.revision) == ("1002", "67df", "e7")
    [row] = inspect_text(LSPCI, "paste")["gpus"]
    assert (row["device_id"], row["gfx"]) == ("67df", "gfx803")


def test_lspci_placeholder_of_another_vendor_is_not_amd() -> None:
    report = parse_lspci("00:02.0 VGA compatible controller: Red Hat, Inc. Device 0100 (rev 04)\n")
    assert report.amd_gpus == []


def test_collect_env_device_placeholder() -> None:
    text = ("PyTorch version: 1.7.0a0+e85d494\nIs debug build: No\nCUDA used to build PyTorch: Could not collect\n\n"
            "OS: Ubuntu 18.04.4 LTS\nGPU models and configuration: Device 66a1\n")
    [gpu] = parse_collect_env(text).gpus
    assert (gpu.name, gpu.device_id) == (None, "66a1")
    [row] = inspect_text(text, "paste")["gpus"]
    assert (row["device_id"], row["gfx"], row["gfx_source"], row["apu"]) == ("66a1", "gfx906", "device_id", False)
