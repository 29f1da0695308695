"""`rocm-smi --csv` as it was really captured (issue 17), kept verbatim: the ROCm 4.x/5.x option set with the device
id as "GPU ID" and "Card series" and the board's subsystem id as "Card model", and a ROCm 7 capture of many options at
once, a warning line first, an APU beside a discrete card."""

from __future__ import annotations

from rocmdesk.formats import sniff
from rocmdesk.inspect import inspect_text

# six MI100, as a Go project's source quotes its "example output for rocm-smi card detection" (found by text search,
# id 29102158383), with the command typed above it
MI100_SHOWID_CSV = """\
$ rocm-smi  --showid --showuniqueid --showproductname --csv
device,GPU ID,Unique ID,Card series,Card model,Card vendor,Card SKU
card0,0x738c,0xa0ef0d3db6f12111,0x738c,0x0c34,Advanced Micro Devices Inc. [AMD/ATI],D34314
card1,0x738c,0xa38132cf2362b8c3,0x738c,0x0c34,Advanced Micro Devices Inc. [AMD/ATI],D34314
card2,0x738c,0x1a0c44eae3f2753e,0x738c,0x0c34,Advanced Micro Devices Inc. [AMD/ATI],D34314
card3,0x738c,0xfe1b937ecaa13ccc,0x738c,0x0c34,Advanced Micro Devices Inc. [AMD/ATI],D34314
card4,0x738c,0x11c62d148b1506b1,0x738c,0x0c34,Advanced Micro Devices Inc. [AMD/ATI],D34314
card5,0x738c,0x7a85070458971be6,0x738c,0x0c34,Advanced Micro Devices Inc. [AMD/ATI],D34314
"""

# "Captured from a Strix Halo box" with an RX 9070 XT, quoted in a Go project's test (found by text search,
# id 71294488959): Card Model is the device id here, Card SKU a board code
STRIX_HALO_AND_9070XT_CSV = """\
WARNING: AMD GPU device(s) is/are in a low-power state. Check power control/runtime_status

device,Temperature (Sensor edge) (C),Current Socket Graphics Package Power (W),GPU use (%),VRAM Total Memory (B),VRAM Total Used Memory (B),Card Series,Card Model,Card Vendor,Card SKU,Subsystem ID,Device Rev,Node ID,GUID,GFX Version
card0,54.0,20.358,2,536870912,511442944,AMD Radeon 8060S Graphics,0x1586,Advanced Micro Devices Inc. [AMD/ATI],STRXLGEN,0x1fb3,0xc1,1,64042,gfx1151
card1,40.0,100.0,97,17163091968,8581545984,AMD Radeon RX 9070 XT,0x7550,Advanced Micro Devices Inc. [AMD/ATI],X,0x1,0xc0,2,1,gfx1201
"""


def test_rocm_5_product_csv_device_id_not_the_subsystem() -> None:
    assert sniff(MI100_SHOWID_CSV) == "rocm-smi"
    result = inspect_text(MI100_SHOWID_CSV, "paste")
    assert result["kind"] == "csv"
    assert [g["index"] for g in result["gpus"]] == list(range(6))
    assert {(g["device_id"], g["gfx"]) for g in result["gpus"]} == {("738c", "gfx908")}
    assert "MI100" in result["gpus"][0]["name"]


def test_rocm_7_csv_apu_and_dgpu() -> None:
    result = inspect_text(STRIX_HALO_AND_9070XT_CSV, "paste")
    assert [(g["device_id"], g["revision"], g["gfx"], g["apu"], g["kfd_node"]) for g in result["gpus"]] == [
        ("1586", "c1", "gfx1151", True, 1), ("7550", "c0", "gfx1201", False, 2)]
    apu, dgpu = (g["metrics"] for g in result["gpus"])
    assert (apu["power_w"], apu["busy_percent"], apu["vram_used_bytes"]) == (20.358, 2, 511442944)
    assert (dgpu["temp_edge_c"], dgpu["power_w"], dgpu["vram_total_bytes"]) == (40.0, 100.0, 17163091968)
