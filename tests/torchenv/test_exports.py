"""Exports (.envrc through real direnv, .env through python-dotenv, a Jupyter kernel that really starts) and
``rocmdesk run`` / ``rocmdesk shell`` in child processes."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rocmdesk.torchenv.exports import (
    ExportError,
    has_ipykernel,
    kernel_spec,
    profile_environ,
    render_envrc,
    write_export,
)
from rocmdesk.torchenv.profile_store import ProfileStore
from rocmdesk.torchenv.profiles import Profile
from tests.conftest import need_module, need_program, require
from tests.torchenv.profilekit import (
    NASTY,
    NASTY_NL,
    clean_env,
    make_venv,
    rocmdesk,
    script_hashes,
)

WEIRD_DIR = "it's \"q\" $(echo pwned) `x` \\b"  # a folder name every consumer must take literally
ENV = {"HSA_OVERRIDE_GFX_VERSION": "10.3.0", "PYTORCH_HIP_ALLOC_CONF": "expandable_segments:True",
       "NASTY": NASTY, "MULTI": NASTY_NL}


def _profile(tmp_path, project="proj", venv_name="venv", env=ENV, make=True) -> Profile:
    proj = tmp_path / project
    proj.mkdir(parents=True, exist_ok=True)
    venv = proj / venv_name
    if make:
        make_venv(venv)
    return Profile(name="p1", project_dir=str(proj), venv=str(venv), env=dict(env))


# -- the environment of run/shell --------------------------------------------------------------------------
def test_profile_environ_is_an_activated_venv_plus_the_profile(tmp_path):
    p = _profile(tmp_path, make=False)
    base = {"PATH": "/old/venv/bin:/usr/bin:/bin", "VIRTUAL_ENV": "/old/venv", "PYTHONHOME": "/x",
            "VIRTUAL_ENV_PROMPT": "(old) ", "HSA_OVERRIDE_GFX_VERSION": "11.0.0", "KEEP": "me"}
    env = profile_environ(p, base)
    assert env["PATH"] == f"{p.venv}/bin:/usr/bin:/bin"  # the other venv's bin is gone
    assert env["VIRTUAL_ENV"] == p.venv and "PYTHONHOME" not in env and "VIRTUAL_ENV_PROMPT" not in env
    assert env["HSA_OVERRIDE_GFX_VERSION"] == "10.3.0" and env["KEEP"] == "me" and env["ROCMDESK_PROFILE"] == "p1"
    assert base["PATH"] == "/old/venv/bin:/usr/bin:/bin"  # not changed in place


# -- direnv ---------------------------------------------------------------------------------------------------
def test_envrc_is_plain_bash(tmp_path):
    p = _profile(tmp_path, project=WEIRD_DIR, venv_name="v $(x)")
    text = render_envrc(p)
    assert "source_env" not in text and "layout" not in text and "PATH_add" not in text
    dumper = "import json,os;print(json.dumps({k: os.environ.get(k) for k in %r}))" % (
        list(ENV) + ["VIRTUAL_ENV", "ROCMDESK_PROFILE", "PATH"])
    out = subprocess.run(["bash", "--norc", "-c", f'{text}\n"{sys.executable}" -c "$0"', dumper],
                         capture_output=True, text=True, env={"PATH": "/usr/bin:/bin", "PYTHONHOME": "/x"},
                         check=True).stdout
    got = json.loads(out)
    assert {k: got[k] for k in ENV} == ENV
    assert got["VIRTUAL_ENV"] == p.venv and got["PATH"] == f"{p.venv}/bin:/usr/bin:/bin"


def _direnv_env(tmp_path):
    return clean_env(tmp_path / "home", DIRENV_LOG_FORMAT="")


@pytest.mark.parametrize("project", ["proj", "my project's dir"])
def test_direnv_really_loads_the_envrc(tmp_path, project):
    need_program("direnv", "direnv")
    p = _profile(tmp_path, project=project)
    result = write_export(p, "envrc")
    assert result.path == Path(p.project_dir) / ".envrc" and result.warnings == ()
    env = _direnv_env(tmp_path)
    subprocess.run(["direnv", "allow", p.project_dir], env=env, check=True, capture_output=True, timeout=30)
    proc = subprocess.run(["direnv", "exec", p.project_dir, sys.executable, "-c",
                           "import json,os;print(json.dumps(dict(os.environ)))"],
                          env=env, capture_output=True, text=True, timeout=30)
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout)
    for k, v in ENV.items():
        assert got[k] == v, k
    assert got["VIRTUAL_ENV"] == p.venv and got["ROCMDESK_PROFILE"] == "p1"
    assert got["PATH"].split(":")[0] == f"{p.venv}/bin"


def test_envrc_warns_about_folders_direnv_cannot_load(tmp_path):
    p = _profile(tmp_path, project=WEIRD_DIR, make=False)
    result = write_export(p, "envrc")
    assert result.warnings and "direnv" in result.warnings[0]


# -- .env -------------------------------------------------------------------------------------------------------
def test_dotenv_reads_back_with_python_dotenv(tmp_path):
    dotenv = need_module("dotenv", "pip install python-dotenv (the test extra)")
    p = _profile(tmp_path, make=False)
    result = write_export(p, "dotenv")
    assert result.path == Path(p.project_dir) / ".env"
    plain = dotenv.dotenv_values(result.path, interpolate=False)
    assert {k: plain[k] for k in ENV} == ENV and plain["ROCMDESK_PROFILE"] == "p1"
    # python-dotenv expands ${...} even in single quotes and has no escape: the export says so
    assert any("NASTY" in w and "${" in w for w in result.warnings)
    expanded = dotenv.dotenv_values(result.path)
    assert expanded["HSA_OVERRIDE_GFX_VERSION"] == "10.3.0"


def test_an_existing_file_that_is_not_ours_is_kept(tmp_path):
    p = _profile(tmp_path, make=False)
    mine = Path(p.project_dir) / ".env"
    mine.write_text("SECRET=1\n")
    with pytest.raises(ExportError, match="--force"):
        write_export(p, "dotenv")
    assert mine.read_text() == "SECRET=1\n"
    write_export(p, "dotenv", force=True)
    write_export(p, "dotenv")  # ours now: a second export replaces it without --force
    assert "Generated by rocmdesk" in mine.read_text()


def test_output_dash_prints(tmp_path):
    p = _profile(tmp_path, make=False)
    result = write_export(p, "envrc", "-")
    assert result.path is None and result.text.startswith("# Generated by rocmdesk")


# -- Jupyter ------------------------------------------------------------------------------------------------------
def test_jupyter_needs_ipykernel(tmp_path):
    p = _profile(tmp_path)
    assert not has_ipykernel(p.venv)
    with pytest.raises(ExportError, match="pip install ipykernel"):
        write_export(p, "jupyter")


def test_kernel_spec_shape(tmp_path):
    p = _profile(tmp_path, make=False, env={"A": "cost $5 ${HOME}"})
    spec = kernel_spec(p)
    assert spec["argv"] == [f"{p.venv}/bin/python", "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    assert spec["env"]["A"] == "cost $$5 $${HOME}"  # jupyter_client's Template turns $$ back into $
    assert spec["env"]["PATH"] == f"{p.venv}/bin:${{PATH}}" and spec["language"] == "python"


def _ipykernel_venv() -> Path:
    """A venv with ipykernel from PyPI, kept between test runs (about 15 s to build the first time)."""
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "rocmdesk-tests"
    venv = cache / f"ipykernel-py{sys.version_info.major}{sys.version_info.minor}"
    done = venv / ".rocmdesk-complete"
    if done.exists() and has_ipykernel(venv):
        return venv
    shutil.rmtree(venv, ignore_errors=True)
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, capture_output=True)
    pip = subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q", "ipykernel"],
                         capture_output=True, text=True, timeout=300)
    if pip.returncode != 0:
        shutil.rmtree(venv, ignore_errors=True)
        require("ipykernel from PyPI", f"could not install it: {pip.stderr.strip()[-200:]}")
    done.write_text("ipykernel installed\n")
    return venv


KERNEL_CLIENT = r"""
import json, sys
from jupyter_client.manager import start_new_kernel
km, kc = start_new_kernel(kernel_name=sys.argv[1], startup_timeout=60)
out = []
def hook(msg):
    if msg["msg_type"] == "stream":
        out.append(msg["content"]["text"])
