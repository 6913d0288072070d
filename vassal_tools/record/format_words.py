"""The record format's own words. Everything else a record says (phases, sides, turns, weather)
is its game's: :class:`vassal_tools.gamedata.vocabulary.Vocabulary`, found by the record's ``"game"``."""

from __future__ import annotations

FORMAT = "vassal-tools/record@1"
