"""Install torch into a venv: a plan first (pure), then a run with progress events, a log and cancel.

:func:`plan_install` decides every command (create the venv, the pip install with its index) and checks the
requirements: torch must carry an exact version, so a stray ``pip install torch`` can never fetch PyPI's
multi-GB CUDA build.  :func:`run_install` runs the plan through :mod:`rocmdesk.torchenv.process` and turns
pip's output into :class:`InstallEvent` objects for a progress bar:

* pip >= 24.1 takes ``--progress-bar raw`` and prints ``Progress N of TOTAL`` lines while it downloads;
  a venv's older pip is upgraded first (``upgrade_pip``), else only the ``Downloading NAME (SIZE)`` lines and
  the phases are known.
* A second run downloads nothing: pip answers "Requirement already satisfied" for what the venv has, and its
  HTTP cache serves a wheel it fetched before ("Using cached").
"""

from __future__ import annotations

import os
import re
import shlex
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from urllib.parse import unquote

from rocmdesk.i18n import translate
from rocmdesk.torchenv.pip_failure import PipFailure
from rocmdesk.torchenv.pip_failure import classify as classify_pip_failure
from rocmdesk.torchenv.process import Cancel, ProcessResult, run_streamed
from rocmdesk.torchenv.venv import (
    OTHER_MIN_FREE,
    ROCM_MIN_FREE,
    DiskCheck,
    check_disk,
    create_argv,
    find_uv,
    is_venv,
    venv_python,
)

PHASES = ("check", "create", "prepare", "resolve", "download", "install", "done", "failed", "cancelled")
RAW_PIP = "24.1"  # the first pip with --progress-bar raw
PIP_TIMEOUT_S = 4 * 3600.0  # a 4.5 GB wheel on a slow line; cancel is the normal way out


class InstallError(ValueError):
    """A plan that must not run (an unpinned torch); one line for the user."""


@dataclass(frozen=True)
class InstallEvent:
    phase: str  # one of PHASES
    message: str
    bytes: int | None = None  # this file's bytes so far (download)
    total: int | None = None  # this file's size
    package: str | None = None  # the file or requirement concerned
    downloaded: int = 0  # bytes downloaded in this run so far, all files

    @property
    def fraction(self) -> float | None:
        if self.bytes is None or not self.total:
            return None
        return max(0.0, min(1.0, self.bytes / self.total))


_SIZE_UNITS = {"bytes": 1, "b": 1, "kb": 1000, "mb": 1000**2, "gb": 1000**3}  # pip prints decimal units
_RE_COLLECT = re.compile(r"^Collecting (\S+)")
_RE_DOWNLOAD = re.compile(r"^\s*Downloading (\S+)(?: \(([\d.]+) (bytes|[kMG]B)\))?")
_RE_PROGRESS = re.compile(r"^Progress (\d+) of (\d+)\s*$")
_RE_CACHED = re.compile(r"^\s*Using cached (\S+)")
_RE_PROCESSING = re.compile(r"^Processing (\S+)")
_RE_SATISFIED = re.compile(r"^Requirement already satisfied: (\S+)")
_RE_INSTALLING = re.compile(r"^Installing collected packages: (.*)")
_RE_SUCCESS = re.compile(r"^Successfully installed (.*)")
_RE_ERROR = re.compile(r"^ERROR: (.*)")
# pip < 24.1 without a terminal prints only the final state of its bar: "━━━━ 536.2/536.2 kB 3.2 MB/s eta 0:00:00"
_RE_RICH = re.compile(r"([\d.]+)/([\d.]+) (bytes|[kMG]B)\b")


def parse_size(number: str, unit: str) -> int:
    return int(float(number) * _SIZE_UNITS[unit.lower()])


def _file_name(url_or_name: str) -> str:
    return unquote(url_or_name.rstrip("/").rsplit("/", 1)[-1].split("#", 1)[0])


