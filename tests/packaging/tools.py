"""Skip a packaging test that needs a system tool or root, except where CI says it must run.

CI (.ci/run) is root on a throw-away machine with scripts/bootstrap.sh's root-only packages installed and sets
``ROCMDESK_E2E_REQUIRED=1``: there a missing tool is a failure, not a skip.  On a developer's machine without
the tools these tests skip, saying what to install.
"""

from __future__ import annotations

from typing import NoReturn

from tests.conftest import need_program, require


def unavailable(reason: str) -> NoReturn:
    require("a packaging tool", reason)


def need_tool(name: str, package: str) -> str:
    return need_program(name, package)
