"""A real install, end to end: rocmdesk's helper runs a plan in a Debian 12 chroot, as root, as pkexec starts it.

The chroot is the whole machine to the helper (no option points it anywhere else).  AMD's hosts are
played by a local HTTPS server with a throw-away CA and a signed repository of dummy packages named like
AMD's (see rig.py).  The run fails halfway (a package file is missing from the repository), is fixed,
and resumes at the failed step.
"""

from __future__ import annotations

import ast
import subprocess
import sys

import pytest

from tests.e2e import rig
from tests.e2e.conftest import USER, plan_for
from tests.e2e.rig import assert_end_state, step_of

ROOT_KINDS = ("install-key", "write-apt-list", "write-pin", "apt-update", "apt-install", "add-user-to-groups")
HELPER_SRC = rig.REPO / "src" / "rocmdesk" / "setup" / "helper.py"


def test_the_helper_has_no_root_or_repository_option() -> None:
    """The override a test might want must not exist: the helper takes ``--dry-run`` and nothing else."""
    assert HELPER_SRC.is_file(), f"{HELPER_SRC} is gone"
    for args in (["--help"], ["--root", "/tmp"], ["--root=/tmp"], ["--repo", "file:///tmp"], ["--prefix", "/tmp"],
                 ["--sources", "/tmp"], ["--dry-run", "--root", "/tmp"]):
        res = subprocess.run([sys.executable, "-I", "-m", "rocmdesk.setup.helper", *args], input=b"{}",
                             capture_output=True, cwd="/", timeout=60)
        assert res.returncode == 2, (args, res)
        assert b"--root" not in res.stderr and b"repo" not in res.stderr.lower(), res.stderr
    # and in the code: the helper builds its Executor with no root, programs or fetch of its own
    tree = ast.parse(HELPER_SRC.read_text())
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and getattr(n.func, "id", None) == "Executor"]
    assert calls, "the helper no longer builds an Executor"
    for call in calls:
        assert {k.arg for k in call.keywords} <= {"on_output"}, ast.dump(call)
    assert "argparse" not in HELPER_SRC.read_text()  # no parser that could grow such an option


@pytest.mark.e2e
def test_install_in_a_chroot_fails_halfway_and_resumes(new_machine, fake_amd, end_states) -> None:
    m, uid = new_machine(rocmdesk=True)
    plan_json = plan_for(m)
    kinds = [s["kind"] for s in plan_json["steps"]]
    for k in ROOT_KINDS:
        assert k in kinds, f"the runtime plan for Debian 12 has no {k} step: {kinds}"
    assert plan_json["choices"]["suite"] == "jammy"  # AMD's Debian 12 repository is its Ubuntu 22.04 one
    amd = fake_amd(plan_json)
    amd.serve(m)
    install = step_of(plan_json, "apt-install")
    order = [s["id"] for s in plan_json["steps"]]
    before = order[: order.index(install["id"])]

    # 1. apt fails halfway: one package file is missing from the repository (its index still names it)
    repo = next(iter(amd.repos.values()))
    repo.hide("rocm-smi-lib")
    try:
        first = rig.run_helper(m, plan_json, uid)
    finally:
        repo.restore("rocm-smi-lib")
    assert first.rc == 1, (first.stderr, first.events)
    assert first.of("plan")[0].data["caller"] == USER
    status = first.status()
    assert [sid for sid in order if sid in status] == before + [install["id"]], status
    assert all(status[sid] == "ok" for sid in before), status
    failed = first.of("failed")
    assert [e.step_id for e in failed] == [install["id"]]
    assert any("rocm-smi-lib" in line and "404" in line for line in failed[0].data["output"]), failed[0].data
    assert first.of("done")[0].data == {"ok": False, "failed": install["id"], "resume_from": install["id"]}
    assert m.p(step_of(plan_json, "install-key")["params"]["path"]).is_file()
    assert m.installed(install["params"]["packages"]) == {}
    assert USER not in m.group_members("render")  # later steps did not run
    state = m.p("/var/lib/rocmdesk/setup-state.json")
    assert state.stat().st_uid == 0 and state.stat().st_mode & 0o777 == 0o600

    # 2. the cause is fixed: the same plan resumes at the failed step
    second = rig.run_helper(m, plan_json, uid)
    assert second.rc == 0, (second.stderr, second.events)
    status = second.status()
    assert all(status[sid] == "skipped" for sid in before), status
    assert status[install["id"]] == "ok"
    assert all(status[s["id"]] == "ok" for s in plan_json["steps"][len(before) + 1:]), status  # groups, checks
    assert second.of("done")[0].data == {"ok": True, "failed": None, "resume_from": None}
    assert any(e.event == "output" and e.step_id == install["id"] for e in second.events)  # apt's lines stream
    end_states["helper"] = assert_end_state(m, plan_json, amd)
    if "ansible" in end_states:
        assert end_states["helper"] == end_states["ansible"]
    # everything came from "AMD" (our server), through the key the plan installed
    seen = "\n".join(amd.server.requests())
    assert "/rocm/rocm.gpg.key" in seen and "/dists/jammy/InRelease" in seen and "rocm-smi-lib_" in seen

    # 3. a third run changes nothing: the root steps are skipped, the checks run again
    third = rig.run_helper(m, plan_json, uid)
    assert third.rc == 0
    assert {sid: st for sid, st in third.status().items() if sid in before + [install["id"]]} == {
        sid: "skipped" for sid in before + [install["id"]]}

    # and rocmdesk's planner, run on the machine now, finds the apt steps done
    again = {s["id"]: s["done"] for s in plan_for(m)["steps"]}
    assert all(again[sid] for sid in before + [install["id"]]), again
