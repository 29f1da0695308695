"""Fixtures for the torch tests: a real venv with the real torch==2.13.0 CPU wheel, and simulated machines.

The venv is built once and kept across test runs under ``${XDG_CACHE_HOME:-~/.cache}/rocmdesk-tests``
(keyed by the Python version; rebuilt when it no longer imports torch).  Its directory name carries a space,
a quote and ``$(...)``, so every real test also checks that such paths survive.  Test modules import the
fixtures by name (no conftest.py, which the profile tests may want for themselves).
"""

from __future__ import annotations

import copy
import fcntl
import os
import shutil
import sys
import time
from pathlib import Path

import pytest

from rocmdesk.machine.detect import detect
from rocmdesk.machine.model import MachineReport
from rocmdesk.machine.simulate import open_simulated
from rocmdesk.torchenv.process import run_streamed
from rocmdesk.torchenv.venv import venv_python
from tests.conftest import require

TORCH_SPEC = "torch==2.13.0"
TORCH_EXPECTED = "2.13.0+cpu"
PY = f"py{sys.version_info.major}{sys.version_info.minor}"
# read once: a test that points XDG_CACHE_HOME elsewhere must not make the venv be rebuilt
CACHE = Path(os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")) / "rocmdesk-tests"
WEIRD_NAME = f"torch venv {PY} 'q' $(touch PWNED)"
BUILD_TIMES = CACHE / f"torch-venv-{PY}.times"


def _torch_version(python: Path) -> str | None:
    code = "import importlib.metadata as m; print(m.version('torch'))"
    res = run_streamed([python, "-I", "-c", code], timeout=60)
    return res.stdout.strip().splitlines()[-1] if res.ok and res.stdout.strip() else None


def build_torch_venv() -> Path:
    from rocmdesk.torchenv.install import plan_install, run_install

    CACHE.mkdir(parents=True, exist_ok=True)
    venv = CACHE / WEIRD_NAME
    with open(CACHE / f"torch-venv-{PY}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # two test runs at once must not build it twice
        if venv_python(venv).exists() and _torch_version(venv_python(venv)) == TORCH_EXPECTED:
            return venv
        shutil.rmtree(venv, ignore_errors=True)
        start = time.monotonic()
        result = run_install(plan_install(venv, [TORCH_SPEC], log_dir=CACHE / "logs"))
        if not result.ok:
            shutil.rmtree(venv, ignore_errors=True)
            require(f"the {TORCH_SPEC} CPU wheel venv", f"it can't be installed on this machine: {result.error}")
        with open(BUILD_TIMES, "a") as fh:
            fh.write(f"build {time.monotonic() - start:.1f} s\n")
    return venv


@pytest.fixture(scope="session")
def torch_venv() -> Path:
    return build_torch_venv()


_REPORTS: dict[str, MachineReport] = {}


@pytest.fixture(scope="session")
def sim_report(tmp_path_factory):
    """``sim_report(name)`` -> the MachineReport of a simulated machine (each detected once per session)."""
    cache = tmp_path_factory.mktemp("sim")

    def get(name: str) -> MachineReport:
        if name not in _REPORTS:
            _REPORTS[name] = detect(open_simulated(name, cache_dir=cache))
        return copy.deepcopy(_REPORTS[name])  # tests may change their copy

    return get


@pytest.fixture(scope="session")
def sim_host(tmp_path_factory):
    cache = tmp_path_factory.mktemp("simhost")
    return lambda name: open_simulated(name, cache_dir=cache)
