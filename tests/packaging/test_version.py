"""One version everywhere: the package, its metadata, `rocmdesk --version`, debian/changelog, the metainfo."""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from importlib import metadata
from pathlib import Path

import pytest

import rocmdesk
from rocmdesk.cli import main
from rocmdesk.resources import APP_ID
from tests.conftest import require

REPO = Path(__file__).resolve().parents[2]


def _pyproject_version() -> str:
    text = (REPO / "pyproject.toml").read_text()
    return re.search(r'(?m)^version\s*=\s*"([^"]+)"', text).group(1)


def test_package_version_is_the_projects() -> None:
    assert rocmdesk.__version__ == _pyproject_version()


def test_installed_metadata_agrees() -> None:
    try:
        installed = metadata.version("rocmdesk")
    except metadata.PackageNotFoundError:
        require("rocmdesk's installed metadata", "rocmdesk is not installed (pip install -e .; test.sh does)")
    assert installed == rocmdesk.__version__


def test_version_option_prints_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == f"rocmdesk {rocmdesk.__version__}"


def test_version_option_in_a_fresh_interpreter_without_qt() -> None:
    code = "import sys; from rocmdesk.cli import main; rc = main(['--version']); " \
           "assert not [m for m in sys.modules if m.startswith('PySide6')]; sys.exit(rc)"
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stderr
    assert res.stdout.splitlines()[0] == f"rocmdesk {rocmdesk.__version__}"


def test_debian_changelog_and_metainfo_name_this_version() -> None:
    first = (REPO / "debian" / "changelog").read_text().splitlines()[0]
    m = re.match(r"^rocmdesk \(([^)]+)\) ", first)
    assert m, first
    upstream = m.group(1).split(":")[-1].rsplit("-", 1)[0] if "-" in m.group(1) else m.group(1)
    assert upstream == rocmdesk.__version__
    meta = ET.parse(REPO / "packaging" / "linux" / f"{APP_ID}.metainfo.xml").getroot()
    assert next(meta.iter("release")).get("version") == rocmdesk.__version__
