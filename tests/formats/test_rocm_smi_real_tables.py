"""rocm-smi's concise tables as people really pasted them (issue 17), each kept verbatim from its thread:

- ROCm 1.x-2.x: the table indented by a blank, with a device-id column (DID) and a cell left empty;
- ROCm 6.0/6.1: ``[Model : Revision]`` and a name line that may be the PCI device id, a pci.ids name or cut to 20
  characters;
- ROCm 6.2+: the units row (``(Junction)  (Socket)``) printed in italics, whose escape reached the issue as ``^[3m``
  (``watch``, ``less``) or as a bare ``[3m`` (the ESC byte lost): the temperature is the junction one, not the edge.
"""

from __future__ import annotations

from rocmdesk.formats.rocm_smi import parse_rocm_smi
from rocmdesk.formats.text import clean_lines
from rocmdesk.inspect import inspect_text

# https://github.com/ROCm/ROC-smi/issues/10 (2017-07-20): six RX 580 and, as GPU 0, an Intel iGPU (device 0402)
# that amdgpu-pro's rocm-smi listed too; "PowerPlay not enabled" left its Perf cell empty.
ROC_SMI_10 = """\
$ ./rocm-smi 

====================    ROCm System Management Interface    ====================
================================================================================
 GPU  DID    Temp     AvgPwr   SCLK     MCLK     Fan      Perf    OverDrive  ECC
GPU[0]         : PowerPlay not enabled - Cannot get supported clocks
GPU[0]         : PowerPlay not enabled - Cannot get supported clocks
  0   0402   N/A      N/A      N/A      N/A      None%              N/A      N/A      
  1   67df   48.0c    N/A      N/A      N/A      42.75%   auto      0%       N/A      
  2   67df   74.0c    N/A      600Mhz   1750Mhz  85.88%   auto      0%       N/A      
  3   67df   76.0c    N/A      300Mhz   1000Mhz  84.71%   auto      0%       N/A      
  4   67df   72.0c    N/A      600Mhz   1750Mhz  83.92%   auto      0%       N/A      
  5   67df   66.0c    N/A      600Mhz   1750Mhz  82.75%   auto      0%       N/A      
  6   67df   61.0c    N/A      600Mhz   300Mhz   84.71%   auto      0%       N/A      
================================================================================
====================           End of ROCm SMI Log          ====================
"""

# https://github.com/ROCm/tensorflow-upstream/issues/156 (2018-09-10), ROCm 1.8-era rocm-smi during training
TF_156 = """\
====================    ROCm System Management Interface    ====================
================================================================================
 GPU  Temp    AvgPwr   SCLK     MCLK     Fan      Perf    SCLK OD    MCLK OD
  0   35c     73.68W   1411Mhz  300Mhz   0.0%     auto      0%         0%
================================================================================
====================           End of ROCm SMI Log          ====================
"""

# https://github.com/ROCm/ROC-smi/issues/55 (2019-02-20), Radeon VII on ROCm 2.1: a warning between header and row
ROC_SMI_55 = (
    "========================        ROCm System Management Interface        ========================\n"
    "================================================================================================\n"
    "GPU   Temp   AvgPwr   SCLK    MCLK    PCLK           Fan     Perf    PwrCap   SCLK OD   MCLK OD  GPU%\n"
    "GPU[0] \t\t: WARNING: Empty SysFS value: pclk\n"
    "0     34.0c  20.0W    N/A     N/A     N/A            21.96%  auto    250.0W   0%        0%       0%       \n"
    "================================================================================================\n"
    "========================               End of ROCm SMI Log              ========================\n"
)

