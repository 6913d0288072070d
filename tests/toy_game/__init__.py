"""The toy game's package, laid out as a game package under ``vassal_tools/games/``: its data
(``data/``), its words, its catalogue, its one rule and its pack as ``PACK``.

Everything the toy game needs beyond the library is here; it reaches the toolkit only through
the registry (one line of :data:`vassal_tools.games.KNOWN_GAMES`, or :func:`vassal_tools.games.registered`
for a test). The toy has no rulebook text: its one rule and its limit are ``sample``; its rules index
(``rules_index.json``: the rules a toy rulebook would number, and the sentence its finding quotes) and its
``coverage.toml`` are written by hand here, to show the coverage table of a game other than the five.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import cached_property
from pathlib import Path
from typing import Any

from vassal_tools.gamedata import GameData, load_game
from vassal_tools.gamedata.vocabulary import Vocabulary
from vassal_tools.games import BoardKind, GamePack, ListedCheck
from vassal_tools.rules.engine import Audit, Check, Checks

DATA = Path(__file__).with_name("data")
ID = "toy-skirmish"
RULE = "toy 1.1"  # sample: at most STACKING_LIMIT units in a hex at the end of a phase
STACKING_LIMIT = 2


class ToyCatalogue:
    """How the toy's records name its units (its units.csv ids) and places (its hexes and zones)."""

    def __init__(self, data: GameData):
        self.game = data.info.id
        self.data = data

    def unit_ids(self) -> list[str]:
        return list(self.data.units)

    def unit(self, ref: str) -> Mapping[str, Any] | None:
        unit = self.data.units.get(ref)
        if unit is None:
            return None
        return {"class": unit.unit_class, "side": unit.side, "nationality": unit.nationality,
                "type": unit.type, "size": unit.size, "steps": unit.steps, "name": unit.name}

    def location(self, loc: str) -> str | None:
        text = loc.strip()
        return text if text in self.data.hexes or text in self.data.zones else None

    def place_names(self) -> list[str]:
        return [*self.data.hexes, *self.data.zones]


class Stacking(Check):
    """One rule: a hex holds at most STACKING_LIMIT units when a phase ends."""

    def end_phase(self, audit: Audit) -> None:
        crowd = Counter(state.loc for uid, state in audit.position.state.items() if audit.position.on_map(uid))
        over = {loc: count for loc, count in crowd.items() if loc is not None and count > STACKING_LIMIT}
        for loc in sorted(str(key) for key in audit.standing("stacking", over)):
            units = sorted(audit.position.at(loc))
            audit.report(RULE, f"{over[loc]} units in {loc}, {over[loc] - STACKING_LIMIT} over the limit of "
                               f"{STACKING_LIMIT}", where=loc, units=units, excess=over[loc] - STACKING_LIMIT,
                         samples=("the stacking limit",))


class ToySkirmish(GamePack):
    """The toy game as the registry knows it."""

    id = ID
    title = "Toy Skirmish"
    board_kind = BoardKind.HEX
    checks = (ListedCheck("stacking", ("1.1",), "at most two units in a hex at the end of each phase (sample)"),)
    data_folder = DATA

    @cached_property
    def data(self) -> GameData:
        return load_game(DATA)

    @cached_property
    def vocabulary(self) -> Vocabulary:
        return Vocabulary.from_info(self.data.info)

    @cached_property
    def catalogue(self) -> ToyCatalogue:
        return ToyCatalogue(self.data)

    def rules(self) -> Checks:
        return Checks([Stacking()])


PACK = ToySkirmish()
