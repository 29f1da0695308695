"""Verify a venv's PyTorch from inside the venv: run the probe there, then judge what it saw.

:func:`run_probe` runs ``probe_script.py`` with the venv's python (rocmdesk never imports torch itself);
:func:`judge` is a pure function of the probe's JSON (or how the probe failed) and the machine report,
giving one verdict from a closed catalogue (:data:`VERDICTS`, stable ids) with one fix.
"""

from __future__ import annotations

import json
import os
import re
import shlex
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rocmdesk.knowledge import gfx_from_override, gfx_target, normalize_gfx
from rocmdesk.machine.model import Gpu, MachineReport
from rocmdesk.torchenv.process import Cancel, run_streamed
from rocmdesk.torchenv.recommend import OVERRIDE_VAR, dkms_rocm_version, hip_order, is_igpu, recommend
from rocmdesk.torchenv.venv import is_venv, venv_python

PROBE_SCRIPT = Path(__file__).with_name("probe_script.py")
PROBE_TIMEOUT_S = 120.0
STAGE_PREFIX = "rocmdesk-probe: stage "
WHEEL_PREFIX = "rocmdesk-probe: wheel "

# id -> short title (the id is the contract; titles may be reworded)
VERDICTS: dict[str, str] = {
    "ok": "PyTorch runs on the GPU",
    "cpu-only-wheel": "a CPU-only build of torch",
    "cuda-wheel-on-amd": "a CUDA build of torch on an AMD GPU",
    "rocm-wheel-mismatch": "the wheel's ROCm does not fit this system",
    "no-kernels-for-gfx": "the wheel has no GPU code for this GPU",
    "override-needed": "the GPU needs HSA_OVERRIDE_GFX_VERSION",
    "override-unneeded": "HSA_OVERRIDE_GFX_VERSION is set but not needed",
    "device-not-visible": "torch sees no GPU",
    "torch-missing": "torch is not installed in this environment",
    "broken-venv": "the environment does not run",
}

_NO_BINARY = re.compile(
    r"hipErrorNoBinaryForGpu|invalid device function|no kernel image is available|"
    r"Unable to find code object|HSA_STATUS_ERROR_INVALID_ISA|TensileLibrary.*(?:not|Cannot|Could not)",
    re.IGNORECASE,
)
_VISIBILITY = ("ROCR_VISIBLE_DEVICES", "HIP_VISIBLE_DEVICES", "CUDA_VISIBLE_DEVICES")


@dataclass(frozen=True)
class Fix:
    text: str
    command: str | None = None  # one shell line, paths quoted

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "command": self.command}


@dataclass(frozen=True)
class ProbeRun:
    """One run of the probe: its JSON object when one came back, else how it failed."""

    python: str
    data: dict[str, Any] | None
    returncode: int | None = 0
    timed_out: bool = False
    missing: bool = False
    error: str | None = None
    stderr: str = ""
    duration_s: float = 0.0

    @property
    def last_stage(self) -> str | None:
        stages = [ln[len(STAGE_PREFIX):].strip() for ln in self.stderr.splitlines() if ln.startswith(STAGE_PREFIX)]
        return stages[-1] if stages else None

    @property
    def wheel(self) -> dict[str, Any]:
        """torch / hip / cuda as the probe announced them on stderr right after ``import torch``."""
        for ln in reversed(self.stderr.splitlines()):
            if ln.startswith(WHEEL_PREFIX):
                try:
                    value = json.loads(ln[len(WHEEL_PREFIX):])
                except ValueError:
                    return {}
                return value if isinstance(value, dict) else {}
        return {}


