"""A simulated machine's Host and its about line from the per-user cache (``machine.open_sim``)."""

from __future__ import annotations

import json

from rocmdesk.machine import sim_about
from rocmdesk.machine.open_sim import cached_about, open_simulated
from rocmdesk.machine.simcache import META_FILE

NAME = "rx6600xt-ubuntu2204"


def test_the_about_line_comes_from_a_good_cached_tree(tmp_path):
    assert cached_about(NAME, tmp_path) is None  # nothing built yet
    open_simulated(NAME, tmp_path)
    assert cached_about(NAME, tmp_path) == sim_about.about(NAME)


def test_a_stale_broken_or_hostile_tree_gives_no_about_line(tmp_path):
    open_simulated(NAME, tmp_path)
    meta_path = tmp_path / NAME / META_FILE
    good = json.loads(meta_path.read_text())
    for bad in ({**good, "builder_version": "0-old"}, {**good, "complete": False}, {**good, "name": "other"},
                {**good, "description": ["not", "text"]}, {**good, "description": ""}):
        meta_path.write_text(json.dumps(bad))
        assert cached_about(NAME, tmp_path) is None, bad
    meta_path.write_text("{not json")
    assert cached_about(NAME, tmp_path) is None
    for name in ("", ".", "..", "../" + NAME, NAME + "/x"):
        assert cached_about(name, tmp_path) is None
