"""Environment variables that matter for ROCm and PyTorch, with meaning, example and sources."""

from __future__ import annotations

import re
from functools import cache

from rocmdesk.knowledge._data import load_json
from rocmdesk.knowledge.records import record

_PER_NODE = re.compile(r"HSA_OVERRIDE_GFX_VERSION_\d+")


@record(frozen=True)
class EnvVar:
    name: str
    category: str  # override | visibility | runtime | allocator | miopen | pytorch | build | debug | privilege
    meaning: str
    example: str
    sources: tuple[str, ...]

    @property
    def source(self) -> str:
        return ", ".join(self.sources)


@cache
def _vars() -> dict[str, EnvVar]:
    raw = load_json("env_vars.json")["env_vars"]
    return {v["name"]: EnvVar(v["name"], v["category"], v["meaning"], v["example"], tuple(v["sources"])) for v in raw}


def env_vars() -> list[EnvVar]:
    return list(_vars().values())


def env_var(name: str) -> EnvVar | None:
    """Facts for a variable; ``HSA_OVERRIDE_GFX_VERSION_2`` finds the per-node entry."""
    if _PER_NODE.fullmatch(name):
        name = "HSA_OVERRIDE_GFX_VERSION_<node>"
    return _vars().get(name)
