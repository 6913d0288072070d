"""The sequence of play of Kampen om Norge (kampen-om-norge.txt 4, 8): the player turns and phases in order,
and at sea before on land.

4: "Germany performs the first turn. When Germany has finished their turn play passes on to Norway, and then
The Allies", and "The phases of the player turn are conducted in the order indicated above, and all actions
related to one phase must be completed before the player moves on to the next phase". 8: "Naval movement
occurs just before land movement, and naval combat occurs just before land combat." A record may leave
phases out; one it shows out of order is a finding.
"""

from __future__ import annotations

from ...record import Entry, Move, Roll
from ...rules.engine import Audit
from .board import rule
from .rules import KampenCheck, KampenRules


class PlayOrder(KampenCheck):
    """4: within a round, the factions' turns and each turn's phases in their order; 8: a faction's ships
    move before its battalions, and naval combat comes before land combat."""

    def __init__(self, rules: KampenRules):
        super().__init__(rules)
        words = rules.data.toml["sequence"]
        factions, phases = words["factions"], words["phases"]
        self.order = {f"{f}-{p}": i for i, (f, p) in enumerate((f, p) for f in factions for p in phases)}
        self.order.update({p: i for i, p in enumerate(words["april_phases"])})
        self.last: tuple[str | None, int] | None = None  # the turn and the place in it of the last phase
        self.land_moved = False
        self.land_fought = False

    def start_phase(self, audit: Audit) -> None:
        turn, phase = audit.position.turn, audit.position.phase
        self.land_moved = self.land_fought = False
        place = self.order.get(phase or "")
        if place is None:
            return
        if self.last is not None and self.last[0] == turn and place < self.last[1]:
            audit.report(rule("4"), f"{phase} after a later phase of {turn}: Germany plays first, then Norway, "
                         "then the Allies, each turn's phases in order (movement, combat, reinforcement, new cards)")
        self.last = (turn, place)

    def before(self, audit: Audit, entry: Entry) -> None:
        moving = self.rules.moving
        if isinstance(entry, Move) and self.board.kind(audit) == "movement" and moving in ("march", "card"):
            self.land_moved = True
        elif isinstance(entry, Move) and moving == "ship" and self.land_moved \
                and self.board.area_kind(entry.to) == "sea":
            audit.report(rule("8"), f"ship {entry.unit} moves after battalions moved this phase: naval movement "
                         "occurs just before land movement", where=entry.to, units=[entry.unit])
            self.land_moved = False  # one finding a phase
        elif isinstance(entry, Roll) and entry.purpose == "land-combat":
            self.land_fought = True
        elif isinstance(entry, Roll) and entry.purpose == "naval-combat" and self.land_fought:
            audit.report(rule("8"), f"a naval combat roll in {entry.zone or 'a sea zone'} after land combat this "
                         "phase: naval combat occurs just before land combat", where=entry.zone)
            self.land_fought = False
