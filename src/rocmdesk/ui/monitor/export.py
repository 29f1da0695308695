"""The Monitor's exports: the plots as a PNG under a line naming the machine and the time, written as the user's
other files are (their umask, not 0600)."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
from PySide6.QtGui import QColor, QFontMetrics, QPainter, QPixmap


def shared_mode() -> int:
    """A file the user exports follows their umask (0644 under the usual one); write_atomic alone makes 0600."""
    from rocmdesk.atomic_file import shared_mode as umask_mode  # reads the umask without changing it

    return umask_mode()


def with_caption(plots: QPixmap, caption: str, fm: QFontMetrics, background: QColor, foreground: QColor) -> QPixmap:
    """``plots`` under a band holding ``caption`` (elided in the middle when it is wider than the picture)."""
    band = fm.lineSpacing() + 12
    out = QPixmap(plots.width(), plots.height() + band)
    out.setDevicePixelRatio(plots.devicePixelRatio())
    out.fill(background)
    painter = QPainter(out)
    painter.setPen(foreground)
    width = round(plots.width() / plots.devicePixelRatio()) - 16
    painter.drawText(8, 6 + fm.ascent(), fm.elidedText(caption, Qt.TextElideMode.ElideMiddle, width))
    painter.drawPixmap(0, band, plots)
    painter.end()
    return out


def save_png(pixmap: QPixmap, path: str | os.PathLike) -> None:
    from rocmdesk.atomic_file import write_atomic

    data = QByteArray()
    buf = QBuffer(data)
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    if not pixmap.save(buf, "PNG"):
        raise OSError(f"could not render {os.fspath(path)!r}")
    buf.close()
    write_atomic(Path(path), bytes(data.data()), mode=shared_mode())
