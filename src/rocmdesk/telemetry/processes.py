"""Which processes hold GPU memory, from the two places the kernel tells it.

- KFD (compute: ROCm, PyTorch): ``/sys/class/kfd/kfd/proc/<pid>/vram_<gpu_id>``, bytes of
  VRAM the process allocated through ``/dev/kfd`` on the GPU whose KFD ``gpu_id`` that is.
- DRM fdinfo (every client of a render or card node, as amdgpu_top reads it):
  ``/proc/<pid>/fd/<n>`` links to ``/dev/dri/renderD*``; ``/proc/<pid>/fdinfo/<n>`` has
  ``drm-pdev`` (the PCI slot), ``drm-client-id`` (one per open DRM file: dup'ed fds repeat
  it, so it is counted once) and ``drm-memory-vram`` / ``drm-memory-gtt`` (``KiB``).

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

KFD_PROC = "/sys/class/kfd/kfd/proc"
KFD_NODES = "/sys/class/kfd/kfd/topology/nodes"
_VRAM_FILE = re.compile(r"^vram_(\d+)$")
_UNITS = {"": 1, "B": 1, "KIB": 1024, "KB": 1024, "MIB": 1024**2, "MB": 1024**2, "GIB": 1024**3, "GB": 1024**3}
_SIZE_RE = re.compile(r"^\s*(\d{1,20})\s*([A-Za-z]{0,3})\s*$")
# key preference: older kernels print drm-memory-*, newer ones add the drm-resident/total-* forms
_VRAM_KEYS = ("drm-memory-vram", "drm-resident-vram", "drm-total-vram")
_GTT_KEYS = ("drm-memory-gtt", "drm-resident-gtt", "drm-total-gtt")


@dataclass
class GpuProcess:
    """One process's memory on one GPU."""

    pid: int
    name: str | None
    gpu_index: int | None  # None: a GPU rocmdesk does not know (another vendor's, or a new card)
    pci_slot: str | None
    vram_bytes: int | None  # the larger of what KFD and fdinfo say (they count overlapping memory)
    gtt_bytes: int | None
    kfd_vram_bytes: int | None = None
    fdinfo_vram_bytes: int | None = None
    sources: tuple[str, ...] = ()  # "kfd", "fdinfo"

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["sources"] = list(self.sources)
        return out


def parse_size(text: str | None) -> int | None:
    """``123 KiB`` -> 125952; bytes when there is no unit; None for anything else."""
    if text is None:
        return None
    m = _SIZE_RE.match(text)
    if not m:
        return None
    unit = _UNITS.get(m.group(2).upper())
    return int(m.group(1)) * unit if unit is not None else None


def parse_fdinfo(text: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for line in text.splitlines()[:256]:
        key, sep, value = line.partition(":")
        if sep:
            out.setdefault(key.strip(), value.strip())
    return out


def _first(info: dict[str, str], keys: tuple[str, ...]) -> int | None:
    for key in keys:
        value = parse_size(info.get(key))
        if value is not None:
            return value
    return None


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


def read_fdinfo(host: Host, gpus: list[Gpu], pids: list[int] | None = None) -> dict[tuple[int, str], tuple[int | None, int | None]]:
    """(pid, drm-pdev) -> (VRAM bytes, GTT bytes), summed over the process's distinct DRM clients."""
    slots = {g.pci_slot for g in gpus if g.pci_slot}
    if pids is None:
        pids = [int(n) for n in host.listdir("/proc") if n.isdigit()]
    out: dict[tuple[int, str], tuple[int | None, int | None]] = {}
    for pid in pids:
        seen: set[str] = set()
        for fd in host.listdir(f"/proc/{pid}/fd"):
            link = host.readlink(f"/proc/{pid}/fd/{fd}")
            if not link or not link.startswith("/dev/dri/"):
                continue
            text = host.read_text(f"/proc/{pid}/fdinfo/{fd}", limit=16384)
            if not text:
                continue
            info = parse_fdinfo(text)
            if info.get("drm-driver", "amdgpu") != "amdgpu":
                continue
            pdev = info.get("drm-pdev", "").lower()
            if not pdev or (slots and pdev not in slots):
                continue
            client = info.get("drm-client-id") or f"fd{fd}"
            if (pdev, client) in seen:
                continue  # a dup()ed descriptor of a DRM file already counted
            seen.add((pdev, client))  # type: ignore[arg-type]
            vram, gtt = _first(info, _VRAM_KEYS), _first(info, _GTT_KEYS)
            old_v, old_g = out.get((pid, pdev), (None, None))
            out[(pid, pdev)] = (_add(old_v, vram), _add(old_g, gtt))
    return out


def _add(a: int | None, b: int | None) -> int | None:
    if a is None:
        return b
    return a if b is None else a + b


def read_processes(host: Host, gpus: list[Gpu], *, fdinfo: bool = True) -> list[GpuProcess]:
    """Every readable process holding memory on one of ``gpus``, largest VRAM first."""
    by_slot = {g.pci_slot: g for g in gpus if g.pci_slot}
    by_index = {g.index: g for g in gpus}
    rows: dict[tuple[int, int | None, str | None], GpuProcess] = {}

    for (pid, index), vram in read_kfd(host, gpus).items():
        gpu = by_index.get(index) if index is not None else None
        key = (pid, index, gpu.pci_slot if gpu else None)
        rows[key] = GpuProcess(pid=pid, name=None, gpu_index=index, pci_slot=key[2], vram_bytes=vram,
                               gtt_bytes=None, kfd_vram_bytes=vram, sources=("kfd",))
    if fdinfo:
        for (pid, pdev), (vram, gtt) in read_fdinfo(host, gpus).items():
            gpu = by_slot.get(pdev)
            index = gpu.index if gpu else None
            # a partitioned card has several GPUs on one slot: fdinfo cannot tell them apart
            key = next((k for k in rows if k[0] == pid and k[2] == pdev), (pid, index, pdev))
            row = rows.get(key)
            if row is None:
                rows[key] = GpuProcess(pid=pid, name=None, gpu_index=index, pci_slot=pdev, vram_bytes=vram,
                                       gtt_bytes=gtt, fdinfo_vram_bytes=vram, sources=("fdinfo",))
            else:
                row.fdinfo_vram_bytes = vram
                row.gtt_bytes = gtt
                row.vram_bytes = max(v for v in (row.kfd_vram_bytes, vram, 0) if v is not None)
                row.sources = row.sources + ("fdinfo",)
    names: dict[int, str | None] = {}
    for row in rows.values():
        if row.pid not in names:
            names[row.pid] = _comm(host, row.pid)
        row.name = names[row.pid]
    return sorted(rows.values(), key=lambda r: (-(r.vram_bytes or 0), r.pid, r.gpu_index or 0))
