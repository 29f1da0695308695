"""Parser for PyTorch's ``python -m torch.utils.collect_env`` (and vLLM's copy of it), and for the
short probes people paste instead: ``torch.cuda.get_arch_list()``, ``get_device_properties()``,
``gcnArchName`` in a REPL or a script's output.

Lines are read by their labels, so a trimmed or partial paste (a shell prompt first, sections
cut, vLLM's extra lines) loses only what is missing.  "N/A", "None" and "Could not collect"
read as None.

Record :class:`CollectEnv` (``to_json()`` gives a plain dict):

- ``kind``: "collect_env" (its labelled lines) or "torch-probe" (only arch lists / device properties);
- ``torch_version`` ("2.1.2+rocm6.1.3"|None), ``torch_local`` (the local label: "rocm6.1.3", "cu121",
  "cpu", "git011de5c"|None), ``wheel_kind`` ("rocm" | "cuda" | "cpu"|None: what the build is for,
  from the build lines or the local label), ``is_debug`` (bool|None);
- ``cuda_build`` ("12.1"|None: "CUDA used to build PyTorch"), ``rocm_build`` ("6.0.32830-d62f6a171"|None:
  "ROCM used to build PyTorch", i.e. torch.version.hip), ``rocm_build_version`` ("6.0": major.minor of
  rocm_build, else of a "+rocmX.Y" label), ``hip_runtime`` ("6.0.32830"|None), ``miopen_runtime``;
- ``cuda_available`` (bool|None), ``cuda_runtime``, ``nvidia_driver``, ``cudnn``, ``xnnpack`` (bool|None);
- ``os``, ``gcc``, ``clang``, ``cmake``, ``libc``, ``python_version`` ("3.10.12"), ``python_platform``,
  ``kernel_release`` (from the platform: "5.15.153.1-microsoft-standard-WSL2"), ``wsl`` (bool|None),
  ``cpu_model``;
- ``gpu_models``: the "GPU models and configuration" entries as printed; ``gpus``: :class:`TorchGpu`
  list (``name``, ``gfx`` when printed as "(gfx1100)" or gcnArchName, ``total_memory_mb``);
- ``arch_list``: gfx targets of ``torch.cuda.get_arch_list()`` when printed; ``gcn_arch_names``;
- ``pip_packages`` / ``conda_packages``: name -> version from "Versions of relevant libraries";
- ``env``: KEY=VALUE lines (vLLM prints PYTORCH_ROCM_ARCH, HSA_OVERRIDE_GFX_VERSION, ...);
  ``rocm_version`` and ``vllm_version`` from vLLM's extra lines;
- ``fields``: every recognised "Label: value" line, label -> value as printed;
- ``warnings``: notes on the input; ``truncated``: longer than ``MAX_CHARS``, only the start was read.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from typing import Any

from rocmdesk.formats.errors import FormatError
from rocmdesk.formats.text import binary_reason, clean_lines, sniff_sample
from rocmdesk.i18n import translate

FORMAT_NAME = "collect_env"
LABEL = "PyTorch collect_env output"

__all__ = ["FORMAT_NAME", "LABEL", "CollectEnv", "TorchGpu", "parse_collect_env", "sniff_score"]

MAX_CHARS = 1024 * 1024  # collect_env is a few KB; read at most the start of anything bigger
_SNIFF_LIMIT = 262144
_MAX_LINE = 2048

_KEYS: dict[str, str] = {
    "pytorch version": "torch_version",
    "is debug build": "is_debug",
    "cuda used to build pytorch": "cuda_build",
    "rocm used to build pytorch": "rocm_build",
    "os": "os",
    "gcc version": "gcc",
    "clang version": "clang",
    "cmake version": "cmake",
    "libc version": "libc",
    "python version": "python_version",
    "python platform": "python_platform",
    "is cuda available": "cuda_available",
    "cuda available": "cuda_available",
    "cuda runtime version": "cuda_runtime",
    "gpu models and configuration": "gpu_models",
    "nvidia driver version": "nvidia_driver",
    "cudnn version": "cudnn",
    "hip runtime version": "hip_runtime",
    "miopen runtime version": "miopen_runtime",
    "is xnnpack available": "xnnpack",
    "model name": "cpu_model",
    "rocm version": "rocm_version",
    "vllm version": "vllm_version",
}
# Labels only collect_env prints; each found adds to the sniff score.
_SNIFF_KEYS = re.compile(
    r"^(?:PyTorch version|Is debug build|CUDA used to build PyTorch|ROCM used to build PyTorch|HIP runtime version"
    r"|MIOpen runtime version|Is CUDA available|GPU models and configuration|Is XNNPACK available"
    r"|CUDA_MODULE_LOADING set to|Python platform|Versions of relevant libraries|Collecting environment information)",
    re.MULTILINE,
)
_KV_RE = re.compile(r"^([A-Za-z][A-Za-z0-9 _.()/-]{0,60}?):\s*(.*)$")
_NA = {"", "n/a", "na", "none", "could not collect", "no cuda", "unknown"}
_PKG_RE = re.compile(r"^\[(pip3?|conda)\]\s+(\S+?)(?:==|\s+)(\d\S*)")
_ENV_RE = re.compile(r"^([A-Z][A-Z0-9_]{1,60})=(.*)$")
_GPU_LINE_RE = re.compile(r"^GPU \d{1,3}:\s*(.+)$")
_ARCH_LIST_RE = re.compile(r"\[\s*'gfx[0-9a-z]+'(?:\s*,\s*'[\w:+-]{2,40}'){0,60}\s*,?\s*\]")
_GFX_RE = re.compile(r"gfx[0-9]{1,2}[0-9a-f]{2}\b")
_GCN_RE = re.compile(r"gcnArchName[=:]\s*'?(gfx[0-9]{1,2}[0-9a-f]{2})")
_PROPS_RE = re.compile(r"_CudaDeviceProperties\((?P<body>[^)]{1,2000})\)")
_PROP_NAME_RE = re.compile(r"name='([^']{1,200})'")
_PROP_MEM_RE = re.compile(r"total_memory=(\d{1,9})MB")
_VERSION_MM_RE = re.compile(r"^(\d{1,3})\.(\d{1,3})")
_LOCAL_RE = re.compile(r"\+([A-Za-z0-9.]+)$")
_PY_BANNER_RE = re.compile(r"^Python (\d+\.\d+\.\d+)\S* \(")
# labels only collect_env prints (lower case): one of them makes the text collect_env, not a probe
_COLLECT_LABELS = {
    "pytorch version", "is debug build", "cuda used to build pytorch", "rocm used to build pytorch",
    "hip runtime version", "miopen runtime version", "is cuda available", "gpu models and configuration",
    "is xnnpack available", "python platform",
}
_TRUE = {"true", "yes"}
_FALSE = {"false", "no"}


@dataclass
class TorchGpu:
    name: str | None = None
    gfx: str | None = None
    total_memory_mb: int | None = None
    # "GPU models and configuration: Device 66a1": torch took the name from a pci.ids that lacked the card, which
    # then names it by its PCI device id
    device_id: str | None = None


@dataclass
class CollectEnv:
    kind: str = "collect_env"
    torch_version: str | None = None
    torch_local: str | None = None
    wheel_kind: str | None = None
    is_debug: bool | None = None
    cuda_build: str | None = None
    rocm_build: str | None = None
    rocm_build_version: str | None = None
    hip_runtime: str | None = None
    miopen_runtime: str | None = None
    cuda_available: bool | None = None
    cuda_runtime: str | None = None
    nvidia_driver: str | None = None
    cudnn: str | None = None
    xnnpack: bool | None = None
    os: str | None = None
    gcc: str | None = None
    clang: str | None = None
    cmake: str | None = None
    libc: str | None = None
    python_version: str | None = None
    python_platform: str | None = None
    kernel_release: str | None = None
    wsl: bool | None = None
    cpu_model: str | None = None
    gpu_models: list[str] = field(default_factory=list)
    gpus: list[TorchGpu] = field(default_factory=list)
    arch_list: list[str] = field(default_factory=list)
    gcn_arch_names: list[str] = field(default_factory=list)
    pip_packages: dict[str, str] = field(default_factory=dict)
    conda_packages: dict[str, str] = field(default_factory=dict)
    env: dict[str, str] = field(default_factory=dict)
    rocm_version: str | None = None
    vllm_version: str | None = None
    fields: dict[str, str] = field(default_factory=dict)
    truncated: bool = False
    warnings: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


# --- sniffing -----------------------------------------------------------------------------


def sniff_score(text: str) -> int:
    """0 = not collect_env; every collect_env label adds 2, so a full output beats the rocminfo,
    rocm-smi or traceback lines it may quote; a bare arch list or device-properties probe scores 3-5."""
    sample = sniff_sample(text, _SNIFF_LIMIT)
    keys = {m.group(0) for m in _SNIFF_KEYS.finditer(sample)}
    score = 2 * len(keys)
    if score:
        return score
    probe = 0
    if _ARCH_LIST_RE.search(sample):
        probe += 3
    if _GCN_RE.search(sample):
        probe += 2
    if "_CudaDeviceProperties(" in sample:
        probe += 2
    if probe and "torch" in sample:
        probe += 1
    return probe


# --- parsing ------------------------------------------------------------------------------


def _value(raw: str) -> str | None:
    v = raw.strip()
    return None if v.lower() in _NA else v


def _bool(raw: str) -> bool | None:
    v = raw.strip().lower()
    return True if v in _TRUE else False if v in _FALSE else None


def _major_minor(version: str | None) -> str | None:
    m = _VERSION_MM_RE.match(version or "")
    return f"{int(m.group(1))}.{int(m.group(2))}" if m else None


def _gpu(entry: str) -> TorchGpu:
    entry = entry.replace("NoGCNArchNameOnOldPyTorch", "").strip()
    g = re.search(r"\((gfx[0-9]{1,2}[0-9a-f]{2})[^)]{0,40}\)\s*$", entry)
    gfx = g.group(1) if g else None
    name = entry[: g.start()].strip() if g else entry
    placeholder = re.fullmatch(r"Device ([0-9a-fA-F]{4})", name)
    if placeholder:
        return TorchGpu(name=None, gfx=gfx, device_id=placeholder.group(1).lower())
    return TorchGpu(name=name or None, gfx=gfx)


def _set(env: CollectEnv, attr: str, raw: str) -> None:
    if attr in ("is_debug", "cuda_available", "xnnpack"):
        if getattr(env, attr) is None:
            setattr(env, attr, _bool(raw))
        return
    if attr == "gpu_models":
        v = _value(raw)
        if v:
            env.gpu_models.append(v)
        return
    if getattr(env, attr) is None:
        setattr(env, attr, _value(raw))


def _finish(env: CollectEnv) -> None:
    if env.torch_version:
        m = _LOCAL_RE.search(env.torch_version)
        env.torch_local = m.group(1) if m else None
    local = (env.torch_local or "").lower()
    if env.rocm_build or local.startswith("rocm"):
        env.wheel_kind = "rocm"
    elif env.cuda_build or re.match(r"cu\d", local):
        env.wheel_kind = "cuda"
    elif local == "cpu" or (env.torch_version and "cuda used to build pytorch" in {k.lower() for k in env.fields}):
        env.wheel_kind = "cpu"
    env.rocm_build_version = _major_minor(env.rocm_build) or (_major_minor(local[4:]) if local.startswith("rocm") else None)
    if env.python_version:
        env.python_version = env.python_version.split()[0]
    if env.cpu_model:
        env.cpu_model = re.split(r"\s{2,}", env.cpu_model)[0]  # a trimmed paste may join the next line
    if env.python_platform:
        p = env.python_platform
        k = re.match(r"Linux-(.+?)-(?:x86_64|aarch64|ppc64le|s390x)(?:-|$)", p)
        env.kernel_release = k.group(1) if k else None
        env.wsl = bool(re.search(r"microsoft|WSL", p, re.IGNORECASE))
    for entry in env.gpu_models:
        env.gpus.append(_gpu(entry))
    for gfx in env.gcn_arch_names:
        for gpu in env.gpus:
            if gpu.gfx is None:
                gpu.gfx = gfx
                break


def parse_collect_env(text: str) -> CollectEnv:
    """Read collect_env output or a torch probe.  Raises FormatError when the text holds neither
    collect_env's labelled lines nor a gfx arch list / device properties."""
    if not isinstance(text, str):
        raise FormatError("collect_env output must be text; decode bytes with rocmdesk.formats.decode_input")
    reason = binary_reason(text)
    if reason:
        raise FormatError(reason)
    if not text.strip():
        raise FormatError(translate(
            "rocmdesk.formats.collect_env",
            "the input is empty: expected PyTorch collect_env output",
        ))
    env = CollectEnv()
    if len(text) > MAX_CHARS:
        text = text[:MAX_CHARS]
        env.truncated = True
        env.warnings.append(translate(
            "rocmdesk.formats.collect_env",
            "the input is longer than {size} MiB; only its start was read",
        ).format(size=MAX_CHARS // 2**20))
    lines, _ = clean_lines(text)
    gpu_block = False
    for raw in lines:
        line = raw[:_MAX_LINE].strip()
        if not line:
            gpu_block = False
            continue
        if gpu_block:
            g = _GPU_LINE_RE.match(line)
            if g:
                env.gpu_models.append(g.group(1).strip())
                continue
            gpu_block = False
        p = _PKG_RE.match(line)
        if p:
            target = env.pip_packages if p.group(1).startswith("pip") else env.conda_packages
            target.setdefault(p.group(2).lower(), p.group(3))
            continue
        e = _ENV_RE.match(line)
        if e:
            env.env.setdefault(e.group(1), e.group(2).strip())
            continue
        b = _PY_BANNER_RE.match(line)
        if b and env.python_version is None:
            env.python_version = b.group(1)
            continue
        kv = _KV_RE.match(line)
        if kv:
            label = kv.group(1).strip()
            attr = _KEYS.get(label.lower())
            if attr is not None:
                env.fields.setdefault(label, kv.group(2).strip())
                _set(env, attr, kv.group(2))
                if attr == "gpu_models" and not kv.group(2).strip():
                    gpu_block = True  # newer torch lists "GPU 0: ..." on the following lines
    sample = "\n".join(lines)
    a = _ARCH_LIST_RE.search(sample)
    if a:
        env.arch_list = list(dict.fromkeys(_GFX_RE.findall(a.group(0))))
    for gfx in _GCN_RE.findall(sample):
        if gfx not in env.gcn_arch_names:
            env.gcn_arch_names.append(gfx)
    for props in _PROPS_RE.finditer(sample):
        body = props.group("body")
        n, mem, gcn = _PROP_NAME_RE.search(body), _PROP_MEM_RE.search(body), _GCN_RE.search(body)
        env.gpus.append(TorchGpu(name=n.group(1) if n else None, gfx=gcn.group(1) if gcn else None,
                                 total_memory_mb=int(mem.group(1)) if mem else None))
    if not _COLLECT_LABELS & {k.lower() for k in env.fields}:
        if not (env.arch_list or env.gcn_arch_names or env.gpus):
            raise FormatError(translate(
                "rocmdesk.formats.collect_env",
                "this is not PyTorch collect_env output: no 'PyTorch version:' or other collect_env lines found",
            ))
        env.kind = "torch-probe"
    _finish(env)
    if env.kind == "collect_env" and "pytorch version" not in {k.lower() for k in env.fields}:
        env.warnings.append(translate(
            "rocmdesk.formats.collect_env",
            "no 'PyTorch version' line: the paste may be trimmed",
        ))
    return env
