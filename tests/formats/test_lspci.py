"""lspci output: plain, -nn, -k, -v/-vvv, -D, prefixed and grep'd fragments (rocmdesk.formats.lspci)."""

from __future__ import annotations

import json
import time

import pytest

from rocmdesk import formats
from rocmdesk.formats import FormatError
from rocmdesk.formats.lspci import MAX_DEVICES, LspciReport, parse_lspci, sniff_score

NNK = """\
00:00.0 Host bridge [0600]: Advanced Micro Devices, Inc. [AMD] Raphael/Granite Ridge Root Complex [1022:14d8]
\tSubsystem: Micro-Star International Co., Ltd. [MSI] Device [1462:7e12]
03:00.0 VGA compatible controller [0300]: Advanced Micro Devices, Inc. [AMD/ATI] Navi 31 [Radeon RX 7900 XT/7900 XTX/7900 GRE/7900M] [1002:744c] (rev c8)
\tSubsystem: Sapphire Technology Limited Nitro+ RX 7900 XTX Vapor-X [1da2:e471]
\tKernel driver in use: amdgpu
\tKernel modules: amdgpu
03:00.1 Audio device [0403]: Advanced Micro Devices, Inc. [AMD/ATI] Navi 31 HDMI/DP Audio [1002:ab30]
\tKernel driver in use: snd_hda_intel
12:00.0 VGA compatible controller [0300]: Advanced Micro Devices, Inc. [AMD/ATI] Raphael [1002:164e] (rev c6)
\tKernel modules: amdgpu
13:00.0 Non-Volatile memory controller [0108]: Samsung Electronics Co Ltd NVMe SSD Controller PM9A1/PM9A3/980PRO [144d:a80a]
"""

VVV = """\
0000:c1:00.0 Display controller [0380]: Advanced Micro Devices, Inc. [AMD/ATI] Strix Halo [1002:1586] (rev c1)
\tSubsystem: Framework Computer Inc. Device [f111:000a]
\tControl: I/O+ Mem+ BusMaster+ SpecCycle- MemWINV- VGASnoop- ParErr- Stepping- SERR- FastB2B- DisINTx+
\tLatency: 0, Cache Line Size: 64 bytes
\tRegion 0: Memory at 6000000000 (64-bit, prefetchable) [size=512M]
\tCapabilities: [64] Express (v2) Legacy Endpoint, MSI 00
\t\tLnkSta:\tSpeed 16GT/s, Width x16
\tKernel driver in use: amdgpu
\tKernel modules: amdgpu
0000:c2:00.0 3D controller [0302]: NVIDIA Corporation AD107M [GeForce RTX 4060 Max-Q / Mobile] [10de:28e0] (rev a1)
"""


def test_nnk() -> None:
    r = parse_lspci(NNK)
    assert isinstance(r, LspciReport) and r.with_ids and r.with_drivers and len(r.devices) == 5
    gpus = r.amd_gpus
    assert [g.slot for g in gpus] == ["0000:03:00.0", "0000:12:00.0"]
    d = gpus[0]
    assert (d.vendor_id, d.device_id, d.revision, d.class_id) == ("1002", "744c", "c8", "0300")
    assert d.vendor_name == "Advanced Micro Devices, Inc. [AMD/ATI]"
    assert d.device_name == "Navi 31 [Radeon RX 7900 XT/7900 XTX/7900 GRE/7900M]" and d.codename == "navi31"
    assert (d.subsystem_vendor_id, d.subsystem_device_id) == ("1da2", "e471")
    assert d.subsystem == "Sapphire Technology Limited Nitro+ RX 7900 XTX Vapor-X"
    assert d.driver == "amdgpu" and d.modules == ["amdgpu"]
    assert gpus[1].driver is None and gpus[1].modules == ["amdgpu"]  # the iGPU has no driver bound
    assert r.devices[0].vendor_name == "Advanced Micro Devices, Inc. [AMD]" and not r.devices[0].is_amd_gpu
    assert not r.devices[2].is_amd_gpu  # HDMI audio of the card


def test_verbose_and_domain() -> None:
    r = parse_lspci(VVV)
    assert [d.slot for d in r.amd_gpus] == ["0000:c1:00.0"]
    d = r.amd_gpus[0]
    assert d.class_name == "Display controller" and d.driver == "amdgpu" and d.subsystem == "Framework Computer Inc. Device"
    nv = r.devices[1]
    assert nv.vendor_name == "NVIDIA Corporation" and nv.is_display and not nv.is_amd