@dataclass
class VerifyResult:
    verdict: str
    title: str
    detail: str
    fix: Fix | None
    python: str
    torch: str | None = None
    hip: str | None = None
    cuda: str | None = None
    available: bool | None = None
    devices: list[dict[str, Any]] = field(default_factory=list)
    arch_list: list[str] = field(default_factory=list)
    compute: list[dict[str, Any]] = field(default_factory=list)
    env: dict[str, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    duration_s: float = 0.0

    @property
    def ok(self) -> bool:
        return self.verdict == "ok"

    def to_json(self) -> dict[str, Any]:
        return {
            "verdict": self.verdict,
            "title": self.title,
            "detail": self.detail,
            "fix": self.fix.to_json() if self.fix else None,
            "python": self.python,
            "torch": self.torch,
            "hip": self.hip,
            "cuda": self.cuda,
            "available": self.available,
            "devices": self.devices,
            "arch_list": self.arch_list,
            "compute": self.compute,
            "env": self.env,
            "notes": self.notes,
            "duration_s": round(self.duration_s, 3),
        }


# -- running the probe --------------------------------------------------------------------------------

def run_probe(
    python: str | os.PathLike[str],
    *,
    env: Mapping[str, str] | None = None,
    timeout: float = PROBE_TIMEOUT_S,
    cancel: Cancel | None = None,
) -> ProbeRun:
    """Run the probe with ``python`` (a venv's ``bin/python``) in ``env`` (None: this process's environment)."""
    py = os.fspath(python)
    run = run_streamed([py, "-I", str(PROBE_SCRIPT)], merge_stderr=False, timeout=timeout, cancel=cancel,
                       env=env, keep_lines=400)
    data = None
    error = run.error
    if not (run.missing or run.timed_out or run.cancelled):
        for line in reversed(run.stdout.splitlines()):
            line = line.strip()
            if line.startswith("{"):
                try:
                    value = json.loads(line)
                except ValueError:
                    continue
                if isinstance(value, dict) and "probe_version" in value:
                    data = value
                    break
        if data is None:
            how = f"died of {run.signal_name}" if run.signal_name else f"exited with status {run.returncode}"
            error = f"{py} {how} without the probe's report"
    return ProbeRun(python=py, data=data, returncode=run.returncode, timed_out=run.timed_out,
                    missing=run.missing, error=error, stderr=run.stderr, duration_s=run.duration_s)


def verify(
    python: str | os.PathLike[str],
    report: MachineReport,
    *,
    env: Mapping[str, str] | None = None,
    timeout: float = PROBE_TIMEOUT_S,
    cancel: Cancel | None = None,
) -> VerifyResult:
    return judge(run_probe(python, env=env, timeout=timeout, cancel=cancel), report)


def verify_venv(venv: str | os.PathLike[str], report: MachineReport, **kwargs: Any) -> VerifyResult:
    """Like :func:`verify` for a venv directory; a directory that is not a venv is ``broken-venv``."""
    if not is_venv(venv):
        what = ("does not exist" if not Path(venv).exists()
                else "is not a virtual environment (no pyvenv.cfg or bin/python)")
        command = f"rocmdesk torch install --venv {shlex.quote(os.fspath(venv))}"
        return _result("broken-venv", f"{venv} {what}.", Fix("Create it and install torch into it:", command),
                       python=os.fspath(venv_python(venv)))
    return verify(venv_python(venv), report, **kwargs)


# -- judging -------------------------------------------------------------------------------------------

def _result(verdict: str, detail: str, fix: Fix | None, **kw: Any) -> VerifyResult:
    return VerifyResult(verdict=verdict, title=VERDICTS[verdict], detail=detail, fix=fix, **kw)


def _visible(gpus: list[Gpu], env: Mapping[str, str]) -> list[Gpu] | None:
    """The GPUs HIP will number 0, 1, ... under the visibility variables; None when that can't be worked out.

    ROCR_VISIBLE_DEVICES filters the runtime's agents first; HIP_VISIBLE_DEVICES (or CUDA_VISIBLE_DEVICES,
    which HIP also reads) then indexes into what is left.  An entry that is not a valid index ends the list.
    """
    seq = hip_order(gpus)
    hip_var = "HIP_VISIBLE_DEVICES" if "HIP_VISIBLE_DEVICES" in env else "CUDA_VISIBLE_DEVICES"
    for var in ("ROCR_VISIBLE_DEVICES", hip_var):
        value = env.get(var)
        if value is None:
            continue
        picked: list[Gpu] = []
        for tok in (t.strip() for t in value.split(",")):
            if tok.upper().startswith("GPU-"):
                return None  # a UUID: the report does not carry them
            if not tok.isdigit() or int(tok) >= len(seq):
                break
            picked.append(seq[int(tok)])
        seq = picked
    return seq


def _visibility_vars(env: Mapping[str, str]) -> dict[str, str]:
    return {k: env[k] for k in _VISIBILITY if k in env}


def _override_for(gpu: Gpu | None, env: Mapping[str, str]) -> tuple[str | None, str | None]:
    """(variable, value) of the override the runtime applies to ``gpu``: the per-node form wins."""
    if gpu is not None and gpu.kfd_node is not None:
        var = f"{OVERRIDE_VAR}_{gpu.kfd_node}"
        if env.get(var):
            return var, env[var]
    if env.get(OVERRIDE_VAR):
        return OVERRIDE_VAR, env[OVERRIDE_VAR]
    return None, None


def _errors_text(data: Mapping[str, Any]) -> str:
    parts = []
    for err in (data.get("errors") or {}).values():
        if isinstance(err, dict):
            parts.append(f"{err.get('type')}: {err.get('message')}")
    for c in data.get("compute") or []:
        err = c.get("error") if isinstance(c, dict) else None
        if isinstance(err, dict):
            parts.append(f"{err.get('type')}: {err.get('message')}")
    return "\n".join(parts)


def _no_binary_line(text: str) -> str:
    """The line that says the GPU code is missing (else the last error line)."""
    for ln in text.splitlines():
        if _NO_BINARY.search(ln):
            return ln.strip()[:300]
    return _first_error(text)


def _first_error(text: str) -> str:
    lines = [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.startswith("rocmdesk-probe:")]
    return lines[-1][:300] if lines else ""


def _access_fix(report: MachineReport) -> tuple[str, Fix] | None:
    """Why the runtime can't open the GPU, from the machine report, and the fix."""
    acc = report.access
    user = acc.user or "$USER"
    if acc.kfd is None or not acc.kfd.present:
        return ("/dev/kfd does not exist: the amdgpu kernel driver is not loaded, or it has no compute (KFD) "
                "support for this GPU.",
                Fix("Check the driver (`rocmdesk plan` shows the steps that set it up); `dmesg | grep -i kfd` tells "
                    "why it is missing.", "rocmdesk plan"))
    if acc.missing_groups:
        groups = ",".join(sorted(set(acc.missing_groups) | {"render", "video"}))
        return (f"{acc.user or 'you'} may not open /dev/kfd ({acc.kfd.mode} {acc.kfd.owner}:{acc.kfd.group}): "
                f"not in the {' and '.join(acc.missing_groups)} group.",
                Fix("Add yourself to the GPU groups, then log out and in again (or run `newgrp render`).",
                    f"sudo usermod -a -G {groups} {shlex.quote(user)}"))
    if acc.needs_relogin:
        return ("You were added to the GPU groups, but this session started before that, so it can't open /dev/kfd.",
                Fix("Log out and in again; `newgrp render` fixes one shell.", "newgrp render"))
    if acc.kfd.opens_rw is False:
        return (f"/dev/kfd does not open read-write ({acc.kfd.open_error or 'refused'}).",
                Fix("Check its owner and mode (`ls -l /dev/kfd`) and your groups (`id`); a container needs "
                    "--device=/dev/kfd --device=/dev/dri and the render group.", "ls -l /dev/kfd /dev/dri"))
    return None


def _install_fix(report: MachineReport, python: str, lead: str) -> Fix:
    rec = recommend(report)
    extra = f" ({rec.why['override']})" if rec.override else ""
    return Fix(f"{lead} (`rocmdesk torch recommend` explains the choice{extra}).",
               shlex.join(rec.pip_argv(python)))


def _lib_outside(data: Mapping[str, Any]) -> str | None:
    """A HIP/HSA runtime library loaded from outside the venv and torch (a system ROCm shadowing the wheel's)."""
    libs = data.get("libs") or {}
    roots = [os.path.dirname(str(data.get("torch_file") or "")), str(data.get("prefix") or "")]
    roots = [r for r in roots if r and r != "/"]
    for lib in ("libamdhip64.so", "libhsa-runtime64.so", "librocblas.so"):
        path = libs.get(lib)
        if path and roots and not any(str(path).startswith(r.rstrip("/") + "/") for r in roots):
            return str(path)
    return None


def _rocm_minor(hip: str | None) -> tuple[int, int] | None:
    m = re.match(r"(\d+)\.(\d+)", hip or "")
    return (int(m.group(1)), int(m.group(2))) if m else None


def judge(probe: ProbeRun | Mapping[str, Any], report: MachineReport) -> VerifyResult:
    """The verdict for one probe run on the machine ``report`` describes.  Pure: runs nothing."""
    run = probe if isinstance(probe, ProbeRun) else ProbeRun(python=str(probe.get("executable") or "python"),
                                                            data=dict(probe))
    data = run.data
    python = run.python

    if data is None:
        return _judge_failed_run(run, report)

    env = {str(k): str(v) for k, v in (data.get("env") or {}).items()}
    base = dict(python=python, torch=data.get("torch"), hip=data.get("hip"), cuda=data.get("cuda"),
                available=data.get("is_available"), arch_list=list(data.get("arch_list") or []),
                compute=list(data.get("compute") or []), env=env, duration_s=run.duration_s)

    if data.get("torch_missing"):
        return _result("torch-missing", f"{python} has no torch module.",
                       _install_fix(report, python, "Install the wheels this machine needs"), **base)
    if data.get("torch") is None:
        err = (data.get("errors") or {}).get("import") or (data.get("errors") or {}).get("probe") or {}
        msg = f"{err.get('type', 'error')}: {err.get('message', '')}".strip(": ")
        return _result("broken-venv", f"`import torch` fails: {msg}",
                       _install_fix(report, python, "Reinstall torch into this environment"), **base)

    hip, cuda = data.get("hip"), data.get("cuda")
    amd = [g for g in report.gpus]
    devices = _devices(data, report, env)
    base["devices"] = devices
    notes = base.setdefault("notes", [])

    if not hip and not cuda:
        lead = ("Install a ROCm build" if amd else
                "This computer shows no AMD GPU, so a ROCm build has nothing to run on here; on a machine with one, "
                "install a ROCm build")
        return _result("cpu-only-wheel",
                       f"torch {data.get('torch')} is a CPU-only build (torch.version.hip and .cuda are both None): "
                       "it never uses a GPU.",
                       _install_fix(report, python, lead), **base)
    if cuda and not hip:
        where = "this machine's AMD GPU" if amd else "an AMD GPU (none was found on this machine)"
        return _result("cuda-wheel-on-amd",
                       f"torch {data.get('torch')} is built for CUDA {cuda}; it can't use {where}. This is what a "
                       "plain `pip install torch` from PyPI gives.",
                       _install_fix(report, python, "Replace it with a ROCm build"), **base)

    # -- a ROCm wheel --------------------------------------------------------------------------------
    arch = {g for g in (normalize_gfx(a) for a in base["arch_list"]) if g}
    errors = _errors_text(data)
    available = bool(data.get("is_available")) and (data.get("device_count") or 0) > 0
    system = report.rocm.primary_version
    wheel_minor, dkms = _rocm_minor(hip), dkms_rocm_version(report)
    if system and wheel_minor and _rocm_minor(system) != wheel_minor:
        notes.append(f"The system's ROCm {system} differs from the wheel's ROCm {hip}: torch itself uses its own "
                     "copy, but extensions built against /opt/rocm may clash with it in one process.")
    if dkms and wheel_minor and int(dkms.split(".")[0]) < wheel_minor[0]:
        notes.append(f"The amdgpu-dkms driver is from ROCm {dkms}, older than the wheel's ROCm {hip}.")

    outside = _lib_outside(data)
    if outside:
        return _result("rocm-wheel-mismatch",
                       f"torch loaded {outside}, a ROCm runtime from outside the wheel, instead of its own copy "
                       f"(ROCm {hip}); two ROCm versions in one process break in odd ways.",
                       Fix("Keep /opt/rocm out of LD_LIBRARY_PATH for this venv (the wheel needs none of it).",
                           "unset LD_LIBRARY_PATH"), **base)

    if not available:
        return _judge_no_device(run, data, report, arch, errors, base)
    return _judge_devices(data, report, arch, errors, devices, base)


def _devices(data: Mapping[str, Any], report: MachineReport, env: Mapping[str, str]) -> list[dict[str, Any]]:
    """The probe's devices, each with the physical GPU of the report it is (by HIP order), when that is clear."""
    visible = _visible(report.gpus, env) if report.gpus else None
    probe_devs = [d for d in data.get("devices") or [] if isinstance(d, dict)]
    out = []
    for i, d in enumerate(probe_devs):
        gpu = visible[i] if visible is not None and len(visible) == len(probe_devs) else None
        reported = normalize_gfx(d.get("gcnArchName"))
        out.append({
            "index": d.get("index", i),
            "name": d.get("name"),
            "gcnArchName": d.get("gcnArchName"),
            "gfx_reported": reported,
            "gfx": gpu.gfx if gpu else None,
            "report_index": gpu.index if gpu else None,
            "kfd_node": gpu.kfd_node if gpu else None,
            "total_memory": d.get("total_memory"),
        })
    return out


def _judge_failed_run(run: ProbeRun, report: MachineReport) -> VerifyResult:
    python = run.python
    base = dict(python=python, duration_s=run.duration_s)
    wheel = run.wheel
    base.update(torch=wheel.get("torch"), hip=wheel.get("hip"), cuda=wheel.get("cuda"))
    stage = run.last_stage or ""
    gpu_stage = stage.startswith(("init", "device", "compute"))
    tail = _first_error(run.stderr)
    if run.missing or not Path(python).exists():
        return _result("broken-venv", f"{python} does not run: {run.error or 'no such file'}.",
                       Fix("Point at the venv's own python (DIR/bin/python), or recreate the venv.",
                           "rocmdesk torch install --venv DIR"), **base)
    if wheel.get("hip") and gpu_stage and _NO_BINARY.search(run.stderr):
        arch: set[str] = set()
        return _no_kernels(report, python, arch, f"The probe stopped at {stage}: {_no_binary_line(run.stderr)}",
                           base, None)
    if run.timed_out and wheel.get("hip") and gpu_stage:
        dkms = dkms_rocm_version(report)
        wheel_minor = _rocm_minor(wheel.get("hip"))
        if dkms and wheel_minor and int(dkms.split(".")[0]) < wheel_minor[0]:
            return _result("rocm-wheel-mismatch",
                           f"The probe hung while initialising the GPU ({stage}). The wheel's ROCm {wheel['hip']} user "
                           f"space runs on an amdgpu-dkms driver from ROCm {dkms}; a newer ROCm on an older kernel "
                           "driver is known to hang at GPU discovery.",
                           Fix("Update amdgpu-dkms to a driver from the wheel's ROCm generation, or install wheels "
                               f"built for ROCm {'.'.join(dkms.split('.')[:2])}.", "rocmdesk plan --dkms"), **base)
        return _result("device-not-visible",
                       f"The probe hung while initialising the GPU ({stage}) and was stopped after "
                       f"{run.duration_s:.0f} s.",
                       Fix("Check that the GPU works at all (`rocminfo`, `dmesg | grep -i amdgpu`); a kernel driver "
                           "much older than the wheel's ROCm can hang like this.", "rocminfo"), **base)
    how = run.error or "the probe failed"
    detail = f"{how}" + (f" (at stage {stage})" if stage else "") + (f": {tail}" if tail else "") + "."
    return _result("broken-venv", detail,
                   Fix("Run the venv's python by hand to see the whole error; recreating the venv and reinstalling "
                       "torch usually cures it.", f"{shlex.quote(python)} -c 'import torch'"), **base)


def _no_kernels(report: MachineReport, python: str, arch: set[str], detail: str, base: dict,
                gpu_gfx: str | None) -> VerifyResult:
    rec = recommend(report)
    gfx = gpu_gfx or rec.gfx
    if rec.status in ("supported", "override") and rec.gfx:
        fix = _install_fix(report, python, f"Install wheels that serve {gfx}")
    else:
        fix = Fix(f"No wheel in rocmdesk's data serves {gfx or 'this GPU'} reliably; `rocmdesk torch recommend` "
                  "lists what comes closest.", "rocmdesk torch recommend")
    return _result("no-kernels-for-gfx", detail, fix, **base)


def _judge_no_device(run: ProbeRun, data: Mapping[str, Any], report: MachineReport, arch: set[str], errors: str,
                     base: dict) -> VerifyResult:
    env = base["env"]
    shown = _visibility_vars(env)
    if report.gpus and shown:
        visible = _visible(report.gpus, env)
        if visible == []:
            settings = ", ".join(f"{k}={v!r}" for k, v in shown.items())
            both = "ROCR_VISIBLE_DEVICES" in shown and len(shown) > 1
            text = (f"{settings} hide every GPU"
                    + ("; HIP numbers only the GPUs that ROCR_VISIBLE_DEVICES left, from 0" if both else "") + ".")
            var = next(k for k in _VISIBILITY[::-1] if k in shown) if both else next(iter(shown))
            return _result("device-not-visible", f"torch sees no GPU: {text}",
                           Fix(f"Unset {var} and set only ROCR_VISIBLE_DEVICES, with indices that exist (0 is the first GPU)."
                               if both else f"Unset {var} (or list GPUs that exist: 0 is the first).",
                               f"unset {var}"), **base)
    if not report.gpus:
        return _result("device-not-visible",
                       f"torch {data.get('torch')} is a ROCm build, but this machine shows no AMD GPU.",
                       Fix("Run it on a machine with an AMD GPU; `rocmdesk detect` lists what this one has.",
                           "rocmdesk detect"), **base)
    access = _access_fix(report)
    if access:
        return _result("device-not-visible", f"torch sees no GPU: {access[0]}", access[1], **base)
    if _NO_BINARY.search(errors):
        return _judge_devices(data, report, arch, errors, base["devices"], base, force_kernels=True)
    dkms = dkms_rocm_version(report)
    wheel_minor = _rocm_minor(base.get("hip"))
    if dkms and wheel_minor and int(dkms.split(".")[0]) < wheel_minor[0]:
        return _result("rocm-wheel-mismatch",
                       f"torch sees no GPU. Its ROCm {base.get('hip')} user space runs on an amdgpu-dkms driver from "
                       f"ROCm {dkms}; a newer ROCm on an older kernel driver can fail to find the GPU.",
                       Fix("Update amdgpu-dkms to the driver of the wheel's ROCm generation, or install wheels built "
                           f"for ROCm {'.'.join(dkms.split('.')[:2])}.", "rocmdesk plan --dkms"), **base)
    # a GPU whose gfx has no code objects can make the runtime drop it
    verdict = _judge_devices(data, report, arch, errors, [], base, force_kernels=False, only_gfx=True)
    if verdict is not None:
        return verdict
    err = _first_error(errors)
    return _result("device-not-visible",
                   f"torch sees no GPU although this machine has {len(report.gpus)}"
                   + (f" ({err})" if err else "") + ".",
                   Fix("Check that the runtime sees it (`rocminfo` lists a gfx agent) and that nothing in this "
                       "environment hides it.", "rocminfo"), **base)


def _judge_devices(data: Mapping[str, Any], report: MachineReport, arch: set[str], errors: str,
                   devices: list[dict[str, Any]], base: dict, force_kernels: bool = False,
                   only_gfx: bool = False) -> VerifyResult | None:
    env = base["env"]
    python = base["python"]
    # which GPUs to judge: the ones the probe saw (mapped to the report), else every GPU HIP would show
    if devices and any(d.get("report_index") is not None for d in devices):
        by_index = {g.index: g for g in report.gpus}
        pairs = [(d, by_index.get(d.get("report_index"))) for d in devices]
    elif devices:
        pairs = [(d, None) for d in devices]
    else:
        visible = _visible(report.gpus, env) or []
        pairs = [({"index": i, "name": g.name, "gfx_reported": None}, g) for i, g in enumerate(visible)]
    tag = base.get("torch") or "this torch"

    unneeded = []
    for d, gpu in pairs:
        physical = gpu.gfx if gpu and gpu.gfx else d.get("gfx_reported")
        var, value = _override_for(gpu, env)
        label = f"GPU {d.get('index')} ({(gpu.name if gpu else None) or d.get('name') or 'unnamed'}, {physical})"
        if physical is None or (gpu is None and var):
            continue  # under an override gcnArchName names the target, not the GPU: no physical gfx to judge
        if physical in arch:
            if var:
                unneeded.append((label, var, value))
            continue
        if not arch and not force_kernels:
            continue  # no arch list came back: nothing to judge by
        if var:
            target = gfx_from_override(value)
            if target and target in arch:
                continue  # the override maps it onto code the wheel has
            return _no_kernels(report, python, arch,
                               f"{label}: {var}={value} makes it run {target or 'an invalid target'}, which torch "
                               f"{tag} has no code for either (it has {', '.join(sorted(arch)) or 'none'}).",
                               base, physical)
        t = gfx_target(physical)
        if t and t.override_to and t.override_value and t.override_to in arch:
            others_native = any((g2.gfx if g2 else d2.get("gfx_reported")) in arch for d2, g2 in pairs)
            per_node = others_native and gpu is not None and gpu.kfd_node is not None
            name = f"{OVERRIDE_VAR}_{gpu.kfd_node}" if per_node else OVERRIDE_VAR
            risk = ("" if t.override_risk == "low"
                    else f" Reports say this is unreliable on {physical}: {t.override_why}.")
            return _result("override-needed",
                           f"{label}: torch {tag} has no {physical} code, but it has {t.override_to}, which runs on "
                           f"this GPU when the runtime is told so.{risk}",
                           Fix(f"Set {name}={t.override_value} in this venv's environment; a profile keeps it "
                               f"there (the Environments page, or `rocmdesk profile create ... --env "
                               f"{name}={t.override_value}`).",
                               f"export {name}={t.override_value}"), **base)
        return _no_kernels(report, python, arch,
                           f"{label}: torch {tag} has no code for {physical} (it has "
                           f"{', '.join(sorted(arch)) or 'none'}) and no override is known to work.", base, physical)
    if only_gfx:
        return None
    if force_kernels or _NO_BINARY.search(errors):
        physical = next(((g.gfx if g else d.get("gfx_reported")) for d, g in pairs), None)
        return _no_kernels(report, python, arch,
                           f"The GPU has no usable kernels in this torch: {_no_binary_line(errors)}", base, physical)
    if unneeded:
        label, var, value = unneeded[0]
        return _result("override-unneeded",
                       f"{label}: {var}={value} is set, but torch {tag} has native code for it; on a supported GPU "
                       "an override can only do harm (RDNA4 is known to crash with one).",
                       Fix(f"Unset {var} for this venv.", f"unset {var}"), **base)
    bad = [c for c in base["compute"] if not c.get("ok")]
    if bad:
        c = bad[0]
        err = c.get("error")
        what = (f"{err.get('type')}: {err.get('message')}" if isinstance(err, dict)
                else f"the result is off by {c.get('max_abs_err')}")
        return _result("broken-venv", f"The matmul check on GPU {c.get('index')} failed: {what}.",
                       Fix("Reinstall torch; if it persists, `rocmdesk doctor` and the sanity check narrow it down.",
                           _install_fix(report, python, "Reinstall").command), **base)
    notes = base.setdefault("notes", [])
    for _, gpu in pairs:
        if gpu is not None and is_igpu(gpu) and any(not is_igpu(g) for _, g in pairs if g is not None):
            notes.append(f"The integrated GPU ({gpu.name}) is visible beside the discrete one: set "
                         "ROCR_VISIBLE_DEVICES to the discrete GPU's index so it can't become device 0.")
    names = ", ".join(f"{d.get('name') or 'GPU'} ({d.get('gfx_reported') or d.get('gfx') or '?'})" for d, _ in pairs)
    return _result("ok", f"torch {tag} (ROCm {base.get('hip')}) runs on {names}; the matmul check matches the CPU.",
                   None, **base)
