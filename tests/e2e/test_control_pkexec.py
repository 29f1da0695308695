"""The GPU control steps through the real pkexec and polkitd, against a fake hwmon tree (issue 21).

The installed helper always acts on ``/``, so each run happens in a private mount namespace (``unshare -m``) where a
root-owned fake ``/sys`` (tests/setup/control_tree.py: an AMD GPU on amdgpu and an Intel iGPU with the same files)
and an empty ``/etc/systemd/system`` are bind-mounted; pkexec, polkitd and the test users are the ones
scripts/ci/pkexec-harness.sh sets up for tests/setup/test_pkexec.py. Allowed, refused (not AMD, a link trick, a
tampered kind) and out-of-range plans; the refused ones change nothing.
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
from pathlib import Path

import pytest

from rocmdesk.setup import events
from tests.conftest import need_program
from tests.setup import control_tree as t
from tests.setup.test_pkexec import HELPER, PY, RUNNER, harness  # noqa: F401  (a fixture)

pytestmark = pytest.mark.usefixtures("harness")


@pytest.fixture
def fake(tmp_path_factory) -> Path:
    need_program("unshare", "util-linux")
    base = tmp_path_factory.mktemp("control")
    os.chmod(base, 0o755)
    root = t.build(base / "root")
    (root / "etc/systemd/system").mkdir(parents=True)
    return root


def in_fake_sys(root: Path, argv: list[str], data: bytes) -> subprocess.CompletedProcess:
    """``argv`` (run as a test user) in a mount namespace whose /sys and /etc/systemd/system are the fake ones."""
    units = "/etc/systemd/system"
    script = (f"set -e; mount --bind {shlex.quote(str(root / 'sys'))} /sys; mkdir -p {units}; "
              f"mount --bind {shlex.quote(str(root / 'etc/systemd/system'))} {units}; exec \"$@\"")
    cmd = ["unshare", "-m", "--propagation", "private", "--", "sh", "-c", script, "sh", *argv]
    return subprocess.run(cmd, input=data, capture_output=True, timeout=120, cwd="/")


def helper_run(root: Path, steps: list[dict], user: str = "rdtest") -> tuple[int, list[events.Event], str]:
    p = in_fake_sys(root, ["runuser", "-u", user, "--", "pkexec", HELPER], json.dumps({"steps": steps}).encode())
    evs = [e for e in map(events.parse_line, p.stdout.decode().splitlines()) if e is not None]
    return p.returncode, evs, p.stderr.decode()


def cap(watts: int, path: str = t.CAP) -> dict:
    return {"id": "power-cap-card1", "kind": "set-power-cap", "title": "cap", "why": "", "root": True,
            "params": {"path": path, "microwatts": watts * t.W}}


def level(value: str, path: str = t.LEVEL) -> dict:
    return {"id": "perf-level-card1", "kind": "set-perf-level", "title": "level", "why": "", "root": True,
            "params": {"path": path, "level": value}}


UNIT = {"id": "persist", "kind": "write-control-unit", "title": "unit", "why": "", "root": True,
        "params": {"setting": "power-cap", "slot": t.SLOT, "value": 150 * t.W}}


def snapshot(root: Path) -> dict[str, str]:
    files = [t.CAP, t.LEVEL, t.INTEL_CAP, t.INTEL_LEVEL]
    out = {p: t.read(root, p) for p in files}
    out["units"] = " ".join(sorted(os.listdir(root / "etc/systemd/system")))
    return out


def test_allowed_power_cap_level_and_unit_through_pkexec(fake):
    code, evs, err = helper_run(fake, [cap(150), level("high"), UNIT])
    assert code == events.EXIT_OK, err
    assert evs[0].event == "plan" and evs[0].data["caller"] == "rdtest" and evs[-1].data["ok"] is True
    assert t.read(fake, t.CAP) == str(150 * t.W) and t.read(fake, t.LEVEL) == "high"
    assert [e.data["message"] for e in evs if e.event == "ok"][:2] == [
        f"{t.CAP}: was {200 * t.W}, now {150 * t.W}", f"{t.LEVEL}: was auto, now high"]
    unit = fake / "etc/systemd/system/rocmdesk-power-cap-0000-03-00.0.service"
    st = unit.stat()
    assert st.st_uid == 0 and st.st_mode & 0o777 == 0o644 and "echo 150000000 | tee" in unit.read_text()
    assert t.read(fake, t.INTEL_CAP) == str(200 * t.W)  # the other card untouched

    code, evs, err = helper_run(fake, [cap(200), level("auto"), {**UNIT, "kind": "remove-control-unit",
                                                                  "params": {"setting": "power-cap",
                                                                             "slot": t.SLOT}}])
    assert code == events.EXIT_OK, err  # and back (what --restore runs)
    assert t.read(fake, t.CAP) == str(200 * t.W) and t.read(fake, t.LEVEL) == "auto" and not unit.exists()


@pytest.mark.parametrize("steps,words", [
    ([cap(300)], "outside this GPU's range 100..250 W"),
    ([cap(99)], "outside this GPU's range 100..250 W"),
    ([{**UNIT, "params": {**UNIT["params"], "value": 300 * t.W}}], "outside this GPU's range 100..250 W"),
    ([level("high"), cap(150, t.INTEL_CAP) | {"id": "intel"}], "not AMD (0x1002)"),
    ([level("high", t.INTEL_LEVEL)], "not AMD (0x1002)"),
    ([level("manual")], "is not one of auto, high, low"),
    ([cap(150, "/sys/class/drm/card1/device/hwmon/hwmon3/fan1_target")], "is not a power1_cap file"),
    ([{"id": "x", "kind": "set-fan-speed", "params": {"path": t.CAP, "rpm": 0}}], "not on the allow-list"),
    ([{**UNIT, "params": {**UNIT["params"], "slot": "0000:03:00.0\nExecStartPre=/bin/sh"}}], "not a PCI address"),
])
def test_refused_and_out_of_range_plans_change_nothing(fake, steps, words):
    before = snapshot(fake)
    code, evs, err = helper_run(fake, steps)
    assert code == events.EXIT_REFUSED, err
    assert [e.event for e in evs] == ["refused"] and words in evs[0].data["message"]
    assert snapshot(fake) == before


def test_a_link_trick_is_refused_through_pkexec(fake, tmp_path):
    victim = tmp_path / "victim"
    victim.write_text("precious\n")
    f = t.real(fake, t.CAP)
    f.unlink()
    f.symlink_to(victim)
    code, evs, err = helper_run(fake, [cap(150)])
    assert code == events.EXIT_REFUSED and "is not a plain file" in evs[0].data["message"], err
    assert victim.read_text() == "precious\n"


def test_the_runner_and_a_denied_user(fake):
    """rocmdesk's own runner as the user (what `rocmdesk control` calls): one pkexec, the same events."""
    plan = json.dumps({"steps": [cap(120)]})
    p = in_fake_sys(fake, ["runuser", "-u", "rdtest", "--", PY, "-I", "-c", RUNNER, plan], b"")
    assert p.returncode == 0, p.stderr
    r = json.loads(p.stdout)
    assert (r["outcome"], r["events"]) == ("ok", ["plan", "started", "ok", "done"])
    assert t.read(fake, t.CAP) == str(120 * t.W)
    before = snapshot(fake)
    code, evs, err = helper_run(fake, [cap(150)], user="rdnope")
    assert code == events.PKEXEC_NOT_AUTHORIZED and evs == [] and snapshot(fake) == before
