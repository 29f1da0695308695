"""The runner with the real check in the real CPU torch venv: a passing run with every field, and faults
injected into the check (an exception, a hang, a hang that ignores SIGTERM, a killed process, a segfault,
cancellation, wrong numbers, a loss that does not fall, NaN), the all-reduce over two gloo ranks (passing,
a wrong sum, a rank that never arrives), and a fake python for what the protocol must survive.

The faults come from the tests' wrapper (``check_wrapper.py``), which patches the shipped check and runs its
real ``main()``: the runner runs it through ``SanityOptions.script``."""

from __future__ import annotations

import os
import sys
import threading
from pathlib import Path

import pytest

from rocmdesk.machine.process import Cancel
from rocmdesk.sanity import runner as runner_mod
from rocmdesk.sanity.result import PHASES
from rocmdesk.sanity.runner import CHECK_SCRIPT, SanityOptions, run_sanity
from tests.sanity.check_wrapper import VARIABLE, WRAPPER, wrapper_env
from tests.torchenv.torch_fixtures import torch_venv  # noqa: F401 (fixture)


def options(venv: Path, fault: str | None = None, *, wrap: bool = True, cpu_bf16: bool = True,
            cpu_fp16: bool = False, extra_env: dict[str, str] | None = None, **kw) -> SanityOptions:
    """The check through the tests' wrapper: ``fault`` (``KIND:PHASE[:STEP]``, comma-separated), and by default
    an AMP phase that runs whatever this CPU has (``cpu_bf16``); ``wrap=False``: the shipped script as it is."""
    env = dict(os.environ)
    env.pop(VARIABLE, None)
    if wrap:
        env.update(wrapper_env(CHECK_SCRIPT, faults=fault.split(",") if fault else (), cpu_bf16=cpu_bf16,
                               cpu_fp16=cpu_fp16))
        kw.setdefault("script", WRAPPER)
    env.update(extra_env or {})
    kw.setdefault("steps", 5)
    return SanityOptions(python=venv / "bin" / "python", env=env, **kw)


def run(opts: SanityOptions, cancel: Cancel | None = None, on_step=None):
    events: list[dict] = []

    def on_event(ev: dict) -> None:
        events.append(ev)
        if on_step is not None and ev.get("event") == "step":
            on_step(ev)

    return run_sanity(opts, on_event=on_event, cancel=cancel), events


def gone(events: list[dict]) -> bool:
    pid = next(ev["pid"] for ev in events if ev["event"] == "start")
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def ended(events: list[dict]) -> list[str]:
    return [ev["name"] for ev in events if ev["event"] == "phase" and ev["status"] == "end"]


# ---- a real run ---------------------------------------------------------------------------------------------
def test_a_real_tiny_run_passes_the_loss_falls_and_every_field_is_there(torch_venv):  # noqa: F811
    res, events = run(options(torch_venv, steps=30))
    assert res.passed, res.error
    assert res.device == "cpu" and res.device_name == "CPU" and res.torch == "2.13.0+cpu"
    assert "torch sees no GPU" in res.cpu_fallback and "CPU-only build" in res.cpu_fallback  # said, not hidden
    assert [p.name for p in res.phases] == list(PHASES)
    fp32, amp, multi = res.phase("fp32"), res.phase("amp"), res.phase("multi_gpu")
    assert fp32.ok and amp.ok and fp32.samples_per_s > 0 and amp.samples_per_s > 0
    assert res.loss_last * 2 <= res.loss_first  # the stated factor
    assert fp32.loss_last * 2 <= fp32.loss_first and amp.loss_last * 2 <= amp.loss_first
    assert res.amp_dtype == "bfloat16" and res.amp_speedup == pytest.approx(amp.samples_per_s / fp32.samples_per_s)
    assert res.first_step_s > 0 and fp32.step_s > 0
    assert res.peak_mem_bytes is None and res.peak_reserved_bytes is None  # the CPU has no caching allocator
    assert multi.ok and multi.skipped == "runs on GPUs only"
    assert res.phase("numeric").detail["max_rel_error"]["matmul"] < 1e-3
    assert res.facts["torch"] == "2.13.0+cpu" and res.facts["threads"] >= 1
    assert res.error is None and res.hung_phase is None and not res.cancelled and res.log_tail is None
    # the events the page reads, in order
    assert events[0]["event"] == "start" and events[0]["phases"] == list(PHASES) and events[0]["device"] == "cpu"
    assert events[-1]["event"] == "result" and events[-1]["passed"] is True
    starts = [ev for ev in events if ev["event"] == "phase" and ev["status"] == "start"]
    assert [ev["name"] for ev in starts] == list(PHASES) and all(ev["timeout_s"] > 0 for ev in starts)
    steps = [ev for ev in events if ev["event"] == "step" and ev["phase"] == "fp32"]
    assert steps[0]["step"] == 1 and steps[-1]["step"] == 30 and all(ev["of"] == 30 for ev in steps)
    assert steps[0]["loss"] == res.loss_first and all(ev["samples_per_s"] > 0 for ev in steps)
    data = res.to_json()
    for key in ("passed", "device", "phases", "loss_first", "loss_last", "amp_speedup", "peak_mem_bytes", "error"):
        assert key in data
    assert {"name", "ok", "samples_per_s", "seconds"} <= set(data["phases"][0])


