"""The checks of Kampen om Norge's reinforcements (kampen-om-norge.txt 3, 4.3, 7.2, 7.3, 8.3): the German
landings and Norway's resistance of 9 April, its mobilization, and where each faction reinforces.

Which places are a reinforcement, a landing or a mobilization is the composite's reading
(:meth:`.rules.KampenRules.before`), the same for every check.
"""

from __future__ import annotations

from collections import Counter

from ...record import Entry, Move, Place, Roll
from ...rules.engine import Audit
from ...rules.position import UnitState
from .board import APRIL, rule
from .data import card_key
from .entries import Card as CardEntry
from .rules import KampenCheck, KampenRules


class AprilLanding(KampenCheck):
    """7.2: on 9 April a German ship lands one battalion, in an area by its sea zone, never from the Raiding
    Ships box; Norway rolls one die to resist in each invaded victory city."""

    def __init__(self, rules: KampenRules):
        super().__init__(rules)
        self.landed: Counter[str] = Counter()  # ships that landed a battalion on 9 April
        self.last_zone: dict[str, str] = {}  # a ship's last sea zone (a sunk ship may still land, Appendix)
        self.resisted_rolls: set[str] = set()  # where Norway rolled to resist
        self.sunk_landed: set[str] = set()  # sunk ships that landed a battalion (Appendix Evakuerte matroser)
        self.forts: set[str] = set()  # victory cities Kystfort defended (Appendix Kystfort)

    def before(self, audit: Audit, entry: Entry) -> None:
        if isinstance(entry, Place) and self.rules.placing == "landing":
            self.landing(audit, entry)
            self.defended(audit, entry)
        elif isinstance(entry, Roll) and entry.purpose == "resistance" and entry.zone is not None \
                and self.board.area_kind(entry.zone) == "land":
            self.resistance(audit, entry, entry.zone)
        elif isinstance(entry, CardEntry) and self.rules.card is not None and entry.zone is not None \
                and card_key(self.rules.card.name) == "kystfort":
            self.coastal_defences(audit, entry, entry.zone)

    def coastal_defences(self, audit: Audit, entry: CardEntry, city: str) -> None:
        """Appendix Kystfort: "Play when Germany lands battalions in a land area with a victory city": either
        result turns the landing away ("may not land its battalion" and the rest land elsewhere, or "No German
        battalions may land in the land area with the victory city"). Which die gives which is lost with the
        card's symbols: any later landing there is judged, not the result."""
        if self.board.area_kind(city) == "land" and not self.data.areas[city].victory_city:
            audit.report(rule("Appendix Kystfort"), f"Kystfort (Coastal defenses) in {city}, which has no victory "
                         "city: it is played when Germany lands in a land area with a victory city", where=city)
        self.forts.add(city)

    def defended(self, audit: Audit, entry: Place) -> None:
        if entry.at in self.forts:
            audit.report(rule("Appendix Kystfort"), f"{entry.unit} lands in {entry.at} after Kystfort (Coastal "
                         "defenses) was played there: the German ships land their battalions in other land areas "
                         "by the same sea zone", where=entry.at, units=[entry.unit])

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if isinstance(entry, (Move, Place)) and entry.unit in audit.units \
                and self.board.klass(audit, entry.unit) == "naval":
            loc = audit.position.loc(entry.unit)
            if self.board.area_kind(loc) in ("sea", "box"):
                self.last_zone[entry.unit] = str(loc)

    def landing(self, audit: Audit, entry: Place) -> None:
        """Every German ship in a coastal sea zone lands one battalion, in a land area by that zone; raiding
        ships land none (a ship sunk may still land with Evakuerte matroser, so its last zone counts)."""
        ship = self.ship(audit, str(entry.extra["from"]))
        if ship is None:
            return
        zone = audit.position.loc(ship) or self.last_zone.get(ship)
        self.landed[ship] += 1
        if audit.position.loc(ship) is None and ship in self.last_zone:
            self.sunk_landing(audit, entry, ship)
        board, problem = self.board, None
        if board.side(audit, entry.unit) != "german" or board.side(audit, ship) != "german":
            problem = "only German ships land battalions"
        elif board.ship_type(audit, ship) == "dummy":
            problem = "a dummy ship carries no battalion (6.1)"
        elif zone is not None and board.area_kind(zone) == "box":
            problem = "raiding ships may not land battalions"
        elif zone is not None and zone not in self.data.areas[entry.at].sea_zones:
            problem = f"the ship is in {zone}, which {entry.at} does not border"
        elif self.landed[ship] > 1:
            problem = "a second battalion from the same ship (one from every ship)"
        if problem:
            audit.report(rule("7.2"), f"{entry.unit} lands in {entry.at} from {ship}: {problem}", where=entry.at,
                         units=[entry.unit, ship], samples=board.samples(entry.at))

    def sunk_landing(self, audit: Audit, entry: Place, ship: str) -> None:
        """Appendix Evakuerte matroser: "One sunken German ship may land a battalion as normal, before the ship
        is removed from the game" (7.2): a sunk ship lands only by the card, one ship a card."""
        self.sunk_landed.add(ship)
        cards = sum(1 for card, _ in self.rules.table.played if card_key(card.name) == "evakuertematroser")
        if len(self.sunk_landed) > cards:
            audit.report(rule("Appendix Evakuerte matroser"), f"{entry.unit} lands in {entry.at} from {ship}, sunk: "
                         "a sunken German ship lands a battalion only with Evakuerte matroser (Evacuated sailors), "
                         "one ship a card", where=entry.at, units=[entry.unit, ship])

    def ship(self, audit: Audit, name: str) -> str | None:
        """The ship a landing names: its unit id, or its name as printed (any capitalisation)."""
        if name in audit.units:
            return name
        folded = " ".join(name.split()).casefold()
        return next((uid for uid, unit in audit.units.items()
                     if unit.unit_class == "naval" and str(unit.name or "").casefold() == folded), None)

    def resistance(self, audit: Audit, entry: Roll, city: str) -> None:
        """Norway rolls a die in every victory city German battalions invaded; other areas do not resist."""
        problem = None
        if audit.position.turn != APRIL:
            problem = "Norway resists the invasion in the 9. April turn"
        elif not self.data.areas[city].victory_city:
            problem = f"{city} has no victory city: land areas without one do not resist"
        elif not self.board.enemies_in(audit, city, "norwegian"):
            problem = f"no German battalion invaded {city}"
        elif city in self.resisted_rolls:
            problem = f"a second resistance roll in {city}"
        elif not entry.single:
            problem = f"{len(entry.dice)} dice: Norway rolls a die"
        self.resisted_rolls.add(city)
        if problem:
            audit.report(rule("7.2"), f"a resistance roll in {city}: {problem}", where=city)


