"""The Setup wizard on real simulated machines, with the real helper in --dry-run through QProcess,
and fake helper commands for failure, refusal by pkexec (126/127) and cancel."""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path

import pytest
from PySide6.QtCore import QProcess, Qt
from PySide6.QtWidgets import QApplication, QFileDialog

from rocmdesk.machine.host import Host
from rocmdesk.setup.facts import SetupFacts
from rocmdesk.ui.pages.setup_page import CHOICES, MACHINE, RESULT, REVIEW, RUN, SetupPage
from rocmdesk.ui.session import MachineSession
from tests.ui.fakes import FakeMachines, make_gpu, make_report

RX6600 = "rx6600xt-ubuntu2204"
HELPER = "/usr/libexec/rocmdesk/rocmdesk-helper"


@pytest.fixture
def open_page(qtbot, tmp_path):
    """A shown SetupPage over a real simulated machine (or fakes), once its first plan is made."""
    sessions: list[MachineSession] = []
    pages: list[SetupPage] = []

    def _open(machine: str | None = RX6600, session: MachineSession | None = None, **kw) -> SetupPage:
        session = session or MachineSession(simulate=machine)
        kw.setdefault("log_dir", tmp_path / "logs")
        page = SetupPage(session, **kw)
        qtbot.addWidget(page)
        page.resize(1000, 760)
        page.show()
        sessions.append(session)
        pages.append(page)
        session.refresh()
        qtbot.waitUntil(lambda: not session.busy and page.plan is not None, timeout=20000)
        return page

    yield _open
    for page in pages:
        page.shutdown()
    for session in sessions:
        session.shutdown()


def fake_helper(tmp_path: Path, body: str, name: str = "helper.py") -> list[str]:
    """A stand-in for pkexec + helper: a Python script that saves its stdin, then does ``body``."""
    script = tmp_path / name
    script.write_text(textwrap.dedent("""\
        import json, sys, time
        from pathlib import Path
        Path(sys.argv[1]).write_bytes(sys.stdin.buffer.read())
        def emit(event, **data):
            print(json.dumps({"event": event, **data}), flush=True)
        """) + textwrap.dedent(body))
    return [sys.executable, str(script), str(tmp_path / (name + ".stdin"))]


def live_fakes() -> tuple[FakeMachines, dict]:
    """A canned report on a host that says it is live, so a real (not dry) run may be started with a fake."""
    fake = FakeMachines(make_report([make_gpu()]))
    fake.host_factory = lambda name: Host(root=Path("/nonexistent-live"), live=True, label="this computer")
    kw = dict(session=MachineSession(detector=fake.detect, host_factory=fake.host_factory, machines=fake.machines),
              helper_locator=lambda: HELPER, facts_reader=lambda host: SetupFacts(), caller_locator=lambda: "ada")
    return fake, kw


def finish(qtbot, page: SetupPage, timeout: int = 20000) -> None:
    qtbot.waitUntil(lambda: page.outcome is not None and not page.running(), timeout=timeout)


# ---- pages 1-3 ------------------------------------------------------------------------------------------
def test_machine_page_shows_the_machine_and_findings(open_page):
    page = open_page()
    assert page.current == MACHINE
    line1, line2 = page.machine_line1.text(), page.machine_line2.text()
    assert line1 == "AMD Radeon RX 6600 XT (gfx1032)"
    assert "Ubuntu 22.04" in line2 and "ROCm 6.2.4 installed" in line2 and "user wei" in line2
    ids = [c.finding.id for c in page.finding_cards]
    assert "needs-relogin" in ids and "rocm-residue" in ids
    residue = page.finding_cards[ids.index("rocm-residue")]
    assert residue.pill.text() == "Warning"
    assert any("/opt/rocm-5.7.1" in e.text() for e in residue.evidence)
    assert residue.fix is not None and residue.fix.text().startswith("Fix: ")
    relogin = page.finding_cards[ids.index("needs-relogin")]
    assert "Log out and in again" in relogin.fix.text()
    assert page.next_button.isEnabled() and not page.back_button.isEnabled()


