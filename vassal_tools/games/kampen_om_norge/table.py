"""The cards on the table in Kampen om Norge: the cards played this phase, and the hold a card just played
has on the moves or places that follow it (kampen-om-norge.txt Appendix).

A ``card`` entry names the card as printed (any spelling the text prints, :meth:`KampenData.card`);
its ``units`` are the battalions it moves or places. When it names none, the moves or places that
follow it at once (no other entry between) are the card's, up to the number it allows. Every card
check reads this one table, so a move is the card's or the battalion's own for all of them alike.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...rules.engine import Audit
from .board import KampenBoard
from .data import Card, card_key
from .entries import Card as CardEntry

DECK_USES = ("void", "discard")  # a card leaving a deck or hand unplayed (4.4, 6.1, 8.2)
# Cards that move the enemy's battalions (Appendix), by card_key: not those battalions' own move.
SENDERS = {"jagerfly", "veisperring", "sprengtbro"}


@dataclass
class Window:
    """A card's hold on the moves or places that follow it, or on the units it names."""

    card: Card
    entry: CardEntry
    mode: str  # move, place, or evacuate (in combat: one defeated battalion, a move or place)
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


class CardTable:
    """The cards played this phase (those the Appendix prints for the faction) and their windows."""

    def __init__(self, board: KampenBoard):
        self.board = board
        self.played: list[tuple[Card, CardEntry]] = []
        self.windows: list[Window] = []

    def clear(self) -> None:
        self.end_windows()
        self.played, self.windows = [], []

    def end_windows(self) -> None:
        for window in self.windows:
            window.open = False

    def play(self, audit: Audit, entry: CardEntry) -> Card | None:
        """Put a card entry on the table; the card when it is played for its action (not traded for its
        symbols, 4.3), else None."""
        self.end_windows()
        card = self.board.data.card(entry.side, entry.name)
        if card is None or entry.use in DECK_USES:  # a card voided or discarded is not played (.decks)
            return None  # a card the Appendix does not print for that faction: nothing to judge
        self.played.append((card, entry))
        if entry.use == "reinforcement":
            return None  # traded for its symbols (4.3): its action is disregarded
        if card_key(card.name) == "ingeniørkompani" and entry.use == "cancel":
            self.cancel_sabotage()
        self.open_window(audit, card, entry)
        return card

    def open_window(self, audit: Audit, card: Card, entry: CardEntry) -> None:
        """What the card takes hold of, whatever ``use`` the record gives it (a paratrooper's placement may
        be written as an attack, a road block as a cancel): moves, places, or in combat an evacuation."""
        key, kind, use = card_key(card.name), self.board.kind(audit), entry.use
        mode = None
        if key == "fallskjermtropp":
            mode = "place"
        elif key == "transportfly":
            mode = "place" if use == "place" or (use is None and kind == "reinforcement") else "move"
        elif key == "kystevakuering":
            mode = "evacuate" if kind == "combat" else "move"
        elif key in ("raskforflytning", "omdisponering") or (key in SENDERS and not (key == "jagerfly"
                                                                                      and use == "cancel")):
            mode = "move"
        if mode is None:
            return
        friends = self.board.friends
        sides = {s for s in friends if s not in friends[entry.side]} if key in SENDERS else {entry.side}
        if mode == "evacuate":
            card = Card(card.side, card.deck, card.name, card.aliases, 0, 0, card.group, 1, card.zones, card.source)
        self.windows.append(Window(card, entry, mode, sides, entry.units))

    def cancel_sabotage(self) -> None:
        """Appendix Ingeniørkompani: "Cancels a Veisperring (Roadblock) or Sprengt bro (Blown bridge) card": the
        last one played no longer sends battalions back, so a move back is the battalion's own (4.1)."""
        for window in reversed(self.windows):
            if card_key(window.card.name) in ("veisperring", "sprengtbro"):
                self.windows.remove(window)
                return

    def window_for(self, audit: Audit, uid: str, modes: tuple[str, ...]) -> Window | None:
        side = self.board.side(audit, uid)
        for window in reversed(self.windows):
            if window.mode in modes and window.takes(uid, side):
                return window
        return None
