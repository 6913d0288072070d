"""The checks of Kampen om Norge's ships (kampen-om-norge.txt 5.1, 6.1, 7.2, 8.1, 8.2): interception, the
sea zones closed to Allied ships, naval combat, ship moves and raids, a faction's one stack a sea zone.

A ship card is a ``naval`` unit; a ``dummy`` ship is a decoy that carries and fights nothing (6.1).
"""

from __future__ import annotations

from collections import Counter, defaultdict

from ...record import Entry, Intercept, Move, Place, Remove, Roll
from ...rules.engine import Audit
from ...rules.findings import counted
from .board import APRIL, rule
from .rules import KampenCheck, KampenRules


class Interception(KampenCheck):
    """8.1, 6.1: one attempt a sea zone a turn for the moving player, all or none of its ships there, one
    die per enemy ship; the ships that attempted move no further."""

    def __init__(self, rules: KampenRules):
        super().__init__(rules)
        self.turn: str | None = None
        self.attempted: set[tuple[str, str]] = set()  # (side, sea zone) intercepted from this turn
        self.intercepted_with: set[str] = set()  # the attacker's ships that attempted an interception
        self.attempt: tuple[str, str, set[int], Entry] | None = None  # side, zone, dice it may roll, the intercept
        self.dice = 0

    def start_phase(self, audit: Audit) -> None:
        if audit.position.turn != self.turn:
            self.turn = audit.position.turn
            self.attempted.clear()
        if self.board.kind(audit) == "movement":
            self.intercepted_with.clear()

    def end_phase(self, audit: Audit) -> None:
        self.close_attempt(audit)

    def before(self, audit: Audit, entry: Entry) -> None:
        if isinstance(entry, Move) and self.rules.moving == "ship":
            self.close_attempt(audit)
            self.moved(audit, entry)
        elif isinstance(entry, Intercept):
            self.intercept(audit, entry)
        elif isinstance(entry, Roll) and entry.purpose == "naval-interception":
            self.roll(audit, entry)

    def moved(self, audit: Audit, entry: Move) -> None:
        uid, to = entry.unit, entry.to
        side = self.board.side(audit, uid)
        if self.board.kind(audit) != "movement":
            return
        if uid in self.intercepted_with:
            audit.report(rule("8.1"), f"ship {uid} moves on after its interception attempt: the attempt ends its "
                         "movement", where=to, units=[uid], case="ends-move")
        elif (side, to) in self.attempted and side == self.board.attacker(audit):
            audit.report(rule("8.1"), f"ship {uid} enters {to}, where {side} ships attempted an interception this "
                         "turn", where=to, units=[uid], case="reenter")

    def intercept(self, audit: Audit, entry: Intercept) -> None:
        self.close_attempt(audit)
        present = self.board.ships_of(audit, entry.zone, {entry.side})
        left = [u for u in present if u not in entry.naval and self.board.ship_type(audit, u) != "dummy"]
        if left:
            audit.report(rule("8.1"), f"the {entry.side} interception attempt in {entry.zone} leaves out "
                         f"{', '.join(left)}: all or none of the ships there intercept", where=entry.zone, units=left,
                         case="all-or-none")
        self.begin(audit, entry.side, entry.zone, list(entry.naval), entry)

    def begin(self, audit: Audit, side: str, zone: str, naval: list[str], entry: Entry) -> None:
        """An interception attempt of ``side``'s ships in ``zone``: an ``intercept`` entry, or the first
        naval-interception roll in a zone (records-four-games.md: the roll's ``for`` and ``zone`` say it)."""
        attacker = side == self.board.attacker(audit)
        if attacker and (side, zone) in self.attempted:
            audit.report(rule("8.1"), f"a second {side} interception attempt in {zone} this turn: the "
                         "attacker gets one in each sea zone each turn", where=zone, units=naval)
        if attacker:
            self.attempted.add((side, zone))
            self.intercepted_with.update(naval)
        slow = [u for u in naval if self.board.ship_type(audit, u) == "panserskip"]
        if slow and audit.position.turn != APRIL:
            audit.report(rule("6.1"), f"{', '.join(slow)} intercepts after the 9. April turn: except during the "
                         "9. April turn, Eidsvoll & Norge may not intercept enemy ships", where=zone, units=slow,
                         case="eidsvoll")
        enemies = [u for u in audit.position.at(zone) if self.board.klass(audit, u) == "naval"
                   and self.board.side(audit, u) not in self.friends[side]]
        self.attempt = (side, zone, self.dice_for(audit, side, enemies), entry)
        self.dice = 0

    def roll(self, audit: Audit, entry: Roll) -> None:
        attempt = self.attempt
        if attempt is not None and entry.zone in (None, attempt[1]) and entry.side in (None, attempt[0]):
            self.dice += len(entry.dice)  # one die per enemy ship, thrown one by one or at once
            return
        side = entry.side or self.roller(audit, entry.zone)
        if entry.zone is None or self.board.area_kind(entry.zone) != "sea" or side is None:
            audit.report(rule("8.1"), "a naval interception roll with no interception attempt in "
                         f"{entry.zone or 'its sea zone'}", where=entry.zone, case="dice")
            return
        self.close_attempt(audit)
        ships = [u for u in self.board.ships_of(audit, entry.zone, {side}) if self.board.ship_type(audit, u) != "dummy"]
        self.begin(audit, side, entry.zone, ships, entry)  # all or none of its ships there intercept
        self.dice = len(entry.dice)

    def roller(self, audit: Audit, zone: str | None) -> str | None:
        """Whose interception a roll naming no side is: the moving player's (the attacker first), unless it has
        attempted there this turn; then the defender's, whose ships share the zone."""
        attacker = self.board.attacker(audit)
        if zone is None or attacker is None:
            return None
        if (attacker, zone) not in self.attempted:
            return attacker
        return next((self.board.side(audit, u) for u in self.board.ships_of(audit, zone, set(self.friends))
                     if self.board.side(audit, u) not in self.friends[attacker]), None)

    def dice_for(self, audit: Audit, side: str, enemies: list[str]) -> set[int]:
        """8.1: a die for every enemy ship. Face down, a dummy is rolled for like a ship, but a record may leave
        the dummies it knows out; Germany intercepts Eidsvoll & Norge without fail, so may roll for it or not."""
        real = [u for u in enemies if self.board.ship_type(audit, u) != "dummy"]
        counts = {len(enemies), len(real)}
        if side == "german":
            counts |= {n - sum(1 for u in enemies if self.board.ship_type(audit, u) == "panserskip") for n in counts}
        return counts

    def close_attempt(self, audit: Audit) -> None:
        """The attempt's dice are all rolled once anything else happens."""
        if self.attempt is None:
            return
        side, zone, allowed, entry = self.attempt
        self.attempt = None
        if self.dice not in allowed:
            audit.report(rule("8.1"), f"the {side} interception attempt in {zone} rolls {counted(self.dice, 'die', 'dice')} "
                         f"for {counted(max(allowed), 'enemy ship')}: one die for every enemy ship", where=zone, entry=entry, case="dice")


