"""Profiles and their store: TOML under XDG_CONFIG_HOME, atomic writes with a backup, damage, concurrency."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from datetime import datetime, timezone
from pathlib import Path

import pytest

from rocmdesk.torchenv.profile_store import (
    ProfileExists,
    ProfileFileError,
    ProfileNotFound,
    ProfileStore,
    default_dir,
    load_profile,
)
from rocmdesk.torchenv.profiles import (
    InvalidName,
    Profile,
    check_name,
    path_warnings,
)
from tests.torchenv.profilekit import NASTY_NL

REPO = Path(__file__).resolve().parents[2]


def _profile(name="p1", **kw) -> Profile:
    base = dict(project_dir="/work/proj", venv="/work/proj/.venv", env={"HSA_OVERRIDE_GFX_VERSION": "10.3.0"})
    base.update(kw)
    return Profile(name=name, **base)


@pytest.fixture
def store(tmp_path):
    return ProfileStore(tmp_path / "profiles")


def test_default_dir_follows_xdg_config_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    assert default_dir() == tmp_path / "cfg" / "rocmdesk" / "profiles"
    ProfileStore().create(_profile())
    assert (tmp_path / "cfg" / "rocmdesk" / "profiles" / "p1.toml").is_file()
    assert load_profile("p1").env == {"HSA_OVERRIDE_GFX_VERSION": "10.3.0"}


@pytest.mark.parametrize("name", ["a", "rx6600", "proj.v2", "my_proj-3", "A" * 64])
def test_good_names(name):
    assert check_name(name) == name


@pytest.mark.parametrize("name", ["", ".hidden", "-x", "a/b", "a b", "..", "x" * 65, "caf\u00e9", "a\nb", "a:b"])
def test_bad_names(name):
    with pytest.raises(InvalidName):
        check_name(name)


def test_round_trip_keeps_every_value(store):
    p = _profile(env={"A": NASTY_NL, "B": "", "C": "中文 ümlaut"}, notes="line1\nline2 \"quoted\"",
                 project_dir="/tmp/it's \"q\" $(x)", venv="/tmp/v \\ x")
    store.create(p)
    back = store.load("p1")
    assert back == p
    assert back.created.tzinfo is not None


def test_file_is_readable_toml_with_a_header(store):
    store.create(_profile())
    text = store.path_for("p1").read_text()
    assert text.startswith("# rocmdesk environment profile p1")
    assert "[env]" in text and 'HSA_OVERRIDE_GFX_VERSION = "10.3.0"' in text
    assert oct(store.path_for("p1").stat().st_mode & 0o777) == "0o600"


def test_create_twice_refuses(store):
    store.create(_profile())
    with pytest.raises(ProfileExists):
        store.create(_profile())


def test_update_keeps_a_backup_of_the_previous_version(store):
    store.create(_profile())
    first = store.path_for("p1").read_bytes()
    store.update("p1", lambda p: p.with_changes(env={**p.env, "GPU_MAX_HW_QUEUES": "2"}))
    assert store.backup_for("p1").read_bytes() == first
    assert store.load("p1").env["GPU_MAX_HW_QUEUES"] == "2"
    assert store.load("p1").updated >= store.load("p1").created


def test_missing_profile_names_the_known_ones(store):
    store.create(_profile("alpha"))
    with pytest.raises(ProfileNotFound, match="alpha"):
        store.load("beta")


def test_list_ignores_backups_temporaries_and_strangers(store):
    store.create(_profile("a"))
    store.create(_profile("b"))
    store.update("a", lambda p: p.with_changes(notes="x"))
    (store.dir / ".a.toml.123.tmp").write_text("half")
    (store.dir / "bad name.toml").write_text("x")
    (store.dir / "README").write_text("x")
    assert store.names() == ["a", "b"]


def test_delete_keeps_the_last_version(store):
    store.create(_profile())
    data = store.path_for("p1").read_bytes()
    where = store.delete("p1")
    assert not store.exists("p1") and where.read_bytes() == data
    with pytest.raises(ProfileNotFound):
        store.delete("p1")


# -- damage ----------------------------------------------------------------------------------------------
def test_corrupt_file_names_file_and_line_and_keeps_the_backup(store):
    store.create(_profile())
    store.update("p1", lambda p: p.with_changes(notes="second"))
    good_backup = store.backup_for("p1").read_bytes()
    path = store.path_for("p1")
    broken = path.read_text().replace('venv = "', 'venv = "unterminated\n', 1).encode()
    path.write_bytes(broken)
    with pytest.raises(ProfileFileError) as info:
        store.load("p1")
    msg = str(info.value)
    assert str(path) in msg and "line" in msg and str(store.backup_for("p1")) in msg
    # no write goes through, and neither the damaged file nor the backup changes
    with pytest.raises(ProfileFileError):
        store.update("p1", lambda p: p.with_changes(notes="third"))
    with pytest.raises(ProfileFileError):
        store.save(_profile())
    assert path.read_bytes() == broken
    assert store.backup_for("p1").read_bytes() == good_backup
    # listing shows the others and reports this one
    store.create(_profile("ok"))
    good, bad = store.scan()
    assert [p.name for p in good] == ["ok"] and bad[0].path == path
    # deleting it keeps the good backup
    where = store.delete("p1")
    assert where.name == "p1.toml.broken"
    assert store.backup_for("p1").read_bytes() == good_backup


@pytest.mark.parametrize("content, detail", [
    (b'venv = "/v"\n', "project_dir"),
    (b'project_dir = "/p"\nvenv = "/v"\n[env]\nX = 3\n', "env.X"),
    (b'project_dir = "/p"\nvenv = "/v"\nformat = 99\n', "newer"),
    (b'project_dir = "/p"\nvenv = "/v\xff"\n', "UTF-8"),
])
def test_wrong_content_is_a_clear_error(store, content, detail):
    store.dir.mkdir(parents=True)
    store.path_for("p1").write_bytes(content)
    with pytest.raises(ProfileFileError, match=detail):
        store.load("p1")


def test_hand_written_minimal_file_loads(store):
    store.dir.mkdir(parents=True)
    store.path_for("mine").write_text('project_dir = "/p"\nvenv = "/v"\n[env]\nHIP_VISIBLE_DEVICES = "0"\n')
    p = store.load("mine")
    assert p.env == {"HIP_VISIBLE_DEVICES": "0"} and p.hooks is False


# -- concurrency ------------------------------------------------------------------------------------------
WRITER = r"""
import sys
from rocmdesk.torchenv.profile_store import ProfileStore
from rocmdesk.torchenv.profiles import Profile
store = ProfileStore(sys.argv[1])
who, count = sys.argv[2], int(sys.argv[3])
for i in range(count):
    store.create(Profile(name=f"{who}-{i}", project_dir="/p", venv="/v"))
    store.update("shared", lambda p: p.with_changes(env={**p.env, f"K_{who}_{i}": str(i)}))
