"""`rocm-smi --csv` (issue 17): a header of labels and one row per card, read as the JSON form is."""

from __future__ import annotations

from rocmdesk.formats import sniff
from rocmdesk.inspect import inspect_text

CSV = (
    "device,Device ID,Device Rev,Temperature (Sensor edge) (C),Temperature (Sensor junction) (C),"
    "Average Graphics Package Power (W),GPU use (%),VRAM Total Memory (B),Card Series,Card Model,GFX Version\n"
    "card0,0x744c,0xc8,41.0,48.0,34.0,3,25753026560,Radeon RX 7900 XTX,0x744c,gfx11000\n"
    "card1,0x73ff,0xc1,39.0,N/A,12.0,0,8573157376,\"Navi 23 [Radeon RX 6600/6600 XT/6600M]\",0x73ff,gfx1032\n"
)

TWO_BLOCKS = (
    "WARNING: AMD GPU device(s) is/are in a low-power state. Check power control/runtime_status\n\n"
    "device,Temperature (Sensor edge) (C)\ncard0,45.0\n\n"
    "device,Card Series,Card Model\ncard0,AMD Instinct MI300X,0x74a1\n"
)


def test_csv_is_read_as_rocm_smi() -> None:
    assert sniff(CSV) == "rocm-smi"
    result = inspect_text(CSV, "paste")
    assert [(g["device_id"], g["gfx"]) for g in result["gpus"]] == [("744c", "gfx1100"), ("73ff", "gfx1032")]
    first = result["gpus"][0]["metrics"]
    assert (first["temp_edge_c"], first["temp_junction_c"], first["power_w"]) == (41.0, 48.0, 34.0)
    assert result["gpus"][1]["metrics"]["temp_junction_c"] is None  # N/A stays unknown
    assert result["gpus"][0]["gfx_reported"] == "gfx11000"  # the decimal rendering, kept as printed


def test_blocks_of_several_options_merge_per_card() -> None:
    result = inspect_text(TWO_BLOCKS, "paste")
    [gpu] = result["gpus"]
    assert (gpu["device_id"], gpu["gfx"], gpu["metrics"]["temp_edge_c"]) == ("74a1", "gfx942", 45.0)
