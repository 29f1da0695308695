"""The user side: finding the system helper, the command, reading the stream, pkexec's exit codes, the log;
and ``rocmdesk apply`` on top of it.

pkexec's own exits (126 dismissed, 127 not authorized) are produced for real in test_pkexec.py where the
machine allows it; here a fake ``pkexec`` (a script of that name) stands in, so the mapping is tested anywhere.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
from pathlib import Path

import pytest

from rocmdesk.machine.host import Host
from rocmdesk.machine.simulate import open_simulated
from rocmdesk.cli import apply as cli_apply
from rocmdesk.setup import events, runner
from tests.conftest import need_program

SRC = Path(__file__).resolve().parents[2] / "src"
ME = __import__("pwd").getpwuid(os.getuid()).pw_name
VERIFY = {"steps": [{"id": "verify-amdgpu", "kind": "verify", "title": "Check amdgpu", "why": "", "root": False,
                     "params": {"check": "amdgpu-loaded"}}]}


@pytest.fixture(autouse=True)
def _state_home(tmp_path, monkeypatch):
    """Logs of these runs go to a throw-away XDG state dir, not the tester's own."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "xdg-state"))


def fake(tmp_path: Path, body: str, name: str = "pkexec") -> str:
    d = tmp_path / "bin"
    d.mkdir(exist_ok=True)
    p = d / name
    p.write_text("#!/bin/sh\n" + body + "\n")
    p.chmod(0o755)
    return str(p)


def helper_module(*args: str) -> str:
    return f'PYTHONPATH={SRC} exec {sys.executable} -m rocmdesk.setup.helper {" ".join(args)}'


# -- helper_path and command ---------------------------------------------------------------------------
def test_helper_path_only_root_owned_and_not_writable(tmp_path, monkeypatch):
    path = tmp_path / "rocmdesk-helper"
    monkeypatch.setattr(runner, "HELPER", str(path))
    assert runner.helper_path() is None  # absent
    path.write_text("#!/usr/bin/python3 -I\n")
    path.chmod(0o755)
    if os.geteuid() == 0:
        assert runner.helper_path() == str(path)
        path.chmod(0o775)
        assert runner.helper_path() is None
        path.chmod(0o757)
        assert runner.helper_path() is None
        path.chmod(0o755)
        os.chown(path, 65534, 65534)
    assert runner.helper_path() is None  # a user's file (ours, when not root)


def test_commands(monkeypatch):
    assert runner.command(VERIFY, dry_run=True) == [sys.executable, "-m", "rocmdesk.setup.helper", "--dry-run"]
    monkeypatch.setattr(runner, "helper_path", lambda: None)
    with pytest.raises(runner.NoHelper) as exc:
        runner.command(VERIFY, dry_run=False)
    msg = str(exc.value)
    assert "rocmdesk plan --format script > plan.sh" in msg and "sudo bash plan.sh" in msg
    assert "user-writable" in msg and "Nothing was changed" in msg
    monkeypatch.setattr(runner, "helper_path", lambda: runner.HELPER)
    monkeypatch.setattr(runner, "pkexec_path", lambda: "/usr/bin/pkexec")
    assert runner.command(VERIFY) == ["/usr/bin/pkexec", "/usr/libexec/rocmdesk/rocmdesk-helper"]


# -- run ----------------------------------------------------------------------------------------------
def test_dry_run_through_the_real_helper_module_with_a_log(tmp_path):
    seen: list[events.Event] = []
    r = runner.run(VERIFY, dry_run=True, on_event=seen.append, logs=tmp_path / "logs")
    assert r.ok and r.exit == 0 and r.outcome == "ok" and not r.changed_nothing
    assert [e.event for e in seen] == ["plan", "started", "skipped", "done"] == [e.event for e in r.events]
    assert r.log is not None and r.log.parent == tmp_path / "logs" and r.log.name.endswith("Z.jsonl")
    lines = [json.loads(x) for x in r.log.read_text().splitlines()]
    assert lines[0]["log"] == "start" and lines[0]["command"][-1] == "--dry-run" and lines[0]["dry_run"] is True
    assert [x["event"] for x in lines[1:-1]] == ["plan", "started", "skipped", "done"]
    assert lines[-1] == {"log": "exit", "exit": 0, "outcome": "ok", "message": "every step is done"}


