"""The command line is one package, ``rocmdesk.cli``, and the layers under it do not know it is there.

- no module outside ``cli/`` imports ``rocmdesk.cli`` (``__main__`` runs it), parses arguments (argparse), or
  prints for a user; the three programs of their own are the exceptions (the root helper, whose stdout is its
  event stream, and the two scripts a venv's python runs);
- no ``cli`` module imports another module's ``_private`` name, and no one imports one of ``cli``'s;
- no import cycle passes through ``cli`` (imports inside functions count too);
- ``rocmdesk --help`` builds no command's parser: only the command that runs is imported;
- the entry points (``pyproject.toml``'s console script, the .deb launcher, ``python -m rocmdesk``) name
  ``rocmdesk.cli:main``, and every command listed has its module.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

from rocmdesk import cli

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
PKG = SRC / "rocmdesk"
# programs of their own, not imported by rocmdesk: they parse their argv and write to stdout/stderr
PROGRAMS = {"rocmdesk.setup.helper", "rocmdesk.sanity.check_script", "rocmdesk.torchenv.probe_script"}


def _name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_name(p): p for p in sorted(PKG.rglob("*.py"))}
TREES = {name: ast.parse(path.read_text(encoding="utf-8")) for name, path in MODULES.items()}


def _in_cli(name: str) -> bool:
    return name == "rocmdesk.cli" or name.startswith("rocmdesk.cli.")


def _resolve(module: str, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".")
    is_pkg = MODULES[module].name == "__init__.py"
    base = base[: len(base) - node.level + (1 if is_pkg else 0)]
    return ".".join(base + ([node.module] if node.module else []))


def _imports(module: str) -> list[tuple[int, str, str | None]]:
    """(line, imported module, name imported from it or None) for every import, at any depth of the module."""
    out = []
    for node in ast.walk(TREES[module]):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name, None) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            target = _resolve(module, node)
            for a in node.names:
                sub = f"{target}.{a.name}"
                out.append((node.lineno, sub, None) if sub in MODULES else (node.lineno, target, a.name))
    return out


def test_the_modules_are_found():
    assert "rocmdesk.cli" in MODULES and "rocmdesk.cli.common" in MODULES and "rocmdesk.machine.detect" in MODULES
    assert all(f"rocmdesk.cli.{c}" in MODULES for c in cli.COMMANDS)


def test_nothing_outside_cli_imports_it():
    bad = [f"{m}:{line}: {target}" for m in MODULES if not _in_cli(m) and m != "rocmdesk.__main__"
           for line, target, _ in _imports(m) if _in_cli(target)]
    assert not bad, "the core and the UI do not know the command line:\n" + "\n".join(bad)


PARSING = {"ArgumentParser", "add_argument", "add_subparsers", "add_parser", "parse_args", "parse_known_args",
           "add_mutually_exclusive_group"}


def test_only_cli_parses_arguments():
    bad = [f"{m}:{node.lineno}" for m in MODULES if not _in_cli(m) and m not in PROGRAMS
           for node in ast.walk(TREES[m]) if isinstance(node, ast.Call)
           and (node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")) in PARSING]
    assert not bad, "argument parsing belongs in rocmdesk/cli/:\n" + "\n".join(bad)


def _prints(tree: ast.AST) -> list[int]:
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("print", "input"):
            lines.append(node.lineno)
        elif (isinstance(node, ast.Attribute) and node.attr in ("stdout", "stderr", "stdin")
              and isinstance(node.value, ast.Name) and node.value.id == "sys"):
            lines.append(node.lineno)
    return lines


def test_only_cli_and_ui_talk_to_a_terminal():
    bad = [f"{m}:{line}" for m in MODULES if not _in_cli(m) and not m.startswith("rocmdesk.ui")
           and m not in PROGRAMS and m != "rocmdesk.__main__" for line in _prints(TREES[m])]
    assert not bad, ("printing and asking for a person is the command line's job (return text or records "
                     "instead):\n" + "\n".join(bad))


def test_no_private_name_crosses_the_cli_boundary():
    bad = []
    for m in MODULES:
        for line, target, name in _imports(m):
            if name and name.startswith("_") and not name.startswith("__") and target != m \
                    and (_in_cli(m) or _in_cli(target)):
                bad.append(f"{m}:{line}: {name} from {target}")
        if _in_cli(m):  # module._private on a rocmdesk module imported by name (from rocmdesk.setup import runner)
            aliases = set()
            for node in ast.walk(TREES[m]):
                if isinstance(node, ast.ImportFrom):
                    aliases |= {a.asname or a.name for a in node.names if f"{_resolve(m, node)}.{a.name}" in MODULES}
                elif isinstance(node, ast.Import):
                    aliases |= {a.asname for a in node.names if a.asname and a.name in MODULES}
            for node in ast.walk(TREES[m]):
                if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                        and node.value.id in aliases and node.attr.startswith("_")
                        and not node.attr.startswith("__")):
                    bad.append(f"{m}:{node.lineno}: {node.value.id}.{node.attr}")
    assert not bad, "import public names only:\n" + "\n".join(bad)


def _graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for m in MODULES:
        graph[m] = {t for _, t, _ in _imports(m) if t in MODULES and t != m}
    return graph


def _cycles_through(graph: dict[str, set[str]], wanted) -> list[list[str]]:
    """Strongly connected components (Tarjan) with more than one module, that hold a module ``wanted`` says."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1 and any(wanted(c) for c in comp):
                found.append(sorted(comp))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10000))
    for v in graph:
        if v not in index:
            visit(v)
    return found


