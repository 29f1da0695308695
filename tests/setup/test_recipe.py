"""The install recipe in the knowledge data: consistent with itself and with the releases."""

from __future__ import annotations

from rocmdesk import knowledge as k
from rocmdesk.knowledge._data import load_json
from rocmdesk.setup.recipe import (
    amd_hosts,
    dkms_prereqs,
    gpu_groups,
    keyring_paths,
    recipe,
    scope_package_names,
    therock_distro,
)
from rocmdesk.setup.steps import KEY_PATH, LIST_PATH, PACKAGE, PIN_PATH, check_url


def test_both_streams_have_a_recipe_with_sources():
    for stream in ("legacy", "therock"):
        rec = recipe(stream)
        assert rec.sources and all(k.source_info(s) for s in rec.sources)
        assert LIST_PATH.fullmatch(rec.list_file)
        assert set(rec.packages) == {"runtime", "sdk"}
    assert PIN_PATH.fullmatch(recipe("legacy").pin.file) and recipe("therock").pin is None
    # ROCm 7's graphics repository gets a list of its own, one the root helper's allow-list takes
    assert recipe("legacy").graphics_list_file == "/etc/apt/sources.list.d/rocm-graphics.list"
    assert LIST_PATH.fullmatch(recipe("legacy").graphics_list_file) and recipe("therock").graphics_list_file is None


def test_every_legacy_7x_release_has_a_graphics_repository():
    for rel in k.rocm_releases("legacy"):
        g = rel.repos.graphics_apt
        assert bool(g) == rel.version.startswith("7."), rel.version
        if g:
            directory = rel.repos.rocm_apt.split()[0].rsplit("/", 1)[1]
            assert g == f"https://repo.radeon.com/graphics/{directory}/ubuntu {{codename}} main", rel.version


def test_every_release_url_passes_the_validator():
    for rel in k.rocm_releases():
        r = rel.repos
        check_url(r.key_url)
        for repo in (r.rocm_apt, r.amdgpu_apt, r.graphics_apt):
            if repo:
                check_url(repo.split()[0].replace("{distro}", "ubuntu2404"))
        assert KEY_PATH.fullmatch(r.keyring)
    assert amd_hosts() == {"repo.radeon.com", "repo.amd.com"}
    assert keyring_paths() == {"/etc/apt/keyrings/rocm.gpg", "/etc/apt/keyrings/amdrocm.gpg"}


def test_legacy_repo_directories_follow_the_x_y_rule():
    for rel in k.rocm_releases("legacy"):
        major, minor, patch = rel.version.split(".")
        want = f"{major}.{minor}" if patch == "0" else rel.version
        assert rel.repos.rocm_apt.split()[0].endswith(f"/rocm/apt/{want}"), rel.version


def test_therock_families_match_their_package_names():
    for fam in load_json("pytorch_wheels.json")["amd_family_indexes"]["families"]:
        assert fam["packages"] == "amdrocm{ver}-" + fam["apt_family"]
        assert PACKAGE.fullmatch(f"amdrocm7.14-{fam['apt_family']}")


def test_therock_distros_are_served_by_the_releases():
    for rel in k.rocm_releases("therock"):
        for os_id, ver, code in (("ubuntu", "24.04", "noble"), ("ubuntu", "22.04", "jammy"),
                                 ("debian", "12", "jammy"), ("debian", "13", "noble")):
            assert therock_distro(os_id, ver, code) in rel.repos.apt_distros
    assert therock_distro("linuxmint", "22", "noble") == "ubuntu2404"
    assert therock_distro("fedora", "40", None) is None


def test_groups_and_prereqs():
    assert gpu_groups() == ("render", "video")
    assert dkms_prereqs("ubuntu") == ("linux-headers-{kernel}", "linux-modules-extra-{kernel}")
    assert dkms_prereqs("debian") == ("linux-headers-{kernel}",)
    assert dkms_prereqs("pop", ["ubuntu", "debian"])[1].startswith("linux-modules-extra")


def test_new_sources_exist():
    data = load_json("os_codenames.json")
    for key in ("therock_distros_sources", "ubuntu_kernels_sources"):
        assert all(k.source_info(s) for s in data[key])
    setup = load_json("rocm_releases.json")["setup"]
    for part in ("dkms_prereqs", "groups", "disk_estimate_gib"):
        assert all(k.source_info(s) for s in setup[part]["sources"])
    assert all(k.source_info(s) for s in setup["streams"]["legacy"]["graphics_sources"])


def test_the_recipe_names_what_each_stream_installs():
    """The words for a scope (choices.scope_what) come from these: TheRock's are amdrocm* per family, not legacy's."""
    assert scope_package_names("therock", "runtime") == ["amdrocm"]
    assert scope_package_names("therock", "sdk") == ["amdrocm", "amdrocm-core-dev", "amdrocm-developer-tools"]
    assert scope_package_names("legacy", "sdk") == ["rocm-hip-sdk", "rocm-developer-tools"]
    assert scope_package_names("legacy", "pytorch") == []
