"""The Doctor's empty result: a green frame that says nothing known was found, and what the check looked for."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QFrame, QGridLayout, QVBoxLayout, QWidget

from rocmdesk.ui.theme import themed
from rocmdesk.ui.widgets.text import text_label

translate = QCoreApplication.translate  # the Doctor page's context: its translations stay


class DoctorEmptyState(QFrame):
    """``checked``: the titles of what was looked for, translated; ``in_output``: how many more only output shows."""

    def __init__(self, where: str, checked: list[str], in_output: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("doctorEmpty")
        self.setStyleSheet(themed("#doctorEmpty { border: 1px solid #2e8b47; border-left: 5px solid #2e8b47; "
                                  "border-radius: 4px; background: #e6f4e9; } "
                                  "#doctorEmpty QLabel { color: #114d22; }"))
        layout = QVBoxLayout(self)
        self.title = text_label(translate("DoctorPage", "✓ No known problem found on {where}.").format(where=where),
                                bold=True)
        layout.addWidget(self.title)
        self.what = text_label(translate("DoctorPage", "The machine check looked for these {n} known problems:").format(
            n=len(checked)) if checked else "", small=True)
        self.what.setVisible(bool(checked))
        layout.addWidget(self.what)
        grid = QGridLayout()
        grid.setContentsMargins(8, 0, 0, 0)
        grid.setHorizontalSpacing(16)
        grid.setVerticalSpacing(1)
        half = (len(checked) + 1) // 2  # two columns, read down the first then the second
        for i, item in enumerate(checked):
            grid.addWidget(text_label(f"• {item}", small=True), i % half, i // half, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(grid)
        self.output = text_label(translate(
            "DoctorPage", "{n} more show only in output — a crash, an out-of-memory error, a driver fault in the "
                          "kernel log: paste it in the box below.").format(n=in_output) if in_output else "",
            small=True)
        self.output.setVisible(bool(in_output))
        layout.addWidget(self.output)
