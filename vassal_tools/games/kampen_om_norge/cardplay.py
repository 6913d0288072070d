"""The checks of Kampen om Norge's cards (kampen-om-norge.txt 2.3, 4.2, 5.1, 8.2, Appendix): the moves and
places cards make, the limits printed on them, the cards of one combat, air range, and what a card may
act on. Which moves and places are a card's is the table's (:mod:`.table`), read by every check alike.

A limit printed on a card is cited ``Appendix`` and the card's name (records-four-games.md).
"""

from __future__ import annotations

from collections import Counter

from ...record import Entry, Move, Place, Roll
from ...rules.engine import Audit
from ...rules.findings import counted, ordinal
from .board import rule
from .data import Card, card_key
from .entries import Card as CardEntry
from .rules import KampenCheck, KampenRules
from .table import SENDERS, Window

COMBAT_USES = ("attack", "defense", "cancel", None)
DICE_PER = {  # card rolls: one die per ... (Appendix)
    "rekognoseringsfly": "german ship", "villedendemanøver": "allied ship", "bløfftrusler": "norwegian battalion",
}
LANDING_CARDS = {"kystfort", "minelegging"}  # played against a landing (7.2), not in a combat's card steps
MOUNTAIN = {"franskalpejeger": "polskbergjeger", "polskbergjeger": "franskalpejeger"}
NOT_PARATROOPERS_ONLY = {"artilleri", "gebirgsjäger", "panzer", "speidertropp"}  # Appendix: "May not be used if
# you attack with Fallskjermtropp battalions only"


def appendix(card: Card) -> str:
    return rule(f"Appendix {card.name}")


