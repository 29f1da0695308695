"""The .deb's private folder for the window (/usr/lib/rocmdesk/vendor): the root helper never names it, the
launcher puts it last on sys.path and never for root, the wheels are pinned by hash, and packaging/vendor.py
keeps what the window loads.  The installed behaviour is checked in tests/e2e/test_deb_chroot.py."""

from __future__ import annotations

import importlib.util
import re
import runpy
import sys
import types
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
HELPER = REPO / "packaging" / "rocmdesk-helper"
LAUNCHER = REPO / "packaging" / "rocmdesk-launcher"
REQUIREMENTS = REPO / "packaging" / "vendor-requirements.txt"
VENDOR = "/usr/lib/rocmdesk/vendor"


def test_the_root_helper_runs_isolated_and_never_names_the_private_folder() -> None:
    text = HELPER.read_text()
    assert text.splitlines()[0] == "#!/usr/bin/python3 -I"
    assert "vendor" not in text.lower()
    # the one folder it adds is the root-owned copy of rocmdesk, nothing else
    assert re.findall(r"sys\.path\.\w+\(([^)]*)\)", text) == ['0, "/usr/lib/rocmdesk/python"']


def _launch(monkeypatch: pytest.MonkeyPatch, euid: int) -> list[str]:
    seen: list[list[str]] = []
    cli = types.ModuleType("rocmdesk.cli")
    cli.main = lambda: seen.append(list(sys.path)) or 0  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "rocmdesk.cli", cli)
    monkeypatch.setattr("os.geteuid", lambda: euid)
    monkeypatch.setattr("os.path.isdir", lambda p: p == VENDOR)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p != VENDOR])
    with pytest.raises(SystemExit) as exit_:
        runpy.run_path(str(LAUNCHER), run_name="__main__")
    assert exit_.value.code == 0
    return seen[0]


def test_the_launcher_adds_the_private_folder_last_and_only_for_a_user(monkeypatch: pytest.MonkeyPatch) -> None:
    path = _launch(monkeypatch, 1000)
    assert path[-1] == VENDOR and path.count(VENDOR) == 1  # the release's own PySide6 is found first
    assert VENDOR not in _launch(monkeypatch, 0)


def test_the_wheels_are_pinned_by_hash_and_pyside6_is_not_6_12_0() -> None:
    lines = " ".join(REQUIREMENTS.read_text().replace("\\\n", " ").splitlines())
    pins = dict(re.findall(r"(?:^|\s)([A-Za-z0-9_-]+)==(\S+)\s+--hash=sha256:[0-9a-f]{64}", lines))
    assert set(pins) == {"PySide6-Essentials", "shiboken6", "pyqtgraph"}
    assert pins["PySide6-Essentials"] == pins["shiboken6"]
    assert pins["PySide6-Essentials"].startswith("6.11.")  # 6.12.0 crashes on Python < 3.12 (Debian 12, 22.04)


def _vendor_module():
    spec = importlib.util.spec_from_file_location("rocmdesk_vendor", REPO / "packaging" / "vendor.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


@pytest.mark.parametrize(("path", "kept"), [
    ("PySide6/__init__.py", True),
    ("PySide6/QtWidgets.abi3.so", True),
    ("PySide6/QtDBus.abi3.so", True),
    ("PySide6/QtQml.abi3.so", False),
    ("PySide6/QtWidgets.pyi", False),
    ("PySide6/designer", False),
    ("PySide6/libpyside6.abi3.so.6.11", True),
    ("PySide6/libpyside6qml.abi3.so.6.11", False),
    ("PySide6/Qt/lib/libQt6Widgets.so.6", True),
    ("PySide6/Qt/lib/libQt6Quick.so.6", False),
    ("PySide6/Qt/plugins/platforms/libqxcb.so", True),
    ("PySide6/Qt/plugins/platforms/libqwayland.so", True),
    ("PySide6/Qt/plugins/platforms/libqeglfs.so", False),
    ("PySide6/Qt/plugins/platformthemes/libqgtk3.so", False),
    ("PySide6/Qt/plugins/imageformats/libqsvg.so", True),
    ("PySide6/Qt/plugins/imageformats/libqjpeg.so", False),
    ("PySide6/Qt/translations/qtbase_zh_CN.qm", True),
    ("PySide6/Qt/translations/qtdeclarative_zh_CN.qm", False),
    ("shiboken6/Shiboken.abi3.so", True),
    ("shiboken6/include/sbkversion.h", False),
    ("pyside6_essentials-6.11.3.dist-info/RECORD", False),
])
def test_vendor_keeps_what_the_window_loads(path: str, kept: bool) -> None:
    top = Path("/x")
    assert _vendor_module().keep_pyside(top / path, top) is kept
