"""benchmarks/gpu_check.sh, the prepared GPU check (issue 19), proven here on the CPU: the same steps against the real
torch==2.13.0 CPU wheel venv (whose name holds a space, a quote and ``$(...)``), its files and its summary.  On a lent
NVIDIA machine it runs with GPU_CHECK_DEVICE unset (CUDA) and adds the ResNet-50 run; nothing in CI needs one."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import need_program
from tests.torchenv.torch_fixtures import torch_venv  # noqa: F401 (fixture)

REPO = Path(__file__).resolve().parent.parent
SCRIPT = REPO / "benchmarks" / "gpu_check.sh"
SUMMARY = REPO / "benchmarks" / "gpu_summary.py"


def _run(out: Path, python: Path, **env: str) -> subprocess.CompletedProcess:
    full = {**os.environ, "GPU_CHECK_DEVICE": "cpu", "GPU_CHECK_DEPS_PYTHON": sys.executable, **env}
    full.pop("PYTHONPATH", None)
    return subprocess.run(["bash", str(SCRIPT), str(out), str(python)], capture_output=True, text=True, timeout=600,
                          env=full, cwd=out.parent)


def test_the_gpu_check_runs_verify_and_sanity_and_sums_them_up(torch_venv, tmp_path):  # noqa: F811
    out = tmp_path / "gpu run 'q' $(touch PWNED)"
    res = _run(out, torch_venv / "bin" / "python")
    assert res.returncode == 0, res.stderr[-3000:]
    codes = [line.split() for line in (out / "exit-codes.txt").read_text().splitlines()]
    assert [c[0] for c in codes] == ["torch-facts", "verify", "sanity-tiny"]  # no ResNet-50 on the CPU
    assert codes[1][1] == "5"  # a CPU wheel is not a ROCm one: verify says so, and the check goes on
    assert json.loads((out / "verify.json").read_text())["verdict"] == "cpu-only-wheel"
    sanity = json.loads((out / "sanity-tiny.json").read_text())
    assert sanity["passed"] and sanity["device"] == "cpu"
    assert "torch: 2.13.0+cpu" in (out / "machine.txt").read_text()
    summary = (out / "summary.md").read_text()
    assert summary == res.stdout
    assert "**cpu-only-wheel**" in summary
    tiny = next(line for line in summary.splitlines() if line.startswith("| tiny,"))
    cells = [c.strip() for c in tiny.strip("|").split("|")]
    assert cells[0] == "tiny, batch 64, 30 steps" and cells[1] == "passed" and cells[3].endswith(" ms")
    assert cells[8].count("→") == 1 and float(cells[8].split("→")[1]) < float(cells[8].split("→")[0])
    assert "| ResNet-50 | not run |" in summary
    assert not list(tmp_path.rglob("PWNED")) and not (out.parent / "PWNED").exists()


def test_a_python_without_torch_fails_the_check_and_says_why(tmp_path):
    out = tmp_path / "out"
    res = _run(out, Path(sys.executable))
    assert res.returncode == 1
    row = next(line for line in res.stdout.splitlines() if line.startswith("| tiny,"))
    assert "FAILED (torch cannot be imported" in row


def test_the_summary_says_what_is_missing_or_broken(tmp_path):
    (tmp_path / "verify.json").write_text("{not json")
    (tmp_path / "sanity-tiny.json").write_text("[1, 2]")
    res = subprocess.run([sys.executable, str(SUMMARY), str(tmp_path)], capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stderr
    assert "`torch verify`: unreadable (JSONDecodeError)" in res.stdout
    assert "| tiny | not a JSON object |" in res.stdout and "| ResNet-50 | not run |" in res.stdout
    assert "(machine.txt missing)" in res.stdout
    header = next(line for line in res.stdout.splitlines() if line.startswith("| `rocmdesk sanity`"))
    assert all(line.count("|") == header.count("|") for line in res.stdout.splitlines() if line.startswith("| "))


def test_the_script_passes_shellcheck():
    shellcheck = need_program("shellcheck", "shellcheck")
    res = subprocess.run([shellcheck, "--shell=bash", "--severity=style", str(SCRIPT)], capture_output=True, text=True)
    assert res.returncode == 0, res.stdout
