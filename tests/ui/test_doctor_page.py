"""The Doctor page: findings of a machine check in a worker, the paste box, the report, and an automatic fix
reviewed and run through the Setup wizard's helper door (a stand-in helper here)."""

from __future__ import annotations

import json
import sys
import textwrap
import threading
import time
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, Qt
from PySide6.QtWidgets import QApplication

from rocmdesk import i18n
from rocmdesk.doctor.model import Diagnosis, Finding, Fix, FixStep, InputResult
from rocmdesk.doctor.report import machine_summary
from rocmdesk.machine.host import Host
from rocmdesk.setup.choices import Choices, resolve
from rocmdesk.setup.plan import Plan
from rocmdesk.setup.steps import Step
from rocmdesk.ui.pages.doctor_page import SHOW_LIMIT, DoctorPage
from rocmdesk.ui.session import MachineSession
from tests.torchenv.torch_fixtures import torch_venv  # noqa: F401 (fixture)
from tests.ui.fakes import FakeMachines, make_gpu, make_report
from tests.zh import has_chinese

HELPER = "/usr/libexec/rocmdesk/rocmdesk-helper"


def group_plan(simulated: bool = False) -> Plan:
    """A Setup plan with the one step the kfd-permission fix takes: add the caller to render and video."""
    report = make_report([make_gpu()], simulated=simulated)
    step = Step("add-user-to-groups", "add-user-to-groups", "Add ada to the render and video groups",
                "the GPU's device files belong to render", True, {"user": "ada", "groups": ["render", "video"]})
    return Plan([step], [], resolve(report, Choices()), report.source, simulated)


def faulty(simulated: bool = False) -> Diagnosis:
    kfd = Finding("kfd-permission", "error", "You cannot open /dev/kfd",
                  ["/dev/kfd: crw-rw---- root:render",
                   "rocminfo: Unable to open /dev/kfd read-write: Permission denied", "groups of ada: ada video"],
                  Fix("auto", [FixStep("doctor.kfd-permission.fix.1", "Add yourself to render and video.",
                                       "sudo usermod -a -G render,video $USER"),
                               FixStep("doctor.kfd-permission.fix.2", "Log out and in again.")],
                      group_plan(simulated)),
                  "S-KFD", ["machine"], "The GPU's compute device is only for the render group.")
    override = Finding("gfx-needs-override", "warning", "This GPU needs HSA_OVERRIDE_GFX_VERSION",
                       ["gfx1032 is not in the wheel's arch list"],
                       Fix("print", [FixStep("doctor.gfx-needs-override.fix.1", "Set the override.",
                                             "export HSA_OVERRIDE_GFX_VERSION=10.3.0")]),
                       "S-OVR", ["machine", "preflight"])
    return Diagnosis([kfd, override], machine_summary(make_report([make_gpu()])), {"rocmdesk": "test"}, [], "live",
                     simulated)


def clean() -> Diagnosis:
    return Diagnosis([], machine_summary(make_report([make_gpu()])), {"rocmdesk": "test"}, [], "live", False)


def pasted_result(text: str, label: str) -> Diagnosis:
    fmt = "traceback" if "Traceback" in text or "RuntimeError" in text else None
    found = []
    if "invalid device function" in text:
        found.append(Finding("wheel-missing-arch", "error", "The PyTorch wheel has no kernels for this GPU",
                             ["RuntimeError: HIP error: invalid device function"],
                             Fix("print", [FixStep("doctor.wheel-missing-arch.fix.1", "Set the override.",
                                                   "export HSA_OVERRIDE_GFX_VERSION=10.3.0")]),
                             None, [label]))
    return Diagnosis(found, None, {}, [InputResult(label, fmt, None, ["a Python traceback"], [f.id for f in found])],
                     None, False)


class Recorder:
    """A machine diagnoser stand-in: records calls, reports progress, answers from a function."""

    def __init__(self, answer=faulty) -> None:
        self.answer = answer
        self.calls: list[Host] = []

    def __call__(self, host, progress, cancel):
        self.calls.append(host)
        progress(1, 2, "the driver and /dev/kfd")
        progress(2, 2, "the gfx target")
        return self.answer()


def live_session() -> tuple[FakeMachines, MachineSession]:
    fake = FakeMachines(make_report([make_gpu()]))
    fake.host_factory = lambda name: Host(root=Path("/nonexistent-live"), live=True, label="this computer",
                                          simulated=bool(name))
    return fake, MachineSession(detector=fake.detect, host_factory=fake.host_factory, machines=fake.machines)


