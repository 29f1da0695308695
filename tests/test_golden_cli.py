"""The command line says the same as before for every simulated machine (issue 15): `detect --json`,
`plan --format json` and `torch recommend --json` are compared with tests/data/golden, written by
scripts/update_golden.py (first from the commit before the house was redrawn, 64255f1).  When a change of output is
intended, run that script and say why in the commit."""

from __future__ import annotations

import difflib
import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "data" / "golden"


def _script():
    spec = importlib.util.spec_from_file_location("update_golden", ROOT / "scripts" / "update_golden.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_simulated_machine_says_what_it_said():
    now = _script().outputs()
    kept = {p.name: p.read_text(encoding="utf-8") for p in GOLDEN.glob("*.json")}
    assert sorted(now) == sorted(kept), "machines or commands changed: run scripts/update_golden.py"
    diffs = []
    for name in sorted(now):
        if now[name] != kept[name]:
            diffs.append("".join(difflib.unified_diff(kept[name].splitlines(True), now[name].splitlines(True),
                                                      f"golden/{name}", f"now/{name}", n=2))[:3000])
    assert not diffs, ("the CLI's output changed (if intended: python scripts/update_golden.py, and say why):\n"
                       + "\n".join(diffs))


def test_the_goldens_are_real_outputs():
    texts = [p.read_text(encoding="utf-8") for p in GOLDEN.glob("*.detect.json")]
    assert len(texts) >= 12 and all(t.startswith("exit ") for t in texts)
    assert sum('"gfx1032"' in t for t in texts) >= 2  # the 6600 XT machines
