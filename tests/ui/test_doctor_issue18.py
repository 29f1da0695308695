"""Issue 18 on the Doctor page: Clear keeps the buttons in place, the venv just verified is the one checked, and on a
machine with no AMD GPU a missing torch is not fixed with a ROCm wheel."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import QPoint

from rocmdesk.doctor.model import Diagnosis, Finding, Fix, FixStep
from rocmdesk.doctor.report import machine_summary
from rocmdesk.machine.host import Host
from rocmdesk.ui.session import MachineSession
from tests.ui.fakes import FakeMachines, make_report
from tests.ui.test_doctor_page import Recorder, clean, live_session, open_page  # noqa: F401 (fixture)


def test_clear_does_not_move_the_diagnose_button(open_page, qtbot):
    page = open_page()
    page.resize(1024, 700)
    qtbot.wait(50)

    def where():
        return [b.mapTo(page, QPoint(0, 0)) for b in (page.diagnose_button, page.open_button, page.clear_button)]

    before = where()
    page.paste_edit.setPlainText("RuntimeError: HIP error: invalid device function")
    page.diagnose_paste()
    qtbot.waitUntil(lambda: page.pasted is not None and page.paste_status.isVisible(), timeout=5000)
    qtbot.wait(50)
    assert where() == before  # the status line under the box appeared in room kept for it
    page.clear_paste()
    qtbot.wait(50)
    assert page.paste_status.isHidden() and where() == before


def _venv(path: Path) -> str:
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(path)], check=True)
    return str(path)


def test_the_venv_just_verified_on_the_pytorch_page_is_checked(open_page, qtbot, tmp_path, monkeypatch):
    from datetime import datetime, timedelta

    from rocmdesk.ui.pages import doctor_page, torch_status
    from rocmdesk.ui.pages.torch_status import VerifyHistory

    monkeypatch.setenv("HOME", str(tmp_path))  # no ~/venvs/rocm of the real user
    first, second = _venv(tmp_path / "first"), _venv(tmp_path / "second")
    VerifyHistory().record(first, "ok", "fine", "2.13.0+rocm7.2")
    seen: list[list[str]] = []

    def diagnoser(host, progress, cancel, venvs=()):
        seen.append(list(venvs))
        return clean()

    page = open_page(machine_diagnoser=diagnoser, venv_finder=doctor_page.default_venvs)
    assert seen == [[first]] and first in page.venvs_note.text()

    class Later(datetime):
        @classmethod
        def now(cls, tz=None):
            return datetime.now(tz) + timedelta(minutes=1)

    monkeypatch.setattr(torch_status, "datetime", Later)
    VerifyHistory().record(second, "torch-missing", "no torch", None)  # verified on the PyTorch page meanwhile
    page.hide()
    page.show()  # back on the Doctor: the check it shows is of another venv, so it checks again
    qtbot.waitUntil(lambda: len(seen) == 2 and not page.checking(), timeout=5000)
    assert seen[1][0] == second and page.venvs_note.text().startswith(f"PyTorch was verified in: {second}")
    page.hide()
    page.show()
    qtbot.wait(100)
    assert len(seen) == 2  # nothing new verified: no second look


def test_no_amd_gpu_torch_missing_fix_names_a_cpu_build(open_page, qtbot):
    rocm = "/v/bin/python -m pip install torch==2.13.0+rocm7.2 --index-url https://download.pytorch.org/whl/rocm7.2"

    def torch_missing():
        f = Finding("torch-missing", "info", "torch is not installed in this environment", ["PyTorch check: x"],
                    Fix("print", [FixStep("doctor.torch-missing.fix.verify", "Install torch (`rocmdesk torch "
                                          "recommend` explains the choice).", rocm),
                                  FixStep("doctor.torch-missing.fix.1", "Install the ROCm wheels for this machine.",
                                          "rocmdesk torch recommend")]), "S-TI-MATRIX", ["verify"])
        return Diagnosis([f], machine_summary(make_report([])), {}, [], "live", False)

    fake = FakeMachines(make_report([]))  # an Intel-only desktop
    fake.host_factory = lambda name: Host(root=Path("/nonexistent-live"), live=True, label="this computer")
    session = MachineSession(detector=fake.detect, host_factory=fake.host_factory, machines=fake.machines)
    page = open_page(session, machine_diagnoser=Recorder(torch_missing))
    (card,) = page.cards
    text = " ".join(s.text() for s in card.steps)
    assert "CPU-only" in text and "PyTorch page" in text and "rocmdesk torch" not in text
    assert "Install the ROCm wheels" not in text and card.commands == []  # no ROCm pip command to copy

    # with an AMD GPU the same finding keeps its wheel, in the window's words
    page2 = open_page(machine_diagnoser=Recorder(torch_missing))
    text2 = " ".join(s.text() for s in page2.cards[0].steps)
    assert "PyTorch page" in text2 and "rocmdesk torch" not in text2
    assert [c.text() for c in page2.cards[0].commands] == [rocm]


def test_a_findings_sources_are_named_as_on_the_overview(qtbot):
    """A finding cites its sources by the readable names the Overview uses, linked, with each id on hover."""
    from rocmdesk.ui.widgets.doctor_card import DoctorFindingCard

    f = Finding("gfx-needs-override", "error", "needs an override", [], Fix("print"), "S-TOPO, S-LRB1797")
    card = DoctorFindingCard(f, "machine")
    qtbot.addWidget(card)
    text = card.source.text()
    assert "ROCR\u2011Runtime: topology.c" in text and "legacy\u2011rocm\u2011build #1797" in text
    assert 'href="https://github.com/ROCm/legacy-rocm-build/issues/1797"' in text
    assert "S-TOPO" not in text and "S-TOPO" in card.source.toolTip() and "S-LRB1797" in card.source.toolTip()
    bare = DoctorFindingCard(Finding("x", "info", "no source"), "machine")
    qtbot.addWidget(bare)
    assert bare.source.isHidden()
