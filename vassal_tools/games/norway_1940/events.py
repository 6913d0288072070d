"""The Norway 1940 sheet's turn events and special rules, judged from a record (norway-1940-scenario.txt
Actions, Event Change, Shock Effect Procedure, German Special Rules 2a and 2b, Air-Air Combat).

Doubles on the action roll make a mid-turn with the event checks (Actions); Fall Gelb is written as its roll
(``"for": "fall-gelb"``, the 1D6 of heavy units withdrawn); a shock roll follows every trigger the record can
show (a capital ship sunk, an airborne landing among Allied ground units); the Brandenburgers land by a
Launch Commando Operation action; naval infantry comes on an odd roll after a German BC, CA, CL or DD is
eliminated, two at most; air-to-air combat is started only by fighters.
"""

from __future__ import annotations

from collections import Counter

from ...record import Action, Attack, Control, Entry, Move, Place, Remove, Roll, Steps
from ...record.entries import Unit
from ...rules.engine import Audit
from ...rules.position import UnitState
from .checks import ACTION_ROLL, Norway1940Rules, NorwayCheck, fair, fold, refit_units, rule

MID_TURN = "mid-turn"
EVENT = "random-event"
FALL_GELB = "fall-gelb"
NAVAL_INFANTRY = "naval-infantry"
PICKS = {"event", "chit", "pick", "picked", "picks", "eventchit"}  # an event roll's outcome, folded
NO_PICK = {"none", "noeffect", "nothing", "noevent"}
CAPITAL = {"BB", "BC", "CV"}  # Shock: "Sinking a Capital Ship ... an enemy BB, BC or CV unit"
NAVAL_INFANTRY_TRIGGERS = {"BC", "CA", "CL", "DD"}  # German Special Rules 2b


def kind_of(unit: Unit) -> str:
    return fold(unit.type).upper() if unit.unit_class == "naval" else fold(unit.type)


class Doubles(NorwayCheck):
    """Actions: "Doubles - both players roll the same die roll number: Each player starting with the German roll
    to check if Random Event occur. The German player picks an event chit on a die roll of 1-4. The Allied
    player picks an event chit on a die roll of 1-3."; "Doubles do not count for a turn, rather as a
    mid-turn". A mid-turn follows doubles, and only doubles; its event rolls, German first, one a player."""

    def __init__(self, rules: Norway1940Rules):
        super().__init__(rules)
        self.dice: dict[str, int] = {}  # each side's action die of the last action roll
        self.rolled: list[str] = []  # sides that made an event check this mid-turn

    def start_phase(self, audit: Audit) -> None:
        phase, dice = audit.position.phase, self.dice
        if len(dice) == 2 and phase in ("actions", MID_TURN):
            doubles = dice["german"] == dice["allied"]
            if doubles and phase == "actions":
                audit.report(rule("Actions"), f"both players rolled {dice['german']}: doubles make a mid-turn with "
                             "event checks, not the turn's actions", case="doubles")
            elif not doubles and phase == MID_TURN:
                audit.report(rule("Actions"), f"a mid-turn after an action roll of {dice['german']} and "
                             f"{dice['allied']}: only doubles make a mid-turn", case="doubles")
        if phase == ACTION_ROLL or phase == MID_TURN:
            self.dice = {} if phase == ACTION_ROLL else self.dice
            self.rolled = []

    def before(self, audit: Audit, entry: Entry) -> None:
        if not isinstance(entry, Roll) or not fair(entry) or entry.side not in ("german", "allied"):
            return
        purpose = self.rules.roll_ids.get(fold(entry.purpose), entry.purpose)
        if audit.position.phase == ACTION_ROLL and purpose != EVENT:
            self.dice[entry.side] = entry.dice[0]
        elif purpose == EVENT:
            self.event(audit, entry, entry.side)

    def event(self, audit: Audit, entry: Roll, side: str) -> None:
        problem = None
        doubles = len(self.dice) == 2 and self.dice["german"] == self.dice["allied"]
        if audit.position.phase != MID_TURN and not (audit.position.phase == ACTION_ROLL and doubles):
            problem = "event checks are made in the mid-turn after doubles"  # (a record may leave its phase out)
        elif side in self.rolled:
            problem = f"a second {side} event check this mid-turn"
        elif side == "allied" and "german" not in self.rolled:
            problem = "the German player rolls first"
        self.rolled.append(side)
        outcome = fold(entry.outcome) if entry.outcome else None
        picks = entry.dice[0] <= self.limits["event_pick"][side]
        if problem is None and outcome in PICKS | NO_PICK and (outcome in PICKS) != picks:
            problem = (f"a roll of {entry.dice[0]} {'picks' if picks else 'picks no'} event chit (German 1-4, "
                       "Allied 1-3)")
        if problem:
            audit.report(rule("Actions"), f"{side} event check: {problem}", case="events")