@pytest.fixture
def open_page(qtbot):
    pages: list[DoctorPage] = []
    sessions: list[MachineSession] = []

    def _open(session: MachineSession | None = None, wait: bool = True, **kw) -> DoctorPage:
        if session is None:
            session = live_session()[1]
        kw.setdefault("machine_diagnoser", Recorder())
        kw.setdefault("text_diagnoser", pasted_result)
        kw.setdefault("venv_finder", lambda: [])  # the user's real venvs stay out of the tests
        page = DoctorPage(session, **kw)
        qtbot.addWidget(page)
        page.resize(1100, 800)
        page.show()
        pages.append(page)
        sessions.append(session)
        session.refresh()
        if wait:
            qtbot.waitUntil(lambda: page.machine is not None or page.machine_error is not None, timeout=20000)
        return page

    yield _open
    for page in pages:
        if page.fix_dialog is not None:
            page.fix_dialog.reject()
        page.shutdown()
    for session in sessions:
        session.shutdown()


def test_findings_show_severity_word_evidence_and_fix(open_page):
    page = open_page()
    assert [c.finding.id for c in page.cards] == ["kfd-permission", "gfx-needs-override"]
    kfd, override = page.cards
    assert kfd.pill.text() == "Error" and override.pill.text() == "Warning"  # a word, not colour alone
    assert kfd.accessibleName() == "Error: You cannot open /dev/kfd"
    assert "Permission denied" in kfd.evidence.text() and kfd.evidence.textFormat() == Qt.TextFormat.PlainText
    assert kfd.fix_button is not None and not kfd.fix_button.isHidden()
    assert override.fix_button is None  # print-only: commands to copy instead
    assert override.commands[0].text() == "export HSA_OVERRIDE_GFX_VERSION=10.3.0"
    override.commands[0].copy()
    assert QApplication.clipboard().text() == "export HSA_OVERRIDE_GFX_VERSION=10.3.0"
    assert override.origin.text() == "Found by the machine check and Setup's checks before installing"
    assert page.status.text().startswith("Checked at ") and page.status.text().endswith(": 1 error, 1 warning.")
    assert not page.progress.isVisible() and page.check_button.text() == "&Check again"


def test_progress_shows_while_the_check_runs_and_the_window_stays_responsive(open_page, qtbot):
    gate = threading.Event()

    def slow(host, progress, cancel):
        progress(1, 3, "the driver")
        gate.wait(10)
        return faulty()

    page = open_page(machine_diagnoser=slow, wait=False)
    qtbot.waitUntil(lambda: page.checking() and page.progress.maximum() == 3, timeout=5000)
    assert page.progress.isVisible() and page.progress.value() == 1
    assert "the driver" in page.status.text() and page.cancel_button.isVisible()
    ticks = []
    timer_id = page.startTimer(10)
    page.timerEvent = lambda ev: ticks.append(ev.timerId())  # the event loop runs while the worker waits
    qtbot.waitUntil(lambda: len(ticks) >= 10, timeout=3000)
    page.killTimer(timer_id)
    gate.set()
    qtbot.waitUntil(lambda: page.machine is not None, timeout=5000)
    assert not page.checking() and not page.progress.isVisible()


def test_cancel_drops_the_running_check(open_page, qtbot):
    gate = threading.Event()
    seen = []

    def slow(host, progress, cancel):
        gate.wait(10)
        seen.append(cancel.cancelled)
        return faulty()

    page = open_page(machine_diagnoser=slow, wait=False)
    qtbot.waitUntil(page.checking, timeout=5000)
    page.cancel()
    assert not page.checking() and "cancelled" in page.machine_note.text()
    gate.set()
    qtbot.waitUntil(lambda: bool(seen), timeout=5000)
    qtbot.wait(50)
    assert seen == [True] and page.machine is None  # the late result was dropped


def test_empty_state_says_nothing_was_found_and_what_was_checked(open_page):
    page = open_page(machine_diagnoser=Recorder(clean))
    assert page.cards == [] and page.empty_frame is not None
    assert page.empty_title.text() == "✓ No known problem found on this computer."
    assert page.empty_what.text().startswith("The machine check looked for these ")
    assert "paste it" in page.empty_output.text() and page.status.text().endswith(": no known problem found.")


def test_machine_change_checks_again(open_page, qtbot):
    fake, session = live_session()
    recorder = Recorder()
    page = open_page(session, machine_diagnoser=recorder)
    assert len(recorder.calls) == 1
    session.use_simulated("sim-a")
    assert page.machine is None  # the old machine's findings go at once
    qtbot.waitUntil(lambda: len(recorder.calls) == 2 and page.machine is not None, timeout=5000)
    assert recorder.calls[-1].simulated and "sim-a" in page.where_label.text()


def test_a_hidden_page_checks_when_it_is_shown(qtbot):
    fake, session = live_session()
    recorder = Recorder()
    page = DoctorPage(session, machine_diagnoser=recorder, text_diagnoser=pasted_result, venv_finder=lambda: [])
    qtbot.addWidget(page)
    session.refresh()
    qtbot.waitUntil(lambda: not session.busy, timeout=5000)
    qtbot.wait(50)
    assert recorder.calls == []  # nobody looks at it: no check yet
    page.show()
    qtbot.waitUntil(lambda: page.machine is not None, timeout=5000)
    assert len(recorder.calls) == 1
    page.shutdown()
    session.shutdown()