kc.execute_interactive("import os, sys, json; print(json.dumps({'env': dict(os.environ), 'exe': sys.executable}))",
                       output_hook=hook, timeout=60)
kc.stop_channels()
km.shutdown_kernel(now=True)
print("RESULT " + "".join(out).strip())
"""


def test_jupyter_kernel_really_starts_with_the_profile(tmp_path):
    venv = _ipykernel_venv()
    env = {**ENV, "DOLLARS": "cost $5 ${HOME} $HOME"}
    p = Profile(name="p1", project_dir=str(tmp_path), venv=str(venv), env=env)
    data = tmp_path / "jupyter"
    result = write_export(p, "jupyter", data / "kernels" / "rocmdesk-p1")
    assert result.path == data / "kernels" / "rocmdesk-p1" / "kernel.json"
    proc = subprocess.run([str(venv / "bin" / "python"), "-c", KERNEL_CLIENT, "rocmdesk-p1"],
                          env={**clean_env(tmp_path), "JUPYTER_PATH": str(data)},
                          capture_output=True, text=True, timeout=120)
    line = next((x for x in proc.stdout.splitlines() if x.startswith("RESULT ")), None)
    assert line, proc.stderr[-2000:]
    got = json.loads(line[7:])
    for k, v in env.items():
        assert got["env"][k] == v, k
    assert got["exe"] == str(venv / "bin" / "python")
    assert got["env"]["PATH"].split(":")[0] == f"{venv}/bin" and got["env"]["ROCMDESK_PROFILE"] == "p1"


def test_default_kernel_folder_is_jupyters_user_folder(tmp_path, monkeypatch):
    from rocmdesk.torchenv.exports import default_output

    monkeypatch.delenv("JUPYTER_DATA_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "d"))
    assert default_output(_profile(tmp_path, make=False), "jupyter") == tmp_path / "d/jupyter/kernels/rocmdesk-p1"


# -- rocmdesk run / shell (real processes: they exec) --------------------------------------------------------------
@pytest.fixture
def stored(tmp_path):
    """A stored profile whose project and venv paths hold spaces, quotes and $(...)."""
    p = _profile(tmp_path, project=WEIRD_DIR, venv_name="my venv $(x)")
    cfg = tmp_path / "cfg"
    ProfileStore(cfg / "rocmdesk" / "profiles").create(p)
    env = clean_env(tmp_path, XDG_CONFIG_HOME=str(cfg), HSA_OVERRIDE_GFX_VERSION="11.0.0",
                    PYTHONPATH=os.environ.get("PYTHONPATH", ""))
    return p, env


DUMP = "import json,os,sys;print(json.dumps({'env': dict(os.environ), 'exe': sys.executable, 'cwd': os.getcwd()}))"


def test_run_sets_the_environment_and_passes_the_exit_status(stored):
    p, env = stored
    hashes = script_hashes(Path(p.venv))
    proc = rocmdesk("run", "p1", "--", "python", "-c", DUMP + ";sys.exit(7)", env=env)
    assert proc.returncode == 7, proc.stderr
    got = json.loads(proc.stdout)
    assert got["exe"] == f"{p.venv}/bin/python"  # `python` found in the venv's bin first
    assert {k: got["env"][k] for k in ENV} == ENV
    assert got["env"]["VIRTUAL_ENV"] == p.venv and got["env"]["ROCMDESK_PROFILE"] == "p1"
    assert script_hashes(Path(p.venv)) == hashes  # the activate scripts are not touched


def test_run_cd_goes_to_the_project(stored, tmp_path):
    p, env = stored
    proc = rocmdesk("run", "p1", "--cd", "--", "python", "-c", DUMP, env=env, cwd=tmp_path)
    assert json.loads(proc.stdout)["cwd"] == p.project_dir
    proc = rocmdesk("run", "p1", "--", "python", "-c", DUMP, env=env, cwd=tmp_path)
    assert json.loads(proc.stdout)["cwd"] == str(tmp_path)


def test_run_errors(stored):
    p, env = stored
    proc = rocmdesk("run", "p1", "--", "no-such-program-here", env=env)
    assert proc.returncode == 127 and "command not found" in proc.stderr
    assert rocmdesk("run", "nope", "--", "true", env=env).returncode == 2
    assert rocmdesk("run", "p1", env=env).returncode == 2


def test_run_refuses_a_profile_without_venv(tmp_path):
    cfg = tmp_path / "cfg"
    ProfileStore(cfg / "rocmdesk" / "profiles").create(Profile("p1", str(tmp_path), str(tmp_path / "none")))
    proc = rocmdesk("run", "p1", "--", "true", env=clean_env(tmp_path, XDG_CONFIG_HOME=str(cfg)))
    assert proc.returncode == 2 and "not a venv" in proc.stderr


def test_shell_with_commands_on_stdin(stored):
    p, env = stored
    script = 'printf "%s|%s|%s|%s\\n" "$ROCMDESK_PROFILE" "$HSA_OVERRIDE_GFX_VERSION" "$PWD" "$(command -v python)"\n' \
             "exit 3\n"
    proc = rocmdesk("shell", "p1", env={**env, "SHELL": "/bin/bash"}, input=script)
    assert proc.returncode == 3, proc.stderr
    assert proc.stdout.strip() == f"p1|10.3.0|{p.project_dir}|{p.venv}/bin/python"


def test_shell_with_dash_c_and_here(stored, tmp_path):
    p, env = stored
    proc = rocmdesk("shell", "p1", "--here", "--", "-c", 'echo "$VIRTUAL_ENV|$PWD"',
                    env={**env, "SHELL": "/bin/bash"}, cwd=tmp_path)
    assert proc.returncode == 0 and proc.stdout.strip() == f"{p.venv}|{tmp_path}"


def test_shell_falls_back_to_sh(stored):
    p, env = stored
    env = {k: v for k, v in env.items() if k != "SHELL"}
    proc = rocmdesk("shell", "p1", "--", "-c", 'echo "$ROCMDESK_PROFILE"', env=env)
    assert proc.stdout.strip() == "p1"


def test_export_cli(stored, tmp_path):
    p, env = stored
    proc = rocmdesk("profile", "export", "p1", "--format", "dotenv", "--output", "-", env=env)
    assert proc.returncode == 0 and "HSA_OVERRIDE_GFX_VERSION='10.3.0'" in proc.stdout
    proc = rocmdesk("profile", "export", "p1", "--format", "jupyter", env=env)
    assert proc.returncode == 2 and "ipykernel" in proc.stderr
    proc = rocmdesk("profile", "export", "p1", "--format", "envrc", env=env)
    assert proc.returncode == 0 and (Path(p.project_dir) / ".envrc").is_file() and "direnv" in proc.stderr


def test_dotenv_warns_about_a_trailing_backslash(tmp_path):
    p = _profile(tmp_path, make=False, env={"WINPATH": "C:\\tmp\\"})
    assert any("backslash" in w for w in write_export(p, "dotenv").warnings)
