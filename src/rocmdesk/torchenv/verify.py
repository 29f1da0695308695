"""Verify a venv's PyTorch from inside the venv: run the probe there, then judge what it saw.

:func:`run_probe` runs ``probe_script.py`` with the venv's python (rocmdesk never imports torch itself);
:func:`judge` is a pure function of the probe's JSON (or how the probe failed) and the machine report,
giving one verdict from a closed catalogue (:data:`VERDICTS`, stable ids) with one fix.

Longer than 700 lines on purpose: the judgement is one decision tree over the catalogue, and each branch's fix
is written beside the test that picks it; split across modules, the order of the branches (which verdict wins
when two apply) could no longer be read in one place.
"""

from __future__ import annotations

import os
import re
import shlex
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rocmdesk.formats.limits import loads as json_loads
from rocmdesk.i18n import translate
from rocmdesk.knowledge import gfx_from_override, gfx_target, normalize_gfx
from rocmdesk.machine.model import Gpu, MachineReport
from rocmdesk.torchenv.process import Cancel, run_streamed
from rocmdesk.torchenv.recommend import (
    OVERRIDE_VAR,
    dkms_rocm_version,
    hip_order,
    is_igpu,
    recommend,
)
from rocmdesk.torchenv.venv import is_venv, venv_python

PROBE_SCRIPT = Path(__file__).with_name("probe_script.py")
PROBE_TIMEOUT_S = 120.0
STAGE_PREFIX = "rocmdesk-probe: stage "
WHEEL_PREFIX = "rocmdesk-probe: wheel "

# id -> short title in English (the id is the contract; titles may be reworded); verdict_title() translates
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



def verdict_title(verdict: str) -> str:
    """The verdict's title in the current language (each written out here, so lupdate sees it); "" for a
    verdict this version does not know (a history file written by another one)."""
    titles = {
        "ok": translate("rocmdesk.torchenv.verify", "PyTorch runs on the GPU"),
        "cpu-only-wheel": translate("rocmdesk.torchenv.verify", "a CPU-only build of torch"),
        "cuda-wheel-on-amd": translate("rocmdesk.torchenv.verify", "a CUDA build of torch on an AMD GPU"),
        "rocm-wheel-mismatch": translate("rocmdesk.torchenv.verify", "the wheel's ROCm does not fit this system"),
        "no-kernels-for-gfx": translate("rocmdesk.torchenv.verify", "the wheel has no GPU code for this GPU"),
        "override-needed": translate("rocmdesk.torchenv.verify", "the GPU needs HSA_OVERRIDE_GFX_VERSION"),
        "override-unneeded": translate("rocmdesk.torchenv.verify", "HSA_OVERRIDE_GFX_VERSION is set but not needed"),
        "device-not-visible": translate("rocmdesk.torchenv.verify", "torch sees no GPU"),
        "torch-missing": translate("rocmdesk.torchenv.verify", "torch is not installed in this environment"),
        "broken-venv": translate("rocmdesk.torchenv.verify", "the environment does not run"),
    }
    return titles.get(verdict, "")


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
                    value = json_loads(ln[len(WHEEL_PREFIX):])
                except ValueError:  # not JSON, or deeper than the probe ever nests (LimitError)
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
    # a code for what the detail says, where other code needs to know it (the detail is translated): None, or
    # "visibility-mask" (the *_VISIBLE_DEVICES variables hide every GPU)
    cause: str | None = None

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
            "cause": self.cause,
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
                    value = json_loads(line)
                except ValueError:  # not JSON, or deeper than the probe ever nests (LimitError)
                    continue
                if isinstance(value, dict) and "probe_version" in value:
                    data = value
                    break
        if data is None:
            if run.signal_name:
                error = translate("rocmdesk.torchenv.verify", "{python} died of {signal} without the probe's "
                                  "report").format(python=py, signal=run.signal_name)
            else:
                error = translate("rocmdesk.torchenv.verify", "{python} exited with status {status} without the "
                                  "probe's report").format(python=py, status=run.returncode)
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
        detail = (translate("rocmdesk.torchenv.verify", "{venv} does not exist.") if not Path(venv).exists()
                  else translate("rocmdesk.torchenv.verify",
                                 "{venv} is not a virtual environment (no pyvenv.cfg or bin/python)."))
        command = f"rocmdesk torch install --venv {shlex.quote(os.fspath(venv))}"
        return _result("broken-venv", detail.format(venv=venv),
                       Fix(translate("rocmdesk.torchenv.verify", "Create it and install torch into it:"), command),
                       python=os.fspath(venv_python(venv)))
    return verify(venv_python(venv), report, **kwargs)


