"""The Doctor's GPU findings render the advice (issue 14: one machine, one verdict).

On every simulated machine the override and support findings agree with ``rocmdesk.advice``: the same status,
override value and variable (global or per-GPU ``_<KFD node>``), device number (KFD order) and ROCm release cited
as ``detect``.  On pasted output the same ``advise()`` decides, with the override the runtime's report betrays.
"""

from __future__ import annotations

import json
import re

import pytest

from rocmdesk.advice import OVERRIDE_VAR, VISIBILITY_VAR, attach
from rocmdesk.cli import main
from rocmdesk.doctor.diagnose import diagnose
from rocmdesk.doctor.text_checks import diagnose_text
from rocmdesk.machine import simulate
from rocmdesk.machine.detect import detect
from tests.conftest import REALDATA

GPU_IDS = {"gfx-unsupported", "gfx-needs-override", "override-unneeded", "override-risky", "override-global-mixed",
           "igpu-dgpu-collision"}
MACHINES = [m.name for m in simulate.list_machines()]


def _gpu_findings(d):
    return [f for f in d.findings if f.id in GPU_IDS]


def _commands(f):
    return [s.command for s in f.fix.steps if s.command]


def _machine(name):
    report = detect(simulate.open_simulated(name))
    d = diagnose(report)
    return report, d


def test_there_are_thirteen_machines_to_agree_on():
    assert len(MACHINES) == 13  # the 13th: an RX 6600 XT on Debian 12 without ROCm (b9204d8)
    assert {"rx9070xt-stale-override", "radeon780m-native", "rx6600xt-old-driver", "igpu-card1-dgpu-card0",
            "two-dgpu-one-override"} <= set(MACHINES)


@pytest.mark.parametrize("name", MACHINES)
def test_every_gpu_finding_says_what_the_advice_says(name):
    """Machine-independent agreement: the ROCm release cited, every variable a fix sets, no HIP mask, and no
    finding where the advice has nothing to say."""
    report, d = _machine(name)
    a = report.advice
    assert a is not None and all(g.advice is a.gpus[g.index] for g in report.gpus)
    found = _gpu_findings(d)
    for f in found:
        text = " ".join(f.evidence)
        for cited in re.findall(r"AMD's list for ROCm (\d+\.\d+\.\d+)", text):
            assert cited == a.rocm_cited, (name, f.id, text)
        for c in _commands(f):
            assert "HIP_VISIBLE_DEVICES" not in c
            m = re.fullmatch(r"export (\w+)=(\S+)", c)
            if m and m.group(1) != VISIBILITY_VAR and f.id != "override-risky":
                assert a.env.get(m.group(1)) == m.group(2), (name, c, a.env)  # what a profile would set
            if m and m.group(1) == VISIBILITY_VAR:
                assert a.env[VISIBILITY_VAR] == m.group(2)
            m = re.fullmatch(r"unset (\w+)", c)
            if m:
                assert m.group(1) in report.override_env and m.group(1) not in a.env
    if not a.notes and not a.hidden and all(g.status in ("supported", "unknown") for g in a.gpus.values()):
        assert found == [], name


def test_780m_laptop_with_11_0_0_gets_override_unneeded_citing_amds_wheels():
    report, d = _machine("radeon780m-laptop")
    assert [f.id for f in _gpu_findings(d)] == ["override-unneeded"]
    f = d.finding("override-unneeded")
    assert any("https://repo.amd.com/rocm/whl/gfx110X-all/" in e for e in f.evidence)
    assert any(e.startswith("GPU 0 AMD Radeon 780M Graphics (gfx1103): AMD's gfx110X-all wheels") for e in f.evidence)
    assert _commands(f) == ["unset HSA_OVERRIDE_GFX_VERSION"]
    assert [n.code for n in report.advice.notes] == ["override-needless"]


def test_780m_without_override_has_nothing_to_fix():
    # the advice is AMD's gfx110X-all wheels, natively: no override needed, none risky
    _, d = _machine("radeon780m-native")
    assert _gpu_findings(d) == []


def test_rdna4_with_a_stale_rdna3_override_is_told_to_unset_it():
    report, d = _machine("rx9070xt-stale-override")
    assert [f.id for f in _gpu_findings(d)] == ["override-unneeded"]
    f = d.finding("override-unneeded")
    assert _commands(f) == ["unset HSA_OVERRIDE_GFX_VERSION"]
    note = report.advice.notes[0]
    assert note.code == "override-risky" and note.wanted is None and note.message in f.evidence
    assert any("another generation" in e for e in f.evidence)


