"""The Monitor page on simulated machines whose metrics move between ticks (``simulate.write_metrics``):
what the page shows is what the sampler reads; range, pause, cursor, processes, alerts, export, a GPU that
vanishes and comes back, a sleeping GPU, no GPU, several GPUs, and a rocm-smi source sampled off the UI thread."""

from __future__ import annotations

import csv
import json
import os
import threading
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from rocmdesk.machine import simulate
from rocmdesk.machine.host import CommandResult, Host
from rocmdesk.telemetry.monitor import Monitor
from rocmdesk.telemetry.sampler import SysfsSampler
from rocmdesk.ui.monitor.opening import open_monitor
from rocmdesk.ui.monitor.plot import format_bytes
from rocmdesk.ui.monitor.view import ALL, MonitorView
from rocmdesk.ui.pages.monitor_page import MonitorPage
from rocmdesk.ui.session import MachineSession

XTX = "rx7900xtx-ubuntu2404"
T0 = 100.0


@pytest.fixture(scope="module")
def trees(tmp_path_factory) -> dict[str, Path]:
    """Pristine simulated trees, built once; each test copies the one it changes."""
    base = tmp_path_factory.mktemp("sim")
    return {name: simulate.build(name, base / name, t=T0) for name in (XTX, "no-amd-gpu", "mi300x-8gpu-server")}


@pytest.fixture
def xtx(trees, tmp_path) -> Path:
    import shutil

    dest = tmp_path / "xtx"
    shutil.copytree(trees[XTX], dest, symlinks=True)
    return dest