def test_pasted_text_is_diagnosed_and_labelled_with_its_format(open_page, qtbot):
    page = open_page()
    mime = QMimeData()
    mime.setText("Traceback (most recent call last):\nRuntimeError: HIP error: invalid device function\n")
    page.paste_edit.insertFromMimeData(mime)  # what Ctrl+V does: pasting diagnoses at once
    qtbot.waitUntil(lambda: page.pasted is not None, timeout=5000)
    ids = [c.finding.id for c in page.cards]
    assert ids == ["wheel-missing-arch", "kfd-permission", "gfx-needs-override"]  # pasted first, then the machine
    card = page.cards[0]
    assert card.origin.text() == "Found in the pasted text (Python traceback)"
    assert page.pasted_section.text() == "From the pasted text"
    assert page.pasted_heading_label.text() == "Recognized as Python traceback."
    assert "1 finding" in page.paste_status.text()
    page.clear_paste()
    assert page.pasted is None and [c.finding.id for c in page.cards] == ["kfd-permission", "gfx-needs-override"]


def test_text_in_no_known_format_says_so(open_page, qtbot):
    page = open_page()
    page.paste_edit.setPlainText("hello there")
    assert page.diagnose_button.isEnabled()
    page.diagnose_button.click()
    qtbot.waitUntil(lambda: page.pasted is not None, timeout=5000)
    assert "no format rocmdesk knows" in page.pasted_heading_label.text()
    assert "No known problem in it." in page.paste_status.text()


def test_a_50_mb_paste_is_held_aside_and_diagnosed_in_the_worker(open_page, qtbot):
    seen = {}
    gate = threading.Event()

    def slow_text(data, label):
        seen["data"] = data
        gate.wait(10)
        return pasted_result(data[-200:].decode(), label)

    page = open_page(text_diagnoser=slow_text)
    big = ("[  12.345678] amdgpu 0000:03:00.0: some line of a long kernel log\n" * 760_000
           + "RuntimeError: HIP error: invalid device function\n")
    assert len(big) > 50_000_000 > SHOW_LIMIT
    mime = QMimeData()
    mime.setText(big)
    t0 = time.monotonic()
    page.paste_edit.insertFromMimeData(mime)
    held_s = time.monotonic() - t0
    assert page.paste_edit.held is not None and page.paste_edit.toPlainText() == ""
    assert "50." in page.paste_edit.placeholderText() and page.pasting()
    ticks = []
    timer_id = page.startTimer(10)
    page.timerEvent = lambda ev: ticks.append(1)
    qtbot.waitUntil(lambda: len(ticks) >= 5, timeout=3000)  # the loop turns while the worker holds the text
    page.killTimer(timer_id)
    gate.set()
    qtbot.waitUntil(lambda: page.pasted is not None, timeout=10000)
    # the worker got the paste as the clipboard's bytes: no 50 MB string was made on the UI thread
    assert seen["data"] == big.encode() and page.cards[0].finding.id == "wheel-missing-arch"
    print(f"holding a {len(big) / 1e6:.0f} MB paste took {held_s * 1000:.0f} ms on the UI thread")
    page.clear_paste()
    assert page.paste_edit.held is None and not page.paste_edit.isReadOnly()
    assert page.paste_edit.placeholderText().startswith("e.g. RuntimeError")


def test_a_file_is_read_and_diagnosed_off_the_ui_thread(open_page, qtbot, tmp_path):
    threads = []

    def recording(data, label):
        threads.append(threading.current_thread() is threading.main_thread())
        return pasted_result(data.decode(), label)

    page = open_page(text_diagnoser=recording)
    log = tmp_path / "crash.log"
    log.write_text("RuntimeError: HIP error: invalid device function\n")
    page.diagnose_file(str(log))
    qtbot.waitUntil(lambda: page.pasted is not None, timeout=5000)
    assert threads == [False] and page.cards[0].origin.text() == "Found in crash.log (Python traceback)"


def test_save_report_is_privacy_minimal_unless_asked(open_page, tmp_path):
    import socket

    page = open_page()
    page.paste_edit.setPlainText("RuntimeError: HIP error: invalid device function")
    page.diagnose_paste()
    md = tmp_path / "report.md"
    assert page.save_button.isEnabled() and page.save_report(str(md))
    text = md.read_text()
    assert "kfd-permission" in text and "Permission denied" in text
    host = socket.gethostname()
    assert host not in text
    assert "Host and user names are left out." in page.save_status.text()
    js = tmp_path / "report.json"
    assert page.save_report(str(js))
    doc = json.loads(js.read_text())
    assert {f["id"] for f in doc["findings"]} >= {"kfd-permission", "gfx-needs-override"}


def test_save_report_merges_pasted_findings(open_page, qtbot, tmp_path):
    page = open_page()
    page.paste_edit.setPlainText("RuntimeError: HIP error: invalid device function")
    page.diagnose_paste()
    qtbot.waitUntil(lambda: page.pasted is not None, timeout=5000)
    js = tmp_path / "r.json"
    assert page.save_report(str(js))
    doc = json.loads(js.read_text())
    assert [f["id"] for f in doc["findings"]] == ["kfd-permission", "wheel-missing-arch", "gfx-needs-override"]