# https://github.com/ROCm/amdsmi/issues/17 (2024-05-01), RX 7900 XTX on ROCm 6.0: no name in the tool's pci.ids, so
# the name line is the PCI device id
AMDSMI_17 = """\
$ rocm-smi


==================================== ROCm System Management Interface ====================================
============================================== Concise Info ==============================================
Device  [Model : Revision]    Temp    Power  Partitions      SCLK  MCLK   Fan  Perf  PwrCap  VRAM%  GPU%
        Name (20 chars)       (Edge)  (Avg)  (Mem, Compute)
==========================================================================================================
0       [0x7901 : 0xc8]       30.0°C  10.0W  N/A, N/A        0Mhz  96Mhz  0%   auto  327.0W    0%   0%
        0x744c
==========================================================================================================
========================================== End of ROCm SMI Log ===========================================
"""

# A W6800 under a patched kernel, in a public pull request (found by text search, id 20739383412): the name line is
# AMD's *vendor* id 0x1002, which is no device
VENDOR_AS_NAME = """\
================================================ Concise Info ================================================
Device  [Model : Revision]    Temp    Power  Partitions      SCLK  MCLK   Fan    Perf    PwrCap  VRAM%  GPU%  
        Name (20 chars)       (Edge)  (Avg)  (Mem, Compute)                                                   
==============================================================================================================
0       [0x1002 : 0x00]       25.0°C  9.0W   N/A, N/A        0Mhz  96Mhz  20.0%  manual  275.0W    0%   0%    
        0x1002                                                                                                
1       [0x1002 : 0x00]       27.0°C  7.0W   N/A, N/A        0Mhz  96Mhz  20.0%  manual  275.0W    0%   0%    
        0x1002                                                                                                
"""

# Two Polaris Radeon Pro Duo halves and three Radeon VII, pasted into a HIP program's comment in a public repository
# (found by text search, id 30547061228): the model cell and the names are pci.ids text cut to 20 characters
PRO_DUO_AND_VII = """\
========================================= ROCm System Management Interface =========================================
=================================================== Concise Info ===================================================
Device  [Model : Revision]    Temp    Power     Partitions      SCLK    MCLK     Fan     Perf  PwrCap  VRAM%  GPU%  
        Name (20 chars)       (Edge)  (Socket)  (Mem, Compute)                                                      
====================================================================================================================
0       [Radeon Pro Duo : 0x  30.0°C  11.08W    N/A, N/A        567Mhz  300Mhz   19.22%  auto  98.0W     0%   0%    
        Ellesmere [Radeon Pr                                                                                        
1       [Radeon Pro Duo : 0x  29.0°C  20.082W   N/A, N/A        849Mhz  300Mhz   100.0%  auto  98.0W     0%   0%    
        Ellesmere [Radeon Pr                                                                                        
2       [0x081e : 0xc1]       32.0°C  19.0W     N/A, N/A        808Mhz  350Mhz   19.61%  auto  250.0W    0%   0%    
        Vega 20 [Radeon VII]                                                                                        
3       [0x081e : 0xc1]       33.0°C  19.0W     N/A, N/A        808Mhz  350Mhz   19.61%  auto  250.0W    0%   0%    
        Vega 20 [Radeon VII]                                                                                        
4       [0x081e : 0xc1]       33.0°C  24.0W     N/A, N/A        808Mhz  1000Mhz  19.61%  auto  250.0W    3%   0%    
        Vega 20 [Radeon VII]                                                                                        
====================================================================================================================
=============================================== End of ROCm SMI Log ================================================
"""

# https://github.com/ROCm/ROCm/issues/4021 (2024-11-09), 8x MI300X on ROCm 6.2.3; the italic units row came through
# as "^[3m ... ^[0m" (first two rows of eight kept)
ROCM_4021 = """\
============================================ ROCm System Management Interface ============================================
====================================================== Concise Info ======================================================
Device  Node  IDs              Temp        Power     Partitions          SCLK    MCLK    Fan  Perf  PwrCap  VRAM%  GPU%
^[3m              (DID,     GUID)  (Junction)  (Socket)  (Mem, Compute, ID)                                                  ^[0m
==========================================================================================================================
0       2     0x74a1,   55354  48.0°C      145.0W    NPS1, SPX, 0        132Mhz  900Mhz  0%   auto  750.0W  1%     0%
1       3     0x74a1,   41632  40.0°C      138.0W    NPS1, SPX, 0        131Mhz  900Mhz  0%   auto  750.0W  75%    0%
"""

