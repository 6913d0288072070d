"""The record entry of Narvik 1940's own: ``reveal``, masked units shown to the enemy (narvik-1940.txt 21.0).

The record format reads it as any entry (:mod:`vassal_tools.record.entries`): the pack hands
:data:`RECORD_TERMS` to the reader with its words and catalogue.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...record.entries import SIDE, UNITS, Field, GameEntry, RecordTerms, entry_kind


@entry_kind("reveal", Field("units", "units", UNITS, required=True, default=()),
            Field("to", "to", SIDE, required=True, what="the side they are shown to"),
            nested=True, what="these units of S's enemy are shown to S (fog of war)")
@dataclass(frozen=True, kw_only=True)
class Reveal(GameEntry):
    """Units of the enemy of side ``to`` are shown to that side."""

    units: tuple[str, ...]
    to: str


RECORD_TERMS = RecordTerms(
    entry_kinds=(Reveal.KIND,),
    rolls={"regroup": "a regrouped unit's die, with its `unit`, in the regroup action (17.0, the Regroup Table)",
           "rout": "a non-elite unit's rout die, with its `unit`: the hexes it retreats (15.1; `retreat` too)",
           "events": "a player's Events Table die, with its `side` (7.0; Allied 1, Operation R4, allows two "
                    "scheduled formations, 8.2.2; `event` too)",
           "troop-transfer": "the German Threat from the South die: it plus one units go to the Troop Transfer "
                             "(7.1; `transfer` too)"},
)
