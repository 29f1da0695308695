"""A big file's lines of interest found by grep beside the reader (doctor.grep_offsets) give the very excerpt the
Doctor's own search gives, and anything odd about grep (missing, failing, lying) falls back to that search."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from rocmdesk.doctor.excerpt import KEYWORDS, excerpt_file
from rocmdesk.doctor.grep_offsets import GrepOffsets, pattern
from tests.conftest import need_program

NOISE = b"Dec 04 10:11:12 host app[123]: request %d served path=/api/v1/items/%d\n"
ERROR = b"RuntimeError: HIP error: invalid device function\n"


def _write(path: Path, lines: int, extra: dict[int, bytes]) -> Path:
    with open(path, "wb") as fh:
        for i in range(lines):
            fh.write(extra.get(i, NOISE % (i, i % 977)))
    return path


CASES = {
    "start": lambda p: _write(p, 60_000, {2: ERROR}),
    "middle": lambda p: _write(p, 60_000, {30_000: ERROR}),
    "end": lambda p: _write(p, 60_000, {59_998: ERROR}),
    "dense": lambda p: _write(p, 60_000, {i: b"[%d] amdgpu: ring gfx timeout, signaled seq=%d\n" % (i, i)
                                          for i in range(0, 60_000, 3)}),
    "mixed case": lambda p: _write(p, 60_000, {7: b"rOcBlAs error: Cannot read TensileLibrary.dat\n",
                                               40_000: b"Memory access fault by GPU node-1\n"}),
    "long line of interest": lambda p: _write(p, 40_000, {20_000: b"hip " + b"x" * (3 << 20) + b"\n"}),
    "binary": lambda p: _write(p, 40_000, {5: b"\0\xff\xfe gfx1030 \0\n", 30_000: ERROR}),
    "no end of line": lambda p: p.write_bytes(NOISE * 30_000 + b"segmentation fault (core dumped)"),
}


@pytest.fixture(autouse=True)
def _grep() -> None:
    need_program("grep", "grep")


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_excerpt_is_the_same_as_the_own_searchs(tmp_path: Path, case: str) -> None:
    path = tmp_path / "log"
    CASES[case](path)
    assert excerpt_file(path) == excerpt_file(path, use_grep=False)


def test_grep_gives_the_offset_of_every_line_of_interest(tmp_path: Path) -> None:
    path = _write(tmp_path / "log", 1000, {10: ERROR, 11: b"GPU\n", 500: b"x" * 100_000 + b" rocm\n"})
    starts = [0]
    with open(path, "rb") as fh:
        for line in fh:
            starts.append(starts[-1] + len(line))
        grep = GrepOffsets.start(path, fh.fileno(), KEYWORDS)
    assert grep is not None
    assert grep.upto(starts[11]).tolist() == [starts[10]]
    assert grep.upto(path.stat().st_size).tolist() == [starts[11], starts[500]]
    assert grep.finish()


def _fake_grep(tmp_path: Path, body: str) -> None:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake = bin_dir / "grep"
    fake.write_text("#!/bin/sh\n" + body + "\n")
    fake.chmod(fake.stat().st_mode | stat.S_IXUSR)
    os.environ["PATH"] = f"{bin_dir}:{os.environ['PATH']}"


@pytest.mark.parametrize("body", [
    "exit 2",  # grep's own error
    "kill -9 $$",  # killed
    "echo 'not:an offset'; exit 0",  # output that is not -b's
    "echo 0:x; exit 0",  # a liar: claims line 0 only, then says it found something
])
def test_a_grep_that_fails_or_lies_falls_back_to_the_own_search(tmp_path: Path, monkeypatch, body: str) -> None:
    path = _write(tmp_path / "log", 60_000, {30_000: ERROR})
    want = excerpt_file(path, use_grep=False)
    monkeypatch.setenv("PATH", os.environ["PATH"])
    _fake_grep(tmp_path, body)
    got = excerpt_file(path)
    if body.startswith("echo 0:x"):
        # a grep that exits 0 is believed: what it found is read, and the head and tail are whole all the same
        assert ERROR not in got.data and got.data.startswith(want.data[:1000])
    else:
        assert got == want


def test_no_grep_at_all_is_the_own_search(tmp_path: Path, monkeypatch) -> None:
    path = _write(tmp_path / "log", 60_000, {30_000: ERROR})
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    with open(path, "rb") as fh:
        assert GrepOffsets.start(path, fh.fileno(), KEYWORDS) is None
    assert ERROR in excerpt_file(path).data


def test_a_file_swapped_after_opening_is_not_searched_by_path(tmp_path: Path, monkeypatch) -> None:
    # grep is handed its own descriptor of the file the reader opened, checked to be the same file
    path = _write(tmp_path / "log", 60_000, {30_000: ERROR})
    other = _write(tmp_path / "other", 60_000, {})
    with open(path, "rb") as fh:
        os.replace(other, path)  # the path now names another file
        assert GrepOffsets.start(path, fh.fileno(), KEYWORDS) is None


def test_only_plain_words_become_the_pattern() -> None:
    assert pattern((b"hip", b"out of memory", b"4104")) == "hip|out of memory|4104"
    for odd in (b"a|b", b"x.*", b"", b"\\(", "é".encode()):
        with pytest.raises(ValueError):
            pattern((b"hip", odd))


def test_doctor_starts_grep_before_loading_the_rest(tmp_path: Path) -> None:
    # grep's half second over a big log begins before dataclasses, the formats and numpy are imported
    import subprocess
    import sys

    path = _write(tmp_path / "log", 60_000, {30_000: ERROR})
    probe = """
import json, os, sys
seen = {}
real = os.posix_spawnp
def spawn(name, *args, **kw):
    seen[name] = sorted(m for m in ("dataclasses", "numpy", "subprocess", "rocmdesk.formats", "rocmdesk.doctor.excerpt")
                        if m in sys.modules)
    return real(name, *args, **kw)
os.posix_spawnp = spawn
from rocmdesk.cli import main
code = main(["doctor", "--json", "--from", sys.argv[1]])
print(json.dumps(seen))
"""
    out = subprocess.run([sys.executable, "-c", probe, str(path)], capture_output=True, text=True, timeout=120)
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    assert seen == {"grep": []}, out.stderr
    assert "invalid device function" in out.stdout  # and it read the file with grep's help
