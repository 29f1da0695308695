"""Screenshot the app on a simulated machine, for docs and for looking at layouts.

    xvfb-run -a -s "-screen 0 1280x900x24" python scripts/screenshots.py rx6600xt-ubuntu2204 out.png [page]

``page`` is a sidebar entry (overview, setup, pytorch, ...; default overview).  The window
is grabbed once detection has finished.  On the setup page ``--step`` picks the wizard's page:
machine, choices, review, run, progress (after a real ``--dry-run`` of the helper), result,
or failed (a stand-in helper that fails at an apt step, to picture the failure page);
``--scope`` picks the install scope first.  On the pytorch page ``--step`` is recommend,
install (a stand-in installer held mid-download, into a throwaway venv folder) or verify
(the card for a probe report as an RX 6600 XT gives on the ROCm 7.2 wheels without the
override).  The environments page is pictured with two profiles in a throwaway
``$HOME``/XDG folder (one applied to a real ``venv --without-pip``, one being edited with an
invalid value).  On the doctor page ``--step findings`` shows the machine's check and ``--step pasted``
adds a pasted crash diagnosed beside it; the machine ``rx6600xt-not-in-render`` (known only here) is the
RX 6600 XT box whose user is not in render and video.  The monitor page shows the machine live; ``--step
1min`` or ``24h`` shows the scripted day of an RX 7900 XTX from scripts/screenshots_monitor.py (junction near
critical, a VRAM leak) in that time range.  Exit status 1 when detection failed (the picture
of the error page is still written), 2 for bad arguments.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import threading
import tempfile
import textwrap
import time
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEventLoop

from rocmdesk.ui.app import create_app
from rocmdesk.ui.main_window import MainWindow
from rocmdesk.ui.session import MachineSession
from rocmdesk.ui.navigation import PAGE_KEYS


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

    page = window.page("setup")
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


PYTORCH_STEPS = ("recommend", "install", "verify")


def _held_installer(release: threading.Event):
    """A stand-in for pip: the phases of a real install, then a held download of the ROCm torch wheel."""
    from rocmdesk.i18n import translate
    from rocmdesk.torchenv.install import InstallEvent, InstallResult

    def say(text: str, **values: str) -> str:  # the installer's own sentences, in the window's language
        return translate("rocmdesk.torchenv.install", text).format(**values)

    def install(plan, on_event, cancel):
        wheel = "torch-2.13.0+rocm7.2-cp311-cp311-manylinux_2_28_x86_64.whl"
        total = 4_513_218_560
        torch = "torch==2.13.0+rocm7.2"
        on_event(InstallEvent("check", plan.disk.message()))
        on_event(InstallEvent("create", say("creating the venv {venv}", venv=plan.venv)))
        on_event(InstallEvent("prepare", say("checking the venv's pip")))
        on_event(InstallEvent("resolve", say("pip is resolving {requirements}",
                                             requirements=" ".join(plan.requirements))))
        on_event(InstallEvent("resolve", say("collecting {package}", package=torch), package=torch))
        on_event(InstallEvent("download", say("downloading {file}", file=wheel), 0, total, wheel, 0))
        on_event(InstallEvent("download", say("downloading {file}", file=wheel), 1_712_000_000, total, wheel,
                              1_712_000_000))
        while not (release.is_set() or cancel.cancelled):
            cancel.wait(0.05)
        return InstallResult(ok=False, log_path=plan.log_path, cancelled=True, error="cancelled")

    return install


def _probe_rx6600xt() -> dict:
    """A probe report as the ROCm 7.2 wheels give on an RX 6600 XT without the override (values from real runs)."""
    from rocmdesk.knowledge import wheel_for

    home = os.path.expanduser("~")
    prefix = os.path.join(home, "venvs", "rocm")
    return {
        "probe_version": 1, "python": "3.11.7", "executable": os.path.join(prefix, "bin", "python"),
        "prefix": prefix, "base_prefix": "/usr", "in_venv": True, "env": {}, "torch": "2.13.0+rocm7.2",
        "torch_file": os.path.join(prefix, "lib/python3.11/site-packages/torch/__init__.py"),
        "hip": "7.2.53211-e7d8b1f", "cuda": None, "is_available": True, "device_count": 1,
        "arch_list": list(wheel_for("2.13.0").arch_list),
        "devices": [{"index": 0, "name": "AMD Radeon RX 6600 XT", "gcnArchName": "gfx1032",
                     "total_memory": 8573157376}],
        "compute": [{"index": 0, "ok": False, "error": {"type": "RuntimeError",
                                                        "message": "HIP error: invalid device function"}}],
        "libs": {}, "errors": {}, "torch_missing": False,
    }


def drive_pytorch(window: MainWindow, step: str, timeout: float) -> bool:
    from rocmdesk.ui.pages.pytorch_page import PyTorchPage

    page = window.page("pytorch")
    if page is None:
        return False
    if step == "install":
        release = threading.Event()
        window.destroyed.connect(release.set)
        page.installer = _held_installer(release)
        venv = os.path.join(os.path.expanduser("~"), "venvs", "rocm")
        page.venv_edit.setText(venv)
        page._venv_edited(venv)
        page.log_dir = os.path.join(os.environ["XDG_STATE_HOME"], "rocmdesk", "logs")
        page.start_install()
        settle(400)
        page.scroll_to(page.log_path_label)
        page.scroll_to(page.install_box)
        _release_on_exit.append(release)
    elif step == "verify":
        page.show_probe(_probe_rx6600xt())
        settle(300)
        page.scroll_to(page.verify_card)
    return True


_release_on_exit: list[threading.Event] = []


def fake_home() -> str:
    """A throwaway $HOME and XDG folders, so the pictures show tidy paths and touch nothing real."""
    import shutil

    home = os.path.join(tempfile.gettempdir(), "rocmdesk-shots", "wei")  # a fixed name reads like a home
    shutil.rmtree(home, ignore_errors=True)
    os.makedirs(home)
    os.environ["HOME"] = home
    for var, sub in (("XDG_CONFIG_HOME", ".config"), ("XDG_STATE_HOME", ".local/state"),
                     ("XDG_DATA_HOME", ".local/share"), ("XDG_CACHE_HOME", ".cache")):
        os.environ[var] = os.path.join(home, sub)
    return home


def seed_profiles(home: str) -> None:
    """Two profiles: one whose venv really exists and has the hooks applied, one without a venv yet."""
    from rocmdesk.torchenv.hooks import apply_hooks
    from rocmdesk.torchenv.profile_store import ProfileStore
    from rocmdesk.torchenv.profiles import Profile
    from rocmdesk.ui.pages.torch_status import VerifyHistory

    sd = os.path.join(home, "projects", "stable diffusion")
    llm = os.path.join(home, "projects", "llm-finetune")
    for d in (sd, llm):
        os.makedirs(d, exist_ok=True)
    venv = os.path.join(sd, ".venv")
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", venv], check=True)
    store = ProfileStore()
    env = {"HSA_OVERRIDE_GFX_VERSION": "10.3.0", "PYTORCH_ALLOC_CONF": "expandable_segments:True",
           "PYTORCH_CUDA_ALLOC_CONF": "expandable_segments:True", "PYTORCH_HIP_ALLOC_CONF": "expandable_segments:True"}
    store.create(Profile("stable-diffusion", sd, venv, env, notes="SDXL on the RX 6600 XT", hooks=True))
    apply_hooks(venv, "stable-diffusion", env)
    store.create(Profile("llm-finetune", llm, os.path.join(home, "venvs", "llm"),
                         {"HSA_OVERRIDE_GFX_VERSION": "10.3.0", "GPU_MAX_HW_QUEUES": "2"}))
    VerifyHistory().record(venv, "ok", "PyTorch runs on the GPU", "2.13.0+rocm7.2")


def drive_environments(window: MainWindow) -> bool:
    from rocmdesk.ui.pages.environments_page import EnvironmentsPage

    page = window.page("environments")
    if page is None:
        return False
    page.reload()
    page.select("stable-diffusion")
    page.set_variable("HSA_OVERRIDE_GFX_VERSION", "10.3")  # being edited: the check says why Save is off
    page.add_variable("GPU_MAX_HW_QUEUES", "8")
    settle(200)
    return True


# ---- the Doctor --------------------------------------------------------------------------------------------
DOCTOR_STEPS = ("findings", "pasted")

# a training script's crash as a user pastes it from a terminal (an RX 6600 XT, ROCm 7.2 wheels, no override)
DOCTOR_PASTE = textwrap.dedent("""\
    $ python train.py --epochs 3
    Traceback (most recent call last):
      File "/home/wei/projects/llm-finetune/train.py", line 88, in <module>
        loss = model(batch.to("cuda")).loss
               ^^^^^^^^^^^^^^^^^^^^^^^^
      File "/home/wei/venvs/llm/lib/python3.11/site-packages/torch/nn/modules/module.py", line 1773, in _call_impl
        return forward_call(*args, **kwargs)
    RuntimeError: HIP error: invalid device function
    HIP kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.
    For debugging consider passing AMD_SERIALIZE_KERNEL=3
    Compile with `TORCH_USE_HIP_DSA` to enable device-side assertions.
    """)


DOCTOR_FAULTY = "rx6600xt-not-in-render"  # a machine only this script knows: the RX 6600 XT box, broken more


def doctor_session(name: str) -> MachineSession | None:
    """A session on the faulty simulated machine ``DOCTOR_FAULTY`` (None for any other name): the RX 6600 XT
    box whose user is not in render and video (kfd-permission, an automatic fix) beside its other faults."""
    if name != DOCTOR_FAULTY:
        return None
    from dataclasses import replace

    from rocmdesk.machine import simulate
    from rocmdesk.machine.host import Host
    from rocmdesk.ui.session import MachineChoice

    m = simulate.get_machine("rx6600xt-ubuntu2204")
    groups = tuple(g for g in m.user_groups if g not in ("render", "video"))
    faulty = replace(m, name=DOCTOR_FAULTY, user_groups=groups, session_groups=(m.user,) + groups,
                     description="Ubuntu 22.04 desktop with a Radeon RX 6600 XT: user not in render and video, "
                                 "no override set, ROCm 5.7.1 leftovers")
    dest = Path(tempfile.mkdtemp(prefix="rocmdesk-doctor-sim-"))
    return MachineSession(simulate=DOCTOR_FAULTY,
                          host_factory=lambda n: simulate.build_machine(faulty, dest) if n else Host.local(),
                          machines=lambda: [MachineChoice(DOCTOR_FAULTY, faulty.description)])


def doctor_page(window: MainWindow):
    """The window's Doctor page; a DoctorPage in the Doctor slot while the window still has a placeholder."""
    from rocmdesk.ui.pages.doctor_page import DoctorPage

    page = window.page("doctor")
    if page is None:
        titles = [window.sidebar.item(i).text().lower() for i in range(window.sidebar.count())]
        index = titles.index("doctor")
        old = window.stack.widget(index)
        page = DoctorPage(window.session)
        window.stack.insertWidget(index, page)
        window.stack.removeWidget(old)
        old.deleteLater()
        window.stack.setCurrentWidget(page)
    return page


