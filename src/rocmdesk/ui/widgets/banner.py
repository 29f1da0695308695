"""The strip that says, all the time, that the machine on screen is not this computer."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QPushButton, QWidget

from rocmdesk.ui.widgets.text import text_label


class MachineBanner(QFrame):
    backRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("machineBanner")
        self.setStyleSheet(
            "#machineBanner { background: #5b2c83; border: none; }"
            "#machineBanner QLabel { color: white; font-weight: bold; }"
        )
        layout = QHBoxLayout(self)
        layout.setContentsMargins(12, 6, 8, 6)
        self.label = text_label("")
        # a wrapped label's minimum size hint is its text wrapped to a narrow column (124 px here), which the window
        # then refuses to go below on a 700 px screen; two lines is the least it needs, the layout gives it more
        # height for width when it wraps further
        self.label.setMinimumHeight(2 * self.label.fontMetrics().lineSpacing())
        layout.addWidget(self.label, 1)
        self.back_button = QPushButton(self.tr("Back to the real machine"))
        self.back_button.clicked.connect(self.backRequested)
        layout.addWidget(self.back_button)
        self.setVisible(False)

    def show_for(self, simulated: str | None, root: str | None) -> None:
        """A simulated machine (its description), else a --root tree, else nothing to say."""
        if simulated is not None:
            self.label.setText(self.tr("Simulated machine: {description} — nothing here is your real computer")
                               .format(description=simulated))
            self.back_button.setText(self.tr("Back to the real machine") if root is None
                                     else self.tr("Back to the machine tree"))
            self.back_button.setVisible(True)
        elif root is not None:
            self.label.setText(self.tr("Captured machine tree: {root} — not this computer").format(root=root))
            self.back_button.setVisible(False)  # nothing else to go back to
        self.setVisible(simulated is not None or root is not None)