def test_choices_preselect_the_recommended_release_with_its_reason(open_page):
    page = open_page()
    page.next()
    assert page.current == CHOICES
    assert page.release_combo.currentData() == "6.2.4"
    assert "recommended" in page.release_combo.currentText()
    # the core's reason (setup.choices); what the release means for the GPU is the advice's, in the box above
    assert page.release_reason.text().startswith("Recommended: ROCm 6.2.4 is installed already and AMD lists it "
                                                 "for Ubuntu 22.04.5 LTS")
    assert page.advice_headline.text() == ("Works with an override: torch 2.9.1+rocm6.4 from PyTorch's index, "
                                           "HSA_OVERRIDE_GFX_VERSION=10.3.0.")
    assert "fits your amdgpu-dkms driver from ROCm 6.2.4" in page.advice_details.text()
    assert "Judged by AMD's list for ROCm 6.2.4." in page.advice_details.text()
    assert page.scope_buttons["pytorch"].isChecked()
    assert page.scope_notes["pytorch"].text().startswith("No system ROCm (the wheels carry their own")
    assert "rocm-hip-sdk" in page.scope_notes["sdk"].text()
    assert not page.dkms_check.isChecked()  # the plan's default: amdgpu-dkms is there already
    assert "installed and loaded already" in page.dkms_why.text()

    # another release: the reason says what AMD's data says of it, and the plan follows
    page.release_combo.setCurrentIndex(page.release_combo.findData("6.4.1"))
    assert page.plan.choices.release.version == "6.4.1"
    assert page.release_reason.text().startswith("AMD lists ROCm 6.4.1 for Ubuntu 22.04")
    # a chosen release is another context: the advice for it cites its list
    assert "Judged by AMD's list for ROCm 6.4.1." in page.advice_details.text()
    page.release_combo.setCurrentIndex(page.release_combo.findData("6.2.4"))
    assert page.choices.rocm is None and page.release_reason.text().startswith("Recommended:")


def test_review_lists_steps_with_done_marks_and_exact_commands(open_page, qtbot):
    page = open_page()
    page.next()
    page.next()
    assert page.current == REVIEW
    rows = page.review_rows
    assert [r.state for r in rows] == ["done" if s.done else "todo" for s in page.plan.steps]
    assert rows[0].title.text() == "1. Add wei to the render and video groups"
    assert rows[0].pill.text() == "✓ done" and rows[-1].pill.text() == "to do"
    assert "open only for members" in rows[0].why.text()
    assert not rows[0].expanded
    qtbot.mouseClick(rows[0].toggle, Qt.MouseButton.LeftButton)
    assert rows[0].expanded
    assert rows[0].command.toPlainText() == "as_root usermod -a -G render,video wei"
    page.expand_button.click()
    assert all(r.expanded for r in rows)
    assert "3 steps" in page.review_counts.text() or "of 3 steps" in page.review_counts.text()


def test_a_wider_scope_replans_with_cleanup_steps(open_page, qtbot):
    page = open_page()
    page.next()
    page.scope_buttons["runtime"].click()
    assert page.plan.choices.scope == "runtime"
    assert page.cleanup_check.isChecked()  # cleanup is on by default outside the PyTorch scope
    page.next()
    titles = [r.title.text() for r in page.review_rows]
    assert "1. Remove /opt/rocm-5.7.1" in titles
    cleanup = page.review_rows[0]
    assert cleanup.state == "todo" and cleanup.who.text() == "as root"
    assert cleanup.command.toPlainText() == "as_root rm -rf -- /opt/rocm-5.7.1"
    assert any(r.title.text().endswith("Add the ROCm 6.2.4 repository") and r.state == "done" for r in page.review_rows)
    page.back()
    page.cleanup_check.click()
    assert not page.plan.choices.cleanup
    assert not any("Remove /opt/rocm" in s.title for s in page.plan.steps)


def test_save_and_copy_the_script(open_page, tmp_path, monkeypatch):
    page = open_page()
    page.go(REVIEW)
    target = tmp_path / "plan.sh"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    page.save_button.click()
    text = target.read_text()
    assert text.startswith("#!/usr/bin/env bash") and "set -euo pipefail" in text
    assert "usermod -a -G render,video" in text
    assert f"bash {target}" in page.script_status.text()
    page.copy_button.click()
    assert QApplication.clipboard().text() == text


# ---- page 4-5: the real helper in --dry-run ------------------------------------------------------------------------
def test_dry_run_streams_the_real_helper_to_the_result(open_page, qtbot, tmp_path):
    page = open_page()
    page.go(RUN)
    assert not page.run_button.isEnabled()  # a simulated machine is not this computer
    assert "simulated machine" in page.run_note.text()
    qtbot.mouseClick(page.dry_button, Qt.MouseButton.LeftButton)
    assert page.running() and page.cancel_button.isEnabled() and not page.back_button.isEnabled()
    finish(qtbot, page)
    o = page.outcome
    assert o.exit_code == 0 and o.saw_plan and o.done is not None and o.done.data["ok"] is True
    steps = page.run_plan.steps
    assert list(page.run_rows) == [s.id for s in steps]
    assert {r.state for r in page.run_rows.values()} == {"skipped"}  # a dry run changes nothing
    assert page.progress.value() == page.progress.maximum() == len(steps)
    log = page.log.toPlainText()
    assert "▶ Check that /dev/kfd opens in your session" in log and "dry run: would" in log
    assert page.current == RESULT
    assert page.result_title.text() == "Dry run finished; nothing was changed."
    assert page.relogin.isVisibleTo(page) and "Log out and in again" in page.relogin_text.text()
    assert page.pytorch_button.isVisibleTo(page) and not page.resume_button.isVisibleTo(page)
    # the run's log, in the runner's format
    logs = list((tmp_path / "logs").glob("*.jsonl"))
    assert len(logs) == 1 and str(logs[0]) in page.result_log.text()
    lines = [json.loads(x) for x in logs[0].read_text().splitlines()]
    assert lines[0]["log"] == "start" and lines[0]["dry_run"] is True and lines[-1]["exit"] == 0
    assert any(x.get("event") == "done" for x in lines)


