"""A simulated machine's English line about itself, read from its own file (and the files it extends) without
the catalogue: the window's banner names the machine it opens at once, and the whole catalogue (every file, every
record) costs ~100 ms at start.  Kept apart from ``sim_spec`` so that reading it imports only ``tomllib``."""

from __future__ import annotations

import sys
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

DATA_DIR = Path(__file__).with_name("simulated")
SUFFIX = ".toml"
MAX_BYTES = 1 << 20  # a machine file is a few KiB


def about(name: str, folder: Path = DATA_DIR) -> str | None:
    """The ``about`` line of machine ``name`` (following ``extends``); None for an unknown or unreadable one."""
    seen: set[str] = set()
    while name and name not in seen and "/" not in name and not name.startswith("_"):
        seen.add(name)
        path = Path(folder) / f"{name}{SUFFIX}"
        if not path.is_file():  # missing, or a FIFO a read would block on
            return None
        try:
            with open(path, "rb") as f:
                raw = tomllib.loads(f.read(MAX_BYTES).decode("utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
            return None
        text = raw.get("about")
        if isinstance(text, str) and text:
            return text
        base = raw.get("extends")
        name = base if isinstance(base, str) else ""
    return None
