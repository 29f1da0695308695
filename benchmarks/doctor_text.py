"""What the Doctor adds on top of ``inspect`` for a big paste: ``diagnose_text`` against ``inspect_text`` on the
same 50 MB inputs, measured in the same run (the ratio is what counts; the recognizers are shared, the
Doctor adds its signal mapping and the catalogue's patterns over the text's first and last MiB).

    python benchmarks/doctor_text.py [--mb 50] [--runs 3]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time


def _inputs(mb: int) -> dict[str, bytes]:
    size = mb * 2**20
    usb = b"[   10.000000] usb 1-1: new high-speed USB device number 2 using xhci_hcd\n"
    tb = b"  File \"/srv/train.py\", line 12, in step\n    loss.backward()\n"
    return {
        "kernel log, error at the end": usb * (size // len(usb)) + b"[ 99.0] amdgpu 0000:03:00.0: GPU fell off the bus\n",
        "traceback, error at the end": b"Traceback (most recent call last):\n" + tb * (size // len(tb))
        + b"RuntimeError: HIP error: invalid device function\n",
        "unknown text": (b"lorem ipsum dolor sit amet " * 40 + b"\n") * (size // 1081),
        "random bytes": random.Random(7).randbytes(size),
    }


def _time(fn, data: bytes) -> float:
    t0 = time.perf_counter()
    try:
        fn(data)
    except Exception:  # inspect raises FormatError for unknown or binary input: its time still counts
        pass
    return time.perf_counter() - t0


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mb", type=int, default=50)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    from rocmdesk.doctor.text_checks import diagnose_text
    from rocmdesk.inspect import inspect_text

    def doctor(d: bytes) -> None:
        diagnose_text(d, "bench")

    def inspect(d: bytes) -> None:
        inspect_text(d, "bench")

    print(f"{'input (' + str(args.mb) + ' MB)':<32} {'inspect s':>10} {'doctor s':>10} {'ratio':>6}")
    for name, data in _inputs(args.mb).items():
        base, doc = [], []
        for _ in range(args.runs):  # interleaved, so both see the same machine load
            base.append(_time(inspect, data))
            doc.append(_time(doctor, data))
        b, d = statistics.median(base), statistics.median(doc)
        print(f"{name:<32} {b:>10.2f} {d:>10.2f} {d / b:>6.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
