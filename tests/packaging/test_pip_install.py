"""rocmdesk installed the pipx / ``uv tool install`` way: its own virtual environment, ``pip install`` of the
source, no system helper.  The installed command must say so before anyone tries to apply a plan.

Offline: the wheel is built with ``pip wheel --no-deps --no-build-isolation --no-index`` (by an interpreter
that has setuptools and wheel), installed into a fresh venv (pip from Python's own ensurepip), and the
dependencies (PySide6, numpy, ...) come from the venv running these tests through a path line in a .pth file
(a plain path: the test venv's own editable rocmdesk is not loaded).  A helper installed on this machine (the
.deb, or CI's pkexec harness) is hidden with a private mount namespace, which needs root; elsewhere such a
machine skips (CI: fails).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Iterator

import pytest

from rocmdesk import __version__
from rocmdesk.setup import runner
from tests.packaging.tools import need_tool, unavailable

REPO = Path(__file__).resolve().parents[2]
MACHINE = "rx6600xt-ubuntu2204"


def _wheel_builder() -> str:
    """An interpreter that builds rocmdesk's wheel offline: setuptools >= 70.1 (bdist_wheel built in), or an
    older one beside the wheel package (this one, else Debian's python3 with python3-setuptools/-wheel)."""
    probe = ("import setuptools, sys; from packaging.version import Version as V\n"
             "ok = V(setuptools.__version__) >= V('70.1')\n"
             "if not ok:\n    import wheel  # noqa: F401\n")
    for python in (sys.executable, "/usr/bin/python3"):
        if os.path.exists(python) and subprocess.run([python, "-c", probe], capture_output=True).returncode == 0:
            return python
    unavailable("no Python here builds a wheel offline (apt-get install python3-setuptools python3-wheel)")
    raise AssertionError  # unreachable


@pytest.fixture(scope="module")
def pipx_like() -> Iterator[Path]:
    """The ``bin`` folder of a fresh venv with rocmdesk's wheel pip-installed, as pipx or uv tool install do."""
    tmp = Path(tempfile.mkdtemp(prefix="rocmdesk pipx "))  # a space, as in many home folders
    try:
        src = tmp / "source"
        # a copy: building writes build/ and *.egg-info into the tree, and the checkout is shared
        for folder in ("src", "resources"):  # the code, and what setup.py builds into rocmdesk.resources
            shutil.copytree(REPO / folder, src / folder, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
        for name in ("pyproject.toml", "setup.py", "README.md"):
            shutil.copyfile(REPO / name, src / name)
        res = subprocess.run([_wheel_builder(), "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
                              "--no-index", "--disable-pip-version-check", "-w", str(tmp / "wheels"), str(src)],
                             capture_output=True, text=True, timeout=600, cwd=tmp)
        assert res.returncode == 0, res.stdout + res.stderr
        wheels = list((tmp / "wheels").glob("rocmdesk-*-py3-none-any.whl"))
        assert len(wheels) == 1, wheels
        venv = tmp / "venv"
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, capture_output=True, timeout=300)
        python = venv / "bin" / "python"
        res = subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", "--no-index",
                              "--disable-pip-version-check", str(wheels[0])],
                             capture_output=True, text=True, timeout=600)
        assert res.returncode == 0, res.stdout + res.stderr
        purelib = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                                 capture_output=True, text=True, check=True).stdout.strip()
        Path(purelib, "zz-test-deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
        shutil.copyfile(wheels[0], venv / "rocmdesk.whl")  # kept for the test of the wheel's contents
        yield venv / "bin"
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _run(bindir: Path, *argv: str) -> subprocess.CompletedProcess:
    """A command of the pipx-like install, with the system helper hidden if this machine has one."""
    env = {"PATH": f"{bindir}:/usr/bin:/bin", "HOME": os.environ.get("HOME", "/root"), "LC_ALL": "C.UTF-8",
           "QT_QPA_PLATFORM": "offscreen"}
    cmd = [str(bindir / argv[0]), *argv[1:]]
    if runner.helper_path() is not None:
        if os.geteuid() != 0:
            unavailable(f"{runner.HELPER} is installed here; hiding it for this test needs root")
        unshare = need_tool("unshare", "util-linux")
        hide = f"mount -t tmpfs -o size=1m,mode=0755 rocmdesk-test {os.path.dirname(runner.HELPER)} && exec \"$@\""
        cmd = [unshare, "-m", "--propagation", "private", "/bin/sh", "-ec", hide, "sh", *cmd]
    return subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300, cwd="/")


