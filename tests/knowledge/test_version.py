"""rocmdesk's own Version orders exactly as packaging's does (issue 19: detect imports no packaging)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings, strategies as st
from packaging.version import InvalidVersion as PInvalid, Version as PVersion

from rocmdesk.knowledge.releases import rocm_releases
from rocmdesk.knowledge.version import InvalidVersion, Version
from rocmdesk.knowledge.wheels import torch_wheels

SAMPLES = [
    "6.2", "6.2.0", "6.2.4", "6.10", "7.9", "7.10.0", "10.0.0", "2.15.0.dev0", "2.15.0", "2.15.0a1", "2.15.0b2",
    "2.15.0rc1", "2.15.0.post1", "2.15.0rc1.post2.dev3", "2.15.0.dev20250801", "1!0.1", "2.9.1+rocm6.4",
    "2.9.1+rocm6.4.1", "2.9.1+abc.7", "2.9.1+7", "2.9.1+abc", "06.02", "v2.0", "1.0-1", "1.0RC1", "1.0.alpha",
    " 6.2.4 ", "1.0_post2", "1.0-dev", "2.9.1+ROCm6.4", "0", "0.0.0.0.1",
]
BAD = ["", "6.", "rocm6.2", "6.2.4.60204-139~24.04", "abc", "6..2", "6.2-", "²"]


def _same(text: str) -> None:
    mine, ref = Version(text), PVersion(text)
    assert str(mine) == str(ref), text
    for attr in ("epoch", "release", "pre", "post", "dev", "local", "major", "minor", "micro", "is_prerelease",
                 "is_postrelease", "is_devrelease", "base_version", "public"):
        assert getattr(mine, attr) == getattr(ref, attr), (text, attr)


@pytest.mark.parametrize("text", SAMPLES)
def test_reads_as_packaging_reads(text):
    _same(text)


@pytest.mark.parametrize("text", BAD)
def test_refuses_what_packaging_refuses(text):
    with pytest.raises(PInvalid):
        PVersion(text)
    with pytest.raises(InvalidVersion):
        Version(text)
    with pytest.raises(ValueError):
        Version(text)


def test_orders_as_packaging_orders():
    data = [r.version for r in rocm_releases()] + [w.torch_version for w in torch_wheels()]
    for a, b in itertools.product(SAMPLES + data, repeat=2):
        pa, pb, ma, mb = PVersion(a), PVersion(b), Version(a), Version(b)
        assert (ma < mb, ma == mb, ma > mb) == (pa < pb, pa == pb, pa > pb), (a, b)
        assert (ma == mb) == (hash(ma) == hash(mb)) or ma != mb
        # and against packaging's own, both ways
        assert (ma < pb, ma == pb, pa < mb, pa == mb, pa >= mb) == (pa < pb, pa == pb, pa < pb, pa == pb, pa >= pb)


_seg = st.integers(min_value=0, max_value=30)
_versions = st.builds(
    lambda rel, pre, post, dev, local: ".".join(map(str, rel)) + pre + post + dev + local,
    st.lists(_seg, min_size=1, max_size=4),
    st.sampled_from(["", "a1", "b0", "rc2", "RC3", "alpha4", "-pre1"]),
    st.sampled_from(["", ".post1", ".post0", "-2", ".rev3"]),
    st.sampled_from(["", ".dev0", ".dev7", "dev1"]),
    st.sampled_from(["", "+rocm6.4", "+1", "+abc.2", "+a-b"]),
)


@settings(max_examples=300, deadline=None)
@given(_versions, _versions)
def test_any_two_versions_order_as_packaging_orders(a, b):
    _same(a)
    assert (Version(a) < Version(b), Version(a) == Version(b)) == (PVersion(a) < PVersion(b), PVersion(a) == PVersion(b))


def test_copies_and_pickles_are_the_same_version():
    import copy
    import pickle

    v = Version("2.15.0.dev0")
    str(v)
    for other in (pickle.loads(pickle.dumps(v)), copy.deepcopy(v), copy.copy(v)):
        assert other == v and hash(other) == hash(v) and str(other) == "2.15.0.dev0"
