"""The progress stream between the privileged helper and whoever runs it (CLI, UI, tests).

The helper writes one JSON object per line on stdout.  Every object has ``event``:

- ``plan``      ``steps`` (count), ``dry_run`` (bool), ``caller`` (user name)
- ``started``   ``id``, ``index`` (0-based), ``title``
- ``output``    ``id``, ``line`` (one line of a command's output, as it comes)
- ``ok``        ``id``, ``message``            the step ran and its after-check passed
- ``skipped``   ``id``, ``message``            its before-check found it already done (or dry run)
- ``failed``    ``id``, ``message``, ``output`` (last lines), ``exit`` (int | None)
- ``refused``   ``message``                    the plan failed validation: nothing was changed
- ``done``      ``ok`` (bool), ``failed`` (step id | None), ``resume_from`` (step id | None)

Exit codes of the helper: 0 every step ok or skipped; 1 a step failed (later steps not run);
2 the plan was refused; 3 not root, or the caller could not be established.
Exit codes of pkexec itself, seen by the runner: 126 the password prompt was dismissed;
127 not authorized (or no polkit agent / no pkexec).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

EVENTS = ("plan", "started", "output", "ok", "skipped", "failed", "refused", "done")

EXIT_OK, EXIT_STEP_FAILED, EXIT_REFUSED, EXIT_NOT_ROOT = 0, 1, 2, 3
PKEXEC_DISMISSED, PKEXEC_NOT_AUTHORIZED = 126, 127


@dataclass
class Event:
    event: str
    data: dict[str, Any] = field(default_factory=dict)

    @property
    def step_id(self) -> str | None:
        value = self.data.get("id")
        return value if isinstance(value, str) else None

    def to_line(self) -> str:
        return json.dumps({"event": self.event, **self.data}, ensure_ascii=False, sort_keys=True)


def make(event: str, **data: Any) -> Event:
    if event not in EVENTS:
        raise ValueError(f"unknown event {event!r}")
    return Event(event, data)


def parse_line(line: str) -> Event | None:
    """One line of the stream; None for a line that is not an event (stray output is tolerated)."""
    line = line.strip()
    if not line.startswith("{"):
        return None
    try:
        obj = json.loads(line)
    except (ValueError, RecursionError):  # a line that nests too deep is no event either
        return None
    if not isinstance(obj, dict) or obj.get("event") not in EVENTS:
        return None
    name = obj.pop("event")
    return Event(name, obj)