class Clock:
    def __init__(self, t: float = 1_700_000_000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


def make_view(qtbot, root: Path, clock: Clock | None = None, **kw) -> tuple[MonitorView, Monitor, Clock]:
    """A shown view over a sysfs monitor of ``root`` (a plain tree: the test moves the metrics)."""
    clock = clock or Clock()
    monitor = Monitor(Host.at_root(root), source="sysfs", interval_s=1.0, clock=clock, wall=clock)
    view = MonitorView(wall=clock, **kw)
    qtbot.addWidget(view)
    view.resize(1300, 900)
    view.set_monitor(monitor)
    view.show()
    qtbot.waitExposed(view)
    return view, monitor, clock


def shown(plot) -> str:
    """A plot's readout as it reads (an item keeps its label and value together with non-breaking spaces)."""
    return plot.readout.text().replace("\u00a0", " ")


def picture(plot) -> QImage:
    """The plot as it shows, once every plot of its view has painted (after a sample they paint one per turn of
    the event loop: MonitorView.release_paint)."""
    view = plot.parentWidget()
    while view is not None and not isinstance(view, MonitorView):
        view = view.parentWidget()
    if view is not None:
        view.release_paint()
    return plot.plot_widget.grab().toImage()


def painted_after(plot, t: float) -> bool:
    """Whether the plot's first curve has pixels on screen to the right of time t."""
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QColor

    colour = plot._curves[0].color.name()
    image = picture(plot)
    x0 = int(plot.plot_widget.mapFromScene(plot.vb.mapViewToScene(QPointF(t, 0.0))).x())
    return any(QColor(image.pixel(x, y)).name() == colour
               for x in range(max(0, x0 + 1), image.width()) for y in range(image.height()))


def step(view: MonitorView, root: Path, clock: Clock, sim_t: float, dt: float = 1.0):
    """Move the simulated machine to sim_t and the clocks by dt, then sample."""
    simulate.write_metrics(root, sim_t)
    if view.monitor is not None:  # the files were replaced by rename (real sysfs files never are): reopen them
        view.monitor.sampler.reader.forget()
    clock.t += dt
    return view.sample_now()


def test_after_a_sample_the_plots_paint_one_per_turn_of_the_event_loop(qtbot, xtx: Path) -> None:
    """Painting every plot at once held the UI thread 25-40 ms once a second.  After a sample the readouts say
    the new values at once; the plots then paint one at a time, each in its own turn of the event loop (a timer
    of the UI thread runs between two turns), and none is left unpainted.  pyqtgraph paints a plot a second
    time a turn later (its view box settles), so a turn holds at most that and the next plot's first paint."""
    from PySide6.QtCore import QEvent, QObject, QTimer

    view, _monitor, clock = make_view(qtbot, xtx)
    step(view, xtx, clock, T0)
    qtbot.wait(100)
    shown_plots = {pid: p for pid, p in view.plots.items() if p.isVisible()}
    assert len(shown_plots) >= 4
    events: list[str] = []

    class Painted(QObject):
        def eventFilter(self, obj, event) -> bool:
            if event.type() == QEvent.Type.Paint:
                events.append(obj.property("plot_id"))
            return False

    watcher = Painted()
    for pid, plot in shown_plots.items():
        plot.plot_widget.viewport().setProperty("plot_id", pid)
        plot.plot_widget.viewport().installEventFilter(watcher)
    ticker = QTimer()
    ticker.setInterval(0)
    ticker.timeout.connect(lambda: events.append("tick") if events[-1:] != ["tick"] else None)
    ticker.start()
    sample = step(view, xtx, clock, T0 + 40)
    g = sample.gpus[0]
    assert f"{g.power_w:.0f} W" in shown(view.plots["power"])  # the readout at once
    held = [p for p in shown_plots.values() if not p.plot_widget.updatesEnabled()]
    assert len(held) == len(shown_plots) - 1
    qtbot.waitUntil(lambda: all(p.plot_widget.updatesEnabled() for p in shown_plots.values()), timeout=5000)
    qtbot.wait(100)
    ticker.stop()
    painted = [e for e in events if e != "tick"]
    assert set(painted) == set(shown_plots)  # every plot painted the new sample
    runs: list[set[str]] = [set()]  # the plots painted between two ticks
    for e in events:
        if e == "tick":
            runs.append(set())
        else:
            runs[-1].add(e)
    assert max(len(r) for r in runs) <= 2, runs
    assert len([r for r in runs if r]) >= len(shown_plots), runs


def test_values_on_screen_match_the_sampler(qtbot, xtx: Path) -> None:
    view, _monitor, clock = make_view(qtbot, xtx)
    oracle = SysfsSampler(Host.at_root(xtx))  # an independent reader of the same files
    seen = set()
    for k, sim_t in enumerate((T0, T0 + 37, T0 + 95, T0 + 300)):
        sample = step(view, xtx, clock, sim_t)
        g = sample.gpus[0]
        oracle.reader.forget()
        o = oracle.sample()[0]
        assert (g.temp_junction_c, g.power_w, g.vram_used_bytes, g.busy_percent) == \
               (o.temp_junction_c, o.power_w, o.vram_used_bytes, o.busy_percent)
        seen.add((g.power_w, g.busy_percent))
        temp = view.plots["temp"]
        assert f"junction {temp.format_value(g.temp_junction_c)}" in shown(temp)
        assert f"{g.power_w:.0f} W" in shown(view.plots["power"])
        assert format_bytes(g.vram_used_bytes) in shown(view.plots["vram"])
        assert f"{g.sclk_mhz} MHz" in shown(view.plots["clocks"])
        # the drawn line ends at the sample
        w = view.plots["power"].curve_data("gpu0.power_w")
        assert float(w.mean[-1]) == pytest.approx(g.power_w) and len(w) == k + 1
    assert len(seen) > 1  # the metrics really moved between ticks
    assert view.plots["power"]._threshold == pytest.approx(327.0)  # the cap line
    assert view.plots["temp"]._threshold == pytest.approx(110.0)  # the junction's critical temperature
    assert not view.status_box.isVisible() and not view.alert_box.isVisible()


def test_range_switch_shows_one_minute_to_a_day(qtbot, xtx: Path) -> None:
    from rocmdesk.ui.monitor.plot import SNAP

    view, _m, clock = make_view(qtbot, xtx)
    for i in range(5):
        step(view, xtx, clock, T0 + i)
    for row, seconds in ((0, 60), (view.range_combo.count() - 1, 86400)):
        view.range_combo.setCurrentIndex(row)
        assert view.span == seconds
        for plot in view.plots.values():
            if plot.series():
                x0, x1 = plot.vb.viewRange()[0]
                assert x1 - x0 == pytest.approx(seconds, rel=1e-3)
                # now, with room for the newest dot: a live view steps by 1/SNAP of its span (issue 19), so the
                # end is at most that far ahead
                assert clock.t < x1 <= clock.t + seconds / SNAP + seconds / 50


def test_pause_holds_the_view_and_resume_catches_up(qtbot, xtx: Path) -> None:
    view, _m, clock = make_view(qtbot, xtx)
    view.set_span(60)
    for i in range(3):
        step(view, xtx, clock, T0 + i)
    plot = view.plots["power"]
    view.pause_button.click()
    assert view.paused and plot.paused and view.pause_button.text() == "&Resume"
    held = plot.vb.viewRange()[0]
    for i in range(3, 20):
        step(view, xtx, clock, T0 + 10 * i)
    assert plot.vb.viewRange()[0] == pytest.approx(held)
    assert len(plot.curve_data("gpu0.power_w")) == 3  # nothing after the pause is drawn
    view.pause_button.click()
    assert not view.paused
    x0, x1 = plot.vb.viewRange()[0]
    from rocmdesk.ui.monitor.plot import SNAP

    assert clock.t < x1 <= clock.t + 60 / SNAP + 1.0 and len(plot.curve_data("gpu0.power_w")) == 20


def test_cursor_readout_shows_the_values_at_that_time_in_every_plot(qtbot, xtx: Path) -> None:
    view, _m, clock = make_view(qtbot, xtx)
    samples = [step(view, xtx, clock, T0 + 40 * i) for i in range(6)]
    target = samples[2]
    view.plots["temp"].set_cursor(target.timestamp)
    g = target.gpus[0]
    temp = view.plots["temp"]
    assert f"junction {temp.format_value(g.temp_junction_c)}" in shown(temp)
    power = view.plots["power"]  # linked: the same moment in every plot
    assert power._cursor_line.isVisible() and f"{g.power_w:.0f} W" in shown(power)
    assert power.values_at(target.timestamp)["gpu0.power_w"] == pytest.approx(g.power_w)
    view.plots["temp"].cursorLeft.emit()
    assert not power._cursor_line.isVisible() and "latest" in shown(power)


def test_process_table_lists_pid_name_and_vram(qtbot, xtx: Path) -> None:
    view, monitor, clock = make_view(qtbot, xtx)
    written = simulate.write_processes(xtx, T0 + 60)  # a training rank and the compositor
    step(view, xtx, clock, T0 + 60)
    monitor.processes_every_s = 0.0
    view.refresh_processes()  # in the worker, as the page's timer does
    qtbot.waitUntil(lambda: view.proc_table.rowCount() == len(written), timeout=5000)
    table = view.proc_table
    rows = {table.item(r, 0).text(): (table.item(r, 1).text(), table.item(r, 2).text(), table.item(r, 3).text())
            for r in range(table.rowCount())}
    assert len(rows) == len(written) >= 2
    for p in written:
        name, gpu, vram = rows[str(p["pid"])]
        assert (name, gpu) == (p["comm"], "0")
        assert vram == format_bytes(p["vram_bytes"])


def test_alerts_show_and_clear(qtbot, xtx: Path) -> None:
    view, _m, clock = make_view(qtbot, xtx)
    step(view, xtx, clock, T0)
    assert not view.alert_box.isVisible()
    hw = next((xtx / "sys/class/hwmon").glob("hwmon*/temp2_label")).parent
    (hw / "temp2_input").write_text("108000\n")  # junction 108 °C, critical 110 °C
    clock.t += 1
    view.sample_now()
    assert view.alert_box.isVisible()
    assert "junction 108 °C is near its critical 110 °C" in view.alert_box.text()
    assert [a.kind for a in view.alerts] == ["junction-hot"]
    step(view, xtx, clock, T0 + 1)  # the simulation writes a normal junction again
    assert not view.alert_box.isVisible()


def test_vram_leak_on_an_idle_gpu_is_an_alert(qtbot, xtx: Path) -> None:
    view, monitor, clock = make_view(qtbot, xtx)
    dev = Path(str(xtx) + monitor.sampler.plan(0).dev) if monitor.sampler.plan(0) else None
    view.sample_now()
    dev = xtx / monitor.host.realpath(monitor.sampler.plan(0).dev).lstrip("/")
    for i in range(70):  # 11+ minutes idle, VRAM up 8 MiB every 10 s
        (dev / "gpu_busy_percent").write_text("1\n")
        (dev / "mem_info_vram_used").write_text(f"{(1024 + 8 * i) * 2**20}\n")
        clock.t += 10
        view.sample_now()
    assert "vram-leak" in [a.kind for a in view.alerts]
    assert "leaking memory" in view.alert_box.text()


def test_csv_export_writes_what_the_history_holds(qtbot, xtx: Path, tmp_path: Path) -> None:
    view, monitor, clock = make_view(qtbot, xtx)
    view.set_span(60)
    samples = [step(view, xtx, clock, T0 + 13 * i) for i in range(8)]
    path = tmp_path / "out.csv"
    assert view.export_csv(path) == 8
    with open(path, newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert len(rows) == 8
    for row, s in zip(rows, samples):
        g = s.gpus[0]
        assert float(row["timestamp"]) == pytest.approx(s.timestamp, abs=1e-3)
        assert float(row["gpu0.temp_junction_c"]) == g.temp_junction_c
        assert float(row["gpu0.power_w"]) == g.power_w
        assert int(row["gpu0.busy_percent"]) == g.busy_percent
        assert float(row["gpu0.vram_used_bytes"]) == pytest.approx(g.vram_used_bytes, rel=1e-6)  # float32
    assert "host.mem_used_bytes" in rows[0]


def test_csv_export_of_a_day_has_min_and_max_columns(qtbot, xtx: Path, tmp_path: Path) -> None:
    view, monitor, clock = make_view(qtbot, xtx)
    start = clock.t
    for i in range(7000):  # 19 hours, one sample every 10 s: more than the raw level keeps
        monitor.history.append(start + 10 * i, [float(i % 7)] * len(monitor.history.series))
    clock.t = start + 10 * 7000
    view.set_span(86400)
    n = view.export_csv(tmp_path / "day.csv")
    with open(tmp_path / "day.csv", newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert n == len(rows) > 300
    assert {"gpu0.power_w.min", "gpu0.power_w.max"} <= set(rows[0])


def test_png_export_is_a_real_picture(qtbot, xtx: Path, tmp_path: Path) -> None:
    view, _m, clock = make_view(qtbot, xtx)
    for i in range(10):
        step(view, xtx, clock, T0 + 5 * i)
    path = tmp_path / "plots.png"
    view.export_png(path)
    image = QImage(str(path))
    assert not image.isNull() and image.width() > 400 and image.height() > 300
    colours = {image.pixel(x, y) for x in range(0, image.width(), 7) for y in range(0, image.height(), 7)}
    assert len(colours) > 10  # lines, text and grid, not a blank


def test_export_buttons_ask_for_a_file(qtbot, xtx: Path, tmp_path: Path, monkeypatch) -> None:
    from PySide6.QtWidgets import QFileDialog

    view, _m, clock = make_view(qtbot, xtx)
    step(view, xtx, clock, T0)
    target = tmp_path / "chosen.csv"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(target), "")))
    view.csv_button.click()
    assert target.is_file() and "Saved" in view.where_label.text()


