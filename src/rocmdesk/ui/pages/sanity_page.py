"""Sanity check: a short real training run in a chosen venv, with a bar per phase, a live loss curve and a verdict.

The check itself is ``rocmdesk.sanity.runner.run_sanity`` (the venv's python runs it; the app never
imports torch).  It blocks, so it runs in this page's QThreadPool; its events come back to the UI thread
as queued signals, tagged with a run number so a late event of an old run is dropped.  The runner is a
parameter (same signature as ``run_sanity``), so tests and screenshots can stand in for torch.  What the page
says (why Start is off, the run and result lines) is decided in ``ui/presenters/sanity.py``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable

from PySide6.QtCore import (
    QObject,
    QRunnable,
    Qt,
    QThreadPool,
    QTimer,
    Signal,
)
from PySide6.QtGui import QHideEvent, QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from rocmdesk.machine.process import Cancel
from rocmdesk.sanity.runner import DEFAULT_STEPS, run_sanity
from rocmdesk.ui.presenters import sanity as present
from rocmdesk.ui.presenters.sanity import Run, default_venv, sysfs_monitor
from rocmdesk.ui.session import MachineSession
from rocmdesk.ui.theme import themed
from rocmdesk.ui.widgets.page_parts import ScrollBody, group_box, page_header, plain
from rocmdesk.ui.widgets.sanity_gpu import MonitorFactory, SanityGpuPanel
from rocmdesk.ui.widgets.sanity_phases import PHASES, PhaseList
from rocmdesk.ui.widgets.sanity_result_card import SanityResultCard
from rocmdesk.ui.navigation import find_page, show_page
from rocmdesk.ui.widgets.text import text_label
from rocmdesk.ui.widgets.venv_parts import choose_folder

# (options, on_event=..., cancel=...) -> SanityResult, as rocmdesk.sanity.runner.run_sanity; runs in a worker
Runner = Callable[..., Any]
PLOT_EVERY_MS = 100  # the curve is redrawn at most ten times a second, however fast steps arrive
# the pages a next step can lead to (their keys in ui.navigation; the titles as MainWindow names them)
PAGE_TITLES = {"doctor": "Doctor", "pytorch": "PyTorch", "environments": "Environments", "monitor": "Monitor"}


class _Signals(QObject):
    event = Signal(int, object)  # run number, event dict
    done = Signal(int, object)  # run number, result (or the exception the runner raised)


class _Job(QRunnable):
    def __init__(self, number: int, runner: Runner, options: Any, cancel: Cancel, signals: _Signals) -> None:
        super().__init__()
        self.number, self.runner, self.options, self.cancel, self.signals = number, runner, options, cancel, signals

    def run(self) -> None:  # worker thread: no widgets here, only signals
        try:
            result = self.runner(self.options, on_event=lambda ev: self.signals.event.emit(self.number, ev),
                                 cancel=self.cancel)
        except BaseException as exc:  # any failure must reach the page, never vanish with the thread
            result = exc
        self.signals.done.emit(self.number, result)


class SanityPage(QWidget):
    runFinished = Signal(object)  # the SanityResult (or what stands for a runner that crashed)

    def __init__(self, session: MachineSession, runner: Runner | None = None, store=None,
                 monitor_factory: MonitorFactory | None = None, venv: str | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.runner = runner or run_sanity
        self._store = store
        self.profiles: dict[str, Any] = {}
        self.run: Run | None = None
        self.result: Any = None
        self.card: SanityResultCard | None = None
        self._number = 0
        self._filling = False
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._signals = _Signals(self)
        self._signals.event.connect(self._on_event)
        self._signals.done.connect(self._on_done)
        self._plot_timer = QTimer(self)
        self._plot_timer.setInterval(PLOT_EVERY_MS)
        self._plot_timer.timeout.connect(self._redraw)
        self._plot_dirty = False
        self._autorange = False

        outer = QVBoxLayout(self)
        outer.setContentsMargins(16, 12, 16, 8)
        self.title, self.where_label = page_header(outer, self.tr("Sanity check"))

        body = ScrollBody()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(0, 4, 8, 8)
        layout.setSpacing(10)
        self.intro = text_label(self.tr("A short real training run inside the venv: device facts, a matmul and a "
                                        "convolution checked against the CPU, FP32 and AMP training whose loss "
                                        "must fall, and an all-reduce when there are two or more GPUs."),
                                small=True, muted=True)
        layout.addWidget(self.intro)

        # -- nothing to check yet -----------------------------------------------------------------------
        self.empty = QFrame()
        self.empty.setObjectName("sanityEmpty")
        self.empty.setStyleSheet(themed("#sanityEmpty { border: 1px dashed palette(mid); border-radius: 4px; }"))
        em = QVBoxLayout(self.empty)
        em.setContentsMargins(12, 10, 12, 10)
        self.empty_label = text_label(self.tr("There is no PyTorch environment to check yet. Install PyTorch into "
                                              "a venv on the PyTorch page, or keep a venv in a profile on the "
                                              "Environments page; or choose a venv folder below."))
        em.addWidget(self.empty_label)
        eb = QHBoxLayout()
        self.to_pytorch = QPushButton(self.tr("Open PyTorch"))
        self.to_pytorch.clicked.connect(lambda: self.go_to("pytorch"))
        self.to_environments = QPushButton(self.tr("Open Environments"))
        self.to_environments.clicked.connect(lambda: self.go_to("environments"))
        for b in (self.to_pytorch, self.to_environments):
            b.setAutoDefault(False)
            eb.addWidget(b)
        eb.addStretch(1)
        em.addLayout(eb)
        layout.addWidget(self.empty)

        # -- what to run --------------------------------------------------------------------------------
        self.setup_box = group_box(self.tr("What to check"))
        sb = QVBoxLayout(self.setup_box)
        grid = QGridLayout()
        grid.setHorizontalSpacing(8)
        self.profile_label = profile_label = plain(QLabel(self.tr("&Profile:")))
        grid.addWidget(profile_label, 0, 0)
        self.profile_combo = plain(QComboBox())
        self.profile_combo.setToolTip(self.tr("An Environments profile: its venv, and its variables for the run"))
        profile_label.setBuddy(self.profile_combo)
        self.profile_combo.currentIndexChanged.connect(lambda _: self._profile_changed())
        grid.addWidget(self.profile_combo, 0, 1)
        venv_label = plain(QLabel(self.tr("V&env folder:")))
        grid.addWidget(venv_label, 1, 0)
        self.venv_edit = plain(QLineEdit(default_venv() if venv is None else venv))
        self.venv_edit.setPlaceholderText(self.tr("a folder with bin/python and torch in it"))
        self.venv_edit.setClearButtonEnabled(True)
        venv_label.setBuddy(self.venv_edit)
        self.venv_edit.textEdited.connect(self._venv_edited)
        grid.addWidget(self.venv_edit, 1, 1)
        self.browse_button = plain(QPushButton(self.tr("&Browse…")))
        self.browse_button.setAutoDefault(False)
        self.browse_button.clicked.connect(self._browse)
        grid.addWidget(self.browse_button, 1, 2)
        grid.setColumnStretch(1, 1)
        sb.addLayout(grid)
        self.venv_state = plain(text_label("", small=True, muted=True))
        sb.addWidget(self.venv_state)

        opts = QHBoxLayout()
        size_label = plain(QLabel(self.tr("&Size:")))
        opts.addWidget(size_label)
        self.size_combo = plain(QComboBox())
        self.size_combo.addItem(self.tr("Tiny (seconds)"), "tiny")
        self.size_combo.addItem(self.tr("ResNet-50-like (GPU only, indicative timing)"), "resnet50")
        self.size_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        size_label.setBuddy(self.size_combo)
        self.size_combo.currentIndexChanged.connect(lambda _: self._sync())
        opts.addWidget(self.size_combo)
        opts.addSpacing(12)
        steps_label = plain(QLabel(self.tr("S&teps:")))
        opts.addWidget(steps_label)
        self.steps_spin = plain(QSpinBox())
        self.steps_spin.setRange(2, 100000)
        self.steps_spin.setValue(DEFAULT_STEPS)
        self.steps_spin.setToolTip(self.tr("Training steps in each of the FP32 and AMP phases"))
        steps_label.setBuddy(self.steps_spin)
        opts.addWidget(self.steps_spin)
        opts.addSpacing(12)
        device_label = plain(QLabel(self.tr("&Device:")))
        opts.addWidget(device_label)
        self.device_combo = plain(QComboBox())
        self.device_combo.addItem(self.tr("Auto (the GPU when torch sees one)"), "auto")
        self.device_combo.addItem(self.tr("CPU (says nothing about the GPU)"), "cpu")
        self.device_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        device_label.setBuddy(self.device_combo)
        self.device_combo.currentIndexChanged.connect(lambda _: self._sync())
        opts.addWidget(self.device_combo)
        opts.addStretch(1)
        sb.addLayout(opts)
        self.options_note = plain(text_label("", small=True))
        self.options_note.setVisible(False)
        sb.addWidget(self.options_note)

        buttons = QHBoxLayout()
        self.start_button = plain(QPushButton(self.tr("&Start")))
        self.start_button.setToolTip(self.tr("Run the check with the venv's python"))
        self.start_button.clicked.connect(self.start)
        self.cancel_button = plain(QPushButton(self.tr("&Cancel")))
        self.cancel_button.setToolTip(self.tr("Stop the run (its processes are ended)"))
        self.cancel_button.clicked.connect(self.cancel)
        for b in (self.start_button, self.cancel_button):
            b.setAutoDefault(False)
            buttons.addWidget(b)
        buttons.addStretch(1)
        sb.addLayout(buttons)
        layout.addWidget(self.setup_box)

        # -- progress -----------------------------------------------------------------------------------
        self.progress_box = group_box(self.tr("Progress"))
        pb = QVBoxLayout(self.progress_box)
        self.run_label = plain(text_label(self.tr("Not run yet."), muted=True))
        pb.addWidget(self.run_label)
        self.phases = plain(PhaseList())
        pb.addWidget(self.phases)

        live = QHBoxLayout()
        live.setSpacing(12)
        curve = QVBoxLayout()
        self.plot = self._make_plot()
        curve.addWidget(self.plot, 1)
        self.throughput = plain(text_label(self.tr("Throughput: —"), small=True))
        curve.addWidget(self.throughput)
        live.addLayout(curve, 3)
        self.gpu_panel = plain(SanityGpuPanel(monitor_factory or sysfs_monitor(session)))
        self.gpu_panel.setMinimumWidth(280)
        live.addWidget(self.gpu_panel, 2, Qt.AlignmentFlag.AlignTop)
        pb.addLayout(live)
        layout.addWidget(self.progress_box)

        self.result_layout = QVBoxLayout()
        layout.addLayout(self.result_layout)
        layout.addStretch(1)

        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll.setWidget(body)
        outer.addWidget(self.scroll, 1)

        session.machineChanged.connect(self._machine_changed)
        session.reportReady.connect(self._machine_changed)
        self.reload_profiles()
        self._machine_changed()

    # ==== pieces =========================================================================================
    def _make_plot(self) -> QWidget:
        import pyqtgraph as pg

        plot = pg.PlotWidget()
        plot.setBackground(self.palette().color(self.backgroundRole()))
        plot.setFixedHeight(260)
        plot.showGrid(x=True, y=True, alpha=0.25)
        plot.setLabel("left", self.tr("loss"))
        plot.setLabel("bottom", self.tr("training step (FP32, then AMP)"))
        plot.setMouseEnabled(x=False, y=False)
        plot.hideButtons()
        plot.addLegend(offset=(-10, 10))
        plot.setTitle(self.tr("The loss of every training step appears here during a run."), size="9pt")
        self.curves = {
            "fp32": plot.plot([], [], pen=pg.mkPen("#1f6fb4", width=2), name=self.tr("FP32")),
            "amp": plot.plot([], [], pen=pg.mkPen("#d9661a", width=2), name=self.tr("AMP")),
        }
        plot.setAccessibleName(self.tr("Loss curve"))
        plot.setXRange(0, 2 * DEFAULT_STEPS, padding=0)  # whole steps on an empty plot, not 0.1 … 0.9
        return plot

    def store(self):
        if self._store is None:
            from rocmdesk.torchenv.profile_store import ProfileStore

            self._store = ProfileStore()
        return self._store

    # ==== state ==========================================================================================
    def running(self) -> bool:
        return self.run is not None

    def venv(self) -> str:
        text = self.venv_edit.text().strip()
        return os.path.normpath(os.path.abspath(os.path.expanduser(text))) if text else ""

    def python(self) -> Path | None:
        """The venv's python when it is there (the run needs nothing else)."""
        return present.python_of(self.venv())

    def profile(self):
        name = self.profile_combo.currentData()
        return self.profiles.get(name) if name else None

    def device(self) -> str:
        return self.device_combo.currentData() or "auto"

    def size(self) -> str:
        return self.size_combo.currentData() or "tiny"

    def simulated(self) -> bool:
        host = self.session.host
        return bool(self.session.simulate) or (host is not None and host.simulated) or self.session.root is not None

    def blocker(self) -> str:
        """Why Start is off, in words ('' when it may start)."""
        return present.blocker(self.running(), self.venv(), self.python(), self.size(), self.device(),
                               bool(self.profiles))

    def _sync(self) -> None:
        running = self.running()
        block = self.blocker()
        self.start_button.setEnabled(not block)
        self.cancel_button.setEnabled(running and not self.run.cancel.cancelled)
        for w in (self.profile_combo, self.venv_edit, self.browse_button, self.size_combo, self.steps_spin,
                  self.device_combo):
            w.setEnabled(not running)
        self.profile_combo.setVisible(bool(self.profiles))
        self.profile_label.setVisible(bool(self.profiles))
        self.empty.setVisible(not self.profiles and not self.venv() and not running)
        self.venv_state.setText(self.venv_state_text())
        notes = present.options_notes(block, running, self.venv(), self.python(), self.device())
        self.options_note.setText("\n".join(notes))
        self.options_note.setVisible(bool(notes))

    def venv_state_text(self) -> str:
        return present.venv_state_text(self.venv(), self.python(), self.profile(), bool(self.profiles))

    # ==== the session and profiles ========================================================================
    def _machine_changed(self, *_: object) -> None:
        where = present.where_text(self.session.simulate, self.session.root)
        self.where_label.setText(where)
        self.gpu_panel.set_where(self.tr("The simulated machine’s GPUs, not the ones this run uses.")
                                 if self.simulated() else "")
        self.gpu_panel.reopen()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self.running():
            self.reload_profiles()  # the Environments page may have changed them
        self.gpu_panel.start()

    def hideEvent(self, event: QHideEvent) -> None:
        super().hideEvent(event)
        self.gpu_panel.stop()

    def reload_profiles(self) -> None:
        try:
            profiles, _ = self.store().scan()
        except Exception:  # profiles only help pick a venv; without them the page still works
            profiles = []
        self.profiles = {p.name: p for p in profiles}
        current = self.profile_combo.currentData()
        self._filling = True
        try:
            self.profile_combo.clear()
            self.profile_combo.addItem(self.tr("(none: the venv folder below)"), None)
            for name in sorted(self.profiles, key=str.lower):
                self.profile_combo.addItem(name, name)
            index = self.profile_combo.findData(current) if current else 0
            self.profile_combo.setCurrentIndex(max(index, 0))
        finally:
            self._filling = False
        if not self.venv() and self.profile() is None and len(self.profiles) >= 1:
            self.use_profile(sorted(self.profiles, key=str.lower)[0])  # something to run at once
        self._sync()

    def use_profile(self, name: str) -> bool:
        index = self.profile_combo.findData(name)
        if index < 0:
            return False
        self.profile_combo.setCurrentIndex(index)
        self._profile_changed()
        return True

    def _profile_changed(self) -> None:
        if self._filling:
            return
        prof = self.profile()
        if prof is not None:
            self.venv_edit.setText(prof.venv)
        self._sync()

    def _venv_edited(self, _text: str) -> None:
        prof = self.profile()
        if prof is not None and not present.same_venv(self.venv(), prof.venv):
            self._filling = True
            self.profile_combo.setCurrentIndex(0)  # another folder: the profile's variables no longer apply
            self._filling = False
        self._sync()

    def _browse(self) -> None:
        path = choose_folder(self, self.tr("Choose the venv folder"), self.venv())
        if path:
            self.venv_edit.setText(path)
            self._venv_edited(path)

    def run_env(self) -> dict[str, str]:
        env = dict(os.environ)
        prof = self.profile()
        if prof is not None:
            env.update(prof.env)
        return env

    # ==== a run ===========================================================================================
    def start(self) -> bool:
        if self.blocker():
            return False
        python = self.python()
        assert python is not None
        options = present.make_options(python, self.device(), self.size(), self.steps_spin.value(), self.run_env())
        self._number += 1
        run = Run(self._number, Cancel(), self.device(), self.size(), self.steps_spin.value())
        self.run = run
        self.result = None
        self._clear_card()
        self.phases.set_phases(PHASES)
        for curve in self.curves.values():
            curve.setData([], [])
        self.plot.setTitle(None)
        self.plot.setXRange(0, 2 * run.steps, padding=0)
        self._autorange = False
        self.throughput.setText(self.tr("Throughput: —"))
        self.run_label.setText(self.tr("Starting {python}…").format(python=python))
        self._plot_timer.start()
        self._sync()
        self._pool.start(_Job(run.number, self.runner, options, run.cancel, self._signals))
        return True

    def cancel(self) -> None:
        if self.run is not None and not self.run.cancel.cancelled:
            self.run.cancel.cancel()
            self.run_label.setText(self.tr("Stopping the check…"))
            self._sync()

    def _on_event(self, number: int, ev: Any) -> None:
        run = self.run
        if run is None or number != run.number or not isinstance(ev, dict):
            return
        kind = ev.get("event")
        if kind == "start":
            names = ev.get("phases") or list(PHASES)
            self.phases.set_phases(names)
            info = present.start_info(ev, run)
            run.info = info
            self.run_label.setText(info)
        elif kind == "phase":
            name = str(ev.get("name", ""))
            row = self.phases.row(name)
            if ev.get("status") == "start":
                if ev.get("timeout_s"):
                    run.timeouts[name] = float(ev["timeout_s"])
                row.start(ev.get("timeout_s"))
            elif ev.get("status") == "end":
                row.end(bool(ev.get("ok")), ev.get("seconds"), ev.get("samples_per_s"), ev.get("skipped"),
                        ev.get("error"))
                if ev.get("samples_per_s") and not ev.get("skipped"):
                    run.rates[name] = float(ev["samples_per_s"])
                    self._show_rates()
        elif kind == "step":
            name = str(ev.get("phase", ""))
            self.phases.row(name).step(int(ev.get("step", 0)), int(ev.get("of", 0)), ev.get("loss"),
                                       ev.get("samples_per_s"))
            if ev.get("loss") is not None:
                xs, ys = run.losses.setdefault(name, ([], []))
                run.x += 1
                xs.append(run.x)
                ys.append(float(ev["loss"]))
                self._plot_dirty = True
            if ev.get("samples_per_s"):
                run.rates[name] = float(ev["samples_per_s"])
                self._show_rates()

    def _show_rates(self) -> None:
        if self.run is not None:
            self.throughput.setText(present.rates_text(self.run.rates))

    def size_text(self, size: str) -> str:
        return present.size_text(size)

    def _redraw(self) -> None:
        if not self._plot_dirty or self.run is None:
            return
        self._plot_dirty = False
        if not self._autorange and self.run.losses:
            self.plot.enableAutoRange()  # the first points: the axes follow the data from now on
            self._autorange = True
        for name, curve in self.curves.items():
            xs, ys = self.run.losses.get(name, ([], []))
            curve.setData(xs, ys)

    def loss_points(self) -> int:
        """How many loss points the curve shows (for tests)."""
        return sum(len(c.getData()[0]) if c.getData()[0] is not None else 0 for c in self.curves.values())

    def _on_done(self, number: int, result: Any) -> None:
        run = self.run
        if run is None or number != run.number:
            return
        self._redraw_now()
        self._plot_timer.stop()
        self.run = None
        if isinstance(result, BaseException):
            result = present.crashed_result(result, run.cancel.cancelled)
        self.result = result
        self._settle_rows(result, run)
        self._show_card(result, run)
        self.run_label.setText(present.summary_text(result, run.info))
        if not run.losses:
            self.plot.setTitle(self.tr("No training step ran."), size="9pt")
        self._sync()
        self.runFinished.emit(result)

    def _redraw_now(self) -> None:
        self._plot_dirty = True
        self._redraw()

    def _settle_rows(self, result: Any, run: Run) -> None:
        """The result is the truth: rows whose end event never came take it from there."""
        hung = getattr(result, "hung_phase", None)
        for p in getattr(result, "phases", None) or []:
            row = self.phases.row(p.name)
            if p.name == hung:
                continue
            if row.state in ("pending", "running"):
                row.end(bool(p.ok), p.seconds, p.samples_per_s, p.skipped, p.error)
        if hung:
            self.phases.row(hung).hung(run.timeouts.get(hung))
        for row in self.phases.rows.values():
            row.finish(bool(getattr(result, "cancelled", False)))

    def _clear_card(self) -> None:
        while self.result_layout.count():
            item = self.result_layout.takeAt(0)
            if item.widget() is not None:
                item.widget().hide()
                item.widget().setParent(None)
                item.widget().deleteLater()
        self.card = None

    def _show_card(self, result: Any, run: Run) -> None:
        self._clear_card()
        self.card = SanityResultCard(result, run.device, run.size)
        self.card.goTo.connect(self.go_to)
        self.result_layout.addWidget(self.card)
        QTimer.singleShot(0, lambda: self.card is not None and self.scroll.ensureWidgetVisible(self.card, 0, 0))

    def go_to(self, target: str) -> bool:
        """Select another page of the main window by its key (doctor, pytorch, environments, monitor)."""
        if target not in PAGE_TITLES or not show_page(self, target):
            return False
        if target == "doctor":
            self._hand_to_doctor()
        return True

    def _hand_to_doctor(self) -> None:
        """The Doctor lands on the finding the result card named, with the error lines as evidence."""
        from rocmdesk.ui.widgets.sanity_result_card import all_errors

        finding = self.card.step.finding if self.card is not None else None
        doctor = find_page(self, "doctor")
        if finding and doctor is not None:
            doctor.show_finding(finding, all_errors(self.result).splitlines()[:3])

    def shutdown(self, timeout_ms: int = 10000) -> None:
        """Cancel a run and wait for its worker (the runner ends the child's processes)."""
        if self.run is not None:
            self.run.cancel.cancel()
        self._pool.clear()
        self._pool.waitForDone(timeout_ms)
        self._plot_timer.stop()
        self.gpu_panel.stop()
        self.gpu_panel.close_monitor()
