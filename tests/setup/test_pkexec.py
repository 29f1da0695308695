"""The helper through the real pkexec and polkitd, as test users (scripts/ci/pkexec-harness.sh sets them up).

Runs where the tests run as root on a throw-away machine (a container or CI); elsewhere it skips, and it
skips too when pkexec, dbus or polkitd cannot be had.  It changes /etc/group only for its own test user
(rdtest) and never touches /etc/apt.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from rocmdesk.setup import events
from tests.conftest import need_program, proofs_required, require

REPO = Path(__file__).resolve().parents[2]
HARNESS = REPO / "scripts/ci/pkexec-harness.sh"
HELPER = "/usr/libexec/rocmdesk/rocmdesk-helper"
PY = "/usr/bin/python3"
GROUP = Path("/etc/group")
STATE = Path("/var/lib/rocmdesk/setup-state.json")


def _throwaway_machine() -> bool:
    """A container or CI, or the tester said so: the harness adds users and starts daemons."""
    if os.environ.get("ROCMDESK_PKEXEC_TEST") == "1" or os.environ.get("CI") or proofs_required():
        return True  # .ci/run (ROCMDESK_E2E_REQUIRED=1) is root on a throw-away machine
    if Path("/.dockerenv").exists() or Path("/run/.containerenv").exists():
        return True
    try:
        return Path("/proc/1/comm").read_text().strip() != "systemd"
    except OSError:
        return False


@pytest.fixture(scope="session")
def harness() -> None:
    if os.geteuid() != 0:
        require("root", "the real-pkexec tests need root (to set up polkit and the test users)")
    if not _throwaway_machine():  # by design: the harness adds users and starts daemons only where it may
        pytest.skip("not a throw-away machine: set ROCMDESK_PKEXEC_TEST=1 to let the harness add test users here")
    need_program("runuser", "util-linux")
    p = subprocess.run(["bash", str(HARNESS)], capture_output=True, text=True, timeout=600)
    if p.returncode == 77:
        require("pkexec with dbus-daemon --system and polkitd", p.stderr.strip().splitlines()[-1])
    assert p.returncode == 0, p.stderr


def as_user(user: str, plan, *argv: str) -> tuple[int, list[events.Event], str]:
    cmd = ["runuser", "-u", user, "--", *(argv or ("pkexec", HELPER))]
    data = plan if isinstance(plan, bytes) else json.dumps(plan).encode()
    p = subprocess.run(cmd, input=data, capture_output=True, timeout=120, cwd="/")
    evs = [e for e in map(events.parse_line, p.stdout.decode().splitlines()) if e is not None]
    return p.returncode, evs, p.stderr.decode()


RUNNER = (
    "import json, sys; sys.path.insert(0, '/usr/lib/rocmdesk/python');"
    "from rocmdesk.setup import runner;"
    "r = runner.run(json.loads(sys.argv[1]), logs=None);"
    "print(json.dumps({'outcome': r.outcome, 'exit': r.exit, 'message': r.message,"
    "                  'events': [e.event for e in r.events]}))"
)


def via_runner(user: str, plan: dict) -> dict:
    """rocmdesk's own runner, as the user, with the plan: it finds the system helper and calls pkexec."""
    p = subprocess.run(["runuser", "-u", user, "--", PY, "-I", "-c", RUNNER, json.dumps(plan)],
                       capture_output=True, text=True, timeout=120, cwd="/")
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)


def groups_plan(user: str) -> dict:
    return {"schema": 1, "steps": [{"id": "add-groups", "kind": "add-user-to-groups", "title": "Add the user to groups",
                                    "why": "kfd", "root": True, "params": {"user": user, "groups": ["render", "video"]}}]}


VERIFY = {"id": "verify-amdgpu", "kind": "verify", "title": "Check amdgpu", "why": "", "root": False,
          "params": {"check": "amdgpu-loaded"}}


def members(group: str) -> set[str]:
    for line in GROUP.read_text().splitlines():
        parts = line.split(":")
        if parts[0] == group:
            return {m for m in parts[3].split(",") if m}
    return set()


def leave_groups(user: str) -> None:
    for g in ("render", "video"):
        subprocess.run(["gpasswd", "-d", user, g], capture_output=True)