def test_a_gpu_removed_mid_run_and_put_back(qtbot, xtx: Path) -> None:
    view, monitor, clock = make_view(qtbot, xtx)
    step(view, xtx, clock, T0)
    dev = xtx / monitor.host.realpath(monitor.sampler.plan(0).dev).lstrip("/")
    away = dev.with_name(dev.name + ".removed")
    os.rename(dev, away)
    clock.t += 1
    view.sample_now()
    assert view.status_box.isVisible() and "vanished" in view.status_box.text()
    assert "GPU 0 \u2013 AMD Radeon RX 7900 XTX vanished at" in view.status_box.text()
    for _ in range(3):
        clock.t += 1
        view.sample_now()
    w = view.plots["power"].curve_data("gpu0.power_w")
    assert w.mean[-1] != w.mean[-1]  # NaN: a gap while it is away
    os.rename(away, dev)
    s = step(view, xtx, clock, T0 + 10)
    back_at = s.timestamp
    assert s.gpus[0].state == "ok"
    assert "came back" in view.status_box.text() and "4 s" in view.status_box.text()
    assert f"{s.gpus[0].power_w:.0f} W" in shown(view.plots["power"])
    for k in range(3):
        step(view, xtx, clock, T0 + 11 + k)
    # the line really is drawn again after the gap (pyqtgraph's connect="finite" once painted nothing there)
    assert painted_after(view.plots["power"], back_at)


