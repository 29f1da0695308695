"""What the Environments page shows, decided without widgets: the profile list's cells, the form's state (what
is being edited, what "unchanged" means, whether the user has acted yet), the check of every variable row, the
line beside Save, the notes about the folders, the hooks sentence, and the texts of the actions' results.

The page (``ui/pages/environments_page.py``) reads a ``Form`` from its fields, asks this presenter, and paints the
answer.  The sentences keep the page's translation context ("EnvironmentsPage"), so the catalogue's translations
stay theirs.
"""

from __future__ import annotations

import os
import re
import shlex
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Protocol

from PySide6.QtCore import QCoreApplication

from rocmdesk.advice import OVERRIDE_VAR, AdviceError, MachineAdvice, advise, context_for
from rocmdesk.machine.model import MachineReport
from rocmdesk.torchenv import envvars_check
from rocmdesk.torchenv.presets import Suggestion, suggest, torch_version_in
from rocmdesk.torchenv.profiles import Profile, ProfileError, check_name, path_warnings
from rocmdesk.torchenv.verify import verdict_title
from rocmdesk.ui.widgets.advice_text import AdviceWords

translate = QCoreApplication.translate

Which = Callable[[str], "str | None"]

# the user's terminal emulator: Debian's alternative first, then the common ones
TERMINALS = ("x-terminal-emulator", "gnome-terminal", "konsole", "xterm")


class History(Protocol):  # ui.pages.torch_status.VerifyHistory: the last verify verdict per venv
    def get(self, venv: str) -> Any: ...


# ---- small functions -----------------------------------------------------------------------------------------
def terminal_argv(terminal: str, path: str, command: list[str], cwd: str) -> list[str]:
    """How ``terminal`` (by its name; ``path`` is the program) runs ``command`` in ``cwd``: a list, never a shell
    line, so spaces, quotes and ``$(...)`` in the paths stay as they are."""
    if terminal == "gnome-terminal":
        return [path, f"--working-directory={cwd}", "--", *command]
    if terminal == "konsole":
        return [path, "--workdir", cwd, "-e", *command]
    # x-terminal-emulator (Debian policy: -e runs the rest) and xterm start in the launcher's working folder
    return [path, "-e", *command]


def default_rocmdesk(which: Which) -> list[str]:
    """How to run rocmdesk from a terminal: its script on PATH, else this Python with ``-m rocmdesk``."""
    found = which("rocmdesk")
    return [found] if found else [sys.executable, "-m", "rocmdesk"]


def find_terminal(which: Which) -> tuple[str, str] | None:
    """(name, program) of the first terminal emulator found, or None."""
    for name in TERMINALS:
        path = which(name)
        if path:
            return name, path
    return None


def suggest_name(folder: str) -> str:
    """A profile name from a project folder's name: the characters a name may hold, the rest as '-'."""
    base = re.sub(r"[^A-Za-z0-9._-]+", "-", os.path.basename(folder.rstrip("/")) or "").strip("-._")
    return base[:64] or ""


def short_path(path: str) -> str:
    """``path`` with the home folder as ``~``."""
    home = os.path.expanduser("~")
    return "~" + path[len(home):] if path == home or path.startswith(home + os.sep) else path


def error_text(exc: BaseException) -> str:
    """An error for a sentence: an OSError as "file: reason", anything else as it says itself."""
    if isinstance(exc, OSError) and not isinstance(exc, ProfileError):
        where = f"{exc.filename}: " if exc.filename else ""
        return f"{where}{exc.strerror or exc}"
    return str(exc)


def results_text(results: Any) -> str:
    """One indented line per activate script a hook action touched, and what happened to it."""
    words = {"written": translate("EnvironmentsPage", "written"),
             "unchanged": translate("EnvironmentsPage", "unchanged"),
             "removed": translate("EnvironmentsPage", "restored"),
             "absent": translate("EnvironmentsPage", "not there (skipped)"),
             "kept": translate("EnvironmentsPage", "kept (another profile’s block)")}
    lines = []
    for r in results:
        line = f"  {r.path}: {words.get(r.action, r.action)}"
        if r.note:
            line += f" ({r.note})"
        lines.append(line)
    return "\n".join(lines)