def test_old_driver_6600_cites_the_installed_rocm_as_detect_does():
    """Failed before: gpu_checks called support_for(gfx) without the installed ROCm, so the Doctor cited
    "not on AMD's list for ROCm 7.2.4" while detect cites the installed 6.2.4."""
    report, d = _machine("rx6600xt-old-driver")
    f = d.finding("gfx-needs-override")
    text = " ".join(f.evidence)
    assert "not on AMD's list for ROCm 6.2.4" in text and "7.2.4" not in text
    assert report.rocm.primary_version == "6.2.4" and report.advice.rocm_cited == "6.2.4"
    assert "torch 2.9.1+rocm6.4" in text  # the wheel that fits the 6.2.4 driver, as the advice picks
    assert _commands(f) == ["export HSA_OVERRIDE_GFX_VERSION=10.3.0"]


def test_two_dgpus_one_needing_an_override_get_the_per_gpu_form_for_that_one_only():
    report, d = _machine("two-dgpu-one-override")
    six = next(g for g in report.gpus if g.gfx == "gfx1032")
    xtx = next(g for g in report.gpus if g.gfx == "gfx1100")
    assert [f.id for f in _gpu_findings(d)] == ["gfx-needs-override"]
    f = d.finding("gfx-needs-override")
    var = f"{OVERRIDE_VAR}_{six.kfd_node}"
    assert _commands(f) == [f"export {var}=10.3.0"]
    assert any(e.startswith(f"GPU {six.index} AMD Radeon RX 6600 XT") for e in f.evidence)
    assert not any(e.startswith(f"GPU {xtx.index} ") for e in f.evidence)
    assert f"no {var} is set for it" in f.evidence
    # with the per-GPU form set, nothing is left; with the global form, the mixed-GPU finding says to use _<node>
    report.override_env = {var: "10.3.0"}
    assert _gpu_findings(diagnose(report)) == []
    report.override_env = {OVERRIDE_VAR: "10.3.0"}
    d = diagnose(report)
    assert [f.id for f in _gpu_findings(d)] == ["override-global-mixed"]
    assert _commands(d.findings[0]) == [f"export {var}=10.3.0"]


def test_igpu_hidden_by_its_kfd_order_number_not_its_drm_card():
    """The iGPU is card1 and the 7900 XTX card0, but KFD lists the iGPU first: the runtime's device 1 is the XTX."""
    report, d = _machine("igpu-card1-dgpu-card0")
    xtx = next(g for g in report.gpus if g.gfx == "gfx1100")
    assert xtx.card == "card0" and xtx.advice.runtime_index == 1
    f = d.finding("igpu-dgpu-collision")
    assert _commands(f) == ["export ROCR_VISIBLE_DEVICES=1"]
    assert any("is ROCm device 1" in e and "RX 7900 XTX" in e for e in f.evidence)
    assert [x.id for x in _gpu_findings(d)] == ["igpu-dgpu-collision"]  # the hidden iGPU needs no override


def test_the_json_machine_carries_detects_advice_objects(capsys):
    """doctor --json: machine.gpus[i].advice and machine.advice equal detect --json's; nothing renamed."""
    for name in ("radeon780m-laptop", "rx6600xt-old-driver", "igpu-card1-dgpu-card0", "two-dgpu-one-override"):
        main(["detect", "--json", "--simulate", name])
        det = json.loads(capsys.readouterr().out)
        main(["doctor", "--json", "--simulate", name])
        doc = json.loads(capsys.readouterr().out)
        m = doc["machine"]
        assert [g["advice"] for g in m["gpus"]] == [g["advice"] for g in det["gpus"]]
        assert all(g["advice"] is not None for g in m["gpus"])
        assert m["advice"] == det["advice"]
        # the summary's own keys stay as they were: support is the status word
        assert [g["support"] for g in m["gpus"]] == [g["advice"]["status"] for g in det["gpus"]]


# --- pasted output ---------------------------------------------------------------------------------------------

_HEAD = """ROCk module version 6.8.5 is loaded
=====================
HSA System Attributes
=====================
Runtime Version:         1.14
Machine Model:           LARGE

==========
HSA Agents
==========
*******
Agent 1
*******
  Name:                    AMD Ryzen 7 7840U w/ Radeon 780M Graphics
  Uuid:                    CPU-XX
  Marketing Name:          AMD Ryzen 7 7840U w/ Radeon 780M Graphics
  Vendor Name:             CPU
  Node:                    0
  Device Type:             CPU
  Chip ID:                 0(0x0)
  BDFID:                   0
  Compute Unit:            16
"""