class AlliedSeas(KampenCheck):
    """5.1, 8.1: Allied ships never enter Sea Zones I and II, placed or moved."""

    def before(self, audit: Audit, entry: Entry) -> None:
        if isinstance(entry, Move) and self.rules.moving == "ship":
            self.entered(audit, entry.unit, entry.to)
        elif isinstance(entry, Place) and self.rules.placing == "ship":
            self.entered(audit, entry.unit, entry.at)

    def entered(self, audit: Audit, uid: str, zone: str) -> None:
        if self.board.side(audit, uid) == "allied" and zone in self.sea["allied_barred_zones"]:
            audit.report(rule("5.1"), f"Allied ship {uid} enters {zone}: Sea Zones I and II are closed to Allied "
                         "ships (8.1)", where=zone, units=[uid])


def at_sea(rules: KampenRules, audit: Audit, entry: Move) -> bool:
    """A ship's move from sea zone (or the Raiding Ships box) to sea zone, not to or from land."""
    if rules.moving != "ship":
        return False
    areas = rules.data.areas
    return areas[str(audit.position.loc(entry.unit))].kind != "land" and areas[entry.to].kind != "land"


class NavalCombat(KampenCheck):
    """8.2: a side rolls at most a die for every ship it has in the combat (sunk ones shoot back);
    Eidsvoll & Norge is sunk, never chased."""

    def __init__(self, rules: KampenRules):
        super().__init__(rules)
        self.naval_dice: Counter[tuple[str, str]] = Counter()  # (sea zone, side) -> naval combat dice this phase

    def start_phase(self, audit: Audit) -> None:
        self.naval_dice.clear()

    def before(self, audit: Audit, entry: Entry) -> None:
        if isinstance(entry, Move) and at_sea(self.rules, audit, entry):
            self.chased(audit, entry)
        elif isinstance(entry, Roll) and entry.purpose == "naval-combat" and entry.zone is not None \
                and entry.side is not None:
            self.dice(audit, entry, entry.zone, entry.side)

    def chased(self, audit: Audit, entry: Move) -> None:
        uid = entry.unit
        if self.board.kind(audit) == "combat" and self.board.ship_type(audit, uid) == "panserskip":
            audit.report(rule("8.2"), f"{uid} is chased to {entry.to}: Eidsvoll & Norge is too slow to escape, and "
                         "is sunk if it is chased", where=entry.to, units=[uid], case="eidsvoll")

    def dice(self, audit: Audit, entry: Roll, zone: str, side: str) -> None:
        """Each side rolls a die for every ship in the combat (sunk ones shoot back first; Eidsvoll & Norge
        fights on the Allied side; a dummy does not fight), so never more than its ships in the zone."""
        sides, board = self.friends[side], self.board
        ships = [u for u in board.ships_of(audit, zone, sides) + self.rules.fallen.get(zone, [])
                 if board.klass(audit, u) == "naval" and board.side(audit, u) in sides
                 and board.ship_type(audit, u) != "dummy"]
        key = (zone, min(sides))
        before = self.naval_dice[key]
        self.naval_dice[key] += len(entry.dice)
        if self.naval_dice[key] > len(set(ships)) >= before:
            audit.report(rule("8.2"), f"{'/'.join(sorted(sides))} ships roll {counted(self.naval_dice[key], 'die', 'dice')} "
                         f"in the naval combat in {zone} with {counted(len(set(ships)), 'ship')} there: a die for every ship",
                         where=zone, excess=self.naval_dice[key] - len(set(ships)))


