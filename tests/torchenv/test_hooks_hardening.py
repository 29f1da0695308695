"""Issue 16, finding 1 (and tcsh's part of finding 7): nothing in a profile can become a line of its own in an
activate script, a block is taken out whole or not at all, and csh's deactivate puts back any previous value.

The profile values here are what a profile file from elsewhere can hold; the real shells source the scripts.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rocmdesk.torchenv.hooks import (
    BEGIN,
    END,
    SCRIPTS,
    HookError,
    apply_hooks,
    find_blocks,
    hook_status,
    remove_hooks,
    render_bash,
    render_csh,
    render_fish,
)
from tests.torchenv.profilekit import (
    SHELLS,
    clean_env,
    make_venv,
    need_shell,
    run_activation,
)

ALL_SHELLS = ["bash", "zsh", "fish", "tcsh", "bsd-csh"]
NL_SHELLS = ["bash", "zsh", "fish"]  # csh cannot hold a line break in a value it sets


def _evil(marker) -> dict[str, str]:
    """Values that end the block early (and start another one) if they are written raw."""
    return {
        "X": f"x\n{END}\ntouch {marker}",
        "Y": f"y\r\n{END}\r\ntouch {marker}-cr\n",
        "Z": f"z\n{BEGIN.format(name='evil')}\ntouch {marker}-begin\n{END}\n",
        "HSA_OVERRIDE_GFX_VERSION": "10.3.0",
    }


def _files(venv):
    return {name: (venv / "bin" / name).read_bytes() for _, name in SCRIPTS}


# -- finding 1: a value cannot end the block ----------------------------------------------------------------
@pytest.mark.parametrize("shell", ALL_SHELLS)
def test_a_value_with_an_end_marker_is_applied_sourced_and_removed_without_running(shell, tmp_path):
    venv = make_venv(tmp_path / "venv")
    marker = tmp_path / "pwned"
    before = _files(venv)
    env_values = _evil(marker)
    keys = sorted(env_values)
    apply_hooks(venv, "p1", env_values)
    dumps, out, err = run_activation(shell, venv, tmp_path, keys, clean_env(tmp_path))
    assert not list(tmp_path.glob("pwned*")), (out, err)
    assert len(dumps) == 3, (out, err)
    if shell in NL_SHELLS:
        assert {k: dumps[0][k] for k in keys} == env_values  # every byte of every value, line breaks included
    else:
        assert "not applied in csh" in err and dumps[0]["X"] is None
    assert {k: dumps[2][k] for k in keys} == dict.fromkeys(keys)
    assert "LEFTOVER" not in out, out

    assert {r.action for r in remove_hooks(venv, "p1")} == {"removed"}
    dumps, out, err = run_activation(shell, venv, tmp_path, keys, clean_env(tmp_path))
    assert not list(tmp_path.glob("pwned*")), (out, err)  # nothing of the value was left behind to run
    assert len(dumps) == 3 and "syntax error" not in err.lower(), err
    assert _files(venv) == before  # byte for byte


def test_the_only_marker_lines_are_our_own(tmp_path):
    venv = make_venv(tmp_path / "venv")
    apply_hooks(venv, "p1", _evil(tmp_path / "pwned"))
    for _, name in SCRIPTS:  # one start, one end; the values' markers are inside quotes on our lines
        lines = (venv / "bin" / name).read_text().split("\n")
        assert lines.count(BEGIN.format(name="p1")) == 1 and lines.count(END) == 1, name
        assert not any(line.startswith("touch") for line in lines), name


def test_each_edit_replaces_the_block_instead_of_growing_the_file(tmp_path):
    venv = make_venv(tmp_path / "venv")
    before = _files(venv)
    env_values = _evil(tmp_path / "pwned")
    apply_hooks(venv, "p1", env_values)
    sizes = {name: len(data) for name, data in _files(venv).items()}
    for i in range(3):  # `profile edit` applies again with the new values
        env_values["HSA_OVERRIDE_GFX_VERSION"] = f"10.3.{i}"
        apply_hooks(venv, "p1", env_values)
        assert {name: len(data) for name, data in _files(venv).items()} == sizes
    remove_hooks(venv, "p1")
    assert _files(venv) == before


def test_a_value_with_a_start_marker_does_not_lock_the_block_in(tmp_path):
    venv = make_venv(tmp_path / "venv")
    before = _files(venv)
    env_values = {"A": f"a\n{BEGIN.format(name='evil')}\nb", "B": f"{BEGIN.format(name='p1')}"}
    apply_hooks(venv, "p1", env_values)
    assert {s.state for s in hook_status(venv, "p1", env_values)} == {"current"}
    assert [r.action for r in apply_hooks(venv, "p1", env_values)] == ["unchanged"] * 3
    apply_hooks(venv, "p1", {**env_values, "C": "c"})
    assert {r.action for r in remove_hooks(venv)} == {"removed"}
    assert _files(venv) == before


ANY_VALUE = st.text(st.characters(blacklist_characters="\x00", blacklist_categories=("Cs",)), max_size=30)
MARKERISH = st.sampled_from([END, BEGIN.format(name="p1"), BEGIN.format(name="x"),
                             "# rocmdesk block sha256 " + "0" * 64, "\n", "\r", "\r\n", "\x0b", "\x0c", "\x1c", "\x85", "\u2028", "\u2029", "'", "\\"])
HOSTILE_VALUE = st.lists(st.one_of(MARKERISH, ANY_VALUE), max_size=8).map("".join)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(env=st.dictionaries(st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,12}", fullmatch=True), HOSTILE_VALUE,
                           max_size=4))
def test_every_line_of_a_block_is_one_rocmdesk_wrote(env):
    """Whatever the values: the block's first line is its start marker, its last its end marker, no other line
    (split the way any reader splits: str.splitlines knows \\r, \\v, \\f, \\x1c-\\x1e, U+0085, U+2028 and U+2029
    too) looks like a marker, and the reader finds exactly this one block, sealed."""
    blocks = [render_bash("p1", env), render_fish("p1", env), render_csh("p1", env, "deactivate nondestructive")[0]]
    for block in blocks:
        for lines in (block.split("\n")[:-1], block.splitlines()):
            assert lines[0] == BEGIN.format(name="p1") and lines[-1] == END
            inner = lines[1:-1]
            assert not any(re.match(r"\s*#\s*(>>>|<<<)\s*rocmdesk", line) for line in inner)
        found = find_blocks("#!/bin/sh\n" + block)
        assert [(b.name, b.sealed, b.end) for b in found] == [("p1", True, len(block) + 10)]


# -- a block that cannot be read is reported and left whole -------------------------------------------------
LEGACY_POISONED = (
    # what rocmdesk wrote before issue 16 for X = "x\n# <<< rocmdesk profile <<<\ntouch PWNED": the value's end
    # marker ends the block two lines early, and everything after it would stay in the file
    "# >>> rocmdesk profile p1 >>>\n"
    "export X='x\n"
    "# <<< rocmdesk profile <<<\n"
    "touch PWNED\n"
    "'\n"
    "# <<< rocmdesk profile <<<\n"
)


@pytest.mark.parametrize("script", ["activate", "activate.fish", "activate.csh"])
def test_a_block_whose_end_cannot_be_told_is_reported_and_nothing_is_changed(tmp_path, script):
    venv = make_venv(tmp_path / "venv")
    marker = tmp_path / "pwned"
    path = venv / "bin" / script
    path.write_text(path.read_text() + LEGACY_POISONED.replace("PWNED", str(marker)))
    original = _files(venv)
    for action in (lambda: remove_hooks(venv, "p1"), lambda: remove_hooks(venv),
                   lambda: apply_hooks(venv, "p1", {"X": "safe"})):
        with pytest.raises(HookError) as exc:
            action()
        message = str(exc.value)
        assert str(path) in message and "an end marker without its start marker" in message, message
        assert "line " in message and "python3 -m venv" in message
        assert _files(venv) == original  # not half-removed; and apply wrote none of the three scripts
    assert {s.state for s in hook_status(venv, "p1", {"X": "safe"}) if s.path == path} == {"stale"}


def test_a_forged_sealed_block_before_an_old_one_is_not_trusted(tmp_path):
    """A value (written raw by an older rocmdesk) can carry a whole block with a correct checksum, then its
    payload, then a start marker for the rest of the real block: two blocks, one without a checksum."""
    forged = render_bash("p1", {"A": "a"})
    legacy_tail = "# >>> rocmdesk profile q >>>\n'\nunset _rocmdesk_def\n" + END + "\n"
    text = "#!/bin/sh\n" + forged + "touch PWNED\n" + legacy_tail
    with pytest.raises(HookError, match="only block"):
        find_blocks(text)
    assert find_blocks("#!/bin/sh\n" + forged + "echo mine\n" + render_bash("q", {}))  # two sealed blocks are fine


@pytest.mark.parametrize("stray", [
    END + "\n",  # an end marker of ours with no start
    "  # >>> rocmdesk profile p1 >>>\n",  # indented: not a line rocmdesk writes
    "# >>> rocmdesk profile p1 >>>\r\n",  # a CR before the newline
    "# >>> rocmdesk profile bad name! >>>\n",  # not a profile name
])
def test_stray_marker_lines_anywhere_stop_apply_before_any_script_is_written(tmp_path, stray):
    venv = make_venv(tmp_path / "venv")
    fish = venv / "bin" / "activate.fish"
    fish.write_text(fish.read_text() + stray)
    original = _files(venv)
    with pytest.raises(HookError, match="activate.fish"):
        apply_hooks(venv, "p1", {"A": "1"})
    assert _files(venv) == original  # bin/activate (the first one) was not written either


def test_a_block_without_checksum_alone_in_its_file_is_still_taken_out(tmp_path):
    """Blocks written by an older rocmdesk (no checksum line) come out byte for byte when they are the only
    marker lines in the file, as do blocks edited by hand."""
    venv = make_venv(tmp_path / "venv")
    before = _files(venv)
    apply_hooks(venv, "p1", {"A": "1"})
    for _, name in SCRIPTS:
        path = venv / "bin" / name
        text = path.read_text()
        lines = text.split("\n")
        assert lines[-3].startswith("# rocmdesk block sha256 ")
        path.write_text("\n".join(lines[:-3] + lines[-2:]))  # as before issue 16: no checksum line
    assert [b.sealed for b in find_blocks((venv / "bin" / "activate").read_text())] == [False]
    apply_hooks(venv, "p1", {"A": "2"})  # replaced by a sealed one
    assert [b.sealed for b in find_blocks((venv / "bin" / "activate").read_text())] == [True]
    path = venv / "bin" / "activate"
    path.write_text(path.read_text().replace("export A='2'", "export A='3'"))  # edited by hand
    assert [b.sealed for b in find_blocks(path.read_text())] == [False]
    remove_hooks(venv, "p1")
    assert _files(venv) == before


# -- names that would be code ---------------------------------------------------------------------------------
@pytest.mark.parametrize("env_values, what", [
    ({"X=1;touch PWNED;Y": "v"}, "X=1;touch PWNED;Y"),
    ({"1X": "v"}, "1X"),
    ({"A\nB": "v"}, "A\\nB"),
    ({"A-B": "v"}, "A-B"),
    ({"": "v"}, "''"),
    ({"OK": "a\x00b"}, "NUL"),
])
def test_bad_names_and_values_are_refused_before_anything_is_written(tmp_path, env_values, what):
    venv = make_venv(tmp_path / "venv")
    original = _files(venv)
    with pytest.raises(HookError) as exc:
        apply_hooks(venv, "p1", {k.replace("PWNED", str(tmp_path / "pwned")): v for k, v in env_values.items()})
    assert what.replace("PWNED", str(tmp_path / "pwned")) in str(exc.value)
    assert _files(venv) == original


@pytest.mark.parametrize("name", ["p1\n# <<< rocmdesk profile <<<", "../x", "p 1", "", "-p"])
def test_bad_profile_names_are_refused(tmp_path, name):
    venv = make_venv(tmp_path / "venv")
    original = _files(venv)
    with pytest.raises(HookError, match="profile name"):
        apply_hooks(venv, name, {"A": "1"})
    assert _files(venv) == original


# -- finding 7: csh's deactivate puts back every previous value exactly ------------------------------------------
PREVIOUS = {
    "BS_NL": "x\\\ny",  # a backslash before a newline: "$NAME:q" in double quotes dropped the backslash
    "BS2_NL": "t\\\\\nu\\",
    "NL": "p\nq\n",
    "TRAILING": "a\n\n",
    "MIXED": "it's \"q\" $(no) `no` \\ !x ${y} \t tab ~ * ?",
    "EMPTY": "",
}


@pytest.mark.parametrize("shell", ["tcsh", "bsd-csh"])
def test_csh_deactivate_puts_back_previous_values_with_line_breaks_exactly(shell, tmp_path):
    venv = make_venv(tmp_path / "venv")
    profile = {k: "new" for k in PREVIOUS} | {"UNSET_BEFORE": "set"}
    apply_hooks(venv, "p1", profile)
    env = clean_env(tmp_path, **PREVIOUS)
    keys = sorted(profile)
    dumps, out, err = run_activation(shell, venv, tmp_path, keys, env)
    assert len(dumps) == 3, (out, err)
    assert all(dumps[i][k] == "new" for i in (0, 1) for k in PREVIOUS)
    assert {k: dumps[2][k] for k in keys} == {**PREVIOUS, "UNSET_BEFORE": None}
    assert "LEFTOVER" not in out, out


def test_tcsh_puts_back_a_long_name_with_a_backslash_newline(tmp_path):
    """Names over 30 characters, which BSD csh cannot expand, are read the exact way in tcsh too."""
    venv = make_venv(tmp_path / "venv")
    key = "TORCH_ROCM_AOTRITON_ENABLE_EXPERIMENTAL"
    apply_hooks(venv, "p1", {key: "1"})
    dumps, out, err = run_activation("tcsh", venv, tmp_path, [key], clean_env(tmp_path, **{key: "a\\\nb\n"}))
    assert [d[key] for d in dumps] == ["1", "1", "a\\\nb\n"], (out, err)


PREV_VALUE = st.text(st.characters(blacklist_characters="\x00", blacklist_categories=("Cs",)), max_size=20) | \
    st.lists(st.sampled_from(["\\", "\n", "\\\n", "'", '"', "!", "$", "`", " ", "\t", "x"]), max_size=10).map("".join)


@pytest.mark.parametrize("shell", ["tcsh", "bsd-csh"])
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(previous=st.lists(PREV_VALUE, min_size=1, max_size=6))
def test_csh_restores_any_previous_value(shell, tmp_path, previous):
    argv = need_shell(shell)
    work = Path(tempfile.mkdtemp(dir=tmp_path))
    venv = tmp_path / "venv"  # one venv for all examples (apply replaces the block)
    if not venv.exists():
        make_venv(venv)
    keys = [f"V{i}" for i in range(len(previous))]
    apply_hooks(venv, "p1", dict.fromkeys(keys, "new"))
    _, source, script = SHELLS[shell]
    (work / "dump.py").write_text("import json, os, sys\n"
                                  "print('DUMP ' + json.dumps([os.environ.get(k) for k in sys.argv[1:]]))\n")
    dump = f"{sys.executable} {work / 'dump.py'} " + " ".join(keys)
    (work / "s.csh").write_text(f'set prompt="% "\n{source(str(venv / "bin" / script))}\ndeactivate\n{dump}\n')
    proc = subprocess.run(argv + [str(work / "s.csh")], env=clean_env(work, **dict(zip(keys, previous))),
                          capture_output=True, text=True, timeout=60)
    got = [json.loads(line[5:]) for line in proc.stdout.splitlines() if line.startswith("DUMP ")]
    assert got == [previous], proc.stderr
