"""Parser for ``lspci`` output: plain, ``-nn``, ``-v``/``-vvv``, ``-k``, ``-D`` and grep'd fragments.

Each device line (``03:00.0 VGA compatible controller [0300]: Advanced Micro Devices, Inc.
[AMD/ATI] Navi 31 [Radeon RX 7900 XT/7900 XTX] [1002:744c] (rev c8)``) starts a
:class:`PciDevice`; the indented lines under it add the subsystem and, with ``-k``, the driver.
Other ``-v`` lines (capabilities, BARs, link status) are skipped.  A line may carry a prefix
before the slot (``IOMMU Group 16 2e:00.0 ...`` from the usual IOMMU listing scripts).

Records (``to_json()`` gives plain dicts):

``LspciReport``
    ``devices``: every :class:`PciDevice`, in input order;
    ``with_ids``: True when the lines carried ``[vvvv:dddd]`` ids (``-nn``);
    ``with_drivers``: True when ``Kernel driver in use`` / ``Kernel modules`` lines were seen (``-k``);
    ``truncated``: True when the input was longer than the parser reads (see ``MAX_CHARS``);
    ``warnings``: notes on the input.
    ``amd_gpus`` (property, also in ``to_json()``): devices that are AMD GPUs (vendor 1002, or an
    AMD/ATI vendor name without ids, in a display class: VGA 0300, 3D 0302, display 0380, or
    processing accelerator 1200, which Instinct cards use).

``PciDevice``
    ``slot`` ("0000:03:00.0", domain 0000 added when lspci left it out), ``iommu_group`` (int|None),
    ``class_name`` ("VGA compatible controller"), ``class_id`` ("0300"|None), ``vendor_name``
    ("Advanced Micro Devices, Inc. [AMD/ATI]"|None when it cannot be told from the device name),
    ``device_name`` ("Navi 31 [Radeon RX 7900 XT/7900 XTX]" or "Device" with old pci.ids),
    ``vendor_id``/``device_id`` (4 lowercase hex digits|None), ``revision`` (2 hex digits|None),
    ``prog_if`` ("00"|None), ``subsystem`` (name as printed|None), ``subsystem_vendor_id``,
    ``subsystem_device_id``, ``driver`` ("amdgpu"|None: "Kernel driver in use"), ``modules``
    (["amdgpu"]: "Kernel modules"), ``codename`` ("navi31"|None: the part of the device name before
    its bracket, lower case without spaces; lets a caller name a card lspci listed without ids),
    ``line`` (1-based line number of the device line), ``is_amd_gpu`` (bool).

:func:`parse_lspci` raises :class:`FormatError` for text with no lspci device line.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from typing import Any

from rocmdesk.formats.errors import FormatError
from rocmdesk.formats.text import binary_reason, clean_lines, is_prompt, sniff_sample
from rocmdesk.i18n import translate

FORMAT_NAME = "lspci"
LABEL = "lspci output"

__all__ = ["FORMAT_NAME", "LABEL", "LspciReport", "PciDevice", "parse_lspci", "sniff_score"]

MAX_CHARS = 2 * 1024 * 1024  # a full `lspci -vvv` of a big server is ~1 MB; beyond this we read the head
MAX_DEVICES = 1024  # more than any machine has: the rest of such a text is not one lspci run
_SNIFF_LIMIT = 262144
_MAX_LINE = 1024

AMD_VENDOR_ID = "1002"
GPU_CLASS_IDS = {"0300", "0302", "0380", "1200"}
GPU_CLASS_NAMES = {"vga compatible controller", "3d controller", "display controller", "processing accelerators"}

# slot: optional domain, bus, device, function; the class name; optional [cccc]; then ": "
_DEVICE_RE = re.compile(
    r"^(?P<prefix>.{0,40}?)(?<![0-9a-fA-F:])"
    r"(?P<slot>(?:[0-9a-fA-F]{4}:)?[0-9a-fA-F]{2}:[0-1][0-9a-fA-F]\.[0-7])\s+"
    r"(?P<cls>[A-Za-z0-9][A-Za-z0-9 /&,.()+-]{1,60}?)(?:\s+\[(?P<clsid>[0-9a-fA-F]{4})\])?:\s+(?P<rest>\S.*)$"
)
_IOMMU_RE = re.compile(r"IOMMU Group (\d{1,6})", re.IGNORECASE)
_IDS_RE = re.compile(r"\s*\[([0-9a-fA-F]{4}):([0-9a-fA-F]{4})\]")
_REV_RE = re.compile(r"\s*\(rev ([0-9a-fA-F]{1,2})\)")
_PROGIF_RE = re.compile(r"\s*\(prog-if ([0-9a-fA-F]{2})(?: \[[^\]]*\])?\)")
_SUB_RE = re.compile(r"^\s+(Subsystem|Kernel driver in use|Kernel modules|DeviceName)\s*:\s*(.*?)\s*$")
_COMMENT_RE = re.compile(r"\s+#.*$")  # "Kernel driver in use: gim # annotation" in pasted notes

# Vendor names as pci.ids spells them; the first that prefixes the text wins (longest first).
_VENDORS = sorted(
    (
        "Advanced Micro Devices, Inc. [AMD/ATI]",
        "Advanced Micro Devices, Inc. [AMD]",
        "ATI Technologies Inc",
        "NVIDIA Corporation",
        "Intel Corporation",
        "ASPEED Technology, Inc.",
        "Matrox Electronics Systems Ltd.",
        "Red Hat, Inc.",
        "VMware",
        "Microsoft Corporation",
        "Broadcom Inc. and subsidiaries",
        "Mellanox Technologies",
        "Samsung Electronics Co Ltd",
        "Realtek Semiconductor Co., Ltd.",
        "Sapphire Technology Limited",
        "Gigabyte Technology Co., Ltd",
        "ASUSTeK Computer Inc.",
        "Micro-Star International Co., Ltd. [MSI]",
        "XFX Pine Group Inc.",
        "Tul Corporation / PowerColor",
        "PC Partner Limited / Sapphire Technology",
        "Hewlett-Packard Company",
        "Dell",
        "Lenovo",
        "Device",
    ),
    key=len,
    reverse=True,
)
_GENERIC_VENDOR_RE = re.compile(
    r"^(.{2,80}?(?:Inc\.?|Corporation|Corp\.|Ltd\.?|Limited|GmbH|AG|S\.A\.|Co\.)(?: \[[^\]]{1,20}\])?)\s+(\S.*)$"
)
_AMD_NAME_RE = re.compile(r"Advanced Micro Devices|\bATI Technologies|\[AMD/ATI\]")


@dataclass
class PciDevice:
    slot: str
    class_name: str
    device_name: str | None = None
    vendor_name: str | None = None
    class_id: str | None = None
    vendor_id: str | None = None
    device_id: str | None = None
    revision: str | None = None
    prog_if: str | None = None
    subsystem: str | None = None
    subsystem_vendor_id: str | None = None
    subsystem_device_id: str | None = None
    driver: str | None = None
    modules: list[str] = field(default_factory=list)
    iommu_group: int | None = None
    codename: str | None = None
    line: int = 0

    @property
    def is_amd(self) -> bool:
        if self.vendor_id is not None:
            return self.vendor_id == AMD_VENDOR_ID
        return bool(self.vendor_name and _AMD_NAME_RE.search(self.vendor_name))

    @property
    def is_display(self) -> bool:
        if self.class_id is not None:
            return self.class_id in GPU_CLASS_IDS
        return self.class_name.lower() in GPU_CLASS_NAMES

    @property
    def is_amd_gpu(self) -> bool:
        return self.is_amd and self.is_display

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "is_amd_gpu": self.is_amd_gpu}


@dataclass
class LspciReport:
    devices: list[PciDevice] = field(default_factory=list)
    with_ids: bool = False
    with_drivers: bool = False
    truncated: bool = False
    warnings: list[str] = field(default_factory=list)

    @property
    def amd_gpus(self) -> list[PciDevice]:
        return [d for d in self.devices if d.is_amd_gpu]

    def to_json(self) -> dict[str, Any]:
        return {
            "devices": [d.to_json() for d in self.devices],
            "amd_gpus": [d.slot for d in self.amd_gpus],
            "with_ids": self.with_ids,
            "with_drivers": self.with_drivers,
            "truncated": self.truncated,
            "warnings": list(self.warnings),
        }


# --- sniffing -----------------------------------------------------------------------------


def _unwrapped(lines: list[str]) -> list[str]:
    """Device lines a mail client or a narrow terminal wrapped, joined again ("... Navi 23" / "[Radeon RX 6600/6600
    XT/6600M] [1002:73ff] (rev c1)"); the line that continued one becomes empty (line numbers stay), and shell
    prompt lines ("$ lspci -nn") are blank.  A tab-indented line is lspci -v's own, never a continuation."""
    out: list[str] = []
    joined_to: int | None = None
    for line in lines:
        if is_prompt(line):
            out.append("")
            continue
        if (joined_to is not None and line.strip() and not line.startswith("\t") and not _DEVICE_RE.match(line)
                and not _SUB_RE.match(line)):
            out[joined_to] = out[joined_to].rstrip() + " " + line.strip()
            out.append("")
            if _IDS_RE.search(line):
                joined_to = None
            continue
        out.append(line)
        device = _DEVICE_RE.match(line[:_MAX_LINE]) if line.strip() else None
        joined_to = len(out) - 1 if device is not None and not _IDS_RE.search(line) else None
    return out


