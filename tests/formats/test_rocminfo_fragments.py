"""Fragments of rocminfo that people paste (issue 17): `rocminfo | grep -i name` and the ROCm issue template's
"GPU:" block keep the Name lines and the ISA but no "Device Type"; their GPUs were put with the other agents."""

from __future__ import annotations

import pytest

from rocmdesk.formats import sniff
from rocmdesk.formats.errors import FormatError
from rocmdesk.formats.rocminfo import parse_rocminfo

GREP_NAME = """\
$ rocminfo | grep -i name
  Name:                    AMD Ryzen 9 5950X 16-Core Processor
  Marketing Name:          AMD Ryzen 9 5950X 16-Core Processor
  Vendor Name:             CPU
  Name:                    gfx1030
  Marketing Name:          AMD Radeon RX 6800 XT
  Vendor Name:             AMD
      Name:                    amdgcn-amd-amdhsa--gfx1030
"""

TEMPLATE_GPU_BLOCK = """\
GPU:
  Name:                    gfx906
  Marketing Name:          AMD Radeon VII
      Name:                    amdgcn-amd-amdhsa--gfx906:sramecc+:xnack-
  Name:                    gfx906
  Marketing Name:          AMD Radeon VII
      Name:                    amdgcn-amd-amdhsa--gfx906:sramecc+:xnack-
"""

ISA_ONLY = """\
      Name:                    amdgcn-amd-amdhsa--gfx1100
"""


@pytest.mark.parametrize("text", [GREP_NAME, TEMPLATE_GPU_BLOCK, ISA_ONLY])
def test_fragments_are_read_as_rocminfo(text: str) -> None:
    assert sniff(text) == "rocminfo"


def test_grep_name_gives_the_gpu_and_leaves_the_cpu() -> None:
    report = parse_rocminfo(GREP_NAME)
    assert [(g.gfx_reported, g.marketing_name) for g in report.gpus] == [("gfx1030", "AMD Radeon RX 6800 XT")]
    assert [a.device_type for a in report.agents if not a.is_gpu] == [None]  # the CPU: no kind invented


def test_the_issue_template_block_gives_both_gpus() -> None:
    report = parse_rocminfo(TEMPLATE_GPU_BLOCK)
    assert [g.gfx_reported for g in report.gpus] == ["gfx906", "gfx906"]
    assert all(g.marketing_name == "AMD Radeon VII" for g in report.gpus)


def test_a_fragment_without_a_gfx_name_invents_no_gpu() -> None:
    # marketing names alone: neither read as rocminfo nor turned into GPUs
    text = ("  Name:                    AMD EPYC 7763 64-Core Processor\n"
            "  Marketing Name:          AMD Radeon RX 6800 XT\n")
    with pytest.raises(FormatError):
        parse_rocminfo(text)
