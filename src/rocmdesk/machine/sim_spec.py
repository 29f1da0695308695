"""The simulated machines' specs: data files read into ``sim_records`` records.

One TOML file per machine in ``simulated/`` (the file's name is the machine's name); the pieces machines share
(distributions, kernels, groups, package sets, apt lists, amdgpu.ids tables, GPU models, PCIe bridge chains) are
named in the files whose names start with ``_``.  ``simulated/_common.toml``'s header says how to write a machine.

Keys are the record fields (``SimMachine``, ``SimGpu``, ``PciFn``, ``SimCpu``, ``DeviceMode``, ``OtherGpu``) and a
few of the loader's own (``order``, ``extends``, ``use``, ``count``, ``placement``).  An unknown key is an error
naming the file and the key, so a typo never becomes a default.  ``false`` stands for "none" in a field that
may be empty (``fan_max_rpm = false``: no fan).
"""

from __future__ import annotations

import functools
import re
import sys
import typing
from dataclasses import MISSING, fields, is_dataclass
from pathlib import Path
from types import UnionType
from typing import Any

from rocmdesk.machine import sim_records
from rocmdesk.machine.sim_load import seed_of
from rocmdesk.machine.sim_records import GiB, KiB, MiB, OtherGpu, SimGpu, SimMachine

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

from rocmdesk.machine.sim_about import DATA_DIR, SUFFIX, about  # noqa: F401 (about: the catalogue's line too)

# the named pieces a parts file (``_*.toml``) may hold, by section
PIECE_KINDS = ("part", "gpu", "bridges", "groups", "packages", "apt_files", "amdgpu_ids", "modules")
INSTALLED = "install ok installed"  # a package's dpkg status unless it says otherwise

# integer fields that also take a size: "760 MiB", "32 GiB - 4 MiB"
SIZE_FIELDS = {"vram_total", "gtt_total", "vis_vram_total", "vram_idle_used", "vram_job_used", "gtt_idle_used",
               "gtt_job_used", "mem_bytes"}
_UNITS = {"": 1, "B": 1, "KiB": KiB, "MiB": MiB, "GiB": GiB}
_TERM = re.compile(r"\s*([+-]?)\s*(\d+)\s*([A-Za-z]*)\s*")

_MACHINE_OWN = {"order", "extends", "use"}  # the loader's keys in a machine file
_GPU_OWN = {"use", "count", "placement"}  # ... in a machine's [[gpus]] entry


class SpecError(ValueError):
    """A simulated machine's data file that is wrong; the message names the file and the key."""


def _load_toml(path: Path) -> dict:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise SpecError(f"{path.name}: {exc}") from None


