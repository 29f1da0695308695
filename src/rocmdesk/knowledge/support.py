"""Support verdicts: what ROCm and PyTorch make of a gfx target.

The facts (AMD's lists, wheel arch lists, override advice) live in the data files; this module only
combines them, so a new ROCm release or torch wheel is a data change.
"""

from __future__ import annotations

from rocmdesk.i18n import translate
from rocmdesk.knowledge._data import as_of, join_sources
from rocmdesk.knowledge.gfx import GfxTarget, gfx_target, normalize_gfx
from rocmdesk.knowledge.records import record
from rocmdesk.knowledge.releases import RocmRelease, closest_rocm_release, latest_rocm, parse_rocm_version
from rocmdesk.knowledge.version import InvalidVersion
from rocmdesk.knowledge.wheels import TorchWheel, first_wheel_with, normalize_tag, tag_version, wheel_for

STATUSES = ("supported", "override", "risky", "unsupported", "unknown")


@record
class Support:
    """What ROCm / PyTorch make of one gfx target.  ``reason`` is for people, in the current language (code
    decides on ``status`` and ``override``, never on the words)."""

    status: str  # supported | override | risky | unsupported | unknown
    override: str | None  # HSA_OVERRIDE_GFX_VERSION value, e.g. "10.3.0"
    reason: str
    source: str | None


# Sentences from the data files (gfx_targets.json, rocm_releases.json) reach the catalogue through scripts/i18n.py
# DATA_STRINGS, under the contexts "rocmdesk.knowledge.gfx" and "rocmdesk.knowledge.releases": they are looked up
# as the data writes them.  Contexts are literals everywhere, so lupdate and the translation tests can read them.


def _clauses(*parts: str) -> str:
    """Clauses of one reason, "a; b; c" (a Chinese reason joins them with its own semicolon)."""
    out = ""
    for part in parts:
        if part:
            out = translate("rocmdesk.knowledge.support", "{first}; {second}").format(first=out, second=part) \
                if out else part
    return out