def drive_doctor(window: MainWindow, step: str, timeout: float) -> bool:
    """findings: the machine's check, done; pasted: also a pasted crash diagnosed (the paste box filled)."""
    page = doctor_page(window)
    deadline = time.monotonic() + timeout
    settle(100)
    if page.machine is None and not page.checking():
        page.check()
    while page.checking() and time.monotonic() < deadline:
        settle(50)
    if step == "pasted":
        page.paste_edit.setPlainText(DOCTOR_PASTE)
        page.diagnose_paste()
        while page.pasting() and time.monotonic() < deadline:
            settle(50)
        settle(200)
        page.scroll.verticalScrollBar().setValue(0)
    return page.machine is not None and not page.pasting()


MONITOR_STEPS = ("1min", "24h")


def drive_monitor(window: MainWindow, step: str | None) -> bool:
    """The Monitor page (put in place of a placeholder while the window has none), live or a scripted day."""
    from screenshots_monitor import day_opener, install_page

    from rocmdesk.ui.monitor.opening import open_monitor

    opener = open_monitor if step is None else day_opener("hot" if step == "1min" else "day",
                                                          900.0 if step == "1min" else 86400.0)
    page, row = install_page(window, opener)
    window.sidebar.setCurrentRow(row)
    page.open_if_needed()
    if step is not None:
        page.view.set_span(60 if step == "1min" else 86400)
    settle(3000)  # a few live samples
    _shutdown_on_exit.append(page.shutdown)
    return page.view.monitor is not None


