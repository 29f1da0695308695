"""Support verdicts: what ROCm and PyTorch make of a gfx target.

The facts (AMD's lists, wheel arch lists, override advice) live in the data files; this module only
combines them, so a new ROCm release or torch wheel is a data change.
"""

from __future__ import annotations

from dataclasses import dataclass

from packaging.version import InvalidVersion

from rocmdesk.knowledge._data import as_of, join_sources
from rocmdesk.knowledge.gfx import GfxTarget, gfx_target, normalize_gfx
from rocmdesk.knowledge.releases import RocmRelease, closest_rocm_release, latest_rocm, parse_rocm_version
from rocmdesk.knowledge.wheels import TorchWheel, first_wheel_with, normalize_tag, tag_version, wheel_for

STATUSES = ("supported", "override", "risky", "unsupported", "unknown")


@dataclass
class Support:
    """What ROCm / PyTorch make of one gfx target."""

    status: str  # supported | override | risky | unsupported | unknown
    override: str | None  # HSA_OVERRIDE_GFX_VERSION value, e.g. "10.3.0"
    reason: str
    source: str | None


def _pick_release(rocm_version: str | None) -> tuple[RocmRelease | None, str, str]:
    """(release whose list applies, how to name it in a sentence, remark when it is a stand-in)."""
    if rocm_version is None:
        rel = latest_rocm("legacy")
        return rel, f"ROCm {rel.version}", ""
    rel = closest_rocm_release(rocm_version)
    if rel is None:
        if parse_rocm_version(rocm_version) is None:
            return None, f"ROCm {rocm_version}", f"ROCm {rocm_version!r} is not a version rocmdesk can read"
        return None, f"ROCm {rocm_version}", f"ROCm {rocm_version} is older than rocmdesk's data"
    if parse_rocm_version(rocm_version) != rel.key:
        return rel, f"ROCm {rocm_version}", f"ROCm {rocm_version} is not in rocmdesk's data; {rel.version}'s list was used"
    return rel, f"ROCm {rel.version}", ""


def _pick_wheel(wheel: TorchWheel | str | None) -> tuple[TorchWheel | None, bool, str]:
    """(wheel narrowed to one tag, whether the caller chose it, remark when it is unknown)."""
    if isinstance(wheel, TorchWheel):
        w = wheel if len(wheel.index_tags) == 1 else wheel.for_tag()
        return w, True, ""
    if wheel is None:
        return wheel_for().for_tag(), False, ""
    text = wheel.strip()
    if text.lower().startswith(("rocm", "nightly/")):
        found = wheel_for(rocm_tag=normalize_tag(text))
    else:
        found = wheel_for(text)
    if found is None:
        return None, True, f"torch wheels {text!r} are not in rocmdesk's data"
    return (found if len(found.index_tags) == 1 else found.for_tag()), True, ""


def _wheel_rocm(w: TorchWheel | None, rel: RocmRelease | None) -> str | None:
    """The ROCm user space in play: the wheel's bundled one, else the system release."""
    if w is not None:
        v = tag_version(w.rocm_tag)
        return str(v) if v else None
    return rel.version if rel else None


def _issues(t: GfxTarget, rocm: str | None, effect: str) -> list:
    return [i for i in t.issues if i.effect == effect and i.applies(rocm)]


def _with_notes(reason: str, notes: list) -> str:
    if notes:
        reason += " (" + "; ".join(n.why for n in notes) + ")"
    return reason


