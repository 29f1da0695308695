"""What a sanity check found: a record per phase and the verdict, as the UI, the CLI and JSON read them.

The first fields of both records are the contract the Qt page reads (positional order included); the
rest carry detail for the JSON form and the text report.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from rocmdesk.i18n import translate

PHASES = ("device", "numeric", "fp32", "amp", "multi_gpu")


def multi_gpu_hint_texts() -> list[str]:
    """What to try when the all-reduce hangs or sums wrong (shown with the values these variables had), in the
    user's language: built on each call, so a language chosen after import is the one used."""
    return [
        translate("rocmdesk.sanity.result", "run again with NCCL_DEBUG=INFO to see where RCCL stops"),
        translate("rocmdesk.sanity.result", "limit HIP_VISIBLE_DEVICES to two GPUs at a time to find the pair that "
                                            "fails"),
        translate("rocmdesk.sanity.result", "NCCL_P2P_DISABLE=1 shows whether peer-to-peer transfers are the cause"),
        translate("rocmdesk.sanity.result", "the IOMMU (iommu=pt on the kernel command line) and the board's PCIe "
                                            "ACS settings are common culprits"),
    ]


MULTI_GPU_ENV = ("HIP_VISIBLE_DEVICES", "ROCR_VISIBLE_DEVICES", "CUDA_VISIBLE_DEVICES", "NCCL_DEBUG",
                 "NCCL_P2P_DISABLE", "NCCL_SOCKET_IFNAME", "NCCL_IB_DISABLE")

# the figure the ResNet-50-like size is held against; indicative only (clocks, drivers and cooling differ)
RESNET50_REFERENCE = {
    "gpu": "AMD Radeon RX 7900 XTX",
    "batch": 64,
    "precision": "fp16",
    "step_s": 0.42,
    "indicative": True,
    "source": "step times users report for ResNet-50 training on an RX 7900 XTX under ROCm (issue 6 of rocmdesk)",
}


@dataclass
class PhaseResult:
    name: str
    ok: bool
    seconds: float = 0.0
    samples_per_s: float | None = None
    skipped: str | None = None  # why the phase did not run (it counts as ok)
    error: str | None = None
    loss_first: float | None = None
    loss_last: float | None = None
    first_step_s: float | None = None  # kernel loading and MIOpen's search land in the first step
    step_s: float | None = None  # mean seconds per step after the warm-up steps
    peak_mem_bytes: int | None = None
    peak_reserved_bytes: int | None = None
    hung: bool = False
    detail: dict[str, Any] = field(default_factory=dict)  # the phase's other numbers (facts, tolerances, ranks)
    traceback: str | None = None

    _KNOWN = ("ok", "seconds", "samples_per_s", "skipped", "error", "loss_first", "loss_last", "first_step_s",
              "step_s", "peak_mem_bytes", "peak_reserved_bytes", "hung", "traceback")

    @classmethod
    def from_event(cls, ev: dict[str, Any]) -> "PhaseResult":
        """From the check's ``{"event": "phase", "status": "end", ...}`` line."""
        kw = {k: ev.get(k) for k in cls._KNOWN if ev.get(k) is not None}
        detail = {k: v for k, v in ev.items()
                  if k not in cls._KNOWN and k not in ("event", "name", "status", "timeout_s")}
        kw["ok"] = bool(ev.get("ok"))
        kw["hung"] = bool(ev.get("hung"))
        return cls(name=str(ev.get("name", "")), detail=detail, **kw)

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}


@dataclass
class SanityResult:
    passed: bool
    device: str
    phases: list[PhaseResult] = field(default_factory=list)
    loss_first: float | None = None
    loss_last: float | None = None
    amp_speedup: float | None = None
    peak_mem_bytes: int | None = None
    peak_reserved_bytes: int | None = None
    first_step_s: float | None = None
    error: str | None = None
    hung_phase: str | None = None
    cancelled: bool = False
    torch: str | None = None
    device_name: str | None = None
    # -- detail beyond what the page reads ------------------------------------------------------------
    requested_device: str = "auto"
    size: str = "tiny"
    steps: int | None = None
    batch: int | None = None
    cpu_fallback: str | None = None  # why an auto run ended up on the CPU
    amp_dtype: str | None = None
    stopped_phase: str | None = None  # the phase that was running when the check was stopped or died
    facts: dict[str, Any] = field(default_factory=dict)
    env_hints: dict[str, Any] | None = None  # multi-GPU trouble: the variables that matter and what to try
    reference: dict[str, Any] | None = None  # ResNet-50-like: the figure users quote
    warnings: list[str] = field(default_factory=list)
    log_tail: str | None = None  # the check's last stderr lines when it failed (a stack dump on a hang)

    def phase(self, name: str) -> PhaseResult | None:
        return next((p for p in self.phases if p.name == name), None)

    def to_json(self) -> dict[str, Any]:
        data = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        data["phases"] = [p.to_json() for p in self.phases]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "SanityResult":
        names = {f.name for f in dataclasses.fields(cls)}
        kw = {k: v for k, v in data.items() if k in names and k != "phases"}
        phases = [PhaseResult(**{k: v for k, v in p.items() if k in {f.name for f in dataclasses.fields(PhaseResult)}})
                  for p in data.get("phases") or []]
        kw.setdefault("passed", False)
        kw.setdefault("device", "")
        return cls(phases=phases, **kw)


def multi_gpu_hints(env: dict[str, str | None]) -> dict[str, Any]:
    """The variables that matter for RCCL (as the ranks had them) and what to try."""
    return {"env": {k: env.get(k) for k in MULTI_GPU_ENV}, "hints": multi_gpu_hint_texts()}