def sniff_score(text: str) -> int:
    """0 = not lspci; 3 or more = device lines make up most of the unindented lines."""
    sample = sniff_sample(text, _SNIFF_LIMIT)
    top = dev = amd_gpu = sub = 0
    for line in _unwrapped(sample.splitlines()[:4000]):
        if not line.strip():
            continue
        if line[:1].isspace():
            if _SUB_RE.match(line):
                sub += 1
            continue
        top += 1
        m = _DEVICE_RE.match(line[:_MAX_LINE])
        if m:
            dev += 1
            cls = m.group("cls").strip().lower()
            if cls in GPU_CLASS_NAMES and ("[1002:" in line or _AMD_NAME_RE.search(line)):
                amd_gpu = 1
    if dev == 0 or dev * 2 < top:  # lspci lines must be most of the text, not one quoted line
        return 1 if dev else 0
    return 3 + min(dev, 3) + 2 * amd_gpu + (1 if sub else 0)


# --- parsing ------------------------------------------------------------------------------


_PLACEHOLDER_RE = re.compile(r"Device ([0-9a-fA-F]{4})$")


def _split_vendor(text: str) -> tuple[str | None, str]:
    for vendor in _VENDORS:
        if text.startswith(vendor + " ") or text == vendor:
            if vendor == "Device":  # "Device 1234" with no vendor name known
                return None, text
            return vendor, text[len(vendor):].strip() or text
    m = _GENERIC_VENDOR_RE.match(text)
    if m:
        return m.group(1), m.group(2)
    return None, text


