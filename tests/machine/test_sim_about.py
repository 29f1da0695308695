"""The window's banner reads one machine file for its line (issue 19): the same line the catalogue gives."""

from __future__ import annotations

from rocmdesk.machine import sim_spec


def test_about_from_one_file_is_the_catalogues() -> None:
    for machine in sim_spec.list_machines():
        assert sim_spec.about(machine.name) == machine.about


def test_about_of_no_such_machine_is_none(tmp_path) -> None:
    assert sim_spec.about("no-such-machine") is None
    assert sim_spec.about("../etc/passwd") is None and sim_spec.about("_common") is None
    (tmp_path / "broken.toml").write_text("about = [unclosed\n")
    assert sim_spec.about("broken", tmp_path) is None
    (tmp_path / "child.toml").write_text('extends = "parent"\n')
    (tmp_path / "parent.toml").write_text('about = "the parent"\nextends = "child"\n')
    assert sim_spec.about("child", tmp_path) == "the parent"
