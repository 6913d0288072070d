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
"""

from __future__ import annotations

from ...record import Entry, Move, Place
from ...rules.engine import Audit
from ...rules.position import UnitState
from .rules import Check


class Reinforcements(Check):
    """4.1: reinforcements placed in their side's zones."""

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        r = self.cfg["reinforcements"]
        if audit.position.phase != r["phase"] or not isinstance(entry, (Place, Move)):
            return
        loc = self.rules.arrived(entry, previous)
        arriving = previous is None or previous.removed or previous.loc is None or self.game.off_map(previous.loc)
        u = audit.units[entry.unit]
        if loc is None or not arriving or self.game.off_map(loc) or u.unit_class not in ("land", "naval", "air") \
                or u.side not in r["zones"] or self.kinds.is_norwegian(u):
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
