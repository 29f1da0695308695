"""Simulated machines: the trees are built like real sysfs, metrics move plausibly, the cache is safe."""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import threading
import time
from pathlib import Path

import pytest

from rocmdesk.machine import simulate
from rocmdesk.machine.host import Host
from rocmdesk.machine.simulate import (
    META_FILE,
    build,
    gpu_metrics,
    list_machines,
    open_simulated,
    sim_metadata,
    write_metrics,
)
from tests.conftest import require

SHARED = Path(os.environ.get("ROCMDESK_SHARED", Path(__file__).resolve().parents[2].parent / "shared"))
NAMES = [m.name for m in list_machines()]
REQUIRED = ["rx7900xtx-ubuntu2404", "rx6600xt-ubuntu2204", "radeon780m-laptop", "mi300x-8gpu-server", "no-amd-gpu"]
EXPECTED_GFX = {
    "rx7900xtx-ubuntu2404": ["gfx1100"],
    "rx6600xt-ubuntu2204": ["gfx1032"],
    "radeon780m-laptop": ["gfx1103"],
    "mi300x-8gpu-server": ["gfx942"] * 8,
    "no-amd-gpu": [],
    "rx7900xtx-debian12": ["gfx1036", "gfx1100"],
    "mi308x-partitioned": ["gfx942"] * 32,
    "rx9070xt-stale-override": ["gfx1201"],
    "radeon780m-native": ["gfx1103"],
    "rx6600xt-old-driver": ["gfx1032"],
    "igpu-card1-dgpu-card0": ["gfx1036", "gfx1100"],
    "two-dgpu-one-override": ["gfx1100", "gfx1032"],
    "rx6600xt-debian12": ["gfx1032"],
}
TOPO = "/sys/class/kfd/kfd/topology/nodes"


@pytest.fixture(scope="module")
def trees(tmp_path_factory) -> dict[str, Host]:
    base = tmp_path_factory.mktemp("sim")
    return {name: Host.at_root(build(name, base / name, t=250.0)) for name in NAMES}


def props(host: Host, path: str) -> dict[str, int]:
    out = {}
    for line in (host.read_text(path) or "").splitlines():
        key, _, value = line.partition(" ")
        out[key] = int(value)
    return out


def gpu_nodes(host: Host) -> list[tuple[int, dict[str, int]]]:
    nodes = sorted((int(n) for n in host.listdir(TOPO)))
    out = [(n, props(host, f"{TOPO}/{n}/properties")) for n in nodes]
    return [(n, p) for n, p in out if p["simd_count"] > 0]


def gfx_name(v: int) -> str:
    return f"gfx{v // 10000}{(v // 100) % 100:x}{v % 100:x}"


# -- catalogue ----------------------------------------------------------------------


def test_the_required_machines_exist_with_descriptions():
    assert set(REQUIRED) <= set(NAMES)
    for m in list_machines():
        assert m.description and "\n" not in m.description
        assert m.name == m.name.lower() and " " not in m.name


@pytest.mark.parametrize("call", [
    lambda: build("rx9999", Path("/nonexistent")),
    lambda: open_simulated("rx9999"),
    lambda: simulate.get_machine("rx9999"),
])
def test_unknown_name_is_a_key_error_listing_the_names(call):
    with pytest.raises(KeyError) as info:
        call()
    for name in NAMES:
        assert name in str(info.value)


# -- building -------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_every_machine_builds_with_metadata(name, tmp_path):
    # how fast is benchmarks/detect.py's business (a timed assert fails on a loaded machine, not on slow code)
    root = build(name, tmp_path / "t")
    assert root == tmp_path / "t"
    meta = sim_metadata(root)
    assert meta is not None and meta["name"] == name and meta["complete"] is True
    for key in ("description", "user", "uid", "session_groups", "env", "device_nodes", "simulated_at"):
        assert key in meta
    assert [g["gfx"] for g in meta["gpus"] for _ in range(g["partitions"])] == EXPECTED_GFX[name]


@pytest.mark.parametrize("name", NAMES)
def test_os_release_kernel_and_users(name, trees):
    host = trees[name]
    text = host.read_text("/etc/os-release") or ""
    fields = dict(line.split("=", 1) for line in text.splitlines() if "=" in line)
    assert {"ID", "VERSION_ID", "VERSION_CODENAME", "PRETTY_NAME"} <= set(fields)
    if fields["ID"] == "ubuntu":
        assert fields["UBUNTU_CODENAME"] == fields["VERSION_CODENAME"] and fields["ID_LIKE"] == "debian"
    assert host.realpath("/etc/os-release") == "/usr/lib/os-release"
    assert host.read_value("/proc/sys/kernel/osrelease") in (host.read_value("/proc/version") or "")
    meta = sim_metadata(host.root)
    assert f"{meta['user']}:x:{meta['uid']}:" in (host.read_text("/etc/passwd") or "")
    assert "model name" in (host.read_text("/proc/cpuinfo") or "")


