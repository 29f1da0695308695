"""Per-process engine use from DRM fdinfo: the parser (the kernel's documented format and real pastes), the delta
maths (counter going back, new client, vanished pid, capacity), and the whole path on simulated machines."""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

import pytest

from rocmdesk.machine import simulate
from rocmdesk.machine.host import Host
from rocmdesk.telemetry.fdinfo import REBASE_AFTER, DrmClient, EngineTracker, add_percent, parse_client
from rocmdesk.telemetry.monitor import Monitor
from rocmdesk.telemetry.processes import COMPUTE, GRAPHICS, read_drm_clients, read_processes
from rocmdesk.telemetry.sampler import discover_gpus
from tests.telemetry.conftest import build_tree, simulated_host

REAL = Path(__file__).resolve().parents[1] / "data" / "realworld" / "fdinfo"
KiB = 1024

# amdgpu_show_fdinfo's lines as drivers/gpu/drm/amd/amdgpu/amdgpu_fdinfo.c prints them (Linux 6.5-6.10 form): tabs,
# and the blank before the tab of drm-memory-gtt/-cpu that the kernel really prints
KERNEL_FORM = (
    "pos:\t0\nflags:\t02100002\nmnt_id:\t24\nino:\t1098\n"
    "pasid:\t32781\ndrm-driver:\tamdgpu\ndrm-pdev:\t0000:03:00.0\ndrm-client-id:\t4012\n"
    "drm-memory-vram:\t393216 KiB\ndrm-memory-gtt: \t16384 KiB\ndrm-memory-cpu: \t0 KiB\n"
    "amd-memory-visible-vram:\t262144 KiB\namd-evicted-vram:\t0 KiB\namd-evicted-visible-vram:\t0 KiB\n"
    "amd-requested-vram:\t393216 KiB\namd-requested-visible-vram:\t262144 KiB\namd-requested-gtt:\t16384 KiB\n"
    "drm-engine-gfx:\t5112402337 ns\ndrm-engine-compute:\t88000 ns\ndrm-engine-dma:\t40213 ns\n"
    "drm-engine-dec:\t1200000 ns\n"
)


def test_kernel_form_parses() -> None:
    c = parse_client(KERNEL_FORM)
    assert (c.driver, c.pdev, c.client_id) == ("amdgpu", "0000:03:00.0", "4012")
    assert c.engines_ns == {"gfx": 5112402337, "compute": 88000, "dma": 40213, "dec": 1200000}
    assert (c.vram_bytes, c.gtt_bytes) == (393216 * KiB, 16384 * KiB)
    assert c.key == ("0000:03:00.0", "4012")


def test_spec_capacity_and_units() -> None:
    # drm-usage-stats.rst: capacity > 0 only, engine values in ns; anything else is not an engine time
    c = parse_client("drm-driver: x\ndrm-client-id: 1\ndrm-engine-render: 10 ns\ndrm-engine-capacity-render: 2\n"
                     "drm-engine-capacity-copy: 0\ndrm-engine-video: 5 ms\ndrm-engine-bad: -3 ns\n"
                     "drm-engine-blank: 7\n")
    assert c.engines_ns == {"render": 10, "blank": 7}
    assert c.capacity == {"render": 2}
    assert c.key == ("", "1")  # a client id unique across devices: no drm-pdev needed


def test_real_paste_amdgpu_top_87() -> None:
    c = parse_client((REAL / "amdgpu_top-87-rdna-gfx.fdinfo").read_text())
    assert (c.driver, c.pdev, c.client_id) == ("amdgpu", "0000:08:00.0", "217")
    assert c.engines_ns == {"gfx": 107322799}  # the reporter's note after "ns" is not part of the value
    assert (c.vram_bytes, c.gtt_bytes) == (2068 * KiB, 8192 * KiB)


def test_real_paste_nvtop_492() -> None:
    c = parse_client(textwrap.dedent((REAL / "nvtop-492-gfx1150-memory.fdinfo").read_text()))
    assert (c.vram_bytes, c.gtt_bytes) == (5348 * KiB, 25258000 * KiB)
    assert c.driver is None and c.engines_ns == {}


def test_every_real_paste_has_a_source_note() -> None:
    # .fdinfo, not .txt: these are no paste `inspect` reads, so they stay out of tests/data/realworld/expected.toml
    pastes = sorted(REAL.glob("*.fdinfo"))
    assert len(pastes) >= 2
    for p in pastes:
        assert p.with_suffix(".source.md").is_file(), p.name


def _c(**ns: int) -> DrmClient:
    return DrmClient("amdgpu", "0000:03:00.0", "1", engines_ns=dict(ns))


KEY = ("0000:03:00.0", "1")