def test_no_import_cycle_passes_through_cli():
    cycles = _cycles_through(_graph(), _in_cli)
    assert not cycles, "import cycles through rocmdesk.cli:\n" + "\n".join(" <-> ".join(c) for c in cycles)


def test_the_cycle_finder_finds_one():
    assert _cycles_through({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}, lambda n: n == "b") == [["a", "b", "c"]]
    assert _cycles_through({"a": {"b"}, "b": set()}, lambda n: True) == []


LOADED = ("import sys\nfrom rocmdesk.cli import main\nmain({argv!r})\n"
          "print(' '.join(sorted(m for m in sys.modules if m.startswith('rocmdesk'))), file=sys.stderr)\n")


def _loaded(*argv: str) -> set[str]:
    done = subprocess.run([sys.executable, "-c", LOADED.format(argv=list(argv))], capture_output=True, text=True,
                          env={"PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8", "PYTHONPATH": str(SRC)}, check=True)
    return set(done.stderr.split("\n")[-2].split())


def test_help_imports_no_command():
    assert _loaded("--help") == {"rocmdesk", "rocmdesk.cli", "rocmdesk.cli.argparse_i18n", "rocmdesk.cli.common",
                                 "rocmdesk.i18n", "rocmdesk.resources"}  # resources: where the catalogue is


@pytest.mark.parametrize("command", ["detect", "plan", "torch", "doctor"])
def test_a_commands_help_imports_that_command_only(command):
    commands = {m for m in _loaded(command, "--help") if re.fullmatch(r"rocmdesk\.cli\.\w+", m)}
    assert commands == {"rocmdesk.cli.argparse_i18n", "rocmdesk.cli.common", f"rocmdesk.cli.{command}"}


def test_the_entry_points_name_cli_main():
    assert 'rocmdesk = "rocmdesk.cli:main"' in (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert "from rocmdesk.cli import main" in (ROOT / "packaging" / "rocmdesk-launcher").read_text(encoding="utf-8")
    assert "from rocmdesk.cli import main" in (PKG / "__main__.py").read_text(encoding="utf-8")
    assert callable(cli.main)
    for name in cli.COMMANDS:
        module = cli.command_module(name)
        assert callable(module.add_parser) and callable(module.run), name
