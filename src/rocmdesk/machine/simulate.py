"""Simulated machines: sysfs-like trees that the project's real reader reads; this module is their public API.

``rocmdesk --simulate NAME`` points the Host seam at a tree built here.  The trees
follow real sysfs (the LACT card snapshots, the k8s-device-plugin KFD trees, what
the kernel's amdgpu and KFD code create) closely enough that Debian's real
``rocm-smi`` runs against them, so a reader that passes on a tree is not merely
passing a test written by the same hand that wrote the tree.

Layout facts worth knowing when reading a tree (all are real-machine facts):
- ``/sys/class/drm/cardN`` and ``renderDN`` are relative symlinks into the PCI
  function's ``drm/`` folder; connectors (``card1-DP-1``) sit beside them.
- On kernels with simpledrm (Ubuntu 24.04) the first amdgpu card is ``card1``.
- gfx 9.4.3 (MI300) cards make 7 extra DRM devices each for compute partitions
  (``/sys/devices/platform/amdgpu_xcp.N``), so 8 cards use renderD128, 136, ... 184.
  Partition KFD nodes carry ``location_id | partition`` and share ``unique_id``.
- Device nodes are plain files; their intended owner, group and mode are in the
  metadata file ``.rocmdesk-sim.json`` (see ``sim_metadata``).

Metrics that move (busy, temperatures, power, clocks, fan, memory) are a pure
function of (machine, GPU index, time) -- ``gpu_metrics`` -- and ``write_metrics``
rewrites only those files, atomically.

Where each part lives:
- ``simulated/*.toml``: the machines, one data file each, and the pieces they share (``_common.toml`` says how
  to add a machine);
- ``sim_records``: the records a spec is read into (``SimMachine``, ``SimGpu``, ...);
- ``sim_spec``: reading the data files (``list_machines``, ``get_machine``);
- ``sim_tree``: writing a tree from a record;
- ``sim_load``: the load model (``gpu_metrics``) and the metric files it moves;
- ``sim_live``: rewriting a built tree's metrics and GPU processes as time passes.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from rocmdesk.machine.host import Host
from rocmdesk.machine.sim_live import write_metrics, write_processes
from rocmdesk.machine.sim_load import GpuMetrics, metrics_for
from rocmdesk.machine.sim_records import GiB, KiB, MiB, DeviceMode, OtherGpu, PciFn, SimCpu, SimGpu, SimMachine
from rocmdesk.machine.sim_spec import SpecError, get_machine, list_machines
from rocmdesk.machine.sim_tree import build_into
from rocmdesk.machine.simcache import (
    META_FILE,
    builder_version,
    default_cache_dir,
    host_from_meta,
    sim_metadata,
    usable,
)

__all__ = [
    "DeviceMode", "GiB", "GpuMetrics", "KiB", "META_FILE", "MiB", "OtherGpu", "PciFn", "SimCpu", "SimGpu",
    "SimMachine", "SpecError", "build", "build_machine", "builder_version", "ensure_built", "get_machine",
    "gpu_metrics", "list_machines", "open_simulated", "sim_metadata", "write_metrics", "write_processes",
]


def gpu_metrics(name: str, gpu_index: int, t: float) -> GpuMetrics:
    """Metrics of GPU ``gpu_index`` (a physical card, in catalogue order) of machine ``name`` at time t."""
    return metrics_for(get_machine(name), gpu_index, t)


def build(name: str, dest: Path, t: float | None = None) -> Path:
    """Write the tree of machine ``name`` under ``dest`` (metrics as at time t, default 0) and return dest."""
    machine = get_machine(name)
    dest = Path(dest)
    dest.mkdir(parents=True, exist_ok=True)
    build_into(machine, dest, 0.0 if t is None else float(t))
    return dest


def build_machine(machine: SimMachine, dest: Path, t: float | None = None) -> Host:
    """Write the tree of a machine record (e.g. a catalogue machine with a fault put in by
    ``dataclasses.replace``) under ``dest`` and return a Host over it.  Nothing is cached."""
    dest = Path(dest)
    dest.mkdir(parents=True, exist_ok=True)
    build_into(machine, dest, 0.0 if t is None else float(t))
    meta = sim_metadata(dest)
    if meta is None:
        raise RuntimeError(f"the simulated tree at {dest} has no readable metadata")
    return host_from_meta(dest, meta)


def _usable(target: Path, name: str) -> bool:
    return usable(target, name) is not None


def ensure_built(name: str, cache_dir: Path | None = None) -> Path:
    """The cached tree of ``name``, built (into a temporary folder, then renamed) when missing or stale."""
    machine = get_machine(name)
    base = Path(cache_dir) if cache_dir is not None else default_cache_dir()
    target = base / machine.name
    if _usable(target, machine.name):
        return target
    base.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{machine.name}.build-", dir=base))
    try:
        build_into(machine, tmp, 0.0)
        if os.path.lexists(target):
            trash = Path(tempfile.mkdtemp(prefix=f".{machine.name}.old-", dir=base))
            try:
                os.replace(target, trash / "tree")
            except OSError:
                pass  # another process moved it first
        try:
            os.replace(tmp, target)
        except OSError:
            # another process put its own tree in place meanwhile; keep it if it is good
            if not _usable(target, machine.name):
                raise
        _remove_stale(base, machine.name)
    finally:
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)
    return target


def _remove_stale(base: Path, name: str) -> None:
    for p in base.glob(f".{name}.old-*"):
        shutil.rmtree(p, ignore_errors=True)


def open_simulated(name: str, cache_dir: Path | None = None) -> Host:
    """A Host over the simulated machine ``name``, built in (or reused from) the per-user cache.

    ``cache_dir`` replaces ``user_cache_dir("rocmdesk")/simulated``: the tree goes to ``cache_dir/name``.
    """
    get_machine(name)  # an unknown name is a KeyError before anything is written
    root = ensure_built(name, cache_dir)
    meta = sim_metadata(root)
    if meta is None:
        raise RuntimeError(f"the simulated tree at {root} has no readable metadata")
    return host_from_meta(root, meta)

