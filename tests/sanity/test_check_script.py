"""The check script runs inside the user's venv: standard library and torch only, old-Python syntax,
importable without side effects, and shipped as package data."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from rocmdesk.sanity.runner import CHECK_SCRIPT

REPO = Path(__file__).resolve().parents[2]
STDLIB = set(sys.stdlib_module_names)


def _imports(tree: ast.AST) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, "no relative imports: the script runs on its own"
            names.add((node.module or "").split(".")[0])
    return names


def test_it_imports_only_the_standard_library_and_torch():
    tree = ast.parse(CHECK_SCRIPT.read_text(encoding="utf-8"))
    others = _imports(tree) - STDLIB - {"torch"}
    assert others == set(), f"the check must not need {others} in the user's venv"
    assert "rocmdesk" not in _imports(tree)


def test_it_parses_as_python_3_8():
    ast.parse(CHECK_SCRIPT.read_text(encoding="utf-8"), feature_version=(3, 8))


def test_importing_it_does_nothing_and_loads_no_torch():
    code = ("import sys, importlib.util as u\n"
            f"s = u.spec_from_file_location('c', {str(CHECK_SCRIPT)!r}); m = u.module_from_spec(s)\n"
            "s.loader.exec_module(m)\n"
            "print('torch' in sys.modules, m._OUT is None)")
    out = subprocess.run([sys.executable, "-I", "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "True"] and out.stderr == ""


def test_the_app_side_never_imports_torch(tmp_path):
    # a torch that explodes when imported, first on the path: the app's sanity modules must never touch it
    (tmp_path / "torch").mkdir()
    (tmp_path / "torch" / "__init__.py").write_text("raise SystemExit('rocmdesk imported torch')\n")
    code = ("import sys\n"
            f"sys.path.insert(0, {str(tmp_path)!r})\n"
            "import rocmdesk.sanity.runner, rocmdesk.sanity.result, rocmdesk.sanity.cli_sanity\n"
            "from rocmdesk.cli import build_parser\n"
            "build_parser(['sanity']).parse_args(['sanity', '--venv', '/nowhere'])\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('torch', 'PySide6')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_it_is_package_data():
    text = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    assert '"rocmdesk.sanity" = ["check_script.py"]' in text
    assert CHECK_SCRIPT.parent == REPO / "src" / "rocmdesk" / "sanity" and CHECK_SCRIPT.is_file()
