"""Retreat and pursuit (narvik-1940.txt 15.0-15.2), and moves no action allows (6.3), on ``move`` entries.

15.0: "Retreat and pursuit are special types of movement which occur following a combat result." In an
action, a unit that was in a hex when it was attacked (a target) and then moves is retreating; a unit of
the phasing player that moves in its close assault without having been a target is pursuing. Any other
move of a ground unit in an action other than movement (12.0), amphibious movement or assault (13.0) or
regroup (17.0) is a finding: 6.3 "There are no actions that combine movement with combat", and the
non-phasing player's units move only by a combat result (15.0).

15.1 retreat: "A retreating unit may enter a hex in an EZOC; however, the unit may not retreat through a
hex in an EZOC (friendly units do not negate this restriction)" (judged at the hexes the record passes
through); rout: "The owning player rolls 1d6 for each non-elite unit. The result is the number of hexes
that unit must retreat", "in such a way to end its retreat that number of hexes away from the original
target hex" (judged where the record shows the unit's ``rout`` roll; an over-stack may lengthen it, (5);
a retreat into an Allied staging area ends there, (6)). Into the Swedish Transit Staging Area (7) is
20.0/20.1's; along the railroad, 19.2's.

15.2 pursuit: "If a close assault clears the target hex of all enemy units, the attacking player may
pursue." "Non-elite units may pursue one hex (into the target hex)." "Elite units may pursue two hexes
(the target hex and one more hex)." "Defending units (even those launching a counterattack) and non-close
assault capable units may not pursue" (13.2: after an amphibious assault the accompanying units may
pursue too). "A close assault is the only way in which units can advance after combat."
"""

from __future__ import annotations

from collections import defaultdict

from ...record import Action, Attack, Entry, Move, Roll
from ...record.entries import Unit
from ...rules.engine import Audit
from ...rules.position import UnitState
from .catalogue import is_hex
from .firing import ASSAULTS, flag
from .rules import Check, NarvikRules
from .zoc import enemy_zoc


