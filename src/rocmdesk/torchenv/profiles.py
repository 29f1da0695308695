"""Environment profiles: a project directory, a venv and the environment variables PyTorch needs there.

A profile is plain data; ``profile_store`` reads and writes it (TOML under the XDG config dir), ``hooks``
puts it into the venv's activate scripts, ``exports`` turns it into ``.envrc`` / ``.env`` / a Jupyter kernel
or into the environment of ``rocmdesk run``.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from rocmdesk.i18n import translate

# ASCII letters, digits, '.', '_' and '-', starting with a letter or digit: the name is a file name, a
# Jupyter kernel name and part of shell comments, so it must be safe in all of them.
NAME_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")
FORMAT_VERSION = 1


class ProfileError(Exception):
    """A profile operation failed; the message is one line meant for the user."""


class InvalidName(ProfileError):
    pass


def check_name(name: str) -> str:
    if not NAME_RE.fullmatch(name or ""):
        raise InvalidName(translate(
            "rocmdesk.torchenv.profiles",
            "{name} is not a usable profile name: use 1-64 ASCII letters, digits, '.', '_' or '-', starting with a "
            "letter or digit").format(name=repr(name)))
    return name


def _now() -> datetime:
    return datetime.now(timezone.utc).replace(microsecond=0)


def absolute_dir(path: str | os.PathLike[str]) -> str:
    """An absolute, normalized path (``~`` expanded, symlinks kept: the user's spelling of the place)."""
    return os.path.normpath(os.path.abspath(os.path.expanduser(os.fspath(path))))


@dataclass
class Profile:
    name: str
    project_dir: str
    venv: str
    env: dict[str, str] = field(default_factory=dict)
    notes: str = ""
    created: datetime = field(default_factory=_now)
    updated: datetime = field(default_factory=_now)
    # True once `profile apply` wrote the hooks: edits re-apply them, `list` warns when they went missing
    hooks: bool = False

    def __post_init__(self) -> None:
        check_name(self.name)

    @property
    def venv_path(self) -> Path:
        return Path(self.venv)

    @property
    def python(self) -> Path:
        return Path(self.venv) / "bin" / "python"

    def with_changes(self, **changes: Any) -> "Profile":
        return replace(self, updated=_now(), **changes)

    # -- the TOML form (the file name is the profile's name, so the name is not stored inside) --------
    def to_toml(self) -> dict[str, Any]:
        return {
            "format": FORMAT_VERSION,
            "project_dir": self.project_dir,
            "venv": self.venv,
            "notes": self.notes,
            "hooks": self.hooks,
            "created": self.created,
            "updated": self.updated,
            "env": dict(sorted(self.env.items())),
        }

    @classmethod
    def from_toml(cls, name: str, data: dict[str, Any]) -> "Profile":
        """Raises ValueError naming the first field that is missing or of the wrong type."""
        fmt = data.get("format", FORMAT_VERSION)
        if not isinstance(fmt, int) or fmt > FORMAT_VERSION:
            raise ValueError(translate("rocmdesk.torchenv.profiles",
                                       "format {format} is newer than this rocmdesk understands (it writes {ours})")
                             .format(format=repr(fmt), ours=FORMAT_VERSION))
        for key in ("project_dir", "venv"):
            if not isinstance(data.get(key), str) or not data[key]:
                raise ValueError(translate("rocmdesk.torchenv.profiles", "{key} is missing or not a string").format(
                    key=repr(key)))
        env = data.get("env", {})
        if not isinstance(env, dict):
            raise ValueError(translate("rocmdesk.torchenv.profiles", "'env' is not a table"))
        for k, v in env.items():
            if not isinstance(v, str):
                raise ValueError(translate("rocmdesk.torchenv.profiles",
                                           "env.{key} is not a string (write it in quotes)").format(key=k))
        notes = data.get("notes", "")
        if not isinstance(notes, str):
            raise ValueError(translate("rocmdesk.torchenv.profiles", "'notes' is not a string"))
        hooks = data.get("hooks", False)
        if not isinstance(hooks, bool):
            raise ValueError(translate("rocmdesk.torchenv.profiles", "'hooks' is not true or false"))
        stamps = {}
        for key in ("created", "updated"):
            value = data.get(key)
            if value is None:
                value = _now()
            elif not isinstance(value, datetime):
                raise ValueError(translate("rocmdesk.torchenv.profiles", "{key} is not a date-time").format(
                    key=repr(key)))
            elif value.tzinfo is None:
                value = value.replace(tzinfo=timezone.utc)
            stamps[key] = value
        return cls(name=name, project_dir=data["project_dir"], venv=data["venv"], env=dict(env), notes=notes,
                   hooks=hooks, **stamps)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "project_dir": self.project_dir,
            "venv": self.venv,
            "env": dict(sorted(self.env.items())),
            "notes": self.notes,
            "hooks": self.hooks,
            "created": self.created.isoformat(),
            "updated": self.updated.isoformat(),
        }


# CPython 3.11's venv writes the path into its activate scripts inside double quotes without escaping,
# so `$`, a backquote, `"` or `\` in it are run or break the script (our own hook blocks never use the path).
_ACTIVATE_UNSAFE = set('$`"\\')


def path_warnings(venv: str) -> list[str]:
    """Warnings about a venv path that the venv's own activate scripts handle badly."""
    bad = sorted(set(venv) & _ACTIVATE_UNSAFE)
    if not bad:
        return []
    chars = " ".join(bad)
    return [translate("rocmdesk.torchenv.profiles",
                      "the venv path contains {chars}: the activate scripts that Python's venv writes do not quote "
                      "it, so `source bin/activate` may set VIRTUAL_ENV wrong; `rocmdesk run` and `rocmdesk shell` "
                      "are not affected").format(chars=chars)]


def load_profile(name: str, directory: str | os.PathLike[str] | None = None) -> Profile:
    """The stored profile called ``name``; raises ``ProfileNotFound`` / ``ProfileFileError`` (ProfileError)."""
    from rocmdesk.torchenv.profile_store import ProfileStore

    return ProfileStore(directory).load(name)