def test_save_report_to_an_unwritable_place_says_so(open_page, tmp_path):
    page = open_page()
    assert not page.save_report(str(tmp_path / "missing-dir" / "r.md"))
    assert "Could not save" in page.save_status.text()


def stand_in_helper(tmp_path: Path) -> list[str]:
    script = tmp_path / "helper.py"
    script.write_text(textwrap.dedent("""\
        import json, sys
        from pathlib import Path
        data = sys.stdin.read()
        Path(sys.argv[1]).write_text(data)
        plan = json.loads(data)
        def emit(event, **d):
            print(json.dumps({"event": event, **d}), flush=True)
        emit("plan", steps=len(plan["steps"]), dry_run=False, caller="ada")
        for i, s in enumerate(plan["steps"]):
            emit("started", id=s["id"], index=i, title=s["title"])
            emit("ok", id=s["id"], message="done")
        emit("done", ok=True, failed=None, resume_from=None)
        """))
    return [sys.executable, str(script), str(tmp_path / "stdin.json")]


def test_fix_button_reviews_the_plan_and_runs_it_through_the_helper(open_page, qtbot, tmp_path):
    asked = []

    def factory(plan_json, dry_run):
        asked.append(dry_run)
        return stand_in_helper(tmp_path)

    fake, session = live_session()
    page = open_page(session, command_factory=factory, helper_locator=lambda: HELPER)
    refreshes = len(fake.detected)
    page.cards[0].fix_button.click()
    dialog = page.fix_dialog
    assert dialog is not None and dialog.isVisible()
    assert list(dialog.rows) == ["add-user-to-groups"]
    row = dialog.rows["add-user-to-groups"]
    assert row.expanded and "usermod" in row.command.toPlainText() and row.state == "todo"
    assert dialog.run_button.isVisible() and dialog.run_button.isEnabled() and not dialog.blocked.isVisible()
    dialog.run_button.click()
    qtbot.waitUntil(lambda: dialog.outcome is not None, timeout=10000)
    assert asked == [False]  # a real run: pkexec + the system helper in the real factory
    sent = json.loads((tmp_path / "stdin.json").read_text())
    assert [s["kind"] for s in sent["steps"]] == ["add-user-to-groups"]
    assert sent["steps"][0]["params"] == {"user": "ada", "groups": ["render", "video"]}
    assert row.state == "ok" and "every step is done" in dialog.status.text()
    qtbot.waitUntil(lambda: len(fake.detected) > refreshes, timeout=5000)  # the machine is read again


def test_fix_without_the_system_helper_offers_the_script(open_page, tmp_path):
    page = open_page(helper_locator=lambda: None, command_factory=lambda *a: pytest.fail("must not run"))
    dialog = page.open_fix(page.cards[0].finding)
    assert not dialog.run_button.isVisible() and dialog.blocked.isVisible()
    assert "not installed system-wide" in dialog.blocked_label.text()
    assert not dialog.start()
    out = tmp_path / "fix.sh"
    assert dialog.save_script(str(out))
    script = out.read_text()
    assert script.startswith("#!/usr/bin/env bash") and "usermod" in script and "render,video" in script
    dialog.copy_script()
    assert QApplication.clipboard().text() == dialog.script()


def test_fix_on_a_simulated_machine_only_shows_the_script(open_page):
    fake, session = live_session()
    session.use_simulated("sim-a")
    page = open_page(session, machine_diagnoser=Recorder(lambda: faulty(simulated=True)),
                     helper_locator=lambda: HELPER, command_factory=lambda *a: pytest.fail("must not run"))
    dialog = page.open_fix(page.cards[0].finding)
    assert not dialog.run_button.isVisible() and "simulated machine" in dialog.blocked_label.text()
    assert dialog.save_button.isEnabled() and dialog.copy_button.isEnabled()


def test_show_finding_lands_on_the_card(open_page, qtbot):
    page = open_page()
    page.activateWindow()
    qtbot.waitUntil(page.isActiveWindow, timeout=5000)
    page.show_finding("gfx-needs-override")
    assert page.focused_finding() == "gfx-needs-override"
    card = page.cards[1]
    assert card.highlighted and not page.cards[0].highlighted
    assert QApplication.focusWidget() is card.commands[0].copy_button  # the keyboard lands on the finding


def test_show_finding_before_the_check_waits_for_it(qtbot):
    fake, session = live_session()
    page = DoctorPage(session, machine_diagnoser=Recorder(), text_diagnoser=pasted_result, venv_finder=lambda: [])
    qtbot.addWidget(page)
    page.show()
    page.show_finding("kfd-permission")  # the Sanity check's link, before the machine was even read
    session.refresh()
    qtbot.waitUntil(lambda: page.focused_finding() == "kfd-permission", timeout=5000)
    page.shutdown()
    session.shutdown()