def test_on_a_cpu_without_bfloat16_the_amp_phase_is_skipped_with_the_reason(torch_venv):  # noqa: F811
    res, _ = run(options(torch_venv, device="cpu", cpu_bf16=False))
    assert res.passed and res.cpu_fallback is None and res.requested_device == "cpu"
    amp = res.phase("amp")
    assert amp.ok and "bfloat16" in amp.skipped and amp.samples_per_s is None
    assert res.amp_speedup is None


# ---- faults ------------------------------------------------------------------------------------------------
def test_an_exception_in_a_phase_fails_that_phase_and_stops(torch_venv):  # noqa: F811
    res, events = run(options(torch_venv, "raise:fp32"))
    assert not res.passed and ended(events) == ["device", "numeric", "fp32"]
    fp32 = res.phase("fp32")
    assert not fp32.ok and fp32.error == "RuntimeError: injected fault in phase fp32 (check_wrapper)"
    assert "Traceback" in fp32.traceback and res.error == fp32.error and res.hung_phase is None


def short_timeout(monkeypatch, phase: str, seconds: float) -> None:
    """Only ``phase`` gets a short watchdog: a slow but live step elsewhere (a loaded CI machine took over 3 s for
    one CPU fp32 step) must not be named as the hang."""
    monkeypatch.setitem(runner_mod.TIMEOUTS["tiny"], phase, seconds)


def test_a_hang_is_caught_by_the_watchdog_and_named(torch_venv, monkeypatch):  # noqa: F811
    short_timeout(monkeypatch, "amp", 6.0)
    res, events = run(options(torch_venv, "hang:amp:3"))
    assert res.hung_phase == "amp" and not res.passed and not res.cancelled
    assert res.error.startswith("no progress in phase amp for 6 s")
    amp_steps = [ev["step"] for ev in events if ev["event"] == "step" and ev["phase"] == "amp"]
    assert amp_steps[0] == 1 and max(amp_steps) < 3  # progress first, then silence
    assert res.phase("fp32").ok and res.phase("amp") is None
    assert "in train" in res.log_tail  # the stack faulthandler printed on SIGTERM: where it hung
    assert gone(events)


def test_a_hang_that_ignores_sigterm_is_killed(torch_venv, monkeypatch):  # noqa: F811
    short_timeout(monkeypatch, "numeric", 2.0)
    res, events = run(options(torch_venv, "hang-hard:numeric"))
    assert res.hung_phase == "numeric" and "for 2 s" in res.error
    assert gone(events)


def test_a_killed_check_is_reported_with_the_signal(torch_venv):  # noqa: F811
    res, events = run(options(torch_venv, "kill:numeric"))
    assert not res.passed and res.error == "the check's python was killed by signal 9 (SIGKILL)"
    assert res.stopped_phase == "numeric" and [p.name for p in res.phases] == ["device"]
    assert res.hung_phase is None and events[-1]["event"] == "result"


def test_a_segfault_shows_where_it_happened(torch_venv):  # noqa: F811
    res, _ = run(options(torch_venv, "segv:amp"))
    assert res.error == "the check's python was killed by signal 11 (SIGSEGV)" and res.stopped_phase == "amp"
    assert "Segmentation fault" in res.log_tail and "check_script.py" in res.log_tail
    assert res.phase("fp32").ok and res.loss_first is not None  # what ran before is kept


