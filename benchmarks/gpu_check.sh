#!/usr/bin/env bash
# The prepared GPU check (issue 19), for a lent machine with an NVIDIA GPU whose python3 already holds a CUDA torch:
# a CUDA wheel goes through the same torch.cuda code paths as a ROCm one.  It runs rocmdesk from this checkout with
# that python (nothing installed, no network):
#   1. the machine: nvidia-smi's name, memory and driver, and what torch says about the GPU;
#   2. `rocmdesk torch verify` against that python (the probe: devices, a computation on each);
#   3. `rocmdesk sanity` at the tiny size: FP32, then AMP (float16 with GradScaler on a GPU), loss falling, peak
#      memory, step time;
#   4. the same at the ResNet-50 size (GPU only).
# and writes into OUTDIR: machine.txt, verify.json, sanity-tiny.json, sanity-resnet50.json (each command's stderr
# beside it as .err), exit-codes.txt and summary.md, the figures for docs/gpu-runs.md
# (benchmarks/gpu_summary.py).  Each step has its own time limit; all of them together stay under 9 minutes, and
# a normal run on a data-centre GPU takes one or two.
#
#   bash benchmarks/gpu_check.sh OUTDIR [PYTHON]
#
# PYTHON: the python with torch (default: python3).  GPU_CHECK_DEVICE=cpu runs the same steps on the CPU, without
# the ResNet-50 step: how tests/test_gpu_check.py proves the script on a machine without a GPU.
# Exit code: 0 when every step ran and both sanity runs passed, 1 otherwise (the files say what happened).
set -uo pipefail

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: bash benchmarks/gpu_check.sh OUTDIR [PYTHON]" >&2
  exit 2
fi
out=$1
py=${2:-python3}
device=${GPU_CHECK_DEVICE:-cuda}
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mkdir -p -- "$out" || exit 2
if ! command -v -- "$py" >/dev/null 2>&1; then
  echo "gpu_check: no python at $py" >&2
  exit 2
fi
py="$(command -v -- "$py")"
# rocmdesk from this checkout, run by the same python.  Its sanity command needs only the standard library; verify
# also needs `packaging` (pure Python): when that python lacks it, a copy is taken from another python here
# (GPU_CHECK_DEPS_PYTHON, then the system's), into OUTDIR/.deps
deps=""
if ! "$py" -c 'import packaging.version' >/dev/null 2>&1; then
  for other in ${GPU_CHECK_DEPS_PYTHON:+"$GPU_CHECK_DEPS_PYTHON"} /usr/bin/python3 python3; do
    found="$("$other" -c 'import os, packaging.version; print(os.path.dirname(packaging.__file__))' 2>/dev/null)" || continue
    if [ -d "$found" ]; then
      mkdir -p -- "$out/.deps" && cp -R -- "$found" "$out/.deps/" && deps="$out/.deps"
      break
    fi
  done
  [ -n "$deps" ] || echo "gpu_check: $py has no 'packaging' and no other python here has it: verify will fail" >&2
fi
export PYTHONPATH="$here/src${deps:+:$deps}${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONDONTWRITEBYTECODE=1
: >"$out/exit-codes.txt"

step() {  # step NAME LIMIT_S OUTFILE COMMAND...: run it with a time limit, its stdout to OUTFILE, stderr beside it
  local name=$1 limit=$2 file=$3
  shift 3
  local start=$SECONDS
  timeout --kill-after=10 "$limit" "$@" >"$out/$file" 2>"$out/${file%.*}.err"
  local rc=$?
  echo "$name $rc $((SECONDS - start))" >>"$out/exit-codes.txt"
  echo "gpu_check: $name: exit $rc after $((SECONDS - start)) s" >&2
  return "$rc"
}

{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "kernel: $(uname -srm)"
  echo "cpus: $(nproc)"
  if command -v nvidia-smi >/dev/null 2>&1; then
    echo "nvidia-smi: $(timeout 30 nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader 2>&1 | head -n 8 | paste -sd ';' -)"
  else
    echo "nvidia-smi: not found"
  fi
} >"$out/machine.txt"
step torch-facts 120 torch-facts.txt "$py" -c '
import platform, torch
print("python:", platform.python_version())
print("torch:", torch.__version__, "cuda:", torch.version.cuda, "hip:", getattr(torch.version, "hip", None))
ok = torch.cuda.is_available()
print("torch.cuda.is_available:", ok, "devices:", torch.cuda.device_count() if ok else 0)
if ok:
    p = torch.cuda.get_device_properties(0)
    print("device 0:", p.name, f"{p.total_memory / 2**30:.1f} GiB", f"capability {p.major}.{p.minor}")
'
cat "$out/torch-facts.txt" >>"$out/machine.txt"

failed=0
# verify judges the wheel (a CUDA build is not a ROCm one: its verdict says so and exits non-zero); what counts
# here is that the probe ran through torch.cuda, so only a crash or a timeout fails the check
step verify 150 verify.json "$py" -m rocmdesk torch verify --python "$py" --timeout 120 --json
case $? in 0|4|5) ;; *) failed=1 ;; esac
step sanity-tiny 180 sanity-tiny.json "$py" -m rocmdesk sanity --python "$py" --device "$device" --json || failed=1
if [ "$device" != cpu ]; then
  step sanity-resnet50 300 sanity-resnet50.json \
    "$py" -m rocmdesk sanity --python "$py" --device "$device" --size resnet50 --steps 20 --json || failed=1
fi

"$py" "$here/benchmarks/gpu_summary.py" "$out" >"$out/summary.md" 2>"$out/summary.err" || failed=1
cat "$out/summary.md"
exit "$failed"
