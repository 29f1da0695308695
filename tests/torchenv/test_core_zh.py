"""The sentences torchenv's core builds for the user come in Chinese under zh_CN; scripts and files stay English.

The catalogue holds these strings once the zh_CN import ran (scripts/i18n.py import); the English tests elsewhere
run with the environment's language (English under the test settings).
"""

from __future__ import annotations

import json

import pytest

from rocmdesk import i18n
from rocmdesk.torchenv.envvars_check import check_env, parse_alloc_conf
from rocmdesk.torchenv.exports import ExportError, render_envrc, write_export
from rocmdesk.torchenv.hooks import HookError, apply_hooks, hook_status, quote_csh, render_csh
from rocmdesk.torchenv.install import InstallError, PipOutputParser, check_requirements
from rocmdesk.torchenv.presets import suggest
from rocmdesk.torchenv.profile_store import ProfileFileError, ProfileNotFound, ProfileStore
from rocmdesk.torchenv.profiles import InvalidName, Profile, check_name, path_warnings
from rocmdesk.torchenv.recommend import RecommendError, recommend
from rocmdesk.torchenv.venv import DiskCheck
from rocmdesk.torchenv.verify import VERDICTS, judge, verdict_title
from tests.torchenv.profilekit import make_venv
from tests.torchenv.test_verify_logic import probe
from tests.torchenv.torch_fixtures import sim_report  # noqa: F401 (fixture)
from tests.zh import has_chinese


@pytest.fixture(autouse=True)
def _follow_the_environment_afterwards():
    yield
    i18n.set_language(None)


@pytest.fixture
def en():
    with i18n.speaking("en"):
        yield


def english_report(sim_report, name):
    # sim_report caches each machine for the session: detect it in English, for the English tests that follow
    with i18n.speaking("en"):
        return sim_report(name)


def test_verdict_titles_come_in_both_languages(zh):
    for verdict, english in VERDICTS.items():
        assert has_chinese(verdict_title(verdict)), verdict
    i18n.set_language("en")
    assert {v: verdict_title(v) for v in VERDICTS} == VERDICTS


def test_a_verdict_its_detail_fix_and_notes_in_chinese(sim_report):
    r = english_report(sim_report, "rx6600xt-ubuntu2204")
    i18n.set_language("zh_CN")
    res = judge(probe(("AMD Radeon RX 6600 XT", "gfx1032")), r)
    assert res.verdict == "override-needed"  # the id stays
    assert has_chinese(res.title) and has_chinese(res.detail) and has_chinese(res.fix.text)
    assert "has no gfx1032 code" not in res.detail and "gfx1032" in res.detail
    assert res.fix.command == "export HSA_OVERRIDE_GFX_VERSION=10.3.0"  # commands stay as they are
    res = judge(probe(("AMD Radeon RX 6600 XT", "gfx1030"), env={"HSA_OVERRIDE_GFX_VERSION": "10.3.0"}), r)
    assert res.verdict == "ok" and has_chinese(res.detail) and res.notes and all(has_chinese(n) for n in res.notes)
    res = judge(probe(torch="2.13.0+cpu", hip=None, arch=[]), r)
    assert res.verdict == "cpu-only-wheel" and has_chinese(res.detail) and has_chinese(res.fix.text)
    assert "+rocm" in res.fix.command


def test_a_hidden_gpu_has_a_cause_code_that_does_not_depend_on_the_words(sim_report):
    # doctor reads the cause, not the (translated) detail
    r = english_report(sim_report, "rx7900xtx-ubuntu2404")
    i18n.set_language("zh_CN")
    res = judge(probe(available=False, env={"ROCR_VISIBLE_DEVICES": ""}), r)
    assert res.verdict == "device-not-visible" and res.cause == "visibility-mask" and has_chinese(res.detail)
    assert res.to_json()["cause"] == "visibility-mask" and res.fix.command == "unset ROCR_VISIBLE_DEVICES"
    assert judge(probe(("Radeon RX 7900 XTX", "gfx1100")), r).cause is None


def test_recommendation_whys_and_warnings_in_chinese(sim_report):
    r = english_report(sim_report, "rx6600xt-ubuntu2204")
    i18n.set_language("zh_CN")
    rec = recommend(r)
    assert rec.why and all(has_chinese(s) for s in rec.why.values()), rec.why
    assert rec.pip_command.startswith("pip install torch==")
    with pytest.raises(RecommendError) as exc:
        recommend(r, torch_version="1.0.0")
    assert has_chinese(str(exc.value)) and "1.0.0" in str(exc.value)


def test_presets_say_why_in_chinese(sim_report):
    r = english_report(sim_report, "rx6600xt-ubuntu2204")
    i18n.set_language("zh_CN")
    found = suggest(r)
    assert found and all(has_chinese(s.why) for s in found)
    assert {s.key for s in found} >= {"HSA_OVERRIDE_GFX_VERSION"}  # keys and values stay


