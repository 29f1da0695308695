"""PCI device ids -> gfx and names."""

from __future__ import annotations

import pytest

from rocmdesk import knowledge as k


@pytest.mark.parametrize(
    "device_id,gfx",
    [("0x744c", "gfx1100"), ("73ff", "gfx1032"), ("15bf", "gfx1103"), ("74a1", "gfx942"), ("740f", "gfx90a"),
     ("0x73FF\n", "gfx1032"), ("747e", "gfx1101"), ("7550", "gfx1201"), ("1586", "gfx1151"), ("66a1", "gfx906")],
)
def test_device_lookup(device_id: str, gfx: str) -> None:
    entry = k.device(device_id)
    assert entry is not None
    assert entry.gfx == gfx
    assert entry.source


def test_device_fields_and_forms() -> None:
    e = k.device(0x744C)
    assert e is not None
    assert (e.device_id, e.codename, e.family, e.kind) == ("744c", "navi31", "rdna3", "dgpu")
    assert "Radeon RX 7900 XTX" in e.products
    assert k.device("15bf").kind == "apu"
    assert k.device("74a1").kind == "instinct"
    assert k.device("ffff") is None
    assert k.device("not-an-id") is None
    assert k.device(None) is None


def test_revision_specific_rows() -> None:
    # RX 6750 GRE 10GB is Navi22 silicon on the Navi23 id
    assert k.device("73ff", "df").gfx == "gfx1031"
    assert k.device("73ff", "0xDF").gfx == "gfx1031"
    assert k.device("73ff", "c1").gfx == "gfx1032"
    assert k.device("67ff", "e7").codename == "polaris10"
    assert k.device("67ff").codename == "polaris11"


def test_marketing_names() -> None:
    name, source = k.marketing_name("0x740F", None)
    assert name == "AMD Instinct MI210" and source
    assert k.is_generic_name("740f") is False
    # one id, several cards: the revision names the card; a revision nobody lists gets the family name
    assert k.marketing_name("744c", "c8") == ("AMD Radeon RX 7900 XTX", "amdgpuids")
    name, _ = k.marketing_name("744c", "01")
    assert "7900" in name and "series" in name and "XTX" not in name
    assert k.is_generic_name("744c") is True
    assert k.marketing_name("73ff", "df")[0] == "AMD Radeon RX 6750 GRE 10GB"
    assert "6600" in k.marketing_name("73ff", "c1")[0]
    assert k.marketing_name("67c1", None) is None  # no public name anywhere
    assert k.marketing_name("zzzz", None) is None


def test_every_named_device_exists_and_multi_product_ids_are_generic() -> None:
    for entry in k.all_devices():
        named = k.marketing_name(entry.device_id, None if entry.revision == "*" else entry.revision)
        if not entry.products:
            continue
        assert named is not None, entry.device_id
        if len(entry.products) > 1:
            assert k.is_generic_name(entry.device_id, None if entry.revision == "*" else entry.revision), entry


def test_ids_are_normalised_lowercase_hex() -> None:
    for entry in k.all_devices():
        assert len(entry.device_id) == 4 and entry.device_id == entry.device_id.lower()
        assert entry.kind in {"apu", "dgpu", "instinct", "pro"}
        assert entry.revision == "*" or len(entry.revision) == 2
