"""Land combat supply (13.3) and motorized units out of supply (11.3).

An attack needs one SP for each of its kinds of units: Leg infantry, motorized,
artillery (13.3.1), each SP within four Leg MPs of the units it supplies, four
Mountain MPs for mountain units (13.3.2), along a line that enemy units with a
Defense Factor and unnegated enemy ZOCs block (13.3.3). Units in automatic supply
need none (13.1). Expending fewer SPs than that, or none, is the attacker's choice
(13.3.2 Note): the kinds of units left without one are simply unsupplied (13.3.4). A defence needs one SP, and one SP serves two
defences (13.3.7). Unsupplied units get Out of Supply markers (13.3.5), which come off only "in any
subsequent land combat when you expend an SP to place those attacking units in supply": an ``unmark``
of ``out-of-supply`` in a phase where no SP supplied the unit in a combat is a finding; and a
motorized unit with one may not move in the Motorized Movement Phase (11.3).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from itertools import permutations

from ...record import Attack, Defend, Entry, Move, Remove, Unmark
from ...rules.engine import Audit
from ...rules.findings import counted
from ...rules.position import UnitState
from .rules import MOTORIZED, Check, InvasionNorwayRules

CATEGORIES = ("motorized", "infantry", "artillery")  # the order SPs are given to them when short
LABEL = {"motorized": "motorized", "infantry": "Leg infantry", "artillery": "artillery"}


class LandSupply(Check):
    """13.1, 13.3.1-13.3.7, 11.3."""

    def __init__(self, rules: InvasionNorwayRules) -> None:
        super().__init__(rules)
        self.out_of_supply: set[str] = set()
        self.spent: Counter = Counter()  # SP -> SPs of it expended on attacks
        self.defences: Counter = Counter()  # SP -> defences it has supported

    def start_phase(self, audit: Audit) -> None:
        self.removed: dict[str, str] = {}  # SPs removed this phase -> where they were
        self.motor_reported: set[str] = set()
        self.supplied_now: set[str] = set()  # units an SP supplied in a combat of this phase
        self.unmarked: dict[str, Unmark] = {}  # units whose Out of Supply marker came off in this phase

    def end_phase(self, audit: Audit) -> None:
        """13.3.5: an Out of Supply marker comes off only in a land combat in which an SP supplies the
        unit (an attack, an overrun 13.3.6, a defence 13.3.7). 13.3.7 ADD: an SP that supported one
        defence is spent whole; its other half is lost."""
        s = self.cfg["supply"]
        for uid, entry in self.unmarked.items():
            if uid not in self.supplied_now:
                audit.report(self.rules.rule(s["marker_rule"]), f"the Out of Supply marker of {uid} is removed in "
                             f"the {audit.position.phase or 'set-up'} phase, in which no SP supplied it in a land "
                             f"combat", where=audit.position.loc(uid), units=[uid], entry=entry)
        per_sp = self.cfg["supply"]["defences_per_sp"]
        for uid, count in self.defences.items():
            if count % per_sp:
                self.defences[uid] = count + per_sp - count % per_sp

    def before(self, audit: Audit, entry: Entry) -> None:
        if isinstance(entry, Remove) and audit.units[entry.unit].unit_class == "supply":
            loc = audit.position.loc(entry.unit)
            if loc is not None:
                self.removed[entry.unit] = loc

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if isinstance(entry, Attack):
            self.attack(audit, entry)
        elif isinstance(entry, Defend):
            self.defend(audit, entry)
        elif isinstance(entry, Move):
            self.motorized_move(audit, entry)
        elif isinstance(entry, Unmark) and entry.status == self.cfg["supply"]["out_of_supply_status"]:
            self.unmarked.setdefault(entry.unit, entry)

    # -- where an SP is, and whether it can still be spent

    def sp_loc(self, audit: Audit, uid: str) -> str | None:
        return audit.position.loc(uid) or self.removed.get(uid)

    def left(self, audit: Audit, uid: str) -> float:
        """SPs of a marker not yet expended (a defence spends half an SP, 13.3.7)."""
        per_sp = self.cfg["supply"]["defences_per_sp"]
        return audit.position.strength(uid) - self.spent[uid] - self.defences[uid] / per_sp

    def usable(self, audit: Audit, side: str, ids, what: str) -> list[str]:
        """The declared SPs that can be spent, reporting those that cannot."""
        s = self.cfg["supply"]
        rule = self.rules.rule(s["attack_rule"] if what == "attack" else s["defence_rule"])
        out: list[str] = []
        taken: dict[str, float] = defaultdict(float)  # SPs of each taken by this declaration
        for uid in ids:
            u = audit.units[uid]
            loc = self.sp_loc(audit, uid)
            if not self.kinds.is_sp(u) or u.side != side:
                audit.report(rule, f"{uid} is not a {side} SP and cannot supply this {what}", where=loc, units=[uid])
            elif loc is None:
                audit.report(rule, f"SP {uid} is not on the map", units=[uid])
            elif self.left(audit, uid) - taken[uid] < (1 if what == "attack" else 0.5) - 1e-9:
                audit.report(rule, f"SP {uid} is already expended", where=loc, units=[uid], excess=1)
            else:
                taken[uid] += 1 if what == "attack" else 0.5
                out.append(uid)
        return out

    # -- reach

    def reaches(self, audit: Audit, side: str, uid: str, sp: str, fallback: str | None = None) -> bool:
        """Is the unit within range of the SP? A unit off the Operational Map (an amphibious
        assault from the sea) counts from ``fallback``, the hex it attacks."""
        pos, s = audit.position, self.cfg["supply"]
        loc, sp_loc = pos.loc(uid), self.sp_loc(audit, sp)
        if loc is None or sp_loc is None:
            return False
        if loc == sp_loc:
            return True
        start, goal = self.game.hex_of(loc) or fallback, self.game.hex_of(sp_loc)
        if start is None or goal is None:
            return False
        move_class = "mountain" if self.kinds.is_mountain(audit.units[uid]) else "leg"
        return self.rules.supply_line(side, start, [goal], move_class, s["range"], pos.turn).found

    def line_rule(self, audit: Audit, side: str, units, sps) -> str:
        """13.3.3 if the units would reach an SP but for enemy units and ZOCs, 1.6 if but for
        hexes their side does not control, else 13.3.2."""
        s, pos = self.cfg["supply"], audit.position
        goals = [self.game.hex_of(self.sp_loc(audit, sp)) for sp in sps]
        faults = set()
        for uid in units:
            start = self.game.hex_of(pos.loc(uid) or "")
            if start is None:
                continue
            move_class = "mountain" if self.kinds.is_mountain(audit.units[uid]) else "leg"
            faults.add(self.rules.line_fault(side, start, goals, move_class, s["range"], pos.turn))
        for fault, rule in (("blocked", "line_rule"), ("control", "control_rule")):
            if fault in faults:
                return s[rule]
        return s["range_rule"]

    def assumed(self, audit: Audit, side: str, units) -> str:
        """What a record without control entries made this line assume (1.6), for the message."""
        pos, s = audit.position, self.cfg["supply"]
        by_class: dict[str, list[str]] = {}
        for uid in units:
            start = self.game.hex_of(pos.loc(uid) or "")
            if start is not None:
                move_class = "mountain" if self.kinds.is_mountain(audit.units[uid]) else "leg"
                by_class.setdefault(move_class, []).append(start)
        return "".join(self.rules.assumed_friendly(side, starts, move_class, s["range"], pos.turn)
                       for move_class, starts in sorted(by_class.items()))

    def needing(self, audit: Audit, ids, hex_: str) -> dict[str, list[str]]:
        """The attacking (or defending) units that need an SP, by category (13.3.1, 13.1).

        A unit attacking from off the Operational Map (from the sea) is judged where it attacks."""
        pos = audit.position
        out: dict[str, list[str]] = {}
        for uid in ids:
            u = audit.units[uid]
            if not self.kinds.is_land(u) or self.kinds.is_truck(u):
                continue
            loc = pos.loc(uid)
            if self.rules.auto_supplied(u, loc if self.game.hex_of(loc) else hex_, pos.turn):
                continue
            if self.kinds.is_artillery(u):
                category = "artillery"
            elif self.kinds.is_motorized(u):
                category = "motorized"
            else:
                category = "infantry"
            out.setdefault(category, []).append(uid)
        return out

    # -- attacks

    def attack(self, audit: Audit, entry: Attack) -> None:
        s = self.cfg["supply"]
        side = audit.units[entry.attackers[0]].side
        need = self.needing(audit, entry.attackers, entry.hex)
        categories = [c for c in CATEGORIES if c in need]
        if not entry.supply:
            self.mark(need, supplied=())  # an unsupplied attack, by choice (13.3.2 Note)
            return
        sps = self.usable(audit, side, entry.supply, "attack")
        for sp in sps:
            self.spent[sp] += 1
        # Fewer SPs than the attack's kinds of units need is the attacker's choice too
        # (13.3.2 Note): the kinds left without one suffer 13.3.4 and get markers (13.3.5).
        supplied = self.assign(audit, side, need, categories, sps, entry.hex)
        spare = min(len(sps), len(categories)) - len(supplied)
        missing = [c for c in categories if c not in supplied][:max(spare, 0)]
        if missing:
            units = sorted(u for c in missing for u in need[c])
            free = [sp for sp in sps if sp not in supplied.values()] or sps
            rule = self.line_rule(audit, side, units, free)
            audit.report(self.rules.rule(rule),
                         f"no SP expended for the attack on {entry.hex} is within {s['range']} MPs "
                         f"(Leg, or Mountain for mountain units) of its {', '.join(LABEL[c] for c in missing)} "
                         f"units along a line of supply{self.assumed(audit, side, units)}", where=entry.hex,
                         units=units, excess=len(missing),
                         samples=self.rules.terrain.samples)
        self.mark(need, supplied=supplied)

    def assign(self, audit: Audit, side: str, need, categories, sps, hex_: str) -> dict[str, str]:
        """Categories supplied: the most SP-to-category pairs with every unit in reach,
        preferring motorized units (so an Out of Supply marker is never guessed wrongly)."""
        can = {(sp, c): all(self.reaches(audit, side, uid, sp, hex_) for uid in need[c])
               for sp in set(sps) for c in categories}
        best: dict[str, str] = {}
        for k in range(min(len(sps), len(categories)), 0, -1):
            for cats in permutations(categories, k):
                for chosen in permutations(range(len(sps)), k):
                    if all(can[(sps[i], c)] for i, c in zip(chosen, cats)):
                        found = {c: sps[i] for i, c in zip(chosen, cats)}
                        if len(found) > len(best) or (len(found) == len(best) and "motorized" in found
                                                      and "motorized" not in best):
                            best = found
            if best:
                return best
        return best

    def mark(self, need, supplied) -> None:
        """13.3.5: Out of Supply markers on unsupplied units, off supplied ones."""
        for category, ids in need.items():
            if category in supplied:
                self.out_of_supply.difference_update(ids)
                self.supplied_now.update(ids)
            else:
                self.out_of_supply.update(ids)

    # -- defences

    def defend(self, audit: Audit, entry: Defend) -> None:
        s, pos = self.cfg["supply"], audit.position
        attacker = self.phase_side(audit)
        ids = [uid for uid in pos.at(entry.hex) if self.kinds.is_land(audit.units[uid])
               and (attacker is None or audit.units[uid].side != attacker)]
        if not ids:
            return
        side = audit.units[ids[0]].side
        need = self.needing(audit, ids, entry.hex)
        units = sorted(u for group in need.values() for u in group)
        if not entry.supply:
            self.mark(need, supplied=())
            return
        sps = self.usable(audit, side, entry.supply, "defence")
        for sp in sps[:1]:
            self.defences[sp] += 1
        far = [uid for uid in units if not any(self.reaches(audit, side, uid, sp) for sp in sps)]
        if sps and far:
            rule = s["defence_rule"]
            audit.report(self.rules.rule(rule),
                         f"the SP expended for the defence of {entry.hex} is not within {s['range']} MPs of "
                         f"{counted(len(far), 'defending unit')} along a line of supply "
                         f"({self.line_rule(audit, side, far, sps)}){self.assumed(audit, side, far)}",
                         where=entry.hex, units=far,
                         excess=len(far), samples=self.rules.terrain.samples)
        supplied = set(units) - set(far) if sps else set()
        self.supplied_now.update(supplied)
        self.out_of_supply.difference_update(supplied)
        self.out_of_supply.update(set(units) - supplied)

    def phase_side(self, audit: Audit) -> str | None:
        phase = self.game.data.info.phases.get(audit.position.phase or "")
        return phase.player if phase is not None and phase.player in ("german", "allied") else None

    # -- 11.3

    def motorized_move(self, audit: Audit, entry: Move) -> None:
        side = MOTORIZED.get(audit.position.phase or "")
        u = audit.units[entry.unit]
        if side is None or u.side != side or not self.kinds.is_motorized(u):
            return
        if entry.unit in self.out_of_supply and entry.unit not in self.motor_reported:
            self.motor_reported.add(entry.unit)
            audit.report(self.rules.rule(self.cfg["supply"]["motorized_rule"]),
                         f"{entry.unit} has an Out of Supply marker and may not move in the Motorized Movement "
                         f"Phase", where=entry.to, units=[entry.unit])

