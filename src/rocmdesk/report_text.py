"""Human-readable text for the CLI: a short table and one verdict line per GPU.

Every word here is for people, so it goes through ``translate`` when the text is built (``--json`` output
never comes here).  Chinese characters take two terminal columns: ``pad``/``display_width`` keep tables aligned.
"""

from __future__ import annotations

import unicodedata

from rocmdesk.i18n import translate
from rocmdesk.machine.model import Gpu, MachineReport

TYPE_CHECKING = False  # typing's, without importing typing on the command line's path
if TYPE_CHECKING:
    from typing import Any


def display_width(text: str) -> int:
    """Columns ``text`` takes on a terminal: wide (CJK) characters take two."""
    return sum(2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in text)


def pad(text: str, width: int) -> str:
    """``text.ljust(width)`` in terminal columns."""
    return text + " " * max(0, width - display_width(text))


def status_word(status: str | None) -> str:
    """A support status (a code: supported, override, ...) as a word for the table."""
    words = {
        "supported": translate("rocmdesk.report_text", "supported"),
        "override": translate("rocmdesk.report_text", "needs an override"),
        "risky": translate("rocmdesk.report_text", "risky"),
        "unsupported": translate("rocmdesk.report_text", "unsupported"),
        "unknown": translate("rocmdesk.report_text", "unknown"),
    }
    return words.get(status or "unknown", status or "")


def simulated_banner(source: str, simulated: bool) -> str:
    """The first line when the report is not about this computer (empty when it is)."""
    kind, _, name = source.partition(":")
    if simulated:
        return translate("rocmdesk.report_text", "SIMULATED MACHINE ({name}) - not this computer").format(
            name=name) + "\n\n"
    if kind == "root":
        return translate("rocmdesk.report_text", "CAPTURED MACHINE ({name}) - not this computer").format(
            name=name) + "\n\n"
    return ""


def _gib(n: int | None) -> str:
    if not n:
        return "-"
    return f"{n / 2**30:.1f} GiB" if n >= 2**30 else f"{n / 2**20:.0f} MiB"


def _table(rows: list[list[str]]) -> str:
    widths = [max(display_width(r[i]) for r in rows) for i in range(len(rows[0]))]
    return "".join("  ".join(pad(c, w) for c, w in zip(r, widths)).rstrip() + "\n" for r in rows)


def verdict_line(gpu: Gpu) -> str:
    """e.g. 'AMD Radeon RX 6600 XT · gfx1032 · not on AMD's list; runs with HSA_OVERRIDE_GFX_VERSION=10.3.0 ...'

    The reason is the advice's (``gpu.advice``, set by ``rocmdesk.advice.attach``); ``gpu.support`` says the same."""
    return _gpu_verdict({"index": gpu.index, "name": gpu.name, "gfx": gpu.gfx, "gfx_reported": gpu.gfx_reported,
                         "device_id": gpu.device_id,
                         "advice": gpu.advice.to_json() if gpu.advice is not None else None,
                         "support": {"reason": gpu.support.reason} if gpu.support else None})


def _gpu_verdict(g: dict[str, Any]) -> str:
    name = g.get("name") or translate("rocmdesk.report_text", "AMD GPU {device_id}").format(
        device_id=g.get("device_id") or "?")
    gfx = g.get("gfx") or translate("rocmdesk.report_text", "gfx unknown")
    reported = g.get("gfx_reported")
    if reported and g.get("gfx") and reported != g.get("gfx"):
        gfx = translate("rocmdesk.report_text", "{gfx} (runtime reports {reported})").format(
            gfx=g["gfx"], reported=reported)
    advice = g.get("advice") or {}
    reason = advice.get("reason") or (g.get("support") or {}).get("reason") or translate(
        "rocmdesk.report_text", "no verdict: the gfx target is unknown")
    return f"{name} · {gfx} · {reason}"


# --- the advice (rocmdesk.advice) as text ------------------------------------------------------------------


def _indices(indices: list[int]) -> str:
    """[0, 1, 2, 5] -> "0-2, 5"."""
    out: list[str] = []
    run: list[int] = []
    for i in sorted(indices):
        if run and i == run[-1] + 1:
            run.append(i)
            continue
        if run:
            out.append(f"{run[0]}-{run[-1]}" if len(run) > 2 else ", ".join(map(str, run)))
        run = [i]
    if run:
        out.append(f"{run[0]}-{run[-1]}" if len(run) > 2 else ", ".join(map(str, run)))
    return ", ".join(out)


