"""The sanity check in Chinese: the check script's own sentences (sent as codes) and rocmdesk's, the text report
and the progress lines; ``--json`` stays English under a Chinese locale; raw torch/HIP errors pass unchanged."""

from __future__ import annotations

import ast
import json

import pytest

from rocmdesk import i18n
from rocmdesk.cli import main
from rocmdesk.sanity import messages
from rocmdesk.cli.sanity import TITLE_CELLS, format_result, phase_line, title
from rocmdesk.sanity.result import PhaseResult, SanityResult, multi_gpu_hints
from rocmdesk.sanity.runner import CHECK_SCRIPT
from tests.sanity.check_wrapper import VARIABLE, WRAPPER, wrapper_env
from tests.sanity.test_runner import START, fake_python, options, run
from tests.torchenv.torch_fixtures import torch_venv  # noqa: F401 (fixture)
from tests.zh import has_chinese


@pytest.fixture
def zh_locale(zh_locale, monkeypatch):
    """A Chinese desktop (tests/conftest.py), where the check runs without a fault injected and without bf16 on
    the CPU (the tests' wrapper of the check says so)."""
    monkeypatch.setenv(VARIABLE, wrapper_env(CHECK_SCRIPT, cpu_bf16=False)[VARIABLE])
    monkeypatch.setattr("rocmdesk.sanity.runner.CHECK_SCRIPT", WRAPPER)


