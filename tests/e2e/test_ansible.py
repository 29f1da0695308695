"""The plan as an Ansible playbook for many hosts, applied for real in ONE ansible-playbook run to two fresh
chroots of different releases (Debian 12 and Ubuntu 24.04, the ``community.general.chroot`` connection): the
Debian one, where the plan was made, ends as the helper leaves it; each host gets its own release's repository
lines and its own kernel's packages for amdgpu-dkms (the chroots share the host's kernel, so Ubuntu's extra
linux-modules-extra tells the releases apart there too), and only the Debian one, where old ROCm leftovers were
planted, loses them.  A second run changes nothing.  (The syntax checks over many plans are in
test_render_ansible.py.)

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
from urllib.parse import urlsplit

import pytest

from tests.e2e import aptrepo, rig
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


def _recaps(output: str) -> dict[str, dict[str, int]]:
    """Host -> its PLAY RECAP counts."""
    found = re.findall(r"^(\S+)\s*:\s*(ok=\d+.*)$", output.split("PLAY RECAP", 1)[-1], re.M)
    assert found, output[-3000:]
    return {host: {k: int(v) for k, v in re.findall(r"(\w+)=(\d+)", counts)} for host, counts in found}


OLD = "5.7.1"  # the leftovers planted in the Debian chroot: an older ROCm's package, tree and list
OLD_LIST = "/etc/apt/sources.list.d/rocm-5.7.list"
DISTRO_ROCM = aptrepo.DummyPackage("rocm-distro-tool", "5.7.1-2")  # a distribution's build: not AMD's, kept


def _plan(m: rig.Chroot) -> dict:
    """rocmdesk's planner on the Debian chroot: the runtime with amdgpu-dkms (so the kernel's packages are named)."""
    from rocmdesk.machine.detect import detect
    from rocmdesk.machine.host import Host
    from rocmdesk.setup.choices import Choices
    from rocmdesk.setup.facts import read_facts
    from rocmdesk.setup.plan import plan

    host = Host.at_root(m.root)
    return plan(detect(host), Choices(scope="runtime", user=rig.USER, dkms=True), read_facts(host)).to_json()


def _without_driver(plan_json: dict) -> dict:
    """The plan less amdgpu-dkms: the helper's test applies that one (and the session's fake AMD was made for it)."""
    out = json.loads(json.dumps(plan_json))
    out["steps"] = [s for s in out["steps"] if s["id"] not in ("write-amdgpu-list", "install-driver")]
    return out


def _serve_fleet(amd: rig.FakeAmd, plan_json: dict, kernel: str) -> None:
    """Beside the session's fake AMD: each repository for Ubuntu 24.04's suite too, and AMD's driver repository
    with amdgpu-dkms and this kernel's header packages (the chroots are offline; these stand in for the archive)."""
    pin = rig.step_of(plan_json, "write-pin")["params"]
    for s in plan_json["steps"]:
        if s["kind"] != "write-apt-list":
            continue
        p = s["params"]
        parts = urlsplit(p["uri"])
        root = amd.docroot / parts.hostname / parts.path.strip("/")
        if s["id"] == "write-amdgpu-list":
            dkms = next(x for x in aptrepo.amd_like_packages(plan_json["choices"]["rocm"]) if x.name == "amdgpu-dkms")
            pkgs = [dkms, aptrepo.DummyPackage(f"linux-headers-{kernel}", "1.0"),
                    aptrepo.DummyPackage(f"linux-modules-extra-{kernel}", "1.0")]
            aptrepo.build_repo(root, pkgs, amd.key, suite=p["suite"], component=p["components"][0],
                               origin=pin["origin"])
        # an index of the pool that is there already: the Debian suite's files stay as they are
        aptrepo.build_repo(root, [], amd.key, suite="noble", component=p["components"][0], origin=pin["origin"])


def _plant_leftovers(m: rig.Chroot, tmp_path: Path) -> None:
    old = aptrepo.DummyPackage("rocm-opencl-runtime", f"{OLD}.50701-98~22.04")
    for pkg in (old, DISTRO_ROCM):
        deb = aptrepo.build_deb(pkg, tmp_path / "planted")
        target = m.p("/root") / deb.name
        target.write_bytes(deb.read_bytes())
        m.run(["dpkg", "-i", f"/root/{deb.name}"])
        target.unlink()
    m.p(f"/opt/rocm-{OLD}/.info").mkdir(parents=True)
    m.p(f"/opt/rocm-{OLD}/.info/version").write_text(f"{OLD}-98\n")
    m.p(OLD_LIST).write_text(f"deb [arch=amd64] https://repo.radeon.com/rocm/apt/{OLD} jammy main\n")


