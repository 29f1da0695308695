"""The GPUs a kernel log names (issue 17): amdgpu's "initializing kernel modesetting (CHIP 0x1002:0xDID SVID:SDID REV)"
line gives each GPU's ids, and the next amdgpu line its slot; lines verbatim from tests/data/realworld/dmesg
(ollama#2453, an RX 580; amdgpu#151, an RX 7900 XTX)."""

from __future__ import annotations

from rocmdesk.formats.kernel_log import parse_kernel_log
from rocmdesk.inspect import inspect_text

POLARIS = """\
sudo dmesg | grep -e amdgpu -e drm
[    5.127309] [drm] amdgpu kernel modesetting enabled.
[    5.480922] [drm] initializing kernel modesetting (POLARIS10 0x1002:0x67DF 0x1DA2:0xE366 0xE7).
[    5.513856] [drm] register mmio base: 0xF7E00000
[    5.925618] amdgpu 0000:01:00.0: No more image in the PCI ROM
"""

NAVI31 = "[    7.083929] [drm] initializing kernel modesetting (IP DISCOVERY 0x1002:0x744C 0x1DA2:0x471E 0xC8).\n"


def test_the_modesetting_line_names_the_gpu() -> None:
    [gpu] = parse_kernel_log(POLARIS).gpus
    assert (gpu.device_id, gpu.revision, gpu.subsystem_vendor, gpu.subsystem_device, gpu.chip, gpu.pci_slot) == (
        "67df", "e7", "1da2", "e366", "POLARIS10", "0000:01:00.0")
    [row] = inspect_text(POLARIS, "paste")["gpus"]
    assert (row["device_id"], row["gfx"], row["pci_slot"], row["apu"]) == ("67df", "gfx803", "0000:01:00.0", False)


def test_ip_discovery_and_a_second_boot() -> None:
    [gpu] = parse_kernel_log(NAVI31).gpus
    assert (gpu.device_id, gpu.revision, gpu.chip) == ("744c", "c8", None)
    two_cards = NAVI31 + "[  900.000000] amdgpu 0000:03:00.0: amdgpu: GPU reset begin!\n" + NAVI31
    assert len(parse_kernel_log(two_cards).gpus) == 2  # two lines in one boot (the clock goes on): two cards
    rebooted = "[  100.000000] x\n" + NAVI31.replace("7.083929", "99.000000") + NAVI31
    assert len(parse_kernel_log(rebooted).gpus) == 1  # the clock went back: a new boot lists its GPUs again
    [row] = inspect_text(NAVI31, "paste")["gpus"]
    assert (row["gfx"], row["name"]) == ("gfx1100", "AMD Radeon RX 7900 XTX")


# https://github.com/System64fumo/linux/pull/28 (an RX 9060 XT on an arm64 board): newer kernels put the slot on
# the modesetting line itself
RX9060XT = """\
$ sudo dmesg | grep amdgpu
[    2.100520] amdgpu: IO link not available for non x86 platforms
[    2.100528] amdgpu: Virtual CRAT table created for CPU
[    2.100547] amdgpu: Topology: Add CPU node
[    2.100740] amdgpu 0000:c3:00.0: initializing kernel modesetting (IP DISCOVERY 0x1002:0x7590 0x1DA2:0xA493 0xC0).
[    2.100755] amdgpu 0000:c3:00.0: register mmio base: 0x60000000
"""


def test_the_slot_on_the_modesetting_line() -> None:
    [row] = inspect_text(RX9060XT, "paste")["gpus"]
    assert (row["device_id"], row["gfx"], row["pci_slot"], row["apu"]) == ("7590", "gfx1200", "0000:c3:00.0", False)
