"""Issue 16, finding 3: what the root helper may touch is what rocmdesk's plans can name, and nothing else.

- each reproduction of the finding is refused with a reason that says why (apt's suffix and pattern syntax, the
  distribution's own sources, packages that are not ROCm's), by ``steps.validate`` and by the helper's command line;
- the allow-lists themselves, spelled out here and re-derived from the data files independently of the code;
- a hypothesis property over step kinds and parameters: no plan the validator accepts names a file or a package
  outside those lists, and no plan the executor runs on a tree changes anything else or hands apt anything else;
- no false refusals: every plan the plan builder makes for every simulated machine, release and scope (and for
  machines with random leftovers) passes the helper's rules for that machine.
"""

from __future__ import annotations

import copy
import json
import os
import re
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from rocmdesk.setup import events, helper
from rocmdesk.setup.steps import PlanError, Step, validate
from tests.setup.test_helper import Lines, run_helper

CALLER = "alice"
DATA = Path(__file__).resolve().parents[2] / "src" / "rocmdesk" / "knowledge" / "data"
SOURCES_D = "/etc/apt/sources.list.d/"

# -- the allow-lists, spelled out (a data change that widens root's reach shows up here) ------------------------------
LISTS = {SOURCES_D + "rocm.list", SOURCES_D + "amdgpu.list", SOURCES_D + "rocm-graphics.list"}
KEYRINGS = {"/etc/apt/keyrings/rocm.gpg", "/etc/apt/keyrings/amdrocm.gpg"}
PINS = {("/etc/apt/preferences.d/rocm-pin-600", "*", "repo.radeon.com", 600)}
TREE = re.compile(r"/opt/rocm-[0-9]+(\.[0-9]+){1,2}")
LEFTOVER = re.compile(r"/etc/apt/sources\.list\.d/(rocm|amdgpu|amdrocm|radeon|repo\.radeon\.com|repo\.amd\.com)"
                      r"[A-Za-z0-9_.-]*\.(list|sources)")
PURGE = ("rocm", "hip", "hsa", "amdgpu", "amdrocm", "rocminfo", "miopen", "rccl", "comgr")
LITERAL = re.compile(r"[a-z0-9][a-z0-9+.-]*[a-z0-9.]")  # what apt-get reads as one package name and nothing else
DISTRO = [SOURCES_D + "debian.sources", SOURCES_D + "ubuntu.sources", SOURCES_D + "docker.list",
          SOURCES_D + "google-chrome.list", SOURCES_D + "ubuntu-esm-apps.sources", "/etc/apt/sources.list"]


def data_install_names() -> set[str]:
    """Every package a plan can install, read straight from the JSON (not through the recipe the code uses)."""
    rel = json.loads((DATA / "rocm_releases.json").read_text())
    fams = [f["apt_family"] for f in json.loads((DATA / "pytorch_wheels.json").read_text())
            ["amd_family_indexes"]["families"]]
    out: set[str] = set()
    for stream, raw in rel["setup"]["streams"].items():
        versions = {".".join(r["version"].split(".")[:2]) for r in rel["releases"] if r["stream"] == stream}
        out |= set(raw.get("driver_packages", []))
        for template in (t for ts in raw["packages"].values() for t in ts):
            out |= {template.replace("{ver}", v).replace("{family}", f) for v in versions for f in fams}
    return out


INSTALL = data_install_names()


def kernel_packages(kernel: str | None) -> re.Pattern[str]:
    k = re.escape(kernel) if kernel else r"[0-9]+\.[0-9]+[a-z0-9.+-]*[a-z0-9]"
    return re.compile(rf"linux-(headers|modules-extra)-{k}")


# -- steps ----------------------------------------------------------------------------------------------------------
def raw(sid: str, kind: str, **params) -> dict:
    return {"id": sid, "kind": kind, "title": sid, "why": "", "root": kind != "verify", "params": params}


def install(*names: str) -> dict:
    return raw("install-rocm", "apt-install", packages=list(names))


def purge(*names: str) -> dict:
    return raw("cleanup-purge", "apt-purge", packages=list(names), autoremove=True)


def remove(path: str) -> dict:
    return raw("cleanup-remove", "remove-path", path=path)


def apt_list(path: str = SOURCES_D + "rocm.list", signed_by: str = "/etc/apt/keyrings/rocm.gpg") -> dict:
    return raw("write-rocm-list", "write-apt-list", path=path, uri="https://repo.radeon.com/rocm/apt/6.2.4",
               suite="noble", components=["main"], arch="amd64", signed_by=signed_by)


def key(path: str = "/etc/apt/keyrings/rocm.gpg") -> dict:
    return raw("install-key", "install-key", url="https://repo.radeon.com/rocm/rocm.gpg.key", path=path)


