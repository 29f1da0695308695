"""``rocmdesk inspect``: turn output pasted from another machine into the same GPU records as ``detect``.

The summary and warning lines are for people (``inspect`` and the Doctor show them), so they are translated as
they are built; ``rocmdesk ... --json`` runs in English (cli.main).  Code that needs to decide reads the fields
(``format``, ``error.kind``, ``no_driver``, ``torch.wheel_kind``), never these sentences.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from rocmdesk.i18n import translate
from rocmdesk.machine.model import Gpu


def _gpus_from_rocminfo(report: Any) -> list[Gpu]:
    from rocmdesk import knowledge
    from rocmdesk.machine.names import marketing_name

    gpus: list[Gpu] = []
    for agent in report.gpus:
        device_id = f"{agent.chip_id:04x}" if agent.chip_id else None
        entry = knowledge.device(device_id) if device_id else None
        # under an override the agent's Name is the forced target; the chip id tells the silicon
        gfx = entry.gfx if entry is not None and entry.gfx else agent.gfx_reported
        name = (agent.marketing_name or "").strip() or None
        name_source = "rocminfo" if name else None
        if name is None:
            name, name_source = marketing_name(None, device_id, None)
        gpu = Gpu(
            index=len(gpus),
            name=name,
            gfx=gfx,
            gfx_reported=agent.gfx_reported,
            device_id=device_id,
            revision=None,
            pci_slot=agent.pci_slot,
            vram_total_bytes=agent.vram_kb * 1024 if agent.vram_kb else None,
            kfd_node=agent.node,
            apu=(entry.kind == "apu") if entry is not None else None,
            gfx_source="device_id" if entry is not None and entry.gfx else "rocminfo",
            name_source=name_source,
            family=entry.family if entry is not None else None,
        )
        gpus.append(gpu)
    return gpus


# pci.ids chip names that rocmdesk's device table files under another codename
_CODENAME_ALIASES = {"ellesmere": "polaris10", "baffin": "polaris11", "lexa": "polaris12"}


def _betrayed(gpus: list[Gpu]) -> dict[str, str]:
    from rocmdesk.advice import overrides_betrayed  # lazy: the advice model loads the knowledge tables

    return overrides_betrayed(gpus)


def _identify(gpus: list[Gpu]) -> None:
    """What a paste leaves out, from the knowledge data, the same for every format: a GPU named but with no gfx
    and no device id gets its chip's target from the name ("AMD Instinct MI300X" -> gfx942), and whether it is an
    APU (and its kind) from its device id, else from its name when that names the same chip."""
    from rocmdesk import knowledge
    from rocmdesk.knowledge.devices import device_for_name

    for g in gpus:
        entry = knowledge.device(g.device_id, g.revision) if g.device_id else None
        if entry is None and g.name:
            named = device_for_name(g.name)
            if named is not None and (g.gfx is None or named.gfx == g.gfx):
                entry = named
                if g.gfx is None:
                    g.gfx, g.gfx_source = named.gfx, "name"
        if entry is None:
            if g.apu is None and g.gfx:  # no chip named: the target decides when every chip with it agrees
                kinds = {e.kind for e in knowledge.all_devices() if e.gfx == g.gfx and e.kind}
                if kinds:
                    g.apu = True if kinds == {"apu"} else (False if "apu" not in kinds else None)
            continue
        if g.gfx is None and g.device_id and entry.gfx:  # collect_env's "Device 66a1": the id names the chip
            g.gfx, g.gfx_source = entry.gfx, "device_id"
        if g.apu is None and entry.kind:
            g.apu = entry.kind == "apu"
        g.kind = g.kind or entry.kind or None
        g.family = g.family or entry.family or None


def _advised(gpus: list[Gpu], label: str, *, installed: Any = None, env: dict[str, str] | None = None) -> Any:
    """The advice for the pasted machine's GPUs (``rocmdesk.advice.attach``, once): each Gpu gets its ``advice``
    and a ``support`` that says the same.  The paste names no installed ROCm, so AMD's newest list is cited;
    ``installed``: the torch the paste shows (collect_env); ``env``: the override the paste betrays."""
    from rocmdesk.advice import attach, context_for
    from rocmdesk.machine.model import MachineReport

    _identify(gpus)
    report = MachineReport(source=f"inspect:{label}", simulated=False, gpus=gpus,
                           override_env=dict(env or {}))
    return attach(report, context_for(report, installed=installed))


def _rows(gpus: list[Gpu]) -> list[dict[str, Any]]:
    """The GPU records as ``detect --json`` writes them, each with its ``advice`` object."""
    out = []
    for g in gpus:
        advice, g.advice = g.advice, None
        try:
            row = asdict(g)
        finally:
            g.advice = advice
        row["advice"] = advice.to_json() if advice is not None else None
        out.append(row)
    return out


def _gfx_for_codename(codename: str | None) -> str | None:
    """The gfx target of a chip lspci named without ids ("Vega 20"), when the name tells one."""
    from rocmdesk import knowledge

    if not codename:
        return None
    codename = _CODENAME_ALIASES.get(codename, codename)
    found = {e.gfx for e in knowledge.all_devices() if e.codename.replace("_", "") == codename and e.gfx}
    return found.pop() if len(found) == 1 else None


def _gpus_from_lspci(report: Any) -> list[Gpu]:
    from rocmdesk import knowledge
    from rocmdesk.machine.names import marketing_name

    gpus: list[Gpu] = []
    for dev in report.amd_gpus:
        entry = knowledge.device(dev.device_id, dev.revision) if dev.device_id else None
        name, name_source = marketing_name(None, dev.device_id, dev.revision)
        if name is None and dev.device_name and dev.device_name != "Device":
            name, name_source = dev.device_name, "lspci"
        gfx = entry.gfx if entry is not None and entry.gfx else None
        gfx_source = "device_id" if gfx else None
        if gfx is None and dev.device_id is None:
            gfx = _gfx_for_codename(dev.codename)
            gfx_source = "lspci-name" if gfx else None
        gpus.append(Gpu(
            index=len(gpus), name=name, gfx=gfx, gfx_reported=None, device_id=dev.device_id,
            revision=dev.revision, pci_slot=dev.slot, vram_total_bytes=None, kfd_node=None,
            apu=(entry.kind == "apu") if entry is not None else None,
            subsystem_vendor=dev.subsystem_vendor_id, subsystem_device=dev.subsystem_device_id,
            gfx_source=gfx_source, name_source=name_source,
            family=entry.family if entry is not None else None, kind=entry.kind if entry is not None else None,
        ))
    return gpus


def _inspect_lspci(parsed: Any, result: dict[str, Any]) -> None:
    result["error"] = None
    gpus = _gpus_from_lspci(parsed)
    result["advice"] = _advised(gpus, result["input"]).to_json()
    result["gpus"] = _rows(gpus)
    result["devices"] = [d.to_json() for d in parsed.amd_gpus]
    result["truncated"] = parsed.truncated
    result["warnings"] = list(parsed.warnings)
    result["no_driver"] = []  # slots of AMD GPUs no kernel driver is bound to (when lspci -k told drivers)
    summary = [translate("rocmdesk.inspect", "{devices} PCI device(s), {gpus} AMD GPU(s)").format(
        devices=len(parsed.devices), gpus=len(parsed.amd_gpus))]
    for dev, gpu in zip(parsed.amd_gpus, result["gpus"]):
        driver = dev.driver or ((translate("rocmdesk.inspect", "modules: {modules}").format(
            modules=", ".join(dev.modules))) if dev.modules else None)
        summary.append(f"{dev.slot}: {gpu['name'] or dev.device_name or '?'}"
                       + (f" [{dev.vendor_id}:{dev.device_id}]" if dev.device_id else "")
                       + (translate("rocmdesk.inspect", ", driver {driver}").format(driver=driver) if driver else ""))
        if parsed.with_drivers and dev.driver is None:
            result["no_driver"].append(dev.slot)
            result["warnings"].append(translate("rocmdesk.inspect", "{slot}: no kernel driver is bound to this GPU "
                                                                    "(amdgpu is not loaded for it)").format(slot=dev.slot))
    result["summary"] = summary


def _inspect_collect_env(parsed: Any, result: dict[str, Any]) -> None:
    gpus = []
    for g in parsed.gpus:
        gpus.append(Gpu(
            index=len(gpus), name=g.name, gfx=g.gfx, gfx_reported=g.gfx, device_id=g.device_id, revision=None,
            pci_slot=None, vram_total_bytes=g.total_memory_mb * 2**20 if g.total_memory_mb else None,
            kfd_node=None, apu=None, gfx_source="torch" if g.gfx else None, name_source="torch" if g.name else None,
        ))
    result["advice"] = _advised(gpus, result["input"], installed=_pasted_wheel(parsed)).to_json()
    result["gpus"] = _rows(gpus)
    result["error"] = None
    result["torch"] = {
        "version": parsed.torch_version, "wheel_kind": parsed.wheel_kind, "rocm_build": parsed.rocm_build,
        "rocm_build_version": parsed.rocm_build_version, "hip_runtime": parsed.hip_runtime,
        "cuda_build": parsed.cuda_build, "cuda_available": parsed.cuda_available, "arch_list": parsed.arch_list,
    }
    result["record"] = parsed.to_json()
    result["truncated"] = parsed.truncated
    warnings = list(parsed.warnings)
    if parsed.wheel_kind == "cpu":
        warnings.append(translate("rocmdesk.inspect", "this PyTorch is a CPU-only build: it cannot use any GPU; "
                                                      "install a ROCm wheel"))
    elif parsed.wheel_kind == "cuda":
        warnings.append(translate("rocmdesk.inspect", "this PyTorch is a CUDA (NVIDIA) build: on an AMD GPU it "
                                                      "needs a ROCm wheel"))
    targets = [g.gfx for g in parsed.gpus if g.gfx] + [t for t in parsed.gcn_arch_names if t]
    if parsed.arch_list:
        for gfx in dict.fromkeys(targets):
            if gfx not in parsed.arch_list:
                warnings.append(translate("rocmdesk.inspect", "{gfx} is not in this wheel's arch list ({arch_list}): "
                                                              "expect 'HIP error: invalid device function'").format(
                    gfx=gfx, arch_list=", ".join(parsed.arch_list)))
    result["warnings"] = warnings
    summary = []
    if parsed.torch_version:
        kind = parsed.wheel_kind or translate("rocmdesk.inspect", "unknown")
        if parsed.rocm_build_version:
            summary.append(translate("rocmdesk.inspect", "PyTorch {version} ({kind} build, ROCm {rocm})").format(
                version=parsed.torch_version, kind=kind, rocm=parsed.rocm_build_version))
        else:
            summary.append(translate("rocmdesk.inspect", "PyTorch {version} ({kind} build)").format(
                version=parsed.torch_version, kind=kind))
    if parsed.cuda_available is not None:
        summary.append(translate("rocmdesk.inspect", "GPU available to torch: yes") if parsed.cuda_available
                       else translate("rocmdesk.inspect", "GPU available to torch: no"))
    if parsed.arch_list:
        summary.append(translate("rocmdesk.inspect", "wheel arch list: {arch_list}").format(
            arch_list=", ".join(parsed.arch_list)))
    if parsed.os:
        summary.append(translate("rocmdesk.inspect", "OS: {os}").format(os=parsed.os) + (" [WSL]" if parsed.wsl else ""))
    result["summary"] = summary


def _pasted_wheel(parsed: Any) -> Any:
    """The ROCm torch a collect_env shows, as the advice's installed wheel (its arch list when printed)."""
    from rocmdesk.knowledge.wheels import measured_wheel

    if parsed.wheel_kind != "rocm" or not parsed.torch_version:
        return None
    if not parsed.arch_list:
        return None  # no arch list: nothing measured to judge by; the advice recommends as for any machine
    return measured_wheel(parsed.torch_version, parsed.arch_list, parsed.rocm_build_version)


