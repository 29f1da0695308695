"""Which processes hold GPU memory, from the two places the kernel tells it.

- KFD (compute: ROCm, PyTorch): ``/sys/class/kfd/kfd/proc/<pid>/vram_<gpu_id>``, bytes of
  VRAM the process allocated through ``/dev/kfd`` on the GPU whose KFD ``gpu_id`` that is.
- DRM fdinfo (every client of a render or card node, as amdgpu_top reads it):
  ``/proc/<pid>/fd/<n>`` links to ``/dev/dri/renderD*``; ``/proc/<pid>/fdinfo/<n>`` has
  ``drm-pdev`` (the PCI slot), ``drm-client-id`` (one per open DRM file: dup'ed fds repeat
  it, so it is counted once) and ``drm-memory-vram`` / ``drm-memory-gtt`` (``KiB``), and
  ``drm-engine-<name>`` busy nanoseconds: two reads give each engine's use in percent
  (:mod:`rocmdesk.telemetry.fdinfo`).  KFD work is not in those counters: KFD processes are
  marked ``compute``.

Only what the user may read is reported: other users' ``/proc/<pid>/fd`` is unreadable to
a normal user, and such processes are skipped without a word.  Names come from
``/proc/<pid>/comm``.  All reads go through the Host seam.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from typing import Any

from rocmdesk.machine.host import Host
from rocmdesk.machine.model import Gpu
from rocmdesk.telemetry.fdinfo import DrmClient, EngineTracker, add_percent, parse_client, parse_fields, parse_size

__all__ = ["COMPUTE", "GRAPHICS", "GpuProcess", "parse_fdinfo", "parse_size", "read_drm_clients", "read_fdinfo",
           "read_kfd", "read_processes"]

KFD_PROC = "/sys/class/kfd/kfd/proc"
KFD_NODES = "/sys/class/kfd/kfd/topology/nodes"
_VRAM_FILE = re.compile(r"^vram_(\d+)$")
COMPUTE = "compute"  # a KFD process: ROCm/HIP work, which fdinfo's engine times do not count
GRAPHICS = "graphics"  # a DRM client only (a compositor, a game, a video player)


@dataclass
class GpuProcess:
    """One process on one GPU: its memory, and its engine use where fdinfo tells it."""

    pid: int
    name: str | None
    gpu_index: int | None  # None: a GPU rocmdesk does not know (another vendor's, or a new card)
    pci_slot: str | None
    vram_bytes: int | None  # the larger of what KFD and fdinfo say (they count overlapping memory)
    gtt_bytes: int | None
    kfd_vram_bytes: int | None = None
    fdinfo_vram_bytes: int | None = None
    sources: tuple[str, ...] = ()  # "kfd", "fdinfo"
    # compute (KFD) or graphics (DRM only)
    kind: str | None = None
    # percent of the time since the previous read that each engine (gfx, compute, dma, dec, enc, jpeg ...) was
    # busy with this process's work, summed over its DRM clients on this GPU; None: no rate yet (first read,
    # or no fdinfo); {} : fdinfo read twice, no engine used
    engines_percent: dict[str, float] | None = None
    engine_ns: dict[str, int] | None = None  # the busy-time counters read (ns since each client opened)

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["sources"] = list(self.sources)
        if self.engines_percent is not None:
            out["engines_percent"] = {k: round(v, 2) for k, v in self.engines_percent.items()}
        return out


def parse_fdinfo(text: str) -> dict[str, str]:
    return parse_fields(text)


def kfd_gpu_ids(host: Host, gpus: list[Gpu]) -> dict[int, int]:
    """KFD ``gpu_id`` -> GPU index, from each GPU's topology node."""
    out: dict[int, int] = {}
    for g in gpus:
        if g.kfd_node is None:
            continue
        gpu_id = host.read_int(f"{KFD_NODES}/{g.kfd_node}/gpu_id", 10)
        if gpu_id:
            out[gpu_id] = g.index
    return out


def _comm(host: Host, pid: int) -> str | None:
    return host.read_value(f"/proc/{pid}/comm")


def read_kfd(host: Host, gpus: list[Gpu], ids: dict[int, int] | None = None) -> dict[tuple[int, int | None], int]:
    """(pid, gpu index) -> VRAM bytes that KFD accounts to the process."""
    ids = kfd_gpu_ids(host, gpus) if ids is None else ids
    out: dict[tuple[int, int | None], int] = {}
    for name in host.listdir(KFD_PROC):
        if not name.isdigit():
            continue
        pid = int(name)
        for entry in host.listdir(f"{KFD_PROC}/{name}"):
            m = _VRAM_FILE.match(entry)
            if not m:
                continue
            value = host.read_int(f"{KFD_PROC}/{name}/{entry}", 10)
            if value is None:
                continue
            index = ids.get(int(m.group(1)))
            out[(pid, index)] = out.get((pid, index), 0) + value
    return out


