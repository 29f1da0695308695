"""The Doctor in Chinese: the text output, the Markdown report and the evidence the checks build; ``--json`` and
the JSON report stay English; the exit codes and the finding ids do not depend on the language."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from rocmdesk import i18n
from rocmdesk.cli import EXIT_INPUT, main
from rocmdesk.doctor.catalogue import entry, shown
from rocmdesk.cli.common import EXIT_FINDINGS
from rocmdesk.doctor.diagnose import diagnose
from rocmdesk.doctor.report import to_json, to_markdown
from rocmdesk.doctor.text_checks import diagnose_text
from rocmdesk.machine import simulate
from rocmdesk.machine.detect import detect
from tests.zh import has_chinese

TRACE = ("Traceback (most recent call last):\n  File \"t.py\", line 1, in <module>\n"
         "RuntimeError: HIP error: invalid device function\n")
# lspci -k: the RX 7900 XTX has no driver bound (the module exists, amdgpu did not take the card)
LSPCI_NO_DRIVER = """\
03:00.0 VGA compatible controller [0300]: Advanced Micro Devices, Inc. [AMD/ATI] Navi 31 [Radeon RX 7900 XT/7900 XTX/7900 GRE/7900M] [1002:744c] (rev c8)
\tSubsystem: Sapphire Technology Limited Nitro+ RX 7900 XTX Vapor-X [1da2:e471]
\tKernel modules: amdgpu
03:00.1 Audio device [0403]: Advanced Micro Devices, Inc. [AMD/ATI] Navi 31 HDMI/DP Audio [1002:ab30]
\tKernel driver in use: snd_hda_intel
"""


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_text_output_is_chinese_and_the_exit_code_stays(zh, capsys):
    code, out, _ = run(capsys, "doctor", "--simulate", "rx6600xt-ubuntu2204")
    assert code == EXIT_FINDINGS  # an error finding: 6 in every language
    title = entry("gfx-needs-override").title
    assert shown(title) != title and shown(title) in out and title not in out
    assert "gfx-needs-override" in out  # ids stay
    assert "错误" in out and "依据：" in out and "1 个错误，2 个警告，0 条提示。" in out
    assert "seen:" not in out and "error(s)" not in out
    assert "export HSA_OVERRIDE_GFX_VERSION=10.3.0" in out  # commands stay as they are
    assert i18n.current_language() == "zh_CN"


def test_help_is_chinese(zh, capsys):
    code, out, _ = run(capsys, "doctor", "--help")
    assert code == 0 and "要诊断的文本" in out and "text to diagnose" not in out and "--include-identity" in out


@pytest.mark.parametrize("setup", ["zh", "zh_locale"])
def test_json_stays_english(setup, request, capsys):
    request.getfixturevalue(setup)
    code, out, _ = run(capsys, "doctor", "--simulate", "rx6600xt-ubuntu2204", "--json")
    assert code == EXIT_FINDINGS
    assert not has_chinese(out), [line for line in out.splitlines() if has_chinese(line)]
    doc = json.loads(out)
    assert doc["findings"][0]["title"] == entry("gfx-needs-override").title
    assert "no HSA_OVERRIDE_GFX_VERSION is set for it" in doc["findings"][0]["evidence"]
    # the language comes back after the run
    assert i18n.current_language() == "zh_CN"
    code, out, _ = run(capsys, "doctor", "--simulate", "rx6600xt-ubuntu2204")
    assert code == EXIT_FINDINGS and has_chinese(out)


def test_the_locale_alone_makes_the_text_chinese(zh_locale, capsys):
    code, out, _ = run(capsys, "doctor", "--simulate", "rx7900xtx-ubuntu2404")
    assert code == 0 and "未发现已知问题。" in out


def test_reports_markdown_in_chinese_json_in_english(zh, capsys, tmp_path):
    trace, empty = tmp_path / "trace.txt", tmp_path / "empty.txt"
    trace.write_text(TRACE)
    empty.write_text("")
    md, js = tmp_path / "r.md", tmp_path / "r.json"
    code, _, err = run(capsys, "doctor", "--from", str(trace), "--from", str(empty), "--report", str(md))
    assert code == EXIT_INPUT and "报告已写入" in err and "输入为空" in err
    text = md.read_text()
    assert text.startswith("# rocmdesk 诊断报告") and "## 问题（1）" in text and "依据：" in text
    assert "`wheel-missing-arch`" in text and shown(entry("wheel-missing-arch").summary) in text
    assert "invalid device function" in text  # quoted from the input: verbatim
    run(capsys, "doctor", "--from", str(trace), "--from", str(empty), "--report", str(js))
    raw = js.read_text()
    assert not has_chinese(raw) and json.loads(raw)["inputs"][1]["error"] == "the input is empty"


def test_markdown_machine_table_in_chinese(zh):
    d = diagnose(detect(simulate.open_simulated("rx6600xt-ubuntu2204")))
    md = to_markdown(d)
    for needle in ("## 机器", "| 操作系统 |", "| 内核 |", "amdgpu 已加载：是", "（另有：5.7.1）", "需要覆盖",
                   "发现于：机器检查", "## 版本"):
        assert needle in md, needle
    assert "Evidence:" not in md and "Found in" not in md


def test_evidence_is_built_in_the_current_language(zh, tmp_path):
    m = simulate.get_machine("rx7900xtx-ubuntu2404")
    groups = tuple(g for g in m.user_groups if g not in ("render", "video"))
    broken = replace(m, user_groups=groups, session_groups=(m.user,) + groups)
    d = diagnose(detect(simulate.build_machine(broken, tmp_path / "m")))
    assert d.ids() == ["kfd-permission"]  # the same finding in every language
    f = d.findings[0]
    assert any("不在这些用户组中" in e for e in f.evidence), f.evidence
    assert f.title == entry("kfd-permission").title  # the record keeps the catalogue's English (its key)
    assert f.origins == ["machine"]  # an id the page maps to its own words


def test_pasted_text_in_chinese_finds_the_same(zh):
    info, found = diagnose_text("", "empty")
    assert info.error == "输入为空" and found == []
    info, found = diagnose_text("just some words\n", "words")
    assert info.format is None and has_chinese(info.error)
    info, found = diagnose_text(TRACE, "trace")
    assert [f.id for f in found] == ["wheel-missing-arch"]


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_lspci_without_a_driver_is_found_in_every_language(language):
    i18n.set_language(language)
    try:
        info, found = diagnose_text(LSPCI_NO_DRIVER, "lspci.txt")
    finally:
        i18n.set_language(None)
    assert info.format == "lspci"
    f = next(f for f in found if f.id == "amdgpu-not-loaded")
    assert any("03:00.0" in e for e in f.evidence)
    assert has_chinese(" ".join(f.evidence)) == (language == "zh_CN")


def test_progress_steps_are_translated(zh, tmp_path):
    from rocmdesk.doctor.diagnose import diagnose_host

    host = simulate.build_machine(simulate.get_machine("rx7900xtx-ubuntu2404"), tmp_path / "t")
    seen: list[str] = []
    diagnose_host(host, on_progress=lambda done, total, what: seen.append(what))
    assert seen and all(has_chinese(w) for w in seen), seen


def test_the_json_report_of_a_machine_is_english_too(zh, capsys, tmp_path):
    """The machine's own sentences (a leftover ROCm tree, its preflight evidence) were built in Chinese when it
    was detected: the JSON report detects it again in English from the same reading."""
    js, md = tmp_path / "r.json", tmp_path / "r.md"
    code, out, _ = run(capsys, "doctor", "--simulate", "rx6600xt-ubuntu2204", "--report", str(js))
    assert code == EXIT_FINDINGS and "而不是已安装的" in out  # the screen: Chinese
    raw = js.read_text()
    assert not has_chinese(raw), [line for line in raw.splitlines() if has_chinese(line)]
    residue = next(f for f in json.loads(raw)["findings"] if f["id"] == "rocm-residue")
    assert "/opt/rocm-5.7.1 holds ROCm 5.7.1, not the installed 6.2.4" in residue["evidence"]
    run(capsys, "doctor", "--simulate", "rx6600xt-ubuntu2204", "--report", str(md))
    assert "而不是已安装的" in md.read_text()


def test_a_reading_is_diagnosed_again_in_english_without_asking_the_machine(zh, tmp_path):
    """read_host keeps what the machine answered: diagnosing it again in English reads no file and runs no
    command (a live machine's rocminfo and journalctl would run again otherwise)."""
    from rocmdesk.doctor.diagnose import diagnose_host, read_host
    from rocmdesk.machine.host import CommandResult

    host = simulate.build_machine(simulate.get_machine("rx6600xt-ubuntu2204"), tmp_path / "t")
    host.commands["journalctl"] = CommandResult(("journalctl",), 0, "[ 5012.4] amdgpu 0000:03:00.0: amdgpu: "
                                                "GPU reset begin!\n")
    asked: list[str] = []
    for name in ("run", "read_text", "read_value", "listdir", "exists", "stat", "which"):
        real = getattr(host, name)
        setattr(host, name, lambda *a, _real=real, _name=name, **kw: asked.append(_name) or _real(*a, **kw))
    reading = read_host(host, venvs=[tmp_path / "no-venv"])
    zh_d = reading.diagnose()
    assert "run" in asked and "read_value" in asked and "venv-broken" in zh_d.ids()
    n = len(asked)
    with i18n.speaking("en"):
        en_d = reading.diagnose()
    assert len(asked) == n  # nothing read, nothing run
    assert en_d.ids() == zh_d.ids() and "driver-errors" in en_d.ids()
    assert has_chinese(json.dumps(to_json(zh_d), ensure_ascii=False))
    assert not has_chinese(json.dumps(to_json(en_d), ensure_ascii=False))
    # diagnose_host's result can build itself again the same way
    d = diagnose_host(host)
    n = len(asked)
    with i18n.speaking("en"):
        again = d.again()
    assert len(asked) == n and again.ids() == d.ids()
    assert not has_chinese(json.dumps(to_json(again), ensure_ascii=False))
    assert has_chinese(json.dumps(to_json(d.again()), ensure_ascii=False))  # in the language of the moment
