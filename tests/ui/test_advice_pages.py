"""Issue 14: the window's pages render the advice model and nothing else.

On the simulated machines of the hard cases, Overview, Setup, PyTorch and Environments show the same status
word, the same override value (or "no override"), the same visible-devices variable and value, and the same
ROCm release cited as ``report.advice`` (attached once by the session's detector).  The expected words are
written here from the advice's fields, not through the pages' own helper, so a page that words a field
differently fails.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rocmdesk.knowledge import rocm_releases
from rocmdesk.torchenv.profile_store import ProfileStore
from rocmdesk.machine.simulate import list_machines
from rocmdesk.torchenv.profiles import Profile
from rocmdesk.ui.pages.environments_page import CHECK, EnvironmentsPage
from rocmdesk.ui.pages.pytorch_page import PyTorchPage
from rocmdesk.ui.pages.setup_page import SetupPage

# every simulated machine: the pages' part of tests/advice/test_consistency.py (which holds the commands)
MACHINES = [m.name for m in list_machines() if m.gpus]  # no-amd-gpu has no verdict to show
STATUS_WORDS = {"supported": "Supported", "override": "Works with an override", "risky": "Risky",
                "unsupported": "Unsupported", "unknown": "Unknown"}


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch):
    for var in ("HSA_OVERRIDE_GFX_VERSION", "PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL", "ROCR_VISIBLE_DEVICES"):
        monkeypatch.delenv(var, raising=False)


@pytest.fixture
def window(qtbot):
    from rocmdesk.ui.main_window import MainWindow
    from rocmdesk.ui.session import MachineSession

    windows = []

    def _open(name: str) -> MainWindow:
        w = MainWindow(MachineSession(simulate=name))
        qtbot.addWidget(w)
        w.resize(1024, 700)
        w.show()
        qtbot.waitUntil(lambda: not w.session.busy and w.session.report is not None, timeout=30000)
        assert w.session.error is None, w.session.error
        torch_page = w.page("pytorch")
        qtbot.waitUntil(lambda: torch_page.rec_card is not None, timeout=10000)
        windows.append(w)
        return w

    yield _open
    for w in windows:
        for page in (w.page("pytorch"), w.page("setup")):
            page.shutdown()
        w.session.shutdown()


def expected(report) -> dict[str, str | None]:
    """What every page must say, from the advice's own fields."""
    a = report.advice
    assert a is not None, "the session's detector attaches the advice"
    overrides = [f"{k}={v}" for k, v in a.env.items() if k.startswith("HSA_OVERRIDE_GFX_VERSION")]
    mask = a.env.get("ROCR_VISIBLE_DEVICES")
    return {
        "status": STATUS_WORDS[a.status],
        "override": ", ".join(overrides) or "no override",
        "devices": f"ROCR_VISIBLE_DEVICES={mask}" if mask is not None else None,
        "cited": f"AMD's list for ROCm {a.rocm_cited}",
    }


@pytest.mark.parametrize("name", MACHINES)
def test_every_page_says_what_the_advice_says(window, name):
    w = window(name)
    report = w.session.report
    a, want = report.advice, expected(report)

    # Overview: the deciding GPU's card leads with the path
    cards = {c.gpu.index: c for c in w.overview.cards}
    card = cards[a.deciding]
    rows = dict(card.advice_rows)
    assert card.verdict.text() == want["status"]
    assert rows["Override"] == want["override"]
    assert rows.get("Devices") == want["devices"]
    assert rows["Judged by"] == want["cited"]
    for index in a.hidden:  # a hidden iGPU says it is kept out, and by which variable
        hidden = cards[index]
        assert hidden.verdict.text() == "Not used by PyTorch"
        assert dict(hidden.advice_rows)["Kept out by"] == want["devices"]
        assert hidden.other_ways == [] and hidden.notes == []

    # Setup: the choices page's advice box (for the release Setup recommends, the machine's advice)
    setup = w.page("setup")
    headline, details = setup.advice_headline.text(), setup.advice_details.text()
    assert headline.startswith(want["status"] + ": ") and want["override"] in headline
    assert f"Judged by {want['cited']}." in details
    if want["devices"]:
        assert want["devices"] in details

    # PyTorch: the recommendation card
    rec_card = w.page("pytorch").rec_card
    facts = dict(rec_card.facts)
    assert rec_card.verdict.text() == want["status"]
    assert facts["Override"] == want["override"]
    assert facts["Judged by"] == want["cited"]
    if want["devices"]:
        assert want["devices"] in facts["Variables"]
    else:
        assert "ROCR_VISIBLE_DEVICES" not in facts.get("Variables", "")

    # Environments: the line the presets and the Check column follow, and the presets themselves
    env_page = w.page("environments")
    line = env_page.advice_label.text()
    assert line.startswith(f"Advice for this machine: {want['status']}: ")
    assert want["override"] in line and want["cited"] in line
    assert (want["devices"] in line) if want["devices"] else "ROCR_VISIBLE_DEVICES" not in line
    assert {s.key: s.value for s in env_page.suggestions()} == a.env


