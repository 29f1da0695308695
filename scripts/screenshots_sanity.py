"""Screenshots of the Sanity check page on a simulated machine, for the docs.

    xvfb-run -a -s "-screen 0 1400x1000x24" python scripts/screenshots_sanity.py [--lang zh_CN] [--out DIR] [STATE...]

Writes sanity-empty.png (no venv yet), sanity-running.png (a run held in the AMP phase), sanity-passed.png
and sanity-failed.png (the numeric check fails with "invalid device function"), or only the STATEs named
(empty, running, passed, failed).  The runs are a stand-in runner that emits the check's events with
made-up but plausible numbers for an RX 6600 XT, its sentences translated as the real runner's are; the GPU
readout is the simulated machine's sysfs.  $HOME and the XDG folders are a throwaway folder.  ``--lang``
draws the window in that language (as scripts/screenshots_i18n.py does; Chinese needs a CJK font) into
docs/screenshots/<lang>; without it, the window speaks the environment's language into docs/screenshots.
The Chinese pictures are drawn with ``--lang zh_CN --size 1200x1140 passed failed`` (an Xvfb screen of
1400x1200): the whole page fits, nothing scrolled away.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from screenshots import fake_home, settle  # noqa: E402  (the lead's helpers)

PHASES = ["device", "numeric", "fp32", "amp", "multi_gpu"]
STATES = ("empty", "running", "passed", "failed")
GPU_NAME = "AMD Radeon RX 6600 XT"
TORCH = "2.13.0+rocm7.2"
NO_KERNELS = ("RuntimeError: HIP error: invalid device function\n"
              "HIP kernel errors might be asynchronously reported at some other API call, so the stacktrace below "
              "might be incorrect.")


class StandIn:
    """Emits a run's events; ``hold`` = (phase, step) waits there until ``release``; ``fail_numeric`` ends there."""

    def __init__(self, hold: tuple[str, int] | None = None, fail_numeric: bool = False) -> None:
        self.hold, self.fail_numeric = hold, fail_numeric
        self.release = threading.Event()
        self.held = threading.Event()

    def __call__(self, options, on_event=None, cancel=None):
        from types import SimpleNamespace as NS

        from rocmdesk.sanity import messages

        emit = on_event or (lambda ev: None)
        emit({"event": "start", "device": "cuda:0", "size": options.size, "steps": options.steps,
              "phases": PHASES, "torch": TORCH, "device_name": GPU_NAME})
        done, losses = [], []
        for name in PHASES:
            emit({"event": "phase", "name": name, "status": "start", "timeout_s": 120})
            time.sleep(0.05)
            if name == "numeric" and self.fail_numeric:
                done.append(NS(name=name, ok=False, seconds=0.4, samples_per_s=None, skipped=None, error=NO_KERNELS))
                emit({"event": "phase", "name": name, "status": "end", "ok": False, "seconds": 0.4,
                      "samples_per_s": None, "skipped": None, "error": NO_KERNELS})
                return NS(passed=False, device="cuda:0", phases=done, loss_first=None, loss_last=None,
                          amp_speedup=None, peak_mem_bytes=None, peak_reserved_bytes=None, first_step_s=None,
                          error=NO_KERNELS, hung_phase=None, cancelled=False, torch=TORCH, device_name=GPU_NAME)
            if name == "multi_gpu":  # as the check script says it, and the runner translates it
                why = messages.text("multi_gpu_one_gpu", {}, "only one GPU is visible; the all-reduce needs two or more")
                done.append(NS(name=name, ok=True, seconds=0.0, samples_per_s=None, skipped=why, error=None))
                emit({"event": "phase", "name": name, "status": "end", "ok": True, "seconds": 0.0,
                      "samples_per_s": None, "skipped": why, "error": None})
                continue
            rate = {"fp32": 2140.0, "amp": 3610.0}.get(name)
            if rate:
                for i in range(1, options.steps + 1):
                    if self.hold == (name, i):
                        self.held.set()
                        self.release.wait()
                    n = len(losses)
                    loss = 0.35 + 1.95 * math.exp(-n / 18) + 0.04 * math.sin(n * 1.7)
                    losses.append(loss)
                    emit({"event": "step", "phase": name, "step": i, "of": options.steps, "loss": loss,
                          "samples_per_s": rate * (0.6 if i == 1 else 1.0)})
                    time.sleep(0.005)
            seconds = {"device": 1.8, "numeric": 0.6, "fp32": 4.8, "amp": 2.9}[name]
            done.append(NS(name=name, ok=True, seconds=seconds, samples_per_s=rate, skipped=None, error=None))
            emit({"event": "phase", "name": name, "status": "end", "ok": True, "seconds": seconds,
                  "samples_per_s": rate, "skipped": None, "error": None})
        return NS(passed=True, device="cuda:0", phases=done, loss_first=losses[0], loss_last=losses[-1],
                  amp_speedup=3610.0 / 2140.0, peak_mem_bytes=412 << 20, peak_reserved_bytes=640 << 20,
                  first_step_s=3.42, error=None, hung_phase=None, cancelled=False, torch=TORCH, device_name=GPU_NAME)


