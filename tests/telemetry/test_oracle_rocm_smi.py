"""The independent oracle: Debian's real rocm-smi reads the same tree, and says what our sampler says.

Each tree (every simulated machine at an idle and a busy moment, and ../shared/tools/fakesys
trees) is mounted over /sys in a private mount namespace (run_in_fakesys.sh) and read by
``rocm-smi --showtemp --showpower --showmemuse --showuse --showmeminfo vram gtt --showbus --json``,
then by ``--showclocks --showfan --showmaxpower --json``.  rocm-smi's JSON is read here with
``json.loads`` and ``float()`` only -- not with rocmdesk's own parser -- so the two sides share no code.

Known differences, asserted rather than hidden:
- rocm-smi 5.2.3 reads ``power1_average`` only; on cards with just ``power1_input`` (MI300) it
  says N/A where we report the fallback the issue asks for;
- rocm-smi 5.2.3 throws ``std::out_of_range`` when a card has no ``in0_label`` (MI300 has no
  voltage sensor): the oracle copy of such a tree gets an ``in0_label`` file, which no
  metric we compare depends on;
- rocm-smi 5.2.3's library knows ``gpu_metrics`` up to v1.3 and aborts (an assertion in
  rocm_smi_gpu_metrics.cc) on MI300's v1.4 and later: the oracle copy of such a tree loses its
  ``gpu_metrics`` file, which the compared metrics (hwmon, mem_info, busy) do not come from.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rocmdesk.machine.host import Host
from rocmdesk.telemetry.sampler import SysfsSampler
from tests.conftest import SHARED, require
from tests.telemetry.conftest import GPU_MACHINES, build_tree

ROCM_SMI = "/usr/libexec/rocm_smi/rocm_smi.py"
FAKESYS = SHARED / "tools/fakesys"
RUN = FAKESYS / "run_in_fakesys.sh"
PYTHON = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable
BASIC = ["--showtemp", "--showpower", "--showmemuse", "--showuse", "--showmeminfo", "vram", "gtt", "--showbus", "--json"]
CLOCKS = ["--showclocks", "--showfan", "--showmaxpower", "--json"]


def _why_not() -> str | None:
    if not os.path.exists(ROCM_SMI):
        return "Debian's rocm-smi is not installed (apt-get install rocm-smi)"
    if not RUN.is_file() or not shutil.which("unshare"):
        return "needs ../shared/tools/fakesys and unshare"
    args = ["unshare", "--mount", "true"] if os.geteuid() == 0 else ["unshare", "--map-root-user", "--mount", "true"]
    try:
        if subprocess.run(args, capture_output=True, timeout=10).returncode != 0:
            return "mount namespaces are not available here"
    except (OSError, subprocess.TimeoutExpired):
        return "mount namespaces are not available here"
    return None


@pytest.fixture(autouse=True)
def _real_rocm_smi() -> None:
    why = _why_not()
    if why is not None:
        require("Debian's rocm-smi in a private mount namespace", why)


def rocm_smi(root: Path, args: list[str]) -> dict | None:
    proc = subprocess.run(["sh", str(RUN), str(root), PYTHON, ROCM_SMI, *args], capture_output=True, text=True,
                          timeout=60)
    try:
        return json.loads(proc.stdout)
    except ValueError:
        return None  # rocm-smi 5.2.3 crashed part-way (map::at): no JSON to compare


def _give_in0_labels(root: Path) -> None:
    for hw in (root / "sys/class/hwmon").iterdir():
        if (hw / "name").is_file() and (hw / "name").read_text().strip() == "amdgpu" and not (hw / "in0_label").exists():
            (hw / "in0_label").write_text("vddgfx\n")


def _drop_new_gpu_metrics(root: Path) -> None:
    for f in (root / "sys").glob("devices/**/gpu_metrics"):
        head = f.read_bytes()[:4]
        if len(head) == 4 and head[2] == 1 and head[3] >= 4:
            f.unlink()


def _num(text: str):
    return None if text.startswith("N/A") else float(text)


def compare(root: Path) -> int:
    """Check every card rocm-smi reports against our sample; returns how many values agreed."""
    host = Host.at_root(root)
    sampler = SysfsSampler(host)
    ours = {s.pci_slot: s for s in sampler.sample()}
    basic = rocm_smi(root, BASIC)
    assert basic, "rocm-smi printed no JSON for the basic metrics"
    agreed = 0
    matched = set()
    for card, theirs in basic.items():
        if card == "system" or "PCI Bus" not in theirs:
            continue
        slot = theirs["PCI Bus"].lower()
        if slot not in ours:
            continue  # a compute partition's own DRM device: rocmdesk reads the card's function 0
        s = ours[slot]
        matched.add(slot)
        plan = sampler.plan(s.index)
        for key, attr in (("Temperature (Sensor edge) (C)", "temp_edge_c"),
                          ("Temperature (Sensor junction) (C)", "temp_junction_c"),
                          ("Temperature (Sensor memory) (C)", "temp_mem_c")):
            assert _num(theirs[key]) == s.get(attr), (root.name, card, key, theirs[key], s.get(attr))
            agreed += 1
        power = _num(theirs["Average Graphics Package Power (W)"])
        if power is None and plan.power and plan.power[0].endswith("power1_input"):
            assert s.power_w is not None  # our documented fallback to power1_input
        else:
            assert power == s.power_w, (root.name, card, theirs["Average Graphics Package Power (W)"], s.power_w)
            agreed += 1
        assert int(theirs["GPU use (%)"]) == s.busy_percent
        mem_busy = theirs.get("GPU memory use (%)")
        assert (None if mem_busy in (None, "N/A") else int(mem_busy)) == s.mem_busy_percent
        for key, attr in (("VRAM Total Memory (B)", "vram_total_bytes"), ("VRAM Total Used Memory (B)", "vram_used_bytes"),
                          ("GTT Total Memory (B)", "gtt_total_bytes"), ("GTT Total Used Memory (B)", "gtt_used_bytes")):
            if key in theirs:
                assert int(theirs[key]) == s.get(attr), (root.name, card, key)
                agreed += 1
        agreed += 2
    assert matched == set(ours), (sorted(matched), sorted(ours))
    clocks = rocm_smi(root, CLOCKS)
    for card, theirs in (clocks or {}).items():
        index = int(card[4:]) if card.startswith("card") and card[4:].isdigit() else None
        slot = next((b["PCI Bus"].lower() for c, b in basic.items() if c == card and "PCI Bus" in b), None)
        if index is None or slot not in ours:
            continue
        s = ours[slot]
        for key, attr in (("sclk clock speed:", "sclk_mhz"), ("mclk clock speed:", "mclk_mhz")):
            if key in theirs:
                assert float(theirs[key].strip("()").lower().removesuffix("mhz")) == s.get(attr), (root.name, key)
                agreed += 1
        if "Fan RPM" in theirs:
            assert int(theirs["Fan RPM"]) == s.fan_rpm
            agreed += 1
        if "Max Graphics Package Power (W)" in theirs:
            assert float(theirs["Max Graphics Package Power (W)"]) == s.power_cap_w
            agreed += 1
    return agreed


@pytest.mark.parametrize("t", [2.0, 150.0])
@pytest.mark.parametrize("name", GPU_MACHINES)
def test_real_rocm_smi_agrees_on_every_simulated_machine(name: str, t: float, tmp_path: Path) -> None:
    root = build_tree(name, tmp_path / name, t=t)
    _give_in0_labels(root)
    _drop_new_gpu_metrics(root)
    assert compare(root) >= 8


@pytest.mark.parametrize(
    "args",
    [[], ["--temp", "61.5", "--power", "187", "--busy", "93"], ["--temp", "33.25", "--power", "7.5", "--busy", "0",
                                                                "--vram-used", "123456789"]],
    ids=["default", "busy", "fractions"],
)
def test_real_rocm_smi_agrees_on_fakesys_trees(args: list[str], tmp_path: Path) -> None:
    sys.path.insert(0, str(FAKESYS))
    try:
        import make_fakesys
    finally:
        sys.path.remove(str(FAKESYS))
    make_fakesys.main([str(tmp_path)] + args)
    assert compare(tmp_path) >= 8
