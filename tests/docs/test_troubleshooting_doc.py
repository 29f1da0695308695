"""docs/troubleshooting.md: generated from the Doctor's catalogue, one section per finding id, and current."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from rocmdesk.doctor.catalogue import catalogue

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "scripts" / "gen_troubleshooting.py"
DOC = REPO / "docs" / "troubleshooting.md"


def _gen():
    sys.path.insert(0, str(REPO / "scripts"))
    try:
        import gen_troubleshooting
    finally:
        sys.path.pop(0)
    return gen_troubleshooting


def test_doc_is_current() -> None:
    done = subprocess.run([sys.executable, str(SCRIPT), "--check"], capture_output=True, text=True, cwd=REPO)
    assert done.returncode == 0, done.stderr + "\nrun: python scripts/gen_troubleshooting.py"


def test_every_id_has_its_section_in_catalogue_order() -> None:
    text = DOC.read_text(encoding="utf-8")
    headings = re.findall(r"^## (\S+)$", text, re.M)
    assert headings == list(catalogue()), "one '## <id>' heading per catalogue entry, in catalogue order"
    for eid, entry in catalogue().items():
        # a heading that is exactly the id gets the anchor #<id> (GitHub lowercases and keeps '-')
        assert eid == eid.lower() and re.fullmatch(r"[a-z0-9-]+", eid), eid
        assert f"(#{eid})" in text  # the table of contents links to it
        body = text.split(f"\n## {eid}\n", 1)[1].split("\n## ", 1)[0]
        assert entry.title in body and "### Fix" in body
        for step in entry.fix_steps:
            assert step.text in body
            if step.command:
                assert step.command in body
        if entry.fix_kind == "auto":
            assert f"rocmdesk doctor --fix {eid}" in body


@pytest.mark.parametrize("eid", list(catalogue()))
def test_every_symptom_shown_is_one_the_doctor_recognizes(eid: str) -> None:
    gen = _gen()
    entry = catalogue()[eid]
    for pattern in entry.patterns:
        examples = gen.symptom_examples(pattern.pattern)
        assert examples, pattern.pattern
        for shown, sample in examples:
            assert pattern.search(sample), (pattern.pattern, sample)
            assert shown in DOC.read_text(encoding="utf-8")


def test_check_fails_when_the_doc_is_stale(tmp_path, monkeypatch) -> None:
    gen = _gen()
    stale = tmp_path / "troubleshooting.md"
    stale.write_text("# old\n", encoding="utf-8")
    monkeypatch.setattr(gen, "OUT", stale)
    assert gen.main(["--check"]) == 1
    assert gen.main([]) == 0
    assert gen.main(["--check"]) == 0
