"""The figures of one benchmarks/gpu_check.sh run, as Markdown for docs/gpu-runs.md.

Reads OUTDIR (machine.txt, exit-codes.txt, verify.json, sanity-tiny.json, sanity-resnet50.json) and prints the
machine, the verify verdict and one table row per sanity run: passed, the AMP dtype and GradScaler's final scale,
FP32 and AMP step times, AMP's speed-up, peak memory, throughput and the loss.  A missing or broken file is said
as such in its row; this never raises on what a run left behind.

    python benchmarks/gpu_summary.py OUTDIR
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

RUNS = (("tiny", "sanity-tiny.json"), ("ResNet-50", "sanity-resnet50.json"))


def _load(path: Path) -> tuple[dict | None, str | None]:
    try:
        data = json.loads(path.read_text(encoding="utf-8", errors="replace"))
    except FileNotFoundError:
        return None, "not run"
    except (OSError, ValueError) as exc:
        return None, f"unreadable ({type(exc).__name__})"
    return (data, None) if isinstance(data, dict) else (None, "not a JSON object")


def _ms(seconds) -> str:
    return f"{seconds * 1000:.1f} ms" if isinstance(seconds, (int, float)) else "–"


def _mib(n) -> str:
    return f"{n / 2**20:,.0f} MiB" if isinstance(n, (int, float)) else "–"


def _num(x, fmt: str) -> str:
    return format(x, fmt) if isinstance(x, (int, float)) else "–"


def _phase(data: dict, name: str) -> dict:
    for p in data.get("phases") or []:
        if isinstance(p, dict) and p.get("name") == name:
            return p
    return {}


def sanity_row(label: str, data: dict | None, problem: str | None) -> str:
    if data is None:
        return f"| {label} | {problem} |" + " – |" * 7
    fp32, amp = _phase(data, "fp32"), _phase(data, "amp")
    detail = amp.get("detail") if isinstance(amp.get("detail"), dict) else {}
    dtype = data.get("amp_dtype") or detail.get("amp_dtype") or "–"
    scale = detail.get("grad_scale")
    scaler = f"{dtype}, GradScaler {_num(scale, 'g')}" if scale is not None else f"{dtype}, no GradScaler"
    passed = "passed" if data.get("passed") else f"FAILED ({data.get('error') or data.get('hung_phase') or '?'})"
    size = f"{label}, batch {data.get('batch') or '?'}, {data.get('steps') or '?'} steps"
    return (f"| {size} | {passed} | {scaler} | {_ms(fp32.get('step_s'))} | {_ms(amp.get('step_s'))} "
            f"| {_num(data.get('amp_speedup'), '.2f')} | {_mib(data.get('peak_mem_bytes'))} / "
            f"{_mib(data.get('peak_reserved_bytes'))} | {_num(fp32.get('samples_per_s'), ',.0f')} / "
            f"{_num(amp.get('samples_per_s'), ',.0f')} | {_num(data.get('loss_first'), '.3f')} → "
            f"{_num(data.get('loss_last'), '.3f')} |")


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    out = Path(argv[0])
    try:
        machine = out.joinpath("machine.txt").read_text(encoding="utf-8", errors="replace").strip()
    except OSError:
        machine = "(machine.txt missing)"
    try:
        codes = out.joinpath("exit-codes.txt").read_text(encoding="utf-8", errors="replace").split("\n")
    except OSError:
        codes = []
    lines = ["### benchmarks/gpu_check.sh", "", "```", machine, "```", ""]
    steps = [c.split() for c in codes if len(c.split()) == 3]
    if steps:
        lines.append("steps (exit code, seconds): " + ", ".join(f"{n} {rc} in {s} s" for n, rc, s in steps))
        lines.append("")
    verify, problem = _load(out / "verify.json")
    if verify is None:
        lines.append(f"`torch verify`: {problem}")
    else:
        devices = ", ".join(str(d.get("name", d)) if isinstance(d, dict) else str(d)
                            for d in verify.get("devices") or []) or "none"
        lines.append(f"`torch verify`: **{verify.get('verdict')}** ({verify.get('title')}); torch "
                     f"{verify.get('torch')}, CUDA {verify.get('cuda')}, HIP {verify.get('hip')}; GPU available: "
                     f"{verify.get('available')}; devices: {devices}; probe {_num(verify.get('duration_s'), '.1f')} s")
    lines += ["", "| `rocmdesk sanity` | result | AMP | FP32 step | AMP step | AMP speed-up (×) | peak memory "
              "(allocated / reserved) | samples/s FP32 / AMP | loss first → last |",
              "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for label, name in RUNS:
        data, problem = _load(out / name)
        lines.append(sanity_row(label, data, problem))
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
