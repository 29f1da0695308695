"""The open-file cache: kept-open reads through the Host seam, and every way a read can fail."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from rocmdesk.machine import sysfs_reader
from rocmdesk.machine.host import Host
from rocmdesk.machine.sysfs_reader import SysfsReader


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    d = tmp_path / "sys/dev"
    d.mkdir(parents=True)
    (d / "busy").write_text("42\n")
    (d / "empty").write_text("")
    (d / "padded").write_bytes(b"  7\x00\x00\n")
    (d / "garbage").write_text("forty-two\n")
    (d / "adir").mkdir()
    return tmp_path


def test_paths_are_mapped_under_the_root(tree: Path) -> None:
    r = SysfsReader(Host.at_root(tree))
    assert r.real("/sys/dev/busy") == str(tree.resolve() / "sys/dev/busy")
    assert r.read_int("/sys/dev/busy") == 42
    assert r.exists("/sys/dev") and not r.exists("/sys/nope")


def test_files_stay_open_and_see_in_place_rewrites(tree: Path) -> None:
    r = SysfsReader(Host.at_root(tree))
    for _ in range(50):
        assert r.read_int("/sys/dev/busy") == 42
    assert r.opened == 1 and r.open_count == 1
    (tree / "sys/dev/busy").write_text("7\n")  # same inode, as sysfs attributes are
    assert r.read_int("/sys/dev/busy") == 7
    assert r.opened == 1


def test_a_replaced_file_needs_forget(tree: Path) -> None:
    r = SysfsReader(Host.at_root(tree))
    assert r.read_int("/sys/dev/busy") == 42
    tmp = tree / "sys/dev/.busy.tmp"
    tmp.write_text("99\n")
    os.replace(tmp, tree / "sys/dev/busy")  # a new inode: the open one still says 42
    assert r.read_int("/sys/dev/busy") == 42
    r.forget("/sys/dev")
    assert r.read_int("/sys/dev/busy") == 99
    assert r.opened == 2


def test_missing_empty_garbage_and_directory_are_none(tree: Path) -> None:
    r = SysfsReader(Host.at_root(tree))
    assert r.read_value("/sys/dev/nope") is None and r.last_errno == errno.ENOENT
    assert r.read_value("/sys/dev/empty") is None and r.last_errno is None
    assert r.read_int("/sys/dev/garbage") is None
    assert r.read_int("/sys/dev/padded") == 7
    # a directory where a file should be reads as EISDIR: the nearest real error to EIO a test can make
    assert r.read("/sys/dev/adir") is None and r.last_errno == errno.EISDIR
    assert r.read("relative/path") is None  # Host refuses relative paths; the reader never raises


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def test_a_missing_file_is_tried_again_after_a_back_off(tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    clock = Clock()
    r = SysfsReader(Host.at_root(tree), clock=clock)
    stats: list[str] = []
    real_stat = os.stat

    def counting_stat(path, *args, **kwargs):  # every open of a sensor starts with a stat (regular file?)
        if "/sys/dev/" in str(path):
            stats.append(str(path))
        return real_stat(path, *args, **kwargs)

    monkeypatch.setattr(os, "stat", counting_stat)
    assert r.read_value("/sys/dev/later") is None and r.last_errno == errno.ENOENT
    (tree / "sys/dev/later").write_text("1\n")
    for _ in range(100):
        assert r.read_value("/sys/dev/later") is None  # remembered as absent: no open() per sample
    assert len(stats) == 1
    clock.t += sysfs_reader.RETRY_FIRST_S
    assert r.read_value("/sys/dev/later") == "1"  # the back-off has passed: read at last
    assert len(stats) == 2 and r.open_count == 1
    r.forget()
    assert r.read_value("/sys/dev/later") == "1"


def test_the_back_off_doubles_up_to_its_maximum(tree: Path) -> None:
    clock = Clock()
    r = SysfsReader(Host.at_root(tree), clock=clock)
    tries = []
    real = r._open  # counting the opens a never-there file costs

    def counting(path: str):
        tries.append(clock.t)
        return real(path)

    r._open = counting  # type: ignore[method-assign]
    while clock.t < 1000.0 + 600:
        r.read("/sys/dev/never")
        clock.t += 0.25
    gaps = [b - a for a, b in zip(tries, tries[1:])]
    assert gaps[:5] == [1.0, 2.0, 4.0, 8.0, 16.0]
    assert set(gaps[5:]) == {sysfs_reader.RETRY_MAX_S}
    assert len(tries) < 30  # 600 s of samples at 4 Hz: 2400 reads, a couple of dozen opens


def test_a_fifo_socket_or_device_where_a_sensor_should_be_fails_at_once(tree: Path) -> None:
    import socket
    import threading

    d = tree / "sys/dev"
    os.mkfifo(d / "fifo")
    os.symlink("/dev/zero", d / "zero")
    clock = Clock()
    r = SysfsReader(Host.at_root(tree), clock=clock)
    box: list = []
    t = threading.Thread(target=lambda: box.append((r.read("/sys/dev/fifo"), r.last_errno, r.last_error)),
                         daemon=True)
    t.start()
    t.join(10)
    assert not t.is_alive() and box[0] == (None, errno.EINVAL, "not a regular file")
    assert r.read("/sys/dev/zero") is None and r.last_error == "not a regular file"
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(d / "sock"))
        assert r.read("/sys/dev/sock") is None and r.last_errno == errno.EINVAL  # not ENXIO: no "device gone"
    assert r.open_count == 0
    os.unlink(d / "fifo")
    (d / "fifo").write_text("5\n")  # a real file now
    clock.t += sysfs_reader.RETRY_FIRST_S
    assert r.read_int("/sys/dev/fifo") == 5


def test_eio_from_the_driver_is_none_and_the_file_stays_open(tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # no FUSE here: a fake pread raising EIO stands in for a driver whose show() fails
    r = SysfsReader(Host.at_root(tree))
    assert r.read_int("/sys/dev/busy") == 42
    real = os.pread

    def failing(fd: int, n: int, off: int) -> bytes:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(sysfs_reader.os, "pread", failing)
    assert r.read_int("/sys/dev/busy") is None and r.last_errno == errno.EIO
    assert r.open_count == 1  # EIO is a bad moment, not a gone device
    monkeypatch.setattr(sysfs_reader.os, "pread", real)
    assert r.read_int("/sys/dev/busy") == 42 and r.opened == 1


def test_enodev_drops_the_file_so_it_reopens(tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a fake pread raising ENODEV stands in for a hot-unplugged device's sysfs files
    r = SysfsReader(Host.at_root(tree))
    assert r.read_int("/sys/dev/busy") == 42
    real = os.pread
    monkeypatch.setattr(sysfs_reader.os, "pread", lambda fd, n, off: (_ for _ in ()).throw(OSError(errno.ENODEV, "gone")))
    assert r.read_int("/sys/dev/busy") is None and r.last_errno == errno.ENODEV
    assert r.open_count == 0
    monkeypatch.setattr(sysfs_reader.os, "pread", real)
    assert r.read_int("/sys/dev/busy") == 42 and r.opened == 2


def test_keep_open_false_opens_each_time(tree: Path) -> None:
    r = SysfsReader(Host.at_root(tree), keep_open=False)
    for _ in range(3):
        assert r.read_int("/sys/dev/busy") == 42
    assert r.opened == 3 and r.open_count == 0


def test_max_open_falls_back_to_plain_reads(tree: Path) -> None:
    r = SysfsReader(Host.at_root(tree), max_open=1)
    assert r.read_int("/sys/dev/busy") == 42
    assert r.read_int("/sys/dev/padded") == 7
    assert r.read_int("/sys/dev/padded") == 7
    assert r.open_count == 1 and r.opened == 3


def test_close_releases_every_descriptor(tree: Path) -> None:
    before = len(os.listdir("/proc/self/fd"))
    with SysfsReader(Host.at_root(tree)) as r:
        r.read("/sys/dev/busy")
        r.read("/sys/dev/padded")
        assert len(os.listdir("/proc/self/fd")) == before + 2
    assert len(os.listdir("/proc/self/fd")) == before
