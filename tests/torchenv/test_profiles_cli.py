"""``rocmdesk profile ...`` end to end (in-process), with profiles under a private XDG_CONFIG_HOME."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from rocmdesk.cli import main
from rocmdesk.torchenv.profile_store import load_profile
from tests.torchenv.profilekit import make_venv, script_hashes


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("JUPYTER_DATA_DIR", raising=False)
    return tmp_path


@pytest.fixture
def venv(home):
    return make_venv(home / "proj dir" / ".venv")


def _run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_create_show_list_json(home, venv, capsys):
    code, out, err = _run(capsys, "profile", "create", "p1", "--project", str(home / "proj dir"), "--venv", str(venv),
                          "--env", "HSA_OVERRIDE_GFX_VERSION=10.3.0", "--env", "X=a=b", "--notes", "RX 6600")
    assert code == 0, err
    p = load_profile("p1")
    assert p.env == {"HSA_OVERRIDE_GFX_VERSION": "10.3.0", "X": "a=b"} and p.notes == "RX 6600"
    assert p.venv == str(venv)
    code, out, _ = _run(capsys, "profile", "show", "p1", "--json")
    data = json.loads(out)
    assert code == 0 and data["name"] == "p1" and data["hooks_state"] == "-"
    assert set(data["scripts"]) == {"bash", "fish", "csh"} and data["venv_exists"] is True
    code, out, _ = _run(capsys, "profile", "list", "--json")
    assert [x["name"] for x in json.loads(out)["profiles"]] == ["p1"]
    code, out, _ = _run(capsys, "profile", "list")
    assert out.startswith("p1\t")


def test_relative_paths_are_stored_absolute(home, venv, capsys, monkeypatch):
    monkeypatch.chdir(home)
    assert _run(capsys, "profile", "create", "p1", "--project", "proj dir", "--venv", "proj dir/.venv")[0] == 0
    assert load_profile("p1").project_dir == str(home / "proj dir")


def test_invalid_values_are_refused_before_anything_is_written(home, venv, capsys):
    code, _, err = _run(capsys, "profile", "create", "p1", "--project", str(home), "--venv", str(venv),
                        "--env", "HSA_OVERRIDE_GFX_VERSION=10.3", "--env", "PYTORCH_HIP_ALLOC_CONF=expandable:1")
    assert code == 2
    assert err.count("invalid") == 2 and "major.minor.stepping" in err
    assert not (home / "cfg" / "rocmdesk" / "profiles" / "p1.toml").exists()


def test_warnings_do_not_block(home, venv, capsys):
    code, _, err = _run(capsys, "profile", "create", "p1", "--project", str(home), "--venv", str(venv),
                        "--env", "HIP_VISIBLE_DEVICES=0", "--env", "ROCR_VISIBLE_DEVICES=0")
    assert code == 0 and "warning" in err and "ROCR_VISIBLE_DEVICES" in err


def test_bad_usage(home, venv, capsys):
    assert _run(capsys, "profile", "create", "bad name", "--project", str(home), "--venv", str(venv))[0] == 2
    assert _run(capsys, "profile", "create", "p", "--project", str(home), "--venv", str(venv), "--env", "NOEQ")[0] == 2
    assert _run(capsys, "profile", "show", "nope")[0] == 2
    assert _run(capsys, "profile", "create", "p", "--project", str(home), "--venv", str(venv))[0] == 0
    code, _, err = _run(capsys, "profile", "create", "p", "--project", str(home), "--venv", str(venv))
    assert code == 2 and "profile edit" in err


def test_preset_from_a_simulated_machine(home, venv, capsys):
    code, out, err = _run(capsys, "profile", "create", "p1", "--project", str(home), "--venv", str(venv), "--preset",
                          "--simulate", "rx6600xt-ubuntu2204", "--env", "PYTORCH_ALLOC_CONF=max_split_size_mb:256")
    assert code == 0, err
    env = load_profile("p1").env
    assert env["HSA_OVERRIDE_GFX_VERSION"] == "10.3.0"
    assert env["PYTORCH_ALLOC_CONF"] == "max_split_size_mb:256"  # explicit beats preset
    assert env["PYTORCH_HIP_ALLOC_CONF"] == "expandable_segments:True"
    assert "preset: HSA_OVERRIDE_GFX_VERSION=10.3.0" in out


def test_preset_reads_torch_version_from_the_venv(home, venv, capsys):
    (venv / "lib" / f"python{sys.version_info.major}.{sys.version_info.minor}" / "site-packages"
     / "torch-2.4.1+rocm6.1.dist-info").mkdir(parents=True)
    _run(capsys, "profile", "create", "p1", "--project", str(home), "--venv", str(venv), "--preset",
         "--simulate", "rx6600xt-ubuntu2204")
    assert "PYTORCH_ALLOC_CONF" not in load_profile("p1").env


def test_apply_check_edit_remove_cycle(home, venv, capsys):
    fresh = script_hashes(venv)
    _run(capsys, "profile", "create", "p1", "--project", str(home), "--venv", str(venv),
         "--env", "HSA_OVERRIDE_GFX_VERSION=10.3.0")
    assert _run(capsys, "profile", "apply", "p1", "--check")[0] == 5
    code, out, _ = _run(capsys, "profile", "apply", "p1")
    assert code == 0 and out.count(": written") == 3
    assert load_profile("p1").hooks is True
    assert _run(capsys, "profile", "apply", "p1", "--check")[0] == 0
    # an edit rewrites the hooks
    code, out, _ = _run(capsys, "profile", "edit", "p1", "--env", "GPU_MAX_HW_QUEUES=2",
                        "--unset", "HSA_OVERRIDE_GFX_VERSION")
    assert code == 0 and load_profile("p1").env == {"GPU_MAX_HW_QUEUES": "2"}
    assert "GPU_MAX_HW_QUEUES='2'" in (venv / "bin" / "activate").read_text()
    assert _run(capsys, "profile", "apply", "p1", "--check")[0] == 0
    # a recreated venv loses them: list and check say so, apply brings them back
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    code, out, err = _run(capsys, "profile", "list")
    assert "hooks missing" in out and "profile apply p1" in err
    assert _run(capsys, "profile", "apply", "p1", "--check")[0] == 5
    assert _run(capsys, "profile", "apply", "p1")[0] == 0
    # remove leaves the scripts byte for byte as venv wrote them
    code, out, _ = _run(capsys, "profile", "remove", "p1")
    assert code == 0 and script_hashes(venv) == fresh and load_profile("p1").hooks is False
    code, out, _ = _run(capsys, "profile", "remove", "p1", "--delete")
    assert code == 0 and "kept in" in out
    assert _run(capsys, "profile", "show", "p1")[0] == 2


def test_edit_moving_the_venv_moves_the_hooks(home, venv, capsys):
    other = make_venv(home / "other")
    fresh = script_hashes(venv)
    _run(capsys, "profile", "create", "p1", "--project", str(home), "--venv", str(venv), "--apply")
    _run(capsys, "profile", "edit", "p1", "--venv", str(other))
    assert script_hashes(venv) == fresh
    assert "rocmdesk profile p1" in (other / "bin" / "activate").read_text()


def test_apply_without_a_venv_is_a_usage_error(home, capsys):
    _run(capsys, "profile", "create", "p1", "--project", str(home), "--venv", str(home / "no-venv"))
    code, _, err = _run(capsys, "profile", "apply", "p1")
    assert code == 2 and "not a venv" in err


def test_corrupt_file_exit_code_and_message(home, venv, capsys):
    _run(capsys, "profile", "create", "ok", "--project", str(home), "--venv", str(venv))
    bad = home / "cfg" / "rocmdesk" / "profiles" / "bad.toml"
    bad.write_text('project_dir = "/p"\nvenv = [\n')
    code, out, err = _run(capsys, "profile", "list")
    assert code == 3 and out.startswith("ok\t") and str(bad) in err and "line" in err
    code, _, err = _run(capsys, "profile", "show", "bad")
    assert code == 3 and str(bad) in err
    code, _, err = _run(capsys, "profile", "edit", "bad", "--env", "X=1")
    assert code == 3 and bad.read_text() == 'project_dir = "/p"\nvenv = [\n'


def test_help_lists_the_commands(capsys):
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for cmd in ("profile", "run", "shell"):
        assert cmd in out
