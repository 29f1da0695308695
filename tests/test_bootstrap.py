"""scripts/bootstrap.sh, which ./run.sh and ./test.sh run first every time: which system packages it finds missing,
asked of the real dpkg-query over a dpkg database built here (``DPKG_ADMINDIR``), with one query for all of them (one
per package cost ~150 ms at every launch of the app, as much as its first window)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from tests.conftest import need_program

REPO = Path(__file__).resolve().parent.parent
SCRIPT = REPO / "scripts" / "bootstrap.sh"


def _database(root: Path, states: dict[str, str]) -> Path:
    """A dpkg admin directory whose status file holds ``states`` (package -> dpkg's Status line)."""
    admin = root / "dpkg"
    (admin / "info").mkdir(parents=True)
    (admin / "updates").mkdir()
    (admin / "available").touch()
    (admin / "status").write_text("".join(
        f"Package: {name}\nStatus: {status}\nArchitecture: amd64\nVersion: 1.0\nMaintainer: t <t@example.org>\n"
        f"Description: t\n\n" for name, status in states.items()))
    return admin


def _missing(admin: Path, *flags: str, path: str | None = None) -> list[str]:
    env = {**os.environ, "DPKG_ADMINDIR": str(admin)}
    if path:
        env["PATH"] = path
    res = subprocess.run(["bash", str(SCRIPT), *flags, "--print-missing"], capture_output=True, text=True, env=env,
                         timeout=60)
    assert res.returncode == 0, res.stderr
    return res.stdout.split()


@pytest.mark.parametrize("flags", [(), ("--test",)])
def test_the_missing_packages_are_exactly_those_not_installed(tmp_path, flags):
    need_program("dpkg-query", "dpkg")
    wanted = _missing(_database(tmp_path / "empty", {}), *flags)  # nothing installed: every package it may want
    assert "python3-venv" in wanted and "libegl1" in wanted and len(wanted) == len(set(wanted))
    states = {name: "install ok installed" for name in wanted}
    states["libgl1"] = "deinstall ok config-files"  # removed, its configuration kept: not installed
    states["libegl1"] = "install ok half-installed"  # an interrupted install: install it again
    del states["python3-venv"]  # a package this dpkg has never heard of
    assert _missing(_database(tmp_path / "some", states), *flags) == [
        name for name in wanted if name in ("python3-venv", "libegl1", "libgl1")]
    everything = {name: "install ok installed" for name in wanted}
    assert _missing(_database(tmp_path / "all", everything), *flags) == []


def test_it_asks_dpkg_once(tmp_path):
    real = need_program("dpkg-query", "dpkg")
    shim = tmp_path / "bin"
    shim.mkdir()
    log = tmp_path / "calls"
    wrapper = shim / "dpkg-query"  # the real dpkg-query, with each call noted
    wrapper.write_text(f'#!/bin/sh\necho call >> "{log}"\nexec "{real}" "$@"\n')
    wrapper.chmod(0o755)
    missing = _missing(_database(tmp_path, {}), "--test", path=f"{shim}:{os.environ['PATH']}")
    assert len(missing) > 10
    assert log.read_text().split() == ["call"]


def test_an_unknown_option_is_refused():
    res = subprocess.run(["bash", str(SCRIPT), "--frobnicate"], capture_output=True, text=True, timeout=60)
    assert res.returncode == 2 and "usage: bootstrap.sh" in res.stderr
