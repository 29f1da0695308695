"""THE advice model: one verdict per GPU for a machine and a context, rendered by every page and command.

``advise(report, context)`` computes it; ``attach(report)`` also hands each GPU record its advice.  No front end
decides a status, an override, a wheel or a device mask on its own.
"""

from rocmdesk.advice.compute import (
    AdviceContext, AdviceError, advise, allocator_vars, attach, context_for, dkms_rocm_version, env_notes, gpu_label,
    overrides_betrayed, path_name,
    is_igpu, pytorch_candidates, runtime_order,
)
from rocmdesk.advice.model import (
    EXPANDABLE, OVERRIDE_VAR, STATUS_RANK, VISIBILITY_VAR, Alternative, EnvNote, GpuAdvice, MachineAdvice, WheelPath,
)

__all__ = [
    "EXPANDABLE", "OVERRIDE_VAR", "STATUS_RANK", "VISIBILITY_VAR", "AdviceContext", "AdviceError", "Alternative",
    "EnvNote", "GpuAdvice", "MachineAdvice", "WheelPath", "advise", "allocator_vars", "attach", "context_for",
    "dkms_rocm_version", "env_notes", "gpu_label", "is_igpu", "overrides_betrayed", "path_name", "pytorch_candidates", "runtime_order",
]