class ShipMoves(KampenCheck):
    """6.1, 8.1: a ship moves at most two sea zones a turn (Eidsvoll & Norge one), to bordering zones;
    7.2: the raids of the 9. April turn."""

    def __init__(self, rules: KampenRules):
        super().__init__(rules)
        self.zones_moved: Counter[str] = Counter()  # sea zones each ship entered this phase

    def start_phase(self, audit: Audit) -> None:
        self.zones_moved.clear()

    def before(self, audit: Audit, entry: Entry) -> None:
        if isinstance(entry, Move) and at_sea(self.rules, audit, entry):
            origin = str(audit.position.loc(entry.unit))
            self.raid(audit, entry.unit, origin, entry.to)
            self.move(audit, entry.unit, origin, entry.to)

    def move(self, audit: Audit, uid: str, origin: str, to: str) -> None:
        self.zones_moved[uid] += 1
        slow = self.board.ship_type(audit, uid) == "panserskip"
        limit = self.limits["panserskip_zones_per_move"] if slow else self.limits["ship_zones_per_move"]
        if self.data.crossing(origin, to) is None:
            audit.report(rule("8.1"), f"ship {uid} moves from {origin} to {to}, which do not border each other",
                         where=to, units=[uid], case="move")
        elif self.zones_moved[uid] == limit + 1:
            why = "Eidsvoll & Norge moves one sea zone a turn (6.1)" if slow else "ships move up to two sea zones"
            audit.report(rule("6.1" if slow else "8.1"), f"ship {uid} enters a sea zone beyond its move: {why}",
                         where=to, units=[uid], excess=1, case="eidsvoll" if slow else "move")

    def recall_paid(self, audit: Audit) -> bool:
        """7.2: "unless the German player exchanges 6 reinforcement symbols. He may then call his ships back":
        German cards traded this movement phase for that many symbols (a trade with no symbols given counts)."""
        traded = [e for _, e in self.rules.table.played if e.side == "german" and e.use == "reinforcement"]
        return any(e.symbols is None for e in traded) or \
            sum(e.symbols or 0 for e in traded) >= self.limits["raid_recall_symbols"]

    def raid(self, audit: Audit, uid: str, origin: str, to: str) -> None:
        """7.2: on 9 April, after naval combat, German battleships and heavy cruisers in Sea Zones VI, VII or VIII
        may go raiding; they come back only in a German movement phase (6 symbols traded)."""
        board, problem = self.board, None
        if board.area_kind(to) == "box":
            if board.side(audit, uid) != "german" or board.ship_type(audit, uid) not in ("slagskip", "tung-krysser"):
                problem = "only German battleships and heavy cruisers go raiding"
            elif origin not in self.sea["raid_zones"]:
                problem = "raiders leave from Sea Zones VI, VII or VIII"
            elif audit.position.turn != APRIL or board.kind(audit) != "combat":
                problem = "ships go raiding in the combat phase of the 9. April turn"
        elif board.area_kind(origin) == "box" and audit.position.phase != "german-movement":
            problem = "raiders are called back in a German movement phase"
        elif board.area_kind(origin) == "box" and not self.recall_paid(audit):
            problem = (f"raiders come back when Germany exchanges {self.limits['raid_recall_symbols']} "
                       "reinforcement symbols, and the record shows none traded this phase")
        if problem:
            audit.report(rule("7.2"), f"ship {uid} moves from {origin} to {to}: {problem}", where=to, units=[uid])


