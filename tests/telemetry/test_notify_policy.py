"""Which alerts reach the desktop, and when (issue 20): the limiter and the "user away" rule, without Qt."""

from __future__ import annotations

import subprocess
import sys

from rocmdesk.telemetry.alerts import Alert
from rocmdesk.telemetry.notify_policy import NotifyLimiter, NotifyLimits, user_away


def _alert(gpu: int = 0, kind: str = "junction-hot", severity: str = "warning") -> Alert:
    return Alert(gpu, kind, severity, 100.0, 105.0, "")


def _keys(alerts: list[Alert]) -> list[tuple[int, str, str]]:
    return [(a.gpu_index, a.kind, a.severity) for a in alerts]


def test_one_per_kind_per_gpu_per_interval() -> None:
    limiter = NotifyLimiter(NotifyLimits(per_alert_s=600, per_minute=10))
    hot = _alert()
    assert _keys(limiter.admit([hot], 0.0)) == [(0, "junction-hot", "warning")]
    for t in range(1, 600, 7):  # the alert stands each second: said once in ten minutes
        assert limiter.admit([hot], float(t)) == []
    assert _keys(limiter.admit([hot], 600.0)) == [(0, "junction-hot", "warning")]  # and again after them


def test_kinds_and_gpus_count_apart() -> None:
    limiter = NotifyLimiter(NotifyLimits(per_alert_s=600, per_minute=10))
    assert len(limiter.admit([_alert(0), _alert(1), _alert(0, "vram-full")], 0.0)) == 3
    assert limiter.admit([_alert(0), _alert(1), _alert(0, "vram-full")], 1.0) == []
    assert _keys(limiter.admit([_alert(0), _alert(2)], 2.0)) == [(2, "junction-hot", "warning")]


def test_turning_critical_is_news_but_calming_down_is_not() -> None:
    limiter = NotifyLimiter(NotifyLimits(per_alert_s=600, per_minute=10))
    limiter.admit([_alert()], 0.0)
    assert _keys(limiter.admit([_alert(severity="critical")], 5.0)) == [(0, "junction-hot", "critical")]
    assert limiter.admit([_alert(severity="critical")], 6.0) == []
    assert limiter.admit([_alert(severity="warning")], 7.0) == []


def test_cap_per_minute_keeps_critical_first_and_sends_the_rest_later() -> None:
    limiter = NotifyLimiter(NotifyLimits(per_alert_s=600, per_minute=3))
    many = [_alert(g, "vram-full") for g in range(8)] + [_alert(5, "junction-hot", "critical")]
    first = _keys(limiter.admit(many, 0.0))
    assert first == [(5, "junction-hot", "critical"), (0, "vram-full", "warning"), (1, "vram-full", "warning")]
    assert limiter.admit(many, 30.0) == []  # the minute is full
    assert _keys(limiter.admit(many, 60.0)) == [(2, "vram-full", "warning"), (3, "vram-full", "warning"),
                                                (4, "vram-full", "warning")]
    sent = len(first) + 3
    for t in range(61, 600):
        sent += len(limiter.admit(many, float(t)))
    assert sent == 9  # each (GPU, kind) once in the ten minutes, never more than three a minute


def test_a_sliding_minute() -> None:
    limiter = NotifyLimiter(NotifyLimits(per_alert_s=600, per_minute=2))
    assert len(limiter.admit([_alert(0)], 0.0)) == 1
    assert len(limiter.admit([_alert(1)], 50.0)) == 1
    assert limiter.admit([_alert(2)], 59.0) == []
    assert len(limiter.admit([_alert(2)], 60.0)) == 1  # the one at 0 s left the window
    assert limiter.admit([_alert(3)], 100.0) == []  # 50 s and 60 s still in it


def test_forget_starts_over() -> None:
    limiter = NotifyLimiter()
    limiter.admit([_alert()], 0.0)
    limiter.forget()
    assert len(limiter.admit([_alert()], 1.0)) == 1


def test_user_away() -> None:
    assert not user_away(visible=True, minimized=False, active=True)
    assert user_away(visible=True, minimized=True, active=False)
    assert user_away(visible=True, minimized=False, active=False)
    assert user_away(visible=False, minimized=False, active=False)


def test_the_policy_loads_no_qt() -> None:
    code = "import sys, rocmdesk.telemetry.notify_policy; print(any(m.startswith('PySide6') for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