@dataclass
class PipOutputParser:
    """pip's output, line by line, as install events; remembers what it saw."""

    downloads: list[tuple[str, int | None]] = field(default_factory=list)  # (file, size)
    cached: list[str] = field(default_factory=list)
    local: list[str] = field(default_factory=list)
    satisfied: list[str] = field(default_factory=list)
    installed: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    _done_bytes: int = 0  # finished files
    _current: int = 0  # the file being downloaded
    _open: bool = False  # a download started and is not yet counted

    @property
    def downloaded_bytes(self) -> int:
        return self._done_bytes + self._current

    def _finish_file(self) -> None:
        if self._open:
            # pip shows no progress for files under 512 kB: count those by their announced size
            size = self.downloads[-1][1] if self.downloads else None
            self._done_bytes += max(self._current, size or 0)
        self._current = 0
        self._open = False

    def feed(self, line: str) -> InstallEvent | None:
        text = line.rstrip()
        if m := _RE_PROGRESS.match(text):
            done, total = int(m.group(1)), int(m.group(2))
            self._current = done
            name = self.downloads[-1][0] if self.downloads else None
            text = (translate("rocmdesk.torchenv.install", "downloading {file}").format(file=name) if name
                    else translate("rocmdesk.torchenv.install", "downloading a file"))
            return InstallEvent("download", text, done, total or None, name, self.downloaded_bytes)
        if m := _RE_DOWNLOAD.match(text):
            self._finish_file()
            name = _file_name(m.group(1))
            size = parse_size(m.group(2), m.group(3)) if m.group(2) else None
            self.downloads.append((name, size))
            self._open = True
            return InstallEvent("download", translate("rocmdesk.torchenv.install", "downloading {file}").format(
                file=name), 0, size, name, self.downloaded_bytes)
        if (m := _RE_RICH.search(text)) and self.downloads and not text.startswith(("Collecting", "Requirement")):
            done = parse_size(m.group(1), m.group(3))
            total = parse_size(m.group(2), m.group(3))
            self._current = done
            name = self.downloads[-1][0]
            return InstallEvent("download", translate("rocmdesk.torchenv.install", "downloading {file}").format(
                file=name), done, total, name, self.downloaded_bytes)
        if m := _RE_COLLECT.match(text):
            self._finish_file()
            return InstallEvent("resolve", translate("rocmdesk.torchenv.install", "collecting {package}").format(
                package=m.group(1)), package=m.group(1), downloaded=self.downloaded_bytes)
        if m := _RE_CACHED.match(text):
            name = _file_name(m.group(1))
            self.cached.append(name)
            return InstallEvent("resolve", translate("rocmdesk.torchenv.install", "using cached {file}").format(
                file=name), package=name, downloaded=self.downloaded_bytes)
        if m := _RE_PROCESSING.match(text):
            name = _file_name(m.group(1))
            self.local.append(name)
            return InstallEvent("resolve", translate("rocmdesk.torchenv.install", "using local {file}").format(
                file=name), package=name, downloaded=self.downloaded_bytes)
        if m := _RE_SATISFIED.match(text):
            self.satisfied.append(m.group(1))
            return InstallEvent("resolve", translate("rocmdesk.torchenv.install", "already satisfied: {package}")
                                .format(package=m.group(1)), package=m.group(1), downloaded=self.downloaded_bytes)
        if m := _RE_INSTALLING.match(text):
            self._finish_file()
            return InstallEvent("install", translate("rocmdesk.torchenv.install", "installing {packages}").format(
                packages=m.group(1)), downloaded=self.downloaded_bytes)
        if m := _RE_SUCCESS.match(text):
            self.installed = m.group(1).split()
            return InstallEvent("install", translate("rocmdesk.torchenv.install", "installed {packages}").format(
                packages=m.group(1)), downloaded=self.downloaded_bytes)
        if m := _RE_ERROR.match(text):
            self.errors.append(m.group(1))
            return InstallEvent("install", text, downloaded=self.downloaded_bytes)
        return None


# -- the plan ------------------------------------------------------------------------------------------

def _rocm_only_index(url: str | None) -> bool:
    """An index that holds only ROCm builds of torch (PyTorch's rocmX.Y indexes, AMD's per-family ones)."""
    if not url:
        return False
    from rocmdesk.knowledge.wheels import amd_wheel_indexes

    u = url.rstrip("/") + "/"
    if re.search(r"download\.pytorch\.org/whl/(nightly/)?rocm[\d.]+/$", u):
        return True
    return any(u == f.index_url.rstrip("/") + "/" for f in amd_wheel_indexes())


