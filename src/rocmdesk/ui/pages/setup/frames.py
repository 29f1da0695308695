"""Small frames the Setup steps share."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QWidget

from rocmdesk.ui.theme import themed


def scrolled(area: QScrollArea, body: QWidget) -> QScrollArea:
    """``area`` set up to scroll ``body`` vertically, without a frame."""
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    area.setWidget(body)
    return area


def note_frame(name: str, border: str, fill: str | None = None) -> QFrame:
    """A bordered note, styled by its object name."""
    frame = QFrame()
    frame.setObjectName(name)
    background = f"background: {fill};" if fill else ""
    frame.setStyleSheet(themed(f"#{name} {{ border: 1px solid {border}; border-radius: 4px; {background} }}"))
    return frame
