"""Real pastes whose advice was wrong (issue 17), kept verbatim under tests/data/realworld with their source notes:
each gives the finding its thread resolved, and never the wrong one it used to give."""

from __future__ import annotations

from pathlib import Path

import pytest

from rocmdesk.doctor.diagnose import diagnose

DATA = Path(__file__).resolve().parents[1] / "data" / "realworld"

# file -> (ids it must give, ids it must not give)
EXPECTED: dict[str, tuple[set[str], set[str]]] = {
    # RCCL's optional network plugin is not there: INFO, not a missing library (ROCm/rccl#1029)
    "rccl/rccl-1468-net-plugin-info.txt": (set(), {"missing-shared-library"}),
    "rccl/nccl-1059-net-plugin-info.txt": (set(), {"missing-shared-library"}),
    # rocBLAS lists the Tensile files it has: no second ROCm in the process, only gfx1201 missing from the list
    "rocblas/migraphx-3517-gfx1201-tensile-list.txt": ({"rocblas-tensile-missing"}, {"wheel-rocm-mismatch"}),
    # torch and tinygrad each start an HSA runtime: not the generic out-of-resources advice
    "traceback/tinygrad-3608-two-hsa-runtimes.txt": ({"two-hsa-runtimes"}, {"out-of-resources", "kfd-permission"}),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_real_pastes_get_the_right_advice(name: str) -> None:
    path = DATA / name
    assert path.with_name(path.stem + ".source.md").is_file(), "every real paste keeps its source note"
    found = {f.id for f in diagnose(None, texts=[(name, path.read_bytes())]).findings}
    must, must_not = EXPECTED[name]
    assert must <= found, found
    assert not (must_not & found), found


def test_a_real_missing_library_is_still_one() -> None:
    text = b"ImportError: libamdhip64.so.6: cannot open shared object file: No such file or directory\n"
    assert "missing-shared-library" in {f.id for f in diagnose(None, texts=[("paste", text)]).findings}


def test_a_plain_out_of_resources_is_not_taken_for_two_runtimes() -> None:
    text = (b"hsa api call failure at: /src/rocminfo/rocminfo.cc:1282\nCall returned HSA_STATUS_ERROR_OUT_OF_RESOURCES: "
            b"The runtime failed to allocate the necessary resources.\n")
    ids = {f.id for f in diagnose(None, texts=[("paste", text)]).findings}
    assert "out-of-resources" in ids and "two-hsa-runtimes" not in ids


def test_a_lazy_tensile_file_that_cannot_be_read_is_still_a_mismatch() -> None:
    # the index names a lazy file the installed rocBLAS cannot read: library folder and library from two ROCms
    text = b"rocBLAS error: Cannot read /opt/rocm/lib/rocblas/library/TensileLibrary_lazy_gfx1100.dat: No such file\n"
    assert "wheel-rocm-mismatch" in {f.id for f in diagnose(None, texts=[("paste", text)]).findings}
