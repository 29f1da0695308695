"""docs/cli.md is generated from the argparse parsers (scripts/gen_cli_doc.py) and must be current."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "scripts" / "gen_cli_doc.py"


def test_cli_doc_is_current() -> None:
    # a fresh interpreter: build_parser imports command modules, and the locale must be fixed before rocmdesk loads
    done = subprocess.run([sys.executable, str(SCRIPT), "--check"], capture_output=True, text=True, cwd=REPO)
    assert done.returncode == 0, done.stderr + "\nrun: python scripts/gen_cli_doc.py"


def test_every_command_and_subcommand_has_a_section() -> None:
    sys.path.insert(0, str(REPO / "scripts"))
    try:
        import gen_cli_doc
    finally:
        sys.path.pop(0)
    text = (REPO / "docs" / "cli.md").read_text(encoding="utf-8")
    from rocmdesk import cli

    names = ["detect", "inspect", "simulate", "gui", *cli.EXTENSIONS]
    for name in names:
        assert f"\n## rocmdesk {name}\n" in text, name
        parser = cli.build_parser([name])
        sub = gen_cli_doc._sub_action(parser).choices[name]
        inner = gen_cli_doc._sub_action(sub)
        for child in (inner.choices if inner else {}):
            assert f"\n### rocmdesk {name} {child}\n" in text, (name, child)
        for action in sub._actions:  # every visible option is in the table
            for opt in action.option_strings:
                if action.help != "==SUPPRESS==" and opt not in ("-h", "--help"):
                    assert f"`{opt}" in text, (name, opt)
        assert "Exit codes:" in text.split(f"\n## rocmdesk {name}\n", 1)[1].split("\n## ", 1)[0], name


def test_check_fails_when_the_doc_is_stale(tmp_path, monkeypatch) -> None:
    sys.path.insert(0, str(REPO / "scripts"))
    try:
        import gen_cli_doc
    finally:
        sys.path.pop(0)
    stale = tmp_path / "cli.md"
    stale.write_text("# old\n", encoding="utf-8")
    monkeypatch.setattr(gen_cli_doc, "OUT", stale)
    monkeypatch.setattr(gen_cli_doc, "ROOT", tmp_path)
    assert gen_cli_doc.main(["--check"]) == 1
    assert gen_cli_doc.main([]) == 0
    assert gen_cli_doc.main(["--check"]) == 0