def _path_words(path: dict[str, Any] | None) -> str:
    from rocmdesk.advice import WheelPath, path_name

    if not path:
        return translate("rocmdesk.report_text", "no wheel")
    return path_name(WheelPath(**{k: path.get(k) for k in ("stream", "rocm", "index_url", "torch")},
                               driver_update=bool(path.get("driver_update"))))


def _verdict_words(status: str | None, override: str | None, var: str | None = None) -> str:
    from rocmdesk.advice import OVERRIDE_VAR

    word = status_word(status)
    if override:
        return translate("rocmdesk.report_text", "{status} ({setting})").format(
            status=word, setting=f"{var or OVERRIDE_VAR}={override}")
    return word


def _shell_pairs(env: dict[str, str]) -> str:
    import shlex

    return " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items())


def advice_lines(machine: dict[str, Any] | None, gpus: list[dict[str, Any]]) -> list[str]:
    """The advice as lines for a terminal, recommended path first.

    ``machine`` is ``MachineAdvice.to_json()``; ``gpus`` are GPU records with ``index``, ``name``, ``gfx``,
    ``gfx_reported`` and the per-GPU ``advice`` object (``GpuAdvice.to_json()``), as ``detect --json`` and
    ``inspect --json`` carry them.  Nothing is judged here: every status, override, variable and sentence is the
    advice's.  Lines: the recommended path and its status, each GPU's verdict on it, why (override, devices,
    driver), the other ways with their own verdicts, the ROCm release whose list is cited, the variables to set,
    and what to change in the ones set now."""
    if not machine or machine.get("status") == "no-gpu" or not gpus:
        return []
    if all(not g.get("gfx") for g in gpus):  # nothing was judged: no path to recommend, only the GPUs
        return [translate("rocmdesk.report_text", "GPU {index}: {verdict}").format(
            index=g["index"], verdict=_gpu_verdict(g)) for g in gpus]
    out = [translate("rocmdesk.report_text", "Recommended: {path} - {status}").format(
        path=_path_words(machine.get("path")), status=status_word(machine.get("status")))]
    for g in gpus:
        out.append(translate("rocmdesk.report_text", "GPU {index}: {verdict}").format(
            index=g["index"], verdict=_gpu_verdict(g)))
    why = machine.get("why") or {}
    overrides = any((g.get("advice") or {}).get("override_var") for g in gpus)
    for topic in ("override", "devices", "driver"):
        if why.get(topic) and (topic != "override" or overrides):
            out.append("  " + translate("rocmdesk.report_text", "why: {sentence}").format(sentence=why[topic]))
    others = other_ways(gpus)
    if others:
        out.append(translate("rocmdesk.report_text", "Other ways:"))
        out += ["  " + line for line in others]
    if machine.get("rocm_cited"):
        out.append(translate("rocmdesk.report_text", "AMD's list cited: ROCm {version}").format(
            version=machine["rocm_cited"]))
    env = machine.get("env") or {}
    if env:
        out.append(translate("rocmdesk.report_text", "Set: {variables}").format(variables=_shell_pairs(env)))
    out += note_lines(machine.get("notes") or [])
    for w in machine.get("warnings") or []:
        out.append(translate("rocmdesk.report_text", "warning: {message}").format(message=w))
    return out


def other_ways(gpus: list[dict[str, Any]]) -> list[str]:
    """The alternatives of the GPUs' advice objects, each with its own verdict and reason (two lines each); the
    same alternative for several GPUs is said once, naming them."""
    others: dict[tuple, list[int]] = {}
    for g in gpus:
        advice = g.get("advice") or {}
        for alt in advice.get("alternatives") or []:
            # the override in the form this GPU takes it on this machine (per-GPU _<node> beside native GPUs)
            key = (_path_words(alt.get("path")), alt.get("status"), alt.get("override"), advice.get("override_var"),
                   alt.get("reason"))
            others.setdefault(key, []).append(g["index"])
    out: list[str] = []
    for (path, status, override, var, reason), indices in others.items():
        head = translate("rocmdesk.report_text", "{path}: {verdict}").format(
            path=path, verdict=_verdict_words(status, override, var))
        if len(gpus) > 1:
            head = translate("rocmdesk.report_text", "GPU {indices}: {text}").format(
                indices=_indices(indices), text=head)
        out.append(head)
        if reason:
            out.append("  " + reason)
    return out


