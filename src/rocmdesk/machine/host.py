"""The Host seam: every read of a machine goes through one object.

A Host knows a root directory (``/`` for the live machine, or a captured or
simulated tree) and how to run commands with a timeout.  Paths given to it are
always absolute paths *on that machine* (``/sys/class/drm``); it maps them under
its root.  Nothing else in rocmdesk opens ``/sys``, ``/proc``, ``/dev`` or
``/etc`` or starts a subprocess on its own.
"""

from __future__ import annotations

import errno
import fnmatch
import os
import stat as stat_mod
from pathlib import Path

from rocmdesk.i18n import translate
from rocmdesk.knowledge.records import field, record

DEFAULT_TIMEOUT_S = 10.0
MAX_READ = 64 * 2**20  # the most one read_bytes returns: dpkg's status file is a few MiB
_READ_FLAGS = os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC | getattr(os, "O_NOCTTY", 0)


def not_a_regular_file() -> str:
    return translate("rocmdesk.machine.host", "not a regular file")


def open_regular(real: str, check_first: bool = True) -> int:
    """Open a path of this computer read-only, only if it is a regular file; returns the descriptor.

    The open is non-blocking (a FIFO cannot hold it up) and the descriptor is checked with
    ``fstat``.  With ``check_first`` the path is also checked before it is opened, so a device node
    is never opened at all (opening ``/dev/watchdog`` arms it; opening a serial port resets the
    board behind it): a captured tree from elsewhere may link to one.  The machine's own ``/sys``,
    ``/proc`` and ``/etc`` cannot, and skip that ``stat`` (it costs about half a sysfs read).
    A directory raises ``EISDIR``; a FIFO, socket or device node ``EINVAL`` with the message
    "not a regular file".  Symbolic links are followed, as on the real machine
    (``/sys/class/drm/card0/device`` is one).
    """
    if check_first:
        mode = os.stat(real).st_mode
        if not stat_mod.S_ISREG(mode):
            raise _not_regular(real, mode)
    fd = os.open(real, _READ_FLAGS)
    try:
        mode = os.fstat(fd).st_mode
    except OSError:
        os.close(fd)
        raise
    if not stat_mod.S_ISREG(mode):
        os.close(fd)
        raise _not_regular(real, mode)
    return fd


def resolved_path(real: str) -> str:
    """``os.path.realpath(real)``, asked of the kernel when the path exists: an ``O_PATH`` descriptor (the file
    itself is not opened: a device node is not touched) and the link ``/proc/self/fd`` shows for it.
    ``os.path.realpath`` walks each component with ``lstat`` in Python: on an MI300X box detection resolves 65
    DRM cards (64 are partitions), a third of its time.  A path that does not exist, a loop, no ``/proc``: the
    standard library's answer."""
    if _O_PATH:
        try:
            fd = os.open(real, _O_PATH | os.O_CLOEXEC)
        except (OSError, ValueError):
            fd = -1
        if fd >= 0:
            try:
                found = os.readlink(f"/proc/self/fd/{fd}")
            except OSError:
                found = ""
            finally:
                os.close(fd)
            # the kernel marks a path it cannot show ("(unreachable)/...", "... (deleted)"): not an answer
            if found.startswith("/") and not found.endswith(" (deleted)"):
                return found
    return os.path.realpath(real)


_O_PATH = getattr(os, "O_PATH", 0)


def _not_regular(real: str, mode: int) -> OSError:
    if stat_mod.S_ISDIR(mode):
        return IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), real)
    return OSError(errno.EINVAL, not_a_regular_file(), real)


def read_fd(fd: int, limit: int) -> bytes:
    """Up to ``limit`` bytes from an open descriptor, to the end of the file."""
    chunks: list[bytes] = []
    left = limit
    while left > 0:
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)


def _this_computer() -> str:
    # a factory, not a default string: the label speaks the language of the moment the Host is made
    return translate("rocmdesk.machine.host", "this computer")


@record(frozen=True)
class CommandResult:
    """What a command did.  ``missing`` means it could not be started at all."""

    argv: tuple[str, ...]
    returncode: int | None
    stdout: str = ""
    stderr: str = ""
    timed_out: bool = False
    missing: bool = False
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.returncode == 0 and not self.timed_out and not self.missing


@record(frozen=True)
class FileStat:
    mode: int
    uid: int
    gid: int
    is_char_device: bool
    is_dir: bool

    @property
    def perms(self) -> str:
        return stat_mod.filemode(self.mode)


