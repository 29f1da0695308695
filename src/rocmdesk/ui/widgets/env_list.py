"""The Environments page's list of profiles and the row of buttons that act on the selected one.

The list shows what the presenter gives for each profile (``EnvironmentsPresenter.row_cells``); the buttons wrap
onto a second line on a narrow window instead of widening it.  The widget only shows things; the page connects
the buttons.  Its strings keep the page's translation context.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QSize, Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QMenu,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from rocmdesk.ui.theme import themed
from rocmdesk.ui.widgets.env_editor import ERROR_INK, WARNING_INK
from rocmdesk.ui.widgets.flow_layout import FlowLayout
from rocmdesk.ui.widgets.text import text_label

translate = QCoreApplication.translate

COLUMNS = ("name", "project", "venv", "torch", "variables", "hooks")


class _FlowRow(QWidget):
    """The button row: as tall as its wrapped lines need, also where a splitter ignores height-for-width."""

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        layout = self.layout()
        hint = super().minimumSizeHint()
        return QSize(hint.width(), layout.heightForWidth(max(self.width(), hint.width())) if layout else hint.height())

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        if self.height() < self.minimumSizeHint().height():
            self.updateGeometry()  # one more line now: ask the page for it


class ProfileList(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        self.table = t = QTableWidget(0, len(COLUMNS))
        t.setHorizontalHeaderLabels([translate("EnvironmentsPage", "Profile"), translate("EnvironmentsPage", "Project"),
                                     translate("EnvironmentsPage", "Venv"), translate("EnvironmentsPage", "Torch"),
                                     translate("EnvironmentsPage", "Variables"), translate("EnvironmentsPage", "Hooks")])
        t.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        t.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        t.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        t.verticalHeader().setVisible(False)
        t.setWordWrap(False)
        t.setTabKeyNavigation(False)  # Tab leaves the list, arrows move in it
        t.setAccessibleName(translate("EnvironmentsPage", "Profiles"))
        head = t.horizontalHeader()
        for col in range(len(COLUMNS)):
            head.setSectionResizeMode(col, QHeaderView.ResizeMode.Interactive)
        head.setSectionResizeMode(COLUMNS.index("variables"), QHeaderView.ResizeMode.Stretch)
        # a header and two rows at least, however little room the splitter leaves
        t.setMinimumHeight(head.sizeHint().height() + 2 * t.verticalHeader().defaultSectionSize() + 2 * t.frameWidth())
        layout.addWidget(t, 1)
        self.empty_label = text_label("", muted=True)
        layout.addWidget(self.empty_label)
        self._build_buttons(layout)

    def _build_buttons(self, layout: QVBoxLayout) -> None:
        row = _FlowRow()
        actions = FlowLayout(row)

        def button(text: str, tip: str) -> QPushButton:
            b = QPushButton(text)
            b.setToolTip(tip)
            b.setAutoDefault(False)
            return b

        self.new_button = button(translate("EnvironmentsPage", "&New"), translate(
            "EnvironmentsPage", "A new profile, filled in with what this machine needs (Ctrl+N)"))
        self.duplicate_button = button(translate("EnvironmentsPage", "D&uplicate"), translate(
            "EnvironmentsPage", "A new profile with this one’s folders and variables"))
        self.delete_button = button(translate("EnvironmentsPage", "&Delete…"), translate(
            "EnvironmentsPage", "Delete the profile (its file is kept as a .bak); the venv stays"))
        self.apply_button = button(translate("EnvironmentsPage", "&Apply to the venv"), translate(
            "EnvironmentsPage", "Write the variables into the venv’s activate scripts"))
        self.remove_button = button(translate("EnvironmentsPage", "&Remove from the venv"), translate(
            "EnvironmentsPage", "Take the variables out of the activate scripts again, byte for byte"))
        self.export_button = QToolButton()
        self.export_button.setText(translate("EnvironmentsPage", "E&xport"))
        self.export_button.setToolTip(translate("EnvironmentsPage", "Write the profile as .envrc (direnv), .env or a "
                                                                    "Jupyter kernel"))
        self.export_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.export_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        menu = QMenu(self.export_button)
        self.export_actions = {
            "envrc": menu.addAction(translate("EnvironmentsPage", ".envrc for direnv, in the project folder")),
            "dotenv": menu.addAction(translate("EnvironmentsPage", ".env, in the project folder")),
            "jupyter": menu.addAction(translate("EnvironmentsPage", "Jupyter kernel (needs ipykernel in the venv)")),
        }
        self.export_button.setMenu(menu)
        self.terminal_button = button(translate("EnvironmentsPage", "Open a &terminal here"), translate(
            "EnvironmentsPage", "A terminal in the project folder running rocmdesk shell with this profile"))
        self.pytorch_button = button(translate("EnvironmentsPage", "&PyTorch…"), translate(
            "EnvironmentsPage", "Install or verify torch in this profile’s venv"))
        for w in (self.new_button, self.duplicate_button, self.delete_button):
            actions.addWidget(w)
        actions.add_gap()
        for w in self.profile_actions():
            actions.addWidget(w)
        layout.addWidget(row)

    def profile_actions(self) -> tuple[QWidget, ...]:
        """The buttons that need a stored profile selected."""
        return (self.apply_button, self.remove_button, self.export_button, self.terminal_button, self.pytorch_button)

    # -- rows -------------------------------------------------------------------------------------------------
    def fill(self, cells_of: list[tuple[str, list[tuple[str, str]], str | None]]) -> None:
        """Every row: (profile name, (text, tooltip) per column, ink: "error" for the row, "warning" for its
        variables, or None); then the columns sized to their contents, within limits."""
        self.table.setRowCount(len(cells_of))
        for row, (name, cells, ink) in enumerate(cells_of):
            self.fill_row(row, name, cells, ink)
        self.table.resizeColumnsToContents()
        for col, limit in ((1, 260), (2, 260), (3, 220)):
            self.table.setColumnWidth(col, min(self.table.columnWidth(col), limit))
        self.table.horizontalHeader().setSectionResizeMode(COLUMNS.index("variables"), QHeaderView.ResizeMode.Stretch)

    def fill_row(self, row: int, name: str, cells: list[tuple[str, str]], ink: str | None) -> None:
        for col, (text, tip) in enumerate(cells):
            it = QTableWidgetItem(text)
            it.setToolTip(tip or text)
            it.setData(Qt.ItemDataRole.UserRole, name)
            if ink == "error" or (ink == "warning" and COLUMNS[col] == "variables"):
                it.setForeground(QBrush(QColor(themed(ERROR_INK if ink == "error" else WARNING_INK))))
            self.table.setItem(row, col, it)

    def name_at(self, row: int) -> str | None:
        it = self.table.item(row, 0)
        return it.data(Qt.ItemDataRole.UserRole) if it is not None else None

    def row_of(self, name: str) -> int | None:
        return next((r for r in range(self.table.rowCount()) if self.name_at(r) == name), None)

    def selected_name(self) -> str | None:
        items = self.table.selectedItems()
        return items[0].data(Qt.ItemDataRole.UserRole) if items else None
