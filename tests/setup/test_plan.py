"""Planning per OS version and scope on hand-built machine reports: steps, order, params, done marks."""

from __future__ import annotations

import json

import pytest

from rocmdesk.machine.model import OsInfo, RocmInfo
from rocmdesk.setup.choices import Choices, recommend, resolve
from rocmdesk.setup.facts import SetupFacts
from rocmdesk.setup.plan import plan
from rocmdesk.setup.steps import validate
from tests.setup import machines as m

ROCM_LIST = "/etc/apt/sources.list.d/rocm.list"
AMDGPU_LIST = "/etc/apt/sources.list.d/amdgpu.list"
GRAPHICS_LIST = "/etc/apt/sources.list.d/rocm-graphics.list"
PIN = "/etc/apt/preferences.d/rocm-pin-600"
KEY = "/etc/apt/keyrings/rocm.gpg"
PIN_TEXT = "Package: *\nPin: release o=repo.radeon.com\nPin-Priority: 600\n"
APT_DIRS = ("/etc/apt/sources.list.d", "/etc/apt/preferences.d", "/etc/apt/keyrings")


def ids(p) -> list[str]:
    return [s.id for s in p.steps]


def step(p, sid: str):
    return next(s for s in p.steps if s.id == sid)


def line(version_dir: str, codename: str) -> str:
    return f"deb [arch=amd64 signed-by={KEY}] https://repo.radeon.com/rocm/apt/{version_dir} {codename} main"


def graphics_line(version_dir: str, codename: str) -> str:
    return f"deb [arch=amd64 signed-by={KEY}] https://repo.radeon.com/graphics/{version_dir}/ubuntu {codename} main"


# -- scopes ------------------------------------------------------------------------------------------
def test_pytorch_scope_installs_no_system_rocm():
    p = plan(m.ubuntu("24.04", acc=m.access(groups=["alice"])), Choices(scope="pytorch"))
    assert ids(p) == ["add-groups", "verify-amdgpu", "verify-kfd"]
    assert not any(s.kind.startswith("apt") or s.kind in ("install-key", "write-apt-list") for s in p.steps)
    g = step(p, "add-groups")
    assert g.params == {"user": "alice", "groups": ["render", "video"]} and not g.done and g.root
    assert any("Log out" in a for a in p.after)


@pytest.mark.parametrize("version,codename", [("22.04", "jammy"), ("24.04", "noble")])
def test_runtime_scope_on_ubuntu(version, codename):
    p = plan(m.ubuntu(version), Choices(scope="runtime", rocm="6.2.4"))
    assert ids(p) == ["install-key", "write-rocm-list", "write-pin", "apt-update", "install-rocm", "add-groups",
                      "verify-amdgpu", "verify-rocminfo", "verify-rocm-smi", "verify-kfd"]
    assert step(p, "install-key").params == {"url": "https://repo.radeon.com/rocm/rocm.gpg.key", "path": KEY}
    lst = step(p, "write-rocm-list").params
    assert lst == {"path": ROCM_LIST, "uri": "https://repo.radeon.com/rocm/apt/6.2.4", "suite": codename,
                   "components": ["main"], "arch": "amd64", "signed_by": KEY}
    assert step(p, "write-pin").params == {"path": PIN, "package": "*", "origin": "repo.radeon.com", "priority": 600}
    assert step(p, "install-rocm").params == {"packages": ["rocm-hip-runtime", "rocm-smi-lib"]}
    assert step(p, "verify-rocminfo").params == {"check": "rocminfo-lists-gfx",
                                                 "program": "/opt/rocm-6.2.4/bin/rocminfo", "expect": ["gfx1100"]}
    assert [s.root for s in p.steps] == [True] * 6 + [False] * 4


def test_sdk_scope_is_the_seed_articles_packages():
    p = plan(m.ubuntu("24.04"), Choices(scope="sdk", rocm="7.2.4"))
    assert step(p, "install-rocm").params["packages"] == ["rocm-hip-sdk", "rocm-developer-tools"]


@pytest.mark.parametrize("version,directory", [("6.2.0", "6.2"), ("6.2.4", "6.2.4"), ("7.0.0", "7.0"),
                                               ("7.1.1", "7.1.1"), ("6.1.0", "6.1")])
