"""Screenshot the app on a simulated machine, for docs and for looking at layouts.

    xvfb-run -a -s "-screen 0 1280x900x24" python scripts/screenshots.py rx6600xt-ubuntu2204 out.png [page]

``page`` is a sidebar entry (overview, setup, pytorch, ...; default overview).  The window
is grabbed once detection has finished.  Exit status 1 when detection failed (the
picture of the error page is still written), 2 for bad arguments.
"""

from __future__ import annotations

import argparse
import sys
import time

from PySide6.QtCore import QCoreApplication, QEventLoop

from rocmdesk.ui.app import create_app
from rocmdesk.ui.main_window import MainWindow
from rocmdesk.ui.session import MachineSession


def settle(ms: int) -> None:
    """Let layouts, deferred deletes and paints run for a moment."""
    end = time.monotonic() + ms / 1000
    while time.monotonic() < end:
        QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
        time.sleep(0.01)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("machine", help="simulated machine name (see `rocmdesk detect --list-simulated`)")
    parser.add_argument("output", help="PNG file to write")
    parser.add_argument("page", nargs="?", default="overview", help="sidebar page, default overview")
    parser.add_argument("--size", default="1200x800", help="window size WxH, default 1200x800")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds to wait for detection")
    args = parser.parse_args(argv)
    width, height = (int(v) for v in args.size.lower().split("x"))

    app = create_app([sys.argv[0]])
    window = MainWindow(MachineSession(simulate=args.machine))
    window.resize(width, height)
    window.show()

    pages = [window.sidebar.item(i).text().lower() for i in range(window.sidebar.count())]
    wanted = args.page.lower().replace("-", " ")
    if wanted not in pages:
        print(f"unknown page {args.page!r}; pages: {', '.join(pages)}", file=sys.stderr)
        return 2
    window.sidebar.setCurrentRow(pages.index(wanted))

    deadline = time.monotonic() + args.timeout
    while window.session.busy and time.monotonic() < deadline:
        settle(50)
    settle(300)
    ok = not window.session.busy and window.session.error is None
    if not window.grab().save(args.output, "PNG"):
        print(f"could not write {args.output}", file=sys.stderr)
        return 1
    if not ok:
        reason = window.session.error[0] if window.session.error else "detection did not finish in time"
        print(f"{args.output}: detection failed: {reason}", file=sys.stderr)
    window.close()
    app.processEvents()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
