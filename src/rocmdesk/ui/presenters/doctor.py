"""What the Doctor page shows, decided without widgets: which venvs a live check verifies, how the machine's and
the paste's findings merge, the sentences of the status lines and the list, and each fix in the window's terms.

The sentences keep the page's translation context ("DoctorPage"), so the catalogue's translations stay theirs.
"""

from __future__ import annotations

import dataclasses
import inspect
import os
import re
from pathlib import Path
from typing import Any, Callable

from PySide6.QtCore import QCoreApplication

translate = QCoreApplication.translate

Progress = Callable[[int, int, str], None]  # (done, total, what is being checked)
SHOW_LIMIT = 1_000_000  # characters a paste may have and still be shown in the box; longer ones are held aside
FILE_LIMIT = 512 * 2**20  # a file larger than this is not a log to paste (a core dump, a disk image)
SEVERITY_ORDER = ("error", "blocker", "warning", "info")


# -- what the workers run ---------------------------------------------------------------------------------
def default_machine_diagnoser(host: Any, progress: Progress, cancel: Any, venvs: list[str] | None = None) -> Any:
    from rocmdesk.doctor.diagnose import diagnose_host

    params = inspect.signature(diagnose_host).parameters  # progress, cancel and venvs came later: pass if taken
    kw: dict[str, Any] = {}
    if "on_progress" in params:
        kw["on_progress"] = progress
    if "cancel" in params:
        kw["cancel"] = cancel
    if venvs and "venvs" in params:
        kw["venvs"] = list(venvs)
    return diagnose_host(host, **kw)


def verified_venvs(limit: int = 4) -> list[str]:
    """The venvs the PyTorch page verified on this computer, the latest first (its verify history)."""
    return [venv for venv, _when in latest_verifies(limit)]


def latest_verifies(limit: int = 1) -> list[tuple[str, str]]:
    """(venv, when) of the PyTorch page's latest verifies: a new one makes the Doctor's check stale."""
    try:
        from rocmdesk.ui.pages.torch_status import VerifyHistory

        return [(r.venv, r.when) for r in VerifyHistory().newest(limit)]
    except Exception:  # a history that does not read: the other venvs still count
        return []


def default_venvs(limit: int = 4) -> list[str]:
    """The venvs whose PyTorch the live check verifies: the one just verified on the PyTorch page first, then
    that page's default and every profile's venv that exists (each costs a start of its python, so only a few)."""
    from rocmdesk.torchenv.venv import is_venv

    found: list[str] = verified_venvs(1)
    try:
        from rocmdesk.ui.presenters.venvs import default_venv

        found.append(default_venv())
    except Exception:  # no default: the profiles may still name venvs
        pass
    try:
        from rocmdesk.torchenv.profile_store import ProfileStore

        store = ProfileStore()
        for name in store.names():
            try:
                found.append(store.load(name).venv)
            except Exception:  # a profile that cannot be read is the Environments page's to report
                continue
    except Exception:
        pass
    out: list[str] = []
    for path in found:
        path = os.path.abspath(os.path.expanduser(path)) if path else ""
        if path and path not in out and is_venv(path):
            out.append(path)
    return out[:limit]


def default_text_diagnoser(data: Any, label: str) -> Any:
    from rocmdesk.doctor.diagnose import diagnose

    return diagnose(None, texts=[(label, data)], include_preflight=False)


def file_work(path: str, diagnoser: Callable[[Any, str], Any], limit: int) -> tuple[Callable[[Progress], Any],
                                                                                   Callable[[], Any]]:
    """Diagnosing a file (read in the worker: it may be large), and diagnosing it again for the English report
    if it is still the file that was diagnosed (it is not kept in memory)."""
    name = os.path.basename(path) or path
    too_big = translate("DoctorPage", "{name} is {size}: too large to be tool output or a log").format
    changed = translate("DoctorPage", "{name} has changed since it was diagnosed: diagnose it again, then save").format
    read: list[tuple[int, int]] = []  # the size and time of the file as it was diagnosed

    def work(progress: Progress) -> Any:
        st = os.stat(path)
        if st.st_size > limit:
            raise ValueError(too_big(name=name, size=size_text(st.st_size)))
        read.append((st.st_size, st.st_mtime_ns))
        return diagnoser(Path(path).read_bytes(), name)

    def again() -> Any:
        st = os.stat(path)
        if read[-1:] != [(st.st_size, st.st_mtime_ns)]:
            raise ValueError(changed(name=name))
        return diagnoser(Path(path).read_bytes(), name)

    return work, again


