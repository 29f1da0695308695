"""The executors of each step kind, on a throw-away tree (``Executor(root=tmp_path)``).

Commands are real root-owned binaries: /usr/bin/false for a failure, and /bin/sh with a script standing in
for apt-get (its arguments arrive as "$@" and it edits the tree's dpkg status like apt would).
"""

from __future__ import annotations

import base64
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rocmdesk.setup import helper_execute as execute
from rocmdesk.setup.helper_execute import (
    Executor,
    StepError,
    UntrustedProgram,
    atomic_write,
    check_trusted,
    dearmor,
    dpkg_status,
    group_members,
)
from rocmdesk.setup.steps import Step, file_content, validate
from tests.conftest import need_program, require

CALLER = "wei"
ROOT = os.geteuid() == 0
SH = "/bin/sh"
KEY_URL = "https://repo.radeon.com/rocm/rocm.gpg.key"
KEY_PATH = "/etc/apt/keyrings/rocm.gpg"
# an old-format public-key packet header (tag 6, two length bytes) and a body: enough for the tag check
FAKE_KEY = b"\x99\x00\x0d" + bytes(range(13))


def step(sid: str, kind: str, **params) -> Step:
    return Step(sid, kind, sid, "", kind != "verify", params)


LIST = step("write-rocm-list", "write-apt-list", path="/etc/apt/sources.list.d/rocm.list",
            uri="https://repo.radeon.com/rocm/apt/6.2.4", suite="noble", components=["main"], arch="amd64",
            signed_by=KEY_PATH)
PIN = step("write-pin", "write-pin", path="/etc/apt/preferences.d/rocm-pin-600", package="*",
           origin="repo.radeon.com", priority=600)
KEY = step("install-key", "install-key", url=KEY_URL, path=KEY_PATH)
UPDATE = step("apt-update", "apt-update")
INSTALL = step("install-rocm", "apt-install", packages=["rocm-hip-runtime", "rocm-smi-lib"])
PURGE = step("cleanup-purge", "apt-purge", packages=["rocm-core", "hip-runtime-amd", "never-there"], autoremove=True)
GROUPS = step("add-groups", "add-user-to-groups", user=CALLER, groups=["render", "video"])


def status_entry(name: str, state: str = "installed", version: str = "6.2.4.60204-139~24.04") -> str:
    return f"Package: {name}\nStatus: install ok {state}\nArchitecture: amd64\nVersion: {version}\n"


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    root = tmp_path / "root"
    (root / "etc/apt/sources.list.d").mkdir(parents=True)
    (root / "var/lib/dpkg").mkdir(parents=True)
    (root / "var/lib/dpkg/status").write_text(status_entry("base-files", version="13"))
    (root / "etc/passwd").write_text("root:x:0:0:root:/root:/bin/bash\nwei:x:1000:1000::/home/wei:/bin/bash\n")
    (root / "etc/group").write_text("root:x:0:\nvideo:x:44:\nrender:x:995:\nwei:x:1000:\n")
    return root


def fake_apt(tree: Path, script: str) -> list[str]:
    """apt-get as ``/bin/sh -c SCRIPT apt-get ARGS...``; ``$T`` in the script is the tree."""
    return [SH, "-c", f"T={tree}; {script}", "apt-get"]


def _trusted_python() -> str:
    # the executor runs only root-owned interpreters in root-owned folders; a venv under /tmp (as in a
    # CI clone) is not one, so the checks that open a file use the system's python3 where there is one
    for candidate in ("/usr/bin/python3", sys.executable):
        try:
            check_trusted(candidate)
            return candidate
        except Exception:
            continue
    require("a root-owned python3", "none to run the executor's checks with (apt-get install python3)")


def ex(tree: Path, lines: list | None = None, **kw) -> Executor:
    out = lines if lines is not None else []
    programs = dict(kw.pop("programs", None) or {})
    programs.setdefault("python", [_trusted_python()])
    return Executor(CALLER, root=tree, on_output=lambda sid, line: out.append((sid, line)), programs=programs, **kw)


