"""gfx targets: the KFD number encoding, HSA override values, GC IP versions and per-target facts."""

from __future__ import annotations

import re
from functools import cache, cached_property

from rocmdesk.knowledge._data import load_json, load_tsv
from rocmdesk.knowledge.records import record

# libhsakmt limits for HSA_OVERRIDE_GFX_VERSION (topology.c): major <= 63, minor/stepping <= 255;
# a gfx *name* only has one hex digit each for minor and stepping.
_NAME = re.compile(r"gfx(\d{1,2})([0-9a-f])([0-9a-f])")
_OVERRIDE = re.compile(r"(\d+)\.(\d+)\.(\d+)")
_ISA_PREFIX = "amdgcn-amd-amdhsa--"


def normalize_gfx(name: str | None, hint: "set[str] | frozenset[str] | None" = None) -> str | None:
    """``"gfx90a:sramecc+:xnack-"`` / ``"amdgcn-amd-amdhsa--gfx90a"`` / ``"GFX90A"`` -> ``"gfx90a"``; None if not a gfx name.

    Decimal renderings are decoded too: tools that print major, minor and stepping as decimal numbers turn gfx90a
    (9.0.10) into ``gfx9010`` (Ollama's ``gfx%d%d%d``) and gfx1103 into ``gfx11003`` (rocm-smi 6.x "GFX Version":
    major·1000 + minor·100 + stepping).  A name that is a known target stays as it is; otherwise every decimal
    reading that gives a known target is a candidate, and ``hint`` (the targets the device id allows) decides
    between several.  An unknown but well-formed name (a newer target) is returned as written."""
    if not name:
        return None
    if not hint:
        found = _PLAIN.get(name, _UNSEEN)  # the advice asks for the same few names thousands of times
        if found is not _UNSEEN:
            return found
    text = name.strip().lower()
    if text.startswith(_ISA_PREFIX):
        text = text[len(_ISA_PREFIX):]
    text = text.split(":", 1)[0]
    found = _canonical(text, frozenset(hint) if hint else None)
    if not hint and isinstance(name, str) and len(_PLAIN) < 4096:
        _PLAIN[name] = found
    return found


_UNSEEN = object()
_PLAIN: dict[str, str | None] = {}  # name as given -> normalize_gfx(name) without a hint


@cache
def _canonical(text: str, hint: frozenset[str] | None) -> str | None:
    known = _targets()
    well_formed = _NAME.fullmatch(text) is not None
    if well_formed and text in known:
        return text
    digits = text[3:] if text.startswith("gfx") else ""
    if digits.isdigit() and 3 <= len(digits) <= 6:
        found = {c for c in _decimal_readings(digits) if c in known}
        if hint:
            found = found & set(hint) or found
        if len(found) == 1:
            return found.pop()
    return text if well_formed else None


def _decimal_readings(digits: str) -> set[str]:
    """Every gfx name ``digits`` can be a decimal rendering of: major (1-2 digits), minor (1), stepping (1-2)."""
    out = set()
    for major_len in (1, 2):
        for step_len in (1, 2):
            if major_len + 1 + step_len != len(digits):
                continue
            major, minor, step = (int(digits[:major_len]), int(digits[major_len]), int(digits[major_len + 1:]))
            name = _name(major, minor, step)
            if name is not None:
                out.add(name)
    return out


def _parts(gfx: str | None) -> tuple[int, int, int] | None:
    # the name exactly as written (no decimal decoding): KFD numbers and override values round-trip through it
    if not gfx:
        return None
    text = gfx.strip().lower()
    if text.startswith(_ISA_PREFIX):
        text = text[len(_ISA_PREFIX):]
    m = _NAME.fullmatch(text.split(":", 1)[0])
    if m is None:
        return None
    major = int(m.group(1))
    if major == 0:
        return None
    return major, int(m.group(2), 16), int(m.group(3), 16)


def _name(major: int, minor: int, stepping: int) -> str | None:
    if not (1 <= major <= 63 and 0 <= minor <= 15 and 0 <= stepping <= 15):
        return None
    return f"gfx{major}{minor:x}{stepping:x}"


