"""Screenshots of every page in one language, and a list of the texts that do not fit their widgets.

    xvfb-run -a -s "-screen 0 1400x1000x24" python scripts/screenshots_i18n.py --lang zh_CN \\
        [--out docs/screenshots/zh_CN] [--machine rx6600xt-ubuntu2204] [PAGE...]

Writes ``<out>/<page>.png`` for the pages asked for (default: all): overview, setup (the review step with a
command open), pytorch (the verify card of an RX 6600 XT without the override), environments (two profiles,
one being edited), sanity (no venv yet), and monitor and doctor where the window has them.  ``page:step``
draws another step of setup, pytorch or doctor into ``<page>-<step>.png`` (setup:machine, setup:choices,
setup:progress, setup:failed, setup:done (the result page after a dry run), pytorch:recommend,
pytorch:install, doctor:pasted): the names of the English pictures in docs/screenshots.  With another
``--machine`` than the default the name ends in it: ``overview --machine no-amd-gpu`` writes
overview-no-amd-gpu.png.  ``--scope`` picks the Setup scope first (the English pictures of the run, the
failure and the result use ``--scope runtime``: steps as root, an apt step to fail).  The Sanity check's
runs and the Monitor's scripted day are drawn by scripts/screenshots_sanity.py and
scripts/screenshots_monitor.py, which take ``--lang`` too.  The Chinese guide's pictures of other states:

    screenshots_i18n.py setup:machine setup:choices pytorch:recommend pytorch:install
    screenshots_i18n.py --scope runtime setup:progress setup:failed setup:done
    screenshots_i18n.py --machine no-amd-gpu overview

Each page is
drawn in a fresh process, on a simulated machine, with a throwaway ``$HOME``; the scenes come from
scripts/screenshots.py.  Chinese needs a CJK font (Debian: fonts-noto-cjk).  The script prints every label,
button, tab or sidebar entry whose text is wider than the widget shows it ("clipped: ..."), and exits 1 when
there is one.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

PAGES = {  # file name -> the sidebar title in the source language
    "overview": "Overview", "setup": "Setup", "pytorch": "PyTorch", "environments": "Environments",
    "monitor": "Monitor", "sanity": "Sanity check", "doctor": "Doctor",
}


def _rich(label) -> bool:
    """Rich text lays itself out (links, markup), so its width is not the text's."""
    from PySide6.QtCore import Qt

    fmt = label.textFormat()
    return fmt == Qt.TextFormat.RichText or (fmt == Qt.TextFormat.AutoText and "<" in label.text())


def clipped_texts(window) -> list[str]:
    """Texts cut off in ``window``: single-line labels and buttons narrower than their text, sidebar entries
    wider than the sidebar, tab titles that were elided."""
    from PySide6.QtWidgets import QAbstractButton, QLabel, QTabBar

    out = []
    for label in window.findChildren(QLabel):
        if not label.isVisible() or label.wordWrap() or not label.text() or _rich(label):
            continue
        text = label.text().replace("&", "") if label.buddy() else label.text()
        for line in text.splitlines():
            if label.fontMetrics().horizontalAdvance(line) > label.contentsRect().width() + 1:
                out.append(f"label {line!r}: needs {label.fontMetrics().horizontalAdvance(line)} px, "
                           f"has {label.contentsRect().width()}")
    for button in window.findChildren(QAbstractButton):
        if button.isVisible() and button.text() and button.width() < button.minimumSizeHint().width():
            out.append(f"button {button.text()!r}: needs {button.minimumSizeHint().width()} px, has {button.width()}")
    for tabs in window.findChildren(QTabBar):
        for i in range(tabs.count() if tabs.isVisible() else 0):
            if tabs.tabRect(i).width() < tabs.tabSizeHint(i).width():
                out.append(f"tab {tabs.tabText(i)!r} is elided")
    side = window.sidebar
    for i in range(side.count()):
        item = side.item(i)
        need = side.fontMetrics().horizontalAdvance(item.text()) + 24  # the stylesheet's 12 px padding each side
        if need > side.viewport().width():
            out.append(f"sidebar {item.text()!r}: needs {need} px, has {side.viewport().width()}")
    return out


REAL_PAGES = {"monitor": ("rocmdesk.ui.pages.monitor_page", "MonitorPage"),
              "doctor": ("rocmdesk.ui.pages.doctor_page", "DoctorPage")}


def _real_page(window, page: str, row: int) -> bool:
    """Put the real Monitor or Doctor page in place of the window's placeholder (while main_window has one);
    False when the page's module is not there."""
    import importlib

    module, name = REAL_PAGES[page]
    try:
        cls = getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError):
        return False
    if window.page(page) is None:  # built by the window when asked; a missing page module is skipped above
        old = window.stack.widget(row)
        window.stack.insertWidget(row, cls(window.session))
        window.stack.removeWidget(old)
        old.deleteLater()
        window.stack.setCurrentIndex(row)
    return True


