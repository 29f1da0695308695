"""Issue 16 for profiles: no lost edits when many editors run at once (finding 4), variable names checked on
every load, and no profile file of any shape (a fuzzer's, deeply nested, huge, a FIFO) breaks ``profile list``
for the other profiles (finding 7)."""

from __future__ import annotations

import contextlib
import io
import json
import os
import string
import subprocess
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rocmdesk.cli import main
from rocmdesk.torchenv.hooks import hook_status
from rocmdesk.torchenv.profile_store import MAX_FILE_BYTES, InvalidProfile, ProfileFileError, ProfileStore
from rocmdesk.torchenv.profiles import VAR_NAME_RE, Profile, ProfileEdit
from tests.torchenv.profilekit import clean_env, make_venv

REPO = Path(__file__).resolve().parents[2]


def _profile(name="p1", **kw) -> Profile:
    base = dict(project_dir="/work/proj", venv="/work/proj/.venv", env={"HSA_OVERRIDE_GFX_VERSION": "10.3.0"})
    base.update(kw)
    return Profile(name=name, **base)


@pytest.fixture
def store(tmp_path):
    return ProfileStore(tmp_path / "profiles")


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path


def _cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def _spawn(*args: str | bytes, env: dict[str, str]) -> subprocess.Popen:
    """The real command line in a child process (``python -m rocmdesk``), started without waiting."""
    return subprocess.Popen([sys.executable, "-m", "rocmdesk", *args], env=env, cwd=REPO,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def _child_env(home: Path) -> dict[str, str]:
    return clean_env(home, PYTHONPATH=str(REPO / "src"), LANGUAGE="en", XDG_CONFIG_HOME=str(home / "cfg"),
                     XDG_DATA_HOME=str(home / "data"))


# -- finding 4: concurrent editors ------------------------------------------------------------------------------
EDITORS = 20


def test_20_concurrent_profile_edit_processes_lose_nothing(home):
    env = _child_env(home)
    store = ProfileStore(home / "cfg" / "rocmdesk" / "profiles")
    store.create(_profile("shared", env={"KEEP": "1"}))
    started = time.monotonic()
    # all 20 start before any is waited for: each reads, changes and writes the same file
    procs = [_spawn("profile", "edit", "shared", "--env", f"K_{n}={n}", env=env) for n in range(EDITORS)]
    results = [(p.wait(timeout=180), p.stderr.read().decode()) for p in procs]
    elapsed = time.monotonic() - started
    for p in procs:
        p.stdout.close()
        p.stderr.close()
    assert [code for code, _ in results] == [0] * EDITORS, results
    final = store.load("shared").env
    survived = sorted(k for k in final if k.startswith("K_"))
    assert len(survived) == EDITORS, f"only {len(survived)} of {EDITORS} edits survived: {survived}"
    assert final == {"KEEP": "1", **{f"K_{n}": str(n) for n in range(EDITORS)}}
    assert store.backup_for("shared").exists()
    assert not [n for n in os.listdir(store.dir) if n.endswith(".tmp")]
    print(f"{EDITORS}/{EDITORS} edits survived in {elapsed:.2f} s")


def test_concurrent_edits_of_different_fields_and_unsets_all_land(home):
    env = _child_env(home)
    store = ProfileStore(home / "cfg" / "rocmdesk" / "profiles")
    store.create(_profile("shared", env={f"DROP_{n}": "x" for n in range(5)} | {"KEEP": "1"}))
    procs = ([_spawn("profile", "edit", "shared", "--unset", f"DROP_{n}", env=env) for n in range(5)]
             + [_spawn("profile", "edit", "shared", "--env", f"ADD_{n}=y", env=env) for n in range(5)]
             + [_spawn("profile", "edit", "shared", "--notes", "a note", env=env)])
    codes = [p.wait(timeout=180) for p in procs]
    for p in procs:
        p.stdout.close()
        p.stderr.close()
    assert codes == [0] * len(procs)
    prof = store.load("shared")
    assert prof.env == {"KEEP": "1", **{f"ADD_{n}": "y" for n in range(5)}}
    assert prof.notes == "a note"


def test_20_concurrent_creates_of_different_profiles_all_land(home):
    env = _child_env(home)
    procs = [_spawn("profile", "create", f"p{n}", "--project", str(home / f"proj{n}"), "--venv",
                    str(home / f"venv{n}"), "--env", f"N={n}", env=env) for n in range(EDITORS)]
    results = [(p.wait(timeout=180), p.stderr.read().decode()) for p in procs]
    for p in procs:
        p.stdout.close()
        p.stderr.close()
    assert [code for code, _ in results] == [0] * EDITORS, results
    store = ProfileStore(home / "cfg" / "rocmdesk" / "profiles")
    assert sorted(store.names()) == sorted(f"p{n}" for n in range(EDITORS))
    assert all(store.load(f"p{n}").env == {"N": str(n)} for n in range(EDITORS))


def test_concurrent_creates_of_one_name_let_exactly_one_win(home):
    env = _child_env(home)
    procs = [_spawn("profile", "create", "same", "--project", str(home), "--venv", str(home / f"v{n}"),
                    env=env) for n in range(8)]
    codes = [p.wait(timeout=180) for p in procs]
    for p in procs:
        p.stdout.close()
        p.stderr.close()
    assert sorted(codes) == [0] + [2] * 7
    assert ProfileStore(home / "cfg" / "rocmdesk" / "profiles").names() == ["same"]


def test_concurrent_edits_leave_the_hooks_matching_the_stored_profile(home):
    """The hooks are rewritten under the lock after each write, so the last writer also writes them last."""
    env = _child_env(home)
    venv = make_venv(home / "venv")
    assert _cli("profile", "create", "hooked", "--project", str(home), "--venv", str(venv), "--apply")[0] == 0
    procs = [_spawn("profile", "edit", "hooked", "--env", f"H_{n}={n}", env=env) for n in range(8)]
    codes = [p.wait(timeout=180) for p in procs]
    for p in procs:
        p.stdout.close()
        p.stderr.close()
    assert codes == [0] * 8
    prof = ProfileStore(home / "cfg" / "rocmdesk" / "profiles").load("hooked")
    assert len(prof.env) == 8
    states = {s.shell: s.state for s in hook_status(prof.venv, prof.name, prof.env)}
    assert states == {"bash": "current", "fish": "current", "csh": "current"}


def test_an_edit_with_an_invalid_value_writes_nothing(home):
    store = ProfileStore(home / "cfg" / "rocmdesk" / "profiles")
    store.create(_profile("p1"))
    before = store.path_for("p1").read_bytes()
    code, _, err = _cli("profile", "edit", "p1", "--env", "HSA_OVERRIDE_GFX_VERSION=10.3")
    assert code == 2 and "HSA_OVERRIDE_GFX_VERSION" in err
    code, _, err = _cli("profile", "edit", "p1", "--env", "1BAD=x")
    assert code == 2 and "1BAD" in err
    assert store.path_for("p1").read_bytes() == before
    code, _, err = _cli("profile", "edit", "p1", "--unset", "NOT_THERE")
    assert code == 0 and "NOT_THERE is not set" in err


def test_profile_edit_between_applies_only_what_the_editor_changed():
    base = _profile(env={"A": "1", "B": "2", "C": "3"}, notes="n")
    # meanwhile someone else added D, changed C and applied the hooks
    stored = base.with_changes(env={"A": "1", "B": "2", "C": "other", "D": "4"}, hooks=True)
    # this editor changed A, dropped B and left C, the paths and the notes as they were
    edit = ProfileEdit.between(base, {"A": "new", "C": "3"}, base.project_dir, base.venv, base.notes)
    assert edit.set_env == {"A": "new"} and edit.unset == ("B",)
    assert edit.project_dir is edit.venv is edit.notes is None
    result = edit(stored)
    assert result.env == {"A": "new", "C": "other", "D": "4"} and result.hooks is True and result.notes == "n"


def test_update_that_returns_the_profile_unchanged_writes_nothing(store):
    store.create(_profile())
    before = store.path_for("p1").stat().st_mtime_ns
    assert store.update("p1", lambda p: p) == store.load("p1")
    assert store.path_for("p1").stat().st_mtime_ns == before and not store.backup_for("p1").exists()


# -- names and values checked on every load -----------------------------------------------------------------
def _write(store: ProfileStore, name: str, content: bytes | str) -> Path:
    store.dir.mkdir(parents=True, exist_ok=True)
    path = store.dir / f"{name}.toml"
    path.write_bytes(content.encode() if isinstance(content, str) else content)
    return path


BASE = 'project_dir = "/p"\nvenv = "/v"\n'


@pytest.mark.parametrize("key", ["X=1;touch /tmp/pwned;Y", "1ABC", "A-B", "A B", "", "ÄRGER", "A\nB", "$(id)",
                                 "A.B"])
def test_a_bad_variable_name_makes_the_profile_invalid_naming_file_and_key(store, key):
    path = _write(store, "evil", BASE + "[env]\n" + tomli_w.dumps({key: "v"}))
    with pytest.raises(ProfileFileError) as info:
        store.load("evil")
    msg = str(info.value)
    assert str(path) in msg and repr(key)[:40] in msg and "not a variable name" in msg
    good, bad = store.scan()
    assert good == [] and [e.path for e in bad] == [path]


@pytest.mark.parametrize("content, words", [
    (BASE + '[env]\nA = "x\\u0000y"\n', "NUL"),
    ('project_dir = "/p"\nvenv = "/v\\rA=1"\n', "control character"),
    ('project_dir = "/p\\nX"\nvenv = "/v"\n', "control character"),
    ('project_dir = "/p"\nvenv = "/v\\u0000"\n', "control character"),
    (f'project_dir = "/p"\nvenv = "/{"v" * 5000}"\n', "longer than any path"),
    ('project_dir = "/p"\nvenv = "/v"\nformat = ' + "9" * 5000 + "\n", "TOML"),
    ('project_dir = "/p"\nvenv = "/v"\nx = ' + "[" * 5000 + "]" * 5000 + "\n", "nested"),
    ('project_dir = "/p"\nvenv = "/v"\nx = ' + "{a=" * 3000 + "1" + "}" * 3000 + "\n", "nested"),
    ('project_dir = "/p"\nvenv = "/v"\nx = ' + "[" * 40 + "]" * 40 + "\n", "nested more than 32"),
    ("a" + ".a" * 3000 + " = 1\n" + BASE, "nested"),
])
def test_hostile_shapes_are_one_clear_error(store, content, words):
    path = _write(store, "bad", content)
    store.create(_profile("good"))
    with pytest.raises(ProfileFileError, match=words) as info:
        store.load("bad")
    assert str(path) in str(info.value) and len(str(info.value)) < 1000
    good, bad = store.scan()
    assert [p.name for p in good] == ["good"] and [e.path for e in bad] == [path]


def test_a_huge_file_is_refused_without_reading_it_all(store):
    path = _write(store, "huge", BASE + "notes = '" + "x" * (MAX_FILE_BYTES + 10) + "'\n")
    with pytest.raises(ProfileFileError, match="larger than") as info:
        store.load("huge")
    assert str(path) in str(info.value)


def test_a_fifo_or_a_folder_in_place_of_a_profile_does_not_hang_the_listing(home):
    store = ProfileStore(home / "cfg" / "rocmdesk" / "profiles")
    store.create(_profile("good"))
    os.mkfifo(store.dir / "fifo.toml")
    (store.dir / "folder.toml").mkdir()
    # in a child with a time limit: a blocking open of the FIFO would wait there forever
    proc = subprocess.run([sys.executable, "-m", "rocmdesk", "profile", "list", "--json"], env=_child_env(home),
                          cwd=REPO, capture_output=True, text=True, timeout=60)
    data = json.loads(proc.stdout)
    assert proc.returncode == 3 and [p["name"] for p in data["profiles"]] == ["good"]
    assert sorted(Path(e["path"]).name for e in data["errors"]) == ["fifo.toml", "folder.toml"]
    assert all("not a regular file" in e["message"] for e in data["errors"])


def test_no_profile_with_a_bad_name_or_value_is_ever_written(store):
    for bad in ({"X;Y": "1"}, {"A": "x\x00y"}, {"A": "\udcff"}):
        with pytest.raises(InvalidProfile):
            store.create(_profile(env=bad))
    with pytest.raises(InvalidProfile):
        store.create(_profile(venv="/v\nX=1"))
    with pytest.raises(InvalidProfile):
        store.create(_profile(notes="caf\udce9"))
    assert store.names() == []
    store.create(_profile())
    with pytest.raises(InvalidProfile):
        store.update("p1", lambda p: p.with_changes(env={"1X": "y"}))
    assert store.load("p1").env == {"HSA_OVERRIDE_GFX_VERSION": "10.3.0"}


def test_export_and_show_refuse_a_profile_with_a_bad_name(home):
    store = ProfileStore(home / "cfg" / "rocmdesk" / "profiles")
    _write(store, "evil", BASE + "[env]\n" + tomli_w.dumps({"X=1;touch pwned;Y": "v"}))
    store.create(_profile("good", project_dir=str(home), venv=str(home / "v")))
    for argv in (("profile", "export", "evil", "--format", "envrc", "--output", "-"),
                 ("profile", "export", "evil", "--format", "dotenv", "--output", "-"),
                 ("profile", "show", "evil"), ("profile", "apply", "evil"),
                 ("profile", "edit", "evil", "--env", "A=1")):
        code, out, err = _cli(*argv)
        assert code == 3 and "touch" not in out and "evil.toml" in err and "not a variable name" in err, argv
    code, out, err = _cli("profile", "list", "--json")
    data = json.loads(out)
    assert code == 3 and [p["name"] for p in data["profiles"]] == ["good"]
    assert data["errors"][0]["path"].endswith("evil.toml") and "X=1;touch" in data["errors"][0]["message"]


def test_profile_list_survives_a_deeply_nested_profile(home):
    store = ProfileStore(home / "cfg" / "rocmdesk" / "profiles")
    store.create(_profile("good", project_dir=str(home), venv=str(home / "v")))
    bad = _write(store, "deep", BASE + "x = " + "[" * 100_000 + "]" * 100_000 + "\n")
    code, out, err = _cli("profile", "list")
    assert code == 3 and out.startswith("good\t") and str(bad) in err and "nested" in err
    assert "Traceback" not in err


def test_profile_list_survives_a_venv_whose_scripts_cannot_be_read(home, monkeypatch):
    from rocmdesk.torchenv import hooks

    venv = make_venv(home / "venv")
    assert _cli("profile", "create", "locked", "--project", str(home), "--venv", str(venv), "--apply")[0] == 0
    assert _cli("profile", "create", "other", "--project", str(home), "--venv", str(home / "none"))[0] == 0
    script = venv / "bin" / "activate"
    real = hooks.hook_summary

    def summary(profile):  # what reading a script of mode 000 does (the tests may run as root, who can read it)
        if profile.name == "locked":
            raise PermissionError(13, "Permission denied", str(script))
        return real(profile)

    monkeypatch.setattr(hooks, "hook_summary", summary)
    code, out, err = _cli("profile", "list")
    assert code == 3 and "other\t" in out and "locked\t" in out and str(script) in err
    code, out, err = _cli("profile", "list", "--json")
    data = json.loads(out)
    assert [p["hooks_state"] for p in data["profiles"]] == ["error", "-"]
    assert data["errors"] == [{"path": str(venv), "message": err.strip().removeprefix("rocmdesk: ")}]


@pytest.mark.parametrize("option", ["--env", "--project", "--notes", "--venv"])
def test_non_utf8_arguments_are_a_clear_error(home, option):
    env = _child_env(home)
    value = b"A=\xff\xfe" if option == "--env" else b"/tmp/caf\xe9"
    proc = subprocess.run([sys.executable, "-m", "rocmdesk", "profile", "create", "p1", "--project", str(home),
                           "--venv", str(home / "v"), option.encode(), value], env=env, cwd=REPO,
                          capture_output=True, timeout=60)
    err = proc.stderr.decode("utf-8", "replace")
    assert proc.returncode == 2 and "not UTF-8" in err and option in err, err
    assert "Traceback" not in err and "UnicodeEncodeError" not in err
    assert not (home / "cfg" / "rocmdesk" / "profiles" / "p1.toml").exists()
    assert _cli("profile", "create", "p1", "--project", str(home), "--venv", str(home / "v"))[0] == 0
    proc = subprocess.run([sys.executable, "-m", "rocmdesk", "profile", "edit", "p1", option.encode(), value],
                          env=env, cwd=REPO, capture_output=True, timeout=60)
    err = proc.stderr.decode("utf-8", "replace")
    assert proc.returncode == 2 and "not UTF-8" in err and "Traceback" not in err, err


# -- the fuzzer: a profile file of any shape ---------------------------------------------------------------
KEYS = ("format", "project_dir", "venv", "env", "notes", "hooks", "created", "updated")
scalars = st.one_of(
    st.text(max_size=30), st.integers(min_value=-(2 ** 63), max_value=2 ** 63 - 1), st.booleans(),
    st.floats(allow_nan=False), st.datetimes(timezones=st.sampled_from([timezone.utc, None])),
    st.dates(), st.times(),
    st.sampled_from(["/p", "/v", "", "x\x00y", "a\rb", "\n", "/" + "v" * 300, "HSA_OVERRIDE_GFX_VERSION"]),
)
var_names = st.one_of(st.from_regex(VAR_NAME_RE, fullmatch=True).filter(lambda k: len(k) < 40),
                      st.text(max_size=20), st.sampled_from(["X=1;touch y", "A B", "1A", "", "A\nB"]))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(st.text(max_size=10), inner, max_size=4)),
                      max_leaves=25)
