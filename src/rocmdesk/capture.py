"""A snapshot of this machine for a bug report (``rocmdesk capture``, the Doctor page's "Save a snapshot…").

The snapshot holds exactly what rocmdesk reads here, and nothing else: the files and command outputs its detection,
the Doctor's kernel-log check and one monitor sample ask the Host seam for (see ``machine/recording.py``), written as
a tree (``rocmdesk-snapshot/root/...``, with the symbolic links sysfs is made of) beside ``capture.json``, which holds
the command outputs, the device nodes' modes and owners and the GPU variables in effect.  Elsewhere
``rocmdesk detect --root SNAPSHOT`` and ``rocmdesk doctor --from SNAPSHOT`` read it as they read this machine.

Privacy first: the user and host names are replaced everywhere (``doctor.scrub``, also in command outputs and
``/etc`` files), ``/etc/passwd`` and ``/etc/group`` keep only what the GPU access check needs (the user's own line,
and no other member of any group), GPU serial numbers are taken out and unique ids replaced by stable stand-ins,
and the installed-package list keeps only ROCm's packages.  :func:`summary` says all of it before anything is
written.
"""

from __future__ import annotations

import io
import json
import os
import re
import shlex
import stat as stat_mod
import tarfile
import time
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from rocmdesk import __version__
from rocmdesk.atomic_file import shared_mode, write_atomic
from rocmdesk.doctor.scrub import scrub
from rocmdesk.i18n import translate
from rocmdesk.machine.host import CommandResult, FileStat, Host
from rocmdesk.machine.model import MachineReport
from rocmdesk.machine.recording import RecordingHost

FORMAT = 1
TOP = "rocmdesk-snapshot"
MANIFEST = "capture.json"
MAX_SNAPSHOT_BYTES = 64 * 2**20  # a snapshot bigger than this is refused when read back (a hostile tarball)
_SERIAL_FILES = ("serial_number", "product_serial", "fru_id")
_UNIQUE_FILES = ("unique_id",)
_PROPERTY_UNIQUE = re.compile(r"(?m)^(unique_id )(\d{1,20})$")
_ENV_PREFIXES = ("HSA_", "HIP_", "ROCR_", "ROCM_", "GPU_DEVICE_ORDINAL", "CUDA_VISIBLE_DEVICES", "PYTORCH_")


class SnapshotError(Exception):
    """A snapshot that cannot be written or read (its message says why, in the user's language)."""


@dataclass
class Snapshot:
    """What a snapshot holds, redacted (see the module's note); machine paths are where the bytes really are."""

    created: str
    label: str
    files: dict[str, bytes] = field(default_factory=dict)
    dirs: list[str] = field(default_factory=list)
    links: dict[str, str] = field(default_factory=dict)
    stats: dict[str, dict[str, Any]] = field(default_factory=dict)
    commands: list[dict[str, Any]] = field(default_factory=list)
    env: dict[str, str] = field(default_factory=dict)
    redactions: list[str] = field(default_factory=list)
    session_groups: list[int] | None = None  # the captured session's group ids (None: not known)


# -- recording ----------------------------------------------------------------------------------------------------
def record(host: Host) -> tuple[RecordingHost, MachineReport]:
    """Read ``host`` as rocmdesk does (detection, the kernel log the Doctor checks, one monitor sample), noting all;
    with the report detection made, whose view of the device nodes and the session the snapshot keeps."""
    from rocmdesk.doctor.diagnose import read_kernel_log
    from rocmdesk.machine.detect import detect
    from rocmdesk.telemetry.sampler import SysfsSampler

    rec = RecordingHost.over(host)
    report = detect(rec)
    read_kernel_log(rec)
    if report.gpus:
        SysfsSampler(rec, report.gpus, move_simulated=False).sample()
    return rec, report


def _identity(rec: RecordingHost) -> dict[str, str]:
    who = {"user": rec.user_name() or "", "hostname": (rec.read_value("/etc/hostname")
                                                       or rec.read_value("/proc/sys/kernel/hostname") or "")}
    return {k: v for k, v in who.items() if v}


