"""The checks of the Norway 1940 scenario, over the shared audit engine (:mod:`vassal_tools.rules.engine`).

Each finding cites norway-1940-scenario.txt as records-four-games.md says: ``27.2``, ``27.3``, else
the heading (``norway-1940-scenario.txt Air-Naval Attack``). :data:`CHECKS` lists them with their
rules (``vassal-tools games`` prints it). Findings that rely on the sample map (which sea zones
border a port or a base) say so.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Mapping
from typing import Any

from ...record import (
    Action,
    Attack,
    Entry,
    Mark,
    PhaseStart,
    Place,
    Remove,
    Roll,
    Steps,
    Unmark,
    VictoryPoints,
)
from ...record.entries import Unit
from ...rules.engine import Audit, Check, Checks
from ...rules.position import UnitState
from .data import FILE, NorwayData, UnitRow

SAMPLE_MAP = "the sea-zone borders of the sample map"
OUT_OF_SUPPLY = "out-of-supply"
SEARCH = "air-naval-search"
ACTION_ROLL = "action-roll"
MOBILIZATION_ROLLS = ("2a", "earlymobilization", "norwegianearlymobilization", "mobilization")  # folded `for`
SHOCK_ROLLS = ("shock", "shockeffect", "shocktable")  # a roll's `for`, folded

# (check, rules it cites, what it judges)
CHECKS: tuple[tuple[str, tuple[str, ...], str], ...] = (
    ("set-up", ("Allied Set-up", "Norwegian Land Units", "Norwegian Naval Units", "Norwegian Air Units",
                "British Land Units", "British Air Units", "British Naval Units", "French Units", "Polish Units",
                "27.2", "27.2 2a", "27.2 2b", "27.2 2c", "27.3", "German Land Units", "German Naval Units",
                "German Air Units", "German Special Rules 2c", "Norwegian Reinforcement Pool",
                "Other Allied Reinforcement Pool", "British", "French", "Allied Special Reinforcements box",
                "German Reinforcement Pool", "German Special Reinforcements box"),
     "a record that starts at Pre-turn or Turn 1 sets each counter up where its list puts it: British ships in "
     "their base or sea zones 35, 36, 41, German ships by their base or in 40, 45, one German SS in any sea zone; "
     "special reinforcements where their option puts them (early mobilization: as many pool units as its die, "
     "one a Norwegian area)"),
    ("activation", ("Actions", 'Submarine "bonus" Activation', "German Special Rules 1a"),
     "a unit is activated once a turn (a mid-turn is no turn); the German pre-turn has four actions and no unit "
     "twice; the action roll's dice difference gives each player his actions (1: one naval, one ground, one "
     "air; 2: two and a submarine bonus; 3-5: that many; free actions on top)"),
    ("supply", ("Supply",), "only ground units are marked out of supply"),
    ("air-naval-search", ("Air-Naval Attack",),
     "a land-based air unit attacking ships rolls in that sea zone first: 1-4 attacks, 5-6 returns to base "
     "(carrier-based air needs no roll)"),
    ("submarine", ("Submarine",), "no more than two units attack an enemy submarine"),
    ("victory-points", ("German VP", "Allied VPs", "Variable Allied VP", "27.2", "German Special Rules 2c"),
     "each award adds what the sheet gives: enemy units eliminated earlier, once each (German ships 1D6 plus "
     "their type's value), areas controlled, special reinforcements taken (2b: four a unit)"),
    ("shock", ("Shock Table",),
     "a free action right after a shock roll is the one the roll gives: 1 the enemy's, 2-3 none, 4-6 the "
     "roller's"),
    ("refit", ("Allied Refit Table", "German Refit Table"),
     "a refit roll's outcome is the one its side's table gives the unit's row (BB/BC/CV, TR, other naval, air, "
     "land)"),
    ("die", ("Shock Table", "Air-Naval Attack", "Actions", "Allied Refit Table", "German Refit Table",
             "Variable Allied VP"),
     "every die is a d6: a result outside 1-6 is a finding, cited by what the roll is for"),
)
OUTCOME_WORDS = {"refitted": "refit", "damaged": "damage", "destroyed": "destroy"}  # the tables' columns, as said
REFIT_TABLE = {"allied": "Allied Refit Table", "german": "German Refit Table"}
# The Shock Table's row a free action is judged by (explain.toml's cases of Shock Table).
SHOCK_CASES = {1: "resolve", 2: "no-effect", 3: "no-effect", 4: "terror", 5: "terror", 6: "terror"}
DIE_RULE = {SEARCH: "Air-Naval Attack", "shock": "Shock Table", "action-roll": "Actions", "actions": "Actions",
            "random-event": "Actions", "event": "Actions", "variable-vp": "Variable Allied VP"}


def rule(heading: str) -> str:
    return f"{FILE} {heading}"


def fold(text: Any) -> str:
    """A name as compared: case, spaces and hyphens do not count; ``Do-117`` is read ``Do-17``."""
    key = re.sub(r"[\s\-_]+", "", str(text or "").casefold())
    return "do17" if key == "do117" else key


def fair(entry: Roll) -> bool:
    """Every die of a roll reads 1-6 (a roll that does not is the die check's finding, and judged by no other)."""
    return all(1 <= die <= 6 for die in entry.dice)


def refit_units(entry: Roll) -> tuple[str, ...]:
    return entry.target or ((entry.unit,) if entry.unit else ())


def refit_side(audit: Audit, entry: Roll) -> str | None:
    units = refit_units(entry)
    return audit.units[units[0]].side if units and units[0] in audit.units else entry.side


class Norway1940Rules(Checks):
    """The checks of one audit composed, and what they share: the options the record takes, the set-up's
    special reinforcements placed, the units eliminated."""

    def __init__(self, data: NorwayData, composed: tuple[type[NorwayCheck], ...] | None = None):
        self.data = data
        toml = data.toml
        self.limits = toml["limits"]
        self.vp = toml["vp"]
        self.refit = toml["refit"]
        self.judge_setup = False
        self.options: set[str] = set()
        self.removed: set[str] = set()
        self.special_placed: Counter[str] = Counter()  # units of each special reinforcement set up on the map
        self.started = False
        self.mobilization_die: int | None = None  # 27.2 2a: the die that says how many pool units set up early
        # A roll's `for` in any spelling game.toml gives it (``action``, ``Action roll``) -> the roll's id.
        self.roll_ids = {fold(word): roll["id"] for roll in toml.get("die_rolls", [])
                         for word in (roll["id"], roll["name"], *roll.get("aliases", ()))}
        super().__init__(check(self) for check in (COMPOSED if composed is None else composed))

    def start_phase(self, audit: Audit) -> None:
        if not self.started:
            self.started = True
            self._begin(audit)
        super().start_phase(audit)

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        # Eliminated: removed, or brought to 0 steps (record-format.md).
        if isinstance(entry, Remove) or (isinstance(entry, Steps) and entry.to == 0):
            self.removed.add(entry.unit)
        super().after(audit, entry, previous)

    def _begin(self, audit: Audit) -> None:
        first = next((e for e in audit.record.entries if isinstance(e, PhaseStart)), None)
        # records-four-games.md: the set-up is judged when the record starts at Pre-turn or Turn 1.
        turns = self.data.toml["turns"]
        self.judge_setup = first is not None and first.turn in (turns["pre_turn"], f"{turns['prefix']} 1")
        for entry in audit.record.entries:
            if isinstance(entry, VictoryPoints) and entry.for_key:
                self.options.add(fold(special_key(entry.for_key)))
        for entry in audit.record.entries:  # the set-up's early mobilization die (27.2 2a)
            if isinstance(entry, PhaseStart):
                break
            if isinstance(entry, Roll) and fold(entry.purpose) in MOBILIZATION_ROLLS and entry.dice:
                self.mobilization_die = entry.dice[0]


class NorwayCheck(Check):
    """One family of the sheet's rules, with what the checks share at hand."""

    def __init__(self, rules: Norway1940Rules):
        self.rules = rules
        self.data = rules.data
        self.limits, self.vp, self.refit = rules.limits, rules.vp, rules.refit


class SetUp(NorwayCheck):
    """Allied Set-up, 27.2, 27.3, German Special Rules 2c: each counter where its list puts it."""

    def __init__(self, rules: Norway1940Rules):
        super().__init__(rules)
        self.mobilized: Counter[str] = Counter()  # pool units set up early in each area (27.2 2a)
        self.assigned: set[str] = set()  # the units.csv rows the set-up's units took

    def before(self, audit: Audit, entry: Entry) -> None:
        # The set-up: places before the first phase, or a log's opening position (step 0).
        if isinstance(entry, Place) and self.rules.judge_setup and (audit.position.phase is None or entry.step == 0):
            self._setup(audit, entry)

    def rows_for(self, unit: Unit) -> list[UnitRow]:
        """The data's units a record's unit is: its ref, else its name, else its nationality, class and type."""
        units = self.data.units
        if unit.ref is not None and unit.ref in units:
            return [units[unit.ref]]
        same = [r for r in units.values() if r.side == unit.side and r.unit_class == unit.unit_class
                and (unit.nationality is None or r.nationality == unit.nationality)]
        if unit.name:
            named = [r for r in same if fold(unit.name) in (fold(r.name), fold(f"{r.type} {r.name}"))]
            if named:
                return named
        return [r for r in same if unit.type is not None and fold(r.type) == fold(unit.type)]

    def _setup(self, audit: Audit, entry: Place) -> None:
        unit = audit.units[entry.unit]
        own = fold(unit.get("special"))
        rows = self.rows_for(unit)
        rows = [r for r in rows if own and fold(r.special) == own] or rows  # `special` names its counter
        # Each counter of the lists sets up once: "2 x BB" are two rows, and of the two German SS only
        # one may go to "any naval zone" (27.3). Rows already taken are left to extra units.
        free = [r for r in rows if r.id not in self.assigned] or rows
        if not free:
            return  # a unit the lists do not name: not judged
        at = entry.at
        kind = self.data.kind(at)
        allowed_by = {r.id: self._allowed(r, own) for r in free}
        # The narrowest list first, so a unit that fits a list of its own leaves the wider one free.
        for row in sorted(free, key=lambda r: ("sea:any" in allowed_by[r.id][0], len(allowed_by[r.id][0]))):
            places, sample = allowed_by[row.id]
            if self._fits(at, kind, places, sample):
                self._take(row, at)
                return
        mobilizing = [r for r in free if "land:norway" in allowed_by[r.id][0]]
        if mobilizing and at in self.data.norwegian_land():
            self._take(mobilizing[0], at)
            self._mobilized(audit, entry)  # 27.2 2a: early mobilization, one unit a zone
            return
        self._take(free[0], at)  # out of place, but on the map: a special reinforcement counts as added
        allowed = {p for places, _ in allowed_by.values() for p in places}
        sample = any(needs_map for _, needs_map in allowed_by.values())
        heading = setup_rule(free[0])
        where = ", ".join(sorted(p for p in allowed if ":" not in p or p.startswith("carrier:"))) or "its box"
        if "sea:any" in allowed:
            where += ", any sea zone"
        audit.report(rule(heading), f"{unit.name or unit.id} set up in {at}: its list places it in {where}",
                     where=at, units=[unit.id], samples=(SAMPLE_MAP,) if sample else (),
                     case=set_up_case(free[0], heading))

    def _allowed(self, row: UnitRow, own: str) -> tuple[set[str], bool]:
        """Where a row may set up: its list, and where its special reinforcement puts it when taken."""
        places, sample = self.data.allowed(row.allowed)
        if row.special and row.special_at and fold(row.special) in self.rules.options | {own}:
            places = places | self.data.allowed([row.special_at])[0]
        return places, sample

    def _fits(self, at: str, kind: str | None, places: set[str], sample: bool) -> bool:
        if at in places or ("sea:any" in places and kind == "sea"):
            return True
        # A zone the sheet never numbers: whether it borders a port or base is not known.
        return sample and kind == "sea" and at not in self.data.places

    def _take(self, row: UnitRow, at: str) -> None:
        self.assigned.add(row.id)
        if row.special and at != row.start:
            self.rules.special_placed[fold(row.special)] += 1

    def _mobilized(self, audit: Audit, entry: Place) -> None:
        self.mobilized[entry.at] += 1
        if self.mobilized[entry.at] == 2:
            audit.report(rule("27.2"), f"a second unit of the Norwegian mobilization pool set up in {entry.at}: "
                         "Norwegian Early Mobilization places no more than one per zone", where=entry.at,
                         units=[entry.unit], samples=("the sample map's Norwegian areas",), case="one-per-zone")
        die = self.rules.mobilization_die
        if die is not None and sum(self.mobilized.values()) == die + 1:
            audit.report(rule("27.2"), f"{die + 1} units of the Norwegian mobilization pool set up early: the Allied "
                         f"player rolled {die} and picks that number", where=entry.at, units=[entry.unit], excess=1,
                         case="early-mobilization")


class Shock(NorwayCheck):
    """Shock Table: a free action right after a shock roll is the one the roll gives."""

    def __init__(self, rules: Norway1940Rules):
        super().__init__(rules)
        self.shock: tuple[int, str, str | None] | None = None  # the last shock roll: die, roller, who gets a free action

    def start_phase(self, audit: Audit) -> None:
        self.shock = None

    def before(self, audit: Audit, entry: Entry) -> None:
        if isinstance(entry, Action):
            if fold(entry.kind) == "free":
                self._free_action(audit, entry)
            else:
                self.shock = None  # a shock's free action is used at once, or not at all
        elif isinstance(entry, Roll) and fair(entry) and fold(entry.purpose) in SHOCK_ROLLS and \
                entry.side in ("german", "allied"):
            self.shock = shock_result(entry.side, entry.dice[0])

    def _free_action(self, audit: Audit, entry: Action) -> None:
        """Shock Table: 1 gives the enemy one free action, 2-3 nothing, 4-6 the rolling player one. A
        free action right after a shock roll is judged by it; one with no shock roll before it (an event's,
        or a roll the record leaves out) is not."""
        if self.shock is None:
            return
        die, roller, gets = self.shock
        self.shock = None
        if gets is None:
            problem = f"a shock roll of {die} is no effect: no free action"
        elif gets != entry.side:
            problem = f"a shock roll of {die} by the {roller} player gives the {gets} player the free action"
        else:
            return
        audit.report(rule("Shock Table"), f"{entry.side} free action: {problem}", where=entry.hex,
                     units=entry.units, case=SHOCK_CASES.get(die, ""))


class Activation(NorwayCheck):
    """Actions, German Special Rules 1a: once a turn a unit, the pre-turn's four, the actions the dice give."""

    def __init__(self, rules: Norway1940Rules):
        super().__init__(rules)
        self.activated: Counter[tuple[str | None, str, str]] = Counter()
        self.pre_turn_actions = 0
        self.action_dice: dict[str, int] = {}  # each side's die of the current action roll
        self.difference: int | None = None  # the dice difference of the current actions phase
        self.actions_taken: dict[str, list[str]] = {"german": [], "allied": []}

    def start_phase(self, audit: Audit) -> None:
        phase = audit.position.phase
        if phase == ACTION_ROLL:
            self.action_dice = {}
        elif phase == "actions":
            # The action roll just made sets this phase's actions (Actions); a record that shows no
            # roll of both sides, or doubles, is not judged.
            dice = self.action_dice
            both = len(dice) == 2 and dice["german"] != dice["allied"]
            self.difference = abs(dice["german"] - dice["allied"]) if both else None
            self.action_dice = {}
            self.actions_taken = {"german": [], "allied": []}

    def before(self, audit: Audit, entry: Entry) -> None:
        if isinstance(entry, Action):
            self._activation(audit, entry)
        elif isinstance(entry, Roll) and fair(entry) and audit.position.phase == ACTION_ROLL and \
                entry.side in ("german", "allied") and "event" not in entry.purpose:
            self.action_dice[entry.side] = entry.dice[0]

    def _activation(self, audit: Audit, entry: Action) -> None:
        phase = audit.position.phase
        pre_turn = phase == "pre-turn-activation"
        if pre_turn:
            if entry.side != "german":
                audit.report(rule("German Special Rules 1a"), f"an {entry.side} action in the German pre-turn "
                             "activation phase", units=entry.units)
            else:
                self.pre_turn_actions += 1
                if self.pre_turn_actions == self.limits["pre_turn_actions"] + 1:
                    audit.report(rule("German Special Rules 1a"), "a fifth German action in the pre-turn "
                                 "activation phase, which consists of four Actions", units=entry.units, excess=1)
        if phase == "actions" and self.difference is not None and entry.side in self.actions_taken:
            self._action_count(audit, entry)
        # A mid-turn (after doubles) is no turn: its actions are counted apart (Actions).
        scope = "mid-turn" if phase == "mid-turn" else "turn"
        for uid in dict.fromkeys(entry.units):
            key = (audit.position.turn, scope, uid)
            self.activated[key] += 1
            if self.activated[key] == self.limits["activations_per_turn"] + 1:
                heading = "German Special Rules 1a" if pre_turn else "Actions"
                audit.report(rule(heading), f"{uid} is activated a second time in {audit.position.turn}: each unit "
                             "may be activated only once per turn", where=entry.hex, units=[uid], case="twice")

    def _action_count(self, audit: Audit, entry: Action) -> None:
        """Actions: the dice difference gives each player his actions (free actions, from the Shock
        Table or an event, come on top)."""
        kind = fold(entry.kind)
        if kind == "free" or self.difference is None:
            return
        taken = self.actions_taken[entry.side]
        taken.append("naval" if kind == "submarine" and self.difference == 1 else kind)
        diff = self.difference
        allowed = max(diff, self.limits["minimum_actions"])
        if len(taken) > allowed:
            problem = f"action {len(taken)} of the {entry.side} player: a dice difference of {diff} gives {allowed}"
        elif diff == 1 and kind in ("naval", "ground", "air", "submarine") and taken.count(taken[-1]) > 1:
            problem = (f"a second {taken[-1]} action: a dice difference of 1 gives one Naval, one Ground and one "
                       "Air action (each may be swapped for Reinforcements or Refit)")
        elif diff == 2 and sum(k != "submarine" for k in taken) > 2:
            problem = ("a third regular action: a dice difference of 2 gives two regular actions and a bonus "
                       "action for Submarine units only")
        else:
            return
        audit.report(rule("Actions"), problem, where=entry.hex, units=entry.units, excess=1,
                     case=f"difference-{diff}")


class Supply(NorwayCheck):
    """Supply: only ground units are marked out of supply."""

    def before(self, audit: Audit, entry: Entry) -> None:
        if isinstance(entry, (Mark, Unmark)):
            self._supply(audit, entry)

    def _supply(self, audit: Audit, entry: Mark | Unmark) -> None:
        if entry.status != OUT_OF_SUPPLY or entry.unit not in audit.units:
            return
        unit = audit.units[entry.unit]
        if unit.unit_class != "land":
            verb = "marked" if isinstance(entry, Mark) else "unmarked"
            audit.report(rule("Supply"), f"{unit.name or unit.id} ({unit.unit_class}) {verb} out of supply: supply "
                         "is for ground units only", where=audit.position.loc(entry.unit), units=[entry.unit])


class Dice(NorwayCheck):
    """Every die is a d6, cited by what the roll is for."""

    def before(self, audit: Audit, entry: Entry) -> None:
        if not isinstance(entry, Roll):
            return
        purpose = self.rules.roll_ids.get(fold(entry.purpose), entry.purpose)
        table = REFIT_TABLE.get(refit_side(audit, entry) or "") if purpose == "refit" else None
        # The action roll's phase (and a mid-turn's event checks) roll for the Actions, whatever word the
        # record gives the roll ("Number of Actions is determined by the difference of each player's die roll").
        by_phase = "Actions" if audit.position.phase in (ACTION_ROLL, "mid-turn") else None
        heading = table or DIE_RULE.get(purpose) or by_phase or "Shock Table"
        for die in entry.dice:
            if not 1 <= die <= 6:
                audit.report(rule(heading), f"a {entry.purpose} roll of {die}: the die is a d6 (1-6)", where=entry.zone,
                             units=[entry.unit] if entry.unit else ())


class AirNavalSearch(NorwayCheck):
    """Air-Naval Attack: a land-based air unit attacking ships rolls in that sea zone first."""

    def __init__(self, rules: Norway1940Rules):
        super().__init__(rules)
        self.searches: dict[str, tuple[int, str | None]] = {}  # unit -> its search die and zone
        # Dice of search rolls that name no unit (a log's declared roll; several dice thrown at once).
        self.unassigned: list[tuple[int, str | None]] = []

    def start_phase(self, audit: Audit) -> None:
        self.searches, self.unassigned = {}, []

    def before(self, audit: Audit, entry: Entry) -> None:
        if isinstance(entry, Action):
            self.searches, self.unassigned = {}, []
        elif isinstance(entry, Roll) and fair(entry) and entry.purpose == SEARCH:
            if entry.unit is not None:
                self.searches[entry.unit] = (entry.dice[0], entry.zone)
            else:
                self.unassigned += [(die, entry.zone) for die in entry.dice]  # one die per attacking unit
        elif isinstance(entry, Attack):
            naval = [u for u in entry.target if u in audit.units and audit.units[u].unit_class == "naval"]
            if naval or self.data.kind(entry.hex) == "sea":
                self._air_naval(audit, entry)

    def _air_naval(self, audit: Audit, entry: Attack) -> None:
        for uid in entry.attackers:
            unit = audit.units.get(uid)
            loc = audit.position.loc(uid) or ""
            if unit is None or unit.unit_class != "air" or loc.startswith("carrier:"):
                continue  # carrier-based air finds its targets without the roll
            search = self.searches.get(uid)
            if search is None and self.unassigned:  # a die naming no unit counts for the next attacker
                search = self.searches[uid] = self.unassigned.pop(0)
            low, high = self.limits["search_attack"]
            if search is None:
                problem = "with no search roll in this action: each land-based air unit rolls to locate ships"
            elif not low <= search[0] <= high:
                problem = f"after a search roll of {search[0]}: on 5-6 it cannot attack and returns to base"
            elif search[1] is not None and search[1] != entry.hex:
                problem = f"after searching {search[1]}, not {entry.hex}"
            else:
                continue
            audit.report(rule("Air-Naval Attack"), f"land-based {unit.name or uid} attacks ships in {entry.hex} "
                         + problem, where=entry.hex, units=[uid],
                         case="" if search is None else "roll" if not low <= search[0] <= high else "zone")


class Submarine(NorwayCheck):
    """Submarine: no more than two units attack an enemy submarine."""

    def __init__(self, rules: Norway1940Rules):
        super().__init__(rules)
        self.sub_attackers: dict[str, set[str]] = defaultdict(set)

    def start_phase(self, audit: Audit) -> None:
        self.sub_attackers = defaultdict(set)

    def before(self, audit: Audit, entry: Entry) -> None:
        if isinstance(entry, Action):
            self.sub_attackers = defaultdict(set)
        elif isinstance(entry, Attack):
            self._attack(audit, entry)

    def _attack(self, audit: Audit, entry: Attack) -> None:
        naval = [u for u in entry.target if u in audit.units and audit.units[u].unit_class == "naval"]
        for sub in (u for u in naval if fold(audit.units[u].type) == "ss"):
            self.sub_attackers[sub] |= set(entry.attackers)
            if len(self.sub_attackers[sub]) == self.limits["submarine_attackers"] + 1:
                audit.report(rule("Submarine"), f"{len(self.sub_attackers[sub])} units attack the submarine {sub}: "
                             "no more than two units can attack an enemy Submarine unit", where=entry.hex,
                             units=sorted(self.sub_attackers[sub]), excess=1)


class VictoryPointAwards(NorwayCheck):
    """German VP, Allied VPs, Variable Allied VP, 27.2, German Special Rules 2c: each award as the sheet gives it."""

    def __init__(self, rules: Norway1940Rules):
        super().__init__(rules)
        self.scored: set[str] = set()
        self.special_taken: Counter[str] = Counter()
        self.pending_specials: list[VictoryPoints] = []  # special awards given during the set-up

    def before(self, audit: Audit, entry: Entry) -> None:
        if isinstance(entry, VictoryPoints):
            self._victory_points(audit, entry)

    def end_phase(self, audit: Audit) -> None:
        pending, self.pending_specials = self.pending_specials, []
        for entry in pending:
            key = fold(special_key(entry.for_key or ""))
            award = next(s for s in self.vp["special"] if fold(s["key"]) == key)
            self._special_award(audit, entry, key, award)

    def _victory_points(self, audit: Audit, entry: VictoryPoints) -> None:
        if entry.for_units:
            self._vp_units(audit, entry)
        elif entry.for_key is not None:
            place = self.data.place(entry.for_key)
            if place is not None:
                self._vp_control(audit, entry, place)
            else:
                self._vp_special(audit, entry)

    def _vp_units(self, audit: Audit, entry: VictoryPoints) -> None:
        fixed, heading = 0, "German VP" if entry.side == "german" else "Allied VPs"
        variable: list[str] = []
        known = True
        for uid in entry.for_units:
            unit = audit.units[uid]
            problem = None
            if unit.side == entry.side:
                problem = f"{uid} is a {entry.side} unit: victory points come from eliminated enemy units"
            elif uid not in self.rules.removed:
                problem = f"{uid} has not been eliminated earlier in the record"
            elif uid in self.scored:
                problem = f"{uid} has scored already"
            if problem:
                audit.report(rule(heading), f"{entry.side} victory points for {uid}: {problem}", units=[uid])
                known = False
                continue
            self.scored.add(uid)
            value = self._unit_value(entry.side, unit)
            if value is None and unit.side == "german" and unit.unit_class == "naval":
                variable.append(uid)
            elif value is None:
                known = False  # a unit type the sheet gives no value for
            else:
                fixed += value
        if variable:
            heading = "Variable Allied VP"
            if len(variable) > 1:
                audit.report(rule(heading), f"one award for {len(variable)} German ships: each eliminated ship scores "
                             "its own 1D6 roll", units=variable)
                return
            unit = audit.units[variable[0]]
            if fold(unit.type).upper() not in self.vp["variable"]:
                return  # a ship type the table does not list
            if entry.roll is None:
                audit.report(rule(heading), f"the award for the German {unit.type} {variable[0]} gives no 1D6 roll",
                             units=variable)
                return
            if not 1 <= entry.roll <= 6:
                audit.report(rule(heading), f"a 1D6 roll of {entry.roll}: the die is a d6 (1-6)", units=variable)
                return
            fixed += entry.roll + self.vp["variable"][fold(unit.type).upper()]
        if known and entry.add != fixed:
            audit.report(rule(heading), f"{entry.side} scores {entry.add} victory points for "
                         f"{', '.join(entry.for_units)}: the sheet gives {fixed}", units=entry.for_units)

    def _unit_value(self, side: str, unit: Unit) -> int | None:
        kind = "land" if unit.unit_class == "land" else unit.unit_class
        if side == "german":
            table = self.vp["german"]
            if kind == "naval":
                capital = fold(unit.type).upper() in table["capital_types"]
                return table["capital_ship"] if capital else table["other_naval"]
            return table.get(kind)
        return self.vp["allied"].get(kind)  # German ships: None, the variable award

    def _vp_control(self, audit: Audit, entry: VictoryPoints, place: str) -> None:
        heading = "German VP" if entry.side == "german" else "Allied VPs"
        control = self.vp["control"]
        value = control["named"].get(place)
        if value is None and place in self.data.ports():
            value = control["other_port"]
        holder = audit.position.control.get(place)
        if value is None:
            audit.report(rule(heading), f"{entry.side} scores for {place}, whose control scores no victory points "
                         "(Oslo, Narvik, the other Norwegian port areas, the Faroe islands)", where=place,
                         samples=("the sample map's port areas",))
        elif holder is not None and holder != entry.side:
            audit.report(rule(heading), f"{entry.side} scores for {place}, which {holder} controls", where=place)
        elif entry.add != value:
            audit.report(rule(heading), f"{entry.side} scores {entry.add} victory points for controlling {place}: "
                         f"the sheet gives {value}", where=place)

    def _vp_special(self, audit: Audit, entry: VictoryPoints) -> None:
        key = fold(special_key(entry.for_key or ""))
        award = next((s for s in self.vp["special"] if fold(s["key"]) == key), None)
        if award is None:
            heading = "German VP" if entry.side == "german" else "Allied VPs"
            audit.report(rule(heading), f"{entry.side} scores {entry.add} victory points for {entry.for_key!r}, "
                         "which is no award of the sheet")
            return
        if "per_unit" in award and self.rules.judge_setup and audit.position.phase is None:
            self.pending_specials.append(entry)  # judged once the set-up has shown how many units were added
            return
        self._special_award(audit, entry, key, award)

    def _special_award(self, audit: Audit, entry: VictoryPoints, key: str, award: Mapping[str, Any]) -> None:
        self.special_taken[key] += entry.add
        added = self.rules.special_placed[key] if self.rules.judge_setup and "per_unit" in award else 0
        # 27.2 2b: four victory points for each unit the set-up added (left out of the record: 4 or 8).
        due = [award["per_unit"] * added] if added else award["add"]
        if entry.side != award["to"]:
            problem = f"{award['what']} gives its victory points to the {award['to']} player"
        elif added and self.special_taken[key] != due[0]:
            problem = f"{award['what']}: {added} unit{'s' if added > 1 else ''} added give {due[0]} in all"
        elif entry.add not in due or self.special_taken[key] > max(due):
            problem = f"{award['what']} gives {' or '.join(str(a) for a in due)} in all"
        else:
            return
        audit.report(rule(award["rule"]), f"{entry.side} scores {entry.add} for {entry.for_key}: {problem}",
                     entry=entry)


class Refit(NorwayCheck):
    """Allied and German Refit Tables: a refit roll's outcome is the one its side's table gives."""

    def before(self, audit: Audit, entry: Entry) -> None:
        if isinstance(entry, Roll) and fair(entry) and entry.purpose == "refit":
            self._refit(audit, entry)

    def _refit(self, audit: Audit, entry: Roll) -> None:
        units = refit_units(entry)
        dice = entry.dice if len(entry.dice) == len(units) else entry.dice[:1] * len(units)
        for uid, die in zip(units, dice, strict=True):
            if uid not in audit.units or entry.outcome is None:
                continue
            unit = audit.units[uid]
            row = refit_row(self.refit[unit.side], unit)
            expected = next(outcome for outcome in ("refit", "damage", "destroy")
                            if row[outcome][0] <= die <= row[outcome][1])
            claimed = OUTCOME_WORDS.get(entry.outcome, entry.outcome)
            if claimed != expected:
                audit.report(rule(REFIT_TABLE[unit.side]), f"{unit.name or uid} ({row['types']}) rolls {die} to refit: "
                             f"the table gives {expected}, not {entry.outcome}", units=[uid],
                             case="-".join(re.findall(r"[a-z]+", str(row["types"]).lower())))  # the table's row


# The checks in the order they see each entry: a free action is judged by the shock roll before the
# action's own count; a die outside 1-6 is reported before anything else reads the roll.
COMPOSED: tuple[type[NorwayCheck], ...] = (SetUp, Shock, Activation, Supply, Dice, AirNavalSearch, Submarine,
                                           VictoryPointAwards, Refit)


def shock_result(roller: str, die: int) -> tuple[int, str, str | None]:
    """Shock Table: 1 Resolve! (the enemy gains a free action), 2-3 no effect, 4-6 Terror Spreads (the
    rolling player gains one)."""
    enemy = "allied" if roller == "german" else "german"
    return die, roller, enemy if die == 1 else roller if die >= 4 else None


def special_key(key: str) -> str:
    """A special reinforcement's key as the sheet prints it: ``27.2 2a`` or ``2a)`` is ``2a``
    (``German Special Rules 2c`` stays whole: it is not 27.2's 2c)."""
    text = re.sub(r"^27\.[23]\s+", "", key.strip(), flags=re.IGNORECASE)
    return text.rstrip(")").strip()


def set_up_case(row: UnitRow, heading: str) -> str:
    """The line of the sheet that places a unit (explain.toml's cases): 27.2's option ("2b"), a reinforcement
    pool ("pool-british"), else its list and where it starts ("norwegian-land-oslo": the Norwegian lists give
    each place a line; the others one line a list, which explain.toml's "norwegian-naval" covers)."""
    if heading == "27.2":
        return row.special
    if "pool" in row.start.lower():  # a reinforcement pool's unit: its pool's list ("pool-british")
        return f"pool-{row.nationality}"
    return "-".join(re.findall(r"[a-z]+", f"{row.nationality} {row.unit_class} {row.start}".lower()))


def setup_rule(row: UnitRow) -> str:
    """The heading a set-up finding cites: the Allied lists, 27.2's options, 27.3, the German special rules."""
    if row.special in ("Bismarck", "Graf Zeppelin"):
        return "German Special Rules 2c"
    if row.side == "german":
        return "27.3"
    return "27.2" if row.start == "Allied Special Reinforcements" else "Allied Set-up"


def refit_row(rows: list[Mapping[str, Any]], unit: Unit) -> Mapping[str, Any]:
    """The refit table's row of a unit: BB, BC, CV; TR; Other Naval; Air Units; Land Units."""
    if unit.unit_class == "naval":
        kind = fold(unit.type).upper()
        named = [r for r in rows if kind in r["types"].split(", ")]
        return named[0] if named else next(r for r in rows if r["types"] == "Other Naval")
    return next(r for r in rows if r["types"] == ("Air Units" if unit.unit_class == "air" else "Land Units"))
