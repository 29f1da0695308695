"""Conformance: the sysfs sampler on every real card snapshot in ../shared/realdata/sysfs.

Each snapshot's device folder is linked into a throw-away root at ``/sys/class/drm/card0/device``
(never copied).  Two independent checks: the values equal what the files say, computed here
with plain reads; and they equal the ``key=value`` ground truth in the snapshot's ``.source.md``.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from rocmdesk.machine.host import Host
from rocmdesk.machine.model import Gpu
from rocmdesk.telemetry.metrics import OK, SUSPENDED
from rocmdesk.telemetry.sampler import SysfsSampler
from tests.conftest import REALDATA

pytestmark = pytest.mark.conformance


def _snapshots() -> list[Path]:
    if not (REALDATA / "sysfs").is_dir():
        return []
    out = []
    for group in sorted((REALDATA / "sysfs").iterdir()):
        if group.is_dir():
            out.extend(p for p in sorted(group.iterdir()) if p.is_dir())
    return out


def _device_dir(sample: Path) -> Path:
    cards = sorted(sample.glob("card[0-9]*"))
    return cards[0] / "device" if cards else sample


def _read(p: Path) -> str | None:
    try:
        text = p.read_text(errors="replace").strip().strip("\x00").strip()
    except OSError:
        return None
    return text or None


def _int(p: Path) -> int | None:
    text = _read(p)
    try:
        return int(text) if text is not None else None
    except ValueError:
        return None


def _hwmon(dev: Path) -> Path | None:
    dirs = sorted((dev / "hwmon").glob("hwmon*"), key=lambda d: int(d.name[5:]) if d.name[5:].isdigit() else 1 << 30)
    named = [d for d in dirs if _read(d / "name") == "amdgpu"]
    return (named or dirs or [None])[0]


def _star(text: str | None) -> int | float | None:
    for line in (text or "").splitlines():
        m = re.match(r"^\s*\w+:\s*(\d+(?:\.\d+)?)\s*mhz.*\*", line, re.I)
        if m:
            v = float(m.group(1))
            return int(v) if v.is_integer() else v
    return None


def _hz_to_mhz(hz: int | None) -> int | float | None:
    if hz is None:
        return None
    v = hz / 1e6
    return int(v) if v.is_integer() else v


def expected_from_files(dev: Path) -> dict:
    """What the snapshot's files say, in the monitor's units (written apart from the sampler)."""
    out: dict = {
        "busy_percent": _int(dev / "gpu_busy_percent"),
        "mem_busy_percent": _int(dev / "mem_busy_percent"),
        "vram_used_bytes": _int(dev / "mem_info_vram_used"),
        "vram_total_bytes": _int(dev / "mem_info_vram_total"),
        "gtt_used_bytes": _int(dev / "mem_info_gtt_used"),
        "gtt_total_bytes": _int(dev / "mem_info_gtt_total"),
        "pcie_link_width": _int(dev / "current_link_width"),
    }
    speed = _read(dev / "current_link_speed")
    m = re.search(r"([\d.]+)\s*GT/s", speed or "")
    out["pcie_link_speed_gts"] = float(m.group(1)) if m else None
    hw = _hwmon(dev)
    temps = {"temp_edge_c": None, "temp_junction_c": None, "temp_mem_c": None}
    sclk = mclk = power = cap = fan = None
    if hw is not None:
        for inp in sorted(hw.glob("temp*_input")):
            n = inp.name[4:-6]
            label = (_read(hw / f"temp{n}_label") or ("edge" if n == "1" else "")).lower()
            key = {"edge": "temp_edge_c", "junction": "temp_junction_c", "mem": "temp_mem_c"}.get(label)
            if key and temps[key] is None and _int(inp) is not None:
                temps[key] = _int(inp) / 1000
        avg, inst = _int(hw / "power1_average"), _int(hw / "power1_input")
        power = (avg if avg is not None else inst)
        power = power / 1e6 if power is not None else None
        cap = _int(hw / "power1_cap")
        cap = cap / 1e6 if cap is not None else None
        fan = _int(hw / "fan1_input")
        for n in (1, 2, 3):
            if (hw / f"freq{n}_input").exists():
                label = (_read(hw / f"freq{n}_label") or {1: "sclk", 2: "mclk"}.get(n, "")).lower()
                if label == "sclk" and sclk is None:
                    sclk = ("hw", _hz_to_mhz(_int(hw / f"freq{n}_input")))
                elif label == "mclk" and mclk is None:
                    mclk = ("hw", _hz_to_mhz(_int(hw / f"freq{n}_input")))
    out.update(temps)
    out["power_w"], out["power_cap_w"], out["fan_rpm"] = power, cap, fan
    out["sclk_mhz"] = sclk[1] if sclk else _star(_read(dev / "pp_dpm_sclk"))
    out["mclk_mhz"] = mclk[1] if mclk else _star(_read(dev / "pp_dpm_mclk"))
    return out


def _root_around(tmp: Path, dev: Path) -> Path:
    card = tmp / "sys/class/drm/card0"
    card.mkdir(parents=True)
    os.symlink(dev, card / "device")
    return tmp


def _gpu() -> Gpu:
    return Gpu(index=0, name="snapshot", gfx=None, gfx_reported=None, device_id=None, revision=None, pci_slot=None,
               vram_total_bytes=None, kfd_node=None, apu=None, card="card0")


@pytest.mark.parametrize("sample", _snapshots(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_snapshot_values_equal_what_the_files_say(sample: Path, tmp_path: Path, realdata: Path) -> None:
    dev = _device_dir(sample)
    sampler = SysfsSampler(Host.at_root(_root_around(tmp_path, dev)), [_gpu()])
    s = sampler.sample()[0]
    if _read(dev / "power/runtime_status") == "suspended":
        assert s.state == SUSPENDED
        return
    assert s.state == OK, s.error
    for key, want in expected_from_files(dev).items():
        assert s.get(key) == want, (sample.name, key, s.get(key), want)


_GT_MAP = {
    "gpu_busy_percent": "busy_percent",
    "mem_info_vram_total": "vram_total_bytes",
    "mem_info_vram_used": "vram_used_bytes",
    "current_link_width": "pcie_link_width",
    "power1_average": "power_w",
    "power1_cap": "power_cap_w",
    "fan1_input": "fan_rpm",
}


def _ground_truth(sample: Path) -> list[tuple[str, str]]:
    md = sample.parent / f"{sample.name}.source.md"
    text = md.read_text(errors="replace") if md.is_file() else ""
    m = re.search(r"## Ground truth visible in the sample\s*\n+(.*?)\n\n", text, re.S)
    if not m:
        return []
    out = []
    for part in m.group(1).split("; "):
        key, sep, value = part.partition("=")
        if sep:
            out.append((key.strip(), value.strip()))
    return out


def _checkable(key: str, value: str) -> bool:
    leaf = key.split("/")[-1]
    if not value.lstrip("-").isdigit():
        return False
    if leaf == "power1_average":
        return key.startswith("hwmon")
    return leaf in _GT_MAP or bool(re.fullmatch(r"temp\d_input", leaf)) or leaf == "freq1_input"


def _ground_truth_samples() -> list[Path]:
    return [s for s in _snapshots() if any(_checkable(k, v) for k, v in _ground_truth(s))]


@pytest.mark.parametrize("sample", _ground_truth_samples(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_snapshot_values_equal_the_source_ground_truth(sample: Path, tmp_path: Path, realdata: Path) -> None:
    dev = _device_dir(sample)
    s = SysfsSampler(Host.at_root(_root_around(tmp_path, dev)), [_gpu()]).sample()[0]
    hw = _hwmon(dev)
    checked = 0
    for key, value in _ground_truth(sample):
        leaf = key.split("/")[-1]
        if not _checkable(key, value):
            continue
        n = int(value)
        if leaf in _GT_MAP:
            attr = _GT_MAP[leaf]
            want = n / 1e6 if attr in ("power_w", "power_cap_w") else n
            assert s.get(attr) == want, (key, value, s.get(attr))
            checked += 1
        elif re.fullmatch(r"temp\d_input", leaf) and hw is not None:
            num = leaf[4]
            label = (_read(hw / f"temp{num}_label") or ("edge" if num == "1" else "")).lower()
            attr = {"edge": "temp_edge_c", "junction": "temp_junction_c", "mem": "temp_mem_c"}.get(label)
            if attr:
                assert s.get(attr) == n / 1000, (key, value, s.get(attr))
                checked += 1
        elif leaf == "freq1_input" and hw is not None and (_read(hw / "freq1_label") or "sclk") == "sclk":
            assert s.sclk_mhz == _hz_to_mhz(n), (key, value, s.sclk_mhz)
            checked += 1
    assert checked, "every ground-truth sample states at least one metric"


def test_most_snapshots_have_live_metrics(realdata: Path) -> None:
    with_metrics = [s for s in _snapshots() if (_device_dir(s) / "hwmon").is_dir()]
    assert len(with_metrics) >= 18, len(with_metrics)
