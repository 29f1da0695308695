"""The user side of the privileged door: start the helper through pkexec, read its event stream, log it.

One authentication for the whole plan: pkexec runs the system helper once with the plan on stdin.  The
CLI and the UI's worker both call ``run``; it blocks, so the UI calls it off the GUI thread.  Like
``setup.helper_execute`` this starts a process outside the Host seam, because it feeds stdin and streams stdout.

Installed with pip there is no system helper, and rocmdesk does not make one: copying a file from a
user-writable virtual environment into a root-owned place and running it as root is exactly what the
helper's rule forbids (whoever can write the venv would own the machine).  Such installs get the plan as
a script to read and run with sudo instead (``no_helper_message``).  The .deb installs the helper root-owned.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import sys
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

from rocmdesk.i18n import translate
from rocmdesk.setup import events
from rocmdesk.setup.events import (
    EXIT_NOT_ROOT,
    EXIT_OK,
    EXIT_REFUSED,
    EXIT_STEP_FAILED,
    PKEXEC_DISMISSED,
    PKEXEC_NOT_AUTHORIZED,
    Event,
)

HELPER = "/usr/libexec/rocmdesk/rocmdesk-helper"
PKEXEC_PATHS = ("/usr/bin/pkexec", "/bin/pkexec")



# The messages are functions, not constants: they are read in the language current when they are shown.
def no_helper_message() -> str:
    return translate(
        "rocmdesk.setup.runner",
        "rocmdesk's system helper is not installed ({helper}; the .deb package installs it). A pip install does "
        "not put a root helper on the system: running a file from a user-writable virtual environment as root "
        "would let whoever can write it take over the machine. Run the plan as a script instead: rocmdesk plan "
        "--format script > plan.sh; read it; then bash plan.sh (it asks sudo for each root step) or sudo bash "
        "plan.sh. Nothing was changed.").format(helper=HELPER)


def no_pkexec_message() -> str:
    return translate("rocmdesk.setup.runner",
                     "pkexec is not installed (Debian/Ubuntu: apt install pkexec, or policykit-1 on older releases), "
                     "so rocmdesk cannot ask for the one authentication it needs: nothing was changed")


def pkexec_message(code: int) -> str:
    """What one of pkexec's own exit statuses (126, 127) means."""
    if code == PKEXEC_DISMISSED:
        return translate("rocmdesk.setup.runner", "the password prompt was dismissed: nothing was changed")
    if code == PKEXEC_NOT_AUTHORIZED:
        return translate("rocmdesk.setup.runner",
                         "not authorized (or no polkit agent is running): nothing was changed")
    raise KeyError(code)


def kind_what(kind: str) -> str:
    """What a step of this kind does, in words (``steps.KINDS[kind].what``, which the helper says in English)."""
    return {
        "remove-path": translate("rocmdesk.setup.runner", "remove an old ROCm tree or apt list"),
        "apt-purge": translate("rocmdesk.setup.runner", "purge packages"),
        "install-key": translate("rocmdesk.setup.runner", "install a repository signing key"),
        "write-apt-list": translate("rocmdesk.setup.runner", "write an apt repository list"),
        "write-pin": translate("rocmdesk.setup.runner", "write an apt pin"),
        "apt-update": translate("rocmdesk.setup.runner", "refresh apt's package lists"),
        "apt-install": translate("rocmdesk.setup.runner", "install packages"),
        "add-user-to-groups": translate("rocmdesk.setup.runner", "add the user to groups"),
        "verify": translate("rocmdesk.setup.runner", "check the result"),
        "set-power-cap": translate("rocmdesk.setup.runner", "set a GPU's power cap"),
        "set-perf-level": translate("rocmdesk.setup.runner", "set a GPU's performance level"),
        "write-control-unit": translate("rocmdesk.setup.runner", "write a unit that sets it again at boot"),
        "remove-control-unit": translate("rocmdesk.setup.runner", "remove the unit that sets it at boot"),
    }.get(kind, kind)


def event_message(ev: Event, kind: str | None = None, done: bool | None = None) -> str:
    """An event's ``message`` for people, in the current language.

    The helper speaks English (as root under pkexec it has no locale), and its fixed messages come with a
    ``reason`` code: those are translated here by code.  Messages that carry details of the machine (a
    command's exit, a path) stay as the helper wrote them.  ``kind`` and ``done`` are the step's, from the
    plan or its ``started`` event, for the dry run's words."""
    d = ev.data
    message = str(d.get("message") or "")
    reason = d.get("reason")
    if ev.event == "skipped":
        if reason == "done":
            return translate("rocmdesk.setup.runner", "already done")
        if reason == "earlier-run":
            return translate("rocmdesk.setup.runner", "done in an earlier run")
        if reason == "dry-run" and done is True:
            return translate("rocmdesk.setup.runner", "done already (as the plan says)")
        if reason == "dry-run" and done is False and kind:
            return translate("rocmdesk.setup.runner", "dry run: would {what}").format(what=kind_what(kind))
    elif ev.event == "ok" and message == "done":  # the executor's default word, not a sentence about the machine
        return translate("rocmdesk.setup.runner", "done")
    elif ev.event == "refused":
        if reason == "root":
            return translate("rocmdesk.setup.runner", "the helper must run as root (through pkexec)")
        if reason == "caller":
            return translate("rocmdesk.setup.runner", "the calling user could not be established (PKEXEC_UID)")
        if reason == "busy":
            return translate("rocmdesk.setup.runner", "another rocmdesk setup run is in progress")
    return message


