"""Supply (europa-narvik.txt 11), judged through the record.

11A: a line of supply is traced in MPs, at the rate of the unit supplied, and never through a hex
holding an enemy unit and no friendly unit. 11B1a: a German unit is in general supply within 6 MPs of
a supply counter, judged at the beginning of each movement phase and at the end of the German air
phase; supplied at either, it is supplied that turn. 11B1b: attack supply at the instant of combat,
within 6 MPs of a counter the attack lists (``attack.supply``); a counter used for an attack is removed
at the end of that combat phase. 11C: captured counters give general supply only. 11B2: Norwegians are
always supplied. 11B3: British, French and Polish units within 10 MPs of a base (one base per port,
placed on a port), in general and attack supply; 17C: the landing craft serves as a base within ten
hexes of a base. 19B: German units are supplied throughout Turn 1.

The record marks a unit's supply state (``mark U as out-of-supply``, ``unmark``), as records-four-games.md
allows: a unit the rules find unsupplied that is not marked, or marked and supplied, is a finding (how an
audit shows a unit's supply state and its 11A3 effects, as Invasion: Norway's Out of Supply markers do). A counter used for attack is expended at the
end of that combat phase whether or not the record removes it; using it later is the finding. 11A3: the unsupplied turns are
counted, and each supply finding says what they do to the unit's strengths (none the first turn; then
attack 0, defense and movement halved; Germans later attack and defense 0).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ...record import Attack, Entry, Move, Place
from ...record.entries import Unit
from ...rules.engine import Audit
from ...rules.position import UnitState
from .catalogue import OPEN_GRID, is_hex
from .rules import Check, EuropaRules, phasing
from .terrain import same_map


class Lines:
    """Lines of supply at one moment: which hexes each source reaches, for each movement class."""

    def __init__(self, check: Check, audit: Audit, side: str):
        self.check = check
        self.audit = audit
        self.side = side
        self.sheet = check.pack.sheet
        self.blocked_hexes = self.enemy_only(audit, side)
        self.cache: dict[tuple[str, float, str], dict[str, float]] = {}

    def enemy_only(self, audit: Audit, side: str) -> set[str]:
        """11A: hexes holding an enemy ground unit and no friendly one."""
        sides: dict[str, set[str]] = {}
        for loc, ids in audit.position.occupied():
            hex_ = self.sheet.hex_of(loc)
            if hex_ is None:
                continue
            sides.setdefault(hex_, set()).update(audit.units[u].side for u in ids if audit.units[u].unit_class == "land")
        return {h for h, present in sides.items() if present and side not in present}

    def cost(self, source: str, unit_loc: str, limit: float, move_class: str) -> float | None:
        """MPs of the shortest line from a source to a hex, or None if none within the limit."""
        if not same_map(source, unit_loc):
            return None
        key = (source, limit, move_class)
        if key not in self.cache:
            self.cache[key] = self.sheet.reach(source, limit, move_class, self.blocked_hexes.__contains__)
        return self.cache[key].get(self.sheet.hex_of(unit_loc) or "")

    def supplied(self, unit: Unit, loc: str, sources: Iterable[str], limit: float) -> bool:
        move_class = move_class_of(unit, self.check.pack.data.info.move_class_of)
        return any(self.cost(s, loc, limit, move_class) is not None for s in sources)


def move_class_of(unit: Unit, by_type: Mapping[str, str]) -> str:
    """How a unit traces (11A: at its own rate): motorized as the record says, else by its type (game.toml)."""
    motorized = unit.get("motorized")
    if motorized is True:
        return "motorized"
    kind = by_type.get(str(unit.type or ""), "leg")
    return "leg" if motorized is False and kind == "motorized" else kind


class Supply(Check):
    """General supply (11B1a, 11B3), attack supply (11A1, 11B1b, 11B3), spent counters (11B1b), 11A3 effects."""

    def __init__(self, rules: EuropaRules):
        super().__init__(rules)
        self.s: Mapping[str, Any] = self.cfg["supply"]
        self.traced_at_movement: dict[str, bool] = {}  # German units supplied at the start of movement
        self.unsupplied_turns: dict[str, int] = {}
        self.spent: dict[str, str] = {}  # supply counter -> the combat phase that used it
        self.expended: set[str] = set()  # counters used for attack in a combat phase that has ended (11B1b)
        self.judged_allied: dict[str, bool] = {}
        self.samples = (f"sample: {self.cfg['terrain']['sample']}",)

    # -- who needs supply and where it comes from

    def needs(self, unit: Unit, side: str) -> bool:
        if unit.unit_class != "land" or unit.side != side or unit.type == "truck":
            return False
        return unit.nationality != "norwegian"  # 11B2: Norwegians are always supplied

    def german_sources(self, audit: Audit) -> list[str]:
        out = []
        for uid, unit in audit.units.items():
            loc = audit.position.loc(uid)
            if (unit.unit_class == "supply" and unit.side == "german" and loc is not None and is_hex(loc)
                    and uid not in self.expended):
                out.append(loc)
        return out

    def allied_sources(self, audit: Audit) -> list[str]:
        found: list[str] = []
        for uid, unit in audit.units.items():
            loc = audit.position.loc(uid)
            if unit.unit_class == "supply" and unit.type == "base" and loc is not None and is_hex(loc):
                found.append(loc)
        sheet, grid_range = self.pack.sheet, self.s["landing_craft_range"]
        for uid, unit in audit.units.items():
            loc = audit.position.loc(uid)
            if unit.unit_class == "naval" and str(unit.type).upper() == "LC" and is_hex(loc) and loc is not None:
                near = [b for b in found if same_map(b, loc) and
                        _distance(sheet.hex_of(b), sheet.hex_of(loc)) <= grid_range]
                if near:
                    found.append(loc)
        return found

    def ground(self, audit: Audit, side: str) -> list[tuple[Unit, str]]:
        out = []
        for uid, unit in audit.units.items():
            if self.needs(unit, side):
                loc = self.rules.hex_of(audit, uid)
                if loc is not None:
                    out.append((unit, loc))
        return out

    def first_turn(self, audit: Audit) -> bool:
        return audit.position.turn == self.s["first_turn"]

    # -- the moments

    def start_phase(self, audit: Audit) -> None:
        side, kind = phasing(audit)
        if kind != "movement":
            return
        if side == "german":
            self.traced_at_movement = {} if self.first_turn(audit) else self.trace(audit, "german")
        elif side == "allied":
            self.judged_allied = self.trace(audit, "allied")

    def end_phase(self, audit: Audit) -> None:
        side, kind = phasing(audit)
        if kind == "combat":
            self.spend(audit)
        if side == "german" and kind == "air" and not self.first_turn(audit):
            now = self.trace(audit, "german")
            verdict = {u: ok or self.traced_at_movement.get(u, False) for u, ok in now.items()}
            self.compare(audit, verdict, self.s["german_rule"], "at the start of the movement phase and the end "
                         "of the air phase")
            self.traced_at_movement = {}
        if side == "allied" and kind == "movement" and self.judged_allied:
            self.compare(audit, self.judged_allied, self.s["allied_rule"], "at the start of the movement phase",
                         extra=(self.s["allied_moment"],))
            self.judged_allied = {}

    def trace(self, audit: Audit, side: str) -> dict[str, bool]:
        lines = Lines(self, audit, side)
        if side == "german":
            sources, limit = self.german_sources(audit), self.s["german_mps"]
        else:
            sources, limit = self.allied_sources(audit), self.s["allied_mps"]
        return {unit.id: lines.supplied(unit, loc, sources, limit) for unit, loc in self.ground(audit, side)}

    def compare(self, audit: Audit, verdict: Mapping[str, bool], rule: str, when: str,
                extra: tuple[str, ...] = ()) -> None:
        status = self.s["status"]
        limit = self.s["german_mps"] if rule == self.s["german_rule"] else self.s["allied_mps"]
        source = "a German supply counter" if rule == self.s["german_rule"] else "an Allied base"
        for uid, ok in sorted(verdict.items()):
            unit = audit.units[uid]
            name = unit.name or uid
            where = self.rules.hex_of(audit, uid)
            marked = self.rules.marked(uid, status)
            self.unsupplied_turns[uid] = 0 if ok else self.unsupplied_turns.get(uid, 0) + 1
            if not ok and not marked and self.unsupplied_turns[uid] == 1:
                # 11A3a: "During the first unsupplied turn, it suffers no effect": no rule is broken yet.
                audit.note(f"{name} in {where} traces no line of {limit} MPs or less to {source} {when}: its first "
                           f"unsupplied turn the record shows, no effect yet ({self.s['effects_rule']}a); a record "
                           f"may mark it {status}")
            elif not ok and not marked:
                audit.report(self.rule(rule), f"{name} in {where} traces no line of {limit} MPs or less to {source} "
                             f"{when} ({self.s['line_rule']}: never through a hex of enemy units alone), yet the "
                             f"record does not mark it {status}{self.effects(unit)}",
                             where=where, units=[uid], samples=(*self.samples, *extra))
            elif ok and marked:
                audit.report(self.rule(rule), f"{name} in {where} is marked {status} but traces a line of {limit} "
                             f"MPs or less to {source} {when}", where=where, units=[uid],
                             samples=(*self.samples, *extra))

    def effects(self, unit: Unit) -> str:
        """11A3: what the unit's count of unsupplied turns does to its strengths (none before the first)."""
        turns = self.unsupplied_turns.get(unit.id, 0)
        if turns == 0:
            return ""
        if turns == 1:
            return f"; unsupplied turn 1: no effect ({self.s['effects_rule']}a)"
        if turns == 2 or unit.side != "german":
            rule = self.s["effects_rule"] + ("b" if turns == 2 else "c")
            return f"; unsupplied turn {turns}: attack strength 0, defense and movement halved ({rule})"
        return f"; unsupplied turn {turns}: attack and defense strengths 0, movement halved ({self.s['effects_rule']}c)"

    # -- combat

    def before(self, audit: Audit, entry: Entry) -> None:
        if isinstance(entry, Attack) and phasing(audit)[1] == "combat":
            self.attack(audit, entry)

    def attack(self, audit: Audit, entry: Attack) -> None:
        counters = [c for c in entry.supply if c in audit.units]
        # 19B: on Turn 1 German units "neither need nor expend supply counters": a counter listed is not spent.
        for c in counters if not self.first_turn(audit) else ():
            unit = audit.units[c]
            if unit.get("captured"):
                audit.report(self.rule(self.s["captured_rule"]), f"the captured supply {c} may give general supply, "
                             "never attack supply", where=entry.hex, units=[c])
            elif c in self.spent and self.spent[c] != self.phase_key(audit):
                audit.report(self.rule(self.s["german_attack_rule"]), f"the supply counter {c} was expended in an "
                             f"earlier combat phase ({self.spent[c]})", where=entry.hex, units=[c])
            self.spent.setdefault(c, self.phase_key(audit))
        for uid in entry.attackers:
            unit = audit.units.get(uid)
            if unit is None or unit.unit_class != "land" or unit.nationality == "norwegian" or unit.type == "truck":
                continue
            fault = self.attack_fault(audit, unit, counters)
            if fault:
                rule, text = fault
                audit.report(self.rule(rule), f"{unit.name or uid} attacks in {entry.hex} out of attack supply: {text}"
                             f"{self.effects(unit)}", where=entry.hex, units=[uid], samples=self.samples)

    def attack_fault(self, audit: Audit, unit: Unit, counters: list[str]) -> tuple[str, str] | None:
        loc = self.rules.hex_of(audit, unit.id) or audit.position.loc(unit.id)
        if loc is None or not is_hex(loc) or unit.side is None:
            return None
        lines = Lines(self, audit, unit.side)
        if unit.side == "german":
            if self.first_turn(audit):
                return None  # 19B
            if not counters:
                return self.s["german_attack_rule"], "the attack lists no supply counter (attack.supply)"
            unusable = {c: why for c in counters if (why := self.unusable(audit, c))}
            usable = [audit.position.loc(c) for c in counters if c not in unusable and is_hex(audit.position.loc(c))]
            if not lines.supplied(unit, loc, [u for u in usable if u is not None], self.s["german_mps"]):
                if len(unusable) == len(counters):  # no counter it lists may give attack supply, near or far
                    return self.s["german_attack_rule"], "; ".join(
                        f"its listed supply counter {c} {why}" for c, why in unusable.items())
                within = [c for c in counters if c not in unusable]
                return (self.s["german_attack_rule"], f"no listed supply counter ({', '.join(within)}) within "
                        f"{self.s['german_mps']} MPs")
            return None
        if not lines.supplied(unit, loc, self.allied_sources(audit), self.s["allied_mps"]):
            return self.s["allied_rule"], f"no Allied base within {self.s['allied_mps']} MPs"
        return None

    def unusable(self, audit: Audit, counter: str) -> str:
        """Why a listed counter gives no attack supply wherever it is (11C: captured; 11B1b: expended); "" if it may."""
        if audit.units[counter].get("captured"):
            return "is captured supply, which gives general supply only (11C)"
        if counter in self.expended:
            return f"was expended in an earlier combat phase ({self.spent.get(counter, 'before')}; 11B1b)"
        return ""

    def phase_key(self, audit: Audit) -> str:
        return f"{audit.position.turn} {audit.position.phase}"

    def spend(self, audit: Audit) -> None:
        """11B1b: a counter used for attack is removed at the end of the combat phase."""
        key = self.phase_key(audit)
        for c, when in sorted(self.spent.items()):
            if when == key and audit.units[c].unit_class == "supply":
                self.expended.add(c)  # gone whether or not the record removes it; a later use is the finding

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if isinstance(entry, Place):
            self.bases(audit, entry.unit, entry.at, None)
        elif isinstance(entry, Move):
            self.bases(audit, entry.unit, entry.to, previous.loc if previous is not None else None)

    def bases(self, audit: Audit, uid: str, at: str, came_from: str | None) -> None:
        """11B3: bases are placed on ports, one base per port, never on an enemy-occupied port; "Once placed, a
        base may not be moved." A base a log brings on with a move (from a box or off the map) is placed."""
        unit = audit.units[uid]
        if unit.unit_class != "supply" or unit.type != "base" or not is_hex(at):
            return
        if is_hex(came_from) and came_from != at:
            audit.report(self.rule(self.s["allied_rule"]), f"{unit.name or uid} moved from {came_from} to {at}: "
                         "once placed, a base may not be moved", where=at, units=[uid])
            return
        sheet = self.pack.sheet
        others = [u for u in audit.position.at(at) if u != uid and audit.units[u].type == "base"
                  and audit.units[u].unit_class == "supply"]
        enemy = [u for u in audit.position.at(at) if audit.units[u].side != unit.side
                 and audit.units[u].unit_class == "land"]
        rule = self.s["allied_rule"]
        samples: tuple[str, ...] = ("sample: the sheet's ports",)
        if sheet.is_port(at) is False:
            fault = "a base is placed on a port (17: a Norwegian city in a partial sea hex, not Elvegaardsmoen)"
        elif others:
            fault, samples = f"only one base per port is allowed; {', '.join(sorted(others))} is there", ()
        elif enemy:
            fault, samples = "bases may not be placed at enemy-occupied ports", ()
        elif audit.position.hits.get(at, 0) >= self.s["port_hits"]:
            fault, samples = f"a port with {self.s['port_hits']} hits supports no Allied base", ()
            rule = self.s["port_bombing_rule"]
        else:
            return
        audit.report(self.rule(rule), f"{unit.name or uid} placed in {at}: {fault}",
                     where=at, units=[uid], samples=samples)



def _distance(a: str | None, b: str | None) -> int:
    return OPEN_GRID.distance(a, b) if a and b else 10**6
