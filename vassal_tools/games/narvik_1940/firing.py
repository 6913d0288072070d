"""Fire and close assault (narvik-1940.txt 14.0-14.4.1; 20.0; 6.3; 16.0), judged on ``attack`` entries.

14.1: the target is an enemy occupied hex; the units firing together "occupy the same hex". 14.2: a unit fires only at hexes within its
printed range (a unit without one has range one, 2.3.6; the target hex counts, the firer's does not)
and along a line of fire: a straight line from centre to centre that crosses a peak hex is blocked,
one that runs along a hexside of a peak hex is not unless both hexes of that side are peaks. The
text names one peak hex, the numbered peak 1912 (6.1); the rest of the map is not given, so a line of
fire is judged only against the peaks the pack lists. 14.4: in a close assault the attackers are
close-assault capable and adjacent to the target hex; no direct or ranged fire in a close-assault
action. 14.4.1: a counterattack (the defender's attack in the same action) follows a close assault,
by close-assault capable units on the firing hex. 14.0: a unit fires at one hex in each action. 6.3:
no action combines movement with combat. 20.0: no attack against a staging area, none from one.
16.0: a strike attacks the hex it was placed in. 9.0: from an over-stacked hex only the top unit fires.
13.2: in an amphibious assault only the Marine unit close-assaults. A record without action entries (made from a log)
is judged on range, line of fire, one firing hex and staging areas only.
"""

from __future__ import annotations

import math
from collections import defaultdict

from shapely.geometry import LineString, Polygon

from ...gamedata.hexes import MapGrid
from ...record import Action, Attack, Entry
from ...rules.engine import Audit
from ...rules.position import UnitState
from .catalogue import is_hex
from .rules import Check, NarvikRules

ASSAULTS = ("close-assault", "amphibious-assault")
EPSILON = 1e-9


def flag(value: object) -> bool:
    """A yes/no attribute as a record or the catalogue gives it."""
    return value is True or str(value).strip().lower() in ("yes", "true", "1")


class LineOfFire:
    """14.2 on the pack's grid: which listed peak hexes block the line between two hex centres."""

    def __init__(self, grid: MapGrid, peaks: list[str]):
        self.grid = grid
        self.peaks = {hex_: self.hexagon(hex_) for hex_ in peaks}

    def hexagon(self, hex_: str) -> Polygon:
        """The hex in the grid's plane (adjacent centres 1 apart): flat-topped, corner radius 1/sqrt(3)."""
        x, y = self.grid.centre(hex_)
        r = 1 / math.sqrt(3)
        return Polygon([(x + r * math.cos(math.radians(a)), y + r * math.sin(math.radians(a)))
                        for a in range(0, 360, 60)])

    def blocked_by(self, a: str, b: str) -> list[str]:
        line = LineString([self.grid.centre(a), self.grid.centre(b)])
        out = []
        for hex_, shape in self.peaks.items():
            if hex_ in (a, b):
                continue  # "Units may fire from or into a peak hex."
            if line.relate_pattern(shape, "T********"):  # the line enters the peak's inside
                out.append(hex_)
            elif any(line.intersection(shape.boundary.intersection(other)).length > EPSILON
                     for peer, other in self.peaks.items() if peer not in (hex_, a, b)):
                out.append(hex_)  # along a hexside both of whose hexes are peaks
        return sorted(out)


