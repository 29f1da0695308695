"""Runs the sanity check with a venv's python and turns its JSON lines into events and a ``SanityResult``.

rocmdesk never imports torch: ``check_script.py`` runs as ``python -I check_script.py`` in the user's venv,
through ``machine.process.run_streamed`` (its own process group, so a cancel or a hang ends the check and
the ranks it started).  The hang watchdog lives here, not in the child: a phase that prints no line for
its timeout is *hung*, even when the child is stuck inside a HIP call that never returns to Python.
"""

from __future__ import annotations

import os
import signal
import time
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from rocmdesk.formats.limits import loads as json_loads
from rocmdesk.i18n import translate
from rocmdesk.machine.process import Cancel, run_streamed
from rocmdesk.sanity.messages import localize
from rocmdesk.sanity.result import PHASES, RESNET50_REFERENCE, PhaseResult, SanityResult, multi_gpu_hints

CHECK_SCRIPT = Path(__file__).with_name("check_script.py")
DEFAULT_STEPS = 30
SIZES = ("tiny", "resnet50")
DEVICES = ("auto", "cuda", "cpu")
# seconds without a line before a phase counts as hung.  Generous: on a GPU's first run MIOpen searches for
# its convolution kernels, and a ResNet-50 step can take minutes before its kernels are cached.
TIMEOUTS = {
    "tiny": {"device": 120.0, "numeric": 300.0, "fp32": 300.0, "amp": 300.0, "multi_gpu": 180.0},
    "resnet50": {"device": 120.0, "numeric": 300.0, "fp32": 900.0, "amp": 900.0, "multi_gpu": 180.0},
}
STARTUP_FLOOR_S = 60.0  # importing torch and finding the GPU, before the first line, never gets less
EXIT_GRACE_S = 30.0  # after its result line the check must exit within this (ROCm teardown can hang)
ALLREDUCE_SHARE = 0.75  # the check gives up on the all-reduce itself first, so it can say which ranks answered
LOG_TAIL_LINES = 40

EventCallback = Callable[[dict], None]


@dataclass
class SanityOptions:
    python: Path
    device: str = "auto"  # auto: the GPU when torch sees one; cuda: the GPU or fail; cpu: the CPU, said plainly
    size: str = "tiny"
    steps: int = DEFAULT_STEPS
    env: dict[str, str] | None = None  # the whole environment of the check (None: this process's)
    phase_timeout_s: float | None = None  # one timeout for every phase (None: TIMEOUTS)
    multi_gpu: bool | None = None  # None or True: the all-reduce when two or more GPUs are visible; False: skip
    cpu_ranks: int = 0  # tests: run the all-reduce on this many CPU processes over gloo
    script: Path | None = None  # the check to run (None: the shipped CHECK_SCRIPT); tests run a wrapper of it


def phase_timeout(options: SanityOptions, phase: str) -> float:
    if options.phase_timeout_s is not None:
        return float(options.phase_timeout_s)
    return TIMEOUTS.get(options.size, TIMEOUTS["tiny"]).get(phase, 300.0)


def check_argv(options: SanityOptions) -> list[str]:
    return [os.fspath(options.python), "-I", os.fspath(options.script or CHECK_SCRIPT),
            "--device", options.device, "--size", options.size, "--steps", str(int(options.steps)),
            "--multi-gpu", "off" if options.multi_gpu is False else "auto",
            "--cpu-ranks", str(int(options.cpu_ranks)),
            "--allreduce-timeout", f"{phase_timeout(options, 'multi_gpu') * ALLREDUCE_SHARE:g}"]


class _Watch(Cancel):
    """The cancel token ``run_streamed`` polls (every line, and every 50 ms without one): it also fires when
    the running phase has been silent past its timeout, so a hang is caught however the child is stuck."""

    def __init__(self, options: SanityOptions, user: Cancel | None) -> None:
        super().__init__()
        self.options, self.user = options, user
        self.phase = "device"  # before the first line: importing torch and finding the GPU
        self.limit = max(phase_timeout(options, "device"), STARTUP_FLOOR_S)
        self.last = time.monotonic()
        self.reason: str | None = None  # "cancel", "hang", or "exit" (no exit after the result line)

    def progress(self, phase: str | None = None, limit: float | None = None) -> None:
        self.last = time.monotonic()
        if phase is not None:
            self.phase = phase
        if limit is not None:
            self.limit = limit

    @property
    def cancelled(self) -> bool:
        if self.reason is None:
            if self.user is not None and self.user.cancelled:
                self.reason = "cancel"
            elif time.monotonic() - self.last > self.limit:
                self.reason = "exit" if self.phase == "exit" else "hang"
        return self.reason is not None or super().cancelled


