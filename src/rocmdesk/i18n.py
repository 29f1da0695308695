"""Which language rocmdesk speaks, and translations for code outside ``ui/`` (no Qt here).

One catalogue serves both halves: ``resources/translations/rocmdesk_<lang>.ts`` (top level, built into ``rocmdesk.resources``) is the source (Qt Linguist's
format, kept up to date by ``scripts/i18n.py``), compiled to ``.qm`` for Qt and to ``.json`` for this module,
so the CLI gets the same translations without importing Qt.  Code outside ``ui/`` writes
``translate("Context", "text")`` with literal arguments: pyside6-lupdate finds those calls as it finds
``QCoreApplication.translate`` in the UI.

The language comes from, in order: the app's saved choice (the Language menu; the app only: see
``rocmdesk.settings``), then the environment as gettext reads it (``LC_ALL``, ``LC_MESSAGES``, ``LANG``; ``LANGUAGE`` lists preferences unless
the locale is C/POSIX).  Any Chinese locale gets the zh_CN catalogue (the only Chinese one so far).
"""

from __future__ import annotations

import json
import os
from _thread import _local as thread_local  # threading.local itself: importing threading costs the CLI's start-up
from contextlib import contextmanager
from functools import lru_cache

try:
    from rocmdesk.resources import TRANSLATIONS  # the top-level resources/, built into the package
except ImportError:  # src/ on sys.path without the package built (the root helper's test copy): the source tree's
    from pathlib import Path

    TRANSLATIONS = Path(__file__).resolve().parents[2] / "resources" / "translations"

TYPE_CHECKING = False  # typing's, without importing typing on the command line's path
if TYPE_CHECKING:
    from collections.abc import Iterator, Mapping

SOURCE_LANGUAGE = "en"
LANGUAGES: dict[str, str] = {"en": "English", "zh_CN": "简体中文"}  # each named in its own language
SYSTEM = "system"  # the saved choice that means "follow the environment"


def _match(tag: str) -> str | None:
    """A locale or language tag (``zh_CN.UTF-8``, ``zh-Hans``, ``en_GB``, ``C``) -> a language we have, or None."""
    tag = tag.split(".", 1)[0].split("@", 1)[0].replace("-", "_").strip()
    if not tag or tag in ("C", "POSIX"):
        return None
    lang = tag.split("_", 1)[0].lower()
    if lang == "zh":
        return "zh_CN"
    if lang == "en":
        return "en"
    return None


def system_language(env: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, as gettext reads it; English when it asks for none we have."""
    env = os.environ if env is None else env
    locale = next((env[v] for v in ("LC_ALL", "LC_MESSAGES", "LANG") if env.get(v)), "")
    if locale.split(".", 1)[0] in ("", "C", "POSIX"):
        return SOURCE_LANGUAGE  # gettext ignores LANGUAGE under the C locale, and so do we
    for tag in env.get("LANGUAGE", "").split(":"):
        found = _match(tag)
        if found:
            return found
    return _match(locale) or SOURCE_LANGUAGE


@lru_cache(maxsize=None)
def catalogue(language: str) -> dict[str, dict[str, str]]:
    """context -> source -> translation for ``language``; empty for English or when the file is missing."""
    if language == SOURCE_LANGUAGE:
        return {}
    try:
        data = json.loads((TRANSLATIONS / f"rocmdesk_{language}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


_current: str | None = None


def set_language(language: str | None) -> None:
    """Fix the language for ``translate`` (None: the environment's, looked up on the next call)."""
    global _current
    _current = language


_here = thread_local()  # a language for this thread only (see speaking)


@contextmanager
def speaking(language: str, *, this_thread: bool = False) -> Iterator[None]:
    """Sentences built inside are in ``language`` (English for JSON, scripts and reports meant for programs or
    for sharing); the choice before comes back afterwards.

    By default for the whole process: the CLI's helper threads (the sanity runner's reader) must follow.  The
    app passes ``this_thread=True``: its other threads (detection, workers) and the UI keep speaking the
    window's language while one worker builds an English report."""
    global _current
    if this_thread:
        before = getattr(_here, "language", None)
        _here.language = language
        try:
            yield
        finally:
            _here.language = before
        return
    before = _current
    _current = language
    try:
        yield
    finally:
        _current = before


def current_language() -> str:
    here = getattr(_here, "language", None)
    if here is not None:
        return here
    return _current if _current is not None else system_language()


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 (the name pyside6-lupdate collects)
    """Mark a literal for the catalogue and return it as it is: for texts kept in English in a table built once
    (simulated machines, argparse's words) and looked up with ``translate(context, text)`` when shown."""
    return text


def translate(context: str, text: str) -> str:
    """``text`` in the current language (itself when there is no translation).  Write both arguments as string
    literals so pyside6-lupdate can collect them; format placeholders after translating."""
    language = getattr(_here, "language", None)  # current_language(), inline: the advice translates thousands
    if language is None:
        language = _current if _current is not None else system_language()
    if language == SOURCE_LANGUAGE:
        return text
    return catalogue(language).get(context, {}).get(text) or text
