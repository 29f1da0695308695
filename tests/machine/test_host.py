import os
import sys
from pathlib import Path

import pytest

from rocmdesk.machine.host import Host


def test_paths_map_under_root(tmp_path):
    (tmp_path / "sys/class/drm").mkdir(parents=True)
    (tmp_path / "etc").mkdir()
    (tmp_path / "etc/os-release").write_text('ID=ubuntu\n')
    host = Host.at_root(tmp_path)
    assert host.path("/etc/os-release") == tmp_path / "etc/os-release"
    assert host.read_text("/etc/os-release") == "ID=ubuntu\n"
    assert host.read_value("/etc/missing") is None
    assert host.listdir("/sys/class/drm") == []
    assert host.listdir("/nope") == []
    with pytest.raises(ValueError):
        host.path("relative/path")


def test_read_value_strips_nul_padding_and_int_parsing(tmp_path):
    (tmp_path / "v").write_bytes(b"0x73ff\n\x00\x00")
    (tmp_path / "bad").write_text("N/A\n")
    (tmp_path / "empty").write_text("\n")
    host = Host.at_root(tmp_path)
    assert host.read_value("/v") == "0x73ff"
    assert host.read_int("/v", 16) == 0x73FF
    assert host.read_int("/bad") is None
    assert host.read_value("/empty") is None


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads everything")
def test_unreadable_file_is_none(tmp_path):
    f = tmp_path / "secret"
    f.write_text("x")
    f.chmod(0)
    assert Host.at_root(tmp_path).read_text("/secret") is None


def test_unreadable_file_is_none_even_as_root(tmp_path):
    # a directory where a file is expected reads as missing, never raises
    (tmp_path / "dir").mkdir()
    assert Host.at_root(tmp_path).read_text("/dir") is None


def test_realpath_stays_in_machine_terms(tmp_path):
    real = tmp_path / "sys/devices/pci0000:00/0000:03:00.0"
    real.mkdir(parents=True)
    (tmp_path / "sys/class/drm").mkdir(parents=True)
    os.symlink("../../devices/pci0000:00/0000:03:00.0", tmp_path / "sys/class/drm/card0")
    host = Host.at_root(tmp_path)
    assert host.realpath("/sys/class/drm/card0") == "/sys/devices/pci0000:00/0000:03:00.0"
    assert host.glob("/sys/class/drm", "card*") == ["/sys/class/drm/card0"]


def test_tree_runs_no_commands(tmp_path):
    host = Host.at_root(tmp_path)
    res = host.run(["rocminfo"])
    assert res.missing and not res.ok
    assert host.which("rocminfo") is None
    assert host.try_open_rw("/dev/kfd").ok is None


def test_live_commands_timeout_and_missing():
    host = Host.local()
    ok = host.run([sys.executable, "-c", "print('hi')"])
    assert ok.ok and ok.stdout.strip() == "hi"
    missing = host.run(["definitely-not-a-program-rocmdesk"])
    assert missing.missing and missing.error
    slow = host.run([sys.executable, "-c", "import time; time.sleep(5)"], timeout=0.3)
    assert slow.timed_out and not slow.ok


def test_live_open_check_reports_errno(tmp_path):
    host = Host.local()
    res = host.try_open_rw(str(tmp_path / "absent"))
    assert res.ok is False and res.errno_name == "ENOENT"
