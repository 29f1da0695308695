"""Files the app ships beside its code: the application id, its hicolor icons and its translation catalogues.

This directory is the top-level ``resources/`` of the source tree; setup.py builds it into the package as
``rocmdesk.resources`` (wheel, sdist and .deb carry it there), so code finds these files beside this module.

The icons are laid out as a hicolor theme tree (``icons/hicolor/<size>/apps/<APP_ID>.<ext>``) so the .deb
copies the tree as is to ``/usr/share/icons/hicolor``; a pip install finds them here, as package data.
"""

from __future__ import annotations

from pathlib import Path

# one id for the .desktop file, the AppStream metainfo, the icon name and Qt's desktop file name
APP_ID = "io.github.rocmdesk.Rocmdesk"
ICON_SIZES: tuple[int, ...] = (16, 24, 32, 48, 64, 128, 256)
ICONS = Path(__file__).resolve().parent / "icons" / "hicolor"
TRANSLATIONS = Path(__file__).resolve().parent / "translations"  # rocmdesk_<lang>.ts, .qm and .json


def icon_file(size: int | None = None) -> Path:
    """The SVG (``size`` None) or the PNG of one of ``ICON_SIZES``; the path may be missing (a pip
    install without package data), so callers check ``is_file()``."""
    if size is None:
        return ICONS / "scalable" / "apps" / f"{APP_ID}.svg"
    if size not in ICON_SIZES:
        raise ValueError(f"no {size}x{size} icon; sizes: {ICON_SIZES}")
    return ICONS / f"{size}x{size}" / "apps" / f"{APP_ID}.png"


def icon_files() -> list[Path]:
    """Every icon that is there, SVG first then the PNGs small to large (for a window icon)."""
    return [p for p in [icon_file(), *(icon_file(s) for s in ICON_SIZES)] if p.is_file()]
