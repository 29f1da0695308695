"""What one full sysfs sample of one GPU costs, against rocm-smi and against the floor of reading the same files.

For each tree (a ../shared/tools/fakesys tree and a simulated RX 7900 XTX), in the same run,
interleaved batch by batch:

- ours: ``SysfsSampler.sample()`` -- every metric of the GPU, parsed into the monitor's record;
- floor (plain reads): ``open(path, 'rb').read()`` of exactly the files that sample reads, in a loop;
- floor (pread): ``os.pread`` on those files already open -- the syscalls alone, nothing parsed;
- rocm-smi: one ``rocm-smi --showtemp --showpower --showmemuse --showuse --json`` on the same
  tree (Debian's rocm-smi in a private mount namespace, as tests/telemetry/test_oracle_rocm_smi.py);
- librocm_smi64: the same metrics through Debian's library, in-process (ctypes), in that namespace, interleaved
  with ours there (benchmarks/rsmi_library.py).

Goals: ours at least 500x cheaper than one rocm-smi call; within 3x of the floor.  Also printed:
the history's memory bound for 8 GPUs x 24 h at 10 Hz, a window query, and a monitor tick of 8 GPUs.

And whole processes on the fakesys tree, interleaved, each in the same private mount namespace: ``rocmdesk
monitor --once --json`` against that rocm-smi call (goal: faster).  Ours runs as installed (the system python3
that runs rocm-smi, rocmdesk on its path, bytecode compiled once beforehand, as a package install does) and, for
the record, from this checkout's venv (whose editable-install finder adds ~20 ms to every start).

    python benchmarks/sampler.py [--samples N] [--rocm-runs N]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))
SHARED = Path(os.environ.get("ROCMDESK_SHARED", REPO.parent / "shared"))
FAKESYS = SHARED / "tools/fakesys"
ROCM_SMI = "/usr/libexec/rocm_smi/rocm_smi.py"
PYTHON = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable
SMI_ARGS = ["--showtemp", "--showpower", "--showmemuse", "--showuse", "--json"]

from rocmdesk.machine.host import Host  # noqa: E402
from rocmdesk.telemetry.sampler import SysfsSampler  # noqa: E402
from rsmi_library import pread_floor  # noqa: E402  (this folder: the floor both comparisons use)


def _batches(fn, n: int, batches: int = 7) -> list[float]:
    """Seconds per call, one figure per batch."""
    out = []
    per = max(1, n // batches)
    for _ in range(batches):
        t0 = time.perf_counter()
        for _ in range(per):
            fn()
        out.append((time.perf_counter() - t0) / per)
    return out


def _rocm_smi(root: Path, runs: int) -> tuple[float, float] | None:
    """(median wall seconds, median CPU seconds of the child) of one rocm-smi call."""
    if not (os.path.exists(ROCM_SMI) and (FAKESYS / "run_in_fakesys.sh").is_file() and shutil.which("unshare")):
        return None
    argv = ["sh", str(FAKESYS / "run_in_fakesys.sh"), str(root), PYTHON, ROCM_SMI, *SMI_ARGS]
    walls, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        proc = subprocess.run(argv, capture_output=True, check=False)
        walls.append(time.perf_counter() - t0)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))
        if proc.returncode not in (0, 2) or not proc.stdout.strip().startswith(b"{"):
            print(f"  rocm-smi failed on {root}: {proc.stderr.decode(errors='replace')[-200:]}")
            return None
    return statistics.median(walls), statistics.median(cpus)


def _wall(argv: list[str], env: dict[str, str] | None = None) -> float:
    t0 = time.perf_counter()
    proc = subprocess.run(argv, capture_output=True, check=False, env=env)
    wall = time.perf_counter() - t0
    if proc.returncode not in (0, 2) or not proc.stdout.strip().startswith(b"{"):
        raise RuntimeError(f"{argv[3:6]} failed: {proc.stderr.decode(errors='replace')[-300:]}")
    return wall


def bench_library(root: Path, samples: int) -> float | None:
    """Our sample over librocm_smi64's (the same metrics, in-process, both in the namespace): how much cheaper."""
    run_in = FAKESYS / "run_in_fakesys.sh"
    if not (os.path.exists("/usr/lib/librocm_smi64.so.1") and run_in.is_file() and shutil.which("unshare")):
        print("\nlibrocm_smi64: not measured (needs Debian's librocm-smi64-1, ../shared/tools/fakesys and unshare)")
        return None
    proc = subprocess.run(["sh", str(run_in), str(root), PYTHON, str(REPO / "benchmarks" / "rsmi_library.py"),
                           str(samples)], capture_output=True, text=True, check=False)
    import json

    try:
        got = json.loads(proc.stdout.strip().splitlines()[-1])
        ours, lib = got["ours"], got["library"]
    except (IndexError, ValueError, KeyError):
        print(f"\nlibrocm_smi64: failed: {(proc.stdout + proc.stderr)[-300:]}")
        return None
    print(f"\none sample in-process on the fakesys tree (in its namespace): ours {ours * 1e6:.1f} us, "
          f"librocm_smi64 (ctypes, the same metrics) {lib * 1e6:.1f} us -> ours is {lib / ours:.2f}x cheaper")
    floor = got.get("pread_floor")
    if isinstance(floor, (int, float)) and floor > 0:
        # what no reader of the same files can beat, in any language: the syscalls alone
        print(f"  the floor, the device stat and one pread of each of the {got.get('files')} files ours reads: "
              f"{floor * 1e6:.1f} us -> the most any reader of these files could be cheaper than the library: "
              f"{lib / floor:.1f}x; ours is {ours / floor:.2f}x the floor")
    return lib / ours


