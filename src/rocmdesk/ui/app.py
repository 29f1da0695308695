"""Start the desktop app.  The CLI imports this lazily, so `rocmdesk detect` never loads Qt."""

from __future__ import annotations

import sys

from PySide6.QtCore import QLibraryInfo, Qt, QTranslator
from PySide6.QtGui import QGuiApplication, QIcon
from PySide6.QtWidgets import QApplication

from rocmdesk import __version__, i18n
from rocmdesk import settings

from rocmdesk.ui.language_menu import RESTART_EXIT_CODE

_installed: list[QTranslator] = []


def install_translators(app: QApplication, language: str) -> bool:
    """Speak ``language`` (``en`` or one of ``i18n.LANGUAGES``): Qt's own strings (the standard buttons) and
    rocmdesk's, in place of any installed before; widgets made afterwards use them.  False when rocmdesk's
    catalogue for it is missing, which leaves English."""
    while _installed:
        app.removeTranslator(_installed.pop())
    i18n.set_language(language)  # the core's translate() speaks the same language as the window
    if language == i18n.SOURCE_LANGUAGE:
        return True
    loaded = False
    for name, directory in (("qtbase", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)),
                            ("rocmdesk", str(i18n.TRANSLATIONS))):
        translator = QTranslator(app)
        if translator.load(f"{name}_{language}", directory):
            app.installTranslator(translator)
            _installed.append(translator)
            loaded = loaded or name == "rocmdesk"
    return loaded


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
    # the window icon: the packaged hicolor files, else the theme's (the .deb puts them in /usr/share/icons)
    from rocmdesk.resources import APP_ID, icon_files

    # the .desktop entry's id: Wayland compositors match the window to its menu entry and icon by it
    app.setDesktopFileName(APP_ID)

    icon = QIcon()
    for path in icon_files():
        icon.addFile(str(path))
    app.setWindowIcon(icon if not icon.isNull() else QIcon.fromTheme(APP_ID))
    install_translators(app, settings.app_language())
    from rocmdesk.ui.main_thread_gc import MainThreadGc

    MainThreadGc(app)  # garbage holding Qt objects is never destroyed in a worker thread (see the module)
    from rocmdesk.ui.theme import follow_system

    follow_system(app)  # the desktop's light or dark scheme, now and when it switches
    return app


def run(argv: list[str], simulate: str | None = None, root: str | None = None) -> int:
    """Open the main window on this computer, a ``--root`` tree, or a simulated machine; return the exit code.

    When rocmdesk is already open for this user and desktop, its window is raised (and switched to ``simulate``)
    instead, and this returns 0 at once."""
    from rocmdesk.ui import single_instance, window_state
    from rocmdesk.ui.main_window import MainWindow
    from rocmdesk.ui.session import MachineSession

    app = create_app(argv)
    name = single_instance.server_name()
    if single_instance.hand_over(name, simulate, root):
        return 0
    server = single_instance.InstanceServer(name, app)
    window = MainWindow(MachineSession(simulate=simulate, root=root))
    window_state.restore(window, window.show_page)
    window.remember_state = True
    server.launched.connect(lambda request: _bring_forward(window, request))
    window.show()
    while (code := app.exec()) == RESTART_EXIT_CODE:
        # the Language menu asked for a new window in the new language: the same machine, page and place
        simulate, root = window.session.simulate, window.session.root
        page, geometry = window.current_page_key(), window.saveGeometry()
        server.launched.disconnect()
        window.remember_state = False
        window.close()  # pages stop their work as on quit
        window.deleteLater()
        install_translators(app, settings.app_language())
        window = MainWindow(MachineSession(simulate=simulate, root=root))
        window.restoreGeometry(geometry)
        window.show_page(page or "overview")
        window.remember_state = True
        server.launched.connect(lambda request, window=window: _bring_forward(window, request))
        window.show()
    server.close()
    return code


def _bring_forward(window, request: dict) -> None:  # noqa: ANN001 (a MainWindow; imported lazily above)
    """A second launch: raise this window and, when it named a simulated machine we know, show that machine."""
    name = request.get("simulate")
    session = window.session
    if name and name != session.simulate and any(m.name == name for m in session.machines()):
        session.use_simulated(name)
    if window.isMinimized():
        window.showNormal()
    window.show()
    window.raise_()
    window.activateWindow()


if __name__ == "__main__":
    sys.exit(run(sys.argv))
