"""Who won a land combat of Kampen om Norge, and what its sixes defeated (kampen-om-norge.txt 4.2), judged
from the dice the record holds.

4.2 Combat Dice: "The side rolling the highest combined total on the combat dice wins the combat. The
defender wins if the dice are tied." Every 6 rolled "defeats an enemy battalion"; the defeated are
removed (step 6: Kystevakuering may evacuate one instead), the loser retreats (step 8), the winner
stays and "gains control of the land area". A combat is judged once both sides' combat dice are in
the record (a record that shows one side's roll only says too little).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...record import Entry, Move, Place, Remove, Roll, Steps
from ...rules.engine import Audit
from .board import rule
from .rules import KampenCheck, KampenRules

SIX = 6  # 4.2: every 6 rolled defeats an enemy battalion
ROLES = ("attacker", "defender")


@dataclass
class Combat:
    """One land combat: each role's sides, battalions at its first roll, dice, and what it lost."""

    zone: str
    sides: dict[str, set[str]]  # role -> factions
    strength: dict[str, int]  # role -> battalions when the first combat die was rolled
    dice: dict[str, list[int]] = field(default_factory=lambda: {r: [] for r in ROLES})
    lost: dict[str, int] = field(default_factory=lambda: {r: 0 for r in ROLES})  # removed or evacuated after
    last_roll: Entry | None = None

    @property
    def decided(self) -> bool:
        return all(self.dice[role] for role in ROLES)

    def winner(self) -> str:
        """4.2: the highest total wins; a tie is the defender's."""
        return "attacker" if sum(self.dice["attacker"]) > sum(self.dice["defender"]) else "defender"

    def defeated(self, role: str) -> int:
        """The role's battalions the other side's sixes defeat (no more than it had)."""
        other = ROLES[1 - ROLES.index(role)]
        return min(self.dice[other].count(SIX), self.strength[role])

    def role_of(self, side: str) -> str | None:
        return next((role for role in ROLES if side in self.sides[role]), None)

    def totals(self) -> str:
        return f"{sum(self.dice['attacker'])} to {sum(self.dice['defender'])}"


class CombatOutcome(KampenCheck):
    """4.2: the winner of each land combat (by the totals; ties the defender's) stays and the loser
    retreats; the battalions each side loses are the other side's sixes (a loser with nowhere to go
    loses all)."""

    def __init__(self, rules: KampenRules):
        super().__init__(rules)
        self.combats: dict[str, Combat] = {}

    def start_phase(self, audit: Audit) -> None:
        self.combats = {}

    def before(self, audit: Audit, entry: Entry) -> None:
        if isinstance(entry, Roll) and entry.purpose == "land-combat":
            self.roll(audit, entry)
        elif isinstance(entry, Move) and self.rules.moving == "retreat":
            self.retreat(audit, entry)
        elif (isinstance(entry, Move) and self.rules.moving == "evacuation") or isinstance(entry, (Remove, Steps)) \
                or (isinstance(entry, Place) and self.rules.window is not None and self.rules.window.mode == "evacuate"):
            loc = audit.position.loc(entry.unit) if entry.unit in audit.units else None
            if loc is not None:
                left = entry.to if isinstance(entry, Steps) else 0  # a piece over chips written down (2.2)
                self.fell(audit, entry.unit, loc, max(0, audit.position.strength(entry.unit) - left))

    def roll(self, audit: Audit, entry: Roll) -> None:
        zone, attacker, board = entry.zone, self.board.attacker(audit), self.board
        if zone is None or attacker is None or board.area_kind(zone) != "land":
            return
        combat = self.combats.get(zone)
        if combat is None:
            sides = {"attacker": {attacker}, "defender": {s for s in self.friends if s not in self.friends[attacker]}}
            strength = {role: board.strength(audit, board.battalions(audit, zone, sides[role])) for role in ROLES}
            combat = self.combats[zone] = Combat(zone, sides, strength)
        # A roll that does not say whose it is: the attacker rolls first, then the defender (4.2 steps 4, 5).
        role = combat.role_of(entry.side) if entry.side is not None else None
        role = role or ("attacker" if not combat.dice["attacker"] else "defender")
        combat.dice[role] += list(entry.dice)
        combat.last_roll = entry

    def fell(self, audit: Audit, uid: str, zone: str, battalions: int) -> None:
        """A battalion removed from, or evacuated out of (Kystevakuering), a combat whose dice are rolling:
        removals before the first combat die (Bløff/trusler's surrender) are not the combat's."""
        combat = self.combats.get(zone)
        if combat is None or self.board.klass(audit, uid) not in ("land", "chip"):
            return
        role = combat.role_of(self.board.side(audit, uid))
        if role is not None:
            combat.lost[role] += battalions

    def retreat(self, audit: Audit, entry: Move) -> None:
        origin = str(audit.position.loc(entry.unit))
        combat = self.combats.get(origin)
        if combat is None or not combat.decided:
            return
        if combat.role_of(self.board.side(audit, entry.unit)) == combat.winner():
            audit.report(rule("4.2"), f"{entry.unit} withdraws from {origin} to {entry.to}, but its side won the "
                         f"combat there ({combat.winner()}, {combat.totals()} on the combat dice): the winner stays; "
                         "the loser retreats", where=origin, units=[entry.unit], case="winner")

    def end_phase(self, audit: Audit) -> None:
        for zone in sorted(self.combats):
            combat = self.combats[zone]
            if combat.decided:
                self.judge(audit, combat)
        self.combats = {}

    def judge(self, audit: Audit, combat: Combat) -> None:
        zone, board = combat.zone, self.board
        winner = combat.winner()
        loser = ROLES[1 - ROLES.index(winner)]
        left = {role: board.battalions(audit, zone, combat.sides[role]) for role in ROLES}
        for role in ROLES:
            due, lost = combat.defeated(role), combat.lost[role]
            sixes = combat.dice[ROLES[1 - ROLES.index(role)]].count(SIX)
            if lost < due or (lost > due and (role == winner or lost < combat.strength[role])):
                why = "" if role == winner or lost < due else " (a loser loses more only when it has nowhere to " \
                                                             "retreat, and then all)"
                audit.report(rule("4.2"), f"the {role} in {zone} loses {lost} battalion{'s' * (lost != 1)} to "
                             f"{sixes} six{'es' * (sixes != 1)} rolled against it: each 6 defeats one enemy battalion"
                             + why, where=zone, units=left[role], entry=combat.last_roll,
                             excess=lost - due if lost > due else None, case="sixes")
        if left[loser] and not left[winner]:  # both there: the occupancy check's finding
            tie = sum(combat.dice["attacker"]) == sum(combat.dice["defender"])
            audit.report(rule("4.2"), f"the {loser} lost the combat in {zone} ({combat.totals()} on the combat dice"
                         + (", a tie is the defender's" if tie else "") + ") and stays: the loser retreats its "
                         "remaining battalions", where=zone, units=left[loser], case="winner")