def _inspect_kernel_log(parsed: Any, result: dict[str, Any]) -> None:
    # the GPUs amdgpu initialized ("initializing kernel modesetting (POLARIS10 0x1002:0x67DF ...)"): their ids
    from rocmdesk.machine.names import marketing_name

    gpus = []
    for i, g in enumerate(getattr(parsed, "gpus", [])):
        name, name_source = marketing_name(None, g.device_id, g.revision)
        gpus.append(Gpu(index=i, name=name, gfx=None, gfx_reported=None, device_id=g.device_id, revision=g.revision,
                        pci_slot=g.pci_slot, vram_total_bytes=None, kfd_node=None, apu=None, name_source=name_source,
                        subsystem_vendor=g.subsystem_vendor, subsystem_device=g.subsystem_device))
    if gpus:
        result["advice"] = _advised(gpus, result["input"]).to_json()
        result["gpus"] = _rows(gpus)
    result["events"] = [
        {k: e.to_json()[k] for k in ("kind", "severity", "line_no", "timestamp", "device", "message", "details")}
        for e in parsed.events
    ]
    result["record"] = {k: v for k, v in parsed.to_json().items() if k != "events"}
    result["truncated"] = parsed.truncated
    result["warnings"] = list(parsed.warnings)
    first = next((e for e in parsed.events if e.severity == "error"), None)
    result["error"] = {"kind": first.kind, "message": first.message, "line": first.line_no} if first else None
    counts: dict[str, int] = {}
    for e in parsed.events:
        counts[e.kind] = counts.get(e.kind, 0) + 1
    summary = [translate("rocmdesk.inspect", "{lines} line(s), {events} GPU/IOMMU event(s)").format(
        lines=parsed.line_count, events=len(parsed.events))
        + (translate("rocmdesk.inspect", "; kernel {release}").format(release=parsed.kernel_release)
           if parsed.kernel_release else "")]
    summary += [f"{kind}: {n}x" for kind, n in counts.items()]
    result["summary"] = summary