def snapshot(rec: RecordingHost, report: MachineReport) -> Snapshot:
    """The notes of ``rec`` as a redacted snapshot; ``report`` is what detection made of them."""
    for p in sorted(rec.mapped - set(rec.files)):  # the sampler's own reads: read them once here
        rec.read_bytes(p, 1 << 20)
    who = _identity(rec)
    snap = Snapshot(created=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), label=rec.label)
    uniques: dict[int, int] = {}
    for p, data in sorted(rec.files.items()):
        real = rec.real_path(p)
        name = PurePosixPath(real).name
        if name in _SERIAL_FILES:
            snap.redactions.append(translate("rocmdesk.capture", "{path}: the serial number taken out")
                                   .format(path=real))
            continue
        if name in _UNIQUE_FILES:  # sysfs unique_id: hex
            value = _as_int(data.decode("utf-8", "replace").strip(), 16)
            data = f"{_stand_in(uniques, value):016x}\n".encode() if value is not None else b""
        elif name == "properties" and "/kfd/topology/nodes/" in real:  # KFD's: "unique_id <decimal>"
            data = _PROPERTY_UNIQUE.sub(lambda m: f"{m.group(1)}{_stand_in(uniques, int(m.group(2)))}",
                                        data.decode("utf-8", "replace")).encode()
        elif real in ("/etc/passwd", "/etc/group"):
            data = _accounts(real, data, who.get("user"))
        elif _is_text(data) and not real.startswith("/sys/"):
            data = scrub(data.decode("utf-8", "replace"), who).encode()
        snap.files[real] = data
    if uniques:
        snap.redactions.append(translate(
            "rocmdesk.capture", "GPU unique ids: replaced by stand-ins that keep which GPUs share one card"))
    snap.dirs = sorted({rec.real_path(d) for d in rec.dirs})
    for d, names in rec.dirs.items():  # what a listing found keeps its place: directories (/opt/rocm-5.7.1) and
        for n in names:                # device nodes (their modes below); other unread files are left out
            child = f"{d.rstrip('/')}/{n}"
            if child in rec.links or rec.real_path(child) in snap.files:
                continue
            if rec.is_dir(child):
                snap.dirs.append(rec.real_path(child))
            elif child.startswith("/dev/"):
                snap.files[rec.real_path(child)] = b""
    snap.dirs = sorted(set(snap.dirs))
    snap.links = dict(sorted(rec.links.items()))
    snap.stats = _node_stats(report, snap.files)
    snap.session_groups = _session_gids(report, snap.files)
    for result in rec.ran:
        command = {"argv": list(result.argv), "returncode": result.returncode, "timed_out": result.timed_out,
                   "missing": result.missing, "stdout": scrub(result.stdout, who), "stderr": scrub(result.stderr, who)}
        if result.argv[:1] == ("dpkg-query",):
            snap.files["/var/lib/dpkg/status"] = _dpkg_status(result.stdout)
            command["stdout"] = ""  # kept only as the ROCm packages' status, above
            snap.redactions.append(translate(
                "rocmdesk.capture", "the installed packages: only ROCm's and the GPU driver's are kept"))
        snap.commands.append(command)
    snap.env = {k: v for k, v in rec.env.items() if k.startswith(_ENV_PREFIXES)}
    if who:
        snap.env["USER"] = scrub(who.get("user", ""), who) if who.get("user") else ""
        snap.redactions.insert(0, translate(
            "rocmdesk.capture", "your user and host names: replaced by <user> and <host> everywhere"))
    if "/etc/passwd" in snap.files or "/etc/group" in snap.files:
        snap.redactions.append(translate(
            "rocmdesk.capture",
            "/etc/passwd and /etc/group: only your own account and group memberships (and root's account)"))
    return snap


def capture(host: Host) -> Snapshot:
    return snapshot(*record(host))


