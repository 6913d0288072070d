"""Stacking (narvik-1940.txt 9.0) and opposing units (9.0), judged through the record.

9.0: German three ground units a hex; Allied two, of one nationality; leaders, strikes and markers
do not count; checked at the end of each phase, segment and action (in between, "any number of
units may move through a hex"). 20.0: staging areas are unlimited (only hexes are judged).
17.0: "German units deployed via regroup may overstack": a German unit moved from the German Available
for Regroup display to a hex (by a regroup action, or in a record without actions) does not count
while it stays there; 9.0 calls such a stack "legally, temporarily" over-stacked. The allowance is the
regrouped units' only: a hex over the limit is a finding when its other ground units alone exceed it,
or when a unit that was not regrouped entered it since stacking was last judged (a move, retreat or
pursuit into an over-stacked hex over-stacks it, 15.1 (5)); it stays illegal while such a unit is
there and the hex is over the limit. 9.0: opposing combat units never share a hex; strikes may.
"""

from __future__ import annotations

from collections import defaultdict

from ...record import Action, Entry, Move, Place, Remove
from ...rules.engine import Audit
from ...rules.position import UnitState
from .catalogue import is_hex
from .regroup import is_regroup_deployment
from .rules import Check, NarvikRules


class Stacking(Check):
    """9.0 limits at the end of every action and phase (and of the set-up)."""

    def __init__(self, rules: NarvikRules):
        super().__init__(rules)
        self.regrouped: set[str] = set()
        # (hex, side) -> the counting units that entered it since stacking was last judged
        self.entered: dict[tuple[str, str], set[str]] = defaultdict(set)
        # (hex, side) -> the units that entered it while it was over the limit, still there
        self.intruders: dict[tuple[str, str], set[str]] = {}

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        action = self.rules.action
        if not isinstance(entry, (Place, Move, Remove)):
            return
        unit = audit.units[entry.unit]
        if is_regroup_deployment(self.cfg, unit.side, previous, action) and not isinstance(entry, Remove):
            self.regrouped.add(entry.unit)
            return
        self.regrouped.discard(entry.unit)
        loc = audit.position.loc(entry.unit)
        if is_hex(loc) and unit.unit_class == "land" and unit.type not in self.cfg["stacking"]["free_types"]:
            assert loc is not None
            self.entered[(loc, unit.side)].add(entry.unit)

    def end_action(self, audit: Audit, action: Action | None) -> None:
        self.judge(audit)

    def end_phase(self, audit: Audit) -> None:
        self.judge(audit)

    def counting(self, audit: Audit) -> dict[tuple[str, str], list[str]]:
        """(hex, side) -> the ground units there that count for stacking, regrouped ones included."""
        free = set(self.cfg["stacking"]["free_types"])
        out: dict[tuple[str, str], list[str]] = defaultdict(list)
        for loc, ids in audit.position.occupied():
            if not is_hex(loc):
                continue
            for uid in ids:
                unit = audit.units[uid]
                if unit.unit_class == "land" and unit.type not in free:
                    out[(loc, unit.side)].append(uid)
        return out

    def ground(self, audit: Audit) -> dict[tuple[str, str], list[str]]:
        """(hex, side) -> the ground units there over which the limit is judged (17.0: see the module)."""
        limits = self.cfg["stacking"]
        out: dict[tuple[str, str], list[str]] = {}
        for key, ids in self.counting(audit).items():
            others = [uid for uid in ids if uid not in self.regrouped]
            intruders = (self.intruders.get(key, set()) | self.entered.get(key, set())) & set(ids)
            if len(ids) <= limits[key[1]] or not intruders:
                self.intruders.pop(key, None)
                out[key] = others
            else:
                self.intruders[key] = intruders
                out[key] = ids
        self.intruders = {key: ids for key, ids in self.intruders.items() if key in out}
        self.entered.clear()
        return out

    def judge(self, audit: Audit) -> None:
        s = self.cfg["stacking"]
        over: dict[tuple[str, str, str], str] = {}
        units: dict[tuple[str, str, str], list[str]] = {}
        for (hex_, side), ids in self.ground(audit).items():
            limit = s[side]
            if len(ids) > limit:
                key = (hex_, side, "count")
                over[key] = (f"{len(ids)} {side.capitalize()} ground units in {hex_}, over the limit of {limit} "
                             f"({s['rule']}: leaders, strikes and markers do not count)")
                units[key] = sorted(ids)
            nations = sorted({audit.units[uid].nationality or "?" for uid in ids})
            if side == "allied" and len(nations) > 1:
                key = (hex_, side, "nationality")
                over[key] = f"Allied units of {len(nations)} nationalities ({', '.join(nations)}) stack in {hex_}"
                units[key] = sorted(ids)
        fresh = audit.standing("9.0 stacking", over)
        for key in sorted(over):
            if key not in fresh:
                continue
            excess = len(units[key]) - s[key[1]] if key[2] == "count" else None
            audit.report(self.rule(s["rule"]), over[key] + self.moment(audit), where=key[0], units=units[key],
                         excess=excess, case=key[1] if key[2] == "count" else key[2])

    def moment(self, audit: Audit) -> str:
        action = self.rules.action
        if action is not None:
            return f", at the end of a {action.side} {action.kind} action"
        return f", at the end of the {audit.position.phase or 'set-up'}"


class OpposingUnits(Check):
    """9.0: opposing combat units are never in the same hex at the same time (strikes excepted)."""

    def __init__(self, rules: NarvikRules):
        super().__init__(rules)
        self.shared: set[str] = set()

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if not isinstance(entry, (Place, Move, Remove)):
            return
        for loc in {audit.position.loc(entry.unit), previous.loc if previous is not None else None}:
            if not is_hex(loc):
                continue
            assert loc is not None
            sides = {audit.units[uid].side for uid in audit.position.at(loc)
                     if audit.units[uid].unit_class == "land"}
            if len(sides) < 2:
                self.shared.discard(loc)
            elif loc not in self.shared:
                self.shared.add(loc)
                ids = sorted(uid for uid in audit.position.at(loc) if audit.units[uid].unit_class == "land")
                self.report(audit, self.cfg["opposing"]["rule"], f"German and Allied ground units share {loc}: "
                            f"opposing combat units may never be in the same hex", where=loc, units=ids,
                            case="opposing")
