"""The last verify verdict of each venv, so the Environments page can say how a profile's torch stands.

No Qt here: a small JSON file in the XDG state folder (``$XDG_STATE_HOME/rocmdesk/torch-verify.json``),
keyed by the venv's absolute path.  A verdict is a fact about one moment; the file only remembers the
last one, and a file that does not read is treated as empty (it is a cache, never the only copy of anything).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class VerifyRecord:
    venv: str
    verdict: str  # a stable id of rocmdesk.torchenv.verify.VERDICTS
    title: str
    torch: str | None
    when: str  # ISO time, UTC
    simulated: bool = False  # judged against a simulated machine, not this computer


def default_path() -> Path:
    import platformdirs

    return Path(platformdirs.user_state_dir("rocmdesk", appauthor=False)) / "torch-verify.json"


def _key(venv: str | os.PathLike[str]) -> str:
    return os.path.normpath(os.path.abspath(os.path.expanduser(os.fspath(venv))))


class VerifyHistory:
    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()

    def _read(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def get(self, venv: str | os.PathLike[str]) -> VerifyRecord | None:
        entry = self._read().get(_key(venv))
        if not isinstance(entry, dict) or not isinstance(entry.get("verdict"), str):
            return None
        return VerifyRecord(venv=_key(venv), verdict=entry["verdict"], title=str(entry.get("title") or ""),
                            torch=entry.get("torch") if isinstance(entry.get("torch"), str) else None,
                            when=str(entry.get("when") or ""), simulated=bool(entry.get("simulated")))

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
