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
from typing import Any, Mapping

from rocmdesk.i18n import translate

# ASCII letters, digits, '.', '_' and '-', starting with a letter or digit: the name is a file name, a
# Jupyter kernel name and part of shell comments, so it must be safe in all of them.
NAME_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")
FORMAT_VERSION = 1
# what may stand in a variable's name: every shell, every export format and every environment takes it.
# Checked on every load, so no profile file from elsewhere hands another name to an export or a hook.
VAR_NAME_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
# a path with a control character (a line break above all) is no folder anyone made on purpose, and it would
# break the line-based files a path goes into (.env, the listing); U+0085/2028/2029 are line breaks to some readers
_PATH_CONTROL = re.compile("[\x00-\x1f\x7f\x85\u2028\u2029]")
MAX_PATH_BYTES = 4095  # PATH_MAX less its NUL: the kernel refuses anything longer
_SURROGATE = re.compile("[\ud800-\udfff]")  # bytes that were not UTF-8 (surrogateescape) and nothing else


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


def shown(value: Any, limit: int = 60) -> str:
    """``repr(value)``, cut to about ``limit`` characters: a key or value quoted in a message, with any control
    character escaped (a profile from elsewhere cannot write to the terminal through an error message)."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def text_problem(value: str) -> str | None:
    """Why ``value`` cannot be stored in a profile file (UTF-8 TOML), or None."""
    if _SURROGATE.search(value):
        return translate("rocmdesk.torchenv.profiles",
                         "contains bytes that are not UTF-8 text; profile files are UTF-8")
    return None


def var_name_problem(key: Any) -> str | None:
    """Why ``key`` cannot be a variable's name in a profile, or None."""
    if not isinstance(key, str) or not VAR_NAME_RE.fullmatch(key):
        return translate("rocmdesk.torchenv.profiles",
                         "{key} is not a variable name (ASCII letters, digits and _, not starting with a digit)"
                         ).format(key=shown(key))
    return None


def var_value_problem(key: str, value: Any) -> str | None:
    """Why ``value`` cannot be variable ``key``'s value in any environment or profile file, or None."""
    if not isinstance(value, str):
        return translate("rocmdesk.torchenv.profiles", "env.{key} is not a string (write it in quotes)").format(
            key=key)
    if "\x00" in value:
        return translate("rocmdesk.torchenv.profiles",
                         "env.{key} contains a NUL character, which no environment can hold").format(key=key)
    problem = text_problem(value)
    if problem:
        return translate("rocmdesk.torchenv.profiles", "env.{key} {problem}").format(key=key, problem=problem)
    return None


def env_problem(env: Mapping[Any, Any]) -> str | None:
    """The first variable of ``env`` whose name or value no profile may hold, and why; None when all are fine."""
    for key, value in env.items():
        problem = var_name_problem(key) or var_value_problem(key, value)
        if problem:
            return problem
    return None


def path_problem(key: str, value: Any) -> str | None:
    """Why ``value`` cannot be the profile's ``project_dir`` or ``venv``, or None."""
    if not isinstance(value, str) or not value:
        return translate("rocmdesk.torchenv.profiles", "{key} is missing or not a string").format(key=repr(key))
    if _PATH_CONTROL.search(value):
        return translate("rocmdesk.torchenv.profiles",
                         "{key} contains a line break or another control character: {value}").format(
            key=repr(key), value=shown(value))
    problem = text_problem(value)
    if problem:
        return translate("rocmdesk.torchenv.profiles", "{key} {problem}").format(key=repr(key), problem=problem)
    if len(value.encode("utf-8")) > MAX_PATH_BYTES:
        return translate("rocmdesk.torchenv.profiles", "{key} is longer than any path can be ({limit} bytes)").format(
            key=repr(key), limit=MAX_PATH_BYTES)
    return None


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

    def problem(self) -> str | None:
        """Why this profile cannot be stored (a variable name or value, a path, text that is not UTF-8), or None.
        The store refuses to write such a profile, and ``from_toml`` refuses to load one."""
        for key in ("project_dir", "venv"):
            problem = path_problem(key, getattr(self, key))
            if problem:
                return problem
        if not isinstance(self.env, Mapping):
            return translate("rocmdesk.torchenv.profiles", "'env' is not a table")
        problem = env_problem(self.env)
        if problem:
            return problem
        if not isinstance(self.notes, str):
            return translate("rocmdesk.torchenv.profiles", "'notes' is not a string")
        problem = text_problem(self.notes)
        if problem:
            return translate("rocmdesk.torchenv.profiles", "{key} {problem}").format(key=repr("notes"),
                                                                                      problem=problem)
        return None

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
                             .format(format=shown(fmt), ours=FORMAT_VERSION))
        for key in ("project_dir", "venv"):
            problem = path_problem(key, data.get(key))
            if problem:
                raise ValueError(problem)
        env = data.get("env", {})
        if not isinstance(env, dict):
            raise ValueError(translate("rocmdesk.torchenv.profiles", "'env' is not a table"))
        for k, v in env.items():
            # the name first: a message quotes a name only once it is known to be a plain one
            problem = var_name_problem(k)
            if problem:
                raise ValueError(translate("rocmdesk.torchenv.profiles",
                                           "in [env]: {problem}; no export or hook uses this profile until it is "
                                           "fixed").format(problem=problem))
            problem = var_value_problem(k, v)
            if problem:
                raise ValueError(problem)
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


@dataclass(frozen=True)
class ProfileEdit:
    """A change to a profile, applied to the version read under the store's lock (``ProfileStore.update``), so
    that two editors at once each change only what they meant to: variables set and dropped one by one, and
    the other fields only when given.  Calling it returns the changed profile."""

    set_env: Mapping[str, str] = field(default_factory=dict)
    unset: tuple[str, ...] = ()
    project_dir: str | None = None
    venv: str | None = None
    notes: str | None = None
    hooks: bool | None = None

    def __call__(self, profile: Profile) -> Profile:
        env = {k: v for k, v in profile.env.items() if k not in self.unset}
        env.update(self.set_env)
        changes: dict[str, Any] = {"env": env}
        for key in ("project_dir", "venv", "notes", "hooks"):
            value = getattr(self, key)
            if value is not None:
                changes[key] = value
        return profile.with_changes(**changes)

    def missing_unsets(self, profile: Profile) -> list[str]:
        """The variables this edit drops that ``profile`` does not set (for a warning)."""
        return [k for k in self.unset if k not in profile.env]

    @classmethod
    def between(cls, base: Profile, env: Mapping[str, str], project_dir: str, venv: str,
                notes: str) -> "ProfileEdit":
        """What an editor that started from ``base`` and now shows these values changed: only that is applied to
        the stored profile, so a change saved meanwhile by someone else (another variable, the hooks) stays."""
        return cls(set_env={k: v for k, v in env.items() if base.env.get(k) != v},
                   unset=tuple(k for k in base.env if k not in env),
                   project_dir=project_dir if project_dir != base.project_dir else None,
                   venv=venv if venv != base.venv else None,
                   notes=notes if notes != base.notes else None)


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
