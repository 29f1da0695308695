"""Time to the first painted main window, against a bare PySide6 QMainWindow in the same interpreter.

Both are whole processes, measured in the same run and interleaved: from the start of the process until the
window has painted once (the child prints a line from its first paint event; the parent notes when it reads it,
so the child's exit afterwards is not counted).  The rocmdesk window opens on a simulated machine (the case a new
user lives in), launched through the command line as ``rocmdesk --simulate NAME`` is (the single-instance check
and the saved window state included), and counts as painted when the Overview has painted with the machine's
GPUs, not merely the frame.  Goal (issue 19): ratio <= 1.5.

Under Xvfb when there is one (``xvfb-run`` or ``Xvfb`` on PATH), else Qt's offscreen platform.

    python benchmarks/startup.py [--runs N] [--machine NAME]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

GOAL = 1.5

BARE = r"""
import sys
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow
app = QApplication(sys.argv)
w = QMainWindow(); w.setCentralWidget(QLabel("hello")); w.resize(1024, 700)
class First(QObject):
    def eventFilter(self, obj, ev):
        if ev.type() == QEvent.Type.Paint:
            print("painted", flush=True); app.exit(0)
        return False
f = First(); w.installEventFilter(f)
w.show(); sys.exit(app.exec())
"""

# for reference only (the ratio is judged against BARE): the same bare window once it has used the ``Qt`` namespace,
# as any real window does (an alignment, a text format).  PySide builds all 93 of its enum types on that first use.
BARE_QT = BARE.replace('w.setCentralWidget(QLabel("hello"))',
                       'from PySide6.QtCore import Qt; l = QLabel("hello"); '
                       'l.setAlignment(Qt.AlignmentFlag.AlignLeft); w.setCentralWidget(l)')
assert BARE_QT != BARE

ROCMDESK = r"""
import sys
# launched as `rocmdesk --simulate NAME` launches it: the command line, the single-instance check, the saved window
# state, then the window.  The probe only wraps the main window's constructor to watch the Overview's body.
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication
from rocmdesk.ui import main_window

class First(QObject):
    def eventFilter(self, obj, ev):
        if ev.type() == QEvent.Type.Paint:
            print("painted", flush=True); QApplication.instance().exit(0)
        return False

f = First()
made = main_window.MainWindow.__init__

def probed(w, *args, **kwargs):
    made(w, *args, **kwargs)
    w.resize(1024, 700)

    def report_ready(report):
        # the Overview's body for this report (its slot ran first): its first paint is what the user came for.
        # The probe watches that one widget, as the bare one watches its window: an application-wide filter would
        # wrap every object of every event in Python, ~130 ms that the app itself never spends
        body = w.overview.scroll.widget()
        assert w.overview.cards, "the Overview shows no GPU card"
        body.installEventFilter(f); body.update()

    w.session.reportReady.connect(report_ready)

main_window.MainWindow.__init__ = probed
from rocmdesk.cli import main
sys.exit(main(["--simulate", sys.argv[1]]))
"""


def _env(display: str | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="rocmdesk-bench-")  # no saved window state, no instance
    if display:
        env["DISPLAY"] = display
        env.pop("QT_QPA_PLATFORM", None)
    else:
        env["QT_QPA_PLATFORM"] = "offscreen"
    return env


def _time(code: str, args: list[str], env: dict[str, str]) -> float:
    """Seconds from starting the process to its "painted" line: what the user waits for.  The process's exit
    after that (tearing down the widgets and the interpreter) is not counted, for either window."""
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", code, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env)
    elapsed = None
    assert proc.stdout is not None
    for line in proc.stdout:  # the child flushes the line from its first paint event
        if line.strip() == "painted":
            elapsed = time.perf_counter() - t0
            break
    try:
        _, err = proc.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        proc.kill()
        _, err = proc.communicate()
    if elapsed is None or proc.returncode != 0:
        raise SystemExit(f"no first paint: rc={proc.returncode}\n{err[-2000:]}")
    return elapsed


def _start_xvfb() -> tuple[subprocess.Popen | None, str | None]:
    if not shutil.which("Xvfb"):
        return None, None
    display = ":97"
    proc = subprocess.Popen(["Xvfb", display, "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1.0)
    return proc, display


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--machine", default="rx6600xt-ubuntu2204")
    args = ap.parse_args()
    xvfb, display = _start_xvfb()
    try:
        env = _env(display)
        _time(ROCMDESK, [args.machine], env)  # warm: bytecode and the simulated tree
        bare, bare_qt, ours = [], [], []
        for _ in range(args.runs):
            bare.append(_time(BARE, [], env))
            ours.append(_time(ROCMDESK, [args.machine], env))
            bare_qt.append(_time(BARE_QT, [], env))
    finally:
        if xvfb is not None:
            xvfb.terminate()
    b, o = statistics.median(bare), statistics.median(ours)
    print(f"platform: {'Xvfb ' + display if display else 'offscreen'}; runs: {args.runs}; machine: {args.machine}")
    print(f"{'first paint':<40} {'median ms':>10} {'min ms':>8}")
    print(f"{'bare QMainWindow':<40} {b * 1e3:>10.0f} {min(bare) * 1e3:>8.0f}")
    print(f"{'rocmdesk main window (Overview)':<40} {o * 1e3:>10.0f} {min(ours) * 1e3:>8.0f}")
    q = statistics.median(bare_qt)
    print(f"{'(reference: bare + the Qt namespace)':<40} {q * 1e3:>10.0f} {min(bare_qt) * 1e3:>8.0f}"
          f"   PySide's enum types alone: {(q - b) * 1e3:+.0f} ms")
    ratio_med, ratio_min = o / b, min(ours) / min(bare)
    print(f"ratio (median / min): {ratio_med:.2f} / {ratio_min:.2f}   goal <= {GOAL}   "
          f"{'OK' if ratio_med <= GOAL else 'over the goal'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
