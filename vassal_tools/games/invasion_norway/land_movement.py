"""Where units may go and who may overrun: Sweden (11.2.3), Overrun (11.7).

11.2.3: "No land, sea, or air unit may enter a hex of Sweden by any means." Which
hexes are Sweden's comes from the game data (hexes.csv, drawn from the module's
map; its rows are marked sample), so a finding says so. SPs are no units: 15.6
brings two of them into Norway from Sweden by rail.

11.7: "Overrun is a special type of combat that can be performed by German
motorized units (only) during any German Land Movement or Motorized Movement
Phase."
"""

from __future__ import annotations

from ...record import Attack, Entry, Move, Place
from ...rules.engine import Audit
from ...rules.position import UnitState
from .rules import Check


class SwedishBorder(Check):
    """11.2.3: no unit enters a hex of Sweden."""

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if not isinstance(entry, (Move, Place)):
            return
        loc = self.rules.arrived(entry, previous)
        hex_ = self.game.hexes.get(loc or "")
        m = self.cfg["land_movement"]
        if hex_ is None or hex_.terrain not in m["sweden_terrain"]:
            return
        u = audit.units[entry.unit]
        if u.unit_class not in ("land", "naval", "air"):
            return
        audit.report(self.rules.rule(m["sweden_rule"]), f"{entry.unit} enters {loc}, a hex of Sweden; no land, sea "
                     f"or air unit may enter one by any means", where=loc, units=[entry.unit], samples=m["sample"])


class Overruns(Check):
    """11.7: overruns by German motorized units only, in German movement phases."""

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if not isinstance(entry, Attack) or not entry.overrun:
            return
        m = self.cfg["land_movement"]
        rule = self.rules.rule(m["overrun_rule"])
        phase = audit.position.phase
        if phase not in m["overrun_phases"]:
            audit.report(rule, f"an overrun in the {phase or 'set-up'} phase; overruns are conducted only in "
                         f"German Land Movement and Motorized Movement Phases", where=entry.hex,
                         units=entry.attackers)
        wrong = [uid for uid in entry.attackers
                 if audit.units[uid].side != "german" or not self.kinds.is_motorized(audit.units[uid])]
        if wrong:
            audit.report(rule, "only German motorized units may overrun", where=entry.hex, units=wrong)
