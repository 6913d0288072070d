"""Sudden death victory (narvik-1940.txt 4.1, 4.3), judged at each Victory Check Segment.

4.1: "During the Victory Check Segment of each GT (5.0), both players determine if either player has won
a sudden death victory": the German player "if: ... There are no Allied ground combat units on the map.
Allied units in any of the displays or staging areas do not count"; the Allied player if "Allied units
occupy all objective hexes" (the text lists no objective hex: the pack's are a sample). A won game ends
there, so a record that goes on into a later GT after such a Victory Check Segment is a finding. The
German test is made only once the record has shown Allied ground combat units on the map (a snapshot
that places none says nothing of the map). 4.3: "The game ends at the end of any GT if ... At the end of
GT 8": the record's turns stop at GT 8 (its words); the German Relief Column track has no place in a
record (records-four-games.md), so its end of the game is not judged.
4.4: "A player controls a hex if a friendly unit is in the hex, or if a friendly ground unit was the last
unit that occupied the hex": a record's ``control`` entry giving a hex to the side whose enemy occupies it
is a finding.
"""

from __future__ import annotations

from ...record import Control, Entry, Move, Place
from ...rules.engine import Audit
from ...rules.position import UnitState
from .catalogue import is_hex
from .rules import Check, NarvikRules
from .zoc import is_combat_unit


class Victory(Check):
    """A record that plays on after a sudden death victory."""

    def __init__(self, rules: NarvikRules):
        super().__init__(rules)
        self.allied_seen = False
        self.won: tuple[str, str, str, tuple[str, ...]] | None = None  # (GT, winner, why, samples)

    def allied_on_map(self, audit: Audit) -> bool:
        return any(is_hex(loc) and any(audit.units[uid].side == "allied" and is_combat_unit(audit.units[uid])
                                       for uid in ids) for loc, ids in audit.position.occupied())

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if self.allied_seen or not isinstance(entry, (Place, Move)):
            return
        unit = audit.units[entry.unit]
        self.allied_seen = unit.side == "allied" and is_combat_unit(unit) and is_hex(audit.position.loc(unit.id))

    def start_phase(self, audit: Audit) -> None:
        if self.won is None or audit.position.turn == self.won[0]:
            return
        turn, winner, why, samples = self.won
        self.won = None
        self.report(audit, self.cfg["victory"]["rule"], f"the record goes on into {audit.position.turn} after the "
                    f"{winner} player won a sudden death victory in the Victory Check Segment of {turn} ({why})",
                    samples=samples, case=winner)

    def end_phase(self, audit: Audit) -> None:
        v = self.cfg["victory"]
        if audit.position.phase != v["phase"] or self.won is not None:
            return
        turn = str(audit.position.turn)
        self.allied_seen = self.allied_seen or self.allied_on_map(audit)
        if self.allied_seen and not self.allied_on_map(audit):
            self.won = (turn, "german", "no Allied ground combat units on the map", ())
            return
        objectives = list(self.cfg["places"]["objective_hexes"])
        if all(any(audit.units[uid].side == "allied" and is_combat_unit(audit.units[uid])
                   for uid in audit.position.at(hex_)) for hex_ in objectives):
            self.won = (turn, "allied", f"Allied units occupy every objective hex, {', '.join(objectives)}",
                        (self.cfg["samples"]["objectives"],))


class HexControl(Check):
    """4.4: a hex occupied by one side is that side's."""

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if not isinstance(entry, Control) or not is_hex(entry.hex):
            return
        holders = sorted(uid for uid in audit.position.at(entry.hex)
                         if audit.units[uid].unit_class == "land" and audit.units[uid].side not in (entry.side, None))
        if holders:
            self.report(audit, self.cfg["victory"]["control_rule"], f"{entry.hex} is given to the {entry.side} player "
                        f"while {', '.join(holders)} occupy it: a player controls a hex if a friendly unit is in it",
                        where=entry.hex, units=holders)
