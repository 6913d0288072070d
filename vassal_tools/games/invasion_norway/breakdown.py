"""Breakdown and recombination (15.3.1-15.3.3).

15.3.1: "At the beginning of any friendly Land Movement Phase, you may break down an artillery
battalion simply by flipping it to its Reduced side or removing it from the map and placing the
appropriate number of breakdown artillery batteries in the same hex": a full battalion with a Support
Factor of two gives two batteries, one with a Support Factor of one gives one.
15.3.2: "At the beginning of any friendly Movement Phase, a reduced-strength artillery battalion that
is stacked with sufficient artillery batteries of the same type may recombine into a full-strength
artillery battalion. Simply remove the absorbed artillery batteries from the map and flip the
battalion to its full-strength side."
15.3.3: a German mountain infantry battalion breaks down by flipping and stacking "two mountain
infantry companies in the same hex", and recombines "only by combining two mountain infantry
companies and a reduced-strength mountain infantry battalion".

A battery or company brought onto a hex (placed, or moved from nowhere or off the map, as a log
records a counter brought on in a movement phase) is a breakdown, but in the set-up and the record's
first phase, where a record started mid-game puts what is already in play: into a hex where a battalion of its side and kind was reduced or removed in the phase, no
more than that battalion gives; a battery in its side's Land Movement Phase before any of its side's
units moved. A battalion of those kinds flipped back to full strength (no land unit gets steps back
otherwise) is a recombination: with as many batteries (companies) of its side removed from its hex
in the phase as it breaks into; an artillery battalion in its side's movement phase before any of
its side's units moved. 15.3.3 gives no moment for the mountain battalions: none is judged.
"""

from __future__ import annotations

from collections import defaultdict

from ...record import Entry, Move, Place, Remove, Steps
from ...record import Unit as RecordUnit
from ...rules.engine import Audit
from ...rules.position import UnitState
from .rules import Check, InvasionNorwayRules


