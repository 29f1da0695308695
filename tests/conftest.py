"""Shared test helpers: where ../shared is, and a skip when it is absent."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

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
