"""One progress bar per phase of the sanity check: pending, running (step i of N), passed, failed, skipped, hung.

The rows only show; the page feeds them the runner's events (``start`` / ``end`` / ``step`` / ``finish``).
"""

from __future__ import annotations

import re

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QGridLayout, QProgressBar, QWidget

from rocmdesk.ui.widgets.text import text_label

PHASES = ("device", "numeric", "fp32", "amp", "multi_gpu")
BAR_STEPS = 1000

# state -> chunk colour; pending and running keep the style's own colour
# lupdate reads the literal context of each call, so strings are written as translate("SanityPhases", ...)
translate = QCoreApplication.translate

_CHUNK = {"passed": "#2e8b47", "failed": "#c0392b", "hung": "#c0392b", "stopped": "#c99a06",
          "skipped": "#9a9a9a", "not-run": "#9a9a9a"}


def phase_title(name: str) -> str:
    return {
        "device": translate("SanityPhases", "Device facts"),
        "numeric": translate("SanityPhases", "Numeric check (GPU against CPU)"),
        "fp32": translate("SanityPhases", "FP32 training"),
        "amp": translate("SanityPhases", "AMP training (autocast + GradScaler)"),
        "multi_gpu": translate("SanityPhases", "Multi-GPU all-reduce"),
    }.get(name, name)


def _rate(x: float | None) -> str:
    return f"{x:,.0f}" if x is not None and x >= 100 else (f"{x:.1f}" if x is not None else "")


class PhaseRow:
    """The title, bar and status text of one phase (three cells of the grid)."""

    def __init__(self, name: str, grid: QGridLayout, row: int) -> None:
        self.name = name
        self.state = "pending"
        self.timeout_s: float | None = None
        self.title = text_label(phase_title(name))
        self.title.setWordWrap(False)
        self.bar = QProgressBar()
        self.bar.setRange(0, BAR_STEPS)
        self.bar.setTextVisible(False)
        self.bar.setFixedWidth(220)
        self.bar.setAccessibleName(QCoreApplication.translate("SanityPhases", "{phase} progress").format(
            phase=phase_title(name)))
        self.status = text_label("", muted=True)
        grid.addWidget(self.title, row, 0)
        grid.addWidget(self.bar, row, 1)
        grid.addWidget(self.status, row, 2)
        self.set_pending()

    def _look(self, state: str, text: str, value: int | None = None, busy: bool = False) -> None:
        self.state = state
        colour = _CHUNK.get(state)
        self.bar.setStyleSheet(f"QProgressBar::chunk {{ background: {colour}; }}" if colour else "")
        if busy:
            self.bar.setRange(0, 0)
        else:
            self.bar.setRange(0, BAR_STEPS)
            self.bar.setValue(value if value is not None else 0)
        self.status.setText(text)
        bold = state in ("failed", "hung")
        font = self.status.font()
        font.setBold(bold)
        self.status.setFont(font)

    def set_pending(self) -> None:
        self.timeout_s = None
        self._look("pending", translate("SanityPhases", "waiting"))

    def start(self, timeout_s: float | None) -> None:
        self.timeout_s = timeout_s
        text = translate("SanityPhases", "running…")
        if timeout_s:
            text += " " + translate("SanityPhases", "(counted as hung after {t:.0f} s without progress)").format(
                t=timeout_s)
        self._look("running", text, busy=True)

    def step(self, i: int, of: int, loss: float | None, samples_per_s: float | None) -> None:
        if self.state not in ("running", "pending"):
            return
        parts = [translate("SanityPhases", "step {i} of {n}").format(i=i, n=of)]
        if loss is not None:
            parts.append(translate("SanityPhases", "loss {loss:.3f}").format(loss=loss))
        if samples_per_s:
            parts.append(translate("SanityPhases", "{rate} samples/s").format(rate=_rate(samples_per_s)))
        self._look("running", " · ".join(parts), int(BAR_STEPS * min(max(i / of, 0.0), 1.0)) if of else 0)

    def end(self, ok: bool, seconds: float | None, samples_per_s: float | None, skipped: str | bool | None,
            error: str | None) -> None:
        if skipped:
            reason = skipped if isinstance(skipped, str) else (error or "")
            self._look("skipped", translate("SanityPhases", "skipped: {reason}").format(reason=reason) if reason
                       else translate("SanityPhases", "skipped"), BAR_STEPS)
            return
        if ok:
            parts = [translate("SanityPhases", "passed")]
            if seconds is not None:
                parts.append(translate("SanityPhases", "{s:.1f} s").format(s=seconds))
            if samples_per_s:
                parts.append(translate("SanityPhases", "{rate} samples/s").format(rate=_rate(samples_per_s)))
            self._look("passed", " · ".join(parts), BAR_STEPS)
            return
        self._look("failed", translate("SanityPhases", "failed: {error}").format(error=error_line(error)) if error
                   else translate("SanityPhases", "failed"), self._value())

    def hung(self, timeout_s: float | None) -> None:
        t = timeout_s or self.timeout_s
        self._look("hung", translate("SanityPhases", "hung: no progress for {t:.0f} s, stopped").format(t=t) if t
                   else translate("SanityPhases", "hung: no progress, stopped"), self._value())

    def finish(self, cancelled: bool) -> None:
        """The run ended: a phase still running was cut short, one never started did not run."""
        if self.state == "running":
            self._look("stopped", translate("SanityPhases", "cancelled") if cancelled
                       else translate("SanityPhases", "stopped: the check ended here"),
                       self._value())
        elif self.state == "pending":
            self._look("not-run", translate("SanityPhases", "not run"), 0)

    def _value(self) -> int:
        """Where a phase that ended badly stopped; a full bar (in the state's colour) when it had no steps."""
        value = self.bar.value() if self.bar.maximum() else 0
        return value if value > 0 else BAR_STEPS


class PhaseList(QWidget):
    """The rows, rebuilt when a run announces its phases."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setHorizontalSpacing(12)
        self.grid.setVerticalSpacing(6)
        self.grid.setColumnStretch(2, 1)
        self.rows: dict[str, PhaseRow] = {}
        self.set_phases(PHASES)

    def set_phases(self, names: list[str] | tuple[str, ...]) -> None:
        if list(names) == list(self.rows):
            self.reset()
            return
        for row in self.rows.values():
            for w in (row.title, row.bar, row.status):
                self.grid.removeWidget(w)
                w.hide()  # now: a deferred delete waits for the event loop
                w.setParent(None)
                w.deleteLater()
        self.rows = {}
        for i, name in enumerate(names):
            self.rows[name] = PhaseRow(name, self.grid, i)

    def row(self, name: str) -> PhaseRow:
        if name not in self.rows:  # a phase the run did not announce: shown all the same
            self.rows[name] = PhaseRow(name, self.grid, len(self.rows))
        return self.rows[name]

    def reset(self) -> None:
        for row in self.rows.values():
            row.set_pending()

    def states(self) -> dict[str, str]:
        return {name: row.state for name, row in self.rows.items()}


_EXCEPTION_LINE = re.compile(r"^[\w.]*(Error|Exception|Interrupt)\b.*:")


def error_line(text: str) -> str:
    """The line of an error that says what went wrong: the last ``SomethingError: ...`` line (a traceback's
    end; HIP's own message is followed by advice lines), else the last line."""
    lines = [ln.strip() for ln in text.strip().splitlines() if ln.strip()]
    for line in reversed(lines):
        if _EXCEPTION_LINE.match(line):
            return line
    return lines[-1] if lines else text


