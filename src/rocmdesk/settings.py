"""The app's settings file (``$XDG_CONFIG_HOME/rocmdesk/settings.json``): the Language menu's choice.

Read bounded and never trusted (a damaged file gives the defaults with a warning); written atomically.  Kept apart
from ``rocmdesk.i18n`` so that translating (which every layer does) never depends on reading files.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

from rocmdesk.i18n import LANGUAGES, SYSTEM, system_language, translate


def settings_file() -> Path:
    """``$XDG_CONFIG_HOME/rocmdesk/settings.json`` (read on each call, so tests can point it elsewhere)."""
    from rocmdesk.xdg import config_dir

    return config_dir() / "settings.json"


SETTINGS_MAX_BYTES = 64 * 1024  # the file holds a language; anything this big is not ours
_warned: set[tuple[str, str]] = set()


def _settings_warning(path: Path, problem: str) -> None:
    """Say once per process (on stderr, through logging) that settings.json is not used, and why."""
    if (str(path), problem) in _warned:
        return
    _warned.add((str(path), problem))
    import logging

    logging.getLogger("rocmdesk.settings").warning(
        translate("rocmdesk.i18n", "rocmdesk: warning: {path}: {problem}; using the default settings (choosing "
                                   "a language in the app writes a good file again)").format(path=path,
                                                                                             problem=problem))


def _read_settings() -> dict:
    """settings.json as a dict; {} (the defaults) when it is missing, and with a warning when it is damaged:
    not a regular file, too big, not JSON, nested too deeply or not an object.  Never raises."""
    from rocmdesk.bounded_read import Refused, read_json  # no cost on import of this module

    path = settings_file()
    try:
        data = read_json(path, SETTINGS_MAX_BYTES)
    except FileNotFoundError:
        return {}
    except OSError as exc:
        _settings_warning(path, str(exc.strerror or exc))
        return {}
    except Refused as exc:
        _settings_warning(path, str(exc))
        return {}
    if not isinstance(data, dict):
        _settings_warning(path, translate("rocmdesk.i18n", "not a JSON object"))
        return {}
    return data


def saved_language() -> str:
    """The Language menu's choice: ``system``, or one of ``LANGUAGES`` (the default, with a warning, for a value
    of any other kind)."""
    value = _read_settings().get("language", SYSTEM)
    if isinstance(value, str) and (value in LANGUAGES or value == SYSTEM):
        return value
    problem = translate("rocmdesk.i18n", "\"language\" is {value}, not one of {choices}").format(
        value=_shown(value), choices=", ".join([SYSTEM, *LANGUAGES]))
    _settings_warning(settings_file(), problem)
    return SYSTEM


def _shown(value: object, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def save_language(choice: str) -> None:
    """Keep the Language menu's choice; other settings in the file stay, and the write is atomic."""
    from rocmdesk.atomic_file import write_atomic  # only a save needs it (import cost on every CLI start otherwise)

    if choice != SYSTEM and choice not in LANGUAGES:
        raise ValueError(f"unknown language {choice!r}; choose {SYSTEM} or one of {', '.join(LANGUAGES)}")
    path = settings_file()
    data = _read_settings()
    data["language"] = choice
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, (json.dumps(data, ensure_ascii=False, indent=2) + "\n").encode("utf-8"))


def app_language(env: Mapping[str, str] | None = None) -> str:
    """The app's language: the saved choice, else the environment's."""
    choice = saved_language()
    return system_language(env) if choice == SYSTEM else choice
