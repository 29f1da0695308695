"""Version numbers (PEP 440) ordered exactly as ``packaging.version.Version`` orders them, without importing it.

Why: the knowledge data compares ROCm releases ("6.2.4", "7.10.0") and torch versions ("2.9.1", "2.15.0.dev0") on
``rocmdesk detect``'s path, and ``packaging.version`` costs more to import than the comparisons it makes.  A
version in PEP 440's normal form (what ``str(packaging.version.Version(...))`` writes: ``[N!]N(.N)*[{a|b|rc}N]
[.postN][.devN][+local]``) is read here; any other spelling ("1.0-1", "v2.0", "1.0RC1", "1.0.alpha") is handed to
``packaging`` once to be read and normalized, and a string it refuses raises :class:`InvalidVersion`, as
``packaging`` would.  Comparisons with a ``packaging`` ``Version`` work both ways.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["InvalidVersion", "Version"]


class InvalidVersion(ValueError):
    """Not a PEP 440 version (``packaging.version.InvalidVersion``'s counterpart)."""


_DIGITS = frozenset("0123456789")
_LOCAL = frozenset("0123456789abcdefghijklmnopqrstuvwxyz")
_PRE = {"a": "a", "b": "b", "rc": "rc"}


def _number(text: str) -> int | None:
    """An unsigned decimal of ASCII digits, else None."""
    return int(text) if text and _DIGITS.issuperset(text) else None


def _read_normal(text: str) -> tuple[int, tuple[int, ...], tuple[str, int] | None, int | None, int | None,
                                      str | None] | None:
    """The parts of a version in PEP 440's normal form, else None (then packaging reads it)."""
    local: str | None = None
    if "+" in text:
        text, _, local = text.partition("+")
        if not all(seg and _LOCAL.issuperset(seg) for seg in local.split(".")):
            return None
    epoch = 0
    if "!" in text:
        head, _, text = text.partition("!")
        e = _number(head)
        if e is None:
            return None
        epoch = e
    dev = post = None
    if ".dev" in text:
        text, _, tail = text.rpartition(".dev")
        dev = _number(tail)
        if dev is None:
            return None
    if ".post" in text:
        text, _, tail = text.rpartition(".post")
        post = _number(tail)
        if post is None:
            return None
    parts = text.split(".")
    pre = None
    last = parts[-1]
    if last and not _DIGITS.issuperset(last):  # "0rc1": a pre-release on the last number
        i = 0
        while i < len(last) and last[i] in _DIGITS:
            i += 1
        j = i
        while j < len(last) and last[j] not in _DIGITS:
            j += 1
        letter, n = _PRE.get(last[i:j]), _number(last[j:])
        if not i or letter is None or n is None:
            return None
        pre = (letter, n)
        parts[-1] = last[:i]
    release = []
    for part in parts:
        n = _number(part)
        if n is None:
            return None
        release.append(n)
    return epoch, tuple(release), pre, post, dev, local


_SEEN: dict[str, tuple] = {}  # text -> the parts read from it (the data names a few dozen versions, read often)


class Version:
    """A PEP 440 version: ``Version("6.2.4") < Version("6.10")``; ``release``, ``major``/``minor``/``micro``,
    ``pre``, ``post``, ``dev``, ``local`` and ``str()`` as ``packaging.version.Version`` gives them."""

    __slots__ = ("epoch", "release", "pre", "post", "dev", "local", "_key", "_text")

    epoch: int
    release: tuple[int, ...]
    pre: tuple[str, int] | None
    post: int | None
    dev: int | None
    local: str | None

    def __init__(self, version: str) -> None:
        seen = _SEEN.get(version)
        if seen is None:
            if len(_SEEN) >= 4096:  # versions typed or pasted in a long session: keep the memory bounded
                _SEEN.clear()
            seen = _SEEN[version] = self._read(version)
        self.epoch, self.release, self.pre, self.post, self.dev, self.local, self._key = seen
        self._text: str | None = None

    @classmethod
    def _read(cls, version: str) -> tuple:
        parts = _read_normal(version) if isinstance(version, str) else None
        if parts is None:
            # another spelling PEP 440 allows: packaging reads it (it is the reference), the result is the same
            from packaging.version import InvalidVersion as PackagingInvalid, Version as PackagingVersion

            try:
                v = PackagingVersion(version)
            except PackagingInvalid as exc:
                raise InvalidVersion(str(exc)) from None
            parts = (v.epoch, v.release, v.pre, v.post, v.dev, v.local)
        return (*parts, cls._order(*parts))

    @staticmethod
    def _order(epoch: int, release: tuple[int, ...], pre: tuple[str, int] | None, post: int | None,
               dev: int | None, local: str | None) -> tuple:
        trimmed = list(release)
        while len(trimmed) > 1 and trimmed[-1] == 0:  # 6.2 == 6.2.0
            trimmed.pop()
        # packaging's order: a dev release before its pre-releases, pre-releases before the release, post after
        if pre is None and post is None and dev is not None:
            pre_key: tuple[Any, ...] = (0,)
        elif pre is None:
            pre_key = (2,)
        else:
            pre_key = (1, pre[0], pre[1])
        post_key = (0,) if post is None else (1, post)
        dev_key = (1,) if dev is None else (0, dev)
        if local is None:
            local_key: tuple[Any, ...] = (0,)
        else:  # numeric segments after alphanumeric ones, numbers compared as numbers
            local_key = (1, tuple((1, int(s), "") if s.isdigit() else (0, 0, s) for s in local.split(".")))
        return (epoch, tuple(trimmed), pre_key, post_key, dev_key, local_key)

    # -- what packaging.version.Version offers -------------------------------------------------------------
    @property
    def major(self) -> int:
        return self.release[0] if len(self.release) >= 1 else 0

    @property
    def minor(self) -> int:
        return self.release[1] if len(self.release) >= 2 else 0

    @property
    def micro(self) -> int:
        return self.release[2] if len(self.release) >= 3 else 0

    @property
    def is_prerelease(self) -> bool:
        return self.dev is not None or self.pre is not None

    @property
    def is_postrelease(self) -> bool:
        return self.post is not None

    @property
    def is_devrelease(self) -> bool:
        return self.dev is not None

    @property
    def base_version(self) -> str:
        head = f"{self.epoch}!" if self.epoch else ""
        return head + ".".join(str(x) for x in self.release)

    @property
    def public(self) -> str:
        return str(self).split("+", 1)[0]

    def __str__(self) -> str:
        if self._text is None:  # the advice writes the same versions into many sentences
            self._text = self._normal_form()
        return self._text

    def _normal_form(self) -> str:
        text = self.base_version
        if self.pre is not None:
            text += f"{self.pre[0]}{self.pre[1]}"
        if self.post is not None:
            text += f".post{self.post}"
        if self.dev is not None:
            text += f".dev{self.dev}"
        if self.local is not None:
            text += f"+{self.local}"
        return text

    def __repr__(self) -> str:
        return f"<Version('{self}')>"

    def __hash__(self) -> int:
        return hash(self._key)

    # -- order ---------------------------------------------------------------------------------------------
    @staticmethod
    def _other(other: object) -> Version | None:
        if isinstance(other, Version):
            return other
        if type(other).__name__ == "Version" and type(other).__module__.startswith("packaging"):
            return Version(str(other))  # packaging's own: read back from its normal form
        return None

    def __eq__(self, other: object) -> bool:
        o = self._other(other)
        return NotImplemented if o is None else self._key == o._key

    def __ne__(self, other: object) -> bool:
        o = self._other(other)
        return NotImplemented if o is None else self._key != o._key

    def __lt__(self, other: object) -> bool:
        o = self._other(other)
        return NotImplemented if o is None else self._key < o._key

    def __le__(self, other: object) -> bool:
        o = self._other(other)
        return NotImplemented if o is None else self._key <= o._key

    def __gt__(self, other: object) -> bool:
        o = self._other(other)
        return NotImplemented if o is None else self._key > o._key

    def __ge__(self, other: object) -> bool:
        o = self._other(other)
        return NotImplemented if o is None else self._key >= o._key