def verify_profile(profile: Any, report: MachineReport, *, env: Mapping[str, str] | None = None,
                   timeout: float = PROBE_TIMEOUT_S, cancel: Cancel | None = None) -> VerifyResult:
    """:func:`verify_venv` of a profile's venv with its variables over ``env`` (as ``rocmdesk run PROFILE``
    runs it).  When no wheel was measured (torch missing, the venv broken) the notes add what the advice says of
    the profile's override variables for the torch the venv names."""
    full = dict(os.environ if env is None else env)
    full.update(profile.env)
    res = verify_venv(profile.venv, report, env=full, timeout=timeout, cancel=cancel)
    if not res.arch_list and res.verdict not in ("override-needed", "override-unneeded"):
        from rocmdesk.torchenv.envvars_check import advice_findings
        from rocmdesk.torchenv.presets import torch_version_in

        for f in advice_findings(profile.env, report, torch_version_in(profile.venv)):
            if f.message not in res.notes:
                res.notes.append(f.message)
    return res


# -- judging -------------------------------------------------------------------------------------------

def _result(verdict: str, detail: str, fix: Fix | None, **kw: Any) -> VerifyResult:
    return VerifyResult(verdict=verdict, title=verdict_title(verdict), detail=detail, fix=fix, **kw)


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
            if not (tok.isascii() and tok.isdigit()) or int(tok) >= len(seq):
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
        return (translate("rocmdesk.torchenv.verify",
                          "/dev/kfd does not exist: the amdgpu kernel driver is not loaded, or it has no compute "
                          "(KFD) support for this GPU."),
                Fix(translate("rocmdesk.torchenv.verify",
                              "Check the driver (`rocmdesk plan` shows the steps that set it up); "
                              "`dmesg | grep -i kfd` tells why it is missing."), "rocmdesk plan"))
    if acc.missing_groups:
        groups = ",".join(sorted(set(acc.missing_groups) | {"render", "video"}))
        device = f"{acc.kfd.mode} {acc.kfd.owner}:{acc.kfd.group}"
        missing = translate("rocmdesk.torchenv.verify", " and ").join(acc.missing_groups)
        text = (translate("rocmdesk.torchenv.verify",
                          "{user} may not open /dev/kfd ({device}): not in the {groups} group.") if acc.user
                else translate("rocmdesk.torchenv.verify",
                               "you may not open /dev/kfd ({device}): not in the {groups} group."))
        return (text.format(user=acc.user, device=device, groups=missing),
                Fix(translate("rocmdesk.torchenv.verify",
                              "Add yourself to the GPU groups, then log out and in again (or run `newgrp render`)."),
                    f"sudo usermod -a -G {groups} {shlex.quote(user)}"))
    if acc.needs_relogin:
        return (translate("rocmdesk.torchenv.verify",
                          "You were added to the GPU groups, but this session started before that, so it can't "
                          "open /dev/kfd."),
                Fix(translate("rocmdesk.torchenv.verify", "Log out and in again; `newgrp render` fixes one shell."),
                    "newgrp render"))
    if acc.kfd.opens_rw is False:
        return (translate("rocmdesk.torchenv.verify", "/dev/kfd does not open read-write ({error}).").format(
                    error=acc.kfd.open_error or translate("rocmdesk.torchenv.verify", "refused")),
                Fix(translate("rocmdesk.torchenv.verify",
                              "Check its owner and mode (`ls -l /dev/kfd`) and your groups (`id`); a container "
                              "needs --device=/dev/kfd --device=/dev/dri and the render group."),
                    "ls -l /dev/kfd /dev/dri"))
    return None