def test_the_repo_directory_is_x_y_for_a_dot_zero_release(version, directory):
    p = plan(m.ubuntu("22.04"), Choices(scope="runtime", rocm=version))
    assert step(p, "write-rocm-list").params["uri"] == f"https://repo.radeon.com/rocm/apt/{directory}"


def test_debian_uses_the_ubuntu_repository_of_its_base():
    for major, codename in (("12", "jammy"), ("13", "noble")):
        p = plan(m.debian(major), Choices(scope="runtime", rocm="7.2.4"))
        assert step(p, "write-rocm-list").params["suite"] == codename
        assert not any(f.id in ("os-no-repo", "os-not-listed") for f in p.findings)
    # Debian 12 before AMD listed it: the jammy repository, with a warning
    p = plan(m.debian("12"), Choices(scope="runtime", rocm="6.2.4"))
    assert step(p, "write-rocm-list").params["suite"] == "jammy"
    assert "os-not-listed" in [f.id for f in p.findings]


# -- AMD's graphics repository (legacy 7.x) ------------------------------------------------------------------------
@pytest.mark.parametrize("scope", ["runtime", "sdk"])
def test_a_legacy_7x_plan_adds_the_graphics_repository(scope):
    """ROCm 7 moved libdrm-amdgpu and its kin to repo.radeon.com/graphics: AMD's page adds it beside rocm/apt."""
    p = plan(m.ubuntu("24.04"), Choices(scope=scope, rocm="7.2.4"))
    assert ids(p)[:6] == ["install-key", "write-rocm-list", "write-graphics-list", "write-pin", "apt-update",
                          "install-rocm"]
    g = step(p, "write-graphics-list")
    assert g.params == {"path": GRAPHICS_LIST, "uri": "https://repo.radeon.com/graphics/7.2.4/ubuntu",
                        "suite": "noble", "components": ["main"], "arch": "amd64", "signed_by": KEY}
    assert g.root and not g.done and "libdrm" in g.why
    # the same keyring as the ROCm list, and the one pin covers both (both on repo.radeon.com)
    assert g.params["signed_by"] == step(p, "write-rocm-list").params["signed_by"] == step(p, "install-key").params["path"]
    assert step(p, "write-pin").params["origin"] == "repo.radeon.com"
    validate(p.to_json(), "alice")  # the root helper's allow-list takes the new list


@pytest.mark.parametrize("version,directory", [("7.0.0", "7.0"), ("7.1.1", "7.1.1"), ("7.2.0", "7.2")])
def test_the_graphics_directory_follows_the_rocm_one(version, directory):
    p = plan(m.ubuntu("22.04"), Choices(scope="runtime", rocm=version))
    assert step(p, "write-graphics-list").params["uri"] == f"https://repo.radeon.com/graphics/{directory}/ubuntu"
    assert step(p, "write-graphics-list").params["suite"] == "jammy"


def test_debian_takes_the_graphics_repository_of_its_ubuntu_base():
    p = plan(m.debian("13"), Choices(scope="runtime", rocm="7.2.4"))
    assert step(p, "write-graphics-list").params["suite"] == "noble"


def test_no_graphics_repository_where_none_is_needed():
    # 6.x had the libdrm packages in the driver repository; TheRock has no graphics repository
    for version in ("6.2.4", "6.4.4", "7.14.0"):
        assert "write-graphics-list" not in ids(plan(m.ubuntu("24.04"), Choices(scope="runtime", rocm=version)))
    # the driver alone: amdgpu-dkms and its firmware come from the driver repository, the wheel brings the rest
    p = plan(m.ubuntu("24.04", amdgpu=False), Choices(scope="pytorch", rocm="7.2.4"))
    assert p.choices.dkms and "write-amdgpu-list" in ids(p) and "write-graphics-list" not in ids(p)
    # a runtime with the driver gets both
    p = plan(m.ubuntu("24.04"), Choices(scope="runtime", rocm="7.2.4", dkms=True))
    assert ids(p)[1:5] == ["write-rocm-list", "write-graphics-list", "write-amdgpu-list", "write-pin"]


