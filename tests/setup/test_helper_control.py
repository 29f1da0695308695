"""The GPU control steps on the root side (issue 21): their form, the machine checks against a fake hwmon tree
(allowed, refused, out of range, not AMD, link tricks), the executors, and the boot unit."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from rocmdesk.setup import events, helper, helper_control
from rocmdesk.setup.helper_allow import Rules
from rocmdesk.setup.helper_execute import Executor
from rocmdesk.setup.steps import PlanError, Step, file_content, validate
from tests.conftest import need_program
from tests.setup import control_tree as t

CALLER = "wei"


@pytest.fixture
def sysroot(tmp_path: Path) -> Path:
    return t.build(tmp_path / "root")


def cap(path: str = t.CAP, watts: int = 150, **extra) -> dict:
    return {"id": "power-cap-card1", "kind": "set-power-cap", "title": "cap", "why": "", "root": True,
            "params": {"path": path, "microwatts": watts * t.W, **extra}}


def level(value: str = "high", path: str = t.LEVEL) -> dict:
    return {"id": "perf-level-card1", "kind": "set-perf-level", "title": "level", "why": "", "root": True,
            "params": {"path": path, "level": value}}


def unit(setting: str = "power-cap", value=150 * t.W, slot: str = t.SLOT) -> dict:
    return {"id": "persist", "kind": "write-control-unit", "title": "unit", "why": "", "root": True,
            "params": {"setting": setting, "slot": slot, "value": value}}


def unpersist(setting: str = "power-cap", slot: str = t.SLOT) -> dict:
    return {"id": "unpersist", "kind": "remove-control-unit", "title": "no unit", "why": "", "root": True,
            "params": {"setting": setting, "slot": slot}}


def check(root: Path, *steps: dict) -> list[Step]:
    return validate({"steps": list(steps)}, CALLER, Rules(machine=root))


def refused(root: Path | None, step: dict, words: str) -> None:
    with pytest.raises(PlanError) as info:
        validate({"steps": [step]}, CALLER, Rules(machine=root) if root else None)
    assert words in str(info.value), str(info.value)


# -- form ------------------------------------------------------------------------------------------------------------
def test_the_allowed_steps_pass(sysroot):
    steps = check(sysroot, cap(), level("low"), level("auto") | {"id": "auto"}, unit(), unpersist())
    assert [s.kind for s in steps] == ["set-power-cap", "set-perf-level", "set-perf-level", "write-control-unit",
                                       "remove-control-unit"]
    assert all(s.root for s in steps)


@pytest.mark.parametrize("step,words", [
    (cap("/sys/class/drm/card1/device/hwmon/hwmon3/power1_cap_max"), "is not a power1_cap file"),
    (cap("/sys/class/drm/card1/device/hwmon/hwmon3/../hwmon3/power1_cap"), "is not a power1_cap file"),
    (cap("/sys/class/drm/card1/device/hwmon/hwmon3/fan1_target"), "is not a power1_cap file"),
    (cap("/sys/class/drm/card1/device/hwmon/hwmon3/in0_input"), "is not a power1_cap file"),
    (cap("/etc/shadow"), "is not a power1_cap file"),
    (cap(watts=0), "outside 1..2000 W"),
    (cap(watts=5000), "outside 1..2000 W"),
    ({**cap(), "params": {"path": t.CAP, "microwatts": 150_500_000}}, "not a whole number of watts"),
    ({**cap(), "params": {"path": t.CAP, "microwatts": "150000000"}}, "must be a whole number"),
    ({**cap(), "params": {"path": t.CAP, "microwatts": True}}, "must be a whole number"),
    (cap(extra="x"), "unknown parameter"),
    (level("manual"), "is not one of auto, high, low"),
    (level("profile_peak"), "is not one of auto, high, low"),
    (level("high\nauto"), "is not one of auto, high, low"),
    (level(path="/sys/class/drm/card1/device/pp_od_clk_voltage"), "is not a performance level file"),
    (level(path="/sys/class/drm/card1/device/pp_dpm_sclk"), "is not a performance level file"),
    (unit(setting="fan-speed"), "is not one of power-cap, perf-level"),
    (unit(slot="0000:03:00.0/../../x"), "is not a PCI address"),
    (unit(slot="0000:03:00.0\nExecStart=/bin/sh"), "is not a PCI address"),
    (unit(value="150"), "must be a whole number"),
    (unit(setting="perf-level", value="high'; rm -rf /"), "is not one of auto, high, low"),
    ({**unit(), "root": False}, "root must be true"),
])
def test_the_form_refuses(step, words):
    refused(None, step, words)


# -- the machine -----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("step,words", [
    (cap(watts=99), "outside this GPU's range 100..250 W"),
    (cap(watts=251), "outside this GPU's range 100..250 W"),
    (unit(value=300 * t.W), "outside this GPU's range 100..250 W"),
    (cap(t.INTEL_CAP), "not AMD (0x1002)"),
    (level(path=t.INTEL_LEVEL), "not AMD (0x1002)"),
    (unit(slot="0000:00:02.0"), "not AMD (0x1002)"),
    (unit(slot="0000:09:00.0"), "does not lead to a device under /sys/devices"),
    (cap("/sys/class/drm/card1/device/hwmon/hwmon4/power1_cap"), "not the device's own hwmon folder"),
    (cap("/sys/class/drm/card7/device/hwmon/hwmon3/power1_cap"), "does not lead to a device"),
])
def test_the_machine_refuses(sysroot, step, words):
    refused(sysroot, step, words)


def test_the_same_steps_pass_the_form_alone(sysroot):
    """The plan builder checks without a machine: only the helper's look at the machine refuses these."""
    validate({"steps": [cap(watts=251), cap(t.INTEL_CAP) | {"id": "b"}]}, CALLER)


