"""The .deb, end to end: scripts/ci/build-deb.sh builds rocmdesk (all) and rocmdesk-pyside6 (amd64) once on
Debian 12, and apt installs them with their dependencies into fresh Debian 12 and 13, Ubuntu 22.04 and 24.04
chroots from a local repository (each release's own python3: 3.11, 3.13, 3.10, 3.12).  One chroot per release
holds every check: files and modes, the CLI as the desktop user, the root helper (never the private folder),
the window started from the menu entry's Exec line under Xvfb and its screenshot, the exporter scraped over
HTTP, the man page and bash completion, and apt purge.

The dependencies (and the desktop's own tools: Xvfb, fonts, man-db, bash-completion) are downloaded once by the
host's apt from the chroot's release, resolved against the chroot's own dpkg status, and cached in
${ROCMDESK_CI_CACHE}/deb-deps/; later runs are offline.  The Ubuntu cases skip when this machine cannot reach
Ubuntu's archive (only Debian's is promised).  The chroot itself never reaches a network.

ROCMDESK_DEB_DIR=DIR tests the .debs already built there (scripts/ci/build-deb.sh DIR) instead of building them.
ROCMDESK_DEB_SHOTS=DIR keeps each release's screenshot there as deb-<suite>.png (docs/screenshots/deb/), and
ROCMDESK_DEB_REPORT=FILE appends one JSON line per release: installed sizes, seconds to a painted window.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shlex
import shutil
import stat
import struct
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path
from typing import Iterator

import pytest

from tests.e2e import rig

BUILD_DEB = rig.REPO / "scripts" / "ci" / "build-deb.sh"
SYS_ENV = {"PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "LC_ALL": "C"}
REPO_IN_CHROOT = "/srv/rocmdesk-apt"
MACHINE = "rx6600xt-ubuntu2204"
VENDOR = "/usr/lib/rocmdesk/vendor"
DESKTOP = "/usr/share/applications/io.github.rocmdesk.Rocmdesk.desktop"
SUITES = (rig.DEBIAN, "trixie", *rig.UBUNTU)
# the release's own PySide6 (Debian 13) or rocmdesk-pyside6
SYSTEM_PYSIDE6 = {"trixie"}
# what a desktop has and a minbase chroot lacks: an X server, a font, man and bash completion
DESKTOP_TOOLS = ["xvfb", "fonts-dejavu-core", "man-db", "bash-completion"]
# the same cache folder as scripts/ci/chroot.sh's base tarball
CACHE_DIR = Path(os.environ.get("ROCMDESK_CI_CACHE", "/var/cache/rocmdesk-ci"))
SCREEN = (1280, 800)
WINDOW_TIMEOUT_S = 60

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def debs() -> Iterator[dict[str, Path]]:
    rig.preflight()
    if shutil.which("dpkg-buildpackage") is None and os.geteuid() != 0:
        rig.unavailable("no dpkg-buildpackage (apt-get install dpkg-dev debhelper dh-python pybuild-plugin-pyproject)")
    built = os.environ.get("ROCMDESK_DEB_DIR")
    out = Path(built) if built else Path(tempfile.mkdtemp(prefix="rocmdesk-deb-"))
    try:
        if not built:
            res = subprocess.run([str(BUILD_DEB), str(out)], capture_output=True, text=True, timeout=1200)
            if res.returncode == 77:
                rig.unavailable(res.stderr.strip().splitlines()[-1])
            assert res.returncode == 0, res.stdout + res.stderr
        found = {"rocmdesk": sorted(out.glob("rocmdesk_*_all.deb")),
                 "rocmdesk-pyside6": sorted(out.glob("rocmdesk-pyside6_*_amd64.deb"))}
        assert all(len(v) == 1 for v in found.values()), list(out.iterdir())
        assert len(list(out.glob("*.deb"))) == 2, list(out.iterdir())
        yield {name: paths[0] for name, paths in found.items()}
    finally:
        if not built:
            shutil.rmtree(out, ignore_errors=True)


def _field(deb: Path, name: str) -> str:
    return subprocess.run(["dpkg-deb", "-f", str(deb), name], capture_output=True, text=True,
                          check=True).stdout.strip()


def _flat_repo(folder: Path, debs: list[Path]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for d in debs:
        shutil.copyfile(d, folder / d.name)
    packages = subprocess.run(["apt-ftparchive", "packages", "."], cwd=folder, capture_output=True, check=True,
                              env=SYS_ENV).stdout
    (folder / "Packages").write_bytes(packages)


def _host_apt(work: Path, machine: rig.Chroot, ours: Path) -> list[str]:
    """apt-get on the host, pointed at the chroot's release (chroot.sh sources) plus our two packages, and at
    the chroot's dpkg status, with its own lists and cache under ``work``: the host's /etc/apt is left alone."""
    sources = subprocess.run([str(rig.CHROOT_SH), "sources"], capture_output=True, text=True, check=True,
                             env=rig.suite_env(machine.suite)).stdout
    (work / "sources.list").write_text(sources + f"deb [trusted=yes] file:{ours} ./\n")
    for d in ("parts", "lists/partial", "cache/archives/partial"):
        (work / d).mkdir(parents=True, exist_ok=True)
    return ["apt-get", "-q", "-y", "-o", f"Dir::Etc::SourceList={work}/sources.list",
            "-o", f"Dir::Etc::SourceParts={work}/parts", "-o", f"Dir::State::Lists={work}/lists",
            "-o", f"Dir::Cache={work}/cache", "-o", f"Dir::State::status={machine.p('/var/lib/dpkg/status')}",
            "-o", "Debug::NoLocking=1", "-o", "APT::Install-Recommends=false"]


def _dependency_debs(debs: dict[str, Path], machine: rig.Chroot) -> list[Path]:
    """The .debs apt needs besides ours on this chroot (and the desktop tools): downloaded once by the host's
    apt from the chroot's release (resolved against the chroot's dpkg status, no recommends), then cached by
    our Depends lines, the tools and the base tarball."""
    stamp = (Path(subprocess.run([str(rig.CHROOT_SH), "path"], capture_output=True, text=True, check=True,
                                 env=rig.suite_env(machine.suite)).stdout.strip() + ".stamp")).read_text()
    depends = "\n".join(_field(d, "Depends") for d in debs.values())
    key = hashlib.sha256((depends + "\n" + " ".join(DESKTOP_TOOLS) + "\n" + stamp).encode()).hexdigest()[:16]
    cache = CACHE_DIR / "deb-deps" / key
    if not (cache / ".complete").is_file():
        shutil.rmtree(cache, ignore_errors=True)
        (cache / "partial").mkdir(parents=True)
        with tempfile.TemporaryDirectory(prefix="rocmdesk-apt-") as work:
            _flat_repo(Path(work) / "ours", list(debs.values()))
            apt = _host_apt(Path(work), machine, Path(work) / "ours")
            res = subprocess.run([*apt, "update"], capture_output=True, text=True, env=SYS_ENV, timeout=600)
            if res.returncode == 0:
                res = subprocess.run([*apt, "--download-only", "-o", f"Dir::Cache::archives={cache}/",
                                      "install", "rocmdesk", *DESKTOP_TOOLS], capture_output=True, text=True,
                                     env=SYS_ENV, timeout=900)
        if res.returncode != 0:
            shutil.rmtree(cache, ignore_errors=True)
            tail = "\n".join((res.stdout + res.stderr).strip().splitlines()[-8:])
            if "Unable to correct problems" in tail or "unmet dependencies" in tail.lower():
                # a dependency the release does not have: the package is wrong for it, not the network
                raise AssertionError(f"apt cannot install rocmdesk on {machine.suite}:\n{tail}")
            last = tail.splitlines()[-1] if tail else "?"
            rig.unavailable(f"the host's apt could not download rocmdesk's dependencies for {machine.suite}: {last}")
        for ours in cache.glob("rocmdesk*.deb"):  # apt copies file: packages too; the test brings its own
            ours.unlink()
        (cache / ".complete").write_text(depends + "\n")
    return sorted(cache.glob("*.deb"))


def _mode(machine: rig.Chroot, path: str) -> tuple[int, int, int]:
    st = machine.p(path).lstat()
    return st.st_uid, st.st_gid, stat.S_IMODE(st.st_mode)


def _installed_kib(m: rig.Chroot) -> dict[str, int]:
    out = m.run(["dpkg-query", "-W", "-f", "${Package}\\t${Installed-Size}\\t${db:Status-Status}\\n"]).stdout
    sizes = {}
    for line in out.decode().splitlines():
        name, size, status = (line.split("\t") + ["", ""])[:3]
        if status == "installed":
            sizes[name] = int(size or 0)
    return sizes


# -- the screen: Xvfb's framebuffer file (-fbdir) is an XWD image, read as it is painted ------------------
def read_xwd(path: Path) -> tuple[int, int, bytes]:
    """(width, height, RGB bytes) of a 24/32-bit TrueColor XWD file (what Xvfb -fbdir keeps up to date)."""
    data = path.read_bytes()
    header = struct.unpack(">25I", data[:100])
    header_size, width, height, bpp, bytes_per_line, ncolors = (header[0], header[4], header[5], header[11],
                                                                header[12], header[19])
    assert bpp == 32, f"Xvfb framebuffer with {bpp} bits per pixel"
    start = header_size + ncolors * 12
    rgb = bytearray()
    for y in range(height):
        row = data[start + y * bytes_per_line:start + y * bytes_per_line + width * 4]
        rgb += bytes(b for i in range(0, len(row), 4) for b in (row[i + 2], row[i + 1], row[i]))  # BGRX
    return width, height, bytes(rgb)


def write_png(path: Path, width: int, height: int, rgb: bytes) -> None:
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    raw = b"".join(b"\0" + rgb[y * width * 3:(y + 1) * width * 3] for y in range(height))
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                     + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def painted_box(width: int, height: int, rgb: bytes) -> tuple[int, int, int, int] | None:
    """The bounding box (x0, y0, x1, y1) of everything not black (Xvfb -br: a black root, no window manager)."""
    rows = [y for y in range(0, height, 4) if rgb[y * width * 3:(y + 1) * width * 3].strip(b"\0")]
    if not rows:
        return None
    cols = [x for x in range(0, width, 4) if any(rgb[(y * width + x) * 3:(y * width + x) * 3 + 3] != b"\0\0\0"
                                                  for y in rows[::4])]
    return (min(cols), rows[0], max(cols) + 4, rows[-1] + 4) if cols else None


def _fast_frame(path: Path) -> bytes:
    """The framebuffer's pixel bytes, unconverted: to see when the window is there, and when it settles."""
    return path.read_bytes()[100:]


