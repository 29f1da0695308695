"""The probe: run by a venv's own python (``python -I PATH/probe_script.py``), never imported with torch in rocmdesk.

It imports only the standard library and torch, so it runs in any venv without rocmdesk installed there;
``-I`` keeps PYTHONPATH, the user site and the script's own directory off ``sys.path`` (``-S`` would also
drop the venv's site-packages, and with them torch).  It prints ONE JSON object on the original stdout; anything
torch or the ROCm libraries print goes to stderr, where progress lines ``rocmdesk-probe: stage NAME`` tell the
caller how far it got if it hangs or crashes.

Importing this module does nothing (rocmdesk's layer test imports every module).
"""

# no rocmdesk imports, and Python 3.6+ syntax only: the venv may be older than rocmdesk
import json
import os
import sys
import time
import traceback

PROBE_VERSION = 1
ENV_VARS = (
    "HIP_VISIBLE_DEVICES",
    "ROCR_VISIBLE_DEVICES",
    "CUDA_VISIBLE_DEVICES",
    "GPU_DEVICE_ORDINAL",
    "PYTORCH_HIP_ALLOC_CONF",
    "PYTORCH_CUDA_ALLOC_CONF",
    "PYTORCH_ALLOC_CONF",
    "LD_LIBRARY_PATH",
    "ROCM_PATH",
)
ENV_PREFIXES = ("HSA_OVERRIDE_GFX_VERSION",)
# runtime libraries whose path tells whether the wheel's own ROCm or a system copy was loaded
LIBS = ("libamdhip64.so", "libhsa-runtime64.so", "librocblas.so", "libMIOpen.so", "libcudart.so")
MATMUL_N = 64
MAX_DEVICES = 16


def _stage(name):
    sys.stderr.write(f"rocmdesk-probe: stage {name}\n")
    sys.stderr.flush()


def _error(exc):
    return {"type": type(exc).__name__, "message": str(exc)[:2000],
            "traceback": "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))[-4000:]}


def _env():
    out = {k: os.environ[k] for k in ENV_VARS if k in os.environ}
    for k, v in os.environ.items():
        if k.startswith(ENV_PREFIXES):
            out[k] = v
    return dict(sorted(out.items()))


def _loaded_libs():
    """Paths of the ROCm/CUDA runtime libraries mapped into this process (Linux /proc/self/maps)."""
    found = {}
    try:
        with open("/proc/self/maps", encoding="utf-8", errors="replace") as fh:
            for line in fh:
                path = line.rsplit(None, 1)[-1] if "/" in line else ""
                base = os.path.basename(path)
                for lib in LIBS:
                    if base.startswith(lib):
                        found.setdefault(lib, path)
    except OSError:
        pass
    return found


def _matmul_check(torch, index):
    gen = torch.Generator().manual_seed(1234 + index)
    a = torch.randn(MATMUL_N, MATMUL_N, generator=gen)
    b = torch.randn(MATMUL_N, MATMUL_N, generator=gen)
    expected = a @ b
    device = torch.device("cuda", index)
    start = time.perf_counter()
    got = (a.to(device) @ b.to(device)).cpu()
    seconds = time.perf_counter() - start
    err = float((got - expected).abs().max())
    # fp32 sums of 64 products of N(0,1) values (magnitude ~8): 1e-3 is far above rounding, far below a wrong kernel
    ok = bool(torch.allclose(got, expected, rtol=1e-3, atol=1e-3))
    return {"ok": ok, "max_abs_err": err, "n": MATMUL_N, "seconds": round(seconds, 4)}


def probe():
    out = {
        "probe_version": PROBE_VERSION,
        "python": sys.version.split()[0],
        "executable": sys.executable,
        "prefix": sys.prefix,
        "base_prefix": sys.base_prefix,
        "in_venv": sys.prefix != sys.base_prefix,
        "env": _env(),
        "torch": None,
        "torch_file": None,
        "hip": None,
        "cuda": None,
        "is_available": None,
        "device_count": None,
        "arch_list": None,
        "devices": [],
        "compute": [],
        "libs": {},
        "errors": {},
    }
    _stage("import")
    try:
        import torch
    except ModuleNotFoundError as exc:
        out["errors"]["import"] = _error(exc)
        out["torch_missing"] = exc.name == "torch"
        return out
    except BaseException as exc:  # a broken install: missing .so, ABI errors
        out["errors"]["import"] = _error(exc)
        out["torch_missing"] = False
        return out
    out["torch_missing"] = False
    out["torch"] = str(getattr(torch, "__version__", None))
    out["torch_file"] = getattr(torch, "__file__", None)
    version = getattr(torch, "version", None)
    out["hip"] = getattr(version, "hip", None)
    out["cuda"] = getattr(version, "cuda", None)
    # announced before GPU init, so a hang or crash there still tells which wheel it was
    sys.stderr.write("rocmdesk-probe: wheel " + json.dumps({k: out[k] for k in ("torch", "hip", "cuda")}) + "\n")
    sys.stderr.flush()

    _stage("init")
    try:
        out["is_available"] = bool(torch.cuda.is_available())
        out["device_count"] = int(torch.cuda.device_count())
    except BaseException as exc:
        out["errors"]["init"] = _error(exc)
    try:
        out["arch_list"] = list(torch.cuda.get_arch_list())
    except BaseException as exc:
        out["errors"]["arch_list"] = _error(exc)

    for i in range(min(out["device_count"] or 0, MAX_DEVICES)):
        _stage(f"device {i}")
        dev = {"index": i}
        try:
            props = torch.cuda.get_device_properties(i)
            dev["name"] = getattr(props, "name", None)
            dev["gcnArchName"] = getattr(props, "gcnArchName", None)  # absent on CUDA and on old torch
            dev["total_memory"] = getattr(props, "total_memory", None)
            dev["major"] = getattr(props, "major", None)
            dev["minor"] = getattr(props, "minor", None)
            uuid = getattr(props, "uuid", None)
            dev["uuid"] = str(uuid) if uuid is not None else None
        except BaseException as exc:
            dev["error"] = _error(exc)
        out["devices"].append(dev)
        if out["is_available"]:
            _stage(f"compute {i}")
            try:
                check = _matmul_check(torch, i)
            except BaseException as exc:
                check = {"ok": False, "error": _error(exc)}
            check["index"] = i
            out["compute"].append(check)
    out["libs"] = _loaded_libs()
    return out


def main():
    # keep the real stdout for the JSON; whatever else writes to fd 1 (ROCm libraries do) goes to stderr
    sys.stdout.flush()
    json_fd = os.dup(1)
    os.dup2(2, 1)
    try:
        result = probe()
    except BaseException as exc:  # never leave without the one JSON object
        result = {"probe_version": PROBE_VERSION, "errors": {"probe": _error(exc)}}
    _stage("done")
    data = (json.dumps(result, default=str) + "\n").encode("utf-8")
    with os.fdopen(json_fd, "wb") as fh:
        fh.write(data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