def test_show_finding_not_seen_on_the_machine_shows_the_catalogue_entry(open_page):
    page = open_page()
    page.show_finding("wheel-missing-arch", ["RuntimeError: HIP error: invalid device function"])
    assert page.focused_finding() == "wheel-missing-arch"
    card = page.cards[0]
    assert card.finding.id == "wheel-missing-arch" and "invalid device function" in card.evidence.text()
    assert card.origin.text() == "Found by the Sanity check"
    page.show_finding("no-such-finding")
    assert "no finding no-such-finding" in page.save_status.text()


def test_every_control_is_in_the_tab_chain_in_order(open_page):
    page = open_page()
    kfd, override = page.cards
    wanted = [page.check_button, kfd.fix_button, override.commands[0].copy_button, page.paste_edit,
              page.open_button, page.save_button, page.identity_check]
    chain = []
    w = page.nextInFocusChain()
    while w is not page and len(chain) < 500:
        chain.append(w)
        w = w.nextInFocusChain()
    for widget in wanted:
        assert widget in chain and widget.focusPolicy() & Qt.FocusPolicy.TabFocus, widget
    positions = [chain.index(w) for w in wanted]
    assert positions == sorted(positions)  # top to bottom, left to right
    mnemonics = [b.text() for b in (page.check_button, page.diagnose_button, page.open_button, page.clear_button,
                                    page.save_button, page.identity_check)]
    keys = [t[t.index("&") + 1].lower() for t in mnemonics]
    assert len(set(keys)) == len(keys)


def test_a_failing_check_says_why(open_page):
    def broken(host, progress, cancel):
        raise RuntimeError("rocminfo hung")

    page = open_page(machine_diagnoser=broken)
    assert page.machine is None and "rocminfo hung" in page.machine_note.text()
    assert page.check_button.isEnabled()


# ---- the real diagnosis on real simulated machines ----------------------------------------------------------
def real_page(open_page, machine: str) -> DoctorPage:
    from rocmdesk.ui.pages.doctor_page import default_machine_diagnoser, default_text_diagnoser

    return open_page(MachineSession(simulate=machine), machine_diagnoser=default_machine_diagnoser,
                     text_diagnoser=default_text_diagnoser)


def test_a_faulty_simulated_machine_and_its_report(open_page, tmp_path):
    page = real_page(open_page, "rx6600xt-ubuntu2204")
    ids = [c.finding.id for c in page.cards]
    assert {"gfx-needs-override", "groups-pending-relogin", "rocm-residue"} <= set(ids)
    residue = page.cards[ids.index("rocm-residue")]
    assert residue.fix_button is not None  # an automatic fix: cleanup steps of a Setup plan
    dialog = page.open_fix(residue.finding)
    assert "simulated machine" in dialog.blocked_label.text() and not dialog.run_button.isVisible()
    assert any(s.kind == "remove-path" for s in dialog.plan.steps) and "/opt/rocm-5.7.1" in dialog.script()
    dialog.reject()

    md = tmp_path / "doctor.md"
    assert page.save_report(str(md))
    text = md.read_text()
    assert "rocm-residue" in text and "wei-desktop" not in text
    assert not any(w == "wei" for w in text.replace(",", " ").split())  # the user's name is scrubbed
    page.identity_check.setChecked(True)
    assert page.save_report(str(md))
    assert "wei-desktop" in md.read_text()  # asked for: the names are in
    assert "It names this computer and your user." in page.save_status.text()


def test_a_clean_simulated_machine_shows_the_empty_state(open_page):
    page = real_page(open_page, "rx7900xtx-ubuntu2404")
    assert page.cards == [] and page.empty_frame is not None and page.empty_what.text()


def test_a_real_paste_is_recognized(open_page, qtbot):
    page = real_page(open_page, "rx7900xtx-ubuntu2404")
    page.paste_edit.setPlainText("Traceback (most recent call last):\n  File \"t.py\", line 3, in <module>\n"
                                 "RuntimeError: HIP error: invalid device function\n")
    page.diagnose_paste()
    qtbot.waitUntil(lambda: page.pasted is not None, timeout=10000)
    assert page.cards and page.cards[0].finding.id == "wheel-missing-arch"
    assert page.pasted_heading_label.text() == "Recognized as Python traceback."


def test_user_not_in_render_gets_an_automatic_fix_that_the_helper_would_accept(open_page, tmp_path):
    from rocmdesk.machine import simulate
    from rocmdesk.setup.steps import validate
    from rocmdesk.ui.session import MachineChoice

    m = simulate.get_machine("rx6600xt-ubuntu2204")
    groups = tuple(g for g in m.user_groups if g not in ("render", "video"))
    faulty = replace(m, name="not-in-render", user_groups=groups, session_groups=(m.user,) + groups)
    session = MachineSession(simulate="not-in-render",
                             host_factory=lambda name: simulate.build_machine(faulty, tmp_path / "sim"),
                             machines=lambda: [MachineChoice("not-in-render", "RX 6600 XT, not in render")])
    from rocmdesk.ui.pages.doctor_page import default_machine_diagnoser

    page = open_page(session, machine_diagnoser=default_machine_diagnoser)
    card = page.cards[0]
    assert card.finding.id == "kfd-permission" and card.pill.text() == "Error" and card.fix_button is not None
    dialog = page.open_fix(card.finding)
    assert [s.kind for s in dialog.plan.steps][0] == "add-user-to-groups"
    validate(dialog.plan.to_json(), m.user)  # what Run would send passes the helper's allow-list
    assert "simulated machine" in dialog.blocked_label.text() and "usermod" in dialog.script()


