"""A simulated machine's Host: from the cache when it is good, else built (the builder loads only on a miss).

Apart from ``simcache`` so that the builder, which writes the cache, and the cache reader never import each other.
"""

from __future__ import annotations

from pathlib import Path

from rocmdesk.machine.host import Host
from rocmdesk.machine.simcache import default_cache_dir, host_from_meta, usable


def _cached(name: str, cache_dir: Path | None) -> tuple[Path, dict | None]:
    """Where machine ``name``'s tree is cached, and its metadata when that tree is good (never for a name that
    would reach outside the cache)."""
    target = (Path(cache_dir) if cache_dir is not None else default_cache_dir()) / name
    if "/" in name or name in ("", ".", ".."):
        return target, None
    return target, usable(target, name)


def cached_about(name: str, cache_dir: Path | None = None) -> str | None:
    """The English ``about`` line of machine ``name`` as its good cached tree keeps it, else None.  The window's
    banner names the machine before the first detection: from here it costs a JSON read, not tomllib (~16 ms)."""
    meta = _cached(name, cache_dir)[1]
    about = meta.get("description") if meta is not None else None
    return about if isinstance(about, str) and about else None


def open_simulated(name: str, cache_dir: Path | None = None) -> Host:
    """A Host over the simulated machine ``name``: from the cache when it is good, else built."""
    target, meta = _cached(name, cache_dir)
    if meta is not None and isinstance(meta.get("host_env"), dict):
        return host_from_meta(target, meta)
    from rocmdesk.machine import simulate

    return simulate.open_simulated(name, cache_dir)
