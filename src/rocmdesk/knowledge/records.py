"""Records (plain data classes) without the dataclasses machinery: ``@record`` instead of ``@dataclass``.

Why: ``rocmdesk detect`` is run by scripts and must start in a blink, and importing ``dataclasses`` (which brings
``inspect``, ``ast``, ``dis``, ``tokenize``) and letting it compile an ``__init__``, ``__eq__`` and ``__repr__`` for
every record costs more than all of detection.  ``@record`` gives a class the same methods as ``@dataclass``
(``__init__`` with defaults and ``default_factory``, ``__post_init__``, ``__eq__``, ``__repr__``, ``__hash__`` and
immutability for ``frozen=True``, ``__match_args__``) from generic functions, with nothing compiled.

The records stay dataclasses to code that asks: ``dataclasses.fields``, ``asdict``, ``replace`` and
``is_dataclass`` work on them, and ``@dataclass`` may subclass one (``machine.recording.RecordingHost``), through a
``__dataclass_fields__`` that builds the real ``Field`` objects, importing ``dataclasses``, only when first read.
Inside rocmdesk use this module's ``asdict`` and ``replace``: they never import it.

It lives in ``knowledge``, the lowest layer that has records; every layer above may use it.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (type checkers read this name the same way)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, TypeVar

    from typing_extensions import dataclass_transform

    T = TypeVar("T")
else:
    def dataclass_transform(**_kwargs):  # noqa: ANN001, ANN202 (a no-op at run time; type checkers see the real one)
        return lambda decorated: decorated

__all__ = ["FrozenInstanceError", "MISSING", "asdict", "field", "field_names", "is_record", "record", "replace"]


class _Missing:
    __slots__ = ()

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()  # no default


class FrozenInstanceError(AttributeError):
    """An attribute of a frozen record was set or deleted (``dataclasses.FrozenInstanceError``'s counterpart)."""


class _Field:
    __slots__ = ("default", "default_factory")

    def __init__(self, default: Any, default_factory: Any) -> None:
        self.default = default
        self.default_factory = default_factory


def field(*, default: Any = MISSING, default_factory: Callable[[], Any] | Any = MISSING) -> Any:
    """A field's default made per instance (``default_factory=list``), as ``dataclasses.field`` does."""
    if default is not MISSING and default_factory is not MISSING:
        raise ValueError("cannot specify both default and default_factory")
    return _Field(default, default_factory)


class _DataclassFields:
    """``__dataclass_fields__`` and ``__dataclass_params__`` of a record, made when first read: the real ones of an
    equivalent dataclass, so the ``dataclasses`` functions (and ``@dataclass`` subclasses) see a dataclass."""

    __slots__ = ("owner", "attr")

    def __init__(self, owner: type, attr: str) -> None:
        self.owner = owner
        self.attr = attr

    def __get__(self, instance: object, cls: type | None = None) -> Any:
        import dataclasses

        owner = self.owner
        spec = owner.__record_spec__
        made = []
        for name in spec.names:
            if name in spec.factories:
                made.append((name, spec.types[name], dataclasses.field(default_factory=spec.factories[name])))
            elif name in spec.defaults:
                made.append((name, spec.types[name], dataclasses.field(default=spec.defaults[name])))
            else:
                made.append((name, spec.types[name]))
        shadow = dataclasses.make_dataclass(owner.__name__, made, frozen=spec.frozen)
        # kept on the record itself (replacing these descriptors): the next read is a plain attribute
        type.__setattr__(owner, "__dataclass_fields__", shadow.__dataclass_fields__)
        type.__setattr__(owner, "__dataclass_params__", shadow.__dataclass_params__)
        return getattr(owner, self.attr)


class _Spec:
    __slots__ = ("names", "types", "defaults", "factories", "frozen")

    def __init__(self, names: tuple[str, ...], types: dict[str, Any], defaults: dict[str, Any],
                 factories: dict[str, Callable[[], Any]], frozen: bool) -> None:
        self.names = names
        self.types = types
        self.defaults = defaults
        self.factories = factories
        self.frozen = frozen


def _collect(cls: type, frozen: bool) -> _Spec:
    """The fields of ``cls`` in order: its bases' records first (as dataclasses do), then its own annotations."""
    names: list[str] = []
    types: dict[str, Any] = {}
    defaults: dict[str, Any] = {}
    factories: dict[str, Callable[[], Any]] = {}
    for base in reversed(cls.__mro__[1:]):
        spec = base.__dict__.get("__record_spec__")
        if spec is not None:
            for name in spec.names:
                if name not in types:
                    names.append(name)
                types[name] = spec.types[name]
                defaults.pop(name, None)
                factories.pop(name, None)
                if name in spec.defaults:
                    defaults[name] = spec.defaults[name]
                if name in spec.factories:
                    factories[name] = spec.factories[name]
    for name, annotation in cls.__dict__.get("__annotations__", {}).items():
        text = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", "")
        if text.startswith(("ClassVar", "typing.ClassVar")):
            continue
        if name not in types:
            names.append(name)
        types[name] = annotation
        defaults.pop(name, None)
        factories.pop(name, None)
        value = cls.__dict__.get(name, MISSING)
        if isinstance(value, _Field):
            if value.default_factory is not MISSING:
                factories[name] = value.default_factory
                delattr(cls, name)  # as dataclasses do: no class attribute for a default made per instance
            elif value.default is not MISSING:
                defaults[name] = value.default
                setattr(cls, name, value.default)
            else:
                delattr(cls, name)
        elif value is not MISSING:
            if type(value) in (list, dict, set):
                raise ValueError(f"mutable default {type(value)} for field {name} is not allowed: use default_factory")
            defaults[name] = value
    return _Spec(tuple(names), types, defaults, factories, frozen)


def _make_init(cls: type, spec: _Spec) -> Callable[..., None]:
    names, defaults, factories = spec.names, spec.defaults, spec.factories
    known = frozenset(names)
    count = len(names)
    post_init = hasattr(cls, "__post_init__")

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        # straight into the instance's dict, in field order (a frozen record's __setattr__ refuses; dataclasses'
        # own __init__ goes round it too)
        if not kwargs and len(args) == count:  # every field, in order: the common case, made fast
            self.__dict__.update(zip(names, args))
        elif not args and len(kwargs) == count and known.issuperset(kwargs):  # every field, by name
            self.__dict__.update({name: kwargs[name] for name in names})
        else:
            self.__dict__.update(_values(args, kwargs))
        if post_init:
            self.__post_init__()

    def _values(args: tuple[Any, ...], kwargs: dict[str, Any]) -> dict[str, Any]:
        given = len(args)
        if given > count:
            raise TypeError(f"{cls.__qualname__}.__init__() takes {count + 1} positional arguments but "
                            f"{given + 1} were given")
        out = dict(zip(names, args))
        for key in kwargs:
            if key not in known:
                raise TypeError(f"{cls.__qualname__}.__init__() got an unexpected keyword argument {key!r}")
            if key in out:
                raise TypeError(f"{cls.__qualname__}.__init__() got multiple values for argument {key!r}")
        for name in names[given:]:
            if name in kwargs:
                out[name] = kwargs[name]
            elif name in defaults:
                out[name] = defaults[name]
            elif name in factories:
                out[name] = factories[name]()
            else:
                raise TypeError(f"{cls.__qualname__}.__init__() missing 1 required argument: {name!r}")
        return out

    __init__.__qualname__ = f"{cls.__qualname__}.__init__"
    return __init__


def _as_tuple(self: Any) -> tuple[Any, ...]:
    own = self.__dict__
    return tuple(own[name] for name in type(self).__record_fields__)


def _eq(self: Any, other: object) -> bool:
    if other.__class__ is self.__class__:
        return _as_tuple(self) == _as_tuple(other)
    return NotImplemented


def _repr(self: Any) -> str:
    own = self.__dict__
    inner = ", ".join(f"{name}={own[name]!r}" for name in type(self).__record_fields__)
    return f"{self.__class__.__qualname__}({inner})"


def _hash(self: Any) -> int:
    return hash(_as_tuple(self))


def _frozen_setattr(self: Any, name: str, value: Any) -> None:
    if type(self).__dict__.get("__record_spec__") is not None or name in type(self).__record_fields__:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")
    object.__setattr__(self, name, value)


def _frozen_delattr(self: Any, name: str) -> None:
    if type(self).__dict__.get("__record_spec__") is not None or name in type(self).__record_fields__:
        raise FrozenInstanceError(f"cannot delete field {name!r}")
    object.__delattr__(self, name)


@dataclass_transform(field_specifiers=(field,))
def record(cls: type[T] | None = None, /, *, frozen: bool = False) -> Any:
    """Make ``cls`` a record: ``@record`` or ``@record(frozen=True)``, as ``@dataclass`` (eq=True, no order)."""

    def wrap(klass: type[T]) -> type[T]:
        spec = _collect(klass, frozen)
        own = klass.__dict__
        klass.__record_spec__ = spec  # type: ignore[attr-defined]
        klass.__record_fields__ = spec.names  # type: ignore[attr-defined]
        klass.__match_args__ = spec.names  # type: ignore[attr-defined]
        if "__init__" not in own:
            klass.__init__ = _make_init(klass, spec)  # type: ignore[misc]
        if "__repr__" not in own:
            klass.__repr__ = _repr  # type: ignore[assignment]
        if "__eq__" not in own:
            klass.__eq__ = _eq  # type: ignore[assignment]
            if "__hash__" not in own or own["__hash__"] is None:
                # dataclasses' rule for eq=True: frozen records hash by value, mutable ones are unhashable
                klass.__hash__ = _hash if frozen else None  # type: ignore[assignment]
        if frozen:
            klass.__setattr__ = _frozen_setattr  # type: ignore[assignment]
            klass.__delattr__ = _frozen_delattr  # type: ignore[assignment]
        klass.__dataclass_fields__ = _DataclassFields(klass, "__dataclass_fields__")  # type: ignore[attr-defined]
        klass.__dataclass_params__ = _DataclassFields(klass, "__dataclass_params__")  # type: ignore[attr-defined]
        return klass

    return wrap if cls is None else wrap(cls)


def is_record(obj: object) -> bool:
    """Whether ``obj`` is a record or a record class."""
    return hasattr(obj if isinstance(obj, type) else type(obj), "__record_fields__")


def field_names(obj: object) -> tuple[str, ...]:
    """The field names of a record (or record class), in order."""
    return (obj if isinstance(obj, type) else type(obj)).__record_fields__  # type: ignore[attr-defined]


def replace(obj: T, /, **changes: Any) -> T:
    """A copy of the record ``obj`` with ``changes`` (``dataclasses.replace``)."""
    own = obj.__dict__
    for name in type(obj).__record_fields__:  # type: ignore[attr-defined]
        if name not in changes:
            changes[name] = own[name]
    return obj.__class__(**changes)


_ATOMIC = frozenset({str, int, float, bool, type(None), bytes, complex})


def asdict(obj: Any) -> dict[str, Any]:
    """A record as a dict of its fields, records, lists, tuples and dicts inside it copied the same way
    (``dataclasses.asdict``, with the same keys in the same order)."""
    if not hasattr(type(obj), "__record_fields__"):
        raise TypeError("asdict() should be called on record instances")
    return _inner(obj)


def _inner(obj: Any) -> Any:
    kind = type(obj)
    if kind in _ATOMIC:
        return obj
    if hasattr(kind, "__record_fields__"):
        own = obj.__dict__
        return {name: _inner(own[name]) for name in kind.__record_fields__}
    if isinstance(obj, tuple) and hasattr(obj, "_fields"):  # a named tuple
        return kind(*[_inner(v) for v in obj])
    if isinstance(obj, (list, tuple)):
        return kind(_inner(v) for v in obj)
    if isinstance(obj, dict):
        return kind((_inner(k), _inner(v)) for k, v in obj.items())
    if hasattr(kind, "__dataclass_fields__"):  # a real dataclass inside a record
        import dataclasses

        return dataclasses.asdict(obj)
    import copy

    return copy.deepcopy(obj)
