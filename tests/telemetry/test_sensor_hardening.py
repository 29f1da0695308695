"""Issue 16 (findings 6 and 7) end to end: ``monitor --once`` and the exporter on a ``--root`` tree with a FIFO
where a sensor should be, an absurd power reading, and 200 scrapes at once.

Each test fails (or times out within its own limit) on the code before the fix, and never hangs the run.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import rocmdesk
from rocmdesk.machine.host import Host
from rocmdesk.telemetry.monitor import Monitor
from tests.telemetry.conftest import build_tree

SRC = str(Path(rocmdesk.__file__).resolve().parents[1])  # the tree under test, also for a child process
ABSURD_POWER = "-100000000000000000000000000\n"  # -1e20 W in microwatts


def _hwmon(root: Path) -> Path:
    return next(root.glob("sys/devices/**/0000:03:00.0/hwmon/hwmon*"))


def _fifo(path: Path) -> Path:
    path.unlink()
    os.mkfifo(path)
    return path


def _unblock(*fifos: Path) -> None:
    """Let a reader stuck in open() on a FIFO (the code before the fix) see EOF, so no thread is left behind."""
    for fifo in fifos:
        try:
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        except OSError:
            pass


def _values(text: str) -> dict[tuple[str, tuple], float]:
    """Samples by (name, label pairs), the GPU's own labels (card, pci_slot, partition) left out."""
    from tests.telemetry.exposition_parse import values

    return {(name, tuple(kv for kv in labels if kv[0] not in ("card", "pci_slot", "partition"))): v
            for (name, labels), v in values(text).items()}