def note_lines(notes: list[dict[str, Any]]) -> list[str]:
    """The advice's notes on the override variables in effect (``EnvNote.to_json()``): what to unset, or what
    the advice says instead."""
    out = []
    for note in notes:
        if note.get("wanted") is None and note.get("value") is not None:
            out.append(translate("rocmdesk.report_text", "Unset {setting}: {message}").format(
                setting=f"{note['var']}={note['value']}", message=note.get("message")))
        else:
            out.append(translate("rocmdesk.report_text", "Note: {message}").format(message=note.get("message")))
    return out


def _report_gpus(report: MachineReport) -> list[dict[str, Any]]:
    return [{"index": g.index, "name": g.name, "gfx": g.gfx, "gfx_reported": g.gfx_reported,
             "device_id": g.device_id, "advice": g.advice.to_json() if g.advice is not None else None,
             "support": {"reason": g.support.reason} if g.support else None} for g in report.gpus]


def _kind_word(g: Gpu) -> str:
    if g.partition is not None:
        return translate("rocmdesk.report_text", "partition {number}").format(number=g.partition)
    if g.kind in ("instinct", "pro"):
        return {"instinct": "Instinct", "pro": "PRO"}[g.kind]  # product lines: names, not words
    if g.apu:
        return "APU"
    return translate("rocmdesk.report_text", "discrete") if g.apu is False else "-"


def _os_line(report: MachineReport) -> str:
    os_ = report.os
    text = os_.pretty_name or os_.id or translate("rocmdesk.report_text", "unknown")
    if os_.codename and os_.codename not in (os_.pretty_name or ""):
        text += f" ({os_.codename})"
    if os_.repo_codename:
        text += translate("rocmdesk.report_text", "; AMD repos: {codename}").format(codename=os_.repo_codename)
    else:
        text += translate("rocmdesk.report_text", "; no AMD repository for this OS")
    if os_.wsl:
        text += " [WSL]"
    if os_.container:
        text += translate("rocmdesk.report_text", " [container: {name}]").format(name=os_.container)
    return text


def _kernel_line(report: MachineReport) -> str:
    state = {
        True: translate("rocmdesk.report_text", "amdgpu loaded"),
        False: translate("rocmdesk.report_text", "amdgpu not loaded"),
        None: translate("rocmdesk.report_text", "amdgpu unknown"),
    }[report.kernel.amdgpu_loaded]
    return _joined([report.kernel.release or translate("rocmdesk.report_text", "unknown"), state])


def _joined(parts: list[str]) -> str:
    """Clauses of one line, joined as the language joins them ("; " in English, "；" in Chinese)."""
    text = parts[0]
    for part in parts[1:]:
        text = translate("rocmdesk.report_text", "{first}; {second}").format(first=text, second=part)
    return text


