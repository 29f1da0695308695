"""From a product name to the chip (issue 17): a paste that names a card but prints no gfx and no device id."""

from __future__ import annotations

import pytest

from rocmdesk.knowledge import all_devices
from rocmdesk.knowledge.devices import device_for_name


@pytest.mark.parametrize(("name", "gfx"), [
    ("AMD Instinct MI300X", "gfx942"), ("Radeon RX 9060 XT", "gfx1200"), ("AMD Radeon RX 7900 XTX", "gfx1100"),
    ("Radeon RX 6600 XT", "gfx1032"), ("AMD Radeon 780M Graphics", "gfx1103"), ("Radeon Pro W7900", "gfx1100"),
    ("AMD Radeon(TM) RX 9070 XT", "gfx1201"), ("Instinct MI250X", "gfx90a"),
])
def test_known_names_give_their_chip(name: str, gfx: str) -> None:
    entry = device_for_name(name)
    assert entry is not None and entry.gfx == gfx


@pytest.mark.parametrize("name", ["AMD Radeon Graphics", "Navi 31", "foo", "", None, "RX", "AMD"])
def test_vague_or_unknown_names_invent_nothing(name) -> None:
    assert device_for_name(name) is None


def test_every_product_of_the_table_reads_back_as_its_own_chip_or_nothing() -> None:
    # a name shared by two chips gives None; any answer is the chip the table says for that name
    for entry in all_devices():
        for product in entry.products:
            found = device_for_name(product)
            assert found is None or found.gfx == entry.gfx or any(
                product in e.products for e in all_devices() if e.gfx == found.gfx), (product, entry.gfx)
