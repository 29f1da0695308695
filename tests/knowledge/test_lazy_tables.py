"""The knowledge loads lazily (issue 19): names of the package on first use, a device's name without reading the
whole table; what they give is what the eager forms gave."""

from __future__ import annotations

import pytest


def test_the_knowledge_package_finds_each_name_in_its_module():
    import ast
    import importlib
    from pathlib import Path

    import rocmdesk.knowledge as knowledge

    where = knowledge._WHERE
    assert sorted(where) == sorted(knowledge.__all__)
    for name, module in where.items():
        assert getattr(knowledge, name) is getattr(importlib.import_module(f"rocmdesk.knowledge.{module}"), name)
    tree = ast.parse(Path(knowledge.__file__).read_text(encoding="utf-8"))
    typed = {a.name: n.module.rsplit(".", 1)[-1] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)
             and n.module and n.module.startswith("rocmdesk.knowledge.") for a in n.names}
    assert typed == where  # what type checkers see is what runs
    assert knowledge.gfx is importlib.import_module("rocmdesk.knowledge.gfx")  # the modules, as attributes too
    with pytest.raises(AttributeError):
        knowledge.no_such_name  # noqa: B018


def test_a_name_looked_up_by_id_is_the_tables_row():
    from rocmdesk.knowledge import devices

    table = devices._names()
    for did in {d for d, _ in table}:
        assert devices._names_of(did) == {rev: row for (d, rev), row in table.items() if d == did}, did
    assert devices._names_of("ffff") == {}