class _Run:
    """What the lines said so far."""

    def __init__(self, options: SanityOptions, on_event: EventCallback | None, watch: _Watch) -> None:
        self.options, self.on_event, self.watch = options, on_event, watch
        self.start: dict[str, Any] | None = None
        self.order: list[str] = list(PHASES)
        self.ends: list[dict[str, Any]] = []
        self.final: dict[str, Any] | None = None
        self.running: str | None = None  # a phase that started and has not ended
        self.stderr: deque[str] = deque(maxlen=LOG_TAIL_LINES)
        self.stray: deque[str] = deque(maxlen=LOG_TAIL_LINES)

    def emit(self, ev: dict[str, Any]) -> None:
        if self.on_event is not None:
            self.on_event(ev)

    def next_phase(self, after: str) -> str:
        if after in self.order and self.order.index(after) + 1 < len(self.order):
            return self.order[self.order.index(after) + 1]
        return after

    def line(self, text: str) -> None:
        ev = _parse(text)
        if ev is None:
            self.stray.append(text)  # not the check's: kept for the error report, not a sign of progress
            return
        kind = ev.get("event")
        watch = self.watch
        if kind in ("start", "phase", "result"):
            localize(ev)  # the check's English sentences in the user's language, before anyone reads them
        if kind == "start":
            self.start = ev
            self.order = [str(p) for p in ev.get("phases") or PHASES]
            watch.progress(self.order[0], phase_timeout(self.options, self.order[0]))
        elif kind == "phase" and ev.get("status") == "start":
            name = str(ev.get("name"))
            self.running = name
            ev["timeout_s"] = phase_timeout(self.options, name)
            watch.progress(name, ev["timeout_s"])
        elif kind == "phase" and ev.get("status") == "end":
            name = str(ev.get("name"))
            self.running = None
            self.ends.append(ev)
            nxt = self.next_phase(name)
            watch.progress(nxt, phase_timeout(self.options, nxt))
        elif kind == "result":
            self.final = ev
            watch.progress("exit", EXIT_GRACE_S)
            return  # the runner sends its own result event, with what only it knows
        elif kind == "steps":
            watch.progress()
            for ev in _split_steps(ev):
                self.emit(ev)
            return
        else:
            watch.progress()
        self.emit(ev)


def _split_steps(ev: dict[str, Any]) -> list[dict[str, Any]]:
    """The check writes the steps since its last line as one ``steps`` line; the page wants an event a step."""
    first, losses = ev.get("first"), ev.get("losses")
    if not isinstance(first, int) or not isinstance(losses, list):
        return []
    return [{"event": "step", "phase": ev.get("phase"), "step": first + k, "of": ev.get("of"), "loss": loss,
             "samples_per_s": ev.get("samples_per_s")} for k, loss in enumerate(losses)]


def _parse(text: str) -> dict[str, Any] | None:
    text = text.strip()
    if not text.startswith("{"):
        return None
    try:
        ev = json_loads(text)
    except ValueError:  # not JSON, or deeper than the check ever nests (LimitError)
        return None
    return ev if isinstance(ev, dict) and isinstance(ev.get("event"), str) else None


def _signal_text(returncode: int) -> str:
    try:
        name = signal.Signals(-returncode).name
    except ValueError:
        name = f"signal {-returncode}"
    return translate("rocmdesk.sanity.runner", "the check's python was killed by signal {number} ({name})").format(
        number=-returncode, name=name)


def _last_error_line(lines: list[str]) -> str | None:
    for line in reversed(lines):
        s = line.strip()
        if s and ("Error" in s or "error" in s or "Fatal" in s):
            return s
    return next((ln.strip() for ln in reversed(lines) if ln.strip()), None)


def _aggregate(res: SanityResult) -> None:
    """The whole run's numbers from its phases (when the check did not live to send its own)."""
    trained = [p for p in res.phases if p.name in ("fp32", "amp") and p.loss_first is not None]
    if trained:
        res.loss_first, res.loss_last = trained[0].loss_first, trained[-1].loss_last
    fp32, amp = res.phase("fp32"), res.phase("amp")
    if fp32 is not None:
        res.first_step_s = fp32.first_step_s
    if fp32 and amp and fp32.ok and amp.ok and not amp.skipped and fp32.samples_per_s and amp.samples_per_s:
        res.amp_speedup = amp.samples_per_s / fp32.samples_per_s
    peaks = [p.peak_mem_bytes for p in res.phases if p.peak_mem_bytes is not None]
    reserved = [p.peak_reserved_bytes for p in res.phases if p.peak_reserved_bytes is not None]
    res.peak_mem_bytes = max(peaks) if peaks else None
    res.peak_reserved_bytes = max(reserved) if reserved else None


