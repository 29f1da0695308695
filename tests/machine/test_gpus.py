"""The DRM/KFD reader on small hand-made trees: the edge cases real machines produce."""

from __future__ import annotations

import os
from pathlib import Path

from rocmdesk.machine.detect import detect
from rocmdesk.machine.gpus import read_cards
from rocmdesk.machine.host import Host
from rocmdesk.machine.kfd import read_nodes


def w(root: Path, rel: str, text: str) -> None:
    p = root / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(text)


def pci_card(root: Path, card: str, slot: str, vendor: str, device: str, *, symlink: bool = True,
             revision: str = "0xc1", vram: int | None = 8 << 30, render: int = 128) -> Path:
    dev = root / f"sys/devices/pci0000:00/0000:00:01.1/{slot}"
    w(root, f"{dev.relative_to(root)}/vendor", vendor + "\n")
    if device:
        w(root, f"{dev.relative_to(root)}/device", device + "\n")
    w(root, f"{dev.relative_to(root)}/revision", revision + "\n")
    w(root, f"{dev.relative_to(root)}/uevent", f"DRIVER=amdgpu\nPCI_SLOT_NAME={slot}\n")
    if vram is not None:
        w(root, f"{dev.relative_to(root)}/mem_info_vram_total", f"{vram}\n")
    (dev / "drm" / card).mkdir(parents=True, exist_ok=True)
    (dev / "drm" / f"renderD{render}").mkdir(parents=True, exist_ok=True)
    drm = root / "sys/class/drm"
    drm.mkdir(parents=True, exist_ok=True)
    if symlink:
        os.symlink(os.path.relpath(dev / "drm" / card, drm), drm / card)
        os.symlink("../..", dev / "drm" / card / "device")
        os.symlink(os.path.relpath(dev / "drm" / card / f"{card}-DP-1", drm), drm / f"{card}-DP-1")
        (dev / "drm" / card / f"{card}-DP-1").mkdir()
    else:
        # some container runtimes and captures give plain directories
        (drm / card).mkdir()
        os.symlink(os.path.relpath(dev, drm / card), drm / card / "device")
    return dev


def kfd_node(root: Path, n: int, props: dict[str, int]) -> None:
    base = f"sys/class/kfd/kfd/topology/nodes/{n}"
    w(root, f"{base}/properties", "".join(f"{k} {v}\n" for k, v in props.items()))
    (root / base / "io_links").mkdir(exist_ok=True)


def cpu_node(root: Path, n: int = 0) -> None:
    kfd_node(root, n, {"cpu_cores_count": 16, "simd_count": 0, "gfx_target_version": 0})


def test_connectors_and_other_vendors_are_skipped(tmp_path):
    pci_card(tmp_path, "card0", "0000:00:02.0", "0x8086", "0x46a6", render=128)
    pci_card(tmp_path, "card1", "0000:03:00.0", "0x1002", "0x73ff", render=129)
    cards = read_cards(Host.at_root(tmp_path))
    assert [c.card for c in cards] == ["card0", "card1"]
    report = detect(Host.at_root(tmp_path))
    assert len(report.gpus) == 1
    gpu = report.gpus[0]
    assert gpu.device_id == "73ff" and gpu.pci_slot == "0000:03:00.0" and gpu.card == "card1"
    assert gpu.gfx == "gfx1032" and gpu.gfx_source == "device_id"
    assert gpu.kfd_node is None
    assert any("KFD" in w for w in report.warnings)


def test_plain_directory_card_works(tmp_path):
    pci_card(tmp_path, "card0", "0000:0b:00.0", "0x1002", "0x744c", symlink=False)
    report = detect(Host.at_root(tmp_path))
    assert [g.gfx for g in report.gpus] == ["gfx1100"]
    assert report.gpus[0].pci_slot == "0000:0b:00.0"


def test_kfd_gives_gfx_and_matches_the_card_by_location(tmp_path):
    pci_card(tmp_path, "card0", "0000:03:00.0", "0x1002", "0x73ff", render=128)
    cpu_node(tmp_path)
    kfd_node(tmp_path, 1, {"simd_count": 64, "gfx_target_version": 100302, "vendor_id": 4098,
                           "device_id": 0x73FF, "location_id": 0x0300, "domain": 0, "drm_render_minor": 128})
    report = detect(Host.at_root(tmp_path))
    gpu = report.gpus[0]
    assert (gpu.gfx, gpu.gfx_source, gpu.kfd_node, gpu.card) == ("gfx1032", "kfd", 1, "card0")
    assert gpu.render_node == "/dev/dri/renderD128"
    assert gpu.vram_total_bytes == 8 << 30
    assert report.other_agents and report.other_agents[0].kind == "CPU"


