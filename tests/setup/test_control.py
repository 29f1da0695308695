"""GPU control on the user side (issue 21): reading a GPU's controls, the plans (pure), their text, the value to go
back to, and ``rocmdesk control`` on simulated machines (a dry run checked by the helper's rules on the tree)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from rocmdesk.cli import control as cli_control
from rocmdesk.machine.detect import detect
from rocmdesk.machine.simulate import open_simulated
from rocmdesk.setup import control
from rocmdesk.setup.control import ControlError, GpuControls, perf_level_plan, power_cap_plan
from rocmdesk.setup.helper_allow import Rules
from rocmdesk.setup.helper_control import unit_text
from rocmdesk.setup.steps import validate

W = 1_000_000
CAP = "/sys/class/drm/card1/device/hwmon/hwmon3/power1_cap"
LEVEL = "/sys/class/drm/card1/device/power_dpm_force_performance_level"
SLOT = "0000:03:00.0"


def gpu(**kw) -> GpuControls:
    base = dict(gpu=0, name="AMD Radeon RX 7900 XTX", card="card1", slot=SLOT, cap_path=CAP, cap=327 * W,
                cap_min=294 * W, cap_max=360 * W, cap_default=327 * W, level_path=LEVEL, level="auto")
    return GpuControls(**(base | kw))


def kinds(plan) -> list[tuple[str, bool]]:
    return [(s.kind, s.done) for s in plan.steps]


# -- plans -------------------------------------------------------------------------------------------------------
def test_a_power_cap_plan_is_one_root_step_the_helper_accepts():
    p = power_cap_plan(gpu(), 300)
    assert kinds(p) == [("set-power-cap", False)]
    assert p.steps[0].params == {"path": CAP, "microwatts": 300 * W} and p.steps[0].root
    assert (p.current, p.new, p.previous, p.persisted_after) == (327 * W, 300 * W, 327 * W, False)
    assert [s.to_json() for s in validate(p.to_json(), "wei")] == p.to_json()["steps"]


def test_the_same_value_is_done_already():
    assert kinds(power_cap_plan(gpu(), 327)) == [("set-power-cap", True)]
    assert power_cap_plan(gpu(), 327).todo == []


@pytest.mark.parametrize("watts", [293, 361, 0, -5])
def test_out_of_range_is_refused_before_any_plan(watts):
    with pytest.raises(ControlError, match="outside the power cap range of GPU 0: 294 W to 360 W"):
        power_cap_plan(gpu(), watts)


def test_a_range_from_zero_still_needs_a_watt():
    with pytest.raises(ControlError, match="outside the power cap range"):
        power_cap_plan(gpu(cap_min=0), 0)
    assert power_cap_plan(gpu(cap_min=0), 1).new == W


def test_no_power_cap_no_plan():
    with pytest.raises(ControlError, match="no power cap"):
        power_cap_plan(gpu(cap_path=None, cap=None), 300)
    with pytest.raises(ControlError, match="no performance level file"):
        perf_level_plan(gpu(level_path=None, level=None), "high")


def test_persist_adds_the_unit_and_knows_when_it_is_there():
    p = power_cap_plan(gpu(), 300, persist=True)
    assert kinds(p) == [("set-power-cap", False), ("write-control-unit", False)] and p.persisted_after
    assert p.steps[1].params == {"setting": "power-cap", "slot": SLOT, "value": 300 * W}
    there = gpu(cap=300 * W, units={"power-cap": unit_text("power-cap", SLOT, 300 * W)})
    assert kinds(power_cap_plan(there, 300, persist=True)) == [("set-power-cap", True), ("write-control-unit", True)]
    other = gpu(units={"power-cap": unit_text("power-cap", SLOT, 310 * W)})
    p = power_cap_plan(other, 300)  # an older unit still sets 310 W at boot: said, not silently kept
    assert kinds(p) == [("set-power-cap", False)] and p.persisted_after


def test_restore_goes_back_to_the_remembered_value_or_the_default_and_drops_the_unit():
    c = gpu(cap=300 * W, units={"power-cap": unit_text("power-cap", SLOT, 300 * W)})
    p = power_cap_plan(c, action="restore", previous=340 * W)
    assert kinds(p) == [("set-power-cap", False), ("remove-control-unit", False)]
    assert p.new == 340 * W and not p.persisted_after
    assert power_cap_plan(gpu(cap=300 * W), action="restore").new == 327 * W  # power1_cap_default
    with pytest.raises(ControlError, match="no earlier power cap"):
        power_cap_plan(gpu(cap_default=None), action="restore")


def test_unpersist_only_removes_the_unit():
    p = power_cap_plan(gpu(units={"power-cap": "x"}), action="unpersist")
    assert kinds(p) == [("remove-control-unit", False)] and p.new is None
    assert kinds(power_cap_plan(gpu(), action="unpersist")) == [("remove-control-unit", True)]


def test_perf_level_plans():
    p = perf_level_plan(gpu(), "high", persist=True)
    assert kinds(p) == [("set-perf-level", False), ("write-control-unit", False)]
    assert p.steps[0].params == {"path": LEVEL, "level": "high"}
    assert perf_level_plan(gpu(level="high"), action="restore").new == "auto"
    assert perf_level_plan(gpu(level="high"), action="restore", previous="low").new == "low"
    for bad in ("manual", "profile_peak", None):
        with pytest.raises(ControlError, match="auto, high, low"):
            perf_level_plan(gpu(), bad)
    validate(p.to_json(), "wei")


def test_the_text_shows_now_after_the_way_back_and_every_command():
    text = control.render_control(power_cap_plan(gpu(), 300, persist=True))
    assert "now:      327 W  (allowed 294 W to 360 W; the kernel's default 327 W)" in text
    assert "after:    300 W" in text and "go back:  327 W" in text
    assert f"$ echo 300000000 | as_root tee {CAP} >/dev/null" in text
    assert "writes /etc/systemd/system/rocmdesk-power-cap-0000-03-00.0.service:" in text
    assert "| ExecStart=/bin/sh -c 'echo 300000000 | tee /sys/bus/pci/devices/0000:03:00.0/hwmon/hwmon*/power1_cap" \
           in text
    assert "$ as_root systemctl enable rocmdesk-power-cap-0000-03-00.0.service" in text


def test_the_value_before_rocmdesk_is_kept_once_and_forgotten_on_restore(tmp_path):
    state = tmp_path / "gpu-control.json"
    control.remember(power_cap_plan(gpu(), 300), state)
    control.remember(power_cap_plan(gpu(cap=300 * W), 310), state)  # the second change keeps the first value
    assert control.remembered(SLOT, "power-cap", state) == 327 * W
    control.remember(perf_level_plan(gpu(), "high"), state)
    assert control.remembered(SLOT, "perf-level", state) == "auto"
    control.remember(power_cap_plan(gpu(cap=310 * W), action="restore", previous=327 * W), state)
    assert control.remembered(SLOT, "power-cap", state) is None
    assert control.remembered(SLOT, "perf-level", state) == "auto"
    state.write_text(json.dumps({"version": 1, "gpus": {SLOT: {"power-cap": "rm -rf /", "perf-level": "manual"}}}))
    assert control.remembered(SLOT, "power-cap", state) is None  # a tampered file names nothing
    assert control.remembered(SLOT, "perf-level", state) is None
    state.write_text("[" * 100000)
    assert control.remembered(SLOT, "power-cap", state) is None


# -- simulated machines ---------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def host(tmp_path_factory):
    return open_simulated("rx7900xtx-ubuntu2404", cache_dir=tmp_path_factory.mktemp("sim"))


def test_read_controls_of_a_simulated_card(host, tmp_path):
    c = control.read_controls(host, detect(host), 0)
    assert (c.card, c.slot, c.cap_path, c.level_path) == ("card1", SLOT, CAP, LEVEL)
    assert (c.cap, c.cap_min, c.cap_max, c.cap_default, c.level, c.units) == (
        327 * W, 294 * W, 360 * W, 327 * W, "auto", {})
    with pytest.raises(ControlError, match="there is no GPU 3"):
        control.read_controls(host, detect(host), 3)


def test_an_apu_has_no_power_cap(tmp_path):
    apu = open_simulated("radeon780m-native", cache_dir=tmp_path)
    with pytest.raises(ControlError, match="no power cap"):
        control.plan_for(apu, detect(apu), 0, "power-cap", 20, state=tmp_path / "s.json")


def test_a_simulated_dry_run_is_checked_on_the_tree(host, tmp_path):
    p = control.plan_for(host, detect(host), 0, "power-cap", 300, persist=True, state=tmp_path / "s.json")
    validate(p.to_json(), "wei", Rules(machine=Path(host.root)))
    seen = []
    r = control.run(p, host, on_event=seen.append)
    assert r.outcome == "ok" and [e.event for e in seen] == ["plan", "started", "skipped", "started", "skipped",
                                                             "done"]
    assert not (tmp_path / "s.json").exists()


def parse(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="rocmdesk")
    cli_control.add_parser(p.add_subparsers(dest="command"))
    return p.parse_args(argv)


def test_cli_dry_run_on_a_simulated_machine(host, capsys):
    assert cli_control.run(parse(["control", "power-cap", "--gpu", "0", "--watts", "300", "--dry-run"]), host) == 0
    out = capsys.readouterr().out
    assert "Set the power cap of GPU 0 to 300 W" in out and "The kernel resets this at every reboot" in out
    assert "To go back to 327 W: rocmdesk control power-cap --gpu 0 --restore" in out
    assert "Dry run finished: the helper accepts this plan." in out


@pytest.mark.parametrize("argv,words", [
    (["control", "power-cap", "--gpu", "0", "--watts", "400", "--dry-run"], "outside the power cap range"),
    (["control", "power-cap", "--gpu", "5", "--watts", "300", "--dry-run"], "there is no GPU 5"),
    (["control", "power-cap", "--gpu", "0", "--watts", "300"], "is not this computer"),
    (["control", "perf-level", "--gpu", "0", "--restore", "--persist", "--dry-run"], "--persist goes with"),
])
def test_cli_usage_errors(host, capsys, argv, words):
    assert cli_control.run(parse(argv), host) == 2
    assert words in capsys.readouterr().err


def test_cli_options():
    with pytest.raises(SystemExit):
        parse(["control", "power-cap", "--gpu", "0"])  # a value, --restore or --unpersist
    with pytest.raises(SystemExit):
        parse(["control", "power-cap", "--gpu", "0", "--watts", "300", "--restore"])
    with pytest.raises(SystemExit):
        parse(["control", "perf-level", "--gpu", "0", "--level", "manual"])
    a = parse(["control", "perf-level", "--gpu", "1", "--level", "low", "--persist"])
    assert (a.gpu, a.level, a.persist, a.restore, a.unpersist) == (1, "low", True, False, False)


def test_cli_show(host, capsys):
    assert cli_control.run(parse(["control", "show", "--json"]), host) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["gpus"][0] | {"name": None} == {
        "gpu": 0, "name": None, "card": "card1", "slot": SLOT, "power_cap_uw": 327 * W,
        "power_cap_min_uw": 294 * W, "power_cap_max_uw": 360 * W, "power_cap_default_uw": 327 * W,
        "perf_level": "auto", "persisted": []}
    assert cli_control.run(parse(["control", "show"]), host) == 0
    assert "power cap:         327 W  (allowed 294 W to 360 W" in capsys.readouterr().out


def test_the_script_lines_of_every_control_kind_are_bash(tmp_path):
    import subprocess

    from rocmdesk.setup.render import step_commands
    from tests.conftest import need_program

    bash = need_program("bash", "bash")
    c = gpu(units={"power-cap": "x"})
    plans = [power_cap_plan(c, 300, persist=True), perf_level_plan(c, "low", persist=True),
             power_cap_plan(c, action="unpersist")]
    lines = [ln for p in plans for s in p.steps for ln in step_commands(s)]
    assert "echo 300000000 | as_root tee /sys/class/drm/card1/device/hwmon/hwmon3/power1_cap >/dev/null" in lines
    assert "echo low | as_root tee /sys/class/drm/card1/device/power_dpm_force_performance_level >/dev/null" in lines
    assert ("as_root rm -f -- /etc/systemd/system/multi-user.target.wants/rocmdesk-power-cap-0000-03-00.0.service "
            "/etc/systemd/system/rocmdesk-power-cap-0000-03-00.0.service") in lines
    script = tmp_path / "s.sh"
    script.write_text("\n".join(lines) + "\n")
    p = subprocess.run([bash, "-n", str(script)], capture_output=True, text=True, timeout=30)
    assert p.returncode == 0, p.stderr
    # the unit goes through printf '%s\n' exactly as the helper writes it
    unit_lines = next(ln for ln in lines if ln.startswith("printf") and "power-cap" in ln)
    out = subprocess.run([bash, "-c", unit_lines.split(" | as_root")[0]], capture_output=True, text=True, timeout=30)
    assert out.stdout == unit_text("power-cap", SLOT, 300 * W)


def test_without_a_system_helper_the_commands_are_the_way(monkeypatch, tmp_path):
    from rocmdesk.machine.host import Host
    from rocmdesk.setup import runner

    monkeypatch.setattr(runner, "helper_path", lambda: None)
    r = control.run(power_cap_plan(gpu(), 300), Host.local(), state=tmp_path / "s.json", logs=None)
    assert r.outcome == "no-helper" and "run them in a shell with sudo in place of as_root" in r.message
    assert r.changed_nothing and not (tmp_path / "s.json").exists()
