"""What the machine layer says to people, in zh_CN: simulated machines' descriptions, detect's warnings,
leftover-ROCm evidence and command errors.  Names, ids, gfx targets and tree metadata stay English."""

from __future__ import annotations

import json
import sys

from rocmdesk import i18n
from rocmdesk.cli import main
from rocmdesk.machine import simulate
from rocmdesk.machine.detect import detect
from rocmdesk.machine.host import Host
from rocmdesk.machine.process import run_streamed
from rocmdesk.machine.simcache import sim_metadata
from tests.zh import has_chinese


def test_descriptions_are_english_by_default_and_chinese_in_zh_CN():
    machine = simulate.get_machine("rx6600xt-ubuntu2204")
    assert machine.description == machine.about and machine.description.startswith("Ubuntu 22.04 desktop")
    try:
        i18n.set_language("zh_CN")
        for m in simulate.list_machines():
            assert has_chinese(m.description) and m.description != m.about, m.name
        assert machine.description.startswith("Ubuntu 22.04 台式机")
    finally:
        i18n.set_language(None)


def test_simulate_list_in_zh_CN_keeps_the_names(zh, capsys):
    assert main(["simulate", "list"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert [ln.split("\t")[0] for ln in lines] == [m.name for m in simulate.list_machines()]
    assert all(has_chinese(ln.split("\t")[1]) for ln in lines)


def test_the_tree_keeps_the_english_description_and_the_label_is_translated(zh, tmp_path):
    host = simulate.open_simulated("radeon780m-laptop", cache_dir=tmp_path)
    machine = simulate.get_machine("radeon780m-laptop")
    assert sim_metadata(host.root)["description"] == machine.about  # the same tree serves every language
    assert host.label == "模拟机器：" + machine.description


def test_detect_warnings_and_residue_in_zh_CN(zh, tmp_path):
    mixed = detect(simulate.open_simulated("rx7900xtx-debian12", cache_dir=tmp_path))
    # issue 14: the machine layer no longer advises a device mask (it said HIP_VISIBLE_DEVICES with its own
    # numbering); the advice does, with ROCR_VISIBLE_DEVICES in the runtime's order (tests/test_cli_advice.py)
    assert not any("HIP_VISIBLE_DEVICES" in w or "独立显卡旁边还有一块集成显卡" in w for w in mixed.warnings)
    old = detect(simulate.open_simulated("rx6600xt-ubuntu2204", cache_dir=tmp_path))
    assert old.rocm.residue == ["/opt/rocm-5.7.1 中是 ROCm 5.7.1，而不是已安装的 6.2.4"]
    assert any(w.startswith("发现其他 ROCm 版本的残留：/opt/rocm-5.7.1") for w in old.warnings)
    assert any("newgrp render" in w and "重新登录" in w for w in old.warnings)
    assert has_chinese(old.gpus[0].support.reason) and old.gpus[0].support.status == "override"


def test_command_errors_in_zh_CN(zh, tmp_path):
    assert Host.at_root(tmp_path).run(["rocminfo"]).error == f"rocminfo：在 {tmp_path.resolve()} 上不可用"
    assert Host.local().label == "这台电脑"
    missing = run_streamed([str(tmp_path / "no-such-tool")])
    assert missing.missing and missing.error == f"{tmp_path / 'no-such-tool'}：没有这个程序"
    slow = run_streamed([sys.executable, "-c", "import time; time.sleep(5)"], timeout=0.2, grace_s=0.5)
    assert slow.timed_out and "秒后仍未结束" in slow.error


def test_detect_json_stays_english_under_a_chinese_language(zh, capsys):
    assert main(["--simulate", "rx6600xt-ubuntu2204", "detect", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["gpus"][0]["support"]["reason"].startswith("not on AMD's list for ROCm 6.2.4")
    assert data["rocm"]["residue"] == ["/opt/rocm-5.7.1 holds ROCm 5.7.1, not the installed 6.2.4"]
    assert not any(has_chinese(w) for w in data["warnings"])
    assert i18n.current_language() == "zh_CN"  # and the language is back after --json
    assert main(["--simulate", "rx6600xt-ubuntu2204", "detect"]) == 0
    assert "不在 AMD 对 ROCm 6.2.4 的支持列表中" in capsys.readouterr().out
