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
from ...rules.engine import Audit, Checks
from ...rules.position import UnitState
from .board import APRIL, FILE, SAMPLE_MAP, KampenBoard, rule, word
from .cardplay import CardPlay
from .data import KampenData
from .entries import Card
from .opening import Opening
from .symbols import Symbols

__all__ = ["CHECKS", "FILE", "SAMPLE_MAP", "KampenRules", "rule"]

# (check, rules it cites, what it judges)
CHECKS: tuple[tuple[str, tuple[str, ...], str], ...] = (
    ("occupancy", ("4.2",), "after combat no land area holds opposing factions; Norway and the Allies may share"),
    ("set-up", ("3", "7.0"), "the basic set-up places the listed German and Norwegian battalions and no Allied "
                             "ones; on 9 April Norway places 1 in Finnmark, 1 in or by Oslo, 2 on mobilization "
                             "points, Eidsvoll & Norge in any sea zone but VIII, ships in sea zones"),
    ("land-move", ("4.1",), "a battalion's move covers one adjacent area, once a movement phase, unless a card moves "
                            "it"),
    ("card-move", ("Appendix Rask forflytning", "Appendix Transportfly", "Appendix Kystevakuering",
                   "Appendix Fallskjermtropp"),
     "Rask forflytning: 1-2 battalions two areas, together to one area (Norway's not into combat or through "
     "enemies; an escape one area); Transportfly: 1-2 battalions, no normal move the same turn; Kystevakuering: "
     "between coastal areas of Sea Zones III-VII, not into combat; a paratrooper's placement is its move"),
    ("retreat", ("4.2",), "a beaten attacker goes back where it attacked from (from sea or air: like a defender, "
                          "fjords allowed); beaten defenders retreat one area, all to the same one, not to enemies "
                          "or the attacker's origin, not across a fjord or lake if German or Allied"),
    ("combat-dice", ("4.2",), "combat dice from at most five battalions a side, halved across a fjord or lake, "
                              "plus the dice of the side's cards"),
    ("combat-cards", ("4.2", "8.2", "Appendix Polsk bergjeger", "Appendix Artilleri", "Appendix Gebirgsjäger",
                      "Appendix Panzer", "Appendix Speidertropp"),
     "one card of each type a player in a combat (Bombefly and Jagerbomber one type); a card needs battalions of its "
     "faction in the combat (Jagerfly aside); French and Polish mountain troops not together; Artilleri, "
     "Gebirgsjäger, Panzer and Speidertropp not when only Fallskjermtropp battalions attack"),
    ("air-range", ("2.3", "5.1"), "Bombefly and Jagerbomber in land areas within the air range of the air fields "
                                  "Germany holds, Bombefly at sea by a held air field (Bardufoss: Sea Zone VII); "
                                  "Fallskjermtropp placed within air range; Transportfly between air fields Germany "
                                  "holds"),
    ("card-limits", ("Appendix Invasjon", "Appendix Jagerfly", "Appendix Kystbombardement", "Appendix Stupbombefly",
                     "Appendix Rekognoseringsfly", "Appendix Veisperring", "Appendix Sprengt bro",
                     "Appendix Ubåt", "Appendix Villedende manøver", "Appendix Minelegging",
                     "Appendix Bløff/trusler"),
     "the limits printed on the cards: the sea zones a card may be used by (advanced: German control, a carrier, "
     "a battleship), how many battalions it takes, its dice (one per ship or battalion), Norway holding the area "
     "a road block or blown bridge defends, no submarine against an air-transported reinforcement"),
    ("dice", ("2.1",), "every die rolled reads 1-6"),
    ("reinforcement-symbols", ("4.3",), "a turn's reinforcements are 1 for every 3 symbols traded (Germany 1 "
                                        "free a round, the Allies their opening six), when the record shows the "
                                        "cards traded"),
    ("norwegian-reinforcement", ("4.3",), "Norway reinforces victory cities and mobilization points free of "
                                          "Germans, one battalion an area a round"),
    ("april-landing", ("7.2", "7.1", "7.0"), "on 9 April no normal movement; a German ship lands one battalion, in an "
                                            "area by its sea zone, never from the Raiding Ships box; Norway rolls one "
                                            "die to resist in each invaded victory city; German battleships and heavy "
                                            "cruisers in VI-VIII raid in its combat phase, and come back only in a "
                                            "German movement phase"),
    ("april-mobilization", ("7.3",), "on 9 April Germany reinforces first, then Norway, then the Allies; Norway "
                                     "mobilizes one battalion in each victory city neither "
                                     "German nor mobilized by resistance, and one per two mobilization points free "
                                     "of Germans, one a point"),
    ("german-reinforcement", ("4.3", "8.3", "Appendix Transportfly"), "Germany reinforces areas by Sea Zones I and II; in the advanced game "
                                             "also by zones free of Allied ships up from the south, or held by "
                                             "German ships; Transportfly reinforcements on air fields it holds"),
    ("allied-reinforcement", ("3", "4.3", "8.3"), "the Allies reinforce coastal areas of Sea Zones III-VII (advanced: "
                                                  "none under German control), also with Invasjon; their opening "
                                                  "six come as two stacks of three in areas not bordering each other"),
    ("ship-stacks", ("6.1",), "all ships of a faction in a sea zone form one stack"),
    ("naval-combat", ("8.2",), "a side rolls at most a die for every ship it has in the combat (sunk ones shoot "
                               "back); Eidsvoll & Norge is sunk, never chased"),
    ("ship-move", ("6.1", "8.1"), "a ship moves at most two sea zones a turn (Eidsvoll & Norge one), to bordering "
                                  "zones"),
    ("allied-seas", ("5.1", "8.1"), "Allied ships never enter Sea Zones I and II"),
    ("interception", ("8.1", "6.1"), "the moving player (Germany on 9 April) attempts one interception a sea zone "
                                     "a turn, its ships there stop and it enters the zone no more; all or none of a "
                                     "side's ships in the zone intercept; an attempt rolls one die per enemy ship "
                                     "there, one by one or as a list; Eidsvoll & Norge intercepts only on 9 April"),
)


