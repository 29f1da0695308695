"""What a scope installs, in words, for the release's stream (issue 14): TheRock's runtime and sdk install amdrocm*
packages per GPU family, not the legacy rocm-hip-sdk / rocm-developer-tools, and have no rocm-smi; the plan's
text and JSON say so.  The JSON's ``scope_what`` stays English."""

from __future__ import annotations

import json
import re

from rocmdesk import i18n
from rocmdesk.setup.choices import SCOPE_WHAT_EN, Choices, scope_what
from rocmdesk.setup.plan import plan
from rocmdesk.setup.recipe import scope_package_names
from rocmdesk.setup.render import render
from tests.setup import machines as m

LEGACY_NAMES = ("rocm-hip-sdk", "rocm-developer-tools", "rocm-hip-runtime", "rocm-smi")


def names(text: str, name: str) -> bool:
    """``name`` as a whole package name in ``text`` (rocm-developer-tools is not in amdrocm-developer-tools)."""
    return re.search(rf"(?<![\w.+-]){re.escape(name)}(?![\w.+-])", text) is not None


def step(p, sid: str):
    return next(s for s in p.steps if s.id == sid)


def therock(scope: str):
    return plan(m.ubuntu("24.04", [m.gpu("gfx1103", name="AMD Radeon 780M Graphics", apu=True)]),
                Choices(scope=scope, rocm="7.14.0"))


def test_therock_scopes_are_described_by_the_packages_the_plan_installs():
    for scope in ("runtime", "sdk"):
        p = therock(scope)
        what = p.to_json()["choices"]["scope_what"]
        assert not any(names(what, name) for name in LEGACY_NAMES), (scope, what)
        installed = step(p, "install-rocm").params["packages"]
        for name in scope_package_names("therock", scope):
            assert names(what, name)
            assert any(pkg.startswith(name + "7.14") for pkg in installed), (name, installed)
    assert "amdrocm-core-dev" in therock("sdk").to_json()["choices"]["scope_what"]


def test_the_text_plan_shows_therocks_words():
    text = render(therock("sdk"), "text")
    scope_line = next(ln for ln in text.splitlines() if ln.strip().startswith("Scope:"))
    assert names(scope_line, "amdrocm-developer-tools") and not names(scope_line, "rocm-developer-tools")
    assert scope_line.endswith(scope_what("sdk", "therock"))


def test_legacy_words_stay():
    p = plan(m.ubuntu("24.04"), Choices(scope="sdk", rocm="7.2.4"))
    assert p.to_json()["choices"]["scope_what"] == SCOPE_WHAT_EN["sdk"]
    assert "rocm-hip-sdk" in scope_what("sdk") == scope_what("sdk", "legacy")


def test_the_json_stays_english_in_another_language():
    with i18n.speaking("zh_CN", this_thread=True):
        p = therock("sdk")
        data = json.loads(render(p, "json"))
    with i18n.speaking("en", this_thread=True):
        assert data["choices"]["scope_what"] == scope_what("sdk", "therock")