def _inspect_traceback(parsed: Any, result: dict[str, Any]) -> None:
    exc = parsed.exception
    result["record"] = parsed.to_json()
    result["signals"] = [{"kind": s.kind, "line_no": s.line_no, "text": s.text, "details": s.details}
                         for s in parsed.signals]
    result["truncated"] = parsed.truncated
    result["warnings"] = list(parsed.warnings)
    kind = parsed.signals[0].kind if parsed.signals else "python-exception"
    if exc is not None:
        message = f"{exc.type}: {exc.message}" if exc.message else exc.type
    else:
        message = parsed.signals[0].text if parsed.signals else ""
    result["error"] = {"kind": kind, "message": message}
    summary = []
    if exc is not None:
        where = exc.frames[-1] if exc.frames else None
        summary.append(f"{exc.type}"
                       + (translate("rocmdesk.inspect", " in {function} ({file}:{line})").format(
                           function=where.function, file=where.file, line=where.line) if where else "")
                       + (translate("rocmdesk.inspect", "; {count} chained").format(count=len(parsed.exceptions))
                          if len(parsed.exceptions) > 1 else ""))
    summary += [translate("rocmdesk.inspect", "{kind} (line {line})").format(kind=s.kind, line=s.line_no)
                for s in parsed.signals[:10]]
    result["summary"] = summary


