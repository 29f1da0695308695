"""The layers hold (issue 15): every import in src/, at module level or inside a function, is read from the source
and checked for cycles, private names taken from another module, core packages reaching up into the CLI or the UI,
and imports against the layer order that docs/architecture.md states.  Imports under ``if TYPE_CHECKING:`` are
annotations only and do not count."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"

# the layers, lowest first (docs/architecture.md "Layers"); a module may import its own layer and the ones below
LAYERS: list[set[str]] = [
    {"__init__", "i18n", "bounded_read", "atomic_file", "settings", "resources", "xdg"},  # base: version,
    # translation, safe file I/O, the files the app ships, the user's XDG folders
    {"knowledge"},  # facts as data: gfx targets, releases, wheels, the Doctor's catalogue
    {"machine", "formats"},  # reading a machine (the Host seam, sysfs, simulated trees) and other tools' output
    {"advice"},  # the one advice model, computed from a machine report and the knowledge
    {"setup", "torchenv", "telemetry", "sanity", "doctor", "inspect", "report_text", "capture"},  # what the app does
    {"cli", "ui", "__main__"},  # front ends
]
FRONT_ENDS = {"cli", "ui"}

# offenders that another change in progress removes; each entry is (kind, detail) as the test reports it
PENDING: set[tuple[str, str]] = set()


def _modules() -> dict[str, Path]:
    mods = {}
    for path in (SRC / "rocmdesk").rglob("*.py"):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        mods[".".join(parts)] = path
    mods["rocmdesk.resources"] = SRC.parent / "resources" / "__init__.py"  # built into the package by setup.py
    return mods


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    """ids of the import nodes under ``if TYPE_CHECKING:``."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.body:
                for sub in ast.walk(child):
                    skip.add(id(sub))
    return skip


def _imports(mods: dict[str, Path]) -> tuple[dict[str, set[str]], list[tuple[str, str, str]]]:
    """module -> modules it imports; and (importer, module, name) for every private name imported."""
    edges: dict[str, set[str]] = defaultdict(set)
    private: list[tuple[str, str, str]] = []
    for name, path in mods.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = _type_checking_nodes(tree)
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                    module = ".".join(base + ([node.module] if node.module else []))
                else:
                    module = node.module or ""
                if not module.startswith("rocmdesk"):
                    continue
                for alias in node.names:
                    full = f"{module}.{alias.name}"
                    target = full if full in mods else module
                    edges[name].add(target)
                    if target == module and alias.name.startswith("_") and not alias.name.startswith("__"):
                        private.append((name, module, alias.name))
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.startswith("rocmdesk"):
                        edges[name].add(alias.name if alias.name in mods else alias.name.rsplit(".", 1)[0])
    for name in edges:
        edges[name].discard(name)
    return edges, private


def _cycles(mods: dict[str, Path], edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in mods:
        if root in index:
            continue
        work = [(root, iter(sorted(edges.get(root, ()))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in mods:
                    continue
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def _top(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def _layer(module: str) -> int:
    top = _top(module)
    for i, members in enumerate(LAYERS):
        if top in members:
            return i
    raise AssertionError(f"{module}: its package {top!r} is in no layer (add it to LAYERS and docs/architecture.md)")


def _problems() -> set[tuple[str, str]]:
    mods = _modules()
    edges, private = _imports(mods)
    out: set[tuple[str, str]] = set()
    for component in _cycles(mods, edges):
        out.add(("cycle", " -> ".join(component)))
    for importer, module, name in private:
        if module != importer:
            out.add(("private", f"{importer} imports {name} from {module}"))
    for importer, targets in edges.items():
        for target in targets:
            if target not in mods and not target.startswith("rocmdesk"):
                continue
            src_top, dst_top = _top(importer), _top(target)
            if dst_top in FRONT_ENDS and src_top not in FRONT_ENDS | {"__main__"}:
                out.add(("front-end", f"{importer} imports {target}"))
            elif _layer(target) > _layer(importer):
                out.add(("upward", f"{importer} ({src_top}) imports {target} ({dst_top})"))
    return out


def test_the_graph_is_read():
    mods = _modules()
    edges, _ = _imports(mods)
    assert len(mods) > 150
    assert "rocmdesk.machine.host" in edges["rocmdesk.machine.detect"]
    # a function-level import counts: the CLI imports the command's module inside main
    assert any(t.startswith("rocmdesk.ui") for t in edges["rocmdesk.cli.gui"])


def test_every_package_has_a_layer_and_the_doc_names_them_in_order():
    for name in _modules():
        _layer(name)
    doc = (SRC.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    rows = [line for line in doc.splitlines() if line.startswith("| ") and line[2:3].isdigit()]
    assert len(rows) == len(LAYERS), "docs/architecture.md has one table row per layer"
    for i, (row, members) in enumerate(zip(rows, LAYERS)):
        assert row.startswith(f"| {i} ")
        named = {m for m in members if f"`{m}`" in row}
        assert named | {"__init__"} >= members, f"layer {i}: the doc's row names {sorted(members - named)}"


def test_no_cycle_no_private_reach_in_no_upward_import():
    problems = _problems()
    new = sorted(problems - PENDING)
    assert new == [], "\n".join(f"{kind}: {detail}" for kind, detail in new)


def test_pending_entries_are_still_real():
    # once an offender is gone, its PENDING entry must go too (so the list only ever shrinks)
    gone = sorted(PENDING - _problems())
    assert gone == [], f"remove from PENDING: {gone}"


def test_the_checker_finds_what_it_should(tmp_path, monkeypatch):
    # a planted cycle, a private import and an upward import in a copy of two modules are all reported
    mods = {"rocmdesk.knowledge.a": tmp_path / "a.py", "rocmdesk.knowledge.b": tmp_path / "b.py"}
    mods["rocmdesk.knowledge.a"].write_text("from rocmdesk.knowledge.b import _x\nimport rocmdesk.ui.app\n")
    mods["rocmdesk.knowledge.b"].write_text("def f():\n    from rocmdesk.knowledge import a\n")
    edges, private = _imports(mods)
    assert _cycles(mods, edges) == [["rocmdesk.knowledge.a", "rocmdesk.knowledge.b"]]
    assert private == [("rocmdesk.knowledge.a", "rocmdesk.knowledge.b", "_x")]
    assert "rocmdesk.ui" in edges["rocmdesk.knowledge.a"] and _layer("rocmdesk.ui") > _layer("rocmdesk.knowledge.a")