# ---- records -------------------------------------------------------------------------------------------------
@dataclass
class RowCheck:
    level: str  # error | warning | ok | preset | empty
    message: str
    why: str = ""  # a preset's whole reason (the tooltip); the message has its first clause


@dataclass(frozen=True)
class Form:
    """What the editor's fields hold, as typed."""

    name: str = ""
    project: str = ""
    venv: str = ""
    notes: str = ""
    rows: tuple[tuple[str, str], ...] = ()  # (variable, value) per row, in row order

    @property
    def env(self) -> dict[str, str]:
        return {k.strip(): v for k, v in self.rows if k.strip()}

    def state(self) -> tuple:
        """What "unchanged" compares: the stripped fields, the notes as typed, the variables."""
        return (self.name.strip(), self.project.strip(), self.venv.strip(), self.notes, self.env)


@dataclass
class Status:
    """The line beside Save: its text and ink, and whether Save and Discard are offered."""

    text: str
    level: str  # error | warning | ok | hint
    errors: list[str] = field(default_factory=list)
    can_save: bool = False
    can_discard: bool = False


# ---- the presenter -------------------------------------------------------------------------------------------
class EnvironmentsPresenter:
    """The profiles read from the store, the one in the editor, and every judgement the page shows."""

    def __init__(self, report: Callable[[], MachineReport | None], history: History) -> None:
        self._report = report
        self.history = history
        self.words = AdviceWords()
        self.profiles: dict[str, Profile] = {}
        self.broken: dict[str, Exception] = {}
        self.current: Profile | None = None  # the profile in the editor (None: a new one, or a broken file)
        self.editing_new = False
        self.new_base: tuple = Form().state()  # what "unchanged" means for a new profile
        self.name_touched = self.venv_touched = False  # typed by the user: the project folder no longer fills it
        self.acted = False  # the user changed the form or tried to save: its problems may be shown

    @property
    def report(self) -> MachineReport | None:
        return self._report()

    # -- the list ----------------------------------------------------------------------------------------------
    def scan(self, store: Any) -> list[str]:
        """Read every profile; the names to list, readable or not, in the order shown."""
        profiles, bad = store.scan()
        self.profiles = {p.name: p for p in profiles}
        self.broken = {Path(e.path).name[:-len(".toml")]: e for e in bad}
        return sorted(list(self.profiles) + list(self.broken), key=str.lower)

    def unused_name(self, base: str) -> str:
        base = base[:60]
        name, n = base, 2
        while name in self.profiles or name in self.broken:
            name, n = f"{base}-{n}", n + 1
        return name

    def torch_status(self, prof: Profile) -> tuple[str, str]:
        """(short text, tooltip) for the list's Torch column."""
        rec = self.history.get(prof.venv)
        if rec is not None:
            text = rec.verdict + (translate("EnvironmentsPage", " (simulated machine)") if rec.simulated else "")
            tip = translate("EnvironmentsPage", "Last verify {when}: {title} (torch {torch})").format(
                when=rec.when, title=verdict_title(rec.verdict) or rec.title,
                torch=rec.torch or translate("EnvironmentsPage", "none"))
            return text, tip
        if not Path(prof.venv, "bin").is_dir():
            return (translate("EnvironmentsPage", "no venv yet"),
                    translate("EnvironmentsPage", "{venv} does not exist; the PyTorch page creates it").format(
                        venv=prof.venv))
        torch = torch_version_in(prof.venv)
        if torch is None:
            return translate("EnvironmentsPage", "no torch"), translate("EnvironmentsPage",
                                                                         "The venv has no torch installed")
        return translate("EnvironmentsPage", "{torch} · not checked").format(torch=torch), translate(
            "EnvironmentsPage", "Not verified yet: the PyTorch page runs the probe in the venv")

    def hooks_state(self, prof: Profile) -> tuple[str, list]:
        """applied | missing | no venv | — (not applied) | ? (unreadable), and each script's state."""
        from rocmdesk.torchenv.hooks import HookError, hook_status, needs_apply

        if not Path(prof.venv, "bin").is_dir():
            return ("no venv" if prof.hooks else "—"), []
        try:
            states = hook_status(prof.venv, prof.name, prof.env)
        except (HookError, OSError):
            return "?", []
        if not prof.hooks:
            applied = any(s.state in ("current", "stale") for s in states)
            return ("applied" if applied else "—"), states
        return ("missing" if needs_apply(states) else "applied"), states

    def hooks_word(self, state: str) -> str:
        return {"applied": translate("EnvironmentsPage", "applied"),
                "missing": translate("EnvironmentsPage", "missing: apply again"),
                "no venv": translate("EnvironmentsPage", "no venv"),
                "—": translate("EnvironmentsPage", "not applied"),
                "?": translate("EnvironmentsPage", "unreadable")}.get(state, state)

    def profile_warnings(self, prof: Profile) -> list[str]:
        """What the advice says against a stored profile's override (wrong, risky or needless)."""
        if self.report is None:
            return []
        try:
            return [f.message for f in self.env_findings(dict(prof.env), prof.venv) if f.level == "warning"
                    and f.key.startswith(OVERRIDE_VAR)]
        except Exception:  # a profile the checks cannot read is listed as it is
            return []

    def row_cells(self, name: str) -> tuple[list[tuple[str, str]], str | None]:
        """The list's cells for ``name`` as (text, tooltip), and the ink of the row or of its variables:
        "error" for a file that cannot be read, "warning" when the advice disagrees with its override."""
        prof = self.profiles.get(name)
        if prof is None:
            err = self.broken[name]
            cells = [(name, name), (translate("EnvironmentsPage", "cannot be read"), str(err))]
            return cells + [("", "")] * 4, "error"
        torch, torch_tip = self.torch_status(prof)
        pairs = [f"{k}={v}" for k, v in sorted(prof.env.items())]
        variables = (", ".join(pairs) or translate("EnvironmentsPage", "none"), "\n".join(pairs))
        flagged = self.profile_warnings(prof)
        if flagged:  # the advice disagrees with its override: say so in the list too
            variables = ("⚠ " + variables[0], "\n".join(pairs + [""] + flagged))
        state, _ = self.hooks_state(prof)
        word = self.hooks_word(state)
        cells = [(name, prof.notes or name), (short_path(prof.project_dir), prof.project_dir),
                 (short_path(prof.venv), prof.venv), (torch, torch_tip), variables, (word, word)]
        return cells, ("warning" if flagged else None)

    # -- what the editor holds ---------------------------------------------------------------------------------
    def start_edit(self, prof: Profile) -> None:
        self.current, self.editing_new = prof, False
        self.name_touched = self.venv_touched = True
        self.acted = False

    def start_new(self, form: Form, touched: tuple[bool, bool] = (False, False)) -> None:
        """A new profile starts as ``form``; ``touched``: (name, venv) count as typed, so the project folder
        does not fill them in."""
        self.new_base = form.state()
        self.current, self.editing_new = None, True
        self.name_touched, self.venv_touched = touched
        self.acted = False

    def start_broken(self) -> None:
        self.current, self.editing_new = None, False
        self.acted = False

    def untouched_new(self, form: Form) -> bool:
        """A new profile the user has not begun: the one to fill again when the machine is known."""
        return self.editing_new and not self.dirty(form) and self.new_base[0] == "" and self.new_base[1] == ""

    def dirty(self, form: Form) -> bool:
        if self.editing_new:
            return form.state() != self.new_base
        c = self.current
        if c is None:
            return False
        return (form.project.strip() != c.project_dir or form.venv.strip() != c.venv or form.notes != c.notes
                or form.env != c.env)

    def project_typed(self, project: str) -> tuple[str | None, str | None]:
        """The project folder of a new profile was typed: the (name, venv) to put in the fields the user has not
        typed in themselves (None: leave it)."""
        if not self.editing_new:
            return None, None
        name = venv = None
        if not self.name_touched:
            name = self.unused_name(suggest_name(project)) if suggest_name(project) else ""
        if not self.venv_touched:
            venv = os.path.join(project.rstrip("/"), ".venv") if project.strip() else ""
        return name, venv

    # -- the advice the form is checked against ----------------------------------------------------------------
    def venv_torch(self, venv: str) -> str | None:
        """torch's version in ``venv``, read from its files; None if none is there."""
        return torch_version_in(os.path.expanduser(venv)) if venv else None

    def advice(self, venv: str) -> MachineAdvice | None:
        """The advice a profile for ``venv`` is checked against: the machine's own (``report.advice``, as the
        Overview shows it), or, when the venv holds a torch already, the advice for that torch."""
        report = self.report
        if report is None:
            return None
        torch = self.venv_torch(venv)
        if torch is None and report.advice is not None:
            return report.advice
        try:
            return advise(report, context_for(report, torch=torch))
        except AdviceError:  # a torch rocmdesk does not know: the advice for the recommended wheels
            return report.advice or advise(report)

    def advice_text(self, venv: str) -> str:
        """One line: the advice the presets and the Check column follow (status word, wheels, override or none,
        the device mask, the ROCm release cited)."""
        a = self.advice(venv)
        if a is None or a.status == "no-gpu":
            return ""
        parts = [self.words.machine_headline(a)]
        devices = self.words.devices(a)
        if devices:
            parts.append(devices)
        parts.append(self.words.cited(a.rocm_cited))
        line = "; ".join(parts)
        torch = self.venv_torch(venv)
        if torch and self.report is not None and a is not self.report.advice:
            return translate("EnvironmentsPage", "Advice for torch {torch} in this venv: {advice}.").format(
                torch=torch, advice=line)
        return translate("EnvironmentsPage", "Advice for this machine: {advice}.").format(advice=line)

    def suggestions(self, venv: str) -> list[Suggestion]:
        if self.report is None:
            return []
        try:
            return suggest(self.report, self.venv_torch(venv), advice=self.advice(venv))
        except Exception:  # presets are a help; a machine they cannot read just offers none
            return []

    def env_findings(self, env: dict[str, str], venv: str) -> list[envvars_check.EnvFinding]:
        """Every check of ``env`` for a profile whose venv is ``venv``: the values, the machine's GPUs, and what
        the advice says of its override (wrong, risky or needless), judged for the venv's torch when it has one,
        so a profile with or without presets is flagged alike."""
        findings = envvars_check.check_env(env, self.report)
        report = self.report
        torch = self.venv_torch(venv)
        if report is not None and torch is not None:
            machine_only = envvars_check.advice_findings(env, report)
            findings = [f for f in findings if f not in machine_only] + \
                envvars_check.advice_findings(env, report, torch)
        return findings

    # -- validation --------------------------------------------------------------------------------------------
    def row_checks(self, form: Form) -> list[RowCheck]:
        """A check per variable row, in row order."""
        venv = form.venv.strip()
        by_key: dict[str, list] = {}
        for f in self.env_findings(form.env, venv):
            by_key.setdefault(f.key, []).append(f)
        presets = {(s.key, s.value): s for s in self.suggestions(venv)}
        seen: dict[str, int] = {}
        checks = []
        for key, value in form.rows:
            k = key.strip()
            if not k:
                checks.append(RowCheck("error", translate("EnvironmentsPage", "give the variable a name")) if value
                              else RowCheck("empty", translate("EnvironmentsPage", "empty row: ignored")))
                continue
            seen[k] = seen.get(k, 0) + 1
            if seen[k] > 1:
                checks.append(RowCheck("error", translate("EnvironmentsPage", "{key} is set twice; keep one row")
                                       .format(key=k)))
                continue
            errs = [f for f in by_key.get(k, []) if f.level == "error"]
            warns = [f for f in by_key.get(k, []) if f.level == "warning"]
            if errs:
                checks.append(RowCheck("error", errs[0].message))
            elif warns:
                checks.append(RowCheck("warning", "; ".join(w.message for w in warns)))
            elif (k, value) in presets:
                why = presets[(k, value)].why
                checks.append(RowCheck("preset", why.split(";")[0], why))  # the first clause; the tooltip has all
            else:
                checks.append(RowCheck("ok", ""))
        return checks

    def form_errors(self, form: Form) -> list[str]:
        out = []
        name = form.name.strip()
        if self.editing_new:
            if not name:
                out.append(translate("EnvironmentsPage", "Give the profile a name."))
            else:
                try:
                    check_name(name)
                except ProfileError as exc:
                    out.append(str(exc))
                else:
                    if name in self.profiles or name in self.broken:
                        out.append(translate("EnvironmentsPage", "A profile called {name} exists already.").format(
                            name=name))
        if not form.project.strip():
            out.append(translate("EnvironmentsPage", "Choose the project folder."))
        if not form.venv.strip():
            out.append(translate("EnvironmentsPage", "Choose the venv."))
        return out

    def status(self, form: Form, checks: list[RowCheck]) -> Status:
        """The line beside Save.  A new profile the user has not touched yet says where to start instead of
        counting problems nobody made (its errors still keep Save off)."""
        errors = self.form_errors(form) + [c.message for c in checks if c.level == "error"]
        warnings = [c for c in checks if c.level == "warning"]
        dirty = self.dirty(form)
        can_save = not errors and (dirty or self.editing_new)
        if errors and self.editing_new and not self.acted:
            return Status(translate("EnvironmentsPage", "Choose the project folder to begin: the name and the venv "
                                                        "follow from it."), "hint", errors, False, dirty)
        if errors:
            n = len(errors)
            text = (translate("EnvironmentsPage", "1 problem to fix before saving: {first}") if n == 1 else
                    translate("EnvironmentsPage", "{n} problems to fix before saving; the first: {first}")).format(
                n=n, first=errors[0])
            return Status(text, "error", errors, False, dirty)
        if warnings:
            return Status(translate("EnvironmentsPage", "Valid, with {n} warning(s): see the Check column.").format(
                n=len(warnings)), "warning", [], can_save, dirty)
        text = (translate("EnvironmentsPage", "Every value is valid.") if form.env else
                translate("EnvironmentsPage", "No variables: the profile only picks the venv."))
        return Status(text, "ok", [], can_save, dirty)

    def folder_notes(self, form: Form) -> list[str]:
        """What is worth knowing about the folders typed (not errors: a profile may name folders to come)."""
        notes = []
        project, venv = form.project.strip(), form.venv.strip()
        if project and not os.path.isdir(os.path.expanduser(project)):
            notes.append(translate("EnvironmentsPage", "The project folder does not exist yet."))
        if venv and not Path(os.path.expanduser(venv), "bin").is_dir():
            notes.append(translate("EnvironmentsPage", "The venv does not exist yet: the PyTorch page creates it and "
                                                       "installs torch."))
        notes.extend(path_warnings(venv) if venv else [])
        return notes

    def hooks_text(self) -> str:
        """The sentence under the variables: whether the profile in the editor is applied to its venv."""
        c = self.current
        if c is None or self.editing_new:
            return translate("EnvironmentsPage", "Save the profile, then Apply writes its variables into the venv’s "
                                                 "activate scripts.")
        state, states = self.hooks_state(c)
        if state == "applied":
            shells = ", ".join(s.path.name for s in states if s.state in ("current", "stale"))
            return translate("EnvironmentsPage", "Applied to {venv}: {scripts}.").format(venv=short_path(c.venv),
                                                                                         scripts=shells)
        if state == "missing":
            return translate("EnvironmentsPage", "The hooks are missing or out of date (was the venv upgraded or "
                                                 "recreated?): Apply writes them again.")
        if state == "no venv":
            return translate("EnvironmentsPage", "The venv does not exist any more.")
        return translate("EnvironmentsPage", "Not applied: activating the venv does not set these variables yet "
                                             "(rocmdesk shell and the terminal button set them anyway).")


