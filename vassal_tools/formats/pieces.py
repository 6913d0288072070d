"""Game pieces: decorator chains decoded from type and state strings (vassal-formats.md 2.6, 4).

A piece is a list of traits, outermost first, ending with a BasicPiece (or a
Stack or Deck). :func:`decode_piece` splits the TAB-nested type and state strings
into per-trait strings exactly as VASSAL's BasicCommandEncoder and
Decorator.setState do level by level (in one pass, see ``traits.encoding``);
no field is decoded until it is read, so decoding stays cheap enough to run on
demand over a whole saved game (about 50 µs a piece on the corpus).

Round trips are exact: an untouched piece gives back the very strings it was
decoded from, and an edited one is re-assembled from its traits' strings with
VASSAL's nesting rules.

>>> piece = decode_piece("mark;Side\\tpiece;;;Tank.png;Tank", "German\\tnull;0;0;17;0")
>>> piece.basic.name, piece.marker_properties
('Tank', {'Side': 'German'})
"""

from __future__ import annotations

import builtins
from collections.abc import Iterable, Iterator, Mapping
from typing import TypeVar

from ..errors import BadInput
from .traits import (
    BasicName,
    BasicPiece,
    Comment,
    DynamicProperty,
    Labeler,
    Layer,
    Marker,
    Prototype,
    Trait,
    make_trait,
)
from .traits.appearance import format_text
from .traits.encoding import join, join_chain, split_chain, split_state_chain, tokens
from .traits.markers import PieceGrammar, use_piece_grammar

T = TypeVar("T", bound=Trait)
NULL_ID = "null"
ADD = "+/"


