"""How long `rocmdesk detect --json --simulate NAME` takes, against the floor of starting Python at all.

Both are measured in the same run, interleaved, as whole processes; the ratio is what counts
(goal, issue 19: at most 3x the floor of `python -c pass`; a script that only reads the same files
is about 1.9x). Bytecode is written and used, as it is for an installed package
(PYTHONDONTWRITEBYTECODE is removed for the children); a third line shows the floor of importing
the standard-library modules the CLI needed before issue 19 (it needs only argparse and json now),
for scale.

    python benchmarks/detect.py [--runs N] [--machine NAME ...]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time


ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
STDLIB = "import argparse, dataclasses, json, pathlib, re, subprocess"
GOAL = 3.0  # worst ratio to `python -c pass` (issue 19)


def _time(argv: list[str]) -> float:
    t0 = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, env=ENV)
    return time.perf_counter() - t0


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--machine", action="append")
    args = ap.parse_args()
    machines = args.machine or ["rx6600xt-ubuntu2204", "mi300x-8gpu-server", "no-amd-gpu"]
    floor_cmd = [sys.executable, "-c", "pass"]
    stdlib_cmd = [sys.executable, "-c", STDLIB]
    print(f"{'command':<52} {'median ms':>10} {'min ms':>8} {'ratio':>6}")
    worst = 0.0
    floor, std = [], []
    for _ in range(args.runs):
        floor.append(_time(floor_cmd))
        std.append(_time(stdlib_cmd))
    f, s_ = statistics.median(floor), statistics.median(std)
    print(f"{'python -c pass':<52} {f * 1e3:>10.1f} {min(floor) * 1e3:>8.1f}")
    print(f"{'python -c ' + repr(STDLIB)[:40]:<52} {s_ * 1e3:>10.1f} {min(std) * 1e3:>8.1f} {s_ / f:>6.2f}")
    for machine in machines:
        cmd = [sys.executable, "-m", "rocmdesk", "detect", "--json", "--simulate", machine]
        subprocess.run(cmd, stdout=subprocess.DEVNULL, check=False, env=ENV)  # warm: tree and bytecode
        floor, ours = [], []
        for _ in range(args.runs):
            floor.append(_time(floor_cmd))
            ours.append(_time(cmd))
        f, o = statistics.median(floor), statistics.median(ours)
        ratio = o / f
        worst = max(worst, ratio)
        print(f"{'python -c pass':<52} {f * 1e3:>10.1f} {min(floor) * 1e3:>8.1f}")
        print(f"{'detect --json --simulate ' + machine:<52} {o * 1e3:>10.1f} {min(ours) * 1e3:>8.1f} {ratio:>6.2f}")
    print(f"worst ratio {worst:.2f} (goal <= {GOAL:g})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
