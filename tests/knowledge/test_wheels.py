"""PyTorch ROCm wheels: tags, arch lists and lookups."""

from __future__ import annotations

from rocmdesk import knowledge as k


def test_sorted_and_newest_stable() -> None:
    wheels = k.torch_wheels()
    assert [w.key for w in wheels] == sorted(w.key for w in wheels)
    newest = k.wheel_for()
    assert newest.torch_version == "2.13.0" and newest.channel == "stable"
    assert newest.index_tags == ("rocm7.1", "rocm7.2")
    assert newest.rocm_tag == "rocm7.2"


def test_wheel_for_forms() -> None:
    w = k.wheel_for("2.9.1", "rocm6.4")
    assert w.index_tags == ("rocm6.4",)
    assert k.wheel_for("2.9.1+rocm6.4") == w
    assert k.wheel_for("2.9.1", "6.4") == w
    assert k.wheel_for("2.9.1", "rocm7.2") is None
    assert k.wheel_for(rocm_tag="rocm6.3").torch_version == "2.9.1"  # newest stable torch with that tag
    assert k.wheel_for(rocm_tag="rocm7.14").torch_version == "2.14.0"
    assert k.wheel_for("2.15.0.dev20261101+rocm7.2").index_tags == ("nightly/rocm7.2",)
    assert k.wheel_for("2.15.0.dev20261101").channel == "nightly"
    assert k.wheel_for("2.12.2").torch_version == "2.12.1"  # same minor
    assert k.wheel_for("3.0.0") is None
    assert k.wheel_for("not a version") is None


def test_per_tag_arch_lists() -> None:
    w = k.wheel_for("2.3.1")
    assert "gfx942" not in w.for_tag("rocm5.7").arch_list
    assert "gfx942" in w.for_tag("rocm6.0").arch_list
    therock = k.wheel_for("2.14.0", "rocm7.14")
    assert "gfx906" not in therock.arch_list and "gfx1100" in therock.arch_list
    assert therock.layout() == "therock"
    assert k.wheel_for("2.14.0", "rocm7.2").layout() == "bundled"


def test_arch_list_history() -> None:
    assert "gfx1101" not in k.wheel_for("2.5.1").arch_list
    assert "gfx1101" in k.wheel_for("2.6.0").arch_list
    assert "gfx1201" in k.wheel_for("2.7.0").arch_list
    assert "gfx1151" in k.wheel_for("2.10.0").arch_list
    assert k.wheel_for("2.13.0").carries("gfx1103") is None  # unverified
    assert k.wheel_for("2.12.1").carries("gfx1103") is False
    for w in k.torch_wheels():
        assert not any(g in w.arch_list for g in ("gfx1031", "gfx1032", "gfx1034", "gfx1035", "gfx1036"))


def test_pip_command() -> None:
    w = k.wheel_for("2.11.0", "rocm7.2")
    assert w.pip_command() == (
        "pip install torch==2.11.0+rocm7.2 torchvision==0.26.0+rocm7.2 --index-url https://download.pytorch.org/whl/rocm7.2"
    )
    nightly = k.wheel_for("2.15.0.dev0")
    assert nightly.pip_command().startswith("pip install --pre torch")
    assert nightly.rocm_tag == "nightly/rocm7.14"  # the newest tag is the default
    assert nightly.index_url("nightly/rocm7.2") == "https://download.pytorch.org/whl/nightly/rocm7.2"


def test_amd_family_index() -> None:
    idx = k.amd_wheel_index("gfx1151")
    assert idx is not None and idx.index_url == "https://repo.amd.com/rocm/whl/gfx1151/"
    assert k.amd_wheel_index("gfx1103").family == "gfx110X-all"
    assert k.amd_wheel_index("gfx803") is None
