"""``rocmdesk sanity``: the real check through the command line (JSON and text), a profile's venv and
variables, exit codes for a pass, a failure, a hang and bad usage.  The runner runs the tests' wrapper of the
check (``check_wrapper.py``) in place of the shipped script: it injects the faults."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rocmdesk.cli import main
from rocmdesk.sanity import runner as runner_mod
from rocmdesk.torchenv.profile_store import ProfileStore
from rocmdesk.torchenv.profiles import Profile
from tests.sanity.check_wrapper import VARIABLE, WRAPPER, wrapper_env
from tests.torchenv.torch_fixtures import torch_venv  # noqa: F401 (fixture)

SHIPPED = runner_mod.CHECK_SCRIPT


def wrap(monkeypatch, **config) -> None:
    """The command line runs the wrapper, patched as ``config`` says (by default the AMP phase runs whatever
    this CPU has)."""
    config.setdefault("cpu_bf16", True)
    monkeypatch.setattr(runner_mod, "CHECK_SCRIPT", WRAPPER)
    monkeypatch.setenv(VARIABLE, wrapper_env(SHIPPED, **config)[VARIABLE])


@pytest.fixture(autouse=True)
def clean_env(monkeypatch, tmp_path):
    wrap(monkeypatch)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))  # profiles of this test only


def test_json_result_of_a_passing_run(torch_venv, capsys):  # noqa: F811
    assert main(["sanity", "--venv", str(torch_venv), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    for key in ("passed", "device", "phases", "loss_first", "loss_last", "amp_speedup", "peak_mem_bytes", "error"):
        assert key in data
    assert data["passed"] is True and data["device"] == "cpu" and data["error"] is None
    assert data["loss_last"] * 2 <= data["loss_first"] and data["amp_speedup"] > 0
    assert [p["name"] for p in data["phases"]] == ["device", "numeric", "fp32", "amp", "multi_gpu"]
    for p in data["phases"]:
        assert {"name", "ok", "samples_per_s", "seconds"} <= set(p)
    assert data["phases"][2]["samples_per_s"] > 0 and data["steps"] == 30 and data["size"] == "tiny"


def test_text_says_cpu_plainly_and_a_line_per_phase(torch_venv, capsys):  # noqa: F811
    assert main(["sanity", "--python", str(torch_venv / "bin" / "python"), "--steps", "4", "--device", "cpu"]) == 0
    out = capsys.readouterr().out
    assert "NOTE: ran on the CPU, not on a GPU: --device cpu was asked for" in out
    lines = out.splitlines()
    assert any(ln.strip().startswith("FP32 training") and "passed" in ln and "samples/s" in ln for ln in lines)
    assert any(ln.strip().startswith("multi-GPU all-reduce") and "skipped: runs on GPUs only" in ln for ln in lines)
    assert "PASSED" in out and "\r" not in out  # not a terminal: plain lines


def test_a_profile_gives_its_venv_and_its_variables(torch_venv, capsys):  # noqa: F811
    # the profile's variables reach the check: here one that injects a fault into the AMP phase
    ProfileStore().create(Profile(name="faulty", project_dir=str(torch_venv), venv=str(torch_venv),
                                  env=wrapper_env(SHIPPED, faults=["raise:amp"], cpu_bf16=True)))
    assert main(["sanity", "--profile", "faulty", "--steps", "3"]) == 1
    out = capsys.readouterr().out
    assert f"Sanity check with profile faulty ({torch_venv})" in out
    assert "FAILED in AMP training: RuntimeError: injected fault in phase amp" in out
    assert "where AMP training failed:" in out and "Traceback" in out


def test_a_hang_exits_1_and_names_the_phase(torch_venv, capsys, monkeypatch):  # noqa: F811
    wrap(monkeypatch, faults=["hang:numeric"])
    assert main(["sanity", "--venv", str(torch_venv), "--timeout", "2", "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["hung_phase"] == "numeric" and data["passed"] is False
    assert data["error"].startswith("no progress in phase numeric for 2 s")


def test_the_all_reduce_through_the_hidden_cpu_ranks(torch_venv, capsys):  # noqa: F811
    assert main(["sanity", "--venv", str(torch_venv), "--steps", "3", "--cpu-ranks", "2"]) == 0
    out = capsys.readouterr().out
    assert "all-reduce: 2 ranks over gloo" in out and "multi-GPU all-reduce   passed" in out


def test_resnet_needs_a_gpu(torch_venv, capsys):  # noqa: F811
    assert main(["sanity", "--venv", str(torch_venv), "--size", "resnet50", "--device", "cpu"]) == 2
    assert "GPU only" in capsys.readouterr().err
    # auto on a machine without a GPU: the check says so and fails
    assert main(["sanity", "--venv", str(torch_venv), "--size", "resnet50", "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert "runs on a GPU only" in data["error"] and data["reference"]["step_s"] == 0.42


def test_the_resnet_code_path_runs_shrunk_on_the_cpu(torch_venv, capsys, monkeypatch):  # noqa: F811
    # the wrapper lets the GPU-only size run on the CPU, shrunk; the AMP phase would only double the time
    wrap(monkeypatch, cpu_resnet=(4, 32), cpu_bf16=False)
    main(["sanity", "--venv", str(torch_venv), "--size", "resnet50", "--steps", "3", "--json"])
    data = json.loads(capsys.readouterr().out)
    fp32 = next(p for p in data["phases"] if p["name"] == "fp32")
    assert fp32["loss_first"] > 6.0 and fp32["step_s"] > 0  # ~ln(1000): the 1000-way head of ResNet-50
    assert data["batch"] == 4


@pytest.mark.parametrize("argv, words", [
    (["sanity"], "one of the arguments --python --venv --profile is required"),
    (["sanity", "--venv", "/nonexistent/venv"], "not a venv"),
    (["sanity", "--python", "/nonexistent/python"], "no such file"),
    (["sanity", "--profile", "nosuch"], "nosuch"),
    (["sanity", "--venv", "/tmp", "--steps", "1"], "at least 2 steps"),
    (["sanity", "--venv", "/tmp", "--device", "gpu"], "invalid choice"),
    (["sanity", "--venv", "/tmp", "--timeout", "0"], "above 0"),
])
def test_bad_usage_exits_2(argv, words, capsys):
    assert main(argv) == 2
    assert words in capsys.readouterr().err


def test_a_profile_whose_venv_is_gone(tmp_path, capsys):
    ProfileStore().create(Profile(name="gone", project_dir=str(tmp_path), venv=str(tmp_path / "v")))
    assert main(["sanity", "--profile", "gone"]) == 2
    assert "has no bin/python" in capsys.readouterr().err


def test_an_unreadable_profile_file_exits_3(tmp_path, capsys):
    store = ProfileStore()
    store.create(Profile(name="broken", project_dir=str(tmp_path), venv=str(tmp_path)))
    Path(store.path_for("broken")).write_text("this is = = not toml\n")
    assert main(["sanity", "--profile", "broken"]) == 3
    assert "broken" in capsys.readouterr().err


def test_on_a_terminal_the_phase_line_is_redrawn_in_place():
    import io

    from rocmdesk.cli.sanity import Progress

    out = io.StringIO()
    progress = Progress(out, tty=True)
    progress({"event": "phase", "name": "fp32", "status": "start", "timeout_s": 300})
    for i in range(1, 1001):  # a thousand steps at once: a few redraws, and always the last one
        progress({"event": "step", "phase": "fp32", "step": i, "of": 1000, "loss": 2.0 / i, "samples_per_s": 5e4})
    progress({"event": "phase", "name": "fp32", "status": "end", "ok": True, "seconds": 1.2, "samples_per_s": 5e4,
              "loss_first": 2.0, "loss_last": 0.002})
    text = out.getvalue()
    assert text.count("\r\033[K") <= 5 and "step 1000 of 1000" in text
    last = text.split("\r\033[K")[-1]
    assert last.startswith("  FP32 training") and "passed  1.2 s  50,000 samples/s  loss 2.000 → 0.002" in last
    assert last.endswith("\n")
