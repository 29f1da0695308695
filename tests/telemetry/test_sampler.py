"""The sysfs sampler on every simulated machine, and on broken, suspended and vanishing cards."""

from __future__ import annotations

import errno
import os
import shutil
import time
from pathlib import Path

import pytest

from rocmdesk.machine import simulate, sysfs_reader
from rocmdesk.machine.host import Host
from rocmdesk.machine.simcache import sim_metadata
from rocmdesk.telemetry.metrics import ERROR, METRIC_KEYS, MISSING, OK, SUSPENDED
from rocmdesk.telemetry import sampler as sampler_module
from rocmdesk.telemetry.sampler import SysfsSampler, build_plan, parse_dpm, parse_link_speed
from tests.telemetry.conftest import GPU_MACHINES, build_tree, simulated_host

T = 137.0


def _expected(name: str, card_index: int, t: float) -> dict:
    """What the simulated card's model says, in the monitor's keys: an oracle independent of the files."""
    machine = simulate.get_machine(name)
    g = machine.gpus[card_index]
    m = simulate.gpu_metrics(name, card_index, t)
    labels = {label for label, _c, _e in g.temps}
    crit = {label: c for label, c, _e in g.temps}
    return {
        "temp_edge_c": float(m.temp_edge_c) if "edge" in labels else None,
        "temp_junction_c": float(m.temp_junction_c) if "junction" in labels else None,
        "temp_mem_c": float(m.temp_mem_c) if "mem" in labels else None,
        "power_w": float(m.power_w),
        "power_cap_w": float(g.power_cap_w) if g.power_cap_w else None,
        "busy_percent": m.busy_percent,
        "mem_busy_percent": m.mem_busy_percent,
        "vram_used_bytes": m.vram_used_bytes,
        "vram_total_bytes": g.vram_total,
        "gtt_used_bytes": m.gtt_used_bytes,
        "gtt_total_bytes": g.gtt_total,
        "sclk_mhz": m.sclk_mhz,
        "mclk_mhz": m.mclk_mhz,
        "fan_rpm": m.fan_rpm,
        "fan_pwm": m.pwm,
        "pcie_link_width": g.link_width,
        "pcie_link_speed_gts": float(g.link_speed.split()[0]),
        "temp_junction_crit_c": float(crit["junction"]) if crit.get("junction") else None,
    }


@pytest.mark.parametrize("name", GPU_MACHINES)
def test_every_simulated_machine_reads_as_its_model_says(name: str, tmp_path: Path) -> None:
    root = build_tree(name, tmp_path / name, t=T)
    meta = sim_metadata(root)
    by_slot = {gm["pci_slot"]: gm["index"] for gm in meta["gpus"]}
    sampler = SysfsSampler(Host.at_root(root))
    samples = sampler.sample()
    assert len(samples) == len(sampler.gpus) >= 1
    for s in samples:
        assert s.state == OK, s
        card = by_slot[s.pci_slot]
        for key, want in _expected(name, card, T).items():
            assert s.get(key) == want, (name, s.index, key, s.get(key), want)
        assert s.name and s.gfx
        assert s.timestamp is not None


def test_metric_keys_are_all_in_the_json() -> None:
    from rocmdesk.telemetry.metrics import GpuSample

    keys = GpuSample(index=0, name=None, gfx=None).to_json()
    for key in ("index", "name", "gfx", "state", *METRIC_KEYS):
        assert key in keys


def test_units_are_converted(xtx_root: Path) -> None:
    sampler = SysfsSampler(Host.at_root(xtx_root))
    plan = sampler.plan(0) or (sampler.sample() and sampler.plan(0))
    hw = xtx_root / plan.hwmon.lstrip("/")
    dev = xtx_root / sampler.reader.host.realpath(plan.dev).lstrip("/")
    (hw / "temp1_input").write_text("45500\n")  # millidegrees
    (hw / "power1_average").write_text("187654321\n")  # microwatts
    (hw / "power1_cap").write_text("255000000\n")
    (hw / "freq1_input").write_text("1801500000\n")  # Hz
    (hw / "freq2_input").write_text("1249000000\n")
    (dev / "gpu_busy_percent").write_text("93\n")
    s = sampler.sample()[0]
    assert s.temp_edge_c == 45.5
    assert s.power_w == 187.654321
    assert s.power_cap_w == 255.0
    assert s.sclk_mhz == 1801.5 and s.mclk_mhz == 1249
    assert s.busy_percent == 93