def test_the_log_goes_to_the_xdg_state_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("HOME", str(tmp_path))
    r = runner.run(VERIFY, dry_run=True)
    assert r.log is not None and r.log.parent == tmp_path / "state/rocmdesk/setup-logs"
    assert (r.log.parent.stat().st_mode & 0o777) == 0o700


@pytest.mark.parametrize("code,outcome,words", [
    (126, "dismissed", "the password prompt was dismissed: nothing was changed"),
    (127, "not-authorized", "not authorized (or no polkit agent is running): nothing was changed"),
])
def test_pkexecs_own_exits(tmp_path, code, outcome, words):
    pk = fake(tmp_path, f"echo 'Error executing command as another user: Not authorized' >&2; exit {code}")
    r = runner.run(VERIFY, argv=[pk, runner.HELPER], logs=tmp_path / "logs")
    assert (r.outcome, r.exit, r.message) == (outcome, code, words)
    assert r.changed_nothing and r.events == []
    log = [json.loads(x) for x in r.log.read_text().splitlines()]
    assert {"log": "stderr", "line": "Error executing command as another user: Not authorized"} in log
    assert log[-1]["exit"] == code and log[-1]["outcome"] == outcome


def test_a_126_from_something_that_is_not_pkexec_is_not_a_dismissal(tmp_path):
    other = fake(tmp_path, "exit 126", name="sudo")
    r = runner.run(VERIFY, argv=[other], logs=None)
    assert r.outcome == "error" and "exit 126" in r.message


def test_through_a_pkexec_that_runs_the_helper(tmp_path):
    """pkexec stands in; what it starts is the real helper module (dry run: it needs no root)."""
    pk = fake(tmp_path, helper_module("--dry-run"))
    r = runner.run(VERIFY, argv=[pk, runner.HELPER], logs=None)
    assert r.ok, r.message
    other = {"steps": [{"id": "g", "kind": "add-user-to-groups", "params": {"user": "x" + ME, "groups": ["render"]}}]}
    r = runner.run(other, argv=[pk, runner.HELPER], logs=None)
    assert (r.outcome, r.exit) == ("refused", 2) and r.changed_nothing
    assert "is not the caller" in r.message and r.message.endswith("nothing was changed")


def test_a_failed_step_says_where_to_resume(tmp_path):
    lines = [events.make("plan", steps=2, dry_run=False, caller=ME),
             events.make("started", id="apt-update", index=0, title="Refresh"),
             events.make("output", id="apt-update", line="E: Could not resolve 'repo.radeon.com'"),
             events.make("failed", id="apt-update", message="apt-get exited with 100", output=["E: ..."], exit=100),
             events.make("done", ok=False, failed="apt-update", resume_from="apt-update")]
    body = "\n".join(f"echo '{e.to_line()}'" for e in lines)
    pk = fake(tmp_path, "echo 'stray text'\n" + body + "\nexit 1")
    got: list[events.Event] = []
    r = runner.run(VERIFY, argv=[pk], on_event=got.append, logs=tmp_path / "l")
    assert (r.outcome, r.failed, r.resume_from, r.exit) == ("failed", "apt-update", "apt-update", 1)
    assert r.message == "step apt-update failed: apt-get exited with 100" and not r.changed_nothing
    assert [e.event for e in got] == ["plan", "started", "output", "failed", "done"]
    assert {"log": "stdout", "line": "stray text"} in [json.loads(x) for x in r.log.read_text().splitlines()]


def test_the_plan_arrives_on_stdin(tmp_path):
    pk = fake(tmp_path, f"cat > {tmp_path}/got; exit 0")
    runner.run(VERIFY, argv=[pk], logs=None)
    assert json.loads((tmp_path / "got").read_text()) == VERIFY
    runner.run(json.dumps(VERIFY), argv=[pk], logs=None)
    assert json.loads((tmp_path / "got").read_text()) == VERIFY


