"""The Environments page: profiles created, edited, duplicated and deleted on disk; values checked as typed;
hooks applied to and removed from a real ``venv --without-pip`` byte for byte; exports; the terminal launcher's
argv for paths with spaces, quotes and ``$(...)``."""

from __future__ import annotations

import hashlib
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from rocmdesk.torchenv.profile_store import ProfileStore
from rocmdesk.torchenv.profiles import Profile
from rocmdesk.ui.pages.environments_page import TERMINALS, EnvironmentsPage, suggest_name, terminal_argv
from rocmdesk.ui.pages.torch_status import VerifyHistory
from rocmdesk.ui.session import MachineSession
from tests.ui.fakes import FakeMachines, make_gpu, make_report

WEIRD = "proj 'q' $(touch PWNED) x"


@pytest.fixture(autouse=True)
def xdg(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("JUPYTER_DATA_DIR", raising=False)


class Recorder:
    """Stand-ins for the confirmation dialog, the program finder and the terminal launcher."""

    def __init__(self) -> None:
        self.answer = True
        self.questions: list[tuple[str, str]] = []
        self.programs: dict[str, str] = {"rocmdesk": "/opt/my tools/bin/rocmdesk"}
        self.launched: list[tuple[list[str], str]] = []
        self.launch_ok = True

    def confirm(self, title: str, question: str) -> bool:
        self.questions.append((title, question))
        return self.answer

    def which(self, name: str) -> str | None:
        return self.programs.get(name)

    def launch(self, argv: list[str], cwd: str) -> bool:
        self.launched.append((argv, cwd))
        return self.launch_ok


@pytest.fixture
def rec() -> Recorder:
    return Recorder()


@pytest.fixture
def open_page(qtbot, tmp_path, rec):
    sessions: list[MachineSession] = []

    def _open(report=None) -> EnvironmentsPage:
        fake = FakeMachines(report or make_report([make_gpu()]))
        session = MachineSession(detector=fake.detect, host_factory=fake.host_factory, machines=fake.machines)
        sessions.append(session)
        session.refresh()
        qtbot.waitUntil(lambda: session.report is not None, timeout=5000)
        page = EnvironmentsPage(session, history=VerifyHistory(tmp_path / "verify.json"), launcher=rec.launch,
                                which=rec.which, confirm=rec.confirm)
        qtbot.addWidget(page)
        page.resize(1100, 800)
        page.show()
        return page

    yield _open
    for s in sessions:
        s.shutdown()


def fill_new(page: EnvironmentsPage, project: Path, name: str | None = None, venv: Path | None = None) -> None:
    page.new_profile()
    page.project_edit.setText(str(project))
    page._project_edited(str(project))
    if name is not None:
        page.name_edit.setText(name)
        page._name_edited(name)
    if venv is not None:
        page.venv_edit.setText(str(venv))
        page._venv_edited(str(venv))


def rows(page: EnvironmentsPage) -> dict[str, str]:
    t = page.vars_table
    return {t.item(r, 0).text(): t.item(r, 1).text() for r in range(t.rowCount())}


def row_of(page: EnvironmentsPage, key: str) -> int:
    t = page.vars_table
    return next(r for r in range(t.rowCount()) if t.item(r, 0).text() == key)


def make_venv(path: Path) -> Path:
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(path)], check=True)
    return path


def digests(venv: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted((venv / "bin").glob("activate*"))}


# ---- create / edit / duplicate / delete ----------------------------------------------------------------
def test_a_new_profile_starts_from_the_machine_and_lands_on_disk(open_page, tmp_path):
    page = open_page()
    assert page.editing_new and page.empty_label.isVisibleTo(page)  # no profiles yet: a new one is open
    env = rows(page)
    assert env["HSA_OVERRIDE_GFX_VERSION"] == "10.3.0"  # the RX 6600 XT's override
    for name in ("PYTORCH_ALLOC_CONF", "PYTORCH_CUDA_ALLOC_CONF", "PYTORCH_HIP_ALLOC_CONF"):
        assert env[name] == "expandable_segments:True"
    assert all(c.level == "preset" for c in page.row_checks)
    assert not page.can_save()  # no name, no folders yet
    project = tmp_path / "my project"
    project.mkdir()
    fill_new(page, project)
    # the name and the venv follow the project folder until typed
    assert page.name_edit.text() == "my-project" and page.venv_edit.text() == str(project / ".venv")
    assert page.can_save()
    assert page.save()
    prof = ProfileStore().load("my-project")
    assert prof.project_dir == str(project) and prof.venv == str(project / ".venv") and prof.env == env
    assert not page.editing_new and page.selected_name() == "my-project"
    assert "Created profile my-project" in page.result_label.text()
    assert page.table.rowCount() == 1 and page.table.item(0, 3).text() == "no venv yet"