def format_report(report: MachineReport) -> str:
    out: list[str] = []
    if report.simulated:  # a captured tree (--root) is the user's own capture: no banner, as before
        out.append(simulated_banner(report.source, report.simulated))
    if report.gpus:
        rows = [["#", translate("rocmdesk.report_text", "GPU"), "gfx", translate("rocmdesk.report_text", "VRAM"),
                 "PCI", translate("rocmdesk.report_text", "kind"), translate("rocmdesk.report_text", "verdict")]]
        for g in report.gpus:
            status = status_word(g.support.status if g.support else "unknown")
            if g.advice is not None and not g.advice.used:
                status = translate("rocmdesk.report_text", "kept out")  # hidden by the advice's device mask
            rows.append([str(g.index), g.name or "-", g.gfx or "?", _gib(g.vram_total_bytes),
                         g.pci_slot or "-", _kind_word(g), status])
        out.append(_table(rows))
        out.append("\n")
        gpus = _report_gpus(report)
        lines = advice_lines(report.advice.to_json() if report.advice is not None else None, gpus)
        if not lines:  # not advised (a report no front end attached advice to): the verdicts alone
            lines = [translate("rocmdesk.report_text", "GPU {index}: {verdict}").format(
                index=g["index"], verdict=_gpu_verdict(g)) for g in gpus]
        out.append("".join(line + "\n" for line in lines))
    else:
        out.append(translate("rocmdesk.report_text", "No AMD GPU found. Try a simulated machine: "
                                                     "rocmdesk simulate list") + "\n")
    out.append("\n")
    facts = [
        [translate("rocmdesk.report_text", "OS"), _os_line(report)],
        [translate("rocmdesk.report_text", "Kernel"), _kernel_line(report)],
        ["ROCm", _rocm_line(report)],
        [translate("rocmdesk.report_text", "Access"), _access_line(report)],
    ]
    out.append(_table(facts))
    if report.override_env:
        out.append(translate("rocmdesk.report_text", "Override in effect: {variables}").format(
            variables=", ".join(f"{k}={v}" for k, v in report.override_env.items())) + "\n")
    for w in report.warnings:
        out.append(translate("rocmdesk.report_text", "warning: {message}").format(message=w) + "\n")
    if report.knowledge_as_of:
        out.append(translate("rocmdesk.report_text", "(support facts as of {date})").format(
            date=report.knowledge_as_of) + "\n")
    return "".join(out)


def _rocm_line(report: MachineReport) -> str:
    r = report.rocm
    if r.primary_version:
        text = translate("rocmdesk.report_text", "{version} installed").format(version=r.primary_version)
    elif r.installed:
        text = translate("rocmdesk.report_text", "trees in /opt: {paths}").format(
            paths=", ".join(i.path for i in r.installed))
    else:
        text = translate("rocmdesk.report_text", "not installed (PyTorch's ROCm wheels bring their own; "
                                                 "only the driver is needed)")
    if r.residue:
        text += translate("rocmdesk.report_text", "; residue: {count} item(s)").format(count=len(r.residue))
    return text


def _access_line(report: MachineReport) -> str:
    a = report.access
    if a.kfd is None or not a.kfd.present:
        return translate("rocmdesk.report_text", "/dev/kfd missing")
    parts = [f"/dev/kfd {a.kfd.mode or ''} {a.kfd.owner or '?'}:{a.kfd.group or '?'}".replace("  ", " ")]
    if a.kfd.opens_rw is not None:
        parts.append(translate("rocmdesk.report_text", "opens") if a.kfd.opens_rw else
                     translate("rocmdesk.report_text", "does not open ({error})").format(error=a.kfd.open_error))
    if a.missing_groups:
        parts.append(translate("rocmdesk.report_text", "{user} is not in: {groups}").format(
            user=a.user, groups=", ".join(a.missing_groups)))
    if a.needs_relogin:
        parts.append(translate("rocmdesk.report_text", "log out and in again to pick up the new groups"))
    if a.ok:
        parts.append("OK")
    return _joined(parts)


def format_inspection(result: dict[str, Any]) -> str:
    out = [f"{result.get('input')}: {result.get('format')}\n"]
    err = result.get("error")
    if err:
        out.append("  " + translate("rocmdesk.report_text", "error: {kind}: {message}").format(
            kind=err.get("kind"), message=err.get("message")) + "\n")
    lines = advice_lines(result.get("advice"), result.get("gpus") or [])
    if lines:
        out += ["  " + line + "\n" for line in lines]
    for g in result.get("gpus", []) if not lines else []:
        gfx = g.get("gfx") or "?"
        if g.get("gfx_reported") and g.get("gfx_reported") != g.get("gfx"):
            gfx = translate("rocmdesk.report_text", "{gfx} (reported {reported})").format(
                gfx=gfx, reported=g["gfx_reported"])
        reason = (g.get("support") or {}).get("reason") or translate("rocmdesk.report_text", "no verdict")
        out.append("  " + translate("rocmdesk.report_text", "GPU {index}: {verdict}").format(
            index=g["index"], verdict=f"{g.get('name') or '-'} · {gfx} · {reason}") + "\n")
    for a in result.get("other_agents", []):
        out.append(f"  {a.get('kind')}: {a.get('name') or '-'}\n")
    for w in result.get("warnings", []):
        out.append("  " + translate("rocmdesk.report_text", "warning: {message}").format(message=w) + "\n")
    return "".join(out)
