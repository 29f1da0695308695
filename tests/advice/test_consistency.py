"""The guard of "one machine, one verdict": every front end says the same thing about the same machine.

Every simulated machine and every real KFD topology / sysfs snapshot in ../shared/realdata goes through every
command that speaks about a GPU (detect, plan --format json, torch recommend, doctor: all --json); the gfx, status,
override value and form, visible-devices variable and value, ROCm version cited and the path must agree, and so
must the user that plan and detect name.  Commands run in-process through ``rocmdesk.cli.main`` (as a shell
would, minus the start-up).  The pages' models are held to the same advice in tests/ui/test_advice_pages.py.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from rocmdesk.advice import VISIBILITY_VAR
from rocmdesk.cli import main
from rocmdesk.machine.simulate import list_machines
from tests.conftest import REALDATA

MACHINES = [m.name for m in list_machines()]


def _json(capsys, *argv: str) -> Any:
    capsys.readouterr()
    rc = main(list(argv))
    out = capsys.readouterr().out
    assert out.strip(), f"{argv}: no output (rc {rc})"
    return json.loads(out)


def _facts(advice: dict[str, Any] | None) -> dict[str, Any]:
    """What a person reads off a GPU's advice: the facts that must never differ between two front ends."""
    assert advice is not None
    env = advice["env"]
    return {
        "status": advice["status"],
        "override": advice["override"],
        "override_var": advice["override_var"],
        "visible": (VISIBILITY_VAR, env.get(VISIBILITY_VAR)),
        "hip_mask": env.get("HIP_VISIBLE_DEVICES"),  # never set: one variable masks devices
        "rocm_cited": advice["rocm_cited"],
        "path": advice["path"],
        "used": advice["used"],
        "reason": advice["reason"],
    }


def _support(g: dict[str, Any]) -> str | None:
    s = g.get("support")  # the machine record's object, or (doctor's compact machine) the status word
    return s.get("status") if isinstance(s, dict) else s


def _views(capsys, target: list[str]) -> dict[str, list[dict[str, Any]]]:
    """Per front end, the GPUs as it reports them: gfx, the advice's facts and the support it shows."""
    detect_j = _json(capsys, "detect", "--json", *target)
    plan_j = _json(capsys, "plan", "--format", "json", *target)
    rec_j = _json(capsys, "torch", "recommend", "--json", *target)
    doctor_j = _json(capsys, "doctor", "--json", *target)

    def machine_gpus(m: dict[str, Any]) -> list[dict[str, Any]]:
        return [{"gfx": g["gfx"], "support": _support(g), **_facts(g["advice"])} for g in m["gpus"]]

    return {
        "detect": machine_gpus(detect_j),
        "plan": machine_gpus(plan_j["machine"]),
        "doctor": machine_gpus(doctor_j["machine"]),
        "torch recommend": [{"gfx": g["gfx"], "support": g["advice"]["status"], **_facts(g["advice"])}
                            for g in rec_j["gpus"]],
    }


def _agree(views: dict[str, list[dict[str, Any]]]) -> None:
    first_name, first = next(iter(views.items()))
    for g in first:
        assert g["support"] == g["status"], f"{first_name}: support says {g['support']}, advice {g['status']}"
        assert g["hip_mask"] is None
    for name, gpus in views.items():
        assert gpus == first, f"{name} disagrees with {first_name}:\n{gpus}\n{first}"


@pytest.mark.parametrize("name", MACHINES)
def test_every_command_gives_one_verdict_on_a_simulated_machine(name, capsys):
    _agree(_views(capsys, ["--simulate", name]))


@pytest.mark.parametrize("name", MACHINES)
def test_plan_and_detect_name_the_same_user(name, capsys):
    detect_j = _json(capsys, "detect", "--json", "--simulate", name)
    plan_j = _json(capsys, "plan", "--format", "json", "--simulate", name)
    assert plan_j["choices"]["user"] == detect_j["access"]["user"]


# --- real trees ----------------------------------------------------------------------------------------------


def _topologies() -> list[Path]:
    return sorted(p for p in (REALDATA / "kfd-topology").iterdir() if p.is_dir()) if REALDATA.is_dir() else []


def _snapshots() -> list[Path]:
    if not REALDATA.is_dir():
        return []
    return [p for group in sorted((REALDATA / "sysfs").iterdir()) if group.is_dir()
            for p in sorted(group.iterdir()) if p.is_dir()]


def _topology_root(tmp: Path, sample: Path) -> Path:
    nodes = sample / "nodes" if (sample / "nodes").is_dir() else sample / "topology" / "nodes"
    topo = tmp / "sys/class/kfd/kfd/topology"
    topo.mkdir(parents=True)
    os.symlink(nodes, topo / "nodes")
    return tmp


def _snapshot_root(tmp: Path, sample: Path) -> Path:
    cards = sorted(sample.glob("card[0-9]*"))
    device = cards[0] / "device" if cards else sample
    card = tmp / "sys/class/drm/card0"
    card.mkdir(parents=True)
    os.symlink(device, card / "device")
    return tmp


@pytest.mark.conformance
@pytest.mark.parametrize("sample", _topologies(), ids=lambda p: p.name)
def test_every_command_gives_one_verdict_on_a_real_kfd_topology(sample, tmp_path, capsys, realdata):
    views = _views(capsys, ["--root", str(_topology_root(tmp_path, sample))])
    assert views["detect"], "a real topology has GPUs"
    _agree(views)


@pytest.mark.conformance
@pytest.mark.parametrize("sample", _snapshots(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_command_gives_one_verdict_on_a_real_sysfs_snapshot(sample, tmp_path, capsys, realdata):
    _agree(_views(capsys, ["--root", str(_snapshot_root(tmp_path, sample))]))


def test_the_real_trees_are_there_to_check(realdata):
    assert len(_topologies()) >= 3 and len(_snapshots()) >= 20