def test_a_sleeping_gpu_is_said_and_not_woken(qtbot, xtx: Path) -> None:
    view, monitor, clock = make_view(qtbot, xtx)
    step(view, xtx, clock, T0)
    dev = xtx / monitor.host.realpath(monitor.sampler.plan(0).dev).lstrip("/")
    (dev / "power/runtime_status").write_text("suspended\n")
    step(view, xtx, clock, T0 + 5)
    assert "asleep" in view.status_box.text() and "would wake it" in view.status_box.text()
    assert "—" in shown(view.plots["power"])
    (dev / "power/runtime_status").write_text("active\n")
    step(view, xtx, clock, T0 + 6)
    assert not view.status_box.isVisible()


def test_no_gpu_says_so(qtbot, trees) -> None:
    session = MachineSession(detector=lambda h: None, host_factory=lambda name: Host.at_root(trees["no-amd-gpu"]))
    session.host = Host.at_root(trees["no-amd-gpu"])
    page = MonitorPage(session)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitExposed(page)
    view = page.view
    assert view.monitor is None and view.stack.currentIndex() == 0
    assert view.empty_title.text() == "No AMD GPU to watch on this machine"
    assert "amdgpu" in view.empty_detail.text()
    assert not view.pause_button.isVisible() and not view.csv_button.isVisible() and not view.gpu_combo.isVisible()
    page.shutdown()


def test_page_follows_the_session(qtbot, xtx: Path) -> None:
    session = MachineSession(detector=lambda h: None, host_factory=lambda name: Host.at_root(xtx))
    opened = []

    def opener(host):
        opened.append(host)
        return open_monitor(host, "sysfs")

    page = MonitorPage(session, opener=opener)
    qtbot.addWidget(page)
    page.show()
    assert page.view.empty_title.text() == "Looking at the machine…"
    session.host = Host.at_root(xtx)
    session.reportReady.emit(object())
    assert opened == [session.host] and page.view.monitor is not None
    assert page.view.poll_timer.isActive()
    qtbot.waitUntil(lambda: page.view.samples_taken >= 1, timeout=5000)  # read in a worker
    session.machineChanged.emit()
    assert page.view.monitor is None and not page.view.poll_timer.isActive()
    page.shutdown()


def test_several_gpus_all_or_one(qtbot, trees, tmp_path: Path) -> None:
    import shutil

    root = tmp_path / "mi300x"
    shutil.copytree(trees["mi300x-8gpu-server"], root, symlinks=True)
    view, monitor, clock = make_view(qtbot, root)
    s = step(view, root, clock, T0)
    assert len(monitor.gpus) == 8 and view.gpu_combo.count() == 9 and view.gpu_combo.isVisible()
    assert view.shown_gpus() == list(range(8))
    power = view.plots["power"]
    assert [name for name, _ in power.series()] == [f"gpu{i}.power_w" for i in range(8)]
    for i, g in enumerate(s.gpus):
        assert f"GPU {i} {g.power_w:.0f} W" in shown(power)
    view.gpu_combo.setCurrentIndex(view.gpu_combo.findData(3))
    assert view.shown_gpus() == [3]
    temp_series = [name for name, _ in view.plots["temp"].series()]
    assert temp_series and all(n.startswith("gpu3.") for n in temp_series)
    assert f"{s.gpus[3].power_w:.0f} W" in shown(power)
    assert not view.plots["fan"].isVisible()  # an MI300X has no fan sensor: no empty plot
    view.set_gpu(ALL)
    assert len(view.plots["power"].series()) == 8


