"""settings.json and torch-verify.json (issue 16, finding 7): whatever the file holds (a wrong type, deep nesting,
a huge file, a FIFO, bytes that are not UTF-8), the app starts with the defaults and one warning, never a traceback;
and the bounded reader they share."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from rocmdesk import bounded_read, i18n
from rocmdesk import settings
from rocmdesk.ui.pages.torch_status import VerifyHistory

REPO = Path(__file__).resolve().parents[1]

HOSTILE_JSON = {
    "list-language": json.dumps({"language": ["en"]}).encode(),
    "dict-language": json.dumps({"language": {"zh_CN": 1}}).encode(),
    "number-language": json.dumps({"language": 7}).encode(),
    "null-language": json.dumps({"language": None}).encode(),
    "not-an-object": b'"zh_CN"',
    "deep-arrays": b"[" * 100_000 + b"]" * 100_000,
    "deep-objects": b'{"a":' * 50_000 + b"1" + b"}" * 50_000,
    "deep-inside": b'{"language": "zh_CN", "x": ' + b"[" * 40 + b"]" * 40 + b"}",
    "huge": b'{"language": "zh_CN", "pad": "' + b"x" * (5 << 20) + b'"}',
    "not-utf8": b'{"language": "\xff\xfe"}',
    "long-number": b'{"language": "zh_CN", "n": ' + b"9" * 5000 + b"}",
    "truncated": b'{"language": "zh_',
}


@pytest.fixture(autouse=True)
def _own_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    i18n.set_language(None)
    settings._warned.clear()
    yield
    i18n.set_language(None)


# -- settings.json --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(HOSTILE_JSON))
def test_a_hostile_settings_file_gives_the_defaults_with_a_warning(name, caplog):
    path = settings.settings_file()
    path.parent.mkdir(parents=True)
    path.write_bytes(HOSTILE_JSON[name])
    with caplog.at_level(logging.WARNING):
        assert settings.saved_language() == "system"
        assert settings.app_language({"LANG": "en_US.UTF-8"}) == "en"
        assert settings.app_language({"LANG": "zh_CN.UTF-8"}) == "zh_CN"
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1, warnings  # once, not on every call
    assert str(path) in warnings[0] and "default settings" in warnings[0] and len(warnings[0]) < 500
    # choosing a language writes a good file again
    settings.save_language("zh_CN")
    assert settings.saved_language() == "zh_CN" and json.loads(path.read_text())["language"] == "zh_CN"


def test_a_missing_settings_file_is_the_default_without_a_warning(caplog):
    with caplog.at_level(logging.WARNING):
        assert settings.saved_language() == "system"
    assert not caplog.records


def test_a_fifo_in_place_of_settings_does_not_hang():
    path = settings.settings_file()
    path.parent.mkdir(parents=True)
    os.mkfifo(path)
    code = "from rocmdesk import settings; print(settings.saved_language())"
    out = subprocess.run([sys.executable, "-c", code], env={**os.environ, "PYTHONPATH": str(REPO / "src")},
                         capture_output=True, text=True, timeout=30)
    assert out.returncode == 0 and out.stdout.strip() == "system" and "not a regular file" in out.stderr


@pytest.mark.parametrize("name", ["list-language", "deep-arrays", "huge"])
def test_the_app_starts_with_a_hostile_settings_file(tmp_path, name):
    path = tmp_path / "config" / "rocmdesk" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_bytes(HOSTILE_JSON[name])
    code = textwrap.dedent("""\
        from rocmdesk import i18n
        from rocmdesk.ui.app import create_app
        app = create_app(["rocmdesk"])
        print("STARTED", i18n.current_language())
        """)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    env.update(QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=str(tmp_path / "config"), LANG="en_US.UTF-8",
               PYTHONPATH=str(REPO / "src"))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120, cwd=REPO)
    assert out.returncode == 0, out.stderr
    assert "STARTED en" in out.stdout and "Traceback" not in out.stderr
    assert str(path) in out.stderr and "default settings" in out.stderr


# -- torch-verify.json --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(HOSTILE_JSON))
def test_a_hostile_verify_state_file_reads_as_empty_with_a_warning(tmp_path, name, caplog):
    path = tmp_path / "verify.json"
    path.write_bytes(HOSTILE_JSON[name])
    history = VerifyHistory(path)
    with caplog.at_level(logging.WARNING):
        assert history.get("/some/venv") is None
        history.get("/other/venv")
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    # a well-formed object of the wrong content is not damage: those just have no record for the venv
    if name in ("list-language", "dict-language", "number-language", "null-language"):
        assert warnings == []
    else:
        assert len(warnings) == 1 and str(path) in warnings[0]
    history.record("/some/venv", "ok", "works", "2.5.1")
    assert history.get("/some/venv").verdict == "ok"


def test_verify_state_entries_of_the_wrong_types_read_safely(tmp_path):
    path = tmp_path / "verify.json"
    path.write_text(json.dumps({
        "/v1": {"verdict": "ok", "title": ["a", "list"], "torch": 5, "when": {"x": 1}, "simulated": "yes"},
        "/v2": {"verdict": ["ok"]},
        "/v3": "not an entry",
        "/v4": {"verdict": "ok", "title": "t" * 100_000},
    }))
    history = VerifyHistory(path)
    rec = history.get("/v1")
    assert (rec.verdict, rec.title, rec.torch, rec.when, rec.simulated) == ("ok", "", None, "", False)
    assert history.get("/v2") is None and history.get("/v3") is None
    assert len(history.get("/v4").title) <= 500


def test_a_fifo_in_place_of_the_verify_state_does_not_hang(tmp_path):
    path = tmp_path / "verify.json"
    os.mkfifo(path)
    code = f"from rocmdesk.ui.pages.torch_status import VerifyHistory; print(VerifyHistory({str(path)!r}).get('/v'))"
    out = subprocess.run([sys.executable, "-c", code], env={**os.environ, "PYTHONPATH": str(REPO / "src")},
                         capture_output=True, text=True, timeout=30)
    assert out.returncode == 0 and out.stdout.strip() == "None" and "not a regular file" in out.stderr


# -- the shared reader ----------------------------------------------------------------------------------------
def test_read_limited_refuses_what_is_too_big_or_not_a_file(tmp_path):
    small = tmp_path / "small"
    small.write_bytes(b"x" * 100)
    assert bounded_read.read_limited(small, 100) == b"x" * 100
    with pytest.raises(bounded_read.Refused, match="larger than 99 bytes"):
        bounded_read.read_limited(small, 99)
    with pytest.raises(bounded_read.Refused, match="not a regular file"):
        bounded_read.read_limited(tmp_path, 100)
    with pytest.raises(FileNotFoundError):
        bounded_read.read_limited(tmp_path / "none", 100)
    # a file whose size stat reports wrong (procfs says 0) is still cut at the limit
    assert len(bounded_read.read_limited("/proc/self/status", 1 << 20)) > 0
    with pytest.raises(bounded_read.Refused):
        bounded_read.read_limited("/proc/self/status", 10)


def test_depth_is_measured_without_recursion():
    deep: list = []
    for _ in range(100_000):
        deep = [deep]
    assert bounded_read.too_deep(deep, 32)
    assert not bounded_read.too_deep({"a": {"b": [1, 2, {"c": 3}]}}, 4)
    assert bounded_read.too_deep({"a": {"b": [1, 2, {"c": [3]}]}}, 4)
    with pytest.raises(bounded_read.Refused, match="nested more than 32 levels"):
        bounded_read.parse_json(b"[" * 33 + b"]" * 33)
    assert bounded_read.parse_json(b"[" * 32 + b"]" * 32) is not None