class ShipStacks(KampenCheck):
    """6.1: "All ships of the same faction in the same sea zone are placed in a single stack", at the end of
    each phase that moves them. A ship placed or moved without a ``stack`` is in its zone's one stack; only
    ships the record puts in stacks of different names are apart."""

    def end_phase(self, audit: Audit) -> None:
        if self.board.kind(audit) not in ("movement", "combat", "initial"):
            return
        board = self.board
        stacks: dict[tuple[str, str], set[str]] = defaultdict(set)
        for uid in audit.units:
            loc = audit.position.loc(uid)
            stack = audit.position.stack(uid)
            if loc is not None and stack and board.klass(audit, uid) == "naval" and board.area_kind(loc) == "sea":
                stacks[(loc, board.side(audit, uid))].add(stack)
        split = {f"{zone}\t{side}" for (zone, side), names in stacks.items() if len(names) > 1}
        for key in sorted(str(k) for k in audit.standing("ship-stacks", split)):
            zone, side = key.split("\t")
            audit.report(rule("6.1"), f"{side} ships in {zone} are in {len(stacks[(zone, side)])} stacks "
                         f"({', '.join(sorted(stacks[(zone, side)]))}), not one",
                         where=zone, units=sorted(u for u in audit.position.at(zone) if board.side(audit, u) == side))


class SinkingOrder(KampenCheck):
    """8.2 step 6: "If the Germans succeed in sinking an Allied ship, and "Eidsvoll & Norge" has taken part in
    the combat, this ship is always sunk before any other Allied ship" (it fights on the Allied side of every
    naval combat in its zone)."""

    def __init__(self, rules: KampenRules):
        super().__init__(rules)
        self.fought: set[str] = set()  # sea zones with naval combat dice this phase

    def start_phase(self, audit: Audit) -> None:
        self.fought.clear()

    def before(self, audit: Audit, entry: Entry) -> None:
        if isinstance(entry, Roll) and entry.purpose == "naval-combat" and entry.zone is not None:
            self.fought.add(entry.zone)
        elif isinstance(entry, Remove) and entry.unit in audit.units and self.board.kind(audit) in ("combat",):
            self.sunk(audit, entry.unit)

    def sunk(self, audit: Audit, uid: str) -> None:
        zone, board = audit.position.loc(uid), self.board
        if zone not in self.fought or board.klass(audit, uid) != "naval" or board.side(audit, uid) != "allied":
            return
        first = [u for u in board.ships_of(audit, zone, {"norwegian"}) if board.ship_type(audit, u) == "panserskip"]
        if first:
            audit.report(rule("8.2"), f"Allied ship {uid} is sunk in {zone} while {first[0]} (Eidsvoll & Norge) "
                         "fights there: it is always sunk before any other Allied ship", where=zone,
                         units=[uid, first[0]], case="eidsvoll")


