"""Python tracebacks and ROCm/PyTorch error messages (rocmdesk.formats.traceback)."""

from __future__ import annotations

import time

import pytest

from rocmdesk import formats
from rocmdesk.formats import FormatError
from rocmdesk.formats.traceback import (
    SIGNAL_KINDS,
    TracebackReport,
    find_signals,
    parse_traceback,
    sniff_score,
)

HIP_INVALID = """\
Traceback (most recent call last):
  File "/home/ana/train.py", line 12, in <module>
    main()
  File "/home/ana/train.py", line 8, in main
    y = model(x.to("cuda"))
        ^^^^^^^^^^^^^^^^^^^
RuntimeError: HIP error: invalid device function
HIP kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.
For debugging consider passing AMD_SERIALIZE_KERNEL=3
Compile with `TORCH_USE_HIP_DSA` to enable device-side assertions.
"""

CHAINED = """\
Traceback (most recent call last):
  File "/srv/app/load.py", line 3, in load
    import torch
ImportError: libamdhip64.so.6: cannot open shared object file: No such file or directory

During handling of the above exception, another exception occurred:

Traceback (most recent call last):
  File "/srv/app/run.py", line 9, in <module>
    load()
  File "/srv/app/load.py", line 5, in load
    raise SystemError("no torch")
SystemError: no torch

The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "/srv/app/main.py", line 2, in <module>
    run()
app.errors.SetupError: PyTorch could not start
"""

OOM_NEW = """\
torch.OutOfMemoryError: HIP out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 23.98 GiB of \
which 1.25 GiB is free. Of the allocated memory 20.50 GiB is allocated by PyTorch, and 1.75 GiB is reserved by PyTorch \
but unallocated. If reserved but unallocated memory is large try setting PYTORCH_HIP_ALLOC_CONF=expandable_segments:True \
to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)
"""

OOM_OLD = """\
RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 1; 7.98 GiB total capacity; 6.23 GiB already \
allocated; 3.94 MiB free; 6.28 GiB reserved in total by PyTorch)
"""


def test_full_traceback() -> None:
    r = parse_traceback(HIP_INVALID)
    assert isinstance(r, TracebackReport) and r.has_header
    exc = r.exception
    assert exc is not None and exc.type == "RuntimeError" and exc.message == "HIP error: invalid device function"
    assert "AMD_SERIALIZE_KERNEL=3" in exc.detail and "TORCH_USE_HIP_DSA" in exc.detail
    assert [(f.file, f.line, f.function) for f in exc.frames] == [
        ("/home/ana/train.py", 12, "<module>"), ("/home/ana/train.py", 8, "main")]
    assert exc.frames[1].code == 'y = model(x.to("cuda"))'
    assert r.kinds == ["invalid-device-function"]
    assert r.signals[0].line_no == 7


def test_chained_exceptions() -> None:
    r = parse_traceback(CHAINED)
    assert [e.type for e in r.exceptions] == ["ImportError", "SystemError", "app.errors.SetupError"]
    assert [e.chain for e in r.exceptions] == [None, "context", "cause"]
    assert r.exception.message == "PyTorch could not start"
    lib = next(s for s in r.signals if s.kind == "missing-shared-library")
    assert lib.details == {"library": "libamdhip64.so.6"}


def test_out_of_memory_numbers_new_wording() -> None:
    r = parse_traceback(OOM_NEW)
    assert r.exception.type == "torch.OutOfMemoryError" and not r.exception.frames
    d = next(s for s in r.signals if s.kind == "out-of-memory").details
    assert d["tried_bytes"] == 2 * 2**30 and d["device"] == 0
    assert d["total_bytes"] == int(23.98 * 2**30) and d["free_bytes"] == int(1.25 * 2**30)
    assert d["allocated_bytes"] == int(20.5 * 2**30)
    assert d["reserved_unallocated_bytes"] == int(1.75 * 2**30)
    assert d["alloc_conf_hint"] == "PYTORCH_HIP_ALLOC_CONF=expandable_segments:True"