def test_a_dropped_file_is_diagnosed_and_an_unreadable_one_says_why(open_page, qtbot, tmp_path, monkeypatch):
    from PySide6.QtCore import QUrl

    import rocmdesk.ui.pages.doctor_page as doctor_page

    page = open_page(text_diagnoser=lambda data, label: pasted_result(data.decode(), label))
    log = tmp_path / "dmesg.txt"
    log.write_text("RuntimeError: HIP error: invalid device function\n")
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(log))])
    assert page.paste_edit.canInsertFromMimeData(mime)
    page.paste_edit.insertFromMimeData(mime)  # what a drop does
    qtbot.waitUntil(lambda: page.pasted is not None, timeout=5000)
    assert page.pasted_section.text() == "From dmesg.txt" and page.paste_edit.toPlainText() == ""

    page.diagnose_file(str(tmp_path / "gone.txt"))
    qtbot.waitUntil(lambda: not page.pasting(), timeout=5000)
    assert page.pasted is None and "No such file" in page.paste_status.text()
    monkeypatch.setattr(doctor_page, "FILE_LIMIT", 10)
    page.diagnose_file(str(log))
    qtbot.waitUntil(lambda: not page.pasting(), timeout=5000)
    assert "too large to be tool output" in page.paste_status.text()
    assert page.machine is not None and len(page.cards) == 2  # the machine's findings stay


def test_detection_that_fails_is_said_in_the_machine_section(qtbot):
    fake = FakeMachines(make_report([make_gpu()]), error=RuntimeError("sysfs unreadable"))
    session = MachineSession(detector=fake.detect, host_factory=fake.host_factory, machines=fake.machines)
    recorder = Recorder()
    page = DoctorPage(session, machine_diagnoser=recorder, text_diagnoser=pasted_result, venv_finder=lambda: [])
    qtbot.addWidget(page)
    page.show()
    session.refresh()
    qtbot.waitUntil(lambda: session.error is not None, timeout=5000)
    assert "Detection failed: RuntimeError: sysfs unreadable" in page.machine_note.text()
    assert recorder.calls == [] and not page.check_button.isEnabled()
    page.shutdown()
    session.shutdown()


def test_the_live_check_verifies_pytorch_in_the_users_venvs(open_page, qtbot, tmp_path):
    seen = []

    def diagnoser(host, progress, cancel, venvs=()):
        seen.append(list(venvs))
        return faulty()

    page = open_page(machine_diagnoser=diagnoser, venv_finder=lambda: ["/home/ada/venvs/rocm"])
    assert seen == [["/home/ada/venvs/rocm"]]
    assert page.venvs_note.text() == "PyTorch was verified in: /home/ada/venvs/rocm"
    # a simulated machine: this computer's venvs say nothing of it
    page.session.use_simulated("sim-a")
    qtbot.waitUntil(lambda: len(seen) == 2 and page.machine is not None, timeout=5000)
    assert seen[1] == [] and page.venvs_note.isHidden()


def test_default_venvs_are_the_pytorch_default_and_the_profiles_venvs(tmp_path, monkeypatch):
    import subprocess

    from rocmdesk.torchenv.profile_store import ProfileStore
    from rocmdesk.torchenv.profiles import Profile
    from rocmdesk.ui.pages.doctor_page import default_venvs

    monkeypatch.setenv("HOME", str(tmp_path))
    venv = tmp_path / "proj dir" / ".venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    ProfileStore().create(Profile("proj", str(tmp_path / "proj dir"), str(venv), {}))
    ProfileStore().create(Profile("gone", str(tmp_path), str(tmp_path / "no-venv"), {}))
    assert default_venvs() == [str(venv)]  # ~/venvs/rocm does not exist; the missing venv is left out