# -- primitives ------------------------------------------------------------------------------------------
def test_trusted_programs_are_root_owned_all_the_way_up(tmp_path):
    check_trusted("/usr/bin/true")
    check_trusted("/bin/sh")  # through the /bin link on merged-/usr systems
    fake = tmp_path / "apt-get"
    fake.write_text("#!/bin/sh\n")
    fake.chmod(0o755)
    with pytest.raises(UntrustedProgram, match="writable by group or others|not owned by root"):
        check_trusted(str(fake))  # /tmp is world-writable: whoever can write there could swap it
    with pytest.raises(UntrustedProgram, match="absolute"):
        check_trusted("apt-get")
    with pytest.raises(UntrustedProgram, match="missing"):
        check_trusted("/usr/bin/no-such-program-rocmdesk")
    with pytest.raises(UntrustedProgram, match="not an executable file"):
        check_trusted("/usr/bin")


@pytest.mark.skipif(not ROOT, reason="needs root to hand a file to another owner")
def test_a_program_owned_by_a_user_is_refused(tmp_path):
    d = Path("/usr/local/lib/rocmdesk-test-trust")
    d.mkdir(exist_ok=True)
    try:
        prog = d / "tool"
        shutil.copy("/usr/bin/true", prog)
        prog.chmod(0o755)
        check_trusted(str(prog))
        os.chown(prog, 65534, 65534)
        with pytest.raises(UntrustedProgram, match="not owned by root"):
            check_trusted(str(prog))
        os.chown(prog, 0, 0)
        prog.chmod(0o775)
        with pytest.raises(UntrustedProgram, match="writable by group"):
            check_trusted(str(prog))
    finally:
        shutil.rmtree(d)


def test_atomic_write_mode_content_and_no_leftovers(tmp_path):
    target = tmp_path / "a/b/file.gpg"
    atomic_write(target, b"one", 0o644)
    assert target.read_bytes() == b"one" and (target.stat().st_mode & 0o777) == 0o644
    atomic_write(target, b"two", 0o600)
    assert target.read_bytes() == b"two" and (target.stat().st_mode & 0o777) == 0o600
    assert sorted(p.name for p in target.parent.iterdir()) == ["file.gpg"]


def test_atomic_write_replaces_a_link_instead_of_writing_through_it(tmp_path):
    victim = tmp_path / "victim"
    victim.write_text("keep me")
    link = tmp_path / "rocm.list"
    link.symlink_to(victim)
    atomic_write(link, b"deb ...\n", 0o644)
    assert not link.is_symlink() and link.read_bytes() == b"deb ...\n"
    assert victim.read_text() == "keep me"