def identity(host: Any) -> dict[str, str]:
    """The user and host names of the machine on screen: left out of the report unless asked for."""
    if host is None:
        return {}
    try:
        from rocmdesk.doctor import report

        find = getattr(report, "identity", None)
        if find is None:
            from rocmdesk.doctor.report import identity as find
        return dict(find(host))
    except Exception:  # without names to scrub the report still leaves out what the scrubber knows
        return {}


def english_work(machine: Any | None, pasted: Any | None,
                 pasted_again: Callable[[], Any] | None) -> Callable[[Progress], Any]:
    """The JSON report's diagnosis built again in English from the same inputs (the machine check's recorded
    reading, the same paste or file), for a worker: the window keeps its language."""
    from rocmdesk import i18n

    machine_again = getattr(machine, "again", None)  # None from a stand-in: its sentences are what they are

    def work(progress: Progress) -> Any:
        with i18n.speaking(i18n.SOURCE_LANGUAGE, this_thread=True):
            return merge(machine_again() if machine_again is not None else machine,
                         pasted_again() if pasted_again is not None else pasted)

    return work


def write_report(path: str, d: Any, include_identity: bool, identity: dict[str, str]) -> tuple[bool, str]:
    """Write the report; whether it was written, and the sentence that says so."""
    try:
        from rocmdesk.doctor.report import write_report as write

        write(Path(path), d, include_identity=include_identity, identity=identity)
    except OSError as exc:
        return False, translate("DoctorPage", "Could not save {path}: {error}").format(
            path=path, error=exc.strerror or exc)
    return True, translate("DoctorPage", "Saved {path}.").format(path=path) + " " + (
        translate("DoctorPage", "It names this computer and your user.") if include_identity
        else translate("DoctorPage", "Host and user names are left out."))


# -- the findings ------------------------------------------------------------------------------------------
def catalogue_scope() -> tuple[list[str], list[str]]:
    """The catalogue's titles: those a machine check can find, and those only output shows (a crash, a
    driver fault in dmesg), for an empty result to say what was looked for."""
    try:
        from rocmdesk.doctor.catalogue import catalogue

        entries = list(catalogue().values())
    except Exception:  # the list only explains an empty result; without it the result stands
        return [], []
    on_machine = [e.title for e in entries if any(c.startswith(("machine", "preflight")) for c in e.checks)]
    in_output = [e.title for e in entries if e.title not in on_machine]
    return on_machine, in_output


def catalogue_finding(finding_id: str, evidence: list[str] | None = None, origin: str = "sanity") -> Any | None:
    """A catalogue entry as a finding, for a link from another page to a finding this machine did not show."""
    try:
        from rocmdesk.doctor.catalogue import entry
        from rocmdesk.doctor.model import Finding, Fix

        e = entry(finding_id)
    except Exception:  # an unknown id: the page says so
        return None
    return Finding(id=e.id, severity=e.severity, title=e.title, evidence=list(evidence or []),
                   fix=Fix(kind="print", steps=list(e.fix_steps)), source=e.source, origins=[origin],
                   summary=e.summary)


def merge(machine: Any | None, pasted: Any | None) -> Any | None:
    """One diagnosis for the report: the machine's and the pasted text's findings, one per id."""
    if machine is None or pasted is None:
        return machine or pasted
    by_id: dict[str, Any] = {}
    for f in list(machine.findings) + list(pasted.findings):
        have = by_id.get(f.id)
        if have is None:
            by_id[f.id] = f
        else:
            by_id[f.id] = dataclasses.replace(
                have, evidence=have.evidence + [e for e in f.evidence if e not in have.evidence],
                origins=have.origins + [o for o in f.origins if o not in have.origins])
    order = {s: i for i, s in enumerate(SEVERITY_ORDER)}
    findings = sorted(by_id.values(), key=lambda f: order.get(f.severity, len(order)))  # stable
    return dataclasses.replace(machine, findings=findings, inputs=list(machine.inputs) + list(pasted.inputs))


def size_text(chars: int) -> str:
    if chars >= 1_000_000:
        return f"{chars / 1_000_000:.1f} MB"
    if chars >= 1000:
        return f"{chars / 1000:.0f} kB"
    return f"{chars} B"


# -- fixes in the window's terms ---------------------------------------------------------------------------
# a catalogue step names a command of rocmdesk's command line; in the window the page and control that do the
# same are named instead (the CLI's report keeps the commands)
_CLI_ASIDE = re.compile(r"\s*[(（][^)）]*rocmdesk [a-z][^)）]*[)）]")  # "(rocmdesk torch recommend)"
_CLI_COMMAND = re.compile(r"rocmdesk [a-z]+(?: [a-z]+)?")
_CLAUSE_END = re.compile(r"(?<=[;:；：])\s*")


