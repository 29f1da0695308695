"""``rocmdesk gui`` (and ``rocmdesk`` without a command): open the app."""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING

from rocmdesk.cli.common import UsageError, add_target
from rocmdesk.i18n import translate

if TYPE_CHECKING:
    from rocmdesk.machine.host import Host


def add_parser(subparsers) -> None:
    g = subparsers.add_parser("gui", help=translate("Cli", "open the app (the default)"))
    add_target(g)


def run(args: argparse.Namespace, host: "Host") -> int:
    # host: made by main with the same checks as detect (an unknown machine or a bad --root is a usage error);
    # the app opens its own
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") or os.environ.get("QT_QPA_PLATFORM")):
        raise UsageError(translate(
            "Cli", "no display to open the app on (DISPLAY and WAYLAND_DISPLAY are unset); "
                   "`rocmdesk detect` prints the same facts as text"))
    from rocmdesk.ui.app import run as run_app

    return run_app(sys.argv[:1], simulate=getattr(args, "simulate", None), root=getattr(args, "root", None))
