"""Die rolls whose results the text gives: Allied submarines (8.7.3, 8.7.4) and emergency air
transfer (5.1.2).

8.7.3: "Whenever a German naval unit enters the Jutland or Kattegat sea zone during the April #4
thru April #6 turns, the Allied player rolls a die. If the result is zero or one, a hit is
inflicted on the naval unit." 8.7.4: "One DD, TB, or Sloop point can escort up to two ships that
are moving in the same stack ... If a ship is unescorted, subtract one (-1) from all Submarine
die rolls made against it"; DD, TB, SB, Sloop, AP and Tanker units "are never subject to the -1
modifier". A ``submarine`` roll outside April #4-#6, or an ``outcome`` that contradicts the die
(0-1 always a hit, 3-9 never, 2 a hit only against a ship its stack cannot escort: 8.7.4), is a
finding.

5.1.2: "roll a die for each air point present. If the result is 0-3, the point may fly to any
friendly-controlled airbase within range"; "Any air point that fails the emergency transfer die
roll ... is immediately eliminated." An ``emergency-air-transfer`` roll (its ``unit``) of 4-9
whose air unit keeps the point at the end of the phase is a finding.
"""

from __future__ import annotations

from collections import Counter

from ...record import Entry, Roll
from ...rules.engine import Audit
from ...rules.position import UnitState
from .rules import Check, InvasionNorwayRules


class Submarines(Check):
    """8.7.3 and 8.7.4: the Allied submarine rolls."""

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        s = self.cfg["submarines"]
        if not isinstance(entry, Roll) or entry.purpose != s["roll"] or not entry.single:
            return
        turn = audit.position.turn
        if not (self.rules.turn_at_least(turn, s["first"]) and not self.rules.turn_at_least(turn, s["after"])):
            audit.report(self.rules.rule(s["rule"]), f"a submarine roll on {turn}; Allied submarines attack on the "
                         f"{s['first']} thru {s['last']} turns only", where=entry.zone,
                         units=([entry.unit] if entry.unit else []) + list(entry.target))
            return
        for uid in dict.fromkeys(([entry.unit] if entry.unit else []) + list(entry.target)):
            if uid in audit.units and self.kinds.is_naval(audit.units[uid]):
                self.judge(audit, entry, uid)

    def judge(self, audit: Audit, entry: Roll, uid: str) -> None:
        s, die = self.cfg["submarines"], entry.result
        escorted = self.escorted(audit, uid)
        hit = die <= s["hit_max"] or (die == s["hit_max"] + 1 and not escorted)
        sure_hit, sure_miss = die <= s["hit_max"], not hit
        claimed = entry.outcome
        if claimed in s["hit_words"] and sure_miss:
            rule = s["escort_rule"] if die == s["hit_max"] + 1 else s["rule"]
            why = "an escorted ship or a naval point, never modified (8.7.4)" if rule == s["escort_rule"] else "no hit"
            audit.report(self.rules.rule(rule), f"the submarine roll of {die} against {uid} claims {claimed!r}: "
                         f"{why}; a hit is inflicted on a zero or one", where=entry.zone, units=[uid])
        elif claimed in s["miss_words"] and sure_hit:
            audit.report(self.rules.rule(s["rule"]), f"the submarine roll of {die} against {uid} claims {claimed!r}; "
                         f"a hit is inflicted on a zero or one", where=entry.zone, units=[uid])

    def escorted(self, audit: Audit, uid: str) -> bool:
        """Sure to be escorted: not a ship that needs one, or its stack has escorts for every ship."""
        s, pos = self.cfg["submarines"], audit.position
        if self.kinds.naval_type(audit.units[uid]) in s["never_escorted"]:
            return True
        loc, stack = pos.loc(uid), pos.stack(uid)
        group = [o for o in pos.at(loc or "") if self.kinds.is_naval(audit.units[o]) and pos.stack(o) == stack
                 and audit.units[o].side == audit.units[uid].side]
        escorts = sum(pos.strength(o) for o in group if self.kinds.naval_type(audit.units[o]) in s["escort_types"])
        ships = sum(1 for o in group if self.kinds.naval_type(audit.units[o]) not in s["never_escorted"])
        return ships <= s["ships_per_escort"] * escorts


class EmergencyTransfer(Check):
    """5.1.2: a point that fails its emergency transfer roll is eliminated."""

    def __init__(self, rules: InvasionNorwayRules) -> None:
        super().__init__(rules)
        self.failed: Counter[str] = Counter()
        self.had: dict[str, int] = {}

    def start_phase(self, audit: Audit) -> None:
        self.failed, self.had = Counter(), {}

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        e = self.cfg["emergency_transfer"]
        if not isinstance(entry, Roll) or entry.purpose != e["roll"] or not entry.single or entry.unit is None:
            return
        if entry.unit not in audit.units:
            return
        self.had.setdefault(entry.unit, audit.position.strength(entry.unit))
        if entry.result > e["success_max"]:
            self.failed[entry.unit] += 1

    def end_phase(self, audit: Audit) -> None:
        rule = self.rules.rule(self.cfg["emergency_transfer"]["rule"])
        for uid, failed in sorted(self.failed.items()):
            state = audit.position.state.get(uid)
            left = 0 if state is None or state.removed else audit.position.strength(uid)
            most = max(self.had[uid] - failed, 0)
            if left > most:
                audit.report(rule, f"{uid} failed {failed} emergency transfer roll(s) but keeps {left} point(s) at the "
                             f"end of the phase; a point that fails is immediately eliminated",
                             where=audit.position.loc(uid), units=[uid], excess=left - most)
