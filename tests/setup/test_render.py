"""Rendering: every script for every simulated and hand-built machine x scope passes bash -n and shellcheck."""

from __future__ import annotations

import json
import os
import shlex
import subprocess

import pytest

from rocmdesk.machine.detect import detect
from rocmdesk.machine.simulate import list_machines, open_simulated
from rocmdesk.setup.choices import Choices
from rocmdesk.setup.facts import read_facts
from rocmdesk.setup.plan import plan
from rocmdesk.setup.render import FORMATS, render, step_commands
from rocmdesk.setup.steps import Step, validate
from tests.conftest import need_program
from tests.setup import machines as m

SCOPES = ("pytorch", "runtime", "sdk")


@pytest.fixture(scope="module")
def sim_plans(tmp_path_factory):
    cache = tmp_path_factory.mktemp("sim-cache")
    out = {}
    for machine in list_machines():
        host = open_simulated(machine.name, cache_dir=cache)
        report, facts = detect(host), read_facts(host)
        for scope in SCOPES:
            out[(machine.name, scope)] = plan(report, Choices(scope=scope), facts)
    return out


def hand_plans():
    yield "ubuntu2204-dkms-sdk", plan(m.ubuntu("22.04", amdgpu=False), Choices(scope="sdk", rocm="6.2.4", dkms=True))
    rocm = m.rocm_installed("6.0.0", "jammy", extra_trees=["/opt/rocm-5.7.1"])
    yield "cleanup", plan(m.ubuntu("22.04", rocm=rocm), Choices(scope="runtime", rocm="7.2.4"))
    yield "therock", plan(m.ubuntu("24.04", [m.gpu("gfx1100"), m.gpu("gfx1151", 1)]), Choices(scope="sdk", rocm="7.14"))
    yield "blocked", plan(m.ubuntu("26.04"), Choices(scope="runtime"))
    yield "user-with-dash", plan(m.ubuntu("24.04", acc=m.access(user="jo-anne.x_1")), Choices(scope="runtime"))


def all_plans(sim_plans):
    for (name, scope), p in sim_plans.items():
        yield f"{name}-{scope}", p
    yield from hand_plans()


def test_every_simulated_machine_and_scope_plans_and_validates(sim_plans):
    assert len(sim_plans) == 3 * len(list_machines())
    for (name, scope), p in sim_plans.items():
        data = json.loads(render(p, "json"))
        if p.choices.user:
            validate(data, p.choices.user)
        assert data["choices"]["scope"] == scope, name


def test_scripts_pass_bash_n(sim_plans, tmp_path):
    for name, p in all_plans(sim_plans):
        script = tmp_path / f"{name}.sh"
        script.write_text(render(p, "script"))
        res = subprocess.run(["bash", "-n", str(script)], capture_output=True, text=True)
        assert res.returncode == 0, (name, res.stderr)


def test_scripts_pass_shellcheck(sim_plans, tmp_path):
    need_program("shellcheck", "shellcheck")
    files = []
    for name, p in all_plans(sim_plans):
        for yes in (False, True):
            script = tmp_path / f"{name}-{yes}.sh"
            script.write_text(render(p, "script", assume_yes=yes))
            files.append(str(script))
    res = subprocess.run(["shellcheck", "--shell=bash", "--severity=style", *files], capture_output=True, text=True)
    assert res.returncode == 0, res.stdout[-4000:]


def test_script_shape():
    p = plan(m.ubuntu("24.04", acc=m.access(groups=["alice", "render", "video"])), Choices(scope="runtime"))
    s = render(p, "script")
    lines = s.splitlines()
    assert lines[0] == "#!/usr/bin/env bash" and "set -euo pipefail" in lines
    assert ("curl -fsSL https://repo.radeon.com/rocm/rocm.gpg.key | as_root gpg --batch --yes --dearmor "
            "-o /etc/apt/keyrings/rocm.gpg") in lines
    assert "# as_root usermod -a -G render,video alice" in lines  # done: commented out, names the user
    assert not any(ln.startswith("user=") for ln in lines)  # no variable left unused
    assert "as_root apt-get update" in lines
    assert sum(ln.startswith("# Why: ") for ln in lines) == len(p.steps)
    assert "# --- 7. Add alice to the render and video groups  [done already]" in lines  # after the graphics list


