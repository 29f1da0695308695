"""Write the golden outputs the CLI is compared against (tests/test_golden_cli.py): for every simulated machine,
``detect --json``, ``plan --format json`` and ``torch recommend --json``.

Run it only when a change of output is intended, and say in the commit why the output changed:

    python scripts/update_golden.py
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "data" / "golden"
COMMANDS = {"detect": ["detect", "--json"], "plan": ["plan", "--format", "json"],
            "recommend": ["torch", "recommend", "--json"]}


def normalise(text: str) -> str:
    """The output with what differs between runs and computers taken out (the cache path of a simulated tree)."""
    data = json.loads(text)

    def walk(value):
        if isinstance(value, dict):
            return {k: walk(v) for k, v in value.items()}
        if isinstance(value, list):
            return [walk(v) for v in value]
        if isinstance(value, str) and "/rocmdesk/simulated/" in value:
            return "<simulated tree>" + value.split("/rocmdesk/simulated/", 1)[1].split("/", 1)[-1]
        return value

    return json.dumps(walk(data), indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def run(argv: list[str]) -> tuple[int, str]:
    from rocmdesk.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        try:
            code = main(argv)
        except SystemExit as exc:
            code = exc.code
    return int(code or 0), out.getvalue()


def outputs() -> dict[str, str]:
    from rocmdesk import i18n
    from rocmdesk.machine.simulate import list_machines

    found = {}
    with i18n.speaking(i18n.SOURCE_LANGUAGE):
        for machine in list_machines():
            for what, argv in COMMANDS.items():
                code, text = run([*argv, "--simulate", machine.name])
                found[f"{machine.name}.{what}.json"] = f"exit {code}\n" + (normalise(text) if text.strip() else "")
    return found


def main() -> int:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for old in GOLDEN.glob("*.json"):
        old.unlink()
    for name, text in outputs().items():
        (GOLDEN / name).write_text(text, encoding="utf-8")
    print(f"wrote {len(list(GOLDEN.glob('*.json')))} files to {GOLDEN.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT / "src"))
    sys.exit(main())
