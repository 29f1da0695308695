"""Setup: the install plan as a wizard — machine, choices, review, run, result.

Like Picard's first-run wizard, the pages change nothing: they only build a plan
(``rocmdesk.setup.plan.plan``, pure) from ``session.report`` and the user's choices.
Only the Run page acts, by starting the helper in a QProcess (never on the UI
thread): the plan JSON goes to its stdin, and its progress events (one JSON object
a line, ``rocmdesk.setup.events``) drive the step rows, the bar and the log.
"""

from __future__ import annotations

import html
import json
import os
from dataclasses import replace
from pathlib import Path
from typing import Callable

from PySide6.QtCore import (
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from rocmdesk import i18n
from rocmdesk.advice import AdviceError, MachineAdvice, advise, context_for
from rocmdesk.knowledge import rocm_releases
from rocmdesk.machine.host import Host
from rocmdesk.machine.model import MachineReport
from rocmdesk.setup import events as ev
from rocmdesk.setup.choices import CHOSEN, SCOPE_WHAT, Choices, os_fit, recommend, scope_what
from rocmdesk.setup.facts import SetupFacts, read_facts
from rocmdesk.setup.plan import Plan
from rocmdesk.setup.plan import plan as build_plan
from rocmdesk.setup.recipe import SCOPES
from rocmdesk.setup.render import render, step_commands
from rocmdesk.ui.navigation import show_page
from rocmdesk.ui.helper_run import CommandFactory, HelperLocator, HelperRun, RunOutcome, default_command, default_helper_path
from rocmdesk.ui.session import MachineSession
from rocmdesk.ui.theme import themed
from rocmdesk.ui.widgets.code_view import CodeView, mono_font
from rocmdesk.ui.widgets.advice_text import AdviceWords, override_pairs
from rocmdesk.ui.widgets.finding_card import FindingCard
from rocmdesk.ui.widgets.page_parts import (
    ScrollBody,
    clear_layout,
    group_box,
    page_header,
    plain,
)
from rocmdesk.ui.widgets.step_row import StepRow
from rocmdesk.ui.widgets.text import muted_colour, text_label

FactsReader = Callable[[Host], SetupFacts]
CallerLocator = Callable[[], "str | None"]  # the user who runs rocmdesk (whom a dry run checks the plan for)

MACHINE, CHOICES, REVIEW, RUN, RESULT = range(5)
LOG_LINES = 5000  # the log view keeps the newest lines; the helper's own log keeps all


def default_caller() -> str | None:
    return Host.local().user_name()


def default_facts(host: Host) -> SetupFacts:
    return read_facts(host)


# -- small layout helpers -------------------------------------------------------------------------------


def _scrolled(body: QWidget) -> QScrollArea:
    scroll = QScrollArea()
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QFrame.Shape.NoFrame)
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    scroll.setWidget(body)
    return scroll