def test_the_graphics_list_done_marks():
    rep = m.ubuntu("24.04")
    choose = Choices(scope="runtime", rocm="7.2.4")
    ours = installed_facts("noble", "7.2.4", {GRAPHICS_LIST: graphics_line("7.2.4", "noble") + "\n"})
    assert step(plan(rep, choose, ours), "write-graphics-list").done
    # amdgpu-install and AMD's 7.x page put the line into rocm.list: done, no second copy
    amd = installed_facts("noble", "7.2.4", {ROCM_LIST: line("7.2.4", "noble") + "\n" + graphics_line("7.2.4", "noble")})
    p = plan(rep, choose, amd)
    assert step(p, "write-rocm-list").done and step(p, "write-graphics-list").done
    # another release's graphics line in rocm.list: rocm.list is rewritten without it, the graphics list written
    old = installed_facts("noble", "7.2.4", {ROCM_LIST: line("7.2.4", "noble") + "\n" + graphics_line("7.1.1", "noble")})
    p = plan(rep, choose, old)
    assert not step(p, "write-rocm-list").done and not step(p, "write-graphics-list").done
    assert not step(p, "apt-update").done
    # rocm.list is rewritten anyway (another ROCm): a graphics line in it does not count
    moving = installed_facts("noble", "7.1.1", {ROCM_LIST: line("7.1.1", "noble") + "\n" + graphics_line("7.2.4", "noble")})
    assert not step(plan(rep, choose, moving), "write-graphics-list").done
    # our own list names another version: rewritten, whatever rocm.list holds
    stale = dict(amd.files, **{GRAPHICS_LIST: graphics_line("7.1.1", "noble") + "\n"})
    p = plan(rep, choose, SetupFacts(files=stale, dirs_read=APT_DIRS))
    assert step(p, "write-rocm-list").done and not step(p, "write-graphics-list").done


def test_a_stale_graphics_list_is_cleaned_up():
    rocm = m.rocm_installed("7.2.4", "noble")
    rocm.repo_lists.append(GRAPHICS_LIST)
    files = {GRAPHICS_LIST: graphics_line("7.2.4", "noble") + "\n", ROCM_LIST: line("7.2.4", "noble") + "\n"}
    rep = m.ubuntu("24.04", rocm=rocm)
    # moving to 6.4.4 (no graphics repository): 7.2.4's libdrm packages would stay offered under the pin
    p = plan(rep, Choices(scope="runtime", rocm="6.4.4"), SetupFacts(files=files, dirs_read=APT_DIRS))
    remove = "cleanup-remove-etc-apt-sources.list.d-rocm-graphics.list"
    assert step(p, remove).params == {"path": GRAPHICS_LIST} and "write-graphics-list" not in ids(p)
    validate(p.to_json(), "alice")
    # staying on 7.2.4 keeps it (done); moving to 7.1.1 rewrites it rather than removing it
    p = plan(rep, Choices(scope="runtime", rocm="7.2.4"), SetupFacts(files=files, dirs_read=APT_DIRS))
    assert remove not in ids(p) and step(p, "write-graphics-list").done
    p = plan(rep, Choices(scope="runtime", rocm="7.1.1"), SetupFacts(files=files, dirs_read=APT_DIRS))
    assert remove not in ids(p) and not step(p, "write-graphics-list").done
    # a graphics line in somebody else's list is stale too, the chosen release's is not
    other = "/etc/apt/sources.list.d/amdgpu-install-leftover.list"
    rocm.repo_lists.append(other)
    mixed = dict(files, **{other: graphics_line("7.0", "noble") + "\n"})
    p = plan(rep, Choices(scope="runtime", rocm="7.2.4"), SetupFacts(files=mixed, dirs_read=APT_DIRS))
    assert step(p, "cleanup-remove-etc-apt-sources.list.d-amdgpu-install-leftover.list").params == {"path": other}


# -- TheRock ---------------------------------------------------------------------------------------------------
def test_therock_uses_the_distro_repo_and_family_packages():
    rep = m.ubuntu("24.04", [m.gpu("gfx1100"), m.gpu("gfx90a", index=1)])
    p = plan(rep, Choices(scope="sdk", rocm="7.12.0"))
    key = step(p, "install-key").params
    assert key == {"url": "https://repo.amd.com/rocm/packages/gpg/rocm.gpg", "path": "/etc/apt/keyrings/amdrocm.gpg"}
    lst = step(p, "write-rocm-list").params
    assert (lst["uri"], lst["suite"], lst["signed_by"]) == (
        "https://repo.amd.com/rocm/packages/ubuntu2404", "stable", "/etc/apt/keyrings/amdrocm.gpg")
    assert step(p, "install-rocm").params["packages"] == [
        "amdrocm7.12-gfx110x", "amdrocm7.12-gfx90a", "amdrocm-core-dev7.12-gfx110x", "amdrocm-core-dev7.12-gfx90a",
        "amdrocm-developer-tools7.12"]
    assert "write-pin" not in ids(p)  # amdrocm* names collide with nothing
    assert step(p, "verify-rocminfo").params["program"] == "/opt/rocm/core-7.12/bin/rocminfo"
    assert {"release-preview", "recipe-confidence"} <= {f.id for f in p.findings}


