"""The first window comes without pyqtgraph and numpy, nor the alert machinery: they load with the Monitor or the
Sanity page (issue 19).  Nor platformdirs or dataclasses: rocmdesk.xdg and the records do that work for less."""

from __future__ import annotations

import json
import os
import subprocess
import sys

CODE = r"""
import json, sys
from rocmdesk.ui.app import create_app
app = create_app(sys.argv[:1])
from PySide6.QtCore import QEventLoop, QTimer
from rocmdesk.ui.main_window import MainWindow
from rocmdesk.ui.session import MachineSession
w = MainWindow(MachineSession(simulate="rx6600xt-ubuntu2204")); w.show()
loop = QEventLoop(); w.session.reportReady.connect(lambda *_: loop.quit()); QTimer.singleShot(20000, loop.quit)
loop.exec()
heavy = lambda: sorted({m.split(".")[0] for m in sys.modules} & {"pyqtgraph", "numpy"})
alerts = lambda: sorted(m for m in sys.modules if m in ("rocmdesk.ui.notifications", "rocmdesk.telemetry.alerts"))
light = sorted({m.split(".")[0] for m in sys.modules} & {"platformdirs", "dataclasses"})
seen = {"start": heavy(), "built": sorted(w.pages), "alerts at start": alerts(), "helpers at start": light}
for key in ("setup", "pytorch", "environments", "doctor"):
    w.show_page(key)
seen["other pages"] = heavy()
w.show_page("monitor")
seen["monitor"] = heavy()
seen["alerts with the monitor"] = alerts()
print(json.dumps(seen))
"""


def test_start_loads_neither_pyqtgraph_nor_numpy_until_the_monitor():
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    out = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, timeout=120, env=env)
    assert out.returncode == 0, out.stderr[-3000:]
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    assert seen["start"] == [] and seen["built"] == ["overview"]
    assert seen["helpers at start"] == []  # rocmdesk.xdg and records do their work at start (~8 ms)
    assert seen["other pages"] == []
    assert seen["monitor"] == ["numpy", "pyqtgraph"]
    assert seen["alerts at start"] == []
    assert seen["alerts with the monitor"] == ["rocmdesk.telemetry.alerts", "rocmdesk.ui.notifications"]


DESCRIBE = r"""
import json, sys
from rocmdesk.ui.session import MachineSession
text = MachineSession(simulate=sys.argv[1]).description()
print(json.dumps({"text": text, "tomllib": "tomllib" in sys.modules}))
"""


def test_the_banner_names_a_cached_simulated_machine_without_parsing_toml(tmp_path):
    from rocmdesk.machine.open_sim import open_simulated
    from rocmdesk.machine.sim_about import about

    name = "rx6600xt-ubuntu2204"
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}  # the core speaks English until a window sets a language
    run = lambda: json.loads(subprocess.run([sys.executable, "-c", DESCRIBE, name], capture_output=True, text=True,
                                            timeout=120, env=env, check=True).stdout)
    assert run() == {"text": about(name), "tomllib": True}  # no cached tree: the machine's own file
    open_simulated(name, tmp_path / "rocmdesk" / "simulated")
    assert run() == {"text": about(name), "tomllib": False}