# ---- the actions on a stored profile -------------------------------------------------------------------------
@dataclass
class Outcome:
    """What an action did, for the result box: done or not, the sentence, its level and a command to copy."""

    ok: bool
    text: str
    level: str = "ok"  # ok | warning | error
    command: str | None = None


def _has_venv(prof: Profile) -> bool:
    return Path(prof.venv, "bin").is_dir()


def delete_question(name: str, hooks: bool) -> str:
    question = translate("EnvironmentsPage", "Delete profile {name}? Its file is kept as {name}.toml.bak; the venv "
                                             "and the project are not touched.").format(name=name)
    if hooks:
        question += " " + translate("EnvironmentsPage", "Its variables are taken out of the venv’s activate scripts "
                                                        "first.")
    return question


def delete_profile(name: str, prof: Profile | None, store: Any) -> Outcome:
    """Delete ``name`` from ``store``, taking its hooks out of its venv first when it has them there."""
    from rocmdesk.torchenv.hooks import HookError, remove_hooks

    try:
        text = ""
        if prof is not None and prof.hooks and _has_venv(prof):
            results = remove_hooks(prof.venv, prof.name)
            text = translate("EnvironmentsPage", "Hooks taken out:") + "\n" + results_text(results) + "\n"
        where = store.delete(name)
    except (ProfileError, HookError, OSError) as exc:
        return Outcome(False, translate("EnvironmentsPage", "Not deleted: {error}").format(error=error_text(exc)),
                       "error")
    return Outcome(True, text + translate("EnvironmentsPage", "Deleted profile {name}; its last version is kept in "
                                                              "{path}.").format(name=name, path=where))


