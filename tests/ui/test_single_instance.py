"""A second launch raises the first window instead of opening another (issue 18)."""

from __future__ import annotations

import json

import pytest

from rocmdesk.ui import single_instance
from rocmdesk.ui.single_instance import InstanceServer, hand_over, parse_message, server_name


@pytest.mark.parametrize("raw", [
    b"", b"not json", b"[1, 2]", b'{"simulate": 3}', b'{"simulate": ""}', b'{"root": "a\\u0000b"}',
    b"\xff\xfe", b'{"simulate": "' + b"x" * 9000 + b'"}',
])
def test_anything_but_a_launch_request_is_ignored(raw):
    assert parse_message(raw) is None


def test_a_launch_request_is_two_optional_strings():
    assert parse_message(b'{"simulate": "rx6600xt-ubuntu2204", "extra": "$(rm -rf ~)"}') == {
        "simulate": "rx6600xt-ubuntu2204", "root": None}


def test_the_name_is_per_config_directory(tmp_path):
    assert server_name(tmp_path / "a") != server_name(tmp_path / "b")
    assert server_name(tmp_path / "a") == server_name(tmp_path / "a")
    assert len(server_name(tmp_path)) < 60  # a socket path must stay under 108 bytes


def test_nobody_listening_means_this_launch_is_the_first(qapp, tmp_path):
    assert hand_over(server_name(tmp_path), "no-amd-gpu", None) is False


def test_a_second_launch_reaches_the_first(qtbot, tmp_path):
    name = server_name(tmp_path)
    server = InstanceServer(name)
    try:
        assert server.listening()
        with qtbot.waitSignal(server.launched, timeout=5000) as blocker:
            assert hand_over(name, "rx6600xt-ubuntu2204", None)
        assert blocker.args == [{"simulate": "rx6600xt-ubuntu2204", "root": None}]
    finally:
        server.close()


def test_a_stale_socket_from_a_crashed_instance_is_taken_over(qtbot, tmp_path):
    from PySide6.QtNetwork import QLocalServer

    name = server_name(tmp_path)
    first = QLocalServer()
    assert first.listen(name)
    first.close()  # the socket file of a dead instance may remain; a new instance must still listen
    server = InstanceServer(name)
    try:
        assert server.listening()
    finally:
        server.close()


def test_run_hands_over_and_returns_at_once(qtbot, monkeypatch):
    from rocmdesk.ui.app import run

    name = server_name()  # the config dir the UI tests' fixture set for this test
    server = InstanceServer(name)
    try:
        seen = []
        server.launched.connect(seen.append)
        assert run(["rocmdesk"], simulate="no-amd-gpu") == 0  # no window: the first instance takes it
        qtbot.waitUntil(lambda: bool(seen), timeout=5000)
        assert seen == [{"simulate": "no-amd-gpu", "root": None}]
    finally:
        server.close()


def test_the_first_window_switches_to_the_machine_a_second_launch_names(qtbot, simulated_window):
    from rocmdesk.ui.app import _bring_forward

    window = simulated_window("no-amd-gpu")
    window.showMinimized()
    _bring_forward(window, {"simulate": "rx6600xt-ubuntu2204", "root": None})
    assert window.session.simulate == "rx6600xt-ubuntu2204"
    assert not window.isMinimized()
    _bring_forward(window, {"simulate": "no-such-machine", "root": None})  # unknown: only raised
    assert window.session.simulate == "rx6600xt-ubuntu2204"


def test_the_message_is_json_on_one_line():
    # the format is the contract between two versions of the app that may meet across an upgrade
    raw = json.dumps({"simulate": None, "root": "/tmp/x y"}).encode()
    assert parse_message(raw) == {"simulate": None, "root": "/tmp/x y"}
    assert single_instance.MAX_MESSAGE >= 4096
