"""One GPU sample through librocm_smi64 in-process, against rocmdesk's sysfs sample, in the same process.

Run inside the fakesys mount namespace by benchmarks/sampler.py (``/sys`` is the fake tree there, which the library
reads as it reads a real one); not useful on its own.  The library sample asks for what the Monitor samples:
edge, junction and memory temperature, average power, GPU and memory busy, VRAM and GTT used and total, sclk,
mclk and fan speed.  Prints one JSON line: seconds per sample for each, and the floor (``pread_floor``, which
benchmarks/sampler.py uses for its trees too).

    run_in_fakesys.sh TREE python3 benchmarks/rsmi_library.py SAMPLES
"""

from __future__ import annotations

import ctypes
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from rocmdesk.machine.host import Host  # noqa: E402
from rocmdesk.telemetry.sampler import SysfsSampler  # noqa: E402

LIBRARY = "/usr/lib/librocm_smi64.so.1"


class Frequencies(ctypes.Structure):  # rsmi_frequencies_t (RSMI_MAX_NUM_FREQUENCIES = 32)
    _fields_ = [("num_supported", ctypes.c_int32), ("current", ctypes.c_uint32),
                ("frequency", ctypes.c_uint64 * 32)]


def library_sample(lib: ctypes.CDLL) -> None:
    i64, u64, u32, freq = ctypes.c_int64(), ctypes.c_uint64(), ctypes.c_uint32(), Frequencies()
    for sensor in (0, 1, 2):  # edge, junction, memory; metric 0: current
        lib.rsmi_dev_temp_metric_get(0, sensor, 0, ctypes.byref(i64))
    lib.rsmi_dev_power_ave_get(0, 0, ctypes.byref(u64))
    lib.rsmi_dev_busy_percent_get(0, ctypes.byref(u32))
    lib.rsmi_dev_memory_busy_percent_get(0, ctypes.byref(u32))
    for mem in (0, 2):  # VRAM, GTT
        lib.rsmi_dev_memory_usage_get(0, mem, ctypes.byref(u64))
        lib.rsmi_dev_memory_total_get(0, mem, ctypes.byref(u64))
    for clk in (0, 4):  # sclk, mclk
        lib.rsmi_dev_gpu_clk_freq_get(0, clk, ctypes.byref(freq))
    lib.rsmi_dev_fan_rpms_get(0, 0, ctypes.byref(i64))


def pread_floor(sampler: SysfsSampler) -> tuple[Callable[[], None], list[int]]:
    """The floor of one sample of the sampler's first GPU, and the files it keeps open: what the sample itself does
    at the least, the device-present ``stat`` and one ``pread`` of each file it reads, nothing parsed.  The same
    floor for benchmarks/sampler.py's trees and for the library comparison in the fakesys namespace."""
    index = sampler.gpus[0].index
    real = sampler.reader.real
    dev = real(sampler.plan(index).dev)
    fds = [os.open(real(path), os.O_RDONLY | os.O_NONBLOCK) for path in sampler.files(index)]

    def floor() -> None:
        os.stat(dev)
        for fd in fds:
            os.pread(fd, 4096, 0)

    return floor, fds


def per_call(fn, n: int) -> float:
    batches = []
    for _ in range(7):
        t0 = time.perf_counter()
        for _ in range(max(1, n // 7)):
            fn()
        batches.append((time.perf_counter() - t0) / max(1, n // 7))
    return statistics.median(batches)


def main() -> int:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    lib = ctypes.CDLL(LIBRARY)
    status = lib.rsmi_init(ctypes.c_uint64(0))
    count = ctypes.c_uint32()
    lib.rsmi_num_monitor_devices(ctypes.byref(count))
    if status != 0 or count.value < 1:
        print(json.dumps({"error": f"rsmi_init {status}, {count.value} devices"}))
        return 1
    sampler = SysfsSampler(Host.local())
    assert sampler.sample()[0].state == "ok"
    floor, fds = pread_floor(sampler)
    ours, theirs, floors = [], [], []
    for _ in range(3):  # interleaved
        ours.append(per_call(sampler.sample, n))
        theirs.append(per_call(lambda: library_sample(lib), n))
        floors.append(per_call(floor, n))
    print(json.dumps({"ours": statistics.median(ours), "library": statistics.median(theirs),
                      "pread_floor": statistics.median(floors), "files": len(fds)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
