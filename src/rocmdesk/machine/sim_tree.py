"""Writing a simulated machine's tree: sysfs, KFD, /proc, /etc, /dev and /opt as a real machine has them.

``build_into(machine, dest, t)`` writes everything the project's reader (and Debian's real ``rocm-smi``) reads,
from one ``SimMachine`` record; the moving metric files come from the load model (``sim_load``) as at time t.
Layout facts worth knowing are in ``rocmdesk.machine.simulate``'s docstring.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
import stat as stat_mod
from pathlib import Path

from rocmdesk.machine.sim_load import dpm_levels, gpu_metrics_blob, metric_files, metrics_for, seed_of
from rocmdesk.machine.sim_records import DeviceMode, OtherGpu, PciFn, SimGpu, SimMachine
from rocmdesk.machine.sim_spec import amdgpu_ids_rows
from rocmdesk.machine.simcache import META_FILE, builder_version

_AMD = 0x1002


def _amdgpu_ids_text(rows: tuple[tuple[str, str, str], ...]) -> str:
    head = (
        "# List of AMDGPU IDs\n#\n# Syntax:\n"
        "# device_id,\trevision_id,\tproduct_name        <-- single tab after comma\n\n1.0.0\n"
    )
    return head + "".join(f"{d},\t{r},\t{n}\n" for d, r, n in sorted(rows))


class _Tree:
    """Writes machine paths under a root; remembers made folders so a build stays fast."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._dirs: set[str] = set()

    def _local(self, p: str) -> str:
        return os.path.join(self.root, p.lstrip("/"))

    def mkdir(self, p: str) -> None:
        local = self._local(p)
        if local not in self._dirs:
            os.makedirs(local, exist_ok=True)
            self._dirs.add(local)

    def write(self, p: str, text: str, mode: int | None = None) -> None:
        self.mkdir(os.path.dirname(p))
        local = self._local(p)
        with open(local, "w", encoding="utf-8") as fh:
            fh.write(text)
        if mode is not None:
            os.chmod(local, mode)

    def write_bytes(self, p: str, data: bytes) -> None:
        self.mkdir(os.path.dirname(p))
        with open(self._local(p), "wb") as fh:
            fh.write(data)

    def link(self, p: str, target: str) -> None:
        """A relative symlink at machine path p to machine path target, as sysfs has them."""
        self.mkdir(os.path.dirname(p))
        rel = os.path.relpath(target, os.path.dirname(p))
        local = self._local(p)
        if os.path.lexists(local):
            os.remove(local)
        os.symlink(rel, local)


def _hx(v: int, width: int = 4) -> str:
    return f"0x{v:0{width}x}"


def _pci_dir(bridges: tuple[PciFn, ...], slot: str) -> str:
    domain_bus = slot.rsplit(":", 2)[0] if not bridges else bridges[0].slot.rsplit(":", 1)[0]
    parts = [f"/sys/devices/pci{domain_bus}"] + [b.slot for b in bridges] + [slot]
    return "/".join(parts)


def _uevent(fn: PciFn) -> str:
    slot, vendor, device, pci_class, driver = fn.slot, fn.vendor, fn.device, fn.pci_class, fn.driver
    sv, sd = fn.subsystem
    cls = f"{pci_class:X}"
    lines = []
    if driver:
        lines.append(f"DRIVER={driver}")
    lines += [
        f"PCI_CLASS={cls}",
        f"PCI_ID={vendor:04X}:{device:04X}",
        f"PCI_SUBSYS_ID={sv:04X}:{sd:04X}",
        f"PCI_SLOT_NAME={slot}",
        f"MODALIAS=pci:v0000{vendor:04X}d0000{device:04X}sv0000{sv:04X}sd0000{sd:04X}"
        f"bc{pci_class >> 16:02X}sc{(pci_class >> 8) & 0xFF:02X}i{pci_class & 0xFF:02X}",
    ]
    return "\n".join(lines) + "\n"


