"""Unit tests for the rocminfo parser, on small snippets written for these tests."""

from __future__ import annotations

from dataclasses import asdict

import pytest

import rocmdesk.knowledge
from rocmdesk.formats.errors import FormatError
from rocmdesk.formats.rocminfo import (
    RocminfoReport,
    looks_like_rocminfo,
    override_in_effect,
    parse_rocminfo,
    physical_gfx,
)

DUMP = """\
ROCk module version 6.8.5 is loaded
=====================
HSA System Attributes
=====================
Runtime Version:         1.14
Runtime Ext Version:     1.6
System Timestamp Freq.:  1000.000000MHz
Machine Model:           LARGE
System Endianness:       LITTLE
Mwaitx:                  DISABLED
DMAbuf Support:          YES

==========
HSA Agents
==========
*******
Agent 1
*******
  Name:                    AMD Ryzen 5 5600X 6-Core Processor
  Uuid:                    CPU-XX
  Marketing Name:          AMD Ryzen 5 5600X 6-Core Processor
  Vendor Name:             CPU
  Feature:                 None specified
  Node:                    0
  Device Type:             CPU
  Cache Info:
    L1:                      32768(0x8000) KB
  Chip ID:                 0(0x0)
  Max Clock Freq. (MHz):   4650
  BDFID:                   0
  Internal Node ID:        0
  Compute Unit:            12
  Memory Properties:
  Features:                None
  Pool Info:
    Pool 1
      Segment:                 GLOBAL; FLAGS: FINE GRAINED
      Size:                    32768000(0x1f40000) KB
      Allocatable:             TRUE
    Pool 2
      Segment:                 GLOBAL; FLAGS: KERNARG, FINE GRAINED
      Size:                    32768000(0x1f40000) KB
  ISA Info:
*******
Agent 2
*******
  Name:                    gfx1032
  Uuid:                    GPU-XX
  Marketing Name:          AMD Radeon RX 6600
  Vendor Name:             AMD
  Feature:                 KERNEL_DISPATCH
  Node:                    1
  Device Type:             GPU
  Cache Info:
    L1:                      16(0x10) KB
    L2:                      2048(0x800) KB
  Chip ID:                 29695(0x73ff)
  ASIC Revision:           0(0x0)
  Max Clock Freq. (MHz):   2491
  BDFID:                   3072
  Internal Node ID:        1
  Compute Unit:            28
  Memory Properties:
  Features:                KERNEL_DISPATCH
  Fast F16 Operation:      TRUE
  Workgroup Max Size:      1024(0x400)
  Packet Processor uCode:: 116
  IOMMU Support::          None
  Pool Info:
    Pool 1
      Segment:                 GLOBAL; FLAGS: COARSE GRAINED
      Size:                    8372224(0x7fc000) KB
    Pool 2
      Segment:                 GLOBAL; FLAGS: EXTENDED FINE GRAINED
      Size:                    8372224(0x7fc000) KB
    Pool 3
      Segment:                 GROUP
      Size:                    64(0x40) KB
  ISA Info:
    ISA 1
      Name:                    amdgcn-amd-amdhsa--gfx1032
      Machine Models:          HSA_MACHINE_MODEL_LARGE
      Workgroup Max Size:      1024(0x400)
*** Done ***
"""


def _pad(text: str, width: int = 60) -> str:
    """The padded layout of older rocminfo builds: values left-justified in a wide field."""
    return "".join(line.ljust(width) + "\n" if line else "\n" for line in text.splitlines())


def _gpu(report: RocminfoReport):
    assert len(report.gpus) == 1
    return report.gpus[0]


# --- the ordinary dump --------------------------------------------------------------------


