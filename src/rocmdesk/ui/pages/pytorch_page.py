"""PyTorch: the wheels this machine needs, installed into a venv with a progress bar, and verified from inside it.

What the page shows (the version list, the recommendation and plan for a choice, every sentence) is decided in
``ui/presenters/pytorch.py``.  Installing and verifying run OFF the UI thread (``ui.jobs.EventWorker``): pip runs
in the venv through ``torchenv.install``, the probe with the venv's own python (the app never imports torch).  The
installer and the verifier are parameters, so tests and screenshots can stand in for pip and the probe.
"""

from __future__ import annotations

import os
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from rocmdesk.advice import MachineAdvice
from rocmdesk.machine.model import MachineReport
from rocmdesk.torchenv.install import (
    InstallEvent,
    InstallPlan,
    InstallResult,
    format_bytes,
)
from rocmdesk.torchenv.pip_failure import PipFailure
from rocmdesk.torchenv.recommend import Recommendation
from rocmdesk.torchenv.verify import VerifyResult, judge
from rocmdesk.ui.jobs import EventWorker
from rocmdesk.ui.navigation import find_page, show_page
from rocmdesk.ui.pages.torch_status import VerifyHistory
from rocmdesk.ui.presenters import pytorch as present
from rocmdesk.ui.presenters.pytorch import (  # noqa: F401 (tests and scripts take them from here)
    Installer,
    Verifier,
    default_installer,
    default_verifier,
)
from rocmdesk.ui.presenters.venvs import default_venv  # noqa: F401 (pages and tests take it from here)
from rocmdesk.ui.session import MachineSession
from rocmdesk.ui.theme import themed
from rocmdesk.ui.widgets.code_view import CodeView
from rocmdesk.ui.widgets.focus import tab_after
from rocmdesk.ui.widgets.page_parts import (
    ScrollBody,
    clear_layout,
    group_box,
    page_header,
    plain,
)
from rocmdesk.ui.widgets.recommendation_card import RecommendationCard
from rocmdesk.ui.widgets.text import text_label
from rocmdesk.ui.widgets.venv_parts import choose_folder, log_box
from rocmdesk.ui.widgets.verify_card import VerifyCard

LOG_LINES = 5000
BAR_STEPS = 1000  # QProgressBar counts in int: a 4.5 GB wheel does not fit, so the bar shows per-mille


