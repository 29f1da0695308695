"""Environments: per-project profiles (project folder, venv, GPU variables), and switching between them.

Profiles are ``torchenv.profiles.Profile`` records in ``torchenv.profile_store.ProfileStore`` (TOML under
``$XDG_CONFIG_HOME/rocmdesk/profiles``).  The page lists them with their torch status (the last verify
verdict the PyTorch page recorded for the venv), edits one at a time with every variable checked as it is
typed (``torchenv.envvars_check``: errors block saving, warnings are shown, and an override the advice model calls
wrong, risky or needless for the venv's torch is flagged on any profile, in the editor and in the list), fills a
new profile from what the advice sets for the detected machine (``torchenv.presets.suggest``), writes or removes the
activate hooks (``torchenv.hooks``), exports ``.envrc`` / ``.env`` / a Jupyter kernel (``torchenv.exports``), and
opens a terminal in the project folder running ``rocmdesk shell PROFILE``.

This module is the view: what it shows is decided by ``ui.presenters.environments`` (tested without widgets); the
form is ``ui.widgets.env_editor.ProfileEditor`` and the result box ``ui.widgets.env_result.ResultNote``.  Every
file operation is short, so it runs on the UI thread; the terminal is started detached.  The launcher, the program
finder and the confirmation dialog are parameters, so tests see exactly what would be started.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut, QShowEvent
from PySide6.QtWidgets import QFileDialog, QLineEdit, QMessageBox, QSplitter, QVBoxLayout, QWidget

from rocmdesk.machine.model import MachineReport
from rocmdesk.torchenv import envvars_check
from rocmdesk.torchenv.presets import Suggestion
from rocmdesk.torchenv.profiles import Profile, ProfileEdit, ProfileError, absolute_dir
from rocmdesk.ui.navigation import find_page, show_page
from rocmdesk.ui.pages.torch_status import VerifyHistory
from rocmdesk.ui.presenters.environments import (
    TERMINALS,
    EnvironmentsPresenter,
    Form,
    Outcome,
    RowCheck,
    apply_profile,
    default_rocmdesk,
    delete_profile,
    delete_question,
    error_text,
    export_profile,
    open_terminal,
    remove_profile_hooks,
    results_text,
    short_path,
    suggest_name,
    terminal_argv,
)
from rocmdesk.ui.session import MachineSession
from rocmdesk.ui.widgets.env_editor import CHECK, ERROR_INK, KEY, OK_INK, VALUE, WARNING_INK, ProfileEditor
from rocmdesk.ui.widgets.env_result import ResultNote
from rocmdesk.ui.widgets.env_list import COLUMNS, ProfileList
from rocmdesk.ui.widgets.page_parts import page_header
from rocmdesk.ui.widgets.text import text_label

# names other modules and tests take from this page
__all__ = ["CHECK", "COLUMNS", "ERROR_INK", "KEY", "OK_INK", "TERMINALS", "VALUE", "WARNING_INK", "EnvironmentsPage",
           "RowCheck", "default_launcher", "default_rocmdesk", "suggest_name", "terminal_argv"]

Launcher = Callable[[list[str], str], bool]  # (argv, working folder) -> started
Which = Callable[[str], "str | None"]
Confirm = Callable[[str, str], bool]  # (title, question) -> yes


def default_launcher(argv: list[str], cwd: str) -> bool:
    from PySide6.QtCore import QProcess

    started = QProcess.startDetached(argv[0], argv[1:], cwd)
    return bool(started[0] if isinstance(started, tuple) else started)


def default_confirm(parent: QWidget) -> Confirm:
    def ask(title: str, question: str) -> bool:
        answer = QMessageBox.question(parent, title, question,
                                      QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                                      QMessageBox.StandardButton.No)
        return answer == QMessageBox.StandardButton.Yes

    return ask


class EnvironmentsPage(QWidget):
    changed = Signal()  # a profile was created, saved, deleted, applied or removed

    def __init__(self, session: MachineSession, store=None, history: VerifyHistory | None = None,
                 launcher: Launcher | None = None, which: Which | None = None, confirm: Confirm | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self._store = store
        self.history = history or VerifyHistory()
        self.model = EnvironmentsPresenter(lambda: self.session.report, self.history)
        self.launcher = launcher or default_launcher
        self.which = which or shutil.which
        self.confirm = confirm or default_confirm(self)
        self._filling = False
        self.row_checks: list[RowCheck] = []
        self.last_launch: tuple[list[str], str] | None = None

        outer = QVBoxLayout(self)
        outer.setContentsMargins(16, 12, 16, 8)
        self.title, self.where_label = page_header(outer, self.tr("Environments"))
        self.intro = text_label(self.tr(
            "A profile keeps one project’s venv and GPU variables together. Applied, its variables are set when "
            "you activate the venv and put back as they were when you deactivate it."), small=True, muted=True)
        outer.addWidget(self.intro)

        split = QSplitter(Qt.Orientation.Vertical)
        split.setChildrenCollapsible(False)  # neither the list nor the form is ever squeezed away
        top = QWidget()
        tl = QVBoxLayout(top)
        tl.setContentsMargins(0, 0, 0, 0)
        self._build_list(tl)
        self.result = ResultNote()
        self.result_frame, self.result_label, self.result_command = self.result, self.result.label, self.result.command
        tl.addWidget(self.result)
        split.addWidget(top)
        split.addWidget(self._build_editor())
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 3)
        split.setSizes([180, 500])  # the editor is where the work is; the list scrolls past a few profiles
        outer.addWidget(split, 1)

        for keys, slot in ((QKeySequence.StandardKey.New, self.new_profile), (QKeySequence.StandardKey.Save, self.save)):
            shortcut = QShortcut(QKeySequence(keys), self, activated=slot)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)  # only while this page shows
        delete = QShortcut(QKeySequence(QKeySequence.StandardKey.Delete), self.table, activated=self.delete_profile)
        delete.setContext(Qt.ShortcutContext.WidgetShortcut)

        session.reportReady.connect(self._report_ready)
        session.machineChanged.connect(self._machine_changed)
        self.reload()
        self._sync_where()

    def _build_list(self, tl: QVBoxLayout) -> None:
        self.list = lst = ProfileList()
        self.table, self.empty_label = lst.table, lst.empty_label
        self.new_button, self.duplicate_button, self.delete_button = (lst.new_button, lst.duplicate_button,
                                                                      lst.delete_button)
        self.apply_button, self.remove_button, self.export_button = (lst.apply_button, lst.remove_button,
                                                                     lst.export_button)
        self.terminal_button, self.pytorch_button, self.export_actions = (lst.terminal_button, lst.pytorch_button,
                                                                          lst.export_actions)
        self.table.itemSelectionChanged.connect(self._selection_changed)
        self.new_button.clicked.connect(self.new_profile)
        self.duplicate_button.clicked.connect(self.duplicate_profile)
        self.delete_button.clicked.connect(self.delete_profile)
        self.apply_button.clicked.connect(self.apply_hooks)
        self.remove_button.clicked.connect(self.remove_hooks)
        for fmt, action in self.export_actions.items():
            action.triggered.connect(lambda _=False, fmt=fmt: self.export(fmt))
        self.terminal_button.clicked.connect(self.open_terminal)
        self.pytorch_button.clicked.connect(self.go_to_pytorch)
        tl.addWidget(lst, 1)

    def _build_editor(self) -> ProfileEditor:
        self.editor = ed = ProfileEditor()
        self.editor_scroll = ed.scroll
        # the page's names for the form's parts (tests and the screenshot scripts use them)
        self.name_edit, self.project_edit, self.venv_edit, self.notes_edit = (ed.name_edit, ed.project_edit,
                                                                              ed.venv_edit, ed.notes_edit)
        self.vars_table, self.advice_label, self.folder_note = ed.vars_table, ed.advice_label, ed.folder_note
        self.check_label, self.hooks_label = ed.check_label, ed.hooks_label
        self.add_var_button, self.remove_var_button, self.preset_button, self.preset_menu = (
            ed.add_var_button, ed.remove_var_button, ed.preset_button, ed.preset_menu)
        self.revert_button, self.save_button = ed.revert_button, ed.save_button
        self.name_edit.textEdited.connect(self._name_edited)
        self.project_edit.textEdited.connect(self._project_edited)
        self.venv_edit.textEdited.connect(self._venv_edited)
        self.notes_edit.textEdited.connect(lambda _: self._acted())
        ed.project_browse.clicked.connect(lambda: self._browse(self.project_edit, self._project_edited))
        ed.venv_browse.clicked.connect(lambda: self._browse(self.venv_edit, self._venv_edited))
        self.add_var_button.clicked.connect(lambda: self.add_variable())
        self.remove_var_button.clicked.connect(self.remove_variable)
        self.preset_menu.aboutToShow.connect(self._fill_preset_menu)
        self.vars_table.itemChanged.connect(lambda _: self._acted())
        self.revert_button.clicked.connect(self.revert)
        self.save_button.clicked.connect(self.save)
        return ed

    # ==== the presenter's state, under the names the page always had ==========================================
    @property
    def current(self) -> Profile | None:
        return self.model.current

    @current.setter
    def current(self, prof: Profile | None) -> None:
        self.model.current = prof

    @property
    def editing_new(self) -> bool:
        return self.model.editing_new

    @editing_new.setter
    def editing_new(self, value: bool) -> None:
        self.model.editing_new = value

    @property
    def profiles(self) -> dict[str, Profile]:
        return self.model.profiles

    @property
    def broken(self) -> dict[str, Exception]:
        return self.model.broken

    @property
    def last_message(self) -> tuple[str, str, str | None] | None:
        return self.result.last

    @property
    def report(self) -> MachineReport | None:
        return self.session.report

    def form(self) -> Form:
        return Form(self.name_edit.text(), self.project_edit.text(), self.venv_edit.text(), self.notes_edit.text(),
                    self.editor.rows())

    def venv(self) -> str:
        return self.venv_edit.text().strip()

    def suggestions(self) -> list[Suggestion]:
        return self.model.suggestions(self.venv())

    def env_findings(self, env: dict[str, str], venv: str | None = None) -> list[envvars_check.EnvFinding]:
        return self.model.env_findings(env, self.venv() if venv is None else venv)

    def profile_warnings(self, prof: Profile) -> list[str]:
        return self.model.profile_warnings(prof)

    def unused_name(self, base: str) -> str:
        return self.model.unused_name(base)

    # ==== data ==============================================================================================
    def store(self):
        if self._store is None:
            from rocmdesk.torchenv.profile_store import ProfileStore

            self._store = ProfileStore()
        return self._store

    def _sync_where(self) -> None:
        self.where_label.setText(self.tr("— profiles in {dir}").format(dir=short_path(str(self.store().dir))))

    def _report_ready(self, _report: MachineReport) -> None:
        self._refresh_rows()
        if self.model.untouched_new(self.form()):
            self._start_new(self.tr("New profile"), Form(rows=self._preset_rows()))
        else:
            self._revalidate()  # warnings against this machine's GPUs

    def _machine_changed(self) -> None:
        """Another machine (or back to the real one): the last action's result belongs to the one before."""
        self.result.clear()
        self._sync_where()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self.dirty():
            self.reload(keep=self.selected_name())  # a verify on the PyTorch page may have changed a status

    def reload(self, keep: str | None = None) -> None:
        """Read every profile again and fill the list; ``keep`` is the name to select afterwards."""
        was_dirty = self.dirty()
        names = self.model.scan(self.store())
        self._filling = True
        try:
            self.list.fill([(name, *self.model.row_cells(name)) for name in names])
        finally:
            self._filling = False
        self.empty_label.setText(self.tr("No profiles yet. New starts one with what this machine needs."))
        self.empty_label.setVisible(not names)
        target = keep if keep in names else (names[0] if names and not self.editing_new else None)
        if target is not None:
            self.select(target)
            fresh = self.profiles.get(target)
            if fresh is not None and not self.editing_new and not was_dirty:
                self.edit(fresh)  # the stored version (hooks flag, times) replaces the one in the editor
        elif not self.editing_new:
            self.new_profile()
        self._sync_buttons()

    def _refresh_rows(self) -> None:
        """Fill the list's rows again (another machine changes what the advice flags), keeping the selection."""
        self._filling = True
        try:
            for row in range(self.table.rowCount()):
                name = self.list.name_at(row)
                if name is not None:
                    self.list.fill_row(row, name, *self.model.row_cells(name))
        finally:
            self._filling = False

    def selected_name(self) -> str | None:
        return self.list.selected_name()

    def selected(self) -> Profile | None:
        name = self.selected_name()
        return self.profiles.get(name) if name else None

    def select(self, name: str) -> bool:
        row = self.list.row_of(name)
        if row is None:
            return False
        self.table.selectRow(row)
        self._selection_changed()
        return True

    def _may_discard(self) -> bool:
        """True when the editor holds nothing unsaved, or the user agrees to drop it."""
        return not self.dirty() or self.confirm(self.tr("Discard changes?"),
                                                self.tr("The profile you were editing has unsaved changes. "
                                                        "Discard them?"))

    def _selection_changed(self) -> None:
        if self._filling:
            return
        name = self.selected_name()
        if name is None:
            return
        if self.current is not None and self.current.name == name and not self.editing_new:
            return
        if not self._may_discard():
            self._reselect_current()
            return
        prof = self.profiles.get(name)
        if prof is not None:
            self.edit(prof)
        else:
            self._show_broken(name)
        self._sync_buttons()

    def _reselect_current(self) -> None:
        self._filling = True
        try:
            self.table.clearSelection()
            row = self.list.row_of(self.current.name) if self.current is not None and not self.editing_new else None
            if row is not None:
                self.table.selectRow(row)
        finally:
            self._filling = False

    # ==== filling the editor =====================================================================================
    def _set_rows(self, env: dict[str, str]) -> None:
        self._filling = True
        try:
            self.editor.set_rows(env)
        finally:
            self._filling = False

    def _preset_rows(self, venv: str = "") -> tuple[tuple[str, str], ...]:
        """What this machine needs, as the rows a new profile for ``venv`` starts with."""
        return tuple((s.key, s.value) for s in self.model.suggestions(venv))

    def _fill_fields(self, form: Form) -> None:
        self.name_edit.setText(form.name)
        self.project_edit.setText(form.project)
        self.venv_edit.setText(form.venv)
        self.notes_edit.setText(form.notes)
        self._set_rows(dict(form.rows))

    def edit(self, prof: Profile) -> None:
        """Show a stored profile in the editor."""
        self.model.start_edit(prof)
        self.editor.setTitle(self.tr("Profile {name}").format(name=prof.name))
        self.editor.setEnabled(True)
        self.name_edit.setReadOnly(True)
        self.name_edit.setToolTip(self.tr("A profile’s name cannot change; Duplicate makes a copy under a new name"))
        self._fill_fields(Form(prof.name, prof.project_dir, prof.venv, prof.notes, tuple(sorted(prof.env.items()))))
        self._revalidate()

    def _start_new(self, title: str, form: Form, touched: tuple[bool, bool] = (False, False)) -> None:
        self.model.start_new(form, touched)
        self._filling = True
        try:
            self.table.clearSelection()
        finally:
            self._filling = False
        self.editor.setTitle(title)
        self.editor.setEnabled(True)
        self.name_edit.setReadOnly(False)
        self.name_edit.setToolTip("")
        self._fill_fields(form)
        self._revalidate()
        self._sync_buttons()

    def new_profile(self) -> None:
        """Start a new profile, with the variables this machine needs."""
        if not self._may_discard():
            return
        self._start_new(self.tr("New profile"), Form(rows=self._preset_rows()))
        self.name_edit.setFocus()

    def new_profile_for(self, venv: str, env: dict[str, str]) -> bool:
        """A new profile for ``venv`` (from the PyTorch page): the machine's presets plus ``env``; the project
        folder is the venv's parent when the venv sits inside a project (``PROJECT/.venv``)."""
        if not self._may_discard():
            return False
        merged = dict(self._preset_rows(venv))
        merged.update(env)
        project = os.path.dirname(venv) if os.path.basename(venv) in (".venv", "venv", ".env") else ""
        self._start_new(self.tr("New profile"), Form("", project, venv, "", tuple(merged.items())), (False, True))
        if project:
            self._project_edited(project)
        self.project_edit.setFocus()
        return True

    def duplicate_profile(self) -> None:
        prof = self.selected()
        if prof is None or not self._may_discard():
            return
        name = self.unused_name(f"{prof.name}-copy")
        self._start_new(self.tr("New profile (a copy of {name})").format(name=prof.name),
                        Form(name, prof.project_dir, prof.venv, prof.notes, tuple(sorted(prof.env.items()))),
                        (True, True))
        self.name_edit.setFocus()
        self.name_edit.selectAll()

    def _show_broken(self, name: str) -> None:
        self.model.start_broken()
        self.editor.setTitle(self.tr("Profile {name}").format(name=name))
        self.editor.setEnabled(False)
        self.editor.show_status(self.tr("This profile’s file cannot be read, so it cannot be edited here: {error}")
                                .format(error=self.broken[name]), "error")

    def revert(self) -> None:
        if self.editing_new:
            self._start_new(self.editor.title(), Form(rows=self._preset_rows()))
        elif self.current is not None:
            self.edit(self.current)

    # -- what the user types ---------------------------------------------------------------------------
    def _acted(self) -> None:
        """The user changed the form: from now on its problems are shown, not only kept from Save."""
        if self._filling:
            return
        self.model.acted = True
        self._revalidate()

    def _name_edited(self, _text: str) -> None:
        self.model.name_touched = True
        self._acted()

    def _project_edited(self, text: str) -> None:
        name, venv = self.model.project_typed(text)
        if name is not None:
            self.name_edit.setText(name)
        if venv is not None:
            self.venv_edit.setText(venv)
        self._acted()

    def _venv_edited(self, _text: str) -> None:
        self.model.venv_touched = True
        self._acted()

    def _browse(self, edit: QLineEdit, then: Callable[[str], None]) -> None:
        start = edit.text().strip() or os.path.expanduser("~")
        while start and not os.path.isdir(start) and os.path.dirname(start) != start:
            start = os.path.dirname(start)
        path = QFileDialog.getExistingDirectory(self, self.tr("Choose a folder"), start)
        if path:
            edit.setText(path)
            then(path)

    def add_variable(self, key: str = "", value: str = "") -> int:
        self._filling = True
        try:
            row = self.editor.append_row(key, value)
        finally:
            self._filling = False
        self._acted()
        self.vars_table.setCurrentCell(row, KEY if not key else VALUE)
        if not key:
            self.vars_table.editItem(self.vars_table.item(row, KEY))
        return row

    def remove_variable(self) -> None:
        row = self.vars_table.currentRow()
        if row >= 0:
            self.vars_table.removeRow(row)
            self._acted()

    def set_variable(self, key: str, value: str) -> None:
        """Set ``key`` in the editor (a row that has it is changed, else one is added)."""
        for row in range(self.vars_table.rowCount()):
            if self.vars_table.item(row, KEY).text().strip() == key:
                self.vars_table.item(row, VALUE).setText(value)
                return
        self.add_variable(key, value)

    def _fill_preset_menu(self) -> None:
        self.preset_menu.clear()
        found = self.suggestions()
        if self.report is None:
            self.preset_menu.addAction(self.tr("(the machine is not detected yet)")).setEnabled(False)
            return
        if not found:
            self.preset_menu.addAction(self.tr("(nothing to set: no AMD GPU found)")).setEnabled(False)
            return
        every = self.preset_menu.addAction(self.tr("All of them ({n})").format(n=len(found)))
        every.triggered.connect(lambda: [self.set_variable(s.key, s.value) for s in found])
        self.preset_menu.addSeparator()
        for s in found:
            action = self.preset_menu.addAction(f"{s.key}={s.value}")
            action.setToolTip(s.why)
            action.setStatusTip(s.why)
            action.triggered.connect(lambda _=False, s=s: self.set_variable(s.key, s.value))
        self.preset_menu.setToolTipsVisible(True)

    # ==== validation ===================================================================================
    def _revalidate(self) -> None:
        if self._filling:
            return
        form = self.form()
        checks = self.model.row_checks(form)
        self.row_checks = checks
        self._filling = True
        try:
            self.editor.show_checks(checks)
        finally:
            self._filling = False
        status = self.model.status(form, checks)
        self.editor.show_status(status.text, status.level)
        self.advice_label.setText(self.model.advice_text(self.venv()))
        self.advice_label.setVisible(bool(self.advice_label.text()))
        self.folder_note.setText("\n".join(self.model.folder_notes(form)))
        self.hooks_label.setText(self.model.hooks_text())
        self.save_button.setEnabled(status.can_save)
        self.revert_button.setEnabled(status.can_discard)

    def can_save(self) -> bool:
        return self.save_button.isEnabled()

    def dirty(self) -> bool:
        if self._filling or not hasattr(self, "editor"):
            return False
        return self.model.dirty(self.form())

    # ==== actions ======================================================================================
    def _sync_buttons(self) -> None:
        prof = self.selected() if not self.editing_new else None
        has = prof is not None
        self.duplicate_button.setEnabled(has)
        self.delete_button.setEnabled(has or (self.selected_name() in self.broken and not self.editing_new))
        for w in self.list.profile_actions():
            w.setEnabled(has)

    def _say(self, text: str, level: str = "ok", command: str | None = None) -> None:
        self.result.say(text, level, command)

    def save(self) -> bool:
        """Create the new profile or save the edited one; False (and why, beside Save) when it can't."""
        from rocmdesk.torchenv.hooks import apply_hooks, remove_hooks

        self.model.acted = True  # a try to save shows what stops it
        self._revalidate()
        if not self.save_button.isEnabled():
            return False
        form = self.form()
        env = form.env
        project = absolute_dir(form.project.strip())
        venv = absolute_dir(form.venv.strip())
        try:
            if self.editing_new:
                prof = Profile(name=form.name.strip(), project_dir=project, venv=venv, env=env, notes=form.notes)
                self.store().create(prof)
                self.editing_new = False
                self._say(self.tr("Created profile {name} ({path}).").format(
                    name=prof.name, path=self.store().path_for(prof.name)))
            else:
                old = self.current
                assert old is not None
                # only what this editor changed since it loaded the profile: a change saved meanwhile stays
                prof = self.store().update(old.name, ProfileEdit.between(old, env, project, venv, form.notes))
                text = self.tr("Saved profile {name}.").format(name=prof.name)
                if prof.hooks:
                    if prof.venv != old.venv and Path(old.venv, "bin").is_dir():
                        remove_hooks(old.venv, old.name)
                        text += " " + self.tr("Its hooks were taken out of {venv}.").format(venv=old.venv)
                    if Path(prof.venv, "bin").is_dir():
                        results = apply_hooks(prof.venv, prof.name, prof.env)
                        text += " " + self.tr("Hooks rewritten:") + "\n" + results_text(results)
                self._say(text)
        except (ProfileError, OSError) as exc:
            self._say(self.tr("Not saved: {error}").format(error=error_text(exc)), "error")
            return False
        self.current = prof
        self.reload(keep=prof.name)
        self.edit(self.profiles.get(prof.name, prof))
        self.changed.emit()
        return True

    def delete_profile(self) -> bool:
        name = self.selected_name()
        if name is None or self.editing_new:
            return False
        prof = self.profiles.get(name)
        hooks = prof is not None and prof.hooks and Path(prof.venv, "bin").is_dir()
        if not self.confirm(self.tr("Delete the profile?"), delete_question(name, hooks)):
            return False
        if not self._show(delete_profile(name, prof, self.store())):
            return False
        self.current, self.editing_new = None, False
        self.reload()
        self.changed.emit()
        return True

    def _ready_profile(self) -> Profile | None:
        """The selected profile, when the editor holds no unsaved changes to it."""
        prof = self.selected()
        if prof is None:
            return None
        if self.dirty():
            self._say(self.tr("Save or discard the changes first."), "warning")
            return None
        return prof

    def _show(self, outcome: Outcome | None) -> bool:
        if outcome is not None:
            self._say(outcome.text, outcome.level, outcome.command)
        return outcome is not None and outcome.ok

    def _changed(self, prof: Profile) -> bool:
        self.reload(keep=prof.name)
        self.changed.emit()
        return True

    def apply_hooks(self) -> bool:
        prof = self._ready_profile()
        return prof is not None and self._show(apply_profile(prof, self.store())) and self._changed(prof)

    def remove_hooks(self) -> bool:
        prof = self._ready_profile()
        return prof is not None and self._show(remove_profile_hooks(prof, self.store())) and self._changed(prof)

    def export(self, fmt: str) -> bool:
        prof = self._ready_profile()
        return prof is not None and self._show(export_profile(prof, fmt, self.confirm))

    def open_terminal(self) -> bool:
        prof = self._ready_profile()
        if prof is None:
            return False
        outcome, launched = open_terminal(prof, self.which, self.launcher)
        self.last_launch = launched or self.last_launch
        return self._show(outcome)

    def go_to_pytorch(self) -> bool:
        """The PyTorch page, with this profile's venv chosen (found by key through the window: no wiring)."""
        prof = self._ready_profile()
        if prof is None:
            return False
        page = find_page(self, "pytorch")
        if page is None:
            return False
        page.use_profile(prof.name)
        return show_page(self, "pytorch")
