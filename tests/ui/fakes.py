"""Fake machine records, hosts and detectors so the UI is tested on its own."""

from __future__ import annotations

from pathlib import Path

from rocmdesk.advice import OVERRIDE_VAR, GpuAdvice, MachineAdvice, WheelPath
from rocmdesk.machine.host import Host
from rocmdesk.machine.model import (
    AccessInfo,
    DeviceNode,
    Gpu,
    KernelInfo,
    MachineReport,
    OsInfo,
    RocmInfo,
    RocmInstall,
    Support,
)


def make_gpu(index: int = 0, **kw: object) -> Gpu:
    base: dict[str, object] = dict(
        index=index, name="AMD Radeon RX 6600 XT", gfx="gfx1032", gfx_reported="gfx1032", device_id="73ff",
        revision="c1", pci_slot=f"0000:0{index + 3}:00.0", vram_total_bytes=8 * 1024**3, kfd_node=index + 1,
        apu=False,
        support=Support("override", "10.3.0", "gfx1032 is not on AMD's list; the gfx1030 kernels run on it.",
                        "rocm-knowledge §5.2"),
    )
    base.update(kw)
    return Gpu(**base)  # type: ignore[arg-type]


def make_report(gpus: list[Gpu], source: str = "live", simulated: bool = False, **kw: object) -> MachineReport:
    access = AccessInfo(
        user="ada", groups_configured=["ada", "render", "video"], groups_session=["ada", "video"],
        needs_relogin=True,
        kfd=DeviceNode("/dev/kfd", True, "root", "render", "crw-rw----", False, "EACCES Permission denied"),
        render_nodes=[DeviceNode("/dev/dri/renderD128", True, "root", "render", "crw-rw----", True)],
        ok=False,
    )
    base: dict[str, object] = dict(
        source=source, simulated=simulated, gpus=gpus,
        os=OsInfo(id="ubuntu", version_id="22.04", codename="jammy", pretty_name="Ubuntu 22.04.4 LTS",
                  repo_codename="jammy"),
        kernel=KernelInfo(release="6.8.0-40-generic", version="6.8.0", amdgpu_loaded=True, amdgpu_source="/sys/module/amdgpu"),
        rocm=RocmInfo(installed=[RocmInstall("/opt/rocm-6.2.1", "6.2.1")], primary_version="6.2.1",
                      residue=["/opt/rocm-5.7.0 (no package owns it)"]),
        access=access, warnings=["Secure Boot is on: amdgpu-dkms needs its key enrolled."],
        knowledge_as_of="2026-05-01",
    )
    base.update(kw)
    return MachineReport(**base)  # type: ignore[arg-type]


def make_advice(status: str, override: str | None = None, reason: str = "because", *, used: bool = True,
                sources: list[str] | None = None, path: WheelPath | None = None, **kw: object) -> GpuAdvice:
    """A GPU's advice as a test wants it (the advice model makes only the statuses real GPUs get)."""
    path = path or WheelPath("pytorch", "7.2", "https://download.pytorch.org/whl/rocm7.2", "2.13.0+rocm7.2")
    env = {OVERRIDE_VAR: override} if override else {}
    return GpuAdvice(status=status, override=override, env=env, path=path, reason=reason, sources=sources or [],
                     used=used, rocm_cited="7.2.4", override_var=OVERRIDE_VAR if override else None, **kw)


def machine_advice(report: MachineReport, status: str | None = None) -> MachineAdvice:
    """The report's advice put together from its GPUs' own (``make_advice``), as ``advice.attach`` would."""
    gpus = {g.index: g.advice for g in report.gpus if g.advice is not None}
    used = [i for i, a in gpus.items() if a.used]
    first = gpus[used[0]] if used else None
    env: dict[str, str] = {}
    for a in gpus.values():
        env.update(a.env if a.used else {})
    advice = MachineAdvice(gpus=gpus, path=first.path if first else None,
                           status=status or (first.status if first else "no-gpu"), env=env, used=used,
                           hidden=[i for i in gpus if i not in used], deciding=used[0] if used else None,
                           rocm_cited="7.2.4")
    report.advice = advice
    return advice


class FakeMachines:
    """A host factory and detector pair: records what was asked, answers with canned reports.

    Like the window's own detector, it gives each report its advice (``advice.attach``) unless the report has
    one already or ``advise`` is False (a test that wants the GPU records exactly as it built them)."""

    def __init__(self, real: MachineReport, simulated: MachineReport | None = None,
                 error: Exception | None = None, advise: bool = True) -> None:
        self.real = real
        self.simulated = simulated or make_report([make_gpu()], source="simulated:sim-a", simulated=True)
        self.error = error
        self.advise = advise
        self.asked: list[str | None] = []
        self.detected: list[Host] = []

    def host_factory(self, name: str | None) -> Host:
        self.asked.append(name)
        if name is None:
            return Host(root=Path("/nonexistent-real"), live=False, label="this computer")
        return Host(root=Path("/nonexistent-sim"), live=False, label=f"sim {name}", simulated=True)

    def detect(self, host: Host) -> MachineReport:
        self.detected.append(host)
        if self.error is not None:
            raise self.error
        report = self.simulated if host.simulated else self.real
        if self.advise and report.advice is None:
            from rocmdesk.advice import attach

            attach(report)
        return report

    def machines(self) -> list:
        from rocmdesk.ui.session import MachineChoice

        return [MachineChoice("sim-a", "Simulated A: RX 6600 XT on Ubuntu 22.04"),
                MachineChoice("sim-b", "Simulated B: no GPU")]