def pin(path: str = "/etc/apt/preferences.d/rocm-pin-600", package: str = "*", priority: int = 600) -> dict:
    return raw("write-pin", "write-pin", path=path, package=package, origin="repo.radeon.com", priority=priority)


def check(steps: list[dict], rules=None) -> list[Step]:
    plan = {"schema": 1, "steps": steps}
    return validate(plan, CALLER) if rules is None else validate(plan, CALLER, rules)


def refused(step: dict, *words: str, rules=None) -> str:
    with pytest.raises(PlanError) as exc:
        check([step], rules)
    for w in words:
        assert w in str(exc.value), str(exc.value)
    return str(exc.value)


# -- the finding, reproduced --------------------------------------------------------------------------------------
@pytest.mark.parametrize("name,words", [
    ("tcsh-", ("ends in '-'", "remove tcsh")),
    ("rocm-hip-runtime-", ("ends in '-'", "remove rocm-hip-runtime")),
    ("rocm-hip-runtime+", ("ends in '+'",)),
    ("fis.+", ("ends in '+'",)),
    ("fis.*", ("'*'", "glob")),
    ("rocm-core=6.2.4.60204-139~24.04", ("'='", "a version")),
    ("rocm-core/noble", ("'/'", "a release")),
    ("rocm-core:amd64", ("':'", "an architecture")),
    ("?name(tcsh)", ("'?'", "a pattern")),
    ("~ntcsh", ("'~'", "a pattern")),
    ("rocm[a]", ("'['", "a glob")),
    ("^rocm", ("'^'",)),
    ("rocm$", ("'$'",)),
    ("rocm|tcsh", ("'|'",)),
])
def test_apt_suffixes_and_patterns_are_refused_as_what_apt_makes_of_them(name, words):
    refused(install(name), *words)
    refused(purge(name), *words)


@pytest.mark.parametrize("name", ["openssh-server", "network-manager", "tcsh", "sudo", "fish", "libstdc++6",
                                  "rocm-core", "rocm-dev", "amdrocm7.12-gfx999x", "amdrocm9.9-gfx110x", "rocmdesk",
                                  "linux-image-6.8.0-45-generic"])
def test_apt_install_takes_only_what_a_plan_installs(name):
    refused(install("rocm-hip-runtime", name), "is not a package rocmdesk's plans install")


@pytest.mark.parametrize("name", ["openssh-server", "network-manager", "tcsh", "systemd", "libdrm2",
                                  "mesa-vulkan-drivers", "amdgpu-dkms", "amdgpu-dkms-firmware", "rocmdesk",
                                  "linux-headers-6.8.0-45-generic"])
def test_apt_purge_takes_only_old_rocm_packages(name):
    refused(purge("rocm-core", name), "is not an old ROCm package")


@pytest.mark.parametrize("path", DISTRO[:5] + [SOURCES_D + "amd-compute.list", SOURCES_D + "my-rocm.list"])
def test_remove_path_spares_the_distributions_and_other_vendors_lists(path):
    refused(remove(path), "is not an apt list rocmdesk writes or one AMD's installers leave")


@pytest.mark.parametrize("path", DISTRO[:5] + [SOURCES_D + "rocm-old.list", SOURCES_D + "amdgpu-proprietary.list",
                                               SOURCES_D + "rocm.sources"])
def test_write_apt_list_writes_only_rocmdesks_own_lists(path):
    refused(apt_list(path), "is not an apt list rocmdesk writes")


@pytest.mark.parametrize("path", ["/etc/apt/keyrings/docker.gpg", "/etc/apt/keyrings/ubuntu-archive.gpg",
                                  "/etc/apt/keyrings/rocm-old.gpg"])
def test_keyrings_only_rocmdesks_own(path):
    refused(key(path), "is not a keyring rocmdesk installs")
    refused(apt_list(signed_by=path), "is not a keyring rocmdesk installs")


def test_the_pin_only_as_the_data_names_it():
    refused(pin(path="/etc/apt/preferences.d/docker"), "is not the one rocmdesk writes")
    refused(pin(package="openssh-server"), "is not the one rocmdesk writes")
    refused(pin(priority=1000), "is not the one rocmdesk writes")
    check([pin()])