def test_a_cpu_only_torch_in_a_real_venv_is_found_with_progress(open_page, qtbot, torch_venv, tmp_path):
    """End to end: the real diagnosis verifies a real venv (CPU torch, a path with spaces, quotes and $(...))
    in the worker, with a progress step for it, and finds the CPU-only wheel."""
    from rocmdesk.machine import simulate
    from rocmdesk.ui.pages.doctor_page import default_machine_diagnoser

    tree = simulate.ensure_built("rx7900xtx-ubuntu2404", tmp_path / "cache")
    fake = FakeMachines(make_report([make_gpu()]))
    live = Host(root=Path(tree), live=True, label="this computer")  # a healthy box, as if it were this one
    session = MachineSession(detector=fake.detect, host_factory=lambda name: live, machines=fake.machines)
    steps = []
    page = open_page(session, wait=False, machine_diagnoser=default_machine_diagnoser,
                     venv_finder=lambda: [str(torch_venv)])
    page._signals.progress.connect(lambda job, done, total, what: steps.append(what))
    qtbot.waitUntil(lambda: page.machine is not None or page.machine_error is not None, timeout=180000)
    assert page.machine_error is None
    assert any(str(torch_venv) in s for s in steps)  # the bar said which venv it was verifying
    card = next(c for c in page.cards if c.finding.id == "wheel-cpu-only")
    assert card.origin.text() == "Found by the PyTorch check of a venv"
    assert str(torch_venv) in page.venvs_note.text()


def test_tab_walks_the_page_top_to_bottom_and_reaches_every_button(open_page, qtbot):
    """As tests/ui/test_theme.py walks the other pages: Tab from the first button round the page reaches every
    enabled button, in reading order (never back up the page)."""
    from PySide6.QtCore import QPoint
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QAbstractButton

    page = open_page()
    page.resize(1100, 1800)  # everything in view: positions are the layout's, not a scroll's
    page.activateWindow()
    qtbot.waitUntil(page.isActiveWindow, timeout=5000)
    page.check_button.setFocus()
    qtbot.wait(100)
    seen = [page.check_button]
    for _ in range(200):
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        now = QApplication.focusWidget()
        if now is page.check_button or now in seen:
            break
        seen.append(now)
    buttons = [b for b in page.findChildren(QAbstractButton) if b.isVisible() and b.isEnabled()]
    assert [b.text() for b in buttons if b not in seen] == []
    ys = [w.mapTo(page, QPoint(0, 0)).y() for w in seen]
    assert all(b >= a - 40 for a, b in zip(ys, ys[1:])), ys


def test_closing_stops_a_running_fix_and_a_failed_step_is_said(open_page, qtbot, tmp_path):
    slow = tmp_path / "slow.py"
    slow.write_text("import sys, time\nsys.stdin.read()\ntime.sleep(30)\n")
    page = open_page(command_factory=lambda plan_json, dry: [sys.executable, str(slow)],
                     helper_locator=lambda: HELPER)
    dialog = page.open_fix(page.cards[0].finding)
    assert dialog.start() and dialog.running() and dialog.close_button.text() == "Stop"
    t0 = time.monotonic()
    page.shutdown()
    assert not dialog.running() and dialog.outcome is not None and dialog.outcome.cancelled
    assert time.monotonic() - t0 < 10

    failing = tmp_path / "fail.py"
    failing.write_text(textwrap.dedent("""\
        import json, sys
        plan = json.loads(sys.stdin.read())
        s = plan["steps"][0]
        print(json.dumps({"event": "plan", "steps": 1, "dry_run": False, "caller": "ada"}), flush=True)
        print(json.dumps({"event": "started", "id": s["id"], "index": 0, "title": s["title"]}), flush=True)
        print(json.dumps({"event": "failed", "id": s["id"], "message": "usermod exited with status 6",
                          "output": ["usermod: group 'render' does not exist"], "exit": 6}), flush=True)
        sys.exit(1)
        """))
    dialog.reject()
    page.command_factory = lambda plan_json, dry: [sys.executable, str(failing)]
    dialog = page.open_fix(page.cards[0].finding)
    assert dialog.start()
    qtbot.waitUntil(lambda: dialog.outcome is not None, timeout=10000)
    assert dialog.rows["add-user-to-groups"].state == "failed"
    assert "A step failed: usermod exited with status 6" in dialog.status.text()


# ---- the report in Chinese: Markdown in the app's language, JSON in English ---------------------------------
@pytest.fixture
def zh_app(qapp):
    """The app speaks Chinese: rocmdesk's and Qt's translators, and the core's translate()."""
    from rocmdesk.ui.app import install_translators

    assert install_translators(qapp, "zh_CN")
    yield
    install_translators(qapp, "en")
    i18n.set_language(None)


