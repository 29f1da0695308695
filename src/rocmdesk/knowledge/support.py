"""Support verdicts: what ROCm and PyTorch make of a gfx target.  (Placeholder; filled by the knowledge work.)"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Support:
    """What ROCm / PyTorch make of one gfx target."""

    status: str  # supported | override | risky | unsupported | unknown
    override: str | None  # HSA_OVERRIDE_GFX_VERSION value, e.g. "10.3.0"
    reason: str
    source: str | None
