"""rocmdesk's root helper: reads a plan (JSON) on stdin, checks it against the allow-list, runs it.

Started by pkexec (``/usr/libexec/rocmdesk/rocmdesk-helper``) or, for ``--dry-run`` only, by anyone as
``python3 -m rocmdesk.setup.helper --dry-run``.  It writes the progress stream of ``events`` on stdout.

What it trusts: nothing in the plan (``steps.validate`` checks every step and value, and ``helper_allow`` that
every package, file and tree is one rocmdesk's plans can name: the allow-lists come from the knowledge data of
this root-owned rocmdesk, see that module), nothing in the environment but ``PKEXEC_UID`` (set by pkexec, which
clears the rest; only root gets this far), and only root-owned system binaries.  It has no option that names
another user or another root directory.

Resume: ``/var/lib/rocmdesk/setup-state.json`` (root's, 0600) keeps the plan's hash and the steps that
finished; a second run of the same plan skips those and starts again at the step that failed.  It also keeps
``created``, every file the helper has written (lists, keyrings, the pin) in any run, so that a later plan may
remove a list the helper wrote even after the data has stopped naming it.

Only the standard library and rocmdesk's own modules are imported here: the helper must start with
``python3 -I`` in a bare system (or a debootstrap chroot) where platformdirs and psutil are absent.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path
from typing import Any, TextIO

from rocmdesk.setup import events
from rocmdesk.setup.events import EXIT_NOT_ROOT, EXIT_OK, EXIT_REFUSED, EXIT_STEP_FAILED
from rocmdesk.setup.helper_allow import WRITES, Rules, recorded
from rocmdesk.setup.helper_execute import Executor, atomic_write, running_kernel
from rocmdesk.setup.steps import KINDS, PlanError, Step, validate

MAX_PLAN_BYTES = 1 << 20
STATE_PATH = "/var/lib/rocmdesk/setup-state.json"
LOCK_PATH = "/var/lib/rocmdesk/setup.lock"
STATE_VERSION = 1
USAGE = "usage: rocmdesk-helper [--dry-run]  (the plan comes as JSON on standard input)"


class Stream:
    """The event stream on stdout.  A reader that goes away does not stop a step half-way: ``lost`` is set
    and the run stops after the current step, so the state file says where to resume."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.lost = False

    def emit(self, name: str, **data: Any) -> None:
        if self.lost:
            return
        try:
            self.out.write(events.make(name, **data).to_line() + "\n")
            self.out.flush()
        except (BrokenPipeError, OSError, ValueError):
            self.lost = True


def plan_hash(steps: list[Step], caller: str) -> str:
    """What makes two plans the same run: the caller and each step's id, kind and parameters.
    Titles, reasons and the plan's own ``done`` marks do not count (a re-planned rerun marks done steps)."""
    body = {"caller": caller, "steps": [[s.id, s.kind, s.params] for s in steps]}
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def load_state(path: Path) -> dict[str, Any]:
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError:
        return {}
    try:
        st = os.fstat(fd)
        if st.st_uid != os.geteuid() or st.st_size > MAX_PLAN_BYTES:
            return {}  # not ours: ignore it rather than trust it
        with os.fdopen(fd, "rb") as fh:
            fd = -1
            data = json.loads(fh.read())
    except (OSError, ValueError, RecursionError):
        return {}
    finally:
        if fd >= 0:
            os.close(fd)
    return data if isinstance(data, dict) and data.get("version") == STATE_VERSION else {}


def save_state(path: Path, digest: str, caller: str, finished: list[str], failed: str | None,
               created: list[str] | None = None) -> None:
    state = {"version": STATE_VERSION, "plan": digest, "caller": caller, "finished": finished, "failed": failed,
             "created": sorted(created or [])}
    path.parent.mkdir(mode=0o755, parents=True, exist_ok=True)
    atomic_write(path, (json.dumps(state, indent=1) + "\n").encode(), 0o600)


def _save(path: Path, digest: str, caller: str, finished: list[str], failed: str | None, created: set[str]) -> None:
    try:
        save_state(path, digest, caller, finished, failed, sorted(created))
    except OSError:  # a read-only or full /var costs the resume shortcut, not the run: before-checks remain
        pass