# https://github.com/ROCm/ROCm/issues/5107 (2025-07-27), 4x MI50 on ROCm 6.3.3; the escape's ESC byte was lost
ROCM_5107 = """\
=========================================== ROCm System Management Interface ===========================================
===================================================== Concise Info =====================================================
Device  Node  IDs              Temp    Power     Partitions          SCLK    MCLK    Fan     Perf  PwrCap  VRAM%  GPU%
[3m              (DID,     GUID)  (Edge)  (Socket)  (Mem, Compute, ID)                                                     [0m
========================================================================================================================
0       2     0x66a1,   29631  45.0°C  24.0W     N/A, N/A, 0         925Mhz  350Mhz  14.51%  auto  225.0W  4%     0%
1       3     0x66a1,   33535  47.0°C  19.0W     N/A, N/A, 0         925Mhz  350Mhz  14.51%  auto  225.0W  1%     0%
2       4     0x66a1,   17183  43.0°C  18.0W     N/A, N/A, 0         925Mhz  350Mhz  14.51%  auto  225.0W  1%     0%
3       5     0x66a1,   55003  43.0°C  18.0W     N/A, N/A, 0         925Mhz  350Mhz  14.51%  auto  225.0W  2%     0%
========================================================================================================================
================================================= End of ROCm SMI Log ==================================================
"""

# An RX 7600 laptop GPU beside its Radeon 780M, in a public how-to (found by text search, id 43614366229)
LAPTOP_DGPU_AND_APU = """\
============================================ ROCm System Management Interface ============================================
====================================================== Concise Info ======================================================
Device  Node  IDs              Temp    Power    Partitions          SCLK  MCLK     Fan    Perf  PwrCap       VRAM%  GPU%  
              (DID,     GUID)  (Edge)  (Avg)    (Mem, Compute, ID)                                                        
==========================================================================================================================
0       1     0x7480,   19047  35.0°C  0.0W     N/A, N/A, 0         0Mhz  96Mhz    29.8%  auto  100.0W       0%     0%    
1       2     0x15bf,   17218  48.0°C  19.111W  N/A, N/A, 0         None  1000Mhz  0%     auto  Unsupported  82%    5%    
==========================================================================================================================
================================================== End of ROCm SMI Log ===================================================
"""


def _gpus(text: str) -> list[dict]:
    result = inspect_text(text, "paste")
    assert result["format"] == "rocm-smi"
    return result["gpus"]


def test_rocm_1x_table_with_a_device_id_column_and_an_empty_cell() -> None:
    report = parse_rocm_smi(ROC_SMI_10)
    assert report.kind == "legacy-concise" and len(report.gpus) == 7
    gpus = _gpus(ROC_SMI_10)
    assert [g["device_id"] for g in gpus] == ["0402"] + ["67df"] * 6
    assert gpus[0]["gfx"] is None  # 0x0402 is no AMD chip: nothing invented
    assert {g["gfx"] for g in gpus[1:]} == {"gfx803"}
    m = gpus[2]["metrics"]
    assert (m["temp_edge_c"], m["sclk_mhz"], m["mclk_mhz"], m["fan_percent"]) == (74.0, 600, 1750, 85.88)
    assert gpus[0]["metrics"]["fan_percent"] is None and gpus[0]["metrics"]["temp_edge_c"] is None


def test_indented_legacy_table_and_a_warning_above_the_row() -> None:
    [g] = parse_rocm_smi(TF_156).gpus
    assert (g.metrics.temp_edge_c, g.metrics.power_w, g.metrics.sclk_mhz, g.metrics.mclk_mhz) == (35.0, 73.68, 1411, 300)
    report = parse_rocm_smi(ROC_SMI_55)
    assert report.kind == "legacy-concise"  # the GPU[0] warning line is no -a output
    [g] = report.gpus
    assert (g.metrics.temp_edge_c, g.metrics.power_w, g.metrics.power_cap_w, g.metrics.fan_percent) == (
        34.0, 20.0, 250.0, 21.96)
    assert "WARNING" not in g.fields


