"""The Monitor's presenter without widgets: which series a GPU choice gives, colours, states, alerts, thresholds,
what an export holds and the caption naming it, on simulated machines whose metrics move between samples."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from rocmdesk.machine import simulate
from rocmdesk.machine.host import Host
from rocmdesk.telemetry.monitor import Monitor
from rocmdesk.ui.presenters.monitor import ALL, MonitorModel, plot_specs

T0 = 100.0


@pytest.fixture(scope="module")
def trees(tmp_path_factory) -> dict[str, Path]:
    base = tmp_path_factory.mktemp("sim")
    return {name: simulate.build(name, base / name, t=T0) for name in ("rx7900xtx-ubuntu2404", "mi300x-8gpu-server")}


class Clock:
    def __init__(self, t: float = 1_700_000_000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


def model_of(root: Path) -> tuple[MonitorModel, Monitor, Clock]:
    clock = Clock()
    monitor = Monitor(Host.at_root(root), source="sysfs", interval_s=1.0, clock=clock, wall=clock)
    model = MonitorModel()
    model.reset(monitor)
    return model, monitor, clock


def spec(model: MonitorModel, pid: str):
    return next(s for s in model.specs if s.id == pid)


def test_eight_gpus_give_eight_series_each_in_its_own_colour(qapp, trees) -> None:
    model, monitor, clock = model_of(trees["mi300x-8gpu-server"])
    assert model.choice == ALL and model.shown_gpus() == list(range(8))
    noted = model.take(monitor.tick())
    assert noted.series and noted.states
    power = model.series_for(spec(model, "power"))
    assert power == [(f"gpu{i}.power_w", f"GPU {i}") for i in range(8)]
    assert model.colors(power) == list(range(8))
    assert model.series_for(spec(model, "fan")) == []  # an MI300X has no fan sensor: no plot
    assert model.title_for(spec(model, "clocks")) == "Shader clock"
    clock.t += 1
    assert not model.take(monitor.tick()).series  # nothing new: the plots stay as they are
    model.choice = 3
    temp = model.series_for(spec(model, "temp"))
    assert temp and all(name.startswith("gpu3.") for name, _ in temp)
    assert model.colors(temp) is None and model.title_for(spec(model, "temp")) == "Temperature"
    assert all(n.startswith("gpu3.") or n.startswith("host.") for n in model.export_series())
    monitor.close()


def test_a_gpu_without_some_gpus_keeps_colours_by_gpu(qapp, trees) -> None:
    model, monitor, _clock = model_of(trees["mi300x-8gpu-server"])
    model.take(monitor.tick())
    assert model.colors([("gpu5.power_w", "GPU 5"), ("gpu7.power_w", "GPU 7")]) == [5, 7]
    monitor.close()


def test_thresholds_are_the_limits_the_shown_gpus_share(qapp, trees) -> None:
    model, monitor, _clock = model_of(trees["rx7900xtx-ubuntu2404"])
    assert model.choice == 0  # one card: that GPU, not "all"
    assert model.thresholds() == {}  # no sample yet: no line
    model.take(monitor.tick())
    limits = model.thresholds()
    assert limits["temp"].value == pytest.approx(110.0) and limits["temp"].label == "junction critical"
    assert limits["power"].value == pytest.approx(327.0)
    assert limits["gtt"].value is None
    monitor.close()


def test_a_vanished_gpu_is_said_and_its_return_with_the_time_away(qapp, trees, tmp_path: Path) -> None:
    import shutil

    root = tmp_path / "xtx"
    shutil.copytree(trees["rx7900xtx-ubuntu2404"], root, symlinks=True)
    model, monitor, clock = model_of(root)
    model.take(monitor.tick())
    assert model.status_lines() == []
    dev = root / monitor.host.realpath(monitor.sampler.plan(0).dev).lstrip("/")
    away = dev.with_name(dev.name + ".removed")
    dev.rename(away)
    clock.t += 30
    assert model.take(monitor.tick()).states
    assert any("vanished" in line for line in model.status_lines())
    away.rename(dev)
    simulate.write_metrics(root, T0 + 10)
    monitor.sampler.reader.forget()
    clock.t += 90
    model.take(monitor.tick())
    lines = model.status_lines()
    assert any("came back" in line for line in lines)
    assert not any("vanished" in line for line in lines)
    monitor.close()


def test_the_caption_names_the_machine_and_the_span(qapp, trees) -> None:
    model, monitor, clock = model_of(trees["rx7900xtx-ubuntu2404"])
    t0 = time.mktime((2026, 12, 4, 23, 30, 0, 0, 0, -1))
    text = model.caption(t0, t0 + 3600)
    assert monitor.host.label in text
    assert "2026-12-04 23:30:00" in text and "2026-12-05 00:30:00" in text  # past midnight: the date again
    assert model.caption(t0, t0 + 60).endswith("to 23:31:00")  # the same day: the time alone
    monitor.close()


def test_no_monitor_shows_nothing(qapp) -> None:
    model = MonitorModel()
    assert model.shown_gpus() == [] and model.status_lines() == [] and model.gpu_choices() == []
    assert model.series_for(plot_specs()[0]) == [] and model.thresholds() == {} and model.export_series() == []
