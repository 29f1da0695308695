"""With no route to the wheel index the PyTorch page says so and points at Index or mirror (issue 18): a real pip,
run by the page's real install runner, pointed at a closed local port."""

from __future__ import annotations

import socket
import subprocess
import sys
from dataclasses import replace

from rocmdesk.torchenv.install import run_install
from tests.ui.test_pytorch_page import open_page, xdg  # noqa: F401 (fixtures)


def _closed_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def test_no_route_to_the_index_points_at_the_mirror_field(open_page, qtbot, tmp_path, monkeypatch):  # noqa: F811
    for var in ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"):
        monkeypatch.delenv(var, raising=False)
    venv = tmp_path / "venv two"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], check=True)

    def install(plan, on_event, cancel):
        # fewer retries than pip's five, so the test is quick; the page's own plan otherwise
        quick = replace(plan, pip=(*plan.pip[:4], "--retries", "1", "--timeout", "3", *plan.pip[4:]),
                        upgrade_pip=False)
        return run_install(quick, on_event=on_event, cancel=cancel, check_space=False)

    page = open_page(installer=install)
    page.venv_edit.setText(str(venv))
    page._venv_edited(str(venv))
    page.index_edit.setText(f"http://127.0.0.1:{_closed_port()}/simple")
    page._options_changed()
    with qtbot.waitSignal(page.installFinished, timeout=120000) as finished:
        assert page.start_install()
    result = finished.args[0]
    assert not result.ok and result.failure is not None and result.failure.kind == "network"
    text = page.phase_label.text()
    assert text.startswith("The install failed.") and "could not reach the wheel index" in text
    assert "Index or mirror" in text and "conflicting" not in text
    assert "Connection refused" in page.log.toPlainText()  # pip's own lines, not only its last one
    qtbot.waitUntil(lambda: page.focusWidget() is page.index_edit, timeout=5000)  # the field that fixes it
    assert page.index_edit.selectedText() == page.index_edit.text()
