"""Conformance: every error sample in ../shared/realdata gives the catalogue id its ``.source.md`` points at.

Expectations are read off each sample's ground truth by hand (the mapping from the ground truth to an id
is written in the comment); a new sample in the error folders fails until it has a row here.
"""

from __future__ import annotations

import pytest

from rocmdesk.doctor.text_checks import diagnose_text
from tests.conftest import REALDATA

pytestmark = pytest.mark.conformance

EXPECTED = {
    # "Unable to open /dev/kfd read-write: Cannot allocate memory" + HSA_STATUS_ERROR_OUT_OF_RESOURCES (Navi 14 DID unknown)
    "rocminfo-errors/kfd-cannot-allocate-memory-navi14-rx5500-rocm3.10.txt": ["out-of-resources"],
    # EINVAL after an eGPU hot-reconnect: the card was lost and came back
    "rocminfo-errors/kfd-invalid-argument-egpu-reconnect-rx7900gre-rocm6.0.2.txt": ["gpu-lost"],
    # EPERM on /dev/kfd while in the render group
    "rocminfo-errors/kfd-operation-not-permitted.txt": ["kfd-permission"],
    # EACCES + "is not member of render group"
    "rocminfo-errors/kfd-permission-denied-not-in-render-group-5600g-rocm5.x.txt": ["kfd-permission"],
    # "Call returned 4104" = 0x1008 = HSA_STATUS_ERROR_OUT_OF_RESOURCES
    "rocminfo-errors/numeric-error-4104-rocm2.1-2.5.txt": ["out-of-resources"],
    "rocminfo-errors/out-of-resources-raven-apu-rocm3.0-username-placeholder.txt": ["out-of-resources"],
    "rocminfo-errors/out-of-resources-rx580-rocm2.8-video-group-line.txt": ["out-of-resources"],
    "rocminfo-errors/out-of-resources-rx7600xt-arch-rocm6.0.0.txt": ["out-of-resources"],
    # "ROCk module is loaded" then "Segmentation fault"
    "rocminfo-errors/sudo-segfault-5600g-rocm5.x.txt": ["runtime-crash"],
    # "kfd kfd: DID 7340 is missing in supported_devices" / kgd2kfd_probe failed
    "misc/dmesg-kfd-did-missing-navi14.txt": ["gfx-unsupported"],
    # amd-smi: "driver not initialized (amdgpu not found in modules)"
    "amd-smi/amd-smi-version-errors-wsl2-rocm7.0.2.txt": ["amdgpu-not-loaded"],
    # amd-smi used wrongly (--version is not a command): no GPU failure
    "amd-smi/amd-smi-and-rocm-smi-version-lines-rocm7.2.0.txt": [],
    # gfx1151 absent from the wheel's arch list -> "invalid device function"
    "torch-collect-env/torch-arch-list-rocm6.4-nightly-on-gfx1151-wrapped.txt": ["wheel-missing-arch"],
    # collect_env under WSL2
    "torch-collect-env/rx6800xt-wsl2-torch2.1.2-rocm6.1.3.txt": ["wsl"],
    # rocminfo --support under WSL2 (no ROCk line, no BDFIDs)
    "rocminfo/gfx1030-rx6800xt-wsl2-rocm6.1.3.txt": ["wsl"],
    # a gfx1031 reporting gfx1030: the right override is in effect -> nothing wrong
    "rocminfo/gfx1031-as-gfx1030-override-rx6700xt-rocm6.txt": [],
    # a native 780M (gfx1103 reported as gfx1103: no override in effect): the advice is AMD's gfx110X-all wheels,
    # which carry gfx1103, so nothing is wrong (it used to get override-risky, judged on PyTorch's wheels alone)
    "rocminfo/gfx1103-radeon780m-hawkpoint-8845hs-rocm6.x-vendor-readme-mangled.txt": [],
    # a gfx1032 without override: the libraries have no gfx1032 code
    "rocminfo/gfx1032-rx6600xt-ryzen3600-rocm5.0.1.txt": ["gfx-needs-override"],
    # a 7900 XTX beside Raphael's iGPU
    "rocm-smi/rx7900xtx-plus-raphael-igpu-showhw-rocm5.x.txt": ["igpu-dgpu-collision"],
    # RX 580 (gfx803): no ROCm
    "lspci/polaris-rx580-iommu-group-listing-lspci-nns.txt": ["gfx-unsupported"],
    # healthy samples
    "rocminfo/gfx1100-rx7900xtx-ryzen5950x-rocm7.1.1.txt": [],
    "rocminfo/gfx90a-mi210-x4-tr7975wx-rocm6.2.4-tmux-artifacts.txt": [],
    "rocm-smi/mi300x-x4-showallinfo-a-rocm6x.txt": [],
}
ERROR_FOLDERS = ("rocminfo-errors",)


@pytest.mark.parametrize("rel", sorted(EXPECTED))
def test_sample_gives_its_id(realdata, rel):
    info, found = diagnose_text((realdata / rel).read_bytes(), rel)
    assert info.error is None, info.error
    assert [f.id for f in found] == EXPECTED[rel]
    for f in found:  # every finding quotes what it saw
        assert f.evidence and all(e.strip() for e in f.evidence)


def test_every_error_sample_has_expectations(realdata):
    for folder in ERROR_FOLDERS:
        for p in sorted((realdata / folder).glob("*.txt")):
            assert f"{folder}/{p.name}" in EXPECTED, f"{folder}/{p.name}: read its .source.md and add a row"


def test_every_sample_reads_without_error(realdata):
    """No sample makes the Doctor fail; a sample of no known format says so."""
    for p in sorted(REALDATA.rglob("*")):
        if not p.is_file() or p.name.endswith(".source.md") or p.name == "INDEX.md":
            continue
        if "sysfs" in p.parts or "kfd-topology" in p.parts:
            continue
        info, found = diagnose_text(p.read_bytes(), p.name)
        assert info.format is not None or info.error, p