def test_what_plans_name_passes():
    steps = check([install("rocm-hip-runtime", "rocm-smi-lib", "amdgpu-dkms", "amdrocm7.12-gfx110x",
                           "amdrocm-core-dev7.14-gfx1151", "amdrocm-developer-tools10.0",
                           "linux-headers-6.8.0-45-generic", "linux-modules-extra-6.8.0-45-generic"),
                   purge("rocm-core", "rocm-core5.7.1", "hip-runtime-amd", "hsa-rocr", "amdgpu-core", "rocminfo",
                         "miopen-hip", "rccl", "comgr", "amdrocm7.12-gfx110x"),
                   remove("/opt/rocm-5.7.1"), dict(remove(SOURCES_D + "rocm-old.list"), id="rm-2"),
                   dict(remove(SOURCES_D + "amdgpu-proprietary.list"), id="rm-3"),
                   dict(remove(SOURCES_D + "rocm-graphics.list"), id="rm-4"),
                   apt_list(), dict(apt_list(SOURCES_D + "amdgpu.list"), id="l2"), key(),
                   dict(key("/etc/apt/keyrings/amdrocm.gpg"), id="k2"), pin()])
    assert len(steps) == 11


def test_kernel_packages_only_for_the_running_kernel():
    from rocmdesk.setup.helper_allow import Rules

    here = Rules(kernel="6.8.0-45-generic")
    check([install("linux-headers-6.8.0-45-generic", "linux-modules-extra-6.8.0-45-generic")], here)
    for other in ("linux-headers-6.5.0-1-generic", "linux-modules-extra-7.0.0-10-generic", "linux-headers-generic"):
        refused(install(other), "not a package rocmdesk's plans install", rules=here)
    refused(install("linux-headers-generic"), "not a package rocmdesk's plans install")  # not a kernel release


def test_a_list_the_helper_wrote_before_may_go_again():
    from rocmdesk.setup.helper_allow import Rules, recorded

    path = SOURCES_D + "amd-compute.list"  # a name older data used, say: not AMD's by name
    refused(remove(path), "is not an apt list")
    check([remove(path)], Rules(created=frozenset({path})))
    assert recorded([path, "/etc/passwd", SOURCES_D + "../x.list", 5, SOURCES_D + "a b.list"]) == {path}
    assert recorded("not a list") == frozenset()


# -- the same through the helper's command line -----------------------------------------------------------------------
@pytest.mark.parametrize("step,words", [
    (install("tcsh-"), "remove tcsh"),
    (install("fis.+"), "ends in '+'"),
    (install("openssh-server"), "is not a package rocmdesk's plans install"),
    (remove(SOURCES_D + "debian.sources"), "is not an apt list rocmdesk writes or one AMD's installers leave"),
    (remove(SOURCES_D + "ubuntu.sources"), "is not an apt list rocmdesk writes or one AMD's installers leave"),
    (apt_list(SOURCES_D + "debian.sources"), "is not an apt list rocmdesk writes"),
    (purge("openssh-server"), "is not an old ROCm package"),
    (purge("network-manager"), "is not an old ROCm package"),
])
def test_the_helper_refuses_them_with_the_reason(step, words):
    code, evs, _ = run_helper({"schema": 1, "steps": [step]}, "--dry-run")
    assert code == events.EXIT_REFUSED
    assert [e.event for e in evs] == ["refused"] and evs[0].data["reason"] == "plan"
    assert words in evs[0].data["message"], evs[0].data["message"]


def test_the_helper_checks_with_the_running_kernel_and_its_state(monkeypatch, tmp_path):
    import rocmdesk.setup.helper as h

    state = tmp_path / "setup-state.json"
    monkeypatch.setattr(h, "STATE_PATH", str(state))
    monkeypatch.setattr(h, "running_kernel", lambda: "6.8.0-45-generic")

    def main(*steps) -> list[events.Event]:
        out = Lines()
        h.main(["--dry-run"], __import__("io").BytesIO(json.dumps({"steps": list(steps)}).encode()), out)
        return out.events()

    assert main(install("linux-headers-6.8.0-45-generic"))[-1].event == "done"
    (ev,) = main(install("linux-headers-6.5.0-1-generic"))
    assert ev.event == "refused" and "not a package rocmdesk's plans install" in ev.data["message"]
    old = SOURCES_D + "amd-compute.list"
    assert main(remove(old))[0].event == "refused"
    h.save_state(state, "x", CALLER, [], None, [old])
    if os.geteuid() == os.stat(state).st_uid:  # the state file is trusted only when it is the helper's own
        assert main(remove(old))[-1].event == "done"


def test_the_state_keeps_what_the_helper_wrote(tmp_path):
    from rocmdesk.setup.helper_execute import Executor
    from tests.setup.test_helper_execute import FAKE_KEY, _armor

    tree = tmp_path / "root"
    (tree / "var/lib/dpkg").mkdir(parents=True)
    e = Executor(CALLER, root=tree, fetch=lambda url: _armor(FAKE_KEY))
    steps = check([key(), apt_list(), pin()])
    state = tree / "var/lib/rocmdesk/setup-state.json"
    helper.save_state(state, "earlier", CALLER, [], None, [SOURCES_D + "amd-compute.list"])
    assert helper.run_plan(steps, CALLER, e, helper.Stream(Lines())) == events.EXIT_OK
    saved = json.loads(state.read_text())
    assert saved["created"] == sorted([SOURCES_D + "amd-compute.list", "/etc/apt/keyrings/rocm.gpg",
                                       SOURCES_D + "rocm.list", "/etc/apt/preferences.d/rocm-pin-600"])


