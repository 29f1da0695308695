#!/usr/bin/env python3
"""Render rocmdesk's hicolor PNG icons from its SVG with Qt's own SVG renderer.

    python scripts/render_icons.py          # writes resources/icons/hicolor/NxN/apps/<id>.png

Run it after changing the SVG and commit the PNGs: the .deb, pip installs and the window icon use them,
and nothing renders them at install time.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))

from rocmdesk.resources import APP_ID, ICON_SIZES, ICONS, icon_file  # noqa: E402


def render(sizes: tuple[int, ...] = ICON_SIZES) -> list[Path]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication.instance() or QGuiApplication([])  # noqa: F841 (QPainter wants one)
    renderer = QSvgRenderer(str(icon_file()))
    if not renderer.isValid():
        raise SystemExit(f"not a valid SVG: {icon_file()}")
    written = []
    for size in sizes:
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        renderer.render(painter)
        painter.end()
        out = ICONS / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        out.parent.mkdir(parents=True, exist_ok=True)
        if not image.convertToFormat(QImage.Format.Format_ARGB32).save(str(out), "PNG"):
            raise SystemExit(f"could not write {out}")
        written.append(out)
    return written


if __name__ == "__main__":
    for path in render():
        print(path.relative_to(REPO))