def test_therock_install_step_says_what_therock_installs():
    """TheRock's runtime is amdrocm<ver>-<family> with rocminfo and no rocm-smi; its sdk adds core-dev and the
    developer tools: the step's reason says that, not the legacy runtime's words (issue 14)."""
    rep = m.ubuntu("24.04", [m.gpu("gfx1100")])
    runtime = plan(rep, Choices(scope="runtime", rocm="7.14.0"))
    assert "rocm-smi" not in step(runtime, "install-rocm").why and "verify-rocm-smi" not in ids(runtime)
    assert "rocminfo" in step(runtime, "install-rocm").why and "GPU family" in step(runtime, "install-rocm").why
    sdk = plan(rep, Choices(scope="sdk", rocm="7.14.0"))
    assert "developer tools" in step(sdk, "install-rocm").why and "HIP SDK" not in step(sdk, "install-rocm").why
    legacy = plan(rep, Choices(scope="runtime", rocm="7.2.4"))
    assert "rocm-smi" in step(legacy, "install-rocm").why


def test_therock_on_debian_uses_the_native_debian_repo():
    p = plan(m.debian("13"), Choices(scope="runtime", rocm="7.14.0"))
    assert step(p, "write-rocm-list").params["uri"] == "https://repo.amd.com/rocm/packages/debian13"
    assert step(p, "install-rocm").params["packages"] == ["amdrocm7.14-gfx110x"]


def test_therock_finds_a_family_through_the_override():
    p = plan(m.ubuntu("22.04", [m.gpu("gfx1032")]), Choices(scope="runtime", rocm="7.14.0"))
    assert step(p, "install-rocm").params["packages"] == ["amdrocm7.14-gfx103x"]
    assert step(p, "write-rocm-list").params["uri"].endswith("/ubuntu2204")


def test_therock_without_a_family_blocks():
    p = plan(m.ubuntu("24.04", [m.gpu("gfx906")]), Choices(scope="runtime", rocm="7.14.0"))
    assert p.blocked and "therock-no-family" in [f.id for f in p.findings]
    assert "install-rocm" not in ids(p)


# -- driver -------------------------------------------------------------------------------------------------------
def test_dkms_is_off_when_the_inbox_driver_is_loaded():
    r = resolve(m.ubuntu("24.04"), Choices(scope="runtime"))
    assert r.dkms is False and "in-box" in r.dkms_why


def test_dkms_defaults_on_when_amdgpu_is_not_loaded():
    p = plan(m.ubuntu("22.04", amdgpu=False), Choices(scope="pytorch"))
    assert p.choices.dkms is True
    assert ids(p)[:5] == ["install-key", "write-amdgpu-list", "write-pin", "apt-update", "install-driver"]
    assert "write-rocm-list" not in ids(p)
    drv = step(p, "install-driver").params["packages"]
    assert drv == ["linux-headers-5.15.0-119-generic", "linux-modules-extra-5.15.0-119-generic", "amdgpu-dkms"]
    assert any("Reboot" in a for a in p.after)


def test_dkms_driver_repo_follows_the_driver_version():
    p = plan(m.ubuntu("24.04"), Choices(scope="runtime", rocm="7.2.3", dkms=True))
    assert step(p, "write-amdgpu-list").params["uri"] == "https://repo.radeon.com/amdgpu/30.30.3/ubuntu"
    assert step(p, "write-amdgpu-list").params["path"] == AMDGPU_LIST
    # Debian has no linux-modules-extra
    p = plan(m.debian("12"), Choices(scope="runtime", rocm="7.2.3", dkms=True))
    assert step(p, "install-driver").params["packages"] == ["linux-headers-6.1.0-25-amd64", "amdgpu-dkms"]


