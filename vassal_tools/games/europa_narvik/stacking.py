"""Stacking (europa-narvik.txt 8A, 8B) and headquarters (8C), judged through the record.

8A: a player stacks in a hex up to two ground units, plus one artillery battalion or two artillery
batteries, plus any number of trucks, tanks and company-sized units; British marines stack freely in
ports; enemy units do not count. The limits apply at the end of each movement and exploitation phase
and throughout each combat phase. 8B: a player may overstack, but the overstacked units (his choice)
are disrupted: the record marks them (``mark U as disrupted``), and a hex over the limit with fewer
disrupted units than its excess is the finding, citing 8B (overstacking itself is allowed). 8C1: absorbed units (in an ``hq:UNIT`` box) do not
count; the HQ does. 8C: units are absorbed during movement and exploitation phases, in their HQ's
hex; German, British, French and Polish HQs absorb their own formation's units (8C1); a Norwegian HQ
absorbs friendly units up to the normal limits, a Norwegian first, no HQ but a brigade's group HQs (8C2).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from ...record import Entry, Move, Place
from ...record.entries import Unit
from ...rules.engine import Audit
from ...rules.position import UnitState
from .catalogue import is_hex
from .rules import Check, EuropaRules, phasing


class Stacking(Check):
    """8A limits, 8B disruption of the overstacked, at the moments 8A names."""

    def __init__(self, rules: EuropaRules):
        super().__init__(rules)
        self.s = self.cfg["stacking"]

    def counts(self, unit: Unit, loc: str) -> bool:
        """Whether a ground unit counts against the limits where it stands."""
        if unit.unit_class != "land" or unit.type in self.s["free_types"] or unit.size in self.s["free_sizes"]:
            return False
        marine = unit.type == self.s["marine_type"] and unit.nationality == self.s["marine_nationality"]
        # A printed map's hex the sheet does not hold may be a port: its marines are not counted.
        return not (marine and self.pack.sheet.is_port(loc) is not False)

    def excess(self, units: Iterable[Unit]) -> int:
        """How many units are over the 8A limits, with the artillery slot filled the best way."""
        art = set(self.s["artillery_types"])
        others = battalions = batteries = 0
        for unit in units:
            # 8A: artillery by its symbol, "including headquarters with such symbols": an artillery HQ
            # (its `hq` level given) takes the artillery battalion's place, whatever its size
            if unit.type in art and (unit.size == "battalion" or (unit.get("hq") and unit.size != "battery")):
                battalions += 1
            elif unit.type in art and unit.size == "battery":
                batteries += 1
            else:
                others += 1  # a ground unit of any size or type (an artillery regiment, an HQ)
        ways = [others + battalions + batteries]
        if battalions:
            ways.append(others + battalions - self.s["artillery_battalions"] + batteries)
        if batteries:
            ways.append(others + battalions + max(0, batteries - self.s["artillery_batteries"]))
        return max(0, min(ways) - self.s["ground_units"])

    def start_phase(self, audit: Audit) -> None:
        if phasing(audit)[1] in self.s["judged_throughout"]:
            self.judge(audit)

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if phasing(audit)[1] in self.s["judged_throughout"]:
            self.judge(audit)

    def end_phase(self, audit: Audit) -> None:
        # The position a record begins with (its set-up or snapshot) is judged too (records-four-games.md).
        kind = phasing(audit)[1]
        if kind is None or kind in (*self.s["judged_at_end"], *self.s["judged_throughout"]):
            self.judge(audit)

    def judge(self, audit: Audit) -> None:
        stacks: dict[tuple[str, str], list[Unit]] = defaultdict(list)
        for loc, ids in audit.position.occupied():
            if not is_hex(loc):
                continue
            for uid in ids:
                unit = audit.units[uid]
                if self.counts(unit, loc):
                    stacks[(loc, unit.side)].append(unit)
        over: dict[tuple[str, str], tuple[int, list[Unit]]] = {}
        for key, units in stacks.items():
            excess = self.excess(units)
            disrupted = sum(1 for u in units if self.rules.marked(u.id, "disrupted"))
            if excess > disrupted:
                over[key] = (excess, units)
        for key in sorted(audit.standing("8A stacking", over)):
            excess, units = over[key]
            loc, side = key
            disrupted = sum(1 for u in units if self.rules.marked(u.id, "disrupted"))
            # 8B: overstacking is allowed; what breaks the rules is overstacked units left undisrupted
            audit.report(
                self.rule(self.s["overstack_rule"]),
                f"{len(units)} {side.capitalize()} ground units in {loc} at the {audit.position.phase or 'start of the record'}: "
                f"{excess} over the limit of two ground units plus one artillery battalion or two batteries "
                f"(trucks, tanks and companies free, {self.s['rule']}); overstacked units are disrupted, and the "
                f"record marks {disrupted} of them disrupted",
                where=loc, units=sorted(u.id for u in units), excess=excess - disrupted)


class Headquarters(Check):
    """8C: which units an HQ may absorb, when and where."""

    def before(self, audit: Audit, entry: Entry) -> None:
        if not isinstance(entry, (Move, Place)):
            return
        to = entry.to if isinstance(entry, Move) else entry.at
        if not to.startswith("hq:") or audit.position.phase is None:
            return
        s = self.cfg["stacking"]
        hq = self.rules.hq_unit(audit, to[3:])
        unit = audit.units[entry.unit]
        name = unit.name or unit.id
        if hq is None:
            audit.report(self.rule(s["hq_rule"]), f"{name} is absorbed by {to[3:]}, which is no headquarters of "
                         f"the record", where=to, units=[unit.id])
            return
        head = audit.units[hq]
        fault, rule = self.fault(audit, unit, head, hq, s, moved=isinstance(entry, Move))
        if fault:
            audit.report(self.rule(rule), f"{name} absorbed by {head.name or hq}: {fault}", where=to,
                         units=[unit.id, hq])

    def fault(self, audit: Audit, unit: Unit, head: Unit, hq: str, s: dict, moved: bool) -> tuple[str, str]:
        if phasing(audit)[1] not in s["absorb_phases"]:
            return "units are absorbed only during movement and exploitation phases", s["hq_rule"]
        here = self.rules.hex_of(audit, unit.id)
        there = self.rules.hex_of(audit, hq)
        if moved and (here is None or here != there):  # a unit placed straight into the box came from no hex
            return f"a unit is absorbed in its HQ's hex ({there or 'off the map'}), not from {here or 'off the map'}", \
                s["german_hq_rule"]
        if head.nationality != "norwegian":
            if not head.formation or unit.formation != head.formation:
                return (f"a {head.nationality} HQ absorbs only units of its own formation ({head.formation or 'none'}), "
                        f"not {unit.formation or 'an independent unit'}"), s["german_hq_rule"]
            return "", ""
        absorbed = [audit.units[u] for u in audit.position.at(f"hq:{hq}") | audit.position.at(f"hq:{head.name}")]
        if unit.type == "hq" and not (unit.get("hq") == "group" and head.get("hq") == "brigade"):
            return "a Norwegian HQ absorbs no headquarters, but a brigade HQ its group HQs", s["norwegian_hq_rule"]
        if unit.nationality != "norwegian" and not any(u.nationality == "norwegian" for u in absorbed):
            return "a Norwegian HQ absorbs a Norwegian unit before any Allied unit", s["norwegian_hq_rule"]
        if Stacking(self.rules).excess([*absorbed, unit]):
            return "a Norwegian HQ absorbs up to the normal stacking limits (8A)", s["norwegian_hq_rule"]
        return "", ""


class Disruption(Check):
    """10D3: at the end of each combat phase, units that are all disrupted in an enemy-occupied hex are eliminated."""

    def end_phase(self, audit: Audit) -> None:
        if phasing(audit)[1] != "combat":
            return
        for loc, ids in sorted(audit.position.occupied()):
            if not is_hex(loc):
                continue
            ground = [audit.units[u] for u in ids if audit.units[u].unit_class == "land"]
            for side in sorted({u.side for u in ground}):
                own = [u for u in ground if u.side == side]
                if len(own) < len(ground) and all(self.rules.marked(u.id, "disrupted") for u in own):
                    audit.report(self.rule(self.cfg["stacking"]["disruption_rule"]),
                                 f"every {side.capitalize()} unit in the enemy-occupied hex {loc} is disrupted at the "
                                 "end of the combat phase: they are eliminated", where=loc,
                                 units=sorted(u.id for u in own))
