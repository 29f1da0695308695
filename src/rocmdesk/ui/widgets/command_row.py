"""A shell command to read and copy: the command in a monospace box, and a Copy button beside it."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QWidget

from rocmdesk.ui.widgets.code_view import CodeView


class CommandRow(QWidget):
    copied = Signal(str)

    def __init__(self, command: str = "", what: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.view = CodeView(command)
        if what:
            self.view.setAccessibleName(what)
        layout.addWidget(self.view, 1)
        self.copy_button = QPushButton(self.tr("Copy"))
        self.copy_button.setAutoDefault(False)
        self.copy_button.setToolTip(self.tr("Copy the command to the clipboard"))
        if what:
            self.copy_button.setAccessibleName(self.tr("Copy {what}").format(what=what))
        self.copy_button.clicked.connect(self.copy)
        layout.addWidget(self.copy_button, 0, Qt.AlignmentFlag.AlignTop)

    def text(self) -> str:
        return self.view.toPlainText()

    def set_text(self, command: str) -> None:
        self.view.setPlainText(command)
        self.copy_button.setText(self.tr("Copy"))
        self.copy_button.setEnabled(bool(command))

    def copy(self) -> None:
        QGuiApplication.clipboard().setText(self.text())
        self.copy_button.setText(self.tr("Copied"))
        self.copied.emit(self.text())
