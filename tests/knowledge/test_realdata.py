"""Cross-checks against real captured output in ../shared/realdata (skipped when it is absent)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rocmdesk import knowledge as k

pytestmark = pytest.mark.conformance

_AGENT = re.compile(r"^\s*Name:\s+(gfx[0-9a-f]+)\s*$.*?^\s*Chip ID:\s+\d+\((0x[0-9a-fA-F]+)\)", re.M | re.S)


def _rocminfo_pairs(realdata: Path) -> list[tuple[str, str, str]]:
    out = []
    for f in sorted((realdata / "rocminfo").glob("*.txt")):
        text = f.read_text(errors="replace")
        for gfx, chip in set(_AGENT.findall(text)):
            out.append((f.name, gfx, chip))
    return out


def test_rocminfo_chip_ids_name_the_same_gfx(realdata: Path) -> None:
    pairs = _rocminfo_pairs(realdata)
    assert pairs, "no rocminfo samples with Name/Chip ID pairs"
    for name, gfx, chip in pairs:
        entry = k.device(chip)
        assert entry is not None, (name, chip)
        if "override" in name:
            # the runtime reports the forced target; the chip id still tells the silicon
            target = k.gfx_target(entry.gfx)
            assert target.override_to == gfx, (name, entry.gfx, gfx)
        else:
            assert entry.gfx == gfx, (name, chip)


def test_kfd_topology_versions_agree_with_device_ids(realdata: Path) -> None:
    checked = 0
    for props in sorted((realdata / "kfd-topology").glob("**/nodes/*/properties")):
        fields = dict(
            line.split(None, 1) for line in props.read_text().splitlines() if len(line.split(None, 1)) == 2
        )
        version = int(fields.get("gfx_target_version", "0"))
        device_id = int(fields.get("device_id", "0"))
        if version == 0 or device_id == 0:
            continue
        gfx = k.decode_target_version(version)
        assert gfx is not None and k.gfx_target(gfx) is not None, props
        assert k.device(device_id).gfx == gfx, props
        checked += 1
    assert checked > 0