def _agent(n: int, reported: str, marketing: str, chip: int, bdfid: int) -> str:
    return f"""*******
Agent {n + 1}
*******
  Name:                    {reported}
  Uuid:                    GPU-XX
  Marketing Name:          {marketing}
  Vendor Name:             AMD
  Feature:                 KERNEL_DISPATCH
  Node:                    {n}
  Device Type:             GPU
  Chip ID:                 {chip}(0x{chip:x})
  BDFID:                   {bdfid}
  Compute Unit:            12
  ISA Info:
    ISA 1
      Name:                    amdgcn-amd-amdhsa--{reported}
"""


def _rocminfo(*agents: str) -> str:
    return _HEAD + "".join(agents) + "*** Done ***\n"


def _780m(reported: str) -> str:
    return _rocminfo(_agent(1, reported, "AMD Radeon 780M Graphics", 0x15BF, 0xC300))


def test_a_native_780m_rocminfo_is_not_told_its_override_is_risky():
    """Failed before: judged against PyTorch's own wheels alone, gfx1103 "needs" the risky 11.0.0, so a paste with
    no override in effect got override-risky.  The advice is AMD's gfx110X-all wheels: nothing to fix."""
    info, found = diagnose_text(_780m("gfx1103"), "rocminfo.txt")
    assert info.format == "rocminfo"
    assert [f.id for f in found if f.id in GPU_IDS] == []


def test_a_780m_rocminfo_reporting_gfx1100_gets_the_advices_finding_for_the_override():
    _, found = diagnose_text(_780m("gfx1100"), "rocminfo.txt")
    assert [f.id for f in found if f.id in GPU_IDS] == ["override-unneeded"]
    f = found[0]
    assert any("HSA_OVERRIDE_GFX_VERSION=11.0.0 in effect (it reports gfx1100)" in e for e in f.evidence)
    assert any("gfx110X-all" in e for e in f.evidence)
    assert _commands(f) == ["unset HSA_OVERRIDE_GFX_VERSION"]
    assert f.severity == "warning"


def test_a_paste_is_judged_by_the_same_advice_as_the_machine():
    from rocmdesk.doctor.gpu_checks import paste_report
    from rocmdesk.inspect import inspect_text

    result = inspect_text(_780m("gfx1100"), "rocminfo.txt")
    report = paste_report(result["gpus"], "rocminfo.txt")
    assert report.override_env == {OVERRIDE_VAR: "11.0.0"}
    machine = detect(simulate.open_simulated("radeon780m-laptop"))
    attach(machine)
    mine, theirs = report.advice.gpus[0], machine.advice.gpus[0]
    assert (mine.status, mine.override, mine.path) == (theirs.status, theirs.override, theirs.path)
    assert [n.code for n in report.advice.notes] == [n.code for n in machine.advice.notes] == ["override-needless"]


def test_a_paste_with_the_right_override_in_effect_is_fine_and_a_wrong_one_is_not():
    six = _rocminfo(_agent(1, "gfx1030", "AMD Radeon RX 6600 XT", 0x73FF, 0x300))  # 10.3.0 on a gfx1032
    _, found = diagnose_text(six, "rocminfo.txt")
    assert [f.id for f in found if f.id in GPU_IDS] == []
    wrong = _rocminfo(_agent(1, "gfx1100", "AMD Radeon RX 6600 XT", 0x73FF, 0x300))  # 11.0.0 on a gfx1032
    _, found = diagnose_text(wrong, "rocminfo.txt")
    assert [f.id for f in found if f.id in GPU_IDS] == ["override-risky"]
    assert any("works with 10.3.0, not 11.0.0" in e for e in found[0].evidence)


def test_a_paste_needing_an_override_is_a_warning_with_the_advised_value():
    _, found = diagnose_text(_rocminfo(_agent(1, "gfx1032", "AMD Radeon RX 6600 XT", 0x73FF, 0x300)), "r.txt")
    f = next(f for f in found if f.id == "gfx-needs-override")
    assert f.severity == "warning"  # a paste does not show which variables are set
    assert _commands(f) == ["export HSA_OVERRIDE_GFX_VERSION=10.3.0"]


