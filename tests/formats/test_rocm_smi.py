"""rocm-smi output across releases: JSON (one line, jq, 4.x keys, cut short), -a text, concise tables."""

from __future__ import annotations

import json

import pytest

from rocmdesk import formats
from rocmdesk.formats import FormatError
from rocmdesk.formats import amd_smi, rocm_smi
from rocmdesk.formats.rocm_smi import gpus_from_smi, load_json_tolerant, parse_rocm_smi, smi_bytes, smi_number


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The SMI formats in the registry ``rocmdesk inspect`` uses (a no-op once formats/__init__ registers them)."""
    monkeypatch.setattr(formats, "_REGISTRY", dict(formats._REGISTRY))
    formats.register(rocm_smi.FORMAT_NAME, label=rocm_smi.LABEL, sniff=rocm_smi.sniff_score, parse=rocm_smi.parse_rocm_smi)
    formats.register(amd_smi.FORMAT_NAME, label=amd_smi.LABEL, sniff=amd_smi.sniff_score, parse=amd_smi.parse_amd_smi)


CARD_62 = {
    "Device Name": "Navi 21 [Radeon RX 6800/6800 XT / 6900 XT]",
    "Device ID": "0x73bf",
    "Device Rev": "0xc1",
    "Temperature (Sensor edge) (C)": "51.0",
    "Temperature (Sensor junction) (C)": "58.5",
    "Temperature (Sensor memory) (C)": "N/A",
    "sclk clock speed:": "(2105Mhz)",
    "mclk clock speed:": "(1000Mhz)",
    "pcie clock level": "1 (16.0GT/s x16)",
    "Fan speed (level)": "90",
    "Fan speed (%)": "35",
    "Fan RPM": "1234",
    "Max Graphics Package Power (W)": "255.0",
    "Average Graphics Package Power (W)": "201.0",
    "GPU use (%)": "88",
    "GPU memory use (%)": "40",
    "PCI Bus": "0000:0C:00.0",
    "VRAM Total Memory (B)": "17163091968",
    "VRAM Total Used Memory (B)": "9000000000",
    "GTT Total Memory (B)": "16777216000",
    "GTT Total Used Memory (B)": "100000000",
    "GFX Version": "gfx1030",
    "Node ID": "1",
}


def test_json_one_line_with_every_metric() -> None:
    text = json.dumps({"card0": CARD_62, "system": {"Driver version": "6.8.5"}})
    r = parse_rocm_smi(text)
    assert (r.tool, r.kind, r.truncated, r.version) == ("rocm-smi", "json", False, {"driver": "6.8.5"})
    g = r.gpus[0]
    assert (g.index, g.card, g.device_id, g.revision, g.pci_slot, g.gfx, g.node) == (
        0, "card0", "73bf", "c1", "0000:0c:00.0", "gfx1030", 1)
    m = g.metrics
    assert (m.temp_edge_c, m.temp_junction_c, m.temp_mem_c) == (51.0, 58.5, None)
    assert (m.power_w, m.power_cap_w, m.busy_percent, m.mem_busy_percent) == (201.0, 255.0, 88, 40)
    assert (m.vram_used_bytes, m.vram_total_bytes, m.gtt_used_bytes, m.gtt_total_bytes) == (
        9000000000, 17163091968, 100000000, 16777216000)
    assert (m.sclk_mhz, m.mclk_mhz, m.fan_rpm, m.fan_percent, m.fan_pwm) == (2105, 1000, 1234, 35.0, 90)
    assert (m.pcie_link_speed_gts, m.pcie_link_width) == (16.0, 16)


def test_renamed_keys_of_older_releases() -> None:
    old = {"GPU ID": "0x66af", "Card series": "0x1002", "Temperature (C)": "40.0", "GPU use (%)": "3",
           "Current Socket Graphics Package Power (W)": "77.5", "sclk clock level": "2 (1400Mhz)"}
    g = parse_rocm_smi(json.dumps({"card3": old})).gpus[0]
    assert g.index == 3 and g.device_id == "66af"
    assert g.name is None  # "0x1002" is the vendor id, not a name
    assert (g.metrics.temp_edge_c, g.metrics.power_w, g.metrics.sclk_mhz) == (40.0, 77.5, 1400)


def test_na_forms_are_null() -> None:
    card = {"Average Graphics Package Power (W)": "N/A (Secondary die)", "GPU use (%)": "N/A",
            "Temperature (Sensor edge) (C)": "Unsupported", "Fan RPM": "", "VRAM Total Memory (B)": "None"}
    m = parse_rocm_smi(json.dumps({"card0": card})).gpus[0].metrics
    assert m.power_w is None and m.busy_percent is None and m.temp_edge_c is None
    assert m.fan_rpm is None and m.vram_total_bytes is None


def test_json_after_warning_lines_and_cut_short() -> None:
    doc = json.dumps({"card0": CARD_62, "card1": dict(CARD_62, **{"PCI Bus": "0000:0d:00.0"})}, indent=2)
    r = parse_rocm_smi("WARNING: 1 device(s) reported an unsupported metric\n" + doc)
    assert [g.index for g in r.gpus] == [0, 1] and not r.truncated
    cut = doc[: doc.index('"GPU use (%)"', doc.index('"card1"'))]
    r = parse_rocm_smi(cut)
    assert r.truncated and len(r.gpus) == 2
    assert r.gpus[0].metrics.busy_percent == 88 and r.gpus[1].metrics.busy_percent is None
    assert r.gpus[1].metrics.power_w == 201.0
    with pytest.raises(FormatError):
        parse_rocm_smi('{"card0": {"GPU use')


def test_other_json_is_refused() -> None:
    for text in ('[{"gpu": 0}]', '{"gpus": []}', '"card0"', "{}", "[]"):
        with pytest.raises(FormatError):
            parse_rocm_smi(text)


SHOWALLINFO = """

