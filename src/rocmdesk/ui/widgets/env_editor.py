"""The Environments page's profile form: name, folders, notes, the variables table, and a footer with the
form's status beside Discard and Save.

The fields and the table scroll inside the form, with minimum sizes that hold (four variable rows at least), so
a laptop screen scrolls the form instead of crushing it; the footer stays in view below them.  The lines that
come and go while the user types (the status, the notes about the folders) sit in the footer with their space
reserved, so typing never moves the fields below the one typed in.  The widget only shows things; the page
decides what (``ui/presenters/environments.py``).  Its strings keep the page's translation context.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QScrollArea,
    QTableWidgetItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from rocmdesk.ui.presenters.environments import RowCheck
from rocmdesk.ui.theme import themed
from rocmdesk.ui.widgets.focus import TabLeavingTable
from rocmdesk.ui.widgets.text import text_label

translate = QCoreApplication.translate

KEY, VALUE, CHECK = range(3)
ERROR_INK, WARNING_INK, OK_INK = "#a12a1d", "#8a4b00", "#2b6b3b"
MIN_VAR_ROWS = 4  # the variables table never shows fewer rows than this: the form scrolls instead
MARKS = {"error": "✗ ", "warning": "⚠ ", "ok": "✓", "preset": "✓ ", "empty": ""}


def _plain(w: QWidget) -> QWidget:
    """Not bold: the group box's bold title font would otherwise pass to every child."""
    f = w.font()
    f.setBold(False)
    w.setFont(f)
    return w


def _reserve_lines(label: QLabel, lines: int) -> None:
    """Keep room for ``lines`` lines of ``label`` whether it shows text or not, so it appearing moves nothing."""
    label.setMinimumHeight(label.fontMetrics().lineSpacing() * lines + 2)
    label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)


