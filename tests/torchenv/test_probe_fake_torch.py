"""The probe's GPU path, run for real: a venv whose ``torch`` is a small stand-in that behaves like a ROCm wheel.

No AMD GPU is needed: the stand-in reports torch.version.hip, one device with a gcnArchName carrying feature
flags, an arch list, and does the matmul in pure Python ("on the device" it can also fail or be wrong, as real
kernels do).  This runs probe_script.py's device loop, the compute check and the error capture end to end.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from rocmdesk.machine.model import AccessInfo, DeviceNode, Gpu, MachineReport
from rocmdesk.torchenv.verify import run_probe, verify_venv

FAKE_TORCH = '''
import os, random
__version__ = "2.4.1+rocm6.1"
MODE = os.environ.get("FAKE_TORCH_MODE", "ok")

class version:
    hip = "6.1.40091-a8dbc0c19"
    cuda = None

class _T:
    def __init__(self, rows, dev="cpu"):
        self.rows, self.dev = rows, dev
    def __matmul__(self, o):
        if self.dev != "cpu" and MODE == "nobinary":
            raise RuntimeError("HIP error: invalid device function\\nCompile with TORCH_USE_HIP_DSA")
        cols = list(zip(*o.rows))
        out = [[sum(a * b for a, b in zip(r, c)) for c in cols] for r in self.rows]
        if self.dev != "cpu" and MODE == "wrong":
            out[3][5] += 0.5
        return _T(out, self.dev)
    def to(self, dev):
        return _T(self.rows, str(dev))
    def cpu(self):
        return _T(self.rows)
    def __sub__(self, o):
        return _T([[a - b for a, b in zip(r, s)] for r, s in zip(self.rows, o.rows)])
    def abs(self):
        return _T([[abs(a) for a in r] for r in self.rows])
    def max(self):
        return max(max(r) for r in self.rows)

class Generator:
    def manual_seed(self, seed):
        self.r = random.Random(seed)
        return self

def randn(n, m, generator):
    return _T([[generator.r.gauss(0, 1) for _ in range(m)] for _ in range(n)])

def allclose(a, b, rtol, atol):
    return all(abs(x - y) <= atol + rtol * abs(y) for r, s in zip(a.rows, b.rows) for x, y in zip(r, s))

def device(kind, index):
    return f"{kind}:{index}"

class _Props:
    name = "AMD Instinct MI250X/MI250"
    gcnArchName = "gfx90a:sramecc+:xnack-"
    total_memory = 68702699520
    major, minor = 9, 0

class cuda:
    @staticmethod
    def is_available():
        return "HIP_VISIBLE_DEVICES" not in os.environ
    @staticmethod
    def device_count():
        return 0 if "HIP_VISIBLE_DEVICES" in os.environ else 1
    @staticmethod
    def get_arch_list():
        return ["gfx900", "gfx906", "gfx908", "gfx90a", "gfx942", "gfx1030", "gfx1100"]
    @staticmethod
    def get_device_properties(i):
        return _Props()
'''


@pytest.fixture(scope="module")
def fake_venv(tmp_path_factory):
    venv = tmp_path_factory.mktemp("fake") / "rocm venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    site = next(venv.glob("lib/python3*/site-packages"))
    (site / "torch").mkdir()
    (site / "torch" / "__init__.py").write_text(FAKE_TORCH)
    return venv


def mi250x() -> MachineReport:
    gpu = Gpu(index=0, name="AMD Instinct MI250X", gfx="gfx90a", gfx_reported="gfx90a", device_id="740c",
              revision=None, pci_slot=None, vram_total_bytes=68702699520, kfd_node=1, apu=False, kind="instinct")
    kfd = DeviceNode(path="/dev/kfd", present=True, owner="root", group="render", mode="crw-rw----", opens_rw=True)
    return MachineReport(source="test", simulated=True, gpus=[gpu], access=AccessInfo(user="u", kfd=kfd, ok=True))


def env(mode: str, **extra: str) -> dict:
    import os

    return {**os.environ, "FAKE_TORCH_MODE": mode, **extra}


def test_the_device_path_runs_and_the_verdict_is_ok(fake_venv):
    run = run_probe(fake_venv / "bin" / "python", env=env("ok"))
    assert run.data is not None, run.stderr
    d = run.data
    assert d["hip"] == "6.1.40091-a8dbc0c19" and d["is_available"] and d["device_count"] == 1
    assert d["devices"][0]["gcnArchName"] == "gfx90a:sramecc+:xnack-"
    assert d["compute"][0]["ok"] and d["compute"][0]["max_abs_err"] < 1e-9
    assert run.last_stage == "done" and "compute 0" in run.stderr
    res = verify_venv(fake_venv, mi250x(), env=env("ok"))
    assert res.verdict == "ok" and res.devices[0]["gfx_reported"] == "gfx90a" and res.devices[0]["gfx"] == "gfx90a"


def test_missing_kernels_on_the_device(fake_venv):
    res = verify_venv(fake_venv, mi250x(), env=env("nobinary"))
    assert res.verdict == "no-kernels-for-gfx" and "invalid device function" in res.detail
    assert res.compute[0]["error"]["type"] == "RuntimeError"


def test_wrong_numbers_from_the_device(fake_venv):
    res = verify_venv(fake_venv, mi250x(), env=env("wrong"))
    assert res.verdict == "broken-venv" and "0.5" in res.detail


def test_a_visibility_variable_that_hides_the_gpu(fake_venv):
    res = verify_venv(fake_venv, mi250x(), env=env("ok", HIP_VISIBLE_DEVICES="3"))
    assert res.verdict == "device-not-visible" and res.fix.command == "unset HIP_VISIBLE_DEVICES"
    assert res.env["HIP_VISIBLE_DEVICES"] == "3"


def test_an_override_on_a_supported_instinct(fake_venv):
    res = verify_venv(fake_venv, mi250x(), env=env("ok", HSA_OVERRIDE_GFX_VERSION="9.0.10"))
    assert res.verdict == "override-unneeded"