class FallGelb(NorwayCheck):
    """Fall Gelb: "The German player rolls one die and must withdraw that number of German Heavy units from the
    map. For the rest of the game, the Allied player may not take the Call for Reinforcements (Allied) action,
    and French units may not Refit." Which units are heavy the sheet does not say: the withdrawal is judged
    only for not being more units than the die."""

    def __init__(self, rules: Norway1940Rules):
        super().__init__(rules)
        self.die: int | None = None
        self.withdrawn = 0
        self.withdrawing = False  # the German removals right after the roll are its withdrawal

    def start_phase(self, audit: Audit) -> None:
        self.withdrawing = False

    def before(self, audit: Audit, entry: Entry) -> None:
        if isinstance(entry, Roll) and fair(entry) and self.rules.roll_ids.get(fold(entry.purpose)) == FALL_GELB:
            self.die, self.withdrawn, self.withdrawing = entry.dice[0], 0, True
            return
        if self.die is None:
            return
        if isinstance(entry, Remove) and self.withdrawing and entry.unit in audit.units \
                and audit.units[entry.unit].side == "german":
            self.withdrawn += 1
            if self.withdrawn == self.die + 1:
                audit.report(rule("Fall Gelb"), f"{self.withdrawn} German units withdrawn for a Fall Gelb roll of "
                             f"{self.die}: that number", units=[entry.unit], excess=1)
            return
        self.withdrawing = False
        if isinstance(entry, Action) and entry.side == "allied" and fold(entry.kind) == "callforreinforcements":
            audit.report(rule("Fall Gelb"), "the Allied player takes the Call for Reinforcements action after Fall "
                         "Gelb: he may not for the rest of the game", units=entry.units)
        elif isinstance(entry, Roll) and entry.purpose == "refit":
            french = [u for u in refit_units(entry) if u in audit.units and audit.units[u].nationality == "french"]
            if french:
                audit.report(rule("Fall Gelb"), f"French {', '.join(french)} refit after Fall Gelb: French units may "
                             "not Refit for the rest of the game", units=french)


class ShockTriggers(NorwayCheck):
    """Shock Effect Procedure: "When an action triggering shock has occurred, the player initiating that Action
    must roll one 6-sided die". The triggers a record shows without the dice of a combat: "Sinking a Capital
    Ship. Each time either player eliminates an enemy BB, BC or CV unit (regardless of the die roll)", and
    "Airborne Landing. Each time the German player lands an airborne unit in an area containing an Allied
    ground unit". The roll is due before the next action or the end of the phase. A ship counts as eliminated
    by the enemy when it is removed in the action that attacked it (its hex or it as a target): a ship
    removed otherwise (a refit, a withdrawal) triggers nothing."""

    def __init__(self, rules: Norway1940Rules):
        super().__init__(rules)
        self.due: list[tuple[str, str, Entry]] = []  # (side that must roll, trigger, the entry)
        self.attacked: list[Attack] = []  # the attacks of the current action

    def start_phase(self, audit: Audit) -> None:
        self.due, self.attacked = [], []

    def end_phase(self, audit: Audit) -> None:
        self.overdue(audit)

    def before(self, audit: Audit, entry: Entry) -> None:
        if isinstance(entry, Action):
            self.overdue(audit)
            self.attacked = []
        elif isinstance(entry, Attack):
            self.attacked.append(entry)
        elif isinstance(entry, Roll) and fold(entry.purpose) in ("shock", "shockeffect", "shocktable"):
            side = entry.side or (self.due[0][0] if self.due else None)
            self.due = [d for d in self.due if d[0] != side] if side else self.due[1:]
        elif isinstance(entry, (Remove, Steps)) and entry.unit in audit.units:
            unit = audit.units[entry.unit]
            loc = audit.position.loc(entry.unit)
            enemy = "allied" if unit.side == "german" else "german"
            hit = any(entry.unit in a.target or (loc is not None and a.hex == loc) for a in self.attacked
                      if any(audit.units[u].side == enemy for u in a.attackers if u in audit.units))
            if (isinstance(entry, Remove) or entry.to == 0) and unit.unit_class == "naval" \
                    and kind_of(unit) in CAPITAL and hit:
                self.due.append((enemy, f"the {unit.side} {kind_of(unit)} {entry.unit} eliminated", entry))

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if not isinstance(entry, (Place, Move)) or entry.unit not in audit.units or audit.position.phase is None:
            return
        unit = audit.units[entry.unit]
        if unit.side != "german" or unit.unit_class != "land" or fold(unit.type) != "airborne":
            return
        area = audit.position.loc(entry.unit)
        if previous is not None and previous.loc == area:
            return
        allied = [u for u in audit.position.at(str(area)) if u in audit.units and audit.units[u].side == "allied"
                  and audit.units[u].unit_class == "land"]
        if allied and area is not None and self.data.kind(area) == "land":
            self.due.append(("german", f"the airborne {entry.unit} landed in {area} among Allied ground units", entry))

    def overdue(self, audit: Audit) -> None:
        for side, trigger, entry in self.due:
            audit.report(rule("Shock Effect Procedure"), f"{trigger}: the {side} player, who initiated it, must roll "
                         "on the Shock Table, and no shock roll follows", entry=entry)
        self.due = []


