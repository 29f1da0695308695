"""The Sanity check page: stand-in runners that emit the check's events (progress, pass, failure, hang,
cancel, a crash), the empty state, profiles, the GPU readout, and a REAL tiny check in the real CPU torch
venv when the sanity core is there."""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QListWidget

from rocmdesk.sanity.result import PhaseResult, SanityResult
from rocmdesk.torchenv.profile_store import ProfileStore
from rocmdesk.torchenv.profiles import Profile
from rocmdesk.ui.pages.sanity_page import SanityPage
from rocmdesk.ui.session import MachineSession
from rocmdesk.ui.widgets.sanity_phases import BAR_STEPS
from rocmdesk.ui.widgets.sanity_result_card import next_step, verdict
from tests.torchenv.torch_fixtures import torch_venv  # noqa: F401 (fixture)
from tests.ui.fakes import FakeMachines, make_gpu, make_report

GPU = "cuda:0"
GPU_NAME = "AMD Radeon RX 7900 XTX"
TORCH = "2.13.0+rocm7.2"
STEPS = 10


def result(**kw: Any) -> SanityResult:
    base: dict[str, Any] = dict(passed=True, device=GPU, phases=[], loss_first=2.3, loss_last=0.4, amp_speedup=1.8,
                                peak_mem_bytes=300 << 20, peak_reserved_bytes=512 << 20, first_step_s=2.5,
                                error=None, hung_phase=None, cancelled=False, torch=TORCH, device_name=GPU_NAME)
    base.update(kw)
    return SanityResult(**base)


class ScriptedRunner:
    """Emits the check's events as the real runner does.  ``hold_at`` = (phase, step): wait there until
    ``release`` is set or the cancel token fires.  ``fail`` = (phase, error): that phase ends not ok.
    ``hang``: the phase that times out.  Records the options and the cancel token it was given."""

    def __init__(self, hold_at: tuple[str, int] | None = None, fail: tuple[str, str] | None = None,
                 hang: str | None = None, device: str = GPU, torch: str = TORCH) -> None:
        self.hold_at, self.fail, self.hang, self.device, self.torch = hold_at, fail, hang, device, torch
        self.release = threading.Event()
        self.held = threading.Event()
        self.options: list[Any] = []
        self.cancels: list[Any] = []
        self.threads: list[str] = []

    def __call__(self, options, on_event=None, cancel=None) -> SanityResult:
        self.options.append(options)
        self.cancels.append(cancel)
        self.threads.append(threading.current_thread().name)
        emit = on_event or (lambda ev: None)
        phases = ["device", "numeric", "fp32", "amp", "multi_gpu"]
        emit({"event": "start", "device": self.device, "size": options.size, "steps": options.steps,
              "phases": phases, "torch": self.torch, "device_name": GPU_NAME if self.device != "cpu" else "CPU"})
        done: list[PhaseResult] = []
        loss = 2.3
        losses: list[float] = []
        for name in phases:
            emit({"event": "phase", "name": name, "status": "start", "timeout_s": 60})
            if name == "multi_gpu":
                done.append(PhaseResult(name, True, 0.0, None, "only one GPU is visible; the all-reduce needs two or more", None))
                emit({"event": "phase", "name": name, "status": "end", "ok": True, "seconds": 0.0,
                      "samples_per_s": None, "skipped": "only one GPU is visible; the all-reduce needs two or more", "error": None})
                continue
            if name == self.hang:
                return result(passed=False, phases=done, hung_phase=name, device=self.device, torch=self.torch,
                              error=f"no progress in phase {name} for 60 s", loss_last=None)
            if name in ("fp32", "amp"):
                for i in range(1, STEPS + 1):
                    if self.hold_at == (name, i):
                        self.held.set()
                        while not self.release.is_set():
                            if cancel is not None and cancel.cancelled:
                                return result(passed=False, phases=done, cancelled=True, error="cancelled",
                                              device=self.device, torch=self.torch)
                            if cancel is not None:
                                cancel.wait(0.02)
                    loss *= 0.85
                    losses.append(loss)
                    emit({"event": "step", "phase": name, "step": i, "of": STEPS, "loss": loss,
                          "samples_per_s": 1000.0 if name == "fp32" else 1800.0})
            if self.fail and self.fail[0] == name:
                error = self.fail[1]
                done.append(PhaseResult(name, False, 0.5, None, None, error))
                emit({"event": "phase", "name": name, "status": "end", "ok": False, "seconds": 0.5,
                      "samples_per_s": None, "skipped": None, "error": error})
                return result(passed=False, phases=done, error=error, device=self.device, torch=self.torch)
            rate = {"fp32": 1000.0, "amp": 1800.0}.get(name)
            done.append(PhaseResult(name, True, 1.0, rate, None, None))
            emit({"event": "phase", "name": name, "status": "end", "ok": True, "seconds": 1.0,
                  "samples_per_s": rate, "skipped": None, "error": None})
        res = result(phases=done, loss_first=losses[0], loss_last=losses[-1], device=self.device, torch=self.torch,
                     device_name=GPU_NAME if self.device != "cpu" else "CPU",
                     peak_mem_bytes=None if self.device == "cpu" else 300 << 20)
        emit({"event": "result", "passed": True})
        return res


