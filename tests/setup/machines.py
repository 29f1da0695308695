"""Hand-built machine reports for plan tests (the simulator's machines are tested as well when present)."""

from __future__ import annotations

from rocmdesk.machine.model import (
    AccessInfo,
    DeviceNode,
    Gpu,
    KernelInfo,
    MachineReport,
    OsInfo,
    RocmInfo,
    RocmInstall,
)

UBUNTU = {
    "20.04": ("focal", "5.4.0-190-generic"),
    "22.04": ("jammy", "5.15.0-119-generic"),
    "24.04": ("noble", "6.8.0-45-generic"),
    "26.04": ("resolute", "7.0.0-10-generic"),
}


def gpu(gfx: str, index: int = 0, name: str = "AMD Radeon", apu: bool = False, kfd: int | None = 1) -> Gpu:
    return Gpu(index=index, name=name, gfx=gfx, gfx_reported=gfx, device_id="744c", revision="c8",
               pci_slot=f"0000:0{index + 3}:00.0", vram_total_bytes=24 * 2**30, kfd_node=kfd, apu=apu)


def access(user: str | None = "alice", groups: list[str] | None = None, session: list[str] | None = None,
           ok: bool | None = None) -> AccessInfo:
    groups = groups if groups is not None else [user or "alice"]
    kfd = DeviceNode("/dev/kfd", True, "root", "render", "crw-rw----")
    render = [DeviceNode("/dev/dri/renderD128", True, "root", "render", "crw-rw----")]
    missing = sorted({"render"} - set(groups))
    relogin = session is not None and "render" in groups and "render" not in session
    if ok is None:
        ok = not missing and not relogin
    return AccessInfo(user=user, groups_configured=groups, groups_session=session, needs_relogin=relogin,
                      missing_groups=missing, kfd=kfd, render_nodes=render, ok=ok)


def ubuntu(version: str, gpus: list[Gpu] | None = None, kernel: str | None = None, **kw) -> MachineReport:
    codename, default_kernel = UBUNTU[version]
    os_info = OsInfo(id="ubuntu", version_id=version, codename=codename, id_like=["debian"],
                     pretty_name=f"Ubuntu {version} LTS", repo_codename=codename)
    return report(os_info, gpus, kernel or default_kernel, **kw)


def debian(major: str, gpus: list[Gpu] | None = None, **kw) -> MachineReport:
    codename = {"12": "bookworm", "13": "trixie"}[major]
    repo = {"12": "jammy", "13": "noble"}[major]
    os_info = OsInfo(id="debian", version_id=major, codename=codename, pretty_name=f"Debian GNU/Linux {major}",
                     repo_codename=repo)
    return report(os_info, gpus, "6.1.0-25-amd64" if major == "12" else "6.12.9-amd64", **kw)


def report(os_info: OsInfo, gpus: list[Gpu] | None, kernel: str, amdgpu: bool | None = True,
           rocm: RocmInfo | None = None, acc: AccessInfo | None = None, source: str = "test") -> MachineReport:
    numeric = ".".join(kernel.split("-")[0].split(".")[:3])
    return MachineReport(
        source=source,
        simulated=False,
        gpus=gpus if gpus is not None else [gpu("gfx1100", name="AMD Radeon RX 7900 XTX")],
        os=os_info,
        kernel=KernelInfo(release=kernel, version=numeric, amdgpu_loaded=amdgpu,
                          amdgpu_source="/sys/module/amdgpu/initstate"),
        rocm=rocm or RocmInfo(),
        access=acc or access(),
    )


def rocm_installed(version: str, codename: str, packages: list[str] | None = None, code: str | None = None,
                   extra_trees: list[str] | None = None, lists: dict[str, str] | None = None) -> RocmInfo:
    """A legacy ROCm install as read_rocm reports it."""
    parts = [int(x) for x in version.split(".")]
    code = code or f"{parts[0] * 10000 + parts[1] * 100 + parts[2]}"
    suffix = f".{code}-139~{'24.04' if codename == 'noble' else '22.04'}"
    names = packages or ["rocm-core", "rocm-hip-runtime", "rocm-smi-lib", "hip-runtime-amd", "rocminfo"]
    pkgs = {n: (version if n == "rocm-core" else "1.0.0") + suffix for n in names}
    directory = version[:-2] if version.endswith(".0") else version
    line = f"deb [arch=amd64 signed-by=/etc/apt/keyrings/rocm.gpg] https://repo.radeon.com/rocm/apt/{directory} {codename} main"
    lists = lists if lists is not None else {"/etc/apt/sources.list.d/rocm.list": line}
    info = RocmInfo(
        installed=[RocmInstall(f"/opt/rocm-{version}", version)] + [RocmInstall(p, p.split("-")[-1]) for p in extra_trees or []],
        packages=pkgs,
        repo_lists=list(lists),
        repo_lines=list(lists.values()),
        primary_version=version,
        rocminfo_available=True,
    )
    if extra_trees:
        info.residue = [f"{p} holds ROCm {p.split('-')[-1]}, not the installed {version}" for p in extra_trees]
    return info
