"""Ground combat (europa-narvik.txt 10, 10B, 10D2, 10G, 21), judged through the record.

10: "the phasing player's units which occupy the same hex as enemy units must attack those units"; 10B1: "No
unit may attack for be attacked more than once in a single combat phase"; 10B3: "A unit may only attack into
the hex it occupies"; 10B4: phasing units unable to attack (disrupted, no attack supply) "are retreated one hex
... and become disrupted" (a hex left shared at the end of the combat phase with no attack is the finding,
unless every phasing unit there is disrupted: 10D3 eliminates those). 10D2: "Units are retreated by the owing
player to any adjacent hex or hexes not occupied by an enemy ground unit with a defense strength greater than
zero": any ground move in a combat phase is a retreat (the game has no advance after combat). 21: "trucks
never retreat". 10G: "A zero defense strength unit is automatically eliminated and removed from play if an
enemy unit with a strength greater than zero enters its hex and it isn't stacked with another unit with a
strength greater than zero": one still there at the end of the phase is the finding. The combat results
table is not in the text: which result a roll gives is not judged (10C).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...record import Attack, Entry, Move
from ...rules.engine import Audit
from ...rules.position import UnitState
from .catalogue import OPEN_GRID, is_hex, split_hex
from .movement import enemy_strong
from .rules import Check, EuropaRules, is_ground, phasing
from .terrain import FULL_SEA


def strength(unit: Any, key: str) -> float:
    value = unit.get(key)
    return float(value) if isinstance(value, (int, float)) else 0.0


class GroundCombat(Check):
    """10, 10B1, 10B3, 10B4, 10D2, 10G, 21."""

    def __init__(self, rules: EuropaRules):
        super().__init__(rules)
        self.c: Mapping[str, Any] = self.cfg["combat"]
        self.attacked: dict[str, str] = {}  # attacking unit -> the hex it attacked this phase
        self.hexes: set[str] = set()       # hexes attacked this phase

    def start_phase(self, audit: Audit) -> None:
        self.attacked = {}
        self.hexes = set()

    def before(self, audit: Audit, entry: Entry) -> None:
        if isinstance(entry, Attack) and phasing(audit)[1] == "combat":
            self.attack(audit, entry)
        elif isinstance(entry, Attack) and audit.position.phase is not None and any(
                u in audit.units and audit.units[u].unit_class == "land" for u in entry.attackers):
            # 5D: "The phasing player must attack those enemy units in the same hex(es) as his own units" in the
            # combat phase; "No activity conducted outside of this sequence is allowed."
            audit.report(self.rule(self.c["sequence_rule"]), f"ground units attack in {entry.hex} in the "
                         f"{audit.position.phase}: ground combat is conducted in the combat phase", where=entry.hex,
                         units=[u for u in entry.attackers if u in audit.units])

    def attack(self, audit: Audit, entry: Attack) -> None:
        ground = [u for u in entry.attackers if u in audit.units and audit.units[u].unit_class == "land"]
        if not ground:
            return
        if entry.hex in self.hexes:
            audit.report(self.rule(self.c["once_rule"]), f"{entry.hex} is attacked a second time this combat phase: "
                         "no unit may be attacked more than once in a single combat phase, and the defenders "
                         "are attacked as a single unit (10B2)", where=entry.hex, units=ground)
        self.hexes.add(entry.hex)
        for uid in ground:
            name = audit.units[uid].name or uid
            if uid in self.attacked:
                audit.report(self.rule(self.c["once_rule"]), f"{name} attacks a second time this combat phase "
                             f"(first in {self.attacked[uid]}): no unit may attack more than once", where=entry.hex,
                             units=[uid])
            self.attacked.setdefault(uid, entry.hex)
            here = self.rules.hex_of(audit, uid)
            if here is not None and here != entry.hex:
                audit.report(self.rule(self.c["own_hex_rule"]), f"{name} in {here} attacks {entry.hex}: a unit may "
                             "only attack into the hex it occupies", where=entry.hex, units=[uid])

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if not isinstance(entry, Move) or phasing(audit)[1] != "combat" or previous is None:
            return
        unit = audit.units[entry.unit]
        origin = previous.loc
        if unit.unit_class != "land" or not is_hex(origin) or not is_hex(entry.to) or origin == entry.to:
            return
        name = unit.name or unit.id
        if unit.type == "truck":
            audit.report(self.rule(self.c["truck_rule"]), f"{name} moves from {origin} to {entry.to} in a combat "
                         "phase: trucks never retreat (left behind, they are captured)", where=entry.to,
                         units=[unit.id])
            return
        a, b = split_hex(origin), split_hex(entry.to)
        if a is not None and b is not None and (a[0] == b[0] or None in (a[0], b[0])) \
                and OPEN_GRID.distance(a[1], b[1]) != 1:
            audit.report(self.rule(self.c["retreat_rule"]), f"{name} retreats from {origin} to {entry.to}, not an "
                         "adjacent hex: units retreat one hex", where=entry.to, units=[unit.id])
        if self.pack.sheet.known(entry.to) is not None and self.pack.sheet.terrain(entry.to) == "sea":
            audit.report(self.rule(self.c["prohibited_rule"]), f"{name} retreats into the full sea hex {entry.to}: "
                         "units may not retreat across prohibited hexes", where=entry.to, units=[unit.id],
                         samples=(FULL_SEA,))
        strong = enemy_strong(audit, entry.to, unit.side)
        if strong:
            audit.report(self.rule(self.c["retreat_rule"]), f"{name} retreats into {entry.to}, a hex of enemy ground "
                         f"units with a defense strength ({', '.join(strong)})", where=entry.to, units=[unit.id])

    def end_phase(self, audit: Audit) -> None:
        side, kind = phasing(audit)
        if kind in ("movement", "exploitation", "combat"):
            self.zero_strength(audit)
        if kind != "combat":
            return
        for loc, ids in sorted(audit.position.occupied()):
            if not is_hex(loc) or loc in self.hexes:
                continue
            own = [audit.units[u] for u in ids if is_ground(audit.units[u]) and audit.units[u].side == side]
            enemy = [audit.units[u] for u in ids if is_ground(audit.units[u]) and audit.units[u].side != side
                     and strength(audit.units[u], "defense") > 0]
            if not own or not enemy or all(self.rules.marked(u.id, "disrupted") for u in own):
                continue
            audit.report(self.rule(self.c["must_rule"]), f"{side.capitalize() if side else ''} units in {loc} share it "
                         "with enemy units and no attack is recorded: the phasing player's units in a hex with "
                         "enemy units must attack them (10B4: units unable to attack retreat one hex, disrupted)",
                         where=loc, units=sorted(u.id for u in own))

    def zero_strength(self, audit: Audit) -> None:
        """10G at the end of a phase: zero-defense units alone with an enemy unit of strength are gone."""
        left: dict[str, list[str]] = {}
        for loc, ids in audit.position.occupied():
            if not is_hex(loc):
                continue
            ground = [audit.units[u] for u in ids if is_ground(audit.units[u])]
            for side in {u.side for u in ground}:
                own = [u for u in ground if u.side == side]
                foes = [u for u in ground if u.side != side]
                if own and all(strength(u, "defense") <= 0 for u in own) and any(
                        strength(u, "defense") > 0 or strength(u, "attack") > 0 for u in foes):
                    left[f"{loc} {side}"] = sorted(u.id for u in own)
        for key in sorted(audit.standing("10G zero strength", left)):
            loc = key.split(" ")[0]
            audit.report(self.rule(self.c["zero_rule"]), f"{', '.join(left[key])}, of zero strength, share {loc} "
                         "with an enemy unit of strength and no friendly unit of strength: they are eliminated",
                         where=loc, units=left[key])