def test_unpadded_dump() -> None:
    r = parse_rocminfo(DUMP)
    assert r.runtime_version == "1.14" and r.runtime_ext_version == "1.6"
    assert r.rock_loaded is True and r.rock_version == "6.8.5"
    assert r.error is None and not r.truncated and r.ok
    assert r.wsl is False
    assert [a.device_type for a in r.agents] == ["CPU", "GPU"]
    cpu, gpu = r.agents
    assert cpu.number == 1 and cpu.compute_units == 12 and cpu.pci_slot is None
    assert cpu.vram_kb is None and cpu.gfx_reported is None and cpu.isa == []
    assert gpu.number == 2
    assert gpu.name == "gfx1032" and gpu.gfx_reported == "gfx1032"
    assert gpu.marketing_name == "AMD Radeon RX 6600"
    assert gpu.vendor_name == "AMD" and gpu.uuid == "GPU-XX"
    assert gpu.node == 1 and gpu.chip_id == 0x73FF and gpu.chip_id_hex == "73ff"
    assert gpu.bdfid == 3072 and gpu.pci_slot == "0c:00.0"
    assert gpu.compute_units == 28 and gpu.max_clock_mhz == 2491
    assert gpu.isa == ["amdgcn-amd-amdhsa--gfx1032"]
    assert gpu.pools_kb == [8372224, 8372224, 64]
    assert gpu.vram_kb == 8372224
    assert gpu.cache_kb == {"L1": 16, "L2": 2048}
    assert gpu.apu is False and gpu.asic_revision == 0
    assert r.system["Mwaitx"] == "DISABLED"
    assert r.warnings == []


def test_padded_crlf_and_colour_read_the_same() -> None:
    plain = parse_rocminfo(DUMP)
    padded = _pad(DUMP).replace("\n", "\r\n")
    padded = padded.replace("ROCk module", "\x1b[37mROCk module", 1).replace("is loaded", "is loaded\x1b[0m", 1)
    messy = parse_rocminfo(padded)
    assert [asdict(a) for a in messy.agents] == [asdict(a) for a in plain.agents]
    assert messy.runtime_version == plain.runtime_version
    assert messy.rock_version == "6.8.5"


def test_old_layout_without_uuid_and_with_isa_na() -> None:
    old = DUMP.replace("  Uuid:                    GPU-XX\n", "").replace(
        "  ISA Info:\n*******", "  ISA Info:\n    N/A\n*******"
    )
    old = old.replace("ROCk module version 6.8.5 is loaded", "ROCk module is loaded\ntest is member of video group")
    r = parse_rocminfo(old)
    gpu = _gpu(r)
    assert gpu.uuid is None and gpu.gfx_reported == "gfx1032"
    assert r.rock_version is None and r.kfd_group == "video" and r.in_kfd_group is True


def test_empty_uuid_value_does_not_swallow_next_line() -> None:
    r = parse_rocminfo(DUMP.replace("  Uuid:                    GPU-XX", "  Uuid:                    "))
    gpu = _gpu(r)
    assert gpu.uuid is None and gpu.marketing_name == "AMD Radeon RX 6600"


# --- marketing names ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "raw",
    ["  Marketing Name:", "  Marketing Name:          ", "  Marketing Name:          \x00\x00\x00\x00"],
)
def test_empty_marketing_name(raw: str) -> None:
    r = parse_rocminfo(DUMP.replace("  Marketing Name:          AMD Radeon RX 6600", raw))
    gpu = _gpu(r)
    assert gpu.marketing_name is None
    assert gpu.vendor_name == "AMD"  # the next line is still its own
    assert any("Marketing Name is empty" in w and "0x73ff" in w for w in r.warnings)


def test_nul_padded_marketing_name() -> None:
    r = parse_rocminfo(DUMP.replace("AMD Radeon RX 6600\n", "AMD Radeon RX 6600" + "\x00" * 46 + "\n"))
    assert _gpu(r).marketing_name == "AMD Radeon RX 6600"


# --- gfx: override, features, old ISA names -----------------------------------------------

OVERRIDE = DUMP.replace("gfx1032", "gfx1030").replace("29695(0x73ff)", "29663(0x73df)")


def test_override_records_reported_gfx_and_chip_id() -> None:
    gpu = _gpu(parse_rocminfo(OVERRIDE))
    assert gpu.gfx_reported == "gfx1030"
    assert gpu.chip_id_hex == "73df"


