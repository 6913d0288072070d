"""The checks of Kampen om Norge, over the shared audit engine (:mod:`vassal_tools.rules.engine`).

Each check cites kampen-om-norge.txt as records-four-games.md says (``kampen-om-norge.txt 4.2``);
:data:`CHECKS` lists them with their rules (``vassal-tools games`` prints it). A battalion is a
``land`` unit (a piece written with ``points`` counts that many battalions); a ship card a
``naval`` unit. Where a finding relies on the sample map (adjacency of areas the text does not
name), it says so.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable

from ...record import Entry, Intercept, Move, Place, Roll
from ...rules.engine import Audit, GameRules
from ...rules.position import UnitState
from .data import KampenData

FILE = "kampen-om-norge.txt"
SAMPLE_MAP = "the adjacency of the sample map"

# (check, rules it cites, what it judges)
CHECKS: tuple[tuple[str, tuple[str, ...], str], ...] = (
    ("occupancy", ("4.2",), "after combat no land area holds opposing factions; Norway and the Allies may share"),
    ("land-move", ("4.1",), "a battalion's move covers one adjacent area, once a movement phase"),
    ("retreat", ("4.2",), "a retreat goes one area, not to enemies or the attacker's origin, not across a fjord "
                          "for German or Allied defenders"),
    ("norwegian-reinforcement", ("4.3",), "Norway reinforces victory cities and mobilization points free of "
                                          "Germans, one battalion an area a round"),
    ("april-mobilization", ("7.3",), "on 9 April Norway mobilizes one battalion per two mobilization points free of "
                                     "Germans, one a point"),
    ("german-reinforcement", ("4.3", "8.3"), "Germany reinforces areas by Sea Zones I and II; in the advanced game "
                                             "also by zones free of Allied ships up from the south, or held by "
                                             "German ships"),
    ("allied-reinforcement", ("3", "4.3", "8.3"), "the Allies reinforce coastal areas of Sea Zones III-VII (advanced: "
                                                  "none under German control); their opening "
                                                  "six come as two stacks of three in areas not bordering each other"),
    ("ship-stacks", ("6.1",), "all ships of a faction in a sea zone form one stack"),
    ("ship-move", ("6.1", "8.1"), "a ship moves at most two sea zones a turn (Eidsvoll & Norge one), to bordering "
                                  "zones"),
    ("allied-seas", ("5.1", "8.1"), "Allied ships never enter Sea Zones I and II"),
    ("interception", ("8.1",), "the moving player attempts one interception a sea zone a turn and then enters it no "
                               "more; an attempt rolls one die per enemy ship there"),
    ("recon", ("Appendix Rekognoseringsfly",), "Rekognoseringsfly is not played in Sea Zones I, VI or VII"),
)
RECON = ("rekognoseringsfly", "regognoseringsfly")  # the Appendix spells the card both ways


def rule(number: str) -> str:
    return f"{FILE} {number}"


class KampenRules(GameRules):
    """One audit's state: what moved this phase, where attacks came from, reinforcements placed."""

    def __init__(self, data: KampenData):
        self.data = data
        self.friends = {s["id"]: set(s.get("friends", ())) | {s["id"]} for s in data.toml["sides"]}
        self.limits = data.toml["limits"]
        self.sea = data.toml["sea"]
        self.moves: Counter[str] = Counter()
        self.origins: dict[str, set[str]] = defaultdict(set)  # attacked area -> areas attacked from
        self.placed: Counter[str] = Counter()  # Norwegian reinforcements this phase, by area
        self.allied_opening: list[tuple[str, str | None, Entry]] = []
        self.allied_reinforced = False
        self.turn: str | None = None
        self.attempted: set[tuple[str, str]] = set()  # (side, sea zone) intercepted from this turn
        self.attempt: tuple[str, str, int, Entry] | None = None  # side, zone, enemy ships, the intercept
        self.dice = 0

    # -- the moments

    def start_phase(self, audit: Audit) -> None:
        if audit.position.turn != self.turn:
            self.turn = audit.position.turn
            self.attempted.clear()
        self.moves.clear()
        self.placed.clear()
        self.allied_opening = []
        if self._kind(audit) == "movement":
            self.origins.clear()

    def end_phase(self, audit: Audit) -> None:
        self._close_attempt(audit)
        kind = self._kind(audit)
        if kind == "combat":
            self._occupancy(audit)
        if kind in ("movement", "combat", "initial"):
            self._ship_stacks(audit)
        if self._faction(audit) == "allied" and kind == "reinforcement" and self.allied_opening:
            self._allied_opening(audit)
            self.allied_reinforced = True

    def before(self, audit: Audit, entry: Entry) -> None:
        if isinstance(entry, Move) and entry.unit in audit.units:
            self._before_move(audit, entry)
        elif isinstance(entry, Place) and entry.unit in audit.units:
            self._before_place(audit, entry)
        elif isinstance(entry, Intercept):
            self._intercept(audit, entry)
        elif isinstance(entry, Roll):
            self._roll(audit, entry)

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        return None

    # -- helpers

    def _kind(self, audit: Audit) -> str | None:
        phase = audit.position.phase
        if not phase:
            return None
        head, _, rest = phase.partition("-")
        return rest if head in self.friends else phase

    def _faction(self, audit: Audit) -> str | None:
        phase = audit.position.phase or ""
        head = phase.split("-", 1)[0]
        return head if head in self.friends else None

    def _kind_of(self, loc: str) -> str | None:
        area = self.data.areas.get(loc)
        return area.kind if area is not None else None

    def _side(self, audit: Audit, uid: str) -> str:
        return audit.units[uid].side

    def _class(self, audit: Audit, uid: str) -> str:
        return audit.units[uid].unit_class

    def _enemies_in(self, audit: Audit, area: str, side: str) -> list[str]:
        return sorted(u for u in audit.position.at(area)
                      if self._class(audit, u) == "land" and self._side(audit, u) not in self.friends[side])

    def _samples(self, *areas: str) -> tuple[str, ...]:
        named = all("2.3" in self.data.areas[a].source for a in areas if a in self.data.areas)
        return () if named else (SAMPLE_MAP,)

    # -- land

    def _occupancy(self, audit: Audit) -> None:
        held: dict[str, set[str]] = defaultdict(set)
        for uid in audit.units:
            loc = audit.position.loc(uid)
            if loc is not None and self._kind_of(loc) == "land" and self._class(audit, uid) == "land":
                held[loc].add(self._side(audit, uid))
        mixed = {area for area, sides in held.items() if "german" in sides and len(sides) > 1}
        for area in sorted(str(a) for a in audit.standing("occupancy", mixed)):
            audit.report(rule("4.2"), f"{area} holds German and {'/'.join(sorted(held[area] - {'german'}))} "
                         "battalions after combat: the loser retreats or is defeated", where=area,
                         units=sorted(audit.position.at(area)))

    def _before_move(self, audit: Audit, entry: Move) -> None:
        uid, to = entry.unit, entry.to
        origin = audit.position.loc(uid)
        if origin is None or origin not in self.data.areas or to not in self.data.areas:
            return
        if self._class(audit, uid) == "naval":
            self._ship_move(audit, entry, origin)
            return
        if self._class(audit, uid) != "land" or self.data.areas[to].kind != "land":
            return
        kind = self._kind(audit)
        if kind == "movement":
            self._land_move(audit, entry, origin)
        elif kind == "combat":
            self._retreat(audit, entry, origin)

    def _land_move(self, audit: Audit, entry: Move, origin: str) -> None:
        uid, to = entry.unit, entry.to
        side = self._side(audit, uid)
        self.moves[uid] += 1
        if self.data.crossing(origin, to) is None:
            audit.report(rule("4.1"), f"{uid} moves from {origin} to {to}, which do not border each other",
                         where=to, units=[uid], samples=self._samples(origin, to))
        elif self.moves[uid] == 2:
            audit.report(rule("4.1"), f"{uid} moves a second area this phase ({origin} to {to}); a battalion "
                         "moves one space a turn unless a card allows more (Appendix: Rask forflytning)",
                         where=to, units=[uid])
        if self._enemies_in(audit, to, side):
            self.origins[to].add(origin)

    def _retreat(self, audit: Audit, entry: Move, origin: str) -> None:
        uid, to = entry.unit, entry.to
        side = self._side(audit, uid)
        if self._faction(audit) in self.friends[side]:
            return  # the attacker goes back where it came from (4.2 step 8)
        crossing = self.data.crossing(origin, to)
        problem = None
        if crossing is None:
            problem = f"{origin} and {to} do not border each other"
        elif crossing != "none" and side in ("german", "allied"):
            problem = f"a {side.capitalize()} defender may not retreat across the {crossing} between {origin} and {to}"
        elif to in self.origins.get(origin, ()):
            problem = f"the attack on {origin} came from {to}"
        elif self._enemies_in(audit, to, side):
            problem = f"{to} holds enemy battalions"
        if problem:
            audit.report(rule("4.2"), f"{uid} retreats from {origin} to {to}: {problem}", where=to, units=[uid],
                         samples=self._samples(origin, to))

    # -- reinforcements

    def _before_place(self, audit: Audit, entry: Place) -> None:
        uid, at = entry.unit, entry.at
        if at not in self.data.areas:
            return
        if self._class(audit, uid) == "naval":
            self._allied_sea(audit, uid, at)
            return
        if self._kind(audit) != "reinforcement" or self._class(audit, uid) != "land":
            return
        side = self._side(audit, uid)
        if side != self._faction(audit) and not (side == "norwegian" and entry.extra.get("by") == "mobilization"):
            return
        if side == "norwegian" and entry.extra.get("by") == "mobilization":
            self._april_mobilization(audit, uid, at)
        elif side == "norwegian":
            self._norwegian_place(audit, uid, at)
        elif side == "allied":
            self._allied_place(audit, entry)
        elif side == "german":
            self._german_place(audit, entry)

    def _april_mobilization(self, audit: Audit, uid: str, at: str) -> None:
        """7.3: one battalion for every second mobilization point not occupied by Germany, one a point."""
        points = self.data.mobilization_points()
        free = [p for p in points if not self._enemies_in(audit, p, "norwegian")]
        self.placed[at] += 1
        mobilized = sum(self.placed[p] for p in points)
        if at not in points:
            problem = f"{at} is not a mobilization point"
        elif at not in free:
            problem = f"German battalions occupy {at}"
        elif self.placed[at] > 1:
            problem = f"a second battalion on the mobilization point {at}"
        elif mobilized > len(free) // 2:
            problem = f"battalion {mobilized} from {len(free)} free mobilization points (one per two)"
        else:
            return
        audit.report(rule("7.3"), f"Norway mobilizes {uid} in {at}: {problem}", where=at, units=[uid])

    def _norwegian_place(self, audit: Audit, uid: str, at: str) -> None:
        area = self.data.areas[at]
        if not (area.victory_city or area.mobilization_point):
            audit.report(rule("4.3"), f"Norway places {uid} in {at}, neither a victory city nor a mobilization point",
                         where=at, units=[uid])
        elif self._enemies_in(audit, at, "norwegian"):
            audit.report(rule("4.3"), f"Norway places {uid} in {at}, which German battalions occupy", where=at,
                         units=[uid])
        self.placed[at] += 1
        if self.placed[at] == self.limits["norway_reinforcements_per_area"] + 1:
            audit.report(rule("4.3"), f"Norway places a second reinforcement battalion in {at} this round",
                         where=at, units=[uid], excess=1)

    def _allied_place(self, audit: Audit, entry: Place) -> None:
        at = entry.at
        zones = [z for z in self.data.areas[at].sea_zones if z in self.sea["allied_reinforcement_zones"]]
        if not zones:
            audit.report(rule("4.3"), f"the Allies place {entry.unit} in {at}, which borders none of Sea Zones "
                         "III-VII", where=at, units=[entry.unit], samples=self._samples(at))
        elif audit.record.extra.get("variant") == "advanced":
            german = [z for z in self.data.areas[at].sea_zones if set(self._ships_in(audit, z)) == {"german"}]
            if german:  # 8.3: not by a sea zone under German control (8.2: alone with ships there)
                audit.report(rule("8.3"), f"the Allies place {entry.unit} in {at}, by {german[0]}, which German "
                             "ships control", where=at, units=[entry.unit])
        if not self.allied_reinforced and audit.position.turn == "Round 1":
            self.allied_opening.append((at, entry.stack, entry))

    def _ships_in(self, audit: Audit, zone: str) -> dict[str, int]:
        count: Counter[str] = Counter()
        for uid in audit.position.at(zone):
            if self._class(audit, uid) == "naval":
                count[self._side(audit, uid)] += 1
        return dict(count)

    def _german_place(self, audit: Audit, entry: Place) -> None:
        """4.3: by Sea Zones I and II; 8.3 (advanced) adds zones free of Allied ships from the south up,
        and zones German ships control (one battalion per German ship there if Allied ships are further south)."""
        at, basic = entry.at, self.sea["german_reinforcement_zones"]
        if self.data.coastal(at, basic):
            return
        if audit.record.extra.get("variant") == "advanced":
            coast = [z for z in self.data.sea_zones() if z != "Sea Zone VIII"]  # south to north (8.3)
            for index, zone in enumerate(coast):
                if zone not in self.data.areas[at].sea_zones:
                    continue
                ships = self._ships_in(audit, zone)
                south = [self._ships_in(audit, z).get("allied", 0) for z in coast[: index + 1]]
                if not any(south):
                    return
                if ships.get("german") and set(ships) == {"german"}:
                    self.placed[zone] += 1
                    if self.placed[zone] <= ships["german"]:
                        return
            audit.report(rule("8.3"), f"Germany places {entry.unit} in {at}: not by Sea Zone I or II, and no sea "
                         "zone by it is free of Allied ships from the south up or held by enough German ships",
                         where=at, units=[entry.unit], samples=self._samples(at))
            return
        audit.report(rule("4.3"), f"Germany places {entry.unit} in {at}, which borders neither Sea Zone I nor II",
                     where=at, units=[entry.unit], samples=self._samples(at))

    def _allied_opening(self, audit: Audit) -> None:
        """3: the opening six Allied battalions come as 2 stacks of 3, in areas not bordering each other."""
        stacks = Counter(at for at, _, _ in self.allied_opening)
        size, count = self.limits["allied_opening_stack_size"], self.limits["allied_opening_stacks"]
        areas = sorted(stacks)
        last_at, _, last = self.allied_opening[-1]
        if sorted(stacks.values()) != [size] * count:
            audit.report(rule("3"), "the Allies' opening reinforcements are "
                         + ", ".join(f"{stacks[a]} in {a}" for a in areas)
                         + f", not {count} stacks of {size}", where=last_at, entry=last)
        elif self.data.crossing(areas[0], areas[1]) is not None:
            audit.report(rule("3"), f"the Allies' opening stacks are in {areas[0]} and {areas[1]}, which border "
                         "each other", where=last_at, entry=last, samples=self._samples(*areas))

    # -- ships

    def _allied_sea(self, audit: Audit, uid: str, zone: str) -> None:
        if self._side(audit, uid) == "allied" and zone in self.sea["allied_barred_zones"]:
            audit.report(rule("5.1"), f"Allied ship {uid} enters {zone}: Sea Zones I and II are closed to Allied "
                         "ships (8.1)", where=zone, units=[uid])

    def _ship_move(self, audit: Audit, entry: Move, origin: str) -> None:
        uid, to = entry.unit, entry.to
        self._close_attempt(audit)
        self._allied_sea(audit, uid, to)
        side = self._side(audit, uid)
        if (side, to) in self.attempted and side == self._faction(audit):
            audit.report(rule("8.1"), f"ship {uid} enters {to}, where {side} ships attempted an interception this "
                         "turn", where=to, units=[uid])
        if self.data.areas[origin].kind == "land" or self.data.areas[to].kind == "land":
            return
        self.moves[uid] += 1
        slow = audit.units[uid].type == "panserskip"
        limit = self.limits["panserskip_zones_per_move"] if slow else self.limits["ship_zones_per_move"]
        if self.data.crossing(origin, to) is None:
            audit.report(rule("8.1"), f"ship {uid} moves from {origin} to {to}, which do not border each other",
                         where=to, units=[uid])
        elif self.moves[uid] == limit + 1:
            why = "Eidsvoll & Norge moves one sea zone a turn (6.1)" if slow else "ships move up to two sea zones"
            audit.report(rule("6.1" if slow else "8.1"), f"ship {uid} enters a sea zone beyond its move: {why}",
                         where=to, units=[uid], excess=1)

    def _intercept(self, audit: Audit, entry: Intercept) -> None:
        self._close_attempt(audit)
        key = (entry.side, entry.zone)
        if entry.side == self._faction(audit) and key in self.attempted:
            audit.report(rule("8.1"), f"a second {entry.side} interception attempt in {entry.zone} this turn: the "
                         "attacker gets one in each sea zone each turn", where=entry.zone, units=entry.naval)
        if entry.side == self._faction(audit):
            self.attempted.add(key)
        enemies = [u for u in audit.position.at(entry.zone)
                   if self._class(audit, u) == "naval" and self._side(audit, u) not in self.friends[entry.side]]
        self.attempt = (entry.side, entry.zone, len(enemies), entry)
        self.dice = 0

    def _roll(self, audit: Audit, entry: Roll) -> None:
        purpose = entry.purpose.lower()
        if purpose in RECON and entry.zone in self.sea["recon_barred_zones"]:
            audit.report(rule("Appendix Rekognoseringsfly"), f"Rekognoseringsfly played in {entry.zone}: it cannot be "
                         "used in Sea Zones I, VI or VII", where=entry.zone)
        if purpose == "naval-interception":
            if self.attempt is None or (entry.zone is not None and entry.zone != self.attempt[1]):
                audit.report(rule("8.1"), "a naval interception roll with no interception attempt in "
                             f"{entry.zone or 'its sea zone'}", where=entry.zone)
            else:
                self.dice += len(entry.dice)  # one die per enemy ship, thrown one by one or at once

    def _close_attempt(self, audit: Audit) -> None:
        if self.attempt is None:
            return
        side, zone, enemies, entry = self.attempt
        self.attempt = None
        if self.dice != enemies:
            audit.report(rule("8.1"), f"the {side} interception attempt in {zone} rolls {self.dice} dice for "
                         f"{enemies} enemy ships: one die for every enemy ship", where=zone, entry=entry)

    def _ship_stacks(self, audit: Audit) -> None:
        stacks: dict[tuple[str, str], set[str | None]] = defaultdict(set)
        for uid in audit.units:
            loc = audit.position.loc(uid)
            if loc is not None and self._class(audit, uid) == "naval" and self._kind_of(loc) == "sea":
                stacks[(loc, self._side(audit, uid))].add(audit.position.stack(uid) or uid)
        split = {f"{zone}\t{side}" for (zone, side), names in stacks.items() if len(names) > 1}
        for key in sorted(str(k) for k in audit.standing("ship-stacks", split)):
            zone, side = key.split("\t")
            audit.report(rule("6.1"), f"{side} ships in {zone} form {len(stacks[(zone, side)])} stacks, not one",
                         where=zone, units=_sorted(u for u in audit.position.at(zone)
                                                   if self._side(audit, u) == side))


def _sorted(items: Iterable[str]) -> list[str]:
    return sorted(items)
