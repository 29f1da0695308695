"""The Host-reading side of planning: Secure Boot, free disk and the apt files, on hand-made trees."""

from __future__ import annotations

from pathlib import Path

from rocmdesk.machine.host import Host
from rocmdesk.setup.facts import SECURE_BOOT_VAR, SetupFacts, apt_files, disk_free, read_facts, secure_boot


def tree(tmp_path: Path, files: dict[str, bytes | str]) -> Host:
    for path, data in files.items():
        real = tmp_path / path.lstrip("/")
        real.parent.mkdir(parents=True, exist_ok=True)
        if path.endswith("/"):
            real.mkdir(exist_ok=True)
        elif isinstance(data, bytes):
            real.write_bytes(data)
        else:
            real.write_text(data)
    return Host.at_root(tmp_path)


def test_secure_boot_from_the_fifth_byte(tmp_path):
    assert secure_boot(tree(tmp_path / "on", {SECURE_BOOT_VAR: b"\x06\x00\x00\x00\x01"})) is True
    assert secure_boot(tree(tmp_path / "off", {SECURE_BOOT_VAR: b"\x06\x00\x00\x00\x00"})) is False
    assert secure_boot(tree(tmp_path / "short", {SECURE_BOOT_VAR: b"\x06\x00"})) is None


def test_secure_boot_without_the_variable(tmp_path):
    # UEFI without the variable readable: unknown; BIOS boot (no efi dir): off; nothing known: unknown
    assert secure_boot(tree(tmp_path / "uefi", {"/sys/firmware/efi/efivars/": b""})) is None
    assert secure_boot(tree(tmp_path / "bios", {"/sys/firmware/acpi/": b""})) is False
    assert secure_boot(tree(tmp_path / "bare", {"/etc/hostname": "x"})) is None


def test_disk_free_measures_the_nearest_existing_parent(tmp_path):
    host = tree(tmp_path, {"/opt/": b"", "/var/cache/apt/archives/": b""})
    disk = disk_free(host, ["/opt/rocm-7.2.4", "/var/cache/apt/archives", "/nowhere/at/all"])
    assert set(disk) == {"/opt/rocm-7.2.4", "/var/cache/apt/archives", "/nowhere/at/all"}
    assert all(d.free_bytes > 0 and d.device is not None for d in disk.values())
    assert len({d.device for d in disk.values()}) == 1


def test_apt_files_are_read_and_keys_only_noted(tmp_path):
    host = tree(tmp_path, {
        "/etc/apt/sources.list.d/rocm.list": "deb x y main\n",
        "/etc/apt/preferences.d/rocm-pin-600": "Package: *\n",
        "/etc/apt/keyrings/rocm.gpg": b"\x99\x01\x0d\xff",
    })
    files, dirs = apt_files(host)
    assert files == {"/etc/apt/sources.list.d/rocm.list": "deb x y main\n",
                     "/etc/apt/preferences.d/rocm-pin-600": "Package: *\n",
                     "/etc/apt/keyrings/rocm.gpg": ""}
    assert set(dirs) == {"/etc/apt/sources.list.d", "/etc/apt/preferences.d", "/etc/apt/keyrings"}


def test_file_state_tells_absent_from_unknown(tmp_path):
    facts = read_facts(tree(tmp_path, {"/etc/apt/sources.list.d/other.list": "deb a b c\n"}))
    assert facts.file_state("/etc/apt/sources.list.d/other.list") == "deb a b c\n"
    assert facts.file_state("/etc/apt/sources.list.d/rocm.list") is False
    assert facts.file_state("/etc/apt/keyrings/rocm.gpg") is False  # /etc/apt exists, keyrings does not
    assert SetupFacts().file_state("/etc/apt/keyrings/rocm.gpg") is None


def test_read_facts_measures_disk_only_when_asked_for_a_tree(tmp_path):
    host = tree(tmp_path, {"/opt/": b""})
    assert read_facts(host).disk == {}
    assert set(read_facts(host, measure_disk=True).disk) == {"/opt", "/var/cache/apt/archives"}
