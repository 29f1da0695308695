"""``rocmdesk doctor``: JSON shape, exit codes, --from files and stdin, the atomic --report, privacy."""

from __future__ import annotations

import io
import json
import os
import sys

import pytest

from rocmdesk.cli import EXIT_INPUT, EXIT_OK, EXIT_USAGE, main
from rocmdesk.cli.common import EXIT_FINDINGS
from rocmdesk.machine import simulate
from tests.torchenv.torch_fixtures import torch_venv  # noqa: F401 (fixture)


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_json_shape_on_a_faulty_machine(capsys):
    code, out, _ = run(capsys, "--simulate", "rx6600xt-ubuntu2204", "doctor", "--json")
    assert code == EXIT_FINDINGS
    doc = json.loads(out)
    assert {"findings", "machine", "versions", "inputs", "counts", "worst"} <= set(doc)
    assert [f["id"] for f in doc["findings"]] == ["gfx-needs-override", "groups-pending-relogin", "rocm-residue"]
    for f in doc["findings"]:
        assert {"id", "severity", "title", "evidence", "fix"} <= set(f)
        assert f["severity"] in ("error", "warning", "info") and f["evidence"]
        assert f["fix"]["kind"] in ("auto", "print") and f["fix"]["steps"]
        assert all({"id", "text", "command"} <= set(s) for s in f["fix"]["steps"])
    residue = doc["findings"][2]
    assert residue["fix"]["kind"] == "auto" and residue["fix"]["plan_steps"]


def test_healthy_machine_exits_0(capsys):
    code, out, _ = run(capsys, "doctor", "--simulate", "rx7900xtx-ubuntu2404")
    assert code == EXIT_OK and "No known problem found." in out
    code, out, _ = run(capsys, "doctor", "--simulate", "rx7900xtx-debian12")  # a warning only
    assert code == EXIT_OK and "igpu-dgpu-collision" in out


def test_from_files_only_read_the_texts(capsys, tmp_path):
    f = tmp_path / "trace.txt"
    f.write_text("Traceback (most recent call last):\n  File \"t.py\", line 1, in <module>\n"
                 "RuntimeError: HIP error: invalid device function\n")
    code, out, _ = run(capsys, "doctor", "--from", str(f), "--json")
    doc = json.loads(out)
    assert code == EXIT_FINDINGS and doc["machine"] is None
    assert [x["id"] for x in doc["findings"]] == ["wheel-missing-arch"]
    assert doc["inputs"][0]["format"] == "traceback"
    assert "invalid device function" in doc["findings"][0]["evidence"][0]


def test_from_stdin(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"HIP out of memory. Tried to allocate 2.00 GiB\n")))
    code, out, _ = run(capsys, "doctor", "--from", "-", "--json")
    doc = json.loads(out)
    assert code == EXIT_OK and [x["id"] for x in doc["findings"]] == ["vram-oom-fragmentation"]
    assert doc["inputs"][0]["label"] == "<stdin>"


def test_unreadable_and_binary_inputs_exit_3(capsys, tmp_path):
    code, _, err = run(capsys, "doctor", "--from", str(tmp_path / "missing.txt"))
    assert code == EXIT_INPUT and "cannot read" in err
    noise = tmp_path / "noise.bin"
    noise.write_bytes(os.urandom(1 << 20))
    code, out, err = run(capsys, "doctor", "--from", str(noise))
    assert code == EXIT_INPUT and "binary" in err and "Traceback" not in err
    assert "Nothing could be diagnosed" in out


def test_usage_errors_exit_2(capsys):
    code, _, _ = run(capsys, "doctor", "--root", "/", "--simulate", "rx7900xtx-ubuntu2404")
    assert code == EXIT_USAGE
    code, _, _ = run(capsys, "doctor", "--simulate", "no-such-machine")
    assert code == EXIT_USAGE


def test_report_is_markdown_written_atomically(capsys, tmp_path):
    target = tmp_path / "report.md"
    target.write_text("old report\n")
    code, _, err = run(capsys, "doctor", "--simulate", "rx6600xt-ubuntu2204", "--report", str(target))
    assert code == EXIT_FINDINGS and "Report written" in err
    text = target.read_text()
    assert text.startswith("# rocmdesk doctor report")
    for needle in ("## Machine", "## Versions", "## Findings (3)", "`gfx-needs-override`", "HSA_OVERRIDE_GFX_VERSION=10.3.0"):
        assert needle in text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.md"]  # no temporary file left
    js = tmp_path / "report.json"
    run(capsys, "doctor", "--simulate", "rx6600xt-ubuntu2204", "--report", str(js))
    assert json.loads(js.read_text())["findings"][0]["id"] == "gfx-needs-override"


def test_report_into_a_missing_folder_fails_cleanly_and_keeps_nothing(capsys, tmp_path):
    code, _, err = run(capsys, "doctor", "--simulate", "rx7900xtx-ubuntu2404", "--report",
                       str(tmp_path / "no" / "r.md"))
    assert code == EXIT_INPUT and "cannot write" in err
    assert not (tmp_path / "no").exists()


