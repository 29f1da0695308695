"""Open an already-built simulated machine without loading the builder.

`rocmdesk detect --simulate NAME` runs often (scripts, benchmarks): when the cached
tree is complete and was written by the current builder, this module hands back
its Host from the tree's metadata alone (``open_sim.open_simulated``; only a miss imports ``simulate`` to build).
"""

from __future__ import annotations

import functools
import json
import os
import zlib
from pathlib import Path

from rocmdesk.i18n import translate
from rocmdesk.machine.host import Host

META_FILE = ".rocmdesk-sim.json"
BUILDER_VERSION = "2"
_HERE = Path(__file__).parent


def builder_sources() -> list[Path]:
    """What a built tree is made from: the builder's modules and the machines' data files."""
    return ([_HERE / "simulate.py"] + sorted(_HERE.glob("sim_*.py"))
            + sorted((_HERE / "simulated").glob("*.toml")))


@functools.lru_cache(maxsize=1)
def builder_version() -> str:
    """The cache key of built trees: changes whenever the builder's modules or the machines' data files do."""
    try:
        data = b"".join(p.name.encode() + b"\0" + p.read_bytes() for p in builder_sources())
    except OSError:
        return f"{BUILDER_VERSION}-nosource"
    return f"{BUILDER_VERSION}-{zlib.crc32(data):08x}-{len(data)}"


# as deep as formats.limits lets any JSON nest (that module is not imported here: detect's start-up time)
_MAX_DEPTH = 64


def sim_metadata(root: Path | str) -> dict | None:
    """The metadata of a simulated tree, or None when missing, unreadable, not a JSON object or nested deeper than
    any tool output rocmdesk reads (the cache is the user's to edit: no RecursionError from it, here or later)."""
    try:
        data = json.loads((Path(root) / META_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError, RecursionError):
        return None
    return data if isinstance(data, dict) and _nests_within(data, _MAX_DEPTH) else None


def _nests_within(value: object, limit: int) -> bool:
    """Whether no list or object in ``value`` lies deeper than ``limit`` levels (the outermost is level 1)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            return False
        stack.extend((child, depth + 1) for child in children)
    return True


def usable(target: Path, name: str) -> dict | None:
    """The metadata of a complete tree of ``name`` from this builder, else None."""
    meta = sim_metadata(target)
    if not meta or meta.get("name") != name or meta.get("complete") is not True:
        return None
    if meta.get("builder_version") != builder_version():
        return None
    checks = meta.get("check_paths")
    if not isinstance(checks, list):
        return None
    if not all(isinstance(p, str) and os.path.lexists(target / p.lstrip("/")) for p in checks):
        return None
    return meta


def default_cache_dir() -> Path:
    """``$XDG_CACHE_HOME/rocmdesk/simulated`` (``~/.cache/...`` when that is unset, empty or not absolute)."""
    from rocmdesk.xdg import cache_dir

    return cache_dir() / "simulated"


def host_from_meta(root: Path, meta: dict) -> Host:
    env = meta.get("host_env")
    return Host(
        root=root.resolve(),
        live=False,
        label=translate("rocmdesk.machine.simcache", "simulated: {machine}").format(machine=_described(meta)),
        simulated=True,
        env={str(k): str(v) for k, v in env.items()} if isinstance(env, dict) else {},
    )


def _described(meta: dict) -> str:
    # the metadata keeps the machine file's English about, which scripts/i18n.py lists for the catalogue
    about = meta.get("description")
    return translate("rocmdesk.machine.simulate", about) if isinstance(about, str) and about else str(meta.get("name"))
