"""The Prometheus exporter: its text, a scrape over HTTP, and Debian's real prometheus scraping it."""

from __future__ import annotations

import json
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import need_module, need_program, require

need_module("prometheus_client", "pip install prometheus-client (a dependency of rocmdesk)")

from prometheus_client.parser import text_string_to_metric_families  # noqa: E402

from rocmdesk.machine.host import Host  # noqa: E402
from rocmdesk.telemetry import exporter  # noqa: E402
from rocmdesk.telemetry.monitor import Monitor  # noqa: E402
from tests.telemetry.conftest import build_tree, simulated_host  # noqa: E402


def _values(text: str) -> dict[tuple[str, tuple], float]:
    out = {}
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            out[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return out


def test_the_text_carries_every_gpu_metric(tmp_path: Path) -> None:
    root = build_tree("rx7900xtx-ubuntu2404", tmp_path / "xtx", t=150.0)
    mon = Monitor(Host.at_root(root), interval_s=0)
    values = _values(exporter.render(mon))
    g = mon.latest.gpus[0]
    assert values[("rocmdesk_gpu_up", (("gpu", "0"),))] == 1
    assert values[("rocmdesk_gpu_power_watts", (("gpu", "0"),))] == g.power_w
    assert values[("rocmdesk_gpu_temperature_celsius", (("gpu", "0"), ("sensor", "junction")))] == g.temp_junction_c
    assert values[("rocmdesk_gpu_vram_used_bytes", (("gpu", "0"),))] == g.vram_used_bytes
    assert values[("rocmdesk_gpu_clock_hertz", (("clock", "sclk"), ("gpu", "0")))] == g.sclk_mhz * 1e6
    assert values[("rocmdesk_gpu_busy_percent", (("gpu", "0"),))] == g.busy_percent
    info = [k for k in values if k[0] == "rocmdesk_gpu_info"]
    assert dict(info[0][1])["gfx"] == "gfx1100"
    assert ("rocmdesk_host_memory_total_bytes", ()) in values


def test_absent_sensors_are_absent_series(tmp_path: Path) -> None:
    root = build_tree("mi300x-8gpu-server", tmp_path / "mi300", t=150.0)
    values = _values(exporter.render(Monitor(Host.at_root(root), interval_s=0)))
    assert not [k for k in values if k[0] == "rocmdesk_gpu_temperature_celsius" and ("sensor", "edge") in k[1]]
    assert len([k for k in values if k[0] == "rocmdesk_gpu_up"]) == 8
    assert not [k for k in values if k[0] == "rocmdesk_gpu_fan_rpm"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_scrape_over_http_with_moving_metrics_and_processes(tmp_path: Path) -> None:
    root = build_tree("rx7900xtx-ubuntu2404", tmp_path / "xtx", t=0.0)
    host = simulated_host(root)
    mon = Monitor(host, interval_s=0)
    server, _thread, collector = exporter.serve(mon, port=0, min_interval_s=0.0)
    try:
        assert server.server_address[0] == "127.0.0.1"
        url = f"http://127.0.0.1:{server.server_port}/metrics"
        first = urllib.request.urlopen(url, timeout=10).read().decode()
        second = urllib.request.urlopen(url, timeout=10).read().decode()
    finally:
        exporter.stop(server)
    assert collector.scrapes == 2
    a, b = _values(first), _values(second)
    assert a[("rocmdesk_gpu_up", (("gpu", "0"),))] == 1
    procs = [k for k in b if k[0] == "rocmdesk_process_vram_bytes"]
    assert any(dict(k[1])["name"] == "python3" for k in procs)


def test_scrapes_inside_min_interval_share_a_sample(tmp_path: Path) -> None:
    root = build_tree("rx7900xtx-ubuntu2404", tmp_path / "xtx")
    mon = Monitor(Host.at_root(root), interval_s=0)
    registry, collector = exporter.make_registry(mon, min_interval_s=60.0)
    from prometheus_client import generate_latest

    generate_latest(registry)
    first = mon.latest
    generate_latest(registry)
    assert mon.latest is first and collector.scrapes == 2


def test_the_cli_refuses_a_bad_port_and_no_gpu(tmp_path: Path, capsys) -> None:
    from rocmdesk.cli import main

    root = build_tree("rx7900xtx-ubuntu2404", tmp_path / "xtx")
    assert main(["exporter", "--root", str(root), "--port", "70000"]) == 2
    none = build_tree("no-amd-gpu", tmp_path / "none")
    assert main(["exporter", "--root", str(none), "--port", "0"]) == 4
    assert "no AMD GPU" in capsys.readouterr().err


def test_debian_prometheus_scrapes_the_exporter(tmp_path: Path) -> None:
    prometheus = need_program("prometheus", "prometheus", component="Debian's prometheus")
    root = build_tree("mi300x-8gpu-server", tmp_path / "mi300", t=0.0)
    mon = Monitor(simulated_host(root), interval_s=0)
    server, _thread, collector = exporter.serve(mon, port=0, min_interval_s=0.0)
    web = _free_port()
    config = tmp_path / "prometheus.yml"
    config.write_text(
        "global:\n  scrape_interval: 1s\n  evaluation_interval: 1s\n"
        "scrape_configs:\n  - job_name: rocmdesk\n    static_configs:\n"
        f"      - targets: ['127.0.0.1:{server.server_port}']\n"
    )
    proc = subprocess.Popen(
        [prometheus, f"--config.file={config}", f"--storage.tsdb.path={tmp_path / 'tsdb'}",
         f"--web.listen-address=127.0.0.1:{web}"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )
    try:
        query = f"http://127.0.0.1:{web}/api/v1/query?query=rocmdesk_gpu_power_watts"
        deadline = time.monotonic() + 45
        result = []
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                body = json.loads(urllib.request.urlopen(query, timeout=5).read())
                result = body["data"]["result"]
                if len(result) == 8:
                    break
            except (OSError, ValueError, KeyError):
                pass
            time.sleep(0.5)
        if proc.poll() is not None and not result:
            require("Debian's prometheus", f"it could not run here: {(proc.stderr.read() or '')[-300:]}")
        assert len(result) == 8, result
        assert {r["metric"]["gpu"] for r in result} == {str(i) for i in range(8)}
        assert all(r["metric"]["job"] == "rocmdesk" for r in result)
        assert all(0 < float(r["value"][1]) <= 750 for r in result)
        assert collector.scrapes >= 1
        targets = json.loads(urllib.request.urlopen(f"http://127.0.0.1:{web}/api/v1/targets", timeout=5).read())
        assert targets["data"]["activeTargets"][0]["health"] == "up"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)
        exporter.stop(server)
