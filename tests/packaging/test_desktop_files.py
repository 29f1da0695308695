"""Desktop integration: the .desktop entry, the AppStream metainfo and the hicolor icons agree with each other
and pass the freedesktop validators (skipped where desktop-file-utils / appstream are not installed, except in CI)."""

from __future__ import annotations

import configparser
import os
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from rocmdesk import __version__
from rocmdesk.resources import APP_ID, ICON_SIZES, ICONS, icon_file, icon_files
from tests.conftest import need_module
from tests.packaging.tools import need_tool

REPO = Path(__file__).resolve().parents[2]
DESKTOP = REPO / "packaging" / "linux" / f"{APP_ID}.desktop"
METAINFO = REPO / "packaging" / "linux" / f"{APP_ID}.metainfo.xml"
SCREENSHOT_URL = "https://raw.githubusercontent.com/rocmdesk/rocmdesk/main/"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def _tool(name: str, package: str) -> str:
    return need_tool(name, package)  # skips on a developer's machine without it, fails in CI


def _desktop_entry() -> configparser.SectionProxy:
    cp = configparser.ConfigParser(interpolation=None, strict=True)
    cp.optionxform = str  # keys are case-sensitive
    cp.read_string(DESKTOP.read_text(encoding="utf-8"))
    return cp["Desktop Entry"]


def _png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == PNG_MAGIC and head[12:16] == b"IHDR", f"{path} is not a PNG"
    return struct.unpack(">II", head[16:24])


def test_app_id_is_reverse_dns_and_names_every_file() -> None:
    assert APP_ID.count(".") >= 2 and all(part for part in APP_ID.split("."))
    assert DESKTOP.is_file() and METAINFO.is_file()
    assert _desktop_entry()["Icon"] == APP_ID
    root = ET.parse(METAINFO).getroot()
    assert root.findtext("id") == APP_ID
    assert root.find("launchable[@type='desktop-id']").text == DESKTOP.name
    assert root.find("icon[@type='stock']").text == APP_ID
    assert icon_file().name == f"{APP_ID}.svg"


def test_desktop_entry_runs_the_installed_command() -> None:
    entry = _desktop_entry()
    assert entry["Type"] == "Application"
    assert entry["Exec"].split()[0] == "rocmdesk"
    assert entry["Terminal"] == "false"
    root = ET.parse(METAINFO).getroot()
    assert root.find("provides/binary").text == "rocmdesk"


def test_desktop_file_validate() -> None:
    tool = _tool("desktop-file-validate", "desktop-file-utils")
    res = subprocess.run([tool, str(DESKTOP)], capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stdout + res.stderr
    assert "error" not in res.stdout.lower() and "warning" not in res.stdout.lower(), res.stdout


def test_appstreamcli_validate() -> None:
    tool = _tool("appstreamcli", "appstream")
    # --no-net: the screenshot URLs point at the project's repository; the files are checked below instead
    res = subprocess.run([tool, "validate", "--no-net", "--explain", str(METAINFO)], capture_output=True,
                         text=True, timeout=120)
    assert res.returncode == 0, res.stdout + res.stderr


def test_metainfo_has_content_rating_release_and_screenshots_that_exist() -> None:
    root = ET.parse(METAINFO).getroot()
    assert root.get("type") == "desktop-application"
    assert root.find("content_rating").get("type", "").startswith("oars-")
    releases = [r.get("version") for r in root.iter("release")]
    assert releases and releases[0] == __version__, "the newest <release> is not this version"
    images = [img.text.strip() for img in root.iter("image")]
    assert len(images) >= 2
    assert sum(1 for s in root.iter("screenshot") if s.get("type") == "default") == 1
    for url in images:
        assert url.startswith(SCREENSHOT_URL + "docs/screenshots/") and url.endswith(".png"), url
        local = REPO / url[len(SCREENSHOT_URL):]
        assert local.is_file(), f"the metainfo shows {local.relative_to(REPO)}, which is not in the tree"


def test_icons_are_the_sizes_they_claim() -> None:
    assert icon_file().is_file()
    svg = ET.parse(icon_file()).getroot()
    assert svg.tag.endswith("svg") and svg.get("viewBox")
    for size in ICON_SIZES:
        png = icon_file(size)
        assert png.is_file(), f"{png} is missing: run scripts/render_icons.py"
        assert png.parent.parent.name == f"{size}x{size}"
        assert _png_size(png) == (size, size), png
    # nothing else in the tree: every file is an icon of ours at a size we list
    found = sorted(p.relative_to(ICONS).as_posix() for p in ICONS.rglob("*") if p.is_file())
    assert found == sorted(p.relative_to(ICONS).as_posix() for p in icon_files())
    with pytest.raises(ValueError):
        icon_file(17)


def test_pngs_are_rendered_from_the_svg() -> None:
    """The committed 48 px PNG is what scripts/render_icons.py makes of the SVG now (a changed SVG
    without re-rendered PNGs fails here)."""
    need_module("PySide6.QtSvg", "pip install PySide6-Essentials (a dependency of rocmdesk)")
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]);\n"
        "from PySide6.QtGui import QGuiApplication, QImage, QPainter; from PySide6.QtCore import Qt\n"
        "from PySide6.QtSvg import QSvgRenderer\n"
        "from rocmdesk.resources import icon_file\n"
        "app = QGuiApplication([]); img = QImage(48, 48, QImage.Format.Format_ARGB32_Premultiplied)\n"
        "img.fill(Qt.GlobalColor.transparent); p = QPainter(img)\n"
        "p.setRenderHint(QPainter.RenderHint.Antialiasing); QSvgRenderer(str(icon_file())).render(p); p.end()\n"
        "img = img.convertToFormat(QImage.Format.Format_ARGB32); old = QImage(str(icon_file(48)))\n"
        "old = old.convertToFormat(QImage.Format.Format_ARGB32)\n"
        "diff = max(abs(((img.pixel(x, y) >> s) & 255) - ((old.pixel(x, y) >> s) & 255))\n"
        "           for x in range(48) for y in range(48) for s in (0, 8, 16, 24))\n"
        "print(diff)\n"
    )
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    res = subprocess.run([sys.executable, "-c", code, str(REPO / "src")], capture_output=True, text=True,
                         env=env, timeout=120)
    assert res.returncode == 0, res.stderr
    assert int(res.stdout.strip()) <= 8, "the PNGs are stale: run scripts/render_icons.py"


def test_the_app_uses_the_icon_as_its_window_icon() -> None:
    need_module("PySide6.QtWidgets", "pip install PySide6-Essentials (a dependency of rocmdesk)")
    code = ("from rocmdesk.ui.app import create_app\n"
            "app = create_app([])\n"
            "print('null' if app.windowIcon().isNull() else 'icon')\n")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert res.returncode == 0, res.stderr
    assert res.stdout.strip() == "icon"