def _card_dirs(root: Path, sampler: SysfsSampler, index: int = 0) -> tuple[Path, Path]:
    sampler.sample()
    plan = sampler.plan(index)
    host = sampler.reader.host
    return root / host.realpath(plan.dev).lstrip("/"), root / plan.hwmon.lstrip("/")


def test_missing_empty_garbage_and_unreadable_files_are_null(xtx_root: Path) -> None:
    host = Host.at_root(xtx_root)
    probe = SysfsSampler(host)
    dev, hw = _card_dirs(xtx_root, probe)
    (hw / "temp2_input").unlink()  # missing
    (dev / "gpu_busy_percent").write_text("")  # empty
    (hw / "power1_average").write_text("lots\n")  # garbage
    (hw / "fan1_input").write_text("\x00\x00\x00")  # NUL padding only
    (dev / "mem_info_vram_used").unlink()
    (dev / "mem_info_vram_used").mkdir()  # a directory: EISDIR, the nearest real error to EIO without FUSE
    s = SysfsSampler(host).sample()[0]
    assert s.state == OK
    assert s.temp_junction_c is None and s.temp_edge_c is not None
    assert s.busy_percent is None and s.power_w is None and s.fan_rpm is None
    assert s.vram_used_bytes is None and s.vram_total_bytes is not None
    assert s.sclk_mhz is not None


def test_garbage_written_while_running_turns_null_then_back(xtx_root: Path) -> None:
    sampler = SysfsSampler(Host.at_root(xtx_root))
    dev, hw = _card_dirs(xtx_root, sampler)
    (dev / "gpu_busy_percent").write_text("12abc\n")
    assert sampler.sample()[0].busy_percent is None
    (dev / "gpu_busy_percent").write_text("12\n")
    assert sampler.sample()[0].busy_percent == 12


def test_power_input_is_the_fallback_for_average(tmp_path: Path) -> None:
    root = build_tree("radeon780m-laptop", tmp_path / "apu")
    sampler = SysfsSampler(Host.at_root(root))
    _dev, hw = _card_dirs(root, sampler)
    (hw / "power1_average").write_text("11000000\n")
    (hw / "power1_input").write_text("22000000\n")
    assert sampler.sample()[0].power_w == 11.0
    (hw / "power1_average").write_text("N/A\n")
    assert sampler.sample()[0].power_w == 22.0