class CardMoves(KampenCheck):
    """Appendix Rask forflytning, Transportfly, Kystevakuering, Fallskjermtropp (4.1, 2.3): the moves and
    places a card makes, and a battalion's own move after it flew."""

    def __init__(self, rules: KampenRules):
        super().__init__(rules)
        self.card_moves: Counter[str] = Counter()
        self.flown: set[str] = set()  # moved by Transportfly this turn: no normal move (Appendix)
        self.moved_normally: set[str] = set()

    def start_phase(self, audit: Audit) -> None:
        self.card_moves.clear()
        if self.board.kind(audit) == "movement":
            self.flown.clear()
            self.moved_normally.clear()

    def end_phase(self, audit: Audit) -> None:
        self.together(audit)

    def before(self, audit: Audit, entry: Entry) -> None:
        window = self.rules.window
        if isinstance(entry, Move) and self.rules.moving == "march":
            self.march(audit, entry)
        elif isinstance(entry, Move) and self.rules.moving in ("card", "evacuation") and window is not None:
            self.card_move(audit, entry, str(audit.position.loc(entry.unit)), window)
        elif isinstance(entry, Place) and self.rules.placing == "card" and window is not None:
            self.card_place(audit, entry, window)

    def march(self, audit: Audit, entry: Move) -> None:
        uid = entry.unit
        if uid in self.flown:
            card = self.data.card("german", "Transportfly")
            assert card is not None
            audit.report(appendix(card), f"{uid} moves to {entry.to} after flying with Transportfly this turn",
                         where=entry.to, units=[uid])
        self.moved_normally.add(uid)

    def card_move(self, audit: Audit, entry: Move, origin: str, window: Window) -> None:
        uid, to = entry.unit, entry.to
        card, key = window.card, card_key(window.card.name)
        if key in SENDERS:
            return  # sent back, or the paratrooper moved aside: not the battalion's move
        if window.mode == "evacuate" or key == "kystevakuering":
            self.coastal(audit, card, uid, origin, to)
        elif key == "transportfly":
            self.fly(audit, card, uid, origin, to)
        else:
            self.rushed(audit, card, key, entry, origin)

    def rushed(self, audit: Audit, card: Card, key: str, entry: Move, origin: str) -> None:
        """Rask forflytning two areas (Norway's in the German turn: one, and not into combat); Omdisponering one."""
        uid, to = entry.unit, entry.to
        side = self.board.side(audit, uid)
        self.card_moves[uid] += 1
        moved = self.card_moves[uid] + self.rules.moves[uid]
        limit = 1 if key == "omdisponering" or (side == "norwegian" and self.board.faction(audit) == "german") else 2
        if self.data.crossing(origin, to) is None:
            audit.report(rule("4.1"), f"{uid} moves from {origin} to {to}, which do not border each other",
                         where=to, units=[uid], samples=self.board.samples(origin, to))
        elif moved == limit + 1:
            audit.report(appendix(card), f"{uid} moves a {ordinal(moved)} area with {card.shown()}, which moves "
                         f"{counted(limit, 'area')}",
                         where=to, units=[uid], excess=1)
        if side == "norwegian" and self.board.enemies_in(audit, to, side):
            audit.report(appendix(card), f"{uid} moves into {to}, which German battalions hold: Norway's "
                         f"{card.shown()} cannot move into combat or through enemies", where=to, units=[uid])

    def together(self, audit: Audit) -> None:
        """Rask forflytning: the battalions must move together to the same area."""
        for window in self.rules.table.windows:
            if card_key(window.card.name) != "raskforflytning" or window.mode != "move":
                continue
            units = [u for u in (window.named or window.taken) if audit.position.on_map(u)]
            ends = {audit.position.loc(u) for u in units}
            if len(ends) > 1:
                audit.report(appendix(window.card), f"{' and '.join(units)} end {window.card.shown()} in "
                             f"{' and '.join(sorted(str(e) for e in ends))}: they move together to the same area",
                             where=audit.position.loc(units[-1]), units=units, entry=window.entry)

    def fly(self, audit: Audit, card: Card, uid: str, origin: str, to: str) -> None:
        """Transportfly: from an air field to an air field with a German battalion (2.3 and the card)."""
        fields = self.data.airfields()
        if origin not in fields or to not in fields or not self.board.held_by(audit, to, "german"):
            audit.report(rule("2.3"), f"{uid} flies with Transportfly from {origin} to {to}: it flies from an air "
                         "field to an air field Germany holds", where=to, units=[uid], case="transport")
        if uid in self.moved_normally:
            audit.report(appendix(card), f"{uid} flies with Transportfly after its normal move this turn",
                         where=to, units=[uid])
        self.flown.add(uid)

    def coastal(self, audit: Audit, card: Card, uid: str, origin: str | None, to: str) -> None:
        """Kystevakuering: between land areas by Sea Zones III-VII, not into combat."""
        for area in (a for a in (origin, to) if a is not None):
            if self.board.area_kind(area) == "land" and not set(self.data.areas[area].sea_zones) & set(card.zones):
                audit.report(appendix(card), f"{uid} evacuated by {card.shown()} via {area}, which borders none of "
                             "Sea Zones III-VII", where=area, units=[uid], samples=self.board.samples(area))
        if self.board.enemies_in(audit, to, self.board.side(audit, uid)):
            audit.report(appendix(card), f"{uid} moves by {card.shown()} into {to}, where the enemy is: it may not "
                         "enter combat", where=to, units=[uid])

    def card_place(self, audit: Audit, entry: Place, window: Window) -> None:
        """A place a card makes (Fallskjermtropp, Transportfly, Kystevakuering)."""
        card, key, uid, at = window.card, card_key(window.card.name), entry.unit, entry.at
        if key == "fallskjermtropp":
            held = self.board.airfields_held(audit)
            if self.board.area_kind(at) != "land" or not self.data.in_air_range(at, held):
                audit.report(rule("2.3"), f"Fallskjermtropp places {uid} in {at}, out of air range (air fields "
                             f"held: {', '.join(sorted(held)) or 'none'})", where=at, units=[uid],
                             samples=("the sample air range lines",))
            self.rules.moves[uid] = max(self.rules.moves[uid], 1)  # the placement counts as its move (Appendix)
            self.rules.paratroopers.add(uid)
        elif key == "transportfly":
            if at not in self.data.airfields() or not self.board.held_by(audit, at, "german"):
                audit.report(appendix(card), f"Transportfly places {uid} in {at}: only on an air field where a "
                             "German battalion is", where=at, units=[uid])
            self.rules.transported.add(uid)
        elif key == "kystevakuering":
            self.coastal(audit, card, uid, None, at)


