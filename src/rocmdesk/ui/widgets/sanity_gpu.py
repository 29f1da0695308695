"""A compact live readout of the GPUs beside a sanity run: busy %, VRAM and temperature, once a second.

It polls a ``telemetry.monitor.Monitor`` from a timer on the UI thread.  The page opens the monitor with
the sysfs sampler only: a sysfs sample costs microseconds, while the rocm-smi/amd-smi fallbacks run a
command per sample, which would stall the window.
"""

from __future__ import annotations

from typing import Any, Callable

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QFrame, QGridLayout, QVBoxLayout, QWidget

from rocmdesk.ui.widgets.text import format_bytes, text_label

MonitorFactory = Callable[[], Any]  # () -> Monitor (or None: nothing to watch); may raise


def gpu_line(g: Any) -> tuple[str, str, str]:
    """(busy, VRAM, temperature) of one ``GpuSample``; a dash where the card has no such sensor."""
    dash = "—"
    busy = f"{g.busy_percent} %" if getattr(g, "busy_percent", None) is not None else dash
    used, total = getattr(g, "vram_used_bytes", None), getattr(g, "vram_total_bytes", None)
    if used is not None and total:
        vram = f"{format_bytes(used)} / {format_bytes(total)}"
    elif used is not None:
        vram = format_bytes(used) or dash
    else:
        vram = dash
    temp = getattr(g, "temp_junction_c", None)
    if temp is None:
        temp = getattr(g, "temp_edge_c", None)
    return busy, vram, f"{temp:.0f} °C" if temp is not None else dash


class SanityGpuPanel(QFrame):
    def __init__(self, factory: MonitorFactory, interval_ms: int = 1000, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.factory = factory
        self.monitor: Any = None
        self.opened = False
        self.setObjectName("sanityGpu")
        self.setStyleSheet("#sanityGpu { border: 1px solid palette(mid); border-radius: 4px; }")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 8)
        layout.setSpacing(4)
        self.title = text_label(self.tr("GPU now"), bold=True)
        layout.addWidget(self.title)
        self.where = text_label("", small=True, muted=True)
        self.where.setVisible(False)
        layout.addWidget(self.where)
        self.grid = QGridLayout()
        self.grid.setHorizontalSpacing(10)
        self.grid.setVerticalSpacing(2)
        layout.addLayout(self.grid)
        self.state = text_label(self.tr("Watching starts when the page is shown."), small=True, muted=True)
        layout.addWidget(self.state)
        layout.addStretch(1)
        self.cells: dict[tuple[int, str], Any] = {}
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.poll)

    def set_where(self, text: str) -> None:
        self.where.setText(text)
        self.where.setVisible(bool(text))

    def start(self) -> None:
        if not self.timer.isActive():
            self.poll()
            self.timer.start()

    def stop(self) -> None:
        self.timer.stop()

    def reopen(self) -> None:
        """The machine changed: watch the new one."""
        self.close_monitor()
        self.opened = False
        for w in self.cells.values():
            self.grid.removeWidget(w)
            w.deleteLater()
        self.cells = {}
        if self.timer.isActive():
            self.poll()

    def close_monitor(self) -> None:
        if self.monitor is not None:
            try:
                self.monitor.close()
            except Exception:
                pass
        self.monitor = None

    def poll(self) -> None:
        if not self.opened:
            self.opened = True
            try:
                self.monitor = self.factory()
            except Exception as exc:  # metrics only help; the check runs without them
                self.monitor = None
                self._say(self.tr("GPU metrics are not available: {error}").format(error=exc))
                return
        if self.monitor is None:
            self._say(self.tr("No machine to watch yet."))
            return
        if not self.monitor.gpus:
            self._say(self.tr("No AMD GPU to watch on this machine."))
            return
        try:
            sample = self.monitor.poll() or self.monitor.latest
        except Exception as exc:
            self._say(self.tr("Reading the GPU failed: {error}").format(error=exc))
            return
        if sample is None:
            return
        self._show(sample.gpus)

    def _say(self, text: str) -> None:
        self.state.setText(text)
        self.state.setVisible(True)

    def _cell(self, row: int, col: int, muted: bool = False):
        key = (row, str(col))
        if key not in self.cells:
            label = text_label("", small=True, muted=muted)
            label.setWordWrap(col == 0)
            self.grid.addWidget(label, row, col)
            self.cells[key] = label
        return self.cells[key]

    def _show(self, gpus: list[Any]) -> None:
        self.state.setVisible(False)
        for col, head in enumerate((self.tr("GPU"), self.tr("busy"), self.tr("VRAM"), self.tr("temp."))):
            self._cell(0, col, muted=True).setText(head)
        for row, g in enumerate(gpus, start=1):
            name = getattr(g, "name", None) or self.tr("GPU {n}").format(n=g.index)
            self._cell(row, 0).setText(f"{g.index}: {name}")
            for col, value in enumerate(gpu_line(g), start=1):
                self._cell(row, col).setText(value)
        self.grid.setColumnStretch(0, 1)

    def text(self) -> str:
        """What the readout says, row by row (for tests and screen readers)."""
        rows: dict[int, list[tuple[int, str]]] = {}
        for (row, col), label in self.cells.items():
            rows.setdefault(row, []).append((int(col), label.text()))
        lines = [" | ".join(t for _, t in sorted(cols)) for _, cols in sorted(rows.items())]
        if self.state.isVisibleTo(self) or not lines:
            lines.append(self.state.text())
        return "\n".join(lines)
