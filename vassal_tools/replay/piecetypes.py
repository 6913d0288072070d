"""What a piece's type string tells, decoded once per distinct type.

A game holds thousands of pieces but far fewer distinct type strings, and a
replay changes states, never types. :class:`PieceType` decodes a type once
(:func:`vassal_tools.formats.pieces.decode_piece`) and keeps what replay asks
often: the kind (piece, stack, deck), the chain depth, the Marker properties,
whether the piece may stack. :meth:`PieceType.piece` gives the decoded piece for
a state without decoding the type again.
"""

from __future__ import annotations

from functools import cached_property

from ..formats.pieces import Piece, decode_piece
from ..formats.traits import Deck, Immobilized, Stack
from ..formats.traits.encoding import split_pair

PIECE, STACK, DECK = "piece", "stack", "deck"


class PieceType:
    """One decoded type string: a template piece whose traits have no state."""

    __slots__ = ("type", "template", "kind", "depth", "__dict__")

    def __init__(self, type_: str):
        self.type = type_
        self.template = decode_piece(type_, None)
        inner = self.template.inner if self.template.traits else None
        self.kind = STACK if isinstance(inner, Stack) else DECK if isinstance(inner, Deck) else PIECE
        self.depth = len(self.template.traits)

    @cached_property
    def marker_properties(self) -> dict[str, str]:
        """Marker keys with the values the type gives (their state may override them)."""
        return self.template.marker_properties

    @cached_property
    def name(self) -> str:
        return self.template.basic_name

    @cached_property
    def never_stacks(self) -> bool:
        """VASSAL's NO_STACK: a Does Not Stack trait that does not allow stacking (4.4.6)."""
        return any(not t.can_stack for t in self.template.find(Immobilized))

    def split_state(self, state: str | None) -> list[str | None]:
        """Each trait's own state, outermost first, as Decorator.setState peels them (4.1)."""
        fast = _split_plain(state, self.depth) if state is not None else None
        if fast is not None:
            return fast
        out: list[str | None] = []
        value = state
        for _ in range(self.depth - 1):
            if value is None:
                break
            own, value = split_pair(value)
            out.append(own)
        out.append(value)
        return out + [None] * (self.depth - len(out))

    def inner_state(self, state: str | None) -> str | None:
        """The innermost trait's state (BasicPiece ``map;x;y;…``, Stack or Deck state)."""
        fast = _split_plain(state, self.depth) if state is not None else None
        if fast is not None:
            return fast[-1]
        value = state
        for _ in range(self.depth - 1):
            if value is None:
                return None
            value = split_pair(value)[1]
        return value

    def piece(self, state: str | None) -> Piece:
        """The decoded piece in ``state``: the template's traits with their own states."""
        states = self.split_state(state)
        return Piece(type(t)(t.type, s) for t, s in zip(self.template.traits, states))


def _split_plain(state: str, depth: int) -> list[str | None] | None:
    """The own states of a chain state whose own states hold no TAB, quote or edge backslash.

    Nesting escapes each deeper separator once more (3.4): the TAB before level
    ``k + 1`` is preceded by ``k`` backslashes. When the state has exactly one TAB
    per level and each is preceded by the right run of backslashes, the own states
    are the text between them, as written: one split instead of re-escaping the
    whole remainder at every level. Anything else returns None (use the decoder).
    """
    parts = state.split("\t")
    if len(parts) != depth:
        return None
    out: list[str | None] = []
    last = depth - 1
    for k, part in enumerate(parts):
        if k < last:
            run = len(part) - len(part.rstrip("\\"))
            if run != k:
                return None
            part = part[: len(part) - k]
        if part[:1] in ("'", "\\"):
            return None
        out.append(part)
    return out


class PieceTypes:
    """A cache of :class:`PieceType` by type string, shared by everything that replays one game."""

    def __init__(self) -> None:
        self._types: dict[str, PieceType] = {}

    def __call__(self, type_: str) -> PieceType:
        found = self._types.get(type_)
        if found is None:
            found = self._types[type_] = PieceType(type_)
        return found

    def __len__(self) -> int:
        return len(self._types)
