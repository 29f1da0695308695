"""The PyTorch page: the recommendation on a real simulated machine, installs through stand-in installers
(progress, completion, cancel, a crash), verify cards for probe reports, and a REAL verify of the real CPU
torch venv that tests/torchenv/torch_fixtures.py builds once."""

from __future__ import annotations

import shlex
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget

from rocmdesk.knowledge import wheel_for
from rocmdesk.torchenv.install import InstallEvent, InstallResult
from rocmdesk.torchenv.profile_store import ProfileStore
from rocmdesk.torchenv.profiles import Profile
from rocmdesk.torchenv.verify import VerifyResult
from rocmdesk.ui.pages.pytorch_page import BAR_STEPS, PyTorchPage
from rocmdesk.ui.pages.torch_status import VerifyHistory
from rocmdesk.ui.session import MachineSession
from tests.torchenv.torch_fixtures import TORCH_EXPECTED, torch_venv  # noqa: F401 (fixture)

RX6600 = "rx6600xt-ubuntu2204"
WHEEL = "torch-2.13.0+rocm7.2-cp311-cp311-manylinux_2_28_x86_64.whl"
TOTAL = 4_513_218_560


@pytest.fixture(autouse=True)
def xdg(tmp_path, monkeypatch):
    """Profiles, verify records and install logs go to throwaway folders."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    for var in ("HSA_OVERRIDE_GFX_VERSION", "PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL"):
        monkeypatch.delenv(var, raising=False)


@pytest.fixture
def open_page(qtbot, tmp_path):
    pages: list[PyTorchPage] = []
    sessions: list[MachineSession] = []

    def _open(machine: str = RX6600, **kw) -> PyTorchPage:
        session = MachineSession(simulate=machine)
        kw.setdefault("log_dir", tmp_path / "logs")
        kw.setdefault("history", VerifyHistory(tmp_path / "verify.json"))
        kw.setdefault("auto_verify", False)
        page = PyTorchPage(session, **kw)
        qtbot.addWidget(page)
        page.resize(1000, 800)
        page.show()
        pages.append(page)
        sessions.append(session)
        session.refresh()
        qtbot.waitUntil(lambda: not session.busy and page.rec is not None, timeout=30000)
        page.venv_edit.setText(str(tmp_path / "venv one"))
        page._venv_edited(page.venv_edit.text())
        return page

    yield _open
    for page in pages:
        page.shutdown()
    for session in sessions:
        session.shutdown()


def probe(*devices: tuple[str, str], torch="2.13.0+rocm7.2", hip="7.2.53211-e7d8b1f", cuda=None, arch=None,
          env=None) -> dict:
    """A probe report shaped as the probe prints it: ``devices`` are (name, gcnArchName)."""
    arch = list(wheel_for("2.13.0").arch_list) if arch is None else arch
    devs = [{"index": i, "name": n, "gcnArchName": a, "total_memory": 8 << 30} for i, (n, a) in enumerate(devices)]
    prefix = "/home/wei/my venv 'q'"
    return {
        "probe_version": 1, "python": "3.11.7", "executable": f"{prefix}/bin/python", "prefix": prefix,
        "base_prefix": "/usr", "in_venv": True, "env": env or {}, "torch": torch,
        "torch_file": f"{prefix}/lib/python3.11/site-packages/torch/__init__.py", "hip": hip, "cuda": cuda,
        "is_available": bool(devs), "device_count": len(devs), "arch_list": arch, "devices": devs,
        "compute": [{"index": i, "ok": True, "max_abs_err": 1e-6} for i in range(len(devs))],
        "libs": {}, "errors": {}, "torch_missing": False,
    }


# ---- the recommendation ----------------------------------------------------------------------------------
def test_the_rx6600xt_gets_the_override_recommendation(open_page, qtbot):
    page = open_page()
    rec = page.rec
    assert rec.status == "override" and rec.override == "10.3.0" and rec.gfx == "gfx1032"
    card = page.rec_card
    assert card is not None
    qtbot.waitUntil(card.isVisible, timeout=2000)
    # the status word the Overview uses (the advice's), not a card's own phrase
    assert card.verdict.text() == "Works with an override"
    assert "AMD Radeon RX 6600 XT (gfx1032)" in card.title.text()
    facts = dict(card.facts)
    # the advice (issue 14): this machine's amdgpu-dkms comes from ROCm 6.2.4, so the newest wheel that fits
    # the driver is 2.9.1+rocm6.4 (2.13.0+rocm7.2 is another way, with a driver update)
    assert facts["torch"] == "2.9.1+rocm6.4" and facts["torchvision"] == "0.24.1+rocm6.4"
    assert facts["Index"].startswith("https://download.pytorch.org/whl/rocm6.4")
    assert facts["Override"] == "HSA_OVERRIDE_GFX_VERSION=10.3.0"
    assert facts["Judged by"] == "AMD's list for ROCm 6.2.4"
    assert [w.text() for w in card.other_ways] == [
        "• With torch 2.13.0+rocm7.2 from PyTorch's index: works with HSA_OVERRIDE_GFX_VERSION=10.3.0, after an "
        "amdgpu-dkms driver update to ROCm 7.2 or newer"]
    # the exact command, and Copy puts it on the clipboard
    assert card.command.text() == rec.pip_command
    assert shlex.split(card.command.text()) == ["pip", "install", "torch==2.9.1+rocm6.4", "torchvision==0.24.1+rocm6.4",
                                                "--index-url", "https://download.pytorch.org/whl/rocm6.4"]
    card.command.copy_button.click()
    assert QApplication.clipboard().text() == rec.pip_command
    assert card.env_note is not None and "HSA_OVERRIDE_GFX_VERSION=10.3.0" in card.env_note.text()
    # why, warnings and sources
    assert len(card.why_labels) == len(rec.why) >= 4
    assert any("gfx1030" in label.text() for label in card.why_labels)
    assert [w.text() for w in card.warning_labels] == [f"⚠ {w}" for w in rec.warnings]
    assert card.sources is not None and "6.2.4: system\u2011requirements.rst</a>" in card.sources.text()  # readable
    # simulated: said plainly
    assert page.sim_note.isVisible()
    assert "simulated machine" in page.sim_label.text() and "AMD Radeon RX 6600 XT" in page.sim_label.text()
    assert "rx6600xt-ubuntu2204" in page.where_label.text()
    # the plan is shown before anything runs
    commands = page.commands_view.toPlainText()
    # python -m venv, or uv venv where uv is on PATH
    assert ("-m venv" in commands or "uv venv" in commands) and "torch==2.9.1+rocm6.4" in commands and "venv one" in commands
    assert page.install_button.isEnabled() and not page.cancel_button.isEnabled()
    assert "A new venv is created here." == page.venv_state.text()


def test_a_custom_index_and_a_pinned_version_change_the_recommendation(open_page):
    page = open_page()
    page.index_edit.setText("https://mirror.example.cn/pytorch/whl/rocm7.2")
    page.index_edit.editingFinished.emit()
    assert page.rec.index_kind == "custom"
    assert "--index-url https://mirror.example.cn/pytorch/whl/rocm7.2" in page.rec_card.command.text()
    assert "mirror.example.cn" in page.commands_view.toPlainText()
    assert "your index or mirror" in dict(page.rec_card.facts)["Index"]
    page.index_edit.clear()
    page.index_edit.editingFinished.emit()
    assert page.rec.index_kind == "pytorch"
    page.torch_combo.setCurrentIndex(page.torch_combo.findData("2.7.1+rocm6.2.4"))
    assert page.rec.torch == "2.7.1+rocm6.2.4"
    assert "torch==2.7.1+rocm6.2.4" in page.rec_card.command.text()
    assert "rocm6.2.4" in page.commands_view.toPlainText()


def test_without_an_amd_gpu_install_waits_for_a_chosen_version(open_page):
    page = open_page("no-amd-gpu")
    assert page.rec.status == "no-gpu"
    assert page.rec_card.verdict.text().startswith("No AMD GPU found")
    assert "which has no AMD GPU" in page.sim_label.text()
    assert not page.install_button.isEnabled() and "choose a torch version" in page.plan_note.text()
    page.torch_combo.setCurrentIndex(page.torch_combo.findData("2.13.0+rocm7.2"))
    assert page.install_button.isEnabled()


# ---- install ---------------------------------------------------------------------------------------------
class HeldInstaller:
    """Emits the phases of an install, holds at half of the wheel until released, then finishes (or stops
    when cancelled)."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.plans: list = []

    def __call__(self, plan, on_event, cancel) -> InstallResult:
        self.plans.append(plan)
        on_event(InstallEvent("check", plan.disk.message()))
        on_event(InstallEvent("create", f"creating the venv {plan.venv}"))
        on_event(InstallEvent("resolve", "collecting torch==2.13.0+rocm7.2", package="torch==2.13.0+rocm7.2"))
        on_event(InstallEvent("download", f"downloading {WHEEL}", 0, TOTAL, WHEEL, 0))
        on_event(InstallEvent("download", f"downloading {WHEEL}", TOTAL // 2, TOTAL, WHEEL, TOTAL // 2))
        while not self.release.is_set():
            if cancel.cancelled:
                on_event(InstallEvent("cancelled", "cancelled", downloaded=TOTAL // 2))
                return InstallResult(ok=False, log_path=plan.log_path, cancelled=True, error="cancelled",
                                     downloaded_bytes=TOTAL // 2)
            cancel.wait(0.02)
        on_event(InstallEvent("download", f"downloading {WHEEL}", TOTAL, TOTAL, WHEEL, TOTAL))
        on_event(InstallEvent("install", "installing torch torchvision", downloaded=TOTAL))
        on_event(InstallEvent("done", "done in 1 s", downloaded=TOTAL))
        return InstallResult(ok=True, log_path=plan.log_path, downloaded_bytes=TOTAL, duration_s=1.0)


def test_an_install_shows_progress_off_the_ui_thread_and_completes(open_page, qtbot):
    installer = HeldInstaller()
    page = open_page(installer=installer)
    assert not page.progress.isVisible()  # nothing to show before an install
    with qtbot.waitSignal(page.installFinished, timeout=10000) as finished:
        assert page.start_install()
        qtbot.waitUntil(lambda: page.progress.value() == BAR_STEPS // 2, timeout=5000)
        # mid-download: the window is responsive, the bar and the text say where pip is
        assert page.progress.maximum() == BAR_STEPS and page.progress.isVisible()
        assert "2.26 GB of 4.51 GB" in page.phase_label.text() and WHEEL in page.phase_label.text()
        assert not page.install_button.isEnabled() and page.cancel_button.isEnabled()
        assert not page.venv_edit.isEnabled() and not page.verify_button.isEnabled()
        log = page.log.toPlainText()
        assert log.splitlines()[0].startswith("$ ") and "Creating the venv" in log
        assert log.count(f"Downloading: {WHEEL} (4.51 GB)") == 1  # once per file, not per update
        installer.release.set()
    result = finished.args[0]
    assert isinstance(result, InstallResult) and result.ok
    assert page.progress.value() == BAR_STEPS
    assert page.phase_label.text().startswith("Installed into") and "4.51 GB downloaded" in page.phase_label.text()
    assert page.install_button.isEnabled() and not page.cancel_button.isEnabled()
    assert "Press Verify" in page.verify_state.text()  # simulated: no automatic verify
    plan = installer.plans[0]
    # the advice's wheel for this machine's ROCm 6.2.4 driver (issue 14), not the newest one
    assert plan.venv == page.venv() and plan.requirements == ("torch==2.9.1+rocm6.4", "torchvision==0.24.1+rocm6.4")
    assert plan.index_url == "https://download.pytorch.org/whl/rocm6.4"
    assert page.log_path_label.text().endswith(plan.log_path)


def test_cancel_stops_the_install(open_page, qtbot):
    installer = HeldInstaller()
    page = open_page(installer=installer)
    page.start_install()
    qtbot.waitUntil(lambda: page.progress.value() == BAR_STEPS // 2, timeout=5000)
    with qtbot.waitSignal(page.installFinished, timeout=10000) as finished:
        page.cancel_button.click()
    assert finished.args[0].cancelled and not finished.args[0].ok
    assert page.phase_label.text().startswith("Cancelled.") and "Install again" in page.phase_label.text()
    assert "Cancelled: cancelled" in page.log.toPlainText()
    assert page.install_button.isEnabled() and page.venv_edit.isEnabled()
    assert not page.installing()


def test_an_installer_that_crashes_is_reported(open_page, qtbot):
    def broken(plan, on_event, cancel):
        raise RuntimeError("pip vanished")

    page = open_page(installer=broken)
    with qtbot.waitSignal(page.installFinished, timeout=10000):
        page.start_install()
    assert "RuntimeError: pip vanished" in page.phase_label.text()
    assert page.install_button.isEnabled()


def test_shutdown_stops_a_running_install(open_page, qtbot):
    installer = HeldInstaller()
    page = open_page(installer=installer)
    page.start_install()
    qtbot.waitUntil(lambda: page.progress.value() == BAR_STEPS // 2, timeout=5000)
    worker = page.install_worker
    page.shutdown()
    assert worker.isFinished()


def test_a_verify_follows_the_install_when_asked(open_page, qtbot):
    installer = HeldInstaller()
    installer.release.set()
    seen: list = []

    def verifier(venv, report, env, cancel):
        seen.append((venv, env.get("HSA_OVERRIDE_GFX_VERSION")))
        from rocmdesk.torchenv.verify import judge

        return judge(probe(("AMD Radeon RX 6600 XT", "gfx1030"), env={"HSA_OVERRIDE_GFX_VERSION": "10.3.0"}), report)

    page = open_page(installer=installer, verifier=verifier, auto_verify=True)
    with qtbot.waitSignal(page.verifyFinished, timeout=15000):
        page.start_install()
    assert seen == [(page.venv(), "10.3.0")]  # the recommendation's variables, with no profile chosen
    assert page.verify_card.result.verdict == "ok"
    assert "from the recommendation" in page.verify_card.note.text()


FAKE_PIP = """
import sys, time
print("Collecting torch==2.13.0+rocm7.2", flush=True)
print("  Downloading https://download.pytorch.org/whl/rocm7.2/torch-2.13.0%2Brocm7.2-cp311-cp311-manylinux_2_28_x86_64.whl (4513.2 MB)", flush=True)
for done in (1000000000, 2256609280):
    print(f"Progress {done} of 4513218560", flush=True)
    time.sleep(0.3)
if "hang" in sys.argv[1]:
    time.sleep(60)
print("Progress 4513218560 of 4513218560", flush=True)
print("Installing collected packages: torch", flush=True)
print("Successfully installed torch-2.13.0+rocm7.2", flush=True)
"""


def real_run_install_with(mode: str):
    """The real ``run_install`` (child process, pip's output parsed, log file, cancel) with a fast stand-in for
    the pip command, into the venv the page chose (the cached torch venv: it has pip, so nothing is fetched)."""
    from dataclasses import replace

    from rocmdesk.torchenv.install import run_install

    def install(plan, on_event, cancel):
        import sys

        fast = replace(plan, pip=(sys.executable, "-c", FAKE_PIP, mode), upgrade_pip=False)
        return run_install(fast, on_event=on_event, cancel=cancel, check_space=False)

    return install


def test_the_real_install_runner_drives_the_bar(open_page, qtbot, torch_venv):  # noqa: F811
    page = open_page(installer=real_run_install_with("ok"))
    page.venv_edit.setText(str(torch_venv))
    page._venv_edited(str(torch_venv))
    assert page.plan.create is None  # an existing venv is used as it is
    seen: list[int] = []
    page.progress.valueChanged.connect(seen.append)
    with qtbot.waitSignal(page.installFinished, timeout=60000) as finished:
        assert page.start_install()
    result = finished.args[0]
    assert result.ok and result.downloaded_bytes == 4_513_218_560 and result.installed == ["torch-2.13.0+rocm7.2"]
    assert BAR_STEPS * 2256609280 // 4513218560 in seen and page.progress.value() == BAR_STEPS
    log = page.log.toPlainText()
    assert f"Downloading: {WHEEL} (4.51 GB)" in log and "Installing: installed torch-2.13.0+rocm7.2" in log
    assert Path(result.log_path).is_file() and "Successfully installed" in Path(result.log_path).read_text()


def test_cancel_ends_the_real_child_process(open_page, qtbot, torch_venv):  # noqa: F811
    page = open_page(installer=real_run_install_with("hang"))
    page.venv_edit.setText(str(torch_venv))
    page._venv_edited(str(torch_venv))
    page.start_install()
    qtbot.waitUntil(lambda: page.progress.value() == BAR_STEPS // 2, timeout=30000)
    with qtbot.waitSignal(page.installFinished, timeout=20000) as finished:
        page.cancel_button.click()
    assert finished.args[0].cancelled and finished.args[0].duration_s < 30
    assert page.phase_label.text().startswith("Cancelled.")


# ---- verify cards ------------------------------------------------------------------------------------
def test_verify_cards_for_probe_reports(open_page):
    page = open_page()
    card = page.show_probe(probe(torch="2.13.0+cpu", hip=None, arch=[]))
    assert card.result.verdict == "cpu-only-wheel"
    assert card.verdict.text() == "A CPU-only build of torch" and card.ident.text() == "cpu-only-wheel"
    assert card.fix_label is not None and card.fix_label.text().startswith("Fix: ")
    argv = shlex.split(card.fix_command.text())
    # the fix installs the advised wheel (2.9.1+rocm6.4 fits this machine's ROCm 6.2.4 driver; issue 14)
    assert argv[0] == "/home/wei/my venv 'q'/bin/python" and "torch==2.9.1+rocm6.4" in argv
    assert dict(card.facts)["Arch list"].startswith("empty")

    card = page.show_probe(probe(("AMD Radeon RX 6600 XT", "gfx1032")))
    assert card.result.verdict == "override-needed" and card.ident.text() == "override-needed"
    assert card.verdict.text() == "The GPU needs HSA_OVERRIDE_GFX_VERSION"
    assert card.fix_command.text() == "export HSA_OVERRIDE_GFX_VERSION=10.3.0"
    facts = dict(card.facts)
    assert facts["HIP"] == "7.2.53211-e7d8b1f" and "gfx1030" in facts["Arch list"]
    assert facts["This GPU"] == "AMD Radeon RX 6600 XT: gfx1032 is not in the arch list"
    assert "0: AMD Radeon RX 6600 XT (gfx1032)" in facts["Devices"]
    card.fix_command.copy_button.click()
    assert QApplication.clipboard().text() == "export HSA_OVERRIDE_GFX_VERSION=10.3.0"
    assert "simulated machine" in card.note.text()

    card = page.show_probe(probe(("AMD Radeon RX 6600 XT", "gfx1030"), env={"HSA_OVERRIDE_GFX_VERSION": "10.3.0"}))
    assert card.result.verdict == "ok" and card.verdict.text() == "PyTorch runs on the GPU"
    assert card.fix_label is None and card.fix_command is None
    facts = dict(card.facts)
    assert "gfx1030, physically gfx1032" in facts["Devices"]
    assert "HSA_OVERRIDE_GFX_VERSION=10.3.0 runs it as gfx1030" in facts["This GPU"]
    assert facts["Variables seen"] == "HSA_OVERRIDE_GFX_VERSION=10.3.0"
    assert page.verify_layout.count() == 1  # one card at a time


def test_verify_uses_the_profiles_variables(open_page, qtbot, tmp_path):
    venv = tmp_path / "proj venv"
    ProfileStore().create(Profile("proj", str(tmp_path), str(venv), {"HSA_OVERRIDE_GFX_VERSION": "10.3.0",
                                                                      "PYTORCH_HIP_ALLOC_CONF": "expandable_segments:True"}))
    seen: list = []

    def verifier(venv_dir, report, env, cancel):
        seen.append((venv_dir, dict(env)))
        return VerifyResult("torch-missing", "torch is not installed in this environment", "no torch", None,
                            python=f"{venv_dir}/bin/python")

    page = open_page(verifier=verifier)
    assert page.use_profile("proj")
    assert page.venv() == str(venv)
    with qtbot.waitSignal(page.verifyFinished, timeout=10000):
        assert page.start_verify()
    venv_dir, env = seen[0]
    assert venv_dir == str(venv) and env["PYTORCH_HIP_ALLOC_CONF"] == "expandable_segments:True"
    assert "profile proj" in page.verify_card.note.text()
    assert page.history.get(venv).verdict == "torch-missing" and page.history.get(venv).simulated


def test_a_real_verify_of_the_real_cpu_torch_venv(open_page, qtbot, torch_venv):  # noqa: F811
    """The probe really runs with the cached venv's python (torch==2.13.0 CPU wheel; its path has a space,
    a quote and $(...)), off the UI thread."""
    page = open_page()
    page.venv_edit.setText(str(torch_venv))
    page._venv_edited(str(torch_venv))
    assert f"torch {TORCH_EXPECTED}" in page.venv_state.text()
    with qtbot.waitSignal(page.verifyFinished, timeout=180000) as done:
        assert page.start_verify()
        assert not page.verify_button.isEnabled() and page.cancel_button.isEnabled()
    result = done.args[0]
    assert isinstance(result, VerifyResult) and result.verdict == "cpu-only-wheel"
    assert result.torch == TORCH_EXPECTED and result.hip is None
    card = page.verify_card
    assert card.ident.text() == "cpu-only-wheel" and card.verdict.text() == "A CPU-only build of torch"
    assert shlex.split(card.fix_command.text())[0] == str(Path(torch_venv) / "bin" / "python")
    assert not (Path(torch_venv).parent / "PWNED").exists() and not Path("PWNED").exists()
    record = page.history.get(torch_venv)
    assert record.verdict == "cpu-only-wheel" and record.torch == TORCH_EXPECTED
    assert page.verify_button.isEnabled()


# ---- the window and the keyboard -----------------------------------------------------------------------
def test_every_control_is_in_the_tab_chain(open_page):
    page = open_page()
    wanted = [page.torch_combo, page.index_edit, page.rec_card.command.copy_button, page.profile_combo,
              page.venv_edit, page.browse_button, page.install_button, page.verify_button]
    chain: list[QWidget] = []
    w = page.nextInFocusChain()
    while w is not page and len(chain) < 500:
        chain.append(w)
        w = w.nextInFocusChain()
    for widget in wanted:
        assert widget in chain and widget.focusPolicy() & Qt.FocusPolicy.TabFocus
    for widget, key in ((page.install_button, "&I"), (page.verify_button, "&r"), (page.cancel_button, "&C")):
        assert key in widget.text()


def test_the_window_has_the_real_pages(open_window):
    from rocmdesk.ui.pages.environments_page import EnvironmentsPage
    from tests.ui.fakes import FakeMachines, make_gpu, make_report

    window = open_window(FakeMachines(make_report([make_gpu()])))
    titles = [window.sidebar.item(i).text() for i in range(window.sidebar.count())]
    assert titles.index("PyTorch") == 2 and titles.index("Environments") == 3
    assert isinstance(window.page("pytorch"), PyTorchPage)
    assert isinstance(window.page("environments"), EnvironmentsPage)
    page = window.page("pytorch")
    assert page.rec is not None and page.rec.override == "10.3.0"
    assert page.sim_note.isHidden()  # the real machine needs no such note
