"""Issue 18 on the Setup page: a machine without an AMD GPU says what a plan made there is for, findings name the
page's controls instead of the command line, and no shortcut marker leaks into Chinese text ("仅 PyTorch(P)")."""

from __future__ import annotations

import re

import pytest
from PySide6.QtWidgets import QLabel

from rocmdesk import i18n
from rocmdesk.ui.pages.setup_page import REVIEW, RUN
from tests.ui.test_setup_page import finish, open_page  # noqa: F401 (fixtures)
from tests.zh import has_chinese

MARKER = re.compile(r"[(（]&?[A-Za-z][)）]")


def test_without_an_amd_gpu_plan_and_dry_run_say_what_they_are_for(open_page, qtbot):
    page = open_page("no-amd-gpu")
    assert page.machine_line1.text() == "No AMD GPU found"
    assert page.no_gpu_note.isVisibleTo(page)
    assert "before an AMD card goes in" in page.no_gpu_label.text()
    assert not page.advice_box.isVisibleTo(page)
    page.go(RUN)
    assert page.dry_button.isEnabled()
    assert "no AMD GPU in this machine" in page.run_note.text()
    page.dry_button.click()
    finish(qtbot, page)
    assert page.outcome.exit_code == 0


def test_a_machine_with_a_gpu_has_no_such_note_and_fixes_name_the_controls(open_page):
    page = open_page()
    assert not page.no_gpu_note.isVisibleTo(page)
    residue = next(c for c in page.finding_cards if c.finding.id == "rocm-residue")
    assert "--scope" not in residue.fix.text() and "on the Choices page" in residue.fix.text()


@pytest.fixture
def zh_app(qapp):
    from rocmdesk.ui.app import install_translators

    assert install_translators(qapp, "zh_CN")
    yield
    install_translators(qapp, "en")
    i18n.set_language(None)


def test_no_shortcut_marker_leaks_into_chinese_text(zh_app, open_page):
    page = open_page()
    page.go(REVIEW)
    assert has_chinese(page.review_summary.text()) and has_chinese(page.title.text())
    leaks = [label.text() for label in page.findChildren(QLabel)
             for m in MARKER.finditer(label.text()) if label.buddy() is None or "&" not in m.group(0)]
    assert leaks == []