def snapshot() -> tuple[bytes, bytes | None]:
    return GROUP.read_bytes(), STATE.read_bytes() if STATE.exists() else None


pytestmark = pytest.mark.usefixtures("harness")


def test_a_plan_through_pkexec_streams_events_and_changes_what_it_says(harness):
    leave_groups("rdtest")
    plan = groups_plan("rdtest")
    plan["steps"].append(VERIFY)
    code, evs, err = as_user("rdtest", plan)
    loaded = Path("/sys/module/amdgpu").is_dir()
    assert code == (events.EXIT_OK if loaded else events.EXIT_STEP_FAILED), err
    assert evs[0].event == "plan" and evs[0].data["caller"] == "rdtest" and evs[0].data["dry_run"] is False
    assert [(e.event, e.step_id) for e in evs[1:4]] == [("started", "add-groups"), ("ok", "add-groups"),
                                                        ("started", "verify-amdgpu")]
    assert evs[4].event == ("ok" if loaded else "failed") and evs[-1].event == "done"
    assert evs[-1].data["ok"] is loaded
    assert "rdtest" in members("render") and "rdtest" in members("video")
    st = STATE.stat()
    assert st.st_uid == 0 and (st.st_mode & 0o777) == 0o600  # root's resume state, not the user's

    code, evs, err = as_user("rdtest", groups_plan("rdtest"))  # again: the before-check finds it done
    assert code == events.EXIT_OK, err
    assert [(e.event, e.data.get("reason")) for e in evs if e.step_id == "add-groups"] == [
        ("started", None), ("skipped", "done")]


def test_the_runner_as_the_user(harness):
    leave_groups("rdtest")
    r = via_runner("rdtest", groups_plan("rdtest"))
    assert (r["outcome"], r["exit"]) == ("ok", 0) and r["events"] == ["plan", "started", "ok", "done"]
    assert "rdtest" in members("render")


@pytest.mark.parametrize("plan,words", [
    (groups_plan("rdnope"), "is not the caller 'rdtest'"),
    (groups_plan("root"), "is not the caller 'rdtest'"),
    (groups_plan("$(id)"), "not a plain user name"),
    (groups_plan("rdtest\nroot"), "not a plain user name"),
    ({"steps": [{"id": "x", "kind": "run-command", "params": {"argv": ["/bin/sh", "-c", "id"]}}]},
     "not on the allow-list"),
    ({"steps": [{"id": "x", "kind": "write-pin", "params": {"path": "/etc/sudoers.d/rd", "package": "*",
                                                           "origin": "repo.radeon.com", "priority": 600}}]},
     "/etc/apt/preferences.d/"),
])
def test_refused_plans_change_nothing(harness, plan, words):
    leave_groups("rdtest")
    before = snapshot()
    code, evs, err = as_user("rdtest", plan)
    assert code == events.EXIT_REFUSED, err
    assert [e.event for e in evs] == ["refused"] and words in evs[0].data["message"]
    assert snapshot() == before


def test_a_denied_user_gets_127_and_nothing_changes(harness):
    before = snapshot()
    code, evs, err = as_user("rdnope", groups_plan("rdnope"))
    assert code == events.PKEXEC_NOT_AUTHORIZED and evs == [] and "Not authorized" in err
    r = via_runner("rdnope", groups_plan("rdnope"))
    assert (r["outcome"], r["exit"]) == ("not-authorized", 127) and r["message"].endswith("nothing was changed")
    assert snapshot() == before and "rdnope" not in members("render")


def test_the_helper_without_pkexec_refuses_even_with_a_forged_pkexec_uid(harness):
    code, evs, _ = as_user("rdtest", groups_plan("rdtest"), "env", "PKEXEC_UID=0", PY, "-I", HELPER)
    assert code == events.EXIT_NOT_ROOT and evs[0].data["reason"] == "root"


