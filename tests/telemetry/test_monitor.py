"""The Monitor facade a page polls, host metrics, and the sampler choice."""

from __future__ import annotations

import math
import time
from pathlib import Path

import pytest

from rocmdesk.machine.host import CommandResult, Host
from rocmdesk.telemetry.hostmetrics import HostMetrics, parse_meminfo, parse_stat_cpu
from rocmdesk.telemetry.metrics import SERIES_KEYS
from rocmdesk.telemetry.monitor import HOST_SERIES, Monitor, open_sampler, series_name
from rocmdesk.telemetry.sampler import SysfsSampler
from rocmdesk.telemetry.smi_sampler import AmdSmiSampler, RocmSmiSampler
from tests.telemetry.conftest import build_tree, simulated_host


class Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def test_poll_samples_at_the_interval_and_fills_the_history(tmp_path: Path) -> None:
    root = build_tree("mi300x-8gpu-server", tmp_path / "mi300", t=0.0)
    clock = Clock()
    wall = Clock()
    wall.t = 1_700_000_000.0
    sampler = SysfsSampler(simulated_host(root), clock=clock)
    mon = Monitor(sampler.host, sampler=sampler, interval_s=0.5, clock=clock, wall=wall)
    assert len(mon.gpus) == 8
    assert len(mon.series) == 8 * len(SERIES_KEYS) + len(HOST_SERIES)
    assert series_name(3, "power_w") in mon.series
    got = 0
    for step in range(100):  # 10 s at 10 polls a second
        clock.t = step * 0.1
        wall.t = 1_700_000_000.0 + step * 0.1
        if mon.poll() is not None:
            got += 1
    assert got == 20
    w = mon.window(3, "power_w", 60.0)
    assert len(w) == 20 and not math.isnan(float(w.mean[-1]))
    assert float(w.mean[-1]) == mon.latest.gpus[3].power_w
    assert mon.history.latest("host.mem_used_bytes") is not None  # the tree's /proc/meminfo
    procs = mon.processes()
    assert procs and procs is mon.processes()  # cached within processes_every_s
    clock.t += 5
    assert mon.processes() is not procs
    mon.close()


def test_a_missing_gpu_leaves_a_gap(tmp_path: Path) -> None:
    import os

    root = build_tree("rx7900xtx-ubuntu2404", tmp_path / "xtx")
    host = Host.at_root(root)
    mon = Monitor(host, interval_s=0)
    mon.tick()
    dev = root / host.realpath("/sys/class/drm/card1/device").lstrip("/")
    os.rename(dev, str(dev) + ".away")
    mon.tick()
    os.rename(str(dev) + ".away", dev)
    mon.tick()
    w = mon.window(0, "busy_percent", 3600)
    assert len(w) == 3 and math.isnan(float(w.mean[1])) and not math.isnan(float(w.mean[2]))


def test_open_sampler_prefers_sysfs_and_falls_back_to_the_tools(tmp_path: Path) -> None:
    root = build_tree("rx7900xtx-ubuntu2404", tmp_path / "xtx")
    assert isinstance(open_sampler(Host.at_root(root)), SysfsSampler)
    # a container view: KFD lists the GPU but /sys/class/drm is not there
    import shutil

    shutil.rmtree(root / "sys/class/drm")
    canned = {"rocm-smi": CommandResult(("rocm-smi",), 0, '{"card0": {"GPU use (%)": "5"}}')}
    host = Host(root=root.resolve(), live=False, label="t", commands=canned, env={})
    assert isinstance(open_sampler(host), RocmSmiSampler)
    host.commands = {"amd-smi": CommandResult(("amd-smi",), 0, "[]")}
    assert isinstance(open_sampler(host), AmdSmiSampler)
    host.commands = {}
    assert isinstance(open_sampler(host), SysfsSampler)
    with pytest.raises(ValueError):
        open_sampler(host, "nvidia-smi")


def test_host_metrics_of_a_tree_come_from_its_proc(tmp_path: Path) -> None:
    (tmp_path / "proc").mkdir()
    (tmp_path / "proc/meminfo").write_text("MemTotal:  1000 kB\nMemFree: 100 kB\nMemAvailable:  400 kB\n"
                                            "SwapTotal: 50 kB\nSwapFree: 20 kB\n")
    (tmp_path / "proc/stat").write_text("cpu  100 0 100 800 0 0 0 0 0 0\ncpu0 1 2 3 4\n")
    (tmp_path / "proc/loadavg").write_text("0.50 0.40 0.30 1/200 999\n")
    hm = HostMetrics(Host.at_root(tmp_path))
    s = hm.sample()
    assert s.mem_total_bytes == 1000 * 1024 and s.mem_used_bytes == 600 * 1024 and s.swap_used_bytes == 30 * 1024
    assert s.cpu_percent is None and s.load_1m == 0.5  # CPU needs two readings
    (tmp_path / "proc/stat").write_text("cpu  150 0 150 900 0 0 0 0 0 0\n")
    assert hm.sample().cpu_percent == 50.0


def test_host_metrics_of_this_computer_through_the_host_seam() -> None:
    hm = HostMetrics(Host.local())
    end = time.monotonic() + 0.05
    while time.monotonic() < end:  # a few jiffies between the reference point and the sample
        pass
    s = hm.sample()
    total = next(int(line.split()[1]) * 1024 for line in open("/proc/meminfo") if line.startswith("MemTotal:"))
    assert s.mem_total_bytes == total and 0 < s.mem_used_bytes < total
    assert s.cpu_percent is not None and 0.0 <= s.cpu_percent <= 100.0 and s.load_1m is not None


@pytest.mark.parametrize("text", ["", "cpu\n", "cpu a b c d\n", "intr 5\n"])
def test_parse_stat_cpu_tolerates_junk(text: str) -> None:
    assert parse_stat_cpu(text) is None


def test_parse_meminfo_skips_junk() -> None:
    assert parse_meminfo("MemTotal: 5 kB\nnonsense\nHugePages_Total:  0\nX: y kB\n") == {"MemTotal": 5120, "HugePages_Total": 0}