class ProfileEditor(QGroupBox):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(translate("EnvironmentsPage", "Profile"), parent)
        font = self.font()
        font.setBold(True)
        self.setFont(font)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(8, 4, 8, 6)

        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        body = _plain(QWidget())
        ed = QVBoxLayout(body)
        ed.setContentsMargins(0, 0, 4, 0)
        self._build_fields(ed)
        self._build_variables(ed)
        self.hooks_label = _plain(text_label("", small=True, muted=True))
        ed.addWidget(self.hooks_label)
        self.scroll.setWidget(body)
        outer.addWidget(self.scroll, 1)
        self._build_footer(outer)

    def _build_fields(self, ed: QVBoxLayout) -> None:
        grid = QGridLayout()
        grid.setHorizontalSpacing(8)
        name_label = _plain(QLabel(translate("EnvironmentsPage", "Nam&e:")))
        self.name_edit = _plain(QLineEdit())
        self.name_edit.setPlaceholderText(translate("EnvironmentsPage", "letters, digits, . _ - (e.g. my-project)"))
        name_label.setBuddy(self.name_edit)
        grid.addWidget(name_label, 0, 0)
        grid.addWidget(self.name_edit, 0, 1, 1, 2)
        project_label = _plain(QLabel(translate("EnvironmentsPage", "Pro&ject folder:")))
        self.project_edit = _plain(QLineEdit())
        project_label.setBuddy(self.project_edit)
        self.project_browse = _plain(QPushButton(translate("EnvironmentsPage", "Browse…")))
        self.project_browse.setAccessibleName(translate("EnvironmentsPage", "Browse for the project folder"))
        grid.addWidget(project_label, 1, 0)
        grid.addWidget(self.project_edit, 1, 1)
        grid.addWidget(self.project_browse, 1, 2)
        venv_label = _plain(QLabel(translate("EnvironmentsPage", "&Venv:")))
        self.venv_edit = _plain(QLineEdit())
        venv_label.setBuddy(self.venv_edit)
        self.venv_browse = _plain(QPushButton(translate("EnvironmentsPage", "Browse…")))
        self.venv_browse.setAccessibleName(translate("EnvironmentsPage", "Browse for the venv"))
        grid.addWidget(venv_label, 2, 0)
        grid.addWidget(self.venv_edit, 2, 1)
        grid.addWidget(self.venv_browse, 2, 2)
        notes_label = _plain(QLabel(translate("EnvironmentsPage", "N&otes:")))
        self.notes_edit = _plain(QLineEdit())
        notes_label.setBuddy(self.notes_edit)
        grid.addWidget(notes_label, 3, 0)
        grid.addWidget(self.notes_edit, 3, 1, 1, 2)
        grid.setColumnStretch(1, 1)
        ed.addLayout(grid)

    def _build_variables(self, ed: QVBoxLayout) -> None:
        vars_head = QHBoxLayout()
        vars_label = _plain(QLabel(translate("EnvironmentsPage", "Variables")))
        vars_head.addWidget(vars_label)
        vars_head.addStretch(1)
        self.add_var_button = _plain(QPushButton(translate("EnvironmentsPage", "Add var&iable")))
        self.remove_var_button = _plain(QPushButton(translate("EnvironmentsPage", "Remove varia&ble")))
        self.preset_button = _plain(QToolButton())
        self.preset_button.setText(translate("EnvironmentsPage", "Presets from this mac&hine"))
        self.preset_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.preset_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.preset_menu = QMenu(self.preset_button)
        self.preset_button.setMenu(self.preset_menu)
        for b in (self.add_var_button, self.remove_var_button):
            b.setAutoDefault(False)
        vars_head.addWidget(self.preset_button)
        vars_head.addWidget(self.add_var_button)
        vars_head.addWidget(self.remove_var_button)
        ed.addLayout(vars_head)
        # what the presets and the Check column go by: the advice, in the Overview's words
        self.advice_label = _plain(text_label("", small=True, muted=True))
        ed.addWidget(self.advice_label)
        self.vars_table = _plain(TabLeavingTable(0, 3))
        t = self.vars_table
        t.setHorizontalHeaderLabels([translate("EnvironmentsPage", "Variable"), translate("EnvironmentsPage", "Value"),
                                     translate("EnvironmentsPage", "Check")])
        t.verticalHeader().setVisible(False)
        t.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        t.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        t.setTabKeyNavigation(True)
        t.setWordWrap(True)
        t.setAccessibleName(translate("EnvironmentsPage", "Variables"))
        vh = t.horizontalHeader()
        vh.setSectionResizeMode(KEY, QHeaderView.ResizeMode.Interactive)
        vh.setSectionResizeMode(VALUE, QHeaderView.ResizeMode.Interactive)
        vh.setSectionResizeMode(CHECK, QHeaderView.ResizeMode.Stretch)
        t.setColumnWidth(KEY, 230)  # HSA_OVERRIDE_GFX_VERSION fits; the Check column gets the rest
        t.setColumnWidth(VALUE, 190)
        rows = t.verticalHeader().defaultSectionSize() * MIN_VAR_ROWS
        t.setMinimumHeight(vh.sizeHint().height() + rows + 2 * t.frameWidth())
        vars_label.setBuddy(t)
        ed.addWidget(t, 1)

    def _build_footer(self, outer: QVBoxLayout) -> None:
        # the form's status and the notes about the folders, beside Discard and Save: their lines are reserved
        # (see the module's doc)
        bottom = QHBoxLayout()
        lines = QVBoxLayout()
        lines.setSpacing(0)
        self.check_label = _plain(text_label(""))
        _reserve_lines(self.check_label, 1)
        lines.addWidget(self.check_label)
        self.folder_note = _plain(text_label("", small=True, muted=True))
        _reserve_lines(self.folder_note, 2)
        lines.addWidget(self.folder_note)
        bottom.addLayout(lines, 1)
        self.revert_button = _plain(QPushButton(translate("EnvironmentsPage", "Discard chan&ges")))
        self.save_button = _plain(QPushButton(translate("EnvironmentsPage", "&Save")))
        self.save_button.setToolTip(translate("EnvironmentsPage", "Save the profile (Ctrl+S); applied hooks are "
                                                                  "rewritten"))
        for b in (self.revert_button, self.save_button):
            b.setAutoDefault(False)
            bottom.addWidget(b, 0, Qt.AlignmentFlag.AlignBottom)  # they stay put when the lines grow
        outer.addLayout(bottom)

    # -- the variables table ----------------------------------------------------------------------------------
    def rows(self) -> tuple[tuple[str, str], ...]:
        out = []
        for row in range(self.vars_table.rowCount()):
            k, v = self.vars_table.item(row, KEY), self.vars_table.item(row, VALUE)
            out.append((k.text() if k else "", v.text() if v else ""))
        return tuple(out)

    def set_rows(self, env: dict[str, str]) -> None:
        self.vars_table.setRowCount(0)
        for key, value in env.items():
            self.append_row(key, value)

    def append_row(self, key: str, value: str) -> int:
        t = self.vars_table
        row = t.rowCount()
        t.insertRow(row)
        t.setItem(row, KEY, QTableWidgetItem(key))
        t.setItem(row, VALUE, QTableWidgetItem(value))
        check = QTableWidgetItem("")
        check.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
        t.setItem(row, CHECK, check)
        return row

    def show_checks(self, checks: list[RowCheck]) -> None:
        """Each row's check in the Check column (mark, message, ink), its whole reason as every cell's tooltip."""
        for row, check in enumerate(checks):
            item = self.vars_table.item(row, CHECK)
            if item is None:
                continue
            item.setText(MARKS[check.level] + check.message)
            full = check.why or check.message
            item.setToolTip(full)
            ink = {"error": ERROR_INK, "warning": WARNING_INK}.get(check.level, OK_INK)
            item.setForeground(QBrush(QColor(themed(ink))))
            for col in (KEY, VALUE):
                cell = self.vars_table.item(row, col)
                if cell is not None:
                    cell.setToolTip(full)
        self.vars_table.resizeRowsToContents()

    def show_status(self, text: str, level: str) -> None:
        """The line beside Save; a hint (nothing done wrong yet) is muted, not red."""
        self.check_label.setText(text)
        if level == "hint":
            self.check_label.setStyleSheet("")
            return
        ink = {"error": ERROR_INK, "warning": WARNING_INK}.get(level, OK_INK)
        self.check_label.setStyleSheet(themed(f"color: {ink};"))
