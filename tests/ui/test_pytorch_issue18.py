"""Issue 18 on the PyTorch page: a CPU-only and a CUDA choice beside the ROCm builds, an install failure that does
not outlive a switch of machine, fixes in the window's terms, and no shortcut marker leaking into Chinese text on the
PyTorch, Sanity and Doctor pages."""

from __future__ import annotations

import re

import pytest
from PySide6.QtWidgets import QLabel

from rocmdesk import i18n
from rocmdesk.torchenv.builds import CPU_INDEX
from rocmdesk.torchenv.install import InstallResult
from rocmdesk.torchenv.pip_failure import PipFailure
from tests.ui.test_pytorch_page import open_page, probe, xdg  # noqa: F401 (fixtures)
from tests.zh import has_chinese


def _choose(page, pin: str) -> None:
    index = page.torch_combo.findData(pin)
    assert index >= 0, pin
    page.torch_combo.setCurrentIndex(index)


def test_cpu_only_installs_the_cpu_build_from_the_cpu_index(open_page):
    page = open_page("rx7900xtx-ubuntu2404")
    assert page.torch_combo.itemText(1) == "CPU only: 2.13.0+cpu"
    assert page.torch_combo.itemText(2) == "CUDA: 2.13.0 from PyPI"
    _choose(page, "2.13.0+cpu")
    assert page.rec.status == "cpu" and page.rec.requirements[0] == "torch==2.13.0+cpu"
    assert page.rec_card.verdict.text() == "CPU only: torch runs on the processor, never on the GPU"
    assert page.rec_card.command.text().endswith(f"--index-url {CPU_INDEX}")
    commands = page.commands_view.toPlainText()
    assert "torch==2.13.0+cpu" in commands and "torchvision==0.28.0+cpu" in commands and CPU_INDEX in commands
    assert page.install_button.isEnabled() and not page.keep_button.isVisible()  # no variables to keep

    _choose(page, "2.13.0+cuda")
    assert page.rec.status == "cuda" and "cannot use an AMD GPU" in page.rec_card.verdict.text()
    assert any("cannot use an AMD GPU" in w.text() for w in page.rec_card.warning_labels)
    assert "torch==2.13.0 " in page.commands_view.toPlainText() + " "


def test_cpu_only_on_a_machine_without_an_amd_gpu(open_page):
    page = open_page("no-amd-gpu")
    assert not page.install_button.isEnabled()  # nothing to pick ROCm wheels for
    _choose(page, "2.13.0+cpu")
    assert page.install_button.isEnabled() and "No AMD GPU was found" not in page.plan_note.text()
    # a venv without torch: the fix names the CPU-only choice, not a ROCm wheel
    card = page.show_probe(probe(torch=None, hip=None, arch=[]) | {"torch_missing": True})
    assert card.result.verdict == "torch-missing"
    assert "CPU only" in card.fix_label.text() and "rocmdesk" not in card.fix_label.text()
    assert card.fix_command is None


def test_the_install_failure_is_gone_after_switching_machine(open_page, qtbot):
    def failing(plan, on_event, cancel):
        return InstallResult(False, str(plan.log_path), returncode=1, failure=PipFailure(
            "network", "pip could not reach the wheel index.", "Enter a mirror in Index or mirror.", "index",
            ["Failed to establish a new connection"]))

    page = open_page(installer=failing)
    with qtbot.waitSignal(page.installFinished, timeout=10000):
        assert page.start_install()
    assert page.phase_label.text().startswith("The install failed.") and page.log.isVisible()
    page.session.use_simulated("rx7900xtx-ubuntu2404")  # another machine: the failure was not about it
    qtbot.waitUntil(lambda: not page.session.busy and page.rec is not None, timeout=30000)
    assert page.phase_label.isHidden() and page.phase_label.text() == ""
    assert page.log.isHidden() and page.progress.isHidden() and page.install_result is None
    assert page.verify_card is None and page.verify_state.text().startswith("Not verified yet")
    assert page.install_button.isEnabled()


def test_verify_fixes_in_the_window_name_the_page(open_page):
    page = open_page()
    card = page.show_probe(probe(torch=None, hip=None, arch=[]) | {"torch_missing": True})
    assert card.result.verdict == "torch-missing"
    assert "Install on this page" in card.fix_label.text() and "rocmdesk torch" not in card.fix_label.text()
    assert card.fix_command is not None and " -m pip install " in card.fix_command.text()


# ---- Chinese: no "(P)" left of a shortcut marker -------------------------------------------------------------
MARKER = re.compile(r"[(（]&?[A-Za-z][)）]")


@pytest.fixture
def zh_app(qapp):
    from rocmdesk.ui.app import install_translators

    assert install_translators(qapp, "zh_CN")
    yield
    install_translators(qapp, "en")
    i18n.set_language(None)


def _leaks(page) -> list[str]:
    """Labels whose text shows a shortcut marker: one with a buddy shows "(&P)" as an underlined P, which is
    right; any other "(P)" is a marker that leaked into text."""
    out = []
    for label in page.findChildren(QLabel):
        text = label.text()
        for m in MARKER.finditer(text):
            if label.buddy() is None or "&" not in m.group(0):
                out.append(text)
    return out


def test_no_shortcut_marker_leaks_into_chinese_text(zh_app, open_page, qtbot, tmp_path):
    from rocmdesk.ui.pages.doctor_page import DoctorPage
    from rocmdesk.ui.pages.sanity_page import SanityPage
    from tests.ui.test_doctor_page import Recorder, live_session, pasted_result

    page = open_page("no-amd-gpu")
    _choose(page, "2.13.0+cpu")
    assert has_chinese(page.install_button.text()) and has_chinese(page.sim_label.text())
    assert _leaks(page) == []

    session = live_session()[1]
    doctor = DoctorPage(session, machine_diagnoser=Recorder(), text_diagnoser=pasted_result, venv_finder=lambda: [])
    sanity = SanityPage(session, runner=lambda *a, **k: None, venv=str(tmp_path / "venv"))
    for p in (doctor, sanity):
        qtbot.addWidget(p)
        p.show()
    session.refresh()
    qtbot.waitUntil(lambda: doctor.machine is not None, timeout=20000)
    assert has_chinese(doctor.title.text()) and has_chinese(sanity.title.text())
    assert _leaks(doctor) == [] and _leaks(sanity) == []
    doctor.shutdown()
    sanity.shutdown()
    session.shutdown()
