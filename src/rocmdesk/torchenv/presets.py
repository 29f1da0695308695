"""Profile presets from the detected machine: the override a GPU needs, which GPU to use, allocator settings.

Each suggestion carries the reason and the source of the fact, so the CLI and the UI can show why.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from rocmdesk.advice.compute import ALL_ALLOCATOR_VARS, allocator_vars
from rocmdesk.advice.model import EXPANDABLE, OVERRIDE_VAR, VISIBILITY_VAR
from rocmdesk.i18n import translate

if TYPE_CHECKING:
    from rocmdesk.advice.model import MachineAdvice
    from rocmdesk.machine.model import MachineReport

# the one variable rocmdesk sets to hide a GPU, the allocator setting and the names each torch reads: the advice
# model's (rocmdesk.advice), re-exported for the pages and tests that import them from here
__all__ = ["ALL_ALLOCATOR_VARS", "EXPANDABLE", "VISIBILITY_VAR", "Suggestion", "allocator_vars", "preset_env",
           "suggest", "torch_version_in"]


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


def _advice(report: "MachineReport", torch_version: str | None) -> "MachineAdvice":
    """The machine's advice, for the torch a venv holds when it is known (the path is then that torch)."""
    from rocmdesk.advice import AdviceError, advise, context_for

    if torch_version:
        try:
            return advise(report, context_for(report, torch=torch_version))
        except AdviceError:
            pass  # a torch rocmdesk does not know: the advice for the recommended wheels
    return advise(report)


def suggest(report: "MachineReport", torch_version: str | None = None, *,
            advice: "MachineAdvice | None" = None) -> list[Suggestion]:
    """Variables for a new profile on this machine (``torch_version`` from the venv when known): the advice
    model's environment, each with why and where the fact comes from."""
    a = advice or _advice(report, torch_version)
    by_index = {g.index: g for g in report.gpus}
    out: list[Suggestion] = []
    if VISIBILITY_VAR in a.env:
        igpus = ", ".join(g.name or g.gfx or "iGPU" for g in report.gpus if g.index in a.hidden)
        dnames = ", ".join(g.name or g.gfx or "GPU" for g in report.gpus if g.index in a.used)
        why = translate("rocmdesk.torchenv.presets",
                        "keeps the integrated {igpus} out of the ROCm runtime so that PyTorch uses only the {gpus} "
                        "(device 0 is then the discrete GPU; an iGPU beside a dGPU is a common cause of crashes and "
                        "wrong devices)").format(igpus=igpus, gpus=dnames)
        out.append(Suggestion(VISIBILITY_VAR, a.env[VISIBILITY_VAR], why, "S-ISO, S-PREREQ624"))
    for index, ga in a.gpus.items():
        var = ga.override_var
        if not var or var not in a.env:
            continue
        g = by_index[index]
        if var == OVERRIDE_VAR:
            if any(s.key == var for s in out):
                continue
            names = ", ".join(by_index[i].name or by_index[i].gfx or "GPU" for i, x in a.gpus.items()
                              if x.override_var == var)
            why = translate("rocmdesk.torchenv.presets",
                            "the {gpus} ({gfx}) has no kernels in the PyTorch wheels; {value} makes ROCm load the "
                            "kernels of a compatible target").format(gpus=names, gfx=g.gfx, value=a.env[var])
            out.append(Suggestion(var, a.env[var], why, ga.source))
        else:
            why = translate("rocmdesk.torchenv.presets",
                            "only the {gpu} ({gfx}, KFD node {node}) needs the override; the per-GPU form leaves the "
                            "other GPUs as they are").format(gpu=g.name or g.gfx, gfx=g.gfx, node=g.kfd_node)
            out.append(Suggestion(var, a.env[var], why, (ga.source + ", S-ROCT104").lstrip(", ")))
    names = [k for k in ALL_ALLOCATOR_VARS if k in a.env]
    if names:
        why = (translate("rocmdesk.torchenv.presets",
                         "less fragmentation when tensor sizes change; torch {version} reads {names}") if torch_version
               else translate("rocmdesk.torchenv.presets",
                              "less fragmentation when tensor sizes change; the supported torch versions read {names}")
               ).format(version=torch_version, names=", ".join(names))
        for name in names:
            out.append(Suggestion(name, a.env[name], why, "S-PT-ALLOC, S-PT-CUDAALLOC, S-PT183387"))
    return out


def preset_env(report: "MachineReport", torch_version: str | None = None) -> dict[str, str]:
    return {s.key: s.value for s in suggest(report, torch_version)}
