"""Findings from rocmdesk's own results: a torchenv verify verdict and a sanity (training) run.

The verify verdicts are a closed catalogue (``torchenv.verify.VERDICTS``), mapped here one to one.  The sanity
result is read by attribute or key names only (``ok``/``passed``, ``error``, ``error_kind``, ``phases``...),
so this module does not depend on its class: its error texts go through the same recognizers as a paste.
"""

from __future__ import annotations

from dataclasses import asdict, is_dataclass
from typing import Any, Mapping

from rocmdesk.doctor.catalogue import finding
from rocmdesk.doctor.model import Finding, InputResult
from rocmdesk.doctor.plain_text import read_plain
from rocmdesk.i18n import translate

JSON_LIMIT = 32 << 20  # larger "JSON" is not a result rocmdesk wrote

# verify verdict -> catalogue id (None: nothing wrong, or said better by the machine checks)
VERDICT_IDS: dict[str, str | None] = {
    "ok": None,
    "cpu-only-wheel": "wheel-cpu-only",
    "cuda-wheel-on-amd": "wheel-cuda-on-amd",
    "rocm-wheel-mismatch": "wheel-rocm-mismatch",
    "no-kernels-for-gfx": "wheel-missing-arch",
    "override-needed": "gfx-needs-override",
    "override-unneeded": "override-unneeded",
    "device-not-visible": "torch-no-gpu",
    "torch-missing": "torch-missing",
    "broken-venv": "venv-broken",
}
_ERROR_KEYS = ("error", "error_kind", "message", "detail", "stderr", "traceback", "reason", "log_tail")


def _as_dict(obj: Any) -> dict[str, Any]:
    if isinstance(obj, Mapping):
        return dict(obj)
    if hasattr(obj, "to_json"):
        try:
            data = obj.to_json()
            if isinstance(data, Mapping):
                return dict(data)
        except Exception:  # a result object we do not know: fall back to its fields
            pass
    if is_dataclass(obj) and not isinstance(obj, type):
        return asdict(obj)
    return {k: getattr(obj, k) for k in dir(obj) if not k.startswith("_") and not callable(getattr(obj, k, None))}


def from_verify(result: Any, origin: str = "verify") -> list[Finding]:
    """The finding a verify result (``VerifyResult`` or its JSON) stands for."""
    data = _as_dict(result)
    verdict = str(data.get("verdict") or "")
    fid = VERDICT_IDS.get(verdict)
    # "cause" since verify gave one; a verify JSON from before it has only its English detail to go by
    masked = data.get("cause") == "visibility-mask" or (
        "cause" not in data and "VISIBLE_DEVICES" in str(data.get("detail") or ""))
    if verdict == "device-not-visible" and masked:
        fid = "visible-devices-masked"
    if fid is None:
        return []
    ev = [translate("rocmdesk.doctor.result_checks", "PyTorch check ({python}): {verdict}").format(
        python=data.get("python") or "venv", verdict=data.get("title") or verdict)]
    if data.get("detail"):
        ev.append(str(data["detail"]))
    if data.get("torch"):
        ev.append(f"torch {data.get('torch')}, hip {data.get('hip')}, cuda {data.get('cuda')}")
    f = finding(fid, ev, origin)
    fix = data.get("fix") or {}
    if isinstance(fix, Mapping) and fix.get("text"):
        from rocmdesk.doctor.model import FixStep

        # verify's own fix is tailored to the venv (its exact pip command) and the machine: it goes first; for a
        # missing torch it is the whole fix (on a machine without an AMD GPU the catalogue's "install the ROCm
        # wheels" would contradict it)
        step = FixStep(f"doctor.{fid}.fix.verify", str(fix["text"]), fix.get("command"))
        if fid == "torch-missing":
            f.fix.steps = [step]
        else:
            f.fix.steps.insert(0, step)
    return [f]


def looks_like_sanity(data: Mapping[str, Any]) -> bool:
    keys = set(data)
    return bool(keys & {"phases", "throughput", "loss_start", "losses", "peak_memory_bytes"}) or \
        str(data.get("kind", "")).startswith("sanity")


