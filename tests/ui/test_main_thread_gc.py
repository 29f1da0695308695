"""Cyclic garbage is collected on the UI thread only: a worker that allocates past every threshold does not collect
it, the UI thread's timer does (ui.main_thread_gc; the suite runs under one, as the app does)."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import threading

from rocmdesk.ui.main_thread_gc import MainThreadGc


class _Cycle:
    freed_in: list[str] = []

    def __init__(self) -> None:
        self.me = self  # only the cyclic collector frees it

    def __del__(self) -> None:
        _Cycle.freed_in.append(threading.current_thread().name)


def test_a_worker_never_collects_and_the_ui_timer_does(qtbot, qapp):
    guard = MainThreadGc(qapp, interval_ms=20)
    try:
        assert not gc.isenabled()
        gc.collect()
        _Cycle.freed_in.clear()
        _Cycle()  # garbage now: a cycle nothing else refers to

        kept: list[list[int]] = []

        def allocate() -> None:  # far past gen 0's threshold (700 by default), in a worker, and kept
            kept.extend([i] for i in range(50_000))

        worker = threading.Thread(target=allocate, name="worker")
        worker.start()
        worker.join()
        assert _Cycle.freed_in == []  # the worker did not collect
        qtbot.waitUntil(lambda: _Cycle.freed_in != [], timeout=3000)
        assert _Cycle.freed_in == [threading.main_thread().name]
    finally:
        guard.stop()
    assert not gc.isenabled()  # the suite's own guard (tests/ui/conftest.py) still holds collection


def test_stop_gives_collection_back_as_it_was(qapp):
    gc.enable()
    try:
        guard = MainThreadGc(qapp)
        assert not gc.isenabled()
        guard.stop()
        assert gc.isenabled()
    finally:
        gc.disable()  # as the suite's guard keeps it


def test_the_app_collects_on_its_own_thread():
    code = ("import gc, sys\nfrom rocmdesk.ui.app import create_app\napp = create_app(sys.argv[:1])\n"
            "print(gc.isenabled())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                         env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.split() == ["False"]