def _names(value: Any, where: str) -> list[str]:
    """``use = "a"`` or ``use = ["a", "b"]``."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return list(value)
    raise SpecError(f"{where}: use is a name or a list of names, not {value!r}")


# ---------------------------------------------------------------------------
# Converting a table to a record, checked against the record's fields
# ---------------------------------------------------------------------------


@functools.lru_cache(maxsize=None)
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls, vars(sim_records))


def _field_names(cls: type) -> set[str]:
    return {f.name for f in fields(cls)}


def _required(cls: type) -> list[str]:
    return [f.name for f in fields(cls) if f.default is MISSING and f.default_factory is MISSING]


def _size(text: str, where: str) -> int:
    total, pos = 0, 0
    while pos < len(text):
        m = _TERM.match(text, pos)
        if not m or m.end() == pos or m.group(3) not in _UNITS or (pos and not m.group(1)):
            raise SpecError(f"{where}: {text!r} is not a size like \"760 MiB\" or \"32 GiB - 4 MiB\"")
        n = int(m.group(2)) * _UNITS[m.group(3)]
        total += -n if m.group(1) == "-" else n
        pos = m.end()
    return total


def _convert(value: Any, tp: Any, where: str, name: str = "") -> Any:
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, UnionType):
        inner = [a for a in args if a is not type(None)]
        if value is False:
            return None
        return _convert(value, inner[0], where, name)
    if tp is bool:
        if isinstance(value, bool):
            return value
    elif tp is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if isinstance(value, str) and name in SIZE_FIELDS:
            return _size(value, where)
    elif tp is float:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
    elif tp is str:
        if isinstance(value, str):
            return value
    elif origin is dict:
        if isinstance(value, dict):
            return {str(k): _convert(v, args[1], _join(where, str(k))) for k, v in value.items()}
    elif origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        item = args[0]
        if isinstance(value, dict) and typing.get_origin(item) is tuple and len(typing.get_args(item)) == 2:
            value = [[k, v] for k, v in value.items()]  # a table of pairs, in the file's order
        if isinstance(value, list):
            return tuple(_convert(v, item, f"{where}[{i}]", name) for i, v in enumerate(value))
    elif origin is tuple:
        if isinstance(value, list) and len(value) == len(args):
            return tuple(_convert(v, a, f"{where}[{i}]", name) for i, (v, a) in enumerate(zip(value, args)))
    elif is_dataclass(tp):
        if isinstance(value, tp):
            return value
        if isinstance(value, dict):
            return _record(tp, value, where)
    else:  # pragma: no cover - a record field of a type this loader does not know
        raise SpecError(f"{where}: the loader cannot read a {tp}")
    raise SpecError(f"{where}: {value!r} is not a {_type_words(tp)}")


def _type_words(tp: Any) -> str:
    return getattr(tp, "__name__", None) or str(tp).replace("typing.", "")


def _record(cls: type, table: dict, where: str) -> Any:
    """``cls`` from a table: every key a field of it, every field without a default given."""
    unknown = [k for k in table if k not in _field_names(cls)]
    if unknown:
        known = ", ".join(sorted(_field_names(cls)))
        raise SpecError(f"{where}: unknown key {unknown[0]!r} (a {cls.__name__} has {known})")
    missing = [k for k in _required(cls) if k not in table]
    if missing:
        raise SpecError(f"{where}: {missing[0]!r} is missing")
    hints = _hints(cls)
    return cls(**{k: _convert(v, hints[k], _join(where, k), k) for k, v in table.items()})


def _join(where: str, key: str) -> str:
    """``file.toml: key`` at a file's top, ``... gpus[0].key`` below it."""
    return f"{where}: {key}" if where.endswith(SUFFIX) else f"{where}.{key}"


# ---------------------------------------------------------------------------
# The named pieces (``_*.toml``) and the machine files
# ---------------------------------------------------------------------------


def _genoa_oam(model: str, i: int) -> dict:
    """Card i of 8 OAM modules on a 2-socket Genoa board: one per root complex (pci0000:00, :20, ... :e0),
    each behind a Broadcom PEX switch; 8 DRM devices each (the card and 7 compute partitions), cards 0-3 on
    socket 0.  unique_id, hive_id and serial_number are hashes of the GPU model's name and i."""
    rb = 0x20 * i
    seed = seed_of(f"{model}:{i}")
    pex = {"vendor": 0x1000, "device": 0xC030, "pci_class": 0x060400, "driver": "pcieport", "revision": 0xB0}
    return {
        "slot": f"0000:{rb + 5:02x}:00.0",
        "bridges": [{"slot": f"0000:{rb:02x}:01.1", "vendor": 0x1022, "device": 0x14AB, "pci_class": 0x060400,
                     "driver": "pcieport"},
                    {"slot": f"0000:{rb + 1:02x}:00.0", **pex}, {"slot": f"0000:{rb + 2:02x}:00.0", **pex}],
        "card": 1 + 8 * i, "render_minor": 128 + 8 * i, "hwmon": 2 + i, "numa_node": 0 if i < 4 else 1,
        "unique_id": seed | (1 << 63), "hive_id": seed_of(f"{model}:hive") | (1 << 62),
        "serial_number": f"PCB{(seed >> 8) % 10**9:09d}", "phase_s": 0.6 * i,
    }


# placements: where card i of ``count`` sits (slot, bridges, DRM and hwmon numbers), for boxes of many cards
PLACEMENTS = {"genoa-oam": _genoa_oam}


