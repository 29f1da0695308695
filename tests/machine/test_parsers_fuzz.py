"""Property tests: the machine readers' small parsers never crash, whatever the file holds."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rocmdesk.machine.detect import detect
from rocmdesk.machine.gpus import parse_uevent
from rocmdesk.machine.host import Host
from rocmdesk.machine.kfd import parse_properties
from rocmdesk.machine.names import parse_amdgpu_ids
from rocmdesk.machine.system import parse_dpkg_status, parse_group_file, parse_os_release, parse_passwd

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
texts = st.text(alphabet=st.characters(codec="utf-8"), max_size=400)
# lines shaped like the real files, so the fuzz reaches past the first check
shaped = st.lists(
    st.one_of(
        st.from_regex(r"[A-Z_]{1,12}=\"?[ -~]{0,20}\"?", fullmatch=True),
        st.from_regex(r"[a-z_]{1,20} -?[0-9]{1,25}", fullmatch=True),
        st.from_regex(r"[0-9A-Fa-f]{1,5},\s*[0-9A-Fa-f]{1,3},\s*[ -~]{0,30}", fullmatch=True),
        st.from_regex(r"[a-z]{1,8}:x:[0-9]{0,6}:[a-z,]{0,20}", fullmatch=True),
        st.from_regex(r"(Package|Status|Version): [ -~]{0,30}", fullmatch=True),
        texts,
    ),
    max_size=30,
).map("\n".join)


@SETTINGS
@given(st.one_of(texts, shaped))
def test_parsers_never_crash(text):
    assert isinstance(parse_os_release(text), dict)
    props = parse_properties(text)
    assert all(isinstance(v, int) for v in props.values())
    assert isinstance(parse_uevent(text), dict)
    table = parse_amdgpu_ids(text)
    assert all(len(d) == 4 and len(r) == 2 for d, r in table.names)
    assert isinstance(parse_dpkg_status(text), dict)
    assert isinstance(parse_group_file(text), list)
    assert isinstance(parse_passwd(text), list)


FILES = [
    "sys/class/drm/card0/device/vendor",
    "sys/class/drm/card0/device/device",
    "sys/class/drm/card0/device/revision",
    "sys/class/drm/card0/device/uevent",
    "sys/class/drm/card0/device/mem_info_vram_total",
    "sys/class/kfd/kfd/topology/nodes/1/properties",
    "sys/class/kfd/kfd/topology/nodes/1/mem_banks/0/properties",
    "etc/os-release",
    "etc/group",
    "proc/sys/kernel/osrelease",
    "usr/share/libdrm/amdgpu.ids",
    "var/lib/dpkg/status",
]


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.sampled_from(FILES), st.binary(max_size=200)), min_size=1, max_size=12))
def test_detect_survives_any_file_contents(tmp_path_factory, contents):
    root: Path = tmp_path_factory.mktemp("fuzz")
    (root / "sys/class/drm/card0/device").mkdir(parents=True)
    (root / "sys/class/drm/card0/device/vendor").write_text("0x1002\n")
    for rel, data in contents:
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(data)
    report = detect(Host.at_root(root))
    data = report.to_json()  # and the record always serializes
    for gpu in data["gpus"]:
        assert gpu["device_id"] is None or len(gpu["device_id"]) == 4
        assert gpu["revision"] is None or len(gpu["revision"]) == 2
