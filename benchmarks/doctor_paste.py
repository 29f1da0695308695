"""Does a 50 MB paste freeze the Doctor page?  The longest stall of the UI thread while it is pasted and
diagnosed, against the same stall measured in the same run while the page sits idle.

A 10 ms timer ticks on the UI thread; the longest gap between ticks is the longest the window could not
repaint or take a key.  What remains is the worker holding Python's GIL in single long C calls of the
diagnosis (a ``str.strip()`` or a regex search over 50 MB), during which the UI thread's Python waits.  The paste goes through ``PasteBox.insertFromMimeData`` (what Ctrl+V does) and the
real ``rocmdesk.doctor`` diagnosis in the page's worker.  Run offscreen (or under Xvfb):

    QT_QPA_PLATFORM=offscreen python benchmarks/doctor_paste.py [--mb 50] [--runs 3]
"""

from __future__ import annotations

import argparse
import os
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mb", type=int, default=50)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()

    from PySide6.QtCore import QEventLoop, QMimeData, QTimer
    from PySide6.QtWidgets import QApplication

    from rocmdesk.ui.pages.doctor_page import DoctorPage
    from rocmdesk.ui.session import MachineSession

    app = QApplication.instance() or QApplication(sys.argv[:1])
    session = MachineSession(simulate="rx6600xt-ubuntu2204")
    page = DoctorPage(session)
    page.resize(1100, 800)
    page.show()
    session.refresh()
    while session.busy or page.checking() or page.machine is None:
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)

    line = "[  12.345678] amdgpu 0000:03:00.0: a line of a long kernel log\n"
    text = line * (args.mb * 1_000_000 // len(line)) + "RuntimeError: HIP error: invalid device function\n"

    def longest_gap(until, start=None) -> tuple[float, float]:
        ticks: list[float] = []
        timer = QTimer()
        timer.setInterval(10)
        timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
        timer.start()
        t0 = time.perf_counter()
        ticks.append(t0)
        if start is not None:
            QTimer.singleShot(0, start)
        while not until():
            app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
        timer.stop()
        end = time.perf_counter()
        ticks.append(end)
        return max(b - a for a, b in zip(ticks, ticks[1:])), end - t0

    mime = QMimeData()  # made once, outside the measurement: a real paste gets it from the clipboard
    mime.setText(text)

    def paste() -> None:
        page.paste_edit.insertFromMimeData(mime)

    print(f"{'case':<44} {'longest stall ms':>17} {'wall s':>7} {'ratio':>6}")
    for run in range(args.runs):
        deadline = time.perf_counter() + 1.0
        idle, idle_wall = longest_gap(lambda: time.perf_counter() > deadline)
        page.clear_paste()
        stall, wall = longest_gap(lambda: page.pasted is not None, paste)
        print(f"{'idle page, 1 s':<44} {idle * 1000:>17.1f} {idle_wall:>7.2f}")
        print(f"{f'paste + diagnose {len(text) / 1e6:.0f} MB (run {run + 1})':<44} {stall * 1000:>17.1f} "
              f"{wall:>7.2f} {stall / max(idle, 1e-3):>6.1f}")
    found = [c.finding.id for c in page.cards]
    print(f"findings after the paste: {', '.join(found)}")
    page.shutdown()
    session.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
