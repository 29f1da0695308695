"""Opening a Monitor for a machine, with the words for when there is nothing to watch."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication

translate = QCoreApplication.translate  # lupdate collects calls spelt translate("Context", "text")

GUI_MIN_INTERVAL_S = 0.1  # a window redraws at most ten times a second: faster sampling only costs CPU


def open_monitor(host: Any, source: str = "auto", interval_s: float = 1.0) -> tuple[Any, str, str]:
    """(monitor or None, title, detail): None with the reason when the machine has no AMD GPU to watch."""
    from rocmdesk.telemetry.monitor import Monitor

    try:
        monitor = Monitor(host, source=source, interval_s=max(GUI_MIN_INTERVAL_S, float(interval_s)))
    except (OSError, ValueError) as exc:
        return None, translate("Monitor", "The monitor could not start"), str(exc)
    if not monitor.gpus:
        monitor.close()
        return (
            None,
            translate("Monitor", "No AMD GPU to watch on this machine"),
            translate(
                "Monitor",
                "rocmdesk found no AMD GPU here (no amdgpu card under /sys/class/drm). If the computer has one, "
                "the Overview page says whether the amdgpu driver is loaded.",
            ),
        )
    return monitor, "", ""