def read_drm_clients(host: Host, gpus: list[Gpu], pids: list[int] | None = None) -> list[tuple[int, tuple[str, str], DrmClient]]:
    """Every amdgpu DRM client of ``gpus`` as ``(pid, key, client)``, each client once.

    A client (``drm-pdev`` + ``drm-client-id``) open on several descriptors, or shared by a parent and its
    child, is listed once, for the lowest pid.  A process or descriptor that vanishes between the listing and
    the read is skipped: that is a normal race on a live machine, not an error.
    """
    slots = {g.pci_slot for g in gpus if g.pci_slot}
    if pids is None:
        pids = [int(n) for n in host.listdir("/proc") if n.isdigit()]
    out: list[tuple[int, tuple[str, str], DrmClient]] = []
    seen: set[tuple[str, str]] = set()
    for pid in sorted(pids):
        for fd in host.listdir(f"/proc/{pid}/fd"):
            link = host.readlink(f"/proc/{pid}/fd/{fd}")
            if not link or not link.startswith("/dev/dri/"):
                continue
            text = host.read_text(f"/proc/{pid}/fdinfo/{fd}", limit=16384)
            if not text:
                continue
            client = parse_client(text)
            if (client.driver or "amdgpu") != "amdgpu":
                continue
            pdev = client.pdev or ""
            if not pdev or (slots and pdev not in slots):
                continue
            key = client.key or (pdev, f"pid{pid}-fd{fd}")  # no client id: each descriptor its own client
            if key in seen:
                continue  # a dup()ed or inherited descriptor of a DRM file already counted
            seen.add(key)
            out.append((pid, key, client))
    return out


def read_fdinfo(host: Host, gpus: list[Gpu], pids: list[int] | None = None) -> dict[tuple[int, str], tuple[int | None, int | None]]:
    """(pid, drm-pdev) -> (VRAM bytes, GTT bytes), summed over the process's distinct DRM clients."""
    out: dict[tuple[int, str], tuple[int | None, int | None]] = {}
    for pid, (pdev, _client), c in read_drm_clients(host, gpus, pids):
        old_v, old_g = out.get((pid, pdev), (None, None))
        out[(pid, pdev)] = (_add(old_v, c.vram_bytes), _add(old_g, c.gtt_bytes))
    return out


def _add(a: int | None, b: int | None) -> int | None:
    if a is None:
        return b
    return a if b is None else a + b


@dataclass
class _PerProcess:
    vram: int | None = None
    gtt: int | None = None
    ns: dict[str, int] | None = None
    percent: dict[str, float] | None = None


def _fdinfo_per_process(host: Host, gpus: list[Gpu], engines: EngineTracker | None,
                        now: float | None) -> dict[tuple[int, str], _PerProcess]:
    clients = read_drm_clients(host, gpus)
    rates = engines.update(now, {k: c for _p, k, c in clients}) if engines is not None and now is not None else {}
    out: dict[tuple[int, str], _PerProcess] = {}
    for pid, key, c in clients:
        row = out.setdefault((pid, key[0]), _PerProcess())
        row.vram, row.gtt = _add(row.vram, c.vram_bytes), _add(row.gtt, c.gtt_bytes)
        if c.engines_ns or row.ns is None:
            ns = dict(row.ns or {})
            for name, value in c.engines_ns.items():
                ns[name] = ns.get(name, 0) + value
            row.ns = ns
        row.percent = add_percent(row.percent, rates.get(key))
    return out


def read_processes(host: Host, gpus: list[Gpu], *, fdinfo: bool = True, engines: EngineTracker | None = None,
                   now: float | None = None) -> list[GpuProcess]:
    """Every readable process holding memory on one of ``gpus``, largest VRAM first.

    With an ``engines`` tracker and the time ``now`` (monotonic seconds), each process also gets its engine use
    since the tracker's previous read.
    """
    by_slot = {g.pci_slot: g for g in gpus if g.pci_slot}
    by_index = {g.index: g for g in gpus}
    rows: dict[tuple[int, int | None, str | None], GpuProcess] = {}

    for (pid, index), vram in read_kfd(host, gpus).items():
        gpu = by_index.get(index) if index is not None else None
        key = (pid, index, gpu.pci_slot if gpu else None)
        rows[key] = GpuProcess(pid=pid, name=None, gpu_index=index, pci_slot=key[2], vram_bytes=vram,
                               gtt_bytes=None, kfd_vram_bytes=vram, sources=("kfd",), kind=COMPUTE)
    if fdinfo:
        for (pid, pdev), got in _fdinfo_per_process(host, gpus, engines, now).items():
            gpu = by_slot.get(pdev)
            index = gpu.index if gpu else None
            # a partitioned card has several GPUs on one slot: fdinfo cannot tell them apart
            key = next((k for k in rows if k[0] == pid and k[2] == pdev), (pid, index, pdev))
            row = rows.get(key)
            if row is None:
                row = rows[key] = GpuProcess(pid=pid, name=None, gpu_index=index, pci_slot=pdev, vram_bytes=got.vram,
                                             gtt_bytes=got.gtt, fdinfo_vram_bytes=got.vram, sources=("fdinfo",),
                                             kind=GRAPHICS)
            else:
                row.fdinfo_vram_bytes = got.vram
                row.gtt_bytes = got.gtt
                row.vram_bytes = max(v for v in (row.kfd_vram_bytes, got.vram, 0) if v is not None)
                row.sources = row.sources + ("fdinfo",)
            row.engine_ns = got.ns
            row.engines_percent = got.percent
    names: dict[int, str | None] = {}
    for row in rows.values():
        if row.pid not in names:
            names[row.pid] = _comm(host, row.pid)
        row.name = names[row.pid]
    return sorted(rows.values(), key=lambda r: (-(r.vram_bytes or 0), r.pid, r.gpu_index or 0))
