"""The record entry of Kampen om Norge's own: ``card``, a card played (kampen-om-norge.txt 5.0-5.4, Appendix).

The record format reads it as any entry (:mod:`vassal_tools.record.entries`): the pack hands
:data:`ENTRY_KINDS` to the reader with its words and catalogue.
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
    EntryKind,
    Field,
    GameEntry,
    entry_kind,
)


@entry_kind("card", Field("side", "side", SIDE, required=True),
            Field("name", "name", TEXT, required=True, needs="its 'name' as printed (e.g. \"Rask forflytning\")",
                  what="the card's name as printed"),
            Field("zone", "zone", LOC, what="the area it acts in"),
            Field("use", "use", WORD, what="attack, defense, cancel, move, place, reinforcement, sink or recon"),
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


ENTRY_KINDS: tuple[EntryKind, ...] = (Card.KIND,)
