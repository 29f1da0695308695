"""Per-process GPU memory from KFD and DRM fdinfo, on simulated machines and hand-made trees."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from rocmdesk.machine import simulate
from rocmdesk.machine.host import Host
from rocmdesk.telemetry.processes import parse_fdinfo, parse_size, read_fdinfo, read_kfd, read_processes
from rocmdesk.telemetry.sampler import discover_gpus
from tests.telemetry.conftest import build_tree

KiB = 1024


@pytest.mark.parametrize("name", ["rx7900xtx-ubuntu2404", "mi300x-8gpu-server", "rx7900xtx-debian12"])
def test_simulated_training_processes_are_found_with_names(name: str, tmp_path: Path) -> None:
    root = build_tree(name, tmp_path / name)
    written = simulate.write_processes(root, 150.0)
    assert written, "the simulated machines train at t=150"
    host = Host.at_root(root)
    gpus = discover_gpus(host)
    procs = read_processes(host, gpus)
    slot_of = {g.index: g.pci_slot for g in gpus}
    by_pid = {p.pid: p for p in procs}
    for w in written:
        p = by_pid[w["pid"]]
        assert p.name == w["comm"]
        meta_slot = {gm["index"]: gm["pci_slot"] for gm in simulate.sim_metadata(root)["gpus"]}[w["gpu"]]
        assert slot_of[p.gpu_index] == meta_slot
        if w["kfd"]:
            assert p.kfd_vram_bytes == w["vram_bytes"] and "kfd" in p.sources
        # fdinfo counts KiB, and the dup'ed descriptor is not counted twice
        assert p.fdinfo_vram_bytes == w["vram_bytes"] // KiB * KiB
        assert p.vram_bytes == max(x for x in (p.kfd_vram_bytes, p.fdinfo_vram_bytes) if x is not None)
    assert [p.vram_bytes for p in procs] == sorted((p.vram_bytes for p in procs), reverse=True)


def test_processes_end_and_are_removed(tmp_path: Path) -> None:
    name = "rx6600xt-ubuntu2204"  # a desktop card: a job comes and goes
    g = simulate.get_machine(name).gpus[0]
    times = [t * 5.0 for t in range(400)]
    jobs = [simulate.gpu_metrics(name, 0, t).vram_used_bytes - g.vram_idle_used for t in times]
    busy = next(t for t, j in zip(times, jobs) if j > 256 * 2**20)
    idle = next(t for t, j in zip(times, jobs) if j < 32 * 2**20)
    root = build_tree(name, tmp_path / "rx6600")
    host = Host.at_root(root)
    gpus = discover_gpus(host)
    assert any(w["comm"] == "python3" for w in simulate.write_processes(root, busy))
    assert any(p.name == "python3" for p in read_processes(host, gpus))
    assert not any(w["comm"] == "python3" for w in simulate.write_processes(root, idle))
    assert not any(p.name == "python3" for p in read_processes(host, gpus))
    assert not (root / "proc/31400").exists()
    assert not any(n.isdigit() for n in os.listdir(root / "sys/class/kfd/kfd/proc"))


def _fake_proc(root: Path, pid: int, fds: dict[int, tuple[str, str]], comm: str = "app") -> None:
    base = root / "proc" / str(pid)
    (base / "fd").mkdir(parents=True)
    (base / "fdinfo").mkdir()
    (base / "comm").write_text(comm + "\n")
    for fd, (target, info) in fds.items():
        os.symlink(target, base / "fd" / str(fd))
        (base / "fdinfo" / str(fd)).write_text(info)


def _info(client: int, vram_kib: int, pdev: str = "0000:03:00.0", driver: str = "amdgpu", key: str = "drm-memory-vram") -> str:
    return (f"pos:\t0\nflags:\t02100002\ndrm-driver:\t{driver}\ndrm-client-id:\t{client}\ndrm-pdev:\t{pdev}\n"
            f"{key}:\t{vram_kib} KiB\ndrm-memory-gtt:\t{vram_kib // 4} KiB\n")


def test_fdinfo_dedupes_clients_and_skips_other_drivers(tmp_path: Path) -> None:
    root = build_tree("rx7900xtx-ubuntu2404", tmp_path / "xtx")
    host = Host.at_root(root)
    gpus = discover_gpus(host)
    _fake_proc(root, 500, {
        4: ("/dev/dri/renderD128", _info(7, 1000)),
        5: ("/dev/dri/renderD128", _info(7, 1000)),  # dup of fd 4
        6: ("/dev/dri/renderD128", _info(8, 24)),  # a second DRM file of the same process
        7: ("/dev/dri/card1", _info(9, 10, driver="i915")),  # another vendor's
        8: ("/tmp/not-a-gpu", _info(10, 99999)),  # not a DRM node
        9: ("/dev/dri/renderD128", _info(11, 5, pdev="0000:99:00.0")),  # a device we do not monitor
    })
    _fake_proc(root, 501, {4: ("/dev/dri/renderD128", _info(12, 2048, key="drm-resident-vram"))}, comm="firefox")
    got = read_fdinfo(host, gpus, pids=[500, 501])
    assert got == {(500, "0000:03:00.0"): (1024 * KiB, 256 * KiB), (501, "0000:03:00.0"): (2048 * KiB, 512 * KiB)}
    procs = {p.pid: p for p in read_processes(host, gpus)}
    assert procs[501].name == "firefox" and procs[501].sources == ("fdinfo",)


def test_unreadable_processes_are_skipped(tmp_path: Path) -> None:
    # running as root no permission bit stops a read, so a Host that answers like an
    # unprivileged user (listdir -> [], read -> None on another user's /proc/<pid>) stands in
    root = build_tree("rx7900xtx-ubuntu2404", tmp_path / "xtx")
    simulate.write_processes(root, 150.0)
    _fake_proc(root, 600, {4: ("/dev/dri/renderD128", _info(20, 4096))}, comm="someone-else")

    class Unprivileged(Host):
        def listdir(self, p: str) -> list[str]:
            return [] if p.startswith("/proc/600") else super().listdir(p)

        def read_text(self, p: str, limit: int | None = None) -> str | None:
            return None if p.startswith("/proc/600") else super().read_text(p, limit)

    host = Unprivileged(root=root.resolve(), live=False, label="t", env={})
    procs = read_processes(host, discover_gpus(host))
    assert procs and 600 not in {p.pid for p in procs}


def test_kfd_without_topology_ids_keeps_the_pid(tmp_path: Path) -> None:
    kfd = tmp_path / "sys/class/kfd/kfd/proc/77"
    kfd.mkdir(parents=True)
    (kfd / "vram_1234").write_text("4096\n")
    (kfd / "vram_bad").write_text("1\n")
    (kfd / "pasid").write_text("5\n")
    assert read_kfd(Host.at_root(tmp_path), []) == {(77, None): 4096}
    assert read_processes(Host.at_root(tmp_path), [])[0].gpu_index is None


@pytest.mark.parametrize(
    ("text", "n"),
    [("12 KiB", 12 * 1024), ("3 MiB", 3 * 2**20), ("7", 7), ("1 GiB", 2**30), ("x KiB", None), ("5 parsecs", None),
     (None, None), ("", None)],
)
def test_parse_size(text, n) -> None:
    assert parse_size(text) == n


def test_parse_fdinfo_keeps_the_first_value() -> None:
    assert parse_fdinfo("a:\t1\nb: 2\na:\t3\nnot a line\n") == {"a": "1", "b": "2"}
