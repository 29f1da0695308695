"""rocmdesk's own folders under the user's XDG base directories: settings, caches and state.

On Linux the XDG Base Directory rule is applied here, as platformdirs applies it: ``$XDG_CONFIG_HOME`` (cache:
``$XDG_CACHE_HOME``, state: ``$XDG_STATE_HOME``) when it is an absolute path, else ``~/.config`` (``~/.cache``,
``~/.local/state``).  Importing platformdirs costs more than the window's settings read and the ``detect`` command's
cache lookup together (~5 ms), so it loads only where this rule cannot answer: another system, or a home directory
that is set but not an absolute path (platformdirs then asks the password database, or says what is wrong).
tests/test_xdg.py holds both to the same answers.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP = "rocmdesk"
# kind -> (the variable, the default under the home directory)
_BASES = {
    "config": ("XDG_CONFIG_HOME", "~/.config"),
    "cache": ("XDG_CACHE_HOME", "~/.cache"),
    "state": ("XDG_STATE_HOME", "~/.local/state"),
}


def user_dir(kind: str) -> Path:
    """rocmdesk's folder of this ``kind`` (``config``, ``cache`` or ``state``) for this user; read from the
    environment on each call, so tests can point it elsewhere.  Nothing is created."""
    variable, default = _BASES[kind]
    if sys.platform == "linux" and not hasattr(sys, "getandroidapilevel"):  # platformdirs has its own Android rule
        base = os.environ.get(variable, "")
        if not os.path.isabs(base):  # unset, empty or relative: the spec says to ignore it
            home = os.environ.get("HOME")
            # an empty or relative HOME is no home: platformdirs asks the password database then
            base = os.path.expanduser(default) if home is None or os.path.isabs(home) else ""
        if os.path.isabs(base):
            return Path(base) / APP
    import platformdirs

    return Path(getattr(platformdirs, f"user_{kind}_dir")(APP, appauthor=False))


def config_dir() -> Path:
    return user_dir("config")


def cache_dir() -> Path:
    return user_dir("cache")


def state_dir() -> Path:
    return user_dir("state")