class SpecialArrivals(NorwayCheck):
    """German Special Rules 2a: "The Br unit is placed on the map using a Launch Commando Operation action."
    2b: "The instant that a German BC, CA, CL or DD unit is eliminated in a sea zone adjacent to a coastal
    zone, roll one die. On an odd result, the German player places one naval infantry unit on an adjacent
    coastal land zone." There are two such units. (Which sea zones border a coast is the sample map's.)"""

    def __init__(self, rules: Norway1940Rules):
        super().__init__(rules)
        self.action: str | None = None  # the kind of the current action
        self.triggers = 0  # German BC, CA, CL, DD eliminated not yet answered by a naval infantry roll
        self.odd = 0  # odd naval infantry rolls not yet used
        self.placed: Counter[str] = Counter()

    def start_phase(self, audit: Audit) -> None:
        self.action = None

    def before(self, audit: Audit, entry: Entry) -> None:
        if isinstance(entry, Action):
            self.action = fold(entry.kind)
        elif isinstance(entry, (Remove, Steps)) and entry.unit in audit.units and audit.position.phase is not None:
            unit = audit.units[entry.unit]
            if (isinstance(entry, Remove) or entry.to == 0) and unit.side == "german" and \
                    unit.unit_class == "naval" and kind_of(unit) in NAVAL_INFANTRY_TRIGGERS:
                self.triggers += 1
        elif isinstance(entry, Roll) and fair(entry) and self.rules.roll_ids.get(fold(entry.purpose)) == \
                NAVAL_INFANTRY:
            if not self.triggers:
                audit.report(rule("German Special Rules 2b"), "a naval infantry roll with no German BC, CA, CL or DD "
                             "eliminated before it")
            self.triggers = max(0, self.triggers - 1)
            self.odd += entry.dice[0] % 2
        elif isinstance(entry, (Place, Move)) and entry.unit in audit.units and audit.position.phase is not None:
            self.arrive(audit, entry, audit.units[entry.unit])

    def arrive(self, audit: Audit, entry: Place | Move, unit: Unit) -> None:
        to = entry.at if isinstance(entry, Place) else entry.to
        origin = audit.position.loc(entry.unit)
        if unit.side != "german" or self.data.kind(to) not in ("land", "sea") or \
                (origin is not None and self.data.kind(origin) in ("land", "sea")):
            return  # not an arrival on the map
        kind = fold(unit.type)
        if kind == "commando" and self.action != "commando":
            audit.report(rule("German Special Rules 2a"), f"{unit.name or entry.unit} placed in {to} "
                         + (f"in a {self.action} action" if self.action else "outside any action")
                         + ": the Br unit is placed on the map using a Launch Commando Operation action",
                         where=to, units=[entry.unit])
        elif kind == "navalinfantry":
            self.placed["naval"] += 1
            if self.placed["naval"] > self.limits["naval_infantry"]:
                problem = "there are only two of these units"
            elif not self.odd:
                problem = "it comes on an odd roll after a German BC, CA, CL or DD is eliminated"
            else:
                self.odd -= 1
                return
            audit.report(rule("German Special Rules 2b"), f"naval infantry {entry.unit} placed in {to}: {problem}",
                         where=to, units=[entry.unit])