class Fire(Check):
    """Each attack: where its firers stand, their range and line of fire, and the action it is in."""

    def __init__(self, rules: NarvikRules):
        super().__init__(rules)
        self.targets: dict[str, set[str]] = defaultdict(set)  # unit -> hexes it fired at this action
        # 14.4.1, this action's close assaults: assaulted hex -> the hexes the assault fired from, and
        # the defending units that were in it when it was assaulted (the only ones that may counterattack).
        self.firing_hexes: dict[str, set[str]] = defaultdict(set)
        self.defenders: dict[str, set[str]] = defaultdict(set)
        self.lines = LineOfFire(self.pack.data.grid, list(self.cfg["fire"]["peaks"]))

    def end_action(self, audit: Audit, action: Action | None) -> None:
        self.targets.clear()
        self.firing_hexes.clear()
        self.defenders.clear()

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        action = self.rules.action
        if not isinstance(entry, Attack):
            return
        f = self.cfg["fire"]
        target = entry.hex
        if not is_hex(target):
            audit.report(self.rule(f["staging_rule"]), f"an attack on {target}: attacks cannot be launched against "
                         f"enemy staging areas (nor units in displays)", where=target, units=list(entry.attackers),
                         case="attack")
            return
        ground = [uid for uid in entry.attackers if audit.units[uid].unit_class == "land"]
        for uid in entry.attackers:
            if audit.units[uid].unit_class == "strike" and audit.position.loc(uid) != target:
                audit.report(self.rule(f["strike_rule"]), f"strike {uid} attacks {target} from "
                             f"{audit.position.loc(uid) or 'no place'}: strikes are placed in the target hex",
                             where=target, units=[uid])
        if not self.from_one_hex(audit, entry, ground):
            return
        self.enemy_in_target(audit, entry)
        kind = self.kind_of(audit, entry, ground, action)
        if kind == "assault":
            side = audit.units[ground[0]].side
            self.firing_hexes[target].update(str(audit.position.loc(uid)) for uid in ground)
            self.defenders[target].update(uid for uid in audit.position.at(target) if audit.units[uid].side != side
                                          and audit.units[uid].unit_class == "land")
        elif kind == "counterattack" and action is not None and action.kind in ASSAULTS:
            self.counterattack(audit, entry, ground)
        self.top_unit_only(audit, entry, ground)
        if kind == "assault" and action is not None and action.kind == "amphibious-assault":
            others = sorted(uid for uid in ground if audit.units[uid].type != "marine")
            if others:
                audit.report(self.rule(self.cfg["fire"]["amphibious_rule"]), f"{', '.join(others)} close-assault "
                             f"{entry.hex} in an amphibious assault: the close assault is by the Marine unit only",
                             where=entry.hex, units=others)
        for uid in ground:
            self.judge_unit(audit, entry, uid, kind)

    def counterattack(self, audit: Audit, entry: Attack, ground: list[str]) -> None:
        """14.4.1: "any defending units that are close assault capable may counterattack all units in the
        firing hex": units that were in an assaulted hex, at a hex the assault on it fired from."""
        rule = self.cfg["fire"]["counterattack_rule"]
        strangers = sorted(uid for uid in ground if not any(uid in ids for ids in self.defenders.values()))
        if strangers:
            self.report(audit, rule, f"{', '.join(strangers)} counterattack {entry.hex} but defended no hex close-assaulted "
                         f"in this action: only the defending units of the assaulted hex may counterattack",
                         where=entry.hex, units=strangers, case="not-defender")
            return
        assaulted = {hex_ for hex_, ids in self.defenders.items() if set(ground) & ids}
        if not any(entry.hex in self.firing_hexes[hex_] for hex_ in assaulted):
            fired_from = sorted({h for hex_ in assaulted for h in self.firing_hexes[hex_]})
            self.report(audit, rule, f"{', '.join(sorted(ground))} counterattack {entry.hex}, which did not close-assault "
                         f"their hex (it was assaulted from {', '.join(fired_from)}): a counterattack is at the "
                         f"firing hex", where=entry.hex, units=sorted(ground), case="not-firing-hex")

    def top_unit_only(self, audit: Audit, entry: Attack, ground: list[str]) -> None:
        """9.0: from an over-stacked hex "only the top unit in that hex may conduct fire (including counterattack)"."""
        if len(ground) < 2:
            return
        s = self.cfg["stacking"]
        at = str(audit.position.loc(ground[0]))
        side = audit.units[ground[0]].side
        count = sum(1 for uid in audit.position.at(at) if audit.units[uid].side == side
                    and audit.units[uid].unit_class == "land" and audit.units[uid].type not in s["free_types"])
        if count > s[side]:
            audit.report(self.rule(s["rule"]), f"{len(ground)} units fire together from {at}, over-stacked with {count} "
                         f"ground units: only the top unit in that hex may conduct fire", where=entry.hex,
                         units=sorted(ground), case="top-unit")

    def from_one_hex(self, audit: Audit, entry: Attack, ground: list[str]) -> bool:
        f = self.cfg["fire"]
        where = {uid: audit.position.loc(uid) for uid in ground}
        boxed = sorted(uid for uid, loc in where.items() if not is_hex(loc))
        if boxed:
            audit.report(self.rule(f["staging_rule"]), f"{', '.join(boxed)} fire from off the map: units in a "
                         f"staging area cannot attack enemy units on the map", where=entry.hex, units=boxed,
                         case="from-staging")
            return False
        hexes = sorted({str(loc) for loc in where.values()})
        if len(hexes) > 1:
            audit.report(self.rule(f["procedure_rule"]), f"units in {', '.join(hexes)} fire together at {entry.hex}: "
                         f"units fire together only if all occupy the same hex", where=entry.hex, units=sorted(ground))
        return True

    def enemy_in_target(self, audit: Audit, entry: Attack) -> None:
        """14.1: "Designate one in-range enemy occupied hex (target hex)"."""
        if not entry.attackers:
            return
        side = audit.units[entry.attackers[0]].side
        if not any(audit.units[uid].side != side and audit.units[uid].unit_class == "land"
                   for uid in audit.position.at(entry.hex)):
            audit.report(self.rule(self.cfg["fire"]["procedure_rule"]), f"{side} units fire at {entry.hex}, which "
                         f"holds no enemy unit: the target hex is an enemy occupied hex", where=entry.hex,
                         units=list(entry.attackers), case="target")

    def kind_of(self, audit: Audit, entry: Attack, ground: list[str], action: Action | None) -> str:
        """``fire``, ``assault``, ``counterattack``, or ``unknown`` (a record without actions)."""
        if not self.rules.shows_actions or action is None or not ground:
            return "unknown"
        f = self.cfg["fire"]
        side = audit.units[ground[0]].side
        if action.kind not in f["kinds"]:
            audit.report(self.rule(f["actions_rule"]), f"an attack on {entry.hex} in a {action.kind} action: "
                         f"there are no actions that combine movement with combat", where=entry.hex,
                         units=sorted(ground))
            return "unknown"
        if side != action.side:
            if action.kind not in ASSAULTS:
                audit.report(self.rule(f["counterattack_rule"]), f"{side} units fire at {entry.hex} in a "
                             f"{action.side} {action.kind} action: only a close assault is answered by a "
                             f"counterattack", where=entry.hex, units=sorted(ground))
            return "counterattack"
        return "assault" if action.kind in ASSAULTS else "fire"

    def judge_unit(self, audit: Audit, entry: Attack, uid: str, kind: str) -> None:
        f, unit = self.cfg["fire"], audit.units[uid]
        at, target = str(audit.position.loc(uid)), entry.hex
        grid, samples = self.pack.data.grid, (self.cfg["samples"]["grid"],)
        distance = grid.distance(at, target)
        name = unit.name or uid
        if kind != "unknown":
            seen = self.targets[uid]
            if seen and target not in seen:
                audit.report(self.rule(f["rule"]), f"{name} fires at {target} after firing at {', '.join(sorted(seen))} "
                             f"in the same action: a unit may only fire at one hex in each action", where=target,
                             units=[uid])
            seen.add(target)
        if kind in ("assault", "counterattack"):
            rule = f["counterattack_rule"] if kind == "counterattack" else f["assault_rule"]
            if not flag(unit.get("assault")):
                audit.report(self.rule(rule), f"{name} is not close-assault capable (no rectangle around its fire "
                             f"factor) and may not attack in a close assault", where=target, units=[uid],
                             case="capable")
            if distance != 1:
                audit.report(self.rule(rule), f"{name} in {at} close-assaults {target}, {distance} hexes away: the "
                             f"target hex must be adjacent", where=target, units=[uid], samples=samples,
                             case="adjacent")
            return
        reach = int(unit.get("range") or 1)
        if distance > reach:
            audit.report(self.rule(f["range_rule"]), f"{name} in {at} fires at {target}, {distance} hexes away, "
                         f"beyond its range of {reach}", where=target, units=[uid], samples=samples)
            return
        peaks = self.lines.blocked_by(at, target) if distance > 1 else []
        if peaks:
            audit.report(self.rule(f["range_rule"]), f"{name} in {at} fires at {target} across the peak hex "
                         f"{', '.join(peaks)}: the line of fire is blocked", where=target, units=[uid], case="peak",
                         samples=samples)
