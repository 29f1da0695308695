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

from rocmdesk import i18n
from rocmdesk.cli.common import EXIT_INPUT, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE
from rocmdesk.i18n import translate
from rocmdesk.report_text import pad

EXIT_FAILED = 1  # the check failed or hung
REDRAW_EVERY_S = 0.1  # a terminal line redrawn ten times a second is enough to watch
TITLE_CELLS = 22  # the phase titles' column, in terminal columns (a Chinese character takes two)


def title(name: str | None) -> str:
    """A phase's name as the text report says it."""
    return {"device": translate("rocmdesk.sanity.cli_sanity", "device facts"),
            "numeric": translate("rocmdesk.sanity.cli_sanity", "numeric check"),
            "fp32": translate("rocmdesk.sanity.cli_sanity", "FP32 training"),
            "amp": translate("rocmdesk.sanity.cli_sanity", "AMP training"),
            "multi_gpu": translate("rocmdesk.sanity.cli_sanity", "multi-GPU all-reduce")}.get(str(name), str(name))


def _steps(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            translate("rocmdesk.sanity.cli_sanity", "not a whole number: {text!r}").format(text=text)) from None
    if value < 2:
        raise argparse.ArgumentTypeError(
            translate("rocmdesk.sanity.cli_sanity", "at least 2 steps (the first one only loads kernels)"))
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            translate("rocmdesk.sanity.cli_sanity", "not a number: {text!r}").format(text=text)) from None
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(translate("rocmdesk.sanity.cli_sanity", "a number of seconds above 0"))
    return value


def add_parser(subparsers: Any) -> None:
    from rocmdesk.sanity.runner import DEFAULT_STEPS, DEVICES, SIZES

    p = subparsers.add_parser(
        "sanity", help=translate("rocmdesk.sanity.cli_sanity",
                                 "a short real training run in a venv: AMP, throughput, multi-GPU"),
        description=translate("rocmdesk.sanity.cli_sanity",
                              "Train a small model on synthetic data with the venv's python: device facts, a "
                              "matmul and a convolution checked against the CPU, FP32 and AMP training whose loss "
                              "must fall, and an all-reduce across the GPUs when there are two or more."),
        epilog=translate("rocmdesk.sanity.cli_sanity",
                         "Exit codes: 0 passed, 1 failed or hung, 2 bad usage, 3 unreadable profile file, "
                         "130 interrupted."))
    g = p.add_mutually_exclusive_group(required=True)
    g.add_argument("--python", metavar="PATH", help=translate("rocmdesk.sanity.cli_sanity", "a python with torch"))
    g.add_argument("--venv", metavar="DIR", help=translate("rocmdesk.sanity.cli_sanity", "a venv with torch"))
    g.add_argument("--profile", metavar="NAME",
                   help=translate("rocmdesk.sanity.cli_sanity",
                                  "a profile: its venv, with its environment variables"))
    p.add_argument("--device", choices=DEVICES, default="auto",
                   help=translate("rocmdesk.sanity.cli_sanity",
                                  "auto: the GPU when torch sees one, else the CPU (said plainly); cuda: the GPU or "
                                  "fail; cpu: the CPU (default: auto)"))
    p.add_argument("--steps", type=_steps, default=DEFAULT_STEPS, metavar="N",
                   help=translate("rocmdesk.sanity.cli_sanity",
                                  "training steps in each of the FP32 and AMP phases (default {steps})").format(
                       steps=DEFAULT_STEPS))
    p.add_argument("--size", choices=SIZES, default="tiny",
                   help=translate("rocmdesk.sanity.cli_sanity",
                                  "tiny: seconds (default); resnet50: a ResNet-50-like net on 224x224 images, batch "
                                  "64, GPU only, timing indicative"))
    p.add_argument("--timeout", type=_seconds, metavar="S",
                   help=translate("rocmdesk.sanity.cli_sanity",
                                  "a phase without progress for S seconds counts as hung (default: per phase, 2 to "
                                  "15 min)"))
    p.add_argument("--no-multi-gpu", action="store_true",
                   help=translate("rocmdesk.sanity.cli_sanity", "skip the all-reduce across GPUs"))
    p.add_argument("--json", action="store_true",
                   help=translate("rocmdesk.sanity.cli_sanity", "print the result as JSON"))
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
        from rocmdesk.torchenv.profile_store import load_profile
        from rocmdesk.torchenv.profiles import ProfileError

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
            _err(translate("rocmdesk.sanity.cli_sanity",
                           "profile {name}: {venv} has no bin/python; create it first, e.g. "
                           "`rocmdesk torch install --venv {venv}`").format(name=prof.name, venv=prof.venv))
            return EXIT_USAGE
        return python, profile_environ(prof, env), translate(
            "rocmdesk.sanity.cli_sanity", "profile {name} ({venv})").format(name=prof.name, venv=prof.venv)
    if args.venv:
        python = venv_python(os.path.expanduser(args.venv))
        if not python.exists():
            _err(translate("rocmdesk.sanity.cli_sanity", "{path}: not a venv (no bin/python in it)").format(
                path=args.venv))
            return EXIT_USAGE
        return python, env, str(python)
    python = Path(os.path.expanduser(args.python))
    if not python.is_file():
        _err(translate("rocmdesk.sanity.cli_sanity", "{path}: no such file").format(path=args.python))
        return EXIT_USAGE
    if not os.access(python, os.X_OK):
        _err(translate("rocmdesk.sanity.cli_sanity", "{path}: not executable").format(path=args.python))
        return EXIT_USAGE
    return python, env, str(python)