========================= ROCm System Management Interface =========================
=========================== Version of System Component ============================
Driver version: 6.10.5
====================================================================================
===================================== ID =====================================
GPU[0]\t\t: Device ID: 0x740f
GPU[0]\t\t: Device Rev: 0x02
GPU[1]\t\t: Device ID: 0x740f
=============================== Temperature ================================
GPU[0]\t\t: Temperature (Sensor edge) (C): 33.0
GPU[0]\t\t: Temperature (Sensor junction) (C): 36.0
GPU[0]\t\t: Temperature (Sensor memory) (C): 41.0
GPU[1]\t\t: Temperature (Sensor edge) (C): 30.0
====================== Current clock frequencies =======================
GPU[0]\t\t: mclk clock level: 3: (1600Mhz)
GPU[0]\t\t: sclk clock level: S: (800Mhz)
GPU[1]\t\t: sclk clock level: 1: (1700Mhz)
=========================== Current Fan Metric ===========================
GPU[0]\t\t: Not supported
============================ Power Consumption =============================
GPU[0]\t\t: Average Graphics Package Power (W): 43.0
GPU[1]\t\t: Average Graphics Package Power (W): N/A
======================= Supported clock frequencies ========================
GPU[0]\t\t: Supported sclk frequencies on GPU0
GPU[0]\t\t: 0: 500Mhz
GPU[0]\t\t: 1: 1700Mhz *
========================== % time GPU is busy ============================
GPU[0]\t\t: GPU use (%): 7
GPU[1]\t\t: GPU use (%): 0
=============================== PCI Bus ID ===============================
GPU[0]\t\t: PCI Bus: 0000:2F:00.0
GPU[1]\t\t: PCI Bus: 0000:32:00.0
============================== Product Info ==============================
GPU[0]\t\t: Card series: \t\tAldebaran/MI200 [Instinct MI210]
============================== KFD Processes ===============================
KFD process information:
PID\tPROCESS NAME\tGPU(s)\tVRAM USED\tSDMA USED\tCU OCCUPANCY\t
4242\tpython3\t1\t1073741824\t0\t60
==================================================================================
============================= End of ROCm SMI Log ==============================
"""


def test_showallinfo_text() -> None:
    r = parse_rocm_smi(SHOWALLINFO)
    assert r.kind == "showallinfo" and r.version == {"driver": "6.10.5"}
    g0, g1 = r.gpus
    assert (g0.device_id, g0.revision, g0.pci_slot, g0.name) == ("740f", "02", "0000:2f:00.0",
                                                                   "Aldebaran/MI200 [Instinct MI210]")
    m = g0.metrics
    assert (m.temp_edge_c, m.temp_junction_c, m.temp_mem_c, m.power_w, m.busy_percent) == (33.0, 36.0, 41.0, 43.0, 7)
    assert (m.sclk_mhz, m.mclk_mhz) == (800, 1600)  # the current level, not the supported list
    assert g1.metrics.power_w is None and g1.metrics.sclk_mhz == 1700
    assert r.processes == [{"pid": 4242, "name": "python3", "gpus": "1", "vram_bytes": 1073741824}]


CONCISE_MI = """\
================================ ROCm System Management Interface ================================
========================================== Concise Info ==========================================
Device  [Model : Revision]    Temp        Power     Partitions      SCLK    MCLK    Fan  Perf  PwrCap  VRAM%  GPU%  
        Name (20 chars)       (Junction)  (Socket)  (Mem, Compute)                                                  
