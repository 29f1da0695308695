"""Conformance: real pastes from public issue threads, read as their threads establish (issue 17).

One manifest, ``tests/data/realworld/expected.toml``, says for every paste what is true: the format ``inspect`` must
sniff, the GPU count, each GPU's gfx, name, device id and APU flag, and the Doctor's finding ids. A paste rocmdesk
reads wrong today carries ``known_wrong = "why"`` and runs as a strict xfail, so it fails the day it is read right
(then the line goes). ``scripts/realworld_score.py`` prints the share read right with the same check.

Keys starting with ``realdata/`` name the older samples in ../shared/realdata (skipped when that folder is absent).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import require

DATA = Path(__file__).resolve().parents[1] / "data" / "realworld"
MANIFEST = DATA / "expected.toml"
SHARED_PREFIX = "realdata/"

# the keys an entry may have; a typo in the manifest must not silently check nothing
KEYS = {"format", "gpus", "gfx", "names", "device_ids", "apu", "findings", "any_of", "not_findings", "known_wrong",
        "old"}


@dataclass
class Reading:
    """What rocmdesk makes of one paste: inspect's format and GPU rows, and the Doctor's finding ids."""

    format: str | None  # None: inspect refused it as no known format
    gpus: list[dict[str, Any]] = field(default_factory=list)
    findings: set[str] = field(default_factory=set)


def load_manifest(path: Path = MANIFEST) -> dict[str, dict[str, Any]]:
    with path.open("rb") as f:
        return tomllib.load(f)


def paste_path(key: str) -> Path:
    if key.startswith(SHARED_PREFIX):
        from tests.conftest import REALDATA

        return REALDATA / key[len(SHARED_PREFIX):]
    return DATA / key


def read(path: Path) -> Reading:
    from rocmdesk.doctor.diagnose import diagnose
    from rocmdesk.formats import FormatError
    from rocmdesk.inspect import inspect_text

    data = path.read_bytes()
    try:
        result = inspect_text(data, path.name)
        reading = Reading(result["format"], list(result.get("gpus") or []))
    except FormatError:
        reading = Reading(None)
    reading.findings = {f.id for f in diagnose(None, texts=[(path.name, data)]).findings}
    return reading


def _per_gpu(label: str, want: list[Any], got: list[Any], same: Any) -> list[str]:
    if len(want) != len(got):
        return [f"{label}: want {want}, got {got}"]
    return [f"{label}[{i}]: want {w!r}, got {g!r}" for i, (w, g) in enumerate(zip(want, got)) if not same(w, g)]


def problems(exp: dict[str, Any], reading: Reading) -> list[str]:
    """Every way ``reading`` differs from the manifest entry ``exp``; empty when the paste is read right."""
    out: list[str] = []
    if "format" in exp:
        want = None if exp["format"] == "none" else exp["format"]
        if reading.format != want:
            out.append(f"format: want {exp['format']}, got {reading.format or 'none'}")
    gpus = reading.gpus
    if "gpus" in exp and len(gpus) != exp["gpus"]:
        out.append(f"gpus: want {exp['gpus']}, got {len(gpus)}")
    if "gfx" in exp:
        # "" in the manifest: the paste does not say, so the reading must not invent one
        out += _per_gpu("gfx", exp["gfx"], [g.get("gfx") or "" for g in gpus], lambda w, g: w == g)
    if "device_ids" in exp:
        out += _per_gpu("device_ids", exp["device_ids"], [(g.get("device_id") or "").lower() for g in gpus],
                        lambda w, g: w.lower() == g)
    if "names" in exp:
        out += _per_gpu("names", exp["names"], [g.get("name") or "" for g in gpus],
                        lambda w, g: w.lower() in g.lower())
    if "apu" in exp:
        out += _per_gpu("apu", exp["apu"], [g.get("apu") for g in gpus], lambda w, g: w is g)
    missing = set(exp.get("findings", [])) - reading.findings
    if missing:
        out.append(f"findings missing: {sorted(missing)} (got {sorted(reading.findings)})")
    if exp.get("any_of") and not set(exp["any_of"]) & reading.findings:
        out.append(f"findings: want one of {exp['any_of']}, got {sorted(reading.findings)}")
    wrong = set(exp.get("not_findings", [])) & reading.findings
    if wrong:
        out.append(f"wrong findings: {sorted(wrong)}")
    return out


MANIFEST_ENTRIES = load_manifest()


def _params() -> list[Any]:
    params = []
    for key, exp in sorted(MANIFEST_ENTRIES.items()):
        marks = []
        if "known_wrong" in exp:
            marks.append(pytest.mark.xfail(strict=True, reason=exp["known_wrong"]))
        if key.startswith(SHARED_PREFIX):
            marks.append(pytest.mark.conformance)
        params.append(pytest.param(key, id=key, marks=marks))
    return params


@pytest.mark.parametrize("key", _params())
def test_paste_is_read_as_its_thread_says(key: str) -> None:
    path = paste_path(key)
    if key.startswith(SHARED_PREFIX) and not path.parent.is_dir():
        require("../shared/realdata", f"not found at {path.parent} (CI has ../shared beside the project)")
    found = problems(MANIFEST_ENTRIES[key], read(path))
    assert not found, "\n".join(found)


def test_manifest_entries_are_well_formed() -> None:
    for key, exp in MANIFEST_ENTRIES.items():
        assert not set(exp) - KEYS, f"{key}: unknown keys {sorted(set(exp) - KEYS)}"
        n = exp.get("gpus")
        for list_key in ("gfx", "names", "device_ids", "apu"):
            if list_key in exp and n is not None:
                assert len(exp[list_key]) == n, f"{key}: {list_key} has {len(exp[list_key])} entries for {n} GPUs"
        if not key.startswith(SHARED_PREFIX):
            assert (DATA / key).is_file(), f"{key}: no such paste"


def test_every_paste_has_an_entry_and_a_source_note() -> None:
    """A paste kept here without an entry would be checked by nothing; without a note nobody can check the truth."""
    pastes = {p.relative_to(DATA).as_posix() for p in DATA.rglob("*.txt")}
    unlisted = sorted(pastes - set(MANIFEST_ENTRIES))
    assert not unlisted, f"pastes without an entry in {MANIFEST.name}: {unlisted}"
    for rel in pastes:
        note = DATA / rel[: -len(".txt")]
        assert note.with_name(note.name + ".source.md").is_file(), f"{rel}: no source note"