# -- the executor's second look ---------------------------------------------------------------------------------------
@pytest.fixture
def tree(tmp_path: Path) -> Path:
    root = tmp_path / "root"
    (root / "etc/apt/sources.list.d").mkdir(parents=True)
    (root / "var/lib/dpkg").mkdir(parents=True)
    (root / "var/lib/dpkg/status").write_text("")
    return root


def _recording_apt(tree: Path, calls: Path) -> list[str]:
    from tests.setup.test_helper_execute import fake_apt

    return fake_apt(tree, f'echo "$*" >> {calls}')


def test_apt_reads_names_literally(tree, tmp_path):
    """apt-get install/purge get APT::Cmd::Pattern-Only: a name it cannot find is an error, never a regex."""
    from rocmdesk.setup.helper_execute import Executor
    from tests.setup.test_helper_execute import status_entry

    calls = tmp_path / "calls"
    (tree / "var/lib/dpkg/status").write_text(status_entry("rocm-core"))
    e = Executor(CALLER, root=tree, programs={"apt-get": _recording_apt(tree, calls)})
    (inst,) = check([install("amdrocm7.12-gfx110x")])
    (pur,) = check([purge("rocm-core")])
    e.execute(inst)
    e.execute(pur)
    lines = calls.read_text().splitlines()
    assert lines[0] == "-q -y -o Dpkg::Use-Pty=0 install -o APT::Cmd::Pattern-Only=true -- amdrocm7.12-gfx110x"
    assert lines[1] == "-q -y -o Dpkg::Use-Pty=0 purge -o APT::Cmd::Pattern-Only=true -- rocm-core"


def test_purge_takes_only_amds_builds(tree, tmp_path):
    from rocmdesk.setup.helper_execute import Executor
    from tests.setup.test_helper_execute import status_entry

    calls = tmp_path / "calls"
    debian_rocminfo = status_entry("rocminfo", version="5.7.1-3")
    (tree / "var/lib/dpkg/status").write_text(status_entry("rocm-core") + "\n" + debian_rocminfo)
    e = Executor(CALLER, root=tree, programs={"apt-get": _recording_apt(tree, calls)})
    (pur,) = check([purge("rocm-core", "rocminfo")])  # Debian's own rocminfo 5.7.1-3 is not AMD's
    out = e.execute(pur)
    assert out.status == "failed" and "rocminfo 5.7.1-3 is not one of AMD's builds" in out.message
    assert not calls.exists()


def test_a_list_that_names_another_repository_is_not_removed(tree):
    from rocmdesk.setup.helper_execute import Executor

    lst = tree / "etc/apt/sources.list.d/rocm-old.list"
    lst.write_text("# old\ndeb https://repo.radeon.com/rocm/apt/5.7 jammy main\n"
                   "deb http://deb.debian.org/debian bookworm main\n")
    (s,) = check([remove(SOURCES_D + "rocm-old.list")])
    out = Executor(CALLER, root=tree).execute(s)
    assert out.status == "failed" and "http://deb.debian.org/debian" in out.message and lst.exists()
    lst.write_text("# http://deb.debian.org/debian in a comment\ndeb [signed-by=/etc/apt/keyrings/rocm.gpg] "
                   "https://repo.radeon.com/rocm/apt/5.7 jammy main\n")
    assert Executor(CALLER, root=tree).execute(s).status == "ok" and not lst.exists()
    sources = tree / "etc/apt/sources.list.d/rocm.sources"
    sources.write_text("Types: deb\nURIs: https://repo.radeon.com/rocm/apt/5.7 https://mirror.example/rocm\n")
    (s,) = check([remove(SOURCES_D + "rocm.sources")])
    out = Executor(CALLER, root=tree).execute(s)
    assert out.status == "failed" and "https://mirror.example/rocm" in out.message


# -- the allow-lists: what they are, and where they come from --------------------------------------------------------
def test_the_allow_lists_are_the_datas():
    from rocmdesk.setup import helper_allow as allow

    assert allow.list_files() == LISTS
    assert allow.keyrings() == KEYRINGS
    assert allow.pins() == PINS
    assert allow.install_names() == INSTALL
    assert {"rocm-hip-runtime", "rocm-smi-lib", "rocm-hip-sdk", "rocm-developer-tools", "amdgpu-dkms",
            "amdrocm7.12-gfx110x", "amdrocm-core-dev7.12-gfx90a", "amdrocm-developer-tools7.12"} <= INSTALL
    assert allow.kernel_templates() == ("linux-headers-{kernel}", "linux-modules-extra-{kernel}")
    assert allow.PURGE_PREFIXES == PURGE


