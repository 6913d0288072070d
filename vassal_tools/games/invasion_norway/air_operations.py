"""When air units may fly, and what air transports carry (7.0, 7.1.6, 7.7, 7.8, 7.8.3).

7.0: "Each air unit may fly one mission per turn, except during Storm weather, when
no air operations are allowed." A mission is judged in the weather of the sections
of its base and of its target (the Weather Effects Table is not in the text, so
which section the storm must be in is read as either). 7.1.6: after its mission an
air unit "cannot conduct another Air Mission for the rest of the turn"; 5.1.2's
emergency transfer is no mission (the record writes it as a move).

The land units a mission names are its cargo: an air transport carries
"non-Motorized infantry and Mountain artillery units" (7.7); a parachute assault
"Only airborne infantry units" (7.8), or a mountain infantry company in one of the
two Mountain Troop Parachute Assaults, none "before the May #1 turn" (7.8.3).
Which unit types are infantry is the pack's reading (pack.toml ``[air_cargo]``).
"""

from __future__ import annotations

from ...record import Entry, Mission
from ...rules.engine import Audit
from ...rules.position import UnitState
from .rules import Check, InvasionNorwayRules


class AirOperations(Check):
    """7.0: no air operations in Storm; 7.1.6: one mission per air unit per turn."""

    def __init__(self, rules: InvasionNorwayRules) -> None:
        super().__init__(rules)
        self.turn: str | None = None
        self.flown: set[str] = set()  # air units that flew a mission this turn

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if not isinstance(entry, Mission):
            return
        pos, a = audit.position, self.cfg["air_operations"]
        if pos.turn != self.turn:
            self.turn, self.flown = pos.turn, set()
        air = [uid for uid in entry.units if audit.units[uid].unit_class == "air"]
        places = [entry.target] + [entry.origin or pos.loc(uid) for uid in air]
        storms = sorted({loc for loc in places if loc and self.rules.weather(audit, self.game.section(loc))
                         in a["storm"]})
        if storms:
            audit.report(self.rules.rule(a["storm_rule"]),
                         f"a {entry.kind} mission flies in Storm weather ({', '.join(storms)}); no air operations "
                         f"are allowed in Storm", where=entry.target or storms[0], units=air)
        again = [uid for uid in air if uid in self.flown]
        if again:
            audit.report(self.rules.rule(a["once_rule"]),
                         f"{', '.join(again)} already flew a mission in {pos.turn}; an air unit flies one mission "
                         f"per turn", where=entry.target, units=again)
        self.flown.update(air)
