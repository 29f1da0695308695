"""rocmdesk.i18n: which language the environment asks for, the saved choice, and the Qt-free catalogue."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from rocmdesk import i18n
from rocmdesk import settings


@pytest.fixture(autouse=True)
def _own_config(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    i18n.set_language(None)
    yield
    i18n.set_language(None)


@pytest.mark.parametrize("env, expected", [
    ({"LANG": "zh_CN.UTF-8"}, "zh_CN"),
    ({"LANG": "zh_SG.UTF-8"}, "zh_CN"),
    ({"LANG": "zh_TW.UTF-8"}, "zh_CN"),  # the only Chinese catalogue we have
    ({"LANG": "en_US.UTF-8"}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "en"),  # no German: the source language
    ({}, "en"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "en_US.UTF-8", "LC_ALL": "zh_CN.UTF-8"}, "zh_CN"),  # LC_ALL wins over LANG
    ({"LANG": "zh_CN.UTF-8", "LC_MESSAGES": "en_GB.UTF-8"}, "en"),  # LC_MESSAGES wins over LANG
    ({"LANG": "en_US.UTF-8", "LANGUAGE": "zh_CN:en"}, "zh_CN"),  # LANGUAGE lists preferences
    ({"LANG": "en_US.UTF-8", "LANGUAGE": "fr:de:zh"}, "zh_CN"),  # the first one we have
    ({"LANG": "zh_CN.UTF-8", "LANGUAGE": "fr"}, "zh_CN"),  # none we have: the locale decides
    ({"LANG": "C", "LANGUAGE": "zh_CN"}, "en"),  # gettext ignores LANGUAGE under C
    ({"LANG": "zh-Hans"}, "zh_CN"),
])
def test_system_language_reads_the_environment_as_gettext_does(env, expected):
    assert i18n.system_language(env) == expected


def test_the_saved_choice_overrides_the_environment_and_keeps_other_settings():
    env = {"LANG": "en_US.UTF-8"}
    assert settings.saved_language() == "system" and settings.app_language(env) == "en"
    path = settings.settings_file()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"other": 1}))
    settings.save_language("zh_CN")
    assert settings.app_language(env) == "zh_CN"
    assert json.loads(path.read_text()) == {"other": 1, "language": "zh_CN"}
    settings.save_language("system")
    assert settings.app_language({"LANG": "zh_CN.UTF-8"}) == "zh_CN"
    assert not list(path.parent.glob(".settings-*"))  # no temporary file left behind


def test_bad_settings_read_as_the_default_and_bad_choices_are_refused():
    path = settings.settings_file()
    path.parent.mkdir(parents=True)
    for junk in ("{not json", "[1, 2]", json.dumps({"language": "klingon"})):
        path.write_text(junk)
        assert settings.saved_language() == "system"
    with pytest.raises(ValueError, match="unknown language"):
        settings.save_language("klingon")
    assert json.loads(path.read_text()) == {"language": "klingon"}  # a refused choice writes nothing


def test_translate_uses_the_zh_CN_catalogue_and_falls_back_to_the_source():
    cat = i18n.catalogue("zh_CN")
    context, texts = next(iter(cat.items()))
    source, translated = next(iter(texts.items()))
    i18n.set_language("zh_CN")
    assert i18n.translate(context, source) == translated != source
    assert i18n.translate(context, "a text nobody wrote") == "a text nobody wrote"
    assert i18n.translate("NoSuchContext", source) == source
    i18n.set_language("en")
    assert i18n.translate(context, source) == source


def test_translate_follows_the_environment_when_no_language_is_set(monkeypatch):
    cat = i18n.catalogue("zh_CN")
    context, texts = next(iter(cat.items()))
    source, translated = next(iter(texts.items()))
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    assert i18n.translate(context, source) == translated
    monkeypatch.setenv("LC_ALL", "C")
    assert i18n.translate(context, source) == source


def test_importing_i18n_loads_neither_qt_nor_the_catalogue():
    code = ("import sys, rocmdesk.i18n as i; i.translate('X', 'y');"
            "print(any(m.startswith(('PySide6', 'platformdirs')) for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"})
    assert out.stdout.strip() == "False"


def _cli(*args: str, **env: str) -> subprocess.CompletedProcess:
    base = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    return subprocess.run([sys.executable, "-m", "rocmdesk", *args], capture_output=True, text=True, timeout=60,
                          env={**base, **env})


def test_the_command_line_speaks_the_locale_language():
    zh = _cli("--help", LANG="zh_CN.UTF-8")
    assert "从一块 AMD 显卡到经过验证的 ROCm 版 PyTorch" in zh.stdout
    assert "每块 AMD 显卡、它的 gfx 目标" in zh.stdout and "退出码：" in zh.stdout
    en = _cli("--help", LANG="C.UTF-8")
    assert "From an AMD GPU to a verified PyTorch-on-ROCm setup" in en.stdout and "显卡" not in en.stdout
    bad = _cli("--simulate", "nope", "detect", LANG="en_US.UTF-8", LANGUAGE="zh_CN")
    assert bad.returncode == 2 and "没有名为 'nope' 的模拟机器" in bad.stderr


def test_speaking_switches_the_process_and_comes_back(zh):
    with i18n.speaking("en"):
        assert i18n.current_language() == "en"
        with i18n.speaking("zh_CN"):
            assert i18n.current_language() == "zh_CN"
        assert i18n.current_language() == "en"
    assert i18n.current_language() == "zh_CN"


def test_speaking_for_this_thread_leaves_the_others_alone(zh):
    import threading

    inside, other = threading.Event(), threading.Event()
    seen: dict[str, str] = {}

    def worker() -> None:
        with i18n.speaking("en", this_thread=True):
            seen["worker"] = i18n.current_language()
            inside.set()
            other.wait(5)  # the main thread looks while the worker speaks English
        seen["worker after"] = i18n.current_language()

    t = threading.Thread(target=worker)
    t.start()
    assert inside.wait(5)
    seen["main"] = i18n.current_language()
    other.set()
    t.join(5)
    assert seen == {"worker": "en", "main": "zh_CN", "worker after": "zh_CN"}
    i18n.set_language("en")  # a thread-only choice does not outlive its block, whatever the process says
    with i18n.speaking("zh_CN", this_thread=True):
        assert i18n.translate("MainWindow", "Doctor") != "Doctor"
    assert i18n.translate("MainWindow", "Doctor") == "Doctor"
