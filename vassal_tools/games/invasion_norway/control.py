"""Control of hexes (1.6): it changes when a land unit with a Defense Factor enters.

Every Operational Map hex starts Allied-controlled (1.6); a record may also set
control outright with a ``control`` entry. A truck (no Defense Factor, 11.4) or an
SP takes nothing. This check keeps control current for
the others (basing, NDVs, surrender) and reports nothing itself.
"""

from __future__ import annotations

from ...record import Entry, Move, Place
from ...rules.engine import Audit
from ...rules.position import UnitState
from .rules import Check


class ControlChanges(Check):
    """1.6: a friendly land unit with a Defense Factor > 0 entering a hex free of enemy ones takes it."""

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        loc = self.rules.arrived(entry, previous)
        if loc is None or loc not in self.game.hexes or not isinstance(entry, (Place, Move)):
            return
        unit = audit.units[entry.unit]
        if not self.kinds.has_defense(unit):
            return
        if not self.rules.situation.enemy_defended_at(unit.side, loc):
            audit.position.control[loc] = unit.side
