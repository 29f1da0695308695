"""A 10 ms timer on the UI thread: the gaps between its ticks are how long the window could not answer."""

from __future__ import annotations

import time

from PySide6.QtCore import QTimer


class Heartbeat:
    def __init__(self, interval_ms: int = 10) -> None:
        self.ticks: list[float] = [time.perf_counter()]
        self._timer = QTimer()
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(lambda: self.ticks.append(time.perf_counter()))
        self._timer.start()

    def stop(self) -> None:
        self._timer.stop()
        self.ticks.append(time.perf_counter())

    def longest_gap(self) -> float:
        return max(b - a for a, b in zip(self.ticks, self.ticks[1:]))
