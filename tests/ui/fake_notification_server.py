"""A small org.freedesktop.Notifications server for the tests: owns the name on the bus it is given and writes
each Notify call it gets as one JSON line to a file (its arguments, the hints as a dict).

    python fake_notification_server.py RECORD_FILE

The bus is DBUS_SESSION_BUS_ADDRESS (the test's own dbus-daemon).  It prints "ready" once it owns the name.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Slot
from PySide6.QtDBus import QDBusConnection

class Server(QObject):
    """Notify as a slot: QtDBus calls it only for a message whose signature is exactly the spec's
    ``susssasa{sv}i`` (as Plasma's server, also QtDBus, does); any other gets "no such method"."""

    def __init__(self, record: str) -> None:
        super().__init__()
        self.record = record
        self.last_id = 0

    def _write(self, entry: dict[str, Any]) -> None:
        with open(self.record, "a", encoding="utf-8") as fh:
            fh.write(json.dumps(entry, ensure_ascii=False) + "\n")

    @Slot(str, "uint", str, str, str, "QStringList", "QVariantMap", int, result="uint")
    def Notify(self, app_name: str, replaces_id: int, app_icon: str, summary: str, body: str,  # noqa: N802
               actions: list[str], hints: dict[str, Any], expire_timeout: int) -> int:
        self.last_id += 1
        self._write({"member": "Notify", "app_name": app_name, "replaces_id": replaces_id, "app_icon": app_icon,
                     "summary": summary, "body": body, "actions": list(actions),
                     "hints": {str(k): v for k, v in hints.items()}, "expire_timeout": expire_timeout,
                     "id": self.last_id})
        return self.last_id

    @Slot(result="QStringList")
    def GetCapabilities(self) -> list[str]:  # noqa: N802
        return ["body"]


def main() -> int:
    app = QCoreApplication(sys.argv[:1])
    bus = QDBusConnection.sessionBus()
    server = Server(sys.argv[1])
    if not (bus.registerObject("/org/freedesktop/Notifications", "org.freedesktop.Notifications", server,
                               QDBusConnection.RegisterOption.ExportAllSlots)
            and bus.registerService("org.freedesktop.Notifications")):
        print("could not own org.freedesktop.Notifications", flush=True)
        return 1
    print("ready", flush=True)
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