def test_the_group_step_uses_a_quoted_user_variable():
    p = plan(m.ubuntu("24.04", acc=m.access(user="jo-anne.x_1", groups=[])), Choices())
    lines = render(p, "script").splitlines()
    assert "user=jo-anne.x_1" in lines and 'as_root usermod -a -G render,video "$user"' in lines


def test_done_steps_do_not_run(tmp_path):
    rocm = m.rocm_installed("6.2.4", "noble", packages=["rocm-core", "rocm-hip-runtime", "rocm-smi-lib"])
    rep = m.ubuntu("24.04", rocm=rocm, acc=m.access(groups=["alice", "render", "video"]))
    p = plan(rep, Choices(scope="runtime"))
    s = render(p, "script")
    for st in p.steps:
        for ln in step_commands(st, None if st.done else "user"):
            if st.done:
                assert f"# {ln}" in s.splitlines(), (st.id, ln)


def test_hostile_values_stay_quoted(tmp_path):
    """Even a step that validate() would refuse renders as inert text: quoting is not the only guard, but it holds."""
    evil = "x'; touch /tmp/pwned; echo '$(id)`id`\nrm -rf /"
    steps = [
        Step("a", "apt-install", evil, evil, True, {"packages": [evil]}),
        Step("b", "add-user-to-groups", evil, evil, True, {"user": evil, "groups": ["render", evil]}),
        Step("c", "remove-path", evil, evil, True, {"path": evil}),
        Step("d", "write-apt-list", evil, evil, True, {"path": evil, "uri": evil, "suite": evil,
                                                       "components": [evil], "arch": "amd64", "signed_by": evil}),
        Step("e", "verify", evil, evil, False, {"check": "rocminfo-lists-gfx", "program": evil, "expect": [evil]}),
    ]
    p = plan(m.ubuntu("24.04"), Choices())
    p.steps = steps
    script = render(p, "script")
    lexer = shlex.shlex(script, posix=True, punctuation_chars=True)
    lexer.commenters = "#"
    tokens = list(lexer)
    # the payload stays inside quoted words: it never becomes a command or an argument of its own
    assert "touch" not in tokens and "/tmp/pwned" not in tokens and "id" not in tokens
    assert tokens.count("rm") == 1  # the remove-path step's own rm, whose path is the quoted payload
    assert tokens[tokens.index("rm") + 3] == evil
    f = tmp_path / "evil.sh"
    f.write_text(script)
    assert subprocess.run(["bash", "-n", str(f)]).returncode == 0


def test_text_form_numbers_steps_and_marks_done():
    acc = m.access(groups=["alice", "render", "video"])
    p = plan(m.ubuntu("24.04", acc=acc), Choices(scope="runtime"))
    t = render(p, "text")
    assert "ROCm:   7.2.4 (legacy) - the newest release AMD lists for Ubuntu 24.04 LTS and this GPU" in t
    assert " 1. [root] Install AMD's package signing key" in t
    assert " 7. [done] Add alice to the render and video groups" in t
    assert "      $ as_root apt-get update" in t
    assert "why: " in t


def test_text_form_shows_blockers():
    t = render(plan(m.ubuntu("26.04"), Choices(scope="runtime")), "text")
    assert "[blocker]" in t and "The plan is blocked" in t


def test_json_form_parses_and_formats_are_closed():
    p = plan(m.ubuntu("24.04"), Choices())
    assert json.loads(render(p, "json"))["steps"]
    assert set(FORMATS) == {"text", "script", "json", "ansible"}
    assert render(p, "ansible").count("ansible.builtin.") > 0
    with pytest.raises(ValueError):
        render(p, "yaml")


STUBS = ("sudo", "install", "curl", "gpg", "tee", "apt-get", "env", "usermod", "rm")


