"""``rocmdesk monitor``: JSON lines, CSV, text, counts, intervals, --simulate motion and exit codes."""

from __future__ import annotations

import csv
import io
import json
import time
from pathlib import Path

import pytest

from rocmdesk.cli import main
from rocmdesk.telemetry.metrics import METRIC_KEYS
from tests.telemetry.conftest import build_tree

CONTRACT = {"index", "name", "gfx", "state", *METRIC_KEYS}


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """--simulate builds its trees in a private cache, not the user's."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache"


def test_once_json_on_a_root(tmp_path: Path, capsys) -> None:
    root = build_tree("mi300x-8gpu-server", tmp_path / "mi300", t=150.0)
    assert main(["monitor", "--root", str(root), "--once", "--json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1
    sample = json.loads(lines[0])
    assert sample["source"] == "sysfs" and len(sample["gpus"]) == 8
    g = sample["gpus"][0]
    assert CONTRACT <= set(g)
    assert g["state"] == "ok" and g["temp_edge_c"] is None and g["temp_junction_c"] > 0 and g["gfx"] == "gfx942"
    assert "host" in sample and sample["host"]["mem_total_bytes"] > 0
    assert isinstance(sample["alerts"], list)


def test_csv_has_a_header_and_a_row_per_gpu_per_sample(tmp_path: Path, capsys) -> None:
    root = build_tree("rx7900xtx-debian12", tmp_path / "deb")
    assert main(["monitor", "--root", str(root), "--csv", "--count", "3", "--interval", "0"]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    header, body = rows[0], rows[1:]
    assert header[:5] == ["timestamp", "index", "name", "gfx", "state"] and set(METRIC_KEYS) <= set(header)
    assert len(body) == 3 * 2
    igpu = dict(zip(header, body[0]))
    assert igpu["gfx"] == "gfx1036" and igpu["temp_junction_c"] == "" and igpu["temp_edge_c"] != ""


def test_text_with_processes(tmp_path: Path, capsys) -> None:
    from rocmdesk.machine import simulate

    root = build_tree("rx7900xtx-ubuntu2404", tmp_path / "xtx", t=150.0)
    simulate.write_processes(root, 150.0)
    assert main(["monitor", "--root", str(root), "--once", "--processes"]) == 0
    out = capsys.readouterr().out
    assert "GPU0 AMD Radeon RX 7900 XTX (gfx1100)" in out and "junction" in out and " W " in out
    assert "pid 31400 python3 on GPU0" in out


def test_simulate_moves_the_metrics_between_samples(cache: Path, capsys) -> None:
    assert main(["monitor", "--simulate", "rx7900xtx-ubuntu2404", "--json", "--count", "4", "--interval", "0.4"]) == 0
    samples = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(samples) == 4
    stamps = [s["timestamp"] for s in samples]
    assert all(b - a >= 0.3 for a, b in zip(stamps, stamps[1:]))
    moving = {(s["gpus"][0]["vram_used_bytes"], s["gpus"][0]["gtt_used_bytes"]) for s in samples}
    assert len(moving) > 1
    assert (cache / "rocmdesk/simulated/rx7900xtx-ubuntu2404").is_dir()


def test_interval_zero_is_back_to_back(tmp_path: Path, capsys) -> None:
    root = build_tree("rx7900xtx-ubuntu2404", tmp_path / "xtx")
    t0 = time.monotonic()
    assert main(["monitor", "--root", str(root), "--json", "--interval", "0", "--count", "200"]) == 0
    elapsed = time.monotonic() - t0
    assert len(capsys.readouterr().out.splitlines()) == 200
    assert elapsed < 30.0  # no sleeps between samples (200 sleeps of the default 1 s would take 200 s)


def test_alerts_show_in_text(tmp_path: Path, capsys) -> None:
    root = build_tree("rx7900xtx-ubuntu2404", tmp_path / "xtx", t=150.0)
    hw = next((root / "sys/class/hwmon").glob("hwmon*/temp2_label"))
    (hw.parent / "temp2_input").write_text("108000\n")  # junction 108 C, crit 110 C
    assert main(["monitor", "--root", str(root), "--once"]) == 0
    assert "! GPU 0: junction 108 °C is near its critical 110 °C" in capsys.readouterr().out


def test_gui_hands_over_to_the_window_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import sys
    import types

    from rocmdesk.cli import monitor as cli_monitor

    root = build_tree("rx7900xtx-ubuntu2404", tmp_path / "xtx")
    seen = []
    fake = types.ModuleType(cli_monitor.GUI_MODULE)  # a stand-in, so this test needs no Qt
    fake.run = lambda host, args: seen.append(args.gui) or 0  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, cli_monitor.GUI_MODULE, fake)
    assert main(["monitor", "--root", str(root), "--gui"]) == 0
    assert seen == [True]


def test_no_gpu_is_exit_4(tmp_path: Path, capsys) -> None:
    root = build_tree("no-amd-gpu", tmp_path / "none")
    assert main(["monitor", "--root", str(root), "--once", "--json"]) == 4
    assert capsys.readouterr().out == ""


@pytest.mark.parametrize("args", [["--interval", "-1"], ["--interval", "soon"], ["--count", "0"], ["--json", "--csv"],
                                  ["--source", "nvidia-smi"]])
def test_bad_usage_is_exit_2(args: list[str], tmp_path: Path) -> None:
    root = build_tree("rx7900xtx-ubuntu2404", tmp_path / "xtx")
    assert main(["monitor", "--root", str(root), *args]) == 2


def test_unknown_simulated_machine_is_exit_2(cache: Path, capsys) -> None:
    assert main(["monitor", "--simulate", "nope", "--once"]) == 2


def test_help_lists_monitor_and_exporter(capsys) -> None:
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert "monitor" in out and "exporter" in out


def test_rocm_smi_source_through_the_host_seam(tmp_path: Path, capsys) -> None:
    from rocmdesk.machine.host import CommandResult, Host
    from rocmdesk.cli import monitor as cli_monitor

    root = build_tree("rx7900xtx-ubuntu2404", tmp_path / "xtx")
    out = json.dumps({"card0": {"PCI Bus": "0000:03:00.0", "GPU use (%)": "42", "Temperature (Sensor edge) (C)": "51.0",
                                "Average Graphics Package Power (W)": "N/A"}})
    host = Host(root=root.resolve(), live=False, label="t", env={},
                commands={"rocm-smi": CommandResult(("rocm-smi",), 2, out)})
    import argparse

    args = argparse.Namespace(gui=False, source="rocm-smi", interval=0.0, once=True, count=None, json=True, csv=False,
                              processes=False)
    assert cli_monitor.run(args, host) == 0
    g = json.loads(capsys.readouterr().out)["gpus"][0]
    assert (g["busy_percent"], g["temp_edge_c"], g["power_w"], g["state"]) == (42, 51.0, None, "ok")


def test_json_processes_carry_engines_and_samples_carry_instinct_facts(cache: Path, capsys) -> None:
    assert main(["monitor", "--simulate", "two-dgpu-one-override", "--json", "--count", "2", "--interval", "0.5",
                 "--processes"]) == 0
    first, second = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    # one read has no rate; the second gives percent over the time between them
    assert all(p["engines_percent"] is None for p in first["processes"] if p["kind"] == "graphics")
    procs = {p["name"]: p for p in second["processes"]}
    assert procs["mpv"]["kind"] == "graphics" and procs["mpv"]["engines_percent"]["dec"] > 5
    assert procs["python3"]["kind"] == "compute" and "engine_ns" in procs["python3"]
    capped = second["gpus"][1]
    assert capped["throttle_reasons"] == ["PPT0"] and capped["vbios_version"]
    assert capped["pcie_link_max_width"] == 8 and capped["ras_ue"] is None  # Navi 23: a x8 card


def test_once_json_mi300x_has_partitions_ras_and_xgmi(tmp_path: Path, capsys) -> None:
    root = build_tree("mi300x-8gpu-server", tmp_path / "mi300", t=150.0)
    assert main(["monitor", "--root", str(root), "--once", "--json"]) == 0
    g = json.loads(capsys.readouterr().out)["gpus"][3]
    assert (g["compute_partition"], g["memory_partition"], g["ras_ce"], g["ras_ue"]) == ("SPX", "NPS1", 2, 0)
    assert g["ras_errors"]["umc"] == {"ue": 0, "ce": 2, "de": 0} and g["xgmi_links"] == 7 and g["xgmi_hive_id"]