def test_a_link_in_place_of_the_file_is_refused(sysroot, tmp_path):
    target = tmp_path / "victim"
    target.write_text("precious\n")
    f = t.real(sysroot, t.CAP)
    f.unlink()
    f.symlink_to(target)
    refused(sysroot, cap(), "is not a plain file")
    assert target.read_text() == "precious\n"


def test_a_hwmon_folder_borrowed_from_another_device_is_refused(sysroot):
    own = sysroot / t.AMD.lstrip("/") / "hwmon/hwmon3"
    shutil.rmtree(own)
    own.symlink_to(os.path.relpath(sysroot / t.INTEL.lstrip("/") / "hwmon/hwmon1", own.parent))
    refused(sysroot, cap(), "not the device's own hwmon folder")


def test_a_device_link_that_leaves_sys_devices_is_refused(sysroot, tmp_path):
    fake = tmp_path / "home/wei/gpu"
    t.write(fake, "/vendor", "0x1002\n")
    t.write(fake, "/hwmon/hwmon3/name", "amdgpu\n")
    t.write(fake, "/hwmon/hwmon3/power1_cap", "1\n")
    t.write(fake, "/hwmon/hwmon3/power1_cap_min", "0\n")
    t.write(fake, "/hwmon/hwmon3/power1_cap_max", "9999000000\n")
    dev = sysroot / t.AMD.lstrip("/") / "drm/card1/device"
    dev.unlink()
    dev.symlink_to(fake)  # absolute, out of the tree
    refused(sysroot, cap(), "does not lead to a device under /sys/devices")


def test_an_amd_device_on_another_driver_is_refused(sysroot):
    t.link(sysroot, f"{t.AMD}/driver", "/sys/bus/pci/drivers/i915")
    refused(sysroot, cap(), "not driven by amdgpu")


def test_a_hwmon_folder_that_is_not_amdgpus_is_refused(sysroot):
    t.write(sysroot, f"{t.AMD}/hwmon/hwmon3/name", "nct6775\n")
    refused(sysroot, cap(), "not amdgpu's sensor folder")


def test_a_fifo_in_place_of_the_level_file_is_refused(sysroot):
    f = t.real(sysroot, t.LEVEL)
    f.unlink()
    os.mkfifo(f)
    refused(sysroot, level(), "is not a plain file")


def test_no_range_no_cap(sysroot):
    (sysroot / t.AMD.lstrip("/") / "hwmon/hwmon3/power1_cap_max").unlink()
    refused(sysroot, cap(), "gives no power cap range")


# -- the executors ---------------------------------------------------------------------------------------------------
def run(root: Path, *steps: dict) -> tuple[int, list[events.Event]]:
    out = io.StringIO()
    valid = validate({"steps": list(steps)}, CALLER, Rules(machine=root))
    code = helper.run_plan(valid, CALLER, Executor(CALLER, root=root), helper.Stream(out))
    return code, [e for e in map(events.parse_line, out.getvalue().splitlines()) if e is not None]


