"""The Doctor's report: privacy-minimal Markdown and JSON to paste into a bug tracker.

The Markdown is in the current language; the JSON's keys, ids and catalogue texts are English (its other
sentences are those the diagnosis was built with: ``rocmdesk doctor`` builds it in English for JSON).

Without the user's opt-in (``include_identity``) the report names no user, host or serial number: the
machine summary leaves them out, inputs are named by their base names only (``<input N>`` where two share one),
and every string of the report goes through ``rocmdesk.doctor.scrub`` (host and user names, the machine's own
and those the texts give away, home folders, addresses, serial numbers, UUIDs: see that module).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from rocmdesk.atomic_file import shared_mode, write_atomic
from rocmdesk.doctor.catalogue import shown
from rocmdesk.doctor.model import SEVERITIES, Diagnosis
from rocmdesk.doctor.scrub import Names, input_names, learn, map_strings, scrub_tree, strings
from rocmdesk.doctor.scrub import scrub as scrub  # re-exported: the command line's text output and older callers
from rocmdesk.i18n import translate
from rocmdesk.machine.model import MachineReport
from rocmdesk.report_text import status_word

SCHEMA = 1


def identity(host: Any) -> dict[str, str]:
    """The user and host names of the machine ``host`` reads (``user``, ``hostname``; either may be missing): a
    report leaves them out unless asked, and ``scrub`` removes them from its text."""
    out: dict[str, str] = {}
    user = host.user_name()
    if user:
        out["user"] = user
    name = host.read_value("/etc/hostname") or host.read_value("/proc/sys/kernel/hostname")
    if name:
        out["hostname"] = name.strip()
    return out


def machine_summary(report: MachineReport) -> dict[str, Any]:
    """What a bug report needs of the machine, and nothing that names a person or a box."""
    a = report.access
    return {
        "source": report.source,
        "simulated": report.simulated,
        "os": {"id": report.os.id, "version_id": report.os.version_id, "codename": report.os.codename,
               "pretty_name": report.os.pretty_name, "wsl": report.os.wsl, "container": report.os.container},
        "kernel": {"release": report.kernel.release, "amdgpu_loaded": report.kernel.amdgpu_loaded,
                   "dkms": report.kernel.dkms},
        "rocm": {"primary_version": report.rocm.primary_version,
                 "installed": [i.version or i.path for i in report.rocm.installed],
                 "residue": len(report.rocm.residue)},
        "gpus": [{"index": g.index, "name": g.name, "gfx": g.gfx, "gfx_reported": g.gfx_reported,
                  "device_id": g.device_id, "revision": g.revision, "apu": g.apu, "kfd_node": g.kfd_node,
                  "vram_total_bytes": g.vram_total_bytes,
                  "support": g.support.status if g.support is not None else None,
                  # the advice object detect --json gives this GPU (rocmdesk.advice), the same one
                  "advice": g.advice.to_json() if g.advice is not None else None} for g in report.gpus],
        "access": {"kfd_present": bool(a.kfd and a.kfd.present),
                   "kfd_mode": f"{a.kfd.mode} {a.kfd.owner}:{a.kfd.group}" if a.kfd and a.kfd.present else None,
                   "kfd_opens": a.kfd.opens_rw if a.kfd else None,
                   "missing_groups": list(a.missing_groups), "needs_relogin": a.needs_relogin},
        "override_env": dict(report.override_env),
        "advice": report.advice.to_json() if report.advice is not None else None,
    }


def versions(report: MachineReport | None, inputs: list) -> dict[str, Any]:
    from rocmdesk import __version__, knowledge

    out: dict[str, Any] = {"rocmdesk": __version__, "knowledge_as_of": knowledge.as_of()}
    if report is not None:
        out.update(rocm=report.rocm.primary_version, kernel=report.kernel.release,
                   os=report.os.pretty_name or " ".join(x for x in (report.os.id, report.os.version_id) if x) or None)
    return out


def _private(doc: dict[str, Any], identity: dict[str, str] | None, given: list[Names]) -> dict[str, Any]:
    """``doc`` as a report without the opt-in carries it: inputs by base name, every string scrubbed of the
    names ``identity`` (the machine's), ``given`` (those the inputs gave away) and the report's own strings name."""
    names = input_names([i["label"] for i in doc["inputs"]])
    paths = sorted((label for label, short in names.items() if label != short), key=len, reverse=True)
    if paths:  # the input's path wherever a string quotes it whole ("Found in: <path>", an input's error)
        quoted = re.compile(r"(?<![\w./-])(?:" + "|".join(re.escape(p) for p in paths) + r")(?![\w/-]|\.\w)")
        doc = map_strings(doc, lambda text: quoted.sub(lambda m: names[m.group(0)], text))
    names = learn(strings(doc), identity)
    for more in given:
        names = names | more
    return scrub_tree(doc, identity, names)


def to_json(d: Diagnosis, include_identity: bool = False, identity: dict[str, str] | None = None) -> dict[str, Any]:
    """The ``--json`` document.  ``identity`` ({"user", "hostname"}) is included only with ``include_identity``."""
    counts = {s: sum(1 for f in d.findings if f.severity == s) for s in SEVERITIES}
    doc: dict[str, Any] = {
        "schema": SCHEMA,
        "source": d.source,
        "simulated": d.simulated,
        "worst": d.worst,
        "counts": counts,
        "machine": d.machine,
        "versions": d.versions,
        "inputs": [i.to_json() for i in d.inputs],
        "findings": [f.to_json() for f in d.findings],
    }
    if include_identity:
        doc["identity"] = dict(identity or {})
        return doc
    return _private(doc, identity, [i.names for i in d.inputs if isinstance(i.names, Names)])


def to_json_text(d: Diagnosis, include_identity: bool = False, identity: dict[str, str] | None = None) -> str:
    return json.dumps(to_json(d, include_identity, identity), indent=2, ensure_ascii=False) + "\n"


def _code(text: str) -> str:
    text = text.replace("\n", " ")
    ticks = "``" if "`" in text else "`"
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{ticks}{pad}{text}{pad}{ticks}"


def _yes_no(value: Any) -> str:
    if value is True:
        return translate("rocmdesk.doctor.report", "yes")
    if value is False:
        return translate("rocmdesk.doctor.report", "no")
    return "?"


def _severity(severity: str) -> str:
    return {"error": translate("rocmdesk.doctor.report", "ERROR"),
            "warning": translate("rocmdesk.doctor.report", "WARNING"),
            "info": translate("rocmdesk.doctor.report", "INFO")}.get(severity, severity.upper())


def _origin(origin: str) -> str:
    """Where a finding was seen: a check's name, or an input's label as it is."""
    return {"machine": translate("rocmdesk.doctor.report", "the machine check"),
            "preflight": translate("rocmdesk.doctor.report", "Setup's checks before installing"),
            "verify": translate("rocmdesk.doctor.report", "the PyTorch check of a venv"),
            "sanity": translate("rocmdesk.doctor.report", "the Sanity check"),
            "kernel log": translate("rocmdesk.doctor.report", "the kernel log")}.get(origin, origin)


def _version_key(key: str) -> str:
    """A key of ``versions`` (knowledge_as_of, rocm, kernel, os...) as the Markdown names it."""
    return {"knowledge_as_of": translate("rocmdesk.doctor.report", "knowledge data as of"),
            "rocm": "ROCm",
            "kernel": translate("rocmdesk.doctor.report", "kernel"),
            "os": translate("rocmdesk.doctor.report", "OS")}.get(key, key)


def _machine_rows(m: dict[str, Any]) -> list[tuple[str, str]]:
    """The machine table's rows (label, value); calls to translate stay out of f-strings, where lupdate can't
    see them."""
    rows: list[tuple[str, str]] = []
    os_ = m["os"]
    name = (os_["pretty_name"] or os_["id"] or "?") + (" (WSL)" if os_["wsl"] else "")
    if os_["container"]:
        name = translate("rocmdesk.doctor.report", "{os} (container: {container})").format(
            os=name, container=os_["container"])
    rows.append((translate("rocmdesk.doctor.report", "OS"), name))
    rows.append((translate("rocmdesk.doctor.report", "Kernel"),
                 translate("rocmdesk.doctor.report", "{release}; amdgpu loaded: {loaded}").format(
                     release=m["kernel"]["release"] or "?", loaded=_yes_no(m["kernel"]["amdgpu_loaded"]))))
    rocm = m["rocm"]
    others = [str(v) for v in rocm["installed"] if v != rocm["primary_version"]]
    version = rocm["primary_version"] or translate("rocmdesk.doctor.report", "none")
    if others:
        version = translate("rocmdesk.doctor.report", "{version} (also: {versions})").format(
            version=version, versions=", ".join(others))
    rows.append(("ROCm", version))
    acc = m["access"]
    kfd = [acc["kfd_mode"] or translate("rocmdesk.doctor.report", "missing")]
    if acc["missing_groups"]:
        kfd.append(translate("rocmdesk.doctor.report", "not in {groups}").format(
            groups=", ".join(acc["missing_groups"])))
    if acc["needs_relogin"]:
        kfd.append(translate("rocmdesk.doctor.report", "new groups need a new login"))
    rows.append(("/dev/kfd", "; ".join(kfd)))
    for g in m["gpus"]:
        gfx = g["gfx"] or "gfx ?"
        if g["gfx_reported"] and g["gfx_reported"] != g["gfx"]:
            gfx = translate("rocmdesk.doctor.report", "{gfx} (reports {reported})").format(
                gfx=gfx, reported=g["gfx_reported"])
        parts = [g["name"] or "?", gfx] + ([g["device_id"]] if g["device_id"] else []) \
            + (["iGPU"] if g["apu"] else []) + ([status_word(g["support"])] if g["support"] else [])
        rows.append((translate("rocmdesk.doctor.report", "GPU {index}").format(index=g["index"]), " · ".join(parts)))
    if m["override_env"]:
        rows.append((translate("rocmdesk.doctor.report", "Overrides"),
                     ", ".join(f"{k}={v}" for k, v in m["override_env"].items())))
    return rows


def to_markdown(d: Diagnosis, include_identity: bool = False, identity: dict[str, str] | None = None) -> str:
    """The report for a bug tracker, in the current language (quoted evidence, ids and commands as they are)."""
    doc = to_json(d, include_identity, identity)
    out = ["# " + translate("rocmdesk.doctor.report", "rocmdesk doctor report"), ""]
    n = doc["counts"]
    line = translate("rocmdesk.doctor.report", "{errors} error(s), {warnings} warning(s), {notes} note(s)").format(
        errors=n["error"], warnings=n["warning"], notes=n["info"])
    if doc["source"]:
        line += " · " + (translate("rocmdesk.doctor.report", "machine: {source} (simulated)") if doc["simulated"]
                         else translate("rocmdesk.doctor.report", "machine: {source}")).format(source=doc["source"])
    out += [line, ""]
    m = doc["machine"]
    if m:
        out += ["## " + translate("rocmdesk.doctor.report", "Machine"), "", "| | |", "|---|---|"]
        out += [f"| {label} | {value} |" for label, value in _machine_rows(m)]
        out.append("")
    if doc.get("identity"):
        out += ["## " + translate("rocmdesk.doctor.report", "Identity (included on request)"), ""]
        out += [f"- {k}: {v}" for k, v in doc["identity"].items()] + [""]
    v = doc["versions"]
    out += ["## " + translate("rocmdesk.doctor.report", "Versions"), "",
            ", ".join(f"{_version_key(k)}: {val}" for k, val in v.items() if val is not None), ""]
    out += ["## " + translate("rocmdesk.doctor.report", "Findings ({n})").format(n=len(doc["findings"])), ""]
    if not doc["findings"]:
        out += [translate("rocmdesk.doctor.report", "No known problem was found."), ""]
    for f in doc["findings"]:
        out += [f"### {_severity(f['severity'])} · {shown(f['title'])} (`{f['id']}`)", ""]
        if f["summary"]:
            out += [shown(f["summary"]), ""]
        if f["evidence"]:
            out += [translate("rocmdesk.doctor.report", "Evidence:"), ""] + [f"- {_code(e)}" for e in f["evidence"]]
            out += [""]
        fix = f["fix"]
        out += [translate("rocmdesk.doctor.report", "Fix (automatic: rocmdesk can run it):") if fix["kind"] == "auto"
                else translate("rocmdesk.doctor.report", "Fix (steps to run yourself):"), ""]
        for i, s in enumerate(fix["steps"], 1):
            out.append(f"{i}. {shown(s['text'])}"
                       + (f" {_code(s['command'])}" if s["command"] else ""))
        todo = [s for s in fix.get("plan_steps") or [] if not s.get("done")]
        if todo:
            out += ["", translate("rocmdesk.doctor.report", "The plan rocmdesk runs for it (one password prompt):"), ""]
            out += [f"- {s['title']}" for s in todo]
        out += ["", translate("rocmdesk.doctor.report", "Found in: {origins}").format(
            origins=", ".join(_origin(o) for o in f["origins"]))]
        if f["source"]:
            out += ["", translate("rocmdesk.doctor.report", "Source: {source}").format(source=f["source"])]
        out.append("")
    if doc["inputs"]:
        out += ["## " + translate("rocmdesk.doctor.report", "Inputs"), ""]
        for i in doc["inputs"]:
            what = i["format"] or translate("rocmdesk.doctor.report", "unrecognized")
            out.append(f"- {i['label']}: {what}" + (f" — {i['error']}" if i["error"] else "")
                       + (f" → {', '.join(i['finding_ids'])}" if i["finding_ids"] else ""))
        out.append("")
    if not include_identity:
        out += ["_" + translate("rocmdesk.doctor.report", "No user name, host name or serial numbers are in this "
                                "report (rocmdesk doctor --include-identity adds them).") + "_", ""]
    return "\n".join(out)


def write_report(path: Path | str, d: Diagnosis, include_identity: bool = False,
                 identity: dict[str, str] | None = None) -> None:
    """Write the report atomically (a temporary file beside it, then a rename): ``.json`` JSON, else Markdown."""
    path = Path(path)
    text = (to_json_text if path.suffix.lower() == ".json" else to_markdown)(d, include_identity, identity)
    write_atomic(path, text.encode("utf-8"), mode=shared_mode())  # the user's umask (0600 under 077, not 0644)