def without_commands(text: str) -> str:
    """A sentence without its mentions of rocmdesk's commands: asides in brackets go, and so do the clauses
    (between ':' and ';') that name one."""
    text = _CLI_ASIDE.sub("", text)
    clauses = [c for c in _CLAUSE_END.split(text) if c.strip() and not _CLI_COMMAND.search(c)]
    out = " ".join(c.strip() for c in clauses)
    if out[-1:] in (":", ";"):
        out = out[:-1] + "."
    elif out[-1:] in ("：", "；"):
        out = out[:-1] + "。"
    return out


def window_direction(command: str) -> str | None:
    """Where in the window a command of rocmdesk's command line is done, as a sentence; None for no such command."""
    words = command.split(";")[0].split()
    if words[:1] != ["rocmdesk"]:
        return None
    sub = words[1:3]
    if sub[:2] == ["torch", "install"]:
        return translate("DoctorPage", "On the PyTorch page, choose the venv in Venv folder and press Install.")
    if sub[:1] == ["torch"]:
        return translate("DoctorPage", "The PyTorch page's recommendation names the wheels for this GPU; Install "
                                       "puts them into a venv.")
    if sub[:1] == ["plan"] and "--dkms" in words:
        return translate("DoctorPage", "On the Setup page, tick “Install AMD's amdgpu-dkms kernel driver” and "
                                       "go on with Next: every step is shown before it runs.")
    if sub[:1] == ["plan"] and "pytorch" in words:
        return translate("DoctorPage", "On the Setup page, choose PyTorch only and go on with Next: every step is "
                                       "shown before it runs.")
    if sub[:1] == ["plan"] and "runtime" in words:
        return translate("DoctorPage", "On the Setup page, choose Runtime and go on with Next: every step is shown "
                                       "before it runs.")
    if sub[:1] in (["plan"], ["apply"]):
        return translate("DoctorPage", "On the Setup page, choose what to install and go on with Next: every step is "
                                       "shown before it runs.")
    if sub[:1] == ["detect"]:
        return translate("DoctorPage", "The Overview page shows what each GPU can do.")
    if sub[:1] == ["sanity"]:
        return translate("DoctorPage", "The Sanity check page runs a short training in the venv: press Start.")
    if sub[:1] == ["monitor"]:
        return translate("DoctorPage", "The Monitor page shows each GPU's memory and the processes that hold it.")
    if sub[:1] == ["doctor"]:
        return translate("DoctorPage", "Check again at the top of this page checks /dev/kfd, the groups and the "
                                       "driver.")
    if sub[:1] in (["profile"], ["run"], ["shell"]):
        return translate("DoctorPage", "The Environments page keeps the variables in a profile for the venv.")
    return translate("DoctorPage", "rocmdesk's window does this on its pages; the command line is the other way.")


def window_finding(finding: Any, has_amd_gpu: bool = True) -> Any:
    """The finding as the window shows it: fix steps that send the user to rocmdesk's command line name the
    page and control instead, and on a machine without an AMD GPU a missing torch is not fixed with a ROCm wheel."""
    from rocmdesk.doctor.model import FixStep

    fix = getattr(finding, "fix", None)
    steps = list(getattr(fix, "steps", None) or [])
    if fix is None or not steps:
        return finding
    if finding.id == "torch-missing" and not has_amd_gpu:
        text = translate("DoctorPage", "This machine has no AMD GPU, so a ROCm wheel has nothing to run on: on the "
                                       "PyTorch page choose a CPU-only torch under torch version, then Install.")
        return dataclasses.replace(finding, fix=dataclasses.replace(fix, steps=[
            FixStep("doctor.torch-missing.fix.window", text, None)]))
    out = []
    for step in steps:
        direction = window_direction(step.command or "")
        mentions = _CLI_COMMAND.search(step.text or "") is not None
        if direction is None and not mentions:
            out.append(step)
            continue
        # the catalogue's sentence, in the window's language, without its mention of the command line
        text = without_commands(QCoreApplication.translate("rocmdesk.doctor", step.text))
        if direction is None:
            named = _CLI_COMMAND.search(step.text or "")
            direction = window_direction(named.group(0)) if named else None
        joined = " ".join(t for t in (text, direction) if t)
        command = step.command if direction is None or not (step.command or "").startswith("rocmdesk") else None
        out.append(FixStep(step.id, joined, command))
    return dataclasses.replace(finding, fix=dataclasses.replace(fix, steps=out))