class KampenRules(Checks):
    """One audit's state: what moved this phase, where attacks came from, reinforcements placed."""

    def __init__(self, data: KampenData):
        super().__init__(())
        self.data = data
        self.board = KampenBoard(data)
        self.friends = self.board.friends
        self.limits = self.board.limits
        self.sea = self.board.sea
        self.moves: Counter[str] = Counter()
        self.cards = CardPlay(self.board, self.moves)
        self.opening = Opening(self.board)
        self.symbols = Symbols(self.limits["reinforcement_symbols"])
        self.origins: dict[str, set[str]] = defaultdict(set)  # attacked area -> areas attacked from
        self.attacked_from: dict[str, str] = {}  # attacking battalion -> the area it attacked from
        self.retreated: dict[tuple[str, str], str] = {}  # (area left, faction) -> where its defenders went
        self.intercepted_with: set[str] = set()  # the attacker's ships that attempted an interception
        self.reinforced: Counter[str] = Counter()  # Norwegian reinforcements this phase, by area
        self.mobilized: Counter[str] = Counter()  # 7.3 mobilization, by area
        self.by_ship: Counter[str] = Counter()  # 8.3 German reinforcements by sea zone
        self.resisted: set[str] = set()  # victory cities where Norway resisted the landing (7.2)
        self.resisted_rolls: set[str] = set()  # where Norway rolled to resist (7.2)
        self.naval_dice: Counter[tuple[str, str]] = Counter()  # (sea zone, side) -> naval combat dice this phase
        self.april_last: str | None = None  # the last faction to reinforce on 9 April (7.3)
        self.landed: Counter[str] = Counter()  # ships that landed a battalion on 9 April (7.2)
        self.last_zone: dict[str, str] = {}  # a ship's last sea zone (a sunk ship may still land, Appendix)
        self.allied_opening: list[tuple[str, str | None, Entry]] = []
        self.allied_reinforced = False
        self.turn: str | None = None
        self.attempted: set[tuple[str, str]] = set()  # (side, sea zone) intercepted from this turn
        self.attempt: tuple[str, str, set[int], Entry] | None = None  # side, zone, dice it may roll, the intercept
        self.dice = 0

    @property
    def families(self) -> int:
        # Not split into Checks by family yet (issue 21): the families the pack lists, and each entry
        # and phase end counted once as a check made, as before the engine composed checks.
        return len(CHECKS)

    # -- the moments

    def start_phase(self, audit: Audit) -> None:
        if audit.position.turn != self.turn:
            self.turn = audit.position.turn
            self.attempted.clear()
        self.moves.clear()
        self.reinforced.clear()
        self.by_ship.clear()
        self.allied_opening = []
        if self._kind(audit) == "movement":
            self.symbols.reset()
            self.origins.clear()
            self.attacked_from.clear()
            self.intercepted_with.clear()
        self.retreated.clear()
        self.naval_dice.clear()
        self.cards.start_phase(audit)

    def end_phase(self, audit: Audit) -> None:
        self.checks_made += 1
        self._close_attempt(audit)
        self.cards.end_phase(audit)
        kind = self._kind(audit)
        if kind == "reinforcement":
            self.symbols.judge(audit)
        if kind == "combat":
            self._occupancy(audit)
        if kind in ("movement", "combat", "initial"):
            self._ship_stacks(audit)
        if self._faction(audit) == "allied" and kind == "reinforcement" and self.allied_opening:
            self._allied_opening(audit)
            self.allied_reinforced = True

    def before(self, audit: Audit, entry: Entry) -> None:
        self.checks_made += 1
        self.cards.before(audit, entry)
        if isinstance(entry, Move) and entry.unit in audit.units:
            self._before_move(audit, entry)
        elif isinstance(entry, Place) and entry.unit in audit.units:
            self._before_place(audit, entry)
        elif isinstance(entry, Intercept):
            self._intercept(audit, entry)
        elif isinstance(entry, Roll):
            self._roll(audit, entry)
            self.cards.on_roll(audit, entry)
        elif isinstance(entry, Card):
            self.symbols.card(entry)
            self.cards.on_card(audit, entry)

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if isinstance(entry, (Move, Place)) and entry.unit in audit.units and self._class(audit, entry.unit) == "naval" \
                and self._kind_of(audit.position.loc(entry.unit)) in ("sea", "box"):
            self.last_zone[entry.unit] = str(audit.position.loc(entry.unit))

    # -- helpers

    def _kind(self, audit: Audit) -> str | None:
        return self.board.kind(audit)

    def _faction(self, audit: Audit) -> str | None:
        return self.board.faction(audit)

    def _kind_of(self, loc: str | None) -> str | None:
        return self.board.area_kind(loc)

    def _side(self, audit: Audit, uid: str) -> str:
        return self.board.side(audit, uid)

    def _class(self, audit: Audit, uid: str) -> str:
        return self.board.klass(audit, uid)

    def _enemies_in(self, audit: Audit, area: str, side: str) -> list[str]:
        return self.board.enemies_in(audit, area, side)

    def _samples(self, *areas: str) -> tuple[str, ...]:
        return self.board.samples(*areas)

    # -- land

    def _occupancy(self, audit: Audit) -> None:
        held: dict[str, set[str]] = defaultdict(set)
        for uid in audit.units:
            loc = audit.position.loc(uid)
            if loc is not None and self._kind_of(loc) == "land" and self._class(audit, uid) == "land":
                held[loc].add(self._side(audit, uid))
        mixed = {area for area, sides in held.items() if "german" in sides and len(sides) > 1}
        for area in sorted(str(a) for a in audit.standing("occupancy", mixed)):
            audit.report(rule("4.2"), f"{area} holds German and {'/'.join(sorted(s.capitalize() for s in held[area] - {'german'}))} "
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
        if self._class(audit, uid) not in ("land", "chip") or self.data.areas[to].kind != "land":
            return
        kind = self._kind(audit)
        if kind in ("movement", "initial"):
            self.cards.note_move(audit, entry, origin)
            if self._enemies_in(audit, to, self._side(audit, uid)):
                self.origins[to].add(origin)
                self.attacked_from[uid] = origin
            else:
                self.attacked_from.pop(uid, None)
            if self.cards.judge_move(audit, entry, origin):
                return
            if audit.position.turn == APRIL:  # 7.1: no normal movement; 7.0: Omdisponering moves one battalion
                audit.report(rule("7.1" if kind == "movement" else "7.0"), f"{uid} moves to {to} on 9 April: there is "
                             "no normal movement that turn, only Fallskjermtropp, Jagerfly (and Omdisponering) move "
                             "battalions", where=to, units=[uid])
            else:
                self._land_move(audit, entry, origin)
        elif kind == "combat" and not self.cards.judge_move(audit, entry, origin, combat=True):
            self._retreat(audit, entry, origin)

    def _land_move(self, audit: Audit, entry: Move, origin: str) -> None:
        uid, to = entry.unit, entry.to
        self.moves[uid] += 1
        if self.data.crossing(origin, to) is None:
            audit.report(rule("4.1"), f"{uid} moves from {origin} to {to}, which do not border each other",
                         where=to, units=[uid], samples=self._samples(origin, to))
        elif self.moves[uid] == 2:
            audit.report(rule("4.1"), f"{uid} moves a second area this phase ({origin} to {to}); a battalion "
                         "moves one space a turn unless a card allows more (Appendix: Rask forflytning; a "
                         "Fallskjermtropp placement counts as the move)", where=to, units=[uid])

    def _retreat(self, audit: Audit, entry: Move, origin: str) -> None:
        """4.2 step 8: a beaten attacker goes back where it attacked from (from sea or air: to an available
        area, fjords allowed); a beaten defender to one available neighbouring area, all to the same one,
        never the attacker's origin nor across a fjord or lake if German or Allied."""
        uid, to = entry.unit, entry.to
        side = self._side(audit, uid)
        attacker = self.board.attacker(audit)
        attacking = attacker is not None and side in self.friends[attacker]
        if attacking and uid in self.attacked_from:
            if to != self.attacked_from[uid]:
                audit.report(rule("4.2"), f"{uid} retreats from {origin} to {to}: a beaten attacker goes back to "
                             f"the area it attacked from ({self.attacked_from[uid]})", where=to, units=[uid])
            return
        crossing = self.data.crossing(origin, to)
        problem = None
        if crossing is None:
            problem = f"{origin} and {to} do not border each other"
        elif crossing != "none" and side in ("german", "allied") and not attacking:
            problem = f"a {side.capitalize()} defender may not retreat across the {crossing} between {origin} and {to}"
        elif any(to in areas for areas in self.origins.values()):
            problem = f"the attacker attacks from {to} this turn"
        elif self._enemies_in(audit, to, side):
            problem = f"{to} holds enemy battalions"
        elif self.retreated.setdefault((origin, side), to) != to:
            problem = f"the other retreating battalions went to {self.retreated[(origin, side)]}: all to the same area"
        if problem:
            audit.report(rule("4.2"), f"{uid} retreats from {origin} to {to}: {problem}", where=to, units=[uid],
                         samples=self._samples(origin, to))

    # -- reinforcements

    def _before_place(self, audit: Audit, entry: Place) -> None:
        uid, at = entry.unit, entry.at
        if at not in self.data.areas:
            return
        if self._class(audit, uid) == "naval":
            self.opening.place(audit, entry)
            self._allied_sea(audit, uid, at)
            return
        if self.opening.place(audit, entry):
            return
        if self._class(audit, uid) not in ("land", "chip"):
            return
        side, kind, april = self._side(audit, uid), self._kind(audit), audit.position.turn == APRIL
        if self.cards.judge_place(audit, entry):  # a card's battalion: not a reinforcement, but a Transportfly
            if uid in self.cards.transported:      # one is acquired with symbols all the same (Appendix)
                self.symbols.place(side, audit.position.strength(uid), entry)
            return
        if april and entry.extra.get("from") is not None:
            self._landing(audit, entry)
        elif side == "norwegian" and word(entry.extra.get("by")) == "mobilization":
            self._april_mobilization(audit, uid, at)
        elif april and kind == "combat" and side == "norwegian":
            self.resisted.add(at)  # 7.2: a battalion appears where Norway resists the invasion
        elif kind == "movement" and side == "allied" == self._faction(audit) and self._invasion(audit):
            self._allied_place(audit, entry, opening=False)  # Appendix Invasjon: reinforcements in phase 1
            self.symbols.place(side, audit.position.strength(uid), entry)
        elif kind == "reinforcement" and (april or side == self._faction(audit)):
            self.symbols.place(side, audit.position.strength(uid), entry)
            if april:
                self._april_order(audit, entry, side)
            if side == "norwegian":
                self._norwegian_place(audit, uid, at)
            elif side == "allied":
                self._allied_place(audit, entry)
            elif side == "german":
                self._german_place(audit, entry)

    def _april_order(self, audit: Audit, entry: Place, side: str) -> None:
        """7.3: on 9 April Germany reinforces first, then Norway, and the Allies go last."""
        order = list(self.friends)  # german, norwegian, allied (game.toml)
        if self.april_last is not None and order.index(side) < order.index(self.april_last):
            audit.report(rule("7.3"), f"{side} reinforces {entry.at} after {self.april_last}: on 9 April Germany "
                         "reinforces first, then Norway, and the Allies go last", where=entry.at, units=[entry.unit])
        else:
            self.april_last = side

    def _invasion(self, audit: Audit) -> bool:
        return any(card.name == "Invasjon" and played.use != "reinforcement" for card, played in self.cards.played)

    def _landing(self, audit: Audit, entry: Place) -> None:
        """7.2: every German ship in a coastal sea zone lands one battalion, in a land area by that zone;
        raiding ships land none (a ship sunk may still land with Evakuerte matroser, so its last zone counts)."""
        ship = self._ship(audit, str(entry.extra["from"]))
        if ship is None:
            return
        zone = audit.position.loc(ship) or self.last_zone.get(ship)
        self.landed[ship] += 1
        problem = None
        if self._side(audit, entry.unit) != "german" or self._side(audit, ship) != "german":
            problem = "only German ships land battalions"
        elif self.board.ship_type(audit, ship) == "dummy":
            problem = "a dummy ship carries no battalion (6.1)"
        elif zone is not None and self._kind_of(zone) == "box":
            problem = "raiding ships may not land battalions"
        elif zone is not None and zone not in self.data.areas[entry.at].sea_zones:
            problem = f"the ship is in {zone}, which {entry.at} does not border"
        elif self.landed[ship] > 1:
            problem = "a second battalion from the same ship (one from every ship)"
        if problem:
            audit.report(rule("7.2"), f"{entry.unit} lands in {entry.at} from {ship}: {problem}", where=entry.at,
                         units=[entry.unit, ship], samples=self._samples(entry.at))

    def _ship(self, audit: Audit, name: str) -> str | None:
        """The ship a landing names: its unit id, or its name as printed (any capitalisation)."""
        if name in audit.units:
            return name
        folded = " ".join(name.split()).casefold()
        return next((uid for uid, unit in audit.units.items()
                     if unit.unit_class == "naval" and str(unit.name or "").casefold() == folded), None)

    def _april_mobilization(self, audit: Audit, uid: str, at: str) -> None:
        """7.3: one battalion in every victory city neither mobilized (7.2) nor held by Germany; one for every
        second mobilization point not occupied by Germany, one a point."""
        points = self.data.mobilization_points()
        free = [p for p in points if not self._enemies_in(audit, p, "norwegian")]
        self.mobilized[at] += audit.position.strength(uid)
        mobilized = sum(self.mobilized[p] for p in points)
        area = self.data.areas[at]
        if area.victory_city:
            if self._enemies_in(audit, at, "norwegian"):
                problem = f"German battalions occupy the victory city {at}"
            elif at in self.resisted:
                problem = f"{at} already mobilized when Norway resisted the landing (7.2)"
            elif self.mobilized[at] > 1:
                problem = f"a second battalion in the victory city {at}"
            else:
                return
        elif at not in points:
            problem = f"{at} is neither a victory city nor a mobilization point"
        elif at not in free:
            problem = f"German battalions occupy {at}"
        elif self.mobilized[at] > 1:
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
        before = self.reinforced[at]
        self.reinforced[at] += audit.position.strength(uid)  # a piece with points is that many battalions (2.2)
        if before <= self.limits["norway_reinforcements_per_area"] < self.reinforced[at]:
            audit.report(rule("4.3"), f"Norway places a second reinforcement battalion in {at} this round",
                         where=at, units=[uid], excess=1)

    def _allied_place(self, audit: Audit, entry: Place, opening: bool = True) -> None:
        at = entry.at
        zones = [z for z in self.data.areas[at].sea_zones if z in self.sea["allied_reinforcement_zones"]]
        if not zones:
            audit.report(rule("4.3"), f"the Allies place {entry.unit} in {at}, which borders none of Sea Zones "
                         "III-VII", where=at, units=[entry.unit], samples=self._samples(at))
        elif self.board.advanced(audit):
            german = [z for z in zones if self.board.german_controlled(audit, z)]
            if german:  # 8.3: not by a sea zone under German control (8.2: alone with ships there)
                audit.report(rule("8.3"), f"the Allies place {entry.unit} in {at}, by {german[0]}, which German "
                             "ships control", where=at, units=[entry.unit])
        if opening and not self.allied_reinforced and audit.position.turn == "Round 1":
            self.allied_opening.extend([(at, entry.stack, entry)] * audit.position.strength(entry.unit))

    def _ships_in(self, audit: Audit, zone: str) -> dict[str, int]:
        return self.board.ships_in(audit, zone)

    def _german_place(self, audit: Audit, entry: Place) -> None:
        """4.3: by Sea Zones I and II; 8.3 (advanced) adds zones free of Allied ships from the south up,
        and zones German ships control (one battalion per German ship there if Allied ships are further south)."""
        at, basic = entry.at, self.sea["german_reinforcement_zones"]
        if self.data.coastal(at, basic):
            return
        if self.board.advanced(audit):
            coast = [z for z in self.data.sea_zones() if z != "Sea Zone VIII"]  # south to north (8.3)
            for index, zone in enumerate(coast):
                if zone not in self.data.areas[at].sea_zones:
                    continue
                ships = self._ships_in(audit, zone)
                south = [self._ships_in(audit, z).get("allied", 0) for z in coast[: index + 1]]
                if not any(south):
                    return
                if ships.get("german") and set(ships) == {"german"}:
                    self.by_ship[zone] += 1
                    if self.by_ship[zone] <= ships["german"]:
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
        movement = self._kind(audit) == "movement"
        if uid in self.intercepted_with and movement:
            audit.report(rule("8.1"), f"ship {uid} moves on after its interception attempt: the attempt ends its "
                         "movement", where=to, units=[uid])
        elif (side, to) in self.attempted and side == self.board.attacker(audit) and movement:
            audit.report(rule("8.1"), f"ship {uid} enters {to}, where {side} ships attempted an interception this "
                         "turn", where=to, units=[uid])
        if self.data.areas[origin].kind == "land" or self.data.areas[to].kind == "land":
            return
        if self._kind(audit) == "combat" and self.board.ship_type(audit, uid) == "panserskip":
            audit.report(rule("8.2"), f"{uid} is chased to {to}: Eidsvoll & Norge is too slow to escape, and is sunk "
                         "if it is chased", where=to, units=[uid])
        self._raid(audit, uid, origin, to)
        self.moves[uid] += 1
        slow = self.board.ship_type(audit, uid) == "panserskip"
        limit = self.limits["panserskip_zones_per_move"] if slow else self.limits["ship_zones_per_move"]
        if self.data.crossing(origin, to) is None:
            audit.report(rule("8.1"), f"ship {uid} moves from {origin} to {to}, which do not border each other",
                         where=to, units=[uid])
        elif self.moves[uid] == limit + 1:
            why = "Eidsvoll & Norge moves one sea zone a turn (6.1)" if slow else "ships move up to two sea zones"
            audit.report(rule("6.1" if slow else "8.1"), f"ship {uid} enters a sea zone beyond its move: {why}",
                         where=to, units=[uid], excess=1)

    def _raid(self, audit: Audit, uid: str, origin: str, to: str) -> None:
        """7.2: on 9 April, after naval combat, German battleships and heavy cruisers in Sea Zones VI, VII or VIII
        may go raiding; they come back only in a German movement phase (6 symbols traded)."""
        problem = None
        if self._kind_of(to) == "box":
            if self._side(audit, uid) != "german" or self.board.ship_type(audit, uid) not in ("slagskip",
                                                                                             "tung-krysser"):
                problem = "only German battleships and heavy cruisers go raiding"
            elif origin not in self.sea["raid_zones"]:
                problem = "raiders leave from Sea Zones VI, VII or VIII"
            elif audit.position.turn != APRIL or self._kind(audit) != "combat":
                problem = "ships go raiding in the combat phase of the 9. April turn"
        elif self._kind_of(origin) == "box" and audit.position.phase != "german-movement":
            problem = "raiders are called back in a German movement phase"
        if problem:
            audit.report(rule("7.2"), f"ship {uid} moves from {origin} to {to}: {problem}", where=to, units=[uid])

    def _intercept(self, audit: Audit, entry: Intercept) -> None:
        self._close_attempt(audit)
        key = (entry.side, entry.zone)
        attacker = entry.side == self.board.attacker(audit)
        if attacker and key in self.attempted:
            audit.report(rule("8.1"), f"a second {entry.side} interception attempt in {entry.zone} this turn: the "
                         "attacker gets one in each sea zone each turn", where=entry.zone, units=entry.naval)
        if attacker:
            self.attempted.add(key)
            self.intercepted_with.update(entry.naval)
        present = self.board.ships_of(audit, entry.zone, {entry.side})
        left = [u for u in present if u not in entry.naval and self.board.ship_type(audit, u) != "dummy"]
        if left:
            audit.report(rule("8.1"), f"the {entry.side} interception attempt in {entry.zone} leaves out "
                         f"{', '.join(left)}: all or none of the ships there intercept", where=entry.zone, units=left)
        slow = [u for u in entry.naval if self.board.ship_type(audit, u) == "panserskip"]
        if slow and audit.position.turn != APRIL:
            audit.report(rule("6.1"), f"{', '.join(slow)} intercepts after the 9. April turn: Eidsvoll & Norge "
                         "may not", where=entry.zone, units=slow)
        enemies = [u for u in audit.position.at(entry.zone)
                   if self._class(audit, u) == "naval" and self._side(audit, u) not in self.friends[entry.side]]
        self.attempt = (entry.side, entry.zone, self._dice_for(audit, entry.side, enemies), entry)
        self.dice = 0

    def _roll(self, audit: Audit, entry: Roll) -> None:
        if entry.purpose == "naval-interception":
            if self.attempt is None or (entry.zone is not None and entry.zone != self.attempt[1]):
                audit.report(rule("8.1"), "a naval interception roll with no interception attempt in "
                             f"{entry.zone or 'its sea zone'}", where=entry.zone)
            else:
                self.dice += len(entry.dice)  # one die per enemy ship, thrown one by one or at once
        elif entry.purpose == "resistance" and entry.zone is not None and self._kind_of(entry.zone) == "land":
            self._resistance(audit, entry, entry.zone)
        elif entry.purpose == "naval-combat" and entry.zone is not None and entry.side is not None:
            self._naval_dice(audit, entry, entry.zone, entry.side)

    def _naval_dice(self, audit: Audit, entry: Roll, zone: str, side: str) -> None:
        """8.2: each side rolls a die for every ship in the combat (sunk ones shoot back first; Eidsvoll & Norge
        fights on the Allied side; a dummy does not fight), so never more than its ships in the zone."""
        sides = self.friends[side]
        ships = [u for u in self.board.ships_of(audit, zone, sides) + self.cards.fallen.get(zone, [])
                 if self._class(audit, u) == "naval" and self._side(audit, u) in sides
                 and self.board.ship_type(audit, u) != "dummy"]
        key = (zone, min(sides))
        before = self.naval_dice[key]
        self.naval_dice[key] += len(entry.dice)
        if self.naval_dice[key] > len(set(ships)) >= before:
            audit.report(rule("8.2"), f"{'/'.join(sorted(sides))} ships roll {self.naval_dice[key]} dice in the naval "
                         f"combat in {zone} with {len(set(ships))} ships there: a die for every ship",
                         where=zone, excess=self.naval_dice[key] - len(set(ships)))

    def _resistance(self, audit: Audit, entry: Roll, city: str) -> None:
        """7.2: Norway rolls a die in every victory city German battalions invaded; other areas do not resist."""
        problem = None
        if audit.position.turn != APRIL:
            problem = "Norway resists the invasion in the 9. April turn"
        elif not self.data.areas[city].victory_city:
            problem = f"{city} has no victory city: land areas without one do not resist"
        elif not self._enemies_in(audit, city, "norwegian"):
            problem = f"no German battalion invaded {city}"
        elif city in self.resisted_rolls:
            problem = f"a second resistance roll in {city}"
        elif not entry.single:
            problem = f"{len(entry.dice)} dice: Norway rolls a die"
        self.resisted_rolls.add(city)
        if problem:
            audit.report(rule("7.2"), f"a resistance roll in {city}: {problem}", where=city)

    def _dice_for(self, audit: Audit, side: str, enemies: list[str]) -> set[int]:
        """8.1: a die for every enemy ship. Face down, a dummy is rolled for like a ship, but a record may leave
        the dummies it knows out; Germany intercepts Eidsvoll & Norge without fail, so may roll for it or not."""
        real = [u for u in enemies if self.board.ship_type(audit, u) != "dummy"]
        counts = {len(enemies), len(real)}
        if side == "german":
            counts |= {n - sum(1 for u in enemies if self.board.ship_type(audit, u) == "panserskip") for n in counts}
        return counts

    def _close_attempt(self, audit: Audit) -> None:
        if self.attempt is None:
            return
        side, zone, allowed, entry = self.attempt
        self.attempt = None
        if self.dice not in allowed:
            audit.report(rule("8.1"), f"the {side} interception attempt in {zone} rolls {self.dice} dice for "
                         f"{max(allowed)} enemy ships: one die for every enemy ship", where=zone, entry=entry)

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