class PyTorchPage(QWidget):
    installFinished = Signal(object)  # InstallResult (or the exception)
    verifyFinished = Signal(object)  # VerifyResult (or the exception)

    def __init__(self, session: MachineSession, installer: Installer | None = None,
                 verifier: Verifier | None = None, store=None, history: VerifyHistory | None = None,
                 log_dir: str | os.PathLike[str] | None = None, auto_verify: bool | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.installer = installer or default_installer
        self.verifier = verifier or default_verifier
        self._store = store
        self.history = history or VerifyHistory()
        self.log_dir = log_dir
        self.auto_verify = auto_verify  # None: after an install on the live machine only (as the CLI does)
        self.report: MachineReport | None = None
        self.rec: Recommendation | None = None
        self.rec_error: str | None = None
        self.plan: InstallPlan | None = None
        self.plan_error: str | None = None
        self.install_worker: EventWorker | None = None
        self.verify_worker: EventWorker | None = None
        self.install_result: InstallResult | None = None
        self.verify_result: VerifyResult | None = None
        self.rec_card: RecommendationCard | None = None
        self.verify_card: VerifyCard | None = None
        self.profiles: dict[str, Any] = {}
        self._venv_touched = False
        self._filling = False
        self._last_package: str | None = None
        self._shown_seq = 0
        self._catch_up = QTimer(self)
        self._catch_up.setInterval(200)
        self._catch_up.timeout.connect(self._show_latest)

        outer = QVBoxLayout(self)
        outer.setContentsMargins(16, 12, 16, 8)
        self.title, self.where_label = page_header(outer, self.tr("PyTorch"))

        body = ScrollBody()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(0, 4, 8, 8)
        layout.setSpacing(10)
        self.body_layout = layout

        self.sim_note = QFrame()
        self.sim_note.setObjectName("simNote")
        self.sim_note.setStyleSheet(themed("#simNote { border: 1px solid #5b2c83; border-radius: 4px; "
                                           "background: #ece3f3; } #simNote QLabel { color: #3a1656; }"))
        sn = QVBoxLayout(self.sim_note)
        sn.setContentsMargins(10, 6, 10, 6)
        self.sim_label = text_label("")
        sn.addWidget(self.sim_label)
        layout.addWidget(self.sim_note)
        self.state_label = text_label("")
        layout.addWidget(self.state_label)

        # -- the choices the recommendation takes -------------------------------------------------------
        options = QHBoxLayout()
        version_label = QLabel(self.tr("torch &version:"))
        options.addWidget(version_label)
        self.torch_combo = QComboBox()
        self.torch_combo.setMaxVisibleItems(16)
        self.torch_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        version_label.setBuddy(self.torch_combo)
        for label, pin in present.version_choices():
            self.torch_combo.addItem(label, pin)
        self.torch_combo.setToolTip(self.tr("Pin another torch release; the recommendation says what it means for "
                                            "this GPU"))
        self.torch_combo.currentIndexChanged.connect(lambda _: self._options_changed())
        options.addWidget(self.torch_combo)
        options.addSpacing(16)
        index_label = QLabel(self.tr("Inde&x or mirror:"))
        options.addWidget(index_label)
        self.index_edit = QLineEdit()
        self.index_edit.setClearButtonEnabled(True)
        self.index_edit.setPlaceholderText(self.tr("the recommended index (leave empty)"))
        self.index_edit.setToolTip(self.tr("A mirror of the wheel index, e.g. your company's proxy; it must serve "
                                           "the same wheels"))
        index_label.setBuddy(self.index_edit)
        self.index_edit.editingFinished.connect(self._options_changed)
        options.addWidget(self.index_edit, 1)
        layout.addLayout(options)

        self.rec_layout = QVBoxLayout()
        layout.addLayout(self.rec_layout)

        # -- install ------------------------------------------------------------------------------------
        self.install_box = group_box(self.tr("Install into a virtual environment"))
        ib = QVBoxLayout(self.install_box)
        grid = QGridLayout()
        grid.setHorizontalSpacing(8)
        profile_label = plain(QLabel(self.tr("&Profile:")))
        grid.addWidget(profile_label, 0, 0)
        self.profile_combo = plain(QComboBox())
        self.profile_combo.setToolTip(self.tr("An Environments profile: its venv, and its variables when verifying"))
        profile_label.setBuddy(self.profile_combo)
        self.profile_combo.currentIndexChanged.connect(lambda _: self._profile_changed())
        grid.addWidget(self.profile_combo, 0, 1)
        venv_label = plain(QLabel(self.tr("V&env folder:")))
        grid.addWidget(venv_label, 1, 0)
        self.venv_edit = plain(QLineEdit(default_venv()))
        self.venv_edit.setToolTip(self.tr("An existing venv, or a folder where a new one is created"))
        venv_label.setBuddy(self.venv_edit)
        self.venv_edit.textEdited.connect(self._venv_edited)
        grid.addWidget(self.venv_edit, 1, 1)
        self.browse_button = plain(QPushButton(self.tr("&Browse…")))
        self.browse_button.setAutoDefault(False)
        self.browse_button.clicked.connect(self._browse)
        grid.addWidget(self.browse_button, 1, 2)
        grid.setColumnStretch(1, 1)
        ib.addLayout(grid)
        self.venv_state = plain(text_label("", small=True, muted=True))
        ib.addWidget(self.venv_state)
        self.commands_title = plain(text_label(self.tr("What Install runs:"), small=True, muted=True))
        ib.addWidget(self.commands_title)
        self.commands_view = plain(CodeView())
        self.commands_view.setAccessibleName(self.tr("The commands Install runs"))
        ib.addWidget(self.commands_view)
        self.plan_note = plain(text_label("", small=True))
        ib.addWidget(self.plan_note)

        buttons = QHBoxLayout()
        self.install_button = plain(QPushButton(self.tr("&Install")))
        self.install_button.setToolTip(self.tr("Create the venv if needed and install the wheels into it"))
        self.install_button.clicked.connect(self.start_install)
        self.cancel_button = plain(QPushButton(self.tr("&Cancel")))
        self.cancel_button.setToolTip(self.tr("Stop pip; running Install again finishes what was started"))
        self.cancel_button.clicked.connect(self.cancel_install)
        self.verify_button = plain(QPushButton(self.tr("Ve&rify")))
        self.verify_button.setToolTip(self.tr("Run a probe with the venv's python and judge what torch sees"))
        self.verify_button.clicked.connect(self.start_verify)
        self.keep_button = plain(QPushButton(self.tr("&Keep the variables in a profile…")))
        self.keep_button.setToolTip(self.tr("A new Environments profile for this venv with the variables this GPU "
                                            "needs, so every shell gets them"))
        self.keep_button.clicked.connect(self.keep_in_profile)
        for b in (self.install_button, self.cancel_button, self.verify_button):
            b.setAutoDefault(False)
            buttons.addWidget(b)
        buttons.addStretch(1)
        self.keep_button.setAutoDefault(False)
        buttons.addWidget(self.keep_button)
        ib.addLayout(buttons)

        self.progress = plain(QProgressBar())
        self.progress.setRange(0, BAR_STEPS)
        self.progress.setValue(0)
        self.progress.setTextVisible(True)
        self.progress.setAccessibleName(self.tr("Install progress"))
        ib.addWidget(self.progress)
        self.phase_label = plain(text_label(""))
        ib.addWidget(self.phase_label)
        self.phase_label.setVisible(False)
        log_label = plain(QLabel(self.tr("&Log")))
        ib.addWidget(log_label)
        self.log = plain(log_box(self.tr("What pip does appears here."), LOG_LINES, 9))
        log_label.setBuddy(self.log)
        ib.addWidget(self.log)
        self.log_path_label = plain(text_label("", small=True, muted=True))
        ib.addWidget(self.log_path_label)
        self.run_widgets = (self.progress, log_label, self.log, self.log_path_label)
        for w in self.run_widgets:
            w.setVisible(False)  # shown once an install starts
        layout.addWidget(self.install_box)

        # -- verify ------------------------------------------------------------------------------------
        self.verify_title = text_label(self.tr("Verify"), bold=True, scale=1.1)
        layout.addWidget(self.verify_title)
        self.verify_intro = self.tr("Not verified yet: Verify runs a probe inside the venv (torch version, HIP, the "
                                    "devices it sees, its arch list, a small matmul checked against the CPU).")
        self.verify_state = text_label(self.verify_intro, small=True, muted=True)
        layout.addWidget(self.verify_state)
        self.verify_layout = QVBoxLayout()
        layout.addLayout(self.verify_layout)
        layout.addStretch(1)

        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll.setWidget(body)
        outer.addWidget(self.scroll, 1)

        session.machineChanged.connect(self._machine_changed)
        session.reportReady.connect(self._report_ready)
        session.busyChanged.connect(self._sync)
        session.failed.connect(self._sync)
        self.reload_profiles()
        if session.report is not None:
            self._report_ready(session.report)
        self._sync()

    # ==== state ============================================================================================
    def installing(self) -> bool:
        return self.install_worker is not None

    def verifying(self) -> bool:
        return self.verify_worker is not None

    def simulated(self) -> bool:
        host = self.session.host
        return bool(self.session.simulate) or (host is not None and host.simulated) or \
            (self.report is not None and self.report.simulated)

    def _where(self) -> str:
        return present.where_text(self.session.simulate, self.session.root)

    def _sync(self, *_: object) -> None:
        s = self.session
        self.where_label.setText(self._where())
        state = present.state_text(s.busy, s.error, self.report is not None, self.rec_error)
        self.state_label.setText(state)
        self.state_label.setVisible(bool(state))
        sim = self.simulated() or (s.root is not None)
        self.sim_note.setVisible(sim and self.report is not None)
        if sim and self.rec is not None:
            self.sim_label.setText(present.sim_text(self.rec, self.simulated()))
        busy = self.installing() or self.verifying()
        self.install_button.setEnabled(not busy and self.plan is not None and self._may_install())
        self.cancel_button.setEnabled(self.installing() or self.verifying())
        self.verify_button.setEnabled(not busy and self.report is not None and bool(self.venv()))
        for w in (self.venv_edit, self.browse_button, self.profile_combo, self.torch_combo, self.index_edit):
            w.setEnabled(not self.installing())
        self.keep_button.setVisible(self.rec is not None and bool(self.rec.env) and self.profile() is None)
        self.keep_button.setEnabled(not self.installing())

    def _may_install(self) -> bool:
        return present.may_install(self.rec, self.torch_combo.currentData())

    # ==== the session ========================================================================================
    def _machine_changed(self) -> None:
        self.report, self.rec = None, None
        if not self.installing() and not self.verifying():
            self._clear_outcomes()
        self._show_recommendation()
        self._sync()

    def _clear_outcomes(self) -> None:
        """An install's outcome (a failure above all) and a verdict were about the machine before: another
        machine starts clean (an install that runs goes on, and says how it ended)."""
        self.install_result, self.verify_result, self.verify_card = None, None, None
        self._phase("")
        self.log_path_label.setText("")
        for w in self.run_widgets:
            w.setVisible(False)
        clear_layout(self.verify_layout)
        self.verify_state.setText(self.verify_intro)

    def _report_ready(self, report: MachineReport) -> None:
        self.report = report
        self._recompute()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self.installing():
            self.reload_profiles()  # the Environments page may have changed them

    # ==== recommendation ===================================================================================
    def _options_changed(self) -> None:
        if not self._filling:
            self._recompute()

    def _recompute(self) -> None:
        self.rec, self.rec_error = None, None
        if self.report is not None:
            self.rec, self.rec_error = present.recommendation_for(
                self.report, self.torch_combo.currentData(), self.index_edit.text().strip() or None, dict(os.environ))
        self._show_recommendation()
        self._replan()

    def _show_recommendation(self) -> None:
        clear_layout(self.rec_layout)
        self.rec_card = None
        if self.rec is not None:
            self.rec_card = RecommendationCard(self.rec)
            self.rec_layout.addWidget(self.rec_card)
            self.rec_card.adjustSize()  # its children have their places, for reading order
            tab_after(self.index_edit, self.rec_card)  # read the card before the install section

    # ==== venv and plan ======================================================================================
    def store(self):
        if self._store is None:
            from rocmdesk.torchenv.profile_store import ProfileStore

            self._store = ProfileStore()
        return self._store

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
            self.profile_combo.addItem(self.tr("(none)"), None)
            for name in self.profiles:
                self.profile_combo.addItem(name, name)
            index = self.profile_combo.findData(current) if current else 0
            self.profile_combo.setCurrentIndex(max(index, 0))
        finally:
            self._filling = False
        self._profile_changed(replan=False)

    def use_profile(self, name: str) -> bool:
        """Select a profile (from the Environments page): its venv becomes the target."""
        self.reload_profiles()
        index = self.profile_combo.findData(name)
        if index < 0:
            return False
        self._venv_touched = False
        self.profile_combo.setCurrentIndex(index)
        self._profile_changed()
        return True

    def profile(self):
        name = self.profile_combo.currentData()
        return self.profiles.get(name) if name else None

    def _profile_changed(self, replan: bool = True) -> None:
        if self._filling:
            return
        prof = self.profile()
        if prof is not None:
            self.venv_edit.setText(prof.venv)
            self._venv_touched = False
        elif not self._venv_touched:
            self.venv_edit.setText(default_venv())
        if replan:
            self._replan()

    def _venv_edited(self, _text: str) -> None:
        self._venv_touched = True
        self._replan()

    def _browse(self) -> None:
        path = choose_folder(self, self.tr("Choose the venv folder"), self.venv())
        if path:
            self.venv_edit.setText(path)
            self._venv_edited(path)

    def venv(self) -> str:
        text = self.venv_edit.text().strip()
        return os.path.normpath(os.path.abspath(os.path.expanduser(text))) if text else ""

    def requirements(self) -> list[str]:
        return list(self.rec.requirements) if self.rec is not None else []

    def _replan(self) -> None:
        self.plan, self.plan_error = present.plan_for(self.rec, self.venv(), self.log_dir)
        self._show_plan()
        self._sync()

    def venv_state_text(self, venv: str) -> str:
        return present.venv_state_text(venv)

    def _show_plan(self) -> None:
        venv = self.venv()
        self.venv_state.setText(self.venv_state_text(venv))
        p = self.plan
        self.commands_view.setPlainText("\n".join(p.commands()) if p is not None else "")
        self.commands_view.setVisible(p is not None)
        self.commands_title.setVisible(p is not None)
        notes = present.plan_notes(self.rec, self.torch_combo.currentData(), p, self.plan_error, venv)
        self.plan_note.setText("\n".join(notes))
        self.plan_note.setVisible(bool(notes))

    # ==== install ========================================================================================
    def start_install(self) -> bool:
        if self.installing() or self.verifying():
            return False
        self._replan()  # a fresh plan: the venv may have appeared since, and the log gets a new name
        plan = self.plan
        if plan is None or not self._may_install():
            return False
        self.install_result = None
        for w in self.run_widgets:
            w.setVisible(True)
        self.log.clear()
        self._last_package = None
        self.log_path_label.setText(self.tr("The whole log: {path}").format(path=plan.log_path))
        if not plan.disk.ok:
            self._phase(self.tr("Not started: {message}").format(message=plan.disk.message()))
            self.progress.setRange(0, BAR_STEPS)
            self.progress.setValue(0)
            return False
        for command in plan.commands():
            self._log(f"$ {command}")
        installer = self.installer
        worker = EventWorker(lambda emit: installer(plan, emit, worker.cancel), self)
        worker.event.connect(self._on_install_event)
        worker.done.connect(self._install_done)
        self.install_worker = worker
        self._shown_seq = 0
        self._catch_up.start()
        self.progress.setRange(0, 0)  # busy until pip reports bytes
        self._phase(self.tr("Starting…"))
        self._sync()
        worker.start()
        return True

    def cancel_install(self) -> None:
        for worker in (self.install_worker, self.verify_worker):
            if worker is not None:
                worker.cancel.cancel()
        if self.installing():
            self._phase(self.tr("Stopping pip…"))

    def phase_text(self, phase: str) -> str:
        return present.phase_text(phase)

    def _show_latest(self) -> None:
        worker = self.install_worker
        latest = worker.latest if worker is not None else None
        if latest is not None and latest[0] > self._shown_seq:
            self._on_install_event(*latest)

    def _on_install_event(self, seq: int, ev: InstallEvent) -> None:
        if self.install_worker is None or seq <= self._shown_seq:
            return  # late: the timer showed a newer one already
        self._shown_seq = seq
        if ev.phase == "download" and ev.package:
            frac = ev.fraction
            if frac is None:
                self.progress.setRange(0, 0)
            else:
                self.progress.setRange(0, BAR_STEPS)
                self.progress.setValue(int(frac * BAR_STEPS))
            text = present.download_text(ev)
            self._phase(text)
            if ev.package != self._last_package:
                self._last_package = ev.package
                size = f" ({format_bytes(ev.total)})" if ev.total else ""
                self._log(f"{self.phase_text('download')}: {ev.package}{size}")
            return
        self._last_package = None
        if ev.phase in ("done", "failed", "cancelled"):
            self.progress.setRange(0, BAR_STEPS)
            self.progress.setValue(BAR_STEPS if ev.phase == "done" else self.progress.value())
        elif ev.phase != "check":
            self.progress.setRange(0, 0)
        self._phase(f"{self.phase_text(ev.phase)}: {ev.message}")
        self._log(f"{self.phase_text(ev.phase)}: {ev.message}")

    def _install_done(self, result: InstallResult | BaseException) -> None:
        self._catch_up.stop()
        worker, self.install_worker = self.install_worker, None
        if worker is not None:
            worker.wait(1000)
            worker.deleteLater()
        self.progress.setRange(0, BAR_STEPS)
        text = present.install_done_text(result, self.venv())
        self._phase(text)
        if isinstance(result, BaseException):
            self._log(text)
        else:
            self.install_result = result
            if result.ok:
                self.progress.setValue(BAR_STEPS)
            elif result.failure is not None:
                self._show_failure(result.failure)
        self._replan()
        self.installFinished.emit(result)
        ok = isinstance(result, InstallResult) and result.ok
        auto = self.auto_verify if self.auto_verify is not None else not self.simulated() and \
            self.session.root is None
        if ok and auto:
            self.start_verify()
        elif ok:
            self.verify_state.setText(self.tr("Installed. Press Verify to run the probe in the venv (on this "
                                              "computer; its verdict is judged against the simulated machine)."))

    def _show_failure(self, failure: PipFailure) -> None:
        """Why pip failed and what to do next, with pip's own lines in the log and the control that fixes it
        (the Index or mirror field for a network failure) focused."""
        for line in failure.evidence:
            self._log(f"pip: {line}")
        target = {"index": self.index_edit, "proxy": self.index_edit, "version": self.torch_combo}.get(
            failure.control or "")
        if target is not None:
            QTimer.singleShot(0, lambda: self._point_at(target))  # once the inputs are enabled again

    def _point_at(self, target: QWidget) -> None:
        if not target.isEnabled():
            return
        target.setFocus()
        if target is self.index_edit:
            self.index_edit.selectAll()
        self.scroll_to(target)

    def _phase(self, text: str) -> None:
        self.phase_label.setText(text)
        self.phase_label.setVisible(bool(text))

    def _log(self, line: str) -> None:
        self.log.appendPlainText(line)

    # ==== verify ==========================================================================================
    def verify_env(self) -> tuple[dict[str, str], str]:
        """The environment the probe runs in, and where its extra variables come from (for the card)."""
        return present.verify_env(dict(os.environ), self.profile(), self.rec)

    def start_verify(self) -> bool:
        if self.verifying() or self.installing() or self.report is None:
            return False
        venv, report = self.venv(), self.report
        if not venv:
            return False
        env, note = self.verify_env()
        verifier = self.verifier
        worker = EventWorker(lambda emit: verifier(venv, report, env, worker.cancel), self)
        worker.done.connect(lambda result: self._verify_done(result, venv, note))
        self.verify_worker = worker
        self.verify_state.setText(self.tr("Verifying {venv}… (the probe imports torch inside the venv; the first "
                                          "time can take a while)").format(venv=venv))
        self._sync()
        worker.start()
        return True

    def _verify_done(self, result: VerifyResult | BaseException, venv: str, note: str) -> None:
        worker, self.verify_worker = self.verify_worker, None
        if worker is not None:
            worker.wait(1000)
            worker.deleteLater()
        if isinstance(result, BaseException):
            self.verify_state.setText(self.tr("The probe could not be run: {error}").format(
                error=f"{type(result).__name__}: {result}"))
        else:
            self.history.record(venv, result.verdict, result.title, result.torch, simulated=self.simulated())
            self.show_verify(result, note, venv)
        self._sync()
        self.verifyFinished.emit(result)

    def show_verify(self, result: VerifyResult, note: str = "", venv: str | None = None) -> VerifyCard:
        """Show a verdict as the card (also for a saved probe report, see ``show_probe``)."""
        clear_layout(self.verify_layout)
        gpus = [(g.name or self.tr("GPU {n}").format(n=g.index), g.gfx) for g in (self.report.gpus if self.report
                                                                                   else [])]
        if self.simulated():
            extra = self.tr("Judged against the simulated machine’s GPU, not this computer’s.")
            note = f"{note} {extra}".strip()
        self.verify_result = result
        shown = present.window_fix(result, has_amd_gpu=bool(self.report.gpus) if self.report else True)
        self.verify_card = VerifyCard(shown, gpus, note, advice=self.venv_advice(result),
                                      gpu_indexes=[g.index for g in (self.report.gpus if self.report else [])])
        self.verify_layout.addWidget(self.verify_card)
        where = venv or os.path.dirname(os.path.dirname(result.python))
        self.verify_state.setText(self.tr("The probe ran with {python}.").format(python=result.python)
                                  if venv else self.tr("A saved probe report for {where}.").format(where=where))
        return self.verify_card

    def venv_advice(self, result: VerifyResult) -> MachineAdvice | None:
        return present.venv_advice(self.report, result)

    def show_probe(self, data: dict[str, Any]) -> VerifyCard | None:
        """Judge a probe report (``rocmdesk-probe`` JSON, e.g. from another machine) against this machine."""
        if self.report is None:
            return None
        return self.show_verify(judge(data, self.report))

    def keep_in_profile(self) -> bool:
        """Start a new profile on the Environments page for this venv with the recommendation's variables."""
        page = find_page(self, "environments")
        if page is None or self.rec is None:
            return False
        if not page.new_profile_for(self.venv(), dict(self.rec.env)):
            return False
        return show_page(self, "environments")

    def scroll_to(self, widget: QWidget) -> None:
        self.scroll.ensureWidgetVisible(widget, 0, 0)

    def shutdown(self, timeout_ms: int = 5000) -> None:
        """Stop pip or the probe before the window goes (their process groups are ended by the runner)."""
        for worker in (self.install_worker, self.verify_worker):
            if worker is not None:
                worker.cancel.cancel()
                worker.wait(timeout_ms)
