"""The dice of Kampen om Norge (kampen-om-norge.txt 2.1, 4.2): every die a d6, and a land combat's dice."""

from __future__ import annotations

from collections import Counter

from ...record import Entry, Move, Roll
from ...rules.engine import Audit
from ...rules.findings import counted
from .board import rule
from .data import Card, card_key
from .entries import Card as CardEntry
from .rules import KampenCheck, KampenRules


class Dice(KampenCheck):
    """2.1: every die rolled reads 1-6."""

    def before(self, audit: Audit, entry: Entry) -> None:
        if not isinstance(entry, Roll):
            return
        bad = [die for die in entry.dice if not 1 <= die <= 6]
        if bad:
            audit.report(rule("2.1"), f"a {entry.purpose} roll of {', '.join(map(str, bad))}: the game's dice are "
                         "six-sided, 1-6", where=entry.zone)


class CombatDice(KampenCheck):
    """4.2: combat dice from at most five battalions a side, halved across a fjord or lake for the
    attacker, plus any the side's cards add (those are not limited)."""

    def __init__(self, rules: KampenRules):
        super().__init__(rules)
        self.crossed: dict[str, str] = {}  # attacker -> the crossing it attacked over, this turn
        self.dice: Counter[tuple[str, str]] = Counter()  # (area, attacker/defender) -> combat dice rolled

    def start_phase(self, audit: Audit) -> None:
        self.dice.clear()
        if self.board.kind(audit) == "movement":
            self.crossed.clear()

    def before(self, audit: Audit, entry: Entry) -> None:
        if isinstance(entry, Move) and self.rules.moving in ("march", "card"):
            self.note_move(audit, entry, str(audit.position.loc(entry.unit)))
        elif isinstance(entry, Roll) and entry.purpose == "land-combat":
            self.roll(audit, entry)

    def note_move(self, audit: Audit, entry: Move, origin: str) -> None:
        """Remember the crossing an attacker came over."""
        if self.board.enemies_in(audit, entry.to, self.board.side(audit, entry.unit)):
            self.crossed[entry.unit] = self.data.crossing(origin, entry.to) or "none"
        else:
            self.crossed.pop(entry.unit, None)

    def roll(self, audit: Audit, entry: Roll) -> None:
        zone, side, attacker, board = entry.zone, entry.side, self.board.attacker(audit), self.board
        if zone is None or attacker is None or board.area_kind(zone) != "land":
            return
        # A roll that does not say whose it is (a log's roller sits on a side the record cannot name): the
        # attacker rolls first, then the defender (4.2 steps 4 and 5).
        attacking = side in self.friends[attacker] if side is not None else not any(z == zone for z, _ in self.dice)
        sides = {attacker} if attacking else {s for s in self.friends if s not in self.friends[attacker]}
        units = board.battalions(audit, zone, sides)
        units += [u for u in self.rules.fallen.get(zone, []) if board.side(audit, u) in sides
                  and board.klass(audit, u) in ("land", "chip")]
        across = [u for u in units if attacking and self.crossed.get(u, "none") != "none"]
        plain = board.strength(audit, [u for u in units if u not in across])
        from_battalions = min(self.limits["combat_dice_battalions"], plain + board.strength(audit, across) // 2)
        from_cards = self.card_dice(zone, sides, attacking)
        role = "attacker" if attacking else "defender"
        before = self.dice[(zone, role)]
        self.dice[(zone, role)] += len(entry.dice)
        allowed = from_battalions + from_cards
        if self.dice[(zone, role)] > allowed >= before:
            audit.report(rule("4.2"), f"the {role} ({'/'.join(sorted(sides))}) rolls "
                         f"{counted(self.dice[(zone, role)], 'combat die', 'combat dice')} in {zone}: {from_battalions} from battalions (five at most"
                         + (", halved across a fjord or lake" if across else "") + f") and {from_cards} from cards",
                         where=zone, units=units, excess=self.dice[(zone, role)] - allowed, case="dice")

    def card_dice(self, zone: str, sides: set[str], attacking: bool) -> int:
        """The dice the side's cards in this combat add (a card that names no area: any combat); a card
        another cancelled adds none (Appendix: "Cancels a Bombefly card", ...)."""
        dice = 0
        here = [(card, played) for card, played in self.rules.table.played if played.zone in (zone, None)]
        cancelled = cancelled_cards(here)
        for index, (card, played) in enumerate(here):
            if played.side in sides and index not in cancelled:
                use = played.use or ("attack" if attacking else "defense")
                dice += card.attack if use == "attack" else card.defense if use == "defense" else 0
        return dice


# Appendix: what each card cancels when played to cancel (by card_key). Jagerfly "Cancels a Bombefly
# card", Jagerbomber "Cancels a Jagerfly card" (and its own dice "may not be canceled by Jagerfly"),
# Panservernkanon "Cancels a Panzer card", Speidertropp "Cancels a Bakhold card", Ingeniørkompani
# "Cancels a Veisperring or Sprengt bro card".
CANCELS = {"jagerfly": ("bombefly",), "jagerbomber": ("jagerfly",), "panservernkanon": ("panzer",),
           "speidertropp": ("bakhold",), "ingeniørkompani": ("veisperring", "sprengtbro")}


def cancelled_cards(played: list[tuple[Card, CardEntry]]) -> set[int]:
    """The indexes of the cards another card cancelled, in play order: a cancel takes the latest card
    of the enemy it cancels not yet cancelled; cancelling a canceller (Jagerbomber against Jagerfly)
    restores what that one cancelled."""
    cancelled: dict[int, int | None] = {}  # cancelled card -> the card that cancelled it
    took: dict[int, int] = {}  # canceller -> the card it cancelled
    for index, (card, entry) in enumerate(played):
        targets = CANCELS.get(card_key(card.name), ())
        # A use left out is the cancel when the card adds no dice of its own (Jagerfly).
        if not targets or (entry.use != "cancel" and not (entry.use is None and not card.attack and not card.defense)):
            continue
        for earlier in range(index - 1, -1, -1):
            other, other_entry = played[earlier]
            if card_key(other.name) in targets and other_entry.side != entry.side and earlier not in cancelled:
                cancelled[earlier] = index
                took[index] = earlier
                if earlier in took:  # a cancelled canceller's card counts again
                    cancelled.pop(took.pop(earlier), None)
                break
    return set(cancelled)
