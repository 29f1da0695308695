"""A pasted line of a megabyte of blanks (a terminal's padding, a broken copy) is read in linear time (issue 17):
it took 26 s in `inspect` and `doctor` at 100 KB, because the tmux-marker pattern was tried from every blank."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from rocmdesk.formats.text import clean_lines
from rocmdesk.inspect import inspect_text

ROCMINFO = """ROCk module is loaded
=====================
HSA Agents
==========
*******
Agent 1
*******
  Name:                    gfx1030
  Marketing Name:          AMD Radeon RX 6800 XT
  Vendor Name:             AMD
  Device Type:             GPU
"""


@pytest.mark.parametrize("filler", [" " * 2**20, "\t " * 2**19, " " * 2**20 + "[1/2]", "[" * 2**20 + "]"])
def test_a_megabyte_line_is_read_in_bounded_time(filler):
    text = ROCMINFO + filler + "\n" + "  Name:" + filler + "x\n"
    start = time.monotonic()
    result = inspect_text(text, "paste")
    assert time.monotonic() - start < 2.0
    assert [g["gfx"] for g in result["gpus"]] == ["gfx1030"]


def test_the_doctor_reads_it_in_bounded_time(tmp_path: Path):
    from rocmdesk.cli import main

    path = tmp_path / "paste.txt"
    path.write_text(ROCMINFO + " " * 2**20 + "\nRuntimeError: HIP error: invalid device function\n")
    start = time.monotonic()
    code = main(["doctor", "--from", str(path), "--json"])
    assert time.monotonic() - start < 3.0
    assert code in (0, 6)


def test_tmux_markers_are_still_taken_off():
    lines, stats = clean_lines("  Name:   gfx1030      [391/1815]\nkeep [1/2]\nkeep  [a/b]\n")
    assert lines[:3] == ["  Name:   gfx1030", "keep [1/2]", "keep  [a/b]"] and stats.tmux == 1


@pytest.mark.parametrize("flood", ["\n" * 200_000, " \n" * 200_000, "\r\n" * 100_000, "  \t\n" * 100_000])
def test_a_flood_of_empty_lines_is_read_in_bounded_time(flood, tmp_path: Path):
    # "^\s*" with MULTILINE crosses newlines: tried from each of 200,000 line starts it took over 100 s in
    # inspect (rocminfo/rocm-smi/amd-smi sniffing) and in doctor (the user-name pattern of the scrubber)
    from rocmdesk.cli import main

    text = flood + ROCMINFO + flood + "RuntimeError: HIP error: invalid device function\n" + flood
    start = time.monotonic()
    result = inspect_text(text, "paste")
    assert time.monotonic() - start < 3.0
    assert [g["gfx"] for g in result["gpus"]] == ["gfx1030"]
    path = tmp_path / "flood.txt"
    path.write_text(text)
    start = time.monotonic()
    code = main(["doctor", "--from", str(path), "--json"])
    assert time.monotonic() - start < 5.0
    assert code in (0, 6)


def test_a_traceback_line_of_blanks_is_read_in_bounded_time():
    # the caret-line pattern "^\s*[\^~\s]+$" backtracked quadratically over a long blank line that does not end
    # in a caret
    from rocmdesk.formats.traceback import parse_traceback

    text = ('Traceback (most recent call last):\n  File "/x/train.py", line 3, in <module>\n'
            + " " * 2**18 + "x\n" + "RuntimeError: HIP error: invalid device function\n")
    start = time.monotonic()
    parse_traceback(text)
    assert time.monotonic() - start < 2.0