def test_delta_over_the_interval() -> None:
    tr = EngineTracker()
    assert tr.update(10.0, {KEY: _c(gfx=1_000_000_000)}) == {KEY: None}  # one read has no rate
    got = tr.update(12.0, {KEY: _c(gfx=1_500_000_000, dec=200_000_000)})[KEY]
    assert got == pytest.approx({"gfx": 25.0, "dec": 10.0})  # dec appeared: it was 0 before
    assert tr.update(13.0, {KEY: _c(gfx=1_500_000_000, dec=200_000_000)})[KEY] == {"gfx": 0.0, "dec": 0.0}


def test_capacity_and_clamp() -> None:
    tr = EngineTracker()
    two = DrmClient("amdgpu", "p", "1", engines_ns={"gfx": 0}, capacity={"gfx": 2})
    tr.update(0.0, {("p", "1"): two})
    got = tr.update(1.0, {("p", "1"): DrmClient("amdgpu", "p", "1", engines_ns={"gfx": 10**9}, capacity={"gfx": 2})})
    assert got[("p", "1")] == {"gfx": 50.0}
    got = tr.update(2.0, {("p", "1"): DrmClient("amdgpu", "p", "1", engines_ns={"gfx": 10**10})})
    assert got[("p", "1")] == {"gfx": 100.0}  # more than the wall time: at most 100 %


def test_counter_going_back_holds_the_larger_value_then_rebases() -> None:
    tr = EngineTracker()
    tr.update(0.0, {KEY: _c(gfx=5 * 10**9)})
    # the spec: a lower value is a lag; stay with the larger one until the counter catches up
    assert tr.update(1.0, {KEY: _c(gfx=4 * 10**9)})[KEY] == {"gfx": 0.0}
    got = tr.update(2.0, {KEY: _c(gfx=5 * 10**9 + 10**8)})[KEY]
    assert got == pytest.approx({"gfx": 5.0})  # 0.1 s over the 2 s since the larger value was read
    # still lower after REBASE_AFTER reads: a counter that started again
    t = 3.0
    for _ in range(REBASE_AFTER):
        assert tr.update(t, {KEY: _c(gfx=10**6)})[KEY] == {"gfx": 0.0}
        t += 1
    got = tr.update(t, {KEY: _c(gfx=10**6 + 5 * 10**8)})[KEY]
    assert got == pytest.approx({"gfx": 50.0})


def test_new_client_and_vanished_client() -> None:
    tr = EngineTracker()
    tr.update(0.0, {KEY: _c(gfx=0)})
    other = ("0000:03:00.0", "2")
    got = tr.update(1.0, {KEY: _c(gfx=10**8), other: DrmClient("amdgpu", "0000:03:00.0", "2", {"gfx": 9 * 10**9})})
    assert got[KEY] == pytest.approx({"gfx": 10.0}) and got[other] is None  # a new client: no rate yet
    assert tr.update(2.0, {other: DrmClient("amdgpu", "0000:03:00.0", "2", {"gfx": 9 * 10**9})})[other] == {"gfx": 0.0}
    assert len(tr) == 1  # the vanished client is forgotten
    assert tr.update(3.0, {KEY: _c(gfx=10**9)}) == {KEY: None}  # ... and starts afresh if it shows again
    assert tr.update(3.0, {KEY: _c(gfx=2 * 10**9)}) == {KEY: None}  # a clock that did not move gives no rate


def test_add_percent() -> None:
    assert add_percent(None, None) is None
    assert add_percent(None, {"gfx": 5.0}) == {"gfx": 5.0}
    assert add_percent({"gfx": 70.0}, {"gfx": 50.0, "dma": 1.0}) == {"gfx": 100.0, "dma": 1.0}


def _fake_proc(root: Path, pid: int, fds: dict[int, tuple[str, str]], comm: str = "app") -> None:
    base = root / "proc" / str(pid)
    (base / "fd").mkdir(parents=True, exist_ok=True)
    (base / "fdinfo").mkdir(exist_ok=True)
    (base / "comm").write_text(comm + "\n")
    for fd, (target, info) in fds.items():
        if not os.path.lexists(base / "fd" / str(fd)):
            os.symlink(target, base / "fd" / str(fd))
        (base / "fdinfo" / str(fd)).write_text(info)


def _info(client: int, gfx_ns: int, pdev: str = "0000:03:00.0") -> str:
    return (f"drm-driver:\tamdgpu\ndrm-pdev:\t{pdev}\ndrm-client-id:\t{client}\ndrm-memory-vram:\t1024 KiB\n"
            f"drm-engine-gfx:\t{gfx_ns} ns\n")


