"""``rocmdesk exporter``: serve the monitor's metrics to Prometheus (:mod:`rocmdesk.telemetry.exporter` has the
collector, the metric names, the text format and the server; it needs no prometheus_client)."""

from __future__ import annotations

import argparse
import time
from typing import Any

from rocmdesk.cli.common import EXIT_NO_GPU, EXIT_OK, EXIT_USAGE, add_target, error
from rocmdesk.i18n import translate
from rocmdesk.telemetry.exporter import DEFAULT_ADDRESS, DEFAULT_PORT


def add_parser(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "exporter",
        help=translate("rocmdesk.telemetry.exporter",
                       "serve the monitor's metrics to Prometheus (text format over HTTP)"),
        description=translate("rocmdesk.telemetry.exporter",
                              "Serve every AMD GPU's live metrics at /metrics in Prometheus' text format."),
    )
    add_target(p)
    p.add_argument("--port", type=int, default=DEFAULT_PORT,
                   help=translate("rocmdesk.telemetry.exporter", "TCP port (default {port})").format(
                       port=DEFAULT_PORT))
    p.add_argument("--address", default=DEFAULT_ADDRESS,
                   help=translate("rocmdesk.telemetry.exporter",
                                  "address to listen on (default 127.0.0.1; 0.0.0.0 lets other machines scrape)"))
    p.add_argument("--min-interval", type=float, default=1.0, metavar="S",
                   help=translate("rocmdesk.telemetry.exporter",
                                  "scrapes closer together than this share one sample (default 1 s)"))
    p.add_argument("--per-process", action="store_true",
                   help=translate("rocmdesk.telemetry.exporter",
                                  "also export each GPU process's VRAM and GTT (a series per process id: "
                                  "off by default, as their number grows without bound)"))
    p.add_argument("--source", choices=("auto", "sysfs", "rocm-smi", "amd-smi"), default="auto",
                   help=translate("rocmdesk.telemetry.exporter",
                                  "where the numbers come from (default: sysfs, else rocm-smi/amd-smi)"))


def run(args: argparse.Namespace, host: Any) -> int:
    if not 0 <= args.port <= 65535:
        error(translate("rocmdesk.telemetry.exporter", "--port {port}: not a TCP port").format(port=args.port))
        return EXIT_USAGE
    from rocmdesk.telemetry.exporter import serve, stop
    from rocmdesk.telemetry.monitor import Monitor

    monitor = Monitor(host, source=args.source, interval_s=args.min_interval, keep_history=False)  # scrapes read the last sample
    if not monitor.gpus:
        error(translate("rocmdesk.telemetry.exporter", "no AMD GPU to export on {machine}").format(
            machine=host.label))
        return EXIT_NO_GPU
    try:
        server, _thread, _collector = serve(monitor, args.port, args.address, args.min_interval,
                                           processes=args.per_process)
    except OSError as exc:
        error(translate("rocmdesk.telemetry.exporter", "cannot listen on {address}:{port}: {error}").format(
            address=args.address, port=args.port, error=exc.strerror or exc))
        return EXIT_USAGE
    host_part = f"[{args.address}]" if ":" in args.address else args.address
    print(translate("rocmdesk.telemetry.exporter", "serving {count} GPU(s) at {url} (Ctrl-C stops)").format(
        count=len(monitor.gpus), url=f"http://{host_part}:{server.server_port}/metrics"), flush=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        pass
    finally:
        stop(server)
        monitor.close()
    return EXIT_OK
