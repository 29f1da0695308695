"""The scrubber over real-looking logs (tests/doctor/data/scrub, see its SOURCES.md) and over the real captures of
../shared/realdata: identities go, what a diagnosis needs stays, in ``scrub`` and in whole reports."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from rocmdesk.cli import main
from rocmdesk.doctor.diagnose import diagnose
from rocmdesk.doctor.report import scrub, to_json_text, to_markdown

DATA = Path(__file__).parent / "data" / "scrub"
EXPECTED = {k: v for k, v in json.loads((DATA / "expected.json").read_text(encoding="utf-8")).items()
            if not k.startswith("_")}


def test_every_corpus_file_is_listed():
    files = {p.name for p in DATA.iterdir() if p.name not in ("expected.json", "SOURCES.md")}
    assert files == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_scrub_takes_out_identities_and_keeps_the_diagnosis(name):
    want = EXPECTED[name]
    text = (DATA / name).read_text(encoding="utf-8")
    out = scrub(text)
    for secret in want["gone"]:
        assert secret.lower() not in out.lower(), (name, secret)
    for kept in want["kept"]:
        assert kept in out, (name, kept)
    if want.get("unchanged"):
        assert out == text
    assert out.count("\n") == text.count("\n")  # line for line


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_reports_of_a_corpus_file_carry_no_identity(name, tmp_path):
    want = EXPECTED[name]
    path = tmp_path / "home" / "anja" / "pastes" / name  # where the user kept it: not in the report either
    path.parent.mkdir(parents=True)
    path.write_bytes((DATA / name).read_bytes())
    d = diagnose(texts=[(str(path), path.read_bytes())])
    assert sorted(d.ids()) == sorted(want["findings"])
    for text in (to_markdown(d), to_json_text(d)):
        for secret in want["gone"] + [str(tmp_path), "pastes"]:
            assert secret.lower() not in text.lower(), (name, secret)
        assert name in text


def test_all_of_the_corpus_at_once_through_the_command_line(tmp_path, capsys):
    """``rocmdesk doctor --from`` every file, ``--report`` Markdown and JSON: no file's secret in either, and
    what one file gives away (kestrel-ws in a prompt) is out of the others' lines too."""
    args = ["doctor"]
    for name in sorted(EXPECTED):
        args += ["--from", str(DATA / name)]
    for report in (tmp_path / "r.md", tmp_path / "r.json"):
        main(args + ["--report", str(report)])
        out = capsys.readouterr().out
        for text in (out, report.read_text(encoding="utf-8")):
            for want in EXPECTED.values():
                for secret in want["gone"]:
                    assert secret.lower() not in text.lower(), (report.name, secret)
            assert str(DATA) not in text


_GFX = re.compile(r"\bgfx[0-9a-f]{3,4}\b")
_VERSION = re.compile(r"(?<![\w.])\d+\.\d+\.\d+(?:[-+~.][\w.~+-]*)?")


def test_real_captures_keep_what_a_diagnosis_needs(realdata):
    """Every text of ../shared/realdata (rocminfo, rocm-smi, amd-smi, collect_env, lspci, dmesg...): its gfx
    names, dotted versions and PCI ids survive the scrubber, and its serials and GPU UUIDs do not."""
    seen = 0
    for path in sorted(realdata.rglob("*")):
        if not path.is_file() or path.name.endswith(".source.md") or path.stat().st_size > 4 << 20:
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        seen += 1
        out = scrub(text)
        for pat in (_GFX, _VERSION, re.compile(r"\b[0-9a-fA-F]{4}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\.\d\b")):
            missing = set(pat.findall(text)) - set(pat.findall(out))
            assert not missing, (path.relative_to(realdata), sorted(missing)[:5])
        assert not re.search(r"Serial Number\"?\s*:\s*\"?\d{6,}", out), path
        assert not re.search(r"Uuid:\s+GPU-[0-9a-f]{8,}", out), path
    assert seen > 50
