"""Where units may go and who may overrun: Sweden (11.2.3), Overrun (11.7), enemy ZOCs and
enemy-occupied hexes (11.1.4, 11.2.1).

11.2.3: "No land, sea, or air unit may enter a hex of Sweden by any means." Which
hexes are Sweden's comes from the game data (hexes.csv, drawn from the module's
map; its rows are marked sample), so a finding says so. SPs are no units: 15.6
brings two of them into Norway from Sweden by rail.

11.7: "Overrun is a special type of combat that can be performed by German
motorized units (only) during any German Land Movement or Motorized Movement
Phase."
"""

from __future__ import annotations

from ...record import Attack, Entry, Move, Place
from ...rules.engine import Audit
from ...rules.position import UnitState
from .rules import Check, InvasionNorwayRules
from .situation import enemy


class SwedishBorder(Check):
    """11.2.3: no unit enters a hex of Sweden."""

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if not isinstance(entry, (Move, Place)):
            return
        loc = self.rules.arrived(entry, previous)
        hex_ = self.game.hexes.get(loc or "")
        m = self.cfg["land_movement"]
        if hex_ is None or hex_.terrain not in m["sweden_terrain"]:
            return
        u = audit.units[entry.unit]
        if u.unit_class not in ("land", "naval", "air"):
            return
        audit.report(self.rules.rule(m["sweden_rule"]), f"{entry.unit} enters {loc}, a hex of Sweden; no land, sea "
                     f"or air unit may enter one by any means", where=loc, units=[entry.unit], samples=m["sample"])


class Overruns(Check):
    """11.7: overruns by German motorized units only, in German movement phases."""

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if not isinstance(entry, Attack) or not entry.overrun:
            return
        m = self.cfg["land_movement"]
        rule = self.rules.rule(m["overrun_rule"])
        phase = audit.position.phase
        if phase not in m["overrun_phases"]:
            audit.report(rule, f"an overrun in the {phase or 'set-up'} phase; overruns are conducted only in "
                         f"German Land Movement and Motorized Movement Phases", where=entry.hex,
                         units=entry.attackers)
        wrong = [uid for uid in entry.attackers
                 if audit.units[uid].side != "german" or not self.kinds.is_motorized(audit.units[uid])]
        if wrong:
            audit.report(rule, "only German motorized units may overrun", where=entry.hex, units=wrong)


class ZocMoves(Check):
    """11.1.4 and 11.2.1, for land units moving hex by hex in a movement phase:

    - "A land unit must stop moving at the instant that it enters an enemy ZOC, and can move
      no further during that Movement Phase": a unit that stopped in an enemy ZOC and moves
      again in the phase (an overrun excepted, 11.7);
    - "A unit that begins the Movement Phase in an enemy ZOC can move out of it only if the
      first hex that it enters does not contain an enemy ZOC": judged when its first move is
      to an adjacent hex (a longer move's first hex is not in the record);
    - "A land unit cannot enter a hex occupied by an enemy land unit with a Defense Factor
      greater than zero" (11.2.1), an overrun excepted.

    Which hexes a ZOC reaches rests on the hexes' terrain and roads (hexes.csv, hexsides.csv,
    sample), so every finding says so. Advance after combat and retreats happen in combat
    phases and are not judged here."""

    def __init__(self, rules: InvasionNorwayRules) -> None:
        super().__init__(rules)
        self.stopped: dict[str, str] = {}  # unit -> the enemy-ZOC hex it stopped in this phase
        self.moved: set[str] = set()  # units that moved in this phase
        self.overrunning: set[str] = set()  # units that overran in this phase
        self.reported: set[str] = set()

    def start_phase(self, audit: Audit) -> None:
        self.stopped, self.moved, self.overrunning, self.reported = {}, set(), set(), set()

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if isinstance(entry, Attack) and entry.overrun:
            self.overrunning.update(entry.attackers)
            return
        if not isinstance(entry, Move) or audit.position.phase not in self.cfg["land_movement"]["movement_phases"]:
            return
        u = audit.units[entry.unit]
        start = previous.loc if previous is not None and not previous.removed else None
        if not self.kinds.is_land(u) or u.side is None or start not in self.game.hexes \
                or entry.to not in self.game.hexes or entry.unit in self.overrunning:
            return
        sit, m = self.rules.situation, self.cfg["land_movement"]
        enemy_zoc = sit.zoc(enemy(u.side))
        first = entry.unit not in self.moved
        self.moved.add(entry.unit)
        if entry.unit in self.reported:
            return
        why: tuple[str, str] | None = None
        if sit.enemy_defended_at(u.side, entry.to):
            why = (f"{entry.unit} enters {entry.to}, a hex occupied by an enemy land unit with a Defense Factor "
                   f"above zero", m["enemy_hex_rule"])
        elif entry.unit in self.stopped:
            why = (f"{entry.unit} entered an enemy ZOC in {self.stopped[entry.unit]} and moves on to {entry.to} "
                   f"in the same phase", m["zoc_rule"])
        elif first and start in enemy_zoc and entry.to in enemy_zoc and entry.to in self.rules.terrain.neighbours[start]:
            why = (f"{entry.unit} begins the phase in an enemy ZOC ({start}) and moves out of it into {entry.to}, "
                   f"also in an enemy ZOC", m["zoc_rule"])
        if why:
            message, rule = why
            self.reported.add(entry.unit)
            audit.report(self.rules.rule(rule), message, where=entry.to, units=[entry.unit], samples=m["zoc_sample"])
        elif entry.to in enemy_zoc:
            self.stopped[entry.unit] = entry.to


