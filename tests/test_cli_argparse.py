"""argparse's own words ("usage:", "options", its error messages) follow the user's language."""

from __future__ import annotations

import argparse

from rocmdesk import cli, i18n
from rocmdesk.cli import argparse_i18n as cli_argparse


def test_help_and_errors_are_chinese_under_zh_cn(zh, capsys) -> None:
    assert cli.main(["sanity", "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("用法：rocmdesk sanity") and "\n选项:\n" in out and "显示此帮助信息并退出" in out
    assert "usage:" not in out and "show this help" not in out
    assert cli.main(["sanity"]) == cli.EXIT_USAGE
    err = capsys.readouterr().err
    assert "rocmdesk sanity：错误：必须给出以下参数之一：--python --venv --profile" in err
    assert cli.main(["plan", "--scope", "x"]) == cli.EXIT_USAGE
    assert "参数 --scope：无效的选择：'x'" in capsys.readouterr().err


def test_english_stays_argparse_own(capsys) -> None:
    with i18n.speaking("en"):
        assert cli.main(["detect", "--bogus"]) == cli.EXIT_USAGE
    err = capsys.readouterr().err
    assert err.startswith("usage: rocmdesk") and "error: unrecognized arguments: --bogus" in err


def test_every_listed_text_has_chinese_and_keeps_its_placeholders(zh) -> None:
    for text in cli_argparse.TEXTS:
        said = cli_argparse.gettext(text)
        assert said != text, text
        for mark in ("%s", "%r", "%(prog)s", "%(message)s", "%(value)r", "%(choices)s", "%(type)s"):
            assert text.count(mark) == said.count(mark), (text, said)


def test_argparse_passes_none_and_unknown_texts_through(zh) -> None:
    cli_argparse.install()
    assert argparse._(None) is None  # type: ignore[attr-defined]
    assert argparse._("a wording of another Python") == "a wording of another Python"  # type: ignore[attr-defined]
    assert argparse.ngettext("expected %s argument", "expected %s arguments", 2) == "需要 %s 个参数值"  # type: ignore[attr-defined]
