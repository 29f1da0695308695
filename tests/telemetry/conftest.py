"""Helpers for the telemetry tests: simulated trees built into a test's own folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from rocmdesk.machine import simulate
from rocmdesk.machine.host import Host
from rocmdesk.machine.simcache import host_from_meta, sim_metadata

GPU_MACHINES = [m.name for m in simulate.list_machines() if m.gpus]


def build_tree(name: str, dest: Path, t: float = 100.0) -> Path:
    return simulate.build(name, dest, t=t)


def simulated_host(root: Path) -> Host:
    """A Host that knows the tree is a simulated machine (so samplers move its metrics)."""
    meta = sim_metadata(root)
    assert meta is not None
    return host_from_meta(root, meta)


@pytest.fixture
def xtx_root(tmp_path: Path) -> Path:
    return build_tree("rx7900xtx-ubuntu2404", tmp_path / "xtx")
