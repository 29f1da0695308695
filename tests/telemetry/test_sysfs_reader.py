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


def test_a_missing_file_is_not_retried_until_forget(tree: Path) -> None:
    r = SysfsReader(Host.at_root(tree))
    assert r.read_value("/sys/dev/later") is None
    (tree / "sys/dev/later").write_text("1\n")
    assert r.read_value("/sys/dev/later") is None  # remembered as absent: no open() per sample
    r.forget()
    assert r.read_value("/sys/dev/later") == "1"


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
