"""PyTorch: the wheels this machine needs, installed into a venv with a progress bar, and verified from inside it.

The recommendation is ``torchenv.recommend.recommend`` over ``session.report`` (pure).  Installing and
verifying run OFF the UI thread: a ``QThread`` calls ``torchenv.install.run_install`` (which drives pip in
the venv through ``torchenv.process``) or ``torchenv.verify.verify_venv`` (which runs the probe with the
venv's own python — the app never imports torch), and hands events back as Qt signals.  The installer and
the verifier are parameters, so tests and screenshots can stand in for pip and the probe.
"""

from __future__ import annotations

import os
from typing import Any, Callable

from PySide6.QtCore import QCoreApplication, Qt, QThread, QTimer, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from rocmdesk.advice import MachineAdvice, advise, context_for
from rocmdesk.knowledge import torch_wheels
from rocmdesk.knowledge.wheels import measured_wheel
from rocmdesk.machine.model import MachineReport
from rocmdesk.torchenv.install import (
    InstallError,
    InstallEvent,
    InstallPlan,
    InstallResult,
    format_bytes,
    plan_install,
    run_install,
)
from rocmdesk.torchenv.pip_failure import PipFailure
from rocmdesk.torchenv.process import Cancel
from rocmdesk.torchenv.recommend import Recommendation, RecommendError, recommend
from rocmdesk.torchenv.verify import VerifyResult, judge, verify_venv
from rocmdesk.ui.navigation import find_page, show_page
from rocmdesk.ui.pages.torch_status import VerifyHistory
from rocmdesk.ui.session import MachineSession
from rocmdesk.ui.theme import themed
from rocmdesk.ui.widgets.code_view import CodeView, mono_font
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
from rocmdesk.ui.widgets.verify_card import VerifyCard
from rocmdesk.ui.presenters.venvs import default_venv  # noqa: F401 (pages and tests take it from here)

# (plan, on_event, cancel) -> result: runs in the worker thread
Installer = Callable[[InstallPlan, Callable[[InstallEvent], None], Cancel], InstallResult]
# (venv, report, env, cancel) -> result: runs in the worker thread
Verifier = Callable[[str, MachineReport, dict[str, str], Cancel], VerifyResult]

LOG_LINES = 5000
BAR_STEPS = 1000  # QProgressBar counts in int: a 4.5 GB wheel does not fit, so the bar shows per-mille
PROGRESS_EVERY_S = 0.05  # at most 20 download updates a second reach the UI


def default_installer(plan: InstallPlan, on_event: Callable[[InstallEvent], None], cancel: Cancel) -> InstallResult:
    return run_install(plan, on_event=on_event, cancel=cancel)


def default_verifier(venv: str, report: MachineReport, env: dict[str, str], cancel: Cancel) -> VerifyResult:
    return verify_venv(venv, report, env=env, cancel=cancel)