def test_dkms_blocks_where_there_is_no_kernel_of_ours():
    wsl = m.ubuntu("22.04", kernel="5.15.153.1-microsoft-standard-WSL2")
    wsl.os.wsl = True
    p = plan(wsl, Choices(scope="runtime", dkms=True))
    assert p.blocked and "dkms-not-here" in [f.id for f in p.findings]
    p = plan(m.ubuntu("24.04"), Choices(scope="runtime", rocm="7.14.0", dkms=True))
    assert p.blocked and "dkms-no-repo" in [f.id for f in p.findings]
    assert "install-driver" not in ids(p)


# -- done marks -------------------------------------------------------------------------------------------------
def installed_facts(codename: str, directory: str, extra: dict[str, str] | None = None) -> SetupFacts:
    files = {KEY: "", ROCM_LIST: line(directory, codename) + "\n", PIN: PIN_TEXT}
    files.update(extra or {})
    return SetupFacts(files=files, dirs_read=APT_DIRS)


def test_a_finished_machine_has_every_step_done():
    rocm = m.rocm_installed("6.2.4", "noble", packages=["rocm-core", "rocm-hip-runtime", "rocm-smi-lib"])
    rep = m.ubuntu("24.04", rocm=rocm, acc=m.access(groups=["alice", "render", "video"], ok=True))
    p = plan(rep, Choices(scope="runtime"), installed_facts("noble", "6.2.4"))
    assert p.choices.release.version == "6.2.4" and "installed already" in p.choices.rocm_why
    done = {s.id: s.done for s in p.steps}
    assert done == {"install-key": True, "write-rocm-list": True, "write-pin": True, "apt-update": True,
                    "install-rocm": True, "add-groups": True, "verify-amdgpu": True, "verify-rocminfo": True,
                    "verify-rocm-smi": False, "verify-kfd": True}
    assert p.todo == [step(p, "verify-rocm-smi")] and p.after == []


def test_the_rocm_meta_package_covers_both_scopes():
    rocm = m.rocm_installed("6.4.1", "jammy", packages=["rocm-core", "rocm"])
    rep = m.ubuntu("22.04", rocm=rocm)
    for scope in ("runtime", "sdk"):
        assert step(plan(rep, Choices(scope=scope)), "install-rocm").done


def test_packages_of_another_version_are_not_done():
    rocm = m.rocm_installed("6.2.4", "noble", packages=["rocm-core", "rocm-hip-runtime", "rocm-smi-lib"])
    p = plan(m.ubuntu("24.04", rocm=rocm), Choices(scope="runtime", rocm="7.2.4"), installed_facts("noble", "6.2.4"))
    assert not step(p, "install-rocm").done and not step(p, "write-rocm-list").done
    assert step(p, "install-key").done and step(p, "write-pin").done
    assert not step(p, "apt-update").done


def test_list_done_tolerates_amdgpu_installs_graphics_line_but_not_another_version():
    graphics = "deb [arch=amd64 signed-by=/etc/apt/keyrings/rocm.gpg] https://repo.radeon.com/graphics/6.2.4/ubuntu noble main"
    rep = m.ubuntu("24.04")
    both = installed_facts("noble", "6.2.4", {ROCM_LIST: line("6.2.4", "noble") + "\n" + graphics + "\n"})
    assert step(plan(rep, Choices(scope="runtime", rocm="6.2.4"), both), "write-rocm-list").done
    two = installed_facts("noble", "6.2.4", {ROCM_LIST: line("6.2.4", "noble") + "\n" + line("6.0", "noble") + "\n"})
    assert not step(plan(rep, Choices(scope="runtime", rocm="6.2.4"), two), "write-rocm-list").done
    commented = installed_facts("noble", "6.2.4", {ROCM_LIST: "# " + line("6.2.4", "noble") + "\n"})
    assert not step(plan(rep, Choices(scope="runtime", rocm="6.2.4"), commented), "write-rocm-list").done
    other_key = installed_facts("noble", "6.2.4", {ROCM_LIST: line("6.2.4", "noble").replace("rocm.gpg", "x.gpg")})
    assert not step(plan(rep, Choices(scope="runtime", rocm="6.2.4"), other_key), "write-rocm-list").done


