"""The Setup wizard's first three steps: the machine (and what stands in the way), the choices, the reviewed plan.

Each builds its widgets and shows a record of ``rocmdesk.ui.presenters.setup``; the page connects their controls.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from rocmdesk.setup.preflight import Finding
from rocmdesk.setup.recipe import SCOPES
from rocmdesk.ui.pages.setup.frames import note_frame, scrolled
from rocmdesk.ui.presenters import setup as present
from rocmdesk.ui.theme import themed
from rocmdesk.ui.widgets.finding_card import FindingCard
from rocmdesk.ui.widgets.page_parts import ScrollBody, clear_layout, group_box, plain
from rocmdesk.ui.widgets.step_row import StepRow
from rocmdesk.ui.widgets.text import text_label

translate = QCoreApplication.translate


class MachineStep(QScrollArea):
    """Step 1: the machine in two lines, and the plan's findings as cards."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        body = ScrollBody()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(0, 8, 8, 8)
        layout.setSpacing(8)
        self.machine_box = group_box(translate("SetupPage", "The machine"))
        box_layout = QVBoxLayout(self.machine_box)
        self.machine_line1 = plain(text_label("", bold=False, scale=1.1))
        self.machine_line2 = plain(text_label(""))
        box_layout.addWidget(self.machine_line1)
        box_layout.addWidget(self.machine_line2)
        layout.addWidget(self.machine_box)
        # no AMD GPU: what a plan made here is for (issue 18)
        self.no_gpu_note = note_frame("noGpuNote", "#c99a06", "#fdf0c4")
        ng = QVBoxLayout(self.no_gpu_note)
        self.no_gpu_label = text_label("")
        self.no_gpu_label.setStyleSheet(themed("color: #5c4300;"))
        ng.addWidget(self.no_gpu_label)
        self.no_gpu_note.setVisible(False)
        layout.addWidget(self.no_gpu_note)
        self.machine_state = text_label("")
        layout.addWidget(self.machine_state)
        self.findings_title = text_label(translate("SetupPage", "Before you start"), bold=True, scale=1.1)
        layout.addWidget(self.findings_title)
        self.findings_note = text_label("", small=True, muted=True)
        layout.addWidget(self.findings_note)
        self.findings_layout = QVBoxLayout()
        self.findings_layout.setSpacing(6)
        layout.addLayout(self.findings_layout)
        layout.addStretch(1)
        self.finding_cards: list[FindingCard] = []
        scrolled(self, body)

    def show_machine(self, lines: tuple[str, str] | None, no_gpu: str, findings_note: str | None,
                     findings: list[Finding]) -> None:
        """``lines``: None before a machine is known; ``findings_note``: None while there is no plan."""
        clear_layout(self.findings_layout)
        self.finding_cards = []
        self.machine_box.setVisible(lines is not None)
        self.no_gpu_note.setVisible(bool(no_gpu))
        self.no_gpu_label.setText(no_gpu)
        self.findings_title.setVisible(findings_note is not None)
        self.findings_note.setVisible(findings_note is not None)
        if lines is not None:
            self.machine_line1.setText(lines[0])
            self.machine_line2.setText(lines[1])
        if findings_note is None:
            return
        self.findings_note.setText(findings_note)
        for f in findings:
            card = FindingCard(f)
            self.finding_cards.append(card)
            self.findings_layout.addWidget(card)

    def show_state(self, text: str) -> None:
        self.machine_state.setText(text)
        self.machine_state.setVisible(bool(text))


