"""What moves in a built simulated tree: the metric files and the GPU processes, rewritten as at time t.

The monitor's tests and the app's simulated mode call these on a timer; each file is replaced atomically so a
reader never sees half a value.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
from pathlib import Path

from rocmdesk.machine.host import Host
from rocmdesk.machine.sim_load import gpu_metrics_blob, metric_files, metrics_for, seed_of
from rocmdesk.machine.sim_records import KiB, MiB, SimMachine
from rocmdesk.machine.sim_spec import get_machine
from rocmdesk.machine.simcache import META_FILE, sim_metadata


_META: dict[str, tuple[tuple[int, int, int], dict]] = {}  # metadata file -> (its stat, what it says)


def _metadata(root: Path) -> dict | None:
    """The tree's metadata (simcache.sim_metadata), read again only when its file changed: both writers below
    run every second for as long as a monitor watches, and a big machine's file takes a while to check."""
    path = root / META_FILE
    try:
        st = os.stat(path)
    except OSError:
        return None
    key, known = (st.st_ino, st.st_mtime_ns, st.st_size), _META.get(str(path))
    if known is not None and known[0] == key:
        return known[1]
    meta = sim_metadata(root)
    if meta is not None:
        if len(_META) >= 64:
            _META.clear()
        _META[str(path)] = (key, meta)
    return meta


def _holds(path: Path, data: bytes) -> bool:
    """Whether ``path`` is a regular file holding exactly ``data`` (a FIFO or device a test put there is not read:
    opened without blocking, and only a regular file counts)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError:
        return False
    try:
        return stat.S_ISREG(os.fstat(fd).st_mode) and os.read(fd, len(data) + 1) == data
    except OSError:
        return False
    finally:
        os.close(fd)


def _atomic_write(path: Path, text: str | bytes) -> None:
    """Replace ``path`` by a file holding ``text``, unless it holds that already.

    Most files of an idle GPU read the same from one second to the next: reading one costs a small part of
    replacing it (a new file and a rename), which a monitor of a simulated machine pays every second."""
    data = text.encode("utf-8") if isinstance(text, str) else text
    if _holds(path, data):
        return
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")  # dotted: no glob like temp*_input sees it
    with open(tmp, "wb") as fh:
        fh.write(data)
    os.replace(tmp, path)


def write_metrics(root: Path, t: float) -> None:
    """Rewrite the moving metric files of a simulated tree as at time t; each file is replaced atomically.

    GPUs whose ``power/runtime_status`` is ``suspended`` are left alone: reading a real one would wake it.
    """
    root = Path(root)
    meta = _metadata(root)
    if meta is None:
        raise ValueError(f"{root} is not a simulated machine (no readable {META_FILE})")
    machine = get_machine(str(meta.get("name")))
    host = Host.at_root(root, label="simulated tree")
    for gm in meta.get("gpus", []):
        index = gm.get("index")
        if not isinstance(index, int) or not 0 <= index < len(machine.gpus):
            continue
        pci, hw = str(gm.get("sysfs")), str(gm.get("hwmon"))
        if host.read_value(f"{pci}/power/runtime_status") == "suspended":
            continue
        g = machine.gpus[index]
        m = metrics_for(machine, index, t)
        for p, text in metric_files(g, m, pci, hw).items():
            _atomic_write(host.path(p), text)
        _atomic_write(host.path(f"{pci}/gpu_metrics"), gpu_metrics_blob(g, m, t, seed_of(f"{machine.name}:{index}")))


# ---------------------------------------------------------------------------
# Simulated GPU processes (for the monitor's process table)
# ---------------------------------------------------------------------------

_SIM_PID_BASE = 31400  # training ranks get 31400 + GPU index; the compositor 2100
ENGINE_STATE = ".rocmdesk-sim-engines.json"  # beside the tree's metadata: the engine counters written last


def _sim_processes(machine: SimMachine, gm: dict, t: float) -> list[dict]:
    """The processes one GPU has at time t: a training rank while it holds a job, the desktop's compositor."""
    i = gm["index"]
    g = machine.gpus[i]
    m = metrics_for(machine, i, t)
    out = []
    job = max(0, m.vram_used_bytes - g.vram_idle_used)
    # engines: percent busy per drm-engine name.  A ROCm rank's kernels run on KFD queues, which fdinfo does not
    # count: its DRM client shows only the copies it sends through the render node (a little dma)
    if job >= 64 * MiB:
        out.append({"pid": _SIM_PID_BASE + i, "comm": "python3", "kfd": True,
                    "cmdline": ["python3", "train.py", f"--local-rank={i}"],
                    "vram": job, "gtt": max(0, m.gtt_used_bytes - g.gtt_idle_used), "busy": m.busy_percent,
                    "engines": {"dma": round(m.busy_percent * 0.02, 3)}})
    if g.boot_vga and g.connectors:  # the display GPU: a compositor and a video player, graphics clients only
        out.append({"pid": 2100, "comm": "gnome-shell", "kfd": False, "cmdline": ["/usr/bin/gnome-shell"],
                    "vram": g.vram_idle_used // 2, "gtt": g.gtt_idle_used // 2, "busy": 1,
                    "engines": {"gfx": 2.0 + (t % 7.0) / 3.5, "dma": 0.2}})
        out.append({"pid": 2480, "comm": "mpv", "kfd": False, "cmdline": ["/usr/bin/mpv", "talk.mkv"],
                    "vram": 96 * MiB, "gtt": 8 * MiB, "busy": 1,
                    "engines": {"gfx": 3.0, "dec": 11.0 + (t % 5.0), "jpeg": 0.0}})
    return out


