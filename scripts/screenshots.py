"""Screenshot the app on a simulated machine, for docs and for looking at layouts.

    xvfb-run -a -s "-screen 0 1280x900x24" python scripts/screenshots.py rx6600xt-ubuntu2204 out.png [page]

``page`` is a sidebar entry (overview, setup, pytorch, ...; default overview).  The window
is grabbed once detection has finished.  On the setup page ``--step`` picks the wizard's page:
machine, choices, review, run, progress (after a real ``--dry-run`` of the helper), result,
or failed (a stand-in helper that fails at an apt step, to picture the failure page);
``--scope`` picks the install scope first.  Exit status 1 when detection failed (the
picture of the error page is still written), 2 for bad arguments.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import textwrap
import time
from pathlib import Path

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


SETUP_STEPS = ("machine", "choices", "review", "run", "progress", "result", "failed")

# a stand-in for pkexec + helper that replays the plan until its first apt step, which fails as apt does
# without a network; only for the picture of the failure page
FAILING_HELPER = textwrap.dedent("""\
    import json, sys
    plan = json.loads(sys.stdin.read())
    def emit(event, **data):
        print(json.dumps({"event": event, **data}), flush=True)
    emit("plan", steps=len(plan["steps"]), dry_run=False, caller="wei")
    for i, step in enumerate(plan["steps"]):
        emit("started", id=step["id"], index=i, title=step["title"])
        if step["kind"] == "apt-update":
            out = ["Hit:1 http://archive.ubuntu.com/ubuntu jammy InRelease",
                   "Err:2 https://repo.radeon.com/rocm/apt/6.2.4 jammy InRelease",
                   "  Temporary failure resolving 'repo.radeon.com'",
                   "W: Failed to fetch https://repo.radeon.com/rocm/apt/6.2.4/dists/jammy/InRelease",
                   "E: Some index files failed to download. They have been ignored, or old ones used instead."]
            for line in out:
                emit("output", id=step["id"], line=line)
            emit("failed", id=step["id"], message="apt-get update exited with status 100", output=out, exit=100)
            emit("done", ok=False, failed=step["id"], resume_from=step["id"])
            sys.exit(1)
        if step["done"]:
            emit("skipped", id=step["id"], message="done already")
        else:
            emit("ok", id=step["id"], message="done")
    emit("done", ok=True, failed=None, resume_from=None)
    """)


def drive_setup(window: MainWindow, step: str, scope: str | None, timeout: float) -> bool:
    """Walk the Setup wizard to ``step``; False when a run did not end in time."""
    from rocmdesk.ui.pages.setup_page import CHOICES, MACHINE, REVIEW, RUN, SetupPage

    page = window.findChild(SetupPage)
    if page is None:
        return False
    if scope:
        page.scope_buttons[scope].click()
    if step in ("machine", "choices", "review", "run"):
        page.go({"machine": MACHINE, "choices": CHOICES, "review": REVIEW, "run": RUN}[step])
        if step == "review":  # open the first step that is still to do, to show its command
            todo = next((r for r in page.review_rows if r.state == "todo"), None)
            if todo is not None:
                todo.set_expanded(True)
        return True
    page.log_dir = None  # pictures leave no run logs behind
    if step == "failed":
        script = Path(tempfile.mkdtemp(prefix="rocmdesk-shot-")) / "failing_helper.py"
        script.write_text(FAILING_HELPER)
        page.command_factory = lambda plan_json, dry_run: [sys.executable, str(script)]
        page.real_run_blocker = lambda: None  # a simulated machine allows only dry runs; this one is pretend
        page.start_run(dry_run=False)
    else:
        page.advance_on_finish = step == "result"
        page.start_run(dry_run=True)
    deadline = time.monotonic() + timeout
    while page.running() and time.monotonic() < deadline:
        settle(50)
    return not page.running()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("machine", help="simulated machine name (see `rocmdesk detect --list-simulated`)")
    parser.add_argument("output", help="PNG file to write")
    parser.add_argument("page", nargs="?", default="overview", help="sidebar page, default overview")
    parser.add_argument("--size", default="1200x800", help="window size WxH, default 1200x800")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds to wait for detection")
    parser.add_argument("--step", choices=SETUP_STEPS, help="setup page only: which wizard page to show")
    parser.add_argument("--scope", choices=("pytorch", "runtime", "sdk"), help="setup page only: the scope")
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
    if ok and args.step:
        if wanted != "setup":
            print("--step is for the setup page", file=sys.stderr)
            return 2
        ok = drive_setup(window, args.step, args.scope, args.timeout)
        settle(300)
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
