"""Property tests: whatever the text, the rocminfo parser returns a report or raises FormatError."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rocmdesk.formats import FormatError, decode_input, parse
from rocmdesk.formats.rocminfo import RocminfoReport, parse_rocminfo
from tests.formats.props import check_text, gfx_set

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

VALID = """\
ROCk module is loaded
=====================
HSA System Attributes
=====================
Runtime Version:         1.1
Runtime Ext Version:     1.4
Machine Model:           LARGE

==========
HSA Agents
==========
*******
Agent 1
*******
  Name:                    AMD Ryzen 9 7950X 16-Core Processor
  Uuid:                    CPU-XX
  Marketing Name:          AMD Ryzen 9 7950X 16-Core Processor
  Device Type:             CPU
  Chip ID:                 0(0x0)
  BDFID:                   0
  Compute Unit:            32
  Pool Info:
    Pool 1
      Segment:                 GLOBAL; FLAGS: FINE GRAINED
      Size:                    65536000(0x3e80000) KB
  ISA Info:
*******
Agent 2
*******
  Name:                    gfx1100
  Uuid:                    GPU-0123456789abcdef
  Marketing Name:          Radeon RX 7900 XTX
  Vendor Name:             AMD
  Node:                    1
  Device Type:             GPU
  Cache Info:
    L1:                      32(0x20) KB
  Chip ID:                 29772(0x744c)
  Max Clock Freq. (MHz):   2482
  BDFID:                   768
  Compute Unit:            96
  Memory Properties:
  Packet Processor uCode:: 550
  Pool Info:
    Pool 1
      Segment:                 GLOBAL; FLAGS: COARSE GRAINED
      Size:                    25149440(0x17fc000) KB
    Pool 2
      Segment:                 GROUP
      Size:                    64(0x40) KB
  ISA Info:
    ISA 1
      Name:                    amdgcn-amd-amdhsa--gfx1100
    ISA 2
      Name:                    amdgcn-amd-amdhsa--gfx11-generic
*** Done ***
"""
LINES = VALID.splitlines()

# Text that rocminfo-shaped damage is made of: labels, banners, digits, colons, escapes, NULs.
_ATOMS = st.sampled_from(
    [": ", "::", "Agent 7", "*******", "Pool 3", "ISA 2", "Name:", "Size:", "Segment:", "Chip ID:",
     "BDFID:", "0x", "(0x", ")", " KB", "gfx", "amdgcn-amd-amdhsa--", "-generic", ":xnack-",
     "\x1b[31m", "\x00", "\r", "\t", "[12/345]", "ROCk module is NOT loaded", "*** Done ***",
     "Unable to open /dev/kfd read-write: ", "hsa api call failure at: x.cc:1", "Call returned ",
     "HSA System Attributes", "HSA Agents", "Segmentation fault", "9" * 30, "\ufffd", "é", "中"]
)
GARBAGE = st.one_of(st.text(max_size=80), st.lists(_ATOMS, max_size=8).map("".join))


def _check(text: str) -> None:
    try:
        report = parse_rocminfo(text)
    except FormatError as err:
        assert "\n" not in str(err)
        return
    assert isinstance(report, RocminfoReport)
    for agent in report.agents:
        assert agent.vram_kb is None or agent.vram_kb in agent.pools_kb
        assert agent.gfx_reported is None or agent.gfx_reported.startswith("gfx")
    assert all(g.device_type == "GPU" for g in report.gpus)


@SETTINGS
@given(st.text(max_size=2000))
def test_arbitrary_text(text: str) -> None:
    _check(text)


@SETTINGS
@given(st.lists(GARBAGE, max_size=40).map("\n".join))
def test_rocminfo_shaped_garbage(text: str) -> None:
    _check(text)


@st.composite
def mutated(draw: st.DrawFn) -> str:
    lines = list(LINES)
    for _ in range(draw(st.integers(0, 6))):
        op = draw(st.sampled_from(["drop", "insert", "duplicate", "swap"]))
        if not lines:
            break
        i = draw(st.integers(0, len(lines) - 1))
        if op == "drop":
            del lines[i]
        elif op == "insert":
            lines.insert(i, draw(GARBAGE))
        elif op == "duplicate":
            lines.insert(i, lines[i])
        else:
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
    text = "\n".join(lines) + "\n"
    if draw(st.booleans()):
        text = text[: draw(st.integers(0, len(text)))]
    return text


@SETTINGS
@given(mutated())
def test_mutations_of_a_valid_dump(text: str) -> None:
    _check(text)


def test_the_unmutated_dump_parses() -> None:
    report = parse_rocminfo(VALID)
    assert report.ok and [g.gfx_reported for g in report.gpus] == ["gfx1100"]
    assert report.gpus[0].vram_kb == 25149440 and report.gpus[0].pci_slot == "03:00.0"


@SETTINGS
@given(st.binary(max_size=4000))
def test_binary_input(data: bytes) -> None:
    try:
        text = decode_input(data)
    except FormatError:
        text = data.decode("utf-8", errors="replace")  # what a careless caller would pass on
    try:
        parse(text)
    except FormatError:
        pass


@SETTINGS
@given(st.binary(min_size=1, max_size=400), st.integers(0, len(VALID)))
def test_binary_spliced_into_a_dump(blob: bytes, at: int) -> None:
    text = VALID[:at] + blob.decode("latin-1") + VALID[at:]
    _check(text)


# -- what the output says, not only that there is one (issue 17): no gfx or device id the text does not give, no GPU
# counted twice, and a cut or spliced real paste never finds more GPUs or other targets than the whole one
PROPS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPS
@given(st.sampled_from([VALID]), st.data())
def test_output_of_a_cut_or_spliced_real_paste_is_backed_by_its_text(sample: str, data) -> None:
    whole = check_text(sample)
    lines = sample.splitlines()
    cut = data.draw(st.integers(0, len(lines)))
    i = data.draw(st.integers(0, max(0, len(lines) - 1)))
    if data.draw(st.booleans()):
        part = check_text("\n".join(lines[:cut]))
        assert len((part or {}).get("gpus", [])) <= len((whole or {}).get("gpus", []))
        assert gfx_set(part) <= gfx_set(whole)
    else:
        lines[i:i + 1] = [data.draw(st.text(max_size=60))]
        check_text("\n".join(lines))
