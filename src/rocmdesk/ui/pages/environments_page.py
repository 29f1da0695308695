"""Environments: per-project profiles (project folder, venv, GPU variables), and switching between them.

Profiles are ``torchenv.profiles.Profile`` records in ``torchenv.profile_store.ProfileStore`` (TOML under
``$XDG_CONFIG_HOME/rocmdesk/profiles``).  The page lists them with their torch status (the last verify
verdict the PyTorch page recorded for the venv), edits one at a time with every variable checked as it is
typed (``torchenv.envvars_check``: errors block saving, warnings are shown, and an override the advice model calls
wrong, risky or needless for the venv's torch is flagged on any profile, in the editor and in the list), fills a
new profile from what the advice sets for the detected machine (``torchenv.presets.suggest``), writes or removes the activate hooks
(``torchenv.hooks``), exports ``.envrc`` / ``.env`` / a Jupyter kernel (``torchenv.exports``), and opens a
terminal in the project folder running ``rocmdesk shell PROFILE``.  Every file operation is short, so it
runs on the UI thread; the terminal is started detached.  The launcher, the program finder and the
confirmation dialog are parameters, so tests see exactly what would be started.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QKeySequence, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from rocmdesk.advice import OVERRIDE_VAR, AdviceError, MachineAdvice, advise, context_for
from rocmdesk.machine.model import MachineReport
from rocmdesk.torchenv import envvars_check
from rocmdesk.torchenv.verify import verdict_title
from rocmdesk.torchenv.presets import Suggestion, suggest, torch_version_in
from rocmdesk.torchenv.profiles import (
    Profile,
    ProfileEdit,
    ProfileError,
    absolute_dir,
    check_name,
    path_warnings,
)
from rocmdesk.ui.navigation import find_page, show_page
from rocmdesk.ui.pages.torch_status import VerifyHistory
from rocmdesk.ui.session import MachineSession
from rocmdesk.ui.theme import themed
from rocmdesk.ui.widgets.advice_text import AdviceWords
from rocmdesk.ui.widgets.command_row import CommandRow
from rocmdesk.ui.widgets.flow_layout import FlowLayout
from rocmdesk.ui.widgets.focus import TabLeavingTable
from rocmdesk.ui.widgets.page_parts import page_header
from rocmdesk.ui.widgets.text import text_label

Launcher = Callable[[list[str], str], bool]  # (argv, working folder) -> started
Which = Callable[[str], "str | None"]
Confirm = Callable[[str, str], bool]  # (title, question) -> yes

# the user's terminal emulator: Debian's alternative first, then the common ones
TERMINALS = ("x-terminal-emulator", "gnome-terminal", "konsole", "xterm")
COLUMNS = ("name", "project", "venv", "torch", "variables", "hooks")
KEY, VALUE, CHECK = range(3)
ERROR_INK, WARNING_INK, OK_INK = "#a12a1d", "#8a4b00", "#2b6b3b"


def terminal_argv(terminal: str, path: str, command: list[str], cwd: str) -> list[str]:
    """How ``terminal`` (by its name; ``path`` is the program) runs ``command`` in ``cwd``: a list, never a shell
    line, so spaces, quotes and ``$(...)`` in the paths stay as they are."""
    if terminal == "gnome-terminal":
        return [path, f"--working-directory={cwd}", "--", *command]
    if terminal == "konsole":
        return [path, "--workdir", cwd, "-e", *command]
    # x-terminal-emulator (Debian policy: -e runs the rest) and xterm start in the launcher's working folder
    return [path, "-e", *command]


def default_launcher(argv: list[str], cwd: str) -> bool:
    from PySide6.QtCore import QProcess

    started = QProcess.startDetached(argv[0], argv[1:], cwd)
    return bool(started[0] if isinstance(started, tuple) else started)


def default_rocmdesk(which: Which) -> list[str]:
    """How to run rocmdesk from a terminal: its script on PATH, else this Python with ``-m rocmdesk``."""
    found = which("rocmdesk")
    return [found] if found else [sys.executable, "-m", "rocmdesk"]


def default_confirm(parent: QWidget) -> Confirm:
    def ask(title: str, question: str) -> bool:
        answer = QMessageBox.question(parent, title, question,
                                      QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                                      QMessageBox.StandardButton.No)
        return answer == QMessageBox.StandardButton.Yes

    return ask


def suggest_name(folder: str) -> str:
    """A profile name from a project folder's name: the characters a name may hold, the rest as '-'."""
    base = re.sub(r"[^A-Za-z0-9._-]+", "-", os.path.basename(folder.rstrip("/")) or "").strip("-._")
    return base[:64] or ""


@dataclass
class RowCheck:
    level: str  # error | warning | ok | preset | empty
    message: str


def _short(path: str) -> str:
    home = os.path.expanduser("~")
    return "~" + path[len(home):] if path == home or path.startswith(home + os.sep) else path