def apply_profile(prof: Profile, store: Any) -> Outcome:
    """Write ``prof``'s variables into its venv's activate scripts and remember that it is applied."""
    from rocmdesk.torchenv.hooks import apply_hooks

    if envvars_check.errors(envvars_check.check_env(prof.env)):
        return Outcome(False, translate("EnvironmentsPage", "Not applied: fix the variables marked ✗ first."), "error")
    if not _has_venv(prof):
        return Outcome(False, translate("EnvironmentsPage", "Not applied: {venv} is not a venv yet. Create it on the "
                                                            "PyTorch page (PyTorch… above), then apply.").format(
            venv=prof.venv), "error")
    try:
        results = apply_hooks(prof.venv, prof.name, prof.env)
        if not prof.hooks:
            store.update(prof.name, lambda p: p.with_changes(hooks=True))
    except (ProfileError, OSError) as exc:
        return Outcome(False, translate("EnvironmentsPage", "Not applied: {error}").format(error=error_text(exc)),
                       "error")
    activate = os.path.join(prof.venv, "bin", "activate")
    text = (translate("EnvironmentsPage", "Profile {name} applied to its venv’s activate scripts:").format(
        name=prof.name) + "\n" + results_text(results) + "\n"
        + translate("EnvironmentsPage", "Activate it as usual (fish: activate.fish, csh: activate.csh); deactivate "
                                        "puts the previous values back."))
    return Outcome(True, text, command=f"source {shlex.quote(activate)}")


