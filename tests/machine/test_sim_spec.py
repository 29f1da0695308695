"""The simulated machines as data (machine/simulated/*.toml): every file loads, a typo is an error that names the
file and the key, the catalogue keeps its machines and order, and a new machine is one small file."""

from __future__ import annotations

import dataclasses
import importlib.util
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

from rocmdesk.machine import sim_spec, simulate
from rocmdesk.machine.sim_records import GiB, MiB
from rocmdesk.machine.sim_spec import DATA_DIR, Catalogue, SpecError

ROOT = Path(__file__).resolve().parents[2]

# the catalogue as it was when the machines were written as code: the same machines in the same order
NAMES = [
    "rx7900xtx-ubuntu2404", "rx6600xt-ubuntu2204", "radeon780m-laptop", "mi300x-8gpu-server", "no-amd-gpu",
    "rx7900xtx-debian12", "mi308x-partitioned", "rx9070xt-stale-override", "radeon780m-native",
    "rx6600xt-old-driver", "igpu-card1-dgpu-card0", "two-dgpu-one-override",
    "rx6600xt-debian12",  # added as a data file only (issue 15)
]

SMALL = """\
order = 5
about = "A test machine"
use = "ubuntu2404"
hostname = "box"
user = "kim"
uid = 1000
gecos = "Kim Lee"
user_groups = ["sudo", "video", "render"]
cpus = [{ model_name = "AMD Ryzen 7 7700X 8-Core Processor", threads = 16, mem_bytes = "32 GiB" }]

[[gpus]]
use = "rx7900xtx"
card = 1
render_minor = 128
hwmon = 3
"""


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A copy of the shipped data files to change."""
    dest = tmp_path / "simulated"
    shutil.copytree(DATA_DIR, dest)
    return dest


def test_every_data_file_loads_and_every_piece_is_used():
    cat = Catalogue(DATA_DIR)
    machine_files = sorted(p.stem for p in DATA_DIR.glob("*.toml") if not p.name.startswith("_"))
    assert sorted(cat.machines) == machine_files
    parts_files = sorted(p.name for p in DATA_DIR.glob("_*.toml"))
    assert parts_files == ["_cards.toml", "_common.toml"]
    assert cat.unused() == []
    assert len(sim_spec.amdgpu_ids_rows("rocm")) == 18  # ROCm's own copy: the 2024 rows and MI300X, MI308X


def test_the_catalogue_lists_the_same_machines_in_the_same_order():
    assert [m.name for m in simulate.list_machines()] == NAMES
    assert list(Catalogue(DATA_DIR).machines) == NAMES
    assert all(m.about and m.description for m in simulate.list_machines())


def test_the_public_api_stays_where_it_was():
    for name in ("list_machines", "get_machine", "open_simulated", "build", "build_machine", "ensure_built",
                 "gpu_metrics", "write_metrics", "write_processes", "SimMachine", "SimGpu", "PciFn", "SimCpu",
                 "OtherGpu", "DeviceMode", "GpuMetrics", "META_FILE", "sim_metadata", "builder_version"):
        assert hasattr(simulate, name), name


@pytest.mark.parametrize("where, text, key", [
    ("top", "hostnme = \"x\"\n", "hostnme"),
    ("top", "name = \"x\"\n", "name"),
    ("gpu", "hwmom = 3\n", "hwmom"),
    ("cpu", None, "max_mzh"),
])
def test_an_unknown_key_in_a_machine_file_names_the_file_and_the_key(folder, where, text, key):
    body = SMALL
    if where == "top":
        body = text + body
    elif where == "gpu":
        body = body + text
    else:
        body = body.replace('mem_bytes = "32 GiB" }', 'mem_bytes = "32 GiB", max_mzh = 5000 }')
    (folder / "typo-box.toml").write_text(body)
    with pytest.raises(SpecError) as err:
        Catalogue(folder)
    assert "typo-box.toml" in str(err.value) and repr(key) in str(err.value), str(err.value)


def test_an_unknown_key_in_a_parts_file_names_the_piece_and_the_key(folder):
    common = (folder / "_cards.toml").read_text()
    (folder / "_cards.toml").write_text(common.replace('[gpu.rx6600xt]\n', '[gpu.rx6600xt]\nvram_totl = 1\n'))
    with pytest.raises(SpecError, match=r"gpu\.rx6600xt.*'vram_totl'"):
        Catalogue(folder)
    (folder / "_cards.toml").write_text(common + "\n[gpus.extra]\nlabel = \"x\"\n")
    with pytest.raises(SpecError, match=r"_cards\.toml: unknown section 'gpus'"):
        Catalogue(folder)


@pytest.mark.parametrize("change, message", [
    (("hwmon = 3\n", ""), r"typo-box\.toml: gpus\[0\]: 'hwmon' is missing"),
    (("card = 1", 'card = "1"'), r"typo-box\.toml: gpus\[0\]\.card: '1' is not a int"),
    (('use = "rx7900xtx"', 'use = "rx7900xtz"'), r"typo-box\.toml: gpus\[0\]: no gpu named 'rx7900xtz'"),
    (('use = "ubuntu2404"', 'use = "ubuntu2405"'), r"typo-box\.toml: no part named 'ubuntu2405'"),
    (('"32 GiB"', '"32 GB"'), r"cpus\[0\]\.mem_bytes: '32 GB' is not a size"),
    (("card = 1\n", "card = 1\ncount = 2\n"), r"count 2 needs a placement"),
    (("order = 5\n", "order = 5\nextends = \"nowhere\"\n"), r"extends 'nowhere', which is no machine file"),
    (("uid = 1000\n", "uid = 1000\nuid = 1001\n"), r"typo-box\.toml: .*1001|typo-box\.toml: Cannot overwrite"),
])
def test_other_mistakes_name_the_file(folder, change, message):
    (folder / "typo-box.toml").write_text(SMALL.replace(*change))
    with pytest.raises(SpecError, match=message):
        Catalogue(folder)


def test_a_new_machine_is_one_small_file(folder, tmp_path):
    (folder / "small-box.toml").write_text(SMALL)
    cat = Catalogue(folder)
    assert list(cat.machines)[0] == "small-box"  # order 5 puts it first
    m = cat.machines["small-box"]
    assert m.session_groups == ("kim", "sudo", "video", "render")  # the default: the user and user_groups
    assert m.cpus[0].mem_bytes == 32 * GiB and m.cpus[0].max_mhz == 5000  # SimCpu's default
    assert m.gpus[0].gtt_total == 32 * GiB - 4 * MiB and m.gpus[0].gfx == "gfx1100"
    assert m.kernel == "6.8.0-48-generic" and dict(m.groups)["render"] == 993
    host = simulate.build_machine(m, tmp_path / "tree")
    assert (host.read_text("/etc/os-release") or "").startswith('PRETTY_NAME="Ubuntu 24.04.1 LTS"')
    assert host.exists("/sys/class/kfd/kfd/topology/nodes/1/properties")


def test_extends_and_use_give_defaults_left_to_right():
    laptop, native = simulate.get_machine("radeon780m-laptop"), simulate.get_machine("radeon780m-native")
    assert dataclasses.replace(native, name=laptop.name, about=laptop.about, env=laptop.env) == laptop
    server, partitioned = simulate.get_machine("mi300x-8gpu-server"), simulate.get_machine("mi308x-partitioned")
    assert partitioned.others == server.others and partitioned.packages == server.packages
    assert [g.label for g in partitioned.gpus] == ["Instinct MI308X"] * 8
    # a groups table with use: render's gid changes in place, lxd goes at the end
    groups = [n for n, _ in simulate.get_machine("rx6600xt-ubuntu2204").groups]
    assert groups[-1] == "lxd" and groups.index("render") < groups.index("lpadmin")


def test_the_placement_gives_each_card_its_own_numbers():
    gpus = simulate.get_machine("mi300x-8gpu-server").gpus
    assert [g.card for g in gpus] == [1 + 8 * i for i in range(8)]
    assert len({g.slot for g in gpus}) == len({g.unique_id for g in gpus}) == 8
    assert len({g.hive_id for g in gpus}) == 1 and all(g.unique_id >> 63 for g in gpus)


def _i18n_script():
    spec = importlib.util.spec_from_file_location("i18n_script", ROOT / "scripts" / "i18n.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_lupdate_sees_every_about_under_the_context_description_translates():
    script = _i18n_script()
    with tempfile.TemporaryDirectory() as tmp:
        stub = script.data_stub(Path(tmp)).read_text(encoding="utf-8")
    namespace: dict[str, list] = {"found": []}
    exec(compile(stub, "data_strings.py", "exec"),  # noqa: S102 - the stub is lines of QT_TRANSLATE_NOOP(c, t)
         {"QT_TRANSLATE_NOOP": lambda c, t: namespace["found"].append((c, t))})
    machine_texts = [t for c, t in namespace["found"] if c == "rocmdesk.machine.simulate"]
    assert sorted(machine_texts) == sorted(m.about for m in simulate.list_machines())


def test_a_change_to_a_data_file_or_a_builder_module_rebuilds_cached_trees():
    from rocmdesk.machine import simcache

    sources = {p.name for p in simcache.builder_sources()}
    machine_dir = DATA_DIR.parent
    assert {p.name for p in DATA_DIR.glob("*.toml")} <= sources
    assert {p.name for p in machine_dir.glob("sim_*.py")} | {"simulate.py"} <= sources


def test_a_lazy_catalogue_builds_the_machine_asked_for_and_still_checks_them_all(folder):
    """The shipped catalogue builds a machine when it is first asked for (the Monitor of one simulated machine
    reads its spec: building all thirteen took three times as long).  Listing them all still checks every file."""
    (folder / "typo-box.toml").write_text(SMALL.replace("hwmon = 3\n", ""))
    lazy = Catalogue(folder, lazy=True)
    good = lazy.machine("rx6600xt-ubuntu2204")
    assert good.name == "rx6600xt-ubuntu2204" and lazy.machine("rx6600xt-ubuntu2204") is good
    with pytest.raises(KeyError):
        lazy.machine("no-such-box")
    with pytest.raises(SpecError, match=r"typo-box\.toml: gpus\[0\]: 'hwmon' is missing"):
        lazy.machine("typo-box")
    with pytest.raises(SpecError, match=r"typo-box\.toml"):
        lazy.machines  # noqa: B018
    with pytest.raises(SpecError, match=r"typo-box\.toml"):
        Catalogue(folder)  # built at once by default
    (folder / "typo-box.toml").unlink()
    fresh = Catalogue(folder, lazy=True)
    first = fresh.machine("mi300x-8gpu-server")
    assert fresh.machines["mi300x-8gpu-server"] is first and list(fresh.machines) == list(Catalogue(folder).machines)
    assert fresh.unused() == Catalogue(folder).unused()
