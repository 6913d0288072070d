"""Reinforcement symbols (kampen-om-norge.txt 4.3): 3 symbols make one new battalion; Germany gets one
free battalion every round (7.3: on 9 April too), the Allies their six in their first turn (3).

Judged for a faction's player turn (its movement phase, where Invasjon places reinforcements, to the end
of its reinforcement phase; on 9 April the one reinforcement phase) only when the record shows the cards
traded with their symbols: a record that leaves cards out, or one card's symbols, says too little.
"""

from __future__ import annotations

from collections import Counter

from ...record import Entry, Move, Place
from ...rules.engine import Audit
from .board import APRIL, rule
from .entries import Card
from .rules import KampenCheck, KampenRules


class ReinforcementSymbols(KampenCheck):
    """4.3: a turn's reinforcements are 1 for every 3 symbols traded (Germany 1 free a round, the Allies
    their opening six); the symbols traded and reinforcements placed this player turn, by faction."""

    def __init__(self, rules: KampenRules):
        super().__init__(rules)
        self.per_battalion = self.limits["reinforcement_symbols"]
        self.traded: Counter[str] = Counter()
        self.unknown: set[str] = set()
        self.placed: Counter[str] = Counter()
        self.last: dict[str, Place] = {}
        self.recalled: set[str] = set()  # the raiders were called back this turn (7.2)

    def start_phase(self, audit: Audit) -> None:
        if self.board.kind(audit) == "movement":
            self.reset()

    def end_phase(self, audit: Audit) -> None:
        if self.board.kind(audit) == "reinforcement":
            self.judge(audit)

    def before(self, audit: Audit, entry: Entry) -> None:
        if isinstance(entry, Card):
            self.card(entry)
        elif isinstance(entry, Move) and entry.unit in audit.units and audit.position.phase == "german-movement" \
                and self.board.area_kind(audit.position.loc(entry.unit)) == "box" and "german" not in self.recalled \
                and self.traded.get("german", 0) >= self.limits["raid_recall_symbols"]:
            self.recalled.add("german")  # 7.2: the 6 symbols that call the raiders back bring no battalion
            self.traded["german"] -= self.limits["raid_recall_symbols"]
        elif isinstance(entry, Place) and self.acquired(entry):
            self.place(audit.units[entry.unit].side, audit.position.strength(entry.unit), entry)

    def acquired(self, entry: Place) -> bool:
        """A reinforcement, one Invasjon places, or one a Transportfly carries: acquired with symbols all the
        same (Appendix Transportfly)."""
        placing = self.rules.placing
        return placing in ("reinforcement", "invasjon") or (placing == "card" and entry.unit in self.rules.transported)

    def reset(self) -> None:
        self.recalled.clear()
        self.traded.clear()
        self.unknown.clear()
        self.placed.clear()
        self.last.clear()

    def card(self, entry: Card) -> None:
        if entry.use != "reinforcement" and entry.symbols is None:
            return
        if entry.symbols is None:
            self.unknown.add(entry.side)
        else:
            self.traded[entry.side] += entry.symbols

    def place(self, side: str, battalions: int, entry: Place) -> None:
        self.placed[side] += battalions
        self.last[side] = entry

    def judge(self, audit: Audit) -> None:
        for side in sorted(self.placed):
            if side not in self.traded or side in self.unknown:
                continue
            free = 1 if side == "german" else 6 if side == "allied" and audit.position.turn == "Round 1" else 0
            allowed = self.traded[side] // self.per_battalion + free
            if self.placed[side] > allowed:
                audit.report(rule("4.3"), f"{side} places {self.placed[side]} reinforcement battalions for "
                             f"{self.traded[side]} reinforcement symbols"
                             + (f" and {free} free" if free else "") + f": {allowed} at most (3 symbols a battalion)",
                             where=self.last[side].at, entry=self.last[side], excess=self.placed[side] - allowed,
                             case="symbols")
        if audit.position.turn == APRIL:
            self.reset()
