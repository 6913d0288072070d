"""Fog of war (narvik-1940.txt 21.0), judged on the record's ``reveal`` entries.

A masked enemy unit is shown to a side only (a) by that side's recon action: the units in and
adjacent to the designated hex, which "remain revealed until the player who conducted the recon action
completes (or passes) another action" (so a reveal of them in the enemy's actions between is no
finding; with no designated hex in the record, the units the recon action revealed); or (b) in combat, once a hex is a target hex: the units in the target
hex and the units firing (a reveal is judged when its action ends, against every attack of that
action: a counterattack is the defender's attack in the same action; a unit that was in the target
hex when it was attacked counts even if the record reveals it after moving it out by the result). Units in off-map displays and
staging areas are never shown; a record without action entries (made from a log) cannot show a
recon action, so there only a reveal off the map is a finding. 8.1.1: an Allied anti-aircraft unit next to the hex a German airborne
unit lands in is revealed to the German player.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...record import Action, Attack, Entry
from ...rules.engine import Audit
from ...rules.position import UnitState
from .catalogue import is_hex
from .entries import Reveal
from .rules import Check, NarvikRules


@dataclass(frozen=True)
class Shown:
    entry: Reveal
    unit: str
    loc: str | None


class FogOfWar(Check):
    """Each revealed unit must be shown by a recon action or a combat of its action."""

    def __init__(self, rules: NarvikRules):
        super().__init__(rules)
        self.attacks: list[Attack] = []
        self.exposed: set[str] = set()  # the units in a target hex when it was attacked, and the firers
        self.shown: list[Shown] = []
        # side -> the enemy units its last recon revealed, until that side completes another action
        self.by_recon: dict[str, set[str]] = {}

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if isinstance(entry, Attack):
            self.attacks.append(entry)
            self.exposed |= set(audit.position.at(entry.hex)) | set(entry.attackers)
        elif isinstance(entry, Reveal):
            self.shown.extend(Shown(entry, uid, audit.position.loc(uid)) for uid in entry.units)

    def end_action(self, audit: Audit, action: Action | None) -> None:
        for shown in self.shown:
            if shown.unit in self.by_recon.get(shown.entry.to, ()):
                continue  # still revealed by that side's recon
            fault, samples = self.fault(audit, shown, action)
            if fault:
                self.report(audit, self.cfg["fog"]["rule"], f"{shown.unit} is revealed to the {shown.entry.to} player "
                            f"{fault}", where=shown.loc, units=[shown.unit], samples=samples, entry=shown.entry,
                            case="" if is_hex(shown.loc) else "display")
        self.after_recon(audit, action)
        self.attacks, self.shown, self.exposed = [], [], set()

    def after_recon(self, audit: Audit, action: Action | None) -> None:
        """21.0: a recon's units stay revealed until its side completes (or passes) another action."""
        if action is None:
            return
        if action.kind != "recon":
            self.by_recon.pop(action.side, None)  # the recon side has completed (or passed) another action
            return
        seen = {shown.unit for shown in self.shown if shown.entry.to == action.side}  # no hex: what it showed
        if action.hex is not None and is_hex(action.hex):
            near = {action.hex, *self.pack.data.grid.neighbours(action.hex)}
            seen = {uid for hex_ in near for uid in audit.position.at(hex_)
                     if audit.units[uid].side not in (None, action.side)}
        self.by_recon[action.side] = seen

    def end_phase(self, audit: Audit) -> None:
        self.by_recon.clear()  # an actions phase ends every action in it

    def fault(self, audit: Audit, shown: Shown, action: Action | None) -> tuple[str, tuple[str, ...]]:
        uid, loc, to = shown.unit, shown.loc, shown.entry.to
        grid, grid_sample = self.pack.data.grid, (self.cfg["samples"]["grid"],)
        if audit.units[uid].side == to:
            return "", ()  # a side's own units are never masked from it
        if uid in self.exposed or any(attack.hex == loc or uid in attack.attackers for attack in self.attacks):
            return "", ()  # in a target hex (before or after the record moves it out), or firing
        if loc is None or not is_hex(loc):
            return f"in {loc or 'no place'}: units in off-map displays and staging areas cannot be examined", ()
        if self.anti_aircraft_at_landing(audit, uid, loc):
            return "", ()
        if not self.rules.shows_actions:
            return "", ()  # a record made from a log does not show recon actions: a reveal may be one
        if action is not None and action.kind == "recon" and action.side == to:
            if action.hex is None:
                return "", ()  # the record does not say which hex was designated: it may have been this one
            if loc == action.hex or grid.adjacent(loc, action.hex):
                return "", ()
            return f"in {loc}, neither in nor adjacent to the recon hex {action.hex}", grid_sample
        return f"in {loc} with no recon action by that side and no combat involving {loc}", ()

    def anti_aircraft_at_landing(self, audit: Audit, uid: str, loc: str) -> bool:
        """8.1.1: in the reinforcement segment, Allied anti-aircraft next to a German airborne unit."""
        if audit.position.phase != "reinforcement" or audit.units[uid].type != "antiaircraft":
            return False
        grid = self.pack.data.grid
        return any(audit.units[other].type == "airborne" and audit.units[other].side == "german"
                   and is_hex(audit.position.loc(other)) and grid.adjacent(loc, str(audit.position.loc(other)))
                   for other in audit.position.moved | self.placed_now(audit))

    def placed_now(self, audit: Audit) -> set[str]:
        return {uid for uid, unit in audit.units.items() if unit.type == "airborne" and audit.position.on_map(uid)}
