"""Where reinforcements arrive (4.1), judged on each unit placed in the Reinforcement and
Replacement Segment.

4.1: "All Allied land reinforcements are placed in the Scotland Strategic Map zone; all Allied
naval reinforcements are placed in the Scotland (west) Strategic Map sub-zone. Allied air unit
reinforcements may be placed in the England, Scotland, or Scapa Flow Strategic Map land zones
... All German land and naval reinforcements are placed in the Germany Strategic Map zone.
German air unit reinforcements may be placed in the Germany or Denmark (beginning on the April #5
turn) Strategic Map zones." Air replacements come back where air reinforcements can be placed
(4.2.2). A land, naval or air unit of either side (Norwegian units mobilize instead, 14.0) that
comes into play in that segment (placed, or moved in from a box off the maps) elsewhere is a
finding. Which turn each unit arrives on is the Reinforcement Schedule's, not in the text: not
judged.

4.0: "Reinforcements and replacements are received before withdrawals." A unit that arrives, or
an air unit given points back, in the segment after an air or naval unit was removed from play
in it (a withdrawal, 4.3.1) is a finding; an air unit split in two or two combined (1.5) is none.
"""

from __future__ import annotations

from collections import Counter

from ...record import Entry, Move, Place, Remove, Steps
from ...rules.engine import Audit
from ...rules.position import UnitState
from .rules import Check, InvasionNorwayRules


class Reinforcements(Check):
    """4.1: reinforcements placed in their side's zones; 4.0: received before withdrawals."""

    def __init__(self, rules: InvasionNorwayRules) -> None:
        super().__init__(rules)
        self.withdrawn: list[str] = []  # air and naval units removed in this segment
        self.split: Counter[tuple[str, str]] = Counter()  # (nationality, type) -> air points split off

    def start_phase(self, audit: Audit) -> None:
        self.withdrawn, self.split = [], Counter()

    def kind(self, audit: Audit, uid: str) -> tuple[str, str]:
        u = audit.units[uid]
        return (u.nationality or "", u.type or "")

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        r = self.cfg["reinforcements"]
        if audit.position.phase != r["phase"]:
            return
        u = audit.units[entry.unit] if isinstance(entry, (Place, Move, Remove, Steps)) else None
        if isinstance(entry, Remove) and u is not None and u.unit_class in r["withdrawn_classes"]:
            self.withdrawn.append(entry.unit)
            return
        if isinstance(entry, Steps) and u is not None and u.unit_class == "air" and previous is not None:
            before = self.strength(previous)
            if entry.to < before:
                self.split[self.kind(audit, entry.unit)] += 1
            elif entry.to > before and self.withdrawn:
                merged = next((w for w in self.withdrawn if self.kind(audit, w) == self.kind(audit, entry.unit)), None)
                if merged is not None:  # 1.5: two one-point units combined, one counter taken off
                    self.withdrawn.remove(merged)
                else:
                    self.after_withdrawal(audit, entry.unit, audit.position.loc(entry.unit), "is given points back")
            return
        if not isinstance(entry, (Place, Move)):
            return
        loc = self.rules.arrived(entry, previous)
        arriving = previous is None or previous.removed or previous.loc is None or self.game.off_map(previous.loc)
        u = audit.units[entry.unit]
        if loc is None or not arriving or self.game.off_map(loc) or u.unit_class not in ("land", "naval", "air"):
            return
        if u.unit_class == "air" and self.split[self.kind(audit, entry.unit)] > 0:
            self.split[self.kind(audit, entry.unit)] -= 1  # 1.5: a two-point unit split in two
        elif self.withdrawn:
            self.after_withdrawal(audit, entry.unit, loc, "arrives")
        if u.side not in r["zones"] or self.kinds.is_norwegian(u):
            return
        zone = self.game.zone_of(loc)
        allowed = r["zones"][u.side][u.unit_class]
        if u.side == "german" and u.unit_class == "air" and self.rules.turn_at_least(audit.position.turn,
                                                                                  r["denmark_from"]):
            allowed = allowed + ["Denmark"]
        if zone in allowed or (self.rules.zone_root(zone) in allowed and u.unit_class != "naval"):
            return
        audit.report(self.rules.rule(r["rule"]), f"{entry.unit} ({u.side.capitalize()} {u.unit_class}) arrives in "
                     f"{zone or loc}; its reinforcements are placed in {' or '.join(allowed)}", where=loc,
                     units=[entry.unit])

    @staticmethod
    def strength(state: UnitState) -> int:
        """Points (or steps) before an entry: 0 if it was out of play, 1 where the record does not say."""
        if state.removed:
            return 0
        return next((v for v in (state.points, state.steps) if v is not None), 1)

    def after_withdrawal(self, audit: Audit, uid: str, loc: str | None, what: str) -> None:
        audit.report(self.rules.rule(self.cfg["reinforcements"]["segment_rule"]),
                     f"{uid} {what} after {', '.join(self.withdrawn)} withdrew in this segment; reinforcements "
                     f"and replacements are received before withdrawals", where=loc, units=[uid])