def test_out_of_memory_numbers_old_wording() -> None:
    d = parse_traceback(OOM_OLD).signals[0].details
    assert d["tried_bytes"] == 20 * 2**20 and d["device"] == 1
    assert d["total_bytes"] == int(7.98 * 2**30) and d["allocated_bytes"] == int(6.23 * 2**30)
    assert d["free_bytes"] == int(3.94 * 2**20) and d["reserved_bytes"] == int(6.28 * 2**30)


def test_the_last_line_alone() -> None:
    r = formats.parse("RuntimeError: No HIP GPUs are available\n")
    assert isinstance(r, TracebackReport)
    assert r.exception.type == "RuntimeError" and r.kinds == ["no-hip-gpus"]


def test_an_error_message_without_python() -> None:
    text = '"hipErrorNoBinaryForGpu: Unable to find code object for all current devices!"\nAborted (core dumped)\n'
    assert formats.sniff(text) == "traceback"
    r = formats.parse(text)
    assert r.exception is None and r.kinds == ["no-binary-for-gpu", "crash"]


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        ("AssertionError: Torch not compiled with CUDA enabled", "torch-not-compiled-with-cuda"),
        ("RuntimeError: Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU", "no-nvidia-driver"),
        ("RuntimeError: HIP error: shared object initialization failed", "shared-object-init-failed"),
        ("HSA_STATUS_ERROR_INVALID_ISA: The instruction set architecture is invalid. code: 0x100f", "invalid-isa"),
        ("RuntimeError: HSA_STATUS_ERROR_OUT_OF_RESOURCES", "out-of-resources"),
        ("rocBLAS error: Cannot read /opt/rocm/lib/rocblas/library/TensileLibrary.dat: Illegal seek for GPU arch : gfx90c",
         "tensile-library-missing"),
        ("Memory access fault by GPU node-1 (Agent handle: 0x55d) on address 0x7f. Reason: Page not present", "memory-access-fault"),
        ("RuntimeError: HIP error: hipErrorNoDevice", "no-device"),
        ("RuntimeError: HIP error: unspecified launch failure", "hip-error"),
        ("torch.distributed.DistBackendError: NCCL error in: ProcessGroupNCCL.cpp:1970, unhandled system error", "collective-error"),
        ("hipErrorNoBinaryForGpu: Unable to find code object for all current devices!", "no-binary-for-gpu"),
    ],
)
def test_signal_kinds(line: str, kind: str) -> None:
    assert kind in SIGNAL_KINDS
    r = parse_traceback(line + "\n")
    assert r.kinds[0] == kind, r.kinds


def test_specific_kinds_beat_the_generic_hip_error() -> None:
    kinds = [s.kind for s in find_signals(["RuntimeError: HIP error: invalid device function"])]
    assert kinds == ["invalid-device-function"]


def test_tensile_gfx_detail() -> None:
    r = parse_traceback("rocBLAS error: Cannot read /opt/rocm/lib/rocblas/library/TensileLibrary.dat: "
                        "Illegal seek for GPU arch : gfx1103\n")
    assert r.signals[0].details == {"gfx": "gfx1103"}


def test_is_available_warning() -> None:
    text = ("/venv/lib/python3.12/site-packages/torch/cuda/__init__.py:129: UserWarning: CUDA initialization: "
            "Unexpected error from cudaGetDeviceCount(). (Triggered internally at ../c10/cuda/CUDAFunctions.cpp:108.)\n"
            "  return torch._C._cuda_getDeviceCount() > 0\nFalse\n")
    r = formats.parse(text)
    assert isinstance(r, TracebackReport)
    w = r.python_warnings[0]
    assert w.category == "UserWarning" and w.line == 129 and w.message.startswith("CUDA initialization:")
    assert r.kinds == ["cuda-init-warning"] and r.exception is None