def test_eio_on_every_file_is_an_error_state(xtx_root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sampler = SysfsSampler(Host.at_root(xtx_root))
    sampler.sample()
    monkeypatch.setattr(sysfs_reader.os, "pread", lambda fd, n, off: (_ for _ in ()).throw(OSError(errno.EIO, "EIO")))
    s = sampler.sample()[0]  # a fake pread: every driver show() fails with EIO
    assert s.state == ERROR and all(s.get(k) is None for k in METRIC_KEYS)
    monkeypatch.undo()
    assert sampler.sample()[0].state == OK


def test_a_suspended_gpu_is_not_read(xtx_root: Path) -> None:
    sampler = SysfsSampler(Host.at_root(xtx_root))
    dev, _hw = _card_dirs(xtx_root, sampler)
    (dev / "power/runtime_status").write_text("suspended\n")
    read: list[str] = []
    real = sampler.reader.read
    sampler.reader.read = lambda p, *a: (read.append(p), real(p, *a))[1]  # type: ignore[method-assign]
    s = sampler.sample()[0]
    assert s.state == SUSPENDED and all(s.get(k) is None for k in METRIC_KEYS)
    assert read == [sampler.plan(0).runtime_status]  # only the status file: nothing that would wake it
    (dev / "power/runtime_status").write_text("active\n")
    assert sampler.sample()[0].state == OK


def test_a_gpu_removed_mid_run_is_missing_and_comes_back(xtx_root: Path) -> None:
    sampler = SysfsSampler(Host.at_root(xtx_root))
    dev, _hw = _card_dirs(xtx_root, sampler)
    before = sampler.sample()[0]
    assert before.state == OK
    away = dev.with_name(dev.name + ".removed")
    os.rename(dev, away)  # the PCI function vanishes: /sys/class/drm/card1/device dangles
    for _ in range(3):
        s = sampler.sample()[0]
        assert s.state == MISSING and all(s.get(k) is None for k in METRIC_KEYS)
    assert sampler.reader.open_count == 0  # its files were let go
    os.rename(away, dev)
    back = sampler.sample()[0]
    assert back.state == OK and back.busy_percent == before.busy_percent
    assert back.vram_total_bytes == before.vram_total_bytes


def test_enodev_makes_a_gpu_missing(xtx_root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sampler = SysfsSampler(Host.at_root(xtx_root))
    sampler.sample()
    # a fake pread: hot-unplugged sysfs files answer ENODEV while their directory may linger
    monkeypatch.setattr(sysfs_reader.os, "pread", lambda fd, n, off: (_ for _ in ()).throw(OSError(errno.ENODEV, "x")))
    assert sampler.sample()[0].state == MISSING
    monkeypatch.undo()
    assert sampler.sample()[0].state == OK


def test_a_gpu_that_returns_under_another_card_number_is_found_by_slot(xtx_root: Path) -> None:
    sampler = SysfsSampler(Host.at_root(xtx_root))
    sampler.sample()
    drm = xtx_root / "sys/class/drm"
    os.rename(drm / "card1", drm / "card7")
    s = sampler.sample()[0]
    assert s.state == OK and s.busy_percent is not None


def test_partitions_share_their_cards_files_and_one_read(tmp_path: Path) -> None:
    root = build_tree("mi308x-partitioned", tmp_path / "mi308")
    sampler = SysfsSampler(Host.at_root(root))
    samples = sampler.sample()
    assert len(samples) == 32
    by_card: dict[str, list] = {}
    for s in samples:
        by_card.setdefault(s.card, []).append(s)
    assert len(by_card) == 8
    for group in by_card.values():
        assert {s.partition for s in group} == {0, 1, 2, 3}
        assert len({(s.busy_percent, s.power_w, s.temp_junction_c) for s in group}) == 1
    assert sampler.reader.opened == sum(len(sampler.files(s.index)) for s in samples if s.partition == 0)


def test_a_kfd_only_gpu_is_an_error_not_a_crash(tmp_path: Path) -> None:
    from rocmdesk.machine.model import Gpu

    gpu = Gpu(index=0, name="x", gfx="gfx90a", gfx_reported=None, device_id=None, revision=None, pci_slot=None,
              vram_total_bytes=None, kfd_node=1, apu=None, card=None)
    s = SysfsSampler(Host.at_root(tmp_path), [gpu]).sample()[0]
    assert s.state == ERROR and "DRM" in s.error


def test_a_simulated_machine_moves_with_the_clock(tmp_path: Path) -> None:
    name = "rx7900xtx-ubuntu2404"
    root = build_tree(name, tmp_path / "sim", t=0.0)
    now = [1000.0]
    sampler = SysfsSampler(simulated_host(root), clock=lambda: now[0])
    seen = set()
    for t in (0.0, 30.0, 95.0, 300.0):
        now[0] = 1000.0 + t
        s = sampler.sample()[0]
        assert sampler.simulated_t == t
        for key, want in _expected(name, 0, t).items():
            assert s.get(key) == want, (t, key)
        seen.add((s.busy_percent, s.power_w))
    assert len(seen) > 1


def test_a_plain_root_is_not_moved(xtx_root: Path) -> None:
    sampler = SysfsSampler(Host.at_root(xtx_root))
    a = sampler.sample()[0]
    b = sampler.sample()[0]
    assert sampler.simulated_t is None and a.busy_percent == b.busy_percent


def test_plan_without_hwmon_and_without_labels(tmp_path: Path) -> None:
    dev = tmp_path / "sys/devices/pci0000:00/0000:01:00.0"
    (dev / "hwmon/hwmon0").mkdir(parents=True)
    (dev / "hwmon/hwmon0/temp1_input").write_text("51000\n")  # an old kernel: no labels at all
    (dev / "hwmon/hwmon0/freq1_input").write_text("300000000\n")
    (dev / "pp_dpm_mclk").write_text("0: 150Mhz\n1: 1000Mhz *\n")
    plan = build_plan(Host.at_root(tmp_path), "/sys/devices/pci0000:00/0000:01:00.0")
    assert set(plan.temps) == {"edge"}
    assert plan.sclk_hz and plan.mclk_hz is None and plan.mclk_dpm
    bare = tmp_path / "sys/devices/pci0000:00/0000:02:00.0"
    bare.mkdir(parents=True)
    assert build_plan(Host.at_root(tmp_path), "/sys/devices/pci0000:00/0000:02:00.0").hwmon is None


@pytest.mark.parametrize(
    ("text", "mhz"),
    [
        ("0: 500Mhz\n1: 1800Mhz *\n2: 2615Mhz\n", 1800),
        ("S: 131Mhz *\n0: 500Mhz\n1: 2100Mhz\n", 131),
        ("0: 96Mhz \n1: 456Mhz\n3: 1249Mhz *\n", 1249),
        ("0: 300Mhz\n1: 1000Mhz\n", None),  # no star: unknown, not a guess
        ("", None),
        (None, None),
        ("garbage *\n", None),
        ("1: 27.5MHz *\n", 27.5),
    ],
)
def test_parse_dpm(text, mhz) -> None:
    assert parse_dpm(text) == mhz


@pytest.mark.parametrize(
    ("text", "gts"), [("16.0 GT/s PCIe", 16.0), ("8 GT/s", 8.0), ("2.5 GT/s PCIe\n", 2.5), ("Unknown", None), (None, None)]
)
def test_parse_link_speed(text, gts) -> None:
    assert parse_link_speed(text) == gts


def test_a_machine_without_amd_gpus_samples_nothing(tmp_path: Path) -> None:
    root = build_tree("no-amd-gpu", tmp_path / "none")
    assert SysfsSampler(Host.at_root(root)).sample() == []


def test_sampling_keeps_files_open(xtx_root: Path) -> None:
    sampler = SysfsSampler(Host.at_root(xtx_root))
    sampler.sample()
    opened = sampler.reader.opened
    for _ in range(20):
        sampler.sample()
    assert sampler.reader.opened == opened == len(sampler.files(0))
    shutil.rmtree(xtx_root)  # and nothing blows up when the whole tree goes
    assert sampler.sample()[0].state == MISSING


# --- sensors that cannot be read, and values that cannot be right (issue 16, findings 6 and 7) ----------------


class _Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def _missing(s, metric=None) -> list[dict]:
    return [m for m in getattr(s, "missing_sensors", []) if metric is None or m["metric"] == metric]


def test_a_sensor_that_vanished_is_read_again_when_it_comes_back(xtx_root: Path) -> None:
    clock = _Clock()
    sampler = SysfsSampler(Host.at_root(xtx_root), clock=clock)
    dev, hw = _card_dirs(xtx_root, sampler)
    want = int((hw / "temp2_input").read_text()) / 1000
    saved = (hw / "temp2_input").read_text()
    (hw / "temp2_input").unlink()
    sampler.reader.forget()  # reopened from here on, as after a reset or on a simulated machine
    s = sampler.sample()[0]
    assert s.state == OK and s.temp_junction_c is None and s.temp_edge_c is not None
    [m] = _missing(s, "temp_junction_c")
    assert m["file"].endswith("/temp2_input") and m["error"] == os.strerror(errno.ENOENT)
    assert any("temp_junction_c" in w for w in s.warnings)
    (hw / "temp2_input").write_text(saved)
    assert sampler.sample()[0].temp_junction_c is None  # within its back-off: no open() per sample
    clock.t += getattr(sysfs_reader, "RETRY_FIRST_S", 1.0)
    back = sampler.sample()[0]
    assert back.temp_junction_c == want and not back.missing_sensors and not back.warnings


def _unprivileged(fn):
    """``fn()`` (JSON-able) as a user whom mode 000 stops: itself, or ``nobody`` in a forked child under root
    (root reads a mode-000 file anyway).  Whatever ``fn`` touches must be open to that user."""
    import json
    import traceback

    if os.geteuid() != 0:
        return fn()
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: drop root for good, run, report, and leave without running pytest's exit code
        code = 0
        try:
            os.close(read_end)
            os.setgroups([])
            os.setgid(65534)
            os.setuid(65534)
            data = json.dumps({"ok": fn()})
        except BaseException:
            data, code = json.dumps({"error": traceback.format_exc()}), 1
        with os.fdopen(write_end, "w") as fh:
            fh.write(data)
        os._exit(code)
    import select
    import signal

    os.close(write_end)
    chunks, deadline = [], time.monotonic() + 60
    with os.fdopen(read_end, "rb", buffering=0) as fh:
        while time.monotonic() < deadline:
            if select.select([fh], [], [], max(0.0, deadline - time.monotonic()))[0]:
                chunk = fh.read(65536)
                if not chunk:
                    break
                chunks.append(chunk)
        else:
            os.kill(pid, signal.SIGKILL)  # a child stuck on a lock inherited from a thread: fail, never hang
    os.waitpid(pid, 0)
    result = json.loads(b"".join(chunks) or b'{"error": "the unprivileged child gave no answer in 60 s"}')
    assert "error" not in result, result.get("error")
    return result["ok"]


@pytest.mark.parametrize("case", ["temp2_input", "temp2_label"])
def test_a_mode_000_sensor_is_read_once_it_becomes_readable(case: str) -> None:
    import tempfile

    work = Path(tempfile.mkdtemp(prefix="rocmdesk-mode000-"))  # not under pytest's root-only folder
    try:
        root = build_tree("rx7900xtx-ubuntu2404", work / "xtx", t=150.0)
        hw = next(root.glob("sys/devices/**/0000:03:00.0/hwmon/hwmon*"))
        want = int((hw / "temp2_input").read_text()) / 1000
        if os.geteuid() == 0:
            for d, dirs, files in os.walk(work):
                for n in [d, *(os.path.join(d, x) for x in dirs + files)]:
                    os.lchown(n, 65534, 65534)

        def scenario() -> dict:
            (hw / case).chmod(0)  # unreadable from the start
            now = [1000.0]
            sampler = SysfsSampler(Host.at_root(root), clock=lambda: now[0])
            first = sampler.sample()[0]
            (hw / case).chmod(0o644)  # readable again
            now[0] += max(getattr(sysfs_reader, "RETRY_FIRST_S", 1.0),
                          getattr(sampler_module, "REPLAN_FIRST_S", 1.0))
            later = sampler.sample()[0]
            return {"first": first.temp_junction_c, "first_missing": getattr(first, "missing_sensors", None),
                    "later": later.temp_junction_c, "later_missing": getattr(later, "missing_sensors", None)}

        r = _unprivileged(scenario)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    assert r["first"] is None, r
    assert r["later"] == want, r  # read again once readable
    assert r["later_missing"] == [], r
    [m] = r["first_missing"]  # and said to be missing while it was not
    assert m["file"].endswith("/" + case) and m["error"] == os.strerror(errno.EACCES)
    assert m["metric"] == ("temp_junction_c" if case == "temp2_input" else None)


def _fifo(path: Path) -> Path:
    path.unlink()
    os.mkfifo(path)
    return path


def _unblock(*fifos: Path) -> None:
    for fifo in fifos:
        try:
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))  # lets a reader stuck in open() see EOF
        except OSError:
            pass


