"""Reinforcements and the troop transfer (narvik-1940.txt 8.0-8.2.2, 7.1, 22.3), on units leaving the
reinforcement displays and entering the Troop Transfer display.

8.0: "Players gain reinforcements during the Reinforcement Segment of the Preparation Phase" (5.1: random
reinforcements "are received" in the Random Events Segment): a unit leaves a reinforcement display in
those two segments only. 8.1: German picks are deployed "Air Strikes: ... into the German Air Strike
Available Display. Paratrooper Units: ... using the German Airborne Deployment procedure (8.1.1). Other
Ground Units: Are deployed in the Swedish Transit Staging Area." 8.1.1: airborne units are placed on
hexes (or, by the landing table, in the Regroup or Permanently Eliminated display; their terrain is
not in the text). 8.2.1: Allied picks "Air and Naval Strikes: Are deployed in the Allied Air and Naval
Strike Available Display. All Other Allied Ground Units: Are deployed in the Harstad Staging Area."
8.2.2: a scheduled formation deploys in Harstad (Norwegian 7 Brigade in Bardufoss); "The player may only
pick one formation in each GT" (the Allied Events Table's Operation R4, a die of 1: "the Allied player
may select two sub-commands to arrive"; judged from the record's Allied ``event`` roll of the GT).
18.2: Auchinleck is "placed in any Allied Staging Area".
7.1: the German Threat from the South: "The modified DR is the number of British, French, or Polish
ground units (any combination) that must be removed from the map or a Staging Area and be placed in the
Allied Troop Transfer Units Display"; "The Allied player may not remove units from any other display";
the event "can occur only once per game" (so every transfer is in one GT's Random Events Segment) and,
where the record shows the ``troop-transfer`` die, no more than that die plus one units go.
22.3: optional British units enter the reinforcement pool "at the start of any Reinforcement phases,
starting with Turn 2" (a unit coded OPT first placed in play after the set-up: in GT 2 or later, in the
Reinforcement Segment; 22.1 allows them at the set-up).
"""

from __future__ import annotations

from collections import defaultdict

from ...record import Entry, Move, Place, Roll
from ...record.entries import Unit
from ...rules.engine import Audit
from ...rules.position import UnitState
from .catalogue import is_hex
from .rules import Check, NarvikRules


def turn_number(turn: str | None) -> int | None:
    """``GT 3`` -> 3."""
    tail = (turn or "").rsplit(" ", 1)[-1]
    return int(tail) if tail.isdigit() else None