class ChoicesStep(QScrollArea):
    """Step 2: the scope, the advice for PyTorch, the release, the driver and the old versions."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        body = ScrollBody()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(0, 8, 8, 8)
        layout.setSpacing(10)

        scope_box = group_box(translate("SetupPage", "What to install"))
        scope_layout = QVBoxLayout(scope_box)
        self.scope_group = QButtonGroup(self)
        self.scope_buttons: dict[str, QRadioButton] = {}
        self.scope_notes: dict[str, QLabel] = {}
        for scope in SCOPES:
            button = QRadioButton(present.scope_title(scope))
            plain(button)
            self.scope_group.addButton(button)
            self.scope_buttons[scope] = button
            scope_layout.addWidget(button)
            note = text_label(present.scope_meaning(scope), small=True, muted=True)
            note.setContentsMargins(24, 0, 0, 4)
            self.scope_notes[scope] = note
            scope_layout.addWidget(note)
        layout.addWidget(scope_box)

        # what the advice model says of PyTorch on this machine (for the release chosen below), in the Overview's
        # words, so Setup never tells the user something another page contradicts
        self.advice_box = group_box(translate("SetupPage", "PyTorch on this machine"))
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

        rel_box = group_box(translate("SetupPage", "ROCm release"))
        rel_layout = QVBoxLayout(rel_box)
        row = QHBoxLayout()
        label = plain(QLabel(translate("SetupPage", "&Release:")))
        row.addWidget(label)
        self.release_combo = QComboBox()
        plain(self.release_combo)
        self.release_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.release_combo.setMaxVisibleItems(16)
        label.setBuddy(self.release_combo)
        row.addWidget(self.release_combo)
        row.addStretch(1)
        rel_layout.addLayout(row)
        self.release_reason = plain(text_label(""))
        rel_layout.addWidget(self.release_reason)
        self.release_scope_note = plain(text_label("", small=True, muted=True))
        rel_layout.addWidget(self.release_scope_note)
        layout.addWidget(rel_box)

        more_box = group_box(translate("SetupPage", "Driver and old versions"))
        more_layout = QVBoxLayout(more_box)
        self.dkms_check = QCheckBox(translate("SetupPage", "Install AMD's amdgpu-&dkms kernel driver"))
        plain(self.dkms_check)
        more_layout.addWidget(self.dkms_check)
        self.dkms_why = plain(text_label("", small=True, muted=True))
        self.dkms_why.setContentsMargins(24, 0, 0, 4)
        more_layout.addWidget(self.dkms_why)
        self.cleanup_check = QCheckBox(translate("SetupPage", "Remove &other ROCm versions first"))
        plain(self.cleanup_check)
        more_layout.addWidget(self.cleanup_check)
        self.cleanup_why = plain(text_label(present.cleanup_why(True), small=True, muted=True))
        self.cleanup_why.setContentsMargins(24, 0, 0, 4)
        more_layout.addWidget(self.cleanup_why)
        layout.addWidget(more_box)
        self.user_note = text_label("", small=True, muted=True)
        layout.addWidget(self.user_note)
        layout.addStretch(1)
        scrolled(self, body)

    def fill_releases(self, items: list[tuple[str, str]], want: str | None) -> None:
        """Every release (label, version); ``want`` selected, else the first."""
        self.release_combo.clear()
        for text, version in items:
            self.release_combo.addItem(text, version)
        index = self.release_combo.findData(want) if want else -1
        self.release_combo.setCurrentIndex(max(index, 0))

    def show_advice(self, view: present.AdviceView | None) -> None:
        self.advice_box.setVisible(view is not None)
        if view is None:
            return
        self.advice_headline.setText(view.headline)
        self.advice_headline.setToolTip(view.headline_tip)
        self.advice_details.setText(view.details)
        self.advice_notes.setText(view.notes)
        self.advice_notes.setVisible(bool(view.notes))
        self.advice_notes.setToolTip(view.notes_tip)

    def show_choices(self, scope: str, scope_notes: dict[str, str], view: present.ChoicesView) -> None:
        for key, note in self.scope_notes.items():
            note.setText(scope_notes.get(key, ""))
        button = self.scope_buttons.get(scope)
        if button is not None:
            button.setChecked(True)
        self.release_reason.setText(view.release_reason)
        self.release_scope_note.setText(view.release_scope_note)
        self.release_scope_note.setVisible(bool(view.release_scope_note))
        if not view.has_plan:
            return
        self.dkms_check.setChecked(view.dkms)
        self.dkms_why.setText(view.dkms_why)
        self.cleanup_check.setChecked(view.cleanup)
        self.cleanup_check.setEnabled(view.cleanup_enabled)
        self.cleanup_why.setText(view.cleanup_why)
        self.user_note.setText(view.user_note)


class ReviewStep(QWidget):
    """Step 3: the plan in full, every step with its exact commands; save or copy it as a script."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 8, 0, 0)
        self.review_summary = text_label("", bold=True)
        layout.addWidget(self.review_summary)
        self.review_counts = text_label("", small=True, muted=True)
        layout.addWidget(self.review_counts)
        self.blocked_note = note_frame("blockedNote", "#c0392b", "#f8d5d2")
        blocked_layout = QVBoxLayout(self.blocked_note)
        self.blocked_label = text_label("")
        self.blocked_label.setStyleSheet(themed("color: #7d1a10;"))
        blocked_layout.addWidget(self.blocked_label)
        layout.addWidget(self.blocked_note)

        tools = QHBoxLayout()
        self.expand_button = QPushButton(translate("SetupPage", "Show all &commands"))
        self.expand_button.setCheckable(True)
        self.expand_button.toggled.connect(self.expand_all)
        tools.addWidget(self.expand_button)
        tools.addStretch(1)
        self.save_button = QPushButton(translate("SetupPage", "&Save as script…"))
        self.save_button.setToolTip(translate("SetupPage", "The plan as a bash script to read and run by hand"))
        tools.addWidget(self.save_button)
        self.copy_button = QPushButton(translate("SetupPage", "Cop&y script"))
        self.copy_button.setToolTip(translate("SetupPage", "Copy the plan's bash script to the clipboard"))
        tools.addWidget(self.copy_button)
        layout.addLayout(tools)
        self.script_status = text_label("", small=True, muted=True)
        self.script_status.setVisible(False)
        layout.addWidget(self.script_status)
        self.as_root_hint = text_label(translate(
            "SetupPage", "In the commands, “as_root” runs a command as root: the helper runs those steps for you, "
                         "and the saved script asks sudo for them."), small=True, muted=True)
        layout.addWidget(self.as_root_hint)

        body = ScrollBody()
        self.review_layout = QVBoxLayout(body)
        self.review_layout.setContentsMargins(0, 0, 8, 8)
        self.review_layout.setSpacing(0)
        layout.addWidget(scrolled(QScrollArea(), body), 1)
        self.review_rows: list[StepRow] = []

    def show_review(self, view: present.ReviewView | None) -> None:
        clear_layout(self.review_layout)
        self.review_rows = []
        if view is None:
            self.review_summary.setText("")
            self.review_counts.setText("")
            self.blocked_note.setVisible(False)
            return
        self.review_summary.setText(view.summary)
        self.review_counts.setText(view.counts)
        self.blocked_note.setVisible(bool(view.blocked))
        if view.blocked:
            self.blocked_label.setText(view.blocked)
        for step in view.steps:
            row = StepRow(step.number, step.title, step.why, step.root, step.state, step.commands)
            row.set_expanded(self.expand_button.isChecked())
            self.review_rows.append(row)
            self.review_layout.addWidget(row)
        if not view.steps:
            self.review_layout.addWidget(text_label(translate("SetupPage", "The plan has no steps."), muted=True))
        self.review_layout.addStretch(1)
        self.save_button.setEnabled(bool(view.steps))
        self.copy_button.setEnabled(bool(view.steps))

    def expand_all(self, on: bool) -> None:
        for row in self.review_rows:
            row.set_expanded(on)
        self.expand_button.setText(translate("SetupPage", "Hide all &commands") if on
                                   else translate("SetupPage", "Show all &commands"))
