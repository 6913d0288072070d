"""The Trait base class: a decorator's own type and state strings, with typed fields on top.

A trait keeps the exact strings it was read from. Typed fields are decoded from
them on access and, when one is assigned, only that field's text is rewritten
(vassal-formats.md 4.1, 4.4). A trait that is never edited therefore gives back
byte for byte what it was given, whatever VASSAL version wrote it: legacy
fields, missing trailing fields and unknown fields added by newer versions all
survive.

Trait classes are declared with :class:`Field` descriptors in VASSAL's field
order; the declaration order is the position in the ``;`` list after the prefix.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar, Self

from .encoding import escape, segments, token
from .values import TEXT, Codec

_SAME = object()

#: Trait classes by prefix: decorators, and the kinds that end a chain.
DECORATORS: dict[str, type[Trait]] = {}
INNERMOST: dict[str, type[Trait]] = {}


def _fresh(value: Any) -> Any:
    """A default that callers may mutate without changing the class's default."""
    return list(value) if isinstance(value, list) else value


class Field:
    """One typed field of a trait's type string.

    ``default`` is what a new trait gets (VASSAL's constructor default, which
    the ``trait_defaults`` vectors show); ``missing`` is what VASSAL reads when
    the field is absent from an older string (often the same).
    """

    __slots__ = ("codec", "default", "missing", "name", "index", "doc")

    def __init__(self, codec: Codec = TEXT, default: Any = "", missing: Any = _SAME, doc: str = ""):
        self.codec = codec
        self.default = default
        self.missing = default if missing is _SAME else missing
        self.name = ""
        self.index = -1
        self.doc = doc

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, trait: Trait | None, owner: type | None = None) -> Any:
        if trait is None:
            return self
        text = trait._field_text(self)
        if text is None:
            return _fresh(self.missing)
        return self.codec.read(text, _fresh(self.missing))

    def __set__(self, trait: Trait, value: Any) -> None:
        trait._set_field_text(self, self.codec.write(value))

    def __repr__(self) -> str:
        return f"<Field {self.name} #{self.index}>"