class _ScriptedSmiHost(Host):
    """rocm-smi answers through the Host seam, recording which thread ran it."""

    def __init__(self, root: Path, payload: dict) -> None:
        super().__init__(root=root.resolve(), live=False, label="t", env={}, commands={})
        self.payload = payload
        self.threads: list[str] = []

    def which(self, program: str) -> str | None:
        return "/usr/bin/rocm-smi" if program == "rocm-smi" else None

    def run(self, argv, timeout=10.0) -> CommandResult:
        self.threads.append(threading.current_thread().name)
        return CommandResult(tuple(argv), 0, json.dumps(self.payload))


def test_rocm_smi_source_samples_in_a_worker(qtbot, xtx: Path) -> None:
    payload = {"card0": {"PCI Bus": "0000:03:00.0", "GPU use (%)": "42", "Temperature (Sensor edge) (C)": "51.0",
                         "Temperature (Sensor junction) (C)": "63.0"}}
    host = _ScriptedSmiHost(xtx, payload)
    monitor = Monitor(host, source="rocm-smi", interval_s=1.0)
    view = MonitorView()
    qtbot.addWidget(view)
    view.set_monitor(monitor)
    view.show()
    view.start()
    qtbot.waitUntil(lambda: view.samples_taken >= 1, timeout=5000)
    assert host.threads and threading.main_thread().name not in host.threads
    assert "rocm-smi" in view.where_label.text()
    assert "junction 63 °C" in shown(view.plots["temp"])
    assert "42 %" in shown(view.plots["busy"])
    view.shutdown()


def test_a_simulated_machine_moves_and_samples_in_a_worker(qtbot, xtx: Path) -> None:
    """A simulated machine's sample first rewrites the tree's moving files (tens of ms, more on a slow disk, and
    the first one reads the machine's spec): neither may stall the UI.  A real GPU's sysfs sample stays on the UI
    thread (microseconds; sample_now hands it back at once)."""
    from rocmdesk.machine.simcache import host_from_meta, sim_metadata

    host = host_from_meta(xtx, sim_metadata(xtx))
    assert host.simulated
    monitor = Monitor(host, source="sysfs", interval_s=1.0)
    real = monitor.sampler
    assert isinstance(real, SysfsSampler) and real.move_simulated
    threads: list[str] = []
    move = real._move_simulated

    def watched() -> None:
        threads.append(threading.current_thread().name)
        move()

    real._move_simulated = watched
    view = MonitorView()
    qtbot.addWidget(view)
    view.set_monitor(monitor)
    view.show()
    view.start()
    assert view.samples_taken == 0  # start() returned without sampling
    qtbot.waitUntil(lambda: view.samples_taken >= 1, timeout=10000)
    assert threads and threading.main_thread().name not in threads
    edge = monitor.latest.gpus[0].temp_edge_c
    assert edge is not None and f"edge {edge:.0f} °C" in shown(view.plots["temp"])
    sample = view.sample_now()  # tests and screenshots: at once, on the calling thread
    assert sample is not None and sample.gpus[0].state == "ok" and threads[-1] == threading.main_thread().name
    view.shutdown()


def test_a_real_gpus_slow_reads_do_not_stall_the_window(qtbot, xtx: Path, monkeypatch) -> None:
    """A real GPU's first sample reads the device's facts, and every ten seconds its RAS counters: queries to the
    firmware, which the driver answers when it can.  The live samples are read in a worker, so the window goes on
    meanwhile (the tree is read as a plain one: nothing is simulated)."""
    import time as time_mod

    import rocmdesk.telemetry.sampler as sampler_mod
    from tests.ui.heartbeat import Heartbeat

    slow = 0.6
    real_facts = sampler_mod.read_facts
    read_in: list[str] = []

    def slow_facts(host, dev):
        read_in.append(threading.current_thread().name)
        time_mod.sleep(slow)  # as a read blocked in the kernel: the GIL is free
        return real_facts(host, dev)

    monkeypatch.setattr(sampler_mod, "read_facts", slow_facts)
    monitor = Monitor(Host.at_root(xtx), source="sysfs", interval_s=1.0)
    view = MonitorView()
    qtbot.addWidget(view)
    view.set_monitor(monitor)
    view.show()
    beat = Heartbeat()
    t0 = time_mod.perf_counter()
    view.start()
    assert time_mod.perf_counter() - t0 < slow / 2  # start() did not wait for the read
    qtbot.waitUntil(lambda: view.samples_taken >= 1, timeout=10000)
    beat.stop()
    assert read_in and threading.main_thread().name not in read_in
    assert monitor.latest.gpus[0].vbios_version  # the facts arrived with the sample
    assert len(beat.ticks) > 20 and beat.longest_gap() < slow / 2, beat.longest_gap()  # the window went on
    view.shutdown()