# -- the sentences the page shows --------------------------------------------------------------------------
def where_text(simulate: str | None, root: str | None) -> str:
    if simulate:
        return translate("DoctorPage", "the simulated machine {name}").format(name=simulate)
    if root:
        return translate("DoctorPage", "the machine tree at {root}").format(root=root)
    return translate("DoctorPage", "this computer")


def section_title(simulate: str | None, root: str | None) -> str:
    return (translate("DoctorPage", "The simulated machine") if simulate else
            translate("DoctorPage", "The machine tree") if root else translate("DoctorPage", "This computer"))


def waiting_text(error: tuple[str, ...] | None, busy: bool, has_host: bool) -> str:
    """What the machine's section says before a check has a result."""
    if error is not None:
        return translate("DoctorPage", "Detection failed: {error}. The Overview page has the details; Refresh "
                                       "tries again.").format(error=error[0])
    if busy or not has_host:
        return translate("DoctorPage", "Waiting for the machine to be read…")
    return translate("DoctorPage", "Not checked yet.")


def format_name(fmt: str | None) -> str:
    return {
        "rocminfo": translate("DoctorPage", "rocminfo output"), "rocm-smi": translate("DoctorPage", "rocm-smi output"),
        "amd-smi": translate("DoctorPage", "amd-smi output"),
        "collect_env": translate("DoctorPage", "PyTorch collect_env report"),
        "lspci": translate("DoctorPage", "lspci output"),
        "kernel-log": translate("DoctorPage", "kernel log (dmesg or journalctl)"),
        "traceback": translate("DoctorPage", "Python traceback"),
        "verify-json": translate("DoctorPage", "rocmdesk PyTorch check (JSON)"),
        "sanity-json": translate("DoctorPage", "rocmdesk sanity check (JSON)"),
    }.get(fmt or "", fmt or translate("DoctorPage", "text in no format rocmdesk knows"))


def pasted_heading(pasted: Any) -> str:
    """What the pasted text was taken for (or why it could not be read)."""
    inputs = list(getattr(pasted, "inputs", []) or [])
    first = inputs[0] if inputs else None
    if first is not None and first.error:
        return translate("DoctorPage", "It could not be read: {error}.").format(error=first.error)
    fmt = first.format if first is not None else None
    if fmt is None:
        return translate("DoctorPage", "It is in no format rocmdesk knows, so it was searched for known error "
                                       "messages only.")
    return translate("DoctorPage", "Recognized as {format}.").format(format=format_name(fmt))


def paste_status_text(label: str, pasted: Any | None, error: str | None) -> str:
    """The line under the paste box after a diagnosis."""
    if error:
        return translate("DoctorPage", "Could not diagnose {label}: {error}").format(label=label, error=error)
    if pasted is None:
        return ""
    n = len(pasted.findings)
    return pasted_heading(pasted) + " " + (
        translate("DoctorPage", "No known problem in it.") if n == 0 else
        translate("DoctorPage", "1 finding, shown in the list.") if n == 1 else
        translate("DoctorPage", "{n} findings, shown in the list.").format(n=n))


def origin_text(origins: list[str]) -> str:
    """Which checks found it: "Found by the machine check and Setup's checks before installing"."""
    words = {"machine": translate("DoctorPage", "the machine check"),
             "preflight": translate("DoctorPage", "Setup's checks before installing"),
             "verify": translate("DoctorPage", "the PyTorch check of a venv"),
             "sanity": translate("DoctorPage", "the Sanity check")}
    parts = [words.get(o, o) for o in origins]
    if not parts:
        return ""
    if len(parts) == 1:
        return translate("DoctorPage", "Found by {a}").format(a=parts[0])
    return translate("DoctorPage", "Found by {list} and {last}").format(list=", ".join(parts[:-1]), last=parts[-1])


def counts_text(findings: list[Any]) -> str:
    """ "1 error, 2 warnings" """
    parts = []
    for severity, one, many in (("error", translate("DoctorPage", "1 error"), translate("DoctorPage", "{n} errors")),
                                ("warning", translate("DoctorPage", "1 warning"),
                                 translate("DoctorPage", "{n} warnings")),
                                ("info", translate("DoctorPage", "1 note"), translate("DoctorPage", "{n} notes"))):
        n = sum(1 for f in findings if f.severity == severity)
        if n:
            parts.append(one if n == 1 else many.format(n=n))
    return ", ".join(parts)


def checked_text(findings: list[Any], checked_at: str) -> str:
    found = counts_text(findings) or translate("DoctorPage", "no known problem found")
    return translate("DoctorPage", "Checked at {time}: {found}.").format(time=checked_at, found=found)


def failure_text(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
