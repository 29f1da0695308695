"""File modes (issue 20): what the user exports follows their umask (0644 under 022, 0600 under 077; scripts
0755 and 0700), and rocmdesk's own state stays theirs alone (0600, a cache folder 0700, the single-instance
socket this user's only), whatever the umask.  Each writer is the real one, run under both umasks."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # the PNG export and the socket need a Qt application

import stat
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest

UMASKS = (0o022, 0o077)


@pytest.fixture(params=UMASKS, ids=lambda m: f"umask{m:03o}")
def umask(request, tmp_path, monkeypatch) -> Iterator[int]:
    for var in ("XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME"):
        monkeypatch.setenv(var, str(tmp_path / var.lower()))
    old = os.umask(request.param)
    try:
        yield request.param
    finally:
        os.umask(old)


def _mode(path: Path) -> int:
    return stat.S_IMODE(os.lstat(path).st_mode)


# ---- exports: the user's files, their umask ------------------------------------------------------------------
def _monitor_csv(out: Path) -> Path:
    from rocmdesk.telemetry.history import History
    from rocmdesk.telemetry.history_csv import write_history_csv

    h = History(["gpu0.power_w"])
    h.append(1_750_000_000.0, [100.0])
    write_history_csv(out / "monitor.csv", h, h.series, 1_749_999_999.0, 1_750_000_001.0)
    return out / "monitor.csv"


def _monitor_png(out: Path) -> Path:
    from PySide6.QtGui import QPixmap

    from rocmdesk.ui.monitor.export import save_png

    pixmap = QPixmap(8, 8)
    pixmap.fill()
    save_png(pixmap, out / "monitor.png")
    return out / "monitor.png"


def _doctor_report(out: Path) -> Path:
    from rocmdesk.doctor.diagnose import diagnose
    from rocmdesk.doctor.report import write_report

    write_report(out / "report.md", diagnose(None, texts=[("t", "HIP out of memory")]))
    return out / "report.md"


def _doctor_report_json(out: Path) -> Path:
    from rocmdesk.doctor.diagnose import diagnose
    from rocmdesk.doctor.report import write_report

    write_report(out / "report.json", diagnose(None, texts=[("t", "HIP out of memory")]))
    return out / "report.json"


def _snapshot(out: Path) -> Path:
    from rocmdesk import capture
    from rocmdesk.machine.simulate import open_simulated

    # what `rocmdesk capture` and the Doctor page's "Save a snapshot…" (ui/snapshot_saver) both write with
    return capture.write(capture.capture(open_simulated("rx6600xt-ubuntu2204", out / "cache")), out / "snap.tar.gz")


def _profile_export(out: Path) -> Path:
    from rocmdesk.torchenv.exports import write_export
    from rocmdesk.torchenv.profiles import Profile

    project = out / "proj"
    (project / "venv" / "bin").mkdir(parents=True)
    (project / "venv" / "bin" / "activate").write_text("# activate\n")
    profile = Profile(name="p1", project_dir=str(project), venv=str(project / "venv"),
                      env={"HSA_OVERRIDE_GFX_VERSION": "10.3.0"})
    return write_export(profile, "dotenv", out / "rocm.env").path


def _setup_script(out: Path) -> Path:
    from rocmdesk.ui.pages.setup_page import SetupPage

    page = SimpleNamespace(script=lambda: "#!/usr/bin/env bash\n", _script_status=lambda text: None,
                           tr=lambda text: text)
    assert SetupPage.save_script(page, str(out / "setup.sh"))  # the Setup page's "Save as a script…"
    return out / "setup.sh"


def _fix_script(out: Path) -> Path:
    from rocmdesk.ui.pages.doctor_fix import FixReviewDialog

    dialog = SimpleNamespace(script=lambda: "#!/usr/bin/env bash\n", _say=lambda text: None, tr=lambda text: text)
    assert FixReviewDialog.save_script(dialog, str(out / "fix.sh"))  # the Doctor's fix, saved as a script
    return out / "fix.sh"


EXPORTS: dict[str, Callable[[Path], Path]] = {
    "monitor CSV": _monitor_csv, "monitor PNG": _monitor_png, "Doctor report": _doctor_report,
    "Doctor report (JSON)": _doctor_report_json, "snapshot": _snapshot, "profile export": _profile_export,
}
SCRIPTS: dict[str, Callable[[Path], Path]] = {"Setup script": _setup_script, "Doctor fix script": _fix_script}


@pytest.mark.parametrize("what", list(EXPORTS))
def test_exports_follow_the_umask(what: str, umask: int, tmp_path: Path, qapp) -> None:
    path = EXPORTS[what](tmp_path)
    assert oct(_mode(path)) == oct(0o666 & ~umask), what  # 0644 under 022, 0600 under 077


@pytest.mark.parametrize("what", list(SCRIPTS))
def test_saved_scripts_follow_the_umask_and_run(what: str, umask: int, tmp_path: Path, qapp) -> None:
    path = SCRIPTS[what](tmp_path)
    assert oct(_mode(path)) == oct(0o777 & ~umask), what  # 0755 under 022, 0700 under 077


def test_a_replaced_export_takes_the_umask_of_now(tmp_path: Path) -> None:
    """An export written again is not stuck with the old file's mode (the writer replaces the file)."""
    old = os.umask(0o077)
    try:
        first = _monitor_csv(tmp_path)
        assert _mode(first) == 0o600
        os.umask(0o022)
        assert _mode(_monitor_csv(tmp_path)) == 0o644
    finally:
        os.umask(old)


