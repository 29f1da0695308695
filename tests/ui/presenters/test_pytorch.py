"""What the PyTorch page shows, decided without widgets (ui/presenters/pytorch.py, torchenv/builds.py)."""

from __future__ import annotations

import re
import shlex

import pytest

from rocmdesk.advice import attach
from rocmdesk.machine.detect import detect
from rocmdesk.machine.open_sim import open_simulated
from rocmdesk.torchenv.builds import CPU_INDEX, PYPI_INDEX, build_kind
from rocmdesk.torchenv.install import InstallEvent, InstallResult
from rocmdesk.torchenv.pip_failure import PipFailure
from rocmdesk.torchenv.verify import Fix, VerifyResult, judge, verify_venv
from rocmdesk.ui.presenters import pytorch as present
from tests.torchenv.test_verify_logic import probe

COMMAND = re.compile(r"rocmdesk [a-z]+\b")  # a command of rocmdesk's command line


@pytest.fixture(scope="module")
def machines():
    cache = {}

    def _get(name: str):
        if name not in cache:
            report = detect(open_simulated(name))
            attach(report)
            cache[name] = report
        return cache[name]

    return _get


def test_the_version_list_offers_cpu_only_and_cuda_beside_the_rocm_builds() -> None:
    """Issue 18: a CPU-only and a CUDA choice, so a user can build a venv to compare with."""
    choices = present.version_choices()
    pins = [pin for _, pin in choices]
    assert pins[:3] == [None, "2.13.0+cpu", "2.13.0+cuda"]
    assert "2.13.0+rocm7.2" in pins and "2.7.1+rocm6.2.4" in pins
    labels = dict((pin, label) for label, pin in choices)
    assert labels["2.13.0+cpu"] == "CPU only: 2.13.0+cpu" and labels["2.13.0+cuda"] == "CUDA: 2.13.0 from PyPI"
    assert [build_kind(p) for p in ("2.13.0+cpu", "2.13.0+cuda", "2.9.1+cu126", "2.13.0+rocm7.2", None)] == \
        ["cpu", "cuda", "cuda", None, None]


def test_the_cpu_choice_installs_the_cpu_build_from_the_cpu_index(machines) -> None:
    report = machines("rx7900xtx-ubuntu2404")
    rec, error = present.recommendation_for(report, "2.13.0+cpu", None, {})
    assert error is None and rec.status == "cpu" and rec.env == {} and rec.advice is None
    assert rec.requirements == ["torch==2.13.0+cpu", "torchvision==0.28.0+cpu"] and rec.index_url == CPU_INDEX
    assert rec.pip_command == ("pip install torch==2.13.0+cpu torchvision==0.28.0+cpu --index-url "
                               "https://download.pytorch.org/whl/cpu")
    assert rec.gpu_name == "AMD Radeon RX 7900 XTX" and "CPU-only" in rec.why["torch"]
    plan, plan_error = present.plan_for(rec, "/tmp/no such venv", None)
    assert plan_error is None and any("torch==2.13.0+cpu" in c and CPU_INDEX in c for c in plan.commands())
    # a mirror replaces the index, as for the ROCm builds
    mirrored, _ = present.recommendation_for(report, "2.13.0+cpu", "https://mirror.example/whl/cpu", {})
    assert mirrored.index_url == "https://mirror.example/whl/cpu" and mirrored.index_kind == "custom"
    # no AMD GPU: the CPU build may be installed at once
    none = machines("no-amd-gpu")
    rec, _ = present.recommendation_for(none, "2.13.0+cpu", None, {})
    assert rec.status == "cpu" and present.may_install(rec, "2.13.0+cpu") and rec.warnings == []


def test_the_cuda_choice_is_pypis_torch_and_says_it_cannot_use_the_amd_gpu(machines) -> None:
    rec, error = present.recommendation_for(machines("rx7900xtx-ubuntu2404"), "2.13.0+cuda", None, {})
    assert error is None and rec.status == "cuda" and rec.index_url == PYPI_INDEX
    assert rec.requirements == ["torch==2.13.0", "torchvision==0.28.0"]
    assert any("cannot use an AMD GPU" in w for w in rec.warnings)
    rec, _ = present.recommendation_for(machines("rx7900xtx-ubuntu2404"), "2.9.1+cu126", None, {})
    assert rec.index_url == "https://download.pytorch.org/whl/cu126" and "torch==2.9.1+cu126" in rec.requirements
    rec, error = present.recommendation_for(machines("rx7900xtx-ubuntu2404"), "1.0.0+cpu", None, {})
    assert rec is None and "1.0.0+cpu" in error