def test_no_helper_and_no_pkexec(monkeypatch, tmp_path):
    monkeypatch.setattr(runner, "helper_path", lambda: None)
    r = runner.run(VERIFY, logs=tmp_path / "l")
    assert r.outcome == "no-helper" and r.changed_nothing and r.exit is None and "plan.sh" in r.message
    monkeypatch.setattr(runner, "helper_path", lambda: runner.HELPER)
    monkeypatch.setattr(runner, "pkexec_path", lambda: None)
    r = runner.run(VERIFY, logs=None)
    assert r.outcome == "no-pkexec" and r.changed_nothing and "apt install pkexec" in r.message


def test_a_command_that_cannot_start(tmp_path):
    r = runner.run(VERIFY, argv=[str(tmp_path / "nothing-here")], logs=None)
    assert r.outcome == "error" and r.exit is None
    r = runner.run(VERIFY, argv=[str(tmp_path / "pkexec")], logs=None)
    assert r.outcome == "no-pkexec"


# -- rocmdesk apply -------------------------------------------------------------------------------------
def parse(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="rocmdesk")
    cli_apply.add_parser(p.add_subparsers(dest="command"))
    return p.parse_args(argv)


@pytest.fixture
def sim(tmp_path) -> Host:
    return open_simulated("rx6600xt-ubuntu2204", cache_dir=tmp_path / "sim")


def test_apply_options():
    a = parse(["apply"])
    assert (a.rocm, a.scope, a.dkms, a.cleanup, a.dry_run, a.yes) == (None, "pytorch", None, None, False, False)
    a = parse(["apply", "--simulate", "x", "--rocm", "6.2.4", "--scope", "sdk", "--no-dkms", "--dry-run", "-y"])
    assert (a.simulate, a.rocm, a.scope, a.dkms, a.dry_run, a.yes) == ("x", "6.2.4", "sdk", False, True, True)


def test_apply_dry_run_on_a_simulated_machine(sim, capsys):
    assert cli_apply.run(parse(["apply", "--scope", "runtime", "--dry-run"]), sim) == 0
    out = capsys.readouterr().out
    assert "SIMULATED MACHINE" in out and "Install ROCm" in out
    assert "dry run, nothing changes" in out and "Dry run finished: the helper accepts this plan." in out
    # issue 14: the plan is for the simulated machine's user, as `rocmdesk plan --simulate` makes it (it was for
    # whoever runs rocmdesk); the helper's rules check it for that user (tests/setup/test_choices.py)
    assert "Add wei to the render and video groups" in out


def test_apply_for_real_only_on_this_computer(sim, capsys):
    assert cli_apply.run(parse(["apply", "--yes"]), sim) == cli_apply.EXIT_USAGE
    assert "can only be tried with --dry-run" in capsys.readouterr().err


def test_apply_unknown_release(sim, capsys):
    assert cli_apply.run(parse(["apply", "--rocm", "4.2", "--dry-run"]), sim) == cli_apply.EXIT_USAGE


@pytest.fixture
def live(monkeypatch):
    """This computer, with something left to do (a verify step that is never done here)."""
    host = Host.local()
    from rocmdesk.setup import plan as plan_mod

    real = plan_mod.plan

    def with_todo(*a, **kw):
        p = real(*a, **kw)
        for s in p.steps:
            if s.kind == "verify":
                s.done = False
        return p

    monkeypatch.setattr(plan_mod, "plan", with_todo)
    return host