def test_a_gpu_keeps_its_colour_in_every_plot(qtbot, tmp_path: Path) -> None:
    root = simulate.build("rx7900xtx-debian12", tmp_path / "pair", t=T0)  # an iGPU (no fan) and an RX 7900 XTX
    view, monitor, clock = make_view(qtbot, root)
    step(view, root, clock, T0)
    assert view.shown_gpus() == [0, 1]
    fan, power = view.plots["fan"], view.plots["power"]
    assert [n for n, _ in fan.series()] == ["gpu1.fan_rpm"]
    colour = {c.name.split(".")[0]: c.color.name() for c in power._curves}
    assert fan._curves[0].color.name() == colour["gpu1"] != colour["gpu0"]


def test_paused_zoom_into_a_day_reads_finer_detail(qtbot, xtx: Path) -> None:
    view, monitor, clock = make_view(qtbot, xtx)
    start = clock.t
    names = monitor.history.series
    for i in range(8 * 3600):  # 8 hours at 1 Hz, with one spike of power
        row = [1.0] * len(names)
        row[names.index("gpu0.power_w")] = 400.0 if i == 6 * 3600 + 17 else 100.0
        monitor.history.append(start + i, row)
    clock.t = start + 8 * 3600
    view.set_span(86400)
    plot = view.plots["power"]
    coarse = plot.curve_data("gpu0.power_w")
    assert coarse.bucket_s >= 10 and float(coarse.max.max()) == 400.0  # the one-second spike survives a day view
    view.set_paused(True)
    spike = start + 6 * 3600 + 17  # two hours ago: within the 1 s buckets (3 h)
    plot.vb.setXRange(spike - 60, spike + 60, padding=0)  # what a scroll-zoom does
    qtbot.waitUntil(lambda: plot.curve_data("gpu0.power_w").bucket_s < coarse.bucket_s, timeout=3000)
    fine = plot.curve_data("gpu0.power_w")
    assert fine.bucket_s <= 1.0 and float(fine.max.max()) == 400.0
    assert plot.values_at(spike + 0.5)["gpu0.power_w"] == pytest.approx(400.0)  # the 1 s bucket [spike, spike + 1)


# ---- a plot with a single value, two values, a flat line ------------------------------------------------

def dot_px(plot, t: float, v: float) -> tuple[int, int]:
    """Where (t, v) is drawn, in plot_widget pixels; asserts it lies a whole dot inside the data area."""
    from PySide6.QtCore import QPointF

    from rocmdesk.ui.monitor.plot import DOT_PX

    (x0, x1), (y0, y1) = plot.vb.viewRange()
    assert y1 - y0 > 0 and x1 - x0 > 0
    scene = plot.vb.mapViewToScene(QPointF(t, v))
    box = plot.vb.sceneBoundingRect()
    r = DOT_PX / 2
    assert box.left() + r <= scene.x() <= box.right() - r, (t, x0, x1)  # not cut by the border
    assert box.top() + r <= scene.y() <= box.bottom() - r, (v, y0, y1)
    p = plot.plot_widget.mapFromScene(scene)
    return p.x(), p.y()


def painted_at(plot, curve, x: int, y: int, reach: int = 3) -> bool:
    """Whether the curve's colour is on screen within ``reach`` pixels of (x, y) (a grid line drawn over
    it tints it a little)."""
    from PySide6.QtGui import QColor

    image = picture(plot)
    want = curve.color.getRgb()[:3]

    def near(i: int, j: int) -> bool:
        return max(abs(a - b) for a, b in zip(QColor(image.pixel(i, j)).getRgb()[:3], want)) <= 40

    return any(near(i, j) for i in range(x - reach, x + reach + 1) for j in range(y - reach, y + reach + 1))


def test_the_first_sample_is_a_dot_inside_the_view(qtbot, xtx: Path) -> None:
    # pyqtgraph draws no line through one point: the plots were empty axes until the second sample
    view, _m, clock = make_view(qtbot, xtx)
    sample = step(view, xtx, clock, T0)
    g = sample.gpus[0]
    checked = 0
    for key in ("temp", "power", "busy", "vram", "gtt", "clocks", "fan", "mem"):
        plot = view.plots[key]
        assert plot.isVisible() and not plot.empty_label.isVisible()
        for c in plot._curves:
            w = plot.curve_data(c.name)
            assert len(w) == 1 and w.t[0] == pytest.approx(sample.timestamp)
            v = float(w.mean[0])
            x, y = dot_px(plot, float(w.t[0]), v)
            assert painted_at(plot, c, x, y), (key, c.name)
            dx, dy = plot.drawn(c.name, "dots")
            assert list(dx) == [w.t[0]] and list(dy) == [pytest.approx(v)]
            assert plot.format_value(v) in shown(plot)
            checked += 1
    assert checked >= 11
    assert f"{g.power_w:.0f} W" in shown(view.plots["power"])