def test_edit_duplicate_and_delete_round_trip_on_disk(open_page, tmp_path, rec):
    store = ProfileStore()
    store.create(Profile("alpha", str(tmp_path), str(tmp_path / "v"), {"HSA_OVERRIDE_GFX_VERSION": "10.3.0"},
                         notes="first"))
    page = open_page()
    assert page.selected_name() == "alpha" and page.name_edit.isReadOnly()
    # edit
    page.set_variable("GPU_MAX_HW_QUEUES", "2")
    page.notes_edit.setText("changed")
    page._revalidate()
    assert page.dirty() and page.can_save()
    assert page.save()
    saved = store.load("alpha")
    assert saved.env == {"HSA_OVERRIDE_GFX_VERSION": "10.3.0", "GPU_MAX_HW_QUEUES": "2"} and saved.notes == "changed"
    assert store.backup_for("alpha").exists()  # the store keeps the previous version
    # duplicate: a new profile under a new name, the same folders and variables
    page.duplicate_profile()
    assert page.editing_new and page.name_edit.text() == "alpha-copy" and not page.name_edit.isReadOnly()
    assert rows(page) == saved.env
    assert page.save()
    copy = store.load("alpha-copy")
    assert copy.env == saved.env and copy.venv == saved.venv and not copy.hooks
    assert store.names() == ["alpha", "alpha-copy"] and page.table.rowCount() == 2
    # delete: asked first; No keeps it
    page.select("alpha-copy")
    rec.answer = False
    assert not page.delete_profile()
    assert store.exists("alpha-copy") and "alpha-copy" in rec.questions[-1][1]
    rec.answer = True
    assert page.delete_profile()
    assert store.names() == ["alpha"] and store.backup_for("alpha-copy").exists()
    assert page.table.rowCount() == 1 and "Deleted profile alpha-copy" in page.result_label.text()


def test_invalid_values_show_errors_and_block_saving(open_page, tmp_path):
    store = ProfileStore()
    store.create(Profile("beta", str(tmp_path), str(tmp_path / "v"), {"HSA_OVERRIDE_GFX_VERSION": "10.3.0"}))
    before = store.path_for("beta").read_bytes()
    page = open_page()
    page.set_variable("HSA_OVERRIDE_GFX_VERSION", "10.3")
    r = row_of(page, "HSA_OVERRIDE_GFX_VERSION")
    check = page.vars_table.item(r, 2).text()
    assert check.startswith("✗ ") and "major.minor.stepping" in check
    assert not page.save_button.isEnabled() and not page.save()
    assert "1 problem to fix before saving" in page.check_label.text()
    assert store.path_for("beta").read_bytes() == before
    # an allocator option PyTorch does not know, and a key set twice
    page.set_variable("HSA_OVERRIDE_GFX_VERSION", "10.3.0")
    page.add_variable("PYTORCH_HIP_ALLOC_CONF", "expandable_segment:True")
    page.add_variable("GPU_MAX_HW_QUEUES", "2")
    page.add_variable("GPU_MAX_HW_QUEUES", "3")
    levels = [c.level for c in page.row_checks]
    assert levels.count("error") == 2 and not page.can_save()
    assert "set twice" in page.row_checks[-1].message
    # warnings do not block: both visibility lists at once
    page.vars_table.removeRow(page.vars_table.rowCount() - 1)
    page.vars_table.removeRow(row_of(page, "PYTORCH_HIP_ALLOC_CONF"))
    page.add_variable("HIP_VISIBLE_DEVICES", "0")
    page.add_variable("ROCR_VISIBLE_DEVICES", "0")
    assert page.vars_table.item(row_of(page, "HIP_VISIBLE_DEVICES"), 2).text().startswith("⚠ ")
    assert "warning" in page.check_label.text() and page.can_save()
    assert page.save()
    assert store.load("beta").env["ROCR_VISIBLE_DEVICES"] == "0"


