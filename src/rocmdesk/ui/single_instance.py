"""One window per user and desktop: a second launch hands its machine to the first and ends.

The first instance listens on a local socket whose name is made from the user, the display and the config
directory (instances that share settings are "the same app"; tests with their own config never meet).  A second
launch connects, sends one JSON line (``{"simulate": ..., "root": ...}``) and exits; the first raises its window
and, when the message names a machine, switches to it.  Nothing in the message runs: it is two optional strings,
checked here, and the session validates the machine as it does for the command line.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtNetwork import QLocalServer, QLocalSocket

MAX_MESSAGE = 8192  # a machine name and a path; anything longer is not from us
CONNECT_MS = 500


def server_name(config_dir: str | os.PathLike[str] | None = None) -> str:
    """The socket's name for this user, display and config directory (short: a socket path is <108 bytes)."""
    if config_dir is None:
        from rocmdesk.xdg import config_dir as user_config_dir

        config_dir = str(user_config_dir())
    display = os.environ.get("WAYLAND_DISPLAY") or os.environ.get("DISPLAY") or ""
    key = f"{os.getuid()}\0{display}\0{Path(config_dir)}".encode("utf-8", "surrogateescape")
    return f"rocmdesk-{os.getuid()}-{hashlib.sha256(key).hexdigest()[:16]}"


def parse_message(raw: bytes) -> dict[str, str | None] | None:
    """The launch request in ``raw``, or None when it is not one (wrong shape, too big, not JSON)."""
    if len(raw) > MAX_MESSAGE:
        return None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None
    if not isinstance(data, dict):
        return None
    out: dict[str, str | None] = {}
    for key in ("simulate", "root"):
        value = data.get(key)
        if value is not None and (not isinstance(value, str) or not value or "\0" in value):
            return None
        out[key] = value
    return out


def hand_over(name: str, simulate: str | None, root: str | None) -> bool:
    """Send this launch to a running instance; False when none answers (then this one is the first)."""
    socket = QLocalSocket()
    socket.connectToServer(name)
    if not socket.waitForConnected(CONNECT_MS):
        return False
    payload = json.dumps({"simulate": simulate, "root": root}).encode() + b"\n"
    if socket.write(payload) != len(payload):
        return False
    socket.flush()  # may write it all at once; then there is nothing left to wait for
    ok = socket.bytesToWrite() == 0 or socket.waitForBytesWritten(CONNECT_MS)
    socket.disconnectFromServer()
    return ok


class InstanceServer(QObject):
    """Listens for later launches; ``launched`` carries each one's request."""

    launched = Signal(object)  # dict: {"simulate": str | None, "root": str | None}

    def __init__(self, name: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.server = QLocalServer(self)
        self.server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)  # this user only
        self.server.newConnection.connect(self._accept)
        if not self.server.listen(name):
            # a socket left by an instance that crashed: nobody answered hand_over, so it is stale
            QLocalServer.removeServer(name)
            self.server.listen(name)

    def listening(self) -> bool:
        return self.server.isListening()

    def _accept(self) -> None:
        # a launch writes its one line right after connecting: read it here, briefly and bounded (a client that
        # says nothing costs at most CONNECT_MS), so no per-connection slot outlives its socket
        while (socket := self.server.nextPendingConnection()) is not None:
            buffer = bytearray()
            deadline = time.monotonic() + CONNECT_MS / 1000
            while b"\n" not in buffer and len(buffer) <= MAX_MESSAGE and time.monotonic() < deadline:
                if socket.bytesAvailable() or socket.waitForReadyRead(CONNECT_MS):
                    buffer.extend(bytes(socket.readAll().data()))
                elif socket.state() != QLocalSocket.LocalSocketState.ConnectedState:
                    break
            socket.abort()
            socket.deleteLater()
            message = parse_message(bytes(buffer).split(b"\n", 1)[0])
            if message is not None:
                self.launched.emit(message)

    def close(self) -> None:
        self.server.close()