def _build(run: _Run, proc: Any, options: SanityOptions) -> SanityResult:
    start = run.start or {}
    final = run.final or {}
    res = SanityResult(passed=False, device=str(final.get("device") or start.get("device") or ""),
                       torch=final.get("torch") or start.get("torch"),
                       device_name=final.get("device_name") or start.get("device_name"),
                       requested_device=options.device, size=options.size, steps=int(options.steps),
                       batch=start.get("batch"), cpu_fallback=start.get("cpu_fallback"))
    res.phases = [PhaseResult.from_event(ev) for ev in run.ends]
    _aggregate(res)
    for key in ("loss_first", "loss_last", "amp_speedup", "peak_mem_bytes", "peak_reserved_bytes", "first_step_s",
                "amp_dtype"):
        if final.get(key) is not None:
            setattr(res, key, final[key])
    device_phase = res.phase("device")
    if device_phase is not None:
        res.facts = dict(device_phase.detail.get("facts") or {})
    multi = res.phase("multi_gpu")
    if multi is not None and not multi.ok:
        res.env_hints = multi_gpu_hints(multi.detail.get("env") or options.env or dict(os.environ))
        if multi.hung:
            res.hung_phase = "multi_gpu"
    if options.size == "resnet50":
        res.reference = dict(RESNET50_REFERENCE)
    watch = run.watch
    bad = next((p for p in res.phases if not p.ok and not p.skipped), None)
    if watch.reason == "cancel":
        res.cancelled = True
        res.error = translate("rocmdesk.sanity.runner", "cancelled")
        res.stopped_phase = run.running
    elif watch.reason == "hang":
        res.hung_phase = watch.phase
        res.error = translate("rocmdesk.sanity.runner", "no progress in phase {phase} for {seconds:g} s; the check "
                                                        "and its processes were stopped").format(
            phase=watch.phase, seconds=watch.limit)
        res.stopped_phase = watch.phase
    elif run.final is not None:
        res.passed = bool(final.get("passed")) and bad is None
        # the failed phase's error is already in the user's language; the result line repeats it in English
        res.error = (bad.error if bad else None) or final.get("error")
        if watch.reason == "exit":
            res.warnings.append(translate(
                "rocmdesk.sanity.runner", "the check's python did not exit within {seconds:g} s after finishing (a "
                                          "hang at exit, often in the ROCm runtime's teardown); it was stopped"
            ).format(seconds=EXIT_GRACE_S))
        elif proc.returncode not in (0, 1):
            res.warnings.append(translate("rocmdesk.sanity.runner",
                                          "the check's python ended with status {status} after finishing").format(
                status=proc.returncode))
    elif proc.missing:
        res.error = translate("rocmdesk.sanity.runner", "the check could not be started: {error}").format(
            error=proc.error)
    elif proc.returncode is not None and proc.returncode < 0:
        res.error = _signal_text(proc.returncode)
        res.stopped_phase = run.running
    else:
        last = _last_error_line(list(run.stderr) + list(run.stray))
        if last:
            res.error = translate("rocmdesk.sanity.runner",
                                  "the check's python exited with status {status} before it finished: {line}"
                                  ).format(status=proc.returncode, line=last)
        else:
            res.error = translate("rocmdesk.sanity.runner",
                                  "the check's python exited with status {status} before it finished").format(
                status=proc.returncode)
        res.stopped_phase = run.running
    if bad is not None and not res.error:
        res.error = bad.error
    if not res.passed and not res.cancelled:
        res.log_tail = "\n".join(run.stderr) or None
    return res


def run_sanity(options: SanityOptions, on_event: EventCallback | None = None,
               cancel: Cancel | None = None) -> SanityResult:
    """Run the check and wait for it; ``on_event`` gets each event (in this thread), the last one ``result``."""
    watch = _Watch(options, cancel)
    run = _Run(options, on_event, watch)
    env = dict(os.environ if options.env is None else options.env)
    proc = run_streamed(check_argv(options), on_line=run.line, on_stderr_line=run.stderr.append,
                        merge_stderr=False, cancel=watch, env=env, keep_lines=LOG_TAIL_LINES)
    res = _build(run, proc, options)
    run.emit({"event": "result", **res.to_json()})
    return res
