"""The data files themselves: sources on every entry, cross-references, lazy loading."""

from __future__ import annotations

import datetime
import json
import subprocess
import sys

from rocmdesk import knowledge as k
from rocmdesk.knowledge._data import load_json, load_tsv
from rocmdesk.knowledge.releases import ubuntu_codenames


def _known(key: str) -> bool:
    return k.source_info(key) is not None


def test_as_of_is_an_iso_date() -> None:
    assert datetime.date.fromisoformat(k.as_of()) == datetime.date(2026, 12, 2)


def test_every_source_has_a_description() -> None:
    for s in k.all_sources():
        assert s.what.strip(), s.key
        assert s.url is None or s.url.startswith("https://"), s.key


def test_every_release_has_sources() -> None:
    for r in k.rocm_releases():
        assert r.sources, r.version
        assert r.os_sources and r.repo_sources, r.version
        assert r.date_sources or r.release_date is None, r.version
        assert r.gfx_sources or not r.gfx_known, r.version
        assert all(_known(s) for s in r.sources), r.version


def test_every_wheel_has_sources() -> None:
    for w in k.torch_wheels():
        assert w.tag_sources and w.arch_sources, w.torch_version
        assert all(_known(s) for s in w.sources), w.torch_version


def test_every_target_device_name_and_env_var_has_sources() -> None:
    for t in k.all_gfx_targets():
        assert t.sources and all(_known(s) for s in t.sources + t.override_sources), t.gfx
        assert all(i.sources and all(_known(s) for s in i.sources) for i in t.issues), t.gfx
        if t.override_to:
            assert t.override_sources and t.override_why, t.gfx
    for e in k.all_devices():
        assert e.sources and all(_known(s) for s in e.sources), e.device_id
    for row in load_tsv("amdgpu_names.tsv"):
        assert row["source"] and all(_known(s) for s in row["source"].split("+")), row
    for row in load_tsv("gc_ip_versions.tsv"):
        assert row["source"] and _known(row["source"]), row
    for v in k.env_vars():
        assert v.sources and all(_known(s) for s in v.sources), v.name
    os_data = load_json("os_codenames.json")
    for key in ("ubuntu_sources", "debian_repo_sources", "debian_codenames_sources"):
        assert os_data[key] and all(_known(s) for s in os_data[key])
    from rocmdesk.knowledge.wheels import amd_wheel_indexes

    for f in amd_wheel_indexes():
        assert f.sources and all(_known(s) for s in f.sources), f.family


def test_every_gfx_named_in_releases_and_wheels_exists() -> None:
    for r in k.rocm_releases():
        for g in r.supported_gfx + r.gfx_deprecated:
            assert k.gfx_target(g) is not None, (r.version, g)
    for w in k.torch_wheels():
        for g in w.arch_list + w.arch_uncertain:
            assert k.gfx_target(g) is not None, (w.torch_version, g)
        for _tag, excluded in w.tag_arch_exclude:
            assert set(excluded) <= set(w.arch_list)
    from rocmdesk.knowledge.wheels import amd_wheel_indexes

    for f in amd_wheel_indexes():
        assert all(k.gfx_target(g) for g in f.gfx), f.family


def test_every_device_and_gc_gfx_exists() -> None:
    for e in k.all_devices():
        t = k.gfx_target(e.gfx)
        assert t is not None, (e.device_id, e.gfx)
    for row in load_tsv("gc_ip_versions.tsv"):
        assert k.gfx_target(row["gfx"]) is not None, row
    for t in k.all_gfx_targets():
        if t.override_to:
            assert k.gfx_target(t.override_to) is not None, t.gfx
            assert k.gfx_target(t.override_to).override_to is None  # no override chains


def test_gfx_targets_are_unique_and_well_formed() -> None:
    raw = load_json("gfx_targets.json")["targets"]
    names = [t["gfx"] for t in raw]
    assert len(names) == len(set(names))
    for t in k.all_gfx_targets():
        assert t.family and t.products, t.gfx
        assert t.override_risk in (None, "low", "high"), t.gfx
        assert all(i.effect in ("risky", "note") for i in t.issues), t.gfx


def test_release_and_wheel_versions_are_unique() -> None:
    versions = [r.version for r in k.rocm_releases()]
    assert len(versions) == len(set(versions))
    torch = [w.torch_version for w in k.torch_wheels()]
    assert len(torch) == len(set(torch))
    for r in k.rocm_releases():
        assert r.stream in ("legacy", "therock")
        assert r.stream == k.stream_of(r.version)
        for codename in r.ubuntu_codenames:
            assert codename in ubuntu_codenames().values(), (r.version, codename)


def test_import_is_lazy() -> None:
    code = (
        "import rocmdesk.knowledge as k, rocmdesk.knowledge._data as d, sys, json;"
        "before = d.load_json.cache_info().currsize + d.load_tsv.cache_info().currsize;"
        "k.as_of();"
        "print(json.dumps([before, 'PySide6' in sys.modules]))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert json.loads(out) == [0, False]
