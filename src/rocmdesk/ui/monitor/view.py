"""The live monitor: a plot per metric, the GPU's state in words, alerts, processes, export.

:class:`MonitorView` shows one :class:`~rocmdesk.telemetry.monitor.Monitor`; the Monitor page
and the standalone window (``rocmdesk monitor --gui``) each hold one.  What it shows (which plots and
series, state lines, alerts, thresholds, what an export holds) is decided by
:class:`~rocmdesk.ui.presenters.monitor.MonitorModel`; this module holds the widgets and the timers.
A sysfs monitor is polled from a timer on the UI thread (a sample costs microseconds).  The rocm-smi /
amd-smi fallbacks run a command per sample, so their sampling runs in a worker thread
(:mod:`rocmdesk.ui.monitor.workers`) and only the finished sample is handed to the monitor on the UI
thread (the history is never touched by two threads).

The plots are redrawn only while the view is visible; sampling (history, alerts) goes on while
it is hidden, so the last minutes are there when the user comes back.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, Qt, QThreadPool, QTimer, Signal
from PySide6.QtGui import QHideEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFileDialog,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSplitter,
    QStackedWidget,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from rocmdesk.telemetry.alerts import Alert
from rocmdesk.telemetry.metrics import Sample
from rocmdesk.telemetry.monitor import Monitor
from rocmdesk.ui.monitor import texts
from rocmdesk.ui.monitor.export import save_png, with_caption
from rocmdesk.ui.monitor.paint_turns import PaintTurns
from rocmdesk.ui.monitor.plot import MetricPlot, format_bytes
from rocmdesk.ui.monitor.workers import Prefetched, ProcessJob, SampleJob, WorkerSignals, wrap_for_worker
from rocmdesk.ui.presenters.monitor import ALL, DEFAULT_SPAN_S, SPANS_S, MonitorModel, PlotSpec, plot_specs
from rocmdesk.ui.widgets.text import text_label

__all__ = ["ALL", "DEFAULT_SPAN_S", "SPANS_S", "MonitorView", "PlotSpec", "plot_specs", "wrap_for_worker"]

PLOT_MIN_WIDTH = 360  # a plot narrower than this crowds its readout of 8 GPUs and its time labels


class MonitorView(QWidget):
    """Plots, state, alerts and processes of one Monitor.  ``set_monitor(None, text)`` shows why there is none."""

    sampled = Signal(object)  # Sample, after the view took it in

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        refresh_ms: int = 1000,
        poll_ms: int = 100,
        wall: Callable[[], float] = time.time,
    ) -> None:
        super().__init__(parent)
        self.model = MonitorModel()
        self.wall = wall
        self.plots: dict[str, MetricPlot] = {}
        self._span = float(DEFAULT_SPAN_S)
        self._layout_key: tuple | None = None
        self._linking = False
        self._generation = 0
        self._in_flight = False
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(2)  # a sample (rocm-smi) and a walk of /proc
        self._signals = WorkerSignals(self)
        self._signals.sampled.connect(self._worker_sampled)
        self._signals.processes.connect(self._processes_read)
        self._procs_in_flight = False
        self.samples_taken = 0

        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(6)
        outer.addLayout(self._build_header())
        self.status_box = QLabel()
        self.status_box.setObjectName("monitorStatus")
        self.status_box.setWordWrap(True)
        self.status_box.setTextFormat(Qt.TextFormat.PlainText)
        self.status_box.setStyleSheet(
            "#monitorStatus { background: #fdf3d7; color: #4a3b00; border: 1px solid #e0c36a;"
            " border-radius: 4px; padding: 6px 8px; }"
        )
        self.status_box.setVisible(False)
        outer.addWidget(self.status_box)
        self.alert_box = QLabel()
        self.alert_box.setObjectName("monitorAlerts")
        self.alert_box.setWordWrap(True)
        self.alert_box.setTextFormat(Qt.TextFormat.RichText)
        self.alert_box.setStyleSheet(
            "#monitorAlerts { background: #fbe4e1; border: 1px solid #d9847a; border-radius: 4px; padding: 6px 8px; }"
        )
        self.alert_box.setVisible(False)
        outer.addWidget(self.alert_box)

        self.stack = QStackedWidget()
        outer.addWidget(self.stack, 1)
        empty = QWidget()
        ev = QVBoxLayout(empty)
        ev.addStretch(1)
        self.empty_title = text_label("", bold=True, scale=1.3)
        self.empty_title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_detail = text_label("", muted=True)
        self.empty_detail.setAlignment(Qt.AlignmentFlag.AlignCenter)
        ev.addWidget(self.empty_title)
        ev.addWidget(self.empty_detail)
        ev.addStretch(2)
        self.stack.addWidget(empty)
        self.stack.addWidget(self._build_body())

        self.poll_timer = QTimer(self)
        self.poll_timer.setInterval(poll_ms)
        self.poll_timer.timeout.connect(self.poll)
        self._paint_turns = PaintTurns(self)  # after a sample the plots paint one per turn of the event loop
        self.refresh_timer = QTimer(self)
        self.refresh_timer.setInterval(refresh_ms)
        self.refresh_timer.timeout.connect(self._follow_clock)
        self.set_monitor(None, self.tr("Looking at the machine…"))

    @property
    def monitor(self) -> Monitor | None:
        return self.model.monitor

    @property
    def specs(self) -> list[PlotSpec]:
        return self.model.specs

    @property
    def alerts(self) -> list[Alert]:
        return self.model.alerts

    # ---- building -------------------------------------------------------------------------------
    def _build_header(self) -> QHBoxLayout:
        row = QHBoxLayout()
        row.setSpacing(8)
        self.where_label = text_label("", muted=True)
        self.where_label.setWordWrap(False)
        self.where_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        row.addWidget(self.where_label, 1)
        self.gpu_combo = QComboBox()
        self.gpu_combo.setAccessibleName(self.tr("GPU to show"))
        self.gpu_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.gpu_combo.currentIndexChanged.connect(self._gpu_chosen)
        row.addWidget(self.gpu_combo)
        self.range_combo = QComboBox()
        self.range_combo.setAccessibleName(self.tr("Time range"))
        for s in SPANS_S:
            self.range_combo.addItem(self._span_text(s), s)
        self.range_combo.setCurrentIndex(SPANS_S.index(DEFAULT_SPAN_S))
        self.range_combo.currentIndexChanged.connect(lambda i: self.set_span(self.range_combo.itemData(i)))
        row.addWidget(self.range_combo)
        self.pause_button = QPushButton(self.tr("&Pause"))
        self.pause_button.setCheckable(True)
        self.pause_button.setToolTip(
            self.tr("Hold the plots still to look closer (drag to pan, scroll to zoom); sampling goes on")
        )
        self.pause_button.toggled.connect(self.set_paused)
        row.addWidget(self.pause_button)
        self.csv_button = QPushButton(self.tr("Export &CSV…"))
        self.csv_button.setToolTip(self.tr("Save the time range in view as a CSV file"))
        self.csv_button.clicked.connect(self._ask_csv)
        row.addWidget(self.csv_button)
        self.png_button = QPushButton(self.tr("Export P&NG…"))
        self.png_button.setToolTip(self.tr("Save the plots as a picture"))
        self.png_button.clicked.connect(self._ask_png)
        row.addWidget(self.png_button)
        return row

    def _span_text(self, seconds: int) -> str:
        if seconds < 3600:
            return self.tr("Last {n} min").format(n=seconds // 60)
        return self.tr("Last {n} h").format(n=seconds // 3600)

    def _build_body(self) -> QWidget:
        splitter = QSplitter(Qt.Orientation.Horizontal)
        self.plot_area = QWidget()
        self.plot_grid = QGridLayout(self.plot_area)
        self.plot_grid.setContentsMargins(0, 0, 4, 0)
        self.plot_grid.setHorizontalSpacing(8)
        self.plot_grid.setVerticalSpacing(8)
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll.setWidget(self.plot_area)
        self._placed_columns = 2
        self.scroll.viewport().installEventFilter(self)  # the columns follow the width (_place_plots)
        splitter.addWidget(self.scroll)

        side = QWidget()
        sv = QVBoxLayout(side)
        sv.setContentsMargins(6, 0, 0, 0)
        sv.addWidget(text_label(self.tr("Processes using the GPU"), bold=True))
        self.proc_table = QTableWidget(0, 5)
        self.proc_table.setHorizontalHeaderLabels(
            [self.tr("PID"), self.tr("Name"), self.tr("GPU"), self.tr("VRAM"), self.tr("Engines")])
        self.proc_table.horizontalHeaderItem(4).setToolTip(self.tr(
            "Share of the time since the last look that each engine (gfx, compute, dma, dec, enc, jpeg) worked for "
            "the process, from the kernel's DRM fdinfo. ROCm compute work runs on KFD queues, which fdinfo does not "
            "count: such processes are marked compute (KFD)."))
        self.proc_table.verticalHeader().setVisible(False)
        self.proc_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.proc_table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        header = self.proc_table.horizontalHeader()
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        for col in (0, 2, 3, 4):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        sv.addWidget(self.proc_table, 1)
        self.proc_note = text_label(
            self.tr("Only your own processes are listed: other users' are hidden from you."), small=True, muted=True
        )
        sv.addWidget(self.proc_note)
        self.side_layout = sv  # the page adds its own parts below the processes (the power control)
        splitter.addWidget(side)
        splitter.setStretchFactor(0, 4)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([860, 400])  # five columns: PID, name, GPU, VRAM, engines
        self.proc_timer = QTimer(self)
        self.proc_timer.setInterval(2000)
        self.proc_timer.timeout.connect(self.refresh_processes)
        return splitter

    # ---- monitor ----------------------------------------------------------------------------------
    def set_monitor(self, monitor: Monitor | None, text: str = "", detail: str = "") -> None:
        """Show ``monitor`` (the view closes the previous one); None: show ``text`` and ``detail`` instead."""
        self.stop()
        self._generation += 1
        self._in_flight = self._procs_in_flight = False
        self.proc_table.setRowCount(0)
        if self.monitor is not None and self.monitor is not monitor:
            self.monitor.close()
        if monitor is not None and monitor.gpus:
            wrap_for_worker(monitor)
        self.model.reset(monitor)
        self._layout_key = None
        self._sync_alerts()
        self.gpu_combo.blockSignals(True)
        self.gpu_combo.clear()
        if monitor is None or not monitor.gpus:
            self.empty_title.setText(text or self.tr("No AMD GPU to watch on this machine"))
            self.empty_detail.setText(detail)
            self.stack.setCurrentIndex(0)
            self.where_label.setText("")
            self.gpu_combo.blockSignals(False)
            for w in (self.gpu_combo, self.range_combo, self.pause_button, self.csv_button, self.png_button):
                w.setEnabled(False)
                w.setVisible(False)  # controls for plots that are not there only puzzle
            self.status_box.setVisible(False)
            return
        for label, data in self.model.gpu_choices():
            self.gpu_combo.addItem(label, data)
        self.gpu_combo.setCurrentIndex(self.gpu_combo.findData(self.model.choice))
        self.gpu_combo.setVisible(len(monitor.gpus) > 1)  # one GPU: nothing to choose
        self.gpu_combo.blockSignals(False)
        for w in (self.range_combo, self.pause_button, self.csv_button, self.png_button):
            w.setEnabled(True)
            w.setVisible(True)
        self.gpu_combo.setEnabled(True)
        self.stack.setCurrentIndex(1)
        self._sync_where()
        self._sync_status()
        self._rebuild_plots()

    def shown_gpus(self) -> list[int]:
        return self.model.shown_gpus()

    def _sync_where(self) -> None:
        m = self.monitor
        if m is None:
            return
        self.where_label.setText(self.model.where_text())
        self.where_label.setToolTip(m.host.label)

    # ---- running ----------------------------------------------------------------------------------
    def start(self) -> None:
        if self.monitor is None:
            return
        if not self.poll_timer.isActive():
            self.poll()
            self.poll_timer.start()
            self.proc_timer.start()
            self.refresh_processes()
        if self.isVisible() and not self.refresh_timer.isActive():
            self.refresh_timer.start()

    def stop(self) -> None:
        self.release_paint()
        self.poll_timer.stop()
        self.refresh_timer.stop()
        self.proc_timer.stop()

    def shutdown(self, timeout_ms: int = 20000) -> None:
        """Stop sampling, wait for a command in flight, close the monitor."""
        self.stop()
        self._generation += 1
        self._pool.clear()
        self._pool.waitForDone(timeout_ms)
        if self.monitor is not None:
            self.monitor.close()
            self.model.reset(None)

    def poll(self) -> None:
        """Take a sample when the monitor's interval has passed (the timer calls this)."""
        m = self.monitor
        if m is None:
            return
        if isinstance(m.sampler, Prefetched):
            now = m.clock()
            if self._in_flight or now < m._next:
                return
            m._next = now + m.interval_s
            self._in_flight = True
            self._pool.start(SampleJob(self._generation, m.sampler, self._signals))
            return
        sample = m.poll()
        if sample is not None:
            self.take(sample)

    def sample_now(self) -> Sample | None:
        """Sample at once on this thread, whatever the interval (tests, screenshots; the window's own samples are
        read in a worker).  A sample a worker is reading is finished first."""
        m = self.monitor
        if m is None:
            return None
        if isinstance(m.sampler, Prefetched):
            m.sampler.pending = m.sampler.fetch()
        sample = m.tick()
        self.take(sample)
        return sample

    def _worker_sampled(self, generation: int, result: object) -> None:
        if generation != self._generation or self.monitor is None:
            return
        self._in_flight = False
        sampler = self.monitor.sampler
        if isinstance(result, Exception):
            from rocmdesk.telemetry.metrics import ERROR, GpuSample

            result = [
                GpuSample(index=g.index, name=g.name, gfx=g.gfx, state=ERROR, error=str(result))
                for g in self.monitor.gpus
            ]
        sampler.pending = result
        self.take(self.monitor.tick())

    def take(self, sample: Sample) -> None:
        """A new sample: note state changes and alerts, refresh what shows."""
        self.samples_taken += 1
        noted = self.model.take(sample)
        if noted.series:
            self._layout_key = None
        if noted.states or self.status_box.text():
            self._sync_status()
        self._sync_alerts()
        if self._layout_key is None:
            self._rebuild_plots()
        else:
            self._sync_thresholds()
        if self.isVisible():
            self._paint_turns.hold([p.plot_widget for p in self.plots.values() if p.isVisible()][1:])
            self.refresh_plots()
            self._paint_turns.start()
        self.sampled.emit(sample)

    def release_paint(self) -> None:
        """Let every plot paint now (before a picture is taken of the view, and when it stops)."""
        self._paint_turns.release_all()

    # ---- state and alerts -------------------------------------------------------------------------
    def status_lines(self) -> list[str]:
        return self.model.status_lines()

    def alert_lines(self) -> list[str]:
        return self.model.alert_lines()

    def _sync_status(self) -> None:
        lines = self.model.status_lines()
        text = "\n".join(lines)
        if text != self.status_box.text():
            self.status_box.setText(text)
        self.status_box.setVisible(bool(lines))

    def _sync_alerts(self) -> None:
        import html

        rows = [f"<span style='color:{texts.alert_colour(a)}'>\u26a0</span>&nbsp;{html.escape(text)}"
                for a, text in self.model.shown_alerts()]
        text = "<br>".join(rows)
        if text != self.alert_box.text():  # an unchanged alert repaints nothing
            self.alert_box.setText(text)
        self.alert_box.setVisible(bool(rows))

    # ---- plots ------------------------------------------------------------------------------------
    def _rebuild_plots(self) -> None:
        if self.monitor is None:
            return
        wanted = [(spec, self.model.series_for(spec)) for spec in self.specs]
        key = (self.model.choice, tuple((spec.id, tuple(s)) for spec, s in wanted))
        if key == self._layout_key:
            return
        self._layout_key = key
        for spec, series in wanted:
            plot = self.plots.get(spec.id)
            if plot is None:
                plot = MetricPlot(self.monitor.history, spec.title, spec.unit)
                plot.setMinimumHeight(150)
                plot.set_y_hint(spec.y_min, spec.y_max)
                plot.cursorMoved.connect(lambda t, _v, pid=spec.id: self._link_cursor(pid, t))
                plot.cursorLeft.connect(self._hide_cursors)
                self.plots[spec.id] = plot
            else:
                plot.set_history(self.monitor.history)
            plot.title_label.setText(self.model.title_for(spec))
            plot.set_series(series, self.model.colors(series))
            plot.set_span(self._span)
            plot.set_paused(self.pause_button.isChecked())
        self._place_plots()
        self._sync_thresholds()
        self.refresh_plots()

    def _columns(self) -> int:
        """Two columns of plots where two fit side by side, else one (a 1024 px window beside the processes: two
        columns there were cut off at the right, the scroll area scrolls only up and down)."""
        width = self.scroll.viewport().width()
        return 2 if width >= 2 * PLOT_MIN_WIDTH + self.plot_grid.horizontalSpacing() else 1

    def _place_plots(self) -> None:
        """The shown plots in the grid, in the specs' order, in as many columns as fit."""
        cols = self._columns()
        self._placed_columns = cols
        shown = [self.plots[spec.id] for spec in self.specs if spec.id in self.plots and self.plots[spec.id].series()]
        for plot in self.plots.values():
            self.plot_grid.removeWidget(plot)
        for pos, plot in enumerate(shown):
            self.plot_grid.addWidget(plot, pos // cols, pos % cols)  # a new plot is parented here, hidden till shown
        for plot in self.plots.values():
            plot.setVisible(plot in shown)
        for col in range(2):  # an emptied column takes no room
            self.plot_grid.setColumnStretch(col, 1 if col < cols else 0)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        # (events come while the page is still being built: before the first layout there is nothing to place)
        if event.type() == QEvent.Type.Resize and getattr(self, "_layout_key", None) is not None \
                and obj is self.scroll.viewport():
            if self._columns() != self._placed_columns:
                self._place_plots()
        return super().eventFilter(obj, event)

    def _sync_thresholds(self) -> None:
        for pid, limit in self.model.thresholds().items():
            if pid in self.plots:
                self.plots[pid].set_threshold(limit.value, limit.label)

    def _follow_clock(self) -> None:
        """The refresh timer: a live view follows the clock between samples (a slow worker source); after a
        sample the view was just refreshed, and doing it again would only repaint the same picture."""
        m = self.monitor
        if m is None:
            return
        span = m.history.span() if m.history is not None else None
        if span is not None and self.wall() - span[1] < 1.5 * max(1.0, m.interval_s):
            return
        self.refresh_plots()

    def refresh_plots(self, now: float | None = None) -> None:
        """Follow the history (the refresh timer calls this while the view is visible)."""
        if self.monitor is None:
            return
        end = now
        if end is None:
            span = self.monitor.history.span()
            # the newest sample, not the wall clock: a clock-less history (tests, a replay) still shows
            end = span[1] if span is not None else self.wall()
            end = max(end, self.wall()) if abs(self.wall() - end) < 3 * max(1.0, self.monitor.interval_s) else end
        for plot in self.plots.values():
            if plot.series():
                plot.refresh(end)

    def _link_cursor(self, source: str, t: float) -> None:
        if self._linking:
            return
        self._linking = True
        try:
            for pid, plot in self.plots.items():
                if pid != source and plot.isVisible():
                    plot.set_cursor(t)
        finally:
            self._linking = False

    def _hide_cursors(self) -> None:
        for plot in self.plots.values():
            plot.hide_cursor()

    # ---- user choices -----------------------------------------------------------------------------
    def _gpu_chosen(self, row: int) -> None:
        data = self.gpu_combo.itemData(row)
        if data is not None:
            self.set_gpu(int(data))

    def set_gpu(self, index: int) -> None:
        """Show one GPU (its index) or every GPU (ALL)."""
        self.model.choice = index
        combo_row = self.gpu_combo.findData(index)
        if combo_row >= 0 and combo_row != self.gpu_combo.currentIndex():
            self.gpu_combo.blockSignals(True)
            self.gpu_combo.setCurrentIndex(combo_row)
            self.gpu_combo.blockSignals(False)
        self._layout_key = None
        self._rebuild_plots()
        self._sync_status()
        self._sync_alerts()
        self.refresh_processes()

    def set_span(self, seconds: float) -> None:
        self._span = float(seconds)
        row = self.range_combo.findData(int(seconds))
        if row >= 0 and row != self.range_combo.currentIndex():
            self.range_combo.blockSignals(True)
            self.range_combo.setCurrentIndex(row)
            self.range_combo.blockSignals(False)
        for plot in self.plots.values():
            plot.set_span(self._span)
        self.refresh_plots()

    @property
    def span(self) -> float:
        return self._span

    def set_paused(self, paused: bool) -> None:
        if self.pause_button.isChecked() != paused:
            self.pause_button.setChecked(paused)  # comes back here through toggled
            return
        self.pause_button.setText(self.tr("&Resume") if paused else self.tr("&Pause"))
        for plot in self.plots.values():
            plot.set_paused(paused)
        if not paused:
            self.refresh_plots()

    @property
    def paused(self) -> bool:
        return self.pause_button.isChecked()

    # ---- processes --------------------------------------------------------------------------------
    def refresh_processes(self, background: bool = True) -> None:
        """Re-read the GPU processes: in the worker (walking /proc can take a while on a busy desktop), or at once."""
        m = self.monitor
        if m is None:
            self.proc_table.setRowCount(0)
            return
        if background:
            if not self._procs_in_flight:
                self._procs_in_flight = True
                self._pool.start(ProcessJob(self._generation, m, self._signals))
            return
        try:
            procs = m.processes()
        except OSError:
            procs = []
        self._show_processes(procs)

    def _processes_read(self, generation: int, procs: object) -> None:
        if generation != self._generation:
            return
        self._procs_in_flight = False
        self._show_processes(procs if isinstance(procs, list) else [])

    def _show_processes(self, procs: list) -> None:
        shown = set(self.shown_gpus()) if self.model.choice != ALL else None
        rows = [p for p in procs if shown is None or p.gpu_index in shown]
        table = self.proc_table
        table.setRowCount(len(rows))
        for r, p in enumerate(rows):
            vram = format_bytes(p.vram_bytes) if p.vram_bytes is not None else "—"
            engines = texts.engine_text(getattr(p, "kind", None), getattr(p, "engines_percent", None))
            cells = (str(p.pid), p.name or "?", "—" if p.gpu_index is None else str(p.gpu_index), vram, engines)
            for c, text in enumerate(cells):
                item = table.item(r, c)
                if item is not None:  # the same cell: its text changes only when it did (setItem re-lays the table)
                    if item.text() != text:
                        item.setText(text)
                    continue
                item = QTableWidgetItem(text)
                if c in (0, 2, 3):
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                table.setItem(r, c, item)
        self.proc_note.setText(
            self.tr("Only your own processes are listed: other users' are hidden from you.")
            if rows
            else self.tr("No process of yours holds memory on this GPU (other users' processes are hidden from you).")
        )

    # ---- export -----------------------------------------------------------------------------------
    def view_range(self) -> tuple[float, float]:
        """The time range in view (what the export saves)."""
        newest = None
        if self.monitor is not None and (span := self.monitor.history.span()) is not None:
            newest = span[1]
        for plot in self.plots.values():
            if plot.series():
                x0, x1 = plot.shown_range()
                if not self.paused and newest is not None:
                    x1 = max(x1, newest)  # a live view trails the newest sample by under a pixel
                return float(x0), float(x1)
        end = newest if newest is not None else self.wall()
        return end - self._span, end

    def export_series(self) -> list[str]:
        return self.model.export_series()

    def export_csv(self, path: str | os.PathLike) -> int:
        """The shown GPUs' (and the host's) series over the range in view; returns the rows written."""
        from rocmdesk.telemetry.history_csv import write_history_csv

        if self.monitor is None:
            raise RuntimeError("nothing to export")
        t0, t1 = self.view_range()
        return write_history_csv(path, self.monitor.history, self.export_series(), t0, t1)

    def export_png(self, path: str | os.PathLike) -> None:
        """The plots as they are on screen, all of them (also those scrolled out of view), under a line that names
        the machine and the time the picture covers (a picture passed around says what it is of)."""
        self.release_paint()
        pixmap = with_caption(self.plot_area.grab(), self.caption(), self.fontMetrics(),
                              self.palette().color(self.backgroundRole()), self.palette().color(self.foregroundRole()))
        save_png(pixmap, path)

    def caption(self) -> str:
        """The machine and the time span the plots show, for the exported picture."""
        return self.model.caption(*self.view_range())

    def _default_name(self, ext: str) -> str:
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(self.wall()))
        return os.path.join(os.path.expanduser("~"), f"rocmdesk-monitor-{stamp}.{ext}")

    def _ask_csv(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self, self.tr("Export CSV"), self._default_name("csv"), self.tr("CSV files (*.csv)")
        )
        if path:
            self._export(lambda: self.export_csv(path), path)

    def _ask_png(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self, self.tr("Export PNG"), self._default_name("png"), self.tr("PNG images (*.png)")
        )
        if path:
            self._export(lambda: self.export_png(path), path)

    def _export(self, action: Callable[[], object], path: str) -> None:
        try:
            action()
        except OSError as exc:
            QMessageBox.warning(
                self,
                self.tr("Export failed"),
                self.tr("Could not write {path}: {why}").format(path=path, why=exc.strerror or exc),
            )
            return
        self.where_label.setText(self.tr("Saved {path}").format(path=path))
        QTimer.singleShot(6000, self._sync_where)

    # ---- visibility -------------------------------------------------------------------------------
    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self.monitor is not None and self.poll_timer.isActive():
            self.refresh_timer.start()
            self.refresh_plots()

    def hideEvent(self, event: QHideEvent) -> None:
        super().hideEvent(event)
        self.refresh_timer.stop()  # sampling goes on; drawing waits until the view is seen again
