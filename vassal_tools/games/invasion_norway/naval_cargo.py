"""Naval transport: loading and unloading (8.5.1), tankers (8.5.3), Landing Craft (8.6.3), and
commandeered transports (8.7.5).

Cargo is every land unit, SP and ASP of the moving side that moves in its Naval Movement Phase
(the record shows no ship's hold: cargo moves as its ship does). What was unloaded in a port
was carried by the naval units that entered that port in the phase, as for 5.2.2.
"""

from __future__ import annotations

from collections import Counter, defaultdict

from ...record import Entry, Move, Place
from ...rules.engine import Audit
from ...rules.position import UnitState
from .naval_missions import control_shown
from .rules import NAVAL_MOVEMENT, Check, InvasionNorwayRules
from .situation import enemy


class NavalCargo(Check):
    """8.5.1: cargo is loaded in a port and unloaded in a friendly-controlled port, or an enemy
    one that "is either empty or occupied solely by enemy supply points and/or Trucks"; 8.5.3:
    tankers "may only transport Air Supply Points, although they can carry up to six ASPs"."""

    def start_phase(self, audit: Audit) -> None:
        self.side = NAVAL_MOVEMENT.get(audit.position.phase or "")
        self.cargo: dict[str, list[str]] = defaultdict(list)  # port -> cargo unloaded there
        self.ships: dict[str, set[str]] = defaultdict(set)  # port -> naval units of the side that entered it
        self.held_before: str | None = None  # who held the port a move enters, before the move

    def before(self, audit: Audit, entry: Entry) -> None:
        """Who held the port before cargo came in: a land unit unloaded takes control of it (1.6)."""
        if self.side is not None and isinstance(entry, Move) and entry.to in self.game.ports:
            self.held_before = control_shown(self, audit, entry.to)

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if self.side is None or not isinstance(entry, Move):
            return
        u = audit.units[entry.unit]
        if u.side != self.side:
            return
        c = self.cfg["naval_cargo"]
        start = previous.loc if previous is not None and not previous.removed else None
        if self.kinds.is_naval(u):
            if entry.to in self.game.ports:
                self.ships[entry.to].add(entry.unit)
            return
        if u.unit_class not in ("land", "supply"):
            return
        by_sea = entry.to not in self.game.hexes or entry.to in self.game.ports  # an advance goes hex to hex
        if start in self.game.hexes and start not in self.game.ports and start != entry.to and by_sea:
            audit.report(self.rules.rule(c["transport_rule"]), f"{entry.unit} is carried by sea from {start}, which "
                         f"is no port; a naval unit loads land units, SPs and ASPs located in the same port",
                         where=start, units=[entry.unit], case="loading")
        if entry.to not in self.game.ports or start == entry.to:
            return
        self.cargo[entry.to].append(entry.unit)
        if self.held_before != enemy(self.side):
            return
        held = sorted(o for o in audit.position.at(entry.to) if audit.units[o].side == enemy(self.side)
                      and audit.units[o].unit_class in ("land", "naval") and not self.kinds.is_truck(audit.units[o]))
        if held:
            audit.report(self.rules.rule(c["transport_rule"]), f"{entry.unit} is unloaded in {entry.to}, an "
                         f"enemy-controlled port held by {', '.join(held)}; cargo is unloaded in a friendly port, or an "
                         f"enemy one that is empty or holds only SPs and trucks", where=entry.to, units=[entry.unit])

    def end_phase(self, audit: Audit) -> None:
        if self.side is None:
            return
        c = self.cfg["naval_cargo"]
        for port, cargo in sorted(self.cargo.items()):
            ships = self.ships.get(port, set())
            if not ships or any(self.kinds.naval_type(audit.units[s]) != c["tanker"] for s in ships):
                continue
            # An SP from tankers is 13.3.8's own case ("AOs (Tankers) cannot transport SPs"), reported
            # by the supply-sources check: one breach, one finding.
            other = sorted(uid for uid in cargo
                           if not self.kinds.is_asp(audit.units[uid]) and not self.kinds.is_sp(audit.units[uid]))
            asps = sum(audit.position.strength(uid) for uid in cargo if self.kinds.is_asp(audit.units[uid]))
            most = c["tanker_asps"] * sum(audit.position.strength(s) for s in ships)
            if other:
                audit.report(self.rules.rule(c["tanker_rule"]), f"{', '.join(other)} unloaded in {port}, where only "
                             f"tankers ({', '.join(sorted(ships))}) came in; tankers may only transport Air Supply "
                             f"Points", where=port, units=other)
            elif asps > most:
                audit.report(self.rules.rule(c["tanker_rule"]), f"{asps} ASPs unloaded in {port} from "
                             f"{', '.join(sorted(ships))}; tankers carry up to {c['tanker_asps']} ASPs each",
                             where=port, units=sorted(cargo), excess=asps - most, case="six")