class MovementAllowance(Check):
    """11.2.1: "A land unit cannot enter a hex if it does not have sufficient unexpended Movement
    Points to do so." A land unit's moves in a Land (or, motorized units, Motorized) Movement Phase
    cost at least the cheapest path between their hexes at the Terrain Effects Chart's costs
    (pack.toml ``[movement]``: roads, ferries and the Thaw as the text gives them, the rest
    sample, so every finding says so); more than its Movement Allowance is a finding. Not judged:
    a move between hexes joined by railroad (it may be Railroad Movement, 11.5), a Leg or Mountain
    unit ending its move with a friendly truck (it may ride it, 11.4), and units that overran."""

    def __init__(self, rules: InvasionNorwayRules) -> None:
        super().__init__(rules)
        self.spent: dict[str, float] = {}
        self.skipped: set[str] = set()  # units whose moves this phase are not judged
        self.overran: set[str] = set()

    def start_phase(self, audit: Audit) -> None:
        self.spent, self.skipped, self.overran = {}, set(), set()

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if isinstance(entry, Attack) and entry.overrun:
            self.overran.update(entry.attackers)
            return
        m = self.cfg["land_movement"]
        if not isinstance(entry, Move) or audit.position.phase not in m["movement_phases"]:
            return
        u = audit.units[entry.unit]
        start = previous.loc if previous is not None and not previous.removed else None
        allowance = float(u.get("movement") or 0)
        if start is None or not self.kinds.is_land(u) or start not in self.game.hexes or entry.to not in self.game.hexes \
                or not allowance or entry.unit in self.skipped or entry.unit in self.overran \
                or not (self.game.hexes[entry.to].is_land and self.game.hexes[start].is_land):  # at sea: carried
            return
        if self.by_rail(start, entry.to) or (not self.kinds.is_motorized(u) and self.with_truck(audit, entry)):
            self.skipped.add(entry.unit)
            return
        move_class = self.kinds.move_class(u)
        spent = self.spent.get(entry.unit, 0.0)
        cost = self.rules.move_cost(start, entry.to, move_class, allowance - spent, audit.position.turn)
        if cost is not None:
            self.spent[entry.unit] = spent + cost
            return
        self.skipped.add(entry.unit)
        least = self.rules.move_cost(start, entry.to, move_class, float("inf"), audit.position.turn)
        shown = "no path of land hexes" if least is None else f"at least {least:g} MPs"
        audit.report(self.rules.rule(m["enemy_hex_rule"]), f"{entry.unit} ({move_class}, Movement Allowance "
                     f"{allowance:g}) moves from {start} to {entry.to}: {shown}, with {spent:g} spent before in "
                     f"the phase", where=entry.to, units=[entry.unit],
                     excess=None if least is None else spent + least - allowance, samples=self.rules.terrain.samples,
                     case="allowance")

    def by_rail(self, start: str, goal: str) -> bool:
        """Are the hexes joined by railroad hexsides (a move that may be Railroad Movement)?"""
        sides = self.rules.terrain.sides
        seen, todo = {start}, [start]
        while todo:
            here = todo.pop()
            if here == goal:
                return True
            for nxt in self.rules.terrain.neighbours.get(here, ()):
                if nxt not in seen and "railroad" in sides.get(frozenset((here, nxt)), ()):
                    seen.add(nxt)
                    todo.append(nxt)
        return False

    def with_truck(self, audit: Audit, entry: Move) -> bool:
        side = audit.units[entry.unit].side
        return any(self.kinds.is_truck(audit.units[o]) and audit.units[o].side == side
                   for o in audit.position.at(entry.to))


