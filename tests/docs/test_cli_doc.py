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

    names = list(cli.COMMANDS)
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


def test_the_advice_objects_are_documented() -> None:
    """Every key of the per-GPU and the machine advice objects (and of the path, alternative and note objects
    inside them) is named in docs/cli.md's section on them, and the example is a real one."""
    from rocmdesk.advice import Alternative, EnvNote, GpuAdvice, MachineAdvice, WheelPath

    text = (REPO / "docs" / "cli.md").read_text(encoding="utf-8")
    section = text.split("\n## The advice object (JSON)\n", 1)[1]
    path = WheelPath("pytorch", "6.4", "https://x", "2.9.1+rocm6.4")
    alt = Alternative(path, "override", "10.3.0", "r", "driver")
    gpu = GpuAdvice("override", "10.3.0", {}, path, "r", [], [alt])
    machine = MachineAdvice({0: gpu}, path, "override", {}, [0], [], 0, "6.2.4",
                            notes=[EnvNote("override-missing", "V", None, "1", "m")])
    for obj in (gpu.to_json(), machine.to_json(), path.to_json(), alt.to_json(), machine.notes[0].to_json()):
        for key in obj:
            assert f"`{key}`" in section, key
    for command in ("detect", "inspect", "plan", "torch recommend", "doctor"):
        assert f"`rocmdesk {command}" in section, command
    assert "**equal**" in section and '"rocm_cited": "6.2.4"' in section
