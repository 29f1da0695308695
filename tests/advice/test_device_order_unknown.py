"""ROCR_VISIBLE_DEVICES counts in KFD node order; where no KFD node is known (a pasted lspci or rocm-smi, which list
GPUs by PCI or DRM card order) the advice writes no device number rather than a wrong one."""

from __future__ import annotations

from rocmdesk.advice import VISIBILITY_VAR, advise
from rocmdesk.machine.model import Gpu, MachineReport


def _machine(xtx_node: int | None, igpu_node: int | None) -> MachineReport:
    # in PCI/card order: the 7900 XTX (03:00.0, card0) first, the Raphael iGPU (12:00.0, card1) second
    xtx = Gpu(0, "AMD Radeon RX 7900 XTX", "gfx1100", "gfx1100", "744c", "c8", "0000:03:00.0", 24 << 30, xtx_node,
              False, kind="dgpu")
    igpu = Gpu(1, "AMD Radeon Graphics", "gfx1036", "gfx1036", "164e", "c1", "0000:12:00.0", 512 << 20, igpu_node,
               True, kind="apu")
    return MachineReport(source="test", simulated=False, gpus=[xtx, igpu])


def test_kfd_order_numbers_the_dgpu():
    a = advise(_machine(xtx_node=2, igpu_node=1))  # KFD lists the iGPU first
    assert a.hidden == [1] and a.used == [0]
    assert a.env[VISIBILITY_VAR] == "1" and a.gpus[0].runtime_index == 1


def test_without_kfd_nodes_no_number_is_written():
    """Failed before: the card order gave ROCR_VISIBLE_DEVICES=0, which on a machine whose KFD lists the iGPU
    first hides the 7900 XTX and keeps the iGPU."""
    a = advise(_machine(xtx_node=None, igpu_node=None))
    assert a.hidden == [1] and a.used == [0]  # the iGPU is still the one to keep out
    assert VISIBILITY_VAR not in a.env and VISIBILITY_VAR not in a.gpus[0].env
    assert a.gpus[0].runtime_index is None
    assert any(VISIBILITY_VAR in w and "rocminfo" in w for w in a.warnings)
    assert "devices" not in a.why