def test_atomic_write_failure_keeps_the_old_file(tmp_path, monkeypatch):
    target = tmp_path / "pin"
    target.write_text("old")

    def boom(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(execute.os, "replace", boom)
    with pytest.raises(OSError):
        atomic_write(target, b"new", 0o644)
    assert target.read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["pin"]


def _armor(binary: bytes, headers: str = "", crc_of: bytes | None = None) -> bytes:
    body = base64.b64encode(binary).decode()
    crc = base64.b64encode(execute._crc24(binary if crc_of is None else crc_of).to_bytes(3, "big")).decode()
    lines = [body[i:i + 64] for i in range(0, len(body), 64)]
    return ("-----BEGIN PGP PUBLIC KEY BLOCK-----\n" + headers + "\n" + "\n".join(lines) + f"\n={crc}\n"
            "-----END PGP PUBLIC KEY BLOCK-----\n").encode()


def test_dearmor_own_armor_binary_and_damage():
    assert dearmor(_armor(FAKE_KEY)) == FAKE_KEY
    assert dearmor(_armor(FAKE_KEY, "Version: GnuPG v2\nComment: test\n")) == FAKE_KEY
    assert dearmor(FAKE_KEY) == FAKE_KEY  # binary already: kept
    damaged = _armor(FAKE_KEY, crc_of=FAKE_KEY[:-1] + b"\x00")  # one byte changed on the way
    with pytest.raises(StepError, match="checksum"):
        dearmor(damaged)
    with pytest.raises(StepError, match="not an OpenPGP public key"):
        dearmor(b"<html><body>404 Not Found</body></html>")
    with pytest.raises(StepError, match="not an OpenPGP public key"):
        dearmor(_armor(b"\xb4\x00"))  # armored, but a user-id packet, not a key
    with pytest.raises(StepError, match="END"):
        dearmor(b"-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nAAAA\n")


def test_dearmor_matches_gpg(tmp_path):
    """A real key, armored by gpg: ours gives the bytes gpg --export gives (and gpg --dearmor)."""
    need_program("gpg", "gnupg")
    home = tmp_path / "gnupg"
    home.mkdir(mode=0o700)
    gpg = ["gpg", "--homedir", str(home), "--batch", "--quiet"]
    subprocess.run(gpg + ["--passphrase", "", "--quick-gen-key", "rocmdesk test <t@example.invalid>", "ed25519",
                          "sign", "never"], check=True, capture_output=True, timeout=60)
    binary = subprocess.run(gpg + ["--export"], check=True, capture_output=True, timeout=30).stdout
    armored = subprocess.run(gpg + ["--export", "--armor"], check=True, capture_output=True, timeout=30).stdout
    assert armored.startswith(b"-----BEGIN PGP PUBLIC KEY BLOCK-----")
    assert dearmor(armored) == binary
    (tmp_path / "key.asc").write_bytes(armored)
    out = tmp_path / "key.gpg"
    subprocess.run(gpg + ["--dearmor", "-o", str(out), str(tmp_path / "key.asc")], check=True, timeout=30)
    assert dearmor(armored) == out.read_bytes()


def test_dpkg_status_and_group_parsers():
    text = "\n".join([status_entry("rocm-core"), status_entry("rocm-core", "config-files"),
                      status_entry("hip-runtime-amd", "not-installed"),
                      "Package: x\nStatus: install ok installed\nDescription: one\n two\n"])
    st = dpkg_status(text)
    assert st["rocm-core"][0][0] == "installed" and st["rocm-core"][1][0] == "config-files"
    assert st["hip-runtime-amd"] == [("not-installed", "6.2.4.60204-139~24.04")]
    assert st["x"] == [("installed", "")]
    g = group_members("render:x:995:wei,lena\nvideo:x:44:\nbroken\n")
    assert g == {"render": (995, {"wei", "lena"}), "video": (44, set())}


# -- file steps --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("s", [LIST, PIN], ids=["apt-list", "pin"])
def test_file_steps_write_the_exact_bytes_then_skip(tree, s):
    e = ex(tree)
    out = e.execute(s)
    assert out.status == "ok", out.message
    path = tree / s.params["path"].lstrip("/")
    assert path.read_text() == file_content(s) and (path.stat().st_mode & 0o777) == 0o644
    again = e.execute(s)
    assert (again.status, again.reason) == ("skipped", "done")
    path.write_text("deb http://elsewhere/ old main\n")  # different bytes: written again
    assert e.execute(s).status == "ok" and path.read_text() == file_content(s)


def test_install_key_downloads_dearmors_and_writes_0644(tree):
    asked = []

    def fetch(url):
        asked.append(url)
        return _armor(FAKE_KEY)

    e = ex(tree, fetch=fetch)
    out = e.execute(KEY)
    assert out.status == "ok", out.message
    key = tree / KEY_PATH.lstrip("/")
    assert key.read_bytes() == FAKE_KEY and (key.stat().st_mode & 0o777) == 0o644
    assert (key.parent.stat().st_mode & 0o777) == 0o755 and asked == [KEY_URL]
    assert e.execute(KEY).status == "skipped" and asked == [KEY_URL]  # already there: no download


def test_install_key_failures_change_nothing(tree):
    def offline(url):
        raise StepError(f"could not download {url}: Temporary failure in name resolution")

    out = ex(tree, fetch=offline).execute(KEY)
    assert out.status == "failed" and "name resolution" in out.message
    out = ex(tree, fetch=lambda url: b"<html>captive portal</html>").execute(KEY)
    assert out.status == "failed" and "not an OpenPGP public key" in out.message
    assert not (tree / KEY_PATH.lstrip("/")).exists()


def test_redirects_only_to_https_on_amd_hosts():
    handler = execute._HttpsOnlyRedirects()
    with pytest.raises(StepError, match="redirected"):
        handler.redirect_request(None, None, 302, "Found", {}, "http://repo.radeon.com/rocm/rocm.gpg.key")
    with pytest.raises(StepError, match="redirected"):
        handler.redirect_request(None, None, 302, "Found", {}, "https://evil.example/rocm.gpg.key")
    with pytest.raises(StepError, match="not https"):
        execute.fetch_https("http://repo.radeon.com/rocm/rocm.gpg.key")


# -- apt steps ---------------------------------------------------------------------------------------------
def test_a_test_tree_never_reaches_the_hosts_apt(tree):
    for s in (UPDATE, INSTALL):
        out = ex(tree).execute(s)
        assert out.status == "failed" and "not available on a test tree" in out.message


def test_apt_install_streams_output_and_checks_after(tree):
    lines: list = []
    add = "printf '\\n%s' \"$(cat $T/pkgs)\" >> $T/var/lib/dpkg/status"
    (tree / "pkgs").write_text(status_entry("rocm-hip-runtime") + "\n" + status_entry("rocm-smi-lib"))
    e = ex(tree, lines, programs={"apt-get": fake_apt(tree, f'echo "args: $*"; echo Setting up rocm; {add}')})
    out = e.execute(INSTALL)
    assert out.status == "ok", out.message
    assert lines == [("install-rocm", "args: -q -y -o Dpkg::Use-Pty=0 install -o APT::Cmd::Pattern-Only=true -- "
                                      "rocm-hip-runtime rocm-smi-lib"),
                     ("install-rocm", "Setting up rocm")]
    lines.clear()
    assert e.execute(INSTALL).status == "skipped" and lines == []  # before-check: installed, apt not run


def test_apt_install_failures(tree):
    out = ex(tree, programs={"apt-get": ["/usr/bin/false"]}).execute(INSTALL)
    assert (out.status, out.exit) == ("failed", 1) and "exited with 1" in out.message
    # apt says it worked, but the packages are not there: the after-check catches it
    out = ex(tree, programs={"apt-get": fake_apt(tree, "echo done")}).execute(INSTALL)
    assert out.status == "failed" and "not installed after apt-get: rocm-hip-runtime, rocm-smi-lib" in out.message
    assert out.output == ["done"]


@pytest.mark.parametrize("name", ["rocm-core=6.2.4.60204-139~24.04", "tcsh-", "fis.+", "openssh-server", "rocm-core"])
def test_apt_install_checks_the_names_again_before_apt_runs(tree, name):
    """A step that did not come through validate: the executor refuses what the allow-list refuses, apt never runs."""
    calls = tree / "calls"
    s = step("install", "apt-install", packages=[name])
    out = ex(tree, programs={"apt-get": fake_apt(tree, f'echo "$*" >> {calls}')}).execute(s)
    assert out.status == "failed" and not calls.exists()
    assert ("not a package rocmdesk's plans install" if name in ("openssh-server", "rocm-core") else "which apt-get"
            ) in out.message


def test_apt_update_reads_apts_messages(tree):
    ok = ex(tree, programs={"apt-get": fake_apt(tree, "echo 'Hit:1 https://repo.radeon.com noble InRelease'")})
    assert ok.execute(UPDATE).status == "ok"
    bad = ex(tree, programs={"apt-get": fake_apt(tree, "echo 'W: Failed to fetch https://repo.radeon.com/x'")})
    out = bad.execute(UPDATE)
    assert out.status == "failed" and "could not read every repository" in out.message
    # apt-update has no before-check: only a finished earlier run of the same plan skips it
    assert ok.execute(UPDATE, finished_before=True).reason == "earlier-run"


def test_apt_purge_names_only_whats_there(tree):
    (tree / "var/lib/dpkg/status").write_text("\n".join([
        status_entry("rocm-core"), status_entry("hip-runtime-amd", "config-files")]))
    e = ex(tree, programs={"apt-get": fake_apt(tree, 'echo "$*" >> $T/calls; : > $T/var/lib/dpkg/status')})
    out = e.execute(PURGE)
    assert out.status == "ok", out.message
    assert (tree / "calls").read_text().splitlines() == [
        "-q -y -o Dpkg::Use-Pty=0 purge -o APT::Cmd::Pattern-Only=true -- rocm-core hip-runtime-amd",
        "-q -y -o Dpkg::Use-Pty=0 autoremove --purge"]
    assert e.execute(PURGE).status == "skipped"


# -- remove-path ---------------------------------------------------------------------------------------
def test_remove_path_trees_links_and_absence(tree, tmp_path):
    old = tree / "opt/rocm-5.7.1"
    (old / "lib").mkdir(parents=True)
    (old / "lib/libhip.so").write_text("x")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "precious").write_text("keep")
    (old / "link-out").symlink_to(outside)
    s = step("cleanup-remove-opt-rocm-5.7.1", "remove-path", path="/opt/rocm-5.7.1")
    assert ex(tree).execute(s).status == "ok"
    assert not old.exists() and (outside / "precious").read_text() == "keep"
    assert ex(tree).execute(s).status == "skipped"
    (tree / "opt/rocm-5.7.1").symlink_to(outside)  # the path itself a link: the link goes, not its target
    assert ex(tree).execute(s).status == "ok"
    assert (outside / "precious").exists()