paths = st.one_of(st.sampled_from(["/p", "/v", "rel/dir", "/tmp/venv"]), st.text(min_size=1, max_size=40), values)
env_tables = st.dictionaries(var_names, st.one_of(st.text(max_size=20), values), max_size=5)
fields = {"format": st.one_of(st.integers(min_value=-3, max_value=3), values), "project_dir": paths,
          "venv": paths, "env": st.one_of(env_tables, values), "notes": values,
          "hooks": st.one_of(st.booleans(), values), "created": values, "updated": values}
extra_keys = st.dictionaries(st.text(max_size=10).filter(lambda k: k not in KEYS), values, max_size=3)
documents = st.one_of(
    # nearly a profile: the paths and a table of variables are there, so the checks past the first one run
    st.fixed_dictionaries({"project_dir": paths, "venv": paths,
                           "env": st.dictionaries(var_names, st.text(max_size=20), max_size=5)},
                          optional={"format": st.sampled_from([0, 1]), "notes": st.text(max_size=20),
                                    "hooks": st.booleans(), "created": st.datetimes(), "updated": st.datetimes()}),
    # anything: any of the fields, of any type, and keys of its own
    st.fixed_dictionaries({}, optional=fields),
).flatmap(lambda d: extra_keys.map(lambda extra: {**extra, **d}))


