"""rocmdesk's XDG folders are where platformdirs puts them, without importing it on Linux (issue 19)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rocmdesk import xdg
from tests.conftest import need_module

VARIABLES = {"config": "XDG_CONFIG_HOME", "cache": "XDG_CACHE_HOME", "state": "XDG_STATE_HOME"}


@pytest.mark.parametrize("kind", sorted(VARIABLES))
@pytest.mark.parametrize("env", [
    {}, {"XDG": "/tmp/xdg base"}, {"XDG": ""}, {"XDG": "   "}, {"XDG": "relative/path"}, {"XDG": "/tmp/with-slash/"},
    {"XDG": "/tmp/$(touch pwned)"}, {"HOME": "/home/some one"}, {"HOME": "/home/x", "XDG": "~/not-expanded"},
    {"HOME": "relative-home"}, {"HOME": ""},
])
def test_each_folder_is_where_platformdirs_puts_it(kind, env, monkeypatch):
    platformdirs = need_module("platformdirs", "pip install platformdirs")
    variable = VARIABLES[kind]
    for name in VARIABLES.values():
        monkeypatch.delenv(name, raising=False)
    for key, value in env.items():
        monkeypatch.setenv(variable if key == "XDG" else key, value)
    expected = Path(getattr(platformdirs, f"user_{kind}_dir")("rocmdesk", appauthor=False))
    assert xdg.user_dir(kind) == expected
    assert getattr(xdg, f"{kind}_dir")() == expected


def test_the_folders_follow_the_environment_on_each_call(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "a"))
    assert xdg.state_dir() == tmp_path / "a" / "rocmdesk"
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "b"))
    assert xdg.state_dir() == tmp_path / "b" / "rocmdesk"


CODE = r"""
import json, sys
from rocmdesk import settings
from rocmdesk.machine.simcache import default_cache_dir
from rocmdesk.setup.control import state_path
paths = [str(settings.settings_file()), str(default_cache_dir()), str(state_path())]
print(json.dumps({"paths": paths, "platformdirs": "platformdirs" in sys.modules}))
"""


def test_the_settings_cache_and_state_paths_need_no_platformdirs(tmp_path):
    env = {"HOME": str(tmp_path), "PATH": "/usr/bin:/bin", "XDG_CONFIG_HOME": str(tmp_path / "c c")}
    out = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, timeout=60, env=env)
    assert out.returncode == 0, out.stderr[-2000:]
    seen = json.loads(out.stdout)
    assert seen["platformdirs"] is False
    assert seen["paths"][0] == str(tmp_path / "c c" / "rocmdesk" / "settings.json")
    assert seen["paths"][1] == str(tmp_path / ".cache" / "rocmdesk" / "simulated")
    assert seen["paths"][2].startswith(str(tmp_path / ".local" / "state" / "rocmdesk") + "/")
