"""Editing the activate scripts: markers, idempotence, byte-for-byte removal, status, venv rewrites."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from rocmdesk.torchenv.hooks import (
    BEGIN,
    END,
    HookError,
    apply_hooks,
    find_blocks,
    hook_status,
    needs_apply,
    quote_csh,
    remove_hooks,
    render_bash,
    render_csh,
    render_fish,
)
from tests.torchenv.profilekit import NASTY, make_venv, script_hashes

ENV = {"HSA_OVERRIDE_GFX_VERSION": "10.3.0", "PYTORCH_HIP_ALLOC_CONF": "expandable_segments:True", "N": NASTY}


@pytest.fixture
def venv(tmp_path):
    return make_venv(tmp_path / "venv")


def _states(venv, name="p1", env=ENV):
    return {s.shell: s.state for s in hook_status(venv, name, env)}


def test_apply_writes_one_marked_block_per_script(venv):
    results = apply_hooks(venv, "p1", ENV)
    assert [r.action for r in results] == ["written"] * 3
    for name in ("activate", "activate.fish", "activate.csh"):
        text = (venv / "bin" / name).read_text()
        assert text.count(BEGIN.format(name="p1")) == 1
        assert text.count(END) == 1
        assert text.rstrip("\n").endswith(END)


def test_apply_twice_is_apply_once(venv):
    apply_hooks(venv, "p1", ENV)
    once = {n: (venv / "bin" / n).read_bytes() for n in ("activate", "activate.fish", "activate.csh")}
    results = apply_hooks(venv, "p1", ENV)
    assert [r.action for r in results] == ["unchanged"] * 3
    assert {n: (venv / "bin" / n).read_bytes() for n in once} == once


def test_remove_restores_every_file_byte_for_byte(venv):
    before = script_hashes(venv)
    apply_hooks(venv, "p1", ENV)
    apply_hooks(venv, "p1", {**ENV, "MORE": "x"})  # an edit in between
    assert script_hashes(venv) != before
    results = remove_hooks(venv, "p1")
    assert [r.action for r in results] == ["removed"] * 3
    assert script_hashes(venv) == before
    assert [r.action for r in remove_hooks(venv, "p1")] == ["unchanged"] * 3


def test_file_mode_is_kept(venv):
    path = venv / "bin" / "activate"
    os.chmod(path, 0o640)
    apply_hooks(venv, "p1", ENV)
    assert path.stat().st_mode & 0o777 == 0o640


def test_a_file_without_final_newline_comes_back_exactly(venv):
    path = venv / "bin" / "activate"
    path.write_bytes(path.read_bytes().rstrip(b"\n"))
    original = path.read_bytes()
    apply_hooks(venv, "p1", ENV)
    assert path.read_bytes().startswith(original + b"\n# >>> rocmdesk profile p1 >>>\n")
    remove_hooks(venv)
    assert path.read_bytes() == original


def test_bytes_that_are_not_utf8_survive(venv):
    path = venv / "bin" / "activate.fish"
    path.write_bytes(path.read_bytes() + b"# caf\xe9 latin-1\n")
    original = path.read_bytes()
    apply_hooks(venv, "p1", ENV)
    remove_hooks(venv, "p1")
    assert path.read_bytes() == original


def test_another_profiles_block_is_replaced_and_reported(venv):
    before = script_hashes(venv)
    apply_hooks(venv, "first", ENV)
    results = apply_hooks(venv, "second", ENV)
    assert all("first" in (r.note or "") for r in results)
    for n in ("activate", "activate.fish", "activate.csh"):
        assert [b.name for b in find_blocks((venv / "bin" / n).read_text())] == ["second"]
    # removing by the wrong name leaves it; by its own name takes it out
    assert {r.action for r in remove_hooks(venv, "first")} == {"kept"}
    assert _states(venv, "first") == {"bash": "other", "fish": "other", "csh": "other"}
    remove_hooks(venv, "second")
    assert script_hashes(venv) == before


def test_a_start_marker_without_end_is_an_error_not_a_guess(venv):
    path = venv / "bin" / "activate"
    path.write_text(path.read_text() + BEGIN.format(name="p1") + "\nexport X=1\n")
    with pytest.raises(HookError, match="start marker but not its end"):
        apply_hooks(venv, "p1", ENV)
    with pytest.raises(HookError):
        remove_hooks(venv)


def test_status_missing_current_stale(venv):
    assert _states(venv) == {"bash": "missing", "fish": "missing", "csh": "missing"}
    apply_hooks(venv, "p1", ENV)
    assert _states(venv) == {"bash": "current", "fish": "current", "csh": "current"}
    states = hook_status(venv, "p1", {**ENV, "HSA_OVERRIDE_GFX_VERSION": "11.0.0"})
    assert {s.state for s in states} == {"stale"} and needs_apply(states)
    assert not needs_apply(hook_status(venv, "p1", ENV))


def test_venv_upgrade_keeps_the_hooks(venv):
    """`python -m venv --upgrade` (3.10-3.13) rewrites pyvenv.cfg and the interpreter links, not the scripts."""
    apply_hooks(venv, "p1", ENV)
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", "--upgrade", str(venv)], check=True)
    assert _states(venv) == {"bash": "current", "fish": "current", "csh": "current"}


def test_recreating_the_venv_drops_the_hooks_and_apply_brings_them_back(venv):
    """`python -m venv DIR` over an existing venv (or virtualenv, uv venv) writes new scripts."""
    fresh = script_hashes(venv)
    apply_hooks(venv, "p1", ENV)
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    assert script_hashes(venv) == fresh
    states = hook_status(venv, "p1", ENV)
    assert {s.state for s in states} == {"missing"} and needs_apply(states)
    apply_hooks(venv, "p1", ENV)
    assert _states(venv) == {"bash": "current", "fish": "current", "csh": "current"}
    remove_hooks(venv)
    assert script_hashes(venv) == fresh


def test_missing_scripts_and_non_venvs(tmp_path, venv):
    (venv / "bin" / "activate.csh").unlink()
    results = apply_hooks(venv, "p1", ENV)
    assert [r.action for r in results] == ["written", "written", "absent"]
    with pytest.raises(HookError, match="not a venv"):
        apply_hooks(tmp_path / "nothing", "p1", ENV)


def test_blocks_never_mention_the_venv_path(tmp_path):
    a = make_venv(tmp_path / "a")
    b = make_venv(tmp_path / 'b "$(x)"')
    apply_hooks(a, "p1", ENV)
    apply_hooks(b, "p1", ENV)
    for n in ("activate", "activate.fish", "activate.csh"):
        blocks = [(v / "bin" / n).read_text() for v in (a, b)]
        assert [t[t.index("# >>> rocmdesk"):] for t in blocks] == [blocks[0][blocks[0].index("# >>> rocmdesk"):]] * 2


def test_rendered_blocks_set_our_profile_marker():
    for block in (render_bash("p1", {}), render_fish("p1", {}), render_csh("p1", {}, "unsetenv X")[0]):
        assert "ROCMDESK_PROFILE" in block
        assert block.startswith(BEGIN.format(name="p1") + "\n")
        assert block.endswith(END + "\n")


def test_csh_without_a_deactivate_alias_gets_a_block_that_says_so(venv):
    path = venv / "bin" / "activate.csh"
    path.write_text("setenv VIRTUAL_ENV /x\n")
    results = apply_hooks(venv, "p1", ENV)
    assert "alias deactivate" in (results[2].note or "")
    assert "not applied in csh" in path.read_text()


def test_csh_quoting_refuses_line_breaks():
    assert quote_csh("it's !x") == "'it'\\''s \\!x'"
    with pytest.raises(HookError, match="line break"):
        quote_csh("a\nb")