==================================================================================================
0       [0x74a1 : 0x00]       52.0°C      402.0W    NPS1, SPX       1900Mhz 1300Mhz 0%   auto  750.0W   88%  97%   
        AMD Instinct MI300X                                                                                         
1       [0x74a1 : 0x00]       49.0°C      390.0W    NPS1, SPX       1890Mhz 1300Mhz 0%   auto  750.0W   87%  96%   
        AMD Instinct MI300X                                                                                         
==================================================================================================
======================================== End of ROCm SMI Log =====================================
"""


def test_concise_two_line_header_with_names() -> None:
    r = parse_rocm_smi(CONCISE_MI)
    assert r.kind == "concise" and len(r.gpus) == 2
    g = r.gpus[0]
    assert g.name == "AMD Instinct MI300X" and g.subsystem_device == "74a1" and g.device_id is None
    m = g.metrics
    assert (m.temp_junction_c, m.temp_edge_c, m.power_w, m.power_cap_w, m.busy_percent) == (52.0, None, 402.0, 750.0, 97)
    assert (m.sclk_mhz, m.mclk_mhz, m.fan_percent) == (1900, 1300, 0.0)
    assert g.fields["Partitions"] == "NPS1, SPX" and g.fields["VRAM%"] == "88%"


CONCISE_IDS = """\
Every 2.0s: rocm-smi                                            box: Mon Jan  5 10:00:00 2026

========================================= ROCm System Management Interface =========================================
=================================================== Concise Info ===================================================
Device  Node  IDs              Temp    Power   Partitions          SCLK     MCLK     Fan     Perf  PwrCap  VRAM%  GPU%
              (DID,     GUID)  (Edge)  (Avg)   (Mem, Compute, ID)