class AprilMobilization(KampenCheck):
    """7.3: on 9 April Germany reinforces first, then Norway, then the Allies; Norway mobilizes one battalion
    in each victory city neither German nor mobilized by resistance, and one per two mobilization points
    free of Germans, one a point."""

    def __init__(self, rules: KampenRules):
        super().__init__(rules)
        self.mobilized: Counter[str] = Counter()  # by area
        self.resisted: set[str] = set()  # victory cities where Norway resisted the landing (7.2)
        self.april_last: str | None = None  # the last faction to reinforce on 9 April

    def before(self, audit: Audit, entry: Entry) -> None:
        if not isinstance(entry, Place):
            return
        placing = self.rules.placing
        if placing == "mobilization":
            self.mobilize(audit, entry.unit, entry.at)
        elif placing == "resistance":
            self.resisted.add(entry.at)  # 7.2: a battalion appears where Norway resists the invasion
        elif placing == "reinforcement" and audit.position.turn == APRIL:
            self.in_order(audit, entry, self.board.side(audit, entry.unit))

    def in_order(self, audit: Audit, entry: Place, side: str) -> None:
        order = list(self.friends)  # german, norwegian, allied (game.toml)
        if self.april_last is not None and order.index(side) < order.index(self.april_last):
            audit.report(rule("7.3"), f"{side} reinforces {entry.at} after {self.april_last}: on 9 April Germany "
                         "reinforces first, then Norway, and the Allies go last", where=entry.at, units=[entry.unit])
        else:
            self.april_last = side

    def mobilize(self, audit: Audit, uid: str, at: str) -> None:
        self.mobilized[at] += audit.position.strength(uid)
        problem = self.city_problem(audit, at) if self.data.areas[at].victory_city else self.point_problem(audit, at)
        if problem:
            audit.report(rule("7.3"), f"Norway mobilizes {uid} in {at}: {problem}", where=at, units=[uid])

    def city_problem(self, audit: Audit, at: str) -> str | None:
        if self.board.enemies_in(audit, at, "norwegian"):
            return f"German battalions occupy the victory city {at}"
        if at in self.resisted:
            return f"{at} already mobilized when Norway resisted the landing (7.2)"
        if self.mobilized[at] > 1:
            return f"a second battalion in the victory city {at}"
        return None

    def point_problem(self, audit: Audit, at: str) -> str | None:
        points = self.data.mobilization_points()
        free = [p for p in points if not self.board.enemies_in(audit, p, "norwegian")]
        mobilized = sum(self.mobilized[p] for p in points)
        if at not in points:
            return f"{at} is neither a victory city nor a mobilization point"
        if at not in free:
            return f"German battalions occupy {at}"
        if self.mobilized[at] > 1:
            return f"a second battalion on the mobilization point {at}"
        if mobilized > len(free) // 2:
            return f"battalion {mobilized} from {len(free)} free mobilization points (one per two)"
        return None


