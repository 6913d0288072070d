"""The end of a game of Kampen om Norge (kampen-om-norge.txt 1.3): "The game also ends the moment one of the
sides manage to defeat all enemy battalions on the board." The other end, Germany drawing its last card, and
the victory levels are not in a record (no deck, no result entry): not judged.
"""

from __future__ import annotations

from ...rules.engine import Audit
from .board import APRIL, rule
from .rules import KampenCheck, KampenRules

SIDES = {"Germany": ("german",), "Norway and the Allies": ("norwegian", "allied")}


class GameEnd(KampenCheck):
    """1.3: once every battalion of a side (Germany; Norway and the Allies together) is defeated, the game is
    over: no phase follows. Judged in a record that starts at the game's start with its whole set-up (3: the
    13 German and 9 Norwegian battalions; 7.0: Norway's 4 on 9 April); a record that starts later, or leaves
    set-up units out, may not show every battalion."""

    def __init__(self, rules: KampenRules):
        super().__init__(rules)
        self.whole: bool | None = None
        self.had: set[str] = set()  # sides that had battalions on the board
        self.over: str | None = None  # the side all of whose battalions were defeated
        self.reported = False

    def start_phase(self, audit: Audit) -> None:
        if self.whole is None:
            self.whole = self.whole_set_up(audit)
            self.had = {name for name, sides in SIDES.items() if self.whole and self.strength(audit, sides)}
        if self.over is not None and not self.reported:
            self.reported = True
            audit.report(rule("1.3"), f"{audit.position.turn} {audit.position.phase} is played after every battalion "
                         f"of {self.over} was defeated: the game ends the moment a side defeats all enemy battalions "
                         "on the board")

    def whole_set_up(self, audit: Audit) -> bool | None:
        """Did the record place the whole set-up? None until it can tell (9 April: once the initial phase is
        over)."""
        turn, phase = audit.position.turn, audit.position.phase
        if phase is None or (turn == APRIL and phase == "initial"):
            return None  # the set-up is still being placed
        placed = {side: self.strength(audit, (side,)) for side in ("german", "norwegian")}
        if turn == APRIL:
            return placed["norwegian"] >= self.limits["april_norwegian_set_up"]
        listed = {side: sum(line["battalions"] for line in self.data.toml["setup"] if line["side"] == side)
                  for side in placed}
        return turn == "Round 1" and all(placed[side] >= listed[side] for side in placed)

    def strength(self, audit: Audit, sides: tuple[str, ...]) -> int:
        """The battalions of these factions on the board's land areas."""
        return sum(audit.position.strength(u) for u in audit.units if audit.position.on_map(u)
                   and self.board.area_kind(audit.position.loc(u)) == "land"
                   and self.board.klass(audit, u) in ("land", "chip") and self.board.side(audit, u) in sides)

    def end_phase(self, audit: Audit) -> None:
        if not self.whole or self.over is not None:
            return
        for name, sides in SIDES.items():
            if self.strength(audit, sides):
                self.had.add(name)
            elif name in self.had and self.board.kind(audit) == "combat":
                self.over = name