class _Entry:
    def __init__(self, gfx: str) -> None:
        self.gfx = gfx


def test_physical_gfx_from_chip_id(monkeypatch: pytest.MonkeyPatch) -> None:
    table = {"73df": _Entry("gfx1031"), "73ff": _Entry("gfx1032")}
    monkeypatch.setattr(rocmdesk.knowledge, "device", table.get, raising=False)
    gpu = _gpu(parse_rocminfo(OVERRIDE))
    assert physical_gfx(gpu) == "gfx1031"
    assert override_in_effect(gpu) is True
    native = _gpu(parse_rocminfo(DUMP))
    assert physical_gfx(native) == "gfx1032" and override_in_effect(native) is False
    cpu = parse_rocminfo(DUMP).agents[0]
    assert physical_gfx(cpu) is None  # chip id 0


def _no_such_name(name: str) -> object:
    raise AttributeError(name)


def test_physical_gfx_without_knowledge(monkeypatch: pytest.MonkeyPatch) -> None:
    # the package finds its names lazily (a module __getattr__): take the name and the finder both away
    monkeypatch.delattr(rocmdesk.knowledge, "device", raising=False)
    monkeypatch.setattr(rocmdesk.knowledge, "__getattr__", _no_such_name, raising=False)
    gpu = _gpu(parse_rocminfo(OVERRIDE))
    assert physical_gfx(gpu) is None and override_in_effect(gpu) is None


def test_physical_gfx_with_real_knowledge() -> None:
    assert callable(rocmdesk.knowledge.device)
    assert physical_gfx(_gpu(parse_rocminfo(OVERRIDE))) == "gfx1031"


@pytest.mark.parametrize(
    ("name", "isa", "expected"),
    [
        ("gfx90a", "amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-", "gfx90a"),
        ("gfx900", "amdgcn-amd-amdhsa--gfx900:xnack-", "gfx900"),
        ("gfx1100", "amdgcn-amd-amdhsa--gfx11-generic", "gfx1100"),
        ("Vega 20", "AMD:AMDGPU:9:0:6", "gfx906"),  # very old ISA naming
        ("Ellesmere", "amdgcn-amd-amdhsa--gfx803", "gfx803"),  # Name not a gfx token
    ],
)
def test_gfx_reported_strips_features(name: str, isa: str, expected: str) -> None:
    text = DUMP.replace("  Name:                    gfx1032", f"  Name:                    {name}").replace(
        "amdgcn-amd-amdhsa--gfx1032", isa
    )
    gpu = _gpu(parse_rocminfo(text))
    assert gpu.gfx_reported == expected
    assert gpu.isa == [isa]


def test_generic_isa_listed_but_not_the_target() -> None:
    text = DUMP.replace(
        "      Workgroup Max Size:      1024(0x400)\n*** Done",
        "    ISA 2\n      Name:                    amdgcn-amd-amdhsa--gfx10-3-generic\n*** Done",
    ).replace("  Name:                    gfx1032\n", "")
    gpu = _gpu(parse_rocminfo(text))
    assert gpu.isa == ["amdgcn-amd-amdhsa--gfx1032", "amdgcn-amd-amdhsa--gfx10-3-generic"]
    assert gpu.gfx_reported == "gfx1032" and gpu.name is None


# --- PCI slot -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bdfid", "slot"),
    [("3072", "0c:00.0"), ("19200", "4b:00.0"), ("58112", "e3:00.0"), ("3073", "0c:00.1"), ("8", "00:01.0")],
)
def test_pci_slot_from_bdfid(bdfid: str, slot: str) -> None:
    gpu = _gpu(parse_rocminfo(DUMP.replace("  BDFID:                   3072", f"  BDFID:                   {bdfid}")))
    assert gpu.pci_slot == slot


# --- truncation and paste damage ----------------------------------------------------------


