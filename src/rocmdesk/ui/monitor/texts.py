"""The monitor's sentences: GPU states and alerts in the user's language (the CLI has its own English ones)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, QDateTime, QLocale

from rocmdesk.telemetry.alerts import LEAK_WINDOW_S, Alert
from rocmdesk.telemetry.metrics import ERROR, MISSING, SUSPENDED

translate = QCoreApplication.translate  # lupdate collects calls spelt translate("Context", "text")

def clock_text(t: float) -> str:
    """Local time of day, with the weekday when it is not today."""
    dt = QDateTime.fromMSecsSinceEpoch(int(round(t * 1000)))
    same_day = dt.date() == QDateTime.currentDateTime().date()
    return QLocale().toString(dt, "HH:mm:ss" if same_day else "ddd HH:mm:ss")


def duration_text(seconds: float) -> str:
    s = max(0, int(round(seconds)))
    if s < 90:
        return translate("Monitor", "{n} s").format(n=s)
    if s < 5400:
        return translate("Monitor", "{n} min").format(n=round(s / 60))
    return translate("Monitor", "{h} h {m} min").format(h=s // 3600, m=(s % 3600) // 60)


def gpu_title(index: int, name: str | None) -> str:
    # a dash, not parentheses: names often end in "(Raphael)" themselves
    return translate("Monitor", "GPU {index} \u2013 {name}").format(
        index=index, name=name or translate("Monitor", "AMD GPU")
    )


def state_text(state: str, index: int, name: str | None, error: str | None, since: float | None) -> str | None:
    """What to say about a GPU that is not simply being read; None when it is."""
    who = gpu_title(index, name)
    if state == SUSPENDED:
        return translate(
            "Monitor",
            "{who} is asleep (runtime power management). rocmdesk does not read it, because reading would "
            "wake it; its plots have a gap until a program uses it.",
        ).format(who=who)
    if state == MISSING:
        when = clock_text(since) if since is not None else ""
        return translate(
            "Monitor",
            "{who} vanished at {when}: its device is gone (unplugged, reset, or the driver let go of it). "
            "Watching for it to come back.",
        ).format(who=who, when=when)
    if state == ERROR:
        return translate("Monitor", "{who}: none of its sensors could be read ({why}).").format(
            who=who, why=error or translate("Monitor", "no reason given")
        )
    return None


def returned_text(index: int, name: str | None, at: float, away_s: float) -> str:
    return translate(
        "Monitor", "{who} came back at {when} after {away} away; the gap in its plots is that time."
    ).format(who=gpu_title(index, name), when=clock_text(at), away=duration_text(away_s))


def alert_text(alert: Alert) -> str:
    i, v, lim = alert.gpu_index, alert.value, alert.limit
    if alert.kind == "junction-hot":
        if alert.severity == "critical":
            return translate(
                "Monitor",
                "GPU {i}: junction {v:.0f} °C has reached its critical {lim:.0f} °C: the GPU slows itself "
                "down to cool off.",
            ).format(i=i, v=v, lim=lim)
        return translate(
            "Monitor", "GPU {i}: junction {v:.0f} °C is near its critical {lim:.0f} °C. Check the airflow and the fan."
        ).format(i=i, v=v, lim=lim)
    if alert.kind == "vram-full":
        return translate(
            "Monitor", 'GPU {i}: VRAM {v:.0f} % full: the next allocation may fail with "out of memory".'
        ).format(i=i, v=v)
    if alert.kind == "power-cap":
        return translate(
            "Monitor", "GPU {i}: drawing {v:.0f} W at its {lim:.0f} W cap: its clocks are held back by power."
        ).format(i=i, v=v, lim=lim)
    if alert.kind == "vram-leak":
        return translate(
            "Monitor",
            "GPU {i}: VRAM grew by {mib:.0f} MiB in {mins:.0f} minutes while the GPU was idle: a process "
            "may be leaking memory (see Processes).",
        ).format(i=i, mib=v / 2**20, mins=LEAK_WINDOW_S / 60)
    return alert.message


def alert_colour(alert: Any) -> str:
    return "#b03a2e" if alert.severity == "critical" else "#a05a00"


def _reason_words(name: str) -> str:
    from rocmdesk.telemetry.gpu_metrics import reason_kind

    kind = reason_kind(name)
    if kind == "power":
        return translate("Monitor", "power limit ({reason})").format(reason=name)
    if kind == "current":
        return translate("Monitor", "current limit ({reason})").format(reason=name)
    if kind == "temperature":
        return translate("Monitor", "temperature limit ({reason})").format(reason=name)
    return name


def throttle_text(index: int, name: str | None, reasons: list[str]) -> str:
    """Why the firmware holds the GPU back now, from gpu_metrics' throttle status."""
    return translate("Monitor", "{gpu} is held back by its firmware: {reasons}").format(
        gpu=gpu_title(index, name), reasons=", ".join(_reason_words(r) for r in reasons))


ENGINE_SHOWN_MIN = 0.5  # percent: an engine below this is not named in the process table


def engine_text(kind: str | None, engines: dict[str, float] | None) -> str:
    """A process's engine use for the process table: 'gfx 12% · dec 30%', and whether it is a KFD compute process."""
    parts = []
    if engines:
        busy = sorted(((v, k) for k, v in engines.items() if v >= ENGINE_SHOWN_MIN), reverse=True)
        parts = [translate("Monitor", "{engine} {percent}%").format(engine=k, percent=f"{v:.0f}") for v, k in busy[:3]]
    if kind == "compute":
        # KFD's queues are not in fdinfo's engine times: say what the process is instead of a misleading 0 %
        return " · ".join([translate("Monitor", "compute (KFD)"), *parts])
    if engines is None:
        return "\u2026"  # one read so far: no rate yet
    return " · ".join(parts) if parts else translate("Monitor", "idle")