class FakeMonitor:
    """Monitor.poll() shaped: one GPU at 97 % busy."""

    def __init__(self) -> None:
        self.gpus = [make_gpu()]
        self.latest = None
        self.closed = False

    def poll(self):
        from rocmdesk.telemetry.metrics import GpuSample, Sample

        self.latest = Sample(timestamp=0.0, gpus=[GpuSample(index=0, name="AMD Radeon RX 6600 XT", gfx="gfx1032",
                                                            busy_percent=97, vram_used_bytes=3 << 30,
                                                            vram_total_bytes=8 << 30, temp_junction_c=71.0)],
                             host=None, source="sysfs")
        return self.latest

    def close(self) -> None:
        self.closed = True


def make_venv(path: Path) -> Path:
    """A folder shaped like a venv (bin/python), enough for the page to offer Start."""
    (path / "bin").mkdir(parents=True)
    (path / "bin" / "python").symlink_to(os.path.realpath(os.sys.executable))
    (path / "pyvenv.cfg").write_text("home = /usr/bin\n")
    return path


@pytest.fixture
def open_page(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))  # no ~/venvs/rocm of the real user
    pages: list[SanityPage] = []
    sessions: list[MachineSession] = []
    fake = FakeMachines(make_report([make_gpu()]))

    def _open(runner=None, venv: Path | None | str = "make", store=None, monitor=None) -> SanityPage:
        session = MachineSession(detector=fake.detect, host_factory=fake.host_factory, machines=fake.machines)
        if venv == "make":
            venv = make_venv(tmp_path / "my venv 'q'")
        page = SanityPage(session, runner=runner, store=store or ProfileStore(tmp_path / "profiles"),
                          monitor_factory=monitor or FakeMonitor, venv=str(venv) if venv else "")
        qtbot.addWidget(page)
        page.resize(1100, 900)
        page.show()
        pages.append(page)
        sessions.append(session)
        session.refresh()
        qtbot.waitUntil(lambda: not session.busy, timeout=10000)
        return page

    yield _open
    for page in pages:
        page.shutdown()
    for session in sessions:
        session.shutdown()


def run_to_end(page: SanityPage, qtbot, timeout: int = 10000):
    with qtbot.waitSignal(page.runFinished, timeout=timeout) as finished:
        assert page.start()
    return finished.args[0]