def check_requirements(requirements: Sequence[str], index_url: str | None) -> list[str]:
    """Raise :class:`InstallError` for a torch without an exact version; return warnings."""
    from packaging.requirements import InvalidRequirement, Requirement
    from packaging.utils import canonicalize_name

    warnings = []
    if not [r for r in requirements if not r.startswith("-")]:
        raise InstallError(translate("rocmdesk.torchenv.install", "nothing to install"))
    for text in requirements:
        if text.startswith("-"):
            continue
        try:
            req = Requirement(text)
        except InvalidRequirement as exc:
            raise InstallError(translate("rocmdesk.torchenv.install", "{requirement} is not a pip requirement: "
                                         "{error}").format(requirement=repr(text), error=exc)) from None
        if canonicalize_name(req.name) != "torch":
            continue
        pinned = any(s.operator in ("==", "===") and "*" not in s.version for s in req.specifier)
        if pinned:
            continue
        if not _rocm_only_index(index_url):
            raise InstallError(translate(
                "rocmdesk.torchenv.install",
                "{requirement} has no exact version: from PyPI or a mirror of it that would be a CUDA build of several "
                "GB. Pin it (torch==2.13.0+rocm7.2) or use a ROCm-only index.").format(requirement=repr(text)))
        warnings.append(translate("rocmdesk.torchenv.install",
                                  "{requirement} is not pinned: pip takes the newest torch from {url}; make sure your "
                                  "pip configuration adds no extra index with CUDA builds.").format(
            requirement=text, url=index_url))
    return warnings


def _needs_rocm_space(requirements: Sequence[str], index_url: str | None) -> bool:
    return "rocm" in (index_url or "").lower() or any("+rocm" in r for r in requirements)


def default_log_dir() -> Path:
    from rocmdesk.xdg import state_dir

    return state_dir() / "logs"


@dataclass(frozen=True)
class InstallPlan:
    venv: str
    python: str  # the venv's python
    create: tuple[str, ...] | None  # None: the venv exists
    pip: tuple[str, ...]  # without --progress-bar (added when the venv's pip has raw)
    requirements: tuple[str, ...]
    index_url: str | None
    extra_index_urls: tuple[str, ...]
    disk: DiskCheck
    log_path: str
    upgrade_pip: bool
    warnings: tuple[str, ...] = ()

    def commands(self) -> list[str]:
        """Every command the run may start, quoted for a shell (for --dry-run and the UI's "show commands")."""
        out = []
        if self.create:
            out.append(shlex.join(self.create))
        if self.upgrade_pip:
            out.append(shlex.join([self.python, "-m", "pip", "install", "--upgrade", f"pip>={RAW_PIP}"])
                       + f"   # only if its pip predates {RAW_PIP}")
        out.append(shlex.join(self.pip))
        return out


def plan_install(
    venv: str | os.PathLike[str],
    requirements: Sequence[str],
    *,
    index_url: str | None = None,
    extra_index_urls: Sequence[str] = (),
    base_python: str | None = None,
    use_uv: bool | None = None,
    min_free_bytes: int | None = None,
    log_dir: str | os.PathLike[str] | None = None,
    upgrade_pip: bool = True,
) -> InstallPlan:
    """What an install of ``requirements`` into ``venv`` will run.  ``use_uv`` None: uv when it is on PATH."""
    warnings = check_requirements(requirements, index_url)
    venv_s = os.path.abspath(os.fspath(venv))
    python = os.fspath(venv_python(venv_s))
    create = None
    if not is_venv(venv_s):
        uv = find_uv() if use_uv is not False else None
        if use_uv and not uv:
            raise InstallError(translate("rocmdesk.torchenv.install", "--uv: uv is not on PATH"))
        create = tuple(create_argv(venv_s, base_python, uv))
    pip = [python, "-m", "pip", "install", "--no-input", *requirements]
    if index_url:
        pip += ["--index-url", index_url]
    for url in extra_index_urls:
        pip += ["--extra-index-url", url]
    need = min_free_bytes if min_free_bytes is not None else (
        ROCM_MIN_FREE if _needs_rocm_space(requirements, index_url) else OTHER_MIN_FREE)
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    log = Path(log_dir) if log_dir is not None else default_log_dir()
    return InstallPlan(
        venv=venv_s, python=python, create=create, pip=tuple(pip), requirements=tuple(requirements),
        index_url=index_url, extra_index_urls=tuple(extra_index_urls), disk=check_disk(venv_s, need),
        log_path=str(log / f"torch-install-{stamp}-{os.getpid()}.log"), upgrade_pip=upgrade_pip,
        warnings=tuple(warnings),
    )