def test_codenames_per_distro(trees):
    def codename(n):
        return next(line.split("=")[1] for line in trees[n].read_text("/etc/os-release").splitlines()
                    if line.startswith("VERSION_CODENAME="))
    assert codename("rx7900xtx-ubuntu2404") == "noble"
    assert codename("rx6600xt-ubuntu2204") == "jammy"
    assert codename("no-amd-gpu") == "bookworm"


def group_members(host: Host, group: str) -> list[str]:
    for line in (host.read_text("/etc/group") or "").splitlines():
        name, _, _gid, members = line.split(":")
        if name == group:
            return members.split(",") if members else []
    raise AssertionError(f"no group {group}")


def test_relogin_machine_has_render_configured_but_not_in_session(trees):
    host = trees["rx6600xt-ubuntu2204"]
    meta = sim_metadata(host.root)
    assert meta["user"] in group_members(host, "render")
    assert "render" not in meta["session_groups"] and "video" not in meta["session_groups"]
    ok = trees["rx7900xtx-ubuntu2404"]
    assert {"render", "video"} <= set(sim_metadata(ok.root)["session_groups"])


def test_amdgpu_module_and_kfd_presence(trees):
    for name, host in trees.items():
        has_amd = bool(EXPECTED_GFX[name])
        assert (host.read_value("/sys/module/amdgpu/initstate") == "live") == has_amd
        assert ("\namdgpu " in "\n" + (host.read_text("/proc/modules") or "")) == has_amd
        assert host.is_dir(TOPO) == has_amd
        assert host.exists("/dev/kfd") == has_amd
        assert host.is_dir("/sys/class/kfd/kfd/proc") == has_amd


# -- DRM -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_drm_links_are_relative_and_resolve_inside_the_tree(name, trees):
    host = trees[name]
    entries = host.listdir("/sys/class/drm")
    assert entries
    for entry in entries:
        if entry == "version":
            continue
        target = host.readlink(f"/sys/class/drm/{entry}")
        assert target and not target.startswith("/"), entry
        real = host.realpath(f"/sys/class/drm/{entry}")
        assert real.startswith("/sys/devices/") and host.is_dir(real), (entry, real)
        if "-" not in entry:  # a card or render node, not a connector
            dev_link = host.readlink(f"/sys/class/drm/{entry}/device")
            assert dev_link and not dev_link.startswith("/")
            dev = host.realpath(f"/sys/class/drm/{entry}/device")
            assert host.is_dir(dev) and real.startswith(dev + "/drm/")


@pytest.mark.parametrize("name", NAMES)
def test_connectors_are_present_and_have_status(name, trees):
    host = trees[name]
    connectors = [e for e in host.listdir("/sys/class/drm") if e.startswith("card") and "-" in e]
    if name.startswith("mi30"):
        assert connectors == ["card0-VGA-1"]  # only the BMC's VGA; Instinct cards have no outputs
    else:
        assert connectors
    for c in connectors:
        assert host.read_value(f"/sys/class/drm/{c}/status") in ("connected", "disconnected")


def amd_cards(host: Host) -> list[str]:
    out = []
    for e in host.listdir("/sys/class/drm"):
        if e.startswith("card") and "-" not in e and host.read_value(f"/sys/class/drm/{e}/device/vendor") == "0x1002":
            out.append(e)
    return sorted(out, key=lambda c: int(c[4:]))


def test_card_numbering_as_real_systems_do_it(trees):
    assert amd_cards(trees["rx7900xtx-ubuntu2404"]) == ["card1"]  # simpledrm had card0
    assert amd_cards(trees["rx6600xt-ubuntu2204"]) == ["card0"]
    assert amd_cards(trees["rx7900xtx-debian12"]) == ["card0", "card1"]
    assert amd_cards(trees["igpu-card1-dgpu-card0"]) == ["card0", "card1"]
    assert amd_cards(trees["two-dgpu-one-override"]) == ["card1", "card2"]  # simpledrm had card0
    assert amd_cards(trees["mi300x-8gpu-server"]) == [f"card{1 + 8 * i}" for i in range(8)]
    server = trees["mi300x-8gpu-server"]
    assert server.read_value("/sys/class/drm/card0/device/vendor") == "0x1a03"  # the BMC's ASPEED VGA
    renders = sorted(int(e[7:]) for e in server.listdir("/sys/class/drm") if e.startswith("renderD"))
    assert renders == list(range(128, 192))  # 7 partition devices per card: 128, 136, ... are the cards
    plain = trees["no-amd-gpu"]
    assert amd_cards(plain) == []
    assert plain.read_value("/sys/class/drm/card0/device/vendor") == "0x8086"