class Catalogue:
    """Every machine file of a folder, read with the folder's named pieces."""

    def __init__(self, folder: Path = DATA_DIR, *, lazy: bool = False) -> None:
        """Every file is read (a TOML error names its file at once); each machine is built now, or with ``lazy``
        when it is first asked for (``machine``; ``machines`` builds them all)."""
        self.folder = Path(folder)
        self.pieces: dict[str, dict[str, tuple[str, Any]]] = {k: {} for k in PIECE_KINDS}  # name -> (file, value)
        self.used: set[tuple[str, str]] = set()
        self._raw: dict[str, dict] = {}
        self._merged: dict[str, dict] = {}
        self._built: dict[str, SimMachine] = {}
        self._all: dict[str, SimMachine] | None = None
        for path in sorted(self.folder.glob(f"_*{SUFFIX}")):
            self._read_parts(path)
        for path in sorted(self.folder.glob(f"[!_]*{SUFFIX}")):
            self._raw[path.stem] = _load_toml(path)
        if not lazy:
            self._all = self._load_all()

    @property
    def machines(self) -> dict[str, SimMachine]:
        """Every machine by name, in the order the CLI lists them."""
        if self._all is None:
            self._all = self._load_all()
        return self._all

    def machine(self, name: str) -> SimMachine:
        """The machine called ``name`` (built alone, the first time: a monitor of one simulated machine need not
        build the other twelve); KeyError when there is none."""
        if self._all is not None:
            return self._all[name]
        if name not in self._raw:
            raise KeyError(name)
        if name not in self._built:
            self._built[name] = self._machine(name)
        return self._built[name]

    # -- named pieces ----------------------------------------------------------------------

    def _read_parts(self, path: Path) -> None:
        for kind, table in _load_toml(path).items():
            if kind not in PIECE_KINDS:
                raise SpecError(f"{path.name}: unknown section {kind!r} (a parts file has {', '.join(PIECE_KINDS)})")
            if not isinstance(table, dict):
                raise SpecError(f"{path.name}: {kind} is a table of named pieces")
            for name, value in table.items():
                if name in self.pieces[kind]:
                    raise SpecError(f"{path.name}: {kind}.{name} is named in {self.pieces[kind][name][0]} too")
                self.pieces[kind][name] = (path.name, value)

    def _where(self, kind: str, name: str) -> str:
        """Where a named piece is written: ``_cards.toml: gpu.rx6600xt``."""
        return f"{self.pieces[kind][name][0]}: {kind}.{name}"

    def piece(self, kind: str, name: str, where: str) -> Any:
        try:
            _file, value = self.pieces[kind][name]
        except KeyError:
            known = ", ".join(self.pieces[kind]) or "none"
            raise SpecError(f"{where}: no {kind} named {name!r} (known: {known})") from None
        self.used.add((kind, name))
        return value

    def _used_table(self, kind: str, value: Any, where: str, seen: tuple[str, ...] = ()) -> dict:
        """A table that may start from named ones (``use``), its own keys on top, in the files' order."""
        if not isinstance(value, dict):
            raise SpecError(f"{where}: expected a table, not {value!r}")
        out: dict = {}
        for name in _names(value.get("use", []), where):
            if name in seen:
                raise SpecError(f"{where}: {kind}.{name} uses itself")
            named = self.piece(kind, name, where)
            out.update(self._used_table(kind, named, self._where(kind, name), seen + (name,)))
        out.update({k: v for k, v in value.items() if k != "use"})
        return out

    def amdgpu_ids(self, value: Any, where: str, seen: tuple[str, ...] = ()) -> list:
        """A table's rows: a list of [device, revision, name], or a name from [amdgpu_ids.NAME] (``use`` and
        ``rows``)."""
        if isinstance(value, list):
            return value
        if not isinstance(value, str):
            raise SpecError(f"{where}: amdgpu_ids is a name, a list of rows or false, not {value!r}")
        if value in seen:
            raise SpecError(f"{where}: amdgpu_ids.{value} uses itself")
        table = self.piece("amdgpu_ids", value, where)
        here = self._where("amdgpu_ids", value)
        if not isinstance(table, dict):
            raise SpecError(f"{here}: an amdgpu_ids piece is a table with rows (and use)")
        unknown = [k for k in table if k not in ("use", "rows")]
        if unknown:
            raise SpecError(f"{here}: unknown key {unknown[0]!r} (an amdgpu_ids table has use and rows)")
        rows: list = []
        for name in _names(table.get("use", []), here):
            rows += self.amdgpu_ids(name, here, seen + (value,))
        return rows + list(table.get("rows", []))

    # -- machines --------------------------------------------------------------------------

    def _load_all(self) -> dict[str, SimMachine]:
        machines = {}
        for name in self._raw:
            machines[name] = self._built[name] if name in self._built else self._machine(name)
        ordered = sorted(machines, key=lambda n: (self._order(n) is None, self._order(n) or 0, n))
        return {n: machines[n] for n in ordered}

    def _order(self, name: str) -> int | None:
        order = self._raw[name].get("order")
        if order is not None and (not isinstance(order, int) or isinstance(order, bool)):
            raise SpecError(f"{name}{SUFFIX}: order is a whole number, not {order!r}")
        return order

    def _check_keys(self, table: dict, allowed: set[str], where: str) -> None:
        for key in table:
            if key == "name" and where.endswith(SUFFIX):
                raise SpecError(f"{where}: unknown key 'name' (a machine's name is its file's name)")
            if key not in allowed:
                raise SpecError(f"{where}: unknown key {key!r}")

    def _part(self, name: str, where: str, seen: tuple[str, ...]) -> dict:
        if name in seen:
            raise SpecError(f"{where}: part.{name} uses itself")
        part = self.piece("part", name, where)
        here = self._where("part", name)
        if not isinstance(part, dict):
            raise SpecError(f"{here}: a part is a table of machine keys")
        self._check_keys(part, _field_names(SimMachine) - {"name"} | {"use"}, here)
        out: dict = {}
        for used in _names(part.get("use", []), here):
            out.update(self._part(used, here, seen + (name,)))
        out.update({k: v for k, v in part.items() if k != "use"})
        return out

    def merged(self, name: str, seen: tuple[str, ...] = ()) -> dict:
        """A machine file's keys after ``extends`` and ``use``, left to right (later wins), before reading."""
        if name in self._merged:
            return self._merged[name]
        where = f"{name}{SUFFIX}"
        raw = self._raw[name]
        self._check_keys(raw, _field_names(SimMachine) - {"name"} | _MACHINE_OWN, where)
        out: dict = {}
        base = raw.get("extends")
        if base is not None:
            if base not in self._raw:
                raise SpecError(f"{where}: extends {base!r}, which is no machine file here")
            if base in seen or base == name:
                raise SpecError(f"{where}: extends {base!r}, which extends {name!r}")
            out.update(self.merged(base, seen + (name,)))
        for part in _names(raw.get("use", []), where):
            out.update(self._part(part, where, ()))
        out.update({k: v for k, v in raw.items() if k not in _MACHINE_OWN})
        self._merged[name] = out
        return out

    def _machine(self, name: str) -> SimMachine:
        where = f"{name}{SUFFIX}"
        table = dict(self.merged(name))
        if "groups" in table:
            table["groups"] = self._used_table("groups", table["groups"], f"{where}: groups")
        if "apt_files" in table:
            table["apt_files"] = self._used_table("apt_files", table["apt_files"], f"{where}: apt_files")
        if "packages" in table:
            table["packages"] = self._packages(table["packages"], f"{where}: packages")
        if table.get("amdgpu_ids", False) is not False:
            table["amdgpu_ids"] = self.amdgpu_ids(table["amdgpu_ids"], f"{where}: amdgpu_ids")
        if isinstance(table.get("extra_modules"), str):
            table["extra_modules"] = self.piece("modules", table["extra_modules"], f"{where}: extra_modules")
        if "gpus" in table:
            table["gpus"] = self._gpus(table["gpus"], where)
        if "others" in table:
            table["others"] = self._others(table["others"], where)
        if "session_groups" not in table and isinstance(table.get("user"), str):
            table["session_groups"] = [table["user"], *table.get("user_groups", [])]
        return _record(SimMachine, {"name": name, **table}, where)

    def _packages(self, value: Any, where: str) -> list:
        out = []
        for pkg, v in self._used_table("packages", value, where).items():
            if isinstance(v, str):
                out.append([pkg, INSTALLED, v])
            elif isinstance(v, dict) and set(v) <= {"version", "status"} and isinstance(v.get("version"), str):
                out.append([pkg, v.get("status", INSTALLED), v["version"]])
            else:
                raise SpecError(f"{where}: {pkg} is a version or {{ version = \"...\", status = \"...\" }}, "
                                f"not {v!r}")
        return out

    def _bridges(self, entry: dict, where: str) -> dict:
        if isinstance(entry.get("bridges"), str):
            entry = {**entry, "bridges": self.piece("bridges", entry["bridges"], f"{where}.bridges")}
        return entry

    def _gpu_template(self, name: str, where: str, seen: tuple[str, ...]) -> dict:
        if name in seen:
            raise SpecError(f"{where}: gpu.{name} uses itself")
        template = self.piece("gpu", name, where)
        here = self._where("gpu", name)
        if not isinstance(template, dict):
            raise SpecError(f"{here}: a GPU is a table of SimGpu keys")
        self._check_keys(template, _field_names(SimGpu) | {"use"}, here)
        out: dict = {}
        for used in _names(template.get("use", []), here):
            out.update(self._gpu_template(used, here, seen + (name,)))
        out.update({k: v for k, v in template.items() if k != "use"})
        return out

    def _gpus(self, entries: Any, where: str) -> list:
        if not isinstance(entries, list):
            raise SpecError(f"{where}: gpus is a list of tables ([[gpus]])")
        out = []
        for n, entry in enumerate(entries):
            here = f"{where}: gpus[{n}]"
            if not isinstance(entry, dict):
                raise SpecError(f"{here}: a GPU is a table")
            self._check_keys(entry, _field_names(SimGpu) | _GPU_OWN, here)
            uses = _names(entry.get("use", []), here)
            base: dict = {}
            for name in uses:
                base.update(self._gpu_template(name, here, ()))
            count = entry.get("count", 1)
            if not isinstance(count, int) or isinstance(count, bool) or count < 1:
                raise SpecError(f"{here}: count is a whole number from 1, not {count!r}")
            placement = entry.get("placement")
            if placement is not None and placement not in PLACEMENTS:
                raise SpecError(f"{here}: unknown placement {placement!r} (known: {', '.join(PLACEMENTS)})")
            if count > 1 and placement is None:
                raise SpecError(f"{here}: count {count} needs a placement to give each card its own slot")
            if placement is not None and len(uses) != 1:
                raise SpecError(f"{here}: a placement needs one GPU model in use")
            own = {k: v for k, v in entry.items() if k not in _GPU_OWN}
            for i in range(count):
                placed = PLACEMENTS[placement](uses[0], i) if placement else {}
                table = self._bridges({**base, **placed, **own}, here)
                out.append(_record(SimGpu, table, here if count == 1 else f"{here} (card {i})"))
        return out

    def _others(self, entries: Any, where: str) -> list:
        if not isinstance(entries, list):
            raise SpecError(f"{where}: others is a list of tables ([[others]])")
        return [_record(OtherGpu, self._bridges(e, f"{where}: others[{n}]") if isinstance(e, dict) else e,
                        f"{where}: others[{n}]") for n, e in enumerate(entries)]

    def unused(self) -> list[str]:
        """Named pieces no machine uses (``amdgpu_ids.rocm`` is the tree writer's own)."""
        self.machines  # noqa: B018 (every machine built: what they use is known)
        return [f"{kind}.{name}" for kind in PIECE_KINDS for name in self.pieces[kind]
                if (kind, name) not in self.used and (kind, name) != ("amdgpu_ids", "rocm")]


@functools.lru_cache(maxsize=1)
def catalogue() -> Catalogue:
    """The shipped catalogue, read once; its machines are built as they are asked for."""
    return Catalogue(DATA_DIR, lazy=True)


def list_machines() -> list[SimMachine]:
    """Every simulated machine, in the order the CLI lists them."""
    return list(catalogue().machines.values())


def get_machine(name: str) -> SimMachine:
    """The machine called ``name``; KeyError naming the known ones otherwise."""
    cat = catalogue()
    try:
        return cat.machine(name)
    except KeyError:
        known = ", ".join(cat.machines)
        raise KeyError(f"unknown simulated machine {name!r}; known machines: {known}") from None


def amdgpu_ids_rows(name: str) -> tuple[tuple[str, str, str], ...]:
    """A named amdgpu.ids table of the shipped pieces (``rocm``: the newer copy ROCm installs in /opt/amdgpu)."""
    cat = catalogue()
    return tuple(tuple(row) for row in cat.amdgpu_ids(name, f"amdgpu_ids.{name}"))  # type: ignore[misc]
