"""Support reasons in zh_CN: the clauses support_for writes and the data files' sentences it quotes.

English is the source: without a language set (the tests run with LANGUAGE=en) reasons read as before.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

from rocmdesk import i18n, knowledge
from rocmdesk.knowledge._data import load_json
from rocmdesk.knowledge.releases import rocm_releases
from tests.zh import has_chinese

ROOT = Path(__file__).resolve().parents[2]
# clause words of an English reason; quoted error messages ('HIP error: ...') stay English on purpose
ENGLISH = re.compile(r"\b(the|and|not|lack|carry|wheels|runs|known|override|list|unverified)\b")


def _script():
    spec = importlib.util.spec_from_file_location("i18n_script", ROOT / "scripts" / "i18n.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_reasons_are_english_without_a_language():
    s = knowledge.support_for("gfx1032", "6.2.4")
    assert s.reason.startswith("not on AMD's list for ROCm 6.2.4; torch ")
    assert "runs with HSA_OVERRIDE_GFX_VERSION=10.3.0 (the wheels carry gfx1030)" in s.reason


def test_a_reason_is_chinese_in_zh_CN_and_the_verdict_is_the_same(zh):
    s = knowledge.support_for("gfx1032", "6.2.4")
    assert (s.status, s.override) == ("override", "10.3.0")
    assert s.reason.startswith("不在 AMD 对 ROCm 6.2.4 的支持列表中；")
    assert "HSA_OVERRIDE_GFX_VERSION=10.3.0" in s.reason and "gfx1030" in s.reason
    assert "社区报告" in s.reason  # the known issue, a sentence from gfx_targets.json
    assert knowledge.wheel_for("2.9.1+rocm6.4").label == "torch 2.9.1 wheel（rocm6.4）"


def test_no_english_clause_is_left_in_any_reason(zh):
    wheels = [None, "2.5.1", "rocm6.2.4", "9.9", knowledge.measured_wheel("2.6.0+rocm6.2.4", ["gfx1030"])]
    left = set()
    for target in knowledge.all_gfx_targets() + [None]:
        for rocm in (None, "6.2.4", "7.14.0", "10.0.0", "4.0", "junk", "6.4.9"):
            for wheel in wheels:
                reason = knowledge.support_for(target.gfx if target else "gfx9999", rocm, wheel).reason
                assert has_chinese(reason), reason
                if ENGLISH.search(re.sub(r"'[^']*'", "", reason)):
                    left.add(reason)
    assert not left, sorted(left)[:5]


def test_the_data_sentences_a_reason_quotes_reach_the_catalogue():
    script = _script()
    context, texts = script.DATA_STRINGS["knowledge/data/gfx_targets.json"]
    assert context == "rocmdesk.knowledge.gfx"
    collected = set(texts(load_json("gfx_targets.json")))
    for t in knowledge.all_gfx_targets():
        for sentence in (t.override_why, t.notes, t.no_rocm, *(i.why for i in t.issues)):
            assert not sentence or sentence in collected, (t.gfx, sentence)

    context, texts = script.DATA_STRINGS["knowledge/data/rocm_releases.json"]
    assert context == "rocmdesk.knowledge.releases"
    collected = set(texts(load_json("rocm_releases.json")))
    for rel in rocm_releases():
        if rel.gfx_note:
            assert rel.gfx_note.split(";")[0] in collected  # what support_for quotes
        if rel.preview and rel.notes:
            assert rel.notes in collected  # what Setup's preflight quotes


def test_the_data_stub_files_each_sentence_once_under_its_context(tmp_path):
    script = _script()
    data = tmp_path / "knowledge" / "data"
    data.mkdir(parents=True)
    (data / "gfx_targets.json").write_text(
        '{"targets": [{"override": {"why": "same ISA"}, "no_override_why": "", "no_rocm": "", "notes": "a \\"note\\"",'
        ' "issues": [{"why": "same ISA"}]}, {"override": null, "no_override_why": "no override", "notes": ""}]}')
    (data / "rocm_releases.json").write_text(
        '{"releases": [{"gfx": {"note": "assumed; more"}, "preview": true, "notes": "a preview"},'
        ' {"gfx": null, "preview": false, "notes": "not shown"}]}')
    stub = script.data_stub(tmp_path, sources=tmp_path).read_text(encoding="utf-8").splitlines()
    assert stub == ['QT_TRANSLATE_NOOP("rocmdesk.knowledge.gfx", "same ISA")',
                    'QT_TRANSLATE_NOOP("rocmdesk.knowledge.gfx", "a \\"note\\"")',
                    'QT_TRANSLATE_NOOP("rocmdesk.knowledge.gfx", "no override")',
                    'QT_TRANSLATE_NOOP("rocmdesk.knowledge.releases", "assumed")',
                    'QT_TRANSLATE_NOOP("rocmdesk.knowledge.releases", "a preview")']


def test_every_data_sentence_has_chinese(zh):
    script = _script()
    missing = []
    for rel in ("knowledge/data/gfx_targets.json", "knowledge/data/rocm_releases.json"):
        context, texts = script.DATA_STRINGS[rel]
        missing += [t for t in texts(load_json(Path(rel).name)) if not has_chinese(i18n.translate(context, t))]
    assert not missing, "run scripts/i18n.py update, export and import (docs/translating.md): " + repr(missing[:5])