def _engine_counters(state: dict, client: str, engines: dict[str, float], t: float) -> dict[str, int]:
    """The busy-time counters of one client at time t: the last ones plus each engine's share of the time since.

    A counter never goes back: a monitor that starts again (t from 0) goes on from what the tree last showed,
    as a real client's counters would.  An engine appears once it has been used (amdgpu prints no idle engine).
    """
    last = state.get(client) or {"t": t, "ns": {}}
    dt = max(0.0, t - float(last.get("t", t)))
    ns = {k: int(v) for k, v in dict(last.get("ns", {})).items()}
    for name, pct in engines.items():
        if pct > 0:
            ns[name] = ns.get(name, 0) + int(dt * 1e9 * pct / 100)
            ns.setdefault(name, 0)
    state[client] = {"t": t, "ns": ns}
    return {k: v for k, v in ns.items() if v > 0}


def write_processes(root: Path, t: float = 0.0) -> list[dict]:
    """Write the simulated GPU processes of a tree as at time t and return them (pid, comm, gpu, vram).

    Each gets ``/proc/<pid>/{comm,cmdline,fd/<n>,fdinfo/<n>}`` (fd links to the render node, a
    dup'ed descriptor repeats its ``drm-client-id``); compute ones also KFD's
    ``/sys/class/kfd/kfd/proc/<pid>/vram_<gpu_id>``.  Processes that end are removed.
    """
    root = Path(root)
    meta = _metadata(root)
    if meta is None:
        raise ValueError(f"{root} is not a simulated machine (no readable {META_FILE})")
    machine = get_machine(str(meta.get("name")))
    host = Host.at_root(root, label="simulated tree")
    written: list[dict] = []
    alive: set[int] = set()
    state_file = root / ENGINE_STATE
    try:
        old_state = json.loads(state_file.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        old_state = {}
    state: dict = dict(old_state) if isinstance(old_state, dict) else {}
    for gm in meta.get("gpus", []):
        index = gm.get("index")
        if not isinstance(index, int) or not 0 <= index < len(machine.gpus):
            continue
        if host.read_value(f"{gm['sysfs']}/power/runtime_status") == "suspended":
            continue
        render = (gm.get("render_nodes") or [None])[0]
        nodes = gm.get("kfd_nodes") or []
        gpu_id = host.read_int(f"/sys/class/kfd/kfd/topology/nodes/{nodes[0]}/gpu_id", 10) if nodes else None
        for p in _sim_processes(machine, gm, t):
            pid = p["pid"]
            alive.add(pid)
            base = host.path(f"/proc/{pid}")
            (base / "fd").mkdir(parents=True, exist_ok=True)
            (base / "fdinfo").mkdir(parents=True, exist_ok=True)
            if not (base / "comm").exists():  # what does not move is written once
                _atomic_write(base / "comm", p["comm"] + "\n")
                _atomic_write(base / "cmdline", "\0".join(p["cmdline"]) + "\0")
            fds = {4: 0, 5: 0} if render else {}  # fd 5 is a dup of fd 4: same DRM client
            if p["kfd"] and machine.kfd:
                fds = {3: None, **fds}
            for fd, _ in fds.items():
                link = base / "fd" / str(fd)
                target = "/dev/kfd" if fd == 3 else render
                if not os.path.lexists(link):
                    os.symlink(target, link)
                if fd == 3:
                    if not (base / "fdinfo" / "3").exists():
                        _atomic_write(base / "fdinfo" / "3", "pos:\t0\nflags:\t02100002\nmnt_id:\t25\n")
                    continue
                client = pid * 10 + index
                if fd == 4:  # fd 5 is the same client: the same counters
                    counters = _engine_counters(state, str(client), p.get("engines", {}), t)
                engine_lines = "".join(f"drm-engine-{k}:\t{v} ns\n" for k, v in counters.items())
                _atomic_write(base / "fdinfo" / str(fd), (
                    f"pos:\t0\nflags:\t02100002\nmnt_id:\t25\nino:\t{1000 + pid}\ndrm-driver:\tamdgpu\n"
                    f"drm-client-id:\t{client}\ndrm-pdev:\t{gm['pci_slot']}\npasid:\t{32768 + pid % 1000}\n"
                    f"drm-memory-vram:\t{p['vram'] // KiB} KiB\ndrm-memory-gtt:\t{p['gtt'] // KiB} KiB\n"
                    f"drm-memory-cpu:\t0 KiB\namd-memory-visible-vram:\t{p['vram'] // KiB} KiB\n"
                    f"{engine_lines}"))
            if p["kfd"] and machine.kfd and gpu_id:
                kfd = host.path(f"/sys/class/kfd/kfd/proc/{pid}")
                kfd.mkdir(parents=True, exist_ok=True)
                if not (kfd / "pasid").exists():
                    _atomic_write(kfd / "pasid", f"{32768 + pid % 1000}\n")
                _atomic_write(kfd / f"vram_{gpu_id}", f"{p['vram']}\n")
            written.append({"pid": pid, "comm": p["comm"], "gpu": index, "vram_bytes": p["vram"],
                            "gtt_bytes": p["gtt"], "kfd": bool(p["kfd"] and machine.kfd),
                            "engines": dict(p.get("engines", {}))})
    # processes that ended: gone from /proc and from KFD
    for where in ("/proc", "/sys/class/kfd/kfd/proc"):
        for name in host.listdir(where):
            if name.isdigit() and (int(name) >= _SIM_PID_BASE or int(name) in (2100, 2480)) and int(name) not in alive:
                shutil.rmtree(host.path(f"{where}/{name}"), ignore_errors=True)
    live_clients = {str(w["pid"] * 10 + w["gpu"]) for w in written}
    state = {k: v for k, v in state.items() if k in live_clients}  # an ended process's client is gone for good
    if state != old_state:
        try:
            _atomic_write(state_file, json.dumps(state, sort_keys=True))
        except OSError:
            pass  # a read-only tree: the counters start again next time, as after a reboot
    return written
