"""PCI device ids -> gfx target, chip and product names (for when KFD or libdrm's amdgpu.ids can't tell)."""

from __future__ import annotations

import re
from functools import cache

from rocmdesk.knowledge._data import data_text, load_tsv, load_tsv_columns
from rocmdesk.knowledge.records import record

_HEX = re.compile(r"(?:0x)?([0-9a-f]{1,4})")


def normalize_device_id(device_id: str | int | None) -> str | None:
    """``"0x73FF\\n"`` / ``"73ff"`` / ``29695`` -> ``"73ff"``; None if it is not a 16-bit id."""
    if device_id is None or isinstance(device_id, bool):
        return None
    if isinstance(device_id, int):
        return f"{device_id:04x}" if 0 <= device_id <= 0xFFFF else None
    m = _HEX.fullmatch(device_id.strip().lower())
    return m.group(1).zfill(4) if m else None


def normalize_revision(revision: str | int | None) -> str | None:
    """``"0xC8"`` / ``"c8"`` / ``200`` -> ``"c8"``."""
    if revision is None or isinstance(revision, bool):
        return None
    if isinstance(revision, int):
        return f"{revision:02x}" if 0 <= revision <= 0xFF else None
    text = revision.strip().lower()
    text = text[2:] if text.startswith("0x") else text
    return text.zfill(2) if re.fullmatch(r"[0-9a-f]{1,2}", text) else None


@record(frozen=True)
class DeviceIdEntry:
    """One row of the device-id table.  ``kind`` is apu | dgpu | instinct | pro; ``revision`` "*" means any."""

    device_id: str
    revision: str
    gfx: str
    codename: str
    family: str
    kind: str
    products: tuple[str, ...]
    sources: tuple[str, ...]

    @property
    def source(self) -> str:
        return "+".join(self.sources)


def _entry(row: dict[str, str]) -> DeviceIdEntry:
    products = tuple(p.strip() for p in row["products"].split(";") if p.strip() and p.strip() != "-")
    return DeviceIdEntry(
        device_id=row["device_id"],
        revision=row["revision"],
        gfx=row["gfx"],
        codename=row["codename"],
        family=row["family"],
        kind=row["kind"],
        products=products,
        sources=tuple(row["source"].split("+")),
    )


@cache
def _rows() -> dict[tuple[str, str], dict[str, str]]:
    return {(r["device_id"], r["revision"]): r for r in load_tsv("device_ids.tsv")}


_made: dict[tuple[str, str], DeviceIdEntry] = {}


def _entry_at(key: tuple[str, str]) -> DeviceIdEntry | None:
    """The entry of one row, made when first asked for: detection looks up one or two device ids, not all 200."""
    entry = _made.get(key)
    if entry is None:
        row = _rows().get(key)
        if row is None:
            return None
        entry = _made[key] = _entry(row)
    return entry


@cache
def _devices() -> dict[tuple[str, str], DeviceIdEntry]:
    return {key: _entry_at(key) for key in _rows()}  # type: ignore[misc]  # every key has its row


@cache
def _names() -> dict[tuple[str, str], tuple[str, str, bool]]:
    columns = ("device_id", "revision", "name", "source", "generic")
    return {(did, rev): (name, source, generic == "yes")  # type: ignore[misc]
            for did, rev, name, source, generic in load_tsv_columns("amdgpu_names.tsv", columns)}


_NAME_COLUMNS = ("device_id", "revision", "name", "source", "generic")
_names_by_id: dict[str, dict[str, tuple[str, str, bool]]] = {}


@cache
def _names_text() -> tuple[str, tuple[int, ...]]:
    """amdgpu_names.tsv as text (a newline in front), and where its header puts our columns."""
    text = "\n" + data_text("amdgpu_names.tsv")
    header = next(ln for ln in text.splitlines() if ln and not ln.startswith("#")).split("\t")
    return text, tuple(header.index(c) for c in _NAME_COLUMNS)


def _names_of(did: str) -> dict[str, tuple[str, str, bool]]:
    """revision -> the row of ``_names()`` for one device id, found in the text (detection looks up one or two
    ids: the 900-row table is not read into a dict for them)."""
    rows = _names_by_id.get(did)
    if rows is None:
        rows = {}
        text, at = _names_text()
        needle = f"\n{did}\t"
        i = text.find(needle)
        while i != -1:
            end = text.find("\n", i + 1)
            cells = text[i + 1:end if end != -1 else len(text)].split("\t")
            got = [cells[k] if k < len(cells) else None for k in at]
            rows[got[1]] = (got[2], got[3], got[4] == "yes")  # type: ignore[assignment,index]
            i = text.find(needle, i + 1)
        _names_by_id[did] = rows
    return rows


def _name_row(device_id: str | int | None, revision: str | int | None) -> tuple[str, str, bool] | None:
    did = normalize_device_id(device_id)
    if did is None:
        return None
    rev = normalize_revision(revision)
    names = _names_of(did)
    return (names.get(rev) if rev else None) or names.get("*")