def test_cancel_stops_the_check_and_its_process(torch_venv):  # noqa: F811
    cancel = Cancel()

    def on_step(ev: dict) -> None:
        if ev["phase"] == "fp32" and ev["step"] >= 2:
            cancel.cancel()

    res, events = run(options(torch_venv, steps=100000), cancel=cancel, on_step=on_step)
    assert res.cancelled and not res.passed and res.hung_phase is None and res.stopped_phase == "fp32"
    assert events[-1]["event"] == "result" and events[-1]["cancelled"] is True
    assert gone(events)


@pytest.mark.parametrize("fault, phase, words", [
    ("wrong:numeric", "numeric", "matmul on cpu differs from the CPU by"),
    ("nofall:fp32", "fp32", "the loss did not fall enough"),
    ("nan:amp", "amp", "the loss became nan at step 1"),
])
def test_wrong_results_fail_their_phase(torch_venv, fault, phase, words):  # noqa: F811
    res, _ = run(options(torch_venv, fault, steps=20))
    p = res.phase(phase)
    assert not res.passed and not p.ok and words in p.error and p.traceback is None  # a finding, not a crash
    if phase == "fp32":
        assert p.loss_first is not None and p.detail["loss_fall_required"] == 2.0


# ---- multi-GPU through gloo ranks on the CPU ---------------------------------------------------------------
def test_the_all_reduce_over_two_cpu_ranks_passes(torch_venv):  # noqa: F811
    # the shipped script as it is, with the variables that once injected faults into it: it reads none of them
    old = {"ROCMDESK_SANITY_FAULT": "raise:fp32,kill:numeric,wrong:multi_gpu,hang-rank:multi_gpu",
           "ROCMDESK_SANITY_CPU_FP16": "1", "ROCMDESK_SANITY_CPU_RESNET": "1", "ROCMDESK_SANITY_RESNET_SHAPE": "2,8"}
    res, _ = run(options(torch_venv, steps=3, cpu_ranks=2, wrap=False, extra_env=old))
    assert res.amp_dtype != "float16" and res.batch == 64
    multi = res.phase("multi_gpu")
    assert res.passed, res.error
    assert multi.ok and not multi.skipped and multi.detail["backend"] == "gloo" and multi.detail["world_size"] == 2
    assert [r["value"] for r in multi.detail["ranks"]] == [3.0, 3.0] and multi.detail["busbw_gb_s"] > 0
    assert res.env_hints is None


def test_a_wrong_sum_is_reported_with_the_environment(torch_venv):  # noqa: F811
    res, _ = run(options(torch_venv, "wrong:multi_gpu", steps=3, cpu_ranks=2,
                         extra_env={"HIP_VISIBLE_DEVICES": "0,1", "NCCL_DEBUG": "WARN"}))
    assert not res.passed and res.hung_phase is None
    assert "wrong sum" in res.error and "expected 3" in res.error
    assert res.env_hints["env"]["HIP_VISIBLE_DEVICES"] == "0,1" and res.env_hints["env"]["NCCL_DEBUG"] == "WARN"
    assert any("NCCL_DEBUG=INFO" in h for h in res.env_hints["hints"])


def test_a_rank_that_never_arrives_is_a_hang_in_the_all_reduce(torch_venv, monkeypatch):  # noqa: F811
    short_timeout(monkeypatch, "multi_gpu", 8.0)
    res, events = run(options(torch_venv, "hang-rank:multi_gpu", steps=3, cpu_ranks=2))
    assert res.hung_phase == "multi_gpu" and not res.passed
    assert "did not finish within 6 s" in res.error and "never answered" in res.error  # the check's own words
    assert res.env_hints is not None and res.phase("multi_gpu").hung
    assert gone(events)


# ---- what the protocol survives (a fake python, no torch) --------------------------------------------------
def fake_python(tmp_path: Path, body: str) -> Path:
    py = tmp_path / "bin" / "python"
    py.parent.mkdir(parents=True, exist_ok=True)
    py.write_text(f"#!{sys.executable}\nimport json, sys, time\n"
                  "def out(**ev):\n    print(json.dumps(ev), flush=True)\n" + body)
    py.chmod(0o755)
    return tmp_path