def test_a_wrong_pin_is_not_done():
    rep = m.ubuntu("24.04")
    for text in ("Package: *\nPin: release o=repo.radeon.com\nPin-Priority: 500\n", "",
                 "Package: rocm*\nPin: release o=repo.radeon.com\nPin-Priority: 600\n"):
        facts = installed_facts("noble", "6.2.4", {PIN: text})
        assert not step(plan(rep, Choices(scope="runtime", rocm="6.2.4"), facts), "write-pin").done
    comment = installed_facts("noble", "6.2.4", {PIN: "# rocm\nExplanation: AMD first\n" + PIN_TEXT})
    assert step(plan(rep, Choices(scope="runtime", rocm="6.2.4"), comment), "write-pin").done


def test_without_facts_the_report_still_marks_the_list_done():
    rocm = m.rocm_installed("6.2.4", "noble")
    p = plan(m.ubuntu("24.04", rocm=rocm), Choices(scope="runtime"))
    assert step(p, "write-rocm-list").done
    assert not step(p, "install-key").done  # the report does not say whether the key is there


def test_groups_configured_means_done_even_before_a_new_login():
    acc = m.access(groups=["alice", "render", "video"], session=["alice"])
    p = plan(m.ubuntu("22.04", acc=acc), Choices())
    assert step(p, "add-groups").done and not step(p, "verify-kfd").done
    assert "needs-relogin" in [f.id for f in p.findings]
    assert any("Log out" in a for a in p.after)


# -- cleanup -------------------------------------------------------------------------------------------------------
def test_another_rocm_version_is_cleaned_up_first():
    rocm = m.rocm_installed("6.0.0", "jammy", extra_trees=["/opt/rocm-5.7.1"])
    rocm.packages["amdgpu-dkms"] = "1:6.3.6.60000-1697589.22.04"
    old = "/etc/apt/sources.list.d/rocm-old.list"
    rocm.repo_lists.append(old)
    facts = SetupFacts(files={old: line("5.7.1", "jammy") + "\n", ROCM_LIST: line("6.0", "jammy") + "\n"},
                       dirs_read=APT_DIRS)
    p = plan(m.ubuntu("22.04", rocm=rocm), Choices(scope="runtime", rocm="6.2.4"), facts)
    assert ids(p)[:4] == ["cleanup-purge", "cleanup-remove-opt-rocm-6.0.0", "cleanup-remove-opt-rocm-5.7.1",
                          "cleanup-remove-etc-apt-sources.list.d-rocm-old.list"]
    purge = step(p, "cleanup-purge").params
    assert "amdgpu-dkms" not in purge["packages"] and "rocm-core" in purge["packages"] and purge["autoremove"]
    assert step(p, "cleanup-remove-etc-apt-sources.list.d-rocm-old.list").params == {"path": old}
    assert ROCM_LIST not in [s.params.get("path") for s in p.steps if s.kind == "remove-path"]  # rewritten instead
    assert "rocm-residue" in [f.id for f in p.findings]


def test_the_chosen_version_is_kept():
    rocm = m.rocm_installed("6.2.4", "jammy", extra_trees=["/opt/rocm-5.7.1"])
    p = plan(m.ubuntu("22.04", rocm=rocm), Choices(scope="runtime", rocm="6.2.4"))
    assert [s.params["path"] for s in p.steps if s.kind == "remove-path"] == ["/opt/rocm-5.7.1"]
    assert "cleanup-purge" not in ids(p)


def test_a_tree_of_unknown_version_is_judged_by_its_name():
    rocm = m.rocm_installed("6.2.4", "jammy")
    rocm.installed[0].version = None
    p = plan(m.ubuntu("22.04", rocm=rocm), Choices(scope="runtime", rocm="6.2.4"))
    assert not [s for s in p.steps if s.kind == "remove-path"]


def test_pytorch_scope_leaves_other_rocm_alone_unless_asked():
    rocm = m.rocm_installed("6.0.0", "jammy", extra_trees=["/opt/rocm-5.7.1"])
    rep = m.ubuntu("22.04", rocm=rocm, amdgpu=False)
    p = plan(rep, Choices(scope="pytorch", rocm="6.2.4"))
    assert not [s for s in p.steps if s.id.startswith("cleanup")]
    p = plan(rep, Choices(scope="pytorch", rocm="6.2.4", cleanup=True))
    assert [s for s in p.steps if s.id.startswith("cleanup")]


