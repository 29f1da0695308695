"""The Doctor on a big log: `rocmdesk doctor --from LOG` against `grep -c -i -F` of the same keywords, in one run.

Logs of 50 and 200 MB (journal-like lines) hold one error (HIP's "invalid device function") at the start, in the
middle or at the end.  Each case runs the whole `doctor` process (its time and its peak RSS, from the kernel's
rusage of the child) and `grep` over the same file with the excerpt's keywords (rocmdesk.doctor.excerpt.KEYWORDS,
case-insensitive fixed strings), interleaved; the ratio is what counts.  Goals (issue 17): the error found in every
case, peak memory under 100 MB, time within 1.5x of grep.

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


def timed(argv: list[str]) -> float:
    t0 = time.perf_counter()
    subprocess.run(argv, capture_output=True, check=False)
    return time.perf_counter() - t0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[50, 200])
    ap.add_argument("--runs", type=int, default=2)
    args = ap.parse_args()
    from rocmdesk.doctor.excerpt import KEYWORDS

    grep = shutil.which("grep")
    pattern_args = [a for kw in KEYWORDS for a in ("-e", kw.decode())]
    env = {**os.environ, "LC_ALL": "C.UTF-8"}
    worst_ratio, worst_mb, all_found = 0.0, 0, True
    print(f"{'log':>16} {'where':>7} {'doctor s':>9} {'grep s':>8} {'ratio':>6} {'peak MB':>8}  found")
    with tempfile.TemporaryDirectory() as tmp:
        for mb in args.sizes:
            for where in ("start", "middle", "end"):
                log = Path(tmp) / f"{mb}mb-{where}.log"
                make_log(log, mb, where)
                ours, theirs, peaks, found = [], [], [], True
                for _ in range(args.runs):
                    theirs.append(timed([grep, "-c", "-i", "-F", *pattern_args, str(log)]))
                    # a fresh process per run: its own peak RSS (ru_maxrss of the children is the largest so far)
                    code = ("import resource, sys; from rocmdesk.cli import main; "
                            "main(['doctor', '--json', '--from', sys.argv[1]]); "
                            "print('PEAK', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)")
                    t0 = time.perf_counter()
                    proc = subprocess.run([sys.executable, "-c", code, str(log)], capture_output=True, text=True,
                                          env=env, check=False)
                    ours.append(time.perf_counter() - t0)
                    peaks.append(int(proc.stderr.split("PEAK")[-1].split()[0]) // 1024)
                    found = found and '"wheel-missing-arch"' in proc.stdout
                ratio = statistics.median(ours) / statistics.median(theirs)
                worst_ratio, worst_mb = max(worst_ratio, ratio), max(worst_mb, max(peaks))
                all_found = all_found and found
                print(f"{mb:>13} MB {where:>7} {statistics.median(ours):9.2f} {statistics.median(theirs):8.2f} "
                      f"{ratio:6.1f} {max(peaks):8d}  {'yes' if found else 'NO'}")
                log.unlink()
    print(f"\nworst: {worst_ratio:.1f}x grep (goal <= 1.5x), peak {worst_mb} MB (goal < 100 MB), "
          f"error found in every case: {'yes' if all_found else 'NO'}")
    return 0 if all_found else 1


if __name__ == "__main__":
    raise SystemExit(main())