def run_with_stubs(script: str, tmp_path) -> list[list[str]]:
    """Run a rendered script with every command that could change the machine replaced by a recorder."""
    stub_dir = tmp_path / "stubs"
    stub_dir.mkdir()
    log = tmp_path / "calls.log"
    for name in STUBS:
        stub = stub_dir / name
        # each call: the program name and its arguments, NUL-separated, one call per record
        # tee and gpg read their input before they log: in `curl | gpg` both run at once, and only then is the
        # log's order (curl, gpg) the pipeline's order whatever the scheduler does
        stub.write_text('#!/bin/bash\n'
                        'if [[ ${0##*/} == tee || ${0##*/} == gpg ]]; then cat >/dev/null; fi\n'
                        '{ printf "%s\\0" "${0##*/}" "$@"; printf "\\036"; } >> "$CALLS_LOG"\n'
                        'if [[ ${0##*/} == sudo ]]; then "$@"; fi\n')
        stub.chmod(0o755)
    path = tmp_path / "plan.sh"
    path.write_text(script)
    env = {"PATH": f"{stub_dir}:/usr/bin:/bin", "CALLS_LOG": str(log), "HOME": str(tmp_path), "LC_ALL": "C"}
    res = subprocess.run(["bash", str(path)], env=env, capture_output=True, text=True, timeout=60)
    calls = [rec.split("\0")[:-1] for rec in log.read_text().split("\036") if rec] if log.exists() else []
    return [c[1:] if c[0] == "sudo" else c for c in calls], res


def test_the_script_runs_exactly_the_steps_not_yet_done(tmp_path):
    rocm = m.rocm_installed("6.0.0", "jammy", extra_trees=["/opt/rocm-5.7.1"])
    p = plan(m.ubuntu("22.04", rocm=rocm, amdgpu=False), Choices(scope="runtime", rocm="6.2.4", dkms=True))
    kfd_before = os.path.lexists("/dev/kfd")
    calls, res = run_with_stubs(render(p, "script", assume_yes=True), tmp_path)
    assert os.path.lexists("/dev/kfd") == kfd_before  # the check opens /dev/kfd only if it is a device
    progs = [c[0] for c in calls]
    assert progs == ["apt-get", "apt-get", "rm", "rm", "install", "curl", "gpg", "tee", "tee", "tee", "apt-get",
                     "env", "env", "usermod", "env"], calls
    assert calls[0][:3] == ["apt-get", "purge", "-y"] and "rocm-core" in calls[0]
    assert calls[2] == ["rm", "-rf", "--", "/opt/rocm-6.0.0"]
    assert calls[5] == ["curl", "-fsSL", "https://repo.radeon.com/rocm/rocm.gpg.key"]
    assert calls[6] == ["gpg", "--batch", "--yes", "--dearmor", "-o", "/etc/apt/keyrings/rocm.gpg"]
    assert calls[7] == ["tee", "/etc/apt/sources.list.d/rocm.list"]
    assert calls[11] == ["env", "DEBIAN_FRONTEND=noninteractive", "apt-get", "install", "-y",
                         "linux-headers-5.15.0-119-generic", "linux-modules-extra-5.15.0-119-generic", "amdgpu-dkms"]
    assert calls[-2] == ["usermod", "-a", "-G", "render,video", "alice"]
    # rocminfo runs in the helper's environment, not the session's (whose override variables would change what it
    # lists): the one check that goes through env
    assert calls[-1] == ["env", "-i", "PATH=/usr/sbin:/usr/bin:/sbin:/bin", "LC_ALL=C", "/opt/rocm-6.2.4/bin/rocminfo"]
    # the checks ran on this computer, whatever it has: each says ok or FAILED, and a failure sets the exit status
    said = res.stdout + res.stderr
    for check in ("the amdgpu driver is loaded", "rocminfo lists gfx1100", "rocm-smi shows the card",
                  "/dev/kfd opens read-write in this session"):
        assert f"ok: {check}" in said or f"FAILED: {check}" in said, said
    assert res.returncode == (1 if "FAILED" in res.stderr else 0)


