"""rocm-smi and amd-smi pastes whose gfx is a decimal rendering (gfx9010, gfx11003) give the real target, keep the
printed one as gfx_reported, and get a verdict (issue 17).  The layout is rocm-smi 6.x's --showproductname."""

from __future__ import annotations

import json

import pytest

from rocmdesk.inspect import inspect_text

PRODUCT = (
    "============================ ROCm System Management Interface ============================\n"
    "====================================== Product Info ======================================\n"
    "GPU[0]\t\t: Card Series: \t\t{name}\n"
    "GPU[0]\t\t: Card Vendor: \t\tAdvanced Micro Devices, Inc. [AMD/ATI]\n"
    "GPU[0]\t\t: Card SKU: \t\tD67301V\n"
    "GPU[0]\t\t: Node ID: \t\t2\n"
    "GPU[0]\t\t: GFX Version: \t\t{gfx}\n"
    "==========================================================================================\n"
    "================================== End of ROCm SMI Log ===================================\n"
)


@pytest.mark.parametrize("printed, real, name", [
    ("gfx9010", "gfx90a", "AMD Instinct MI210"),
    ("gfx11003", "gfx1103", "AMD Radeon 780M"),
    ("gfx11000", "gfx1100", "AMD Radeon RX 7900 XTX"),
    ("gfx90a", "gfx90a", "AMD Instinct MI210"),
])
def test_rocm_smi_decimal_gfx(printed, real, name):
    result = inspect_text(PRODUCT.format(name=name, gfx=printed), "paste")
    (gpu,) = result["gpus"]
    assert gpu["gfx"] == real and gpu["gfx_reported"] == printed
    assert gpu["support"] is not None


def test_amd_smi_json_decimal_gfx():
    data = [{"gpu": 0, "asic": {"market_name": "AMD Instinct MI210", "vendor_id": "0x1002", "device_id": "0x740f",
                                "rev_id": "0x02", "target_graphics_version": "gfx9010"}}]
    result = inspect_text(json.dumps(data), "paste")
    (gpu,) = result["gpus"]
    assert gpu["gfx"] == "gfx90a" and gpu["gfx_reported"] == "gfx9010"


def test_nonsense_is_not_a_gfx():
    (gpu,) = inspect_text(PRODUCT.format(name="AMD Instinct MI210", gfx="gfx12010"), "paste")["gpus"]
    assert gpu["gfx"] != "gfx12010"
