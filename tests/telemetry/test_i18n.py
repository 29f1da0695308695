"""The monitor and the exporter in Chinese: the text lines, alerts, GPU errors and messages; JSON lines, CSV and
the Prometheus exposition stay English under a Chinese locale."""

from __future__ import annotations

import json
from pathlib import Path

from rocmdesk import i18n
from rocmdesk.cli import main
from rocmdesk.machine.host import Host
from rocmdesk.telemetry.alerts import check
from rocmdesk.telemetry.metrics import ERROR, GpuSample, Sample, csv_header
from rocmdesk.telemetry.sampler import SysfsSampler
from tests.telemetry.conftest import build_tree
from tests.zh import has_chinese


def _hot(tmp_path: Path) -> Path:
    """An RX 7900 XTX whose junction is at 108 °C (critical 110 °C): an alert."""
    root = build_tree("rx7900xtx-ubuntu2404", tmp_path / "xtx", t=150.0)
    hw = next((root / "sys/class/hwmon").glob("hwmon*/temp2_label"))
    (hw.parent / "temp2_input").write_text("108000\n")
    return root


def test_the_text_lines_and_alerts_in_chinese(tmp_path, zh_locale, capsys):
    assert main(["monitor", "--root", str(_hot(tmp_path)), "--once", "--processes"]) == 0
    out = capsys.readouterr().out
    gpu, alert = out.splitlines()[:2]
    assert "结温" in gpu and "junction" not in gpu and "AMD Radeon RX 7900 XTX (gfx1100)" in gpu
    assert has_chinese(alert) and "108" in alert and "near its critical" not in alert
    assert all(has_chinese(line) for line in out.splitlines()[2:])  # the processes


def test_json_lines_and_csv_stay_english(tmp_path, zh_locale, capsys):
    root = _hot(tmp_path)
    assert main(["monitor", "--root", str(root), "--once", "--json"]) == 0
    raw = capsys.readouterr().out
    assert not has_chinese(raw)
    assert json.loads(raw)["alerts"][0]["message"] == "GPU 0: junction 108 °C is near its critical 110 °C"
    assert main(["monitor", "--root", str(root), "--once", "--csv"]) == 0
    raw = capsys.readouterr().out
    assert not has_chinese(raw) and raw.splitlines()[0] == ",".join(csv_header())
    assert i18n.current_language() == "zh_CN"  # the locale's language again afterwards


def test_alert_messages_in_chinese(zh):
    gpu = GpuSample(index=0, name="x", gfx="gfx1100", temp_junction_c=111.0, temp_junction_crit_c=110.0,
                    power_w=300.0, power_cap_w=300.0, vram_used_bytes=99, vram_total_bytes=100, busy_percent=90)
    alerts = check(Sample(timestamp=0.0, gpus=[gpu]))
    assert {a.kind for a in alerts} == {"junction-hot", "vram-full", "power-cap"}  # the kinds stay codes
    assert all(has_chinese(a.message) and "GPU" not in a.message for a in alerts)


def test_a_gpu_the_sampler_cannot_read_says_why_in_chinese(tmp_path, zh):
    from rocmdesk.machine.model import Gpu

    gpu = Gpu(index=0, name="x", gfx="gfx90a", gfx_reported=None, device_id=None, revision=None, pci_slot=None,
              vram_total_bytes=None, kfd_node=1, apu=None, card=None)
    s = SysfsSampler(Host.at_root(tmp_path), [gpu]).sample()[0]
    assert s.state == ERROR and "DRM" in s.error and has_chinese(s.error)


def test_the_exporter_speaks_chinese_and_its_metrics_stay_english(tmp_path, zh_locale, capsys):
    from rocmdesk.telemetry import exporter
    from rocmdesk.telemetry.monitor import Monitor

    root = build_tree("rx7900xtx-ubuntu2404", tmp_path / "xtx")
    assert main(["exporter", "--root", str(root), "--port", "70000"]) == 2
    err = capsys.readouterr().err
    assert has_chinese(err) and "70000" in err
    assert main(["exporter", "--help"]) == 0
    assert has_chinese(capsys.readouterr().out)
    mon = Monitor(Host.at_root(root))
    try:
        assert not has_chinese(exporter.render(mon))  # HELP texts and labels are for Prometheus
    finally:
        mon.close()


def test_monitor_help_in_chinese(zh_locale, capsys):
    assert main(["monitor", "--help"]) == 0
    out = capsys.readouterr().out
    assert has_chinese(out) and "one sample, then exit" not in out
