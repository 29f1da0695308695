"""Properties every parser's output must keep, whatever the input (used by the fuzz tests, issue 17): a GPU's gfx is
never invented (the text prints it, in hex or decimal form, as a target version or an override, or it is the target
of a device id or product name the text prints), its device id is printed too, and GPUs are not counted twice."""

from __future__ import annotations

import re
from typing import Any

from rocmdesk.formats import FormatError
from rocmdesk.inspect import inspect_text
from rocmdesk.knowledge import device, normalize_gfx
from rocmdesk.knowledge.devices import device_for_name
from rocmdesk.knowledge.gfx import decode_target_version, gfx_from_override

_GFX_TOKEN = re.compile(r"gfx[0-9a-f]{3,6}", re.I)
_NUMBER = re.compile(r"\d{5,6}")
_VERSION = re.compile(r"\d{1,2}\.\d{1,2}\.\d{1,2}")


def _id_printed(did: str, low: str) -> bool:
    return did in low or str(int(did, 16)) in low


def gfx_backed(gfx: str, gpu: dict[str, Any], text: str) -> bool:
    """Whether ``text`` gives ``gfx`` for this GPU, one way or another."""
    low = text.lower()
    if any(normalize_gfx(t, {gfx}) == gfx for t in _GFX_TOKEN.findall(low)):
        return True
    if any(decode_target_version(n) == gfx for n in _NUMBER.findall(low)):
        return True
    if any(gfx_from_override(v) == gfx for v in _VERSION.findall(low)):
        return True
    did = gpu.get("device_id")
    if did and _id_printed(did, low):
        entry = device(did, gpu.get("revision"))
        if entry is not None and entry.gfx == gfx:
            return True
    named = device_for_name(gpu.get("name"))
    return named is not None and named.gfx == gfx


def check_output(text: str, result: dict[str, Any]) -> None:
    """The properties of one ``inspect`` result for ``text``."""
    gpus = result["gpus"]
    low = text.lower()
    assert len(gpus) <= max(1, len([line for line in text.splitlines() if line.strip()])), len(gpus)
    for g in gpus:
        if g.get("gfx"):
            assert gfx_backed(g["gfx"], g, text), ("invented gfx", g["gfx"], g.get("device_id"), g.get("name"))
        if g.get("device_id"):
            assert _id_printed(g["device_id"], low) or g.get("gfx_source") == "name", ("invented id", g["device_id"])
    if result["format"] in ("rocm-smi", "amd-smi"):
        indices = [g["index"] for g in gpus]
        assert len(indices) == len(set(indices)), indices  # one GPU, one entry


def check_text(text: str) -> dict[str, Any] | None:
    """``inspect`` on ``text`` and the properties of what it gives (None when the text is refused)."""
    try:
        result = inspect_text(text, "fuzz")
    except FormatError:
        return None
    check_output(text, result)
    return result


def gfx_set(result: dict[str, Any] | None) -> set[str]:
    return {g["gfx"] for g in (result or {}).get("gpus", []) if g.get("gfx")}