class Breakdown(Check):
    """15.3.1, 15.3.2 and 15.3.3."""

    def __init__(self, rules: InvasionNorwayRules) -> None:
        super().__init__(rules)
        self.b = self.cfg["breakdown"]

    def start_phase(self, audit: Audit) -> None:
        self.moved: set[str] = set()  # sides a unit of which has moved in the phase
        self.broken: dict[str, int] = {}  # battalion reduced or removed in the phase -> pieces it still gives
        self.where: dict[str, str] = {}  # such a battalion -> its hex
        self.absorbed: dict[tuple[str, str, str], int] = defaultdict(int)  # (side, kind, hex) -> pieces removed
        self.recombined: list[tuple[str, str, str]] = []  # (battalion, hex, its kind)

    # -- what a unit is

    def kind(self, u: RecordUnit) -> str | None:
        """``artillery`` or ``mountain``: the kind of battalion or piece for 15.3, else None."""
        if self.kinds.type_in(u, self.b["artillery_types"]) and (u.nationality or "") in self.b["artillery_nationalities"]:
            return "artillery"
        if self.kinds.type_in(u, self.b["mountain_types"]) and (u.nationality or "") in self.b["mountain_nationalities"]:
            return "mountain"
        return None

    def piece(self, u: RecordUnit) -> str | None:
        """The kind of a breakdown battery or company."""
        size = (u.size or "").lower()
        return self.kind(u) if size in self.b["piece_sizes"] else None

    def battalion(self, u: RecordUnit) -> str | None:
        return self.kind(u) if self.kinds.is_battalion(u) else None

    def gives(self, audit: Audit, uid: str, reduced: bool) -> int:
        """How many pieces a battalion breaks into: its Support Factor (artillery), two companies (mountain)."""
        u = audit.units[uid]
        if self.battalion(u) == "mountain":
            return self.b["companies"]
        key = "r_support" if reduced else "support"
        try:
            return int(float(u.get(key) or u.get("support") or 1))
        except (TypeError, ValueError):
            return 1

    def rule(self, kind: str, recombine: bool) -> str:
        if kind == "mountain":
            return self.rules.rule(self.b["mountain_rule"])
        return self.rules.rule(self.b["recombine_rule" if recombine else "breakdown_rule"])

    # -- the hooks

    def before(self, audit: Audit, entry: Entry) -> None:
        if isinstance(entry, Remove) and audit.position.on_map(entry.unit):
            u, loc = audit.units[entry.unit], audit.position.loc(entry.unit) or ""
            if self.piece(u) and u.side:
                self.absorbed[(u.side, self.piece(u) or "", loc)] += 1
            elif self.battalion(u) and loc in self.game.hexes:
                state = audit.position.state[entry.unit]
                reduced = state.steps is not None and state.steps < (u.steps or 2)
                self.broken[entry.unit] = self.gives(audit, entry.unit, reduced)
                self.where[entry.unit] = loc

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if isinstance(entry, Steps) and previous is not None and previous.steps is not None:
            u = audit.units[entry.unit]
            loc = audit.position.loc(entry.unit)
            if not self.battalion(u) or loc not in self.game.hexes:
                return
            if entry.to < previous.steps and previous.steps >= (u.steps or 2):
                self.broken[entry.unit] = self.gives(audit, entry.unit, False)
                self.where[entry.unit] = loc or ""
            elif entry.to > previous.steps:
                self.recombine(audit, entry.unit, loc or "")
        elif isinstance(entry, (Place, Move)):
            u = audit.units[entry.unit]
            loc = entry.at if isinstance(entry, Place) else entry.to
            arriving = previous is None or previous.loc is None or previous.removed or self.game.off_map(previous.loc)
            if arriving and self.piece(u) and loc in self.game.hexes and not self.rules.in_snapshot(audit):
                self.arrive(audit, entry.unit, loc)
            elif not arriving and isinstance(entry, Move) and self.kinds.is_land(u) and u.side:
                self.moved.add(u.side)

    def early(self, audit: Audit, side: str, phases_key: str) -> bool:
        """In one of the side's phases (``phases_key``), before any of its units moved in it."""
        return audit.position.phase in self.b[phases_key].get(side, ()) and side not in self.moved

    def arrive(self, audit: Audit, uid: str, hex_: str) -> None:
        u = audit.units[uid]
        kind, side = self.piece(u) or "", u.side or ""
        rule = self.rule(kind, False)
        if kind == "artillery" and not self.early(audit, side, "breakdown_phases"):
            audit.report(rule, f"{uid} comes into play in {hex_} in the {audit.position.phase or 'set-up'} phase"
                         f"{' after units of its side moved' if side in self.moved else ''}; units break down at "
                         f"the beginning of a friendly Land Movement Phase", where=hex_, units=[uid], case="phase")
            return
        parents = [b for b, h in self.where.items() if h == hex_ and audit.units[b].side == side
                   and self.battalion(audit.units[b]) == kind]
        for b in parents:
            if self.broken[b] > 0:
                self.broken[b] -= 1
                return
        if parents:
            audit.report(rule, f"{uid} is one more piece in {hex_} than the battalion broken down there "
                         f"({', '.join(parents)}) gives", where=hex_, units=[uid], excess=1)
        else:
            audit.report(rule, f"{uid} comes into play in {hex_}, where no {kind} battalion of its side was "
                         f"flipped or removed to break down in this phase", where=hex_, units=[uid])

    def recombine(self, audit: Audit, uid: str, hex_: str) -> None:
        u = audit.units[uid]
        kind, side = self.battalion(u) or "", u.side or ""
        if kind == "artillery" and not self.early(audit, side, "recombine_phases"):
            audit.report(self.rule(kind, True), f"{uid} is flipped back to full strength in {hex_} in the "
                         f"{audit.position.phase or 'set-up'} phase{' after units of its side moved' if side in self.moved else ''}; "
                         f"units recombine at the beginning of a friendly Movement Phase", where=hex_, units=[uid],
                         case="phase")
            return
        self.recombined.append((uid, hex_, kind))

    def end_phase(self, audit: Audit) -> None:
        for uid, hex_, kind in self.recombined:
            side = audit.units[uid].side or ""
            need = self.gives(audit, uid, False)
            have = self.absorbed[(side, kind, hex_)]
            taken = min(have, need)
            self.absorbed[(side, kind, hex_)] -= taken
            if taken < need:
                what = "batteries" if kind == "artillery" else "companies"
                audit.report(self.rule(kind, True), f"{uid} recombines to full strength in {hex_} absorbing {taken} "
                             f"{what}; it needs {need}", where=hex_, units=[uid], excess=need - taken,
                             case="recombine" if kind == "mountain" else "")
        self.recombined = []