def _window_mapped(frame: bytes) -> bool:
    """A main window covers most of the screen: more than half of a sparse grid of pixels is not black
    (Xvfb's pointer, or a small dialog, covers far less)."""
    width, height = SCREEN
    start = len(frame) - width * height * 4  # the header's tail and the colour map come first
    grid = [frame[start + (y * width + x) * 4:start + (y * width + x) * 4 + 3]
            for y in range(8, height, 32) for x in range(8, width, 32)]
    return sum(1 for px in grid if px != b"\0\0\0") > len(grid) // 2


def open_window(m: rig.Chroot, exec_argv: list[str]) -> tuple[float, float, Path, str]:
    """Start Xvfb and then ``exec_argv`` as the desktop user; wait for a painted window that stops changing.
    Returns (seconds from the Exec line to the first frame with the window mapped and painted over most of the
    screen, and to its last change before it settled,
    the framebuffer file, the app's output)."""
    fb = m.p("/tmp/fb/Xvfb_screen0")
    stamp, done, log = m.p("/tmp/exec-started"), m.p("/tmp/shot-taken"), "/tmp/window.log"
    user_env = ["env", "-i", "DISPLAY=:99", f"HOME=/home/{rig.USER}", f"USER={rig.USER}", "LANG=C.UTF-8",
                "PATH=/usr/local/bin:/usr/bin:/bin", f"XDG_RUNTIME_DIR=/tmp/xdg-{rig.USER}"]
    script = f"""
mkdir -p /tmp/fb && install -d -m 0700 -o {rig.USER} /tmp/xdg-{rig.USER}
Xvfb :99 -screen 0 {SCREEN[0]}x{SCREEN[1]}x24 -fbdir /tmp/fb -nolisten tcp -br >/tmp/xvfb.log 2>&1 &
xvfb=$!
for i in $(seq 100); do [ -e /tmp/.X11-unix/X99 ] && break; sleep 0.1; done
date +%s.%N >/tmp/exec-started
runuser -u {rig.USER} -- {' '.join(shlex.quote(a) for a in [*user_env, *exec_argv])} >{log} 2>&1 &
app=$!
for i in $(seq {WINDOW_TIMEOUT_S * 10 + 100}); do [ -e /tmp/shot-taken ] && break; sleep 0.1; done
kill -0 $app 2>/dev/null && echo app-alive || echo app-exited
kill $app; wait $app; kill $xvfb; wait $xvfb
true
"""
    cmd = m.netns.enter([str(rig.CHROOT_SH), "run", str(m.root), "/usr/bin/env", "-i", rig.BASE_PATH, "LC_ALL=C",
                         "/bin/sh", "-c", script])
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + WINDOW_TIMEOUT_S + 20
        while not (stamp.is_file() and stamp.read_text().strip()) and time.monotonic() < deadline:
            time.sleep(0.02)
        assert stamp.is_file(), "Xvfb did not start"
        blank = None
        first = None
        last, same_since = b"", 0.0
        while time.monotonic() < deadline:
            frame = _fast_frame(fb)
            now = time.time()
            blank = blank or frame  # Xvfb's first frame: all black
            if first is None and frame != blank and _window_mapped(frame):
                first = now
            if first is not None:
                if frame != last:
                    last, same_since = frame, now
                elif now - same_since > 1.5:  # settled: nothing repainted for 1.5 s
                    break
            time.sleep(0.02)
        shot = fb.with_name("shot.xwd")
        shutil.copyfile(fb, shot)
        done.write_text("1")
        out = proc.communicate(timeout=60)[0].decode(errors="replace")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    app_log = m.p(log).read_text(errors="replace") if m.p(log).is_file() else ""
    assert first is not None, f"no window within {WINDOW_TIMEOUT_S} s:\n{out}\n{app_log}"
    assert "app-alive" in out, f"the window closed by itself:\n{out}\n{app_log}"
    t0 = float(stamp.read_text())
    return first - t0, same_since - t0, shot, app_log


