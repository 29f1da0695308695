"""The allow-list the root helper applies: every refusal the issue asks for, and then some."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rocmdesk.setup.steps import KINDS, PlanError, Step, file_content, validate, validate_step

CALLER = "alice"

GOOD_STEPS = [
    {"id": "cleanup-purge", "kind": "apt-purge", "title": "Purge", "why": "old", "root": True,
     "params": {"packages": ["rocm-core", "hip-runtime-amd"], "autoremove": True}, "done": False},
    {"id": "cleanup-remove-opt-rocm-5.7.1", "kind": "remove-path", "title": "Remove", "why": "old", "root": True,
     "params": {"path": "/opt/rocm-5.7.1"}, "done": False},
    {"id": "cleanup-remove-list", "kind": "remove-path", "title": "Remove", "why": "old", "root": True,
     "params": {"path": "/etc/apt/sources.list.d/rocm-old.list"}, "done": False},
    {"id": "install-key", "kind": "install-key", "title": "Key", "why": "trust", "root": True,
     "params": {"url": "https://repo.radeon.com/rocm/rocm.gpg.key", "path": "/etc/apt/keyrings/rocm.gpg"},
     "done": False},
    {"id": "write-rocm-list", "kind": "write-apt-list", "title": "List", "why": "repo", "root": True,
     "params": {"path": "/etc/apt/sources.list.d/rocm.list", "uri": "https://repo.radeon.com/rocm/apt/6.2.4",
                "suite": "noble", "components": ["main"], "arch": "amd64",
                "signed_by": "/etc/apt/keyrings/rocm.gpg"}, "done": False},
    {"id": "write-pin", "kind": "write-pin", "title": "Pin", "why": "prefer", "root": True,
     "params": {"path": "/etc/apt/preferences.d/rocm-pin-600", "package": "*", "origin": "repo.radeon.com",
                "priority": 600}, "done": False},
    {"id": "apt-update", "kind": "apt-update", "title": "Update", "why": "lists", "root": True, "params": {},
     "done": False},
    {"id": "install-rocm", "kind": "apt-install", "title": "Install", "why": "runtime", "root": True,
     "params": {"packages": ["rocm-hip-runtime", "rocm-smi-lib", "amdrocm7.12-gfx110x", "amdgpu-dkms"]},
     "done": False},
    {"id": "add-groups", "kind": "add-user-to-groups", "title": "Groups", "why": "kfd", "root": True,
     "params": {"user": CALLER, "groups": ["render", "video"]}, "done": True},
    {"id": "verify-amdgpu", "kind": "verify", "title": "Check", "why": "", "root": False,
     "params": {"check": "amdgpu-loaded"}, "done": False},
    {"id": "verify-rocminfo", "kind": "verify", "title": "Check", "why": "", "root": False,
     "params": {"check": "rocminfo-lists-gfx", "program": "/opt/rocm-6.2.4/bin/rocminfo", "expect": ["gfx1100"]},
     "done": False},
    {"id": "verify-rocminfo-therock", "kind": "verify", "title": "Check", "why": "", "root": False,
     "params": {"check": "rocminfo-lists-gfx", "program": "/opt/rocm/core-7.12/bin/rocminfo", "expect": ["gfx90a"]},
     "done": False},
    {"id": "verify-rocm-smi", "kind": "verify", "title": "Check", "why": "", "root": False,
     "params": {"check": "rocm-smi-shows-gpu", "program": "/opt/rocm-6.2.4/bin/rocm-smi"}, "done": False},
    {"id": "verify-kfd", "kind": "verify", "title": "Check", "why": "", "root": False,
     "params": {"check": "kfd-opens"}, "done": False},
]


def plan_with(step: dict) -> dict:
    return {"schema": 1, "steps": [step]}


def one(kind_id: str) -> dict:
    return copy.deepcopy(next(s for s in GOOD_STEPS if s["id"] == kind_id))


def refused(step: dict, caller: str = CALLER, match: str | None = None) -> None:
    with pytest.raises(PlanError, match=match):
        validate(plan_with(step), caller)


def test_a_good_plan_passes_and_comes_back_as_steps():
    steps = validate({"schema": 1, "steps": copy.deepcopy(GOOD_STEPS), "findings": [], "choices": {}}, CALLER)
    assert [s.id for s in steps] == [s["id"] for s in GOOD_STEPS]
    assert all(isinstance(s, Step) for s in steps)
    assert steps[8].done is True and steps[9].root is False


def test_the_allow_list_is_small_and_only_verify_runs_unprivileged():
    assert set(KINDS) == {"write-apt-list", "install-key", "write-pin", "apt-update", "apt-install", "apt-purge",
                          "remove-path", "add-user-to-groups", "verify", "set-power-cap", "set-perf-level",
                          "write-control-unit", "remove-control-unit"}
    assert [k for k, v in KINDS.items() if not v.root] == ["verify"]


# -- kinds and shape ---------------------------------------------------------------------------
@pytest.mark.parametrize("kind", ["run-command", "shell", "write-file", "", None, 3, "VERIFY", "apt-install "])
def test_a_kind_outside_the_allow_list_is_refused(kind):
    step = one("apt-update")
    step["kind"] = kind
    refused(step, match="allow-list")


def test_plan_shape_is_checked():
    for bad in ([], "steps", None, {"steps": "x"}, {"steps": {}}, {"schema": 2, "steps": []}):
        with pytest.raises(PlanError):
            validate(bad, CALLER)
    assert validate({"steps": []}, CALLER) == []
    with pytest.raises(PlanError, match="at most"):
        validate({"steps": [one("apt-update") | {"id": f"s{i}"} for i in range(101)]}, CALLER)


def test_unknown_fields_and_parameters_are_refused():
    step = one("apt-update")
    step["command"] = "rm -rf /"
    refused(step, match="unknown field")
    step = one("install-key")
    step["params"]["exec"] = "sh"
    refused(step, match="unknown parameter")
    step = one("install-key")
    del step["params"]["path"]
    refused(step, match="missing parameter")
    step = one("apt-update")
    step["params"] = ["x"]
    refused(step)


def test_ids_must_be_plain_and_unique():
    for bad in ("", "Has Space", "../x", "a\nb", "-lead", "x" * 81, 5):
        step = one("apt-update")
        step["id"] = bad
        refused(step)
    with pytest.raises(PlanError, match="twice"):
        validate({"steps": [one("apt-update"), one("apt-update")]}, CALLER)


def test_root_must_match_the_kind():
    step = one("apt-update")
    step["root"] = False
    refused(step, match="root must be true")
    step = one("verify-kfd")
    step["root"] = True
    refused(step, match="root must be false")
    step = one("apt-update")
    step["root"] = 1
    refused(step)


@pytest.mark.parametrize("text", ["two\nlines", "carriage\r", "nul\x00", "esc\x1b[2J", 7, None])
def test_titles_and_reasons_are_one_line_of_text(text):
    for key in ("title", "why"):
        step = one("apt-update")
        step[key] = text
        refused(step, match=key)


def test_done_must_be_a_bool():
    step = one("apt-update")
    step["done"] = "yes"
    refused(step, match="done")


# -- paths -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("path", [
    "/etc/apt/sources.list",  # the main list is not ours to write
    "/etc/apt/sources.list.d/rocm.conf",
    "/etc/apt/sources.list.d/../trusted.gpg.d/x.list",
    "/etc/apt/sources.list.d/sub/rocm.list",
    "/etc/apt/sources.list.d/.list",
    "/etc/apt/sources.list.d/my rocm.list",
    "/etc/apt/sources.list.d/rocm'.list",
    "/etc/apt/sources.list.d/$(id).list",
    "/etc/apt/sources.list.d/rocm.list\n",
    "/etc/apt/sources.list.d/rocm.list\x00",
    "etc/apt/sources.list.d/rocm.list",
    "//etc/apt/sources.list.d/rocm.list",
    "/etc/cron.d/rocm.list",
])
def test_apt_lists_only_under_sources_list_d(path):
    step = one("write-rocm-list")
    step["params"]["path"] = path
    refused(step)


def test_deb822_sources_files_are_written_as_deb822():
    step = one("write-rocm-list")
    step["params"]["path"] = "/etc/apt/sources.list.d/rocm.sources"
    refused(step, match="not an apt list rocmdesk writes")  # the helper writes only the lists the data names (.list)
    s = Step("write-rocm-list", "write-apt-list", "", "", True, step["params"])  # a .sources name in the data: deb822
    assert file_content(s).startswith("Types: deb\nURIs: https://repo.radeon.com/rocm/apt/6.2.4\n")


@pytest.mark.parametrize("path", ["/etc/apt/trusted.gpg.d/rocm.gpg", "/etc/apt/keyrings/rocm.asc",
                                  "/etc/apt/keyrings/../../shadow.gpg", "/root/.ssh/authorized_keys",
                                  "/etc/apt/keyrings/ro cm.gpg", "/usr/share/keyrings/rocm.gpg"])
def test_keys_only_under_etc_apt_keyrings(path):
    step = one("install-key")
    step["params"]["path"] = path
    refused(step)
    step = one("write-rocm-list")
    step["params"]["signed_by"] = path
    refused(step)


@pytest.mark.parametrize("path", ["/etc/apt/preferences", "/etc/apt/preferences.d/rocm.conf",
                                  "/etc/apt/preferences.d/../apt.conf.d/99x", "/etc/apt/apt.conf.d/rocm",
                                  "/etc/apt/preferences.d/a b"])
def test_pins_only_under_preferences_d(path):
    step = one("write-pin")
    step["params"]["path"] = path
    refused(step)


@pytest.mark.parametrize("path", ["/", "/opt", "/opt/rocm", "/opt/rocm-", "/opt/rocm-6", "/opt/rocm-6.2/../..",
                                  "/opt/rocm-6.2.4/", "/opt/rocm-6.2.4/bin", "/opt/rocm-x", "/home/alice",
                                  "/etc/apt/sources.list.d", "/etc/apt/sources.list.d/", "/etc/apt/keyrings/rocm.gpg",
                                  "/opt/rocm-6.2.4 /", "/opt/rocm-6.2.4\n/", "/usr/lib", "~"])
def test_remove_path_only_old_trees_and_lists(path):
    step = one("cleanup-remove-opt-rocm-5.7.1")
    step["params"]["path"] = path
    refused(step)


# -- URLs ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("url", [
    "http://repo.radeon.com/rocm/rocm.gpg.key",
    "https://evil.example/rocm.gpg.key",
    "https://repo.radeon.com.evil.example/rocm.gpg.key",
    "https://user:pw@repo.radeon.com/rocm.gpg.key",
    "https://repo.radeon.com@evil.example/rocm.gpg.key",
    "https://repo.radeon.com:8443/rocm.gpg.key",
    "https://repo.radeon.com/rocm.gpg.key?x=1",
    "https://repo.radeon.com/rocm.gpg.key#frag",
    "https://repo.radeon.com/../etc/passwd",
    "https://repo.radeon.com/$(id)",
    "https://repo.radeon.com/a b",
    "https://repo.radeon.com/a\nb",
    "https://REPO.RADEON.COM/rocm.gpg.key",
    "file:///etc/shadow",
    "https://repo.radeon.com:abc/rocm.gpg.key",
    "https://[::1/rocm.gpg.key",
    "https://repo.radeon.com:0/x",
    "https://repo.radeon.com\\@evil.example/x",
    "ftp://repo.radeon.com/x",
    "",
])
def test_urls_only_https_to_amds_hosts(url):
    step = one("install-key")
    step["params"]["url"] = url
    refused(step)
    step = one("write-rocm-list")
    step["params"]["uri"] = url
    refused(step)


def test_both_amd_hosts_are_known():
    step = one("install-key")
    step["params"]["url"] = "https://repo.amd.com/rocm/packages/gpg/rocm.gpg"
    validate(plan_with(step), CALLER)


@pytest.mark.parametrize("field,value", [("suite", "noble main"), ("suite", "$(id)"), ("suite", ""),
                                         ("components", []), ("components", ["main contrib"]),
                                         ("components", ["main", "main"]), ("components", "main"),
                                         ("arch", "amd64 i386"), ("arch", "x86"), ("arch", ""),
                                         ("arch", "amd64,]"), ("arch", ["amd64"])])
def test_list_fields_are_plain(field, value):
    step = one("write-rocm-list")
    step["params"][field] = value
    refused(step)


def test_pin_fields_are_plain():
    for key, value in (("origin", "evil.example"), ("package", "a b"), ("package", "-x"), ("priority", 0),
                       ("priority", 1001), ("priority", "600"), ("priority", True), ("priority", 600.0)):
        step = one("write-pin")
        step["params"][key] = value
        refused(step)


# -- packages -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("pkg", ["", "a", "-o APT::x", "--allow-unauthenticated", "Rocm", "rocm core", "rocm;id",
                                 "rocm$(id)", "rocm`id`", "rocm\nid", "rocm/noble", "rocm=", "rocm=1.0 x",
                                 "rocm=-1", "rocm=$(id)", "../rocm", "rocm_core", "*"])
def test_package_names_follow_debian_syntax(pkg):
    step = one("install-rocm")
    step["params"]["packages"] = [pkg]
    refused(step)
    step = one("cleanup-purge")
    step["params"]["packages"] = [pkg]
    refused(step)


def test_package_lists_are_lists_of_strings():
    for value in ([], "rocm", [["rocm"]], [1], ["rocm", "rocm"], ["rocm"] * 401):
        step = one("install-rocm")
        step["params"]["packages"] = value
        refused(step)
    step = one("cleanup-purge")
    step["params"]["autoremove"] = "yes"
    refused(step)


# -- the user --------------------------------------------------------------------------------------------------
def test_the_group_step_must_name_the_caller():
    step = one("add-groups")
    step["params"]["user"] = "bob"
    refused(step, match="not the caller")
    refused(one("add-groups"), caller="bob", match="not the caller")
    refused(one("add-groups"), caller="root", match="not the caller")


@pytest.mark.parametrize("user", ["alice bob", "alice'", 'alice"', "$(id)", "`id`", "alice\n", "alice\nroot",
                                  "alice;root", "-oroot", "", "a" * 33, "al/ice", "alice$", "älice", " alice"])
def test_odd_user_names_are_refused_even_when_they_are_the_caller(user):
    step = one("add-groups")
    step["params"]["user"] = user
    refused(step, caller=user)  # the caller check refuses the name itself
    refused(step, caller=CALLER)


def test_only_the_gpu_groups():
    for groups in (["sudo"], ["render", "wheel"], ["root"], [], ["render", "render"], "render,video", ["render video"]):
        step = one("add-groups")
        step["params"]["groups"] = groups
        refused(step)


# -- verify ----------------------------------------------------------------------------------------------------
def test_verify_checks_are_closed():
    for params in ({"check": "shell", "cmd": "id"}, {"check": "kfd-opens", "program": "/bin/sh"},
                   {"check": "rocm-smi-shows-gpu", "program": "/tmp/rocm-smi"},
                   {"check": "rocm-smi-shows-gpu", "program": "/opt/rocm-6.2.4/bin/rocminfo"},
                   {"check": "rocminfo-lists-gfx", "program": "/opt/rocm-6.2.4/bin/rocminfo", "expect": ["gfx; id"]},
                   {"check": "rocminfo-lists-gfx", "program": "/opt/rocm-6.2.4/bin/../../../bin/sh",
                    "expect": ["gfx1100"]},
                   {"check": "rocminfo-lists-gfx", "program": "/opt/rocm-6.2.4/bin/rocminfo"}):
        step = one("verify-kfd")
        step["params"] = params
        refused(step)


def test_the_json_form_round_trips():
    steps = validate(json.loads(json.dumps({"steps": GOOD_STEPS})), CALLER)
    assert [s.to_json() for s in steps] == GOOD_STEPS


def test_validate_step_reports_the_problem_plainly():
    with pytest.raises(PlanError) as exc:
        validate({"steps": [one("apt-update"), {"id": "x", "kind": "shell", "params": {}}]}, CALLER)
    assert "step 2 ('x')" in str(exc.value) and "allow-list" in str(exc.value)
    with pytest.raises(PlanError, match="caller"):
        validate({"steps": []}, "not a user")
    with pytest.raises(PlanError):
        validate_step("apt-update", CALLER)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(["id", "kind", "title", "why", "root", "params", "done", "x"]),
                       st.one_of(st.text(max_size=20), st.booleans(), st.integers(),
                                 st.dictionaries(st.text(max_size=8), st.text(max_size=20), max_size=4)),
                       max_size=8))
def test_arbitrary_steps_either_validate_or_raise_plan_error(raw):
    try:
        validate({"steps": [raw]}, CALLER)
    except PlanError:
        pass


@settings(max_examples=200, deadline=None)
@given(st.text(min_size=1, max_size=40))
def test_arbitrary_text_never_slips_into_a_path_or_package(text):
    for kind_id, key in (("install-key", "path"), ("write-rocm-list", "path"), ("write-pin", "path"),
                         ("cleanup-remove-opt-rocm-5.7.1", "path")):
        step = one(kind_id)
        step["params"][key] = text
        try:
            (s,) = validate(plan_with(step), CALLER)
        except PlanError:
            continue
        assert not any(c in s.params[key] for c in " \t\n'\"$`;|&<>()\\*?[]{}") and ".." not in s.params[key].split("/")
    step = one("install-rocm")
    step["params"]["packages"] = [text]
    try:
        validate(plan_with(step), CALLER)
    except PlanError:
        return
    assert not text.startswith("-") and not any(c.isspace() for c in text)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60), st.sampled_from(["install-key", "write-rocm-list"]))
def test_arbitrary_urls_either_pass_as_amd_https_or_raise_plan_error(text, kind_id):
    step = one(kind_id)
    step["params"]["url" if kind_id == "install-key" else "uri"] = text
    try:
        validate(plan_with(step), CALLER)
    except PlanError:
        return
    assert text.startswith(("https://repo.radeon.com/", "https://repo.amd.com/")) or text in (
        "https://repo.radeon.com", "https://repo.amd.com")


@settings(max_examples=200, deadline=None)
@given(st.sampled_from([s["id"] for s in GOOD_STEPS]),
       st.dictionaries(st.sampled_from(["path", "url", "uri", "suite", "components", "arch", "signed_by", "package",
                                        "origin", "priority", "packages", "autoremove", "user", "groups", "check",
                                        "program", "expect", "x"]),
                       st.one_of(st.text(max_size=30), st.integers(), st.booleans(), st.none(),
                                 st.lists(st.text(max_size=20), max_size=3)),
                       max_size=7))
def test_arbitrary_params_for_every_kind_either_validate_or_raise_plan_error(step_id, params):
    step = one(step_id)
    step["params"] = params
    try:
        validate(plan_with(step), CALLER)
    except PlanError:
        pass