_shutdown_on_exit: list = []


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("machine", help="simulated machine name (see `rocmdesk detect --list-simulated`)")
    parser.add_argument("output", help="PNG file to write")
    parser.add_argument("page", nargs="?", default="overview", help="sidebar page, default overview")
    parser.add_argument("--size", default="1200x800", help="window size WxH, default 1200x800")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds to wait for detection")
    parser.add_argument("--step", choices=SETUP_STEPS + PYTORCH_STEPS + DOCTOR_STEPS + MONITOR_STEPS,
                        help="setup: which wizard page to show; pytorch: recommend, install or verify")
    parser.add_argument("--scope", choices=("pytorch", "runtime", "sdk"), help="setup page only: the scope")
    parser.add_argument("--dark", action="store_true", help="the dark colour scheme, as a dark desktop asks")
    args = parser.parse_args(argv)
    width, height = (int(v) for v in args.size.lower().split("x"))

    if args.page.lower() in ("environments", "pytorch"):
        home = fake_home()  # before Qt and platformdirs read them
        if args.page.lower() == "environments":
            seed_profiles(home)
    if args.dark:
        os.environ["ROCMDESK_COLOR_SCHEME"] = "dark"  # read by create_app's theme.follow_system
    app = create_app([sys.argv[0]])
    window = MainWindow(doctor_session(args.machine) or MachineSession(simulate=args.machine))
    window.resize(width, height)
    window.show()

    # a page by its key (overview, sanity, ...) in any language, or by its sidebar title in the window's language
    titles = [window.sidebar.item(i).text().lower().replace("-", " ") for i in range(window.sidebar.count())]
    wanted = args.page.lower().replace("-", " ")
    if wanted in titles:
        window.sidebar.setCurrentRow(titles.index(wanted))
    elif not window.show_page(wanted):
        print(f"unknown page {args.page!r}; pages: {', '.join(PAGE_KEYS)} or {', '.join(titles)}", file=sys.stderr)
        return 2
    wanted = window.current_page_key() or wanted

    deadline = time.monotonic() + args.timeout
    while window.session.busy and time.monotonic() < deadline:
        settle(50)
    settle(300)
    ok = not window.session.busy and window.session.error is None
    if ok and args.step:
        if wanted == "setup" and args.step in SETUP_STEPS:
            ok = drive_setup(window, args.step, args.scope, args.timeout)
        elif wanted == "pytorch" and args.step in PYTORCH_STEPS:
            ok = drive_pytorch(window, args.step, args.timeout)
        elif wanted == "doctor" and args.step in DOCTOR_STEPS:
            ok = drive_doctor(window, args.step, args.timeout)
        elif wanted == "monitor" and args.step in MONITOR_STEPS:
            pass  # drive_monitor below
        else:
            print(f"--step {args.step} is not a step of the {wanted} page", file=sys.stderr)
            return 2
        settle(300)
    if ok and wanted == "environments":
        ok = drive_environments(window)
        settle(300)
    if ok and wanted == "monitor":
        if args.step is not None and args.step not in MONITOR_STEPS:
            print(f"--step {args.step} is not a step of the monitor page", file=sys.stderr)
            return 2
        ok = drive_monitor(window, args.step)
    if not window.grab().save(args.output, "PNG"):
        print(f"could not write {args.output}", file=sys.stderr)
        return 1
    if not ok:
        reason = window.session.error[0] if window.session.error else "detection did not finish in time"
        print(f"{args.output}: detection failed: {reason}", file=sys.stderr)
    for release in _release_on_exit:
        release.set()  # lets a held stand-in installer end before the window goes
    for shutdown in _shutdown_on_exit:
        shutdown()
    window.close()
    app.processEvents()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
