"""One plan step as a row: a state pill, its number and title, why it is needed, and (on demand) its command.

The review page shows rows with ``done`` / ``todo`` marks and an expander for the exact shell lines;
the run page shows the same rows without commands, whose state follows the helper's events.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QToolButton, QVBoxLayout, QWidget

from rocmdesk.ui.theme import themed
from rocmdesk.ui.widgets.code_view import CodeView
from rocmdesk.ui.widgets.text import text_label

# state -> (pill background, pill text).  Dark text on light fills reads in light and dark themes.
STATE_COLOURS: dict[str, tuple[str, str]] = {
    "done": ("#d7f0dd", "#114d22"),
    "todo": ("#fdf0c4", "#5c4300"),
    "waiting": ("#e4e4e4", "#333333"),
    "running": ("#d4e6fb", "#0b3a6e"),
    "ok": ("#d7f0dd", "#114d22"),
    "skipped": ("#e4efe6", "#2c4a33"),
    "failed": ("#f8d5d2", "#7d1a10"),
    "not-run": ("#eeeeee", "#555555"),
}
STATES = tuple(STATE_COLOURS)


class StepRow(QFrame):
    toggled = Signal(bool)

    def __init__(self, number: int, title: str, why: str, root: bool, state: str,
                 commands: str | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("stepRow")
        self.setStyleSheet(themed("#stepRow { border-bottom: 1px solid palette(midlight); }"))
        self.number = number
        self.state = ""
        outer = QVBoxLayout(self)
        outer.setContentsMargins(4, 6, 4, 6)
        outer.setSpacing(3)

        head = QHBoxLayout()
        head.setSpacing(8)
        self.toggle: QToolButton | None = None
        if commands is not None:
            self.toggle = QToolButton()
            self.toggle.setCheckable(True)
            self.toggle.setAutoRaise(True)
            self.toggle.setArrowType(Qt.ArrowType.RightArrow)
            self.toggle.setToolTip(self.tr("Show the exact command"))
            self.toggle.setAccessibleName(self.tr("Show the command of step {n}").format(n=number))
            self.toggle.toggled.connect(self.set_expanded)
            head.addWidget(self.toggle, 0, Qt.AlignmentFlag.AlignTop)
        self.pill = QLabel()
        self.pill.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.pill.setMinimumWidth(78)
        head.addWidget(self.pill, 0, Qt.AlignmentFlag.AlignTop)
        self.title = text_label(self.tr("{n}. {title}").format(n=number, title=title), bold=True)
        head.addWidget(self.title, 1)
        self.who = text_label(self.tr("as root") if root else self.tr("as you"), small=True, muted=True)
        self.who.setWordWrap(False)
        self.who.setToolTip(self.tr("Runs through the root helper") if root
                            else self.tr("A check that needs no root"))
        head.addWidget(self.who, 0, Qt.AlignmentFlag.AlignTop)
        outer.addLayout(head)

        indent = 78 + 8 + (30 if self.toggle else 0)
        self.why = text_label(why, small=True)
        self.why.setContentsMargins(indent, 0, 0, 0)
        self.why.setVisible(bool(why))
        outer.addWidget(self.why)
        self.message = text_label("", small=True, muted=True)
        self.message.setContentsMargins(indent, 0, 0, 0)
        self.message.setVisible(False)
        outer.addWidget(self.message)
        self.command: CodeView | None = None
        if commands is not None:
            self.command = CodeView(commands)
            self.command.setAccessibleName(self.tr("Command of step {n}").format(n=number))
            wrap = QHBoxLayout()
            wrap.setContentsMargins(indent, 2, 0, 2)
            wrap.addWidget(self.command)
            self.command_box = QWidget()
            self.command_box.setLayout(wrap)
            self.command_box.setVisible(False)
            outer.addWidget(self.command_box)
        self.set_state(state)

    def state_text(self, state: str) -> str:
        return {
            "done": self.tr("✓ done"),
            "todo": self.tr("to do"),
            "waiting": self.tr("waiting"),
            "running": self.tr("running…"),
            "ok": self.tr("✓ ok"),
            "skipped": self.tr("skipped"),
            "failed": self.tr("✗ failed"),
            "not-run": self.tr("not run"),
        }.get(state, state)

    def set_state(self, state: str, message: str | None = None) -> None:
        self.state = state
        fill, ink = STATE_COLOURS.get(state, STATE_COLOURS["waiting"])
        self.pill.setText(self.state_text(state))
        self.pill.setStyleSheet(themed(f"QLabel {{ background: {fill}; color: {ink}; font-weight: bold; "
                                       "border-radius: 3px; padding: 2px 6px; }"))
        if message is not None:
            self.message.setText(message)
            self.message.setVisible(bool(message))

    @property
    def expanded(self) -> bool:
        return self.command is not None and self.command_box.isVisibleTo(self)

    def set_expanded(self, on: bool) -> None:
        if self.command is None or self.toggle is None:
            return
        self.command_box.setVisible(on)
        self.toggle.setArrowType(Qt.ArrowType.DownArrow if on else Qt.ArrowType.RightArrow)
        self.toggle.setToolTip(self.tr("Hide the command") if on else self.tr("Show the exact command"))
        if self.toggle.isChecked() != on:
            self.toggle.setChecked(on)
        self.toggled.emit(on)
