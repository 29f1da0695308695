"""``rocmdesk capture`` (issue 17): a redacted snapshot of exactly what rocmdesk reads, which ``--root`` and
``doctor --from`` read back elsewhere as the same machine; a hostile snapshot is refused, never unpacked outside."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from rocmdesk import capture
from rocmdesk.cli import main
from rocmdesk.cli.common import detected
from rocmdesk.machine import simulate
from rocmdesk.machine.open_sim import open_simulated

MACHINES = [m.name for m in simulate.list_machines()]


def _comparable(report_json: dict, user: str | None) -> dict:
    text = json.dumps(report_json)
    if user:
        text = text.replace(f'"{user}"', '"<user>"')  # the one thing a snapshot changes: the user's name
    data = json.loads(text)
    data.pop("source")
    data.pop("simulated")
    for gpu in data["gpus"]:
        gpu.pop("physical_id")  # derived from the card's unique id, which a snapshot replaces by a stand-in
    access = data["access"]
    access["groups_configured"] = sorted(access["groups_configured"])
    if access["groups_session"] is not None:
        access["groups_session"] = sorted(access["groups_session"])
    return data


@pytest.mark.parametrize("name", MACHINES)
def test_a_snapshot_reads_back_as_the_same_machine(name: str, tmp_path: Path) -> None:
    before = detected(open_simulated(name)).to_json()
    snap = capture.capture(open_simulated(name))
    path = capture.write(snap, tmp_path / "snap.tar.gz")
    after = detected(capture.open_snapshot(path)).to_json()
    user = before["access"]["user"]
    assert _comparable(after, None) == _comparable(before, user)
    assert after["source"].startswith("root:") and "snapshot of" in after["source"]


def test_names_serials_and_other_accounts_are_taken_out(tmp_path: Path) -> None:
    host = open_simulated("rx6600xt-ubuntu2204")
    user = detected(host).access.user
    hostname = host.read_value("/etc/hostname")
    assert user and hostname
    raw = capture.to_bytes(capture.capture(open_simulated("rx6600xt-ubuntu2204")))
    with tarfile.open(fileobj=io.BytesIO(raw)) as tar:
        texts = {m.name: tar.extractfile(m).read().decode("utf-8", "replace") for m in tar.getmembers() if m.isfile()}
    for name, text in texts.items():
        assert user not in text.split(":") and f"/home/{user}" not in text, name
        assert hostname not in text, name
    passwd = texts["rocmdesk-snapshot/root/etc/passwd"].splitlines()
    assert [line.split(":")[0] for line in passwd] == ["root", "<user>"]
    group = texts["rocmdesk-snapshot/root/etc/group"]
    members = {m for line in group.splitlines() for m in line.split(":")[3].split(",") if m}
    assert members == {"<user>"}
    manifest = json.loads(texts["rocmdesk-snapshot/capture.json"])
    assert manifest["env"]["USER"] == "<user>" and manifest["redactions"]


def test_unique_ids_are_replaced_and_still_group_partitions(tmp_path: Path) -> None:
    name = "mi308x-partitioned"
    host = open_simulated(name)
    base = "/sys/class/kfd/kfd/topology/nodes"
    nodes = [f"{base}/{n}/properties" for n in host.listdir(base)]
    raw = {line for p in nodes for line in (host.read_text(p) or "").splitlines() if line.startswith("unique_id ")}
    assert len(raw) == 8  # one per card, shared by its 4 partitions
    snap = capture.capture(open_simulated(name))
    stored = {line for p, data in snap.files.items() if p.endswith("/properties")
              for line in data.decode().splitlines() if line.startswith("unique_id ")}
    assert len(stored) == 8 and not (stored & raw)
    assert any("unique ids" in r for r in snap.redactions)
    path = capture.write(snap, tmp_path / "s.tar.gz")
    after = detected(capture.open_snapshot(path))
    before = detected(open_simulated(name))
    assert [g.partition for g in after.gpus] == [g.partition for g in before.gpus]
    assert len({g.physical_id for g in after.gpus}) == 8


def test_the_dpkg_query_output_keeps_only_rocm_packages() -> None:
    status = capture._dpkg_status("rocm-core\t6.2.4.60204-139~22.04\tinstalled\nfirefox\t120.0\tinstalled\n"
                                  "amdgpu-dkms\t1:6.8.5\tinstalled\nsteam\t1.0\tconfig-files\n")
    assert b"firefox" not in status and b"steam" not in status
    assert b"Package: rocm-core\nStatus: install ok installed\nVersion: 6.2.4.60204-139~22.04" in status


# -- hostile snapshots --------------------------------------------------------------------------------------------
def _tarball(path: Path, members: list[tuple[tarfile.TarInfo, bytes]], manifest: bool = True) -> Path:
    with tarfile.open(path, "w:gz") as tar:
        if manifest:
            data = json.dumps({"format": capture.FORMAT}).encode()
            info = tarfile.TarInfo(f"{capture.TOP}/{capture.MANIFEST}")
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
        for info, data in members:
            tar.addfile(info, io.BytesIO(data) if data else None)
    return path


def _member(name: str, kind: bytes = tarfile.REGTYPE, data: bytes = b"x", link: str = "") -> tuple:
    info = tarfile.TarInfo(name)
    info.type = kind
    info.linkname = link
    info.size = len(data) if kind == tarfile.REGTYPE else 0
    return info, data if kind == tarfile.REGTYPE else b""


@pytest.mark.parametrize("member", [
    _member("/etc/passwd"),
    _member(f"{capture.TOP}/root/../../escaped"),
    _member("elsewhere/file"),
    _member(f"{capture.TOP}/root/sys/link", tarfile.SYMTYPE, link="/etc/shadow"),
    _member(f"{capture.TOP}/root/sys/link", tarfile.SYMTYPE, link="../../../../../etc"),
    _member(f"{capture.TOP}/root/dev/kfd", tarfile.CHRTYPE),
    _member(f"{capture.TOP}/root/fifo", tarfile.FIFOTYPE),
    _member(f"{capture.TOP}/root/hard", tarfile.LNKTYPE, link=f"{capture.TOP}/capture.json"),
], ids=["absolute", "dotdot", "outside", "abs-link", "escaping-link", "device", "fifo", "hardlink"])
def test_a_hostile_snapshot_is_refused(member: tuple, tmp_path: Path) -> None:
    path = _tarball(tmp_path / "bad.tar.gz", [member])
    with pytest.raises(capture.SnapshotError):
        capture.unpack(path, tmp_path / "out")
    assert not (tmp_path / "escaped").exists() and not (tmp_path.parent / "escaped").exists()


def test_a_link_then_a_file_through_it_cannot_write_outside(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    link = _member(f"{capture.TOP}/root/d", tarfile.SYMTYPE, link="../../../outside")
    path = _tarball(tmp_path / "bad.tar.gz", [link, _member(f"{capture.TOP}/root/d/planted")])
    with pytest.raises(capture.SnapshotError):
        capture.unpack(path, tmp_path / "out")
    assert not (outside / "planted").exists()


def test_a_huge_snapshot_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(capture, "MAX_SNAPSHOT_BYTES", 1000)
    path = _tarball(tmp_path / "big.tar.gz", [_member(f"{capture.TOP}/root/big", data=b"0" * 5000)])
    with pytest.raises(capture.SnapshotError, match="larger"):
        capture.unpack(path, tmp_path / "out")


def test_a_tarball_that_is_no_snapshot_is_no_snapshot(tmp_path: Path) -> None:
    path = _tarball(tmp_path / "other.tar.gz", [_member(f"{capture.TOP}/root/x")], manifest=False)
    assert not capture.is_snapshot(path)
    assert not capture.is_snapshot(tmp_path / "missing.tar.gz")


# -- the command --------------------------------------------------------------------------------------------------
def _cli(*argv: str, cwd: Path, stdin: str = "") -> subprocess.CompletedProcess:
    env = {**os.environ, "LC_ALL": "C.UTF-8", "XDG_CACHE_HOME": str(cwd / "cache")}
    return subprocess.run([sys.executable, "-m", "rocmdesk", *argv], capture_output=True, text=True, input=stdin,
                          cwd=cwd, env=env, timeout=120)


def test_the_command_shows_first_and_writes_only_when_asked(tmp_path: Path) -> None:
    listed = _cli("capture", "--simulate", "rx6600xt-ubuntu2204", "--list", cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    assert "/sys/devices" in listed.stdout and "Taken out:" in listed.stdout and "<user>" in listed.stdout
    assert not list(tmp_path.glob("*.tar.gz"))
    refused = _cli("capture", "--simulate", "rx6600xt-ubuntu2204", cwd=tmp_path)  # stdin is no terminal
    assert refused.returncode == 5 and "--yes" in refused.stderr and not list(tmp_path.glob("*.tar.gz"))
    done = _cli("capture", "--simulate", "rx6600xt-ubuntu2204", "--yes", "-o", "my snap.tar.gz", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    written = tmp_path / "my snap.tar.gz"
    assert written.is_file() and (written.stat().st_mode & 0o777) == 0o666 & ~_umask()
    detect = _cli("detect", "--json", "--root", str(written), cwd=tmp_path)
    assert detect.returncode == 0, detect.stderr
    assert [g["gfx"] for g in json.loads(detect.stdout)["gpus"]] == ["gfx1032"]
    doctor = _cli("doctor", "--json", "--from", str(written), cwd=tmp_path)
    assert doctor.returncode in (0, 6), doctor.stderr
    assert "groups-pending-relogin" in {f["id"] for f in json.loads(doctor.stdout)["findings"]}  # its session, kept
    monitor = _cli("monitor", "--once", "--json", "--root", str(written), cwd=tmp_path)
    assert monitor.returncode == 0, monitor.stderr


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def test_a_hostile_snapshot_given_to_root_is_an_input_error(tmp_path: Path, capsys) -> None:
    path = _tarball(tmp_path / "bad.tar.gz", [_member("/etc/passwd")])
    assert main(["detect", "--root", str(path)]) == 3
    assert "not allowed in a snapshot" in capsys.readouterr().err