def check_overview(width: int, height: int, rgb: bytes, app_log: str) -> None:
    """The Overview, not a blank window or an error box: a main-window-sized painted area with the variety of
    colours that text, cards and the sidebar give, and no traceback or Qt error in the app's output."""
    box = painted_box(width, height, rgb)
    assert box is not None, "nothing painted"
    w, h = box[2] - box[0], box[3] - box[1]
    assert w >= 800 and h >= 500, f"the painted area is {w}x{h}: a dialog, not the main window\n{app_log}"
    colours = {rgb[i:i + 3] for i in range(0, len(rgb), 3 * 7)}
    assert len(colours) >= 40, f"{len(colours)} colours: a blank window\n{app_log}"
    assert "Traceback" not in app_log and "could not load the Qt platform plugin" not in app_log.lower(), app_log


def _helper_never_loads_vendor(m: rig.Chroot) -> None:
    """The root helper as pkexec starts it (python3 -I), run verbosely: every module it imports is named with its
    file, and none comes from the private folder.  The same for root's rocmdesk (the CLI)."""
    helper = m.run(["python3", "-I", "-v", "/usr/libexec/rocmdesk/rocmdesk-helper", "--root", "/tmp"],
                   input=b"{}", check=False)
    assert helper.returncode == 2, helper.stderr.decode()[-2000:]
    log = helper.stderr.decode()
    assert "rocmdesk/setup/helper.py" in log, log[-2000:]  # -v really lists the files
    assert VENDOR not in log, [line for line in log.splitlines() if VENDOR in line][:5]
    root_cli = m.run(["python3", "-v", "/usr/bin/rocmdesk", "detect", "--simulate", MACHINE], check=False)
    assert root_cli.returncode == 0, root_cli.stderr.decode()[-2000:]
    assert VENDOR not in root_cli.stderr.decode()
    # and the helper's file names no such folder at all
    assert "vendor" not in m.p("/usr/libexec/rocmdesk/rocmdesk-helper").read_text()


