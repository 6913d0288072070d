"""The Kampen om Norge checks that read cards and dice: combat dice (4.2), card moves and placements
(Appendix), air range (2.3, 5.1), the limits printed on the cards, and the d6 (2.1).

A ``card`` entry names the card as printed (any spelling the text prints, :meth:`KampenData.card`);
its ``units`` are the battalions it moves or places. When it names none, the moves or places that
follow it at once (no other entry between) are the card's, up to the number it allows. A limit
printed on a card is cited ``Appendix`` and the card's name (records-four-games.md).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ...record import Entry, Move, Place, Remove, Roll
from ...rules.engine import Audit
from .board import KampenBoard, rule
from .data import Card, card_key
from .entries import Card as CardEntry

# Cards that move the enemy's battalions (Appendix), by card_key: not those battalions' own move.
SENDERS = {"jagerfly", "veisperring", "sprengtbro"}
COMBAT_USES = ("attack", "defense", "cancel", None)
DICE_PER = {  # card rolls: one die per ... (Appendix)
    "rekognoseringsfly": "german ship", "villedendemanøver": "allied ship", "bløfftrusler": "norwegian battalion",
}
MOUNTAIN = {"franskalpejeger": "polskbergjeger", "polskbergjeger": "franskalpejeger"}
NOT_PARATROOPERS_ONLY = {"artilleri", "gebirgsjäger", "panzer", "speidertropp"}  # Appendix: "May not be used if
# you attack with Fallskjermtropp battalions only"


def appendix(card: Card) -> str:
    return rule(f"Appendix {card.name}")


@dataclass
class Window:
    """A card's hold on the moves or places that follow it, or on the units it names."""

    card: Card
    entry: CardEntry
    mode: str  # move or place
    sides: set[str]  # whose battalions it moves or places
    named: tuple[str, ...]
    taken: list[str] = field(default_factory=list)
    open: bool = True

    def takes(self, uid: str, side: str) -> bool:
        if self.named:
            return uid in self.named
        if uid in self.taken:
            return True
        if not self.open or side not in self.sides or len(self.taken) >= (self.card.units or 99):
            return False
        self.taken.append(uid)
        return True


