"""Python's cyclic garbage collector, run on the UI thread only.

The interpreter collects in whichever thread is allocating when a generation is due.  When that is a worker (a
detection, the Doctor's diagnosis) and the garbage holds Qt objects (a window a test or a page let go of), their
destructors run in that worker: a QObject's destructor takes Qt's connection lock and may need the GIL to call
Python back, while the UI thread, holding the GIL, waits for that same lock to destroy its own objects.  Both wait
for ever: CI hung so, once, on 2026-12-06.

So automatic collection is switched off and a timer on the UI thread collects each generation when the
interpreter would have (its counts past its thresholds).  pyqtgraph's ``GarbageCollector`` does the same for the
same reason; it is not used here because importing pyqtgraph would cost the first window far more than these
lines do.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer

INTERVAL_MS = 500  # how often the counts are looked at


class MainThreadGc(QObject):
    """While it lives, the cyclic collector runs only from its timer (the thread it was made in: the UI's)."""

    def __init__(self, parent: QObject | None = None, interval_ms: int = INTERVAL_MS) -> None:
        super().__init__(parent)
        self.threshold = gc.get_threshold()
        self.was_enabled = gc.isenabled()
        gc.disable()
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.collect_due)
        self.timer.start(interval_ms)

    def collect_due(self) -> int:
        """Collect each generation whose count is past its threshold, as the interpreter would; objects found."""
        found = 0
        for generation, count in enumerate(gc.get_count()):
            if count > self.threshold[generation]:
                found += gc.collect(generation)
        return found

    def stop(self) -> None:
        """Hand collection back to the interpreter (as it was before)."""
        self.timer.stop()
        if self.was_enabled:
            gc.enable()
