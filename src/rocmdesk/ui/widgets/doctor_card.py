"""A Doctor finding: severity (word and colour), title, where it was seen, the evidence quoted, and the fix.

An automatic fix gets a Fix button (the page opens its review); every fix step with a command gets a
Copy button.  Catalogue text (titles, summaries, fix steps) is data: it goes through
``QCoreApplication.translate`` with the English text as the key, so a translation can cover it.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from rocmdesk.ui.theme import themed
from rocmdesk.ui.widgets.advice_text import sources_label
from rocmdesk.ui.widgets.command_row import CommandRow
from rocmdesk.ui.widgets.finding_card import SEVERITY_COLOURS, severity_pill
from rocmdesk.ui.widgets.text import CopyableLabel, text_label

EVIDENCE_LINES = 8  # quoted lines shown; the rest are counted (a pasted log can match hundreds of times)
EVIDENCE_CHARS = 400  # one quoted line is cut here: a minified traceback line must not widen the page


def catalogue_text(text: str) -> str:
    """A catalogue string (English), translated when a translation has it."""
    return QCoreApplication.translate("rocmdesk.doctor", text) if text else text


def has_auto_fix(finding: Any) -> bool:
    fix = getattr(finding, "fix", None)
    return fix is not None and fix.kind == "auto" and getattr(fix, "plan", None) is not None \
        and bool(getattr(fix.plan, "steps", None))


class DoctorFindingCard(QFrame):
    fixRequested = Signal(object)  # the Finding
    copied = Signal(str)

    def __init__(self, finding: Any, origin: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.finding = finding
        self.setObjectName("doctorCard")
        self._accent = SEVERITY_COLOURS.get(finding.severity, SEVERITY_COLOURS["info"])[0]
        self.set_highlighted(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 6, 10, 8)
        layout.setSpacing(4)

        head = QHBoxLayout()
        self.pill = severity_pill(finding.severity, self.severity_text(finding.severity))
        head.addWidget(self.pill, 0, Qt.AlignmentFlag.AlignTop)
        self.title = text_label(catalogue_text(finding.title), bold=True)
        head.addWidget(self.title, 1)
        self.ident = text_label(finding.id, small=True, muted=True)
        self.ident.setWordWrap(False)
        self.ident.setToolTip(self.tr("The finding's id, for searching and bug reports"))
        head.addWidget(self.ident, 0, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(head)
        # a screen reader hears the severity word with the title, as a sighted user sees them together
        self.setAccessibleName(self.tr("{severity}: {title}").format(severity=self.pill.text(),
                                                                     title=self.title.text()))

        self.origin = text_label(origin, small=True, muted=True)
        self.origin.setVisible(bool(origin))
        layout.addWidget(self.origin)
        summary = getattr(finding, "summary", "") or ""
        self.summary = text_label(catalogue_text(summary))
        self.summary.setVisible(bool(summary))
        layout.addWidget(self.summary)

        evidence = [e if len(e) <= EVIDENCE_CHARS else e[:EVIDENCE_CHARS] + "…" for e in finding.evidence]
        self.evidence_title = text_label(self.tr("Seen:"), small=True, bold=True)
        self.evidence_title.setVisible(bool(evidence))
        layout.addWidget(self.evidence_title)
        shown = evidence[:EVIDENCE_LINES]
        if len(evidence) > EVIDENCE_LINES:
            shown.append(self.tr("… and {n} more lines (all of them are in the saved report)").format(
                n=len(evidence) - EVIDENCE_LINES))
        self.evidence = CopyableLabel()
        self.evidence.setObjectName("evidence")
        self.evidence.setTextFormat(Qt.TextFormat.PlainText)  # machine text may contain '<'
        self.evidence.setText("\n".join(shown))
        self.evidence.setWordWrap(True)
        from rocmdesk.ui.widgets.code_view import mono_font

        self.evidence.setFont(mono_font())
        self.evidence.setStyleSheet("#evidence { border-left: 3px solid palette(mid); padding: 2px 6px; "
                                    "background: palette(alternate-base); }")
        self.evidence.setAccessibleName(self.tr("Evidence"))
        self.evidence.setVisible(bool(evidence))
        layout.addWidget(self.evidence)

        fix = finding.fix
        self.auto = has_auto_fix(finding)
        steps = list(getattr(fix, "steps", []) or [])
        self.fix_title = text_label(self.tr("Fix:"), small=True, bold=True)
        self.fix_title.setVisible(bool(steps) or self.auto)
        layout.addWidget(self.fix_title)
        self.fix_button: QPushButton | None = None
        self.fix_note: QLabel | None = None
        if self.auto:  # first: the way that needs no typing
            row = QHBoxLayout()
            self.fix_button = QPushButton(self.tr("Fix…"))
            self.fix_button.setAutoDefault(False)
            self.fix_button.setToolTip(self.tr("Review the fix's steps and exact commands; nothing changes until "
                                               "you run it, with one password prompt"))
            self.fix_button.setAccessibleName(self.tr("Fix: {title}").format(title=self.title.text()))
            self.fix_button.clicked.connect(lambda: self.fixRequested.emit(self.finding))
            row.addWidget(self.fix_button, 0, Qt.AlignmentFlag.AlignTop)
            self.fix_note = text_label(self.tr("rocmdesk shows every step and command first, then asks for your "
                                               "password once."), small=True, muted=True)
            row.addWidget(self.fix_note, 1)
            layout.addLayout(row)
            if steps:
                layout.addWidget(text_label(self.tr("Or by hand:"), small=True, bold=True))
        self.steps: list[QLabel] = []
        self.commands: list[CommandRow] = []
        for n, step in enumerate(steps, 1):
            text = catalogue_text(step.text)
            label = text_label(self.tr("{n}. {text}").format(n=n, text=text) if len(steps) > 1 else text)
            self.steps.append(label)
            layout.addWidget(label)
            if step.command:
                row = CommandRow(step.command, self.tr("the command of fix step {n}").format(n=n))
                row.copied.connect(self.copied)
                self.commands.append(row)
                layout.addWidget(row)

        # the same readable names and links as the Overview's cards (one way to cite a fact in the whole window)
        keys = [k.strip() for k in str(getattr(finding, "source", None) or "").split(",") if k.strip()]
        self.source = sources_label(keys, self.tr("Source:") if len(keys) == 1 else self.tr("Sources:"))
        self.source.setVisible(bool(keys))
        layout.addWidget(self.source)

    def severity_text(self, severity: str) -> str:
        return {"error": self.tr("Error"), "blocker": self.tr("Blocker"), "warning": self.tr("Warning"),
                "info": self.tr("Note")}.get(severity, severity)

    def set_highlighted(self, on: bool) -> None:
        """A finding the user was sent to (from the Sanity check) stands out until the next check."""
        border = f"2px solid {self._accent}" if on else "1px solid palette(mid)"
        self.setStyleSheet(themed(f"#doctorCard {{ border: {border}; border-left: 5px solid {self._accent}; "
                                  "border-radius: 4px; }"))
        self.highlighted = on

    def first_control(self) -> QWidget | None:
        """Where keyboard focus lands when the page is sent to this finding."""
        if self.fix_button is not None:
            return self.fix_button
        if self.commands:
            return self.commands[0].copy_button
        return None
