"""The gpu_metrics decoder: every kernel layout, blobs built from the layouts, real blobs from ../shared."""

from __future__ import annotations

import random
import struct
from pathlib import Path

import pytest

from rocmdesk.telemetry import gpu_metrics as gm

from tests.conftest import REALDATA, require

SHARED = REALDATA / "sysfs"
REAL_BLOBS = sorted(SHARED.glob("**/gpu_metrics")) if SHARED.is_dir() else []

# sizeof(struct gpu_metrics_vX_Y) on x86-64, worked out by hand from kgd_pp_interface.h
KERNEL_SIZES = {
    "gpu_metrics_v1_0": 80, "gpu_metrics_v1_1": 96, "gpu_metrics_v1_2": 104, "gpu_metrics_v1_3": 120,
    "gpu_metrics_v1_4": 288, "gpu_metrics_v1_5": 360, "gpu_metrics_v1_6": 384,
    "gpu_metrics_v1_6 (partition stats)": 1664, "gpu_metrics_v1_7": 2208, "gpu_metrics_v1_8": 3872,
    "gpu_metrics_v2_0": 120, "gpu_metrics_v2_1": 120, "gpu_metrics_v2_2": 128, "gpu_metrics_v2_3": 152,
    "gpu_metrics_v2_4": 168, "gpu_metrics_v3_0": 264,
}


def test_every_layout_has_the_kernel_size():
    assert {lay.name: lay.size for lay in gm.LAYOUTS} == KERNEL_SIZES


def test_v1_3_offsets_match_the_kernel():
    offs = {name: off for name, _k, _n, off in gm.layout_for(1, 3).offsets}
    # the u64s sit on 8-byte boundaries after implicit padding
    assert offs["energy_accumulator"] == 24 and offs["system_clock_counter"] == 32
    assert offs["throttle_status"] == 68 and offs["firmware_timestamp"] == 96
    assert offs["indep_throttle_status"] == 112


def test_v1_0_is_not_naturally_packed():
    offs = {name: off for name, _k, _n, off in gm.layout_for(1, 0).offsets}
    assert offs["system_clock_counter"] == 8  # 4 bytes of padding after the header


@pytest.mark.parametrize("layout", gm.LAYOUTS, ids=lambda lay: lay.name)
def test_round_trip_every_layout(layout):
    values = {}
    for name, kind, count, _off in layout.offsets:
        if name.startswith("padding") or name in ("structure_size", "format_revision", "content_revision"):
            continue
        if kind.startswith("xcp"):
            values[name] = [{"gfx_busy_inst": [i] * gm.MAX_XCC} for i in range(count)]
        elif count == 1:
            values[name] = 7
        else:
            values[name] = list(range(1, count + 1))
    blob = gm.encode(layout, values)
    m = gm.decode(blob)
    assert m.ok, m.error
    assert m.layout == layout.name and m.structure_size == layout.size
    assert (m.format_revision, m.content_revision) == (layout.fmt, layout.content)
    for name, kind, count, _off in layout.offsets:
        if name in values and not kind.startswith("xcp"):
            assert m.raw[name] == values[name], name
    if "xcp_stats" in m.raw:
        assert m.raw["xcp_stats"][3]["gfx_busy_inst"] == [3] * gm.MAX_XCC


def _field_by_field(data: bytes, layout, base: int = 0) -> dict:
    """The reference reading: one struct call per field at its offset (what the decoder once did)."""
    out = {}
    for name, kind, count, off in layout.offsets:
        if name.startswith("padding"):
            continue
        if kind.startswith("xcp"):
            sub = gm.XCP_LAYOUTS[kind]
            out[name] = [_field_by_field(data, sub, base + off + i * sub.size) for i in range(count)]
            continue
        na = gm.NOT_AVAILABLE[kind]
        values = [None if v == na else v for v in struct.unpack_from(f"<{count}{gm.CODES[kind]}", data, base + off)]
        out[name] = values[0] if count == 1 else values
    return out


