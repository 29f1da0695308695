"""render_ansible: the playbook's shape, quoting and allow-list, over every simulated machine and scope, and
``ansible-playbook --syntax-check`` over all of them (when Ansible is at hand; see conftest.ansible_bin).
The fleet part: a playbook planned on one machine gives every other release the lines and kernel packages the
planner gives a machine of that release, and its leftover rules (Jinja and find regexes) agree with the planner's.

Pure tests (no root): the playbook is read back with PyYAML, ``!unsafe`` kept as a marker.
"""

from __future__ import annotations

import copy
import json
import subprocess
from pathlib import Path

import pytest

from rocmdesk.setup.render_ansible import render_ansible
from rocmdesk.setup.steps import PlanError, Step, file_content
from tests.conftest import need_module

yaml = need_module("yaml", "pip install pyyaml (the test extra)")

MODULES = {"ansible.builtin." + m for m in ("stat", "file", "get_url", "command", "apt_repository",
                                            "deb822_repository", "copy", "apt", "getent", "user", "assert",
                                            "package_facts", "set_fact", "find")}
TASK_KEYS = {"name", "tags", "when", "register", "changed_when", "loop"}


class Unsafe(str):
    pass


class Loader(yaml.SafeLoader):
    pass


Loader.add_constructor("!unsafe", lambda loader, node: Unsafe(loader.construct_scalar(node)))


def load(text: str) -> list:
    return yaml.load(text, Loader=Loader)  # noqa: S506 - SafeLoader plus one scalar tag


@pytest.fixture(autouse=True)
def deb822_in_the_data(monkeypatch) -> None:
    """The data names one-line lists only, and the helper writes no other (``helper_allow.list_files``); the hand-made
    plan writes rocm.sources as if the data named that deb822 list, so the renderer's deb822 path stays tested."""
    from rocmdesk.setup import helper_allow

    named = helper_allow.list_files
    monkeypatch.setattr(helper_allow, "list_files", lambda: named() | {"/etc/apt/sources.list.d/rocm.sources"})


@pytest.fixture(scope="module")
def plans(tmp_path_factory) -> dict[str, dict]:
    from rocmdesk.machine.detect import detect
    from rocmdesk.machine.simulate import list_machines, open_simulated
    from rocmdesk.setup.choices import Choices
    from rocmdesk.setup.facts import read_facts
    from rocmdesk.setup.plan import plan

    cache = tmp_path_factory.mktemp("sim")
    out = {}
    for mm in list_machines():
        host = open_simulated(mm.name, cache_dir=cache)
        report, facts = detect(host), read_facts(host)
        for scope in ("pytorch", "runtime", "sdk"):
            for dkms in (None, True):
                key = f"{mm.name}-{scope}" + ("-dkms" if dkms else "")
                out[key] = plan(report, Choices(scope=scope, dkms=dkms), facts).to_json()
    out["hand-made"] = hand_made()
    return out


def hand_made() -> dict:
    """Kinds the simulated machines do not reach: purge, remove, a deb822 list (no pinned version: the helper takes
    plain package names only)."""
    def step(id_, kind, params, root=True):
        return {"id": id_, "kind": kind, "title": f"Step {id_}", "why": "because", "root": root, "params": params,
                "done": False}

    return {"schema": 1, "source": "hand-made", "choices": {"rocm": "6.2.4", "stream": "legacy", "scope": "sdk"},
            "findings": [{"id": "x", "severity": "blocker", "title": "A blocker", "fix": "fix it"}],
            "steps": [
                step("purge", "apt-purge", {"packages": ["rocm-core", "hip-runtime-amd"], "autoremove": True}),
                step("rm-tree", "remove-path", {"path": "/opt/rocm-5.7.1"}),
                step("key", "install-key", {"url": "https://repo.radeon.com/rocm/rocm.gpg.key",
                                            "path": "/etc/apt/keyrings/rocm.gpg"}),
                step("list", "write-apt-list", {"path": "/etc/apt/sources.list.d/rocm.sources",
                                                "uri": "https://repo.radeon.com/rocm/apt/6.2.4", "suite": "jammy",
                                                "components": ["main"], "arch": "amd64",
                                                "signed_by": "/etc/apt/keyrings/rocm.gpg"}),
                step("update", "apt-update", {}),
                step("install", "apt-install", {"packages": ["rocm-hip-sdk"]}),
                step("groups", "add-user-to-groups", {"user": "alice", "groups": ["render", "video"]}),
                step("rocminfo", "verify", {"check": "rocminfo-lists-gfx", "program": "/opt/rocm-6.2.4/bin/rocminfo",
                                            "expect": ["gfx1100", "gfx1036"]}, root=False),
            ]}


