"""Light or dark, as the desktop says, and the status colours that stay readable in both.

The pages draw status (a verdict pill, a note, red error text) with fixed colours written for a light window:
dark ink on a pale fill.  ``themed`` maps each of those to its counterpart for a dark window (light ink on a
deep fill), so a page writes its colours once and they read in both schemes.  Accents (the stripe at a
card's edge, a progress bar's chunk) are mid-tones and stay as they are.

``follow_system`` makes the application's palette match ``QStyleHints.colorScheme`` (Qt 6.5+): where the
platform theme reports dark but leaves a light palette (or the reverse), the palette is set here, and again
whenever the desktop switches.  ``ROCMDESK_COLOR_SCHEME=dark|light`` overrides the desktop (screenshots,
desktops that report nothing).
"""

from __future__ import annotations

import os
import re

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QColor, QGuiApplication, QPalette

ENV = "ROCMDESK_COLOR_SCHEME"

# light colour -> its counterpart on a dark window.  Fills (pale) become deep tints of the same hue, inks
# (dark) become light ones; every pair keeps a contrast of at least 4.5:1 (WCAG AA) (tests/ui/test_theme.py measures it)
_DARK: dict[str, str] = {
    # fills
    "#d7f0dd": "#1d3b25", "#e6f4e9": "#1e3c26", "#e4efe6": "#22332a",  # green, green (done), green-grey (skipped)
    "#fdf0c4": "#3d3208",  # yellow
    "#fde1cc": "#45260e",  # orange
    "#f8d5d2": "#4a1c18",  # red
    "#e4e4e4": "#3a3a3a", "#e6e6e6": "#3b3b3b", "#eeeeee": "#353535",  # grey
    "#d4e6fb": "#15304d",  # blue
    "#ece3f3": "#2e1d3d",  # purple (the simulated-machine note)
    # inks on those fills, or straight on the window
    "#114d22": "#b4e6bf", "#2b6b3b": "#8fd19e", "#2c4a33": "#bcd9c3",
    "#5c4300": "#f2d98a", "#8a4b00": "#f0b464",
    "#7a3300": "#f7c39c", "#5c2500": "#f6c29b",
    "#7d1a10": "#f6b8b1", "#a12a1d": "#f28b7f",
    "#333333": "#dddddd", "#555555": "#c4c4c4",
    "#0b3a6e": "#b0d2f7",
    "#3a1656": "#dcc7ef",
}
_LIGHT = {dark: light for light, dark in _DARK.items()}  # one to one, so a switch can go back
_HEX = re.compile(r"#[0-9a-fA-F]{6}\b")


def is_dark(palette: QPalette | None = None) -> bool:
    """Whether the window background is dark (the palette in force, not what the desktop claims)."""
    if palette is None:
        palette = QGuiApplication.palette()
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def themed(text: str, palette: QPalette | None = None) -> str:
    """A colour, or a style sheet, with each light-scheme status colour swapped for its dark one when the
    window is dark.  Unknown colours pass through unchanged."""
    table = _DARK if is_dark(palette) else _LIGHT  # _LIGHT: a sheet themed dark before a switch to light
    return _HEX.sub(lambda m: table.get(m.group(0).lower(), m.group(0)), text)


def retheme(widgets) -> int:
    """Swap the status colours in these widgets' style sheets for the scheme now in force (after a switch)."""
    count = 0
    for w in widgets:
        sheet = w.styleSheet()
        if sheet and _HEX.search(sheet):
            new = themed(sheet)
            if new != sheet:
                w.setStyleSheet(new)
                count += 1
    return count


def dark_palette() -> QPalette:
    """A dark palette for the Fusion style (greys with a blue highlight; links light enough to read)."""
    p = QPalette()
    roles = QPalette.ColorRole
    colours = {
        roles.Window: "#2d2d2d", roles.WindowText: "#e6e6e6", roles.Base: "#1e1e1e",
        roles.AlternateBase: "#262626", roles.ToolTipBase: "#3a3a3a", roles.ToolTipText: "#f0f0f0",
        roles.PlaceholderText: "#8c8c8c", roles.Text: "#e6e6e6", roles.Button: "#3a3a3a",
        roles.ButtonText: "#e6e6e6", roles.BrightText: "#ff6b6b", roles.Light: "#505050",
        roles.Midlight: "#434343", roles.Mid: "#5a5a5a", roles.Dark: "#1a1a1a", roles.Shadow: "#0d0d0d",
        roles.Highlight: "#3d7fc4", roles.HighlightedText: "#ffffff", roles.Link: "#7db8f0",
        roles.LinkVisited: "#c39be8",
    }
    for role, colour in colours.items():
        p.setColor(role, QColor(colour))
    for role, colour in ((roles.WindowText, "#7f7f7f"), (roles.Text, "#7f7f7f"), (roles.ButtonText, "#7f7f7f"),
                         (roles.Button, "#333333"), (roles.Base, "#252525")):
        p.setColor(QPalette.ColorGroup.Disabled, role, QColor(colour))
    return p


class _Follower(QObject):
    """Holds the palette the style gave before rocmdesk changed it, and re-applies on each switch."""

    changed = Signal(bool)  # dark?

    def __init__(self, app: QGuiApplication) -> None:
        super().__init__(app)
        self.app = app
        self.original = QPalette(app.palette())
        self.ours = False

    def apply(self) -> None:
        wanted = wanted_scheme(self.app)
        current_dark = is_dark(self.app.palette())
        if wanted == "dark" and not current_dark:
            self.app.setPalette(dark_palette())
            self.ours = True
        elif wanted == "light" and current_dark:
            light = self.original if not is_dark(self.original) else self.app.style().standardPalette()
            if is_dark(light):  # a style whose own palette is dark: Fusion's light one
                from PySide6.QtWidgets import QStyleFactory

                fusion = QStyleFactory.create("Fusion")
                light = fusion.standardPalette() if fusion else light
            self.app.setPalette(light)
            self.ours = False
        else:
            return
        from PySide6.QtWidgets import QApplication

        if isinstance(self.app, QApplication):
            retheme(self.app.allWidgets())  # widgets made before the switch
        self.changed.emit(is_dark(self.app.palette()))


def wanted_scheme(app: QGuiApplication) -> str | None:
    """dark, light, or None (the desktop says nothing: keep the style's palette)."""
    override = os.environ.get(ENV, "").strip().lower()
    if override in ("dark", "light"):
        return override
    scheme = app.styleHints().colorScheme()
    if scheme == Qt.ColorScheme.Dark:
        return "dark"
    if scheme == Qt.ColorScheme.Light:
        return "light"
    return None


def follow_system(app: QGuiApplication) -> _Follower:
    """Match the palette to the desktop's colour scheme now and whenever it changes."""
    # kept on the application object: findChild with a Python class costs ~17 ms the first time (PySide sets up
    # its type lookup), a tenth of the window's start
    existing = getattr(app, "_rocmdesk_follower", None)
    if isinstance(existing, _Follower):
        existing.apply()
        return existing
    follower = _Follower(app)
    app._rocmdesk_follower = follower  # type: ignore[attr-defined]
    follower.apply()
    app.styleHints().colorSchemeChanged.connect(lambda _scheme: follower.apply())
    return follower