def _exporter_scrape(m: rig.Chroot, user: list[str]) -> str:
    """``rocmdesk exporter`` as the desktop user on the simulated machine, and one HTTP GET of /metrics."""
    up = subprocess.run(m.netns.enter([sys.executable, "-c", "from tests.e2e.httpsrepo import loopback_up; "
                                       "loopback_up()"]), cwd=rig.REPO, capture_output=True, text=True)
    assert up.returncode == 0, up.stderr
    get = ("import sys, time, urllib.request\n"
           "for i in range(150):\n"
           "    try:\n"
           "        r = urllib.request.urlopen('http://127.0.0.1:9864/metrics', timeout=5)\n"
           "        print(r.status); print(r.headers.get('Content-Type')); print(r.read().decode()); sys.exit(0)\n"
           "    except OSError:\n"
           "        time.sleep(0.1)\n"
           "sys.exit(1)\n")
    script = (f"{' '.join(shlex.quote(a) for a in user)} rocmdesk exporter --simulate {MACHINE} --port 9864 "
              f">/tmp/exporter.log 2>&1 & pid=$!\n"
              f"python3 -c {shlex.quote(get)}; rc=$?\nkill $pid; wait $pid\n"
              f"[ $rc = 0 ] || cat /tmp/exporter.log; exit $rc")
    res = m.run(["/bin/sh", "-c", script], check=False, timeout=120)
    assert res.returncode == 0, res.stdout.decode() + res.stderr.decode()
    return res.stdout.decode()


