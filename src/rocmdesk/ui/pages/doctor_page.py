"""Doctor: known failures with stable ids, matched against this machine or against pasted output.

The diagnosis itself is ``rocmdesk.doctor`` (no Qt).  Checking the machine reads it through the Host
seam, so it runs in this page's QThreadPool, as does diagnosing pasted text (a 50 MB log must not freeze
the window); results come back as queued signals tagged with a job number, so a late result of an old
job (another machine, a cancelled check) is dropped.  The machine is checked when the session's report
is ready and the page is on screen, and again whenever the session moves to another machine.

An automatic fix is a Setup plan: ``doctor_fix.FixReviewDialog`` shows it and runs it through the same
pkexec + system helper door as the Setup wizard (or offers the script where that door is not there).

The report is Markdown in the app's language, or JSON in English as ``rocmdesk doctor --report FILE.json``
writes it: in another language the JSON's diagnosis is built again in English from the same inputs (the
machine check's recorded reading, the same paste or file), in the worker, since a 50 MB paste takes a second.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable

from PySide6.QtCore import (
    QByteArray,
    Qt,
    QThreadPool,
    QTime,
    QTimer,
    Signal,
)
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from rocmdesk import i18n
from rocmdesk.machine.process import Cancel
from rocmdesk.ui.helper_run import CommandFactory, HelperLocator, default_command, default_helper_path
from rocmdesk.ui.jobs import Job, JobSignals
from rocmdesk.ui.pages.doctor_fix import FixReviewDialog
from rocmdesk.ui.presenters import doctor as present
from rocmdesk.ui.presenters.doctor import (  # noqa: F401 (tests and scripts take them from here)
    FILE_LIMIT,
    SHOW_LIMIT,
    Progress,
    catalogue_finding,
    catalogue_scope,
    default_machine_diagnoser,
    default_text_diagnoser,
    default_venvs,
    merge,
)
from rocmdesk.ui.session import MachineSession
from rocmdesk.ui.snapshot_saver import SnapshotSaver
from rocmdesk.ui.widgets.doctor_card import DoctorFindingCard, catalogue_text
from rocmdesk.ui.widgets.doctor_empty import DoctorEmptyState
from rocmdesk.ui.widgets.page_parts import (
    ScrollBody,
    clear_layout,
    page_header,
)
from rocmdesk.ui.widgets.paste_box import PastePanel
from rocmdesk.ui.widgets.text import text_label

# (host, progress, cancel[, venvs=...]) -> Diagnosis; runs in a worker thread.  ``venvs`` is passed only when
# there are venvs to verify (a live machine), so a stand-in may leave it out
MachineDiagnoser = Callable[..., Any]
VenvFinder = Callable[[], list[str]]  # runs in the worker too
# (text or bytes, label) -> Diagnosis of that text alone; runs in a worker thread
TextDiagnoser = Callable[[Any, str], Any]


# -- the page -------------------------------------------------------------------------------------------
class DoctorPage(QWidget):
    """The Doctor.  ``machine_diagnoser``, ``text_diagnoser``, ``command_factory`` and ``helper_locator`` are
    seams for tests; ``auto_check`` False leaves the first check to ``check()``."""

    diagnosed = Signal(object)  # the machine's Diagnosis
    pasteDiagnosed = Signal(object)  # the pasted text's Diagnosis
    reportSaved = Signal(str, bool)  # the report's path, and whether it was written

    def __init__(self, session: MachineSession, machine_diagnoser: MachineDiagnoser | None = None,
                 text_diagnoser: TextDiagnoser | None = None, command_factory: CommandFactory | None = None,
                 helper_locator: HelperLocator | None = None, venv_finder: VenvFinder | None = None,
                 auto_check: bool = True, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.machine_diagnoser = machine_diagnoser or default_machine_diagnoser
        self.text_diagnoser = text_diagnoser or default_text_diagnoser
        self.command_factory = command_factory or default_command
        self.helper_locator = helper_locator or default_helper_path
        self.venv_finder = venv_finder or default_venvs
        self.auto_check = auto_check
        self.machine_venvs: list[str] = []  # the venvs whose PyTorch the last check verified
        self.machine: Any | None = None  # the machine's Diagnosis
        self.machine_error: str | None = None
        self.pasted: Any | None = None  # the pasted text's Diagnosis
        self.pasted_error: str | None = None
        self.looked_up: Any | None = None  # a finding another page sent us to that the checks did not show
        self.cards: list[DoctorFindingCard] = []
        self.fix_dialog: FixReviewDialog | None = None
        self._stale = True  # the machine has not been checked since its report came
        self._verified: list[tuple[str, str]] = []  # the PyTorch page's latest verify when the check started
        self._pending_focus: str | None = None
        self._pending_evidence: list[str] = []
        self._progress_text = ""
        self._checked_at = ""
        self._job_venvs: list[str] = []
        self._number = 0
        self._machine_job: int | None = None
        self._machine_cancel: Cancel | None = None
        self._paste_job: int | None = None
        self._paste_label = ""
        # diagnoses the shown paste again from the same text (or the same, unchanged file): for the JSON report
        self._pasted_again: Callable[[], Any] | None = None
        self._paste_job_again: Callable[[], Any] | None = None
        self._save_job: int | None = None
        self._save_request: tuple[str, bool, dict[str, str]] = ("", False, {})
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(2)  # a machine check and a paste at once
        self._signals = JobSignals(self)
        self._signals.progress.connect(self._on_progress)
        self._signals.done.connect(self._on_done)

        outer = QVBoxLayout(self)
        outer.setContentsMargins(16, 12, 16, 8)
        self.title, self.where_label = page_header(outer, self.tr("Doctor"))
        self.intro = text_label(self.tr(
            "Known failures, each with a stable id, the evidence that was seen and how to fix it — matched "
            "against this machine, or against output pasted from another one."), small=True, muted=True)
        outer.addWidget(self.intro)

        run = QHBoxLayout()
        self.check_button = QPushButton(self.tr("&Check again"))
        self.check_button.setToolTip(self.tr("Run every check on the machine again"))
        self.check_button.clicked.connect(self.check)
        self.cancel_button = QPushButton(self.tr("C&ancel"))
        self.cancel_button.setToolTip(self.tr("Stop waiting for the check"))
        self.cancel_button.clicked.connect(self.cancel)
        for b in (self.check_button, self.cancel_button):
            b.setAutoDefault(False)
            run.addWidget(b)
        self.progress = QProgressBar()
        self.progress.setTextVisible(False)
        self.progress.setMaximumWidth(220)
        run.addWidget(self.progress)
        self.status = text_label("")
        run.addWidget(self.status, 1)
        outer.addLayout(run)

        # the findings above, the paste box below: one column, so reading (and Tab) order is top to bottom
        split = QSplitter(Qt.Orientation.Vertical)
        split.setChildrenCollapsible(False)
        body = ScrollBody()
        self.list_layout = QVBoxLayout(body)
        self.list_layout.setContentsMargins(0, 4, 8, 8)
        self.list_layout.setSpacing(8)
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll.setWidget(body)
        self.scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # its buttons take focus, not the area
        split.addWidget(self.scroll)
        split.addWidget(self._build_paste_box())
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 0)
        split.setSizes([520, 190])
        outer.addWidget(split, 1)

        save = QHBoxLayout()
        self.save_button = QPushButton(self.tr("&Save report…"))
        self.save_button.setToolTip(self.tr("Every finding with its evidence and fix, as Markdown (or JSON when "
                                            "the file name ends in .json), to attach to a bug report"))
        self.save_button.setAutoDefault(False)
        self.save_button.clicked.connect(self._save_clicked)
        save.addWidget(self.save_button)
        self.snapshot_button = QPushButton(self.tr("Save a s&napshot…"))
        self.snapshot_button.setToolTip(self.tr("Exactly the files and command outputs rocmdesk read on this "
                                                "machine, with your user and host names taken out: shown before it "
                                                "is saved, for a bug report"))
        self.snapshot_button.setAutoDefault(False)
        self.snapshot = SnapshotSaver(self)
        self.snapshot.said.connect(self._say)
        self.snapshot.busyChanged.connect(lambda _busy: self._sync())
        self.snapshot_button.clicked.connect(lambda: self.snapshot.start(self.session.host))
        save.addWidget(self.snapshot_button)
        self.identity_check = QCheckBox(self.tr("Include &host and user names"))
        self.identity_check.setToolTip(self.tr("Off: the report leaves out this computer's name and your user "
                                               "name, so it can be shared as it is"))
        save.addWidget(self.identity_check)
        self.save_status = text_label("", small=True, muted=True)
        save.addWidget(self.save_status, 1)
        outer.addLayout(save)

        session.machineChanged.connect(self._machine_changed)
        session.reportReady.connect(self._report_ready)
        session.busyChanged.connect(lambda _busy: self._sync())
        session.failed.connect(self._session_failed)
        self._render()
        self._sync()

    # ==== the paste box ==================================================================================
    def _build_paste_box(self) -> QWidget:
        panel = PastePanel()
        self.paste_intro, self.paste_edit, self.paste_status = panel.intro, panel.edit, panel.status
        self.diagnose_button, self.open_button, self.clear_button = panel.diagnose, panel.open, panel.clear
        self.paste_edit.pasted.connect(self.diagnose_paste)
        self.paste_edit.fileDropped.connect(self.diagnose_file)
        self.paste_edit.textChanged.connect(self._sync)
        self.diagnose_button.clicked.connect(self.diagnose_paste)
        self.open_button.clicked.connect(self._open_clicked)
        self.clear_button.clicked.connect(self.clear_paste)
        return panel

    # ==== the session ====================================================================================
    def _where(self) -> str:
        return present.where_text(self.session.simulate, self.session.root)

    def _machine_changed(self) -> None:
        self._drop_machine_job()
        if self.snapshot.busy():
            self.snapshot.cancel()  # a snapshot of the machine that was: not to be saved as this one's
        self.machine, self.machine_error, self.looked_up = None, None, None
        self._stale = True
        self._render()
        self._sync()

    def _session_failed(self, *_: object) -> None:
        if self.machine is None:
            self._render()  # the machine's section says detection failed, not "waiting"
        self._sync()

    def _report_ready(self, _report: object) -> None:
        self._stale = True
        if self.auto_check and self.isVisible():
            self.check()
        else:
            self._sync()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        host = self.session.host
        if host is not None and host.live and not host.simulated and self._verified != present.latest_verifies():
            self._stale = True  # a venv was verified on the PyTorch page since: check the one just verified
        if self.auto_check and self._stale:
            QTimer.singleShot(0, self._check_if_stale)  # after the page is painted

    def _check_if_stale(self) -> None:
        if self._stale and self.isVisible() and self.session.host is not None and not self.session.busy \
                and self._machine_job is None:
            self.check()

    # ==== checking the machine ===========================================================================
    def checking(self) -> bool:
        return self._machine_job is not None

    def pasting(self) -> bool:
        return self._paste_job is not None

    def check(self) -> bool:
        """Check the session's machine in the worker (a running check is dropped first)."""
        host = self.session.host
        if host is None or self.session.busy:
            return False
        self._drop_machine_job()
        self._stale = False
        self._verified = present.latest_verifies()
        self._number += 1
        self._machine_job = self._number
        cancel = self._machine_cancel = Cancel()
        diagnoser, finder = self.machine_diagnoser, self.venv_finder
        live = host.live and not host.simulated  # another machine's report says nothing of this one's venvs
        used: list[str] = []
        self._job_venvs = used

        def work(progress: Progress) -> Any:
            venvs = finder() if live else []
            used.extend(venvs)
            if venvs:
                return diagnoser(host, progress, cancel, venvs=venvs)
            return diagnoser(host, progress, cancel)

        self.progress.setRange(0, 0)  # busy until the first progress report says how far
        self._progress_text = self.tr("Checking {where}…").format(where=self._where())
        self._pool.start(Job(self._number, work, self._signals))
        self._sync()
        return True

    def cancel(self) -> None:
        if self._machine_job is None:
            return
        self._drop_machine_job()
        self.machine_error = self.tr("The check was cancelled; Check again starts it anew.")
        self._render()
        self._sync()

    def _drop_machine_job(self) -> None:
        if self._machine_cancel is not None:
            self._machine_cancel.cancel()
        self._machine_job, self._machine_cancel = None, None

    def _on_progress(self, job: int, done: int, total: int, what: str) -> None:
        if job != self._machine_job:
            return
        if total > 0:
            self.progress.setRange(0, total)
            self.progress.setValue(min(done, total))
        if what:  # the core's words for its step, translated where a translation has them
            self._progress_text = self.tr("Checking {where}: {what}").format(where=self._where(),
                                                                           what=catalogue_text(what))
        self._sync()

    def _on_done(self, job: int, result: object) -> None:
        if job == self._machine_job:
            self._machine_job, self._machine_cancel = None, None
            if isinstance(result, BaseException):
                self.machine, self.machine_error = None, self.tr("The check failed: {error}").format(
                    error=f"{type(result).__name__}: {result}" if str(result) else type(result).__name__)
            else:
                self.machine, self.machine_error = result, None
                self.machine_venvs = list(self._job_venvs)
                self.looked_up = None
                self._checked_at = QTime.currentTime().toString("HH:mm")
            self._render()
            self._sync()
            if self._pending_focus is not None:
                focus, self._pending_focus = self._pending_focus, None
                self._land_on(focus)
            if not isinstance(result, BaseException):
                self.diagnosed.emit(result)
        elif job == self._paste_job:
            self._paste_job = None
            if isinstance(result, (OSError, ValueError)):  # an unreadable or unfit file: say what, plainly
                self.pasted, self.pasted_error = None, getattr(result, "strerror", None) or str(result)
            elif isinstance(result, BaseException):
                self.pasted, self.pasted_error = None, f"{type(result).__name__}: {result}"
            else:
                self.pasted, self.pasted_error = result, None
            self._pasted_again = self._paste_job_again if self.pasted is not None else None
            self._render()
            self._sync()
            self._show_paste_status()
            if self.pasted is not None:
                QTimer.singleShot(0, self._scroll_to_pasted)
                self.pasteDiagnosed.emit(self.pasted)
        elif job == self._save_job:
            self._save_job = None
            path, include_identity, identity = self._save_request
            if isinstance(result, BaseException):
                error = getattr(result, "strerror", None) or str(result) or type(result).__name__
                self._say(self.tr("Could not save {path}: {error}").format(path=path, error=error))
                self.reportSaved.emit(path, False)
            else:
                self._write_report(path, result, include_identity, identity)
            self._sync()

    # ==== diagnosing pasted text =========================================================================
    def diagnose_paste(self) -> bool:
        content = self.paste_edit.content()
        if isinstance(content, str) and not content.strip():
            return False
        diagnoser = self.text_diagnoser

        def again() -> Any:  # the same text: the held paste is not changed, a string never is
            data = bytes(content.data()) if isinstance(content, QByteArray) else content
            return diagnoser(data, "pasted text")

        return self._start_paste(lambda progress: again(), self.tr("the pasted text"), again)

    def diagnose_file(self, path: str) -> bool:
        """Diagnose a file's contents (read in the worker: it may be large)."""
        work, again = present.file_work(path, self.text_diagnoser, FILE_LIMIT)
        return self._start_paste(work, os.path.basename(path) or path, again)

    def _start_paste(self, work: Callable[[Progress], Any], label: str,
                     again: Callable[[], Any] | None = None) -> bool:
        self._number += 1
        self._paste_job = self._number
        self._paste_job_again = again
        self._paste_label = label
        self.paste_status.setText(self.tr("Reading {label}…").format(label=label))
        self.paste_status.setVisible(True)
        self._pool.start(Job(self._number, work, self._signals))
        self._sync()
        return True

    def _open_clicked(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Diagnose a file"), str(Path.home()),
                                              self.tr("Logs and tool output (*.txt *.log *.json *.out);;"
                                                      "All files (*)"))
        if path:
            self.diagnose_file(path)

    def clear_paste(self) -> None:
        self._paste_job = None
        self.paste_edit.release()
        self.pasted, self.pasted_error, self._pasted_again = None, None, None
        self.paste_status.setVisible(False)
        self._render()
        self._sync()

    def _show_paste_status(self) -> None:
        text = present.paste_status_text(self._paste_label, self.pasted, self.pasted_error)
        self.paste_status.setText(text)
        self.paste_status.setVisible(bool(text))

    # ==== the list =======================================================================================
    def _section(self, text: str) -> QLabel:
        label = text_label(text, bold=True, scale=1.1)
        self.list_layout.addWidget(label)
        return label

    def _add_card(self, finding: Any, origin: str, on_machine: bool = False) -> DoctorFindingCard:
        report = self.session.report if on_machine else None
        gpus = getattr(report, "gpus", None) if report is not None else None
        card = DoctorFindingCard(present.window_finding(finding, has_amd_gpu=gpus is None or bool(gpus)), origin)
        card.fixRequested.connect(self.open_fix)
        card.copied.connect(lambda _t: self._say(self.tr("The command is on the clipboard.")))
        self.cards.append(card)
        self.list_layout.addWidget(card)
        return card

    def _render(self) -> None:
        clear_layout(self.list_layout)
        self.cards = []
        self.pasted_section: QLabel | None = None
        self.empty_frame: QFrame | None = None
        if self.looked_up is not None:
            self._section(self.tr("Sent here by the Sanity check"))
            note = text_label(self.tr("The checks of this machine did not show this failure; it was seen in the "
                                      "Sanity check's run."), small=True, muted=True)
            self.list_layout.addWidget(note)
            self._add_card(self.looked_up, present.origin_text(list(self.looked_up.origins)))
        if self.pasted is not None or self.pasted_error:
            self.pasted_section = self._section(self.tr("From {label}").format(label=self._paste_label))
            self.pasted_heading_label = text_label(present.pasted_heading(self.pasted) if self.pasted is not None else
                                                   self.tr("Could not diagnose it: {error}").format(
                                                       error=self.pasted_error), small=True, muted=True)
            self.list_layout.addWidget(self.pasted_heading_label)
            if self.pasted is not None:
                lines = [line for i in self.pasted.inputs for line in i.summary]
                if lines:
                    self.list_layout.addWidget(text_label("\n".join(f"• {x}" for x in lines[:6]), small=True))
                origin = self.tr("Found in {label} ({format})").format(
                    label=self._paste_label, format=present.format_name(
                        self.pasted.inputs[0].format if self.pasted.inputs else None))
                for f in self.pasted.findings:
                    self._add_card(f, origin)
                if not self.pasted.findings:
                    self.list_layout.addWidget(text_label(self.tr("No known problem found in it."), muted=True))
        self.machine_section = self._section(present.section_title(self.session.simulate, self.session.root))
        if self.machine is not None:
            findings = list(self.machine.findings)
            self.venvs_note = text_label(self.tr("PyTorch was verified in: {venvs}").format(
                venvs=", ".join(self.machine_venvs)) if self.machine_venvs else "", small=True, muted=True)
            self.venvs_note.setVisible(bool(self.machine_venvs))
            self.list_layout.addWidget(self.venvs_note)
            if findings:
                for f in findings:
                    self._add_card(f, present.origin_text(list(f.origins)), on_machine=True)
            else:
                self._empty_state()
        else:
            text = self.machine_error or self._waiting_text()
            self.machine_note = text_label(text, muted=True)
            self.list_layout.addWidget(self.machine_note)
        self.list_layout.addStretch(1)
        self._tab_chain()

    def _waiting_text(self) -> str:
        s = self.session
        return present.waiting_text(s.error, s.busy, s.host is not None)

    def _empty_state(self) -> None:
        checked = [catalogue_text(c) for c in (getattr(self.machine, "checked", None) or [])]
        on_machine, in_output = catalogue_scope()
        frame = DoctorEmptyState(self._where(), checked or [catalogue_text(t) for t in on_machine], len(in_output))
        self.empty_title, self.empty_what, self.empty_output = frame.title, frame.what, frame.output
        self.empty_frame = frame
        self.list_layout.addWidget(frame)

    def _tab_chain(self) -> None:
        """Cards are made after the paste box, so Qt would tab to them last: put them between the check
        buttons and the paste box, in the order they are shown."""
        chain: list[QWidget] = [self.check_button, self.cancel_button]
        for card in self.cards:
            chain += [w for w in card.findChildren(QWidget) if w.focusPolicy() & Qt.FocusPolicy.TabFocus]
        chain += [self.paste_edit, self.diagnose_button, self.open_button, self.clear_button, self.save_button,
                  self.snapshot_button, self.identity_check]
        for a, b in zip(chain, chain[1:]):
            QWidget.setTabOrder(a, b)

    def _scroll_to_pasted(self) -> None:
        if self.pasted_section is not None:
            self.scroll.ensureWidgetVisible(self.pasted_section, 0, 0)

    def _sync(self) -> None:
        s = self.session
        self.where_label.setText(self.tr("— {where}").format(where=self._where()))
        checking = self.checking()
        busy = checking or s.busy
        self.check_button.setEnabled(not busy and s.host is not None)
        self.check_button.setText(self.tr("&Check again") if self.machine is not None else self.tr("&Check"))
        self.cancel_button.setVisible(checking)
        self.cancel_button.setEnabled(checking)
        self.progress.setVisible(busy or self.pasting() or self.saving())
        if not busy and (self.pasting() or self.saving()):
            self.progress.setRange(0, 0)
        if s.busy:
            self.progress.setRange(0, 0)
            text = self.tr("Reading {where}…").format(where=self._where())
        elif checking:
            text = self._progress_text
        elif self.pasting():
            text = self.tr("Diagnosing {label}…").format(label=self._paste_label)
        elif self.machine is not None:
            text = present.checked_text(list(self.machine.findings), self._checked_at)
        else:
            text = ""
        self.status.setText(text)
        has_text = self.paste_edit.held is not None or bool(self.paste_edit.toPlainText().strip())
        self.diagnose_button.setEnabled(has_text and not self.pasting())
        self.clear_button.setEnabled(has_text or self.pasted is not None or self.pasted_error is not None)
        self.save_button.setEnabled((self.machine is not None or self.pasted is not None) and not self.saving())
        self.snapshot_button.setEnabled(s.host is not None and not s.busy and not self.snapshot.busy())

    def _say(self, text: str) -> None:
        self.save_status.setText(text)

    # ==== going to a finding ==============================================================================
    def show_finding(self, finding_id: str, evidence: list[str] | None = None) -> None:
        """Land on a finding (another page's link, e.g. the Sanity check's "wheel-missing-arch").  When the
        machine's check is still to come, landing waits for it; a finding the check does not show is shown
        from the catalogue, with the evidence the other page passed."""
        self._pending_evidence = list(evidence or [])
        if self.machine is None or self.checking() or self._stale:
            self._pending_focus = finding_id
            if not self.checking():
                self.check()
            return
        self._land_on(finding_id)

    def _land_on(self, finding_id: str) -> None:
        card = next((c for c in self.cards if c.finding.id == finding_id), None)
        if card is None:
            self.looked_up = catalogue_finding(finding_id, self._pending_evidence)
            if self.looked_up is None:
                self._say(self.tr("rocmdesk knows no finding {id}.").format(id=finding_id))
                return
            self._render()
            card = next((c for c in self.cards if c.finding.id == finding_id), None)
        for c in self.cards:
            c.set_highlighted(c is card)
        if card is None:
            return
        QTimer.singleShot(0, lambda: self.scroll.ensureWidgetVisible(card, 0, 0))
        target = card.first_control()
        if target is not None:
            target.setFocus(Qt.FocusReason.OtherFocusReason)

    def focused_finding(self) -> str | None:
        card = next((c for c in self.cards if c.highlighted), None)
        return card.finding.id if card is not None else None

    # ==== fixing ==========================================================================================
    def open_fix(self, finding: Any) -> FixReviewDialog | None:
        plan = getattr(finding.fix, "plan", None)
        if plan is None:
            return None
        if self.fix_dialog is not None and self.fix_dialog.running():
            self.fix_dialog.raise_()
            return self.fix_dialog
        self.fix_dialog = FixReviewDialog(catalogue_text(finding.title), plan, self.session, self.command_factory,
                                          self.helper_locator, self)
        self.fix_dialog.runFinished.connect(self._fix_finished)
        self.fix_dialog.open()  # window-modal, never a nested event loop
        return self.fix_dialog

    def _fix_finished(self, outcome: Any) -> None:
        if getattr(outcome, "saw_plan", False):
            self.session.refresh()  # the machine changed: every page (and this check) sees it anew

    # ==== the report =====================================================================================
    def report_diagnosis(self) -> Any | None:
        return merge(self.machine, self.pasted)

    def _save_clicked(self) -> None:
        path, chosen = QFileDialog.getSaveFileName(self, self.tr("Save the Doctor's report"),
                                                   str(Path.home() / "rocmdesk-doctor.md"),
                                                   self.tr("Markdown (*.md);;JSON (*.json);;All files (*)"))
        if not path:
            return
        if not Path(path).suffix:
            path += ".json" if "json" in chosen.lower() else ".md"
        self.save_report(path)

    def saving(self) -> bool:
        return self._save_job is not None

    def save_report(self, path: str, include_identity: bool | None = None) -> bool:
        """Save the report: Markdown in the app's language, or JSON (a ``.json`` path) in English, as
        ``rocmdesk doctor --report`` writes it.  In another language the JSON's diagnosis is built again in
        English from the same inputs, in the worker: True then says it started, and ``reportSaved`` comes when
        the file is written (at once otherwise)."""
        d = self.report_diagnosis()
        if d is None or self.saving():
            return False
        include = self.identity_check.isChecked() if include_identity is None else include_identity
        identity = self.identity()
        if Path(path).suffix.lower() != ".json" or i18n.current_language() == i18n.SOURCE_LANGUAGE:
            return self._write_report(path, d, include, identity)
        work = present.english_work(self.machine, self.pasted, self._pasted_again if self.pasted is not None else None)
        self._number += 1
        self._save_job = self._number
        self._save_request = (path, include, identity)
        self._say(self.tr("Saving {path}: building the report again in English…").format(path=path))
        self._pool.start(Job(self._number, work, self._signals))
        self._sync()
        return True

    def _write_report(self, path: str, d: Any, include_identity: bool, identity: dict[str, str]) -> bool:
        ok, text = present.write_report(path, d, include_identity, identity)
        self._say(text)
        self.reportSaved.emit(path, ok)
        return ok

    def identity(self) -> dict[str, str]:
        """The user and host names of the machine on screen: left out of the report unless asked for."""
        return present.identity(self.session.host)

    def shutdown(self, timeout_ms: int = 10000) -> None:
        """Drop pending results and wait for the workers (the checks' commands time out by themselves); a fix
        that runs is stopped as Setup stops its run (a helper that runs as root is not ours to kill)."""
        dialog = self.fix_dialog
        if dialog is not None and dialog.running() and dialog.run is not None:
            dialog.run.cancel()
            dialog.run.proc.waitForFinished(3000)
        self.snapshot.shutdown(timeout_ms)
        self._drop_machine_job()
        self._paste_job = None
        self._save_job = None
        self._pool.clear()
        self._pool.waitForDone(timeout_ms)
