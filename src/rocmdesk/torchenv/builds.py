"""Builds of torch that are not ROCm builds: the CPU-only one and a CUDA one, for a venv to compare with.

A pin "2.13.0+cpu" gives ``torch==2.13.0+cpu`` from PyTorch's CPU index; "2.13.0+cuda" gives PyPI's torch, which is
the CUDA build on Linux x86-64; "2.13.0+cu128" one CUDA tag from PyTorch's index.  The versions are those of the
ROCm wheels in the knowledge data (the same releases, the torchvision that pairs with each).  Neither build uses an
AMD GPU: the recommendation says so, and carries no variables and no advice.
"""

from __future__ import annotations

import re

from rocmdesk.i18n import translate
from rocmdesk.knowledge.wheels import wheel_for
from rocmdesk.machine.model import MachineReport
from rocmdesk.torchenv.recommend import Recommendation, RecommendError

CPU_INDEX = "https://download.pytorch.org/whl/cpu"
PYPI_INDEX = "https://pypi.org/simple"
_CUDA_TAG = re.compile(r"cu\d{2,4}")


def build_kind(pin: str | None) -> str | None:
    """"cpu" or "cuda" for a pin of such a build ("2.13.0+cpu", "2.13.0+cuda", "2.13.0+cu128"); None otherwise."""
    local = (pin or "").partition("+")[2]
    if local == "cpu":
        return "cpu"
    if local == "cuda" or _CUDA_TAG.fullmatch(local):
        return "cuda"
    return None


def other_build(report: MachineReport, pin: str, index_url: str | None = None) -> Recommendation:
    """The wheels of a CPU or CUDA build of torch (``build_kind(pin)`` must say which); raises
    :class:`RecommendError` for a torch version rocmdesk does not know."""
    kind = build_kind(pin)
    version, _, local = pin.partition("+")
    w = wheel_for(version)
    if kind is None or w is None:
        raise RecommendError(translate("rocmdesk.torchenv.builds", "rocmdesk knows no torch {pin}").format(pin=pin))
    version = w.torch_version
    if kind == "cpu" or local != "cuda":  # a local label: PyTorch's own index for it
        label = "cpu" if kind == "cpu" else local
        requirements = [f"torch=={version}+{label}"] + ([f"torchvision=={w.torchvision}+{label}"] if w.torchvision
                                                        else [])
        index, index_kind = (CPU_INDEX if kind == "cpu" else w.index_base + label), "pytorch"
    else:  # PyPI's torch: the CUDA build on Linux x86-64
        requirements = [f"torch=={version}"] + ([f"torchvision=={w.torchvision}"] if w.torchvision else [])
        index, index_kind = PYPI_INDEX, "pypi"
    deciding = report.advice.deciding if report.advice is not None else None
    gpu = next((g for g in report.gpus if g.index == deciding), report.gpus[0] if report.gpus else None)
    torch_pin = requirements[0].split("==", 1)[1]
    rec = Recommendation(
        status=kind, index_url=index, index_kind=index_kind, requirements=requirements, torch=torch_pin,
        torchvision=requirements[1].split("==", 1)[1] if len(requirements) > 1 else None, torch_version=version,
        rocm_tag=None, layout=None, gfx=gpu.gfx if gpu else None, gpu_index=gpu.index if gpu else None,
        gpu_name=gpu.name if gpu else None, source=", ".join(w.sources) or None,
    )
    if kind == "cpu":
        rec.why["torch"] = translate("rocmdesk.torchenv.builds",
                                     "You chose the CPU-only build of torch {version}: it runs on the processor only, "
                                     "to compare with a ROCm build or where there is no GPU.").format(version=version)
        rec.why["index"] = translate("rocmdesk.torchenv.builds",
                                     "PyTorch's cpu index serves torch {torch} with no GPU code, so the download is "
                                     "small.").format(torch=torch_pin)
    else:
        rec.why["torch"] = translate("rocmdesk.torchenv.builds",
                                     "You chose a CUDA build of torch {version}: it runs on NVIDIA GPUs, or on the "
                                     "processor where there is none.").format(version=version)
        rec.why["index"] = (translate("rocmdesk.torchenv.builds",
                                      "PyPI's torch {torch} is the CUDA build on Linux x86-64.") if index_kind == "pypi"
                            else translate("rocmdesk.torchenv.builds", "PyTorch's {tag} index serves torch {torch}.")
                            ).format(torch=torch_pin, tag=local)
        if report.gpus:
            rec.warnings.append(translate("rocmdesk.torchenv.builds",
                                          "A CUDA build cannot use an AMD GPU: torch.cuda.is_available() is False on "
                                          "this machine, and the Verify verdict says so."))
    if index_url:
        rec.why["index"] = translate("rocmdesk.torchenv.builds",
                                     "You chose {url}; it must serve the same wheels as {original} (a mirror of "
                                     "it), or pip finds no matching torch.").format(url=index_url, original=index)
        rec.index_url, rec.index_kind = index_url, "custom"
    return rec
