"""What the quick commands import (issue 19): scripts run ``detect``, ``inspect``, ``plan`` and ``monitor --once``
often, so they load neither Qt nor numpy, and ``detect`` none of dataclasses (with inspect, ast, dis), packaging or
platformdirs, which cost more to import than detection costs to run.  Each command runs in a fresh interpreter and
the modules loaded by its end are read from ``sys.modules``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import need_module

ROOT = Path(__file__).resolve().parent.parent
MACHINE = "rx6600xt-ubuntu2204"
PASTE = ROOT / "tests" / "data" / "realworld" / "rocminfo" / "ollama-10883-rx7600xt-agent2-fragment.txt"

# runs the command in-process, its output thrown away, then prints the top-level names of every module loaded
_PROBE = """
import contextlib, io, json, sys
from rocmdesk.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    code = main(sys.argv[1:])
sys.stderr.write("\\nMODULES " + json.dumps([code, sorted(sys.modules)]) + "\\n")
"""

COMMANDS = {
    "detect": ["detect", "--json", "--simulate", MACHINE],
    "detect-text": ["detect", "--simulate", MACHINE],
    "inspect": ["inspect", str(PASTE)],
    "plan": ["plan", "--simulate", MACHINE],
    "monitor": ["monitor", "--once", "--simulate", MACHINE],
    "monitor-json": ["monitor", "--once", "--json", "--simulate", MACHINE],
}
HEAVY = ("PySide6", "shiboken6", "numpy", "pyqtgraph")
DETECT_FREE = ("dataclasses", "packaging", "platformdirs", "inspect", "typing", "shutil")


def _loaded(argv: list[str]) -> tuple[int, set[str]]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    res = subprocess.run([sys.executable, "-c", _PROBE, *argv], capture_output=True, text=True, env=env,
                         cwd=ROOT, timeout=120, check=False)
    line = next((ln for ln in res.stderr.splitlines() if ln.startswith("MODULES ")), None)
    assert line is not None, res.stderr[-2000:]
    code, modules = json.loads(line[len("MODULES "):])
    return code, set(modules)


def _top(modules: set[str], names: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules if m.split(".")[0] in names)


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_quick_commands_load_no_qt_and_no_numpy(name):
    code, modules = _loaded(COMMANDS[name])
    assert code == 0
    assert not _top(modules, HEAVY), f"rocmdesk {' '.join(COMMANDS[name])} loads {_top(modules, HEAVY)}"


@pytest.mark.parametrize("name", ["detect", "detect-text"])
def test_detect_loads_none_of_the_slow_helpers(name):
    code, modules = _loaded(COMMANDS[name])
    assert code == 0
    assert not _top(modules, DETECT_FREE), f"detect loads {_top(modules, DETECT_FREE)}"
    assert "rocmdesk.cli.detect" in modules and not [m for m in modules if m.startswith("rocmdesk.cli.")
                                                      and m not in ("rocmdesk.cli.detect", "rocmdesk.cli.common",
                                                                    "rocmdesk.cli.argparse_i18n")]


@pytest.mark.parametrize("env", [
    {}, {"XDG_CACHE_HOME": "/tmp/xdg-cache"}, {"XDG_CACHE_HOME": ""}, {"XDG_CACHE_HOME": "relative/path"},
    {"XDG_CACHE_HOME": "/tmp/with-slash/"}, {"HOME": "/home/someone"},
])
def test_the_simulated_cache_is_where_platformdirs_puts_it(env, monkeypatch):
    platformdirs = need_module("platformdirs", "pip install platformdirs")
    from rocmdesk.machine.simcache import default_cache_dir

    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    assert default_cache_dir() == Path(platformdirs.user_cache_dir("rocmdesk")) / "simulated"


def test_monitor_of_this_computer_reads_the_host_through_the_seam():
    # its CPU and memory come from /proc through the Host, as a capture records them: no psutil (a fifth of the run)
    for argv in (["monitor", "--once", "--json"], ["monitor", "--once", "--json", "--root", "/"]):
        _code, modules = _loaded(argv)
        assert "rocmdesk.telemetry.hostmetrics" in modules and "psutil" not in modules, argv


def test_monitor_on_sysfs_loads_no_format_reader():
    # the rocm-smi and amd-smi samplers (and the format readers they need) load only where sysfs has nothing
    code, modules = _loaded(COMMANDS["monitor-json"])
    assert code == 0 and "rocmdesk.telemetry.sampler" in modules
    assert "rocmdesk.telemetry.smi_sampler" not in modules and "rocmdesk.formats" not in modules
