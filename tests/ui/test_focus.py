"""Tab order helpers: a table that Tab walks and then leaves; a card made later read in its place."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLineEdit, QPushButton, QVBoxLayout, QWidget

from rocmdesk.ui.widgets.focus import TabLeavingTable, tab_after


def _shown(qtbot, *widgets: QWidget) -> QWidget:
    top = QWidget()
    layout = QVBoxLayout(top)
    for w in widgets:
        layout.addWidget(w)
    qtbot.addWidget(top)
    top.show()
    top.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is top, timeout=3000)
    return top


def test_tab_walks_the_cells_then_leaves_the_table(qtbot) -> None:
    before, table, after = QPushButton("before"), TabLeavingTable(2, 2), QPushButton("after")
    top = _shown(qtbot, before, table, after)  # noqa: F841 (kept: it owns the widgets)
    table.setTabKeyNavigation(True)
    table.setFocus()
    table.setCurrentCell(0, 0)
    cells = []
    for _ in range(3):
        QTest.keyClick(table, Qt.Key.Key_Tab)
        cells.append((table.currentRow(), table.currentColumn()))
    assert cells == [(0, 1), (1, 0), (1, 1)] and QApplication.focusWidget() is table
    QTest.keyClick(table, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is after
    table.setFocus()
    table.setCurrentCell(0, 0)
    QTest.keyClick(table, Qt.Key.Key_Backtab)
    assert QApplication.focusWidget() is before


def test_a_card_built_later_comes_after_its_anchor(qtbot) -> None:
    anchor, below = QLineEdit(), QPushButton("below")
    slot = QWidget()
    slot_layout = QVBoxLayout(slot)
    top = _shown(qtbot, anchor, slot, below)
    card = QWidget()
    card_layout = QVBoxLayout(card)
    first, second = QPushButton("first"), QPushButton("second")
    card_layout.addWidget(first)
    card_layout.addWidget(second)
    slot_layout.addWidget(card)  # made after `below`: Qt would put it last in the chain
    card.show()
    top.adjustSize()
    tab_after(anchor, card)
    assert anchor.nextInFocusChain() is first
    assert first.nextInFocusChain() is second
    chain, w = [], anchor
    for _ in range(6):
        w = w.nextInFocusChain()
        chain.append(w)
    assert chain.index(second) < chain.index(below)
