"""The Overview's Instinct facts: an MI300X card shows its partition modes, ECC (RAS) counts, XGMI hive, VBIOS and
PCIe link; a Radeon card shows none of them."""

from __future__ import annotations

from rocmdesk.machine.detect import detect
from rocmdesk.machine.simulate import open_simulated
from tests.ui.fakes import FakeMachines


def _report(name: str):
    return detect(open_simulated(name))


def test_mi300x_card_shows_partitions_ecc_and_xgmi(open_window) -> None:
    window = open_window(FakeMachines(_report("mi300x-8gpu-server")))
    page = window.overview
    (card,) = page.cards  # eight identical cards share one
    rows = dict(card.instinct_rows)
    assert rows["Partition mode"] == "compute SPX (of SPX, DPX, QPX, CPX); memory NPS1 (of NPS1, NPS4)"
    assert rows["ECC (RAS)"] == "0 uncorrectable, 2 corrected (UMC on GPU 3)"
    assert rows["XGMI"] == "8 cards in one hive, 7 links each"
    assert rows["VBIOS"] == "113-M3000100-102"
    assert rows["PCIe link"] == "32 GT/s ×16 (the maximum)"
    shown = [w.text() for w in card.findChildren(type(card.title)) if w.objectName() == "instinctFact"]
    assert shown == list(rows.values())


def test_partitioned_cards_are_counted_once(open_window) -> None:
    report = _report("mi308x-partitioned")
    window = open_window(FakeMachines(report))
    rows = dict(window.overview.cards[0].instinct_rows)
    assert rows["Partition mode"].startswith("compute CPX")
    cards = {g.sysfs_device for g in report.gpus}
    assert len(report.gpus) == 4 * len(cards)
    # each card's counters once, not once per partition: card 3 holds GPUs 12-15
    assert rows["ECC (RAS)"] == "0 uncorrectable, 2 corrected (UMC on GPU 12)"


def test_radeon_card_has_no_instinct_rows(open_window) -> None:
    window = open_window(FakeMachines(_report("rx7900xtx-ubuntu2404")))
    assert all(card.instinct_rows == [] for card in window.overview.cards)
