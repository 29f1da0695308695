"""DRM fdinfo: what one open DRM file says about its client, and engine use from two reads of it.

The format is the kernel's "DRM client usage stats" (``Documentation/gpu/drm-usage-stats.rst``, read at
torvalds/linux 0020582a: the drm-engine-*, -capacity-*, drm-memory-*, drm-cycles-* and drm-maxfreq-* keys, before
v6.4's drm_print_memory_stats added drm-total/-shared/-resident-<region>, commit 686b21b5f6ca) as amdgpu prints it
(``drivers/gpu/drm/amd/amdgpu/amdgpu_fdinfo.c``, read at torvalds/linux 0604aa87: drm-memory-* plus amd-requested-*;
rocmdesk reads both memory key forms)::

    pasid:\t32784
    drm-driver:\tamdgpu
    drm-pdev:\t0000:08:00.0
    drm-client-id:\t217
    drm-memory-vram:\t2068 KiB
    drm-memory-gtt: \t8192 KiB          (a blank before the tab: amdgpu's own spelling)
    drm-engine-gfx:\t107322799 ns

- ``drm-engine-<name>: <uint> ns``: time the engine spent busy on this client's work since it opened the file.
  amdgpu's names are ``gfx``, ``compute``, ``dma``, ``dec``, ``enc``, ``enc_1``, ``jpeg`` (its ``amdgpu_ip_name``);
  an engine with no use yet is not printed at all, so an engine that appears later started from 0.
- ``drm-engine-capacity-<name>: <uint>``: how many identical engines the name stands for (1 when absent).
- ``drm-client-id`` is one per open DRM file (``struct drm_file``); dup'ed and inherited descriptors repeat it,
  so a client is counted once per ``(drm-pdev, drm-client-id)``.
- The counters need not be monotonic: "upon observing a value lower than what was previously read, userspace is
  expected to stay with that larger previous value until a monotonic update is seen".  :class:`EngineTracker`
  does that, and takes a value still lower after :data:`REBASE_AFTER` reads as a new start (a reset, not a lag).

KFD compute work (ROCm's user-mode queues) is not counted in any ``drm-engine-*``: a PyTorch process shows its
memory here but next to no engine time, which is why the process table marks KFD processes as compute.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

ENGINE_PREFIX = "drm-engine-"
CAPACITY_PREFIX = "drm-engine-capacity-"
REBASE_AFTER = 3  # reads a counter may stay below its previous value before it counts as a reset
# a number, its unit, and maybe a note after a blank that starts with no letter or digit ("<- the model"):
# the kernel prints none, but pasted lines carry them, and a note must never read as a unit
_NOTE = r"(?:\s+[^\w\s].*)?\s*$"
_UINT = re.compile(r"^\s*(\d{1,20})\s*([A-Za-z]*)" + _NOTE)
_UNITS = {"": 1, "B": 1, "KIB": 1024, "KB": 1024, "MIB": 1024**2, "MB": 1024**2, "GIB": 1024**3, "GB": 1024**3}
_SIZE = re.compile(r"^\s*(\d{1,20})\s*([A-Za-z]{0,3})" + _NOTE)
# key preference: older kernels print drm-memory-*, newer ones add the drm-resident/total-* forms
VRAM_KEYS = ("drm-memory-vram", "drm-resident-vram", "drm-total-vram")
GTT_KEYS = ("drm-memory-gtt", "drm-resident-gtt", "drm-total-gtt")
MAX_LINES = 256  # an fdinfo file is a few dozen lines; anything longer is read no further


def parse_size(text: str | None) -> int | None:
    """``123 KiB`` -> 125952; bytes when there is no unit; None for anything else."""
    if text is None:
        return None
    m = _SIZE.match(text)
    if not m:
        return None
    unit = _UNITS.get(m.group(2).upper())
    return int(m.group(1)) * unit if unit is not None else None


def parse_fields(text: str) -> dict[str, str]:
    """``key: value`` lines as a dict (the first of a repeated key wins), keys and values stripped."""
    out: dict[str, str] = {}
    for line in text.splitlines()[:MAX_LINES]:
        key, sep, value = line.partition(":")
        if sep:
            out.setdefault(key.strip(), value.strip())
    return out


@dataclass(frozen=True)
class DrmClient:
    """What one DRM file's fdinfo says.  ``engines_ns``: busy nanoseconds per engine name."""

    driver: str | None
    pdev: str | None  # lower case, 0000:03:00.0
    client_id: str | None
    engines_ns: dict[str, int] = field(default_factory=dict)
    capacity: dict[str, int] = field(default_factory=dict)  # only the engines that say so; 1 otherwise
    vram_bytes: int | None = None
    gtt_bytes: int | None = None

    @property
    def key(self) -> tuple[str, str] | None:
        """Who this client is across reads and descriptors; None when the file does not say."""
        if self.client_id is None:
            return None
        return (self.pdev or "", self.client_id)


