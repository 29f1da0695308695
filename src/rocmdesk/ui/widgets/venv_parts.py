"""Parts the PyTorch and Sanity pages share: a folder chooser that starts where the typed path is, and a log box."""

from __future__ import annotations

import os

from PySide6.QtWidgets import QFileDialog, QPlainTextEdit, QWidget

from rocmdesk.ui.widgets.code_view import mono_font


def choose_folder(parent: QWidget, title: str, current: str) -> str:
    """A folder from the dialog, opened at ``current`` or its nearest existing parent ('' when cancelled)."""
    start = current or os.path.expanduser("~")
    while start and not os.path.isdir(start) and os.path.dirname(start) != start:
        start = os.path.dirname(start)
    return QFileDialog.getExistingDirectory(parent, title, start)


def log_box(placeholder: str, max_lines: int, shown_lines: int) -> QPlainTextEdit:
    """A read-only, unwrapped monospace log that keeps its last ``max_lines`` and is ``shown_lines`` tall."""
    log = QPlainTextEdit()
    log.setReadOnly(True)
    font = mono_font()
    font.setBold(False)  # set, so a group box's bold title font is not inherited
    log.setFont(font)
    log.setMaximumBlockCount(max_lines)
    log.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
    log.setTabChangesFocus(True)
    log.setPlaceholderText(placeholder)
    log.setFixedHeight(log.fontMetrics().lineSpacing() * shown_lines + 12)
    return log
