"""A page that is not built yet says so, and what it will do."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QVBoxLayout, QWidget

from rocmdesk.ui.widgets.text import text_label


class PlaceholderPage(QWidget):
    def __init__(self, title: str, purpose: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 12, 16, 12)
        layout.addWidget(text_label(title, bold=True, scale=1.5))
        self.purpose = text_label(purpose)
        layout.addWidget(self.purpose)
        self.status = text_label(self.tr("Not built yet."), muted=True)
        layout.addWidget(self.status)
        layout.addStretch(1)
        layout.setAlignment(Qt.AlignmentFlag.AlignTop)