class NoHelper(RuntimeError):
    """No trustworthy system helper: the message says what to do instead."""


@dataclass
class RunResult:
    exit: int | None  # the process's status; None when it could not start
    outcome: str  # ok | failed | refused | dismissed | not-authorized | no-pkexec | no-helper | error
    message: str
    events: list[Event] = field(default_factory=list)
    failed: str | None = None  # the step that failed, and where a rerun resumes
    resume_from: str | None = None
    log: Path | None = None

    @property
    def ok(self) -> bool:
        return self.outcome == "ok"

    @property
    def changed_nothing(self) -> bool:
        """Refused before any step ran (a failed step may have left earlier steps done)."""
        return self.outcome not in ("ok", "failed", "error")


def _root_owned_safe(path: str) -> bool:
    try:
        st = os.stat(path)
    except OSError:
        return False
    return stat.S_ISREG(st.st_mode) and st.st_uid == 0 and not st.st_mode & 0o022


def helper_path() -> str | None:
    """The system helper, if it is there and only root can change it."""
    return HELPER if _root_owned_safe(HELPER) else None


def pkexec_path() -> str | None:
    for path in PKEXEC_PATHS:
        if os.path.exists(path):
            return path
    return shutil.which("pkexec")


def command(plan_json: Any = None, dry_run: bool = False) -> list[str]:
    """The command that runs a plan (given on its stdin): pkexec and the system helper, or for a dry run the
    helper module in this interpreter, unprivileged.  ``NoHelper`` when there is no system helper."""
    if dry_run:
        return [sys.executable, "-m", "rocmdesk.setup.helper", "--dry-run"]
    helper = helper_path()
    if helper is None:
        raise NoHelper(no_helper_message())
    return [pkexec_path() or "pkexec", helper]


def log_dir() -> Path:
    from rocmdesk.xdg import state_dir

    return state_dir() / "setup-logs"


class _Log:
    """One JSON object a line: the start, every event line as it came, stray output, the exit."""

    def __init__(self, directory: Path | None) -> None:
        self.path: Path | None = None
        self._fh = None
        if directory is None:
            return
        try:
            directory.mkdir(parents=True, exist_ok=True, mode=0o700)
            stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S.%fZ")
            self.path = directory / f"{stamp}.jsonl"
            # private (0600) whatever the umask: it holds the machine's package and path names
            fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
            self._fh = open(fd, "w", encoding="utf-8")
        except OSError:  # a log that cannot be written does not stop the run
            self.path, self._fh = None, None

    def write(self, obj: dict[str, Any] | str) -> None:
        if self._fh is not None:
            self._fh.write((obj if isinstance(obj, str) else json.dumps(obj, ensure_ascii=False)) + "\n")
            self._fh.flush()

    def close(self) -> None:
        if self._fh is not None:
            self._fh.close()


def _plan_bytes(plan_json: Any) -> bytes:
    if isinstance(plan_json, bytes):
        return plan_json
    if isinstance(plan_json, str):
        return plan_json.encode()
    return json.dumps(plan_json, ensure_ascii=False).encode()


def run(plan_json: Any, dry_run: bool = False, on_event: Callable[[Event], None] | None = None, *,
        argv: list[str] | None = None, logs: Path | None | bool = True) -> RunResult:
    """Run a plan (a dict, or its JSON text) and wait; ``on_event`` sees each event as it comes.

    ``argv`` replaces the command (tests); ``logs`` is the log folder, True for the XDG state dir, None or
    False for no log."""
    log = _Log(log_dir() if logs is True else (logs or None))
    try:
        cmd = argv if argv is not None else command(plan_json, dry_run)
    except NoHelper as exc:
        log.write({"log": "exit", "exit": None, "outcome": "no-helper", "message": str(exc)})
        log.close()
        return RunResult(None, "no-helper", str(exc), log=log.path)
    via_pkexec = os.path.basename(cmd[0]) == "pkexec"
    if via_pkexec and argv is None and pkexec_path() is None:
        msg = no_pkexec_message()
        log.write({"log": "exit", "exit": None, "outcome": "no-pkexec", "message": msg})
        log.close()
        return RunResult(None, "no-pkexec", msg, log=log.path)
    log.write({"log": "start", "command": cmd, "dry_run": dry_run,
               "time": datetime.now(timezone.utc).isoformat(timespec="seconds")})
    seen: list[Event] = []
    stderr_lines: list[str] = []

    def on_stdout(text: str) -> None:
        ev = events.parse_line(text)
        if ev is None:
            log.write({"log": "stdout", "line": text})
            return
        log.write(ev.to_line())
        seen.append(ev)
        if on_event is not None:
            on_event(ev)

    def on_stderr(line: str) -> None:
        stderr_lines.append(line)
        log.write({"log": "stderr", "line": line})

    from rocmdesk.machine.process import run_streamed

    ran = run_streamed(cmd, on_line=on_stdout, on_stderr_line=on_stderr, merge_stderr=False,
                       stdin_text=_plan_bytes(plan_json).decode("utf-8"))
    if ran.missing:
        if via_pkexec:
            outcome, msg = "no-pkexec", no_pkexec_message()
        else:
            outcome, msg = "error", ran.error or translate("rocmdesk.setup.runner", "{program}: cannot start").format(
                program=cmd[0])
        log.write({"log": "exit", "exit": None, "outcome": outcome, "message": msg})
        log.close()
        return RunResult(None, outcome, msg, log=log.path)
    code = ran.returncode
    result = _result(code, seen, stderr_lines, via_pkexec)
    result.log = log.path
    log.write({"log": "exit", "exit": code, "outcome": result.outcome, "message": result.message})
    log.close()
    return result