# -- the run -------------------------------------------------------------------------------------------

@dataclass
class InstallResult:
    ok: bool
    log_path: str
    error: str | None = None
    cancelled: bool = False
    returncode: int | None = None
    downloaded_bytes: int = 0
    downloads: list[tuple[str, int | None]] = field(default_factory=list)
    cached: list[str] = field(default_factory=list)
    satisfied: list[str] = field(default_factory=list)
    installed: list[str] = field(default_factory=list)
    created_venv: bool = False
    raw_progress: bool = False
    duration_s: float = 0.0
    failure: PipFailure | None = None  # why pip failed and what to do next, when its output tells


class _Log:
    def __init__(self, path: str) -> None:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        # this user's only (0600), like the rest of rocmdesk's state: pip's output names paths and packages
        self._fh = os.fdopen(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600), "a", encoding="utf-8")

    def write(self, line: str) -> None:
        self._fh.write(line + "\n")
        self._fh.flush()

    def command(self, argv: Sequence[str]) -> None:
        self.write(f"\n[{datetime.now().isoformat(timespec='seconds')}] $ {shlex.join(argv)}")

    def close(self) -> None:
        self._fh.close()


def pip_has_raw_progress(python: str, env: Mapping[str, str] | None = None) -> bool | None:
    """Whether the venv's pip takes ``--progress-bar raw`` (read from its ``install --help``); None: no pip."""
    res = run_streamed([python, "-m", "pip", "install", "--help"], timeout=60, env=env)
    if not res.ok:
        return None
    lines = res.stdout.splitlines()
    for i, line in enumerate(lines):
        if "--progress-bar" in line:
            # the choices follow on the option's (wrapped) help lines: "[auto, on, off, raw] (default: auto)"
            return bool(re.search(r"\braw\b", " ".join(lines[i:i + 6])))
    return False


