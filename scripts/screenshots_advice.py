"""Screenshots of what the advice model (issue 14) tells a person, page by page, at a laptop's 1024×700.

    xvfb-run -a -s "-screen 0 1400x1000x24" python scripts/screenshots_advice.py \\
        [--lang en] [--out docs/screenshots/advice/en] [--size 1024x700] [MACHINE...]

For each simulated machine (default: radeon780m-laptop and rx6600xt-old-driver) it writes
``<out>/<machine>-<page>.png`` for overview, setup-choices, pytorch (the recommendation card) and environments
(a profile written from an old guide, ``HSA_OVERRIDE_GFX_VERSION=11.0.0`` and the allocator preset, selected, so
the Check column shows what the advice says of it).  Each picture is drawn in a fresh process with a throwaway
``$HOME``; it prints every text that is cut off ("clipped: ...", from scripts/screenshots_i18n.py) and exits 1
when there is one.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

MACHINES = ("radeon780m-laptop", "rx6600xt-old-driver")
PAGES = {"overview": "Overview", "setup-choices": "Setup", "pytorch": "PyTorch", "environments": "Environments"}
GUIDE_ENV = {"HSA_OVERRIDE_GFX_VERSION": "11.0.0", "PYTORCH_HIP_ALLOC_CONF": "expandable_segments:True"}


def seed_guide_profile(home: str) -> None:
    """One profile as a user writes it from a 780M guide: the 11.0.0 override and one allocator variable."""
    from rocmdesk.torchenv.profile_store import ProfileStore
    from rocmdesk.torchenv.profiles import Profile

    project = os.path.join(home, "projects", "comfyui")
    os.makedirs(project, exist_ok=True)
    ProfileStore().create(Profile("comfyui", project, os.path.join(project, ".venv"), dict(GUIDE_ENV),
                                  notes="from a guide"))


def shoot(lang: str, machine: str, page: str, output: Path, size: tuple[int, int]) -> int:
    import screenshots as shots
    import screenshots_i18n as i18n_shots

    home = shots.fake_home()  # before Qt and platformdirs read them
    if page == "environments":
        seed_guide_profile(home)
    from PySide6.QtCore import QCoreApplication

    from rocmdesk.ui.app import create_app, install_translators
    from rocmdesk.ui.main_window import MainWindow
    from rocmdesk.ui.session import MachineSession

    app = create_app([sys.argv[0]])
    install_translators(app, lang)
    window = MainWindow(MachineSession(simulate=machine))
    window.resize(*size)
    window.show()
    title = QCoreApplication.translate("MainWindow", PAGES[page])
    titles = [window.sidebar.item(i).text() for i in range(window.sidebar.count())]
    window.sidebar.setCurrentRow(titles.index(title))
    while window.session.busy:
        shots.settle(50)
    shots.settle(300)
    ok = window.session.error is None
    if ok and page == "setup-choices":
        ok = shots.drive_setup(window, "choices", None, 60)
    elif ok and page == "pytorch":
        ok = shots.drive_pytorch(window, "recommend", 60)
    elif ok and page == "environments":
        from rocmdesk.ui.pages.environments_page import EnvironmentsPage

        env_page = window.page("environments")
        env_page.reload()
        ok = env_page.select("comfyui")
    shots.settle(600)
    if window.size().width() != size[0] or window.size().height() != size[1]:
        print(f"{output.name}: the window is {window.size().width()}×{window.size().height()}, not "
              f"{size[0]}×{size[1]} (a page's minimum size)")
    window.grab().save(str(output), "PNG")
    clipped = i18n_shots.clipped_texts(window)
    for line in clipped:
        print(f"{output.name}: clipped: {line}")
    window.close()
    app.processEvents()
    return 0 if ok and not clipped else 1


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("machines", nargs="*", help=f"simulated machines (default {' '.join(MACHINES)})")
    parser.add_argument("--lang", default="en", help="en or zh_CN (default en)")
    parser.add_argument("--out", type=Path, help="folder for the PNGs (default docs/screenshots/advice/<lang>)")
    parser.add_argument("--size", default="1024x700", help="window size WxH, default 1024x700")
    parser.add_argument("--page", choices=list(PAGES), help="one page only")
    parser.add_argument("--one", nargs=2, metavar=("MACHINE", "PAGE"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    size = tuple(int(v) for v in args.size.lower().split("x"))
    out = args.out or Path(__file__).resolve().parent.parent / "docs" / "screenshots" / "advice" / args.lang
    if args.one:
        machine, page = args.one
        return shoot(args.lang, machine, page, out / f"{machine}-{page}.png", size)  # type: ignore[arg-type]
    out.mkdir(parents=True, exist_ok=True)
    worst = 0
    for machine in args.machines or MACHINES:
        for page in [args.page] if args.page else PAGES:
            rc = subprocess.run([sys.executable, __file__, "--lang", args.lang, "--out", str(out), "--size",
                                 args.size, "--one", machine, page], env=os.environ).returncode
            worst = max(worst, rc)
    return worst


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