====================================================================================================================
0       1     0x744c,   12345  44.0°C  61.0W   N/A, N/A, 0         1200Mhz  456Mhz   20.0%   auto  303.0W  9%     12%
====================================================================================================================
"""


def test_concise_with_ids_column() -> None:
    g = parse_rocm_smi(CONCISE_IDS).gpus[0]
    assert (g.device_id, g.node) == ("744c", 1)
    m = g.metrics
    assert (m.temp_edge_c, m.power_w, m.sclk_mhz, m.mclk_mhz, m.fan_percent, m.power_cap_w, m.busy_percent) == (
        44.0, 61.0, 1200, 456, 20.0, 303.0, 12)
    row = gpus_from_smi(parse_rocm_smi(CONCISE_IDS))[0]
    assert row["gfx"] == "gfx1100" and row["name"] and row["gfx_source"] == "device_id"


LEGACY = """\
========================ROCm System Management Interface========================
================================================================================
GPU  Temp   AvgPwr  SCLK    MCLK     Fan    Perf  PwrCap  VRAM%  GPU%  
0    61.0c  140.0W  1850Mhz 1000Mhz  41.2%  auto  186.0W   50%   99%   
1    38.0c  9.5W    400Mhz  1600Mhz  None%  auto  N/A       2%   0%    
================================================================================
==============================End of ROCm SMI Log ==============================
"""


def test_legacy_concise() -> None:
    r = parse_rocm_smi(LEGACY)
    assert r.kind == "legacy-concise"
    a, b = (g.metrics for g in r.gpus)
    assert (a.temp_edge_c, a.power_w, a.sclk_mhz, a.fan_percent, a.power_cap_w, a.busy_percent) == (
        61.0, 140.0, 1850, 41.2, 186.0, 99)
    assert (b.power_w, b.fan_percent, b.power_cap_w) == (9.5, None, None)


def test_showhw_and_version_lines() -> None:
    hw = ("=====ROCm System Management Interface=====\nGPU  DID   GFX RAS  SDMA RAS  UMC RAS  VBIOS            BUS\n"
          "0    73ff  N/A      N/A       N/A      113-D53401-X01   0000:0B:00.0\n")
    g = parse_rocm_smi(hw).gpus[0]
    assert (g.device_id, g.vbios, g.pci_slot) == ("73ff", "113-D53401-X01", "0000:0b:00.0")
    v = parse_rocm_smi("ROCM-SMI version: 3.0.0+abc\nROCM-SMI-LIB version: 7.4.0\n")
    assert v.kind == "version" and v.version == {"tool": "3.0.0+abc", "library": "7.4.0"} and v.gpus == []


def test_rows_without_a_header() -> None:
    r = parse_rocm_smi("0       [0x2401 : 0xc7]       47.0°C  33.0W  N/A, N/A        800Mhz  96Mhz  0%   auto  150.0W    4%   1%\n"
                       "        AMD Radeon RX 7600 XT\n")
    g = r.gpus[0]
    assert g.name == "AMD Radeon RX 7600 XT" and g.metrics.busy_percent == 1 and g.metrics.power_w == 33.0
    assert any("header" in w for w in r.warnings)


@pytest.mark.parametrize("text", ["", "hello\n", "GPU  Temp\n", "\x00" * 50, "Traceback (most recent call last):\n"])
def test_unreadable_text(text: str) -> None:
    with pytest.raises(FormatError):
        parse_rocm_smi(text)


def test_sniff_and_inspect(registered: None) -> None:
    from rocmdesk.inspect import inspect_text

    for text in (json.dumps({"card0": CARD_62}), SHOWALLINFO, CONCISE_MI, CONCISE_IDS, LEGACY):
        assert formats.sniff(text) == "rocm-smi", text[:60]
    got = inspect_text(json.dumps({"card0": CARD_62}), "x")
    assert got["format"] == "rocm-smi"
    gpus = gpus_from_smi(formats.parse(json.dumps({"card0": CARD_62})))
    g = gpus[0]
    assert (g["device_id"], g["gfx"], g["pci_slot"], g["vram_total_bytes"]) == ("73bf", "gfx1030", "0000:0c:00.0",
                                                                                 17163091968)
    # issue 14: the parser gives no verdict of its own; inspect attaches the advice (support says the same)
    assert g["support"] is None and g["advice"] is None and g["tool_name"].startswith("Navi 21")
    row = got["gpus"][0]
    assert row["support"]["status"] == row["advice"]["status"] == "supported"
    assert got["advice"]["used"] == [row["index"]]
    keys = {"index", "name", "gfx", "state", "temp_edge_c", "temp_junction_c", "temp_mem_c", "power_w",
            "power_cap_w", "busy_percent", "vram_used_bytes", "vram_total_bytes", "gtt_used_bytes",
            "gtt_total_bytes", "sclk_mhz", "mclk_mhz", "fan_rpm"}
    assert keys <= set(g["metrics"]) and g["metrics"]["state"] == "ok" and g["metrics"]["gfx"] == "gfx1030"
    assert g["metrics"]["name"] == g["name"]


@pytest.mark.parametrize(
    ("value", "number"),
    [("49.0", 49.0), (" 65.0°C", 65.0), ("(500Mhz)", 500.0), ("187.0W", 187.0), ("83.14%", 83.14), ("N/A", None),
     ("N/A (Secondary die)", None), ("None%", None), ("Unsupported", None), (7, 7.0), ({"value": 3, "unit": "W"}, 3.0),
     (True, None), ([1], None), ("", None), (float("nan"), None), ("1e400", None)],
)
def test_smi_number(value, number) -> None:
    assert smi_number(value) == number


def test_smi_bytes_units() -> None:
    assert smi_bytes("100") == 100
    assert smi_bytes({"value": 8176, "unit": "MB"}) == 8176 * 2**20
    assert smi_bytes("5.9 MB") == round(5.9 * 2**20)
    assert smi_bytes({"value": 1, "unit": "parsec"}) is None
    assert smi_bytes("-5") is None


def test_load_json_tolerant() -> None:
    assert load_json_tolerant('{"a": [1, 2, {"b": "x,}]"}]}') == ({"a": [1, 2, {"b": "x,}]"}]}, False)
    value, cut = load_json_tolerant('{"a": [1, 2, {"b": "x,}]"}, 3')
    assert cut and value == {"a": [1, 2, {"b": "x,}]"}]}
    with pytest.raises(FormatError):
        load_json_tolerant("no json here")