def _commands(help_text: str) -> list[str]:
    """The command names ``rocmdesk --help`` lists (the block under COMMAND)."""
    block = help_text.split("COMMAND\n", 1)[1]
    return re.findall(r"^    ([a-z][a-z-]*)(?:\s{2,}|\n)", block, flags=re.M)


def _bash_complete(m: rig.Chroot, line: str) -> list[str]:
    words = line.split()
    script = ("source /usr/share/bash-completion/bash_completion\n"
              "_comp_load rocmdesk 2>/dev/null || __load_completion rocmdesk\n"
              "fn=$(complete -p rocmdesk | sed -E 's/.* -F ([^ ]+) .*/\\1/')\n"
              f"COMP_WORDS=({line}); COMP_CWORD={len(words) - 1}; COMP_LINE={shlex.quote(line)}; "
              "COMP_POINT=${#COMP_LINE}\n"
              f"$fn rocmdesk {shlex.quote(words[-1])} {shlex.quote(words[-2])}\n"
              "printf '%s\\n' \"${COMPREPLY[@]}\"\n")
    res = m.run(["runuser", "-u", rig.USER, "--", "/usr/bin/env", f"HOME=/home/{rig.USER}", "bash", "-c", script],
                check=False)
    assert res.returncode == 0, res.stderr.decode()
    return res.stdout.decode().split()