def _install_fix(report: MachineReport, python: str, lead: str) -> Fix:
    rec = recommend(report, advice=report.advice)  # the machine's advice when a front end attached it
    if rec.override:
        text = translate("rocmdesk.torchenv.verify",
                         "{lead} (`rocmdesk torch recommend` explains the choice ({why})).").format(
            lead=lead, why=rec.why["override"])
    else:
        text = translate("rocmdesk.torchenv.verify", "{lead} (`rocmdesk torch recommend` explains the choice).").format(
            lead=lead)
    return Fix(text, shlex.join(rec.pip_argv(python)))


def _cpu_fix(report: MachineReport, python: str) -> Fix:
    """For a machine with no AMD GPU: the CPU-only build of the newest torch rocmdesk knows (one truth with the
    PyTorch page's "CPU only" choice and `torch recommend --torch VERSION+cpu`)."""
    from rocmdesk.torchenv.builds import other_build

    newest = recommend(report, advice=report.advice).torch_version
    rec = other_build(report, f"{newest}+cpu")
    text = translate("rocmdesk.torchenv.verify",
                     "This computer shows no AMD GPU, so a ROCm build has nothing to run on here: install the "
                     "CPU-only build to run on the processor (or a ROCm build on a machine with an AMD GPU).")
    return Fix(text, shlex.join(rec.pip_argv(python)))


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
    """The verdict for one probe run on the machine ``report`` describes.  Pure: runs nothing.

    Its notes end with what the advice model says of the override variables the venv ran with, judged for the
    torch the venv really has (its version and measured arch list): wrong, risky or needless."""
    run = probe if isinstance(probe, ProbeRun) else ProbeRun(python=str(probe.get("executable") or "python"),
                                                            data=dict(probe))
    result = _judge(run, report)
    if result.verdict in _OVERRIDE_VERDICTS:
        return result
    for note in override_notes(run.data, report):
        if note not in result.notes:
            result.notes.append(note)
    return result


# verdicts that are themselves about the override: a note would say the same again
_OVERRIDE_VERDICTS = ("override-needed", "override-unneeded")


def override_notes(data: Mapping[str, Any] | None, report: MachineReport,
                   env: Mapping[str, str] | None = None) -> list[str]:
    """The advice's notes (``rocmdesk.advice``) on the override variables in ``env`` (default: those the probe
    ran with), in the context of the venv's measured wheel (``knowledge.measured_wheel``: its torch, ROCm and
    arch list): an override that is wrong, risky or needless for that torch on this machine.  Empty without a
    ROCm torch in the probe's report, or without a GPU."""
    from rocmdesk.advice import AdviceError, advise, context_for
    from rocmdesk.knowledge.wheels import measured_wheel

    if not data or not report.gpus or not data.get("hip") or not data.get("torch") or not data.get("arch_list"):
        return []  # no ROCm torch measured: nothing to judge the override by
    env = {str(k): str(v) for k, v in (data.get("env") or {}).items()} if env is None else dict(env)
    wheel = measured_wheel(str(data["torch"]), [str(a) for a in data.get("arch_list") or []], str(data["hip"]))
    try:
        advice = advise(report, context_for(report, installed=wheel, env=env))
    except AdviceError:
        return []
    return [n.message for n in advice.notes if n.code != "override-missing"]


