"""The Prometheus exporter: its text (names, labels, escaping), a scrape over HTTP, and Debian's real prometheus
scraping it.  The text is read by tests/telemetry/exposition_parse.py (written from the format's description) and,
as a second opinion, by prometheus_client's parser (a test dependency only: the exporter needs no client)."""

from __future__ import annotations

import gzip
import json
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from types import SimpleNamespace

import pytest

from rocmdesk.machine.host import Host
from rocmdesk.telemetry import exporter
from rocmdesk.telemetry.monitor import Monitor
from tests.conftest import need_module, need_program, require
from tests.telemetry.conftest import build_tree, simulated_host
from tests.telemetry.exposition_parse import parse, values

SRC = str(Path(__file__).resolve().parents[2] / "src")
GPU_LABELS = {"gpu", "card", "pci_slot", "partition"}
# Prometheus' naming practice: snake case under the rocmdesk_ namespace, a base unit or a unitless suffix last
NAME_RE = re.compile(r"^rocmdesk_[a-z0-9]+(_[a-z0-9]+)*$")
UNIT_SUFFIXES = ("_celsius", "_watts", "_bytes", "_hertz", "_seconds", "_ratio", "_transfers_per_second",
                 "_lanes", "_rpm")
UNITLESS_SUFFIXES = ("_info", "_up", "_state", "_throttled", "_throttle_reason", "_sensor_missing",
                     "_sensor_out_of_range", "_links")
NOT_BASE_UNITS = re.compile(r"_(percent|pct|milli\w*|micro\w*|kilo\w*|mega\w*|giga\w*|mhz|ghz|gts|mib|gib|kb|mb|"
                            r"gb|ms|us|celcius|fahrenheit|kelvin)(_|$)")


def _render(name: str, tmp_path: Path, processes: bool = False, t: float = 150.0) -> str:
    root = build_tree(name, tmp_path / name, t=t)
    return exporter.render(Monitor(simulated_host(root), interval_s=0, keep_history=False), processes=processes)