def tasks_of(text: str) -> list[dict]:
    doc = load(text)
    assert isinstance(doc, list) and len(doc) == 1
    play = doc[0]
    fleet = "rocmdesk_releases" in (play.get("vars") or {})
    assert play["become"] is True and play["gather_facts"] is fleet
    if fleet:  # the smallest subset: the release and the kernel
        assert play["gather_subset"] == ["!all"]
    assert play["hosts"] == "{{ rocmdesk_hosts | default('all') }}"
    return play["tasks"] or []


def test_every_plan_renders_to_builtin_modules_only(plans) -> None:
    kinds = set()
    for name, p in plans.items():
        text = render_ansible(p)
        tasks = tasks_of(text)
        kinds |= {s["kind"] for s in p["steps"]}
        for t in tasks:
            modules = set(t) - TASK_KEYS
            assert len(modules) == 1 and modules <= MODULES, (name, t)
            assert isinstance(t["name"], Unsafe), (name, t["name"])
            assert set(t["tags"]) >= {t["tags"][0]}
        for s in p["steps"]:
            assert any(s["id"] in t["tags"] for t in tasks), (name, s["id"])
            assert f"{s['title']}" in text
    assert kinds >= {"apt-purge", "remove-path", "install-key", "write-apt-list", "write-pin", "apt-update",
                     "apt-install", "add-user-to-groups", "verify"}


def _by_tag(tasks: list[dict], tag: str) -> list[dict]:
    return [t for t in tasks if tag in t["tags"]]


def test_values_reach_the_modules_exactly(plans) -> None:
    p = plans["rx7900xtx-debian12-runtime"]
    text = render_ansible(p)
    tasks = tasks_of(text)
    here = load(text)[0]["vars"]["rocmdesk_releases"]["bookworm"]  # the planned machine's own row
    for s in p["steps"]:
        mine = _by_tag(tasks, s["id"])
        params = s["params"]
        if s["kind"] == "write-apt-list":
            (t,) = mine
            assert t["ansible.builtin.apt_repository"]["repo"] == '{{ rocmdesk_os.lists["%s"] }}' % s["id"]
            assert here["lists"][s["id"]] + "\n" == file_content(Step(**s))
            assert t["ansible.builtin.apt_repository"]["filename"] + ".list" == params["path"].rsplit("/", 1)[1]
            assert t["ansible.builtin.apt_repository"]["update_cache"] is False
        elif s["kind"] == "write-pin":
            (t,) = mine
            assert t["ansible.builtin.copy"]["content"] == file_content(Step(**s))
            assert t["ansible.builtin.copy"]["dest"] == params["path"]
        elif s["kind"] == "apt-install":
            (t,) = mine
            assert t["ansible.builtin.apt"]["name"] == params["packages"]
        elif s["kind"] == "install-key":
            get = [t for t in mine if "ansible.builtin.get_url" in t]
            assert get[0]["ansible.builtin.get_url"]["url"] == params["url"]
            dearmor = [t for t in mine if "ansible.builtin.command" in t][0]["ansible.builtin.command"]["argv"]
            assert dearmor[-1] == params["path"]
        elif s["kind"] == "add-user-to-groups":
            user = [t for t in mine if "ansible.builtin.user" in t][0]["ansible.builtin.user"]
            assert user["append"] is True and user["groups"] == params["groups"]
            assert user["name"] == "{{ rocmdesk_user }}"
        elif s["kind"] == "verify":
            assert all(t["changed_when"] is False for t in mine if "ansible.builtin.command" in t)
            assert all("verify" in t["tags"] for t in mine)
    assert load(render_ansible(p))[0]["vars"]["rocmdesk_user"] == next(
        s["params"]["user"] for s in p["steps"] if s["kind"] == "add-user-to-groups")