def _judge(run: ProbeRun, report: MachineReport) -> VerifyResult:
    data = run.data
    python = run.python

    if data is None:
        return _judge_failed_run(run, report)

    env = {str(k): str(v) for k, v in (data.get("env") or {}).items()}
    base = dict(python=python, torch=data.get("torch"), hip=data.get("hip"), cuda=data.get("cuda"),
                available=data.get("is_available"), arch_list=list(data.get("arch_list") or []),
                compute=list(data.get("compute") or []), env=env, duration_s=run.duration_s)

    if data.get("torch_missing"):
        detail = translate("rocmdesk.torchenv.verify", "{python} has no torch module.").format(python=python)
        if not report.gpus:  # a ROCm build has nothing to run on: the CPU-only build, as the PyTorch page offers
            return _result("torch-missing", detail, _cpu_fix(report, python), **base)
        lead = translate("rocmdesk.torchenv.verify", "Install the wheels this machine needs")
        return _result("torch-missing", detail, _install_fix(report, python, lead), **base)
    if data.get("torch") is None:
        err = (data.get("errors") or {}).get("import") or (data.get("errors") or {}).get("probe") or {}
        msg = f"{err.get('type', 'error')}: {err.get('message', '')}".strip(": ")
        detail = translate("rocmdesk.torchenv.verify", "`import torch` fails: {error}").format(error=msg)
        lead = translate("rocmdesk.torchenv.verify", "Reinstall torch into this environment")
        return _result("broken-venv", detail, _install_fix(report, python, lead), **base)

    hip, cuda = data.get("hip"), data.get("cuda")
    amd = [g for g in report.gpus]
    devices = _devices(data, report, env)
    base["devices"] = devices
    notes = base.setdefault("notes", [])

    if not hip and not cuda:
        lead = (translate("rocmdesk.torchenv.verify", "Install a ROCm build") if amd else
                translate("rocmdesk.torchenv.verify",
                          "This computer shows no AMD GPU, so a ROCm build has nothing to run on here; on a machine "
                          "with one, install a ROCm build"))
        detail = translate("rocmdesk.torchenv.verify",
                           "torch {torch} is a CPU-only build (torch.version.hip and .cuda are both None): it never "
                           "uses a GPU.").format(torch=data.get("torch"))
        return _result("cpu-only-wheel", detail, _install_fix(report, python, lead), **base)
    if cuda and not hip:
        detail = (translate("rocmdesk.torchenv.verify",
                            "torch {torch} is built for CUDA {cuda}; it can't use this machine's AMD GPU. This is "
                            "what a plain `pip install torch` from PyPI gives.") if amd
                  else translate("rocmdesk.torchenv.verify",
                                 "torch {torch} is built for CUDA {cuda}; it can't use an AMD GPU (none was found on "
                                 "this machine). This is what a plain `pip install torch` from PyPI gives."))
        lead = translate("rocmdesk.torchenv.verify", "Replace it with a ROCm build")
        return _result("cuda-wheel-on-amd", detail.format(torch=data.get("torch"), cuda=cuda),
                       _install_fix(report, python, lead), **base)

    # -- a ROCm wheel --------------------------------------------------------------------------------
    arch = {g for g in (normalize_gfx(a) for a in base["arch_list"]) if g}
    errors = _errors_text(data)
    available = bool(data.get("is_available")) and (data.get("device_count") or 0) > 0
    system = report.rocm.primary_version
    wheel_minor, dkms = _rocm_minor(hip), dkms_rocm_version(report)
    if system and wheel_minor and _rocm_minor(system) != wheel_minor:
        notes.append(translate("rocmdesk.torchenv.verify",
                               "The system's ROCm {system} differs from the wheel's ROCm {hip}: torch itself uses its "
                               "own copy, but extensions built against /opt/rocm may clash with it in one process.")
                     .format(system=system, hip=hip))
    if dkms and wheel_minor and int(dkms.split(".")[0]) < wheel_minor[0]:
        notes.append(translate("rocmdesk.torchenv.verify",
                               "The amdgpu-dkms driver is from ROCm {dkms}, older than the wheel's ROCm {hip}.")
                     .format(dkms=dkms, hip=hip))

    outside = _lib_outside(data)
    if outside:
        detail = translate("rocmdesk.torchenv.verify",
                           "torch loaded {library}, a ROCm runtime from outside the wheel, instead of its own copy "
                           "(ROCm {hip}); two ROCm versions in one process break in odd ways.").format(
            library=outside, hip=hip)
        fix = translate("rocmdesk.torchenv.verify",
                        "Keep /opt/rocm out of LD_LIBRARY_PATH for this venv (the wheel needs none of it).")
        return _result("rocm-wheel-mismatch", detail, Fix(fix, "unset LD_LIBRARY_PATH"), **base)

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


def _dkms_fix(dkms: str) -> Fix:
    """Update the kernel driver, or take wheels of the driver's ROCm generation."""
    text = translate("rocmdesk.torchenv.verify",
                     "Update amdgpu-dkms to a driver from the wheel's ROCm generation, or install wheels built for "
                     "ROCm {rocm}.").format(rocm=".".join(dkms.split(".")[:2]))
    return Fix(text, "rocmdesk plan --dkms")