# ---- private state: this user's only, whatever the umask --------------------------------------------------------
def _settings(tmp: Path) -> Path:
    from rocmdesk import settings

    settings.save_language("en")
    return settings.settings_file()


def _window_state(tmp: Path) -> Path:
    from PySide6.QtWidgets import QWidget

    from rocmdesk.ui import window_state

    window_state.set_notifications_enabled(False)
    window = QWidget()
    window_state.save(window, "monitor")
    window.deleteLater()
    return window_state.state_file()


def _profile(tmp: Path) -> Path:
    from rocmdesk.torchenv.profile_store import ProfileStore
    from rocmdesk.torchenv.profiles import Profile

    store = ProfileStore()
    (tmp / "proj").mkdir()
    saved = store.save(Profile(name="p1", project_dir=str(tmp / "proj"), venv=str(tmp / "proj" / "venv"), env={}))
    return store.path_for(saved.name)


def _verify_history(tmp: Path) -> Path:
    from rocmdesk.ui.pages.torch_status import VerifyHistory

    history = VerifyHistory()
    history.record(tmp / "venv", "ok", "works", "2.5.1+rocm6.2")
    return history.path


def _install_log(tmp: Path) -> Path:
    from rocmdesk.torchenv import install

    log = install._Log(str(install.default_log_dir() / "install.log"))  # noqa: SLF001 (the writer itself)
    log.write("pip install torch")
    return install.default_log_dir() / "install.log"


def _profile_lock(tmp: Path) -> Path:
    from rocmdesk.torchenv.profile_store import ProfileStore

    store = ProfileStore()
    with store.locked():
        pass
    return store.dir / ".lock"


def _setup_log(tmp: Path) -> Path:
    from rocmdesk.setup import runner

    log = runner._Log(tmp / "setup-logs")  # noqa: SLF001 (the writer itself)
    log.write({"event": "start"})
    assert log.path is not None
    return log.path


PRIVATE: dict[str, Callable[[Path], Path]] = {
    "settings.json": _settings, "window.ini": _window_state, "profile": _profile, "profile lock": _profile_lock,
    "PyTorch verify history": _verify_history, "install log": _install_log, "setup log": _setup_log,
}


@pytest.mark.parametrize("what", list(PRIVATE))
def test_private_state_stays_0600(what: str, umask: int, tmp_path: Path, qapp) -> None:
    path = PRIVATE[what](tmp_path)
    assert path.is_file() and oct(_mode(path)) == "0o600", what


def test_the_simulated_machine_cache_is_private(umask: int, tmp_path: Path) -> None:
    from rocmdesk.machine.simulate import ensure_built

    tree = ensure_built("rx6600xt-ubuntu2204", tmp_path / "cache")
    assert oct(_mode(tree)) == "0o700"  # built in a mkdtemp folder, renamed into place


def test_the_single_instance_socket_is_this_users_only(umask: int, tmp_path: Path, qapp) -> None:
    from rocmdesk.ui.single_instance import InstanceServer, server_name

    server = InstanceServer(server_name(tmp_path / "config"))
    try:
        assert server.listening()
        path = Path(server.server.fullServerName())
        assert stat.S_ISSOCK(os.lstat(path).st_mode)
        assert _mode(path) & 0o077 == 0, oct(_mode(path))  # nobody else may connect
    finally:
        server.close()