def test_truncated_inside_gpu_agent() -> None:
    cut = DUMP[: DUMP.index("  Max Clock Freq. (MHz):   2491")]
    r = parse_rocminfo(cut)
    assert r.truncated and not r.ok and r.error is None
    gpu = _gpu(r)
    assert gpu.chip_id == 0x73FF and gpu.gfx_reported == "gfx1032"
    assert gpu.compute_units is None and gpu.vram_kb is None
    assert any("Done" in w for w in r.warnings)


def test_truncated_mid_line() -> None:
    cut = DUMP[: DUMP.index("Marketing Name:          AMD Radeon") + 20]
    r = parse_rocminfo(cut)
    assert r.truncated and len(r.agents) == 2


def test_truncated_before_agents() -> None:
    r = parse_rocminfo(DUMP[: DUMP.index("==========\nHSA Agents")])
    assert r.truncated and r.agents == [] and r.runtime_version == "1.14"


def test_only_rock_line() -> None:
    r = parse_rocminfo("ROCk module is loaded\n")
    assert r.truncated and r.agents == [] and r.error is None


def test_paste_starting_mid_agent() -> None:
    r = parse_rocminfo(DUMP[DUMP.index("  Name:                    gfx1032") :])
    gpu = _gpu(r)
    assert gpu.number is None and gpu.gfx_reported == "gfx1032" and gpu.vram_kb == 8372224
    assert not r.truncated
    assert any("starts inside" in w for w in r.warnings)


def test_tmux_markers_and_lost_pool_info_line() -> None:
    text = DUMP.replace(
        "  Cache Info:\n    L1:                      16(0x10) KB",
        "  Cache Info:" + " " * 80 + "[391/1815]\n    L1:                      16(0x10) KB" + " " * 70 + "[12/1815]",
    )
    lines = text.splitlines()
    gpu_pool = [i for i, line in enumerate(lines) if line == "  Pool Info:"][1]
    del lines[gpu_pool]
    r = parse_rocminfo("\n".join(lines) + "\n")
    gpu = _gpu(r)
    assert gpu.cache_kb["L1"] == 16 and gpu.vram_kb == 8372224
    assert any("tmux" in w for w in r.warnings)
    assert any("Pool Info" in w for w in r.warnings)


def test_rule_before_blank_line_and_clipped_value() -> None:
    text = DUMP.replace("DMAbuf Support:          YES\n\n==========\n", "DMAbuf Support:          YES\n==========\n\n")
    text = text.replace("LARGE", "LARG")
    r = parse_rocminfo(text)
    assert len(r.agents) == 2 and r.ok and r.system["Machine Model"] == "LARG"


def test_html_terminal_paste() -> None:
    text = DUMP.replace(
        "ROCk module version 6.8.5 is loaded",
        '<pre><font color="#D3D7CF">ROCk module version 6.8.5 is loaded</font>',
    )
    r = parse_rocminfo(text)
    assert r.rock_version == "6.8.5" and len(r.gpus) == 1


def test_gpu_only_listing_without_banners() -> None:
    # rocminfo -g prints agent blocks with no "Agent N" banner and no "*** Done ***"
    block = DUMP[DUMP.index("  Name:                    gfx1032") : DUMP.index("*** Done")]
    second = block.replace("gfx1032", "gfx1100").replace("3072", "768")
    r = parse_rocminfo(block + second)
    assert [g.gfx_reported for g in r.gpus] == ["gfx1032", "gfx1100"]
    assert [g.pci_slot for g in r.gpus] == ["0c:00.0", "03:00.0"]
    assert [g.isa for g in r.gpus] == [["amdgcn-amd-amdhsa--gfx1032"], ["amdgcn-amd-amdhsa--gfx1100"]]


def test_text_after_done_is_ignored() -> None:
    r = parse_rocminfo(DUMP + "\n$ rocm-smi\nName: something else\nDevice Type: GPU\n")
    assert len(r.agents) == 2


def test_second_run_is_reported_not_merged() -> None:
    r = parse_rocminfo(DUMP + DUMP)
    assert len(r.agents) == 2
    assert any("more than one rocminfo run" in w for w in r.warnings)


