"""When the monitor's alerts may reach the desktop as notifications: pure rules, no Qt, tested without a screen.

The monitor judges every sample (each second), and an alert stays up for as long as its cause lasts, so sending
each one as it comes would bury the desktop.  Here:

- **one notification per alert kind per GPU per** ``per_alert_s`` (10 minutes): a card that stays hot is said
  again after that, not every second;
- a warning that turns **critical** is said at once (the second notification is news);
- **at most** ``per_minute`` notifications in any 60 s window (eight GPUs all filling their VRAM at once give a
  few, not eight), critical ones first;
- only while the user is **away from the window** that shows the alerts (minimised, hidden or not active):
  while they look at it, the window itself says it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass

from rocmdesk.telemetry.alerts import Alert

PER_ALERT_S = 600.0
PER_MINUTE = 3
_RANK = {"warning": 0, "critical": 1}


@dataclass(frozen=True)
class NotifyLimits:
    per_alert_s: float = PER_ALERT_S  # one per (GPU, kind) in this long
    per_minute: int = PER_MINUTE  # and no more than this many in any 60 s


def user_away(*, visible: bool, minimized: bool, active: bool) -> bool:
    """Whether a window's user cannot see its alerts: it is hidden, minimised, or another window has the focus."""
    return not visible or minimized or not active


class NotifyLimiter:
    """Decides which alerts to send now; remembers what it let through (call :meth:`admit` with each sample's
    alerts, ``now`` in seconds of any monotonic clock)."""

    def __init__(self, limits: NotifyLimits | None = None) -> None:
        self.limits = limits or NotifyLimits()
        self._last: dict[tuple[int, str], tuple[float, int]] = {}  # (gpu, kind) -> (when sent, severity rank)
        self._sent: deque[float] = deque()  # when each of the last minute's notifications went

    def admit(self, alerts: Iterable[Alert], now: float) -> list[Alert]:
        """The alerts to notify about now (critical first), each noted as sent; the others wait for a later call
        (an alert held back by the per-minute cap is sent as soon as there is room, if it still stands)."""
        while self._sent and now - self._sent[0] >= 60.0:
            self._sent.popleft()
        out: list[Alert] = []
        seen: set[tuple[int, str]] = set()
        for alert in sorted(alerts, key=lambda a: (-_RANK.get(a.severity, 0), a.gpu_index, a.kind)):
            key = (alert.gpu_index, alert.kind)
            if key in seen:
                continue
            seen.add(key)
            rank = _RANK.get(alert.severity, 0)
            last = self._last.get(key)
            if last is not None and now - last[0] < self.limits.per_alert_s and rank <= last[1]:
                continue  # said recently, and not worse since
            if len(self._sent) >= self.limits.per_minute:
                break
            self._last[key] = (now, rank)
            self._sent.append(now)
            out.append(alert)
        return out

    def forget(self) -> None:
        """Start over (another machine is watched: its GPU 0 is not the old GPU 0)."""
        self._last.clear()
        self._sent.clear()
