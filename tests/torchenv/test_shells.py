"""Real shells source the hooked activate scripts: variables set, deactivate puts back what was there.

Needs the Debian packages zsh, fish, tcsh and csh (BSD csh); each shell's tests skip when it is missing.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from rocmdesk.torchenv.hooks import apply_hooks, remove_hooks
from tests.conftest import require
from tests.torchenv.profilekit import (
    NASTY,
    NASTY_NL,
    clean_env,
    make_venv,
    run_activation,
    script_hashes,
)

ALL_SHELLS = ["bash", "zsh", "fish", "tcsh", "bsd-csh"]
NL_SHELLS = ["bash", "zsh", "fish"]  # csh cannot keep a line break (it gets a block that says so)

PROFILE_ENV = {
    "HSA_OVERRIDE_GFX_VERSION": "10.3.0",  # was set before activation: must come back
    "PYTORCH_HIP_ALLOC_CONF": "expandable_segments:True",  # was unset: must be unset again
    "WAS_EMPTY": "now set",  # was set to "": must be "" again, not unset
    "TORCH_ROCM_AOTRITON_ENABLE_EXPERIMENTAL": "1",  # 39 characters: BSD csh cannot expand $NAME of it
    "NASTY": NASTY,
    "OLD_NASTY": "replaced",
}
BEFORE = {
    "HSA_OVERRIDE_GFX_VERSION": "11.0.0",
    "WAS_EMPTY": "",
    "TORCH_ROCM_AOTRITON_ENABLE_EXPERIMENTAL": "0  two  spaces\tand a tab",
    "OLD_NASTY": "it's \"quoted\" $(no) `no` \\ !x ${y}",
}
KEYS = sorted(PROFILE_ENV) + ["ROCMDESK_PROFILE"]


@pytest.fixture
def base_venv():
    return None  # each test makes its own (the scripts name their own path); --without-pip keeps it quick


def _fresh_venv(_base, tmp_path, name="venv"):
    return make_venv(tmp_path / name)


def _check_cycle(dumps, venv, path_before, profile_env=PROFILE_ENV, before=BEFORE, check_venv=True):
    assert len(dumps) == 3, dumps
    for active in dumps[:2]:  # after the first activation and after sourcing activate a second time
        for key, value in profile_env.items():
            assert active[key] == value, key
        assert active["ROCMDESK_PROFILE"] == "p1"
        if check_venv:
            assert active["VIRTUAL_ENV"] == str(venv)
            assert active["PATH"].split(":")[0] == f"{venv}/bin"
    after = dumps[2]
    for key in profile_env:
        assert after[key] == before.get(key), key  # the old value, or None for unset
    assert after["ROCMDESK_PROFILE"] is None
    assert after["VIRTUAL_ENV"] is None
    assert after["PATH"] == path_before



def _need_uv() -> str:
    """uv (the test extra installs it into the venv; test.sh puts the venv's bin on PATH), or ``require``."""
    uv = shutil.which("uv")
    if uv is None or subprocess.run([uv, "--version"], capture_output=True).returncode != 0:
        require("uv", "uv is not installed or does not run (pip install uv)")
    return uv

@pytest.mark.parametrize("shell", ALL_SHELLS)
def test_activate_sets_and_deactivate_restores(shell, base_venv, tmp_path):
    venv = _fresh_venv(base_venv, tmp_path)
    apply_hooks(venv, "p1", PROFILE_ENV)
    env = clean_env(tmp_path, **BEFORE)
    dumps, out, err = run_activation(shell, venv, tmp_path, KEYS, env)
    assert "LEFTOVER" not in out, out
    _check_cycle(dumps, venv, env["PATH"])


@pytest.mark.parametrize("shell", NL_SHELLS)
def test_line_breaks_survive(shell, base_venv, tmp_path):
    venv = _fresh_venv(base_venv, tmp_path)
    prof = {"MULTI": NASTY_NL, "HSA_OVERRIDE_GFX_VERSION": "10.3.0"}
    before = {"HSA_OVERRIDE_GFX_VERSION": "line\nbreak before"}
    apply_hooks(venv, "p1", prof)
    env = clean_env(tmp_path, **before)
    dumps, out, _ = run_activation(shell, venv, tmp_path, sorted(prof) + ["ROCMDESK_PROFILE"], env)
    assert "LEFTOVER" not in out
    _check_cycle(dumps, venv, env["PATH"], prof, before)


@pytest.mark.parametrize("shell", ["tcsh", "bsd-csh"])
def test_csh_refuses_line_breaks_and_says_so(shell, base_venv, tmp_path):
    venv = _fresh_venv(base_venv, tmp_path)
    results = apply_hooks(venv, "p1", {"MULTI": "a\nb", "HSA_OVERRIDE_GFX_VERSION": "10.3.0"})
    csh = next(r for r in results if r.shell == "csh")
    assert csh.note and "line break" in csh.note
    env = clean_env(tmp_path)
    dumps, out, err = run_activation(shell, venv, tmp_path, ["MULTI", "HSA_OVERRIDE_GFX_VERSION"], env)
    assert "not applied in csh" in err
    assert dumps[0]["HSA_OVERRIDE_GFX_VERSION"] is None  # nothing half-applied
    assert dumps[0]["VIRTUAL_ENV"] == str(venv)  # the venv itself still activates
    assert dumps[2]["VIRTUAL_ENV"] is None


@pytest.mark.parametrize("shell", ALL_SHELLS)
def test_venv_path_with_space_and_quote(shell, base_venv, tmp_path):
    # CPython's activate scripts double-quote the path: spaces and ' are fine there
    venv = _fresh_venv(base_venv, tmp_path, "my venv's dir")
    apply_hooks(venv, "p1", PROFILE_ENV)
    env = clean_env(tmp_path, **BEFORE)
    dumps, out, _ = run_activation(shell, venv, tmp_path, KEYS, env)
    assert "LEFTOVER" not in out
    _check_cycle(dumps, venv, env["PATH"])


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_venv_path_with_dollar_paren_and_double_quote(shell, base_venv, tmp_path):
    """CPython 3.11 writes the path unescaped into double quotes, so its own VIRTUAL_ENV comes out wrong for
    such a path (and csh stops with a syntax error); the rocmdesk block never uses the path and still works."""
    venv = _fresh_venv(base_venv, tmp_path, 'x "q" $(echo hi)')
    apply_hooks(venv, "p1", PROFILE_ENV)
    env = clean_env(tmp_path, **BEFORE)
    dumps, out, _ = run_activation(shell, venv, tmp_path, KEYS, env)
    assert "LEFTOVER" not in out
    _check_cycle(dumps, venv, env["PATH"], check_venv=False)


def _switch(shell, tmp_path, a, b, env, extra_lines=()):
    """Source A, then B without deactivating (as venv allows), then deactivate; dumps after each step."""
    import json

    from tests.torchenv import profilekit

    argv = profilekit.need_shell(shell)
    _, source, script = profilekit.SHELLS[shell]
    dumper = tmp_path / "d.py"
    dumper.write_text("import json,os;print('DUMP '+json.dumps({k: os.environ.get(k) for k in "
                      "['HSA_OVERRIDE_GFX_VERSION','ONLY_A','ONLY_B','ROCMDESK_PROFILE','VIRTUAL_ENV']}))\n")
    dump = f"{sys.executable} {dumper}"
    lines = (['set prompt="% "'] if shell in ("tcsh", "bsd-csh") else []) + list(extra_lines) + [
        source(str(a / "bin" / script)), dump, source(str(b / "bin" / script)), dump, "deactivate", dump,
        profilekit.leftover_check(shell)]
    path = tmp_path / "s"
    path.write_text("\n".join(lines) + "\n")
    proc = subprocess.run(argv + [str(path)], env=env, capture_output=True, text=True, timeout=60)
    dumps = [json.loads(x[5:]) for x in proc.stdout.splitlines() if x.startswith("DUMP ")]
    assert len(dumps) == 3, (proc.stdout, proc.stderr)
    return dumps, proc


AFTER_ALL = {"HSA_OVERRIDE_GFX_VERSION": "9.0.10", "ONLY_A": None, "ONLY_B": None, "ROCMDESK_PROFILE": None,
             "VIRTUAL_ENV": None}


@pytest.mark.parametrize("shell", ALL_SHELLS)
def test_switching_between_two_hooked_venvs(shell, base_venv, tmp_path):
    """Activating venv B while A is active (as venv allows) ends with the values from before A."""
    a = _fresh_venv(base_venv, tmp_path, "a")
    b = _fresh_venv(base_venv, tmp_path, "b")
    apply_hooks(a, "pa", {"HSA_OVERRIDE_GFX_VERSION": "10.3.0", "ONLY_A": "a"})
    apply_hooks(b, "pb", {"HSA_OVERRIDE_GFX_VERSION": "11.0.0", "ONLY_B": "b"})
    env = clean_env(tmp_path, HSA_OVERRIDE_GFX_VERSION="9.0.10")
    dumps, proc = _switch(shell, tmp_path, a, b, env)
    assert dumps[0]["ONLY_A"] == "a" and dumps[0]["HSA_OVERRIDE_GFX_VERSION"] == "10.3.0"
    assert dumps[1]["ONLY_A"] is None and dumps[1]["ONLY_B"] == "b"
    assert dumps[1]["HSA_OVERRIDE_GFX_VERSION"] == "11.0.0" and dumps[1]["ROCMDESK_PROFILE"] == "pb"
    assert dumps[2] == AFTER_ALL
    assert "LEFTOVER" not in proc.stdout, proc.stdout


@pytest.mark.parametrize("maker", ["venv", "uv"])
@pytest.mark.parametrize("shell", ALL_SHELLS)
def test_switching_to_a_venv_without_hooks_puts_back_the_values(shell, maker, base_venv, tmp_path):
    """B's activate defines its own deactivate before it runs `deactivate nondestructive`, so A's wrapper
    never runs; A's block notices the switch where every activate script calls hash -r / rehash (bash, zsh,
    csh) or clears VIRTUAL_ENV (fish), and puts back the values from before A."""
    a = _fresh_venv(base_venv, tmp_path, "a")
    b = tmp_path / "b"
    if maker == "uv":
        uv = _need_uv()
        subprocess.run([uv, "venv", "-q", "--python", sys.executable, str(b)], check=True, capture_output=True,
                       env={**os.environ, "UV_NO_CONFIG": "1", "UV_OFFLINE": "1"})
    else:
        make_venv(b)
    apply_hooks(a, "pa", {"HSA_OVERRIDE_GFX_VERSION": "10.3.0", "ONLY_A": "a"})
    env = clean_env(tmp_path, HSA_OVERRIDE_GFX_VERSION="9.0.10")
    dumps, proc = _switch(shell, tmp_path, a, b, env)
    assert dumps[0]["ONLY_A"] == "a" and dumps[0]["ROCMDESK_PROFILE"] == "pa"
    assert dumps[1] == {**AFTER_ALL, "VIRTUAL_ENV": str(b)}  # A's values gone the moment B is active
    assert dumps[2] == AFTER_ALL
    assert "LEFTOVER" not in proc.stdout, proc.stdout
    assert "rocmdesk" not in proc.stderr and "not found" not in proc.stderr, proc.stderr


@pytest.mark.parametrize("shell", ["bash", "zsh"])
def test_a_hash_function_of_the_users_is_left_alone(shell, base_venv, tmp_path):
    a = _fresh_venv(base_venv, tmp_path, "a")
    b = _fresh_venv(base_venv, tmp_path, "b")
    apply_hooks(a, "pa", {"ONLY_A": "a"})
    env = clean_env(tmp_path, HSA_OVERRIDE_GFX_VERSION="9.0.10")
    mine = 'hash () { echo MY-HASH >&2; builtin hash "$@"; }'
    dumps, proc = _switch(shell, tmp_path, a, b, env, extra_lines=[mine, "hash -r"])
    assert "MY-HASH" in proc.stderr
    assert "LEFTOVER-hash" in proc.stdout  # still the user's own function, not replaced and not removed
    assert dumps[2]["VIRTUAL_ENV"] is None


@pytest.mark.parametrize("shell", ["bash", "fish", "tcsh"])
def test_removed_hooks_leave_plain_venv_behaviour(shell, base_venv, tmp_path):
    venv = _fresh_venv(base_venv, tmp_path)
    before = script_hashes(venv)
    apply_hooks(venv, "p1", PROFILE_ENV)
    remove_hooks(venv, "p1")
    assert script_hashes(venv) == before
    env = clean_env(tmp_path, **BEFORE)
    dumps, out, _ = run_activation(shell, venv, tmp_path, KEYS, env)
    assert dumps[0]["HSA_OVERRIDE_GFX_VERSION"] == "11.0.0"  # untouched by anything of ours
    assert dumps[0]["ROCMDESK_PROFILE"] is None


@pytest.mark.parametrize("version", ["3.10", "3.12", "3.13"])
def test_other_python_versions_venvs(version, tmp_path):
    """The activate scripts differ between Python versions; the hooks must work with each one found here."""
    import glob

    found = [shutil.which(f"python{version}")] + sorted(
        glob.glob(os.path.expanduser(f"~/.pyenv/versions/{version}.*/bin/python{version}")))
    python = next((p for p in found if p and subprocess.run([p, "-c", "pass"], capture_output=True).returncode == 0),
                  None)
    if python is None:
        pytest.skip(f"python{version} is not installed")  # by design: each version found here, none promised
    venv = make_venv(tmp_path / "v", python)
    before = script_hashes(venv)
    apply_hooks(venv, "p1", PROFILE_ENV)
    missing = []
    for shell in ("bash", "fish", "tcsh"):
        if shutil.which(shell) is None:
            missing.append(shell)
            continue
        env = clean_env(tmp_path, **BEFORE)
        dumps, out, _ = run_activation(shell, venv, tmp_path, KEYS, env)
        assert "LEFTOVER" not in out, (shell, out)
        _check_cycle(dumps, venv, env["PATH"])
    remove_hooks(venv)
    assert script_hashes(venv) == before
    if missing:  # the shells found passed; the others are a missing proof
        require("the shells " + ", ".join(missing), "not installed (apt-get install " + " ".join(missing) + ")")


@pytest.mark.parametrize("shell", ALL_SHELLS)
def test_uv_venvs(shell, tmp_path):
    """`rocmdesk torch install` uses uv when present; uv writes virtualenv's activate scripts, not CPython's."""
    uv = _need_uv()
    venv = tmp_path / "uv venv's"
    subprocess.run([uv, "venv", "-q", "--python", sys.executable, str(venv)], check=True, capture_output=True,
                   env={**os.environ, "UV_NO_CONFIG": "1", "UV_OFFLINE": "1"})
    before = script_hashes(venv)
    apply_hooks(venv, "p1", PROFILE_ENV)
    env = clean_env(tmp_path, **BEFORE)
    dumps, out, _ = run_activation(shell, venv, tmp_path, KEYS, env)
    assert "LEFTOVER" not in out, out
    _check_cycle(dumps, venv, env["PATH"])
    remove_hooks(venv, "p1")
    assert script_hashes(venv) == before