class _Worker(QThread):
    """Runs ``job(emit)`` in its own thread; ``emit`` sends (number, event) to the UI thread (queued)."""

    event = Signal(int, object)
    done = Signal(object)  # the job's result, or the exception it raised

    def __init__(self, job: Callable[[Callable[[Any], None]], Any], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.job = job
        self.cancel = Cancel()
        self.seq = 0
        # the newest event, dropped or not: the page picks it up from a timer, so a throttled last update
        # before a stall still reaches the bar (one reference, replaced whole: safe to read from the UI thread)
        self.latest: tuple[int, Any] | None = None
        self._last: tuple[str | None, float] = (None, 0.0)

    def _emit(self, ev: Any) -> None:
        import time

        self.seq += 1
        self.latest = (self.seq, ev)
        # pip's raw progress can print thousands of lines a second: pass on the first of each file and then
        # at most every PROGRESS_EVERY_S; every other kind of event passes
        if isinstance(ev, InstallEvent) and ev.phase == "download" and ev.bytes:
            now = time.monotonic()
            last_package, last_time = self._last
            if last_package == ev.package and now - last_time < PROGRESS_EVERY_S and ev.bytes != ev.total:
                return
            self._last = (ev.package, now)
        self.event.emit(self.seq, ev)

    def run(self) -> None:
        try:
            result = self.job(self._emit)
        except BaseException as exc:  # any failure must reach the page, never vanish with the thread
            result = exc
        self.done.emit(result)


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
        self.install_worker: _Worker | None = None
        self.verify_worker: _Worker | None = None
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
        self.torch_combo.addItem(self.tr("Recommended"), None)
        for w in reversed(torch_wheels()):
            if w.channel != "stable":
                continue
            for tag in sorted(w.index_tags, reverse=True, key=lambda t: [int(x) for x in t[4:].split(".")]):
                self.torch_combo.addItem(f"{w.torch_version}+{tag}", f"{w.torch_version}+{tag}")
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
        self.log = plain(QPlainTextEdit())
        self.log.setReadOnly(True)
        log_font = mono_font()
        log_font.setBold(False)  # set, so the group box's bold title font is not inherited
        self.log.setFont(log_font)
        self.log.setMaximumBlockCount(LOG_LINES)
        self.log.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.log.setTabChangesFocus(True)
        self.log.setPlaceholderText(self.tr("What pip does appears here."))
        self.log.setFixedHeight(self.log.fontMetrics().lineSpacing() * 9 + 12)
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
        self.verify_state = text_label(self.tr("Not verified yet: Verify runs a probe inside the venv (torch "
                                               "version, HIP, the devices it sees, its arch list, a small matmul "
                                               "checked against the CPU)."), small=True, muted=True)
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
        s = self.session
        if s.simulate:
            return self.tr("— the simulated machine {name}").format(name=s.simulate)
        if s.root:
            return self.tr("— the machine tree at {root}").format(root=s.root)
        return self.tr("— this computer")

    def _sync(self, *_: object) -> None:
        s = self.session
        self.where_label.setText(self._where())
        if s.busy:
            state = self.tr("Looking at the machine…")
        elif s.error is not None:
            state = self.tr("Detection failed: {error}. The Overview page has the details.").format(error=s.error[0])
        elif self.report is None:
            state = self.tr("No machine has been looked at yet.")
        elif self.rec_error:
            state = self.rec_error
        else:
            state = ""
        self.state_label.setText(state)
        self.state_label.setVisible(bool(state))
        sim = self.simulated() or (s.root is not None)
        self.sim_note.setVisible(sim and self.report is not None)
        if sim and self.rec is not None:
            what = self.tr("simulated machine") if self.simulated() else self.tr("captured machine tree")
            if self.rec.gpu_name:
                head = self.tr("This recommendation is for the {what}’s {gpu}, not for this computer’s GPU.").format(
                    what=what, gpu=self.rec.gpu_name)
            else:
                head = self.tr("This recommendation is for the {what}, which has no AMD GPU, not for this "
                               "computer.").format(what=what)
            self.sim_label.setText(head + " " + self.tr(
                "Install still works for real: it creates the venv and downloads the wheels on this computer, "
                "into the folder below (a throwaway folder is a good idea)."))
        busy = self.installing() or self.verifying()
        self.install_button.setEnabled(not busy and self.plan is not None and self._may_install())
        self.cancel_button.setEnabled(self.installing() or self.verifying())
        self.verify_button.setEnabled(not busy and self.report is not None and bool(self.venv()))
        for w in (self.venv_edit, self.browse_button, self.profile_combo, self.torch_combo, self.index_edit):
            w.setEnabled(not self.installing())
        self.keep_button.setVisible(self.rec is not None and bool(self.rec.env) and self.profile() is None)
        self.keep_button.setEnabled(not self.installing())

    def _may_install(self) -> bool:
        return self.rec is not None and (self.rec.status != "no-gpu" or self.torch_combo.currentData() is not None)

    # ==== the session ========================================================================================
    def _machine_changed(self) -> None:
        self.report, self.rec = None, None
        self._show_recommendation()
        self._sync()

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
            pinned = self.torch_combo.currentData()
            try:
                # unpinned, the card renders the machine's own advice (the one the Overview shows); a pinned
                # torch is another context, which recommend() advises for
                self.rec = recommend(self.report, pinned, self.index_edit.text().strip() or None,
                                     env=dict(os.environ), advice=None if pinned else self.report.advice)
            except RecommendError as exc:
                self.rec_error = str(exc)
            except Exception as exc:  # a recommendation rocmdesk cannot make must say so, not break the page
                self.rec_error = self.tr("rocmdesk could not make a recommendation: {error}").format(
                    error=f"{type(exc).__name__}: {exc}")
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
        start = self.venv() or os.path.expanduser("~")
        while start and not os.path.isdir(start) and os.path.dirname(start) != start:
            start = os.path.dirname(start)
        path = QFileDialog.getExistingDirectory(self, self.tr("Choose the venv folder"), start)
        if path:
            self.venv_edit.setText(path)
            self._venv_edited(path)

    def venv(self) -> str:
        text = self.venv_edit.text().strip()
        return os.path.normpath(os.path.abspath(os.path.expanduser(text))) if text else ""

    def requirements(self) -> list[str]:
        return list(self.rec.requirements) if self.rec is not None else []

    def _replan(self) -> None:
        self.plan, self.plan_error = None, None
        venv = self.venv()
        if self.rec is not None and venv:
            try:
                self.plan = plan_install(venv, self.requirements(), index_url=self.rec.index_url,
                                         extra_index_urls=self.rec.extra_index_urls, log_dir=self.log_dir)
            except InstallError as exc:
                self.plan_error = str(exc)
            except Exception as exc:
                self.plan_error = f"{type(exc).__name__}: {exc}"
        self._show_plan()
        self._sync()

    def venv_state_text(self, venv: str) -> str:
        from rocmdesk.torchenv.presets import torch_version_in
        from rocmdesk.torchenv.venv import is_venv

        if not venv:
            return self.tr("Choose a folder for the venv.")
        if is_venv(venv):
            torch = torch_version_in(venv)
            return (self.tr("An existing venv with torch {version}; Install replaces it with the version "
                            "above.").format(version=torch) if torch
                    else self.tr("An existing venv without torch."))
        if os.path.isdir(venv):
            return self.tr("This folder exists but is not a venv: Install creates one in it.")
        return self.tr("A new venv is created here.")

    def _show_plan(self) -> None:
        from rocmdesk.torchenv.profiles import path_warnings

        venv = self.venv()
        self.venv_state.setText(self.venv_state_text(venv))
        p = self.plan
        self.commands_view.setPlainText("\n".join(p.commands()) if p is not None else "")
        self.commands_view.setVisible(p is not None)
        self.commands_title.setVisible(p is not None)
        notes: list[str] = []
        if self.plan_error:
            notes.append(self.tr("Install is off: {error}").format(error=self.plan_error))
        if self.rec is not None and self.rec.status == "no-gpu" and self.torch_combo.currentData() is None:
            notes.append(self.tr("No AMD GPU was found, so there is nothing to pick wheels for; choose a torch "
                                 "version above to install one anyway."))
        if p is not None:
            notes.append(self.tr("Disk: {message}").format(message=p.disk.message()))
            notes.extend(p.warnings)
        notes.extend(path_warnings(venv) if venv else [])
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
        worker = _Worker(lambda emit: installer(plan, emit, worker.cancel), self)
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
        return {
            "check": self.tr("Checking the disk"),
            "create": self.tr("Creating the venv"),
            "prepare": self.tr("Preparing pip"),
            "resolve": self.tr("Resolving"),
            "download": self.tr("Downloading"),
            "install": self.tr("Installing"),
            "done": self.tr("Done"),
            "failed": self.tr("Failed"),
            "cancelled": self.tr("Cancelled"),
        }.get(phase, phase)

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
            if ev.total:
                text = self.tr("Downloading {file}: {done} of {total}").format(
                    file=ev.package, done=format_bytes(ev.bytes or 0), total=format_bytes(ev.total))
            else:
                text = self.tr("Downloading {file}: {done}").format(file=ev.package, done=format_bytes(ev.bytes or 0))
            if ev.downloaded and ev.downloaded > (ev.bytes or 0):
                text += " " + self.tr("({all} downloaded in all)").format(all=format_bytes(ev.downloaded))
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
        if isinstance(result, BaseException):
            text = self.tr("The install stopped with an error: {error}").format(
                error=f"{type(result).__name__}: {result}")
            self.progress.setRange(0, BAR_STEPS)
            self._phase(text)
            self._log(text)
        else:
            self.install_result = result
            self.progress.setRange(0, BAR_STEPS)
            if result.ok:
                self.progress.setValue(BAR_STEPS)
                got = (self.tr("nothing downloaded (all from the cache or there already)")
                       if not result.downloaded_bytes else
                       self.tr("{n} downloaded").format(n=format_bytes(result.downloaded_bytes)))
                self._phase(self.tr("Installed into {venv} in {s:.0f} s; {got}.").format(
                    venv=self.venv(), s=result.duration_s, got=got))
            elif result.cancelled:
                self._phase(self.tr("Cancelled. The venv may be half-installed: Install again finishes it (what "
                                    "was downloaded is not fetched again)."))
            elif result.failure is not None:
                self._show_failure(result.failure)
            else:
                self._phase(self.tr("The install failed: {error}").format(error=result.error or self.tr("unknown")))
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
        self._phase(self.tr("The install failed. {cause} {next_step}").format(cause=failure.summary,
                                                                             next_step=failure.next_step))
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
        env = dict(os.environ)
        prof = self.profile()
        if prof is not None:
            env.update(prof.env)
            return env, self.tr("Checked with the variables of profile {name}.").format(name=prof.name) \
                if prof.env else self.tr("Checked with profile {name}, which sets no variables.").format(
                    name=prof.name)
        if self.rec is not None and self.rec.env:
            env.update(self.rec.env)
            pairs = " ".join(f"{k}={v}" for k, v in self.rec.env.items())
            return env, self.tr("Checked with {pairs} from the recommendation; your shells need it too (a profile "
                                "keeps it).").format(pairs=pairs)
        return env, ""

    def start_verify(self) -> bool:
        if self.verifying() or self.installing() or self.report is None:
            return False
        venv, report = self.venv(), self.report
        if not venv:
            return False
        env, note = self.verify_env()
        verifier = self.verifier
        worker = _Worker(lambda emit: verifier(venv, report, env, worker.cancel), self)
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
        self.verify_card = VerifyCard(result, gpus, note, advice=self.venv_advice(result),
                                      gpu_indexes=[g.index for g in (self.report.gpus if self.report else [])])
        self.verify_layout.addWidget(self.verify_card)
        where = venv or os.path.dirname(os.path.dirname(result.python))
        self.verify_state.setText(self.tr("The probe ran with {python}.").format(python=result.python)
                                  if venv else self.tr("A saved probe report for {where}.").format(where=where))
        return self.verify_card

    def venv_advice(self, result: VerifyResult) -> MachineAdvice | None:
        """The advice for the torch the probe found (its measured arch list) and the variables it ran with;
        None when there is no ROCm torch to advise on."""
        if self.report is None or not self.report.gpus or not result.torch or not result.arch_list:
            return None
        try:
            wheel = measured_wheel(result.torch, result.arch_list, result.hip)
            return advise(self.report, context_for(self.report, installed=wheel, env=result.env))
        except Exception:  # the card still shows what the probe saw
            return None

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