def inspect_text(data: bytes | str, label: str) -> dict[str, Any]:
    """Recognize the format of ``data`` and return a JSON-ready summary; raises FormatError."""
    from rocmdesk import formats

    text = formats.decode_input(data) if isinstance(data, bytes) else data
    fmt = formats.sniff(text)
    parsed = formats.parse(text, fmt)
    result: dict[str, Any] = {"input": label, "format": fmt, "gpus": [], "other_agents": [], "warnings": []}
    if fmt == "rocminfo":
        result["runtime_version"] = parsed.runtime_version
        gpus = _gpus_from_rocminfo(parsed)
        result["advice"] = _advised(gpus, label, env=_betrayed(gpus)).to_json()
        result["gpus"] = _rows(gpus)
        result["other_agents"] = [
            {"name": (a.marketing_name or a.name), "kind": a.device_type, "node": a.node}
            for a in parsed.agents
            if a.device_type != "GPU"
        ]
        result["error"] = asdict(parsed.error) if parsed.error else None
        result["truncated"] = parsed.truncated
        result["wsl"] = parsed.wsl  # True: its WSL line, or no ROCk line and no PCI ids; the Doctor reads this
        result["warnings"] = list(parsed.warnings)
        for g in result["gpus"]:
            if g["gfx_reported"] and g["gfx"] and g["gfx_reported"] != g["gfx"]:
                result["warnings"].append(translate(
                    "rocmdesk.inspect", "GPU {index} is a {gfx} that reports {reported}: "
                                        "HSA_OVERRIDE_GFX_VERSION was in effect").format(
                    index=g["index"], gfx=g["gfx"], reported=g["gfx_reported"]))
    elif fmt in ("rocm-smi", "amd-smi"):
        from rocmdesk.formats.rocm_smi import gpus_from_smi

        result["kind"] = parsed.kind
        result["version"] = dict(parsed.version)
        advice: list[Any] = []
        result["gpus"] = gpus_from_smi(
            parsed, advise=lambda gpus: advice.append(_advised(gpus, label, env=_betrayed(gpus))))
        result["advice"] = advice[0].to_json() if advice else None
        result["processes"] = list(parsed.processes)
        result["truncated"] = parsed.truncated
        result["error"] = {"kind": "tool-error", "message": "; ".join(parsed.errors)} if parsed.errors else None
        result["warnings"] = list(parsed.warnings)
    elif fmt == "lspci":
        _inspect_lspci(parsed, result)
    elif fmt == "collect_env":
        _inspect_collect_env(parsed, result)
    elif fmt == "kernel-log":
        _inspect_kernel_log(parsed, result)
    elif fmt == "traceback":
        _inspect_traceback(parsed, result)
    return result
