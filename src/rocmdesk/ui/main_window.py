"""The main window: a banner when the machine is not this computer, a sidebar, and one page per job."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QListWidget,
    QMainWindow,
    QMenu,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from rocmdesk.ui.language_menu import add_language_menu
from rocmdesk.ui.pages.doctor_page import DoctorPage
from rocmdesk.ui.pages.environments_page import EnvironmentsPage
from rocmdesk.ui.pages.monitor_page import MonitorPage
from rocmdesk.ui.pages.overview import OverviewPage
from rocmdesk.ui.pages.pytorch_page import PyTorchPage
from rocmdesk.ui.pages.sanity_page import SanityPage
from rocmdesk.ui.pages.setup_page import SetupPage
from rocmdesk.ui.session import MachineSession
from rocmdesk.ui.widgets.banner import MachineBanner


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

        self.pages: dict[str, QWidget] = {}
        self.overview = OverviewPage(self.session)
        self._add_page("overview", self.tr("Overview"), self.overview)
        for key, title, page_class, purpose in self._pages():
            self._add_page(key, title, page_class(self.session), purpose)
        self.sidebar.currentRowChanged.connect(self.stack.setCurrentIndex)
        self.sidebar.setCurrentRow(0)
        for i in range(self.sidebar.count()):  # Ctrl+1 .. Ctrl+7 jump to a page
            QShortcut(QKeySequence(f"Ctrl+{i + 1}"), self, activated=lambda i=i: self.sidebar.setCurrentRow(i))

        self._build_menu()
        self.session.machineChanged.connect(self._sync_banner)
        self.session.reportReady.connect(self._sync_banner)
        self._sync_banner()
        self.sidebar.setFocus()
        if autostart:
            self.session.refresh()

    def _pages(self) -> list[tuple[str, str, type[QWidget], str]]:
        """Key (ui.navigation.PAGE_KEYS), sidebar title, page, and the page's purpose (the sidebar item's tooltip)."""
        return [
            ("setup", self.tr("Setup"), SetupPage, self.tr("Plan the ROCm install for this machine, see every step, and run "
                                                  "it with one password prompt.")),
            ("pytorch", self.tr("PyTorch"), PyTorchPage, self.tr("Pick the right ROCm wheel for this GPU, install it into a "
                                                      "virtual environment and check from inside it that the GPU "
                                                      "is seen.")),
            ("environments", self.tr("Environments"), EnvironmentsPage, self.tr("One virtual environment and its GPU settings (such "
                                                                "as HSA_OVERRIDE_GFX_VERSION) per project.")),
            ("monitor", self.tr("Monitor"), MonitorPage, self.tr("Live temperature, power, memory, load and clocks of each GPU "
                                                      "and process, with history and alerts.")),
            ("sanity", self.tr("Sanity check"), SanityPage, self.tr("A short real training run: its speed, its memory use and "
                                                          "whether the loss falls.")),
            ("doctor", self.tr("Doctor"), DoctorPage, self.tr("Known failures matched against this machine, or against output "
                                                    "pasted from another one, and how to fix them.")),
        ]

    def _add_page(self, key: str, title: str, page: QWidget, purpose: str = "") -> None:
        self.pages[key] = page
        self.sidebar.addItem(title)
        if purpose:
            self.sidebar.item(self.sidebar.count() - 1).setToolTip(purpose)
        self.stack.addWidget(page)

    def page(self, key: str) -> QWidget | None:
        """The page under ``key`` (ui.navigation finds pages through this)."""
        return self.pages.get(key)

    def show_page(self, key: str) -> bool:
        """Make the page under ``key`` the current one; False where there is none."""
        page = self.pages.get(key)
        if page is None:
            return False
        self.sidebar.setCurrentRow(self.stack.indexOf(page))
        return True

    def current_page_key(self) -> str | None:
        widget = self.stack.currentWidget()
        return next((key for key, page in self.pages.items() if page is widget), None)

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
        super().closeEvent(event)
