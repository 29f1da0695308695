"""Profile presets from the detected machine: the override a GPU needs, which GPU to use, allocator settings.

Each suggestion carries the reason and the source of the fact, so the CLI and the UI can show why.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from packaging.version import InvalidVersion, Version

from rocmdesk.i18n import translate

if TYPE_CHECKING:
    from rocmdesk.machine.model import Gpu, MachineReport

EXPANDABLE = "expandable_segments:True"
# the one variable rocmdesk sets to hide a GPU (see _visible_devices for why this one)
VISIBILITY_VAR = "ROCR_VISIBLE_DEVICES"

# Which allocator variable names a torch release reads (rocm-knowledge.md §4.2, S-PT-ALLOC, S-PT-CUDAALLOC,
# S-PT183387): every ROCm build reads PYTORCH_CUDA_ALLOC_CONF and its ROCm alias PYTORCH_HIP_ALLOC_CONF
# (older builds the alias only when the CUDA name is unset, so both carry the same value); the unified
# PYTORCH_ALLOC_CONF arrived around 2.8/2.9 (the date is inferred, knowledge gap 7), so 2.8 gets it too.
# 2.9.1 silently ignored PYTORCH_ALLOC_CONF for expandable_segments: newer versions keep the old names.
_UNIFIED_SINCE = Version("2.8")
ALL_ALLOCATOR_VARS = ("PYTORCH_ALLOC_CONF", "PYTORCH_CUDA_ALLOC_CONF", "PYTORCH_HIP_ALLOC_CONF")


def allocator_vars(torch_version: str | None) -> tuple[str, ...]:
    """The allocator variable names ``torch_version`` reads; every name any supported version reads if unknown."""
    if not torch_version:
        return ALL_ALLOCATOR_VARS
    try:
        v = Version(torch_version.split("+", 1)[0])
    except InvalidVersion:
        return ALL_ALLOCATOR_VARS
    if v.release[:2] >= _UNIFIED_SINCE.release[:2]:
        return ALL_ALLOCATOR_VARS
    return ("PYTORCH_CUDA_ALLOC_CONF", "PYTORCH_HIP_ALLOC_CONF")


_DIST_INFO = re.compile(r"torch-([0-9][^-]*)\.dist-info")


def torch_version_in(venv: str | os.PathLike[str]) -> str | None:
    """torch's version in a venv from its ``dist-info`` folder name (no import, no subprocess), e.g. 2.9.1+rocm6.4."""
    lib = Path(venv) / "lib"
    try:
        pythons = sorted(p for p in lib.iterdir() if p.name.startswith("python"))
    except OSError:
        return None
    for py in pythons:
        try:
            entries = os.listdir(py / "site-packages")
        except OSError:
            continue
        for entry in entries:
            m = _DIST_INFO.fullmatch(entry)
            if m:
                return m.group(1)
    return None


@dataclass(frozen=True)
class Suggestion:
    key: str
    value: str
    why: str
    source: str


def _is_integrated(g: "Gpu") -> bool:
    return bool(g.apu) or g.kind == "apu"