def test_failed_write_keeps_the_old_report(tmp_path, monkeypatch):
    from rocmdesk.doctor import report
    from rocmdesk.doctor.diagnose import diagnose

    target = tmp_path / "r.md"
    target.write_text("old\n")

    def boom(*a, **k):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        report.write_report(target, diagnose(None, texts=[("t", "HIP out of memory")]))
    assert target.read_text() == "old\n" and sorted(p.name for p in tmp_path.iterdir()) == ["r.md"]


@pytest.mark.parametrize("fmt", [[], ["--json"]])
def test_privacy_no_user_or_host_unless_opted_in(capsys, tmp_path, fmt):
    m = simulate.get_machine("rx6600xt-ubuntu2204")  # user "wei" on host "wei-desktop"
    paste = tmp_path / "rocminfo.txt"
    paste.write_text("wei@wei-desktop:~$ /opt/rocm/bin/rocminfo\nROCk module is loaded\n"
                     "Unable to open /dev/kfd read-write: Permission denied\n"
                     "wei is not member of \"render\" group, the default DRM access group.\n")
    report = tmp_path / "r.md"
    code, out, _ = run(capsys, "doctor", "--simulate", m.name, "--from", str(paste), "--report", str(report), *fmt)
    assert code == EXIT_FINDINGS
    for text in (out, report.read_text()):
        assert "kfd-permission" in text
        assert m.user not in text.replace("wei-desktop", "") and m.hostname not in text
        assert "<user>" in text
    code, out, _ = run(capsys, "doctor", "--simulate", m.name, "--from", str(paste), "--report", str(report),
                       "--include-identity", *fmt)
    assert m.hostname in report.read_text() and m.user in report.read_text()


def test_venv_with_a_cpu_wheel_is_wheel_cpu_only(capsys, torch_venv):
    code, out, _ = run(capsys, "--simulate", "rx7900xtx-ubuntu2404", "doctor", "--venv", str(torch_venv), "--json")
    doc = json.loads(out)
    assert code == EXIT_FINDINGS and [f["id"] for f in doc["findings"]] == ["wheel-cpu-only"]
    f = doc["findings"][0]
    assert f["origins"] == ["verify"] and any("torch 2.13.0" in e for e in f["evidence"])
    assert "pip" in (f["fix"]["steps"][0]["command"] or "")  # verify's own fix names the exact install


def test_missing_venv_is_venv_broken(capsys, tmp_path):
    code, out, _ = run(capsys, "--simulate", "rx7900xtx-ubuntu2404", "doctor", "--venv", str(tmp_path / "nope"),
                       "--json")
    assert code == EXIT_FINDINGS and [f["id"] for f in json.loads(out)["findings"]] == ["venv-broken"]


def test_fix_dry_run_of_the_cleanup(capsys):
    code, out, _ = run(capsys, "--simulate", "rx6600xt-ubuntu2204", "doctor", "--fix", "rocm-residue", "--dry-run")
    assert code == EXIT_OK
    assert "Remove /opt/rocm-5.7.1" in out and "the helper accepts this fix" in out


def test_fix_hands_the_group_plan_to_the_setup_runner(capsys, tmp_path, monkeypatch):
    """The fix's plan goes to the same runner as Setup's (pkexec + helper); here the runner is a stand-in
    that records the plan, since the helper itself refuses a plan for another user than its caller."""
    from dataclasses import replace

    from rocmdesk.cli import build_parser
    from rocmdesk.cli import doctor as cli_doctor
    from rocmdesk.setup import runner

    m = simulate.get_machine("rx7900xtx-ubuntu2404")
    groups = tuple(g for g in m.user_groups if g not in ("render", "video"))
    host = simulate.build_machine(replace(m, user_groups=groups, session_groups=(m.user,) + groups), tmp_path / "t")
    seen = {}

    def fake_run(plan_json, dry_run=False, on_event=None, **kw):
        seen.update(plan=plan_json, dry_run=dry_run)
        return runner.RunResult(0, "ok", "done")
    monkeypatch.setattr(runner, "run", fake_run)
    monkeypatch.setattr(runner, "current_user", lambda: m.user)
    argv = ["doctor", "--fix", "kfd-permission", "--dry-run"]
    code = cli_doctor.run(build_parser(argv).parse_args(argv), host)
    out = capsys.readouterr().out
    assert code == EXIT_OK and seen["dry_run"] is True and "accepts this fix" in out
    step = seen["plan"]["steps"][0]
    assert step["kind"] == "add-user-to-groups" and step["params"] == {"user": m.user, "groups": ["render", "video"]}
    from rocmdesk.setup.steps import validate

    validate(seen["plan"], m.user)


def test_fix_refusals(capsys):
    # a simulated machine is not this computer: only a dry run
    code, _, err = run(capsys, "--simulate", "rx6600xt-ubuntu2204", "doctor", "--fix", "rocm-residue")
    assert code == EXIT_USAGE and "--dry-run" in err
    # a print-only fix and an absent finding change nothing
    code, _, err = run(capsys, "--simulate", "rx6600xt-ubuntu2204", "doctor", "--fix", "gfx-needs-override",
                       "--dry-run")
    assert code == 5 and "no automatic fix" in err
    code, _, err = run(capsys, "--simulate", "rx7900xtx-ubuntu2404", "doctor", "--fix", "rocm-residue", "--dry-run")
    assert code == 5 and "nothing to fix" in err
