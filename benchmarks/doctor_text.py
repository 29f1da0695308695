"""The Doctor on a big log: `rocmdesk doctor --from LOG` against `grep -c -i -E` of the same patterns, in one run.

Logs of 50 and 200 MB (journal-like lines) hold one error (HIP's "invalid device function") at the start, in the
middle or at the end.  Each case runs the whole `doctor` process and `grep` over the same file with the excerpt's
keywords (rocmdesk.doctor.excerpt.KEYWORDS, case-insensitive: the lines the Doctor keeps), interleaved; for each,
its wall time and its peak RSS (the kernel's rusage of that one child, from wait4).  The ratio is what counts, at
the largest size (the goal is stated for 200 MB); smaller logs' ratios are printed too.
The Doctor runs as installed (compiled bytecode, in a temporary cache, after one warm-up run): this environment's
PYTHONDONTWRITEBYTECODE would otherwise add the compiling of every module to each run.  Goals (issue 17): the
error found in every case, peak memory under 100 MB, time within 1.5x of grep.

    python benchmarks/doctor_text.py [--sizes 50 200] [--runs 2]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ERROR = "RuntimeError: HIP error: invalid device function\n"
LINE = "Dec 04 10:11:12 host app[1234]: request {i} served in 0.{j:03d}s path=/api/v1/items/{i} user=u{j}\n"


def make_log(path: Path, mb: int, where: str) -> None:
    size = mb * 1_000_000
    block = "".join(LINE.format(i=i, j=i % 1000) for i in range(10_000)).encode()
    with open(path, "wb") as fh:
        written = 0
        at = {"start": 2_000, "middle": size // 2, "end": size - 2_000}[where]
        placed = False
        while written < size:
            if not placed and written + len(block) > at:
                fh.write(ERROR.encode())
                placed = True
            fh.write(block)
            written += len(block)


def timed(argv: list[str], env: dict[str, str] | None = None) -> tuple[float, int, str]:
    """(wall seconds, peak RSS in MB, standard output) of one child process."""
    with tempfile.TemporaryFile() as out:
        t0 = time.perf_counter()
        proc = subprocess.Popen(argv, stdout=out, stderr=subprocess.DEVNULL, env=env)
        _, _, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t0
        proc.returncode = 0  # reaped by wait4
        out.seek(0)
        return wall, usage.ru_maxrss // 1024, out.read().decode("utf-8", "replace")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[50, 200])
    ap.add_argument("--runs", type=int, default=2)
    args = ap.parse_args()
    from rocmdesk.doctor.excerpt import KEYWORDS

    grep = shutil.which("grep")
    pattern_args = [a for kw in KEYWORDS for a in ("-e", kw.decode())]
    worst_at: dict[int, float] = {}
    worst_mb, all_found = 0, True
    print(f"{'log':>16} {'where':>7} {'doctor s':>9} {'grep s':>8} {'ratio':>6} {'peak MB':>8} {'grep MB':>8}  found")
    with tempfile.TemporaryDirectory() as tmp:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env.update(LC_ALL="C.UTF-8", PYTHONPYCACHEPREFIX=str(Path(tmp) / "pycache"))
        doctor = [sys.executable, "-m", "rocmdesk", "doctor", "--json", "--from"]
        warm = Path(tmp) / "warm.log"
        make_log(warm, 2, "middle")
        timed([*doctor, str(warm)], env)  # compiles the bytecode once, as an install does
        for mb in args.sizes:
            for where in ("start", "middle", "end"):
                log = Path(tmp) / f"{mb}mb-{where}.log"
                make_log(log, mb, where)
                ours, theirs, peaks, grep_peaks, found = [], [], [], [], True
                for _ in range(args.runs):
                    wall, peak, _out = timed([grep, "-c", "-i", "-E", *pattern_args, str(log)], env)
                    theirs.append(wall)
                    grep_peaks.append(peak)
                    wall, peak, out = timed([*doctor, str(log)], env)
                    ours.append(wall)
                    peaks.append(peak)
                    found = found and '"wheel-missing-arch"' in out
                ratio = statistics.median(ours) / statistics.median(theirs)
                worst_at[mb] = max(worst_at.get(mb, 0.0), ratio)
                worst_mb = max(worst_mb, max(peaks))
                all_found = all_found and found
                print(f"{mb:>13} MB {where:>7} {statistics.median(ours):9.2f} {statistics.median(theirs):8.2f} "
                      f"{ratio:6.1f} {max(peaks):8d} {max(grep_peaks):8d}  {'yes' if found else 'NO'}")
                log.unlink()
    goal_mb = max(args.sizes)
    print(f"\nworst at {goal_mb} MB (the goal's size): {worst_at[goal_mb]:.2f}x grep (goal <= 1.5x)")
    for mb in sorted(worst_at):
        if mb != goal_mb:
            print(f"worst at {mb} MB: {worst_at[mb]:.2f}x grep (no goal: Python's start and the Doctor's imports, "
                  f"about 0.3 s, are most of a small log's time)")
    print(f"peak {worst_mb} MB (goal < 100 MB), error found in every case: {'yes' if all_found else 'NO'}")
    return 0 if all_found else 1


if __name__ == "__main__":
    raise SystemExit(main())