def test_two_samples_are_a_line_and_dots_while_it_is_shorter_than_a_dot(qtbot, xtx: Path) -> None:
    view, _m, clock = make_view(qtbot, xtx)
    step(view, xtx, clock, T0)
    step(view, xtx, clock, T0 + 30)  # the power moves
    plot = view.plots["power"]
    c = plot._curves[0]
    w = plot.curve_data(c.name)
    assert len(w) == 2 and len(plot.drawn(c.name, "line")[0]) == 2
    view.set_span(86400)  # one second of a day: a speck of line, so both values get a dot
    for t, v in zip(w.t, w.mean):
        assert painted_at(plot, c, *dot_px(plot, float(t), float(v)))
    dx, dy = plot.drawn(c.name, "dots")
    assert list(dx) == list(w.t) and list(dy) == [pytest.approx(float(v)) for v in w.mean]
    view.set_span(60)
    for k in range(2, 20):
        step(view, xtx, clock, T0 + k)
    assert len(plot.drawn(c.name, "dots")[0]) == 0  # a line of many pixels needs no dots
    assert painted_after(plot, clock.t - 10)


def make_plot(qtbot, unit: str, values: list, hint: float | None = None):
    """A MetricPlot over a one-series History, fed as the Monitor does (append, then refresh)."""
    from rocmdesk.telemetry.history import History
    from rocmdesk.ui.monitor.plot import MetricPlot

    history = History(["s"])
    plot = MetricPlot(history, "s", unit)
    qtbot.addWidget(plot)
    plot.resize(500, 220)
    plot.show()
    qtbot.waitExposed(plot)
    plot.set_y_hint(hint, None)
    plot.set_series([("s", "s")])
    t = 1_700_000_000.0
    for i, v in enumerate(values):
        history.append(t + i, [v])
    plot.refresh(t + len(values) - 1)
    return plot, t


@pytest.mark.parametrize("unit, value, hint, least", [("MHz", 1249.0, None, 60.0), ("rpm", 0.0, 0.0, 1.0),
                                                      ("B", 0.0, 0.0, 2.0**30), ("B", 5 * 2.0**30, None, 0.2 * 2**30)])
def test_a_flat_line_shows_in_a_range_around_it(qtbot, unit: str, value: float, hint, least: float) -> None:
    for n in (1, 30):
        plot, t = make_plot(qtbot, unit, [value] * n, hint)
        y0, y1 = plot.vb.viewRange()[1]
        assert y0 < value < y1 and y1 - y0 >= least  # a zero-byte line gets a GiB of room, not a byte
        assert value > 0 or y0 >= -0.05 * y1  # 0 rpm sits on the axis, not mid-way in -0.5..0.5 (issue 18)
        c = plot._curves[0]
        x, y = dot_px(plot, t + n - 1, value)
        assert painted_at(plot, c, x - 1, y)
        assert plot.format_value(value) in shown(plot)
        assert len(plot.drawn(c.name, "dots")[0]) == (1 if n == 1 else 0)


def test_a_reading_between_gaps_is_a_dot(qtbot) -> None:
    nan = float("nan")
    plot, t = make_plot(qtbot, "W", [nan] * 5 + [120.0] + [nan] * 20 + [80.0, 81.0] * 10)
    c = plot._curves[0]
    assert painted_at(plot, c, *dot_px(plot, t + 5, 120.0))
    assert list(plot.drawn(c.name, "dots")[1]) == [120.0]  # the line after the gap is long enough to see


def test_a_missing_sensor_and_an_absurd_value_are_said_on_the_page(qtbot, xtx: Path) -> None:
    view, monitor, clock = make_view(qtbot, xtx)
    step(view, xtx, clock, T0)
    hw = xtx / monitor.sampler.plan(0).hwmon.lstrip("/")
    saved = (hw / "temp2_input").read_text()
    (hw / "temp2_input").unlink()
    os.mkfifo(hw / "temp2_input")  # a FIFO where the junction sensor should be: never blocks, said missing
    (hw / "power1_average").write_text("-100000000000000000000000000\n")  # -1e20 W
    monitor.sampler.reader.forget()
    clock.t += 1
    view.sample_now()
    text = view.status_box.text()
    assert view.status_box.isVisible()
    assert "GPU 0 \u2013 AMD Radeon RX 7900 XTX: temp_junction_c is missing" in text and "not a regular file" in text
    assert "power_w: -1e+20 is outside the sane range" in text
    (hw / "temp2_input").unlink()
    (hw / "temp2_input").write_text(saved)
    (hw / "power1_average").write_text("250000000\n")
    monitor.sampler.reader.forget()  # the sampler's own back-off runs on real time: reopen now
    clock.t += 1
    view.sample_now()
    assert not view.status_box.isVisible()


def test_the_exported_png_names_the_machine_and_the_time(qtbot, xtx: Path, tmp_path: Path) -> None:
    # issue 18: a picture passed around says what it is of; exports follow the umask, not 0600
    import time

    view, _m, clock = make_view(qtbot, xtx)
    for i in range(5):
        step(view, xtx, clock, T0 + 5 * i)
    caption = view.caption()
    t0, _t1 = view.view_range()
    assert view.monitor.host.label in caption and time.strftime("%Y-%m-%d %H:%M", time.localtime(t0)) in caption
    path = tmp_path / "plots.png"
    view.export_png(path)
    mask = os.umask(0o022)
    os.umask(mask)
    assert (path.stat().st_mode & 0o777) == 0o666 & ~mask
    plots = view.plot_area.grab()
    assert QImage(str(path)).height() > plots.height()  # the caption's band above the plots


