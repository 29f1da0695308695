"""One place fills in what a paste leaves out (issue 17): the target from a product name, the device id from
rocm-smi's "Card Model", whether the GPU is an APU from its chip, for every format."""

from __future__ import annotations

from rocmdesk.inspect import inspect_text

SMI = """\
============================ ROCm System Management Interface ============================
====================================== Product Info ======================================
GPU[0]\t\t: Card Series: \t\t{series}
{model}GPU[0]\t\t: Card Vendor: \t\tAdvanced Micro Devices, Inc. [AMD/ATI]
==========================================================================================
================================== End of ROCm SMI Log ===================================
"""


def test_card_model_is_the_device_id() -> None:
    text = SMI.format(series="AMD Instinct MI300X", model="GPU[0]\t\t: Card Model: \t\t0x74a1\n")
    [gpu] = inspect_text(text, "paste")["gpus"]
    assert (gpu["device_id"], gpu["gfx"], gpu["apu"]) == ("74a1", "gfx942", False)


def test_a_name_alone_gives_the_target_and_a_verdict() -> None:
    [gpu] = inspect_text(SMI.format(series="Radeon RX 9060 XT", model=""), "paste")["gpus"]
    assert gpu["gfx"] == "gfx1200" and gpu["gfx_source"] == "name" and gpu["device_id"] is None
    assert gpu["support"]["status"] != "unknown"


def test_an_apu_is_known_from_its_chip_in_rocminfo() -> None:
    text = ("  Name:                    gfx1103\n  Marketing Name:          AMD Radeon 780M Graphics\n"
            "      Name:                    amdgcn-amd-amdhsa--gfx1103\n")
    [gpu] = inspect_text(text, "paste")["gpus"]
    assert gpu["apu"] is True


def test_a_vague_name_invents_no_target() -> None:
    [gpu] = inspect_text(SMI.format(series="AMD Radeon Graphics", model=""), "paste")["gpus"]
    assert gpu["gfx"] is None
