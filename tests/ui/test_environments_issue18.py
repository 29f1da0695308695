"""Issue 18 on the Environments page: at 1024×700 on a 1000 px tall screen "Apply to the venv" leaves the window
inside the screen with every field at its size; typing never moves the fields below; an empty new profile counts
no problems before the user acts; the result of the last action goes when the machine changes."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, QPoint
from PySide6.QtWidgets import QApplication

from rocmdesk.torchenv.profile_store import ProfileStore
from rocmdesk.torchenv.profiles import Profile
from rocmdesk.ui.widgets.env_editor import MIN_VAR_ROWS
from tests.ui.fakes import FakeMachines, make_gpu, make_report

REPO = Path(__file__).resolve().parents[2]


def _settle() -> None:
    for _ in range(3):
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        QApplication.processEvents()


def _make_venv(path: Path) -> Path:
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(path)], check=True)
    return path


# the window in its own process: the offscreen platform's screen is set when the application starts
LAPTOP = textwrap.dedent("""\
    import json, os, subprocess, sys
    from PySide6.QtCore import QCoreApplication, QEvent
    from PySide6.QtWidgets import QApplication
    app = QApplication([])
    from rocmdesk.torchenv.profile_store import ProfileStore
    from rocmdesk.torchenv.profiles import Profile
    from rocmdesk.ui.main_window import MainWindow
    from rocmdesk.ui.session import MachineSession

    def settle():
        for _ in range(3):
            QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
            app.processEvents()

    project = sys.argv[1]
    venv = os.path.join(project, "a venv with a rather long name to wrap the result lines")
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", venv], check=True)
    ProfileStore().create(Profile("laptop", project, venv, {"HSA_OVERRIDE_GFX_VERSION": "10.3.0",
                                                            "PYTORCH_HIP_ALLOC_CONF": "expandable_segments:True"}))
    window = MainWindow(MachineSession(simulate="rx6600xt-ubuntu2204"))
    window.resize(1024, 700)
    window.show()
    while window.session.busy:
        app.processEvents()
    window.show_page("environments")
    page = window.page("environments")
    settle()
    page.reload()
    page.select("laptop")
    applied = page.apply_hooks()
    settle()
    out = {"applied": applied, "after_apply": list(window.size().toTuple()),
           "frame_bottom": window.frameGeometry().bottom(),
           "screen": list(window.screen().availableGeometry().getRect())}
    window.resize(1024, 700)  # and back, as the user did
    settle()
    out["after_resize"] = list(window.size().toTuple())
    out["minimum"] = list(window.minimumSizeHint().toTuple())
    out["fields"] = {}
    for name in ("name_edit", "project_edit", "venv_edit", "notes_edit", "save_button", "revert_button"):
        w = getattr(page, name)
        out["fields"][name] = [w.height(), w.minimumSizeHint().height(), w.visibleRegion().boundingRect().height()]
    table = page.vars_table
    out["vars_table"] = [table.height(), table.horizontalHeader().height(),
                         table.verticalHeader().defaultSectionSize()]
    print(json.dumps(out))
