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


def test_it_reads_no_variable_of_rocmdesk_own():
    """No test hooks in the product: the environment is read only for the ROCm/NCCL/PyTorch variables in
    ENV_VARS, which the device phase reports (the tests' faults come from tests/sanity/check_wrapper.py)."""
    text = CHECK_SCRIPT.read_text(encoding="utf-8")
    assert "ROCMDESK" not in text  # no ROCMDESK_* name, not even in its docstring
    tree = ast.parse(text)
    env_vars = next(ast.literal_eval(node.value) for node in ast.walk(tree) if isinstance(node, ast.Assign)
                    and any(isinstance(t, ast.Name) and t.id == "ENV_VARS" for t in node.targets))
    assert env_vars and not any(v.upper().startswith("ROCMDESK") for v in env_vars)

    def environ(node: ast.AST) -> bool:  # os.environ, os.getenv, os.environb
        return (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "os"
                and node.attr in ("environ", "environb", "getenv", "getenvb"))

    allowed: set[int] = set()  # os.environ inside a comprehension over ENV_VARS, keyed by its loop variable
    for comp in ast.walk(tree):
        if isinstance(comp, (ast.DictComp, ast.ListComp, ast.SetComp, ast.GeneratorExp)) and any(
                isinstance(g.iter, ast.Name) and g.iter.id == "ENV_VARS" for g in comp.generators):
            allowed.update(id(n) for n in ast.walk(comp) if environ(n))
    reads = [n for n in ast.walk(tree) if environ(n)]
    assert reads, "the device phase reports the ROCm variables: the test must find where"
    stray = [ast.get_source_segment(text, n) + f" (line {n.lineno})" for n in reads if id(n) not in allowed]
    assert stray == [], "the check reads the environment only for ENV_VARS"


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
            "import rocmdesk.sanity.runner, rocmdesk.sanity.result, rocmdesk.cli.sanity\n"
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