class Finnmark(Check):
    """11.6.1-11.6.3: the Finnmark zone of the Strategic Map.

    11.6.1: "Allied land units may move or Retreat from the Operational Map into the Finnmark #1
    space": any Allied land unit from hex 0202, an Allied Mountain unit from 0302, 0402 or 0502
    (0601, the maintainers' note adds); "A unit that enters the Strategic Map cannot reenter the
    Operational Map during the same turn." 11.6.2: back from the Lyngensfjord space (Finnmark #1)
    into the same hexes. 11.6.3: a land unit moves from a space "to any adjacent land zone ... by
    expending its entire Movement Allowance": one space a phase, to an adjacent one (the spaces'
    order is the game data's, sample)."""

    def __init__(self, rules: InvasionNorwayRules) -> None:
        super().__init__(rules)
        self.entered: dict[str, str | None] = {}  # unit -> the turn it entered Finnmark
        self.moved: set[str] = set()  # units that moved between spaces this phase

    def start_phase(self, audit: Audit) -> None:
        self.moved = set()

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        f = self.cfg["finnmark"]
        if not isinstance(entry, Move) or previous is None or previous.removed or previous.loc is None:
            return
        u = audit.units[entry.unit]
        if not self.kinds.is_land(u):
            return
        start, goal = previous.loc, entry.to
        here, there = self.space(start), self.space(goal)
        if here is None and there is None:
            return
        mountain = self.kinds.is_mountain(u)
        turn = audit.position.turn
        if here is None and start in self.game.hexes:
            if u.side != "allied" or there != f["gate_space"] or start not in f["gates"] \
                    or (start not in f["any_unit_gates"] and not mountain):
                audit.report(self.rules.rule(f["enter_rule"]), f"{entry.unit} enters {goal} from {start}; Allied land "
                             f"units enter the {f['gate_space']} space from 0202, Mountain units also from "
                             f"{', '.join(g for g in f['gates'] if g not in f['any_unit_gates'])}", where=goal,
                             units=[entry.unit])
            self.entered[entry.unit] = turn
        elif there is None and goal in self.game.hexes:
            if here != f["gate_space"] or goal not in f["gates"] or (goal not in f["any_unit_gates"] and not mountain):
                audit.report(self.rules.rule(f["leave_rule"]), f"{entry.unit} leaves {start} for {goal}; units enter "
                             f"the Operational Map from the {f['gate_space']} space into 0202, Mountain units also "
                             f"into {', '.join(g for g in f['gates'] if g not in f['any_unit_gates'])}", where=goal,
                             units=[entry.unit])
            elif self.entered.get(entry.unit, "") == turn:
                audit.report(self.rules.rule(f["enter_rule"]), f"{entry.unit} reenters the Operational Map on {turn}, "
                             f"the turn it entered the Strategic Map", where=goal, units=[entry.unit])
        elif here is not None and there is not None and here != there:
            near = there in self.game.zone_borders.get(here, ())
            if not near or entry.unit in self.moved:
                why = "a space not adjacent to it" if not near else "a second space in one phase"
                audit.report(self.rules.rule(f["strategic_rule"]), f"{entry.unit} moves from {here} to {there}, {why}; "
                             f"a land unit moves one adjacent space with its entire Movement Allowance", where=goal,
                             units=[entry.unit], samples=f["sample"])
            self.moved.add(entry.unit)

    def space(self, loc: str) -> str | None:
        zone = self.game.zone_of(loc)
        return zone if zone is not None and self.rules.zone_root(zone) == self.cfg["finnmark"]["zone"] else None