class EnvironmentsPage(QWidget):
    changed = Signal()  # a profile was created, saved, deleted, applied or removed

    def __init__(self, session: MachineSession, store=None, history: VerifyHistory | None = None,
                 launcher: Launcher | None = None, which: Which | None = None, confirm: Confirm | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.words = AdviceWords(self)
        self._store = store
        self.history = history or VerifyHistory()
        self.launcher = launcher or default_launcher
        self.which = which or shutil.which
        self.confirm = confirm or default_confirm(self)
        self.profiles: dict[str, Profile] = {}
        self.broken: dict[str, Exception] = {}
        self.current: Profile | None = None  # the profile in the editor (None: a new one)
        self.editing_new = False
        self._filling = False
        self._name_touched = self._venv_touched = False
        self.row_checks: list[RowCheck] = []
        self.last_launch: tuple[list[str], str] | None = None
        self.last_message: tuple[str, str, str | None] | None = None
        self._new_base: tuple = ("", "", "", "", {})

        outer = QVBoxLayout(self)
        outer.setContentsMargins(16, 12, 16, 8)
        self.title, self.where_label = page_header(outer, self.tr("Environments"))
        self.intro = text_label(self.tr(
            "A profile keeps one project’s venv and GPU variables together. Applied, its variables are set when "
            "you activate the venv and put back as they were when you deactivate it."), small=True, muted=True)
        outer.addWidget(self.intro)

        split = QSplitter(Qt.Orientation.Vertical)
        top = QWidget()
        tl = QVBoxLayout(top)
        tl.setContentsMargins(0, 4, 0, 0)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels([self.tr("Profile"), self.tr("Project"), self.tr("Venv"),
                                              self.tr("Torch"), self.tr("Variables"), self.tr("Hooks")])
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.setWordWrap(False)
        self.table.setTabKeyNavigation(False)  # Tab leaves the list, arrows move in it
        self.table.setAccessibleName(self.tr("Profiles"))
        head = self.table.horizontalHeader()
        for col in range(len(COLUMNS)):
            head.setSectionResizeMode(col, QHeaderView.ResizeMode.Interactive)
        head.setSectionResizeMode(COLUMNS.index("variables"), QHeaderView.ResizeMode.Stretch)
        self.table.itemSelectionChanged.connect(self._selection_changed)
        tl.addWidget(self.table, 1)
        self.empty_label = text_label("", muted=True)
        tl.addWidget(self.empty_label)

        # the buttons wrap onto a second line on a narrow window instead of widening it
        actions_row = QWidget()
        actions = FlowLayout(actions_row)
        self.new_button = QPushButton(self.tr("&New"))
        self.new_button.setToolTip(self.tr("A new profile, filled in with what this machine needs (Ctrl+N)"))
        self.new_button.clicked.connect(self.new_profile)
        self.duplicate_button = QPushButton(self.tr("D&uplicate"))
        self.duplicate_button.setToolTip(self.tr("A new profile with this one’s folders and variables"))
        self.duplicate_button.clicked.connect(self.duplicate_profile)
        self.delete_button = QPushButton(self.tr("&Delete…"))
        self.delete_button.setToolTip(self.tr("Delete the profile (its file is kept as a .bak); the venv stays"))
        self.delete_button.clicked.connect(self.delete_profile)
        self.apply_button = QPushButton(self.tr("&Apply to the venv"))
        self.apply_button.setToolTip(self.tr("Write the variables into the venv’s activate scripts"))
        self.apply_button.clicked.connect(self.apply_hooks)
        self.remove_button = QPushButton(self.tr("&Remove from the venv"))
        self.remove_button.setToolTip(self.tr("Take the variables out of the activate scripts again, byte for byte"))
        self.remove_button.clicked.connect(self.remove_hooks)
        self.export_button = QToolButton()
        self.export_button.setText(self.tr("E&xport"))
        self.export_button.setToolTip(self.tr("Write the profile as .envrc (direnv), .env or a Jupyter kernel"))
        self.export_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.export_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        menu = QMenu(self.export_button)
        self.export_actions = {
            "envrc": menu.addAction(self.tr(".envrc for direnv, in the project folder")),
            "dotenv": menu.addAction(self.tr(".env, in the project folder")),
            "jupyter": menu.addAction(self.tr("Jupyter kernel (needs ipykernel in the venv)")),
        }
        for fmt, action in self.export_actions.items():
            action.triggered.connect(lambda _=False, fmt=fmt: self.export(fmt))
        self.export_button.setMenu(menu)
        self.terminal_button = QPushButton(self.tr("Open a &terminal here"))
        self.terminal_button.setToolTip(self.tr("A terminal in the project folder running rocmdesk shell with this "
                                                "profile"))
        self.terminal_button.clicked.connect(self.open_terminal)
        self.pytorch_button = QPushButton(self.tr("&PyTorch…"))
        self.pytorch_button.setToolTip(self.tr("Install or verify torch in this profile’s venv"))
        self.pytorch_button.clicked.connect(self.go_to_pytorch)
        for w in (self.new_button, self.duplicate_button, self.delete_button):
            actions.addWidget(w)
        actions.add_gap()
        for w in (self.apply_button, self.remove_button, self.export_button, self.terminal_button,
                  self.pytorch_button):
            actions.addWidget(w)
        for b in (self.new_button, self.duplicate_button, self.delete_button, self.apply_button, self.remove_button,
                  self.terminal_button, self.pytorch_button):
            b.setAutoDefault(False)
        tl.addWidget(actions_row)
        self.result_frame = QFrame()
        self.result_frame.setObjectName("resultNote")
        rl = QVBoxLayout(self.result_frame)
        rl.setContentsMargins(8, 4, 8, 6)
        self.result_label = text_label("")
        rl.addWidget(self.result_label)
        self.result_command = CommandRow("", self.tr("the command to run"))
        rl.addWidget(self.result_command)
        self.result_frame.setVisible(False)
        tl.addWidget(self.result_frame)
        split.addWidget(top)

        # the editor scrolls inside its part of the splitter, so the page fits a laptop screen (1024×700)
        editor_scroll = QScrollArea()
        editor_scroll.setWidgetResizable(True)
        editor_scroll.setFrameShape(QFrame.Shape.NoFrame)
        editor_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        editor_scroll.setWidget(self._build_editor())
        self.editor_scroll = editor_scroll
        split.addWidget(editor_scroll)
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
        session.machineChanged.connect(self._sync_where)
        self.reload()
        self._sync_where()

    def _report_ready(self, _report: MachineReport) -> None:
        self._refresh_rows()
        if self.editing_new and not self.dirty() and self._new_base[0] == "" and self._new_base[1] == "":
            self._start_new(self.tr("New profile"), "", "", "", {s.key: s.value for s in self.suggestions()}, "")
        else:
            self._revalidate()  # warnings against this machine's GPUs

    # ==== the editor ========================================================================================
    def _build_editor(self) -> QWidget:
        self.editor = QGroupBox(self.tr("Profile"))
        font = self.editor.font()
        font.setBold(True)
        self.editor.setFont(font)
        ed = QVBoxLayout(self.editor)
        grid = QGridLayout()
        grid.setHorizontalSpacing(8)

        def plain(w: QWidget) -> QWidget:
            f = w.font()
            f.setBold(False)
            w.setFont(f)
            return w

        name_label = plain(QLabel(self.tr("Nam&e:")))
        self.name_edit = plain(QLineEdit())
        self.name_edit.setPlaceholderText(self.tr("letters, digits, . _ - (e.g. my-project)"))
        name_label.setBuddy(self.name_edit)
        self.name_edit.textEdited.connect(self._name_edited)
        grid.addWidget(name_label, 0, 0)
        grid.addWidget(self.name_edit, 0, 1, 1, 2)
        project_label = plain(QLabel(self.tr("Pro&ject folder:")))
        self.project_edit = plain(QLineEdit())
        project_label.setBuddy(self.project_edit)
        self.project_edit.textEdited.connect(self._project_edited)
        self.project_browse = plain(QPushButton(self.tr("Browse…")))
        self.project_browse.setAccessibleName(self.tr("Browse for the project folder"))
        self.project_browse.clicked.connect(lambda: self._browse(self.project_edit, self._project_edited))
        grid.addWidget(project_label, 1, 0)
        grid.addWidget(self.project_edit, 1, 1)
        grid.addWidget(self.project_browse, 1, 2)
        venv_label = plain(QLabel(self.tr("&Venv:")))
        self.venv_edit = plain(QLineEdit())
        venv_label.setBuddy(self.venv_edit)
        self.venv_edit.textEdited.connect(self._venv_edited)
        self.venv_browse = plain(QPushButton(self.tr("Browse…")))
        self.venv_browse.setAccessibleName(self.tr("Browse for the venv"))
        self.venv_browse.clicked.connect(lambda: self._browse(self.venv_edit, self._venv_edited))
        grid.addWidget(venv_label, 2, 0)
        grid.addWidget(self.venv_edit, 2, 1)
        grid.addWidget(self.venv_browse, 2, 2)
        notes_label = plain(QLabel(self.tr("N&otes:")))
        self.notes_edit = plain(QLineEdit())
        notes_label.setBuddy(self.notes_edit)
        self.notes_edit.textEdited.connect(lambda _: self._revalidate())
        grid.addWidget(notes_label, 3, 0)
        grid.addWidget(self.notes_edit, 3, 1, 1, 2)
        grid.setColumnStretch(1, 1)
        ed.addLayout(grid)
        self.folder_note = plain(text_label("", small=True, muted=True))
        ed.addWidget(self.folder_note)

        vars_head = QHBoxLayout()
        vars_label = plain(QLabel(self.tr("Variables")))
        vars_head.addWidget(vars_label)
        vars_head.addStretch(1)
        self.add_var_button = plain(QPushButton(self.tr("Add var&iable")))
        self.add_var_button.clicked.connect(self.add_variable)
        self.remove_var_button = plain(QPushButton(self.tr("Remove varia&ble")))
        self.remove_var_button.clicked.connect(self.remove_variable)
        self.preset_button = plain(QToolButton())
        self.preset_button.setText(self.tr("Presets from this mac&hine"))
        self.preset_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.preset_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.preset_menu = QMenu(self.preset_button)
        self.preset_menu.aboutToShow.connect(self._fill_preset_menu)
        self.preset_button.setMenu(self.preset_menu)
        for b in (self.add_var_button, self.remove_var_button):
            b.setAutoDefault(False)
        vars_head.addWidget(self.preset_button)
        vars_head.addWidget(self.add_var_button)
        vars_head.addWidget(self.remove_var_button)
        ed.addLayout(vars_head)
        # what the presets and the Check column go by: the advice, in the Overview's words
        self.advice_label = plain(text_label("", small=True, muted=True))
        ed.addWidget(self.advice_label)
        self.vars_table = plain(TabLeavingTable(0, 3))
        self.vars_table.setHorizontalHeaderLabels([self.tr("Variable"), self.tr("Value"), self.tr("Check")])
        self.vars_table.verticalHeader().setVisible(False)
        self.vars_table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.vars_table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.vars_table.setTabKeyNavigation(True)
        self.vars_table.setWordWrap(True)
        self.vars_table.setAccessibleName(self.tr("Variables"))
        vh = self.vars_table.horizontalHeader()
        vh.setSectionResizeMode(KEY, QHeaderView.ResizeMode.Interactive)
        vh.setSectionResizeMode(VALUE, QHeaderView.ResizeMode.Interactive)
        vh.setSectionResizeMode(CHECK, QHeaderView.ResizeMode.Stretch)
        self.vars_table.setColumnWidth(KEY, 230)  # HSA_OVERRIDE_GFX_VERSION fits; the Check column gets the rest
        self.vars_table.setColumnWidth(VALUE, 190)
        self.vars_table.itemChanged.connect(lambda _: self._revalidate())
        vars_label.setBuddy(self.vars_table)
        ed.addWidget(self.vars_table, 1)
        self.check_label = plain(text_label(""))
        ed.addWidget(self.check_label)
        self.hooks_label = plain(text_label("", small=True, muted=True))
        ed.addWidget(self.hooks_label)
        bottom = QHBoxLayout()
        bottom.addStretch(1)
        self.revert_button = plain(QPushButton(self.tr("Discard chan&ges")))
        self.revert_button.clicked.connect(self.revert)
        self.save_button = plain(QPushButton(self.tr("&Save")))
        self.save_button.setToolTip(self.tr("Save the profile (Ctrl+S); applied hooks are rewritten"))
        self.save_button.clicked.connect(self.save)
        for b in (self.revert_button, self.save_button):
            b.setAutoDefault(False)
            bottom.addWidget(b)
        ed.addLayout(bottom)
        return self.editor

    # ==== data ==============================================================================================
    def store(self):
        if self._store is None:
            from rocmdesk.torchenv.profile_store import ProfileStore

            self._store = ProfileStore()
        return self._store

    @property
    def report(self) -> MachineReport | None:
        return self.session.report

    def _sync_where(self) -> None:
        self.where_label.setText(self.tr("— profiles in {dir}").format(dir=_short(str(self.store().dir))))

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self.dirty():
            self.reload(keep=self.selected_name())  # a verify on the PyTorch page may have changed a status

    def reload(self, keep: str | None = None) -> None:
        """Read every profile again and fill the list; ``keep`` is the name to select afterwards."""
        was_dirty = self.dirty()
        profiles, bad = self.store().scan()
        self.profiles = {p.name: p for p in profiles}
        self.broken = {Path(e.path).name[:-len(".toml")]: e for e in bad}
        names = sorted(list(self.profiles) + list(self.broken), key=str.lower)
        self._filling = True
        try:
            self.table.setRowCount(len(names))
            for row, name in enumerate(names):
                self._fill_row(row, name)
            self.table.resizeColumnsToContents()
            for col, limit in ((1, 260), (2, 260), (3, 220)):
                self.table.setColumnWidth(col, min(self.table.columnWidth(col), limit))
            self.table.horizontalHeader().setSectionResizeMode(COLUMNS.index("variables"),
                                                               QHeaderView.ResizeMode.Stretch)
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

    def torch_status(self, prof: Profile) -> tuple[str, str]:
        """(short text, tooltip) for the list's Torch column."""
        rec = self.history.get(prof.venv)
        torch = torch_version_in(prof.venv)
        if rec is not None:
            text = rec.verdict + (self.tr(" (simulated machine)") if rec.simulated else "")
            tip = self.tr("Last verify {when}: {title} (torch {torch})").format(
                when=rec.when, title=verdict_title(rec.verdict) or rec.title, torch=rec.torch or self.tr("none"))
            return text, tip
        if not Path(prof.venv, "bin").is_dir():
            return self.tr("no venv yet"), self.tr("{venv} does not exist; the PyTorch page creates it").format(
                venv=prof.venv)
        if torch is None:
            return self.tr("no torch"), self.tr("The venv has no torch installed")
        return self.tr("{torch} · not checked").format(torch=torch), self.tr(
            "Not verified yet: the PyTorch page runs the probe in the venv")

    def hooks_state(self, prof: Profile) -> tuple[str, list]:
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
        return {"applied": self.tr("applied"), "missing": self.tr("missing: apply again"),
                "no venv": self.tr("no venv"), "—": self.tr("not applied"), "?": self.tr("unreadable")}.get(
            state, state)

    def _fill_row(self, row: int, name: str) -> None:
        def item(text: str, tip: str = "") -> QTableWidgetItem:
            it = QTableWidgetItem(text)
            it.setToolTip(tip or text)
            it.setData(Qt.ItemDataRole.UserRole, name)
            return it

        prof = self.profiles.get(name)
        if prof is None:
            err = self.broken[name]
            cells = [item(name), item(self.tr("cannot be read"), str(err))] + [item("") for _ in COLUMNS[2:]]
            for c in cells:
                c.setForeground(QBrush(QColor(themed(ERROR_INK))))
        else:
            torch, torch_tip = self.torch_status(prof)
            pairs = [f"{k}={v}" for k, v in sorted(prof.env.items())]
            state, _ = self.hooks_state(prof)
            variables = item(", ".join(pairs) or self.tr("none"), "\n".join(pairs))
            flagged = self.profile_warnings(prof)
            if flagged:  # the advice disagrees with its override: say so in the list too
                variables.setText("⚠ " + variables.text())
                variables.setToolTip("\n".join(pairs + [""] + flagged))
                variables.setForeground(QBrush(QColor(themed(WARNING_INK))))
            cells = [item(name, prof.notes or name), item(_short(prof.project_dir), prof.project_dir),
                     item(_short(prof.venv), prof.venv), item(torch, torch_tip), variables,
                     item(self.hooks_word(state))]
        for col, c in enumerate(cells):
            self.table.setItem(row, col, c)

    def profile_warnings(self, prof: Profile) -> list[str]:
        """What the advice says against a stored profile's override (wrong, risky or needless)."""
        if self.report is None:
            return []
        try:
            return [f.message for f in self.env_findings(dict(prof.env), prof.venv) if f.level == "warning"
                    and f.key.startswith(OVERRIDE_VAR)]
        except Exception:  # a profile the checks cannot read is listed as it is
            return []

    def _refresh_rows(self) -> None:
        """Fill the list's rows again (another machine changes what the advice flags), keeping the selection."""
        self._filling = True
        try:
            for row in range(self.table.rowCount()):
                it = self.table.item(row, 0)
                name = it.data(Qt.ItemDataRole.UserRole) if it is not None else None
                if name is not None:
                    self._fill_row(row, name)
        finally:
            self._filling = False

    def selected_name(self) -> str | None:
        items = self.table.selectedItems()
        return items[0].data(Qt.ItemDataRole.UserRole) if items else None

    def selected(self) -> Profile | None:
        name = self.selected_name()
        return self.profiles.get(name) if name else None

    def select(self, name: str) -> bool:
        for row in range(self.table.rowCount()):
            it = self.table.item(row, 0)
            if it is not None and it.data(Qt.ItemDataRole.UserRole) == name:
                self.table.selectRow(row)
                self._selection_changed()
                return True
        return False

    def _selection_changed(self) -> None:
        if self._filling:
            return
        name = self.selected_name()
        if name is None:
            return
        if self.current is not None and self.current.name == name and not self.editing_new:
            return
        if self.dirty() and not self.confirm(self.tr("Discard changes?"),
                                             self.tr("The profile you were editing has unsaved changes. "
                                                     "Discard them?")):
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
            if self.current is not None and not self.editing_new:
                for row in range(self.table.rowCount()):
                    if self.table.item(row, 0).data(Qt.ItemDataRole.UserRole) == self.current.name:
                        self.table.selectRow(row)
        finally:
            self._filling = False

    # ==== filling the editor =====================================================================================
    def _set_rows(self, env: dict[str, str]) -> None:
        self._filling = True
        try:
            self.vars_table.setRowCount(0)
            for key, value in env.items():
                self._append_row(key, value)
        finally:
            self._filling = False

    def _append_row(self, key: str, value: str) -> int:
        row = self.vars_table.rowCount()
        self.vars_table.insertRow(row)
        self.vars_table.setItem(row, KEY, QTableWidgetItem(key))
        self.vars_table.setItem(row, VALUE, QTableWidgetItem(value))
        check = QTableWidgetItem("")
        check.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
        self.vars_table.setItem(row, CHECK, check)
        return row

    def edit(self, prof: Profile) -> None:
        """Show a stored profile in the editor."""
        self.current, self.editing_new = prof, False
        self._name_touched = self._venv_touched = True
        self.editor.setTitle(self.tr("Profile {name}").format(name=prof.name))
        self.editor.setEnabled(True)
        self.name_edit.setText(prof.name)
        self.name_edit.setReadOnly(True)
        self.name_edit.setToolTip(self.tr("A profile’s name cannot change; Duplicate makes a copy under a new name"))
        self.project_edit.setText(prof.project_dir)
        self.venv_edit.setText(prof.venv)
        self.notes_edit.setText(prof.notes)
        self._set_rows(dict(sorted(prof.env.items())))
        self._revalidate()

    def _editor_state(self, env: dict[str, str]) -> tuple:
        return (self.name_edit.text().strip(), self.project_edit.text().strip(), self.venv_edit.text().strip(),
                self.notes_edit.text(), env)

    def _start_new(self, title: str, name: str, project: str, venv: str, env: dict[str, str], notes: str) -> None:
        self._new_base = (name.strip(), project.strip(), venv.strip(), notes, dict(env))  # what "unchanged" means
        self.current, self.editing_new = None, True
        self._filling = True
        try:
            self.table.clearSelection()
        finally:
            self._filling = False
        self.editor.setTitle(title)
        self.editor.setEnabled(True)
        self.name_edit.setReadOnly(False)
        self.name_edit.setToolTip("")
        self.name_edit.setText(name)
        self.project_edit.setText(project)
        self.venv_edit.setText(venv)
        self.notes_edit.setText(notes)
        self._set_rows(env)
        self._revalidate()
        self._sync_buttons()

    def new_profile(self) -> None:
        """Start a new profile, with the variables this machine needs."""
        if self.dirty() and not self.confirm(self.tr("Discard changes?"),
                                             self.tr("The profile you were editing has unsaved changes. "
                                                     "Discard them?")):
            return
        self._name_touched = self._venv_touched = False
        env = {s.key: s.value for s in self.suggestions()}
        self._start_new(self.tr("New profile"), "", "", "", env, "")
        self.name_edit.setFocus()

    def new_profile_for(self, venv: str, env: dict[str, str]) -> bool:
        """A new profile for ``venv`` (from the PyTorch page): the machine's presets plus ``env``; the project
        folder is the venv's parent when the venv sits inside a project (``PROJECT/.venv``)."""
        if self.dirty() and not self.confirm(self.tr("Discard changes?"),
                                             self.tr("The profile you were editing has unsaved changes. "
                                                     "Discard them?")):
            return False
        merged = {s.key: s.value for s in self.suggestions()}
        merged.update(env)
        project = os.path.dirname(venv) if os.path.basename(venv) in (".venv", "venv", ".env") else ""
        self._name_touched, self._venv_touched = False, True
        self._start_new(self.tr("New profile"), "", project, venv, merged, "")
        if project:
            self._project_edited(project)
        self.project_edit.setFocus()
        return True

    def duplicate_profile(self) -> None:
        prof = self.selected()
        if prof is None:
            return
        if self.dirty() and not self.confirm(self.tr("Discard changes?"),
                                             self.tr("The profile you were editing has unsaved changes. "
                                                     "Discard them?")):
            return
        name = self.unused_name(f"{prof.name}-copy")
        self._name_touched = self._venv_touched = True
        self._start_new(self.tr("New profile (a copy of {name})").format(name=prof.name), name, prof.project_dir,
                        prof.venv, dict(sorted(prof.env.items())), prof.notes)
        self.name_edit.setFocus()
        self.name_edit.selectAll()

    def unused_name(self, base: str) -> str:
        base = base[:60]
        name, n = base, 2
        while name in self.profiles or name in self.broken:
            name, n = f"{base}-{n}", n + 1
        return name

    def _show_broken(self, name: str) -> None:
        self.current, self.editing_new = None, False
        self.editor.setTitle(self.tr("Profile {name}").format(name=name))
        self.editor.setEnabled(False)
        self.check_label.setText(self.tr("This profile’s file cannot be read, so it cannot be edited here: {error}")
                                 .format(error=self.broken[name]))
        self.check_label.setStyleSheet(themed(f"color: {ERROR_INK};"))

    def revert(self) -> None:
        if self.editing_new:
            self._start_new(self.editor.title(), "", "", "", {s.key: s.value for s in self.suggestions()}, "")
            self._name_touched = self._venv_touched = False
        elif self.current is not None:
            self.edit(self.current)

    # -- automatic defaults while a new profile is typed ---------------------------------------------------
    def _name_edited(self, _text: str) -> None:
        self._name_touched = True
        self._revalidate()

    def _project_edited(self, text: str) -> None:
        if self.editing_new:
            if not self._name_touched:
                self.name_edit.setText(self.unused_name(suggest_name(text)) if suggest_name(text) else "")
            if not self._venv_touched:
                self.venv_edit.setText(os.path.join(text.rstrip("/"), ".venv") if text.strip() else "")
        self._revalidate()

    def _venv_edited(self, _text: str) -> None:
        self._venv_touched = True
        self._revalidate()

    def _browse(self, edit: QLineEdit, then: Callable[[str], None]) -> None:
        start = edit.text().strip() or os.path.expanduser("~")
        while start and not os.path.isdir(start) and os.path.dirname(start) != start:
            start = os.path.dirname(start)
        path = QFileDialog.getExistingDirectory(self, self.tr("Choose a folder"), start)
        if path:
            edit.setText(path)
            then(path)

    # -- variables -------------------------------------------------------------------------------------
    def add_variable(self, key: str = "", value: str = "") -> int:
        self._filling = True
        try:
            row = self._append_row(key, value)
        finally:
            self._filling = False
        self._revalidate()
        self.vars_table.setCurrentCell(row, KEY if not key else VALUE)
        if not key:
            self.vars_table.editItem(self.vars_table.item(row, KEY))
        return row

    def remove_variable(self) -> None:
        row = self.vars_table.currentRow()
        if row >= 0:
            self.vars_table.removeRow(row)
            self._revalidate()

    def set_variable(self, key: str, value: str) -> None:
        """Set ``key`` in the editor (a row that has it is changed, else one is added)."""
        for row in range(self.vars_table.rowCount()):
            if self.vars_table.item(row, KEY).text().strip() == key:
                self.vars_table.item(row, VALUE).setText(value)
                return
        self.add_variable(key, value)

    def venv_torch(self, venv: str | None = None) -> str | None:
        """torch's version in ``venv`` (default: the editor's), read from its files; None if none is there."""
        if venv is None:
            venv = self.venv_edit.text().strip() if hasattr(self, "venv_edit") else ""
        return torch_version_in(os.path.expanduser(venv)) if venv else None

    def advice(self) -> MachineAdvice | None:
        """The advice the editor is checked against: the machine's own (``report.advice``, as the Overview shows
        it), or, when the venv holds a torch already, the advice for that torch."""
        report = self.report
        if report is None:
            return None
        torch = self.venv_torch()
        if torch is None and report.advice is not None:
            return report.advice
        try:
            return advise(report, context_for(report, torch=torch))
        except AdviceError:  # a torch rocmdesk does not know: the advice for the recommended wheels
            return report.advice or advise(report)

    def advice_text(self) -> str:
        """One line: the advice the presets and the Check column follow (status word, wheels, override or none,
        the device mask, the ROCm release cited)."""
        a = self.advice()
        if a is None or a.status == "no-gpu":
            return ""
        parts = [self.words.machine_headline(a)]
        devices = self.words.devices(a)
        if devices:
            parts.append(devices)
        parts.append(self.words.cited(a.rocm_cited))
        line = "; ".join(parts)
        torch = self.venv_torch()
        if torch and self.report is not None and a is not self.report.advice:
            return self.tr("Advice for torch {torch} in this venv: {advice}.").format(torch=torch, advice=line)
        return self.tr("Advice for this machine: {advice}.").format(advice=line)

    def suggestions(self) -> list[Suggestion]:
        if self.report is None:
            return []
        try:
            return suggest(self.report, self.venv_torch(), advice=self.advice())
        except Exception:  # presets are a help; a machine they cannot read just offers none
            return []

    def env_findings(self, env: dict[str, str], venv: str | None = None) -> list[envvars_check.EnvFinding]:
        """Every check of ``env`` for a profile whose venv is ``venv`` (default: the editor's): the values, the
        machine's GPUs, and what the advice says of its override (wrong, risky or needless), judged for the
        venv's torch when it has one, so a profile with or without presets is flagged alike."""
        findings = envvars_check.check_env(env, self.report)
        report = self.report
        torch = self.venv_torch(venv)
        if report is not None and torch is not None:
            machine_only = envvars_check.advice_findings(env, report)
            findings = [f for f in findings if f not in machine_only] + \
                envvars_check.advice_findings(env, report, torch)
        return findings

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
    def editor_env(self) -> tuple[dict[str, str], list[RowCheck]]:
        """The variables in the editor, and a check per row (in row order)."""
        rows: list[tuple[str, str]] = []
        for row in range(self.vars_table.rowCount()):
            k, v = self.vars_table.item(row, KEY), self.vars_table.item(row, VALUE)
            rows.append(((k.text() if k else "").strip(), v.text() if v else ""))
        env = {k: v for k, v in rows if k}
        findings = self.env_findings(env)
        by_key: dict[str, list] = {}
        for f in findings:
            by_key.setdefault(f.key, []).append(f)
        presets = {(s.key, s.value): s for s in self.suggestions()}
        seen: dict[str, int] = {}
        checks = []
        for k, v in rows:
            if not k:
                checks.append(RowCheck("error" if v else "empty",
                                       self.tr("give the variable a name") if v else self.tr("empty row: ignored")))
                continue
            seen[k] = seen.get(k, 0) + 1
            if seen[k] > 1:
                checks.append(RowCheck("error", self.tr("{key} is set twice; keep one row").format(key=k)))
                continue
            errs = [f for f in by_key.get(k, []) if f.level == "error"]
            warns = [f for f in by_key.get(k, []) if f.level == "warning"]
            if errs:
                checks.append(RowCheck("error", errs[0].message))
            elif warns:
                checks.append(RowCheck("warning", "; ".join(w.message for w in warns)))
            elif (k, v) in presets:
                why = presets[(k, v)].why
                checks.append(RowCheck("preset", why.split(";")[0]))  # the first clause; the tooltip has all
            else:
                checks.append(RowCheck("ok", ""))
        return env, checks

    def form_errors(self) -> list[str]:
        out = []
        name = self.name_edit.text().strip()
        if self.editing_new:
            if not name:
                out.append(self.tr("Give the profile a name."))
            else:
                try:
                    check_name(name)
                except ProfileError as exc:
                    out.append(str(exc))
                else:
                    if name in self.profiles or name in self.broken:
                        out.append(self.tr("A profile called {name} exists already.").format(name=name))
        if not self.project_edit.text().strip():
            out.append(self.tr("Choose the project folder."))
        if not self.venv_edit.text().strip():
            out.append(self.tr("Choose the venv."))
        return out

    def _revalidate(self) -> None:
        if self._filling or not hasattr(self, "vars_table"):
            return
        env, checks = self.editor_env()
        self.row_checks = checks
        whys = {(s.key, s.value): s.why for s in self.suggestions()}
        presets_why = {}
        for row in range(self.vars_table.rowCount()):
            k, v = self.vars_table.item(row, KEY), self.vars_table.item(row, VALUE)
            pair = ((k.text() if k else "").strip(), v.text() if v else "")
            if row < len(checks) and checks[row].level == "preset" and pair in whys:
                presets_why[row] = whys[pair]
        self._filling = True
        try:
            for row, check in enumerate(checks):
                item = self.vars_table.item(row, CHECK)
                if item is None:
                    continue
                mark = {"error": "✗ ", "warning": "⚠ ", "ok": "✓", "preset": "✓ ", "empty": ""}[check.level]
                item.setText(mark + check.message)
                full = presets_why.get(row, check.message)
                item.setToolTip(full)
                ink = {"error": ERROR_INK, "warning": WARNING_INK}.get(check.level, OK_INK)
                item.setForeground(QBrush(QColor(themed(ink))))
                for col in (KEY, VALUE):
                    cell = self.vars_table.item(row, col)
                    if cell is not None:
                        cell.setToolTip(full)
            self.vars_table.resizeRowsToContents()
        finally:
            self._filling = False
        errors = self.form_errors() + [c.message for c in checks if c.level == "error"]
        warnings = [c for c in checks if c.level == "warning"]
        venv = self.venv_edit.text().strip()
        if errors:
            n = len(errors)
            text = (self.tr("1 problem to fix before saving: {first}") if n == 1 else
                    self.tr("{n} problems to fix before saving; the first: {first}")).format(n=n, first=errors[0])
            ink = ERROR_INK
        elif warnings:
            text = self.tr("Valid, with {n} warning(s): see the Check column.").format(n=len(warnings))
            ink = WARNING_INK
        else:
            text = self.tr("Every value is valid.") if env else self.tr("No variables: the profile only picks the "
                                                                         "venv.")
            ink = OK_INK
        self.check_label.setText(text)
        self.check_label.setStyleSheet(themed(f"color: {ink};"))
        self.advice_label.setText(self.advice_text())
        self.advice_label.setVisible(bool(self.advice_label.text()))
        notes = []
        project = self.project_edit.text().strip()
        if project and not os.path.isdir(os.path.expanduser(project)):
            notes.append(self.tr("The project folder does not exist yet."))
        if venv and not Path(os.path.expanduser(venv), "bin").is_dir():
            notes.append(self.tr("The venv does not exist yet: the PyTorch page creates it and installs torch."))
        notes.extend(path_warnings(venv) if venv else [])
        self.folder_note.setText("\n".join(notes))
        self.folder_note.setVisible(bool(notes))
        self._show_hooks()
        self.save_button.setEnabled(not errors and (self.dirty() or self.editing_new))
        self.revert_button.setEnabled(self.dirty())

    def can_save(self) -> bool:
        return self.save_button.isEnabled()

    def dirty(self) -> bool:
        if not hasattr(self, "vars_table") or self._filling:
            return False
        env, _ = self.editor_env()
        if self.editing_new:
            return self._editor_state(env) != self._new_base
        c = self.current
        if c is None:
            return False
        return (self.project_edit.text().strip() != c.project_dir or self.venv_edit.text().strip() != c.venv
                or self.notes_edit.text() != c.notes or env != c.env)

    def _show_hooks(self) -> None:
        c = self.current
        if c is None or self.editing_new:
            self.hooks_label.setText(self.tr("Save the profile, then Apply writes its variables into the venv’s "
                                             "activate scripts."))
            return
        state, states = self.hooks_state(c)
        if state == "applied":
            shells = ", ".join(s.path.name for s in states if s.state in ("current", "stale"))
            text = self.tr("Applied to {venv}: {scripts}.").format(venv=_short(c.venv), scripts=shells)
        elif state == "missing":
            text = self.tr("The hooks are missing or out of date (was the venv upgraded or recreated?): Apply writes "
                           "them again.")
        elif state == "no venv":
            text = self.tr("The venv does not exist any more.")
        else:
            text = self.tr("Not applied: activating the venv does not set these variables yet (rocmdesk shell and "
                           "the terminal button set them anyway).")
        self.hooks_label.setText(text)

    # ==== actions ======================================================================================
    def _sync_buttons(self) -> None:
        prof = self.selected() if not self.editing_new else None
        has = prof is not None
        self.duplicate_button.setEnabled(has)
        self.delete_button.setEnabled(has or (self.selected_name() in self.broken and not self.editing_new))
        for w in (self.apply_button, self.remove_button, self.export_button, self.terminal_button,
                  self.pytorch_button):
            w.setEnabled(has)

    def _say(self, text: str, level: str = "ok", command: str | None = None) -> None:
        border, fill, ink = {"ok": ("#2e8b47", "#e6f4e9", "#114d22"), "error": ("#c0392b", "#f8d5d2", "#7d1a10"),
                             "warning": ("#d9661a", "#fde1cc", "#5c2500")}[level]
        self.result_frame.setStyleSheet(themed(f"#resultNote {{ border: 1px solid {border}; border-radius: 4px; "
                                               f"background: {fill}; }} #resultNote > QLabel {{ color: {ink}; }}"))
        self.result_label.setText(text)
        self.result_command.set_text(command or "")
        self.result_command.setVisible(bool(command))
        self.result_frame.setVisible(True)
        self.last_message = (level, text, command)

    def save(self) -> bool:
        """Create the new profile or save the edited one; False (and why, in the editor) when it can't."""
        from rocmdesk.torchenv.hooks import apply_hooks, remove_hooks

        self._revalidate()
        if not self.save_button.isEnabled():
            return False
        env, _ = self.editor_env()
        project = absolute_dir(self.project_edit.text().strip())
        venv = absolute_dir(self.venv_edit.text().strip())
        notes = self.notes_edit.text()
        try:
            if self.editing_new:
                prof = Profile(name=self.name_edit.text().strip(), project_dir=project, venv=venv, env=env,
                               notes=notes)
                self.store().create(prof)
                self.editing_new = False
                self._say(self.tr("Created profile {name} ({path}).").format(
                    name=prof.name, path=self.store().path_for(prof.name)))
            else:
                old = self.current
                assert old is not None
                # only what this editor changed since it loaded the profile: a change saved meanwhile stays
                prof = self.store().update(old.name, ProfileEdit.between(old, env, project, venv, notes))
                text = self.tr("Saved profile {name}.").format(name=prof.name)
                if prof.hooks:
                    if prof.venv != old.venv and Path(old.venv, "bin").is_dir():
                        remove_hooks(old.venv, old.name)
                        text += " " + self.tr("Its hooks were taken out of {venv}.").format(venv=old.venv)
                    if Path(prof.venv, "bin").is_dir():
                        results = apply_hooks(prof.venv, prof.name, prof.env)
                        text += " " + self.tr("Hooks rewritten:") + "\n" + self._results_text(results)
                self._say(text)
        except (ProfileError, OSError) as exc:
            self._say(self.tr("Not saved: {error}").format(error=self._error_text(exc)), "error")
            return False
        self.current = prof
        self.reload(keep=prof.name)
        self.edit(self.profiles.get(prof.name, prof))
        self.changed.emit()
        return True

    def _error_text(self, exc: BaseException) -> str:
        if isinstance(exc, OSError) and not isinstance(exc, ProfileError):
            where = f"{exc.filename}: " if exc.filename else ""
            return f"{where}{exc.strerror or exc}"
        return str(exc)

    def _results_text(self, results) -> str:
        words = {"written": self.tr("written"), "unchanged": self.tr("unchanged"), "removed": self.tr("restored"),
                 "absent": self.tr("not there (skipped)"), "kept": self.tr("kept (another profile’s block)")}
        lines = []
        for r in results:
            line = f"  {r.path}: {words.get(r.action, r.action)}"
            if r.note:
                line += f" ({r.note})"
            lines.append(line)
        return "\n".join(lines)

    def delete_profile(self) -> bool:
        from rocmdesk.torchenv.hooks import HookError, remove_hooks

        name = self.selected_name()
        if name is None or self.editing_new:
            return False
        prof = self.profiles.get(name)
        hooks = prof is not None and prof.hooks and Path(prof.venv, "bin").is_dir()
        question = self.tr("Delete profile {name}? Its file is kept as {name}.toml.bak; the venv and the project "
                           "are not touched.").format(name=name)
        if hooks:
            question += " " + self.tr("Its variables are taken out of the venv’s activate scripts first.")
        if not self.confirm(self.tr("Delete the profile?"), question):
            return False
        try:
            text = ""
            if hooks:
                assert prof is not None
                results = remove_hooks(prof.venv, prof.name)
                text = self.tr("Hooks taken out:") + "\n" + self._results_text(results) + "\n"
            where = self.store().delete(name)
        except (ProfileError, HookError, OSError) as exc:
            self._say(self.tr("Not deleted: {error}").format(error=self._error_text(exc)), "error")
            return False
        self._say(text + self.tr("Deleted profile {name}; its last version is kept in {path}.").format(
            name=name, path=where))
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

    def apply_hooks(self) -> bool:
        from rocmdesk.torchenv.hooks import apply_hooks

        prof = self._ready_profile()
        if prof is None:
            return False
        if envvars_check.errors(envvars_check.check_env(prof.env)):
            self._say(self.tr("Not applied: fix the variables marked ✗ first."), "error")
            return False
        if not Path(prof.venv, "bin").is_dir():
            self._say(self.tr("Not applied: {venv} is not a venv yet. Create it on the PyTorch page (PyTorch… "
                              "above), then apply.").format(venv=prof.venv), "error")
            return False
        try:
            results = apply_hooks(prof.venv, prof.name, prof.env)
            if not prof.hooks:
                self.store().update(prof.name, lambda p: p.with_changes(hooks=True))
        except (ProfileError, OSError) as exc:
            self._say(self.tr("Not applied: {error}").format(error=self._error_text(exc)), "error")
            return False
        activate = os.path.join(prof.venv, "bin", "activate")
        self._say(self.tr("Profile {name} applied to its venv’s activate scripts:").format(name=prof.name) + "\n"
                  + self._results_text(results) + "\n"
                  + self.tr("Activate it as usual (fish: activate.fish, csh: activate.csh); deactivate puts the "
                            "previous values back."), command=f"source {shlex.quote(activate)}")
        self.reload(keep=prof.name)
        self.changed.emit()
        return True

    def remove_hooks(self) -> bool:
        from rocmdesk.torchenv.hooks import remove_hooks

        prof = self._ready_profile()
        if prof is None:
            return False
        if not Path(prof.venv, "bin").is_dir():
            self._say(self.tr("{venv} does not exist: there are no hooks to take out.").format(venv=prof.venv),
                      "warning")
            return False
        try:
            results = remove_hooks(prof.venv, prof.name)
            if prof.hooks:
                self.store().update(prof.name, lambda p: p.with_changes(hooks=False))
        except (ProfileError, OSError) as exc:
            self._say(self.tr("Not removed: {error}").format(error=self._error_text(exc)), "error")
            return False
        self._say(self.tr("The hooks of profile {name} were taken out; each script is as it was before:").format(
            name=prof.name) + "\n" + self._results_text(results))
        self.reload(keep=prof.name)
        self.changed.emit()
        return True

    def export(self, fmt: str) -> bool:
        from rocmdesk.torchenv.exports import (
            ExportError,
            default_output,
            has_ipykernel,
            write_export,
        )

        prof = self._ready_profile()
        if prof is None:
            return False
        if fmt == "jupyter" and not has_ipykernel(prof.venv):
            python = os.path.join(prof.venv, "bin", "python")
            self._say(self.tr("ipykernel is not installed in {venv}; install it, then export again:").format(
                venv=prof.venv), "error", command=f"{shlex.quote(python)} -m pip install ipykernel")
            return False
        try:
            try:
                result = write_export(prof, fmt)
            except ExportError:
                target = default_output(prof, fmt)
                target = target / "kernel.json" if fmt == "jupyter" else target
                if not target.exists():
                    raise
                if not self.confirm(self.tr("Replace the file?"),
                                    self.tr("{path} exists and was not written by rocmdesk. Replace it?").format(
                                        path=target)):
                    return False
                result = write_export(prof, fmt, force=True)
        except (ProfileError, OSError) as exc:
            self._say(self.tr("Not exported: {error}").format(error=self._error_text(exc)), "error")
            return False
        text = self.tr("Wrote {path}.").format(path=result.path)
        command = None
        if fmt == "envrc":
            text += " " + self.tr("direnv loads it once you allow it:")
            command = f"direnv allow {shlex.quote(str(Path(str(result.path)).parent))}"
        elif fmt == "jupyter":
            text += " " + self.tr("Jupyter lists it as “Python ({name}, rocmdesk)”.").format(name=prof.name)
        for w in result.warnings:
            text += "\n" + self.tr("⚠ {warning}").format(warning=w)
        self._say(text, "warning" if result.warnings else "ok", command)
        return True

    # -- the terminal ------------------------------------------------------------------------------------
    def find_terminal(self) -> tuple[str, str] | None:
        for name in TERMINALS:
            path = self.which(name)
            if path:
                return name, path
        return None

    def shell_command(self, prof: Profile) -> list[str]:
        return default_rocmdesk(self.which) + ["shell", prof.name]

    def open_terminal(self) -> bool:
        prof = self._ready_profile()
        if prof is None:
            return False
        if not Path(prof.venv, "bin").is_dir():
            self._say(self.tr("{venv} is not a venv yet, so rocmdesk shell cannot start in it. Create it on the "
                              "PyTorch page first.").format(venv=prof.venv), "error")
            return False
        cwd = prof.project_dir if os.path.isdir(prof.project_dir) else os.path.expanduser("~")
        command = self.shell_command(prof)
        by_hand = f"cd {shlex.quote(cwd)} && {shlex.join(command)}"
        found = self.find_terminal()
        if found is None:
            self._say(self.tr("No terminal emulator was found (tried {names}). Run this in a terminal:").format(
                names=", ".join(TERMINALS)), "warning", command=by_hand)
            return False
        name, path = found
        argv = terminal_argv(name, path, command, cwd)
        self.last_launch = (argv, cwd)
        try:
            ok = self.launcher(argv, cwd)
        except OSError:
            ok = False
        if not ok:
            self._say(self.tr("{terminal} did not start. Run this in a terminal:").format(terminal=name), "error",
                      command=by_hand)
            return False
        self._say(self.tr("Started {terminal} in {folder} with profile {name}; exit the shell to leave it.").format(
            terminal=name, folder=cwd, name=prof.name))
        return True

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
