"""Child processes of the user's own venvs: streamed output lines, a timeout, cancel.

It sits in ``machine/`` beside the Host, as the seam's second door for running programs. Why it is not
``Host.run``: the Host *reads a machine* — short
commands (rocminfo, dpkg-query) with captured output and a few seconds' timeout, canned on captured and
simulated trees.  What runs here is different in kind: the user's own programs in the user's own venv
(``python -m venv``, ``pip install`` of a multi-GB wheel, the torch probe, later the sanity-check training),
running for seconds to many minutes, whose output must reach a progress bar line by line while it runs, and
which the user can cancel.  They must run for real even when rocmdesk is pointed at a simulated machine.

``torchenv``, the setup runner and the sanity check start their long-running children through it.
Each child gets its own session (process group), so a timeout or a cancel ends the child *and* everything it
started (pip's build subprocesses, dataloader workers) with SIGTERM, then SIGKILL after a grace period.
"""

from __future__ import annotations

import os
import queue
import re
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from rocmdesk.i18n import translate

LineCallback = Callable[[str], None]

# \r ends a line too: tqdm-style progress redraws the same line with carriage returns
_BREAK = re.compile(rb"\r\n|\r|\n")


class Cancel:
    """A cancel token shared between the thread that runs a child and the one (a UI button) that stops it."""

    def __init__(self) -> None:
        self._event = threading.Event()

    def cancel(self) -> None:
        self._event.set()

    @property
    def cancelled(self) -> bool:
        return self._event.is_set()

    def wait(self, timeout: float) -> bool:
        return self._event.wait(timeout)


@dataclass(frozen=True)
class ProcessResult:
    """What a child did.  ``stdout`` holds the last ``keep_lines`` lines (all output when stderr is merged)."""

    argv: tuple[str, ...]
    returncode: int | None
    stdout: str = ""
    stderr: str = ""
    duration_s: float = 0.0
    timed_out: bool = False
    cancelled: bool = False
    missing: bool = False  # the program could not be started at all
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.returncode == 0 and not (self.timed_out or self.cancelled or self.missing)

    @property
    def signal_name(self) -> str | None:
        """"SIGSEGV" when the child died of a signal."""
        if self.returncode is None or self.returncode >= 0:
            return None
        try:
            return signal.Signals(-self.returncode).name
        except ValueError:
            return f"signal {-self.returncode}"


def _reader(stream, name: str, out: queue.Queue) -> None:
    pending = b""
    skip_lf = False  # the last chunk ended in \r: a \n that starts this one is the same line break
    try:
        while True:
            chunk = stream.read1(65536)
            if not chunk:
                break
            if skip_lf and chunk.startswith(b"\n"):
                chunk = chunk[1:]
            skip_lf = chunk.endswith(b"\r")
            parts = _BREAK.split(pending + chunk)
            pending = parts.pop()  # an unfinished line
            for part in parts:
                out.put((name, part.decode("utf-8", errors="replace")))
    except (OSError, ValueError):
        pass
    finally:
        if pending:
            out.put((name, pending.decode("utf-8", errors="replace")))
        out.put((name, None))


