"""The catalogue as data: required ids, sources, translatable strings, and the error strings of
rocm-knowledge.md §7 each mapped to the right id."""

from __future__ import annotations

import re

import pytest

from rocmdesk.doctor import catalogue as cat
from rocmdesk.doctor.text_checks import diagnose_text

REQUIRED = ("kfd-missing", "kfd-permission", "groups-pending-relogin", "amdgpu-not-loaded", "gfx-needs-override",
            "override-unneeded", "override-risky", "gfx-unsupported", "wheel-cpu-only", "wheel-cuda-on-amd",
            "wheel-missing-arch", "wheel-rocm-mismatch", "out-of-resources", "kernel-too-old", "os-unsupported",
            "rocm-residue", "wsl", "igpu-dgpu-collision", "vram-oom-fragmentation", "multi-gpu-hang", "gpu-lost",
            "driver-errors")


def test_required_ids_and_well_formed_entries():
    entries = cat.catalogue()
    assert set(REQUIRED) <= set(entries)
    for e in entries.values():
        assert re.fullmatch(r"[a-z0-9-]+", e.id)
        assert e.title and e.summary and e.fix_steps and e.checks, e.id
        assert e.sources, e.id


def test_every_source_is_known():
    from rocmdesk.knowledge._data import load_json

    known = set(load_json("sources.json")["sources"]) | set(cat.catalogue_sources())
    for e in cat.catalogue().values():
        assert set(e.sources) <= known, (e.id, set(e.sources) - known)
    for key, s in cat.catalogue_sources().items():
        assert s.get("what"), key


def test_only_fixes_the_plan_engine_can_do_are_auto():
    auto = {e.id for e in cat.catalogue().values() if e.fix_kind == "auto"}
    assert auto == {"kfd-permission", "rocm-residue"}


def test_signals_name_real_recognizer_kinds():
    from rocmdesk.doctor.result_checks import VERDICT_IDS
    from rocmdesk.formats.kernel_log import EVENT_KINDS
    from rocmdesk.formats.traceback import SIGNAL_KINDS

    own = {"rocminfo": {"kfd-permission", "kfd-nomem", "kfd-invalid", "kfd-missing", "out-of-resources", "crash", "wsl"},
           "kernel-log": set(EVENT_KINDS), "traceback": set(SIGNAL_KINDS), "verify": set(VERDICT_IDS) | {
               "device-not-visible-masked"},
           "collect_env": {"cpu", "cuda", "wsl", "missing-arch", "not-available"}, "amd-smi": {"amdgpu-not-loaded"},
           "lspci": {"no-driver"}, "sanity": {"out-of-memory", "collective"}}
    for e in cat.catalogue().values():
        for s in e.signals:
            fmt, _, kind = s.partition(":")
            assert kind in own[fmt], (e.id, s)


def test_strings_have_stable_unique_keys():
    s = cat.strings()
    assert s["doctor.kfd-permission.title"] == cat.entry("kfd-permission").title
    assert all(k.startswith("doctor.") and v for k, v in s.items())
    assert len(s) == sum(2 + len(e.fix_steps) for e in cat.catalogue().values())


def test_placeholders_are_filled():
    f = cat.finding("igpu-dgpu-collision", ["x"], "machine", {"visible": "1"})
    assert f.fix.steps[0].command == "export ROCR_VISIBLE_DEVICES=1"
    f = cat.finding("gfx-needs-override", ["x"], "machine")  # unknown value: the placeholder stays readable
    assert "{override}" in f.fix.steps[0].command


