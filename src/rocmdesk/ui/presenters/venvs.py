"""The venv the pages offer first (PyTorch installs into it; Sanity and the Doctor look there)."""

from __future__ import annotations

import os


def default_venv() -> str:
    return os.path.join(os.path.expanduser("~"), "venvs", "rocm")