def _ids(files: dict[str, bytes], path: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for line in files.get(path, b"").decode("utf-8", "replace").splitlines():
        parts = line.split(":")
        if len(parts) >= 3 and parts[2].isdigit():
            out.setdefault(parts[0], int(parts[2]))
    return out


def _node_stats(report: MachineReport, files: dict[str, bytes]) -> dict[str, dict[str, Any]]:
    """The device nodes as detection saw them (owner, group, mode), as numbers against the snapshot's own
    /etc/passwd and /etc/group: a tree holds no device nodes, and a simulated machine says them in its metadata."""
    users, groups = _ids(files, "/etc/passwd"), _ids(files, "/etc/group")
    users.setdefault("root", 0)
    groups.setdefault("root", 0)
    out: dict[str, dict[str, Any]] = {}
    nodes = [report.access.kfd, *report.access.render_nodes] if report.access else []
    for node in nodes:
        if node is None or not node.present or not node.mode:
            continue
        uid = users.get(node.owner or "", int(node.owner) if (node.owner or "").isdigit() else 0)
        gid = groups.get(node.group or "", int(node.group) if (node.group or "").isdigit() else 0)
        out[node.path] = {"mode": _mode_bits(node.mode), "uid": uid, "gid": gid, "char": node.mode.startswith("c"),
                          "dir": False}
    return out


def _mode_bits(text: str) -> int:
    """``crw-rw----`` -> the st_mode it prints (the inverse of ``stat.filemode`` for device nodes and files)."""
    kind = {"c": stat_mod.S_IFCHR, "b": stat_mod.S_IFBLK, "d": stat_mod.S_IFDIR}.get(text[:1], stat_mod.S_IFREG)
    bits = 0
    for i, ch in enumerate(text[1:10]):
        if ch not in "-S T":
            bits |= 1 << (8 - i)
    return kind | bits


def _session_gids(report: MachineReport, files: dict[str, bytes]) -> list[int] | None:
    """The groups of the session that was captured (None: not known, as for any tree)."""
    names = report.access.groups_session if report.access else None
    if names is None:
        return None
    groups = _ids(files, "/etc/group")
    user = report.access.user
    names = ["<user>" if user and n == user else n for n in names]  # the user's own group, renamed with them
    return sorted({groups[n] for n in names if n in groups} | {int(n) for n in names if n.isdigit()})


def _as_int(text: str, base: int) -> int | None:
    try:
        return int(text, base)
    except ValueError:
        return None


def _stand_in(uniques: dict[int, int], value: int) -> int:
    """The same stand-in for the same id wherever it appears (partitions of one card keep sharing theirs); 0 is
    KFD's "no id" and stays 0."""
    return 0 if value == 0 else uniques.setdefault(value, 0x1000 + len(uniques))


def _is_text(data: bytes) -> bool:
    return b"\x00" not in data[:4096]


def _accounts(path: str, data: bytes, user: str | None) -> bytes:
    """``/etc/passwd``: only the user's own line and root's; ``/etc/group``: every group, with only the user as a
    member."""
    out = []
    for line in data.decode("utf-8", "replace").splitlines():
        parts = line.split(":")
        if path == "/etc/passwd":
            if user and parts[0] == user and len(parts) >= 7:
                out.append(":".join(["<user>", "x", parts[2], parts[3], "", "/home/<user>", parts[6]]))
            elif parts[0] == "root" and len(parts) >= 7:  # the owner of every device node; no person
                out.append(":".join(["root", "x", "0", "0", "root", "/root", parts[6]]))
        elif len(parts) >= 4:
            members = [m for m in parts[3].split(",") if m and m == user]
            name = "<user>" if user and parts[0] == user else parts[0]  # the user's own group has their name
            out.append(":".join([name, "x", parts[2], ",".join("<user>" for _ in members)]))
    return ("\n".join(out) + "\n").encode()


def _dpkg_status(query_output: str) -> bytes:
    """dpkg-query's lines as a dpkg status file of ROCm's packages only (what a tree is read from)."""
    from rocmdesk.machine.system import ROCM_PACKAGE_PREFIXES

    blocks = []
    for line in query_output.splitlines():
        parts = line.split("\t")
        if len(parts) == 3 and parts[0].startswith(ROCM_PACKAGE_PREFIXES):
            status = "install ok installed" if parts[2] == "installed" else f"install ok {parts[2]}"
            blocks.append(f"Package: {parts[0]}\nStatus: {status}\nVersion: {parts[1]}\n")
    return "\n".join(blocks).encode()


# -- what it holds, before writing --------------------------------------------------------------------------------
def summary(snap: Snapshot) -> list[str]:
    """Lines that say what the snapshot holds and what was taken out (shown before it is written)."""
    groups: dict[str, int] = {}
    for p in snap.files:
        top = "/".join(p.split("/")[:3]) if p.startswith(("/sys/", "/proc/", "/etc/", "/dev/")) else p
        groups[top] = groups.get(top, 0) + 1
    size = sum(len(d) for d in snap.files.values()) + sum(len(c["stdout"]) + len(c["stderr"]) for c in snap.commands)
    lines = [translate("rocmdesk.capture", "A snapshot of {machine}: {files} files ({kib} KiB), {links} links, "
                                           "{commands} command outputs").format(
        machine=snap.label, files=len(snap.files), kib=max(1, round(size / 1024)), links=len(snap.links),
        commands=len(snap.commands))]
    lines += [f"  {top}" + (f" ({n})" if n > 1 else "") for top, n in sorted(groups.items())]
    for c in snap.commands:
        lines.append("  $ " + " ".join(shlex.quote(a) for a in c["argv"])
                     + ("" if c["returncode"] == 0 else f"  [{_status(c)}]"))
    if snap.env:
        lines.append(translate("rocmdesk.capture", "Variables: {names}").format(names=", ".join(sorted(snap.env))))
    lines.append(translate("rocmdesk.capture", "Taken out:"))
    lines += [f"  - {r}" for r in snap.redactions] or ["  - " + translate("rocmdesk.capture", "nothing")]
    return lines


def _status(command: dict[str, Any]) -> str:
    if command["missing"]:
        return translate("rocmdesk.capture", "not available")
    if command["timed_out"]:
        return translate("rocmdesk.capture", "timed out")
    return translate("rocmdesk.capture", "exit status {code}").format(code=command["returncode"])


# -- the tarball --------------------------------------------------------------------------------------------------
def to_bytes(snap: Snapshot) -> bytes:
    """The snapshot as a gzip'd tarball (deterministic order; files 0644, directories 0755, no owners)."""
    buf = io.BytesIO()
    mtime = int(time.time())
    with tarfile.open(fileobj=buf, mode="w:gz", format=tarfile.PAX_FORMAT) as tar:
        def add(name: str, kind: bytes, data: bytes = b"", link: str = "") -> None:
            info = tarfile.TarInfo(name)
            info.type, info.mtime, info.uname, info.gname = kind, mtime, "", ""
            info.mode = 0o755 if kind == tarfile.DIRTYPE else 0o644
            if kind == tarfile.SYMTYPE:
                info.linkname = link
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data) if data else None)

        manifest = {"format": FORMAT, "rocmdesk": __version__, "created": snap.created, "label": snap.label,
                    "commands": snap.commands, "stats": snap.stats, "session_groups": snap.session_groups,
                    "env": snap.env, "redactions": snap.redactions}
        add(f"{TOP}/{MANIFEST}", tarfile.REGTYPE, json.dumps(manifest, indent=1, ensure_ascii=False).encode())
        for d in sorted(set(snap.dirs) | {str(PurePosixPath(p).parent) for p in snap.files}):
            if d != "/":
                add(f"{TOP}/root{d}", tarfile.DIRTYPE)
        for p, target in snap.links.items():
            add(f"{TOP}/root{p}", tarfile.SYMTYPE, link=target)
        for p, data in snap.files.items():
            if p not in snap.links:
                add(f"{TOP}/root{p}", tarfile.REGTYPE, data)
    return buf.getvalue()