def test_apply_without_a_tty_needs_yes(live, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert cli_apply.run(parse(["apply"]), live) == cli_apply.EXIT_NOTHING_CHANGED
    assert "run again with --yes" in capsys.readouterr().err


def test_apply_asks_and_a_no_changes_nothing(live, monkeypatch, capsys):
    class Tty(io.StringIO):
        def isatty(self):
            return True

    called = []
    monkeypatch.setattr(runner, "run", lambda *a, **k: called.append(a))
    monkeypatch.setattr(sys, "stdin", Tty("n\n"))
    assert cli_apply.run(parse(["apply"]), live) == cli_apply.EXIT_NOTHING_CHANGED
    assert "authenticate once" in capsys.readouterr().out and called == []


def test_apply_without_the_system_helper_hands_over_the_script(live, monkeypatch, capsys):
    monkeypatch.setattr(runner, "helper_path", lambda: None)
    monkeypatch.setattr(runner, "log_dir", lambda: None)
    assert cli_apply.run(parse(["apply", "--yes"]), live) == cli_apply.EXIT_NOTHING_CHANGED
    err = capsys.readouterr().err
    assert "rocmdesk plan --format script > plan.sh" in err and "sudo bash plan.sh" in err


def test_apply_reports_progress_and_how_to_resume(live, monkeypatch, capsys):
    def fake_run(plan_json, dry_run, on_event):
        todo = [s for s in plan_json["steps"]]
        on_event(events.make("plan", steps=len(todo), dry_run=False, caller=ME))
        on_event(events.make("started", id=todo[0]["id"], index=0, title=todo[0]["title"]))
        on_event(events.make("failed", id=todo[0]["id"], message="the amdgpu driver is not loaded", output=[],
                             exit=1))
        return runner.RunResult(1, "failed", f"step {todo[0]['id']} failed: the amdgpu driver is not loaded",
                                failed=todo[0]["id"], resume_from=todo[0]["id"])

    monkeypatch.setattr(runner, "run", fake_run)
    assert cli_apply.run(parse(["apply", "--yes"]), live) == cli_apply.EXIT_FAILED
    cap = capsys.readouterr()
    assert "[1/" in cap.out and "FAILED: the amdgpu driver is not loaded" in cap.out
    assert "run the same command again" in cap.err and "resumes at" in cap.err

    monkeypatch.setattr(runner, "run", lambda *a, **k: runner.RunResult(127, "not-authorized",
                                                                        runner.pkexec_message(127)))
    assert cli_apply.run(parse(["apply", "--yes"]), live) == cli_apply.EXIT_NOTHING_CHANGED
    assert "not authorized" in capsys.readouterr().err
    monkeypatch.setattr(runner, "run", lambda *a, **k: runner.RunResult(0, "ok", "every step is done"))
    assert cli_apply.run(parse(["apply", "--yes"]), live) == cli_apply.EXIT_OK
    assert "Every step is done." in capsys.readouterr().out


def test_progress_lines():
    buf = io.StringIO()
    p = cli_apply.Progress(buf)
    for e in [events.make("plan", steps=2, dry_run=False, caller="wei"),
              events.make("started", id="a", index=0, title="Install the key"),
              events.make("ok", id="a", message="written"),
              events.make("started", id="b", index=1, title="Refresh"),
              events.make("output", id="b", line="Err:1 https://repo.radeon.com"),
              events.make("failed", id="b", message="apt-get exited with 100", output=["Err:1 ..."], exit=100)]:
        p(e)
    assert buf.getvalue().splitlines() == [
        "Running 2 steps (for wei)", "[1/2] Install the key", "      ok: written", "[2/2] Refresh",
        "      | Err:1 https://repo.radeon.com", "      FAILED: apt-get exited with 100"]


def test_pkexec_path_finds_it():
    need_program("pkexec", "pkexec")
    assert runner.pkexec_path() is not None


# -- what packaging/ installs for the runner to find ----------------------------------------------------
REPO = Path(__file__).resolve().parents[2]


def test_the_polkit_action():
    import xml.etree.ElementTree as ET

    root = ET.parse(REPO / "packaging/polkit/org.rocmdesk.setup.policy").getroot()
    (action,) = root.findall("action")
    assert action.get("id") == "org.rocmdesk.setup.apply-plan"
    assert action.findtext("message") == ("Authentication is required to set up ROCm or change the GPU's power "
                                          "settings with the plan rocmdesk showed you")
    d = action.find("defaults")
    assert (d.findtext("allow_any"), d.findtext("allow_inactive"), d.findtext("allow_active")) == (
        "auth_admin", "auth_admin", "auth_admin_keep")
    notes = {a.get("key"): a.text for a in action.findall("annotate")}
    assert notes == {"org.freedesktop.policykit.exec.path": runner.HELPER}


def test_the_launcher_searches_only_fixed_root_owned_places():
    text = (REPO / "packaging/rocmdesk-helper").read_text()
    assert text.startswith("#!/usr/bin/python3 -I\n")
    assert [ln for ln in text.splitlines() if ln.startswith("sys.path")] == [
        'sys.path.insert(0, "/usr/lib/rocmdesk/python")']
    assert "from rocmdesk.setup.helper import main" in text and "sys.exit(main(sys.argv[1:]))" in text
    assert os.stat(REPO / "packaging/rocmdesk-helper").st_mode & 0o111