def english_texts(window) -> list[str]:
    """Visible texts with two or more English words and no Chinese: in a zh_CN window, what is still English
    (mostly sentences made outside ui/: verdicts, plan steps, findings); names and commands count too."""
    import re

    from PySide6.QtWidgets import QAbstractButton, QLabel

    words = re.compile(r"[A-Za-z]{3,} [a-z]{2,} [a-z]{2,}")  # three words: a sentence, not a name or a path
    out = []
    for w in window.findChildren(QLabel) + window.findChildren(QAbstractButton):
        text = w.text() if w.isVisible() else ""
        if words.search(text) and not re.search(r"[\u4e00-\u9fff]", text):
            out.append(text.replace("\n", " ")[:160])
    return out


DEFAULT_STEPS = {"setup": "review", "pytorch": "verify", "doctor": "findings"}
STEP_ALIASES = {("setup", "done"): "result"}  # the English picture's name -> the step scripts/screenshots.py knows
DEFAULT_MACHINE = "rx6600xt-ubuntu2204"


def file_name(spec: str, machine: str) -> str:
    """The PNG's name for ``spec`` (page or page:step) on ``machine``, without the folder."""
    name = spec.replace(":", "-")
    return f"{name}.png" if machine == DEFAULT_MACHINE else f"{name}-{machine}.png"


def shoot(lang: str, machine: str, spec: str, output: Path, size: tuple[int, int], scope: str | None = None) -> int:
    """Draw ``spec`` (a page, or page:step for the steps scripts/screenshots.py knows) into ``output``."""
    import screenshots as shots

    page, _, step = spec.partition(":")
    step = step or DEFAULT_STEPS.get(page, "")
    step = STEP_ALIASES.get((page, step), step)

    if page in ("environments", "pytorch", "sanity"):
        home = shots.fake_home()  # before Qt and platformdirs read them
        if page == "environments":
            shots.seed_profiles(home)
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
    if title not in titles:
        print(f"{page}: no such page in this window ({', '.join(titles)})", file=sys.stderr)
        return 2
    window.sidebar.setCurrentRow(titles.index(title))
    real = page in REAL_PAGES and _real_page(window, page, titles.index(title))
    while window.session.busy:
        shots.settle(50)
    shots.settle(300)
    ok = window.session.error is None
    if ok and page == "setup":
        ok = shots.drive_setup(window, step, scope, 60)
        if step == "progress":  # the list followed the run to its last step; the picture starts at the first
            from rocmdesk.ui.pages.setup_page import SetupPage

            shots.settle(300)
            window.page("setup").run_scroll.verticalScrollBar().setValue(0)
    elif ok and page == "pytorch":
        ok = shots.drive_pytorch(window, step, 60)
    elif ok and page == "environments":
        ok = shots.drive_environments(window)
    elif ok and page == "doctor" and real and hasattr(shots, "drive_doctor"):
        ok = shots.drive_doctor(window, step, 60)
    shots.settle(2500 if page == "monitor" else 600)  # the monitor's first samples, late layouts
    window.grab().save(str(output), "PNG")
    clipped = clipped_texts(window)
    for line in clipped:
        print(f"{output.name}: clipped: {line}")
    if lang != "en":
        for line in english_texts(window):
            print(f"{output.name}: english: {line}")
    for release in getattr(shots, "_release_on_exit", []):
        release.set()  # lets a held stand-in installer end before the window goes
    window.close()
    app.processEvents()
    return 0 if ok and not clipped else 1


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pages", nargs="*", help=f"pages to draw (default all: {', '.join(PAGES)}); page:step "
                        "picks a step of setup, pytorch or doctor as scripts/screenshots.py names them")
    parser.add_argument("--lang", default="zh_CN", help="en or zh_CN (default zh_CN)")
    parser.add_argument("--out", type=Path, help="folder for the PNGs (default docs/screenshots/<lang>)")
    parser.add_argument("--machine", default=DEFAULT_MACHINE, help=f"simulated machine (default {DEFAULT_MACHINE}; "
                        "another one is added to the file name)")
    parser.add_argument("--size", default="1200x800", help="window size WxH, default 1200x800")
    parser.add_argument("--scope", choices=("pytorch", "runtime", "sdk"), help="setup page only: the scope")
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)  # a child process: one page
    args = parser.parse_args(argv)
    size = tuple(int(v) for v in args.size.lower().split("x"))
    out = args.out or Path(__file__).resolve().parent.parent / "docs" / "screenshots" / args.lang
    pages = args.pages or list(PAGES)
    unknown = [p for p in pages if p.partition(":")[0] not in PAGES]
    if unknown:
        parser.error(f"unknown page(s) {', '.join(unknown)}; pages: {', '.join(PAGES)}")
    if args.one:
        output = out / file_name(pages[0], args.machine)
        return shoot(args.lang, args.machine, pages[0], output, size, args.scope)  # type: ignore[arg-type]
    out.mkdir(parents=True, exist_ok=True)
    worst = 0
    for page in pages:
        rc = subprocess.run([sys.executable, __file__, "--one", "--lang", args.lang, "--out", str(out),
                             "--machine", args.machine, "--size", args.size, page]
                            + (["--scope", args.scope] if args.scope else []), env=os.environ).returncode
        if rc == 2:
            print(f"{page}: skipped (not in this window)", file=sys.stderr)
        else:
            worst = max(worst, rc)
    return worst


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