def decode_target_version(v: int | str | None) -> str | None:
    """KFD ``gfx_target_version`` -> gfx name: 100302 -> gfx1032, 90010 -> gfx90a; 0 (a CPU node) -> None."""
    if isinstance(v, str):
        v = v.strip()
        if not v.isdigit():
            return None
        v = int(v)
    if not isinstance(v, int) or isinstance(v, bool) or v <= 0:
        return None
    # libhsakmt.h: major = v / 10000 % 100, minor = v / 100 % 100, stepping = v % 100
    return _name(v // 10000 % 100, v // 100 % 100, v % 100)


def encode_target_version(gfx: str | None) -> int | None:
    """gfx name (features and ISA prefix allowed) -> KFD ``gfx_target_version``: gfx90a -> 90010."""
    parts = _parts(gfx)
    if parts is None:
        return None
    major, minor, stepping = parts
    return major * 10000 + minor * 100 + stepping


def override_value(gfx: str | None) -> str | None:
    """gfx name -> ``HSA_OVERRIDE_GFX_VERSION`` form (decimal major.minor.stepping): gfx90a -> "9.0.10"."""
    parts = _parts(gfx)
    return None if parts is None else "{}.{}.{}".format(*parts)


def gfx_from_override(value: str | None) -> str | None:
    """``HSA_OVERRIDE_GFX_VERSION`` value -> the gfx it makes the runtime report ("10.3.0" -> gfx1030); None if invalid."""
    if value is None:
        return None
    m = _OVERRIDE.fullmatch(value.strip())
    if not m:
        return None
    return _name(int(m.group(1)), int(m.group(2)), int(m.group(3)))


@cache
def _gc_table() -> dict[tuple[int, int, int], str]:
    table = {}
    for row in load_tsv("gc_ip_versions.tsv"):
        major, minor, rev = (int(p) for p in row["gc_version"].split("."))
        table[(major, minor, rev)] = row["gfx"]
    return table


def gfx_from_ip_version(major: int, minor: int, revision: int) -> str | None:
    """GC IP version from ip_discovery -> gfx as KFD reports it (9.4.2 -> gfx90a, 11.0.3 -> gfx1101); None if unknown.

    A table, not a concatenation: GC 9.4.x is gfx908/gfx90a/gfx942 and Navi32 is GC 11.0.3.
    """
    try:
        key = (int(major), int(minor), int(revision))
    except (TypeError, ValueError):
        return None
    return _gc_table().get(key)


@record(frozen=True)
class KnownIssue:
    """A known problem of a target on some ROCm versions (``effect`` risky: changes the verdict; note: adds a remark)."""

    effect: str
    why: str
    rocm_min: str | None = None
    rocm_max: str | None = None
    sources: tuple[str, ...] = ()

    def applies(self, rocm_version: str | None) -> bool:
        from rocmdesk.knowledge.version import InvalidVersion, Version

        if self.rocm_min is None and self.rocm_max is None:
            return True
        if rocm_version is None:
            return False
        try:
            v = Version(rocm_version)
            if self.rocm_min is not None and v < Version(self.rocm_min):
                return False
            if self.rocm_max is not None and v > Version(self.rocm_max):
                return False
        except InvalidVersion:
            return False
        return True


@record(frozen=True)
class GfxTarget:
    """Facts about one gfx target.  ``override_risk`` is "low" or "high" (None when there is no override advice)."""

    gfx: str
    version: int  # KFD gfx_target_version
    family: str
    products: tuple[str, ...]
    apu: bool
    override_to: str | None  # the gfx whose code objects an override would load
    override_risk: str | None
    override_why: str  # why the override works / fails, or why there is none
    notes: str
    no_rocm: str  # non-empty: there is no ROCm path at all for this target, and why
    issues: tuple[KnownIssue, ...]
    sources: tuple[str, ...]
    override_sources: tuple[str, ...] = ()

    @cached_property
    def override_value(self) -> str | None:
        """The ``HSA_OVERRIDE_GFX_VERSION`` value of the override advice, e.g. "10.3.0"."""
        return override_value(self.override_to) if self.override_to else None

    @property
    def source(self) -> str:
        return ", ".join(self.sources)


def _target(raw: dict) -> GfxTarget:
    ov = raw.get("override")
    return GfxTarget(
        gfx=raw["gfx"],
        version=int(raw["gfx_target_version"]),
        family=raw["family"],
        products=tuple(raw["products"]),
        apu=bool(raw.get("apu")),
        override_to=ov["to"] if ov else None,
        override_risk=ov["risk"] if ov else None,
        override_why=ov["why"] if ov else raw.get("no_override_why", ""),
        notes=raw.get("notes", ""),
        no_rocm=raw.get("no_rocm", ""),
        issues=tuple(
            KnownIssue(i["effect"], i["why"], i.get("rocm_min"), i.get("rocm_max"), tuple(i.get("sources", ())))
            for i in raw.get("issues", ())
        ),
        sources=tuple(raw["sources"]),
        override_sources=tuple(ov["sources"]) if ov else (),
    )


@cache
def _targets() -> dict[str, GfxTarget]:
    return {t["gfx"]: _target(t) for t in load_json("gfx_targets.json")["targets"]}


def gfx_target(gfx: str | None) -> GfxTarget | None:
    """Facts for a gfx target (features such as ``:xnack-`` are ignored); None if not in the data."""
    norm = normalize_gfx(gfx)
    return _targets().get(norm) if norm else None


def all_gfx_targets() -> list[GfxTarget]:
    """All targets in the data, ordered by gfx_target_version."""
    return sorted(_targets().values(), key=lambda t: t.version)