def bench_processes(root: Path, runs: int, base: Path) -> float | None:
    """Median wall of ``monitor --once --json`` (as installed) over that of rocm-smi, whole processes."""
    run_in = FAKESYS / "run_in_fakesys.sh"
    if not (os.path.exists(ROCM_SMI) and run_in.is_file() and shutil.which("unshare")):
        print("\nwhole processes: not measured (needs Debian's rocm-smi, ../shared/tools/fakesys and unshare)")
        return None
    env = {**os.environ, "PYTHONPATH": str(REPO / "src"), "PYTHONPYCACHEPREFIX": str(base / "pycache")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    ns = ["sh", str(run_in), str(root)]
    installed = [*ns, PYTHON, "-m", "rocmdesk", "monitor", "--once", "--json"]
    venv = [*ns, sys.executable, "-m", "rocmdesk", "monitor", "--once", "--json"]
    smi = [*ns, PYTHON, ROCM_SMI, *SMI_ARGS]
    for argv in (installed, venv, smi):  # warm: bytecode written, files cached
        _wall(argv, env)
    ours, dev, theirs = [], [], []
    for _ in range(runs):
        ours.append(_wall(installed, env))
        dev.append(_wall(venv, env))
        theirs.append(_wall(smi, env))
    o, d, t = statistics.median(ours), statistics.median(dev), statistics.median(theirs)
    print(f"\nwhole processes on the fakesys tree, {runs} interleaved runs each (median wall):")
    print(f"  rocm-smi {' '.join(SMI_ARGS):<48} {t * 1e3:7.1f} ms")
    print(f"  rocmdesk monitor --once --json, as installed         {o * 1e3:7.1f} ms   {t / o:.2f}x faster")
    print(f"  rocmdesk monitor --once --json, from the dev venv    {d * 1e3:7.1f} ms   {t / d:.2f}x faster")
    return o / t


def _trees(base: Path) -> list[tuple[str, Path]]:
    from rocmdesk.machine import simulate

    out = []
    if (FAKESYS / "make_fakesys.py").is_file():
        sys.path.insert(0, str(FAKESYS))
        import make_fakesys

        with contextlib.redirect_stdout(io.StringIO()):  # it prints the tree's path
            make_fakesys.main([str(base / "fakesys")])
        out.append(("fakesys (make_fakesys.py defaults)", base / "fakesys"))
    out.append(("simulated rx7900xtx-ubuntu2404", simulate.build("rx7900xtx-ubuntu2404", base / "xtx", t=150.0)))
    return out


def bench_tree(label: str, root: Path, samples: int, rocm_runs: int) -> dict[str, float]:
    sampler = SysfsSampler(Host.at_root(root))
    first = sampler.sample()
    assert len(first) == 1 and first[0].state == "ok", first
    paths = [sampler.reader.real(p) for p in sampler.files(0)]
    dev = sampler.reader.real(sampler.plan(0).dev)
    pread, fds = pread_floor(sampler)  # the same floor as the library comparison's

    def ours() -> None:
        sampler.sample()

    def plain() -> None:
        os.stat(dev)
        for p in paths:
            with open(p, "rb") as fh:
                fh.read()

    o, f1, f2 = [], [], []
    for _ in range(5):  # interleaved: the machine's state is the same for all three
        o += _batches(ours, samples // 5)
        f1 += _batches(plain, samples // 5)
        f2 += _batches(pread, samples // 5)
    for fd in fds:
        os.close(fd)
    res = {"ours": statistics.median(o), "plain": statistics.median(f1), "pread": statistics.median(f2),
           "files": float(len(paths))}
    smi = _rocm_smi(root, rocm_runs)
    print(f"\n{label}: one sample reads {len(paths)} files")
    print(f"  ours (SysfsSampler.sample, 1 GPU)   {res['ours'] * 1e6:9.1f} us")
    print(f"  floor: plain reads of those files   {res['plain'] * 1e6:9.1f} us   ours/floor = {res['ours'] / res['plain']:.2f}x")
    print(f"  floor: pread on open files          {res['pread'] * 1e6:9.1f} us   ours/floor = {res['ours'] / res['pread']:.2f}x")
    if smi is not None:
        wall, cpu = smi
        res["smi_wall"], res["smi_cpu"] = wall, cpu
        print(f"  rocm-smi {' '.join(SMI_ARGS)}")
        print(f"    wall {wall * 1e3:8.1f} ms  -> ours is {wall / res['ours']:8.0f}x cheaper")
        print(f"    CPU  {cpu * 1e3:8.1f} ms  -> ours is {cpu / res['ours']:8.0f}x cheaper (ours is all CPU)")
    else:
        print("  rocm-smi: not measured (needs Debian's rocm-smi, ../shared/tools/fakesys and unshare)")
    return res


def bench_history_and_monitor(base: Path) -> None:
    from rocmdesk.machine import simulate
    from rocmdesk.telemetry.history import DEFAULT_LEVELS, History, memory_bound
    from rocmdesk.telemetry.metrics import SERIES_KEYS
    from rocmdesk.telemetry.monitor import HOST_SERIES, Monitor

    n = 8 * len(SERIES_KEYS) + len(HOST_SERIES)
    bound = memory_bound(n, DEFAULT_LEVELS, 10.0)
    print(f"\nhistory: 8 GPUs x {len(SERIES_KEYS)} series + {len(HOST_SERIES)} host series, 24 h at 10 Hz: "
          f"{bound / 2**20:.1f} MiB (fixed; float32 values)")
    h = History([f"s{i}" for i in range(n)])
    row = [float(i) for i in range(n)]
    t0 = time.perf_counter()
    for k in range(20000):
        h.append(1_700_000_000.0 + k * 0.1, row)
    print(f"  append one row of {n} values            {(time.perf_counter() - t0) / 20000 * 1e6:7.1f} us")
    for span, label in ((60.0, "last minute (raw)"), (600.0, "last 10 min (raw, rebinned)"),
                        (1800.0, "last 30 min (1 s buckets)")):
        t0 = time.perf_counter()
        for _ in range(200):
            w = h.last("s5", span, 1500)
        print(f"  window {label:<30} {(time.perf_counter() - t0) / 200 * 1e6:7.1f} us ({len(w)} points)")
    root = simulate.build("mi300x-8gpu-server", base / "mi300", t=150.0)
    mon = Monitor(Host.at_root(root), interval_s=0)
    mon.tick()
    t0 = time.perf_counter()
    for _ in range(500):
        mon.tick()
    print(f"  Monitor.tick, 8 GPUs (sample + host + history)  {(time.perf_counter() - t0) / 500 * 1e6:7.1f} us")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--samples", type=int, default=20000)
    ap.add_argument("--rocm-runs", type=int, default=10)
    args = ap.parse_args()
    ok = strict = True
    with tempfile.TemporaryDirectory(prefix="rocmdesk-bench-") as tmp:
        base = Path(tmp)
        trees = _trees(base)
        for label, root in trees:
            r = bench_tree(label, root, args.samples, args.rocm_runs)
            if "smi_wall" in r:
                ok &= r["smi_wall"] / r["ours"] >= 500
            ok &= r["ours"] / r["plain"] <= 3.0
            strict &= r["ours"] / r["pread"] <= 3.0
        bench_history_and_monitor(base)
        fakesys = next((p for label, p in trees if label.startswith("fakesys")), None)
        library = bench_library(fakesys, args.samples) if fakesys is not None else None
        whole = bench_processes(fakesys, args.rocm_runs, base) if fakesys is not None else None
    print(f"\ngoals (>= 500x cheaper than rocm-smi, <= 3x the plain-read floor): {'met' if ok else 'NOT met'}; "
          f"<= 3x even the raw-pread floor: {'yes' if strict else 'no'}")
    if library is not None:
        print(f"goal (>= 10x cheaper than the librocm_smi64 path): {'met' if library >= 10 else 'NOT met'} "
              f"({library:.2f}x)")
    if whole is not None:
        print(f"goal (monitor --once --json as a whole process faster than rocm-smi): "
              f"{'met' if whole < 1 else 'NOT met'} ({1 / whole:.2f}x)")
        ok &= whole < 1
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