# ---- the check script's codes ---------------------------------------------------------------------------------
def _script_codes() -> set[str]:
    """Every code check_script.py can send: CheckFailed(text, CODE, ...), message(CODE, ...), message_code=CODE
    and the cpu_fallback_code's {"code": CODE}."""
    codes: set[str] = set()
    for node in ast.walk(ast.parse(CHECK_SCRIPT.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id == "CheckFailed" and len(node.args) > 1 and isinstance(node.args[1], ast.Constant):
                codes.add(node.args[1].value)
            if node.func.id == "message" and node.args and isinstance(node.args[0], ast.Constant):
                codes.add(node.args[0].value)
        if isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values):
                if (isinstance(key, ast.Constant) and key.value in ("code", "message_code")
                        and isinstance(value, ast.Constant)):
                    codes.add(value.value)
    return codes


# code -> (params as the script sends them, the script's English)
SAMPLES = {
    "no_gpu_seen": ({"torch": "2.5.0+cpu", "build": "cpu"},
                    "torch sees no GPU (torch.cuda.is_available() is False; torch 2.5.0+cpu is a CPU-only build)"),
    "gpu_unusable": ({"error": "RuntimeError: HIP error: invalid device function"},
                     "torch could not use the GPU: RuntimeError: HIP error: invalid device function"),
    "no_gpu_cuda_asked": ({}, "torch sees no GPU (torch.cuda.is_available() is False) and --device cuda was asked "
                              "for"),
    "resnet_on_cpu": ({}, "the ResNet-50-like size runs on a GPU only, and this run is on the CPU"),
    "first_kernel_wrong": ({"device": "cuda:0"}, "a first kernel on cuda:0 gave a wrong sum"),
    "numeric_not_finite": ({"op": "matmul", "device": "cuda:0"}, "matmul on cuda:0 gave NaN or infinity"),
    "numeric_differs": ({"op": "convolution", "device": "cuda:0", "rel": 0.5, "tol": 1e-3},
                        "convolution on cuda:0 differs from the CPU by 5.0e-01 (tolerance 1e-03)"),
    "loss_not_finite": ({"value": "nan", "step": 3, "of": 30}, "the loss became nan at step 3 of 30"),
    "loss_no_fall": ({"first": 2.3, "last": 2.2, "steps": 30, "need": 2.0},
                     "the loss did not fall enough: 2.300 -> 2.200 in 30 steps (it must fall 2x)."),
    "amp_cpu_no_bf16": ({}, "on this CPU bfloat16 autocast would only slow training down (no AMX or AVX-512 BF16 "
                            "instructions)"),
    "multi_gpu_off": ({}, "turned off for this run"),
    "multi_gpu_cpu": ({}, "runs on GPUs only"),
    "multi_gpu_one_gpu": ({}, "only one GPU is visible; the all-reduce needs two or more"),
    "allreduce_timeout": ({"world": 2, "backend": "nccl", "timeout": 6.0, "missing": "1"},
                          "all_reduce over 2 ranks (nccl) did not finish within 6 s: ranks 1 never answered"),
    "allreduce_rank_failed": ({"backend": "nccl", "rank": 1, "error": "rank 1 died (exit status -11)",
                               "exit_status": -11},
                              "all_reduce (nccl) failed on rank 1: rank 1 died (exit status -11)"),
    "allreduce_wrong_sum": ({"backend": "gloo", "rank": 0, "value": 4.0, "expected": 3.0},
                            "all_reduce (gloo) gave a wrong sum on rank 0: 4, expected 3"),
    "torch_import": ({"python": "/v/bin/python", "error": "ModuleNotFoundError: No module named 'torch'"},
                     "torch cannot be imported with /v/bin/python: ModuleNotFoundError: No module named 'torch'"),
}


def test_every_code_the_check_sends_has_a_sentence_here():
    assert _script_codes() == set(SAMPLES)
    for code, (params, english) in SAMPLES.items():
        assert messages.text(code, params, "the script's words") == english, code  # English: the script's own


def test_each_code_in_chinese(zh):
    for code, (params, english) in SAMPLES.items():
        said = messages.text(code, params, english)
        assert has_chinese(said) and said != english and "{" not in said, code


def test_raw_errors_stay_as_they_came_for_the_card_and_the_doctor(zh):
    # the result card and the Doctor match "invalid device function" and "out of memory" in the raw text
    said = messages.text("gpu_unusable", *SAMPLES["gpu_unusable"])
    assert "RuntimeError: HIP error: invalid device function" in said and has_chinese(said)
    assert "ModuleNotFoundError: No module named 'torch'" in messages.text("torch_import", *SAMPLES["torch_import"])


def test_an_unknown_code_or_odd_params_keep_the_scripts_english(zh):
    assert messages.text("from_a_newer_script", {}, "its words") == "its words"
    assert messages.text("first_kernel_wrong", {}, "a first kernel went wrong") == "a first kernel went wrong"
    assert messages.text("numeric_differs", {"op": "matmul", "device": "cpu", "rel": "x", "tol": 1},
                         "matmul differs") == "matmul differs"
    assert messages.text("multi_gpu_off", None, None) is None
    ev = {"event": "phase", "status": "end", "ok": False, "error": "RuntimeError: boom"}
    assert messages.localize(dict(ev)) == ev  # no code: an exception's own text


# ---- the runner: events and the result carry the user's language -----------------------------------------------
def test_the_runner_hands_on_the_checks_sentences_in_chinese(tmp_path, zh):
    venv = fake_python(tmp_path, START.replace("steps=2)", "steps=2, cpu_fallback='torch sees no GPU (English)', "
                                                          "cpu_fallback_code={'code': 'no_gpu_seen', 'params': "
                                                          "{'torch': '0+fake', 'build': 'cpu'}})")
                       + "out(event='phase', name='device', status='start')\n"
                       "out(event='phase', name='device', status='end', ok=True, seconds=0.1, "
                       "skipped='runs on GPUs only', message_code='multi_gpu_cpu', message_params={})\n"
                       "out(event='phase', name='numeric', status='start')\n"
                       "out(event='phase', name='numeric', status='end', ok=False, seconds=0.1, "
                       "error='a first kernel on cpu gave a wrong sum', message_code='first_kernel_wrong', "
                       "message_params={'device': 'cpu'})\n"
                       "out(event='result', passed=False, device='cpu', error='a first kernel on cpu gave a "
                       "wrong sum')\n")
    res, events = run(options(venv))
    start = events[0]
    ends = [ev for ev in events if ev["event"] == "phase" and ev["status"] == "end"]
    assert has_chinese(start["cpu_fallback"]) and res.cpu_fallback == start["cpu_fallback"]
    assert ends[0]["skipped"] == res.phase("device").skipped and has_chinese(res.phase("device").skipped)
    assert ends[1]["error"] == res.phase("numeric").error == res.error  # the page, the card and the CLI agree
    assert has_chinese(res.error) and "cpu" in res.error
    assert res.phase("numeric").detail["message_code"] == "first_kernel_wrong"  # the code stays for programs


def test_the_runners_own_sentences_in_chinese(tmp_path, zh):
    venv = fake_python(tmp_path, START + "out(event='phase', name='device', status='start')\n"
                       "sys.stderr.write('ImportError: libamdhip64.so: cannot open\\n')\nsys.exit(5)\n")
    res, _ = run(options(venv))
    assert has_chinese(res.error) and res.error.endswith("ImportError: libamdhip64.so: cannot open")
    res, _ = run(options(tmp_path / "nowhere"))
    assert has_chinese(res.error)
    assert all(has_chinese(h) for h in multi_gpu_hints({})["hints"])


# ---- the text report ----------------------------------------------------------------------------------------------
def _failed_result() -> SanityResult:
    return SanityResult(
        passed=False, device="cpu", torch="2.5.0+cpu", loss_first=2.3, loss_last=2.2, first_step_s=0.3,
        cpu_fallback=None, error="the loss did not fall enough", warnings=["w"], env_hints=multi_gpu_hints({}),
        phases=[PhaseResult("device", True, 0.1), PhaseResult("fp32", False, 1.0, 500.0, error="the loss did not fall",
                                                              loss_first=2.3, loss_last=2.2,
                                                              detail={"loss_fall_required": 2.0}),
                PhaseResult("multi_gpu", True, skipped="runs on GPUs only")])


def test_the_text_report_in_chinese(zh):
    import io

    out = io.StringIO()
    format_result(_failed_result(), out)
    text = out.getvalue()
    for english in ("FAILED", "NOTE: ran on the CPU", "loss:", "time to the first step", "multi-GPU environment",
                    "warning:", "(unset)", "run again with"):
        assert english not in text, english
    assert has_chinese(text.splitlines()[0]) and "FP32" in text.splitlines()[0]
    cancelled = SanityResult(passed=False, device="cpu", cancelled=True, stopped_phase="amp")
    out = io.StringIO()
    format_result(cancelled, out)
    assert has_chinese(out.getvalue()) and "CANCELLED" not in out.getvalue()


def test_phase_lines_in_chinese_keep_their_columns(zh):
    from rocmdesk.report_text import display_width, pad

    phases = _failed_result().phases
    lines = [phase_line(p) for p in phases]
    assert all(has_chinese(line) for line in lines)
    assert "passed" not in lines[0] and "FAILED" not in lines[1] and "skipped" not in lines[2]
    # the status starts in the same terminal column whatever the title's width in characters
    for p, line in zip(phases, lines):
        head = "  " + pad(title(p.name), TITLE_CELLS)
        assert line.startswith(head + " ") and display_width(head) == 2 + TITLE_CELLS


# ---- the command line, as a Chinese desktop runs it ----------------------------------------------------------------
def test_the_cli_speaks_chinese_and_its_json_stays_english(torch_venv, zh_locale, capsys):  # noqa: F811
    python = str(torch_venv / "bin" / "python")
    assert main(["sanity", "--python", python, "--steps", "4"]) == 0
    out = capsys.readouterr().out
    assert has_chinese(out.splitlines()[0]) and "PASSED" not in out and "NOTE:" not in out
    assert "torch.cuda.is_available()" in out  # the check's own words arrived, in Chinese around the code
    assert main(["sanity", "--python", python, "--steps", "4", "--json"]) == 0
    raw = capsys.readouterr().out
    assert not has_chinese(raw)
    data = json.loads(raw)
    assert data["cpu_fallback"].startswith("torch sees no GPU")
    assert data["phases"][4]["skipped"] == "runs on GPUs only"
    assert i18n.current_language() == "zh_CN"  # and the language is the locale's again afterwards


def test_usage_errors_in_chinese(zh_locale, tmp_path, capsys):
    assert main(["sanity", "--python", str(tmp_path / "nope")]) == 2
    assert has_chinese(capsys.readouterr().err)
    assert main(["sanity", "--python", str(tmp_path / "nope"), "--steps", "1"]) == 2
    assert has_chinese(capsys.readouterr().err)