def test_a_name_line_that_is_the_device_id() -> None:
    [g] = _gpus(AMDSMI_17)
    assert (g["device_id"], g["revision"], g["gfx"], g["gfx_source"]) == ("744c", "c8", "gfx1100", "device_id")
    assert "7900 XTX" in g["name"]


def test_the_vendor_id_as_a_name_is_no_device() -> None:
    gpus = _gpus(VENDOR_AS_NAME)
    assert len(gpus) == 2
    assert all(g["device_id"] is None and g["gfx"] is None and g["name"] is None for g in gpus)
    assert [g["metrics"]["power_cap_w"] for g in gpus] == [275.0, 275.0]


def test_pci_ids_names_cut_to_twenty_characters() -> None:
    gpus = _gpus(PRO_DUO_AND_VII)
    assert len(gpus) == 5
    assert [g["gfx"] for g in gpus] == [None, None, "gfx906", "gfx906", "gfx906"]  # "Ellesmere [Radeon Pr": unsure
    assert [g["metrics"]["power_w"] for g in gpus] == [11.08, 20.082, 19.0, 19.0, 24.0]


def test_italic_units_row_with_its_escape_spelled_out_is_junction() -> None:
    gpus = _gpus(ROCM_4021)
    assert [g["gfx"] for g in gpus] == ["gfx942", "gfx942"]
    assert [(g["metrics"]["temp_junction_c"], g["metrics"]["temp_edge_c"]) for g in gpus] == [(48.0, None), (40.0, None)]


def test_italic_units_row_with_its_esc_byte_lost() -> None:
    gpus = _gpus(ROCM_5107)
    assert len(gpus) == 4 and {g["gfx"] for g in gpus} == {"gfx906"}
    assert [g["metrics"]["temp_edge_c"] for g in gpus] == [45.0, 47.0, 43.0, 43.0]
    assert [g["metrics"]["power_w"] for g in gpus] == [24.0, 19.0, 18.0, 18.0]  # Socket power, read as the power


def test_the_same_row_with_the_escape_intact() -> None:
    real = ROCM_4021.replace("^[", "\x1b[")
    gpus = _gpus(real)
    assert [g["metrics"]["temp_junction_c"] for g in gpus] == [48.0, 40.0]


def test_apu_from_the_chip_in_a_concise_table() -> None:
    gpus = _gpus(LAPTOP_DGPU_AND_APU)
    assert [(g["device_id"], g["gfx"], g["apu"]) for g in gpus] == [("7480", "gfx1102", False), ("15bf", "gfx1103", True)]
    assert gpus[1]["metrics"]["sclk_mhz"] is None and gpus[1]["metrics"]["power_cap_w"] is None


def test_clean_lines_drops_escapes_that_lost_their_esc_byte() -> None:
    lines, stats = clean_lines("^[3m  (Edge)  (Avg)^[0m\n[3m    (Junction)   [0m\n^[[1;31mred^[[0m\nsee [1m here\n")
    assert lines == ["  (Edge)  (Avg)", "    (Junction)", "red", "see [1m here", ""]
    assert stats.ansi == 3


def test_dedented_keeps_relative_indentation_and_leaves_margin_text_alone() -> None:
    from rocmdesk.formats.text import dedented

    assert dedented("    GPU: 0\n        ASIC:\n\n    GPU: 1\n") == "GPU: 0\n    ASIC:\n\nGPU: 1\n"
    assert dedented("GPU: 0\n    ASIC:\n") == "GPU: 0\n    ASIC:\n"
    assert dedented("\t\tx\n\t y\n") == "\tx\n y\n"
