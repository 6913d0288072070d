"""The card decks of Kampen om Norge as a record shows them (kampen-om-norge.txt 4.4, 5.1, 6.1, 7.2, 8.2): cards
voided from a deck, and the discard of a faction that used no card.

Between two of its draws a faction plays no more cards than its hand holds (5, 3, 3; on 9 April the 9. April
cards it kept). A record shows a voided card as a ``card`` entry with ``"use": "void"`` (the deck's faction as ``side``) and a
discard with ``"use": "discard"``. Hands and the order of the decks are not in a record: the hand sizes
(2.4), the draws (4.4) and a deck running out (1.3, 2.4, 5.2) are not judged. Too many voids or discards are
always a finding; too few only in a record that writes voids (or discards) at all, since a log that does
not show the decks says nothing of them.
"""

from __future__ import annotations

from collections import Counter

from ...record import Entry, Move, Place, Remove
from ...rules.engine import Audit
from ...rules.position import UnitState
from .board import APRIL, rule
from .entries import Card as CardEntry
from .rules import KampenCheck, KampenRules

EGERSUND = "Egersund"


def writes(audit: Audit, use: str) -> bool:
    """Does the record write cards of this use at all?"""
    return any(isinstance(e, CardEntry) and e.use == use for e in audit.record.entries)


class CardVoids(KampenCheck):
    """6.1, 8.2: "For every slagskip (battleship) or hangarskip (aircraft carrier) that has been sunk, the
    owner must void 2 action cards from his card deck. For every tung krysser (heavy cruiser) or minder skip
    (light warships) sunk he must void one"; the Allies "may choose whether German action cards should be
    voided or not" (6.1), so German voids are at most that. 7.2: each raiding German battleship voids two
    Allied cards, each heavy cruiser one. 5.1: Germany occupying Egersund in the 9. April turn voids one."""

    def __init__(self, rules: KampenRules):
        super().__init__(rules)
        self.table = self.data.toml["voided"]
        self.due: Counter[str] = Counter()  # cards a deck must lose
        self.may: Counter[str] = Counter()  # cards a deck may lose (German cards for German ships sunk)
        self.voided: Counter[str] = Counter()
        self.egersund = False  # a German battalion in Egersund during the 9. April turn (5.1)
        self.turn: str | None = None
        self.written: bool | None = None
        self.last: Entry | None = None

    def start_phase(self, audit: Audit) -> None:
        if self.turn == APRIL and audit.position.turn != APRIL and self.egersund:
            self.egersund = False
            self.due["allied"] += self.table["egersund"]
            self.judge(audit)
        self.turn = audit.position.turn

    def end_phase(self, audit: Audit) -> None:
        if self.board.kind(audit) == "new-cards" and (audit.position.turn == APRIL or self.board.faction(audit)
                                                      == "allied"):
            if audit.position.turn == APRIL and self.egersund:
                self.egersund = False
                self.due["allied"] += self.table["egersund"]
            self.judge(audit)

    def before(self, audit: Audit, entry: Entry) -> None:
        if isinstance(entry, CardEntry) and entry.use == "void":
            self.voided[entry.side] += 1
            self.last = entry
        elif isinstance(entry, Remove) and entry.unit in audit.units and self.board.kind(audit) == "combat" \
                and self.board.klass(audit, entry.unit) == "naval":
            side, cards = self.board.side(audit, entry.unit), self.table["sunk"].get(self.board.ship_type(audit,
                                                                                                        entry.unit), 0)
            (self.may if side == "german" else self.due)[side] += cards
        elif isinstance(entry, Move) and entry.unit in audit.units and self.board.area_kind(entry.to) == "box" \
                and audit.position.turn == APRIL and self.board.side(audit, entry.unit) == "german":
            self.due["allied"] += self.table["raid"].get(self.board.ship_type(audit, entry.unit), 0)

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if isinstance(entry, (Move, Place)) and audit.position.turn == APRIL and entry.unit in audit.units \
                and audit.position.loc(entry.unit) == EGERSUND and self.board.side(audit, entry.unit) == "german" \
                and self.board.klass(audit, entry.unit) in ("land", "chip"):
            self.egersund = True

    def judge(self, audit: Audit) -> None:
        if self.written is None:
            self.written = writes(audit, "void")
        for side in sorted(set(self.due) | set(self.may) | set(self.voided)):
            due, most, done = self.due[side], self.due[side] + self.may[side], self.voided[side]
            if done > most or (self.written and done < due):
                audit.report(rule("8.2"), f"{done} {side} card{'s' * (done != 1)} voided for {due} due"
                             + (f" (up to {most}: the Allies may spare German cards, 6.1)" if most > due else "")
                             + ": ships sunk void 2 (battleship, aircraft carrier) or 1 (heavy cruiser, light "
                             "warships); raiders 2 or 1 Allied cards (7.2); Egersund on 9 April one (5.1)",
                             entry=self.last, excess=done - most if done > most else None, case="void")
            self.due[side] = self.may[side] = self.voided[side] = 0