def test_deb822_list_and_purge(plans) -> None:
    text = render_ansible(plans["hand-made"])
    tasks = tasks_of(text)
    (lst,) = _by_tag(tasks, "list")  # not a list the data names for this release: the same on every host
    args = lst["ansible.builtin.deb822_repository"]
    assert args["name"] == "rocm" and args["uris"] == ["https://repo.radeon.com/rocm/apt/6.2.4"]
    assert args["signed_by"] == "/etc/apt/keyrings/rocm.gpg" and args["suites"] == ["jammy"]
    # the planned machine's leftovers are comments; each host finds its own, under the planned steps' tags
    assert "# On the planned machine: Step purge (rocm-core, hip-runtime-amd)" in text
    cleanup = _by_tag(tasks, "purge")
    assert cleanup == _by_tag(tasks, "rm-tree") == _by_tag(tasks, "cleanup")
    (purge,) = [t for t in cleanup if "ansible.builtin.apt" in t]
    assert purge["ansible.builtin.apt"] == {"name": "{{ rocmdesk_purge }}", "state": "absent", "purge": True,
                                           "autoremove": True}
    removes = [t for t in cleanup if "ansible.builtin.file" in t]
    assert [t["loop"] for t in removes] == ["{{ rocmdesk_old_trees.files | map(attribute='path') | sort }}",
                                            "{{ rocmdesk_old_lists.files | map(attribute='path') | sort }}"]
    assert all(t["ansible.builtin.file"] == {"path": "{{ item }}", "state": "absent"} for t in removes)
    assert "/opt/rocm-5.7.1" not in text.split("\n---\n", 1)[1].replace("# On the planned machine: Step rm-tree", "")
    assert "# BLOCKER (x): A blocker - fix it" in text


def test_a_plan_object_renders_like_its_json(plans, tmp_path) -> None:
    from rocmdesk.machine.detect import detect
    from rocmdesk.machine.simulate import open_simulated
    from rocmdesk.setup.choices import Choices
    from rocmdesk.setup.facts import read_facts
    from rocmdesk.setup.plan import plan

    host = open_simulated("rx7900xtx-ubuntu2404", cache_dir=tmp_path)
    p = plan(detect(host), Choices(scope="runtime"), read_facts(host))
    assert render_ansible(p) == render_ansible(p.to_json())


HOSTILE = ["{{ lookup('pipe', 'id') }}", "{% raw %}", "it's \"quoted\"", "$(touch /tmp/x) `id`", "a: b # c",
           "- [x]", "日本語 ≠ ascii", "\\ backslash"]


@pytest.mark.parametrize("text", HOSTILE)
def test_free_text_is_quoted_and_never_templated(plans, text) -> None:
    p = copy.deepcopy(plans["hand-made"])
    for s in p["steps"]:
        s["title"] = text
        s["why"] = text
    tasks = tasks_of(render_ansible(p))
    own = {"cleanup", "always"}  # the host checks and leftover tasks: this module's own words
    names = [t["name"] for t in tasks if not t["name"].startswith(text + ":") and not own & set(t["tags"])]
    assert all(isinstance(t["name"], Unsafe) for t in tasks)
    assert names and all(n == text and isinstance(n, Unsafe) for n in names)


@pytest.mark.parametrize("field, value", [
    ("user", "bob; rm -rf /"), ("user", "$(id)"), ("user", "a b"), ("user", "al\nice"),
    ("path", "/etc/apt/sources.list.d/x y.list"), ("path", "/etc/passwd"), ("url", "http://repo.radeon.com/k"),
    ("url", "https://evil.example/k"), ("package", "rocm'core"), ("package", "rocm\n- x"),
])
def test_values_outside_the_allow_list_are_refused(plans, field, value) -> None:
    p = copy.deepcopy(plans["hand-made"])
    target = {"user": "groups", "path": "list", "url": "key", "package": "install"}[field]
    s = next(s for s in p["steps"] if s["id"] == target)
    if field == "package":
        s["params"]["packages"] = [value]
    else:
        s["params"][field] = value
    with pytest.raises(PlanError):
        render_ansible(p)


