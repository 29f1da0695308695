"""Kernel log lines: dmesg, journalctl -k, bare lines (rocmdesk.formats.kernel_log)."""

from __future__ import annotations

import json
import time

import pytest

from rocmdesk import formats
from rocmdesk.formats import FormatError
from rocmdesk.formats.kernel_log import (
    EVENT_KINDS,
    MAX_EVENTS,
    KernelLog,
    parse_kernel_log,
    sniff_score,
)

DMESG = """\
[    0.000000] Linux version 6.8.0-45-generic (buildd@lcy02) (gcc 13.2.0) #45-Ubuntu SMP
[    0.000000] Command line: BOOT_IMAGE=/vmlinuz-6.8.0-45-generic root=UUID=1234 ro quiet iommu=pt
[    0.412345] iommu: Default domain type: Passthrough
[    3.100000] [drm] amdgpu kernel modesetting enabled.
[    3.600000] kfd kfd: amdgpu: added device 1002:744c
[    3.700000] [drm] Initialized amdgpu 3.57.0 20150101 for 0000:03:00.0 on minor 1
[  812.123456] amdgpu 0000:03:00.0: amdgpu: [gfxhub] page fault (src_id:0 ring:24 vmid:8 pasid:32771, for process python3 pid 4242 thread python3 pid 4242)
[  812.123460] amdgpu 0000:03:00.0: amdgpu:   GCVM_L2_PROTECTION_FAULT_STATUS:0x00800932
[  822.500000] [drm:amdgpu_job_timedout [amdgpu]] *ERROR* ring gfx_0.0.0 timeout, signaled seq=1234, emitted seq=1236
[  822.500100] amdgpu 0000:03:00.0: amdgpu: GPU reset begin!
[  823.000000] amdgpu 0000:03:00.0: amdgpu: GPU reset(2) succeeded!
[  900.000000] usb 1-4: new high-speed USB device number 5 using xhci_hcd
"""

# one line of each event kind, in journalctl -k's format
JOURNAL = {
    "ring-timeout": "amdgpu 0000:0b:00.0: amdgpu: ring sdma0 timeout, signaled seq=9, emitted seq=10",
    "mes-timeout": "amdgpu 0000:0b:00.0: amdgpu: MES failed to respond to msg=MISC (WAIT_REG_MEM)",
    "page-fault": "amdgpu 0000:0b:00.0: amdgpu: [mmhub] page fault (src_id:0 ring:0 vmid:0 pasid:0)",
    "gpu-reset": "amdgpu 0000:0b:00.0: amdgpu: GPU reset(1) failed",
    "gpu-lost": "amdgpu 0000:0b:00.0: amdgpu: GPU fell off the bus",
    "gpu-removed": "amdgpu 0000:0b:00.0: amdgpu: device 0000:0b:00.0 has been physically removed",
    "firmware-load-failed": "amdgpu 0000:0b:00.0: Direct firmware load for amdgpu/gc_12_0_1_mes.bin failed with error -2",
    "probe-failed": "amdgpu: probe of 0000:0b:00.0 failed with error -22",
    "kfd-unsupported": "kfd kfd: amdgpu: PITCAIRN not supported in kfd",
    "pcie-atomics": "kfd kfd: amdgpu: skipped device 1002:73ff, PCI rejects atomics 730<0",
    "iommu-fault": "AMD-Vi: Event logged [IO_PAGE_FAULT domain=0x000b address=0xfffd0000 flags=0x0020]",
    "iommu-info": "iommu: Default domain type: Translated",
    "amdgpu-error": "amdgpu 0000:0b:00.0: amdgpu: amdgpu_device_ip_late_init failed",
    "amdgpu-initialized": "[drm] Initialized amdgpu 3.61.0 20150101 for 0000:0b:00.0 on minor 0",
    "kfd-device-added": "kfd kfd: amdgpu: added device 1002:7550",
}


def test_dmesg_events_in_order() -> None:
    log = parse_kernel_log(DMESG)
    assert isinstance(log, KernelLog) and log.style == "dmesg"
    assert log.kernel_release == "6.8.0-45-generic" and "iommu=pt" in (log.cmdline or "")
    assert log.amdgpu_version == "3.57.0"
    assert log.kinds == ["iommu-info", "kfd-device-added", "amdgpu-initialized", "page-fault", "ring-timeout", "gpu-reset"]
    fault = log.of_kind("page-fault")
    assert len(fault) == 2 and fault[0].details == {"hub": "gfxhub", "process": "python3", "pid": "4242"}
    assert fault[0].timestamp == 812.123456 and fault[0].device == "0000:03:00.0" and fault[0].line_no == 7
    ring = log.of_kind("ring-timeout")[0]
    assert ring.details == {"ring": "gfx_0.0.0"} and ring.severity == "error"
    assert ring.line.startswith("[  822.500000] [drm:amdgpu_job_timedout")
    assert [e.details.get("phase") for e in log.of_kind("gpu-reset")] == ["begin", "succeeded"]
    # the command line's iommu=pt, then the kernel's own word for it
    assert [e.details for e in log.of_kind("iommu-info")] == [{"mode": "passthrough"}, {"mode": "passthrough"}]
    assert log.of_kind("kfd-device-added")[0].details == {"device_id": "744c"}
    assert log.first_timestamp == 0.0 and log.last_timestamp == 900.0 and log.line_count == 12


