"""The streaming child runner: lines as they come, timeout and cancel end the whole process group."""

from __future__ import annotations

import os
import sys
import threading
import time

from rocmdesk.torchenv.process import Cancel, run_streamed

PY = sys.executable


def test_lines_arrive_split_on_newlines_and_carriage_returns():
    code = ("import sys, time\n"
            "sys.stdout.write('a\\r'); sys.stdout.flush(); time.sleep(0.2)\n"
            "sys.stdout.write('\\nb\\r\\nc\\n\\nd')\n")
    got = []
    res = run_streamed([PY, "-c", code], on_line=got.append)
    assert res.ok and got == ["a", "b", "c", "", "d"]
    assert res.stdout == "a\nb\nc\n\nd"


def test_lines_are_delivered_while_the_child_runs():
    code = "import time\nprint('first', flush=True)\ntime.sleep(1.5)\nprint('second', flush=True)\n"
    seen: list[tuple[str, float]] = []
    start = time.monotonic()
    run_streamed([PY, "-c", code], on_line=lambda ln: seen.append((ln, time.monotonic() - start)))
    assert [s for s, _ in seen] == ["first", "second"]
    assert seen[0][1] < 1.2 <= seen[1][1]


def test_stderr_separate_or_merged():
    code = "import sys\nprint('out')\nsys.stdout.flush()\nprint('err', file=sys.stderr)\n"
    errs = []
    res = run_streamed([PY, "-c", code], merge_stderr=False, on_stderr_line=errs.append)
    assert res.stdout == "out" and res.stderr == "err" and errs == ["err"]
    assert run_streamed([PY, "-c", code]).stdout.split("\n") == ["out", "err"]


def test_timeout_kills_the_whole_group(tmp_path):
    pidfile = tmp_path / "grandchild.pid"
    code = f"sleep 60 & echo $! > '{pidfile}'; wait"
    start = time.monotonic()
    res = run_streamed(["sh", "-c", code], timeout=0.5)
    assert res.timed_out and not res.ok and "stopped after 0.5 s" in res.error
    assert time.monotonic() - start < 5
    pid = int(pidfile.read_text())
    for _ in range(50):  # the grandchild got the group's SIGTERM too
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.05)
    else:
        raise AssertionError("the grandchild outlived the timeout")


def test_cancel_from_another_thread_escalates_to_sigkill():
    cancel = Cancel()
    threading.Timer(0.3, cancel.cancel).start()
    start = time.monotonic()
    res = run_streamed(["sh", "-c", "trap '' TERM; sleep 30"], cancel=cancel, grace_s=0.3)
    assert res.cancelled and res.signal_name == "SIGKILL" and time.monotonic() - start < 5


def test_missing_program_and_signals_do_not_raise(tmp_path):
    res = run_streamed([str(tmp_path / "nope")])
    assert res.missing and not res.ok and "no such program" in res.error
    script = tmp_path / "not-executable"
    script.write_text("#!/bin/sh\n")
    assert run_streamed([str(script)]).missing
    res = run_streamed(["sh", "-c", "kill -SEGV $$"])
    assert res.returncode == -11 and res.signal_name == "SIGSEGV"


def test_env_cwd_and_stdin(tmp_path):
    res = run_streamed(["sh", "-c", 'echo "$X" "$(pwd)"; cat'], env={"X": "a b", "PATH": os.environ["PATH"]},
                       cwd=tmp_path, stdin_text="in\n")
    assert res.stdout.splitlines() == [f"a b {tmp_path}", "in"]


def test_keep_lines_keeps_the_tail():
    res = run_streamed([PY, "-c", "for i in range(1000): print(i)"], keep_lines=10)
    assert res.stdout.splitlines() == [str(i) for i in range(990, 1000)]


def test_a_failing_callback_stops_the_child_and_raises():
    def boom(line):
        raise RuntimeError("callback broke")

    start = time.monotonic()
    try:
        run_streamed(["sh", "-c", "echo x; sleep 30"], on_line=boom, grace_s=0.2)
    except RuntimeError as exc:
        assert "callback broke" in str(exc)
    else:
        raise AssertionError("the callback's error was swallowed")
    assert time.monotonic() - start < 5