class LandingCraft(Check):
    """8.6.3: "Landing Craft also cannot move by themselves": a Landing Craft point that moved in
    a phase ends it with an AP point of its side that moved in it too."""

    def end_phase(self, audit: Audit) -> None:
        c, pos = self.cfg["naval_cargo"], audit.position
        for uid in sorted(pos.moved):
            u = audit.units.get(uid)
            if u is None or self.kinds.naval_type(u) != c["landing_craft"] or not pos.on_map(uid):
                continue
            loc = pos.loc(uid) or ""
            if not any(o in pos.moved and audit.units[o].side == u.side and
                       self.kinds.naval_type(audit.units[o]) == c["carrier"] for o in pos.at(loc)):
                audit.report(self.rules.rule(c["landing_craft_rule"]), f"{uid}, a Landing Craft point, moves to "
                             f"{loc} with no AP point of its side moving there; Landing Craft cannot move by "
                             f"themselves", where=loc, units=[uid])


class CommandeeredTransports(Check):
    """8.7.5: "Three times per game, each player may place one AP point in any friendly-controlled
    port at the beginning of the friendly Naval Movement Phase. Only one AP may be placed per turn."
    An AP that comes into play in a port in a Naval Movement Phase is commandeered; the three a
    game are counted from the record's first entry (a record that starts mid-game does not show
    the ones before)."""

    def __init__(self, rules: InvasionNorwayRules) -> None:
        super().__init__(rules)
        self.placed: Counter[str] = Counter()  # side -> APs commandeered in the record
        self.this_turn: dict[tuple[str, str | None], int] = {}

    def start_phase(self, audit: Audit) -> None:
        self.side = NAVAL_MOVEMENT.get(audit.position.phase or "")
        self.sailed = False  # has a naval unit of the side moved in the phase yet

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if self.side is None or not isinstance(entry, (Move, Place)):
            return
        u = audit.units[entry.unit]
        k = self.cfg["commandeered"]
        new = previous is None or previous.removed or previous.loc is None or self.game.off_map(previous.loc)
        loc = entry.to if isinstance(entry, Move) else entry.at
        if not (new and self.kinds.naval_type(u) == k["type"] and loc in self.game.ports and loc in self.game.hexes):
            if isinstance(entry, Move) and self.kinds.is_naval(u) and u.side == self.side:
                self.sailed = True
            return
        side = u.side or ""
        turn_key = (side, audit.position.turn)
        self.placed[side] += 1
        self.this_turn[turn_key] = self.this_turn.get(turn_key, 0) + 1
        second = self.this_turn[turn_key] > k["per_turn"]
        why = ("in the enemy's Naval Movement Phase" if side != self.side
               else f"in {loc}, an enemy-controlled port" if control_shown(self, audit, loc) == enemy(side)
               else "after naval units of its side have moved" if self.sailed
               else f"as AP {self.this_turn[turn_key]} of this turn" if second
               else f"as AP {self.placed[side]} of the game" if self.placed[side] > k["per_game"]
               else None)
        if why:
            audit.report(self.rules.rule(k["rule"]), f"{entry.unit}, an AP, comes into play {why}; a commandeered AP "
                         f"is placed in a friendly-controlled port at the beginning of the friendly Naval Movement "
                         f"Phase, one a turn and three a game", where=loc, units=[entry.unit],
                         case="turn" if why.endswith("of this turn") else "")
