"""The last verify verdict of each venv, so the Environments page can say how a profile's torch stands.

No Qt here: a small JSON file in the XDG state folder (``$XDG_STATE_HOME/rocmdesk/torch-verify.json``),
keyed by the venv's absolute path.  A verdict is a fact about one moment; the file only remembers the
last one, and a file that does not read is treated as empty (it is a cache, never the only copy of anything).
"""

from __future__ import annotations

import json
import logging
import os
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from rocmdesk.i18n import translate


@dataclass(frozen=True)
class VerifyRecord:
    venv: str
    verdict: str  # a stable id of rocmdesk.torchenv.verify.VERDICTS
    title: str
    torch: str | None
    when: str  # ISO time, UTC
    simulated: bool = False  # judged against a simulated machine, not this computer


def default_path() -> Path:
    from rocmdesk.xdg import state_dir

    return state_dir() / "torch-verify.json"


MAX_BYTES = 4 << 20  # a few hundred bytes per venv ever verified
_warned: set[tuple[str, str]] = set()


def _text(value: Any, limit: int = 500) -> str:
    """A string field of the file as text to show: anything else is empty, and a long one is cut."""
    return value[:limit] if isinstance(value, str) else ""


def _key(venv: str | os.PathLike[str]) -> str:
    return os.path.normpath(os.path.abspath(os.path.expanduser(os.fspath(venv))))


class VerifyHistory:
    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()

    def _read(self) -> dict[str, Any]:
        """The file as a dict; {} when it is missing, and with a warning (once) when it is damaged: not a regular
        file, over ``MAX_BYTES``, not JSON, nested too deeply, not an object.  Never raises."""
        from rocmdesk.bounded_read import Refused, read_json

        try:
            data = read_json(self.path, MAX_BYTES)
        except FileNotFoundError:
            return {}
        except OSError as exc:
            self._warn(str(exc.strerror or exc))
            return {}
        except Refused as exc:
            self._warn(str(exc))
            return {}
        if not isinstance(data, dict):
            self._warn(translate("rocmdesk.ui.torch_status", "not a JSON object"))
            return {}
        return data

    def _warn(self, problem: str) -> None:
        if (str(self.path), problem) in _warned:
            return
        _warned.add((str(self.path), problem))
        logging.getLogger("rocmdesk.torch_status").warning(translate(
            "rocmdesk.ui.torch_status", "rocmdesk: warning: {path}: {problem}; the last verify results are "
                                        "forgotten (the next verify writes a good file again)").format(
            path=self.path, problem=problem))

    def get(self, venv: str | os.PathLike[str]) -> VerifyRecord | None:
        entry = self._read().get(_key(venv))
        if not isinstance(entry, dict) or not isinstance(entry.get("verdict"), str):
            return None
        return VerifyRecord(venv=_key(venv), verdict=entry["verdict"], title=_text(entry.get("title")),
                            torch=_text(entry.get("torch")) or None, when=_text(entry.get("when")),
                            simulated=entry.get("simulated") is True)

    def newest(self, limit: int = 1) -> list[VerifyRecord]:
        """The venvs verified last, the latest first (the Doctor checks the one just verified)."""
        found = [self.get(venv) for venv, entry in self._read().items() if isinstance(entry, dict)]
        records = [r for r in found if r is not None]
        return sorted(records, key=lambda r: r.when, reverse=True)[:limit]

    def record(self, venv: str | os.PathLike[str], verdict: str, title: str, torch: str | None,
               simulated: bool = False) -> VerifyRecord:
        from rocmdesk.torchenv.profile_store import write_atomic

        rec = VerifyRecord(_key(venv), verdict, title, torch,
                           datetime.now(timezone.utc).isoformat(timespec="seconds"), simulated)
        data = self._read()
        data[rec.venv] = {"verdict": verdict, "title": title, "torch": torch, "when": rec.when,
                          "simulated": simulated}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(self.path, (json.dumps(data, indent=1, ensure_ascii=False) + "\n").encode("utf-8"))
        except OSError:
            pass  # a status that cannot be remembered is shown now and simply not kept
        return rec