def test_a_legend_of_eight_gpus_is_not_cut(qtbot) -> None:
    from rocmdesk.telemetry.history import History
    from rocmdesk.ui.monitor.plot import MetricPlot

    history = History(["gpu%d.sclk_mhz" % i for i in range(8)])
    plot = MetricPlot(history, "Shader clock", "MHz")
    qtbot.addWidget(plot)
    plot.resize(520, 300)
    plot.show()
    plot.set_series([(f"gpu{i}.sclk_mhz", f"显卡 {i}") for i in range(8)])
    for i in range(8):
        history.append(1_700_000_000.0 + i, [1000.0 + 10 * j for j in range(8)])
    plot.refresh(1_700_000_007.0)
    for i in range(8):
        assert f"显卡 {i}" in shown(plot)
    # laid out as the readout paints it, at widths down to one item a line: lines break only between items (a
    # label never parts from its swatch, 显 never from 卡), the lead first, every series once, in order
    readout = plot.readout
    for width in (520, 300, 160):  # 160: one item a line
        lines = readout.lines(width)
        assert [i for line in lines for i, _x in line] == list(range(9)), (width, lines)
        assert len(lines) >= 3, (width, lines)
        for line in lines:
            for (_i, x), (_j, x_next) in zip(line, line[1:]):
                assert x < x_next
        if width == 160:  # one series a line (the short lead may share the first)
            assert all(len([i for i, _x in line if i > 0]) == 1 for line in lines), lines
    # every line the items need at the readout's width is shown: nothing cut after the sixth
    needed = len(readout.lines(readout.width()))
    assert readout.height() >= needed * readout.fontMetrics().lineSpacing()
    # and drawn: each series' swatch colour is on screen in the readout
    image = readout.grab().toImage()
    colours = {image.pixelColor(x, y).name() for x in range(image.width()) for y in range(image.height())}
    for c in plot._curves:
        assert c.color.name() in colours, c.label


def test_a_day_view_shows_the_first_samples_after_a_machine_switch(qtbot, xtx: Path, trees, tmp_path: Path) -> None:
    # issue 18: the 24 h view said "no data yet" for a minute after "Back to the real machine"
    import shutil

    view, _m, clock = make_view(qtbot, xtx)
    view.set_span(24 * 3600)
    for i in range(5):
        step(view, xtx, clock, T0 + i)
    assert view.plots["power"].has_data()
    other = tmp_path / "mi300x"
    shutil.copytree(trees["mi300x-8gpu-server"], other, symlinks=True)
    view.set_monitor(None, "Looking at the machine…")  # what the page does when the machine changes
    clock.t += 3
    view.set_monitor(Monitor(Host.at_root(other), source="sysfs", interval_s=1.0, clock=clock, wall=clock))
    clock.t += 2
    view.sample_now()
    power = view.plots["power"]
    assert power.has_data() and not power.empty_label.isVisible()
    assert view.span == 24 * 3600 and len(power.series()) == 8


def test_plots_take_one_column_where_two_would_be_cut_off(qtbot, xtx: Path) -> None:
    # at 1024 px beside the processes, two columns of plots ran past the right edge (the plots scroll only up and
    # down): every plot now lies inside the scroll area's width, in two columns when they fit
    from rocmdesk.ui.monitor.view import PLOT_MIN_WIDTH

    view, _m, clock = make_view(qtbot, xtx)
    step(view, xtx, clock, T0)

    def columns() -> set[int]:
        out = set()
        for plot in view.plots.values():
            if plot.isVisible():
                index = view.plot_grid.indexOf(plot)
                out.add(view.plot_grid.getItemPosition(index)[1])
                assert plot.geometry().right() <= view.scroll.viewport().width(), plot.title_label.text()
        return out

    for width, want in ((820, {0}), (1900, {0, 1}), (820, {0})):
        view.resize(width, 700)
        qtbot.waitUntil(lambda: view.scroll.viewport().width() < 2 * PLOT_MIN_WIDTH + 8 if want == {0}
                        else view.scroll.viewport().width() >= 2 * PLOT_MIN_WIDTH + 8, timeout=3000)
        qtbot.wait(50)  # the grid lays the plots out
        assert columns() == want, (width, view.scroll.viewport().width())


def test_a_readout_measures_again_when_its_font_changes(qtbot) -> None:
    from PySide6.QtGui import QColor

    from rocmdesk.ui.monitor.plot_parts import Readout

    readout = Readout()
    qtbot.addWidget(readout)
    readout.set_items("latest", [(QColor("#1f77b4"), "显卡 0", "1000 MHz"), (QColor("#d62728"), "显卡 1", "990 MHz")])
    readout.fit(2000, 3)
    small = readout.lines(2000)[0][-1][1]  # where the second series starts on the line
    font = readout.font()
    font.setPointSizeF(font.pointSizeF() * 2)
    readout.setFont(font)
    readout.fit(2000, 3)
    assert readout.lines(2000)[0][-1][1] > 1.5 * small
    assert readout.height() >= readout.fontMetrics().lineSpacing()
