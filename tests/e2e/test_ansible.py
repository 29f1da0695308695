"""The plan as an Ansible playbook, applied for real to a fresh Debian 12 chroot (the
``community.general.chroot`` connection), leaves the same end state as the helper; a second run changes
nothing.  (The syntax checks over many plans are in test_render_ansible.py.)

Ansible comes from PyPI: the ``ansible`` package (it ships community.general with the chroot connection),
from the test environment when it has it, else in a venv cached beside the chroot
(``${ROCMDESK_CI_CACHE:-/var/cache/rocmdesk-ci}/ansible-py3.X``).  No ansible-galaxy, no other network.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pytest

from tests.e2e import rig
from tests.e2e.conftest import plan_for
from tests.e2e.rig import assert_end_state

def _env(workdir: Path) -> dict[str, str]:
    cfg = workdir / "ansible.cfg"
    cfg.write_text("[defaults]\nnocolor = true\nretry_files_enabled = false\ninterpreter_python = /usr/bin/python3\n"
                   "[connection]\npipelining = true\n")
    return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LC_ALL": "C.UTF-8", "ANSIBLE_CONFIG": str(cfg),
            "ANSIBLE_HOME": str(workdir / "home"), "ANSIBLE_LOCAL_TEMP": str(workdir / "tmp"),
            "ANSIBLE_GALAXY_DISABLE_GPG_VERIFY": "1", "HOME": str(workdir)}


def _playbook(tmp_path: Path, plan_json: dict) -> Path:
    from rocmdesk.setup.render_ansible import render_ansible

    path = tmp_path / "rocm.yml"
    path.write_text(render_ansible(plan_json))
    return path


def _task_results(output: str) -> dict[str, str]:
    """Task name -> its first result word (ok, changed, skipping, fatal) in ansible-playbook's output."""
    return {name: status for name, status in re.findall(r"^TASK \[(.*)\] \**\n(\w+)", output, re.M)}


def _recap(output: str) -> dict[str, int]:
    m = re.search(r"^\S+\s*:\s*(ok=\d+.*)$", output.split("PLAY RECAP", 1)[-1], re.M)
    assert m, output[-3000:]
    return {k: int(v) for k, v in re.findall(r"(\w+)=(\d+)", m.group(1))}


@pytest.mark.e2e
def test_playbook_applied_to_a_chroot_leaves_the_helpers_end_state(new_machine, fake_amd, ansible_bin, tmp_path,
                                                                   end_states) -> None:
    m, _ = new_machine()  # no rocmdesk inside: Ansible brings its own modules
    plan_json = plan_for(m)
    amd = fake_amd(plan_json)
    amd.serve(m)
    # a title is free text: were it templated, this would run a command on the controller
    pwned = tmp_path / "pwned"
    hostile = json.loads(json.dumps(plan_json))
    rig.step_of(hostile, "write-pin")["title"] = "{{ lookup('pipe', 'touch %s') }}" % pwned
    path = _playbook(tmp_path, hostile)
    inventory = tmp_path / "inventory.yml"  # JSON is YAML: no quoting questions for the chroot's path
    inventory.write_text(json.dumps({"rocm_boxes": {"hosts": {"box1": {
        "ansible_connection": "community.general.chroot", "ansible_host": str(m.root),
        "ansible_become": False, "ansible_python_interpreter": "/usr/bin/python3"}}}}))
    argv = [str(ansible_bin / "ansible-playbook"), "-i", str(inventory), "-e", "rocmdesk_hosts=rocm_boxes", str(path)]
    # on the host, with the chroot's /proc mounted, inside the namespace where "AMD" is our server
    run = m.netns.enter([str(rig.CHROOT_SH), "with", str(m.root), *argv])

    first = subprocess.run(run, capture_output=True, text=True, env=_env(tmp_path), timeout=600)
    assert first.returncode == 0, first.stdout[-6000:] + first.stderr[-2000:]
    recap = _recap(first.stdout)
    assert recap["failed"] == 0 and recap["unreachable"] == 0 and recap["changed"] > 0, recap
    state = assert_end_state(m, plan_json, amd)
    end_states["ansible"] = state
    if "helper" in end_states:
        assert state == end_states["helper"]
    assert not m.p("/etc/apt/keyrings/.rocmdesk-key.asc").exists()
    assert not pwned.exists()
    results = _task_results(first.stdout)
    for s in plan_json["steps"]:
        if s["kind"] == "verify":  # the checks ran in the chroot, the kfd one as the user with the new groups
            assert results.get(s["title"]) == "ok", (s["title"], results)

    second = subprocess.run(run, capture_output=True, text=True, env=_env(tmp_path), timeout=600)
    assert second.returncode == 0, second.stdout[-6000:]
    again = _recap(second.stdout)
    assert again["failed"] == 0 and again["changed"] == 0, second.stdout[-6000:]