def test_verify_fixes_name_this_page_not_the_command_line(machines, tmp_path) -> None:
    """Issue 18: every verdict whose fix named `rocmdesk torch ...` names the page and its controls instead."""
    rx6600 = machines("rx6600xt-ubuntu2204")
    results = [
        verify_venv(tmp_path / "nothing here", rx6600),  # broken-venv: `rocmdesk torch install --venv`
        judge(probe(torch=None, hip=None, arch=[]) | {"torch_missing": True}, rx6600),  # torch-missing
        judge(probe(torch="2.13.0+rocm7.2", hip="7.2.1"), machines("no-amd-gpu")),  # `rocmdesk detect`
        judge(probe(("AMD Radeon RX 6600 XT", "gfx1032")), rx6600),  # override-needed: `rocmdesk profile create`
    ]
    assert [r.verdict for r in results] == ["broken-venv", "torch-missing", "device-not-visible", "override-needed"]
    for r in results:
        assert COMMAND.search(f"{r.fix.text} {r.fix.command}") or "rocmdesk profile" in r.fix.text  # the CLI's
        shown = present.window_fix(r)
        assert shown.verdict == r.verdict and not COMMAND.search(shown.fix.text), shown.fix.text
        assert not (shown.fix.command or "").startswith("rocmdesk"), shown.fix.command
    broken, missing, no_gpu, override = (present.window_fix(r) for r in results)
    assert broken.fix.text.startswith("Install on this page creates the venv in Venv folder")
    assert "Install on this page" in missing.fix.text and missing.fix.command == results[1].fix.command  # pip
    assert "Overview page" in no_gpu.fix.text
    assert "Keep the variables in a profile" in override.fix.text
    assert override.fix.command == "export HSA_OVERRIDE_GFX_VERSION=10.3.0"
    ok = judge(probe(("AMD Radeon RX 6600 XT", "gfx1030"), env={"HSA_OVERRIDE_GFX_VERSION": "10.3.0"}), rx6600)
    assert present.window_fix(ok) is ok  # nothing to say: as it was


def test_without_an_amd_gpu_a_missing_torch_points_at_cpu_only() -> None:
    missing = VerifyResult("torch-missing", "torch is not installed", "no torch",
                           Fix("Install torch (`rocmdesk torch recommend` explains the choice).",
                               "/v/bin/python -m pip install torch==2.13.0+rocm7.2"), python="/v/bin/python")
    shown = present.window_fix(missing, has_amd_gpu=False)
    assert "CPU only" in shown.fix.text and "ROCm wheel has nothing to run on" in shown.fix.text
    assert shown.fix.command is None


def test_the_sentences_of_the_page(tmp_path) -> None:
    assert present.where_text("sim", None) == "— the simulated machine sim"
    assert present.state_text(True, None, False, None) == "Looking at the machine…"
    assert present.state_text(False, ("boom",), False, None).startswith("Detection failed: boom.")
    assert present.state_text(False, None, True, "no such torch") == "no such torch"
    assert present.state_text(False, None, True, None) == ""
    assert present.venv_state_text("") == "Choose a folder for the venv."
    assert present.venv_state_text(str(tmp_path / "new")) == "A new venv is created here."
    assert present.venv_state_text(str(tmp_path)).startswith("This folder exists but is not a venv")
    assert present.phase_text("resolve") == "Resolving" and present.phase_text("odd") == "odd"
    ev = InstallEvent("download", "", package="torch.whl", bytes=2 << 30, total=4 << 30, downloaded=6 << 30)
    assert present.download_text(ev).startswith("Downloading torch.whl: 2.15 GB of 4.29 GB (6.44 GB downloaded")
    done = InstallResult(True, "/log", downloaded_bytes=0, duration_s=12.4)
    assert present.install_done_text(done, "/v") == \
        "Installed into /v in 12 s; nothing downloaded (all from the cache or there already)."
    failed = InstallResult(False, "/log", failure=PipFailure("network", "pip could not reach it.", "Try a mirror."))
    assert present.install_done_text(failed, "/v") == "The install failed. pip could not reach it. Try a mirror."
    assert present.install_done_text(RuntimeError("gone"), "/v") == \
        "The install stopped with an error: RuntimeError: gone"
    env, note = present.verify_env({"A": "1"}, None, None)
    assert env == {"A": "1"} and note == ""


def test_pip_command_of_a_choice_is_quoted_for_a_shell(machines) -> None:
    rec, _ = present.recommendation_for(machines("rx6600xt-ubuntu2204"), None, None, {})
    assert shlex.split(rec.pip_command)[:2] == ["pip", "install"] and rec.status == "override"
