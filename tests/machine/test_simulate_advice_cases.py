"""The simulated machines for the hard advice cases (issue 14), read back through the real reader.

Each test checks the facts that make its machine a hard case, as ``detect`` (and for one, the CLI's
JSON) reports them from the built tree, so a change to the builder or the reader that loses the case fails here.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from rocmdesk import knowledge
from rocmdesk.cli import main
from rocmdesk.machine.detect import detect, override_for
from rocmdesk.machine.host import Host
from rocmdesk.machine.model import MachineReport
from rocmdesk.machine.simulate import get_machine, list_machines, open_simulated

CASES = ["rx9070xt-stale-override", "radeon780m-native", "rx6600xt-old-driver", "igpu-card1-dgpu-card0",
         "two-dgpu-one-override"]
TOPO = "/sys/class/kfd/kfd/topology/nodes"


@pytest.fixture(scope="module")
def cache(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("sim-cases")


def host_of(name: str, cache: Path) -> Host:
    return open_simulated(name, cache_dir=cache)


def report(name: str, cache: Path) -> MachineReport:
    return detect(host_of(name, cache))


def kfd_props(host: Host, node: int) -> dict[str, int]:
    out = {}
    for line in (host.read_text(f"{TOPO}/{node}/properties") or "").splitlines():
        key, _, value = line.partition(" ")
        out[key] = int(value)
    return out


def test_the_cases_are_in_the_catalogue_after_the_older_machines():
    names = [m.name for m in list_machines()]
    assert names[7:7 + len(CASES)] == CASES  # after the first seven, before machines added later as data
    assert len(names) == len(set(names)) >= 12


def test_rdna4_with_a_stale_rdna3_override(cache):
    host = host_of("rx9070xt-stale-override", cache)
    r = detect(host)
    (gpu,) = r.gpus
    assert (gpu.device_id, gpu.revision, gpu.name) == ("7550", "c0", "AMD Radeon RX 9070 XT")
    assert gpu.gfx == "gfx1201" and gpu.gfx_source == "kfd" and gpu.kfd_node == 1 and gpu.card == "card1"
    assert kfd_props(host, 1)["gfx_target_version"] == 120001
    assert host.read_value(f"{gpu.sysfs_device}/ip_discovery/die/0/GC/0/major") == "12"
    # the override is the one an RDNA3 card wanted: the runtime would report and load gfx1100
    assert r.override_env == {"HSA_OVERRIDE_GFX_VERSION": "11.0.0"}
    assert gpu.gfx_reported == "gfx1100" != gpu.gfx
    target = knowledge.gfx_target("gfx1201")
    assert target is not None and target.override_to is None  # RDNA4 never wants one
    # nothing installed; a kernel new enough for RDNA4 (Ubuntu 24.04.3's HWE kernel)
    assert r.rocm.installed == [] and r.rocm.packages == {} and r.rocm.primary_version is None
    assert r.kernel.release == "6.14.0-27-generic" and r.kernel.dkms is None
    assert (r.os.id, r.os.version_id) == ("ubuntu", "24.04")
    assert not r.access.needs_relogin


def test_780m_without_an_override_is_the_laptop_with_nothing_set(cache):
    laptop, native = get_machine("radeon780m-laptop"), get_machine("radeon780m-native")
    assert laptop.env == {"HSA_OVERRIDE_GFX_VERSION": "11.0.0"} and native.env == {}
    assert replace(native, name=laptop.name, about=laptop.about, env=laptop.env) == laptop
    with_override, plain = report("radeon780m-laptop", cache), report("radeon780m-native", cache)
    assert plain.override_env == {}
    (gpu,) = plain.gpus
    assert gpu.gfx == gpu.gfx_reported == "gfx1103" and gpu.apu is True and gpu.kfd_node == 1
    assert with_override.gpus[0].gfx_reported == "gfx1100"
    assert (gpu.device_id, gpu.pci_slot, gpu.card) == (with_override.gpus[0].device_id,
                                                       with_override.gpus[0].pci_slot, with_override.gpus[0].card)


def test_rx6600xt_old_driver_is_the_clean_case(cache):
    r = report("rx6600xt-old-driver", cache)
    (gpu,) = r.gpus
    assert gpu.gfx == "gfx1032" and gpu.kfd_node == 1 and gpu.card == "card0"
    assert knowledge.override_value(knowledge.gfx_target("gfx1032").override_to) == "10.3.0"
    assert r.override_env == {}
    # ROCm 6.2.4 with its own amdgpu-dkms, loaded: the driver is 6.2.4's whatever wheel comes next
    assert r.rocm.primary_version == "6.2.4" and [i.version for i in r.rocm.installed] == ["6.2.4"]
    assert r.rocm.packages["amdgpu-dkms"] == "1:6.8.5.60204-2070768.22.04"
    assert r.kernel.dkms is True and r.kernel.amdgpu_loaded is True
    # the same driver as the older RX 6600 XT machine, without its other troubles
    older = report("rx6600xt-ubuntu2204", cache)
    assert older.rocm.packages["amdgpu-dkms"] == r.rocm.packages["amdgpu-dkms"]
    assert older.rocm.residue and older.access.needs_relogin
    assert r.rocm.residue == [] and not any("5.7" in v for v in r.rocm.packages.values())
    assert r.access.ok is True and not r.access.needs_relogin and r.access.missing_groups == []
    assert {"render", "video"} <= set(r.access.groups_session or [])
    assert r.warnings == []


def test_igpu_is_card1_but_kfd_node_1_and_the_dgpu_card0_but_node_2(cache):
    host = host_of("igpu-card1-dgpu-card0", cache)
    r = detect(host)
    igpu, dgpu = r.gpus  # the runtime's order: KFD node order
    assert (igpu.index, igpu.gfx, igpu.apu, igpu.card, igpu.render_node, igpu.kfd_node) == (
        0, "gfx1036", True, "card1", "/dev/dri/renderD129", 1)
    assert (dgpu.index, dgpu.gfx, dgpu.apu, dgpu.card, dgpu.render_node, dgpu.kfd_node) == (
        1, "gfx1100", False, "card0", "/dev/dri/renderD128", 2)
    # the tree itself: KFD node 1 points at renderD129, node 2 at renderD128
    assert kfd_props(host, 1)["drm_render_minor"] == 129 and kfd_props(host, 1)["gfx_target_version"] == 100306
    assert kfd_props(host, 2)["drm_render_minor"] == 128 and kfd_props(host, 2)["gfx_target_version"] == 110000
    assert host.realpath("/sys/class/drm/card0/device").endswith(dgpu.pci_slot)
    assert host.realpath("/sys/class/drm/card1/device").endswith(igpu.pci_slot)
    assert host.read_value("/sys/class/drm/card0/device/boot_vga") == "1"
    # a per-node override counts KFD nodes, not cards
    assert override_for(igpu, {"HSA_OVERRIDE_GFX_VERSION_1": "10.3.0"}) == "10.3.0"
    assert override_for(dgpu, {"HSA_OVERRIDE_GFX_VERSION_1": "10.3.0"}) is None
    assert "amdgpu.async_probe=1" in (host.read_text("/proc/cmdline") or "")


def test_igpu_card1_dgpu_card0_through_the_cli(capsys):
    assert main(["detect", "--simulate", "igpu-card1-dgpu-card0", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [(g["gfx"], g["card"], g["kfd_node"]) for g in data["gpus"]] == [
        ("gfx1036", "card1", 1), ("gfx1100", "card0", 2)]


def test_two_dgpus_where_only_one_needs_an_override(cache):
    host = host_of("two-dgpu-one-override", cache)
    r = detect(host)
    xtx, navi23 = r.gpus
    assert (xtx.gfx, xtx.name, xtx.card, xtx.kfd_node, xtx.apu) == (
        "gfx1100", "AMD Radeon RX 7900 XTX", "card1", 1, False)
    assert (navi23.gfx, navi23.name, navi23.card, navi23.kfd_node, navi23.apu) == (
        "gfx1032", "AMD Radeon RX 6600 XT", "card2", 2, False)
    assert knowledge.gfx_target("gfx1100").override_to is None
    assert knowledge.override_value(knowledge.gfx_target("gfx1032").override_to) == "10.3.0"
    assert r.override_env == {}
    # the per-node form reaches only the RX 6600 XT; the global one would reach both
    per_node = {"HSA_OVERRIDE_GFX_VERSION_2": "10.3.0"}
    assert override_for(xtx, per_node) is None and override_for(navi23, per_node) == "10.3.0"
    assert override_for(xtx, {"HSA_OVERRIDE_GFX_VERSION": "10.3.0"}) == "10.3.0"
    assert r.rocm.installed == [] and r.rocm.packages == {} and r.kernel.dkms is None
    assert (r.os.id, r.os.version_id) == ("ubuntu", "24.04")
    assert r.access.ok is True and not r.access.needs_relogin
