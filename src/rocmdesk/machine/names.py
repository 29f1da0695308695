"""Marketing names: the system's libdrm ``amdgpu.ids`` where it knows the id, else our own table."""

from __future__ import annotations

from rocmdesk.knowledge.records import record
from rocmdesk.machine.host import Host

# Where distributions and AMD's own driver packages put libdrm's table
AMDGPU_IDS_PATHS = ("/usr/share/libdrm/amdgpu.ids", "/opt/amdgpu/share/libdrm/amdgpu.ids")


@record(frozen=True)
class NameTable:
    path: str | None
    version: str | None
    names: dict[tuple[str, str], str]  # (device_id, revision) -> name, both 2/4 lowercase hex

    def lookup(self, device_id: str, revision: str | None) -> str | None:
        if revision is not None:
            name = self.names.get((device_id, revision))
            if name:
                return name
        return None


def parse_amdgpu_ids(text: str, path: str | None = None) -> NameTable:
    """libdrm's format: comments, a version line, then ``DEVICE,\\tREVISION,\\tNAME`` lines."""
    names: dict[tuple[str, str], str] = {}
    version: str | None = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        parts = [p.strip() for p in line.split(",", 2)]
        if len(parts) != 3:
            if version is None and line.replace(".", "").isdigit():
                version = line
            continue
        dev, rev, name = parts
        try:
            dev_n, rev_n = int(dev, 16), int(rev, 16)
        except ValueError:
            continue
        if not (0 <= dev_n <= 0xFFFF and 0 <= rev_n <= 0xFF):
            continue
        key = (f"{dev_n:04x}", f"{rev_n:02x}")
        if name:
            names[key] = name
    return NameTable(path=path, version=version, names=names)


def system_table(host: Host) -> NameTable | None:
    for path in AMDGPU_IDS_PATHS:
        text = host.read_text(path)
        if text is not None:
            return parse_amdgpu_ids(text, path)
    return None


def marketing_name(
    table: NameTable | None, device_id: str | None, revision: str | None
) -> tuple[str | None, str | None]:
    """(name, where it came from); (None, None) when nothing knows this id."""
    if device_id is None:
        return None, None
    if table is not None:
        name = table.lookup(device_id, revision)
        if name:
            return name, "system-amdgpu.ids"
    from rocmdesk import knowledge

    found = knowledge.marketing_name(device_id, revision)
    if found:
        return found[0], "rocmdesk-table"
    entry = knowledge.device(device_id, revision)
    if entry is not None and entry.products:
        products = [p for p in entry.products if p and p != "-"]
        if products:
            return " / ".join(products[:2]), "device-id-table"
    return None, None
