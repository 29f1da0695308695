"""Setup in Chinese: plans, findings and progress for people are translated; JSON, scripts, playbooks, step ids
and what the root helper compares stay English."""

from __future__ import annotations

import io
import json

import pytest

from rocmdesk import i18n
from rocmdesk.machine.simulate import open_simulated
from rocmdesk.cli import apply as cli_apply
from rocmdesk.cli import plan as cli_plan
from rocmdesk.setup import events, helper, runner
from rocmdesk.setup.choices import CHOSEN, SCOPE_WHAT, SCOPE_WHAT_EN, Choices
from rocmdesk.setup.facts import SetupFacts
from rocmdesk.setup.plan import plan
from rocmdesk.setup.render import render_text
from rocmdesk.setup.steps import KINDS, validate
from tests.setup import machines as m
from tests.zh import has_chinese


@pytest.fixture
def host(tmp_path):
    return open_simulated("rx6600xt-ubuntu2204", cache_dir=tmp_path)


def parse(argv: list[str]):
    import argparse

    p = argparse.ArgumentParser(prog="rocmdesk")
    cli_plan.add_parser(p.add_subparsers(dest="command"))
    return p.parse_args(argv)


def a_plan(dkms: bool | None = True):
    rep = m.ubuntu("22.04", [m.gpu("gfx1032")], amdgpu=False,
                   rocm=m.rocm_installed("6.0.0", "jammy", extra_trees=["/opt/rocm-5.7.1"]),
                   acc=m.access(groups=["alice"], session=["alice"]))
    return plan(rep, Choices(scope="sdk", dkms=dkms), SetupFacts(secure_boot=True))


def test_plan_text_findings_and_steps_are_chinese(zh):
    p = a_plan()
    assert p.findings and p.steps and p.after
    for f in p.findings:
        assert has_chinese(f.title) and has_chinese(f.fix), f
    for s in p.steps:
        assert has_chinese(s.title) and has_chinese(s.why), s
    assert all(has_chinese(a) for a in p.after)
    text = render_text(p)
    assert "开始之前" in text and "Before you start" not in text and "Install AMD's package signing key" not in text


def test_data_in_the_plan_stays_english(zh):
    p = a_plan()
    ids = [s.id for s in p.steps]
    assert "install-key" in ids and "add-groups" in ids and all(not has_chinese(i) for i in ids)
    for s in p.steps:
        assert not has_chinese(json.dumps(s.params, ensure_ascii=False)), s.params
    assert p.choices.dkms_why == CHOSEN  # a code the Setup page compares, in every language
    assert p.choices.to_json()["scope_what"] == SCOPE_WHAT_EN["sdk"]
    assert has_chinese(SCOPE_WHAT["sdk"]) and SCOPE_WHAT.get("nothing", "") == ""  # looked up when read


def test_translated_titles_do_not_change_what_the_helper_runs(zh):
    chinese = a_plan().to_json()
    i18n.set_language(i18n.SOURCE_LANGUAGE)
    english = a_plan().to_json()
    assert [s["title"] for s in chinese["steps"]] != [s["title"] for s in english["steps"]]
    # the helper reads the UTF-8 JSON, accepts the titles, and counts the run as the same plan for resuming
    a = validate(json.loads(json.dumps(chinese, ensure_ascii=False).encode().decode("utf-8")), "alice")
    b = validate(english, "alice")
    assert helper.plan_hash(a, "alice") == helper.plan_hash(b, "alice")


@pytest.mark.parametrize("fmt", ["json", "script", "ansible"])
def test_plan_formats_for_programs_stay_english(host, capsys, zh_locale, fmt):
    assert i18n.current_language() == "zh_CN"
    assert cli_plan.run(parse(["plan", "--scope", "runtime", "--dkms", "--format", fmt]), host) == 0
    out = capsys.readouterr().out
    assert not has_chinese(out), out
    if fmt == "json":
        data = json.loads(out)
        assert data["steps"][0]["title"].startswith("Remove") and data["findings"][0]["title"]
    assert i18n.current_language() == "zh_CN"  # the English was for this output only
    assert cli_plan.run(parse(["plan", "--scope", "runtime"]), host) == 0
    assert "步骤" in capsys.readouterr().out


def test_progress_of_a_dry_run_in_chinese(zh):
    p = a_plan()
    buf = io.StringIO()
    prog = cli_apply.Progress(buf, p.steps)
    done = next(s for s in p.steps if s.done) if any(s.done for s in p.steps) else None
    todo = next(s for s in p.steps if not s.done)
    prog(events.make("plan", steps=2, dry_run=True, caller="alice"))
    prog(events.make("started", id=todo.id, index=0, title=todo.title, kind=todo.kind))
    prog(events.make("skipped", id=todo.id, message=f"dry run: would {KINDS[todo.kind].what}", reason="dry-run"))
    prog(events.make("refused", message="another rocmdesk setup run is in progress", reason="busy"))
    lines = buf.getvalue().splitlines()
    assert lines[0] == "正在执行 2 个步骤（试运行，不做任何改动）"
    assert "试运行：将会" in lines[2] and "would" not in lines[2]
    assert lines[3] == "已拒绝：另一个 rocmdesk 安装配置任务正在运行"
    assert done is None or runner.event_message(
        events.make("skipped", id=done.id, message="done already (as the plan says)", reason="dry-run"),
        done.kind, True) == "已完成（计划中已标明）"
    # a message with details of the machine is the helper's own
    ev = events.make("failed", id="apt-update", message="apt-get exited with 100", output=[], exit=100)
    assert runner.event_message(ev) == "apt-get exited with 100"


def test_runner_messages_in_chinese(zh):
    assert has_chinese(runner.no_helper_message()) and "plan.sh" in runner.no_helper_message()
    assert runner.pkexec_message(126) == "密码提示框被关闭：没有做任何改动"
    r = runner._result(3, [events.make("refused", message="the helper must run as root (through pkexec)",
                                       reason="root")], [], True)
    assert r.outcome == "refused"
    assert r.message == "辅助程序必须以 root 身份运行（通过 pkexec）：没有做任何改动"


def test_english_words_match_the_helper():
    """The runner says in the user's language what the helper says in English: the same words in English."""
    i18n.set_language(i18n.SOURCE_LANGUAGE)
    try:
        for kind, k in KINDS.items():
            assert runner.kind_what(kind) == k.what
        ev = events.make("skipped", id="x", message="already done", reason="done")
        assert runner.event_message(ev) == "already done"
    finally:
        i18n.set_language(None)