def test_a_fifo_where_a_sensor_should_be_is_missing_not_a_hang(xtx_root: Path) -> None:
    import threading

    clock = _Clock()
    probe = SysfsSampler(Host.at_root(xtx_root))
    _dev, hw = _card_dirs(xtx_root, probe)
    probe.close()
    saved = (hw / "temp2_input").read_text()
    fifos = (_fifo(hw / "temp2_input"), _fifo(hw / "name"))
    box: list = []
    try:
        t = threading.Thread(target=lambda: box.append(
            SysfsSampler(Host.at_root(xtx_root), clock=clock)), daemon=True)
        t.start()
        t.join(20)
        assert not t.is_alive(), "building the sampler blocked on a FIFO"
        sampler = box[0]
        t = threading.Thread(target=lambda: box.append(sampler.sample()[0]), daemon=True)
        t.start()
        t.join(20)
        assert not t.is_alive(), "sampling blocked on a FIFO"
    finally:
        _unblock(*fifos)
    s = box[1]
    assert s.state == OK and s.temp_junction_c is None and s.temp_edge_c is not None
    by_file = {m["file"].rsplit("/", 1)[-1]: m for m in s.missing_sensors}
    assert by_file["temp2_input"]["metric"] == "temp_junction_c"
    assert by_file["temp2_input"]["error"] == "not a regular file"
    assert by_file["name"]["metric"] is None
    assert len(s.warnings) == 2
    for f in fifos:
        f.unlink()
    (hw / "temp2_input").write_text(saved)
    (hw / "name").write_text("amdgpu\n")
    clock.t += 1.0
    s = sampler.sample()[0]
    assert s.temp_junction_c == int(saved) / 1000 and s.missing_sensors == [] and s.warnings == []