class Dummies(KampenCheck):
    """6.1: dummy ships "are removed from game when intercepted. All remaining dummy ships are removed at the
    end of the 9. April turn"."""

    def __init__(self, rules: KampenRules):
        super().__init__(rules)
        self.previous: str | None = None  # the turn of the last phase
        self.judged = False

    def start_phase(self, audit: Audit) -> None:
        if self.previous == APRIL and audit.position.turn != APRIL:
            self.judge(audit)
        self.previous = audit.position.turn

    def end_phase(self, audit: Audit) -> None:
        if audit.position.turn == APRIL and self.board.kind(audit) == "new-cards":
            self.judge(audit)

    def judge(self, audit: Audit) -> None:
        if self.judged:
            return
        self.judged = True
        left = sorted(u for u in audit.units if self.board.klass(audit, u) == "naval"
                      and self.board.ship_type(audit, u) == "dummy" and audit.position.on_map(u))
        if left:
            audit.report(rule("6.1"), f"dummy ship{'s' * (len(left) > 1)} {', '.join(left)} still on the board after "
                         "the 9. April turn: all remaining dummy ships are removed at its end",
                         where=audit.position.loc(left[0]), units=left, case="dummy")


class TaskForces(KampenCheck):
    """8.1: "All ships starting in the same sea zone and moving along the same route must move together as one
    task force", and "All movement for one ship or task force, including interception, is completed before
    the player moves on to the next ship or task force": ships of one route share one stack name (when the
    record names stacks), and their moves are not split by another ship's."""

    def __init__(self, rules: KampenRules):
        super().__init__(rules)
        self.routes: dict[str, list[str]] = {}  # ship -> start zone and the zones entered this phase
        self.stacks: dict[str, set[str | None]] = {}
        self.order: list[str] = []  # the ships moved, move by move

    def start_phase(self, audit: Audit) -> None:
        self.routes, self.stacks, self.order = {}, {}, []

    def before(self, audit: Audit, entry: Entry) -> None:
        if isinstance(entry, Move) and at_sea(self.rules, audit, entry) and self.board.kind(audit) == "movement":
            uid = entry.unit
            self.routes.setdefault(uid, [str(audit.position.loc(uid))]).append(entry.to)
            self.stacks.setdefault(uid, set()).add(entry.stack)
            self.order.append(uid)

    def end_phase(self, audit: Audit) -> None:
        groups: dict[tuple[str, tuple[str, ...]], list[str]] = defaultdict(list)
        for uid, route in self.routes.items():
            groups[(self.board.side(audit, uid), tuple(route))].append(uid)
        for (side, path), ships in sorted(groups.items()):
            route = list(path)
            if len(ships) < 2:
                continue
            names = {s for u in ships for s in self.stacks[u]}
            moves = [i for i, u in enumerate(self.order) if u in ships]
            between = {u for u in self.order[moves[0]:moves[-1] + 1] if u not in ships
                       and self.board.side(audit, u) == side}
            if (None not in names and len(names) > 1) or between:
                why = f"in stacks {', '.join(sorted(str(n) for n in names))}" if not between else \
                    f"with {', '.join(sorted(between))} moved in between"
                audit.report(rule("8.1"), f"{', '.join(sorted(ships))} start in {route[0]} and move along the same "
                             f"route ({' - '.join(route[1:])}) apart, {why}: they move together as one task force",
                             where=route[-1], units=sorted(ships), case="task-force")