# rocm-knowledge.md §7: each symptom string -> the id that must answer it
SECTION_7 = [
    ("RuntimeError: HIP error: invalid device function", "wheel-missing-arch"),
    ("ROCm error: invalid device function", "wheel-missing-arch"),
    ('"hipErrorNoBinaryForGpu: Unable to find code object for all current devices!"\nAborted (core dumped)',
     "wheel-missing-arch"),
    ("rocBLAS error: Cannot read /opt/rocm/lib/rocblas/library/TensileLibrary.dat: Illegal seek for GPU arch : gfx90c",
     "rocblas-tensile-missing"),
    ("HSA_STATUS_ERROR_INVALID_ISA: The instruction set architecture is invalid. code: 0x100f", "override-invalid-isa"),
    ("RuntimeError: HIP error: shared object initialization failed", "override-invalid-isa"),
    ("Unable to open /dev/kfd read-write: Permission denied\nFailed to get user name to check for video group membership",
     "kfd-permission"),
    ("Unable to open /dev/kfd read-write: Cannot allocate memory", "out-of-resources"),
    ("hsa api call failure\nCall returned HSA_STATUS_ERROR_OUT_OF_RESOURCES: The runtime failed", "out-of-resources"),
    ("RuntimeError: No HIP GPUs are available", "torch-no-gpu"),
    ("ImportError: librocm_smi64.so.1: cannot open shared object file: No such file or directory",
     "missing-shared-library"),
    ("ImportError: librocm_sysdeps_liblzma.so.5: cannot open shared object file: No such file or directory",
     "missing-shared-library"),
    ("rocBLAS error: Could not load /opt/rocm-6.0.0/lib/rocblas/library/TensileLibrary_lazy_gfx1030.dat",
     "wheel-rocm-mismatch"),
    ("time=2025 level=WARN msg=\"failure during GPU discovery\" error=\"failed to finish discovery before timeout\"",
     "wheel-rocm-mismatch"),
    ("WSL2 hipErrorNoDevice", "wsl"),
    ("torch.OutOfMemoryError: HIP out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 15.98 GiB",
     "vram-oom-fragmentation"),
    ("[rank1]: RCCL error: unhandled system error\nWatchdog caught collective operation timeout", "multi-gpu-hang"),
    ("[  12.3] amdgpu 0000:03:00.0: amdgpu: GPU is lost: physically removed", "gpu-lost"),
    ("[  99.1] [drm:amdgpu_job_timedout [amdgpu]] *ERROR* ring gfx_0.0.0 timeout, signaled seq=1, emitted seq=3",
     "driver-errors"),
    ("[ 9.0] amdgpu 0000:0b:00.0: amdgpu: [gfxhub] page fault (src_id:0 ring:24 vmid:3 pasid:32769)",
     "driver-errors"),
    ("AssertionError: Torch not compiled with CUDA enabled", "wheel-cpu-only"),
    ("RuntimeError: Found no NVIDIA driver on your system.", "wheel-cuda-on-amd"),
    ("[ 1.2] kfd kfd: amdgpu: skipped device 1002:73bf, PCI rejects atomics 730<0", "pcie-atomics"),
    ("Memory access fault by GPU node-1 (Agent handle: 0x55) on address 0x7f. Reason: Page not present",
     "driver-errors"),
]


@pytest.mark.parametrize("text,fid", SECTION_7, ids=[f"{i}-{x[1]}" for i, x in enumerate(SECTION_7)])
def test_section_7_error_strings(text, fid):
    info, found = diagnose_text(text, "paste")
    assert fid in [f.id for f in found], (info, [f.id for f in found])
    assert next(f for f in found if f.id == fid).evidence


def test_two_hsa_runtimes_in_a_process_maps_paste_are_their_own_finding():
    # /proc/PID/maps of a process with torch's own runtime and a system ROCm's (tinygrad/tinygrad#3608): the KFD
    # lets one runtime per process open it; one folder mapped many times is one runtime
    maps = ("7f1c2a000000-7f1c2a400000 r-xp 00000000 08:01 1234 /opt/rocm-6.2.0/lib/libhsa-runtime64.so.1.14.60200\n"
            "7f1c2a400000-7f1c2a600000 r--p 00400000 08:01 1234 /opt/rocm-6.2.0/lib/libhsa-runtime64.so.1.14.60200\n"
            "7f1c3b000000-7f1c3b400000 r-xp 00000000 08:01 4567 "
            "/home/u/venv/lib/python3.11/site-packages/torch/lib/libhsa-runtime64.so\n")
    _info, found = diagnose_text(maps, "maps")
    assert [f.id for f in found] == ["two-hsa-runtimes"]
    assert "/opt/rocm-6.2.0/lib/libhsa-runtime64.so" in found[0].evidence[0]
    _info, found = diagnose_text("".join(maps.splitlines(keepends=True)[:2]), "maps")
    assert found == []