@pytest.mark.parametrize("name", NAMES)
def test_pci_function_files(name, trees):
    host = trees[name]
    meta = sim_metadata(host.root)
    for gm in meta["gpus"]:
        dev = gm["sysfs"]
        assert host.is_dir(dev) and not os.path.islink(host.path(dev))
        uevent = dict(line.split("=", 1) for line in host.read_text(f"{dev}/uevent").splitlines())
        assert uevent["DRIVER"] == "amdgpu"
        assert uevent["PCI_SLOT_NAME"] == gm["pci_slot"] == dev.rsplit("/", 1)[1]
        device = host.read_value(f"{dev}/device")
        assert uevent["PCI_ID"] == f"1002:{device[2:].upper()}"
        assert uevent["MODALIAS"].startswith(f"pci:v00001002d0000{device[2:].upper()}")
        cls = host.read_value(f"{dev}/class")
        assert cls in ("0x030000", "0x120000")
        assert host.read_value(f"{dev}/power/runtime_status") == "active"
        total = host.read_int(f"{dev}/mem_info_vram_total", 10)
        assert 0 < host.read_int(f"{dev}/mem_info_vram_used", 10) <= total
        assert host.realpath(f"{dev}/driver") == "/sys/bus/pci/drivers/amdgpu"
        assert host.read_value(f"{gm['hwmon']}/name") == "amdgpu"
        if "gfx94" in gm["gfx"]:
            assert host.read_value(f"{dev}/unique_id")
            assert cls == "0x120000"  # lspci: "Processing accelerators [1200]"
        gc = f"{dev}/ip_discovery/die/0/GC/0"
        major, minor = host.read_int(f"{gc}/major", 10), host.read_int(f"{gc}/minor", 10)
        assert (major, minor) in ((12, 0), (11, 0), (10, 3), (9, 4))


def test_power_file_follows_the_kind_of_card(trees):
    def hw(name, i=0):
        return sim_metadata(trees[name].root)["gpus"][i]["hwmon"]

    xtx = trees["rx7900xtx-ubuntu2404"]
    assert xtx.exists(f"{hw('rx7900xtx-ubuntu2404')}/power1_average")
    apu = trees["radeon780m-laptop"]
    assert apu.exists(f"{hw('radeon780m-laptop')}/power1_input")
    assert not apu.exists(f"{hw('radeon780m-laptop')}/power1_cap")  # hidden on APUs
    assert not apu.exists(f"{hw('radeon780m-laptop')}/fan1_input")
    mi = trees["mi300x-8gpu-server"]
    assert mi.exists(f"{hw('mi300x-8gpu-server')}/power1_input")
    assert not mi.exists(f"{hw('mi300x-8gpu-server')}/temp1_input")  # gfx 9.4.3: no edge sensor
    assert mi.read_value(f"{hw('mi300x-8gpu-server')}/temp2_label") == "junction"


# -- KFD -------------------------------------------------------------------------------


def slot_of(props_: dict[str, int]) -> str:
    loc = props_["location_id"]
    return f"{props_['domain']:04x}:{loc >> 8:02x}:{(loc >> 3) & 0x1f:02x}.{loc & 7}"