def test_rank_prefixed_traceback() -> None:
    text = "".join(f"[rank0]: {ln}\n" for ln in HIP_INVALID.splitlines())
    r = parse_traceback(text)
    assert r.exception.type == "RuntimeError" and len(r.exception.frames) == 2


def test_log_prefixed_traceback() -> None:
    prefix = "2026-12-02 10:00:00 worker-3 | "
    text = "".join(prefix + ln + "\n" for ln in HIP_INVALID.splitlines())
    r = parse_traceback(text)
    assert r.exception.type == "RuntimeError" and r.exception.frames[0].line == 12


def test_ipython_frames() -> None:
    text = ("Traceback (most recent call last):\n"
            "  Cell In[3], line 2\n    torch.ones(1).cuda()\n"
            "  File /usr/lib/python3/dist-packages/torch/cuda/__init__.py:310, in _lazy_init\n    raise AssertionError(\"Torch not compiled with CUDA enabled\")\n"
            "AssertionError: Torch not compiled with CUDA enabled\n")
    r = parse_traceback(text)
    assert [f.file for f in r.exception.frames] == ["Cell In[3]", "/usr/lib/python3/dist-packages/torch/cuda/__init__.py"]
    assert r.exception.frames[1].function == "_lazy_init"


def test_a_traceback_quoting_rocminfo_is_a_traceback() -> None:
    text = """\
Traceback (most recent call last):
  File "/opt/tool/probe.py", line 40, in <module>
    out = subprocess.run(["rocminfo"], check=True, capture_output=True)
subprocess.CalledProcessError: Command '['rocminfo']' returned non-zero exit status 1.
stdout: ROCk module is loaded
hsa api call failure at: /src/rocminfo/rocminfo.cc:1142
Call returned HSA_STATUS_ERROR_OUT_OF_RESOURCES: The runtime failed to allocate the necessary resources.
"""
    assert formats.sniff(text) == "traceback"
    r = formats.parse(text)
    assert r.exception.type == "subprocess.CalledProcessError"
    assert "out-of-resources" in r.kinds


def test_rocminfo_error_output_stays_rocminfo() -> None:
    text = ("ROCk module is loaded\nhsa api call failure at: /src/rocminfo/rocminfo.cc:1219\n"
            "Call returned HSA_STATUS_ERROR_OUT_OF_RESOURCES: The runtime failed\n")
    assert formats.sniff(text) == "rocminfo"
    assert sniff_score(text) < formats._REGISTRY["rocminfo"].sniff(text)


def test_header_alone_is_not_claimed() -> None:
    text = "Traceback (most recent call last):\n  nothing here\n"
    assert sniff_score(text) < 2 and formats.sniff(text) is None
    with pytest.raises(FormatError, match="no exception line"):
        parse_traceback(text)


@pytest.mark.parametrize("text", ["", "   \n", "hello world\n", "Error: something\n", "ValueError\n"])
def test_not_a_traceback(text: str) -> None:
    with pytest.raises(FormatError):
        parse_traceback(text)


def test_binary_and_non_text() -> None:
    with pytest.raises(FormatError, match="binary"):
        parse_traceback("\x00\x01\x02" * 1000)
    with pytest.raises(FormatError):
        parse_traceback(b"RuntimeError: x")  # type: ignore[arg-type]


def test_json_round_trip() -> None:
    import json

    data = json.loads(json.dumps(parse_traceback(CHAINED).to_json()))
    assert data["exceptions"][2]["chain"] == "cause" and "missing-shared-library" in data["kinds"]


def test_huge_input_reads_the_end_fast() -> None:
    text = "noise line that means nothing\n" * (50 * 2**20 // 30) + HIP_INVALID
    t = time.perf_counter()
    assert formats.sniff(text) == "traceback"
    r = formats.parse(text, "traceback")
    assert time.perf_counter() - t < 15  # a linear scan, not a quadratic one (speed: benchmarks/)
    assert r.truncated and r.exception.message == "HIP error: invalid device function"