def run_plan(steps: list[Step], caller: str, executor: Executor, stream: Stream, dry_run: bool = False) -> int:
    """Run validated steps in order; the stream gets every event, the state file every finished step."""
    digest = plan_hash(steps, caller)
    executor.on_output = lambda step_id, line: stream.emit("output", id=step_id, line=line)
    stream.emit("plan", steps=len(steps), dry_run=dry_run, caller=caller, hash=digest)
    state_path = executor.path(STATE_PATH)
    state = {} if dry_run else load_state(state_path)
    earlier = set(state.get("finished", [])) if state.get("plan") == digest else set()
    created = set(recorded(state.get("created")))  # whatever plan wrote them
    finished: list[str] = []
    trust_state = True
    for index, step in enumerate(steps):
        stream.emit("started", id=step.id, index=index, title=step.title, kind=step.kind)
        if dry_run:
            msg = "done already (as the plan says)" if step.done else f"dry run: would {KINDS[step.kind].what}"
            stream.emit("skipped", id=step.id, message=msg, reason="dry-run")
            continue
        outcome = executor.execute(step, finished_before=trust_state and step.id in earlier)
        if outcome.status == "failed":
            _save(state_path, digest, caller, finished, step.id, created)
            stream.emit("failed", id=step.id, message=outcome.message, output=outcome.output, exit=outcome.exit)
            stream.emit("done", ok=False, failed=step.id, resume_from=step.id)
            return EXIT_STEP_FAILED
        if outcome.status == "ok":
            trust_state = False  # once something changed, a later step's earlier run no longer counts
            if step.kind in WRITES:
                created.add(step.params[WRITES[step.kind]])
        finished.append(step.id)
        _save(state_path, digest, caller, finished, None, created)
        if outcome.status == "skipped":
            stream.emit("skipped", id=step.id, message=outcome.message, reason=outcome.reason)
        else:
            stream.emit("ok", id=step.id, message=outcome.message)
        if stream.lost and index + 1 < len(steps):
            return EXIT_STEP_FAILED  # nobody is reading: stop between steps; a rerun resumes here
    stream.emit("done", ok=True, failed=None, resume_from=None)
    return EXIT_OK


def caller_name(dry_run: bool, env: dict[str, str] | None = None) -> str | None:
    """The user the plan is for: pkexec's ``PKEXEC_UID`` under root; for a dry run without it, the real
    user.  None when it cannot be established."""
    import pwd

    env = os.environ if env is None else env
    raw = env.get("PKEXEC_UID")
    if os.geteuid() == 0 and raw is not None:
        if not raw.isdigit():
            return None
        uid = int(raw)
    elif dry_run:
        uid = os.getuid()  # changes nothing: it checks the plan for whoever runs it
    else:
        return None
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return None


def _read_plan(stdin: Any) -> Any:
    data = stdin.read(MAX_PLAN_BYTES + 1)
    if len(data) > MAX_PLAN_BYTES:
        raise PlanError(f"the plan is larger than {MAX_PLAN_BYTES} bytes")
    try:
        return json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise PlanError(f"the plan is not JSON: {exc}") from None
    except RecursionError:  # 100,000 '[': a clear refusal, not a traceback as root
        raise PlanError("the plan nests too deep to be a plan") from None


def _lock(path: Path) -> int | None:
    """One run at a time (two would race apt and the state file).  The fd, or None when another run has it."""
    import fcntl

    path.parent.mkdir(mode=0o755, parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        return None
    return fd


def main(argv: list[str] | None = None, stdin: Any = None, stdout: TextIO | None = None) -> int:
    """The helper's command line: ``[--dry-run]``, the plan on stdin.  It always acts on ``/``."""
    args = sys.argv[1:] if argv is None else list(argv)
    stream = Stream(stdout or sys.stdout)
    if args not in ([], ["--dry-run"]):
        print(USAGE, file=sys.stderr)
        stream.emit("refused", message=f"unknown arguments: {' '.join(args)[:200]}", reason="usage")
        return EXIT_REFUSED
    dry_run = args == ["--dry-run"]
    os.umask(0o022)
    if os.geteuid() != 0 and not dry_run:
        stream.emit("refused", message="the helper must run as root (through pkexec)", reason="root")
        return EXIT_NOT_ROOT
    caller = caller_name(dry_run)
    if caller is None:
        stream.emit("refused", message="the calling user could not be established (PKEXEC_UID)", reason="caller")
        return EXIT_NOT_ROOT
    executor = Executor(caller)
    # the machine's part of the allow-list: its running kernel, and the files this helper wrote before (a dry run
    # by a user cannot read root's state file, so it may refuse a removal that the real run allows)
    rules = Rules(kernel=running_kernel(), created=recorded(load_state(executor.path(STATE_PATH)).get("created")),
                  machine=executor.root)
    try:
        steps = validate(_read_plan(stdin or sys.stdin.buffer), caller, rules)
    except PlanError as exc:
        stream.emit("refused", message=f"the plan was refused: {exc}", reason="plan")
        return EXIT_REFUSED
    if dry_run:
        return run_plan(steps, caller, executor, stream, dry_run=True)
    lock = _lock(executor.path(LOCK_PATH))
    if lock is None:
        stream.emit("refused", message="another rocmdesk setup run is in progress", reason="busy")
        return EXIT_REFUSED
    try:
        return run_plan(steps, caller, executor, stream)
    finally:
        os.close(lock)


if __name__ == "__main__":
    sys.exit(main())