@pytest.mark.parametrize("name", [n for n in NAMES if EXPECTED_GFX[n]])
def test_kfd_nodes_match_the_pci_slots_and_gfx(name, trees):
    host = trees[name]
    meta = sim_metadata(host.root)
    nodes = sorted(int(n) for n in host.listdir(TOPO))
    assert nodes == list(range(len(nodes)))
    cpu = props(host, f"{TOPO}/0/properties")
    assert cpu["simd_count"] == 0 and cpu["gfx_target_version"] == 0 and cpu["cpu_cores_count"] > 0
    for n in nodes:
        assert host.is_dir(f"{TOPO}/{n}/io_links")  # rocm-smi crashes without it
        assert host.read_value(f"{TOPO}/{n}/gpu_id") is not None
    found = gpu_nodes(host)
    assert [gfx_name(p["gfx_target_version"]) for _n, p in found] == EXPECTED_GFX[name]
    by_node = {n: gm for gm in meta["gpus"] for n in gm["kfd_nodes"]}
    for n, p in found:
        gm = by_node[n]
        part = gm["kfd_nodes"].index(n)
        assert p["vendor_id"] == 4098
        assert f"{p['device_id']:04x}" == host.read_value(f"{gm['sysfs']}/device")[2:]
        base = slot_of(p)[:-1] + "0"
        assert base == gm["pci_slot"] and int(slot_of(p)[-1]) == part
        assert f"/dev/dri/renderD{p['drm_render_minor']}" in gm["render_nodes"]
        assert host.exists(f"/sys/class/drm/renderD{p['drm_render_minor']}")
        bank = props(host, f"{TOPO}/{n}/mem_banks/0/properties")
        assert bank["heap_type"] == 1 and bank["size_in_bytes"] > 0
    gpu_ids = [host.read_value(f"{TOPO}/{n}/gpu_id") for n, _p in found]
    assert len(set(gpu_ids)) == len(gpu_ids)


def test_partitions_share_unique_id_and_count_xcc(trees):
    host = trees["mi308x-partitioned"]
    found = gpu_nodes(host)
    by_uid: dict[int, list[int]] = {}
    for n, p in found:
        by_uid.setdefault(p["unique_id"], []).append(n)
        assert p["num_xcc"] == 1 and p["simd_count"] == 80
    assert len(by_uid) == 8 and all(len(v) == 4 for v in by_uid.values())
    mi300 = gpu_nodes(trees["mi300x-8gpu-server"])
    assert [n for n, _p in mi300] == list(range(2, 10))  # two CPU sockets come first
    assert all(p["num_xcc"] == 8 for _n, p in mi300)
    assert len({p["unique_id"] for _n, p in mi300}) == 8
    assert len({p["hive_id"] for _n, p in mi300}) == 1


def test_old_kernel_has_no_num_xcc(trees):
    assert all("num_xcc" not in p for _n, p in gpu_nodes(trees["rx7900xtx-debian12"]))
    assert all("num_xcc" in p for _n, p in gpu_nodes(trees["rx7900xtx-ubuntu2404"]))


# -- device nodes, ROCm residue, naming tables ------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_device_nodes_are_recorded_in_the_metadata(name, trees):
    host = trees[name]
    nodes = sim_metadata(host.root)["device_nodes"]
    for path, info in nodes.items():
        assert host.exists(path)
        assert info["mode"] == stat.filemode(stat.S_IFCHR | info["mode_bits"])
        assert stat.S_IMODE(host.stat(path).mode) == info["mode_bits"]
        assert info["owner"] == "root" and info["group"] in ("render", "video")
    renders = [p for p in nodes if "/renderD" in p]
    assert sorted(renders) == sorted(host.glob("/dev/dri", "renderD*"))
    if EXPECTED_GFX[name]:
        assert nodes["/dev/kfd"]["group"] == "render"


def test_rocm_residue(trees):
    host = trees["rx6600xt-ubuntu2204"]
    assert host.read_value("/opt/rocm/.info/version") == "6.2.4-139"
    assert host.realpath("/opt/rocm") == "/opt/rocm-6.2.4"
    assert not host.readlink("/opt/rocm").startswith("/")
    assert host.is_dir("/opt/rocm-5.7.1")
    status = host.read_text("/var/lib/dpkg/status")
    assert "Package: rocm-core\nStatus: install ok installed\n" in status
    assert "Package: rocm-core5.7.1\nStatus: deinstall ok config-files\n" in status
    lists = host.read_text("/etc/apt/sources.list.d/rocm.list")
    assert "https://repo.radeon.com/rocm/apt/6.2.4 jammy main" in lists
    assert "repo.radeon.com/amdgpu/6.2.4/ubuntu jammy" in host.read_text("/etc/apt/sources.list.d/amdgpu.list")
    assert host.read_value("/sys/module/amdgpu/version")  # amdgpu-dkms
    clean = trees["rx7900xtx-ubuntu2404"]
    assert not host.exists("/opt/rocm-6.4.1") and not clean.exists("/opt/rocm")
    assert "rocm" not in (clean.read_text("/var/lib/dpkg/status") or "")
    server = trees["mi300x-8gpu-server"]
    assert server.read_value("/opt/rocm/.info/version").startswith("6.4.1")


