"""Cards of an area game in its module: a VASSAL Deck (``DrawPile``, vassal-formats.md 2.3) per
:class:`~vassal_tools.gamedata.areas.AreaDeck` on the map, its cards CardSlots whose pieces carry a Mask
(``Obscurable``, 4.4.9) showing the deck's back to the other players; and the Mask of any face-down
piece (Kampen om Norge's ship cards, 6.1).

    deck_component(deck, "Kampen om Norge", images, cache, allocate)  # -> the DrawPile element
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path

from ..art.areamap import piece_size
from ..art.cards import card_size, draw_back, draw_card
from ..formats.archive import atomic_write
from ..formats.components import Component
from ..formats.pieces import Piece
from ..formats.traits import BasicPiece, Marker, Obscurable
from ..gamedata.areas import AreaDeck, AreaPiece
from . import standard
from .art import CounterImages
from .counters import face_layer, slot_text

DRAW_PILE = "VASSAL.build.module.map.DrawPile"
CARD_SLOT = "VASSAL.build.widget.CardSlot"


def cached_image(cache: Path, game: str, data: bytes, images: dict[str, Path]) -> Path:
    """Store a drawn PNG under its content's name (so a build is byte-identical) and list it."""
    name = f"{game}-{hashlib.sha1(data).hexdigest()[:10]}.png"
    path = cache / name
    if not path.exists():
        atomic_write(path, data)
    images[name] = path
    return path


def mask(back: Path) -> Obscurable:
    """Face down: the others see the back image (display ``G``) until its owner turns it over."""
    return Obscurable.new(image=back.name, display="G" + back.name, mask_name="face down",
                          description="face down (the back shows)")


def piece_back(piece: AreaPiece, game: str, cache: Path, images: dict[str, Path]) -> Path:
    """The back of a face-down counter (a ship card, 6.1): its flag or the faction's colours, the counter's size."""
    return cached_image(cache, game, draw_back(piece.background, piece.foreground, size=piece_size(),
                                               flag=piece.flag), images)


def card_definition(card: AreaPiece, face: Path, back: Path) -> Piece:
    props = {"UnitId": card.id, "Side": card.side, "Nationality": card.nationality, "Class": card.unit_class,
             "Type": card.type, "Size": "", "Steps": ""}
    return Piece([mask(back), face_layer(CounterImages(face, None, card_size()), 1.0), Marker.new(props),
                  BasicPiece.new("", card.name)])


def deck_component(deck: AreaDeck, board: str, game: str, cache: Path, images: dict[str, Path],
                   allocate: Callable[[], str]) -> Component:
    """The DrawPile on ``board`` centred on the deck's square, face down, shuffled, one CardSlot per card."""
    width, height = card_size()
    x, y = deck.position
    pile = standard.component(DRAW_PILE, {
        "allowMultiple": "false", "allowSelect": "false", "color": "0,0,0", "draw": "true", "drawFaceUp": "false",
        "faceDown": "Always", "height": str(height), "name": deck.name, "owningBoard": board,
        "reshufflable": "false", "reversible": "false", "shuffle": "Always", "width": str(width),
        "x": str(x), "y": str(y),
    })
    if not deck.cards:
        return pile
    first = deck.cards[0]
    back = cached_image(cache, game, draw_back(first.background, first.foreground, deck.mark, flag=deck.flag), images)
    for card in deck.cards:
        face = cached_image(cache, game, draw_card(card), images)
        gpid = allocate()
        text = slot_text(card_definition(card, face, back), gpid)
        pile.append(standard.component(CARD_SLOT, {"entryName": card.name, "gpid": gpid, "height": str(height),
                                                   "width": str(width)}, text))
    return pile
