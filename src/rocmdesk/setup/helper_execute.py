"""Running the steps of a validated plan: one executor per step kind (before-check, run, after-check).

This is the root side's hands.  It is imported by the helper, so it uses the standard library only (plus
``rocmdesk.setup.steps`` and ``helper_allow``); no platformdirs, psutil or Qt.  What ``steps.validate`` and
``helper_allow`` allowed is checked a second time where it matters, against the machine itself: apt-get gets only
plain names from the allow-lists and reads them literally, a purge takes only AMD's builds, and a list is removed
only when every repository it names is on AMD's hosts.  It is the one place besides the Host seam that
starts processes: the Host is a read-only view and inherits the caller's environment, while these commands
run as root, stream their output, and must run with a fixed environment from checked system binaries.

``Executor(caller)`` always acts on the live machine.  Its keyword-only arguments (``root``, ``programs``,
``fetch``) exist for the tests, which point it at a throw-away tree; the helper never passes them and has
no option or variable that reaches them.
"""

from __future__ import annotations

import base64
import os
import re
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import urllib.request
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Mapping, Protocol

from rocmdesk.setup import helper_allow, helper_control
from rocmdesk.setup.steps import PlanError, Step, check_url, file_content

# the environment of every child: nothing of the caller's survives
ENV = {"PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "LC_ALL": "C", "DEBIAN_FRONTEND": "noninteractive"}

PROGRAMS: dict[str, str] = {"apt-get": "/usr/bin/apt-get", "usermod": "/usr/sbin/usermod", "python": sys.executable,
                            "systemctl": "/usr/bin/systemctl"}
# opens a device read-write without creating it (a shell's <> would create a missing /dev/kfd as a file)
_OPEN_RW = "import os, sys; os.close(os.open(sys.argv[1], os.O_RDWR | os.O_NOCTTY))"
APT_OPTS = ["-q", "-y", "-o", "Dpkg::Use-Pty=0"]  # no progress bars: one line per message
# after install/purge: a name apt-get cannot find is an error, not an unanchored regular expression (apt >= 2.0;
# apt-get install -- zlib1g.dev would otherwise install zlib1g-dev, and amdrocm7.12-gfx110x whatever it matches)
NAMES_ONLY = ["-o", "APT::Cmd::Pattern-Only=true"]
APT_TIMEOUT_S = 3 * 3600.0  # an SDK install downloads gigabytes
UPDATE_TIMEOUT_S = 900.0
CHECK_TIMEOUT_S = 120.0
KEY_TIMEOUT_S = 30.0
KEY_MAX_BYTES = 1 << 20
OUTPUT_TAIL = 40
DPKG_STATUS = "/var/lib/dpkg/status"


class StepError(Exception):
    """A step could not run; the message says why in words for the user."""


class UntrustedProgram(StepError):
    pass


@dataclass
class Outcome:
    status: str  # "ok" | "skipped" | "failed"
    message: str
    output: list[str] = field(default_factory=list)
    exit: int | None = None
    reason: str | None = None  # for "skipped": "done" (before-check) or "earlier-run" (state file)


@dataclass
class Ran:
    """What running a step did: the exit status of its (last) command, and the output lines."""

    exit: int | None = 0
    output: list[str] = field(default_factory=list)
    message: str = ""


# -- small safe primitives -----------------------------------------------------------------------------
def check_trusted(path: str) -> None:
    """Refuse a program that a user could have written: it and every directory above it, before and after
    resolving links, must be root-owned and not group/world-writable."""
    if not os.path.isabs(path):
        raise UntrustedProgram(f"{path}: not an absolute path")
    for candidate in dict.fromkeys((path, os.path.realpath(path))):
        p = candidate
        while True:
            try:
                st = os.lstat(p)
            except OSError as exc:
                raise UntrustedProgram(f"{path}: {p} is missing ({exc.strerror})") from None
            if st.st_uid != 0:
                raise UntrustedProgram(f"{path}: {p} is not owned by root")
            if not stat.S_ISLNK(st.st_mode) and st.st_mode & 0o022:
                raise UntrustedProgram(f"{path}: {p} is writable by group or others")
            parent = os.path.dirname(p)
            if parent == p:
                break
            p = parent
    st = os.stat(path)
    if not stat.S_ISREG(st.st_mode) or not st.st_mode & 0o111:
        raise UntrustedProgram(f"{path}: not an executable file")


def atomic_write(path: Path, data: bytes, mode: int) -> None:
    """Write a file so that a reader sees the old bytes or the new ones, never half: temp, fsync, rename."""
    path.parent.mkdir(mode=0o755, parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        os.fchmod(fd, mode)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    dfd = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(dfd)
    finally:
        os.close(dfd)


def _crc24(data: bytes) -> int:
    crc = 0xB704CE
    for byte in data:
        crc ^= byte << 16
        for _ in range(8):
            crc <<= 1
            if crc & 0x1000000:
                crc ^= 0x1864CFB
    return crc & 0xFFFFFF


def _first_packet_tag(data: bytes) -> int | None:
    if not data or not data[0] & 0x80:
        return None
    return data[0] & 0x3F if data[0] & 0x40 else (data[0] >> 2) & 0x0F


def dearmor(data: bytes) -> bytes:
    """An OpenPGP public key as binary, as ``gpg --dearmor`` writes it (a binary key is kept as it is).

    ASCII armor: base64 between the BEGIN/END lines after the header block, the ``=CRC`` line checked and
    dropped.  The result must start with a public-key packet, so an HTML error page is not installed."""
    text = data.lstrip()
    if text.startswith(b"-----BEGIN PGP"):
        lines = text.decode("ascii", errors="strict").splitlines()
        try:
            end = next(i for i, ln in enumerate(lines) if ln.startswith("-----END PGP"))
        except StopIteration:
            raise StepError("the key's armor has no END line") from None
        body = lines[1:end]
        if any(":" in ln for ln in body):  # armor headers (Version: ..., Comment: ...) end at a blank line
            blank = next((i for i, ln in enumerate(body) if not ln.strip()), None)
            if blank is None:
                raise StepError("the key's armor headers do not end")
            body = body[blank + 1:]
        crc = None
        if body and body[-1].startswith("="):
            crc = body.pop()[1:].strip()
        try:
            binary = base64.b64decode("".join(ln.strip() for ln in body), validate=True)
        except ValueError:
            raise StepError("the key's armor is not base64") from None
        if crc is not None:
            try:
                want = int.from_bytes(base64.b64decode(crc, validate=True), "big")
            except ValueError:
                raise StepError("the key's armor checksum cannot be read") from None
            if want != _crc24(binary):
                raise StepError("the key's armor checksum does not match: the download is damaged")
    else:
        binary = data
    if _first_packet_tag(binary) != 6:
        raise StepError("the download is not an OpenPGP public key")
    return binary


class _HttpsOnlyRedirects(urllib.request.HTTPRedirectHandler):
    """Follow a redirect only to another https URL on AMD's hosts (urllib would follow one to http)."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):
        try:
            check_url(newurl)
        except PlanError as exc:
            raise StepError(f"the key's server redirected elsewhere: {exc}") from None
        return super().redirect_request(req, fp, code, msg, headers, newurl)


def fetch_https(url: str) -> bytes:
    try:
        check_url(url)  # validate did this already; a second look costs nothing
    except PlanError as exc:
        raise StepError(str(exc)) from None
    opener = urllib.request.build_opener(_HttpsOnlyRedirects, urllib.request.ProxyHandler({}))
    req = urllib.request.Request(url, headers={"User-Agent": "rocmdesk-helper"})
    try:
        with opener.open(req, timeout=KEY_TIMEOUT_S) as resp:
            data = resp.read(KEY_MAX_BYTES + 1)
    except StepError:
        raise
    except (OSError, ValueError) as exc:  # URLError, HTTPError, timeouts, TLS errors
        raise StepError(f"could not download {url}: {getattr(exc, 'reason', None) or exc}") from None
    if len(data) > KEY_MAX_BYTES:
        raise StepError(f"{url} is larger than a key can be")
    return data


def dpkg_status(text: str) -> dict[str, list[tuple[str, str]]]:
    """dpkg's status file: package -> [(state, version)] (one entry per architecture)."""
    out: dict[str, list[tuple[str, str]]] = {}
    for para in re.split(r"\n\s*\n", text):
        fields: dict[str, str] = {}
        for line in para.splitlines():
            if line[:1] in (" ", "\t") or ":" not in line:
                continue
            key, _, value = line.partition(":")
            fields[key] = value.strip()
        name = fields.get("Package")
        if name:
            state = fields.get("Status", "").split()[-1:] or ["unknown"]
            out.setdefault(name, []).append((state[0], fields.get("Version", "")))
    return out


def group_members(text: str) -> dict[str, tuple[int | None, set[str]]]:
    """/etc/group: name -> (gid, members)."""
    out: dict[str, tuple[int | None, set[str]]] = {}
    for line in text.splitlines():
        parts = line.split(":")
        if len(parts) >= 4 and parts[0]:
            gid = int(parts[2]) if parts[2].isdigit() else None
            out[parts[0]] = (gid, {m for m in parts[3].split(",") if m})
    return out


# -- the executor --------------------------------------------------------------------------------------
class KindExecutor(Protocol):
    def before(self, ex: "Executor", step: Step) -> bool | None:
        """True: already done; False: to do; None: no way to tell from the machine."""

    def run(self, ex: "Executor", step: Step) -> Ran: ...

    def after(self, ex: "Executor", step: Step, ran: Ran) -> str | None:
        """None when the step is now done, else why not."""


class Executor:
    def __init__(
        self,
        caller: str,
        *,
        root: Path = Path("/"),
        on_output: Callable[[str, str], None] | None = None,
        programs: Mapping[str, list[str]] | None = None,
        fetch: Callable[[str], bytes] | None = None,
    ) -> None:
        self.caller = caller
        self.root = Path(root)
        self.on_output = on_output or (lambda step_id, line: None)
        self._programs = dict(programs or {})
        self._fetch = fetch or fetch_https

    @property
    def live(self) -> bool:
        return str(self.root) == "/"

    def path(self, p: str) -> Path:
        """A machine path (always absolute, as in the plan) under this executor's root."""
        if not p.startswith("/"):
            raise ValueError(f"machine paths are absolute: {p!r}")
        return Path(p) if self.live else self.root / p.lstrip("/")

    def read(self, p: str) -> bytes | None:
        try:
            return self.path(p).read_bytes()
        except OSError:
            return None

    def packages(self) -> dict[str, list[tuple[str, str]]]:
        data = self.read(DPKG_STATUS)
        return dpkg_status(data.decode("utf-8", errors="replace")) if data else {}

    def groups(self) -> dict[str, tuple[int | None, set[str]]]:
        data = self.read("/etc/group")
        return group_members(data.decode("utf-8", errors="replace")) if data else {}

    def argv(self, program: str, *args: str) -> list[str]:
        """The command for a program (a name from ``PROGRAMS`` or an absolute path): a checked system binary.

        Tests swap in fixed binaries by name; on a test tree no other program runs, so the host's apt is
        never reached (usermod works on the tree with ``--prefix``; python only opens a file)."""
        name = os.path.basename(program)
        if name in self._programs:
            head = list(self._programs[name])
        elif self.live or name in ("usermod", "python"):
            head = [PROGRAMS.get(program, program)]
        else:
            raise StepError(f"{program}: not available on a test tree")
        if not os.path.lexists(head[0]):
            raise StepError(f"{head[0]} is not installed")
        check_trusted(head[0])
        return head + list(args)

    def command(self, step: Step, argv: list[str], timeout: float, as_caller: bool = False,
                keep: int | None = OUTPUT_TAIL, stream: bool = True) -> Ran:
        """Run one command, streaming its output lines as ``output`` events; the last ``keep`` lines are kept."""
        tail: deque[str] = deque(maxlen=keep)
        drop = self._drop_to_caller() if as_caller else {}
        try:
            proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                    stderr=subprocess.STDOUT, env=dict(ENV), cwd="/", close_fds=True,
                                    start_new_session=True, **drop)  # its own group: a timeout stops all of it
        except OSError as exc:
            return Ran(None, [], f"{argv[0]} could not start: {exc.strerror or exc}")
        expired = threading.Event()

        def kill() -> None:
            expired.set()
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except OSError:
                pass

        timer = threading.Timer(timeout, kill)
        timer.start()
        try:
            assert proc.stdout is not None
            for raw in proc.stdout:
                line = raw.decode("utf-8", errors="replace").rstrip("\r\n")
                tail.append(line)
                if stream:
                    self.on_output(step.id, line)
            code = proc.wait()
        finally:
            timer.cancel()
        name = os.path.basename(argv[0])
        if expired.is_set():
            return Ran(None, list(tail), f"{name} gave no answer after {timeout:g} s")
        return Ran(code, list(tail), "" if code == 0 else f"{name} exited with {code}")

    def _drop_to_caller(self) -> dict:
        """Popen arguments that run a check as the caller with the groups a new login gets."""
        import pwd

        if not self.live or os.geteuid() != 0:
            return {}
        pw = pwd.getpwnam(self.caller)
        if pw.pw_uid == 0:
            return {}
        return {"user": pw.pw_uid, "group": pw.pw_gid, "extra_groups": os.getgrouplist(pw.pw_name, pw.pw_gid)}

    def execute(self, step: Step, finished_before: bool = False) -> Outcome:
        """Before-check, run, after-check; never raises for a step that goes wrong."""
        kind = EXECUTORS.get(step.kind)
        if kind is None:
            return Outcome("failed", f"no executor for step kind {step.kind!r}")
        try:
            done = kind.before(self, step)
            if done:
                return Outcome("skipped", "already done", reason="done")
            if finished_before and done is None and step.kind != "verify":
                return Outcome("skipped", "done in an earlier run", reason="earlier-run")
            ran = kind.run(self, step)
            if ran.exit != 0:
                return Outcome("failed", ran.message or "the step failed", ran.output, ran.exit)
            why_not = kind.after(self, step, ran)
        except StepError as exc:
            return Outcome("failed", str(exc))
        except OSError as exc:
            return Outcome("failed", f"{exc.filename or step.kind}: {exc.strerror or exc}")
        except Exception as exc:  # a bug must still end the step with a "failed" event, not a dead stream
            return Outcome("failed", f"internal error in the {step.kind} step: {exc!r}")
        if why_not:
            return Outcome("failed", why_not, ran.output, ran.exit)
        return Outcome("ok", ran.message or "done", ran.output, ran.exit)


# -- one executor per kind -----------------------------------------------------------------------------
class InstallKey:
    def before(self, ex: Executor, step: Step) -> bool | None:
        data = ex.read(step.params["path"])
        return data is not None and _first_packet_tag(data) == 6

    def run(self, ex: Executor, step: Step) -> Ran:
        url, path = step.params["url"], step.params["path"]
        key = dearmor(ex._fetch(url))
        atomic_write(ex.path(path), key, 0o644)
        return Ran(0, [], f"{path} written ({len(key)} bytes from {url})")

    def after(self, ex: Executor, step: Step, ran: Ran) -> str | None:
        return None if self.before(ex, step) else f"{step.params['path']} is not an OpenPGP key after writing it"


class WriteFile:
    """write-apt-list and write-pin: the exact bytes ``steps.file_content`` gives (the script writes the same)."""

    def before(self, ex: Executor, step: Step) -> bool | None:
        return ex.read(step.params["path"]) == (file_content(step) or "").encode()

    def run(self, ex: Executor, step: Step) -> Ran:
        text = file_content(step)
        if text is None:
            raise StepError(f"{step.kind} writes no file")
        atomic_write(ex.path(step.params["path"]), text.encode(), 0o644)
        return Ran(0, text.splitlines(), f"{step.params['path']} written")

    def after(self, ex: Executor, step: Step, ran: Ran) -> str | None:
        return None if self.before(ex, step) else f"{step.params['path']} does not hold what was written"


_UPDATE_ERROR = re.compile(r"^(?:E: |W: Failed to fetch|W: Some index files failed)")


class AptUpdate:
    def before(self, ex: Executor, step: Step) -> bool | None:
        return None  # only the state file knows whether this plan's update ran

    def run(self, ex: Executor, step: Step) -> Ran:
        return ex.command(step, ex.argv("apt-get", *APT_OPTS, "update"), UPDATE_TIMEOUT_S)

    def after(self, ex: Executor, step: Step, ran: Ran) -> str | None:
        # apt-get update exits 0 when a repository could not be read; its messages are stable under LC_ALL=C
        bad = [ln for ln in ran.output if _UPDATE_ERROR.match(ln)]
        return f"apt could not read every repository: {bad[0]}" if bad else None


def running_kernel() -> str:
    """``uname -r``: the kernel whose header packages a plan may install on this machine."""
    return os.uname().release


class AptInstall:
    def before(self, ex: Executor, step: Step) -> bool | None:
        have = ex.packages()
        return all(any(st == "installed" for st, _ in have.get(name, [])) for name in step.params["packages"])

    def run(self, ex: Executor, step: Step) -> Ran:
        kernel = running_kernel() if ex.live else None  # a test tree has no kernel of its own
        for name in step.params["packages"]:  # validate allowed them; the root side checks twice
            problem = helper_allow.install_problem(name, kernel)
            if problem:
                raise StepError(problem)
        return ex.command(step, ex.argv("apt-get", *APT_OPTS, "install", *NAMES_ONLY, "--", *step.params["packages"]),
                          APT_TIMEOUT_S)

    def after(self, ex: Executor, step: Step, ran: Ran) -> str | None:
        if self.before(ex, step):
            return None
        have = ex.packages()
        missing = [n for n in step.params["packages"] if not any(st == "installed" for st, _ in have.get(n, []))]
        return "not installed after apt-get: " + ", ".join(missing)


class AptPurge:
    @staticmethod
    def present(ex: Executor, step: Step) -> list[str]:
        have = ex.packages()
        return [n for n in step.params["packages"] if any(st != "not-installed" for st, _ in have.get(n, []))]

    def before(self, ex: Executor, step: Step) -> bool | None:
        return not self.present(ex, step)

    def run(self, ex: Executor, step: Step) -> Ran:
        # only what is there: apt-get refuses the whole command for a name it does not know
        present = self.present(ex, step)
        have = ex.packages()
        for name in present:  # an old ROCm package by name, and AMD's own build of it (the plan's cleanup rule)
            problem = helper_allow.purge_problem(name)
            if problem:
                raise StepError(problem)
            other = [v for st, v in have.get(name, []) if st != "not-installed" and not helper_allow.amd_build(v)]
            if other:
                raise StepError(f"{name} {other[0]} is not one of AMD's builds (its version carries no ROCm release "
                                f"code): the helper purges only AMD's ROCm packages, nothing was purged")
        ran = ex.command(step, ex.argv("apt-get", *APT_OPTS, "purge", *NAMES_ONLY, "--", *present), APT_TIMEOUT_S)
        if ran.exit == 0 and step.params["autoremove"]:
            more = ex.command(step, ex.argv("apt-get", *APT_OPTS, "autoremove", "--purge"), APT_TIMEOUT_S)
            return Ran(more.exit, (ran.output + more.output)[-OUTPUT_TAIL:], more.message)
        return ran

    def after(self, ex: Executor, step: Step, ran: Ran) -> str | None:
        left = self.present(ex, step)
        return "still installed after the purge: " + ", ".join(left) if left else None


class RemovePath:
    def before(self, ex: Executor, step: Step) -> bool | None:
        return not os.path.lexists(ex.path(step.params["path"]))

    def run(self, ex: Executor, step: Step) -> Ran:
        target = ex.path(step.params["path"])
        if step.params["path"].startswith(helper_allow.SOURCES_D) and not target.is_symlink() and target.is_file():
            foreign = helper_allow.foreign_repos(target.read_text(encoding="utf-8", errors="replace"))
            if foreign:  # AMD's list by name, but it names another repository too: that is not ours to drop
                raise StepError(f"{step.params['path']} also names {foreign[0]}, which is not on AMD's hosts: the "
                                f"helper removes only AMD's lists (take the AMD lines out yourself)")
        if target.is_symlink() or not target.is_dir():
            target.unlink()
        else:
            shutil.rmtree(target)  # the fd-based rmtree: it does not follow links inside the tree
        return Ran(0, [], f"{step.params['path']} removed")

    def after(self, ex: Executor, step: Step, ran: Ran) -> str | None:
        return None if self.before(ex, step) else f"{step.params['path']} is still there"


class AddUserToGroups:
    def _missing(self, ex: Executor, step: Step) -> list[str]:
        groups = ex.groups()
        primary = None
        data = ex.read("/etc/passwd")
        for line in (data or b"").decode("utf-8", errors="replace").splitlines():
            parts = line.split(":")
            if len(parts) >= 4 and parts[0] == ex.caller and parts[3].isdigit():
                primary = int(parts[3])
        return [g for g in step.params["groups"]
                if g not in groups or (ex.caller not in groups[g][1] and groups[g][0] != primary)]

    def before(self, ex: Executor, step: Step) -> bool | None:
        return not self._missing(ex, step)

    def run(self, ex: Executor, step: Step) -> Ran:
        user = step.params["user"]
        if user != ex.caller:  # validate refused this already; the root side checks twice
            raise StepError(f"{user!r} is not the caller {ex.caller!r}")
        absent = [g for g in step.params["groups"] if g not in ex.groups()]
        if absent:
            raise StepError(f"the group {absent[0]} does not exist on this system (udev or systemd creates it)")
        prefix = [] if ex.live else ["--prefix", str(ex.root)]
        args = [*prefix, "-a", "-G", ",".join(step.params["groups"]), "--", user]
        ran = ex.command(step, ex.argv("usermod", *args), CHECK_TIMEOUT_S)
        if ran.exit == 0:
            ran.message = f"{user} added to {', '.join(step.params['groups'])}: log out and in again to use them"
        return ran

    def after(self, ex: Executor, step: Step, ran: Ran) -> str | None:
        missing = self._missing(ex, step)
        return f"{ex.caller} is not in {', '.join(missing)} after usermod" if missing else None


class Verify:
    """Checks run in the caller's name (with the groups a new login gets), not as root."""

    def before(self, ex: Executor, step: Step) -> bool | None:
        return None

    def run(self, ex: Executor, step: Step) -> Ran:
        p = step.params
        check = p["check"]
        if check == "amdgpu-loaded":
            ok = ex.path("/sys/module/amdgpu").is_dir()
            return Ran(0 if ok else 1, [], "the amdgpu driver is loaded" if ok else "the amdgpu driver is not loaded")
        if check == "kfd-opens":
            kfd = ex.path("/dev/kfd")
            if not kfd.exists() or (ex.live and not kfd.is_char_device()):
                return Ran(1, [], "there is no /dev/kfd: the amdgpu driver's compute interface is not there")
            ran = ex.command(step, ex.argv("python", "-I", "-c", _OPEN_RW, str(kfd)), CHECK_TIMEOUT_S, as_caller=True)
            ran.message = (f"/dev/kfd opens read-write for {ex.caller} (with the groups of a new login)"
                           if ran.exit == 0 else f"/dev/kfd does not open read-write for {ex.caller}")
            return ran
        args = ["--showproductname"] if check == "rocm-smi-shows-gpu" else []
        lists = check == "rocminfo-lists-gfx"
        ran = ex.command(step, ex.argv(p["program"], *args), CHECK_TIMEOUT_S, as_caller=True,
                         keep=None if lists else OUTPUT_TAIL, stream=not lists)  # rocminfo: pages of agents
        seen = set(re.findall(r"\bgfx[0-9a-f]+\b", "\n".join(ran.output)))
        ran.output = ran.output[-OUTPUT_TAIL:]
        if lists and ran.exit == 0:
            missing = [g for g in p["expect"] if g not in seen]
            if missing:
                ran.exit, ran.message = 1, "rocminfo does not list " + ", ".join(missing)
            else:
                ran.message = "rocminfo lists " + ", ".join(p["expect"])
        elif ran.exit == 0:
            ran.message = "rocm-smi shows the card"
        return ran

    def after(self, ex: Executor, step: Step, ran: Ran) -> str | None:
        return None


class SetSysfs:
    """set-power-cap and set-perf-level: the file checked again on the machine, then written through its resolved
    path (``helper_control``); the message gives the value it had before, which ``rocmdesk control`` can restore."""

    @staticmethod
    def _target(ex: Executor, step: Step) -> helper_control.Target:
        try:
            t = helper_control.target(ex.root, step.kind, step.params)
            if step.kind == "set-power-cap":
                helper_control.check_cap(os.path.dirname(t.real), step.params["microwatts"])
        except helper_control.ControlProblem as exc:
            raise StepError(str(exc)) from None
        return t

    def before(self, ex: Executor, step: Step) -> bool | None:
        t = self._target(ex, step)
        return helper_control.read_value(t.real) == helper_control.wanted(step.kind, step.params)

    def run(self, ex: Executor, step: Step) -> Ran:
        t = self._target(ex, step)
        old, new = helper_control.read_value(t.real), helper_control.wanted(step.kind, step.params)
        try:
            helper_control.write_value(t.real, new)
        except helper_control.ControlProblem as exc:
            raise StepError(str(exc)) from None
        return Ran(0, [], f"{step.params['path']}: was {old}, now {new}")

    def after(self, ex: Executor, step: Step, ran: Ran) -> str | None:
        now = helper_control.read_value(self._target(ex, step).real)
        want = helper_control.wanted(step.kind, step.params)
        return None if now == want else f"{step.params['path']} reads {now} after writing {want}"


class ControlUnit:
    """write-control-unit / remove-control-unit: the boot unit (``helper_control.unit_text``) and its wants link."""

    def before(self, ex: Executor, step: Step) -> bool | None:
        p = step.params
        data, linked = helper_control.unit_state(ex.root, p["setting"], p["slot"])
        if step.kind == "remove-control-unit":
            unit, link = helper_control.unit_paths(p["setting"], p["slot"])
            return not os.path.lexists(ex.path(unit)) and not os.path.lexists(ex.path(link))
        return linked and data == (file_content(step) or "").encode()

    def run(self, ex: Executor, step: Step) -> Ran:
        p = step.params
        unit, _ = helper_control.unit_paths(p["setting"], p["slot"])
        try:
            if step.kind == "write-control-unit":
                problem = helper_control.machine_problem(ex.root, step.kind, p)  # the GPU, the range: again
                if problem:
                    raise StepError(problem)
                atomic_write(ex.path(unit), (file_content(step) or "").encode(), 0o644)
                helper_control.enable(ex.root, p["setting"], p["slot"])
                message = f"{unit} written and enabled: it sets the value again at every boot"
            else:
                gone = helper_control.remove(ex.root, p["setting"], p["slot"])
                message = f"removed {', '.join(gone)}" if gone else "nothing to remove"
        except helper_control.ControlProblem as exc:
            raise StepError(str(exc)) from None
        if ex.live and os.path.isdir("/run/systemd/system") and not self._reload(ex, step):
            message += " (systemctl daemon-reload failed; systemd reads the unit at the next boot anyway)"
        return Ran(0, [], message)

    @staticmethod
    def _reload(ex: Executor, step: Step) -> bool:
        try:
            return ex.command(step, ex.argv("systemctl", "daemon-reload"), CHECK_TIMEOUT_S).exit == 0
        except StepError:
            return False

    def after(self, ex: Executor, step: Step, ran: Ran) -> str | None:
        return None if self.before(ex, step) else f"the unit for {step.params['slot']} is not as it should be"


_FILES = WriteFile()
_CONTROL = ControlUnit()
EXECUTORS: dict[str, KindExecutor] = {
    "remove-path": RemovePath(),
    "apt-purge": AptPurge(),
    "install-key": InstallKey(),
    "write-apt-list": _FILES,
    "write-pin": _FILES,
    "apt-update": AptUpdate(),
    "apt-install": AptInstall(),
    "add-user-to-groups": AddUserToGroups(),
    "verify": Verify(),
    "set-power-cap": SetSysfs(),
    "set-perf-level": SetSysfs(),
    "write-control-unit": _CONTROL,
    "remove-control-unit": _CONTROL,
}
