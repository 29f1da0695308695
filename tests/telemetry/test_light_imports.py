"""`monitor --once`, `detect`, `inspect`, `plan` and the exporter load neither Qt nor numpy (issue 19)."""

from __future__ import annotations

import subprocess
import sys

import pytest

HEAVY = ("numpy", "PySide6", "shiboken6", "pyqtgraph")
CODE = """
import io, sys, contextlib
from rocmdesk.cli import main
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    try:
        main(sys.argv[1:])
    except SystemExit:
        pass
print(",".join(sorted({m.split(".")[0] for m in sys.modules} & set(%r))))
""" % (HEAVY,)


@pytest.mark.parametrize("argv", [
    ["monitor", "--once", "--json", "--simulate", "mi300x-8gpu-server"],
    ["monitor", "--once", "--simulate", "rx6600xt-ubuntu2204"],
    ["detect", "--json", "--simulate", "two-dgpu-one-override"],
    ["plan", "--simulate", "rx6600xt-ubuntu2204"],
    ["inspect", "/dev/null"],
])
def test_the_command_loads_no_qt_and_no_numpy(argv):
    out = subprocess.run([sys.executable, "-c", CODE, *argv], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "", f"{' '.join(argv)} imported {out.stdout.strip()}"


def test_the_exporter_collects_without_numpy():
    code = (
        "import sys\n"
        "from rocmdesk.machine.simulate import open_simulated\n"
        "from rocmdesk.telemetry.exporter import render\n"
        "from rocmdesk.telemetry.monitor import Monitor\n"
        "m = Monitor(open_simulated('mi300x-8gpu-server'), keep_history=False)\n"
        "text = render(m)\n"
        "assert 'rocmdesk_gpu' in text, text[:200]\n"
        "print(','.join(sorted({n.split('.')[0] for n in sys.modules} & {'numpy', 'PySide6', 'pyqtgraph'})))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == ""
