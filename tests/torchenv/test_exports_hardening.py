"""Issue 16, finding 2 (and the .env part of finding 7): a profile file from elsewhere cannot turn an export into
code or into more variables.  Every format refuses a variable name that is not ``[A-Za-z_][A-Za-z0-9_]*``; values
and paths are quoted so that none ends its quoting or starts a line.  Checked with real direnv and python-dotenv.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rocmdesk.torchenv.exports import (
    FORMATS,
    ExportError,
    profile_environ,
    render_envrc,
    render_export,
    write_export,
)
from rocmdesk.torchenv.profiles import Profile
from tests.conftest import need_module, need_program
from tests.torchenv.profilekit import clean_env, make_venv, rocmdesk


def _profile(tmp_path, env, venv_name="venv", make=False) -> Profile:
    proj = tmp_path / "proj"
    proj.mkdir(exist_ok=True)
    venv = proj / venv_name
    if make:
        make_venv(venv)
    return Profile(name="p1", project_dir=str(proj), venv=str(venv), env=dict(env))


def _output(p: Profile, fmt: str) -> Path:
    return Path(p.project_dir) / {"envrc": ".envrc", "dotenv": ".env", "jupyter": "kernel"}[fmt]


def _direnv_exec(project: str, env: dict[str, str], *command: str) -> subprocess.CompletedProcess:
    subprocess.run(["direnv", "allow", project], env=env, check=True, capture_output=True, timeout=30)
    return subprocess.run(["direnv", "exec", project, *command], env=env, capture_output=True, text=True, timeout=30)


# -- names ----------------------------------------------------------------------------------------------------
BAD_NAMES = ["X=1;touch PWNED;Y", "1X", "A B", "A\nB", "A-B", "", "A'B", "$(touch PWNED)"]


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("key", BAD_NAMES)
def test_every_format_refuses_a_variable_name_that_is_not_a_name(tmp_path, fmt, key):
    key = key.replace("PWNED", str(tmp_path / "pwned"))
    p = _profile(tmp_path, {"OK": "1", key: "v"})
    with pytest.raises(ExportError) as exc:
        write_export(p, fmt, _output(p, fmt))
    assert repr(key) in str(exc.value) and "not a variable name" in str(exc.value)
    assert not _output(p, fmt).exists()
    with pytest.raises(ExportError):
        render_export(p, fmt)
    with pytest.raises(ExportError):  # nor does `rocmdesk run` / `shell` start with it
        profile_environ(p, {"PATH": "/usr/bin:/bin"})


def test_a_variable_name_in_an_envrc_never_runs_under_direnv(tmp_path):
    """The finding: `export X=1;touch …;Y='v'` is what direnv ran after `direnv allow`."""
    need_program("direnv", "direnv")
    marker = tmp_path / "pwned"
    p = _profile(tmp_path, {"OK": "1", f"X=1;touch {marker};Y": "v"})
    refused = None
    try:
        write_export(p, "envrc")
    except ExportError as exc:
        refused = exc
    envrc = Path(p.project_dir) / ".envrc"
    if envrc.exists():  # whatever was written, let direnv load it as the user would
        _direnv_exec(p.project_dir, clean_env(tmp_path / "home", DIRENV_LOG_FORMAT=""), "true")
    assert not marker.exists()
    assert refused is not None and f"X=1;touch {marker};Y" in str(refused)
    assert not envrc.exists()


def test_the_cli_export_of_a_profile_file_with_such_a_name_writes_nothing(tmp_path):
    marker = tmp_path / "pwned"
    proj = tmp_path / "proj"
    proj.mkdir()
    store = tmp_path / "cfg" / "rocmdesk" / "profiles"
    store.mkdir(parents=True)
    key = f"X=1;touch {marker};Y"
    (store / "p1.toml").write_text(f"format = 1\nproject_dir = {json.dumps(str(proj))}\n"
                                   f"venv = {json.dumps(str(proj / 'venv'))}\n[env]\n{json.dumps(key)} = \"v\"\n")
    env = clean_env(tmp_path, XDG_CONFIG_HOME=str(tmp_path / "cfg"), PYTHONPATH=os.environ.get("PYTHONPATH", ""))
    for fmt in ("envrc", "dotenv"):
        proc = rocmdesk("profile", "export", "p1", "--format", fmt, env=env)
        assert proc.returncode != 0 and "X=1;touch" in proc.stderr, (proc.stdout, proc.stderr)
    assert not (proj / ".envrc").exists() and not (proj / ".env").exists() and not marker.exists()


def test_a_bad_profile_name_is_refused_too(tmp_path):
    p = _profile(tmp_path, {"OK": "1"})
    object.__setattr__(p, "name", "p1\nEVIL=1")  # past the constructor's check, as a bug elsewhere might
    for fmt in FORMATS:
        with pytest.raises(ExportError, match="profile name"):
            render_export(p, fmt)


# -- values and paths --------------------------------------------------------------------------------------------
HOSTILE = {
    "CR": "x\rINJECTED_CR=1",
    "LF": "y\nINJECTED_LF=2\n",
    "CRLF": "z\r\nINJECTED_CRLF=3",
    "QUOTES": "'\nINJECTED_Q=4\n'\"\r\"",
    "BACKSLASH_NL": "\\\nINJECTED_BS=5",
    "SEPARATORS": "a\x85b\u2028c\u2029d\x0be\x0cf\x1cg",
    "CODE": "$(touch PWNED) `touch PWNED` ${HOME}; touch PWNED",
    "TRAILING": "tail \\",
}


def _hostile(tmp_path) -> dict[str, str]:
    return {k: v.replace("PWNED", str(tmp_path / "pwned")) for k, v in HOSTILE.items()}


@pytest.mark.parametrize("venv_name", ["v\rINJECTED_PATH=1", "v\nINJECTED_PATH=1", "v\u2028INJECTED_PATH=1",
                                       "v\x85INJECTED_PATH=1", "v\r\nINJECTED_PATH=1"])
def test_a_line_break_in_the_venv_path_adds_no_variable_to_the_env_file(tmp_path, venv_name):
    dotenv = need_module("dotenv", "pip install python-dotenv (the test extra)")
    p = _profile(tmp_path, {"HSA_OVERRIDE_GFX_VERSION": "10.3.0"}, venv_name=venv_name)
    result = write_export(p, "dotenv")
    got = dotenv.dotenv_values(result.path, interpolate=False)
    assert got == {"ROCMDESK_PROFILE": "p1", "HSA_OVERRIDE_GFX_VERSION": "10.3.0"}
    assert len(result.text.splitlines()) == 3  # the comment, ROCMDESK_PROFILE, the variable


def test_dotenv_values_with_line_breaks_come_back_exactly_and_add_nothing(tmp_path):
    dotenv = need_module("dotenv", "pip install python-dotenv (the test extra)")
    env = {k: v for k, v in _hostile(tmp_path).items() if "${" not in v}  # python-dotenv expands ${...}
    p = _profile(tmp_path, env)
    result = write_export(p, "dotenv")
    assert dotenv.dotenv_values(result.path, interpolate=False) == {"ROCMDESK_PROFILE": "p1", **env}


def test_envrc_keeps_one_line_per_variable_and_direnv_gets_every_value_exactly(tmp_path):
    need_program("direnv", "direnv")
    env = _hostile(tmp_path)
    p = _profile(tmp_path, env, venv_name="v\r\nINJECTED=1 '$(touch PWNED)'".replace("PWNED", str(tmp_path / "p")))
    text = render_envrc(p)
    assert len(text.splitlines()) == len(text.split("\n")) - 1 == 5 + 1 + len(env)
    write_export(p, "envrc")
    proc = _direnv_exec(p.project_dir, clean_env(tmp_path / "home", DIRENV_LOG_FORMAT=""),
                        sys.executable, "-c", "import json,os;print(json.dumps(dict(os.environ)))")
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout)
    assert {k: got.get(k) for k in env} == env
    assert got["VIRTUAL_ENV"] == p.venv and got["ROCMDESK_PROFILE"] == "p1"
    assert not [k for k in got if k.startswith("INJECTED")]
    assert not list(tmp_path.glob("pwned*")) and not (tmp_path / "p").exists()


def test_kernel_json_carries_line_breaks_as_json(tmp_path):
    env = _hostile(tmp_path)
    spec = json.loads(render_export(_profile(tmp_path, env), "jupyter"))
    assert {k: spec["env"][k] for k in env} == {k: v.replace("$", "$$") for k, v in env.items()}


def test_a_nul_in_a_value_is_refused_by_every_format(tmp_path):
    p = _profile(tmp_path, {"A": "a\x00b"})
    for fmt in FORMATS:
        with pytest.raises(ExportError, match="NUL"):
            render_export(p, fmt)