@record(frozen=True)
class OpenCheck:
    """Whether a device node really opens read-write (live machines only)."""

    ok: bool | None  # None: not tried (not a live machine)
    errno_name: str | None = None
    message: str | None = None


@record
class Host:
    """A machine seen through a root directory.

    ``live`` is True only for the real machine (root ``/``): then commands run
    and device nodes are opened for real.  For captured or simulated trees
    commands come from ``commands`` (canned outputs keyed by program name) or
    are reported missing, so a tree never runs the host's own tools.
    """

    root: Path = Path("/")
    live: bool = True
    label: str = field(default_factory=_this_computer)  # how messages name the machine
    simulated: bool = False
    commands: dict[str, CommandResult] = field(default_factory=dict)
    env: dict[str, str] = field(default_factory=lambda: dict(os.environ))
    # a snapshot's device nodes (``rocmdesk capture``): a tree holds no /dev/kfd, so its mode and owner come from here
    recorded_stats: dict[str, FileStat] = field(default_factory=dict)
    recorded_session_groups: list[int] | None = None  # ...and the group ids of the session it was taken in

    @classmethod
    def local(cls) -> "Host":
        return cls(root=Path("/"), live=True)

    @classmethod
    def at_root(cls, root: str | os.PathLike[str], label: str | None = None) -> "Host":
        root_path = Path(root).resolve()
        return cls(root=root_path, live=False, label=label or str(root_path), env={})

    # -- paths -----------------------------------------------------------
    def path(self, p: str) -> Path:
        """Map an absolute machine path to a path on this computer."""
        return Path(self._real(p))

    def _real(self, p: str) -> str:
        # plain string joins: detection maps ~1000 paths, and pathlib objects cost a third of its time
        if not p.startswith("/"):
            raise ValueError(f"host paths are absolute: {p!r}")
        root = str(self.root)
        if root == "/":
            return p
        return root + "/" + p.lstrip("/")

    def _unmap(self, real: str) -> str:
        if str(self.root) == "/":
            return real
        rel = os.path.relpath(real, self.root)
        if rel == ".":
            return "/"
        if rel.startswith(".."):
            # a link that leaves the tree: report it as it would be on the machine
            return "/" + rel.lstrip("./")
        return "/" + rel

    # -- reads -------------------------------------------------------------
    def read_bytes(self, p: str, limit: int | None = None) -> bytes | None:
        """File contents, or None when missing, unreadable or not a regular file (sysfs files are optional).

        Only regular files are read (sysfs and procfs attributes are regular files): a FIFO, a socket,
        a device node or a directory where a file is expected reads as None at once and is never read
        (in a tree, never even opened: :func:`open_regular`), so a ``--root`` tree cannot make a read
        block, run forever or touch a device.  At most ``limit``
        bytes are read, and never more than :data:`MAX_READ`.  Device nodes that rocmdesk probes on
        purpose go through :meth:`stat` and :meth:`try_open_rw`.
        """
        try:
            fd = open_regular(self._real(p), check_first=not self.live)
        except (OSError, ValueError):
            return None
        try:
            return read_fd(fd, MAX_READ if limit is None else min(limit, MAX_READ))
        except OSError:
            return None
        finally:
            os.close(fd)

    def read_text(self, p: str, limit: int | None = None) -> str | None:
        data = self.read_bytes(p, limit)
        if data is None:
            return None
        return data.decode("utf-8", errors="replace")

    def read_value(self, p: str) -> str | None:
        """A one-value sysfs file, stripped; None when missing, unreadable or empty."""
        text = self.read_text(p, limit=4096)
        if text is None:
            return None
        text = text.strip().strip("\x00").strip()
        return text or None

    def read_int(self, p: str, base: int = 0) -> int | None:
        value = self.read_value(p)
        if value is None:
            return None
        try:
            return int(value, base)
        except ValueError:
            return None

    def exists(self, p: str) -> bool:
        return os.path.lexists(self._real(p))

    def is_dir(self, p: str) -> bool:
        return os.path.isdir(self._real(p))

    def listdir(self, p: str) -> list[str]:
        """Names in a directory, sorted; empty when missing or unreadable."""
        try:
            return sorted(os.listdir(self._real(p)))
        except OSError:
            return []

    def glob(self, directory: str, pattern: str) -> list[str]:
        """Machine paths of the entries of ``directory`` whose names match ``pattern``."""
        base = directory.rstrip("/") or "/"
        return [f"{base.rstrip('/')}/{n}" for n in self.listdir(base) if fnmatch.fnmatchcase(n, pattern)]

    def realpath(self, p: str) -> str:
        """The machine path that ``p`` resolves to through its symlinks."""
        return self._unmap(resolved_path(self._real(p)))

    def readlink(self, p: str) -> str | None:
        try:
            return os.readlink(self._real(p))
        except OSError:
            return None

    def stat(self, p: str) -> FileStat | None:
        if self.recorded_stats and p in self.recorded_stats:
            return self.recorded_stats[p]
        try:
            st = os.stat(self._real(p))
        except OSError:
            return None
        return FileStat(
            mode=st.st_mode,
            uid=st.st_uid,
            gid=st.st_gid,
            is_char_device=stat_mod.S_ISCHR(st.st_mode),
            is_dir=stat_mod.S_ISDIR(st.st_mode),
        )

    def try_open_rw(self, p: str) -> OpenCheck:
        """Open a device node read-write and close it again.  Only on the live machine."""
        if not self.live:
            return OpenCheck(ok=None, message="not tried: this is not the live machine")
        try:
            fd = os.open(self._real(p), os.O_RDWR | os.O_NONBLOCK | os.O_CLOEXEC)
        except OSError as exc:
            name = errno.errorcode.get(exc.errno or 0, str(exc.errno))
            return OpenCheck(ok=False, errno_name=name, message=exc.strerror)
        os.close(fd)
        return OpenCheck(ok=True)

    # -- process identity (the running session, not a file) ----------------
    def session_groups(self) -> list[int] | None:
        """The group ids of the running process; for a tree, those a snapshot recorded, else None."""
        if not self.live:
            return self.recorded_session_groups
        return sorted(set(os.getgroups()) | {os.getegid()})

    def user_name(self) -> str | None:
        if not self.live:
            return self.env.get("USER")
        import pwd

        uid = os.getuid()
        pkexec_uid = self.env.get("PKEXEC_UID")  # under pkexec the caller is not root
        if pkexec_uid and pkexec_uid.isdigit():
            uid = int(pkexec_uid)
        try:
            return pwd.getpwuid(uid).pw_name
        except KeyError:
            return None

    # -- commands --------------------------------------------------------
    def which(self, program: str) -> str | None:
        if not self.live:
            return program if program in self.commands else None
        import shutil  # imported here: a captured or simulated tree never runs anything

        return shutil.which(program)

    def run(self, argv: list[str] | tuple[str, ...], timeout: float = DEFAULT_TIMEOUT_S) -> CommandResult:
        """Run a command with a timeout; never raises for a missing program or a hang."""
        argv_t = tuple(argv)
        if not argv_t:
            raise ValueError("empty command")
        if not self.live:
            canned = self.commands.get(argv_t[0])
            if canned is None:
                return CommandResult(argv_t, None, missing=True, error=translate(
                    "rocmdesk.machine.host", "{program}: not available on {machine}").format(
                    program=argv_t[0], machine=self.label))
            return CommandResult(argv_t, canned.returncode, canned.stdout, canned.stderr, canned.timed_out)
        import subprocess

        try:
            proc = subprocess.run(
                argv_t,
                capture_output=True,
                timeout=timeout,
                stdin=subprocess.DEVNULL,
                env={**self.env, "LC_ALL": "C"},
                check=False,
            )
        except FileNotFoundError:
            return CommandResult(argv_t, None, missing=True, error=translate(
                "rocmdesk.machine.host", "{program}: command not found").format(program=argv_t[0]))
        except PermissionError as exc:
            return CommandResult(argv_t, None, missing=True, error=f"{argv_t[0]}: {exc.strerror}")
        except subprocess.TimeoutExpired as exc:
            return CommandResult(
                argv_t,
                None,
                _decode(exc.stdout),
                _decode(exc.stderr),
                timed_out=True,
                error=translate("rocmdesk.machine.host", "{program}: no answer after {seconds} s").format(
                    program=argv_t[0], seconds=f"{timeout:g}"),
            )
        return CommandResult(argv_t, proc.returncode, _decode(proc.stdout), _decode(proc.stderr))


def _decode(data: bytes | str | None) -> str:
    if data is None:
        return ""
    if isinstance(data, str):
        return data
    return data.decode("utf-8", errors="replace")