def _judge_failed_run(run: ProbeRun, report: MachineReport) -> VerifyResult:
    python = run.python
    base = dict(python=python, duration_s=run.duration_s)
    wheel = run.wheel
    base.update(torch=wheel.get("torch"), hip=wheel.get("hip"), cuda=wheel.get("cuda"))
    stage = run.last_stage or ""
    gpu_stage = stage.startswith(("init", "device", "compute"))
    tail = _first_error(run.stderr)
    if run.missing or not Path(python).exists():
        detail = translate("rocmdesk.torchenv.verify", "{python} does not run: {error}.").format(
            python=python, error=run.error or translate("rocmdesk.torchenv.verify", "no such file"))
        fix = translate("rocmdesk.torchenv.verify",
                        "Point at the venv's own python (DIR/bin/python), or recreate the venv.")
        return _result("broken-venv", detail, Fix(fix, "rocmdesk torch install --venv DIR"), **base)
    if wheel.get("hip") and gpu_stage and _NO_BINARY.search(run.stderr):
        arch: set[str] = set()
        detail = translate("rocmdesk.torchenv.verify", "The probe stopped at {stage}: {error}").format(
            stage=stage, error=_no_binary_line(run.stderr))
        return _no_kernels(report, python, arch, detail, base, None)
    if run.timed_out and wheel.get("hip") and gpu_stage:
        dkms = dkms_rocm_version(report)
        wheel_minor = _rocm_minor(wheel.get("hip"))
        if dkms and wheel_minor and int(dkms.split(".")[0]) < wheel_minor[0]:
            detail = translate("rocmdesk.torchenv.verify",
                               "The probe hung while initialising the GPU ({stage}). The wheel's ROCm {hip} user "
                               "space runs on an amdgpu-dkms driver from ROCm {dkms}; a newer ROCm on an older kernel "
                               "driver is known to hang at GPU discovery.").format(
                stage=stage, hip=wheel["hip"], dkms=dkms)
            return _result("rocm-wheel-mismatch", detail, _dkms_fix(dkms), **base)
        detail = translate("rocmdesk.torchenv.verify",
                           "The probe hung while initialising the GPU ({stage}) and was stopped after {seconds} s.")
        fix = translate("rocmdesk.torchenv.verify",
                        "Check that the GPU works at all (`rocminfo`, `dmesg | grep -i amdgpu`); a kernel driver "
                        "much older than the wheel's ROCm can hang like this.")
        return _result("device-not-visible", detail.format(stage=stage, seconds=f"{run.duration_s:.0f}"),
                       Fix(fix, "rocminfo"), **base)
    how = run.error or translate("rocmdesk.torchenv.verify", "the probe failed")
    where = translate("rocmdesk.torchenv.verify", " (at stage {stage})").format(stage=stage) if stage else ""
    detail = (translate("rocmdesk.torchenv.verify", "{error}{where}: {output}.") if tail
              else translate("rocmdesk.torchenv.verify", "{error}{where}."))
    fix = translate("rocmdesk.torchenv.verify",
                    "Run the venv's python by hand to see the whole error; recreating the venv and reinstalling "
                    "torch usually cures it.")
    return _result("broken-venv", detail.format(error=how, where=where, output=tail),
                   Fix(fix, f"{shlex.quote(python)} -c 'import torch'"), **base)