@pytest.mark.parametrize(
    ("where", "name", "text", "key"),
    [
        ("hw", "power1_average", "-100000000000000000000000000\n", "power_w"),  # -1e20 W in microwatts
        ("hw", "power1_cap", "-1\n", "power_cap_w"),
        ("hw", "temp2_input", "4294967295\n", "temp_junction_c"),  # an all-ones register: 4294967 °C
        ("hw", "temp1_input", "-273150\n", "temp_edge_c"),
        ("hw", "temp2_crit", "2147483647\n", "temp_junction_crit_c"),
        ("hw", "fan1_input", "16777215\n", "fan_rpm"),
        ("hw", "pwm1", "4096\n", "fan_pwm"),
        ("hw", "freq1_input", "100000000000\n", "sclk_mhz"),  # 100 GHz
        ("dev", "gpu_busy_percent", "250\n", "busy_percent"),
        ("dev", "mem_busy_percent", "101\n", "mem_busy_percent"),
        ("dev", "mem_info_vram_used", "99999999999999\n", "vram_used_bytes"),  # more than the card has
        ("dev", "mem_info_gtt_used", "-5\n", "gtt_used_bytes"),
        ("dev", "mem_info_vram_total", "-1\n", "vram_total_bytes"),
        ("dev", "current_link_width", "255\n", "pcie_link_width"),
        ("dev", "current_link_speed", "999.0 GT/s PCIe\n", "pcie_link_speed_gts"),
    ],
)
def test_a_value_out_of_its_sane_range_is_null_with_a_warning(xtx_root: Path, where, name, text, key) -> None:
    probe = SysfsSampler(Host.at_root(xtx_root))
    dev, hw = _card_dirs(xtx_root, probe)
    before = probe.sample()[0]
    assert before.get(key) is not None
    ((hw if where == "hw" else dev) / name).write_text(text)
    s = SysfsSampler(Host.at_root(xtx_root)).sample()[0]
    assert s.state == OK and s.get(key) is None
    [entry] = [e for e in s.out_of_range if e["metric"] == key]
    assert entry["file"].endswith("/" + name)
    assert isinstance(entry["value"], (int, float)) and entry["value"] != 0
    assert any(w.startswith(f"{key}: ") and "sane range" in w for w in s.warnings)
    others = [k for k in ("temp_mem_c", "mclk_mhz", "gtt_total_bytes") if k != key]
    assert all(s.get(k) == before.get(k) for k in others)  # the rest of the card is still read
    if key == "fan_pwm":
        assert s.fan_percent is None