def test_the_helper_and_the_machine_layer_recognise_rocm_packages_alike():
    from rocmdesk.machine.system import ROCM_PACKAGE_PREFIXES
    from rocmdesk.setup import helper_allow as allow
    from rocmdesk.setup.preflight import rocm_version_of_package

    assert allow.PURGE_PREFIXES == ROCM_PACKAGE_PREFIXES  # what detect reads as ROCm is what cleanup may purge
    for v in ("6.2.4.60204-139~24.04", "1:6.3.6.60000-1697589.22.04", "1.0.0.50701", "5.7.1-3", "13", "2.4.0-1",
              "7.12.0.71200-1~24.04", ""):
        assert allow.amd_build(v) == (rocm_version_of_package(v) is not None), v
    # rocmdesk can take away again everything it installs, but the kernel driver
    assert [n for n in INSTALL if allow.purge_problem(n)] == ["amdgpu-dkms"]


# -- the property: nothing outside the allow-lists ------------------------------------------------------------------
KERNELS = ["6.8.0-45-generic", "6.1.0-26-amd64"]
CREATED = [SOURCES_D + "amd-compute.list", "/etc/apt/keyrings/rocm.gpg"]
names = st.one_of(
    st.sampled_from(sorted(INSTALL)),
    st.sampled_from([f"linux-{w}-{k}" for w in ("headers", "modules-extra") for k in KERNELS + ["5.15.0-1-generic"]]),
    st.sampled_from(["tcsh-", "fis.+", "openssh-server", "network-manager", "rocmdesk", "amdgpu-dkms-firmware",
                     "rocm-core=6.2.4", "rocm-core:amd64", "rocm/noble", "?name(x)", "~nx", "rocm*", "hip[a]", "g++",
                     "rocm-core5.7.1", "hip-runtime-amd", "hipercontracer", "linux-image-6.8.0-45-generic"]),
    st.from_regex(r"(rocm|hip|hsa|amdgpu|amdrocm|miopen|linux-headers-)[a-z0-9+.~:=*?^$|\-]{0,12}", fullmatch=True),
    st.from_regex(r"[a-z0-9][a-z0-9+.\-]{1,16}", fullmatch=True),
    st.text(max_size=12),
)
paths = st.one_of(
    st.sampled_from(sorted(LISTS | KEYRINGS) + [p for p, *_ in PINS] + DISTRO + CREATED + [
        SOURCES_D + "rocm-old.list", SOURCES_D + "amdgpu-proprietary.list", SOURCES_D + "rocm.sources",
        "/etc/apt/keyrings/docker.gpg", "/etc/apt/preferences.d/other", "/opt/rocm-5.7.1", "/opt/rocm",
        "/opt/rocm/core-7.12", "/opt/rocm-6.2.4/bin", "/etc/passwd", "/opt/rocm-6.2.4", "/opt/rocm-7"]),
    st.from_regex(r"/etc/apt/(sources\.list\.d|keyrings|preferences\.d)/[a-z0-9_][a-z0-9_.\-]{0,14}"
                  r"(\.list|\.sources|\.gpg|)", fullmatch=True),
    st.from_regex(r"/opt/rocm-[0-9.]{1,7}", fullmatch=True),
    st.text(max_size=30),
)


GOOD_INSTALL = st.sampled_from(sorted(INSTALL) + [f"linux-{w}-{k}" for w in ("headers", "modules-extra")
                                                 for k in KERNELS])
GOOD_PURGE = st.sampled_from(["rocm-core", "rocm-core5.7.1", "hip-runtime-amd", "hsa-rocr", "amdgpu-core", "rocminfo",
                              "miopen-hip", "rccl", "comgr", "amdrocm7.12-gfx110x"])
GOOD_REMOVE = st.sampled_from(["/opt/rocm-5.7.1", "/opt/rocm-6.2", SOURCES_D + "rocm-old.list",
                               SOURCES_D + "amdgpu-proprietary.list"] + sorted(LISTS) + CREATED)


