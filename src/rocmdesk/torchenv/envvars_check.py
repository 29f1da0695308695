"""Checks on a profile's environment variables before they reach a shell or PyTorch.

Errors are values the runtime rejects or misreads (an override that is not ``major.minor.stepping``, an
allocator option PyTorch refuses at the first allocation); warnings are values that are valid but
probably not what the user wants (two visibility lists at once).  Facts: ../shared/reference
rocm-knowledge.md §4 and ``rocmdesk.knowledge.env_vars()``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Mapping

from rocmdesk.i18n import translate
from rocmdesk.knowledge.gfx import (
    encode_target_version,
    gfx_from_override,
    gfx_target,
    normalize_gfx,
)

if TYPE_CHECKING:
    from rocmdesk.machine.model import MachineReport

KEY_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
OVERRIDE = "HSA_OVERRIDE_GFX_VERSION"
_PER_NODE = re.compile(r"HSA_OVERRIDE_GFX_VERSION_([0-9]+)")
_OVERRIDE_VALUE = re.compile(r"([0-9]+)\.([0-9]+)\.([0-9]+)")
DEVICE_LISTS = ("ROCR_VISIBLE_DEVICES", "HIP_VISIBLE_DEVICES", "CUDA_VISIBLE_DEVICES", "GPU_DEVICE_ORDINAL")
ALLOCATOR_VARS = ("PYTORCH_ALLOC_CONF", "PYTORCH_CUDA_ALLOC_CONF", "PYTORCH_HIP_ALLOC_CONF")
# the venv and rocmdesk own these: a profile that set them would fight activate/deactivate
RESERVED = ("PATH", "VIRTUAL_ENV", "VIRTUAL_ENV_PROMPT", "PYTHONHOME", "PS1", "ROCMDESK_PROFILE")
RESERVED_PREFIXES = ("_OLD_VIRTUAL_", "_ROCMDESK_", "_OLD_FISH_")
_DEVICE_ITEM = re.compile(r"[0-9]+|GPU-[0-9A-Fa-f][0-9A-Fa-f-]*")


def _digits(v: str) -> bool:
    # str.isdigit() is also true for "²" and other digits int() rejects: only ASCII digits are a number here
    return v.isascii() and v.isdigit()


@dataclass(frozen=True)
class EnvFinding:
    level: str  # error | warning
    key: str
    message: str

    def __str__(self) -> str:
        return f"{self.key}: {self.message}"


# -- allocator settings (c10 CUDAAllocatorConfig / AcceleratorAllocatorConfig) --------------------------
def _bool(v: str) -> str | None:
    # PyTorch compares with the exact strings "True" and "False"
    return None if v in ("True", "False") else translate("rocmdesk.torchenv.envvars_check",
                                                         "expects True or False (capitalised)")


def _int(minimum: int = 0, power_of_two: bool = False, above: int | None = None) -> Callable[[str], str | None]:
    def check(v: str) -> str | None:
        if not _digits(v):
            return translate("rocmdesk.torchenv.envvars_check", "expects a whole number")
        n = int(v)
        if above is not None and n <= above:
            return translate("rocmdesk.torchenv.envvars_check", "must be more than {limit}").format(limit=above)
        if n < minimum:
            return translate("rocmdesk.torchenv.envvars_check", "must be at least {limit}").format(limit=minimum)
        if power_of_two and n & (n - 1):
            return translate("rocmdesk.torchenv.envvars_check", "must be a power of 2")
        return None

    return check


def _fraction(open_low: bool, open_high: bool) -> Callable[[str], str | None]:
    def check(v: str) -> str | None:
        try:
            x = float(v)
        except ValueError:
            return translate("rocmdesk.torchenv.envvars_check", "expects a number between 0 and 1")
        low_ok = x > 0 if open_low else x >= 0
        high_ok = x < 1 if open_high else x <= 1
        if low_ok and high_ok:
            return None
        return (translate("rocmdesk.torchenv.envvars_check", "must lie between 0 and 1 (both exclusive)") if open_low
                else translate("rocmdesk.torchenv.envvars_check", "must lie between 0 and 1"))

    return check


def _roundup(v: str) -> str | None:
    if not v.startswith("["):
        return _int(power_of_two=True)(v)
    if not v.endswith("]"):
        return translate("rocmdesk.torchenv.envvars_check", "a list of size:divisions pairs is written "
                         "[256:1,512:2,>:1]")
    for item in filter(None, v[1:-1].split(",")):
        size, _, div = item.partition(":")
        if not (size == ">" or _digits(size)) or not _digits(div):
            return translate("rocmdesk.torchenv.envvars_check", "{item} is not size:divisions (e.g. 256:4 or >:1)"
                             ).format(item=repr(item))
        if int(div) & (int(div) - 1):
            return translate("rocmdesk.torchenv.envvars_check", "divisions in {item} must be a power of 2").format(
                item=repr(item))
    return None


def _backend(v: str) -> str | None:
    if v in ("native", "cudaMallocAsync", "hipMallocAsync"):
        return None
    return translate("rocmdesk.torchenv.envvars_check", "expects native or cudaMallocAsync")


ALLOC_KEYS: dict[str, Callable[[str], str | None]] = {
    "expandable_segments": _bool,
    "max_split_size_mb": _int(above=20),  # PyTorch: "max_split_size_mb too small, must be > 20"
    "max_non_split_rounding_mb": _int(),
    "garbage_collection_threshold": _fraction(open_low=True, open_high=True),
    "roundup_power2_divisions": _roundup,
    "backend": _backend,
    "release_lock_on_cudamalloc": _bool,
    "release_lock_on_hipmalloc": _bool,
    "pinned_use_cuda_host_register": _bool,
    "pinned_use_hip_host_register": _bool,
    "pinned_num_register_threads": _int(minimum=1, power_of_two=True),
    "pinned_use_background_threads": _bool,
    "pinned_reserve_segment_size_mb": _int(),
    "per_process_memory_fraction": _fraction(open_low=False, open_high=False),
    "graph_capture_record_stream_reuse": _bool,
}


def _split_options(text: str) -> list[str]:
    """Split on commas outside [...] (roundup_power2_divisions takes a bracketed list)."""
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    parts.append(cur)
    return parts


def parse_alloc_conf(value: str) -> list[tuple[str, str]]:
    """``"expandable_segments:True,max_split_size_mb:512"`` -> pairs; ValueError with a one-line reason."""
    if not value.strip():
        raise ValueError(translate("rocmdesk.torchenv.envvars_check",
                                   "is empty (write key:value pairs, e.g. expandable_segments:True)"))
    pairs = []
    for part in _split_options(value):
        key, sep, val = part.partition(":")
        if not sep or not key or not val:
            raise ValueError(translate("rocmdesk.torchenv.envvars_check",
                                       "{part} is not key:value (options are written key:value,key:value)").format(
                part=repr(part)))
        if key != key.strip() or val != val.strip():
            raise ValueError(translate("rocmdesk.torchenv.envvars_check", "{part} has spaces around ':' or ','")
                             .format(part=repr(part)))
        check = ALLOC_KEYS.get(key)
        if check is None:
            raise ValueError(translate("rocmdesk.torchenv.envvars_check",
                                       "{key} is not an allocator option PyTorch knows (known: {known})").format(
                key=repr(key), known=", ".join(ALLOC_KEYS)))
        problem = check(val)
        if problem:
            raise ValueError(translate("rocmdesk.torchenv.envvars_check", "{key}:{value}: {key} {problem}").format(
                key=key, value=val, problem=problem))
        pairs.append((key, val))
    return pairs


# -- single values -------------------------------------------------------------------------------------
def _check_override(value: str) -> str | None:
    m = _OVERRIDE_VALUE.fullmatch(value)
    if not m:
        if not value:
            return translate("rocmdesk.torchenv.envvars_check",
                             "is empty: older ROCm then reports gfx000 and newer ROCm ignores it; remove the variable "
                             "instead")
        return translate("rocmdesk.torchenv.envvars_check",
                         "{value} is not major.minor.stepping in decimal (e.g. 10.3.0 for gfx1030, 9.0.10 for gfx90a)"
                         ).format(value=repr(value))
    major, minor, stepping = (int(g) for g in m.groups())
    if major > 63 or minor > 255 or stepping > 255:
        return translate("rocmdesk.torchenv.envvars_check",
                         "{value} is out of range (libhsakmt takes major <= 63, minor and stepping <= 255)").format(
            value=repr(value))
    gfx = gfx_from_override(value)
    if gfx is None or gfx_target(gfx) is None:
        text = (translate("rocmdesk.torchenv.envvars_check",
                          "{value} ({gfx}) is not a gfx target rocmdesk knows; PyTorch has no kernels for it") if gfx
                else translate("rocmdesk.torchenv.envvars_check",
                               "{value} is not a gfx target rocmdesk knows; PyTorch has no kernels for it"))
        return text.format(value=repr(value), gfx=f"gfx{major}{minor:x}{stepping:x}")
    return None


def _check_devices(value: str) -> str | None:
    if value == "":
        return None  # valid: hides every GPU (a warning below)
    items = value.split(",")
    for item in items:
        if item != item.strip():
            return translate("rocmdesk.torchenv.envvars_check", "{value}: write the list without spaces (e.g. 0,1)"
                             ).format(value=repr(value))
        if item == "-1":
            continue
        if not _DEVICE_ITEM.fullmatch(item):
            return translate("rocmdesk.torchenv.envvars_check",
                             "{item} is neither a device index (0, 1, ...) nor a UUID (GPU-...)").format(
                item=repr(item))
    if len(set(items)) != len(items):
        return translate("rocmdesk.torchenv.envvars_check", "{value} names a device twice").format(value=repr(value))
    return None


def _whole(minimum: int, maximum: int | None = None) -> Callable[[str], str | None]:
    def check(v: str) -> str | None:
        if not _digits(v) or int(v) < minimum or (maximum is not None and int(v) > maximum):
            text = (translate("rocmdesk.torchenv.envvars_check", "{value} is not a whole number {low}-{high}")
                    if maximum is not None
                    else translate("rocmdesk.torchenv.envvars_check", "{value} is not a whole number {low} or more"))
            return text.format(value=repr(v), low=minimum, high=maximum)
        return None

    return check


def _choice(*options: str) -> Callable[[str], str | None]:
    def check(v: str) -> str | None:
        if v in options:
            return None
        return translate("rocmdesk.torchenv.envvars_check", "{value} is not one of {options}").format(
            value=repr(v), options=", ".join(options))

    return check


_VALUE_CHECKS: dict[str, Callable[[str], str | None]] = {
    "GPU_MAX_HW_QUEUES": _whole(1),
    "AMD_LOG_LEVEL": _whole(0, 5),
    "AMD_SERIALIZE_KERNEL": _whole(0, 3),
    "HSA_ENABLE_SDMA": _choice("0", "1"),
    "HSA_ENABLE_PEER_SDMA": _choice("0", "1"),
    "HSA_XNACK": _choice("0", "1"),
    "HIP_LAUNCH_BLOCKING": _choice("0", "1"),
    "MIOPEN_FIND_MODE": _choice("1", "2", "3", "4", "5", "6", "7", "NORMAL", "FAST", "HYBRID", "DYNAMIC_HYBRID",
                                "TRUST_VERIFY", "TRUST_VERIFY_FULL"),
}


def check_key(key: str) -> str | None:
    if not KEY_RE.fullmatch(key):
        return translate("rocmdesk.torchenv.envvars_check",
                         "{key} is not a variable name (letters, digits and _, not starting with a digit)").format(
            key=repr(key))
    if key in RESERVED or key.startswith(RESERVED_PREFIXES):
        return translate("rocmdesk.torchenv.envvars_check",
                         "{key} is managed by the venv or rocmdesk and cannot be set in a profile").format(key=key)
    return None


def check_value(key: str, value: str) -> str | None:
    """One-line reason why ``value`` is wrong for ``key``, or None."""
    if "\x00" in value:
        return translate("rocmdesk.torchenv.envvars_check", "contains a NUL character, which no environment can hold")
    if key == OVERRIDE or _PER_NODE.fullmatch(key):
        return _check_override(value)
    if key in DEVICE_LISTS:
        return _check_devices(value)
    if key in ALLOCATOR_VARS:
        try:
            parse_alloc_conf(value)
        except ValueError as exc:
            return str(exc)
        return None
    check = _VALUE_CHECKS.get(key)
    return check(value) if check else None


def _machine_warnings(env: Mapping[str, str], machine: "MachineReport") -> list[EnvFinding]:
    out: list[EnvFinding] = []
    gpus = machine.gpus
    out.extend(advice_findings(env, machine))
    nodes = {g.kfd_node for g in gpus if g.kfd_node is not None}
    for key in env:
        m = _PER_NODE.fullmatch(key)
        if m and nodes and int(m.group(1)) not in nodes:
            out.append(EnvFinding("warning", key, translate(
                "rocmdesk.torchenv.envvars_check", "KFD node {node} is not a GPU on this machine (GPU nodes: {nodes})"
            ).format(node=m.group(1), nodes=", ".join(map(str, sorted(nodes))))))
    if gpus:
        for key in DEVICE_LISTS:
            value = env.get(key)
            if not value:
                continue
            for item in value.split(","):
                if _digits(item) and int(item) >= len(gpus):
                    text = (translate("rocmdesk.torchenv.envvars_check",
                                      "device {item} does not exist here (1 GPU, numbered from 0)") if len(gpus) == 1
                            else translate("rocmdesk.torchenv.envvars_check",
                                           "device {item} does not exist here ({count} GPUs, numbered from 0)"))
                    out.append(EnvFinding("warning", key, text.format(item=item, count=len(gpus))))
    return out


def advice_findings(env: Mapping[str, str], machine: "MachineReport", torch_version: str | None = None
                    ) -> list[EnvFinding]:
    """What the advice model says of the overrides ``env`` sets on ``machine``: wrong, risky (another GPU
    generation) or needless.  ``torch_version``: the venv's torch, when known (its wheels decide)."""
    from rocmdesk.advice import AdviceError, advise, context_for

    try:
        a = advise(machine, context_for(machine, env=env, torch=torch_version))
    except AdviceError:
        a = advise(machine, context_for(machine, env=env))
    # a missing override is a finding only where the venv's torch is known: without it the profile may be meant
    # for other wheels (AMD's, a CPU build), and the presets offer the override anyway
    return [EnvFinding("warning", n.var, n.message) for n in a.notes
            if n.code != "override-missing" or (torch_version and a.path is not None and a.path.stream != "amd")]