class CardLimits(KampenCheck):
    """The limits printed on the cards (Appendix): how many battalions a card takes, the sea zones it may
    be used by (advanced: German control, a carrier, a battleship), its dice."""

    def __init__(self, rules: KampenRules):
        super().__init__(rules)
        self.card_rolls: dict[tuple[str, str], list] = {}  # (card, zone) -> [expected, dice, entry, card]

    def start_phase(self, audit: Audit) -> None:
        self.card_rolls = {}

    def end_phase(self, audit: Audit) -> None:
        for (key, zone), (expected, dice, entry, card) in sorted(self.card_rolls.items()):
            if dice != expected:
                audit.report(appendix(card), f"{card.shown()} in {zone} rolls {counted(dice, 'die', 'dice')} for "
                             f"{counted(expected, DICE_PER[key])} there: one die for each", where=zone, entry=entry)
        self.card_rolls = {}

    def before(self, audit: Audit, entry: Entry) -> None:
        card = self.rules.card
        if isinstance(entry, CardEntry) and card is not None:
            if card.units is not None and len(entry.units) > card.units:
                audit.report(appendix(card), f"{card.shown()} names {len(entry.units)} battalions; it takes at most "
                             f"{card.units}", where=entry.zone, units=entry.units, excess=len(entry.units) - card.units)
            self.card_zone(audit, card, entry)
        elif isinstance(entry, Roll) and entry.purpose != "land-combat":
            self.roll(audit, entry)

    def card_zone(self, audit: Audit, card: Card, entry: CardEntry) -> None:
        """Cards usable only by some sea zones (Appendix: Invasjon, Jagerfly, Kystbombardement,
        Kystevakuering III-VII; Stupbombefly III-V; Rekognoseringsfly not I, VI, VII), and what the
        advanced game adds to the Allies' coastal cards."""
        zone = entry.zone
        if not card.zones or zone is None or zone not in self.data.areas:
            return
        area = self.data.areas[zone]
        by = [zone] if area.kind == "sea" else list(area.sea_zones)
        if not set(by) & set(card.zones):
            where = "a land area by none of" if area.kind == "land" else "not one of"
            audit.report(appendix(card), f"{card.shown()} used in {zone}, {where} "
                         f"{', '.join(z.removeprefix('Sea Zone ') for z in card.zones)}", where=zone,
                         samples=self.board.samples(zone) if area.kind == "land" else ())
            return
        if self.board.advanced(audit) and card.side == "allied":
            self.advanced_zone(audit, card, zone, [z for z in by if z in card.zones])

    def advanced_zone(self, audit: Audit, card: Card, zone: str, zones: list[str]) -> None:
        key = card_key(card.name)
        if key in ("invasjon", "kystevakuering") and all(self.board.german_controlled(audit, z) for z in zones):
            audit.report(appendix(card), f"{card.shown()} used in {zone}, by {zones[0]} which German ships control "
                         "(advanced rules)", where=zone)
        needs = {"jagerfly": ("hangarskip", "aircraft carrier"), "kystbombardement": ("slagskip", "battleship")}
        if key in needs and not any(self.board.ships_of(audit, z, {"allied"}, needs[key][0]) for z in zones):
            audit.report(appendix(card), f"{card.shown()} used in {zone} with no Allied {needs[key][1]} in "
                         f"{' or '.join(zones)} (advanced rules)", where=zone)

    def roll(self, audit: Audit, entry: Roll) -> None:
        """A roll of a card's die (its ``for`` names the card): where the card may be used, and its dice."""
        card = self.data.card(entry.side, entry.purpose) if entry.side else None
        card = card or next((c for side in self.friends if (c := self.data.card(side, entry.purpose))), None)
        if card is None:
            return
        key = card_key(card.name)
        if card.zones and entry.zone is not None and entry.zone not in card.zones and \
                not any(card_key(c.name) == key and e.zone == entry.zone for c, e in self.rules.table.played):
            audit.report(appendix(card), f"{card.shown()} rolled for in {entry.zone}: it may not be used there",
                         where=entry.zone)
        if key in DICE_PER and entry.zone is not None:
            slot = self.card_rolls.setdefault((key, entry.zone), [self.expected(audit, key, entry.zone), 0, entry,
                                                                  card])
            slot[1] += len(entry.dice)
        if key == "minelegging" and not entry.single:
            audit.report(appendix(card), f"Minelegging rolls {len(entry.dice)} dice: it rolls a die",
                         where=entry.zone)

    def expected(self, audit: Audit, key: str, zone: str) -> int:
        side, what = DICE_PER[key].split()
        if what == "ship":
            return len(self.board.ships_of(audit, zone, {side}))
        return self.board.strength(audit, self.board.battalions(audit, zone, {side}))


