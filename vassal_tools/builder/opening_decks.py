"""The decks of a new game: what each DrawPile of the module holds when VASSAL starts a game.

A DrawPile is an at-start stack (``SetupStack``): VASSAL fills it only for a brand-new
game, when no ``SETUP_STACK`` marker was restored (vassal-formats.md 5.2). An opening
save carries that marker, so it must hold the decks itself, as VASSAL writes them right
after the new game started: one piece per CardSlot (prototypes expanded, the slot's gpid,
at the DrawPile's position) and the Deck listing them (``DrawPile.initializeContents``).

    opening_decks(buildfile, plans, prototypes)  # -> [OpeningDeck, ...] in buildFile order
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import BadInput
from ..formats.buildfile import BuildFile
from ..formats.decks import new_deck_command
from ..formats.pieces import Piece, expand_prototypes, parse_definition
from ..geometry.maps import Map
from .boards import MapPlan


@dataclass(frozen=True)
class OpeningDeck:
    """A DrawPile's deck in the opening save: its map and position, and its cards bottom to top
    (each an in-game piece and the gpid of its CardSlot)."""

    pile: Any  # formats.mapviews.Deck
    map: str
    x: int
    y: int
    cards: tuple[tuple[Piece, str], ...]

    def command(self, card_ids: Sequence[str], deck_id: str) -> str:
        """The deck's AddPiece text holding the cards of ``card_ids``."""
        return new_deck_command(self.pile, self.map, self.x, self.y, card_ids, deck_id).raw


def opening_decks(buildfile: BuildFile, plans: Sequence[MapPlan], prototypes: Mapping[str, Piece]) -> list[OpeningDeck]:
    """Every DrawPile of the module's maps with the cards a new game puts in it."""
    laid_out = {plan.name: plan.geometry() for plan in plans}
    decks = []
    for view in buildfile.maps:
        geo = laid_out.get(view.identifier or "")
        for pile in view.decks:
            if geo is None:
                raise BadInput(None, f"DrawPile {pile.name!r} is on map {view.identifier!r}, which no plan lays out")
            x, y = pile_position(pile, geo)
            cards = tuple((_card(slot.text or "", prototypes), slot.gpid or "")
                          for slot in pile.card_slots if (slot.text or "").strip())
            decks.append(OpeningDeck(pile, geo.name, x, y, cards))
    return decks


def pile_position(pile, geo: Map) -> tuple[int, int]:
    """Where VASSAL puts a DrawPile: its owning board's place plus x, y, else the map's edge plus x, y."""
    if pile.owning_board:
        board = geo.board(pile.owning_board)
        if board is None:
            raise BadInput(None, f"DrawPile {pile.name!r}: its board {pile.owning_board!r} is not on map {geo.name!r}")
        return board.to_map(pile.x, pile.y)
    return geo.edge[0] + pile.x, geo.edge[1] + pile.y


def _card(text: str, prototypes: Mapping[str, Piece]) -> Piece:
    """A CardSlot's piece as VASSAL places it (PieceSlot.getExpandedPiece): prototypes expanded, every
    trait in its starting state."""
    return expand_prototypes(parse_definition(text)[1], prototypes, strict=True).fill_states()
