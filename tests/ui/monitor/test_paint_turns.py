"""Widgets held from painting are let go one per turn of the event loop, and all at once when asked."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QLabel, QWidget

from rocmdesk.ui.monitor.paint_turns import PaintTurns


def _held(qtbot, count: int) -> tuple[QWidget, list[QLabel], PaintTurns]:
    """``count`` labels held by a PaintTurns; the owner is returned too: the labels and turns live with it."""
    owner = QWidget()
    qtbot.addWidget(owner)
    widgets = [QLabel(str(i), owner) for i in range(count)]
    turns = PaintTurns(owner)
    turns.hold(widgets)
    return owner, widgets, turns


def test_held_widgets_paint_one_per_turn(qtbot):
    _owner, widgets, turns = _held(qtbot, 3)
    turns.hold(widgets[:1])  # held twice: still once
    assert turns.held() == 3 and not any(w.updatesEnabled() for w in widgets)
    turns.start()
    enabled = []
    for _ in range(3):
        QCoreApplication.processEvents()  # one turn: the zero timer fires once
        enabled.append(sum(w.updatesEnabled() for w in widgets))
    assert enabled == [1, 2, 3] and turns.held() == 0


def test_release_all_lets_every_widget_paint_at_once(qtbot):
    _owner, widgets, turns = _held(qtbot, 4)
    turns.start()
    turns.release_all()
    assert all(w.updatesEnabled() for w in widgets) and turns.held() == 0
    QCoreApplication.processEvents()  # the pending turn finds nothing to do
    assert turns.held() == 0
