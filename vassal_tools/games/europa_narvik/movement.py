"""Ground movement (europa-narvik.txt 5B, 5E, 7, 8C2, 9, 17A), judged through the record.

7: "A unit's movement rating is the number of MPs that unit may spend in a single phase"; MPs are traced
through the hexes entered, and "Units may never pass through a hex containing enemy units, but they may
enter such a hex and stop." A unit in an enemy-occupied hex "may leave the hex ... as long as the unit does
not move directly from one enemy-occupied hex to another". "A unit may always move a single hex, even if it
does not have sufficient MPs to enter that hex. This is the only movement it may make in the movement
phase". "No enemy movement is allowed during a player's movement and exploitation phase." 24: "Sweden and
Finland are neutrals. With one exception, units of either player may not enter a hex of a neutral" (the
exception: the special supply counter, 11C); the sheet's neutral hexes come from real borders. 5E: in the
exploitation phase only combat/motorized units move (21: and units a truck carries), and they "may not use
rail movement or enter a hex occupied by an enemy ground unit with a defense strength greater than zero".
8C2: an HQ that has absorbed units moves at the rating of the slowest. 17A: "After landing at a port, a unit
may move up to half it movement rating". 11C: the special supply counter "has a movement rating of 4 and moves
like an infantry unit".

A record gives each move's end, not its path: a move costs at least one MP a hex along the shortest path over
land that passes through no enemy-occupied hex (the terrain effects chart is lost: the sample terrain's costs
decide nothing), so a move is a finding only when even that is more than the MPs left; moves over a printed
map's hexes are not costed. The sheet's rail lines are the real ones of 1940 (geo/rails.csv), but a record does not say that a unit
entrains: rail movement (9A, 9C) is judged nowhere. An
unsupplied unit's halved rating (11A3b) is not applied (lenient).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ...record import Entry, Move
from ...record.entries import Unit
from ...rules.engine import Audit
from .catalogue import OPEN_GRID, is_hex
from .rules import Check, EuropaRules, is_ground, phasing
from .supply import move_class_of
from .terrain import FULL_SEA


def enemy_strong(audit: Audit, loc: str, side: str | None) -> list[str]:
    """Enemy ground units in a hex with a defense strength greater than zero (5E, 9A, 10D2, 12C5)."""
    return sorted(u for u in audit.position.at(loc) if is_ground(audit.units[u]) and audit.units[u].side != side
                  and float(audit.units[u].get("defense") or 0) > 0)


def enemy_any(audit: Audit, loc: str, side: str | None) -> list[str]:
    """Enemy units in a hex (7: units may never pass through a hex containing enemy units)."""
    here = audit.position.at(loc)
    if not here:
        return []
    return sorted(u for u in here if audit.units[u].unit_class in ("land", "supply")
                  and audit.units[u].side not in (side, None))


class GroundMovement(Check):
    """7, 5E, 8C2, 17A: what a ground unit may spend and where it may go in movement and exploitation."""

    def __init__(self, rules: EuropaRules):
        super().__init__(rules)
        self.m: Mapping[str, Any] = self.cfg["movement"]
        self.reset()

    def reset(self) -> None:
        self.spent: dict[str, float] = {}       # MPs spent this phase
        self.moves: dict[str, int] = {}         # moves made this phase
        self.single_hex: set[str] = set()       # units that used 7's one-hex move
        self.stopped: dict[str, str] = {}       # unit -> the enemy-occupied hex it entered (it stops there)
        self.landed: set[str] = set()           # units that came on from a box this phase (17A: half rating)
        self.truck_moves: set[tuple[str, str, str]] = set()  # (side, from, to) of trucks this phase (21)

    def start_phase(self, audit: Audit) -> None:
        self.reset()

    def before(self, audit: Audit, entry: Entry) -> None:
        side, kind = phasing(audit)
        if not isinstance(entry, Move) or kind not in ("movement", "exploitation"):
            return
        unit = audit.units.get(entry.unit)
        if unit is None or not (unit.unit_class == "land" or (unit.unit_class == "supply" and unit.get("special"))):
            return
        origin = audit.position.loc(entry.unit)
        if not is_hex(origin) or origin is None:
            if not str(origin or "").startswith("hq:"):
                self.landed.add(entry.unit)
            return
        if not is_hex(entry.to) or origin == entry.to:
            return
        if unit.side != side:
            audit.report(self.rule(self.m["rule"]), f"{unit.name or unit.id} of the {unit.side} player moves from "
                         f"{origin} to {entry.to} in the {side} player's {kind} phase: no enemy movement is allowed "
                         "during a player's movement and exploitation phase", where=entry.to, units=[unit.id])
            return
        self.neutral(audit, unit, entry.to)
        if unit.type == "truck":  # 21: the unit it carries "must start and end its movement with the truck"
            self.truck_moves.add((str(side), origin, entry.to))
        if kind == "exploitation":
            self.exploitation(audit, unit, origin, entry.to)
        self.judge(audit, unit, origin, entry.to, kind)

    def neutral(self, audit: Audit, unit: Unit, to: str) -> None:
        """24: no unit enters a neutral's hex but the special supply counter ("The exception is the special
        supply counter the German player receives in Sweden on turn 2")."""
        country = self.pack.sheet.neutral(to)
        if country is not None and not (unit.unit_class == "supply" and unit.get("special")):
            audit.report(self.rule(self.m["neutral_rule"]), f"{unit.name or unit.id} enters {to}, a hex of {country}: "
                         "units of either player may not enter a hex of a neutral", where=to, units=[unit.id],
                         samples=("approximate: the neutral's hexes, from today's borders through the sample grid",))

    def exploitation(self, audit: Audit, unit: Unit, origin: str, to: str) -> None:
        """5E: combat/motorized units only (21: or carried by a truck), never into a hex of enemy strength."""
        rule = self.rule(self.m["exploitation_rule"])
        carried = (unit.side or "", origin, to) in self.truck_moves
        if move_class_of(unit, self.pack.data.info.move_class_of) != "motorized" and not carried \
                and unit.unit_class == "land":
            audit.report(rule, f"{unit.name or unit.id} moves in the exploitation phase: only units listed as "
                         "combat/motorized may move (or units a truck carries, 21)", where=to, units=[unit.id],
                         samples=("sample: which types are combat/motorized",))
        strong = enemy_strong(audit, to, unit.side)
        if strong:
            audit.report(rule, f"{unit.name or unit.id} enters {to} in the exploitation phase, a hex of enemy ground "
                         f"units with a defense strength ({', '.join(strong)})", where=to, units=[unit.id])

    def rating(self, audit: Audit, unit: Unit) -> float | None:
        """The movement rating: printed, the slowest absorbed unit's for an HQ (8C2), halved after landing (17A)."""
        if unit.unit_class == "supply":
            rating: float | None = float(self.m["special_supply_rating"])
        else:
            value = unit.get("movement")
            rating = float(value) if isinstance(value, (int, float)) else None
        if rating is None:
            return None
        if unit.type == "hq":
            absorbed = audit.position.at(f"hq:{unit.id}") | (audit.position.at(f"hq:{unit.name}") if unit.name else set())
            slower = [float(audit.units[u].get("movement")) for u in absorbed
                      if isinstance(audit.units[u].get("movement"), (int, float))]
            rating = min([rating, *slower])
        return rating / 2 if unit.id in self.landed else rating

    def judge(self, audit: Audit, unit: Unit, origin: str, to: str, kind: str) -> None:
        name, uid = unit.name or unit.id, unit.id
        rule = self.rule(self.m["rule"])
        if uid in self.stopped:
            audit.report(rule, f"{name} moves on from {self.stopped[uid]}, an enemy-occupied hex it entered this "
                         "phase: units may enter such a hex and stop", where=to, units=[uid])
            return
        if uid in self.single_hex:
            audit.report(rule, f"{name} moves again after moving a single hex beyond its MPs: that is the only "
                         "movement it may make in the phase", where=to, units=[uid])
            return
        first_move = self.moves.get(uid, 0) == 0
        self.moves[uid] = self.moves.get(uid, 0) + 1
        if enemy_any(audit, origin, unit.side) and enemy_any(audit, to, unit.side):
            audit.report(rule, f"{name} moves directly from the enemy-occupied hex {origin} to the enemy-occupied "
                         f"hex {to}", where=to, units=[uid])
        if enemy_any(audit, to, unit.side) and not self.zero_only(audit, to, unit.side):
            self.stopped[uid] = to
        self.cost(audit, unit, origin, to, kind, first_move)

    def zero_only(self, audit: Audit, loc: str, side: str | None) -> bool:
        """10G: zero-strength units alone do not stop a mover (they are eliminated; it may continue)."""
        return not enemy_strong(audit, loc, side)

    def cost(self, audit: Audit, unit: Unit, origin: str, to: str, kind: str, first_move: bool) -> None:
        """7: MPs along the cheapest path that passes through no enemy-occupied hex, counted at one MP a hex (the
        least any hex costs: "one MP for each clear terrain hex entered", 9B "one MP to enter each road hex"),
        so the sample terrain's costs decide nothing; only the sheet's full sea hexes (GSHHG, approximate) are closed."""
        sheet = self.pack.sheet
        rating = self.rating(audit, unit)
        start, target = sheet.known(origin), sheet.known(to)
        if rating is None or start is None or target is None:
            return  # a printed map's hexes: which are sea is not known (nothing costed)
        spent = self.spent.get(unit.id, 0.0)
        def blocked(hex_: str) -> bool:  # 7: never through an enemy-occupied hex; it may leave one, or enter one
            return hex_ not in (start, target) and bool(enemy_any(audit, hex_, unit.side))
        steps = self.hexes_between(start, target, blocked, max(int(rating - spent), 1))
        if steps is not None and steps <= rating - spent:
            self.spent[unit.id] = spent + steps
            return
        if first_move and steps == 1 and not enemy_strong(audit, to, unit.side):
            self.single_hex.add(unit.id)  # 7: a unit may always move a single hex
            return
        need = f"needs at least {steps} MPs" if steps is not None else \
            f"needs more than {max(rating - spent, 1):g} MPs (or has no path over land)"
        audit.report(self.rule(self.m["rule"]), f"{unit.name or unit.id} moves from {origin} to {to} in the {kind} "
                     f"phase: the shortest path that passes through no enemy-occupied hex, at one MP a hex, {need}, "
                     f"and it has {max(rating - spent, 0):g} of its {rating:g} MPs left", where=to, units=[unit.id],
                     samples=(FULL_SEA,))

    def hexes_between(self, start: str, target: str, blocked: Callable[[str], bool], limit: int) -> int | None:
        """Hexes entered on the shortest path over the sheet's land (breadth first); None beyond ``limit``."""
        if start == target:
            return 0
        data, seen, frontier = self.pack.data, {start}, [start]
        for depth in range(1, limit + 1):
            nxt = []
            for hex_ in frontier:
                for near in OPEN_GRID.neighbours(hex_):
                    if near in seen or near not in data.hexes or data.hexes[near].terrain == "sea":
                        continue
                    if near == target:
                        return depth
                    seen.add(near)
                    if not blocked(near):
                        nxt.append(near)
            frontier = nxt
        return None