def test_a_step_outside_the_allow_list_is_refused(plans) -> None:
    p = copy.deepcopy(plans["hand-made"])
    p["steps"].append({"id": "sh", "kind": "shell", "title": "x", "why": "", "root": True,
                       "params": {"cmd": "id"}, "done": False})
    with pytest.raises(PlanError):
        render_ansible(p)


def test_every_playbook_passes_ansible_syntax_check(plans, ansible_bin, tmp_path) -> None:
    paths = []
    for name, p in plans.items():
        path = tmp_path / f"{name}.yml"
        path.write_text(render_ansible(p))
        paths.append(str(path))
    env = {"PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8", "HOME": str(tmp_path), "ANSIBLE_HOME": str(tmp_path / "a"),
           "ANSIBLE_LOCAL_TEMP": str(tmp_path / "t"), "ANSIBLE_NOCOLOR": "1"}
    res = subprocess.run([str(Path(ansible_bin) / "ansible-playbook"), "-i", "localhost,", "--syntax-check", *paths],
                         capture_output=True, text=True, env=env, timeout=300)
    assert res.returncode == 0, res.stdout[-4000:] + res.stderr[-4000:]


# -- the fleet: what each host fills in ------------------------------------------------------------------------------
def _plan_of(name: str, cache: Path, **choices) -> tuple[dict, object]:
    from rocmdesk.machine.detect import detect
    from rocmdesk.machine.simulate import open_simulated
    from rocmdesk.setup.choices import Choices
    from rocmdesk.setup.facts import read_facts
    from rocmdesk.setup.plan import plan

    host = open_simulated(name, cache_dir=cache)
    report = detect(host)
    return plan(report, Choices(**choices), read_facts(host)).to_json(), report


@pytest.mark.parametrize("stream", ["legacy", "therock"])
def test_each_release_gets_what_the_planner_gives_a_machine_of_that_release(tmp_path, stream) -> None:
    """The playbook made on Debian 12 gives Ubuntu 24.04 and 22.04 hosts the lines and kernel packages rocmdesk's
    planner gives those machines themselves."""
    from rocmdesk.knowledge.releases import rocm_releases

    rocm = max((r for r in rocm_releases(stream) if not r.preview), key=lambda r: r.key).version
    made, _ = _plan_of("rx7900xtx-debian12", tmp_path, scope="sdk", dkms=True, rocm=rocm)
    assert made["choices"]["rocm"] == rocm
    doc = load(render_ansible(made))[0]
    rows = doc["vars"]["rocmdesk_releases"]
    assert {"bookworm", "jammy", "noble"} <= set(rows)
    tasks = doc["tasks"]
    for other in ("rx7900xtx-ubuntu2404", "rx6600xt-ubuntu2204", "rx7900xtx-debian12"):
        theirs, report = _plan_of(other, tmp_path, scope="sdk", dkms=True, rocm=rocm)
        row = rows[report.os.codename]
        lists = [s for s in theirs["steps"] if s["kind"] == "write-apt-list"]
        assert lists and {s["id"] for s in lists} == set(row["lists"]), other
        for s in lists:
            assert row["lists"][s["id"]] + "\n" == file_content(Step(**s)), (other, s["id"])
        driver = next((s for s in theirs["steps"] if s["id"] == "install-driver"), None)
        if driver is not None:  # TheRock has no amdgpu-dkms of its own
            kernel = report.kernel.release
            names = [t.replace("{kernel}", kernel) for t in row["kernel_packages"]]
            (task,) = _by_tag(tasks, "install-driver")
            rest = [p for p in driver["params"]["packages"] if kernel not in p]
            assert names + rest == driver["params"]["packages"], other
            assert task["ansible.builtin.apt"]["name"].endswith(f"+ {json.dumps(rest)} }}}}")
    # the first task stops a host of another release, or a kernel that cannot name a package, before any change
    first = tasks[0]
    assert first["ansible.builtin.assert"]["that"][0] == "ansible_distribution_release in rocmdesk_releases"
    assert "always" in first["tags"]