def _kill_group(proc, grace_s: float) -> None:
    """SIGTERM to the child's process group, SIGKILL to what is left after ``grace_s``."""
    for sig, wait in ((signal.SIGTERM, grace_s), (signal.SIGKILL, 5.0)):
        try:
            os.killpg(proc.pid, sig)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            proc.wait(timeout=wait)
            break
        except Exception:  # subprocess.TimeoutExpired: escalate
            continue
    # the leader may be gone while others in its group live on
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def run_streamed(
    argv: Sequence[str | os.PathLike[str]],
    *,
    on_line: LineCallback | None = None,
    on_stderr_line: LineCallback | None = None,
    merge_stderr: bool = True,
    timeout: float | None = None,
    cancel: Cancel | None = None,
    env: Mapping[str, str] | None = None,
    cwd: str | os.PathLike[str] | None = None,
    stdin_text: str | None = None,
    keep_lines: int = 5000,
    grace_s: float = 3.0,
) -> ProcessResult:
    """Run ``argv`` (no shell), calling ``on_line`` with each output line as it arrives.

    Callbacks run in the calling thread (a Qt worker can emit signals from them).  ``merge_stderr`` sends
    stderr into the same stream; otherwise stderr lines go to ``on_stderr_line`` and ``result.stderr``.
    ``env`` None: this process's environment.  Never raises for a missing program, a hang or a cancel.
    """
    import subprocess  # the seam's door for long-running children; see the module docstring

    argv_t = tuple(os.fspath(a) for a in argv)
    if not argv_t:
        raise ValueError("empty command")
    start = time.monotonic()
    try:
        proc = subprocess.Popen(
            argv_t,
            stdin=subprocess.PIPE if stdin_text is not None else subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT if merge_stderr else subprocess.PIPE,
            env=dict(os.environ if env is None else env),
            cwd=os.fspath(cwd) if cwd is not None else None,
            start_new_session=True,  # its own process group: cancel ends its children too
            close_fds=True,
        )
    except FileNotFoundError:
        return ProcessResult(argv_t, None, missing=True, error=translate(
            "rocmdesk.machine.process", "{program}: no such program").format(program=argv_t[0]))
    except PermissionError as exc:
        return ProcessResult(argv_t, None, missing=True, error=f"{argv_t[0]}: {exc.strerror}")
    except OSError as exc:  # ENOEXEC (not a program), ENOTDIR, ...
        return ProcessResult(argv_t, None, missing=True, error=f"{argv_t[0]}: {exc.strerror or exc}")

    lines: queue.Queue = queue.Queue()
    readers = [threading.Thread(target=_reader, args=(proc.stdout, "out", lines), daemon=True)]
    if not merge_stderr:
        readers.append(threading.Thread(target=_reader, args=(proc.stderr, "err", lines), daemon=True))
    for t in readers:
        t.start()
    if stdin_text is not None:
        try:
            assert proc.stdin is not None
            proc.stdin.write(stdin_text.encode("utf-8"))
            proc.stdin.close()
        except OSError:  # the child did not read it: its exit status tells why
            pass

    kept_out: deque[str] = deque(maxlen=keep_lines)
    kept_err: deque[str] = deque(maxlen=keep_lines)
    open_streams = len(readers)
    deadline = None if timeout is None else start + timeout
    timed_out = cancelled = False
    callback_error: BaseException | None = None

    def deliver(name: str, line: str) -> None:
        nonlocal callback_error
        (kept_out if name == "out" else kept_err).append(line)
        cb = on_line if name == "out" else on_stderr_line
        if cb is not None and callback_error is None:
            try:
                cb(line)
            except BaseException as exc:  # a broken callback must not leave the child running
                callback_error = exc

    try:
        while open_streams:
            if cancel is not None and cancel.cancelled:
                cancelled = True
            elif deadline is not None and time.monotonic() > deadline:
                timed_out = True
            if cancelled or timed_out or callback_error is not None:
                _kill_group(proc, grace_s)
                break
            try:
                name, line = lines.get(timeout=0.05)
            except queue.Empty:
                continue
            if line is None:
                open_streams -= 1
            else:
                deliver(name, line)
    except BaseException:
        # Ctrl-C in the parent: the child has its own session, so the terminal's SIGINT never reached it
        _kill_group(proc, grace_s)
        raise

    if not (cancelled or timed_out or callback_error is not None):
        # output closed; the child is exiting (or a grandchild holds the pipe no more)
        remaining = None if deadline is None else max(0.0, deadline - time.monotonic())
        try:
            proc.wait(timeout=remaining)
        except subprocess.TimeoutExpired:
            timed_out = True
            _kill_group(proc, grace_s)
    for t in readers:
        t.join(timeout=2.0)
    while True:  # lines that arrived while stopping
        try:
            name, line = lines.get_nowait()
        except queue.Empty:
            break
        if line is not None:
            deliver(name, line)
    for stream in (proc.stdout, proc.stderr):
        if stream is not None:
            try:
                stream.close()
            except OSError:
                pass

    if callback_error is not None:
        raise callback_error
    error = None
    if timed_out:
        error = translate("rocmdesk.machine.process", "{program}: stopped after {seconds} s without finishing").format(
            program=Path(argv_t[0]).name, seconds=f"{timeout:g}")
    elif cancelled:
        error = translate("rocmdesk.machine.process", "{program}: cancelled").format(program=Path(argv_t[0]).name)
    return ProcessResult(
        argv=argv_t,
        returncode=proc.returncode,
        stdout="\n".join(kept_out),
        stderr="\n".join(kept_err),
        duration_s=time.monotonic() - start,
        timed_out=timed_out,
        cancelled=cancelled,
        error=error,
    )