def test_values_at_the_edges_of_their_ranges_are_kept(xtx_root: Path) -> None:
    sampler = SysfsSampler(Host.at_root(xtx_root))
    dev, hw = _card_dirs(xtx_root, sampler)
    (dev / "gpu_busy_percent").write_text("100\n")
    (hw / "fan1_input").write_text("0\n")
    (hw / "temp1_input").write_text("0\n")  # some sensors say 0 when they have nothing: a value, not absurd
    (hw / "power1_average").write_text("0\n")
    s = sampler.sample()[0]
    assert (s.busy_percent, s.fan_rpm, s.temp_edge_c, s.power_w) == (100, 0, 0.0, 0.0)
    assert s.out_of_range == [] and s.warnings == []


def test_an_absurd_power1_average_falls_back_to_a_sane_power1_input(tmp_path: Path) -> None:
    root = build_tree("radeon780m-laptop", tmp_path / "apu")
    sampler = SysfsSampler(Host.at_root(root))
    _dev, hw = _card_dirs(root, sampler)
    (hw / "power1_average").write_text("-100000000000000000000000000\n")
    (hw / "power1_input").write_text("22000000\n")
    s = sampler.sample()[0]
    assert s.power_w == 22.0 and [e["metric"] for e in s.out_of_range] == ["power_w"]


def test_sanitize_knows_every_range_and_keeps_json_valid() -> None:
    import json
    import math

    from rocmdesk.telemetry.metrics import EXTRA_KEYS, SANE_RANGES, GpuSample, sanitize

    assert set(SANE_RANGES) <= set(METRIC_KEYS) | set(EXTRA_KEYS)
    for key, (lo, hi) in SANE_RANGES.items():
        g = GpuSample(index=0, name=None, gfx=None)
        setattr(g, key, hi * 2 + 1)
        sanitize(g)
        assert g.get(key) is None and g.out_of_range[0]["metric"] == key and g.out_of_range[0]["range"] == [lo, hi]
        g = GpuSample(index=0, name=None, gfx=None)
        setattr(g, key, lo)
        assert sanitize(g).out_of_range == []
    g = sanitize(GpuSample(index=0, name=None, gfx=None, power_w=math.nan, temp_edge_c=math.inf,
                           vram_used_bytes=10, vram_total_bytes=5))
    assert g.power_w is None and g.temp_edge_c is None and g.vram_used_bytes is None and g.vram_total_bytes == 5
    json.loads(json.dumps(g.to_json(), allow_nan=False))  # no NaN or Infinity reaches the JSON
