"""House rule: nothing outside ui/ imports Qt, so the CLI starts fast and logic runs without a screen."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import rocmdesk


def _modules() -> list[str]:
    names = []
    for info in pkgutil.walk_packages(rocmdesk.__path__, "rocmdesk."):
        if info.name.startswith("rocmdesk.ui") or info.name == "rocmdesk.__main__":
            continue
        names.append(info.name)
    return names


def test_there_are_modules_to_check():
    mods = _modules()
    assert "rocmdesk.cli" in mods and "rocmdesk.machine.detect" in mods


def test_no_non_ui_module_loads_qt():
    # one fresh interpreter per module: an import made by one module must not hide another's
    code = (
        "import importlib, sys\n"
        "bad = []\n"
        "for name in sys.argv[1:]:\n"
        "    before = set(sys.modules)\n"
        "    importlib.import_module(name)\n"
        "    if any(m.split('.')[0] in ('PySide6', 'shiboken6', 'pyqtgraph') for m in sys.modules):\n"
        "        bad.append(name)\n"
        "        break\n"
        "print(','.join(bad))\n"
    )
    offenders = []
    for name in _modules():
        out = subprocess.run([sys.executable, "-c", code, name], capture_output=True, text=True, check=True)
        if out.stdout.strip():
            offenders.append(out.stdout.strip())
    assert offenders == []
