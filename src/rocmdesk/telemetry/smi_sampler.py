"""Fallback samplers that ask rocm-smi or amd-smi (through the Host seam) and parse their JSON.

sysfs is preferred: one rocm-smi call costs ~100 ms of CPU, thousands of sysfs samples.  These
exist for machines where the sysfs files are not readable (a container without /sys/class/drm,
WSL) and as a cross-check.  Their output is read with the same tolerant parsers ``rocmdesk
inspect`` uses (renamed keys, ``"N/A"``, amd-smi 26.x's ``gpu_data`` wrapper, JSON cut short),
then matched to the machine's GPUs by PCI slot, else by order.  Values outside their sane range
become null with a warning, as the sysfs sampler's do (:func:`rocmdesk.telemetry.metrics.sanitize`).
"""

from __future__ import annotations

import time

from rocmdesk.formats.errors import FormatError
from rocmdesk.i18n import translate
from rocmdesk.machine.host import Host
from rocmdesk.machine.model import Gpu
from rocmdesk.telemetry.metrics import ERROR, EXTRA_KEYS, METRIC_KEYS, GpuSample, sanitize

ROCM_SMI_ARGS = (
    "rocm-smi", "--showtemp", "--showpower", "--showmaxpower", "--showmemuse", "--showuse",
    "--showmeminfo", "vram", "gtt", "--showclocks", "--showfan", "--showbus", "--json",
)
AMD_SMI_ARGS = ("amd-smi", "metric", "--json")
TIMEOUT_S = 15.0


def _match(gpus: list[Gpu], parsed, source: str) -> list[GpuSample]:
    now = time.time()
    by_slot = {g.pci_slot: g for g in parsed.gpus if g.pci_slot}
    out: list[GpuSample] = []
    for pos, gpu in enumerate(gpus):
        found = by_slot.get(gpu.pci_slot) if gpu.pci_slot else None
        if found is None and not by_slot and pos < len(parsed.gpus):
            found = parsed.gpus[pos]  # no bus ids printed: the tools number GPUs as detect does
        s = GpuSample(index=gpu.index, name=gpu.name, gfx=gpu.gfx, pci_slot=gpu.pci_slot, card=gpu.card,
                      partition=gpu.partition, timestamp=now)
        if found is None:
            s.state = ERROR
            s.error = translate("rocmdesk.telemetry.smi_sampler", "{source} did not report this GPU").format(
                source=source)
        else:
            m = found.sample()
            for key in METRIC_KEYS + EXTRA_KEYS:
                setattr(s, key, getattr(m, key))
            sanitize(s)  # a tool's absurd number (a sensor's -1e20 W) is no reading either
        out.append(s)
    return out


class _CommandSampler:
    source = ""
    argv: tuple[str, ...] = ()

    def __init__(self, host: Host, gpus: list[Gpu] | None = None) -> None:
        from rocmdesk.telemetry.sampler import discover_gpus

        self.host = host
        self.gpus = list(gpus) if gpus is not None else discover_gpus(host)
        self.last_error: str | None = None

    def available(self) -> bool:
        return self.host.which(self.argv[0]) is not None

    def _parse(self, text: str):
        raise NotImplementedError

    def sample(self) -> list[GpuSample]:
        res = self.host.run(list(self.argv), timeout=TIMEOUT_S)
        text = res.stdout
        try:
            parsed = self._parse(text)
        except FormatError as exc:
            reason = res.error or (res.stderr.strip().splitlines() or [str(exc)])[-1]
            self.last_error = f"{self.argv[0]}: {reason}"
            return [GpuSample(index=g.index, name=g.name, gfx=g.gfx, pci_slot=g.pci_slot, card=g.card,
                              partition=g.partition, state=ERROR, error=self.last_error, timestamp=time.time())
                    for g in self.gpus]
        self.last_error = None
        return _match(self.gpus, parsed, self.source)

    def close(self) -> None:
        pass


class RocmSmiSampler(_CommandSampler):
    """``rocm-smi --showtemp --showpower ... --json`` each sample (exit status 2 only means a metric was N/A)."""

    source = "rocm-smi"
    argv = ROCM_SMI_ARGS

    def _parse(self, text: str):
        from rocmdesk.formats.rocm_smi import parse_rocm_smi

        return parse_rocm_smi(text)


class AmdSmiSampler(_CommandSampler):
    """``amd-smi metric --json`` each sample."""

    source = "amd-smi"
    argv = AMD_SMI_ARGS

    def _parse(self, text: str):
        from rocmdesk.formats.amd_smi import parse_amd_smi

        return parse_amd_smi(text)
