"""render_ansible: the playbook's shape, quoting and allow-list, over every simulated machine and scope, and
``ansible-playbook --syntax-check`` over all of them (when Ansible is at hand; see conftest.ansible_bin).

Pure tests (no root): the playbook is read back with PyYAML, ``!unsafe`` kept as a marker.
"""

from __future__ import annotations

import copy
import subprocess
from pathlib import Path

import pytest

from rocmdesk.setup.render_ansible import render_ansible
from rocmdesk.setup.steps import PlanError, Step, file_content
from tests.conftest import need_module

yaml = need_module("yaml", "pip install pyyaml (the test extra)")

MODULES = {"ansible.builtin." + m for m in ("stat", "file", "get_url", "command", "apt_repository",
                                            "deb822_repository", "copy", "apt", "getent", "user", "assert")}
TASK_KEYS = {"name", "tags", "when", "register", "changed_when"}


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
    assert play["become"] is True and play["gather_facts"] is False
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
    tasks = tasks_of(render_ansible(p))
    for s in p["steps"]:
        mine = _by_tag(tasks, s["id"])
        params = s["params"]
        if s["kind"] == "write-apt-list":
            (t,) = mine
            assert t["ansible.builtin.apt_repository"]["repo"] + "\n" == file_content(Step(**s))
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
    tasks = tasks_of(render_ansible(plans["hand-made"]))
    (lst,) = _by_tag(tasks, "list")
    args = lst["ansible.builtin.deb822_repository"]
    assert args["name"] == "rocm" and args["uris"] == ["https://repo.radeon.com/rocm/apt/6.2.4"]
    assert args["signed_by"] == "/etc/apt/keyrings/rocm.gpg" and args["suites"] == ["jammy"]
    (purge,) = _by_tag(tasks, "purge")
    assert purge["ansible.builtin.apt"] == {"name": ["rocm-core", "hip-runtime-amd"], "state": "absent",
                                           "purge": True, "autoremove": True}
    (rm,) = _by_tag(tasks, "rm-tree")
    assert rm["ansible.builtin.file"] == {"path": "/opt/rocm-5.7.1", "state": "absent"}
    assert "# BLOCKER (x): A blocker - fix it" in render_ansible(plans["hand-made"])


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
    names = [t["name"] for t in tasks if not t["name"].startswith(text + ":")]
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