def test_dry_run_of_a_runtime_plan_goes_through_every_step(open_page, qtbot):
    page = open_page()
    page.next()
    page.scope_buttons["runtime"].click()
    page.go(RUN)
    page.dry_button.click()
    finish(qtbot, page)
    assert page.outcome.exit_code == 0, page.log.toPlainText()
    assert len(page.run_rows) >= 8
    assert all(r.state == "skipped" for r in page.run_rows.values())
    assert "would" in page.run_rows["apt-update"].message.text()
    page.back()
    assert page.current == RUN  # the log stays there to read


# ---- fakes: failure and resume, pkexec's refusals, cancel ----------------------------------------------------
FAIL_BODY = """\
    emit("plan", steps=2, dry_run=False, caller="ada")
    plan = json.loads(Path(sys.argv[1]).read_text())
    first, second = plan["steps"][0], plan["steps"][1]
    emit("started", id=first["id"], index=0, title=first["title"])
    emit("ok", id=first["id"], message="done")
    emit("started", id=second["id"], index=1, title=second["title"])
    emit("output", id=second["id"], line="E: Unable to locate package rocm-hip-runtime")
    emit("failed", id=second["id"], message="apt-get failed", output=["E: Unable to locate package rocm-hip-runtime"],
         exit=100)
    emit("done", ok=False, failed=second["id"], resume_from=second["id"])
    sys.exit(1)
"""


def test_a_failed_step_shows_its_output_and_resume_reruns_the_same_plan(open_page, qtbot, tmp_path):
    fake, kw = live_fakes()
    commands: list[tuple[str, bool]] = []
    argv = fake_helper(tmp_path, FAIL_BODY)

    def factory(plan_json: str, dry_run: bool) -> list[str]:
        commands.append((plan_json, dry_run))
        return argv

    page = open_page(command_factory=factory, **kw)
    page.go(RUN)
    assert page.real_run_blocker() is None, page.real_run_blocker()
    assert page.run_button.isEnabled() and not page.no_helper.isVisibleTo(page)
    page.run_button.click()
    finish(qtbot, page)
    steps = page.run_plan.steps
    rows = page.run_rows
    assert rows[steps[0].id].state == "ok" and rows[steps[1].id].state == "failed"
    assert all(rows[s.id].state == "not-run" for s in steps[2:])
    assert page.current == RESULT
    assert page.result_title.text() == f"Step 2 of {len(steps)} failed: {steps[1].title}"
    assert "did not run" in page.result_detail.text()
    assert page.failure_box.isVisibleTo(page)
    assert page.failure_step.text() == f"Step 2: {steps[1].title}"
    assert "apt-get failed (exit status 100)" == page.failure_message.text()
    assert "Unable to locate package" in page.failure_output.toPlainText()
    assert "Resume" in page.failure_help.text()
    assert page.resume_button.isVisibleTo(page) and page.resume_button.text() == "R&esume"
    assert not page.pytorch_button.isVisibleTo(page)
    sent = (tmp_path / "helper.py.stdin").read_text()
    assert json.loads(sent) == json.loads(commands[0][0]) and commands[0][1] is False

    page.resume_button.click()
    finish(qtbot, page)
    assert len(commands) == 2 and commands[1] == commands[0]  # the very same plan, again for real
    assert (tmp_path / "helper.py.stdin").read_text() == sent


@pytest.mark.parametrize("code, message", [
    (126, "You dismissed the password prompt; nothing was changed."),
    (127, "Not authorized, or no password agent is running; nothing was changed."),
])
def test_pkexec_refusals_say_that_nothing_changed(open_page, qtbot, tmp_path, code, message):
    fake, kw = live_fakes()
    argv = fake_helper(tmp_path, f"print('Error executing command as another user', file=sys.stderr)\nsys.exit({code})\n")
    page = open_page(command_factory=lambda plan_json, dry_run: argv, **kw)
    page.go(RUN)
    page.run_button.click()
    finish(qtbot, page)
    assert page.outcome.exit_code == code and not page.outcome.saw_plan
    assert page.current == RESULT and page.result_title.text() == message
    assert page.result_kind == "nochange"
    assert page.resume_button.isVisibleTo(page) and page.resume_button.text() == "&Try again"
    assert not page.failure_box.isVisibleTo(page) and not page.relogin.isVisibleTo(page)
    assert "Error executing command" in page.log.toPlainText()