def ids_table(host: Host, path: str = "/usr/share/libdrm/amdgpu.ids") -> dict[tuple[str, str], str]:
    text = host.read_text(path) or ""
    assert text.startswith("# List of AMDGPU IDs")
    rows = {}
    for line in text.splitlines():
        if line.startswith("#") or "," not in line:
            continue
        dev, rev, name = (x.strip() for x in line.split(",", 2))
        rows[(dev, rev)] = name
    return rows


def test_amdgpu_ids_age(trees):
    assert ("744C", "C8") not in ids_table(trees["rx7900xtx-debian12"])
    assert ids_table(trees["rx7900xtx-ubuntu2404"])[("744C", "C8")] == "AMD Radeon RX 7900 XTX"
    assert ("73FF", "C1") in ids_table(trees["rx6600xt-ubuntu2204"])
    assert ("74A1", "00") not in ids_table(trees["mi300x-8gpu-server"])
    assert ("74A1", "00") in ids_table(trees["mi300x-8gpu-server"], "/opt/amdgpu/share/libdrm/amdgpu.ids")


# -- metrics -----------------------------------------------------------------------------


def card_limits(name: str, i: int):
    return simulate.get_machine(name).gpus[i]


@pytest.mark.parametrize("name", [n for n in NAMES if EXPECTED_GFX[n]])
def test_metrics_move_and_stay_in_range(name):
    machine = simulate.get_machine(name)
    for i, g in enumerate(machine.gpus):
        samples = [gpu_metrics(name, i, t) for t in range(0, 1800, 7)]
        for m in samples:
            assert 0 <= m.busy_percent <= 100
            assert 15 <= m.temp_edge_c < 100 and m.temp_junction_c < 110 and m.temp_mem_c < 100
            assert m.temp_junction_c >= m.temp_edge_c
            assert 0 < m.power_w <= (g.power_cap_w or g.load_w * 1.15)
            assert 0 < m.vram_used_bytes <= g.vram_total and m.gtt_used_bytes <= g.gtt_total
            assert m.sclk_mhz <= g.sclk[1] and m.mclk_mhz in g.mclk_levels
            if m.fan_rpm is not None:
                assert 0 <= m.fan_rpm <= g.fan_max_rpm and 0 <= m.pwm <= 255
        if g.profile == "idle":  # an iGPU nobody uses only flickers
            assert len({m.busy_percent for m in samples}) > 1 and max(m.busy_percent for m in samples) < 10
        else:
            assert len({m.busy_percent for m in samples}) > 5
            assert len({m.temp_edge_c for m in samples}) > 3
        assert gpu_metrics(name, i, 812.25) == gpu_metrics(name, i, 812.25)  # pure


def test_training_load_is_smooth_and_cyclic():
    name = "rx7900xtx-ubuntu2404"
    busy = [gpu_metrics(name, 0, t).busy_percent for t in range(0, 600)]
    temps = [gpu_metrics(name, 0, t).temp_edge_c for t in range(0, 600)]
    assert max(busy) >= 95 and min(busy) <= 10
    assert max(abs(a - b) for a, b in zip(temps, temps[1:])) <= 3  # a heatsink does not jump
    # the epoch repeats every 10 minutes: training plateau, then the pause between epochs
    for epoch in range(3):
        assert gpu_metrics(name, 0, 300 + 600 * epoch).busy_percent >= 90
        assert gpu_metrics(name, 0, 592 + 600 * epoch).busy_percent <= 15


def read_metric_files(host: Host, gm: dict) -> dict[str, int]:
    dev, hw = gm["sysfs"], gm["hwmon"]
    out = {"busy": host.read_int(f"{dev}/gpu_busy_percent", 10), "vram": host.read_int(f"{dev}/mem_info_vram_used", 10)}
    for f in host.listdir(hw):
        if f.endswith("_input") or f in ("pwm1", "power1_average"):
            out[f] = host.read_int(f"{hw}/{f}", 10)
    sclk = [line for line in host.read_text(f"{dev}/pp_dpm_sclk").splitlines() if line.rstrip().endswith("*")]
    assert len(sclk) == 1
    out["sclk"] = int(sclk[0].split(":")[1].strip().split("Mhz")[0])
    return out


