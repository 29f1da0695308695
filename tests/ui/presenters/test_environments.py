"""What the Environments page shows, decided without widgets (ui/presenters/environments.py): the form's state and
checks, the line beside Save (no problems counted before the user acts), the notes, the list's cells, and the
actions' outcomes on a real ``venv --without-pip``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from rocmdesk.advice import attach
from rocmdesk.torchenv.profile_store import ProfileStore
from rocmdesk.torchenv.profiles import Profile
from rocmdesk.ui.presenters import environments as present
from rocmdesk.ui.presenters.environments import EnvironmentsPresenter, Form
from tests.ui.fakes import make_gpu, make_report


class _NoHistory:
    def get(self, venv: str) -> None:
        return None


@pytest.fixture
def store(tmp_path, monkeypatch) -> ProfileStore:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    return ProfileStore()


@pytest.fixture
def model() -> EnvironmentsPresenter:
    report = make_report([make_gpu()])  # an RX 6600 XT that needs the override
    attach(report)
    return EnvironmentsPresenter(lambda: report, _NoHistory())


def _venv(path: Path) -> Path:
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(path)], check=True)
    return path


def test_an_untouched_new_profile_says_where_to_begin_not_how_many_problems(model) -> None:
    presets = tuple((s.key, s.value) for s in model.suggestions(""))
    assert ("HSA_OVERRIDE_GFX_VERSION", "10.3.0") in presets
    form = Form(rows=presets)
    model.start_new(form)
    status = model.status(form, model.row_checks(form))
    assert status.level == "hint" and "problem" not in status.text
    assert status.text.startswith("Choose the project folder to begin")
    assert not status.can_save and len(status.errors) == 3  # Save stays off all the same
    assert model.untouched_new(form) and not model.dirty(form)
    model.acted = True
    status = model.status(form, model.row_checks(form))
    assert status.level == "error"
    assert status.text == "3 problems to fix before saving; the first: Give the profile a name."


def test_the_project_folder_fills_in_what_the_user_has_not_typed(model, tmp_path) -> None:
    model.profiles = {"My-Proj": Profile("My-Proj", "/x", "/x/.venv", {})}
    model.start_new(Form())
    assert model.project_typed("/home/ada/My Proj/") == ("My-Proj-2", "/home/ada/My Proj/.venv")
    model.name_touched = True
    assert model.project_typed("/home/ada/other") == (None, "/home/ada/other/.venv")
    model.start_new(Form(), (True, True))  # a duplicate: its name and venv are the user's
    assert model.project_typed("/a") == (None, None)
    assert present.suggest_name("/p/ héllo wörld!") == "h-llo-w-rld"


def test_dirty_and_valid(model, tmp_path) -> None:
    project = tmp_path / "p"
    project.mkdir()
    prof = Profile("p", str(project), str(tmp_path / "venv"), {"PYTORCH_HIP_ALLOC_CONF": "expandable_segments:True"})
    model.start_edit(prof)
    form = Form("p", str(project), str(tmp_path / "venv"), "", (("PYTORCH_HIP_ALLOC_CONF",
                                                                "expandable_segments:True"),))
    assert not model.dirty(form)
    status = model.status(form, model.row_checks(form))
    assert status.level == "ok" and not status.can_save and not status.can_discard
    changed = Form(form.name, form.project, form.venv, "a note", form.rows)
    assert model.dirty(changed) and model.status(changed, model.row_checks(changed)).can_save
    assert model.folder_notes(form) == ["The venv does not exist yet: the PyTorch page creates it and installs torch."]


def test_every_row_is_checked(model) -> None:
    form = Form("n", "/p", "/p/.venv", "", (("HSA_OVERRIDE_GFX_VERSION", "10.3"), ("", "x"), ("", ""),
                                             ("A", "1"), ("A", "2"), ("HIP_VISIBLE_DEVICES", "0")))
    checks = model.row_checks(form)
    assert [c.level for c in checks] == ["error", "error", "empty", "ok", "error", "ok"]
    assert "major.minor.stepping" in checks[0].message
    assert checks[1].message == "give the variable a name" and checks[4].message == "A is set twice; keep one row"
    model.start_new(Form())
    model.acted = True
    status = model.status(form, checks)
    assert status.level == "error" and status.text.startswith("3 problems to fix")
    preset = model.row_checks(Form(rows=(("HSA_OVERRIDE_GFX_VERSION", "10.3.0"),)))[0]
    assert preset.level == "preset" and preset.why.startswith(preset.message)


def test_the_list_cells_and_the_hooks_sentence(model, tmp_path) -> None:
    prof = Profile("p", str(tmp_path), str(tmp_path / "none"), {"B": "2", "A": "1"}, notes="n")
    model.profiles = {"p": prof}
    model.broken = {"bad": ValueError("not TOML")}
    cells, ink = model.row_cells("p")
    assert [c[0] for c in cells][3:] == ["no venv yet", "A=1, B=2", "not applied"] and ink is None
    cells, ink = model.row_cells("bad")
    assert cells[1] == ("cannot be read", "not TOML") and ink == "error"
    model.start_new(Form())
    assert model.hooks_text().startswith("Save the profile, then Apply")
    model.start_edit(prof)
    assert model.hooks_text().startswith("Not applied")


def test_apply_remove_export_and_delete_outcomes(model, store, tmp_path) -> None:
    venv = _venv(tmp_path / "proj" / "venv")
    store.create(Profile("p", str(tmp_path / "proj"), str(venv), {"PYTORCH_HIP_ALLOC_CONF": "expandable_segments:True"}))
    prof = store.load("p")
    out = present.apply_profile(prof, store)
    assert out.ok and out.text.startswith("Profile p applied") and out.command.startswith("source ")
    assert store.load("p").hooks
    model.start_edit(store.load("p"))
    assert model.hooks_text().startswith("Applied to ")
    out = present.remove_profile_hooks(store.load("p"), store)
    assert out.ok and "as it was before" in out.text and not store.load("p").hooks
    out = present.export_profile(prof, "dotenv", lambda *_: False)
    assert out.ok and (tmp_path / "proj" / ".env").is_file()
    (tmp_path / "proj" / ".envrc").write_text("mine\n")
    assert present.export_profile(prof, "envrc", lambda *_: False) is None  # the user kept their own file
    assert (tmp_path / "proj" / ".envrc").read_text() == "mine\n"
    missing = Profile("m", str(tmp_path), str(tmp_path / "no-venv"), {})
    out = present.apply_profile(missing, store)
    assert not out.ok and out.level == "error" and "is not a venv yet" in out.text
    assert present.delete_question("p", True).endswith("activate scripts first.")
    out = present.delete_profile("p", store.load("p"), store)
    assert out.ok and "Deleted profile p" in out.text


def test_the_terminal(tmp_path) -> None:
    venv = _venv(tmp_path / "v")
    prof = Profile("p", str(tmp_path), str(venv), {})
    launched = []
    out, argv = present.open_terminal(prof, {"konsole": "/usr/bin/konsole"}.get,
                                      lambda a, cwd: launched.append((a, cwd)) or True)
    assert out.ok and argv == launched[0]
    assert argv[0][:4] == ["/usr/bin/konsole", "--workdir", str(tmp_path), "-e"]
    out, argv = present.open_terminal(prof, {}.get, lambda a, cwd: True)
    assert not out.ok and argv is None and out.command.startswith("cd ") and out.level == "warning"
    assert present.short_path(str(Path.home() / "x")) == "~/x"
