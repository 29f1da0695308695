"""Start the desktop app.  The CLI imports this lazily, so `rocmdesk detect` never loads Qt."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QLibraryInfo, QLocale, Qt, QTranslator
from PySide6.QtGui import QGuiApplication, QIcon
from PySide6.QtWidgets import QApplication

from rocmdesk import __version__

TRANSLATIONS = Path(__file__).resolve().parent / "translations"


def _install_translators(app: QApplication) -> None:
    """Qt's own strings and rocmdesk's, for the system locale; missing files just mean English."""
    locale = QLocale.system()
    for name, directory in (("qtbase", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)),
                            ("rocmdesk", str(TRANSLATIONS))):
        translator = QTranslator(app)
        if translator.load(locale, name, "_", directory):
            app.installTranslator(translator)


def create_app(argv: list[str]) -> QApplication:
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        return existing
    # fractional scale factors (1.25, 1.5) as the desktop asks, not rounded to whole numbers
    QGuiApplication.setHighDpiScaleFactorRoundingPolicy(Qt.HighDpiScaleFactorRoundingPolicy.PassThrough)
    app = QApplication(argv)
    app.setApplicationName("rocmdesk")
    app.setOrganizationName("rocmdesk")
    app.setOrganizationDomain("rocmdesk.invalid")
    app.setApplicationVersion(__version__)
    app.setDesktopFileName("rocmdesk")
    # the window icon: the packaged hicolor files, else the theme's (the .deb puts them in /usr/share/icons)
    from rocmdesk.resources import APP_ID, icon_files

    icon = QIcon()
    for path in icon_files():
        icon.addFile(str(path))
    app.setWindowIcon(icon if not icon.isNull() else QIcon.fromTheme(APP_ID))
    _install_translators(app)
    return app


def run(argv: list[str], simulate: str | None = None, root: str | None = None) -> int:
    """Open the main window on this computer, a ``--root`` tree, or a simulated machine; return the exit code."""
    from rocmdesk.ui.main_window import MainWindow
    from rocmdesk.ui.session import MachineSession

    app = create_app(argv)
    window = MainWindow(MachineSession(simulate=simulate, root=root))
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(run(sys.argv))