def test_kfd_nodes_sort_numerically(tmp_path):
    cpu_node(tmp_path)
    for n in (1, 2, 10):
        kfd_node(tmp_path, n, {"simd_count": 64, "gfx_target_version": 90010, "location_id": n << 8,
                               "device_id": 0x740F, "drm_render_minor": 127 + n})
    nodes = read_nodes(Host.at_root(tmp_path))
    assert [n.node for n in nodes] == [0, 1, 2, 10]
    assert [g.kfd_node for g in detect(Host.at_root(tmp_path)).gpus] == [1, 2, 10]


def test_ip_discovery_when_kfd_is_absent(tmp_path):
    dev = pci_card(tmp_path, "card0", "0000:03:00.0", "0x1002", "0xffff")  # an id no table knows
    for f, v in (("major", "11"), ("minor", "0"), ("revision", "0")):
        w(tmp_path, f"{dev.relative_to(tmp_path)}/ip_discovery/die/0/GC/0/{f}", v + "\n")
    gpu = detect(Host.at_root(tmp_path)).gpus[0]
    assert gpu.gfx == "gfx1100" and gpu.gfx_source == "ip_discovery"


def test_unknown_device_is_null_not_a_guess(tmp_path):
    pci_card(tmp_path, "card0", "0000:03:00.0", "0x1002", "0xffff", vram=None)
    report = detect(Host.at_root(tmp_path))
    gpu = report.gpus[0]
    assert gpu.gfx is None and gpu.support is None and gpu.vram_total_bytes is None
    assert gpu.name is None
    assert any("gfx target unknown" in w for w in report.warnings)


def test_missing_and_garbage_files_do_not_crash(tmp_path):
    dev = pci_card(tmp_path, "card0", "0000:03:00.0", "0x1002", "")
    (dev / "revision").write_text("garbage\n")
    (dev / "mem_info_vram_total").write_text("N/A\n")
    (dev / "uevent").write_bytes(b"\x00\xff\xfe")
    kfd_node(tmp_path, 1, {"simd_count": 64})
    w(tmp_path, "sys/class/kfd/kfd/topology/nodes/2/properties", "not numbers at all\n\x00\x01")
    report = detect(Host.at_root(tmp_path))
    assert len(report.gpus) == 2  # the KFD node (no gfx) and the card it cannot be matched to
    assert all(g.gfx is None for g in report.gpus)


def test_name_prefers_system_table_then_ours(tmp_path):
    pci_card(tmp_path, "card0", "0000:03:00.0", "0x1002", "0x744c", revision="0xc8")
    w(tmp_path, "usr/share/libdrm/amdgpu.ids", "# List of AMDGPU IDs\n\n1.0.0\n744C,\tC8,\tCustom Vendor Name\n")
    gpu = detect(Host.at_root(tmp_path)).gpus[0]
    assert gpu.name == "Custom Vendor Name" and gpu.name_source == "system-amdgpu.ids"
    w(tmp_path, "usr/share/libdrm/amdgpu.ids", "# List of AMDGPU IDs\n\n1.0.0\n73FF,\tC1,\tAMD Radeon RX 6600 XT\n")
    gpu = detect(Host.at_root(tmp_path)).gpus[0]
    assert gpu.name and gpu.name_source in ("rocmdesk-table", "device-id-table")


def test_per_node_override_wins_and_sets_reported(tmp_path):
    pci_card(tmp_path, "card0", "0000:03:00.0", "0x1002", "0x73ff")
    cpu_node(tmp_path)
    kfd_node(tmp_path, 1, {"simd_count": 64, "gfx_target_version": 100302, "location_id": 0x0300,
                           "drm_render_minor": 128})
    host = Host.at_root(tmp_path)
    host.env = {"HSA_OVERRIDE_GFX_VERSION": "11.0.0", "HSA_OVERRIDE_GFX_VERSION_1": "10.3.0"}
    report = detect(host)
    assert report.gpus[0].gfx == "gfx1032" and report.gpus[0].gfx_reported == "gfx1030"
    host.env = {"HSA_OVERRIDE_GFX_VERSION": "banana"}
    assert any("not a valid" in w for w in detect(host).warnings)


def test_revision_picks_the_right_chip(tmp_path):
    # 73ff rev df is a Navi 22 (RX 6750 GRE 10GB), not the Navi 23 the id usually means
    pci_card(tmp_path, "card0", "0000:03:00.0", "0x1002", "0x73ff", revision="0xdf")
    assert detect(Host.at_root(tmp_path)).gpus[0].gfx == "gfx1031"
