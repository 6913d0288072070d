"""Traits that only exist in definitions: prototype references and comments (vassal-formats.md 2.6, 4.4.11).

Both disappear when a piece is placed in a game: a reference is replaced by the
prototype's traits and a comment is dropped (see ``pieces.expand_prototypes``).
"""

from __future__ import annotations

from collections.abc import Mapping

from .base import Field, Trait
from .encoding import join, segments, tokens
from .values import TEXT


class Prototype(Trait):
    """A reference to a PrototypeDefinition (Java ``UsePrototype``): ``prototype;Name[;k=v,...]``.

    ``parameters`` is None when the type has no parameter field at all. That
    matters: with a parameter field, even an empty one, VASSAL runs the whole
    prototype definition through property substitution when it expands it.
    """

    prefix = "prototype;"
    java_class = "UsePrototype"
    editor_name = "Prototype"

    name = Field(TEXT, "")

    __slots__ = ()

    @classmethod
    def new(cls, name: str = "", parameters: Mapping[str, str] | None = None) -> Prototype:  # type: ignore[override]
        trait = cls(cls.prefix + join([name], ";"), "")
        if parameters is not None:
            trait.parameters = parameters
        return trait

    def _normalized_type(self) -> str:
        return self.type  # UsePrototype writes back the type it was given

    @property
    def parameters(self) -> dict[str, str] | None:
        parts = self.tokens()
        if len(parts) < 2:
            return None
        out: dict[str, str] = {}
        for entry in tokens(parts[1], ","):
            pair = tokens(entry, "=")
            if len(pair) > 1:
                out[pair[0]] = pair[1]
        return out

    @parameters.setter
    def parameters(self, value: Mapping[str, str] | None) -> None:
        head = segments(self._type[len(self.prefix):], ";")[0]
        if value is None:
            self.type = self.prefix + head
            return
        entries = join([join([k, v], "=") for k, v in value.items()], ",")
        self.type = self.prefix + head + ";" + join([entries], ";")


class Comment(Trait):
    """A designer's note (``cmt;``, 3.7); dropped when a piece is placed."""

    prefix = "cmt;"
    java_class = "Comment"
    editor_name = "Comment"

    comment = Field(TEXT, "")

    __slots__ = ()