""")


def test_apply_on_a_laptop_screen_keeps_the_window_on_the_screen(tmp_path):
    screen = tmp_path / "screen.json"
    screen.write_text(json.dumps({"screens": [{"name": "laptop", "x": 0, "y": 0, "width": 1024, "height": 1000,
                                               "logicalDpi": 96, "logicalBase": 96, "dpr": 1}]}))
    env = {"QT_QPA_PLATFORM": f"offscreen:configfile={screen}", "PYTHONPATH": str(REPO / "src"),
           "HOME": str(tmp_path), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
    for var in ("XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME"):
        env[var] = str(tmp_path / var.lower())
    (tmp_path / "project").mkdir()
    done = subprocess.run([sys.executable, "-c", LAPTOP, str(tmp_path / "project")], env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["applied"] and out["screen"] == [0, 0, 1024, 1000]
    w, h = out["after_apply"]
    assert w <= 1024 and h <= 700, out  # it once grew to 1024×1127, Save and Discard off the screen
    assert out["frame_bottom"] < 1000, out
    assert out["after_resize"] == [1024, 700] and out["minimum"][1] <= 700, out
    for name, (height, minimum, visible) in out["fields"].items():
        assert height >= minimum and visible == height, (name, out)  # whole, not crushed into slivers
    table_height, header, row = out["vars_table"]
    assert table_height >= header + MIN_VAR_ROWS * row, out


def test_a_long_result_does_not_raise_the_pages_minimum(open_window, tmp_path):
    window = open_window(FakeMachines(make_report([make_gpu()])))
    window.show_page("environments")
    page = window.page("environments")
    window.resize(1024, 700)
    _settle()
    page._say("first line", command="source /somewhere/bin/activate")
    _settle()
    short = page.minimumSizeHint().height()
    page._say("\n".join(f"  /very/long/path/{'x' * 60}/bin/activate.{n}: written" for n in range(40)),
              command="source /somewhere/bin/activate")
    _settle()
    # two lines at least, and the rest scrolls in the box: the page asks for one line more, not forty
    assert page.minimumSizeHint().height() <= short + page.result_label.fontMetrics().lineSpacing() + 2
    assert window.height() == 700


def _positions(page) -> dict[str, QPoint]:
    widgets = {n: getattr(page, n) for n in ("name_edit", "project_edit", "venv_edit", "notes_edit", "vars_table",
                                             "add_var_button", "save_button", "revert_button")}
    return {n: w.mapTo(page, QPoint(0, 0)) for n, w in widgets.items()}


def test_typing_never_moves_the_fields_below(open_window, tmp_path):
    window = open_window(FakeMachines(make_report([make_gpu()])))
    window.show_page("environments")
    page = window.page("environments")
    window.resize(1024, 700)
    page.new_profile()
    _settle()
    before = _positions(page)
    # a project folder that does not exist yet: two notes appear; then a bad name: an error line
    project = str(tmp_path / "nowhere yet" / "project")
    page.project_edit.setText(project)
    page._project_edited(project)
    _settle()
    assert "does not exist yet" in page.folder_note.text()
    assert _positions(page) == before
    page.name_edit.setText("bad name with spaces and more words than a line holds, " * 3)
    page._name_edited(page.name_edit.text())
    _settle()
    assert "problem" in page.check_label.text()
    assert _positions(page) == before
    page.name_edit.setText("fine")
    page._name_edited("fine")
    _settle()
    assert _positions(page) == before


def test_an_empty_new_profile_counts_no_problems_before_the_user_acts(open_window):
    window = open_window(FakeMachines(make_report([make_gpu()])))
    window.show_page("environments")
    page = window.page("environments")
    assert page.editing_new  # no profiles yet: the page starts a new one
    assert "problem" not in page.check_label.text()
    assert page.check_label.text().startswith("Choose the project folder to begin")
    assert not page.can_save()  # still nothing to save
    page.notes_edit.setText("x")
    page.notes_edit.textEdited.emit("x")
    assert "3 problems to fix" in page.check_label.text()


def test_a_save_attempt_on_an_empty_form_says_what_is_missing(open_window):
    window = open_window(FakeMachines(make_report([make_gpu()])))
    window.show_page("environments")
    page = window.page("environments")
    assert not page.save()
    assert "3 problems to fix" in page.check_label.text()


def test_the_applied_box_goes_when_the_machine_changes(open_window, tmp_path):
    venv = _make_venv(tmp_path / "proj" / "venv")
    ProfileStore().create(Profile("p", str(tmp_path / "proj"), str(venv), {"PYTORCH_HIP_ALLOC_CONF":
                                                                         "expandable_segments:True"}))
    window = open_window(FakeMachines(make_report([make_gpu()])))
    window.show_page("environments")
    page = window.page("environments")
    page.reload()
    assert page.select("p") and page.apply_hooks()
    assert page.result_frame.isVisible() and "applied" in page.result_label.text()
    window.session.use_simulated("sim-a")  # another simulated machine
    assert not page.result_frame.isVisible() and page.last_message is None
    QApplication.processEvents()
    assert page.apply_hooks() and page.result_frame.isVisible()
    window.session.use_simulated(None)  # back to the real machine
    assert not page.result_frame.isVisible() and page.result_label.text() == ""
