"""Verify for real: the probe runs in a real venv with the real torch CPU wheel, and in pythons that fail."""

from __future__ import annotations

import ast
import json
import os
import shlex
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from rocmdesk.machine.detect import detect
from rocmdesk.machine.host import Host
from rocmdesk.torchenv.verify import PROBE_SCRIPT, run_probe, verify, verify_venv
from rocmdesk.torchenv.venv import venv_python
from tests.torchenv.torch_fixtures import TORCH_EXPECTED, sim_report, torch_venv  # noqa: F401 (fixtures)


@pytest.fixture(scope="module")
def here():
    return detect(Host.local())


def fake_python(tmp_path: Path, body: str, name: str = "python") -> Path:
    path = tmp_path / name
    path.write_text("#!/bin/sh\n" + body + "\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


def test_cpu_wheel_venv_is_cpu_only_wheel_with_its_fix(torch_venv, here):
    res = verify_venv(torch_venv, here)
    assert res.verdict == "cpu-only-wheel", res.detail
    assert res.torch == TORCH_EXPECTED and res.hip is None and res.cuda is None and res.available is False
    assert res.devices == [] and res.arch_list == []
    argv = shlex.split(res.fix.command)  # the awkward venv path survives quoting
    assert argv[0] == str(venv_python(torch_venv)) and argv[1:4] == ["-m", "pip", "install"]
    assert any(a.startswith("torch==") and "+rocm" in a for a in argv) and "--index-url" in argv
    assert not (torch_venv.parent / "PWNED").exists() and not Path("PWNED").exists()


def test_the_probe_reports_the_environment_it_saw(torch_venv):
    env = {**os.environ, "HSA_OVERRIDE_GFX_VERSION": "10.3.0", "HSA_OVERRIDE_GFX_VERSION_2": "11.0.0",
           "HIP_VISIBLE_DEVICES": "0", "PYTORCH_HIP_ALLOC_CONF": "expandable_segments:True",
           "PYTHONPATH": "/nowhere"}  # -I ignores PYTHONPATH: it must not break or show up
    run = run_probe(venv_python(torch_venv), env=env)
    assert run.data is not None, run.error
    assert run.data["env"] == {"HIP_VISIBLE_DEVICES": "0", "HSA_OVERRIDE_GFX_VERSION": "10.3.0",
                               "HSA_OVERRIDE_GFX_VERSION_2": "11.0.0",
                               "PYTORCH_HIP_ALLOC_CONF": "expandable_segments:True",
                               **({"LD_LIBRARY_PATH": env["LD_LIBRARY_PATH"]} if "LD_LIBRARY_PATH" in env else {})}
    assert run.data["in_venv"] and run.data["torch"] == TORCH_EXPECTED
    assert run.last_stage == "done" and run.wheel == {"torch": TORCH_EXPECTED, "hip": None, "cuda": None}


def test_a_python_without_torch_is_torch_missing(tmp_path, here):
    venv = tmp_path / "no torch"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    res = verify_venv(venv, here)
    assert res.verdict == "torch-missing" and shlex.split(res.fix.command)[0] == str(venv / "bin" / "python")


def test_a_directory_that_is_not_a_venv(tmp_path, here):
    assert verify_venv(tmp_path, here).verdict == "broken-venv"
    res = verify_venv(tmp_path / "missing", here)
    assert res.verdict == "broken-venv" and "does not exist" in res.detail
    assert verify(tmp_path / "missing" / "python", here).verdict == "broken-venv"


def test_pythons_that_crash_hang_or_say_nothing(tmp_path, here):
    res = verify(fake_python(tmp_path, "kill -SEGV $$", "segv"), here)
    assert res.verdict == "broken-venv" and "SIGSEGV" in res.detail
    res = verify(fake_python(tmp_path, "echo 'not json'; echo oops >&2; exit 3", "noise"), here)
    assert res.verdict == "broken-venv" and "status 3" in res.detail and "oops" in res.detail
    res = verify(fake_python(tmp_path, "exec sleep 30", "hang"), here, timeout=1)
    assert res.verdict == "broken-venv" and "stopped after 1 s" in res.detail


def test_a_hang_in_gpu_init_is_told_apart(tmp_path, sim_report):
    body = ("echo 'rocmdesk-probe: stage import' >&2\n"
            """echo 'rocmdesk-probe: wheel {"torch": "2.13.0+rocm7.2", "hip": "7.2.1", "cuda": null}' >&2\n"""
            "echo 'rocmdesk-probe: stage init' >&2\nexec sleep 30")
    py = fake_python(tmp_path, body)
    assert verify(py, sim_report("rx7900xtx-ubuntu2404"), timeout=1).verdict == "device-not-visible"
    assert verify(py, sim_report("mi300x-8gpu-server"), timeout=1).verdict == "rocm-wheel-mismatch"


def test_the_probe_imports_nothing_from_rocmdesk_and_runs_on_its_own():
    tree = ast.parse(PROBE_SCRIPT.read_text())
    mods = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    mods |= {n.module.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    assert "torch" in mods and mods - {"torch"} <= set(sys.stdlib_module_names)
    out = subprocess.run([sys.executable, "-I", str(PROBE_SCRIPT)], capture_output=True, text=True, timeout=60,
                         cwd="/")
    data = json.loads(out.stdout)  # exactly one JSON object on stdout
    assert out.stdout.count("\n") == 1 and data["probe_version"] == 1
    if data["torch"] is None:
        assert data["torch_missing"] is True