def test_shared_client_counted_once_and_vanished_pid(tmp_path: Path) -> None:
    root = build_tree("rx7900xtx-ubuntu2404", tmp_path / "xtx")
    host = Host.at_root(root)
    gpus = discover_gpus(host)
    # 700 and its child 701 share client 7 (an inherited descriptor); 700 also dup'ed it
    _fake_proc(root, 700, {4: ("/dev/dri/renderD128", _info(7, 0)), 5: ("/dev/dri/renderD128", _info(7, 0))})
    _fake_proc(root, 701, {4: ("/dev/dri/renderD128", _info(7, 0)), 6: ("/dev/dri/renderD128", _info(8, 0))})
    clients = read_drm_clients(host, gpus, pids=[701, 700])
    assert [(pid, key[1]) for pid, key, _c in clients] == [(700, "7"), (701, "8")]
    tr = EngineTracker()
    read_processes(host, gpus, engines=tr, now=0.0)
    _fake_proc(root, 700, {4: ("/dev/dri/renderD128", _info(7, 3 * 10**8))})
    _fake_proc(root, 701, {4: ("/dev/dri/renderD128", _info(7, 3 * 10**8)), 6: ("/dev/dri/renderD128", _info(8, 10**8))})
    procs = {p.pid: p for p in read_processes(host, gpus, engines=tr, now=1.0)}
    assert procs[700].engines_percent == pytest.approx({"gfx": 30.0})
    assert procs[701].engines_percent == pytest.approx({"gfx": 10.0})
    assert procs[700].kind == GRAPHICS
    # the parent ends between the listing of /proc and the read of its files: no error, the child takes the client
    (root / "proc/700/fdinfo/4").unlink()
    (root / "proc/700/fdinfo/5").unlink()
    procs = {p.pid: p for p in read_processes(host, gpus, engines=tr, now=2.0)}
    assert 700 not in procs and procs[701].engines_percent == pytest.approx({"gfx": 0.0})


class _Vanishing(Host):
    """A Host on which a process ends after /proc was listed: its fd folder and files are gone."""

    def listdir(self, p: str) -> list[str]:
        out = super().listdir(p)
        if p == "/proc":
            return out + ["99999"]  # listed, but already gone
        return out


def test_process_gone_between_listing_and_reading(tmp_path: Path) -> None:
    root = build_tree("rx7900xtx-ubuntu2404", tmp_path / "xtx")
    simulate.write_processes(root, 150.0)
    host = _Vanishing(root=root.resolve(), live=False, label="t", env={})
    procs = read_processes(host, discover_gpus(host), engines=EngineTracker(), now=1.0)
    assert procs and 99999 not in {p.pid for p in procs}


def test_simulated_counters_move_and_never_go_back(tmp_path: Path) -> None:
    root = build_tree("rx7900xtx-ubuntu2404", tmp_path / "xtx")
    host = Host.at_root(root)
    gpus = discover_gpus(host)
    last: dict[int, dict[str, int]] = {}
    for t in (150.0, 152.0, 154.0, 10.0, 12.0):  # a second monitor starts its clock at 0: counters go on
        simulate.write_processes(root, t)
        for pid, _key, c in read_drm_clients(host, gpus):
            for name, ns in c.engines_ns.items():
                assert ns >= last.get(pid, {}).get(name, 0)
            last[pid] = dict(c.engines_ns)
    assert last[2480]["dec"] > 0 and last[2100]["gfx"] > 0


def test_monitor_gives_engine_percent_on_a_simulated_machine(tmp_path: Path) -> None:
    root = build_tree("two-dgpu-one-override", tmp_path / "two")
    host = simulated_host(root)
    now = [100.0]
    monitor = Monitor(host, keep_history=False, processes_every_s=0.0, clock=lambda: now[0])
    simulate.write_processes(root, 150.0)
    first = monitor.processes()
    assert first and all(p.engines_percent is None for p in first if p.kind == GRAPHICS)
    simulate.write_processes(root, 152.0)
    now[0] += 2.0
    procs = {p.name: p for p in monitor.processes()}
    mpv = procs["mpv"]
    assert mpv.kind == GRAPHICS and 10.0 <= mpv.engines_percent["dec"] <= 16.0
    assert procs["gnome-shell"].engines_percent["gfx"] > 1.0
    ranks = [p for p in monitor.processes(max_age_s=0) if p.name == "python3"]
    assert ranks and all(p.kind == COMPUTE for p in ranks)  # KFD processes are compute, whatever fdinfo says
    data = mpv.to_json()
    assert data["kind"] == "graphics" and set(data["engines_percent"]) >= {"gfx", "dec"}
    assert data["engine_ns"]["dec"] > 0
    monitor.close()
