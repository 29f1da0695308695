"""The check script's own sentences in the user's language.

``check_script.py`` runs in the user's venv and cannot import rocmdesk, so it writes English and, beside it,
a ``message_code`` with the numbers (``message_params``).  The runner hands each event through here before
anyone reads it: a code this version knows becomes a translated sentence; an unknown code (a newer or older
script), missing or odd parameters keep the script's English, never an error.  Raw exception text from torch
or HIP stays as it came: the Doctor and the result card match on it.
"""

from __future__ import annotations

from typing import Any

from rocmdesk.i18n import translate


def _op(name: Any) -> str:
    return {"matmul": translate("rocmdesk.sanity.messages", "matmul"),
            "convolution": translate("rocmdesk.sanity.messages", "convolution")}.get(str(name), str(name))


def _build(kind: Any) -> str:
    return {"rocm": translate("rocmdesk.sanity.messages", "a ROCm build"),
            "cuda": translate("rocmdesk.sanity.messages", "a CUDA build"),
            "cpu": translate("rocmdesk.sanity.messages", "a CPU-only build")}.get(str(kind), str(kind))


def rank_died(rank: Any, status: Any) -> str:
    return translate("rocmdesk.sanity.messages", "rank {rank} died (exit status {status})").format(
        rank=rank, status=status)


def _sentence(code: str, p: dict[str, Any]) -> str | None:
    """The sentence for ``code`` with its parameters; None for a code this version does not know."""
    if code == "no_gpu_seen":
        return translate("rocmdesk.sanity.messages",
                         "torch sees no GPU (torch.cuda.is_available() is False; torch {torch} is {build})").format(
            torch=p["torch"], build=_build(p["build"]))
    if code == "gpu_unusable":
        return translate("rocmdesk.sanity.messages", "torch could not use the GPU: {error}").format(error=p["error"])
    if code == "no_gpu_cuda_asked":
        return translate("rocmdesk.sanity.messages",
                         "torch sees no GPU (torch.cuda.is_available() is False) and --device cuda was asked for")
    if code == "resnet_on_cpu":
        return translate("rocmdesk.sanity.messages",
                         "the ResNet-50-like size runs on a GPU only, and this run is on the CPU")
    if code == "first_kernel_wrong":
        return translate("rocmdesk.sanity.messages", "a first kernel on {device} gave a wrong sum").format(
            device=p["device"])
    if code == "numeric_not_finite":
        return translate("rocmdesk.sanity.messages", "{op} on {device} gave NaN or infinity").format(
            op=_op(p["op"]), device=p["device"])
    if code == "numeric_differs":
        return translate("rocmdesk.sanity.messages",
                         "{op} on {device} differs from the CPU by {rel:.1e} (tolerance {tol:.0e})").format(
            op=_op(p["op"]), device=p["device"], rel=float(p["rel"]), tol=float(p["tol"]))
    if code == "loss_not_finite":
        return translate("rocmdesk.sanity.messages", "the loss became {value} at step {step} of {of}").format(
            value=p["value"], step=p["step"], of=p["of"])
    if code == "loss_no_fall":
        first, last, steps, need = float(p["first"]), float(p["last"]), p["steps"], float(p["need"])
        if need > 1:
            return translate("rocmdesk.sanity.messages",
                             "the loss did not fall enough: {first:.3f} -> {last:.3f} in {steps} steps (it must "
                             "fall {need:g}x).").format(first=first, last=last, steps=steps, need=need)
        return translate("rocmdesk.sanity.messages",
                         "the loss did not fall: {first:.3f} -> {last:.3f} in {steps} steps.").format(
            first=first, last=last, steps=steps)
    if code == "amp_cpu_no_bf16":
        return translate("rocmdesk.sanity.messages",
                         "on this CPU bfloat16 autocast would only slow training down (no AMX or AVX-512 BF16 "
                         "instructions)")
    if code == "multi_gpu_off":
        return translate("rocmdesk.sanity.messages", "turned off for this run")
    if code == "multi_gpu_cpu":
        return translate("rocmdesk.sanity.messages", "runs on GPUs only")
    if code == "multi_gpu_one_gpu":
        return translate("rocmdesk.sanity.messages", "only one GPU is visible; the all-reduce needs two or more")
    if code == "allreduce_timeout":
        return translate("rocmdesk.sanity.messages",
                         "all_reduce over {world} ranks ({backend}) did not finish within {timeout:g} s: ranks "
                         "{missing} never answered").format(world=p["world"], backend=p["backend"],
                                                            timeout=float(p["timeout"]), missing=p["missing"])
    if code == "allreduce_rank_failed":
        error = rank_died(p["rank"], p["exit_status"]) if p.get("exit_status") is not None else p["error"]
        return translate("rocmdesk.sanity.messages", "all_reduce ({backend}) failed on rank {rank}: {error}").format(
            backend=p["backend"], rank=p["rank"], error=error)
    if code == "allreduce_wrong_sum":
        return translate("rocmdesk.sanity.messages",
                         "all_reduce ({backend}) gave a wrong sum on rank {rank}: {value:g}, expected {expected:g}"
                         ).format(backend=p["backend"], rank=p["rank"], value=float(p["value"]),
                                  expected=float(p["expected"]))
    if code == "torch_import":
        return translate("rocmdesk.sanity.messages", "torch cannot be imported with {python}: {error}").format(
            python=p["python"], error=p["error"])
    return None


def text(code: Any, params: Any, english: str | None) -> str | None:
    """The check's sentence ``english`` in the user's language, when ``code`` says what it is."""
    if not isinstance(code, str) or not english:
        return english
    try:
        said = _sentence(code, params if isinstance(params, dict) else {})
    except (KeyError, TypeError, ValueError):
        return english  # a script that sent other parameters: its own words
    return said or english


def localize(ev: dict[str, Any]) -> dict[str, Any]:
    """``ev`` with the check's English (``cpu_fallback``, ``error`` or ``skipped``) in the user's language."""
    fallback = ev.get("cpu_fallback_code")
    if ev.get("cpu_fallback") and isinstance(fallback, dict):
        ev["cpu_fallback"] = text(fallback.get("code"), fallback.get("params"), ev["cpu_fallback"])
    code, params = ev.get("message_code"), ev.get("message_params")
    if code is None:
        return ev
    if isinstance(ev.get("skipped"), str):
        ev["skipped"] = text(code, params, ev["skipped"])
    elif isinstance(ev.get("error"), str):
        ev["error"] = text(code, params, ev["error"])
    return ev