def remove_profile_hooks(prof: Profile, store: Any) -> Outcome:
    """Take ``prof``'s variables out of its venv's activate scripts again, byte for byte."""
    from rocmdesk.torchenv.hooks import remove_hooks

    if not _has_venv(prof):
        return Outcome(False, translate("EnvironmentsPage", "{venv} does not exist: there are no hooks to take out.")
                       .format(venv=prof.venv), "warning")
    try:
        results = remove_hooks(prof.venv, prof.name)
        if prof.hooks:
            store.update(prof.name, lambda p: p.with_changes(hooks=False))
    except (ProfileError, OSError) as exc:
        return Outcome(False, translate("EnvironmentsPage", "Not removed: {error}").format(error=error_text(exc)),
                       "error")
    return Outcome(True, translate("EnvironmentsPage", "The hooks of profile {name} were taken out; each script is as "
                                                       "it was before:").format(name=prof.name)
                   + "\n" + results_text(results))


def export_profile(prof: Profile, fmt: str, confirm: Callable[[str, str], bool]) -> Outcome | None:
    """Write ``prof`` as ``fmt`` (envrc, dotenv, jupyter); a file rocmdesk did not write is replaced only when
    ``confirm`` says so (None: the user kept it)."""
    from rocmdesk.torchenv.exports import ExportError, default_output, has_ipykernel, write_export

    if fmt == "jupyter" and not has_ipykernel(prof.venv):
        python = os.path.join(prof.venv, "bin", "python")
        return Outcome(False, translate("EnvironmentsPage", "ipykernel is not installed in {venv}; install it, then "
                                                            "export again:").format(venv=prof.venv),
                       "error", f"{shlex.quote(python)} -m pip install ipykernel")
    try:
        try:
            result = write_export(prof, fmt)
        except ExportError:
            target = default_output(prof, fmt)
            target = target / "kernel.json" if fmt == "jupyter" else target
            if not target.exists():
                raise
            if not confirm(translate("EnvironmentsPage", "Replace the file?"),
                           translate("EnvironmentsPage", "{path} exists and was not written by rocmdesk. Replace it?")
                           .format(path=target)):
                return None
            result = write_export(prof, fmt, force=True)
    except (ProfileError, OSError) as exc:
        return Outcome(False, translate("EnvironmentsPage", "Not exported: {error}").format(error=error_text(exc)),
                       "error")
    text = translate("EnvironmentsPage", "Wrote {path}.").format(path=result.path)
    command = None
    if fmt == "envrc":
        text += " " + translate("EnvironmentsPage", "direnv loads it once you allow it:")
        command = f"direnv allow {shlex.quote(str(Path(str(result.path)).parent))}"
    elif fmt == "jupyter":
        text += " " + translate("EnvironmentsPage", "Jupyter lists it as “Python ({name}, rocmdesk)”.").format(
            name=prof.name)
    for w in result.warnings:
        text += "\n" + translate("EnvironmentsPage", "⚠ {warning}").format(warning=w)
    return Outcome(True, text, "warning" if result.warnings else "ok", command)