def _note_frame(name: str, border: str, fill: str | None = None) -> QFrame:
    frame = QFrame()
    frame.setObjectName(name)
    background = f"background: {fill};" if fill else ""
    frame.setStyleSheet(themed(f"#{name} {{ border: 1px solid {border}; border-radius: 4px; {background} }}"))
    return frame


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# -- the page -----------------------------------------------------------------------------------------------
class SetupPage(QWidget):
    """The Setup wizard.  ``command_factory``, ``helper_locator`` and ``facts_reader`` are seams for tests."""

    runFinished = Signal(object)  # RunOutcome

    def __init__(self, session: MachineSession, command_factory: CommandFactory | None = None,
                 helper_locator: HelperLocator | None = None, facts_reader: FactsReader | None = None,
                 caller_locator: CallerLocator | None = None, log_dir: Path | None | bool = True,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.words = AdviceWords(self)
        self.command_factory = command_factory or default_command
        self.helper_locator = helper_locator or default_helper_path
        self.facts_reader = facts_reader or default_facts
        self.caller_locator = caller_locator or default_caller
        self._caller: tuple[str | None] | None = None
        self.log_dir = log_dir  # True: the runner's XDG state folder; None/False: no log file
        self.log_path: Path | None = None
        self._logfile = None
        self.run_user_note = ""
        self.advance_on_finish = True  # the screenshot script turns it off to picture the finished run page
        self.report: MachineReport | None = None
        self.facts = SetupFacts()
        self.choices = Choices()
        self._dkms_touched = self._cleanup_touched = False
        self.plan: Plan | None = None
        self.plan_error: str | None = None
        self.run: HelperRun | None = None
        self.run_plan: Plan | None = None
        self.run_json = ""
        self.run_dry = True
        self.outcome: RunOutcome | None = None
        self.review_rows: list[StepRow] = []
        self.run_rows: dict[str, StepRow] = {}
        self.finding_cards: list[FindingCard] = []
        self._filling = False

        outer = QVBoxLayout(self)
        outer.setContentsMargins(16, 12, 16, 8)
        self.title, self.where_label = page_header(outer, self.tr("Setup"))
        self.trail = QLabel()
        self.trail.setTextFormat(Qt.TextFormat.RichText)
        outer.addWidget(self.trail)

        self.stack = QStackedWidget()
        self.stack.addWidget(self._build_machine_page())
        self.stack.addWidget(self._build_choices_page())
        self.stack.addWidget(self._build_review_page())
        self.stack.addWidget(self._build_run_page())
        self.stack.addWidget(self._build_result_page())
        outer.addWidget(self.stack, 1)

        nav = QHBoxLayout()
        self.nav_note = text_label("", small=True, muted=True)
        nav.addWidget(self.nav_note, 1)
        self.back_button = QPushButton(self.tr("< &Back"))
        self.back_button.setToolTip(self.tr("The previous page (Alt+B)"))
        self.back_button.clicked.connect(self.back)
        self.next_button = QPushButton(self.tr("&Next >"))
        self.next_button.setToolTip(self.tr("The next page (Alt+N); nothing changes until you run the plan"))
        self.next_button.clicked.connect(self.next)
        for b in (self.back_button, self.next_button):
            b.setAutoDefault(False)
            nav.addWidget(b)
        outer.addLayout(nav)

        session.machineChanged.connect(self._machine_changed)
        session.reportReady.connect(self._report_ready)
        session.busyChanged.connect(self._sync)
        session.failed.connect(self._sync)
        if session.report is not None:
            self._report_ready(session.report)
        self.go(MACHINE)

    # ==== navigation ========================================================================================
    def page_names(self) -> list[str]:
        return [self.tr("Machine"), self.tr("Choices"), self.tr("Review"), self.tr("Run"), self.tr("Result")]

    @property
    def current(self) -> int:
        return self.stack.currentIndex()

    def running(self) -> bool:
        return self.run is not None and self.run.running

    def go(self, index: int) -> None:
        self.stack.setCurrentIndex(index)
        if index == RUN and not self.running() and self.outcome is None:
            self._show_run_rows(self.plan)
        self._sync()
        focus = {MACHINE: self.next_button, CHOICES: self.scope_buttons.get(self.choices.scope),
                 REVIEW: self.next_button, RUN: self.run_button if self.run_button.isEnabled() else self.dry_button,
                 RESULT: self.result_title}.get(index)
        if focus is not None and focus.isEnabled() and self.isVisible():
            focus.setFocus()

    def next(self) -> None:
        if self.next_button.isEnabled() and self.current < RESULT:
            self.go(self.current + 1)

    def back(self) -> None:
        if self.back_button.isEnabled() and self.current > MACHINE:
            self.go(self.current - 1)

    def _sync(self, *_: object) -> None:
        i = self.current
        parts = []
        quiet = muted_colour(self.trail.palette()).name()  # quieter than the current step, still readable
        for n, name in enumerate(self.page_names()):
            text = html.escape(self.tr("{n}. {name}").format(n=n + 1, name=name))
            parts.append(f"<b>{text}</b>" if n == i else f"<span style='color: {quiet}'>{text}</span>")
        self.trail.setText(" &nbsp;›&nbsp; ".join(parts))
        self.where_label.setText(self.tr("— {where}").format(where=self._where()))
        ready = self.plan is not None and not self.session.busy
        self.back_button.setEnabled(i > MACHINE and not self.running())
        ended = self.outcome is not None and not self.running()
        self.next_button.setEnabled((i < RUN and ready) or (i == RUN and ended))
        self.next_button.setVisible(i < RUN or (i == RUN and ended))
        if i == RUN and self.running():
            self.nav_note.setText(self.tr("The plan is running; the other pages stay as they are until it ends."))
        elif i < RUN:
            self.nav_note.setText(self.tr("Nothing changes on the machine until you run the plan."))
        else:
            self.nav_note.setText("")
        self._sync_machine_state()
        self._sync_run_buttons()

    def _where(self) -> str:
        s = self.session
        if s.simulate:
            return self.tr("the simulated machine {name}").format(name=s.simulate)
        if s.root:
            return self.tr("the machine tree at {root}").format(root=s.root)
        return self.tr("this computer")

    # ==== the session ========================================================================================
    def _machine_changed(self) -> None:
        if self.running():
            return  # the run goes on; its result stays until the user leaves it
        self.report, self.plan, self.outcome = None, None, None
        self.choices = Choices()
        self._dkms_touched = self._cleanup_touched = False
        self._replan()
        self.go(MACHINE)

    def _report_ready(self, report: MachineReport) -> None:
        self.report = report
        try:
            self.facts = self.facts_reader(self.session.host) if self.session.host is not None else SetupFacts()
        except Exception:  # extra facts only refine the plan; without them steps are simply not marked done
            self.facts = SetupFacts()
        self._fill_releases()
        self._replan()

    # ==== planning ==========================================================================================
    def _replan(self) -> None:
        self.plan, self.plan_error = None, None
        if self.report is not None:
            if not self._dkms_touched:  # untouched: follow the default, which depends on the other choices
                self.choices.dkms = None
            if not self._cleanup_touched:
                self.choices.cleanup = None
            try:
                self.plan = build_plan(self.report, self.choices, self.facts)
            except Exception as exc:  # a plan rocmdesk cannot build must say so, not break the page
                self.plan_error = f"{type(exc).__name__}: {exc}"
        self._show_machine()
        self._show_choices()
        self._show_review()
        if not self.running() and self.outcome is None:
            self._show_run_rows(self.plan)
        self._sync()

    # ==== page 1: the machine ===================================================================================
    def _build_machine_page(self) -> QWidget:
        body = ScrollBody()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(0, 8, 8, 8)
        layout.setSpacing(8)
        self.machine_box = group_box(self.tr("The machine"))
        box_layout = QVBoxLayout(self.machine_box)
        self.machine_line1 = plain(text_label("", bold=False, scale=1.1))
        self.machine_line2 = plain(text_label(""))
        box_layout.addWidget(self.machine_line1)
        box_layout.addWidget(self.machine_line2)
        layout.addWidget(self.machine_box)
        self.machine_state = text_label("")
        layout.addWidget(self.machine_state)
        self.findings_title = text_label(self.tr("Before you start"), bold=True, scale=1.1)
        layout.addWidget(self.findings_title)
        self.findings_note = text_label("", small=True, muted=True)
        layout.addWidget(self.findings_note)
        self.findings_layout = QVBoxLayout()
        self.findings_layout.setSpacing(6)
        layout.addLayout(self.findings_layout)
        layout.addStretch(1)
        return _scrolled(body)

    def machine_lines(self, report: MachineReport) -> tuple[str, str]:
        """The detected machine in two lines: its GPUs, then OS, kernel, ROCm and user."""
        groups: dict[tuple[str, str], int] = {}
        for g in report.gpus:
            key = (g.name or self.tr("Unknown AMD GPU"), g.gfx or self.tr("gfx unknown"))
            groups[key] = groups.get(key, 0) + 1
        gpus = [self.tr("{name} ({gfx})").format(name=n, gfx=gfx) if count == 1
                else self.tr("{count} × {name} ({gfx})").format(count=count, name=n, gfx=gfx)
                for (n, gfx), count in groups.items()]
        line1 = ", ".join(gpus) if gpus else self.tr("No AMD GPU found")
        o = report.os
        os_name = o.pretty_name or " ".join(x for x in (o.id, o.version_id) if x) or self.tr("unknown OS")
        parts = [os_name, self.tr("kernel {release}").format(release=report.kernel.release or self.tr("unknown"))]
        if report.rocm.primary_version:
            parts.append(self.tr("ROCm {version} installed").format(version=report.rocm.primary_version))
        elif report.rocm.installed:
            parts.append(self.tr("ROCm of unknown version installed"))
        else:
            parts.append(self.tr("no system ROCm"))
        parts.append(self.tr("user {user}").format(user=report.access.user or self.tr("unknown")))
        return line1, " · ".join(parts)

    def _show_machine(self) -> None:
        clear_layout(self.findings_layout)
        self.finding_cards = []
        report = self.report
        has = report is not None
        self.machine_box.setVisible(has)
        self.findings_title.setVisible(self.plan is not None)
        self.findings_note.setVisible(self.plan is not None)
        if report is not None:
            line1, line2 = self.machine_lines(report)
            self.machine_line1.setText(line1)
            self.machine_line2.setText(line2)
        if self.plan is None:
            return
        findings = self.plan.findings
        if findings:
            self.findings_note.setText(self.tr(
                "What rocmdesk found, for the choices on the next page (they update when you change them)."))
        else:
            self.findings_note.setText(self.tr("Nothing stands in the way of these choices."))
        for f in findings:
            if f.id == "gpu-override":
                f = replace(f, fix=self.override_fix())
            card = FindingCard(f)
            self.finding_cards.append(card)
            self.findings_layout.addWidget(card)

    def override_fix(self) -> str:
        """The fix of the "only with an override" finding (the system ROCm's list), in the advice's terms: what
        PyTorch on this machine needs, which is what the Environments presets set."""
        a = self.choice_advice()
        if a is None:
            return ""
        pairs = override_pairs(a.env)
        system = self.choices.scope != "pytorch"
        if pairs:
            return self.tr("The recommended PyTorch wheels need {pairs} too; a profile on the Environments page "
                           "sets it per project.").format(pairs=pairs) if system else \
                self.tr("This scope installs no system ROCm. The recommended PyTorch wheels need {pairs}; a "
                        "profile on the Environments page sets it per project.").format(pairs=pairs)
        if a.status != "supported":
            return self.tr("For PyTorch, the advice for this machine is: {headline}.").format(
                headline=self.words.machine_headline(a))
        path = self.words.path(a.path)
        if system:
            return self.tr("Only programs built against the system ROCm need it. PyTorch needs no override "
                           "here: {path} run this GPU natively, so the Environments presets set none.").format(
                path=path)
        return self.tr("This scope installs no system ROCm, so this does not apply: PyTorch needs no override "
                       "here ({path} run this GPU natively).").format(path=path)

    def _sync_machine_state(self) -> None:
        s = self.session
        if s.busy:
            text = self.tr("Looking at {where}…").format(where=self._where())
        elif s.error is not None:
            text = self.tr("Detection failed: {error}. The Overview page has the details; Refresh tries again.") \
                .format(error=s.error[0])
        elif self.report is None:
            text = self.tr("No machine has been looked at yet.")
        elif self.plan_error:
            text = self.tr("rocmdesk could not build a plan for this machine: {error}").format(error=self.plan_error)
        else:
            text = ""
        self.machine_state.setText(text)
        self.machine_state.setVisible(bool(text))

    # ==== page 2: the choices ===================================================================================
    def scope_title(self, scope: str) -> str:
        return {"pytorch": self.tr("&PyTorch only"), "runtime": self.tr("R&untime"), "sdk": self.tr("&SDK")}.get(
            scope, scope)

    def scope_meaning(self, scope: str, stream: str | None = None) -> str:
        """The knowledge's one line for a scope (from a release of ``stream``), without a lead-in that repeats the
        button's title."""
        text = scope_what(scope, stream) if scope in SCOPE_WHAT else ""
        title = self.scope_title(scope).replace("&", "")
        if text.lower().startswith(title.lower() + ":"):
            text = text[len(title) + 1:].strip()
        return self.sentence(text) if text else ""

    def sentence(self, text: str) -> str:
        """A reason built by the core, capitalized and ended as its language ends a sentence."""
        return self.tr("{sentence}.").format(sentence=_capital(text))

    def _build_choices_page(self) -> QWidget:
        body = ScrollBody()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(0, 8, 8, 8)
        layout.setSpacing(10)

        scope_box = group_box(self.tr("What to install"))
        scope_layout = QVBoxLayout(scope_box)
        self.scope_group = QButtonGroup(self)
        self.scope_buttons: dict[str, QRadioButton] = {}
        self.scope_notes: dict[str, QLabel] = {}
        for scope in SCOPES:
            button = QRadioButton(self.scope_title(scope))
            plain(button)
            button.toggled.connect(lambda on, scope=scope: on and self._set_scope(scope))
            self.scope_group.addButton(button)
            self.scope_buttons[scope] = button
            scope_layout.addWidget(button)
            note = text_label(self.scope_meaning(scope), small=True, muted=True)
            note.setContentsMargins(24, 0, 0, 4)
            self.scope_notes[scope] = note
            scope_layout.addWidget(note)
        layout.addWidget(scope_box)

        # what the advice model says of PyTorch on this machine (for the release chosen below), in the Overview's
        # words, so Setup never tells the user something another page contradicts
        self.advice_box = group_box(self.tr("PyTorch on this machine"))
        advice_layout = QVBoxLayout(self.advice_box)
        self.advice_headline = plain(text_label(""))
        advice_layout.addWidget(self.advice_headline)
        self.advice_details = plain(text_label("", small=True, muted=True))
        advice_layout.addWidget(self.advice_details)
        self.advice_notes = plain(text_label("", small=True))
        self.advice_notes.setStyleSheet(themed("QLabel { background: #fde1cc; color: #5c2500; border-radius: 3px; "
                                               "padding: 3px 6px; }"))
        advice_layout.addWidget(self.advice_notes)
        layout.addWidget(self.advice_box)

        rel_box = group_box(self.tr("ROCm release"))
        rel_layout = QVBoxLayout(rel_box)
        row = QHBoxLayout()
        label = plain(QLabel(self.tr("&Release:")))
        row.addWidget(label)
        self.release_combo = QComboBox()
        plain(self.release_combo)
        self.release_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.release_combo.setMaxVisibleItems(16)
        label.setBuddy(self.release_combo)
        self.release_combo.currentIndexChanged.connect(self._release_picked)
        row.addWidget(self.release_combo)
        row.addStretch(1)
        rel_layout.addLayout(row)
        self.release_reason = plain(text_label(""))
        rel_layout.addWidget(self.release_reason)
        self.release_scope_note = plain(text_label("", small=True, muted=True))
        rel_layout.addWidget(self.release_scope_note)
        layout.addWidget(rel_box)

        more_box = group_box(self.tr("Driver and old versions"))
        more_layout = QVBoxLayout(more_box)
        self.dkms_check = QCheckBox(self.tr("Install AMD's amdgpu-&dkms kernel driver"))
        plain(self.dkms_check)
        self.dkms_check.toggled.connect(self._dkms_picked)
        more_layout.addWidget(self.dkms_check)
        self.dkms_why = plain(text_label("", small=True, muted=True))
        self.dkms_why.setContentsMargins(24, 0, 0, 4)
        more_layout.addWidget(self.dkms_why)
        self.cleanup_check = QCheckBox(self.tr("Remove &other ROCm versions first"))
        plain(self.cleanup_check)
        self.cleanup_check.toggled.connect(self._cleanup_picked)
        more_layout.addWidget(self.cleanup_check)
        self.cleanup_why = plain(text_label(self.tr(
            "Purges their packages, removes their /opt/rocm-* trees and old repository lists, so two ROCm "
            "versions never mix."), small=True, muted=True))
        self.cleanup_why.setContentsMargins(24, 0, 0, 4)
        more_layout.addWidget(self.cleanup_why)
        layout.addWidget(more_box)
        self.user_note = text_label("", small=True, muted=True)
        layout.addWidget(self.user_note)
        layout.addStretch(1)
        return _scrolled(body)

    def _fill_releases(self) -> None:
        """Every release, newest first; the recommended one marked, and selected unless the user chose."""
        report = self.report
        self._filling = True
        try:
            self.release_combo.clear()
            if report is None:
                return
            self.recommended, self.recommended_why = recommend(report)
            installed = report.rocm.primary_version
            for rel in reversed(rocm_releases()):
                notes = []
                if self.recommended is not None and rel.version == self.recommended.version:
                    notes.append(self.tr("recommended"))
                if installed and rel.version == installed:
                    notes.append(self.tr("installed"))
                if rel.stream == "therock":
                    notes.append(self.tr("TheRock"))
                if rel.preview:
                    notes.append(self.tr("preview"))
                if os_fit(rel, report) is None:
                    notes.append(self.tr("no repository for this OS"))
                text = rel.version if not notes else self.tr("{version} — {notes}").format(
                    version=rel.version, notes=", ".join(notes))
                self.release_combo.addItem(text, rel.version)
            want = self.choices.rocm or (self.recommended.version if self.recommended else None)
            index = self.release_combo.findData(want) if want else -1
            self.release_combo.setCurrentIndex(max(index, 0))
        finally:
            self._filling = False

    def _set_scope(self, scope: str) -> None:
        if self._filling or scope == self.choices.scope:
            return
        self.choices.scope = scope
        self._replan()

    def _release_picked(self, index: int) -> None:
        if self._filling or index < 0:
            return
        version = self.release_combo.itemData(index)
        rec = getattr(self, "recommended", None)
        self.choices.rocm = None if rec is not None and version == rec.version else version
        self._replan()

    def _dkms_picked(self, on: bool) -> None:
        if self._filling:
            return
        self._dkms_touched = True
        self.choices.dkms = on
        self._replan()

    def _cleanup_picked(self, on: bool) -> None:
        if self._filling:
            return
        self._cleanup_touched = True
        self.choices.cleanup = on
        self._replan()

    def release_reason_text(self) -> str:
        report, p = self.report, self.plan
        if report is None or p is None:
            return ""
        r = p.choices
        rel = r.release
        if rel is None:
            return self.sentence(r.rocm_why)
        if self.choices.rocm is None:
            return self.tr("Recommended: {reason}.").format(reason=r.rocm_why)
        os_name = report.os.pretty_name or self.tr("this OS")
        fit = os_fit(rel, report)
        if fit == "listed":
            text = self.tr("AMD lists ROCm {version} for {os}.")
        elif fit == "repo":
            text = self.tr("AMD does not list {os} for ROCm {version}, but one of its repositories fits.")
        else:
            text = self.tr("ROCm {version} has no apt repository for {os}; a plan that installs it is blocked.")
        text = text.format(version=rel.version, os=os_name)
        # what this release means for the GPUs is the advice's to say (the box above, judged by its list)
        if rel.preview:
            text += " " + self.tr("It is a technology preview.")
        return text

    def choice_advice(self) -> MachineAdvice | None:
        """The advice for the release chosen here: the machine's own (``report.advice``, what the Overview shows)
        unless the user picked another release than the installed one, which is another context."""
        report = self.report
        if report is None:
            return None
        chosen = self.choices.rocm
        if (chosen is None or chosen == report.rocm.primary_version) and report.advice is not None:
            return report.advice
        try:
            return advise(report, context_for(report, rocm=chosen))
        except AdviceError:
            return report.advice

    def advice_lines(self, a: MachineAdvice) -> tuple[str, str, str]:
        """The advice box: the headline; the details (the device mask, the driver fact, the other ways, the list
        cited, where to go next); what to do about the variables in effect."""
        headline = self.tr("{headline}.").format(headline=self.words.machine_headline(a))
        details = []
        devices = self.words.devices(a)
        if devices:
            hidden = ", ".join(g.name or g.gfx or "" for g in self.report.gpus if g.index in a.hidden) \
                if self.report is not None else ""
            details.append(self.tr("{devices} keeps the integrated {gpus} out of the ROCm runtime.").format(
                devices=devices, gpus=hidden))
        if "driver" in a.why:
            details.append(a.why["driver"])
        ga = a.gpus.get(a.deciding) if a.deciding is not None else None
        for alt in ga.alternatives if ga is not None else []:
            details.append(self.tr("Another way: {way}.").format(way=self.words.alternative(alt)))
        details.append(self.tr("Judged by {cited}. The PyTorch page installs these wheels; a profile on the "
                               "Environments page sets the variables.").format(cited=self.words.cited(a.rocm_cited)))
        notes = [self.words.note(n) for n in a.notes if n.code != "override-missing"]
        return headline, "\n".join(details), "\n".join(notes)

    def _show_advice(self) -> None:
        a = self.choice_advice()
        self.advice_box.setVisible(a is not None and a.status != "no-gpu")
        if a is None or a.status == "no-gpu":
            return
        headline, details, notes = self.advice_lines(a)
        self.advice_headline.setText(headline)
        ga = a.gpus.get(a.deciding) if a.deciding is not None else None
        self.advice_headline.setToolTip(_capital(ga.reason) if ga is not None else "")
        self.advice_details.setText(details)
        self.advice_notes.setText(notes)
        self.advice_notes.setVisible(bool(notes))
        self.advice_notes.setToolTip("\n".join(n.message for n in a.notes if n.code != "override-missing"))

    def _show_scope_notes(self) -> None:
        """What each scope installs from the chosen release's stream (TheRock names its own packages)."""
        p = self.plan
        stream = p.choices.release.stream if p is not None and p.choices.release is not None else None
        for scope, note in self.scope_notes.items():
            note.setText(self.scope_meaning(scope, stream))

    def _show_choices(self) -> None:
        self._show_advice()
        self._show_scope_notes()
        self._filling = True
        try:
            button = self.scope_buttons.get(self.choices.scope)
            if button is not None:
                button.setChecked(True)
            p = self.plan
            self.release_reason.setText(self.release_reason_text())
            if self.choices.scope == "pytorch":
                self.release_scope_note.setText(self.tr(
                    "PyTorch’s ROCm wheels carry their own ROCm libraries, so this scope installs no system ROCm: "
                    "the release matters only when the kernel driver is installed."))
            else:
                self.release_scope_note.setText("")
            self.release_scope_note.setVisible(self.choices.scope == "pytorch")
            if p is not None:
                self.dkms_check.setChecked(p.choices.dkms)
                why = p.choices.dkms_why
                self.dkms_why.setText(self.tr("Your choice.") if why == CHOSEN else self.sentence(why))
                apt = p.choices.needs_apt
                self.cleanup_check.setChecked(p.choices.cleanup and apt)
                self.cleanup_check.setEnabled(apt)
                self.cleanup_why.setText(self.tr(
                    "Purges their packages, removes their /opt/rocm-* trees and old repository lists, so two ROCm "
                    "versions never mix.") if apt else self.tr(
                    "Only with Runtime or SDK: the PyTorch scope installs no system packages, so it leaves other "
                    "versions alone."))
                user = p.choices.user
                self.user_note.setText(self.tr("The group step is for {user}, the user rocmdesk found signed in.")
                                       .format(user=user) if user else self.tr("The user could not be told."))
        finally:
            self._filling = False

    # ==== page 3: review ========================================================================================
    def _build_review_page(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 8, 0, 0)
        self.review_summary = text_label("", bold=True)
        layout.addWidget(self.review_summary)
        self.review_counts = text_label("", small=True, muted=True)
        layout.addWidget(self.review_counts)
        self.blocked_note = _note_frame("blockedNote", "#c0392b", "#f8d5d2")
        blocked_layout = QVBoxLayout(self.blocked_note)
        self.blocked_label = text_label("")
        self.blocked_label.setStyleSheet(themed("color: #7d1a10;"))
        blocked_layout.addWidget(self.blocked_label)
        layout.addWidget(self.blocked_note)

        tools = QHBoxLayout()
        self.expand_button = QPushButton(self.tr("Show all &commands"))
        self.expand_button.setCheckable(True)
        self.expand_button.toggled.connect(self._expand_all)
        tools.addWidget(self.expand_button)
        tools.addStretch(1)
        self.save_button = QPushButton(self.tr("&Save as script…"))
        self.save_button.setToolTip(self.tr("The plan as a bash script to read and run by hand"))
        self.save_button.clicked.connect(self._save_clicked)
        tools.addWidget(self.save_button)
        self.copy_button = QPushButton(self.tr("Cop&y script"))
        self.copy_button.setToolTip(self.tr("Copy the plan's bash script to the clipboard"))
        self.copy_button.clicked.connect(self.copy_script)
        tools.addWidget(self.copy_button)
        layout.addLayout(tools)
        self.script_status = text_label("", small=True, muted=True)
        self.script_status.setVisible(False)
        layout.addWidget(self.script_status)
        self.as_root_hint = text_label(self.tr(
            "In the commands, “as_root” runs a command as root: the helper runs those steps for you, and the "
            "saved script asks sudo for them."), small=True, muted=True)
        layout.addWidget(self.as_root_hint)

        body = ScrollBody()
        self.review_layout = QVBoxLayout(body)
        self.review_layout.setContentsMargins(0, 0, 8, 8)
        self.review_layout.setSpacing(0)
        layout.addWidget(_scrolled(body), 1)
        return page

    def _show_review(self) -> None:
        clear_layout(self.review_layout)
        self.review_rows = []
        p = self.plan
        if p is None:
            self.review_summary.setText("")
            self.review_counts.setText("")
            self.blocked_note.setVisible(False)
            return
        c = p.choices
        if not c.needs_apt:
            release = self.tr("no system ROCm")
        elif c.release:
            release = self.tr("ROCm {version} ({stream})").format(version=c.release.version, stream=c.release.stream)
        else:
            release = self.tr("no ROCm release")
        scope = self.scope_title(c.scope).replace("&", "")
        driver = self.tr("install amdgpu-dkms") if c.dkms else self.tr("no driver change")
        self.review_summary.setText(_capital(self.tr("{release} · {scope} · {driver} · for {user}").format(
            release=release, scope=scope, driver=driver, user=c.user or self.tr("unknown user"))))
        todo = len(p.todo)
        root = sum(1 for s in p.todo if s.root)
        self.review_counts.setText(self.tr(
            "{todo} of {total} steps to do ({root} as root); {done} done already. "
            "Open a step to see its exact command.").format(
            todo=todo, total=len(p.steps), root=root, done=len(p.steps) - todo))
        blockers = [f for f in p.findings if f.severity == "blocker"]
        self.blocked_note.setVisible(bool(blockers))
        if blockers:
            self.blocked_label.setText(self.tr("The plan is blocked; it cannot run until this is fixed:") + "\n"
                                       + "\n".join(f"• {f.title}" for f in blockers))
        user_var = None
        for n, step in enumerate(p.steps, 1):
            try:
                commands = "\n".join(step_commands(step, user_var))
            except ValueError as exc:
                commands = str(exc)
            row = StepRow(n, step.title, _capital(step.why), step.root, "done" if step.done else "todo", commands)
            row.set_expanded(self.expand_button.isChecked())
            self.review_rows.append(row)
            self.review_layout.addWidget(row)
        if not p.steps:
            self.review_layout.addWidget(text_label(self.tr("The plan has no steps."), muted=True))
        self.review_layout.addStretch(1)
        can = bool(p.steps)
        self.save_button.setEnabled(can)
        self.copy_button.setEnabled(can)

    def _expand_all(self, on: bool) -> None:
        for row in self.review_rows:
            row.set_expanded(on)
        self.expand_button.setText(self.tr("Hide all &commands") if on else self.tr("Show all &commands"))

    def script(self) -> str:
        """The plan as a shell script, in English as `rocmdesk plan --format script` writes it (for sharing)."""
        if self.plan is None or self.report is None:
            return ""
        # step titles and reasons are built in the language of the moment; other threads keep the window's
        with i18n.speaking(i18n.SOURCE_LANGUAGE, this_thread=True):
            return render(build_plan(self.report, self.choices, self.facts), "script")

    def _save_clicked(self) -> None:
        start = str(Path.home() / "rocmdesk-setup.sh")
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Save the plan as a script"), start,
                                              self.tr("Shell scripts (*.sh);;All files (*)"))
        if path:
            self.save_script(path)

    def save_script(self, path: str) -> bool:
        try:
            Path(path).write_text(self.script(), encoding="utf-8")
            os.chmod(path, 0o755)
        except OSError as exc:
            self._script_status(self.tr("Could not save {path}: {error}").format(path=path, error=exc.strerror or exc))
            return False
        self._script_status(self.tr("Saved {path}. Read it, then run it as yourself: bash {path}").format(path=path))
        return True

    def copy_script(self) -> None:
        QGuiApplication.clipboard().setText(self.script())
        self._script_status(self.tr("The script is on the clipboard."))

    def _script_status(self, text: str) -> None:
        for label in (self.script_status, self.run_script_status):
            label.setText(text)
            label.setVisible(True)

    # ==== page 4: run ==========================================================================================
    def _build_run_page(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 8, 0, 0)
        self.run_intro = text_label("")
        layout.addWidget(self.run_intro)

        self.no_helper = _note_frame("noHelper", "#d9661a", "#fde1cc")
        nh = QVBoxLayout(self.no_helper)
        self.no_helper_label = text_label(self.tr(
            "The root helper is not installed system-wide (rocmdesk was installed with pip), so rocmdesk cannot "
            "run the plan with one password prompt: pkexec runs only a helper that root owns, never a file you "
            "could change. Save the plan as a script, read it, and run it yourself with “bash FILE”; it asks "
            "sudo for the root steps only."))
        self.no_helper_label.setStyleSheet(themed("color: #5c2500;"))
        nh.addWidget(self.no_helper_label)
        nh_row = QHBoxLayout()
        self.run_save_button = QPushButton(self.tr("&Save as script…"))
        self.run_save_button.clicked.connect(self._save_clicked)
        self.run_copy_button = QPushButton(self.tr("Cop&y script"))
        self.run_copy_button.clicked.connect(self.copy_script)
        nh_row.addWidget(self.run_save_button)
        nh_row.addWidget(self.run_copy_button)
        nh_row.addStretch(1)
        nh.addLayout(nh_row)
        self.run_script_status = text_label("", small=True)
        self.run_script_status.setVisible(False)
        nh.addWidget(self.run_script_status)
        layout.addWidget(self.no_helper)

        self.run_note = text_label("", small=True, muted=True)
        layout.addWidget(self.run_note)
        buttons = QHBoxLayout()
        self.run_button = QPushButton(self.tr("&Run with one password prompt"))
        self.run_button.setToolTip(self.tr("Ask for your password once, then run every step to do as root"))
        self.run_button.clicked.connect(lambda: self.start_run(dry_run=False))
        self.dry_button = QPushButton(self.tr("&Dry run"))
        self.dry_button.setToolTip(self.tr("Run the real helper without root: it checks every step and "
                                           "changes nothing"))
        self.dry_button.clicked.connect(lambda: self.start_run(dry_run=True))
        self.cancel_button = QPushButton(self.tr("&Cancel"))
        self.cancel_button.setToolTip(self.tr("Stop the helper"))
        self.cancel_button.clicked.connect(self.cancel_run)
        for b in (self.run_button, self.dry_button, self.cancel_button):
            b.setAutoDefault(False)
            buttons.addWidget(b)
        buttons.addStretch(1)
        layout.addLayout(buttons)

        progress = QHBoxLayout()
        self.progress = QProgressBar()
        self.progress.setFormat(self.tr("%v of %m steps"))
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        progress.addWidget(self.progress, 1)
        layout.addLayout(progress)
        self.run_status = text_label("")
        layout.addWidget(self.run_status)

        split = QSplitter(Qt.Orientation.Vertical)
        body = ScrollBody()
        self.run_rows_layout = QVBoxLayout(body)
        self.run_rows_layout.setContentsMargins(0, 0, 8, 0)
        self.run_rows_layout.setSpacing(0)
        self.run_scroll = _scrolled(body)
        split.addWidget(self.run_scroll)
        log_box = QWidget()
        log_layout = QVBoxLayout(log_box)
        log_layout.setContentsMargins(0, 4, 0, 0)
        log_label = QLabel(self.tr("&Log"))
        log_layout.addWidget(log_label)
        self.log = QPlainTextEdit()
        self.log.setReadOnly(True)
        self.log.setFont(mono_font())
        self.log.setMaximumBlockCount(LOG_LINES)
        self.log.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.log.setTabChangesFocus(True)
        self.log.setPlaceholderText(self.tr("The helper's output appears here."))
        log_label.setBuddy(self.log)
        log_layout.addWidget(self.log, 1)
        split.addWidget(log_box)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        split.setSizes([300, 200])  # proportions: the steps above, the log below
        layout.addWidget(split, 1)
        self._stop_timer = QTimer(self)
        self._stop_timer.setSingleShot(True)
        self._stop_timer.timeout.connect(self._not_stopped)
        return page

    def real_run_blocker(self) -> str | None:
        """Why "Run" is off, or None when it may run."""
        p = self.plan
        if p is None:
            return self.tr("There is no plan yet.")
        host = self.session.host
        if p.simulated or (host is not None and host.simulated):
            return self.tr("This is a simulated machine, not this computer: only a dry run is possible.")
        if host is not None and not host.live:
            return self.tr("This is a captured machine tree, not this computer: only a dry run is possible.")
        if p.blocked:
            return self.tr("The plan is blocked (see the Review page): only a dry run is possible.")
        if self.helper_locator() is None:
            return self.tr("No system helper is installed: save the script above and run it with sudo.")
        return None

    def _sync_run_buttons(self) -> None:
        running = self.running()
        p = self.plan
        blocker = self.real_run_blocker()
        has_helper = self.helper_locator() is not None
        self.no_helper.setVisible(not has_helper and not running)
        self.run_button.setEnabled(not running and blocker is None)
        self.run_button.setToolTip(blocker or self.tr("Ask for your password once, then run every step to do "
                                                      "as root"))
        self.dry_button.setEnabled(not running and p is not None)
        self.cancel_button.setEnabled(running)
        self.cancel_button.setVisible(running)
        if p is not None and not running and self.outcome is None:
            todo = sum(1 for s in p.todo if s.root)
            if todo == 0:
                text = self.tr("Every step that needs root is done already: running the plan only checks the rest.")
            elif todo == 1:
                text = self.tr("Run asks for your password once (polkit’s dialog), then rocmdesk’s helper runs "
                               "the one step to do as root, checked before and after.")
            else:
                text = self.tr("Run asks for your password once (polkit’s dialog), then rocmdesk’s helper runs "
                               "the {todo} steps to do as root, each checked before and after; steps done "
                               "already are skipped.").format(todo=todo)
            self.run_intro.setText(text + " " + self.tr("Dry run goes through the same helper without root and "
                                                        "changes nothing."))
        notes = [blocker] if blocker and has_helper else []
        caller = self.caller()
        if p is not None and caller and p.choices.user and caller != p.choices.user:
            notes.append(self.tr("The helper checks a plan only for the user who runs it, so a dry run here is "
                                 "for {caller} instead of {user}.").format(caller=caller, user=p.choices.user))
        self.run_note.setText("\n".join(notes))
        self.run_note.setVisible(bool(notes))

    def _show_run_rows(self, p: Plan | None) -> None:
        clear_layout(self.run_rows_layout)
        self.run_rows = {}
        if p is None:
            return
        for n, step in enumerate(p.steps, 1):
            row = StepRow(n, step.title, "", step.root, "waiting")
            self.run_rows[step.id] = row
            self.run_rows_layout.addWidget(row)
        self.run_rows_layout.addStretch(1)
        self.progress.setRange(0, max(1, len(p.steps)))
        self.progress.setValue(0)

    def caller(self) -> str | None:
        if self._caller is None:
            self._caller = (self.caller_locator(),)
        return self._caller[0]

    def plan_for_run(self, dry_run: bool) -> Plan | None:
        """The plan to hand the helper.  A dry run checks the plan for whoever runs it (the helper refuses a
        plan for another user), so on a simulated machine its user is swapped for the real caller."""
        p = self.plan
        self.run_user_note = ""
        if p is None or not dry_run or self.report is None:
            return p
        caller = self.caller()
        if not caller or caller == p.choices.user:
            return p
        swapped = build_plan(self.report, replace(self.choices, user=caller), self.facts)
        self.run_user_note = self.tr(
            "The helper checks a plan only for the user who runs it, so this dry run is for {caller} "
            "instead of {user}.").format(caller=caller, user=p.choices.user or self.tr("an unknown user"))
        return swapped

    def start_run(self, dry_run: bool, resume: bool = False) -> bool:
        """Start the helper on the current plan (or, to resume, on the plan of the last run)."""
        if self.running():
            return False
        if resume and self.run_plan is not None:
            p, plan_json = self.run_plan, self.run_json
        else:
            if not dry_run and self.real_run_blocker() is not None:
                return False
            try:
                p = self.plan_for_run(dry_run)
            except Exception as exc:  # a plan for the caller that cannot be built: say so on the result page
                p, self.run_user_note = self.plan, f"{type(exc).__name__}: {exc}"
            if p is None:
                return False
            plan_json = json.dumps(p.to_json(), ensure_ascii=False)
        self.run_plan, self.run_json, self.run_dry = p, plan_json, dry_run
        self.outcome = None
        self._show_run_rows(p)
        self.log.clear()
        self._log(self.tr("— {what} —").format(
            what=self.tr("dry run: nothing will change") if dry_run else self.tr("running the plan")))
        if self.run_user_note:
            self._log(self.run_user_note)
        try:
            argv = self.command_factory(plan_json, dry_run)
        except Exception as exc:  # no helper (runner.NoHelper) and the like: the result page explains
            self.go(RUN)
            self._finish(RunOutcome(dry_run, start_error=str(exc) or type(exc).__name__))
            return False
        self._open_log(argv, dry_run)
        self.run = HelperRun(argv, plan_json, dry_run, self)
        self.run.eventReceived.connect(self._on_event)
        self.run.lineReceived.connect(self._stray)
        self.run.ended.connect(self._finish)
        self.run_status.setText(self.tr("Waiting for your password…") if not dry_run
                                else self.tr("Starting the helper…"))
        self.go(RUN)
        self.run.start()
        self._sync()
        return True

    # the run's log file: the runner's format (one JSON object a line) in its XDG state folder
    def _open_log(self, argv: list[str], dry_run: bool) -> None:
        self._close_log(None)
        self.log_path = None
        if not self.log_dir:
            return
        from datetime import datetime, timezone

        from rocmdesk.setup import runner

        folder = runner.log_dir() if self.log_dir is True else Path(self.log_dir)
        self._logfile = runner._Log(folder)
        self.log_path = self._logfile.path
        self._logfile.write({"log": "start", "command": argv, "dry_run": dry_run, "from": "ui",
                             "time": datetime.now(timezone.utc).isoformat(timespec="seconds")})

    def _close_log(self, outcome: RunOutcome | None) -> None:
        if self._logfile is None:
            return
        if outcome is not None:
            self._logfile.write({"log": "exit", "exit": outcome.exit_code, "cancelled": outcome.cancelled,
                                 "start_error": outcome.start_error})
        self._logfile.close()
        self._logfile = None

    def _stray(self, line: str) -> None:
        if self._logfile is not None:
            self._logfile.write({"log": "output", "line": line})
        self._log(line)

    def cancel_run(self) -> None:
        if self.running() and self.run is not None:
            self.run_status.setText(self.tr("Stopping…"))
            self.run.cancel()
            self._stop_timer.start(3000)

    def _not_stopped(self) -> None:
        if self.running():
            self.run_status.setText(self.tr(
                "The helper runs as root, so rocmdesk cannot stop it; it goes on until it finishes."))

    def _log(self, line: str) -> None:
        self.log.appendPlainText(line)

    def _on_event(self, event: ev.Event) -> None:
        if self._logfile is not None:
            self._logfile.write(event.to_line())
        d = event.data
        row = self.run_rows.get(event.step_id or "")
        step = next((s for s in self.plan.steps if s.id == event.step_id), None) if self.plan is not None else None
        from rocmdesk.setup import runner  # the helper speaks English; its fixed messages are translated by code

        msg = runner.event_message(event, step.kind if step else None, step.done if step else None)
        if event.event == "plan":
            count = d.get("steps")
            if isinstance(count, int) and count > 0:
                self.progress.setMaximum(count)
            self.run_status.setText(self.tr("The helper accepted the plan."))
        elif event.event == "started":
            title = str(d.get("title") or event.step_id or "")
            if row is not None:
                row.set_state("running")
                self.run_scroll.ensureWidgetVisible(row, 0, 40)
            index = d.get("index")
            n = index + 1 if isinstance(index, int) else (row.number if row else 0)
            self.run_status.setText(self.tr("Step {n} of {total}: {title}").format(
                n=n, total=self.progress.maximum(), title=title))
            self._log(self.tr("▶ {title}").format(title=title))
        elif event.event == "output":
            self._log("    " + str(d.get("line", "")))
        elif event.event in ("ok", "skipped", "failed"):
            if row is not None:
                row.set_state(event.event, msg)
            finished = sum(1 for r in self.run_rows.values() if r.state in ("ok", "skipped", "failed"))
            self.progress.setValue(min(finished, self.progress.maximum()))
            word = {"ok": self.tr("✓ ok"), "skipped": self.tr("– skipped"), "failed": self.tr("✗ failed")}[event.event]
            self._log(f"  {word}: {msg}" if msg else f"  {word}")
        elif event.event == "refused":
            self._log(self.tr("The helper refused the plan: {message}").format(message=msg))
        elif event.event == "done":
            self._log(self.tr("— finished —"))

    def _finish(self, outcome: RunOutcome) -> None:
        self._stop_timer.stop()
        self._close_log(outcome)
        self.outcome = outcome
        for row in self.run_rows.values():
            if row.state in ("waiting", "running"):
                row.set_state("failed" if row.state == "running" and not outcome.cancelled else "not-run")
        kind, title, _ = self.outcome_text(outcome)
        self.run_status.setText(title)
        self._show_result(outcome)
        self.runFinished.emit(outcome)
        if not outcome.dry_run and outcome.saw_plan:
            self.session.refresh()  # the machine changed: every page should see it as it is now
        if self.advance_on_finish:
            self.go(RESULT)
        else:
            self._sync()

    # ==== page 5: result =========================================================================================
    def _build_result_page(self) -> QWidget:
        body = ScrollBody()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(0, 8, 8, 8)
        layout.setSpacing(10)
        self.result_frame = _note_frame("resultFrame", "palette(mid)")
        rf = QVBoxLayout(self.result_frame)
        self.result_title = text_label("", bold=True, scale=1.3)
        self.result_title.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # read first by screen readers
        rf.addWidget(self.result_title)
        self.result_detail = text_label("")
        rf.addWidget(self.result_detail)
        self.result_log = text_label("", small=True)
        rf.addWidget(self.result_log)
        layout.addWidget(self.result_frame)

        self.failure_box = group_box(self.tr("What failed"))
        fb = QVBoxLayout(self.failure_box)
        self.failure_step = text_label("", bold=True)
        fb.addWidget(self.failure_step)
        self.failure_message = plain(text_label(""))
        fb.addWidget(self.failure_message)
        self.failure_output = CodeView(max_lines=14)
        self.failure_output.setAccessibleName(self.tr("Output of the failed step"))
        fb.addWidget(self.failure_output)
        self.failure_help = plain(text_label(""))
        fb.addWidget(self.failure_help)
        layout.addWidget(self.failure_box)

        self.relogin = _note_frame("relogin", "#c99a06", "#fdf0c4")
        rl = QVBoxLayout(self.relogin)
        self.relogin_title = text_label(self.tr("Log out and log in again"), bold=True, scale=1.2)
        self.relogin_title.setStyleSheet(themed("color: #5c4300;"))
        rl.addWidget(self.relogin_title)
        self.relogin_text = text_label("")
        self.relogin_text.setStyleSheet(themed("color: #5c4300;"))
        rl.addWidget(self.relogin_text)
        layout.addWidget(self.relogin)

        self.next_steps_box = group_box(self.tr("What next"))
        ns = QVBoxLayout(self.next_steps_box)
        self.next_steps = plain(text_label(""))
        ns.addWidget(self.next_steps)
        layout.addWidget(self.next_steps_box)

        row = QHBoxLayout()
        self.resume_button = QPushButton(self.tr("R&esume"))
        self.resume_button.setToolTip(self.tr("Run the same plan again; steps that are done are skipped"))
        self.resume_button.clicked.connect(self.resume)
        self.pytorch_button = QPushButton(self.tr("Go to &PyTorch"))
        self.pytorch_button.setToolTip(self.tr("Install PyTorch for ROCm into a virtual environment"))
        self.pytorch_button.clicked.connect(self.go_to_pytorch)
        self.log_button = QPushButton(self.tr("Show the &log"))
        self.log_button.clicked.connect(lambda: self.go(RUN))
        self.again_button = QPushButton(self.tr("Plan &again"))
        self.again_button.setToolTip(self.tr("Back to the first page, with the machine as it is now"))
        self.again_button.clicked.connect(self.start_over)
        for b in (self.resume_button, self.pytorch_button, self.log_button, self.again_button):
            b.setAutoDefault(False)
            row.addWidget(b)
        row.addStretch(1)
        layout.addLayout(row)
        layout.addStretch(1)
        return _scrolled(body)

    def outcome_text(self, o: RunOutcome) -> tuple[str, str, str]:
        """(kind, headline, detail) for how a run ended.  kind: ok | failed | nochange | stopped."""
        if o.start_error is not None and os.path.basename(o.program) == "pkexec":
            return ("nochange", self.tr("pkexec is not installed, so rocmdesk cannot ask for the one password "
                                        "it needs; nothing was changed."),
                    self.tr("Install it (Debian and Ubuntu: sudo apt install pkexec; policykit-1 on older "
                            "releases), or save the plan as a script and run it with sudo."))
        if o.start_error is not None:
            return ("failed", self.tr("The helper could not be started; nothing was changed."),
                    self.tr("Reason: {error}").format(error=o.start_error))
        if o.cancelled:
            return ("stopped", self.tr("Cancelled."),
                    self.tr("Steps that finished stay done; Resume continues from where it stopped.")
                    if not o.dry_run else self.tr("It was a dry run: nothing was changed."))
        code = o.exit_code
        if not o.saw_plan and code == ev.PKEXEC_DISMISSED:
            return ("nochange", self.tr("You dismissed the password prompt; nothing was changed."),
                    self.tr("Press Try again to be asked once more."))
        if not o.saw_plan and code == ev.PKEXEC_NOT_AUTHORIZED:
            return ("nochange", self.tr("Not authorized, or no password agent is running; nothing was changed."),
                    self.tr("Your desktop’s polkit agent shows the password prompt; without one pkexec cannot "
                            "ask. Log in to a full desktop session, or save the plan as a script and run it with "
                            "sudo."))
        if o.refused is not None or code == ev.EXIT_REFUSED:
            msg = str(o.refused.data.get("message", "")) if o.refused else ""
            return ("nochange", self.tr("The helper refused the plan; nothing was changed."),
                    self.tr("Reason: {message}").format(message=msg or self.tr("not given")))
        if code == ev.EXIT_NOT_ROOT:
            return ("nochange", self.tr("The helper could not establish who asked; nothing was changed."),
                    "\n".join(o.stray[-3:]))
        if o.failed is not None or code == ev.EXIT_STEP_FAILED:
            steps = self.run_plan.steps if self.run_plan else []
            sid = o.failed.step_id if o.failed else None
            n = next((i for i, s in enumerate(steps, 1) if s.id == sid), None)
            if n is None:
                return ("failed", self.tr("A step failed; the steps after it did not run."), "")
            return ("failed", self.tr("Step {n} of {total} failed: {title}").format(
                n=n, total=len(steps), title=steps[n - 1].title),
                self.tr("The steps before it stay done; the steps after it did not run."))
        if code == ev.EXIT_OK:
            if o.dry_run:
                more = "" if self.real_run_blocker() else " " + self.tr(
                    "Run it for real from the Run page, or save the script and run it yourself.")
                return ("ok", self.tr("Dry run finished; nothing was changed."),
                        self.tr("The helper accepted the plan and went through every step.") + more)
            return ("ok", self.tr("Setup finished."), self.tr("Every step is done."))
        if code is None:
            return ("failed", self.tr("The helper stopped unexpectedly."), "\n".join(o.stray[-5:]))
        return ("failed", self.tr("The helper ended with exit status {code}.").format(code=code),
                "\n".join(o.stray[-5:]))

    def _show_result(self, o: RunOutcome) -> None:
        kind, title, detail = self.outcome_text(o)
        border, fill = {"ok": ("#2e8b47", "#d7f0dd"), "failed": ("#c0392b", "#f8d5d2"),
                        "nochange": ("#c99a06", "#fdf0c4"), "stopped": ("#8a8a8a", "#eeeeee")}[kind]
        ink = {"ok": "#114d22", "failed": "#7d1a10", "nochange": "#5c4300", "stopped": "#333333"}[kind]
        self.result_kind = kind
        self.result_frame.setStyleSheet(themed(f"#resultFrame {{ border: 1px solid {border}; border-left: 6px solid "
                                               f"{border}; border-radius: 4px; background: {fill}; }}"
                                               f"#resultFrame QLabel {{ color: {ink}; }}"))
        self.result_title.setText(title)
        self.result_detail.setText(detail)
        self.result_detail.setVisible(bool(detail))
        self.result_log.setText(self.tr("The log of this run: {path}").format(path=self.log_path)
                                if self.log_path else "")
        self.result_log.setVisible(self.log_path is not None)

        failed = o.failed
        self.failure_box.setVisible(failed is not None)
        if failed is not None:
            sid = failed.step_id or ""
            step = next((s for s in (self.run_plan.steps if self.run_plan else []) if s.id == sid), None)
            number = (self.run_plan.steps.index(step) + 1) if step and self.run_plan else None
            name = step.title if step else sid
            self.failure_step.setText(self.tr("Step {n}: {title}").format(n=number, title=name) if number
                                      else name)
            self.failure_step.setVisible(number is None)  # else the headline names it already
            message = str(failed.data.get("message") or "")
            code = failed.data.get("exit")
            if isinstance(code, int) and str(code) not in message:
                message = self.tr("{message} (exit status {code})").format(message=message, code=code).strip()
            self.failure_message.setText(message)
            self.failure_message.setVisible(bool(message))
            output = failed.data.get("output")
            lines = output if isinstance(output, list) else ([output] if isinstance(output, str) else [])
            self.failure_output.setPlainText("\n".join(str(x) for x in lines))
            self.failure_output.setVisible(bool(lines))
            self.failure_help.setText(self.tr(
                "Fix the cause shown above (an apt error often means no network, a full disk or another "
                "package manager running), then press Resume: it runs the same plan again, and the helper "
                "skips the steps that are done."))

        resumable = kind == "failed" and o.start_error is None or kind == "stopped" or \
            (kind == "nochange" and o.exit_code in (ev.PKEXEC_DISMISSED, ev.PKEXEC_NOT_AUTHORIZED))
        self.resume_button.setVisible(resumable and self.run_plan is not None)
        self.resume_button.setText(self.tr("&Try again") if kind == "nochange" else self.tr("R&esume"))

        relogin = self._relogin_text(o) if kind == "ok" or (kind == "failed" and o.saw_plan) else None
        self.relogin.setVisible(relogin is not None)
        if relogin is not None:
            self.relogin_text.setText(relogin)
        notes = self._next_steps(o) if kind == "ok" else []
        self.next_steps_box.setVisible(bool(notes))
        self.next_steps.setText("\n".join(f"• {n}" for n in notes))
        self.pytorch_button.setVisible(kind == "ok")

    def _relogin_text(self, o: RunOutcome) -> str | None:
        p = self.run_plan
        if p is None or self.report is None:
            return None
        groups = next((s for s in p.steps if s.kind == "add-user-to-groups"), None)
        added = groups is not None and not groups.done and not o.dry_run and \
            self.run_rows.get(groups.id) is not None and self.run_rows[groups.id].state == "ok"
        pending = self.report.access.needs_relogin
        if added:
            return self.tr("You were added to the render and video groups. Groups apply only to new logins, so "
                           "the GPU opens for you after you log out and in again (“newgrp render” fixes only "
                           "one terminal).")
        if pending:
            return self.tr("You are in the render and video groups, but this session started before you were "
                           "added, so the GPU does not open for you yet. Log out and in again (“newgrp render” "
                           "fixes only one terminal).")
        if o.dry_run and groups is not None and not groups.done:
            return self.tr("When you run the plan for real it adds you to the render and video groups; then log "
                           "out and in again so they apply.")
        return None

    def _next_steps(self, o: RunOutcome) -> list[str]:
        p = self.run_plan
        out: list[str] = []
        if p is None:
            return out
        if any(s.id == "install-driver" and not s.done for s in p.steps) and not o.dry_run:
            out.append(self.tr("Reboot, so the amdgpu-dkms driver is the one that loads."))
        out.append(self.tr("Install PyTorch for ROCm into a virtual environment: the PyTorch page picks the "
                           "right wheel for this GPU."))
        a = self.choice_advice()
        pairs = override_pairs(a.env) if a is not None else ""
        if pairs:  # the advice's override, the value the Environments presets set
            out.append(self.tr("The recommended wheels need {pairs} on this machine: a profile on the Environments "
                               "page sets it per project.").format(pairs=pairs))
        for note in a.notes if a is not None else []:
            if note.code != "override-missing":
                out.append(self.tr("{note}.").format(note=_capital(self.words.note(note))))
        return out

    def resume(self) -> None:
        self.start_run(self.run_dry, resume=True)

    def start_over(self) -> None:
        if self.running():
            return
        self.outcome = None
        self._replan()
        self.go(MACHINE)

    def go_to_pytorch(self) -> None:
        """Switch the window to the PyTorch page (found by key through the window, so no wiring is needed)."""
        show_page(self, "pytorch")

    def shutdown(self, timeout_ms: int = 3000) -> None:
        """Kill a running dry run before the window goes (a root helper is not ours to kill)."""
        if self.running() and self.run is not None:
            self.run.cancel()
            self.run.proc.waitForFinished(timeout_ms)
