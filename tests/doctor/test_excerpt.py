"""The Doctor reads a big log whole in bounded memory (issue 17): an error at its start, in its middle or at its end
is found, the report says how the log was read, and when lines of interest had to be left out it says so."""

from __future__ import annotations

import sys
import tracemalloc
from pathlib import Path

import pytest

from rocmdesk.cli import main
from rocmdesk.doctor.catalogue import catalogue
from rocmdesk.doctor.diagnose import diagnose
from rocmdesk.doctor.excerpt import KEYWORDS, MIDDLE_BYTES, excerpt_bytes, excerpt_file

ERROR = "RuntimeError: HIP error: invalid device function\n"
NOISE = "Dec 04 10:11:12 host app[123]: request {i} served in 0.{i:03d}s path=/api/v1/items/{i}\n"


def _log(path: Path, mb: int, where: str) -> Path:
    lines = [NOISE.format(i=i % 1000) for i in range(mb * 1_000_000 // 80)]
    at = {"start": 3, "middle": len(lines) // 2, "end": len(lines) - 3}[where]
    lines[at] = ERROR
    path.write_text("".join(lines))
    return path


@pytest.mark.parametrize("where", ["start", "middle", "end"])
def test_an_error_anywhere_in_a_20_mb_log_is_found(tmp_path: Path, where: str) -> None:
    path = _log(tmp_path / "journal.log", 20, where)
    excerpt_bytes(b"warm up: numpy's import is no part of the reading\n")
    tracemalloc.start()
    part = excerpt_file(path)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 16 << 20  # a 20 MB log read in chunks: the excerpt and a few chunks, never the whole
    assert len(part.data) < 1 << 20 and ERROR.encode() in part.data
    assert part.notes[0].startswith("read all 20.") and not part.cut
    ids = {f.id for f in diagnose(None, texts=[("journal.log", part)]).findings}
    assert "wheel-missing-arch" in ids


def test_the_command_reads_a_big_file_whole_and_says_so(tmp_path: Path, capsys) -> None:
    path = _log(tmp_path / "journal.log", 8, "middle")
    assert main(["doctor", "--from", str(path)]) == 6
    out = capsys.readouterr().out
    assert "read all 8." in out and "wheel-missing-arch" in out


def test_standard_input_is_streamed_too(tmp_path: Path) -> None:
    """`journalctl | rocmdesk doctor --from -`: a pipe is read in chunks like a big file (the error in its middle
    found, the report saying how it was read), and the process never holds the whole input."""
    import subprocess

    path, n = tmp_path / "journal.log", 120_000_000 // 80
    with open(path, "w") as fh:  # written as it goes: this test's own memory stays small too
        for i in range(n):
            fh.write(ERROR if i == n // 2 else NOISE.format(i=i % 1000))
    # VmHWM, the peak of this process's own memory (ru_maxrss would carry this test's own peak across exec)
    code = ("import sys; from rocmdesk.cli import main; rc = main(['doctor', '--from', '-']); "
            "sys.stderr.write([ln for ln in open('/proc/self/status') if ln.startswith('VmHWM')][0]); sys.exit(rc)")
    with open(path, "rb") as stdin:
        run = subprocess.run([sys.executable, "-c", code], stdin=stdin, capture_output=True, text=True, timeout=300)
    assert run.returncode == 6, run.stderr
    assert "wheel-missing-arch" in run.stdout and "read all 124." in run.stdout  # 124.2 MB, every line
    peak_kib = int(run.stderr.rsplit("VmHWM:", 1)[1].split()[0])
    assert peak_kib < 100 << 10, f"{peak_kib} KiB for a 124 MB pipe"  # read whole, it would be over 124 MB


def test_a_small_standard_input_is_read_as_it_is(monkeypatch, capsys) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(ERROR.encode())))
    assert main(["doctor", "--from", "-"]) == 6
    out = capsys.readouterr().out
    assert "wheel-missing-arch" in out and "read all" not in out


def test_too_many_lines_of_interest_are_cut_and_the_report_says_so() -> None:
    text = "".join(f"[{i}] amdgpu: ring gfx timeout, signaled seq={i}\n" for i in range(400_000))
    part = excerpt_bytes(text.encode())
    assert part.cut and part.left_out > 0 and len(part.data) < MIDDLE_BYTES + (600 << 10)
    assert any("more lines of interest in the middle were left out" in n for n in part.notes)
    [info] = diagnose(None, texts=[("dmesg.txt", part)]).inputs
    assert info.truncated and any("left out" in n for n in info.notes)


def test_one_endless_line_is_read_in_pieces() -> None:
    part = excerpt_bytes(b"x" * (9 << 20) + b" HIP error: invalid device function " + b"y" * (9 << 20))
    assert len(part.data) < 2 << 20
    assert part.total_lines == 1  # its pieces are not counted as lines
    assert excerpt_bytes(b"a\n" + b"z" * (20 << 20) + b"\nb\n").total_lines == 3


def test_every_catalogue_symptom_holds_a_keyword() -> None:
    # a line in the middle of a big log is read only when it holds one: every pattern's sample spelling must
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
    from gen_troubleshooting import symptom_examples

    missing = [(e.id, sample) for e in catalogue().values() for p in e.patterns
               for _shown, sample in symptom_examples(p.pattern)
               if not any(k in sample.lower().encode() for k in KEYWORDS)]
    assert not missing


def test_repeats_of_a_line_of_interest_do_not_crowd_out_an_error_said_once() -> None:
    # a journal says "gpu" in a routine line every few hundred lines (with its own counter): those repeats must not
    # fill the excerpt and push out the one real error in the middle
    lines = [NOISE.format(i=i % 1000) if i % 300 else f"Dec 04 10:11:12 host mon[9]: gpu poll {i} ok\n"
             for i in range(250_000)]
    lines[125_001] = ERROR
    part = excerpt_bytes("".join(lines).encode())
    assert ERROR.encode() in part.data and part.left_out == 0
    assert any("only repeat one kept before" in n for n in part.notes)
    assert "wheel-missing-arch" in {f.id for f in diagnose(None, texts=[("journal.log", part)]).findings}


def test_the_one_pass_finds_the_lines_that_keyword_finds_do() -> None:
    # the numpy pass over a chunk (anchors, groups, vectorized checks) against the plain bytes.find reading
    import random

    from rocmdesk.doctor.excerpt import keyword_offsets, lines_of_interest

    rng = random.Random(17)
    alphabet = b"abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-:\n"
    for _ in range(300):
        parts = []
        for _ in range(rng.randint(0, 60)):
            if rng.random() < 0.3:
                kw = rng.choice(KEYWORDS)
                parts.append(bytes(c ^ 32 if chr(c).isalpha() and rng.random() < .5 else c for c in kw))
            else:
                parts.append(bytes(rng.choice(alphabet) for _ in range(rng.randint(0, 30))))
        pad = bytes(rng.choice(alphabet) for _ in range(rng.randint(0, 9))) + b"\n"  # read from an offset
        text = (b"".join(parts) + b"\n").decode()
        offsets = keyword_offsets(pad + text.encode(), len(pad)).tolist()
        found = [text[s:text.find("\n", s)] for s in sorted({text.rfind("\n", 0, o) + 1 for o in offsets})]
        assert found == lines_of_interest(text)


def test_a_pipe_named_on_the_command_line_is_read_whole(capsys) -> None:
    """`rocmdesk doctor --from <(journalctl ...)`: the snapshot check must not eat the start of a pipe."""
    import os

    r, w = os.pipe()
    os.write(w, ERROR.encode() + b"".join(NOISE.format(i=i).encode() for i in range(100)))
    os.close(w)
    try:
        assert main(["doctor", "--from", f"/dev/fd/{r}"]) == 6
    finally:
        os.close(r)
    assert "wheel-missing-arch" in capsys.readouterr().out


def test_a_log_is_not_opened_as_a_snapshot(tmp_path: Path) -> None:
    # telling a log from a snapshot costs a look at its first bytes, not the import of tarfile and capture
    import subprocess

    path = _log(tmp_path / "journal.log", 2, "middle")
    code = ("import sys; from rocmdesk.cli import main; rc = main(['doctor', '--from', sys.argv[1]]); "
            "sys.stderr.write(str('rocmdesk.capture' in sys.modules)); sys.exit(rc)")
    run = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 6 and run.stderr.endswith("False"), run.stderr


def test_prepare_loads_what_reading_a_text_needs() -> None:
    # doctor --from calls prepare() while grep runs: afterwards diagnosing a text imports nothing more
    import subprocess

    code = ("import sys; from rocmdesk.doctor.diagnose import diagnose, prepare; prepare(); before = set(sys.modules); "
            "diagnose(None, texts=[('x', b'RuntimeError: HIP error: invalid device function\\nrocminfo\\n')]); "
            "print(sorted(set(sys.modules) - before))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and run.stdout.strip() == "[]", run.stdout + run.stderr