def test_monitor_once_with_fifos_in_the_tree_finishes_and_names_the_missing_sensors(tmp_path: Path) -> None:
    root = build_tree("rx7900xtx-ubuntu2404", tmp_path / "xtx", t=150.0)
    hw = _hwmon(root)
    fifos = (_fifo(hw / "temp2_input"), _fifo(hw / "name"), _fifo(hw / "temp3_label"))
    env = {**os.environ, "PYTHONPATH": SRC}
    try:
        proc = subprocess.run([sys.executable, "-m", "rocmdesk", "monitor", "--root", str(root), "--once", "--json"],
                              capture_output=True, text=True, timeout=60, env=env, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        pytest.fail("monitor --once blocked on a FIFO in the --root tree")
    finally:
        _unblock(*fifos)
    assert proc.returncode == 0, proc.stderr[-2000:]
    g = json.loads(proc.stdout)["gpus"][0]
    assert g["state"] == "ok" and g["temp_junction_c"] is None and g["temp_mem_c"] is None
    assert g["temp_edge_c"] is not None and g["power_w"] is not None
    missing = {m["file"].rsplit("/", 1)[-1]: m for m in g["missing_sensors"]}
    assert set(missing) == {"temp2_input", "name", "temp3_label"}
    assert missing["temp2_input"]["metric"] == "temp_junction_c"
    assert all(m["error"] == "not a regular file" for m in missing.values())
    assert len(g["warnings"]) == 3 and any("temp_junction_c is missing" in w for w in g["warnings"])


def test_the_exporter_with_a_fifo_in_the_tree_serves_and_names_the_missing_sensor(tmp_path: Path) -> None:
    from rocmdesk.telemetry import exporter

    root = build_tree("rx7900xtx-ubuntu2404", tmp_path / "xtx", t=150.0)
    fifo = _fifo(_hwmon(root) / "temp2_input")
    name = _fifo(_hwmon(root) / "name")
    box: list = []
    t = threading.Thread(target=lambda: box.append(exporter.render(Monitor(Host.at_root(root), interval_s=0))),
                         daemon=True)
    t.start()
    t.join(30)
    _unblock(fifo, name)
    assert not t.is_alive() and box, "the exporter blocked on a FIFO in the --root tree"
    values = _values(box[0])
    assert values[("rocmdesk_gpu_up", (("gpu", "0"),))] == 1
    assert values[("rocmdesk_gpu_sensor_missing",
                   (("file", "temp2_input"), ("gpu", "0"), ("metric", "temp_junction_c")))] == 1
    assert values[("rocmdesk_gpu_sensor_missing", (("file", "name"), ("gpu", "0"), ("metric", "")))] == 1
    assert ("rocmdesk_gpu_temperature_celsius", (("gpu", "0"), ("sensor", "junction"))) not in values
    assert ("rocmdesk_gpu_temperature_celsius", (("gpu", "0"), ("sensor", "edge"))) in values


def test_an_absurd_power_is_null_with_a_warning_in_monitor_json(tmp_path: Path, capsys) -> None:
    from rocmdesk.cli import main

    root = build_tree("rx7900xtx-ubuntu2404", tmp_path / "xtx", t=150.0)
    (_hwmon(root) / "power1_average").write_text(ABSURD_POWER)
    assert main(["monitor", "--root", str(root), "--once", "--json"]) == 0
    line = capsys.readouterr().out
    g = json.loads(line)["gpus"][0]
    assert g["state"] == "ok" and g["power_w"] is None and g["busy_percent"] is not None
    [entry] = g["out_of_range"]
    assert entry["metric"] == "power_w" and entry["value"] == -1e20 and entry["range"] == [0.0, 3000.0]
    assert entry["file"].endswith("/power1_average")
    assert g["warnings"] == ["power_w: -1e+20 is outside the sane range 0.0 to 3000.0; ignored"]


def test_an_absurd_power_is_absent_from_the_exporter(tmp_path: Path) -> None:
    from rocmdesk.telemetry import exporter

    root = build_tree("rx7900xtx-ubuntu2404", tmp_path / "xtx", t=150.0)
    (_hwmon(root) / "power1_average").write_text(ABSURD_POWER)
    values = _values(exporter.render(Monitor(Host.at_root(root), interval_s=0)))
    assert not [k for k in values if k[0] == "rocmdesk_gpu_power_watts"]
    assert values[("rocmdesk_gpu_sensor_out_of_range", (("gpu", "0"), ("metric", "power_w")))] == 1
    assert values[("rocmdesk_gpu_busy_ratio", (("gpu", "0"),))] >= 0  # the rest is still there


def test_200_parallel_scrapes_on_loopback_all_succeed(tmp_path: Path) -> None:
    from rocmdesk.telemetry import exporter

    root = build_tree("rx7900xtx-ubuntu2404", tmp_path / "xtx", t=150.0)
    mon = Monitor(Host.at_root(root), interval_s=0)
    server, thread, collector = exporter.serve(mon, port=0, min_interval_s=1.0)
    try:
        assert server.server_address[0] == "127.0.0.1"  # loopback unless told otherwise
        assert server.request_queue_size >= 200  # the listen backlog: was 5
        url = f"http://127.0.0.1:{server.server_port}/metrics"
        start = threading.Barrier(200, timeout=30)

        def scrape(_: int) -> str:
            start.wait()  # all 200 connect at once
            try:
                with urllib.request.urlopen(url, timeout=10) as resp:
                    body = resp.read().decode()
            except OSError as exc:
                return f"failed: {exc!r}"
            return "ok" if 'rocmdesk_gpu_up{gpu="0",card="card1",pci_slot="0000:03:00.0",partition=""} 1.0' in body \
                else "bad body"

        with ThreadPoolExecutor(max_workers=200) as pool:  # a bounded loop: 200 requests, then done
            results = list(pool.map(scrape, range(200), timeout=60))
    finally:
        exporter.stop(server)
    thread.join(10)
    assert not thread.is_alive()  # and the server stops when asked
    assert results.count("ok") == 200, [r for r in results if r != "ok"][:5]
    assert collector.scrapes == 200


def test_a_stalled_client_does_not_hold_up_other_scrapes(tmp_path: Path) -> None:
    from rocmdesk.telemetry import exporter

    root = build_tree("rx7900xtx-ubuntu2404", tmp_path / "xtx", t=150.0)
    server, thread, _collector = exporter.serve(Monitor(Host.at_root(root), interval_s=0), port=0)
    stalled = [socket.create_connection(("127.0.0.1", server.server_port), timeout=5) for _ in range(3)]
    try:
        stalled[0].sendall(b"GET /metrics HTTP/1.1\r\n")  # and never the rest
        t0 = time.monotonic()
        body = urllib.request.urlopen(f"http://127.0.0.1:{server.server_port}/metrics", timeout=10).read()
        assert b"rocmdesk_gpu_up" in body and time.monotonic() - t0 < 5
    finally:
        for s in stalled:
            s.close()
        exporter.stop(server)
    thread.join(10)
    assert not thread.is_alive()


def test_the_exporter_listens_on_ipv6_loopback(tmp_path: Path) -> None:
    from rocmdesk.telemetry import exporter

    try:
        with socket.socket(socket.AF_INET6) as probe:
            probe.bind(("::1", 0))
    except OSError:
        pytest.skip("no IPv6 loopback here")
    root = build_tree("rx7900xtx-ubuntu2404", tmp_path / "xtx", t=150.0)
    server, _thread, _collector = exporter.serve(Monitor(Host.at_root(root), interval_s=0), port=0, address="::1")
    try:
        body = urllib.request.urlopen(f"http://[::1]:{server.server_port}/metrics", timeout=10).read()
    finally:
        exporter.stop(server)
    assert b"rocmdesk_gpu_up" in body