def _no_kernels(report: MachineReport, python: str, arch: set[str], detail: str, base: dict,
                gpu_gfx: str | None) -> VerifyResult:
    rec = recommend(report, advice=report.advice)
    gfx = gpu_gfx or rec.gfx
    if rec.status in ("supported", "override") and rec.gfx:
        lead = translate("rocmdesk.torchenv.verify", "Install wheels that serve {gfx}").format(gfx=gfx)
        fix = _install_fix(report, python, lead)
    else:
        text = (translate("rocmdesk.torchenv.verify",
                          "No wheel in rocmdesk's data serves {gfx} reliably; `rocmdesk torch recommend` lists what "
                          "comes closest.") if gfx
                else translate("rocmdesk.torchenv.verify",
                               "No wheel in rocmdesk's data serves this GPU reliably; `rocmdesk torch recommend` "
                               "lists what comes closest."))
        fix = Fix(text.format(gfx=gfx), "rocmdesk torch recommend")
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
            text = (translate("rocmdesk.torchenv.verify",
                              "torch sees no GPU: {settings} hide every GPU; HIP numbers only the GPUs that "
                              "ROCR_VISIBLE_DEVICES left, from 0.") if both
                    else translate("rocmdesk.torchenv.verify", "torch sees no GPU: {settings} hide every GPU."))
            var = next(k for k in _VISIBILITY[::-1] if k in shown) if both else next(iter(shown))
            fix = (translate("rocmdesk.torchenv.verify",
                             "Unset {var} and set only ROCR_VISIBLE_DEVICES, with indices that exist (0 is the first "
                             "GPU).") if both
                   else translate("rocmdesk.torchenv.verify", "Unset {var} (or list GPUs that exist: 0 is the first)."))
            return _result("device-not-visible", text.format(settings=settings),
                           Fix(fix.format(var=var), f"unset {var}"), cause="visibility-mask", **base)
    if not report.gpus:
        detail = translate("rocmdesk.torchenv.verify",
                           "torch {torch} is a ROCm build, but this machine shows no AMD GPU.").format(
            torch=data.get("torch"))
        fix = translate("rocmdesk.torchenv.verify",
                        "Run it on a machine with an AMD GPU; `rocmdesk detect` lists what this one has.")
        return _result("device-not-visible", detail, Fix(fix, "rocmdesk detect"), **base)
    access = _access_fix(report)
    if access:
        detail = translate("rocmdesk.torchenv.verify", "torch sees no GPU: {reason}").format(reason=access[0])
        return _result("device-not-visible", detail, access[1], **base)
    if _NO_BINARY.search(errors):
        return _judge_devices(data, report, arch, errors, base["devices"], base, force_kernels=True)
    dkms = dkms_rocm_version(report)
    wheel_minor = _rocm_minor(base.get("hip"))
    if dkms and wheel_minor and int(dkms.split(".")[0]) < wheel_minor[0]:
        detail = translate("rocmdesk.torchenv.verify",
                           "torch sees no GPU. Its ROCm {hip} user space runs on an amdgpu-dkms driver from ROCm "
                           "{dkms}; a newer ROCm on an older kernel driver can fail to find the GPU.").format(
            hip=base.get("hip"), dkms=dkms)
        return _result("rocm-wheel-mismatch", detail, _dkms_fix(dkms), **base)
    # a GPU whose gfx has no code objects can make the runtime drop it
    verdict = _judge_devices(data, report, arch, errors, [], base, force_kernels=False, only_gfx=True)
    if verdict is not None:
        return verdict
    err = _first_error(errors)
    detail = (translate("rocmdesk.torchenv.verify", "torch sees no GPU although this machine has {count} ({error}).")
              if err else translate("rocmdesk.torchenv.verify", "torch sees no GPU although this machine has {count}."))
    fix = translate("rocmdesk.torchenv.verify",
                    "Check that the runtime sees it (`rocminfo` lists a gfx agent) and that nothing in this "
                    "environment hides it.")
    return _result("device-not-visible", detail.format(count=len(report.gpus), error=err), Fix(fix, "rocminfo"),
                   **base)


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
    tag = base.get("torch") or translate("rocmdesk.torchenv.verify", "this torch")
    has = ", ".join(sorted(arch)) or translate("rocmdesk.torchenv.verify", "none")

    unneeded = []
    for d, gpu in pairs:
        physical = gpu.gfx if gpu and gpu.gfx else d.get("gfx_reported")
        var, value = _override_for(gpu, env)
        name = (gpu.name if gpu else None) or d.get("name") or translate("rocmdesk.torchenv.verify", "unnamed")
        label = translate("rocmdesk.torchenv.verify", "GPU {index} ({name}, {gfx})").format(
            index=d.get("index"), name=name, gfx=physical)
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
            detail = translate("rocmdesk.torchenv.verify",
                               "{gpu}: {var}={value} makes it run {target}, which torch {torch} has no code for "
                               "either (it has {has}).").format(
                gpu=label, var=var, value=value, torch=tag, has=has,
                target=target or translate("rocmdesk.torchenv.verify", "an invalid target"))
            return _no_kernels(report, python, arch, detail, base, physical)
        t = gfx_target(physical)
        if t and t.override_to and t.override_value and t.override_to in arch:
            others_native = any((g2.gfx if g2 else d2.get("gfx_reported")) in arch for d2, g2 in pairs)
            per_node = others_native and gpu is not None and gpu.kfd_node is not None
            name = f"{OVERRIDE_VAR}_{gpu.kfd_node}" if per_node else OVERRIDE_VAR
            risk = ("" if t.override_risk == "low"
                    else translate("rocmdesk.torchenv.verify", " Reports say this is unreliable on {gfx}: {why}.")
                    .format(gfx=physical, why=t.override_why))
            detail = translate("rocmdesk.torchenv.verify",
                               "{gpu}: torch {torch} has no {gfx} code, but it has {target}, which runs on this GPU "
                               "when the runtime is told so.{risk}").format(
                gpu=label, torch=tag, gfx=physical, target=t.override_to, risk=risk)
            fix = translate("rocmdesk.torchenv.verify",
                            "Set {var}={value} in this venv's environment; a profile keeps it there (the "
                            "Environments page, or `rocmdesk profile create ... --env {var}={value}`).").format(
                var=name, value=t.override_value)
            return _result("override-needed", detail, Fix(fix, f"export {name}={t.override_value}"), **base)
        detail = translate("rocmdesk.torchenv.verify",
                           "{gpu}: torch {torch} has no code for {gfx} (it has {has}) and no override is known to "
                           "work.").format(gpu=label, torch=tag, gfx=physical, has=has)
        return _no_kernels(report, python, arch, detail, base, physical)
    if only_gfx:
        return None
    if force_kernels or _NO_BINARY.search(errors):
        physical = next(((g.gfx if g else d.get("gfx_reported")) for d, g in pairs), None)
        detail = translate("rocmdesk.torchenv.verify", "The GPU has no usable kernels in this torch: {error}").format(
            error=_no_binary_line(errors))
        return _no_kernels(report, python, arch, detail, base, physical)
    if unneeded:
        label, var, value = unneeded[0]
        detail = translate("rocmdesk.torchenv.verify",
                           "{gpu}: {var}={value} is set, but torch {torch} has native code for it; on a supported GPU "
                           "an override can only do harm (RDNA4 is known to crash with one).").format(
            gpu=label, var=var, value=value, torch=tag)
        fix = translate("rocmdesk.torchenv.verify", "Unset {var} for this venv.").format(var=var)
        return _result("override-unneeded", detail, Fix(fix, f"unset {var}"), **base)
    bad = [c for c in base["compute"] if not c.get("ok")]
    if bad:
        c = bad[0]
        err = c.get("error")
        what = (f"{err.get('type')}: {err.get('message')}" if isinstance(err, dict)
                else translate("rocmdesk.torchenv.verify", "the result is off by {error}").format(
                    error=c.get("max_abs_err")))
        detail = translate("rocmdesk.torchenv.verify", "The matmul check on GPU {index} failed: {error}.").format(
            index=c.get("index"), error=what)
        fix = translate("rocmdesk.torchenv.verify",
                        "Reinstall torch; if it persists, `rocmdesk doctor` and the sanity check narrow it down.")
        command = _install_fix(report, python, translate("rocmdesk.torchenv.verify", "Reinstall")).command
        return _result("broken-venv", detail, Fix(fix, command), **base)
    notes = base.setdefault("notes", [])
    for _, gpu in pairs:
        if gpu is not None and is_igpu(gpu) and any(not is_igpu(g) for _, g in pairs if g is not None):
            notes.append(translate("rocmdesk.torchenv.verify",
                                   "The integrated GPU ({name}) is visible beside the discrete one: set "
                                   "ROCR_VISIBLE_DEVICES to the discrete GPU's index so it can't become device 0.")
                         .format(name=gpu.name))
    names = ", ".join(f"{d.get('name') or 'GPU'} ({d.get('gfx_reported') or d.get('gfx') or '?'})" for d, _ in pairs)
    detail = translate("rocmdesk.torchenv.verify",
                       "torch {torch} (ROCm {hip}) runs on {gpus}; the matmul check matches the CPU.").format(
        torch=tag, hip=base.get("hip"), gpus=names)
    return _result("ok", detail, None, **base)