@pytest.mark.e2e
def test_one_playbook_run_sets_up_two_releases_each_from_its_own_facts(new_machine, fake_amd, ansible_bin, tmp_path,
                                                                        end_states) -> None:
    debian, _ = new_machine()  # no rocmdesk inside: Ansible brings its own modules
    ubuntu, _ = new_machine(suite="noble")
    plan_json = _plan(debian)
    assert plan_json["choices"]["suite"] == "jammy" and rig.step_of(plan_json, "write-apt-list")["params"]["suite"] \
        == "jammy"  # Debian 12 takes AMD's Ubuntu 22.04 repositories
    _plant_leftovers(debian, tmp_path)
    kernel = os.uname().release  # ansible_kernel in a chroot is this machine's
    amd = fake_amd(_without_driver(plan_json))
    _serve_fleet(amd, plan_json, kernel)
    for m in (debian, ubuntu):
        amd.serve(m)
    # a title is free text: were it templated, this would run a command on the controller
    pwned = tmp_path / "pwned"
    hostile = json.loads(json.dumps(plan_json))
    rig.step_of(hostile, "write-pin")["title"] = "{{ lookup('pipe', 'touch %s') }}" % pwned
    path = _playbook(tmp_path, hostile)
    inventory = tmp_path / "inventory.yml"  # JSON is YAML: no quoting questions for the chroots' paths
    inventory.write_text(json.dumps({"rocm_boxes": {"hosts": {name: {
        "ansible_connection": "community.general.chroot", "ansible_host": str(m.root),
        "ansible_become": False, "ansible_python_interpreter": "/usr/bin/python3"}
        for name, m in (("deb12", debian), ("ubu2404", ubuntu))}}}))
    argv = [str(ansible_bin / "ansible-playbook"), "-i", str(inventory), "-e", "rocmdesk_hosts=rocm_boxes", "-f", "2",
            str(path)]
    # on the host, with each chroot's /proc mounted, inside the namespace where "AMD" is our server
    run = debian.netns.enter([str(rig.CHROOT_SH), "with", str(debian.root),
                              str(rig.CHROOT_SH), "with", str(ubuntu.root), *argv])

    first = subprocess.run(run, capture_output=True, text=True, env=_env(tmp_path), timeout=600)
    assert first.returncode == 0, first.stdout[-6000:] + first.stderr[-2000:]
    recaps = _recaps(first.stdout)
    assert set(recaps) == {"deb12", "ubu2404"}, first.stdout[-3000:]
    for recap in recaps.values():
        assert recap["failed"] == 0 and recap["unreachable"] == 0 and recap["changed"] > 0, recaps
    assert not pwned.exists()

    # Debian 12, where the plan was made: the helper's end state, plus the driver and this kernel's headers
    state = assert_end_state(debian, _without_driver(plan_json), amd)
    end_states["ansible"] = state
    if "helper" in end_states:
        assert state == end_states["helper"]
    assert debian.installed(["amdgpu-dkms", f"linux-headers-{kernel}", f"linux-modules-extra-{kernel}"]).keys() \
        == {"amdgpu-dkms", f"linux-headers-{kernel}"}  # Debian's template names the headers only
    # ... and its leftovers are gone, the distribution's own package stays
    assert "rocm-opencl-runtime" not in debian.installed(["rocm-opencl-runtime"])
    assert DISTRO_ROCM.name in debian.installed([DISTRO_ROCM.name])
    assert not debian.p(f"/opt/rocm-{OLD}").exists() and not debian.p(OLD_LIST).exists()

    # Ubuntu 24.04: its own codename in every line AMD's repositories take, Ubuntu's kernel packages, the runtime
    for s in plan_json["steps"]:
        if s["kind"] == "write-apt-list":
            from rocmdesk.setup.steps import Step, file_content

            want = file_content(Step(**{**s, "params": {**s["params"], "suite": "noble"}}))
            assert ubuntu.p(s["params"]["path"]).read_text() == want, s["params"]["path"]
            assert debian.p(s["params"]["path"]).read_text() == file_content(Step(**s))
    rocm = plan_json["choices"]["rocm"]
    have = ubuntu.installed(["rocm-hip-runtime", "rocm-smi-lib", "amdgpu-dkms", f"linux-headers-{kernel}",
                             f"linux-modules-extra-{kernel}"])
    assert set(have) == {"rocm-hip-runtime", "rocm-smi-lib", "amdgpu-dkms", f"linux-headers-{kernel}",
                         f"linux-modules-extra-{kernel}"}, have
    policy = ubuntu.run(["apt-cache", "policy", "rocm-core"]).stdout.decode()
    assert f"/rocm/apt/{rocm} noble/main" in policy and " jammy/" not in policy, policy
    assert rig.USER in ubuntu.group_members("render") and rig.USER in ubuntu.group_members("video")
    results = _task_results(first.stdout)
    for s in plan_json["steps"]:
        if s["kind"] == "verify":  # the checks ran in the chroots, the kfd one as the user with the new groups
            assert results.get(s["title"]) == "ok", (s["title"], results)

    second = subprocess.run(run, capture_output=True, text=True, env=_env(tmp_path), timeout=600)
    assert second.returncode == 0, second.stdout[-6000:]
    for name, again in _recaps(second.stdout).items():
        assert again["failed"] == 0 and again["changed"] == 0, (name, second.stdout[-6000:])