@st.composite
def steps_of_any_kind(draw, n: int) -> dict:
    kind = draw(st.sampled_from(["apt-install", "apt-purge", "remove-path", "write-apt-list", "install-key",
                                 "write-pin", "apt-update", "add-user-to-groups", "verify"]))
    wild = draw(st.booleans())  # half the steps only with values a plan could name, half with anything in places

    def pick(draw, good, anything):
        return draw(anything) if wild and draw(st.booleans()) else draw(good)

    if kind in ("apt-install", "apt-purge"):
        good = GOOD_INSTALL if kind == "apt-install" else GOOD_PURGE
        one = st.one_of(good, names) if wild else good
        params = {"packages": draw(st.lists(one, min_size=1, max_size=4, unique=True))}
        if kind == "apt-purge":
            params["autoremove"] = draw(st.booleans())
    elif kind == "remove-path":
        params = {"path": pick(draw, GOOD_REMOVE, paths)}
    elif kind == "write-apt-list":
        params = {"path": pick(draw, st.sampled_from(sorted(LISTS)), paths),
                  "uri": draw(st.sampled_from(["https://repo.radeon.com/rocm/apt/6.2.4",
                                               "https://repo.amd.com/rocm/packages/ubuntu2404"])),
                  "suite": "noble", "components": ["main"], "arch": "amd64",
                  "signed_by": pick(draw, st.sampled_from(sorted(KEYRINGS)), paths)}
    elif kind == "install-key":
        params = {"url": "https://repo.radeon.com/rocm/rocm.gpg.key",
                  "path": pick(draw, st.sampled_from(sorted(KEYRINGS)), paths)}
    elif kind == "write-pin":
        params = {"path": pick(draw, st.just("/etc/apt/preferences.d/rocm-pin-600"), paths),
                  "package": pick(draw, st.just("*"), names),
                  "origin": draw(st.sampled_from(["repo.radeon.com", "repo.amd.com"])),
                  "priority": pick(draw, st.just(600), st.sampled_from([1000, 500, 1]))}
    elif kind == "add-user-to-groups":
        params = {"user": CALLER, "groups": ["render", "video"]}
    elif kind == "verify":
        params = {"check": "kfd-opens"}
    else:
        params = {}
    if wild and draw(st.integers(0, 9)) == 0:  # now and then a parameter too many or too few
        params = dict(params, **draw(st.dictionaries(st.sampled_from(["path", "packages", "x"]), paths, max_size=1)))
    return raw(f"s{n}", kind, **params)


@st.composite
def plans(draw) -> tuple[list[dict], object]:
    from rocmdesk.setup.helper_allow import Rules

    steps = [draw(steps_of_any_kind(i)) for i in range(draw(st.integers(1, 3)))]
    rules = draw(st.one_of(st.none(), st.builds(Rules, st.sampled_from([None] + KERNELS),
                                                st.frozensets(st.sampled_from(CREATED)))))
    return steps, rules


def touches(step: Step) -> tuple[set[str], set[str], set[str], set[str]]:
    """(files written, paths removed, packages installed, packages purged) by one step."""
    p = step.params
    written = {p["path"]} if step.kind in ("write-apt-list", "install-key", "write-pin") else set()
    removed = {p["path"]} if step.kind == "remove-path" else set()
    installs = set(p["packages"]) if step.kind == "apt-install" else set()
    purges = set(p["packages"]) if step.kind == "apt-purge" else set()
    return written, removed, installs, purges


def assert_inside_the_allow_lists(steps: list[Step], rules) -> None:
    kernel = getattr(rules, "kernel", None)
    created = getattr(rules, "created", frozenset())
    for s in steps:
        written, removed, installs, purges = touches(s)
        assert written <= LISTS | KEYRINGS | {f for f, *_ in PINS}, s
        if s.kind == "write-apt-list":
            assert s.params["signed_by"] in KEYRINGS, s
        if s.kind == "write-pin":
            assert (s.params["path"], s.params["package"], s.params["origin"], s.params["priority"]) in PINS, s
        for path in removed:
            assert path not in DISTRO, s
            assert TREE.fullmatch(path) or path in LISTS or path in created or LEFTOVER.fullmatch(path), s
        for name in installs | purges:
            assert LITERAL.fullmatch(name) and not name.endswith(("+", "-")), s
        for name in installs:
            assert name in INSTALL or kernel_packages(kernel).fullmatch(name), s
        for name in purges:
            assert name.startswith(PURGE) and not name.startswith(("amdgpu-dkms", "rocmdesk")), s


@settings(max_examples=600, deadline=None)
@given(plans())
def test_no_plan_the_validator_accepts_names_anything_outside_the_allow_lists(plan):
    steps, rules = plan
    try:
        accepted = check(steps, rules)
    except PlanError:
        return
    for s in accepted:
        event(f"accepted {s.kind}")  # --hypothesis-show-statistics: every kind is reached
    assert_inside_the_allow_lists(accepted, rules)


