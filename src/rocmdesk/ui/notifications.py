"""The monitor's alerts on the desktop: org.freedesktop.Notifications over the session bus, through QtDBus.

:class:`AlertNotifier` watches a :class:`~rocmdesk.ui.monitor.view.MonitorView` for a window (the main window, or
``rocmdesk monitor --gui``'s) and, while the user is away from that window and the setting is on, sends the alerts
that :mod:`rocmdesk.telemetry.notify_policy` lets through.  :class:`DesktopNotifier` sends one notification.

Without a session bus or a notification server nothing is sent, nothing fails, and one log line says why.

**Why the call goes through a dynamic QDBusInterface.**  ``Notify`` is ``(susssasa{sv}i)``, and servers check the
types (GNOME Shell and dunst through GDBus, Plasma through QtDBus: a signed ``replaces_id`` is "no such method").
PySide6 turns a Python int into a D-Bus ``int32`` in a QDBusMessage, and its QDBusArgument picks ``uint16`` for
every number, so neither can say ``uint32``.  A QDBusInterface converts its arguments to the types of the method
it was built for; QtDBus builds that method from the interface's introspection, and keeps one description per
interface name per connection.  So we describe ``Notify`` once, from a small object of our own on the same
connection (with the annotation that maps ``a{sv}`` to QVariantMap, which real servers do not carry, and
``NoReply``, so the call never blocks the window), and the interface to the real server uses that description.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QObject

from rocmdesk.telemetry.notify_policy import NotifyLimiter, user_away

if TYPE_CHECKING:
    from PySide6.QtDBus import QDBusConnection
    from PySide6.QtWidgets import QWidget

    from rocmdesk.telemetry.alerts import Alert
    from rocmdesk.ui.monitor.view import MonitorView

translate = QCoreApplication.translate  # lupdate collects calls spelt translate("Context", "text")
log = logging.getLogger("rocmdesk.notifications")

SERVICE = "org.freedesktop.Notifications"
PATH = "/org/freedesktop/Notifications"
INTERFACE = "org.freedesktop.Notifications"
APP_NAME = "rocmdesk"
URGENCY_NORMAL, URGENCY_CRITICAL = 1, 2
_SHAPE_PATH = "/io/github/rocmdesk/NotifyShape"
_NOTIFY = "Notify(QString,uint,QString,QString,QString,QStringList,QVariantMap,int)"
# the spec's Notify, annotated for QtDBus: hints (the 7th input) as a QVariantMap; no reply awaited
_SHAPE_XML = f"""<interface name="{INTERFACE}">
  <method name="Notify">
    <arg name="app_name" type="s" direction="in"/>
    <arg name="replaces_id" type="u" direction="in"/>
    <arg name="app_icon" type="s" direction="in"/>
    <arg name="summary" type="s" direction="in"/>
    <arg name="body" type="s" direction="in"/>
    <arg name="actions" type="as" direction="in"/>
    <arg name="hints" type="a{{sv}}" direction="in"/>
    <arg name="expire_timeout" type="i" direction="in"/>
    <annotation name="org.qtproject.QtDBus.QtTypeName.In6" value="QVariantMap"/>
    <annotation name="org.freedesktop.DBus.Method.NoReply" value="true"/>
  </method>
</interface>"""


def app_icon(data_dirs: list[Path] | None = None) -> str:
    """The notification's icon: the icon theme's name when an icon theme holds rocmdesk's icon (the .deb installs
    it in hicolor), else the packaged PNG's file URI (a pip install), else none."""
    from rocmdesk.resources import APP_ID, icon_file

    if data_dirs is None:
        home = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
        data_dirs = [Path(home)] + [Path(d) for d in
                                    (os.environ.get("XDG_DATA_DIRS") or "/usr/local/share:/usr/share").split(":") if d]
    for d in data_dirs:
        hicolor = d / "icons" / "hicolor"
        if (hicolor / "scalable" / "apps" / f"{APP_ID}.svg").is_file() or \
                (hicolor / "128x128" / "apps" / f"{APP_ID}.png").is_file():
            return APP_ID
    png = icon_file(128)
    return png.as_uri() if png.is_file() else ""


