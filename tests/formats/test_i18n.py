"""The recognizers' messages follow rocmdesk.i18n: Chinese under zh_CN, English otherwise and under --json."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rocmdesk import i18n
from rocmdesk.cli import EXIT_INPUT, EXIT_OK, main
from rocmdesk.formats import FormatError, decode_input, parse
from rocmdesk.formats.lspci import parse_lspci
from rocmdesk.formats.rocminfo import parse_rocminfo
from tests.zh import has_chinese

# a paste cut off inside the agent list, whose GPU has an empty Marketing Name: two warnings
CUT_ROCMINFO = """\
ROCk module is loaded
=====================
HSA System Attributes
=====================
Runtime Version:         1.1

==========
HSA Agents
==========
*******
Agent 1
*******
  Name:                    gfx1032
  Marketing Name:
  Device Type:             GPU
  Chip ID:                 29695(0x73ff)
  BDFID:                   768
"""
TWICE_LSPCI = (
    "03:00.0 VGA compatible controller [0300]: Advanced Micro Devices, Inc. [AMD/ATI] Navi 23 [1002:73ff] (rev c7)\n"
) * 2


def _error(text: str) -> str:
    with pytest.raises(FormatError) as info:
        parse(text)
    return str(info.value)


def test_errors_and_warnings_are_english_by_default() -> None:
    assert _error("just some words\n").startswith("not a format rocmdesk knows: expected rocminfo output, ")
    warnings = parse_rocminfo(CUT_ROCMINFO).warnings
    assert "agent 1: Marketing Name is empty; name the card from its Chip ID (0x73ff)" in warnings
    assert any("the paste may be cut off" in w for w in warnings)


def test_errors_are_chinese_under_zh_cn(zh) -> None:
    unknown = _error("just some words\n")
    assert has_chinese(unknown) and "not a format" not in unknown
    assert "rocminfo" in unknown and "journalctl -k" in unknown  # names and commands stay as they are
    binary = _error("\x00" * 200)
    assert has_chinese(binary) and "looks binary" not in binary and "100%" in binary
    with pytest.raises(FormatError) as info:
        decode_input(b"\x00\x01\x02\x03" * 100)
    assert has_chinese(str(info.value))
    for fmt in ("rocminfo", "lspci", "collect_env", "kernel-log", "traceback"):
        with pytest.raises(FormatError) as info:
            parse("   \n", fmt)
        assert has_chinese(str(info.value)) and "the input is empty" not in str(info.value), fmt


def test_warnings_are_chinese_under_zh_cn(zh) -> None:
    warnings = parse_rocminfo(CUT_ROCMINFO).warnings
    assert len(warnings) == 2 and all(has_chinese(w) for w in warnings)
    assert not any("Marketing Name is empty" in w or "cut off" in w for w in warnings)
    assert any("0x73ff" in w and "Marketing Name" in w for w in warnings)  # rocminfo's own label stays
    lspci = parse_lspci(TWICE_LSPCI).warnings
    assert lspci and has_chinese(lspci[0]) and "0000:03:00.0" in lspci[0]


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_a_wsl_dump_reaches_the_doctor_by_a_field_in_every_language(language) -> None:
    from rocmdesk.doctor.text_checks import diagnose_text
    from rocmdesk.inspect import inspect_text

    inferred = CUT_ROCMINFO.replace("ROCk module is loaded\n", "").replace("  BDFID:                   768\n", "")
    inferred += "  Compute Unit:            32\n*** Done ***\n"
    with i18n.speaking(language):
        for text in (inferred, "WSL environment detected.\n" + CUT_ROCMINFO):
            assert inspect_text(text, "rocminfo.txt")["wsl"] is True
            assert "wsl" in {f.id for f in diagnose_text(text, "rocminfo.txt")[1]}
        assert not inspect_text(CUT_ROCMINFO, "rocminfo.txt")["wsl"]
        assert "wsl" not in {f.id for f in diagnose_text(CUT_ROCMINFO, "rocminfo.txt")[1]}


def test_inspect_speaks_chinese_but_its_json_stays_english(zh, capsys, tmp_path: Path) -> None:
    sample = tmp_path / "rocminfo.txt"
    sample.write_text(CUT_ROCMINFO)
    junk = tmp_path / "junk.txt"
    junk.write_text("just some words\n")
    assert main(["inspect", str(junk)]) == EXIT_INPUT
    err = capsys.readouterr().err
    assert has_chinese(err) and "not a format" not in err
    assert main(["inspect", str(sample), "--json"]) == EXIT_OK
    warnings = json.loads(capsys.readouterr().out)["warnings"]
    assert warnings and not any(has_chinese(w) for w in warnings)
    assert any("Marketing Name is empty" in w for w in warnings)
    assert i18n.current_language() == "zh_CN"  # the CLI gives the caller's language back