def _pick_release(rocm_version: str | None) -> tuple[RocmRelease | None, str, str]:
    """(release whose list applies, how to name it in a sentence, remark when it is a stand-in)."""
    if rocm_version is None:
        rel = latest_rocm("legacy")
        return rel, f"ROCm {rel.version}", ""
    rel = closest_rocm_release(rocm_version)
    if rel is None:
        if parse_rocm_version(rocm_version) is None:
            return None, f"ROCm {rocm_version}", translate(
                "rocmdesk.knowledge.support", "ROCm {version} is not a version rocmdesk can read").format(
                version=repr(rocm_version))
        return None, f"ROCm {rocm_version}", translate(
            "rocmdesk.knowledge.support", "ROCm {version} is older than rocmdesk's data").format(version=rocm_version)
    if parse_rocm_version(rocm_version) != rel.key:
        return rel, f"ROCm {rocm_version}", translate(
            "rocmdesk.knowledge.support", "ROCm {version} is not in rocmdesk's data; {used}'s list was used").format(
            version=rocm_version, used=rel.version)
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
        return None, True, translate("rocmdesk.knowledge.support", "torch wheels {wheels} are not in rocmdesk's data"
                                     ).format(wheels=repr(text))
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
        reason = translate("rocmdesk.knowledge.support", "{reason} ({notes})").format(
            reason=reason, notes=_clauses(*(translate("rocmdesk.knowledge.gfx", n.why) for n in notes)))
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
        return Support("unknown", None, translate("rocmdesk.knowledge.support", "{gfx} is not in rocmdesk's data (as of {date})").format(
            gfx=gfx, date=as_of()), None)
    if t.no_rocm:
        return Support("unsupported", None, translate("rocmdesk.knowledge.support", "no ROCm path for {gfx}: {why}").format(
            gfx=t.gfx, why=translate("rocmdesk.knowledge.gfx", t.no_rocm)), join_sources(t.sources))

    rel, rel_name, rel_remark = _pick_release(rocm_version)
    w, chosen, wheel_remark = _pick_wheel(wheel)
    rel_src = rel.gfx_sources if rel else ()
    w_src = w.sources if w else ()

    on_list = rel.supports(t.gfx) if rel else None
    native = w.carries(t.gfx) if w else None
    uncertain = w is not None and t.gfx in w.arch_uncertain
    wname = w.label if w else ""
    rocm = _wheel_rocm(w, rel)
    notes = _issues(t, rocm, "note")
    risky = _issues(t, rocm, "risky")

    amd = ""
    if rel is not None:
        if on_list is True:
            amd = translate("rocmdesk.knowledge.support", "on AMD's list for {release}").format(release=rel_name)
            if rel.confidence == "low" and rel.gfx_note:
                amd = translate("rocmdesk.knowledge.support", "{reason} ({notes})").format(
                    reason=amd, notes=translate("rocmdesk.knowledge.releases", rel.gfx_note.split(";")[0]))
        elif on_list is False:
            amd = translate("rocmdesk.knowledge.support", "not on AMD's list for {release}").format(release=rel_name)
        else:
            amd = translate("rocmdesk.knowledge.support", "AMD's GPU list for {release} is not in rocmdesk's data").format(release=rel_name)
    lead = _clauses(rel_remark, wheel_remark, amd)

    def done(status: str, override: str | None, reason: str, *extra: tuple[str, ...]) -> Support:
        return Support(status, override, _with_notes(reason, notes), join_sources(rel_src, w_src, t.sources, *extra))

    def joined(first: str, *more: str) -> str:
        """The clauses after ``first``; without a first one the reason starts a sentence."""
        text = _clauses(first, *more)
        return text if first else text[:1].upper() + text[1:]

    # natively in the wheel (or, without a chosen wheel, on AMD's list)
    if native is True or (not chosen and on_list is True):
        if risky:
            issue = risky[0]
            why = translate("rocmdesk.knowledge.gfx", issue.why)
            where = translate("rocmdesk.knowledge.support", "in {wheels}, but {why}").format(wheels=wname, why=why) if native is True else why
            return done("risky", None, joined(lead, where), issue.sources)
        if native is True:
            if on_list is True:
                return done("supported", None, translate("rocmdesk.knowledge.support", "{amd} and in {wheels}").format(amd=lead, wheels=wname))
            return done("supported", None, joined(lead, translate("rocmdesk.knowledge.support", "{wheels} carry {gfx}").format(
                wheels=wname, gfx=t.gfx)))
        return done("supported", None, joined(lead, translate("rocmdesk.knowledge.support", "{wheels} lack it").format(wheels=wname),
                                              _family_hint(t)))

    if w is None:
        head = lead
    elif uncertain:
        head = joined(lead, translate("rocmdesk.knowledge.support", "{gfx} is unverified in {wheels}").format(gfx=t.gfx, wheels=wname))
    else:
        head = joined(lead, translate("rocmdesk.knowledge.support", "{wheels} lack {gfx}").format(wheels=wname, gfx=t.gfx))

    if t.override_to and t.override_value:
        target_ok = w.carries(t.override_to) if w else (rel.supports(t.override_to) if rel else None)
        if target_ok is False:
            return done("unsupported", None, _clauses(head, translate(
                "rocmdesk.knowledge.support", "the override target {target} is not in them either").format(target=t.override_to)),
                t.override_sources)
        env = f"HSA_OVERRIDE_GFX_VERSION={t.override_value}"
        if t.override_risk == "low":
            target = gfx_target(t.override_to)
            if target is not None:
                notes.extend(_issues(target, rocm, "note"))
            has = (translate("rocmdesk.knowledge.support", "the wheels carry {target}").format(target=t.override_to) if w
                   else translate("rocmdesk.knowledge.support", "{release} supports {target}").format(release=rel_name, target=t.override_to))
            runs = translate("rocmdesk.knowledge.support", "runs with {env} ({why})").format(env=env, why=has)
            return done("override", t.override_value, _clauses(head, runs, _newer_hint(t, w)), t.override_sources)
        unreliable = translate("rocmdesk.knowledge.support", "{env} is known but unreliable: {why}").format(
            env=env, why=translate("rocmdesk.knowledge.gfx", t.override_why))
        return done("risky", t.override_value, _clauses(head, unreliable), t.override_sources)

    if uncertain:
        return done("risky", None, _clauses(head, translate("rocmdesk.knowledge.support", "no override is known")))
    why = translate("rocmdesk.knowledge.gfx", t.override_why) if t.override_why else translate("rocmdesk.knowledge.support", "no override applies")
    if on_list is not True and t.notes:
        why = translate("rocmdesk.knowledge.support", "{reason} ({notes})").format(reason=why, notes=translate("rocmdesk.knowledge.gfx", t.notes))
    return done("unsupported", None, _clauses(head, why, _newer_hint(t, w), _family_hint(t)))


def _newer_hint(t: GfxTarget, w: TorchWheel | None) -> str:
    """A clause naming the first torch whose wheels carry the target natively, when it is newer than ``w``."""
    first = first_wheel_with(t.gfx)
    if first is None or w is None:
        return ""
    try:
        if first.key <= w.key:
            return ""
    except InvalidVersion:
        return ""
    return translate("rocmdesk.knowledge.support", "torch {version}+ wheels carry {gfx} natively").format(
        version=first.torch_version, gfx=t.gfx)


def _family_hint(t: GfxTarget) -> str:
    """A clause pointing at AMD's own wheel index for the target's family, when there is one."""
    from rocmdesk.knowledge.wheels import amd_wheel_index

    idx = amd_wheel_index(t.gfx)
    return translate("rocmdesk.knowledge.support", "AMD's own wheels: {url}").format(url=idx.index_url) if idx else ""