def test_the_780m_reads_the_same_on_overview_and_pytorch(window):
    """The contradiction issue 14 measured: Overview "Risky" (PyTorch's wheels with 11.0.0) while the PyTorch
    page said "supported by these wheels" (AMD's gfx110X-all index) and Setup that profiles set the override."""
    w = window("radeon780m-laptop")
    card = w.overview.cards[0]
    rec_card = w.page("pytorch").rec_card
    assert card.verdict.text() == rec_card.verdict.text() == "Supported"
    assert dict(card.advice_rows)["Wheels"] == "AMD's gfx110X-all wheels"
    assert rec_card.rec.index_url == "https://repo.amd.com/rocm/whl/gfx110X-all/"
    assert dict(card.advice_rows)["Override"] == dict(rec_card.facts)["Override"] == "no override"
    # the other way carries its own verdict, the same words on both pages
    other = "With torch 2.13.0+rocm7.2 from PyTorch's index: risky with HSA_OVERRIDE_GFX_VERSION=11.0.0"
    assert [x.text() for x in card.other_ways] == [x.text() for x in rec_card.other_ways] == ["• " + other]
    # the 11.0.0 in effect: unset it, on the card and on Setup
    assert [n.text() for n in card.notes] == [
        "⚠ HSA_OVERRIDE_GFX_VERSION=11.0.0 is set here: unset it (the advised wheels need no override)"]
    setup = w.page("setup")
    assert "unset it" in setup.advice_notes.text()
    # Setup's "only with an override" finding (the system ROCm's list) no longer says the profiles set one
    fixes = [c.fix.text() for c in setup.finding_cards if c.finding.id == "gpu-override" and c.fix is not None]
    assert fixes and all("set the override for your projects" not in f for f in fixes)
    assert all("PyTorch needs no override here" in f for f in fixes)
    # and the presets leave the override out
    assert "HSA_OVERRIDE_GFX_VERSION" not in {s.key for s in w.page("environments").suggestions()}


def test_the_rx6600xt_setup_gives_the_override_and_the_driver_fact(window):
    w = window("rx6600xt-old-driver")
    setup = w.page("setup")
    assert setup.advice_headline.text() == ("Works with an override: torch 2.9.1+rocm6.4 from PyTorch's index, "
                                            "HSA_OVERRIDE_GFX_VERSION=10.3.0.")
    details = setup.advice_details.text()
    assert "fits your amdgpu-dkms driver from ROCm 6.2.4" in details
    assert ("Another way: With torch 2.13.0+rocm7.2 from PyTorch's index: works with HSA_OVERRIDE_GFX_VERSION="
            "10.3.0, after an amdgpu-dkms driver update to ROCm 7.2 or newer.") in details
    # the Overview card says the same driver fact
    assert dict(w.overview.cards[0].advice_rows)["Driver"] in details
    fixes = [c.fix.text() for c in setup.finding_cards if c.finding.id == "gpu-override" and c.fix is not None]
    assert fixes and all("HSA_OVERRIDE_GFX_VERSION=10.3.0" in f for f in fixes)


def test_the_result_page_names_the_advised_override(window):
    """The next steps after a run: the override the advice sets (the old sentence read gpu.support)."""
    done = type("Outcome", (), {"dry_run": True})()
    setup = window("rx6600xt-old-driver").page("setup")
    setup.run_plan = setup.plan
    assert any("HSA_OVERRIDE_GFX_VERSION=10.3.0" in s for s in setup._next_steps(done))
    setup = window("radeon780m-laptop").page("setup")
    setup.run_plan = setup.plan
    steps = setup._next_steps(done)
    assert not any("need HSA_OVERRIDE_GFX_VERSION" in s for s in steps)
    assert any("unset it" in s for s in steps)