class Piece:
    """A game piece: ``traits`` outermost first, the innermost (BasicPiece, Stack, Deck) last.

    ``traits`` is a plain list; insert, remove or edit traits freely and
    ``type``/``state`` follow.
    """

    __slots__ = ("traits", "_source", "_definition")

    def __init__(self, traits: Iterable[Trait]):
        self.traits: list[Trait] = list(traits)
        # (type, state, ((trait, its type, its state), ...)) as decoded, for exact round trips
        self._source: tuple[str, str | None, tuple[tuple[Trait, str, str | None], ...]] | None = None
        # (id, text) of the AddPiece definition this piece was parsed from
        self._definition: tuple[str, str] | None = None

    # -- strings -----------------------------------------------------------

    def _unchanged(self) -> bool:
        source = self._source
        if source is None or len(source[2]) != len(self.traits):
            return False
        return all(
            trait is orig and trait.type == type_ and trait.state == state
            for trait, (orig, type_, state) in zip(self.traits, source[2])
        )

    @property
    def type(self) -> str:
        """The full chain type (4.1)."""
        if self._unchanged():
            return self._source[0]  # type: ignore[index]
        return join_chain([t.type for t in self.traits])  # type: ignore[return-value]

    @property
    def state(self) -> str | None:
        """The full chain state; None when no trait has a state (a bare definition)."""
        if self._unchanged():
            return self._source[1]  # type: ignore[index]
        return join_chain([t.state for t in self.traits])

    # -- finding traits ----------------------------------------------------

    @property
    def inner(self) -> Trait:
        """The innermost trait: normally the BasicPiece (or a Stack/Deck)."""
        return self.traits[-1]

    @property
    def basic(self) -> BasicPiece | None:
        inner = self.traits[-1] if self.traits else None
        return inner if isinstance(inner, BasicPiece) else None

    def find(self, kind: builtins.type[T]) -> list[T]:
        """Every trait of a class, outermost first."""
        return [t for t in self.traits if isinstance(t, kind)]

    def first(self, kind: builtins.type[T]) -> T | None:
        """The outermost trait of a class (the one whose properties win), or None."""
        return next((t for t in self.traits if isinstance(t, kind)), None)

    def editor_order(self) -> list[Trait]:
        """The traits as VASSAL's piece editor lists them: BasicPiece first, outermost last."""
        return self.traits[::-1]

    # -- what the piece shows ----------------------------------------------

    @property
    def prototypes(self) -> list[str]:
        """Names of the prototypes referenced (unexpanded definitions), in editor order."""
        return [t.name for t in self.editor_order() if isinstance(t, Prototype)]

    @property
    def layers(self) -> list[Layer]:
        """The Layer traits (``emb2;`` and legacy ``emb;``), in editor order."""
        return [t for t in self.editor_order() if isinstance(t, Layer)]

    @property
    def images(self) -> list[str]:
        """Every image file the piece's traits name, in editor order, without repeats."""
        names: dict[str, None] = {}
        for trait in self.editor_order():
            names.update(dict.fromkeys(trait.images()))
        return list(names)

    @property
    def marker_properties(self) -> dict[str, str]:
        """All Marker (static) properties; an outer marker wins over an inner one."""
        out: dict[str, str] = {}
        for marker in self.editor_order():
            if isinstance(marker, Marker):
                out.update(marker.properties)
        return out

    def properties(self) -> dict[str, str]:
        """Marker values, Dynamic Property values and persistent BasicPiece properties.

        VASSAL asks the outermost trait first, so outer traits win; persistent
        properties (innermost) lose to any trait that defines the same name.
        """
        out: dict[str, str] = {}
        for trait in self.editor_order():
            if isinstance(trait, BasicPiece):
                out.update(trait.properties)
            elif isinstance(trait, Marker):
                out.update(trait.properties)
            elif isinstance(trait, DynamicProperty):
                out[trait.key] = trait.value
        return out

    @property
    def basic_name(self) -> str:
        """The BasicName property: the outermost Basic Name trait's, else the BasicPiece's."""
        override = self.first(BasicName)
        if override is not None:
            return override.name
        basic = self.basic
        return basic.name if basic is not None else ""

    @property
    def name(self) -> str:
        """The piece's name roughly as VASSAL shows it to its owner.

        Starts from the BasicName and applies, innermost first, every active
        Layer's level name (``+X`` suffix, ``X+`` prefix, or replacement; a
        layer that follows a property uses this piece's property values) and
        every Text Label's name format. Best effort: masks and invisibility are
        ignored, unexpanded prototypes contribute nothing (expand them first),
        and properties this library cannot evaluate (map, location,
        calculated properties) show as their bare names in label formats.
        """
        name = self.basic_name
        properties: dict[str, str] | None = None
        for trait in self.editor_order()[1:]:
            if isinstance(trait, (Layer, Labeler)):
                if properties is None:
                    properties = self.properties()
                    properties.setdefault("BasicName", self.basic_name)
                name = trait.piece_name(name, properties)
        return name

    def fill_states(self) -> Piece:
        """Give every trait without a state the one VASSAL starts it with; returns the piece."""
        for trait in self.traits:
            if trait.state is None:
                trait.state = trait.initial_state()
        return self

    # -- plumbing ----------------------------------------------------------

    def copy(self) -> Piece:
        """An independent piece with copies of every trait."""
        return Piece(t.copy() for t in self.traits)

    def __iter__(self) -> Iterator[Trait]:
        return iter(self.traits)

    def __len__(self) -> int:
        return len(self.traits)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Piece):
            return NotImplemented
        return self.type == other.type and self.state == other.state

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        kinds = ", ".join(t.prefix for t in self.traits)
        return f"<Piece {self.basic_name!r}: {kinds}>"


def decode_piece(type: str, state: str | None = None) -> Piece:
    """The piece whose chain type and state are given (4.1).

    Types are peeled one TAB level per trait down to the innermost, chosen by
    prefix as VASSAL's BasicCommandEncoder.createPiece does. The state is peeled
    once per decorator and the innermost trait gets the rest whole, as
    Decorator.setState does. A state that stops early (a definition) leaves the
    inner traits' states None.
    """
    own_types = split_chain(type)
    own_states = split_state_chain(state, len(own_types))
    last = len(own_types) - 1
    traits = [make_trait(t, s, innermost=(i == last)) for i, (t, s) in enumerate(zip(own_types, own_states))]
    piece = Piece(traits)
    piece._source = (type, state, tuple((t, t.type, t.state) for t in traits))
    return piece