def make_venv(path: Path) -> Path:
    """Enough of a venv for the page to offer Start (bin/python); nothing runs in it."""
    (path / "bin").mkdir(parents=True, exist_ok=True)
    if not (path / "bin" / "python").exists():
        (path / "bin" / "python").symlink_to(os.path.realpath(sys.executable))
    (path / "pyvenv.cfg").write_text("home = /usr/bin\nversion = 3.11.7\n")
    (path / "lib" / "python3.11" / "site-packages" / f"torch-{TORCH}.dist-info").mkdir(parents=True, exist_ok=True)
    return path


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--machine", default="rx6600xt-ubuntu2204", help="simulated machine")
    parser.add_argument("--lang", help="the window's language: en or zh_CN (default: the environment's)")
    parser.add_argument("--out", help="folder for the PNGs (default docs/screenshots, or docs/screenshots/<lang> "
                        "for a --lang other than en)")
    parser.add_argument("--size", default="1200x980", help="window size WxH")
    parser.add_argument("states", nargs="*", metavar="STATE",
                        help=f"pictures to write (default all: {', '.join(STATES)})")
    args = parser.parse_args(argv)
    unknown = sorted(set(args.states) - set(STATES))
    if unknown:
        parser.error(f"unknown state(s) {', '.join(unknown)}; states: {', '.join(STATES)}")
    width, height = (int(v) for v in args.size.lower().split("x"))
    wanted = set(args.states or STATES)
    docs = Path(__file__).resolve().parent.parent / "docs" / "screenshots"
    out = Path(args.out) if args.out else docs / args.lang if args.lang not in (None, "en") else docs
    out.mkdir(parents=True, exist_ok=True)
    home = fake_home()  # before Qt and platformdirs read them

    from PySide6.QtCore import QCoreApplication

    from rocmdesk.ui.app import create_app, install_translators
    from rocmdesk.ui.main_window import MainWindow
    from rocmdesk.ui.pages.sanity_page import SanityPage
    from rocmdesk.ui.session import MachineSession

    app = create_app([sys.argv[0]])
    if args.lang:
        install_translators(app, args.lang)
    window = MainWindow(MachineSession(simulate=args.machine))
    window.resize(width, height)
    window.show()
    titles = [window.sidebar.item(i).text() for i in range(window.sidebar.count())]
    window.sidebar.setCurrentRow(titles.index(QCoreApplication.translate("MainWindow", "Sanity check")))
    page = window.page("sanity")
    deadline = time.monotonic() + 60
    while window.session.busy and time.monotonic() < deadline:
        settle(50)
    settle(1500)  # the GPU readout's first samples

    def shot(name: str) -> None:
        if name not in wanted:
            return
        settle(400)
        path = out / f"sanity-{name}.png"
        if not window.grab().save(str(path), "PNG"):
            raise SystemExit(f"could not write {path}")
        print(path)

    shot("empty")
    venv = make_venv(Path(home) / "venvs" / "rocm")
    page.venv_edit.setText(str(venv))
    page._venv_edited(str(venv))

    if not wanted - {"empty"}:
        window.close()
        app.processEvents()
        return 0
    held = StandIn(hold=("amp", 13))
    page.runner = held
    page.start()
    held.held.wait(10)
    settle(600)
    page.scroll.verticalScrollBar().setValue(0)
    shot("running")
    held.release.set()
    while page.running():
        settle(50)
    settle(300)
    page.scroll.ensureWidgetVisible(page.card, 0, 0)
    shot("passed")

    if "failed" not in wanted:
        window.close()
        app.processEvents()
        return 0
    page.runner = StandIn(fail_numeric=True)
    page.start()
    while page.running():
        settle(50)
    settle(300)
    page.scroll.ensureWidgetVisible(page.card, 0, 0)
    shot("failed")
    window.close()
    app.processEvents()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