def test_therock_scopes_are_named_by_their_own_packages(window):
    """Setup's scope notes follow the chosen release's stream: TheRock's SDK is not rocm-hip-sdk."""
    setup = window("radeon780m-laptop").page("setup")
    assert "rocm-hip-sdk" in setup.scope_notes["sdk"].text()
    therock = next(r.version for r in reversed(rocm_releases()) if r.stream == "therock" and not r.preview)
    setup.release_combo.setCurrentIndex(setup.release_combo.findData(therock))
    assert setup.plan.choices.release.stream == "therock"
    assert "rocm-hip-sdk" not in setup.scope_notes["sdk"].text() and "amdrocm" in setup.scope_notes["sdk"].text()


# ---- Environments: the check column on any profile -------------------------------------------------------
def _profile(tmp_path: Path, name: str, env: dict[str, str], torch: str | None = None) -> Profile:
    project = tmp_path / name
    venv = project / ".venv"
    project.mkdir(parents=True)
    if torch:  # what torch_version_in reads: the dist-info folder's name
        (venv / "lib" / "python3.11" / "site-packages" / f"torch-{torch}.dist-info").mkdir(parents=True)
    prof = Profile(name, str(project), str(venv), env)
    ProfileStore().create(prof)
    return prof


def _check_of(page: EnvironmentsPage, key: str) -> tuple[str, str]:
    t = page.vars_table
    row = next(r for r in range(t.rowCount()) if t.item(r, 0).text() == key)
    return page.row_checks[row].level, t.item(row, CHECK).text()


def _list_cell(page: EnvironmentsPage, name: str) -> str:
    for row in range(page.table.rowCount()):
        if page.table.item(row, 0).text() == name:
            return page.table.item(row, 4).text()
    raise AssertionError(name)


def test_a_stale_override_is_flagged_on_any_profile(window, tmp_path):
    """RDNA4 with HSA_OVERRIDE_GFX_VERSION=11.0.0: flagged in a profile made by hand (no presets) and in one
    that has the presets besides, in the Check column and in the list."""
    _profile(tmp_path, "by-hand", {"HSA_OVERRIDE_GFX_VERSION": "11.0.0"})
    _profile(tmp_path, "with-presets", {"HSA_OVERRIDE_GFX_VERSION": "11.0.0",
                                        "PYTORCH_HIP_ALLOC_CONF": "expandable_segments:True"})
    _profile(tmp_path, "clean", {"PYTORCH_HIP_ALLOC_CONF": "expandable_segments:True"})
    w = window("rx9070xt-stale-override")
    page = w.page("environments")
    page.reload()
    for name in ("by-hand", "with-presets"):
        assert page.select(name)
        level, text = _check_of(page, "HSA_OVERRIDE_GFX_VERSION")
        assert level == "warning" and "another generation" in text
        assert _list_cell(page, name).startswith("⚠ ")
    assert page.select("clean")
    assert not _list_cell(page, "clean").startswith("⚠")


def test_the_check_follows_the_torch_in_the_venv(window, tmp_path):
    """The 780M with 11.0.0: needless for the advised AMD wheels (unset it), but what PyTorch's own 2.13.0 wheels
    need, at risk, when the venv holds those: the check must not tell that venv's user to unset it."""
    _profile(tmp_path, "amd-wheels", {"HSA_OVERRIDE_GFX_VERSION": "11.0.0"})
    _profile(tmp_path, "pytorch-wheels", {"HSA_OVERRIDE_GFX_VERSION": "11.0.0"}, torch="2.13.0+rocm7.2")
    w = window("radeon780m-laptop")
    page = w.page("environments")
    page.reload()
    assert page.select("amd-wheels")
    level, text = _check_of(page, "HSA_OVERRIDE_GFX_VERSION")
    assert level == "warning" and "unset it" in text
    assert page.advice_label.text().startswith("Advice for this machine: Supported: AMD's gfx110X-all wheels")
    assert page.select("pytorch-wheels")
    level, text = _check_of(page, "HSA_OVERRIDE_GFX_VERSION")
    assert level == "warning" and "is what these wheels need, but it is risky" in text and "unset" not in text
    assert page.advice_label.text().startswith("Advice for torch 2.13.0+rocm7.2 in this venv: Risky: ")
    assert "HSA_OVERRIDE_GFX_VERSION=11.0.0" in page.advice_label.text()


def test_the_environments_page_fits_a_laptop_screen(window):
    """1024×700: the button row wraps and the editor scrolls instead of forcing the window bigger."""
    w = window("radeon780m-laptop")
    page = w.page("environments")
    assert page.minimumSizeHint().width() <= 1024 - w.sidebar.width()
    assert page.minimumSizeHint().height() <= 560
