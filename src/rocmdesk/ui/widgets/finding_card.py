"""A preflight finding: how serious, what, the evidence that was seen, and the fix."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from rocmdesk.setup.preflight import Finding
from rocmdesk.ui.theme import themed
from rocmdesk.ui.widgets.text import text_label

# severity -> (accent, pill background, pill text), as the GPU card's verdict colours
SEVERITY_COLOURS: dict[str, tuple[str, str, str]] = {
    "blocker": ("#c0392b", "#f8d5d2", "#7d1a10"),
    "error": ("#c0392b", "#f8d5d2", "#7d1a10"),  # the Doctor's word for what stops the GPU from working
    "warning": ("#d9661a", "#fde1cc", "#7a3300"),
    "info": ("#8a8a8a", "#e4e4e4", "#333333"),
}


class FindingCard(QFrame):
    def __init__(self, finding: Finding, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.finding = finding
        accent = SEVERITY_COLOURS.get(finding.severity, SEVERITY_COLOURS["info"])[0]
        self.setObjectName("findingCard")
        self.setStyleSheet(themed(f"#findingCard {{ border: 1px solid palette(mid); border-left: 5px solid {accent}; "
                                  "border-radius: 4px; }"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 6, 10, 8)
        layout.setSpacing(3)
        head = QHBoxLayout()
        self.pill = severity_pill(finding.severity, self.severity_text(finding.severity))
        head.addWidget(self.pill, 0, Qt.AlignmentFlag.AlignTop)
        self.title = text_label(finding.title, bold=True)
        head.addWidget(self.title, 1)
        self.ident = text_label(finding.id, small=True, muted=True)
        self.ident.setWordWrap(False)
        self.ident.setToolTip(self.tr("The finding's id, for searching and bug reports"))
        head.addWidget(self.ident, 0, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(head)
        self.evidence = [text_label(self.tr("Seen: {evidence}").format(evidence=e), small=True, muted=True)
                         for e in finding.evidence]
        for label in self.evidence:
            layout.addWidget(label)
        self.fix = text_label(self.tr("Fix: {fix}").format(fix=finding.fix), small=True) if finding.fix else None
        if self.fix is not None:
            layout.addWidget(self.fix)

    def severity_text(self, severity: str) -> str:
        return {"blocker": self.tr("Blocker"), "error": self.tr("Error"), "warning": self.tr("Warning"),
                "info": self.tr("Note")}.get(severity, severity)


def severity_pill(severity: str, word: str) -> QLabel:
    """The severity as a word on its colour: the colour helps, the word carries the meaning."""
    _, fill, ink = SEVERITY_COLOURS.get(severity, SEVERITY_COLOURS["info"])
    pill = QLabel(word)
    pill.setStyleSheet(themed(f"QLabel {{ background: {fill}; color: {ink}; font-weight: bold; "
                              "border-radius: 3px; padding: 1px 6px; }"))
    return pill