def _write_pci_fn(tree: _Tree, path: str, fn: PciFn) -> None:
    tree.write(f"{path}/vendor", f"{_hx(fn.vendor)}\n")
    tree.write(f"{path}/device", f"{_hx(fn.device)}\n")
    tree.write(f"{path}/revision", f"{_hx(fn.revision, 2)}\n")
    tree.write(f"{path}/class", f"0x{fn.pci_class:06x}\n")
    tree.write(f"{path}/subsystem_vendor", f"{_hx(fn.subsystem[0])}\n")
    tree.write(f"{path}/subsystem_device", f"{_hx(fn.subsystem[1])}\n")
    tree.write(f"{path}/enable", "1\n")
    tree.write(f"{path}/uevent", _uevent(fn))
    tree.link(f"/sys/bus/pci/devices/{fn.slot}", path)
    if fn.driver:
        tree.link(f"{path}/driver", f"/sys/bus/pci/drivers/{fn.driver}")
        tree.link(f"/sys/bus/pci/drivers/{fn.driver}/{fn.slot}", path)


def _write_bridges(tree: _Tree, bridges: tuple[PciFn, ...]) -> None:
    for i, b in enumerate(bridges):
        _write_pci_fn(tree, _pci_dir(bridges[:i], b.slot), b)


def _write_drm(tree: _Tree, dev_dir: str, card: int, render: int | None,
               connectors: tuple[tuple[str, str], ...]) -> None:
    """drm/cardN (+ connectors) and drm/renderDN under a device, and their /sys/class/drm links."""
    names = [(f"card{card}", card)] + ([(f"renderD{render}", render)] if render is not None else [])
    for name, minor in names:
        d = f"{dev_dir}/drm/{name}"
        tree.write(f"{d}/dev", f"226:{minor}\n")
        tree.write(f"{d}/uevent", f"MAJOR=226\nMINOR={minor}\nDEVNAME=dri/{name}\nDEVTYPE=drm_minor\n")
        tree.link(f"{d}/device", dev_dir)
        tree.link(f"{d}/subsystem", "/sys/class/drm")
        tree.link(f"/sys/class/drm/{name}", d)
    for conn, status in connectors:
        cname = f"card{card}-{conn}"
        c = f"{dev_dir}/drm/card{card}/{cname}"
        tree.write(f"{c}/status", f"{status}\n")
        tree.write(f"{c}/enabled", "enabled\n" if status == "connected" else "disabled\n")
        tree.write(f"{c}/dpms", "On\n" if status == "connected" else "Off\n")
        tree.write(f"{c}/modes", "2560x1440\n1920x1080\n" if status == "connected" else "")
        tree.write(f"{c}/uevent", "DEVTYPE=drm_connector\n")
        tree.link(f"/sys/class/drm/{cname}", c)


def _pci_path(g: SimGpu) -> str:
    return _pci_dir(g.bridges, g.slot)


def _hwmon_path(g: SimGpu) -> str:
    return f"{_pci_path(g)}/hwmon/hwmon{g.hwmon}"