def summary_text(alert: Alert) -> str:
    """The notification's title line for ``alert`` (its body is the Monitor's sentence)."""
    i = alert.gpu_index
    if alert.kind == "junction-hot":
        if alert.severity == "critical":
            return translate("DesktopNotifications", "GPU {i} is at its temperature limit").format(i=i)
        return translate("DesktopNotifications", "GPU {i} is running hot").format(i=i)
    if alert.kind == "vram-full":
        return translate("DesktopNotifications", "GPU {i}: VRAM almost full").format(i=i)
    if alert.kind == "power-cap":
        return translate("DesktopNotifications", "GPU {i} is at its power cap").format(i=i)
    if alert.kind == "vram-leak":
        return translate("DesktopNotifications", "GPU {i}: VRAM keeps growing").format(i=i)
    return translate("DesktopNotifications", "GPU {i}: an alert").format(i=i)


class DesktopNotifier(QObject):
    """Sends notifications to the session bus's notification server (``bus``: another connection, for tests).

    Each problem (no bus, no server, a QtDBus that will not take the call) is logged once, then skipped quietly."""

    def __init__(self, bus: QDBusConnection | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        from PySide6.QtDBus import QDBusConnection

        self.bus = bus if bus is not None else QDBusConnection.sessionBus()
        self.icon = app_icon()
        self._iface: Any = None
        self._said: set[str] = set()
        self.sent = 0

    def _once(self, key: str, message: str) -> None:
        if key not in self._said:
            self._said.add(key)
            log.warning("%s", message)

    def server_present(self) -> bool:
        """Whether a notification server runs on the bus or can be started by it (D-Bus activation)."""
        if not self.bus.isConnected():
            self._once("bus", translate("DesktopNotifications", "rocmdesk: desktop notifications are off: there "
                                        "is no D-Bus session bus ({error})").format(
                error=self.bus.lastError().message() or "DBUS_SESSION_BUS_ADDRESS"))
            return False
        interface = self.bus.interface()
        registered = interface.isServiceRegistered(SERVICE)
        if registered.isValid() and registered.value():
            self._said.discard("server")  # one line again if it goes away later
            return True
        activatable = interface.activatableServiceNames()
        if activatable.isValid() and SERVICE in (activatable.value() or []):
            # started by the bus on demand (dunst, notification-daemon): start it now, since an interface is built
            # only to a name that has an owner
            started = interface.startService(SERVICE)
            if started.isValid():
                return True
        self._once("server", translate("DesktopNotifications", "rocmdesk: desktop notifications are off: no "
                                       "notification server ({service}) on the session bus").format(service=SERVICE))
        return False

    def _interface(self) -> Any:
        """The QDBusInterface to the server, built over our description of Notify; None when QtDBus will not."""
        if self._iface is not None:
            return self._iface
        from PySide6.QtDBus import QDBusInterface, QDBusVirtualObject

        class _Shape(QDBusVirtualObject):
            def introspect(self, path: str) -> str:  # noqa: ARG002 (one object)
                return _SHAPE_XML

            def handleMessage(self, message: Any, connection: Any) -> bool:  # noqa: ARG002, N802
                return False

        shape = _Shape()
        if self.bus.registerVirtualObject(_SHAPE_PATH, shape):
            QDBusInterface(self.bus.baseService(), _SHAPE_PATH, INTERFACE, self.bus)  # QtDBus keeps its methods
            self.bus.unregisterObject(_SHAPE_PATH)
        iface = QDBusInterface(SERVICE, PATH, INTERFACE, self.bus, self)
        mo = iface.metaObject()
        if not iface.isValid() or mo.indexOfMethod(_NOTIFY) < 0:
            self._once("qtdbus", translate("DesktopNotifications", "rocmdesk: desktop notifications are off: "
                                           "QtDBus cannot call {method} ({error})").format(
                method=f"{INTERFACE}.Notify", error=iface.lastError().message() or "no such method"))
            return None
        self._iface = iface
        return iface

    def notify(self, summary: str, body: str, critical: bool = False) -> bool:
        """Send one notification (without waiting for the server's answer); False when it could not go."""
        if not self.server_present():
            return False
        iface = self._interface()
        if iface is None:
            return False
        from PySide6.QtCore import Q_ARG, QMetaObject, Qt
        from PySide6.QtDBus import QDBusArgument

        from rocmdesk.resources import APP_ID

        urgency: Any = URGENCY_CRITICAL if critical else URGENCY_NORMAL
        byte = QDBusArgument()
        byte << chr(urgency)  # PySide6 marshals a one-character str as a D-Bus byte, the spec's type for urgency
        if byte.currentSignature() == "y":
            urgency = byte  # otherwise an int, as Qt's own tray icon sends it
        hints = {"urgency": urgency, "desktop-entry": APP_ID}
        ok = QMetaObject.invokeMethod(
            iface, "Notify", Qt.ConnectionType.DirectConnection,
            Q_ARG("QString", APP_NAME), Q_ARG("uint", 0), Q_ARG("QString", self.icon), Q_ARG("QString", summary),
            Q_ARG("QString", body), Q_ARG("QStringList", []), Q_ARG("QVariantMap", hints), Q_ARG("int", -1))
        if not ok:
            self._once("call", translate("DesktopNotifications", "rocmdesk: a desktop notification could not be "
                                         "sent ({error})").format(error=iface.lastError().message() or "QtDBus"))
            return False
        self.sent += 1
        return True


class AlertNotifier(QObject):
    """Sends a window's monitor alerts to the desktop while its user is away from it.

    ``enabled``: the setting (View > Desktop notifications); ``notifier``: made at the first notification, so a
    window whose monitor never alerts never touches D-Bus; ``clock``: seconds, for the limiter."""

    def __init__(self, window: QWidget, enabled: bool = True,
                 notifier: Callable[[], DesktopNotifier] | None = None,
                 limiter: NotifyLimiter | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(window)
        self.window = window
        self.enabled = enabled
        self.limiter = limiter or NotifyLimiter()
        self.clock = clock
        self.make_notifier = notifier or (lambda: DesktopNotifier(parent=self))
        self._notifier: DesktopNotifier | None = None
        self._views: list[MonitorView] = []

    @property
    def notifier(self) -> DesktopNotifier | None:
        """The sender, once a notification was due (None: D-Bus was never touched)."""
        return self._notifier

    def watch(self, view: MonitorView) -> None:
        """Follow ``view``'s samples (each one carries the alerts it raised)."""
        if view not in self._views:
            self._views.append(view)
            view.sampled.connect(lambda _sample, view=view: self.check(view.alerts))

    def user_away(self) -> bool:
        w = self.window.window()
        return user_away(visible=w.isVisible(), minimized=w.isMinimized(), active=w.isActiveWindow())

    def check(self, alerts: list[Alert]) -> list[Alert]:
        """Send what the policy lets through now; the alerts sent."""
        if not self.enabled or not alerts or not self.user_away():
            return []
        admitted = self.limiter.admit(alerts, self.clock())
        if not admitted:
            return []
        from rocmdesk.ui.monitor import texts

        if self._notifier is None:
            try:
                self._notifier = self.make_notifier()
            except ImportError as exc:  # a PySide6 without QtDBus (a distribution's split packages)
                log.warning("%s", translate("DesktopNotifications", "rocmdesk: desktop notifications are off: "
                                            "QtDBus is not installed ({error})").format(error=exc))
                self.enabled = False
                return []
        sent = []
        for alert in admitted:
            if self._notifier.notify(summary_text(alert), texts.alert_text(alert), alert.severity == "critical"):
                sent.append(alert)
        return sent

    def forget(self) -> None:
        """Another machine: its alerts start afresh."""
        self.limiter.forget()
