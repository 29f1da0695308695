"""What the Doctor page shows, decided without widgets (ui/presenters/doctor.py)."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from rocmdesk.doctor.catalogue import catalogue
from rocmdesk.doctor.model import Diagnosis, Finding, Fix, FixStep, InputResult
from rocmdesk.ui.presenters import doctor as present

COMMAND = re.compile(r"rocmdesk [a-z]+")  # a command of rocmdesk's command line ("rocmdesk's page" is not one)


def finding(fid: str, severity: str = "error", steps: list[FixStep] | None = None, origins=("machine",)) -> Finding:
    return Finding(fid, severity, fid, [f"evidence of {fid}"], Fix("print", list(steps or [])), None, list(origins))


def diagnosis(*findings: Finding, inputs: list[InputResult] | None = None) -> Diagnosis:
    return Diagnosis(list(findings), None, {}, list(inputs or []), "live", False)


def test_every_catalogue_fix_names_the_window_not_the_command_line() -> None:
    """Issue 18: in the window a fix names the page and the control, never `rocmdesk torch recommend`."""
    changed = 0
    for entry in catalogue().values():
        f = present.catalogue_finding(entry.id)
        assert f is not None
        shown = present.window_finding(f)
        assert [s.id for s in shown.fix.steps] == [s.id for s in f.fix.steps]
        for before, step in zip(f.fix.steps, shown.fix.steps):
            assert not COMMAND.search(step.text), (entry.id, step.text)
            assert not (step.command or "").startswith("rocmdesk"), (entry.id, step.command)
            if before.command != step.command or before.text != step.text:
                changed += 1
                assert re.search(r"\b(PyTorch|Setup|Overview|Monitor|Sanity check|Environments) page|Check again",
                                 step.text), step.text
    assert changed >= 10  # the catalogue sends users to the command line in many places


def test_a_fix_keeps_what_it_says_besides_the_command() -> None:
    steps = [FixStep("a", "Close other programs that hold VRAM (rocmdesk monitor shows them).", "rocmdesk monitor"),
             FixStep("b", "Integrated GPUs crash older runtimes: see rocmdesk detect; hide an iGPU with "
                          "ROCR_VISIBLE_DEVICES.", "rocmdesk detect"),
             FixStep("c", "Remove the override.", "unset HSA_OVERRIDE_GFX_VERSION"),
             FixStep("d", "Install torch (`rocmdesk torch recommend` explains the choice).",
                     "/v/bin/python -m pip install torch==2.13.0+rocm7.2")]
    a, b, c, d = present.window_finding(finding("x", steps=steps)).fix.steps
    assert a.text.startswith("Close other programs that hold VRAM. The Monitor page") and a.command is None
    assert "hide an iGPU with ROCR_VISIBLE_DEVICES" in b.text and "Overview page" in b.text
    assert c == steps[2]  # nothing of the command line in it: as it was
    assert d.text.startswith("Install torch. The PyTorch page") and d.command == steps[3].command  # pip stays


def test_no_amd_gpu_torch_missing_is_not_fixed_with_a_rocm_wheel() -> None:
    """Issue 18: on a machine with no AMD GPU the torch-missing fix points at a CPU build."""
    f = present.catalogue_finding("torch-missing", origin="verify")
    f.fix.steps.insert(0, FixStep("doctor.torch-missing.fix.verify", "Install torch (`rocmdesk torch recommend` "
                                  "explains the choice).", "/v/bin/python -m pip install torch==2.13.0+rocm7.2 "
                                  "--index-url https://download.pytorch.org/whl/rocm7.2"))
    with_gpu = present.window_finding(f, has_amd_gpu=True)
    assert any("ROCm" in s.text or "rocm" in (s.command or "") for s in with_gpu.fix.steps)
    without = present.window_finding(f, has_amd_gpu=False)
    text = " ".join(s.text for s in without.fix.steps)
    assert "ROCm wheel" in text and "CPU-only" in text and "PyTorch page" in text
    assert not re.search(r"[Ii]nstall[^.]*ROCm", text)  # it says why not, never to install one
    assert all(s.command is None for s in without.fix.steps)
    assert f.fix.steps[0].command.startswith("/v/bin/python")  # the original is not changed


def test_merge_keeps_one_finding_per_id_with_both_evidences_in_severity_order() -> None:
    machine = diagnosis(finding("b", "warning"), finding("a", "error"))
    pasted = diagnosis(finding("a", "error", origins=("pasted text",)), finding("c", "info"),
                       inputs=[InputResult("pasted text", "traceback", None, [], ["a", "c"])])
    merged = present.merge(machine, pasted)
    assert [f.id for f in merged.findings] == ["a", "b", "c"]
    a = merged.findings[0]
    assert a.origins == ["machine", "pasted text"] and a.evidence == ["evidence of a"]
    assert present.merge(None, pasted) is pasted and present.merge(machine, None) is machine


def test_the_sentences_of_the_status_lines() -> None:
    findings = [finding("a", "error"), finding("b", "warning"), finding("c", "warning"), finding("d", "info")]
    assert present.counts_text(findings) == "1 error, 2 warnings, 1 note"
    assert present.checked_text([], "12:30") == "Checked at 12:30: no known problem found."
    assert present.origin_text(["machine", "preflight", "sanity"]) == \
        "Found by the machine check, Setup's checks before installing and the Sanity check"
    assert present.origin_text([]) == ""
    assert present.where_text("sim-a", None) == "the simulated machine sim-a"
    assert present.where_text(None, "/t") == "the machine tree at /t" and present.where_text(None, None) == \
        "this computer"
    assert present.waiting_text(("boom",), False, True).startswith("Detection failed: boom.")
    assert present.waiting_text(None, True, True) == "Waiting for the machine to be read…"
    assert present.waiting_text(None, False, True) == "Not checked yet."
    pasted = diagnosis(finding("a"), inputs=[InputResult("pasted text", "rocm-smi", None, [], ["a"])])
    assert present.paste_status_text("the pasted text", pasted, None) == \
        "Recognized as rocm-smi output. 1 finding, shown in the list."
    assert present.paste_status_text("x.log", None, "no such file") == "Could not diagnose x.log: no such file"
    unknown = diagnosis(inputs=[InputResult("pasted text", None, None, [], [])])
    assert "no format rocmdesk knows" in present.pasted_heading(unknown)
    assert [present.size_text(n) for n in (12, 12_345, 50_000_000)] == ["12 B", "12 kB", "50.0 MB"]


def test_a_file_too_large_or_changed_since_is_refused(tmp_path) -> None:
    log = tmp_path / "dmesg.txt"
    log.write_text("amdgpu: page fault\n")
    seen = []
    work, again = present.file_work(str(log), lambda data, label: seen.append((data, label)) or "d", limit=1000)
    assert work(lambda *_: None) == "d" and seen == [(b"amdgpu: page fault\n", "dmesg.txt")]
    assert again() == "d"
    log.write_text("something else, longer\n")
    with pytest.raises(ValueError, match="has changed since it was diagnosed"):
        again()
    work, _ = present.file_work(str(log), lambda data, label: "d", limit=10)
    with pytest.raises(ValueError, match="too large to be tool output"):
        work(lambda *_: None)


def test_the_venv_just_verified_is_checked_first(tmp_path, monkeypatch) -> None:
    """Issue 18: the Doctor verifies the venv the PyTorch page verified last, then the default and the profiles'."""
    from rocmdesk.torchenv.profile_store import ProfileStore
    from rocmdesk.torchenv.profiles import Profile
    from rocmdesk.ui.pages.torch_status import VerifyHistory

    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    venvs = {}
    for name in ("proj", "scratch", "older"):
        venvs[name] = tmp_path / name / ".venv"
        subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venvs[name])], check=True)
    ProfileStore().create(Profile("proj", str(tmp_path / "proj"), str(venvs["proj"]), {}))
    assert present.default_venvs() == [str(venvs["proj"])]

    history = VerifyHistory()
    history.record(venvs["older"], "ok", "fine", "2.13.0+rocm7.2")
    monkeypatch.setattr("rocmdesk.ui.pages.torch_status.datetime", _Later)
    history.record(venvs["scratch"], "torch-missing", "no torch", None)
    assert present.latest_verifies()[0][0] == str(venvs["scratch"])
    assert present.default_venvs() == [str(venvs["scratch"]), str(venvs["proj"])]


class _Later:
    """datetime for the verify history, one minute on (records within a second would tie)."""

    @staticmethod
    def now(tz=None):
        from datetime import datetime, timedelta

        return datetime.now(tz) + timedelta(minutes=1)
