"""An area map as data, for games whose map is areas rather than hexes (Kampen om Norge, Norway 1940).

A game's pack gives an :class:`AreaMap` (``pack.area_map()``); the art draws it and the builder
writes it into a module as a VASSAL ZonedGrid, one Zone per area with its polygon. Nothing here
is any one game's.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import BadInput

Points = tuple[tuple[int, int], ...]

SYMBOLS = ("victory-city", "mobilization-point", "airfield")
#: How a flag on a card's back is drawn: a Nordic cross (bands ``along`` the hoist-to-fly length and
#: ``across`` it, field, then each edge to the cross, then back), or rings (``rings``: radii, outermost first).
FLAG_DESIGNS = ("nordic-cross", "roundel")


@dataclass(frozen=True)
class Flag:
    """A flag a card's back bears (or a face-down counter's), as a game's data describes it.

    ``colours`` are the bands from the field inwards: a Nordic cross's edges then its cross; a roundel's
    rings, outermost first. ``along`` and ``across`` are a Nordic cross's band widths, in the flag's units
    (such as 6-1-2-1-12 by 6-1-2-1-6); ``rings`` a roundel's radii, outermost first."""

    design: str
    field: str
    colours: tuple[str, ...]
    along: tuple[float, ...] = ()
    across: tuple[float, ...] = ()
    rings: tuple[float, ...] = ()
    source: str = ""


def flag_of(table: Mapping[str, Any], source: str | os.PathLike | None, where: str) -> Flag:
    """A flag from its table in ``source`` (a game.toml); bad input naming the entry ``where`` when it
    cannot be drawn."""
    design = table.get("design")
    if design not in FLAG_DESIGNS:
        raise BadInput(source, f"flag design {design!r} is not one of {', '.join(FLAG_DESIGNS)}", where)
    try:
        flag = Flag(design, str(table["field"]), tuple(str(c) for c in table["colours"]),
                    tuple(float(v) for v in table.get("along", ())), tuple(float(v) for v in table.get("across", ())),
                    tuple(float(v) for v in table.get("rings", ())), str(table.get("source", "")))
    except (KeyError, TypeError, ValueError) as err:
        raise BadInput(source, f"flag: {err}", where) from None
    bands = len(flag.colours)
    if design == "nordic-cross" and not (len(flag.along) == len(flag.across) == 2 * bands + 1):
        raise BadInput(source, f"flag: a Nordic cross of {bands} colours needs {2 * bands + 1} bands along and "
                               "across", where)
    if design == "roundel" and len(flag.rings) != bands:
        raise BadInput(source, f"flag: a roundel of {bands} colours needs {bands} rings", where)
    return flag


@dataclass(frozen=True)
class RailTrack:
    """A rail line of 1940 on an area board (``geo/rails.csv``): its stations in the order it runs,
    each at its real position's board pixel, and where the line comes from."""

    name: str
    source: str
    stations: tuple[str, ...]
    points: tuple[tuple[float, float], ...]


@dataclass(frozen=True)
class RealGround:
    """The real geography under an area board, in its pixels: land and lakes (outer rings), the
    national border (lines), where real positions fall (geometry/projection.py's JSON), and the
    rail lines of 1940."""

    land: tuple[Points, ...]
    lakes: tuple[Points, ...]
    border: tuple[Points, ...]
    geography: dict | None = None
    rails: tuple[RailTrack, ...] = ()


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
    flag: Flag | None = None  # what its back bears when face down; None: its colours crossed
    symbol: tuple[str, ...] = ()  # a land unit's NATO symbol (glyphs of art.symbols); ("figure:NAME",) a figure
    silhouette: str = ""  # a ship's profile or an aircraft's plan view (art.silhouettes), by name
    mark: str = ""  # the unit size mark over its symbol (II, III, X)
    values: str = ""  # the values its counter prints ("6-5"); "" for none


@dataclass(frozen=True)
class AreaDeck:
    """A deck of cards on the board (a VASSAL DrawPile), face down: its cards in order and its back's mark."""

    name: str
    side: str
    position: tuple[int, int]  # board pixels
    cards: tuple[AreaPiece, ...]
    mark: str = ""  # printed on the back (``9. April``)
    flag: Flag | None = None  # the flag its back bears; None: the cards' colours crossed


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