class Reinforcements(Check):
    """Where reinforcements go and when; one scheduled formation a GT; the troop transfer; 22.3."""

    def __init__(self, rules: NarvikRules):
        super().__init__(rules)
        self.formations: dict[str | None, dict[str, list[str]]] = defaultdict(dict)  # GT -> formation -> units
        self.event: dict[str | None, int] = {}  # GT -> the Allied event die
        self.transfer: dict[str | None, list[str]] = defaultdict(list)  # GT -> units transferred
        self.transfer_die: dict[str | None, int] = {}

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        r = self.cfg["reinforcements"]
        turn = audit.position.turn
        if isinstance(entry, Roll):
            if self.rolled(entry, r["event_rolls"]) and entry.side == "allied":
                self.event[turn] = entry.dice[0]
            elif self.rolled(entry, r["transfer_rolls"]):
                self.transfer_die[turn] = entry.dice[0]
                self.transfer_count(audit, turn)
            return
        if not isinstance(entry, (Move, Place)) or audit.position.phase is None:
            return
        unit = audit.units[entry.unit]
        frm = previous.loc if previous is not None else None
        to = audit.position.loc(entry.unit)
        if to is None or to == frm:
            return
        if frm is None and str(unit.get("code") or "").upper() == "OPT" and unit.side == "allied":
            self.optional(audit, unit, to)
        if to == r["transfer_box"]:
            self.troop_transfer(audit, unit, frm, to)
        if frm is not None and frm in r["boxes"]:
            self.deployed(audit, unit, frm, to)

    def deployed(self, audit: Audit, unit: Unit, frm: str, to: str) -> None:
        r = self.cfg["reinforcements"]
        name = unit.name or unit.id
        if audit.position.phase not in r["phases"]:
            self.report(audit, r["rule"], f"{name} leaves the {frm} display in the {audit.position.phase}: "
                        f"reinforcements are received in the Random Events and Reinforcement Segments",
                        where=to, units=[unit.id], case="phase")
            return
        want, rule = self.destination(unit, frm)
        if rule == r["airborne_rule"] and not (is_hex(to) or to in want):
            self.report(audit, rule, f"{name} is deployed from the {frm} display in {to}: airborne reinforcements "
                        f"must be deployed via airborne deployment, on a hex", where=to, units=[unit.id], case="airborne")
        elif rule != r["airborne_rule"] and to not in want:
            self.report(audit, rule, f"{name} is deployed from the {frm} display in {to}: it is deployed in "
                        f"{' or '.join(want)}", where=to, units=[unit.id],
                        case={r["scheduled_rule"]: "where", r["auchinleck_rule"]: "placed"}.get(rule, ""))
        formation = str(unit.get("formation") or "")
        if rule == r["scheduled_rule"] and formation:
            seen = self.formations[audit.position.turn]
            seen.setdefault(formation, []).append(unit.id)
            limit = 2 if self.event.get(audit.position.turn) == r["r4_die"] else 1
            if len(seen) > limit and len(seen[formation]) == 1:
                self.report(audit, rule, f"{len(seen)} scheduled formations arrive in {audit.position.turn} "
                            f"({', '.join(seen)}): the player may only pick one formation in each GT"
                            + ("" if limit > 1 else " (two after Operation R4, an Allied event die of 1)"),
                            where=to, units=[uid for ids in seen.values() for uid in ids], excess=len(seen) - limit)

    def destination(self, unit: Unit, frm: str) -> tuple[list[str], str]:
        """Where a unit leaving a reinforcement display is deployed, and the rule that says so."""
        r = self.cfg["reinforcements"]
        code = str(unit.get("code") or "").upper()
        if unit.side == "german":
            if unit.unit_class == "strike":
                return [r["german_strikes"]], r["german_rule"]
            if unit.type == "airborne":
                return list(r["landing_boxes"]), r["airborne_rule"]  # or a hex; the landing table's results
            return [r["german_ground"]], r["german_rule"]
        if unit.type == "leader":
            return list(r["allied_staging"]), r["auchinleck_rule"]
        if unit.unit_class == "strike":
            return [r["allied_strikes"]], r["allied_rule"]
        if code == "R" or frm == r["allied_random"]:
            return [r["allied_ground"]], r["allied_rule"]
        special = r["scheduled_boxes"].get(str(unit.get("formation") or ""))
        return [special or r["allied_ground"]], r["scheduled_rule"]

    def troop_transfer(self, audit: Audit, unit: Unit, frm: str | None, to: str) -> None:
        t = self.cfg["reinforcements"]
        name, rule = unit.name or unit.id, t["transfer_rule"]
        if unit.side != "allied" or unit.unit_class != "land" or unit.type == "leader" or \
                unit.nationality not in t["transfer_nationalities"]:
            self.report(audit, rule, f"{name} ({unit.nationality}) is placed in the {to} display: the troop transfer "
                        f"takes British, French or Polish ground units", where=to, units=[unit.id], case="who")
        elif not (is_hex(frm) or frm in t["allied_staging"]):
            self.report(audit, rule, f"{name} goes to the {to} display from {frm or 'no place'}: units are removed "
                        f"from the map or a Staging Area, from no other display", where=to, units=[unit.id],
                        case="from")
        turn = audit.position.turn
        if audit.position.phase != t["transfer_phase"]:
            self.report(audit, rule, f"{name} goes to the {to} display in the {audit.position.phase}: the troop "
                        f"transfer is an event of the Random Events Segment", where=to, units=[unit.id],
                        case="when")
        earlier = [gt for gt, ids in self.transfer.items() if ids and gt != turn]
        if earlier:
            self.report(audit, rule, f"{name} is transferred in {turn} after a troop transfer in {earlier[0]}: the "
                        f"event can occur only once per game", where=to, units=[unit.id], case="once")
        self.transfer[turn].append(unit.id)
        self.transfer_count(audit, turn)

    def transfer_count(self, audit: Audit, turn: str | None) -> None:
        die, ids = self.transfer_die.get(turn), self.transfer[turn]
        if die is not None and len(ids) == die + 2:  # reported once, when the count first passes it
            self.report(audit, self.cfg["reinforcements"]["transfer_rule"], f"{len(ids)} units go to the troop "
                        f"transfer on a die of {die}: the modified DR (the die plus one) is the number of units",
                        units=list(ids), excess=len(ids) - die - 1, case="count")

    def optional(self, audit: Audit, unit: Unit, to: str) -> None:
        r = self.cfg["reinforcements"]
        number = turn_number(audit.position.turn)
        if (number is not None and number < r["optional_from"]) or audit.position.phase != r["optional_phase"]:
            self.report(audit, r["optional_rule"], f"optional unit {unit.name or unit.id} enters play ({to}) in the "
                        f"{audit.position.phase} of {audit.position.turn}: optional British units are added at the "
                        f"start of a Reinforcement phase, starting with Turn {r['optional_from']}", where=to,
                        units=[unit.id])
