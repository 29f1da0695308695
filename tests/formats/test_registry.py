"""The format registry behind ``rocmdesk inspect``, and input decoding."""

from __future__ import annotations

import pytest

from rocmdesk import formats
from rocmdesk.formats import FormatError, decode_input, parse, sniff
from rocmdesk.formats.rocminfo import RocminfoReport

SMALL = """\
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
  Name:                    gfx1100
  Marketing Name:          Radeon RX 7900 XTX
  Device Type:             GPU
  Chip ID:                 29772(0x744c)
  BDFID:                   768
  Compute Unit:            96
*** Done ***
"""


def test_rocminfo_is_registered() -> None:
    assert "rocminfo" in formats.formats()


def test_sniff() -> None:
    assert sniff(SMALL) == "rocminfo"
    assert sniff("ROCk module is loaded\nUnable to open /dev/kfd read-write: Permission denied\n") == "rocminfo"
    assert sniff("just some words\n") is None
    assert sniff("") is None
    assert sniff("\x00" * 100) is None


def test_parse_dispatches() -> None:
    report = parse(SMALL)
    assert isinstance(report, RocminfoReport)
    assert report.gpus[0].marketing_name == "Radeon RX 7900 XTX"
    assert parse(SMALL, "rocminfo").gpus[0].pci_slot == "03:00.0"


def test_parse_unknown_text() -> None:
    with pytest.raises(FormatError, match="not a format rocmdesk knows: expected rocminfo output"):
        parse("Traceback (most recent call last):\n  nothing here\n")


def test_parse_unknown_format_name() -> None:
    with pytest.raises(FormatError, match="unknown format"):
        parse(SMALL, "nvidia-smi")


def test_parse_forced_format_on_wrong_text() -> None:
    with pytest.raises(FormatError):
        parse("hello\n", "rocminfo")


def test_a_higher_score_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(formats, "_REGISTRY", dict(formats._REGISTRY))
    formats.register("other", label="other output", sniff=lambda t: 99 if "ROCk" in t else 0, parse=lambda t: "x")
    assert sniff(SMALL) == "other"
    assert parse(SMALL) == "x"
    assert sniff("Runtime Version: 1.1\nMarketing Name: X\n") == "rocminfo"


# --- decoding -----------------------------------------------------------------------------


def test_decode_utf8_and_bom() -> None:
    assert decode_input(SMALL.encode()) == SMALL
    assert decode_input(b"\xef\xbb\xbf" + SMALL.encode()) == SMALL


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_decode_utf16(encoding: str) -> None:
    # PowerShell's "rocminfo > file" on a WSL host writes UTF-16
    assert decode_input(SMALL.encode(encoding)) == SMALL
    assert sniff(decode_input(SMALL.encode(encoding))) == "rocminfo"


def test_decode_few_bad_bytes_is_text() -> None:
    text = decode_input(SMALL.encode() + b"\xff\xfe garbage \xc3\n")
    assert "\ufffd" in text and parse(text).gpus


@pytest.mark.parametrize(
    "data",
    [
        b"\x00" * 4096,
        b"\x7fELF\x02\x01\x01\x00" + b"\x00" * 500 + b"HSA Agents",
        bytes(range(256)) * 20,
        b"\x89PNG\r\n\x1a\n" + bytes((i * 97 + 13) % 256 for i in range(3000)),
    ],
)
def test_decode_rejects_binary(data: bytes) -> None:
    with pytest.raises(FormatError, match="binary"):
        decode_input(data)
    # the caller's own lenient decode must fail just as cleanly
    with pytest.raises(FormatError):
        parse(data.decode("utf-8", errors="replace"))


def test_decode_empty() -> None:
    assert decode_input(b"") == ""
    with pytest.raises(FormatError):
        parse("")


def test_the_built_in_table_names_each_module_as_the_module_names_itself():
    import importlib

    for name, label, module, sniffer, parser in formats.BUILT_IN:
        mod = importlib.import_module(f"rocmdesk.formats.{module}")
        assert (mod.FORMAT_NAME, mod.LABEL) == (name, label)
        assert callable(getattr(mod, sniffer)) and callable(getattr(mod, parser))
    assert formats.formats()[: len(formats.BUILT_IN)] == [row[0] for row in formats.BUILT_IN]


def test_reading_limits_loads_no_parser():
    import subprocess
    import sys

    code = ("import sys, rocmdesk.formats.limits, rocmdesk.formats\n"
            "print(sorted(m for m in sys.modules if m.startswith('rocmdesk.formats.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    loaded = eval(out)  # a list of module names printed by the child
    assert not {"rocmdesk.formats.rocminfo", "rocmdesk.formats.amd_smi", "rocmdesk.formats.traceback"} & set(loaded)