def test_set_power_cap_and_level_write_the_file_say_the_old_value_then_skip(sysroot):
    code, evs = run(sysroot, cap(), level())
    assert code == events.EXIT_OK
    assert t.read(sysroot, t.CAP) == str(150 * t.W) and t.read(sysroot, t.LEVEL) == "high"
    oks = [e.data["message"] for e in evs if e.event == "ok"]
    assert oks == [f"{t.CAP}: was {200 * t.W}, now {150 * t.W}", f"{t.LEVEL}: was auto, now high"]
    code, evs = run(sysroot, cap(), level())
    assert [e.data.get("reason") for e in evs if e.event == "skipped"] == ["done", "done"]


def test_the_executor_checks_the_machine_again(sysroot):
    """A range that shrank between the check and the run (or a plan run by another caller): nothing written."""
    steps = validate({"steps": [cap(watts=240)]}, CALLER, Rules(machine=sysroot))
    t.write(sysroot, f"{t.AMD}/hwmon/hwmon3/power1_cap_max", f"{220 * t.W}\n")
    out = io.StringIO()
    code = helper.run_plan(steps, CALLER, Executor(CALLER, root=sysroot), helper.Stream(out))
    assert code == events.EXIT_STEP_FAILED and "outside this GPU's range 100..220 W" in out.getvalue()
    assert t.read(sysroot, t.CAP) == str(200 * t.W)


def test_a_kernel_that_keeps_another_value_fails_the_after_check(sysroot, monkeypatch):
    monkeypatch.setattr(helper_control, "write_value", lambda path, value: None)  # the kernel ignored it
    code, evs = run(sysroot, cap())
    assert code == events.EXIT_STEP_FAILED
    assert [e.data["message"] for e in evs if e.event == "failed"] == [
        f"{t.CAP} reads {200 * t.W} after writing {150 * t.W}"]


def test_the_unit_is_written_enabled_and_removed(sysroot):
    code, _ = run(sysroot, unit("power-cap", 150 * t.W), unit("perf-level", "high") | {"id": "persist-level"})
    assert code == events.EXIT_OK
    name = "rocmdesk-power-cap-0000-03-00.0.service"
    f = sysroot / "etc/systemd/system" / name
    text = f.read_text()
    assert f.stat().st_mode & 0o777 == 0o644
    assert "ExecStart=/bin/sh -c 'echo 150000000 | tee /sys/bus/pci/devices/0000:03:00.0/hwmon/hwmon*/power1_cap " \
           ">/dev/null'" in text and "WantedBy=multi-user.target" in text
    wants = sysroot / "etc/systemd/system/multi-user.target.wants" / name
    assert os.readlink(wants) == f"/etc/systemd/system/{name}"
    level_unit = (sysroot / "etc/systemd/system/rocmdesk-perf-level-0000-03-00.0.service").read_text()
    assert "echo high | tee /sys/bus/pci/devices/0000:03:00.0/power_dpm_force_performance_level" in level_unit
    code, evs = run(sysroot, unit("power-cap", 150 * t.W))
    assert [e.data.get("reason") for e in evs if e.event == "skipped"] == ["done"]
    code, evs = run(sysroot, unpersist())
    assert code == events.EXIT_OK and not f.exists() and not os.path.lexists(wants)
    assert (sysroot / "etc/systemd/system/rocmdesk-perf-level-0000-03-00.0.service").exists()  # the other stays
    code, evs = run(sysroot, unpersist())
    assert [e.data.get("reason") for e in evs if e.event == "skipped"] == ["done"]


def test_the_unit_text_is_made_only_from_checked_values():
    with pytest.raises(helper_control.ControlProblem):
        helper_control.unit_text("power-cap", "0000:03:00.0\n[Service]", 150 * t.W)
    step = Step("persist", "write-control-unit", "", "", True,
                {"setting": "perf-level", "slot": t.SLOT, "value": "low"})
    assert file_content(step) == helper_control.unit_text("perf-level", t.SLOT, "low")


@pytest.mark.parametrize("setting,value", [("power-cap", 150 * t.W), ("perf-level", "low")])
def test_systemd_reads_the_unit(tmp_path, setting, value):
    analyze = need_program("systemd-analyze", "systemd")
    f = tmp_path / helper_control.unit_name(setting, t.SLOT)
    f.write_text(helper_control.unit_text(setting, t.SLOT, value))
    p = subprocess.run([analyze, "verify", "--man=no", str(f)], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0 and f.name not in p.stderr, p.stderr