# -- groups --------------------------------------------------------------------------------------------
@pytest.mark.skipif(not ROOT, reason="usermod needs root, even on a tree")
def test_groups_with_real_usermod_on_the_tree(tree):
    lines: list = []
    e = ex(tree, lines)
    out = e.execute(GROUPS)
    assert out.status == "ok", out.message
    assert "log out and in" in out.message
    members = group_members((tree / "etc/group").read_text())
    assert CALLER in members["render"][1] and CALLER in members["video"][1]
    assert e.execute(GROUPS).status == "skipped"


def test_groups_primary_group_counts_and_missing_groups_fail_clearly(tree):
    (tree / "etc/group").write_text("video:x:44:wei\nrender:x:1000:\n")
    (tree / "etc/passwd").write_text("wei:x:1000:1000::/home/wei:/bin/bash\n")
    assert ex(tree).execute(GROUPS).status == "skipped"  # render is wei's primary group
    (tree / "etc/group").write_text("video:x:44:\nwei:x:1000:\n")
    out = ex(tree).execute(GROUPS)
    assert out.status == "failed" and "the group render does not exist" in out.message


def test_groups_only_for_the_caller(tree):
    other = step("add-groups", "add-user-to-groups", user="lena", groups=["render"])
    out = ex(tree).execute(other)
    assert out.status == "failed" and "not the caller" in out.message
    assert "lena" not in (tree / "etc/group").read_text()