def test_write_metrics_rewrites_what_gpu_metrics_says(tmp_path):
    name = "rx7900xtx-ubuntu2404"
    root = build(name, tmp_path / "t", t=10.0)
    host = Host.at_root(root)
    gm = sim_metadata(root)["gpus"][0]
    before = read_metric_files(host, gm)
    pci_mtimes = {p: os.stat(host.path(f"{gm['sysfs']}/{p}")).st_mtime_ns for p in ("vbios_version", "mem_info_vram_total")}
    write_metrics(root, 300.0)
    after = read_metric_files(host, gm)
    assert before != after
    m = gpu_metrics(name, 0, 300.0)
    assert after["busy"] == m.busy_percent and after["vram"] == m.vram_used_bytes
    assert after["temp1_input"] == m.temp_edge_c * 1000 and after["temp2_input"] == m.temp_junction_c * 1000
    assert after["power1_average"] == m.power_w * 1_000_000 and after["sclk"] == m.sclk_mhz
    assert after["freq1_input"] == m.sclk_mhz * 1_000_000 and after["fan1_input"] == m.fan_rpm
    for p, mtime in pci_mtimes.items():  # static files are left alone
        assert os.stat(host.path(f"{gm['sysfs']}/{p}")).st_mtime_ns == mtime
    assert host.read_value(f"{gm['sysfs']}/power/runtime_status") == "active"
    leftovers = [p for p in root.rglob(".*.tmp")]
    assert leftovers == []


def test_write_metrics_leaves_a_suspended_gpu_alone(tmp_path):
    root = build("rx6600xt-ubuntu2204", tmp_path / "t", t=10.0)
    host = Host.at_root(root)
    gm = sim_metadata(root)["gpus"][0]
    (host.path(gm["sysfs"]) / "power/runtime_status").write_text("suspended\n")
    before = read_metric_files(host, gm)
    write_metrics(root, 999.0)
    assert read_metric_files(host, gm) == before


def test_write_metrics_refuses_a_tree_that_is_not_simulated(tmp_path):
    with pytest.raises(ValueError):
        write_metrics(tmp_path, 1.0)


def test_write_metrics_is_atomic_for_readers(tmp_path):
    root = build("mi300x-8gpu-server", tmp_path / "t", t=0.0)
    host = Host.at_root(root)
    gpus = sim_metadata(root)["gpus"]
    files = []
    for gm in gpus[:2]:
        files += [f"{gm['sysfs']}/gpu_busy_percent", f"{gm['sysfs']}/mem_info_vram_used",
                  f"{gm['hwmon']}/temp2_input", f"{gm['hwmon']}/power1_input"]
    stop = threading.Event()
    errors: list[BaseException] = []

    def writer() -> None:
        t = 0.0
        try:
            while not stop.is_set():
                write_metrics(root, t)
                t += 3.7
        except BaseException as exc:  # surfaced below
            errors.append(exc)

    th = threading.Thread(target=writer)
    th.start()
    try:
        reads = 0
        deadline = time.monotonic() + 1.5
        while time.monotonic() < deadline:
            for f in files:
                text = host.path(f).read_text()
                assert text.endswith("\n") and int(text) >= 0, repr(text)
                reads += 1
    finally:
        stop.set()
        th.join()
    assert not errors and reads > 100


def _moving_files(root: Path) -> dict[str, tuple[int, bytes]]:
    """Every file write_metrics writes, by machine path: (inode, content)."""
    host = Host.at_root(root)
    out = {}
    for gm in sim_metadata(root)["gpus"]:
        for folder in (gm["sysfs"], gm["hwmon"]):
            for p in host.path(folder).iterdir():
                if p.is_file() and not p.name.startswith("."):
                    out[f"{folder}/{p.name}"] = (p.stat().st_ino, p.read_bytes())
    return out


def test_write_metrics_replaces_only_what_changed(tmp_path):
    """A second of an idle card changes a few of its files: those are replaced (a new inode, as before), the
    rest are left as they are; a file a test or a person broke (garbage, a FIFO) is written again, never read
    in a way that blocks."""
    root = build("rx6600xt-ubuntu2204", tmp_path / "t", t=10.0)
    write_metrics(root, 500.0)
    before = _moving_files(root)
    write_metrics(root, 501.0)
    after = _moving_files(root)
    changed = {p for p in after if after[p][1] != before[p][1]}
    same = {p for p in after if after[p][1] == before[p][1]}
    assert changed and same  # an idle second: some move, some do not
    assert all(after[p][0] != before[p][0] for p in changed)
    assert all(after[p][0] == before[p][0] for p in same)
    write_metrics(root, 501.0)
    assert _moving_files(root) == after  # the same moment again: nothing written

    host = Host.at_root(root)
    gm = sim_metadata(root)["gpus"][0]
    temp, busy = host.path(f"{gm['hwmon']}/temp1_input"), host.path(f"{gm['sysfs']}/gpu_busy_percent")
    temp.write_text("garbage\n")
    busy.unlink()
    os.mkfifo(busy)
    done = threading.Event()
    th = threading.Thread(target=lambda: (write_metrics(root, 501.0), done.set()), daemon=True)
    th.start()
    assert done.wait(10), "write_metrics blocked on a FIFO"
    assert _moving_files(root)[f"{gm['hwmon']}/temp1_input"][1] == after[f"{gm['hwmon']}/temp1_input"][1]
    assert stat.S_ISREG(busy.stat().st_mode) and busy.read_bytes() == after[f"{gm['sysfs']}/gpu_busy_percent"][1]


