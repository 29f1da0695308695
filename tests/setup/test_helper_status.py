"""What --version and `rocmdesk plan` say about the system helper: where it is, or why there is none."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from rocmdesk import __version__
from rocmdesk.setup import helper_status, runner


def _helper(tmp_path: Path, mode: int) -> str:
    path = tmp_path / "rocmdesk-helper"
    path.write_text("#!/bin/sh\n")
    path.chmod(mode)
    return str(path)


def test_without_a_helper_both_say_what_to_do(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(runner, "HELPER", str(tmp_path / "absent"))
    first, second = helper_status.version_text().splitlines()
    assert first == f"rocmdesk {__version__}"
    assert second.startswith(f"system helper: not installed ({tmp_path / 'absent'})")
    for text in (second, helper_status.plan_note()):
        assert "pip, pipx or uv tool install" in text and "plan --format script" in text and "sudo" in text
        assert "Debian package installs the helper" in text


def test_a_helper_others_can_write_counts_as_none(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(runner, "HELPER", _helper(tmp_path, 0o777))
    assert "not installed" in helper_status.status_line()
    assert helper_status.plan_note() is not None


@pytest.mark.skipif(os.geteuid() != 0, reason="a root-owned helper needs root to make")
def test_a_root_owned_helper_is_named_and_the_plan_has_no_note(monkeypatch: pytest.MonkeyPatch,
                                                               tmp_path: Path) -> None:
    path = _helper(tmp_path, 0o755)
    os.chown(path, 0, 0)
    monkeypatch.setattr(runner, "HELPER", path)
    assert helper_status.version_text().splitlines()[1] == f"system helper: {path}"
    assert helper_status.plan_note() is None


def test_version_action_prints_both_lines_and_exits(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    import argparse

    monkeypatch.setattr(runner, "HELPER", str(tmp_path / "absent"))
    parser = argparse.ArgumentParser(prog="rocmdesk")
    from rocmdesk.cli import VersionAction

    parser.add_argument("--version", action=VersionAction)
    with pytest.raises(SystemExit) as exited:
        parser.parse_args(["--version"])
    assert exited.value.code == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"rocmdesk {__version__}" and out[1].startswith("system helper: not installed")
    assert "--version" in parser.format_help()