def test_a_new_profile_needs_a_usable_unique_name(open_page, tmp_path):
    ProfileStore().create(Profile("taken", str(tmp_path), str(tmp_path / "v")))
    page = open_page()
    fill_new(page, tmp_path, name="bad name!")
    assert not page.can_save() and "not a usable profile name" in page.check_label.text()
    page.name_edit.setText("taken")
    page._name_edited("taken")
    assert not page.can_save() and "exists already" in page.check_label.text()
    assert suggest_name("/home/u/My Project (2)") == "My-Project-2"


def test_unsaved_changes_are_not_dropped_silently(open_page, tmp_path, rec):
    store = ProfileStore()
    for n in ("one", "two"):
        store.create(Profile(n, str(tmp_path), str(tmp_path / n)))
    page = open_page()
    page.select("one")
    page.set_variable("GPU_MAX_HW_QUEUES", "2")
    rec.answer = False
    page.select("two")
    assert rec.questions and rec.questions[-1][0] == "Discard changes?"
    assert page.current.name == "one" and rows(page) == {"GPU_MAX_HW_QUEUES": "2"}
    assert not page.apply_hooks() and "Save or discard" in page.result_label.text()
    rec.answer = True
    page.select("two")
    assert page.current.name == "two" and rows(page) == {}


def test_an_unreadable_profile_file_is_listed_and_can_be_deleted(open_page, tmp_path):
    store = ProfileStore()
    store.create(Profile("good", str(tmp_path), str(tmp_path / "v")))
    store.dir.mkdir(parents=True, exist_ok=True)
    (store.dir / "broken.toml").write_text("venv = [unclosed\n")
    page = open_page()
    names = [page.table.item(r, 0).text() for r in range(page.table.rowCount())]
    assert names == ["broken", "good"]
    assert page.table.item(0, 1).text() == "cannot be read"
    page.select("broken")
    assert not page.editor.isEnabled() and "cannot be read" in page.check_label.text()
    assert page.delete_profile()
    assert (store.dir / "broken.toml.broken").exists() and store.names() == ["good"]


# ---- hooks ---------------------------------------------------------------------------------------------
def test_apply_and_remove_hooks_on_a_real_venv_restores_every_file(open_page, tmp_path):
    venv = make_venv(tmp_path / WEIRD / "venv")
    before = digests(venv)
    assert {"activate", "activate.fish", "activate.csh"} <= set(before)
    store = ProfileStore()
    store.create(Profile("gamma", str(tmp_path / WEIRD), str(venv),
                         {"HSA_OVERRIDE_GFX_VERSION": "10.3.0", "PYTORCH_HIP_ALLOC_CONF": "expandable_segments:True"}))
    page = open_page()
    assert page.table.item(0, 5).text() == "not applied"
    assert page.apply_hooks()
    after = digests(venv)
    assert all(after[name] != before[name] for name in ("activate", "activate.fish", "activate.csh"))
    assert "HSA_OVERRIDE_GFX_VERSION" in (venv / "bin" / "activate").read_text()
    text = page.result_label.text()
    for name in ("activate", "activate.fish", "activate.csh"):
        assert f"{venv / 'bin' / name}: written" in text
    assert store.load("gamma").hooks and page.table.item(0, 5).text() == "applied"
    assert "Applied to" in page.hooks_label.text() and "activate.fish" in page.hooks_label.text()
    assert shlex.split(page.result_command.text()) == ["source", str(venv / "bin" / "activate")]
    # saving an edit rewrites the applied hooks
    page.set_variable("GPU_MAX_HW_QUEUES", "2")
    assert page.save() and "Hooks rewritten" in page.result_label.text()
    assert "GPU_MAX_HW_QUEUES" in (venv / "bin" / "activate").read_text()
    assert page.remove_hooks()
    assert digests(venv) == before  # byte for byte
    assert "restored" in page.result_label.text() and not store.load("gamma").hooks
    assert page.table.item(0, 5).text() == "not applied"
    assert not (tmp_path / WEIRD / "PWNED").exists()


def test_delete_takes_applied_hooks_out_first(open_page, tmp_path):
    venv = make_venv(tmp_path / "v")
    before = digests(venv)
    store = ProfileStore()
    store.create(Profile("delta", str(tmp_path), str(venv), {"HSA_OVERRIDE_GFX_VERSION": "10.3.0"}))
    page = open_page()
    assert page.apply_hooks() and digests(venv) != before
    assert page.delete_profile()
    assert digests(venv) == before and not store.exists("delta")