def test_a_finished_machines_script_changes_nothing(tmp_path):
    rocm = m.rocm_installed("6.2.4", "noble", packages=["rocm-core", "rocm-hip-runtime", "rocm-smi-lib"])
    rep = m.ubuntu("24.04", rocm=rocm, acc=m.access(groups=["alice", "render", "video"]))
    from rocmdesk.setup.facts import SetupFacts

    facts = SetupFacts(files={"/etc/apt/keyrings/rocm.gpg": "",
                              "/etc/apt/sources.list.d/rocm.list": "deb [arch=amd64 signed-by=/etc/apt/keyrings/rocm.gpg]"
                              " https://repo.radeon.com/rocm/apt/6.2.4 noble main\n",
                              "/etc/apt/preferences.d/rocm-pin-600":
                                  "Package: *\nPin: release o=repo.radeon.com\nPin-Priority: 600\n"},
                       dirs_read=("/etc/apt/sources.list.d", "/etc/apt/preferences.d", "/etc/apt/keyrings"))
    p = plan(rep, Choices(scope="runtime"), facts)
    calls, _ = run_with_stubs(render(p, "script"), tmp_path)
    assert calls == []


def test_a_user_name_with_a_dash_reaches_usermod_intact(tmp_path):
    p = plan(m.ubuntu("24.04", acc=m.access(user="jo-anne.x_1", groups=[])), Choices())
    calls, _ = run_with_stubs(render(p, "script"), tmp_path)
    assert calls == [["usermod", "-a", "-G", "render,video", "jo-anne.x_1"]]


GRAPHICS_LINE = ("deb [arch=amd64 signed-by=/etc/apt/keyrings/rocm.gpg] https://repo.radeon.com/graphics/7.2.4/ubuntu "
                 "noble main")


def test_every_form_carries_the_graphics_repository(tmp_path):
    p = plan(m.ubuntu("24.04"), Choices(scope="runtime", rocm="7.2.4"))
    text = render(p, "text")
    assert "Add AMD's graphics repository for ROCm 7.2.4" in text and "/etc/apt/sources.list.d/rocm-graphics.list" in text
    data = json.loads(render(p, "json"))
    (g,) = [s for s in data["steps"] if s["id"] == "write-graphics-list"]
    assert g["kind"] == "write-apt-list" and g["params"]["path"] == "/etc/apt/sources.list.d/rocm-graphics.list"
    assert [s.to_json() for s in validate(data, "alice")] == data["steps"]  # the helper takes it as it is
    playbook = render(p, "ansible")
    at = playbook.index("ansible.builtin.apt_repository", playbook.index("Add AMD's graphics repository"))
    task = playbook[at:at + 400]
    # a fleet playbook: the task takes its host's release row, and the table holds this release's line
    assert 'rocmdesk_os.lists[\\"write-graphics-list\\"]' in task and 'filename: !unsafe "rocm-graphics"' in task
    assert GRAPHICS_LINE in playbook
    calls, _ = run_with_stubs(render(p, "script", assume_yes=True), tmp_path)
    tees = [c for c in calls if c[0] == "tee"]
    assert tees == [["tee", "/etc/apt/sources.list.d/rocm.list"], ["tee", "/etc/apt/sources.list.d/rocm-graphics.list"],
                    ["tee", "/etc/apt/preferences.d/rocm-pin-600"]]


def test_text_and_json_show_a_kernel_newer_than_amd_validated():
    p = plan(m.ubuntu("24.04", kernel="6.14.0-29-generic"), Choices(scope="runtime", rocm="6.2.4", dkms=True))
    text = render(p, "text")
    assert "[warning] Kernel 6.14 is newer than AMD validated for ROCm 6.2.4 on Ubuntu 24.04  (dkms-kernel-newer)" in text
    assert "seen: ROCm 6.2.4 validated: Ubuntu 24.04/24.04.1 kernel 6.8 GA" in text
    (f,) = [f for f in json.loads(render(p, "json"))["findings"] if f["id"] == "dkms-kernel-newer"]
    assert f["severity"] == "warning" and f["source"] == "S-SR624"
    p = plan(m.ubuntu("24.04", kernel="6.8.0-45-generic"), Choices(scope="runtime", rocm="6.2.4", dkms=True))
    assert "dkms-kernel-newer" not in render(p, "text") + render(p, "json")
