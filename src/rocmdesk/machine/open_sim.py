"""A simulated machine's Host: from the cache when it is good, else built (the builder loads only on a miss).

Apart from ``simcache`` so that the builder, which writes the cache, and the cache reader never import each other.
"""

from __future__ import annotations

from pathlib import Path

from rocmdesk.machine.host import Host
from rocmdesk.machine.simcache import default_cache_dir, host_from_meta, usable


def cached_about(name: str, cache_dir: Path | None = None) -> str | None:
    """The English ``about`` line of machine ``name`` as its good cached tree keeps it, else None.  The window's
    banner names the machine before the first detection: from here it costs a JSON read, not tomllib (~16 ms)."""
    if "/" in name or name in ("", ".", ".."):
        return None
    meta = usable((Path(cache_dir) if cache_dir is not None else default_cache_dir()) / name, name)
    about = meta.get("description") if meta is not None else None
    return about if isinstance(about, str) and about else None


def open_simulated(name: str, cache_dir: Path | None = None) -> Host:
    """A Host over the simulated machine ``name``: from the cache when it is good, else built."""
    base = Path(cache_dir) if cache_dir is not None else default_cache_dir()
    target = base / name
    if "/" not in name and name not in ("", ".", ".."):
        meta = usable(target, name)
        if meta is not None and isinstance(meta.get("host_env"), dict):
            return host_from_meta(target, meta)
    from rocmdesk.machine import simulate

    return simulate.open_simulated(name, cache_dir)