def _visible_devices(report: "MachineReport") -> tuple[list["Gpu"], Suggestion | None]:
    """The GPUs a process will use, and ROCR_VISIBLE_DEVICES when an iGPU sits beside a discrete GPU.

    ROCR_VISIBLE_DEVICES, not HIP_VISIBLE_DEVICES: the iGPU's trouble (crashes, wrong device 0) starts when the
    ROCm runtime enumerates it, and only the ROCr mask keeps it out of the runtime for all of ROCm's user
    space (rocm-knowledge.md §7: "disable iGPU or hide via ROCR_VISIBLE_DEVICES", S-PREREQ624; env_vars.json:
    "preferred single knob", S-ISO).  The recommendation uses the same variable, and the profile check warns
    when a HIP/CUDA mask is added on top (S-PARSL3858)."""
    gpus = report.gpus
    discrete = [g for g in gpus if not _is_integrated(g)]
    if not discrete or len(discrete) == len(gpus):
        return gpus, None
    # ROCr numbers the GPU agents in KFD node order, from 0 (CPU nodes are not counted); Gpu.index is that order
    ordered = sorted(gpus, key=lambda g: (g.kfd_node if g.kfd_node is not None else 1 << 30, g.index))
    wanted = [str(i) for i, g in enumerate(ordered) if not _is_integrated(g)]
    igpus = ", ".join(g.name or g.gfx or "iGPU" for g in gpus if _is_integrated(g))
    dnames = ", ".join(g.name or g.gfx or "GPU" for g in discrete)
    why = translate("rocmdesk.torchenv.presets",
                    "keeps the integrated {igpus} out of the ROCm runtime so that PyTorch uses only the {gpus} "
                    "(device 0 is then the discrete GPU; an iGPU beside a dGPU is a common cause of crashes and "
                    "wrong devices)").format(igpus=igpus, gpus=dnames)
    s = Suggestion(VISIBILITY_VAR, ",".join(wanted), why, "S-ISO, S-PREREQ624")
    return discrete, s


def _override(report: "MachineReport", visible: list["Gpu"], torch_version: str | None) -> list[Suggestion]:
    from rocmdesk.knowledge.support import support_for

    needs: dict[int, tuple["Gpu", str, str]] = {}
    for g in visible:
        sup = g.support
        if torch_version and g.gfx:
            sup = support_for(g.gfx, report.rocm.primary_version, torch_version)
        if sup is not None and sup.status == "override" and sup.override:
            needs[g.index] = (g, sup.override, sup.source or "")
    if not needs:
        return []
    values = {v for _, v, _ in needs.values()}
    if len(values) == 1 and len(needs) == len(report.gpus):
        # every GPU on the machine wants the same value: the plain form
        g, value, source = next(iter(needs.values()))
        names = ", ".join(x.name or x.gfx or "GPU" for x, _, _ in needs.values())
        why = translate("rocmdesk.torchenv.presets",
                        "the {gpus} ({gfx}) has no kernels in the PyTorch wheels; {value} makes ROCm load the kernels "
                        "of a compatible target").format(gpus=names, gfx=g.gfx, value=value)
        return [Suggestion("HSA_OVERRIDE_GFX_VERSION", value, why, source)]
    out = []
    for g, value, source in needs.values():
        if g.kfd_node is None:
            continue  # the per-GPU form needs the KFD node; without it an override would hit every GPU
        why = translate("rocmdesk.torchenv.presets",
                        "only the {gpu} ({gfx}, KFD node {node}) needs the override; the per-GPU form leaves the "
                        "other GPUs as they are").format(gpu=g.name or g.gfx, gfx=g.gfx, node=g.kfd_node)
        out.append(Suggestion(f"HSA_OVERRIDE_GFX_VERSION_{g.kfd_node}", value, why,
                              (source + ", S-ROCT104").lstrip(", ")))
    return out


def suggest(report: "MachineReport", torch_version: str | None = None) -> list[Suggestion]:
    """Variables for a new profile on this machine (``torch_version`` from the venv when known)."""
    out: list[Suggestion] = []
    visible, mask = _visible_devices(report)
    if mask is not None:
        out.append(mask)
    out.extend(_override(report, visible, torch_version))
    if report.gpus:
        names = allocator_vars(torch_version)
        why = (translate("rocmdesk.torchenv.presets",
                         "less fragmentation when tensor sizes change; torch {version} reads {names}") if torch_version
               else translate("rocmdesk.torchenv.presets",
                              "less fragmentation when tensor sizes change; the supported torch versions read {names}")
               ).format(version=torch_version, names=", ".join(names))
        for name in names:
            out.append(Suggestion(name, EXPANDABLE, why, "S-PT-ALLOC, S-PT-CUDAALLOC, S-PT183387"))
    return out


def preset_env(report: "MachineReport", torch_version: str | None = None) -> dict[str, str]:
    return {s.key: s.value for s in suggest(report, torch_version)}