def _client_values(text: str) -> dict:
    """prometheus_client's reading of ``text``, in the shape of exposition_parse.values."""
    parser = need_module("prometheus_client.parser", "pip install prometheus-client (a test dependency)")
    out = {}
    for family in parser.text_string_to_metric_families(text):
        for s in family.samples:
            out[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return out


def _key(name: str, **labels: str) -> tuple[str, tuple]:
    return name, tuple(sorted(labels.items()))


def _gpu(g, **extra: str) -> dict[str, str]:
    return {"gpu": str(g.index), "card": g.card or "", "pci_slot": g.pci_slot or "",
            "partition": "" if g.partition is None else str(g.partition), **extra}


def test_the_text_carries_every_gpu_metric_in_base_units(tmp_path: Path) -> None:
    root = build_tree("rx7900xtx-ubuntu2404", tmp_path / "xtx", t=150.0)
    mon = Monitor(Host.at_root(root), interval_s=0)
    text = exporter.render(mon)
    v = values(text)
    assert v == _client_values(text)  # the two readers agree on every sample
    g = mon.latest.gpus[0]
    assert v[_key("rocmdesk_gpu_up", **_gpu(g))] == 1
    assert v[_key("rocmdesk_gpu_power_watts", **_gpu(g))] == g.power_w
    assert v[_key("rocmdesk_gpu_temperature_celsius", **_gpu(g, sensor="junction"))] == g.temp_junction_c
    assert v[_key("rocmdesk_gpu_vram_used_bytes", **_gpu(g))] == g.vram_used_bytes
    assert v[_key("rocmdesk_gpu_clock_hertz", **_gpu(g, clock="sclk"))] == g.sclk_mhz * 1e6
    # ratios 0-1 where the card says percent: 19 % is 0.19 exactly as written, not 0.19000000000000003
    assert v[_key("rocmdesk_gpu_busy_ratio", **_gpu(g))] == g.busy_percent / 100
    assert f'rocmdesk_gpu_busy_ratio{{gpu="0",card="card1",pci_slot="{g.pci_slot}",partition=""}} ' \
           f'{g.busy_percent / 100!r}\n' in text
    assert v[_key("rocmdesk_gpu_memory_busy_ratio", **_gpu(g))] == g.mem_busy_percent / 100
    assert v[_key("rocmdesk_gpu_fan_speed_ratio", **_gpu(g))] == pytest.approx(g.fan_percent / 100)
    assert v[_key("rocmdesk_gpu_pcie_link_speed_transfers_per_second", **_gpu(g))] == g.pcie_link_speed_gts * 1e9
    assert v[_key("rocmdesk_gpu_pcie_link_width_lanes", **_gpu(g))] == g.pcie_link_width
    assert all(0 <= val <= 1 for (name, _l), val in v.items() if name.endswith("_ratio"))
    info = [k for k in v if k[0] == "rocmdesk_gpu_info"]
    assert dict(info[0][1])["gfx"] == "gfx1100" and dict(info[0][1])["card"] == "card1"
    assert ("rocmdesk_host_memory_total_bytes", ()) in v
    assert v[("rocmdesk_exporter_scrapes_total", ())] == 1
    for old in exporter.RENAMED:  # the names of rocmdesk 0.1 are gone
        assert f"{old}{{" not in text and f"{old} " not in text


@pytest.mark.parametrize("machine", ["rx7900xtx-ubuntu2404", "two-dgpu-one-override", "radeon780m-laptop",
                                     "mi308x-partitioned"])
def test_names_follow_prometheus_naming(machine: str, tmp_path: Path) -> None:
    text = _render(machine, tmp_path, processes=True)
    families = parse(text)
    assert families
    for name, fam in families.items():
        assert NAME_RE.match(name), name
        assert fam.help and fam.type in ("gauge", "counter"), name
        assert not NOT_BASE_UNITS.search(name), f"{name}: not a base unit"
        if fam.type == "counter":
            assert name.endswith("_total"), name
        else:
            assert not name.endswith("_total"), name  # vram_total_bytes is a size, not a counter
            assert name.endswith(UNIT_SUFFIXES + UNITLESS_SUFFIXES), f"{name}: no unit suffix"
        assert all(s[0] == name for s in fam.samples), name  # no stray suffixes (_count, _created)


def test_promtool_finds_nothing_to_lint(tmp_path: Path) -> None:
    promtool = need_program("promtool", "prometheus", component="Debian's promtool")
    text = _render("two-dgpu-one-override", tmp_path, processes=True)
    proc = subprocess.run([promtool, "check", "metrics"], input=text, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and not proc.stdout.strip() and not proc.stderr.strip(), proc.stdout + proc.stderr


def test_every_gpu_series_carries_card_pci_slot_and_partition(tmp_path: Path) -> None:
    text = _render("rx7900xtx-ubuntu2404", tmp_path, processes=True)
    for fam in parse(text).values():
        if fam.name.startswith(("rocmdesk_gpu_", "rocmdesk_process_")):
            for _n, labels, _v in fam.samples:
                assert GPU_LABELS <= set(labels), (fam.name, labels)
                assert labels["card"] == "card1" and labels["pci_slot"] == "0000:03:00.0"
                assert labels["partition"] == ""  # not a partitioned card
        else:
            assert fam.name.startswith(("rocmdesk_host_", "rocmdesk_exporter_")), fam.name


def test_mi300_partitions_are_labelled_and_share_their_card(tmp_path: Path) -> None:
    """mi308x-partitioned: 8 cards in CPX mode, 4 KFD nodes (HIP devices) each, 32 gpu values."""
    families = parse(_render("mi308x-partitioned", tmp_path, processes=True))
    up = [labels for _n, labels, _v in families["rocmdesk_gpu_up"].samples]
    assert len(up) == 32 and {labels["gpu"] for labels in up} == {str(i) for i in range(32)}
    by_slot: dict[str, list[dict]] = {}
    for labels in up:
        by_slot.setdefault(labels["pci_slot"], []).append(labels)
    assert len(by_slot) == 8
    for slot, parts in by_slot.items():
        assert sorted(p["partition"] for p in parts) == ["0", "1", "2", "3"], slot
        assert len({p["card"] for p in parts}) == 1 and parts[0]["card"].startswith("card")
    assert all(labels["partition"] in "0123" and labels["partition"] for _n, labels, _v in
               families["rocmdesk_process_vram_bytes"].samples)
    # the unpartitioned twin: partition empty on every series
    twin = parse(_render("mi300x-8gpu-server", tmp_path))
    assert {labels["partition"] for _n, labels, _v in twin["rocmdesk_gpu_up"].samples} == {""}


def test_instinct_facts_partition_modes_ras_xgmi_and_the_pcie_maximum(tmp_path: Path, monkeypatch) -> None:
    """What detect reads beside the name (machine.device_facts): the MI308X box in CPX/NPS4 with a fully connected
    8-card XGMI hive; the simulated fleet's card 3 has two corrected UMC errors, and a third one appears later."""
    root = build_tree("mi308x-partitioned", tmp_path / "mi308", t=150.0)
    mon = Monitor(simulated_host(root), interval_s=0, keep_history=False)
    collector = exporter.MonitorCollector(mon, min_interval_s=0.0)
    families = parse(collector.text())
    info = [labels for _n, labels, _v in families["rocmdesk_gpu_info"].samples]
    assert len(info) == 32 and {(i["compute_partition"], i["memory_partition"]) for i in info} == {("CPX", "NPS4")}
    assert all(i["vbios"] for i in info)
    assert {v for _n, _l, v in families["rocmdesk_gpu_pcie_link_max_speed_transfers_per_second"].samples} == {32e9}
    assert {v for _n, _l, v in families["rocmdesk_gpu_xgmi_links"].samples} == {7.0}  # one to each other card
    assert families["rocmdesk_gpu_ras_errors_total"].type == "counter"
    ras = {(labels["gpu"], labels["block"], labels["severity"]): v
           for _n, labels, v in families["rocmdesk_gpu_ras_errors_total"].samples}
    card3 = [gpu for gpu, block, sev in ras if block == "umc" and sev == "correctable" and ras[gpu, block, sev] == 2]
    assert len(card3) == 4  # the fourth card's 4 partitions, one card's counter repeated
    assert {sev for _g, _b, sev in ras} == {"uncorrectable", "correctable", "deferred"}
    assert not [k for k, v in ras.items() if k[2] == "uncorrectable" and v]
    # a new corrected error: the exporter reads the counters again (at most every RAS_EVERY_S)
    slot = next(labels["pci_slot"] for _n, labels, _v in families["rocmdesk_gpu_up"].samples
                if labels["gpu"] == card3[0])
    [umc] = [p for p in root.glob(f"sys/devices/**/{slot}/ras/umc_err_count")]
    umc.write_text("ue: 0\nce: 3\nde: 0\n")
    again = values(collector.text())
    assert again[_key("rocmdesk_gpu_ras_errors_total", **dict(_labels_of(families, card3[0])), block="umc",
                      severity="correctable")] == 2  # inside RAS_EVERY_S: the last counts
    monkeypatch.setattr(exporter, "RAS_EVERY_S", 0.0)
    fresh = values(collector.text())
    assert fresh[_key("rocmdesk_gpu_ras_errors_total", **dict(_labels_of(families, card3[0])), block="umc",
                      severity="correctable")] == 3
    consumer = parse(_render("rx7900xtx-ubuntu2404", tmp_path))
    assert "rocmdesk_gpu_ras_errors_total" not in consumer and "rocmdesk_gpu_xgmi_links" not in consumer
    [xtx] = [labels for _n, labels, _v in consumer["rocmdesk_gpu_info"].samples]
    assert xtx["compute_partition"] == "" and xtx["vbios"]


def _labels_of(families: dict, gpu: str) -> dict[str, str]:
    return next(labels for _n, labels, _v in families["rocmdesk_gpu_up"].samples if labels["gpu"] == gpu)


def test_absent_sensors_are_absent_series(tmp_path: Path) -> None:
    v = values(_render("mi300x-8gpu-server", tmp_path))
    assert not [k for k in v if k[0] == "rocmdesk_gpu_temperature_celsius" and ("sensor", "edge") in k[1]]
    assert len([k for k in v if k[0] == "rocmdesk_gpu_up"]) == 8
    assert not [k for k in v if k[0] == "rocmdesk_gpu_fan_rpm"]


def test_gpu_metrics_fields_are_exported_where_the_card_has_them(tmp_path: Path) -> None:
    """two-dgpu-one-override: an RX 7900 XTX (v1.3, the idle TEMP_HOTSPOT bit) and an RX 6600 XT capped at 118 W
    that reports PPT0; the 780M's v2.1 table has a socket power and a SoC temperature."""
    v = values(_render("two-dgpu-one-override", tmp_path, t=100.0))
    xtx = {"gpu": "0", "card": "card1", "pci_slot": "0000:03:00.0", "partition": ""}
    capped = {"gpu": "1", "card": "card2", "pci_slot": "0000:0b:00.0", "partition": ""}
    assert v[_key("rocmdesk_gpu_throttled", **xtx)] == 0  # TEMP_HOTSPOT alone is not throttling
    assert v[_key("rocmdesk_gpu_throttled", **capped)] == 1
    assert v[_key("rocmdesk_gpu_throttle_reason", **capped, reason="PPT0")] == 1
    assert not [k for k in v if k[0] == "rocmdesk_gpu_throttle_reason" and ("gpu", "0") in k[1]]
    for sensor in ("hotspot", "vrgfx", "vrsoc", "vrmem"):
        assert _key("rocmdesk_gpu_temperature_celsius", **capped, sensor=sensor) in v, sensor
    assert v[_key("rocmdesk_gpu_socket_power_watts", **capped)] == 118.0
    apu = values(_render("radeon780m-laptop", tmp_path))
    assert [k for k in apu if k[0] == "rocmdesk_gpu_socket_power_watts"]
    assert [k for k in apu if k[0] == "rocmdesk_gpu_temperature_celsius" and ("sensor", "soc") in k[1]]


def test_per_process_series_only_when_asked(tmp_path: Path) -> None:
    root = build_tree("rx7900xtx-ubuntu2404", tmp_path / "xtx", t=150.0)
    mon = Monitor(simulated_host(root), interval_s=0, keep_history=False)
    assert "rocmdesk_process_" not in exporter.render(mon)
    families = parse(exporter.render(mon, processes=True))
    vram = families["rocmdesk_process_vram_bytes"].samples
    assert any(labels["name"] == "python3" and labels["pid"].isdigit() and labels["card"] == "card1"
               for _n, labels, _v in vram)
    assert "rocmdesk_process_gtt_bytes" in families


def test_the_cli_passes_per_process_and_defaults_to_off(tmp_path: Path, monkeypatch, capsys) -> None:
    from rocmdesk.cli import main

    root = build_tree("rx7900xtx-ubuntu2404", tmp_path / "xtx")
    seen: list[bool] = []
    real_serve = exporter.serve

    def serve(*args, processes: bool = False, **kwargs):
        seen.append(processes)
        return real_serve(*args, processes=processes, **kwargs)

    def interrupt(_s: float) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(exporter, "serve", serve)
    monkeypatch.setattr(time, "sleep", interrupt)
    assert main(["exporter", "--root", str(root), "--port", "0"]) == 0
    assert main(["exporter", "--root", str(root), "--port", "0", "--per-process"]) == 0
    assert seen == [False, True]
    assert "/metrics" in capsys.readouterr().out


def test_label_values_and_help_are_escaped_as_the_format_says() -> None:
    fam = exporter.Family("rocmdesk_test_bytes", 'a "help"\nwith \\ and a line feed')
    nasty = 'py"th\\on\n3 \udcff end'  # a quote, a backslash, a line feed, a lone surrogate (a non-UTF-8 name)
    fam.add((("gpu", "0"), ("name", nasty)), 1.5)
    fam.add((("gpu", "1"), ("name", "名前")), float("inf"))
    fam.add((("gpu", "2"), ("name", "")), float("nan"))
    text = exporter.exposition([fam])
    assert text.splitlines() == [
        '# HELP rocmdesk_test_bytes a "help"\\nwith \\\\ and a line feed',
        "# TYPE rocmdesk_test_bytes gauge",
        'rocmdesk_test_bytes{gpu="0",name="py\\"th\\\\on\\n3 \ufffd end"} 1.5',
        'rocmdesk_test_bytes{gpu="1",name="名前"} +Inf',
        'rocmdesk_test_bytes{gpu="2",name=""} NaN',
    ]
    text.encode("utf-8")  # no surrogate left
    [parsed] = parse(text).values()
    assert parsed.help == 'a "help"\nwith \\ and a line feed'
    assert parsed.samples[0][1]["name"] == 'py"th\\on\n3 \ufffd end'
    client = _client_values(text)
    assert client[("rocmdesk_test_bytes", (("gpu", "0"), ("name", 'py"th\\on\n3 \ufffd end')))] == 1.5
    assert client[("rocmdesk_test_bytes", (("gpu", "1"), ("name", "名前")))] == float("inf")


def test_families_refuse_bad_names() -> None:
    for name, kind in (("rocmdesk-gpu", "gauge"), ("1abc", "gauge"), ("rocmdesk_scrapes", "counter"),
                       ("rocmdesk_x", "histogram")):
        with pytest.raises(ValueError):
            exporter.Family(name, "help", kind)


def test_process_engine_use_and_an_odd_name_survive_a_scrape(tmp_path: Path) -> None:
    """A process as telemetry.processes describes it (memory, kind, fdinfo engine counters and rates), with a
    name that needs escaping; a namespace stands in for GpuProcess, so this holds whichever fields it has."""
    root = build_tree("rx7900xtx-ubuntu2404", tmp_path / "xtx")
    mon = Monitor(Host.at_root(root), interval_s=0, keep_history=False)
    odd = SimpleNamespace(pid=7, name='we"ird\\na\nme', gpu_index=0, pci_slot="0000:03:00.0", vram_bytes=4096,
                          gtt_bytes=None, kind="graphics", engine_ns={"gfx": 2_500_000_000, "dma": 0},
                          engines_percent={"gfx": 12.5, "dma": 0.0})
    kfd = SimpleNamespace(pid=8, name="python3", gpu_index=0, pci_slot="0000:03:00.0", vram_bytes=1 << 30,
                          gtt_bytes=None, kind="compute", engine_ns=None, engines_percent=None)
    stranger = SimpleNamespace(pid=9, name="x", gpu_index=None, pci_slot="0000:99:00.0", vram_bytes=1,
                               gtt_bytes=1)  # a GPU rocmdesk does not know: no series
    mon.processes = lambda max_age_s=None: [odd, kfd, stranger]  # type: ignore[method-assign]
    text = exporter.render(mon, processes=True)
    families = parse(text)
    assert values(text) == _client_values(text)
    vram = {labels["pid"]: (labels, v) for _n, labels, v in families["rocmdesk_process_vram_bytes"].samples}
    assert set(vram) == {"7", "8"}
    assert vram["7"][0]["name"] == 'we"ird\\na\nme' and vram["7"][1] == 4096 and vram["7"][0]["kind"] == "graphics"
    assert vram["8"][0]["kind"] == "compute" and vram["8"][0]["card"] == "card1"
    busy = families["rocmdesk_process_engine_busy_seconds_total"]
    assert busy.type == "counter"
    assert {(labels["pid"], labels["engine"]): v for _n, labels, v in busy.samples} == {("7", "dma"): 0.0,
                                                                                      ("7", "gfx"): 2.5}
    ratio = {labels["engine"]: v for _n, labels, v in families["rocmdesk_process_engine_busy_ratio"].samples}
    assert ratio == {"dma": 0.0, "gfx": 0.125}
    assert "rocmdesk_process_gtt_bytes" not in families  # no process here has a GTT figure


def test_the_exporter_loads_no_prometheus_client() -> None:
    code = ("import sys; sys.modules['prometheus_client'] = None\n"  # any import of it would fail
            "from rocmdesk.machine.open_sim import open_simulated\n"
            "from rocmdesk.telemetry.monitor import Monitor\n"
            "from rocmdesk.telemetry.exporter import render\n"
            "text = render(Monitor(open_simulated('rx6600xt-ubuntu2204'), keep_history=False))\n"
            "assert 'rocmdesk_gpu_up{' in text, text\n"
            "print('ok')\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                          env={"PYTHONPATH": SRC, "PATH": "/usr/bin:/bin", "HOME": str(Path.home())})
    assert proc.returncode == 0 and proc.stdout.strip() == "ok", proc.stderr[-2000:]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str, headers: dict[str, str] | None = None, method: str = "GET"):
    req = urllib.request.Request(url, headers=headers or {}, method=method)
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status, dict(resp.headers), resp.read()
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers), exc.read()


def test_a_scrape_over_http(tmp_path: Path) -> None:
    root = build_tree("rx7900xtx-ubuntu2404", tmp_path / "xtx", t=0.0)
    mon = Monitor(simulated_host(root), interval_s=0)
    server, _thread, collector = exporter.serve(mon, port=0, min_interval_s=0.0)
    base = f"http://127.0.0.1:{server.server_port}"
    try:
        assert server.server_address[0] == "127.0.0.1"
        status, headers, first = _get(base + "/metrics")
        assert status == 200 and headers["Content-Type"] == "text/plain; version=0.0.4; charset=utf-8"
        assert int(headers["Content-Length"]) == len(first)
        status, headers, zipped = _get(base + "/metrics", {"Accept-Encoding": "gzip"})
        assert status == 200 and headers.get("Content-Encoding") == "gzip"
        second = gzip.decompress(zipped)
        status, headers, empty = _get(base + "/metrics", method="HEAD")
        assert status == 200 and empty == b"" and int(headers["Content-Length"]) > 1000
        assert _get(base + "/")[0] == 200 and b"/metrics" in _get(base + "/")[2]
        assert _get(base + "/favicon.ico")[0] == 404
    finally:
        exporter.stop(server)
    assert collector.scrapes == 3
    a, b = values(first.decode()), values(second.decode())
    assert a[_key("rocmdesk_gpu_up", gpu="0", card="card1", pci_slot="0000:03:00.0", partition="")] == 1
    assert b[("rocmdesk_exporter_scrapes_total", ())] == 2
    assert not [k for k in b if k[0].startswith("rocmdesk_process_")]  # off unless asked


def test_scrapes_inside_min_interval_share_a_sample(tmp_path: Path) -> None:
    root = build_tree("rx7900xtx-ubuntu2404", tmp_path / "xtx")
    mon = Monitor(Host.at_root(root), interval_s=0)
    collector = exporter.MonitorCollector(mon, min_interval_s=60.0)
    collector.text()
    first = mon.latest
    collector.text()
    assert mon.latest is first and collector.scrapes == 2


def test_a_failing_sample_is_a_500_and_the_server_lives_on(tmp_path: Path) -> None:
    root = build_tree("rx7900xtx-ubuntu2404", tmp_path / "xtx")
    mon = Monitor(Host.at_root(root), interval_s=0, keep_history=False)
    server, _thread, collector = exporter.serve(mon, port=0, min_interval_s=0.0)
    url = f"http://127.0.0.1:{server.server_port}/metrics"
    try:
        real = mon.tick
        mon.tick = lambda: (_ for _ in ()).throw(OSError("the card fell off"))  # type: ignore[method-assign]
        status, _h, body = _get(url)
        assert status == 500 and b"the card fell off" in body
        mon.tick = real  # type: ignore[method-assign]
        assert _get(url)[0] == 200
    finally:
        exporter.stop(server)


def test_the_cli_refuses_a_bad_port_and_no_gpu(tmp_path: Path, capsys) -> None:
    from rocmdesk.cli import main

    root = build_tree("rx7900xtx-ubuntu2404", tmp_path / "xtx")
    assert main(["exporter", "--root", str(root), "--port", "70000"]) == 2
    none = build_tree("no-amd-gpu", tmp_path / "none")
    assert main(["exporter", "--root", str(none), "--port", "0"]) == 4
    assert "no AMD GPU" in capsys.readouterr().err


def test_debian_prometheus_scrapes_the_exporter(tmp_path: Path) -> None:
    """The partitioned MI308X box: 32 HIP devices on 8 cards; Prometheus drops an empty label, so the partition
    label is what tells the 4 series of one card apart."""
    prometheus = need_program("prometheus", "prometheus", component="Debian's prometheus")
    root = build_tree("mi308x-partitioned", tmp_path / "mi308", t=0.0)
    mon = Monitor(simulated_host(root), interval_s=0, keep_history=False)
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

    def query(expr: str) -> list:
        url = f"http://127.0.0.1:{web}/api/v1/query?" + urllib.parse.urlencode({"query": expr})
        return json.loads(urllib.request.urlopen(url, timeout=5).read())["data"]["result"]

    try:
        deadline = time.monotonic() + 60
        result = []
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                result = query("rocmdesk_gpu_power_watts")
                if len(result) == 32:
                    break
            except (OSError, ValueError, KeyError):
                pass
            time.sleep(0.5)
        if proc.poll() is not None and not result:
            require("Debian's prometheus", f"it could not run here: {(proc.stderr.read() or '')[-300:]}")
        assert len(result) == 32, result
        assert {r["metric"]["gpu"] for r in result} == {str(i) for i in range(32)}
        assert all(r["metric"]["job"] == "rocmdesk" for r in result)
        assert {r["metric"]["partition"] for r in result} == {"0", "1", "2", "3"}
        assert len({r["metric"]["pci_slot"] for r in result}) == 8 and all(r["metric"]["card"] for r in result)
        assert all(0 < float(r["value"][1]) <= 750 for r in result)
        # the card-wide power, once per card, as docs/guide.md says to aggregate it
        per_card = query("max by (pci_slot) (rocmdesk_gpu_power_watts)")
        assert len(per_card) == 8
        busy = query("rocmdesk_gpu_busy_ratio")
        assert len(busy) == 32 and all(0 <= float(r["value"][1]) <= 1 for r in busy)
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


def test_the_guides_migration_table_is_the_exporters() -> None:
    root = Path(__file__).resolve().parents[2] / "docs"
    for guide in ("guide.md", "guide.zh_CN.md"):
        rows = re.findall(r"^\| `(rocmdesk_\w+)`[^|]*\| `(rocmdesk_\w+)`[^|]*\|$", (root / guide).read_text("utf-8"),
                          re.MULTILINE)
        assert dict(rows) == exporter.RENAMED, guide