# ---- progress ----------------------------------------------------------------------------------------------
def _rate(x: float | None) -> str:
    if x is None:
        return ""
    number = f"{x:,.0f}" if x >= 100 else f"{x:.1f}"
    return translate("rocmdesk.sanity.cli_sanity", "{rate} samples/s").format(rate=number)


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
            self.write(translate("rocmdesk.sanity.cli_sanity",
                                 "torch {torch} on {where} ({device}), {size}, {steps} steps per training phase"
                                 ).format(torch=ev.get("torch"), where=where, device=ev.get("device"),
                                          size=ev.get("size"), steps=ev.get("steps")))
            if ev.get("cpu_fallback"):
                self.write(translate("rocmdesk.sanity.cli_sanity",
                                     "NOTE: on the CPU, not a GPU: {why}; this run says nothing about the GPU").format(
                    why=ev["cpu_fallback"]))
        elif kind == "phase" and ev.get("status") == "start":
            limit = f"{ev.get('timeout_s', 0):g}"
            text = "  " + pad(title(ev.get("name")), TITLE_CELLS) + " " + translate(
                "rocmdesk.sanity.cli_sanity", "running… (counted as hung after {seconds} s without progress)").format(
                seconds=limit)
            self.write(text, final=not self.tty)
        elif kind == "step" and self.tty:
            now = time.monotonic()
            if now - self.drawn < REDRAW_EVERY_S and ev.get("step") != ev.get("of"):
                return
            self.drawn = now
            loss = ev.get("loss")
            text = ("  " + pad(title(ev.get("phase")), TITLE_CELLS) + " "
                    + translate("rocmdesk.sanity.cli_sanity", "step {step} of {of}").format(step=ev.get("step"),
                                                                                          of=ev.get("of"))
                    + ("  " + translate("rocmdesk.sanity.cli_sanity", "loss {loss:.3f}").format(loss=loss)
                       if isinstance(loss, (int, float)) else "")
                    + (f"  {_rate(ev.get('samples_per_s'))}" if ev.get("samples_per_s") else ""))
            self.write(text, final=False)
        elif kind == "phase" and ev.get("status") == "end":
            self.write(phase_line(ev))