def test_rocminfo_of_the_igpu_first_machine_numbers_the_dgpu_by_its_agent_order():
    text = _rocminfo(_agent(1, "gfx1036", "AMD Radeon Graphics", 0x164E, 0x1200),
                     _agent(2, "gfx1100", "AMD Radeon RX 7900 XTX", 0x744C, 0x300))
    _, found = diagnose_text(text, "rocminfo.txt")
    assert [f.id for f in found if f.id in GPU_IDS] == ["igpu-dgpu-collision"]
    assert _commands(found[0]) == ["export ROCR_VISIBLE_DEVICES=1"]


LSPCI_IGPU_CARD1 = (
    "03:00.0 VGA compatible controller [0300]: Advanced Micro Devices, Inc. [AMD/ATI] Navi 31 [Radeon RX 7900 "
    "XT/7900 XTX/7900M] [1002:744c] (rev c8)\n"
    "12:00.0 VGA compatible controller [0300]: Advanced Micro Devices, Inc. [AMD/ATI] Raphael [1002:164e] (rev c1)\n")


def test_lspci_order_is_not_the_runtimes_device_order():
    """Failed before: lspci lists the 7900 XTX first (03:00.0, card0), and the Doctor wrote ROCR_VISIBLE_DEVICES=0
    from that order; on igpu-card1-dgpu-card0 the runtime (KFD order) numbers the iGPU 0 and the XTX 1.  Without
    KFD nodes no number is written, and the finding says where to read it."""
    _, found = diagnose_text(LSPCI_IGPU_CARD1, "lspci.txt")
    f = next(f for f in found if f.id == "igpu-dgpu-collision")
    assert _commands(f) == ["export ROCR_VISIBLE_DEVICES={visible}"]
    assert any("rocminfo lists" in e for e in f.evidence)
    # the simulated machine this lspci comes from: its own KFD order gives the XTX device 1
    report, d = _machine("igpu-card1-dgpu-card0")
    assert [g.pci_slot[5:] for g in report.gpus if g.gfx == "gfx1100"] == ["03:00.0"]
    assert _commands(d.finding("igpu-dgpu-collision")) == ["export ROCR_VISIBLE_DEVICES=1"]


# --- real pastes -------------------------------------------------------------------------------------------------

_780M_REAL = "rocminfo/gfx1103-radeon780m-hawkpoint-8845hs-rocm6.x-vendor-readme-mangled.txt"


@pytest.mark.conformance
def test_the_real_native_780m_rocminfo(realdata):
    text = (realdata / _780M_REAL).read_text(encoding="utf-8", errors="replace")
    assert "gfx1103" in text
    _, found = diagnose_text(text, "780m.txt")
    assert [f.id for f in found if f.id in GPU_IDS] == []
    # the same dump as the runtime prints it under HSA_OVERRIDE_GFX_VERSION=11.0.0 (the chip id stays 0x1900)
    _, found = diagnose_text(text.replace("gfx1103", "gfx1100"), "780m-11.0.0.txt")
    assert [f.id for f in found if f.id in GPU_IDS] == ["override-unneeded"]
    assert any("gfx110X-all" in e for e in found[0].evidence)


@pytest.mark.conformance
def test_the_real_7900xtx_and_raphael_rocm_smi_writes_no_device_number(realdata):
    text = (REALDATA / "rocm-smi/rx7900xtx-plus-raphael-igpu-showhw-rocm5.x.txt").read_text(encoding="utf-8")
    _, found = diagnose_text(text, "rocm-smi.txt")
    f = next(f for f in found if f.id == "igpu-dgpu-collision")
    assert _commands(f) == ["export ROCR_VISIBLE_DEVICES={visible}"]  # rocm-smi numbers cards, not KFD nodes


@pytest.mark.parametrize("text", [_780m("gfx1103"), _780m("gfx1100"), LSPCI_IGPU_CARD1,
                                  _rocminfo(_agent(1, "gfx1032", "AMD Radeon RX 6600 XT", 0x73FF, 0x300))],
                         ids=["780m-native", "780m-11.0.0", "lspci-igpu", "6600-rocminfo"])
def test_the_doctor_advises_a_paste_as_inspect_does(text):
    """``doctor --from`` and ``inspect`` read the same paste into the same advice (the same override betrayed)."""
    from rocmdesk.doctor.gpu_checks import paste_report
    from rocmdesk.inspect import inspect_text

    result = inspect_text(text, "paste.txt")
    assert result.get("advice") is not None, "inspect gave no advice: nothing to compare the doctor with"
    report = paste_report(result["gpus"], "paste.txt")
    assert report.advice.to_json() == result["advice"]
    assert [g.advice.to_json() for g in report.gpus] == [g["advice"] for g in result["gpus"]]
