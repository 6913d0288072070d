"""Repair (10.2): installations lose one hit a Repair Segment, ships are repaired on a zero.

10.2.1: "During the Repair Segment, one Hit is automatically removed from each airbase,
port, and railroad hex that has accumulated hits." A ``hits`` entry that lowers an
installation's hits outside the Repair Segment, or by more than one in it, is a finding.

10.2.3: "During the Repair Segment, the players roll a die for each of their damaged ships
(not one-point naval units) that is located at a friendly naval base. If the die roll is zero
the ship is repaired and is flipped over to its undamaged side." A damaged ship flipped back
(a ``steps`` entry back to its full steps) needs a ``ship-repair`` roll of zero for it in the
Repair Segment, at a friendly-controlled port. Point units are not judged: their points also
grow by consolidation (1.5).
"""

from __future__ import annotations

from ...record import Entry, Hits, Roll, Steps
from ...rules.engine import Audit
from ...rules.position import UnitState
from .rules import Check, InvasionNorwayRules


class Repairs(Check):
    """10.2.1 and 10.2.3."""

    def __init__(self, rules: InvasionNorwayRules) -> None:
        super().__init__(rules)
        self.removed: dict[str, int] = {}  # installation -> hits removed in this Repair Segment
        self.repaired: set[str] = set()  # ships whose repair roll was a zero in this Repair Segment
        self.hits_before = 0

    def start_phase(self, audit: Audit) -> None:
        self.removed, self.repaired = {}, set()

    def before(self, audit: Audit, entry: Entry) -> None:
        if isinstance(entry, Hits):
            self.hits_before = audit.position.hits.get(entry.loc, 0)

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        r = self.cfg["repair"]
        in_repair = audit.position.phase == r["phase"]
        if isinstance(entry, Roll) and entry.purpose == r["ship_roll"] and entry.single and entry.result == 0:
            self.repaired.update(([entry.unit] if entry.unit else []) + list(entry.target))
        elif isinstance(entry, Hits) and entry.to < self.hits_before:
            self.installation(audit, entry, in_repair)
        elif isinstance(entry, Steps) and previous is not None and previous.steps is not None:
            self.ship(audit, entry, previous.steps, in_repair)

    def installation(self, audit: Audit, entry: Hits, in_repair: bool) -> None:
        rule = self.rules.rule(self.cfg["repair"]["installation_rule"])
        fewer = self.hits_before - entry.to
        if not in_repair:
            audit.report(rule, f"{fewer} hit(s) removed from {entry.loc} in the {audit.position.phase or 'set-up'} "
                         f"phase; hits are removed in the Repair Segment only", where=entry.loc, excess=fewer)
            return
        done = self.removed.get(entry.loc, 0)
        self.removed[entry.loc] = done + fewer
        if done + fewer > 1:
            audit.report(rule, f"{done + fewer} hits removed from {entry.loc} in one Repair Segment; one comes off each Repair Segment",
                         where=entry.loc, excess=done + fewer - 1)

    def ship(self, audit: Audit, entry: Steps, before: int, in_repair: bool) -> None:
        u = audit.units[entry.unit]
        if not self.kinds.is_naval(u) or self.kinds.is_point_unit(u) or entry.to <= before:
            return
        rule = self.rules.rule(self.cfg["repair"]["ship_rule"])
        loc = audit.position.loc(entry.unit)
        if not in_repair:
            why = f"in the {audit.position.phase or 'set-up'} phase; ships are repaired in the Repair Segment only"
        elif entry.unit not in self.repaired:
            why = "without a ship repair roll of zero for it"
        elif loc not in self.game.ports or not self.rules.controls(u.side or "", loc):
            why = f"at {loc}, not a friendly naval base"
        else:
            return
        audit.report(rule, f"{entry.unit} is repaired {why}", where=loc, units=[entry.unit])