# -- verify ----------------------------------------------------------------------------------------------
def test_verify_checks(tree):
    amdgpu = step("verify-amdgpu", "verify", check="amdgpu-loaded")
    assert ex(tree).execute(amdgpu).status == "failed"
    (tree / "sys/module/amdgpu").mkdir(parents=True)
    assert ex(tree).execute(amdgpu).status == "ok"
    assert ex(tree).execute(amdgpu, finished_before=True).status == "ok"  # checks always run again

    kfd = step("verify-kfd", "verify", check="kfd-opens")
    out = ex(tree).execute(kfd)
    assert out.status == "failed" and "no /dev/kfd" in out.message
    (tree / "dev").mkdir()
    (tree / "dev/kfd").write_text("")
    assert ex(tree).execute(kfd).status == "ok"

    info = step("verify-rocminfo", "verify", check="rocminfo-lists-gfx", program="/opt/rocm-6.2.4/bin/rocminfo",
                expect=["gfx1030", "gfx1100"])
    agents = "for i in $(seq 300); do echo '  Marketing Name: x'; done; echo '  Name: gfx1100'; echo '  Name: gfx1030'"
    fine = {"rocminfo": [SH, "-c", agents, "rocminfo"]}
    assert ex(tree, programs=fine).execute(info).status == "ok"  # found far beyond the kept tail
    half = {"rocminfo": [SH, "-c", "echo '  Name: gfx1100'", "rocminfo"]}
    out = ex(tree, programs=half).execute(info)
    assert out.status == "failed" and out.message == "rocminfo does not list gfx1030"
    out = ex(tree).execute(info)
    assert out.status == "failed" and "not available on a test tree" in out.message

    smi = step("verify-rocm-smi", "verify", check="rocm-smi-shows-gpu", program="/opt/rocm-6.2.4/bin/rocm-smi")
    args = {"rocm-smi": [SH, "-c", 'test "$1" = --showproductname', "rocm-smi"]}
    assert ex(tree, programs=args).execute(smi).status == "ok"