def device(device_id: str | int | None, revision: str | int | None = None) -> DeviceIdEntry | None:
    """The table entry for a PCI device id; a known revision picks its own row (73ff rev df is gfx1031)."""
    did = normalize_device_id(device_id)
    if did is None:
        return None
    rev = normalize_revision(revision)
    return (_entry_at((did, rev)) if rev else None) or _entry_at((did, "*"))


def all_devices() -> list[DeviceIdEntry]:
    """Every row, revision-specific ones included, ordered by device id."""
    return sorted(_devices().values(), key=lambda e: (e.device_id, e.revision != "*", e.revision))


def marketing_name(device_id: str | int | None, revision: str | int | None = None) -> tuple[str, str] | None:
    """(name, source keys) from rocmdesk's own table; a family name where one id covers several cards."""
    row = _name_row(device_id, revision)
    return (row[0], row[1]) if row else None


def is_generic_name(device_id: str | int | None, revision: str | int | None = None) -> bool | None:
    """Whether :func:`marketing_name` gives a product-family name rather than one card; None if there is no name."""
    row = _name_row(device_id, revision)
    return row[2] if row else None


# -- from a product name to the chip (a paste that names a card but prints no gfx and no device id) --------------
_NAME_NOISE = re.compile(r"\b(?:amd|ati|radeon|graphics|series|\(tm\)|\(r\)|tm)\b|[^\w.+ ]")


def _name_key(name: str) -> str:
    return " ".join(_NAME_NOISE.sub(" ", name.lower()).split())


@cache
def _by_name() -> dict[str, frozenset[DeviceIdEntry]]:
    """Normalized product name -> the table rows that carry it (the products of device_ids.tsv and the names of
    amdgpu_names.tsv, each with its device id's row)."""
    out: dict[str, set[DeviceIdEntry]] = {}
    for entry in _devices().values():
        for product in entry.products:
            out.setdefault(_name_key(product), set()).add(entry)
    for (device_id, revision), (name, _source, generic) in _names().items():
        entry = device(device_id, None if revision == "*" else revision)
        if entry is not None and not generic:
            out.setdefault(_name_key(name), set()).add(entry)
    return {k: frozenset(v) for k, v in out.items() if k}


def device_for_name(name: str | None) -> DeviceIdEntry | None:
    """The table row a product name stands for ("AMD Instinct MI300X", "Radeon RX 9060 XT"): the name itself, else
    the longest known product name inside it as whole words; None when nothing matches or the matches disagree on the
    chip (one name, two gfx targets), so a name never invents a target."""
    key = _name_key(name or "")
    rows: frozenset[DeviceIdEntry] | None = None
    if len(key) >= 4 and any(ch.isdigit() for ch in key):  # "RX", "Radeon Graphics": a family, no one chip
        table = _by_name()
        rows = table.get(key)
        if rows is None:
            padded = f" {key} "
            found = [(len(k), r) for k, r in table.items() if len(k) >= 4 and f" {k} " in padded]
            if found:
                longest = max(n for n, _ in found)
                rows = frozenset(e for n, r in found if n == longest for e in r)
    if rows is None:
        rows = _for_pci_name(name or "")
    if not rows:
        return None
    targets = {e.gfx for e in rows}
    if len(targets) != 1:
        return None
    return min(rows, key=lambda e: (e.device_id, e.revision))


@cache
def _by_codename() -> dict[str, frozenset[DeviceIdEntry]]:
    """The table's chip codenames as pci.ids writes them ("navi21" -> "navi 21", "strix_point" -> "strix point")."""
    out: dict[str, set[DeviceIdEntry]] = {}
    for entry in _devices().values():
        code = entry.codename.strip().lower()
        if not code or code == "-":
            continue
        forms = {code.replace("_", " ")}
        split = re.fullmatch(r"([a-z]+)(\d+)", code)
        if split:
            forms.add(f"{split.group(1)} {split.group(2)}")
        for form in forms:
            out.setdefault(form, set()).add(entry)
    return {k: frozenset(v) for k, v in out.items()}


def _for_pci_name(name: str) -> frozenset[DeviceIdEntry] | None:
    """The rows for a pci.ids device name, which starts with the chip's codename and names the products in brackets
    ("Vega 20 [Radeon VII]", "Navi 21 [Radeon RX 6800/6800 XT / 6900 XT]", "Vega 10 XL/XT [Radeon RX Vega 56/64]"),
    as rocm-smi prints when the tool has no marketing name.  The bracket is required: a bare "Navi 31" or an APU's
    "Radeon Vega 10 Graphics" (a Raven APU, not the Vega 10 chip) names no card."""
    text = " ".join(name.lower().split())[:200]
    if "[" not in text or "graphics" in text:
        return None
    head = text.split("[", 1)[0].strip()
    best: tuple[int, frozenset[DeviceIdEntry]] | None = None
    for form, rows in _by_codename().items():
        if head == form or (head.startswith(form) and head[len(form)] in " /-,(") and (
                best is None or len(form) > best[0]):
            best = (len(form), rows)
    return best[1] if best else None