@pytest.mark.parametrize("layout", gm.LAYOUTS, ids=lambda lay: lay.name)
def test_one_unpack_reads_what_field_by_field_reads(layout):
    """The decoder unpacks a whole blob at once; on random bytes (with "not available" values sprinkled in) it must
    give every field, in the layout's order, exactly as reading each field at its own offset does."""
    rng = random.Random(layout.size)
    header = struct.pack("<HBB", layout.size, layout.fmt, layout.content)
    for _ in range(20):
        body = bytearray(rng.randbytes(layout.size - 4))
        for _ in range(rng.randrange(0, layout.size // 4)):  # runs of 0xFF make u8/u16/u32/u64 "not available"
            at = rng.randrange(len(body))
            body[at:at + rng.choice((1, 2, 4, 8))] = b"\xff" * 8
        blob = header + bytes(body[:layout.size - 4])
        m = gm.decode(blob)
        assert m.ok, m.error
        want = _field_by_field(blob, layout)
        assert m.raw == want
        assert list(m.raw) == list(want)


@pytest.mark.parametrize("layout", gm.LAYOUTS, ids=lambda lay: lay.name)
def test_all_not_available(layout):
    m = gm.decode(gm.encode(layout, {}))
    assert m.ok
    for key in ("temp_edge_c", "temp_hotspot_c", "socket_power_w", "gfxclk_mhz", "fan_rpm", "pcie_link_width",
                "throttle_status", "indep_throttle_status", "energy_accumulator"):
        assert getattr(m, key) is None, key
    assert gm.throttle(m).reasons is None


def test_v1_3_values_and_units():
    blob = gm.encode(gm.layout_for(1, 3), {
        "temperature_edge": 61, "temperature_hotspot": 78, "temperature_mem": 70, "temperature_vrgfx": 55,
        "temperature_vrsoc": 50, "temperature_vrmem": 52, "average_socket_power": 212, "current_gfxclk": 2450,
        "current_uclk": 1249, "current_fan_speed": 1480, "pcie_link_width": 16, "pcie_link_speed": 160,
        "average_gfx_activity": 97, "voltage_gfx": 1050,
        "indep_throttle_status": 1 << 0,
    })
    m = gm.decode(blob)
    assert (m.temp_edge_c, m.temp_hotspot_c, m.temp_vrgfx_c, m.temp_vrsoc_c) == (61, 78, 55, 50)
    assert m.socket_power_w == 212 and m.gfxclk_mhz == 2450 and m.uclk_mhz == 1249 and m.fan_rpm == 1480
    assert m.pcie_link_speed_gts == 16.0 and m.voltage_gfx_mv == 1050 and m.gfx_activity_percent == 97
    t = gm.throttle(m)
    assert t.reasons == ["PPT0"] and t.throttled and t.kinds() == ["power"] and t.source == "indep"


def test_temp_hotspot_bit_alone_is_not_throttling():
    """RDNA3/RDNA4 firmware sets TEMP_HOTSPOT idle (LACT #307, MangoHud #1690): ignored unless it is hot."""
    lay = gm.layout_for(1, 3)
    idle = gm.decode(gm.encode(lay, {"temperature_hotspot": 41, "indep_throttle_status": 1 << 36}))
    t = gm.throttle(idle)
    assert t.reasons == [] and t.ignored == ["TEMP_HOTSPOT"] and t.throttled is False
    both = gm.decode(gm.encode(lay, {"temperature_hotspot": 70, "indep_throttle_status": (1 << 36) | 1}))
    assert gm.throttle(both).reasons == ["PPT0"]
    hot = gm.decode(gm.encode(lay, {"temperature_hotspot": 104, "indep_throttle_status": 1 << 36}))
    assert gm.throttle(hot).reasons == ["TEMP_HOTSPOT"]
    assert gm.throttle(hot, hotspot_crit_c=120.0).reasons == []  # limit from hwmon: 104 is not near 120
    unknown = gm.decode(gm.encode(lay, {"indep_throttle_status": 1 << 36}))
    assert gm.throttle(unknown).reasons == []


def test_indep_bit_names():
    assert gm.bits_to_names((1 << 4) | (1 << 16) | (1 << 47) | (1 << 57) | (1 << 60), gm.INDEP_BITS) == [
        "SPL", "TDC_GFX", "PROCHOT_GFX", "FIT", "BIT60"]
    assert gm.reason_kind("TDC_GFX") == "current" and gm.reason_kind("VRHOT0") == "temperature"


def test_mi300_v1_5_throttle_and_per_xcc_clocks():
    blob = gm.encode(gm.layout_for(1, 5), {
        "temperature_hotspot": 81, "temperature_mem": 70, "temperature_vrsoc": 60, "curr_socket_power": 748,
        "throttle_status": 0b10, "current_gfxclk": [2100] * 8, "current_uclk": 1300, "xgmi_link_width": 16,
        "xgmi_link_speed": 32, "pcie_link_speed": 320,
    })
    m = gm.decode(blob)
    assert m.socket_power_w == 748 and m.temp_hotspot_c == 81 and m.temp_vrsoc_c == 60
    assert m.gfxclk_mhz == 2100 and m.gfxclk_mhz_per_xcc == [2100] * 8 and m.xgmi_link_speed_gbps == 32
    assert gm.throttle(m).reasons == ["PPT"]


def test_residency_counters_give_reasons_from_deltas():
    lay = gm.layout_for(1, 8)
    a = gm.decode(gm.encode(lay, {"accumulation_counter": 10, "ppt_residency_acc": 100, "prochot_residency_acc": 5,
                                  "socket_thm_residency_acc": 0, "vr_thm_residency_acc": 0,
                                  "hbm_thm_residency_acc": 0}))
    b = gm.decode(gm.encode(lay, {"accumulation_counter": 20, "ppt_residency_acc": 150, "prochot_residency_acc": 5,
                                  "socket_thm_residency_acc": 0, "vr_thm_residency_acc": 0,
                                  "hbm_thm_residency_acc": 0}))
    assert gm.throttle(a).reasons is None  # no previous sample: unknown, not "no"
    assert gm.throttle(b, prev=a).reasons == ["PPT"]
    assert gm.throttle(b, prev=b).reasons == []


def test_v2_apu_units_and_core_clocks():
    blob = gm.encode(gm.layout_for(2, 1), {
        "temperature_gfx": 5230, "temperature_soc": 5010, "temperature_core": [4800, 4900] + [None] * 6,
        "average_socket_power": 25000, "average_gfx_power": 11000, "average_gfx_activity": 88,
        "current_gfxclk": 2700, "current_coreclk": [4500, 4400, 4300, 4200, 3900, 3800, 3700, 3600],
        "throttle_status": 3,
    })
    m = gm.decode(blob)
    assert m.temp_gfx_c == 52.3 and m.temp_soc_c == 50.1 and m.temp_core_c[:2] == [48.0, 49.0]
    assert m.socket_power_w == 25.0 and m.gfx_power_w == 11.0 and m.gfxclk_mhz == 2700
    assert m.core_clocks_mhz[0] == 4500 and len(m.core_clocks_mhz) == 8
    t = gm.throttle(m)
    assert t.reasons is None and t.raw == 3 and t.source == "asic"  # v2.1: ASIC-dependent bits, no names


def test_v2_4_centi_percent_and_indep():
    m = gm.decode(gm.encode(gm.layout_for(2, 4), {"average_gfx_activity": 4550, "indep_throttle_status": 1 << 6}))
    assert m.gfx_activity_percent == 45.5 and gm.throttle(m).reasons == ["SPPT"]


def test_v3_0_strix():
    lay = gm.layout_for(3, 0)
    a = gm.decode(gm.encode(lay, {"temperature_gfx": 6100, "average_socket_power": 28000,
                                  "average_apu_power": 26000, "average_gfx_power": 9000,
                                  "current_coreclk": [5100] * 12 + [None] * 4, "throttle_residency_spl": 1,
                                  "throttle_residency_thm_gfx": 7}))
    b = gm.decode(gm.encode(lay, {"throttle_residency_spl": 9, "throttle_residency_thm_gfx": 7}))
    assert a.temp_gfx_c == 61.0 and a.socket_power_w == 28.0 and a.cpu_power_w == 17.0
    assert a.core_clocks_mhz == [5100] * 12 + [None] * 4
    assert gm.throttle(b, prev=a).reasons == ["SPL"]


def test_v1_6_two_layouts_told_apart_by_size():
    old = gm.layout_for(1, 6, 384)
    new = gm.layout_for(1, 6, 1664)
    assert old.name != new.name
    assert gm.decode(gm.encode(old, {"curr_socket_power": 500})).socket_power_w == 500
    m = gm.decode(gm.encode(new, {"curr_socket_power": 600, "num_partition": 4}))
    assert m.socket_power_w == 600 and m.num_partition == 4


@pytest.mark.parametrize("blob, words", [
    (b"", "shorter than"),
    (b"\x78\x00", "shorter than"),
    (struct.pack("<HBB", 120, 1, 3) + b"\0" * 50, "truncated"),
    (struct.pack("<HBB", 99, 1, 3) + b"\0" * 200, "says 99 bytes"),
    (struct.pack("<HBB", 120, 7, 1) + b"\0" * 200, "unknown version 7.1"),
    (struct.pack("<HBB", 64, 1, 9) + b"\0" * 60, "attribute list"),
    (b"\xff" * 4096, "unknown version"),
])
def test_garbage_is_not_decodable(blob, words):
    m = gm.decode(blob)
    assert not m.ok and words in m.error and "not decodable" in m.error
    assert gm.throttle(m).reasons is None


def test_fuzz_never_raises():
    rng = random.Random(21)
    for _ in range(3000):
        n = rng.choice([0, 1, 3, 4, 8, 80, 96, 120, 128, 264, 384, 1664, rng.randrange(0, 5000)])
        blob = bytes(rng.randrange(256) for _ in range(n))
        if n >= 4 and rng.random() < 0.5:  # a plausible header over garbage
            lay = rng.choice(gm.LAYOUTS)
            blob = struct.pack("<HBB", lay.size, lay.fmt, lay.content) + blob[4:]
        m = gm.decode(blob)
        gm.throttle(m)
        assert m.ok or m.error


def test_padding_after_the_table_is_allowed():
    """sysfs may hand back a whole page (the rx6900xt snapshot is 4096 bytes)."""
    blob = gm.encode(gm.layout_for(1, 3), {"temperature_edge": 40}) + b"\0" * (4096 - 120)
    assert gm.decode(blob).temp_edge_c == 40


# --- conformance: real blobs captured by other people (../shared; never copied here) ----------------------


@pytest.mark.parametrize("path", REAL_BLOBS, ids=lambda p: str(p.relative_to(SHARED)))
def test_real_blob_decodes(path):
    m = gm.decode(path.read_bytes())
    assert m.ok, m.error
    assert m.version == "1.3"
    assert m.temp_edge_c is not None and 0 < m.temp_edge_c < 110
    assert m.pcie_link_width in (8, 16) and m.pcie_link_speed_gts == 16.0
    # hwmon in the same snapshot: edge and junction agree with the table
    hw = sorted(path.parent.glob("hwmon/hwmon*")) or sorted(path.parent.parent.glob("**/hwmon/hwmon*"))
    for d in hw[:1]:
        for num, field in (("1", "temp_edge_c"), ("2", "temp_hotspot_c")):
            f = d / f"temp{num}_input"
            text = f.read_text(errors="replace").split("\n")[0].strip("\0 ") if f.is_file() else ""
            if text.isdigit():  # some snapshots keep the page's trailing NULs
                assert abs(int(text) / 1000 - getattr(m, field)) <= 5


def test_real_rdna3_idle_hotspot_bit_is_ignored(realdata):
    """The RX 7600S snapshot shows the firmware quirk: TEMP_HOTSPOT set at 54 C, idle at 1 W."""
    blobs = [p for p in REAL_BLOBS if "rx7600s" in str(p)]
    if not blobs:
        require("../shared/realdata", "it has no RX 7600S snapshot with a gpu_metrics file")
    m = gm.decode(blobs[0].read_bytes())
    assert m.indep_throttle_status == 1 << 36 and m.temp_hotspot_c == 54
    t = gm.throttle(m)
    assert t.reasons == [] and t.ignored == ["TEMP_HOTSPOT"]


# --- the sampler, the exporter and the simulated machines ----------------------------------------


def _sample(name: str, t: float = 100.0):
    import tempfile

    from rocmdesk.machine import simulate
    from rocmdesk.machine.sim_spec import get_machine
    from rocmdesk.telemetry.sampler import SysfsSampler

    host = simulate.build_machine(get_machine(name), Path(tempfile.mkdtemp()) / name, t=t)
    clock = [0.0]
    sampler = SysfsSampler(host, clock=lambda: clock[0], move_simulated=False)
    return host, sampler.sample()


@pytest.mark.parametrize("name, version", [("rx7900xtx-ubuntu2404", "1.3"), ("rx6600xt-ubuntu2204", "1.3"),
                                           ("radeon780m-laptop", "2.1"), ("mi300x-8gpu-server", "1.5")])
def test_simulated_machines_carry_the_right_version(name, version):
    _host, gpus = _sample(name)
    assert gpus[0].gpu_metrics_version == version
    assert gpus[0].socket_power_w is not None
    if version != "2.1":  # an APU's socket power counts the CPU too
        assert gpus[0].socket_power_w == gpus[0].power_w


def test_simulated_rdna3_hotspot_quirk_is_ignored():
    _host, gpus = _sample("rx7900xtx-ubuntu2404")
    g = gpus[0]
    assert g.throttle_reasons == [] and g.throttle_ignored == ["TEMP_HOTSPOT"] and g.temp_hotspot_c < 100


def test_simulated_power_capped_run_reports_ppt_and_the_exporter_says_so():
    from rocmdesk.telemetry.exporter import render
    from rocmdesk.telemetry.monitor import Monitor

    host, gpus = _sample("two-dgpu-one-override", t=100.0)
    capped = gpus[1]
    assert capped.power_cap_w == 118.0 and capped.power_w == 118.0 and capped.throttle_reasons == ["PPT0"]
    assert gpus[0].throttle_reasons == []  # the uncapped 7900 XTX: its idle TEMP_HOTSPOT is not a reason
    text = render(Monitor(host, keep_history=False, with_host=False))
    capped_labels = 'gpu="1",card="card2",pci_slot="0000:0b:00.0",partition=""'
    assert f'rocmdesk_gpu_throttle_reason{{{capped_labels},reason="PPT0"}} 1.0' in text
    assert 'rocmdesk_gpu_throttled{gpu="0",card="card1",pci_slot="0000:03:00.0",partition=""} 0.0' in text
    assert f'rocmdesk_gpu_temperature_celsius{{{capped_labels},sensor="hotspot"}}' in text


def test_monitor_json_shows_the_new_fields(capsys):
    from rocmdesk.cli import main

    assert main(["--simulate", "two-dgpu-one-override", "monitor", "--once", "--json"]) == 0
    import json

    gpus = json.loads(capsys.readouterr().out)["gpus"]
    assert gpus[1]["throttle_reasons"] == ["PPT0"] and gpus[1]["gpu_metrics_version"] == "1.3"
    assert gpus[0]["throttle_ignored"] == ["TEMP_HOTSPOT"] and gpus[0]["temp_vrgfx_c"] is not None


def test_a_broken_table_is_a_warning_not_a_crash():
    host, _gpus = _sample("rx7900xtx-ubuntu2404")
    from rocmdesk.telemetry.sampler import SysfsSampler

    for f in host.path("/sys/class/drm").glob("card*/device/gpu_metrics"):
        f.write_bytes(b"\x78\x00\x01\x03garbage")
    g = SysfsSampler(host, move_simulated=False).sample()[0]
    assert g.state == "ok" and g.throttle_reasons is None and g.temp_hotspot_c is None
    assert any("not decodable" in w for w in g.warnings)
