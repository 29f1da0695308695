"""The Monitor page's power control (issue 21): its presenter, and the widget on a simulated machine (the plan shown
before it runs, a run off the UI thread, Cancel changing nothing, a dry run checked by the helper's rules)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from rocmdesk.machine.detect import detect
from rocmdesk.machine.simulate import open_simulated
from rocmdesk.setup import control
from rocmdesk.ui.monitor.power_control import PowerControl
from rocmdesk.ui.presenters.power_control import power_control_view


@pytest.fixture(scope="module")
def machine(tmp_path_factory):
    host = open_simulated("rx7900xtx-ubuntu2404", cache_dir=tmp_path_factory.mktemp("sim"))
    return host, detect(host)


def test_the_view_of_a_card(machine):
    host, report = machine
    c = control.read_controls(host, report, 0)
    v = power_control_view(c)
    assert v.available and (v.cap_w, v.min_w, v.max_w, v.default_w, v.level) == (327, 294, 360, 327, "auto")
    assert v.back_cap == "327 W" and v.back_level == "auto" and "resets these at every reboot" in v.reboot
    v = power_control_view(c, previous_cap=340 * control.MICRO, previous_level="low")
    assert (v.back_cap, v.back_level) == ("340 W", "low")
    c.units["power-cap"] = "unit"
    assert "systemd unit sets this again" in power_control_view(c).reboot
    assert not power_control_view(None, problem="there is no GPU 3").available
    c = control.GpuControls(0, "780M", "card0", "0000:c4:00.0")
    assert not power_control_view(c).available


def test_the_widget_shows_the_plan_and_runs_it_only_when_asked(qtbot, machine, tmp_path):
    host, report = machine
    shown: list[str] = []
    answers = [False, True]
    ran: list = []

    def confirm(parent, text):
        shown.append(text)
        return answers.pop(0)

    def run_plan(plan, host, on_event=None, state=None):
        ran.append(plan)
        return SimpleNamespace(ok=True, message="every step is done")

    w = PowerControl(confirm=confirm, run_plan=run_plan, state=tmp_path / "s.json")
    qtbot.addWidget(w)
    w.set_target(host, report, 0)
    assert (w.cap.minimum(), w.cap.maximum(), w.cap.value()) == (294, 360, 327)
    assert w.level.currentText() == "auto" and w.restore_cap.text() == "Restore 327 W"
    w.cap.setValue(300)
    w.set_cap.click()
    assert "Set the power cap of GPU 0 to 300 W" in shown[0] and "power1_cap >/dev/null" in shown[0]
    assert ran == [] and w.status.text() == "Not run: nothing was changed."
    w.keep.setChecked(True)
    with qtbot.waitSignal(w.finished, timeout=10_000):
        w.set_cap.click()
    assert [s.kind for s in ran[0].steps] == ["set-power-cap", "write-control-unit"] and w.status.text() == "Done."
    w.keep.setChecked(False)
    w.set_level.click()  # auto already: nothing to run, nothing asked
    assert len(shown) == 2 and "like that already" in w.status.text()


def test_the_widget_dry_runs_a_simulated_machine_through_the_helpers_rules(qtbot, machine, tmp_path):
    host, report = machine
    w = PowerControl(confirm=lambda parent, text: True, state=tmp_path / "s.json")
    qtbot.addWidget(w)
    w.set_target(host, report, 0)
    w.level.setCurrentText("high")
    with qtbot.waitSignal(w.finished, timeout=20_000) as got:
        w.set_level.click()
    assert got.args[0].ok and [e.event for e in got.args[0].events][-1] == "done"
    assert not Path(tmp_path / "s.json").exists()  # a dry run remembers nothing


def test_no_gpu_no_control(qtbot, machine):
    host, report = machine
    w = PowerControl()
    qtbot.addWidget(w)
    w.set_target(host, report, 7)
    assert not w.set_cap.isEnabled() and "there is no GPU 7" in w.title.text()
