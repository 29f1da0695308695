"""argparse's own words ("usage:", "options", its error messages) follow the user's language."""

from __future__ import annotations

import argparse
from collections.abc import Iterator

import pytest

from rocmdesk import cli, cli_argparse, i18n


@pytest.fixture
def speak() -> Iterator:
    yield i18n.set_language
    i18n.set_language(None)


def test_help_and_errors_are_chinese_under_zh_cn(speak, capsys) -> None:
    speak("zh_CN")
    assert cli.main(["sanity", "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("用法：rocmdesk sanity") and "\n选项:\n" in out and "显示此帮助信息并退出" in out
    assert "usage:" not in out and "show this help" not in out
    assert cli.main(["sanity"]) == cli.EXIT_USAGE
    err = capsys.readouterr().err
    assert "rocmdesk sanity：错误：必须给出以下参数之一：--python --venv --profile" in err
    assert cli.main(["plan", "--scope", "x"]) == cli.EXIT_USAGE
    assert "参数 --scope：无效的选择：'x'" in capsys.readouterr().err


def test_english_stays_argparse_own(speak, capsys) -> None:
    speak("en")
    assert cli.main(["detect", "--bogus"]) == cli.EXIT_USAGE
    err = capsys.readouterr().err
    assert err.startswith("usage: rocmdesk") and "error: unrecognized arguments: --bogus" in err


def test_every_listed_text_has_chinese_and_keeps_its_placeholders(speak) -> None:
    speak("zh_CN")
    for text in cli_argparse.TEXTS:
        zh = cli_argparse.gettext(text)
        assert zh != text, text
        for mark in ("%s", "%r", "%(prog)s", "%(message)s", "%(value)r", "%(choices)s", "%(type)s"):
            assert text.count(mark) == zh.count(mark), (text, zh)


def test_argparse_passes_none_and_unknown_texts_through(speak) -> None:
    speak("zh_CN")
    cli_argparse.install()
    assert argparse._(None) is None  # type: ignore[attr-defined]
    assert argparse._("a wording of another Python") == "a wording of another Python"  # type: ignore[attr-defined]
    assert argparse.ngettext("expected %s argument", "expected %s arguments", 2) == "需要 %s 个参数值"  # type: ignore[attr-defined]
