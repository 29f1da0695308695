"""What the Sanity check page shows, decided without widgets (ui/presenters/sanity.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

from rocmdesk.machine.process import Cancel
from rocmdesk.ui.presenters import sanity as present


def test_why_start_is_off(tmp_path) -> None:
    py = Path(sys.executable)
    assert present.blocker(True, "/v", py, "tiny", "auto", False) == "A check is running."
    assert present.blocker(False, "", None, "tiny", "auto", False) == "Choose a venv folder."
    assert present.blocker(False, "", None, "tiny", "auto", True) == "Choose a profile or a venv folder."
    assert present.blocker(False, "/v", None, "tiny", "auto", False).startswith("No python in /v")
    assert "GPU only" in present.blocker(False, "/v", py, "resnet50", "cpu", False)
    assert present.blocker(False, "/v", py, "tiny", "cpu", False) == ""
    notes = present.options_notes("", False, "/v", py, "cpu")
    assert notes == ["On the CPU the check shows that torch trains, but nothing about the GPU."]
    assert present.options_notes("The ResNet-50-like size runs on a GPU only", False, "/v", py, "auto") == \
        ["The ResNet-50-like size runs on a GPU only"]


def test_the_venv_line_names_the_python_torch_and_profile(tmp_path) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    py = present.python_of(str(venv))
    assert py is not None and present.python_of(str(tmp_path / "none")) is None and present.python_of("") is None
    prof = SimpleNamespace(name="proj", env={"HSA_OVERRIDE_GFX_VERSION": "10.3.0"})
    text = present.venv_state_text(str(venv), py, prof, True)
    assert text.startswith(f"Runs {py} with the variables of profile proj") and "no torch found" in text
    assert present.venv_state_text("", None, None, False) == "Choose a venv folder."


def test_the_run_lines() -> None:
    run = present.Run(1, Cancel(), "auto", "tiny", 40)
    info = present.start_info({"event": "start", "torch": "2.13.0+cpu", "device": "cpu", "size": "tiny"}, run)
    assert info == "torch 2.13.0+cpu on cpu · tiny, 40 steps per training phase — on the CPU, not the GPU"
    assert present.rates_text({}) == "Throughput: —"
    assert present.rates_text({"fp32": 1000.0, "amp": 2500.0}) == \
        "Throughput: FP32 1,000 samples/s · AMP 2,500 samples/s · AMP ×2.50"
    passed = SimpleNamespace(passed=True, cancelled=False, hung_phase=None, phases=[], error=None)
    assert present.summary_text(passed, "torch 2.13") == "The check passed — torch 2.13. The result is below."
    crashed = present.crashed_result(RuntimeError("no python"), cancelled=False)
    assert crashed.error == "The check could not be run: RuntimeError: no python" and not crashed.passed
    assert present.summary_text(crashed, "").startswith("The check failed.")
    assert present.where_text("sim", None) == "— runs on this computer (the machine shown is the simulated sim)"
    assert present.size_text("resnet50") == "ResNet-50-like" and present.size_text("odd") == "odd"
    assert present.same_venv("/a/b/../c", "/a/c") and not present.same_venv("/a", "/b")