@pytest.mark.parametrize("kind", EVENT_KINDS)
def test_each_kind_in_journal_format(kind: str) -> None:
    text = f"Dec 02 10:00:00 rig kernel: {JOURNAL[kind]}\n"
    assert formats.sniff(text) == "kernel-log"
    log = formats.parse(text)
    assert log.style == "journal" and [e.kind for e in log.events] == [kind]
    e = log.events[0]
    assert e.host == "rig" and e.wallclock == "Dec 02 10:00:00" and e.message == JOURNAL[kind]


def test_details() -> None:
    log = parse_kernel_log("\n".join(JOURNAL.values()) + "\n")
    fw = log.of_kind("firmware-load-failed")[0]
    assert fw.details == {"firmware": "amdgpu/gc_12_0_1_mes.bin", "error": "-2"}
    assert log.of_kind("probe-failed")[0].details == {"error": "-22"}
    assert log.of_kind("pcie-atomics")[0].details == {"device_id": "73ff"}
    assert log.of_kind("gpu-reset")[0].details == {"phase": "failed"}
    assert log.of_kind("iommu-info")[0].details == {"mode": "translated"}
    assert log.style == "bare"


@pytest.mark.parametrize(
    "prefix",
    [
        "[   12.345678] ",
        "[Tue Dec  2 10:00:00 2026] ",
        "kern  :err   : [   12.345678] ",
        "Dec  2 10:00:00 rig kernel: [   12.345678] ",
        "2026-12-02T10:00:00+0100 rig kernel: ",
        "[   12.345678] rig kernel: ",
    ],
)
def test_prefix_styles(prefix: str) -> None:
    log = parse_kernel_log(prefix + JOURNAL["gpu-lost"] + "\n")
    assert log.kernel_lines == 1 and log.events[0].kind == "gpu-lost"
    assert log.events[0].message == JOURNAL["gpu-lost"]
    if "12.345678" in prefix:
        assert log.events[0].timestamp == 12.345678


def test_bare_lines_without_stamps() -> None:
    text = JOURNAL["ring-timeout"] + "\n" + JOURNAL["gpu-reset"] + "\n"
    assert sniff_score(text) >= 3 and formats.sniff(text) == "kernel-log"
    assert parse_kernel_log(text).kinds == ["ring-timeout", "gpu-reset"]


def test_a_log_without_gpu_events_is_still_a_log() -> None:
    log = parse_kernel_log("[    1.0] usb 1-1: new device\n[    2.0] EXT4-fs (sda1): mounted\n")
    assert log.events == [] and log.kernel_lines == 2


@pytest.mark.parametrize("text", ["", "\n\n", "hello world\n", "just prose about a GPU\n"])
def test_not_a_kernel_log(text: str) -> None:
    with pytest.raises(FormatError):
        parse_kernel_log(text)


def test_lspci_k_lines_are_not_kernel_log() -> None:
    text = ("03:00.0 VGA compatible controller [0300]: Advanced Micro Devices, Inc. [AMD/ATI] Navi 31 [1002:744c]\n"
            "\tKernel driver in use: amdgpu\n\tKernel modules: amdgpu\n")
    assert formats.sniff(text) == "lspci"


def test_event_cap() -> None:
    text = (f"[    1.0] {JOURNAL['page-fault']}\n") * (MAX_EVENTS + 10)
    log = parse_kernel_log(text)
    assert len(log.events) == MAX_EVENTS and log.events_dropped == 10 and log.warnings


def test_json() -> None:
    data = json.loads(json.dumps(parse_kernel_log(DMESG).to_json()))
    fault = next(e for e in data["events"] if e["kind"] == "page-fault")
    assert data["kinds"][0] == "iommu-info" and fault["details"]["pid"] == "4242"


def test_huge_log_reads_its_newest_part_fast() -> None:
    filler = "[   10.000000] usb 1-1: new high-speed USB device number 2 using xhci_hcd\n"
    text = filler * (50 * 2**20 // len(filler)) + "[ 9999.000000] " + JOURNAL["gpu-lost"] + "\n"
    t = time.perf_counter()
    assert formats.sniff(text) == "kernel-log"
    log = formats.parse(text, "kernel-log")
    assert time.perf_counter() - t < 15  # a linear scan, not a quadratic one (speed: benchmarks/)
    assert log.truncated and log.kinds == ["gpu-lost"] and log.last_timestamp == 9999.0
