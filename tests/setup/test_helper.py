"""The root helper: its command line, refusals end to end, the event stream, the state file and resume."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rocmdesk.setup import events, helper
from rocmdesk.setup.helper_execute import Executor
from rocmdesk.setup.steps import validate
from tests.setup.test_helper_execute import (
    CALLER,
    INSTALL,
    LIST,
    PIN,
    UPDATE,
    fake_apt,
    status_entry,
    tree,  # noqa: F401  (a fixture)
)

SRC = Path(__file__).resolve().parents[2] / "src"
ME = __import__("pwd").getpwuid(os.getuid()).pw_name


class Lines(io.StringIO):
    def events(self) -> list[events.Event]:
        return [e for e in map(events.parse_line, self.getvalue().splitlines()) if e is not None]


def names(evs: list[events.Event]) -> list[tuple[str, str | None]]:
    return [(e.event, e.step_id) for e in evs if e.event != "output"]


def raw(s) -> dict:
    return {"id": s.id, "kind": s.kind, "title": s.title, "why": s.why, "root": s.root, "params": s.params}


def run_helper(plan, *args: str, env: dict | None = None, user: str | None = None) -> tuple[int, list, str]:
    """``python -m rocmdesk.setup.helper`` in a child, the plan on stdin."""
    data = plan if isinstance(plan, bytes) else json.dumps(plan).encode()
    e = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(SRC), **(env or {})}
    p = subprocess.run([sys.executable, "-m", "rocmdesk.setup.helper", *args], input=data, capture_output=True,
                       env=e, timeout=60, cwd="/")
    evs = [x for x in map(events.parse_line, p.stdout.decode().splitlines()) if x is not None]
    return p.returncode, evs, p.stderr.decode()


def groups_plan(user: str) -> dict:
    return {"schema": 1, "steps": [{"id": "add-groups", "kind": "add-user-to-groups", "title": "Groups", "why": "",
                                    "root": True, "params": {"user": user, "groups": ["render", "video"]}}]}


def verify_plan() -> dict:
    return {"steps": [{"id": "verify-amdgpu", "kind": "verify", "title": "Check amdgpu", "why": "",
                       "root": False, "params": {"check": "amdgpu-loaded"}}]}


# -- dry run, end to end through the command line ------------------------------------------------------------
def test_dry_run_streams_every_step_and_changes_nothing():
    from tests.setup.test_steps import GOOD_STEPS

    plan = {"schema": 1, "steps": [dict(s, params=dict(s["params"], user=ME)) if s["kind"] == "add-user-to-groups"
                                   else s for s in GOOD_STEPS]}
    state = Path(helper.STATE_PATH)
    before = state.stat().st_mtime_ns if state.exists() else None
    code, evs, err = run_helper(plan, "--dry-run")
    assert code == events.EXIT_OK, err
    assert evs[0].event == "plan" and evs[0].data["dry_run"] is True and evs[0].data["caller"] == ME
    assert evs[0].data["steps"] == len(GOOD_STEPS) and len(evs[0].data["hash"]) == 64
    per_step = [(e.event, e.step_id) for e in evs[1:-1]]
    assert per_step == [(k, s["id"]) for s in GOOD_STEPS for k in ("started", "skipped")]
    skipped = [e for e in evs if e.event == "skipped"]
    assert all(e.data["reason"] == "dry-run" for e in skipped)
    from rocmdesk.setup.steps import KINDS

    assert [e.data["message"] for e in skipped] == [
        "done already (as the plan says)" if s["done"] else f"dry run: would {KINDS[s['kind']].what}"
        for s in GOOD_STEPS]
    assert evs[-1].event == "done" and evs[-1].data == {"ok": True, "failed": None, "resume_from": None}
    assert (state.stat().st_mtime_ns if state.exists() else None) == before


@pytest.mark.parametrize("user", ["wei lena", "wei'", 'wei"', "$(id)", "`id`", "wei\nroot", "wei;rm", "-r", ""])
def test_user_names_that_could_reach_a_shell_are_refused(user):
    code, evs, _ = run_helper(groups_plan(user), "--dry-run")
    assert code == events.EXIT_REFUSED
    assert [e.event for e in evs] == ["refused"] and evs[0].data["reason"] == "plan"


@pytest.mark.parametrize("path", ["/etc/apt/sources.list.d/ro cm.list", "/etc/apt/sources.list.d/$(id).list",
                                  "/etc/apt/sources.list.d/a'b.list", "/etc/apt/sources.list.d/x\n.list",
                                  "/etc/apt/sources.list.d/../../passwd", "/etc/passwd", "/tmp/rocm.list"])
def test_paths_outside_apts_places_are_refused(path):
    step = raw(LIST)
    step["params"] = dict(step["params"], path=path)
    code, evs, _ = run_helper({"steps": [step]}, "--dry-run")
    assert code == events.EXIT_REFUSED and evs[0].event == "refused"


def test_another_user_unknown_kinds_and_bad_input_are_refused():
    other = "root" if ME != "root" else "wei"
    for plan, words in [
        (groups_plan(other), "is not the caller"),
        ({"steps": [{"id": "x", "kind": "run-command", "params": {"argv": ["/bin/sh"]}}]}, "not on the allow-list"),
        ({"steps": [dict(raw(UPDATE), extra=1)]}, "unknown field"),
        (b"\xff\xfe not json", "not JSON"),
        (b"[1, 2]", "must be a JSON object"),
        (b" " * (helper.MAX_PLAN_BYTES + 1), "larger than"),
        (b"[" * 200_000, "nests too deep"),  # a RecursionError traceback as root before (issue 16, finding 7)
    ]:
        code, evs, _ = run_helper(plan, "--dry-run")
        assert code == events.EXIT_REFUSED, words
        assert [e.event for e in evs] == ["refused"] and words in evs[0].data["message"], evs


def test_no_option_picks_another_root_or_user():
    for args in (["--root", "/tmp"], ["--user", "wei"], ["--dry-run", "--caller=wei"], ["-"]):
        code, evs, err = run_helper(verify_plan(), *args)
        assert code == events.EXIT_REFUSED and evs[0].data["reason"] == "usage" and "usage:" in err


def test_not_root_is_exit_3():
    plan = json.dumps(verify_plan()).encode()
    cmd = [sys.executable, "-m", "rocmdesk.setup.helper"]
    if os.geteuid() == 0:  # as nobody, with a PKEXEC_UID that claims root: still refused
        if not os.access("/usr/bin/python3", os.X_OK) or os.stat(SRC).st_mode & 0o005 != 0o005:
            pytest.skip("nobody cannot run the sources here")
        cmd = [shutil.which("runuser") or "runuser", "-u", "nobody", "--", "/usr/bin/python3", "-m", "rocmdesk.setup.helper"]
    p = subprocess.run(cmd, input=plan, capture_output=True, timeout=60, cwd="/",
                       env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(SRC), "PKEXEC_UID": "0"})
    evs = [e for e in map(events.parse_line, p.stdout.decode().splitlines()) if e]
    assert p.returncode == events.EXIT_NOT_ROOT, p.stderr
    assert [e.event for e in evs] == ["refused"] and evs[0].data["reason"] == "root"


def test_caller_comes_from_pkexec_uid_only(monkeypatch):
    monkeypatch.setattr(helper.os, "geteuid", lambda: 0)
    assert helper.caller_name(False, {}) is None  # root without pkexec: nobody to run for
    assert helper.caller_name(False, {"PKEXEC_UID": "x1"}) is None
    assert helper.caller_name(False, {"PKEXEC_UID": "4123456789"}) is None  # no such user
    assert helper.caller_name(False, {"PKEXEC_UID": "0"}) == "root"
    assert helper.caller_name(False, {"PKEXEC_UID": str(os.getuid()), "USER": "wei", "SUDO_UID": "1"}) == ME
    assert helper.caller_name(True, {}) == ME  # a dry run checks the plan for whoever runs it
    monkeypatch.setattr(helper.os, "geteuid", lambda: 1000)
    assert helper.caller_name(False, {"PKEXEC_UID": "0"}) is None  # not root: no real run at all
    assert helper.caller_name(True, {"PKEXEC_UID": "0"}) == ME  # nor may a user claim another uid


def test_main_in_process_refusals(monkeypatch):
    monkeypatch.setattr(helper.os, "geteuid", lambda: 1000)
    out = Lines()
    assert helper.main([], io.BytesIO(b"{}"), out) == events.EXIT_NOT_ROOT
    assert out.events()[0].data["reason"] == "root"
    monkeypatch.setattr(helper.os, "geteuid", lambda: 0)
    monkeypatch.delenv("PKEXEC_UID", raising=False)
    out = Lines()
    assert helper.main([], io.BytesIO(json.dumps(verify_plan()).encode()), out) == events.EXIT_NOT_ROOT
    assert out.events()[0].data["reason"] == "caller"


def test_main_acts_on_slash_only(monkeypatch):
    made = []

    class Spy(Executor):
        def __init__(self, *args, **kwargs):
            made.append((args, kwargs))
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(helper, "Executor", Spy)
    assert helper.main(["--dry-run"], io.BytesIO(json.dumps(verify_plan()).encode()), Lines()) == 0
    (args, kwargs), = made
    assert args == (ME,) and kwargs == {}  # never a root, programs or fetch


def test_helper_imports_only_stdlib_rocmdesk_and_packaging():
    """It must start with ``python3 -I`` on a bare system or in a chroot: no platformdirs, psutil or Qt."""
    code = (
        "import sys, json; sys.path.insert(0, sys.argv[1]); start = set(sys.modules);"
        "import rocmdesk.setup.helper as h, rocmdesk.setup.steps as s;"
        "s.validate(json.loads(sys.argv[2]), 'wei');"
        "std = sys.stdlib_module_names;"
        "print(json.dumps(sorted({m.split('.')[0] for m in set(sys.modules) - start} - set(std))))"
    )
    from tests.setup.test_steps import GOOD_STEPS

    plan = {"steps": [dict(s, params=dict(s["params"], user="wei")) if s["kind"] == "add-user-to-groups" else s
                      for s in GOOD_STEPS]}
    p = subprocess.run([sys.executable, "-I", "-c", code, str(SRC), json.dumps(plan)], capture_output=True,
                       text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    assert set(json.loads(p.stdout)) <= {"rocmdesk", "packaging"}


# -- the run loop on a tree: state file and resume ---------------------------------------------------------
def _exec(tree: Path, apt: list[str]) -> Executor:
    return Executor(CALLER, root=tree, programs={"apt-get": apt})


INSTALLS = "printf '\\n%s' \"$(cat $T/pkgs)\" >> $T/var/lib/dpkg/status"


def _plan_steps():
    return validate({"steps": [raw(LIST), raw(PIN), raw(UPDATE), raw(INSTALL)]}, CALLER)


def test_resume_after_an_apt_failure(tree):
    steps = _plan_steps()
    (tree / "pkgs").write_text(status_entry("rocm-hip-runtime") + "\n" + status_entry("rocm-smi-lib"))
    state = tree / "var/lib/rocmdesk/setup-state.json"

    out = Lines()
    code = helper.run_plan(steps, CALLER, _exec(tree, ["/usr/bin/false"]), helper.Stream(out))
    assert code == events.EXIT_STEP_FAILED
    evs = out.events()
    assert names(evs) == [("plan", None), ("started", "write-rocm-list"), ("ok", "write-rocm-list"),
                          ("started", "write-pin"), ("ok", "write-pin"), ("started", "apt-update"),
                          ("failed", "apt-update"), ("done", None)]
    failed = evs[-2].data
    assert failed["exit"] == 1 and "exited with 1" in failed["message"] and failed["output"] == []
    assert evs[-1].data == {"ok": False, "failed": "apt-update", "resume_from": "apt-update"}
    saved = json.loads(state.read_text())
    assert saved["finished"] == ["write-rocm-list", "write-pin"] and saved["failed"] == "apt-update"
    assert saved["plan"] == helper.plan_hash(steps, CALLER) and saved["caller"] == CALLER
    assert (state.stat().st_mode & 0o777) == 0o600

    # the cause is fixed (the network is back): the same plan again resumes at apt-update
    fixed = fake_apt(tree, f'echo "apt $*"; test "$5" = install && {INSTALLS}; true')
    out = Lines()
    assert helper.run_plan(steps, CALLER, _exec(tree, fixed), helper.Stream(out)) == events.EXIT_OK
    evs = out.events()
    assert [(e.event, e.step_id) for e in evs if e.event in ("ok", "skipped", "failed")] == [
        ("skipped", "write-rocm-list"), ("skipped", "write-pin"), ("ok", "apt-update"), ("ok", "install-rocm")]
    assert [e.data["line"] for e in evs if e.event == "output"] == [
        "apt -q -y -o Dpkg::Use-Pty=0 update",
        "apt -q -y -o Dpkg::Use-Pty=0 install -o APT::Cmd::Pattern-Only=true -- rocm-hip-runtime rocm-smi-lib"]
    assert json.loads(state.read_text())["failed"] is None

    # and once more: nothing runs, apt-update is known from the state file
    out = Lines()
    assert helper.run_plan(steps, CALLER, _exec(tree, ["/usr/bin/false"]), helper.Stream(out)) == 0
    skipped = {e.step_id: e.data["reason"] for e in out.events() if e.event == "skipped"}
    assert skipped == {"write-rocm-list": "done", "write-pin": "done", "apt-update": "earlier-run",
                       "install-rocm": "done"}


def test_another_plan_does_not_use_the_state(tree):
    steps = _plan_steps()
    ok = fake_apt(tree, "true")
    helper.run_plan(steps[:3], CALLER, _exec(tree, ok), helper.Stream(Lines()))
    out = Lines()  # a different plan (one step fewer): its apt-update must run
    helper.run_plan(steps[:2] + steps[2:3], CALLER, _exec(tree, ["/usr/bin/false"]), helper.Stream(out))
    assert ("skipped", "apt-update") in names(out.events())  # same plan: skipped
    out = Lines()
    helper.run_plan([steps[0], steps[2]], CALLER, _exec(tree, ["/usr/bin/false"]), helper.Stream(out))
    assert ("failed", "apt-update") in names(out.events())


def test_once_a_step_runs_again_later_earlier_runs_no_longer_count(tree):
    steps = _plan_steps()[:3]
    helper.run_plan(steps, CALLER, _exec(tree, fake_apt(tree, "true")), helper.Stream(Lines()))
    (tree / "etc/apt/preferences.d/rocm-pin-600").unlink()  # someone undid the pin
    out = Lines()
    helper.run_plan(steps, CALLER, _exec(tree, ["/usr/bin/false"]), helper.Stream(out))
    assert names(out.events())[-4:] == [("ok", "write-pin"), ("started", "apt-update"), ("failed", "apt-update"),
                                        ("done", None)]


def test_the_plan_hash_ignores_titles_and_done_marks():
    a = _plan_steps()
    b = _plan_steps()
    b[0].title, b[0].why, b[0].done = "Another title", "another reason", True
    assert helper.plan_hash(a, CALLER) == helper.plan_hash(b, CALLER)
    assert helper.plan_hash(a, CALLER) != helper.plan_hash(a, "lena")
    b[1].params = dict(b[1].params, priority=500)
    assert helper.plan_hash(a, CALLER) != helper.plan_hash(b, CALLER)


def test_state_files_that_are_not_ours_are_ignored(tmp_path):
    path = tmp_path / "setup-state.json"
    helper.save_state(path, "h", CALLER, ["a"], None)
    assert helper.load_state(path)["finished"] == ["a"]
    path.write_text("{not json")
    assert helper.load_state(path) == {}
    path.write_text(json.dumps({"version": 99, "plan": "h"}))
    assert helper.load_state(path) == {}
    real = tmp_path / "elsewhere.json"
    helper.save_state(real, "h", CALLER, ["a"], None)
    path.unlink()
    path.symlink_to(real)
    assert helper.load_state(path) == {}  # O_NOFOLLOW: a planted link is not read
    if os.geteuid() == 0:
        os.chown(real, 65534, 65534)
        assert helper.load_state(real) == {}


def test_a_reader_that_goes_away_stops_the_run_between_steps(tree):
    class Gone(io.StringIO):
        def write(self, s):
            raise BrokenPipeError

    steps = _plan_steps()[:3]
    code = helper.run_plan(steps, CALLER, _exec(tree, fake_apt(tree, "true")), helper.Stream(Gone()))
    assert code == events.EXIT_STEP_FAILED
    saved = json.loads((tree / "var/lib/rocmdesk/setup-state.json").read_text())
    assert saved["finished"] == ["write-rocm-list"]  # the first step finished, then the run stopped
    assert (tree / "etc/apt/sources.list.d/rocm.list").exists()
    assert not (tree / "etc/apt/preferences.d/rocm-pin-600").exists()


def test_one_run_at_a_time(tmp_path):
    lock = tmp_path / "setup.lock"
    fd = helper._lock(lock)
    assert fd is not None
    try:
        assert helper._lock(lock) is None
    finally:
        os.close(fd)
    fd = helper._lock(lock)
    assert fd is not None
    os.close(fd)


def test_a_state_file_that_cannot_be_written_does_not_stop_the_run(tree, monkeypatch):
    def full(*a, **k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(helper, "save_state", full)
    out = Lines()
    assert helper.run_plan(_plan_steps()[:2], CALLER, _exec(tree, ["/usr/bin/false"]), helper.Stream(out)) == 0
    assert names(out.events())[-1] == ("done", None)
