"""The advice records: what rocmdesk tells a person about each GPU, computed once and rendered everywhere.

Plain data with no reference to the machine records, so ``machine.model`` can carry a GPU's advice.  The
field names are the JSON contract (docs/cli.md "The advice object"): later features add keys, none are renamed.
"""

from __future__ import annotations

from rocmdesk.knowledge.records import asdict, field, record

TYPE_CHECKING = False  # typing's, without importing typing on the command line's path
if TYPE_CHECKING:
    from typing import Any

# the ranks of the statuses, best first; "unknown" is as bad as "unsupported" for choosing a path
STATUS_RANK = {"supported": 0, "override": 1, "risky": 2, "unsupported": 3, "unknown": 3}

OVERRIDE_VAR = "HSA_OVERRIDE_GFX_VERSION"
# the one variable rocmdesk sets to hide a GPU from ROCm (see advice.compute for why this one)
VISIBILITY_VAR = "ROCR_VISIBLE_DEVICES"
EXPANDABLE = "expandable_segments:True"

# wheel sources a context can ask for
SOURCES = ("auto", "pytorch", "amd")


@record(frozen=True)
class WheelPath:
    """Where PyTorch comes from: PyTorch's own index (``pytorch``), AMD's per-family index (``amd``) or a torch
    that is installed already (``installed``)."""

    stream: str  # pytorch | amd | installed
    rocm: str | None  # the ROCm user space the wheels bring ("7.2"); None when the index decides
    index_url: str | None
    torch: str | None  # exact torch ("2.13.0+rocm7.2"); None when pip takes the index's newest
    driver_update: bool = False  # the path needs a newer amdgpu-dkms than the one installed

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@record(frozen=True)
class Alternative:
    """Another way to run the GPU, with its own verdict ("with PyTorch's own wheels: risky with 11.0.0")."""

    path: WheelPath
    status: str
    override: str | None
    reason: str
    why: str  # code: other-source | newer | safer | driver

    def to_json(self) -> dict[str, Any]:
        return {"status": self.status, "override": self.override, "path": self.path.to_json(),
                "reason": self.reason, "why": self.why}


@record
class GpuAdvice:
    """The verdict for one GPU on the machine's recommended path.  ``reason`` is for people (current language);
    code decides on ``status``, ``override`` and ``env``, never on the words."""

    status: str  # supported | override | risky | unsupported | unknown
    override: str | None  # the HSA_OVERRIDE_GFX_VERSION value this GPU needs on the path
    env: dict[str, str]  # every variable a process using this GPU should have (override form, mask, allocator)
    path: WheelPath | None
    reason: str
    sources: list[str]
    alternatives: list[Alternative] = field(default_factory=list)
    used: bool = True  # False: kept out of the runtime (an iGPU beside a dGPU)
    rocm_cited: str | None = None  # the ROCm release whose list the reason cites ("7.2.4")
    runtime_index: int | None = None  # the device number ROCr/HIP give it (KFD node order)
    override_var: str | None = None  # HSA_OVERRIDE_GFX_VERSION or its per-GPU form _<node>

    def to_json(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "override": self.override,
            "env": dict(self.env),
            "path": self.path.to_json() if self.path else None,
            "reason": self.reason,
            "sources": list(self.sources),
            "alternatives": [a.to_json() for a in self.alternatives],
            "used": self.used,
            "rocm_cited": self.rocm_cited,
            "runtime_index": self.runtime_index,
            "override_var": self.override_var,
        }

    @property
    def source(self) -> str:
        return ", ".join(self.sources)


@record(frozen=True)
class EnvNote:
    """A variable in effect (or in a profile) that the advice disagrees with.  ``code`` decides, ``message`` is
    for people."""

    code: str  # override-needless | override-wrong | override-risky | override-missing | visibility-other
    var: str
    value: str | None  # what is set (None: nothing is set)
    wanted: str | None  # what the advice sets (None: nothing: unset it)
    message: str

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@record
class MachineAdvice:
    """The advice for a whole machine: one path that serves every GPU used, and each GPU's verdict on it."""

    gpus: dict[int, GpuAdvice]  # Gpu.index -> its advice
    path: WheelPath | None
    status: str  # the worst status among the GPUs used; "no-gpu" without one
    env: dict[str, str]  # what a profile for this machine sets
    used: list[int]  # Gpu.index of the GPUs a process will use
    hidden: list[int]  # Gpu.index of the GPUs kept out of the runtime
    deciding: int | None  # the GPU the choice of path hinges on
    rocm_cited: str | None
    why: dict[str, str] = field(default_factory=dict)  # topic (gpu, torch, index, override, rocm, driver) -> sentence
    warnings: list[str] = field(default_factory=list)
    notes: list[EnvNote] = field(default_factory=list)  # the variables in effect the advice disagrees with
    sources: list[str] = field(default_factory=list)
    wheel: Any = None  # knowledge.wheels.TorchWheel narrowed to one tag (pytorch/installed path), else None
    family: Any = None  # knowledge.wheels.AmdWheelIndex (amd path), else None
    driver_rocm: str | None = None  # the ROCm release an installed amdgpu-dkms came from

    def for_gpu(self, index: int) -> GpuAdvice | None:
        return self.gpus.get(index)

    @property
    def override(self) -> str | None:
        """The override value of the deciding GPU (the value pages lead with)."""
        g = self.gpus.get(self.deciding) if self.deciding is not None else None
        return g.override if g else None

    def to_json(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "path": self.path.to_json() if self.path else None,
            "env": dict(self.env),
            "used": list(self.used),
            "hidden": list(self.hidden),
            "deciding": self.deciding,
            "rocm_cited": self.rocm_cited,
            "why": dict(self.why),
            "warnings": list(self.warnings),
            "notes": [n.to_json() for n in self.notes],
            "sources": list(self.sources),
        }
