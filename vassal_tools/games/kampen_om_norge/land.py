"""The checks of Kampen om Norge's battalions on land (kampen-om-norge.txt 4.1, 4.2, 7.0, 7.1): who may
share an area after combat, a battalion's own move, and retreats.

A battalion is a ``land`` unit (a piece written with ``points`` counts that many battalions, 2.2).
Where a finding relies on the sample map (adjacency of areas the text does not name), it says so.
"""

from __future__ import annotations

from collections import defaultdict

from ...record import Entry, Move
from ...rules.engine import Audit
from .board import APRIL, rule
from .rules import KampenCheck, KampenRules


class Occupancy(KampenCheck):
    """4.2: after combat no land area holds opposing factions; Norway and the Allies may share."""

    def end_phase(self, audit: Audit) -> None:
        if self.board.kind(audit) != "combat":
            return
        board = self.board
        held: dict[str, set[str]] = defaultdict(set)
        for uid in audit.units:
            loc = audit.position.loc(uid)
            if loc is not None and board.area_kind(loc) == "land" and board.klass(audit, uid) == "land":
                held[loc].add(board.side(audit, uid))
        mixed = {area for area, sides in held.items() if "german" in sides and len(sides) > 1}
        for area in sorted(str(a) for a in audit.standing("occupancy", mixed)):
            others = "/".join(sorted(s.capitalize() for s in held[area] - {"german"}))
            audit.report(rule("4.2"), f"{area} holds German and {others} battalions after combat: the loser "
                         "retreats or is defeated", where=area, units=sorted(audit.position.at(area)))


class LandMoves(KampenCheck):
    """4.1: a battalion's own move covers one adjacent area, once a movement phase; 7.1, 7.0: none on 9 April."""

    def before(self, audit: Audit, entry: Entry) -> None:
        if isinstance(entry, Move) and self.rules.moving == "march":
            self.march(audit, entry, str(audit.position.loc(entry.unit)))

    def march(self, audit: Audit, entry: Move, origin: str) -> None:
        uid, to = entry.unit, entry.to
        if audit.position.turn == APRIL:  # 7.1: no normal movement; 7.0: Omdisponering moves one battalion
            audit.report(rule("7.1" if self.board.kind(audit) == "movement" else "7.0"), f"{uid} moves to {to} on "
                         "9 April: there is no normal movement that turn, only Fallskjermtropp, Jagerfly (and "
                         "Omdisponering) move battalions", where=to, units=[uid])
            return
        self.rules.moves[uid] += 1
        if self.data.crossing(origin, to) is None:
            audit.report(rule("4.1"), f"{uid} moves from {origin} to {to}, which do not border each other",
                         where=to, units=[uid], samples=self.board.samples(origin, to))
        elif self.rules.moves[uid] == 2:
            audit.report(rule("4.1"), f"{uid} moves a second area this phase ({origin} to {to}); a battalion "
                         "moves one space a turn unless a card allows more (Appendix: Rask forflytning; a "
                         "Fallskjermtropp placement counts as the move)", where=to, units=[uid])


class Retreats(KampenCheck):
    """4.2 step 8: a beaten attacker goes back where it attacked from; beaten defenders retreat one area,
    all to the same one, not to enemies or the attacker's origin, not across a fjord or lake if German or
    Allied. Where attacks came from is kept from the movement phase's moves, a card's or not."""

    def __init__(self, rules: KampenRules):
        super().__init__(rules)
        self.origins: dict[str, set[str]] = defaultdict(set)  # attacked area -> areas attacked from
        self.attacked_from: dict[str, str] = {}  # attacking battalion -> the area it attacked from
        self.retreated: dict[tuple[str, str], str] = {}  # (area left, faction) -> where its defenders went

    def start_phase(self, audit: Audit) -> None:
        if self.board.kind(audit) == "movement":
            self.origins.clear()
            self.attacked_from.clear()
        self.retreated.clear()

    def before(self, audit: Audit, entry: Entry) -> None:
        if not isinstance(entry, Move):
            return
        origin = str(audit.position.loc(entry.unit))
        if self.rules.moving in ("march", "card"):
            self.attack_from(audit, entry, origin)
        elif self.rules.moving == "retreat":
            self.retreat(audit, entry, origin)

    def attack_from(self, audit: Audit, entry: Move, origin: str) -> None:
        uid = entry.unit
        if self.board.enemies_in(audit, entry.to, self.board.side(audit, uid)):
            self.origins[entry.to].add(origin)
            self.attacked_from[uid] = origin
        else:
            self.attacked_from.pop(uid, None)

    def retreat(self, audit: Audit, entry: Move, origin: str) -> None:
        """A beaten attacker from sea or air retreats like a defender (to an available area, fjords allowed)."""
        uid, to = entry.unit, entry.to
        side = self.board.side(audit, uid)
        attacker = self.board.attacker(audit)
        attacking = attacker is not None and side in self.friends[attacker]
        if attacking and uid in self.attacked_from:
            if to != self.attacked_from[uid]:
                audit.report(rule("4.2"), f"{uid} retreats from {origin} to {to}: a beaten attacker goes back to "
                             f"the area it attacked from ({self.attacked_from[uid]})", where=to, units=[uid])
            return
        problem = self.defender_problem(audit, uid, side, origin, to, attacking)
        if problem:
            audit.report(rule("4.2"), f"{uid} retreats from {origin} to {to}: {problem}", where=to, units=[uid],
                         samples=self.board.samples(origin, to), case="retreat")

    def defender_problem(self, audit: Audit, uid: str, side: str, origin: str, to: str,
                         attacking: bool) -> str | None:
        crossing = self.data.crossing(origin, to)
        if crossing is None:
            return f"{origin} and {to} do not border each other"
        if crossing != "none" and side in ("german", "allied") and not attacking:
            return f"a {side.capitalize()} defender may not retreat across the {crossing} between {origin} and {to}"
        if any(to in areas for areas in self.origins.values()):
            return f"the attacker attacks from {to} this turn"
        if self.board.enemies_in(audit, to, side):
            return f"{to} holds enemy battalions"
        if self.retreated.setdefault((origin, side), to) != to:
            return f"the other retreating battalions went to {self.retreated[(origin, side)]}: all to the same area"
        return None