# A stand-in for the password dialog: a polkit authentication agent for its own process that answers every
# request with Cancelled, as a dialog does when the user closes it.  What it runs then is pkexec's child.
AGENT = r'''
import os, subprocess, sys, threading
import gi
gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib
XML = """<node><interface name="org.freedesktop.PolicyKit1.AuthenticationAgent">
<method name="BeginAuthentication"><arg type="s" direction="in"/><arg type="s" direction="in"/>
<arg type="s" direction="in"/><arg type="a{ss}" direction="in"/><arg type="s" direction="in"/>
<arg type="a(sa{sv})" direction="in"/></method>
<method name="CancelAuthentication"><arg type="s" direction="in"/></method></interface></node>"""
PATH = "/org/rocmdesk/TestAgent"
bus = Gio.bus_get_sync(Gio.BusType.SYSTEM, None)
asked = []
def on_call(conn, sender, path, iface, method, params, inv):
    asked.append(method)
    if method == "BeginAuthentication":
        inv.return_dbus_error("org.freedesktop.PolicyKit1.Error.Cancelled", "the test dismissed the dialog")
    else:
        inv.return_value(None)
bus.register_object(PATH, Gio.DBusNodeInfo.new_for_xml(XML).interfaces[0], on_call, None, None)
start = int(open("/proc/self/stat").read().rsplit(")", 1)[1].split()[19])
subject = GLib.Variant("(sa{sv})", ("unix-process", {"pid": GLib.Variant("u", os.getpid()),
                       "start-time": GLib.Variant("t", start), "uid": GLib.Variant("i", os.getuid())}))
bus.call_sync("org.freedesktop.PolicyKit1", "/org/freedesktop/PolicyKit1/Authority",
              "org.freedesktop.PolicyKit1.Authority", "RegisterAuthenticationAgent",
              GLib.Variant.new_tuple(subject, GLib.Variant("s", "C"), GLib.Variant("s", PATH)),
              None, Gio.DBusCallFlags.NONE, 5000, None)
loop, result = GLib.MainLoop(), {}
def child():
    try:
        if sys.argv[1] == "--runner":  # rocmdesk's runner in this process: pkexec's parent has the agent
            sys.path.insert(0, "/usr/lib/rocmdesk/python")
            from rocmdesk.setup import runner
            r = runner.run(__import__("json").loads(sys.argv[2]), logs=None)
            result.update(outcome=r.outcome, rc=r.exit, message=r.message)
        else:
            p = subprocess.run(sys.argv[1:], input=b"{}", capture_output=True)
            result.update(rc=p.returncode, out=p.stdout.decode(), err=p.stderr.decode())
    finally:
        GLib.idle_add(loop.quit)
threading.Thread(target=child, daemon=True).start()
GLib.timeout_add_seconds(60, loop.quit)
loop.run()
result["asked"] = asked
print(__import__("json").dumps(result))
'''


def dismissing(*cmd: str) -> dict:
    p = subprocess.run(["runuser", "-u", "rdask", "--", PY, "-I", "-c", AGENT, *cmd], capture_output=True,
                       text=True, timeout=120, cwd="/")
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)


def test_a_dismissed_password_prompt_is_126_and_changes_nothing(harness):
    if subprocess.run([PY, "-I", "-c", "import gi"], capture_output=True).returncode != 0:
        require("python3-gi", "missing: no stand-in for the password dialog (apt-get install python3-gi)")
    before = snapshot()
    r = dismissing("pkexec", HELPER)
    assert r["asked"] == ["BeginAuthentication"]  # polkit really asked for a password (AUTH_ADMIN)
    assert r["rc"] == events.PKEXEC_DISMISSED and r["out"] == "" and "dismissed" in r["err"]
    r = dismissing("--runner", json.dumps(groups_plan("rdask")))
    assert (r["outcome"], r["rc"]) == ("dismissed", 126)
    assert r["message"] == "the password prompt was dismissed: nothing was changed"
    assert snapshot() == before and "rdask" not in members("render")


def test_polkit_knows_the_action(harness):
    p = subprocess.run(["pkaction", "--action-id", "org.rocmdesk.setup.apply-plan", "--verbose"],
                       capture_output=True, text=True, timeout=30)
    assert p.returncode == 0, p.stderr
    assert "implicit active:   auth_admin_keep" in p.stdout and "implicit any:      auth_admin" in p.stdout
    assert f"org.freedesktop.policykit.exec.path -> {HELPER}" in p.stdout
    st = os.stat(HELPER)
    assert st.st_uid == 0 and (st.st_mode & 0o7777) == 0o755
