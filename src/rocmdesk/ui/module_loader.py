"""Import a page's module in a worker, so the window stays live meanwhile.

The Monitor page's module brings pyqtgraph and numpy (~450 ms here): imported on the UI thread, the window froze
for that long after a click on it.  In a worker the UI thread gets Python back every few milliseconds (the
interpreter's switch interval), so the page's skeleton paints and the window answers while the module loads;
the page itself is then built on the UI thread, as every widget must be.  Only imports run there: pyqtgraph and
numpy make no Qt object when imported.
"""

from __future__ import annotations

import importlib

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal


class _Signals(QObject):
    done = Signal(str)  # the module, imported or not


class _Import(QRunnable):
    def __init__(self, module: str, signals: _Signals) -> None:
        super().__init__()
        self.module, self.signals = module, signals

    def run(self) -> None:  # worker thread: an import, nothing else
        try:
            importlib.import_module(self.module)
        except BaseException:  # noqa: BLE001 - the page says why when it is built: the UI thread imports it again
            pass
        self.signals.done.emit(self.module)


class ModuleLoader(QObject):
    """``load(name)`` imports a module in a worker and then emits ``loaded(name)`` on the UI thread, always through
    the event loop (a module already imported too: what was asked for paints first).  A module asked for again
    while it loads is imported once."""

    loaded = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)  # one import at a time: two pages' modules share theirs
        self._signals = _Signals(self)
        self._signals.done.connect(self._done)
        self._pending: set[str] = set()

    def load(self, module: str) -> None:
        if module not in self._pending:
            self._pending.add(module)
            self._pool.start(_Import(module, self._signals))

    def pending(self) -> bool:
        return bool(self._pending)

    def wait(self, timeout_ms: int = 30000) -> bool:
        """Wait for the imports under way (a window that closes)."""
        return self._pool.waitForDone(timeout_ms)

    def _done(self, module: str) -> None:
        self._pending.discard(module)
        self.loaded.emit(module)
