"""``@record`` behaves as ``@dataclass`` does, and records stay dataclasses to code that asks (issue 19)."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from rocmdesk.knowledge.records import FrozenInstanceError, asdict, field, field_names, is_record, record, replace


@record
class Inner:
    name: str
    tags: list[str] = field(default_factory=list)


@record
class Outer:
    index: int
    inner: Inner | None = None
    extra: dict[str, int] = field(default_factory=dict)
    label: str = "x"


@record(frozen=True)
class Point:
    x: int
    y: int = 0

    def __post_init__(self) -> None:
        if self.x < 0:
            raise ValueError("x < 0")


@dataclasses.dataclass
class Twin:  # the same fields as Outer, made by dataclasses: the reference
    index: int
    inner: Inner | None = None
    extra: dict[str, int] = dataclasses.field(default_factory=dict)
    label: str = "x"


def test_init_defaults_and_factories():
    a, b = Outer(1), Outer(1)
    assert (a.index, a.inner, a.extra, a.label) == (1, None, {}, "x")
    assert a.extra is not b.extra  # made per instance
    assert Outer(2, Inner("n"), {"k": 1}, "y") == Outer(index=2, inner=Inner(name="n"), extra={"k": 1}, label="y")
    assert Outer(3, label="z").label == "z"
    assert list(vars(Outer(4, label="q"))) == ["index", "inner", "extra", "label"]  # field order, as dataclasses
    assert Outer.label == "x" and not hasattr(Outer, "extra")  # class attributes as dataclasses leave them


@pytest.mark.parametrize("call", [
    lambda: Outer(), lambda: Outer(1, 2, 3, 4, 5), lambda: Outer(1, index=2), lambda: Outer(1, nope=2),
])
def test_bad_calls_are_type_errors_as_with_dataclasses(call):
    with pytest.raises(TypeError):
        call()


def test_eq_repr_hash():
    assert Outer(1) == Outer(1) and Outer(1) != Outer(2) and Outer(1) != Twin(1)
    assert repr(Outer(1, Inner("a"))) == repr(Twin(1, Inner("a"))).replace("Twin", "Outer")
    assert Outer.__hash__ is None  # mutable with eq: unhashable, as dataclasses make it
    assert hash(Point(1, 2)) == hash(Point(1, 2)) and len({Point(1), Point(1), Point(2)}) == 2
    assert Point(1) .__match_args__ == ("x", "y")


def test_frozen_and_post_init():
    p = Point(1)
    with pytest.raises(FrozenInstanceError):
        p.x = 2
    with pytest.raises(AttributeError):
        del p.y
    with pytest.raises(ValueError):
        Point(-1)


def test_asdict_replace_and_names_match_dataclasses():
    o = Outer(1, Inner("n", ["a"]), {"k": 2})
    assert asdict(o) == dataclasses.asdict(Twin(1, Inner("n", ["a"]), {"k": 2}))
    assert asdict(o)["inner"]["tags"] is not o.inner.tags  # copied, not shared
    assert replace(o, label="new") == Outer(1, Inner("n", ["a"]), {"k": 2}, "new") and o.label == "x"
    assert field_names(Outer) == field_names(o) == ("index", "inner", "extra", "label")
    assert is_record(o) and is_record(Outer) and not is_record(Twin(1))
    with pytest.raises(TypeError):
        asdict(Twin(1))


def test_records_are_dataclasses_to_the_dataclasses_module():
    o = Outer(1, Inner("n"))
    assert dataclasses.is_dataclass(o) and dataclasses.is_dataclass(Outer)
    assert [f.name for f in dataclasses.fields(Outer)] == ["index", "inner", "extra", "label"]
    assert dataclasses.asdict(o) == asdict(o)
    assert dataclasses.replace(Point(1), y=5) == Point(1, 5)


def test_a_dataclass_may_subclass_a_record():
    @dataclasses.dataclass
    class More(Outer):
        more: int = 7

    m = More(1, label="l")
    assert (m.index, m.extra, m.label, m.more) == (1, {}, "l", 7)
    assert [f.name for f in dataclasses.fields(m)] == ["index", "inner", "extra", "label", "more"]

    class Plain(Outer):  # a plain subclass keeps the record's __init__
        pass

    assert Plain(3).index == 3 and Plain(3) != Outer(3)


def test_copy_and_pickle():
    o = Outer(1, Inner("n", ["t"]))
    assert copy.deepcopy(o) == o and copy.copy(o) == o
    assert pickle.loads(pickle.dumps(Point(1, 2))) == Point(1, 2)
    assert pickle.loads(pickle.dumps(o)) == o

