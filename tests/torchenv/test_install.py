"""Install: pip's output as progress events, the plan's checks, and real installs of the torch==2.13.0 CPU wheel."""

from __future__ import annotations

import shlex
import sys
import time
from pathlib import Path

import pytest

from rocmdesk.torchenv.install import (
    InstallError,
    PipOutputParser,
    check_requirements,
    format_bytes,
    parse_size,
    pip_has_raw_progress,
    plan_install,
    run_install,
)
from rocmdesk.torchenv.process import Cancel
from rocmdesk.torchenv.venv import create_argv, is_venv, venv_python
from tests.conftest import require
from tests.torchenv.torch_fixtures import BUILD_TIMES, TORCH_SPEC, torch_venv  # noqa: F401 (fixture)

# pip 26 with --progress-bar raw, as captured from a real run (sizes shortened)
RAW_RUN = """\
Looking in indexes: https://download.pytorch.org/whl/rocm7.2
Collecting torch==2.13.0+rocm7.2
  Downloading https://download.pytorch.org/whl/rocm7.2/torch-2.13.0%2Brocm7.2-cp311-cp311-manylinux_2_28_x86_64.whl (4512.3 MB)
Progress 0 of 4512300000
Progress 1000000000 of 4512300000
Progress 4512300000 of 4512300000
Collecting filelock (from torch==2.13.0+rocm7.2)
  Downloading filelock-4.3.1-py3-none-any.whl (244 kB)
Collecting sympy>=1.13.3 (from torch==2.13.0+rocm7.2)
  Using cached sympy-1.14.0-py3-none-any.whl (6.3 MB)
Requirement already satisfied: typing-extensions>=4.10.0 in ./v/lib/python3.11/site-packages (from torch) (4.16.0)
Installing collected packages: sympy, filelock, torch
Successfully installed filelock-4.3.1 sympy-1.14.0 torch-2.13.0+rocm7.2
"""

# pip 23.2 without a terminal: no live progress, only the bar's final state
OLD_RUN = """\
Collecting mpmath==1.3.0
  Downloading mpmath-1.3.0-py3-none-any.whl (536 kB)
     ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━ 536.2/536.2 kB 327.8 MB/s eta 0:00:00
ERROR: Could not find a version that satisfies the requirement torch==9.9 (from versions: none)
"""


def feed(text: str):
    parser = PipOutputParser()
    events = [e for e in (parser.feed(line) for line in text.splitlines()) if e is not None]
    return parser, events


def test_raw_progress_becomes_download_events():
    parser, events = feed(RAW_RUN)
    downloads = [e for e in events if e.phase == "download"]
    torch_file = "torch-2.13.0+rocm7.2-cp311-cp311-manylinux_2_28_x86_64.whl"
    assert downloads[0].package == torch_file and downloads[0].total == 4_512_300_000  # "(4512.3 MB)"
    assert [e.fraction for e in downloads[1:4]] == [0.0, pytest.approx(1 / 4.5123), 1.0]
    assert downloads[3].downloaded == 4_512_300_000
    assert parser.downloads == [(torch_file, 4_512_300_000), ("filelock-4.3.1-py3-none-any.whl", 244_000)]
    assert parser.cached == ["sympy-1.14.0-py3-none-any.whl"]
    assert parser.satisfied == ["typing-extensions>=4.10.0"]
    assert parser.installed == ["filelock-4.3.1", "sympy-1.14.0", "torch-2.13.0+rocm7.2"]
    # the small file has no progress lines: it counts by its announced size once the next phase starts
    assert parser.downloaded_bytes == 4_512_300_000 + 244_000
    assert [e.phase for e in events][-2:] == ["install", "install"]


def test_old_pip_output_still_gives_sizes_and_errors():
    parser, events = feed(OLD_RUN)
    dl = [e for e in events if e.phase == "download"]
    assert dl[-1].bytes == 536_200 and dl[-1].total == 536_200
    assert parser.errors == ["Could not find a version that satisfies the requirement torch==9.9 (from versions: none)"]


def test_sizes():
    assert parse_size("4512.3", "MB") == 4_512_300_000 and parse_size("22", "kB") == 22_000
    assert parse_size("900", "bytes") == 900
    assert format_bytes(4_512_300_000) == "4.51 GB" and format_bytes(536_200) == "536.2 kB" and format_bytes(5) == "5 bytes"


def test_torch_must_be_pinned():
    for bad in ("torch", "torch>=2.0", "torch==2.*", "Torch"):
        with pytest.raises(InstallError, match="no exact version"):
            check_requirements([bad, "torchvision"], None)
    assert check_requirements(["torch==2.13.0+rocm7.2", "torchvision"], "https://download.pytorch.org/whl/rocm7.2") == []
    # a ROCm-only index may take an unpinned torch, with a warning
    warns = check_requirements(["torch", "torchvision"], "https://repo.amd.com/rocm/whl/gfx110X-all/")
    assert len(warns) == 1 and "not pinned" in warns[0]
    assert check_requirements(["--pre", "torch"], "https://download.pytorch.org/whl/nightly/rocm7.2")
    with pytest.raises(InstallError):
        check_requirements(["torch"], "https://pypi.org/simple")
    with pytest.raises(InstallError, match="not a pip requirement"):
        check_requirements(["torch[=="], None)
    with pytest.raises(InstallError, match="nothing to install"):
        check_requirements([], None)