def test_apply_needs_a_venv(open_page, tmp_path):
    ProfileStore().create(Profile("novenv", str(tmp_path), str(tmp_path / "missing")))
    page = open_page()
    assert not page.apply_hooks()
    assert page.last_message[0] == "error" and "is not a venv yet" in page.result_label.text()


# ---- exports and the torch status -------------------------------------------------------------------
def test_exports(open_page, tmp_path, rec):
    project = tmp_path / WEIRD
    project.mkdir()
    venv = make_venv(tmp_path / "ev")
    ProfileStore().create(Profile("eps", str(project), str(venv), {"HSA_OVERRIDE_GFX_VERSION": "10.3.0"}))
    page = open_page()
    assert page.export("envrc")
    envrc = (project / ".envrc").read_text()
    assert "export HSA_OVERRIDE_GFX_VERSION='10.3.0'" in envrc
    assert shlex.split(page.result_command.text()) == ["direnv", "allow", str(project)]
    assert page.export("dotenv")
    assert "HSA_OVERRIDE_GFX_VERSION='10.3.0'" in (project / ".env").read_text()
    # a file rocmdesk did not write is replaced only when the user says so
    (project / ".env").write_text("MINE=1\n")
    rec.answer = False
    assert not page.export("dotenv") and (project / ".env").read_text() == "MINE=1\n"
    rec.answer = True
    assert page.export("dotenv") and "HSA_OVERRIDE" in (project / ".env").read_text()
    # Jupyter: only with ipykernel in the venv, and the message says how to get it
    assert not page.export("jupyter")
    assert "ipykernel is not installed" in page.result_label.text()
    assert shlex.split(page.result_command.text())[1:] == ["-m", "pip", "install", "ipykernel"]
    site = next((venv / "lib").glob("python*")) / "site-packages" / "ipykernel"
    site.mkdir(parents=True)
    (site / "__init__.py").write_text("")
    assert page.export("jupyter")
    assert (tmp_path / "data" / "jupyter" / "kernels" / "rocmdesk-eps" / "kernel.json").exists()


def test_the_torch_column_shows_the_last_verdict_or_not_checked(open_page, tmp_path):
    store = ProfileStore()
    checked, unchecked, bare = make_venv(tmp_path / "c"), make_venv(tmp_path / "u"), make_venv(tmp_path / "b")
    for venv in (checked, unchecked):
        site = next((venv / "lib").glob("python*")) / "site-packages"
        (site / "torch-2.13.0+cpu.dist-info").mkdir()
    for name, venv in (("a-checked", checked), ("b-unchecked", unchecked), ("c-bare", bare),
                       ("d-missing", tmp_path / "nothing")):
        store.create(Profile(name, str(tmp_path), str(venv)))
    VerifyHistory(tmp_path / "verify.json").record(checked, "cpu-only-wheel", "a CPU-only build of torch",
                                                  "2.13.0+cpu")
    page = open_page()
    column = [page.table.item(r, 3).text() for r in range(page.table.rowCount())]
    assert column == ["cpu-only-wheel", "2.13.0+cpu · not checked", "no torch", "no venv yet"]
    assert "a CPU-only build of torch" in page.table.item(0, 3).toolTip()


# ---- the terminal ---------------------------------------------------------------------------------------
def test_the_terminal_gets_the_right_argv_for_odd_paths(open_page, tmp_path, rec):
    project = tmp_path / WEIRD
    project.mkdir()
    venv = make_venv(tmp_path / "tv")
    ProfileStore().create(Profile("term", str(project), str(venv)))
    page = open_page()
    command = ["/opt/my tools/bin/rocmdesk", "shell", "term"]
    # the first one found, in order
    rec.programs.update({"konsole": "/usr/bin/konsole", "xterm": "/usr/bin/xterm"})
    assert page.open_terminal()
    assert rec.launched[-1] == (["/usr/bin/konsole", "--workdir", str(project), "-e", *command], str(project))
    rec.programs["gnome-terminal"] = "/usr/bin/gnome-terminal"
    assert page.open_terminal()
    assert rec.launched[-1] == (["/usr/bin/gnome-terminal", f"--working-directory={project}", "--", *command],
                                str(project))
    rec.programs["x-terminal-emulator"] = "/usr/bin/x-terminal-emulator"
    assert page.open_terminal()
    assert rec.launched[-1] == (["/usr/bin/x-terminal-emulator", "-e", *command], str(project))
    assert "Started x-terminal-emulator" in page.result_label.text()
    # a terminal that does not start: the command to run by hand
    rec.launch_ok = False
    assert not page.open_terminal()
    assert shlex.split(page.result_command.text()) == ["cd", str(project), "&&", *command]
    # none at all
    rec.launch_ok = True
    for name in TERMINALS:
        rec.programs.pop(name, None)
    count = len(rec.launched)
    assert not page.open_terminal() and len(rec.launched) == count
    assert "No terminal emulator was found" in page.result_label.text()
    assert shlex.split(page.result_command.text()) == ["cd", str(project), "&&", *command]
    assert not (project / "PWNED").exists() and not Path("PWNED").exists()