def open_terminal(prof: Profile, which: Which,
                  launcher: Callable[[list[str], str], bool]) -> tuple[Outcome, tuple[list[str], str] | None]:
    """Start a terminal in ``prof``'s project folder running ``rocmdesk shell PROFILE``; the outcome and the
    (argv, folder) given to ``launcher`` (None when none was)."""
    if not _has_venv(prof):
        return Outcome(False, translate("EnvironmentsPage", "{venv} is not a venv yet, so rocmdesk shell cannot start "
                                                            "in it. Create it on the PyTorch page first.").format(
            venv=prof.venv), "error"), None
    cwd = prof.project_dir if os.path.isdir(prof.project_dir) else os.path.expanduser("~")
    command = default_rocmdesk(which) + ["shell", prof.name]
    by_hand = f"cd {shlex.quote(cwd)} && {shlex.join(command)}"
    found = find_terminal(which)
    if found is None:
        return Outcome(False, translate("EnvironmentsPage", "No terminal emulator was found (tried {names}). Run this "
                                                            "in a terminal:").format(names=", ".join(TERMINALS)),
                       "warning", by_hand), None
    name, path = found
    argv = terminal_argv(name, path, command, cwd)
    try:
        ok = launcher(argv, cwd)
    except OSError:
        ok = False
    if not ok:
        return Outcome(False, translate("EnvironmentsPage", "{terminal} did not start. Run this in a terminal:")
                       .format(terminal=name), "error", by_hand), (argv, cwd)
    return Outcome(True, translate("EnvironmentsPage", "Started {terminal} in {folder} with profile {name}; exit the "
                                                       "shell to leave it.").format(terminal=name, folder=cwd,
                                                                                    name=prof.name)), (argv, cwd)