"""


def test_processes_writing_at_once_lose_nothing(store):
    store.create(_profile("shared", env={}))
    writers, count = 4, 15
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, str(store.dir), f"w{n}", str(count)],
                              stderr=subprocess.PIPE, text=True, cwd=REPO) for n in range(writers)]
    errors = [p.communicate(timeout=120)[1] for p in procs]
    assert all(p.returncode == 0 for p in procs), errors
    assert len(store.names()) == writers * count + 1
    env = store.load("shared").env
    assert len(env) == writers * count  # every read-modify-write kept the others' keys
    assert store.backup_for("shared").exists()


def test_threads_writing_at_once_lose_nothing(store):
    store.create(_profile("shared", env={}))
    failures = []

    def work(n):
        try:
            for i in range(10):
                store.update("shared", lambda p, key=f"T{n}_{i}": p.with_changes(env={**p.env, key: "1"}))
        except Exception as exc:  # pragma: no cover - reported below
            failures.append(exc)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not failures
    assert len(store.load("shared").env) == 60


def test_no_temporary_files_are_left(store):
    for i in range(5):
        store.create(_profile(f"p{i}"))
        store.update(f"p{i}", lambda p: p.with_changes(notes="n"))
    assert not [n for n in os.listdir(store.dir) if n.endswith(".tmp")]


# -- small things --------------------------------------------------------------------------------------
def test_json_form():
    p = _profile(created=datetime(2026, 1, 2, tzinfo=timezone.utc), updated=datetime(2026, 1, 3, tzinfo=timezone.utc))
    data = p.to_json()
    assert json.loads(json.dumps(data))["created"] == "2026-01-02T00:00:00+00:00"
    assert data["env"] == {"HSA_OVERRIDE_GFX_VERSION": "10.3.0"}


def test_path_warnings_for_paths_cpython_activate_cannot_quote():
    assert path_warnings("/home/u/my venv's") == []
    assert "activate" in path_warnings('/home/u/$(x)')[0]