def _write_gpu(tree: _Tree, machine: SimMachine, index: int, g: SimGpu, t: float) -> dict:
    _write_bridges(tree, g.bridges)
    pci = _pci_path(g)
    fn = PciFn(g.slot, _AMD, g.device_id, g.pci_class, "amdgpu", g.subsystem, g.revision)
    _write_pci_fn(tree, pci, fn)
    w = tree.write
    w(f"{pci}/boot_vga", "1\n" if g.boot_vga else "0\n")
    w(f"{pci}/numa_node", f"{g.numa_node}\n")
    w(f"{pci}/current_link_speed", f"{g.link_speed}\n")
    w(f"{pci}/current_link_width", f"{g.link_width}\n")
    w(f"{pci}/max_link_speed", f"{g.link_speed}\n")
    w(f"{pci}/max_link_width", f"{g.link_width}\n")
    w(f"{pci}/vbios_version", f"{g.vbios}\n")
    w(f"{pci}/mem_info_vram_total", f"{g.vram_total}\n")
    w(f"{pci}/mem_info_vis_vram_total", f"{g.vis_vram_total or g.vram_total}\n")
    w(f"{pci}/mem_info_gtt_total", f"{g.gtt_total}\n")
    if g.vram_vendor:
        w(f"{pci}/mem_info_vram_vendor", f"{g.vram_vendor}\n")
    w(f"{pci}/power_dpm_force_performance_level", "auto\n")
    w(f"{pci}/power_dpm_state", "performance\n")
    w(f"{pci}/pp_dpm_socclk", dpm_levels(g.socclk_levels, len(g.socclk_levels) // 2))
    w(f"{pci}/pp_dpm_fclk", dpm_levels(g.fclk_levels, 0))
    if g.pcie_levels:
        w(f"{pci}/pp_dpm_pcie", g.pcie_levels)
    w(f"{pci}/power/runtime_status", f"{g.runtime_status}\n")
    w(f"{pci}/power/control", "auto\n")
    if g.unique_id is not None:
        w(f"{pci}/unique_id", f"{g.unique_id:016x}\n")
    if g.serial_number:
        w(f"{pci}/serial_number", f"{g.serial_number}\n")
    if g.product_name:
        w(f"{pci}/product_name", f"{g.product_name}\n")
    if g.compute_partition:
        w(f"{pci}/current_compute_partition", f"{g.compute_partition}\n")
        w(f"{pci}/available_compute_partition", "SPX, DPX, QPX, CPX\n")
        w(f"{pci}/current_memory_partition", f"{g.memory_partition}\n")
        w(f"{pci}/available_memory_partition", "NPS1, NPS4\n")
    if g.hive_id or g.compute_partition:
        _write_instinct(tree, machine, index, g, pci)
    if g.gc_ip is not None:
        major, minor, rev = g.gc_ip
        for inst in range(g.gc_instances):
            d = f"{pci}/ip_discovery/die/0/GC/{inst}"
            w(f"{d}/major", f"{major}\n")
            w(f"{d}/minor", f"{minor}\n")
            w(f"{d}/revision", f"{rev}\n")
            w(f"{d}/num_instance", f"{g.gc_instances}\n")
            w(f"{d}/hw_id", "11\n")
            w(f"{d}/harvest", "0x0\n")
    if g.audio is not None:
        _write_pci_fn(tree, _pci_dir(g.bridges, g.audio.slot), g.audio)

    # hwmon: static attributes; the moving ones come from metric_files
    hw = _hwmon_path(g)
    w(f"{hw}/name", "amdgpu\n")
    w(f"{hw}/uevent", "")
    tree.link(f"{hw}/device", pci)
    tree.link(f"/sys/class/hwmon/hwmon{g.hwmon}", hw)
    for n, (label, crit, emergency) in enumerate(g.temps, start=g.temp_index_base):
        w(f"{hw}/temp{n}_label", f"{label}\n")
        if crit is not None:
            w(f"{hw}/temp{n}_crit", f"{crit * 1000}\n")
            w(f"{hw}/temp{n}_crit_hyst", "-273150\n")
        if emergency is not None:
            w(f"{hw}/temp{n}_emergency", f"{emergency * 1000}\n")
    w(f"{hw}/power1_label", f"{g.power_label}\n")
    if g.power_cap_w:
        w(f"{hw}/power1_cap", f"{g.power_cap_w * 1_000_000}\n")
        w(f"{hw}/power1_cap_default", f"{g.power_cap_w * 1_000_000}\n")
        w(f"{hw}/power1_cap_max", f"{g.power_cap_max_w * 1_000_000}\n")
        w(f"{hw}/power1_cap_min", f"{g.power_cap_min_w * 1_000_000}\n")
    w(f"{hw}/freq1_label", "sclk\n")
    if g.mclk_in_hwmon:
        w(f"{hw}/freq2_label", "mclk\n")
    if g.fan_max_rpm:
        w(f"{hw}/fan1_max", f"{g.fan_max_rpm}\n")
        w(f"{hw}/fan1_min", "0\n")
        w(f"{hw}/fan1_enable", "0\n")
        w(f"{hw}/pwm1_enable", "2\n")
        w(f"{hw}/pwm1_max", "255\n")
        w(f"{hw}/pwm1_min", "0\n")
    for n, name in enumerate(g.voltages):
        w(f"{hw}/in{n}_label", f"{name}\n")
    m = metrics_for(machine, index, t)
    for path, text in metric_files(g, m, pci, hw).items():
        w(path, text)
    tree.write_bytes(f"{pci}/gpu_metrics", gpu_metrics_blob(g, m, t, seed_of(f"{machine.name}:{index}")))

    _write_drm(tree, pci, g.card, g.render_minor, g.connectors)
    renders = [g.render_minor]
    for k in range(g.xcp_devices):
        # gfx 9.4.3 partitions: platform devices amdgpu_xcp.N, numbered across all cards
        plat = f"/sys/devices/platform/amdgpu_xcp.{_xcp_base(machine, index) + k}"
        w(f"{plat}/uevent", "DRIVER=amdgpu_xcp_drv\nMODALIAS=platform:amdgpu_xcp\n")
        _write_drm(tree, plat, g.card + 1 + k, g.render_minor + 1 + k, ())
        renders.append(g.render_minor + 1 + k)
    return {
        "index": index,
        "label": g.label,
        "gfx": g.gfx,
        "pci_slot": g.slot,
        "sysfs": pci,
        "hwmon": hw,
        "card": f"card{g.card}",
        "render_nodes": [f"/dev/dri/renderD{r}" for r in renders],
        "partitions": g.partitions,
        "kfd_nodes": [],
    }


# RAS blocks an MI300X lists under ras/ (amd-smi's ECC blocks); UMC's file has the deferred count newer kernels add
_RAS_BLOCKS = ("umc", "sdma", "gfx", "mmhub", "pcie_bif", "hdp", "xgmi_wafl")


def _write_instinct(tree: _Tree, machine: SimMachine, index: int, g: SimGpu, pci: str) -> None:
    """RAS error counters and the XGMI hive of an Instinct card, as amdgpu_ras.c and amdgpu_xgmi.c print them.

    The counts are a healthy fleet's: no uncorrectable error anywhere, and on the fourth card two corrected
    memory (UMC) errors, the kind ECC fixes and a long-running node shows now and then."""
    w = tree.write
    w(f"{pci}/ras/features", "feature mask: 0x0000fffb\n")
    for block in _RAS_BLOCKS:
        ce = 2 if block == "umc" and index == 3 else 0
        w(f"{pci}/ras/{block}_err_count", f"ue: 0\nce: {ce}\n" + ("de: 0\n" if block == "umc" else ""))
    w(f"{pci}/ras/gpu_vram_bad_pages", "")
    if not g.hive_id:
        return
    peers = [j for j, o in enumerate(machine.gpus) if o.hive_id == g.hive_id]
    me = peers.index(index)
    # fully connected OAM platform: one link to each other card of the hive, none to itself
    w(f"{pci}/xgmi_num_links", " ".join("00" if j == index else "01" for j in peers) + " \n")
    w(f"{pci}/xgmi_num_hops", " ".join("00" if j == index else "41" for j in peers) + " \n")
    w(f"{pci}/xgmi_device_id", f"{(g.unique_id or 0) & 0xFFFFFFFFFFFF}\n")
    w(f"{pci}/xgmi_physical_id", f"{me}\n")
    w(f"{pci}/xgmi_error", "0\n")
    first = _pci_path(machine.gpus[peers[0]])
    if me == 0:  # the hive's kobject lives under its first device; the others link to it
        w(f"{pci}/xgmi_hive_info/xgmi_hive_id", f"{g.hive_id}\n")
    else:
        tree.link(f"{pci}/xgmi_hive_info", f"{first}/xgmi_hive_info")
    tree.link(f"{first}/xgmi_hive_info/node{me + 1}", pci)


def _xcp_base(machine: SimMachine, index: int) -> int:
    return sum(g.xcp_devices for g in machine.gpus[:index])


def _write_other(tree: _Tree, o: OtherGpu) -> None:
    _write_bridges(tree, o.bridges)
    path = _pci_dir(o.bridges, o.pci.slot)
    _write_pci_fn(tree, path, o.pci)
    tree.write(f"{path}/boot_vga", "1\n")
    _write_drm(tree, path, o.card, o.render_minor, o.connectors)


def _props(pairs: list[tuple[str, int]]) -> str:
    return "".join(f"{k} {v}\n" for k, v in pairs)


def _io_link(node_from: int, node_to: int, kind: int, weight: int, bw: tuple[int, int] = (0, 0)) -> str:
    return _props([
        ("type", kind), ("version_major", 0), ("version_minor", 0), ("node_from", node_from),
        ("node_to", node_to), ("weight", weight), ("min_latency", 0), ("max_latency", 0),
        ("min_bandwidth", bw[0]), ("max_bandwidth", bw[1]), ("recommended_transfer_size", 0),
        ("flags", 1 if kind != 5 else 0),
    ])


def _kfd_gpu_nodes(machine: SimMachine) -> list[tuple[int, int, int]]:
    """(node, gpu index, partition) for every KFD GPU node, CPU nodes first."""
    out = []
    n = len(machine.cpus)
    for i, g in enumerate(machine.gpus):
        for p in range(g.partitions):
            out.append((n, i, p))
            n += 1
    return out


def _write_kfd(tree: _Tree, machine: SimMachine, gpu_meta: list[dict]) -> None:
    kfd = "/sys/devices/virtual/kfd/kfd"
    tree.link("/sys/class/kfd/kfd", kfd)
    tree.write(f"{kfd}/dev", "234:0\n")
    tree.write(f"{kfd}/uevent", "MAJOR=234\nMINOR=0\nDEVNAME=kfd\n")
    tree.mkdir(f"{kfd}/proc")
    topo = f"{kfd}/topology"
    tree.write(f"{topo}/generation_id", "1\n")
    tree.write(f"{topo}/system_properties", "platform_oem 0\nplatform_id 0\nplatform_rev 0\n")
    gpu_nodes = _kfd_gpu_nodes(machine)
    ncpu = len(machine.cpus)
    for c, cpu in enumerate(machine.cpus):
        d = f"{topo}/nodes/{c}"
        mine = [node for node, i, _p in gpu_nodes if machine.gpus[i].numa_node in (-1, c)]
        others = [x for x in range(ncpu) if x != c]
        tree.write(f"{d}/properties", _props([
            ("cpu_cores_count", cpu.threads), ("simd_count", 0), ("mem_banks_count", 1),
            ("caches_count", 0), ("io_links_count", len(mine) + len(others)), ("p2p_links_count", 0),
            ("cpu_core_id_base", c * cpu.threads), ("simd_id_base", 0), ("max_waves_per_simd", 0),
            ("lds_size_in_kb", 0), ("gds_size_in_kb", 0), ("num_gws", 0), ("wave_front_size", 0),
            ("array_count", 0), ("simd_arrays_per_engine", 0), ("cu_per_simd_array", 0),
            ("simd_per_cu", 0), ("max_slots_scratch_cu", 0), ("gfx_target_version", 0),
            ("vendor_id", 0), ("device_id", 0), ("location_id", 0), ("domain", 0),
            ("drm_render_minor", 0), ("hive_id", 0), ("num_sdma_engines", 0),
            ("num_sdma_xgmi_engines", 0), ("num_sdma_queues_per_engine", 0), ("num_cp_queues", 0),
            ("max_engine_clk_ccompute", cpu.max_mhz),
        ]))
        tree.write(f"{d}/gpu_id", "0\n")
        tree.write(f"{d}/name", "\n")
        tree.write(f"{d}/mem_banks/0/properties", _props([
            ("heap_type", 0), ("size_in_bytes", cpu.mem_bytes), ("flags", 0), ("width", 64),
            ("mem_clk_max", 4800),
        ]))
        tree.mkdir(f"{d}/caches")
        tree.mkdir(f"{d}/p2p_links")
        tree.mkdir(f"{d}/io_links")
        for k, other in enumerate(others):
            tree.write(f"{d}/io_links/{k}/properties", _io_link(c, other, 5, 21))
        for k, node in enumerate(mine, start=len(others)):
            tree.write(f"{d}/io_links/{k}/properties", _io_link(c, node, 2, 20, (312, 64000)))
    used_ids: set[int] = set()
    for node, i, p in gpu_nodes:
        g = machine.gpus[i]
        d = f"{topo}/nodes/{node}"
        bus, dev_fn = g.slot.split(":")[1], g.slot.split(":")[2]
        dev, fn = dev_fn.split(".")
        location = (int(bus, 16) << 8) | (int(dev, 16) << 3) | int(fn)
        if g.partitions > 1 or g.xcp_devices:
            location |= p  # gfx 9.4.3: KFD ORs the partition into location_id
        gpu_id = seed_of(f"{machine.name}:gpu_id:{node}") % 65000 + 500
        while gpu_id in used_ids:
            gpu_id += 1
        used_ids.add(gpu_id)
        cpu_node = g.numa_node if g.numa_node >= 0 else 0
        vram = g.vram_total // g.partitions
        # XGMI (type 11) to every other node of the hive; partitions of one card are closer
        peers = [(n, j) for n, j, _q in gpu_nodes if n != node and g.hive_id and machine.gpus[j].hive_id == g.hive_id]
        props = [
            ("cpu_cores_count", 0), ("simd_count", g.simd_count), ("mem_banks_count", 1),
            ("caches_count", 0), ("io_links_count", 1 + len(peers)), ("p2p_links_count", 0),
            ("cpu_core_id_base", 0), ("simd_id_base", 2147487744 + 256 * (node - ncpu)),
            ("max_waves_per_simd", g.max_waves_per_simd), ("lds_size_in_kb", 64), ("gds_size_in_kb", 0),
            ("num_gws", 64), ("wave_front_size", g.wave_front_size), ("array_count", g.array_count),
            ("simd_arrays_per_engine", 2 if g.kind != "instinct" else 1),
            ("cu_per_simd_array", g.cu_per_simd_array), ("simd_per_cu", g.simd_per_cu),
            ("max_slots_scratch_cu", 32), ("gfx_target_version", g.gfx_target_version),
            ("vendor_id", _AMD), ("device_id", g.device_id), ("location_id", location), ("domain", 0),
            ("drm_render_minor", g.render_minor + p), ("hive_id", g.hive_id),
            ("num_sdma_engines", 2), ("num_sdma_xgmi_engines", 6 if g.hive_id else 0),
            ("num_sdma_queues_per_engine", 8), ("num_cp_queues", 24 if g.kind == "instinct" else 8),
            ("max_engine_clk_fcompute", g.sclk[1]), ("local_mem_size", 0),  # 0 on new kernels
            ("fw_version", 149 if g.kind == "instinct" else 2200), ("capability", 746037888),
            ("debug_prop", 1511), ("sdma_fw_version", 19), ("unique_id", g.unique_id or 0),
        ]
        if g.num_xcc is not None:
            props.append(("num_xcc", g.num_xcc))
        props.append(("max_engine_clk_ccompute", machine.cpus[cpu_node].max_mhz))
        tree.write(f"{d}/properties", _props(props))
        tree.write(f"{d}/gpu_id", f"{gpu_id}\n")
        tree.write(f"{d}/name", f"{g.kfd_name}\n")
        tree.write(f"{d}/mem_banks/0/properties", _props([
            ("heap_type", 1), ("size_in_bytes", vram), ("flags", 0),
            ("width", 8192 if g.kind == "instinct" else 128 if g.kind == "apu" else 384),
            ("mem_clk_max", g.mclk_levels[-1]),
        ]))
        tree.mkdir(f"{d}/caches")
        tree.mkdir(f"{d}/p2p_links")
        tree.write(f"{d}/io_links/0/properties", _io_link(node, cpu_node, 2, 20, (312, 64000)))
        for k, (peer, j) in enumerate(peers, start=1):
            tree.write(f"{d}/io_links/{k}/properties", _io_link(node, peer, 11, 13 if j == i else 15))
        gpu_meta[i]["kfd_nodes"].append(node)


def _write_system(tree: _Tree, machine: SimMachine) -> None:
    w = tree.write
    w("/usr/lib/os-release", machine.os_release)
    tree.link("/etc/os-release", "/usr/lib/os-release")
    w("/etc/hostname", f"{machine.hostname}\n")
    w("/proc/sys/kernel/osrelease", f"{machine.kernel}\n")
    w("/proc/sys/kernel/hostname", f"{machine.hostname}\n")
    w("/proc/version", f"{machine.proc_version}\n")
    w("/proc/cmdline", f"BOOT_IMAGE=/boot/vmlinuz-{machine.kernel} root=UUID=4f3c2a1e-9b7d-4e21-8c55-"
      f"{seed_of(machine.name) % 10**12:012d} ro quiet splash{''.join(' ' + a for a in machine.kernel_args)}\n")
    total = machine.mem_total_kib
    w("/proc/meminfo", f"MemTotal:       {total} kB\nMemFree:        {total * 6 // 10} kB\n"
      f"MemAvailable:   {total * 8 // 10} kB\n")
    cpuinfo = []
    for s, cpu in enumerate(machine.cpus):
        for k in range(cpu.threads):
            cpuinfo.append(
                f"processor\t: {s * cpu.threads + k}\nvendor_id\t: "
                f"{'GenuineIntel' if 'Intel' in cpu.model_name else 'AuthenticAMD'}\n"
                f"model name\t: {cpu.model_name}\nphysical id\t: {s}\nsiblings\t: {cpu.threads}\n"
                f"cpu cores\t: {cpu.threads // 2}\n"
            )
    w("/proc/cpuinfo", "\n".join(cpuinfo) + "\n")
    modules = []
    if machine.amdgpu_loaded and machine.gpus:
        taint = " (OE)" if machine.amdgpu_module_version else ""
        modules.append(f"amdgpu 19820544 {4 * len(machine.gpus)} - Live 0x0000000000000000{taint}")
        if not machine.amdgpu_module_version:
            modules += ["amdxcp 12288 1 amdgpu, Live 0x0000000000000000",
                        "drm_exec 12288 1 amdgpu, Live 0x0000000000000000",
                        "gpu_sched 61440 1 amdgpu, Live 0x0000000000000000",
                        "drm_buddy 20480 1 amdgpu, Live 0x0000000000000000",
                        "drm_ttm_helper 12288 1 amdgpu, Live 0x0000000000000000",
                        "ttm 110592 2 amdgpu,drm_ttm_helper, Live 0x0000000000000000"]
    modules += list(machine.extra_modules)
    modules += ["snd_hda_intel 61440 3 - Live 0x0000000000000000",
                "k10temp 12288 0 - Live 0x0000000000000000" if "AMD" in machine.cpus[0].model_name
                else "coretemp 24576 0 - Live 0x0000000000000000"]
    w("/proc/modules", "\n".join(modules) + "\n")
    if machine.amdgpu_loaded and machine.gpus:
        w("/sys/module/amdgpu/initstate", "live\n")
        w("/sys/module/amdgpu/refcnt", f"{4 * len(machine.gpus)}\n")
        if machine.amdgpu_module_version:
            w("/sys/module/amdgpu/version", f"{machine.amdgpu_module_version}\n")
            w("/sys/module/amdgpu/taint", "OE\n")
    w("/sys/class/drm/version", "drm 1.1.0 20060810\n")
    for key, value in machine.dmi:
        w(f"/sys/devices/virtual/dmi/id/{key}", f"{value}\n")
    if machine.dmi:
        tree.link("/sys/class/dmi/id", "/sys/devices/virtual/dmi/id")

    # users and groups
    members = {g: [machine.user] for g in machine.user_groups}
    if any(n == "adm" for n, _ in machine.groups) and machine.os_release.startswith('PRETTY_NAME="Ubuntu'):
        members.setdefault("adm", []).insert(0, "syslog")
    lines = [f"{n}:x:{gid}:{','.join(members.get(n, []))}" for n, gid in machine.groups]
    lines.append(f"{machine.user}:x:{machine.uid}:")
    w("/etc/group", "\n".join(lines) + "\n")
    w("/etc/passwd", "root:x:0:0:root:/root:/bin/bash\n"
      "daemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n"
      "bin:x:2:2:bin:/bin:/usr/sbin/nologin\n"
      "sys:x:3:3:sys:/dev:/usr/sbin/nologin\n"
      "nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n"
      "systemd-network:x:998:998:systemd Network Management:/:/usr/sbin/nologin\n"
      f"{machine.user}:x:{machine.uid}:{machine.uid}:{machine.gecos}:/home/{machine.user}:/bin/bash\n")
    tree.mkdir(f"/home/{machine.user}")

    # packages, repositories, ROCm trees
    for path, text in machine.apt_files:
        w(path, text)
    stanzas = []
    for pkg, status, version in machine.packages:
        stanzas.append(f"Package: {pkg}\nStatus: {status}\nPriority: optional\nSection: misc\n"
                       f"Architecture: {'all' if pkg == 'amdgpu-install' else 'amd64'}\nVersion: {version}\n"
                       f"Description: {pkg} (simulated)\n")
    w("/var/lib/dpkg/status", "\n".join(stanzas))
    for n, (version, build) in enumerate(machine.rocm):
        base = f"/opt/rocm-{version}"
        w(f"{base}/.info/version", f"{version}-{build}\n")
        major, minor, patch = (int(x) for x in version.split("."))
        w(f"{base}/include/rocm-core/rocm_version.h",
          f"#define ROCM_VERSION_MAJOR   {major}\n#define ROCM_VERSION_MINOR   {minor}\n"
          f"#define ROCM_VERSION_PATCH   {patch}\n")
        tree.mkdir(f"{base}/lib")
        if n == 0:  # update-alternatives' chain, kept relative so it resolves inside the tree
            tree.link("/etc/alternatives/rocm", base)
            tree.link("/opt/rocm", "/etc/alternatives/rocm")
    for leftover in machine.rocm_leftovers:
        tree.mkdir(f"{leftover}/share/doc")
        tree.mkdir(f"{leftover}/lib/cmake")
    if machine.amdgpu_ids is not None:
        w("/usr/share/libdrm/amdgpu.ids", _amdgpu_ids_text(machine.amdgpu_ids))
    if machine.amdgpu_ids_rocm:
        w("/opt/amdgpu/share/libdrm/amdgpu.ids", _amdgpu_ids_text(amdgpu_ids_rows("rocm")))


def _ls_mode(bits: int) -> str:
    return stat_mod.filemode(stat_mod.S_IFCHR | bits)


def _write_dev(tree: _Tree, machine: SimMachine) -> dict[str, dict]:
    nodes: dict[str, dict] = {}

    def node(path: str, mode: DeviceMode, rdev: str) -> None:
        tree.write(path, "", mode.bits)  # a plain file: no mknod without root
        nodes[path] = {"owner": mode.owner, "group": mode.group, "mode": _ls_mode(mode.bits),
                       "mode_bits": mode.bits, "type": "char", "rdev": rdev}

    if machine.kfd and machine.gpus:
        node("/dev/kfd", machine.kfd_mode, "234:0")
    cards: list[tuple[int, int | None]] = [(o.card, o.render_minor) for o in machine.others]
    for g in machine.gpus:
        cards.append((g.card, g.render_minor))
        cards += [(g.card + 1 + k, g.render_minor + 1 + k) for k in range(g.xcp_devices)]
    for card, render in sorted(cards):
        node(f"/dev/dri/card{card}", machine.card_mode, f"226:{card}")
        if render is not None:
            node(f"/dev/dri/renderD{render}", machine.render_mode, f"226:{render}")
    return nodes


def _write_cpu_hwmon(tree: _Tree, machine: SimMachine) -> None:
    """The CPU's own sensor, so a reader that scans /sys/class/hwmon meets a non-amdgpu one."""
    amd = "AMD" in machine.cpus[0].model_name
    path = "/sys/devices/pci0000:00/0000:00:18.3/hwmon/hwmon1" if amd else "/sys/devices/platform/coretemp.0/hwmon/hwmon1"
    tree.write(f"{path}/name", "k10temp\n" if amd else "coretemp\n")
    tree.write(f"{path}/temp1_input", "48250\n")
    tree.write(f"{path}/temp1_label", "Tctl\n" if amd else "Package id 0\n")
    tree.link("/sys/class/hwmon/hwmon1", path)


def _env_for(machine: SimMachine) -> dict[str, str]:
    home = f"/home/{machine.user}"
    env = {
        "USER": machine.user, "LOGNAME": machine.user, "HOME": home, "SHELL": "/bin/bash",
        "LANG": machine.lang, "PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
    }
    env.update(machine.env)
    return env


def build_into(machine: SimMachine, dest: Path, t: float) -> None:
    """Write the whole tree of ``machine`` under ``dest`` (metrics as at time t); the metadata file last."""
    tree = _Tree(dest)
    _write_system(tree, machine)
    _write_cpu_hwmon(tree, machine)
    gpu_meta = [_write_gpu(tree, machine, i, g, t) for i, g in enumerate(machine.gpus)]
    for o in machine.others:
        _write_other(tree, o)
    if machine.kfd and machine.gpus:
        _write_kfd(tree, machine, gpu_meta)
    device_nodes = _write_dev(tree, machine)
    check = ["/etc/os-release", "/proc/version", "/sys/class/drm", "/etc/group"]
    for gm in gpu_meta:
        check += [gm["sysfs"] + "/uevent", gm["hwmon"] + "/name", f"/sys/class/drm/{gm['card']}"]
    for node, _i, _p in (_kfd_gpu_nodes(machine) if machine.kfd else []):
        check.append(f"/sys/class/kfd/kfd/topology/nodes/{node}/properties")
    meta = {
        "name": machine.name,
        "description": machine.about,
        "user": machine.user,
        "uid": machine.uid,
        "session_groups": list(machine.session_groups),
        "env": dict(machine.env),
        "host_env": _env_for(machine),  # lets simcache open the tree without this module
        "device_nodes": device_nodes,
        "simulated_at": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
        "metrics_t": t,
        "builder_version": builder_version(),
        "gpus": gpu_meta,
        "check_paths": check,
        "complete": True,
    }
    # written last: its presence marks a finished tree
    (dest / META_FILE).write_text(json.dumps(meta, indent=1, sort_keys=True), encoding="utf-8")
