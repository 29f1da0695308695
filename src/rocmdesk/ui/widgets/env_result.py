"""The Environments page's result note: what the last action did (saved, applied, exported…), in a coloured box.

An action's report can run to many lines (one per activate script, long paths, a note); the box shows at most a
few of them and scrolls the rest, so it never raises the page's minimum height past a laptop screen (it once grew
a 1024×700 window to 1127 px on a 1000 px screen).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QSize, Qt
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QVBoxLayout, QWidget

from rocmdesk.ui.theme import themed
from rocmdesk.ui.widgets.command_row import CommandRow
from rocmdesk.ui.widgets.text import text_label

# (border, fill, ink) per level
COLOURS = {"ok": ("#2e8b47", "#e6f4e9", "#114d22"), "error": ("#c0392b", "#f8d5d2", "#7d1a10"),
           "warning": ("#d9661a", "#fde1cc", "#5c2500")}
MOST_LINES, LEAST_LINES = 4, 2  # the box's text shows this many lines at most, and asks for at least this many


class _CappedText(QScrollArea):
    """A word-wrapped label that asks for its text's height up to ``MOST_LINES`` lines and scrolls beyond."""

    def __init__(self, label: QLabel) -> None:
        super().__init__()
        self.label = label
        self.setWidget(label)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.viewport().setAutoFillBackground(False)
        label.setAutoFillBackground(False)
        self._measure = QLabel()
        self._measure.setWordWrap(True)
        self._measure.setTextFormat(Qt.TextFormat.PlainText)

    def _height(self, lines: int | None = None) -> int:
        """The label's height at the box's width for its first ``lines`` lines (all: None), measured on a copy,
        so the box ends on a whole line whatever fonts the text falls back to (Chinese lines are taller)."""
        text = self.label.text()
        if not text:
            return 0
        if lines is not None:
            text = "\n".join(text.split("\n")[:lines])
        self._measure.setFont(self.label.font())
        self._measure.setText(text)
        return self._measure.heightForWidth(max(self.viewport().width(), 200))

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        return QSize(super().sizeHint().width(), self._height(MOST_LINES))

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        return QSize(0, self._height(LEAST_LINES))

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self.updateGeometry()  # a new width wraps the text anew


class ResultNote(QFrame):
    """Hidden until ``say``; ``clear`` hides it again (another machine makes the last result stale)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("resultNote")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 6)
        self.label = text_label("")
        self.label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.text_area = _CappedText(self.label)
        layout.addWidget(self.text_area)
        self.command = CommandRow("", QCoreApplication.translate("EnvironmentsPage", "the command to run"))
        layout.addWidget(self.command)
        self.setVisible(False)
        self.last: tuple[str, str, str | None] | None = None  # (level, text, command) of the last message

    def say(self, text: str, level: str = "ok", command: str | None = None) -> None:
        border, fill, ink = COLOURS[level]
        self.setStyleSheet(themed(f"#resultNote {{ border: 1px solid {border}; border-radius: 4px; "
                                  f"background: {fill}; }} #resultNote QLabel {{ color: {ink}; }}"))
        self.label.setText(text)
        self.text_area.verticalScrollBar().setValue(0)
        self.text_area.updateGeometry()
        self.command.set_text(command or "")
        self.command.setVisible(bool(command))
        self.setVisible(True)
        self.last = (level, text, command)

    def clear(self) -> None:
        self.setVisible(False)
        self.label.setText("")
        self.command.set_text("")
        self.last = None