def parse_definition(text: str, source: str | None = None, where: str = "") -> tuple[str, Piece]:
    """``(id, piece)`` from the text of an AddPiece command, ``+/ID/TYPE/STATE`` (2.6).

    This is what PieceSlot, CardSlot and PrototypeDefinition elements hold and
    what every ``+/`` command of a saved game is. ``source`` (the file) and
    ``where`` (the element or command) locate a :class:`BadInput` error.
    """
    if not text.startswith(ADD):
        raise BadInput(source, f"not a piece definition (an AddPiece starts with '+/'): {text[:60]!r}", where)
    parts = tokens(text, "/")
    if len(parts) < 3:
        raise BadInput(source, f"piece definition has no piece type: {text[:60]!r}", where)
    piece = decode_piece(parts[2], parts[3] if len(parts) > 3 else None)
    piece._definition = (parts[1], text)
    return parts[1], piece


def encode_definition(piece: Piece, id: str = NULL_ID) -> str:
    """The AddPiece text of ``piece``: identical to the parsed text when nothing changed."""
    source = piece._definition
    if source is not None and source[0] == id and piece._unchanged():
        return source[1]
    state = piece.state
    return join(["+", id, piece.type] + ([] if state is None else [state]), "/")


def prototype_pieces(buildfile, *, skip_bad: bool = False) -> dict[str, Piece]:
    """The module's prototypes by name, decoded; the last definition of a name wins, as in VASSAL.

    A definition that cannot be decoded raises BadInput naming it, or with ``skip_bad`` is
    left out (for a reader that still learns from each piece's own traits).
    """
    prototypes: dict[str, Piece] = {}
    for proto in buildfile.prototypes:
        try:
            prototypes[proto.name] = parse_definition(proto.text, where=f"PrototypeDefinition {proto.name!r}")[1]
        except BadInput:
            if not skip_bad:
                raise
    return prototypes


def expand_prototypes(piece: Piece, prototypes: Mapping[str, Piece], *, strict: bool = False) -> Piece:
    """A copy of ``piece`` as VASSAL places it in a game (2.6, PieceCloner).

    Every ``prototype;Name`` trait is replaced by the traits of prototype
    ``Name`` (its BasicPiece dropped), recursively, and ``cmt;`` comments are
    dropped. A reference with parameters runs the whole prototype definition
    text through FormattedString substitution first, as UsePrototype does: a
    ``$key$`` with a parameter becomes its value and any other ``$name$``
    becomes ``name``. A missing prototype is dropped silently, as VASSAL does,
    unless ``strict``. A prototype that refers back to itself raises BadInput.
    """
    return Piece(_expanded(piece.traits, prototypes, strict, ()))


def _expanded(traits: list[Trait], prototypes: Mapping[str, Piece], strict: bool,
              chain: tuple[str, ...]) -> list[Trait]:
    out: list[Trait] = []
    for trait in traits:
        if isinstance(trait, Comment):
            continue
        if not isinstance(trait, Prototype):
            out.append(trait.copy())
            continue
        name = trait.name
        if name in chain:
            raise BadInput(None, f"prototype cycle: {' -> '.join(chain + (name,))}")
        definition = prototypes.get(name)
        if definition is None:
            if strict:
                raise BadInput(None, f"no prototype named {name!r}", " -> ".join(chain))
            continue
        definition = _with_parameters(definition, trait.parameters, name)
        out += _expanded(definition.traits[:-1], prototypes, strict, chain + (name,))
    return out


def _with_parameters(definition: Piece, parameters: Mapping[str, str] | None, name: str) -> Piece:
    if parameters is None:
        return definition
    text = format_text(encode_definition(definition), {}, parameters)
    return parse_definition(text, where=f"prototype {name!r} after parameter substitution")[1]


use_piece_grammar(PieceGrammar(parse_definition, encode_definition))