def test_cancel_kills_the_process(open_page, qtbot, tmp_path):
    argv = fake_helper(tmp_path, """\
        emit("plan", steps=3, dry_run=True, caller="ada")
        emit("started", id="verify-amdgpu", index=0, title="Check that the amdgpu driver is loaded")
        time.sleep(60)
        """)
    page = open_page(command_factory=lambda plan_json, dry_run: argv)
    page.go(RUN)
    page.dry_button.click()
    qtbot.waitUntil(lambda: page.run_rows["verify-amdgpu"].state == "running", timeout=10000)
    proc = page.run.proc
    assert proc.state() == QProcess.ProcessState.Running
    page.cancel_button.click()
    finish(qtbot, page, timeout=5000)
    assert proc.state() == QProcess.ProcessState.NotRunning
    assert page.outcome.cancelled
    assert page.result_title.text() == "Cancelled."
    assert {r.state for r in page.run_rows.values()} == {"not-run"}
    assert page.resume_button.isVisibleTo(page)


def test_a_helper_that_cannot_start_is_explained(open_page, qtbot, tmp_path):
    page = open_page(command_factory=lambda plan_json, dry_run: [str(tmp_path / "no-such-helper")])
    page.go(RUN)
    page.dry_button.click()
    finish(qtbot, page)
    assert page.result_title.text() == "The helper could not be started; nothing was changed."
    assert page.result_detail.text().startswith("Reason: ")


def test_without_a_system_helper_the_page_offers_the_script(open_page, tmp_path, monkeypatch):
    fake, kw = live_fakes()
    kw["helper_locator"] = lambda: None
    page = open_page(**kw)
    page.go(RUN)
    assert page.no_helper.isVisibleTo(page)
    assert "installed with pip" in page.no_helper_label.text() and "bash FILE" in page.no_helper_label.text()
    assert not page.run_button.isEnabled() and page.dry_button.isEnabled()
    target = tmp_path / "mine.sh"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    page.run_save_button.click()
    assert target.read_text().startswith("#!/usr/bin/env bash")


# ---- the window around it ---------------------------------------------------------------------------------------
def test_in_the_window_go_to_pytorch_and_machine_changes(qtbot, tmp_path, monkeypatch):
    from rocmdesk.ui.main_window import MainWindow

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    window = MainWindow(MachineSession(simulate=RX6600))
    qtbot.addWidget(window)
    window.show()
    page = window.page("setup")
    assert page is not None
    window.sidebar.setCurrentRow(1)
    assert window.stack.currentWidget() is page
    qtbot.waitUntil(lambda: page.plan is not None, timeout=20000)

    # keyboard: Alt+N and Alt+B walk the wizard
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=2000)
    page.next_button.setFocus()
    qtbot.keyClick(page.next_button, Qt.Key.Key_N, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: page.current == CHOICES, timeout=2000)
    qtbot.keyClick(page.back_button, Qt.Key.Key_B, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: page.current == MACHINE, timeout=2000)

    page.go(RUN)
    page.dry_button.click()
    finish(qtbot, page)
    page.pytorch_button.click()
    assert window.sidebar.currentItem().text() == "PyTorch"

    # another machine: the wizard starts again on page 1 with that machine's plan
    window.sidebar.setCurrentRow(1)
    window.session.use_simulated("rx7900xtx-ubuntu2404")
    assert page.current == MACHINE and page.outcome is None
    qtbot.waitUntil(lambda: not window.session.busy and page.plan is not None, timeout=20000)
    assert "RX 7900 XTX" in page.machine_line1.text()
    assert page.plan.choices.release.version == "7.2.4"
    window.close()


def test_a_release_without_a_repository_blocks_the_real_run(open_page):
    from rocmdesk.machine.model import OsInfo

    fake, kw = live_fakes()
    fake.real = make_report([make_gpu()], os=OsInfo(id="ubuntu", version_id="24.04", codename="noble",
                                                    pretty_name="Ubuntu 24.04.1 LTS", repo_codename="noble"))
    page = open_page(**kw)
    page.next()
    page.scope_buttons["runtime"].click()
    index = page.release_combo.findData("5.7.0")
    assert "no repository for this OS" in page.release_combo.itemText(index)
    page.release_combo.setCurrentIndex(index)
    assert page.release_reason.text().startswith("ROCm 5.7.0 has no apt repository for Ubuntu 24.04.1 LTS")
    assert page.plan.blocked
    page.next()
    assert page.blocked_note.isVisibleTo(page) and "cannot run" in page.blocked_label.text()
    page.next()
    assert not page.run_button.isEnabled() and page.dry_button.isEnabled()
    assert "blocked" in page.run_note.text()
