"""Issue 14: every command-line front end renders the advice model (``rocmdesk.advice``) and nothing else.

Each test here failed on the code before the advice was rendered: detect's own device mask (HIP_VISIBLE_DEVICES
in its own numbering), plan's JSON without advice, inspect's verdicts of its own, profile create/show and torch
verify silent about an override the advice calls wrong, risky or needless.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rocmdesk.advice import VISIBILITY_VAR, attach
from rocmdesk.cli import main
from rocmdesk.machine.detect import detect
from rocmdesk.machine.simulate import list_machines, open_simulated

MACHINES = [m.name for m in list_machines()]
IGPU_MACHINES = ["igpu-card1-dgpu-card0", "rx7900xtx-debian12"]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def as_json(capsys, *argv: str):
    code, out, err = run(capsys, *argv)
    assert out.strip(), f"{argv}: rc {code}, {err}"
    return json.loads(out)


# --- detect: the iGPU beside a dGPU --------------------------------------------------------------------------


@pytest.mark.parametrize("name", IGPU_MACHINES)
def test_detect_masks_the_igpu_with_rocr_visible_devices_in_kfd_order(name, capsys):
    # before: a machine-layer warning "HIP_VISIBLE_DEVICES=<index>" (the wrong variable, its own numbering)
    code, out, _ = run(capsys, "detect", "--simulate", name)
    assert code == 0
    assert "HIP_VISIBLE_DEVICES=" not in out
    data = as_json(capsys, "detect", "--json", "--simulate", name)
    assert not any("HIP_VISIBLE_DEVICES" in w for w in data["warnings"])
    dgpu = next(g for g in data["gpus"] if g["apu"] is False)
    igpu = next(g for g in data["gpus"] if g["apu"] is True)
    # the value is the runtime's number for the dGPU: its place in KFD node order, whatever its DRM card
    kfd_order = sorted(data["gpus"], key=lambda g: g["kfd_node"])
    expected = str(kfd_order.index(dgpu))
    assert dgpu["advice"]["runtime_index"] == int(expected)
    assert data["advice"]["env"][VISIBILITY_VAR] == expected and data["advice"]["hidden"] == [igpu["index"]]
    assert "HIP_VISIBLE_DEVICES" not in data["advice"]["env"]
    assert igpu["advice"]["used"] is False and dgpu["advice"]["used"] is True
    # the text says the same, once, with the one variable
    assert f"Set: {VISIBILITY_VAR}={expected} " in out
    assert f"Set ROCR_VISIBLE_DEVICES={expected}:" in out  # the advice's reason for the mask
    table = out.split("\n\n")[1]
    assert "kept out" in next(ln for ln in table.splitlines() if ln.startswith(f"{igpu['index']} "))


def test_the_mask_follows_kfd_order_not_the_card_order(capsys):
    """igpu-card1-dgpu-card0: the dGPU is card0 (DRM order 0) but KFD node 2, after the iGPU (node 1)."""
    data = as_json(capsys, "detect", "--json", "--simulate", "igpu-card1-dgpu-card0")
    dgpu = next(g for g in data["gpus"] if g["apu"] is False)
    assert dgpu["card"] == "card0" and dgpu["kfd_node"] == 2
    assert data["advice"]["env"][VISIBILITY_VAR] == "1"  # not "0", the card's number


# --- detect: the text leads with the recommended path --------------------------------------------------------


def test_detect_text_on_the_780m_laptop(capsys):
    code, out, _ = run(capsys, "detect", "--simulate", "radeon780m-laptop")
    assert code == 0
    lines = out.splitlines()
    first = next(i for i, ln in enumerate(lines) if ln.startswith("Recommended: "))
    assert "AMD's wheels at https://repo.amd.com/rocm/whl/gfx110X-all/" in lines[first]
    assert lines[first].endswith(" - supported")
    others = lines.index("Other ways:")
    assert others > first
    assert lines[others + 1].startswith("  torch 2.13.0+rocm7.2 from PyTorch's index: risky "
                                        "(HSA_OVERRIDE_GFX_VERSION=11.0.0)")
    assert "AMD's list cited: ROCm 7.2.4" in lines
    assert any(ln.startswith("Set: PYTORCH_ALLOC_CONF=") for ln in lines)
    assert any(ln.startswith("Unset HSA_OVERRIDE_GFX_VERSION=11.0.0: ") for ln in lines)
    assert lines.index("AMD's list cited: ROCm 7.2.4") < next(i for i, ln in enumerate(lines) if ln.startswith("OS "))


def test_detect_text_on_the_6600xt_with_an_old_driver(capsys):
    code, out, _ = run(capsys, "detect", "--simulate", "rx6600xt-old-driver")
    assert code == 0
    assert "Recommended: torch 2.9.1+rocm6.4 from PyTorch's index - needs an override" in out
    assert "torch 2.13.0+rocm7.2 from PyTorch's index: needs an override (HSA_OVERRIDE_GFX_VERSION=10.3.0)" in out
    assert "needs an amdgpu-dkms driver from ROCm 7.2 or newer (yours is from ROCm 6.2.4)" in out
    assert "AMD's list cited: ROCm 6.2.4" in out
    assert "Set: HSA_OVERRIDE_GFX_VERSION=10.3.0 " in out
    line = next(ln for ln in out.splitlines() if ln.startswith("GPU 0:"))
    assert "not on AMD's list for ROCm 6.2.4" in line


def test_detect_text_is_what_the_advice_says(capsys):
    """Every sentence of the GPU lines and the notes is the advice's own."""
    for name in ("radeon780m-laptop", "rx9070xt-stale-override", "two-dgpu-one-override"):
        _, out, _ = run(capsys, "detect", "--simulate", name)
        report = detect(open_simulated(name))
        a = attach(report)
        for g in report.gpus:
            assert a.gpus[g.index].reason in out
        for note in a.notes:
            assert note.message in out