def test_write_metrics_follows_a_changed_metadata_file(tmp_path):
    """The metadata is read again when its file changes (here: a GPU dropped from it is no longer written)."""
    root = build("mi300x-8gpu-server", tmp_path / "t", t=10.0)
    write_metrics(root, 100.0)
    meta = sim_metadata(root)
    last = meta["gpus"][-1]
    busy = Host.at_root(root).path(f"{last['sysfs']}/gpu_busy_percent")
    meta["gpus"] = meta["gpus"][:-1]
    (root / META_FILE).write_text(json.dumps(meta), encoding="utf-8")
    inode = busy.stat().st_ino
    for t in (160.0, 220.0, 280.0):
        write_metrics(root, t)
    assert busy.stat().st_ino == inode  # no longer moved


def test_metrics_for_is_the_same_for_the_same_moment_and_machine():
    from dataclasses import replace

    from rocmdesk.machine.sim_load import metrics_for

    machine = simulate.get_machine("rx7900xtx-ubuntu2404")
    first = metrics_for(machine, 0, 123.0)
    assert metrics_for(machine, 0, 123.0) == first
    hotter = replace(machine, gpus=[replace(machine.gpus[0], idle_edge_c=machine.gpus[0].idle_edge_c + 20),
                                    *machine.gpus[1:]])
    assert metrics_for(hotter, 0, 123.0).temp_edge_c > first.temp_edge_c  # another machine of the same name
    assert metrics_for(machine, 0, 124.0) != first


# -- the cache ---------------------------------------------------------------------------


def test_open_simulated_returns_a_simulated_host_and_reuses_the_cache(tmp_path):
    host = open_simulated("radeon780m-laptop", cache_dir=tmp_path)
    assert host.simulated and not host.live
    assert host.root == (tmp_path / "radeon780m-laptop").resolve()
    assert host.label == "simulated: " + simulate.get_machine("radeon780m-laptop").description
    assert host.env["USER"] == "xiaoming" and host.env["HSA_OVERRIDE_GFX_VERSION"] == "11.0.0"
    assert host.user_name() == "xiaoming"
    assert host.read_value("/sys/class/drm/card1/device/device") == "0x15bf"
    meta_path = host.root / META_FILE
    first = meta_path.stat().st_mtime_ns, meta_path.stat().st_ino
    again = open_simulated("radeon780m-laptop", cache_dir=tmp_path)
    assert again.root == host.root
    assert (meta_path.stat().st_mtime_ns, meta_path.stat().st_ino) == first
    assert [p.name for p in tmp_path.iterdir()] == ["radeon780m-laptop"]


@pytest.mark.parametrize("damage", ["corrupt-meta", "no-meta", "half-tree", "old-builder", "meta-is-a-list"])
def test_open_simulated_survives_a_bad_cache(tmp_path, damage):
    target = tmp_path / "rx7900xtx-ubuntu2404"
    if damage == "half-tree":
        build("rx7900xtx-ubuntu2404", target)
        shutil.rmtree(target / "sys/class/kfd/kfd/topology", ignore_errors=True)
        shutil.rmtree(target / "sys/devices/virtual/kfd")
    elif damage == "old-builder":
        build("rx7900xtx-ubuntu2404", target)
        meta = json.loads((target / META_FILE).read_text())
        meta["builder_version"] = "0-old"
        (target / META_FILE).write_text(json.dumps(meta))
    else:
        (target / "sys/class").mkdir(parents=True)
        (target / "sys/class/stray").write_text("x")
        if damage == "corrupt-meta":
            (target / META_FILE).write_text('{"name": "rx7900xtx-ubu')
        elif damage == "meta-is-a-list":
            (target / META_FILE).write_text("[1, 2]")
    host = open_simulated("rx7900xtx-ubuntu2404", cache_dir=tmp_path)
    meta = sim_metadata(host.root)
    assert meta and meta["complete"] and meta["builder_version"] == simulate.builder_version()
    assert host.is_dir(TOPO) and not host.exists("/sys/class/stray")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rx7900xtx-ubuntu2404"]


