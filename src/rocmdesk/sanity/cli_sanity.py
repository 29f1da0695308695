"""``rocmdesk sanity``: a short real training run in a venv, without the window.

    rocmdesk sanity (--python PATH | --venv DIR | --profile NAME) [--device auto|cuda|cpu] [--steps N]
                    [--size tiny|resnet50] [--timeout S] [--no-multi-gpu] [--json]

The venv's python runs the check (rocmdesk never imports torch).  ``--profile`` uses the profile's venv and
its environment variables, as ``rocmdesk run PROFILE`` would.  On a terminal a line per phase redraws with
its steps; otherwise each phase prints plain lines.  ``--json`` prints the result as one JSON object
(``passed``, ``device``, ``phases``, ``loss_first``, ``loss_last``, ``amp_speedup``, ``peak_mem_bytes``,
``error`` and more); progress then goes to stderr when that is a terminal.
Exit codes: 0 passed, 1 failed or hung, 2 bad usage, 3 an unreadable profile file, 130 interrupted (Ctrl-C).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
import time
from pathlib import Path
from typing import Any, TextIO

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INPUT, EXIT_INTERRUPTED = 0, 1, 2, 3, 130
REDRAW_EVERY_S = 0.1  # a terminal line redrawn ten times a second is enough to watch
TITLES = {"device": "device facts", "numeric": "numeric check", "fp32": "FP32 training",
          "amp": "AMP training", "multi_gpu": "multi-GPU all-reduce"}


def _steps(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 2:
        raise argparse.ArgumentTypeError("at least 2 steps (the first one only loads kernels)")
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError("a number of seconds above 0")
    return value


def add_parser(subparsers: Any) -> None:
    from rocmdesk.sanity.runner import DEFAULT_STEPS, DEVICES, SIZES

    p = subparsers.add_parser(
        "sanity", help="a short real training run in a venv: AMP, throughput, multi-GPU",
        description="Train a small model on synthetic data with the venv's python: device facts, a matmul and a "
                    "convolution checked against the CPU, FP32 and AMP training whose loss must fall, and an "
                    "all-reduce across the GPUs when there are two or more.",
        epilog="Exit codes: 0 passed, 1 failed or hung, 2 bad usage, 3 unreadable profile file, 130 interrupted.")
    g = p.add_mutually_exclusive_group(required=True)
    g.add_argument("--python", metavar="PATH", help="a python with torch")
    g.add_argument("--venv", metavar="DIR", help="a venv with torch")
    g.add_argument("--profile", metavar="NAME", help="a profile: its venv, with its environment variables")
    p.add_argument("--device", choices=DEVICES, default="auto",
                   help="auto: the GPU when torch sees one, else the CPU (said plainly); cuda: the GPU or fail; "
                        "cpu: the CPU (default: auto)")
    p.add_argument("--steps", type=_steps, default=DEFAULT_STEPS, metavar="N",
                   help=f"training steps in each of the FP32 and AMP phases (default {DEFAULT_STEPS})")
    p.add_argument("--size", choices=SIZES, default="tiny",
                   help="tiny: seconds (default); resnet50: a ResNet-50-like net on 224x224 images, batch 64, "
                        "GPU only, timing indicative")
    p.add_argument("--timeout", type=_seconds, metavar="S",
                   help="a phase without progress for S seconds counts as hung (default: per phase, 2 to 15 min)")
    p.add_argument("--no-multi-gpu", action="store_true", help="skip the all-reduce across GPUs")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--cpu-ranks", type=int, default=0, help=argparse.SUPPRESS)  # tests: all-reduce over gloo


def _err(text: str) -> None:
    print(f"rocmdesk: sanity: {text}", file=sys.stderr)


def _resolve(args: argparse.Namespace) -> tuple[Path, dict[str, str], str] | int:
    """(python, environment, what it is) or an exit code after saying what is wrong."""
    from rocmdesk.torchenv.venv import venv_python

    env = dict(os.environ)
    if args.profile:
        from rocmdesk.torchenv.exports import profile_environ
        from rocmdesk.torchenv.profile_store import ProfileFileError
        from rocmdesk.torchenv.profiles import ProfileError, load_profile

        try:
            prof = load_profile(args.profile)
        except ProfileFileError as exc:
            _err(str(exc))
            return EXIT_INPUT
        except ProfileError as exc:
            _err(str(exc))
            return EXIT_USAGE
        python = venv_python(prof.venv)
        if not python.exists():
            _err(f"profile {prof.name}: {prof.venv} has no bin/python; create it first, e.g. "
                 f"`rocmdesk torch install --venv {prof.venv}`")
            return EXIT_USAGE
        return python, profile_environ(prof, env), f"profile {prof.name} ({prof.venv})"
    if args.venv:
        python = venv_python(os.path.expanduser(args.venv))
        if not python.exists():
            _err(f"{args.venv}: not a venv (no bin/python in it)")
            return EXIT_USAGE
        return python, env, str(python)
    python = Path(os.path.expanduser(args.python))
    if not python.is_file():
        _err(f"{args.python}: no such file")
        return EXIT_USAGE
    if not os.access(python, os.X_OK):
        _err(f"{args.python}: not executable")
        return EXIT_USAGE
    return python, env, str(python)


# ---- progress ----------------------------------------------------------------------------------------------
def _rate(x: float | None) -> str:
    if x is None:
        return ""
    return f"{x:,.0f} samples/s" if x >= 100 else f"{x:.1f} samples/s"


class Progress:
    """A line per phase: redrawn in place on a terminal, plain start and end lines elsewhere."""

    def __init__(self, out: TextIO | None, tty: bool) -> None:
        self.out, self.tty = out, tty
        self.open = False  # a redrawn line is on screen without its newline
        self.drawn = 0.0

    def write(self, text: str, final: bool = True) -> None:
        if self.out is None:
            return
        if self.tty:
            self.out.write("\r\033[K" + text + ("\n" if final else ""))
            self.open = not final
        elif final:
            self.out.write(text + "\n")
        self.out.flush()

    def close(self) -> None:
        if self.open and self.out is not None:
            self.out.write("\n")
            self.out.flush()
            self.open = False

    def __call__(self, ev: dict[str, Any]) -> None:
        kind = ev.get("event")
        if kind == "start":
            where = ev.get("device_name") or ev.get("device") or "?"
            self.write(f"torch {ev.get('torch')} on {where} ({ev.get('device')}), {ev.get('size')}, "
                       f"{ev.get('steps')} steps per training phase")
            if ev.get("cpu_fallback"):
                self.write(f"NOTE: on the CPU, not a GPU: {ev['cpu_fallback']}; this run says nothing about the GPU")
        elif kind == "phase" and ev.get("status") == "start":
            name = str(ev.get("name"))
            limit = f"{ev.get('timeout_s', 0):g}"
            text = f"  {TITLES.get(name, name):<22} running… (counted as hung after {limit} s without progress)"
            self.write(text, final=not self.tty)
        elif kind == "step" and self.tty:
            now = time.monotonic()
            if now - self.drawn < REDRAW_EVERY_S and ev.get("step") != ev.get("of"):
                return
            self.drawn = now
            name = str(ev.get("phase"))
            loss = ev.get("loss")
            text = (f"  {TITLES.get(name, name):<22} step {ev.get('step')} of {ev.get('of')}"
                    + (f"  loss {loss:.3f}" if isinstance(loss, (int, float)) else "")
                    + (f"  {_rate(ev.get('samples_per_s'))}" if ev.get("samples_per_s") else ""))
            self.write(text, final=False)
        elif kind == "phase" and ev.get("status") == "end":
            self.write(phase_line(ev))


def phase_line(ev: Any) -> str:
    """``  FP32 training   passed  1.2 s  5,000 samples/s  loss 2.321 → 0.353`` from an end event or a PhaseResult."""
    get = ev.get if isinstance(ev, dict) else (lambda k: getattr(ev, k, None))
    name = str(get("name"))
    head = f"  {TITLES.get(name, name):<22}"
    if get("skipped"):
        return f"{head} skipped: {get('skipped')}"
    if get("hung"):
        state = "HUNG"
    else:
        state = "passed" if get("ok") else "FAILED"
    parts = [state, f"{get('seconds') or 0:.1f} s"]
    if get("samples_per_s"):
        parts.append(_rate(get("samples_per_s")))
    if get("loss_first") is not None and get("loss_last") is not None:
        parts.append(f"loss {get('loss_first'):.3f} → {get('loss_last'):.3f}")
    line = head + " " + "  ".join(parts)
    if not get("ok") and get("error"):
        line += "\n      " + str(get("error")).strip().splitlines()[0]
    return line


# ---- the report ----------------------------------------------------------------------------------------------
def _mib(n: int | None) -> str:
    return "?" if n is None else f"{n / 2**20:,.0f} MiB"


def format_result(res: Any, out: TextIO) -> None:
    from rocmdesk.sanity.result import MULTI_GPU_HINTS

    w = out.write
    on_cpu = str(res.device or "").startswith("cpu")
    if res.cancelled:
        w(f"CANCELLED{' during ' + TITLES.get(res.stopped_phase, res.stopped_phase) if res.stopped_phase else ''}; "
          "nothing was judged.\n")
        return
    if res.hung_phase:
        w(f"HUNG in {TITLES.get(res.hung_phase, res.hung_phase)}: {res.error}\n")
    elif res.passed:
        w("PASSED: every phase that ran passed.\n")
    else:
        bad = next((p for p in res.phases if not p.ok and not p.skipped), None)
        where = f" in {TITLES.get(bad.name, bad.name)}" if bad is not None else (
            f" during {TITLES.get(res.stopped_phase, res.stopped_phase)}" if res.stopped_phase else "")
        w(f"FAILED{where}: {(res.error or 'no reason given').strip()}\n")
    if on_cpu:
        why = res.cpu_fallback or "--device cpu was asked for"
        w(f"NOTE: ran on the CPU, not on a GPU: {why}. This says nothing about the GPU.\n")
    if res.loss_first is not None and res.loss_last is not None:
        fall = f" ({res.loss_first / res.loss_last:.1f}× lower)" if res.loss_last > 0 else ""
        need = next((p.detail.get("loss_fall_required") for p in res.phases if p.detail.get("loss_fall_required")),
                    None)
        rule = f"; each training phase must lower it {need:g}×" if need and need > 1 else ""
        w(f"  loss: {res.loss_first:.3f} → {res.loss_last:.3f}{fall}{rule}\n")
    if res.amp_speedup:
        w(f"  AMP ({res.amp_dtype or 'autocast'}): ×{res.amp_speedup:.2f} the FP32 throughput\n")
    if res.first_step_s is not None:
        w(f"  time to the first step: {res.first_step_s:.2f} s (kernel loading; MIOpen's search on a GPU)\n")
    if res.peak_mem_bytes is not None or res.peak_reserved_bytes is not None:
        w(f"  peak memory: {_mib(res.peak_mem_bytes)} allocated, {_mib(res.peak_reserved_bytes)} reserved\n")
    ref = res.reference
    amp = res.phase("amp")
    if ref and amp is not None and amp.step_s:
        w(f"  ResNet-50-like, batch {res.batch}, {amp.detail.get('amp_dtype', 'AMP')}: {amp.step_s:.3f} s per step; "
          f"users quote about {ref['step_s']:g} s at batch {ref['batch']} in {ref['precision'].upper()} on an "
          f"{ref['gpu'].replace('AMD Radeon ', '')} (indicative only)\n")
    multi = res.phase("multi_gpu")
    if multi is not None and multi.detail.get("busbw_gb_s"):
        w(f"  all-reduce: {multi.detail.get('world_size')} ranks over {multi.detail.get('backend')}, "
          f"bus bandwidth about {multi.detail['busbw_gb_s']:.1f} GB/s\n")
    if res.env_hints:
        env = res.env_hints.get("env") or {}
        w("  multi-GPU environment: " + ", ".join(f"{k}={v if v is not None else '(unset)'}"
                                                  for k, v in env.items()) + "\n")
        for hint in res.env_hints.get("hints") or MULTI_GPU_HINTS:
            w(f"  - {hint}\n")
    for warning in res.warnings:
        w(f"  warning: {warning}\n")
    bad = next((p for p in res.phases if not p.ok and not p.skipped), None)
    if bad is not None and bad.traceback:
        tail = [ln for ln in bad.traceback.splitlines() if ln.strip()][-12:]
        w(f"  where {TITLES.get(bad.name, bad.name)} failed:\n" + "".join(f"    {ln}\n" for ln in tail))
    elif not res.passed and res.log_tail:
        tail = [ln for ln in res.log_tail.splitlines() if ln.strip()][-12:]
        w("  the check's last output (stderr):\n" + "".join(f"    {ln}\n" for ln in tail))


def run(args: argparse.Namespace, host: Any) -> int:
    from rocmdesk.machine.process import Cancel
    from rocmdesk.sanity.runner import SanityOptions, run_sanity

    if args.size == "resnet50" and args.device == "cpu":
        _err("the ResNet-50-like size runs on a GPU only: use --size tiny, or --device auto")
        return EXIT_USAGE
    resolved = _resolve(args)
    if isinstance(resolved, int):
        return resolved
    python, env, what = resolved
    if getattr(host, "simulated", False):
        _err("note: the check runs on this computer with the venv's python, not on the simulated machine")
    out = sys.stderr if args.json else sys.stdout
    progress = Progress(out if not args.json or sys.stderr.isatty() else None, out.isatty())
    if not args.json:
        progress.write(f"Sanity check with {what}")
    options = SanityOptions(python=python, device=args.device, size=args.size, steps=args.steps, env=env,
                            phase_timeout_s=args.timeout, multi_gpu=False if args.no_multi_gpu else None,
                            cpu_ranks=max(0, args.cpu_ranks))
    cancel = Cancel()
    box: dict[str, Any] = {}

    def work() -> None:
        try:
            box["result"] = run_sanity(options, on_event=progress, cancel=cancel)
        except BaseException as exc:  # reported below, never lost with the thread
            box["error"] = exc

    # the check runs in a thread so Ctrl-C here cancels it (its whole process group) and still reports
    thread = threading.Thread(target=work, name="rocmdesk-sanity", daemon=True)
    thread.start()
    interrupted = False
    while thread.is_alive():
        try:
            thread.join(0.2)
        except KeyboardInterrupt:
            interrupted = True
            cancel.cancel()
    progress.close()
    if "error" in box:
        raise box["error"]
    res = box["result"]
    if args.json:
        json.dump(res.to_json(), sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        format_result(res, sys.stdout)
    if interrupted or res.cancelled:
        return EXIT_INTERRUPTED
    return EXIT_OK if res.passed else EXIT_FAILED