def test_huge_numbers_do_not_raise() -> None:
    r = parse_rocminfo(DUMP.replace("  Node:                    1", "  Node:                    " + "9" * 5000))
    assert _gpu(r).node is None


# --- agents that are not CPUs or GPUs -----------------------------------------------------


@pytest.mark.parametrize("kind", ["DSP", "AIE"])
def test_npu_agents_are_kept_but_not_gpus(kind: str) -> None:
    npu = """\
*******
Agent 3
*******
  Name:                    aie2
  Uuid:                    AIE-XX
  Marketing Name:          RyzenAI-npu1
  Vendor Name:             AMD
  Feature:                 AGENT_DISPATCH
  Node:                    0
  Device Type:             {kind}
  Chip ID:                 0(0x0)
  Compute Unit:            0
  Pool Info:
    Pool 1
      Segment:                 GLOBAL; FLAGS: KERNARG, COARSE GRAINED
      Size:                    65536(0x10000) KB
  ISA Info:
""".replace("{kind}", kind)
    r = parse_rocminfo(DUMP.replace("*** Done ***", npu + "*** Done ***"))
    assert [a.device_type for a in r.agents] == ["CPU", "GPU", kind]
    assert len(r.gpus) == 1
    other = r.agents[2]
    assert other.marketing_name == "RyzenAI-npu1" and other.vram_kb is None and other.gfx_reported is None


# --- WSL ----------------------------------------------------------------------------------

WSL_DUMP = (
    DUMP.replace("ROCk module version 6.8.5 is loaded\n", "")
    .replace("  BDFID:                   0\n", "")
    .replace("  BDFID:                   3072\n", "")
    .replace("  Uuid:                    GPU-XX\n", "")
)


def test_wsl_inferred_from_missing_lines() -> None:
    r = parse_rocminfo(WSL_DUMP)
    assert r.wsl is True and r.rock_loaded is None
    gpu = _gpu(r)
    assert gpu.pci_slot is None and gpu.uuid is None and gpu.vram_kb == 8372224


def test_wsl_announced() -> None:
    r = parse_rocminfo("WSL environment detected.\n" + WSL_DUMP)
    assert r.wsl is True


def test_not_wsl_with_rock_line() -> None:
    assert parse_rocminfo(DUMP).wsl is False


# --- error outputs ------------------------------------------------------------------------

OOR = (
    "Call returned HSA_STATUS_ERROR_OUT_OF_RESOURCES: The runtime failed to allocate the "
    "necessary resources."
)


