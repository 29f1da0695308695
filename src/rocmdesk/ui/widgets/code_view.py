"""Read-only monospace text that is exactly as tall as its (wrapped) lines: a command to read and copy."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QFontDatabase, QResizeEvent, QTextOption
from PySide6.QtWidgets import QFrame, QPlainTextEdit, QSizePolicy, QWidget


def mono_font():
    return QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)


class CodeView(QPlainTextEdit):
    """Wraps at the widget's width (anywhere, so a long URL never widens the page) and grows to fit;
    ``max_lines`` caps the height, after which it scrolls (a long log)."""

    def __init__(self, text: str = "", parent: QWidget | None = None, max_lines: int | None = None) -> None:
        super().__init__(parent)
        self.max_lines = max_lines
        self.setReadOnly(True)
        font = mono_font()
        font.setBold(False)  # set, so a bold group-box title is not inherited
        self.setFont(font)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.setWordWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setTabChangesFocus(True)  # Tab moves on, as everywhere else in a form
        self.document().documentLayout().documentSizeChanged.connect(self._fit)
        self.setPlainText(text)

    def _lines(self) -> int:
        # the plain-text layout measures its document in lines (wrapped lines counted)
        return max(1, int(self.document().documentLayout().documentSize().height()))

    def _height_for(self, lines: int) -> int:
        margins = self.contentsMargins()
        doc = int(self.document().documentMargin() * 2)
        return lines * self.fontMetrics().lineSpacing() + margins.top() + margins.bottom() + doc + 2

    def _fit(self, *_: object) -> None:
        lines = self._lines()
        if self.max_lines is not None:
            lines = min(lines, self.max_lines)
        self.setFixedHeight(self._height_for(lines))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def sizeHint(self) -> QSize:
        return QSize(super().sizeHint().width(), self.height())