class CardPlay:
    """One audit's cards and dice: the cards played this phase, what they moved and placed."""

    def __init__(self, board: KampenBoard, moves: Counter[str]):
        self.board = board
        self.data = board.data
        self.moves = moves  # battalions' normal moves this phase, kept by the land checks
        self.windows: list[Window] = []
        self.played: list[tuple[Card, CardEntry]] = []
        self.card_moves: Counter[str] = Counter()
        self.flown: set[str] = set()  # moved by Transportfly this turn: no normal move (Appendix)
        self.moved_normally: set[str] = set()
        self.transported: set[str] = set()  # reinforcements a Transportfly carried (Appendix Ubåt)
        self.paratroopers: set[str] = set()  # battalions Fallskjermtropp placed this turn
        self.crossed: dict[str, str] = {}  # attacker -> the crossing it attacked over (4.2 fjords)
        self.dice: Counter[tuple[str, str]] = Counter()  # (area, attacker/defender) -> combat dice rolled
        self.fallen: dict[str, list[str]] = {}  # area -> battalions removed there this combat phase
        self.card_rolls: dict[tuple[str, str], list] = {}  # (card, zone) -> [expected, dice, entry, card]

    # -- the moments

    def start_phase(self, audit: Audit) -> None:
        self.end_windows()
        self.windows, self.played = [], []
        self.card_moves.clear()
        self.dice.clear()
        self.fallen = {}
        self.card_rolls = {}
        if self.board.kind(audit) == "movement":
            self.flown.clear()
            self.moved_normally.clear()
            self.paratroopers.clear()
            self.crossed.clear()
        if self.board.kind(audit) == "reinforcement":
            self.transported.clear()

    def end_phase(self, audit: Audit) -> None:
        self.end_windows()
        self.together(audit)
        for (key, zone), (expected, dice, entry, card) in sorted(self.card_rolls.items()):
            if dice != expected:
                audit.report(appendix(card), f"{card.name} in {zone} rolls {dice} dice for {expected} "
                             f"{DICE_PER[key]}s there: one die for each", where=zone, entry=entry)
        self.card_rolls = {}

    def before(self, audit: Audit, entry: Entry) -> None:
        """Any entry but a move or place ends the hold of the cards just played on what follows; a battalion
        removed in combat still rolled its die (4.2: the defender rolls for his defeated battalions too)."""
        if not isinstance(entry, (Move, Place)):
            self.end_windows()
        if isinstance(entry, Remove) and self.board.kind(audit) == "combat" and entry.unit in audit.units:
            loc = audit.position.loc(entry.unit)
            if loc is not None:
                self.fallen.setdefault(loc, []).append(entry.unit)

    def end_windows(self) -> None:
        for window in self.windows:
            window.open = False

    # -- cards

    def on_card(self, audit: Audit, entry: CardEntry) -> None:
        self.end_windows()
        card = self.data.card(entry.side, entry.name)
        if card is None:
            return  # a card the Appendix does not print for that faction: nothing to judge
        key = card_key(card.name)
        self.played.append((card, entry))
        if entry.use == "reinforcement":
            return  # traded for its symbols (4.3): its action is disregarded
        if card.units is not None and len(entry.units) > card.units:
            audit.report(appendix(card), f"{card.name} names {len(entry.units)} battalions; it takes at most "
                         f"{card.units}", where=entry.zone, units=entry.units, excess=len(entry.units) - card.units)
        self.card_zone(audit, card, entry)
        self.combat_cards(audit, card, entry)
        self.air_range(audit, card, entry)
        if key in ("veisperring", "sprengtbro") and entry.zone is not None \
                and not self.board.held_by(audit, entry.zone, "norwegian"):
            audit.report(appendix(card), f"{card.name} in {entry.zone}: Norway must have a battalion in the area "
                         "under attack", where=entry.zone)
        if key == "ubåt" and entry.side != "german":
            for uid in entry.units:
                if uid in self.transported:
                    audit.report(appendix(card), f"{card.name} against {uid}, a reinforcement a Transportfly "
                                 "carried", where=entry.zone, units=[uid])
        self.open_window(audit, card, entry, key)

    def open_window(self, audit: Audit, card: Card, entry: CardEntry, key: str) -> None:
        """What the card takes hold of, whatever ``use`` the record gives it (a paratrooper's placement may
        be written as an attack, a road block as a cancel): moves, places, or in combat an evacuation."""
        kind, use = self.board.kind(audit), entry.use
        mode = None
        if key == "fallskjermtropp":
            mode = "place"
        elif key == "transportfly":
            mode = "place" if use == "place" or (use is None and kind == "reinforcement") else "move"
        elif key == "kystevakuering":
            mode = "evacuate" if kind == "combat" else "move"  # in combat: one defeated battalion, a move or place
        elif key in ("raskforflytning", "omdisponering") or (key in SENDERS and not (key == "jagerfly"
                                                                                      and use == "cancel")):
            mode = "move"
        if mode is None:
            return
        sides = {s for s in self.board.friends if s not in self.board.friends[entry.side]} if key in SENDERS \
            else {entry.side}
        if mode == "evacuate":
            card = Card(card.side, card.deck, card.name, card.aliases, 0, 0, card.group, 1, card.zones, card.source)
        self.windows.append(Window(card, entry, mode, sides, entry.units))

    def window_for(self, audit: Audit, uid: str, modes: tuple[str, ...]) -> Window | None:
        side = self.board.side(audit, uid)
        for window in reversed(self.windows):
            if window.mode in modes and window.takes(uid, side):
                return window
        return None

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
            audit.report(appendix(card), f"{card.name} used in {zone}, {where} "
                         f"{', '.join(z.removeprefix('Sea Zone ') for z in card.zones)}", where=zone,
                         samples=self.board.samples(zone) if area.kind == "land" else ())
            return
        if not self.board.advanced(audit) or card.side != "allied":
            return
        key = card_key(card.name)
        zones = [z for z in by if z in card.zones]
        if key in ("invasjon", "kystevakuering") and all(self.board.german_controlled(audit, z) for z in zones):
            audit.report(appendix(card), f"{card.name} used in {zone}, by {zones[0]} which German ships control "
                         "(advanced rules)", where=zone)
        needs = {"jagerfly": ("hangarskip", "an aircraft carrier"), "kystbombardement": ("slagskip", "a battleship")}
        if key in needs and not any(self.board.ships_of(audit, z, {"allied"}, needs[key][0]) for z in zones):
            audit.report(appendix(card), f"{card.name} used in {zone} with no Allied {needs[key][1]} in "
                         f"{' or '.join(zones)} (advanced rules)", where=zone)

    def combat_cards(self, audit: Audit, card: Card, entry: CardEntry) -> None:
        """4.2 (8.2 at sea): one card of each type a player in any one combat (Bombefly and Jagerbomber one
        type, Jagerbomber's cancelling aside); French and Polish mountain troops never in the same combat."""
        if self.board.kind(audit) != "combat" or entry.zone is None or entry.use not in COMBAT_USES:
            return

        def group(c: Card, e: CardEntry) -> str | None:
            return None if card_key(c.name) == "jagerbomber" and e.use == "cancel" else c.group
        same = [(c, e) for c, e in self.played[:-1] if e.zone == entry.zone and e.side == entry.side
                and e.use in COMBAT_USES]
        mine = group(card, entry)
        sea = self.board.area_kind(entry.zone) == "sea"
        if mine is not None and any(group(c, e) == mine for c, e in same):
            audit.report(rule("8.2" if sea else "4.2"), f"a second {card.name} card of {entry.side} in the combat in "
                         f"{entry.zone}: one card of each type"
                         + (" (Bombefly and Jagerbomber count as one)" if mine == "bombefly" else ""),
                         where=entry.zone)
        other = MOUNTAIN.get(card_key(card.name))
        if other and any(card_key(c.name) == other for c, _ in same):
            audit.report(appendix(card), f"{card.name} in the combat in {entry.zone}, where the other mountain "
                         "troops card was played", where=entry.zone)
        if not sea:
            self.present(audit, card, entry)

    def present(self, audit: Audit, card: Card, entry: CardEntry) -> None:
        """4.2: a card needs battalions of its faction in the combat (Jagerfly excepted; Kystevakuering saves
        battalions already defeated); the Appendix: Artilleri, Gebirgsjäger, Panzer and Speidertropp are not
        used when only Fallskjermtropp battalions attack."""
        key, zone = card_key(card.name), str(entry.zone)
        mine = self.board.battalions(audit, zone, {entry.side})
        if not mine and key not in ("jagerfly", "kystevakuering"):
            audit.report(rule("4.2"), f"{entry.side} plays {card.name} in the combat in {zone} with no {entry.side} "
                         "battalion there: a card needs battalions of its faction in the combat", where=zone)
        elif key in NOT_PARATROOPERS_ONLY and entry.use in ("attack", None) and entry.side == \
                self.board.attacker(audit) and mine and all(u in self.paratroopers for u in mine):
            audit.report(appendix(card), f"{card.name} in {zone}, where only Fallskjermtropp battalions attack",
                         where=zone, units=mine)

    def air_range(self, audit: Audit, card: Card, entry: CardEntry) -> None:
        """2.3: Bombefly and Jagerbomber north of the line from Germany need air fields Germany holds; 5.1: at
        sea, a held air field by the zone (Bardufoss reaches Sea Zone VII)."""
        key, zone = card_key(card.name), entry.zone
        if card.side != "german" or key not in ("bombefly", "jagerbomber") or zone is None \
                or entry.use in ("cancel", "reinforcement"):
            return
        held = self.board.airfields_held(audit)
        kind = self.board.area_kind(zone)
        if kind == "land" and not self.data.in_air_range(zone, held):
            audit.report(rule("2.3"), f"{card.name} in {zone}, out of air range (air fields held: "
                         f"{', '.join(sorted(held)) or 'none'})", where=zone, samples=("the sample air range lines",))
        elif kind == "sea" and key == "bombefly":
            near = [a for a in held if zone in self.data.areas[a].sea_zones
                    or (a == "Bardufoss" and zone == "Sea Zone VII")]
            if not near:
                audit.report(rule("5.1"), f"{card.name} against ships in {zone}: Germany holds no air field by it",
                             where=zone)

    # -- moves and places

    def note_move(self, audit: Audit, entry: Move, origin: str) -> None:
        """A land move in a movement phase: remember the crossing an attacker came over (4.2 fjords)."""
        if self.board.enemies_in(audit, entry.to, self.board.side(audit, entry.unit)):
            self.crossed[entry.unit] = self.data.crossing(origin, entry.to) or "none"
        else:
            self.crossed.pop(entry.unit, None)

    def judge_move(self, audit: Audit, entry: Move, origin: str, combat: bool = False) -> bool:
        """Judge a land move a card makes; False when no card makes it (the normal rules judge it: a move
        of the movement phase, or in combat a retreat)."""
        uid, to = entry.unit, entry.to
        window = self.window_for(audit, uid, ("evacuate",) if combat else ("move",))
        if window is None and combat:
            return False
        if window is None:
            if uid in self.flown:
                card = self.data.card("german", "Transportfly")
                assert card is not None
                audit.report(appendix(card), f"{uid} moves to {to} after flying with Transportfly this turn",
                             where=to, units=[uid])
            self.moved_normally.add(uid)
            return False
        card, key = window.card, card_key(window.card.name)
        side = self.board.side(audit, uid)
        if key in SENDERS:
            return True  # sent back, or the paratrooper moved aside: not the battalion's move
        if window.mode == "evacuate" or key == "kystevakuering":
            self.coastal(audit, card, uid, origin, to)
            return True
        if key == "transportfly":
            self.fly(audit, card, uid, origin, to)
            return True
        self.card_moves[uid] += 1
        crossing = self.data.crossing(origin, to)
        limit = 1 if key == "omdisponering" or (side == "norwegian" and self.board.faction(audit) == "german") else 2
        if crossing is None:
            audit.report(rule("4.1"), f"{uid} moves from {origin} to {to}, which do not border each other",
                         where=to, units=[uid], samples=self.board.samples(origin, to))
        elif self.card_moves[uid] + self.moves[uid] == limit + 1:
            audit.report(appendix(card), f"{uid} moves a {self.card_moves[uid] + self.moves[uid]}th area with "
                         f"{card.name}, which moves {limit}", where=to, units=[uid], excess=1)
        if side == "norwegian" and self.board.enemies_in(audit, to, side):
            audit.report(appendix(card), f"{uid} moves into {to}, which German battalions hold: Norway's "
                         f"{card.name} cannot move into combat or through enemies", where=to, units=[uid])
        return True

    def together(self, audit: Audit) -> None:
        """Rask forflytning: the battalions must move together to the same area."""
        for window in self.windows:
            if card_key(window.card.name) != "raskforflytning" or window.mode != "move":
                continue
            units = [u for u in (window.named or window.taken) if audit.position.on_map(u)]
            ends = {audit.position.loc(u) for u in units}
            if len(ends) > 1:
                audit.report(appendix(window.card), f"{' and '.join(units)} end {window.card.name} in "
                             f"{' and '.join(sorted(str(e) for e in ends))}: they move together to the same area",
                             where=audit.position.loc(units[-1]), units=units, entry=window.entry)

    def fly(self, audit: Audit, card: Card, uid: str, origin: str, to: str) -> None:
        """Transportfly: from an air field to an air field with a German battalion (2.3 and the card)."""
        fields = self.data.airfields()
        if origin not in fields or to not in fields or not self.board.held_by(audit, to, "german"):
            audit.report(rule("2.3"), f"{uid} flies with Transportfly from {origin} to {to}: it flies from an air "
                         "field to an air field Germany holds", where=to, units=[uid])
        if uid in self.moved_normally:
            audit.report(appendix(card), f"{uid} flies with Transportfly after its normal move this turn",
                         where=to, units=[uid])
        self.flown.add(uid)

    def coastal(self, audit: Audit, card: Card, uid: str, origin: str | None, to: str) -> None:
        """Kystevakuering: between land areas by Sea Zones III-VII, not into combat."""
        for area in (a for a in (origin, to) if a is not None):
            if self.board.area_kind(area) == "land" and not set(self.data.areas[area].sea_zones) & set(card.zones):
                audit.report(appendix(card), f"{uid} evacuated by {card.name} via {area}, which borders none of "
                             "Sea Zones III-VII", where=area, units=[uid], samples=self.board.samples(area))
        if self.board.enemies_in(audit, to, self.board.side(audit, uid)):
            audit.report(appendix(card), f"{uid} moves by {card.name} into {to}, where the enemy is: it may not "
                         "enter combat", where=to, units=[uid])

    def judge_place(self, audit: Audit, entry: Place) -> bool:
        """Judge a place a card makes (Fallskjermtropp, Transportfly, Kystevakuering); False if none does."""
        if self.board.klass(audit, entry.unit) not in ("land", "chip"):
            return False
        window = self.window_for(audit, entry.unit, ("place", "evacuate"))
        if window is None:
            return False
        card, key, uid, at = window.card, card_key(window.card.name), entry.unit, entry.at
        if key == "fallskjermtropp":
            held = self.board.airfields_held(audit)
            if self.board.area_kind(at) != "land" or not self.data.in_air_range(at, held):
                audit.report(rule("2.3"), f"Fallskjermtropp places {uid} in {at}, out of air range (air fields "
                             f"held: {', '.join(sorted(held)) or 'none'})", where=at, units=[uid],
                             samples=("the sample air range lines",))
            self.moves[uid] = max(self.moves[uid], 1)  # the placement counts as its move (Appendix)
            self.paratroopers.add(uid)
        elif key == "transportfly":
            if at not in self.data.airfields() or not self.board.held_by(audit, at, "german"):
                audit.report(appendix(card), f"Transportfly places {uid} in {at}: only on an air field where a "
                             "German battalion is", where=at, units=[uid])
            self.transported.add(uid)
        elif key == "kystevakuering":
            self.coastal(audit, card, uid, None, at)
        return True

    # -- dice

    def on_roll(self, audit: Audit, entry: Roll) -> None:
        bad = [die for die in entry.dice if not 1 <= die <= 6]
        if bad:
            audit.report(rule("2.1"), f"a {entry.purpose} roll of {', '.join(map(str, bad))}: the game's dice are "
                         "six-sided, 1-6", where=entry.zone)
        if entry.purpose == "land-combat":
            self.combat_dice(audit, entry)
            return
        card = self.data.card(entry.side, entry.purpose) if entry.side else None
        card = card or next((c for side in self.board.friends if (c := self.data.card(side, entry.purpose))), None)
        if card is None:
            return
        key = card_key(card.name)
        if card.zones and entry.zone is not None and entry.zone not in card.zones and \
                not any(card_key(c.name) == key and e.zone == entry.zone for c, e in self.played):
            audit.report(appendix(card), f"{card.name} rolled for in {entry.zone}: it may not be used there",
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

    def combat_dice(self, audit: Audit, entry: Roll) -> None:
        """4.2: combat dice from at most five battalions a side, halved across a fjord or lake for the
        attacker, plus any the side's cards add (those are not limited)."""
        zone, side, attacker = entry.zone, entry.side, self.board.attacker(audit)
        if zone is None or attacker is None or self.board.area_kind(zone) != "land":
            return
        # A roll that does not say whose it is (a log's roller sits on a side the record cannot name): the
        # attacker rolls first, then the defender (4.2 steps 4 and 5).
        attacking = side in self.board.friends[attacker] if side is not None else \
            not any(z == zone for z, _ in self.dice)
        sides = {attacker} if attacking else {s for s in self.board.friends if s not in self.board.friends[attacker]}
        units = self.board.battalions(audit, zone, sides)
        units += [u for u in self.fallen.get(zone, []) if self.board.side(audit, u) in sides
                  and self.board.klass(audit, u) in ("land", "chip")]
        across = [u for u in units if attacking and self.crossed.get(u, "none") != "none"]
        plain = self.board.strength(audit, [u for u in units if u not in across])
        from_battalions = min(self.board.limits["combat_dice_battalions"],
                              plain + self.board.strength(audit, across) // 2)
        from_cards = 0
        for card, played in self.played:
            if played.zone in (zone, None) and played.side in sides:  # a card that names no area: any combat
                use = played.use or ("attack" if attacking else "defense")
                from_cards += card.attack if use == "attack" else card.defense if use == "defense" else 0
        role = "attacker" if attacking else "defender"
        before = self.dice[(zone, role)]
        self.dice[(zone, role)] += len(entry.dice)
        allowed = from_battalions + from_cards
        if self.dice[(zone, role)] > allowed >= before:
            audit.report(rule("4.2"), f"the {role} ({'/'.join(sorted(sides))}) rolls {self.dice[(zone, role)]} combat "
                         f"dice in {zone}: {from_battalions} from battalions (five at most"
                         + (", halved across a fjord or lake" if across else "") + f") and {from_cards} from cards",
                         where=zone, units=units, excess=self.dice[(zone, role)] - allowed)

