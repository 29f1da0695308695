"""Shared test helpers: where ../shared is; ``require``, the one way a test says a real component it needs is
missing (a skip here, a failure in CI); the fixtures that make rocmdesk speak Chinese."""

from __future__ import annotations

import importlib
import os
import shutil
from pathlib import Path
from types import ModuleType
from typing import NoReturn

import pytest

from rocmdesk import i18n

# rocmdesk speaks the locale's language (rocmdesk.i18n) and the tests read English, whatever the developer's
# locale is; the translation tests set LANG and LANGUAGE themselves
os.environ["LANGUAGE"] = "en"

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("ROCMDESK_SHARED", REPO.parent / "shared"))
REALDATA = SHARED / "realdata"


# CI (.ci/run) sets this: every proof that needs a real component must run there, so a missing one fails
REQUIRED_VARIABLE = "ROCMDESK_E2E_REQUIRED"


def proofs_required() -> bool:
    """Whether a missing component fails the test (CI) instead of skipping it (a developer's machine)."""
    return os.environ.get(REQUIRED_VARIABLE) == "1"


def require(component: str, reason: str) -> NoReturn:
    """The real ``component`` this test needs (a tool, a package, ../shared, root's rig) is missing because of
    ``reason``: skip on a developer's machine, FAIL where CI sets ROCMDESK_E2E_REQUIRED=1, so that a missing
    proof never turns into a green run.  Skips that are by design (a root-only check when not root, a snapshot
    without a device id) stay plain ``pytest.skip``; tests/test_skips.py keeps the list of those."""
    if proofs_required():
        pytest.fail(f"{component} is required here ({REQUIRED_VARIABLE}=1) but unavailable: {reason}",
                    pytrace=False)
    pytest.skip(f"{component}: {reason}", allow_module_level=True)


def need_program(name: str, package: str, component: str | None = None) -> str:
    """The path of the program ``name`` (Debian package ``package``), or ``require`` says it is missing."""
    path = shutil.which(name)
    if path is None:
        require(component or name, f"{name} is not installed (apt-get install {package})")
    return path


def need_module(name: str, install: str) -> ModuleType:
    """``importorskip`` through ``require``: the module ``name``, installed by ``install`` (a pip or apt line)."""
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        require(name, f"cannot import it ({exc}); {install}")


EMPTY_PARAMETER_SET = "got empty parameter set"  # the reason pytest gives a test whose parameter list is empty


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item):
    """In CI a test parametrized over an empty list (the samples of a missing ../shared folder) fails: pytest
    would skip it before any fixture or ``require`` could say so."""
    if proofs_required():
        for mark in item.iter_markers("skip"):
            reason = str(mark.kwargs.get("reason") or (mark.args[0] if mark.args else ""))
            if reason.startswith(EMPTY_PARAMETER_SET):
                pytest.fail(f"nothing to test ({REQUIRED_VARIABLE}=1): {reason}", pytrace=False)
    return (yield)


@pytest.fixture
def realdata() -> Path:
    if not REALDATA.is_dir():
        require("../shared/realdata", f"not found at {REALDATA} (CI has ../shared beside the project)")
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