def write(snap: Snapshot, path: str | os.PathLike[str]) -> Path:
    """Write the snapshot to ``path`` atomically, with the permissions the umask gives (it is meant to be shared)."""
    target = Path(path)
    try:
        write_atomic(target, to_bytes(snap), mode=shared_mode())
    except OSError as exc:
        raise SnapshotError(translate("rocmdesk.capture", "could not write {path}: {reason}").format(
            path=target, reason=exc.strerror or exc)) from exc
    return target


def is_snapshot(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` is a snapshot tarball or an unpacked snapshot folder."""
    p = Path(path)
    if p.is_dir():
        return (p / MANIFEST).is_file() and (p / "root").is_dir()
    try:
        with tarfile.open(p, "r:*") as tar:
            return any(m.name == f"{TOP}/{MANIFEST}" for m in tar.getmembers()[:1])
    except (OSError, tarfile.TarError, EOFError):
        return False


def unpack(path: str | os.PathLike[str], dest: str | os.PathLike[str]) -> Path:
    """Unpack a snapshot tarball into ``dest``; returns the snapshot folder (``dest/rocmdesk-snapshot``).

    Only directories, regular files and symbolic links under ``rocmdesk-snapshot/`` are taken; a name that is
    absolute or climbs out with ``..``, a link whose target leaves the snapshot's tree, a device node, a hard
    link and anything past ``MAX_SNAPSHOT_BYTES`` in all are refused with a SnapshotError: a snapshot from
    someone else is hostile input."""
    out = Path(dest)
    total = 0
    try:
        tar = tarfile.open(path, "r:*")
    except (OSError, tarfile.TarError, EOFError) as exc:
        raise SnapshotError(translate("rocmdesk.capture", "{path} is not a rocmdesk snapshot: {reason}").format(
            path=path, reason=exc)) from exc
    with tar:
        members = tar.getmembers()
        if not members or members[0].name != f"{TOP}/{MANIFEST}":
            raise SnapshotError(translate("rocmdesk.capture", "{path} is not a rocmdesk snapshot").format(path=path))
        root = (out / TOP / "root").resolve()
        for m in members:
            name = PurePosixPath(m.name)
            if name.is_absolute() or ".." in name.parts or name.parts[0] != TOP:
                raise SnapshotError(_refused(path, m.name))
            where = out.joinpath(*name.parts)
            if m.issym():
                anchor = where.parent.resolve() if where.parent.exists() else where.parent
                target = Path(os.path.normpath(anchor / m.linkname))
                if os.path.isabs(m.linkname) or not str(target).startswith(str(root)):
                    raise SnapshotError(_refused(path, m.name))
                where.parent.mkdir(parents=True, exist_ok=True)
                if not where.exists() and not where.is_symlink():
                    os.symlink(m.linkname, where)
            elif m.isdir():
                where.mkdir(parents=True, exist_ok=True)
            elif m.isfile():
                total += m.size
                if total > MAX_SNAPSHOT_BYTES:
                    raise SnapshotError(translate("rocmdesk.capture", "{path} is larger than a snapshot can be")
                                        .format(path=path))
                if where.parent.resolve() != where.parent.absolute() and not str(
                        where.parent.resolve()).startswith(str(out.resolve())):
                    raise SnapshotError(_refused(path, m.name))
                where.parent.mkdir(parents=True, exist_ok=True)
                source = tar.extractfile(m)
                data = source.read(m.size) if source is not None else b""
                fd = os.open(where, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
                with os.fdopen(fd, "wb") as fh:
                    fh.write(data)
            else:
                raise SnapshotError(_refused(path, m.name))
    return out / TOP


def _refused(path: Any, name: str) -> str:
    return translate("rocmdesk.capture", "{path}: {name} is not allowed in a snapshot").format(path=path, name=name)


# -- reading one back ---------------------------------------------------------------------------------------------
def host_from(folder: str | os.PathLike[str]) -> Host:
    """A Host over an unpacked snapshot: its tree, its command outputs, device nodes and variables."""
    base = Path(folder)
    try:
        manifest = json.loads((base / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise SnapshotError(translate("rocmdesk.capture", "{path} is not a rocmdesk snapshot: {reason}").format(
            path=base, reason=exc)) from exc
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise SnapshotError(translate("rocmdesk.capture", "{path}: a snapshot format this rocmdesk does not read")
                            .format(path=base))
    label = translate("rocmdesk.capture", "snapshot of {machine} taken {when}").format(
        machine=str(manifest.get("label", "?")), when=str(manifest.get("created", "?")))
    host = Host.at_root(base / "root", label=label)
    host.env = {str(k): str(v) for k, v in dict(manifest.get("env") or {}).items()}
    for c in manifest.get("commands") or []:
        argv = tuple(str(a) for a in c.get("argv") or ())
        if argv and not c.get("missing") and argv[0] not in host.commands:
            host.commands[argv[0]] = CommandResult(argv, c.get("returncode"), str(c.get("stdout", "")),
                                                   str(c.get("stderr", "")), bool(c.get("timed_out")))
    groups = manifest.get("session_groups")
    if isinstance(groups, list) and all(isinstance(g, int) for g in groups):
        host.recorded_session_groups = list(groups)
    host.recorded_stats = {
        str(p): FileStat(int(s["mode"]), int(s["uid"]), int(s["gid"]), bool(s["char"]), bool(s["dir"]))
        for p, s in dict(manifest.get("stats") or {}).items() if _valid_stat(s)}
    return host


def _valid_stat(s: Any) -> bool:
    return isinstance(s, dict) and all(isinstance(s.get(k), int) for k in ("mode", "uid", "gid"))


def open_snapshot(path: str | os.PathLike[str]) -> Host:
    """A Host over the snapshot at ``path`` (a tarball, unpacked into a private folder removed at exit, or an
    unpacked folder)."""
    import atexit
    import shutil
    import tempfile

    p = Path(path)
    if p.is_dir():
        return host_from(p)
    scratch = tempfile.mkdtemp(prefix="rocmdesk-snapshot-")
    atexit.register(shutil.rmtree, scratch, True)
    return host_from(unpack(p, scratch))


def default_name() -> str:
    return time.strftime("rocmdesk-snapshot-%Y%m%d-%H%M%S.tar.gz")
