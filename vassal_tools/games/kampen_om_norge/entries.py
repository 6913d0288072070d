"""The record entry of Kampen om Norge's own: ``card``, a card played (kampen-om-norge.txt 5.0-5.4, Appendix).

The record format reads it as any entry (:mod:`vassal_tools.record.entries`): the pack hands
:func:`record_terms` to the reader with its words and catalogue.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...record.entries import (
    COUNT,
    LOC,
    SIDE,
    TEXT,
    UNITS,
    WORD,
    Field,
    GameEntry,
    RecordTerms,
    entry_kind,
)
from .data import KampenData


@entry_kind("card", Field("side", "side", SIDE, required=True),
            Field("name", "name", TEXT, required=True, needs="its 'name' as printed (e.g. \"Rask forflytning\")",
                  what="the card's name as printed"),
            Field("zone", "zone", LOC, what="the area it acts in"),
            Field("use", "use", WORD, what="attack, defense, cancel, move, place, reinforcement, sink or recon; "
                  "`void`: a card voided from the faction's deck (5.1, 6.1, 7.2, 8.2); `discard`: the card a "
                  "faction that used none this round discards (4.4)"),
            Field("units", "units", UNITS, default=(), what="the units it acts on"),
            Field("symbols", "symbols", COUNT, what="the number of symbols traded for reinforcements"),
            nested=True, what="a card played")
@dataclass(frozen=True, kw_only=True)
class Card(GameEntry):
    """A card played: by whom, which card, where it acts, how, and on which units."""

    side: str
    name: str
    zone: str | None = None
    use: str | None = None
    units: tuple[str, ...] = ()
    symbols: int | None = None


ROLLS = {
    "land-combat": "the combat dice of one side in a land combat, a list (4.2)",
    "naval-combat": "a side's dice in a naval combat, one a ship (8.2)",
    "naval-interception": "an interception attempt, one die an enemy ship in the sea zone (8.1, 7.1)",
    "resistance": "Norway's resistance in an invaded victory city (7.2)",
}
KEYS = {"variant": "`basic` or `advanced`: ships and the `9. April` turn (5, 7); left out, the record is advanced "
                   "when it shows the `9. April` turn or a ship on the board, else basic"}


def record_terms(data: KampenData) -> RecordTerms:
    """The card entry, the rolls the checks read (and a card's own die, named by the card), the variant."""
    cards = "card names: a card's `name`, and the `for` of a roll of that card's die (`Rekognoseringsfly`)"
    return RecordTerms(entry_kinds=(Card.KIND,), rolls=ROLLS, keys=KEYS,
                       lists={cards: tuple(dict.fromkeys(card.name for card in data.cards))})