def test_sim_metadata_is_tolerant(tmp_path):
    assert sim_metadata(tmp_path) is None
    assert sim_metadata(tmp_path / "missing") is None
    (tmp_path / META_FILE).write_bytes(b"\xff\xfe not json")
    assert sim_metadata(tmp_path) is None
    (tmp_path / META_FILE).write_text('"a string"')
    assert sim_metadata(tmp_path) is None


def test_open_simulated_defaults_to_the_user_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    host = open_simulated("no-amd-gpu")
    assert host.root == (tmp_path / "xdg" / "rocmdesk" / "simulated" / "no-amd-gpu").resolve()


# -- against real data and real tools (skip when absent) ------------------------------------


def test_hwmon_files_match_a_real_card_of_the_same_kind(trees):
    real_root = SHARED / "realdata/sysfs/lact/rx6600xt"
    if not real_root.is_dir():
        require("../shared/realdata", "absent (CI has ../shared beside the project)")
    real_hw = next(real_root.glob("card*/device/hwmon/hwmon*"))
    real = {p.name for p in real_hw.iterdir() if p.is_file()}
    host = trees["rx6600xt-ubuntu2204"]
    # links and uevent are not in every snapshot (LACT copies files only, and not always uevent)
    ours = {n for n in host.listdir(sim_metadata(host.root)["gpus"][0]["hwmon"])} - {"device", "uevent"}
    real -= {"uevent"}
    assert ours == real, (sorted(ours - real), sorted(real - ours))


def test_kfd_properties_have_the_real_keys(trees):
    real_props = SHARED / "realdata/kfd-topology/k8s-mi308x-8gpu-partitioned/topology/nodes/2/properties"
    if not real_props.is_file():
        require("../shared/realdata", "absent (CI has ../shared beside the project)")
    real = [line.split()[0] for line in real_props.read_text().splitlines() if line.strip()]
    _n, ours = gpu_nodes(trees["mi308x-partitioned"])[0]
    assert list(ours) == real


ROCM_SMI = "/usr/libexec/rocm_smi/rocm_smi.py"
RUN_IN_FAKESYS = SHARED / "tools/fakesys/run_in_fakesys.sh"


def _rocm_smi_usable() -> str | None:
    if not os.path.exists(ROCM_SMI):
        return "Debian's rocm-smi is not installed (apt-get install rocm-smi)"
    if not RUN_IN_FAKESYS.is_file() or not shutil.which("unshare"):
        return "needs ../shared/tools/fakesys and unshare"
    args = ["unshare", "--mount", "true"] if os.geteuid() == 0 else ["unshare", "--map-root-user", "--mount", "true"]
    try:
        ok = subprocess.run(args, capture_output=True, timeout=10).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        ok = False
    return None if ok else "mount namespaces are not available here"


def test_real_rocm_smi_reads_the_simulated_tree(tmp_path):
    why = _rocm_smi_usable()
    if why:
        require("Debian's rocm-smi in a private mount namespace", why)
    root = build("rx7900xtx-ubuntu2404", tmp_path / "t", t=123.0)
    python = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else "python3"
    proc = subprocess.run(
        ["sh", str(RUN_IN_FAKESYS), str(root), python, ROCM_SMI, "--showtemp", "--showpower", "--showuse",
         "--showmeminfo", "vram", "--json"],
        capture_output=True, text=True, timeout=60,
    )
    assert proc.returncode in (0, 2), proc.stderr  # 2: some metric (HBM temps) not supported
    data = json.loads(proc.stdout)
    assert len(data) == 1
    card = next(iter(data.values()))
    host = Host.at_root(root)
    gm = sim_metadata(root)["gpus"][0]
    hw, dev = gm["hwmon"], gm["sysfs"]

    def celsius(n: int) -> str:
        return f"{host.read_int(f'{hw}/temp{n}_input', 10) / 1000:.1f}"

    assert card["Temperature (Sensor edge) (C)"] == celsius(1)
    assert card["Temperature (Sensor junction) (C)"] == celsius(2)
    assert card["Temperature (Sensor memory) (C)"] == celsius(3)
    assert card["Average Graphics Package Power (W)"] == f"{host.read_int(f'{hw}/power1_average', 10) / 1e6:.1f}"
    assert card["GPU use (%)"] == host.read_value(f"{dev}/gpu_busy_percent")
    assert card["VRAM Total Memory (B)"] == host.read_value(f"{dev}/mem_info_vram_total")
    assert card["VRAM Total Used Memory (B)"] == host.read_value(f"{dev}/mem_info_vram_used")