def test_distro_rocm_packages_are_not_purged():
    rocm = RocmInfo(packages={"rocminfo": "5.7.1-3build1", "hipcc": "5.7.1-2"})
    p = plan(m.ubuntu("24.04", rocm=rocm), Choices(scope="runtime", rocm="7.2.4"))
    assert "cleanup-purge" not in ids(p)
    assert "distro-rocm-packages" in [f.id for f in p.findings]


# -- the release ------------------------------------------------------------------------------------------------
def test_recommendations_per_os():
    assert recommend(m.ubuntu("24.04"))[0].version == "7.2.4"
    assert recommend(m.ubuntu("22.04"))[0].version == "7.2.4"
    assert recommend(m.ubuntu("20.04"))[0].version == "6.1.5"  # the last release that lists focal
    assert recommend(m.debian("12"))[0].version == "7.2.4"
    rel, why = recommend(m.ubuntu("24.04", [m.gpu("gfx1151", apu=True)]))
    assert rel.stream == "therock" and not rel.preview and "TheRock" in why
    rel, why = recommend(m.ubuntu("26.04"))
    assert rel is None and "Ubuntu 26.04" in why


def test_a_derivative_gets_its_bases_repo():
    mint = m.report(OsInfo(id="linuxmint", version_id="22", codename="wilma", id_like=["ubuntu", "debian"],
                           pretty_name="Linux Mint 22", repo_codename="noble"), None, "6.8.0-45-generic")
    rel, why = recommend(mint)
    assert rel.version == "7.2.4" and "lists this GPU" in why
    p = plan(mint, Choices(scope="runtime"))
    assert step(p, "write-rocm-list").params["suite"] == "noble"
    assert "os-not-listed" in [f.id for f in p.findings] and not p.blocked


def test_an_os_without_apt_repos():
    fedora = m.report(OsInfo(id="fedora", version_id="40", pretty_name="Fedora Linux 40"), None, "6.9.4-200.fc40")
    p = plan(fedora, Choices(scope="runtime"))
    assert p.blocked and ids(p) == ["add-groups", "verify-amdgpu", "verify-kfd"]
    p = plan(fedora, Choices(scope="pytorch"))
    assert not p.blocked and ids(p) == ["add-groups", "verify-amdgpu", "verify-kfd"]


def test_a_release_that_does_not_serve_the_os_blocks():
    p = plan(m.ubuntu("24.04"), Choices(scope="runtime", rocm="6.1.2"))  # focal/jammy only
    assert p.blocked and "os-no-repo" in [f.id for f in p.findings]
    assert not [s for s in p.steps if s.root and s.kind != "add-user-to-groups"]
    p = plan(m.ubuntu("24.04"), Choices(scope="runtime", rocm="9.9.9"))
    assert p.blocked and "release-unknown" in [f.id for f in p.findings]


def test_no_group_step_for_root_or_an_unknown_user():
    for user in ("root", None, "bad name"):
        p = plan(m.ubuntu("24.04", acc=m.access(user=user, groups=[])), Choices())
        assert "add-groups" not in ids(p)
    assert "user-root" in [f.id for f in plan(m.ubuntu("24.04", acc=m.access(user="root")), Choices()).findings]


def test_the_user_can_be_chosen_and_the_plan_then_validates_only_for_them():
    p = plan(m.ubuntu("24.04"), Choices(user="bob"))
    assert step(p, "add-groups").params["user"] == "bob" and not step(p, "add-groups").done
    validate(p.to_json(), "bob")
    with pytest.raises(Exception, match="not the caller"):
        validate(p.to_json(), "alice")


def test_json_form():
    p = plan(m.ubuntu("24.04"), Choices(scope="runtime"))
    data = json.loads(json.dumps(p.to_json()))
    assert data["schema"] == 1 and data["choices"]["rocm"] == "7.2.4" and data["choices"]["scope"] == "runtime"
    assert set(data["steps"][0]) == {"id", "kind", "title", "why", "root", "params", "done"}
    assert {"id", "severity", "title", "evidence", "fix", "source"} <= set(data["findings"][0])
    assert data["blocked"] is False and data["machine"]["gpus"][0]["gfx"] == "gfx1100"
    assert [s.to_json() for s in validate(data, "alice")] == data["steps"]


def test_bad_scope_is_refused():
    with pytest.raises(ValueError):
        Choices(scope="everything")