def test_a_hanging_command_is_stopped(tree):
    e = ex(tree)
    ran = e.command(INSTALL, [SH, "-c", "echo started; sleep 30"], timeout=0.3)
    assert ran.exit is None and "no answer after 0.3 s" in ran.message and ran.output == ["started"]


def test_every_kind_has_an_executor():
    from rocmdesk.setup.steps import KINDS

    assert set(execute.EXECUTORS) == set(KINDS)


def test_the_validated_plan_of_a_simulated_machine_runs_on_a_tree(tree, tmp_path):
    """A whole plan rocmdesk builds, validated the way the helper does, through every executor."""
    from rocmdesk.machine.detect import detect
    from rocmdesk.machine.simulate import open_simulated
    from rocmdesk.setup.choices import Choices
    from rocmdesk.setup.plan import plan

    report = detect(open_simulated("rx7900xtx-ubuntu2404", cache_dir=tmp_path / "sim"))
    steps = validate(plan(report, Choices(scope="runtime", user=CALLER)).to_json(), CALLER)
    add = "printf '\\n%s' \"$(cat $T/pkgs)\" >> $T/var/lib/dpkg/status"
    install = [s for s in steps if s.kind == "apt-install"][0]
    (tree / "pkgs").write_text("\n".join(status_entry(p) for p in install.params["packages"]))
    (tree / "sys/module/amdgpu").mkdir(parents=True)
    (tree / "dev").mkdir()
    (tree / "dev/kfd").write_text("")
    e = ex(tree, fetch=lambda url: _armor(FAKE_KEY), programs={
        "apt-get": fake_apt(tree, f'test "$5" = install && {add}; true'),
        "rocminfo": [SH, "-c", "echo gfx1100", "rocminfo"],
        "rocm-smi": ["/usr/bin/true"]})
    results = {s.id: e.execute(s) for s in steps if ROOT or s.kind != "add-user-to-groups"}
    assert {k: v.status for k, v in results.items() if v.status != "ok"} == {}, \
        {k: v.message for k, v in results.items()}
    assert (tree / "etc/apt/sources.list.d/rocm.list").read_text().startswith("deb [arch=amd64 signed-by=")
    # ROCm 7.x: the graphics repository in a list of its own, the bytes the script writes too
    (graphics,) = [s for s in steps if s.id == "write-graphics-list"]
    assert results["write-graphics-list"].status == "ok"
    assert (tree / "etc/apt/sources.list.d/rocm-graphics.list").read_text() == file_content(graphics) == (
        "deb [arch=amd64 signed-by=/etc/apt/keyrings/rocm.gpg] https://repo.radeon.com/graphics/7.2.4/ubuntu noble main\n")


@pytest.mark.skipif(not ROOT, reason="dropping to the caller needs root")
def test_checks_run_as_the_caller_with_a_new_logins_groups():
    """On the live machine a check's process is the caller's, not root's (here: nobody, running id)."""
    e = Executor("nobody")
    drop = e._drop_to_caller()
    assert drop["user"] == 65534 and drop["group"] == 65534
    ran = e.command(INSTALL, ["/usr/bin/id", "-u"], timeout=10, as_caller=True)
    assert (ran.exit, ran.output) == (0, ["65534"])
    ran = e.command(INSTALL, ["/usr/bin/id", "-u"], timeout=10)
    assert ran.output == ["0"]  # the steps themselves run as root
    assert Executor("root")._drop_to_caller() == {}


def test_children_get_the_fixed_environment(tree, monkeypatch):
    monkeypatch.setenv("LD_PRELOAD", "/tmp/evil.so")
    monkeypatch.setenv("PATH", "/tmp/evil:/usr/bin")
    ran = ex(tree).command(INSTALL, ["/usr/bin/env"], timeout=10)
    assert sorted(ran.output) == ["DEBIAN_FRONTEND=noninteractive", "LC_ALL=C", "PATH=/usr/sbin:/usr/bin:/sbin:/bin"]
