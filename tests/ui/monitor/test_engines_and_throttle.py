"""The Monitor's process table shows each process's engine use (fdinfo) and marks KFD processes as compute; the
state lines name the firmware's throttle reasons (a power-capped RX 6600 XT: PPT0)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from rocmdesk.machine import simulate
from rocmdesk.machine.host import Host
from rocmdesk.telemetry.monitor import Monitor
from rocmdesk.telemetry.processes import GpuProcess
from rocmdesk.ui.monitor import texts
from rocmdesk.ui.monitor.view import MonitorView

TWO = "two-dgpu-one-override"  # GPU 1, an RX 6600 XT, trains against its power cap


class Clock:
    def __init__(self, t: float = 1_700_000_000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


@pytest.fixture(scope="module")
def two(tmp_path_factory) -> Path:
    return simulate.build(TWO, tmp_path_factory.mktemp("sim") / TWO, t=150.0)


def _view(qtbot, root: Path) -> tuple[MonitorView, Monitor, Clock]:
    clock = Clock()
    monitor = Monitor(Host.at_root(root), source="sysfs", interval_s=1.0, clock=clock, wall=clock,
                      processes_every_s=0.0)
    view = MonitorView(wall=clock)
    qtbot.addWidget(view)
    view.resize(1300, 900)
    view.set_monitor(monitor)
    view.show()
    qtbot.waitExposed(view)
    return view, monitor, clock


def test_engine_text() -> None:
    assert texts.engine_text("graphics", None) == "\u2026"
    assert texts.engine_text("graphics", {}) == "idle"
    assert texts.engine_text("graphics", {"gfx": 3.2, "dec": 12.6, "dma": 0.1}) == "dec 13% · gfx 3%"
    assert texts.engine_text("compute", None) == "compute (KFD)"
    assert texts.engine_text("compute", {"dma": 2.0}) == "compute (KFD) · dma 2%"


def test_process_table_shows_engines_and_compute(qtbot, two: Path) -> None:
    view, _monitor, clock = _view(qtbot, two)
    for t in (150.0, 152.0):
        simulate.write_metrics(two, t)
        simulate.write_processes(two, t)
        view.monitor.sampler.reader.forget()  # the files were replaced by rename: reopen them
        clock.t += 2.0
        view.sample_now()
        view.refresh_processes(background=False)
    table = view.proc_table
    assert table.columnCount() == 5 and table.horizontalHeaderItem(4).text() == "Engines"
    rows = {table.item(r, 1).text() + "@" + table.item(r, 2).text(): table.item(r, 4).text()
            for r in range(table.rowCount())}
    assert rows["python3@0"].startswith("compute (KFD)") and rows["python3@1"].startswith("compute (KFD)")
    assert "dec 1" in rows["mpv@0"] and "gfx 3%" in rows["mpv@0"]
    assert rows["gnome-shell@0"].startswith("gfx ")


def test_throttle_reasons_in_the_state_lines(qtbot, two: Path) -> None:
    view, _monitor, clock = _view(qtbot, two)
    simulate.write_metrics(two, 300.0)  # the RX 6600 XT at its 118 W cap
    view.monitor.sampler.reader.forget()
    clock.t += 1.0
    sample = view.sample_now()
    assert sample.gpus[1].throttle_reasons == ["PPT0"]
    lines = view.status_lines()
    assert any("GPU 1" in line and "power limit (PPT0)" in line for line in lines), lines
    assert not any("GPU 0" in line and "held back" in line for line in lines)  # its idle TEMP_HOTSPOT is ignored


def test_process_table_keeps_its_cells_and_follows_the_rows(qtbot, two: Path) -> None:
    # a refresh changes the texts that changed and keeps the cells (setItem on every cell re-laid the table out)
    view, _monitor, clock = _view(qtbot, two)

    def refresh(t: float) -> dict[str, str]:
        simulate.write_metrics(two, t)
        simulate.write_processes(two, t)
        view.monitor.sampler.reader.forget()
        clock.t += 2.0
        view.sample_now()
        view.refresh_processes(background=False)
        table = view.proc_table
        return {table.item(r, 1).text() + "@" + table.item(r, 2).text(): table.item(r, 4).text()
                for r in range(table.rowCount())}

    refresh(150.0)
    first = view.proc_table.item(0, 1)
    rows = refresh(152.0)
    assert view.proc_table.item(0, 1) is first and len(rows) == view.proc_table.rowCount() >= 3
    view._show_processes([GpuProcess(pid=7, name="solo", gpu_index=1, pci_slot=None, vram_bytes=1 << 20,
                                     gtt_bytes=None)])  # fewer rows
    table = view.proc_table
    assert table.rowCount() == 1 and [table.item(0, c).text() for c in range(3)] == ["7", "solo", "1"]
    assert table.item(0, 3).text() != "—" and table.item(0, 0).textAlignment() & Qt.AlignmentFlag.AlignRight
    assert set(refresh(154.0)) == set(rows)  # every process again, in cells made anew
