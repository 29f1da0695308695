"""docs/security.md stays true: the test files and modules it names exist, and the README links it."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DOC = REPO / "docs" / "security.md"


def _text() -> str:
    return DOC.read_text(encoding="utf-8")


def test_every_test_file_it_names_exists() -> None:
    named = set(re.findall(r"`(tests/[^`\s]+\.py)`", _text()))
    assert len(named) >= 15
    missing = [n for n in sorted(named) if not list(REPO.glob(n))]
    assert missing == [], "docs/security.md names test files that are not there"


def test_every_module_it_names_exists() -> None:
    layers = "setup|formats|doctor|machine|telemetry|torchenv"
    named = set(re.findall(rf"`((?:{layers})\.[a-z_]+)(?:\.[a-z_]+)?`", _text()))  # `setup.steps.validate` too
    assert {"setup.steps", "setup.helper_allow", "setup.helper_execute", "formats.limits"} <= named
    missing = [n for n in sorted(named) if importlib.util.find_spec(f"rocmdesk.{n}") is None]
    assert missing == []


def test_the_readme_links_it() -> None:
    assert "(docs/security.md)" in (REPO / "README.md").read_text(encoding="utf-8")