def _texts(data: Any, depth: int = 0) -> list[str]:
    """Error-ish strings anywhere in a (nested) result."""
    if depth > 4:
        return []
    out: list[str] = []
    if isinstance(data, Mapping):
        for k, v in data.items():
            if isinstance(v, str) and k in _ERROR_KEYS and v.strip():
                out.append(v)
            elif isinstance(v, (Mapping, list, tuple)):
                out += _texts(v, depth + 1)
    elif isinstance(data, (list, tuple)):
        for v in data[:100]:
            out += _texts(v, depth + 1)
    return out


def _passed(data: Mapping[str, Any]) -> bool | None:
    for key in ("ok", "passed", "success"):
        if isinstance(data.get(key), bool):
            return data[key]
    status = data.get("status") or data.get("verdict")
    if isinstance(status, str):
        return status.lower() in ("ok", "passed", "pass", "success")
    return None


def from_sanity(result: Any, origin: str = "sanity") -> list[Finding]:
    """Findings a sanity run shows: its errors read like a paste; an OOM and a failed collective by kind."""
    data = _as_dict(result)
    if _passed(data) is True or data.get("cancelled") is True:
        return []
    out: list[Finding] = []
    texts = _texts(data)
    kind = str(data.get("error_kind") or "")
    for ph in data.get("phases") or []:
        ph = ph if isinstance(ph, Mapping) else _as_dict(ph)
        if ph.get("name") == "multi_gpu" and ph.get("ok") is False and not ph.get("skipped"):
            if ph.get("hung"):
                said = translate("rocmdesk.doctor.result_checks", "Sanity check, multi-GPU phase: it hung")
            elif ph.get("error"):
                said = translate("rocmdesk.doctor.result_checks", "Sanity check, multi-GPU phase: {error}").format(
                    error=ph["error"])
            else:
                said = translate("rocmdesk.doctor.result_checks", "Sanity check, multi-GPU phase: it failed")
            out.append(finding("multi-gpu-hang", [said[:300]], origin))
    said = translate("rocmdesk.doctor.result_checks", "Sanity check: {kind}").format(kind=kind)
    if "memory" in kind or kind == "oom":
        out.append(finding("vram-oom-fragmentation", [said] + texts[:2], origin))
    if "collective" in kind or "rccl" in kind or "nccl" in kind:
        out.append(finding("multi-gpu-hang", [said] + texts[:2], origin))
    if texts:
        _info, found = read_plain("\n".join(texts), origin)
        for f in found:
            if all(f.id != o.id for o in out):
                f.origins = [origin]
                out.append(f)
    return out


def sanity_summary(data: Mapping[str, Any]) -> list[str]:
    passed = _passed(data)
    if passed:
        return [translate("rocmdesk.doctor.result_checks", "a Sanity check run: it passed")]
    if passed is False:
        return [translate("rocmdesk.doctor.result_checks", "a Sanity check run: it failed")]
    return [translate("rocmdesk.doctor.result_checks", "a Sanity check run's result")]


def from_own_json(text: str, label: str) -> tuple[InputResult, list[Finding]] | None:
    """A verify or sanity result rocmdesk wrote (``--json``), or None when the text is not one.  JSON that
    nests deeper than any rocmdesk writes is an input error (the recognizers would refuse it too)."""
    from rocmdesk.formats.limits import LimitError, loads

    head = text[:4096].lstrip()[:1]
    if head != "{" or len(text) > JSON_LIMIT:
        return None
    try:
        data = loads(text, max_chars=JSON_LIMIT)
    except LimitError as exc:
        return InputResult(label, None, str(exc)), []
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    if isinstance(data.get("verdict"), str):
        found = from_verify(data, label)
        said = translate("rocmdesk.doctor.text_checks", "a PyTorch check: {verdict}").format(
            verdict=data.get("verdict"))
        return InputResult(label, "verify-json", None, [said], [f.id for f in found]), found
    if looks_like_sanity(data):
        found = from_sanity(data, label)
        return InputResult(label, "sanity-json", None, sanity_summary(data),
                           [f.id for f in found]), found
    return None