class NorwegianReinforcement(KampenCheck):
    """4.3: Norway reinforces victory cities and mobilization points free of Germans, one battalion an area
    a round."""

    def __init__(self, rules: KampenRules):
        super().__init__(rules)
        self.reinforced: Counter[str] = Counter()  # this phase, by area

    def start_phase(self, audit: Audit) -> None:
        self.reinforced.clear()

    def before(self, audit: Audit, entry: Entry) -> None:
        if isinstance(entry, Place) and self.rules.placing == "reinforcement" \
                and self.board.side(audit, entry.unit) == "norwegian":
            self.place(audit, entry.unit, entry.at)

    def place(self, audit: Audit, uid: str, at: str) -> None:
        area = self.data.areas[at]
        if not (area.victory_city or area.mobilization_point):
            audit.report(rule("4.3"), f"Norway places {uid} in {at}, neither a victory city nor a mobilization point",
                         where=at, units=[uid], case="norway")
        elif self.board.enemies_in(audit, at, "norwegian"):
            audit.report(rule("4.3"), f"Norway places {uid} in {at}, which German battalions occupy", where=at,
                         units=[uid], case="norway")
        before = self.reinforced[at]
        self.reinforced[at] += audit.position.strength(uid)  # a piece with points is that many battalions (2.2)
        if before <= self.limits["norway_reinforcements_per_area"] < self.reinforced[at]:
            audit.report(rule("4.3"), f"Norway places a second reinforcement battalion in {at} this round",
                         where=at, units=[uid], excess=1)


