"""Widgets that paint one per turn of the event loop.

After a sample every plot of the Monitor has changed, and painting them all at once (2-4 ms each) held the UI
thread for 25-40 ms once a second.  Their data and readouts follow the sample at once; their pictures are painted
one widget per turn, so a key or a repaint of something else waits for one plot at most.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QWidget


class PaintTurns(QObject):
    """Holds widgets' painting and lets it go one widget per turn of the event loop."""

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self._held: list[QWidget] = []
        self._timer = QTimer(self)  # the owner's: it goes with the owner, and the widgets with it
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._release_one)

    def hold(self, widgets: list[QWidget]) -> None:
        """Paint none of ``widgets`` until its turn (call before changing them, then ``start``)."""
        for widget in widgets:
            if widget not in self._held:
                widget.setUpdatesEnabled(False)
                self._held.append(widget)

    def start(self) -> None:
        """Let the held widgets paint, the first at the next turn of the event loop."""
        if self._held and not self._timer.isActive():
            self._timer.start()

    def release_all(self) -> None:
        """Let every held widget paint now (before a picture is taken of them, and when their owner stops)."""
        while self._held:
            self._held.pop(0).setUpdatesEnabled(True)

    def held(self) -> int:
        return len(self._held)

    def _release_one(self) -> None:
        if self._held:
            self._held.pop(0).setUpdatesEnabled(True)  # enabling paints it: Qt updates the whole widget
            self.start()
