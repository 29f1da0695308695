"""View > Language: follow the system, or English, or 简体中文, kept in ``settings.json`` (see ``rocmdesk.i18n``).

A choice takes effect in a new main window: "Restart now" ends the event loop with ``RESTART_EXIT_CODE`` and
``app.run`` builds the window again in the new language (same machine, page and size); "Later" leaves it to the
next start.  While a page is running a job (an install, a check) there is no "Restart now", since a new window
would stop that job.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QApplication, QMainWindow, QMenu

from rocmdesk import i18n
from rocmdesk import settings

# run() in ui.app rebuilds the main window when the event loop ends with this code (the menu's "Restart now")
RESTART_EXIT_CODE = 0x1A40


def busy_pages(window: QMainWindow) -> bool:
    """Whether a page of ``window`` is running a job that a new window would stop."""
    stack = getattr(window, "stack", None)
    for i in range(stack.count() if stack is not None else 0):
        running = getattr(stack.widget(i), "running", None)
        if callable(running) and running():
            return True
    return False


def ask_restart(window: QMainWindow, language: str) -> bool:
    """Ask whether to rebuild the window now; False for later.  Tests replace this."""
    from PySide6.QtWidgets import QMessageBox  # here, not at start: its enum types cost the first window ~1 ms

    name = i18n.LANGUAGES.get(language, language)
    if busy_pages(window):
        QMessageBox.information(window, QCoreApplication.translate("LanguageMenu", "Language"),
                                QCoreApplication.translate(
                                    "LanguageMenu", "rocmdesk will speak {language} from its next start. A job "
                                    "is running now, so the window stays as it is.").format(language=name))
        return False
    box = QMessageBox(QMessageBox.Icon.Question, QCoreApplication.translate("LanguageMenu", "Language"),
                      QCoreApplication.translate("LanguageMenu", "rocmdesk will speak {language} from its next "
                                                 "start. Restart the window now?").format(language=name),
                      parent=window)
    now = box.addButton(QCoreApplication.translate("LanguageMenu", "Restart now"), QMessageBox.ButtonRole.AcceptRole)
    box.addButton(QCoreApplication.translate("LanguageMenu", "Later"), QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(now)
    box.exec()
    return box.clickedButton() is now


def add_language_menu(window: QMainWindow,
                      ask: Callable[[QMainWindow, str], bool] | None = None) -> QMenu:
    """Add View > Language to ``window``'s menu bar and return the Language menu.  The View menu's Alt key is W:
    the pages use every letter of "Language" for their own buttons and labels (Alt+L is the PyTorch page's log),
    and a menu bar key that a page also uses makes both ambiguous."""
    view = window.menuBar().addMenu(QCoreApplication.translate("LanguageMenu", "Vie&w"))
    view.setObjectName("viewMenu")
    menu = view.addMenu(QCoreApplication.translate("LanguageMenu", "&Language"))
    menu.setObjectName("languageMenu")
    group = QActionGroup(menu)
    group.setExclusive(True)
    saved = settings.saved_language()
    system = i18n.LANGUAGES.get(i18n.system_language(), "English")
    choices = [(i18n.SYSTEM, QCoreApplication.translate("LanguageMenu", "System ({language})").format(
        language=system))] + list(i18n.LANGUAGES.items())  # languages are named in their own language

    def choose(choice: str) -> None:
        before = settings.app_language()
        settings.save_language(choice)
        after = settings.app_language()
        if after != before and (ask or ask_restart)(window, after):
            QApplication.exit(RESTART_EXIT_CODE)

    for key, label in choices:
        action = QAction(label, menu)
        action.setCheckable(True)
        action.setChecked(key == saved)
        action.setData(key)
        action.triggered.connect(lambda _=False, key=key: choose(key))
        group.addAction(action)
        menu.addAction(action)
    return menu
