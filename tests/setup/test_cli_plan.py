"""``rocmdesk plan`` through its own parser (rocmdesk.cli wires the same two functions in)."""

from __future__ import annotations

import argparse
import json

import pytest

from rocmdesk.machine.simulate import open_simulated
from rocmdesk.cli import plan as cli_plan


def parse(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="rocmdesk")
    cli_plan.add_parser(p.add_subparsers(dest="command"))
    return p.parse_args(argv)


@pytest.fixture
def host(tmp_path):
    return open_simulated("rx7900xtx-ubuntu2404", cache_dir=tmp_path)


def test_options_and_defaults():
    a = parse(["plan"])
    assert (a.rocm, a.scope, a.dkms, a.format) == (None, "pytorch", None, "text")
    assert not hasattr(a, "root") and not hasattr(a, "simulate")  # SUPPRESSed (common.add_target)
    a = parse(["plan", "--simulate", "x", "--rocm", "6.2.4", "--scope", "sdk", "--dkms", "--format", "json"])
    assert (a.simulate, a.rocm, a.scope, a.dkms, a.format) == ("x", "6.2.4", "sdk", True, "json")
    assert parse(["plan", "--no-dkms"]).dkms is False
    assert parse(["plan"]).cleanup is None and parse(["plan", "--no-cleanup"]).cleanup is False
    with pytest.raises(SystemExit):
        parse(["plan", "--root", "a", "--simulate", "b"])
    with pytest.raises(SystemExit):
        parse(["plan", "--scope", "all"])


def test_run_prints_each_format(host, capsys):
    assert cli_plan.run(parse(["plan", "--scope", "runtime"]), host) == 0
    out = capsys.readouterr().out
    assert "SIMULATED MACHINE" in out and "Install ROCm 7.2.4 (runtime)" in out
    assert cli_plan.run(parse(["plan", "--scope", "runtime", "--format", "json"]), host) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["simulated"] and data["choices"]["rocm"] == "7.2.4"
    assert cli_plan.run(parse(["plan", "--format", "script"]), host) == 0
    assert capsys.readouterr().out.startswith("#!/usr/bin/env bash\n")


def test_unknown_release_is_a_usage_error(host, capsys):
    assert cli_plan.run(parse(["plan", "--rocm", "4.2"]), host) == 2
    err = capsys.readouterr().err
    assert "ROCm 4.2 is not in rocmdesk's data" in err and "7.2.4" in err


def test_no_cleanup_keeps_the_leftovers(tmp_path, capsys):
    host = open_simulated("rx6600xt-ubuntu2204", cache_dir=tmp_path)
    assert cli_plan.run(parse(["plan", "--scope", "runtime", "--format", "json"]), host) == 0
    assert any(s["kind"] == "remove-path" for s in json.loads(capsys.readouterr().out)["steps"])
    assert cli_plan.run(parse(["plan", "--scope", "runtime", "--no-cleanup", "--format", "json"]), host) == 0
    assert not any(s["kind"] == "remove-path" for s in json.loads(capsys.readouterr().out)["steps"])