class GermanReinforcement(KampenCheck):
    """4.3: Germany reinforces areas by Sea Zones I and II; 8.3 (advanced) adds zones free of Allied ships
    from the south up, and zones German ships control (one battalion per German ship there if Allied ships
    are further south)."""

    def __init__(self, rules: KampenRules):
        super().__init__(rules)
        self.by_ship: Counter[str] = Counter()  # this phase, by sea zone

    def start_phase(self, audit: Audit) -> None:
        self.by_ship.clear()

    def before(self, audit: Audit, entry: Entry) -> None:
        if isinstance(entry, Place) and self.rules.placing == "reinforcement" \
                and self.board.side(audit, entry.unit) == "german":
            self.place(audit, entry)

    def place(self, audit: Audit, entry: Place) -> None:
        at = entry.at
        if self.data.coastal(at, self.sea["german_reinforcement_zones"]):
            return
        if not self.board.advanced(audit):
            audit.report(rule("4.3"), f"Germany places {entry.unit} in {at}, which borders neither Sea Zone I nor "
                         "II", where=at, units=[entry.unit], samples=self.board.samples(at), case="germany")
        elif not self.by_free_zone(audit, at):
            audit.report(rule("8.3"), f"Germany places {entry.unit} in {at}: not by Sea Zone I or II, and no sea "
                         "zone by it is free of Allied ships from the south up or held by enough German ships",
                         where=at, units=[entry.unit], samples=self.board.samples(at))

    def by_free_zone(self, audit: Audit, at: str) -> bool:
        coast = [z for z in self.data.sea_zones() if z != "Sea Zone VIII"]  # south to north (8.3)
        for index, zone in enumerate(coast):
            if zone not in self.data.areas[at].sea_zones:
                continue
            ships = self.board.ships_in(audit, zone)
            if not any(self.board.ships_in(audit, z).get("allied", 0) for z in coast[: index + 1]):
                return True
            if ships.get("german") and set(ships) == {"german"}:
                self.by_ship[zone] += 1
                if self.by_ship[zone] <= ships["german"]:
                    return True
        return False


class AlliedReinforcement(KampenCheck):
    """3, 4.3, 8.3: the Allies reinforce coastal areas of Sea Zones III-VII (advanced: none under German
    control), also with Invasjon; their opening six come as two stacks of three in areas not bordering
    each other."""

    def __init__(self, rules: KampenRules):
        super().__init__(rules)
        self.opening: list[tuple[str, str | None, Entry]] = []  # this phase's places of the opening six
        self.reinforced = False  # the Allies' first reinforcement phase is over

    def start_phase(self, audit: Audit) -> None:
        self.opening = []

    def end_phase(self, audit: Audit) -> None:
        if self.board.faction(audit) == "allied" and self.board.kind(audit) == "reinforcement" and self.opening:
            self.judge_opening(audit)
            self.reinforced = True

    def before(self, audit: Audit, entry: Entry) -> None:
        if not isinstance(entry, Place):
            return
        if self.rules.placing == "invasjon":
            self.place(audit, entry)  # Appendix Invasjon: reinforcements in the movement phase
        elif self.rules.placing == "reinforcement" and self.board.side(audit, entry.unit) == "allied":
            self.place(audit, entry)
            if not self.reinforced and audit.position.turn == "Round 1":
                self.opening.extend([(entry.at, entry.stack, entry)] * audit.position.strength(entry.unit))

    def place(self, audit: Audit, entry: Place) -> None:
        at = entry.at
        zones = [z for z in self.data.areas[at].sea_zones if z in self.sea["allied_reinforcement_zones"]]
        if not zones:
            audit.report(rule("4.3"), f"the Allies place {entry.unit} in {at}, which borders none of Sea Zones "
                         "III-VII", where=at, units=[entry.unit], samples=self.board.samples(at), case="allies")
        elif self.board.advanced(audit):
            german = [z for z in zones if self.board.german_controlled(audit, z)]
            if german:  # 8.3: not by a sea zone under German control (8.2: alone with ships there)
                audit.report(rule("8.3"), f"the Allies place {entry.unit} in {at}, by {german[0]}, which German "
                             "ships control", where=at, units=[entry.unit])

    def judge_opening(self, audit: Audit) -> None:
        """3: the opening six Allied battalions come as 2 stacks of 3, in areas not bordering each other."""
        stacks = Counter(at for at, _, _ in self.opening)
        size, count = self.limits["allied_opening_stack_size"], self.limits["allied_opening_stacks"]
        areas = sorted(stacks)
        last_at, _, last = self.opening[-1]
        if sorted(stacks.values()) != [size] * count:
            audit.report(rule("3"), "the Allies' opening reinforcements are "
                         + ", ".join(f"{stacks[a]} in {a}" for a in areas)
                         + f", not {count} stacks of {size}", where=last_at, entry=last)
        elif self.data.crossing(areas[0], areas[1]) is not None:
            audit.report(rule("3"), f"the Allies' opening stacks are in {areas[0]} and {areas[1]}, which border "
                         "each other", where=last_at, entry=last, samples=self.board.samples(*areas))
