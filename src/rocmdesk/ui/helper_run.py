"""The root helper as a QProcess: the plan JSON on its stdin, its progress events out of stdout, never blocking
the UI.  Setup's Run step and the Doctor's "Fix…" both start it here."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from PySide6.QtCore import QByteArray, QObject, QProcess, Signal

from rocmdesk.setup import events as ev

CommandFactory = Callable[[str, bool], list[str]]  # (plan JSON, dry run) -> argv
HelperLocator = Callable[[], "str | None"]  # the root-owned system helper, None when there is none


def default_command(plan_json: str, dry_run: bool) -> list[str]:
    """The runner's argv: pkexec + the system helper, or the helper module in --dry-run without root.
    Raises ``runner.NoHelper`` for a real run when no root-owned system helper is installed."""
    from rocmdesk.setup import runner

    return list(runner.command(plan_json, dry_run))


def default_helper_path() -> str | None:
    from rocmdesk.setup import runner

    return runner.helper_path()


@dataclass
class RunOutcome:
    """How one run of the helper ended, for the result page."""

    dry_run: bool
    program: str = ""
    exit_code: int | None = None  # None: it crashed, was killed, or never started
    cancelled: bool = False
    start_error: str | None = None
    saw_plan: bool = False  # the helper itself ran (pkexec let it through)
    done: ev.Event | None = None
    failed: ev.Event | None = None
    refused: ev.Event | None = None
    stray: list[str] = field(default_factory=list)  # the last lines that were not events (stderr, pkexec)


class HelperRun(QObject):
    """One helper process: plan JSON on stdin, events out of stdout, never blocking the UI."""

    eventReceived = Signal(object)  # ev.Event
    lineReceived = Signal(str)  # a line that is not an event (stderr, or stray stdout)
    ended = Signal(object)  # RunOutcome

    def __init__(self, argv: list[str], plan_json: str, dry_run: bool, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.argv = list(argv)
        self.stdin = plan_json.encode("utf-8")
        self.outcome = RunOutcome(dry_run, program=self.argv[0] if self.argv else "")
        self._buffers = {"out": b"", "err": b""}
        self._over = False
        self.proc = QProcess(self)
        self.proc.setProgram(self.argv[0])
        self.proc.setArguments(self.argv[1:])
        self.proc.started.connect(self._feed)
        self.proc.readyReadStandardOutput.connect(lambda: self._read("out"))
        self.proc.readyReadStandardError.connect(lambda: self._read("err"))
        self.proc.finished.connect(self._finished)
        self.proc.errorOccurred.connect(self._error)

    @property
    def running(self) -> bool:
        return not self._over

    def start(self) -> None:
        self.proc.start()

    def cancel(self) -> None:
        """Kill the process.  (A helper that pkexec runs as root may not be ours to kill: then it runs on.)"""
        if self._over:
            return
        self.outcome.cancelled = True
        self.proc.kill()

    def _feed(self) -> None:
        self.proc.write(QByteArray(self.stdin))
        self.proc.closeWriteChannel()  # the helper reads the whole plan, up to EOF

    def _read(self, which: str) -> None:
        data = self.proc.readAllStandardOutput() if which == "out" else self.proc.readAllStandardError()
        buf = self._buffers[which] + bytes(data.data())
        *lines, rest = buf.split(b"\n")
        self._buffers[which] = rest
        for raw in lines:
            self._line(which, raw)

    def _line(self, which: str, raw: bytes) -> None:
        text = raw.decode("utf-8", "replace").rstrip("\r")
        event = ev.parse_line(text) if which == "out" else None
        if event is None:
            if text.strip():
                self.outcome.stray = (self.outcome.stray + [text])[-20:]
                self.lineReceived.emit(text)
            return
        o = self.outcome
        if event.event == "plan":
            o.saw_plan = True
        elif event.event == "failed":
            o.failed = event
        elif event.event == "refused":
            o.refused = event
        elif event.event == "done":
            o.done = event
        self.eventReceived.emit(event)

    def _flush(self) -> None:
        for which in ("out", "err"):
            self._read(which)
            rest, self._buffers[which] = self._buffers[which], b""
            if rest.strip():
                self._line(which, rest)

    def _finished(self, code: int, status: QProcess.ExitStatus) -> None:
        if self._over:
            return
        self._flush()
        if status == QProcess.ExitStatus.NormalExit:
            self.outcome.exit_code = code
        self._end()

    def _error(self, error: QProcess.ProcessError) -> None:
        if error == QProcess.ProcessError.FailedToStart and not self._over:
            self.outcome.start_error = self.proc.errorString()
            self._end()

    def _end(self) -> None:
        self._over = True
        self.ended.emit(self.outcome)
