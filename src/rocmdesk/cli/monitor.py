"""``rocmdesk monitor``: the live monitor without a window (text, JSON lines or CSV).

    rocmdesk monitor [--root DIR | --simulate NAME] [--once] [--json | --csv]
                     [--interval S] [--count N] [--source SRC] [--processes] [--gui]

``--json`` prints one JSON object a line per sample (``timestamp``, ``source``, ``gpus``: the
per-GPU contract of :mod:`rocmdesk.telemetry.metrics`, ``host``, ``alerts``: see
:mod:`rocmdesk.telemetry.alerts`); ``--csv`` a header, then a
row per GPU per sample.  ``--interval 0`` samples back to back.  Ctrl-C ends it (exit 0).
``--gui`` opens the monitor window (:mod:`rocmdesk.ui.monitor_window`) instead.
Exit codes: 0 ok, 2 bad usage (or ``--gui`` without Qt), 4 no AMD GPU.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from rocmdesk import i18n
from rocmdesk.cli.common import EXIT_NO_GPU, EXIT_OK, EXIT_USAGE, add_target, error
from rocmdesk.i18n import translate

GUI_MODULE = "rocmdesk.ui.monitor_window"  # provides run(host, args) -> int


def _non_negative(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            translate("rocmdesk.telemetry.cli_monitor", "not a number: {text!r}").format(text=text)) from None
    if not value >= 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(
            translate("rocmdesk.telemetry.cli_monitor", "the interval is a number of seconds, 0 or more"))
    return value


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            translate("rocmdesk.telemetry.cli_monitor", "not a whole number: {text!r}").format(text=text)) from None
    if value < 1:
        raise argparse.ArgumentTypeError(translate("rocmdesk.telemetry.cli_monitor", "the count is 1 or more"))
    return value


def add_parser(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "monitor",
        help=translate("rocmdesk.telemetry.cli_monitor",
                       "live GPU temperatures, power, memory, clocks and fans (text, JSON lines or CSV)"),
        description=translate("rocmdesk.telemetry.cli_monitor",
                              "Sample every AMD GPU's sensors from sysfs (cheap enough to leave running) and print "
                              "them."),
    )
    add_target(p)
    fmt = p.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true",
                     help=translate("rocmdesk.telemetry.cli_monitor", "one JSON object a line per sample"))
    fmt.add_argument("--csv", action="store_true",
                     help=translate("rocmdesk.telemetry.cli_monitor", "CSV: a header, then a row per GPU per sample"))
    p.add_argument("--once", action="store_true",
                   help=translate("rocmdesk.telemetry.cli_monitor", "one sample, then exit"))
    p.add_argument("--interval", type=_non_negative, default=1.0, metavar="S",
                   help=translate("rocmdesk.telemetry.cli_monitor",
                                  "seconds between samples (default 1; 0 = back to back)"))
    p.add_argument("--count", type=_positive_int, default=None, metavar="N",
                   help=translate("rocmdesk.telemetry.cli_monitor", "stop after N samples"))
    p.add_argument("--source", choices=("auto", "sysfs", "rocm-smi", "amd-smi"), default="auto",
                   help=translate("rocmdesk.telemetry.cli_monitor",
                                  "where the numbers come from (default: sysfs, else rocm-smi/amd-smi)"))
    p.add_argument("--processes", action="store_true",
                   help=translate("rocmdesk.telemetry.cli_monitor", "also list the processes holding GPU memory"))
    p.add_argument("--gui", action="store_true",
                   help=translate("rocmdesk.telemetry.cli_monitor", "open the monitor window"))


def _fmt(value: Any, unit: str, digits: int = 1) -> str | None:
    if value is None:
        return None
    if isinstance(value, float):
        return f"{value:.{digits}f}{unit}"
    return f"{value}{unit}"


def _gib(n: int | None) -> str:
    return "?" if n is None else f"{n / 2**30:.2f}"


def _state(state: str) -> str:
    """A GPU state (``metrics.STATES``) in words."""
    return {"suspended": translate("rocmdesk.telemetry.cli_monitor", "suspended"),
            "missing": translate("rocmdesk.telemetry.cli_monitor", "missing"),
            "error": translate("rocmdesk.telemetry.cli_monitor", "error")}.get(state, state)


def format_gpu_line(g: Any) -> str:
    name = g.name or translate("rocmdesk.telemetry.cli_monitor", "AMD GPU")
    head = translate("rocmdesk.telemetry.cli_monitor", "GPU{index} {name}").format(index=g.index, name=name) + (
        f" ({g.gfx})" if g.gfx else "")
    if g.state != "ok":
        return f"{head}  {_state(g.state)}" + (f": {g.error}" if g.error else "")
    parts = []
    if g.temp_edge_c is not None:
        parts.append(translate("rocmdesk.telemetry.cli_monitor", "edge {temp}").format(
            temp=_fmt(g.temp_edge_c, "°C")))
    if g.temp_junction_c is not None:
        parts.append(translate("rocmdesk.telemetry.cli_monitor", "junction {temp}").format(
            temp=_fmt(g.temp_junction_c, "°C")))
    if g.temp_mem_c is not None:
        parts.append(translate("rocmdesk.telemetry.cli_monitor", "mem {temp}").format(
            temp=_fmt(g.temp_mem_c, "°C")))
    if g.power_w is not None:
        parts.append(f"{g.power_w:.1f}" + (f"/{g.power_cap_w:.0f}" if g.power_cap_w else "") + " W")
    if g.busy_percent is not None:
        parts.append(translate("rocmdesk.telemetry.cli_monitor", "busy {percent}%").format(percent=g.busy_percent))
    if g.vram_used_bytes is not None or g.vram_total_bytes is not None:
        parts.append(translate("rocmdesk.telemetry.cli_monitor", "VRAM {used}/{total} GiB").format(
            used=_gib(g.vram_used_bytes), total=_gib(g.vram_total_bytes)))
    if g.gtt_used_bytes is not None:
        parts.append(translate("rocmdesk.telemetry.cli_monitor", "GTT {used}/{total} GiB").format(
            used=_gib(g.gtt_used_bytes), total=_gib(g.gtt_total_bytes)))
    if g.sclk_mhz is not None:
        parts.append(translate("rocmdesk.telemetry.cli_monitor", "sclk {mhz} MHz").format(mhz=g.sclk_mhz))
    if g.mclk_mhz is not None:
        parts.append(translate("rocmdesk.telemetry.cli_monitor", "mclk {mhz} MHz").format(mhz=g.mclk_mhz))
    if g.fan_rpm is not None:
        parts.append(translate("rocmdesk.telemetry.cli_monitor", "fan {rpm} rpm").format(rpm=g.fan_rpm))
    reasons = getattr(g, "throttle_reasons", None)
    if reasons:
        parts.append(translate("rocmdesk.telemetry.cli_monitor", "throttled: {reasons}").format(
            reasons=",".join(reasons)))
    return "  ".join([head, *parts])


def format_process_line(p: Any) -> str:
    vram = "?" if p.vram_bytes is None else f"{p.vram_bytes / 2**20:.0f} MiB"
    line = translate("rocmdesk.telemetry.cli_monitor", "pid {pid} {name} on GPU{index}: {vram}").format(
        pid=p.pid, name=p.name or "?", index=p.gpu_index, vram=vram)
    engines = getattr(p, "engines_percent", None) or {}
    busy = sorted(((v, k) for k, v in engines.items() if v >= 0.5), reverse=True)
    extra = [f"{k} {v:.0f}%" for v, k in busy]
    if getattr(p, "kind", None) == "compute":
        extra.insert(0, translate("rocmdesk.telemetry.cli_monitor", "compute (KFD)"))
    return f"{line}  {' '.join(extra)}" if extra else line


def _gui(host: Any, args: argparse.Namespace) -> int:
    import importlib

    try:
        module = importlib.import_module(GUI_MODULE)
    except ImportError as exc:  # a CLI-only install: no PySide6 or pyqtgraph
        error(translate(
            "rocmdesk.telemetry.cli_monitor",
            "monitor --gui needs the desktop part (PySide6 and pyqtgraph): {error}; `rocmdesk monitor` prints the "
            "same numbers as text, --json or --csv").format(error=exc))
        return EXIT_USAGE
    return int(module.run(host, args))


def run(args: argparse.Namespace, host: Any) -> int:
    if args.gui:
        return _gui(host, args)
    if args.json:  # JSON lines are read by programs: their alerts and errors stay English
        with i18n.speaking(i18n.SOURCE_LANGUAGE):
            return _run(args, host)
    return _run(args, host)


def _run(args: argparse.Namespace, host: Any) -> int:
    from rocmdesk.telemetry.alerts import check
    from rocmdesk.telemetry.metrics import csv_header, csv_row
    from rocmdesk.telemetry.monitor import Monitor

    # one sample has no history to judge: --once keeps none (and loads no numpy)
    monitor = Monitor(host, source=args.source, interval_s=args.interval, processes_every_s=0.0,
                      keep_history=not args.once)
    if not monitor.gpus:
        error(translate("rocmdesk.telemetry.cli_monitor", "no AMD GPU to monitor on {machine}").format(
            machine=host.label))
        return EXIT_NO_GPU
    count = 1 if args.once else args.count
    out = sys.stdout
    writer = None
    if args.csv:
        import csv

        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(csv_header())
    n = 0
    next_t = time.monotonic()
    try:
        while True:
            sample = monitor.tick()
            procs = monitor.processes() if args.processes else None
            alerts = check(sample, monitor.history, one_sample=args.once)
            if args.json:
                data = sample.to_json()
                data["alerts"] = [a.to_json() for a in alerts]
                if procs is not None:
                    data["processes"] = [p.to_json() for p in procs]
                out.write(json.dumps(data, ensure_ascii=False) + "\n")
            elif writer is not None:
                for g in sample.gpus:
                    writer.writerow(["" if v is None else v for v in csv_row(sample, g)])
            else:
                stamp = time.strftime("%H:%M:%S", time.localtime(sample.timestamp))
                for g in sample.gpus:
                    out.write(f"{stamp}  {format_gpu_line(g)}\n")
                    for w in getattr(g, "warnings", None) or []:  # a sensor missing or out of range
                        out.write(f"{stamp}  ! {w}\n")
                for a in alerts:
                    out.write(f"{stamp}  ! {a.message}\n")
                for p in procs or []:
                    out.write(f"{stamp}    {format_process_line(p)}\n")
            out.flush()
            n += 1
            if count is not None and n >= count:
                break
            if args.interval > 0:
                next_t += args.interval
                delay = next_t - time.monotonic()
                if delay > 0:
                    time.sleep(delay)
                else:
                    next_t = time.monotonic()  # fell behind: do not burst to catch up
    except KeyboardInterrupt:
        pass
    finally:
        monitor.close()
    return EXIT_OK