# ---- progress and the pass card ----------------------------------------------------------------------------
def test_a_run_moves_the_bars_and_the_curve_off_the_ui_thread_and_passes(open_page, qtbot):
    runner = ScriptedRunner(hold_at=("amp", 5))
    page = open_page(runner=runner)
    assert page.start_button.isEnabled() and not page.cancel_button.isEnabled()
    with qtbot.waitSignal(page.runFinished, timeout=10000) as finished:
        assert page.start()
        assert runner.held.wait(5)
        qtbot.waitUntil(lambda: page.phases.row("amp").bar.value() == BAR_STEPS * 4 // STEPS, timeout=5000)
        # mid-run: done phases passed, the running one counts steps, the next waits
        states = page.phases.states()
        assert states == {"device": "passed", "numeric": "passed", "fp32": "passed", "amp": "running",
                          "multi_gpu": "pending"}
        assert "step 4 of 10" in page.phases.row("amp").status.text()
        assert page.phases.row("fp32").bar.value() == BAR_STEPS
        assert "1,000 samples/s" in page.phases.row("fp32").status.text()
        qtbot.waitUntil(lambda: page.loss_points() == STEPS + 4, timeout=3000)  # redrawn from a timer
        assert "FP32 1,000 samples/s" in page.throughput.text() and "AMP 1,800 samples/s" in page.throughput.text()
        assert f"torch {TORCH} on {GPU_NAME}" in page.run_label.text()
        assert not page.start_button.isEnabled() and page.cancel_button.isEnabled()
        assert not page.venv_edit.isEnabled() and not page.size_combo.isEnabled()
        assert page.card is None
        runner.release.set()
    res = finished.args[0]
    assert runner.threads[0] != threading.current_thread().name  # the runner ran in a worker
    assert page.phases.states() == {"device": "passed", "numeric": "passed", "fp32": "passed", "amp": "passed",
                                    "multi_gpu": "skipped"}
    assert "only one GPU is visible" in page.phases.row("multi_gpu").status.text()
    assert page.loss_points() == 2 * STEPS
    card = page.card
    assert card is not None and card.verdict.text() == "Passed" and card.cpu_note is None
    assert card.reason.text() == (f"Every phase that ran passed and the loss fell from {res.loss_first:.3f} to "
                                  f"{res.loss_last:.3f} ({res.loss_first / res.loss_last:.1f}× lower).")
    facts = dict(card.facts)
    assert facts["Ran on"] == f"{GPU_NAME} ({GPU})"
    assert facts["FP32 training"].startswith("1,000 samples/s") and facts["AMP training (autocast + GradScaler)"]
    assert facts["AMP speedup"] == "×1.80 over FP32"
    assert facts["Peak memory"] == "300 MiB allocated, 512 MiB reserved"
    assert facts["Time to first step"].startswith("2.50 s")
    assert "skipped: only one GPU is visible" in facts["Multi-GPU all-reduce"]
    assert "ready for training on the GPU" in card.next_label.text()
    assert page.start_button.isEnabled() and not page.cancel_button.isEnabled() and page.venv_edit.isEnabled()
    opts = runner.options[0]
    assert opts.python == page.python() and opts.device == "auto" and opts.size == "tiny"
    assert opts.steps == page.steps_spin.value()


def test_the_options_reach_the_runner(open_page, qtbot):
    runner = ScriptedRunner(device="cpu", torch="2.13.0+cpu")
    page = open_page(runner=runner)
    page.device_combo.setCurrentIndex(page.device_combo.findData("cpu"))
    page.steps_spin.setValue(7)
    assert "nothing about the GPU" in page.options_note.text()
    run_to_end(page, qtbot)
    opts = runner.options[0]
    assert (opts.device, opts.steps, opts.size) == ("cpu", 7, "tiny")
    card = page.card
    # CPU is said prominently, and an explicit CPU run that passed is not sent to install a wheel
    assert card.cpu_note is not None and "not on the GPU" in card.cpu_note.text()
    qtbot.waitUntil(card.cpu_note.isVisible, timeout=2000)
    assert "Device: Auto" in card.next_label.text() and card.next_button is None
    assert "on the CPU, not the GPU" in page.run_label.text()


def test_resnet_on_the_cpu_is_refused_with_the_reason(open_page):
    page = open_page(runner=ScriptedRunner())
    page.size_combo.setCurrentIndex(page.size_combo.findData("resnet50"))
    page.device_combo.setCurrentIndex(page.device_combo.findData("cpu"))
    assert not page.start_button.isEnabled() and "GPU only" in page.options_note.text()
    assert not page.start()
    page.device_combo.setCurrentIndex(page.device_combo.findData("auto"))
    assert page.start_button.isEnabled()


# ---- failures ------------------------------------------------------------------------------------------------
def test_invalid_device_function_leads_to_the_doctor(open_page, qtbot):
    error = "RuntimeError: HIP error: invalid device function\nCompile with `TORCH_USE_HIP_DSA` to enable device-side assertions."
    page = open_page(runner=ScriptedRunner(fail=("numeric", error)))
    res = run_to_end(page, qtbot)
    assert not res.passed
    states = page.phases.states()
    assert states["device"] == "passed" and states["numeric"] == "failed"
    assert states["fp32"] == states["amp"] == states["multi_gpu"] == "not-run"
    # the line that names the error, not HIP's advice after it
    assert page.phases.row("numeric").status.text() == "failed: RuntimeError: HIP error: invalid device function"
    assert page.phases.row("numeric").bar.value() == BAR_STEPS  # no steps: a full bar in the failure colour
    card = page.card
    assert card.verdict.text() == "Failed"
    assert "Numeric check (GPU against CPU) failed" in card.reason.text()
    assert "no kernels for your GPU" in card.next_label.text() and "wheel-missing-arch" in card.next_label.text()
    assert card.step.finding == "wheel-missing-arch" and card.next_button.text() == "Open Doctor"
    assert "invalid device function" in card.error_view.text()
    assert page.start_button.isEnabled()


@pytest.mark.parametrize("error", ["hipErrorNoBinaryForGpu: Unable to find code object for all current devices!",
                                   "CUDA error: no kernel image is available for execution on the device"])
def test_the_other_no_kernel_errors_give_the_same_next_step(error):
    step = next_step(result(passed=False, error=error, phases=[PhaseResult("device", False, 0.1, None, None,
                                                                            error)]))
    assert step.finding == "wheel-missing-arch" and step.target == "doctor"


def test_a_hang_names_the_phase(open_page, qtbot):
    page = open_page(runner=ScriptedRunner(hang="fp32"))
    res = run_to_end(page, qtbot)
    assert verdict(res) == "hung"
    assert page.phases.states()["fp32"] == "hung"
    assert "no progress for 60 s" in page.phases.row("fp32").status.text()
    assert page.phases.states()["amp"] == "not-run"
    card = page.card
    assert card.verdict.text() == "Hung in FP32 training"
    assert "FP32 training made no progress" in card.reason.text() and "MIOpen" in card.next_label.text()
    assert page.run_label.text().startswith("The check hung")


def test_a_hang_in_the_all_reduce_gives_the_rccl_hints(open_page, qtbot):
    page = open_page(runner=ScriptedRunner(hang="multi_gpu"))
    # the scripted runner skips multi_gpu on one GPU; hang there through the result alone
    page.runner = lambda options, on_event=None, cancel=None: result(
        passed=False, hung_phase="multi_gpu", error="all_reduce did not finish in 60 s",
        phases=[PhaseResult(n, True, 1.0, None, None, None) for n in ("device", "numeric", "fp32", "amp")])
    run_to_end(page, qtbot)
    assert page.phases.states() == {"device": "passed", "numeric": "passed", "fp32": "passed", "amp": "passed",
                                    "multi_gpu": "hung"}
    text = page.card.next_label.text()
    assert "RCCL" in text and "NCCL_DEBUG=INFO" in text and "HIP_VISIBLE_DEVICES" in text
    assert page.card.verdict.text() == "Hung in Multi-GPU all-reduce"


def test_a_cpu_only_torch_leads_to_the_pytorch_page(open_window, qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    window = open_window(FakeMachines(make_report([make_gpu()])))
    page = window.page("sanity")
    assert page is not None
    page.runner = ScriptedRunner(device="cpu", torch="2.13.0+cpu")
    page.venv_edit.setText(str(make_venv(tmp_path / "v")))
    page._venv_edited("")
    run_to_end(page, qtbot)
    card = page.card
    assert "CPU-only build" in card.next_label.text() and card.cpu_note is not None
    assert "torch found no GPU" in card.cpu_note.text()
    card.next_button.click()
    sidebar = window.findChild(QListWidget, "sidebar")
    assert sidebar.currentItem().text() == "PyTorch"
    window.close()


def test_invalid_device_function_lands_on_the_doctors_finding(open_window, qtbot, tmp_path, monkeypatch):
    from rocmdesk.ui.pages.doctor_page import DoctorPage

    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    window = open_window(FakeMachines(make_report([make_gpu()])))
    page = window.page("sanity")
    page.runner = ScriptedRunner(fail=("numeric", "RuntimeError: HIP error: invalid device function"))
    page.venv_edit.setText(str(make_venv(tmp_path / "v")))
    page._venv_edited("")
    run_to_end(page, qtbot)
    page.card.next_button.click()
    sidebar = window.findChild(QListWidget, "sidebar")
    assert sidebar.currentItem().text() == "Doctor"
    doctor = window.page("doctor")
    qtbot.waitUntil(lambda: doctor.focused_finding() == "wheel-missing-arch", timeout=20000)
    window.close()


def test_a_runner_that_crashes_is_reported(open_page, qtbot):
    def broken(options, on_event=None, cancel=None):
        raise RuntimeError("the venv's python vanished")

    page = open_page(runner=broken)
    res = run_to_end(page, qtbot)
    assert page.card.verdict.text() == "Failed"
    assert "RuntimeError: the venv's python vanished" in page.card.reason.text()
    assert not res.passed and page.start_button.isEnabled()


# ---- cancel and shutdown -----------------------------------------------------------------------------------
def test_cancel_reaches_the_runner_and_the_page_is_usable_again(open_page, qtbot):
    runner = ScriptedRunner(hold_at=("fp32", 3))
    page = open_page(runner=runner)
    page.start()
    assert runner.held.wait(5)
    with qtbot.waitSignal(page.runFinished, timeout=10000) as finished:
        page.cancel_button.click()
        assert not page.cancel_button.isEnabled()  # pressed once is enough
    assert runner.cancels[0].cancelled
    assert finished.args[0].cancelled
    assert page.card.verdict.text() == "Cancelled" and page.card.error_view is None
    states = page.phases.states()
    assert states["fp32"] == "stopped" and "cancelled" in page.phases.row("fp32").status.text()
    assert states["amp"] == "not-run"
    assert page.start_button.isEnabled() and page.venv_edit.isEnabled() and not page.running()
    # and it runs again, from a clean slate
    runner.release.set()
    run_to_end(page, qtbot)
    assert page.card.verdict.text() == "Passed" and page.loss_points() == 2 * STEPS
    assert not runner.cancels[1].cancelled


def test_shutdown_cancels_a_running_check(open_page, qtbot):
    runner = ScriptedRunner(hold_at=("fp32", 2))
    page = open_page(runner=runner)
    page.start()
    assert runner.held.wait(5)
    page.shutdown()
    assert runner.cancels[0].cancelled
    assert page._pool.activeThreadCount() == 0


def test_a_late_event_of_an_old_run_is_dropped(open_page, qtbot):
    page = open_page(runner=ScriptedRunner())
    run_to_end(page, qtbot)
    before = page.phases.states()
    page._on_event(page._number - 1, {"event": "phase", "name": "fp32", "status": "start", "timeout_s": 5})
    page._on_done(page._number - 1, result(passed=False))
    assert page.phases.states() == before and page.card.verdict.text() == "Passed"


# ---- choosing what to run -----------------------------------------------------------------------------------
def test_without_a_python_start_is_off_and_the_empty_state_points_on(open_page, tmp_path):
    page = open_page(runner=ScriptedRunner(), venv=None)
    assert not page.start_button.isEnabled() and not page.start()
    assert page.empty.isVisible()
    assert "PyTorch page" in page.empty_label.text() and "Environments page" in page.empty_label.text()
    assert page.to_pytorch.isVisible() and page.to_environments.isVisible()
    assert not page.profile_combo.isVisible()  # no profiles: no empty combo box either
    # a folder that is not a venv: still off, and says why
    (tmp_path / "not a venv").mkdir()
    page.venv_edit.setText(str(tmp_path / "not a venv"))
    page._venv_edited("")
    assert not page.start_button.isEnabled() and "bin/python is missing" in page.venv_state.text()
    assert not page.empty.isVisible()
    page.venv_edit.setText(str(make_venv(tmp_path / "real")))
    page._venv_edited("")
    assert page.start_button.isEnabled()
    assert "no torch found" in page.venv_state.text()


def test_a_profile_gives_its_venv_and_its_variables(open_page, qtbot, tmp_path):
    store = ProfileStore(tmp_path / "profiles")
    venv = make_venv(tmp_path / "proj venv")
    store.create(Profile(name="rx6600", project_dir=str(tmp_path), venv=str(venv),
                         env={"HSA_OVERRIDE_GFX_VERSION": "10.3.0"}))
    runner = ScriptedRunner()
    page = open_page(runner=runner, venv=None, store=store)
    # the only profile is picked at once, so there is something to run
    assert page.profile_combo.isVisible() and page.profile_combo.currentData() == "rx6600"
    assert page.venv() == str(venv) and not page.empty.isVisible()
    assert "with the variables of profile rx6600" in page.venv_state.text()
    run_to_end(page, qtbot)
    assert runner.options[0].env["HSA_OVERRIDE_GFX_VERSION"] == "10.3.0"
    # another folder: the profile no longer applies
    other = make_venv(tmp_path / "other")
    page.venv_edit.setText(str(other))
    page._venv_edited("")
    assert page.profile_combo.currentData() is None
    run_to_end(page, qtbot)
    assert runner.options[1].env.get("HSA_OVERRIDE_GFX_VERSION") == os.environ.get("HSA_OVERRIDE_GFX_VERSION")


def test_the_gpu_readout_shows_the_monitor_values(open_page, qtbot):
    page = open_page(runner=ScriptedRunner())
    qtbot.waitUntil(lambda: "97 %" in page.gpu_panel.text(), timeout=3000)
    text = page.gpu_panel.text()
    assert "3.0 GiB / 8.0 GiB" in text and "71 °C" in text and "AMD Radeon RX 6600 XT" in text
    page.hide()
    assert not page.gpu_panel.timer.isActive()


def test_the_gpu_readout_says_when_there_is_nothing_to_watch(open_page, qtbot):
    def broken():
        raise OSError("no sysfs here")

    page = open_page(runner=ScriptedRunner(), monitor=broken)
    assert "not available: no sysfs here" in page.gpu_panel.text()


def test_the_page_is_in_the_main_window(open_window, tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    window = open_window(FakeMachines(make_report([make_gpu()])))
    sidebar = window.findChild(QListWidget, "sidebar")
    titles = [sidebar.item(i).text() for i in range(sidebar.count())]
    page = window.page("sanity")
    assert page is not None and window.stack.indexOf(page) == titles.index("Sanity check")
    window.close()


# ---- the real thing -----------------------------------------------------------------------------------------
def test_the_real_tiny_check_in_the_real_cpu_torch_venv_passes(open_page, qtbot, torch_venv):  # noqa: F811
    page = open_page(venv=torch_venv)
    assert page.start_button.isEnabled() and "torch 2.13.0+cpu" in page.venv_state.text()
    res = run_to_end(page, qtbot, timeout=180000)
    assert res.passed, res.error
    assert page.card.verdict.text() == "Passed" and page.card.cpu_note is not None
    states = page.phases.states()
    assert states["fp32"] == "passed" and states["device"] == "passed"
    assert page.loss_points() > 0 and res.loss_last < res.loss_first
    assert "CPU-only build" in page.card.next_label.text()  # auto on a CPU wheel: go get a ROCm one


# ---- the card's rules on their own ---------------------------------------------------------------------------
def test_the_error_line_is_the_one_that_names_the_error():
    from rocmdesk.ui.widgets.sanity_phases import error_line

    tb = ('Traceback (most recent call last):\n  File "check.py", line 3, in <module>\n    x.cuda()\n'
          "torch.OutOfMemoryError: HIP out of memory. Tried to allocate 2.00 GiB\n")
    assert error_line(tb) == "torch.OutOfMemoryError: HIP out of memory. Tried to allocate 2.00 GiB"
    assert error_line("killed by signal 9") == "killed by signal 9"


@pytest.mark.parametrize("res, target, words", [
    (result(passed=False, error="torch.OutOfMemoryError: HIP out of memory",
            phases=[PhaseResult("fp32", False, 1.0, None, None, "torch.OutOfMemoryError: HIP out of memory")]),
     "monitor", "out of memory"),
    (result(passed=False, phases=[PhaseResult("numeric", False, 0.1, None, None, "matmul differs by 3.2e+01")]),
     "environments", "HSA_OVERRIDE_GFX_VERSION"),
    (result(passed=False, device="cpu", torch="2.13.0+rocm7.2", device_name="CPU"), "pytorch", "sees no GPU"),
    (result(passed=False, loss_first=2.3, loss_last=2.2), "doctor", "Doctor"),
    (result(passed=False, cancelled=True), None, "Start"),
])
def test_next_steps(res, target, words):
    step = next_step(res)
    assert step.target == target and words in step.text


def test_a_loss_that_did_not_fall_is_the_reason():
    from rocmdesk.ui.widgets.sanity_result_card import reason

    assert reason(result(passed=False, loss_first=2.3, loss_last=2.2)) == "The loss did not fall enough: 2.300 → 2.200."


def test_a_killed_check_leaves_the_running_phase_stopped(open_page, qtbot):
    def killed(options, on_event=None, cancel=None):
        on_event({"event": "start", "device": GPU, "size": "tiny", "steps": STEPS,
                  "phases": ["device", "numeric", "fp32", "amp"], "torch": TORCH, "device_name": GPU_NAME})
        on_event({"event": "phase", "name": "device", "status": "start", "timeout_s": 60})
        on_event({"event": "phase", "name": "device", "status": "end", "ok": True, "seconds": 0.2,
                  "samples_per_s": None, "skipped": None, "error": None})
        on_event({"event": "phase", "name": "numeric", "status": "start", "timeout_s": 60})
        return result(passed=False, error="the check's python was killed by signal 9 (SIGKILL)",
                      phases=[PhaseResult("device", True, 0.2, None, None, None)])

    page = open_page(runner=killed)
    run_to_end(page, qtbot)
    assert page.phases.states() == {"device": "passed", "numeric": "stopped", "fp32": "not-run", "amp": "not-run"}
    assert "the check ended here" in page.phases.row("numeric").status.text()
    assert "killed by signal 9" in page.card.reason.text() and page.card.verdict.text() == "Failed"
