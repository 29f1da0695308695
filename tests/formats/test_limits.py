"""Limits on untrusted input (issue 16, finding 7): deeply nested JSON and huge inputs give one clear error
(a FormatError/LimitError, an InputError at the command line), never a RecursionError traceback.

Every parser of pasted or file input that can nest: the formats' JSON (rocm-smi, amd-smi, any JSON-looking
paste), the JSON rocmdesk wrote that ``doctor --from`` reads, ``torch verify --probe-json``; and the JSON lines
a child process prints (the probe, the sanity check, the helper's events) and the simulated machines' cache.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from rocmdesk import formats
from rocmdesk.cli import EXIT_INPUT, main
from rocmdesk.doctor.text_checks import diagnose_text
from rocmdesk.formats import FormatError, LimitError, limits
from rocmdesk.formats.amd_smi import parse_amd_smi
from rocmdesk.formats.rocm_smi import parse_rocm_smi
from rocmdesk.inspect import inspect_text

DEEP = 100_000
DEEP_LIST = "[" * DEEP  # the review's input: 100,000 "[" and nothing else
DEEP_BALANCED = "[" * DEEP + "]" * DEEP
# a rocmdesk verify result (a JSON object, read by doctor's own-JSON path) with a deep value inside
DEEP_OBJECT = '{"verdict": "ok", "x": ' + "[" * DEEP + "1" + "]" * DEEP + "}"
# amd-smi --json's shape, one value nested deep
DEEP_AMD = '[{"gpu": 0, "asic": ' + '{"a": ' * 50_000 + "1" + "}" * 50_000 + "}]"
# rocm-smi --json after its warning lines
DEEP_ROCM = "WARNING: AMD GPU device(s) is/are in a low-power state. Check power control/runtime_status\n\n" + (
    '{"card0": {"Device Name": "Navi 21", "x": ' + "[" * DEEP + "]" * DEEP + "}}")
NESTS = "nests deeper than 64 levels"


# -- the depth check itself ----------------------------------------------------------------------------------
def test_the_limit_is_exact_and_strings_do_not_count():
    assert not limits.exceeds_depth("[" * 64 + "]" * 64)
    assert limits.exceeds_depth("[" * 65 + "]" * 65)
    assert not limits.exceeds_depth('{"a": "' + "[" * 500 + '"}')  # brackets inside a string
    assert not limits.exceeds_depth('{"a": "\\"' + "{" * 500 + '"}')  # ... after an escaped quote
    assert limits.exceeds_depth('{"a": "\\\\", "b": ' + "[" * 500 + "]" * 500 + "}")  # an escaped backslash
    # a paste: text after the first document does not count
    assert not limits.exceeds_depth("[1]\n" + "[" * 500, first_value_only=True)
    assert limits.exceeds_depth("[1]\n" + "[" * 500)


def test_loads_is_json_loads_within_the_limits():
    assert limits.loads('{"a": [1, {"b": null}]}') == {"a": [1, {"b": None}]}
    assert limits.loads(b'[1, 2]') == [1, 2]
    for text in (DEEP_LIST, DEEP_BALANCED, DEEP_OBJECT):
        with pytest.raises(LimitError, match=NESTS):
            limits.loads(text)
    with pytest.raises(LimitError, match="more than the 0.5 MiB"):
        limits.loads("[" + "1," * (1 << 19) + "1]", max_chars=1 << 19)
    assert issubclass(LimitError, FormatError) and issubclass(LimitError, ValueError)  # old `except ValueError`s hold


# -- the formats ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("text", [DEEP_LIST, DEEP_BALANCED, DEEP_OBJECT, DEEP_AMD, DEEP_ROCM],
                         ids=["list", "balanced", "object", "amd-smi", "rocm-smi"])
def test_deep_json_is_a_limit_error_for_parse_and_inspect(text):
    with pytest.raises(LimitError, match=NESTS):
        formats.parse(text)
    with pytest.raises(LimitError, match=NESTS):
        inspect_text(text.encode(), "paste.json")


def test_each_json_parser_refuses_deep_json_itself():
    with pytest.raises(LimitError, match=NESTS):
        parse_amd_smi(DEEP_AMD)
    with pytest.raises(LimitError, match=NESTS):
        parse_rocm_smi(DEEP_ROCM)
    with pytest.raises(LimitError, match=NESTS):  # amdsmi's Python dict
        parse_amd_smi("{'temperature_edge': 45, 'x': " + "[" * DEEP + "]" * DEEP + "}")


def test_a_json_document_beyond_the_size_limit_is_an_error_not_a_cut():
    """A whole amd-smi dump larger than the 8 MiB rocmdesk reads of one JSON document: before, it was cut at
    8 MiB and "repaired" into a report of the first GPUs, as if a pager had cut it."""
    entry = '{"gpu": 0, "asic": {"market_name": "AMD Instinct MI300X"}}'
    text = "[" + ",".join([entry] * (9 * (1 << 20) // len(entry))) + "]"
    with pytest.raises(LimitError, match=r"the JSON is 9(\.\d)? MiB, more than the 8 MiB rocmdesk reads"):
        parse_amd_smi(text)
    # a short dump cut by `head` is still read up to its last complete value
    report = parse_amd_smi("[" + ",".join(entry.replace("0", str(i)) for i in range(3)) + ",\n" + entry[:20])
    assert report.truncated and len(report.gpus) == 3


def test_an_input_beyond_the_size_limit_is_a_limit_error(monkeypatch):
    monkeypatch.setattr(limits, "MAX_INPUT_BYTES", 1 << 20)
    with pytest.raises(LimitError, match=r"the input is 1.5 MiB, more than the 1 MiB rocmdesk reads"):
        formats.decode_input(b"x" * (3 << 19))
    assert formats.decode_input(b"ok\n") == "ok\n"


# -- doctor --from and inspect at the command line -----------------------------------------------------------
@pytest.mark.parametrize("text", [DEEP_LIST, DEEP_OBJECT, DEEP_AMD], ids=["list", "object", "amd-smi"])
def test_doctor_from_a_deep_paste_names_the_limit(text, tmp_path, capsys):
    info, found = diagnose_text(text.encode(), "paste.json")
    assert info.error is not None and NESTS in info.error and found == []
    path = tmp_path / "deep.json"
    path.write_text(text)
    assert _main_code(["doctor", "--from", str(path)]) == EXIT_INPUT
    assert _main_code(["inspect", str(path)]) == EXIT_INPUT
    err = capsys.readouterr().err
    assert err.count(NESTS) == 2 and "Traceback" not in err


def test_cli_inputs_beyond_the_size_limit_are_input_errors(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(limits, "MAX_INPUT_BYTES", 1 << 20)
    big = tmp_path / "big.log"
    big.write_bytes(b"a log line\n" * (1 << 17))  # 1.4 MiB
    assert _main_code(["inspect", str(big)]) == EXIT_INPUT
    assert _main_code(["doctor", "--from", str(big)]) == EXIT_INPUT
    err = capsys.readouterr().err
    assert err.count(f"{big}: more than 1 MiB: not a log or tool output") == 2 and "Traceback" not in err


def test_torch_verify_probe_json_that_nests_too_deep(tmp_path, capsys):
    path = tmp_path / "probe.json"
    path.write_text(DEEP_OBJECT)
    code = _main_code(["torch", "verify", "--probe-json", str(path), "--simulate", "rx6600xt-ubuntu2204"])
    assert code == EXIT_INPUT
    err = capsys.readouterr().err
    assert f"{path}: the JSON {NESTS}" in err and "Traceback" not in err


def _main_code(argv: list[str]) -> int:
    try:
        return main(argv)
    except SystemExit as exc:
        return int(exc.code)


# -- JSON lines from child processes, and the simulated machines' cache ---------------------------------------
def _fake_python(tmp_path: Path, body: str) -> Path:
    py = tmp_path / "bin" / "python"
    py.parent.mkdir(parents=True, exist_ok=True)
    py.write_text(f"#!{sys.executable}\nimport json, sys\n" + body)
    py.chmod(0o755)
    return py


def test_a_deep_line_from_the_probe_is_not_its_report(tmp_path):
    from rocmdesk.torchenv.verify import WHEEL_PREFIX, ProbeRun, run_probe

    py = _fake_python(tmp_path, "print(json.dumps({'probe_version': 1}))\n"
                                f"print('{{\"a\": ' + '[' * {DEEP} + ']' * {DEEP} + '}}')\n")
    probe = run_probe(py, timeout=60)
    assert probe.data == {"probe_version": 1}  # the last line nested too deep: the one before it is the report
    deep_wheel = ProbeRun(python=str(py), data=None, stderr=WHEEL_PREFIX + DEEP_OBJECT + "\n")
    assert deep_wheel.wheel == {}


def test_a_deep_line_from_the_sanity_check_is_stray_output(tmp_path):
    from rocmdesk.sanity.runner import SanityOptions, run_sanity

    def out(**ev):
        return f"print(json.dumps({ev!r}), flush=True)\n"

    body = (out(event="start", phases=["device"], torch="0+fake", device="cpu", device_name="CPU", size="tiny",
                steps=2)
            + f"print('{{\"event\": \"phase\", \"x\": ' + '[' * {DEEP} + ']' * {DEEP} + '}}', flush=True)\n"
            + out(event="phase", name="device", status="start")
            + out(event="phase", name="device", status="end", ok=True, seconds=0.1)
            + out(event="result", passed=True, device="cpu"))
    py = _fake_python(tmp_path, body)
    events: list[dict] = []
    res = run_sanity(SanityOptions(python=py, steps=2), on_event=events.append)
    assert res.passed and [ev["event"] for ev in events] == ["start", "phase", "phase", "result"]


def test_a_deep_line_from_the_helper_is_no_event():
    from rocmdesk.setup import events

    assert events.parse_line('{"event": "done", "x": ' + "[" * DEEP + "]" * DEEP + "}") is None
    assert events.parse_line('{"event": "done"}') is not None


def test_a_deep_simulated_machine_cache_is_no_cache(tmp_path):
    from rocmdesk.machine.simcache import META_FILE, sim_metadata

    (tmp_path / META_FILE).write_text(DEEP_OBJECT)
    assert sim_metadata(tmp_path) is None
