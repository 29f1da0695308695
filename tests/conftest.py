"""Shared test helpers: where ../shared is, and a skip when it is absent; the fixtures that make rocmdesk speak Chinese."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from rocmdesk import i18n

# rocmdesk speaks the locale's language (rocmdesk.i18n) and the tests read English, whatever the developer's
# locale is; the translation tests set LANG and LANGUAGE themselves
os.environ["LANGUAGE"] = "en"

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("ROCMDESK_SHARED", REPO.parent / "shared"))
REALDATA = SHARED / "realdata"


@pytest.fixture
def realdata() -> Path:
    if not REALDATA.is_dir():
        pytest.skip("../shared/realdata is absent")
    return REALDATA


@pytest.fixture
def zh():
    """rocmdesk speaks Chinese in this process (``i18n.set_language``); it follows the environment again after."""
    i18n.set_language("zh_CN")
    yield
    i18n.set_language(None)


@pytest.fixture
def zh_locale(monkeypatch):
    """The environment of a Chinese desktop: LANG=zh_CN.UTF-8 and no LANGUAGE, LC_ALL or LC_MESSAGES over it."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    i18n.set_language(None)
    yield
    i18n.set_language(None)
