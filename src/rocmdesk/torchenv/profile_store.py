"""Where profiles live: one TOML file per profile under ``$XDG_CONFIG_HOME/rocmdesk/profiles/``.

One file per profile rather than one file for all: a damaged file costs one profile, not every one;
editing a profile never rewrites the others; a profile can be copied to another machine as a file.

Every write is atomic (a temporary file in the same folder, fsync, ``os.replace``, fsync of the folder)
and keeps the previous version as ``NAME.toml.bak``.  Every change is a read-modify-write under an
exclusive ``flock`` on ``profiles/.lock``: ``update`` reads the profile inside the lock and hands it to a
function that returns the changed one (``profiles.ProfileEdit`` for the usual edits), so two processes
editing at once lose nothing.  A file that does not parse is never overwritten: writes to it fail with
the file and line, and its ``.bak`` stays.

A profile file may come from another machine, so reading one is bounded (``bounded_read``: regular files
only, at most ``MAX_FILE_BYTES``, tables and arrays at most ``MAX_DEPTH`` deep) and checked field by field,
variable names (``[A-Za-z_][A-Za-z0-9_]*``) and values included, on every load.  Whatever a file holds, loading
it raises nothing but ``ProfileFileError`` naming the file (and the key), and ``scan`` lists the other
profiles as usual.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import sys
from pathlib import Path
from typing import Callable, Iterator

from rocmdesk.atomic_file import fsync_dir, write_atomic  # noqa: F401 (hooks and exports import it from here)
from rocmdesk.bounded_read import MAX_DEPTH, Refused, nested_too_deeply, read_limited, too_deep
from rocmdesk.i18n import translate
from rocmdesk.torchenv.profiles import Profile, ProfileError, check_name

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

SUFFIX = ".toml"
MAX_FILE_BYTES = 1 << 20  # rocmdesk writes a few hundred bytes; an environment cannot hold much more than this
HEADER = (
    "# rocmdesk environment profile {name}: `rocmdesk profile show {name}` / `rocmdesk profile edit {name}`.\n"
    "# The file name is the profile's name. Written by rocmdesk; the previous version is kept as {name}.toml.bak.\n"
)


class ProfileNotFound(ProfileError):
    pass


class ProfileExists(ProfileError):
    pass


class InvalidProfile(ProfileError):
    """A profile that cannot be stored (a variable name or value, a path); nothing was written."""


class ProfileFileError(ProfileError):
    """A profile file that cannot be read or parsed."""

    def __init__(self, path: Path, detail: str, backup: Path | None = None):
        self.path = path
        self.detail = detail
        self.backup = backup
        if backup is not None:
            msg = translate("rocmdesk.torchenv.profile_store",
                            "{path}: {detail}; the previous version is kept in {backup}; rocmdesk will not overwrite "
                            "this file until it is fixed or removed")
        else:
            msg = translate("rocmdesk.torchenv.profile_store",
                            "{path}: {detail}; rocmdesk will not overwrite this file until it is fixed or removed")
        super().__init__(msg.format(path=path, detail=detail, backup=backup))


def _toml_detail(message: str, raw: bytes) -> str:
    """tomllib ends its message with "(at line N, column M)" or "(at end of document)": always name a line."""
    if "(at line " in message:
        return translate("rocmdesk.torchenv.profile_store", "not valid TOML: {error}").format(error=message)
    lines = raw.count(b"\n") + (0 if raw.endswith(b"\n") or not raw else 1)
    return translate("rocmdesk.torchenv.profile_store",
                     "not valid TOML at line {line} (the end of the file): {error}").format(
        line=max(lines, 1), error=message)


def default_dir() -> Path:
    """``$XDG_CONFIG_HOME/rocmdesk/profiles`` (``~/.config/rocmdesk/profiles``)."""
    from rocmdesk.xdg import config_dir

    return config_dir() / "profiles"  # read from the environment on each call: tests can point it elsewhere


class ProfileStore:
    def __init__(self, directory: str | os.PathLike[str] | None = None):
        self.dir = Path(directory) if directory is not None else default_dir()

    # -- paths ------------------------------------------------------------
    def path_for(self, name: str) -> Path:
        return self.dir / f"{check_name(name)}{SUFFIX}"

    def backup_for(self, name: str) -> Path:
        return self.dir / f"{check_name(name)}{SUFFIX}.bak"

    @contextlib.contextmanager
    def locked(self) -> Iterator[None]:
        """Exclusive lock for a read-modify-write (held by one process or thread at a time)."""
        self.dir.mkdir(parents=True, exist_ok=True)
        # 0600: flock needs no write access, so a lock file others can open is one they can hold forever
        fd = os.open(self.dir / ".lock", os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_NOFOLLOW, 0o600)
        with contextlib.suppress(OSError):
            os.fchmod(fd, 0o600)  # one an older rocmdesk made 0644
        with os.fdopen(fd, "a+b") as fh:
            fcntl.flock(fh.fileno(), fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(fh.fileno(), fcntl.LOCK_UN)

    # -- reading ----------------------------------------------------------
    def names(self) -> list[str]:
        try:
            entries = os.listdir(self.dir)
        except FileNotFoundError:
            return []
        names = []
        for entry in entries:
            if entry.endswith(SUFFIX) and not entry.startswith("."):
                stem = entry[: -len(SUFFIX)]
                try:
                    names.append(check_name(stem))
                except ProfileError:
                    continue  # not ours (a stray file with an odd name)
        return sorted(names, key=str.lower)

    def exists(self, name: str) -> bool:
        return self.path_for(name).exists()

    def load(self, name: str) -> Profile:
        """The profile called ``name``: ``ProfileNotFound`` when there is none, ``ProfileFileError`` (naming the file
        and what is wrong) for a file that cannot be read or is not a profile, whatever it holds."""
        path = self.path_for(name)
        return self._parse(name, path, self._read(name, path))

    def _read(self, name: str, path: Path) -> bytes:
        try:
            return read_limited(path, MAX_FILE_BYTES)
        except FileNotFoundError:
            known = ", ".join(self.names()) or translate("rocmdesk.torchenv.profile_store", "none yet")
            raise ProfileNotFound(translate("rocmdesk.torchenv.profile_store",
                                            "no profile called {name} (profiles: {known})").format(
                name=repr(name), known=known)) from None
        except Refused as exc:
            raise ProfileFileError(path, str(exc), self._backup_if_any(name)) from None
        except OSError as exc:
            detail = translate("rocmdesk.torchenv.profile_store", "cannot read it ({error})").format(
                error=exc.strerror or exc)
            raise ProfileFileError(path, detail, self._backup_if_any(name)) from None

    def _backup_if_any(self, name: str) -> Path | None:
        bak = self.backup_for(name)
        return bak if bak.exists() else None

    def _parse(self, name: str, path: Path, raw: bytes) -> Profile:
        try:
            data = tomllib.loads(raw.decode("utf-8"))
        except UnicodeDecodeError as exc:
            line = raw[: exc.start].count(b"\n") + 1
            detail = translate("rocmdesk.torchenv.profile_store", "not UTF-8 text (line {line})").format(line=line)
            raise ProfileFileError(path, detail, self._backup_if_any(name)) from None
        except tomllib.TOMLDecodeError as exc:
            raise ProfileFileError(path, _toml_detail(str(exc), raw), self._backup_if_any(name)) from None
        except RecursionError:
            raise ProfileFileError(path, str(nested_too_deeply(MAX_DEPTH)), self._backup_if_any(name)) from None
        except ValueError as exc:  # tomllib lets int() fail on a number with thousands of digits
            detail = translate("rocmdesk.torchenv.profile_store", "not valid TOML: {error}").format(error=exc)
            raise ProfileFileError(path, detail, self._backup_if_any(name)) from None
        if too_deep(data, MAX_DEPTH):
            raise ProfileFileError(path, str(nested_too_deeply(MAX_DEPTH)), self._backup_if_any(name))
        try:
            return Profile.from_toml(name, data)
        except ValueError as exc:
            detail = translate("rocmdesk.torchenv.profile_store", "not a rocmdesk profile: {error}").format(error=exc)
            raise ProfileFileError(path, detail, self._backup_if_any(name)) from None

    def scan(self) -> tuple[list[Profile], list[ProfileFileError]]:
        """Every profile that reads, and an error for each file that does not (a listing shows both): one
        file, whatever it holds, never hides the others."""
        good: list[Profile] = []
        bad: list[ProfileFileError] = []
        for name in self.names():
            try:
                good.append(self.load(name))
            except ProfileFileError as exc:
                bad.append(exc)
            except ProfileNotFound:
                continue  # removed while we listed
            except Exception as exc:  # noqa: BLE001 - load raises only the above; should it not, list the rest
                detail = translate("rocmdesk.torchenv.profile_store", "cannot read it ({error})").format(
                    error=f"{type(exc).__name__}: {exc}"[:200])
                bad.append(ProfileFileError(self.path_for(name), detail, self._backup_if_any(name)))
        return good, bad

    # -- writing (callers hold the lock) ----------------------------------------------
    def _write(self, profile: Profile) -> None:
        import tomli_w

        path = self.path_for(profile.name)
        problem = profile.problem()
        if problem:
            raise InvalidProfile(translate("rocmdesk.torchenv.profile_store",
                                           "profile {name} not saved: {problem}").format(name=profile.name,
                                                                                         problem=problem))
        self.dir.mkdir(parents=True, exist_ok=True)
        body = HEADER.format(name=profile.name) + tomli_w.dumps(profile.to_toml())
        try:
            old: bytes | None = self._read(profile.name, path)
        except ProfileNotFound:
            old = None
        if old is not None:
            self._parse(profile.name, path, old)  # a damaged file stays as it is (raises)
            write_atomic(self.backup_for(profile.name), old, mode=0o600)
        write_atomic(path, body.encode("utf-8"), mode=0o600)

    # -- operations -----------------------------------------------------------
    def create(self, profile: Profile, overwrite: bool = False) -> Profile:
        with self.locked():
            path = self.path_for(profile.name)
            if path.exists() and not overwrite:
                raise ProfileExists(translate("rocmdesk.torchenv.profile_store",
                                              "a profile called {name} exists already ({path})").format(
                    name=repr(profile.name), path=path))
            self._write(profile)
        return profile

    def update(self, name: str, change: Callable[[Profile], Profile],
               then: Callable[[Profile, Profile], object] | None = None) -> Profile:
        """Change one profile: read it under the lock, call ``change`` with what was read and write what it
        returns, still under the lock.  Every change of a stored profile goes through here (the command line,
        the Environments page), so each applies to the latest version and none is lost when several run at
        once.  ``change`` may raise to write nothing (the exception comes through); it should be quick and
        must not call the store (the lock is held); returning the very profile it was given writes nothing.
        ``profiles.ProfileEdit`` is the usual ``change``.

        ``then(old, new)`` runs after the write, before the lock is let go: work that must follow the stored
        version in the same order as the writes (rewriting the venv's activate hooks), so that of two editors
        the one that wrote last also writes the hooks last."""
        with self.locked():
            old = self.load(name)
            new = change(old)
            if new is old:
                return old
            if new.name != name:
                raise ProfileError("a profile's name cannot change in an update")
            self._write(new)
            if then is not None:
                then(old, new)
        return new

    def save(self, profile: Profile) -> Profile:
        with self.locked():
            self._write(profile)
        return profile

    def delete(self, name: str) -> Path:
        """Remove a profile; its last version stays as ``NAME.toml.bak`` (a damaged file as
        ``NAME.toml.broken``, so the good backup survives).  Returns where the file went."""
        with self.locked():
            path = self.path_for(name)
            if not path.exists():
                raise ProfileNotFound(translate("rocmdesk.torchenv.profile_store", "no profile called {name}").format(
                    name=repr(name)))
            try:
                self.load(name)
                dest = self.backup_for(name)
            except ProfileFileError:
                dest = self.dir / f"{name}{SUFFIX}.broken"
            os.replace(path, dest)
            fsync_dir(self.dir)
        return dest


def load_profile(name: str, directory: str | os.PathLike[str] | None = None) -> Profile:
    """The stored profile called ``name``; raises ``ProfileNotFound`` / ``ProfileFileError`` (ProfileError)."""
    return ProfileStore(directory).load(name)