def test_a_chinese_page_saves_json_in_english_and_markdown_in_chinese(zh_app, open_page, qtbot, tmp_path):
    page = real_page(open_page, "rx6600xt-ubuntu2204")
    assert has_chinese(page.title.text())
    page.paste_edit.setPlainText("Traceback (most recent call last):\n  File \"/数据/t.py\", line 3, in <module>\n"
                                 "RuntimeError: HIP error: invalid device function (模型.pt)\n")
    page.diagnose_paste()
    qtbot.waitUntil(lambda: page.pasted is not None, timeout=10000)
    on_screen = {c.finding.id for c in page.cards}
    assert {"wheel-missing-arch", "gfx-needs-override", "rocm-residue"} <= on_screen
    residue = next(c.finding for c in page.cards if c.finding.id == "rocm-residue")
    assert any("而不是已安装的" in e for e in residue.evidence)  # the machine's sentences: Chinese on screen

    js = tmp_path / "doctor.json"
    with qtbot.waitSignal(page.reportSaved, timeout=20000) as saved:
        assert page.save_report(str(js))
    assert saved.args == [str(js), True] and not page.saving() and page.save_button.isEnabled()
    raw = js.read_text(encoding="utf-8")
    doc = json.loads(raw)
    assert {f["id"] for f in doc["findings"]} == on_screen  # the same findings
    # every sentence English; what was quoted from the paste stays as it was written
    assert "RuntimeError: HIP error: invalid device function (模型.pt)" in [
        e for f in doc["findings"] for e in f["evidence"]]
    verbatim = raw.replace("模型", "").replace("数据", "")
    assert not has_chinese(verbatim), [line for line in verbatim.splitlines() if has_chinese(line)]
    residue_js = next(f for f in doc["findings"] if f["id"] == "rocm-residue")
    assert "/opt/rocm-5.7.1 holds ROCm 5.7.1, not the installed 6.2.4" in residue_js["evidence"]
    assert doc["inputs"][0]["format"] == "traceback"

    md = tmp_path / "doctor.md"
    assert page.save_report(str(md))  # Markdown: at once, in the app's language
    text = md.read_text(encoding="utf-8")
    assert text.startswith("# rocmdesk 诊断报告") and "而不是已安装的" in text and "`rocm-residue`" in text
    # the page and the app still speak Chinese
    assert i18n.current_language() == "zh_CN" and has_chinese(page.save_status.text())
    assert any("而不是已安装的" in e for f in page.machine.findings for e in f.evidence)


def test_the_english_json_of_a_50_mb_paste_is_built_in_the_worker_from_the_same_text(zh_app, open_page, qtbot,
                                                                                        tmp_path):
    calls = []
    gate = threading.Event()

    def slow_text(data, label):
        calls.append((i18n.current_language(), threading.current_thread() is threading.main_thread(), data))
        if len(calls) > 1:
            gate.wait(10)
        return pasted_result(data[-200:].decode(), label)

    page = open_page(text_diagnoser=slow_text)
    big = ("[  12.345678] amdgpu 0000:03:00.0: some line of a long kernel log\n" * 760_000
           + "RuntimeError: HIP error: invalid device function\n")
    mime = QMimeData()
    mime.setText(big)
    page.paste_edit.insertFromMimeData(mime)
    qtbot.waitUntil(lambda: page.pasted is not None, timeout=10000)
    js = tmp_path / "big.json"
    t0 = time.monotonic()
    assert page.save_report(str(js))
    started_s = time.monotonic() - t0
    assert page.saving() and not page.save_button.isEnabled() and page.progress.isVisible()
    assert not page.save_report(str(tmp_path / "again.json"))  # one save at a time
    ticks = []
    timer_id = page.startTimer(10)
    page.timerEvent = lambda ev: ticks.append(1)
    qtbot.waitUntil(lambda: len(ticks) >= 5, timeout=3000)  # the window turns while the worker rebuilds
    page.killTimer(timer_id)
    assert not js.exists()
    with qtbot.waitSignal(page.reportSaved, timeout=10000):
        gate.set()
    assert [(lang, main) for lang, main, _ in calls] == [("zh_CN", False), ("en", False)]
    assert calls[1][2] == calls[0][2] == big.encode()  # the same text, diagnosed again in English
    doc = json.loads(js.read_text())
    assert [f["id"] for f in doc["findings"]] == ["kfd-permission", "wheel-missing-arch", "gfx-needs-override"]
    assert i18n.current_language() == "zh_CN" and page.save_button.isEnabled()
    print(f"starting the English rebuild of a {len(big) / 1e6:.0f} MB paste took {started_s * 1000:.0f} ms "
          "on the UI thread")


def test_the_english_json_of_a_file_reads_the_same_file_again(zh_app, open_page, qtbot, tmp_path):
    seen = []

    def text(data, label):
        seen.append((i18n.current_language(), data))
        return pasted_result(data.decode(), label)

    page = open_page(text_diagnoser=text)
    log = tmp_path / "crash.log"
    log.write_text("RuntimeError: HIP error: invalid device function\n")
    page.diagnose_file(str(log))
    qtbot.waitUntil(lambda: page.pasted is not None, timeout=5000)
    js = tmp_path / "r.json"
    with qtbot.waitSignal(page.reportSaved, timeout=5000) as saved:
        page.save_report(str(js))
    assert saved.args == [str(js), True] and seen[1] == ("en", seen[0][1])
    assert "wheel-missing-arch" in js.read_text()
    log.write_text("something else entirely, and longer\n")  # not what is on screen any more
    js.unlink()
    with qtbot.waitSignal(page.reportSaved, timeout=5000) as saved:
        page.save_report(str(js))
    assert saved.args == [str(js), False] and not js.exists()
    assert "crash.log" in page.save_status.text() and str(js) in page.save_status.text()
    assert page.save_report(str(tmp_path / "r.md"))  # the Markdown is what the screen shows