def _codename(device_name: str | None) -> str | None:
    if not device_name:
        return None
    head = device_name.split("[", 1)[0].strip()
    if not head or head.lower().startswith("device"):
        return None
    token = re.sub(r"[^a-z0-9]", "", head.lower())
    return token or None


def _device(m: re.Match[str], line_no: int) -> PciDevice:
    rest = m.group("rest")
    revision = prog_if = None
    r = _PROGIF_RE.search(rest)
    if r:
        prog_if = r.group(1).lower()
        rest = rest[: r.start()] + rest[r.end():]
    r = _REV_RE.search(rest)
    if r:
        revision = r.group(1).lower().zfill(2)
        rest = rest[: r.start()] + rest[r.end():]
    vendor_id = device_id = None
    ids = list(_IDS_RE.finditer(rest))
    if ids:
        last = ids[-1]
        vendor_id, device_id = last.group(1).lower(), last.group(2).lower()
        rest = rest[: last.start()] + rest[last.end():]
    rest = _COMMENT_RE.sub("", rest).strip()
    vendor_name, device_name = _split_vendor(rest)
    if device_name and "  " in device_name:  # a terminal's wrap left a run of blanks inside the name ("Fiji [   Radeon")
        device_name = re.sub(r"\[ ", "[", " ".join(device_name.split()))
    placeholder = _PLACEHOLDER_RE.match(device_name or "")
    if device_id is None and placeholder and vendor_name and _AMD_NAME_RE.search(vendor_name):
        # without -nn, an old pci.ids that lacks the card makes lspci print "Device 67df": that is the device id
        vendor_id, device_id = AMD_VENDOR_ID, placeholder.group(1).lower()
    slot = m.group("slot").lower()
    if slot.count(":") == 1:
        slot = "0000:" + slot
    prefix = m.group("prefix") or ""
    g = _IOMMU_RE.search(prefix)
    return PciDevice(
        slot=slot,
        class_name=m.group("cls").strip(),
        class_id=m.group("clsid").lower() if m.group("clsid") else None,
        vendor_name=vendor_name,
        device_name=device_name or None,
        vendor_id=vendor_id,
        device_id=device_id,
        revision=revision,
        prog_if=prog_if,
        iommu_group=int(g.group(1)) if g else None,
        codename=_codename(device_name),
        line=line_no,
    )


