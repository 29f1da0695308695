"""The Doctor page's "Save a snapshot…" (issue 17): read off the UI thread, shown before it is saved, saved only
where the user says; the saved file reads back as the machine on screen."""

from __future__ import annotations

import tarfile
from pathlib import Path

from rocmdesk import capture
from rocmdesk.cli.common import detected


def test_the_button_shows_then_saves_a_snapshot_that_reads_back(simulated_window, qtbot, tmp_path: Path) -> None:
    window = simulated_window("rx6600xt-ubuntu2204")
    page = window.page("doctor")
    window.show_page("doctor")
    shown: list[list[str]] = []
    target = tmp_path / "snap shot.tar.gz"
    page.snapshot.confirm = lambda _parent, lines: shown.append(lines) or True
    page.snapshot.choose_path = lambda _parent, suggested: (suggested.endswith(".tar.gz") and str(target)) or ""
    assert page.snapshot_button.isEnabled()
    with qtbot.waitSignal(page.snapshot.saved, timeout=20000) as saved:
        page.snapshot_button.click()
    assert saved.args == [str(target), True]
    assert shown and "Taken out:" in shown[0] and any("<user>" in line for line in shown[0])
    assert "Snapshot saved to" in page.save_status.text()
    assert tarfile.is_tarfile(target)
    again = detected(capture.open_snapshot(target))
    assert [g.gfx for g in again.gpus] == ["gfx1032"]


def test_declining_saves_nothing(simulated_window, qtbot, tmp_path: Path) -> None:
    window = simulated_window("no-amd-gpu")
    page = window.page("doctor")
    asked: list[str] = []
    page.snapshot.confirm = lambda _parent, _lines: False
    page.snapshot.choose_path = lambda _parent, suggested: asked.append(suggested) or str(tmp_path / "x.tar.gz")
    with qtbot.waitSignal(page.snapshot.busyChanged, timeout=20000, check_params_cb=lambda busy: not busy):
        page.snapshot_button.click()
    assert asked == [] and not list(tmp_path.iterdir())
    assert page.save_status.text() == "No snapshot saved."