class CombatCards(KampenCheck):
    """4.2 (8.2 at sea): one card of each type a player in any one combat (Bombefly and Jagerbomber one
    type, Jagerbomber's cancelling aside); French and Polish mountain troops never in the same combat; a
    card needs battalions of its faction in a land combat."""

    def before(self, audit: Audit, entry: Entry) -> None:
        card = self.rules.card
        if not isinstance(entry, CardEntry) or card is None or self.board.kind(audit) != "combat" \
                or entry.zone is None or entry.use not in COMBAT_USES:
            return
        same = [(c, e) for c, e in self.rules.table.played[:-1] if e.zone == entry.zone and e.side == entry.side
                and e.use in COMBAT_USES]
        sea = self.board.area_kind(entry.zone) == "sea"
        self.one_of_a_type(audit, card, entry, same, sea)
        other = MOUNTAIN.get(card_key(card.name))
        if other and any(card_key(c.name) == other for c, _ in same):
            audit.report(appendix(card), f"{card.shown()} in the combat in {entry.zone}, where the other mountain "
                         "troops card was played", where=entry.zone)
        if not sea and card_key(card.name) not in LANDING_CARDS:
            self.present(audit, card, entry)

    def one_of_a_type(self, audit: Audit, card: Card, entry: CardEntry, same: list[tuple[Card, CardEntry]],
                      sea: bool) -> None:
        mine = card_group(card, entry)
        if mine is not None and any(card_group(c, e) == mine for c, e in same):
            audit.report(rule("8.2" if sea else "4.2"), f"a second {card.shown()} card of {entry.side} in the combat in "
                         f"{entry.zone}: one card of each type"
                         + (" (Bombefly and Jagerbomber count as one)" if mine == "bombefly" else ""),
                         where=entry.zone, case="one-of-a-type")

    def present(self, audit: Audit, card: Card, entry: CardEntry) -> None:
        """4.2: a card needs battalions of its faction in the combat (Jagerfly excepted; Kystevakuering saves
        battalions already defeated); the Appendix: Artilleri, Gebirgsjäger, Panzer and Speidertropp are not
        used when only Fallskjermtropp battalions attack."""
        key, zone = card_key(card.name), str(entry.zone)
        mine = self.board.battalions(audit, zone, {entry.side})
        if not mine and key not in ("jagerfly", "kystevakuering"):
            audit.report(rule("4.2"), f"{entry.side} plays {card.shown()} in the combat in {zone} with no {entry.side} "
                         "battalion there: a card needs battalions of its faction in the combat", where=zone,
                         case="battalions")
        elif key in NOT_PARATROOPERS_ONLY and entry.use in ("attack", None) and entry.side == \
                self.board.attacker(audit) and mine and all(u in self.rules.paratroopers for u in mine):
            audit.report(appendix(card), f"{card.shown()} in {zone}, where only Fallskjermtropp battalions attack",
                         where=zone, units=mine)


def card_group(card: Card, entry: CardEntry) -> str | None:
    """A card's type in one combat (Jagerbomber cancelling a card is of none)."""
    return None if card_key(card.name) == "jagerbomber" and entry.use == "cancel" else card.group


class AirRange(KampenCheck):
    """2.3: Bombefly and Jagerbomber north of the line from Germany need air fields Germany holds; 5.1: at
    sea, a held air field by the zone (Bardufoss reaches Sea Zone VII)."""

    def before(self, audit: Audit, entry: Entry) -> None:
        card = self.rules.card
        if not isinstance(entry, CardEntry) or card is None or card.side != "german" or entry.zone is None \
                or card_key(card.name) not in ("bombefly", "jagerbomber") or entry.use == "cancel":
            return
        zone, held = entry.zone, self.board.airfields_held(audit)
        kind = self.board.area_kind(zone)
        if kind == "land" and not self.data.in_air_range(zone, held):
            audit.report(rule("2.3"), f"{card.shown()} in {zone}, out of air range (air fields held: "
                         f"{', '.join(sorted(held)) or 'none'})", where=zone, samples=("the sample air range lines",))
        elif kind == "sea" and card_key(card.name) == "bombefly":
            near = [a for a in held if zone in self.data.areas[a].sea_zones
                    or (a == "Bardufoss" and zone == "Sea Zone VII")]
            if not near:
                audit.report(rule("5.1"), f"{card.shown()} against ships in {zone}: Germany holds no air field by it",
                             where=zone, case="air-field")


class CardTargets(KampenCheck):
    """Appendix Veisperring, Sprengt bro: Norway holds the area a road block or blown bridge defends;
    Appendix Ubåt: no submarine against a reinforcement a Transportfly carried."""

    def before(self, audit: Audit, entry: Entry) -> None:
        card = self.rules.card
        if not isinstance(entry, CardEntry) or card is None:
            return
        key = card_key(card.name)
        if key in ("veisperring", "sprengtbro") and entry.zone is not None \
                and not self.board.held_by(audit, entry.zone, "norwegian"):
            audit.report(appendix(card), f"{card.shown()} in {entry.zone}: Norway must have a battalion in the area "
                         "under attack", where=entry.zone)
        if key == "ubåt" and entry.side != "german":
            for uid in entry.units:
                if uid in self.rules.transported:
                    audit.report(appendix(card), f"{card.shown()} against {uid}, a reinforcement a Transportfly "
                                 "carried", where=entry.zone, units=[uid])