class AirToAir(NorwayCheck):
    """Air-Air Combat: "Only fighter aircraft (F) can initiate an attack on other air units with its anti-air
    combat factor. All other (flying at the moment) air units ... can return fire defensively only if
    attacked by an enemy fighter, and then only fire at the fighter that attacked them." A non-fighter that
    attacks an enemy fighter is judged; non-fighters attacking air units on the ground (their anti-ground
    rating) are not."""

    def __init__(self, rules: Norway1940Rules):
        super().__init__(rules)
        self.attacked_by: dict[str, set[str]] = {}  # air unit -> the fighters that attacked it this action

    def start_phase(self, audit: Audit) -> None:
        self.attacked_by = {}

    def before(self, audit: Audit, entry: Entry) -> None:
        if isinstance(entry, Action):
            self.attacked_by = {}
        elif isinstance(entry, Attack):
            self.attack(audit, entry)

    def attack(self, audit: Audit, entry: Attack) -> None:
        units = audit.units
        fighters = [t for t in entry.target if t in units and units[t].unit_class == "air" and fighter(units[t])]
        for uid in entry.attackers:
            if uid not in units or units[uid].unit_class != "air":
                continue
            if fighter(units[uid]):
                for target in entry.target:
                    self.attacked_by.setdefault(target, set()).add(uid)
                continue
            if not units[uid].get("role"):
                continue  # a plane whose role the record does not give: not judged
            started = [t for t in fighters if t not in self.attacked_by.get(uid, set())]
            if started:
                audit.report(rule("Air-Air Combat"), f"{units[uid].name or uid} ({units[uid].get('role')}) attacks "
                             f"the fighter {', '.join(started)}: only fighters initiate air-to-air "
                             "combat; others return fire only at the fighter that attacked them", where=entry.hex,
                             units=[uid, *started])


def fighter(unit: Unit) -> bool:
    return str(unit.get("role") or "").upper() == "F"


class InitialControl(NorwayCheck):
    """27.2 1) Control: "All Norwegian land zones. The Faroe and Shetland Island begin as Allied controlled."
    A record's set-up (its entries before the first phase: the position play begins from) may not give
    any of them to the Germans; control that changes in play is the game's."""

    def before(self, audit: Audit, entry: Entry) -> None:
        if not isinstance(entry, Control) or audit.position.phase is not None or entry.side != "german":
            return
        if entry.hex in (*self.data.norwegian_land(), "Faroe Islands", "Shetland Islands"):
            audit.report(rule("27.2 1"), f"the set-up gives {entry.hex} to the German side: all Norwegian land "
                         "zones, the Faroe and Shetland Islands begin as Allied controlled", where=entry.hex)


REFEREE: tuple[type[NorwayCheck], ...] = (Doubles, FallGelb, ShockTriggers, SpecialArrivals, AirToAir, InitialControl)
# (check, rules it cites, what it judges), as checks.CHECKS
REFEREE_CHECKS: tuple[tuple[str, tuple[str, ...], str], ...] = (
    ("doubles", ("Actions",), "doubles on the action roll make a mid-turn (and only doubles do); its event checks "
     "come German first, one a player, and pick a chit on 1-4 (German) or 1-3 (Allied)"),
    ("fall-gelb", ("Fall Gelb",), "after the Fall Gelb roll no more German units withdrawn than the die, no Allied "
     "Call for Reinforcements action, no French refit"),
    ("shock-triggers", ("Shock Effect Procedure", "Sinking a Capital Ship", "Airborne Landing"), "a shock roll by the initiating player follows an enemy BB, BC "
     "or CV eliminated and a German airborne landing among Allied ground units"),
    ("special-arrivals", ("German Special Rules 2a", "German Special Rules 2b"), "the Brandenburgers come on the "
     "map by a Launch Commando Operation action; naval infantry on an odd roll after a German BC, CA, CL or DD is "
     "eliminated, two at most"),
    ("air-to-air", ("Air-Air Combat",), "only fighters start air-to-air combat: a non-fighter fires at a fighter "
     "only when that fighter attacked it"),
    ("initial-control", ("27.2 1",), "a record's set-up gives no Norwegian land zone, nor the Faroe or Shetland "
     "Islands, to the Germans: they begin as Allied controlled"),
)