class Discards(KampenCheck):
    """4.4: "If the German or Allied player has used no action cards this round, they must discard one card
    from their hand in their New Cards Phase and draw a new action card from their card deck"."""

    def __init__(self, rules: KampenRules):
        super().__init__(rules)
        self.used: Counter[str] = Counter()  # cards a faction played since its last New Cards Phase
        self.discarded: Counter[str] = Counter()
        self.counting: set[str] = set()  # factions whose round the record shows from its start
        self.written: bool | None = None

    def start_phase(self, audit: Audit) -> None:
        if self.written is None:
            self.written = writes(audit, "discard")
            if audit.position.turn == "Round 1" and audit.position.phase in (None, "german-movement") \
                    or audit.position.turn == APRIL:
                self.counting = {"german", "allied"}

    def before(self, audit: Audit, entry: Entry) -> None:
        if not isinstance(entry, CardEntry) or entry.use == "void" or audit.position.turn == APRIL:
            return
        if entry.use != "discard":
            self.used[entry.side] += 1
            return
        self.discarded[entry.side] += 1
        if entry.side not in ("german", "allied") or self.board.faction(audit) != entry.side \
                or self.board.kind(audit) != "new-cards":
            audit.report(rule("4.4"), f"{entry.side} discards {entry.name} in the {audit.position.phase} phase: the "
                         "German or Allied player discards in its own New Cards Phase", where=entry.zone)

    def end_phase(self, audit: Audit) -> None:
        side = self.board.faction(audit)
        if self.board.kind(audit) != "new-cards" or side not in ("german", "allied") or audit.position.turn == APRIL:
            return
        used, discarded = self.used[side], self.discarded[side]
        problem = None
        if used and discarded:
            problem = f"a discard after using {used} card{'s' * (used > 1)} this round"
        elif discarded > 1:
            problem = f"{discarded} discards: one card"
        elif side in self.counting and self.written and not used and not discarded:
            problem = "no card used this round and none discarded"
        if problem:
            audit.report(rule("4.4"), f"{side} new cards: {problem}; a player who used no action card this round "
                         "discards one", case="discard")
        self.used[side] = self.discarded[side] = 0
        self.counting.add(side)


class HandSize(KampenCheck):
    """2.4: Germany "may have up to 5 action cards on his hand", Norway and the Allies "up to 3", and each draws
    only in its own New Cards Phase (4.4: "A player may only draw action cards on his own turn"); 7.0: on
    9 April Germany keeps 5 of its 9. April cards, Norway and the Allies 3. So between two of its New Cards
    Phases a faction plays, trades or discards no more cards than that (from the record's start too: a hand
    never holds more)."""

    def __init__(self, rules: KampenRules):
        super().__init__(rules)
        self.hand = self.limits["hand"]
        self.used: Counter[str] = Counter()

    def before(self, audit: Audit, entry: Entry) -> None:
        if not isinstance(entry, CardEntry) or entry.use == "void" or entry.side not in self.hand:
            return
        self.used[entry.side] += 1
        if self.used[entry.side] == self.hand[entry.side] + 1:
            audit.report(rule("2.4"), f"{entry.side} plays its {self.used[entry.side]}th card since it last drew: its "
                         f"hand holds {self.hand[entry.side]}, filled only in its own New Cards Phase",
                         where=entry.zone, excess=1, case="hand")

    def end_phase(self, audit: Audit) -> None:
        if self.board.kind(audit) != "new-cards":
            return
        for side in ([self.board.faction(audit)] if audit.position.turn != APRIL else list(self.hand)):
            if side is not None:
                self.used[side] = 0