def run_install(
    plan: InstallPlan,
    *,
    on_event: Callable[[InstallEvent], None] | None = None,
    cancel: Cancel | None = None,
    check_space: bool = True,
    env: Mapping[str, str] | None = None,
    timeout: float = PIP_TIMEOUT_S,
) -> InstallResult:
    """Run ``plan``.  Events go to ``on_event`` in this thread; every output line goes to the log file."""
    start = time.monotonic()
    run_env = dict(os.environ if env is None else env)
    run_env.setdefault("PYTHONUNBUFFERED", "1")
    run_env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    result = InstallResult(ok=False, log_path=plan.log_path)
    log = _Log(plan.log_path)

    def emit(ev: InstallEvent) -> None:
        if on_event is not None:
            on_event(ev)

    def finish(error: str | None, res: ProcessResult | None = None) -> InstallResult:
        result.duration_s = time.monotonic() - start
        if res is not None:
            result.returncode = res.returncode
            result.cancelled = res.cancelled
        if cancel is not None and cancel.cancelled:
            result.cancelled = True
        result.error = error
        result.ok = error is None and not result.cancelled
        if result.cancelled:
            result.error = error or translate("rocmdesk.torchenv.install", "cancelled")
            text = (translate("rocmdesk.torchenv.install",
                              "cancelled (the venv may be half-installed; running the install again finishes it)")
                    if res else translate("rocmdesk.torchenv.install", "cancelled"))
            emit(InstallEvent("cancelled", text, downloaded=result.downloaded_bytes))
        elif error:
            emit(InstallEvent("failed", error, downloaded=result.downloaded_bytes))
        else:
            text = (translate("rocmdesk.torchenv.install", "done in {seconds} s, nothing downloaded")
                    if not result.downloaded_bytes
                    else translate("rocmdesk.torchenv.install", "done in {seconds} s, {size} downloaded"))
            emit(InstallEvent("done", text.format(seconds=f"{result.duration_s:.0f}",
                                                  size=format_bytes(result.downloaded_bytes)),
                              downloaded=result.downloaded_bytes))
        log.write(f"[{datetime.now().isoformat(timespec='seconds')}] result: "
                  f"{'ok' if result.ok else result.error}")
        log.close()
        return result

    def run(argv: Sequence[str], on_line: Callable[[str], None] | None = None, limit: float = 600.0) -> ProcessResult:
        log.command(argv)

        def line(text: str) -> None:
            log.write(text)
            if on_line is not None:
                on_line(text)

        return run_streamed(argv, on_line=line, timeout=limit, cancel=cancel, env=run_env)

    log.write(f"rocmdesk torch install into {plan.venv}")
    for w in plan.warnings:
        log.write(f"warning: {w}")
    disk = check_disk(plan.venv, plan.disk.needed_bytes)
    emit(InstallEvent("check", disk.message()))
    if check_space and not disk.ok:
        return finish(disk.message())
    if cancel is not None and cancel.cancelled:
        return finish(None)

    if plan.create and not is_venv(plan.venv):
        emit(InstallEvent("create", translate("rocmdesk.torchenv.install", "creating the venv {venv}").format(
            venv=plan.venv)))
        res = run(plan.create, limit=600)
        if not res.ok:
            # a Debian python3 without python3-venv has no ensurepip
            text = (translate("rocmdesk.torchenv.install",
                              "creating the venv failed: {output} (Debian/Ubuntu: `sudo apt install python3-venv`, "
                              "or install uv)") if "ensurepip" in res.stdout
                    else translate("rocmdesk.torchenv.install", "creating the venv failed: {output}"))
            return finish(res.error or text.format(output=_last_line(res.stdout)), res)
        result.created_venv = True

    emit(InstallEvent("prepare", translate("rocmdesk.torchenv.install", "checking the venv's pip")))
    raw = pip_has_raw_progress(plan.python, run_env)
    if raw is None:  # a venv without pip (python -m venv --without-pip, uv without --seed)
        res = run([plan.python, "-m", "ensurepip", "--upgrade"])
        if not res.ok:
            return finish(res.error or translate("rocmdesk.torchenv.install",
                                                 "the venv has no pip and ensurepip failed: {output}").format(
                output=_last_line(res.stdout)), res)
        raw = pip_has_raw_progress(plan.python, run_env)
    if raw is False and plan.upgrade_pip:
        emit(InstallEvent("prepare", translate("rocmdesk.torchenv.install",
                                               "upgrading the venv's pip (>= {version} reports download progress)")
                          .format(version=RAW_PIP)))
        res = run([plan.python, "-m", "pip", "install", "--no-input", "--upgrade", f"pip>={RAW_PIP}"])
        if res.cancelled:
            return finish(None, res)
        if res.ok:
            raw = pip_has_raw_progress(plan.python, run_env)
        else:
            log.write("warning: pip could not be upgraded; progress shows files, not bytes")
    result.raw_progress = bool(raw)

    argv = list(plan.pip)
    if raw:
        argv[4:4] = ["--progress-bar", "raw"]  # after "python -m pip install"
    parser = PipOutputParser()

    def on_pip_line(text: str) -> None:
        ev = parser.feed(text)
        if ev is not None:
            emit(ev)

    emit(InstallEvent("resolve", translate("rocmdesk.torchenv.install", "pip is resolving {requirements}").format(
        requirements=" ".join(plan.requirements))))
    res = run(argv, on_pip_line, limit=timeout)
    if res.ok:
        parser.feed("Installing collected packages: ")  # closes the count of the last download
    result.downloaded_bytes = parser.downloaded_bytes
    result.downloads, result.cached = parser.downloads, parser.cached
    result.satisfied, result.installed = parser.satisfied, parser.installed
    if res.ok:
        return finish(None, res)
    if res.cancelled:
        return finish(None, res)
    # the lines before pip's first ERROR tell the cause (five "Retrying ... connection broken" and then "Could not
    # find a version" is a network failure, not a missing version); else the first ERROR line names it
    result.failure = classify_pip_failure(res.stdout)
    why = parser.errors[0][:400] if parser.errors else (res.error or _last_line(res.stdout))
    if result.failure is not None:
        why = translate("rocmdesk.torchenv.install", "{cause} (pip: {line})").format(
            cause=result.failure.summary, line=why)
    return finish(translate("rocmdesk.torchenv.install", "pip failed: {error} (the whole output is in {log})").format(
        error=why, log=plan.log_path), res)


def format_bytes(n: int | float | None) -> str:
    """Decimal units, as pip prints them: 536.2 kB, 4.51 GB."""
    if n is None:
        return "?"
    for unit, size in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if n >= size:
            return f"{n / size:.2f} {unit}" if unit == "GB" else f"{n / size:.1f} {unit}"
    return f"{int(n)} bytes"


def _last_line(text: str) -> str:
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    return lines[-1] if lines else translate("rocmdesk.torchenv.install", "no output")