def support_for(gfx: str, rocm_version: str | None = None, wheel: TorchWheel | str | None = None) -> Support:
    """Verdict for a gfx target on a ROCm release and a PyTorch wheel.

    ``rocm_version`` None: the newest legacy release.  ``wheel`` None: the newest stable torch (newest tag);
    a str may be "2.9.1", "2.9.1+rocm6.4" or "rocm6.4".  With an explicit wheel its arch list decides; without
    one, AMD's list or the newest wheel's arch list makes a target "supported".
    """
    name = normalize_gfx(gfx)
    t = gfx_target(name) if name else None
    if t is None:
        return Support("unknown", None, f"{gfx} is not in rocmdesk's data (as of {as_of()})", None)
    if t.no_rocm:
        return Support("unsupported", None, f"no ROCm path for {t.gfx}: {t.no_rocm}", join_sources(t.sources))

    rel, rel_name, rel_remark = _pick_release(rocm_version)
    w, chosen, wheel_remark = _pick_wheel(wheel)
    remarks = [r for r in (rel_remark, wheel_remark) if r]
    rel_src = rel.gfx_sources if rel else ()
    w_src = w.sources if w else ()

    on_list = rel.supports(t.gfx) if rel else None
    native = w.carries(t.gfx) if w else None
    uncertain = w is not None and t.gfx in w.arch_uncertain
    wname = w.label if w else ""
    rocm = _wheel_rocm(w, rel)
    notes = _issues(t, rocm, "note")
    risky = _issues(t, rocm, "risky")

    clauses = list(remarks)
    if rel is not None:
        if on_list is True:
            amd = f"on AMD's list for {rel_name}"
            if rel.confidence == "low" and rel.gfx_note:
                amd += f" ({rel.gfx_note.split(';')[0]})"
        elif on_list is False:
            amd = f"not on AMD's list for {rel_name}"
        else:
            amd = f"AMD's GPU list for {rel_name} is not in rocmdesk's data"
        clauses.append(amd)
    lead = "; ".join(clauses)

    def done(status: str, override: str | None, reason: str, *extra: tuple[str, ...]) -> Support:
        return Support(status, override, _with_notes(reason, notes), join_sources(rel_src, w_src, t.sources, *extra))

    def joined(first: str, second: str) -> str:
        return f"{first}; {second}" if first else second[0].upper() + second[1:]

    # natively in the wheel (or, without a chosen wheel, on AMD's list)
    if native is True or (not chosen and on_list is True):
        if risky:
            issue = risky[0]
            where = f"in {wname}, but {issue.why}" if native is True else issue.why
            return done("risky", None, joined(lead, where), issue.sources)
        if native is True:
            if on_list is True:
                return done("supported", None, f"{lead} and in {wname}")
            return done("supported", None, joined(lead, f"{wname} carry {t.gfx}"))
        return done("supported", None, joined(lead, f"{wname} lack it{_family_hint(t)}"))

    if w is None:
        head = lead
    elif uncertain:
        head = joined(lead, f"{t.gfx} is unverified in {wname}")
    else:
        head = joined(lead, f"{wname} lack {t.gfx}")

    if t.override_to and t.override_value:
        target_ok = w.carries(t.override_to) if w else (rel.supports(t.override_to) if rel else None)
        if target_ok is False:
            return done("unsupported", None,
                        f"{head}; the override target {t.override_to} is not in them either", t.override_sources)
        env = f"HSA_OVERRIDE_GFX_VERSION={t.override_value}"
        if t.override_risk == "low":
            target = gfx_target(t.override_to)
            if target is not None:
                notes.extend(_issues(target, rocm, "note"))
            has = f"the wheels carry {t.override_to}" if w else f"{rel_name} supports {t.override_to}"
            return done("override", t.override_value,
                        f"{head}; runs with {env} ({has}){_newer_hint(t, w)}", t.override_sources)
        return done("risky", t.override_value, f"{head}; {env} is known but unreliable: {t.override_why}",
                    t.override_sources)

    if uncertain:
        return done("risky", None, f"{head}; no override is known")
    why = t.override_why or "no override applies"
    if on_list is not True and t.notes:
        why += f" ({t.notes})"
    return done("unsupported", None, f"{head}; {why}{_newer_hint(t, w)}{_family_hint(t)}")


def _newer_hint(t: GfxTarget, w: TorchWheel | None) -> str:
    first = first_wheel_with(t.gfx)
    if first is None or w is None:
        return ""
    try:
        if first.key <= w.key:
            return ""
    except InvalidVersion:
        return ""
    return f"; torch {first.torch_version}+ wheels carry {t.gfx} natively"


def _family_hint(t: GfxTarget) -> str:
    from rocmdesk.knowledge.wheels import amd_wheel_index

    idx = amd_wheel_index(t.gfx)
    return f"; AMD's own wheels: {idx.index_url}" if idx else ""