def test_the_plan_for_a_new_venv_at_an_awkward_path(tmp_path):
    venv = tmp_path / "my venv 'q' $(touch PWNED)"
    plan = plan_install(venv, ["torch==2.13.0+rocm7.2"], index_url="https://download.pytorch.org/whl/rocm7.2",
                        extra_index_urls=["https://mirror.example/simple"], use_uv=False, log_dir=tmp_path / "logs")
    assert plan.create == (sys.executable, "-m", "venv", str(venv))
    assert plan.pip == (str(venv / "bin" / "python"), "-m", "pip", "install", "--no-input", "torch==2.13.0+rocm7.2",
                        "--index-url", "https://download.pytorch.org/whl/rocm7.2",
                        "--extra-index-url", "https://mirror.example/simple")
    assert plan.disk.needed_bytes == 10 * 1024**3  # ROCm wheels
    cmds = plan.commands()
    assert shlex.split(cmds[0]) == list(plan.create) and shlex.split(cmds[-1]) == list(plan.pip)
    assert Path(plan.log_path).parent == tmp_path / "logs" and not venv.exists()
    assert plan_install(venv, ["torch==2.13.0+cpu"], log_dir=tmp_path).disk.needed_bytes == 2 * 1024**3


def test_uv_when_asked(tmp_path, monkeypatch):
    assert create_argv(tmp_path / "v", "/usr/bin/python3", "/opt/uv") == [
        "/opt/uv", "venv", "--seed", "--python", "/usr/bin/python3", str(tmp_path / "v")]
    monkeypatch.setattr("rocmdesk.torchenv.install.find_uv", lambda: "/opt/uv")
    assert plan_install(tmp_path / "v", ["torch==1"], log_dir=tmp_path).create[:2] == ("/opt/uv", "venv")
    assert plan_install(tmp_path / "v", ["torch==1"], log_dir=tmp_path, use_uv=False).create[1:3] == ("-m", "venv")
    monkeypatch.setattr("rocmdesk.torchenv.install.find_uv", lambda: None)
    with pytest.raises(InstallError, match="uv is not on PATH"):
        plan_install(tmp_path / "v", ["torch==1"], log_dir=tmp_path, use_uv=True)


def test_too_little_disk_is_refused_before_anything_runs(tmp_path):
    venv = tmp_path / "v"
    plan = plan_install(venv, [TORCH_SPEC], min_free_bytes=10**18, log_dir=tmp_path / "logs")
    events = []
    res = run_install(plan, on_event=events.append)
    assert not res.ok and "GiB free" in res.error and "--min-free" in res.error
    assert not venv.exists() and events[-1].phase == "failed"
    assert "result:" in Path(plan.log_path).read_text()


# -- real installs ------------------------------------------------------------------------------------

def test_the_cached_venv_is_real(torch_venv):
    assert is_venv(torch_venv) and pip_has_raw_progress(str(venv_python(torch_venv))) in (True, False)
    assert not Path("PWNED").exists() and not (torch_venv.parent / "PWNED").exists()


def test_a_second_install_downloads_nothing(torch_venv, tmp_path):
    plan = plan_install(torch_venv, [TORCH_SPEC], log_dir=tmp_path)
    assert plan.create is None
    events = []
    start = time.monotonic()
    res = run_install(plan, on_event=events.append)
    took = time.monotonic() - start
    assert res.ok, res.error
    assert res.downloaded_bytes == 0 and res.downloads == [] and not res.created_venv
    assert TORCH_SPEC in res.satisfied and res.installed == []
    assert not [e for e in events if e.phase == "download"]
    assert events[-1].phase == "done" and "nothing downloaded" in events[-1].message
    log = Path(res.log_path).read_text()
    assert "Requirement already satisfied: torch==2.13.0" in log
    assert "$ " + shlex.join(plan.pip[:4]) in log  # the exact command, quoted, in the log
    assert took < 60
    with open(BUILD_TIMES, "a") as fh:
        fh.write(f"second install {took:.1f} s\n")


def test_cancel_stops_pip(torch_venv, tmp_path):
    cancel = Cancel()
    phases = []

    def on_event(ev):
        phases.append(ev.phase)
        if ev.phase == "resolve":
            cancel.cancel()

    res = run_install(plan_install(torch_venv, [TORCH_SPEC], log_dir=tmp_path), on_event=on_event, cancel=cancel)
    assert res.cancelled and not res.ok and phases[-1] == "cancelled"
    assert is_venv(torch_venv)  # pip was stopped while resolving: nothing was touched


def test_a_venv_without_pip_gets_one(tmp_path):
    venv = tmp_path / "bare venv"
    from rocmdesk.torchenv.process import run_streamed

    assert run_streamed([sys.executable, "-m", "venv", "--without-pip", str(venv)]).ok
    # an impossible pin: ensurepip runs, then pip fails fast and says why (from the local index)
    plan = plan_install(venv, ["torch==0.0.1"], log_dir=tmp_path, upgrade_pip=False)
    res = run_install(plan)
    assert not res.ok and res.error.startswith("pip failed:") and "torch==0.0.1" in res.error
    assert (venv / "bin" / "pip3").exists()  # ensurepip put it there


def test_uv_creates_a_seeded_venv(tmp_path):
    from rocmdesk.torchenv.venv import find_uv

    if find_uv() is None:
        require("uv", "uv is not on PATH (pip install uv; test.sh puts the venv's bin on PATH)")
    venv = tmp_path / "uv venv 'q'"
    # an impossible pin: the venv is made and seeded, then pip fails fast
    plan = plan_install(venv, ["torch==0.0.1"], log_dir=tmp_path, upgrade_pip=False, use_uv=True)
    assert plan.create[1:3] == ("venv", "--seed")
    res = run_install(plan)
    assert res.created_venv and is_venv(venv) and res.error.startswith("pip failed:")
