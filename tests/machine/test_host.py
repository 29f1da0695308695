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


# --- reads are non-blocking and regular-file-only (issue 16, finding 6) -------------------------------------


def _read_in_thread(host: Host, path: str, limit: int | None = None, timeout: float = 10.0):
    """host.read_bytes in a thread: a read that blocks fails the test instead of hanging the run."""
    import threading

    box: list = []
    t = threading.Thread(target=lambda: box.append(host.read_bytes(path, limit)), daemon=True)
    t.start()
    t.join(timeout)
    return t.is_alive(), (box[0] if box else None)


def _unblock(fifo: Path) -> None:
    """Let a reader stuck in open() on ``fifo`` go (old code): open the write end and close it (EOF)."""
    try:
        fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
    except OSError:
        return  # nobody is waiting on it
    os.close(fd)


def test_a_fifo_reads_as_none_at_once(tmp_path):
    fifo = tmp_path / "sys/class/drm/card0/device/gpu_busy_percent"
    fifo.parent.mkdir(parents=True)
    os.mkfifo(fifo)
    host = Host.at_root(tmp_path)
    try:
        blocked, data = _read_in_thread(host, "/sys/class/drm/card0/device/gpu_busy_percent")
        assert not blocked, "read_bytes blocked on a FIFO"
        assert data is None
        assert host.read_value("/sys/class/drm/card0/device/gpu_busy_percent") is None
    finally:
        _unblock(fifo)


def test_a_fifo_on_the_live_machine_reads_as_none_at_once(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    try:
        blocked, data = _read_in_thread(Host.local(), str(fifo))  # the live Host skips the stat before open
        assert not blocked and data is None
    finally:
        _unblock(fifo)


def test_a_device_node_or_socket_where_a_file_should_be_reads_as_none(tmp_path):
    import socket

    (tmp_path / "etc").mkdir()
    os.symlink("/dev/zero", tmp_path / "etc/os-release")  # a char device: endless zeros
    host = Host.at_root(tmp_path)
    blocked, data = _read_in_thread(host, "/etc/os-release", limit=4096)
    assert not blocked and data is None  # today's open() read 4096 NUL bytes from /dev/zero
    sock_path = tmp_path / "s"
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(sock_path))
        assert host.read_bytes("/s") is None


def test_regular_files_symlinks_and_sysfs_like_pages_still_read(tmp_path):
    dev = tmp_path / "sys/devices/pci0000:00/0000:03:00.0"
    dev.mkdir(parents=True)
    (dev / "mem_info_vram_total").write_bytes(b"25753026560\n" + b"\x00" * 4084)  # a page-sized capture
    (tmp_path / "sys/class/drm/card0").mkdir(parents=True)
    os.symlink("../../../devices/pci0000:00/0000:03:00.0", tmp_path / "sys/class/drm/card0/device")
    (tmp_path / "usr/lib").mkdir(parents=True)
    (tmp_path / "usr/lib/os-release").write_text("ID=debian\n")
    (tmp_path / "etc").mkdir()
    os.symlink("../usr/lib/os-release", tmp_path / "etc/os-release")  # as Debian has it
    big = tmp_path / "big"
    big.write_bytes(b"x" * (3 * 2**20 + 5))
    host = Host.at_root(tmp_path)
    assert host.read_int("/sys/class/drm/card0/device/mem_info_vram_total") == 25753026560
    assert host.read_text("/etc/os-release") == "ID=debian\n"
    assert len(host.read_bytes("/big")) == 3 * 2**20 + 5  # more than one chunk
    assert host.read_bytes("/big", limit=10) == b"x" * 10


def test_the_live_proc_and_sys_pseudo_files_read(tmp_path):
    host = Host.local()
    status = host.read_text("/proc/self/status")  # procfs: a regular file of size 0
    assert status and "Pid:" in status
    assert host.read_value("/proc/sys/kernel/osrelease")
    if os.path.exists("/sys/devices/system/cpu/online"):
        assert host.read_value("/sys/devices/system/cpu/online")


def test_device_nodes_probed_on_purpose_keep_their_own_path():
    host = Host.local()
    st = host.stat("/dev/null")
    assert st is not None and st.is_char_device
    assert host.try_open_rw("/dev/null").ok is True
    assert host.read_bytes("/dev/null") is None  # but never read as if it were a file