@pytest.mark.parametrize("suite", SUITES)
def test_the_deb_installs_with_apt_and_runs(debs: dict[str, Path], new_machine, suite: str) -> None:
    m, _uid = new_machine(suite=suite)
    deb = debs["rocmdesk"]
    version = _field(deb, "Version")
    assert not m.p("/usr/lib/python3/dist-packages/numpy").exists()  # apt, not the base, brings them
    m.p(REPO_IN_CHROOT).mkdir(parents=True)
    _flat_repo(m.p(REPO_IN_CHROOT), [*debs.values(), *_dependency_debs(debs, m)])
    m.p("/etc/apt/sources.list").write_text(f"deb [trusted=yes] file:{REPO_IN_CHROOT} ./\n")
    apt_env = [rig.BASE_PATH, "LC_ALL=C", "DEBIAN_FRONTEND=noninteractive"]
    m.run(["apt-get", "-q", "update"])
    # the desktop's tools first, so that what rocmdesk adds is measured alone
    m.run(["apt-get", "-q", "-y", "--no-install-recommends", "install", *DESKTOP_TOOLS], env=apt_env, timeout=600)
    before = _installed_kib(m)
    res = m.run(["apt-get", "-q", "-y", "--no-install-recommends", "install", "rocmdesk"], env=apt_env, timeout=600)
    assert b"Setting up rocmdesk (" in res.stdout, res.stdout.decode()
    after = _installed_kib(m)
    installed = m.installed(["rocmdesk", "rocmdesk-pyside6", "python3-pyside6.qtwidgets"])
    assert installed["rocmdesk"] == version
    if suite in SYSTEM_PYSIDE6:  # the release's own PySide6 takes the first alternative; ours stays out
        assert "python3-pyside6.qtwidgets" in installed and "rocmdesk-pyside6" not in installed, installed
    else:
        assert installed.get("rocmdesk-pyside6") == version, installed

    # the files that must be root's, with the modes pkexec and polkit expect
    assert _mode(m, "/usr/libexec/rocmdesk/rocmdesk-helper") == (0, 0, 0o755)
    assert _mode(m, "/usr/libexec/rocmdesk") == (0, 0, 0o755)
    assert _mode(m, "/usr/share/polkit-1/actions/org.rocmdesk.setup.policy") == (0, 0, 0o644)
    assert _mode(m, "/usr/bin/rocmdesk") == (0, 0, 0o755)
    for path in (DESKTOP, "/usr/share/metainfo/io.github.rocmdesk.Rocmdesk.metainfo.xml",
                 "/usr/share/icons/hicolor/scalable/apps/io.github.rocmdesk.Rocmdesk.svg",
                 "/usr/share/icons/hicolor/48x48/apps/io.github.rocmdesk.Rocmdesk.png",
                 "/usr/share/man/man1/rocmdesk.1.gz", "/usr/share/bash-completion/completions/rocmdesk",
                 "/usr/share/zsh/vendor-completions/_rocmdesk",
                 "/usr/share/fish/vendor_completions.d/rocmdesk.fish"):
        assert _mode(m, path) == (0, 0, 0o644), path
    policy = m.p("/usr/share/polkit-1/actions/org.rocmdesk.setup.policy").read_text()
    assert "<annotate key=\"org.freedesktop.policykit.exec.path\">/usr/libexec/rocmdesk/rocmdesk-helper<" in policy
    # the private folder: root's, nothing in it writable by anyone else, nothing executable
    vendor = m.p(VENDOR)
    assert (vendor / "pyqtgraph" / "__init__.py").is_file()
    assert (vendor / "PySide6").is_dir() == (suite not in SYSTEM_PYSIDE6)
    for path in [vendor, *vendor.rglob("*")]:
        st = path.lstat()
        assert st.st_uid == 0 and st.st_gid == 0 and not st.st_mode & 0o022, path
        assert path.is_dir() or not st.st_mode & 0o111, path

    # the installed rocmdesk, as the desktop user, with the system's python3 and nothing from this tree
    user = ["runuser", "-u", rig.USER, "--", "/usr/bin/env", f"HOME=/home/{rig.USER}"]
    lines = m.run([*user, "rocmdesk", "--version"]).stdout.decode().splitlines()
    assert lines[0] == f"rocmdesk {version}"
    assert not [line for line in lines[1:] if "not installed" in line], lines
    # with the .deb's helper in place, a plan carries no "cannot apply from this install" note
    plan = m.run([*user, "rocmdesk", "plan", "--simulate", MACHINE], check=False)
    assert plan.returncode == 0 and b"Steps:" in plan.stdout, plan.stderr.decode()
    assert b"system helper is not installed" not in plan.stderr, plan.stderr.decode()
    res = m.run([*user, "rocmdesk", "detect", "--simulate", MACHINE, "--json"], check=False)
    assert res.returncode == 0, res.stderr.decode()
    assert json.loads(res.stdout) and "gfx1032" in res.stdout.decode()
    # the catalogue ships in the package: a Chinese locale gets Chinese (no locale generated: Python's UTF-8)
    zh = m.run([*user, "LC_ALL=", "LANG=zh_CN.UTF-8", "rocmdesk", "detect", "--simulate", MACHINE], check=False)
    assert zh.returncode == 0 and "模拟机器" in zh.stdout.decode() and "显存" in zh.stdout.decode(), zh.stderr.decode()
    where = m.run(["python3", "-c", "import rocmdesk, sys; print(rocmdesk.__file__)"]).stdout.decode().strip()
    assert where == "/usr/lib/python3/dist-packages/rocmdesk/__init__.py"
    # rocmdesk's own check that the helper is there and only root can change it
    helper = m.run([*user, "python3", "-c", "from rocmdesk.setup.runner import helper_path; print(helper_path())"])
    assert helper.stdout.decode().strip() == "/usr/libexec/rocmdesk/rocmdesk-helper"
    # the helper, as pkexec would start it, refuses an unknown option and loads nothing from the private folder
    _helper_never_loads_vendor(m)

    # the window, from the menu entry's Exec line, as the desktop user on an X display
    entry = m.p(DESKTOP).read_text()
    exec_line = re.search(r"^Exec=(.*)$", entry, flags=re.M).group(1)
    argv = [a for a in shlex.split(exec_line) if not re.fullmatch(r"%[fFuUick]", a)]
    seconds, settled, shot, app_log = open_window(m, [*argv, "--simulate", MACHINE])
    width, height, rgb = read_xwd(shot)
    check_overview(width, height, rgb, app_log)
    shots = os.environ.get("ROCMDESK_DEB_SHOTS")
    if shots:
        box = painted_box(width, height, rgb)
        assert box is not None
        x0, y0, x1, y1 = box[0], box[1], min(box[2], width), min(box[3], height)
        crop = b"".join(rgb[(y * width + x0) * 3:(y * width + x1) * 3] for y in range(y0, y1))
        Path(shots).mkdir(parents=True, exist_ok=True)
        write_png(Path(shots) / f"deb-{suite}.png", x1 - x0, y1 - y0, crop)

    report = os.environ.get("ROCMDESK_DEB_REPORT")
    if report:
        added = {k: v for k, v in after.items() if k not in before}
        with open(report, "a") as fh:
            fh.write(json.dumps({"suite": suite, "seconds_to_window": round(seconds, 2),
                                 "seconds_to_settled": round(settled, 2),
                                 "rocmdesk_kib": after["rocmdesk"], "pyside6_kib": after.get("rocmdesk-pyside6", 0),
                                 "apt_added_kib": sum(added.values()), "apt_added_packages": len(added)}) + "\n")

    # the exporter with this release's own prometheus_client, scraped over HTTP
    scrape = _exporter_scrape(m, user)
    status, content_type, body = scrape.split("\n", 2)
    assert status == "200" and content_type.startswith("text/plain"), scrape[:500]
    assert re.search(r"^rocmdesk_\w+\{[^}]*card=", body, flags=re.M), body[:2000]

    # man rocmdesk names every command; bash completes "rocmdesk pro" to "profile"
    commands = _commands(m.run([*user, "COLUMNS=200", "rocmdesk", "--help"]).stdout.decode())
    assert {"detect", "plan", "profile", "exporter"} <= set(commands), commands
    page = m.run([*user, "MANPAGER=cat", "MANWIDTH=120", "man", "rocmdesk"]).stdout.decode()
    page = re.sub(r".\x08", "", page)
    missing = [c for c in commands if not re.search(rf"\b{re.escape(c)}\b", page)]
    assert not missing, f"man rocmdesk lacks {missing}"
    assert _bash_complete(m, "rocmdesk pro") == ["profile"]

    # and apt takes it all away again
    m.run(["apt-get", "-q", "-y", "purge", "rocmdesk", "rocmdesk-pyside6"], env=apt_env)
    for path in ("/usr/libexec/rocmdesk", "/usr/share/polkit-1/actions/org.rocmdesk.setup.policy",
                 "/usr/lib/python3/dist-packages/rocmdesk", "/usr/bin/rocmdesk", "/usr/lib/rocmdesk"):
        assert not m.p(path).exists(), path
