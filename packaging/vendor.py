#!/usr/bin/python3
"""Unpack the window's wheels (packaging/vendor-requirements.txt) into the .deb's private folder, keeping only
what rocmdesk's window can load (debian/rules calls this; it runs with the system's python3, stdlib only).

    vendor.py WHEELDIR QT_DEST PYQTGRAPH_DEST

QT_DEST gets PySide6 and shiboken6 (the amd64 package rocmdesk-pyside6), PYQTGRAPH_DEST gets pyqtgraph (pure
Python, in rocmdesk itself: Debian's own python3-pyqtgraph pulls PyQt5, SciPy and four Qt dev-tools packages).
Left out of PySide6-Essentials: QML/Quick, Designer, Help, SQL, the developer tools (designer, qmlls, lupdate,
...), headers, type stubs and Qt's other translations.  Why: 237 MB unpacked becomes 106, and every
plugin left out is a library dependency the package does not need (the GTK 3 theme alone would pull GTK).
"""

from __future__ import annotations

import re
import shutil
import sys
import zipfile
from pathlib import Path

# PySide6's Python modules the window and pyqtgraph import (pyqtgraph's exporters and OpenGL items lazily)
KEEP_MODULES = {"QtCore", "QtGui", "QtWidgets", "QtNetwork", "QtDBus", "QtSvg", "QtSvgWidgets", "QtOpenGL",
                "QtOpenGLWidgets", "QtTest", "QtConcurrent", "QtPrintSupport", "QtXml"}
# Qt libraries no kept module or plugin needs (the build's dpkg-shlibdeps fails if one is still needed)
DROP_LIB = re.compile(r"libQt6(Qml|Quick|Labs|Lottie|Designer|Help|UiTools|Sql|WaylandCompositor|WaylandEgl"
                      r"|WlShell|EglFS|EglFsKms|VirtualKeyboard|ShaderTools|Pdf|Graphs|Charts|DataVis|Multimedia"
                      r"|Spatial|Svg.*Quick)")
# plugin folders that serve only dropped modules, or need libraries a desktop may lack (gtk3 theme: GTK 3;
# printsupport: CUPS; sqldrivers: the database clients; generic/egldeviceintegrations: bare-metal input/KMS)
DROP_PLUGINS = {"designer", "qmllint", "qmltooling", "sqldrivers", "egldeviceintegrations", "generic",
                "printsupport", "vectorimageformats", "wayland-graphics-integration-server", "qmlls"}
DROP_PLATFORMS = re.compile(r"lib(qeglfs|qlinuxfb|qvnc|qvkkhrdisplay)\.so")
DROP_THEMES = re.compile(r"libqgtk3\.so")


def unpack(wheel: Path, dest: Path) -> None:
    with zipfile.ZipFile(wheel) as z:
        for info in z.infolist():
            if info.is_dir():
                continue
            target = dest / info.filename
            target.parent.mkdir(parents=True, exist_ok=True)
            with z.open(info) as src, open(target, "wb") as out:
                shutil.copyfileobj(src, out)
            # a wheel's .so files are executable in RECORD only by their zip mode: root-owned 0644 is enough
            target.chmod(0o644)


def keep_pyside(path: Path, top: Path) -> bool:
    rel = path.relative_to(top).parts
    if rel[0].endswith(".dist-info"):
        return rel[-1] in ("METADATA", "WHEEL", "top_level.txt")  # RECORD lists files no longer here
    if rel[0] == "shiboken6":
        return not (len(rel) > 1 and rel[1] in ("include", "lib")) and not path.name.endswith(".pyi")
    if rel[0] == "shiboken6_generator" or rel[0] != "PySide6":
        return rel[0] == "shiboken6"
    name = rel[-1]
    if len(rel) == 2:  # PySide6/<file>
        module = name.split(".")[0]
        if name.endswith((".pyi", ".pyi.in")) or name == "py.typed":
            return False
        if name.endswith(".abi3.so"):
            return module in KEEP_MODULES
        if name.startswith("libpyside6"):
            return "qml" not in name
        return name.endswith(".py")  # __init__, _config, ...; not the tools (designer, qmlls, lupdate, ...)
    if rel[1] in ("include", "typesystems", "glue", "scripts", "doc", "lib"):
        return False
    if rel[1] != "Qt":
        return True
    sub = rel[2] if len(rel) > 2 else ""
    if sub in ("qml", "metatypes", "libexec"):
        return False
    if sub == "translations":
        return name.startswith("qtbase_")  # Qt's own strings (dialog buttons) in the user's language
    if sub == "lib":
        return not DROP_LIB.match(name) and not name.endswith((".prl", ".la")) and "cmake" not in rel
    if sub == "plugins":
        kind = rel[3] if len(rel) > 3 else ""
        if kind in DROP_PLUGINS:
            return False
        if kind == "platforms":
            return not DROP_PLATFORMS.match(name)
        if kind == "imageformats":
            # qpdf needs Qt PDF; qjpeg and qtiff carry their own libjpeg and libtiff (lintian's
            # embedded-library: security fixes would not reach them); the window reads PNG and SVG only
            return name not in ("libqpdf.so", "libqjpeg.so", "libqtiff.so")
        if kind == "wayland-shell-integration":
            return name != "libwl-shell-plugin.so"  # the obsolete wl_shell, through a dropped library
        if kind == "platforminputcontexts":
            return "virtualkeyboard" not in name  # Qt Quick's on-screen keyboard
        if kind == "wayland-graphics-integration-client":
            return not name.endswith("-server.so")  # a compositor's side
        if kind == "platformthemes":
            return not DROP_THEMES.match(name)
    return True


def prune(top: Path, keep) -> None:
    for path in sorted(top.rglob("*"), reverse=True):
        if path.is_symlink() or path.is_file():
            if not keep(path, top):
                path.unlink()
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()
    for path in top.rglob("__pycache__"):
        shutil.rmtree(path)


def main(argv: list[str]) -> int:
    wheels, qt_dest, pg_dest = (Path(a) for a in argv)
    for pattern, dest in (("pyside6_essentials-*.whl", qt_dest), ("shiboken6-*.whl", qt_dest),
                          ("pyqtgraph-*.whl", pg_dest)):
        found = sorted(wheels.glob(pattern))
        if len(found) != 1:
            print(f"vendor.py: want one {pattern} in {wheels}, found {len(found)}", file=sys.stderr)
            return 1
        dest.mkdir(parents=True, exist_ok=True)
        unpack(found[0], dest)
    prune(qt_dest, keep_pyside)
    # pyqtgraph: its examples and the developer's Jupyter/Qt-designer helpers are not needed by the window
    for extra in ("examples", "jupyter"):
        shutil.rmtree(pg_dest / "pyqtgraph" / extra, ignore_errors=True)
    prune(pg_dest, lambda p, t: not (p.parts[len(t.parts)].endswith(".dist-info")
                                     and p.name not in ("METADATA", "WHEEL", "top_level.txt")))
    for path in [*qt_dest.rglob("*"), *pg_dest.rglob("*")]:
        path.chmod(0o755 if path.is_dir() else 0o644)  # libraries and modules are loaded, never executed
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
