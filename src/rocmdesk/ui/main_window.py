"""The main window: a banner when the machine is not this computer, a sidebar, and one page per job.

Only the Overview is built at start.  Every other page is built the first time it is shown or asked for
(``page(key)``): its module, and what it imports (pyqtgraph and numpy for the Monitor and Sanity pages), load then,
so the first window appears without them.  Until a page is built its place in the stack holds a light skeleton
with the page's title.  A page chosen in the sidebar has its module imported in a worker (``ui.module_loader``):
the skeleton paints and the window stays live while pyqtgraph loads; ``page(key)`` itself builds at once.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from PySide6.QtCore import QSize
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QMainWindow,
    QMenu,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from rocmdesk.ui import window_state
from rocmdesk.ui.language_menu import add_language_menu
from rocmdesk.ui.module_loader import ModuleLoader
from rocmdesk.ui.pages.overview import OverviewPage
from rocmdesk.ui.session import MachineSession
from rocmdesk.ui.widgets.banner import MachineBanner

if TYPE_CHECKING:
    from rocmdesk.ui.notifications import AlertNotifier


class MainWindow(QMainWindow):
    def __init__(self, session: MachineSession | None = None, autostart: bool = True,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session or MachineSession()
        self.remember_state = False  # ui.app.run sets it: closing then saves the geometry and page
        self.session.setParent(self)
        self.setWindowTitle("rocmdesk")
        self.resize(1200, 800)

        central = QWidget()
        outer = QVBoxLayout(central)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(0)
        self.banner = MachineBanner()
        self.banner.backRequested.connect(lambda: self.session.use_simulated(None))
        outer.addWidget(self.banner)

        body = QHBoxLayout()
        body.setContentsMargins(0, 0, 0, 0)
        body.setSpacing(0)
        self.sidebar = QListWidget()
        self.sidebar.setObjectName("sidebar")
        self.sidebar.setFixedWidth(180)
        self.sidebar.setIconSize(QSize(0, 0))
        self.sidebar.setStyleSheet("#sidebar { border: none; border-right: 1px solid palette(mid); outline: 0; }"
                                   "#sidebar::item { padding: 8px 12px; }")
        self.stack = QStackedWidget()
        body.addWidget(self.sidebar)
        body.addWidget(self.stack, 1)
        outer.addLayout(body, 1)
        self.setCentralWidget(central)

        self.pages: dict[str, QWidget] = {}  # the pages built so far
        self._keys: list[str] = []  # sidebar row -> key
        self._lazy: dict[str, tuple[str, str]] = {}  # key -> (module, class) of a page not built yet
        self._loader = ModuleLoader(self)  # a page chosen in the sidebar: its module loads in a worker
        self._loader.loaded.connect(self._module_loaded)
        self.overview = OverviewPage(self.session)
        self._add_page("overview", self.tr("Overview"), self.overview)
        for key, title, where, purpose in self._pages():
            self._lazy[key] = where
            self._add_page(key, title, self._skeleton(title), purpose)
        self.sidebar.currentRowChanged.connect(self._row_changed)
        self.sidebar.setCurrentRow(0)
        for i in range(self.sidebar.count()):  # Ctrl+1 .. Ctrl+7 jump to a page
            QShortcut(QKeySequence(f"Ctrl+{i + 1}"), self, activated=lambda i=i: self.sidebar.setCurrentRow(i))

        self._alert_notifier: AlertNotifier | None = None  # made with the Monitor page (see alert_notifier)
        self.session.machineChanged.connect(self._forget_alerts)
        self._build_menu()
        self.session.machineChanged.connect(self._sync_banner)
        self.session.reportReady.connect(self._sync_banner)
        self._sync_banner()
        self.sidebar.setFocus()
        if autostart:
            self.session.refresh()

    def _pages(self) -> list[tuple[str, str, tuple[str, str], str]]:
        """Key (ui.navigation.PAGE_KEYS), sidebar title, the page's module and class, and the page's purpose (the
        sidebar item's tooltip)."""
        return [
            ("setup", self.tr("Setup"), ("rocmdesk.ui.pages.setup_page", "SetupPage"), self.tr("Plan the ROCm install for this machine, see every step, and run "
                                                  "it with one password prompt.")),
            ("pytorch", self.tr("PyTorch"), ("rocmdesk.ui.pages.pytorch_page", "PyTorchPage"), self.tr("Pick the right ROCm wheel for this GPU, install it into a "
                                                      "virtual environment and check from inside it that the GPU "
                                                      "is seen.")),
            ("environments", self.tr("Environments"), ("rocmdesk.ui.pages.environments_page", "EnvironmentsPage"), self.tr("One virtual environment and its GPU settings (such "
                                                                "as HSA_OVERRIDE_GFX_VERSION) per project.")),
            ("monitor", self.tr("Monitor"), ("rocmdesk.ui.pages.monitor_page", "MonitorPage"), self.tr("Live temperature, power, memory, load and clocks of each GPU "
                                                      "and process, with history and alerts.")),
            ("sanity", self.tr("Sanity check"), ("rocmdesk.ui.pages.sanity_page", "SanityPage"), self.tr("A short real training run: its speed, its memory use and "
                                                          "whether the loss falls.")),
            ("doctor", self.tr("Doctor"), ("rocmdesk.ui.pages.doctor_page", "DoctorPage"), self.tr("Known failures matched against this machine, or against output "
                                                    "pasted from another one, and how to fix them.")),
        ]

    def _skeleton(self, title: str) -> QWidget:
        """What a page's place shows until the page is built: its title, as the page will show it."""
        skeleton = QWidget()
        layout = QVBoxLayout(skeleton)
        layout.setContentsMargins(16, 12, 16, 8)
        label = QLabel(title)
        font = label.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.5)
        label.setFont(font)
        layout.addWidget(label)
        loading = QLabel(self.tr("Loading…"))  # the Monitor's takes most of a second the first time
        loading.setEnabled(False)  # greyed: a state, not content
        layout.addWidget(loading)
        layout.addStretch(1)
        return skeleton

    def _add_page(self, key: str, title: str, page: QWidget, purpose: str = "") -> None:
        if key not in self._lazy:
            self.pages[key] = page
        self._keys.append(key)
        self.sidebar.addItem(title)
        if purpose:
            self.sidebar.item(self.sidebar.count() - 1).setToolTip(purpose)
        self.stack.addWidget(page)

    def page(self, key: str) -> QWidget | None:
        """The page under ``key``, built now if it was not yet (ui.navigation finds pages through this)."""
        page = self.pages.get(key)
        if page is None and key in self._lazy:
            module, name = self._lazy.pop(key)
            page = getattr(importlib.import_module(module), name)(self.session)
            row = self._keys.index(key)
            skeleton = self.stack.widget(row)
            current = self.stack.currentIndex() == row
            self.stack.insertWidget(row, page)
            self.stack.removeWidget(skeleton)
            skeleton.deleteLater()
            if current:
                self.stack.setCurrentIndex(row)
            self.pages[key] = page
            view = getattr(page, "view", None) if key == "monitor" else None
            if view is not None:
                self.alert_notifier.watch(view)
        return page

    def built_pages(self) -> list[QWidget]:
        return list(self.pages.values())

    def show_page(self, key: str) -> bool:
        """Make the page under ``key`` the current one (built now); False where there is none."""
        if key not in self._keys or self.page(key) is None:
            return False
        self.sidebar.setCurrentRow(self._keys.index(key))
        return True

    def _row_changed(self, row: int) -> None:
        self.stack.setCurrentIndex(row)
        if 0 <= row < len(self._keys) and self._keys[row] in self._lazy:
            # the skeleton shows at once; the page's module loads in a worker, then the page is built
            self._loader.load(self._lazy[self._keys[row]][0])

    def _module_loaded(self, module: str) -> None:
        for key, (name, _cls) in list(self._lazy.items()):
            if name == module:
                self.page(key)  # the import is done (or failed: page() tries it here and says why)

    def current_page_key(self) -> str | None:
        row = self.stack.currentIndex()
        return self._keys[row] if 0 <= row < len(self._keys) else None

    def _build_menu(self) -> None:
        menu = self.menuBar().addMenu(self.tr("&Machine"))
        refresh = QAction(self.tr("&Refresh"), self)
        refresh.setShortcuts([QKeySequence(QKeySequence.StandardKey.Refresh), QKeySequence("Ctrl+R")])
        refresh.triggered.connect(self.session.refresh)
        menu.addAction(refresh)
        self.sim_menu = QMenu(self.tr("Explore a &simulated machine"), self)
        self.sim_menu.aboutToShow.connect(self._fill_sim_menu)
        menu.addMenu(self.sim_menu)
        self.real_action = QAction(self.tr("Back to the real machine"), self)
        self.real_action.triggered.connect(lambda: self.session.use_simulated(None))
        menu.addAction(self.real_action)
        menu.addSeparator()
        quit_action = QAction(self.tr("&Quit"), self)
        quit_action.setShortcut(QKeySequence(QKeySequence.StandardKey.Quit))
        quit_action.triggered.connect(self.close)
        menu.addAction(quit_action)
        self.language_menu = add_language_menu(self)
        view_menu = self.findChild(QMenu, "viewMenu") or menu  # View, beside Language
        view_menu.addSeparator()
        self.notify_action = QAction(self.tr("Desktop notifications for alerts"), self)
        self.notify_action.setObjectName("notifyAction")
        self.notify_action.setCheckable(True)
        self.notify_action.setChecked(window_state.notifications_enabled())
        self.notify_action.toggled.connect(self.set_notifications)
        view_menu.addAction(self.notify_action)

    def set_notifications(self, on: bool) -> None:
        """View > Desktop notifications for alerts: kept for the next start."""
        if self.notify_action.isChecked() != on:
            self.notify_action.setChecked(on)  # toggled comes back here
            return
        if self._alert_notifier is not None:
            self._alert_notifier.enabled = on
        window_state.set_notifications_enabled(on)

    @property
    def alert_notifier(self) -> AlertNotifier:
        """Sends the Monitor page's alerts to the desktop while this window is minimised or in the background.
        Made with the Monitor page (or when asked): the first window imports none of the alert machinery."""
        if self._alert_notifier is None:
            from rocmdesk.ui.notifications import AlertNotifier

            self._alert_notifier = AlertNotifier(self, enabled=window_state.notifications_enabled())
        return self._alert_notifier

    def _forget_alerts(self) -> None:
        if self._alert_notifier is not None:
            self._alert_notifier.forget()

    def _fill_sim_menu(self) -> None:
        self.sim_menu.clear()
        machines = self.session.machines()
        if not machines:
            self.sim_menu.addAction(self.tr("(none available)")).setEnabled(False)
        for m in machines:
            action = self.sim_menu.addAction(m.description or m.name)
            action.setCheckable(True)
            action.setChecked(m.name == self.session.simulate)
            action.triggered.connect(lambda _=False, name=m.name: self.session.use_simulated(name))

    def _sync_banner(self, *_: object) -> None:
        s = self.session
        self.banner.show_for(s.description() if s.simulate else None, s.root)
        self.real_action.setEnabled(s.simulate is not None)

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.remember_state:  # the app's window (not a test's or a restart's): its place and page come back
            from rocmdesk.ui import window_state

            window_state.save(self, self.current_page_key())
        # pages with a running child process (the Setup wizard's helper) stop it first
        for i in range(self.stack.count()):
            shutdown = getattr(self.stack.widget(i), "shutdown", None)
            if callable(shutdown):
                shutdown()
        self.session.shutdown()
        self._loader.wait()  # an import under way finishes before the interpreter may go
        super().closeEvent(event)
