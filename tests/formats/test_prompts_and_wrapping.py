"""What people paste around the output (issue 17): the shell prompt and command they typed, and lspci lines a mail
client or a narrow terminal wrapped.  One place (formats.text.clean_lines) blanks prompt lines for every format."""

from __future__ import annotations

import pytest

from rocmdesk.formats.text import clean_lines, is_prompt
from rocmdesk.inspect import inspect_text

WRAPPED_NN = """\
$ lspci -nn | grep -i vga
0b:00.0 VGA compatible controller [0300]: Advanced Micro Devices, Inc. [AMD/ATI] Navi 23
[Radeon RX 6600/6600 XT/6600M] [1002:73ff] (rev c1)
"""

WRAPPED_INDENTED = """\
user@box:~$ lspci -nn | grep -E "VGA|Display"
03:00.0 VGA compatible controller [0300]: Advanced Micro Devices, Inc. [AMD/ATI] Navi 31 [Radeon RX 7900 XT/7900
  XTX/7900 GRE/7900M] [1002:744c] (rev c8)
12:00.0 Display controller [0380]: Advanced Micro Devices, Inc. [AMD/ATI] Raphael [1002:164e] (rev c1)
"""

LSPCI_V = """\
0b:00.0 VGA compatible controller: Advanced Micro Devices, Inc. [AMD/ATI] Navi 23 (rev c1)
\tSubsystem: Sapphire Technology Limited Device e448
\tFlags: bus master, fast devsel, latency 0, IRQ 98, IOMMU group 15
\tKernel driver in use: amdgpu
"""


@pytest.mark.parametrize(("text", "ids"), [(WRAPPED_NN, ["73ff"]), (WRAPPED_INDENTED, ["744c", "164e"])])
def test_a_wrapped_device_line_is_joined_again(text: str, ids: list[str]) -> None:
    result = inspect_text(text, "paste")
    assert result["format"] == "lspci"
    assert [g["device_id"] for g in result["gpus"]] == ids
    assert result["gpus"][0]["gfx"] in ("gfx1032", "gfx1100")


def test_lspci_v_lines_are_not_taken_for_continuations() -> None:
    result = inspect_text(LSPCI_V, "paste")
    assert [g["gfx"] for g in result["gpus"]] == ["gfx1032"] or result["gpus"][0]["name"]


@pytest.mark.parametrize("line", ["$ rocminfo", "mei@box:~$ rocm-smi --showproductname", "(venv) mei@box:~/x$ python t.py",
                                  "[mei@box ~]$ amd-smi static", "root@box:~# dmesg | grep -i amdgpu",
                                  "PS C:\\Users\\mei> wsl rocminfo", "# lspci -nn", "mei@box ~ % rocminfo"])
def test_prompt_lines_are_blanked(line: str) -> None:
    assert is_prompt(line)
    lines, stats = clean_lines(f"{line}\nROCk module is loaded\n")
    assert lines[:2] == ["", "ROCk module is loaded"] and stats.prompts == 1


@pytest.mark.parametrize("line", ["# comment about the run", "#  GPU  gfx  VRAM", "  Name:   gfx1030", "$5 per hour",
                                  "0b:00.0 VGA compatible controller", "Traceback (most recent call last):",
                                  "Dec 04 10:11:12 box systemd[1]: user@1000.service: Succeeded."])
def test_output_lines_are_not_prompts(line: str) -> None:
    assert not is_prompt(line)


def test_a_blank_run_a_terminal_left_inside_a_name_and_a_quoted_prompt() -> None:
    # https://github.com/ROCm/legacy-rocm-build/issues/90 (2018-10-12), the first two Fiji cards of that paste: the
    # prompt line starts with a stray backtick and each name holds a run of 163 blanks where the terminal wrapped it
    pad = " " * 163
    text = ("`nick@KI-GPGPU02:~$ lspci | grep AMD\n"
            f"01:00.0 VGA compatible controller: Advanced Micro Devices, Inc. [AMD/ATI] Fiji [{pad}Radeon R9 FURY / "
            "NANO Series] (rev c8)\n"
            "01:00.1 Audio device: Advanced Micro Devices, Inc. [AMD/ATI] Device aae8\n"
            f"02:00.0 VGA compatible controller: Advanced Micro Devices, Inc. [AMD/ATI] Fiji [{pad}Radeon R9 FURY / "
            "NANO Series] (rev c8)\n"
            "02:00.1 Audio device: Advanced Micro Devices, Inc. [AMD/ATI] Device aae8\n")
    result = inspect_text(text, "paste")
    assert result["format"] == "lspci"
    assert [(g["pci_slot"], g["gfx"], g["device_id"]) for g in result["gpus"]] == [
        ("0000:01:00.0", "gfx803", None), ("0000:02:00.0", "gfx803", None)]  # the chip from "Fiji [...]"; no id
    assert result["gpus"][0]["name"] == "Fiji [Radeon R9 FURY / NANO Series]"


def test_a_quoted_reply_is_read_without_its_quote_marks() -> None:
    # https://github.com/ROCm/legacy-rocm-build/issues/669: lspci -vv pasted as a quoted reply, every line behind
    # "> " (the first lines of the paste, verbatim); lspci -v's tab-indented lines must stay lines of their own
    text = ("> 04:00.0 VGA compatible controller: Advanced Micro Devices, Inc. [AMD/ATI] Raven Bridge [Radeon Vega "
            "Series / Radeon Vega Mobile Series] (rev c4) (prog-if 00 [VGA controller])\n"
            "> \tSubsystem: Acer Incorporated [ALI] Raven Bridge [Radeon Vega Series / Radeon Vega Mobile Series]\n"
            "> \tControl: I/O+ Mem+ BusMaster+ SpecCycle- MemWINV- VGASnoop- ParErr- Stepping- SERR- FastB2B- "
            "DisINTx+\n"
            "> \tLatency: 0, Cache Line Size: 64 bytes\n"
            "> \tInterrupt: pin A routed to IRQ 42\n")
    result = inspect_text(text, "paste")
    assert result["format"] == "lspci"
    [gpu] = result["gpus"]
    assert gpu["name"] == "Raven Bridge [Radeon Vega Series / Radeon Vega Mobile Series]"
    assert (gpu["pci_slot"], gpu["gfx"], gpu["apu"]) == ("0000:04:00.0", "gfx902", True)