class RetreatAndPursuit(Check):
    """Who may move in a combat action, and how far."""

    def __init__(self, rules: NarvikRules):
        super().__init__(rules)
        self.targets: dict[str, str] = {}  # unit -> the hex it was in when first attacked this action
        self.assaulted: dict[str, set[str]] = defaultdict(set)  # hex close-assaulted -> hexes it was fired from
        self.paths: dict[str, list[str]] = {}  # retreating or pursuing unit -> its places this action
        self.rout: dict[str, int] = {}  # unit -> its rout die this action
        self.strayed: set[str] = set()  # units found advancing outside any close assault's target this action

    def end_action(self, audit: Audit, action: Action | None) -> None:
        if action is not None:
            for uid, path in self.paths.items():
                if uid in self.targets:
                    self.retreat(audit, audit.units[uid], self.targets[uid], path)
                else:
                    self.pursuit(audit, audit.units[uid], path, action)
        self.targets, self.paths, self.rout, self.strayed = {}, {}, {}, set()
        self.assaulted = defaultdict(set)

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        action = self.rules.action
        if action is None or audit.position.phase != "actions":
            return
        if isinstance(entry, Attack):
            self.attacked(audit, entry, action)
        elif isinstance(entry, Roll) and entry.unit and self.rolled(entry, self.cfg["retreat"]["rolls"]):
            self.rout[entry.unit] = entry.dice[0]
        elif isinstance(entry, Move) and previous is not None and previous.loc is not None:
            self.moved(audit, audit.units[entry.unit], previous.loc, action)

    def attacked(self, audit: Audit, attack: Attack, action: Action) -> None:
        if not attack.attackers:
            return
        side = audit.units[attack.attackers[0]].side
        for uid in audit.position.at(attack.hex):
            if audit.units[uid].side != side and audit.units[uid].unit_class == "land":
                self.targets.setdefault(uid, attack.hex)
        if side == action.side and action.kind in ASSAULTS:
            self.assaulted[attack.hex].update(str(audit.position.loc(uid)) for uid in attack.attackers
                                              if audit.units[uid].unit_class == "land")

    def moved(self, audit: Audit, unit: Unit, frm: str, action: Action) -> None:
        to = str(audit.position.loc(unit.id))
        r = self.cfg["retreat"]
        if unit.unit_class != "land" or to == frm or not (is_hex(frm) or frm in self.cfg["commands"]["staging_sides"]):
            return  # strikes; a unit leaving a display (regroup is 17.0's)
        if unit.id in self.targets or unit.id in self.paths:
            self.paths.setdefault(unit.id, [frm]).append(to)
            return
        if unit.side == action.side and action.kind in r["moving_kinds"]:
            return  # movement, amphibious movement: their own checks
        if unit.side == action.side and action.kind in ASSAULTS:
            self.paths[unit.id] = [frm, to]
            self.into_cleared_hex(audit, unit, frm, to, action)
            return
        if unit.side == action.side:
            self.report(audit, r["actions_rule"], f"{unit.name or unit.id} moves from {frm} to {to} in a {action.side} "
                        f"{action.kind} action: there are no actions that combine movement with combat",
                        where=to, units=[unit.id], case="move")
        else:
            self.report(audit, r["rule_general"], f"{unit.name or unit.id} moves from {frm} to {to} in a "
                        f"{action.side} {action.kind} action without having been attacked: retreat follows a "
                        f"combat result", where=to, units=[unit.id])

    def into_cleared_hex(self, audit: Audit, unit: Unit, frm: str, to: str, action: Action) -> None:
        """15.2: the first hex of a pursuit is a hex this action close-assaulted, now clear of enemy units."""
        p = self.cfg["pursuit"]
        name = unit.name or unit.id
        target = to if to in self.assaulted else next((h for h in self.assaulted if is_hex(to) and is_hex(h) and
                                                         self.pack.data.grid.adjacent(h, to)), None)
        if target is None:
            self.strayed.add(unit.id)
            self.report(audit, p["rule"], f"{name} advances from {frm} to {to} in a close assault, not into a hex the "
                        f"close assault targeted: a close assault is the only way units advance after combat, "
                        f"into its target hex", where=to, units=[unit.id], case="not-target")
            return
        enemy = [uid for uid in audit.position.at(target)
                 if audit.units[uid].side != unit.side and audit.units[uid].unit_class == "land"]
        if enemy:
            self.report(audit, p["rule"], f"{name} pursues into {target}, which the close assault did not clear "
                        f"({', '.join(sorted(enemy))} there)", where=target, units=[unit.id], case="not-cleared")
        if action.kind == "close-assault" and not flag(unit.get("assault")):
            self.report(audit, p["rule"], f"{name} pursues, but is not close-assault capable", where=to,
                        units=[unit.id], case="not-capable")
        elif frm not in self.assaulted[target]:
            self.report(audit, p["rule"], f"{name} pursues from {frm}, a hex the close assault on {target} did not "
                        f"fire from", where=to, units=[unit.id], case="not-attacker")

    def pursuit(self, audit: Audit, unit: Unit, path: list[str], action: Action) -> None:
        """15.2: non-elite units end in the target hex; elite ones in it or one hex beyond."""
        grid, end = self.pack.data.grid, path[-1]
        targets = [h for h in self.assaulted if h in path[1:2]] or [h for h in self.assaulted if is_hex(h)]
        if not targets or not is_hex(end) or action.kind != "close-assault" or unit.id in self.strayed:
            return
        elite = flag(unit.get("elite"))
        reach = 1 if elite else 0
        if any(grid.distance(h, end) <= reach for h in targets) and len(path) <= 2 + reach:
            return
        self.report(audit, self.cfg["pursuit"]["rule"], f"{unit.name or unit.id} pursues {' -> '.join(path)}: "
                    + ("elite units may pursue two hexes, the target hex and one more" if elite
                       else "non-elite units may pursue one hex, into the target hex"),
                    where=end, units=[unit.id], samples=(self.cfg["samples"]["grid"],), case="length")

    def retreat(self, audit: Audit, unit: Unit, origin: str, path: list[str]) -> None:
        """15.1: not through an EZOC; a rout ends as many hexes from the target hex as its die."""
        r, grid = self.cfg["retreat"], self.pack.data.grid
        samples = (self.cfg["samples"]["grid"], self.cfg["samples"]["coast"])
        for hex_ in path[1:-1]:
            zoc = enemy_zoc(audit, self.pack.data, hex_, unit.side)
            if zoc:
                self.report(audit, r["rule"], f"{unit.name or unit.id} retreats through {hex_}, in an enemy zone of "
                            f"control ({', '.join(zoc)} adjacent): a unit forced to retreat through an EZOC is "
                            f"removed to the Available for Regroup Display", where=hex_, units=[unit.id],
                            samples=samples, case="through-ezoc")
                break
        die, end = self.rout.get(unit.id), path[-1]
        if die is None or flag(unit.get("elite")) or not is_hex(end) or not is_hex(origin):
            return
        away = grid.distance(origin, end)
        if away < die:
            self.report(audit, r["rule"], f"{unit.name or unit.id} routs {away} hexes from {origin} to {end} on a die "
                        f"of {die}: it must end its retreat that number of hexes away from the target hex",
                        where=end, units=[unit.id], samples=(self.cfg["samples"]["grid"],), case="length")