def check_env(env: Mapping[str, str], machine: "MachineReport | None" = None) -> list[EnvFinding]:
    """Errors and warnings for a whole profile environment (``machine`` adds checks against its GPUs)."""
    out: list[EnvFinding] = []
    for key, value in env.items():
        problem = check_key(key)
        if problem is None:
            problem = check_value(key, value)
        if problem:
            out.append(EnvFinding("error", key, problem))
    if "ROCR_VISIBLE_DEVICES" in env:
        for other in ("HIP_VISIBLE_DEVICES", "CUDA_VISIBLE_DEVICES"):
            if other in env:
                out.append(EnvFinding("warning", other, translate(
                    "rocmdesk.torchenv.envvars_check",
                    "set together with ROCR_VISIBLE_DEVICES: {var} counts only the GPUs that ROCR_VISIBLE_DEVICES "
                    "leaves visible (ROCR_VISIBLE_DEVICES=1 {var}=1 hides every GPU); set only ROCR_VISIBLE_DEVICES"
                ).format(var=other)))
    for key in DEVICE_LISTS:
        if env.get(key) in ("", "-1"):
            out.append(EnvFinding("warning", key, translate("rocmdesk.torchenv.envvars_check",
                                                            "hides every GPU: PyTorch will see no device")))
    m = env.get("GPU_MAX_HW_QUEUES")
    if m and _digits(m) and int(m) > 4:
        out.append(EnvFinding("warning", "GPU_MAX_HW_QUEUES", translate(
            "rocmdesk.torchenv.envvars_check", "{value} is above 4, the default and recommended maximum").format(
            value=m)))
    for key in env:
        m0 = _PER_NODE.fullmatch(key)
        if m0 and int(m0.group(1)) == 0 and machine is None:
            out.append(EnvFinding("warning", key, translate("rocmdesk.torchenv.envvars_check",
                                                            "KFD node 0 is usually the CPU; the first GPU is usually "
                                                            "_1")))
    if machine is not None:
        out.extend(_machine_warnings(env, machine))
    return out


def speaks_of_gpus(env: Mapping[str, str]) -> bool:
    """The variables name an override or a device list: the machine's advice has something to say of them."""
    return any(k.startswith("HSA_OVERRIDE_GFX_VERSION") or k in DEVICE_LISTS for k in env)


def profile_findings(env: Mapping[str, str], machine: "MachineReport | None" = None,
                     torch_version: str | None = None) -> list[EnvFinding]:
    """Every finding on a profile's ``env`` (:func:`check_env`); with the machine (its advice attached), what the
    advice says of the override variables judged for the torch the venv holds when known (:func:`advice_findings`):
    wrong, risky or needless for those wheels rather than for the machine's recommended ones."""
    findings = check_env(env, machine)
    if machine is not None and torch_version:
        generic = advice_findings(env, machine)  # for the machine's recommended wheels: the venv's torch decides
        findings = [f for f in findings if f not in generic] + advice_findings(env, machine, torch_version)
    return findings


def errors(findings: list[EnvFinding]) -> list[EnvFinding]:
    return [f for f in findings if f.level == "error"]


def warnings(findings: list[EnvFinding]) -> list[EnvFinding]:
    return [f for f in findings if f.level == "warning"]