def _snapshot(root: Path) -> dict[str, bytes | str]:
    out: dict[str, bytes | str] = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in filenames + [d for d in dirnames if os.path.islink(os.path.join(dirpath, d))]:
            full = os.path.join(dirpath, name)
            rel = "/" + os.path.relpath(full, root)
            out[rel] = ("link:" + os.readlink(full)) if os.path.islink(full) else Path(full).read_bytes()
    return out


def _plant(root: Path) -> None:
    """A machine with the distribution's sources, another vendor's list and key, old ROCm and a few precious files."""
    from tests.setup.test_helper_execute import status_entry

    files = {
        SOURCES_D + "debian.sources": "Types: deb\nURIs: http://deb.debian.org/debian\nSuites: bookworm\n",
        SOURCES_D + "ubuntu.sources": "Types: deb\nURIs: http://archive.ubuntu.com/ubuntu\nSuites: noble\n",
        SOURCES_D + "docker.list": "deb https://download.docker.com/linux/ubuntu noble stable\n",
        SOURCES_D + "rocm-old.list": "deb https://repo.radeon.com/rocm/apt/5.7 jammy main\n",
        SOURCES_D + "amd-compute.list": "deb https://repo.radeon.com/rocm/apt/6.0 jammy main\n",
        "/etc/apt/sources.list": "deb http://deb.debian.org/debian bookworm main\n",
        "/etc/apt/keyrings/docker.gpg": "docker's key",
        "/etc/apt/preferences.d/other": "Package: *\nPin: origin example.com\nPin-Priority: 100\n",
        "/etc/passwd": "root:x:0:0::/root:/bin/bash\nalice:x:1000:1000::/home/alice:/bin/bash\n",
        "/opt/rocm-5.7.1/lib/libhip.so": "x", "/opt/rocm/core-7.12/bin/rocminfo": "x", "/opt/other/keep": "keep",
        "/var/lib/dpkg/status": "\n".join(status_entry(n) for n in ("rocm-core", "hip-runtime-amd", "openssh-server")),
    }
    for path, text in files.items():
        (root / path.lstrip("/")).parent.mkdir(parents=True, exist_ok=True)
        (root / path.lstrip("/")).write_text(text)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(plans())
def test_no_plan_the_helper_runs_changes_anything_outside_the_allow_lists(plan):
    """The same property where it counts: accepted plans run through the executors on a planted tree."""
    from rocmdesk.setup.helper_execute import Executor
    from tests.setup.test_helper_execute import FAKE_KEY, _armor

    steps, rules = plan
    try:
        accepted = check(steps, rules)
    except PlanError:
        return
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "root"
        calls = Path(tmp) / "apt-calls"
        _plant(root)
        before = _snapshot(root)
        apt = ["/bin/sh", "-c", f'for a in "$@"; do printf "%s\\n" "$a"; done >> {calls}; echo --end-- >> {calls}',
               "apt-get"]
        e = Executor(CALLER, root=root, programs={"apt-get": apt}, fetch=lambda url: _armor(FAKE_KEY))
        for s in accepted:
            if s.kind in ("add-user-to-groups", "verify"):
                continue  # they change no file of apt's and no package (usermod: tested on its own)
            e.execute(s)
        after = _snapshot(root)
        changed = {p for p in before.keys() | after.keys() if before.get(p) != after.get(p)}
        allowed_w = {p for s in accepted for p in touches(s)[0]}
        allowed_rm = {p for s in accepted for p in touches(s)[1]}
        for p in changed:
            assert p in allowed_w or any(p == r or p.startswith(r + "/") for r in allowed_rm), (p, accepted)
        assert_inside_the_allow_lists(accepted, rules)
        handed = calls.read_text().split("--end--\n") if calls.exists() else []
        for call in filter(None, handed):
            args = call.splitlines()
            if args[4] in ("install", "purge"):
                assert args[5:8] == ["-o", "APT::Cmd::Pattern-Only=true", "--"], args
                for name in args[8:]:
                    assert name in INSTALL or kernel_packages(None).fullmatch(name) or name.startswith(PURGE), args


# -- no false refusals -------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def simulated(tmp_path_factory):
    from rocmdesk.machine.detect import detect
    from rocmdesk.machine.simulate import list_machines, open_simulated
    from rocmdesk.setup.facts import read_facts

    cache = tmp_path_factory.mktemp("sim-cache")
    out = {}
    for mm in list_machines():
        host = open_simulated(mm.name, cache_dir=cache)
        out[mm.name] = (detect(host), read_facts(host))
    return out


