"""Loading the knowledge data files (package data under ``data/``).

Every loader is cached and runs on first use only, so importing
``rocmdesk.knowledge`` costs nothing at start-up.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from rocmdesk.knowledge.records import record

TYPE_CHECKING = False  # typing's, without importing typing on the command line's path
if TYPE_CHECKING:
    from typing import Any


_DATA = Path(__file__).resolve().parent / "data"


def _read(name: str) -> str:
    # package data is installed as plain files (wheel, .deb); importlib.resources would add ~3 ms of imports
    return (_DATA / name).read_text(encoding="utf-8")


def data_text(name: str) -> str:
    """A data file's text, read each time it is asked for (callers keep what they need)."""
    return _read(name)


@cache
def load_json(name: str) -> Any:
    return json.loads(_read(name))


def _tsv_lines(name: str) -> list[str]:
    """The header and the rows of a tab-separated file: lines starting with ``#`` above the header are comments."""
    return [ln for ln in _read(name).splitlines() if ln and not ln.startswith("#")]


@cache
def load_tsv(name: str) -> tuple[dict[str, str], ...]:
    """Rows of a tab-separated file; lines starting with ``#`` above the header are comments.

    Read as ``csv.DictReader(..., delimiter="\\t", quoting=csv.QUOTE_NONE)`` reads it (a short row's missing
    cells are None, a long row's extra cells a list under the key None), without importing csv: detection reads
    the device table, and start-up time counts."""
    lines = _tsv_lines(name)
    if not lines:
        return ()
    header = lines[0].split("\t")
    width = len(header)
    rows = []
    for line in lines[1:]:
        cells = line.split("\t")
        row: dict = dict(zip(header, cells))
        if len(cells) < width:
            row.update(dict.fromkeys(header[len(cells):]))
        elif len(cells) > width:
            row[None] = cells[width:]
        rows.append(row)
    return tuple(rows)


def load_tsv_columns(name: str, columns: tuple[str, ...]) -> list[tuple[str | None, ...]]:
    """The ``columns`` of each row of a tab-separated file, as tuples (a cell a short row lacks is None): what
    :func:`load_tsv` gives, without a dict per row, for a big table read whole (amdgpu_names.tsv, 900 rows)."""
    lines = _tsv_lines(name)
    if not lines:
        return []
    header = lines[0].split("\t")
    at = [header.index(c) for c in columns]  # ValueError for a column the file lacks, as a KeyError would be
    out = []
    for line in lines[1:]:
        cells = line.split("\t")
        if len(cells) >= len(header):
            out.append(tuple(cells[i] for i in at))
        else:
            out.append(tuple(cells[i] if i < len(cells) else None for i in at))
    return out


def as_of() -> str:
    """ISO date the knowledge data was compiled."""
    return str(load_json("meta.json")["as_of"])


@record(frozen=True)
class SourceInfo:
    """What a source key in the data stands for."""

    key: str
    what: str
    url: str | None


@cache
def _sources() -> dict[str, SourceInfo]:
    raw = load_json("sources.json")["sources"]
    return {k: SourceInfo(k, v["what"], v.get("url")) for k, v in raw.items()}


def source_info(key: str) -> SourceInfo | None:
    """Look up a source key such as ``S-TOPO`` or ``gpuopen``."""
    return _sources().get(key)


def all_sources() -> list[SourceInfo]:
    return list(_sources().values())


def join_sources(*groups: tuple[str, ...] | list[str]) -> str | None:
    """Source keys, de-duplicated in order, as one string (None when there are none)."""
    seen: dict[str, None] = {}
    for group in groups:
        for key in group:
            seen.setdefault(key, None)
    return ", ".join(seen) or None
