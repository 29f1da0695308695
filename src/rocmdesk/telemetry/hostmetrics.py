"""Host CPU and memory on the monitor's time line.

The numbers come from ``/proc/meminfo``, ``/proc/stat`` and ``/proc/loadavg`` through the Host seam, for this
computer as for a captured or simulated tree (a simulated tree has meminfo only: CPU is then null), so ``rocmdesk
capture`` records what they were read from.  psutil read the same files for the live machine, outside the seam, and
importing it took a fifth of ``monitor --once``'s whole run.
"""

from __future__ import annotations

from rocmdesk.machine.host import Host
from rocmdesk.telemetry.metrics import HostSample


def parse_meminfo(text: str) -> dict[str, int]:
    """``/proc/meminfo`` -> bytes per key."""
    out: dict[str, int] = {}
    for line in text.splitlines()[:200]:
        key, sep, rest = line.partition(":")
        parts = rest.split()
        if not sep or not parts or not parts[0].isdigit():
            continue
        scale = 1024 if len(parts) > 1 and parts[1].lower() == "kb" else 1
        out[key.strip()] = int(parts[0]) * scale
    return out


def parse_stat_cpu(text: str) -> tuple[int, int] | None:
    """(busy, total) jiffies from the aggregate ``cpu`` line of ``/proc/stat``."""
    for line in text.splitlines()[:4]:
        parts = line.split()
        if parts and parts[0] == "cpu":
            try:
                values = [int(x) for x in parts[1:11]]
            except ValueError:
                return None
            if len(values) < 4:
                return None
            idle = values[3] + (values[4] if len(values) > 4 else 0)  # idle + iowait
            total = sum(values[:8])  # guest time is already in user/nice
            return total - idle, total
    return None


class HostMetrics:
    """Call :meth:`sample` at each tick; CPU percent is over the time since the previous call."""

    def __init__(self, host: Host) -> None:
        self.host = host
        # the reference point of the first CPU percent (a tree that does not change gives none)
        self._last_cpu: tuple[int, int] | None = self._cpu()

    def _cpu(self) -> tuple[int, int] | None:
        return parse_stat_cpu(self.host.read_text("/proc/stat", limit=4096) or "")

    def sample(self) -> HostSample:
        out = HostSample()
        mem = parse_meminfo(self.host.read_text("/proc/meminfo", limit=65536) or "")
        total, avail = mem.get("MemTotal"), mem.get("MemAvailable", mem.get("MemFree"))
        if total is not None:
            out.mem_total_bytes = total
            if avail is not None:
                out.mem_used_bytes = max(0, total - avail)
        if "SwapTotal" in mem and "SwapFree" in mem:
            out.swap_used_bytes = max(0, mem["SwapTotal"] - mem["SwapFree"])
        stat = self._cpu()
        if stat is not None:
            if self._last_cpu is not None:
                busy = stat[0] - self._last_cpu[0]
                total_d = stat[1] - self._last_cpu[1]
                out.cpu_percent = round(100.0 * busy / total_d, 1) if total_d > 0 else None
            self._last_cpu = stat
        loadavg = self.host.read_value("/proc/loadavg")
        if loadavg:
            try:
                out.load_1m = float(loadavg.split()[0])
            except (ValueError, IndexError):
                pass
        return out