def test_a_plan_without_apt_needs_no_facts(plans) -> None:
    play = load(render_ansible(plans["rx7900xtx-ubuntu2404-pytorch"]))[0]
    assert play["gather_facts"] is False and "rocmdesk_releases" not in (play.get("vars") or {})


PACKAGES = [("rocm-core", "5.7.1.50701-98~22.04"), ("rocm-core", "6.2.4.60204-139~22.04"),
            ("hip-runtime-amd", "1:6.3.6.60000-1697589.22.04"), ("rocm-distro-tool", "5.7.1-2"),
            ("amdgpu-dkms", "1:6.8.5.60204-1"), ("rocmdesk", "0.1.50701-1"), ("libdrm2", "2.4.60204-1"),
            ("miopen-hip", "3.2.0.60204-139"), ("rocm-smi-lib", "7.0.0.70000-1~24.04"), ("comgr", "2.8.0.60200-1")]


@pytest.mark.parametrize("keep", ["6.2.4", "6.2", "7.0.0", None])
def test_the_leftover_rules_are_the_planners(keep) -> None:
    import re

    from rocmdesk.setup.helper_allow import purge_problem
    from rocmdesk.setup.preflight import rocm_version_of_package
    from rocmdesk.setup.render_ansible import purge_rules, tree_rules
    from packaging.version import Version

    def same(a, b):
        return a is not None and b is not None and Version(a) == Version(b)

    prefix, never, stale = purge_rules(keep)
    for name, version in PACKAGES:  # plan._cleanup's choice
        pv = rocm_version_of_package(version)
        want = bool(pv) and not same(pv, keep) and not name.startswith("amdgpu-dkms") and purge_problem(name) is None
        got = bool(re.match(prefix, name) and not re.match(never, name) and re.search(stale, version))
        assert got == want, (name, version, keep)
    tree, kept = tree_rules(keep)
    for base in ("rocm-6.2.4", "rocm-6.2", "rocm-6.2.0", "rocm-7.0.0", "rocm-7.0", "rocm", "rocm-6.2.4.1", "rocmx-6.2"):
        want = re.fullmatch(r"rocm-[0-9]+(?:\.[0-9]+){1,2}", base) is not None and not same(base[5:], keep)
        got = bool(re.match(tree, base)) and not (kept and re.match(kept, base))
        assert got == want, (base, keep)


@pytest.mark.parametrize("text, stale", [
    ("deb [arch=amd64] https://repo.radeon.com/rocm/apt/5.7.1 jammy main\n", True),
    ("deb [arch=amd64 signed-by=/etc/apt/keyrings/rocm.gpg] https://repo.radeon.com/rocm/apt/6.2.4 jammy main\n",
     False),
    ("deb https://repo.radeon.com/rocm/apt/6.2.4/ jammy main\n", False),
    ("# deb https://repo.radeon.com/rocm/apt/5.7 jammy main\n", False),
    ("deb https://repo.radeon.com/amdgpu/6.2.4/ubuntu jammy main\n", False),
    ("deb https://repo.radeon.com/graphics/7.0/ubuntu jammy main\n", True),
    ("deb https://mirror.example/rocm/apt/6.1 jammy main\n", True),
    ("Types: deb\nURIs: https://repo.radeon.com/rocm/apt/6.0\nSuites: jammy\nComponents: main\n", True),
    ("Types: deb\nURIs: https://repo.radeon.com/rocm/apt/6.2.4\nSuites: jammy\nComponents: main\n", False),
])
def test_the_stale_list_rule_is_the_planners(text, stale) -> None:
    """plan._other_rocm_repo for ROCm 6.2.4 (legacy, no graphics repository), as the find task's regex reads it."""
    import re

    from rocmdesk.knowledge.releases import rocm_releases
    from rocmdesk.setup.render_ansible import list_rules

    release = next(r for r in rocm_releases("legacy") if r.version == "6.2.4")
    name, mine, contains = list_rules(release, ["/etc/apt/sources.list.d/rocm.list"])
    assert bool(re.search(contains, text)) == stale
    assert re.match(name, "rocm-5.7.list") and re.match(name, "amdgpu-proprietary.sources")
    assert not re.match(name, "debian.sources") and re.match(mine, "rocm.list")
