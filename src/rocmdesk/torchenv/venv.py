"""Virtual environments: where their python is, how to create one, and whether the disk has room for torch.

Creating runs ``python -m venv DIR``, or ``uv venv --seed DIR`` when uv is on PATH (Debian's python3 lacks
ensurepip without python3-venv; uv does not need it).  ``--seed`` puts pip into the uv venv, so the install
always drives the venv's own pip and parses one output format.
"""

from __future__ import annotations

import os
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

from rocmdesk.i18n import translate

GiB = 1024**3
# A ROCm torch wheel is ~3-4.5 GB to download and ~4-5 GB unpacked, and pip keeps the download in its cache:
# below this much free space the install is refused (overridable).
ROCM_MIN_FREE = 10 * GiB
OTHER_MIN_FREE = 2 * GiB  # CPU wheels: ~200 MB download, ~900 MB unpacked with their dependencies


def venv_python(venv: str | os.PathLike[str]) -> Path:
    return Path(venv) / "bin" / "python"


def is_venv(path: str | os.PathLike[str]) -> bool:
    """A directory with ``pyvenv.cfg`` and ``bin/python``."""
    p = Path(path)
    return (p / "pyvenv.cfg").is_file() and venv_python(p).exists()


def read_pyvenv_cfg(venv: str | os.PathLike[str]) -> dict[str, str]:
    """The ``key = value`` lines of ``pyvenv.cfg`` (empty when missing)."""
    try:
        text = (Path(venv) / "pyvenv.cfg").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return {}
    out = {}
    for line in text.splitlines():
        key, sep, value = line.partition("=")
        if sep:
            out[key.strip().lower()] = value.strip()
    return out


def find_uv() -> str | None:
    return shutil.which("uv")


def create_argv(venv: str | os.PathLike[str], base_python: str | None = None, uv: str | None = None) -> list[str]:
    """The command that creates ``venv``.  ``uv`` is the uv program to use (None: plain ``python -m venv``)."""
    python = base_python or sys.executable
    if uv:
        return [uv, "venv", "--seed", "--python", python, os.fspath(venv)]
    return [python, "-m", "venv", os.fspath(venv)]


def _existing_ancestor(path: Path) -> Path:
    p = path.absolute()
    while not p.exists() and p != p.parent:
        p = p.parent
    return p


@dataclass(frozen=True)
class DiskCheck:
    """Free space where the venv will live, against what a torch install needs there."""

    path: str  # the directory measured (the venv, or its nearest existing parent)
    free_bytes: int | None  # None: could not be measured
    needed_bytes: int

    @property
    def ok(self) -> bool:
        return self.free_bytes is None or self.free_bytes >= self.needed_bytes

    def message(self) -> str:
        if self.free_bytes is None:
            return translate("rocmdesk.torchenv.venv", "could not measure the free space at {path}").format(
                path=self.path)
        free, need = f"{self.free_bytes / GiB:.1f}", f"{self.needed_bytes / GiB:.0f}"
        if self.ok:
            return translate("rocmdesk.torchenv.venv", "{free} GiB free at {path} ({need} GiB needed)").format(
                free=free, path=self.path, need=need)
        return translate("rocmdesk.torchenv.venv",
                         "only {free} GiB free at {path}, and a torch install needs about {need} GiB there "
                         "(download, pip's cache and the unpacked wheel); free some space or pass --min-free to "
                         "lower the limit").format(free=free, path=self.path, need=need)


def check_disk(venv: str | os.PathLike[str], needed_bytes: int) -> DiskCheck:
    where = _existing_ancestor(Path(venv))
    try:
        free: int | None = shutil.disk_usage(where).free
    except OSError:
        free = None
    return DiskCheck(path=str(where), free_bytes=free, needed_bytes=needed_bytes)