def _sub_line(dev: PciDevice, key: str, value: str, report: LspciReport) -> None:
    value = _COMMENT_RE.sub("", value).strip()
    if key == "Subsystem":
        ids = list(_IDS_RE.finditer(value))
        if ids:
            dev.subsystem_vendor_id, dev.subsystem_device_id = ids[-1].group(1).lower(), ids[-1].group(2).lower()
            value = (value[: ids[-1].start()] + value[ids[-1].end():]).strip()
        dev.subsystem = dev.subsystem or value or None
    elif key == "Kernel driver in use":
        report.with_drivers = True
        dev.driver = dev.driver or value.split()[0] if value else dev.driver
    elif key == "Kernel modules":
        report.with_drivers = True
        dev.modules = [mod.strip() for mod in value.split(",") if mod.strip()]


def parse_lspci(text: str) -> LspciReport:
    """Read lspci output.  Raises FormatError when the text holds no lspci device line."""
    if not isinstance(text, str):
        raise FormatError("lspci output must be text; decode bytes with rocmdesk.formats.decode_input")
    reason = binary_reason(text)
    if reason:
        raise FormatError(reason)
    if not text.strip():
        raise FormatError(translate("rocmdesk.formats.lspci", "the input is empty: expected lspci output"))
    report = LspciReport()
    if len(text) > MAX_CHARS:
        text = text[:MAX_CHARS]
        report.truncated = True
        report.warnings.append(translate(
            "rocmdesk.formats.lspci",
            "the input is longer than {size} MiB; only its start was read",
        ).format(size=MAX_CHARS // 2**20))
    lines, _ = clean_lines(text)
    lines = _unwrapped(lines)
    current: PciDevice | None = None
    for n, line in enumerate(lines, 1):
        if not line.strip() or len(line) > _MAX_LINE:
            continue
        if line[:1].isspace():
            if current is not None:
                s = _SUB_RE.match(line)
                if s:
                    _sub_line(current, s.group(1), s.group(2), report)
            continue
        m = _DEVICE_RE.match(line)
        if m:
            if len(report.devices) >= MAX_DEVICES:
                report.truncated = True
                report.warnings.append(translate(
                    "rocmdesk.formats.lspci",
                    "more than {count} devices: only the first {count} were read",
                ).format(count=MAX_DEVICES))
                break
            current = _device(m, n)
            report.devices.append(current)
            report.with_ids = report.with_ids or current.vendor_id is not None
        elif line.strip() != "--":
            current = None  # a shell prompt or prose: what follows is not this device's
    if not report.devices:
        raise FormatError(translate(
            "rocmdesk.formats.lspci",
            "this is not lspci output: no line like '03:00.0 VGA compatible controller: ...' found",
        ))
    seen: set[str] = set()
    for d in report.devices:
        if d.slot in seen:
            report.warnings.append(translate(
                "rocmdesk.formats.lspci", "slot {slot} is listed more than once: two lspci runs may be pasted together",
            ).format(slot=d.slot))
            break
        seen.add(d.slot)
    return report
