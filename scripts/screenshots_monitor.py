"""Screenshots of the Monitor page on a simulated RX 7900 XTX, for the docs.

    xvfb-run -a -s "-screen 0 1400x1000x24" python scripts/screenshots_monitor.py [--lang zh_CN] [--out DIR] \\
        [PICTURE...]

Writes monitor-1min.png (a training run on a hot day: the junction near its critical 110 °C) and
monitor-24h.png (a day: a night idle, two training runs, light desktop use, then 40 minutes idle
with VRAM creeping up: the leak alert), or only the PICTUREs named (1min, 24h).  ``--lang`` draws the
window in that language (as scripts/screenshots_i18n.py does; Chinese needs a CJK font) into
docs/screenshots/<lang>; without it, the window speaks the environment's language into docs/screenshots.
The Chinese pictures in the docs are drawn with ``--lang zh_CN --size 1600x1000`` (an Xvfb screen of
1700x1000); at 1400 px they fit too.  The numbers come from a stand-in
sampler that follows a scripted day built on the simulated machine's own load model
(``simulate.gpu_metrics``); the history is filled with the same day before the window opens, so the
24-hour view is full.
``scripts/screenshots.py MACHINE OUT monitor`` pictures the plain live page.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from screenshots import settle  # noqa: E402  (the lead's helper)

MACHINE = "rx7900xtx-ubuntu2404"
PICTURES = {"1min": ("hot", 60, 900.0), "24h": ("day", 24 * 3600, 24 * 3600.0)}  # scenario, span, history
GiB, MiB = 2**30, 2**20


def _wobble(t: float, period: float, seed: float = 0.0) -> float:
    """A smooth made-up wiggle in -1..1 (sums of sines), so idle stretches are not ruler-flat."""
    return 0.6 * math.sin(2 * math.pi * t / period + seed) + 0.4 * math.sin(2 * math.pi * t / (period * 0.37) + 2 * seed)


class Day:
    """What the card does at a time (seconds since the epoch), relative to ``end`` (the picture's now)."""

    def __init__(self, end: float, scenario: str) -> None:
        from rocmdesk.machine import simulate

        self.end, self.scenario = end, scenario
        self.sim = simulate
        self.offset = steady_offset(end) if scenario == "hot" else 0.0
        self.card = simulate.get_machine(MACHINE).gpus[0]

    def phase(self, t: float) -> str:
        if self.scenario == "hot":
            return "train"
        ago = self.end - t
        if ago > 17 * 3600:
            return "idle"
        if ago > 14 * 3600:
            return "train"
        if ago > 12 * 3600:
            return "idle"
        if ago > 6.5 * 3600:
            return "train"
        if ago > 40 * 60:
            return "desktop"
        return "leak"

    def gpu(self, t: float, out) -> None:
        """Fill a GpuSample with the values at time t."""
        c = self.card
        phase = self.phase(t)
        out.power_cap_w = float(c.power_cap_w)
        out.vram_total_bytes = c.vram_total
        out.gtt_total_bytes = c.gtt_total
        out.temp_edge_crit_c, out.temp_junction_crit_c, out.temp_mem_crit_c = 100.0, 110.0, 108.0
        if phase == "train":
            m = self.sim.gpu_metrics(MACHINE, 0, t + self.offset)
            hot = 23.0 if self.scenario == "hot" else 0.0  # a hot day and a dusty heatsink
            out.temp_edge_c, out.temp_junction_c, out.temp_mem_c = m.temp_edge_c + hot * 0.7, \
                min(109.0, m.temp_junction_c + hot), m.temp_mem_c + hot * 0.5
            out.power_w, out.busy_percent, out.mem_busy_percent = float(m.power_w), m.busy_percent, m.mem_busy_percent
            out.vram_used_bytes, out.gtt_used_bytes = m.vram_used_bytes, m.gtt_used_bytes
            out.sclk_mhz, out.mclk_mhz = m.sclk_mhz, m.mclk_mhz
            out.fan_rpm = None if m.fan_rpm is None else int(m.fan_rpm * (1.35 if hot else 1.0))
            return
        w = _wobble(t, 300.0)
        if phase == "desktop":  # a browser, a video, now and then a short burst
            burst = max(0.0, _wobble(t, 900.0, 1.0)) ** 3
            busy = 3 + 6 * abs(_wobble(t, 40.0, 2.0)) + 55 * burst
            vram = 2.1 * GiB + 0.3 * GiB * _wobble(t, 1800.0, 3.0)
        else:
            busy = 1 + abs(_wobble(t, 60.0, 4.0))
            vram = c.vram_idle_used + 40 * MiB * (1 + _wobble(t, 1200.0))
            if phase == "leak":  # a notebook kernel that keeps what it allocates: + 2.6 GiB in 40 min
                vram = 1.1 * GiB + 2.6 * GiB * (1 - (self.end - t) / 2400.0) + 6 * MiB * _wobble(t, 30.0)
        load = busy / 100
        out.busy_percent = int(round(busy))
        out.mem_busy_percent = int(round(busy * 0.4))
        out.temp_edge_c = round(c.idle_edge_c + 22 * load + 0.8 * w, 1)
        out.temp_junction_c = round(out.temp_edge_c + c.hotspot_idle_c + 12 * load, 1)
        out.temp_mem_c = round(c.mem_idle_c + 18 * load + 0.6 * w, 1)
        out.power_w = round(c.idle_w + 230 * load ** 1.2 + 1.5 * w, 1)
        out.vram_used_bytes = int(vram)
        out.gtt_used_bytes = int(c.gtt_idle_used + 180 * MiB * load)
        out.sclk_mhz = int(45 + 25 * abs(w)) if busy < 6 else int(500 + 2000 * min(1.0, load * 1.4))
        out.mclk_mhz = 96 if busy < 6 else 1249
        out.fan_rpm = 0 if out.temp_edge_c < 50 else int(700 + 30 * (out.temp_edge_c - 50))

    def host(self, t: float):
        from rocmdesk.telemetry.metrics import HostSample

        phase = self.phase(t)
        w = _wobble(t, 170.0, 5.0)
        cpu = {"train": 31 + 6 * w, "desktop": 9 + 5 * abs(w), "idle": 2 + abs(w), "leak": 4 + 2 * abs(w)}[phase]
        mem = {"train": 21.5, "desktop": 11.0, "idle": 7.8, "leak": 14.2}[phase] * GiB + 0.4 * GiB * w
        return HostSample(cpu_percent=round(cpu, 1), mem_used_bytes=int(mem), mem_total_bytes=64 * GiB)


def steady_offset(end: float) -> float:
    """A shift of the simulation's clock so the last 90 s of the run are at full load (no checkpoint dip)."""
    from rocmdesk.machine import simulate

    for off in range(0, 600, 5):
        if all(simulate.gpu_metrics(MACHINE, 0, end + off - k).busy_percent >= 90 for k in range(-8, 68, 4)):
            return float(off)
    return 0.0


class DaySampler:
    """Stands in for the sysfs sampler: GpuSamples from the scripted day at the monitor's wall time."""

    source = "sysfs"

    def __init__(self, gpus, day: Day, clock) -> None:
        self.gpus, self.day, self.clock = gpus, day, clock

    def sample(self):
        from rocmdesk.telemetry.metrics import GpuSample

        t = self.clock()
        out = []
        for g in self.gpus:
            s = GpuSample(index=g.index, name=g.name, gfx=g.gfx, pci_slot=g.pci_slot, card=g.card, timestamp=t)
            self.day.gpu(t, s)
            out.append(s)
        return out

    def close(self) -> None:
        pass


class DayHost:
    def __init__(self, day: Day, clock) -> None:
        self.day, self.clock = day, clock

    def sample(self):
        return self.day.host(self.clock())


class Clock:
    """The real clock, or a fixed time while the history is being filled."""

    def __init__(self) -> None:
        self.fixed: float | None = None

    def __call__(self) -> float:
        return self.fixed if self.fixed is not None else time.time()


def day_opener(scenario: str, fill_s: float):
    """An opener for MonitorPage: a Monitor on the stand-in sampler, its history filled with ``fill_s`` of the day."""
    from rocmdesk.telemetry.monitor import Monitor
    from rocmdesk.telemetry.processes import GpuProcess
    from rocmdesk.telemetry.sampler import discover_gpus

    def opener(host):
        clock = Clock()
        end = time.time() + 2.0
        day = Day(end, scenario)
        gpus = discover_gpus(host)
        monitor = Monitor(host, sampler=DaySampler(gpus, day, clock), interval_s=1.0, wall=clock)
        monitor.host_metrics = DayHost(day, clock)
        t = time.time() - fill_s
        while t < time.time():
            clock.fixed = t
            monitor.tick()
            t += 1.0 if time.time() - t < 3 * 3600 else 5.0
        clock.fixed = None

        def processes(max_age_s=None):
            s = monitor.latest.gpus[0] if monitor.latest else None
            vram = s.vram_used_bytes if s is not None and s.vram_used_bytes else 0
            name = "python3" if scenario == "hot" else "jupyter-kernel"
            return [GpuProcess(31400, name, 0, gpus[0].pci_slot, max(0, vram - 700 * MiB), 96 * MiB),
                    GpuProcess(2100, "gnome-shell", 0, gpus[0].pci_slot, 380 * MiB, 12 * MiB)]

        monitor.processes = processes  # type: ignore[method-assign]
        return monitor, "", ""

    return opener


def install_page(window, opener):
    """The window's Monitor page, with this opener (put in place of a placeholder while the window has none)."""
    from rocmdesk.ui.pages.monitor_page import MonitorPage

    page = window.page("monitor")
    from PySide6.QtCore import QCoreApplication

    rows = [window.sidebar.item(i).text() for i in range(window.sidebar.count())]
    row = rows.index(QCoreApplication.translate("MainWindow", "Monitor"))  # the sidebar in the window's language
    if page is None:
        old = window.stack.widget(row)
        page = MonitorPage(window.session)
        window.stack.insertWidget(row, page)
        window.stack.removeWidget(old)
        old.deleteLater()
        window.stack.setCurrentIndex(window.sidebar.currentRow())  # the swap moved the stack's current page
    page.opener = opener
    return page, row


def shoot(out: Path, scenario: str, span_s: int, fill_s: float, size: tuple[int, int]) -> None:
    from rocmdesk.ui.main_window import MainWindow
    from rocmdesk.ui.session import MachineSession

    window = MainWindow(MachineSession(simulate=MACHINE))
    window.resize(*size)
    page, row = install_page(window, day_opener(scenario, fill_s))
    window.show()
    deadline = time.monotonic() + 60
    while window.session.busy and time.monotonic() < deadline:
        settle(50)
    window.sidebar.setCurrentRow(row)
    settle(300)
    page.view.set_span(span_s)
    settle(2500)  # a few live samples, and the alert's sustain
    plot = page.view.plots["temp"]
    x0, x1 = plot.vb.viewRange()[0]
    plot.set_cursor(x0 + (x1 - x0) * 0.62)  # a cursor readout in the picture
    page.view._link_cursor("temp", x0 + (x1 - x0) * 0.62)
    settle(200)
    if not window.grab().save(str(out), "PNG"):
        raise SystemExit(f"could not write {out}")
    print(f"{out}: alerts: {page.view.alert_lines()}")
    page.shutdown()
    window.close()
    settle(100)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", help="the window's language: en or zh_CN (default: the environment's)")
    parser.add_argument("--out", help="folder for the PNGs (default docs/screenshots, or docs/screenshots/<lang> "
                        "for a --lang other than en)")
    parser.add_argument("--size", default="1400x1000", help="window size WxH")
    parser.add_argument("pictures", nargs="*", metavar="PICTURE",
                        help=f"pictures to write (default all: {', '.join(PICTURES)})")
    args = parser.parse_args(argv)
    unknown = sorted(set(args.pictures) - set(PICTURES))
    if unknown:
        parser.error(f"unknown picture(s) {', '.join(unknown)}; pictures: {', '.join(PICTURES)}")
    size = tuple(int(v) for v in args.size.lower().split("x"))
    docs = Path(__file__).resolve().parent.parent / "docs" / "screenshots"
    out = Path(args.out) if args.out else docs / args.lang if args.lang not in (None, "en") else docs
    out.mkdir(parents=True, exist_ok=True)
    from rocmdesk.ui.app import create_app, install_translators

    app = create_app([sys.argv[0]])
    if args.lang:
        from PySide6.QtCore import QLocale

        install_translators(app, args.lang)
        QLocale.setDefault(QLocale(args.lang))  # the dates on the time axis, as that language's desktop writes them
    for name in args.pictures or PICTURES:
        scenario, span_s, fill_s = PICTURES[name]
        shoot(out / f"monitor-{name}.png", scenario, span_s, fill_s, size)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