def phase_line(ev: Any) -> str:
    """``  FP32 training   passed  1.2 s  5,000 samples/s  loss 2.321 → 0.353`` from an end event or a PhaseResult."""
    get = ev.get if isinstance(ev, dict) else (lambda k: getattr(ev, k, None))
    head = "  " + pad(title(get("name")), TITLE_CELLS)
    if get("skipped"):
        return head + " " + translate("rocmdesk.sanity.cli_sanity", "skipped: {why}").format(why=get("skipped"))
    if get("hung"):
        state = translate("rocmdesk.sanity.cli_sanity", "HUNG")
    elif get("ok"):
        state = translate("rocmdesk.sanity.cli_sanity", "passed")
    else:
        state = translate("rocmdesk.sanity.cli_sanity", "FAILED")
    parts = [state, translate("rocmdesk.sanity.cli_sanity", "{seconds:.1f} s").format(seconds=get("seconds") or 0)]
    if get("samples_per_s"):
        parts.append(_rate(get("samples_per_s")))
    if get("loss_first") is not None and get("loss_last") is not None:
        parts.append(translate("rocmdesk.sanity.cli_sanity", "loss {first:.3f} → {last:.3f}").format(
            first=get("loss_first"), last=get("loss_last")))
    line = head + " " + "  ".join(parts)
    if not get("ok") and get("error"):
        line += "\n      " + str(get("error")).strip().splitlines()[0]
    return line


# ---- the report ----------------------------------------------------------------------------------------------
def _mib(n: int | None) -> str:
    return "?" if n is None else f"{n / 2**20:,.0f} MiB"


def _verdict(res: Any) -> str:
    """The report's first line: passed, or where and why not."""
    if res.hung_phase:
        return translate("rocmdesk.sanity.cli_sanity", "HUNG in {phase}: {error}").format(
            phase=title(res.hung_phase), error=res.error)
    if res.passed:
        return translate("rocmdesk.sanity.cli_sanity", "PASSED: every phase that ran passed.")
    error = (res.error or translate("rocmdesk.sanity.cli_sanity", "no reason given")).strip()
    bad = next((p for p in res.phases if not p.ok and not p.skipped), None)
    if bad is not None:
        return translate("rocmdesk.sanity.cli_sanity", "FAILED in {phase}: {error}").format(
            phase=title(bad.name), error=error)
    if res.stopped_phase:
        return translate("rocmdesk.sanity.cli_sanity", "FAILED during {phase}: {error}").format(
            phase=title(res.stopped_phase), error=error)
    return translate("rocmdesk.sanity.cli_sanity", "FAILED: {error}").format(error=error)


def _loss_line(res: Any) -> str:
    text = translate("rocmdesk.sanity.cli_sanity", "loss: {first:.3f} → {last:.3f}").format(
        first=res.loss_first, last=res.loss_last)
    if res.loss_last > 0:
        text += translate("rocmdesk.sanity.cli_sanity", " ({times:.1f}× lower)").format(
            times=res.loss_first / res.loss_last)
    need = next((p.detail.get("loss_fall_required") for p in res.phases if p.detail.get("loss_fall_required")), None)
    if need and need > 1:
        text += translate("rocmdesk.sanity.cli_sanity", "; each training phase must lower it {times:g}×").format(
            times=need)
    return text


