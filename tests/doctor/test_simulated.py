"""The Doctor on simulated machines: a healthy one gives no finding; each injected fault gives exactly its own."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rocmdesk.doctor.diagnose import diagnose
from rocmdesk.machine import simulate
from rocmdesk.machine.detect import detect
from rocmdesk.torchenv.verify import judge


@pytest.fixture(scope="module")
def trees(tmp_path_factory):
    base = tmp_path_factory.mktemp("doctor-sims")
    built = {}

    def make(key, machine):
        if key not in built:
            built[key] = detect(simulate.build_machine(machine, base / key))
        return built[key]
    return make


def _xtx():
    return simulate.get_machine("rx7900xtx-ubuntu2404")


def _6600_fixed(**kw):
    """The RX 6600 XT box with its session logged in again and no ROCm leftovers, then ``kw``."""
    m = simulate.get_machine("rx6600xt-ubuntu2204")
    session = (m.user,) + m.user_groups
    base = dict(session_groups=session, rocm_leftovers=())
    base.update(kw)
    return replace(m, **base)


def ids(report, **kw):
    return diagnose(report, **kw).ids()


def test_healthy_machines_give_no_finding(trees):
    assert ids(trees("xtx", _xtx())) == []
    for name in ("rx7900xtx-ubuntu2404", "mi300x-8gpu-server", "mi308x-partitioned"):
        assert ids(detect(simulate.open_simulated(name))) == [], name


def test_user_not_in_render_is_kfd_permission_with_an_automatic_fix(trees):
    m = _xtx()
    groups = tuple(g for g in m.user_groups if g not in ("render", "video"))
    report = trees("no-groups", replace(m, user_groups=groups, session_groups=(m.user,) + groups))
    d = diagnose(report)
    assert d.ids() == ["kfd-permission"]
    f = d.findings[0]
    assert f.severity == "error" and any("render" in e for e in f.evidence)
    assert f.fix.kind == "auto" and f.fix.plan is not None
    kinds = [s.kind for s in f.fix.plan.steps]
    assert kinds[0] == "add-user-to-groups" and f.fix.plan.steps[0].params == {"user": m.user,
                                                                             "groups": ["render", "video"]}
    from rocmdesk.setup.steps import validate

    validate(f.fix.plan.to_json(), m.user)  # the plan passes the helper's own allow-list


def test_override_missing_and_set(trees):
    assert ids(trees("6600-no-override", _6600_fixed())) == ["gfx-needs-override"]
    d = diagnose(trees("6600-no-override", _6600_fixed()))
    assert d.findings[0].fix.steps[0].command == "export HSA_OVERRIDE_GFX_VERSION=10.3.0"
    ok = _6600_fixed(env={"HSA_OVERRIDE_GFX_VERSION": "10.3.0"})
    assert ids(trees("6600-override", ok)) == []


def test_unneeded_override(trees):
    m = replace(_xtx(), env={"HSA_OVERRIDE_GFX_VERSION": "11.0.0"})
    assert ids(trees("xtx-override", m)) == ["override-unneeded"]


def test_cpu_wheel_from_a_verify_result(trees):
    report = trees("xtx", _xtx())
    cpu = judge({"executable": "/venv/bin/python", "torch": "2.13.0+cpu", "hip": None, "cuda": None,
                 "is_available": False, "device_count": 0}, report)
    assert cpu.verdict == "cpu-only-wheel"
    d = diagnose(report, verify=[cpu])
    assert d.ids() == ["wheel-cpu-only"] and d.findings[0].origins == ["verify"]
    # the same result as the JSON `rocmdesk torch verify --json` writes, pasted with --from
    import json

    assert diagnose(report, texts=[("verify.json", json.dumps(cpu.to_json()))]).ids() == ["wheel-cpu-only"]


def test_old_rocm_left_behind_is_residue_with_a_cleanup_plan(trees):
    m = simulate.get_machine("rx6600xt-ubuntu2204")
    fixed = replace(m, session_groups=(m.user,) + m.user_groups, env={"HSA_OVERRIDE_GFX_VERSION": "10.3.0"})
    d = diagnose(trees("6600-residue", fixed))
    assert d.ids() == ["rocm-residue"]
    f = d.findings[0]
    assert f.fix.kind == "auto"
    steps = [s for s in f.fix.plan.steps if s.kind != "verify"]
    assert steps and all(s.id.startswith("cleanup-") for s in steps)
    assert {"path": "/opt/rocm-5.7.1"} in [s.params for s in steps]
    assert all("/opt/rocm-6.2.4" not in str(s.params) for s in steps)  # the installed release stays


def test_stock_6600_box_shows_its_three_faults():
    d = diagnose(detect(simulate.open_simulated("rx6600xt-ubuntu2204")))
    assert d.ids() == ["gfx-needs-override", "groups-pending-relogin", "rocm-residue"]


def test_igpu_beside_dgpu(trees):
    d = diagnose(detect(simulate.open_simulated("rx7900xtx-debian12")))
    assert d.ids() == ["igpu-dgpu-collision"]
    assert d.findings[0].fix.steps[0].command.startswith("export ROCR_VISIBLE_DEVICES=")


def test_driver_faults(trees):
    assert ids(trees("no-amdgpu", replace(_xtx(), amdgpu_loaded=False, kfd=False))) == ["amdgpu-not-loaded"]
    assert ids(trees("no-kfd", replace(_xtx(), kfd=False))) == ["kfd-missing"]


def test_no_amd_gpu_is_a_note_only():
    d = diagnose(detect(simulate.open_simulated("no-amd-gpu")))
    assert d.ids() == ["no-amd-gpu"] and d.worst == "info"


def test_needless_override_on_the_780m():
    # was override-risky: judged against PyTorch's own wheels only, 11.0.0 is the risky override gfx1103 needs.
    # The advice (issue 14) leads with AMD's gfx110X-all wheels, which carry gfx1103 natively: the 11.0.0 in
    # effect is needless there, and the Doctor says what detect and every page say
    d = diagnose(detect(simulate.open_simulated("radeon780m-laptop")))
    assert d.ids() == ["override-unneeded"]
    f = d.findings[0]
    assert any("gfx110X-all" in e for e in f.evidence)
    assert f.fix.steps[0].command == "unset HSA_OVERRIDE_GFX_VERSION"


def test_global_override_on_mixed_gpus(trees):
    m = simulate.get_machine("rx7900xtx-debian12")
    mixed = replace(m, env={"HSA_OVERRIDE_GFX_VERSION": "10.3.0"})
    # the iGPU is hidden by the recommendation, so the XTX alone gets the (needless) override
    assert "override-unneeded" in ids(trees("mixed", mixed))


def test_the_machines_own_kernel_log_is_read_through_the_host(tmp_path):
    from rocmdesk.doctor.diagnose import diagnose_host
    from rocmdesk.machine.host import CommandResult

    host = simulate.build_machine(_xtx(), tmp_path / "t")
    assert diagnose_host(host).ids() == []  # a tree runs no command: no log, nothing found
    log = ("[    1.0] usb 1-1: new high-speed USB device\n"
           "[ 5012.3] amdgpu 0000:03:00.0: amdgpu: ring gfx_0.0.0 timeout, signaled seq=1, emitted seq=3\n"
           "[ 5012.4] amdgpu 0000:03:00.0: amdgpu: GPU reset begin!\n")
    host.commands["journalctl"] = CommandResult(("journalctl",), 0, log)
    d = diagnose_host(host)
    assert d.ids() == ["driver-errors"] and d.findings[0].origins == ["kernel log"]
    assert any("ring gfx_0.0.0 timeout" in e for e in d.findings[0].evidence)
    assert d.inputs == []  # the machine's log is not a user input
    # journalctl refused (not in adm/systemd-journal): dmesg is tried next
    host.commands["journalctl"] = CommandResult(("journalctl",), 1, "", "No journal files were found.")
    host.commands["dmesg"] = CommandResult(("dmesg",), 0, "[ 3.0] pci 0000:03:00.0: GPU fell off the bus\n"
                                           "[ 3.1] amdgpu 0000:03:00.0: amdgpu: device lost from bus!\n")
    assert diagnose_host(host).ids() == ["gpu-lost"]


def test_one_global_override_on_two_different_dgpus(trees):
    """RX 7900 XTX + RX 6600 XT with HSA_OVERRIDE_GFX_VERSION=10.3.0: the per-node form is the fix."""
    import copy

    from rocmdesk import knowledge

    report = copy.deepcopy(trees("xtx", _xtx()))
    second = copy.deepcopy(report.gpus[0])
    second.index, second.name, second.gfx, second.gfx_reported = 1, "AMD Radeon RX 6600 XT", "gfx1032", "gfx1032"
    second.device_id, second.kfd_node, second.pci_slot = "73ff", 2, "0000:0c:00.0"
    second.support = knowledge.support_for("gfx1032")
    report.gpus.append(second)
    report.override_env = {"HSA_OVERRIDE_GFX_VERSION": "10.3.0"}
    d = diagnose(report)
    assert d.ids() == ["override-global-mixed"]
    assert d.findings[0].fix.steps[0].command == "export HSA_OVERRIDE_GFX_VERSION_2=10.3.0"
    report.override_env = {"HSA_OVERRIDE_GFX_VERSION_2": "10.3.0"}  # the per-node form: all good
    assert diagnose(report).ids() == []


def test_diagnose_host_reports_progress_and_stops_when_cancelled(tmp_path):
    from rocmdesk.doctor.diagnose import Cancelled, diagnose_host
    from rocmdesk.machine.process import Cancel

    host = simulate.build_machine(_xtx(), tmp_path / "t")
    seen = []
    d = diagnose_host(host, on_progress=lambda done, total, what: seen.append((done, total)))
    assert d.ids() == [] and seen[0] == (0, 3) and seen[-1] == (3, 3)
    cancel = Cancel()
    cancel.cancel()
    with pytest.raises(Cancelled):
        diagnose_host(host, cancel=cancel)


def test_machine_checks_show_only_the_fix_steps_for_the_situation(trees):
    m = _xtx()
    groups = tuple(g for g in m.user_groups if g not in ("render", "video"))
    d = diagnose(trees("no-groups", replace(m, user_groups=groups, session_groups=(m.user,) + groups)))
    texts = [s.text for s in d.findings[0].fix.steps]
    assert len(texts) == 2 and "render and video" in texts[0]  # no container or SELinux advice on a desktop
    from rocmdesk.doctor.text_checks import diagnose_text

    _, found = diagnose_text("Unable to open /dev/kfd read-write: Permission denied\n", "paste")
    assert len(found[0].fix.steps) == 4  # a paste: the situation is unknown, every step stays