def test_every_plan_for_every_simulated_machine_release_and_scope_passes_the_helper(simulated):
    from rocmdesk.knowledge import rocm_releases
    from rocmdesk.setup.choices import Choices
    from rocmdesk.setup.helper_allow import Rules
    from rocmdesk.setup.plan import plan

    kinds: dict[str, int] = {}
    for name, (report, facts) in simulated.items():
        rules = Rules(kernel=report.kernel.release)  # what the helper on that machine checks with
        for rocm in [None] + [r.version for r in rocm_releases()]:
            for scope in ("pytorch", "runtime", "sdk"):
                # dkms and cleanup on: the widest plan for the choice (the default one is tested below)
                choices = [Choices(rocm=rocm, scope=scope, dkms=True, cleanup=True, user=CALLER)]
                if rocm is None:
                    choices.append(Choices(scope=scope, user=CALLER))
                for c in choices:
                    p = plan(report, c, facts)  # builds and checks with the data's rules; then the machine's:
                    steps = validate(p.to_json(), CALLER, rules)
                    assert_inside_the_allow_lists(steps, rules)
                    for s in steps:
                        kinds[s.kind] = kinds.get(s.kind, 0) + 1
    assert set(kinds) == {"remove-path", "apt-purge", "install-key", "write-apt-list", "write-pin", "apt-update",
                          "apt-install", "add-user-to-groups", "verify"}, kinds


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.from_regex(r"(rocm|hip|hsa|amdgpu|amdrocm|rocminfo|miopen|rccl|comgr)[a-z0-9+.\-]{0,10}",
                                     fullmatch=True),
                       st.sampled_from(["5.7.1.50701-98~22.04", "6.0.0.60000-91~22.04", "1:6.3.6.60000-1697589.22.04",
                                        "5.2.3-1", "7.2.4.70204-139~22.04"]), max_size=6),
       st.lists(st.from_regex(r"[a-z0-9][a-z0-9_.\-]{0,12}\.(list|sources)", fullmatch=True), max_size=3),
       st.sampled_from(["5.15.0-119-generic", "6.8.0-45-generic", "6.8.0-45-lowlatency", "6.5.0-1024-oem"]),
       st.sampled_from(["6.2.4", "7.2.4", "6.4.4", "7.12.0"]))
def test_plans_for_machines_with_any_leftovers_pass_the_helper(packages, lists, kernel, rocm):
    """Random old ROCm packages and stale AMD lists of any name: the builder plans only what the helper takes."""
    from rocmdesk.setup.choices import Choices
    from rocmdesk.setup.facts import SetupFacts
    from rocmdesk.setup.helper_allow import Rules
    from rocmdesk.setup.plan import plan
    from tests.setup import machines as m

    rocm_info = m.rocm_installed("6.0.0", "jammy", extra_trees=["/opt/rocm-5.7.1"])
    rocm_info.packages.update(packages)
    stale = "deb https://repo.radeon.com/rocm/apt/5.7 jammy main\n"
    files = {}
    for name in lists:
        rocm_info.repo_lists.append(SOURCES_D + name)
        files[SOURCES_D + name] = stale
    report = m.ubuntu("22.04", kernel=kernel, rocm=rocm_info)
    dirs = ("/etc/apt/sources.list.d", "/etc/apt/preferences.d", "/etc/apt/keyrings")
    for scope in ("runtime", "sdk"):
        p = plan(report, Choices(rocm=rocm, scope=scope, dkms=True, cleanup=True),
                 SetupFacts(files=files, dirs_read=dirs))
        steps = validate(p.to_json(), CALLER, Rules(kernel=kernel))
        assert_inside_the_allow_lists(steps, Rules(kernel=kernel))
        removed = {s.params["path"] for s in steps if s.kind == "remove-path"}
        assert {SOURCES_D + n for n in lists if LEFTOVER.fullmatch(SOURCES_D + n)} - LISTS <= removed


def test_a_stale_list_the_helper_would_not_remove_is_left_to_the_user():
    """The builder does not plan what the helper refuses: a stale AMD line in somebody's own list stays."""
    from rocmdesk.setup.choices import Choices
    from rocmdesk.setup.facts import SetupFacts
    from rocmdesk.setup.plan import plan
    from tests.setup import machines as m

    rocm_info = m.rocm_installed("6.0.0", "jammy")
    mine = SOURCES_D + "my-mirrors.list"
    rocm_info.repo_lists.append(mine)
    files = {mine: "deb https://repo.radeon.com/rocm/apt/5.7 jammy main\n"}
    p = plan(m.ubuntu("22.04", rocm=rocm_info), Choices(rocm="6.2.4", scope="runtime", cleanup=True),
             SetupFacts(files=files, dirs_read=("/etc/apt/sources.list.d",)))
    assert mine not in [s.params.get("path") for s in p.steps]


def test_good_steps_of_the_other_tests_still_pass():
    from tests.setup.test_steps import GOOD_STEPS

    check(copy.deepcopy(GOOD_STEPS))
