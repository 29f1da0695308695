"""Skip a packaging test that needs a system tool or root, except where CI says it must run.

CI (.ci/run) is root on a throw-away machine with scripts/bootstrap.sh's root-only packages installed and sets
``ROCMDESK_E2E_REQUIRED=1``: there a missing tool is a failure, not a skip.  On a developer's machine without
the tools these tests skip, saying what to install.
"""

from __future__ import annotations

import os
import shutil

import pytest


def unavailable(reason: str) -> None:
    if os.environ.get("ROCMDESK_E2E_REQUIRED") == "1":
        pytest.fail(f"packaging test required but unavailable: {reason}")
    pytest.skip(reason)


def need_tool(name: str, package: str) -> str:
    path = shutil.which(name)
    if path is None:
        unavailable(f"{name} is not installed (apt-get install {package})")
    return path  # type: ignore[return-value]