@pytest.mark.parametrize(
    ("text", "kind", "errno", "status"),
    [
        (
            "ROCk module is loaded\nUnable to open /dev/kfd read-write: Permission denied\n"
            'alice is not member of "render" group, the default DRM access group.\n',
            "kfd-permission", "EACCES", None,
        ),
        (
            "ROCk module is loaded\nUnable to open /dev/kfd read-write: Operation not permitted\n"
            "alice is member of render group\n",
            "kfd-permission", "EPERM", None,
        ),
        (
            "ROCk module is loaded\nUnable to open /dev/kfd read-write: Cannot allocate memory\n"
            "Failed to get user name to check for render group membership\n"
            f"hsa api call failure at: /src/rocminfo/rocminfo.cc:1142\n{OOR}\n",
            "kfd-nomem", "ENOMEM", "HSA_STATUS_ERROR_OUT_OF_RESOURCES",
        ),
        (
            "ROCk module is loaded\nUnable to open /dev/kfd read-write: Invalid argument\n",
            "kfd-invalid", "EINVAL", None,
        ),
        (
            "ROCk module is NOT loaded, possibly no GPU devices\n"
            "Unable to open /dev/kfd read-write: No such file or directory\n",
            "kfd-missing", "ENOENT", None,
        ),
        ("ROCk module is NOT loaded, possibly no GPU devices\n", "kfd-missing", None, None),
        ("ROCk module is NOT live, possibly no GPU devices\n", "kfd-missing", None, None),
        (
            "ROCk module is loaded\nUnable to open /dev/kfd read-write: Device or resource busy\n",
            "kfd-error", "EBUSY", None,
        ),
        (
            f"ROCk module is loaded\nbob is member of video group\nhsa api call failure at: rocminfo.cc:1102\n{OOR}\n",
            "out-of-resources", None, "HSA_STATUS_ERROR_OUT_OF_RESOURCES",
        ),
        (
            "hsa api call failure at line 900, file: /build/rocminfo/rocminfo.cc. Call returned 4104\n",
            "out-of-resources", None, "HSA_STATUS_ERROR_OUT_OF_RESOURCES",
        ),
        (
            "ROCk module is loaded\nhsa api call failure at: rocminfo.cc:1219\nCall returned 0x1008\n",
            "out-of-resources", None, "HSA_STATUS_ERROR_OUT_OF_RESOURCES",
        ),
        (
            "ROCk module is loaded\nhsa api call failure at: rocminfo.cc:1219\n"
            "Call returned HSA_STATUS_ERROR_INVALID_ARGUMENT: One of the actual arguments does not meet a precondition.\n",
            "hsa-error", None, "HSA_STATUS_ERROR_INVALID_ARGUMENT",
        ),
        ("ROCk module is loaded\nSegmentation fault\n", "crash", None, None),
        ("ROCk module is loaded\nSegmentation fault (core dumped)\n", "crash", None, None),
        ("ROCk module is loaded\nzsh: segmentation fault  rocminfo\n", "crash", None, None),
    ],
)
def test_error_forms(text: str, kind: str, errno: str | None, status: str | None) -> None:
    r = parse_rocminfo(text)
    assert r.error is not None
    assert (r.error.kind, r.error.errno, r.error.hsa_status) == (kind, errno, status)
    assert r.error.message and "\n" not in r.error.message
    assert r.agents == [] and r.gpus == [] and not r.truncated and not r.ok


def test_error_group_line() -> None:
    r = parse_rocminfo(
        "ROCk module is loaded\nUnable to open /dev/kfd read-write: Permission denied\n"
        'navin is not member of "render" group, the default DRM access group.\n'
    )
    assert (r.user, r.kfd_group, r.in_kfd_group) == ("navin", "render", False)


def test_error_with_prompt_lines() -> None:
    r = parse_rocminfo(
        "[ alice: ~ ]$ /opt/rocm/bin/rocminfo --support\nROCk module is loaded\n"
        "Unable to open /dev/kfd read-write: Permission denied\n"
    )
    assert r.error is not None and r.error.errno == "EACCES"


def test_crash_mid_dump_keeps_agents() -> None:
    cut = DUMP[: DUMP.index("*******\nAgent 2")] + "Segmentation fault (core dumped)\n"
    r = parse_rocminfo(cut)
    assert r.error is not None and r.error.kind == "crash"
    assert len(r.agents) == 1 and not r.truncated


# --- not rocminfo -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   \n\n",
        "hello world\nthis is a note about my GPU\n",
        "Segmentation fault\n",
        "0b:00.0 VGA compatible controller: Advanced Micro Devices, Inc. [AMD/ATI] Navi 23\n",
        "Name: gfx1030\n",
    ],
)
def test_not_rocminfo(text: str) -> None:
    assert not looks_like_rocminfo(text)
    with pytest.raises(FormatError) as info:
        parse_rocminfo(text)
    assert "\n" not in str(info.value)


def test_binary_text_is_rejected() -> None:
    blob = "\x7fELF\x02\x01\x01" + "\x00" * 200 + "HSA Agents\n"
    assert not looks_like_rocminfo(blob)
    with pytest.raises(FormatError, match="binary"):
        parse_rocminfo(blob)


def test_bytes_are_rejected_with_format_error() -> None:
    with pytest.raises(FormatError):
        parse_rocminfo(DUMP.encode())  # type: ignore[arg-type]


def test_format_error_is_value_error() -> None:
    assert issubclass(FormatError, ValueError)
    assert str(FormatError("two\nlines")) == "two lines"