START = "out(event='start', phases=['device'], torch='0+fake', device='cpu', device_name='CPU', size='tiny', steps=2)\n"


def test_stray_output_is_kept_out_of_the_events(tmp_path):
    venv = fake_python(tmp_path, START + "print('hello from a library')\nprint('{not json')\n"
                       "out(event='phase', name='device', status='start')\n"
                       "out(event='phase', name='device', status='end', ok=True, seconds=0.1)\n"
                       "out(event='result', passed=True, device='cpu')\n")
    res, events = run(options(venv))
    assert res.passed and [ev["event"] for ev in events] == ["start", "phase", "phase", "result"]


def test_an_exit_before_the_result_names_the_status_and_the_error_line(tmp_path):
    venv = fake_python(tmp_path, START + "out(event='phase', name='device', status='start')\n"
                       "sys.stderr.write('Traceback ...\\nImportError: libamdhip64.so: cannot open\\n')\n"
                       "sys.exit(5)\n")
    res, _ = run(options(venv))
    assert not res.passed and res.stopped_phase == "device"
    assert res.error == ("the check's python exited with status 5 before it finished: ImportError: "
                         "libamdhip64.so: cannot open")


def test_a_hang_at_exit_after_the_result_is_a_warning(tmp_path, monkeypatch):
    monkeypatch.setattr(runner_mod, "EXIT_GRACE_S", 1.0)
    venv = fake_python(tmp_path, START + "out(event='result', passed=True, device='cpu')\ntime.sleep(600)\n")
    res, _ = run(options(venv))
    assert res.passed and "did not exit" in res.warnings[0]


def test_a_missing_python_and_a_python_without_torch(tmp_path):
    res, events = run(options(tmp_path / "nowhere"))
    assert not res.passed and res.error.startswith("the check could not be started") and events[-1]["event"] == "result"
    # this project's own python has no torch
    res, _ = run(SanityOptions(python=Path(sys.executable), steps=2))
    assert not res.passed and "torch cannot be imported" in res.error and "ModuleNotFoundError" in res.error


def test_events_reach_the_callback_in_the_calling_thread(tmp_path):
    venv = fake_python(tmp_path, START + "out(event='result', passed=True, device='cpu')\n")
    threads = set()
    run_sanity(options(venv), on_event=lambda ev: threads.add(threading.current_thread().name))
    assert threads == {threading.current_thread().name}


def test_a_steps_line_becomes_an_event_a_step(tmp_path):
    venv = fake_python(tmp_path, START + "out(event='phase', name='device', status='start')\n"
                       "out(event='steps', phase='device', first=4, of=9, losses=[1.5, None, 0.5], samples_per_s=10.0)\n"
                       "out(event='phase', name='device', status='end', ok=True, seconds=0.1)\n"
                       "out(event='result', passed=True, device='cpu')\n")
    _, events = run(options(venv))
    steps = [ev for ev in events if ev["event"] == "step"]
    assert [(ev["step"], ev["loss"], ev["of"], ev["phase"]) for ev in steps] == [
        (4, 1.5, 9, "device"), (5, None, 9, "device"), (6, 0.5, 9, "device")]


def test_the_gpus_float16_and_gradscaler_path_runs_on_the_cpu(torch_venv):  # noqa: F811
    # the same autocast(float16) + GradScaler code a GPU run takes, with "cpu" as the device kind
    res, _ = run(options(torch_venv, steps=20, cpu_fp16=True))
    amp = res.phase("amp")
    assert res.passed, res.error
    assert res.amp_dtype == "float16" and amp.detail["grad_scale"] > 0 and amp.loss_last * 2 <= amp.loss_first


def test_silence_before_the_first_line_is_a_hang_in_the_device_phase(tmp_path, monkeypatch):
    # importing torch or finding the GPU (hipInit) that never returns
    monkeypatch.setattr(runner_mod, "STARTUP_FLOOR_S", 1.0)
    venv = fake_python(tmp_path, "time.sleep(600)\n")
    res, events = run(options(venv, phase_timeout_s=1))
    assert res.hung_phase == "device" and "no progress in phase device for 1 s" in res.error
    assert [ev["event"] for ev in events] == ["result"]