def format_result(res: Any, out: TextIO) -> None:
    from rocmdesk.sanity.result import multi_gpu_hint_texts

    w = out.write
    on_cpu = str(res.device or "").startswith("cpu")
    if res.cancelled:
        if res.stopped_phase:
            w(translate("rocmdesk.sanity.cli_sanity", "CANCELLED during {phase}; nothing was judged.").format(
                phase=title(res.stopped_phase)) + "\n")
        else:
            w(translate("rocmdesk.sanity.cli_sanity", "CANCELLED; nothing was judged.") + "\n")
        return
    w(_verdict(res) + "\n")
    if on_cpu:
        why = res.cpu_fallback or translate("rocmdesk.sanity.cli_sanity", "--device cpu was asked for")
        w(translate("rocmdesk.sanity.cli_sanity",
                    "NOTE: ran on the CPU, not on a GPU: {why}. This says nothing about the GPU.").format(why=why)
          + "\n")
    if res.loss_first is not None and res.loss_last is not None:
        w("  " + _loss_line(res) + "\n")
    if res.amp_speedup:
        w("  " + translate("rocmdesk.sanity.cli_sanity", "AMP ({dtype}): ×{times:.2f} the FP32 throughput").format(
            dtype=res.amp_dtype or "autocast", times=res.amp_speedup) + "\n")
    if res.first_step_s is not None:
        w("  " + translate("rocmdesk.sanity.cli_sanity",
                           "time to the first step: {seconds:.2f} s (kernel loading; MIOpen's search on a GPU)"
                           ).format(seconds=res.first_step_s) + "\n")
    if res.peak_mem_bytes is not None or res.peak_reserved_bytes is not None:
        w("  " + translate("rocmdesk.sanity.cli_sanity",
                           "peak memory: {allocated} allocated, {reserved} reserved").format(
            allocated=_mib(res.peak_mem_bytes), reserved=_mib(res.peak_reserved_bytes)) + "\n")
    ref = res.reference
    amp = res.phase("amp")
    if ref and amp is not None and amp.step_s:
        w("  " + translate("rocmdesk.sanity.cli_sanity",
                           "ResNet-50-like, batch {batch}, {dtype}: {step:.3f} s per step; users quote about "
                           "{ref_step:g} s at batch {ref_batch} in {precision} on an {gpu} (indicative only)").format(
            batch=res.batch, dtype=amp.detail.get("amp_dtype", "AMP"), step=amp.step_s, ref_step=ref["step_s"],
            ref_batch=ref["batch"], precision=ref["precision"].upper(),
            gpu=ref["gpu"].replace("AMD Radeon ", "")) + "\n")
    multi = res.phase("multi_gpu")
    if multi is not None and multi.detail.get("busbw_gb_s"):
        w("  " + translate("rocmdesk.sanity.cli_sanity",
                           "all-reduce: {ranks} ranks over {backend}, bus bandwidth about {bandwidth:.1f} GB/s"
                           ).format(
            ranks=multi.detail.get("world_size"), backend=multi.detail.get("backend"),
            bandwidth=multi.detail["busbw_gb_s"]) + "\n")
    if res.env_hints:
        env = res.env_hints.get("env") or {}
        unset = translate("rocmdesk.sanity.cli_sanity", "(unset)")
        w("  " + translate("rocmdesk.sanity.cli_sanity", "multi-GPU environment: {variables}").format(
            variables=", ".join(f"{k}={v if v is not None else unset}" for k, v in env.items())) + "\n")
        for hint in res.env_hints.get("hints") or multi_gpu_hint_texts():
            w(f"  - {hint}\n")
    for warning in res.warnings:
        w("  " + translate("rocmdesk.sanity.cli_sanity", "warning: {text}").format(text=warning) + "\n")
    bad = next((p for p in res.phases if not p.ok and not p.skipped), None)
    if bad is not None and bad.traceback:
        tail = [ln for ln in bad.traceback.splitlines() if ln.strip()][-12:]
        w("  " + translate("rocmdesk.sanity.cli_sanity", "where {phase} failed:").format(phase=title(bad.name)) + "\n"
          + "".join(f"    {ln}\n" for ln in tail))
    elif not res.passed and res.log_tail:
        tail = [ln for ln in res.log_tail.splitlines() if ln.strip()][-12:]
        w("  " + translate("rocmdesk.sanity.cli_sanity", "the check's last output (stderr):") + "\n"
          + "".join(f"    {ln}\n" for ln in tail))


def run(args: argparse.Namespace, host: Any) -> int:
    if args.json:  # JSON is read by programs: its sentences stay English
        with i18n.speaking(i18n.SOURCE_LANGUAGE):
            return _run(args, host)
    return _run(args, host)


def _run(args: argparse.Namespace, host: Any) -> int:
    from rocmdesk.machine.process import Cancel
    from rocmdesk.sanity.runner import SanityOptions, run_sanity

    if args.size == "resnet50" and args.device == "cpu":
        _err(translate("rocmdesk.sanity.cli_sanity",
                       "the ResNet-50-like size runs on a GPU only: use --size tiny, or --device auto"))
        return EXIT_USAGE
    resolved = _resolve(args)
    if isinstance(resolved, int):
        return resolved
    python, env, what = resolved
    if getattr(host, "simulated", False):
        _err(translate("rocmdesk.sanity.cli_sanity",
                       "note: the check runs on this computer with the venv's python, not on the simulated machine"))
    out = sys.stderr if args.json else sys.stdout
    progress = Progress(out if not args.json or sys.stderr.isatty() else None, out.isatty())
    if not args.json:
        progress.write(translate("rocmdesk.sanity.cli_sanity", "Sanity check with {what}").format(what=what))
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