def _result(code: int, seen: list[Event], stderr: list[str], via_pkexec: bool) -> RunResult:
    last = {ev.event: ev for ev in seen}
    done = last.get("done")
    if code == EXIT_OK and done is not None and done.data.get("ok") is True:
        return RunResult(code, "ok", translate("rocmdesk.setup.runner", "every step is done"), seen)
    if code == EXIT_STEP_FAILED or (done is not None and done.data.get("ok") is False):
        failed = last.get("failed")
        sid = failed.step_id if failed else (done.data.get("failed") if done else None)
        why = event_message(failed) if failed else translate("rocmdesk.setup.runner", "the run stopped early")
        resume = done.data.get("resume_from") if done else sid
        msg = translate("rocmdesk.setup.runner", "step {step} failed: {why}").format(step=sid, why=why) if sid else why
        return RunResult(code, "failed", msg, seen, sid, resume)
    refused = last.get("refused")
    if code in (EXIT_REFUSED, EXIT_NOT_ROOT) or refused is not None:
        msg = (event_message(refused) if refused else "") or translate("rocmdesk.setup.runner",
                                                                       "the helper refused the plan")
        return RunResult(code, "refused", translate("rocmdesk.setup.runner", "{message}: nothing was changed").format(
            message=msg), seen)
    # the helper never exits 126/127 and writes a "plan" event first: these are pkexec's own
    if via_pkexec and not seen and code == PKEXEC_DISMISSED:
        return RunResult(code, "dismissed", pkexec_message(code), seen)
    if via_pkexec and not seen and code == PKEXEC_NOT_AUTHORIZED:
        return RunResult(code, "not-authorized", pkexec_message(code), seen)
    tail = "; ".join(ln for ln in stderr[-3:] if ln.strip())
    if tail:
        msg = translate("rocmdesk.setup.runner", "the helper stopped unexpectedly (exit {code}): {output}").format(
            code=code, output=tail)
    else:
        msg = translate("rocmdesk.setup.runner", "the helper stopped unexpectedly (exit {code})").format(code=code)
    return RunResult(code, "error", msg, seen)


def current_user() -> str | None:
    """The user this process runs as (the one the helper checks a plan for when it runs it)."""
    import pwd

    try:
        return pwd.getpwuid(os.getuid()).pw_name
    except KeyError:
        return None


def dry_run_for(plan_json: dict, user: str, on_event: Callable[[Event], None], rules: Any = None) -> RunResult:
    """A dry run of ``plan_json`` for ``user`` by the helper's own code (``steps.validate`` and ``run_plan``,
    which run nothing in a dry run), in this process: what ``rocmdesk-helper --dry-run`` does for its caller.
    For another machine's plan, whose user is not the one running rocmdesk (the helper would check it for the
    latter).  ``rules``: a ``helper_allow.Rules`` (its ``machine``: the tree a GPU control step is checked on)."""
    import io

    from rocmdesk.setup.helper import Stream, run_plan
    from rocmdesk.setup.helper_execute import Executor
    from rocmdesk.setup.steps import PlanError, validate

    buf = io.StringIO()
    stream = Stream(buf)
    try:
        steps = validate(plan_json, user, rules)
    except PlanError as exc:
        stream.emit("refused", message=f"the plan was refused: {exc}", reason="plan")
        steps = None
    code = run_plan(steps, user, Executor(user), stream, dry_run=True) if steps is not None else events.EXIT_REFUSED
    seen = [ev for ev in (events.parse_line(line) for line in buf.getvalue().splitlines()) if ev is not None]
    for ev in seen:
        on_event(ev)
    if code == 0:
        return RunResult(code, "ok", translate("rocmdesk.setup.cli_apply", "the plan passes the helper's rules"),
                         seen)
    return RunResult(code, "refused", translate("rocmdesk.setup.cli_apply",
                                                "the helper's rules refuse the plan: nothing was changed"), seen)
