"""The command line under a Chinese locale: human output and every --help in Chinese, --json byte for byte English.

The subprocess tests run ``python -m rocmdesk`` as a user would, with ``LANG=zh_CN.UTF-8`` (and no ``LANGUAGE``,
which conftest sets to ``en`` for the other tests); the in-process ones choose the language with
``i18n.set_language``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from rocmdesk import i18n
from rocmdesk.cli import main
from rocmdesk.report_text import display_width, pad
from tests.zh import has_chinese

LSPCI_NO_DRIVER = ("03:00.0 VGA compatible controller [0300]: Advanced Micro Devices, Inc. [AMD/ATI] Navi 23 "
                   "[1002:73ff] (rev c1)\n\tKernel modules: amdgpu\n")


def _env(tmp_path, lang: str | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    env["XDG_CONFIG_HOME"] = str(tmp_path / "config")  # no saved profiles or settings of the developer's
    if lang is None:
        env["LANGUAGE"] = "en"
    else:
        env["LANG"] = lang
    return env


def _rocmdesk(tmp_path, lang: str | None, *argv: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rocmdesk", *argv], check=False, env=_env(tmp_path, lang),
                          capture_output=True, timeout=120)


def test_detect_prints_chinese_headings_under_a_zh_locale(tmp_path):
    proc = _rocmdesk(tmp_path, "zh_CN.UTF-8", "detect", "--simulate", "rx6600xt-ubuntu2204")
    out = proc.stdout.decode("utf-8")
    assert proc.returncode == 0, proc.stderr.decode()
    assert out.startswith("模拟机器（rx6600xt-ubuntu2204）")
    for heading in ("显卡", "显存", "类型", "结论", "操作系统", "内核", "访问权限", "显卡 0："):
        assert heading in out, heading
    for english in ("SIMULATED MACHINE", "verdict", "Kernel", "Access", "GPU 0:"):
        assert english not in out, english
    header = next(line for line in out.splitlines() if line.startswith("#"))
    row = next(line for line in out.splitlines() if line.startswith("0 "))
    # the columns line up on a terminal although Chinese characters take two columns
    assert display_width(header[:header.index("gfx")]) == display_width(row[:row.index("gfx1032")])


def test_detect_without_a_gpu_says_so_in_chinese(tmp_path):
    proc = _rocmdesk(tmp_path, "zh_CN.UTF-8", "detect", "--simulate", "no-amd-gpu")
    assert proc.returncode == 4 and "没有找到 AMD 显卡" in proc.stdout.decode("utf-8")


@pytest.mark.parametrize("argv", [
    ["detect", "--simulate", "rx6600xt-ubuntu2204", "--json"],
    ["torch", "recommend", "--simulate", "rx6600xt-ubuntu2204", "--json"],  # a subcommand in its own module
    ["inspect", "{lspci}", "--json"],  # warnings and summary lines built by rocmdesk.inspect
], ids=["detect", "torch-recommend", "inspect"])
def test_json_is_byte_identical_under_a_zh_locale(tmp_path, argv):
    lspci = tmp_path / "lspci.txt"
    lspci.write_text(LSPCI_NO_DRIVER)
    argv = [str(lspci) if a == "{lspci}" else a for a in argv]
    english = _rocmdesk(tmp_path, None, *argv)
    chinese = _rocmdesk(tmp_path, "zh_CN.UTF-8", *argv)
    assert english.returncode == chinese.returncode == 0, chinese.stderr.decode()
    assert chinese.stdout == english.stdout
    assert not has_chinese(chinese.stdout.decode("utf-8"))
    json.loads(chinese.stdout)


def test_main_gives_the_language_back_after_json(capsys, zh):
    assert main(["detect", "--simulate", "no-amd-gpu", "--json"]) == 4
    assert not has_chinese(capsys.readouterr().out)
    assert i18n.current_language() == "zh_CN"
    main(["detect", "--simulate", "no-amd-gpu"])
    assert "没有找到 AMD 显卡" in capsys.readouterr().out


@pytest.mark.parametrize("argv, chinese, english", [
    (["torch", "--help"], "虚拟环境", "The right PyTorch wheels"),
    (["torch", "install", "--help"], "只安装 torch", "install torch only"),
    (["torch", "verify", "--help"], "要探测的虚拟环境", "a venv to probe"),
    (["profile", "--help"], "环境配置", "Environment profiles"),
    (["profile", "create", "--help"], "项目文件夹", "the project's folder"),
    (["profile", "export", "--help"], "Jupyter", "replace a file that rocmdesk did not write"),
    (["run", "--help"], "退出码", "Exit codes"),
    (["shell", "--help"], "留在当前文件夹", "stay in the current folder"),
    (["simulate", "build", "--help"], "写入的目录", "the directory to write it to"),
])
def test_subcommand_help_is_chinese(capsys, zh, argv, chinese, english):
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert chinese in out and english not in out


def test_torch_help_under_a_zh_locale(tmp_path):
    for argv in (["torch", "--help"], ["profile", "--help"]):
        out = _rocmdesk(tmp_path, "zh_CN.UTF-8", *argv).stdout.decode("utf-8")
        assert "退出码" in out and "Exit codes" not in out, argv


def test_torch_recommend_and_usage_errors_in_chinese(capsys, zh):
    assert main(["torch", "recommend", "--simulate", "rx6600xt-ubuntu2204"]) == 0
    out = capsys.readouterr().out
    assert "原因" in out and "\nWhy\n" not in out and "HSA_OVERRIDE_GFX_VERSION=10.3.0" in out
    assert main(["torch"]) == 2
    assert "请选择一个操作" in capsys.readouterr().err


def test_inspect_and_input_errors_in_chinese(capsys, zh, tmp_path):
    f = tmp_path / "lspci.txt"
    f.write_text(LSPCI_NO_DRIVER)
    assert main(["inspect", str(f)]) == 0
    out = capsys.readouterr().out
    assert "显卡 0：" in out and "没有绑定内核驱动" in out and "warning:" not in out
    assert main(["inspect", str(tmp_path / "missing.txt")]) == 3
    assert "无法读取" in capsys.readouterr().err
    assert main(["inspect", str(tmp_path)]) == 3
    assert "这是一个目录" in capsys.readouterr().err


def test_profile_output_in_chinese_and_its_json_in_english(capsys, zh, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    assert main(["profile", "list"]) == 0
    assert "还没有配置" in capsys.readouterr().out
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    for name in ("activate", "activate.fish", "activate.csh"):
        (venv / "bin" / name).write_text("# venv\n")
    assert main(["profile", "create", "p1", "--project", str(tmp_path), "--venv", str(venv),
                 "--env", "HSA_OVERRIDE_GFX_VERSION=10.3.0", "--apply"]) == 0
    out = capsys.readouterr().out
    assert "已创建配置 p1" in out and "已写入" in out
    assert main(["profile", "show", "p1"]) == 0
    assert "钩子" in capsys.readouterr().out
    assert main(["profile", "list", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["profiles"][0]["hooks_state"] == "applied"  # a code, whatever the language


def test_inspect_names_the_gpus_without_a_driver_as_a_field(capsys, tmp_path):
    # code that decides (the Doctor) reads this field, not the translated warning
    f = tmp_path / "lspci.txt"
    f.write_text(LSPCI_NO_DRIVER)
    assert main(["inspect", str(f), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["no_driver"] == ["0000:03:00.0"]


def test_pad_counts_terminal_columns():
    assert display_width("显卡 0") == 6 and display_width("GPU") == 3
    assert pad("显卡", 6) == "显卡  " and pad("GPU", 6) == "GPU   " and pad("toolong", 3) == "toolong"


@pytest.mark.parametrize("argv, expected", [
    (["detect", "--json"], True),
    (["detect"], False),
    (["torch", "verify", "--venv", "v", "--json"], True),
    (["monitor", "--csv"], True),
    (["monitor", "--json"], True),
    (["monitor"], False),
    (["plan", "--format", "script"], True),
    (["plan", "--format", "json"], True),
    (["plan"], False),
    (["profile", "export", "p", "--format", "envrc"], False),  # a file for direnv; its messages are for people
])
def test_which_commands_print_for_programs(argv, expected):
    from rocmdesk.cli import build_parser, machine_readable

    assert machine_readable(build_parser(argv).parse_args(argv)) is expected