def test_the_installed_package_is_the_venvs_own(pipx_like: Path) -> None:
    res = _run(pipx_like, "python", "-c", "import rocmdesk; print(rocmdesk.__file__)")
    assert res.returncode == 0, res.stderr
    assert Path(res.stdout.strip()).is_relative_to(pipx_like.parent), res.stdout
    assert (pipx_like / "rocmdesk").is_file()


def test_version_names_the_release(pipx_like: Path) -> None:
    res = _run(pipx_like, "rocmdesk", "--version")
    assert res.returncode == 0, res.stderr
    assert res.stdout.splitlines()[0] == f"rocmdesk {__version__}"


def test_plan_explains_the_missing_helper(pipx_like: Path) -> None:
    res = _run(pipx_like, "rocmdesk", "plan", "--simulate", MACHINE)
    assert res.returncode == 0, res.stderr
    assert "Steps:" in res.stdout and "system helper" not in res.stdout  # the plan itself, clean
    note = " ".join(res.stderr.split())
    assert f"system helper is not installed ({runner.HELPER})" in note, res.stderr
    assert "pip, pipx or uv tool install" in note and "plan --format script" in note and "sudo" in note
    # a script or JSON plan stays just that (people pipe it)
    script = _run(pipx_like, "rocmdesk", "plan", "--simulate", MACHINE, "--format", "script")
    assert script.returncode == 0 and script.stderr == "", script.stderr


def test_version_explains_the_missing_helper(pipx_like: Path) -> None:
    res = _run(pipx_like, "rocmdesk", "--version")
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    assert lines[0] == f"rocmdesk {__version__}"
    assert f"system helper: not installed ({runner.HELPER})" in lines[1]
    assert "plan --format script" in lines[1]


def test_the_wheel_carries_the_simulated_machines(pipx_like: Path) -> None:
    """Package data: machine/simulated/*.toml (one file per simulated machine, and the pieces they share) are
    in the wheel, so the installed command lists and builds the same machines as the source tree."""
    from rocmdesk.machine.simulate import list_machines

    source = sorted(p.name for p in (REPO / "src" / "rocmdesk" / "machine" / "simulated").glob("*.toml"))
    res = _run(pipx_like, "python", "-c", "from rocmdesk.machine import sim_spec; "
               "print(*sorted(p.name for p in sim_spec.DATA_DIR.glob('*.toml')))")
    assert res.returncode == 0, res.stderr
    assert res.stdout.split() == source
    listed = _run(pipx_like, "rocmdesk", "simulate", "list")
    assert listed.returncode == 0, listed.stderr
    assert [line.split("\t")[0] for line in listed.stdout.splitlines()] == [m.name for m in list_machines()]


def _shipped(root: Path, under: str) -> set[str]:
    return {f"{under}/{p.relative_to(root).as_posix()}" for p in root.rglob("*")
            if p.is_file() and "__pycache__" not in p.parts and not p.name.endswith((".pyc", ".egg-info"))}


def test_the_wheel_carries_the_code_and_the_top_level_resources(pipx_like: Path) -> None:
    """Issue 15: the icons and translation catalogues live in the top-level resources/ and are built into the
    package as rocmdesk.resources; the wheel holds exactly the code of src/rocmdesk (its .py files and package
    data) plus every file of resources/, and the installed app finds its translations and icons there."""
    import zipfile

    with zipfile.ZipFile(pipx_like.parent / "rocmdesk.whl") as wheel:
        names = {n for n in wheel.namelist() if ".dist-info/" not in n}
    code = {n for n in _shipped(REPO / "src" / "rocmdesk", "rocmdesk") if n.endswith(".py")}
    resources = _shipped(REPO / "resources", "rocmdesk/resources")
    assert code <= names, sorted(code - names)
    assert resources <= names, sorted(resources - names)
    data = {n for n in names if not n.endswith(".py")}
    assert {"rocmdesk/resources/translations/rocmdesk_zh_CN.qm", "rocmdesk/resources/translations/rocmdesk_zh_CN.json",
            "rocmdesk/sanity/check_script.py"} <= names
    assert any(n.startswith("rocmdesk/knowledge/data/") for n in data)
    assert any(n.startswith("rocmdesk/machine/simulated/") and n.endswith(".toml") for n in data)
    assert not {n for n in names if n.startswith(("tests/", "resources/", "src/"))}  # nothing outside the package
    res = _run(pipx_like, "python", "-c", "from rocmdesk import i18n, resources; "
               "print(i18n.TRANSLATIONS.joinpath('rocmdesk_zh_CN.qm').is_file(), len(resources.icon_files()))")
    assert res.returncode == 0, res.stderr
    assert res.stdout.split() == ["True", str(1 + len(__import__("rocmdesk.resources").resources.ICON_SIZES))]
