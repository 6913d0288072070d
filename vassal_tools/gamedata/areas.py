"""An area map as data, for games whose map is areas rather than hexes (Kampen om Norge, Norway 1940).

A game's pack gives an :class:`AreaMap` (``pack.area_map()``); the art draws it and the builder
writes it into a module as a VASSAL ZonedGrid, one Zone per area with its polygon. Nothing here
is any one game's.
"""

from __future__ import annotations

from dataclasses import dataclass

Points = tuple[tuple[int, int], ...]

SYMBOLS = ("victory-city", "mobilization-point", "airfield")


@dataclass(frozen=True)
class RealGround:
    """The real geography under an area board, in its pixels: land and lakes (outer rings), the
    national border (lines), and where real positions fall (geometry/projection.py's JSON)."""

    land: tuple[Points, ...]
    lakes: tuple[Points, ...]
    border: tuple[Points, ...]
    geography: dict | None = None


@dataclass(frozen=True)
class AreaShape:
    """One area: its name (the Zone's), kind (land, sea or box), polygon in board pixels, symbols."""

    name: str
    kind: str
    points: Points
    symbols: tuple[str, ...] = ()
    label: str | None = None  # drawn text; None: the name


@dataclass(frozen=True)
class AreaBorder:
    """Two areas that border each other, and how (none, fjord or lake: a crossing to mark)."""

    a: str
    b: str
    crossing: str = "none"


@dataclass(frozen=True)
class AreaPiece:
    """A playing piece: a battalion, a chip or a ship card, with the words records use for it."""

    id: str
    name: str
    side: str
    nationality: str
    unit_class: str
    type: str
    points: int | None
    background: str
    foreground: str
    short: str  # the text on the counter
    size: str = ""  # the unit size records use (brigade, regiment...); "" for none
    detail: str = ""  # a second, smaller line on the counter (type and size); "" for none
    masked: bool = False  # face down to the other players (VASSAL's Mask): ship cards, cards in a deck
    lines: tuple[str, ...] = ()  # a card's printed text


@dataclass(frozen=True)
class AreaDeck:
    """A deck of cards on the board (a VASSAL DrawPile), face down: its cards in order and its back's mark."""

    name: str
    side: str
    position: tuple[int, int]  # board pixels
    cards: tuple[AreaPiece, ...]
    mark: str = ""  # printed on the back (``9. April``)


@dataclass(frozen=True)
class AreaMap:
    game: str
    title: str
    board: str
    size: tuple[int, int]
    shapes: tuple[AreaShape, ...]
    borders: tuple[AreaBorder, ...]
    impassable: tuple[Points, ...] = ()
    sides: tuple[str, ...] = ()
    version: str = "0.1"
    source: str = ""
    pieces: tuple[AreaPiece, ...] = ()
    setup: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (area, piece ids) at the start
    turns: tuple[str, ...] = ()
    phases: tuple[str, ...] = ()
    first_turn: str = ""
    first_phase: str = ""  # the phase the opening save's turn tracker shows; "" for the first of phases
    symbol_labels: tuple[tuple[str, str], ...] = ()  # the legend's words for a symbol, where not the default
    decks: tuple[AreaDeck, ...] = ()
    real: RealGround | None = None  # drawn under the areas where the board is cut from real geography

    def shape(self, name: str) -> AreaShape:
        return next(s for s in self.shapes if s.name == name)