def _good_toml() -> bytes:
    return (BASE + '[env]\nHSA_OVERRIDE_GFX_VERSION = "10.3.0"\n').encode()


raw_files = st.one_of(
    st.binary(max_size=400),
    # a good file with bytes changed, cut or inserted: nearly-TOML is where parsers break
    st.tuples(st.integers(min_value=0, max_value=len(_good_toml())), st.binary(max_size=20),
              st.integers(min_value=0, max_value=10)).map(
        lambda t: _good_toml()[:t[0]] + t[1] + _good_toml()[t[0] + t[2]:]),
    st.text(alphabet=string.printable + "[]{}=\"'#\\", max_size=300).map(str.encode),
)


def _document_bytes(doc) -> bytes:
    try:
        return tomli_w.dumps(doc).encode("utf-8", "surrogatepass")
    except (TypeError, ValueError):  # a shape tomli-w cannot write: write its repr, which is rarely TOML
        return repr(doc).encode("utf-8", "surrogatepass")


def _check_one_file(tmp_path: Path, content: bytes) -> None:
    store = ProfileStore(tmp_path / "cfg" / "rocmdesk" / "profiles")
    for name in list(store.names()):
        (store.dir / f"{name}.toml").unlink()
    good = [_profile("good-a", env={"A": "1"}, created=datetime(2026, 1, 1, tzinfo=timezone.utc)),
            _profile("good-b", env={"B": "2"}, created=datetime(2026, 1, 2, tzinfo=timezone.utc))]
    for p in good:
        store.create(p)
    path = store.dir / "fuzz.toml"
    path.write_bytes(content)
    # load raises the store's own error and nothing else; what does load is a profile the store could write
    try:
        loaded = store.load("fuzz")
    except ProfileFileError as exc:
        assert str(path) in str(exc)
        assert len(str(exc)) < 2000
    else:
        assert loaded.problem() is None
        assert all(VAR_NAME_RE.fullmatch(k) for k in loaded.env)
        json.dumps(loaded.to_json())
    profiles, bad = store.scan()
    assert [p.name for p in profiles if p.name != "fuzz"] == ["good-a", "good-b"]
    assert [p.env for p in profiles if p.name != "fuzz"] == [{"A": "1"}, {"B": "2"}]
    assert all(e.path == path for e in bad)
    # and the command line lists the two good profiles, whatever the third holds
    code, out, err = _cli("profile", "list", "--json")
    data = json.loads(out)
    assert code in (0, 3) and "Traceback" not in err
    names = [p["name"] for p in data["profiles"]]
    assert names in (["fuzz", "good-a", "good-b"], ["good-a", "good-b"])
    assert (code == 3) == bool(data["errors"])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(doc=documents)
def test_fuzz_profile_documents_never_break_the_listing(home, doc):
    _check_one_file(home, _document_bytes(doc))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(content=raw_files)
def test_fuzz_raw_bytes_never_break_the_listing(home, content):
    _check_one_file(home, content)


@pytest.mark.parametrize("content", [
    b"x = " + b"[" * 200_000,  # unterminated and deep
    b"x = " + b"[" * 3000 + b"]" * 3000,
    b"x = " + b"{a=" * 3000 + b"1" + b"}" * 3000,
    b"[" + b"a." * 5000 + b"a]\n",
    b"x = [" + b"[1]," * 20000 + b"]",
    b"\xff\xfe" * 100,
    b"\x00" * 100,
], ids=["unterminated-arrays", "deep-arrays", "deep-inline-tables", "deep-table-header", "wide-array",
        "not-utf8", "nul-bytes"])
def test_known_hostile_files_never_break_the_listing(home, content):
    _check_one_file(home, content)