# --- the JSON contract: one advice object per GPU across commands -------------------------------------------


@pytest.mark.parametrize("name", MACHINES)
def test_detect_plan_and_torch_recommend_carry_equal_advice(name, capsys):
    target = ["--simulate", name]
    detect_j = as_json(capsys, "detect", "--json", *target)
    plan_j = as_json(capsys, "plan", "--format", "json", *target)
    rec_j = as_json(capsys, "torch", "recommend", "--json", *target)
    per_gpu = [g["advice"] for g in detect_j["gpus"]]
    assert all(a is not None for a in per_gpu)
    assert [g["advice"] for g in plan_j["machine"]["gpus"]] == per_gpu
    assert [g["advice"] for g in rec_j["gpus"]] == per_gpu
    assert plan_j["machine"]["advice"] == detect_j["advice"]
    assert [g["support"] for g in plan_j["machine"]["gpus"]] == [g["support"] for g in detect_j["gpus"]]
    for g in detect_j["gpus"]:
        assert g["support"]["status"] == g["advice"]["status"]
        assert g["support"]["override"] == g["advice"]["override"]
    # nothing renamed: the plan's machine keeps its keys
    assert {"os", "kernel", "gpus"} <= set(plan_j["machine"])
    assert all({"index", "name", "gfx"} <= set(g) for g in plan_j["machine"]["gpus"])


def test_the_json_stays_english(capsys, zh):
    data = as_json(capsys, "detect", "--json", "--simulate", "rx6600xt-old-driver")
    assert data["gpus"][0]["advice"]["reason"].startswith("not on AMD's list for ROCm 6.2.4")


# --- inspect ------------------------------------------------------------------------------------------------


def test_inspect_rocminfo_carries_the_advice(capsys, realdata):
    sample = realdata / "rocminfo" / "gfx1031-as-gfx1030-override-rx6700xt-rocm6.txt"
    data = as_json(capsys, "inspect", str(sample), "--json")
    gpu = data["gpus"][0]
    advice = gpu["advice"]
    assert advice["status"] == gpu["support"]["status"] == "override" and advice["override"] == "10.3.0"
    assert data["advice"]["used"] == [gpu["index"]] and data["advice"]["rocm_cited"] == advice["rocm_cited"]
    # the report names gfx1030 for a gfx1031: 10.3.0 was in effect, which is what the advice sets: no note
    assert data["advice"]["notes"] == []
    code, out, _ = run(capsys, "inspect", str(sample))
    assert code == 0 and "Recommended: torch " in out and "AMD's list cited: ROCm" in out


def test_inspect_a_native_780m_rocminfo_has_no_override_note(capsys, realdata):
    sample = realdata / "rocminfo" / "gfx1103-radeon780m-hawkpoint-8845hs-rocm6.x-vendor-readme-mangled.txt"
    data = as_json(capsys, "inspect", str(sample), "--json")
    assert data["gpus"][0]["gfx"] == "gfx1103" and data["advice"]["notes"] == []
    assert data["gpus"][0]["advice"]["path"]["stream"] == "amd"


def test_inspect_lspci_and_smi_verdicts_are_the_advice(capsys, tmp_path):
    f = tmp_path / "lspci.txt"
    f.write_text("03:00.0 VGA compatible controller [0300]: Advanced Micro Devices, Inc. [AMD/ATI] Navi 23 "
                 "[1002:73ff] (rev c1)\n\tKernel driver in use: amdgpu\n")
    data = as_json(capsys, "inspect", str(f), "--json")
    gpu = data["gpus"][0]
    assert gpu["gfx"] == "gfx1032" and gpu["advice"]["override"] == "10.3.0"
    assert gpu["support"]["reason"] == gpu["advice"]["reason"]


def test_no_front_end_asks_support_for_itself():
    """The verdict comes from the advice: no knowledge.support_for call is left in a command's own code."""
    src = Path(__file__).resolve().parents[1] / "src" / "rocmdesk"
    for rel in ("cli/detect.py", "cli/inspect.py", "report_text.py", "inspect.py", "formats/rocm_smi.py",
                "cli/torch.py", "cli/profile.py", "cli/plan.py", "cli/apply.py"):
        assert "support_for" not in (src / rel).read_text(encoding="utf-8"), rel
