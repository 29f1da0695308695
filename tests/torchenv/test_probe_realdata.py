"""Conformance: what real ROCm torch builds reported (../shared/realdata/torch-collect-env), through the verdicts.

Each sample's arch list (or, for a collect_env without one, the arch list rocmdesk's wheel data gives that
torch version), device name, gcnArchName and HIP version become a probe report; the GPU's gfx comes from the
sample's ``.source.md`` ground truth.  The verdict must be what a person reading the sample expects.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from rocmdesk.knowledge import wheel_for
from rocmdesk.machine.model import AccessInfo, DeviceNode, Gpu, MachineReport
from rocmdesk.torchenv.verify import judge
from tests.conftest import REALDATA, require

pytestmark = pytest.mark.conformance
FOLDER = REALDATA / "torch-collect-env"

# sample -> the verdict a person expects: only the Strix Halo on a rocm6.4 nightly lacks its kernels
EXPECTED = {
    "torch-arch-list-rocm6.4-nightly-on-gfx1151-wrapped.txt": "no-kernels-for-gfx",
}


def samples() -> list[Path]:
    if not FOLDER.is_dir():
        return []
    return sorted(p for p in FOLDER.glob("*.txt"))


def _source_gfx(sample: Path) -> str:
    text = Path(str(sample) + ".source.md").read_text(encoding="utf-8")
    m = re.search(r"^\| gfx target \| (gfx[0-9a-f]+)", text, re.M)
    assert m, f"{sample.name}: no gfx target in its .source.md"
    return m.group(1)


def parse_sample(text: str) -> dict:
    """The facts a probe would have reported, read from collect_env output or a REPL transcript."""
    out: dict = {"arch_list": None, "gcnArchName": None, "name": None, "torch": None, "hip": None,
                 "available": None}
    m = re.search(r"\[('gfx[^\]]*)\]", text, re.S)  # one list, possibly wrapped over lines
    if m:
        out["arch_list"] = ast.literal_eval("[" + m.group(1) + "]")
    if m := re.search(r"gcnArchName[=:] ?'?(gfx[0-9a-f]+(?::[a-z+-]+)*)", text):
        out["gcnArchName"] = m.group(1)
    if m := re.search(r"^GPU models and configuration: (.+)$", text, re.M):
        out["name"] = m.group(1).strip()
    elif m := re.search(r"name='([^']+)'", text):
        out["name"] = m.group(1)
    if m := re.search(r"^PyTorch version: (\S+)", text, re.M):
        out["torch"] = m.group(1)
    if m := re.search(r"^ROCM used to build PyTorch: (\S+)", text, re.M):
        out["hip"] = m.group(1)
    if m := re.search(r"^(?:Is CUDA available|CUDA available): (True|False)", text, re.M):
        out["available"] = m.group(1) == "True"
    return out


def machine(gfx: str, name: str | None) -> MachineReport:
    gpu = Gpu(index=0, name=name, gfx=gfx, gfx_reported=gfx, device_id=None, revision=None, pci_slot=None,
              vram_total_bytes=None, kfd_node=1, apu=False)
    kfd = DeviceNode(path="/dev/kfd", present=True, owner="root", group="render", mode="crw-rw----", opens_rw=True)
    return MachineReport(source="test", simulated=True, gpus=[gpu], access=AccessInfo(user="u", kfd=kfd, ok=True))


def as_probe(facts: dict) -> dict:
    arch = facts["arch_list"]
    if arch is None and facts["torch"]:
        w = wheel_for(facts["torch"].split("+")[0])
        arch = list(w.arch_list) if w else None
    name = facts["name"] or "AMD GPU"
    return {
        "probe_version": 1, "executable": "/venv/bin/python", "prefix": "/venv", "env": {},
        "torch": facts["torch"] or "2.x+rocm", "torch_file": "/venv/lib/python3/site-packages/torch/__init__.py",
        "hip": facts["hip"] or "6.0.0", "cuda": None,
        "is_available": facts["available"] is not False, "device_count": 1, "arch_list": arch or [],
        "devices": [{"index": 0, "name": name, "gcnArchName": facts["gcnArchName"]}],
        "compute": [{"index": 0, "ok": True, "max_abs_err": 0.0}], "libs": {}, "errors": {},
        "torch_missing": False,
    }


@pytest.mark.parametrize("sample", samples(), ids=lambda p: p.name)
def test_a_real_sample_gets_the_expected_verdict(sample: Path):
    if not REALDATA.is_dir():
        require("../shared/realdata", "absent (CI has ../shared beside the project)")
    facts = parse_sample(sample.read_text(encoding="utf-8", errors="replace"))
    gfx = _source_gfx(sample)
    res = judge(as_probe(facts), machine(gfx, facts["name"]))
    expected = EXPECTED.get(sample.name, "ok")
    assert res.verdict == expected, (sample.name, facts, res.detail)
    if facts["arch_list"] is not None:
        assert res.arch_list == facts["arch_list"]
    if expected == "no-kernels-for-gfx":
        assert gfx in res.detail and res.fix is not None


def test_there_are_samples_with_arch_lists_and_gcn_names():
    if not FOLDER.is_dir():
        require("../shared/realdata", "absent (CI has ../shared beside the project)")
    parsed = [parse_sample(p.read_text(encoding="utf-8", errors="replace")) for p in samples()]
    assert sum(1 for f in parsed if f["arch_list"]) >= 4
    assert {"gfx1100", "gfx1151"} <= {f["gcnArchName"] for f in parsed}
    # hip versions look like "6.2.41133-dd7f95766"
    assert any(re.fullmatch(r"\d+\.\d+\.\d+-[0-9a-f]+", f["hip"] or "") for f in parsed)


def test_the_gfx1151_list_fed_with_an_override_or_a_newer_wheel():
    """The same Strix Halo: with torch 2.10+ wheels (which carry gfx1151) the verdict turns ok."""
    if not FOLDER.is_dir():
        require("../shared/realdata", "absent (CI has ../shared beside the project)")
    sample = FOLDER / "torch-arch-list-rocm6.4-nightly-on-gfx1151-wrapped.txt"
    facts = parse_sample(sample.read_text(encoding="utf-8"))
    newer = dict(facts, arch_list=list(wheel_for("2.10.0").arch_list), hip="7.1.25424-4179531dcd")
    assert judge(as_probe(newer), machine("gfx1151", None)).verdict == "ok"
