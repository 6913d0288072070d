"""Capturing trucks and supply points (15.1; SPs 13.3.10 and ASPs 13.2.2 e, "Identical to ASPs").

15.1: "If a friendly unit that is moving or advancing enters a hex that is occupied solely by enemy
SPs, ASPs, and/or Trucks, the enemy units are automatically captured. A captured SP, ASP, or Truck
can either be eliminated immediately or saved for later use. To record that a Truck has been
captured, simply flip it over onto its other side. A Truck that is captured during a Land Movement
or Motorized Movement Phase cannot move in that same phase. A captured SP or ASP cannot be moved on
the same turn that it is captured."

A land unit's move into a hex where only enemy SPs, ASPs and trucks stand captures them. A record
names a unit's side once, so a captured SP or ASP leaves its owner's hands by being removed (the
capturer's own marker may be placed in its stead) and a captured truck by being flipped (a
``steps`` entry) or removed. Findings: a captured unit still its owner's, unflipped, at the end of
the phase; a captured SP or ASP moved on the turn it was captured, a captured truck in the movement
phase it was captured (the capturer's marker placed in the hex in that phase counts as the captured
one); and, 13.2.2 e ("Captured ASPs can be utilized by the gaining player"), a captured SP or ASP
spent later by the side that lost it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...record import Attack, Defend, Entry, Mission, Move, Place, Remove, Steps
from ...rules.engine import Audit
from ...rules.position import UnitState
from .rules import Check, InvasionNorwayRules
from .situation import enemy


@dataclass
class _Captured:
    by: str  # the capturing side
    hex: str
    turn: str | None
    phase: str | None
    taken: bool = False  # removed, or (a truck) flipped


class Captures(Check):
    """15.1, 13.3.10 and 13.2.2 e (captured ASPs)."""

    def __init__(self, rules: InvasionNorwayRules) -> None:
        super().__init__(rules)
        self.captured: dict[str, _Captured] = {}  # enemy SP, ASP or truck -> its capture
        self.stand_ins: dict[str, _Captured] = {}  # the capturer's SP or ASP placed where it captured one

    def start_phase(self, audit: Audit) -> None:
        self.phase_captures: list[str] = []

    def cargo(self, audit: Audit, uid: str) -> bool:
        u = audit.units[uid]
        return u.unit_class == "supply" or self.kinds.is_truck(u)

    def before(self, audit: Audit, entry: Entry) -> None:
        if isinstance(entry, Move):
            self.entering(audit, entry)
        elif isinstance(entry, (Attack, Defend, Mission)):
            self.spent(audit, entry)

    def entering(self, audit: Audit, entry: Move) -> None:
        u = audit.units[entry.unit]
        if not self.kinds.is_land(u) or u.side is None or entry.to not in self.game.hexes:
            return
        if audit.position.loc(entry.unit) == entry.to:
            return
        there = [uid for uid in audit.position.at(entry.to) if audit.units[uid].side == enemy(u.side)
                 and audit.units[uid].unit_class in ("land", "supply")]  # not markers, nor air units based there
        if not there or not all(self.cargo(audit, uid) for uid in there):
            return
        for uid in there:
            if uid not in self.captured:
                self.captured[uid] = _Captured(u.side, entry.to, audit.position.turn, audit.position.phase)
                self.phase_captures.append(uid)

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if isinstance(entry, (Remove, Steps)) and entry.unit in self.captured:
            self.captured[entry.unit].taken = True
        elif isinstance(entry, (Place, Move)):
            if isinstance(entry, Move) and (entry.unit in self.captured or entry.unit in self.stand_ins):
                self.moved(audit, entry, previous)
            arriving = previous is None or previous.loc is None or previous.removed
            loc = entry.at if isinstance(entry, Place) else entry.to
            u = audit.units[entry.unit]
            if arriving and u.unit_class == "supply":
                for uid in self.phase_captures:
                    c = self.captured[uid]
                    if c.hex == loc and c.by == u.side and audit.units[uid].unit_class == "supply":
                        self.stand_ins[entry.unit] = c
                        break

    def moved(self, audit: Audit, entry: Move, previous: UnitState | None) -> None:
        c = self.captured.get(entry.unit) or self.stand_ins[entry.unit]
        pos, rule = audit.position, self.rules.rule(self.cfg["capture"]["rule"])
        if self.kinds.is_truck(audit.units[entry.unit]):
            if pos.turn == c.turn and pos.phase == c.phase and pos.phase in self.cfg["capture"]["truck_phases"]:
                audit.report(rule, f"{entry.unit}, a truck captured in {c.hex} in this phase, moves in it; a truck "
                             f"captured in a Land or Motorized Movement Phase cannot move in that phase",
                             where=entry.to, units=[entry.unit], case="truck")
        elif pos.turn == c.turn:
            audit.report(rule, f"{entry.unit}, captured in {c.hex} this turn, moves; a captured SP or ASP cannot be "
                         f"moved on the turn it is captured", where=entry.to, units=[entry.unit], case="moved")

    def spent(self, audit: Audit, entry: Attack | Defend | Mission) -> None:
        if isinstance(entry, Attack):
            side = audit.units[entry.attackers[0]].side if entry.attackers else None
        elif isinstance(entry, Mission):
            side = entry.side
        else:
            phase = self.game.data.info.phases.get(audit.position.phase or "")
            side = enemy(phase.player) if phase is not None and phase.player in ("german", "allied") else None
        for uid in entry.supply or ():
            c = self.captured.get(uid)
            u = audit.units.get(uid)
            if c is None or u is None or side is None or side == c.by:
                continue
            key = "asp_rule" if self.kinds.is_asp(u) else "sp_rule"
            audit.report(self.rules.rule(self.cfg["capture"][key]),
                         f"{uid} was captured in {c.hex} on {c.turn} and is expended by the side that lost it; "
                         f"captured supply is the gaining player's", where=c.hex, units=[uid])

    def end_phase(self, audit: Audit) -> None:
        rule = self.rules.rule(self.cfg["capture"]["rule"])
        for uid in self.phase_captures:
            c = self.captured[uid]
            if not c.taken and audit.position.on_map(uid):
                audit.report(rule, f"{uid} was captured when a {c.by.capitalize()} unit entered {c.hex}, where only "
                             f"enemy SPs, ASPs and trucks stood, and is still its owner's at the end of the phase "
                             f"(eliminate it, take it over, or flip a truck)", where=c.hex, units=[uid])
        self.phase_captures = []