def test_without_a_rocmdesk_script_the_terminal_runs_this_python(open_page, tmp_path, rec):
    venv = make_venv(tmp_path / "pv")
    ProfileStore().create(Profile("py", str(tmp_path), str(venv)))
    page = open_page()
    rec.programs = {"xterm": "/usr/bin/xterm"}
    assert page.open_terminal()
    assert rec.launched[-1][0] == ["/usr/bin/xterm", "-e", sys.executable, "-m", "rocmdesk", "shell", "py"]
    assert terminal_argv("xterm", "/x", ["a b"], "/c d") == ["/x", "-e", "a b"]


# ---- the window ----------------------------------------------------------------------------------------
def test_pytorch_button_opens_the_pytorch_page_on_the_profiles_venv(open_window, tmp_path):
    from rocmdesk.ui.pages.pytorch_page import PyTorchPage

    venv = tmp_path / "venv for torch"
    ProfileStore().create(Profile("torchy", str(tmp_path), str(venv), {"HSA_OVERRIDE_GFX_VERSION": "10.3.0"}))
    window = open_window(FakeMachines(make_report([make_gpu()])))
    page = window.page("environments")
    window.sidebar.setCurrentRow(3)
    page.reload()
    page.select("torchy")
    assert page.go_to_pytorch()
    assert window.sidebar.currentItem().text() == "PyTorch"
    torch_page = window.page("pytorch")
    assert torch_page.profile_combo.currentData() == "torchy" and torch_page.venv() == str(venv)


def test_every_control_is_in_the_tab_chain(open_page):
    from PySide6.QtCore import Qt

    page = open_page()
    wanted = [page.table, page.new_button, page.apply_button, page.export_button, page.terminal_button,
              page.name_edit, page.project_edit, page.venv_edit, page.notes_edit, page.preset_button,
              page.add_var_button, page.vars_table, page.save_button]
    chain = []
    w = page.nextInFocusChain()
    while w is not page and len(chain) < 500:
        chain.append(w)
        w = w.nextInFocusChain()
    for widget in wanted:
        assert widget in chain and widget.focusPolicy() & Qt.FocusPolicy.TabFocus, widget
    mnemonics = [b.text() for b in (page.new_button, page.duplicate_button, page.delete_button, page.apply_button,
                                    page.remove_button, page.terminal_button, page.pytorch_button, page.save_button,
                                    page.revert_button, page.add_var_button, page.remove_var_button)]
    keys = [t[t.index("&") + 1].lower() for t in mnemonics]
    assert len(set(keys)) == len(keys)  # no two buttons share an Alt key


def test_the_pytorch_page_hands_its_venv_and_variables_to_a_new_profile(open_window, tmp_path):
    from rocmdesk.ui.pages.pytorch_page import PyTorchPage

    window = open_window(FakeMachines(make_report([make_gpu()])))
    torch_page = window.page("pytorch")
    venv = tmp_path / "my proj" / ".venv"
    torch_page.venv_edit.setText(str(venv))
    torch_page._venv_edited(str(venv))
    torch_page._sync()
    assert not torch_page.keep_button.isHidden()  # the RX 6600 XT needs the override
    assert torch_page.keep_in_profile()
    assert window.sidebar.currentItem().text() == "Environments"
    page = window.page("environments")
    assert page.editing_new and page.venv_edit.text() == str(venv)
    assert page.project_edit.text() == str(tmp_path / "my proj") and page.name_edit.text() == "my-proj"
    assert rows(page)["HSA_OVERRIDE_GFX_VERSION"] == "10.3.0"
    assert page.save()
    assert ProfileStore().load("my-proj").venv == str(venv)
