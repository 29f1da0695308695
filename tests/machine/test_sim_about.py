"""The window's banner reads one machine file for its line (issue 19): the same line the catalogue gives."""

from __future__ import annotations

import os
import subprocess
import sys

from rocmdesk.machine import sim_about, sim_spec


def test_about_from_one_file_is_the_catalogues() -> None:
    for machine in sim_spec.list_machines():
        assert sim_about.about(machine.name) == machine.about


def test_about_of_no_such_machine_is_none(tmp_path) -> None:
    assert sim_about.about("no-such-machine") is None
    assert sim_about.about("../etc/passwd") is None and sim_about.about("_common") is None
    (tmp_path / "broken.toml").write_text("about = [unclosed\n")
    assert sim_about.about("broken", tmp_path) is None
    (tmp_path / "child.toml").write_text('extends = "parent"\n')
    (tmp_path / "parent.toml").write_text('about = "the parent"\nextends = "child"\n')
    assert sim_about.about("child", tmp_path) == "the parent"
    os.mkfifo(tmp_path / "fifo.toml")
    assert sim_about.about("fifo", tmp_path) is None  # never opened: a read would block


def test_reading_the_line_loads_no_catalogue() -> None:
    code = ("import sys; from rocmdesk.machine.sim_about import about; about('rx6600xt-ubuntu2204'); "
            "print(sorted(m for m in sys.modules if m.startswith('rocmdesk.machine.sim')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['rocmdesk.machine.sim_about']"