def test_plain_without_ids() -> None:
    text = ("00:02.0 VGA compatible controller: Intel Corporation Alder Lake-P GT2 [Iris Xe Graphics] (rev 0c)\n"
            "01:00.0 Display controller: Advanced Micro Devices, Inc. [AMD/ATI] Navi 23 [Radeon RX 6600/6600 XT/6600M] (rev c1)\n")
    r = parse_lspci(text)
    assert not r.with_ids and [d.slot for d in r.amd_gpus] == ["0000:01:00.0"]
    assert r.amd_gpus[0].codename == "navi23" and r.amd_gpus[0].device_id is None
    assert r.devices[0].vendor_name == "Intel Corporation"


def test_processing_accelerator_is_a_gpu() -> None:
    r = parse_lspci("c1:00.0 Processing accelerators [1200]: Advanced Micro Devices, Inc. [AMD/ATI] Aqua Vanjaram [Instinct MI300X] [1002:74a1]\n")
    assert r.amd_gpus[0].device_id == "74a1"


def test_grep_fragment_with_prompt_and_separators() -> None:
    text = ("$ lspci -nnk | grep -A2 VGA\n"
            "03:00.0 VGA compatible controller [0300]: Advanced Micro Devices, Inc. [AMD/ATI] Device [1002:7550] (rev c0)\n"
            "\tKernel driver in use: amdgpu\n--\n"
            "0d:00.0 VGA compatible controller [0300]: Advanced Micro Devices, Inc. [AMD/ATI] Granite Ridge [1002:13c0] (rev c5)\n")
    assert formats.sniff(text) == "lspci"
    r = formats.parse(text)
    assert [d.device_id for d in r.amd_gpus] == ["7550", "13c0"] and r.amd_gpus[0].device_name == "Device"
    assert r.amd_gpus[0].codename is None


def test_iommu_group_prefix() -> None:
    r = parse_lspci("IOMMU Group 14 0b:00.0 VGA compatible controller [0300]: Advanced Micro Devices, Inc. [AMD/ATI] "
                    "Navi 21 [Radeon RX 6800/6800 XT / 6900 XT] [1002:73bf] (rev c1)\n")
    assert r.amd_gpus[0].iommu_group == 14 and r.amd_gpus[0].device_id == "73bf"


def test_one_quoted_line_in_prose_is_not_lspci() -> None:
    text = ("I have a problem with my card.\nIt shows up like this:\n"
            "03:00.0 VGA compatible controller: Advanced Micro Devices, Inc. [AMD/ATI] Navi 31\n"
            "but ROCm does not see it.\nAny ideas?\nThanks.\n")
    assert sniff_score(text) < 2


def test_kernel_log_pci_lines_are_not_lspci() -> None:
    assert sniff_score("[    0.3] pci 0000:03:00.0: [1002:744c] type 00 class 0x030000\n") == 0


def test_two_runs_pasted_together_warn() -> None:
    r = parse_lspci(NNK + NNK)
    assert any("more than once" in w for w in r.warnings)


@pytest.mark.parametrize("text", ["", "hello\n", "03:00.0\n", "Kernel driver in use: amdgpu\n"])
def test_not_lspci(text: str) -> None:
    with pytest.raises(FormatError):
        parse_lspci(text)


def test_json() -> None:
    data = json.loads(json.dumps(parse_lspci(NNK).to_json()))
    assert data["amd_gpus"] == ["0000:03:00.0", "0000:12:00.0"] and data["devices"][1]["is_amd_gpu"] is True


def test_huge_input_is_capped_and_fast() -> None:
    line = "03:00.0 VGA compatible controller [0300]: Advanced Micro Devices, Inc. [AMD/ATI] Navi 31 [1002:744c] (rev c8)\n"
    text = line * (50 * 2**20 // len(line))
    t = time.perf_counter()
    assert formats.sniff(text) == "lspci"
    r = formats.parse(text, "lspci")
    assert time.perf_counter() - t < 15  # a linear scan, not a quadratic one (speed: benchmarks/)
    assert r.truncated and len(r.devices) == MAX_DEVICES and r.warnings
