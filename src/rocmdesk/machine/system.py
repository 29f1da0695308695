"""OS, kernel, installed ROCm and device access: everything about the machine but its GPUs."""

from __future__ import annotations

import re
import shlex
import stat as stat_mod

from rocmdesk.i18n import translate
from rocmdesk.machine.host import Host
from rocmdesk.machine.model import AccessInfo, DeviceNode, KernelInfo, OsInfo, RocmInfo, RocmInstall

AMD_REPO_HOSTS = ("repo.radeon.com", "repo.amd.com")
# Packages whose presence says "a ROCm or AMD driver install happened here"
ROCM_PACKAGE_PREFIXES = ("rocm", "hip", "hsa", "amdgpu", "amdrocm", "rocminfo", "miopen", "rccl", "comgr")  # amdrocm: TheRock
GPU_GROUPS = ("render", "video")
# AMD's repository builds: x.y.z.NNNNN-build (6.2.4.60204-139~22.04); distributions use plain 5.2.3-1
_AMD_BUILD = re.compile(r"^(?:\d+:)?\d+\.\d+\.\d+\.\d{5}")


# -- OS ---------------------------------------------------------------------
def parse_os_release(text: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        try:
            parts = shlex.split(value)
        except ValueError:
            parts = [value.strip("\"'")]
        out[key.strip()] = parts[0] if parts else ""
    return out


def read_os(host: Host) -> OsInfo:
    from rocmdesk import knowledge

    text = host.read_text("/etc/os-release") or host.read_text("/usr/lib/os-release") or ""
    rel = parse_os_release(text)
    info = OsInfo(
        id=rel.get("ID") or None,
        version_id=rel.get("VERSION_ID") or None,
        codename=rel.get("VERSION_CODENAME") or rel.get("UBUNTU_CODENAME") or None,
        id_like=rel.get("ID_LIKE", "").split(),
        pretty_name=rel.get("PRETTY_NAME") or None,
    )
    # derivatives name the base they follow: Mint/Pop!_OS UBUNTU_CODENAME, LMDE DEBIAN_CODENAME
    ubuntu_base = rel.get("UBUNTU_CODENAME") or rel.get("DEBIAN_CODENAME") or None
    info.repo_codename = knowledge.repo_codename(
        info.id, info.version_id, ubuntu_base or info.codename, info.id_like
    )
    osrelease = (host.read_value("/proc/sys/kernel/osrelease") or "").lower()
    version = (host.read_value("/proc/version") or "").lower()
    info.wsl = "microsoft" in osrelease or "microsoft" in version or host.exists("/dev/dxg")
    info.container = _container(host)
    return info


def _container(host: Host) -> str | None:
    if host.exists("/.dockerenv"):
        return "docker"
    if host.exists("/run/.containerenv"):
        return "podman"
    env_kind = host.env.get("container")
    if env_kind:
        return env_kind
    marker = host.read_value("/run/systemd/container")
    if marker:
        return marker
    cgroup = host.read_text("/proc/1/cgroup", limit=65536) or ""
    for word in ("docker", "kubepods", "lxc", "containerd"):
        if word in cgroup:
            return word
    return None


# -- kernel -------------------------------------------------------------------
def read_kernel(host: Host) -> KernelInfo:
    release = host.read_value("/proc/sys/kernel/osrelease")
    if release is None:
        m = re.search(r"Linux version (\S+)", host.read_value("/proc/version") or "")
        release = m.group(1) if m else None
    numeric = re.match(r"(\d+\.\d+(?:\.\d+)?)", release or "")
    info = KernelInfo(release=release, version=numeric.group(1) if numeric else None)
    initstate = host.read_value("/sys/module/amdgpu/initstate")
    modules = host.read_text("/proc/modules") or ""
    if initstate == "live":
        info.amdgpu_loaded, info.amdgpu_source = True, "/sys/module/amdgpu/initstate"
    elif re.search(r"^amdgpu\s", modules, re.M):
        info.amdgpu_loaded, info.amdgpu_source = True, "/proc/modules"
    elif host.is_dir("/sys/module/amdgpu"):
        info.amdgpu_loaded, info.amdgpu_source = True, "/sys/module/amdgpu"
    elif modules or host.is_dir("/sys/module"):
        info.amdgpu_loaded, info.amdgpu_source = False, "/proc/modules"
    # an out-of-tree (DKMS) amdgpu has a module version; the in-box driver has none
    info.dkms = True if host.read_value("/sys/module/amdgpu/version") else None
    return info


# -- ROCm ----------------------------------------------------------------------
def parse_dpkg_status(text: str) -> dict[str, str]:
    """Installed packages from ``/var/lib/dpkg/status`` (used when dpkg-query can't run)."""
    out: dict[str, str] = {}
    for stanza in text.split("\n\n"):
        fields: dict[str, str] = {}
        for line in stanza.splitlines():
            if line[:1].isspace():
                continue
            key, sep, value = line.partition(":")
            if sep:
                fields[key.strip()] = value.strip()
        name = fields.get("Package")
        if name and fields.get("Status", "").endswith(" installed") and fields.get("Version"):
            out[name] = fields["Version"]
    return out


def _relevant(pkg: str) -> bool:
    return pkg.startswith(ROCM_PACKAGE_PREFIXES)


def read_packages(host: Host) -> dict[str, str]:
    if host.live and host.which("dpkg-query"):
        res = host.run(["dpkg-query", "-W", "-f", "${Package}\t${Version}\t${db:Status-Status}\n"], timeout=20)
        if res.ok:
            out = {}
            for line in res.stdout.splitlines():
                parts = line.split("\t")
                if len(parts) == 3 and parts[2] == "installed" and _relevant(parts[0]):
                    out[parts[0]] = parts[1]
            return out
    text = host.read_text("/var/lib/dpkg/status")
    if text is None:
        return {}
    return {k: v for k, v in parse_dpkg_status(text).items() if _relevant(k)}


def _version_of_package(version: str) -> str | None:
    """rocm-core's Debian version 6.2.4.60204-139~24.04 -> 6.2.4."""
    m = re.match(r"(\d+\.\d+(?:\.\d+)?)", version)
    return m.group(1) if m else None


def read_rocm(host: Host) -> RocmInfo:
    info = RocmInfo()
    for path in host.glob("/opt", "rocm*"):
        if not host.is_dir(path):
            continue
        version = host.read_value(f"{path}/.info/version")
        if version is None and path != "/opt/rocm":
            m = re.match(r"/opt/rocm-(\d+\.\d+(?:\.\d+)?)", path)
            version = m.group(1) if m else None
        if path == "/opt/rocm" and host.readlink(path):
            continue  # the /opt/rocm symlink points at one of the versioned dirs
        info.installed.append(RocmInstall(path=path, version=_short(version)))
    info.packages = read_packages(host)
    for lst in host.glob("/etc/apt/sources.list.d", "*"):
        if not (lst.endswith(".list") or lst.endswith(".sources")):
            continue
        text = host.read_text(lst) or ""
        lines = [
            ln.strip()
            for ln in text.splitlines()
            if any(h in ln for h in AMD_REPO_HOSTS) and not ln.strip().startswith("#")
        ]
        if lines:
            info.repo_lists.append(lst)
            info.repo_lines.extend(lines)

    core = info.packages.get("rocm-core")
    link = host.realpath("/opt/rocm") if host.exists("/opt/rocm") else None
    primary = None
    if core:
        primary = _version_of_package(core)
    elif link:
        primary = next((i.version for i in info.installed if i.path == link), None)
    elif len(info.installed) == 1:
        primary = info.installed[0].version
    info.primary_version = primary
    info.residue = _residue(info)
    info.rocminfo_available = bool(host.which("rocminfo"))
    return info


def _short(version: str | None) -> str | None:
    if version is None:
        return None
    m = re.match(r"(\d+\.\d+(?:\.\d+)?)", version)
    return m.group(1) if m else version


def _residue(info: RocmInfo) -> list[str]:
    """Evidence of a ROCm version other than the primary one (sentences for people, in the current language)."""
    evidence: list[str] = []
    primary = info.primary_version
    versions = {i.version for i in info.installed if i.version}
    for inst in info.installed:
        if primary and inst.version and inst.version != primary:
            evidence.append(translate("rocmdesk.machine.system", "{path} holds ROCm {version}, not the installed "
                                      "{primary}").format(path=inst.path, version=inst.version, primary=primary))
    if not primary and len(versions) > 1:
        evidence.append(translate("rocmdesk.machine.system", "several ROCm trees in /opt: {versions}").format(
            versions=", ".join(sorted(versions))))
    repo_versions = set()
    for line in info.repo_lines:
        m = re.search(r"/rocm/apt/(\d+\.\d+(?:\.\d+)?)", line)
        if m:
            repo_versions.add(m.group(1))
    for rv in sorted(repo_versions):
        if primary and not primary.startswith(rv) and not rv.startswith(primary):
            evidence.append(translate("rocmdesk.machine.system", "an apt list points at ROCm {listed} while {primary} "
                                      "is installed").format(listed=rv, primary=primary))
    amd_builds = sorted(p for p, v in info.packages.items() if _AMD_BUILD.match(v))
    if not primary and not info.installed and amd_builds:
        # Debian's own rocm-smi/rocminfo (5.2.3-1) are not residue; AMD's builds carry 6.2.4.60204-139
        evidence.append(translate("rocmdesk.machine.system", "AMD ROCm packages without rocm-core: {packages}").format(
            packages=", ".join(amd_builds[:6])))
    if len(repo_versions) > 1:
        evidence.append(translate("rocmdesk.machine.system", "apt lists for several ROCm versions: {versions}").format(
            versions=", ".join(sorted(repo_versions))))
    return evidence


# -- access ----------------------------------------------------------------------
def parse_group_file(text: str) -> list[tuple[str, int, list[str]]]:
    out = []
    for line in text.splitlines():
        parts = line.split(":")
        if len(parts) < 4 or not parts[2].isdigit():
            continue
        members = [m for m in parts[3].strip().split(",") if m]
        out.append((parts[0], int(parts[2]), members))
    return out


def parse_passwd(text: str) -> list[tuple[str, int, int]]:
    out = []
    for line in text.splitlines():
        parts = line.split(":")
        if len(parts) < 4 or not (parts[2].isdigit() and parts[3].isdigit()):
            continue
        out.append((parts[0], int(parts[2]), int(parts[3])))
    return out


def read_access(host: Host, user: str | None, session_group_names: list[str] | None,
                node_overrides: dict[str, dict] | None = None,
                render_paths: list[str] | None = None) -> AccessInfo:
    """Who may open ``/dev/kfd`` and the render nodes, from the configuration and the session.

    ``render_paths`` limits the check to the AMD GPUs' render nodes (another vendor's
    iGPU has one too, and its permissions say nothing about ROCm); None checks all.
    """
    groups = parse_group_file(host.read_text("/etc/group") or "")
    passwd = parse_passwd(host.read_text("/etc/passwd") or "")
    gid_name = {gid: name for name, gid, _ in groups}
    uid_name = {uid: name for name, uid, _ in passwd}
    info = AccessInfo(user=user)
    if user:
        primary = next((gid for name, _, gid in passwd if name == user), None)
        info.groups_configured = sorted(
            {name for name, gid, members in groups if user in members or gid == primary}
        )
    if session_group_names is None:
        gids = host.session_groups()  # None for a tree, unless a snapshot recorded its session
        if gids is not None:
            session_group_names = sorted({gid_name.get(g, str(g)) for g in gids})
    info.groups_session = session_group_names

    def node(path: str) -> DeviceNode:
        over = (node_overrides or {}).get(path)
        st = host.stat(path)
        dn = DeviceNode(path=path, present=st is not None or over is not None)
        if over:
            dn.owner, dn.group, dn.mode = over.get("owner"), over.get("group"), over.get("mode")
        elif st is not None:
            dn.owner = uid_name.get(st.uid, str(st.uid))
            dn.group = gid_name.get(st.gid, str(st.gid))
            mode = st.mode if st.is_char_device else stat_mod.S_IMODE(st.mode) | stat_mod.S_IFCHR
            dn.mode = stat_mod.filemode(mode)
        if dn.present and host.live:
            check = host.try_open_rw(path)
            dn.opens_rw, dn.open_error = check.ok, check.errno_name
        return dn

    info.kfd = node("/dev/kfd")
    paths = host.glob("/dev/dri", "renderD*") if render_paths is None else sorted(set(render_paths))
    info.render_nodes = [node(p) for p in paths]

    needed = {dn.group for dn in [info.kfd, *info.render_nodes] if dn.present and dn.group and not _world_rw(dn)}
    needed &= set(GPU_GROUPS) | {dn.group for dn in [info.kfd] if dn.group}
    if user and user != "root":
        info.missing_groups = sorted(g for g in needed if g not in info.groups_configured)
        if info.groups_session is not None:
            info.needs_relogin = any(
                g in info.groups_configured and g not in info.groups_session for g in needed
            )
    info.ok = _access_ok(info, user)
    return info


def _world_rw(dn: DeviceNode) -> bool:
    return bool(dn.mode) and len(dn.mode) == 10 and dn.mode[7:9] == "rw"


def _access_ok(info: AccessInfo, user: str | None) -> bool | None:
    if info.kfd is None or not info.kfd.present:
        return False
    tried = [dn.opens_rw for dn in [info.kfd, *info.render_nodes] if dn.opens_rw is not None]
    if tried:
        return all(tried)
    if user == "root":
        return True
    if info.missing_groups or info.needs_relogin:
        return False
    if info.groups_session is None and not user:
        return None
    return True
