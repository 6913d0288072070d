"""Fog of war (narvik-1940.txt 21.0), judged on the record's ``reveal`` entries.

A masked enemy unit is shown to a side only (a) by that side's recon action: the units in and
adjacent to the designated hex; or (b) in combat, once a hex is a target hex: the units in the target
hex and the units firing. Units in off-map displays and staging areas are never shown.
"""

from __future__ import annotations

from ...record import Action, Attack, Entry, Reveal
from ...rules.engine import Audit
from ...rules.position import UnitState
from .catalogue import is_hex
from .rules import Check, NarvikRules


class FogOfWar(Check):
    """Each revealed unit must be shown by a recon action or a combat of the current action."""

    def __init__(self, rules: NarvikRules):
        super().__init__(rules)
        self.attacks: list[Attack] = []

    def end_action(self, audit: Audit, action: Action | None) -> None:
        self.attacks = []

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None, action: Action | None) -> None:
        if isinstance(entry, Attack):
            self.attacks.append(entry)
        elif isinstance(entry, Reveal):
            for uid in entry.units:
                fault, samples = self.fault(audit, uid, entry.to, action)
                if fault:
                    loc = audit.position.loc(uid)
                    audit.report(self.rule(self.cfg["fog"]["rule"]),
                                 f"{uid} is revealed to the {entry.to} player {fault}", where=loc, units=[uid],
                                 samples=samples)

    def fault(self, audit: Audit, uid: str, to: str, action: Action | None) -> tuple[str, tuple[str, ...]]:
        loc = audit.position.loc(uid)
        if audit.units[uid].side == to:
            return "", ()  # a side's own units are never masked from it
        if loc is None or not is_hex(loc):
            return f"in {loc or 'no place'}: units in off-map displays and staging areas cannot be examined", ()
        if any(attack.hex == loc or uid in attack.attackers for attack in self.attacks):
            return "", ()
        if action is not None and action.kind == "recon" and action.side == to and action.hex is not None:
            if loc == action.hex:
                return "", ()
            if self.pack.data.grid.adjacent(loc, action.hex):
                return "", ()
            return (f"in {loc}, neither in nor adjacent to the recon hex {action.hex}",
                    (self.cfg["samples"]["grid"],))
        return f"in {loc} with no recon action by that side and no combat involving {loc}", ()
