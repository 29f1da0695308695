"""The Environments page's Save applies only what its editor changed to the profile as stored at that moment
(issue 16, finding 4): a variable or the hooks flag that `rocmdesk profile edit` saved meanwhile stays."""

from __future__ import annotations

from rocmdesk.cli import main
from rocmdesk.torchenv.profile_store import ProfileStore
from rocmdesk.torchenv.profiles import Profile
from tests.ui.test_environments_page import open_page, rec, xdg  # noqa: F401 (fixtures)


def test_save_keeps_a_change_made_meanwhile_on_the_command_line(open_page, tmp_path, capsys):  # noqa: F811
    store = ProfileStore()
    store.create(Profile("alpha", str(tmp_path), str(tmp_path / "v"),
                         {"HSA_OVERRIDE_GFX_VERSION": "10.3.0", "GPU_MAX_HW_QUEUES": "2"}, notes="first"))
    page = open_page()
    assert page.selected_name() == "alpha"
    # the editor changes one variable, drops another and the notes ...
    page.set_variable("HSA_OVERRIDE_GFX_VERSION", "11.0.0")
    page.vars_table.removeRow(next(r for r in range(page.vars_table.rowCount())
                                   if page.vars_table.item(r, 0).text() == "GPU_MAX_HW_QUEUES"))
    page.notes_edit.setText("from the page")
    page._revalidate()
    # ... while the command line adds a variable to the same profile
    assert main(["profile", "edit", "alpha", "--env", "PYTORCH_HIP_ALLOC_CONF=expandable_segments:True"]) == 0
    capsys.readouterr()
    assert page.save()
    saved = store.load("alpha")
    assert saved.env == {"HSA_OVERRIDE_GFX_VERSION": "11.0.0", "PYTORCH_HIP_ALLOC_CONF": "expandable_segments:True"}
    assert saved.notes == "from the page"
