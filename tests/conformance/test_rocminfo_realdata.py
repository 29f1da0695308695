"""The rocminfo parser against real captured output in ../shared/realdata.

The expectations are read off each sample's ``.source.md`` by hand and written down here;
nothing parses that prose at run time.  Every sample in the two folders must have a row, so
a new sample fails until someone reads its ground truth.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from rocmdesk.formats import decode_input, sniff
from rocmdesk.formats.rocminfo import RocminfoReport, parse_rocminfo, physical_gfx
from tests.conftest import require

pytestmark = pytest.mark.conformance

# ../shared beside the repo root; ROCMDESK_SHARED overrides it as in tests/conftest.py
SHARED = Path(os.environ.get("ROCMDESK_SHARED", Path(__file__).resolve().parents[2].parent / "shared"))
REALDATA = SHARED / "realdata"
FOLDERS = ("rocminfo", "rocminfo-errors")


@dataclass(frozen=True)
class Expect:
    gfx: tuple[str, ...]  # gfx_reported per GPU agent, in order
    marketing: tuple[str | None, ...]  # Marketing Name per GPU agent (None: printed empty)
    agents: int
    gpus: int
    physical: tuple[str, ...] | None = None  # the chips' own gfx, where it differs from gfx
    slots: tuple[str | None, ...] | None = None  # PCI slot per GPU from BDFID
    vram_kb: int | None = None  # VRAM pool size, the same on every GPU of the sample
    cu: int | None = None  # compute units, the same on every GPU
    chip_id: int | None = None
    runtime: str | None = None
    runtime_ext: str | None = None
    wsl: bool | None = False
    truncated: bool = False
    error: str | None = None  # RocminfoError.kind
    errno: str | None = None
    hsa_status: str | None = None
    group: tuple[str, bool] | None = None  # (group, member?) from rocminfo's group line
    uuids: tuple[str | None, ...] | None = None
    extra: dict[str, object] = field(default_factory=dict)


OOR = "HSA_STATUS_ERROR_OUT_OF_RESOURCES"

EXPECTED: dict[str, Expect] = {
    # --- rocminfo/ ---
    "rocminfo/gfx1010-rx5700xt-navi10-pciids-name-tr3990x-rocm4.0.1.txt": Expect(
        gfx=("gfx1010",), marketing=("Navi 10 [Radeon RX 5600 OEM/5600 XT / 5700/5700 XT]",),
        agents=2, gpus=1, slots=("4b:00.0",), vram_kb=8372224, cu=40, chip_id=0x731F, runtime="1.1",
        uuids=("GPU-XX",),
    ),
    "rocminfo/gfx1030-rx6800xt-wsl2-rocm6.1.3.txt": Expect(
        gfx=("gfx1030",), marketing=("AMD Radeon RX 6800 XT",), agents=2, gpus=1,
        slots=(None,), vram_kb=16730340, cu=72, chip_id=0x73BF, runtime="1.1", wsl=True,
        uuids=(None,),
    ),
    "rocminfo/gfx1031-as-gfx1030-override-rx6700xt-rocm6.txt": Expect(
        gfx=("gfx1030",), marketing=("AMD Radeon RX 6700 XT",), agents=2, gpus=1,
        physical=("gfx1031",), slots=("03:00.0",), vram_kb=12566528, cu=40, chip_id=0x73DF,
        runtime="1.1", runtime_ext="1.4",
    ),
    "rocminfo/gfx1032-rx6600xt-ryzen3600-rocm5.0.1.txt": Expect(
        gfx=("gfx1032",), marketing=("AMD Radeon RX 6600 XT",), agents=2, gpus=1,
        slots=("0c:00.0",), vram_kb=8372224, cu=32, chip_id=0x73FF, runtime="1.1",
    ),
    "rocminfo/gfx1100-rx7900xt-ryzen4500-rocm5.7.1.txt": Expect(
        gfx=("gfx1100",), marketing=("Radeon RX 7900 XT",), agents=2, gpus=1,
        slots=("03:00.0",), vram_kb=20955136, cu=84, chip_id=0x744C, runtime="1.1",
        uuids=("GPU-22a3388da1ef8d2a",),
    ),
    "rocminfo/gfx1100-rx7900xtx-ryzen5950x-rocm7.1.1.txt": Expect(
        gfx=("gfx1100",), marketing=("Radeon RX 7900 XTX",), agents=2, gpus=1,
        slots=("02:00.0",), vram_kb=25149440, cu=96, chip_id=0x744C, runtime="1.18", runtime_ext="1.14",
        uuids=("GPU-a56d387a32cf2cbb",),
        extra={"isa": ["amdgcn-amd-amdhsa--gfx1100", "amdgcn-amd-amdhsa--gfx11-generic"]},
    ),
    "rocminfo/gfx1101-rx7800xt-empty-marketing-name-i5-14600kf-rocm6.2.4.txt": Expect(
        gfx=("gfx1101",), marketing=(None,), agents=2, gpus=1,
        slots=("03:00.0",), vram_kb=16760832, cu=60, chip_id=0x747E, runtime="1.14", runtime_ext="1.6",
        uuids=("GPU-5c88007d760374f3",), extra={"rock_version": "6.8.5"},
    ),
    "rocminfo/gfx1103-radeon780m-hawkpoint-8845hs-rocm6.x-vendor-readme-mangled.txt": Expect(
        gfx=("gfx1103",), marketing=("AMD Radeon 780M Graphics",), agents=2, gpus=1,
        slots=("06:00.0",), vram_kb=7796616, cu=12, chip_id=0x1900, runtime="1.1",
        extra={"asic_revision": 12},
    ),
    "rocminfo/gfx900-mi25-x7-threadripper-pro-2023.txt": Expect(
        gfx=("gfx900",) * 7, marketing=("Radeon Instinct MI25",) * 7, agents=8, gpus=7,
        slots=("63:00.0", "66:00.0", "43:00.0", "46:00.0", "30:00.0", "03:00.0", "06:00.0"),
        vram_kb=16760832, cu=64, chip_id=0x6860, runtime="1.1",
        uuids=(None,) * 6 + ("GPU-0213fb02cc8c08a4",),
    ),
    "rocminfo/gfx906-vega20-8gpu-epyc-rocm2x-2019.txt": Expect(
        gfx=("gfx906",) * 8, marketing=("Vega 20",) * 8, agents=12, gpus=8,
        slots=("07:00.0", "0a:00.0", "2a:00.0", "2d:00.0", "45:00.0", "48:00.0", "65:00.0", "68:00.0"),
        vram_kb=33538048, cu=60, chip_id=0x66A1, runtime="1.1", group=("video", True),
        uuids=(None,) * 8,
    ),
    "rocminfo/gfx90a-mi210-x4-tr7975wx-rocm6.2.4-tmux-artifacts.txt": Expect(
        gfx=("gfx90a",) * 4, marketing=("AMD Instinct MI210",) * 4, agents=5, gpus=4,
        slots=("e3:00.0", "c3:00.0", "03:00.0", "06:00.0"), vram_kb=67092480, cu=104, chip_id=0x740F,
        runtime="1.14", runtime_ext="1.6",
        uuids=("GPU-29273e62ca00396c", "GPU-beaf2359215679f8", "GPU-0c409370be5107fb", "GPU-3644c2b4f8c805bb"),
        extra={"rock_version": "6.10.5"},
    ),
    # --- rocminfo-errors/ ---
    "rocminfo-errors/kfd-cannot-allocate-memory-navi14-rx5500-rocm3.10.txt": Expect(
        gfx=(), marketing=(), agents=0, gpus=0, error="kfd-nomem", errno="ENOMEM", hsa_status=OOR,
    ),
    "rocminfo-errors/kfd-invalid-argument-egpu-reconnect-rx7900gre-rocm6.0.2.txt": Expect(
        gfx=(), marketing=(), agents=0, gpus=0, error="kfd-invalid", errno="EINVAL", group=("render", True),
    ),
    "rocminfo-errors/kfd-operation-not-permitted.txt": Expect(
        gfx=(), marketing=(), agents=0, gpus=0, error="kfd-permission", errno="EPERM", group=("render", True),
    ),
    "rocminfo-errors/kfd-permission-denied-not-in-render-group-5600g-rocm5.x.txt": Expect(
        gfx=(), marketing=(), agents=0, gpus=0, error="kfd-permission", errno="EACCES", group=("render", False),
    ),
    "rocminfo-errors/numeric-error-4104-rocm2.1-2.5.txt": Expect(
        gfx=(), marketing=(), agents=0, gpus=0, error="out-of-resources", hsa_status=OOR, wsl=None,
    ),
    "rocminfo-errors/out-of-resources-raven-apu-rocm3.0-username-placeholder.txt": Expect(
        gfx=(), marketing=(), agents=0, gpus=0, error="out-of-resources", hsa_status=OOR, group=("video", True),
    ),
    "rocminfo-errors/out-of-resources-rx580-rocm2.8-video-group-line.txt": Expect(
        gfx=(), marketing=(), agents=0, gpus=0, error="out-of-resources", hsa_status=OOR, group=("video", True),
    ),
    "rocminfo-errors/out-of-resources-rx7600xt-arch-rocm6.0.0.txt": Expect(
        gfx=(), marketing=(), agents=0, gpus=0, error="out-of-resources", hsa_status=OOR,
    ),
    "rocminfo-errors/sudo-segfault-5600g-rocm5.x.txt": Expect(
        gfx=(), marketing=(), agents=0, gpus=0, error="crash",
    ),
}


def _samples() -> list[str]:
    if not REALDATA.is_dir():
        return []
    return sorted(
        f"{folder}/{p.name}"
        for folder in FOLDERS
        for p in (REALDATA / folder).glob("*")
        if p.is_file() and not p.name.endswith(".source.md")
    )


def _read(rel: str) -> RocminfoReport:
    text = decode_input((REALDATA / rel).read_bytes())
    assert sniff(text) == "rocminfo"
    return parse_rocminfo(text)


@pytest.fixture(autouse=True)
def _need_shared() -> None:
    if not REALDATA.is_dir():
        require("../shared/realdata", f"not found at {REALDATA} (CI has ../shared beside the project)")


def test_every_sample_has_expectations() -> None:
    samples = _samples()
    assert samples, "no samples found"
    missing = [s for s in samples if s not in EXPECTED]
    assert not missing, f"samples without a row in EXPECTED (read their .source.md): {missing}"
    gone = [s for s in EXPECTED if s not in samples]
    assert not gone, f"rows for samples that no longer exist: {gone}"


@pytest.mark.parametrize("rel", sorted(EXPECTED))
def test_sample(rel: str) -> None:
    if not (REALDATA / rel).is_file():
        pytest.fail(f"{rel} is in EXPECTED but missing from {REALDATA}")
    exp = EXPECTED[rel]
    r = _read(rel)
    gpus = r.gpus
    assert len(r.agents) == exp.agents
    assert len(gpus) == exp.gpus
    assert tuple(g.gfx_reported for g in gpus) == exp.gfx
    assert tuple(g.marketing_name for g in gpus) == exp.marketing
    assert r.truncated is exp.truncated
    assert r.wsl is exp.wsl
    if exp.slots is not None:
        assert tuple(g.pci_slot for g in gpus) == exp.slots
    if exp.uuids is not None:
        assert tuple(g.uuid for g in gpus) == exp.uuids
    if exp.vram_kb is not None:
        assert {g.vram_kb for g in gpus} == {exp.vram_kb}
    if exp.cu is not None:
        assert {g.compute_units for g in gpus} == {exp.cu}
    if exp.chip_id is not None:
        assert {g.chip_id for g in gpus} == {exp.chip_id}
    assert r.runtime_version == exp.runtime
    assert r.runtime_ext_version == exp.runtime_ext
    if exp.error is None:
        assert r.error is None and r.ok
    else:
        assert r.error is not None
        assert (r.error.kind, r.error.errno) == (exp.error, exp.errno)
        if exp.hsa_status is not None:
            assert r.error.hsa_status == exp.hsa_status
    if exp.group is not None:
        assert (r.kfd_group, r.in_kfd_group) == exp.group
    for name, value in exp.extra.items():
        if name == "isa":
            assert [g.isa for g in gpus] == [value] * len(gpus)
        elif name == "asic_revision":
            assert {g.asic_revision for g in gpus} == {value}
        else:
            assert getattr(r, name) == value


def _knowledge_device() -> object | None:
    try:
        from rocmdesk import knowledge
    except ImportError:
        return None
    return getattr(knowledge, "device", None)


@pytest.mark.parametrize("rel", sorted(k for k, v in EXPECTED.items() if v.gpus))
def test_physical_gfx(rel: str) -> None:
    assert _knowledge_device() is not None, "rocmdesk.knowledge.device() is gone"
    exp = EXPECTED[rel]
    r = _read(rel)
    assert tuple(physical_gfx(g) for g in r.gpus) == (exp.physical or exp.gfx)