def _first_size(info: dict[str, str], keys: tuple[str, ...]) -> int | None:
    for key in keys:
        value = parse_size(info.get(key))
        if value is not None:
            return value
    return None


def parse_client(text: str) -> DrmClient:
    """One fdinfo file's DRM fields; a file without them gives a client whose ``driver`` is None."""
    info = parse_fields(text)
    engines: dict[str, int] = {}
    capacity: dict[str, int] = {}
    for key, value in info.items():
        if not key.startswith(ENGINE_PREFIX):
            continue
        m = _UINT.match(value)
        if not m:
            continue  # not a number (garbage, a negative value)
        unit = m.group(2) or None
        if key.startswith(CAPACITY_PREFIX):
            name = key[len(CAPACITY_PREFIX):]
            if name and unit is None and int(m.group(1)) > 0:  # zero capacity is not allowed
                capacity[name] = int(m.group(1))
        else:
            name = key[len(ENGINE_PREFIX):]
            if name and unit in (None, "ns"):  # the spec's one time unit; anything else is not a time
                engines[name] = int(m.group(1))
    pdev = info.get("drm-pdev")
    return DrmClient(
        driver=info.get("drm-driver") or None,
        pdev=pdev.lower() if pdev else None,
        client_id=info.get("drm-client-id") or None,
        engines_ns=engines,
        capacity=capacity,
        vram_bytes=_first_size(info, VRAM_KEYS),
        gtt_bytes=_first_size(info, GTT_KEYS),
    )


@dataclass
class _Seen:
    t: float  # when the client was last read
    # per engine: the highest value seen (the spec's "larger previous value") and when it was read, so that the
    # time a lagging counter catches up over is the whole time since that value
    high: dict[str, tuple[float, int]]
    behind: dict[str, int] = field(default_factory=dict)  # engine -> reads in a row below its high value


class EngineTracker:
    """Engine use in percent of the time between two reads of the same clients.

    ``update(now, clients)`` takes every client read at ``now`` (seconds, any monotonic clock) and returns, per
    client key, ``{engine: percent}`` over the time since that client was last read, or None for a client seen
    for the first time (one read has no rate).  Clients not in a read are forgotten (their process ended or
    closed the file).  Percent is ``delta_ns / (seconds * 1e9 * capacity) * 100``, at most 100.
    """

    def __init__(self) -> None:
        self._seen: dict[tuple[str, str], _Seen] = {}

    def __len__(self) -> int:
        return len(self._seen)

    def update(self, now: float, clients: dict[tuple[str, str], DrmClient]) -> dict[tuple[str, str], dict[str, float] | None]:
        out: dict[tuple[str, str], dict[str, float] | None] = {}
        seen: dict[tuple[str, str], _Seen] = {}
        for key, client in clients.items():
            before = self._seen.get(key)
            if before is None or now <= before.t:
                # a new client (or a clock that did not move): only a baseline
                seen[key] = before if before is not None else _Seen(
                    now, {k: (now, v) for k, v in client.engines_ns.items()})
                out[key] = None
                continue
            high = dict(before.high)
            behind: dict[str, int] = {}
            pct: dict[str, float] = {}
            for name, ns in client.engines_ns.items():
                # amdgpu prints an engine only once it was used: one not shown at the last read was at 0 then
                t0, prev = before.high.get(name, (before.t, 0))
                if ns >= prev:
                    span_ns = max(now - t0, 1e-9) * 1e9 * client.capacity.get(name, 1)
                    pct[name] = min(100.0, (ns - prev) / span_ns * 100.0)
                    high[name] = (now, ns)
                else:
                    count = before.behind.get(name, 0) + 1
                    if count >= REBASE_AFTER:
                        high[name] = (now, ns)  # still lower: a counter that started again, not one catching up
                    else:
                        behind[name] = count
                    pct[name] = 0.0
            seen[key] = _Seen(now, high, behind)
            out[key] = pct
        self._seen = seen
        return out


def add_percent(total: dict[str, float] | None, part: dict[str, float] | None) -> dict[str, float] | None:
    """Engine percentages of two clients of one process summed per engine (at most 100 each)."""
    if part is None:
        return total
    if total is None:
        return dict(part)
    out = dict(total)
    for name, value in part.items():
        out[name] = min(100.0, out.get(name, 0.0) + value)
    return out