def test_env_findings_in_chinese(zh):
    findings = check_env({"HSA_OVERRIDE_GFX_VERSION": "10.3", "ROCR_VISIBLE_DEVICES": "", "GPU_MAX_HW_QUEUES": "8",
                          "PATH": "/x", "AMD_LOG_LEVEL": "9"})
    assert len(findings) == 5 and all(has_chinese(f.message) for f in findings)
    assert str(findings[0]).startswith("HSA_OVERRIDE_GFX_VERSION: ")  # the key leads, as in English
    with pytest.raises(ValueError) as exc:
        parse_alloc_conf("expandable_segments:yes")
    assert has_chinese(str(exc.value)) and "expandable_segments" in str(exc.value)


def test_install_steps_and_errors_in_chinese(zh, tmp_path):
    parser = PipOutputParser()
    events = [parser.feed(line) for line in ("Collecting torch==2.13.0+rocm7.2",
                                             "  Downloading torch-2.13.0%2Brocm7.2-cp311-linux_x86_64.whl (4.5 GB)",
                                             "Progress 1000 of 4500000000",
                                             "Installing collected packages: torch",
                                             "Successfully installed torch-2.13.0+rocm7.2")]
    assert all(ev is not None and has_chinese(ev.message) for ev in events)
    assert events[1].package == "torch-2.13.0+rocm7.2-cp311-linux_x86_64.whl"  # names stay
    with pytest.raises(InstallError) as exc:
        check_requirements(["torch"], None)
    assert has_chinese(str(exc.value)) and "'torch'" in str(exc.value)
    assert has_chinese(DiskCheck(str(tmp_path), 1 << 30, 10 << 30).message())
    assert has_chinese(DiskCheck(str(tmp_path), None, 10 << 30).message())


def test_profile_errors_in_chinese(zh, tmp_path):
    with pytest.raises(InvalidName) as exc:
        check_name("no good")
    assert has_chinese(str(exc.value))
    with pytest.raises(ProfileNotFound) as exc:
        ProfileStore(tmp_path).load("missing")
    assert has_chinese(str(exc.value)) and "'missing'" in str(exc.value)
    (tmp_path / "bad.toml").write_text('project_dir = "/p"\n', encoding="utf-8")
    with pytest.raises(ProfileFileError) as exc:
        ProfileStore(tmp_path).load("bad")
    assert has_chinese(str(exc.value)) and "'venv'" in str(exc.value)
    assert all(has_chinese(w) for w in path_warnings("/tmp/a$b"))


def test_hook_notes_are_chinese_but_the_csh_block_is_the_same_in_every_language(tmp_path):
    env = {"X": "line one\nline two"}
    i18n.set_language("en")
    try:
        english, english_note = render_csh("p1", env, "deactivate")
        i18n.set_language("zh_CN")
        block, note = render_csh("p1", env, "deactivate")
        assert block == english and "is not applied in csh" in block  # a script: English, and stable
        assert has_chinese(note) and not has_chinese(english_note)
        with pytest.raises(HookError) as exc:
            quote_csh("a\nb")
        assert has_chinese(str(exc.value))
        venv = make_venv(tmp_path / "venv")
        results = apply_hooks(venv, "p1", env)
        assert any(r.note and has_chinese(r.note) for r in results)
        i18n.set_language("en")
        # written in Chinese, checked in English: the blocks are current (their text has no translated words)
        assert {s.state for s in hook_status(venv, "p1", env) if s.state != "absent"} == {"current"}
        with pytest.raises(HookError):
            apply_hooks(tmp_path / "nothing", "p1", env)
    finally:
        i18n.set_language(None)


def test_export_errors_are_chinese_and_files_stay_english(zh, tmp_path):
    prof = Profile(name="p1", project_dir=str(tmp_path / "proj"), venv=str(tmp_path / "venv"),
                   env={"HSA_OVERRIDE_GFX_VERSION": "10.3.0"})
    text = render_envrc(prof)
    assert not has_chinese(text) and "Generated by rocmdesk" in text
    with pytest.raises(ExportError) as exc:
        write_export(prof, "jupyter")
    assert has_chinese(str(exc.value)) and "ipykernel" in str(exc.value)
    (tmp_path / "proj").mkdir()
    (tmp_path / "proj" / ".envrc").write_text("mine\n", encoding="utf-8")
    with pytest.raises(ExportError) as exc:
        write_export(prof, "envrc")
    assert has_chinese(str(exc.value)) and "--force" in str(exc.value)


def test_english_stays_english(en, sim_report):
    res = judge(probe(("AMD Radeon RX 6600 XT", "gfx1032")), english_report(sim_report, "rx6600xt-ubuntu2204"))
    i18n.set_language("en")
    assert not has_chinese(res.detail) and not has_chinese(res.title) and not has_chinese(res.fix.text)
    assert not any(has_chinese(f.message) for f in check_env({"ROCR_VISIBLE_DEVICES": ""}))
    assert not has_chinese(json.dumps(res.to_json(), ensure_ascii=False))