class Trait:
    """One link of a piece's decorator chain (or its innermost BasicPiece, Stack or Deck).

    ``type`` and ``state`` are this trait's own strings (``myGetType`` and
    ``myGetState``); ``state`` is None when the piece's state string did not reach
    this far (definitions may carry a short state).
    """

    prefix: ClassVar[str] = ""
    java_class: ClassVar[str] = ""
    editor_name: ClassVar[str] = ""
    delimiter: ClassVar[str] = ";"
    #: Fields are SequenceEncoded; a few legacy traits concatenate raw text instead.
    escaped_fields: ClassVar[bool] = True
    #: BasicPiece, Stack and Deck end a chain; every other trait wraps an inner piece.
    innermost: ClassVar[bool] = False
    default_state: ClassVar[str | None] = ""
    fields: ClassVar[tuple[Field, ...]] = ()

    __slots__ = ("_type", "_state", "_segments")

    def __init__(self, type: str, state: str | None = None):
        self._type = type
        self._state = state
        self._segments: list[str] | None = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = [v for v in vars(cls).values() if isinstance(v, Field)]
        if own:
            cls.fields = tuple(cls.fields) + tuple(own)
            for index, field in enumerate(cls.fields):
                field.index = index
        if isinstance(vars(cls).get("prefix"), str) and cls.prefix:
            registry = INNERMOST if cls.innermost else DECORATORS
            registry[cls.prefix] = cls

    # -- the strings -------------------------------------------------------

    @property
    def type(self) -> str:
        return self._type

    @type.setter
    def type(self, value: str) -> None:
        if not value.startswith(self.prefix):
            raise ValueError(f"a {type(self).__name__} type must start with {self.prefix!r}")
        self._type = value
        self._segments = None

    @property
    def state(self) -> str | None:
        return self._state

    @state.setter
    def state(self, value: str | None) -> None:
        self._state = value

    def tokens(self) -> list[str]:
        """Every decoded field of the type after the prefix, typed or not."""
        return [token(s, self.delimiter) for s in self._type_segments()]

    # -- typed fields ------------------------------------------------------

    def layout(self) -> tuple[Field, ...]:
        """The fields of this trait's type, in order (fixed for most traits)."""
        return type(self).fields

    def _index(self, field: Field) -> int | None:
        return field.index

    def _type_segments(self) -> list[str]:
        if self._segments is None:
            self._segments = segments(self._type[len(self.prefix):], self.delimiter)
        return self._segments

    def _field_text(self, field: Field) -> str | None:
        index = self._index(field)
        parts = self._type_segments()
        if index is None or index >= len(parts):
            return None
        return token(parts[index], self.delimiter)

    def _segment(self, text: str) -> str:
        return escape(text, self.delimiter) if self.escaped_fields else text

    def _set_field_text(self, field: Field, text: str) -> None:
        index = self._index(field)
        if index is None:
            raise AttributeError(f"{field.name} does not apply to this {type(self).__name__}")
        parts = list(self._type_segments())
        layout = self.layout()
        while len(parts) < index:
            # VASSAL would write the value it read for an absent field.
            absent = layout[len(parts)] if len(parts) < len(layout) else None
            parts.append(self._segment(absent.codec.write(absent.missing)) if absent else "")
        new = self._segment(text)
        if index < len(parts):
            if parts[index] == new:
                return
            parts[index] = new
        else:
            parts.append(new)
        self._segments = parts
        self._type = self.prefix + self.delimiter.join(parts)

    def values(self) -> dict[str, Any]:
        """Every typed field by name."""
        return {f.name: getattr(self, f.name) for f in self.layout()}

    # -- building and rewriting --------------------------------------------

    @classmethod
    def default_type(cls) -> str:
        """The type string of a new trait of this class, as VASSAL's constructor makes it."""
        texts = [f.codec.write(f.default) for f in cls.fields]
        if cls.escaped_fields:
            texts = [escape(t, cls.delimiter) for t in texts]
        return cls.prefix + cls.delimiter.join(texts)

    @classmethod
    def new(cls, **values: Any) -> Self:
        """A new trait with VASSAL's defaults, then the given fields (or state properties) set."""
        trait = cls(cls.default_type(), cls.default_state)
        for name, value in values.items():
            if not hasattr(cls, name):
                raise TypeError(f"{cls.__name__} has no field {name!r}")
            setattr(trait, name, value)
        return trait

    def normalized(self) -> Trait:
        """A copy re-encoded from its typed fields: the type VASSAL writes after reading this one.

        Unknown trailing fields are dropped and absent ones filled in, as VASSAL
        does when it saves a module; the state is kept.
        """
        return type(self)(self._normalized_type(), self._state)

    def _normalized_type(self) -> str:
        texts = [f.codec.write(getattr(self, f.name)) for f in self.layout()]
        return self.prefix + self.delimiter.join(self._segment(t) for t in texts)

    def initial_state(self) -> str:
        """The state VASSAL gives this trait when it is created from its type alone."""
        return self.default_state or ""

    def copy(self) -> Self:
        return type(self)(self.type, self.state)

    # -- what the trait contributes to the piece ----------------------------

    def images(self) -> list[str]:
        """Image file names this trait draws (none for most traits)."""
        return []

    # -- plumbing ----------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Trait):
            return NotImplemented
        return type(self) is type(other) and self.type == other.type and self.state == other.state

    __hash__ = None  # type: ignore[assignment]  # traits are mutable

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.type!r}, {self.state!r})"


class UnknownTrait(Trait):
    """A trait this library does not know (a module's custom Java class), kept verbatim.

    VASSAL itself substitutes an empty Marker for an unknown prefix (4.1); keeping
    the raw strings lets a custom trait pass through a rewrite untouched.
    """

    java_class = "(unknown)"
    editor_name = "Unknown trait"

    __slots__ = ()

    @property
    def prefix(self) -> str:  # type: ignore[override]
        return prefix_of(self._type)

    def _normalized_type(self) -> str:
        return self.type


def prefix_of(type_: str) -> str:
    """The factory key of a type string: up to and including the first ``;`` (4.1)."""
    end = type_.find(";")
    return type_ if end < 0 else type_[: end + 1]


def make_trait(type_: str, state: str | None = None, innermost: bool = False) -> Trait:
    """The trait for one level of a chain, chosen by prefix as BasicCommandEncoder does.

    The last level of a chain is looked up among BasicPiece, Stack and Deck, every
    other level among the decorators; anything else is an :class:`UnknownTrait`.
    """
    registry = INNERMOST if innermost else DECORATORS
    return registry.get(prefix_of(type_), UnknownTrait)(type_, state)


def trait_classes() -> Iterator[type[Trait]]:
    """Every known trait class, innermost kinds first."""
    yield from INNERMOST.values()
    yield from DECORATORS.values()


__all__ = ["Field", "Trait", "UnknownTrait", "make_trait", "prefix_of", "trait_classes"]
